"""The text of BibTeX values: LaTeX to plain Unicode, and ASCII slugs of titles.

LaTeX is turned into Unicode by pylatexenc, with the forms BibTeX files use most (simple
text, braced accents and letters) computed here directly; tests/test_bib.py and
tests/test_latex_table.py check the two agree.
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
import unicodedata
from typing import Any

__all__ = ["balanced", "slugify", "to_text"]


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


def balanced(text: str) -> bool:
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
    if not _SIMPLE.match(latex) or (("{" in latex or "}" in latex) and not balanced(latex)):
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
    dash, ``~`` a space, ``\\&`` an ampersand; ``$...$`` math shows as jekyll-scholar's
    `latex` filter shows it, without its dollars and with its commands as characters
    (``$\\alpha$``: "α"; MathJax's ``\\(x\\)`` and ``$$x$$``, which it leaves, are kept).  A bare
    ``%`` is text here (BibTeX values are not LaTeX comments), and so is a bare ``&`` and an
    HTML character reference (``&amp;``): jekyll-scholar prints them into the page as they
    stand, where they show as themselves.

    Cached: a bibliography repeats its names, venues, years and months, and each title is
    asked for several times (title, slug, citation)."""
    if not latex:
        return ""
    if "&" in latex:  # jekyll-scholar prints a bare `&` as it stands, into HTML
        latex = _BARE_AMP.sub(r"\\&", latex)
    if "$" in latex:  # the `latex` filter shows `$x$` as x, its commands as characters
        latex = _DOLLAR_MATH.sub(r"\1", latex)
    text = _simple_text(latex)
    if text is None and "\\" in latex:
        text = _table_text(latex)
    if text is None:
        text = _pylatexenc_text(latex)
    if "&" in text:  # an HTML character reference in the value shows as its character
        text = html.unescape(text)
    return " ".join(text.replace("\u00a0", " ").split())


_BARE_AMP = re.compile(r"(?<!\\)&")
#: ``$x$`` math of a BibTeX value (not ``\\$``, not ``$$x$$``): jekyll-scholar's `latex`
#: filter (on by default, and in every al-folio config) drops its dollars and decodes its
#: commands (``$\\alpha$`` shows as "α"), so no MathJax sets it as math on the old page
_DOLLAR_MATH = re.compile(r"(?<![\\$])\$([^$]*[^$\\])\$(?!\$)")

_TRANSLITERATE = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe",
                                "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D",
                                "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
                                "'": "", "’": ""})


_SLUG_WORD = re.compile(r"[a-z0-9]+")
def _braces_escaped(text: str) -> str:
    return text.replace("{", "\\{").replace("}", "\\}") if "{" in text or "}" in text \
        else text


#: kramdown's math, `$$x$$` (inline in a line of text), as another theme's Markdown
#: title or excerpt writes it
_KRAMDOWN_MATH = re.compile(r"\$\$(.+?)\$\$", re.S)


def shown_braces(text: str) -> str:
    """Plain text (a title or excerpt of another theme's front matter, which its lists ran
    through Markdown) as a BibTeX value that shows what they showed: `{` and `}` escaped
    (`eTu\\{d,b\\}e`), which BibTeX's LaTeX filters print as braces (unescaped, they
    are groups and vanish: "eTud,be"); kramdown's math `$$x$$` as MathJax's `\\(x\\)`,
    which that filter leaves alone, followed by `{}` (else the filter takes the space after
    it along). The filter reads each `$…$` pair as math of its own and drops the dollars:
    `$$h$$ and $$k$$` came out as `$h and k$`, and MathJax set the words between as math."""
    if "$$" not in text:
        return _braces_escaped(text)
    out, at = [], 0
    for m in _KRAMDOWN_MATH.finditer(text):
        out += [_braces_escaped(text[at:m.start()]), "\\(", _braces_escaped(m[1]), "\\){}"]
        at = m.end()
    return "".join(out) + _braces_escaped(text[at:])


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

