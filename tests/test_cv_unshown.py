"""An academicpages Markdown CV page written for al-folio, whose CV layout shows the CV data
and no page text: every piece of the page's text that is neither CV data, nor a list that
became a CV section, nor the page's `description` is a finding at its line, never gone in
silence (issue 31). Invented people and text throughout."""

from __future__ import annotations

from pathlib import Path

from test_cv import _site

import sitemigrate

CONFIG = "title: Rin Halvorsen\nauthor:\n  name: Rin Halvorsen\ninclude: [_pages]\n"
FRONT = "---\nlayout: archive\ntitle: CV\npermalink: /cv/\nauthor_profile: true\n---\n\n"
DATA = ("{% include base_path %}\n\n"
        "Education\n======\n* Ph.D in Glaciology, Fjord College, 2019\n"
        "* M.S. in Ice Physics, Fjord College, 2015\n\n"
        "Work experience\n======\n* 2020: Postdoc\n  * Polar Lab\n\n")


def _convert(tmp_path: Path, body: str, files: dict[str, str] | None = None):
    src = _site(tmp_path / "src", {"_config.yml": CONFIG, "_pages/cv.md": FRONT + body,
                                   **(files or {})})
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio", from_="academicpages")
    plan.apply()
    return plan, [f for f in plan.report.findings if f.code == "cv-unshown"]


def test_a_heading_with_only_a_comment_under_it_is_said_at_its_line(tmp_path):
    body = DATA + ("# [Publications](/publications/)\n<!-- the list is on its own page -->\n\n"
                   "Service\n======\n* Reviewer for Ice Letters\n")
    plan, found = _convert(tmp_path, body)
    page = (tmp_path / "out/_pages/cv.md").read_text()
    assert "layout: cv" in page  # the CV is data: the layout shows no page text
    assert [(f.path, f.line) for f in found] == [("_pages/cv.md", 20)]
    assert "`# [Publications](/publications/)`" in found[0].message
    assert "Polar Lab" in (tmp_path / "out/_data/cv.yml").read_text()


def test_a_list_that_became_a_section_and_comments_are_no_finding(tmp_path):
    body = DATA + ("<!-- Skills\n======\n* Knitting -->\n\n"
                   "Talks\n======\n  <ul>{% for post in site.talks reversed %}\n"
                   "    {% include archive-single-talk-cv.html %}\n  {% endfor %}</ul>\n")
    talk = ("---\ntitle: Ice at Dawn\ncollection: talks\nvenue: Frost Days\n"
            "date: 2022-02-03\n---\nText.\n")
    plan, found = _convert(tmp_path, body, {"_talks/ice.md": talk})
    assert "Ice at Dawn" in (tmp_path / "out/_data/cv.yml").read_text()
    assert found == []


def test_a_picture_left_on_the_page_is_said(tmp_path):
    body = '<img src="/images/portrait.png" alt="">\n\n' + DATA
    plan, found = _convert(tmp_path, body, {"images/portrait.png": "png"})
    assert "layout: cv" in (tmp_path / "out/_pages/cv.md").read_text()
    assert [(f.path, f.line) for f in found] == [("_pages/cv.md", 8)]
