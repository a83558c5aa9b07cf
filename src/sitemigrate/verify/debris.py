"""Markup debris a visitor reads: the tail of a tag that a value broke open.

A value printed unescaped inside a quoted attribute (a description holding `<a href="…">`,
printed into `<meta content="…">`) ends the attribute at its own first quote; the tag then
ends at the value's first `>`, and the rest of the value, with the tag's own end (`">`,
`" />`), is text of the page: a browser shows it, at the top of the page when the tag was
in its `<head>`. Such a text (its characters as the page holds them, not its entities) has
a quote followed by `>`: written text never has, since a converter of Markdown writes `>` as
`&gt;` and a quote typographically. The text nodes are read as a browser's tokenizer splits
a page (:func:`text_nodes`): a quoted value holds `>`, a comment and the text of `<script>`,
`<style>`, `<title>` and the like are no text of the page."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

_TAG = re.compile(r"""</?([A-Za-z][^\s/>]*+)(?:[\s/]++|[^\s/>=]++|=\s*+(?:"[^"]*+"|'[^']*+'"""
                  r"""|[^\s>]*+))*+>""")
"""A start or end tag as a browser's tokenizer reads it: its name, then attribute names and
values (a quoted value to its closing quote, whatever it holds), to the first `>` outside a
quoted value."""
_RAW = frozenset({"script", "style", "title", "textarea", "xmp", "iframe", "noembed",
                  "noframes", "noscript", "template"})
"""Elements whose content is no text of the page (raw text to their end tag), or not text a
visitor reads in it (the tab's title, a text box's value, what shows without scripts)."""
_DEBRIS = re.compile(r"""["']\s*/?\s*>""")
"""The end of a tag, outside any tag: a quote, then `>` (`">`, `' />`)."""
_SHOWN = 80
"""Characters of a fragment a finding quotes."""


def text_nodes(html: str) -> Iterator[str]:
    """The runs of text between the tags of ``html``, as they stand (entities not
    decoded): not inside a comment, a declaration (`<!DOCTYPE …>`) or an element of
    :data:`_RAW`."""
    at, end = 0, len(html)
    while at < end:
        lt = html.find("<", at)
        stop = end if lt < 0 else lt
        if stop > at:
            yield html[at:stop]
        if lt < 0:
            return
        if html.startswith("<!--", lt):
            close = html.find("-->", lt + 4)
            at = end if close < 0 else close + 3
        elif html.startswith(("<!", "<?"), lt):
            close = html.find(">", lt)
            at = end if close < 0 else close + 1
        elif (m := _TAG.match(html, lt)) is None:
            yield "<"  # a `<` that opens no tag is text
            at = lt + 1
        else:
            at = m.end()
            name = m.group(1).lower()
            if name in _RAW and html[lt + 1] != "/":
                close_tag = re.compile(rf"</{name}[\s/>]", re.I).search(html, at)
                at = close_tag.start() if close_tag else end


def fragments(html: str) -> list[str]:
    """The texts of ``html`` that hold markup debris (:data:`_DEBRIS`), each with the text
    before it when it is debris alone (`TCM group">`: what a visitor reads there), its
    blanks collapsed."""
    out: list[str] = []
    last = ""
    for node in text_nodes(html):
        text = " ".join(node.split())
        if not text:
            continue
        if _DEBRIS.search(text):
            bare = not _DEBRIS.sub("", text).strip()
            out.append(f"{last}{text}" if bare and last else text)
        last = text if not _DEBRIS.search(text) else ""
    return list(dict.fromkeys(out))


def markup_debris(old: Mapping[str, str], new: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """(fragment, the pages that show it) of each text of markup debris (:func:`fragments`)
    the new site's pages ``new`` (page -> HTML) show and no page of the old site ``old``
    shows: one a fragment, its pages the shallowest first."""
    found: dict[str, list[str]] = {}
    for page, html in new.items():
        for text in fragments(html):
            found.setdefault(text[:_SHOWN], []).append(page)
    if not found:
        return []
    before = {text[:_SHOWN] for html in old.values() for text in fragments(html)}
    return [(text, sorted(pages, key=lambda p: (p.count("/"), p)))  # the home page first
            for text, pages in found.items() if text not in before]
