"""Upgrading onto a checkout whose build renders `_data/socials.yml` with jekyll-socials'
`social_links` tag: that tag reads `logo` of every entry whose key is no service it knows,
so an entry of the owner's that has none (the old include showed it as an empty link)
would stop the build. It is commented out, and said with its line. Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

SOCIALS = ("email: ada@example.org\n"
           "github_username: ada-okonkwo\n"
           "birdwatch_username: adaspots\n"
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
    assert "# kite_club:" in lines and "#   url: https://kites.example.org/ada" in lines
    assert "lichen_atlas:" in lines and "  logo: assets/img/lichen.svg" in lines
    said = sorted((f.line, f.message.split("`")[1]) for f in plan.report.findings
                  if f.code == "social" and f.path == "_data/socials.yml"
                  and f.outcome == "lost")
    assert said == [(3, "birdwatch_username"), (4, "kite_club")]


def test_without_the_tag_the_owners_file_is_carried_as_written(tmp_path):
    src, dest = _site(tmp_path)
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert (dest / "_data/socials.yml").read_text() == SOCIALS
