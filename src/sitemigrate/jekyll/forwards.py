"""A page whose layout forwards it: SRC's layout (or one it is laid into) is a
`<meta http-equiv="refresh" content="0; url={{ page.KEY }}">`, so a visitor of every page
with that layout lands at the page's ``KEY`` (an owner's `redirect` layout with `rurl:`).
That is a page that forwards, as al-folio's `redirect:` and jekyll-redirect-from's
`redirect_to:` are: readers read it into the page's or item's ``redirect``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..lazyre import lazy_pattern
from .layouts import layout_named, source_layout

_REFRESH = lazy_pattern(
    r"""<meta\b[^>]*\bhttp-equiv\s*=\s*["']?refresh\b[^>]*\bcontent\s*=\s*["']\s*\d+\s*;"""
    r"""\s*url\s*=\s*\{\{-?\s*page\.(\w+)\s*((?:\|[^}]*)?)-?\}\}""", re.I)
# the themes' and jekyll-redirect-from's own keys: their readers read them
_OWN_KEYS = frozenset({"redirect", "redirect_to"})


def forwarding_key(root: Path, layout: str) -> tuple[str, bool] | None:
    """The front-matter key a page of SRC's layout ``layout`` forwards to, following the
    layouts it is laid into, and whether the layout prints it through `relative_url` or
    `absolute_url` (a site path) rather than as written (the address itself, the site's
    `baseurl` in it); None when no layout of that chain forwards."""
    seen: set[str] = set()
    name = layout
    while name and name not in seen:
        seen.add(name)
        text = source_layout(root, name)
        if text is None:
            return None
        hit = _REFRESH().search(text)
        if hit and hit[1] not in _OWN_KEYS:
            return hit[1], "relative_url" in hit[2] or "absolute_url" in hit[2]
        name = layout_named(text)
    return None


def forwarded_to(root: Path, data: dict[str, Any], baseurl: str,
                 keys: dict[str, tuple[str, bool] | None] | None = None
                 ) -> tuple[str, str] | None:
    """Where a page of front matter ``data`` forwards by its layout, as a site path or an
    external URL (an address printed as written loses the site's ``baseurl``), and the key
    that said it; None when its layout does not forward or the key is empty. ``keys``: the
    :func:`forwarding_key` of each layout already asked (the documents of one collection
    mostly share one layout)."""
    layout = data.get("layout")
    found = None
    if isinstance(layout, str):
        if keys is None:
            found = forwarding_key(root, layout)
        elif layout in keys:
            found = keys[layout]
        else:
            found = keys[layout] = forwarding_key(root, layout)
    value = data.get(found[0]) if found else None
    if found is None or not isinstance(value, str) or not value.strip():
        return None
    url = value.strip()
    base = baseurl.rstrip("/")
    if not found[1] and base and url.startswith("/") and (url == base
                                                          or url.startswith(base + "/")):
        url = url[len(base):] or "/"
    return url, found[0]
