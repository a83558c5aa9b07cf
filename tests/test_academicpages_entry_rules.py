"""academicpages publications and talks as al-folio shows them, found by converting whole
real academicpages sites outside the corpus; each rule in a miniature invented site in the
exact shape of the theme's files."""

from __future__ import annotations

import shutil

import pytest
from conftest import FIXTURES

import sitemigrate

# an al-folio bib layout of DEST, with (or without) the id of each entry
BIB_LAYOUT = """---
---
<div class="row">
  <div {{ ID }}class="col-sm-10">
    <div class="title">{{ entry.title }}</div>
  </div>
</div>
"""

# academicpages' talks page, as its template writes it
TALKS = """---
layout: archive
title: "Talks and presentations"
permalink: /talks/
author_profile: true
---

{% for post in site.talks reversed %}
  {% include archive-single-talk.html %}
{% endfor %}
"""


@pytest.mark.parametrize("entry_id", [True, False])
def test_an_old_publication_address_forwards_to_its_entry(tmp_path, entry_id):
    """academicpages gives each publication a page (`/publication/x`); al-folio lists it on
    its publications page, where DEST's bib layout gives each entry its key as id
    (`<div id="{{ entry.key }}"`). The old address used to forward to the top of the page
    (a visitor searched a long list for the paper): it forwards to the entry itself, and the
    ledger says so. A bib layout without the id: the page, as before."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    dest = tmp_path / "out"
    (dest / "_layouts").mkdir(parents=True)
    (dest / "_layouts/bib.liquid").write_text(
        BIB_LAYOUT.replace("{{ ID }}", 'id="{{ entry.key }}" ' if entry_id else ""))
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    row = next(u for u in plan.report.urls if u["old"] == "/publication/2021-03-10-corridors")
    want = "/publications/#2021-03-10-corridors" if entry_id else "/publications/"
    assert row == {"old": "/publication/2021-03-10-corridors", "new": want, "how": "redirect",
                   "source": "_publications/2021-03-10-corridors.md"}
    stub = next(p.read_text() for p in (dest / "_pages/redirects").iterdir()
                if "/publication/2021-03-10-corridors\n" in p.read_text())
    assert f"redirect: {want}\n" in stub
    assert "@article{2021-03-10-corridors," in (dest / "_bibliography/papers.bib").read_text()
    # a publication with a page of its own keeps its address, never an anchor
    own = next(u for u in plan.report.urls if u["old"] == "/publication/2025-05-01-robot-survey")
    assert own["how"] == "same"


def test_a_talks_type_is_on_the_talks_list(tmp_path):
    """academicpages' talk list shows each talk's type (Talk, Tutorial, Poster) before its
    venue; the talks page written for al-folio showed venue, place and month only: a
    visitor no longer saw which talks were posters. Its list shows the type too, where a
    talk has one."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/talks.html").write_text(TALKS)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    talks = (tmp_path / "out/_pages/talks.html").read_text()
    loop = talks[talks.index("{% for talk in talks %}"):talks.index("{% endfor %}")]
    assert "{% if talk.type %}{{ talk.type }}, {% endif %}{{ talk.venue }}" in loop
    talk = (tmp_path / "out/_talks/2024-09-12-field-robots.md").read_text()
    assert "type: Talk" in talk or 'type: "Talk"' in talk  # the value the list prints


# an owner's list item that heads each publication with a front-matter text of its own
HEADLINE_INCLUDE = """{% if post.collection == 'publications' %}
<div class="list__item">
  <h2 class="archive__item-title">{{ post.papertitle }}</h2>
  {{ post.author }}<br>{{ post.journal }}
</div>
{% endif %}
"""

UNTITLED = """---
collection: publications
papertitle: Lichen cover on granite boulders of a raised shore
author: 4. Berg, O. and <b>Lindqvist, T.</b> (2019)
journal: <i>Boreal Field Notes</i>, 3(2), 14-20.
---
"""


def test_an_untitled_undated_publication_takes_the_heading_and_year_its_list_showed(
        tmp_path):
    """An academicpages owner's own `archive-single.html` heads each publication with
    `<h2>{{ post.papertitle }}</h2>`; the publications have no `title` and no `date`, their
    year stated in the text the list showed (`... (2019)`). The al-folio entry used to have
    an empty title, and every dateless one was left out of `papers.bib` (its publications
    page lost them): the entry's title is the text the list headed it with, its year the one
    its text states."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_includes").mkdir(exist_ok=True)
    (src / "_includes/archive-single.html").write_text(HEADLINE_INCLUDE)
    (src / "_publications/2019-lichens.md").write_text(UNTITLED)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    bib = (tmp_path / "out/_bibliography/papers.bib").read_text()
    entry = bib[bib.index("{2019-lichens,"):]
    entry = entry[:entry.index("\n}\n")]
    assert "title = {Lichen cover on granite boulders of a raised shore}" in entry
    assert "year = {2019}" in entry and "papertitle" not in entry
    assert not any(f.code == "publication-no-year" and "2019-lichens" in f.message
                   for f in plan.report.findings)
    said = {f.code for f in plan.report.findings if "`2019-lichens`" in f.message}
    assert {"publication-title", "publication-year"} <= said


# an owner's own talk list item, which shows each talk's excerpt
TALK_INCLUDE = """<div class="list__item">
  <h2>{{ post.title }}</h2>
  {% if post.venue %}<p>{{ post.location }}; {{ post.type }}: <i>{{ post.venue }}</i></p>{% endif %}
  {% if post.excerpt %}<p>{{ post.excerpt | markdownify }}</p>{% endif %}
</div>
"""


@pytest.mark.parametrize("own_include", [True, False])
def test_a_talks_details_line_is_not_the_excerpt_its_owners_list_shows(tmp_path, own_include):
    """A talk's page in al-folio gets a line of its details at its top (its layout shows
    none of them); Jekyll makes that line the talk's excerpt, which the owner's own talk
    list include, kept on the talks page, printed under each talk: every talk listed its
    details twice. Where an owner's include shows `post.excerpt`, the talk states the excerpt
    it had in the source (none, for a talk without text); so it does where the stock include
    showed it, as the al-folio list written in its place shows it too
    (tests/test_list_shown.py)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/talks.html").write_text(TALKS)
    if own_include:
        (src / "_includes").mkdir(exist_ok=True)
        (src / "_includes/archive-single-talk.html").write_text(TALK_INCLUDE)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    talk = (tmp_path / "out/_talks/2024-09-12-field-robots.md").read_text()
    head, body = talk.split("\n---\n", 1)
    assert "{{ page.type }}, {{ page.venue }}" in body  # the details line, on its page
    source = (src / "_talks/2024-09-12-field-robots.md").read_text().split("\n---\n", 1)[1]
    first = source.strip().split("\n\n")[0]
    assert f"excerpt: {first}" in head or f"excerpt: '{first}'" in head \
        or f'excerpt: "{first}"' in head
