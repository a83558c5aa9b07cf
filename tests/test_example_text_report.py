"""A conversion tells the owner which of their paragraphs are their template's example text
(sitemigrate.example_paragraphs): the old site showed them, so they are carried, and one
`template-example-text` warning a file names the line of each. The template's example here
is invented, known to a monkeypatched table of template facts (no template text is copied)."""

from __future__ import annotations

import shutil

import pytest
from conftest import FIXTURES

import sitemigrate.template_files as tf
from sitemigrate import api
from sitemigrate.example_paragraphs import example_blocks
from sitemigrate.paragraphs import blocks_at, blocks_of
from sitemigrate.registry import get_theme
from sitemigrate.template_text import build_text, load_text

EXAMPLE = ("Write a few lines about yourself here: where you work, what you study and "
           "which questions keep you busy at night.")
"""The invented template's example paragraph (its about page tells the owner to replace it)."""
OWN = "I count herons on salt marshes with small quiet robots every spring."


@pytest.fixture
def example_table(monkeypatch):
    """Every theme's table, with the invented template's about page as its example text."""
    real = tf.templates
    text = load_text(build_text([("_pages/about.md", (
        "---\nlayout: about\ntitle: about\n---\n\n" + EXAMPLE +
        "\n\nYour office address goes here, with the room and the building.\n").encode())], []))

    class Table:
        def __init__(self, table):
            self.table = table
            self.text = text

        def __getattr__(self, name):
            return getattr(self.table, name)
    monkeypatch.setattr(tf, "templates", lambda theme: Table(real(theme)))


def _about(fixture: str, tmp_path, body: str):
    """A copy of the fixture site whose about page's body is ``body``; its path and the
    line of the example paragraph in it."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / fixture, src)
    about = src / "_pages/about.md"
    text = about.read_text("utf-8")
    head = text[:text.index("\n---", 3) + 5]
    about.write_text(head + body, "utf-8")
    lines = (head + body).splitlines()
    return src, lines.index(EXAMPLE) + 1 if EXAMPLE in lines else None


BODY = (f"\n{OWN}\n\n```\na fenced block\nof three lines\n```\n\n"
        "{% comment %}\na note to self,\nover lines\n{% endcomment %}\n" + EXAMPLE + "\n")
"""The owner's paragraph, code and a Liquid comment over several lines, then the example
paragraph (on the line after the comment's end)."""


@pytest.mark.parametrize(("fixture", "to"), [("al-folio-site", "academicpages"),
                                             ("academicpages-site", "al-folio"),
                                             ("al-folio-site", "al-folio")])  # an upgrade
def test_the_templates_example_paragraph_kept_on_the_about_page_is_reported(
        tmp_path, example_table, fixture, to):
    """The owner kept the template's example biography on their about page beside a
    paragraph of their own: one warning, at the example paragraph's line, in both directions
    and in an upgrade; the paragraph is carried (the old site showed it)."""
    src, line = _about(fixture, tmp_path, BODY)
    plan = api.convert(src, tmp_path / "dest", to=to)
    found = [f for f in plan.report.findings if f.code == "template-example-text"]
    assert [(f.path, f.line, f.severity) for f in found] == [
        ("_pages/about.md", line, "warning")], found
    assert f"line {line} " in found[0].message
    assert any(EXAMPLE.encode() in data for data in plan.files.values())  # carried


def test_a_site_without_the_example_text_gets_no_warning(tmp_path, example_table):
    src, _ = _about("al-folio-site", tmp_path, BODY.replace(EXAMPLE, OWN.replace(
        "herons", "egrets")))
    plan = api.convert(src, tmp_path / "dest", to="academicpages")
    assert not [f for f in plan.report.findings if f.code == "template-example-text"]


def test_each_example_paragraph_of_a_file_is_named_in_its_one_warning(tmp_path, example_table):
    src, line = _about("al-folio-site", tmp_path, BODY + "\nYour office address goes here, "
                       "with the room and the building.\n")
    plan = api.convert(src, tmp_path / "dest", to="academicpages")
    found = [f for f in plan.report.findings if f.code == "template-example-text"]
    assert len(found) == 1 and f"lines {line}, {line + 2} " in found[0].message, found
    blocks = list(example_blocks(src, get_theme("al-folio")))
    assert [(rel, at) for rel, at, _ in blocks] == [("_pages/about.md", line),
                                                    ("_pages/about.md", line + 2)]


def test_the_blocks_of_a_body_are_those_without_lines():
    """The lines :func:`blocks_at` gives do not change which blocks a body has."""
    body = ("<script>\nvar a = 1;\n</script> first words of the first block here\n\n"
            "<!-- a\ncomment -->\n\nsecond block of words, six or more of them\n"
            "{% raw %}\n{{ x }}\n{% endraw %} and on\n\n~~~\ncode\n~~~\n"
            "third block with at least six words :smile: {: .note}\n\n"
            '<div class="caption">\n  <p>\n  a caption, the words of it at line 20\n</div>\n')
    assert [(raw, words) for _, raw, words in blocks_at(body)] == list(blocks_of(body))
    assert [line for line, _, _ in blocks_at(body)] == [3, 8, 16, 20]


def test_the_themes_page_not_found_page_is_not_asked_to_be_rewritten(tmp_path, example_table):
    """The example wording on the theme's page-not-found page (its furniture, which the
    conversion does not carry as the owner's) is no paragraph of the owner's to replace."""
    src, _ = _about("al-folio-site", tmp_path, f"\n{OWN}\n")
    (src / "_pages/404.md").write_text(
        f"---\nlayout: page\npermalink: /404.html\ntitle: 404\n---\n\n{EXAMPLE}\n", "utf-8")
    assert list(example_blocks(src, get_theme("al-folio")))  # the template's words
    plan = api.convert(src, tmp_path / "dest", to="academicpages")
    assert not [f for f in plan.report.findings if f.code == "template-example-text"]


def test_a_paragraph_of_the_owners_words_and_the_templates_sentence_is_the_owners(
        tmp_path, example_table):
    """The owner's caption, four words of their own, then the template's example sentence:
    the paragraph holds words of the owner's (a run of them longer than a version's
    rewording), so it is theirs, not the template's to replace (and verify asks for it)."""
    src, _ = _about("al-folio-site", tmp_path, f"\n{OWN}\n\nThe heron hide, dawn. {EXAMPLE}\n")
    assert not list(example_blocks(src, get_theme("al-folio")))
    plan = api.convert(src, tmp_path / "dest", to="academicpages")
    assert not [f for f in plan.report.findings if f.code == "template-example-text"]


def test_a_root_page_and_a_collection_of_any_name_are_read_for_the_example_text(
        tmp_path, example_table):
    """The owner's page at the site's root (`bio.md`) and an item of a collection the
    config declares under a name of its own (`_fieldtrips/`) are carried like `_pages/`:
    the example paragraph either kept is named too (only the usual folders were read)."""
    src, _ = _about("al-folio-site", tmp_path, f"\n{OWN}\n")
    (src / "bio.md").write_text(f"---\nlayout: page\ntitle: bio\npermalink: /bio/\n---\n\n"
                                f"{EXAMPLE}\n", "utf-8")
    (src / "_fieldtrips").mkdir()
    (src / "_fieldtrips/marsh.md").write_text(f"---\ntitle: Marsh\n---\n\n{OWN}\n\n{EXAMPLE}\n",
                                              "utf-8")
    config = src / "_config.yml"
    config.write_text(config.read_text("utf-8").replace(
        "collections:\n", "collections:\n  fieldtrips:\n    output: true\n", 1), "utf-8")
    plan = api.convert(src, tmp_path / "dest", to="academicpages")
    found = {(f.path, f.line) for f in plan.report.findings
             if f.code == "template-example-text"}
    assert found == {("bio.md", 7), ("_fieldtrips/marsh.md", 7)}, found
