"""Reading source files safely: encodings, BOMs, line endings, front matter.

Front matter is split by python-frontmatter's handler machinery (:mod:`.formats.frontmatter`: a
YAML handler with Jekyll's boundary that keeps the body byte for byte and its line number) and
loaded as Jekyll reads it by :mod:`.yamlio`, safely (nothing arbitrary is constructed).
Broken YAML and an unclosed ``---`` are reported and the text kept.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from .report import Report
from .yamlio import (  # noqa: F401  (read through this module by the rest of the package)
    YAML_MAX_ALIAS_NODES,
    YAML_MAX_ALIASES,
    YAML_MAX_DEPTH,
    YAMLLimitError,
    check_yaml_nodes,
    dump_yaml,
    load_front_matter,
    load_safe,
    load_yaml,
    yaml_limits,
    yaml_rt,
    yaml_rt_dump,
)

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
                root: Path | None = None, errors: list[OSError] | None = None) -> bytes | None:
    """The one way sitemigrate reads a file of SRC: its bytes, or None when it cannot be read
    or when its real location is outside ``root`` (a symbolic link out of the site: refused
    and reported, never opened). ``rel`` is the file's path from the site's root, which
    ``root`` is by default. Why a file within ``root`` could not be read is added to
    ``errors`` (a FIFO, a socket or a device as ``EINVAL``)."""
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
    except OSError as exc:
        if not not_a_file(path, rel, report):
            if report:
                report.problem("unreadable", f"could not be read ({exc.strerror}).", rel,
                               severity="loss")
            if errors is not None:
                errors.append(exc)
            return None
    if errors is not None:
        errors.append(OSError(errno.EINVAL, "it is a FIFO, a socket or a device, not a "
                              "regular file"))
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


_JSON_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*.*?\*/', re.S)


def read_json(path: Path, rel: str, report: Report | None, root: Path | None = None,
              comments: bool = False) -> Any:
    """A JSON file of SRC through :func:`read_source`: None when it cannot be read (reported
    there); raises ValueError when it is not JSON or nests deeper than ``JSON_MAX_DEPTH``.

    ``comments``: the file is read by Ruby's JSON parser (a plug-in's ``JSON.load``, not
    Jekyll's ``_data`` reader, which reads JSON as YAML), which skips ``//`` and ``/* */``
    comments outside strings; so does this reader then, with a note naming the first one."""
    import json
    data = read_source(path, rel, report, root)
    if data is None:
        return None
    # json.loads raises RecursionError (not ValueError) on a thousand nested brackets
    if _bracket_depth(data) > JSON_MAX_DEPTH:
        raise ValueError(f"it nests more than {JSON_MAX_DEPTH} levels deep")
    try:
        return json.loads(data.decode("utf-8"))
    except ValueError:
        if not comments:
            raise
        first = next((m for m in _JSON_TOKEN.finditer(data) if m.group()[:1] == b"/"), None)
        if first is None:
            raise
    text = _JSON_TOKEN.sub(lambda m: m.group() if m.group()[:1] == b'"' else b" ", data)
    value = json.loads(text.decode("utf-8"))
    if report is not None:
        report.problem("json-comment", "comments in this JSON file are skipped, as the Ruby "
                       "JSON reader that builds the site skips them; what they hold is not "
                       "shown on the site and not carried.", rel,
                       data.count(b"\n", 0, first.start()) + 1, severity="info")
    return value


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
    lines: dict[Any, int] = field(default_factory=dict)
    """0-based line in the front matter of each top-level key (where ``data`` has no
    line data of ruamel's)."""

    def line_of(self, key: str) -> int | None:
        """1-based file line of a top-level front-matter key."""
        if key in self.lines:
            return self.lines[key] + 2
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


def node_line(node: Any, first_line: int = 1) -> int | None:
    """The file line of a loaded mapping or list (an entry of a data file's list), where the
    YAML block starts at file line ``first_line`` (2 for front matter); None when the loader
    kept no position."""
    lc = getattr(node, "lc", None)
    line = getattr(lc, "line", None)
    return first_line + line if isinstance(line, int) else None


def _in_quotes(line: str, pos: int) -> bool:
    head = line[:pos]
    return head.count('"') % 2 == 1 or head.count("'") % 2 == 1


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
                           "closed: Jekyll still builds the file (its first line is `---`), "
                           "with no front matter: its whole text is the page's text (in a "
                           "collection, titled from its file name). Close the block with a "
                           "`---` line.", rel, 1)
        doc.body = text
        return doc
    doc.has_front_matter = True
    doc.fm_text, doc.body, doc.body_line = parts
    loaded, doc.lines = load_front_matter(doc.fm_text, rel, report, first_line=2)
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
