"""Lists of the owner's own entries that a page's layout of the owner's shows when a
front-matter switch of the page is on: an about layout with `{% if page.selected_talks %}`
around a heading and an include whose `{% bibliography --file talks --query ... %}` lists
the talks marked selected. jekyll-scholar decides what such a list shows: the entries of the
files its tags name that their queries select (:mod:`...jekyll.scholar`); the list becomes
a :class:`~...ir.ShownList` of the page, for the target's writer to show where its home page
shows lists."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...ir import Publication, ShownList, Site
from ...jekyll import scholar
from ...jekyll.layouts import source_chain, switch_block
from ...report import Report
from .bibsections import query_fields

_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)")
_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S | re.I)
_TAGS = re.compile(r"<[^>]*>|\{\{.*?\}\}|\{%.*?%\}", re.S)


@dataclass(slots=True)
class Switched:
    """A list a page's layout shows under a switch, and the tags that make it."""

    shown: ShownList
    uses: list[scholar.Use] = field(default_factory=list)


def switched_lists(site: Site, src: Path, config: dict, uses: list[scholar.Use],
                   report: Report) -> list[Switched]:
    """The lists of `.bib` entries that the owner's layouts show on the site's pages under
    a front-matter key the page turns on (and that the theme's reader does not read: it is
    among the page's ``extra`` keys). Each is added to its page's features; its entries
    are filled by :func:`add_entry` as the files are read."""
    found: list[Switched] = []
    for page in site.pages:
        keys = [k for k, v in page.extra.items() if v not in (None, False, "", [], {})]
        chain = source_chain(src, page.path, report) if keys else []
        for key in keys:
            block = next((b for _, text in chain if (b := switch_block(text, key))), "")
            names = {f"_includes/{n}" for n in _INCLUDE.findall(block)}
            mine = [u for u in uses if u.where in names]
            mine += [u for u in scholar.bibliography_uses([("", block, "")], config)
                     if not u.cited]
            if not mine or any(u.files is None for u in mine):
                continue  # no list of entries, or one of files that cannot be read here
            heading = _HEADING.search(block)
            words = re.sub(r"\s+", " ", _TAGS.sub("", heading[1])).strip() if heading else ""
            shown = ShownList(key, words or key.replace("_", " ").capitalize())
            page.features.lists.append(shown)
            found.append(Switched(shown, mine))
    return found


def add_entry(lists: list[Switched], name: str, pub: Publication, talk: str) -> None:
    """Put an entry of file ``name`` on each list whose tags select it: as a talk (by the
    slug ``talk`` of the talk it became) or as a publication (by its key)."""
    fields = query_fields(pub)
    for found in lists:
        if any(u.files and name in u.files
               and scholar.query_selects(u.query, pub.entry_type, fields) for u in found.uses):
            (found.shown.talks.append(talk) if talk
             else found.shown.publications.append(pub.key))
