"""The CV an al-folio site shows: which data its CV page's layout reads (classic or
RenderCV `_data/cv.yml`, or the JSON Resume), read as that layout shows it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ... import template_files
from ...example_cv import report_example_entries
from ...formats import jsonresume
from ...ir import CV, Origin, Page, Site
from ...jekyll.layouts import source_layout, with_own_includes
from ...jekyll.site import read_data, text
from ...report import Report
from ...textio import read_json
from . import THEME
from .cv import (
    CV_YML,
    RENDERCV_KEYS,
    _classic_sections,
    _rendercv_sections,
    basics_shown,
    cv_formats_shown,
    cv_layout_rule,
    rendercv_in_shown_order,
    resume_in_shown_order,
    resume_json_path,
    resume_sections_shown,
)
from .resumeshown import (
    basics_key,
    classic_fields_shown,
    dialect_of,
    fields_shown,
    own_fields_shown,
    shown_as,
)


def read_cv(src: Path, site: Site, report: Report, layouts: dict[str, str]) -> CV | None:
    """The CV data a CV page shows: classic or RenderCV `_data/cv.yml`, or the JSON Resume
    `assets/json/resume.json`, as the page's layout picks it (:func:`_cv_layout`; ``layouts``:
    each page's `layout:`). Data no page shows is not the owner's CV (a template's example):
    not read, and reported."""
    found: dict[str, tuple[Any, str]] = {}
    data = read_data(src, CV_YML, report)
    if isinstance(data, list):
        found["classic"] = (data, CV_YML)
    elif isinstance(data, dict) and isinstance(data.get("cv"), dict):
        found["rendercv"] = (data["cv"], CV_YML)
    elif data is not None:
        report.problem("cv-format", f"`{CV_YML}` is neither the classic list of sections nor "
                       "RenderCV (`cv:`); not read.", CV_YML)
    json_rel = resume_json_path(site, report)
    if json_rel and os.path.isfile(src / json_rel):  # (False in a folder not ours to read)
        try:
            # jekyll-get-json reads it with Ruby's JSON.load, which skips comments
            resume = read_json(src / json_rel, json_rel, report, root=src, comments=True)
            if resume is not None:
                found["jsonresume"] = (resume, json_rel)
        except ValueError as exc:
            report.problem("cv-json", f"`{json_rel}` is not valid JSON ({exc}); not read.",
                           json_rel)
    if not found:
        return None
    rule, page, wanted, layout_text = _cv_layout(src, site, layouts, set(found), report)
    shown = cv_formats_shown(rule, wanted)
    fmt = next((f for f in shown if f in found), "")
    if not fmt:
        why = (f"no page of the source shows it (no page has the CV layout, "
               f"`layout: {'` / `'.join(THEME.vocabulary['cv_layout']['layouts'])}`)"
               if page is None else f"the CV page `{page.path}` does not show it (its layout "
               f"shows {' or '.join(shown) or 'no CV data'})")
        for other, (_, orel) in found.items():
            report.verbatim("cv-unused", f"`{orel}` ({other}) was not read: {why}. It is not "
                            "carried as the owner's CV.", orel)
        return None
    value, rel = found[fmt]
    basics_at = "basics"
    report_example_entries(template_files.templates(THEME).settings, value, rel, src, report)
    cv = CV(origin=Origin(rel, 1), format=fmt)
    if fmt == "classic":
        cv.sections = _classic_sections(value, report)
        classic_fields_shown(cv.sections, src, report)  # its include's own fields
    elif fmt == "rendercv":
        cv.sections, cv.basics = _rendercv_sections(value, report)
        cv.sections = rendercv_in_shown_order(cv.sections, rule, layout_text, THEME.vocabulary)
        fields_shown(cv.sections, layout_text, rule, THEME.vocabulary, src, report,
                     RENDERCV_KEYS)
    else:
        include = THEME.vocabulary["cv_layout"]["resume_order"]["include"]
        aliases = shown_as(layout_text, include)
        basics_at = basics_key(layout_text, include)
        value = resume_in_shown_order(value, rule, layout_text, src, THEME.vocabulary, aliases)
        cv.sections, cv.basics, unknown = jsonresume.sections_from(
            value, Origin(rel, None), dialect=dialect_of(aliases, basics_at))
        cv.sections = resume_sections_shown(cv.sections, layout_text, rule,
                                            site.config_extra, rel, report, tuple(unknown))
        own_fields_shown(cv.sections, src, report)  # the site's own includes' fields
        fields_shown(cv.sections, layout_text, rule, THEME.vocabulary, src, report, {})
        name = text(cv.basics.get("name"))
        if name and site.identity.display_name() and name != site.identity.display_name():
            # (dropped when the CV turns out to be the template's example, template_files)
            report.problem("cv-example", f"`{rel}` names `{name}`, not "
                           f"{site.identity.display_name()}; it is no template's example CV, "
                           "so it was read as yours: check the name the CV page shows.", rel)
    cv.basics_shown = basics_shown(cv.basics, fmt, rule, layout_text, site.config_extra,
                                   THEME.vocabulary, value, basics_at)
    report.mapped("cv", f"CV read from `{rel}` ({fmt}): {len(cv.sections)} sections, "
                  f"{sum(len(s.entries) for s in cv.sections)} entries.", cv.origin)
    for other, (_, orel) in found.items():
        if other != fmt:
            report.verbatim("cv-unused", f"`{orel}` ({other}) was not read: the CV page "
                            f"shows `{rel}` ({fmt}), not it. It is not carried.", orel)
    return cv


def _cv_layout(src: Path, site: Site, layouts: dict[str, str], found: set[str],
               report: Report) -> tuple[str, Page | None, str, str | None]:
    """The first page with a CV layout, how that layout picks its data
    (:func:`.cv.cv_layout_rule`), the page's `cv_format`, and SRC's own layout's text
    with the text of its own includes (:func:`~sitemigrate.jekyll.layouts.with_own_includes`)."""
    names = THEME.vocabulary["cv_layout"]["layouts"]
    page = next((p for p in site.pages if layouts.get(p.path) in names), None)
    if page is None:
        return "none", None, "", None
    wanted = page.features.cv_format
    if wanted and wanted not in ("rendercv", "jsonresume"):
        report.problem("cv-format", f"`cv_format: {wanted}` is not `rendercv` or "
                       "`jsonresume`; ignored.", page.origin)
        wanted = ""
    layout_text = source_layout(src, layouts[page.path], report)
    if layout_text is not None:  # what its includes read, it shows (Jekyll renders them)
        layout_text = with_own_includes(src, layout_text, report)
    return cv_layout_rule(layout_text, site.generation, THEME.vocabulary, found,
                          wanted), page, wanted, layout_text
