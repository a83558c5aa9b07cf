"""al-folio writer: a page's place and label in the site menu."""

from __future__ import annotations

import json

from ...ir import NavItem, Page, Site
from ...report import Report
from .reader import NAME


def _nav_entry(site: Site, url: str, home: bool = False) -> tuple[int, NavItem] | None:
    """The first entry of the site menu that links ``url`` (not the home, unless ``home``)
    and its place (from 1)."""
    key = url.rstrip("/") or "/"
    if key == "/" and not home:
        return None
    return next(((order, n) for order, n in enumerate(site.navigation, 1)
                 if (n.url.rstrip("/") or "/") == key), None)


def _menu_title(site: Site, page: Page, report: Report | None = None) -> str:
    """The page's title as al-folio writes it: al-folio's menu shows a page's `title`, so a
    page the source menu links under another label (`Talks` for a page titled `Talks and
    presentations`, `CV` for one without a title) takes that label (reported)."""
    entry = _nav_entry(site, page.permalink, home=page.role == "about")  # al-folio's first
    label = entry[1].title.strip() if entry else ""                    # entry: the about page
    if not label or label == page.title.strip():
        return page.title
    if report is not None and page.title.strip():
        report.mapped("menu-title", f"al-folio's menu shows a page's title: `{page.path}` is "
                      f"titled `{label}`, the label of your menu (its own title was "
                      f"`{page.title.strip()}`).", page.origin)
    return label


def _menu_position(site: Site, page: Page) -> float | None:
    """The page's menu position: its own `nav_order`, else its place in the site menu."""
    if page.nav:
        if page.nav_order is not None:
            return page.nav_order
        return _unnumbered_position(site, page) if site.theme == NAME else 99
    entry = _nav_entry(site, page.permalink)
    return _between(site, entry[0]) if entry else None


def _between(site: Site, at: int) -> float:
    """The `nav_order` of the menu entry at place ``at`` (from 1) that no page's own
    `nav_order` places (the blog the old header linked by `blog_nav_title`): between the
    `nav_order`s of the pages of the entries around it, so that the new header, which sorts
    every entry by `nav_order`, shows it where the old menu did; its place itself where
    that sorts it there already (no page of the menu has a `nav_order`, or theirs fit)."""
    pages = {p.permalink.rstrip("/") or "/": p.nav_order for p in site.pages
             if p.nav and p.nav_order is not None and p.permalink}
    numbered = [(i, pages[key]) for i, n in enumerate(site.navigation, 1)
                if i != at and (key := n.url.rstrip("/") or "/") != "/" and key in pages]
    before = [(i, o) for i, o in numbered if i < at]
    after = [(i, o) for i, o in numbered if i > at]
    if (not before or before[-1][1] < at) and (not after or at < after[0][1]):
        return at  # its place sorts it there already
    if not after:
        return before[-1][1] + (at - before[-1][0])
    if not before:
        return after[0][1] - (after[0][0] - at)
    (i, low), (j, high) = before[-1], after[0]
    return low + (high - low) * (at - i) / (j - i)


def _unnumbered_position(site: Site, page: Page) -> float:
    """The `nav_order` that keeps an al-folio menu page without one where the old header
    showed it: Jekyll's `sort` filter puts such pages (nil keys) before every page with a
    `nav_order`, in the order the old menu listed them, so each is given a place below the
    lowest `nav_order` of the others (the new template's header sorts by it too)."""
    numbered = [p.nav_order for p in site.pages
                if p.nav and p.nav_order is not None and p.permalink != "/"]
    unnumbered = [p for p in site.pages if p.nav and p.nav_order is None and p.permalink != "/"]
    listed = [(n.url.rstrip("/") or "/") for n in site.navigation]

    def place(p: Page) -> int:
        url = p.permalink.rstrip("/") or "/"
        return listed.index(url) if url in listed else len(listed)
    unnumbered.sort(key=place)
    lowest = min(numbered, default=1)
    return lowest - len(unnumbered) + next(
        (i for i, p in enumerate(unnumbered) if p is page), 0)


def home_heading(site: Site, page: Page, label: str, report: Report) -> None:
    """al-folio's about layout heads the home page with the site's `title` (the owner's name
    when it is `blank`) and its menu shows the page's `title` as the home link's label. A
    home page whose source layout headed it with another text (``features.heading``, which
    the reader of its theme sets: academicpages' page layouts show the page's own `title`)
    is said: where that text shows now, and how to keep it."""
    ident = site.identity
    had = (page.features.heading or "").strip()   # what the source's layout headed it with
    shows = (ident.site_title if ident.site_title and ident.site_title != ident.display_name()
             else ident.display_name()).strip()
    if not had or had == shows:
        return
    now = "is the home link's label in the menu" if label.strip() == had else "is not shown"
    setting = f"title: {json.dumps(had, ensure_ascii=False)}"
    report.mapped("about-heading", f"the home page's heading was `{had}`; al-folio's about "
                  f"layout heads it with the site's `title`, here `{shows}` (your name when "
                  f"`title` is `blank`), and `{had}` {now}. To keep it as the heading, set "
                  f"`{setting}` in `_config.yml` (al-folio also shows `title` in the header "
                  "of the other pages).", page.origin)


def blog_listing(site: Site) -> Page | None:
    """The owner's blog listing that may become DEST's one blog page: the first in the
    menu (else the first of the site). Another listing (a second menu entry showing the
    posts under another title) stays a page of its own, at its address, in its menu place."""
    listings = [p for p in site.pages if p.role == "blog"]

    def place(p: Page) -> tuple[bool, float]:
        at = _menu_position(site, p)
        return (at is None, at or 0.0)
    return min(listings, key=place) if listings else None
