"""Data files an upgrade carries as the owner wrote them, fitted to how the new template
renders them. jekyll-socials' `social_links` tag (2026) reads `logo` of every entry of
`_data/socials.yml` whose key is no service it knows, so an entry of the owner's that has
none (the old include showed it as an empty link) would stop the build: it is commented
out, and said with its line. academicpages' masthead joins a menu entry's `url` to `url`
and `baseurl` as written: an entry that relied on a `url` ending in `/` keeps its address.
Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

SOCIALS = ("email: ada@example.org\n"
           "github_username: ada-okonkwo\n"
           "birdwatch_username: adaspots\n"
           "# an icon of my own, one day\n"
           "kite_club:\n  url: https://kites.example.org/ada\n  title: Kite club\n"
           "lichen_atlas:\n  logo: assets/img/lichen.svg\n  url: https://lichens.example.org/a\n"
           "  title: Lichen atlas\n")


def _site(tmp_path: Path) -> tuple[Path, Path]:
    """SRC, and DEST: a checkout of its generation (its own layouts)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_data/socials.yml").write_text(SOCIALS)
    for rel in ("_layouts/default.liquid", "_includes/head.liquid"):
        (src / rel).parent.mkdir(exist_ok=True)
        (src / rel).write_text("{{ content }}\n")
    dest = tmp_path / "out"
    shutil.copytree(src, dest)
    return src, dest


def test_an_entry_jekyll_socials_cannot_render_is_commented_out(tmp_path):
    src, dest = _site(tmp_path)  # DEST's build loads jekyll-socials:
    config = dest / "_config.yml"
    config.write_text(config.read_text() + "plugins:\n  - jekyll-socials\n")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    lines = (dest / "_data/socials.yml").read_text().splitlines()
    assert "github_username: ada-okonkwo" in lines
    assert "# birdwatch_username: adaspots" in lines
    assert "# an icon of my own, one day" in lines  # (a comment stays as written)
    assert "# kite_club:" in lines and "#   url: https://kites.example.org/ada" in lines
    assert "lichen_atlas:" in lines and "  logo: assets/img/lichen.svg" in lines
    said = sorted((f.line, f.message.split("`")[1]) for f in plan.report.findings
                  if f.code == "social" and f.path == "_data/socials.yml"
                  and f.outcome == "lost")
    assert said == [(3, "birdwatch_username"), (5, "kite_club")]


def test_without_the_tag_the_owners_file_is_carried_as_written(tmp_path):
    src, dest = _site(tmp_path)
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert (dest / "_data/socials.yml").read_text() == SOCIALS


def test_a_menu_entry_the_masthead_joined_to_a_url_ending_in_a_slash_keeps_its_address(
        tmp_path):
    """academicpages' masthead links a menu entry as `url` and `baseurl` followed by the
    entry's `url`, as written: the old `url: https://host/` and `files/cv.pdf` led to
    `https://host/files/cv.pdf`. The upgraded `url` has no trailing `/` (every other link
    would have two), so the carried menu entry is written `/files/cv.pdf`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace("url: https://tlindqvist.example.org",
                                                 "url: https://tlindqvist.example.org/"))
    nav = src / "_data/navigation.yml"
    nav.write_text(nav.read_text() + '  - title: "Resume"\n    url: files/resume.pdf\n'
                   '  - title: "Mail"\n    url: mailto:t@example.org\n')
    (src / "files/resume.pdf").write_bytes(b"%PDF-1.4 resume")
    for rel in ("_layouts/default.html", "_includes/masthead.html"):
        (src / rel).parent.mkdir(exist_ok=True)
        (src / rel).write_text("{{ content }}\n")
    dest = tmp_path / "out"
    shutil.copytree(src, dest)
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    lines = (dest / "_data/navigation.yml").read_text().splitlines()
    assert "    url: /files/resume.pdf" in lines
    assert "    url: mailto:t@example.org" in lines and "    url: /talks/" in lines
    assert "url: https://tlindqvist.example.org" in (dest / "_config.yml").read_text()
