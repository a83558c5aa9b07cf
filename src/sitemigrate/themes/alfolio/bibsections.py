"""The `{% bibliography %}` tags of al-folio pages as the theme's listings: a file's own
section (one of several `.bib` files the publications come from) and a list of talks. Every
listing of a page is swapped in one pass, from its end, so that a page that lists papers,
talks and posters keeps each section where it stood."""

from __future__ import annotations

import re
from functools import partial

from ...ir import Site
from ...jekyll import scholar
from ...report import Report
from . import THEME


def swap_listings(site: Site, uses: list[scholar.Use], talks: list[scholar.Use],
                  merged: set[str], report: Report) -> None:
    """Each tag of ``talks`` becomes the theme's talks listing, and each tag that lists one
    of several publication files (:func:`file_sections`) the theme's listing of that file's
    publications; a publications page that listed talks only becomes the talks page."""
    swaps = [(u, THEME.vocabulary["listings"]["talks"]["body"]) for u in talks]
    swaps += file_sections(site, uses, merged, report)
    for page in site.pages:
        mine = sorted((s for s in swaps if s[0].where == page.path), key=lambda s: -s[0].span[0])
        for use, listing in mine:
            page.body = scholar.replace_use(page.body, use, listing)
        listed = {f for u in talks if u.where == page.path for f in u.files or ()}
        if not listed:
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
    the tag is that listing, of the entries of that file. Returns (tag, listing)."""
    spec = THEME.vocabulary["listings"]["publications"]["filtered"]
    files = {scholar.stem(p.origin.path) for p in site.publications if p.origin}
    pages = {p.path: p for p in site.pages}
    # a tag in a loop that does more than head each render (counts, conditions) stays the
    # loop's: the listing swapped for the target's takes the whole loop
    mine = [u for u in scholar.file_sections(uses, files, merged) if u.where in pages
            and not scholar.in_loop(pages[u.where].body,
                                    scholar.listing_span(pages[u.where].body, u))]
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
        report.mapped("bib-file-section", f"this page lists the entries of `{file}.bib` only, "
                      f"of the {len(files)} files the publications come from: written as "
                      f"a listing of the publications whose `{key}` is `{file}`.", page.origin)
    return out


def _part(parts: dict[str, str], m: re.Match[str]) -> str:
    return parts[m[0]]
