"""Rules found converting real sites: a front-matter text that holds markup
(`Field botanist<br/><img src='/images/x.png'>`) is shown by the owner's Liquid as a body is
(`{{ post.excerpt | markdownify }}`), so the files its links name are carried with the
document and its links point at their new places, also a file of the source template's own
(its `500x300.png` placeholder), which no static file of the owner's carries; a relative link
keeps the site's base path; a template's unchanged `_data/socials.yml` is no one's profile;
a post al-folio showed a table of contents for keeps one on academicpages.

Invented miniature sites; the checkouts are test_checkout's miniatures of each template.
"""

from __future__ import annotations

import shutil

from conftest import FIXTURES
from test_checkout import _convert, _write, academicpages_checkout, alfolio_checkout

from sitemigrate import template_files as tf
from sitemigrate.registry import get_theme

_CREW = """---
title: "Ada Fernsby"
excerpt: "Field botanist<br/><img src='/images/500x300.png'>"
collection: crew
---

Ada counts ferns.
"""


def test_a_custom_collection_excerpt_keeps_the_picture_it_shows(tmp_path, monkeypatch):
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
        dest = academicpages_checkout(tmp_path / f"checkout{base.strip('/')}")
        _convert(src, dest, "academicpages")
        page = (dest / "_pages/notes.md").read_text()
        assert f'<img src="{prefix}/images/greensched.png"' in page
        assert f"[The slides]({prefix}/files/notes.pdf)" in page
        assert (dest / "images/greensched.png").is_file()


def test_the_templates_unchanged_socials_file_is_no_ones_profile(tmp_path, monkeypatch):
    """`_data/socials.yml` left as a template checkout ships it holds the template's example
    person's address and ids: none is carried as the owner's (the new sidebar would link
    them on every page), and the report says so once; an owner's own file is carried."""
    example = b"email: fern@example.org\nscholar_userid: ZyXw98765432\n"
    monkeypatch.setitem(tf.templates(get_theme("al-folio")).files, "_data/socials.yml",
                        {tf.digest(example): [0]})
    for name, data in (("example", example), ("own", example + b"github_username: ada\n")):
        src = tmp_path / f"src-{name}"
        shutil.copytree(FIXTURES / "al-folio-site", src)
        (src / "_data/socials.yml").write_bytes(data)
        dest = academicpages_checkout(tmp_path / f"checkout-{name}")
        plan = _convert(src, dest, "academicpages")
        config = (dest / "_config.yml").read_text()
        said = [f for f in plan.report.findings if f.path == "_data/socials.yml"
                and f.code == "template-content"]
        if name == "example":
            assert "fern@example.org" not in config and "ZyXw98765432" not in config
            assert len(said) == 1
        else:
            assert "fern@example.org" in config and "ZyXw98765432" in config and not said


_POST = """---
layout: post
title: Counting ferns
date: 2024-06-01
toc:
  {toc}
---

## Where the ferns grow

In the shade.

## How many

Eleven.
"""


def test_a_post_al_folio_showed_a_table_of_contents_keeps_one(tmp_path):
    """al-folio's post layout shows a table of contents at the top of a post whose `toc`
    asks for one (`beginning: true`; `sidebar:` beside it); academicpages' layouts read no
    `toc`, so the post's text starts with academicpages' own `{% include toc %}` (kramdown's
    list of the post's headings), and its `excerpt:` is what Jekyll took before (not the
    include). A `toc` al-folio showed nothing for gets none."""
    for name, toc in (("top", "beginning: true"), ("side", "sidebar: left"),
                      ("none", "beginning: false")):
        src = tmp_path / f"src-{name}"
        shutil.copytree(FIXTURES / "al-folio-site", src)
        _write(src, {"_posts/2024-06-01-ferns.md": _POST.replace("{toc}", toc)})
        dest = academicpages_checkout(tmp_path / f"checkout-{name}")
        plan = _convert(src, dest, "academicpages")
        body = (dest / "_posts/2024-06-01-ferns.md").read_text().split("---\n", 2)[2]
        said = [f for f in plan.report.findings if f.code == "toc"]
        if name == "none":
            assert "{% include toc %}" not in body and not said
        else:
            assert body.lstrip().startswith("{% include toc %}\n\n## Where the ferns grow")
            # the lists show the excerpt Jekyll took from the post before (not the include)
            front = (dest / "_posts/2024-06-01-ferns.md").read_text().split("---\n", 2)[1]
            assert "excerpt: '## Where the ferns grow'" in front
            assert [f.path for f in said] == ["_posts/2024-06-01-ferns.md"]


_PAGE = """---
layout: page
title: Field notes
permalink: /notes/
toc:
  sidebar: left
---

## Mosses

Green.

## Lichens

Grey.
"""


def test_a_page_al_folio_showed_a_table_of_contents_beside_keeps_one(tmp_path):
    """al-folio's default layout, which its page layout is laid into, shows a table of
    contents beside any page whose `toc` has `sidebar:`, not only a post: the page's text
    starts with academicpages' `{% include toc %}`. Which layout reads the switch is read off
    SRC's own layouts where it has them: a site whose default layout reads no `toc` (al-folio's
    first generations) showed none, and gets none; an HTML page, which academicpages cannot
    list the headings of, is said to lose it."""
    default = "---\n---\n<html><body>{{ content }}</body></html>\n"
    cases = {"template": {}, "own-layouts": {
        "_layouts/default.html": default,
        "_layouts/page.html": "---\nlayout: default\n---\n<h1>{{ page.title }}</h1>\n"
                              "{{ content }}\n"}}
    for name, extra in cases.items():
        src = tmp_path / f"src-{name}"
        shutil.copytree(FIXTURES / "al-folio-site", src)
        _write(src, {"_pages/notes.md": _PAGE, **extra})
        dest = academicpages_checkout(tmp_path / f"checkout-{name}")
        plan = _convert(src, dest, "academicpages")
        body = (dest / "_pages/notes.md").read_text().split("---\n", 2)[2]
        said = [f for f in plan.report.findings if f.code == "toc"]
        if name == "template":
            assert body.lstrip().startswith("{% include toc %}\n\n## Mosses")
            assert [(f.outcome, f.path) for f in said] == [("mapped", "_pages/notes.md")]
        else:  # the site's own default layout shows no table of contents
            assert "{% include toc %}" not in body and not said
    src = tmp_path / "src-html"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {"_pages/notes.html": _PAGE.replace("## Mosses", "<h2>Mosses</h2>")})
    dest = academicpages_checkout(tmp_path / "checkout-html")
    plan = _convert(src, dest, "academicpages")
    assert "{% include toc %}" not in (dest / "_pages/notes.html").read_text()
    assert [(f.outcome, f.path) for f in plan.report.findings if f.code == "toc"] == \
        [("lost", "_pages/notes.html")]
