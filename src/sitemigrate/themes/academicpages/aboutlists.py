"""The lists al-folio's about layout shows under a page's text, as sections of the
academicpages page: its selected papers (`selected_papers: true`), on the home page and on
any other page the about layout shows (a translated home page at its own address)."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

from ...ir import Page, Publication, Site
from ...jekyll.liquid import raw_literal
from ...report import Report


def selected_section(page: Page, site: Site, report: Report, words: dict[str, str]) -> list[str]:
    """The selected papers the page's about layout listed (`selected_papers: true`), as a
    section headed in the page's language (``words``: :func:`...jekyll.listings.page_words`
    or the home page's site words); none where it lists none."""
    if not page.features.selected_papers:
        return []
    where = "the about page" if page.role == "about" else "this page (its about layout)"
    chosen = [p for p in site.publications if p.selected]
    if not chosen:
        report.lost("selected-papers", f"{where} lists selected papers "
                    "(`selected_papers: true`), but no publication is marked "
                    "`selected={true}`; nothing to list.", page.origin)
        return []
    lines = [selected_line(p, words["abstract"]) for p in chosen]
    report.mapped("selected-papers", f"{len(chosen)} selected publications listed on {where}.",
                  page.origin)
    return [f"\n## {words['selected_publications']}\n\n" + "\n".join(lines) + "\n"]


def selected_line(pub: Publication, label: str) -> str:
    """A selected publication as the about page's list item: its citation, the DOI al-folio's
    about page shows as a button, and its abstract folded as al-folio folds it."""
    line = f"- {pub.citation or pub.title}"
    doi = pub.links.get("doi", "").strip()
    if doi:
        bare = re.sub(r"^doi:\s*", "", doi, flags=re.I)
        target = ("" if re.match(r"https?://", bare) else "https://doi.org/") + quote(
            bare, safe="/:;.,_-?=&%#~+")
        shown = re.sub(r"([\\`*_\[\]<>])", r"\\\1", doi)
        line += f" DOI: [{shown}]({target})"
    if pub.abstract.strip():
        text = html.escape(re.sub(r"\s+", " ", pub.abstract).strip(), quote=False)
        text = raw_literal(text) if "{{" in text or "{%" in text else text
        line += f"\n\n  <details><summary>{label}</summary>{text}</details>"
    return line
