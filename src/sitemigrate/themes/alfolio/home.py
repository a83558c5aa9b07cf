"""al-folio reader: what the about page's own layout shows of the site's news; the
headings a page shows from the config."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...ir import Origin, Page, Setting, Site, plain
from ...jekyll.branches import layout_of
from ...jekyll.layouts import named_chain, source_layout, switch_block
from ...jekyll.liquid import shown_liquid
from ...report import Report


def news_by_layout(page: Page, data: dict[str, Any], config: dict[str, Any],
                   layout: str | None) -> None:
    """The about page's news list as its own layout (``layout``: its text) decides it. A
    layout that tests `page.news` (2020-24) shows the list when the page's `news` is set
    (anything but nil and false, as Liquid reads it) and, when it also tests
    `site.announcements.enabled` (2023-24), the config's switch is on too; the list then
    takes its `limit` and `scrollable` from the config's `announcements`. The page's own
    `announcements:` block is read by none of these layouts: it shows nothing there. A
    layout that tests `page.announcements` (2025+), or that SRC does not have, leaves the
    page's switches as read. A switch the layout tests only inside an HTML comment
    (`<!-- {% if page.news %}...{% endif %} -->`, also `page.social`) shows nothing there:
    Liquid runs, the browser shows none of it."""
    shown = shown_liquid(layout or "")
    for key in ("news", "social"):
        if re.search(rf"\bpage\.{key}\b", layout or "") \
                and not re.search(rf"\bpage\.{key}\b", shown):
            setattr(page.features, key, {"enabled": False} if key == "news" else False)
    if layout is None or re.search(r"\bpage\.announcements\b", layout) \
            or not re.search(r"\bpage\.news\b", shown):
        return
    value = data.get("news")
    news: dict[str, Any] = ({str(k): plain(v) for k, v in value.items()}
                            if isinstance(value, dict) else {})
    news["enabled"] = value is not None and value is not False
    if re.search(r"\bsite\.announcements\.enabled\b", layout):
        switch = config.get("announcements")
        settings = switch if isinstance(switch, dict) else {}
        news["enabled"] = news["enabled"] and settings.get("enabled") not in (None, False)
        news.update({str(k): plain(v) for k, v in settings.items()
                     if k in ("limit", "scrollable")})
    page.features.news, page.features.news_key = news, "news"


_NEWS = re.compile(r"\bpage\.(?:news|announcements)\b|\{%-?\s*include\s+news\b")
_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]\s*>", re.S | re.I)
_TAGS = re.compile(r"<[^>]*>|\{\{.*?\}\}|\{%.*?%\}", re.S)


def about_news(page: Page, data: dict[str, Any], site: Site, layout: str,
               report: Report) -> None:
    """The about page's news list as its layouts decide it (:func:`news_by_layout`, by its
    own layout's text); and where every layout it is laid into is SRC's own and none reads
    the page's `news` or `announcements` or includes a news list (an owner's about layout
    of a picture and the text only), the page shows no news, whatever its switch says."""
    chain, complete = named_chain(Path(site.source), layout, report) \
        if site.source and layout else ([], False)
    news_by_layout(page, data, site.config_extra, chain[0][1] if chain else None)
    if complete and chain and page.features.news \
            and not any(_NEWS.search(shown_liquid(text)) for _, text in chain):
        page.features.news = {**page.features.news, "enabled": False}


_SECTIONS = {"news": re.compile(r"\bpage\.(?:news|announcements)\b"),
             "latest_posts": re.compile(r"\blatest_posts\b"),
             "selected_papers": re.compile(r"\bpage\.selected_papers\b")}


def about_order(page: Page, site: Site, layout: str, report: Report) -> None:
    """The order in which the page's about layout (the first of its layouts that tests any
    of them) shows its news, latest posts and selected papers under the page's text."""
    chain, _ = named_chain(Path(site.source), layout, report) \
        if site.source and layout else ([], False)
    for _, text in chain:
        shown = shown_liquid(text)
        found = {key: m.start() for key, pattern in _SECTIONS.items()
                 if (m := pattern.search(shown))}
        if found:
            page.features.sections_order = sorted(found, key=found.__getitem__)
            return


def selected_heading(page: Page, site: Site, layout: str, report: Report) -> None:
    """The heading the page's layouts show in their `{% if page.selected_papers %}` block,
    above the list of selected papers, where its words are the owner's and not the
    template's own (:meth:`~...template_files.Templates.writes`): that list's heading."""
    from ...template_files import templates
    from . import THEME
    chain, _ = named_chain(Path(site.source), layout, report) \
        if site.source and layout else ([], False)
    block = next((b for _, text in chain if (b := switch_block(text, "selected_papers"))), "")
    found = _HEADING.search(shown_liquid(block))
    words = " ".join(_TAGS.sub(" ", found[1]).split()) if found else ""
    if found and words and not templates(THEME).writes(found[0]):
        page.features.selected_heading = words


def blog_heading(site: Site, src: Path, config: dict[str, Any], layouts: dict[str, str],
                 report: Report) -> None:
    """The heading and the line under it that a page shows from the config (al-folio's blog
    page prints `{{ site.blog_name }}` and `{{ site.blog_description }}` atop its posts: in
    its stock listing, or in the layout it names, ``layouts`` by page), as that page's
    ``heading`` and ``subtitle``, each noted in ``settings.page_headings``. A value of a
    template checkout (the template's own wording) is not the owner's: left."""
    from ...template_files import is_template_setting
    from . import THEME
    # in a page's text, only where the theme's stock listing shows it (the target's listing
    # takes that part's place; Liquid of the owner's elsewhere keeps reading the config)
    stock = THEME.vocabulary.get("listings", {}).get("blog", {}).get("match", [])
    for page in site.pages:
        name = layouts.get(page.path)
        shows = "".join(m[0] for pattern in stock for m in re.finditer(pattern, page.body, re.S))
        shows += (source_layout(src, name, report) or "") if name else ""
        for key, feat in (("blog_name", "heading"), ("blog_description", "subtitle")):
            value = config.get(key)
            if not re.search(rf"\{{\{{-?\s*site\.{key}\s*-?\}}\}}", shows) \
                    or not isinstance(value, (str, int, float)) or not str(value).strip() \
                    or is_template_setting(THEME, key, value) or getattr(page.features, feat):
                continue
            setattr(page.features, feat, str(value).strip())
            site.settings.page_headings.append(Setting(str(value).strip(), key,
                                                       Origin(page.path, 1)))


def blog_by_listing(site: Site) -> None:
    """The blog page of a site none of whose pages is at the blog's address (`/blog/`): the
    page that holds the theme's stock blog listing (an owner who moved the template's blog
    page to `/Blog/` or `/posts/`), the first of them in reading order, at its own address.
    Its listing is the posts list the target's blog page shows in its place."""
    from . import THEME
    if site.page("blog") is not None:
        return
    stock = THEME.vocabulary.get("listings", {}).get("blog", {}).get("match", [])
    for page in site.pages:
        if page.role == "other" and any(re.search(p, page.body, re.S) for p in stock):
            page.role = "blog"
            return


def site_latest_posts(about: Page, src: Path, config: dict, layout: str,
                       report: Report) -> None:
    """The about page's latest posts where its layout switches them in `_config.yml`
    (`{% if site.latest_posts.enabled %}`, the 2023-24 templates) rather than in the page's
    front matter: the config's `latest_posts` is what the page shows. Without the layout in
    SRC, the config's value stands where the page sets none; a layout that reads neither
    shows no latest posts."""
    text_of = source_layout(src, layout, report) if layout else None
    if text_of is not None and not re.search(r"\bsite\.latest_posts\b", text_of):
        if "latest_posts" not in text_of:
            about.features.latest_posts = None
        return  # the page's own switch decides
    if text_of is None and about.features.latest_posts is not None:
        return
    value = config.get("latest_posts")
    if isinstance(value, dict):
        about.features.latest_posts = {str(k): plain(v) for k, v in value.items()}
    elif text_of is not None or isinstance(value, bool):
        about.features.latest_posts = {"enabled": value is True}


def laid_in_about(src: Path, name: str) -> bool:
    """Whether Jekyll lays a page whose layout is ``name`` (its own ``layout``, else the one
    `_config.yml`'s ``defaults`` give it: :func:`~...jekyll.branches.layout_of`) into the
    about layout: ``name``, or a layout of SRC's `_layouts` that this one names in its front
    matter, and so on up the chain, is ``about``. A layout SRC does not have ends the chain
    (the theme's gem, or none)."""
    seen: set[str] = set()
    while name and name not in seen:
        if name == "about":
            return True
        seen.add(name)
        found = source_layout(src, name) if src.parts else None
        if found is None:
            return False
        name = layout_of(found, {}, "")
    return False
