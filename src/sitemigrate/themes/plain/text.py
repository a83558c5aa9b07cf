"""Markdown inline text for the plain reader: list markers, links, text without its markup
(:func:`_plain`), lines that read as titles, plain text lines as Markdown paragraphs, unique
slugs, and link targets made site-absolute."""

from __future__ import annotations

import re

from ...formats.content import is_external, resolve, rewrite_links

_LIST = re.compile(r"^\s{0,3}(?:[-*+•]|\d{1,3}[.)])\s+")
# Neither the text nor the URL of a link holds a bracket, so an attempt that fails stops at
# the next `[` and no two scan the same text: linear time even on a line of `[[[[`.
_LINK = re.compile(r"(!?)\[([^\[\]]*)\]\(\s*<?([^)\s>\[\]]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def _plain(text: str) -> str:
    """Markdown inline text as plain text: links to their text, emphasis markers removed."""
    t = _LINK.sub(lambda m: m.group(2), text)
    t = re.sub(r"(\*\*|__)(.+?)\1", r"\2", t)
    t = re.sub(r"(?<![\w*])([*_])(?!\s)(.+?)(?<!\s)\1(?![\w*])", r"\2", t)
    t = t.replace("\\", "") if "\\" in t and not re.search(r"\\[a-zA-Z]", t) else t
    return re.sub(r"\s+", " ", t).strip()


def _unlist(line: str) -> str:
    """A line without its list marker."""
    return _LIST.sub("", line, count=1).strip()


def _title_like(line: str) -> bool:
    """A short line that reads as a title or a name: no sentence punctuation at its end."""
    s = line.strip()
    if not s or "|" in s or _LIST.match(s) or s.startswith(("#", ">", "<", "[", "!")):
        return False
    words = s.split()
    return len(words) <= 12 and len(s) <= 90 and s[-1] not in ".!?:;,"


def _paragraphs(lines: list[str]) -> str:
    """Lines of plain text as Markdown paragraphs: a line that ends a sentence ends its
    paragraph (plain text has one paragraph a line; Markdown would run them together).
    Lists, tables, headings and hard-wrapped lines (ending mid-sentence) are left alone."""
    out: list[str] = []
    for line in lines:
        prev = out[-1] if out else ""
        if (prev.strip() and line.strip() and _prose_line(prev) and _prose_line(line)
                and prev.rstrip()[-1] in ".!?)\"”"):
            out.append("")
        out.append(line)
    return "\n".join(out)


def _prose_line(line: str) -> bool:
    s = line.strip()
    return bool(s) and not _LIST.match(s) and not s.startswith(("|", "#", ">", "<", "```",
                                                                "    "))


def _uniq(base: str, taken: set[str]) -> str:
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    taken.add(out)
    return out


def _absolute_links(text: str) -> str:
    """Relative link and image targets made site-absolute: the page was served at ``/``, and
    its content moves to pages at other addresses."""
    def fn(url: str) -> str | None:
        if is_external(url) or url.startswith("/"):
            return None
        return resolve(url, "/")
    return rewrite_links(text, fn, liquid=False)  # a plain page: no Liquid
