"""A `_folder` of page files that the config declares no collection for is read by no Jekyll
build (a folder whose name starts with `_` is skipped unless it is a collection or included):
its files are on no page of the live site, are not converted, and the report names the
folder (was: nothing in the report, and an owner's writing silently left behind)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import sitemigrate

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
NOTE = "---\ntitle: Tide gauges\n---\nA survey of the tide gauges of the northern harbour.\n"


@pytest.mark.parametrize("fixture, to, folder", [
    ("academicpages-site", "al-folio", "_projects"),  # al-folio's own collection: not made one
    ("al-folio-site", "academicpages", "_notes"),
])
def test_a_folder_of_no_collection_is_reported_not_converted(fixture, to, folder, tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / fixture, src)
    (src / folder).mkdir(exist_ok=True)
    (src / folder / "tides.md").write_text(NOTE)
    (src / folder / "figure.png").write_bytes(b"\x89PNG\r\n")  # no page file
    plan = sitemigrate.convert(src, tmp_path / "out", to=to)
    plan.apply()
    found = [f for f in plan.report.findings if f.code == "unread-folder"]
    assert len(found) == 1 and found[0].path == folder, found  # the declared ones are read
    assert f"`{folder}/tides.md`" in found[0].message and "1 page file" in found[0].message
    assert not any("tide gauges" in p.read_text("utf-8", "replace").lower()
                   for p in (tmp_path / "out").rglob("*.md"))
