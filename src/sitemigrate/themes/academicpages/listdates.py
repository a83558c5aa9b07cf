"""academicpages reader: what the site's list of projects prints beside each of them.

The theme's list item (``listings.projects.dated`` in the mapping: `archive-single.html`)
prints, beside a document of no course or publication, a label (the site's `ui-text` data
for its `locale`, else the default its line names) and the date in the form that line names.
A project with a date of its own gets that text as its neutral field ``listed_date``: a writer
whose list shows no date can carry it where its list shows a project's text.

The same item (``listings.projects.shows_excerpt``) prints a project's excerpt through
`markdownify`: the `excerpt` of its front matter (the neutral `description`), else Jekyll's,
its text up to the first `excerpt_separator`. A project that states none gets that text, as
HTML, as its neutral field ``listed_text``: a writer whose list shows only a field of the
project's can carry it there."""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from ...formats.bibgrammar import MONTH_NAMES
from ...ir import Item, Page
from ...jekyll.documents import excerpt_separator, jekyll_excerpt
from ...jekyll.site import read_data
from ...report import Report
from ...textio import read_text


def mark_listed(projects: list[Item], pages: list[Page], src: Path,
                config: dict[str, Any], vocab: dict, report: Report) -> None:
    """What the site's projects page printed beside each project: its date
    (:func:`mark_listed_dates`) and, for one that states no excerpt, Jekyll's
    (:func:`mark_listed_texts`)."""
    listing = vocab.get("listings", {}).get("projects") or {}
    mark_listed_dates(projects, pages, src, config, listing.get("dated"), report)
    mark_listed_texts(projects, pages, src, config, listing.get("shows_excerpt"), report)
    rule = listing.get("shows_excerpt")
    page = next((p for p in pages if _lists_by([p], str(rule["include"]))), None) \
        if rule else None
    if page is not None:
        listed_addresses(projects, page, report)


# An HTML attribute that holds an address, and the address when it is relative (no scheme,
# no leading `/`, `#` or `?`).
_RELATIVE = re.compile(r"""(\b(?:src|href)\s*=\s*)(['"])(?![a-zA-Z][\w+.-]*:|[/#?])([^'"]+)\2""")


def listed_addresses(projects: list[Item], page: Page, report: Report) -> None:
    """The projects page prints a project's `excerpt` (its neutral `description`) as HTML in
    itself: a picture or link of it written relative (`<img src='../images/a.png'>`) is the
    address it has from that page's address, and is read so (a writer that shows the text
    on another page, or moves the file, then finds it)."""
    base = page.permalink or "/"
    base = base if base.endswith("/") else base.rsplit("/", 1)[0] + "/"
    base = base if base.startswith("/") else "/" + base
    for item in projects:
        desc = item.fields.get("description")
        if not isinstance(desc, str) or not _RELATIVE.search(desc):
            continue
        item.fields["description"] = _RELATIVE.sub(
            lambda m: m[1] + m[2] + urljoin(base, m[3]) + m[2], desc)
        report.mapped("project-text", f"the relative addresses in the project's `excerpt` "
                      f"are read from `{base}`, the page that shows it.", item.origin)


def _lists_by(pages: list[Page], include: str) -> bool:
    """Whether the site's projects page runs the list item ``include``."""
    runs = re.compile(rf"\{{%-?\s*include\s+{re.escape(include)}\b")
    return any(p.role == "projects" and runs.search(p.body or "") for p in pages)


def mark_listed_texts(projects: list[Item], pages: list[Page], src: Path,
                      config: dict[str, Any], rule: Any, report: Report) -> None:
    """Give each project whose front matter states no `excerpt` (Ruby's `||=` takes none and
    false as none) the text the site's projects page printed under it, Jekyll's excerpt
    through Markdown, as HTML: only where that page runs the list item of the mapping and
    the site's own copy of it, if it has one, prints `post.excerpt` (Liquid in it, which
    Jekyll ran, as written)."""
    todo = [item for item in projects if item.fields.get("description") in (None, False)]
    if not rule or not todo or not _lists_by(pages, str(rule["include"])):
        return
    rel = f"_includes/{rule['include']}"
    if (src / rel).is_file():
        own = read_text(src / rel, rel, report)
        if own is None or not re.search(r"\bpost\.excerpt\b", own.text):
            return
    import mistune
    for item in todo:
        sep = excerpt_separator(config, item.extra)
        text = jekyll_excerpt(item.body, sep) if sep else ""
        shown = str(mistune.html(text)).strip() if text.strip() else ""
        if shown:
            item.fields["listed_text"] = shown


def mark_listed_dates(projects: list[Item], pages: list[Page], src: Path,
                      config: dict[str, Any], rule: Any, report: Report) -> None:
    """Give each dated project the text the site's projects page printed beside it: only
    where that page runs the list item of the mapping (``rule``) and the site's own copy of
    it prints the date line."""
    dated = [item for item in projects if item.date]
    if not rule or not dated or not _lists_by(pages, str(rule["include"])):
        return
    include = str(rule["include"])
    rel = f"_includes/{include}"
    own = read_text(src / rel, rel, report) if (src / rel).is_file() else None
    line = re.search(str(rule["printed"]), own.text, re.S) if own is not None else None
    if line is None:
        return
    label = _label(read_data(src, f"_data/{rule['data']}.yml", report),
                   config.get("locale"), str(rule["key"])) or line[1]
    for item in dated:
        when = strftime_en(item.date, line[2])
        if when:
            item.fields["listed_date"] = f"{label} {when}".strip()


def _label(data: Any, locale: Any, key: str) -> str:
    """``data[locale][key]`` as Liquid reads it: empty where any step is missing."""
    entry = data.get(str(locale)) if isinstance(data, dict) and locale is not None else None
    value = entry.get(key) if isinstance(entry, dict) else None
    return value.strip() if isinstance(value, str) else ""


_FORMS = {"B": lambda d: MONTH_NAMES[d.month - 1], "b": lambda d: MONTH_NAMES[d.month - 1][:3],
          "d": lambda d: f"{d.day:02d}", "e": lambda d: f"{d.day:2d}", "-d": lambda d: str(d.day),
          "Y": lambda d: str(d.year), "m": lambda d: f"{d.month:02d}",
          "-m": lambda d: str(d.month), "y": lambda d: f"{d.year % 100:02d}", "%": lambda d: "%"}


def strftime_en(iso: str, form: str) -> str:
    """``iso`` (`YYYY-MM-DD`) in Ruby's strftime ``form`` (English month names, as Jekyll
    prints them); empty when the date or a directive of the form is not known here."""
    try:
        day = datetime.date.fromisoformat(iso[:10])
    except ValueError:
        return ""
    parts = re.split(r"%(-?[A-Za-z%])", form)  # text, directive, text, ...
    if any(d not in _FORMS for d in parts[1::2]):
        return ""
    return "".join(_FORMS[p](day) if i % 2 else p for i, p in enumerate(parts))
