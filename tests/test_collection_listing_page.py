"""A custom collection and the page at its address: the page shows what its own body shows.
An owner who keeps a collection of papers, each on a page of its own, and writes the list on
`/papers/` by hand (with the venues and co-authors the items do not hold) saw that list once;
the new page is that list, not that list followed by a second one of the same papers. A page
that names the collection (`collection:`), whose layout listed it, still lists it, and a
collection with no page at all still gets one."""

from __future__ import annotations

import shutil

import pytest
from conftest import FIXTURES

import sitemigrate

HAND_LIST = ("- [Counting Beetles by Lamplight](/papers/beetles), Field Notes, 2023\n"
             "  - *Tomás Lindqvist, Ada Brenner*\n")


def papers_site(tmp_path, front=""):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = (src / "_config.yml").read_text("utf-8")
    (src / "_config.yml").write_text(config.replace(
        "collections:\n", "collections:\n  papers:\n    output: true\n"
        "    permalink: /:collection/:path/\n", 1), "utf-8")
    (src / "_papers").mkdir()
    (src / "_papers/beetles.md").write_text(
        "---\ntitle: Counting Beetles by Lamplight\npermalink: /papers/beetles\n"
        "date: 2023-05-01\n---\nA short method for night counts.\n", "utf-8")
    (src / "_papers/moss.md").write_text(
        "---\ntitle: Moss on Northern Slopes\ndate: 2021-03-01\n---\nA survey.\n", "utf-8")
    (src / "_pages/papers.md").write_text(
        f"---\nlayout: archive\ntitle: Papers\npermalink: /papers/\n{front}---\n\n"
        + HAND_LIST, "utf-8")
    return src


def _page(out):
    return next(p for p in out.rglob("*.md") if "permalink: /papers/\n" in p.read_text("utf-8")
                and "_papers" not in p.parts)


@pytest.mark.parametrize("target", ["academicpages", "al-folio"])
def test_a_hand_written_list_at_the_collections_address_gets_no_second_one(tmp_path, target):
    plan = sitemigrate.convert(papers_site(tmp_path), tmp_path / "out", to=target)
    plan.apply()
    text = _page(tmp_path / "out").read_text("utf-8")
    assert "Counting Beetles by Lamplight](/papers/beetles)" in text
    assert "site.papers" not in text
    assert not any(f.code == "collection-listing" for f in plan.report.findings)
    assert (tmp_path / "out/_papers/moss.md").is_file()  # the items themselves are carried


@pytest.mark.parametrize("target", ["academicpages", "al-folio"])
def test_a_page_that_names_the_collection_still_lists_it(tmp_path, target):
    plan = sitemigrate.convert(papers_site(tmp_path, front="collection: papers\n"),
                               tmp_path / "out", to=target)
    plan.apply()
    assert "site.papers" in _page(tmp_path / "out").read_text("utf-8")
    assert any(f.code == "collection-listing" for f in plan.report.findings)
