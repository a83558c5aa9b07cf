"""BibTeX in and out: a tolerant reader and a brace-safe writer.

The file is split into top-level ``@`` blocks here (that is only locating blocks, by brace
matching, with line numbers); every block is then read by :mod:`.bibgrammar`, which follows
BibTeX's grammar as pybtex's parser does (values, ``@string`` expansion and ``#``
concatenation alike; a test compares the two). Names are split by pybtex's public
``split_name_list``. What an entry says as text (a citation, its people, its date) is
:mod:`.citation`'s, LaTeX as Unicode :mod:`.bibtext`'s. Nothing here knows about any
theme: every field is just a field.

Where this reads more tolerantly than pybtex's ``parse_string``:

* pybtex stops at the first error of a file; blocks are therefore read one at a time and
  the fields read before an error are kept.
* pybtex drops an undefined macro to ``""`` (or raises); here its name is kept as the value.
* pybtex treats ``@comment{`` as a mere marker and then parses the comment's content;
  here the whole brace-balanced block is a comment, as in BibTeX-ruby (jekyll-scholar).
* ``Person`` raises on some names ("a, b, c, d"); such a name is kept whole as a last name.
* An entry that jekyll-scholar's reader (bibtex-ruby) leaves out, at a character that is no
  token of its outside braces and quotes (`'`, `;`, an entry in parentheses), is not read
  (:func:`unread_by_scholar`): the site never showed it; it is reported.
* A `%` in a field's name (`%bibtex_show={false},`, a line meant as a comment) is a
  character of the name for bibtex-ruby, as here: a field of that name (which no layout
  asks for), with the fields after it; BibTeX and pybtex stop there. It is reported.
* pybtex expands ``@string`` macros without bound: forty strings, each twice the one before,
  are a terabyte. Here the text macros add to one file is bounded (``EXPANSION_LIMIT``); a
  block that would go beyond is not read, and reported.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .bibgrammar import MONTHS, BlockReader, ExpansionLimit
from .bibtext import balanced

__all__ = ["BibEntry", "BibFile", "BibProblem", "dump_bib", "format_entry", "parse_bib"]

PERSON_ROLES = ("author", "editor")
# Fields of standard BibTeX and common biblatex/bibliography-manager use. Anything else in an
# entry is a theme's own field (al-folio's `abbr`, `selected`, `preview` ...).
STANDARD_FIELDS = frozenset({
    "address", "annote", "author", "booktitle", "chapter", "crossref", "edition", "editor",
    "howpublished", "institution", "journal", "key", "month", "note", "number",
    "organization", "pages", "publisher", "school", "series", "title", "type", "volume",
    "year", "day", "date", "url", "urldate", "doi", "eprint", "eprinttype", "eprintclass",
    "archiveprefix", "primaryclass", "isbn", "issn", "language", "keywords", "abstract",
    "location", "journaltitle", "booksubtitle", "subtitle", "issue", "file", "timestamp",
    "biburl", "bibsource", "copyright", "lccn", "mrnumber", "pmid", "venue"})


@dataclass(slots=True)
class BibEntry:
    """One BibTeX entry as read: its key, type, fields, persons, 1-based line and text."""

    key: str
    entry_type: str
    fields: dict[str, str]
    persons: dict[str, list[str]] = field(default_factory=dict)
    line: int = 0
    raw: str = ""
    reads_alone: bool | None = None
    """Whether ``raw`` on its own reads as this entry, as the reader found it: True (read
    without a problem, no macro of the file's ``@string`` definitions), False (it uses one,
    or the entry was renamed) or None (not known: :func:`dump_bib` reads ``raw`` again to
    tell). Code that changes an entry after reading clears ``raw`` or sets this to None."""


@dataclass(slots=True)
class BibProblem:
    """A problem in a BibTeX file, on 1-based ``line``."""

    line: int
    message: str


@dataclass(slots=True)
class BibFile:
    """A BibTeX file as read: its entries, ``@string`` definitions, comments and problems."""

    entries: list[BibEntry] = field(default_factory=list)
    strings: dict[str, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)
    problems: list[BibProblem] = field(default_factory=list)
    front_matter: bool = False
    undefined: list[tuple[str, str, str]] = field(default_factory=list)
    """(entry key as written, field, macro): a value that names an undefined @string, which
    bibtex-ruby keeps as its name (`bibtex_show = true`)."""


# ==========================================================================================
# Reading
# ==========================================================================================

_BLOCK = re.compile(r"@[ \t]*([A-Za-z][\w:.+-]*)\s*([{(])")
_BLOCK_ON_A_NEW_LINE = re.compile(r"\n[ \t]*@[ \t]*[A-Za-z][\w:.+-]*\s*[{(]")
_KEY = re.compile(r"@[ \t]*[A-Za-z][\w:.+-]*\s*[{(]\s*([^\s,{}()]+)")
_DELIMITER = re.compile(r"[{}()]")
_ORDINALS = ["first", "second", "third", "fourth", "fifth"]


EXPANSION_LIMIT = 1_000_000
"""Characters ``@string`` macros may add to one .bib file, or ten times the file's own size
if that is more; a block that would go beyond is not read (and reported)."""


def _close(text: str, start: int, opener: str, limit: int) -> int | None:
    """Index just past the delimiter closing the block opened at ``text[start]``."""
    depth = 0
    for m in _DELIMITER.finditer(text, start, limit):
        c = m.group()
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if opener == "{" and depth == 0:
                return m.end()
        elif c == ")" and opener == "(" and depth == 0:
            return m.end()
    return None


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text.lstrip("\ufeff")
        self._at = (0, 1)                 # the last position asked by line_of, its line
        self.out = BibFile()
        self.macros = dict(MONTHS)  # lower-case name -> value; each @string adds one
        self.seen: dict[str, int] = {}    # lower-case key -> line of its first entry
        self.counts: dict[str, int] = {}
        self.severe = False               # a problem that changes what the text says
        self.bound = max(EXPANSION_LIMIT, 10 * len(self.text))
        self.budget = self.bound          # characters @string macros may still add
        self.starts: list[int] = []       # where each top-level block starts

    def line_of(self, pos: int) -> int:
        """The 1-based line of ``pos``: lines are counted on from the last position asked
        (the reader asks in the order of the text)."""
        last, line = self._at if pos >= self._at[0] else (0, 1)
        line += self.text.count("\n", last, pos)
        self._at = (pos, line)
        return line

    def problem(self, line: int, message: str, severe: bool = True) -> None:
        self.out.problems.append(BibProblem(line, message))
        self.severe = self.severe or severe

    def run(self) -> BibFile:
        text = self.text
        pos = scan = self._front_matter()
        while True:
            at = text.find("@", scan)
            m = _BLOCK.match(text, at) if at >= 0 else None
            if at >= 0 and (m is None or text[text.rfind("\n", 0, at) + 1:at].lstrip()
                            .startswith("%")):     # not a block, or a %-commented line
                scan = at + 1
                continue
            self._stray(pos, at if at >= 0 else len(text))
            if at < 0:
                return self.out
            assert m is not None  # at >= 0 and not skipped above: a block starts here
            # A block ends at its closing delimiter, and at the latest before the next
            # line that starts a block: one missing brace must not swallow what follows.
            nxt = _BLOCK_ON_A_NEW_LINE.search(text, m.end())
            limit = nxt.start() + 1 if nxt else len(text)
            kind = m.group(1).lower()
            end = _close(text, m.end() - 1, m.group(2), limit)
            if end is None and kind == "comment":
                # a balanced @comment{...} may hold whole entries (commented out): one block
                end = _close(text, m.end() - 1, m.group(2), len(text))
            closed = end is not None
            end = end or limit
            self.starts.append(at)
            self._block(kind, at, end, closed)
            pos = scan = end

    def _stray(self, start: int, end: int) -> None:
        """Text between blocks: BibTeX ignores it; it is kept as a comment."""
        chunk = self.text[start:end]
        if chunk.strip():
            self.out.comments.append(chunk.strip())
            brace = _unmatched_close(chunk)
            if brace is not None:
                line = self.line_of(start + brace)
                self.problem(line, f"stray `}}` at line {line} outside any entry; the entry "
                             "before it probably has an extra closing brace (fields after "
                             "it were not read)")

    def _front_matter(self) -> int:
        lines = self.text.splitlines(keepends=True)
        if not lines or lines[0].strip() != "---":
            return 0
        for i, line in enumerate(lines[1:], start=1):
            if line.strip() == "---":
                self.out.front_matter = True
                if any(x.strip() for x in lines[1:i]):
                    self.problem(1, "the front matter of the .bib file is not empty; its "
                                 "content is not carried over", severe=False)
                return sum(len(x) for x in lines[:i + 1])
        return 0

    def _block(self, kind: str, start: int, end: int, closed: bool) -> None:
        raw = self.text[start:end].rstrip() if not closed else self.text[start:end]
        line = self.line_of(start)
        if kind in ("comment", "preamble"):
            self.out.comments.append(raw)
            if not closed:
                self.problem(line, f"@{kind} at line {line} has unbalanced braces")
            return
        parser = BlockReader(raw, self.macros, self.budget)
        error: Exception | None = None
        try:
            _, name_or_key, parts = parser.read()
        except Exception as exc:  # syntax errors, and anything unexpected
            error = exc
        if isinstance(error, ExpansionLimit):  # nothing of it is kept
            self.problem(line, f"@{kind} at line {line} was not read: its @strings would "
                         f"expand to more than {self.bound:,} characters in this file (the "
                         "bound: ten times its size, at least a million), as @strings that "
                         "double or repeat do")
            return
        self.budget -= parser.spent
        if kind == "string":
            if error is None:
                self.out.strings[name_or_key] = "".join(parts[0][1])
            else:
                self.problem(line, f"@string at line {line} could not be read ({_why(error)});"
                             " it was skipped")
            return
        if error is not None:
            key = parser.key or (_KEY.match(raw) or [None, None])[1]
            parts = parser.fields
        else:
            key = name_or_key
        if not key:
            self.problem(line, f"entry at line {line} has no readable key ({_why(error)}); "
                         "it was skipped")
            return
        if (bad := unread_by_scholar(raw)) is not None:
            where = self.line_of(start + bad)
            self.problem(line, f"entry `{key}` has `{raw[bad]}` at line {where} outside braces "
                         "and quotes, where jekyll-scholar's BibTeX reader (bibtex-ruby) "
                         "reads no such character: it leaves the whole entry out, so the "
                         "site did not show it, and it was not carried. Put the value in "
                         "`{...}` (or write the entry as `@type{key, ...}`) to show it.")
            return
        if error is not None:
            got = (f"only the {len(parts)} field(s) before the error were kept "
                   f"({', '.join(n.lower() for n, _ in parts)})" if parts
                   else "only its key and type were kept")
            where = line + (getattr(error, "lineno", None) or 1) - 1
            why = ("has unbalanced braces" if not closed
                   else f"has a syntax error at line {where} ({_why(error)})")
            self.problem(line, f"entry `{key}` {why}; {got}")
        for fname, _ in parts:
            if "%" in fname:
                self._percent_field(key, fname, start, raw)
        for fname, macro in parser.undefined:
            self.problem(line, f"entry `{key}` uses the undefined @string `{macro}` in "
                         f"`{fname.lower()}`; its name was kept as the value", severe=False)
            self.out.undefined.append((key, fname.lower(), macro))
        entry = BibEntry(self._unique(key, line), kind, {}, {}, line, raw)
        clean = error is None and closed and not parser.undefined
        for fname, value_parts in parts:
            # pybtex's normalize_whitespace (`\s+` -> one space, stripped), without a regex
            # (every field of every entry): `\s` and str.split() know the same whitespace
            name, value = fname.lower(), " ".join("".join(value_parts).split())
            if name in entry.fields or name in entry.persons:
                # jekyll-scholar's reader (bibtex-ruby) merges an entry's fields into one
                # hash, so the last value of a field is the one a site shows
                self.problem(line, f"entry `{key}` has a second `{name}` field; the last "
                             "was kept, as jekyll-scholar reads it")
                clean = False
            if name in PERSON_ROLES:
                entry.persons[name] = _split_names(value) if value else []
            else:
                entry.fields[name] = value
        self.out.entries.append(entry)
        if not clean:
            return
        # What its text alone reads as (dump_bib asks): with no error, no second field and no
        # macro but the built-in months, this entry (unless it was renamed); with a macro of
        # this file's @strings, something else. With a month of the file's own, unknown.
        if any(m not in MONTHS for m in parser.used):   # as written: `Jan` is no month here
            entry.reads_alone = False
        elif all(self.macros[m] == MONTHS[m] for m in parser.used):
            entry.reads_alone = entry.key == key

    def _percent_field(self, key: str, name: str, start: int, raw: str) -> None:
        """Report a field whose name holds a `%` (`%bibtex_show = {false},`, a line meant as
        a comment): bibtex-ruby reads a `%` as a character of a name, so jekyll-scholar read
        a field of that name, which no layout asks for, and the fields after it."""
        at = re.search(re.escape(name) + r"\s*=", raw)
        line = self.line_of(start + (at.start() if at else 0))
        self.problem(line, f"entry `{key}` has `{name} = ...` at line {line}: inside an entry "
                     "a `%` starts no comment for jekyll-scholar's BibTeX reader (bibtex-ruby),"
                     f" which reads a field named `{name}` that no layout shows; the site "
                     "showed the entry without it, and with the fields after it, as they are "
                     "carried", severe=False)

    def _unique(self, key: str, line: int) -> str:
        low = key.lower()
        if low not in self.seen:
            self.seen[low] = line
            return key
        n = self.counts.get(low, 1) + 1
        while f"{low}-{n}" in self.seen:
            n += 1
        self.counts[low] = n
        new = f"{key}-{n}"
        self.seen[new.lower()] = line
        nth = _ORDINALS[n - 1] if n <= len(_ORDINALS) else f"{n}th"
        self.problem(line, f"duplicate key `{key}` (first at line {self.seen[low]}); the "
                     f"{nth} entry was renamed `{new}`")
        return new


_AND = re.compile(" [Aa][Nn][Dd] ")   # pybtex's separator of names
_SPACELESS_GROUP = re.compile(r"{[^{}\s]*}")


_RB_NAME = r"(?:[^\W_]|[/:_!$?.%+&*-])+"  # bibtex-ruby's name: [[:alpha:][:digit:]/:_!$?.%+&*-]
_RB_ENTRY = re.compile(r"@[\t ]*(?:(string|preamble|comment)\b|[a-z\d:_!.$%&*-]+)", re.I)
_RB_KEY = re.compile(r"[ \t\r\n\f\v]*\{(?:[ \t\r\n\f\v]*(?:[^\W_]|[ /:_!$?.%+;&*'\"-])+,)?")
_RB_TOKEN = re.compile(rf"[ \t\r\n\f\v]*(?:(\{{)|(\}})|(\")|[=,#]|[0-9]+|{_RB_NAME})"
                       r"|[ \t\r\n\f\v]+|(@)")


_RB_RUN = re.compile(rf'(?:[ \t\r\n\f\v]+|[=,#]|{_RB_NAME}|\{{[^{{}}]*\}}|"[^"{{}}]*")+')
"""A run of tokens at once: those of :data:`_RB_TOKEN` but the end and `@`, and values in
braces or quotes with no braces inside (the lexer reads those as the loop below does)."""
_RB_IN_QUOTES = re.compile(r'[{}"]')
_RB_IN_BRACES = re.compile(r"[{}]")


def unread_by_scholar(raw: str) -> int | None:
    """Where bibtex-ruby's lexer (jekyll-scholar's reader) meets, in an entry's fields outside
    braces and quotes, a character that is no token of its (`'`, `;`, `(`, a non-breaking
    space): it leaves that whole entry out. None where it reads the entry (or the block is
    an @string, @preamble or @comment)."""
    m = _RB_ENTRY.match(raw)
    if m is None or m.group(1):
        return None
    pos = m.end()
    if (key := _RB_KEY.match(raw, pos)) is None:
        return pos + len(raw[pos:]) - len(raw[pos:].lstrip())  # `(`: no `{` after the type
    pos = key.end()
    while pos < len(raw):
        if run := _RB_RUN.match(raw, pos):
            pos = run.end()
            if pos == len(raw):
                break
        tok = _RB_TOKEN.match(raw, pos)
        if tok is None:
            return pos
        pos = tok.end()
        opener, closer, quote, at = tok.groups()
        if closer or at:
            return None  # the entry ends (or another begins): read
        if opener or quote:  # a braced value or a quoted one: its text is no token
            depth = 1
            while depth and (inner := (_RB_IN_QUOTES if quote else _RB_IN_BRACES).search(
                    raw, pos)) is not None:
                pos = inner.end()
                ch = inner.group()
                if ch == '"' and depth == 1:
                    depth = 0
                else:
                    depth += 1 if ch == "{" else -1 if ch == "}" else 0
            if depth:
                return None  # unterminated: reported as unbalanced by the grammar's reader
    return None


def ruby_succ(key: str) -> str | None:
    """Ruby's ``String#succ`` of an ASCII key (`smith2020` -> `smith2021`, `doe` -> `dof`,
    `zz9` -> `aaa0`, `a.9` -> `a.10`): the rightmost letter or digit goes up, carrying
    leftwards over wrapped ones (a carry stops at a non-alphanumeric between a letter and a
    digit). None for a key with other characters, or none alphanumeric (not followed)."""
    if not key or not key.isascii():
        return None
    chars = list(key)
    last, carry, at = "", "", -1
    after_other = False  # the character to the right is no letter or digit
    for i in range(len(chars) - 1, -1, -1):
        ch = chars[i]
        if after_other and last and ((last.isalpha() and ch.isdigit())
                                     or (last.isdigit() and ch.isalpha())):
            break
        if not ch.isalnum():
            after_other = True
            continue
        if ch not in "9zZ":
            chars[i] = chr(ord(ch) + 1)
            return "".join(chars)
        chars[i] = last = {"9": "0", "z": "a", "Z": "A"}[ch]
        carry, at, after_other = ("1" if ch == "9" else last), i, False
    if at < 0:
        return None
    chars.insert(at, carry)
    return "".join(chars)


def scholar_keys(text: str) -> list[tuple[str, str | None]]:
    """The entries of a `.bib` text that bibtex-ruby (jekyll-scholar's reader) reads, in
    order, each as (its key as written, the key bibtex-ruby gives it): a key an entry
    before it already has (case counts) becomes its next in :func:`ruby_succ` order that no
    entry before has, so a later entry whose own key was so taken moves on too (None: a
    key :func:`ruby_succ` does not follow)."""
    seen: set[str] = set()
    out: list[tuple[str, str | None]] = []
    for entry in parse_bib(text).entries:
        written = written_key(entry)
        if written is None or unread_by_scholar(entry.raw) is not None:
            continue
        key: str | None = written
        while key is not None and key in seen:
            key = ruby_succ(key)
        if key is not None:
            seen.add(key)
        out.append((written, key))
    return out


def written_key(entry: BibEntry) -> str | None:
    """The key of ``entry`` as its file writes it (the reader gives a duplicate another)."""
    m = _KEY.match(entry.raw)
    return m[1] if m else None


def _split_names(value: str) -> list[str]:
    """pybtex's ``split_name_list(value)``: the names of a person field. Where every braced
    group of it is free of spaces (``Garc{\\'\\i}a``, ``Fran{\\c{c}}ois``), no `` and ``
    lies in braces and splitting the whole text is the same, without pybtex's walk from brace
    to brace (tests/test_bib.py compares the two)."""
    inner = value
    while "{" in inner:
        stripped = _SPACELESS_GROUP.sub("", inner)
        if stripped == inner:   # a group with a space, or an unclosed one: pybtex
            from pybtex.bibtex.utils import split_name_list  # imported when first needed
            return split_name_list(value)
        inner = stripped
    return [name.strip() for name in _AND.split(value)]


def _unmatched_close(chunk: str) -> int | None:
    """Index of the first ``}`` of ``chunk`` that closes nothing (``%`` lines aside): text
    between entries with balanced braces (an entry written without its ``@``) is no error."""
    depth, pos = 0, 0
    for line in chunk.splitlines(keepends=True):
        if not line.lstrip().startswith("%"):
            for i, c in enumerate(line):
                if c in "{}":
                    depth += 1 if c == "{" else -1
                    if depth < 0:
                        return pos + i
        pos += len(line)
    return None


def _why(error: Exception | None) -> str:
    return (error.args[0] if error and error.args else str(error)) or type(error).__name__


def _parse(text: str) -> _Reader:
    reader = _Reader(text)
    reader.run()
    return reader


def parse_bib(text: str) -> BibFile:
    """Read a .bib file tolerantly: problems are reported, never raised."""
    return _parse(text).out


def block_starts(text: str) -> list[int]:
    """Where in ``text`` each top-level block (`@article{`, `@string{`, a whole brace-balanced
    `@comment{...}`) starts, as :func:`parse_bib` reads them: entries commented out inside a
    `@comment` are no blocks of their own."""
    reader = _Reader(text)
    reader.run()
    shift = len(text) - len(reader.text)  # the byte-order mark the reader drops
    return [at + shift for at in reader.starts]


# ==========================================================================================
# Writing
# ==========================================================================================

def _balance(value: str) -> str:
    """The value with every unmatched brace (or ``\\{``/``\\}``) made a brace macro, so that
    it is balanced for BibTeX, which counts braces even after a backslash."""
    if balanced(value):   # most values
        return value
    opened: list[int] = []
    unmatched: set[int] = set()
    for i, c in enumerate(value):
        if c == "{":
            opened.append(i)
        elif c == "}":
            if opened:
                opened.pop()
            else:
                unmatched.add(i)
    unmatched.update(opened)
    if not unmatched:
        return value
    out: list[str] = []
    for i, c in enumerate(value):
        if i in unmatched:
            slashes = len(value[:i]) - len(value[:i].rstrip("\\"))
            if slashes % 2:          # an escaped brace: replace the backslash too
                out.pop()
            c = r"\textbraceleft{}" if c == "{" else r"\textbraceright{}"
        out.append(c)
    return "".join(out)


@functools.lru_cache(maxsize=1024)  # field names and types repeat in every entry
def _safe_name(name: str) -> str:
    name = re.sub(r"[^a-z0-9_:.+\-]", "_", name.strip().lower())
    return name if name[:1].isalpha() else "x" + name


_PERCENT_FIELD = re.compile(r"%+[a-z][a-z0-9_:.+\-]*")


def _field_name(name: str) -> str:
    """A field's name as written: :func:`_safe_name`, but a name read with a `%` before it
    (a line meant as a comment) is kept as it is: bibtex-ruby reads it back alike, and a
    site's BibTeX box hides it as it hides the name after the `%`."""
    return name if _PERCENT_FIELD.fullmatch(name) else _safe_name(name)


_UNSAFE_IN_KEY = re.compile(r"[\s,{}()]")


def _visible(text: str) -> str:
    """``text`` without invisible characters (a byte-order mark, a zero-width space: Unicode
    control and format characters), which jekyll-scholar's BibTeX reader refuses in a key
    (the whole entry is then not shown)."""
    import unicodedata
    return "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cf"))
_AND_WORD = re.compile(r"(^|\s)and(\s|$)", re.I)


@functools.lru_cache(maxsize=4096)  # a bibliography names the same people again and again
def _bib_name(name: str) -> str:
    """One name of a person field as written: one space between words, in braces if it holds
    the word "and", brace-balanced."""
    name = " ".join(name.split())
    return _balance(f"{{{name}}}" if _AND_WORD.search(name) else name)


def safe_key(key: str) -> str:
    """An entry's key as :func:`format_entry` writes it (no blank, comma, brace or
    parenthesis: BibTeX would end the key there)."""
    return _UNSAFE_IN_KEY.sub("-", _visible(key).strip()) or "unnamed"


def format_entry(entry_type: str, key: str, fields: dict[str, str],
                 persons: dict[str, list[str]] | None = None) -> str:
    """One entry as BibTeX: persons first, then fields in the given order, every value in
    braces and brace-balanced.  Names containing " and " are protected by braces."""
    etype = _safe_name(entry_type) if entry_type.strip() else "misc"
    key = safe_key(key)
    lines: list[tuple[str, str]] = []
    for role, names in (persons or {}).items():
        kept = [_bib_name(n) for n in names if n and n.strip()]
        if kept:
            lines.append((_safe_name(role), " and ".join(kept)))
    for name, value in fields.items():
        lines.append((_field_name(name), _balance(str(value))))
    seen: set[str] = set()
    body = []
    for name, value in lines:
        if name not in seen:
            seen.add(name)
            body.append(f"  {name} = {{{value}}}")
    return f"@{etype}{{{key},\n" + ",\n".join(body) + ("\n" if body else "") + "}\n"


def with_fields(raw: str, extra: dict[str, str]) -> str:
    """The one entry of ``raw`` with the fields of ``extra`` it lacks added at its end, its
    text otherwise as written; re-formatted where the text does not read back so."""
    parsed = _parse(raw).out.entries
    if len(parsed) != 1:
        return raw
    entry = parsed[0]
    missing = {k: v for k, v in extra.items() if k.lower() not in
               {f.lower() for f in entry.fields}}
    if not missing:
        return raw
    head, _, _ = raw.rstrip().rpartition("}")
    head = head.rstrip()
    lines = "".join(f",\n  {_field_name(k)} = {{{_balance(v)}}}" for k, v in missing.items())
    text = (head.rstrip(",") if head.endswith(",") else head) + lines + "\n}\n"
    back = _read_back(text)
    if back is not None and all(back.fields.get(k) == v for k, v in missing.items()):
        return text
    return format_entry(entry.entry_type, entry.key, {**entry.fields, **missing},
                        entry.persons)


def _clean(text: str) -> BibFile | None:
    """The parse of ``text`` if it reads without a problem that changes its meaning."""
    reader = _parse(text)
    return None if reader.severe else reader.out


def _read_back(raw: str) -> BibEntry | None:
    """The entry ``raw`` reads as on its own, or None unless it reads cleanly (one entry, no
    problem)."""
    parsed = _clean(raw)
    if parsed and len(parsed.entries) == 1 and not parsed.problems:
        return parsed.entries[0]
    return None


def _entry_text(item: str | BibEntry) -> str:
    if isinstance(item, BibEntry):
        if item.raw and item.reads_alone:   # known when the file was read
            return item.raw
        e = _read_back(item.raw) if item.raw and item.reads_alone is None else None
        if e is not None and (e.key, e.entry_type, e.fields, e.persons) == (
                item.key, item.entry_type, item.fields, item.persons):
            return item.raw
        return format_entry(item.entry_type, item.key, item.fields, item.persons)
    if _clean(item) is not None:     # fine as it is (undefined macros are left alone)
        return item
    return "\n".join(format_entry(e.entry_type, e.key, e.fields, e.persons)
                     for e in _parse(item).out.entries)


def dump_bib(entries: Iterable[str | BibEntry], front_matter: bool = False,
             comments: Iterable[str] = ()) -> str:
    """A .bib file: optional empty front matter, the comments, then the entries.  A
    BibEntry is written as its source text when that still reads back as the entry, and
    re-formatted otherwise; a string that does not parse is rebuilt from what can be read."""
    chunks = [c.strip() for c in comments if c.strip()]
    chunks += [t.strip() for t in map(_entry_text, entries) if t.strip()]
    body = "\n\n".join(chunks) + "\n" if chunks else ""
    if front_matter:
        return "---\n---\n" + ("\n" + body if body else "")
    return body
