"""Which layout a page of SRC has and which branches of a layout run for it, as Jekyll and
Liquid decide: the layout its front matter names, else the one `_config.yml`'s ``defaults``
give its path and type (Jekyll's front-matter defaults: the most specific scope wins, a
later one on a tie); an ``{% if %}``/``{% elsif %}``/``{% unless %}`` branch whose condition
compares ``page.collection`` (or a key the page's front matter sets) with a literal runs only
when the page's value fits. A condition that reads anything else may run: it counts as
running."""

from __future__ import annotations

import fnmatch
import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..lazyre import lazy_pattern

if TYPE_CHECKING:
    from ..plan import Plan
    from .liquid import Token

# A file's front matter: group 1 its YAML (None when empty).
FRONT_MATTER = lazy_pattern(r"\A---[ \t]*\r?\n(.*?\r?\n)?---[ \t]*$", re.S | re.M)
_COMPARE = lazy_pattern(r"""^(?:(\w+)\.([\w-]+)\s*(==|!=)\s*(['"])(.*?)\4"""
                        r"""|(['"])(.*?)\6\s*(==|!=)\s*(\w+)\.([\w-]+))$""", re.S)
_TEST = lazy_pattern(r"^(\w+)\.([\w-]+(?:\.[\w-]+)*)$")
_OPEN = frozenset({"if", "unless", "case", "for", "tablerow", "capture"})
_CLOSE = {"endif": "if", "endunless": "unless", "endcase": "case", "endfor": "for",
          "endtablerow": "tablerow", "endcapture": "capture"}


@dataclass(frozen=True)
class PageFacts:
    """What a branch condition may be decided by: the page's collection label (None for a
    page of no collection) and the values its own front matter sets."""

    collection: str | None
    front: dict[str, Any]


def _front(text: str | None) -> dict[str, Any]:
    m = FRONT_MATTER().match(text) if text is not None else None
    return _front_values(m[1] or "") if m else {}


@functools.lru_cache(maxsize=1024)
def _front_values(yaml_text: str) -> dict[str, Any]:
    """A front matter's values, loaded once a run however often a page's layouts and
    branches are asked about (a page's layout chain, then each key it shows): shared, so
    a caller reads them and never changes them."""
    from ..yamlio import load_safe
    try:
        data = load_safe(yaml_text, last_wins=True)
    except Exception:  # front matter that does not load: nothing to decide by
        data = None
    return data if isinstance(data, dict) else {}


def _config(plan: Plan) -> dict[str, Any]:
    from ..yamlio import settings_of
    return settings_of(plan.source_text("_config.yml") or "")


def doc_type(config: dict[str, Any], page: str) -> str | None:
    """The collection label of SRC file ``page`` (``posts`` in `_posts/`), None for a page."""
    first = page.split("/", 1)[0] if "/" in page else ""
    if first == "_posts" or first.startswith("_posts"):
        return "posts"
    cols = config.get("collections")
    names = {str(n) for n in (cols if isinstance(cols, (dict, list)) else [])}
    return first[1:] if first.startswith("_") and first[1:] in names else None


def page_facts(plan: Plan, page: str) -> PageFacts:
    """The facts of SRC file ``page`` that branch conditions are decided by."""
    return PageFacts(doc_type(_config(plan), page), _front(plan.source_text(page)))


def page_layout(plan: Plan, page: str) -> str:
    """The layout of SRC file ``page``: its front matter's ``layout``, else the ``layout`` of
    the `_config.yml` ``defaults`` whose scope fits its path and type (``pages`` for a page
    of no collection), the one with the longest scope path, then with a type, then the
    later; "" for none."""
    return layout_of(plan.source_text(page), _config(plan), page)


def layout_of(text: str | None, config: dict[str, Any], page: str) -> str:
    """The layout of the file ``page`` whose text is ``text``, of a site whose `_config.yml`
    reads as ``config``: :func:`page_layout`, for a tree that is no plan's."""
    front = _front(text)
    if "layout" in front:  # its own, also `layout: null` (none, over any default)
        return str(front["layout"]) if front["layout"] else ""
    kind = doc_type(config, page) or "pages"
    best: tuple[int, int, int] | None = None
    layout = ""
    defaults = config.get("defaults")  # a wrong type is reported with the config's keys
    for n, entry in enumerate(defaults if isinstance(defaults, list) else []):
        if not isinstance(entry, dict) or not isinstance(entry.get("values"), dict) \
                or "layout" not in entry["values"]:
            continue
        scope: dict[str, Any] = entry["scope"] if isinstance(entry.get("scope"), dict) else {}
        path = str(scope.get("path") or "").strip("/")
        if scope.get("type") not in (None, "", kind):
            continue
        if path and not (page == path or page.startswith(path + "/")
                         or ("*" in path and fnmatch.fnmatch(page, path + "*"))):
            continue
        rank = (len(path), 1 if scope.get("type") else 0, n)
        if best is None or rank > best:
            best, layout = rank, str(entry["values"]["layout"] or "")
    return layout


def _lookup(front: Any, path: list[str]) -> tuple[bool, Any]:
    """(whether the front matter decides it, its value) of a dotted key path: a part below
    a plain value (`latest_posts: false`, then `.enabled`) is nil, as Liquid reads it."""
    for part in path:
        if isinstance(front, list) or (isinstance(front, dict) and part not in front):
            return False, None
        front = front[part] if isinstance(front, dict) else None
    return True, front


def _holds(condition: str, facts: PageFacts, var: str = "page") -> bool | None:
    """Whether a Liquid condition holds for the page: decided only for ``and``-joined
    comparisons of ``VAR.KEY`` (``page.KEY`` in its layout, ``post.KEY`` in a listing's
    include) with a literal where the page's value is known (its collection, or a key its
    front matter sets), and tests of ``VAR.KEY`` (dotted: ``page.latest_posts.enabled``)
    the front matter sets, which hold unless it is nil or false, as Liquid reads it; None
    when it cannot be told here."""
    if re.search(r"\bor\b", condition):
        return None
    verdict: bool | None = True
    for part in re.split(r"\band\b", condition):
        if (test := _TEST().match(part.strip())) and test[1] == var:
            found, tested = _lookup(facts.front, test[2].split("."))
            if not found:
                verdict = None
            elif tested is None or tested is False:
                return False
            continue
        m = _COMPARE().match(part.strip())
        if not m or (m[1] or m[9]) != var:
            verdict = None
            continue
        key, op, literal = (m[2], m[3], m[5]) if m[1] else (m[10], m[8], m[7])
        if key == "collection":
            value: Any = facts.collection
        elif key in facts.front and not isinstance(facts.front[key], (dict, list)):
            value = facts.front[key]
        else:
            verdict = None
            continue
        same = value is not None and str(value) == literal
        if same != (op == "=="):
            return False
    return verdict


def condition_holds(condition: str, facts: PageFacts, var: str = "page") -> bool | None:
    """Whether the Liquid ``condition`` holds for the page whose facts are ``facts`` (read
    as ``var``: ``p`` in a header's `{% for p in site.pages %}`), as far as it can be told
    here (:func:`_holds`); None when it cannot."""
    return _holds(condition, facts, var)


def shown_branch(tokens: list[Token], i: int, end: int, facts: PageFacts,
                 var: str = "page") -> list[Token] | None:
    """The tokens of the branch of the ``{% if %}`` or ``{% unless %}`` block ``tokens[i]``
    (closed by ``tokens[end]``) that runs for the page: the first whose condition holds
    (:func:`_holds`; an ``unless`` one it fails), else its ``{% else %}`` branch, else none
    (an empty list); None when a condition before it cannot be told here (or the block is
    of another tag)."""
    if tokens[i].name not in ("if", "unless"):
        return None
    branches: list[tuple[Token, int, int]] = []
    opener, begin, depth = tokens[i], i + 1, 0
    for j in range(i + 1, end):
        tok = tokens[j]
        if tok.kind != "tag":
            continue
        if tok.name in _OPEN:
            depth += 1
        elif tok.name in _CLOSE:
            depth -= 1
        elif not depth and tok.name in ("elsif", "else"):
            branches.append((opener, begin, j))
            opener, begin = tok, j + 1
    branches.append((opener, begin, end))
    for n, (tag, first, last) in enumerate(branches):
        if tag.name == "else":
            return tokens[first:last]
        holds = _holds(tag.markup, facts, var)
        if holds is not None and n == 0 and tag.name == "unless":
            holds = not holds
        if holds is None:
            return None
        if holds:
            return tokens[first:last]
    return []


_UNSEEN = lazy_pattern(r"<(?:meta|link)\b[^<>]*\Z|<(title|script|style)\b[^<]*?>(?:(?!</\1).)*\Z",
                       re.S | re.I)


def runs_at(text: str, offset: int, facts: PageFacts, var: str = "page") -> bool:
    """Whether the Liquid at ``offset`` of layout ``text`` runs for the page where a visitor
    sees it: False inside a comment (Liquid's or HTML's), inside a ``<meta>`` or ``<link>``
    tag or a ``<title>``, ``<script>`` or ``<style>`` element (what it writes there is no
    text of the page), and when a branch around it has a condition the page fails (an
    ``unless`` one it meets)."""
    from .liquid import tokenize
    stack: list[tuple[str, str | None]] = []
    html = []
    for tok in tokenize(text):
        if tok.start + len(tok.text) > offset:
            if tok.kind == "comment" or tok.in_html_comment:
                return False
            break
        if tok.kind == "text":
            html.append(tok.text)
        if tok.kind != "tag":
            continue
        if tok.kind != "tag":
            continue
        if tok.name in _OPEN:
            stack.append((tok.name, tok.markup if tok.name in ("if", "unless") else None))
        elif tok.name == "elsif" and stack:
            stack[-1] = ("if", tok.markup)
        elif tok.name in ("else", "when") and stack:
            stack[-1] = (stack[-1][0], None)
        elif tok.name in _CLOSE and stack:
            stack.pop()
    if _UNSEEN().search("".join(html)[-2000:]):
        return False
    for name, condition in stack:
        if condition is None:
            continue
        holds = _holds(condition, facts, var)
        if (name == "if" and holds is False) or (name == "unless" and holds is True):
            return False
    return True
