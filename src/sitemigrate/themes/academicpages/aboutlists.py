"""The lists al-folio's about layout shows under a page's text, as sections of the
academicpages page: its selected papers (`selected_papers: true`), on the home page and on
any other page the about layout shows (a translated home page at its own address), and the
lists the owner's own layout showed there (:class:`~...ir.ShownList`: entries of `.bib`
files, talks, projects, a data file's items)."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

from ...ir import Item, Origin, Page, Publication, ShownList, ShownRow, Site
from ...jekyll.liquid import raw_literal
from ...jekyll.site import front_line
from ...plan import Plan
from ...report import Report

_SAFE = "/:;.,_-?=&%#~+@!$*'"


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
    heading = page.features.selected_heading or words["selected_publications"]
    return [f"\n## {heading}\n\n" + "\n".join(lines) + "\n"]


def selected_line(pub: Publication, label: str) -> str:
    """A selected publication as the about page's list item: its citation, the DOI al-folio's
    about page shows as a button, the lines its list showed under it (:attr:`~...ir.
    Publication.notes`: an award, a note), and its abstract folded as al-folio folds it."""
    line = f"- {markdown_text(pub.citation or pub.title)}"
    doi = pub.links.get("doi", "").strip()
    if doi:
        bare = re.sub(r"^doi:\s*", "", doi, flags=re.I)
        target = ("" if re.match(r"https?://", bare) else "https://doi.org/") + quote(
            bare, safe="/:;.,_-?=&%#~+")
        shown = re.sub(r"([\\`*_\[\]<>])", r"\\\1", doi)
        line += f" DOI: [{shown}]({target})"
    for note in pub.notes:  # what al-folio's list showed under it (an award), there too
        shown = " ".join(str(note).split())
        line += f"\n\n  {raw_literal(shown) if '{{' in shown or '{%' in shown else shown}" \
            if shown else ""
    if pub.abstract.strip():
        text = html.escape(re.sub(r"\s+", " ", pub.abstract).strip(), quote=False)
        text = raw_literal(text) if "{{" in text or "{%" in text else text
        line += f"\n\n  <details><summary>{label}</summary>{text}</details>"
    return line


def markdown_text(text: str) -> str:
    """A citation's text (plain words and the HTML tags it is written with) as Markdown that
    shows it as written: outside the tags, `*`, `_` and backticks are escaped, so that the
    asterisks of equal contributions (`Ada Quill*, Bo Reed*`) stay asterisks and do not
    make the names between them emphasis (kramdown reads a pair of them as `<em>`)."""
    parts = re.split(r"(<[^<>]*>)", text)
    return "".join(part if part.startswith("<") and part.endswith(">")
                   else re.sub(r"([\\`*_])", r"\\\1", part) for part in parts)


def site_link(url: str) -> str:
    """A link to a path of the site written through `relative_url` (the site's baseurl)."""
    if url.startswith("/") and not url.startswith("//") and "'" not in url:
        return f"{{{{ '{url}' | relative_url }}}}"
    return url


def project_url(item: Item) -> str:
    return f"/portfolio/{item.slug}/"


def shown_list(shown: ShownList, site: Site, page: Page, plan: Plan, label: str) -> str:
    """A list the source's own layout showed on the home page, under a switch of the page
    (`selected_talks: true`) or always, as a section of its text: the publications as the
    selected papers are, the talks and projects as links to their pages, a data file's items
    with the values the layout's loop printed."""
    pubs = {p.key: p for p in site.publications}
    talks = {t.slug: t for t in site.talks}
    lines = [selected_line(pubs[k], label) for k in shown.publications if k in pubs]
    for slug in (s for s in shown.talks if s in talks):
        talk = talks[slug]
        said = ", ".join(str(v) for v in (talk.fields.get("venue"), talk.date[:4]) if v)
        lines.append(f"- [{talk.title or slug}]({site_link(talk.permalink or f'/talks/{slug}')})"
                     + (f", {said}" if said else ""))
    projects = {p.path: p for p in site.projects}
    for path in (p for p in shown.projects if p in projects):
        item = projects[path]
        said = str(item.fields.get("description") or "").strip()
        lines.append(f"- [{item.title or item.slug}]({site_link(project_url(item))})"
                     + (f": {said}" if said else ""))
    lines += [line for row in shown.rows if (line := _row_line(row))]
    where = Origin(page.path, (shown.switch and front_line(plan, page.path, shown.switch))
                   or (page.origin.line if page.origin else None))
    how = f"`{shown.switch}: true` shows" if shown.switch else "your layout shows"
    named = f" `{shown.heading}`" if shown.heading else ""
    if not lines:
        plan.report.lost("shown-list", f"{how} the list{named} on this page through your "
                         "layout, but nothing is on it (its query or filter selects no entry); "
                         "only its heading showed, and it is not written.", where)
        return ""
    said = f"`{shown.switch}: true`: the {len(lines)} entries your layout listed" \
        if shown.switch else f"the {len(lines)} items of a data file your layout listed"
    page_is = "the about page" if page.role == "about" else "this page"
    plan.report.mapped("shown-list", f"{said}{f' under{named}' if named else ''} written as "
                       f"a section of {page_is}.", where)
    return (f"\n## {shown.heading}\n" if shown.heading else "") + "\n" + "\n".join(lines) + "\n"


def _row_line(row: ShownRow) -> str:
    """A data file's item as its loop showed it: the values it printed, the first one a
    link to the address it linked (a path of the site, or an http(s) or mailto address),
    as a list item."""
    words = [raw_literal(w) if "{{" in w or "{%" in w else w for w in row.words]
    link = row.link
    if not (re.match(r"/(?!/)", link) or re.match(r"(?i)(https?://|mailto:)", link)):
        link = ""
    if link and not words:
        words = [link]
    if not words:
        return ""
    if link:
        text = re.sub(r"([\\\[\]])", r"\\\1", words[0])
        words[0] = f"[{text}]({site_link(quote(link, safe=_SAFE))})"
    return "- " + ", ".join(words)
