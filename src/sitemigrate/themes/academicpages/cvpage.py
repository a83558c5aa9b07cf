"""academicpages writer: the CV page (the CV data as Markdown) and the 2025+ JSON CV."""

from __future__ import annotations

import dataclasses
import re

from ruamel.yaml.comments import CommentedMap

from ...formats import jsonresume
from ...ir import CVSection, NavItem, Page, Site
from ...jekyll.checkout import replaceable
from ...jekyll.liquid import is_html_file, markdown_in_html
from ...jekyll.listings import site_words
from ...plan import Plan
from ...report import Report
from ...theme import Options
from . import THEME
from .reader import (
    CV_JSON,
    CV_JSON_PAGE,
    CV_JSON_URL,
    _cv_dialect,
)


def _cv_markdown(site: Site, sections: list | None = None) -> str:
    """CV sections in the academicpages CV style (setext headings, bullets)."""
    from ...formats import cvmarkdown  # imported for a CV only
    if sections is None:
        sections = site.cv.sections if site.cv else []
    return cvmarkdown.render(sections, "setext")


def _cv_page_body(page: Page, body: str, site: Site, report: Report) -> str:
    """The CV page: the CV data as Markdown sections ahead of the page text, except the
    sections the page text already has (the Markdown CV read from this very page)."""
    assert site.cv is not None  # the caller writes CV data only for a site with a CV
    if page.permalink == CV_JSON_URL:
        return body
    shown = set(page.cv.shown if page.cv else ())  # what the page text has (read after reading)
    todo = [s for s in site.cv.sections if s.title not in shown]
    contact = _basics_section(site, report)
    if contact is not None and contact.title not in shown:
        todo.insert(0, contact)
    summary = str((site.cv.basics or {}).get("summary") or "").strip()
    intro = f"{summary}\n\n" if summary and summary not in body else ""  # RenderCV's `summary`
    if not todo:
        return intro + body if intro else body
    report.mapped("cv", f"CV data ({len(todo)} sections) written into the CV page as "
                  "Markdown.", site.cv.origin)
    todo = shown_beside_name(todo, report, "the Markdown CV page")
    _unwritten_entries(todo, report)
    added = intro + _cv_markdown(site, todo)
    if is_html_file(page.path):  # no Markdown converter runs on the page
        added = markdown_in_html(added.rstrip("\n"), "cv_sections") + "\n"
    return added + ("\n" + body.lstrip("\n") if body.strip() else "")


# A JSON Resume field that academicpages' CVs show nowhere (the Markdown CV's bullets; the
# JSON CV's `cv-template.html` shows a skill's name over its keywords), per section: where
# the source's CV printed it as text (:attr:`CVSection.fields_shown`), it is written after
# the entry's name in parentheses, as al-folio's 2026 skills include prints a level.
_BESIDE_NAME = {"skills": "level"}


def shown_beside_name(sections: list[CVSection], report: Report, where: str
                      ) -> list[CVSection]:
    """``sections`` as academicpages' CV ``where`` is written from them: an entry's field of
    :data:`_BESIDE_NAME` that the source's CV showed is after the entry's name (`Fieldwork
    (Tide gauges)`) and no field of its own (a layout that printed it beside the name too
    would show it twice). The IR's sections are not changed."""
    out = []
    for sec in sections:
        key = _BESIDE_NAME.get(sec.key, "")
        entries: list = []
        for entry in sec.entries:
            extra = entry.get("extra") if isinstance(entry, dict) else None
            value = extra.get(key) if key in sec.fields_shown and isinstance(extra, dict) \
                else None
            said = " ".join(str(value).split()) if isinstance(value, (str, int, float)) \
                and not isinstance(value, bool) else ""
            if not said or not isinstance(extra, dict):
                entries.append(entry)
                continue
            name = " ".join(str(entry.get("title") or "").split())
            rest = {k: v for k, v in extra.items() if k != key}
            new = {**entry, "title": f"{name} ({said})" if name else said, "extra": rest}
            if not rest:
                del new["extra"]
            entries.append(new)
        moved = sum(a is not b for a, b in zip(entries, sec.entries, strict=True))
        if moved:
            report.mapped("cv-field", f"CV section `{sec.title}`: academicpages' CV shows no "
                          f"`{key}` of its entries; in {where} each of the {moved} the "
                          "source's CV showed is after the entry's name, in parentheses.",
                          sec.origin)
            sec = dataclasses.replace(sec, entries=entries)
        out.append(sec)
    return out


def _said(value: object) -> str:
    """The words of an entry's value, however nested ("" for none)."""
    if isinstance(value, dict):
        return "; ".join(w for w in (_said(v) for v in value.values()) if w)
    if isinstance(value, list):
        return "; ".join(w for w in (_said(v) for v in value) if w)
    return "" if value is None or isinstance(value, bool) else str(value).strip()


def _unwritten_entries(sections: list[CVSection], report: Report) -> None:
    """An entry with words that the Markdown CV writes as nothing (its text only in fields
    no bullet shows) is a finding at its section's line, never left out in silence."""
    from ...formats import cvmarkdown  # imported for a CV only
    for sec in sections:
        for entry in sec.entries:
            said = _said(entry)
            if said and not cvmarkdown.render_entry(entry, sec.kind):
                report.lost("cv-entry", f"CV section `{sec.title}`: the entry “{said[:80]}” "
                            "has no title, date, place or text the Markdown CV writes; not "
                            "carried: write it into the CV page.", sec.origin)


# The words (``mappings/words.yml``) a `basics` key is labelled with on the Markdown CV; any
# other key by its own name, as al-folio's `resume/basics` include labels it.
_BASICS_WORDS = {"name": "name", "label": "cv_label", "email": "email", "phone": "phone",
                 "url": "link_website", "location": "location"}
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>])")


def _basic_text(key: str, value: object) -> str:
    """A `basics` value as the Markdown CV shows it: an address as one line, an email and an
    http(s) address as links, other text as it is; "" for what has no text form."""
    if key == "location" and isinstance(value, dict):
        value = ", ".join(str(value[k]).strip() for k in ("address", "street", "city",
                                                          "region", "postalCode")
                          if value.get(k))
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return ""
    line = " ".join(str(value).split())
    escaped = _MD_SPECIAL.sub(r"\\\1", line)
    if key == "email" and re.fullmatch(r"[^\s@()<>\[\]]+@[^\s@()<>\[\]]+", line):
        return f"[{escaped}](mailto:{line})"
    if key == "url" and re.fullmatch(r"https?://[^\s<>]+", line):
        return f"<{line}>"
    return escaped


def _basics_section(site: Site, report: Report) -> CVSection | None:
    """The CV data's `basics` the source's CV page showed (``CV.basics_shown``: its contact
    card), as a first section of the Markdown CV, headed in the site's language. The summary
    is the page's opening text instead, and the owner's own name is on the profile sidebar."""
    assert site.cv is not None
    words = site_words(site)
    rows: list[dict[str, str]] = []
    carried: list[str] = []
    for key in site.cv.basics_shown:
        value = site.cv.basics.get(key)
        if key == "summary" or (key == "name" and
                                str(value).strip() == site.identity.display_name()):
            continue
        shown = _basic_text(key, value)
        if not shown:
            report.lost("cv-basics", f"`basics.{key}` of the CV data, which the source's CV "
                        "page showed, has no text the Markdown CV page can show; not carried. "
                        "Add it to `_pages/cv.md` by hand.", site.cv.origin)
            continue
        label = words.get(_BASICS_WORDS.get(key, ""), key.capitalize())
        rows.append({"name": label, "value": shown})
        carried.append(key)
    if not rows:
        return None
    said = ", ".join(f"`{k}`" for k in carried)
    report.mapped("cv-basics", f"the CV data's own {said}, as the source's CV page showed "
                  f"them, are the CV page's first section (`{words['contact']}`).",
                  site.cv.origin)
    return CVSection(words["contact"], rows, kind="map")


def _write_cv_json(site: Site, plan: Plan, options: Options) -> None:
    """`_data/cv.json` + `_pages/cv-json.md` (the 2025+ JSON CV), when DEST's template has
    them or `--generation 2024-26` asks for them. The Markdown CV stays the menu's CV."""
    assert site.cv is not None  # the caller writes CV data only for a site with a CV
    import json
    dest_has = (plan.dest / CV_JSON).is_file() or (plan.dest / CV_JSON_PAGE).is_file()
    if not dest_has and options.generation != "2024-26":
        return
    data, left = jsonresume.to_resume(shown_beside_name(site.cv.sections, plan.report,
                                                        f"`{CV_JSON}`"),
                                      jsonresume.basics_of(site.identity, site.cv.basics),
                                      _cv_dialect())
    plan.write(CV_JSON, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    plan.report.mapped("cv-json", f"CV written to `{CV_JSON}` (shown by `{CV_JSON_URL}`).",
                       site.cv.origin)
    for sec in left:
        plan.report.verbatim("cv-json-section", f"CV section `{sec.title}` has no place in "
                             f"`{CV_JSON}`; it is on the Markdown CV page only.",
                             sec.origin or site.cv.origin)
    if CV_JSON_PAGE not in plan.files and replaceable(plan, CV_JSON_PAGE, THEME):
        front = CommentedMap([("layout", "archive"), ("title", "CV"),
                              ("permalink", CV_JSON_URL), ("author_profile", False)])
        body = ("{% include base_path %}\n\n"
                '<link rel="stylesheet" href="{{ base_path }}/assets/css/cv-style.css">\n\n'
                "{% include cv-template.html %}\n")
        plan.write_document(CV_JSON_PAGE, front, body)
        if not (plan.dest / "_includes/cv-template.html").is_file():
            plan.report.verbatim("cv-json-page", f"`{CV_JSON_PAGE}` needs "
                                 "`_includes/cv-template.html` and `assets/css/cv-style.css` "
                                 "of the 2025+ academicpages template; copy them in.", None)


def _one_cv_in_menu(nav: list[NavItem], plan: Plan) -> list[NavItem]:
    """The template's menu NOTE: only one CV entry. The Markdown CV (`/cv/`) wins."""
    urls = [n.url.rstrip("/") for n in nav]
    json_url = CV_JSON_URL.rstrip("/")
    if "/cv" in urls and json_url in urls:
        plan.report.mapped("cv-menu", "the menu listed both CVs; only the Markdown CV "
                           "(`/cv/`) is kept (the JSON CV stays reachable at "
                           f"`{CV_JSON_URL}`).", nav[urls.index(json_url)].origin)
        return [n for n in nav if n.url.rstrip("/") != json_url]
    return nav
