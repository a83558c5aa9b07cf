"""al-folio writer: the CV page and the CV data its layout shows (`_data/cv.yml`,
`assets/json/resume.json`)."""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ...formats import jsonresume
from ...formats.cvmarkdown import mask_comments
from ...ir import CVSection, Item, Origin, Page, PageCV, Publication, Site
from ...jekyll.assets import AssetCopier
from ...jekyll.checkout import layout_text
from ...jekyll.liquid import attribute_safe
from ...jekyll.listings import translate_listings
from ...jekyll.site import document_title, read_data
from ...plan import Plan
from ...report import Report
from ...textio import dump_yaml, read_text
from ...theme import Options
from . import THEME
from .bibliography import _has_own_page, _page_url
from .config import _target_generation
from .cv import CV_YML, RESUME_JSON, _classic_basics, _classic_section, _html, _rendercv_of
from .cvunshown import report_unshown


def _cv_as_data(site: Site) -> bool:
    """CV data goes to `_data/cv.yml`, except a CV parsed out of homepage text (best effort):
    that one stays the CV page's text; and except a CV read from a page whose own Liquid
    shows the site's `site.data.cv` (the owner's CV data, copied along): that page keeps
    its text, and a `_data/cv.yml` of ours would take the name of the data it shows."""
    if not (site.cv and site.cv.sections and site.cv.format != "text"):
        return False
    origin = site.cv.origin.path if site.cv.origin else ""
    return not any(p.origin and p.origin.path == origin and _READS_CV_DATA.search(p.body)
                   for p in site.pages)


_READS_CV_DATA = re.compile(r"""\bsite\.data(?:\.cv\b|\[\s*["']cv["']\s*\])""")


def _cv_yml_format(plan: Plan, gen: str) -> str:
    """`classic` or `rendercv`: what DEST's `_data/cv.yml` already is, else by generation."""
    path = plan.dest / CV_YML
    if path.is_file():
        data = read_data(plan.dest, CV_YML, None)
        if isinstance(data, list):
            return "classic"
        if isinstance(data, dict) and "cv" in data:
            return "rendercv"
    return "rendercv" if gen == "v1" else "classic"


def _cv_page(front: CommentedMap, page: Page, body: str, site: Site, plan: Plan,
             options: Options, copier: AssetCopier) -> str:
    """The CV page: `layout: cv` showing `_data/cv.yml`, its PDF as `cv_pdf`; the page text
    beyond the CV sections stays in the body, academicpages' collection loops become
    al-folio's listings."""
    report = plan.report
    gen = _target_generation(plan, options)
    has_data = _cv_as_data(site)
    if site.cv and site.cv.sections and site.cv.format == "text":
        report.mapped("cv-text", "the CV was read from homepage text: it stays Markdown on "
                        "the CV page (no `_data/cv.yml`), so that none of its wording is lost.",
                        site.cv.origin)
    rest = page.cv.prose if has_data and page.cv is not None else body
    shows_text = re.search(r"\{\{-?\s*content\b", layout_text(plan, "cv") or "")
    prose = _prose_left(rest) if has_data and not shows_text else []
    if len(prose) == 1 and "description" not in front and "\n" not in prose[0].strip():
        # one line of its own (a note on the PDF): the CV layout shows it under the title
        front["description"] = attribute_safe(_html(copier.rewrite(
            prose[0].strip(), page.permalink or "/", page.origin)))
        rest = rest.replace(prose[0], "", 1)
        report.mapped("cv-text", "the CV page's line of text beyond the CV sections is its "
                      "`description`, which DEST's CV layout shows under the title.", page.origin)
    elif prose and site.cv and site.cv.origin and \
            site.cv.origin.path == page.path:  # text of this page not read as data
        has_data = False  # DEST's CV layout shows no page text: the CV stays the page's text
        report.mapped("cv-text", "the CV page has text beyond the CV sections read as data "
                      "(notes, sections of prose, not one entry a bullet), and DEST's CV "
                      "layout shows no page text: the page keeps its whole text (layout "
                      "`page`) so that all of it is shown; "
                      f"`{CV_YML}` holds the sections that were read.", page.origin)
    elif prose and site.cv and site.cv.origin and site.cv.origin.path != page.path and \
            not (page.cv and page.cv.data) and not page.features.shows_cv_data and \
            (shown_by := _data_page(site, page)):
        has_data = False  # the page's text is a CV of its own; the data had a page of its own
        plan.urls["cv:data"] = shown_by.permalink
        report.mapped("cv-text", "the CV page's text is not the CV data (that is "
                      f"`{site.cv.origin.path}`, which `{shown_by.permalink}` showed), and "
                      "DEST's CV layout shows no page text: the page keeps its whole text "
                      f"(layout `page`); the CV data has its CV page at `{shown_by.permalink}`.",
                      page.origin)
    elif site.cv and site.cv.origin and site.cv.origin.path == page.path and \
            _READS_CV_DATA.search(page.body):
        report.mapped("cv-text", "the CV page shows your `site.data.cv` through its own "
                      "Liquid, and DEST's CV layout shows no page text: the page keeps its "
                      f"whole text (layout `page`), and no `{CV_YML}` of the converter's "
                      "takes the name of your CV data.", page.origin)
    if has_data:
        front["layout"] = "cv"
        if _cv_yml_format(plan, gen) == "rendercv":
            front["cv_format"] = "rendercv"
    pdf = page.features.cv_pdf
    if pdf and "://" not in str(pdf) and re.search(r"(^|/)\.\.?/", str(pdf)):
        from urllib.parse import urljoin  # `../files/cv.pdf` (read as `/files/../files/...`)
        pdf = urljoin(page.permalink or "/", str(pdf))
    if pdf:
        new = copier.carry(pdf, page.origin, "CV PDF")
        front["cv_pdf"] = new.removeprefix("/assets/pdf/") if _cv_pdf_prefixed(plan, gen) \
            and new.startswith("/assets/pdf/") else new
        report.mapped("cv-pdf", f"CV PDF `{pdf}` → `cv_pdf: {front['cv_pdf']}` (the CV "
                      "page's download button).", page.origin)
    if has_data:
        body = rest
        if page.cv is not None:
            _report_moved(page.cv, report, page)
    body, done = translate_listings(body, ("publications", "talks", "teaching"),
                                    plan.from_theme, THEME, report, page.origin, original=page.body,
                                    plan=plan, config=site.config_extra)
    if has_data and not shows_text:
        _lists_as_data(body, done, page, site, plan)
        _collections_as_data(body, page, site, plan)
        lists = [*done, *(name for name, items in site.collections.items() if items)]
        report_unshown(rest, lists, page, report, front.get("layout", "cv"))
    return body


# The title of the CV section a CV page's list becomes when the page gives it no heading.
_LISTED = {"publications": "Publications", "talks": "Talks", "teaching": "Teaching"}


def _lists_as_data(body: str, roles: list[str], page: Page, site: Site, plan: Plan) -> None:
    """The publications, talks and teaching a CV page listed: DEST's CV layout shows no page
    text, so each list becomes a section of the CV data it shows, under the heading the page
    gave it: publications as dated entries (title, venue, year), talks and teaching one line
    an item (title, type, venue, place, date)."""
    assert site.cv is not None  # a CV page with `layout: cv` has CV data
    have = {s.title.strip().lower() for s in site.cv.sections}
    for role in roles:
        entries = _listed_entries(role, site, plan, _shows_citation(page, plan, role),
                                  _shows_citation(page, plan, role, "authors"))
        title = _heading_before(body, role) or _LISTED[role]
        if not entries or title.strip().lower() in have:
            continue
        where = _loop_origin(page, role)
        site.cv.sections.append(CVSection(
            title, entries, kind="time_table" if role == "publications" else "list",
            key="publications" if role == "publications" else "", origin=where))
        have.add(title.strip().lower())
        plan.report.mapped("cv-list", f"the CV page listed its {role} ({len(entries)}), and "
                           "DEST's CV layout shows no page text: they are the CV section "
                           f"`{title}` of `{CV_YML}`.", where)


def _collections_as_data(body: str, page: Page, site: Site, plan: Plan) -> None:
    """The site's other collections (custom ones) a CV page listed with a `for` loop of its
    own: DEST's CV layout shows no page text, so each list becomes a section of the CV data,
    under the heading the page gave it (else the collection's name), one line an item (title,
    type, venue, place, date) as a teaching list is."""
    assert site.cv is not None  # a CV page with `layout: cv` has CV data
    have = {s.title.strip().lower() for s in site.cv.sections}
    base = plan.urls.get("site:baseurl", "")
    for loop in re.finditer(r"\{%-?\s*for\s+\w+\s+in\s+site\.(\w+)\b", body):
        name = loop[1]
        items = site.collections.get(name) or []
        found = re.findall(r"^#{1,6}[ \t]+(.+?)[ \t#]*$|^([^\n]*\S[^\n]*)\n(?:=+|-+)[ \t]*$",
                           body[:loop.start()], re.M)
        title = (found[-1][0] or found[-1][1]).strip() if found else name.capitalize()
        if not items or title.lower() in have:
            continue
        entries = _item_entries(items, name, base)
        where = _loop_origin(page, name)
        site.cv.sections.append(CVSection(title, entries, kind="list", origin=where))
        have.add(title.lower())
        plan.report.mapped("cv-list", f"the CV page listed your collection `{name}` "
                           f"({len(entries)}), and DEST's CV layout shows no page text: it is "
                           f"the CV section `{title}` of `{CV_YML}`.", where)


def _said(value: Any) -> str:
    """A front-matter value as a line of text shows it (a list or mapping shows nothing)."""
    return "" if value is None or isinstance(value, (bool, dict, list)) else str(value)


def _loop_origin(page: Page, role: str) -> Origin | None:
    """Where the page's text lists ``role`` (its `for` loop's line), else the page."""
    origin, loop = page.origin, re.search(_LOOP % role, page.body, re.S)
    if origin is None or loop is None:
        return origin
    start = origin.body_line or origin.line or 1
    return Origin(origin.path, start + page.body.count("\n", 0, loop.start()), origin.body_line)


def _heading_before(body: str, role: str) -> str:
    """The Markdown heading (ATX or setext) last before ``role``'s listing in ``body``."""
    first = THEME.vocabulary["listings"][role]["body"].strip().split("\n")[0]
    at = body.find(first)
    if at < 0:
        return ""
    found = re.findall(r"^#{1,6}[ \t]+(.+?)[ \t#]*$|^([^\n]*\S[^\n]*)\n(?:=+|-+)[ \t]*$",
                       body[:at], re.M)
    return (found[-1][0] or found[-1][1]).strip() if found else ""


_LOOP = r"\{%%-?\s*for\s+(\w+)\s+in\s+site\.%s\b.*?\{%%-?\s*endfor\s*-?%%\}"
_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)")


def _shows_citation(page: Page, plan: Plan, role: str, key: str = "citation") -> str | None:
    """Whether the include that SRC's CV page lists ``role`` with shows each item's
    `citation` (or ``key``: an owner's include may print the `authors` list) where a visitor
    sees it (academicpages' `archive-single-cv.html` does, under the title, for an item with
    a `venue`): ``"always"``, ``"venue"`` (only inside `{% if post.venue %}`), or None (it
    does not, or the include is not in SRC)."""
    root = plan.source or plan.source_root
    loop = re.search(_LOOP % role, page.body, re.S)
    name = _INCLUDE.search(loop.group()) if loop else None
    if root is None or loop is None or name is None:
        return None
    # through the one reader of SRC: an include named `../x` or linked out of SRC is not
    # read, nor a FIFO; one that cannot be read shows nothing we can know of
    found = read_text(root / "_includes" / name[1], f"_includes/{name[1]}", None, root=root)
    if found is None:
        return None
    from ...jekyll.liquid import shown_liquid
    text = shown_liquid(found.text)
    var = re.escape(loop[1])
    shown = re.search(rf"\{{\{{-?\s*{var}\.{key}\b", text)
    if not shown:
        return None
    guard = re.search(rf"\{{%-?\s*if\s+{var}\.venue\s*-?%\}}((?:(?!\{{%-?\s*end).)*)$",
                      text[:shown.start()], re.S)
    return "venue" if guard else "always"


def _listed_entries(role: str, site: Site, plan: Plan, citation: str | None = None,
                    authors: str | None = None) -> list[dict[str, Any]]:
    """The items of ``role``, newest first, as CV entries; a publication's citation is its
    entry's `summary` (the line al-folio's CV layout shows under the venue) when the list
    showed it (``citation``: see :func:`_shows_citation`); without one, its authors, when
    the list showed its `authors` (``authors``)."""
    base = plan.urls.get("site:baseurl", "")
    if role == "publications":
        def shown(p: Publication, how: str | None, text: str) -> str:
            return text if how == "always" or (how and p.venue) else ""
        pubs = sorted(site.publications, key=lambda p: p.date or str(p.year or ""), reverse=True)
        return [{k: v for k, v in (
            ("title", p.title or p.key), ("institution", p.venue),
            ("date", str(p.year or "")),
            ("url", base + _page_url(p) if _has_own_page(p) else ""),
            ("summary", shown(p, citation, p.citation)
             or shown(p, authors, ", ".join(p.authors)))) if v} for p in pubs]
    return _item_entries(getattr(site, role), "talks" if role == "talks" else "teachings", base)


def _item_entries(items: list[Item], collection: str, base: str) -> list[dict[str, Any]]:
    """``items`` of ``collection``, newest first, as CV entries: one line each, its title
    linked to its page, then its type, venue, place and month."""
    return [{"title": _line(document_title(i), base + _item_url(i, collection),
                            [_said(i.fields.get(k) or i.extra.get(k))
                             for k in ("type", "venue", "location")] + [_month(i.date)])}
            for i in sorted(items, key=lambda i: i.date, reverse=True)]


def _item_url(item: Item, collection: str) -> str:
    """Where an item of ``collection`` is written in DEST (its own address, if it had one)."""
    return item.permalink or f"/{collection}/{item.slug}/"


def _line(title: str, url: str, details: list[str]) -> str:
    import html
    head = html.escape(html.unescape(title), quote=False)
    if url:
        head = f'<a href="{html.escape(url)}">{head}</a>'
    rest = [html.escape(html.unescape(d.strip()), quote=False) for d in details if d.strip()]
    return ", ".join([f"<b>{head}</b>", *rest])


def _month(date: str) -> str:
    """`2024-09-12` as `September 2024` (as al-folio's own listings print a date)."""
    from datetime import date as day
    m = re.match(r"(\d{4})-(\d{2})", date or "")
    return day(int(m[1]), int(m[2]), 1).strftime("%B %Y") if m and 0 < int(m[2]) < 13 \
        else (date or "")[:4]


def _prose_left(body: str) -> list[str]:
    """The paragraphs of a CV page's text (as written) that hold words besides Liquid, HTML
    tags, headings and listing loops; a heading with text under it counts with its text."""
    masked = re.sub(r"\{%-?\s*for\b.*?\{%-?\s*endfor\s*-?%\}",
                    lambda m: re.sub(r"[^\n]", " ", m.group()), body, flags=re.S)
    # an HTML comment is no text, blank lines in it too: paragraphs are split around it
    unseen = mask_comments(masked)  # the same length, each character where it was
    out = []
    starts = [0, *(m.end() for m in re.finditer(r"\n[ \t]*\n", unseen))]
    ends = [*(m.start() for m in re.finditer(r"\n[ \t]*\n", unseen)), len(unseen)]
    for start, end in zip(starts, ends, strict=True):
        block = masked[start:end]
        text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|<[^>]*>", " ", unseen[start:end], flags=re.S)
        lines = text.split("\n")
        words = [line for n, line in enumerate(lines)
                 if not re.match(r"\s*(#|=+\s*$|-+\s*$)", line)
                 and not (n + 1 < len(lines) and re.match(r"\s*(=+|-+)\s*$", lines[n + 1]))]
        if re.search(r"[^\W\d_]{2,}", " ".join(words)):
            out.append(block if len(words) == len(lines) else block + "\n(heading)")
    return out


def _cv_pdf_prefixed(plan: Plan, gen: str) -> bool:
    """Whether the CV layout puts `assets/pdf/` in front of `cv_pdf` (DEST's own layout
    tells; without one, the generation: 2020-23 and 2024-25 do, v1 does not)."""
    text = layout_text(plan, "cv")
    if text is not None:
        return bool(re.search(r"cv_pdf\s*\|\s*prepend:\s*['\"]assets/pdf/", text))
    return gen != "v1"


def _report_moved(text: PageCV, report: Report, page: Page) -> None:
    """Say which CV sections of the page text are now in `_data/cv.yml`."""
    if text.data:
        report.mapped("cv-page", f"CV sections {', '.join(text.data)} moved from the page "
                      "text into `_data/cv.yml`; the rest of the page text stays.", page.origin)


def _cv_layout(plan: Plan) -> str | None:
    """DEST's CV layout and the CV includes it shows entries with (`_includes/cv/`)."""
    text = layout_text(plan, "cv")
    folder = plan.dest / "_includes" / "cv"
    if text is None or not folder.is_dir():
        return text
    for path in sorted(folder.glob("*.liquid")):
        try:
            text += "\n" + path.read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return text


_DATES = frozenset({"startDate", "endDate", "date", "releaseDate"})


def _shown_fields(data: Any) -> Any:
    """JSON Resume as al-folio's CV includes show it: they test a field with Liquid's `if`,
    to which an empty text is true, so an empty field would show its decoration around
    nothing (a skill's `()`, a bare label). Empty texts are left out; a date keeps its
    empty text (JSON Resume's "still ongoing", which the layouts read through `default`)."""
    if isinstance(data, dict):
        return {k: _shown_fields(v) for k, v in data.items() if v != "" or k in _DATES}
    if isinstance(data, list):
        return [_shown_fields(v) for v in data]
    return data


# `{% if section_title == 'Education' %}` (or `elsif`, titles joined by `or`) and what
# follows it up to the next branch
_SECTION_BRANCH = re.compile(
    r"""\{%-?\s*(?:els)?if\s+((?:section_title\s*==\s*['"][^'"]+['"]\s*(?:or\s+)?)+)-?%\}"""
    r"""(.*?)(?=\{%-?\s*(?:elsif|else|endif)\b)""", re.S)


def _section_fields(plan: Plan) -> dict[str, set[str]]:
    """Each CV section title DEST's CV layout lays out with includes of its own (a branch
    `section_title == 'Education'` that includes `cv/education.liquid`) -> the entry fields
    (`entry.area`) those includes show."""
    out: dict[str, set[str]] = {}
    for m in _SECTION_BRANCH.finditer(layout_text(plan, "cv") or ""):
        fields: set[str] = set()
        for name in re.findall(r"\{%-?\s*include\s+([\w./-]+)", m[2]):
            if ".." in name.split("/"):
                break  # never a file out of DEST's includes
            try:
                text = (plan.dest / "_includes" / name).read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                break  # an include not read: what the section shows is not known
            fields |= set(re.findall(r"\bentry\.(\w+)", text))
        else:
            if fields:
                out.update(dict.fromkeys(re.findall(r"""['"]([^'"]+)['"]""", m[1]), fields))
    return out


def _write_cv(site: Site, plan: Plan, options: Options, copier: AssetCopier) -> None:
    """`_data/cv.yml` (classic or RenderCV) and, where the generation reads it, the JSON
    Resume `assets/json/resume.json`."""
    import json
    report = plan.report
    cv = site.cv
    assert cv is not None  # written only for a site with CV data (_cv_as_data)
    gen = _target_generation(plan, options)
    fmt = _cv_yml_format(plan, gen)
    cv_layout = layout_text(plan, "cv")
    resume_first = cv_layout is not None and bool(
        re.search(r"unless\s+site\.data\.resume\b", cv_layout))
    if resume_first and cv.format == "jsonresume" and fmt != "rendercv":
        data, left = jsonresume.to_resume(cv.sections, jsonresume.basics_of(site.identity,
                                                                              cv.basics))
        if not left:
            # DEST's CV layout shows resume.json when there is one, and every section of
            # this JSON Resume fits it: written there whole (the classic cv.yml has no
            # place for some of its fields: a score, a project's description)
            if (plan.dest / CV_YML).is_file():
                plan.delete(CV_YML)
            plan.write(RESUME_JSON, json.dumps(_shown_fields(data), indent=2,
                                               ensure_ascii=False) + "\n")
            report.mapped("cv-json", f"CV ({len(cv.sections)} sections, "
                          f"{sum(len(s.entries) for s in cv.sections)} entries) written to "
                          f"`{RESUME_JSON}`, whole: DEST's CV layout shows it instead of "
                          f"`{CV_YML}` when it exists, and every section fits it.", cv.origin)
            _add_cv_page(site, plan, fmt)
            return
    if fmt == "rendercv":
        plan.write(CV_YML, dump_yaml({"cv": _rendercv_of(site, report, _cv_layout(plan),
                                                         _section_fields(plan))}))
    else:
        basics = _classic_basics(cv.basics)
        plan.write(CV_YML, dump_yaml(([basics] if basics else [])
                                     + [_classic_section(s, report) for s in cv.sections]))
        if basics:
            said = ", ".join(f"`{row['name']}`" for row in basics["contents"])
            report.mapped("cv-basics", f"the CV data's own {said} are the first section of "
                          f"`{CV_YML}`, `Basics` (the classic format has no other place for "
                          "them).", cv.origin)
    report.mapped("cv", f"CV ({len(cv.sections)} sections, "
                  f"{sum(len(s.entries) for s in cv.sections)} entries) written to `{CV_YML}` "
                  f"({fmt} format).", cv.origin)
    if resume_first:
        # DEST's CV layout shows resume.json when there is one, cv.yml only without: cv.yml
        # holds every section, resume.json cannot (the template's example one goes)
        if (plan.dest / RESUME_JSON).is_file():
            plan.delete(RESUME_JSON)
        report.mapped("cv-json", f"DEST's CV layout shows `{RESUME_JSON}` instead of "
                      f"`{CV_YML}` when it exists; the CV is in `{CV_YML}` only, where every "
                      "section fits.", cv.origin)
    elif gen != "2020-23" or (plan.dest / RESUME_JSON).is_file():
        data, left = jsonresume.to_resume(cv.sections, jsonresume.basics_of(site.identity,
                                                                              cv.basics))
        data = _shown_fields(data)
        plan.write(RESUME_JSON, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        report.mapped("cv-json", f"CV also written as JSON Resume to `{RESUME_JSON}` "
                      "(`cv_format: jsonresume`).", cv.origin)
        for sec in left:
            report.verbatim("cv-json-section", f"CV section `{sec.title}` has no JSON Resume "
                            f"equivalent; it is in `{CV_YML}` only.", sec.origin or cv.origin)
    _add_cv_page(site, plan, fmt)


def _data_page(site: Site, page: Page) -> Page | None:
    """The source's page that showed the CV data, when that is not the CV page: a page of
    the source theme's own that shows the data and forwards to the CV page when not written
    (the CV page shows the data in the target)."""
    return next((p for p in site.pages if p is not page and p.role == "furniture"
                 and p.features.forward == "cv"), None)


def _add_cv_page(site: Site, plan: Plan, fmt: str) -> None:
    """A CV page for a site that had CV data but no CV page, or whose CV page keeps a text
    of its own (:func:`_cv_page`): then at the address of the page that showed the data."""
    shown_at = plan.urls.get("cv:data")
    data_page = next((p for p in site.pages if p.permalink == shown_at), None)
    if data_page is not None:
        front = CommentedMap([("layout", "cv"), ("title", data_page.title or "cv"),
                              ("permalink", data_page.permalink)])
        if fmt == "rendercv":
            front["cv_format"] = "rendercv"
        plan.write_document(data_page.path, front, "")
        plan.origins[data_page.path] = data_page.path  # its address is served, not forwarded
        plan.report.findings[:] = [f for f in plan.report.findings if not (
            f.code == "furniture" and f.path == data_page.path)]
        plan.report.mapped("cv-page", f"`{data_page.path}` showed the CV data: it is a CV "
                           f"page of DEST's CV layout at the same address (`{shown_at}`).",
                           data_page.origin)
    elif site.page("cv") is None:
        front = CommentedMap([("layout", "cv"), ("title", "cv"), ("permalink", "/cv/"),
                              ("nav", True), ("nav_order", 5)])
        if fmt == "rendercv":
            front["cv_format"] = "rendercv"
        plan.write_document("_pages/cv.md", front, "")
        plan.report.mapped("cv-page", "the site had CV data but no CV page: `_pages/cv.md` "
                           "added.", site.cv.origin if site.cv else None)
