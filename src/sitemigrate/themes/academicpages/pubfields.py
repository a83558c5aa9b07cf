"""What an academicpages publication's file holds of an entry's own fields: the front-matter
keys a Liquid reader could mean, the venue its list prints, the picture no list shows."""

from __future__ import annotations

import html
import re
from pathlib import PurePosixPath
from typing import Any

from ...formats import bibtex as bib
from ...formats.bibtext import to_text
from ...ir import Publication
from ...jekyll.assets import AssetCopier
from ...plan import Plan
from .aboutlists import site_link

_LIQUID_NAME = re.compile(r"[\w-]+\??")
"""A name Liquid reads after a dot (`page.award_name`): word characters and hyphens, a
question mark at the end. A field named otherwise (`%bibtex_show`, bibtex-ruby's reading of
a line commented out with `%`) is no key any layout or a user's Liquid reads as `page.x`."""

PICTURE_FIELD = "preview"
"""The field that names the picture the source's list showed beside the entry."""


def own_fields(pub: Publication, front: dict[str, Any], copier: AssetCopier) -> None:
    """The entry's own fields (a theme's: `abbr`, `award` ...) as front matter; standard ones
    live in the entry's .bib, the picture on the publication's page (:func:`picture_line`),
    and a field whose name Liquid cannot read as `page.name` nowhere but the .bib."""
    for key, value in pub.fields.items():
        in_bib = key in bib.STANDARD_FIELDS and bool(pub.bibtex)
        if in_bib or key in front or not value.strip() or not _LIQUID_NAME.fullmatch(key) \
                or (key == PICTURE_FIELD and _picture(pub)):
            continue
        front[key] = field_value(key, value, pub, copier)


def field_value(key: str, value: str, pub: Publication, copier: AssetCopier) -> Any:
    """A BibTeX field as front-matter data: booleans as booleans, a site file carried."""
    text_value = to_text(value) if "\\" in value or "{" in value else value.strip()
    if text_value.lower() in ("true", "false"):
        return text_value.lower() == "true"
    if text_value.startswith("/") and PurePosixPath(text_value).suffix:
        return copier.carry(text_value, pub.origin, f"{key} of `{pub.key}`")
    return text_value


def shown_venue(pub: Publication) -> tuple[str, list[str]]:
    """The venue academicpages' list prints ("Published in <venue>, <year>") and the lines
    the page shows besides: the entry's venue; for one that names none, its `note` where the
    source's list showed it (:attr:`~sitemigrate.ir.Publication.notes`), on the line where a
    venue is (al-folio's note line, under the venue and year): that line, not a second time
    in the text."""
    if pub.venue.strip():
        return pub.venue, pub.notes
    note = to_text(str(pub.fields.get("note") or "")).strip()
    if note and note in pub.notes:
        return note, [n for n in pub.notes if n != note]
    return "", pub.notes


def picture_line(pub: Publication, copier: AssetCopier, out: str, plan: Plan) -> str:
    """The picture (`preview`) the source's list showed beside the entry, as a line of the
    publication's own page (academicpages' publication list shows no picture of an item:
    reported, with the entry's place); "" where it has none."""
    value = _picture(pub)
    if not value:
        return ""
    url = copier.carry(value, pub.origin, f"preview of `{pub.key}`")
    plan.report.lost("publication-preview", f"the picture of publication `{pub.key}` "
                     f"(`{PICTURE_FIELD}`: `{PurePosixPath(url.split('?')[0]).name}`), "
                     "shown beside it in the list: academicpages' publication list shows "
                     "no picture of an item; it is at the end of the text of the "
                     f"publication's own page, `{out}`.", pub.origin)
    src = site_link(url) if url.startswith("/") and '"' not in url else html.escape(url)
    return f'<img src="{src}" alt="{html.escape(pub.title or pub.key)}">'


def _picture(pub: Publication) -> str:
    """The address of the entry's picture: of the site (`/...`) or another (`https://...`);
    "" for none, or a bare name of no folder known (the source's reader resolves its own)."""
    value = to_text(str(pub.fields.get(PICTURE_FIELD) or "")).strip()
    return value if value.startswith("/") or "://" in value else ""


def with_picture(body: str, picture: str, front: dict[str, Any], sep: str) -> str:
    """``body`` with ``picture`` at its end, where the list's excerpt stays what it was: a
    document without `excerpt:` shows its text up to Jekyll's first ``sep`` in the lists,
    so the picture follows one (an empty text: `excerpt: ""`, the nothing it showed)."""
    if not picture:
        return body
    head = body.rstrip("\n")
    if "excerpt" in front or not sep:
        return (head + "\n\n" if head.strip() else "") + picture + "\n"
    if not head.strip():
        front["excerpt"] = ""
        return picture + "\n"
    if sep not in head + "\n\n" and sep.strip():  # an own separator the text lacks
        front["excerpt"] = head.strip()
    return head + "\n\n" + picture + "\n"
