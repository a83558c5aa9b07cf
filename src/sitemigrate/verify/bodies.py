"""Whether the old site shows a page's body at all: Jekyll renders a page's body into its
layout's ``{{ content }}``, that layout's output into its own layout's ``{{ content }}``,
and so on up the chain; a layout without ``{{ content }}`` (a CV layout that prints only
the CV data) drops what it was given. So a page's body reaches the visitor only when every
layout of its chain outputs ``content`` outside a ``{% comment %}`` (and outside an HTML
comment: a browser shows none of it).

The layouts are found as Jekyll finds them: the page's ``layout:`` (or the one
`_config.yml`'s ``defaults`` give it: :func:`~sitemigrate.jekyll.branches.layout_of`),
``_layouts/NAME.*`` of the site first, then of the trees given after it (the template the
site's files were laid over), each one's own ``layout:`` after it. A layout found nowhere
cannot be read: the body counts as shown (no false certainty that it is not)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

_CONTENT = re.compile(r"content\b(?!\s*\.)")
"""An output of the rendered body: ``{{ content }}``, ``{{- content -}}``, a filter after it;
not ``content.size`` or a variable whose name starts with `content`."""


def outputs_content(layout: str) -> bool:
    """Whether a layout's text outputs ``{{ content }}`` where a visitor sees it: outside a
    ``{% comment %}`` block (one token: its outputs are none) and an HTML comment."""
    from ..jekyll.liquid import tokenize
    return any(tok.kind == "output" and not tok.in_html_comment
               and _CONTENT.match(tok.markup) for tok in tokenize(layout))


def body_shown(site: Path, rel: str, config: Any, trees: Sequence[Path] = (),
               cache: dict[str, str | None] | None = None) -> bool:
    """Whether the site's page ``rel`` (its text read from ``site``) shows its body: every
    layout of its chain outputs ``content`` (see the module); True for a page with no layout
    (Jekyll writes the body alone) or a chain that reaches a layout found nowhere.
    ``config``: the site's `_config.yml` as read (its ``defaults``); ``cache``: the layouts
    read so far (name -> text), shared by the calls for one site."""
    from ..jekyll.branches import layout_of
    from ..jekyll.layouts import layout_named, source_layout
    try:
        text = (site / rel).read_text("utf-8", "replace")
    except OSError:
        return True
    name = layout_of(text, config if isinstance(config, dict) else {}, rel)
    known = cache if cache is not None else {}
    seen: set[str] = set()
    while name and name not in seen:
        seen.add(name)
        if name not in known:
            known[name] = next((found for root in (site, *trees)
                                if (found := source_layout(root, name)) is not None), None)
        layout = known[name]
        if layout is None:
            return True  # a layout found nowhere: what it shows cannot be told
        if not outputs_content(layout):
            return False
        name = layout_named(layout)
    return True
