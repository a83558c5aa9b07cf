"""Reading source files safely: encodings, BOMs, line endings, front matter.

Front matter is split by python-frontmatter's handler machinery (:mod:`.formats.frontmatter`: a
YAML handler with Jekyll's boundary that keeps the body byte for byte and its line number) and
loaded with ruamel.yaml in round-trip mode, which is safe (it never constructs arbitrary
objects) and keeps comments. Broken YAML and an unclosed ``---`` are reported and the text kept.
"""

from __future__ import annotations

import copy
import errno
import functools
import io
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap

# Private-API speed-ups, each with its public path here (see that module's docstring).
from ._speedups_ruamel import (  # noqa: F401
    _NOT_FAST,
    _SLOW,
    _analysis,
    _dump_simple,
    _load_rt_fast,
    _needs_ruamel,
    _safe_loader,
    _scalar_text,
)
from .report import Report

LARGE_FILE = 2_000_000
"""Bytes above which a source file is reported as unusually large (it is still converted)."""


@dataclass(slots=True)
class SourceText:
    """A decoded text file."""

    text: str
    """Content with line endings normalised to ``\\n``."""
    newline: str = "\n"
    """The file's dominant line ending, to write back with."""
    bom: bool = False
    encoding: str = "utf-8"


def decode(data: bytes, rel: str, report: Report | None) -> SourceText | None:
    """Decode file bytes. Returns None (and reports) for binary data. UTF-16 with its byte
    order mark (Windows editors save so) is read, and reported: it is written as UTF-8."""
    wide = data.startswith((b"\xff\xfe", b"\xfe\xff"))
    if wide:
        try:
            data = data.decode("utf-16").encode("utf-8")
        except UnicodeError:
            wide = False  # not text after all: binary, below
        else:
            if report:
                report.problem("encoding", "is UTF-16, which Jekyll does not read; it was "
                               "read as such and written as UTF-8. Save the source as UTF-8.",
                               rel)
    if b"\x00" in data:
        if report:
            report.problem("binary-file", "contains NUL bytes (binary data in a text file); "
                           "it was not converted. Check the file.", rel,
                           data[: data.index(b"\x00")].count(b"\n") + 1, severity="loss")
        return None
    if len(data) > LARGE_FILE and report:
        report.problem("large-file", f"is unusually large ({len(data) // 1_000_000} MB) for a "
                       "page; it was converted, but check that it belongs in the site.", rel,
                       severity="info")
    bom = data.startswith(b"\xef\xbb\xbf")
    if bom:
        data = data[3:]
    try:
        text, encoding = data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        text, encoding = data.decode("cp1252", errors="replace"), "cp1252"
        line: int | None = data[: exc.start].count(b"\n") + 1
        if report:
            report.problem("encoding", "is not UTF-8; decoded as Windows-1252/Latin-1. "
                           "Check accented letters in the output, and save the source as UTF-8.",
                           rel, line)
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    newline = "\r\n" if crlf and crlf >= lf else "\n"
    if crlf and lf and report:
        minority = r"(?<!\r)\n" if newline == "\r\n" else r"\r\n"
        first = re.search(minority, text)
        line = text.count("\n", 0, first.start()) + 1 if first else None
        report.problem("mixed-newlines", f"has mixed line endings ({crlf} CRLF, {lf} LF); it "
                       f"was written with {'CRLF' if newline == chr(13) + chr(10) else 'LF'} "
                       "throughout.", rel, line, severity="info")
    return SourceText(text.replace("\r\n", "\n"), newline, bom,
                      "utf-16" if wide else encoding)


def within(root: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Whether ``path``'s real location (every symbolic link on its way followed) is
    ``root``'s real location or inside it."""
    root, path = os.fspath(root), os.fspath(path)
    prefix = root.rstrip(os.sep) + os.sep
    if path.startswith(prefix):  # root/rel: inside unless a link or `..` is on rel's way
        here = root
        for part in path[len(prefix):].split(os.sep):
            here = os.path.join(here, part)
            if part == ".." or os.path.islink(here):
                break
        else:
            return True
    base = os.path.realpath(root)
    real = os.path.realpath(path)
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


def _root_of(path: str | os.PathLike[str], rel: str) -> Path:
    """The folder ``rel`` is relative to: ``path`` without ``rel``'s segments."""
    depth = len([part for part in rel.replace("\\", "/").split("/") if part])
    return Path(path).parents[depth - 1] if depth else Path(path).parent


def read_source(path: str | os.PathLike[str], rel: str, report: Report | None,
                root: Path | None = None) -> bytes | None:
    """The one way sitemigrate reads a file of SRC: its bytes, or None when it cannot be read
    or when its real location is outside ``root`` (a symbolic link out of the site: refused
    and reported, never opened). ``rel`` is the file's path from the site's root, which
    ``root`` is by default."""
    root = root if root is not None else _root_of(path, rel)
    if not within(root, path):
        if report:
            report.problem("outside-src", "is a symbolic link to a file outside the site "
                           "(SRC); it was not read. Put the file itself in the site if it "
                           "belongs there.", rel, severity="loss")
        return None
    try:
        # never blocks: a FIFO's open would wait for a writer (O_NONBLOCK), and what is not a
        # regular file is closed unread (its fstat, on the file opened: no race with a stat)
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC)
        with open(fd, "rb") as fh:
            mode = os.fstat(fd).st_mode
            if stat.S_ISREG(mode):
                return fh.read()
            if stat.S_ISDIR(mode):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        _report_special(_kind(mode), rel, report)
        return None
    except OSError as exc:
        if not not_a_file(path, rel, report) and report:
            report.problem("unreadable", f"could not be read ({exc.strerror}).", rel,
                           severity="loss")
        return None


def skipped(path: str | os.PathLike[str], rel: str, report: Report | None) -> bool:
    """Whether the file at ``path`` is left out of the conversion, and reported: a FIFO, a
    socket or a device (:func:`not_a_file`), or a name not UTF-8 (:func:`not_utf8`)."""
    return not_a_file(path, rel, report) or not_utf8(rel, report)


def not_utf8(rel: str, report: Report | None) -> bool:
    """Whether the file name ``rel`` holds bytes that are not UTF-8 (Python's file system
    encoding gives them as lone surrogates): such a file is skipped and reported (its name
    shown with the bytes as ``\\xNN``), since no URL nor DEST name can be made of it."""
    try:
        rel.encode("utf-8")
        return False
    except UnicodeEncodeError:
        pass
    if report is not None:
        shown = rel.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        report.problem("name-not-utf8", "skipped: rename this file to a UTF-8 name and run "
                       "again; its name holds bytes that are not UTF-8.", shown,
                       severity="loss")
    return True


def unreadable_folders(root: Path, skip: frozenset[str] = frozenset({".git", "_site"})
                       ) -> list[tuple[str, str]]:
    """(folder path from ``root`` ending in ``/``, the reason) for each folder under ``root``
    that cannot be listed (not descending into linked folders nor ``skip``): what it holds
    is not converted, and the run says so instead of stopping."""
    out: list[tuple[str, str]] = []
    todo = [(str(root), "")]
    while todo:
        folder, rel = todo.pop()
        try:
            with os.scandir(folder) as it:
                todo += [(e.path, f"{rel}{e.name}/") for e in it if e.name not in skip
                         and e.is_dir(follow_symlinks=False)]
        except OSError as exc:
            out.append((rel, exc.strerror or str(exc)))
    return sorted(out)


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def not_a_file(path: str | os.PathLike[str], rel: str, report: Report | None) -> bool:
    """Whether ``path`` (links followed) is a FIFO, a socket or a device: such a file is
    never opened (opening a FIFO waits for a writer, for ever), and is reported as skipped.
    False for a regular file, a folder or nothing at all."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return False
    _report_special(_kind(mode), rel, report)
    return True


def _kind(mode: int) -> str:
    return ("a FIFO (named pipe)" if stat.S_ISFIFO(mode) else
            "a socket" if stat.S_ISSOCK(mode) else "a device")


def _report_special(kind: str, rel: str, report: Report | None) -> None:
    if report is not None:
        report.problem("not-a-file", "skipped, never opened: put the file itself here; it "
                       f"is {kind}, not a regular file.", rel, severity="loss")


def read_text(path: Path, rel: str, report: Report | None,
              root: Path | None = None) -> SourceText | None:
    data = read_source(path, rel, report, root)
    return None if data is None else decode(data, rel, report)


JSON_MAX_DEPTH = 100
"""Nesting levels a JSON file (``resume.json``) may have; deeper is refused unread."""


def read_json(path: Path, rel: str, report: Report | None, root: Path | None = None) -> Any:
    """A JSON file of SRC through :func:`read_source`: None when it cannot be read (reported
    there); raises ValueError when it is not JSON or nests deeper than ``JSON_MAX_DEPTH``."""
    import json
    data = read_source(path, rel, report, root)
    if data is None:
        return None
    # json.loads raises RecursionError (not ValueError) on a thousand nested brackets
    if _bracket_depth(data) > JSON_MAX_DEPTH:
        raise ValueError(f"it nests more than {JSON_MAX_DEPTH} levels deep")
    return json.loads(data.decode("utf-8"))


def _bracket_depth(data: bytes) -> int:
    """An upper bound of a JSON text's nesting: the most brackets open at once, strings
    skipped."""
    depth = deepest = 0
    for m in re.finditer(rb'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]', data):
        c = m.group()[:1]
        if c in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in b"]}":
            depth -= 1
    return deepest


@dataclass(slots=True)
class Document:
    """A text file split into front matter and body."""

    rel: str
    data: CommentedMap = field(default_factory=CommentedMap)
    body: str = ""
    body_line: int = 1
    """1-based line of the body's first line in the file."""
    has_front_matter: bool = False
    fm_text: str = ""
    newline: str = "\n"

    def line_of(self, key: str) -> int | None:
        """1-based file line of a top-level front-matter key."""
        try:
            return self.data.lc.key(key)[0] + 2
        except (AttributeError, KeyError, TypeError):
            return None

    def comments(self) -> list[str]:
        """Every YAML comment of the front matter, as written, in file order."""
        out = []
        for raw in self.fm_text.split("\n"):
            stripped = raw.strip()
            if stripped.startswith("#"):
                out.append(raw.rstrip())
            elif "#" in raw and not stripped.startswith(("'", '"')):
                m = re.search(r"\s#\s?(.*)$", raw)
                key = raw.split(":", 1)[0].strip()
                if m and ":" in raw and not _in_quotes(raw, m.start()):
                    out.append(f"# {key}: {m.group(1).strip()}")
        return out


def _in_quotes(line: str, pos: int) -> bool:
    head = line[:pos]
    return head.count('"') % 2 == 1 or head.count("'") % 2 == 1


@functools.lru_cache(maxsize=1)
def _rt_constructor() -> type:
    """ruamel's round-trip constructor, but a date that is no day of the calendar
    (``2018-02-30``) stays text, as Ruby's YAML keeps it (Jekyll then rolls it over)."""
    from ruamel.yaml.constructor import RoundTripConstructor

    class Constructor(RoundTripConstructor):
        def construct_yaml_timestamp(self, node: Any, values: Any = None) -> Any:
            try:
                return super().construct_yaml_timestamp(node, values)
            except ValueError:
                return self.construct_scalar(node)

    Constructor.add_constructor("tag:yaml.org,2002:timestamp",
                                Constructor.construct_yaml_timestamp)
    return Constructor


def yaml_rt() -> YAML:
    """A round-trip (comment-keeping, safe) YAML instance configured like Jekyll files."""
    y = YAML(typ="rt")
    y.Constructor = _rt_constructor()
    y.preserve_quotes = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    y.allow_duplicate_keys = False
    return y


# ------------------------------------------------------------------------------------------
# Bounds on YAML, checked before any loader sees the text. An alias repeats its anchor's
# value: nine anchors of ten aliases each are a billion values ("billion laughs"), which every
# walk over the data (and its output) would expand. And libyaml's composer recurses once a
# level: a 100,000-deep sequence overflows the C stack (a segmentation fault, no exception).
# The event parser is safe on both (no values are built, it nests without recursing), and it
# is asked only for what it has read so far, so a check stops at the first level too many.
# ------------------------------------------------------------------------------------------
YAML_MAX_DEPTH = 100
"""Nesting levels of collections, counting what aliases repeat."""
YAML_MAX_ALIASES = 1000
YAML_MAX_ALIAS_NODES = 10_000
"""Values (scalars and collections) that all aliases together may repeat."""


class YAMLLimitError(ValueError):
    """YAML beyond sitemigrate's bounds; ``line`` is 0-based, as libyaml's marks."""

    def __init__(self, problem: str, line: int) -> None:
        super().__init__(f"{problem} (line {line + 1})")
        self.problem, self.line = problem, line


def yaml_limits(text: str) -> YAMLLimitError | None:
    """What makes ``text`` too costly to load (aliases that repeat too much, nesting too
    deep), or None. Invalid YAML is left to the loader, which reports it."""
    # Every collection starts at a `[`, `{`, `-`, `?` or `:` of its own, and every alias
    # at a `*`: with neither alias nor enough of those, nothing can exceed a bound.
    if ("*" not in text or not _may_hold_alias_or_tag(text)) and (
            sum(text.count(c) for c in "[{-?:") <= YAML_MAX_DEPTH
            or _depth_bound(text) <= YAML_MAX_DEPTH):
        return None  # no alias, and not deep enough: nothing to parse
    try:
        return _limit_events(_events(text, fast=True))
    except Exception:  # libyaml refused it: ruamel's parser reads some YAML 1.2 it does not
        try:
            return _limit_events(_events(text, fast=False))
        except Exception:  # invalid YAML: the loader reports it, before any deep part
            return None


def _depth_bound(text: str) -> int:
    """An upper bound of how deep ``text``'s collections nest (no alias in it), read from its
    lines without parsing (a config has more `-` and `:` than the count above allows, and
    parsing it took libyaml, ~20 ms of imports, or ruamel). A node's enclosing collections
    each start on an earlier line at a smaller column (at most two a column: a sequence
    written at its mapping key's column), or on its own line at a ``-``, ``?`` or ``:`` of
    that line, or at a ``[``/``{`` (with the single-pair mapping it may hold).
    ``tests/test_properties.py`` checks it against the depth the parser finds."""
    if any(c in text for c in "\r\x85\u2028\u2029"):  # other line breaks: not judged here
        return YAML_MAX_DEPTH + 1
    deepest = 0
    for line in text.split("\n"):
        width = len(line) - len(line.lstrip(" "))
        if line[width:width + 1] == "\t":  # a tab where indentation may go: not judged here
            return YAML_MAX_DEPTH + 1
        marks = line.count("-") + line.count("?") + line.count(":")
        deepest = max(deepest, 2 * (width + 1) + marks)
    # in flow context, each `[` or `{` opens a collection and at most one single-pair
    # mapping in it (`[a: [b: ...]]`)
    return deepest + 2 * (text.count("[") + text.count("{"))


def _events(text: str, fast: bool) -> Any:
    loader = None
    if fast:
        try:
            import yaml
            loader = yaml.CSafeLoader
        except (ImportError, AttributeError):  # no libyaml
            pass
    return yaml.parse(text, Loader=loader) if loader else yaml_rt().parse(text)


def _limit_events(events: Any) -> YAMLLimitError | None:
    sizes: dict[Any, tuple[int, int]] = {}  # anchor -> (values in it, levels in it)
    stack: list[list[Any]] = [[None, 0, 0]]  # open: anchor, values so far, deepest child
    aliases = repeated = 0
    for ev in events:
        kind = type(ev).__name__
        if kind == "ScalarEvent" or kind == "AliasEvent":
            nodes, height = 1, 0
            if kind == "AliasEvent":
                nodes, height = sizes.get(ev.anchor, (1, 0))
                aliases += 1
                repeated += nodes
                line = ev.start_mark.line if ev.start_mark else 0
                if aliases > YAML_MAX_ALIASES:
                    return YAMLLimitError(f"has more than {YAML_MAX_ALIASES:,} aliases", line)
                if repeated > YAML_MAX_ALIAS_NODES:
                    return YAMLLimitError(f"aliases repeat more than {YAML_MAX_ALIAS_NODES:,} "
                                          "values (an alias bomb)", line)
                if len(stack) - 1 + height > YAML_MAX_DEPTH:
                    return _too_deep(ev)
            elif ev.anchor:
                sizes[ev.anchor] = (1, 0)
            top = stack[-1]
            top[1] += nodes
            top[2] = max(top[2], height)
        elif kind in ("SequenceStartEvent", "MappingStartEvent"):
            stack.append([ev.anchor, 1, 0])
            if len(stack) - 1 > YAML_MAX_DEPTH:
                return _too_deep(ev)
        elif kind in ("SequenceEndEvent", "MappingEndEvent") and len(stack) > 1:
            anchor, nodes, height = stack.pop()
            top = stack[-1]
            top[1] += nodes
            top[2] = max(top[2], height + 1)
            if anchor:
                sizes[anchor] = (nodes, height + 1)
    return None


def _too_deep(ev: Any) -> YAMLLimitError:
    return YAMLLimitError(f"nests more than {YAML_MAX_DEPTH} levels deep",
                          ev.start_mark.line if ev.start_mark else 0)


_LOADED: dict[str, Any] = {}
"""Text -> what ruamel loaded from it, for texts loaded more than once in a run (SRC's
``_config.yml`` is read by the reader and twice by the writer, ~15 ms a load on a real
config, ~9 ms on a short one; a copy is ~1.5 ms). Only loads without a problem are kept;
every caller gets a deep copy of its own (ruamel's types copy their comments, line numbers,
styles and scalar forms)."""


def load_yaml(text: str, rel: str, report: Report | None, first_line: int = 1,
              shared: bool = False) -> Any:
    """Load YAML safely; on error report ``path:line`` and return None. ``shared``: a
    caller that only reads may get the object kept for a text loaded before (no copy)."""
    if text in _LOADED:
        return _LOADED[text] if shared else copy.deepcopy(_LOADED[text])
    limit = yaml_limits(text)
    if limit is not None:
        if report:
            report.problem("yaml-limit", f"YAML {limit.problem}; this block was not read "
                           "(sitemigrate loads YAML only within bounds, see the README's Safety "
                           "section). Simplify it and run again.", rel,
                           first_line + limit.line, severity="loss")
        return None
    y = yaml_rt()
    try:
        data = y.load(text)
    except Exception as exc:  # ruamel raises many error classes; all mean "bad YAML"
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        problem = getattr(exc, "problem", None) or str(exc).split("\n")[0]
        if "'\\t'" in problem:
            problem = "a tab character: YAML indents with spaces only"
        if report:
            report.problem("bad-yaml", f"invalid YAML ({problem}); this block was not read. "
                           "Fix the YAML and run again.", rel, line, severity="loss")
        return None
    if len(text) > 2000 or rel == "_config.yml":  # a config; front matter is loaded once
        _LOADED[text] = copy.deepcopy(data)
    return data


_CORE_TAGS = {f"!!{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map",
                                  "timestamp", "binary", "set", "omap", "pairs", "merge")}


_NODE_PROPERTY = re.compile(r"[*!&]")


def _may_hold_alias_or_tag(text: str) -> bool:
    """Whether a `*` or `!` of ``text`` (or an anchor's `&`, which a tag may follow) stands
    where a node may start (after blanks, at a line start or after one of ``[{,:?-``), as an
    alias or a tag must: one inside a value (al-folio's `query: "@*"`, a title's `!`) needs
    no parse. A property test checks that ruamel finds no alias or tag where this says none
    can be."""
    for m in _NODE_PROPERTY.finditer(text):
        j = m.start()
        while j > 0 and text[j - 1] in " \t\ufeff":
            j -= 1
        if j == 0 or text[j - 1] in "\n\r\x85\u2028\u2029[{,:?-":
            return True
    return False


def check_yaml_nodes(text: str, rel: str, report: Report, first_line: int = 1) -> None:
    """Report aliases (written out in full in the output) and tags (never constructed)."""
    if not _may_hold_alias_or_tag(text):
        return
    from ruamel.yaml.events import AliasEvent, NodeEvent
    try:
        events = list(yaml_rt().parse(text))
    except Exception:  # already reported by load_yaml
        return
    for ev in events:
        line = first_line + ev.start_mark.line if ev.start_mark is not None else first_line
        if isinstance(ev, AliasEvent):
            report.problem("yaml-alias", f"YAML alias `*{ev.anchor}` repeats the value of "
                           f"anchor `&{ev.anchor}`; the output writes the value out in full.",
                           rel, line, severity="info")
        elif isinstance(ev, NodeEvent) and (ev_tag := getattr(ev, "tag", None)) and ev_tag != "!":
            tag = str(ev_tag).replace("tag:yaml.org,2002:", "!!")
            if tag in _CORE_TAGS:
                continue
            report.problem("yaml-tag", f"YAML tag `{tag}`: nothing was constructed from it; "
                           "the tag was ignored and the value read as plain data.", rel, line)


FM_DELIMITER = "---"
"""Jekyll's front-matter delimiter, which the writers put around what they write (the
handler of :mod:`.formats.frontmatter` reads with the same)."""


def _fm_handler() -> Any:
    """python-frontmatter's handler, imported when a file is first split: python-frontmatter
    imports PyYAML (~20 ms), which a run that reads no front matter (a bibliography) and
    writes its own (:func:`render_document`) does not need."""
    from .formats.frontmatter import HANDLER
    return HANDLER


def split_document(src: SourceText, rel: str, report: Report | None) -> Document:
    """Split ``---`` front matter from the body and load it."""
    text = src.text
    handler = _fm_handler()
    doc = Document(rel=rel, newline=src.newline)
    parts = handler.split_lines(text)
    if parts is None:
        if report and handler.detect(text):
            report.problem("unclosed-front-matter", "front matter opened with `---` is never "
                           "closed; the whole file was kept as body text.", rel, 1)
        doc.body = text
        return doc
    doc.has_front_matter = True
    doc.fm_text, doc.body, doc.body_line = parts
    loaded = handler.load(doc.fm_text, rel, report, first_line=2)
    if loaded is not None and report:
        check_yaml_nodes(doc.fm_text, rel, report, first_line=2)
    if isinstance(loaded, CommentedMap):
        doc.data = loaded
    elif loaded is not None and report:
        report.problem("bad-front-matter", "front matter is not a mapping of keys; it was "
                       "ignored.", rel, 2, severity="loss")
    return doc


def read_document(path: Path, rel: str, report: Report | None,
                  root: Path | None = None) -> Document | None:
    src = read_text(path, rel, report, root)
    return None if src is None else split_document(src, rel, report)


def dump_yaml(data: Any) -> str:
    fast = _dump_simple(data)  # _speedups_ruamel: a flat mapping of simple scalars
    if fast is not None:
        return fast
    return yaml_rt_dump(data)


def yaml_rt_dump(data: Any) -> str:
    """``data`` written by ruamel's round-trip dumper (the public path of dump_yaml)."""
    buf = io.StringIO()
    yaml_rt().dump(data, buf)
    return buf.getvalue()


def render_document(front: dict[str, Any] | None, body: str, comments: Sequence[str] = (),
                    newline: str = "\n") -> str:
    """Front matter (plus carried comment lines) and body as file text."""
    parts = []
    if front is not None:
        fm = dump_yaml(front) if front else ""  # what the handler's export writes
        if comments:
            fm += "".join(c + "\n" for c in comments)
        parts.append(f"{FM_DELIMITER}\n{fm}{FM_DELIMITER}\n")
    if body:
        parts.append(body if body.endswith("\n") else body + "\n")
    text = "".join(parts)
    return text.replace("\n", newline) if newline != "\n" else text



def load_safe(text: str, bounded: bool = True) -> Any:
    """Plain values of a YAML document (YAML 1.2, safe); raises on invalid YAML. With
    libyaml, loaded by ``_speedups_ruamel``'s loader (the values of ruamel's).
    ``bounded=False`` for the program's own data (mapping files, trusted as its code is,
    read in every run): no check of :func:`yaml_limits` (a second parse)."""
    loader = _safe_loader()
    limit = yaml_limits(text) if bounded else None
    if limit is not None:
        raise limit
    if loader is None:
        return YAML(typ="safe").load(text)
    import yaml
    return yaml.load(text, Loader=loader)  # a safe loader
