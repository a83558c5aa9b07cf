"""A CV written as Markdown (a page body) <-> IR CV sections.

The shape is the one hand-written CV pages use (academicpages' ``_pages/cv.md`` and many
others): one heading per section (setext ``Title\\n=====`` or ATX ``## Title``), one bullet
per entry, indented bullets for an entry's details::

    Education
    =========
    * Ph.D in Ecology, Some University, 2019

    Work experience
    ===============
    * 2020 - now: Researcher
      * Some Institute
      * Field studies of ...

Only *clean* sections become data: a heading followed by bullets and nothing else. A section
that also holds prose, HTML or Liquid (a ``{% for post in site.publications %}`` loop) stays
text. HTML comments are not content: what is inside them is never read as a section, and they
are kept where they are when the sections are taken out of a body (:func:`remove`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..ir import CVSection, Origin
from ..lazyre import lazy_pattern
from .jsonresume import display_year, key_for_title
from .sections import headings as md_headings

_SETEXT = lazy_pattern(r"^ {0,3}(=+|-+)\s*$")
_BULLET = lazy_pattern(r"^(?P<indent>\s*)[*+-]\s+(?P<text>.*\S)\s*$")
_WORD = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+\.?"  # a word of Latin letters, accents too (`Été 2018`)
# a month's name, whole or cut short (`Sept.`): cut short with a full stop, it may touch the
# year (`Oct.2021`); a month before a dash shares the year of the month after it
# (`Jan.-Mar. 2019`, `April-September 2019`)
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_MONTHS_OF = rf"(?:{_MONTH}\.?\s*(?:-{{1,3}}|–|—|to)\s*)"
# a month's name may have a comma before its year (`September, 2019`), no other word
_DATE = (rf"(?:(?:{_MONTHS_OF}?(?:{_WORD}\s+|{_MONTH}\.?,\s*|{_MONTH}\.(?=\d)))?"
         r"\d{4}(?:[-/.]\d{1,2}){0,2})")
_OPEN = r"(?:present|now|current|today|ongoing|date)"
# a span's dash: kramdown shows `--` and `---` as an en and an em dash
_DASH = r"(?:-{1,3}|–|—|to)"
_SPAN = (rf"{_DATE}(?:\s*{_DASH}\s*(?:{_DATE}|{_OPEN}|\d{{2}}(?!\d))?)?"
         r"(?:\s*\((?:expected|exp\.)\))?")
# a leading date ends at a colon, a bar or a comma (`Sep 2023 - Present, Role, Place`), not
# at a comma before another number (`2019, 2021: Reviewer`: a list of years, no one date)
_LEADING = lazy_pattern(rf"^(?P<year>{_SPAN})\s*(?:(?:[:|]|,(?!\s*\d))\s*(?P<rest>.*))?$",
                        re.I)
_TRAILING = lazy_pattern(rf"^(?P<rest>.+?),\s*(?P<year>{_SPAN})\.?$", re.I)
_MAP = lazy_pattern(r"^\*\*(?P<name>[^*]+?)(?::\*\*|\*\*:)\s+(?P<value>.+)$")
_TRAILING_PAREN = lazy_pattern(rf"^(?P<rest>.+?)\s*\((?P<year>{_SPAN})\)\.?$", re.I)
# a trailing date set in italics or bold (`..., *2019 - 2023*`, `... *(2020 - 2022)*`): the
# markers are the date's look, the date is still the entry's
# a leading date set in bold or italics, Markdown's or HTML's (`**2019-2021**: Role`,
# `<b>2019 - 2021</b>:`, `__Sept. 2020 - now__ :`): the entry's dates, not a name/value line
_EMPHASISED_START = lazy_pattern(
    rf"^(?:(?P<mark>\*{{1,2}}|_{{1,2}})|<(?P<tag>b|strong|em|i)>)\s*(?P<date>{_SPAN})\s*"
    r"(?P<inner>[:|])?\s*(?:(?P=mark)|</(?P=tag)>)\s*(?:(?P<sep>[:|])\s*)?(?P<rest>.*)$", re.I)
_EMPHASISED_END = lazy_pattern(rf"(?P<mark>\*{{1,2}}|_{{1,2}})(?P<date>\(?{_SPAN}\)?)(?P=mark)"
                               r"(?P<stop>\.?)$", re.I)


@dataclass
class Parsed:
    """A Markdown CV body read: its sections, which lines each came from, and the body with
    its comments blanked."""

    sections: list[CVSection] = field(default_factory=list)
    consumed: dict[str, set[int]] = field(default_factory=dict)
    """Section title -> indices of the body lines its data came from."""
    masked: list[str] = field(default_factory=list)


def mask_comments(text: str) -> str:
    """``text`` with every HTML comment blanked out (newlines kept). An unclosed comment runs
    to the end, as in a browser; a stray ``-->`` outside a comment is left as text."""
    out = []
    pos = 0
    while True:
        start = text.find("<!--", pos)
        if start < 0:
            out.append(text[pos:])
            break
        end = text.find("-->", start + 4)
        end = len(text) if end < 0 else end + 3
        out.append(text[pos:start])
        out.append(re.sub(r"[^\n]", " ", text[start:end]))
        pos = end
    return "".join(out)


def _headings(lines: list[str]) -> list[tuple[int, int, str, int]]:
    """(first line, first body line, title, level) of every heading, as mistune reads them
    (:func:`sitemigrate.formats.sections.headings`): never inside a code block. A setext
    heading's line is no bullet, Liquid tag, HTML or table line; an ATX heading has a title."""
    out = []
    for head in md_headings("\n".join(lines)):
        line = lines[head.line]
        if head.style == "atx":
            if head.title:
                out.append((head.line, head.line + 1, head.title, head.level))
        elif not _BULLET().match(line) and not line.lstrip().startswith(("{%", "<", "|")):
            out.append((head.line, head.line + 2, line.strip(), head.level))
    return out


def _grouped_titles(heads: list[tuple[int, int, str, int]], masked: list[str]) -> list[str]:
    """Each heading's title as a section title: a heading with nothing under it but deeper
    headings (``## Conference Presentations``, then ``### Invited Talks``) names the group
    its subsections are in, which a CV of flat sections would otherwise lose; each of them
    is titled ``Group — Subsection``. A heading no other heading stands level with (``# CV``
    above all the sections) is the page's own title, not a group."""
    out: list[str] = []
    groups: list[tuple[int, str]] = []  # (level, title) of the open groups
    for n, (_, body_start, title, level) in enumerate(heads):
        while groups and groups[-1][0] >= level:
            groups.pop()
        out.append(" — ".join([*(g for _, g in groups), title]))
        end = heads[n + 1][0] if n + 1 < len(heads) else len(masked)
        empty = not any(re.search(r"\w", line) for line in masked[body_start:end])
        if empty and n + 1 < len(heads) and heads[n + 1][3] > level and \
                any(h[3] <= level for i, h in enumerate(heads) if i != n):
            groups.append((level, title))
    return out


_EMPHASIS = lazy_pattern(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1|"
                       r"(?<![\w*])([*_])(?=\S)(.+?)(?<=\S)\3(?![\w*])")
_STARRED = lazy_pattern(r"(\*\*?)(?=\S)[^*]+?(?<=\S)\1")
# HTML's inline emphasis (`Bengaluru, <b>India</b>`): the text is what it says, as with
# Markdown's markers; a comma inside it separates no fields either
_HTML_EMPHASIS = lazy_pattern(r"<(b|strong|em|i)>\s*(.*?)\s*</\1\s*>", re.I | re.S)
_INSTITUTION = lazy_pattern(
    r"universi|college|institut|school|academy|hochschule|[ée]cole|polytechn|\b(?:KU|ETH|MIT|"
    r"UCL|EPFL|CNRS)\b|department|faculty|laborator|\blab\b|cent(?:er|re)|hospital|"
    r"foundation|ministry|bank|council|agency|\binc\b|\bltd\b|gmbh|corporation|company",
    re.I)
_DEGREE = lazy_pattern(
    r"(?:ph\.?\s?d|d\.?\s?phil|doctor|dr\.|master|m\.?\s?sc|m\.?\s?s\.?|m\.?\s?a\.?|mba|"
    r"m\.?\s?phil|m\.?\s?eng|m\.?\s?res|bachelor|b\.?\s?sc|b\.?\s?s\.?|b\.?\s?a\.?|"
    r"b\.?\s?eng|b\.?\s?tech|m\.?\s?tech|diplom|magister|licen[cs]|laurea|habilitation|"
    r"diploma)(?![a-z])", re.I)


# escapes of characters that mean nothing in a line of text once unescaped; the others
# (`\*`, `\[`, `\#`, `\-`, `1\.`...) stay, as the data is Markdown to its readers
_ESCAPED = lazy_pattern(r"\\([|:\"'=])")


def as_kramdown_reads(text: str) -> str:
    """A line of a bullet as kramdown shows it: a `\\\\` that ends it is a line break (the
    line ends there) and a backslash before a character it escapes is gone (`\\|` is `|`)."""
    text = re.sub(r"\s*\\\\$", "", text)
    return _ESCAPED().sub(r"\1", text)


def unmark(text: str) -> str:
    """``text`` without Markdown bold/italic markers (``**MSc**`` -> ``MSc``) nor HTML's
    inline emphasis tags (``<b>India</b>`` -> ``India``)."""
    while (bare := _HTML_EMPHASIS().sub(lambda m: m[2], text)) != text:  # `<b><i>..</i></b>`
        text = bare
    return _EMPHASIS().sub(lambda m: m[2] or m[4], text).strip()


def _pieces(text: str) -> list[str]:
    """Comma-separated parts, commas inside parentheses, links or an emphasis set with
    asterisks or HTML tags aside (``**Health, Mind and Body Conference**, Dublin`` names one
    event); a comma between two letters or digits, with no space after it, is inside a
    name (``Mathematics,Vision and Learning``, ``10,000``), not between two parts."""
    out, depth, cur = [], 0, ""
    stars = _STARRED().sub(lambda m: "\0" * len(m[0]), text)  # where a `*...*` span runs
    stars = _HTML_EMPHASIS().sub(lambda m: "\0" * len(m[0]), stars)  # and a `<b>...</b>` one
    for n, (c, star) in enumerate(zip(text, stars, strict=True)):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        inside = 0 < n < len(text) - 1 and text[n - 1].isalnum() and text[n + 1].isalnum()
        if c == "," and depth <= 0 and star != "\0" and not inside:
            out.append(cur)
            cur = ""
        else:
            cur += c
    return [unmark(p) for p in [*out, cur] if p.strip()]


def _place_like(text: str) -> bool:
    words = text.split()
    return (1 <= len(words) <= 3 and not _INSTITUTION().search(text) and not re.search(r"\d", text)
            and all(w[:1].isupper() for w in words))


def _full_year(year: str) -> str:
    """``2018-19`` -> ``2018-2019`` (an end year of two digits, after the start); a span
    with nothing after its dash (``Jan 2018 -``, still going on) ends at ``present``, and
    so does one that starts ``since`` (``since 2015``: from then on; no month of that
    name)."""
    open_end = re.fullmatch(rf"(.*?\S)\s*{_DASH}", year, re.I) or \
        re.fullmatch(r"since\s+(\d{4}(?:[-/.]\d{1,2}){0,2})", year, re.I)
    if open_end:
        return f"{open_end[1]} - present"
    m = re.fullmatch(r"(\d{2})(\d{2})(\s*[-–—]\s*)(\d{2})", year)
    if m and int(m[4]) > int(m[2]):
        return f"{m[1]}{m[2]}{m[3]}{m[1]}{m[4]}"
    return year


_AT_SECTIONS = {"education", "work", "volunteer"}
"""Sections whose entries name a role or degree, then where it was held."""


def _split_parts(text: str, section_key: str) -> dict[str, Any]:
    """``Degree, Area (honours), Institution, Place`` or ``Role, Institution, Place`` ->
    neutral fields; a degree's study type and area are kept for JSON Resume and RenderCV."""
    parts = _pieces(text)
    if not parts:
        return {}
    out: dict[str, Any] = {}
    head, rest = parts[0], parts[1:]
    degree = _DEGREE().match(head)
    at = None
    if degree or section_key in _AT_SECTIONS:
        # "PhD student at X", "MSc from X", "Postdoc with Y at X": X is the institution
        at = re.fullmatch(r"(.+?)\s+(?:at|from)\s+(\[?[^\W\d_].*)", head)
        if at and at[2].lstrip("[")[:1].isupper():
            head = at[1]
            rest.insert(0, at[2])
        else:
            at = None
    end = degree.end() if degree and not at else 0
    named = re.match(r"\.?\s+", head[end:]) if end else None
    if named and (_INSTITUTION().match(head[end + named.end():])
                  or _names_institution(head[end + named.end():])):
        # "B.A. University of Pittsburgh", "B.Eng. Fenwick Polytechnic University": the
        # degree, then where it was taken (whose name's `of` is no degree's `Master of Science`)
        rest.insert(0, head[end + named.end():])
        head = head[:end] + named[0].strip()
    if section_key == "education" or (degree and not section_key):
        # "Master of Science in X": the degree is named with its `of`; the area follows `in`
        m = (re.fullmatch(r"(.+?)\s+(?:in|at|from)\s+(.+)", head)
             or re.fullmatch(r"(.+?)\s+of\s+(.+)", head)) if degree else None
        study, area = (m[1], m[2]) if m else (head, "")
        if area and (_INSTITUTION().search(area) or "](" in area):  # "PhD in [Uni](url)"
            rest.insert(0, area)
            area = ""
        if not area and not at and len(rest) >= 2 and not _INSTITUTION().search(rest[0]):
            area = rest.pop(0)
        honours = re.fullmatch(r"(.+?)\s*(?<!\])\(([^()]+)\)", area)
        if honours:
            area, out["summary"] = honours[1], honours[2]
        links = _MD_LINK().findall(f"{study} {area}")
        study, area = _MD_LINK().sub(r"\1", study), _MD_LINK().sub(r"\1", area)
        out["title"] = f"{study} in {area}" if area else study
        out["extra"] = {"studyType": study, **({"area": area} if area else {})}
    else:
        out["title"], links = head, []
    places: list[str] = []
    while len(rest) > 1 and _place_like(rest[-1]):
        places.insert(0, rest.pop())
    if rest:
        _institution(out, ", ".join(rest))
    if links:  # the CV layouts print the degree as text, linked to the entry's `url`
        out.setdefault("url", links[0][1])
    if places:
        out["location"] = ", ".join(places)
    return out


# a Markdown link, with the optional title kramdown reads after its target
_MD_LINK = lazy_pattern(r"\[([^\[\]]+)\]\(\s*((?:https?://|/)[^\s()]*)"
                      r"""(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)""")


_JOINING = frozenset({"of", "and", "for", "the", "de", "der", "des", "du", "di", "la", "&"})


def _names_institution(text: str) -> bool:
    """Whether ``text`` is written as a name (each word capitalised but the short ones that
    join a name: `of`, `de`, `&`) with an institution's word in it: `Fenwick University`."""
    words = unmark(text).split()
    return bool(words) and bool(_INSTITUTION().search(text)) and all(
        w[:1].isupper() or w.lower() in _JOINING for w in words)


def _institution(entry: dict[str, Any], text: str) -> None:
    """The institution part of an entry: a Markdown link in it (``[University of X](url)``)
    is the institution's website, JSON Resume's and RenderCV's ``url`` of the entry (the
    first link, when the part names several); the institution is its text, since the CV
    layouts show it as text."""
    links = _MD_LINK().findall(text)
    if links:
        entry.setdefault("url", links[0][1])
        text = _MD_LINK().sub(lambda m: m[1], text)
    entry["institution"] = text


def split_entry(text: str, section_key: str = "") -> dict[str, Any]:
    """``2020 - now: Role`` / ``Degree, Area, Institution, Place, 2019`` / ``**Name**: value``
    -> entry dict. Parts are split when a date marks the line as an entry (``year``), and
    in an Education section; bold and italic markers do not stay in the parts."""
    m = _EMPHASISED_START().match(text)
    if m and (m["inner"] or m["sep"] or not m["rest"]):
        text = f"{m['date'].strip()}: {m['rest']}" if m["rest"] else m["date"].strip()
    m = _MAP().match(text)
    if m:
        return {"name": m["name"].strip(), "value": m["value"].strip()}
    m = _LEADING().match(text)
    if m:
        out = {"year": _full_year(m["year"].strip())}
        if m["rest"]:
            out |= _split_parts(m["rest"], section_key)
        return _ordered(out)
    plain = _EMPHASISED_END().sub(r"\g<date>\g<stop>", text)
    m = _TRAILING().match(plain) or _TRAILING_PAREN().match(plain)
    if m:
        return _ordered({"year": _full_year(m["year"].strip()),
                         **_split_parts(m["rest"], section_key)})
    if section_key == "education" and "," in text:  # a degree line without dates
        return _ordered(_split_parts(text, section_key))
    return {"title": text}


def _ordered(entry: dict[str, Any]) -> dict[str, Any]:
    order = ("title", "institution", "location", "year", "summary", "extra")
    return {k: entry[k] for k in sorted(entry, key=lambda k: order.index(k) if k in order else 9)}


def _is_place(text: str) -> bool:
    """Whether a dated entry's first detail line names where it was held (``Fern Lab,
    Utrecht``, ``Lab manager``): short, no sentence; past a few words it names an
    institution or is written as names are (most of its longer words capitalised), not a
    line of description."""
    if len(text) > 100 or ": " in text or text.rstrip().endswith("."):
        return False
    words = re.findall(r"[^\W\d_]{4,}", unmark(text))
    return len(text.split()) <= 4 or bool(_INSTITUTION().search(text)) or not words or \
        2 * sum(w[0].isupper() for w in words) > len(words)


_BREAKS = lazy_pattern(r"\s*(?:<br\s*/?>\s*)+", re.I)
"""A line of HTML line breaks alone: after a list kramdown puts them at the end of its last
item (lazily), where they add space and show no word; the section's entries are the same."""


def parse(body: str, path: str = "", first_line: int = 1) -> Parsed:
    """The clean CV sections of a Markdown body (see the module docstring)."""
    masked = mask_comments(body).split("\n")
    lines = body.split("\n")
    parsed = Parsed(masked=masked)
    heads = _headings(masked)
    titles = _grouped_titles(heads, masked)
    for n, (start, body_start, _, _) in enumerate(heads):
        title = titles[n]
        end = heads[n + 1][0] if n + 1 < len(heads) else len(masked)
        raw: list[tuple[str, list[str]]] = []
        widths: dict[int, list[int]] = {}  # entry -> indent width of each of its sub-bullets
        used = set(range(start, body_start))
        clean = True
        for i in range(body_start, end):
            line = masked[i]
            if not re.search(r"\w", line):
                continue  # blank, commented out, or a stray `-->`
            if _BREAKS().fullmatch(line):  # `<br><br>` under a list: space, no words
                used.add(i)
                continue
            m = _BULLET().match(line)
            if m and len(m["indent"].expandtabs(4)) < 2:
                raw.append((as_kramdown_reads(m["text"]), []))
            elif m and raw:
                widths.setdefault(len(raw) - 1, []).append(len(m["indent"].expandtabs(4)))
                raw[-1][1].append(as_kramdown_reads(m["text"]))
            elif raw and (line[:1] in " \t" or masked[i - 1].strip()) and not re.match(
                    r"\s*(?:<|\||\{%|#)", line) and "{{" not in line and "{%" not in line:
                # a line that continues the item above (indented, or lazily right below it):
                # a "Supervisor: ..." line stays with its entry
                text = as_kramdown_reads(line.strip())
                if raw[-1][1]:
                    raw[-1][1][-1] += " " + text
                else:
                    widths.setdefault(len(raw) - 1, []).append(2)
                    raw[-1][1].append(text)
            else:
                clean = False
                break
            used.add(i)
        if not clean or not raw:
            continue
        for n_entry, ws in widths.items():  # depth relative to the entry's first level
            base = min(ws)
            subs = raw[n_entry][1]
            subs[:] = ["  " * min((w - base) // 2, 1) + t for w, t in zip(ws, subs, strict=True)]
        key = key_for_title(heads[n][2])  # a subsection's own title says what it holds
        sec = CVSection(title, _entries(raw, key),
                        markdown="\n".join(lines[start:end]).strip("\n"),
                        key=key,
                        origin=Origin(path, first_line + start) if path else None)
        sec.kind = _kind(sec.entries, raw)  # type: ignore[assignment]
        if sec.kind == "time_table":
            sec.entries = [_dated_section_entry(e, sec.key) for e in sec.entries]
        if sec.kind in ("list", "map"):
            sec.entries = [{k: v for k, v in e.items() if k in ("title", "name", "value")} or e
                           for e in sec.entries]
        parsed.sections.append(sec)
        parsed.consumed[title] = used
    return parsed


def _entries(raw: list[tuple[str, list[str]]], key: str = "") -> list[dict[str, Any]]:
    out = []
    for text, subs in raw:
        entry = split_entry(text, key)
        subs = list(subs)
        dated = next((i for i, sub in enumerate(subs) if not sub.startswith(" ")
                      and (m := _LEADING().fullmatch(sub.strip())) and not m["rest"]), None)
        if "year" not in entry and "name" not in entry and dated is not None:
            # `* **Name**` over a bullet that is only its dates: the entry's dates
            entry = _ordered({"year": _full_year(subs.pop(dated).strip()),
                              **_split_parts(text, key)})
        if "year" in entry and not entry.get("institution") and subs and \
                not subs[0].startswith(" ") and _is_place(subs[0]):
            rest = _pieces(subs.pop(0))  # "Institution, City, Country"
            places: list[str] = []
            while len(rest) > 1 and _place_like(rest[-1]):
                places.insert(0, rest.pop())
            _institution(entry, ", ".join(rest))
            if places:
                entry["location"] = ", ".join(places)
        points: list[Any] = []
        for sub in subs:
            if sub.startswith("  ") and points:
                last = points[-1]
                if not isinstance(last, dict):
                    last = points[-1] = {"title": last, "items": []}
                last["items"].append(sub.strip())
            else:
                points.append(sub.strip())
        if points:
            entry["description"] = points
        out.append(entry)
    return out


def _dated_section_entry(entry: dict[str, Any], key: str) -> dict[str, Any]:
    """A ``**Role**: Place`` line among dated entries is an entry like its neighbours (its
    title, then where), not a name/value pair that no dated section's data has a place for."""
    if "name" not in entry or "value" not in entry or "title" in entry:
        return entry
    out = _split_parts(f"**{entry['name']}**, {entry['value']}", key)
    return _ordered(out | {k: v for k, v in entry.items() if k not in ("name", "value")})


_DATED_FIELDS = ("year", "institution", "location", "summary", "url")
"""What an entry of a ``time_table`` holds beyond its title (a ``list`` holds its title)."""


def _kind(entries: list[dict[str, Any]], raw: list[tuple[str, list[str]]]) -> str:
    """The section's kind. One entry read with a date, a place or a note (an undated degree
    line ``MSc in Ecology, University of Somewhere, Lisbon``) makes a ``time_table``: its
    entries keep their institution and place as dated ones do (a ``list`` holds titles only:
    every CV target wrote the title alone, in silence). ``**Name**: value`` lines make a
    ``map``, unless one has sub-bullets, which no map's pair has a place for: then each pair
    is a ``nested_list`` item titled ``Name`` (which the CV layouts set in bold, as the page
    did) over its value and its sub-bullets (JSON Resume's skill: a name, its keywords)."""
    if all("name" in e for e in entries) and not any("description" in e for e in entries):
        return "map"
    if any(k in e for e in entries for k in _DATED_FIELDS):
        return "time_table"
    if any(subs for _, subs in raw):
        for n, e in enumerate(entries):
            if "name" in e and "title" not in e:  # a pair: its name over its value
                name, value = e.pop("name"), e.pop("value", "")
                e["description"] = [value] * bool(value) + list(e.get("description", []))
                entries[n] = e = {"title": name, **e}
            if "description" in e:
                e["items"] = [i for p in e.pop("description")
                              for i in ([p] if isinstance(p, str) else [p["title"], *p["items"]])]
        return "nested_list"
    return "list"


def remove(body: str, parsed: Parsed, titles: set[str]) -> str:
    """``body`` without the lines the sections ``titles`` were read from; HTML comments on
    those lines stay, and runs of blank lines left behind are squeezed."""
    lines = body.split("\n")
    drop: set[int] = set()
    for title in titles:
        drop |= parsed.consumed.get(title, set())
    out = []
    for i, line in enumerate(lines):
        if i not in drop:
            out.append(line)
            continue
        comment = _comment_part(line, parsed.masked[i])
        if comment:
            out.append(comment)
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n" if text.strip() else ""


def _comment_part(line: str, masked: str) -> str:
    """The commented-out part of a line (from the first to the last commented character)."""
    idx = [j for j, (c, m) in enumerate(zip(line, masked, strict=False)) if c != m]
    return line[idx[0]:idx[-1] + 1] if idx else ""


# -- writing ---------------------------------------------------------------------------------

def _link(title: str, url: str) -> str:
    return f"[{title}]({url})" if url and title and "](" not in title else title


def _points(points: list[Any], indent: str) -> list[str]:
    out = []
    for p in points:
        if isinstance(p, dict):
            out.append(f"{indent}* {p.get('title', '')}")
            out += [f"{indent}  * {i}" for i in p.get("items") or []]
        else:
            out.append(f"{indent}* {p}")
    return out


def render_entry(entry: Any, kind: str) -> list[str]:
    """One entry as bullet lines."""
    if not isinstance(entry, dict):
        return [f"* {entry}"] if str(entry).strip() else []
    if kind == "map" or ("name" in entry and "value" in entry and "title" not in entry):
        return [f"* **{entry.get('name', '')}**: {entry.get('value', '')}"]
    title = _link(str(entry.get("title") or entry.get("name") or ""), str(entry.get("url") or ""))
    if entry.get("role"):
        title = f"{title} ({entry['role']})" if title else str(entry["role"])
    year = display_year(entry)
    extra: dict[str, Any] = x if isinstance(x := entry.get("extra"), dict) else {}
    head = f"* {year}: {title}" if year and title else f"* {year or title}"
    out = [head.rstrip()]
    authors = extra.get("authors")  # a RenderCV publication entry's author list
    if isinstance(authors, list) and any(isinstance(a, str) and a.strip() for a in authors):
        out.append("  * " + "; ".join(a.strip() for a in authors
                                       if isinstance(a, str) and a.strip()))
    if extra.get("doi") not in (None, "") and not isinstance(extra["doi"], (dict, list)):
        doi = str(extra["doi"]).strip()
        out.append(f"  * DOI: [{doi}]({doi if '://' in doi else 'https://doi.org/' + doi})")
    place = ", ".join(str(entry[k]) for k in ("institution", "location") if entry.get(k))
    if place:
        out.append(f"  * {place}")
    if isinstance(extra.get("score"), (str, int, float)) and str(extra["score"]).strip():
        out.append(f"  * {str(extra['score']).strip()}")  # a JSON Resume education's grade
    if entry.get("summary"):
        out += [f"  * {line}" for line in str(entry["summary"]).splitlines() if line.strip()]
    if isinstance(extra.get("description"), str):  # a JSON Resume project's own text
        out += [f"  * {line}" for line in extra["description"].splitlines() if line.strip()]
    out += _points(list(entry.get("description") or []), "  ")
    out += _points(list(entry.get("items") or []), "  ")
    if out[0] == "*":  # neither year nor title: kramdown prints a bullet without text as `*`
        return [line[2:] for line in out[1:]]  # its details are the entry's own bullets
    return out


# A `|` kramdown would read as a table's cell border (a bullet line holding one becomes a
# table row), outside a link's target; one already escaped stays as it is.
_PIPE = lazy_pattern(r"(?<!\\)\|")
_LINK_TARGET = lazy_pattern(r"\]\([^)\s]*\)")


def _pipes_escaped(line: str) -> str:
    """A written line with each `|` of its text escaped (`\\|`), so that kramdown shows it
    as text (:func:`as_kramdown_reads` reads it back as `|`)."""
    out, last = [], 0
    for m in _LINK_TARGET().finditer(line):
        out += [_PIPE().sub(r"\\|", line[last:m.start()]), m[0]]
        last = m.end()
    return "".join(out) + _PIPE().sub(r"\\|", line[last:])


def render(sections: list[CVSection], style: str = "setext") -> str:
    """IR sections as a Markdown CV (``setext`` headings as academicpages writes them, or
    ``atx``). A section without entries is written from its Markdown."""
    out: list[str] = []
    for sec in sections:
        if not sec.entries and sec.markdown.strip():
            md = sec.markdown.strip("\n")
            setext = len(md.split("\n")) > 1 and _SETEXT().match(md.split("\n")[1])
            if not (md.startswith("#") or setext):
                md = _heading(sec.title, style) + "\n" + md
            out.append(md + "\n")
            continue
        out.append(_heading(sec.title, style))
        for entry in sec.entries:
            out += [_pipes_escaped(line) for line in render_entry(entry, sec.kind)]
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _heading(title: str, style: str) -> str:
    if style == "atx":
        return f"## {title}\n"
    return f"{title}\n{'=' * max(3, len(title))}\n"
