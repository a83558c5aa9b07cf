"""Upgrades in the real-theme lab (issue 34): every al-folio corpus site converted into a
checkout of al-folio (2026, and 2025 in the full set), every academicpages corpus site of
the 2019 era into academicpages-2025, each built with real Jekyll and compared with the build
of the site as its owner had it (tests/realtheme.py's Lab: overlay, restore_theme_code,
build, paragraphs, menu).

A cell passes when the upgraded site builds, shows the owner's paragraphs the source build
showed, lists each of the owner's publications as often as the source build did (once),
and shows no text of either template's example content that the owner did not write (or
kept on a page of theirs: the old site showed it).
The owner's content is what the corpus holds minus the template's own files (recognised by
content: sitemigrate.template_files).

    python -m pytest -q tests/test_upgrade_lab.py          # current templates only
    python tests/test_upgrade_lab.py [--all] [--only SITE] [--keep DIR]   # the table
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import realtheme as rt

from sitemigrate.formats.bibtex import parse_bib
from sitemigrate.registry import get_theme
from sitemigrate.template_files import is_example, templates
from sitemigrate.verify.text import CV_DATA, example_texts, page_paragraphs
from sitemigrate.verify.text import front as read_front

CURRENT = {"al-folio": "al-folio-2026", "academicpages": "academicpages-2025"}
EVERY = {"al-folio": ["al-folio-2026", "al-folio-2025"], "academicpages": ["academicpages-2025"]}
ERA = {"al-folio": None, "academicpages": "academicpages-2019"}
"""Corpus sites of a theme that are upgraded: all (None), or those of that template."""


def theme_of(template: str) -> str:
    return "academicpages" if template.startswith("academicpages") else "al-folio"


def upgrade_sites() -> list[str]:
    if not rt.CORPUS.is_dir():
        return []
    found = []
    for folder in ("real/al-folio", "real/academicpages", "upstream/academicpages-variants"):
        found += [f"{folder}/{p.name}" for p in sorted((rt.CORPUS / folder).iterdir())
                  if p.is_dir()]
    found += ["upstream/al-folio", "upstream/al-folio-legacy"]
    out = []
    for site in found:
        try:
            template = rt.template_of(site)
        except (KeyError, OSError):
            continue
        era = ERA[theme_of(template)]
        if era is None or template == era:
            out.append(site)
    return out


def upgrade_cells(every: bool = False, sample: int = 0) -> list[tuple[str, str]]:
    """Every upgrade cell (``every``: into every template of the full set, else the current
    one); ``sample`` > 0: only the first ``sample`` sites of each source template, so that
    the test command upgrades every generation the corpus has within its time."""
    cells, taken = [], Counter()
    for site in upgrade_sites():
        template = rt.template_of(site)
        if sample and taken[template] >= sample:
            continue
        taken[template] += 1
        cells += [(site, t) for t in (EVERY[theme_of(template)] if every
                                      else [CURRENT[theme_of(template)]])]
    return cells


SAMPLE = 2
"""Sites of each source template the test command upgrades (`--all`: every site and every
template of the full set)."""

# What an upgrade cell of the sample still lacks, measure by measure; a cell may not lack
# more. Measured 2026-11-29 on the full set (`--all`, 61 cells): every cell into al-folio-2026
# lacks nothing (the sample's earlier allowances, template static files and 4lhc's JSON Resume
# fields, are gone); the only gap left is outside the sample, 4lhc into al-folio-2025, whose
# CV layout shows no education score nor a project's entity and roles (8 details, against a
# source that does not build: a yearless entry stops jekyll-scholar). Measures: `examples`,
# `twice` (titles listed more often than before), `missing` (owner paragraphs), `details`,
# `urls` (old addresses nothing answers).
KNOWN_UPGRADE: dict[str, dict[str, int]] = {}


# -- what the owner wrote ---------------------------------------------------------------------

def _template_own(theme: str, corpus_site: Path, rel: str) -> bool:
    """A template's own file (as a checkout has it), or its example content of a version
    between the checkouts (what the conversion leaves out: template_files.is_example)."""
    data = (corpus_site / rel).read_bytes()
    table = templates(get_theme(theme))
    return bool(table.owners(rel, data) or table.anywhere(data)) or is_example(
        get_theme(theme), corpus_site, rel)


def owners_text(corpus_site: Path, theme: str, source: Path | None = None
                ) -> dict[str, list[str]]:
    """:func:`realtheme.owner_paragraphs` without the files that are a template's own; a
    page's body only where its layouts show it, looked up in ``source`` too (the corpus
    laid over its template: the corpus copied no layout)."""
    layouts = [source] if source is not None and source.is_dir() else []
    return {rel: paras for rel, paras in rt.owner_paragraphs(corpus_site, layouts).items()
            if not (corpus_site / rel).is_file() or not _template_own(theme, corpus_site, rel)}


def shown_anyway(corpus_site: Path, theme: str, source: Path) -> str:
    """Text the old site shows that is no example item: its pages' (Jekyll renders every
    page, the template's stock wording the owner kept on one too; the pages of ``source``,
    what the conversion read: the corpus laid over its template) and the owner's CV data
    (its CV layout shows all of it, an example entry the owner left in it too)."""
    out = page_paragraphs(source if source.is_dir() else corpus_site)
    for rel in CV_DATA:
        if (corpus_site / rel).is_file() and not _template_own(theme, corpus_site, rel):
            out.append(rt.norm((corpus_site / rel).read_text("utf-8", "replace")))
    return "\n".join(out)


def _title(text: str) -> str:
    return rt.norm(re.sub(r"[{}\\$]", "", text))


def owners_publications(corpus_site: Path, theme: str) -> list[str]:
    """Titles of the owner's publications (a template's example entries aside)."""
    table, titles = templates(get_theme(theme)), []
    for bib in sorted((corpus_site / "_bibliography").glob("*.bib")):
        for entry in parse_bib(bib.read_text("utf-8", "replace")).entries:
            if not table.is_entry(entry.raw) and entry.fields.get("title"):
                titles.append(_title(entry.fields["title"]))
    for md in sorted((corpus_site / "_publications").glob("*.md")):
        rel = md.relative_to(corpus_site).as_posix()
        front, _ = read_front(md.read_text("utf-8", "replace"))
        if isinstance(front.get("title"), str) and not _template_own(theme, corpus_site, rel):
            titles.append(_title(front["title"]))
    return [t for t in titles if len(t.split()) >= 3]


def _publications_page(out: Path) -> str:
    page = out / "_site" / "publications" / "index.html"
    return rt.norm(rt.page_text(page.read_text("utf-8", "replace"))) if page.is_file() else ""


# -- a cell -----------------------------------------------------------------------------------

@dataclass
class Upgrade:
    site: str
    template: str
    cell: rt.Cell
    paragraphs: int = 0
    shown: int = 0
    missing: list[str] = field(default_factory=list)
    publications: int = 0
    publications_once: int = 0
    twice: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def built(self) -> bool:
        return self.cell.build_rc == 0

    def measures(self) -> dict[str, int]:
        """What the cell lacks, measure by measure (0 everywhere: nothing is lost)."""
        seen = self.cell.seen
        return {"build": int(not self.built), "examples": len(self.examples),
                "twice": len(self.twice), "missing": self.paragraphs - self.shown,
                "details": len(seen.missing_details), "urls": len(seen.unanswered)}

    def row(self) -> str:
        c, seen = self.cell, self.cell.seen
        build = "ok" if self.built else f"rc {c.build_rc} (convert {c.convert_rc})"
        return (f"| {rt.short(self.site)} | {rt.template_of(self.site)} | {self.template} | "
                f"{build} | {self.shown}/{self.paragraphs} | "
                f"{self.publications_once}/{self.publications} | "
                f"{seen.details - len(seen.missing_details)}/{seen.details} | "
                f"{c.menu_state()} | {len(seen.unanswered)} | "
                f"{len(self.examples)} | {self.seconds:.0f}s |")


HEADER = ("| site | from | into | build | paragraphs | publications once | CV/talk details | "
          "menu | old URLs unanswered | example text | time |\n"
          "|---|---|---|---|---:|---:|---:|---|---:|---:|---:|")


def run_cell(lab: rt.Lab, site: str, template: str) -> Upgrade:
    start = time.monotonic()
    try:
        cell = lab.cell(site, template)
    except (OSError, subprocess.SubprocessError) as exc:  # the lab's own step (an overlay)
        cell = rt.Cell(site, template, convert_rc=-2, convert_err=f"lab: {exc}")
        return Upgrade(site, template, cell, seconds=time.monotonic() - start)
    up = Upgrade(site, template, cell)
    theme, corpus = theme_of(template), rt.CORPUS / site
    name = site.replace("/", "_")
    base = rt.read_build(lab.work / "out" / f"src-{name}")
    new = rt.read_build(lab.work / "out" / f"{name}-{template}")
    if cell.convert_rc in (0, 1):
        # the source theme's furniture (a demo page of another template version than the
        # lab's, which the table of template files does not know) is left out on purpose,
        # as the switch cells score it
        furniture = rt._furniture(lab.work / "out" / f"{name}-{template}.report.json")
        for rel, paras in owners_text(corpus, theme, lab.work / "src" / name).items():
            if rel in furniture:
                continue
            for p in paras:
                if not base.site.index.shows(p):
                    continue  # the source build does not show it either
                up.paragraphs += 1
                if new.site.index.shows(p):
                    up.shown += 1
                else:
                    up.missing.append(f"{rel}: {p[:90]}")
        was = _publications_page(lab.work / "out" / f"src-{name}")
        now = _publications_page(lab.work / "out" / f"{name}-{template}")
        for title in owners_publications(corpus, theme):
            before = was.count(title)
            if not before:
                continue
            up.publications += 1
            if now.count(title) == min(before, 1) or now.count(title) == before:
                up.publications_once += 1
            else:
                up.twice.append(f"{title[:60]} ({before} -> {now.count(title)})")
        owner = " ".join(p for paras in owners_text(corpus, theme, lab.work / "src" / name)
                         .values() for p in paras) \
            + "\n" + shown_anyway(corpus, theme, lab.work / "src" / name)
        markers = example_texts(rt.TEMPLATES / rt.template_of(site)) \
            | example_texts(rt.TEMPLATES / template)
        up.examples = sorted(m for m in markers if m in new.text and m not in owner)
    up.seconds = time.monotonic() - start
    return up


def run(cells: list[tuple[str, str]], work: Path, jobs: int = 2) -> list[Upgrade]:
    lab = rt.Lab(work)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda c: run_cell(lab, *c), cells))


# -- the test ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def results(tmp_path_factory):
    why = rt.missing()
    if why:
        pytest.skip(why)
    cells = upgrade_cells(sample=SAMPLE)
    start = time.monotonic()
    jobs = int(os.environ.get("SITEMIGRATE_LAB_JOBS", "2"))
    found = {(u.site, u.template): u
             for u in run(cells, tmp_path_factory.mktemp("upgrade"), jobs)}
    print(f"\n{HEADER}\n" + "\n".join(u.row() for u in found.values())
          + f"\n{len(cells)} cells in {time.monotonic() - start:.0f}s")
    return found


@pytest.mark.parametrize("site,template", upgrade_cells(sample=SAMPLE),
                         ids=lambda v: rt.short(v))
def test_upgrade_keeps_the_owners_site(results, site, template):
    up = results[(site, template)]
    assert up.cell.convert_rc in (0, 1), up.cell.convert_err
    if not up.built and up.cell.source_rc not in (0, 3):
        pytest.xfail("the source does not build in the lab either (what the corpus lacks "
                     "of the owner's tree, or the owner's own configuration)")
    measures = up.measures()
    gaps = KNOWN_UPGRADE.get(f"{rt.short(site)}->{template}", {})
    worse = {k: v for k, v in measures.items() if v > gaps.get(k, 0)}
    assert not worse, (f"{site} -> {template}: more than KNOWN_UPGRADE {worse}: "
                       f"{up.examples[:5]} {up.twice[:5]} {up.missing[:5]} "
                       f"{up.cell.seen.missing_details[:5]} {up.cell.seen.unanswered[:5]}"
                       + (f"\n{up.cell.log[-1500:]}" if worse.get("build") else ""))


def main(argv: list[str]) -> int:
    import argparse
    ap = argparse.ArgumentParser(description="upgrade cells of the real-theme lab")
    ap.add_argument("--all", action="store_true", help="every template of the full set")
    ap.add_argument("--template", action="append", default=[], help="only into these")
    ap.add_argument("--only", action="append", default=[], help="a site (substring)")
    ap.add_argument("--keep", type=Path, help="work folder to keep")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("-v", action="store_true", help="print what fails in each cell")
    args = ap.parse_args(argv)
    why = rt.missing()
    if why:
        print(why, file=sys.stderr)
        return 2
    cells = [c for c in upgrade_cells(args.all)
             if (not args.only or any(o in c[0] for o in args.only))
             and (not args.template or c[1] in args.template)]
    work = args.keep or Path(tempfile.mkdtemp(prefix="sitemigrate-upgrade-"))
    start = time.monotonic()
    results = run(cells, work, args.jobs)
    print(HEADER)
    for up in results:
        print(up.row())
    print(f"{len(cells)} cells in {time.monotonic() - start:.0f}s")
    for up in results:
        print(f"{rt.short(up.site)}->{up.template}", up.measures())
    if args.v:
        for up in results:
            problems = [*(f"missing: {m}" for m in up.missing), *(f"twice: {t}" for t in up.twice),
                        *(f"example: {e[:90]}" for e in up.examples),
                        *(f"detail: {r}: {t[:80]}" for r, t in up.cell.seen.missing_details),
                        *(f"url: {u}" for u in up.cell.seen.unanswered),
                        *([f"menu: {up.cell.seen.menu_was} -> {up.cell.seen.menu_now}"]
                          if up.cell.seen.menu_was != up.cell.seen.menu_now else [])]
            if problems or not up.built:
                print(f"\n## {rt.short(up.site)} -> {up.template}")
                if not up.built:
                    print(up.cell.convert_err[-1500:] or up.cell.log[-1500:])
                for line in problems[:15]:
                    print("  " + line)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    sys.exit(main(sys.argv[1:]))
