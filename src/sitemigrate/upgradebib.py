"""Upgrade: the owner's BibTeX files, carried as written but for what the new site must
not show, and the `{% bibliography %}` tags of pages carried as written, which the new
template's jekyll-scholar settings would group where the old ones did not."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import Any

from . import template_files
from .ir import Site
from .jekyll.bibshown import braced_names, refit_links, shown_as_note
from .jekyll.scholar import carried_keys
from .plan import Plan
from .textio import read_source


def carry_bibliography(plan: Plan, src: Path, spec: dict[str, Any], site: Site) -> int:
    """The owner's BibTeX files (``upgrade.bibliography`` globs), as written but for the
    template's example entries and the entries the writer left out of its bibliography (a
    yearless entry, which stops the new template's build: reported so): the owner's Liquid
    that names one (`--file MARL`) finds it, and the writer's merge of all of them into one
    file lists no paper twice. An entry read as the same work as a written one, under
    another key (a publication's ``aliases``), is the owner's too: kept in its file; so are
    an entry no page showed (``Site.unshown_entries``: cited only, say) and a talk
    (``Site.talk_entries``: the owner's list of talks, kept as written, lists its file)."""
    theme, count = spec["theme"], 0
    written = _written_keys(plan, spec)
    if written is not None:  # and the talks, and what no page showed: the owner's all the same
        written |= {a for p in site.publications for a in p.aliases} \
            | set(site.unshown_entries) | set(site.talk_entries)
    for pattern in spec.get("bibliography", []):
        for path in sorted(src.glob(pattern)):
            rel = path.relative_to(src).as_posix()
            if not path.is_file() or path.is_symlink():
                continue
            data = read_source(path, rel, None, root=src)  # (a folder of it may lead out)
            if data is None:
                continue
            if template_files.templates(theme).owners(rel, data) \
                    or template_files.is_example(theme, src, rel):
                continue  # the template's own (or its example text of another version)
            text = template_files.without_example_entries(theme, data.decode("utf-8", "replace"))
            text = shown_as_note(braced_names(text), rel, src, plan.dest, plan.report)
            text = refit_links(text, rel, src, plan.dest, plan.report)
            text = text if written is None else _kept_by_writer(text, written)
            plan.write(rel, text)
            carried_keys(plan.report, rel, data.decode("utf-8", "replace"), text)
            count += 1
            _unselected_kept(plan, rel, text, set(site.unshown_entries))
            # a file no page lists, which the reader said it would not carry: carried here
            said = [f for f in plan.report.findings if f.code == "bib-unshown" and f.path == rel]
            if said:
                plan.report.findings[:] = [f for f in plan.report.findings if f not in said]
                plan.report.mapped("bib-unshown", f"`{rel}` is listed by no page of the site "
                                   "(no list of your publications): carried as written all the "
                                   "same, so Liquid of yours that names it finds it.", rel)
    return count


def _unselected_kept(plan: Plan, rel: str, text: str, unshown: set[str]) -> None:
    """The reader said the entries of ``rel`` that no query selects are not carried; the
    upgrade keeps them in the file it carries (no page shows them, as before): said so."""
    from .formats.bibtex import parse_bib
    said = [f for f in plan.report.findings if f.code == "bib-unselected" and f.path == rel]
    kept = [e.key for e in parse_bib(text).entries if e.key in unshown] if said else []
    if kept:
        plan.report.findings[:] = [f for f in plan.report.findings if f not in said]
        plan.report.mapped("bib-unselected", f"{len(kept)} entries of `{rel}` ("
                           + ", ".join(f"`{k}`" for k in kept[:5])
                           + (", ..." if len(kept) > 5 else "") + ") are selected by no "
                           "query of the tags that list the file: no page shows them, as on "
                           "your old site; they stay in the file as you wrote them.", rel)


def _written_keys(plan: Plan, spec: dict[str, Any]) -> set[str] | None:
    """The keys of the entries the writer put in the bibliography files it planned (None:
    it planned none)."""
    from .formats.bibtex import parse_bib
    files = [data for rel, data in plan.files.items()
             if any(fnmatch.fnmatchcase(rel, g) for g in spec.get("bibliography", []))]
    if not files:
        return None
    return {e.key for data in files
            for e in parse_bib(data.decode("utf-8", "replace")).entries}


def _kept_by_writer(text: str, written: set[str]) -> str:
    """A BibTeX file's text without the entries whose key the writer's bibliography lacks
    (`@string`, `@preamble` and comments stay)."""
    from .formats.bibtex import parse_bib, safe_key
    head, chunks = template_files.split_entries(text)
    kept = [c for c in chunks if not (keys := [e.key for e in parse_bib(c).entries])
            or any(k in written or safe_key(k) in written for k in keys)]
    return head + "".join(kept)


BIBLIOGRAPHY_TAG = re.compile(r"(\{%-?\s*bibliography)(\s[^%]*?)?(\s*-?%\})")


def _grouping(config: Any) -> bool:
    """Whether jekyll-scholar settings group a `{% bibliography %}` (its `group_by`)."""
    scholar = config.get("scholar") if isinstance(config, dict) else None
    group = scholar.get("group_by") if isinstance(scholar, dict) else None
    return group not in (None, "", "none", [])


def regrouped(plan: Plan, src: Path) -> bool:
    """DEST's settings group a bibliography by a field where SRC's did not (al-folio's
    `scholar.group_by: year` came in 2023): a page of the owner's that lists by year with
    its own headings would show each heading twice."""
    from .jekyll.named import config_of
    return _grouping(config_of(plan)) and not _grouping(config_of(plan, src))


def ungrouped(m: re.Match[str]) -> str:
    """A `{% bibliography %}` tag rendered ungrouped, as SRC's settings rendered it (the
    tag's own `--group_by` wins over the settings, in jekyll-scholar)."""
    args = m.group(2) or ""
    if re.search(r"(?:^|\s)(?:-g|--group_by)(?:\s|=|$)", args):
        return m.group(0)  # the tag says how it groups
    return f"{m.group(1)}{args.rstrip()} --group_by none {m.group(3).strip()}"
