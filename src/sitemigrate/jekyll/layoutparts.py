"""What an owner's changed copy of a theme layout shows on every page laid into it: the
parts of it outside any Liquid block (or in a branch that runs for the page) that hold words
or pictures of the owner's (a row of funders' logos under a heading, added to the about
layout; a line above the contact links, under `{% if page.social %}`). The theme's own
layout shows nothing such (its text is the page's, its headings' words the template's, or
under a switch of the page that is not told); a target's layout
does not show the owner's parts, so they go to the end of the page's text, where they show
as before (:func:`~.layouts.with_shown`), and a part whose Liquid reads the page or the site
cannot be carried that way: reported with its words."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..ir import Origin
from .branches import FRONT_MATTER, PageFacts, page_facts, shown_branch
from .layouts import OPENERS, layout_chain, unchanged_template
from .liquid import Token, block_end, tokenize

if TYPE_CHECKING:
    from ..plan import Plan

_OPEN = {**OPENERS, "capture": "endcapture"}
_DYNAMIC = "\0"
# an address written as a string through the URL filters: the same on any site
_URL = re.compile(r"""^\s*(['"])[^'"{}]*\1\s*\|\s*(?:relative_url|absolute_url)\s*$""")
_BRANCH = re.compile(r"\{%-?\s*(?:if|unless)\b")
_HIDDEN = ("script", "style", "link", "meta", "head", "noscript", "template")


def _static(text: str, facts: PageFacts | None = None) -> str:
    """``text`` with every Liquid block, tag and value that depends on the page or the site
    turned into a marker (the parts that hold one are not static). With ``facts`` (the
    page's), an `if` or `unless` block whose branch that runs for the page is told
    (:func:`.branches.shown_branch`) is that branch, as the page shows it."""
    return "".join(_static_tokens(tokenize(text), facts))


def _static_tokens(tokens: list[Token], facts: PageFacts | None) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.kind == "tag" and tok.name in _OPEN:
            end = block_end(tokens, i)
            shown = shown_branch(tokens, i, end, facts) \
                if facts is not None and end is not None else None
            if shown is None:
                out.append(_DYNAMIC)
            else:
                out.extend(_static_tokens(shown, facts))
            i = len(tokens) if end is None else end + 1
            continue
        if tok.kind == "text" or (tok.kind == "output" and _URL.match(tok.markup)):
            out.append(tok.text)
        elif tok.kind == "output" or (tok.kind == "tag" and tok.name not in (
                "assign", "comment")):
            out.append(_DYNAMIC)
        i += 1
    return out


def static_parts(text: str, facts: PageFacts | None = None) -> list[str]:
    """The largest parts of a layout's HTML (``text``, front matter and all) that hold
    words or a picture and no Liquid but addresses (see the module); with ``facts``, those
    of the branches that run for that page too (:func:`_static`)."""
    front = FRONT_MATTER().match(text)
    return _parts(_static(text[front.end():] if front else text, facts))


def parts_for(text: str, facts: Iterable[PageFacts]) -> list[str]:
    """The static parts of a layout's HTML (``text``) that show on any of the pages whose
    facts are ``facts`` (:func:`static_parts` of each, those of a branch that runs for one
    of them too), each once, in order; the layout is read once for each different way its
    branches run, not once a page."""
    front = FRONT_MATTER().match(text)
    body = text[front.end():] if front else text
    ways: Iterable[PageFacts | None] = facts if _BRANCH.search(body) else [None]
    found: dict[str, None] = {}
    for static in dict.fromkeys(_static(body, f) for f in ways):
        found.update(dict.fromkeys(_parts(static)))
    return list(found)


def _parts(static: str) -> list[str]:
    """The largest parts of ``static`` (:func:`_static`'s) with words or a picture and no
    marker."""
    from bs4 import BeautifulSoup
    from bs4.element import NavigableString, PreformattedString, Tag

    soup = BeautifulSoup(static, "html.parser")
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
    layout of their own (a home page's hero and contact table), with those of the branches
    that run for the page (`{% if page.social %}` on a page that sets `social: true`); each
    is reported, to be added at the end of the page's text. A heading among ``headings`` is
    the heading of a list the page's writer wrote with it (:class:`~..ir.ShownList`): not
    added again; nor is a part whose words are all the template's (its layouts' and
    includes' own runs of words: :meth:`~..template_files.Templates.writes`)."""
    from ..template_files import templates
    source = plan.from_theme
    table = templates(source) if source is not None else None
    known = table.files if table is not None else {}
    found = next(layout_chain(plan, page), None) if known else None
    if table is None or found is None or unchanged_template(plan, found[0]):
        return []  # (without the template's files no layout can be told the owner's)
    copy = found[0] in known  # (a layout of the owner's own, if not)
    from bs4 import BeautifulSoup
    parts = [p for p in static_parts(found[1], page_facts(plan, page))
             if " ".join(BeautifulSoup(p, "html.parser").get_text(" ").split()) not in headings
             and not table.writes(p)]
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


def _top_blocks(plan: Plan, page: str) -> Iterator[tuple[str, str, list[Token], int | None]]:
    """The blocks at the top of the layout SRC page ``page`` names (in no other block,
    outside `<head>`), when it is the owner's (their changed copy of a theme layout, or
    their own): each as the layout's path and text, the block's tokens (its opening tag
    first, its closing one last) and where the layout's ``{{ content }}`` is (None: none)."""
    from ..template_files import templates
    source = plan.from_theme
    found = next(layout_chain(plan, page), None) \
        if source is not None and templates(source).files else None
    if found is None or unchanged_template(plan, found[0]):
        return
    rel, text = found
    tokens = tokenize(text)
    head = re.search(r"(?is)<head\b.*?</head\s*>", text)
    content = next((t.start for t in tokens if t.kind == "output"
                    and re.fullmatch(r"content", t.markup.strip())), None)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        end = block_end(tokens, i) if tok.kind == "tag" and tok.name in OPENERS else None
        if end is None:
            i += 1
            continue
        inner, i = tokens[i:end + 1], end + 1
        if not (head and head.start() <= tok.start < head.end()):
            yield rel, text, inner, content


_DATA = re.compile(r"""\bsite\.data(?:\.([\w-]*\w)|\[\s*["']([\w-]+)["']\s*\])""")
_WORDS = frozenset({"site", "forloop", "and", "or", "contains", "in", "reversed", "limit",
                    "offset", "true", "false", "nil", "null", "empty", "blank", "include"})


def data_blocks(plan: Plan, page: str) -> list[str]:
    """The blocks of the layout SRC page ``page`` names, when it is the owner's (their
    changed copy of a theme layout, or their own), that show a data file of theirs through
    includes: a block at the top of the layout (in no other block, outside `<head>`) whose
    opening tag reads `site.data.NAME` of a `_data/NAME.*` of SRC, that runs an include of
    SRC, and whose Liquid reads nothing but the site and its own variables (the same on any
    page, on any site that has the data and the includes). Each as its text, dedented (a
    :class:`~.layouts.Lead` where it showed above the page's text), reported: the target's
    layout does not show it, and the page's text does (its includes and data go along)."""
    import textwrap

    from .layouts import QUOTED, Lead, plain_liquid
    from .liquid import include_name
    out: list[str] = []
    src = plan.source
    if src is None:
        return out
    for rel, text, inner, content in _top_blocks(plan, page):
        tok = inner[0]
        names = [m[1] or m[2] for m in _DATA.finditer(tok.markup)]
        if not names or not any(
                os.path.isfile(src / f"_data/{n}{x}") for n in names
                for x in (".yml", ".yaml", ".json", ".csv", ".tsv")):
            continue
        own: set[str] = set()
        ok, runs = True, False
        for t in inner:
            if t.kind not in ("tag", "output"):
                continue
            markup = QUOTED.sub('""', t.markup)
            if t.kind == "tag" and t.name == "include":
                name = include_name(t)
                runs = runs or bool(name and plan.source_text(f"_includes/{name}") is not None)
                ok = ok and bool(name) and "{{" not in (name or "")
                markup = markup.replace(name or "", "", 1) if name else markup
                markup = re.sub(r"\b[\w-]+\s*=", " ", markup)
            elif t.kind == "tag" and t.name not in _OPEN and t.name not in (
                    "elsif", "else", "when", "assign", "endif", "endunless", "endfor",
                    "endcase", "endcapture", "break", "continue"):
                ok = False
            elif t.kind == "tag" and t.name in ("assign", "capture", "for") and \
                    (m := re.match(r"\s*([A-Za-z_][\w-]*)", markup)):
                own.add(m[1])
                markup = markup[m.end():]
            ok = ok and plain_liquid(markup, _WORDS | own)
        if not ok or not runs:
            continue
        start = text.rfind("\n", 0, tok.start) + 1
        stop = text.find("\n", inner[-1].start)
        block = textwrap.dedent(text[start:len(text) if stop < 0 else stop]).strip("\n")
        block = "\n".join(ln.rstrip() for ln in block.splitlines() if ln.strip())
        out.append(Lead(block) if content is not None and tok.start < content else block)
        plan.report.add("own-layout-data", "info", "mapped", f"your layout `{rel}` shows "
                        f"`site.data.{names[0]}` on this page through includes (line "
                        f"{tok.line}); the target theme's layout does not, so that block "
                        "was written into the page's text, where it shows it as before (its "
                        "includes and data file go along).", Origin(page, 1))
    return out


_POSTS_LOOP = re.compile(r"\s*([A-Za-z_][\w-]*)\s+in\s+site\.posts\b")
# what Jekyll gives every post, whatever its front matter and theme (`title` from its name)
_POST_VARIABLES = frozenset({"url", "id", "date", "title", "excerpt", "categories", "tags",
                             "slug", "content", "collection", "next", "previous"})


def posts_blocks(plan: Plan, page: str) -> list[tuple[int, str]]:
    """The loops over the site's posts (`{% for post in site.posts %}`) of the layout SRC
    page ``page`` names, when it is the owner's (their changed copy of a theme layout, or
    their own): a loop at the top of the layout (in no other block, outside `<head>`) whose
    Liquid runs the same on any Jekyll site (:func:`~.layouts.builds_anywhere`: no
    include, Jekyll's filters) and reads of each post, where a visitor sees it (not inside
    an HTML comment), only what Jekyll gives every post (its address, date, title, ...).
    The posts go along and the target's Jekyll lists them alike, so each loop is written
    into the page's text (a :class:`~.layouts.Lead` where it showed above the page's
    text), with the HTML element it is the whole of (its `<ul>`), and reported: the
    target's layout does not show it. Each with where it starts in the layout."""
    import textwrap

    from .layouts import Lead, builds_anywhere
    out: list[tuple[int, str]] = []
    for rel, text, inner, content in _top_blocks(plan, page):
        tok = inner[0]
        loop = _POSTS_LOOP.match(tok.markup) if tok.name == "for" else None
        if loop is None or tok.in_html_comment:
            continue
        item = re.compile(rf"(?<![\w.]){re.escape(loop[1])}\.([\w-]+)")
        if not builds_anywhere(inner) or any(
                field not in _POST_VARIABLES for t in inner[1:]
                if t.kind in ("tag", "output") and not t.in_html_comment
                for field in item.findall(t.markup)):
            continue
        start, stop = tok.start, inner[-1].start + len(inner[-1].text)
        around = re.search(r"<(ul|ol|div|table)\b[^>]*>\s*\Z", text[:start])
        after = re.match(r"\s*</(ul|ol|div|table)\s*>", text[stop:])
        if around and after and around[1] == after[1]:
            start, stop = around.start(), stop + after.end()
        start = text.rfind("\n", 0, start) + 1
        block = textwrap.dedent(text[start:stop]).strip("\n")
        block = "\n".join(ln.rstrip() for ln in block.splitlines() if ln.strip())
        out.append((start, Lead(block) if content is not None and tok.start < content
                    else block))
        plan.report.add("own-layout-posts", "info", "mapped", f"your layout `{rel}` lists "
                        f"the site's posts on this page (line {tok.line}); the target theme's "
                        "layout does not, so that list was written into the page's text, "
                        "where it lists them as before.", Origin(page, 1))
    return out


def own_parts(plan: Plan, page: str, headings: frozenset[str] = frozenset()) -> list[str]:
    """What the owner's layout of SRC page ``page`` shows of its own that the target's does
    not: its loops over the posts (:func:`posts_blocks`) and its parts of words or pictures
    (:func:`layout_parts`), in the order the layout shows them (a part where its first
    words are in the layout, tags between them or not)."""
    posts = posts_blocks(plan, page)
    parts = layout_parts(plan, page, headings)
    if not posts or not parts:
        return [block for _, block in posts] + parts
    from bs4 import BeautifulSoup
    found = next(layout_chain(plan, page), None)
    text = found[1] if found else ""
    placed = list(posts)
    for part in parts:
        words = BeautifulSoup(part, "html.parser").get_text(" ").split()[:4]
        at = re.search(r"(?:\s|<[^>]*>)*".join(map(re.escape, words)), text) if words else None
        placed.append((at.start() if at else len(text), part))
    return [block for _, block in sorted(placed, key=lambda p: p[0])]
