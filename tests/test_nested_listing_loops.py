"""Rules found by converting real al-folio sites of 2019-2022 outside the corpus, each in a
miniature invented site in the shape of the theme's files."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

# a publications page that lists, under each year's heading, the entries of that year of
# each .bib file in turn: a loop over the files inside the loop over the years
BY_YEAR_AND_FILE = """---
layout: page
permalink: /publications/
title: Writings
years: [2023, 2025]
files: ["papers.bib", "reports.bib"]
nav: true
---

<div class="publications">
{% assign sorted_years = page.years | sort | reverse %}
{% for y in sorted_years %}
  <h2 class="year">{{y}}</h2>
  {% for file in page.files %}
    {% bibliography -f {{file}} -q @*[year={{y}}]* %}
  {% endfor %}
{% endfor %}
</div>
"""

REPORTS = """@techreport{okonkwo2025tides,
  title = {Tidal Loads on Small Harbours},
  author = {Okonkwo, Ada},
  institution = {Coastal Lab},
  year = {2025}
}
"""


def _site(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "  bibliography: papers.bib", '  bibliography: ["papers.bib", "reports.bib"]'))
    (src / "_bibliography/reports.bib").write_text(REPORTS)
    return src


def test_a_loop_over_the_years_around_a_loop_over_the_files_is_one_listing(tmp_path):
    """A loop over the years that holds only its heading and a loop over the files (which
    holds only the `bibliography` tag) lists each entry once, under its year: the target's
    listing of every item takes the outer loop's place, once (in the inner loop's place it
    listed every item under every year's heading)."""
    src = _site(tmp_path)
    (src / "_pages/publications.md").write_text(BY_YEAR_AND_FILE)
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    text = (tmp_path / "out/_pages/publications.md").read_text()
    live = text.split("{% comment %}")[0]
    assert live.count("site.publications") == 1
    assert "{% for y in" not in live and '<h2 class="year">' not in live
    assert "{% for y in sorted_years %}" in text.split("{% comment %}")[1]  # kept, inert
