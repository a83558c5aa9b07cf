"""A front-matter key another theme's pages use is no slip for a key of the site's theme:
academicpages' `author_profile` on an al-folio page is not al-folio's `profile` (it ends with
it), and a slip for it (`author_profle`, `author-profile`, `authorprofile`) is a slip for
`author_profile`, hinted only where the target reads that key. Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

import sitemigrate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _site(tmp_path: Path, key: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/garden.md").write_text(
        f"---\nlayout: page\ntitle: garden\npermalink: /garden/\n{key}: true\n---\n"
        "Wren keeps a small garden of ferns.\n")
    return src


def _front(plan, rel: str) -> dict:
    return yaml.safe_load(plan.files[rel].decode().split("---\n")[1])


def _typos(plan) -> list[str]:
    return [f.message for f in plan.report.findings if f.code == "key-typo"]


def test_another_themes_key_is_not_read_as_a_key_it_ends_with(tmp_path):
    plan = sitemigrate.convert(_site(tmp_path, "author_profile"), tmp_path / "out",
                               to="academicpages")
    front = _front(plan, "_pages/garden.md")
    assert front.get("author_profile") is True and "profile" not in front
    assert not _typos(plan)


@pytest.mark.parametrize("slip", ["author_profle", "author-profile", "authorprofile"])
def test_a_slip_for_another_themes_key_is_hinted_where_the_target_reads_it(tmp_path, slip):
    plan = sitemigrate.convert(_site(tmp_path, slip), tmp_path / "ap", to="academicpages")
    assert _typos(plan) == [f"unknown key `{slip}`: did you mean `author_profile` (a key "
                            "another theme's pages use)? Kept as written."]
    assert "profile" not in _front(plan, "_pages/garden.md")
    # an al-folio upgrade: al-folio reads neither the slip nor `author_profile`
    plan = sitemigrate.convert(_site(tmp_path / "up", slip), tmp_path / "af", to="al-folio")
    assert not _typos(plan)
