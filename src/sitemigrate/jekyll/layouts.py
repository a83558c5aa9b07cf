"""What SRC's own layouts show of a page: the layout a page names, and the layouts that
layout is laid into, read as Jekyll reads them (``_layouts/<name>.*``, each one's own
``layout:``), to tell whether a front-matter key is shown (``page.KEY`` in one of them).
Only layouts the owner wrote or changed count: what the theme's own layouts show is the
theme package's to read and write (its reader and writer)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..lazyre import lazy_pattern
from ..textio import read_source
from .branches import FRONT_MATTER
from .liquid import Token, block_end, include_name, is_html_file, tokenize

if TYPE_CHECKING:
    from ..plan import Plan
    from ..report import Report

_LAYOUT_KEY = lazy_pattern(r"^layout:[ \t]*['\"]?([\w.-]+)", re.M)
_SUFFIXES = (".html", ".liquid", ".md", ".markdown")
_LINK = lazy_pattern(r"""<a\s[^<>]*?\bhref\s*=\s*["']?""", re.I)


def layout_named(text: str | None) -> str:
    """The layout a file's front matter names (``layout:``), or ""."""
    front = FRONT_MATTER().match(text) if text is not None else None
    m = _LAYOUT_KEY().search(front[1] or "") if front else None
    return m[1] if m else ""


def source_layout(root: Path, name: str, report: Report | None = None) -> str | None:
    """The text of SRC's layout ``name`` (``_layouts/<name>.*``, read inside ``root``), at
    reading time, before a plan exists; None when SRC has none of that name."""
    for suffix in _SUFFIXES:
        rel = f"_layouts/{name}{suffix}"
        if (root / rel).is_file():
            data = read_source(root / rel, rel, report, root=root)
            return None if data is None else data.decode("utf-8", errors="replace")
    return None


def with_own_includes(root: Path, text: str, report: Report | None = None,
                      seen: frozenset[str] = frozenset()) -> str:
    """SRC code ``text`` with, after each `{% include NAME %}` whose `_includes/NAME` SRC
    has, that include's text (and so on in it): what Jekyll renders where the tag stands,
    so what an include of the owner's reads, the layout that includes it shows. The tag
    stays as written; an include named by a variable, one SRC does not have (a theme gem's)
    and one already being put in (an include that includes itself) add nothing."""
    out = []
    for tok in tokenize(text):
        out.append(tok.text)
        name = include_name(tok) if tok.name == "include" else None
        rel = f"_includes/{name}"
        if not name or "{" in name or name in seen or not (root / rel).is_file():
            continue
        data = read_source(root / rel, rel, report, root=root)
        if data is not None:
            out.append(with_own_includes(root, data.decode("utf-8", errors="replace"), report,
                                         seen | {name}))
    return "".join(out)


def source_chain(root: Path, page: str, report: Report | None = None) -> list[tuple[str, str]]:
    """The layouts SRC page ``page`` is laid into, at reading time: each as its name and
    text, the page's own layout first, then the one that layout names, and so on."""
    data = read_source(root / page, page, report, root=root)
    name = layout_named(data.decode("utf-8", errors="replace")) if data else ""
    return named_chain(root, name, report)[0]


def named_chain(root: Path, name: str, report: Report | None = None
                ) -> tuple[list[tuple[str, str]], bool]:
    """SRC's layout ``name`` and the layouts it is laid into, at reading time (each as its
    name and text), and whether SRC has all of them (False when one named is not SRC's:
    a theme's gem or the template's own that SRC left out)."""
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    while name and name not in seen:
        seen.add(name)
        text = source_layout(root, name, report)
        if text is None:
            return found, False
        found.append((name, text))
        name = layout_named(text)
    return found, True


def unchanged_template(plan: Plan, rel: str) -> bool:
    """Whether SRC's ``rel`` is a file of the source theme's template, unchanged."""
    from ..template_files import is_template_file
    return plan.from_theme is not None and plan.source is not None and \
        is_template_file(plan.from_theme, plan.source, rel)


def _layout(plan: Plan, name: str) -> tuple[str, str] | None:
    """SRC's layout ``name``: its path and text, None when SRC has none of that name."""
    for suffix in _SUFFIXES:
        rel = f"_layouts/{name}{suffix}"
        text = plan.source_text(rel)
        if text is not None:
            return rel, text
    return None


def layout_chain(plan: Plan, page: str) -> Iterator[tuple[str, str]]:
    """SRC's layouts of ``page`` as Jekyll lays it: the one it names, or that `_config.yml`'s
    ``defaults`` give it (:func:`~.branches.page_layout`), then the one that one names, ...
    (path, text), to the first that SRC lacks or that comes round again."""
    from .branches import page_layout
    name, seen = page_layout(plan, page), set()
    while name and name not in seen:
        seen.add(name)
        found = _layout(plan, name)
        if found is None:
            return
        yield found
        name = layout_named(found[1])


def shown_by(plan: Plan, page: str, key: str, theirs: bool = False, output: bool = False
             ) -> tuple[str, int] | None:
    """Where SRC's layouts show front-matter key ``key`` of SRC page ``page``: the layout's
    path and the line of its first ``page.KEY`` (``page["KEY"]``) that runs for this page,
    following its chain of layouts (:func:`layout_chain`); a read inside a branch whose
    condition this page fails (``{% if page.collection == 'talks' %}`` on a page of no
    collection) shows nothing on it. None when the page has no layout of SRC's own, none
    reads the key where it runs, or the one that does is the theme's own, unchanged (with
    ``theirs``: only that one, the theme's own, is found). With ``output``, only a
    ``{{ page.KEY }}`` that writes page text counts, or a link's address a visitor follows
    (`<a href="{{ page.KEY }}">`): not a test, not one inside another HTML tag or attribute
    (a `<meta content=...>`) or an HTML comment."""
    from .branches import PageFacts, page_facts, runs_at
    reads = _reads(key, output)
    facts: PageFacts | None = None  # read where a layout reads the key, not before

    def shows(text: str, at: int) -> bool:
        tag = text.rfind("<", 0, at)
        return not output or ((tag <= text.rfind(">", 0, at)
                               or _LINK().fullmatch(text, tag, at) is not None)
                              and text.rfind("<!--", 0, at) <= text.rfind("-->", 0, at))

    def runs(text: str, at: int) -> bool:
        nonlocal facts
        facts = facts or page_facts(plan, page)
        return runs_at(text, at, facts)
    for rel, text in layout_chain(plan, page):
        hit = next((h for h in reads.finditer(text)
                    if shows(text, h.start()) and runs(text, h.start())), None)
        if hit:
            return None if unchanged_template(plan, rel) != theirs else \
                (rel, text.count("\n", 0, hit.start()) + 1)
    return None


def _reads(key: str, output: bool = False, loop: bool = False) -> re.Pattern[str]:
    """``page.KEY`` (``page["KEY"]``) in Liquid; ``output``: only where it is output
    (``{{ page.KEY ...}}``), not where a tag only tests it; ``loop``: or looped over
    (``{% for x in page.KEY %}``)."""
    lead = r"\{\{-?\s*" if output else r"\b"
    if loop:
        lead = rf"(?:{lead}|\{{%-?\s*for\s+\w+\s+in\s+)"
    return re.compile(rf"""{lead}page(?:\.{re.escape(key)}\b|\[\s*['"]{re.escape(key)}['"]\s*\])""")


def dest_shows(plan: Plan, layout: str, key: str) -> tuple[str, int] | None:
    """Where DEST's checkout shows front-matter key ``key`` of a page it lays out with
    ``layout``: the first layout of that chain (each one's own ``layout:``) that outputs
    ``{{ page.KEY }}`` or loops over it (`{% for author in page.authors %}`: a list it
    shows item by item), as its name and line; None when none does (one that only tests it,
    `{% if page.collection == 'x' %}`, does not show it), or DEST has no such layout."""
    from .checkout import layout_text
    reads = _reads(key, output=True, loop=True)
    seen: set[str] = set()
    while layout and layout not in seen:
        seen.add(layout)
        text = layout_text(plan, layout)
        if text is None:
            return None
        hit = reads.search(text)
        if hit:
            return layout, text.count("\n", 0, hit.start()) + 1
        layout = layout_named(text)
    return None


OPENERS = {"if": "endif", "unless": "endunless", "for": "endfor", "case": "endcase"}
_PLAIN_TAGS = frozenset({*OPENERS, *OPENERS.values(), "elsif", "else", "when", "assign",
                         "capture", "endcapture", "break", "continue", "cycle", "increment",
                         "decrement"})


def shown_block(plan: Plan, page: str, key: str) -> tuple[str, int, int, str] | None:
    """The part of SRC's layout that shows front-matter key ``key`` of ``page``: the block
    (``{% if page.KEY %}...{% endif %}``, a ``for``, ``unless`` or ``case``) whose opening tag
    reads the key, as (layout, first line, last line, its text, dedented), when it runs the
    same on any Jekyll site: plain Liquid only (no include, no plugin tag, no ``content``).
    None otherwise, or when no layout of SRC's own shows the key."""
    import textwrap

    from .branches import page_facts, runs_at
    from .liquid import tokenize
    facts = page_facts(plan, page)
    where = shown_by(plan, page, key)
    if where is None:
        return None
    rel, _ = where
    text = plan.source_text(rel) or ""
    tokens = tokenize(text)
    for i, end in _key_blocks(tokens, key, lambda tok: runs_at(text, tok.start, facts)):
        if end is None:
            return None
        tok = tokens[i]
        inner = tokens[i:end + 1]
        if text.rfind("<", 0, tok.start) > text.rfind(">", 0, tok.start):
            return None  # inside an HTML tag (a class, a style): its lines are the element's
        if any(t.kind == "raw" or (t.kind == "tag" and t.name not in _PLAIN_TAGS)
               or (t.kind in ("tag", "output") and re.search(r"(?<![\w.])content\b", t.markup))
               for t in inner):
            return None
        start = text.rfind("\n", 0, tok.start) + 1
        stop = text.find("\n", tokens[end].start)
        stop = len(text) if stop < 0 else stop
        last = tokens[end].line + tokens[end].text.count("\n")
        return rel, tok.line, last, textwrap.dedent(text[start:stop]).strip("\n")
    return None


class Lead(str):
    """Liquid of a layout's that goes before the page's text (the layout had it before
    ``{{ content }}``), where :func:`with_shown` puts it; a plain ``str`` goes after. It has
    no blank line: Jekyll's excerpt of a document (its text to the first one) must not end
    inside a Liquid block."""

    __slots__ = ()


# Liquid's own filters and Jekyll's: every Jekyll site has them, whatever its theme.
JEKYLL_FILTERS = frozenset({
    "abs", "append", "at_least", "at_most", "capitalize", "ceil", "compact", "concat", "date",
    "default", "divided_by", "downcase", "escape", "escape_once", "first", "floor", "join",
    "last", "lstrip", "map", "minus", "modulo", "newline_to_br", "plus", "prepend", "remove",
    "remove_first", "remove_last", "replace", "replace_first", "replace_last", "reverse",
    "round", "rstrip", "size", "slice", "sort", "sort_natural", "split", "strip", "strip_html",
    "strip_newlines", "sum", "times", "truncate", "truncatewords", "uniq", "upcase",
    "url_decode", "url_encode", "where", "absolute_url", "relative_url", "date_to_xmlschema",
    "date_to_rfc822", "date_to_string", "date_to_long_string", "where_exp", "find", "find_exp",
    "group_by", "group_by_exp", "xml_escape", "cgi_escape", "uri_escape", "number_of_words",
    "array_to_sentence_string", "markdownify", "smartify", "sassify", "scssify", "slugify",
    "jsonify", "normalize_whitespace", "sample", "to_integer", "push", "pop", "shift",
    "unshift", "inspect"})
# What a plain expression may name besides its own variables: the page and the site (the
# same on the new site), a loop's `forloop`, Liquid's words and literals.
_NAMES = frozenset({"page", "site", "forloop", "jekyll", "and", "or", "contains", "in",
                    "reversed", "limit", "offset", "true", "false", "nil", "null", "empty",
                    "blank"})
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
_FILTER = re.compile(r"\|\s*([\w-]+)")
_ROOT = re.compile(r"(?<![\w.\-\]])([A-Za-z_][\w-]*)")


def builds_anywhere(tokens: list[Token]) -> bool:
    """Whether Liquid ``tokens`` (a block of a theme's layout) run the same on any Jekyll
    site: plain tags only (no include, no plugin tag, no ``content``), Liquid's and Jekyll's
    filters only, and no variable but the page's, the site's and the ones the block sets
    (not one the layout set before it: `base_path`, from an include)."""
    own: set[str] = set()
    for t in tokens:
        if t.kind == "raw" or (t.kind == "tag" and t.name not in _PLAIN_TAGS):
            return False
        if t.kind not in ("tag", "output"):
            continue
        markup = QUOTED.sub('""', t.markup)
        if t.kind == "tag" and t.name in ("assign", "capture", "for", "increment",
                                          "decrement") and (m := _ROOT.match(markup)):
            own.add(m[1])
            markup = markup[m.end():]
        if not plain_liquid(markup, _NAMES | own):
            return False
    return True


def plain_liquid(markup: str, known: Set[str]) -> bool:
    """Whether Liquid ``markup`` (its quoted strings blanked: :data:`QUOTED`) runs the same
    on any Jekyll site: it reads no ``content``, uses Liquid's and Jekyll's filters only, and
    names no variable but those in ``known``."""
    if re.search(r"(?<![\w.])content\b", markup) or any(
            f not in JEKYLL_FILTERS for f in _FILTER.findall(markup)):
        return False
    return all(n in known for n in _ROOT.findall(_FILTER.sub("", markup)))


def their_block(plan: Plan, page: str, key: str) -> tuple[str, int, int, Lead | str] | None:
    """The part of the old theme's own layout (unchanged) that writes front-matter key
    ``key`` of SRC page ``page`` into its text (:func:`shown_by` with ``theirs`` and
    ``output``: a plain value, ``{{ page.venue }}``, not a list a loop reads): the
    innermost block around that output (``{% if page.venue %}...{% endif %}``, or an
    ``if ... elsif page.venue ...`` one) whose condition reads the key, as (layout, first
    line, last line, its text dedented), a :class:`Lead` when it comes before that layout's
    ``{{ content }}``. None when none does, or it would not run the same on the new site
    (:func:`builds_anywhere`)."""
    import textwrap

    from .branches import page_facts, runs_at
    from .liquid import tokenize
    where = shown_by(plan, page, key, theirs=True, output=True)
    if where is None:
        return None
    rel, line = where
    text = plan.source_text(rel) or ""
    facts = page_facts(plan, page)
    tokens = tokenize(text)
    reads, shows = _reads(key), _reads(key, output=True)
    hit = next((t for t in tokens if t.kind == "output" and t.line >= line
                and shows.search(t.text) and runs_at(text, t.start, facts)), None)
    if hit is None:
        return None
    stack: list[int] = []  # the blocks open at the output
    for i, tok in enumerate(tokens):
        if tok is hit:
            break
        if tok.kind == "tag" and tok.name in OPENERS:
            stack.append(i)
        elif tok.kind == "tag" and tok.name in OPENERS.values() and stack:
            stack.pop()
    opener = end = None
    for i in reversed(stack):  # the innermost whose condition (a branch's) reads the key
        end, depth, reading = block_end(tokens, i), 0, False
        for tok in tokens[i:(end or i) + 1]:
            if tok.kind == "tag" and tok.name in OPENERS:
                depth += 1
            elif tok.kind == "tag" and tok.name in OPENERS.values():
                depth -= 1
            reading = reading or (depth == 1 and tok.kind == "tag" and tok.name in (
                *OPENERS, "elsif", "when") and bool(reads.search(tok.markup)))
        if reading:
            opener = i
            break
    if opener is None:  # written whatever its value: its line, when a whole element
        start = text.rfind("\n", 0, hit.start) + 1
        stop = text.find("\n", hit.start)
        stop = len(text) if stop < 0 else stop
        on_line = [t for t in tokens if t.start < stop and t.start + len(t.text) > start]
        if any(t.kind not in ("text", "output") for t in on_line) \
                or not _whole_elements(text[start:stop]) or not builds_anywhere(on_line):
            return None
        opener = end = tokens.index(hit)
    elif end is None or not builds_anywhere(tokens[opener:end + 1]):
        return None
    start = text.rfind("\n", 0, tokens[opener].start) + 1
    stop = text.find("\n", tokens[end].start)
    stop = len(text) if stop < 0 else stop
    block = "\n".join(ln.rstrip() for ln in textwrap.dedent(text[start:stop]).strip("\n")
                      .splitlines())
    content = next((t.start for t in tokens if t.kind == "output"
                    and re.fullmatch(r"content", t.markup)), None)
    last = tokens[end].line + tokens[end].text.count("\n")
    if content is None or tokens[end].start > content:
        return rel, tokens[opener].line, last, block
    return rel, tokens[opener].line, last, Lead(re.sub(r"\n\s*(?=\n)", "", block))


_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr", "source", "col"})


def _whole_elements(line: str) -> bool:
    """Whether a layout's ``line`` is whole elements: each tag it opens, it closes (a
    `<p class="x">{{ page.KEY }}</p>`), and it closes none it did not open."""
    stack: list[str] = []
    for close, name in re.findall(r"<(/?)([A-Za-z][\w-]*)[^<>]*>", line):
        name = name.lower()
        if close:
            if not stack or stack.pop() != name:
                return False
        elif name not in _VOID:
            stack.append(name)
    return not stack and "<" in line


def _key_blocks(tokens: list[Token], key: str,
                runs: Callable[[Token], bool] = lambda tok: True,
                ) -> Iterator[tuple[int, int | None]]:
    """The blocks of a layout's ``tokens`` whose opening tag (``if``, ``unless``, ``for``,
    ``case``) reads front-matter key ``key`` and ``runs`` (for the page at hand): each as
    the index of its opening tag and of its closing one (None when it is not closed)."""
    reads = _reads(key)
    for i, tok in enumerate(tokens):
        if tok.kind != "tag" or tok.name not in OPENERS or not reads.search(tok.markup) \
                or not runs(tok):
            continue
        yield i, block_end(tokens, i)


def switch_block(text: str, key: str) -> str:
    """The text of the first block of layout ``text`` whose opening tag reads front-matter
    key ``key`` (``{% if page.KEY %}...{% endif %}``), opening and closing tags included;
    "" when none does (or it is not closed)."""
    from .liquid import tokenize
    tokens = tokenize(text)
    for i, end in _key_blocks(tokens, key):
        if end is None:
            return ""
        return text[tokens[i].start:tokens[end].start + len(tokens[end].text)]
    return ""


def with_shown(body: str, blocks: list[str], out: str) -> str:
    """``body`` with the parts of SRC's layouts that showed its page's keys (from
    :func:`extra_key`) at its end, each once; a :class:`Lead` one at its start. In a
    Markdown page (``out``) they are HTML that kramdown must pass as it is (its GFM parser
    ends an HTML block at a blank line and reads the indented lines after it as code):
    inside `{::nomarkdown}`."""
    parts = [b for b in dict.fromkeys(blocks) if b]
    lead = "\n".join(b for b in parts if isinstance(b, Lead))  # no blank line: see Lead
    shown = "\n\n".join(b for b in parts if not isinstance(b, Lead))
    if not is_html_file(out):
        lead, shown = (f"{{::nomarkdown}}\n{b}\n{{:/nomarkdown}}" if b else ""
                       for b in (lead, shown))
    if lead:
        body = lead + "\n\n" + body.lstrip("\n")
    return body.rstrip("\n") + "\n\n" + shown + "\n" if shown else body


def owner_code_reading(plan: Plan, key: str, page: str) -> str | None:
    """The first include of SRC's own (not a template's file as it ships) whose Liquid,
    where a visitor sees it, reads ``post.KEY`` of the documents a page lists (an owner's
    `archive-single.html`) where it runs for SRC document ``page`` (not in a branch of
    ``post.collection == 'other'``): what it showed of it, the target's includes may not.
    (What a document's own layout shows of it, :func:`shown_by` tells.)"""
    return next((rel for rel, kept in _owner_code(plan, key, page) if kept is False), None)


def dest_code_showing(plan: Plan, key: str, page: str) -> str | None:
    """An include of SRC's own that shows ``post.KEY`` for ``page`` (as
    :func:`owner_code_reading`) where DEST's own file of that name shows it too (the new
    checkout's, which an upgrade keeps in place of the owner's changed one): its path."""
    return next((rel for rel, kept in _owner_code(plan, key, page) if kept), None)


def owner_code_along(plan: Plan, key: str, page: str) -> str | None:
    """An include of SRC's own that shows ``post.KEY`` for ``page`` (as
    :func:`owner_code_reading`) and is copied along as written (a page names it): its
    path; it shows the key as before."""
    return next((rel for rel, kept in _owner_code(plan, key, page) if kept is None), None)


def _owner_code(plan: Plan, key: str, page: str) -> Iterator[tuple[str, bool | None]]:
    """SRC's own includes that show ``post.KEY`` for ``page``, each with whether DEST's file
    of that name shows it too (None: the include is copied along, as written)."""
    from .branches import page_facts, runs_at
    if plan.source is None:
        return
    from .alongside import copied_along
    reads = re.compile(rf"\bpost\.{re.escape(key)}\b")
    facts, along = None, None
    for rel in _code_files(plan.source):
        text = plan.source_text(rel)
        if not text or not reads.search(_shown(text)):
            continue
        facts = facts or page_facts(plan, page)
        if any(runs_at(text, hit.start(), facts, "post") for hit in reads.finditer(text)) \
                and not unchanged_template(plan, rel):
            along = copied_along(plan) if along is None else along
            # (one a page names is copied along: still shown there)
            yield rel, _dest_shows_too(plan, rel, reads, facts) if rel not in along else None


def _code_files(source: Path) -> tuple[str, ...]:
    """SRC's includes (site paths), in order (read each time: SRC may change between runs)."""
    base = source / "_includes"
    if not base.is_dir() or base.is_symlink():
        return ()
    return tuple(p.relative_to(source).as_posix() for p in sorted(base.rglob("*"))
                 if p.suffix in (*_SUFFIXES, ".htm") and p.is_file())


@functools.lru_cache(maxsize=256)
def _shown(text: str) -> str:
    from .liquid import shown_liquid
    return shown_liquid(text)


def _dest_shows_too(plan: Plan, rel: str, reads: re.Pattern[str], facts: Any) -> bool:
    """Whether DEST's own file at ``rel`` (the new checkout's include of that name, which an
    upgrade keeps in place of the owner's changed one) shows ``post.KEY`` where it runs for
    the page too: the key is still shown there."""
    from .branches import runs_at
    path = plan.dest / rel
    try:
        text = path.read_text("utf-8", "replace") if path.is_file() else ""
    except OSError:
        return False
    return bool(text) and bool(reads.search(_shown(text))) and any(
        runs_at(text, hit.start(), facts, "post") for hit in reads.finditer(text))
