"""Jekyll's own rules on miniature sites (invented content), proved with the real Jekyll
(:func:`test_jekyll.check`: SRC and DEST build, every URL of SRC is answered by DEST)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_jekyll import check

pytestmark = pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")

ALFOLIO = """title: Lab of Examples
first_name: Ada
last_name: Example
url: https://example.org
baseurl: ""
include: [{include}]
collections:
  projects:
    output: true
"""


def _site(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\nHello.\n"


def test_a_collection_folder_include_lists_is_served_as_pages_too(tmp_path):
    """`include:` naming a collection's folder makes Jekyll read it as pages as well: each
    project is also served at `/_projects/x.html`, an address the new site forwards (through
    a redirect page Jekyll publishes: its name does not start with `_`)."""
    src = _site(tmp_path / "src", {
        "_config.yml": ALFOLIO.format(include="'_pages', '_projects'"),
        "_pages/about.md": ABOUT,
        "_projects/robot.md": "---\nlayout: page\ntitle: Robot\nimportance: 1\n---\nA robot.\n",
    })
    check(src, "academicpages", tmp_path, "al-folio")


def test_a_dropdown_page_forwards_home_when_two_pages_claim_home(tmp_path):
    """A dropdown menu page (no text, no permalink: served at `/_pages/more.html`) is only
    a menu entry in academicpages: its address forwards home, also when two pages have
    `permalink: /` (one per language) and Jekyll serves one of them there."""
    src = _site(tmp_path / "src", {
        "_config.yml": ALFOLIO.format(include="'_pages'"),
        "_pages/en/about.md": ABOUT,
        "_pages/fr/about.md": ABOUT.replace("Hello", "Bonjour"),
        "_pages/en/teaching.md": "---\nlayout: page\ntitle: teaching\npermalink: /teaching/\n"
                                 "nav: true\n---\nCourses.\n",
        "_pages/en/more.md": "---\nlayout: page\ntitle: more\nnav: true\ndropdown: true\n"
                             "children:\n  - title: teaching\n    permalink: /teaching/\n---\n",
    })
    check(src, "academicpages", tmp_path, "al-folio")
