"""`excerpt_separator: ""` (in `_config.yml` or a document's front matter): Jekyll then makes
no excerpt (`Document#generate_excerpt?`), so academicpages' talk and teaching lists show
none under the items; al-folio's lists written for them show none either, and the setting is
carried. Invented people (fixtures/academicpages-site plus the files of test_list_shown)."""

from __future__ import annotations

import yaml
from test_list_shown import ITEMS, TALKS, TEACHING, _academicpages, _front

import sitemigrate
from sitemigrate.jekyll.documents import excerpt_separator


def test_the_separator_is_the_one_jekyll_cuts_at():
    assert excerpt_separator({}) == "\n\n"
    assert excerpt_separator({"excerpt_separator": None}) == "\n\n"  # Jekyll keeps its default
    assert excerpt_separator({"excerpt_separator": ""}) == ""
    assert excerpt_separator({"excerpt_separator": "<!--more-->"}) == "<!--more-->"
    assert excerpt_separator({}, {"excerpt_separator": ""}) == ""
    assert excerpt_separator({"excerpt_separator": ""}, {"excerpt_separator": False}) == ""


def test_no_excerpt_where_the_site_sets_an_empty_separator(tmp_path):
    src = _academicpages(tmp_path, {"_pages/talks.html": TALKS, "_pages/teaching.html": TEACHING,
                                    **ITEMS})
    config = src / "_config.yml"
    config.write_text("\n".join(line for line in config.read_text().splitlines()
                                if not line.startswith("excerpt_separator"))
                      + '\nexcerpt_separator: ""\n')
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    assert not _front(plan, "_talks/2023-05-02-moss.md").get("excerpt")
    assert not _front(plan, "_teachings/2021-field.md").get("excerpt")
    # an excerpt the document states is still shown
    assert _front(plan, "_talks/2022-01-10-lichen.md")["excerpt"] == "Dating walls by lichen size."
    assert yaml.safe_load(plan.files["_config.yml"].decode())["excerpt_separator"] == ""


def test_no_excerpt_where_a_document_sets_an_empty_separator(tmp_path):
    items = dict(ITEMS)
    items["_teaching/2021-field.md"] = items["_teaching/2021-field.md"].replace(
        "type: Course\n", 'type: Course\nexcerpt_separator: ""\n')
    src = _academicpages(tmp_path, {"_pages/talks.html": TALKS, "_pages/teaching.html": TEACHING,
                                    **items})
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    assert not _front(plan, "_teachings/2021-field.md").get("excerpt")
    assert _front(plan, "_talks/2023-05-02-moss.md")["excerpt"].startswith("Why moss prefers")
