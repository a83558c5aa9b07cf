"""A value the old theme's own layout wrote into a page's text (a paper's venue above its
text, a course's teacher), where the new theme's layouts show nothing of it: on a switch of
theme, that layout's own Liquid for it is carried into the page, before the text when the
layout had it before ``{{ content }}``, else after; when that Liquid would not run the same
on the new site (an include, a variable an include set), the value is said lost.

The layouts are invented and made the template's own through a miniature template table
(tests/test_template_files.py), as a checkout ships them; the people are invented."""

from __future__ import annotations

import re
import shutil

from conftest import FIXTURES
from test_checkout import _convert, _write, academicpages_checkout, alfolio_checkout

# `checkout` and `ownlayouts` bind `templates` by name when first imported: before a test
# here patches it, not while it is patched
from sitemigrate import template_files as tf
from sitemigrate.jekyll import checkout, ownlayouts  # noqa: F401


def _theirs(monkeypatch, theme: str, files: dict[str, str]) -> None:
    """``files`` (path: text) are template ``theme``'s own, unchanged."""
    table = tf.Templates([{"name": "miniature", "generation": "2024-26", "date": "2025-01-01"}],
                         {rel: {tf.digest(text.encode()): [0]} for rel, text in files.items()})
    real = tf.templates
    monkeypatch.setattr(tf, "templates", lambda t: table if t.name == theme else real(t))


def _collection(src, name: str) -> None:
    config = src / "_config.yml"
    text = config.read_text()
    entry = f"  {name}:\n    output: true\n"
    config.write_text(text.replace("collections:\n", "collections:\n" + entry, 1)
                      if "collections:\n" in text else text + "collections:\n" + entry)


_SINGLE = ("---\nlayout: default\n---\n{% include base_path %}\n<h1>{{ page.title }}</h1>\n"
           "{% if page.kind == 'talk' %}\n  <p>Talk at {{ page.venue }}</p>\n"
           "{% elsif page.venue %}\n  <p>Printed in <i>{{ page.venue }}</i>,\n\n"
           "  {{ page.date | date: \"%Y\" }}</p>\n{% endif %}\n"
           "{% if page.sponsor %}<p>{{ base_path }} {{ page.sponsor }}</p>{% endif %}\n"
           "{{ content }}\n{% if page.citation %}\n  <p>Cite as: {{ page.citation }}</p>\n"
           "{% endif %}\n{% if page.slides %}<p><a href=\"{{ page.slides }}\">Slides</a></p>"
           "{% endif %}\n")


def test_what_academicpages_own_layout_wrote_of_an_owners_paper_shows_on_al_folio(
        tmp_path, monkeypatch):
    """academicpages' item layout (the theme's own) printed a paper's venue above its text
    and its citation and a link to its slides under it, on a collection of the owner's
    (`_studies`): al-folio's page layout shows none, so that Liquid is the start and the
    end of the page's text (said at each key's line); one that reads a variable an include
    of the old theme set (`base_path`) is said lost."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _write(src, {"_layouts/single.html": _SINGLE, "_studies/2021-05-02-tides.md":
                 "---\ntitle: Tides of the inner fjord\nlayout: single\ndate: 2021-05-02\n"
                 "venue: Journal of Quiet Harbours\ncitation: 'Okonkwo, A. (2021). Tides.'\n"
                 "sponsor: The Gull Fund\nslides: https://example.org/tides.pdf\n---\n\n"
                 "We measured the tide.\n"})
    _collection(src, "studies")
    _theirs(monkeypatch, "academicpages", {"_layouts/single.html": _SINGLE})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    body = (dest / "_studies/2021-05-02-tides.md").read_text().split("---\n", 2)[2]
    venue = body.index("{% elsif page.venue %}")
    assert body.index("{% if page.kind == 'talk' %}") < venue < body.index("We measured")
    assert "\n\n" not in body[:body.index("We measured") - 2]  # the excerpt: not inside it
    assert body.index("We measured") < body.index("Cite as: {{ page.citation }}")
    assert body.index("Cite as:") < body.index('<a href="{{ page.slides }}">Slides</a>')
    assert "page.sponsor" not in body
    said = {k: f for f in plan.report.findings if f.path == "_studies/2021-05-02-tides.md"
            and f.code == "extra-key-shown" for k in ("venue", "citation", "sponsor", "slides")
            if f"`{k}`" in f.message}
    assert said["venue"].outcome == "mapped" and said["venue"].line == 5
    assert "lines 6-12" in said["venue"].message
    assert said["citation"].outcome == "mapped" and said["citation"].line == 6
    assert said["sponsor"].outcome == "lost" and said["sponsor"].line == 7
    assert said["slides"].outcome == "mapped" and "(line 18)" in said["slides"].message


def _lesson_on_academicpages(tmp_path, monkeypatch, layout: str, text: str, lesson: str):
    """The al-folio fixture with ``layout`` (al-folio's own, unchanged) and a document of a
    collection of the owner's (`_lessons/knots.md`) laid out in it, converted into an
    academicpages checkout: the plan and the document's written text."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {layout: text, "_lessons/knots.md": lesson})
    _collection(src, "lessons")
    _theirs(monkeypatch, "al-folio", {layout: text})
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    return plan, next(dest.glob("_lessons/*knots*")).read_text().split("---\n", 2)[2]


_COURSE = ("---\nlayout: page\n---\n<div>\n  {{ content }}\n  {% if page.instructor %}\n"
           "    <p>Taught by {{ page.instructor | upcase }}</p>\n  {% endif %}\n"
           "  {% if page.room %}<p>{{ page.room | room_name }}</p>{% endif %}\n</div>\n")


def test_what_al_folios_own_layout_wrote_of_an_owners_course_shows_on_academicpages(
        tmp_path, monkeypatch):
    """al-folio's course layout (the theme's own) printed a course's teacher under its
    text; academicpages' item layout does not: that Liquid is at the end of the page's
    text. One that needs a filter no Jekyll site has (a plugin's) is said lost."""
    plan, body = _lesson_on_academicpages(
        tmp_path, monkeypatch, "_layouts/course.liquid", _COURSE,
        "---\ntitle: Knots for sailors\nlayout: course\ninstructor: Ilse Varga\n"
        "room: B12\n---\n\nBowline, reef knot, clove hitch.\n")
    assert re.search(r"Bowline.*\{% if page\.instructor %\}\n  <p>Taught by "
                     r"\{\{ page\.instructor \| upcase \}\}</p>\n\{% endif %\}", body, re.S)
    assert "room_name" not in body
    said = {k: f for f in plan.report.findings if f.code == "extra-key-shown"
            for k in ("instructor", "room") if f"`{k}`" in f.message}
    assert said["instructor"].outcome == "mapped" and said["room"].outcome == "lost"


_PAGE = ("---\nlayout: default\n---\n<div>\n  <h1>{{ page.title }}</h1>\n"
         "  <p class=\"lede\">{{ page.description }}</p>\n  <p>{{ page.tagline }}\n  </p>\n"
         "  {{ content }}\n</div>\n")


def test_a_line_of_the_old_themes_layout_that_writes_a_value_unguarded_is_carried_whole(
        tmp_path, monkeypatch):
    """al-folio's page layout writes a page's `description` under its title with no `if`
    around it: on an item of the owner's collection (`_lessons`), that line, a whole
    element, is the start of the page's text on academicpages. A value whose element does
    not close on its line is said lost."""
    plan, body = _lesson_on_academicpages(
        tmp_path, monkeypatch, "_layouts/page.liquid", _PAGE,
        "---\ntitle: Knots\nlayout: page\ndescription: Six knots in an afternoon\n"
        "tagline: Hold fast\n---\n\nBowline.\n")
    assert body.startswith("{::nomarkdown}\n<p class=\"lede\">{{ page.description }}</p>\n"
                           "{:/nomarkdown}\n\nBowline.")
    said = {k: f for f in plan.report.findings if f.code == "extra-key-shown"
            for k in ("description", "tagline") if f"`{k}`" in f.message}
    assert said["description"].outcome == "mapped" and "(line 6)" in said["description"].message
    assert said["tagline"].outcome == "lost"


def test_a_key_your_layout_reads_inside_an_html_tag_is_no_block_of_text(tmp_path):
    """A key the owner's layout reads inside an element's opening tag (a class or a style
    it sets) is no part of the page's text to carry: the lines around it are that element's
    (an unclosed `<div ...>`), so nothing is added to the page, and the key is said lost to
    a visitor; a key the same layout shows in its own element is added as before."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {"_layouts/notes.liquid":
                 "---\nlayout: default\n---\n<div class=\"post {% if page.backdrop %}with-bg"
                 "{% endif %}\">\n{% if page.motto %}<p class=\"motto\">{{ page.motto }}</p>"
                 "{% endif %}\n{{ content }}\n</div>\n",
                 "_pages/notes.md": "---\nlayout: notes\ntitle: Notes\npermalink: /notes/\n"
                                    "backdrop: /assets/img/moss.jpg\nmotto: Slow and green\n"
                                    "---\nMoss grows slowly.\n"})
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    body = (dest / "_pages/notes.md").read_text().split("---\n", 2)[2]
    assert '<p class="motto">{{ page.motto }}</p>' in body
    assert "with-bg" not in body and "<div" not in body
    said = {f.message.split("`")[1]: f.outcome for f in plan.report.findings
            if f.code == "extra-key-shown"}
    assert said == {"backdrop": "lost", "motto": "verbatim"}


def test_the_layouts_lines_above_an_items_text_are_not_the_excerpt_its_list_shows(
        tmp_path, monkeypatch):
    """academicpages' item layout printed a paper's venue above its text; on al-folio that
    Liquid starts the page's text, where Jekyll would take it for the excerpt an owner's list
    of the collection shows (`{{ post.excerpt }}`). A paper that stated no `excerpt` keeps the
    one it had (its first paragraph); one that stated its own keeps that."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    head = "---\ntitle: Tides\nlayout: single\ndate: 2021-05-02\nvenue: Journal of Quiet Harbours\n"
    _write(src, {"_layouts/single.html": _SINGLE,
                 "_includes/study-line.html": "<p>{{ post.title }}: {{ post.excerpt }}</p>\n",
                 "_pages/studies.md": "---\ntitle: Studies\npermalink: /studies/\n---\n"
                 "{% for post in site.studies %}{% include study-line.html %}{% endfor %}\n",
                 "_studies/2021-05-02-tides.md": head + "---\n\nWe measured the tide.\n\n"
                 "Then we went home.\n",
                 "_studies/2021-06-02-gulls.md": head.replace("Tides", "Gulls")
                 + "excerpt: Gulls, counted.\n---\n\nWe counted gulls.\n"})
    _collection(src, "studies")
    _theirs(monkeypatch, "academicpages", {"_layouts/single.html": _SINGLE})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    tides = (dest / "_studies/2021-05-02-tides.md").read_text()
    front, body = tides.split("---\n", 2)[1:]
    assert body.index("page.venue") < body.index("We measured")
    assert "excerpt: We measured the tide.\n" in front
    gulls = (dest / "_studies/2021-06-02-gulls.md").read_text()
    assert gulls.count("excerpt:") == 1 and "excerpt: Gulls, counted." in gulls
