"""A site in several languages (jekyll-polyglot) read for a target without it: each page and
document at the address its language's build served it at.

jekyll-polyglot builds the site once per language (:mod:`.polyglot`): a page or document of
a language ``L`` other than the default is served under ``/L`` (`_pages/fr/about.md` with
`permalink: /` is the French home page, `/fr/`). Neither target theme runs jekyll-polyglot:
each page is written as an ordinary page at that address, so no address is lost and no
language overwrites another. An item (news, project, ...) of another language is an item of
its collection as in any site, listed with the default language's, when the default
language's build listed it too (it has no version in the default language); a version of a
default-language item in another language (its address but for the language segment:
`_projects/fr/x.md` beside `_projects/x.md`) was listed only by that language's pages, so it
becomes a page of its own at its address, never merged into the other one nor added to the
default language's lists. The URL ledger (:mod:`.urls`) knows every address each language's
build served, and forwards the old ones the target serves elsewhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..ir import Item, NavItem, Origin, Page, Site
from ..report import Report
from ..textio import read_source
from .polyglot import Languages
from .urls import address_of


def default_first(pages: list[Page], config: Any) -> list[Page]:
    """The pages of a jekyll-polyglot site, the default language's first, so that a role the
    site has once (its home page, its CV) is the default language's page. A page of another
    language is no home page of the whole site (`_pages/fr/about.md` is the French one): it
    stays a page of its own. Pages of a site in one language are returned as they are."""
    langs = Languages.of(config)
    if langs is None:
        return pages
    for page in pages:
        if page.role == "about" and not _default(langs, page):
            page.role = "other"
    return sorted(pages, key=lambda p: not _default(langs, p))


def localize_pages(pages: list[Page], config: Any) -> None:
    """Each page of a jekyll-polyglot site in a language other than the default at the
    address its language's build served it at (`permalink: /` of `_pages/fr/about.md` is
    `/fr/`). Called once the pages are read as the source theme reads them (its furniture
    is known by its own address: `_pages/fr/404.md` is a 404 page too)."""
    langs = Languages.of(config)
    if langs is None:
        return
    for page in pages:
        if not _default(langs, page) and page.permalink and "://" not in page.permalink:
            page.permalink = langs.address(page.permalink, langs.language(
                page.path, page.extra.get("lang")))


def translations_as_pages(site: Site, config: Any, report: Report) -> None:
    """Each item that is another language's version of a default-language item of its
    collection (jekyll-polyglot's coordination) taken out of the collection and made a page
    of its own at the address its language's build served it at (see the module's text)."""
    langs = Languages.of(config)
    if langs is None or not site.source:
        return
    kinds = [site.news, site.projects, site.teaching, site.talks, site.posts,
             *site.collections.values()]
    taken = {p.path for p in site.pages}
    for items in kinds:
        urls = {id(i): _url(i, Path(site.source), config, report) for i in items}
        default = {langs.strip(u) for i in items if (u := urls[id(i)])
                   and langs.language(i.path, i.extra.get("lang")) == langs.default}
        for item in list(items):
            lang = langs.language(item.path, item.extra.get("lang"))
            url = urls[id(item)]
            if lang == langs.default or not url or langs.strip(url) not in default:
                continue
            path = f"_pages/{item.path.lstrip('_')}"
            if path in taken:
                continue
            items.remove(item)
            taken.add(path)
            site.pages.append(Page(path=path, title=item.title or item.slug,
                                   permalink=langs.address(url, lang), body=item.body,
                                   newline=item.newline, origin=item.origin or Origin(item.path)))
            report.mapped("translation", f"`{item.path}` is the `{lang}` version of an item "
                          f"of the default language (`{langs.default}`), listed only by the "
                          f"`{lang}` pages: it is a page of its own at its address "
                          f"`{langs.address(url, lang)}`, not an item of the one list the "
                          "converted site has.", item.origin or item.path)


def _url(item: Item, src: Path, config: Any, report: Report) -> str:
    """The Jekyll URL of a collection's document (empty when it has none)."""
    data = read_source(src / item.path, item.path, report, root=src)
    text = data.decode("utf-8", "replace") if data is not None else ""
    return address_of(item.path, ({item.path: text}, config)) or ""


def _default(langs: Languages, page: Page) -> bool:
    return langs.language(page.path, page.extra.get("lang")) == langs.default


def language_menu(pages: list[Page], menu: list[NavItem], config: Any) -> list[NavItem]:
    """The menu of a jekyll-polyglot site as one menu can hold it: the default language's
    entries (each language's build shows its own pages' entries), then one entry per other
    language that has a home page, leading to it (`fr` → `/fr/`), as the site's language
    switch did. A site in one language keeps ``menu``."""
    langs = Languages.of(config)
    if langs is None:
        return menu
    other = {p.permalink for p in pages
             if langs.language(p.path, p.extra.get("lang")) != langs.default}
    kept = [n for n in menu if n.url not in other]
    homes = {p.permalink for p in pages}
    return kept + [NavItem(code, f"/{code}/") for code in langs.languages
                   if code != langs.default and f"/{code}/" in homes]
