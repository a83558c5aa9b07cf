"""The library API is what the CLI uses: read_site, write_site, Plan, convert."""

from __future__ import annotations

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
