"""al-folio writer: the site addresses DEST's home layout links by name.

al-folio's about layout (2024 on) links its selected papers' heading to
`{{ '/publications/' | relative_url }}` whatever the site holds. A site whose publications
page is at another address (`/papers/`, or a menu dropdown with no page of its own) had a
heading that linked nowhere before, or no link: on the new site it is a dead link on the
home page. Such an address forwards to the page of the role the theme's mapping gives it
(``page_roles``); where the site has none and DEST's checkout has no page there either (its
own page, an example the run may replace, would answer it), the dead link is said."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...ir import Page, Site
from ...jekyll.branches import PageFacts, runs_at
from . import THEME

_FIXED = re.compile(r"""\bhref\s*=\s*["']\{\{-?\s*["'](/[^"'{}\s]*)["']\s*\|\s*relative_url"""
                    r"""\s*-?\}\}""")
"""A link to a fixed address of the site: `href="{{ '/publications/' | relative_url }}"`."""


def unanswered_links(site: Site, front: dict[str, Any], layout: str, dest: Path
                     ) -> list[tuple[str, int, Page | None]]:
    """(address, line in ``layout``, the page it is to forward to, None: none) of each fixed
    address DEST's home layout ``layout`` links where the home page's written front matter
    ``front`` lets it show and no page answers: neither a page of the site (its address or
    one it forwards from) nor, where the site has no page of the address's role, a page of
    DEST's checkout (``dest``)."""
    return [(a, line, target) for a, line, target, theirs in _links(site, front, layout, dest)
            if theirs is None]


def checkout_answers(site: Site, front: dict[str, Any], layout: str, dest: Path
                     ) -> list[tuple[str, int, str, str]]:
    """(address, line, DEST's file, the role the mapping gives the address) of each fixed
    address of the home layout (as :func:`unanswered_links`) only a page of DEST's checkout
    answers: a listing page of the template that a run removes where the owner has no items
    of its role, though the home page links it."""
    roles = THEME.vocabulary["page_roles"]
    return [(a, line, theirs, roles.get(a, "")) for a, line, _, theirs
            in _links(site, front, layout, dest) if theirs is not None]


def _links(site: Site, front: dict[str, Any], layout: str, dest: Path
           ) -> list[tuple[str, int, Page | None, str | None]]:
    answered = {a.rstrip("/") or "/" for p in site.pages
                for a in (p.permalink, *p.redirect_from) if a}
    facts = PageFacts(None, dict(front))
    roles = THEME.vocabulary["page_roles"]
    out: list[tuple[str, int, Page | None, str | None]] = []
    for m in _FIXED.finditer(layout):
        address = m[1]
        if (address.rstrip("/") or "/") in answered or not runs_at(layout, m.start(), facts) \
                or address in (a for a, _, _, _ in out):
            continue
        role = roles.get(address)
        target = next((p for p in site.pages if role and p.role == role and p.permalink
                       and p.permalink.rstrip("/") != address.rstrip("/")), None)
        theirs = _checkout_has(dest, address) if target is None else None
        out.append((address, layout.count("\n", 0, m.start()) + 1, target, theirs))
    return out


def _checkout_has(dest: Path, address: str) -> str | None:
    """The page of DEST's `_pages/` that names ``address`` as its permalink (its path)."""
    folder = dest / "_pages"
    want = re.compile(rf"^permalink:\s*['\"]?{re.escape(address.rstrip('/'))}/?['\"]?\s*$",
                      re.M)
    for path in sorted(folder.glob("*")) if folder.is_dir() else []:
        try:
            if path.is_file() and not path.is_symlink() and want.search(
                    path.read_text("utf-8", "replace")[:4000]):
                return f"_pages/{path.name}"
        except OSError:
            continue
    return None
