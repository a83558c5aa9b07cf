"""An al-folio projects page lists the projects by the categories its front matter names
(`display_categories`, when `enable_project_categories` is on), each category sorted by
`importance`: converted into academicpages, the portfolio page keeps those sections, in
that order, each item once, as real Jekyll renders it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import FIXTURES
from test_checkout import _convert, _write, academicpages_checkout

_PAGE = """---
layout: page
title: projects
permalink: /projects/
description: Things built by the invented owner.
nav: true
nav_order: 3
display_categories: [field, outreach, games]
horizontal: false
---

<div class="projects">
{% if site.enable_project_categories and page.display_categories %}
  {% for category in page.display_categories %}
  <a id="{{ category }}" href=".#{{ category }}">
    <h2 class="category">{{ category }}</h2>
  </a>
  {% assign categorized_projects = site.projects | where: "category", category %}
  {% assign sorted_projects = categorized_projects | sort: "importance" %}
  <div class="row row-cols-1 row-cols-md-3">
    {% for project in sorted_projects %}
      {% include projects.liquid %}
    {% endfor %}
  </div>
  {% endfor %}
{% else %}
{% assign sorted_projects = site.projects | sort: "importance" %}
  {% for project in sorted_projects %}{% include projects.liquid %}{% endfor %}
{% endif %}
</div>
"""


def _project(title: str, category: str, importance: int) -> str:
    return (f"---\nlayout: page\ntitle: {title}\ndescription: about {title}\n"
            f"importance: {importance}\ncategory: {category}\n---\n\nNotes on {title}.\n")


def _source(tmp_path: Path, switch: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    shutil.rmtree(src / "_projects")
    config = (src / "_config.yml").read_text()
    config += f"enable_project_categories: {switch}\n"
    return _write(src, {
        "_config.yml": config,
        "_pages/projects.md": _PAGE,
        # file names in another order than the page's: the sections and `importance` decide
        "_projects/a_kite.md": _project("Kite Survey", "field", 2),
        "_projects/b_talk.md": _project("School Visits", "outreach", 1),
        "_projects/c_buoy.md": _project("Buoy Logger", "field", 1),
        "_projects/d_hidden.md": _project("Garden Shed", "hobby", 1),
    })


def _listing(dest: Path) -> str:
    text = (dest / "_pages/projects.md").read_text()
    return text.split("---\n", 2)[2]


def test_the_categories_of_a_projects_page_stay_its_sections(tmp_path):
    src = _source(tmp_path, "true")
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    body = _listing(dest)
    headings = re.findall(r"<h2[^>]*>([^<]*)</h2>", body)
    assert headings == ["field", "outreach"]
    assert body.count('post.category == "field"') == 1
    assert body.count('post.category == "outreach"') == 1
    assert "hobby" not in body  # a category the page does not list stays unlisted
    assert "games" not in body  # one that no project of the owner is in: no empty heading
    assert 'sort: "importance"' in body
    assert any(f.code == "listing-section" and "2 projects section(s)" in f.message
               for f in plan.report.findings)


def test_a_page_of_categories_none_of_the_projects_is_in_lists_none(tmp_path):
    """al-folio lists, under each category the page names, the projects in it: a page
    naming only categories no project is in (a teaching page made from the projects page)
    showed none of them, so the new page lists none, not every project."""
    src = _source(tmp_path, "true")
    _write(src, {"_pages/projects.md": _PAGE.replace("[field, outreach, games]",
                                                     "[seminars, archive]")})
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    body = _listing(dest)
    assert "site.portfolio" not in body and "{% for post in" not in body
    assert "archive-single" not in body
    assert any(f.code == "listing-section" and "lists none" in f.message
               for f in plan.report.findings)


def test_with_the_switch_off_every_project_is_listed_once(tmp_path):
    """With the switch off, al-folio's page lists every project once, sorted by their
    `importance`: so does the new page (academicpages' own listing takes the collection's
    order, by date, then file name)."""
    src = _source(tmp_path, "false")
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    body = _listing(dest)
    assert "<h2" not in body and "post.category ==" not in body
    assert body.count("site.portfolio") == 1 and body.count("{% for post in") == 1
    assert '{% assign items = site.portfolio | compact | sort: "importance" %}' in body
    page = src / "_pages/projects.md"
    page.write_text(page.read_text().replace('sort: "importance"', 'sort: "year" | reverse'))
    _convert(src, academicpages_checkout(tmp_path / "again"), "academicpages")
    assert '{% assign items = site.portfolio | compact | sort: "year" | reverse %}' \
        in _listing(tmp_path / "again")


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="needs Jekyll")
def test_jekyll_renders_the_sections_in_the_sources_order(tmp_path):
    src = _source(tmp_path, "true")
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    # the written listing and items, built by real Jekyll with a one-line item include
    site = _write(tmp_path / "site", {
        "_config.yml": "title: t\ncollections:\n  portfolio:\n    output: true\n",
        "_includes/base_path": "",
        "_includes/archive-single.html": "ITEM[{{ post.title }}]\n",
        "index.md": "---\ntitle: t\n---\n" + _listing(dest)})
    shutil.copytree(dest / "_portfolio", site / "_portfolio")
    proc = subprocess.run(["jekyll", "build", "-s", str(site), "-d", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    html = (tmp_path / "out/index.html").read_text()
    shown = re.findall(r"<h2[^>]*>([^<]*)</h2>|ITEM\[([^\]]*)\]", html)
    assert [h or i for h, i in shown] == ["field", "Buoy Logger", "Kite Survey",
                                          "outreach", "School Visits"]


def test_a_project_keeps_its_date(tmp_path):
    """academicpages' lists print every portfolio item's date; a project the owner dated
    keeps that date (Jekyll would give an undated item the day of the build)."""
    src = _source(tmp_path, "true")
    _write(src, {"_projects/a_kite.md": _project("Kite Survey", "field", 2).replace(
        "importance:", "date: 2021-03-04\nimportance:")})
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    dated = (dest / "_portfolio/a_kite.md").read_text().split("---\n")[1]
    undated = (dest / "_portfolio/c_buoy.md").read_text().split("---\n")[1]
    assert "date: 2021-03-04\n" in dated
    assert "date:" not in undated


def test_a_list_shows_no_text_of_a_project_the_source_list_did_not(tmp_path):
    """al-folio's cards show a project's title, description and image, never its page's
    text; academicpages' list prints an item's excerpt, by default Jekyll's (its first
    paragraph): a project without description or image gets an empty one."""
    src = _source(tmp_path, "true")
    _write(src, {"_projects/e_bare.md": "---\nlayout: page\ntitle: Bare Project\n"
                                         "importance: 3\ncategory: field\n---\n\n"
                                         "# A heading the card never showed\n\nText.\n"})
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    bare = yaml.safe_load((dest / "_portfolio/e_bare.md").read_text().split("---\n")[1])
    described = yaml.safe_load((dest / "_portfolio/a_kite.md").read_text().split("---\n")[1])
    assert bare["excerpt"] == ""
    assert described["excerpt"] == "about Kite Survey"


def test_a_project_with_a_list_of_categories_does_not_stop_the_run(tmp_path):
    """Bad input never crashes: a project whose `category` is a list is in no section."""
    src = _source(tmp_path, "true")
    _write(src, {"_projects/f_list.md": _project("Listed Twice", "[field, outreach]", 4)})
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    assert re.findall(r"<h2[^>]*>([^<]*)</h2>", _listing(dest)) == ["field", "outreach"]
