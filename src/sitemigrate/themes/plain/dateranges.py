"""Dates and date ranges in CV and table text ("2019 – 2022", "Sep 2019 - Aug 2020",
"2025 – Present"), for the plain reader: :class:`DateFinder`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ...dates import parse_date

_TOKEN = (r"(?:\d{1,2}[./]\d{4}|\d{4}[./-]\d{1,2}(?:[./-]\d{1,2})?|"
          r"(?:[^\W\d_]{3,10}\.?\s+)?(?:19|20)\d{2})")


class DateFinder:
    """Finds dates and date ranges in CV and table text; each end is checked with the dates
    API (:func:`sitemigrate.dates.parse_date`), or is a "present" word, or a month name of
    another language (``month_words``) with a year."""

    def __init__(self, present_words: Iterable[str], month_words: Iterable[str] = ()) -> None:
        present = "|".join(re.escape(w) for w in sorted(present_words, key=len, reverse=True))
        self.present = {w.lower() for w in present_words}
        self.months = {w.lower().rstrip(".") for w in month_words}
        end = rf"(?:{_TOKEN}|{present})" if present else _TOKEN
        self.range = re.compile(
            rf"(?P<a>{_TOKEN})\s*(?:-{{1,2}}|–|—|~|\bto\b|\bbis\b|\buntil\b)\s*(?P<b>{end})",
            re.I)
        self.single = re.compile(_TOKEN)

    def _valid(self, token: str) -> bool:
        token = token.strip()
        if token.lower() in self.present or parse_date(token):
            return True
        m = re.fullmatch(r"([^\W\d_]{3,10})\.?\s+(?:19|20)\d{2}", token)
        return m is not None and m.group(1).lower() in self.months

    def _search(self, pattern: re.Pattern[str], text: str,
                ok: Callable[[re.Match[str]], bool]) -> re.Match[str] | None:
        pos = 0
        while (m := pattern.search(text, pos)) is not None:
            if ok(m):
                return m
            pos = m.start() + 1  # "Chair 2023 - 2024": try again from the next character
        return None

    def find(self, text: str, ranges_only: bool = False) -> re.Match[str] | None:
        """The first date range in ``text`` (else, unless ``ranges_only``, a single date)."""
        m = self._search(self.range, text,
                         lambda m: self._valid(m.group("a")) and self._valid(m.group("b")))
        if m is not None or ranges_only:
            return m
        return self._search(self.single, text, lambda m: self._valid(m.group(0)))

    def whole(self, text: str) -> str | None:
        """``text`` when it is nothing but a date or a date range (brackets/emphasis allowed)."""
        t = text.strip().strip("*_[]()").strip().rstrip(":,").strip()
        m = self.find(t)
        return t if m and m.start() == 0 and m.end() == len(t) else None

    def leading(self, text: str) -> tuple[str, str] | None:
        """``("2019 – 2022", "PhD, X")`` for a line that starts with a date (range)."""
        t = text.strip()
        m = self.find(t)
        if not m or m.start() > 1:
            return None
        rest = t[m.end():]
        sep = re.match(r"\s*[\]:,|)·–—-]*\s*", rest)
        rest = rest[sep.end():] if sep else rest
        if not rest.strip() or not (sep and (sep.group(0).strip() or sep.group(0))):
            return None
        return t[:m.end()].strip("[(*_ "), rest.strip()

    def trailing(self, text: str) -> tuple[str, str] | None:
        """``("Research Assistant", "2019 – 2022")`` for text that ends with a date range."""
        t = text.strip()
        end = len(t.rstrip(").]*_ "))
        m = self._search(self.range, t, lambda m: m.end() == end and self._valid(
            m.group("a")) and self._valid(m.group("b")))
        if not m or m.start() == 0:
            return None
        head = t[:m.start()].rstrip(" ,;:|·–—-([*_")
        return (head, t[m.start():m.end()]) if head else None


__all__ = ["DateFinder"]
