"""Rules found by converting whole al-folio sites outside the corpus: what the owner's
publications Liquid shows, read as Jekyll and jekyll-scholar render it (invented sites)."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

# a publications page with a jump bar over the years of `years:` (links only, no entry)
# before the loop that lists each year's entries
YEAR_BAR = """---
layout: page
permalink: /publications/
title: publications
nav: true
years: [2024, 2023]
---
<nav class="year-bar">
  {% for y in page.years %}
    <a href="#year-{{ y }}" class="year-jump">{{ y }}</a>
  {% endfor %}
</nav>

<div class="publications">
  {% for y in page.years %}
    <h2 class="year" id="year-{{ y }}">{{ y }}</h2>
    {% bibliography -f papers -q @*[year={{ y }}]* %}
  {% endfor %}
</div>
"""


def _alfolio(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    return src


def _convert(src: Path, dest: Path, to: str = "academicpages"):
    plan = sitemigrate.convert(src, dest, to=to)
    plan.apply()
    return plan


def test_a_loop_over_the_years_that_lists_no_entry_is_no_publications_listing(tmp_path):
    """A `{% for y in page.years %}` loop is the publications listing only when it holds a
    `{% bibliography %}` tag: a bar of links to each year, before it, lists nothing of the
    entries. The target's listing takes the place of the loop that listed them, and the bar
    stays as the owner wrote it (not emptied, no listing inside its `<nav>`)."""
    src = _alfolio(tmp_path)
    (src / "_pages/publications.md").write_text(YEAR_BAR)
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", dest)
    _convert(src, dest)
    body = (dest / "_pages/publications.md").read_text().split("---", 2)[2]
    bar = body[body.index('<nav class="year-bar">'):body.index("</nav>")]
    assert '<a href="#year-{{ y }}" class="year-jump">{{ y }}</a>' in bar
    assert "site.publications" not in bar
    listing = body.index("for post in site.publications")
    assert body.index('<div class="publications">') < listing

