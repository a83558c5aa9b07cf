"""The links in text carried from SRC: one rule for every page body, layout part and include.

The converter writes what the owner wrote, links included. A link that is not a web address,
a ``mailto:`` or a path of the site (:func:`~sitemigrate.inert.is_safe`) would run as script
(``javascript:``), load a document of its own (``data:``) or leave the web (``tel:``,
``file:``) once the site is built: its address is dropped, its words stay (a link's text, an
image's alt text), and a finding names the file and line. Everything else in the text stays
byte for byte: Liquid, blanks, entities, the other attributes, ``<script>`` bodies (no links),
comments and Markdown code (shown as words, not followed).

HTML: the start tags as a browser's tokenizer reads them (comments and the bodies of
``<script>`` and ``<style>`` skipped; the standard library's ``HTMLParser`` takes quadratic
time on a text of many unclosed tags and gives no attribute positions), the attributes that
navigate or load. Markdown: inline links and images, reference definitions (and the references
that use them) and autolinks."""

from __future__ import annotations

import itertools
import os
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, NamedTuple

from .inert import is_safe, scheme
from .lazyre import lazy_pattern

if TYPE_CHECKING:
    from .plan import Plan

MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mkd", ".mkdn", ".mdown"})
HTML_SUFFIXES = frozenset({".html", ".htm", ".liquid"})
LINK_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "poster", "srcset",
                             "xlink:href", "background"})
"""The attributes whose value a browser follows or loads (and ``data`` of ``<object>``)."""

PICTURE_PLACES = frozenset({("img", "src"), ("img", "srcset"), ("source", "srcset")})
"""The (tag, attribute) that load a picture (``<source srcset>`` is one of ``<picture>``)."""


class Edit(NamedTuple):
    start: int
    end: int
    new: str
    """What replaces ``text[start:end]``."""
    url: str
    """The address dropped (or kept as a file)."""
    kept: bool = False
    """The address, a ``data:`` picture, became a file of the site (``new`` links it)."""


Keep = Callable[[str, str, int], "str | None"]
"""(a ``data:`` address where a picture is loaded, the text, its place there) -> the address
of the file its picture became, or None when it holds none to keep
(:mod:`sitemigrate.inert_pictures`)."""

_FENCE = lazy_pattern(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n.*?(?:^ {0,3}\1[ \t]*$|\Z)",
                      re.MULTILINE | re.DOTALL)
_CODE_SPAN = lazy_pattern(r"(?<!`)(`+)(?!`)(?:.(?!\n[ \t]*\n))*?(?<!`)\1(?!`)", re.DOTALL)
# an image's `![` or a link's `[` not escaped, then (1) the words and (2) the address; each
# branch starts with its character, so the search skips to a `!` or `[` (a lookbehind first
# would make it try every place of the text)
_LINK = lazy_pattern(
    r"(?:!\[(?<!\\!\[)|\[(?<!\\\[))((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]"
    r"\([ \t]*(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)"
    r"(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*\)")
_DEFINITION = lazy_pattern(
    r"^ {0,3}\[([^\[\]\n]+)\]:[ \t]*(<[^<>\n]*>|\S+)"
    r"(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*(?:\n|\Z)", re.MULTILINE)
_AUTOLINK = lazy_pattern(r"<([A-Za-z][A-Za-z0-9+.\-]{1,31}:[^\s<>]*)>")


_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed",
                       "noframes", "plaintext"})
"""Elements whose content a browser reads as text, not as tags."""
_NAME = lazy_pattern(r"[^\s/>]*")
_BLANKS = lazy_pattern(r"[\s/]*")
_ATTR_NAME = lazy_pattern(r"=?[^\s/>=]*")
_SEPARATORS = lazy_pattern(r"[\s,]*")
_NONBLANK = lazy_pattern(r"\S*")
_VALUE = lazy_pattern(r"""\s*=\s*("[^"]*(?:"|\Z)|'[^']*(?:'|\Z)|[^\s>]*)""")


def _start_tags(text: str) -> Iterator[tuple[str, list[tuple[int, int, str, str]]]]:
    """The start tags of ``text`` as a browser's tokenizer reads them, once through the text:
    (the tag's name, its attributes as (start, end, lowercase name, value as written)), the
    start of an attribute taking the blanks before it. Comments, end tags and the content
    of ``<script>``, ``<style>`` ... are skipped; a tag still open at the end of the text is
    none (a browser drops it)."""
    at = text.find("<")
    while at != -1 and at + 1 < len(text):
        follow = text[at + 1]
        if text.startswith("<!--", at):
            end = text.find("-->", at + 4)
            at = -1 if end == -1 else text.find("<", end + 3)
            continue
        if follow in "!?/":
            end = text.find(">", at + 2)
            at = -1 if end == -1 else text.find("<", end + 1)
            continue
        if not follow.isascii() or not follow.isalpha():
            at = text.find("<", at + 1)
            continue
        name_end = _end(_NAME(), text, at + 1)
        pos, attributes = name_end, []
        while pos < len(text):
            start, pos = pos, _end(_BLANKS(), text, pos)
            if pos >= len(text) or text[pos] == ">":
                break
            attr_end = _end(_ATTR_NAME(), text, pos)
            value = _VALUE().match(text, attr_end)
            quoted = value.group(1) if value else ""
            if quoted[:1] in ("'", '"') and (len(quoted) < 2 or quoted[-1] != quoted[0]):
                return  # a quote never closed: the rest of the text is this tag's
            attributes.append((start, value.end() if value else attr_end,
                               text[pos:attr_end].lower(), quoted))
            pos = attributes[-1][1]
        if pos >= len(text):
            return  # the text ends inside the tag
        tag = text[at + 1:name_end].lower()
        yield tag, attributes
        if tag in _RAW_TEXT:
            close = re.compile(rf"</{re.escape(tag)}[\s/>]", re.IGNORECASE).search(text, pos)
            if close is None:
                return
            pos = close.start() + 1
        at = text.find("<", pos + 1)


def _candidates(value: str) -> list[tuple[int, int]]:
    """Where each address of a ``srcset`` value is, read as a browser does: an address runs
    to the next blank (a ``data:`` address holds commas), then its descriptors to a comma."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while True:
        pos = _end(_SEPARATORS(), value, pos)
        if pos >= len(value):
            return spans
        end = _end(_NONBLANK(), value, pos)
        url_end = len(value[pos:end].rstrip(",")) + pos
        spans.append((pos, url_end))
        if url_end == end:  # descriptors up to a comma outside parentheses
            depth = 0
            while end < len(value) and (value[end] != "," or depth > 0):
                depth += {"(": 1, ")": -1}.get(value[end], 0)
                end += 1
        pos = end


def _end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where ``pattern`` (one that matches the empty string too) ends, matched at ``pos``."""
    found = pattern.match(text, pos)
    return found.end() if found else pos


def _masked(text: str) -> str:
    """``text`` with Markdown code (fenced blocks, code spans) blanked out, same length: what
    it holds is shown as words."""
    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match.group())
    if "`" not in text and "~~~" not in text:  # no fence, no code span: nothing to blank
        return text
    return _CODE_SPAN().sub(blank, _FENCE().sub(blank, text))


def _attribute_edits(text: str, keep: Keep | None = None) -> list[Edit]:
    edits: list[Edit] = []
    for tag, attributes in _start_tags(text):
        for start, end, name, written in attributes:
            if not written or not (name in LINK_ATTRIBUTES
                                   or (name == "data" and tag == "object")):
                continue
            value = written[1:-1] if written[:1] in "\"'" else written
            spans = _candidates(value) if name == "srcset" else [(0, len(value))]
            bad = [(a, b) for a, b in spans if not is_safe(value[a:b])]
            if not bad:
                continue
            new = _kept(value, bad, text, end - len(written), keep) \
                if keep is not None and (tag, name) in PICTURE_PLACES else None
            if new is None:
                edits.append(Edit(start, end, "", value[bad[0][0]:bad[0][1]]))
            else:
                edits.extend(Edit(end - len(written), end, f'"{new}"' if i == 0 else "",
                                  value[a:b], True) for i, (a, b) in enumerate(bad))
    return edits


def _kept(value: str, bad: list[tuple[int, int]], text: str, at: int,
          keep: Keep) -> str | None:
    """``value`` with each of its ``bad`` addresses the file its ``data:`` picture became,
    or None when one of them holds no picture to keep."""
    out, last = [], 0
    for a, b in bad:
        url = value[a:b]
        new = keep(url, text, at) if scheme(url) == "data" else None
        if new is None:
            return None
        out += [value[last:a], new]
        last = b
    return "".join(out) + value[last:]


def _links(masked: str, start: int = 0, end: int | None = None) -> Iterator[re.Match[str]]:
    """The inline links and images of ``masked``, and those inside their words (an image
    that is a link's words: ``[![alt](a.png)](/x/)``)."""
    for match in _LINK().finditer(masked, start, len(masked) if end is None else end):
        yield match
        yield from _links(masked, match.start(1), match.end(1))


def inline_links(text: str) -> Iterator[re.Match[str]]:
    """The inline links and images of the Markdown ``text`` outside its code, outermost
    only (an image that is a link's words is inside the link's): an image's match opens
    with ``!``; group 1 its words, 2 its address as written; positions are those of
    ``text``."""
    return _LINK().finditer(_masked(text))


def _markdown_edits(text: str, keep: Keep | None = None) -> list[Edit]:
    masked = _masked(text)
    edits: list[Edit] = []
    for match in _links(masked):
        url = match.group(2).strip("<>")
        if is_safe(url):
            continue
        image = masked.startswith("!", match.start())
        new = keep(url, masked, match.start()) \
            if keep is not None and image and scheme(url) == "data" else None
        if new is not None:
            edits.append(Edit(match.start(2), match.end(2), new, url, True))
        else:
            words = text[match.start(1):match.end(1)]
            edits.append(Edit(match.start(), match.end(), words, url))
    dropped: list[str] = []
    for match in _DEFINITION().finditer(masked) if "]:" in masked else ():
        url = match.group(2).strip("<>")
        if not is_safe(url):
            edits.append(Edit(match.start(), match.end(), "", url))
            dropped.append(match.group(1))
    for label in dropped:  # `[words][label]`, `[label][]` and `[label]` keep their words
        key = r"\s+".join(re.escape(w) for w in label.split())
        use = re.compile(r"(?<!\\)\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\][ \t]?\[(" + key + r")\]"
                         r"|\[(" + key + r")\](?:\[\])?(?![(:\[])", re.IGNORECASE)
        for match in use.finditer(masked):
            words = match.group(1) if match.group(1) is not None else match.group(3)
            edits.append(Edit(match.start(), match.end(), words, ""))
    for match in _AUTOLINK().finditer(masked):
        if not is_safe(match.group(1)):
            edits.append(Edit(match.start(), match.end(), match.group(1), match.group(1)))
    return edits


def _apply(text: str, edits: list[Edit],
           kept: list[tuple[int, str]] | None = None) -> tuple[str, list[tuple[int, str]]]:
    """``text`` with ``edits`` made (an edit inside one already made is left out), and the
    (1-based line, address) of each address dropped (of each kept as a file: into ``kept``)."""
    out: list[str] = []
    dropped: list[tuple[int, str]] = []
    at, last = 0, (-1, -1)
    for edit in sorted(edits, key=lambda e: (e.start, -e.end)):
        again = edit.kept and (edit.start, edit.end) == last  # one more address of a srcset
        if edit.start < at and not again:
            continue
        if not again:
            out += [text[at:edit.start], edit.new]
        if edit.url and (kept is not None or not edit.kept):
            line = (text.count("\n", 0, edit.start) + 1, edit.url)
            (kept if edit.kept and kept is not None else dropped).append(line)
        at, last = edit.end, (edit.start, edit.end)
    out.append(text[at:])
    return "".join(out), dropped


def defuse(text: str, markdown: bool, keep: Keep | None = None,
           kept: list[tuple[int, str]] | None = None) -> tuple[str, list[tuple[int, str]]]:
    """``text`` without its links that are not :func:`~sitemigrate.inert.is_safe` (see module),
    and the (line, address) of each one dropped. A text without such a link comes back as it
    was. ``keep``: the ``data:`` pictures where a picture is loaded become files
    (:data:`Keep`), each such (line, address) into ``kept``."""
    if ":" not in text and "&" not in text:
        return text, []  # no scheme anywhere, not even a colon written as `&#58;`: nothing to read
    edits = _attribute_edits(_masked(text) if markdown else text, keep)
    text, dropped = _apply(text, edits, kept) if edits else (text, [])
    for _ in range(4 if markdown else 0):  # a link's words may hold one more (its image)
        edits = _markdown_edits(text, keep)
        if not edits:
            break
        text, more = _apply(text, edits, kept)
        dropped += more
    return text, dropped


def defuse_plan(plan: Plan, pictures: str | None = None) -> None:
    """Apply :func:`defuse` to every Markdown and HTML text the plan writes or copies into
    DEST, but for the lines DEST's own file (the template's) has as they are; one ``unsafe-link``
    finding per address dropped, at its line of SRC where it is found there. A raster picture
    of a ``data:`` address where a picture is loaded becomes a file in DEST's ``pictures``
    folder (the target theme's, from its mapping; :mod:`sitemigrate.inert_pictures`)."""
    from .inert import tell_unsafe
    from .inert_pictures import Pictures, address
    from .textio import read_source
    back = {out: src for src, out in plan.origins.items()}
    files = Pictures(plan, pictures) if pictures else None
    for rel in sorted({*plan.files, *plan.copies}):
        suffix = PurePosixPath(rel).suffix.lower()
        if suffix not in MARKDOWN_SUFFIXES and suffix not in HTML_SUFFIXES:
            continue
        data = plan.files.get(rel)
        source = plan.copies.get(rel)
        if data is None and source is not None:
            data = read_source(source, rel, None, root=plan.source_root)
        if data is None:
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        keep: Keep | None = None
        if files is not None:
            def keep_file(url: str, text: str, at: int, rel: str = rel,
                          files: Pictures = files) -> str | None:
                path = files.keep(url)
                return None if path is None else address(rel, text, at, path)
            keep = keep_file
        kept: list[tuple[int, str]] = []
        markdown = suffix in MARKDOWN_SUFFIXES
        new, dropped = defuse(text, markdown, keep, kept)
        if not dropped and not kept:
            continue
        theirs = _template_text(plan, rel)
        if theirs is not None:  # the template's own links (its `javascript:void(0)` toggles)
            dropped = [(n, u) for n, u in dropped if u not in theirs]
            kept = [(n, u) for n, u in kept if u not in theirs]
            if not dropped and not kept:
                continue
            new = _keep_theirs(text, theirs, markdown, keep)
        plan.write(rel, new)
        _tell(plan, rel, back.get(rel), dropped, lambda url, path, at: tell_unsafe(
            plan.report, url, path, at[0], at[1:],
            why=files.refused.get(url, "") if files is not None else ""))
        if files is not None:
            _tell(plan, rel, back.get(rel), kept, lambda url, path, at: _tell_kept(
                plan, url, files.write(url), path, at))


def _tell(plan: Plan, rel: str, src: str | None, found: list[tuple[int, str]],
          tell: Callable[[str, str, list[int]], object]) -> None:
    """``tell`` (address, SRC file, its lines there) once per address of ``found``."""
    lines: dict[tuple[str, str], list[int]] = {}  # (file, address) -> its lines
    nth: Counter[str] = Counter()
    for line, url in found:
        where = _where(plan, rel, src, url, line, nth[url])
        nth[url] += 1
        lines.setdefault((where[0], url), []).append(where[1])
    for (path, url), at in lines.items():
        tell(url, path, at)


def _tell_kept(plan: Plan, url: str, rel: str, path: str, at: list[int]) -> None:
    from .inert import short
    also = f" (also on line{'s' if len(at) > 2 else ''} {', '.join(map(str, at[1:]))})" \
        if at[1:] else ""
    plan.report.add("data-picture", "info", "mapped", f"the picture held in the `data:` "
                    f"address `{short(url)}`{also} is now the file `{rel}` of the site, "
                    "linked in its place.", path, at[0])


def _where(plan: Plan, rel: str, src: str | None, url: str, line: int,
           nth: int) -> tuple[str, int]:
    """The file and line of SRC where the ``nth`` ``url`` dropped from DEST's ``rel`` is
    written (in the SRC file DEST's ``rel`` holds, SRC's file of the same name, or the
    owner's layouts and includes, whose parts are written into pages), else DEST's ``rel``
    and its line there."""
    def parts() -> Iterator[str]:
        if plan.source is not None and plan.source.is_dir():
            for folder in ("_layouts", "_includes"):  # (os.walk follows no link)
                for root, _, names in sorted(os.walk(plan.source / folder)):
                    base = Path(root).relative_to(plan.source).as_posix()
                    yield from (f"{base}/{name}" for name in sorted(names))

    seen: set[str] = set()
    for path in itertools.chain((p for p in (src, rel) if p), parts()):
        text = plan.source_text(path) if path not in seen else None
        seen.add(path)
        if text is None or url not in text:
            continue
        markdown = PurePosixPath(path).suffix.lower() in MARKDOWN_SUFFIXES
        found = [n for n, u in defuse(text, markdown)[1] if u == url]
        if found:
            return path, found[min(nth, len(found) - 1)]
    return rel, line


def _template_text(plan: Plan, rel: str) -> str | None:
    """The text DEST holds at ``rel`` when it is the template's (not written by an earlier
    run), else None."""
    path = plan.dest / rel
    if plan.written_before(rel) or not path.is_file() \
            or not path.resolve().is_relative_to(plan.dest.resolve()):
        return None  # (a link out of DEST is not read)
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _keep_theirs(text: str, theirs: str, markdown: bool, keep: Keep | None) -> str:
    """``text`` defused but for the addresses DEST's own file has (the template's)."""
    edits = [e for e in (_attribute_edits(_masked(text) if markdown else text, keep))
             if e.url not in theirs]
    text = _apply(text, edits)[0]
    for _ in range(4 if markdown else 0):
        edits = [e for e in _markdown_edits(text, keep) if not e.url or e.url not in theirs]
        if not edits:
            break
        text = _apply(text, edits)[0]
    return text
