"""al-folio reader: the site menu as the site's header include shows it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...ir import NavItem, Origin, Page, Setting, SiteSettings
from ...jekyll.configkeys import config_line
from ...jekyll.site import index_address, text
from ...report import Report
from ...textio import read_source
from . import THEME


def navigation(pages: list[Page], src: Path, config: dict[str, Any], report: Report,
               settings: SiteSettings) -> list[NavItem]:
    """The menu: the pages' entries (:func:`_page_entries`), and after the home entry each
    entry the header include shows by a config key instead of a page (``config_menu`` in the
    mapping: 2020-22's `{% if site.blog_nav_title %}` links `/blog/` under that value). Such
    an entry is the site's when its own header reads the key and Liquid takes the value as
    true (anything but nil and false) and it has a label to show (`blog_nav_title: ""`, the
    usual way to hide it, gives a link without text: no entry a visitor sees); its key is in
    ``settings.menu_labels``."""
    menu = _page_entries(pages, report)
    at = 1 if menu and menu[0].url == "/" else 0
    for spec in THEME.vocabulary.get("config_menu") or []:
        value = config.get(spec["key"])
        header = _header(src, spec, report)
        if value is None or value is False or not text(value).strip() or header is None \
                or not re.search(r"\bsite\." + re.escape(spec["key"]) + r"\b", header):
            continue
        entry = NavItem(text(value), spec["url"],
                        origin=Origin("_config.yml", config_line(config, spec["key"])))
        shown = re.search(r"\{\{-?\s*site\." + re.escape(spec["key"]) + r"\b", header)
        loop = re.search(spec["pages_loop"], header) if spec.get("pages_loop") else None
        if shown and loop and loop.start() < shown.start():
            menu.append(entry)  # the site's header shows it after the pages' entries
        else:
            menu.insert(at, entry)
            at += 1
        settings.menu_labels.append(Setting(text(value), spec["key"], entry.origin))
        for page in pages:  # the page at that address is the one the entry shows
            address = page.permalink or index_address(page.path)
            if spec.get("role") and address.rstrip("/") == spec["url"].rstrip("/"):
                page.permalink, page.role = address, spec["role"]
    return menu


def _header(src: Path, spec: dict[str, Any], report: Report) -> str | None:
    """The site's own header include (the first of ``spec["header"]`` it has), or None."""
    for rel in spec["header"]:
        if (src / rel).is_file():
            data = read_source(src / rel, rel, report, root=src)
            return None if data is None else data.decode("utf-8", "replace")
    return None


def _page_entries(pages: list[Page], report: Report) -> list[NavItem]:
    """al-folio's header: the home page, then the pages with `nav: true` by `nav_order` (of
    the pages Jekyll publishes: :func:`~sitemigrate.jekyll.shadow.live_pages` left out the
    others), through Jekyll's `sort` filter: a page without `nav_order` before those with
    one (its `nils` default, "first"). Pages of one `nav_order` (or none) are in an order no
    file decides (Ruby's sort does not keep the order of equal keys): reported."""
    navs = [p for p in pages if p.nav or p.permalink == "/"]
    navs.sort(key=lambda p: (p.permalink != "/", p.nav_order is not None, p.nav_order or 0))
    ties: dict[float | None, list[Page]] = {}
    for page in navs:
        if page.permalink != "/":
            ties.setdefault(page.nav_order, []).append(page)
    for order, group in ties.items():
        if len(group) > 1:
            said = f"`nav_order: {order:g}`" if order is not None else "no `nav_order`"
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
