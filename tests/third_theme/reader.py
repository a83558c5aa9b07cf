"""tinyfolio reader: a tinyfolio site into sitemigrate's profile IR."""

from __future__ import annotations

import re
from pathlib import Path

from sitemigrate import socials
from sitemigrate.formats.content import split_name
from sitemigrate.ir import Origin, Page, Publication, Site
from sitemigrate.jekyll.site import iter_files, read_config, read_data, text
from sitemigrate.report import Report
from sitemigrate.textio import read_document
from sitemigrate.theme import SiteProbe, generation_of

from . import THEME

NAME = "tinyfolio"
PAPERS = "_data/papers.yml"


def read(src: Path, report: Report) -> Site:
    site = Site(theme=NAME, generation=generation_of(THEME, SiteProbe(src)), source=str(src))
    config = read_config(src, report)
    owner = config.get("owner") if isinstance(config.get("owner"), dict) else {}
    ident = site.identity
    ident.site_title = text(config.get("title"))
    ident.full_name = text(owner.get("name"))
    ident.first_name, ident.middle_name, ident.last_name = split_name(ident.full_name)
    ident.bio = text(owner.get("bio"))
    ident.email = text(owner.get("mail"))
    for key, value in owner.items():
        social = socials.read_social(NAME, str(key), value)
        if social is not None and social.service != "email":
            social.origin = Origin("_config.yml")
            ident.socials.append(social)
    home = src / "index.md"
    files = ([(home, "index.md")] if home.is_file() else []) + \
        list(iter_files(src / "pages", src, report=report))
    for path, rel in files:
        doc = read_document(path, rel, report)
        if doc is None:
            continue
        about = rel == "index.md"
        site.pages.append(Page(
            path=rel, role="about" if about else "other", title=text(doc.data.get("title")),
            permalink=text(doc.data.get("permalink")) or ("/" if about else ""),
            body=doc.body, origin=Origin(rel, 1, doc.body_line)))
    for n, paper in enumerate(read_data(src, PAPERS, report) or [], 1):
        authors = [text(a) for a in paper.get("authors") or []]
        year = int(paper["year"]) if str(paper.get("year", "")).isdigit() else None
        first = re.sub(r"\W", "", authors[0].split()[-1]).lower() if authors else "paper"
        site.publications.append(Publication(
            key=f"{first}{year or n}", title=text(paper.get("title")), authors=authors,
            year=year, venue=text(paper.get("venue")), category="journal",
            origin=Origin(PAPERS)))
    return site
