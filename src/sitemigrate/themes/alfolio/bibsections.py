"""The `{% bibliography %}` tags of al-folio pages as the theme's listings: a file's own
section (one of several `.bib` files the publications come from) and a list of talks. Every
listing of a page is swapped in one pass, from its end, so that a page that lists papers,
talks and posters keeps each section where it stood."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import PurePosixPath
from typing import Any

from ...formats import bibtex as bib
from ...formats import citation
from ...formats.bibtext import to_text
from ...ir import Item, Page, Publication, Site
from ...jekyll import scholar
from ...jekyll.branches import PageFacts, runs_at
from ...jekyll.liquid import shown_liquid
from ...jekyll.prepends import prepend_folders
from ...report import Report
from . import THEME


def swap_listings(site: Site, uses: list[scholar.Use], talks: list[scholar.Use],
                  merged: set[str], report: Report) -> None:
    """Each tag of ``talks`` becomes the theme's talks listing, and each tag that lists one
    of several publication files (:func:`file_sections`) the theme's listing of that file's
    publications; a publications page that listed talks only becomes the talks page."""
    swaps = [(u, THEME.vocabulary["listings"]["talks"]["body"]) for u in talks]
    swaps += file_sections(site, uses, merged, report)
    swaps += query_sections(site, uses, {id(u) for u, _ in swaps}, report)
    for page in _places(site).values():
        mine = sorted((s for s in swaps if s[0].where == page.path), key=lambda s: -s[0].span[0])
        for use, listing in mine:
            page.body = scholar.replace_use(page.body, use, listing)
        listed = {f for u in talks if u.where == page.path for f in u.files or ()}
        if not listed or not isinstance(page, Page):
            continue
        if page.role == "publications" and "{% bibliography" not in page.body \
                and all(u.talks for u in uses if u.where == page.path):
            page.role = "talks"
        report.mapped("bib-talks", f"the talks this page listed from BibTeX "
                      f"({', '.join(sorted(listed))}) are talks, listed with the theme's "
                      "talks listing.", page.origin)


def file_sections(site: Site, uses: list[scholar.Use], merged: set[str],
                  report: Report) -> list[tuple[scholar.Use, str]]:
    """A page that lists one of the several `.bib` files the publications come from
    (:func:`..jekyll.scholar.file_sections`) lists that file's entries only: each entry
    names its file (the field ``by_file`` of the theme's filtered publications listing), and
    the tag is that listing, of the entries of that file. So does a collection document's
    (a project's) tag that lists a file, even the only one: no stock listing of a page
    lists them there. Returns (tag, listing)."""
    spec = THEME.vocabulary["listings"]["publications"]["filtered"]
    files = {scholar.stem(p.origin.path) for p in site.publications if p.origin}
    pages = _places(site)
    items = {u.where for u in uses} & (pages.keys() - {p.path for p in site.pages})
    # a tag in a loop that does more than head each render (counts, conditions) stays the
    # loop's: the listing swapped for the target's takes the whole loop
    one_file = [u for u in uses if u.where in items and not u.talks and u.files is not None
                and len(u.files) == 1 and u.files[0] in files - merged
                and scholar.selects_all(u.query)]
    mine = [u for u in scholar.file_sections(uses, files, merged) + one_file
            if u.where in pages and not scholar.in_loop(
                pages[u.where].body, scholar.listing_span(pages[u.where].body, u))
            and _loop_lists_all(site, pages[u.where], u)]
    mine = list({id(u): u for u in mine}.values())  # (a tag of both lists: once)
    if not mine:
        return []
    key = spec["by_file"]
    for pub in site.publications:
        if pub.origin:
            pub.fields.setdefault(key, scholar.stem(pub.origin.path))
    out = []
    for use in sorted(mine, key=lambda u: -u.span[0]):
        page, file = pages[use.where], (use.files or ("",))[0]
        parts: dict[str, str] = {"KEY": key, "OP": spec["ops"]["equals"], "VALUE": file}
        out.append((use, re.sub("KEY|OP|VALUE", partial(_part, parts), spec["body"])))
        of = f", of the {len(files)} files the publications come from" if len(files) > 1 else ""
        report.mapped("bib-file-section", f"this page lists the entries of `{file}.bib` only"
                      f"{of}: written as a listing of the publications whose `{key}` is "
                      f"`{file}`.", page.origin)
    return out


def query_sections(site: Site, uses: list[scholar.Use], taken: set[int],
                   report: Report) -> list[tuple[scholar.Use, str]]:
    """A page whose tags each list a part of one file by a query (`-q @article` under
    "Journal articles", `-q @inproceedings` under "Conference papers"; or one tag, `-q
    @*[key=...]` on a topic page, that selects some of the entries), no entry in two of
    the parts, lists each part in its place: each entry of a part names it (the field
    ``by_query`` of the theme's filtered publications listing: the file, then the part's
    number, counted over every page that parts the file: topic pages that each list their
    entries by key, `-q @*[key=...]`), and each tag is that listing, of the entries of its
    part; a further page that shares entries with another names its parts in a field of its
    own (``by_query`` and the page's number); a part that shares an entry with an earlier
    part of its page, in ``by_query``, `_` and a number. A tag in a loop over its page's
    front-matter list (`for y in page.years`) with nothing but headings besides is one
    part: the entries one of the list's values selects. A page with another listing
    besides (a tag in another loop, with Liquid in its query, of several files) stays as
    it is. Returns
    (tag, listing); ``taken``: the ``id`` of the tags already swapped."""
    spec = THEME.vocabulary["listings"]["publications"]["filtered"]
    pages = _places(site)
    groups: dict[tuple[str, str], list[scholar.Use]] = {}
    spoilt: set[str] = set()  # pages with a tag that lists a file otherwise (a year loop)
    for u in uses:
        page = pages.get(u.where)
        if page is None or id(u) in taken or u.cited:
            continue
        looped = _loop_part(page, u)
        if (u.talks or u.files is None or len(u.files) != 1
                or (scholar.selects_all(u.query) and looped is None)
                or ("{" in u.query and looped is None)
                or scholar.in_loop(page.body, scholar.listing_span(page.body, u))):
            spoilt.add(u.where)
            continue
        groups.setdefault((u.where, u.files[0]), []).append(u)
    parted: dict[tuple[str, str], list[list[Any]]] = {}
    whole: set[tuple[str, str]] = set()  # one tag that selects every entry carried
    home = set(site.home_only_entries)  # on the home page only: in no part of a page
    for (where, file), mine in groups.items():
        of_file = [p for p in site.publications if p.origin and p.key not in home
                   and scholar.stem(p.origin.path) == file]
        mine.sort(key=lambda u: u.span[0])
        parted[where, file] = [[p for p in of_file if any(scholar.query_selects(
            q, p.entry_type, query_fields(p)) for q in _loop_part(pages[where], u)
            or [u.query])] for u in mine]
        if len(mine) == 1 and len(parted[where, file][0]) == len(of_file):
            whole.add((where, file))
    # an entry in two parts of one page (jekyll-scholar lists it in both: a preprint under
    # "Preprints" and under its year) is in each: the later part names it in a field of
    # its own (`bib_section_2`); an entry in parts of two pages is in one part of each:
    # where pages share entries, each page names its parts in a field of its own
    # (`bib_section2`, ...). A page of one such tag (a topic page's one paper by key) is a
    # page of one part, unless that part is every entry of the file the site carries
    # (nothing to tell apart)
    kept = {k: v for k, v in parted.items() if k not in whole and k[0] not in spoilt}
    spread: dict[str, list[list[Any]]] = {}
    for (_, file), parts in kept.items():
        spread.setdefault(file, []).append(
            list({id(p): p for part in parts for p in part}.values()))
    out: list[tuple[scholar.Use, str]] = []
    numbers: dict[str, int] = {}
    pages_of: dict[str, int] = {}
    for (where, file), parts in kept.items():
        mine = groups[where, file]
        pages_of[file] = pages_of.get(file, 0) + 1
        key = spec["by_query"]
        if pages_of[file] > 1 and not _disjoint(spread[file]):
            key += str(pages_of[file])
        levels = _levels(parts)
        for use, part, level in zip(mine, parts, levels, strict=True):
            numbers[file] = numbers.get(file, 0) + 1
            value = f"{file}-{numbers[file]}"
            field = key if level == 1 else f"{key}_{level}"
            for pub in part:
                pub.fields[field] = value
            fill = {"KEY": field, "OP": spec["ops"]["equals"], "VALUE": value}
            out.append((use, re.sub("KEY|OP|VALUE", partial(_part, fill), spec["body"])))
        said = (f"in {len(mine)} parts, each by a query (" if len(mine) > 1
                else "that a query selects (")
        report.mapped("bib-query-section", f"this page lists the entries of `{file}.bib` "
                      + said + ", ".join(f"`{u.query}`" for u in mine) + "): each part is "
                      f"written as a listing of the publications whose `{key}` names "
                      "it.", pages[where].origin)
    return out


def _loop_part(page: Page | Item, use: scholar.Use) -> list[str] | None:
    """The queries a tag runs once a value of the front-matter list its loop goes over
    (`for y in page.years` around `-q @*[year={{ y }}]`), when the loop holds nothing but
    headings besides the tag (the listing swapped takes the whole loop); else None."""
    span = scholar.listing_span(page.body, use)
    if span == use.span:
        return None
    return scholar.loop_queries(page.body, use, getattr(page, "extra", None))


def _loop_lists_all(site: Site, page: Page | Item, use: scholar.Use) -> bool:
    """Whether a tag lists every entry of its file: a tag in a loop over its page's list
    (:func:`_loop_part`) lists only the entries one of the list's values selects (`years:
    [2020, 2021]` leaves out a paper of 2005)."""
    queries = _loop_part(page, use)
    if queries is None:
        return True
    file = (use.files or ("",))[0]
    home = set(site.home_only_entries)  # on the home page only: on no page's list
    return all(any(scholar.query_selects(q, p.entry_type, query_fields(p)) for q in queries)
               for p in site.publications if p.origin and p.key not in home
               and scholar.stem(p.origin.path) == file)


def _places(site: Site) -> dict[str, Page | Item]:
    """The pages and collection documents whose bodies Jekyll renders, by path: a
    `{% bibliography %}` tag in either lists entries there."""
    kinds = (site.projects, site.news, site.posts, site.teaching, site.talks,
             *site.collections.values())
    return {**{i.path: i for items in kinds for i in items}, **{p.path: p for p in site.pages}}


def _levels(parts: list[list[Any]]) -> list[int]:
    """For each part of one page, the first field (1, 2, ...) no earlier part that shares
    an entry with it names: parts that share no entry name theirs in one field."""
    taken: list[set[int]] = []
    out = []
    for part in parts:
        ids = {id(p) for p in part}
        level = next((n for n, held in enumerate(taken) if not held & ids), len(taken))
        if level == len(taken):
            taken.append(set())
        taken[level] |= ids
        out.append(level + 1)
    return out


def _disjoint(parts: list[list[Any]]) -> bool:
    """Whether no entry is in two of ``parts``."""
    ids = [id(p) for part in parts for p in part]
    return len(ids) == len(set(ids))


def _part(parts: dict[str, str], m: re.Match[str]) -> str:
    return parts[m[0]]


def bib_layouts(texts: list[tuple[str, str, str]], config: dict[str, Any]) -> list[str]:
    """The texts of the site's own bibliography layout (jekyll-scholar's
    `bibliography_template`, `bib` by default). ``texts``: (path, text, _) of its files."""
    scholar_config = config.get("scholar")
    name = str((scholar_config if isinstance(scholar_config, dict) else {}).get(
        "bibliography_template") or "bib")
    return [text for rel, text, _ in texts
            if rel.startswith("_layouts/") and PurePosixPath(rel).stem == name]


def link_folders(layouts: list[str], defaults: dict[str, str | None]
                 ) -> dict[str, str | None]:
    """The folder a relative value of each link field (``defaults``: field -> al-folio's
    folder) names a file in, as the site's own bibliography layout (``layouts``:
    :func:`bib_layouts`) prefixes it: `{{ entry.slides | prepend: '/assets/slides/' }}` looks
    for `slides={talk.pdf}` in `assets/slides/`. The first prefix a layout gives a field
    wins; a field it prints otherwise keeps al-folio's folder."""
    found = {k.lower(): v for k, v in reversed(prepend_folders(layouts, "entry").items())}
    return {field: found.get(field, folder) for field, folder in defaults.items()}


def printed_fields(layouts: list[str], own: list[str] | None = None) -> list[str]:
    """The fields the site's bibliography layout (``layouts``: :func:`bib_layouts`) prints,
    `{{ entry.x }}`, in its order, that are neither BibTeX's nor al-folio's own (a field of
    the owner's: `conference`, say); and of a talk list's own layout (``own``: the tag's
    `--template`, :func:`talk_templates`), every field it prints that a talk's own fields do
    not hold (biblatex's `venue`, say)."""
    known = bib.STANDARD_FIELDS | set(THEME.vocabulary["bib_fields"]) | {"eventtitle"}
    read = _TALK_READ | set(THEME.vocabulary["bib_fields"])
    out: list[str] = []
    for text, skip in [*((t, known) for t in layouts), *((t, read) for t in own or [])]:
        for field, _ in _entry_outputs(text):
            if field not in skip and field not in out:
                out.append(field)
    return out


def _entry_outputs(text: str) -> Iterator[tuple[str, bool]]:
    """Each field a layout prints (`{{ entry.x }}`), lower case, in its order, and whether it
    prints it as text of the page (between tags, not inside a tag's attribute)."""
    for m in re.finditer(r"\{\{-?\s*entry\.(\w+)", text):
        yield m.group(1).lower(), text.rfind("<", 0, m.start()) <= text.rfind(">", 0, m.start())


# What a talk's own fields hold (the reader's `_talk_of`): its title, people, date, venue,
# place, text and links; jekyll-scholar's `key` and `bibtex` are no field of the entry.
_TALK_READ = {"title", "author", "editor", "year", "month", "day", "date", "abstract", "note",
              "location", "address", "eventtitle", "url", "doi", "key", "bibtex", "type",
              *citation.VENUE_FIELDS, *citation.EPRINT_FIELDS}


def talk_templates(texts: list[tuple[str, str, str]], uses: list[scholar.Use]) -> list[str]:
    """The texts of the layouts the site's lists of talks name (`--template NAME`): they show
    those talks, not the site's bibliography layout."""
    names = {u.template for u in uses if u.talks and u.template}
    return [text for rel, text, _ in texts
            if rel.startswith("_layouts/") and PurePosixPath(rel).stem in names]


def shown_fields(fields: dict[str, Any], pub: Publication, printed: list[str],
                 report: Report) -> None:
    """What the site's own bib layout printed of a talk through fields of the owner's
    (:func:`printed_fields`) stays shown: its venue where the talk has none, else its place,
    else a line of its description; each reported."""
    for name in printed:
        value = to_text(str(pub.fields.get(name) or "")).strip()
        if not value:
            continue
        slot = next((k for k in ("venue", "location") if not fields.get(k)), "description")
        fields[slot] = f"{fields[slot]}\n\n{value}" if fields.get(slot) else value
        report.mapped("bib-own-field", f"`{name}` of `{pub.key}`, a field of your own that "
                      f"your bibliography layout prints, is the talk's {slot}.", pub.origin)


def shown_abbr(pub: Publication, layouts: list[str], config: dict[str, Any]) -> str:
    """The `abbr` of ``pub`` the bib layout (``layouts``) showed as text beside it (al-folio's
    badge: `Keynote`, `ICML`), or "": a `{{ entry.abbr }}` between tags whose branches run
    for the site's settings (`{% if site.enable_publication_thumbnails %}`) and for the entry
    (:func:`...jekyll.branches.runs_at`). Without a layout of its own, its generation's shows
    it unless `enable_publication_thumbnails` is turned off."""
    value = to_text(str(pub.fields.get("abbr") or "")).strip()
    if not value:
        return ""
    if not layouts:
        flag = config.get("enable_publication_thumbnails", True)
        return value if flag is not None and flag is not False else ""
    site = PageFacts(None, config)
    entry = PageFacts(None, {k.lower(): v for k, v in pub.fields.items()})
    for text in layouts:
        for m in re.finditer(r"\{\{-?\s*entry\.abbr\b", text):
            if text.rfind("<", 0, m.start()) <= text.rfind(">", 0, m.start()) \
                    and runs_at(text, m.start(), site, "site") \
                    and runs_at(text, m.start(), entry, "entry"):
                return value
    return ""


def shown_authors(fields: dict[str, Any], pub: Publication, config: dict[str, Any],
                  report: Report) -> None:
    """The author line al-folio's bib layout shows under a talk's title (every generation
    prints the entry's authors) stays shown where it names anyone but the site's owner
    alone (`scholar.last_name`, as the layout tells the owner): an academicpages talk has
    no authors, so the line opens the talk's description."""
    authors = [a for a in pub.authors if a.strip()]
    scholar_config = config.get("scholar")
    lasts = scholar_config.get("last_name") if isinstance(scholar_config, dict) else None
    lasts = [str(n) for n in (lasts if isinstance(lasts, list) else [lasts]) if n]
    if not authors or (len(authors) == 1 and any(
            authors[0] == last or authors[0].endswith(f" {last}") for last in lasts)):
        return
    line = authors[0] if len(authors) == 1 else f"{', '.join(authors[:-1])} and {authors[-1]}"
    said = fields.get("description")
    fields["description"] = f"{line}\n\n{said}" if said else line
    report.mapped("bib-talk-authors", f"the authors of `{pub.key}` (shown under the talk by "
                  "the bib layout) open the talk's description.", pub.origin)


def shown_note(fields: dict[str, Any], pub: Publication, report: Report) -> None:
    """A talk's `note`, the line al-folio's bib layout shows under its venue and date (the
    event and its day, often), is the talk's venue where it has none, else a line of its
    description."""
    note = to_text(str(pub.fields.get("note") or "")).strip()
    if not note or note in (fields.get("venue"), fields.get("description")):
        return
    slot = "description" if fields.get("venue") else "venue"
    fields[slot] = f"{fields[slot]}\n\n{note}" if fields.get(slot) else note
    report.mapped("bib-note", f"`note` of `{pub.key}` (shown under the talk by the bib "
                  f"layout) is the talk's {slot}.", pub.origin)


def live_uses(uses: list[scholar.Use], home_selected: bool,
              bodies: list[str]) -> list[scholar.Use]:
    """The tags that list files on some page: the about layout renders the theme's
    selected-papers include only where a page asks for it (`selected_papers: true`), so
    without such a page, and with no page's own text (``bodies``) including it, the
    include's tag lists nothing (its query is no page's list)."""
    include = THEME.vocabulary["paths"]["selected_papers"]
    name = re.escape(include.rsplit("/", 1)[-1])
    if home_selected or any(re.search(rf"\{{%-?\s*include\s+{name}\b", b) for b in bodies):
        return uses
    return [u for u in uses if u.where.rsplit(".", 1)[0] != include]


def selected_of_listed_files(site: Site, uses: list[scholar.Use], config: dict[str, Any],
                             report: Report) -> None:
    """An entry marked `selected={true}` is a selected paper of the home page only when the
    home page's selected-papers list shows its file (:func:`..jekyll.scholar.selected_files`):
    a file of projects or talks with a selected list of its own (an include of the owner's
    under another heading) has no selected papers."""
    files = scholar.selected_files(uses, config, THEME.vocabulary["paths"]["selected_papers"])
    if files is None:
        return
    off = [p for p in site.publications if p.selected and p.origin
           and scholar.stem(p.origin.path) not in files]
    for pub in off:
        pub.selected = False
    if off:
        names = sorted({f"`{p.origin.path}`" for p in off if p.origin})
        report.mapped("selected-papers", f"{len(off)} entries of {', '.join(names)} are marked "
                      "`selected={true}`, but the home page's selected papers show only "
                      + ", ".join(f"`{f}.bib`" for f in sorted(files))
                      + ": not selected publications.", off[0].origin)


def query_fields(pub: Publication) -> dict[str, str]:
    """An entry's fields as a jekyll-scholar query reads them (`title`, `year`, `selected`
    and its links are fields too; `key` is its citation key, as bibtex-ruby's entry answers
    it before any field of that name)."""
    return {**pub.fields, **pub.links, "title": pub.title, "year": str(pub.year or ""),
            **({"selected": "true"} if pub.selected else {}), "key": pub.key}


def loop_queries(site: Site, uses: list[scholar.Use]) -> dict[int, list[str]]:
    """By a tag's index in ``uses``: the queries it runs inside a loop over its page's
    front-matter list (`for y in page.years`, :func:`..jekyll.scholar.loop_queries`)."""
    pages = {p.path: p for p in site.pages}
    return {n: q for n, u in enumerate(uses) if u.where in pages and (
        q := scholar.loop_queries(pages[u.where].body, u, pages[u.where].extra)) is not None}


def listed_entries(pubs: list[Publication], name: str, rel: str, uses: list[scholar.Use],
                   home_selected: bool, report: Report,
                   loops: dict[int, list[str]] | None = None) -> list[Publication]:
    """The entries of file ``name`` some page shows: those a tag that lists the file selects
    by its query (:func:`..jekyll.scholar.lists_entry`; a tag in a loop over its page's
    front-matter list, ``loops``, by the queries it runs for those values only), and its
    selected ones where the home page lists the default file's selected papers
    (``home_selected``). The others are on no page: reported, not carried."""
    out = [p for p in pubs if scholar.lists_entry(name, p.entry_type, query_fields(p), uses,
                                                  loops)
           or (home_selected and p.selected)]
    if len(out) < len(pubs):
        shown = {id(p) for p in out}
        off = [p.key for p in pubs if id(p) not in shown]
        queries = sorted({f"`{u.query}`" + (" (for each value of the list its page's loop "
                                            "runs over)" if n in (loops or {}) else "")
                          for n, u in enumerate(uses) if u.files is None or name in u.files})
        report.lost("bib-unselected", f"{len(off)} entries of `{rel}` ("
                    + ", ".join(f"`{k}`" for k in off[:5]) + (", ..." if len(off) > 5 else "")
                    + ") are selected by no query of the tags that list the file ("
                    + ", ".join(queries) + "): no page shows them, so they "
                    "were not carried. If they should show, give them what a query asks for "
                    "(or add the value to that list) and convert again.", rel)
    return out


def home_only(pubs: list[Publication], name: str, uses: list[scholar.Use],
              loops: dict[int, list[str]] | None = None) -> list[str]:
    """The keys of the selected entries of file ``name`` that only the home page's
    selected-papers include shows: a page's own tag lists the file, and none of those tags
    selects them by its query (``loops`` as for :func:`listed_entries`). None where no page
    of its own lists the file (the home page's list is then all the site shows of it)."""
    include = THEME.vocabulary["paths"]["selected_papers"]
    own = [n for n, u in enumerate(uses) if u.where.rsplit(".", 1)[0] != include
           and (u.files is None or name in u.files)]
    if not own:
        return []
    mine = [uses[n] for n in own]
    runs = {i: (loops or {})[n] for i, n in enumerate(own) if n in (loops or {})}
    return [p.key for p in pubs if p.selected and not scholar.lists_entry(
        name, p.entry_type, query_fields(p), mine, runs)]


#: Fields of al-folio's own whose text its bib layout shows beside an entry (2023 on): the
#: award a button reveals (labelled `award_name`, else "Awarded"), additional
#: information printed after the venue, and BibTeX's `note` on a line of its own under it.
_TEXT_FIELDS = ("additional_info", "award", "note")


def layout_text_fields(layouts: list[str], generation: str) -> set[str]:
    """Which of al-folio's text fields (``_TEXT_FIELDS``) the site's bibliography layout
    (``layouts``: :func:`bib_layouts`) prints; where the site has no such layout of its own,
    those its generation's layout prints (the mapping's `bib_text_fields`)."""
    if not layouts:
        return set(THEME.vocabulary.get("bib_text_fields", {}).get(generation) or ())
    return {f for f in _TEXT_FIELDS if any(re.search(rf"\bentry\.{f}\b", t) for t in layouts)}


def layout_shows_month(layouts: list[str]) -> bool:
    """Whether the site's bibliography layout (``layouts``: :func:`bib_layouts`) prints an
    entry's `month` beside its year (`{{ entry.month | capitalize }}`: `Apr 2020`); where
    the site has no such layout of its own, its generation's does (every one since 2020)."""
    return not layouts or any(re.search(r"\{\{-?\s*entry\.month\b", t) for t in layouts)


def own_link_fields(layouts: list[str], links: Iterable[str]) -> list[str]:
    """The fields of the owner's own (neither BibTeX's nor al-folio's, nor one of ``links``,
    the link fields al-folio knows) whose value the site's bibliography layout (``layouts``:
    :func:`bib_layouts`) writes as a link's address (`<a href="{{ entry.preprint }}">`): a
    button a visitor followed. In their order."""
    known = bib.STANDARD_FIELDS | set(THEME.vocabulary["bib_fields"]) | set(links)
    out: list[str] = []
    for text in layouts:
        for m in re.finditer(r"""\bhref\s*=\s*["']?\{\{-?\s*entry\.(\w+)""", shown_liquid(text)):
            name = m.group(1).lower()
            if name not in known and name not in out:
                out.append(name)
    return out


def own_text_fields(layouts: list[str]) -> list[str]:
    """The fields of the owner's own (neither BibTeX's nor al-folio's: `honor`, say) whose
    value the site's bibliography layout (``layouts``: :func:`bib_layouts`) writes as text
    of the page (`{{ entry.honor }}` between tags, not in an attribute), in its order."""
    known = bib.STANDARD_FIELDS | set(THEME.vocabulary["bib_fields"]) | set(_TEXT_FIELDS)
    out: list[str] = []
    for text in layouts:
        for name, as_text in _entry_outputs(text):
            if as_text and name not in known and name not in out:
                out.append(name)
    return out


def shown_notes(pub: Publication, shown: set[str], own: list[str] | None = None) -> None:
    """The lines the bib layout showed with ``pub`` from its text fields (``shown``:
    :func:`layout_text_fields`) and from fields of the owner's own it printed (``own``:
    :func:`own_text_fields`), as :attr:`..ir.Publication.notes`."""
    notes = []
    # printed right after the venue, often with its own joining punctuation (`. Oral`)
    info = to_text(str(pub.fields.get("additional_info") or "")).strip().lstrip(".,;: ")
    if "additional_info" in shown and info:
        notes.append(info)
    note = to_text(str(pub.fields.get("note") or "")).strip()
    if "note" in shown and note and note not in (pub.venue, info):
        notes.append(note)
    award = to_text(str(pub.fields.get("award") or "")).strip()
    if "award" in shown and award:
        label = to_text(str(pub.fields.get("award_name") or "")).strip() or "Awarded"
        notes.append(f"**{label}**: {award}")
    for name in own or ():
        value = to_text(str(pub.fields.get(name) or "")).strip()
        if value and value not in notes:
            notes.append(value)
    pub.notes = notes
