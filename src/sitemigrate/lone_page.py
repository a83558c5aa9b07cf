"""A single page given as SRC that is a Jekyll theme's page (an al-folio `about.md` alone):
its front matter is read as that theme reads it, not as a plain page's."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from .ir import Site
from .report import Report
from .textio import read_document
from .theme import Theme, contains


def theme_of_page(data: dict, themes: Iterable[Theme]) -> Theme | None:
    """The Jekyll theme of ``themes`` whose page front matter ``data`` is: the one whose
    detection markers on a page's front matter (``front_matter`` markers of ``detect`` in its
    mapping) weigh most, or None."""
    best, score = None, 0
    for theme in themes:
        markers = (theme.vocabulary.get("detect") or {}).get("markers") or []
        weight = sum(int(m.get("weight", 1)) for m in markers if "front_matter" in m and (
            m["front_matter"]["key"] in data if "key" in m["front_matter"]
            else contains(data, m["front_matter"]["value"])))
        if weight > score:
            best, score = theme, weight
    return best


def read_theme_page(site: Site, src: Path, report: Report, themes: Iterable[Theme]) -> None:
    """Read the front matter of the single page ``src`` (already read as a plain page into
    ``site``) with the reader of the theme of ``themes`` it belongs to, when it belongs to
    one."""
    doc = read_document(src, src.name, None)
    if doc is None or not doc.has_front_matter or not site.pages:
        return
    data = dict(doc.data)
    theme = theme_of_page(data, themes)
    read_page = getattr(theme, "read_page", None) if theme is not None else None
    if read_page is not None:
        page = site.page("about") or site.pages[0]
        read_page(site, page, data, report)
