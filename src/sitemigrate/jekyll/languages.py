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

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..ir import Item, NavItem, Origin, Page, Site
from ..report import Report
from ..textio import read_text, split_document
from .polyglot import Languages
from .urls import served_by


def default_first(pages: list[Page], config: Any) -> list[Page]:
    """The pages of a jekyll-polyglot site, the default language's first, so that a role the
    site has once (its home page, its CV) is the default language's page. A page of another
    language is no home page of the whole site (`_pages/fr/about.md` is the French one): it
    stays a page of its own. Pages of a site in one language are returned as they are."""
    langs = Languages.of(config)
    if langs is None:
        return _one_home_page(pages)
    for page in pages:
        if page.role == "about" and not _default(langs, page):
            page.role = "other"
    return sorted(pages, key=lambda p: not _default(langs, p))


def _one_home_page(pages: list[Page]) -> list[Page]:
    """A site has one home page: the page served at its root. Another page shown with the
    about layout at an address of its own (`_pages/about_fr.md` with `permalink: /fr/`, a
    translated home page kept without jekyll-polyglot) is a page of its own at that
    address, not a second home page that would take the root's place."""
    if any(p.role == "about" and _at_root(p) for p in pages):
        for page in pages:
            if page.role == "about" and not _at_root(page):
                page.role = "other"
    return pages


def _at_root(page: Page) -> bool:
    return (page.permalink or "/").split("index.html")[0] in ("/", "")


def as_built(body: str, path: str, lang: Any, config: Any) -> str:
    """The text of the page at ``path`` (front-matter `lang`) as its language's build
    rendered it, for a target without jekyll-polyglot: `site.active_lang` (and each name of
    `lang_vars`) was that build's language, and is written as that name in quotes. DEST has
    no such variable: there `where: "lang", site.active_lang` would list only the items
    without a `lang:`, and `site.data[site.active_lang]` would read nothing. A page of a
    language the site is not built in was the default build's."""
    langs = Languages.of(config)
    if langs is None or "site." not in body:
        return body
    code = langs.language(path, lang)
    code = code if langs.built(code) else langs.default
    names = ["active_lang", *(v for v in (config.get("lang_vars") or [])
                              if isinstance(v, str) and re.fullmatch(r"\w+", v))]
    pattern = rf"\bsite\.(?:{'|'.join(map(re.escape, names))})\b(?![\w-])"
    return re.sub(pattern, f'"{code}"', body)


def localize_pages(pages: list[Page], config: Any) -> None:
    """Each page of a jekyll-polyglot site in a language other than the default at the
    address its language's build served it at (`permalink: /` of `_pages/fr/about.md` is
    `/fr/`), and none of them an entry of the one menu (:func:`language_menu`). Called once
    the pages are read as the source theme reads them (its furniture is known by its own
    address: `_pages/fr/404.md` is a 404 page too)."""
    langs = Languages.of(config)
    if langs is None:
        return
    for page in pages:
        page.body = as_built(page.body, page.path, page.extra.get("lang"), config)
        if _default(langs, page):
            continue
        page.nav = False  # each language's build showed its own menu: see language_menu
        if page.permalink and "://" not in page.permalink:
            page.permalink = langs.address(page.permalink, langs.language(
                page.path, page.extra.get("lang")))


def other_languages(site: Site) -> frozenset[str]:
    """The pages of ``site`` (read from a jekyll-polyglot site) in a language other than the
    default: their address and menu entry are the converter's (:func:`localize_pages`)."""
    langs = Languages.of(site.config_extra)
    return frozenset(p.path for p in site.pages if langs and not _default(langs, p))


def translations_as_pages(site: Site, config: Any, report: Report,
                          example: Callable[[str], bool] | None = None) -> None:
    """Each item that is another language's version of a default-language item of its
    collection (jekyll-polyglot's coordination) taken out of the collection and made a page
    of its own at the address its language's build served it at (see the module's text).
    The version of an item that is the template's example content (``example``, of its
    file), such as a translated example announcement, is the template's too: taken out,
    and no page (reported as ``template-content``)."""
    langs = Languages.of(config)
    if langs is None or not site.source:
        return
    kinds = [site.news, site.projects, site.teaching, site.talks, site.posts,
             *site.collections.values()]
    taken = {p.path for p in site.pages}
    for items in kinds:
        texts = {id(i): read_text(Path(site.source) / i.path, i.path, None, Path(site.source))
                 for i in items}
        served = {id(i): served_by(i.path, ({i.path: t.text}, config))
                  if (t := texts[id(i)]) is not None else [] for i in items}
        urls = {id(i): w[0].url if (w := served[id(i)]) else "" for i in items}
        default = {langs.strip(u): i.path for i in items if (u := urls[id(i)])
                   and langs.language(i.path, i.extra.get("lang")) == langs.default}
        for item in list(items):
            lang = langs.language(item.path, item.extra.get("lang"))
            url = urls[id(item)]
            path = f"_pages/{item.path.lstrip('_')}"
            if lang == langs.default or not url or langs.strip(url) not in default \
                    or path in taken:
                continue
            items.remove(item)
            if example is not None and example(default[langs.strip(url)]):
                report.mapped("template-content", f"`{item.path}` is the `{lang}` version of "
                              f"`{default[langs.strip(url)]}`, the template's example content: "
                              "not carried as yours.", item.origin or item.path)
                continue
            taken.add(path)
            address = langs.address(url, lang)
            site.pages.append(Page(path=path, title=item.title or item.slug, permalink=address,
                                   body=item.body, newline=item.newline,
                                   redirect=served[id(item)][0].redirect_to,  # (forwards)
                                   origin=item.origin or Origin(item.path)))
            text = texts[id(item)]
            data = split_document(text, item.path, None).data if text is not None else {}
            rest = [f"`{k}`" for k in data if k not in ("title", "permalink", "layout", "lang")]
            report.mapped("translation", f"`{item.path}` is the `{lang}` version of an item "
                          f"of the default language (`{langs.default}`), listed only by the "
                          f"`{lang}` pages: its title and text are a page of their own at its "
                          f"address `{address}`, not an item of the one list the converted "
                          "site has" + (f" (its {', '.join(rest)}, which a page does not "
                                        "show, not carried)" if rest else "") + ".",
                          item.origin or item.path)


def _default(langs: Languages, page: Page) -> bool:
    """Whether the default language's build shows ``page`` as one of its own, at its own
    URL and in its menu: a page of the default language, or of a language the site is not
    built in (a page the default build does not show is not read: :func:`.shadow.not_built`)."""
    lang = langs.language(page.path, page.extra.get("lang"))
    return lang == langs.default or not langs.built(lang)


def language_menu(pages: list[Page], menu: list[NavItem], config: Any) -> list[NavItem]:
    """The menu of a jekyll-polyglot site as one menu can hold it: the default language's
    entries (each language's build shows its own pages' entries), then one entry per other
    language that has a home page, leading to it as the site's language switch did, under
    that page's own title (a theme whose menu shows the page's title shows the same), else
    the language's code. A site in one language keeps ``menu``."""
    langs = Languages.of(config)
    if langs is None:
        return menu
    # the other languages' addresses (a dropdown has none: the default language's stays)
    other = {p.permalink for p in pages if not _default(langs, p) and p.permalink}
    homes = {p.permalink: p for p in pages if not _default(langs, p)}
    return [n for n in menu if n.url not in other] + [
        NavItem(homes[f"/{code}/"].title.strip() or code, f"/{code}/",
                origin=homes[f"/{code}/"].origin)
        for code in langs.builds()[1:] if f"/{code}/" in homes]


def in_language_of(page: Page, items: list[Item], site: Site) -> list[Item]:
    """``items`` (of one collection, the default language's list) as the build of ``page``'s
    language listed them on it: an item that has a version in that language shows that
    version's text (made a page of its own by :func:`translations_as_pages`, at its address;
    matched by the item's path without its language segments, as jekyll-polyglot matches
    documents by their language-free address). A page of the default language, or of a
    site in one language, lists ``items`` as they are."""
    langs = Languages.of(site.config_extra)
    if langs is None or _default(langs, page):
        return items
    lang = langs.language(page.path, page.extra.get("lang"))
    versions = {langs.strip("/" + p.origin.path): p for p in site.pages
                if p.origin and p.origin.path != p.path
                and langs.language(p.origin.path, None) == lang}
    out = []
    for item in items:
        version = versions.get(langs.strip("/" + item.path))
        out.append(item if version is None else replace(
            item, title=item.title and version.title, body=version.body,
            permalink=version.permalink if item.title else item.permalink))
    return out
