"""What a project's card on al-folio's projects page shows of the text academicpages' list
showed under the project (its `excerpt`, printed through `markdownify`): its words and one
picture (the card's `img`). A picture of the excerpt the card cannot show is named (file
and line); a Markdown link shows its words, as the old list showed them (the card is a link
itself), also one whose address is written in quote marks (a dead link on the old site)."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES
from test_checkout import _write

import sitemigrate


def _convert(tmp_path: Path, files: dict[str, str]) -> tuple[dict, sitemigrate.Plan]:
    src = _write(shutil.copytree(FIXTURES / "academicpages-site", tmp_path / "src"), files)
    for name in ("heron-a.png", "heron-b.png", "heron-c.png"):
        (src / "images" / name).write_bytes(b"\x89PNG\r\n\x1a\n")
    plan = sitemigrate.convert(src, tmp_path / "dest", to="al-folio")
    plan.apply()
    front = yaml.safe_load((tmp_path / "dest/_projects/heron-census.md").read_text()
                           .split("---\n")[1])
    return front, plan


def test_a_second_picture_of_the_excerpt_is_named(tmp_path):
    front, plan = _convert(tmp_path, {"_portfolio/heron-census.md": (
        "---\ntitle: Heron census\n"
        "excerpt: \"Counting herons by drone.<br/><img src='/images/heron-a.png'>"
        "<br/>Nests at dawn:<br/><img src='/images/heron-b.png'>\"\n---\nText.\n")})
    assert front["img"] == "assets/img/heron-a.png", front
    assert front["description"] == "Counting herons by drone. Nests at dawn:", front
    said = [f for f in plan.report.findings if f.code == "project-picture"]
    assert [(f.outcome, f.path, f.line) for f in said] == \
        [("lost", "_portfolio/heron-census.md", 3)], said
    assert "/images/heron-b.png" in said[0].message and "heron-a" in said[0].message


def test_markdown_links_and_pictures_of_the_excerpt_show_as_the_old_list_showed_them(tmp_path):
    front, plan = _convert(tmp_path, {"_portfolio/heron-census.md": (
        "---\ntitle: Heron census\n"
        "excerpt: 'Counting herons ([method](\"https://example.org/herons.pdf\"), "
        "[data](https://example.org/data)). ![a heron](/images/heron-c.png)'\n---\nText.\n")})
    assert front["description"] == "Counting herons (method, data).", front
    assert front["img"] == "assets/img/heron-c.png", front
    assert not [f for f in plan.report.findings if f.code == "project-picture"]
