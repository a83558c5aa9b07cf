"""The date a list page shows beside each of its items, as a visitor reads it: its month and
year, or its year alone, in whatever form a theme prints it (`March 05, 2019`, `Mar 2019`,
`5 March 2019`, `2019-03-05`, `2019, March 5`, `2019`), read from the page's visible text
(:func:`.text.norm`: lower case, words only)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from pathlib import Path

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_NAMES = {**{m: n for n, m in enumerate(_MONTHS, 1)},
          **{m[:3]: n for n, m in enumerate(_MONTHS, 1)}, "sept": 9}
_MONTH = "|".join(sorted(_NAMES, key=len, reverse=True))
_DATE = re.compile(
    rf"\b(?:(?P<m1>{_MONTH})(?: (?:\d{{1,2}})(?:st|nd|rd|th)?)? (?P<y1>\d{{4}})"
    rf"|\d{{1,2}}(?:st|nd|rd|th)? (?P<m2>{_MONTH}) (?P<y2>\d{{4}})"
    r"|(?P<y3>\d{4}) (?P<m3>0[1-9]|1[0-2]) \d{2}"
    rf"|(?P<y5>(?:1[89]|20)\d{{2}}) (?P<m5>{_MONTH})"
    r"|(?P<y4>(?:1[89]|20)\d{2}))\b")
"""A date in normalised text: a month's name (or its short name) with its year, with or
without the day, either way round; an ISO date; a year then its month (a citation's
`(2019, March 5)`); a year alone."""

Date = tuple[int, "int | None"]
"""(year, month), the month None where the year shows alone."""


def dates_in(text: str) -> list[Date]:
    """The dates normalised ``text`` shows, in order."""
    out: list[Date] = []
    for m in _DATE.finditer(text):
        month = m["m1"] or m["m2"] or m["m5"]
        if month:
            out.append((int(m["y1"] or m["y2"] or m["y5"]), _NAMES[month]))
        elif m["y3"]:
            out.append((int(m["y3"]), int(m["m3"])))
        else:
            out.append((int(m["y4"]), None))
    return out


def shown(date: Date) -> str:
    """``date`` as a finding names it: `March 2019`, `2019`."""
    year, month = date
    return f"{_MONTHS[month - 1].capitalize()} {year}" if month else str(year)


def beside(text: str, titles: Iterable[str], bounds: Iterable[str] = ()
           ) -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """What normalised page ``text`` shows beside each of ``titles``: the words after its
    first place up to the next place of any of them (where a list prints an item's date
    after its title), and the words around each of its places, from the end of the place
    of any title before it to the next (a citation that dates a work before its title, a
    second place of the title: its own citation). A title not found has nothing. The
    places of ``bounds`` (the page's other titles: items the other site does not show)
    end and start those words too, where they overlap none of ``titles``: what the page
    shows beside an item that is gone is no date of its neighbour's."""
    titles = [t for t in dict.fromkeys(titles) if t]
    places = sorted((m.start(), m.start() + len(title), title) for title in titles
                    for m in re.finditer(re.escape(title), text))
    wanted = set(titles)
    marks = [(m.start(), m.start() + len(mark), "") for mark in dict.fromkeys(bounds)
             if mark and mark not in wanted for m in re.finditer(re.escape(mark), text)]
    places = sorted([*places, *(b for b in marks if not any(
        b[0] < end and start < b[1] for start, end, _ in places))])
    out: dict[str, tuple[str, list[tuple[str, str]]]] = {}
    for i, (start, end, title) in enumerate(places):
        if not title:
            continue  # a bound only
        after = text[end:places[i + 1][0] if i + 1 < len(places) else len(text)]
        before = text[places[i - 1][1] if i else max(0, start - 300):start]
        first, around = out.get(title, (after, []))
        out[title] = (first, [*around, (before, after)])
    return out


def date_lost(was: str, now: list[tuple[str, str]] | None, build: Date | None
              ) -> tuple[Date, Date | None] | None:
    """The date the old list showed beside an item (the first in ``was``, the words after its
    title) that the new list no longer shows beside it (``now``: the words before and after
    each of its places; None when the new list shows the item where no words can be told apart:
    nothing is said): no date of that year, or only dates of that year with another month
    where both show a month, or (a date that lost its month) only that year alone where the
    old date showed a month. Returned with the first date the new list shows after the item
    (None: none), or the year alone it shows for a date that lost its month. An old date of
    ``build``'s month, the month the old site was built in, is none of the item's: Jekyll
    dates a document without a date of its own at the build."""
    old = dates_in(was)
    if not old or now is None or old[0] == build:
        return None
    year, month = old[0]
    near = [d for before, after in now for d in dates_in(f"{before} {after}")]
    if any(y == year and (month is None or m == month) for y, m in near):
        return None
    if (year, None) in near and not any(y == year and m is not None for y, m in near):
        return old[0], (year, None)  # the same date, its month lost: less precise
    new = [d for _, after in now for d in dates_in(after)]
    return old[0], new[0] if new else None


_UPDATED = re.compile(r"<updated>(\d{4})-(\d{2})")


def build_month(root: Path, feed: str | None) -> Date | None:
    """The month a site was built in: its feed's first `<updated>` (Jekyll's `site.time`,
    as jekyll-feed writes it), else the time of its home page's file."""
    found = _UPDATED.search(feed or "")
    if found:
        return int(found[1]), int(found[2])
    try:
        when = datetime.datetime.fromtimestamp((root / "index.html").stat().st_mtime)
    except OSError:
        return None
    return when.year, when.month
