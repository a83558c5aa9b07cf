"""A publications page that lists one `.bib` file in parts: a tag of preprints, a loop over
the page's `years:` with a tag per year, and a tag of older papers. Each part lists on
academicpages what jekyll-scholar listed there: the loop only the entries of its years,
and an entry two parts select (a preprint of a listed year) in both."""

from __future__ import annotations

import re

import yaml
from test_cited_bib import ABOUT, CONFIG
from test_read_rules import write

import sitemigrate

PAPERS = """\
@article{tern24,
  title={Terns Over Gravel},
  author={Marlowe, Oda},
  journal={Shorebird Notes},
  note={preprint},
  year={2024}
}

@article{plover23,
  title={Plover Nests in Winter},
  author={Marlowe, Oda},
  journal={Shorebird Notes},
  year={2023}
}

@article{dune08,
  title={Dune Grass Surveys},
  author={Marlowe, Oda},
  journal={Coastal Letters},
  year={2008}
}
"""

PAGE = """---
layout: page
title: publications
permalink: /publications/
nav: true
years: [2024, 2023]
---
<h4>Preprints</h4>
{% bibliography -f papers -q @*[note=preprint] %}

{% for y in page.years %}
  <h4 class="year" id="{{y}}">{{y}}</h4>
  {% bibliography -f papers -q @*[year={{y}}] %}
{% endfor %}

<h4>Older</h4>
{% bibliography -f papers -q @*[year<=2019] %}
"""


def _sections(dest) -> dict[str, set[str]]:
    """By title: the parts of the publications page (its three listings, in order) whose
    listing shows the entry."""
    fields = {}
    for path in (dest / "_publications").glob("*.md"):
        front = yaml.safe_load(path.read_text("utf-8").split("---")[1])
        fields[front["title"]] = {k: str(v) for k, v in front.items()}
    body = (dest / "_pages/publications.md").read_text("utf-8")
    listings = re.findall(r"\{%\s*for post in site\.publications[^%]*%\}"
                          r"(?:\{%\s*if post\.(\w+) == \"([^\"]+)\"\s*%\})?", body)
    assert len(listings) == 3, body
    shown: dict[str, set[str]] = {t: set() for t in fields}
    for part, (field, value) in zip(("Preprints", "years", "Older"), listings, strict=True):
        for title, have in fields.items():
            if not field or have.get(field) == value:
                shown[title].add(part)
    return shown


def test_a_loop_over_the_years_lists_the_entries_of_its_years_and_each_part_its_own(
        tmp_path):
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PAGE, "_bibliography/papers.bib": PAPERS})
    sitemigrate.convert(src, tmp_path / "dest", to="academicpages").apply()
    shown = _sections(tmp_path / "dest")
    assert shown == {"Terns Over Gravel": {"Preprints", "years"},
                     "Plover Nests in Winter": {"years"},
                     "Dune Grass Surveys": {"Older"}}, shown


def test_a_loop_whose_years_miss_only_a_home_page_paper_lists_every_publication(tmp_path):
    """The years of the loop stop at 2023; a selected paper of 2024 shows on the home page
    only, so every entry the publications page keeps is one of its years: that page stays
    the list of every publication (no part to tell apart)."""
    bib = PAPERS.replace("note={preprint},\n", "selected={true},\n")
    page = PAGE.replace("years: [2024, 2023]", "years: [2023, 2008]").split("<h4>Preprints")[0] \
        + "{% for y in page.years %}\n  <h4>{{y}}</h4>\n" \
          "  {% bibliography -f papers -q @*[year={{y}}]* %}\n{% endfor %}\n"
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="true"),
        "_pages/publications.md": page, "_bibliography/papers.bib": bib})
    sitemigrate.convert(src, tmp_path / "dest", to="academicpages").apply()
    body = (tmp_path / "dest/_pages/publications.md").read_text("utf-8")
    titles = {yaml.safe_load(p.read_text("utf-8").split("---")[1])["title"]
              for p in (tmp_path / "dest/_publications").glob("*.md")}
    assert titles == {"Plover Nests in Winter", "Dune Grass Surveys"}
    assert "bib_section" not in body and "site.publications" in body
