"""Split Markdown or plain text into sections by headings, keeping every byte.

What is a heading is decided by mistune's block parser (:func:`heading_offsets`): ATX and
setext headings, never inside fenced or indented code, a setext underline told from a thematic
break. mistune's tokens carry no positions, so the parser records the offset of each heading
it reads, and the offset gives the line; the split itself is by lines, which keeps every byte.
HTML, lists and block quotes are left to the line scan (see ``_RULES``), and HTML comments too.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_MAY_HEAD = re.compile(r"^ {0,3}[#=-]", re.M)
"""A line that may start a heading for mistune: an ATX heading's ``#`` or a setext underline's
``=``/``-`` after at most three spaces (mistune's ``atx_heading`` and ``setex_heading`` rules
both begin so). A text without one has no heading, and mistune is not needed to say so."""


@functools.lru_cache(maxsize=1)
def _parser() -> Any:
    """mistune's (v3) block parser, recording where it reads a top-level heading."""
    from mistune.block_parser import BlockParser

    class Parser(BlockParser):
        def parse_atx_heading(self, m: Any, state: Any) -> Any:
            end = super().parse_atx_heading(m, state)
            if state.parent is None:
                state.env["headings"][m.start()] = ("atx", state.tokens[-1]["attrs"]["level"])
            return end

        def parse_setex_heading(self, m: Any, state: Any) -> Any:
            last = state.last_token()
            end = super().parse_setex_heading(m, state)
            if (end and state.parent is None and last is not None and last is state.last_token()
                    and last.get("style") == "setext"):
                state.env["headings"][m.start()] = ("setext", last["attrs"]["level"])
            return end

    return Parser()


def heading_offsets(text: str) -> dict[int, tuple[str, int]]:
    """Offset of the line -> (style, level) of each top-level Markdown heading, as mistune
    reads ``text``. A setext heading is keyed by its underline's line."""
    found: dict[int, tuple[str, int]] = {}
    # a CR ends no line for mistune; as a blank it keeps every offset
    src = text.replace("\r", " ") if "\r" in text else text
    if not _MAY_HEAD.search(src):  # prose only (many about pages): mistune is not imported
        return found
    from mistune.core import BlockState
    state = BlockState()
    state.env["headings"] = found
    state.process(src if src.endswith("\n") else src + "\n")
    parser = _parser()
    parser.parse(state, _RULES)
    return found


# mistune's block rules, less three where it reads Jekyll's Markdown (kramdown) otherwise:
# raw_html (CommonMark ends an HTML block only at a blank line, kramdown at its closing tag,
# so a heading right below `</div>` would be lost), block_quote (mistune takes an ATX heading
# right below a `> quote` line into the quote, against CommonMark and kramdown) and list (a
# heading indented under an item stays a section heading, as sitemigrate has always split).
_RULES = ["fenced_code", "indent_code", "atx_heading", "setex_heading", "thematic_break",
          "ref_link", "blank_line"]


def heading_lines(text: str) -> dict[int, tuple[str, int]]:
    """:func:`heading_offsets` keyed by 0-based line of ``text.split("\\n")``."""
    return {text.count("\n", 0, pos): head for pos, head in heading_offsets(text).items()}


@dataclass(frozen=True, slots=True)
class Heading:
    """A Markdown heading of a body: where it is, its style, level and text."""

    line: int
    """0-based line of ``text.split("\\n")`` where the heading starts (a setext heading's
    text line, the line above its underline)."""
    style: str
    """``atx`` or ``setext``."""
    level: int
    title: str
    """The heading's text as written: an ATX heading's without its ``#`` marks (a closing
    sequence only after a blank: ``# C#`` is ``C#``), a setext heading's line stripped."""


def headings(text: str) -> list[Heading]:
    """Every top-level Markdown heading of ``text`` as mistune reads it (:func:`heading_lines`),
    in order. A setext heading is the one line above its underline; callers that split more
    strictly (not a list item, not an HTML line) narrow it themselves."""
    lines = text.split("\n")
    out = []
    for n, (style, level) in sorted(heading_lines(text).items()):
        if style == "atx":
            m = _ATX.match(lines[n])
            title = (m.group(2) or "").strip() if m else ""
            out.append(Heading(n, style, level, title))
        elif n > 0:
            out.append(Heading(n - 1, style, level, lines[n - 1].strip()))
    return out


@dataclass(frozen=True, slots=True)
class Section:
    """A body's part under one heading, up to the next heading of the same or a higher level."""

    title: str
    level: int
    style: str
    heading: str
    body: str
    line: int


def normalize_title(title: str) -> str:
    t = re.sub(r"\[([^\[\]]*)\]\([^)\[\]]*\)", r"\1", title)  # no bracket inside: linear
    t = re.sub(r"[*_`#]", "", t).strip().rstrip(":.").strip()
    return re.sub(r"\s+", " ", t).lower()


def split_sections(text: str, bare_headings: Iterable[str] = ()) -> list[Section]:
    bare = {normalize_title(b) for b in bare_headings}
    lines = text.splitlines(keepends=True)
    heads: list[tuple[int, int, str, str, int]] = []  # (start, nlines, title, style, level)
    found = heading_offsets(text) if text else {}
    md: dict[int, tuple[str, int]] = {}  # line -> what mistune read there
    pos = 0
    for n, raw in enumerate(lines):
        if pos in found:
            md[n] = found[pos]
        pos += len(raw)
    in_fence = in_comment = False
    i = 0
    while i < len(lines):
        raw = lines[i]
        s = raw.rstrip("\r\n")
        if _FENCE.match(s):
            in_fence = not in_fence
        elif not in_fence:
            opened = s.rfind("<!--")
            if in_comment:
                if "-->" in s and s.rfind("-->") > opened:
                    in_comment = False
            elif opened != -1 and "-->" not in s[opened:]:
                in_comment = True
                i += 1
                continue
            if not in_comment:
                # mistune decides what is a heading; our line rules only narrow it: a
                # setext heading is the one line above an underline of 3+ characters
                # (earlier lines of its paragraph stay text), never a list item, quote
                # or HTML line
                if md.get(i, ("",))[0] == "atx" and (m := _ATX.match(s)):
                    heads.append((i, 1, (m.group(2) or "").strip(), "atx", md[i][1]))
                elif (s.strip() and md.get(i + 1, ("",))[0] == "setext"
                      and not re.match(r"^\s*([-*+]\s|>|<)", s)
                      and len(lines[i + 1].strip()) >= 3):
                    heads.append((i, 2, s.strip(), "setext", md[i + 1][1]))
                    i += 2
                    continue
                elif bare and normalize_title(s) in bare and s.strip():
                    heads.append((i, 1, s.strip().rstrip(":"), "bare", 2))
        i += 1
    out: list[Section] = []
    first = heads[0][0] if heads else len(lines)
    if first > 0 or not heads:
        out.append(Section("", 0, "", "", "".join(lines[:first]), 1))
    for n, (start, count, title, style, level) in enumerate(heads):
        end = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
        out.append(Section(title, level, style, "".join(lines[start:start + count]),
                           "".join(lines[start + count:end]), start + 1))
    return out
