"""A speed-up that follows pybtex's private BibTeX grammar, kept because the benchmark
proves it needed (``bench/run.py --speedups``; README, Benchmark): without it the
1,000-entry bibliography alone takes 1.1-1.3x the CPU of its whole conversion (~0.13 s).

``_fast_entry`` reads a plain ``{``-delimited entry with a handful of regular expressions
instead of pybtex's scanner (~0.15 ms an entry), and gives up (None: ``bib`` then reads the
block with pybtex's ``LowLevelParser``, the public-enough path) at anything else. It
depends on what pybtex does not document:

* ``pybtex.database.input.bibtex.NAME_CHARS``, the characters of field and macro names;
* ``LowLevelParser``'s grammar: ``\\s`` as whitespace, brace and quote rules, ``#``
  concatenation, macros looked up in the table passed as ``macros``, an entry read as
  ``("entry", (key, [(field, [parts])]))`` by iterating the parser.
* ``pybtex.bibtex.utils.BIBTEX_SPACE_RE`` and ``Person``'s rules for splitting a name
  (``_fast_person``: commas and words at brace level 0, a "von" word starts lower-case).

``bib._BlockParser`` (the tolerant reader itself, not a speed-up) also subclasses
``LowLevelParser`` and uses its hooks ``handle_error`` and ``substitute_macro`` and its
state ``current_entry_key``, ``current_fields``, ``current_field_name``, ``macros``.

``pyproject.toml`` pins pybtex to the series this was checked against;
:func:`check_private_api` (run by ``tests/test_speedups.py``) fails loudly when pybtex
changes shape, and a property test (``tests/test_bib.py``) checks that whatever this
reads, it reads as pybtex does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from pybtex.bibtex.utils import BIBTEX_SPACE_RE
from pybtex.database.input.bibtex import NAME_CHARS
from pybtex.utils import CaseInsensitiveDict

# ------------------------------------------------------------------------------------------
# A fast path for the plain entry. pybtex's scanner costs ~0.15 ms an entry, most of a large
# bibliography's read. _fast_entry reads an entry with pybtex's own grammar (LowLevelParser:
# the same name and key patterns, ``\s`` as whitespace, brace and quote rules, ``#``
# concatenation, macros looked up in the same table) with a handful of regular expressions,
# and gives up (None: pybtex reads it) at anything else: an error, a `(`-delimited entry,
# deep nesting, text after the closing brace. A property test checks that whatever it reads,
# it reads as pybtex does.
# ------------------------------------------------------------------------------------------
_NAME_RE = re.compile(rf"[{re.escape(NAME_CHARS)}][{re.escape(NAME_CHARS)}0-9]*")
_FAST_HEAD = re.compile(rf"@\s*{_NAME_RE.pattern}\s*\{{\s*([^\s,}}]+)")
_WS = re.compile(r"\s*")
_ws_match = cast(Callable[[str, int], re.Match[str]], _WS.match)  # `\s*` always matches
_NUMBER = re.compile(r"[0-9]+")
_BRACES = re.compile(r"[{}]")
_QUOTE_OR_BRACES = re.compile(r'["{}]')
# The field most entries are made of, whole: `name = {text}` (braces nested up to three
# deep: `{A {GPU} study}`, `{Fran{\c{c}}ois}`), `name = 123` or `name = macro`, not followed
# by a `#` (then the general steps below read it, part by part).
_NAME_WHOLE = rf"[{re.escape(NAME_CHARS)}][{re.escape(NAME_CHARS)}0-9]*+"
_BRACED = r"[^{}]*+(?:\{[^{}]*+(?:\{[^{}]*+\}[^{}]*+)*\}[^{}]*+)*"
_PLAIN_FIELD = re.compile(rf"\s*({_NAME_RE.pattern})\s*=\s*"
                          rf"(?:\{{({_BRACED})\}}|([0-9]++)|({_NAME_WHOLE}))\s*+(?!#)")


class _FastResult:
    """What :func:`_fast_entry` read, shaped like the parser ``_Reader._block`` asks."""
    __slots__ = ("end", "fields", "key", "spent", "undefined", "used")
    current_entry_key = current_fields = None

    def __init__(self, key: str, fields: list, undefined: list, used: set, spent: int,
                 end: int) -> None:
        self.key, self.fields, self.undefined, self.used = key, fields, undefined, used
        self.spent, self.end = spent, end

    def __iter__(self):
        yield "entry", (self.key, self.fields)


def _fast_entry(raw: str, macros: CaseInsensitiveDict, budget: int | None = None,
                prefix: bool = False) -> _FastResult | None:
    """A ``{``-delimited entry read as pybtex reads it, or None (pybtex must read it; also
    when its macros add more than ``budget`` characters, by default ``bib.EXPANSION_LIMIT``).

    With ``prefix``, the entry is the start of ``raw`` (text may follow its closing brace);
    its end is ``.end``. Everything it read is brace-balanced, so its closing brace is the
    first that closes the ``{`` of ``@type{`` (keys with a brace are left to pybtex)."""
    if budget is None:
        from .formats.bibtex import EXPANSION_LIMIT
        budget = EXPANSION_LIMIT
    head = _FAST_HEAD.match(raw)
    if head is None or (prefix and "{" in head.group(1)):
        return None
    text, pos, end = raw, head.end(), len(raw)
    ws = _ws_match
    fields: list[tuple[str, list[str]]] = []
    undefined: list[tuple[str, str]] = []
    used: set[str] = set()
    spent = 0
    plain = _PLAIN_FIELD.match
    while True:
        if (whole := plain(text, pos)) is not None:
            fname, value, number, macro = whole.groups()
            if macro is None:
                value = number if value is None else value
            elif macro in macros:
                used.add(macro)
                value = macros[macro]
                spent += len(value)
                if spent > budget:
                    return None
            else:
                undefined.append((fname, macro))
                value = macro
            fields.append((fname, [value]))
            pos = whole.end()
            if pos < end and text[pos] == ",":
                pos += 1
                continue
            break
        pos = ws(text, pos).end()
        name = _NAME_RE.match(text, pos)
        if name is not None:
            pos = ws(text, name.end()).end()
            if pos >= end or text[pos] != "=":
                return None
            parts: list[str] = []
            while True:  # pos is at the `=` or the `#` before a part
                pos = ws(text, pos + 1).end()
                if pos >= end:
                    return None
                c = text[pos]
                if c == "{" or c == '"':
                    close = _string_end(text, pos, c)
                    if close is None:
                        return None
                    parts.append(text[pos + 1:close])
                    pos = close + 1
                elif (m := _NUMBER.match(text, pos)) is not None:
                    parts.append(m.group())
                    pos = m.end()
                elif (m := _NAME_RE.match(text, pos)) is not None:
                    macro = m.group()
                    if macro in macros:
                        used.add(macro)
                        parts.append(macros[macro])
                        spent += len(parts[-1])
                        if spent > budget:
                            return None
                    else:
                        undefined.append((name.group(), macro))
                        parts.append(macro)
                    pos = m.end()
                else:
                    return None
                pos = ws(text, pos).end()
                if pos >= end or text[pos] != "#":
                    break
            fields.append((name.group(), parts))
        pos = ws(text, pos).end()
        if pos < end and text[pos] == ",":
            pos += 1
            continue
        break
    if pos < end and text[pos] == "}" and (prefix or pos == end - 1):
        return _FastResult(head.group(1), fields, undefined, used, spent, pos + 1)
    return None


def _string_end(text: str, start: int, opener: str) -> int | None:
    """Index of the delimiter closing the ``{...}`` or ``"..."`` value at ``start``; None
    where pybtex would fail or might differ (unbalanced, nested deeper than 50)."""
    depth = 0
    for m in (_BRACES if opener == "{" else _QUOTE_OR_BRACES).finditer(text, start + 1):
        c = m.group()
        if c == "{":
            depth += 1
            if depth > 50:
                return None
        elif c == "}":
            if depth == 0:
                return m.start() if opener == "{" else None
            depth -= 1
        elif depth == 0:  # a quote outside braces ends a quoted value
            return m.start()
    return None


# ------------------------------------------------------------------------------------------
# A fast path for a plain name. pybtex's Person walks the name from brace to brace twice
# (commas, then words) and tests every word for a "von" part: ~25 us a name. _fast_person
# takes the forms most names have, "Last, First Middle" and "First Middle Last" with
# capitalised words, where no braced group holds a comma, a space or a tie
# (``Garc{\\'\\i}a``): then splitting the whole text at commas and at pybtex's
# ``BIBTEX_SPACE_RE`` is its split, and no word is a von part. A property test
# (tests/test_bib.py) compares it with Person.
# ------------------------------------------------------------------------------------------
_PLAIN_GROUP = re.compile(r"{[^{}\s~,]*}")


def _words(part: str) -> list[str]:
    return [w for w in (w.strip() for w in BIBTEX_SPACE_RE.split(part)) if w]


def _fast_person(name: str) -> tuple[list[str], list[str]] | None:
    """``(first and middle names, von and last names and lineage)`` as ``Person(name)``
    reads them, or None (then Person must read it)."""
    inner = name = name.strip()
    while "{" in inner:
        stripped = _PLAIN_GROUP.sub("", inner)
        if stripped == inner:
            return None
        inner = stripped
    parts = [part.strip() for part in name.split(",")]
    if len(parts) == 1:                         # First Middle Last
        words = _words(name)
        if not words or not all(w[0].isupper() for w in words[:-1]):
            return None
        return words[:-1], words[-1:]
    if len(parts) == 2:                         # Last, First Middle
        last = _words(parts[0])
        if not all(w[0].isupper() for w in last[:-1]):
            return None
        return _words(parts[1]), last
    return None


def check_private_api() -> list[str]:
    """What of pybtex's private API used here and by ``bib._BlockParser`` is missing or
    changed shape (empty: all is there)."""
    from pybtex.database.input.bibtex import LowLevelParser, month_names

    from .formats.bibtex import _BlockParser

    wrong: list[str] = []
    if not isinstance(NAME_CHARS, str) or not {"a", "Z", "_", "-"} <= set(NAME_CHARS):
        wrong.append("pybtex.database.input.bibtex.NAME_CHARS: the name characters")
    if not {"jan", "dec"} <= set(month_names):
        wrong.append("pybtex.database.input.bibtex.month_names")
    for hook in ("handle_error", "substitute_macro"):
        if not callable(getattr(LowLevelParser, hook, None)):
            wrong.append(f"LowLevelParser.{hook}")
    raw = ('@article{k1,\n  title = {A {B} c} # " d",\n  month = jan,\n  year = 2020,\n'
           '  x = undef\n}')
    macros = CaseInsensitiveDict(month_names)
    try:
        parser = _BlockParser(raw, macros)
        _, (key, fields) = next(iter(parser))
        slow = (key, [(n, "".join(v)) for n, v in fields], parser.undefined)
        for attr in ("current_entry_key", "current_fields", "current_field_name", "macros"):
            if not hasattr(parser, attr):
                wrong.append(f"LowLevelParser.{attr}")
    except Exception as exc:
        return [*wrong, f"LowLevelParser reading an entry ({type(exc).__name__}: {exc})"]
    if not isinstance(getattr(BIBTEX_SPACE_RE, "pattern", None), str):
        wrong.append("pybtex.bibtex.utils.BIBTEX_SPACE_RE: the separator of words")
    from pybtex.database import Person
    for name in ("Garc{\\'\\i}a, Pavel Ivan", "Ada Lovelace", "van der Berg, Jan"):
        person = Person(name)
        read = (person.first_names + person.middle_names,
                person.prelast_names + person.last_names + person.lineage_names)
        if _fast_person(name) not in (None, read):
            wrong.append(f"the fast name reader and pybtex differ on {name!r}")
    fast = _fast_entry(raw, macros)
    if fast is None:
        wrong.append("the fast reader gave up on a plain entry")
    else:
        got = (fast.key, [(n, "".join(v)) for n, v in fast.fields], fast.undefined)
        if got != slow:
            wrong.append(f"the fast reader and pybtex differ: {got} != {slow}")
    return wrong
