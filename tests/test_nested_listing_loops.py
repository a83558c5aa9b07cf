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


# an owner's copy of the about layout (2019 shape: on `page`) that lists, after the page's
# text, talks written by hand and then every post, newest first
ABOUT_WITH_POSTS = """---
layout: page
---
{{ content }}
<h2>Talks</h2>
<ul class="post-list">
  <li><span class="post-meta">[Mar, 2021]</span>
    <a href="https://example.org/t1">Keeping harbours dry</a></li>
</ul>
<ul class="post-list">
  {% for post in site.posts %}
  <li>
    <span class="post-meta">[{{ post.date | date: '%B, %Y' }}]</span>
    <a href="{{ post.url | prepend: site.baseurl }}">{{ post.title }}</a>
<!--    <p>{{ post.summary }}</p>-->
  </li>
  {% endfor %}
</ul>
"""


def test_the_posts_an_owners_about_layout_lists_are_on_the_new_home_page(tmp_path):
    """The owner's changed about layout lists every post (a loop over `site.posts` whose
    Liquid runs on any Jekyll site and reads only what Jekyll gives every post): the new
    home page lists them too, after the talks the layout showed before them, with a finding
    that says so (it dropped the list, keeping only the talks)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.html").write_text(ABOUT_WITH_POSTS)
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    home = (tmp_path / "out/_pages/about.md").read_text()
    assert home.count("{% for post in site.posts %}") == 1
    assert home.index("Keeping harbours dry") < home.index("{% for post in site.posts %}")
    assert any(f.code == "own-layout-posts" for f in plan.report.findings)


def test_a_posts_loop_that_shows_a_field_of_the_owners_is_not_carried(tmp_path):
    """A loop over the posts that shows a front-matter key of the owner's (`post.summary`,
    where a visitor sees it) is not written into the new home page's text this way."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.html").write_text(ABOUT_WITH_POSTS.replace(
        "<!--    <p>{{ post.summary }}</p>-->", "<p>{{ post.summary }}</p>"))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    assert "site.posts" not in (tmp_path / "out/_pages/about.md").read_text()
    assert not any(f.code == "own-layout-posts" for f in plan.report.findings)
