"""What an al-folio project's own page shows, read through the layout that renders it, is
what its academicpages item page shows: a `description` that layout prints under the title
is the first paragraph of the item's text (academicpages prints the `excerpt`, which its
lists take, on the item's page only in meta tags)."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES, SHARED, needs_shared
from test_checkout import _convert, _write, academicpages_checkout

# an owner's page layout (invented) printing the description under the title
_SHOWS = """---
layout: default
---
<div class="post">
  <header class="post-header">
    <h1 class="post-title">{{ page.title }}</h1>
    <div class="post-description">{{ page.description }}</div>
  </header>
  <article>{{ content }}</article>
</div>
"""

_PROJECT = """---
layout: page
title: Tide Clock
description: a clock that reads the harbour's tide gauge
img: /assets/img/tide.png
importance: 1
---

The clock polls the gauge every ten minutes.
"""


def _source(tmp_path: Path, layout: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    shutil.rmtree(src / "_projects")
    return _write(src, {"_layouts/page.html": layout, "_projects/tide.md": _PROJECT,
                        "assets/img/tide.png": "x"})


def _item(dest: Path) -> tuple[dict, str]:
    _, front, body = (dest / "_portfolio/tide.md").read_text().split("---\n", 2)
    return yaml.safe_load(front), body


def test_a_description_the_project_layout_shows_opens_the_item_text(tmp_path):
    src = _source(tmp_path, _SHOWS)
    plan = _convert(src, academicpages_checkout(tmp_path / "checkout"), "academicpages")
    front, body = _item(tmp_path / "checkout")
    assert body.lstrip().startswith("<p>a clock that reads the harbour's tide gauge</p>")
    assert body.count("tide gauge") == 1
    assert front["excerpt"].startswith("a clock that reads")  # the lists keep it too
    assert any(f.code == "description-shown" and "_layouts/page.html" in f.message
               and f.path == "_projects/tide.md"
               for f in plan.report.findings)


def test_a_description_no_layout_shows_stays_the_excerpt_only(tmp_path):
    src = _source(tmp_path, _SHOWS.replace(
        '    <div class="post-description">{{ page.description }}</div>\n', ""))
    _convert(src, academicpages_checkout(tmp_path / "checkout"), "academicpages")
    front, body = _item(tmp_path / "checkout")
    assert "tide gauge" not in body
    assert front["excerpt"].startswith("a clock that reads")



def test_the_themes_own_page_layout_shows_the_description_too(tmp_path):
    """al-folio's own page layout (unchanged) prints a project's `description` under its
    title as well: the owner's line opens the item's text."""
    src = _source(tmp_path, "")
    (src / "_layouts/page.html").unlink()
    shutil.copy(needs_shared(SHARED / "lab/templates/al-folio-2026/_layouts/page.liquid"),
                src / "_layouts/page.liquid")
    plan = _convert(src, academicpages_checkout(tmp_path / "checkout"), "academicpages")
    _, body = _item(tmp_path / "checkout")
    assert body.lstrip().startswith("<p>a clock that reads the harbour's tide gauge</p>")
    assert any(f.code == "description-shown" and "_layouts/page.liquid" in f.message
               for f in plan.report.findings)


def test_a_description_left_with_an_open_tag_is_closed_where_the_browser_closed_it(tmp_path):
    """The layout printed `<b>a clock<b>` inside its `<p>`, whose `</p>` the browser closed
    both `<b>` at. Written into Markdown as it was, kramdown took the `</p>` after them for
    text: the item's and the page's text showed "</p>"."""
    src = _source(tmp_path, _SHOWS)
    project = _PROJECT.replace("description: a clock that reads the harbour's tide gauge",
                               "description: <b>a clock for the harbour<b>")
    _write(src, {"_projects/tide.md": project,
                 "_pages/drafts.md": "---\nlayout: page\ntitle: Drafts\npermalink: /drafts/\n"
                                     "description: <em>Only drafts, for now.\n---\n\nA list.\n"})
    _convert(src, academicpages_checkout(tmp_path / "checkout"), "academicpages")
    _, body = _item(tmp_path / "checkout")
    assert body.lstrip().startswith("<p><b>a clock for the harbour<b></b></b></p>")
    page = (tmp_path / "checkout/_pages/drafts.md").read_text().split("---\n", 2)[2]
    assert page.lstrip().startswith("<p><em>Only drafts, for now.</em></p>")
