"""al-folio → academicpages: what the real-theme lab found dead or not shown in the built
site (tests/test_real_theme.py builds the real templates), each in a miniature site.

The sites are invented (fixtures/al-folio-site plus a few files written here).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate


def _site(tmp_path: Path, files: dict[str, str], baseurl: str = "") -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace('baseurl: ""', f'baseurl: "{baseurl}"'))
    for rel, text in files.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return src


def _convert(src: Path, dest: Path):
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    return plan


def test_a_figure_include_keeps_the_sites_baseurl(tmp_path):
    """`{% include figure.liquid path=... %}` prints the image through `relative_url` in
    al-folio; the `<img>` written for academicpages must too, or a site served from a
    folder links to an image outside it."""
    src = _site(tmp_path, {
        "assets/img/reef/survey.jpg": "jpg",
        "_projects/2_reef.md": "---\nlayout: page\ntitle: reef survey\n---\n\n"
                               '{% include figure.liquid path="assets/img/reef/survey.jpg" '
                               'title="the survey boat" class="img-fluid" %}\n',
    }, baseurl="/lab")
    _convert(src, tmp_path / "out")
    body = (tmp_path / "out/_portfolio/2_reef.md").read_text()
    assert "src=\"{{ '/images/reef/survey.jpg' | relative_url }}\"" in body, body
    assert (tmp_path / "out/images/reef/survey.jpg").is_file()
