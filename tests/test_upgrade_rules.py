"""Rules found by upgrading old real sites onto the current template of their own theme
(issue #31): what Jekyll reads and the site's own layouts show is what the new site shows.
Miniature sites in each theme's exact shapes; invented people throughout."""

from __future__ import annotations

from pathlib import Path

import sitemigrate
from sitemigrate.report import Report

ALFOLIO_CONFIG = """\
first_name: Ilse
last_name: Vantongeren
title: blank
enable_project_categories: true
"""


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, body in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    return root


# A project card's description continued on a line that starts, after its indent, with
# tabs: Jekyll reads front matter with Psych (libyaml), which takes the tabs as white
# space between words; ruamel refuses them.
TABBED_PROJECT = ("---\nlayout: page\ntitle: Dune Survey\ndescription: Mapping moving sand.\n"
                  "    \t\t<div class=\"fund\">Grant 4242</div>\n"
                  "redirect: https://example.org/dunes/\nimportance: 1\ncategory: past\n---\n")


def test_front_matter_with_tabs_jekyll_reads_is_read_as_jekyll_reads_it(tmp_path):
    report = Report()
    site = sitemigrate.read_site(write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_projects/dune.md": TABBED_PROJECT,
    }), "al-folio", report)
    (project,) = site.projects
    assert project.title == "Dune Survey"
    assert project.fields["description"] == 'Mapping moving sand. <div class="fund">Grant 4242</div>'
    assert project.fields["category"] == "past" and project.redirect == "https://example.org/dunes/"
    assert not [f for f in report.findings if f.code == "bad-yaml"]


def test_an_upgraded_project_with_tabs_keeps_its_card(tmp_path):
    src = write(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG,
                                   "_projects/dune.md": TABBED_PROJECT})
    sitemigrate.convert(src, tmp_path / "dest", to="al-folio", from_="al-folio").apply()
    text = (tmp_path / "dest/_projects/dune.md").read_text("utf-8")
    assert "title: Dune Survey" in text and "Grant 4242" in text
    assert "category: past" in text and "redirect: https://example.org/dunes/" in text


def test_a_tab_where_libyaml_refuses_it_too_is_still_reported(tmp_path):
    report = Report()
    sitemigrate.read_site(write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_projects/bad.md": "---\ntitle: Bad\n\tcategory: past\n---\n",
    }), "al-folio", report)
    assert [f.line for f in report.findings if f.code == "bad-yaml"] == [3]
