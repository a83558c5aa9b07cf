"""A lossless tokeniser for Liquid in Markdown/HTML page bodies, and a checker for it.

:func:`tokenize` splits a body into text and Liquid tokens whose texts join back to the
exact input, whatever it is, so that callers can translate some tags with
:func:`replace_tokens` without touching one other byte.  :func:`find_problems` reports
what Jekyll would choke on or what is probably a typo.

Rules (close to Liquid's own tokeniser, but tolerant of broken input):

* ``{% ... %}`` is a tag and ``{{ ... }}`` an output, each ending at the first closing
  delimiter.  An opener is left in the text when no closer follows before the end of the
  input or before the next ``{%`` (for an output, also the next ``{{``): a missing ``%}``
  never swallows the rest of the page.  ``{{ }}`` inside a tag is allowed
  (``{% include {{ page.x }} %}``).  As in Liquid, though, when the next token is a tag,
  an opener left in the text before it starts a tag that ends at that tag's ``%}``
  (``{% details a {%endraw%}`` is one ``details`` tag).
* ``{% raw %}...{% endraw %}`` and ``{% comment %}...{% endcomment %}`` are single tokens
  up to the first matching end tag (Liquid comments do not nest here).  Without one, the
  opening tag is an ordinary tag and tokenising goes on after it.
* Jekyll runs Liquid inside HTML comments, so ``<!-- -->`` does not hide Liquid; tokens
  inside one have ``in_html_comment`` set.  HTML comments do not nest: the first ``-->``
  closes, a ``-->`` outside a comment is plain text.  Text tokens are split at comment
  boundaries, the delimiters belonging to the comment.  Content of raw/comment blocks and
  of Liquid tokens is not scanned for HTML comments.
* Lines are counted by ``\\n``, so CRLF input gets the same line numbers as LF input.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..formats.citation import in_text
from ..formats.content import fenced_code
from ..ir import Origin
from ..lazyre import lazy_pattern
from ..plan import Plan

if TYPE_CHECKING:
    from ..theme import Theme

__all__ = ["BLOCK_TAGS", "CORE_TAGS", "Problem", "Token", "find_problems", "include_name",
           "include_params", "raw_literal", "replace_tokens", "tokenize"]

#: Block tags checked by :func:`find_problems`; each is closed by ``end`` + its name.
BLOCK_TAGS = frozenset({"if", "unless", "for", "case", "capture", "tablerow", "raw", "comment",
                        "highlight"})
INCLUDE_TAGS = frozenset({"include", "include_relative"})
#: Tags every Jekyll site runs: Liquid's own and Jekyll's (plugins add more, per theme).
CORE_TAGS = frozenset({
    "assign", "capture", "endcapture", "case", "when", "else", "elsif", "endcase", "comment",
    "endcomment", "cycle", "decrement", "increment", "for", "endfor", "break", "continue",
    "if", "endif", "unless", "endunless", "raw", "endraw", "tablerow", "endtablerow",
    "include", "include_relative", "highlight", "endhighlight", "link", "post_url", "liquid",
    "echo", "render", "#"})

# A tag's markup may not contain "{%", an output's neither "{{" nor "{%", so a failed match
# stops at the next opener and the scan stays linear.  Quantifiers are possessive (no
# backtracking); a whitespace-control dash before the closer is left in the markup group and
# dropped in Python.  Two scanners: outside an HTML comment "<!--" matters, inside "-->".
_LIQUID = r"""
    (?P<tag> \{%-?\s*+ (?P<name>\w++|\#)? (?P<tmarkup>(?:[^%{]++|%(?!\})|\{(?!%))*+) %\} )
  | (?P<output> \{\{-? (?P<omarkup>(?:[^{}]++|\}(?!\})|\{(?![{%]))*+) \}\} )
"""
_LEX_TEXT = lazy_pattern(r"(?=[{<]) (?: " + _LIQUID + r" | (?P<open> <!-- ) )", re.X)
_LEX_COMMENT = lazy_pattern(r"(?=[{-]) (?: " + _LIQUID + r" | (?P<close> --> ) )", re.X)
_OPENER = lazy_pattern(r"\{%-?\s*+(?P<name>\w++|\#)?")
_BLOCK_END = {name: lazy_pattern(r"\{%-?\s*end" + name + r"\s*-?%\}")
              for name in ("raw", "comment")}
_TEXT_PROBLEM = lazy_pattern(r"\{[{%]|-->")  # in a text token: an unterminated opener or "-->"
_INCLUDE_FILE = lazy_pattern(r"(?:[^\s{}]*\{\{.*?\}\})+[^\s{}]*|\S+", re.S)
_PARAM = lazy_pattern(r"""(?<![\w-])([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))""")
# Inside a comment block Liquid still reads blocks: a nested comment needs its own end, and
# a raw block hides whatever it holds (an `endcomment` too).
_IN_COMMENT = lazy_pattern(r"\{%-?\s*(?P<tag>comment|endcomment|raw)\s*-?%\}")


def _comment_end(text: str, pos: int) -> re.Match | None:
    """The tag that closes the comment block whose body starts at ``pos``, as Liquid pairs
    them (nested comments, raw blocks skipped), or None when it is never closed."""
    depth = 1
    while (m := _IN_COMMENT().search(text, pos)) is not None:
        tag = m.group("tag")
        if tag == "raw":
            raw_end = _BLOCK_END["raw"]().search(text, m.end())
            if raw_end is None:
                return None
            pos = raw_end.end()
            continue
        depth += 1 if tag == "comment" else -1
        if depth == 0:
            return m
        pos = m.end()
    return None


@dataclass(frozen=True, slots=True)
class Token:
    """One slice of a page body.

    ``kind`` is ``"text"``, ``"tag"`` (``{% %}``), ``"output"`` (``{{ }}``), ``"raw"`` (a whole
    ``{% raw %}...{% endraw %}`` block) or ``"comment"`` (a whole ``{% comment %}`` block).
    ``text`` is the exact source slice starting at offset ``start`` on 1-based ``line``.
    For a tag, ``name`` is the tag name and ``markup`` what follows it, stripped; for an
    output, ``markup`` is the expression, stripped.  Whitespace-control dashes are in
    neither.  ``in_html_comment`` is true when the token starts inside ``<!-- -->``.
    """

    kind: str
    text: str
    start: int
    line: int
    name: str = ""
    markup: str = ""
    in_html_comment: bool = False


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a page body, on 1-based ``line``, described by ``message``."""

    line: int
    message: str


def _markup(src: str) -> str:
    """Markup as written, minus a closing whitespace-control dash, stripped."""
    return (src[:-1] if src.endswith("-") else src).strip()


@functools.lru_cache(maxsize=4096)
def _scan(text: str) -> tuple[tuple[Token, ...], int | None]:
    """Tokenise ``text``; also return the offset of a final unclosed ``<!--``, if any. A
    text is tokenised once a run (while it is one of the last few thousand asked): a body is
    read by the reader's checks, the example-text report and each of the writer's
    translations in turn. The tokens are frozen: callers share them."""
    tokens: list[Token] = []
    no_end: set[str] = set()  # block ends known to be absent from the rest of the text
    pos = text_start = 0
    line, counted = 1, 0  # ``line`` is the line number at offset ``counted``
    comment_open: int | None = None  # offset of the "<!--" we are inside, if any
    lex, append = _LEX_TEXT(), tokens.append
    while (m := lex.search(text, pos)) is not None:
        group, p, end = m.lastgroup, m.start(), m.end()
        start = p
        if group == "tag" and (opener := text.find("{%", text_start, p)) >= 0:
            start = opener  # Liquid ends a tag at its first `%}`: see below
        cut = end if group == "close" else start  # where the current text token ends
        if cut > text_start:
            line += text.count("\n", counted, text_start)
            counted = text_start
            append(Token("text", text[text_start:cut], text_start, line,
                         in_html_comment=comment_open is not None))
        pos = text_start = cut
        if group == "open":
            comment_open, lex, pos = p, _LEX_COMMENT(), end
            continue
        if group == "close":
            comment_open, lex = None, _LEX_TEXT()
            continue
        line += text.count("\n", counted, start)
        counted = start
        in_comment = comment_open is not None
        if start != p:
            # An opener passed over because another `{%` came before any `%}` starts, in
            # Ruby's Liquid, a tag that ends at this tag's `%}`: `{% details a {%endraw%}` is
            # `details` with markup `a {%endraw` (an ordinary tag, never a raw block).
            head = _OPENER().match(text, start)
            assert head is not None  # `start` is where the scanner saw this opener
            append(Token("tag", text[start:end], start, line, head.group("name") or "",
                         _markup(text[head.end():end - 2]), in_comment))
            pos = text_start = end
            continue
        if group == "output":
            append(Token("output", m.group(), p, line, "", _markup(m.group("omarkup")), in_comment))
            pos = text_start = end
            continue
        name = m.group("name") or ""
        if name in _BLOCK_END and name not in no_end:
            block_end = (_comment_end(text, end) if name == "comment"
                         else _BLOCK_END[name]().search(text, end))
            if block_end is not None:
                pos = text_start = block_end.end()
                append(Token(name, text[p:pos], p, line, in_html_comment=in_comment))
                continue
            no_end.add(name)  # a later block of this kind cannot be closed either
        append(Token("tag", m.group(), p, line, name, _markup(m.group("tmarkup")), in_comment))
        pos = text_start = end
    if len(text) > text_start:
        line += text.count("\n", counted, text_start)
        append(Token("text", text[text_start:], text_start, line,
                     in_html_comment=comment_open is not None))
    return tuple(tokens), comment_open


def raw_literal(text: str) -> str:
    """``text`` inside ``{% raw %}``, so that the page shows it as written, also where it
    holds an ``endraw`` tag (which would end the block early): the block is closed right
    after that tag's ``{%``, and the rest of the tag follows as plain text."""
    out, pos = [], 0
    for m in _BLOCK_END["raw"]().finditer(text):
        out.append("{% raw %}" + text[pos:m.start() + 2] + "{% endraw %}"
                   + text[m.start() + 2:m.end()])
        pos = m.end()
    if pos < len(text) or not out:
        out.append("{% raw %}" + text[pos:] + "{% endraw %}")
    return "".join(out)


def is_html_file(path: str | None) -> bool:
    """Whether Jekyll writes the file at ``path`` as it is (no Markdown converter runs)."""
    return bool(path) and str(path).lower().endswith((".html", ".htm"))


def markdown_in_html(text: str, name: str = "converted") -> str:
    """Markdown ``text`` placed in an HTML file, where Jekyll runs no Markdown converter:
    captured and printed through ``markdownify``."""
    return "{% capture " + name + " %}\n" + text + "\n{% endcapture %}\n{{ " + name + \
        " | markdownify }}"


_MD_LINK = re.compile(r"\[([^\]\n]*)\]\(((?:\{\{[^{}]*\}\}|[^()\s])+)\)")


def markdown_links_as_html(text: str) -> str:
    """``[text](url)`` links as ``<a href="url">text</a>`` (for an HTML file)."""
    return _MD_LINK.sub(lambda m: f'<a href="{m[2]}">{m[1]}</a>', text)


# A link's target: a Markdown link's (where a space may have crept in) or an `href`'s.
# a link's target holds no `]` (an unescaped one is no URI character), so a line of
# unclosed `](http://` is scanned once, each try ending at the next `]` (linear, not
# quadratic); possessive: giving back a character never ends the link on its `)`
_LINK_TARGET = re.compile(r"""(?P<md>\]\()(?P<url>https?://[^\s)\]]++(?: ++[^\s)\]"']++)*+)(?=\))"""
                          r"""|(?P<attr>\bhref=(?P<q>["']))(?P<href>https?://[^"'<>]*+)(?=(?P=q))""")


# What RFC 3986 does not allow in a URI (Ruby's `URI.parse`): a character outside its
# unreserved and reserved sets, a `%` that starts no `%HH`, a `[` or `]` (only an IPv6 host
# has them), and a second `#` (a fragment holds none)
_NOT_URI = re.compile(r"%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]")


def encoded_link_targets(text: str) -> str:
    """The web links of ``text`` with every character a URI may not hold percent-encoded
    (spaces, non-ASCII letters, `<>"{}|`, a stray `%`: a plugin that parses each link,
    al-folio's jekyll-target-blank, stops the build on them); Liquid inside a link
    (``{{ site.url }}``) is left as written."""
    from urllib.parse import quote

    def encode(url: str) -> str:
        out, fragment = [], False
        for tok in tokenize(url):
            if tok.kind in ("tag", "output"):
                out.append(tok.text)
                continue
            text = _NOT_URI.sub(lambda c: quote(c[0], safe=""), tok.text)
            if fragment or "#" in text:
                head, hash_, tail = text.partition("#") if not fragment else ("", "", text)
                text = head + hash_ + tail.replace("#", "%23")
                fragment = True
            out.append(text)
        return "".join(out)

    def fn(m: re.Match) -> str:
        if m["md"]:
            return m["md"] + encode(m["url"])
        return m["attr"] + encode(m["href"])
    return _LINK_TARGET.sub(fn, text) if "http" in text else text


def attribute_safe(text: str) -> str:
    """``text`` as a value a layout prints unescaped inside a double-quoted HTML attribute
    (al-folio's `<meta name="description" content="{{ page.description }}">`) and also as
    HTML: a `"` of an HTML tag becomes `'` (so a link stays a link), any other `"` is
    `&quot;`; Liquid in it is left as written (Liquid prints its own result)."""
    if '"' not in text:
        return text

    def part(n: int, s: str) -> str:  # odd parts are HTML tags
        return s.replace('"', "'" if n % 2 and "'" not in s else "&quot;")

    out = []
    for tok in tokenize(text):
        if tok.kind in ("tag", "output"):
            out.append(tok.text)
            continue
        parts = re.split(r"(<[A-Za-z/][^<>]*>)", tok.text)
        out.append("".join(part(n, s) for n, s in enumerate(parts)))
    return "".join(out)


def block_end(tokens: list[Token], i: int, *, shown: bool = False) -> int | None:
    """The index of the tag that closes the block tag ``tokens[i]`` (its ``end`` tag at the
    same depth); None when it is not closed. With ``shown``, tags inside an HTML comment
    do not count."""
    name, depth = tokens[i].name, 0
    for j in range(i, len(tokens)):
        tok = tokens[j]
        if tok.kind != "tag" or (shown and tok.in_html_comment):
            continue
        if tok.name == name:
            depth += 1
        elif tok.name == "end" + name:
            depth -= 1
            if depth == 0:
                return j
    return None


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens whose texts, joined, are exactly ``text``."""
    return list(_scan(text)[0])


def shown_liquid(text: str) -> str:
    """``text`` without what renders nothing a visitor sees: `{% comment %}` blocks, and
    whatever lies inside an HTML comment (Liquid still runs there, but the browser shows
    none of it): what a layout reads there, it does not show."""
    return "".join(t.text for t in tokenize(text)
                   if t.kind != "comment" and not t.in_html_comment)


def _block_problems(tokens: Sequence[Token]) -> list[tuple[int, str]]:
    """(line, message) for block tags unclosed, closed without opening or closed out of order."""
    out: list[tuple[int, str]] = []
    stack: list[Token] = []
    for tok in tokens:
        if tok.kind != "tag":
            continue
        if tok.name in BLOCK_TAGS:
            stack.append(tok)
            continue
        if not (tok.name.startswith("end") and tok.name[3:] in BLOCK_TAGS):
            continue
        opener = tok.name[3:]
        depth = next((i for i in range(len(stack) - 1, -1, -1) if stack[i].name == opener), None)
        if depth is None:
            out.append((tok.line, f"`{{% {tok.name} %}}` closes a `{{% {opener} %}}` "
                                  "that was never opened"))
            continue
        if depth != len(stack) - 1:
            inner = stack[-1]
            out.append((tok.line, f"`{{% {tok.name} %}}` closes `{{% {opener} %}}` from line "
                                  f"{stack[depth].line} while `{{% {inner.name} %}}` opened on "
                                  f"line {inner.line} is still open (closed in the wrong order)"))
        del stack[depth:]
    for tok in stack:
        out.append((tok.line, f"`{{% {tok.name} %}}` opened here is never closed with "
                              f"`{{% end{tok.name} %}}`"))
    return out


def find_problems(text: str) -> list[Problem]:
    """Problems in ``text``, sorted by line: unbalanced block tags, unterminated ``{{``/``{%``,
    and HTML comments never closed or closed without being opened."""
    tokens, comment_open = _scan(text)
    found = _block_problems(tokens)
    code = fenced_code(text)  # a `-->` or `<!--` in a code block is shown as text
    for tok in tokens:
        if tok.kind != "text":
            continue
        line, at = tok.line, 0  # lines counted on from the last match: linear time
        for m in _TEXT_PROBLEM().finditer(tok.text):  # every "{{"/"{%" left in text is unterminated
            line += tok.text.count("\n", at, m.start())
            at = m.start()
            if m.group() == "-->":
                where = tok.start + m.start()  # (in the file; `at` stays in the token)
                if not tok.in_html_comment and not any(a <= where < b for a, b in code):
                    found.append((line, "`-->` closes an HTML comment that was never opened "
                                        "with `<!--`"))
            else:
                closer = "%}" if m.group() == "{%" else "}}"
                found.append((line, f"`{m.group()}` is never closed with `{closer}`"))
    if comment_open is not None and not any(a <= comment_open < b for a, b in code):
        found.append((text.count("\n", 0, comment_open) + 1,
                      "`<!--` opened here is never closed with `-->`"))
    return [Problem(line, message) for line, message in sorted(found, key=lambda lm: lm[0])]


def include_name(tok: Token) -> str | None:
    """The file an ``include``/``include_relative`` tag includes, else None.

    ``{% include figure.liquid path="a.jpg" %}`` gives ``"figure.liquid"``; a dynamic name
    is returned as written, e.g. ``"{{ page.x }}"`` for ``{% include {{ page.x }} %}``.
    """
    if tok.kind != "tag" or tok.name not in INCLUDE_TAGS:
        return None
    m = _INCLUDE_FILE().match(tok.markup)
    return m.group() if m else ""


def include_params(tok: Token) -> dict[str, str]:
    """The ``key=value`` parameters of an include tag (empty for any other token).

    Quoted values lose their quotes; bare values (e.g. a variable name) are kept as written.
    """
    name = include_name(tok)
    if not name:
        return {}
    rest = tok.markup[len(name):]
    return {m.group(1): next(v for v in m.group(2, 3, 4) if v is not None)
            for m in _PARAM().finditer(rest)}


def replace_tokens(text: str, fn: Callable[[Token], str | None]) -> str:
    """``text`` with every token for which ``fn`` returns a string replaced by that string."""
    parts = []
    for tok in _scan(text)[0]:
        new = fn(tok)
        parts.append(tok.text if new is None else new)
    return "".join(parts)


# -- translation: a source theme's Liquid into the target's (rules of the theme mappings) ----------

_ENV: Any = None
_TEMPLATES: dict[str, Any] = {}
_EXPRESSIONS: dict[str, Any] = {}


def _jinja() -> Any:
    """The Jinja2 environment of the mappings' templates (``<< >>``/``<% %>`` delimiters, so
    that Liquid's own ``{{ }}``/``{% %}`` are plain text; strict variables)."""
    global _ENV
    if _ENV is None:
        import jinja2
        _ENV = jinja2.Environment(variable_start_string="<<", variable_end_string=">>",
                                  block_start_string="<%", block_end_string="%>",
                                  undefined=jinja2.StrictUndefined, autoescape=False)
    return _ENV


def _template(source: str) -> Any:
    """A mapping's Jinja2 template (a construct's ``write``)."""
    if source not in _TEMPLATES:
        _TEMPLATES[source] = _jinja().from_string(source)
    return _TEMPLATES[source]


def _expression(source: str) -> Any:
    """A mapping's Jinja2 expression (a ``read``'s argument), compiled once."""
    if source not in _EXPRESSIONS:
        _EXPRESSIONS[source] = _jinja().compile_expression(source, undefined_to_none=False)
    return _EXPRESSIONS[source]


def liquid_vocabulary(theme: Theme | None) -> dict[str, Any]:
    """The ``liquid`` section of ``theme``'s mapping (``reads`` and ``writes``; see the
    construct vocabulary in ``mappings/jekyll.yml``), empty for no theme."""
    return (theme.vocabulary.get("liquid") or {}) if theme is not None else {}


def reads_for(reads: list[dict], tok: Token) -> list[dict]:
    """The ``reads`` of a theme that match tag ``tok`` (by tag name or included file, and
    its markup by the read's ``markup`` pattern, if any)."""
    name = include_name(tok)
    return [read for read in reads
            if (read.get("tag") == tok.name or (name is not None
                                                and name in (read.get("include") or [])))
            and re.search(str(read.get("markup") or ""), tok.markup)]


def read_construct(read: dict, tok: Token) -> tuple[str, dict[str, Any]]:
    """The construct tag ``tok`` means by ``read`` (one of a theme's ``liquid.reads``) and its
    arguments: ``args`` is a Jinja2 expression giving all of them (``params``) or one
    expression per argument, over ``words`` (the words of the tag's markup) and ``params``
    (an include's quoted ``key="value"`` parameters; a bare variable is left out, so a
    write needing it fails and the tag is not translated)."""
    params = {k: v for k, v in include_params(tok).items()
              if re.search(rf"""\b{re.escape(k)}\s*=\s*["']""", tok.markup)}
    scope = {"words": tok.markup.split(), "params": params}
    spec = read.get("args") or {}
    if isinstance(spec, str):
        args = dict(_expression(spec)(**scope))
    else:
        args = {name: _expression(str(expr))(**scope) for name, expr in spec.items()}
    return read["construct"], args


def write_construct(write: str, args: dict[str, Any], plan: Plan,
                    scope: dict[str, Any] | None = None) -> str:
    """A construct rendered by a theme's ``liquid.writes`` template: each argument is a
    variable, ``args`` holds them all (``args.get("alt")`` for an optional one) and
    ``cite_url(key)`` is where publication ``key`` lives in DEST, ``known(key)`` whether the
    source has that entry, ``cite_label(key)`` its author-year citation and ``references()``
    the page's references (``scope`` gives them: :func:`.citations.cite_scope`). Raises
    ``jinja2.UndefinedError`` when the arguments lack what the template needs."""
    return str(_template(write).render(
        {**args, "args": args,
         "cite_url": lambda key: plan.urls.get(f"publication:{key}", f"#{key}"),
         "known": lambda key: key in plan.entries or f"publication:{key}" in plan.urls,
         "cite_label": lambda key: cite_label(plan, key), "references": lambda: "",
         **(scope or {})}))


def cite_label(plan: Plan, key: str) -> str:
    """"Wen et al., 2024" for an entry of the source; the key itself for none."""
    pub = plan.entries.get(key)
    return in_text(pub.authors, pub.year) if pub is not None else key


def _renamed_collections(source_theme: Theme | None, target: Theme) -> dict[str, str]:
    """The collections of ``source_theme`` that ``target`` names otherwise (its mapping's
    ``collections``: kind -> folder): academicpages' `portfolio` is al-folio's `projects`."""
    if source_theme is None or source_theme is target:
        return {}
    old = source_theme.vocabulary.get("collections") or {}
    new = target.vocabulary.get("collections") or {}
    return {str(old[k]).lstrip("_"): str(new[k]).lstrip("_") for k in old
            if k in new and str(old[k]).lstrip("_") != str(new[k]).lstrip("_")}


def translate_collections(body: str, source_theme: Theme | None, target: Theme, plan: Plan,
                          origin: Origin | None) -> str:
    """The owner's Liquid that reads a collection of the source theme (`site.portfolio`)
    reads the target's collection its items went to (`site.projects`): the old name is no
    collection there, and Jekyll stops the build on a filter of nothing (`sort`)."""
    if "site." not in body or "{" not in body:
        return body
    names = _renamed_collections(source_theme, target)
    if not names:
        return body
    pattern = re.compile(r"\bsite\.(" + "|".join(map(re.escape, names)) + r")\b(?![\w-])")
    return _rewritten_reads(body, "site.", pattern, lambda m: f"site.{names[m[1]]}", plan,
                            origin, "liquid-collection",
                            f"the collection's items are there in {target.name}.")


def _rewritten_reads(body: str, needle: str, pattern: re.Pattern[str],
                     repl: Callable[[re.Match[str]], str], plan: Plan, origin: Origin | None,
                     code: str, why: str) -> str:
    """``body`` with ``pattern`` replaced by ``repl`` inside its Liquid tags and values that
    hold ``needle``; each token changed is reported (``code``, ``why``) at its SRC line."""
    line0 = (origin.body_line or origin.line or 1) if origin else 1
    where = origin.path if origin else None

    def fn(tok: Token) -> str | None:
        if tok.kind not in ("tag", "output") or needle not in tok.text:
            return None
        new = pattern.sub(repl, tok.text)
        if new == tok.text:
            return None
        plan.report.mapped(code, f"`{tok.text.strip()}` → `{new.strip()}`: {why}", Origin(
            where, source_line(plan, where, tok.text, line0 + tok.line - 1)) if where else None)
        return new

    return replace_tokens(body, fn)


def translate_reads(body: str, source_theme: Theme | None, target: Theme, plan: Plan,
                    origin: Origin | None) -> str:
    """The owner's Liquid reads of what the source theme names otherwise, as the target has
    it: the owner's site variables, the collections, where a document forwards."""
    body = translate_site_variables(body, source_theme, target, plan, origin)
    body = translate_collections(body, source_theme, target, plan, origin)
    return translate_forwards(body, source_theme, target, plan, origin)


def translate_forwards(body: str, source_theme: Theme | None, target: Theme, plan: Plan,
                       origin: Origin | None) -> str:
    """The owner's Liquid that reads where a document forwards (`{{ project.redirect }}`)
    reads it as the target keeps it (each mapping's ``forward_read``): with academicpages'
    jekyll-redirect-from the `redirect_to:` written for it makes `redirect` a map, which a
    link would print whole, so the address is `redirect.to` there."""
    if source_theme is None or source_theme is target or "{" not in body:
        return body
    old = str(source_theme.vocabulary.get("forward_read") or "")
    new = str(target.vocabulary.get("forward_read") or "")
    if not old or not new or old == new or f".{old}" not in body:
        return body
    pattern = re.compile(r"(?<![\w.-])((?!site\.)[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|"
                         r"\[[^\]]*\])*?)\." + re.escape(old) + r"(?![\w-]|\.\w)")
    return _rewritten_reads(body, f".{old}", pattern, lambda m: f"{m[1]}.{new}", plan, origin,
                            "liquid-forward",
                            f"where a document forwards, as {target.name} keeps it.")


def source_line(plan: Plan, rel: str | None, needle: str, fallback: int | None) -> int | None:
    """The 1-based line of SRC file ``rel`` where ``needle`` first occurs (a body may have been
    rearranged before a writer looks at it), else ``fallback``."""
    text = plan.source_text(rel) if rel else None
    if text is None:
        return fallback
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else fallback


_OWNER_READS: dict[tuple[int, ...], tuple[tuple[Any, ...], list[dict], list[str], Any]] = {}


def _owner_reads(vocabs: tuple[dict[str, Any], ...]) -> tuple[list[dict], list[str], Any]:
    """The ``owner_variables`` reads and name variables of the themes of ``vocabs`` (their
    mapping files, which are cached and read-only), and the pattern that finds any of those
    reads; built once for the same mapping objects (kept alive here, so their ids stay
    theirs)."""
    key = tuple(id(v) for v in vocabs)
    got = _OWNER_READS.get(key)
    if got is None:
        owners = [v.get("owner_variables") or {} for v in vocabs]
        reads = [r for own in owners for r in own.get("read", [])]
        names = [n for own in owners for n in [own.get("name_variable")] if n]
        pattern = re.compile(r"\bsite\.(?:" + "|".join(
            re.escape(r.get("prefix", "")) + f"(?P<k{i}>{r['key']})"
            for i, r in enumerate(reads)) + r")\b") if reads else None
        if len(_OWNER_READS) >= 16:  # mapping files loaded anew (tests, plug-ins): forget
            _OWNER_READS.clear()
        got = _OWNER_READS[key] = (vocabs, reads, names, pattern)
    return got[1], got[2], got[3]


def _source_config(plan: Plan) -> dict[str, Any]:
    """SRC's `_config.yml` as data ({} without one, or when it does not load)."""
    from ..yamlio import settings_of
    return settings_of(plan.source_text("_config.yml") or "")


def translate_site_variables(body: str, source_theme: Theme | None, target: Theme,
                             plan: Plan, origin: Origin | None) -> str:
    """The `site.*` variables of the owner (name, email, social ids) in Liquid, as other themes
    write them, become the target's; one the target has no counterpart for is kept as written
    and reported with its line. Each theme's mapping says how its config is read in Liquid
    (``owner_variables``: the ``read`` patterns, each with the social-links column of its
    keys; the ``write`` forms; a ``name_variable`` and the Liquid of a ``full_name``): the
    reads of every other theme of ``plan.themes`` count."""
    from .. import socials
    if "site." not in body or source_theme is target or "{" not in body:
        return body
    own = target.vocabulary.get("owner_variables")
    if not own:
        return body
    line0 = (origin.body_line or origin.line or 1) if origin else 1
    where = origin.path if origin else None
    form = next(f for f in own["write"] if not f.get("unless_written") or
                f["unless_written"] not in plan.files)
    reads, names, pattern = _owner_reads(
        tuple(theme.vocabulary for theme in plan.themes if theme is not target))
    if not reads:
        return body

    def social(key: str, source_col: str, target_col: str) -> str | None:
        found = socials._theme_keys(source_col).get(key)
        if not found:
            return None
        row, col = found
        out = row.specs.get(target_col)
        return out.key if out and out.kind == col.kind and out.writable else None

    def id_of_url(key: str, rule: dict, tok: Any, var_text: str) -> str | None:
        """A profile URL where the target keeps the id (academicpages `googlescholar` →
        al-folio `scholar_userid`): the id tests the same in a condition, and an output
        that starts with the variable shows the URL built from it."""
        found = socials._theme_keys(rule["column"]).get(key)
        if not found or found[1].kind != "url" or not found[0].url_template or \
                found[0].url_template.count("{id}") != 1:
            return None
        out = found[0].specs.get(form["column"])
        if not out or out.kind != "id" or not out.writable:
            return None
        var = f"{form['prefix']}{out.key}"
        if tok.kind == "tag" and re.match(r"\{%-?\s*(if|elsif|unless)\b", tok.text):
            return var
        head, tail = found[0].url_template.split("{id}")
        if tok.kind == "output" and re.match(r"\{\{-?\s*" + re.escape(var_text) + r"\s*[|}-]",
                                             tok.text):
            return var + "".join(f" | {f}: '{v}'" for f, v in (("prepend", head),
                                                                ("append", tail)) if v) + " "
        return None

    config: list[dict[str, Any]] = []  # SRC's settings, read when a key needs them

    def by_address(key: str, rule: dict) -> str | None:
        """A key of the owner's own (`site.author.dblp`, which no column names) that the
        reader read as a profile (:func:`~sitemigrate.socials.read_owner_social`, from its
        value in SRC's config): the target's key of that service, where the target keeps
        the address as it is."""
        prefix = str(rule.get("prefix", ""))
        if key in socials.known_keys(rule["column"]) or prefix.startswith("data."):
            return None
        if not config:
            config.append(_source_config(plan))
        value: Any = config[0]
        for part in [*prefix.split(".")[:-1], key]:
            value = value.get(part) if isinstance(value, dict) else None
        found = socials.read_owner_social(rule["column"], key, value)
        row = socials.service_row(found.service) if found else None
        out = row.specs.get(form["column"]) if row else None
        return f"{form['prefix']}{out.key}" if out and out.kind == "url" and out.writable \
            else None

    written: list[dict[str, Any]] = []  # DEST's config as its writer wrote it, read once

    def kept_in_dest(key: str, rule: dict) -> bool:
        """The target's writer kept the owner's setting at the same place in DEST's config
        (a value the owner's Liquid reads that the target has no key of its own for): the
        variable as written finds it there."""
        from ..yamlio import settings_of
        if not written:
            data = plan.files.get("_config.yml")
            written.append(settings_of(data.decode("utf-8", "replace")) if data else {})
        value: Any = written[0]
        for part in [*str(rule.get("prefix", "")).split(".")[:-1], key]:
            value = value.get(part) if isinstance(value, dict) else None
        return value not in (None, "", [], {})

    def new_var(key: str, rule: dict, tok: Any = None, var_text: str = "") -> str | None:
        if key == "email":
            return str(form["email"])
        if tok is not None and (via_id := id_of_url(key, rule, tok, var_text)):
            return via_id
        found = social(key, rule["column"], form["column"])
        return by_address(key, rule) if found is None else f"{form['prefix']}{found}"

    def fn(tok: Any) -> str | None:
        if tok.kind not in ("tag", "output") or "site." not in tok.text:
            return None
        if own.get("full_name") and tok.kind == "output" and any(re.fullmatch(
                r"\{\{-?\s*" + re.escape(n) + r"\s*-?\}\}", tok.text) for n in names):
            new_text = own["full_name"]
        else:
            kept: list[str] = []

            def sub(m: re.Match) -> str:
                i = next(int(k[1:]) for k, v in m.groupdict().items() if v is not None)
                rule, key = reads[i], m[f"k{i}"]
                if rule.get("known_only") and key not in rule.get("also", []) and \
                        key not in socials.known_keys(rule["column"]):
                    return m.group()  # a key of the owner's own config: kept there
                if kept_in_dest(key, rule):  # the writer kept the old value where it was
                    return m.group()
                new = new_var(key, rule, tok, m.group())
                if new is None:
                    kept.append(m.group())
                    return m.group()
                return new
            new_text = pattern.sub(sub, tok.text)
            for var in dict.fromkeys(kept):
                plan.report.lost("site-variable", f"`{var}` ({plan.report.source_theme}) has no "
                                 f"{target.name} "
                                 "counterpart; kept as written, it renders empty there. "
                                 "Replace it by hand.", where,
                                 source_line(plan, where, tok.text, line0 + tok.line - 1))
        if new_text == tok.text:
            return None
        plan.report.mapped("site-variable", f"`{tok.text.strip()}` → `{new_text.strip()}` for "
                           f"{target.name}.", Origin(where, source_line(
                               plan, where, tok.text, line0 + tok.line - 1)) if where else None)
        return new_text

    return replace_tokens(body, fn)
