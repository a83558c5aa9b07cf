"""Split Markdown or plain text into sections by headings, keeping every byte."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*\r?$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


@dataclass(frozen=True, slots=True)
class Section:
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
                if m := _ATX.match(s):
                    heads.append((i, 1, (m.group(2) or "").strip(), "atx", len(m.group(1))))
                elif (s.strip() and i + 1 < len(lines)
                      and _SETEXT.match(lines[i + 1].rstrip("\r\n"))
                      and not re.match(r"^\s*([-*+]\s|>|<)", s)
                      and len(lines[i + 1].strip()) >= 3):
                    level = 1 if lines[i + 1].strip().startswith("=") else 2
                    heads.append((i, 2, s.strip(), "setext", level))
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
