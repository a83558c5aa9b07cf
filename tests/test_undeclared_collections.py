"""A theme's own collection folder that the site's config does not declare: Jekyll
publishes none of its documents (`collections:` lists the others), so the old site showed
none of them; they are not converted into pages the new site would show, and the report
names the folder."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES
from test_checkout import _convert


def _site_without_teaching(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = (src / "_config.yml").read_text()
    start = config.index("  teaching:\n")
    end = config.index("  publications:\n", start)
    (src / "_config.yml").write_text(config[:start] + config[end:])
    return src


def test_an_undeclared_teaching_folder_is_not_published_after_the_conversion(tmp_path):
    plan = _convert(_site_without_teaching(tmp_path), tmp_path / "dest", "al-folio")
    dest = tmp_path / "dest"
    written = [p.name for p in dest.rglob("*.md")]
    assert "2024-spring-field-methods.md" not in written
    assert any(f.code == "unread-folder" and "`_teaching/`" in f.message
               for f in plan.report.findings)


def test_a_declared_teaching_folder_is_converted(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _convert(src, tmp_path / "dest", "al-folio")
    assert [p for p in (tmp_path / "dest").rglob("2024-spring-field-methods.md")]


def test_an_undeclared_al_folio_projects_folder_is_not_published_after_the_conversion(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = (src / "_config.yml").read_text()
    (src / "_config.yml").write_text(config.replace("  projects:\n    output: true\n", "", 1))
    plan = _convert(src, tmp_path / "dest", "academicpages")
    assert not [p for p in (tmp_path / "dest").rglob("*.md") if "1_project" in p.name]
    assert any(f.code == "unread-folder" and "`_projects/`" in f.message
               for f in plan.report.findings)


def test_the_templates_examples_in_an_undeclared_folder_are_not_named(tmp_path, monkeypatch):
    """`_talks/` left out of `collections:` holds the template's example talk and one of the
    owner's: the report names the owner's file only (the example was never theirs)."""
    from test_checkout import academicpages_checkout
    from test_upgrade import _known, vera_on_academicpages
    _known(monkeypatch, academicpages_checkout(tmp_path / "academicpages-2098"),
           theme="academicpages")
    src = vera_on_academicpages(tmp_path / "src", {
        "_config.yml": "title: Vera Vega\nname: Vera Vega\nauthor:\n  name: Vera Vega\n"
                       "include: [_pages]\ncollections:\n  publications:\n    output: true\n",
        "_talks/2024-05-01-moon-soil.md": "---\ntitle: Moon soil for beginners\n---\n"})
    plan = _convert(src, tmp_path / "dest", "al-folio")
    found = [f.message for f in plan.report.findings if f.code == "unread-folder"]
    assert len(found) == 1 and "2024-05-01-moon-soil.md" in found[0]
    assert "example-talk" not in found[0] and "1 page file(s)" in found[0]
