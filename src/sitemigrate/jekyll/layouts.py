"""What SRC's own layouts show of a page: the layout a page names, and the layouts that
layout is laid into, read as Jekyll reads them (``_layouts/<name>.*``, each one's own
``layout:``), to tell whether a front-matter key is shown (``page.KEY`` in one of them)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..lazyre import lazy_pattern

if TYPE_CHECKING:
    from ..plan import Plan

_LAYOUT_KEY = lazy_pattern(r"\A---[ \t]*\n(?:.*\n)*?layout:[ \t]*['\"]?([\w.-]+)")
_SUFFIXES = (".html", ".liquid", ".md", ".markdown")


def _layout(plan: Plan, name: str) -> tuple[str, str] | None:
    """SRC's layout ``name``: its path and text, None when SRC has none of that name."""
    for suffix in _SUFFIXES:
        rel = f"_layouts/{name}{suffix}"
        text = plan.source_text(rel)
        if text is not None:
            return rel, text
    return None


def shown_by(plan: Plan, page: str, key: str) -> tuple[str, int] | None:
    """Where SRC's layouts show front-matter key ``key`` of SRC page ``page``: the layout's
    path and the line of its first ``page.KEY`` (``page["KEY"]``), following the chain of
    layouts; None when the page names no layout of SRC's own or none reads the key."""
    text = plan.source_text(page)
    m = _LAYOUT_KEY().match(text) if text is not None else None
    reads = re.compile(rf"""\bpage(?:\.{re.escape(key)}\b|\[\s*['"]{re.escape(key)}['"]\s*\])""")
    seen: set[str] = set()
    name = m[1] if m else ""
    while name and name not in seen:
        seen.add(name)
        found = _layout(plan, name)
        if found is None:
            return None
        rel, text = found
        hit = reads.search(text)
        if hit:
            return rel, text.count("\n", 0, hit.start()) + 1
        m = _LAYOUT_KEY().match(text)
        name = m[1] if m else ""
    return None
