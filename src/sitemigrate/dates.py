"""Dates as people write them on homepages: partial precision, many formats."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass

from .lazyre import lazy_pattern

_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}
_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
# Month and season names of other languages people write on homepages (French, German,
# Spanish, Italian; with and without their accents), each a whole word. Ruby (Jekyll) reads
# no season, and a month only by an English month's first three letters (`janvier`, `Juni`
# but not `Mai`): :func:`jekyll_date` reads with ``ruby``.
_WORLD_MONTHS = {w: i for i, words in enumerate([
    "janvier janv januar jänner jän enero gennaio",
    "février fevrier févr fevr februar febrero febbraio",
    "mars märz maerz marzo",
    "avril avr abril aprile",
    "mai mayo maggio",
    "juin juni junio giugno",
    "juillet juil juli julio luglio",
    "août aout agosto",
    "septembre septiembre setiembre settembre",
    "octobre oktober okt octubre ottobre",
    "novembre noviembre",
    "décembre decembre déc dezember dez diciembre dicembre"], 1) for w in words.split()}
_WORLD_SEASONS = {"printemps": 3, "été": 6, "ete": 6, "eté": 6, "automne": 9, "hiver": 12}


@dataclass(frozen=True, slots=True, order=True)
class PartialDate:
    """A date known to the year, the month or the day (``2021``, ``2021-05``, ``2021-05-03``)."""

    year: int
    month: int | None = None
    day: int | None = None

    def iso(self) -> str:
        return f"{self.year:04d}-{self.month or 1:02d}-{self.day or 1:02d}"

    def __str__(self) -> str:
        if self.month is None:
            return f"{self.year:04d}"
        if self.day is None:
            return f"{self.year:04d}-{self.month:02d}"
        return self.iso()


def _valid(y: int, m: int | None, d: int | None) -> PartialDate | None:
    try:
        _dt.date(y, m or 1, d or 1)
    except ValueError:
        return None
    return PartialDate(y, m, d)


def _month(word: str, ruby: bool = False) -> int | None:
    """The month a word names: an English month by its first three letters (as Ruby reads
    it), or (unless ``ruby``) a month of another language, whole or cut short."""
    if not (word.isalpha() or word.endswith(".")):
        return None
    w = word.lower().rstrip(".")
    return (None if ruby else _WORLD_MONTHS.get(w)) or _MONTHS.get(w[:3])


def _season(word: str, ruby: bool = False) -> int | None:
    """The month a season starts in (``Summer``, ``Été``), None for Ruby (it reads none)."""
    w = word.lower()
    return None if ruby else _SEASONS.get(w) or _WORLD_SEASONS.get(w)


def _two_digit_year(y: str) -> int:
    """A year as Ruby's ``Date._parse`` completes it: two digits are 1969-2068."""
    n = int(y)
    return n + (1900 if n >= 69 else 2000) if len(y) <= 2 else n


def _ruby_fields(a: str, b: str, c: str) -> tuple[int, int, int]:
    """(year, month, day) of a numeric ``a-b-c`` (or ``/``, ``.``) date as Ruby's
    ``Date._parse`` reads it: a year of more than two digits first (``2018-05-03``) or last
    (``03-05-2018``: day, month, year); all of two digits or fewer: year, month, day
    (``21-05-12`` is 2021-05-12)."""
    if len(a) <= 2 and len(c) > 2:
        return int(c), int(b), int(a)
    return _two_digit_year(a), int(b), int(c)


def parse_date(s: str, month_first: bool = False, ruby: bool = False
               ) -> tuple[PartialDate, str | None] | None:
    """Parse a whole date string; returns (date, warning-or-None) or None.

    Numeric dates are read as Jekyll reads them (Ruby's ``Time.parse``): ``01-02-2018`` is
    1 February, ``21-05-12`` is 2021-05-12. A reading that could also be month-first, or has a
    two-digit year, comes with a warning; a date that only reads month-first
    (``12-31-2018``) is read so. With ``month_first`` (a list whose other dates are written
    month first, see :func:`month_first_list`) an ambiguous date is read month first. Month
    and season names may be English or another language's (``Été 2018``, ``mai 2019``,
    ``noviembre de 2025``); with ``ruby`` only what Ruby's ``Time.parse`` reads (no season,
    an English month's first three letters)."""
    t = s.strip().strip("*_").strip().strip("[]()").strip().rstrip(":,").strip()
    if m := re.fullmatch(r"(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?", t):
        d = _valid(int(m[1]), int(m[2]), int(m[3]) if m[3] else None)
        return (d, None) if d else None
    if m := re.fullmatch(r"(\d{1,2})/(\d{4})", t):
        d = _valid(int(m[2]), int(m[1]), None)
        return (d, None) if d else None
    if m := re.fullmatch(r"(\d{1,2})([-/.])(\d{1,2})\2(\d{4})|(\d{2})(-)(\d{1,2})-(\d{1,2})", t):
        parts = (m[1], m[3], m[4]) if m[1] else (m[5], m[7], m[8])
        y, mo, day = _ruby_fields(*parts)
        d = _valid(y, mo, day)
        if len(parts[2]) <= 2:
            return (d, f"`{t}` has a two-digit year; read as {d}, as Jekyll reads it "
                       "(year first)") if d else None
        if d is None:
            d = _valid(y, day, mo)  # only month-first makes a date (Jekyll cannot read it)
            return (d, None) if d else None
        if mo == day or day > 12:
            return d, None
        if month_first:
            d = _valid(y, day, mo) or d
            return d, (f"`{t}` is ambiguous (day-month or month-day); read as {d}, month "
                       "first like the other dates of its list (Jekyll would read it day first)")
        return d, (f"`{t}` is ambiguous (day-month or month-day); read as {d}, day first, as "
                   "Jekyll reads it")
    if m := re.fullmatch(r"(\d{4})", t):
        return PartialDate(int(m[1])), None
    if m := re.fullmatch(r"([^\W\d_]+\.?)\s+(\d{1,2}),?\s+(\d{4})", t):
        mon = _month(m[1], ruby)
        d = _valid(int(m[3]), mon, int(m[2])) if mon else None
        return (d, None) if d else None
    if m := re.fullmatch(r"(\d{1,2})\s+([^\W\d_]+\.?),?\s+(\d{4})", t):
        mon = _month(m[2], ruby)
        d = _valid(int(m[3]), mon, int(m[1])) if mon else None
        return (d, None) if d else None
    if m := re.fullmatch(r"([^\W\d_]+\.?),?\s+(\d{4})" if ruby else
                         r"([^\W\d_]+\.?),?\s+(?:de\s+)?(\d{4})", t):
        if season := _season(m[1], ruby):
            return PartialDate(int(m[2]), season), None
        mon = _month(m[1], ruby)
        return (PartialDate(int(m[2]), mon), None) if mon and len(m[1].rstrip(".")) >= 3 else None
    if (m := re.fullmatch(r"(\d{4})\s+([^\W\d_]+)", t)) and (season := _season(m[2], ruby)):
        return PartialDate(int(m[1]), season), None
    return None


_RUBY_NUMERIC = re.compile(r"\s*(\d+)([-/.])(\d+)\2(\d+)(?!\d)")


def jekyll_date(value: str) -> PartialDate | None:
    """The day Jekyll gives a front-matter ``date`` string or a post file name's date (Ruby's
    ``Time.parse``), or None where Jekyll stops with "Invalid date". Numeric dates follow
    :func:`_ruby_fields`; a day past the month's end rolls over as Ruby's ``Time`` does
    (``2018-02-30`` is 2018-03-02); month names as :func:`parse_date`, and a month alone is
    its first day (``March 2018``)."""
    if m := _RUBY_NUMERIC.match(value):
        if len(m[3]) > 2:
            return None   # Ruby reads a long middle part as the year: not a date people write
        y, mo, day = _ruby_fields(m[1], m[3], m[4])
        if not (1 <= mo <= 12 and 1 <= day <= 31) or y < 1:
            return None
        try:
            d = _dt.date(y, mo, 1) + _dt.timedelta(days=day - 1)
        except (ValueError, OverflowError):
            return None
        return PartialDate(d.year, d.month, d.day)
    if re.fullmatch(r"\s*\d{4}[-.]\d{1,2}\s*", value):
        return None   # `2018-05`: Ruby reads the `-05` as a time zone and has no month
    parsed = parse_date(value, ruby=True)
    if parsed is None or parsed[0].month is None:
        return None   # a year alone (`2018`), a season, `Mai 2018`: Ruby cannot read it
    return parsed[0]


# A day with a time and its offset (`2023-02-28 01:32:00+0800`, as al-folio's news items are
# dated), which YAML leaves text (its timestamps want `+08:00`): Ruby's `Time.parse` reads the
# instant, and Jekyll's `Utils.parse_date` gives it in the build's local time.
_TIMED = re.compile(r"\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:T|\s+)(\d{1,2}):(\d{2})"
                    r"(?::(\d{2})(?:\.\d+)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)\s*$", re.I)


def build_day(value: str, zone: _dt.tzinfo | None = None) -> PartialDate | None:
    """The day a front-matter ``date`` text with a time and an offset is in the build's time
    zone (``zone``: the site's `timezone`; None: UTC, GitHub Pages' own), as Jekyll gives
    it (``Time.parse(...).localtime``): `2023-02-28 01:32:00+0800` is 27 February in UTC.
    None for a text without both (its day is the one written: :func:`jekyll_date`)."""
    m = _TIMED.match(value)
    if m is None:
        return None
    y, mo, d, h, mi, s, off = m.groups()
    if off.upper() in ("Z", "UTC", "GMT"):
        tz: _dt.tzinfo = _dt.UTC
    else:
        digits = off[1:].replace(":", "")
        delta = _dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:] or 0))
        tz = _dt.timezone(-delta if off[0] == "-" else delta)
    try:
        t = _dt.datetime(int(y), int(mo), int(d), int(h), int(mi), int(s or 0), tzinfo=tz)
    except (ValueError, OverflowError):
        return None  # a day past the month's end, an hour past 23: Ruby's own reading
    t = t.astimezone(zone or _dt.UTC)
    return PartialDate(t.year, t.month, t.day)


def zone_of(config: dict) -> _dt.tzinfo | None:
    """The time zone a site of ``config`` builds in: its `timezone` (Jekyll sets it as the
    process's), None for UTC (none given, or one this machine's time zone data lacks)."""
    import zoneinfo
    name = config.get("timezone") if isinstance(config, dict) else None
    try:
        return zoneinfo.ZoneInfo(name) if isinstance(name, str) and name.strip() else None
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def from_value(v: object, zone: _dt.tzinfo | None = None) -> PartialDate | None:
    """A date from front matter: date/datetime objects or strings. A time with its offset
    (`2019-04-01 00:00:00+08:00`) is the day it is in the build's time zone (``zone``: the
    site's `timezone`; else UTC, GitHub Pages' own): Psych reads it as that instant, in local
    time, and Jekyll's `date` filter prints that day (2019-03-31 in UTC)."""
    if isinstance(v, _dt.datetime):
        if v.tzinfo is not None:
            v = v.astimezone(zone or _dt.UTC)
        return PartialDate(v.year, v.month, v.day)
    if isinstance(v, _dt.date):
        return PartialDate(v.year, v.month, v.day)
    if isinstance(v, str):
        head = re.match(r"\s*(\d{4}-\d{1,2}-\d{1,2})", v)
        parsed = parse_date(head.group(1) if head else v)
        return parsed[0] if parsed else None
    return None


_LEAD = lazy_pattern(
    r"^\s*(?:[-*+]\s+)?(?P<date>\[[^\]\n]{3,25}\]|\*\*[^*\n]{3,25}\*\*|\*[^*\n]{3,25}\*|"
    r"_[^_\n]{3,25}_|[^\W\d_]{3,9}\.?,?\s+\d{1,2},\s+\d{4}|[^\W\d_]{3,9}\.?\s+\d{4}|"
    r"\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{4}[-/.]\d{1,2}(?:[-/.]\d{1,2})?|\d{1,2}/\d{4})"
    r"(?P<sep>\s*[:\-–—|]\s*|\s+)(?P<rest>\S.*)$")


def month_first_list(lines: list[str]) -> bool:
    """Whether the dated lines of a list write numeric dates month first: one of them only
    reads month first (``11/20/2024``) and none only day first (``20/11/2024``)."""
    seen: set[bool] = set()
    for line in lines:
        m = _LEAD().match(line)
        t = m["date"].strip("*_[]() :,") if m else ""
        n = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.]\d{4}", t)
        if n and (int(n[1]) > 12) != (int(n[2]) > 12):
            seen.add(int(n[2]) > 12)
    return seen == {True}


def split_dated_line(line: str, month_first: bool = False
                     ) -> tuple[PartialDate, str, str | None] | None:
    """A list/news line that starts with a date -> (date, rest, warning), else None."""
    m = _LEAD().match(line)
    if not m:
        return None
    parsed = parse_date(m["date"], month_first)
    if not parsed:
        return None
    return parsed[0], m["rest"].rstrip(), parsed[1]
