"""BibTeX in and out: a tolerant reader, plain-text helpers and a brace-safe writer.

The file is split into top-level ``@`` blocks here (that is only locating blocks, by brace
matching, with line numbers); every block is then read by pybtex's own low-level BibTeX
parser, so values, ``@string`` expansion and ``#`` concatenation follow pybtex (a plain
entry by ``_speedups_pybtex._fast_entry``, which follows pybtex's grammar and hands anything
else to it).  Names are split by pybtex (``split_name_list`` and ``Person``), LaTeX is turned
into Unicode by pylatexenc.  Nothing here knows about any theme: every field is just a field.

pybtex quirks worked around:

* ``LowLevelParser``'s default ``macros`` is pybtex's module-level month dict, which
  ``@string`` definitions mutate; each :func:`parse_bib` call passes its own copy.
* pybtex stops at the first error of a file; blocks are therefore parsed one at a time and
  the fields read before an error are kept from the parser's state.
* pybtex drops an undefined macro to ``""`` (or raises); here its name is kept as the value.
* pybtex treats ``@comment{`` as a mere marker and then parses the comment's content;
  here the whole brace-balanced block is a comment, as in BibTeX-ruby (jekyll-scholar).
* ``Person`` raises on some names ("a, b, c, d"); such a name is kept whole as a last name.
* pybtex expands ``@string`` macros without bound: forty strings, each twice the one before,
  are a terabyte. Here the text macros add to one file is bounded (``EXPANSION_LIMIT``); a
  block that would go beyond is not read, and reported.
"""

from __future__ import annotations

import bisect
import calendar
import functools
import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pybtex.bibtex.utils import split_name_list
from pybtex.database import Person
from pybtex.database.input.bibtex import LowLevelParser, month_names
from pybtex.utils import CaseInsensitiveDict

# The plain entry's fast reader follows pybtex's private grammar: see that module.
from .._speedups_pybtex import _fast_entry, _fast_person, _FastResult
from ..lazyre import lazy_pattern
from .content import without_marks  # `Name*`, `Name†`: marks are no part of a name

__all__ = ["BibEntry", "BibFile", "BibProblem", "citation_authors", "dump_bib", "entry_date",
           "entry_type_for", "format_authors", "format_citation", "format_entry", "parse_bib",
           "person_names", "slugify", "to_text", "venue"]

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
VENUE_FIELDS = ("journal", "booktitle", "school", "institution", "publisher",
                "howpublished", "series")


@dataclass(slots=True)
class BibEntry:
    """One BibTeX entry as read: its key, type, fields, persons, 1-based line and text."""

    key: str
    entry_type: str
    fields: dict[str, str]
    persons: dict[str, list[str]] = field(default_factory=dict)
    line: int = 0
    raw: str = ""


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


# ==========================================================================================
# Reading
# ==========================================================================================

_BLOCK = re.compile(r"@[ \t]*([A-Za-z][\w:.+-]*)\s*([{(])")
_BLOCK_AT_LINE_START = re.compile(r"^[ \t]*@[ \t]*[A-Za-z][\w:.+-]*\s*[{(]", re.M)
_KEY = re.compile(r"@[ \t]*[A-Za-z][\w:.+-]*\s*[{(]\s*([^\s,{}()]+)")
_DELIMITER = re.compile(r"[{}()]")
_ORDINALS = ["first", "second", "third", "fourth", "fifth"]
_NOT_ENTRIES = ("comment", "preamble", "string")


EXPANSION_LIMIT = 1_000_000
"""Characters ``@string`` macros may add to one .bib file, or ten times the file's own size
if that is more; a block that would go beyond is not read (and reported)."""


class ExpansionLimit(ValueError):
    """A block whose @strings would expand beyond the file's bound."""


class _BlockParser(LowLevelParser):
    """pybtex's parser for one block: raises at the first error, keeps undefined macros."""

    def __init__(self, text: str, macros: CaseInsensitiveDict,
                 budget: int = EXPANSION_LIMIT) -> None:
        super().__init__(text, macros=macros)
        self.undefined: list[tuple[str, str]] = []   # (field, macro)
        self.used: set[str] = set()                  # macros read (defined ones)
        self.budget = budget                         # characters macros may still add
        self.spent = 0

    def handle_error(self, error):         # pybtex hook: stop at the first error
        raise error

    def substitute_macro(self, name):      # pybtex hook: an undefined macro stays
        if name in self.macros:
            self.used.add(name)
            value = self.macros[name]
            self.spent += len(value)
            if self.spent > self.budget:
                raise ExpansionLimit("its @strings would expand beyond the bound of the file")
            return value
        self.undefined.append((self.current_field_name or "", name))
        return name


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
        self.newlines = [m.start() for m in re.finditer("\n", self.text)]
        self.out = BibFile()
        self.macros = CaseInsensitiveDict(month_names)
        self.seen: dict[str, int] = {}    # lower-case key -> line of its first entry
        self.counts: dict[str, int] = {}
        self.severe = False               # a problem that changes what the text says
        self.bound = max(EXPANSION_LIMIT, 10 * len(self.text))
        self.budget = self.bound          # characters @string macros may still add

    def line_of(self, pos: int) -> int:
        return bisect.bisect_left(self.newlines, pos) + 1

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
            nxt = _BLOCK_AT_LINE_START.search(text, m.end())
            limit = nxt.start() if nxt else len(text)
            kind = m.group(1).lower()
            # a plain entry: the fast reader finds its end as _close would (and reads it)
            fast = (_fast_entry(text[at:limit], self.macros, self.budget, prefix=True)
                    if m.group(2) == "{" and kind not in _NOT_ENTRIES else None)
            end = _close(text, m.end() - 1, m.group(2), limit) if fast is None else at + fast.end
            if end is None and kind == "comment":
                # a balanced @comment{...} may hold whole entries (commented out): one block
                end = _close(text, m.end() - 1, m.group(2), len(text))
            closed = end is not None
            end = end or limit
            self._block(kind, at, end, closed, fast)
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

    def _block(self, kind: str, start: int, end: int, closed: bool,
               fast: _FastResult | None = None) -> None:
        """``fast``: what the fast reader read of it in :meth:`run` (where it failed, it
        fails on the block alone too: None)."""
        raw = self.text[start:end].rstrip() if not closed else self.text[start:end]
        line = self.line_of(start)
        if kind in ("comment", "preamble"):
            self.out.comments.append(raw)
            if not closed:
                self.problem(line, f"@{kind} at line {line} has unbalanced braces")
            return
        parser = _BlockParser(raw, self.macros, self.budget) if fast is None else fast
        error: Exception | None = None
        if fast is not None:   # read already
            name_or_key, parts = fast.key, fast.fields
        else:
            try:
                _, (name_or_key, parts) = next(iter(parser))
            except StopIteration:
                error = ValueError("nothing could be read")
            except Exception as exc:  # pybtex syntax errors, and anything unexpected
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
                self.out.strings[name_or_key] = "".join(parts)
            else:
                self.problem(line, f"@string at line {line} could not be read ({_why(error)});"
                             " it was skipped")
            return
        if error is not None:
            key = parser.current_entry_key or (_KEY.match(raw) or [None, None])[1]
            parts = parser.current_fields or []
        else:
            key = name_or_key
        if not key:
            self.problem(line, f"entry at line {line} has no readable key ({_why(error)}); "
                         "it was skipped")
            return
        if error is not None:
            got = (f"only the {len(parts)} field(s) before the error were kept "
                   f"({', '.join(n.lower() for n, _ in parts)})" if parts
                   else "only its key and type were kept")
            where = line + (getattr(error, "lineno", None) or 1) - 1
            why = ("has unbalanced braces" if not closed
                   else f"has a syntax error at line {where} ({_why(error)})")
            self.problem(line, f"entry `{key}` {why}; {got}")
        for fname, macro in parser.undefined:
            self.problem(line, f"entry `{key}` uses the undefined @string `{macro}` in "
                         f"`{fname.lower()}`; its name was kept as the value", severe=False)
        entry = BibEntry(self._unique(key, line), kind, {}, {}, line, raw)
        clean = error is None and closed and not parser.undefined
        for fname, value_parts in parts:
            # pybtex's normalize_whitespace (`\s+` -> one space, stripped), without a regex
            # (every field of every entry): `\s` and str.split() know the same whitespace
            name, value = fname.lower(), " ".join("".join(value_parts).split())
            if name in entry.fields or name in entry.persons:
                self.problem(line, f"entry `{key}` has a second `{name}` field; the first "
                             "was kept")
                clean = False
            elif name in PERSON_ROLES:
                entry.persons[name] = _split_names(value) if value else []
            else:
                entry.fields[name] = value
        self.out.entries.append(entry)
        if not clean:
            return
        # What its text alone reads as (dump_bib asks): with no error, no second field and no
        # macro but the built-in months, this entry; with a macro of this file's @strings,
        # an undefined macro, a problem (None).
        if any(m not in month_names for m in parser.used):
            _STANDALONE[raw] = None
        elif all(self.macros[m] == month_names[m] for m in parser.used):
            _STANDALONE[raw] = BibEntry(key, kind, dict(entry.fields),
                                        {r: list(n) for r, n in entry.persons.items()}, 1, raw)

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


def _split_names(value: str) -> list[str]:
    """pybtex's ``split_name_list(value)``: the names of a person field. Where every braced
    group of it is free of spaces (``Garc{\\'\\i}a``, ``Fran{\\c{c}}ois``), no `` and ``
    lies in braces and splitting the whole text is the same, without pybtex's walk from brace
    to brace (tests/test_bib.py compares the two)."""
    inner = value
    while "{" in inner:
        stripped = _SPACELESS_GROUP.sub("", inner)
        if stripped == inner:   # a group with a space, or an unclosed one: pybtex
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


_STANDALONE: dict[str, BibEntry | None] = {}
"""Entry text -> what it reads as on its own (see ``_read_back``), noted
while parsing a whole file when that is certain (see ``_Reader._block``); it spares
:func:`dump_bib` parsing every entry of a bibliography a second time."""


def _parse(text: str) -> _Reader:
    reader = _Reader(text)
    reader.run()
    return reader


def parse_bib(text: str) -> BibFile:
    """Read a .bib file tolerantly: problems are reported, never raised."""
    return _parse(text).out


# ==========================================================================================
# Plain text
# ==========================================================================================

@functools.cache
def _latex_converter() -> tuple[Any, Any]:
    """pylatexenc's converter and parser context, made on first use: imported only when a
    text needs it (~30 ms of every run otherwise)."""
    from pylatexenc import latex2text, latexwalker
    from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec
    from pylatexenc.macrospec import MacroSpec
    walker_db = latexwalker.get_default_latex_context_db()
    walker_db.add_context_category("sitemigrate", prepend=True, macros=[
        MacroSpec("href", "{{"), MacroSpec("mbox", "{"), MacroSpec("hbox", "{")])
    text_db = latex2text.get_default_latex_context_db()
    def arg(i):   # pylatexenc passes the converter as the keyword `l2tobj`
        return lambda n, l2tobj: (l2tobj.node_arg_to_text(n, i) if n.nodeargd
                                  and len(n.nodeargd.argnlist) > i else "")
    text_db.add_context_category("sitemigrate", prepend=True, macros=[
        MacroTextSpec("url", arg(0)), MacroTextSpec("href", arg(1)),
        MacroTextSpec("mbox", arg(0)), MacroTextSpec("hbox", arg(0)),
        MacroTextSpec("textbraceleft", "{"), MacroTextSpec("textbraceright", "}"),
        MacroTextSpec("LaTeX", "LaTeX"), MacroTextSpec("TeX", "TeX"),
        MacroTextSpec("rq", "\u2019"), MacroTextSpec("lq", "\u2018"),
        MacroTextSpec("BibTeX", "BibTeX")])
    return LatexNodes2Text(latex_context=text_db, math_mode="verbatim"), walker_db



# Text whose only LaTeX is case-protecting braces, dash ligatures, ``~`` and the escaped
# specials ``\% \& \$ \# \_`` (most titles and abstracts): what pylatexenc makes of it is
# computed here directly, ~100x faster. tests/test_bib.py checks the two agree.
# (Runs of letters and of marks are matched whole: the same text, ~2x faster.)
_SIMPLE = re.compile(r"(?:[^\W_]++|[\s.,:;()/!?@*+=%~{}-]++|\\[%&$#_])*+\Z")
_DASHES = re.compile(r"-{2,}")
_ESCAPED = re.compile(r"\\([%&$#_])")
_BRACES = re.compile(r"[{}]")


def _balanced(text: str) -> bool:
    """Every brace of ``text`` pairs up (in one pass over its braces only: a value may be
    thousands of braces deep)."""
    if text.count("{") != text.count("}"):
        return False
    depth = 0
    for brace in _BRACES.findall(text):
        depth += 1 if brace == "{" else -1
        if depth < 0:
            return False
    return True


def _ligatures(m: re.Match) -> str:
    n = len(m.group())
    return "\u2014" * (n // 3) + ("\u2013" if n % 3 == 2 else "-" * (n % 3))


def _simple_text(latex: str) -> str | None:
    """``latex`` as text when it is simple (see ``_SIMPLE``), else None."""
    if not _SIMPLE.match(latex) or (("{" in latex or "}" in latex) and not _balanced(latex)):
        return None
    text = _DASHES.sub(_ligatures, latex) if "--" in latex else latex
    if "\\" in text:
        text = _ESCAPED.sub(r"\1", text)
    return text.replace("~", " ").replace("{", "").replace("}", "")


# The accents and letters BibTeX names are spelt with, in the braced forms BibTeX files use
# (``{\\'e}``, ``{\\'{e}}``, ``{\\'\\i}``, ``{\\c{c}}``, ``{\\O}``, ``{\\aa}``): pylatexenc makes
# of each the letter with the accent's combining mark, composed (NFC). Text whose only other
# LaTeX is simple (``_SIMPLE``) is then turned into text without pylatexenc.
# tests/test_latex_table.py checks every form of the table against pylatexenc.
_ACCENT_MARKS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303",
                 "=": "\u0304", ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b",
                 "c": "\u0327", "k": "\u0328", "r": "\u030a"}
_LETTER_MACROS = {"o": "\u00f8", "O": "\u00d8", "aa": "\u00e5", "AA": "\u00c5", "ae": "\u00e6",
                  "AE": "\u00c6", "oe": "\u0153", "OE": "\u0152", "ss": "\u00df", "l": "\u0142",
                  "L": "\u0141", "i": "\u0131", "j": "\u0237"}
_ACCENTED = re.compile(
    r"\{\\(?:([\'`^\"~=.])(?:([A-Za-z])|\\([ij])|\{([A-Za-z])\}|\{\\([ij])\})"
    r"|([cukvHr])\{([A-Za-z])\}|(o|O|aa|AA|ae|AE|oe|OE|ss|l|L|i|j))\}")


def _accented(m: re.Match) -> str:
    sym, letter, dotless, braced, braced_dotless, word_accent, word_letter, macro = m.groups()
    if macro:
        return _LETTER_MACROS[macro]
    base = letter or dotless or braced or braced_dotless or word_letter
    return unicodedata.normalize("NFC", base + _ACCENT_MARKS[sym or word_accent])


def _table_text(latex: str) -> str | None:
    """``latex`` as text when its only LaTeX beyond the simple is braced accents and
    letters of the table above, else None."""
    plain = _ACCENTED.sub(_accented, latex)
    return _simple_text(plain) if plain != latex else None


def _pylatexenc_text(latex: str) -> str:
    source = re.sub(r"(?<!\\)%", r"\\%", latex)
    source = source.replace("{\\'}", "\u2019")  # `Don{\'}t`: an accent on nothing, an apostrophe
    try:
        converter, walker_db = _latex_converter()
        return converter.latex_to_text(source, latex_context=walker_db)
    except Exception:  # pylatexenc gave up: drop commands and braces, keep the words
        return re.sub(r"\\([A-Za-z]+\s*|.)", lambda m: "" if m.group(1)[0].isalpha()
                      else m.group(1), latex).replace("{", "").replace("}", "")


@functools.lru_cache(maxsize=8192)
def to_text(latex: str) -> str:
    """LaTeX (as in a BibTeX value) to plain Unicode text on one line.

    Accents and special letters become Unicode, case-protecting braces go, ``--`` is an en
    dash, ``~`` a space, ``\\&`` an ampersand; ``$...$`` math is kept as written.  A bare
    ``%`` is text here (BibTeX values are not LaTeX comments).

    Cached: a bibliography repeats its names, venues, years and months, and each title is
    asked for several times (title, slug, citation)."""
    if not latex:
        return ""
    text = _simple_text(latex)
    if text is None and "\\" in latex:
        text = _table_text(latex)
    if text is None:
        text = _pylatexenc_text(latex)
    return " ".join(text.replace("\u00a0", " ").split())


def person_names(entry: BibEntry, role: str = "author") -> list[tuple[str, str]]:
    """``[(first and middle names, last name)]`` in Unicode; "von" parts and "Jr." go with
    the last name.  ``and others`` is kept as ``("", "others")``."""
    return [_person(name) for name in entry.persons.get(role, [])]


@functools.lru_cache(maxsize=4096)
def _person(name: str) -> tuple[str, str]:
    """One name as ``(first and middle names, last name)`` in Unicode. Cached: a
    bibliography names its owner in nearly every entry, and co-authors again and again."""
    try:
        fast = _fast_person(name)   # the plain forms most names have
        if fast is not None:
            first, last = fast
        else:
            p = Person(name)
            first = p.first_names + p.middle_names
            last = p.prelast_names + p.last_names + p.lineage_names
    except Exception:  # pybtex rejects e.g. "a, b, c, d": keep it whole
        first, last = [], [name]
    return to_text(" ".join(first)), to_text(" ".join(last))


def _join_names(names: list[tuple[str, str]]) -> str:
    others = bool(names) and names[-1] == ("", "others")
    shown = [s for s in map(_shown, names[:-1] if others else names) if s]
    if others:
        return (", ".join(shown) + (" et al." if len(shown) == 1 else ", et al.")
                if shown else "et al.")
    if len(shown) <= 2:
        return " and ".join(shown)
    return ", ".join(shown[:-1]) + ", and " + shown[-1]


@functools.lru_cache(maxsize=4096)
def _shown(name: tuple[str, str]) -> str:
    """A name as a citation shows it, "First Last". Cached as :func:`_person` is."""
    return f"{name[0]} {name[1]}".strip()


def format_authors(entry: BibEntry) -> str:
    """"A. Einstein, B. Podolsky, and N. Rosen"; names as written; "and others" is et al."""
    return _join_names(person_names(entry, "author"))


def venue(entry: BibEntry) -> str:
    """Where it appeared, in Unicode: the first of journal, booktitle, school, ...."""
    fields = entry.fields
    for name in VENUE_FIELDS:
        if name in fields and (text := to_text(fields[name])):
            return text
    return ""


_MONTHS = {name: i for i, name in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}


def _int_in(text: str, pattern: str, low: int, high: int) -> int | None:
    m = re.search(pattern, text)
    return int(m.group(1)) if m and low <= int(m.group(1)) <= high else None


def entry_date(entry: BibEntry) -> tuple[int | None, int | None, int | None]:
    """``(year, month, day)`` from year/month/day, falling back on a biblatex ``date``."""
    f = entry.fields
    return _date_of(f.get("year", ""), f.get("month", ""), f.get("day", ""), f.get("date", ""))


@functools.lru_cache(maxsize=4096)
def _date_of(year_field: str, month_field: str, day_field: str,
             date_field: str) -> tuple[int | None, int | None, int | None]:
    """:func:`entry_date` of these fields. Cached: a bibliography repeats its years and
    months, and each entry's date is asked for twice (its date, its citation)."""
    year = _int_in(to_text(year_field), r"(?<!\d)(\d{4})(?!\d)", 1, 9999)
    month_text = to_text(month_field).lower()
    word = re.match(r"\s*([a-z]+)", month_text)
    if word:
        month = _MONTHS.get(word.group(1)[:3])
        day = _int_in(month_text, r"(?<!\d)(\d{1,2})(?!\d)", 1, 31) if month else None
    else:
        month, day = _int_in(month_text, r"^\s*(\d{1,2})\s*$", 1, 12), None
    day = _int_in(to_text(day_field), r"^\s*(\d{1,2})\s*$", 1, 31) or day
    d = re.match(r"\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?", to_text(date_field))
    if d and (year is None or year == int(d.group(1))):
        year = int(d.group(1))
        month = month or (int(d.group(2)) if d.group(2) and 1 <= int(d.group(2)) <= 12
                          else None)
        day = day or (int(d.group(3)) if d.group(3) else None)
    if day and (month is None or day > calendar.monthrange(year or 2000, month)[1]):
        day = None
    return year, month, day


def _sentence(text: str) -> str:
    return text if not text or text[-1] in ".?!" else text + "."


def format_citation(entry: BibEntry) -> str:
    """'Authors. (Year). "Title." <i>Venue</i>, volume(number), pages.' in Unicode; parts
    that are missing are left out.  An entry with editors and no authors names them."""
    f = entry.fields
    parts = []
    people = format_authors(entry)
    if not people and entry.persons.get("editor"):
        editors = person_names(entry, "editor")
        people = _join_names(editors) + (" (Eds.)" if len(editors) > 1 else " (Ed.)")
    if people:
        parts.append(_sentence(people))
    year = entry_date(entry)[0] or to_text(f.get("year", ""))
    if year:
        parts.append(f"({year}).")
    title = to_text(f.get("title", ""))
    if title:
        parts.append(f'"{_sentence(title)}"')
    where = venue(entry)
    volume, number = to_text(f.get("volume", "")), to_text(f.get("number", ""))
    details = [f"<i>{where}</i>" if where else "",
               volume + (f"({number})" if number else ""), to_text(f.get("pages", ""))]
    details = [d for d in details if d]
    if details:
        parts.append(_sentence(", ".join(details)))
    return " ".join(parts)


# A publication type as people name it (`pubtype: journal`, `category: workingpapers`) ->
# BibTeX entry type; the first pattern that matches the lower-cased label wins.
_TYPE_WORDS = (
    (r"phd|doctoral|dissertation", "phdthesis"), (r"master|msc|m\.sc", "mastersthesis"),
    (r"thesis", "phdthesis"), (r"chapter|incollection|inbook", "incollection"),
    (r"proceeding|conference|conf\b|workshop|symposium|inproceedings", "inproceedings"),
    (r"journal|article|manuscripts", "article"), (r"book|monograph", "book"),
    (r"report|working|discussion", "techreport"),
    (r"unpublished|submitted|review|preparation|progress|draft", "unpublished"),
    (r"preprint|arxiv|poster|talk|abstract|software|dataset|misc|other", "misc"))


def entry_type_for(label: str) -> str | None:
    """The BibTeX entry type a publication-type label names, or None."""
    low = label.strip().lower()
    if re.fullmatch(r"[a-z]+", low) and low in _ENTRY_TYPES:
        return low
    return next((t for pattern, t in _TYPE_WORDS if re.search(pattern, low)), None)


_ENTRY_TYPES = frozenset({"article", "book", "booklet", "inbook", "incollection",
                          "inproceedings", "manual", "mastersthesis", "misc",
                          "phdthesis", "proceedings", "techreport", "unpublished"})


# ------------------------------------------------------------------------------------------
# Authors of a citation written by hand (academicpages' `citation` front matter)
# ------------------------------------------------------------------------------------------
_PARTICLES = frozenset({"van", "von", "der", "den", "de", "del", "della", "di", "da", "du",
                        "la", "le", "dos", "das", "ter", "ten", "zu", "y", "bin", "al", "el"})
_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
_NOT_A_NAME = lazy_pattern(
    r"\d|[:!?()\[\]]|\b(?:journal|proceedings|proc|conference|conf|workshop|symposium|"
    r"university|press|review|letters|transactions|trans|arxiv|preprint|vol|pp|in|of|the|"
    r"on|for|with|to|institute|society|association|report|thesis|working|paper)\b", re.I)
_INITIALS = lazy_pattern(r"(?:[A-Z\u00C0-\u024F][a-z]?\.?\s*-?\s*)+")
_VANCOUVER = lazy_pattern(r"[A-Z]{1,3}|(?:[A-Z\u00C0-\u024F]\.\s*-?\s*)+")  # `TL`, `T.`, `J.-P.`


def _word(token: str) -> bool:
    """A capitalised name word (``Lindqvist``, ``O'Neil``, ``Berg-Holm``, ``Ó``)."""
    return token[:1].isupper() and all(c.isalpha() or c in "'’-." for c in token)


def _name_tokens(text: str) -> list[str] | None:
    tokens = text.split()
    if not tokens or _NOT_A_NAME().search(text):
        return None
    ok = all(_word(t) or t.lower() in _PARTICLES or t.lower() in _SUFFIXES for t in tokens)
    return tokens if ok else None


def _surname(text: str) -> bool:
    """One surname, with particles (``van der Berg``): the ``Last`` of ``Last, First``."""
    tokens = _name_tokens(text)
    return tokens is not None and (len([t for t in tokens if t.lower() not in _PARTICLES]) == 1
                             or len(tokens) == 1)   # `Du`, `De`: a particle is a surname too


def _given(text: str) -> bool:
    """The ``First`` of ``Last, First``: initials (``T.``, ``J.-P.``) or one to three names."""
    tokens = _name_tokens(text)
    return tokens is not None and (bool(_INITIALS().fullmatch(text)) or len(tokens) <= 3)


def _full_name(text: str) -> str | None:
    """``First Last`` (two to five words) as a BibTeX name; ``Last TL`` (Vancouver) as
    ``Last, TL``."""
    tokens = _name_tokens(text)
    if not tokens or not 2 <= len(tokens) <= 5:
        return None
    if len(tokens) == 2 and _VANCOUVER().fullmatch(tokens[1]) and len(tokens[0]) > 1:
        return f"{tokens[0]}, {tokens[1]}"
    return text if len(tokens[-1].rstrip(".")) > 1 or tokens[-1].lower() in _SUFFIXES else None


def _citation_head(citation: str) -> str:
    """The author list at the start of a citation: up to the year, the quoted or italic
    title/venue, or the first sentence's end."""
    import html
    cut = re.search(r"<(?:i|em)\b", raw := without_marks(citation), re.I)  # venue or title
    raw = raw[:cut.start()] if cut else raw
    text = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(raw)).split())
    end = re.search(r"\(\s*(?:\d{4}[a-z]?|n\.\s?d\.|in press|forthcoming)\s*\)|[\"“”]|"
                    r"(?<![\w-])\d{4}[a-z]?(?![\w-])|(?<=[^\W\d_A-Z]{2})\.\s+(?=\S)", text)
    head = text[:end.start()] if end else text
    vancouver = re.match(r"(?:[^\s,.]+(?: [^\s,.]+)* [A-Z]{1,3}, )+[^\s,.]+(?: [^\s,.]+)* "
                         r"[A-Z]{1,3}(?=\.\s)", head)   # "Last TL, Other G. Title."
    head = vancouver.group() if vancouver else head
    return head.strip().rstrip(",;:").strip()


def citation_authors(citation: str, owner: tuple[str, str] = ("", "")
                     ) -> tuple[list[str], str | None]:
    """The authors a hand-written citation starts with, as BibTeX names, or ``([], why)``.

    Reads "Last, First & Other, Name", "Last, First, Second Author, and Third",
    "Last, F., Other, G.", "First Last and Second Last", "Last F, Other G" and "et al.";
    ``owner`` (first names, last name) is never split in two. A part that is not a name (a
    venue, a year, a title) makes the whole list unreadable: nothing is guessed."""
    head = re.sub(r",?\s*(?:et\.?\s*al\.?|and others)\s*$", ", others", _citation_head(citation))
    head = re.sub(r"(?<=[^\W\d_]{2})\.$", "", head)   # the sentence's period, not an initial's
    elided = bool(re.search(r"…|\.\.\.", head))      # APA: "A, B, … Z" leaves authors out
    head = re.sub(r"\s*(?:…|\.\.\.)\s*(?:&\s*)?", " ", head).replace(", ,", ",").strip()
    if not head:
        return [], "it does not start with an author list"
    groups = [g for g in re.split(r"\s*;\s*|\s*,?\s*&\s*|\s*,?\s+and\s+", head) if g.strip()]
    pieces = [(n, p.strip()) for n, g in enumerate(groups) for p in g.split(",") if p.strip()]
    size = {n: sum(1 for m, _ in pieces if m == n) for n, _ in pieces}
    o_first, o_last = (" ".join(x.split()).lower() for x in owner)
    names: list[str] = []
    i = 0
    while i < len(pieces):
        group, piece = pieces[i]
        nxt = pieces[i + 1][1] if i + 1 < len(pieces) and pieces[i + 1][0] == group else ""
        if piece.lower() == "others":
            names.append("others")
            i += 1
        elif nxt and o_last and piece.lower() == o_last and o_first[:1] == nxt[:1].lower() \
                and _given(nxt):
            names.append(f"{piece}, {nxt}")   # the owner, "Last, First"
            i += 2
        elif nxt and _surname(piece) and _given(nxt) and (
                _INITIALS().fullmatch(nxt) or not names or size[group] == 2):
            names.append(f"{piece}, {nxt}")
            i += 2
        elif nxt and _INITIALS().fullmatch(nxt) and (tokens := _name_tokens(piece)) \
                and len(tokens) <= 3:
            names.append(f"{piece}, {nxt}")   # "Fellows Yates, J. A.": initials follow a surname
            i += 2
        elif (full := _full_name(piece)) is not None:
            names.append(full)
            i += 1
        else:
            return [], f"`{piece}` is not a name"
    if not names or names == ["others"]:
        return [], "it names no author"
    if elided and names[-1] != "others":
        names.append("others")
    return names, None


_TRANSLITERATE = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe",
                                "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D",
                                "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
                                "'": "", "’": ""})


_SLUG_WORD = re.compile(r"[a-z0-9]+")
SLUG_MAX = 120
"""The longest slug, in characters (ASCII): file names made of one stay far below the 255
bytes file systems take."""


def slugify(text: str, max_words: int = 8) -> str:
    """A stable ASCII slug of at most ``max_words`` words ("Über die X" -> "uber-die-x").
    Text with no ASCII letters or digits gets ``untitled-`` and a short hash of itself."""
    if text.isascii():   # most titles: NFKD changes no ASCII, the table only drops `'`
        ascii_text = text.replace("'", "")
    else:
        ascii_text = unicodedata.normalize("NFKD", text.translate(_TRANSLITERATE))
        ascii_text = ascii_text.encode("ascii", "ignore").decode()
    words = _SLUG_WORD.findall(ascii_text.lower())
    if max_words > 0:
        words = words[:max_words]
    if not words and text.strip():
        return "untitled-" + hashlib.sha1(text.strip().encode()).hexdigest()[:8]
    return "-".join(words)[:SLUG_MAX].rstrip("-")  # a 250-letter word still names a file


# ==========================================================================================
# Writing
# ==========================================================================================

def _balance(value: str) -> str:
    """The value with every unmatched brace (or ``\\{``/``\\}``) made a brace macro, so that
    it is balanced for BibTeX, which counts braces even after a backslash."""
    if _balanced(value):   # most values
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


_UNSAFE_IN_KEY = re.compile(r"[\s,{}()]")
_AND_WORD = re.compile(r"(^|\s)and(\s|$)", re.I)


@functools.lru_cache(maxsize=4096)  # a bibliography names the same people again and again
def _bib_name(name: str) -> str:
    """One name of a person field as written: one space between words, in braces if it holds
    the word "and", brace-balanced."""
    name = " ".join(name.split())
    return _balance(f"{{{name}}}" if _AND_WORD.search(name) else name)


def format_entry(entry_type: str, key: str, fields: dict[str, str],
                 persons: dict[str, list[str]] | None = None) -> str:
    """One entry as BibTeX: persons first, then fields in the given order, every value in
    braces and brace-balanced.  Names containing " and " are protected by braces."""
    etype = _safe_name(entry_type) if entry_type.strip() else "misc"
    key = _UNSAFE_IN_KEY.sub("-", key.strip()) or "unnamed"
    lines: list[tuple[str, str]] = []
    for role, names in (persons or {}).items():
        kept = [_bib_name(n) for n in names if n and n.strip()]
        if kept:
            lines.append((_safe_name(role), " and ".join(kept)))
    for name, value in fields.items():
        lines.append((_safe_name(name), _balance(str(value))))
    seen: set[str] = set()
    body = []
    for name, value in lines:
        if name not in seen:
            seen.add(name)
            body.append(f"  {name} = {{{value}}}")
    return f"@{etype}{{{key},\n" + ",\n".join(body) + ("\n" if body else "") + "}\n"


def _clean(text: str) -> BibFile | None:
    """The parse of ``text`` if it reads without a problem that changes its meaning."""
    reader = _parse(text)
    return None if reader.severe else reader.out


def _read_back(raw: str) -> BibEntry | None:
    """The entry ``raw`` reads as on its own, or None unless it reads cleanly (one entry, no
    problem)."""
    if raw in _STANDALONE:
        return _STANDALONE[raw]
    parsed = _clean(raw)
    if parsed and len(parsed.entries) == 1 and not parsed.problems:
        return parsed.entries[0]
    return None


def _entry_text(item: str | BibEntry) -> str:
    if isinstance(item, BibEntry):
        e = _read_back(item.raw) if item.raw else None
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
