"""A front-matter key some layout reads is never a slip for a key the theme knows: one
that the site's own layouts or includes read (an archive layout's `entries_layout`), or,
for a key the writer keeps, one the target's layouts read. Neither gets a "did you mean"
hint, and neither is read as the key it ends in. A real slip still does."""

from __future__ import annotations

import shutil

from conftest import FIXTURES
from test_checkout import _convert, _write, academicpages_checkout

import sitemigrate

_ARCHIVE = ('---\nlayout: default\n---\n<div class="entries-{{ page.entries_layout | '
            'default: "list" }}">{{ content }}</div>\n')


def _typos(plan, rel):
    return [f.message for f in plan.report.findings if f.code == "key-typo" and f.path == rel]


def test_a_key_the_sites_own_layout_reads_is_no_slip(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _write(src, {"_layouts/archive.html": _ARCHIVE,
                 "_pages/notes.md": "---\nlayout: archive\ntitle: Field notes\npermalink: "
                                    "/notes/\nentries_layout: grid\n---\nNotes.\n",
                 "_pages/old.md": "---\ntitle: Old notes\npermlink: /old/\n"
                                  "entries_layout: grid\n---\nOlder notes.\n"})
    plan = sitemigrate.convert(src, tmp_path / "dest", to="al-folio")
    assert _typos(plan, "_pages/notes.md") == []
    # a page with no `layout` keeps its key: it is not read as `layout: grid`
    old = _typos(plan, "_pages/old.md")
    assert len(old) == 1 and "`permlink`" in old[0]  # the real slip is still told
    plan.apply()
    text = (tmp_path / "dest/_pages/old.md").read_text()
    assert "entries_layout: grid" in text and "layout: grid" not in text.replace(
        "entries_layout: grid", "")


def test_a_key_the_targets_layout_reads_is_no_slip(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    about = src / "_pages/cv.md"
    about.write_text(about.read_text().replace("title: cv\n", "title: cv\nentries_layout: "
                                                "grid\n", 1))
    dest = academicpages_checkout(tmp_path / "dest")
    _write(dest, {"_layouts/single.html": _ARCHIVE, "_layouts/archive.html": _ARCHIVE})
    plan = _convert(src, dest, "academicpages")
    assert _typos(plan, "_pages/cv.md") == []
    # into a folder, with no layout that reads it, the hint stays
    plan = sitemigrate.convert(src, tmp_path / "dest2", to="academicpages")
    assert len(_typos(plan, "_pages/cv.md")) == 1
