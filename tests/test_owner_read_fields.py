"""A talk's `description` becomes the first paragraph of its text on academicpages; a page
of the owner's that keeps its own Liquid and lists the talks with an include of theirs that
shows `talk.description` (cards by category) still finds it in the talk's front matter
(issue #31). Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

PAGE = """---
layout: page
title: talks
permalink: /talks/
nav: true
---
<div class="talk-cards">
{% assign listed = site.talks | sort: "importance" %}
{% for talk in listed %}
  {% include talk_card.liquid %}
{% endfor %}
</div>
"""


def _talk(tmp_path: Path, card: str) -> str:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "  projects:\n    output: true\n",
        "  projects:\n    output: true\n  talks:\n    output: true\n"))
    (src / "_pages/talks.md").write_text(PAGE)
    (src / "_includes").mkdir(exist_ok=True)
    (src / "_includes/talk_card.liquid").write_text(card)
    (src / "_talks").mkdir()
    (src / "_talks/lichen-day.md").write_text(
        "---\nlayout: page\ntitle: Lichens on old walls\ndescription: Moss Society, "
        "Brellin, 2023.\nimportance: 1\n---\nBirte Oskarsdottir spoke about lichens.\n")
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    return (tmp_path / "out/_talks/lichen-day.md").read_text()


def test_a_field_the_owners_cards_show_stays_in_the_front_matter(tmp_path):
    text = _talk(tmp_path, '<div class="card"><h5>{{ talk.title }}</h5>'
                           '<p>{{ talk.description }}</p></div>\n')
    front = text.split("---")[1]
    assert "description: Moss Society, Brellin, 2023." in front


def test_cards_that_do_not_show_it_leave_it_in_the_text_only(tmp_path):
    text = _talk(tmp_path, '<div class="card"><h5>{{ talk.title }}</h5></div>\n')
    front, body = text.split("---")[1], text.split("---", 2)[2]
    assert "description" not in front and "Moss Society, Brellin, 2023." in body
