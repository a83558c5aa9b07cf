"""Talks and teaching as the source site shows them, found by converting whole real sites
outside the corpus; each rule in a miniature invented site in the exact shape of the theme's
files."""

from __future__ import annotations

import shutil

from conftest import FIXTURES

import sitemigrate

# an owner's talks page at an address of their own, with the template's own listing
SEMINARS = """---
layout: archive
title: "Seminars"
permalink: /seminars/
author_profile: true
---

{% for post in site.talks reversed %}
  {% include archive-single-talk.html %}
{% endfor %}
"""

# the template's teaching page, moved by its owner to `/courses/`
COURSES = (FIXTURES / "academicpages-2017/_pages/teaching.html").read_text() \
    .replace("/teaching/", "/courses/")


def test_a_talks_or_teaching_listing_at_its_own_address_is_that_pages_listing(tmp_path):
    """academicpages: a page at `/seminars/` that lists `site.talks` with the template's
    own include is the talks page (Jekyll knows no roles: the page shows every talk). It
    used to keep the academicpages include, written as an empty placeholder: the new page
    listed nothing. Written with the target's talk and teaching listings instead."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/seminars.html").write_text(SEMINARS)
    (src / "_pages/courses.html").write_text(COURSES)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    out = tmp_path / "out"
    seminars = (out / "_pages/seminars.html").read_text()
    courses = next(p for p in (out / "_pages").glob("*.*")
                   if "/courses/" in p.read_text()).read_text()
    assert "archive-single" not in seminars and "archive-single" not in courses
    assert "site.talks" in seminars and "talk.venue" in seminars
    assert "site.teachings" in courses or "site.teaching" in courses
    assert not (out / "_includes/archive-single-talk.html").exists()
    assert not any("archive-single" in f.message and "placeholder" in f.message
                   for f in plan.report.findings)


def test_a_collection_file_with_front_matter_and_no_page_suffix_is_an_item(tmp_path):
    """Jekyll reads every file of a collection that starts with front matter as a document,
    whatever its suffix (`_talks/harbour-seminar`, no suffix): it is in `site.talks`, listed
    on the talks page and the CV. It used to be dropped without a line. A post name
    without a suffix is no post to Jekyll (not converted, and said so), and a file without
    front matter no document: neither is shown."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    talk = (src / "_talks/2024-09-12-field-robots.md").read_text()
    (src / "_talks/harbour-seminar").write_text(
        talk.replace("Field robots for ecologists", "Tidal sensors in small harbours")
        .replace("2024-09-12-field-robots", "harbour-seminar"))
    (src / "_talks/notes").write_text("Tidal notes kept beside the talks\n")
    post = next((src / "_posts").glob("*.md"))
    (src / "_posts" / post.stem).write_text(post.read_text() + "\nGullwing survey notes\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    out = tmp_path / "out"
    talks = {p.name: p.read_text() for p in (out / "_talks").iterdir()}
    assert "Tidal sensors in small harbours" in talks["harbour-seminar.md"]
    assert "/talks/harbour-seminar" in talks["harbour-seminar.md"]
    assert not any("Tidal notes" in t for t in talks.values())
    assert not any("Gullwing" in p.read_text() for p in out.rglob("*.md"))
    # said for what it is: no suffix (its name starts with a date: no line says it does not)
    said = [f.message for f in plan.report.findings if f.path == f"_posts/{post.stem}"]
    assert len(said) == 1 and "no suffix" in said[0] and "not start with" not in said[0], said


# an al-folio 2025-26 course: a year, a term, no date
COURSE = """---
layout: course
title: Estuary Sampling Methods
description: Field and lab methods for estuary water samples.
year: 2019
term: Spring
location: Harbour Hall
course_id: estuary-sampling
---

Weekly field trips to the river mouth.
"""


def test_a_courses_year_is_the_year_academicpages_shows(tmp_path):
    """al-folio: a course gives its `year:` and no date (its teaching page groups by it).
    academicpages' teaching list and course page print the year of `date`, which Jekyll
    sets to the build time when there is none: every course showed the year of the build.
    Its year is written as its date (January 1st: only the year is shown), and reported."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_teachings").mkdir()
    (src / "_teachings/estuary-sampling.md").write_text(COURSE)
    config = (src / "_config.yml").read_text()  # declared, as al-folio's config does
    (src / "_config.yml").write_text(config.replace("collections:\n",
                                                    "collections:\n  teachings:\n"
                                                    "    output: true\n", 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    course = (tmp_path / "out/_teaching/estuary-sampling.md").read_text()
    assert "\ndate: 2019-01-01\n" in course and "Harbour Hall" in course
    assert any(f.code == "teaching-year" and "2019" in f.message for f in plan.report.findings)


# a talk whose title holds unescaped quotes: invalid YAML, which Jekyll reads none of
UNREAD_TALK = """---
title: "Harbour Meeting "Tides and Ropes""
collection: talks
type: "Talk"
venue: "Harbour Hall"
date: 2021-03-04
location: "Portvale"
---

**Poster:** about tides.
"""


def test_a_talk_whose_front_matter_jekyll_cannot_read_is_no_talk_of_the_list(tmp_path):
    """Jekyll's `Document#read` stops at invalid front matter before it titles the document
    (`populate_title`) or reads any of its data: the old talks list showed the talk with no
    title, no venue, dated the day of the build. It used to be written as a talk titled
    from its file name ("Harbour Talk") with its text, on the new talks list and CV. It is
    a page with its text at its old address instead, in no list, reported with the invalid
    YAML's own line."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    shutil.copy(FIXTURES / "academicpages-2017/_pages/talks.html", src / "_pages/talks.html")
    (src / "_talks/harbour-talk.md").write_text(UNREAD_TALK)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    out = tmp_path / "out"
    assert not (out / "_talks/harbour-talk.md").exists()
    assert (out / "_talks/2024-09-12-field-robots.md").exists()
    page = (out / "_pages/talks/harbour-talk.md").read_text()
    assert "permalink: /talks/harbour-talk/" in page and "title: ''" in page
    assert "about tides" in page
    assert "Harbour Talk" not in "".join(p.read_text() for p in out.rglob("*.*")
                                         if p.suffix in (".md", ".html", ".yml", ".json"))
    codes = {f.code: f for f in plan.report.findings if f.path == "_talks/harbour-talk.md"}
    assert codes["bad-yaml"].line == 2
    assert "/talks/harbour-talk/" in codes["unread-item"].message


def test_an_al_folio_project_whose_front_matter_jekyll_cannot_read_is_no_portfolio_item(
        tmp_path):
    """The same rule read from al-folio: a project with invalid front matter had no title
    or category on the old site (al-folio's projects page lists it untitled, or not at all
    by category). It used to become a portfolio item titled from its file name; it is a
    page at its old address, in no list."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_projects/2_tide.md").write_text(
        '---\nlayout: page\ntitle: "Tide "Gauge" Logger"\nimportance: 2\ncategory: work\n'
        "---\n\nThe logger records tides.\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    out = tmp_path / "out"
    assert not list((out / "_portfolio").glob("2_tide*"))
    page = (out / "_pages/projects/2_tide.md").read_text()
    assert "title: ''" in page and "permalink: /projects/2_tide.html" in page
    assert "records tides" in page
    assert {"bad-yaml", "unread-item"} <= {f.code for f in plan.report.findings
                                           if f.path == "_projects/2_tide.md"}


def test_a_talk_whose_front_matter_never_closes_is_a_talk_jekyll_titles_by_its_name(tmp_path):
    """Jekyll builds a collection file whose first line is `---` (`has_yaml_header?`) even
    when the block never closes: no data, its whole text the content, titled from its file
    name. It was converted so, but the report also said Jekyll copies it as a static file
    and that it became a page without title: neither was true. Only the unclosed block is
    reported, saying what Jekyll does."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_talks/dock-talk.md").write_text('---\ntitle: "Dock Lights"\nvenue: "Pier 4"\n\n')
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    talk = (tmp_path / "out/_talks/dock-talk.md").read_text()
    assert "title: Dock Talk" in talk and 'venue: "Pier 4"' in talk
    found = {f.code: f.message for f in plan.report.findings if f.path == "_talks/dock-talk.md"}
    assert "no-front-matter" not in found
    assert "Jekyll still builds the file" in found["unclosed-front-matter"]


def test_an_undated_course_or_talk_is_listed_without_the_build_date(tmp_path):
    """Jekyll dates a document with no date of its own (none in its front matter, none in
    its file name) at the build time (`site.time`). academicpages' lists of such a course
    showed no date of it; the al-folio teaching and talk lists printed every document's
    date, so each undated course read "November 2026" (the month of the build), and a
    custom collection's list the year of the build. They print a date only where the
    document has one of its own."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_teaching/marsh-botany.md").write_text(
        '---\ntitle: "Marsh Botany"\ncollection: teaching\ntype: "Graduate seminar"\n'
        'permalink: /teaching/marsh-botany\nvenue: "Example University"\n---\n')
    (src / "_talks/lagoon-survey.md").write_text(
        '---\ntitle: "Lagoon survey"\ncollection: talks\ntype: "Talk"\n'
        'permalink: /talks/lagoon-survey\nvenue: "Saltmarsh Society"\n---\n')
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    pages = [p.read_text() for p in (tmp_path / "out/_pages").glob("*.*")]
    courses = next(p for p in pages if "site.teachings" in p)
    talks = next(p for p in pages if "for talk in talks" in p)
    assert "{% if course.date and course.date != site.time %}, {{ course.date" in courses
    assert "{% if talk.date != site.time %}, {{ talk.date" in talks
    assert "talk.location }}, {{ talk.date" not in talks


def test_kramdown_math_in_a_talks_title_stays_inline(tmp_path):
    """academicpages prints a talk's title through Markdown (its list and its page), where
    kramdown's `$$C^0$$` is inline math (`\\(C^0\\)`); al-folio prints a title as it
    stands, where MathJax reads `$$C^0$$` as display math: the title broke into three
    lines around a centred formula. The title is written with the inline delimiters."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_talks/2023-04-01-grids.md").write_text(
        '---\ntitle: "Moss on $$C^0$$ grids"\ncollection: talks\ntype: "Talk"\n'
        'permalink: /talks/2023-04-01-grids\nvenue: "Moss Society"\ndate: 2023-04-01\n---\n')
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    talk = (tmp_path / "out/_talks/2023-04-01-grids.md").read_text()
    assert "title: Moss on \\(C^0\\) grids" in talk and "$$" not in talk


def test_a_post_whose_front_matter_jekyll_cannot_read_keeps_its_address(tmp_path):
    """A post with invalid front matter: Jekyll's `Document#read` stops before the date and
    slug of its name are read, so its `:title` is its whole name, date included
    (`/2019-11-07-moss-notes/` under `/:categories/:title/`), and it is untitled, dated the
    day of the build. It used to be written as a post titled from its name ("Moss-notes")
    at `/moss-notes/`, and the old address answered nothing; it is a page with its text at
    its old address, in no list, as a talk of that kind is. Where the permalink places the
    build's date, no address is certain: the address of its name's date stays."""
    from sitemigrate.jekyll.urls import address_of
    broken = "---\ntitle: 'Moss 'notes''\n---\nMoss grows on the north side.\n"
    rel = "_posts/2019-11-07-moss-notes.md"
    assert address_of(rel, ({rel: broken}, {"permalink": "/:categories/:title/"})) == \
        "/2019-11-07-moss-notes/"
    assert address_of(rel, ({rel: broken}, {"permalink": "/:year/:title/"})) == \
        "/2019/moss-notes/"
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text() + "\npermalink: /:categories/:title/\n")
    (src / rel).write_text(broken)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    out = tmp_path / "out"
    assert not (out / rel).exists()
    page = (out / "_pages/posts/2019-11-07-moss-notes.md").read_text()
    assert "permalink: /2019-11-07-moss-notes/" in page and "north side" in page
    assert any(f.code == "unread-item" for f in plan.report.findings if f.path == rel)
