"""A front-matter text that holds markup (`Field botanist<br/><img src='/images/x.png'>`) is
shown by the owner's Liquid as a body is (`{{ post.excerpt | markdownify }}`): the files its
links name are carried with the document and its links point at their new places, also a
file of the source template's own (its `500x300.png` placeholder), which no static file of
the owner's carries.

Invented miniature sites; the checkouts are test_checkout's miniatures of each template.
"""

from __future__ import annotations

import shutil

from conftest import FIXTURES
from test_checkout import _convert, _write, alfolio_checkout

_CREW = """---
title: "Ada Fernsby"
excerpt: "Field botanist<br/><img src='/images/500x300.png'>"
collection: crew
---

Ada counts ferns.
"""


def test_a_custom_collection_excerpt_keeps_the_picture_it_shows(tmp_path, monkeypatch):
    from sitemigrate import template_files as tf
    from sitemigrate.registry import get_theme
    picture = b"\x89PNG a grey placeholder"
    # the picture is the source template's own file (its bytes are the template's)
    monkeypatch.setitem(tf.templates(get_theme("academicpages")).files,
                        "images/500x300.png", {tf.digest(picture): [0]})
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _write(src, {"_crew/ada.md": _CREW,
                 "_pages/crew.html": "---\nlayout: archive\ntitle: Crew\npermalink: /crew/\n"
                                     "---\n{% for post in site.crew %}\n"
                                     "  {% include archive-single.html %}\n{% endfor %}\n"})
    (src / "images/500x300.png").write_bytes(picture)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "collections:\n", "collections:\n  crew:\n    output: true\n"
                          "    permalink: /:collection/:path/\n", 1))
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    text = (dest / "_crew/ada.md").read_text()
    line = next(x for x in text.splitlines() if x.startswith("excerpt:"))
    new = line.split("src='")[1].split("'")[0]
    assert (dest / new.lstrip("/")).read_bytes() == picture
    assert "Field botanist<br/>" in line
    assert any(f.code == "asset" and "500x300.png" in f.message and f.path == "_crew/ada.md"
               for f in plan.report.findings)


_NOTES = """---
layout: page
title: notes
permalink: /notes/
nav: true
---

Field notes.

<img src="../assets/img/greensched.png" alt="schedule">

[The slides](../assets/pdf/notes.pdf)
"""


def test_a_relative_link_keeps_the_base_path_it_reached(tmp_path):
    """On a site served below a base path (`baseurl: /lab`) a page's relative link
    (`../assets/img/a.png` on `/lab/notes/`) reaches the file under that path: the carried
    file's new address keeps it (`{{ site.baseurl }}/images/a.png`), where a bare `/images/a.png`
    would leave the base path and show nothing. A site at the root is written as before."""
    for base, prefix in (("/lab", "{{ site.baseurl }}"), ("", "")):
        src = tmp_path / f"src{base.strip('/')}"
        shutil.copytree(FIXTURES / "al-folio-site", src)
        _write(src, {"_pages/notes.md": _NOTES})
        (src / "assets/pdf").mkdir(parents=True, exist_ok=True)
        (src / "assets/pdf/notes.pdf").write_bytes(b"%PDF notes")
        config = src / "_config.yml"
        config.write_text(config.read_text().replace('baseurl: ""', f'baseurl: "{base}"'))
        from test_checkout import academicpages_checkout
        dest = academicpages_checkout(tmp_path / f"checkout{base.strip('/')}")
        _convert(src, dest, "academicpages")
        page = (dest / "_pages/notes.md").read_text()
        assert f'<img src="{prefix}/images/greensched.png"' in page
        assert f"[The slides]({prefix}/files/notes.pdf)" in page
        assert (dest / "images/greensched.png").is_file()
