"""A single page given as SRC that is a Jekyll theme's page (an al-folio `about.md` alone):
its front matter is read as that theme reads it, not as a plain page's."""

from __future__ import annotations

from pathlib import Path

from .ir import Site
from .registry import THEMES, _contains, get_theme, vocabulary
from .report import Report
from .textio import read_document


def theme_of_page(data: dict) -> str:
    """The Jekyll theme whose page front matter ``data`` is: the one whose detection markers
    on a page's front matter (``front_matter`` markers of ``detect`` in its mapping) weigh
    most, or ''."""
    best, score = "", 0
    for name in THEMES:
        markers = (vocabulary(name).get("detect") or {}).get("markers") or []
        weight = sum(int(m.get("weight", 1)) for m in markers if "front_matter" in m and (
            m["front_matter"]["key"] in data if "key" in m["front_matter"]
            else _contains(data, m["front_matter"]["value"])))
        if weight > score:
            best, score = name, weight
    return best


def read_theme_page(site: Site, src: Path, report: Report) -> None:
    """Read the front matter of the single page ``src`` (already read as a plain page into
    ``site``) with the reader of the theme it belongs to, when it belongs to one."""
    doc = read_document(src, src.name, None)
    if doc is None or not doc.has_front_matter or not site.pages:
        return
    data = dict(doc.data)
    name = theme_of_page(data)
    read_page = getattr(get_theme(name), "read_page", None) if name else None
    if read_page is not None:
        page = site.page("about") or site.pages[0]
        read_page(site, page, data, report)
