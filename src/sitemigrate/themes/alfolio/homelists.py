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

from ...ir import Item, Page, Publication, ShownList, Site
from ...jekyll import scholar
from ...jekyll.branches import layout_of
from ...jekyll.layouts import source_chain, switch_block
from ...jekyll.liquid import shown_liquid
from ...jekyll.prepends import prepend_folders
from ...report import Report
from ...textio import read_source
from . import THEME
from .bibsections import query_fields
from .datalists import SORT, WHERE, data_loops, liquid_text, sort_value
from .home import laid_in_about

_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)")
_ASSIGN = re.compile(r"\{%-?\s*assign\s+(\w+)\s*=\s*site\.projects\s*((?:\|[^%]*)?)-?%\}")
_FOR = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+(site\.projects|\w+)\s*((?:\|[^%]*)?)-?%\}")
# the test a loop's body starts with: `{% unless project.category == "template" %}`
_TEST = re.compile(r"""\s*\{%-?\s*(if|unless)\s+(\w+)\.(\w+)\s*(?:(==|!=)\s*(['"]?)([^'"%]*?)\5)?"""
                   r"""\s*-?%\}""")
_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S | re.I)
_H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1\s*>", re.S | re.I)
_PAGE_TITLE = re.compile(r"\s*\{\{-?\s*page\.title\s*-?\}\}\s*")
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
        where: dict[int, tuple[int, int]] = {}  # a list's layout and place in it
        for key in switches:
            at, layout, found_block = next(((n, t, b) for n, (_, t) in enumerate(chain)
                                            if (b := switch_block(t, key))), (0, "", ""))
            block = shown_liquid(found_block)
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
            where[id(shown)] = (at, shown_liquid(layout).find(block))
        if page.role == "about" or laid_in_about(src, layout_of(
                _text(src, page.path, None), config, page.path)):  # any page on it
            where |= _data_lists(page, src, report)
            page.features.lists.sort(key=lambda s: where.get(id(s), (len(chain), 0)))
    return found


def _data_lists(page: Page, src: Path, report: Report) -> dict[int, tuple[int, int]]:
    """The lists of data files' items that the layouts of home page ``page`` show outside
    any switch of the page (:func:`~.datalists.data_loops`): added to its features, under
    the heading above each, and where each is (by ``id``: its layout and place in it); a
    loop whose items cannot be read here is reported."""
    where: dict[int, tuple[int, int]] = {}
    for at, (name, text) in enumerate(source_chain(src, page.path, report)):
        for loop in data_loops(shown_liquid(text), src, report, outside=True):
            if loop.rows is None:
                report.lost("shown-list", f"your layout `{name}` lists the items of "
                            f"`site.data.{loop.name}` on this page"
                            f"{f' under `{loop.heading}`' if loop.heading else ''}, but "
                            f"{loop.why}: the list is not carried; add it to the page by "
                            "hand.", page.path)
            else:
                page.features.lists.append(ShownList("", loop.heading, rows=loop.rows))
                where[id(page.features.lists[-1])] = (at, loop.start)
    return where


def about_heading(page: Page, site: Site, report: Report) -> str:
    """The heading the home page's own layout shows atop it: al-folio's about layout, the
    site's title or the owner's name; an owner's about layout whose first `<h1>` prints
    only the page's title (`{{ page.title }}`), the page's title."""
    chain = source_chain(Path(site.source), page.path, report)[:1] if site.source else []
    h1 = next((m[1] for _, t in chain if (m := _H1.search(shown_liquid(t)))), "")
    if page.title and _PAGE_TITLE.fullmatch(re.sub(r"<[^>]*>", "", h1)):
        return page.title
    return site.identity.site_title or site.identity.display_name()


def image_dir(page: Page, site: Site, report: Report) -> str:
    """The folder a bare `profile.image` name is in: the one the page's own layouts put
    before it (`page.profile.image | prepend: 'assets/images/'`), else al-folio's."""
    chain = source_chain(Path(site.source), page.path, report) if site.source else []
    return prepend_folders(t for _, t in chain).get(
        "profile.image", THEME.vocabulary["paths"]["profile_image_dir"])


def add_entry(lists: list[Switched], name: str, pub: Publication, talk: str) -> None:
    """Put an entry of file ``name`` on each list whose tags select it: as a talk (by the
    slug ``talk`` of the talk it became) or as a publication (by its key)."""
    fields = query_fields(pub)
    for found in lists:
        if any(u.files and name in u.files
               and scholar.query_selects(u.query, pub.entry_type, fields) for u in found.uses):
            (found.shown.talks.append(talk) if talk
             else found.shown.publications.append(pub.key))


def _text(src: Path, rel: str, report: Report | None) -> str:
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
        for w in WHERE.finditer(filters):
            items = [i for i in items if liquid_text(_field(i, w[2], keys)) == w[4].strip()]
        for order in SORT.finditer(filters):
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
        holds = (liquid_text(value) == test[6].strip()) == (test[4] == "==")
    else:
        holds = value is not None and value is not False
    return holds == (test[1] == "if")


def _sort_key(item: Item, name: str, keys: dict[str, str]) -> tuple[bool, str]:
    return sort_value(_field(item, name, keys))


def _field(item: Item, name: str, keys: dict[str, str]) -> Any:
    """A project's front-matter value ``name`` as read: among its fields (by the IR's name
    of the theme's key) or its other keys."""
    return item.fields.get(keys.get(name, name), item.extra.get(name))

