"""Jekyll's own rules on miniature sites (invented content), proved with the real Jekyll
(:func:`test_jekyll.check`: SRC and DEST build, every URL of SRC is answered by DEST)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_checkout import _write
from test_jekyll import check

pytestmark = pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")

ALFOLIO = """title: Lab of Examples
first_name: Ada
last_name: Example
url: https://example.org
baseurl: ""
include: [{include}]
collections:
  projects:
    output: true
"""


ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\nHello.\n"


def test_a_collection_folder_include_lists_is_served_as_pages_too(tmp_path):
    """`include:` naming a collection's folder makes Jekyll read it as pages as well: each
    project is also served at `/_projects/x.html`, an address the new site forwards (through
    a redirect page Jekyll publishes: its name does not start with `_`)."""
    src = _write(tmp_path / "src", {
        "_config.yml": ALFOLIO.format(include="'_pages', '_projects'"),
        "_pages/about.md": ABOUT,
        "_projects/robot.md": "---\nlayout: page\ntitle: Robot\nimportance: 1\n---\nA robot.\n",
    })
    check(src, "academicpages", tmp_path, "al-folio")


def test_a_dropdown_page_forwards_home_when_two_pages_claim_home(tmp_path):
    """A dropdown menu page (no text, no permalink: served at `/_pages/more.html`) is only
    a menu entry in academicpages: its address forwards home, also when two pages have
    `permalink: /` (one per language) and Jekyll serves one of them there."""
    src = _write(tmp_path / "src", {
        "_config.yml": ALFOLIO.format(include="'_pages'"),
        "_pages/en/about.md": ABOUT,
        "_pages/fr/about.md": ABOUT.replace("Hello", "Bonjour"),
        "_pages/en/teaching.md": "---\nlayout: page\ntitle: teaching\npermalink: /teaching/\n"
                                 "nav: true\n---\nCourses.\n",
        "_pages/en/more.md": "---\nlayout: page\ntitle: more\nnav: true\ndropdown: true\n"
                             "children:\n  - title: teaching\n    permalink: /teaching/\n---\n",
    })
    check(src, "academicpages", tmp_path, "al-folio")


ACADEMICPAGES = """title: Ada Example
name: Ada Example
author:
  name: Ada Example
url: https://example.org
include: ['_pages']
"""


@pytest.mark.parametrize("theme,to,config", [("al-folio", "academicpages",
                                              ALFOLIO.format(include="'_pages'")),
                                             ("academicpages", "al-folio", ACADEMICPAGES)])
def test_a_root_html_file_without_front_matter_is_carried_to_its_path(theme, to, config,
                                                                      tmp_path):
    """A root-level HTML file without front matter is a static file Jekyll copies as it is,
    at its own address (a search engine's verification file): it is carried there, as it
    was; one `exclude:` lists is not published, so not carried."""
    verify = "google-site-verification: google0123abcd.html"
    src = _write(tmp_path / "src", {
        "_config.yml": config + "exclude: [drafts.html]\n",
        "_pages/about.md": ABOUT,
        "google0123abcd.html": verify,
        "drafts.html": "<p>not published</p>",
    })
    check(src, to, tmp_path, theme)
    assert (tmp_path / "dest" / "google0123abcd.html").read_text() == verify
    assert not (tmp_path / "dest" / "drafts.html").exists()



THEMES = ACADEMICPAGES + "permalink: pretty\ncollections:\n  themes:\n    output: true\n"


def test_a_collection_documents_name_in_a_permalink_is_its_lower_case_slug(tmp_path):
    """A document's `:name` in a permalink pattern is Jekyll's slug, lower case: `ABC.md`
    of the owner's collection under al-folio's `/:collection/:name/` is at `/themes/abc/`,
    so its old `/themes/ABC/` forwards there."""
    src = _write(tmp_path / "src", {"_config.yml": THEMES, "_pages/about.md": ABOUT,
                                   "_themes/ABC.md": "---\ntitle: A theme\n---\nText.\n"})
    check(src, "al-folio", tmp_path, "academicpages")


def test_a_custom_collections_file_without_front_matter_is_a_static_file(tmp_path):
    """A file of the owner's own collection without front matter is no document: Jekyll
    copies it as it is and runs none of its Liquid (here broken: `{{% cite`), so it is
    carried as that file, not written as a page DEST would render."""
    readme = "<!DOCTYPE html>\n<html><body><p>Write {{% cite KEY --prefix {x}</p></body></html>\n"
    src = _write(tmp_path / "src", {"_config.yml": THEMES, "_pages/about.md": ABOUT,
                                   "_themes/README.html": readme,
                                   "_themes/a.md": "---\ntitle: A theme\n---\nText.\n"})
    check(src, "al-folio", tmp_path, "academicpages")
    assert (tmp_path / "dest" / "_themes" / "README.html").read_text() == readme


@pytest.mark.parametrize("theme,to,config,folder,name", [
    ("academicpages", "al-folio", ACADEMICPAGES, "_portfolio", "portfolio"),
    ("al-folio", "academicpages", ALFOLIO.format(include="'_pages'"), "_projects", "projects")])
def test_liquid_that_sorts_a_renamed_collection_reads_the_targets(theme, to, config, folder,
                                                                  name, tmp_path):
    """The owner's own Liquid that sorts the source theme's collection (`site.portfolio`)
    sorts the target's collection its items went to (`site.projects`): Jekyll stops the
    build on `sort` of a collection the target does not have."""
    src = _write(tmp_path / "src", {
        "_config.yml": config if theme == "al-folio" else
        config + f"collections:\n  {name}:\n    output: true\n",
        "_pages/about.md": ABOUT,
        f"{folder}/robot.md": "---\ntitle: Robot\norder: 1\n---\nA robot.\n",
        "_pages/mine.html": f"---\ntitle: Mine\npermalink: /fr/mine/\n---\n"
                            f"{{% assign items = site.{name} | sort: 'order' %}}\n"
                            "{% for post in items %}<p>{{ post.title }}</p>{% endfor %}\n",
    })
    check(src, to, tmp_path, theme)


@pytest.mark.parametrize("theme,to,config", [
    ("academicpages", "al-folio", ACADEMICPAGES),
    ("al-folio", "academicpages", ALFOLIO.format(include="'_pages'"))])
def test_a_markdown_page_with_its_suffix_in_capitals_is_a_page(theme, to, config, tmp_path):
    """Jekyll's Markdown converter matches a suffix whatever its case: `_pages/notes.MD` is
    a Markdown page (`/notes/`), and `_pages/diary.Markdown` without a permalink is served
    at `/diary.html`. Both are read and written with the suffix in lower case, so they take
    the place of a target page of that name and their text reads as Markdown."""
    src = _write(tmp_path / "src", {
        "_config.yml": config, "_pages/about.md": ABOUT,
        "_pages/notes.MD": "---\ntitle: Notes\npermalink: /notes/\n---\n"
                           "Field notes on **moss** growth.\n",
        "_pages/diary.Markdown": "---\ntitle: Diary\n---\nA diary of *rainy* days.\n"})
    check(src, to, tmp_path, theme)
    dest = tmp_path / "dest" / "_pages"
    assert "**moss**" in (dest / "notes.md").read_text()
    assert "*rainy*" in (dest / "diary.markdown").read_text()
    assert not (dest / "notes.MD").exists() and not (dest / "diary.Markdown").exists()
