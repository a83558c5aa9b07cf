"""academicpages writer: a talk whose date the source gave only to its year or month.

The IR writes such a date as its year's or month's first day (:data:`~sitemigrate.ir.DateKnown`);
the theme's list of talks and its talk pages print a talk's date in the form their `date:`
filter names (``listings.talks.dated`` in the mapping: the list's item and the talk layout),
which academicpages' own name with the day (`%B %d, %Y`): `January 01, 2024`, a day the
source never showed. Where DEST prints the day (its checkout's include and layout, else the
mapping's ``stock`` form), each such talk is one finding at the entry it was read from, with
what the target shows and what to write. Nothing is written into the talk for it.
"""

from __future__ import annotations

import re

from ...ir import Item
from ...jekyll.checkout import layout_text
from ...jekyll.checkout import of as checkout_of
from ...jekyll.liquid import shown_liquid
from ...plan import Plan
from . import THEME
from .listdates import strftime_en

# An HTML tag (its quoted attributes may hold Liquid and `>`): a date printed inside one (a
# `<meta content=...>`, a `<time datetime=...>`) is no text a visitor reads.
_TAG = re.compile(r"""<[A-Za-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>""")
# A date output: `{{ post.date | date: "FORM" }}`, or one of Jekyll's filters of a fixed form.
_PRINTED = re.compile(r"""\{\{-?\s*\w+\.date\s*\|\s*(?:date:\s*(["'])(.*?)\1"""
                      r"""|(date_to_long_string|date_to_string)\b)""")
_JEKYLL_FORMS = {"date_to_long_string": "%d %B %Y", "date_to_string": "%d %b %Y"}
# a strftime directive that prints the day (of the month, of the year, of the week)
_DAY = re.compile(r"%[-_0^#]*[deFDjxcvAau]")


def printed_forms(text: str) -> list[str]:
    """The strftime forms in which ``text`` (a layout or include) prints a document's date
    where a visitor reads it, in order."""
    shown = _TAG.sub(" ", shown_liquid(text))
    return [m[2] if m[1] else _JEKYLL_FORMS[m[3]] for m in _PRINTED.finditer(shown)]


def _day_forms(plan: Plan) -> list[tuple[str, str]]:
    """(where, form) for each place DEST prints a talk's date with its day: the list's item
    and the talk layout of DEST's checkout; without a checkout, the theme's stock form."""
    rule = (THEME.vocabulary.get("listings", {}).get("talks") or {}).get("dated") or {}
    if not rule:
        return []
    if not checkout_of(plan).has_theme:
        stock = str(rule.get("stock") or "")
        return [("list of talks and talk pages", stock)] if _DAY.search(stock) else []
    inc = f"_includes/{rule['include']}"
    path = plan.dest / inc
    try:
        listed = path.read_text("utf-8", "replace") if path.is_file() else ""
    except OSError:
        listed = ""
    out = []
    for where, text in ((f"list of talks (`{inc}`)", listed),
                        (f"talk pages (layout `{rule['layout']}`)",
                         layout_text(plan, str(rule["layout"])) or "")):
        form = next((f for f in printed_forms(text) if _DAY.search(f)), None)
        if form:
            out.append((where, form))
    return out


def unknown_days(items: list[Item], folder: str, plan: Plan) -> None:
    """Say of each talk of ``items`` (written as ``folder/<slug>.md``) whose source gave no
    day of its date where DEST prints the day: what DEST shows, and what to write."""
    todo = [i for i in items if i.date and i.date_known != "day"]
    forms = _day_forms(plan) if todo else []
    if not forms:
        return
    where = " and ".join(w for w, _ in forms)
    for item in todo:
        known = strftime_en(item.date, "%Y" if item.date_known == "year" else "%B %Y")
        shown = strftime_en(item.date, forms[0][1]) or item.date
        plan.report.add(
            "talk-day", "warning", "lost",
            f"the entry of the talk `{item.title or item.slug}` gives only its {item.date_known} ("
            f"{known}), but academicpages' {where} print the day of its date: `{shown}`, a "
            f"day it never had. Write the talk's day in `date:` of `{folder}/{item.slug}.md` "
            f"(written `{item.date}`).", item.origin)
