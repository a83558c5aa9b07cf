"""Pages Jekyll writes to one address: only the one written last is on the live site.

Jekyll sorts `site.pages` by file name (`Reader#sort_files!`: ``sort_by!(&:name)``) and
writes them in that order, so of pages whose permalinks give one output file the visitor
sees the last ("Conflict: The following destination is shared by multiple files" in the
build log). Among pages of one file name (`about.md`, `_pages/about.md`) the order is not
defined: Ruby's sort is not stable, and the order before it follows the file system's.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from ..ir import Item, Page, Site
from ..report import Report
from .polyglot import Languages
from .site import drop_unpublished
from .urls import normalize


def live_pages(pages: list[Page], config: Any, report: Report) -> list[Page]:
    """The pages a visitor of the live site sees, for every theme's reader: those Jekyll
    publishes (:func:`drop_unpublished`) and, of those, the one it writes last to each
    address (:func:`drop_shadowed`)."""
    return drop_shadowed(drop_unpublished(pages, config, report), report, config)


def drop_shadowed(pages: list[Page], report: Report, config: Any = None) -> list[Page]:
    """The pages a visitor can reach: each page Jekyll writes over is reported, not
    converted. Pages of one file name written last to one address are both kept, and
    reported (which one is shown is not defined); pages of two languages share no address
    (:func:`shadowed`)."""
    langs = Languages.of(config)
    hidden = shadowed(pages, langs)
    for page in (p for p in pages if id(p) in hidden):
        shown = hidden[id(page)]
        report.add("shadowed", "warning", "lost", f"`{page.path}` is not on the live site: "
                   f"`{shown.path}` has the same address `{page.permalink}`, and Jekyll "
                   "writes it after this one (in the order of their file names; its build "
                   "log says \"Conflict: The following destination is shared by multiple "
                   f"files\"), so visitors see only `{shown.path}`. `{page.path}` was not "
                   "converted: give it its own `permalink` (or delete it) if it is yours.",
                   page.origin or page.path)
    unbuilt = [p for p in not_built(pages, langs) if id(p) not in hidden]
    for page in unbuilt:
        lang = langs.language(page.path, page.extra.get("lang")) if langs else ""
        report.add("shadowed", "warning", "lost", f"`{page.path}` is not on the live site: it "
                   f"is in `{lang}`, a language the site is not built in (jekyll-polyglot "
                   "builds the default language and those `languages:` in `_config.yml` "
                   "lists), and every build shows another page at its address "
                   f"`{page.permalink}` (its own language's or the default language's). "
                   f"`{page.path}` was not converted: add `{lang}` to `languages:` if it "
                   "is yours.", page.origin or page.path)
    hidden.update((id(p), p) for p in unbuilt)
    for group in _address_groups([p for p in pages if id(p) not in hidden], langs):
        first, *others = group
        report.problem("address-clash", f"`{first.path}` and "
                       + ", ".join(f"`{p.path}`" for p in others) + " have the same address "
                       f"`{first.permalink}` and the same file name: Jekyll writes them to one "
                       "file, and which one visitors see is not defined (it can change from "
                       "one build to the next). All were converted; give each its own "
                       "`permalink`, or delete the one that is not yours.", first.origin
                       or first.path)
    return [p for p in pages if id(p) not in hidden]


def shadowed(pages: list[Page], langs: Languages | None = None) -> dict[int, Page]:
    """id of each page another page hides (:func:`drop_shadowed`) -> the page shown: every
    page at an address but those of the last file name. When several pages have that name,
    the one shown is not defined and none of them hides the others."""
    hidden: dict[int, Page] = {}
    for group in _address_groups(pages, langs):
        last = max(PurePosixPath(p.path).name for p in group)
        shown = [p for p in group if PurePosixPath(p.path).name == last]
        hidden.update((id(p), shown[0]) for p in group if p not in shown)
    return hidden


def written_over(pages: list[Page], config: Any = None) -> list[Page]:
    """The published pages another page hides at their address (:func:`shadowed`): not on
    the live site, yet in `site.pages`, which a header's menu loop reads, so a page written
    over with `nav: true` still has its menu entry, a link to the address the page shown
    serves."""
    published = drop_unpublished(pages, config, Report())  # reported by :func:`live_pages`
    hidden = shadowed(published, Languages.of(config))
    return [p for p in published if id(p) in hidden]


def not_built(pages: list[Page], langs: Languages | None) -> list[Page]:
    """The pages of a jekyll-polyglot site (``langs``) in a language it is not built in
    that no build shows: each build shows, at their address, its own language's page or
    the default language's (:meth:`Languages.unshown`), in the order Jekyll reads them."""
    if langs is None:
        return []
    ordered = sorted(pages, key=lambda p: p.path)
    docs = [(normalize(p.permalink) if p.permalink else p.path,
             langs.language(p.path, p.extra.get("lang"))) for p in ordered]
    return [ordered[i] for i in sorted(langs.unshown(docs))
            if not langs.built(docs[i][1])]


def _address_groups(pages: list[Page], langs: Languages | None) -> list[list[Page]]:
    """The pages of each address more than one page has. With jekyll-polyglot (``langs``)
    each language is a site of its own: a page of another language (its `lang:`, or its
    language folder with `lang_from_path`) shares no address with the default language's."""
    by_file: dict[tuple[str, str], list[Page]] = {}
    for page in pages:
        if page.permalink and ":" not in page.permalink:
            lang = langs.language(page.path, page.extra.get("lang")) if langs else ""
            by_file.setdefault((lang, normalize(page.permalink)), []).append(page)
    return [group for group in by_file.values() if len(group) > 1]


def report_item_clashes(site: Site, report: Report) -> None:
    """Items of one collection whose permalinks give one address: Jekyll writes a
    collection's documents in its order (`Document#<=>`: by date, then by path; by
    path alone where an item has no date), so the address shows the last one, and a list
    page that links the others leads to it. Each item written over is reported; all are
    converted (the list pages show them as before)."""
    for items in (site.talks, site.teaching, site.projects, site.posts, site.news,
                  *site.collections.values()):
        by_address: dict[str, list[Item]] = {}
        for item in items:
            if item.permalink and ":" not in item.permalink:
                by_address.setdefault(normalize(item.permalink), []).append(item)
        for group in (g for g in by_address.values() if len(g) > 1):
            dated = all(i.date for i in group)  # `nil <=> date` is nil: then by path
            *hidden, shown = sorted(group, key=lambda i: (i.date[:10] if dated else "", i.path))
            for item in hidden:
                report.problem("address-clash", f"`{item.path}` has no page of its own: "
                               f"`{shown.path}` has the same address `{item.permalink}`, "
                               "and Jekyll writes it after this one (a collection's items "
                               "by date, then by file), so that address shows "
                               f"`{shown.path}` and a list linking `{item.path}` leads "
                               "there. Both were converted, with that address: give "
                               f"`{item.path}` its own `permalink`.",
                               item.origin or item.path)
