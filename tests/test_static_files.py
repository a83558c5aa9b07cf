"""Jekyll copies every static file of a site as it is, at its own path, whether a page links
it or not: the owner's Liquid may build a file's address from data (a lab's people page,
`{{ person.image | prepend: '/assets/img/' }}`), so the owner's files are where they were in
the new site; the template's own files, the repository's top-level files and what Jekyll
does not publish stay behind, and nothing of DEST's checkout is written over."""

from __future__ import annotations

import shutil

import pytest

from conftest import FIXTURES

import sitemigrate

PEOPLE_PAGE = """---
layout: page
title: People
permalink: /people/
---
{% for person in site.data.members %}
<img src="{{ person.image | prepend: '/assets/img/' | relative_url }}" alt="{{ person.name }}">
{% endfor %}
"""


def owner_site(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_data/members.yml").write_text("- name: Bo Tamsin\n  image: people/bo.jpg\n")
    (src / "_pages/people.md").write_text(PEOPLE_PAGE)
    (src / "assets/img/people").mkdir()
    (src / "assets/img/people/bo.jpg").write_bytes(b"\xff\xd8 a photo of Bo")
    (src / "handouts").mkdir()
    (src / "handouts/week 1.do").write_text("regress y x\n")
    (src / "handouts/.notes.txt").write_text("private\n")
    (src / "drafts").mkdir()
    (src / "drafts/unfinished.pdf").write_bytes(b"%PDF-1.4 draft")
    (src / "NOTES.txt").write_text("a note at the top of the repository\n")
    (src / "assets/js").mkdir()
    (src / "assets/js/common.js").write_text("// the template's script, edited\n")
    with (src / "_config.yml").open("a") as fh:
        fh.write("exclude: [drafts]\n")
    return src


def test_the_owners_static_files_are_where_they_were(tmp_path):
    """A photo only the owner's Liquid names (from `_data/members.yml`) and a hand-out no page
    links are copied to their own paths; a hidden file, an excluded folder, a file at the top
    of the repository and a file at a path of the template's own (its scripts) are not."""
    src = owner_site(tmp_path)
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    out = tmp_path / "out"
    assert (out / "assets/img/people/bo.jpg").read_bytes() == b"\xff\xd8 a photo of Bo"
    assert (out / "handouts/week 1.do").read_text() == "regress y x\n"
    assert "{{ person.image | prepend: '/assets/img/' | relative_url }}" in \
        (out / "_pages/people.md").read_text()
    for left in ("handouts/.notes.txt", "drafts/unfinished.pdf", "NOTES.txt",
                 "assets/js/common.js"):
        assert not (out / left).exists(), left
    assert any(f.code == "asset" and "/handouts/week%201.do" in f.message
               for f in plan.report.findings)


def test_a_static_file_never_replaces_one_of_dests_checkout(tmp_path):
    """DEST's checkout has a file at that path (the target template's own): it stays."""
    src = owner_site(tmp_path)
    out = tmp_path / "out"
    (out / "handouts").mkdir(parents=True)
    (out / "handouts/week 1.do").write_text("the checkout's own\n")
    sitemigrate.convert(src, out, to="academicpages").apply()
    assert (out / "handouts/week 1.do").read_text() == "the checkout's own\n"
    assert (out / "assets/img/people/bo.jpg").is_file()


def test_a_relative_value_that_names_no_file_is_kept_as_written(tmp_path):
    """`image: people/bo.jpg` in a project names no file at the site's root: what it means,
    the owner's Liquid that reads it decides (`prepend: '/assets/img/'`), so it is written as
    it was, not pointed at an invented `images/bo.jpg` and reported missing."""
    src = owner_site(tmp_path)
    project = src / "_projects/1_project.md"
    project.write_text(project.read_text().replace("---\n", "---\nimage: people/bo.jpg\n", 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    written = (tmp_path / "out/_portfolio/1_project.md").read_text()
    assert "\nimage: people/bo.jpg\n" in written
    assert not [f for f in plan.report.findings
                if f.code == "missing-file" and "bo.jpg" in f.message]


def test_a_missing_file_in_a_folder_of_the_site_is_still_reported(tmp_path):
    """`poster: assets/img/gone.jpg` names a folder the site has: a file of the site that is
    missing, reported (and pointed at the target's folder) as before."""
    src = owner_site(tmp_path)
    project = src / "_projects/1_project.md"
    project.write_text(project.read_text().replace("---\n", "---\nposter: assets/img/gone.jpg\n",
                                                   1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    assert [f for f in plan.report.findings if f.code == "missing-file" and "gone.jpg" in f.message]


def test_a_paperurl_without_the_sites_root_names_the_sites_file(tmp_path):
    """`paperurl: files/robot-survey.pdf` (no leading `/`) names the site's file
    `files/robot-survey.pdf`: al-folio gets the bare name in its PDF folder, where the file is
    carried (written as it was, al-folio's layout would look in `/assets/pdf/files/`)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    pub = src / "_publications/2025-05-01-robot-survey.md"
    pub.write_text(pub.read_text().replace("paperurl: '/files/robot-survey.pdf'",
                                           "paperurl: 'files/robot-survey.pdf'"))
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    bib = (tmp_path / "out/_bibliography/papers.bib").read_text()
    assert "pdf = {robot-survey.pdf}" in bib
    assert (tmp_path / "out/assets/pdf/robot-survey.pdf").is_file()


def test_a_linked_html_file_keeps_its_path_and_what_it_links(tmp_path, monkeypatch):
    """A page links `/talkmap/map.html`, an HTML file Jekyll copies as it is; it links its
    scripts relatively (`leaflet/leaflet.js`). It stays at its path (moved to the PDF
    folder, its relative links named nothing) and what it links comes along, also a file at
    a path of the template's own, which is otherwise left to the target's checkout."""
    from sitemigrate import template_files
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "talkmap/leaflet").mkdir(parents=True)
    (src / "talkmap/map.html").write_text(
        '<html><head><script src="leaflet/leaflet.js"></script>'
        '<script src="org-locations.js"></script></head><body></body></html>\n')
    (src / "talkmap/leaflet/leaflet.js").write_text("// a map library\n")
    (src / "talkmap/org-locations.js").write_text("var places = [];\n")
    about = src / "_pages/about.md"
    about.write_text(about.read_text() + '\n<iframe src="/talkmap/map.html"></iframe>\n')
    table = template_files.Templates(
        [{"name": "miniature", "generation": "2024-26", "date": "2025-01-01"}],
        {"talkmap/leaflet/leaflet.js": {"0" * 64: [0]}})
    real = template_files.templates
    monkeypatch.setattr(template_files, "templates",
                        lambda theme: table if theme.name == "academicpages" else real(theme))
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    out = tmp_path / "out"
    assert '<iframe src="/talkmap/map.html">' in (out / "_pages/about.md").read_text()
    assert (out / "talkmap/leaflet/leaflet.js").read_text() == "// a map library\n"
    assert (out / "talkmap/org-locations.js").is_file()
    assert not (out / "assets/pdf/map.html").exists()


def test_a_link_with_the_base_path_written_out_names_the_sites_file(tmp_path):
    """`<img src="/lab/images/moose.png">` on a site whose `baseurl` is `/lab`: the owner
    wrote the base path out; the file is `images/moose.png`, carried, and the link keeps
    the base path in front of its new place."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_config.yml").write_text((src / "_config.yml").read_text().replace(
        'baseurl: ""', 'baseurl: "/lab"'))
    about = src / "_pages/about.md"
    about.write_text(about.read_text() + '\n<img src="/lab/images/moose.png" alt="a moose">\n')
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    assert '<img src="/lab/assets/img/moose.png" alt="a moose">' in \
        (tmp_path / "out/_pages/about.md").read_text()
    assert not [f for f in plan.report.findings if f.code == "missing-file"]


def test_an_address_liquid_completes_stays_where_the_static_files_are(tmp_path):
    """A people page writes each headshot's address as `{{ site.baseurl }}/assets/img/people/
    {{ person.image }}`: the file's name comes from Liquid at build time, so the address names
    no file to carry. It stays as written, where the owner's static files keep their paths;
    it became `/files/people/{{ person.image }}` (its `.image}}` read as a file suffix), a
    broken picture for every person of a real lab site."""
    src = owner_site(tmp_path)
    (src / "_pages/people.md").write_text(
        "---\nlayout: page\ntitle: People\npermalink: /people/\n---\n"
        "{% for person in site.data.members %}\n"
        '<img src="{{site.baseurl}}/assets/img/people/{{person.image}}" alt="">\n'
        "{% endfor %}\n")
    (src / "_data/members.yml").write_text("- name: Bo Tamsin\n  image: bo.jpg\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    out = tmp_path / "out"
    assert '<img src="{{site.baseurl}}/assets/img/people/{{person.image}}" alt="">' in \
        (out / "_pages/people.md").read_text()
    assert (out / "assets/img/people/bo.jpg").is_file()
    assert not any("person.image" in f.message for f in plan.report.findings
                   if f.code == "missing-file")


def course_site(tmp_path):
    """An academicpages course page with its hand-outs beside it in `_teaching/` (a notebook,
    a data set no page links, a data set the page links by the site's `url`)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    course = src / "_teaching/2024-spring-field-methods.md"
    course.write_text(course.read_text("utf-8") + "\nGet [the counts]"
                      "({{ site.url }}/teaching/2024-spring-field-methods/counts.csv).\n", "utf-8")
    folder = src / "_teaching/2024-spring-field-methods"
    (folder / "week1").mkdir(parents=True)
    (folder / "counts.csv").write_text("plot,beetles\nA,4\n")
    (folder / "week1/transects.ipynb").write_text('{"cells": []}\n')
    (folder / "week1/.draft.txt").write_text("private\n")
    return src


@pytest.mark.parametrize("target", ["academicpages", "al-folio"])
def test_a_collections_static_files_stay_at_their_address(tmp_path, target):
    """Jekyll copies a file of an `output` collection that has no front matter, whatever its
    suffix, as it is, at the collection's permalink (`/teaching/<its path>`): the hand-outs
    of a course page are there in the new site too, where the page's link finds them (not
    moved to the target's folder of files, not reported missing), a hidden one not."""
    plan = sitemigrate.convert(course_site(tmp_path), tmp_path / "out", to=target)
    plan.apply()
    out = tmp_path / "out"
    assert (out / "teaching/2024-spring-field-methods/counts.csv").read_text() \
        == "plot,beetles\nA,4\n"
    assert (out / "teaching/2024-spring-field-methods/week1/transects.ipynb").is_file()
    assert not (out / "teaching/2024-spring-field-methods/week1/.draft.txt").exists()
    assert not any(f.code == "missing-file" for f in plan.report.findings)
    page = next(p for p in out.rglob("*.md") if "Field Methods" in p.read_text("utf-8"))
    assert "/teaching/2024-spring-field-methods/counts.csv" in page.read_text("utf-8")
