"""Sweep over ../shared/corpus (skipped when absent): every site converts, nothing crashes,
and what can be counted is carried: publications, news, pages."""

from __future__ import annotations

from pathlib import Path

import pytest

import sitemigrate
import sitemigrate.bib

from conftest import CORPUS

THEME_DIRS = {"al-folio": ["upstream/al-folio", "upstream/al-folio-legacy"],
              "academicpages": ["upstream/academicpages"]}


def corpus_sites() -> list[tuple[str, Path]]:
    if not CORPUS.is_dir():
        return []
    out = []
    for theme in ("al-folio", "academicpages"):
        for rel in THEME_DIRS[theme]:
            out.append((theme, CORPUS / rel))
        for site in sorted((CORPUS / "real" / theme).iterdir()):
            if site.is_dir():
                out.append((theme, site))
    return out


SITES = corpus_sites()
OTHER = {"al-folio": "academicpages", "academicpages": "al-folio"}


@pytest.mark.skipif(not SITES, reason="../shared/corpus is not available")
@pytest.mark.parametrize("theme,src", SITES, ids=[f"{t}:{p.name}" for t, p in SITES])
def test_corpus_site_converts(theme, src, tmp_path):
    report = sitemigrate.Report()
    site = sitemigrate.read_site(src, theme, report)
    plan = sitemigrate.write_site(site, tmp_path / "out", OTHER[theme], report=report)
    plan.apply()
    out = tmp_path / "out"
    assert (out / "_config.yml").is_file()
    # pages in = pages out (al-folio's about page is always `_pages/about.md`)
    for page in site.pages:
        assert (out / page.path).is_file() or page.role == "about", page.path
    if OTHER[theme] == "academicpages":
        pubs = list((out / "_publications").glob("*.md")) if site.publications else []
        assert len(pubs) == len(site.publications)
    else:
        if site.publications:
            parsed = sitemigrate.bib.parse_bib((out / "_bibliography/papers.bib").read_text())
            assert len(parsed.entries) == len(site.publications)
    for f in report.findings:
        assert f.message and f.severity in ("info", "warning", "loss")
