"""al-folio reader: the site menu as the site's header include shows it."""

from __future__ import annotations

import re
from functools import cmp_to_key
from pathlib import Path
from typing import Any

from ...ir import NavItem, Origin, Page, Setting, SiteSettings
from ...jekyll.branches import PageFacts, condition_holds
from ...jekyll.configkeys import config_line
from ...jekyll.liquid import shown_liquid
from ...jekyll.site import index_address, text
from ...report import Report
from ...textio import read_source
from . import THEME


def navigation(pages: list[Page], src: Path, config: dict[str, Any], report: Report,
               settings: SiteSettings) -> list[NavItem]:
    """The menu: the pages' entries (:func:`_page_entries`), and after the home entry each
    entry the header include shows by a config key instead of a page (``config_menu`` in the
    mapping: 2020-22's `{% if site.blog_nav_title %}` links `/blog/` under that value,
    2020-21's `{% if site.blog_name %}` under its own word). Such an entry is the site's
    when its own header reads the key and Liquid takes the value as true (anything but nil
    and false) and it has a label to show (:func:`_label`; `blog_nav_title: ""`, the usual
    way to hide it, gives a link without text: no entry a visitor sees); a key whose value
    is the label is in ``settings.menu_labels``."""
    titled = THEME.vocabulary["menu_sort"].get("titled")
    header = _header(src, THEME.vocabulary["menu_sort"], report) if titled else None
    if header is not None and re.search(titled, header):  # every page with a title
        for page in pages:
            page.nav = page.nav or (bool(page.title) and page.permalink != "/")
    menu = _page_entries(_loop_shows(pages, src, report), _sort_key(src, report), report)
    at = 1 if menu and menu[0].url == "/" else 0
    for spec in THEME.vocabulary.get("config_menu") or []:
        value = config.get(spec["key"])
        header = _header(src, spec, report)
        if value is None or value is False or header is None \
                or not re.search(r"\bsite\." + re.escape(spec["key"]) + r"\b", header):
            continue
        label, own = _label(header, spec, value)
        if not label:
            continue
        entry = NavItem(label, spec["url"],
                        origin=Origin("_config.yml", config_line(config, spec["key"])))
        shown = re.search(r"\{\{-?\s*site\." + re.escape(spec["key"]) + r"\b", header) \
            or re.search(r"\bsite\." + re.escape(spec["key"]) + r"\b", header)  # its switch
        loop = re.search(spec["pages_loop"], header) if spec.get("pages_loop") else None
        if shown and loop and loop.start() < shown.start():
            menu.append(entry)  # the site's header shows it after the pages' entries
        else:
            menu.insert(at, entry)
            at += 1
        if not own:  # the key's value is the label
            settings.menu_labels.append(Setting(label, spec["key"], entry.origin))
        for page in pages:  # the page at that address is the one the entry shows
            address = page.permalink or index_address(page.path)
            if spec.get("role") and address.rstrip("/") == spec["url"].rstrip("/"):
                page.permalink, page.role = address, spec["role"]
    return _fixed_entries(src, menu, at, pages, report)


# a menu link of a header: `<a class="nav-link" href="/cv.pdf">CV</a>`, its address written
# out or through a URL filter (`{{ '/cv.pdf' | relative_url }}`)
_NAV_LINK = re.compile(r"""<a\b[^>]*\bclass=["'][^"']*\bnav-link\b[^>]*>(.*?)</a>""", re.S)
_HREF = re.compile(r"""\bhref=(["'])(?:\{\{-?\s*(["'])([^"'{}]+)\2\s*\|\s*relative_url\s*-?\}\}"""
                   r"""|(?:\{\{-?\s*site\.baseurl\s*-?\}\})?([^"'{}\s]+))\1""")
_BLOCK = re.compile(r"\{%-?\s*(end)?(if|unless|for|case)\b")


def _fixed_entries(src: Path, menu: list[NavItem], at: int, pages: list[Page],
                   report: Report) -> list[NavItem]:
    """``menu`` with the entries the site's own header shows always, as links written in it
    (an owner's `<a class="nav-link" href="{{ '/assets/pdf/cv.pdf' | relative_url }}">CV</a>`)
    rather than from pages or the config: a link in no `{% if %}`/`{% for %}` block and no
    HTML comment, to an address other than the home page's (the template's own links are all
    in blocks, or go home); before the header's loop over the pages, after the entries at
    its start (``at``), else last. With such entries, each page's `nav_order` is its place
    in the whole menu, as the entry's own page gets its place there."""
    spec = THEME.vocabulary["menu_sort"]
    rel = next((r for r in spec["header"] if (src / r).is_file()), "")
    raw = _header(src, spec, report) or ""
    header = shown_liquid(raw)
    loop = re.search(r"site\.pages\s*\|\s*sort", header)
    known = {n.url.rstrip("/") or "/" for n in menu}
    added = False
    for link in _NAV_LINK.finditer(header):
        depth = sum(-1 if tag[1] else 1 for tag in _BLOCK.finditer(header, 0, link.start()))
        href = _HREF.search(link[0][:link[0].index(">") + 1])
        url = (href[3] or href[4]) if href and depth == 0 else ""
        label = " ".join(re.sub(r"\{[{%].*?[}%]\}|<[^>]+>", " ", link[1], flags=re.S).split())
        if not url.startswith(("/", "https://", "http://")) \
                or (url.rstrip("/") or "/") in known or not label:
            continue
        known.add(url.rstrip("/") or "/")
        line = raw.count("\n", 0, max(raw.find(link[0]), 0)) + 1
        entry = NavItem(label, url, origin=Origin(rel, line))
        if loop and link.start() < loop.start():
            menu.insert(at, entry)
            at += 1
        else:
            menu.append(entry)
        added = True
    if added:
        places = {n.url: place for place, n in enumerate(menu, 1)}
        for page in pages:
            if page.permalink != "/" and page.permalink in places:
                page.nav_order = float(places[page.permalink])
    return menu


# the switch a header shows the social include under (the navbar's icons on the about page)
_SOCIAL_SWITCH = re.compile(r"\{%-?\s*(?:els)?if\s+site\.(\w+)\s*-?%\}(?:\s|<[^>]*>)*"
                            r"\{%-?\s*(?:include\s+social\.(?:html|liquid)|social_links)\b")


def navbar_social_switch(root: Path, report: Report) -> str | None:
    """The config key under which the header include of the site at ``root`` shows the social
    icons in its navbar (`{% elsif site.KEY %}<div>{% include social.html %}`, 2025+'s
    `{% social_links %}`), not counting what an HTML comment holds; None without one."""
    header = _header(root, THEME.vocabulary["menu_sort"], report)
    found = _SOCIAL_SWITCH.search(shown_liquid(header or ""))
    return found[1] if found else None


def _label(header: str, spec: dict[str, Any], value: Any) -> tuple[str, bool]:
    """The label of the header's link to ``spec["url"]``: the key's value where the link
    prints it (2022's `{{ site.blog_nav_title }}`), else the link's own words, but those it
    shows only on some pages (`{% if %}` blocks); whether they are its own words."""
    url = re.escape(spec["url"])
    link = re.search(rf"<a\b[^>]*href=(?:\"[^\"]*{url}[^\"]*\"|'[^']*{url}[^']*')[^>]*>(.*?)</a>",
                     header, re.S)
    if link is None or re.search(r"\{\{-?\s*site\." + re.escape(spec["key"]) + r"\b",
                                 link.group(1)):
        return text(value), False
    words = re.sub(r"\{%-?\s*if\b.*?\{%-?\s*endif\s*-?%\}|\{[{%].*?[}%]\}|<[^>]+>", " ",
                   link.group(1), flags=re.S)
    return " ".join(words.split()), True


# the header's loop over the pages and the `{% if %}` right inside it: its variable, what it
# loops over, its condition
_PAGES_LOOP = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+([\w.]+)[^%]*?-?%\}\s*"
                         r"\{%-?\s*if\s+(.+?)\s*-?%\}", re.S)


def _loop_shows(pages: list[Page], src: Path, report: Report) -> list[Page]:
    """The pages the header's loop over the pages lists (the loop whose condition tests a
    page's `nav`, not the one that looks for the home page's title): an owner's header may
    leave pages out by its own condition (`{% if p.nav and p.title != "Imprint" %}`: a page
    linked from the footer instead). Where the condition compares a key of a page's front
    matter with a literal and the page fails it
    (:func:`~sitemigrate.jekyll.branches.condition_holds`), the page is no menu entry, though
    it has `nav: true`; a condition that cannot be told here leaves the page in. Such a
    page's `nav` is off: the new menu shows it no more than the old one did."""
    spec = THEME.vocabulary["menu_sort"]
    header = shown_liquid(_header(src, spec, report) or "")
    loop = next((m for m in _PAGES_LOOP.finditer(header) if re.search(
        rf"\b{m[1]}\.nav\b", m[3]) and (m[2] == "site.pages" or re.search(
            rf"\bassign\s+{re.escape(m[2])}\s*=\s*site\.pages\b", header))), None)
    if loop is None:
        return pages
    shown = []
    for page in pages:
        front = {**page.extra, "title": page.title, "nav": page.nav}
        if page.permalink != "/" and page.nav and condition_holds(
                loop[3], PageFacts(None, front), loop[1]) is False:
            report.mapped("menu-left-out", f"not in the menu: the header's loop over the "
                          f"pages shows no page that fails `{loop[3]}` (it has `nav: true`).",
                          Origin(page.path, page.nav_line or 1))
            page.nav = False  # (as the old menu showed it: no entry in the new one)
            continue
        shown.append(page)
    return shown


def _header(src: Path, spec: dict[str, Any], report: Report) -> str | None:
    """The site's own header include (the first of ``spec["header"]`` it has), or None."""
    for rel in spec["header"]:
        if (src / rel).is_file():
            data = read_source(src / rel, rel, report, root=src)
            return None if data is None else data.decode("utf-8", "replace")
    return None


def _sort_key(src: Path, report: Report) -> str:
    """The front-matter key the header include sorts the menu's pages by (``menu_sort`` in
    the mapping): the one the site's own header names, else the template's."""
    spec = THEME.vocabulary["menu_sort"]
    header = _header(src, spec, report)
    found = re.search(spec["pattern"], header) if header else None
    return found.group(1) if found else spec["default"]


def _value(page: Page, key: str) -> Any:
    """The page's front-matter value of ``key``, as the header's `sort` reads it."""
    if key == "nav_order":
        return page.nav_order
    return page.extra.get(key, page.title if key == "title" else None)


def _jekyll_order(a: Any, b: Any) -> int:
    """Jekyll's `sort` filter on two values: nil first, else `<=>`, else as strings."""
    if (a is None) != (b is None):
        return -1 if a is None else 1
    if a is None:
        return 0
    try:
        return (a > b) - (a < b)
    except TypeError:
        return (str(a) > str(b)) - (str(a) < str(b))


def _page_entries(pages: list[Page], key: str, report: Report) -> list[NavItem]:
    """al-folio's header: the home page, then the pages with `nav: true` by ``key``
    (:func:`_sort_key`: `nav_order`, or the key the site's own header sorts them by) (of
    the pages Jekyll publishes: :func:`~sitemigrate.jekyll.shadow.live_pages` left out the
    others), through Jekyll's `sort` filter: a page without the key before those with
    one (its `nils` default, "first"). Pages of one value (or none) are in an order no
    file decides (Ruby's sort does not keep the order of equal keys): reported. Sorted by
    another key, a page's `nav_order` (which that header does not read) becomes its place,
    as the new template's header sorts by it."""
    navs = [p for p in pages if p.nav or p.permalink == "/"]
    navs.sort(key=cmp_to_key(lambda a, b: (b.permalink == "/") - (a.permalink == "/")
                             or _jekyll_order(_value(a, key), _value(b, key))))
    if key != "nav_order":  # the old menu's places: what `nav_order` is to a new header
        for place, page in enumerate((p for p in navs if p.permalink != "/"), 1):
            page.nav_order = float(place)
    ties: dict[Any, list[Page]] = {}
    for page in navs:
        if page.permalink != "/":
            value = _value(page, key)
            ties.setdefault(value if isinstance(value, (str, int, float)) else None,
                            []).append(page)
    for order, group in ties.items():
        if len(group) > 1:
            said = (f"`{key}: {order:g}`" if isinstance(order, (int, float)) else
                    f"`{key}: {order}`" if order is not None else f"no `{key}`")
            report.problem("menu-order", ", ".join(f"`{p.path}`" for p in group) + " have "
                           f"{said}: Jekyll's sort does not keep the order of equal keys, so "
                           "no file decided their order in the old menu (it can change from "
                           "one build to the next). Check it in the converted menu and give "
                           "each its own place (`nav_order`, or its line in "
                           "`_data/navigation.yml`) in the order you want.",
                           group[0].origin or group[0].path)
    return [NavItem(p.title, p.permalink, [NavItem(c.title, c.url, origin=c.origin)
                                           for c in p.features.children],
                    Origin(p.path, p.nav_line) if p.nav_line else p.origin or Origin(p.path, 1))
            for p in navs]
