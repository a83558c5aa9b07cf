"""What SRC's own layouts show of a page: the layout a page names, and the layouts that
layout is laid into, read as Jekyll reads them (``_layouts/<name>.*``, each one's own
``layout:``), to tell whether a front-matter key is shown (``page.KEY`` in one of them).
Only layouts the owner wrote or changed count: what the theme's own layouts show is the
theme package's to read and write (its reader and writer)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..lazyre import lazy_pattern
from ..textio import read_source
from .liquid import Token, is_html_file

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


def source_chain(root: Path, page: str, report: Report | None = None) -> list[tuple[str, str]]:
    """The layouts SRC page ``page`` is laid into, at reading time: each as its name and
    text, the page's own layout first, then the one that layout names, and so on."""
    found: list[tuple[str, str]] = []
    data = read_source(root / page, page, report, root=root)
    name = _layout_of(data.decode("utf-8", errors="replace")) if data else ""
    seen: set[str] = set()
    while name and name not in seen:
        seen.add(name)
        text = source_layout(root, name, report)
        if text is None:
            break
        found.append((name, text))
        name = _layout_of(text)
    return found


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


def layout_chain(plan: Plan, page: str) -> Iterator[tuple[str, str]]:
    """SRC's layouts of ``page`` as Jekyll lays it: the one it names, or that `_config.yml`'s
    ``defaults`` give it (:func:`~.branches.page_layout`), then the one that one names, ...
    (path, text), to the first that SRC lacks or that comes round again."""
    from .branches import page_layout
    name, seen = page_layout(plan, page), set()
    while name and name not in seen:
        seen.add(name)
        found = _layout(plan, name)
        if found is None:
            return
        yield found
        name = _layout_of(found[1])


def shown_by(plan: Plan, page: str, key: str, theirs: bool = False, output: bool = False
             ) -> tuple[str, int] | None:
    """Where SRC's layouts show front-matter key ``key`` of SRC page ``page``: the layout's
    path and the line of its first ``page.KEY`` (``page["KEY"]``) that runs for this page,
    following its chain of layouts (:func:`layout_chain`); a read inside a branch whose
    condition this page fails (``{% if page.collection == 'talks' %}`` on a page of no
    collection) shows nothing on it. None when the page has no layout of SRC's own, none
    reads the key where it runs, or the one that does is the theme's own, unchanged (with
    ``theirs``: only that one, the theme's own, is found). With ``output``, only a
    ``{{ page.KEY }}`` that writes page text counts: not a test, not one inside an HTML tag
    (a `<meta content=...>`, an attribute) or an HTML comment."""
    from .branches import page_facts, runs_at
    reads = _reads(key, output)
    facts = page_facts(plan, page)

    def shows(text: str, at: int) -> bool:
        return not output or (text.rfind("<", 0, at) <= text.rfind(">", 0, at)
                              and text.rfind("<!--", 0, at) <= text.rfind("-->", 0, at))
    for rel, text in layout_chain(plan, page):
        hit = next((h for h in reads.finditer(text)
                    if shows(text, h.start()) and runs_at(text, h.start(), facts)), None)
        if hit:
            return None if _theirs(plan, rel) != theirs else \
                (rel, text.count("\n", 0, hit.start()) + 1)
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

    from .branches import page_facts, runs_at
    from .liquid import tokenize
    facts = page_facts(plan, page)
    where = shown_by(plan, page, key)
    if where is None:
        return None
    rel, _ = where
    text = plan.source_text(rel) or ""
    tokens = tokenize(text)
    for i, end in _key_blocks(tokens, key, lambda tok: runs_at(text, tok.start, facts)):
        if end is None:
            return None
        tok = tokens[i]
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


def _key_blocks(tokens: list[Token], key: str,
                runs: Callable[[Token], bool] = lambda tok: True,
                ) -> Iterator[tuple[int, int | None]]:
    """The blocks of a layout's ``tokens`` whose opening tag (``if``, ``unless``, ``for``,
    ``case``) reads front-matter key ``key`` and ``runs`` (for the page at hand): each as
    the index of its opening tag and of its closing one (None when it is not closed)."""
    reads = _reads(key)
    for i, tok in enumerate(tokens):
        if tok.kind != "tag" or tok.name not in _OPENERS or not reads.search(tok.markup) \
                or not runs(tok):
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
        yield i, end


def switch_block(text: str, key: str) -> str:
    """The text of the first block of layout ``text`` whose opening tag reads front-matter
    key ``key`` (``{% if page.KEY %}...{% endif %}``), opening and closing tags included;
    "" when none does (or it is not closed)."""
    from .liquid import tokenize
    tokens = tokenize(text)
    for i, end in _key_blocks(tokens, key):
        if end is None:
            return ""
        return text[tokens[i].start:tokens[end].start + len(tokens[end].text)]
    return ""


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


def owner_code_reading(plan: Plan, key: str, page: str) -> str | None:
    """The first include of SRC's own (not a template's file as it ships) whose Liquid,
    where a visitor sees it, reads ``post.KEY`` of the documents a page lists (an owner's
    `archive-single.html`) where it runs for SRC document ``page`` (not in a branch of
    ``post.collection == 'other'``): what it showed of it, the target's includes may not.
    (What a document's own layout shows of it, :func:`shown_by` tells.)"""
    from .branches import page_facts, runs_at
    if plan.source is None:
        return None
    from .alongside import copied_along
    reads = re.compile(rf"\bpost\.{re.escape(key)}\b")
    facts, along = None, None
    for rel in _code_files(plan.source):
        text = plan.source_text(rel)
        if not text or not reads.search(_shown(text)):
            continue
        facts = facts or page_facts(plan, page)
        if any(runs_at(text, hit.start(), facts, "post") for hit in reads.finditer(text)) \
                and not _theirs(plan, rel):
            along = copied_along(plan) if along is None else along
            if rel not in along:  # (one a page names is copied along: still shown there)
                return rel
    return None


def _code_files(source: Path) -> tuple[str, ...]:
    """SRC's includes (site paths), in order (read each time: SRC may change between runs)."""
    base = source / "_includes"
    if not base.is_dir() or base.is_symlink():
        return ()
    return tuple(p.relative_to(source).as_posix() for p in sorted(base.rglob("*"))
                 if p.suffix in (*_SUFFIXES, ".htm") and p.is_file())


@functools.lru_cache(maxsize=256)
def _shown(text: str) -> str:
    from .liquid import shown_liquid
    return shown_liquid(text)
