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
from functools import partial
from pathlib import Path
from typing import Any

from ...ir import Item, Publication, ShownList, Site
from ...jekyll import scholar
from ...jekyll.layouts import source_chain, switch_block
from ...jekyll.liquid import shown_liquid
from ...report import Report
from ...textio import read_source
from .bibsections import query_fields

_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)")
_ASSIGN = re.compile(r"\{%-?\s*assign\s+(\w+)\s*=\s*site\.projects\s*((?:\|[^%]*)?)-?%\}")
_FOR = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+(site\.projects|\w+)\s*((?:\|[^%]*)?)-?%\}")
# the test a loop's body starts with: `{% unless project.category == "template" %}`
_TEST = re.compile(r"""\s*\{%-?\s*(if|unless)\s+(\w+)\.(\w+)\s*(?:(==|!=)\s*(['"]?)([^'"%]*?)\5)?"""
                   r"""\s*-?%\}""")
_WHERE = re.compile(r"""\|\s*where\s*:\s*(['"])(\w+)\1\s*,\s*(['"]?)([^'"|%]*?)\3\s*(?=\||$)""")
_SORT = re.compile(r"""\|\s*sort\s*:\s*(['"])(\w+)\1""")
_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S | re.I)
_TAGS = re.compile(r"<[^>]*>|\{\{.*?\}\}|\{%.*?%\}", re.S)


@dataclass(slots=True)
class Switched:
    """A list a page's layout shows under a switch, and the tags that make it."""

    shown: ShownList
    uses: list[scholar.Use] = field(default_factory=list)


def switched_lists(site: Site, src: Path, config: dict, report: Report,
                   keys: dict[str, str]) -> list[Switched]:
    """The lists of `.bib` entries that the owner's layouts show on the site's pages under
    a front-matter key the page turns on (and that the theme's reader does not read: it is
    among the page's ``extra`` keys): its `.bib` entries, or the projects a loop over
    `site.projects` lists (:func:`project_loop`; ``keys``: the theme's project front-matter
    keys by their IR field names). Each is added to its page's features; its entries
    are filled by :func:`add_entry` as the files are read."""
    found: list[Switched] = []
    for page in site.pages:
        switches = [k for k, v in page.extra.items() if v not in (None, False, "", [], {})]
        chain = source_chain(src, page.path, report) if switches else []
        for key in switches:
            block = shown_liquid(next((b for _, t in chain if (b := switch_block(t, key))), ""))
            names = sorted({f"_includes/{n}" for n in _INCLUDE.findall(block)})
            # what the block and its includes show (a tag in a comment lists nothing)
            texts = [block] + [shown_liquid(_text(src, n, report)) for n in names]
            found_in = [(n, t, "") for n, t in zip(["", *names], texts, strict=True)]
            mine = [u for u in scholar.bibliography_uses(found_in, config) if not u.cited]
            projects = [p for t in texts for p in project_loop(t, site, keys)]
            if not (mine or projects) or any(u.files is None for u in mine):
                continue  # no list of entries, or one of files that cannot be read here
            heading = _HEADING.search(block)
            words = re.sub(r"\s+", " ", _TAGS.sub("", heading[1])).strip() if heading else ""
            shown = ShownList(key, words or key.replace("_", " ").capitalize(),
                              projects=list(dict.fromkeys(projects)))
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


def _text(src: Path, rel: str, report: Report) -> str:
    data = read_source(src / rel, rel, report, root=src) if (src / rel).is_file() else None
    return data.decode("utf-8", "replace") if data else ""


def project_loop(text: str, site: Site, keys: dict[str, str]) -> list[str]:
    """The projects (by path) a `for` loop of ``text`` lists from `site.projects`, directly
    or through a variable assigned from it, kept by its `where: "FIELD", VALUE` filters and
    by the `if`/`unless` test of the item its body starts with, and put in order by its
    `sort: "FIELD"`, as Liquid does."""
    assigned = {m[1]: m[2] for m in _ASSIGN.finditer(text)}
    found: list[str] = []
    for m in _FOR.finditer(text):
        if m[2] != "site.projects" and m[2] not in assigned:
            continue
        filters = assigned.get(m[2], "").strip(" -") + m[3].strip(" -")
        items = list(site.projects)
        for w in _WHERE.finditer(filters):
            items = [i for i in items if _liquid(_field(i, w[2], keys)) == w[4].strip()]
        for order in _SORT.finditer(filters):
            items.sort(key=partial(_sort_key, name=order[2], keys=keys))
        test = _TEST.match(text, m.end())
        if test and test[2] == m[1]:  # a test of the loop's item around what it shows
            items = [i for i in items if _passes(_field(i, test[3], keys), test)]
        found += [i.path for i in items]
    return found


def _passes(value: Any, test: re.Match[str]) -> bool:
    """Whether a project's value passes the loop's `if`/`unless` test of it (a comparison
    with `==`/`!=`, or the value alone: neither nil nor false)."""
    if test[4]:
        holds = (_liquid(value) == test[6].strip()) == (test[4] == "==")
    else:
        holds = value is not None and value is not False
    return holds == (test[1] == "if")


def _sort_key(item: Item, name: str, keys: dict[str, str]) -> tuple[bool, str]:
    """Liquid's `sort` by a field: items without it last (as jekyll sorts nil)."""
    value = _field(item, name, keys)
    return value is None, f"{value:>20}" if isinstance(value, (int, float)) else str(value)


def _field(item: Item, name: str, keys: dict[str, str]) -> Any:
    """A project's front-matter value ``name`` as read: among its fields (by the IR's name
    of the theme's key) or its other keys."""
    return item.fields.get(keys.get(name, name), item.extra.get(name))


def _liquid(value: Any) -> str:
    """A value as a `where` filter's argument compares: `true`, `3`, a string."""
    return str(value).lower() if isinstance(value, bool) else str(value)
