"""The owner's short texts a visitor reads outside paragraphs: the headings, list items,
table cells and definition terms and descriptions of the owner's pages, and the words the
owner's own includes and layouts (files of `_includes/` and `_layouts/` that no template
has) write themselves (a contact section of headings and lists on the home page), and those
of the owner's changed copies of the template's layouts and includes that are no words the
template's layouts and includes write (a line above the about page's contact links).

A text is taken where the source writes it as one piece: Liquid, which a build replaces by
something else, ends a piece (the words before `{{ name }}` and those after it are two), so
that each piece is shown word for word by the site that renders it. Pieces of one word say
too little to look for (`Contact` is on many pages of any site): two words or more.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from .text import (
    _FENCE,
    _LIQUID,
    TAG,
    content_files,
    front,
    jekyll_folders,
    norm,
    shown_words,
    unread_folder,
)

_UNSHOWN = re.compile(r"(?is)<(style|script|head|svg|noscript)\b.*?</\1\s*>|<!--.*?-->")
_HTML_ITEMS = re.compile(r"(?is)<(h[1-6]|li|td|th|dt|dd)\b[^>]*>(.*?)</\1\s*>")
"""An HTML element whose text is an item (nested lists: the innermost closes first)."""
_MD_ITEM = re.compile(r"^\s{0,3}(?:#{1,6}\s+|[-*+]\s+|\d{1,9}[.)]\s+|:\s+)(.*?)\s*#*\s*$")
"""A Markdown line of a heading, list item or kramdown definition (`: text`)."""
_BREAKS = re.compile(r"(?i)<(br|/?p|/?div|/?li|/?ul|/?ol|/?h[1-6]|/?tr|/?td|/?th|/?dt|/?dd"
                     r"|/?table|/?section|/?header|/?footer|/?figure|/?blockquote|/?pre)\b[^>]*>")
MIN_WORDS = 2


def _outside_loops(text: str) -> str:
    """``text`` without the bodies of its `for` and `tablerow` loops: what a loop writes
    for each item (a listing's `min read`) is the listing's wording around the items, which
    the lists' own comparison looks at, not a text the owner wrote once; and without its
    `{% comment %}` blocks, which show nothing (an owner's notes on a list's order)."""
    from ..jekyll.liquid import tokenize
    out, depth = [], 0
    for tok in tokenize(text):
        if tok.kind == "tag" and tok.name in ("for", "tablerow"):
            depth += 1
        elif tok.kind == "tag" and tok.name in ("endfor", "endtablerow") and depth:
            depth -= 1
            out.append("\n")
        elif not depth and tok.kind != "comment":
            out.append(tok.text)
    return "".join(out)


def _pieces(text: str) -> list[str]:
    """The texts of ``text`` (markup already resolved to lines), normalised, each of
    :data:`MIN_WORDS` words or more."""
    out = []
    for line in _LIQUID.sub("\n", text).splitlines():
        words = norm(shown_words(line))
        if len(words.split()) >= MIN_WORDS:
            out.append(words)
    return out


def _content_items(body: str) -> list[str]:
    """The headings, list items, table cells and definitions of a Markdown/HTML body."""
    body = _UNSHOWN.sub("\n", _FENCE.sub("\n", _outside_loops(body)))
    lines = [_BREAKS.sub("\n", found.group(2)) for found in _HTML_ITEMS.finditer(body)]
    text = _BREAKS.sub("\n", body)
    before = ""
    for line in text.splitlines():
        if re.match(r"^\s*\|", line):  # a table row: each cell
            lines.extend(c for c in line.split("|") if not re.fullmatch(r"\s*:?-+:?\s*", c))
        elif item := _MD_ITEM.match(line):
            lines.append(item.group(1))
            if line.lstrip().startswith(":") and before.strip():
                lines.append(before)  # the term a kramdown definition defines
        before = line
    return _pieces("\n".join(lines))


def _code_texts(text: str) -> list[str]:
    """The words a layout or include writes itself, each run between two tags or Liquid."""
    text = _UNSHOWN.sub("\n", _LIQUID.sub("\n", _outside_loops(text)))
    return _pieces(TAG.sub("\n", text))


def _jekyll_reads(site: Path) -> Iterator[tuple[str, Path]]:
    """(path from ``site``, path) of each content file of ``site`` in a folder Jekyll reads."""
    read = jekyll_folders(site)
    for path in content_files(site):
        rel = path.relative_to(site).as_posix()
        if read is None or not unread_folder(rel, read):
            yield rel, path


def short_texts(site: Path) -> dict[str, list[str]]:
    """file -> its whole text, for each content file of ``site`` Jekyll reads whose text is
    one block shorter than a paragraph (:data:`~..paragraphs.MIN_WORDS` words) and of
    :data:`MIN_WORDS` words or more: an announcement of a few words (`New paper out!`), which
    a news list shows beside its date, however each theme writes the date. Such a text says
    too little for the one-page rule of :meth:`.shown.TextIndex.shows` (its few words are
    on the page of the other items): it is shown where it is, word for word."""
    from ..paragraphs import MIN_WORDS as PARAGRAPH
    from ..paragraphs import blocks_at
    from ..textio import read_text
    found: dict[str, list[str]] = {}
    for rel, path in _jekyll_reads(site):
        found_text = read_text(path, rel, None, root=site)
        if found_text is None:
            continue
        fm, body = front(found_text.text)
        if fm.get("published") is False or not body.strip():
            continue
        blocks = [words for _, _, words in blocks_at(body, MIN_WORDS)]
        if len(blocks) == 1 and len(blocks[0].split()) < PARAGRAPH:
            found[rel] = blocks
    return found


def owner_items(site: Path, own_code: list[str]) -> dict[str, list[str]]:
    """file -> its short texts (see the module): those of every content file of ``site``
    Jekyll reads, and those of ``own_code`` (the owner's own layouts and includes)."""
    found: dict[str, list[str]] = {}
    for rel, path in _jekyll_reads(site):
        fm, body = front(path.read_text("utf-8", "replace"))
        if fm.get("published") is False:
            continue
        items = _content_items(body)
        if items:
            found[rel] = list(dict.fromkeys(items))
    for rel in own_code:
        try:
            text = (site / rel).read_text("utf-8", "replace")
        except OSError:
            continue
        items = _code_texts(text)
        if items:
            found[rel] = list(dict.fromkeys(items))
    return found


def _liquid_as_tags(text: str) -> str:
    """``text`` with its Liquid as a tag (`<liquid>`) where it stands between tags (the
    words on either side are runs of their own), and without it inside a tag: what an
    attribute holds (`class="{% if x %}col-sm-8{% else %}col-sm-10{% endif %}"`, a
    `data-arxiv-id` a branch writes) is no word of the page."""
    out: list[str] = []
    at, inside = 0, False
    for m in _LIQUID.finditer(text):
        before = text[at:m.start()]
        opened, closed = before.rfind("<"), before.rfind(">")
        if opened != closed:  # (both -1: no tag began or ended since the last Liquid)
            inside = opened > closed
        out += [before, "" if inside else "<liquid>"]
        at = m.end()
    return "".join(out) + text[at:]


def changed_texts(layouts: dict[str, str], theirs: Callable[[str], bool]
                  ) -> dict[str, list[str]]:
    """file -> the texts of the owner's changed copies of the template's ``layouts`` and
    includes (path -> text) that are not the template's (``theirs``): each run of words
    between two tags or Liquid (outside loops, scripts and styles), of :data:`MIN_WORDS`
    words or more."""
    found: dict[str, list[str]] = {}
    for rel, text in layouts.items():
        body = _UNSHOWN.sub("\n", _liquid_as_tags(_outside_loops(front(text)[1])))
        runs = [words for run in TAG.split(body)
                if len((words := norm(shown_words(" ".join(run.split())))).split())
                >= MIN_WORDS and not theirs(run)]
        if runs:
            found[rel] = list(dict.fromkeys(runs))
    return found
