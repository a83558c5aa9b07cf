"""al-folio reader: the blog's menu entry of a header that shows it by a config key (2020-23:
`blog_nav_title`), not by a page's `nav: true`. The site's own header include decides
whether and where it shows it; a site without one shows what its generation's does."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

from ...ir import NavItem, Page, Site
from ...jekyll.site import text
from ...textio import read_text
from . import THEME


def _header(src: Path) -> str | None:
    """SRC's header include (the first of the rule's names it has), or None."""
    for name in THEME.vocabulary["blog_menu"]["includes"]:
        path = src / "_includes" / name
        if path.is_file():
            found = read_text(path, f"_includes/{name}", None, root=src)
            return None if found is None else str(found)
    return None


def _url(page: Page) -> str:
    """The address Jekyll gives the page: its permalink, else an index file's folder."""
    rel = PurePosixPath(page.path)
    if page.permalink:
        return page.permalink
    return f"/{rel.parent.as_posix()}/" if rel.stem == "index" and rel.parent.name else ""


def add_blog_entry(site: Site, src: Path, config: dict[str, Any]) -> None:
    """The header's blog entry in ``site.navigation``: labelled with the config key, linking
    the blog page (which becomes the blog's page: role `blog`, its address as permalink),
    after the home entry or, where the site's header shows it after the pages, at the end."""
    rule = THEME.vocabulary["blog_menu"]
    label = text(config.get(rule["config_key"])).strip()
    header = _header(src)
    if not label or (header is None and site.generation not in rule["generations"]):
        return
    shown = re.compile(rf"\{{\{{-?\s*site\.{re.escape(rule['config_key'])}\b")
    hit = shown.search(header) if header is not None else None
    if header is not None and hit is None:
        return  # the site's header does not show it
    at = hit.start() if hit else 0
    loop = re.search(rule["pages_loop"], header) if header is not None else None
    url = rule["url"]
    if any(n.url.rstrip("/") == url.rstrip("/") for n in site.navigation):
        return
    for page in site.pages:
        if _url(page).rstrip("/") == url.rstrip("/"):
            page.permalink, page.role = _url(page), "blog"
    entry = NavItem(label, url)
    if loop is not None and loop.start() < at:
        site.navigation.append(entry)
    else:
        home = 1 if site.navigation and site.navigation[0].url == "/" else 0
        site.navigation.insert(home, entry)
