"""BibTeX's grammar for one ``@`` block: its key and fields, as pybtex's parser reads them.

:mod:`.bibtex` locates the blocks of a file; this reads one. The grammar is BibTeX's (the
one pybtex's ``Parser`` follows): a name, ``{`` or ``(``, a key, then ``name = value``
pairs separated by commas, a value being parts joined by ``#``: ``{...}`` (braces nested),
``"..."`` (braces nested, a quote inside braces is text), a number or a macro (an
``@string`` or a month). Read here rather than by pybtex's public ``parse_string``, because
a tolerant reader needs what that cannot give: the fields read before an error, an
undefined macro kept as its name, and a bound on the text macros add (forty ``@string``
each twice the one before are a terabyte). ``tests/test_bib.py`` checks that whatever this
reads, pybtex's public parser reads alike (key, field names and values, in order), but
where jekyll-scholar's bibtex-ruby reads what pybtex refuses (a site shows such entries): a
key with blanks in it, read whole, and a `%` in a field's name (`%pdf = {x.pdf},`, a line
meant as a comment), read as a field of that name, with the fields after it.
"""

from __future__ import annotations

import re

MONTHS = {m[:3].lower(): m for m in (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December")}
"""BibTeX's predefined macros: ``jan`` -> ``January``, ..."""
MONTH_NAMES = tuple(MONTHS.values())
"""The months' English names, January first."""

_NAME_CHARS = r"a-zA-Z@!$&*+\-./:;<>?\[\\\]^_`|~\x7f"
"""The characters of a field, macro or entry-type name (and digits after the first)."""
_NAME = re.compile(rf"[{_NAME_CHARS}][{_NAME_CHARS}0-9]*")
_FIELD = re.compile(rf"[{_NAME_CHARS}%][{_NAME_CHARS}%0-9]*")
"""A field's name: as :data:`_NAME`, and a `%` in it is a character of the name, as
bibtex-ruby (jekyll-scholar's reader) reads it: `%pdf = {x.pdf},` is a field named `%pdf`,
not a comment (BibTeX and pybtex refuse it)."""
_WS = re.compile(r"\s*")
_NEWLINES = re.compile(r"\r\n|\r|\n")
_KEY = {"}": re.compile(r"[^\s,}]+"), ")": re.compile(r"[^\s,]+")}
_SPACED_KEY = re.compile(r"""[\w/:!$?.%+;&*'"-]+(?: +[\w/:!$?.%+;&*'"-]+)+(?= *,)""")
"""A key with spaces in it (`Del Prete_2018`), which bibtex-ruby (jekyll-scholar's reader)
takes whole up to its comma, where BibTeX's grammar stops at the first blank."""
_OPEN = re.compile(r"[({]")
_EQUALS, _COMMA, _HASH = re.compile("="), re.compile(","), re.compile("#")
_CLOSE = {"}": re.compile("}"), ")": re.compile(r"\)")}
# a value part: a quote, a brace, a number or a macro
_PART = re.compile(rf'(")|(\{{)|([0-9]+)|({_NAME.pattern})')
# a braced value nested at most three deep, whole (most values): read in one match
_BRACED = re.compile(r"[^{}]*+(?:\{[^{}]*+(?:\{[^{}]*+(?:\{[^{}]*+\}[^{}]*+)*\}[^{}]*+)*\}"
                     r"[^{}]*+)*\}")
# the field most entries are made of, whole: `name = {text}`, `name = 123` or `name = macro`
# followed by something other than a `#` (else read part by part; at the end: an error)
_PLAIN_FIELD = re.compile(rf"\s*({_FIELD.pattern})\s*=\s*(?:\{{({_BRACED.pattern[:-2]})\}}"
                          rf"|([0-9]++)|({_NAME.pattern}+))\s*+(?=[^#])")
_STRING_END = {"{": re.compile(r"[{}]"), '"': re.compile(r'["{}]')}
MAX_NESTING = 100
"""Braces a value may nest inside its own delimiters."""


class BibSyntaxError(ValueError):
    """A block that does not follow the grammar; ``lineno`` is 1-based in the block."""

    def __init__(self, message: str, lineno: int) -> None:
        super().__init__(message)
        self.lineno = lineno


class ExpansionLimit(ValueError):
    """A block whose @strings would expand beyond the file's bound."""


class BlockReader:
    """One block of BibTeX read (:meth:`read`). What was read stays readable after an
    error: ``key``, ``fields`` (``(name, [parts])`` in order, those before the error),
    ``undefined`` (``(field, macro)``: kept as its name), ``used`` (defined macros read,
    as written) and ``spent`` (characters macros added)."""

    def __init__(self, text: str, macros: dict[str, str], budget: int) -> None:
        self.text, self.pos = text, 0
        self.macros = macros
        """Lower-case name -> value; an ``@string`` read adds to it."""
        self.budget, self.spent = budget, 0
        self.key: str | None = None
        self.fields: list[tuple[str, list[str]]] = []
        self.undefined: list[tuple[str, str]] = []
        self.used: set[str] = set()
        self._field = ""

    def _error(self, message: str) -> BibSyntaxError:
        lineno = len(_NEWLINES.findall(self.text, 0, self.pos)) + 1
        return BibSyntaxError(message, lineno)

    def _token(self, pattern: re.Pattern[str], description: str) -> re.Match[str]:
        """The token ``pattern`` matches after blanks, or a syntax error."""
        found = self._optional(pattern)
        if found is None:
            raise self._error(f"{description} expected")
        return found

    def _optional(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        """The token ``pattern`` matches after blanks, or None (an error at the end)."""
        pos = _WS.match(self.text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        if pos >= len(self.text):
            raise self._error("premature end of file")
        m = pattern.match(self.text, pos)
        if m is not None:
            self.pos = m.end()
        return m

    def read(self) -> tuple[str, str, list[tuple[str, list[str]]]]:
        """``(kind, name or key, fields)``; an ``@string`` as ``("string", name,
        [(name, parts)])``, its value added to the macros."""
        self.pos = self.text.index("@") + 1
        kind = self._token(_NAME, "a valid name").group()
        close = "}" if self._token(_OPEN, "'(' or '{'").group() == "{" else ")"
        if kind.lower() == "string":
            self._field = name = self._token(_NAME, "a valid name").group()
            self._token(_EQUALS, "'='")
            parts = self._value()
            self.macros[name.lower()] = "".join(parts)
            self.fields.append((name, parts))
        else:
            spaced = self._optional(_SPACED_KEY)
            self.key = name = (spaced or self._token(_KEY[close], "entry key")).group()
            while True:
                if (plain := _PLAIN_FIELD.match(self.text, self.pos)) is not None:
                    self._field, value, number, macro = plain.groups()
                    if value is None:
                        value = number if macro is None else self._macro(macro)
                    self.fields.append((self._field, [value]))
                    self.pos = plain.end()
                    if self._optional(_COMMA) is None:
                        break
                    continue
                self._field = ""
                field = self._optional(_FIELD)
                if field is not None:
                    self._field = field.group()
                    self._token(_EQUALS, "'='")
                    parts = self._value()
                    self.fields.append((self._field, parts))
                if self._optional(_COMMA) is None:
                    break
        self._token(_CLOSE[close], f"'{close}'")
        return kind, name, self.fields

    def _value(self) -> list[str]:
        parts = [self._part()]
        while self._optional(_HASH) is not None:
            parts.append(self._part())
        return parts

    def _part(self) -> str:
        m = self._token(_PART, "field value")
        quote, brace, number, macro = m.groups()
        if number is not None:
            return number
        if macro is not None:
            return self._macro(macro)
        start = self.pos
        if brace is not None and (whole := _BRACED.match(self.text, start)) is not None:
            self.pos = whole.end()
            return self.text[start:self.pos - 1]
        self.pos = self._string_end(quote or brace) + 1
        return self.text[start:self.pos - 1]

    def _string_end(self, opener: str) -> int:
        """Index of the delimiter closing the ``{...}`` or ``"..."`` value opened just
        before ``self.pos``."""
        depth = 0
        for m in _STRING_END[opener].finditer(self.text, self.pos):
            c = m.group()
            self.pos = m.end()
            if c == "{":
                depth += 1
                if depth > MAX_NESTING:
                    raise self._error("too many nested braces")
            elif c == '"' and depth == 0:
                return m.start()
            elif c == "}":
                if depth == 0:
                    if opener == "{":
                        return m.start()
                    raise self._error("unbalanced braces")
                depth -= 1
        raise self._error("premature end of file")

    def _macro(self, name: str) -> str:
        value = self.macros.get(name.lower())
        if value is None:  # BibTeX drops it; its name is kept instead (and reported)
            self.undefined.append((self._field, name))
            return name
        self.used.add(name)
        self.spent += len(value)
        if self.spent > self.budget:
            raise ExpansionLimit("its @strings would expand beyond the bound of the file")
        return value
