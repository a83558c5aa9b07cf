"""The library API is what the CLI uses: read_site, write_site, Plan, convert."""

from __future__ import annotations

import re

import sitemigrate
from sitemigrate.ir import Site


def test_library_round(alfolio_site, tmp_path):
    site = sitemigrate.read_site(alfolio_site)
    assert isinstance(site, Site) and site.theme == "al-folio"
    assert sitemigrate.detect_theme(alfolio_site) == "al-folio"
    plan = sitemigrate.write_site(site, tmp_path / "out", "academicpages")
    diff = plan.diff()
    assert "+++ b/_config.yml" in diff and not (tmp_path / "out").exists()
    assert not plan.up_to_date()
    changes = plan.apply()
    assert {c.kind for c in changes} == {"created"}
    assert plan.report.files["created"] and plan.up_to_date()
    assert sitemigrate.convert(alfolio_site, tmp_path / "out", to="academicpages").diff() == ""
    assert "mapped" in plan.report.summary()


def test_errors_are_sitemigrate_errors(tmp_path):
    import pytest
    with pytest.raises(sitemigrate.SitemigrateError, match="no such file"):
        sitemigrate.read_site(tmp_path / "nope")


def test_writing_leaves_the_ir_as_it_was(alfolio_site, academicpages_site, tmp_path):
    """A writer fills in what its theme needs (a sidebar bio from the subtitle, a publication
    page link); the caller's IR must not change, so one IR can be written to both themes."""
    for src in (alfolio_site, academicpages_site):
        site = sitemigrate.read_site(src)
        before = sitemigrate.to_json(site)
        for theme in ("academicpages", "al-folio"):
            sitemigrate.write_site(site, tmp_path / f"{src.name}-{theme}", theme)
            assert sitemigrate.to_json(site) == before, theme


def test_a_publication_page_link_is_not_a_missing_file(academicpages_site, tmp_path):
    """academicpages -> al-folio -> academicpages: al-folio's bib entry links the page that
    keeps a publication's text (`website = /publication/...`); back in academicpages that
    page is the publication's own (it is served there again), never a file to copy to
    /files/."""
    sitemigrate.convert(academicpages_site, tmp_path / "af", to="al-folio").apply()
    bib = (tmp_path / "af/_bibliography/papers.bib").read_text()
    assert "website = {/publication/" in bib
    plan = sitemigrate.convert(tmp_path / "af", tmp_path / "ap", to="academicpages")
    plan.apply()
    assert not [f for f in plan.report.findings
                if f.code == "missing-file" and "/publication/" in f.message]
    text = "".join(p.read_text() for p in (tmp_path / "ap/_publications").glob("*.md"))
    assert "permalink: /publication/2025-05-01-robot-survey\n" in text
    assert "](/publication/" not in text  # the page is no longer linked: it is this one
    assert not (tmp_path / "ap/_pages/publications").exists()
    assert not re.search(r"\]\(/files/[^).]+\)", text)  # no page URL turned into a "file"
