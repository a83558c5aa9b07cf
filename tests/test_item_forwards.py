"""Items that forward. al-folio's `redirect:` makes a project (or post) forward, and its
lists link the entry straight to the target; jekyll-redirect-from, which academicpages
loads, forwards a collection's documents by `redirect_to:` as it forwards pages. An
al-folio project that forwards stays one that forwards, its old address goes where the
project went, and an academicpages item's `redirect_to:` is read back as a forward."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES
from test_checkout import _write

import sitemigrate


def _site(tmp_path: Path, name: str, files: dict[str, str]) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / name, src)
    return _write(src, files)


def _front(path: Path) -> dict:
    front = yaml.safe_load(path.read_text().split("---\n")[1])
    assert isinstance(front, dict), path.read_text()
    return front


def _project(title: str, redirect: str) -> str:
    return (f"---\nlayout: page\ntitle: {title}\ndescription: a survey of moss\n"
            f"redirect: {redirect}\nimportance: 1\ncategory: work\n---\n")


def test_an_al_folio_project_that_forwards_forwards_in_academicpages(tmp_path):
    """A project with `redirect:` to a preprint, and one to a PDF of the site given by the
    site's own address: the portfolio items forward there (`redirect_to:`, the PDF where
    academicpages keeps files), and the projects' old addresses forward there too."""
    src = _site(tmp_path, "al-folio-site", {
        "_projects/moss.md": _project("moss survey", "https://preprints.example.com/moss"),
        "_projects/lichen.md": _project(
            "lichen notes", "https://ada-okonkwo.example.org/assets/pdf/lichen.pdf"),
        "assets/pdf/lichen.pdf": "%PDF-1.4 lichen",
    })
    dest = tmp_path / "dest"
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    moss = _front(dest / "_portfolio" / "moss.md")
    lichen = _front(dest / "_portfolio" / "lichen.md")
    assert moss.get("redirect_to") == "https://preprints.example.com/moss", moss
    assert lichen.get("redirect_to") == "/files/lichen.pdf", lichen
    assert (dest / "files" / "lichen.pdf").read_text() == "%PDF-1.4 lichen"
    assert "moved" not in (dest / "_portfolio" / "moss.md").read_text()
    rows = {row["old"]: row for row in plan.report.urls}
    for old, target in (("/projects/moss.html", "https://preprints.example.com/moss"),
                        ("/projects/lichen.html", "/files/lichen.pdf")):
        assert rows[old]["how"] == "redirect" and rows[old]["new"] == target, rows[old]
    assert not [f for f in plan.report.findings if f.code == "url-lost"
                and "/projects/" in f.message], plan.report.findings


def test_an_academicpages_item_with_redirect_to_forwards_in_al_folio(tmp_path):
    """jekyll-redirect-from forwards a portfolio item with `redirect_to:`: read as the
    item's forward, it is al-folio's `redirect:` (not a front-matter key kept as written)."""
    src = _site(tmp_path, "academicpages-site", {
        "_portfolio/fern-atlas.md": "---\ntitle: fern atlas\ncollection: portfolio\n"
                                    "redirect_to: https://atlas.example.net/ferns\n---\n\n"
                                    "An atlas of ferns.\n",
    })
    dest = tmp_path / "dest"
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front = _front(dest / "_projects" / "fern-atlas.md")
    assert front.get("redirect") == "https://atlas.example.net/ferns", front
    assert "redirect_to" not in front, front
