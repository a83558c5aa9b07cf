"""A publication's citation from its BibTeX entry: people, date, venue, type; and the
authors a hand-written citation starts with.

Names are split by pybtex's public ``Person``; values are turned into text by
:func:`.bibtext.to_text`. Nothing here knows about any theme.
"""

from __future__ import annotations

import calendar
import functools
import re

from ..lazyre import lazy_pattern
from .bibgrammar import MONTH_NAMES
from .bibtex import BibEntry
from .bibtext import to_text
from .content import without_marks  # `Name*`, `Name†`: marks are no part of a name

__all__ = [
    "citation_authors",
    "citation_month",
    "entry_date",
    "entry_type_for",
    "format_authors",
    "format_citation",
    "in_text",
    "marked_names",
    "names_owner",
    "owner_first_forms",
    "person_names",
    "venue",
]

VENUE_FIELDS = ("journal", "journaltitle", "booktitle", "eventtitle", "school", "institution",
                "organization", "publisher", "howpublished", "series")
"""Where a work appeared, in the order :func:`venue` asks (biblatex's `journaltitle` and
`eventtitle` with BibTeX's `journal` and `booktitle`)."""
EPRINT_FIELDS = ("archiveprefix", "eprinttype")
"""The archive of an e-print (`archivePrefix = {arXiv}`, as arXiv's own BibTeX export
writes a preprint; biblatex's `eprinttype`): where a preprint with no other venue is."""


def person_names(entry: BibEntry, role: str = "author") -> list[tuple[str, str]]:
    """``[(first and middle names, last name)]`` in Unicode; "von" parts and "Jr." go with
    the last name.  ``and others`` is kept as ``("", "others")``."""
    return [_person(name) for name in entry.persons.get(role, [])]


@functools.lru_cache(maxsize=4096)
def _person(name: str) -> tuple[str, str]:
    """One name as ``(first and middle names, last name)`` in Unicode. Cached: a
    bibliography names its owner in nearly every entry, and co-authors again and again.
    pybtex is imported here, by the first name split (~15 ms of start-up that a conversion
    into al-folio, whose pages cite by key, never needs)."""
    from pybtex.database import Person
    try:
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


def in_text(authors: list[str], year: int | str | None) -> str:
    """An author-year citation as APA (jekyll-scholar's default style) writes it in the text,
    without its parentheses: "Wen, 2024", "Wen & Yang, 2024", "Wen et al., 2024"; "n.d." for
    no year. ``authors`` are names as written ("Bowen Wen"; marks such as `*` dropped)."""
    last = [_person(without_marks(a).strip())[1] for a in authors if without_marks(a).strip()]
    last = [n for n in last if n and n.lower() != "others"]
    who = (last[0] if len(last) == 1 else " & ".join(last) if len(last) == 2
           else f"{last[0]} et al." if last else "")
    return ", ".join(p for p in (who, str(year or "n.d.")) if p)


def format_authors(entry: BibEntry) -> str:
    """"A. Einstein, B. Podolsky, and N. Rosen"; names as written; "and others" is et al."""
    return _join_names(person_names(entry, "author"))


def venue(entry: BibEntry) -> str:
    """Where it appeared, in Unicode: the first of journal, booktitle, school, ...; for a
    preprint with none of them, its e-print archive (`arXiv`). A comma or semicolon the
    field ends with (`journal = {Annals of Moss,}`) is no part of the name: the layouts
    put their own after it."""
    fields = entry.fields
    for name in (*VENUE_FIELDS, *EPRINT_FIELDS):
        if name in fields and (text := to_text(fields[name]).rstrip(",;: \t")):
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
    """``text`` ending a sentence: a full stop added unless its last visible character (the
    venue's `Proc. X.` in `<i>…</i>`, say) already ends one."""
    shown = re.sub(r"(?:<[^<>]*>)+$", "", text)
    return text if not shown or shown[-1] in ".?!" else text + "."


def format_citation(entry: BibEntry, month: bool = False) -> str:
    """'Authors. (Year). "Title." <i>Venue</i>, volume(number), pages.' in Unicode; parts
    that are missing are left out.  An entry with editors and no authors names them. With
    ``month`` (the source's list showed an entry's `month` field beside its `year`), the date
    is the year and the month's name, as APA writes them: `(2020, April).`"""
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
        # the month of its own field (the year's too): what a list prints as `entry.month`
        shown = _date_of(f.get("year", ""), f.get("month", ""), "", "")[1] if month else None
        parts.append(f"({year}, {MONTH_NAMES[shown - 1]})." if shown else f"({year}).")
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
_ACRONYM = lazy_pattern(r"[A-Z][A-Z0-9&]+(?:[\s-][A-Z0-9&][\w&]*)*")
"""A venue's acronym (`IJCAI`, `ACM MM`): what stands between a list's last name and the year
in `Ann Lee and Ola Berg, IJCAI 2019.`"""


def _initials(text: str) -> bool:
    """Given names written as initials: dotted (`T.`, `J.-P.`) or, undotted, one to three
    capitals (`TL`, as Vancouver writes them); four capitals or more are an acronym (`IJCAI`,
    `CIKM`), not a person's initials."""
    return bool(_INITIALS().fullmatch(text)) and (
        "." in text or len(re.sub(r"[\s-]", "", text)) <= 3)


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


#: the number a citation carries as an item of a numbered list (`20.`, `[3]`, `(3)`, `3)`)
_LIST_NUMBER = lazy_pattern(r"^(?:\[\d{1,3}\]|\(\d{1,3}\)|\d{1,3}[.)])\s+")


def _citation_head(citation: str, title: str = "") -> str:
    """The author list at the start of a citation: up to the year, the quoted or italic
    title/venue, the entry's own ``title`` where the citation spells it, or the first
    sentence's end."""
    import html
    cut = re.search(r"<(?:i|em)\b", raw := without_marks(citation), re.I)  # venue or title
    raw = raw[:cut.start()] if cut else raw
    text = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(raw)).split())
    text = _LIST_NUMBER().sub("", text)  # `20. Berg, O., ...`: its place in the owner's list
    own = " ".join(html.unescape(title).split()).strip("\"'“”‘’ ")
    at = text.lower().find(own.lower()) if len(own) >= 10 else -1
    text = text[:at] if at > 0 else text  # a title the patterns misread as names
    end = re.search(r"\(\s*(?:\d{4}[a-z]?(?:,\s*[A-Za-z][^()]{0,24})?|n\.\s?d\.|in press|"
                    r"forthcoming)\s*\)|[\"“”]|"
                    r"(?<![\w-])\d{4}[a-z]?(?![\w-])|(?<=[^\W\d_A-Z]{2})\.\s+(?=\S)", text)
    head = text[:end.start()] if end else text
    vancouver = re.match(r"(?:[^\s,.]+(?: [^\s,.]+)* [A-Z]{1,3}, )+[^\s,.]+(?: [^\s,.]+)* "
                         r"[A-Z]{1,3}(?=\.\s)", head)   # "Last TL, Other G. Title."
    head = vancouver.group() if vancouver else head
    return head.strip().rstrip(",;:").strip()


def citation_authors(citation: str, owner: tuple[str, str] = ("", ""), title: str = ""
                     ) -> tuple[list[str], str | None]:
    """The authors a hand-written citation starts with, as BibTeX names, or ``([], why)``.

    Reads "Last, First & Other, Name", "Last, First, Second Author, and Third",
    "Last, F., Other, G.", "First Last and Second Last", "Last F, Other G" and "et al.";
    ``owner`` (first names, last name) is never split in two. A part that is not a name (a
    venue, a year, a title) makes the whole list unreadable: nothing is guessed. The list
    ends where the citation spells the entry's own ``title`` (one that opens with a bracket,
    a year or a period no pattern reads as its start)."""
    head = re.sub(r",?\s*(?:et\.?\s*al\.?|and others)\s*$", ", others",
                  _citation_head(citation, title))
    head = re.sub(r"(?<=[^\W\d_]{2})\.$", "", head)   # the sentence's period, not an initial's
    head = re.sub(r"(?<=[^\W\d_]\.)\s*\.+(?=\s*(?:[,;&]|$))", "", head)  # `B..`: one period
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
                _initials(nxt) or not names or size[group] == 2):
            names.append(f"{piece}, {nxt}")
            i += 2
        elif nxt and _initials(nxt) and (tokens := _name_tokens(piece)) \
                and len(tokens) <= 3:
            names.append(f"{piece}, {nxt}")   # "Fellows Yates, J. A.": initials follow a surname
            i += 2
        elif nxt and len(piece.split()) == 1 and _surname(piece) and len(nxt.split()) >= 2 \
                and _given(nxt):
            names.append(f"{piece}, {nxt}")   # `…, Khandpur, Rupinder Paul, …`: one word is
            i += 2                             # no person; it and the given names that follow
        elif (full := _full_name(piece)) is not None:
            names.append(full)
            i += 1
        elif names and i == len(pieces) - 1 and _ACRONYM().fullmatch(piece):
            break   # the venue before the year the list was cut at (`…, Ola Berg, IJCAI 2019`)
        else:
            return [], f"`{piece}` is not a name"
    if not names or names == ["others"]:
        return [], "it names no author"
    if elided and names[-1] != "others":
        names.append("others")
    return names, None


def _folded(text: str) -> str:
    import unicodedata
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c)).lower()


def marked_names(text: str) -> list[str]:
    """The names an author list sets in bold (`<b>`, `<strong>`): how its owner marks
    themselves among the authors (`Berg, O., <b>Lind, K.</b>, and Moss, T.`), as BibTeX names."""
    import html
    out = []
    for inner in re.findall(r"<(b|strong)\b[^>]*>(.*?)</\1\s*>", text, re.I | re.S):
        words = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(inner[1])).split()).strip(" ,;")
        names, why = citation_authors(words) if words else ([], "empty")
        out += names if not why and len(names) == 1 else []
    return out


def names_owner(name: str, owner: tuple[str, str]) -> bool:
    """``name`` (a BibTeX name) can be the owner (first names, last name): the same last name
    (accents aside) and given names that start as the owner's do (`K.`, `Karin` for Karin)."""
    first, last = _person(without_marks(name))
    o_first, o_last = (_folded(" ".join(x.split())) for x in owner)
    return _folded(last) == o_last and (not first or not o_first
                                        or _folded(first)[:1] == o_first[:1])


def owner_first_forms(names: list[str], first: str, last: str) -> list[str]:
    """The first names (as written) that the BibTeX ``names`` give the owner ``first``
    (first and middle names) ``last``: of each name with the owner's last name (accents
    aside) whose given names are the owner's, in order, each in full or as its initial
    (`A.F.`, `A. F.`, `Alexander F.` for Alexander F. Spies; never `B.`, nor `Alex`)."""
    own = re.findall(r"[^\W\d_]+", first)
    out: list[str] = []
    for name in names:
        given, family = _person(without_marks(name))
        words = re.findall(r"[^\W\d_]+\.?", given)
        if (not own or not words or len(words) > len(own) or given in out
                or _folded(family) != _folded(" ".join(last.split()))):
            continue
        if all(_folded(w[0]) == _folded(o[0]) if len(w.rstrip(".")) == 1 or w.endswith(".")
               else _folded(w) == _folded(o) for w, o in zip(words, own, strict=False)):
            out.append(given)
    return out


def author_list(text: str, owner: tuple[str, str]) -> list[str]:
    """The names of ``text`` when it is nothing but a list of people with the owner among
    them (an academicpages `excerpt: 'Jane Doe, Ann Roe and Owner Name'`, which its list
    prints under the title as the author line), as BibTeX names; else ``[]``. The owner's
    last name is compared without accents (`Clement` and `Clément` name one person)."""
    import html
    whole = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(without_marks(text))).split())
    whole = re.sub(r"(?<=[^\W\d_]{2})\.$", "", whole)
    if not owner[1].strip() or not whole or _citation_head(text) != whole:
        return []  # more than names: an abstract, a citation, a sentence
    names, why = citation_authors(text, owner)
    last = _folded(owner[1].strip())
    if why or not any(last in _folded(n).replace(",", " ").split() for n in names):
        return []
    return names


_MONTH_WORD = (r"(?P<{0}>(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?:[a-z]{{1,6}})?)"
               r"\.?")
_CITED_MONTH = lazy_pattern(
    r"\(\s*(?P<y1>\d{4})[a-z]?,\s*" + _MONTH_WORD.format("m1") + r"(?:\s+\d{1,2}[^()]{0,8})?\s*\)"
    r"|(?<![\w-])" + _MONTH_WORD.format("m2") + r"(?:\s+\d{1,2},?)?\s+(?P<y2>\d{4})(?![\w-])"
    r"|(?<![\w-])\d{1,2}\s+" + _MONTH_WORD.format("m3") + r"\s+(?P<y3>\d{4})(?![\w-])")
"""A month a citation names beside its year: APA's `(2020, April)` (`(2020, April 15)`),
`April 2020`, `Apr. 15, 2020`, `15 April 2020`; the month's name capitalised, whole or
cut short (`Sept.`)."""


def citation_month(citation: str, year: int | None, title: str = "") -> int | None:
    """The month (1-12) a hand-written citation names beside the entry's ``year`` (its
    first such mention, outside the entry's own ``title``), or None: what a list showed of
    the entry's month where it printed only the year of its date and the citation."""
    import html
    text = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(citation)).split())
    own = " ".join(html.unescape(title).split())
    if own:
        text = text.replace(own, " ")
    for m in _CITED_MONTH().finditer(text):
        name = m["m1"] or m["m2"] or m["m3"]
        month = _MONTHS.get(name[:3].lower())
        full = MONTH_NAMES[month - 1] if month else ""
        said = int(m["y1"] or m["y2"] or m["y3"])
        if month and full.startswith(name) and year in (None, said):
            return month
    return None


def citation_details(citation: str, venue: str, year: int | str | None = None,
                     month: int | None = None) -> str:
    """What a hand-written citation says after its venue, as text (`74:117-35`, `10(1)`,
    `Forthcoming`): its volume, pages or a note; a DOI or web address in it is no part of
    it, nor the entry's own ``year``, nor the ``month`` it names beside it (`April 2020`:
    the entry's `month`); "" when the citation does not spell the venue or says nothing
    else after it."""
    import html
    text = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(citation)).split())
    name = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(venue)).split())
    at = text.lower().rfind(name.lower()) if name else -1
    if at < 0:
        return ""
    tail = re.sub(r"(?:https?://|\bdoi:\s*)\S+", " ", text[at + len(name):], flags=re.I)
    tail = " ".join(tail.split()).strip(" .,;:")
    rest = tail
    if year and month:  # and the month named beside it, which the entry's `month` holds
        rest = _CITED_MONTH().sub(lambda m: " " if (m["y1"] or m["y2"] or m["y3"]) == str(year)
                                  and MONTH_NAMES[month - 1].startswith(
                                      m["m1"] or m["m2"] or m["m3"]) else m.group(), rest)
    if year:
        rest = re.sub(rf"(?<!\d){year}(?!\d)", " ", rest)
    return tail if re.search(r"\w", rest) else ""


#: a DOI as a citation writes it: a doi.org address or a `doi:` label, then the DOI itself
_DOI = lazy_pattern(r"(?:https?://(?:dx\.)?doi\.org/|\bdoi:\s*)(10\.\d{4,9}/[^\s\"'<>\[\]]+)", re.I)


def doi_in(citation: str) -> str:
    """The DOI a hand-written citation names (``https://doi.org/10.1000/x1``, ``doi:
    10.1000/x1``, as text or as a link's address), bare (``10.1000/x1``), or ``""``. A
    sentence's period or a closing parenthesis of the text around it is no part of it."""
    m = _DOI().search(citation)
    if not m:
        return ""
    doi = m[1]
    while doi[-1] in ".,;:" or (doi[-1] == ")" and doi.count(")") > doi.count("(")):
        doi = doi[:-1]
    return doi
