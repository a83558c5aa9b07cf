"""Dates as people write them on homepages: partial precision, many formats."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass

_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}
_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}


@dataclass(frozen=True, slots=True, order=True)
class PartialDate:
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


def _month(word: str) -> int | None:
    return _MONTHS.get(word.lower().rstrip(".")[:3]) if word.isalpha() or word.endswith(".") else None


def parse_date(s: str) -> tuple[PartialDate, str | None] | None:
    """Parse a whole date string; returns (date, warning-or-None) or None."""
    t = s.strip().strip("*_").strip().strip("[]()").strip().rstrip(":,").strip()
    if m := re.fullmatch(r"(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?", t):
        d = _valid(int(m[1]), int(m[2]), int(m[3]) if m[3] else None)
        return (d, None) if d else None
    if m := re.fullmatch(r"(\d{1,2})/(\d{4})", t):
        d = _valid(int(m[2]), int(m[1]), None)
        return (d, None) if d else None
    if m := re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})", t):
        a, b, y = int(m[1]), int(m[2]), int(m[3])
        if a > 12:
            d = _valid(y, b, a)
            return (d, None) if d else None
        d = _valid(y, a, b)
        warn = None if b > 12 or a == b else (
            f"`{t}` is ambiguous (month-day or day-month); read as {d} (month first)")
        return (d, warn) if d else None
    if m := re.fullmatch(r"(\d{2})-(\d{2})-(\d{2})", t):
        d = _valid(2000 + int(m[1]), int(m[2]), int(m[3]))
        return (d, f"`{t}` has a two-digit year; read as {d}") if d else None
    if m := re.fullmatch(r"(\d{4})", t):
        return PartialDate(int(m[1])), None
    if m := re.fullmatch(r"([A-Za-z]+\.?)\s+(\d{1,2}),?\s+(\d{4})", t):
        mo = _month(m[1])
        d = _valid(int(m[3]), mo, int(m[2])) if mo else None
        return (d, None) if d else None
    if m := re.fullmatch(r"(\d{1,2})\s+([A-Za-z]+\.?),?\s+(\d{4})", t):
        mo = _month(m[2])
        d = _valid(int(m[3]), mo, int(m[1])) if mo else None
        return (d, None) if d else None
    if m := re.fullmatch(r"([A-Za-z]+\.?),?\s+(\d{4})", t):
        if m[1].lower() in _SEASONS:
            return PartialDate(int(m[2]), _SEASONS[m[1].lower()]), None
        mo = _month(m[1])
        return (PartialDate(int(m[2]), mo), None) if mo and len(m[1].rstrip(".")) >= 3 else None
    if m := re.fullmatch(r"(\d{4})\s+([A-Za-z]+)", t):
        if m[2].lower() in _SEASONS:
            return PartialDate(int(m[1]), _SEASONS[m[2].lower()]), None
    return None


def from_value(v: object) -> PartialDate | None:
    """A date from front matter: date/datetime objects or strings."""
    if isinstance(v, _dt.datetime):
        return PartialDate(v.year, v.month, v.day)
    if isinstance(v, _dt.date):
        return PartialDate(v.year, v.month, v.day)
    if isinstance(v, str):
        head = re.match(r"\s*(\d{4}-\d{1,2}-\d{1,2})", v)
        parsed = parse_date(head.group(1) if head else v)
        return parsed[0] if parsed else None
    return None


_LEAD = re.compile(
    r"^\s*(?:[-*+]\s+)?(?P<date>\[[^\]\n]{3,25}\]|\*\*[^*\n]{3,25}\*\*|\*[^*\n]{3,25}\*|"
    r"_[^_\n]{3,25}_|[A-Za-z]{3,9}\.?,?\s+\d{1,2},\s+\d{4}|[A-Za-z]{3,9}\.?\s+\d{4}|"
    r"\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{4}[-/.]\d{1,2}(?:[-/.]\d{1,2})?|\d{1,2}/\d{4})"
    r"(?P<sep>\s*[:\-–—|]\s*|\s+)(?P<rest>\S.*)$")


def split_dated_line(line: str) -> tuple[PartialDate, str, str | None] | None:
    """A list/news line that starts with a date -> (date, rest, warning), else None."""
    m = _LEAD.match(line)
    if not m:
        return None
    parsed = parse_date(m["date"])
    if not parsed:
        return None
    return parsed[0], m["rest"].rstrip(), parsed[1]
