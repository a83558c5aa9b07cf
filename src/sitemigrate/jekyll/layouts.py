"""What SRC's own layouts show of a page: the layout a page names, and the layouts that
layout is laid into, read as Jekyll reads them (``_layouts/<name>.*``, each one's own
``layout:``), to tell whether a front-matter key is shown (``page.KEY`` in one of them).
Only layouts the owner wrote or changed count: what the theme's own layouts show is the
theme package's to read and write (its reader and writer)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..lazyre import lazy_pattern
from ..textio import read_source
from .liquid import is_html_file

if TYPE_CHECKING:
    from ..plan import Plan
    from ..report import Report

_FRONT = lazy_pattern(r"\A---[ \t]*\r?\n(.*?\r?\n)?---[ \t]*$", re.S | re.M)
_LAYOUT_KEY = lazy_pattern(r"^layout:[ \t]*['\"]?([\w.-]+)", re.M)
_SUFFIXES = (".html", ".liquid", ".md", ".markdown")


def _layout_of(text: str | None) -> str:
    """The layout a file's front matter names (``layout:``), or ""."""
    front = _FRONT().match(text) if text is not None else None
    m = _LAYOUT_KEY().search(front[1] or "") if front else None
    return m[1] if m else ""


def source_layout(root: Path, name: str, report: Report | None = None) -> str | None:
    """The text of SRC's layout ``name`` (``_layouts/<name>.*``, read inside ``root``), at
    reading time, before a plan exists; None when SRC has none of that name."""
    for suffix in _SUFFIXES:
        rel = f"_layouts/{name}{suffix}"
        if (root / rel).is_file():
            data = read_source(root / rel, rel, report, root=root)
            return None if data is None else data.decode("utf-8", errors="replace")
    return None


def _theirs(plan: Plan, rel: str) -> bool:
    """Whether SRC's ``rel`` is a file of the source theme's template, unchanged."""
    from ..template_files import is_template_file
    return plan.from_theme is not None and plan.source is not None and \
        is_template_file(plan.from_theme, plan.source, rel)


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
    layouts; None when the page names no layout of SRC's own, none reads the key, or the
    one that does is the theme's own, unchanged."""
    reads = _reads(key)
    seen: set[str] = set()
    name = _layout_of(plan.source_text(page))
    while name and name not in seen:
        seen.add(name)
        found = _layout(plan, name)
        if found is None:
            return None
        rel, text = found
        hit = reads.search(text)
        if hit:
            return None if _theirs(plan, rel) else (rel, text.count("\n", 0, hit.start()) + 1)
        name = _layout_of(text)
    return None


def _reads(key: str, output: bool = False) -> re.Pattern[str]:
    """``page.KEY`` (``page["KEY"]``) in Liquid; ``output``: only where it is output
    (``{{ page.KEY ...}}``), not where a tag only tests it."""
    lead = r"\{\{-?\s*" if output else r"\b"
    return re.compile(rf"""{lead}page(?:\.{re.escape(key)}\b|\[\s*['"]{re.escape(key)}['"]\s*\])""")


def dest_shows(plan: Plan, layout: str, key: str) -> tuple[str, int] | None:
    """Where DEST's checkout shows front-matter key ``key`` of a page it lays out with
    ``layout``: the first layout of that chain (each one's own ``layout:``) that outputs
    ``{{ page.KEY }}``, as its name and line; None when none does (one that only tests it,
    `{% if page.collection == 'x' %}`, does not show it), or DEST has no such layout."""
    from .checkout import layout_text
    reads = _reads(key, output=True)
    seen: set[str] = set()
    while layout and layout not in seen:
        seen.add(layout)
        text = layout_text(plan, layout)
        if text is None:
            return None
        hit = reads.search(text)
        if hit:
            return layout, text.count("\n", 0, hit.start()) + 1
        layout = _layout_of(text)
    return None


_OPENERS = {"if": "endif", "unless": "endunless", "for": "endfor", "case": "endcase"}
_PLAIN_TAGS = frozenset({*_OPENERS, *_OPENERS.values(), "elsif", "else", "when", "assign",
                         "capture", "endcapture", "break", "continue", "cycle", "increment",
                         "decrement"})


def shown_block(plan: Plan, page: str, key: str) -> tuple[str, int, int, str] | None:
    """The part of SRC's layout that shows front-matter key ``key`` of ``page``: the block
    (``{% if page.KEY %}...{% endif %}``, a ``for``, ``unless`` or ``case``) whose opening tag
    reads the key, as (layout, first line, last line, its text, dedented), when it runs the
    same on any Jekyll site: plain Liquid only (no include, no plugin tag, no ``content``).
    None otherwise, or when no layout of SRC's own shows the key."""
    import textwrap

    from .liquid import tokenize
    where = shown_by(plan, page, key)
    if where is None:
        return None
    rel, _ = where
    text = plan.source_text(rel) or ""
    reads = re.compile(rf"""\bpage(?:\.{re.escape(key)}\b|\[\s*['"]{re.escape(key)}['"]\s*\])""")
    tokens = tokenize(text)
    for i, tok in enumerate(tokens):
        if tok.kind != "tag" or tok.name not in _OPENERS or not reads.search(tok.markup):
            continue
        depth, end = 0, None
        for j in range(i, len(tokens)):
            if tokens[j].kind == "tag" and tokens[j].name == tok.name:
                depth += 1
            elif tokens[j].kind == "tag" and tokens[j].name == _OPENERS[tok.name]:
                depth -= 1
                if depth == 0:
                    end = j
                    break
        if end is None:
            return None
        inner = tokens[i:end + 1]
        if any(t.kind == "raw" or (t.kind == "tag" and t.name not in _PLAIN_TAGS)
               or (t.kind in ("tag", "output") and re.search(r"(?<![\w.])content\b", t.markup))
               for t in inner):
            return None
        start = text.rfind("\n", 0, tok.start) + 1
        stop = text.find("\n", tokens[end].start)
        stop = len(text) if stop < 0 else stop
        last = tokens[end].line + tokens[end].text.count("\n")
        return rel, tok.line, last, textwrap.dedent(text[start:stop]).strip("\n")
    return None


def with_shown(body: str, blocks: list[str], out: str) -> str:
    """``body`` with the parts of SRC's layouts that showed its page's keys (from
    :func:`extra_key`) at its end, each once. In a Markdown page (``out``) they are HTML
    that kramdown must pass as it is (its GFM parser ends an HTML block at a blank line and
    reads the indented lines after it as code): inside `{::nomarkdown}`."""
    parts = [b for b in dict.fromkeys(blocks) if b]
    if not parts:
        return body
    shown = "\n\n".join(parts)
    if not is_html_file(out):
        shown = "{::nomarkdown}\n" + shown + "\n{:/nomarkdown}"
    return body.rstrip("\n") + "\n\n" + shown + "\n"
