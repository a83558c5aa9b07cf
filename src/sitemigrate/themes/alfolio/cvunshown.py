"""al-folio writer: what of a CV page's text DEST's CV layout does not show.

al-folio's CV layout shows the CV data (`_data/cv.yml`), the page's title and `description`,
and no page text. :func:`~.cvpage._cv_page` moves the page's CV sections into the data, its
lists of publications, talks, teaching and collections too (each under the heading before
it), one line of text into `description`, and keeps the whole text as a page where more
prose is left. What is left then (a heading with nothing under it but a comment, a picture,
a Liquid output, a line of figures) a visitor of the source saw and one of DEST would not:
each such piece is a finding at its line, never dropped in silence."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...formats.cvmarkdown import mask_comments
from ...ir import Origin, Page
from ...report import Report

# what shows nothing of itself: a Liquid tag, a `{% comment %}` block
_COMMENT_BLOCK = re.compile(r"\{%-?\s*comment\s*-?%\}.*?(?:\{%-?\s*endcomment\s*-?%\}|\Z)", re.S)
_TAG = re.compile(r"\{%.*?%\}", re.S)
# an HTML element that shows something without text of its own (a picture, a frame, a PDF)
_CONTENT = re.compile(r"<(?:img|iframe|embed|object|video|audio|svg|canvas|picture|input)\b"
                      r"""[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>""", re.I)
_HTML = re.compile(r"""</?[A-Za-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>""")
# a line of Markdown syntax alone: a setext underline, a rule, a table's rule, an empty
# bullet, a kramdown attribute list
_SYNTAX = re.compile(r"\s*(?:=+|-+|\*+|_+|\|?[\s:|-]*-[\s:|-]*|[-*+]|\{:[^}]*\})?\s*")
_HEADING = re.compile(r"^#{1,6}[ \t]+\S.*$|^[^\n]*\S[^\n]*\n[ \t]*(?:=+|-+)[ \t]*$", re.M)


def _blank(m: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", m.group())


def unshown_pieces(text: str, lists: Iterable[str]) -> list[tuple[int, str]]:
    """(0-based line, first line) of each piece of ``text`` (a CV page's text that stays in
    a page whose layout shows none of it) a visitor of the source saw: a run of lines that
    show something, split at blank lines. A `for` loop over ``lists`` (`site.talks` ...:
    those that became CV sections) and the heading last before it are shown as data."""
    unseen = _COMMENT_BLOCK.sub(_blank, mask_comments(text))
    for name in lists:
        loop = re.compile(rf"\{{%-?\s*for\s+\w+\s+in\s+site\.{re.escape(name)}\b.*?"
                          r"\{%-?\s*endfor\s*-?%\}", re.S)
        for m in list(loop.finditer(unseen)):
            heads = list(_HEADING.finditer(unseen, 0, m.start()))
            if heads:
                h = heads[-1]
                unseen = unseen[:h.start()] + _blank(h) + unseen[h.end():]
            unseen = unseen[:m.start()] + _blank(m) + unseen[m.end():]
    unseen = _CONTENT.sub(lambda m: "▣" + _blank(m)[1:], unseen)
    unseen = _HTML.sub(_blank, _TAG.sub(_blank, unseen))
    out: list[tuple[int, str]] = []
    lines, seen = text.split("\n"), unseen.split("\n")
    before = False  # the line before showed something
    for n, line in enumerate(seen):
        shows = not _SYNTAX.fullmatch(line)
        if shows and not before:
            out.append((n, lines[n].strip()))
        before = shows or (before and line.strip() != "")
    return out


def report_unshown(text: str, lists: Iterable[str], page: Page, report: Report,
                   layout: str) -> None:
    """A finding at each piece of ``text`` (:func:`unshown_pieces`) at its line of the
    source page (the text is the page's body less what moved: each piece is found there)."""
    body = page.body.split("\n")
    start = (page.origin.body_line or page.origin.line or 1) if page.origin else 1
    at = 0
    for _n, first in unshown_pieces(text, lists):
        found = next((i for i in range(at, len(body)) if body[i].strip() == first), None)
        if found is not None:
            at = found + 1
        line = start + found if found is not None else None
        shown = first if len(first) <= 70 else first[:67] + "..."
        report.add("cv-unshown", "warning", "lost", f"the CV page's `{shown}` is not shown: "
                   f"DEST's CV layout (`{layout}`) shows the CV data, the page's title and its "
                   "`description`, not its text. Put it in a section of the CV data, or in "
                   "the page's `description`, if it should show.",
                   Origin(page.origin.path, line) if page.origin else None)
