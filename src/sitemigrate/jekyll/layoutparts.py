"""What an owner's changed copy of a theme layout shows on every page laid into it: the
parts of it outside any Liquid block that hold words or pictures of the owner's (a row of
funders' logos under a heading, added to the about layout). The theme's own layout shows
nothing such (its text is the page's, or under a switch of the page); a target's layout
does not show the owner's parts, so they go to the end of the page's text, where they show
as before (:func:`~.layouts.with_shown`), and a part whose Liquid reads the page or the site
cannot be carried that way: reported with its words."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..ir import Origin
from .layouts import _FRONT, _OPENERS, _theirs, layout_chain
from .liquid import tokenize

if TYPE_CHECKING:
    from ..plan import Plan

_OPEN = {**_OPENERS, "capture": "endcapture"}
_DYNAMIC = "\0"
# an address written as a string through the URL filters: the same on any site
_URL = re.compile(r"""^\s*(['"])[^'"{}]*\1\s*\|\s*(?:relative_url|absolute_url)\s*$""")
_HIDDEN = ("script", "style", "link", "meta", "head", "noscript", "template")


def _static(text: str) -> str:
    """``text`` with every Liquid block, tag and value that depends on the page or the site
    turned into a marker (the parts that hold one are not static)."""
    out: list[str] = []
    closing: list[str] = []
    for tok in tokenize(text):
        if tok.kind == "tag" and tok.name in _OPEN:
            closing.append(_OPEN[tok.name])
            out.append(_DYNAMIC)
        elif tok.kind == "tag" and closing and tok.name == closing[-1]:
            closing.pop()
        elif closing or tok.kind in ("comment", "raw"):
            continue
        elif tok.kind == "text" or (tok.kind == "output" and _URL.match(tok.markup)):
            out.append(tok.text)
        elif tok.kind == "output" or tok.name not in ("assign", "comment"):
            out.append(_DYNAMIC)
    return "".join(out)


def static_parts(text: str) -> list[str]:
    """The largest parts of a layout's HTML (``text``, front matter and all) that hold
    words or a picture and no Liquid but addresses (see the module)."""
    from bs4 import BeautifulSoup
    from bs4.element import NavigableString, PreformattedString, Tag

    front = _FRONT().match(text)
    soup = BeautifulSoup(_static(text[front.end():] if front else text), "html.parser")
    parts: list[str] = []

    def visit(node: object) -> None:
        if isinstance(node, PreformattedString):  # a comment, `<!DOCTYPE html>`, CDATA
            return
        if isinstance(node, NavigableString):
            if _DYNAMIC not in node and re.search(r"\w", node):
                parts.append(str(node).strip())
            return
        if not isinstance(node, Tag) or node.name in _HIDDEN:
            return
        html = str(node)
        if _DYNAMIC not in html:
            if re.search(r"\w", node.get_text()) or node.name == "img" or node.find("img"):
                parts.append(html)
            return
        for child in node.children:
            visit(child)
    for child in soup.children:
        visit(child)
    return parts


def layout_parts(plan: Plan, page: str, headings: frozenset[str] = frozenset()) -> list[str]:
    """The static parts (:func:`static_parts`) of the layout SRC page ``page`` names, when
    it is the owner's: their changed copy of a layout of the source theme's template, or a
    layout of their own (a home page's hero and contact table); each is reported, to be
    added at the end of the page's text. A heading among ``headings`` is
    the heading of a list the page's writer wrote with it (:class:`~..ir.ShownList`): not
    added again."""
    from ..template_files import templates
    source = plan.from_theme
    known = templates(source).files if source is not None else {}
    found = next(layout_chain(plan, page), None) if known else None
    if found is None or _theirs(plan, found[0]):
        return []  # (without the template's files no layout can be told the owner's)
    copy = found[0] in known  # (a layout of the owner's own, if not)
    from bs4 import BeautifulSoup
    parts = [p for p in static_parts(found[1])
             if " ".join(BeautifulSoup(p, "html.parser").get_text(" ").split()) not in headings]
    if parts:
        said = " ".join(BeautifulSoup(" ".join(parts), "html.parser").get_text(" ").split())
        whose = "your changed copy of the theme's" if copy else "a layout of your own"
        plan.report.add("own-layout-part", "warning", "verbatim", f"your layout `{found[0]}` "
                        f"({whose}) shows on this page {len(parts)} "
                        f"part(s) of its own ({said[:80] or 'pictures'}"
                        f"{'…' if len(said) > 80 else ''}); the target theme's layout does "
                        "not, so they were added at the end of the page's text. Check how "
                        "they look there.", Origin(page, 1))
    return parts
