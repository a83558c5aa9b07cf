"""An upgrade keeps the new checkout's layout where the owner's changed copy of a layout of
that name is not carried: what the owner's showed on the pages laid out in it and the new
one does not (words, pictures, includes of theirs) is reported at its line, with the pages;
where the upgrade carries the owner's layout (the new template has the old one's as it
was), the keys it shows are said to show as before."""

from __future__ import annotations

import shutil

import pytest
import realtheme as rt
from conftest import FIXTURES
from test_checkout import _convert, _write, academicpages_checkout

_NOTE = "Newest first; the older entries are in the moss library."
_ARCHIVE = ("---\nlayout: default\n---\n<div class=\"archive\">\n<h1>{{ page.title }}</h1>\n"
            "{% if page.intro %}<p>{{ page.intro }}</p>{% endif %}\n"
            f"<p class=\"archive__note\">{_NOTE}</p>\n{{{{ content }}}}\n</div>\n")
_PAGE = ("---\nlayout: archive\ntitle: Field notes\npermalink: /notes/\nintro: Notes of the "
         "moss survey.\n---\nNotes from the field.\n")


def test_the_owners_layout_the_new_checkout_replaces_is_reported(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _write(src, {"_layouts/archive.html": _ARCHIVE, "_pages/notes.md": _PAGE})
    dest = academicpages_checkout(tmp_path / "dest")
    plan = _convert(src, dest, "academicpages")
    assert _NOTE not in (dest / "_layouts/archive.html").read_text()  # the new one's
    said = [f for f in plan.report.findings if f.code == "upgrade-layout-replaced"]
    assert len(said) == 1 and said[0].path == "_layouts/archive.html" and said[0].line == 7
    assert _NOTE in said[0].message and "`_pages/notes.md`" in said[0].message
    assert said[0].severity == "loss"


def test_a_layout_the_upgrade_carries_shows_the_keys_as_before(tmp_path):
    old, new = rt.TEMPLATES / "academicpages-2019", rt.TEMPLATES / "academicpages-2025"
    if not (old / "_layouts/archive.html").is_file() or not new.is_dir():
        pytest.skip("the lab's academicpages templates are not here")
    src, dest = tmp_path / "src", tmp_path / "dest"
    shutil.copytree(old, src)
    shutil.copytree(new, dest)
    text = (src / "_layouts/archive.html").read_text().replace(
        "{{ content }}", "{% if page.intro %}<p>{{ page.intro }}</p>{% endif %}\n"
        "    {{ content }}", 1)
    _write(src, {"_layouts/archive.html": text, "_pages/notes.md": _PAGE})
    plan = _convert(src, dest, "academicpages")
    assert "page.intro" in (dest / "_layouts/archive.html").read_text()  # carried
    shown = [f.message for f in plan.report.findings
             if f.code == "extra-key-shown" and f.path == "_pages/notes.md"]
    assert len(shown) == 1 and "comes along as you wrote it" in shown[0]
    assert not [f for f in plan.report.findings if f.code == "upgrade-layout-replaced"]


def test_the_owners_words_in_a_branch_that_runs_for_a_page_are_said_with_the_layout(tmp_path):
    """The owner's replaced layout writes a line under `{% if page.kind == "survey" %}`,
    which runs for the page laid out in it (`kind: survey`), and one under `kind ==
    "atlas"`, which runs for no page: the finding lists the first, not the second."""
    shown, unseen = "Counted by the moss volunteers each spring.", "Drawn from the old atlas."
    layout = _ARCHIVE.replace("{{ content }}", '{% if page.kind == "survey" %}<p>' + shown
                              + '</p>{% endif %}\n{% if page.kind == "atlas" %}<p>' + unseen
                              + "</p>{% endif %}\n{{ content }}")
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _write(src, {"_layouts/archive.html": layout,
                 "_pages/notes.md": _PAGE.replace("intro:", "kind: survey\nintro:")})
    plan = _convert(src, academicpages_checkout(tmp_path / "dest"), "academicpages")
    said = [f.message for f in plan.report.findings if f.code == "upgrade-layout-replaced"]
    assert len(said) == 1 and shown in said[0] and unseen not in said[0]
