"""A page on a layout of the owner's own (one no template of the source theme has: a second
language's `single-xx` laid into `default-xx`, which runs their own language menu) is
written on a layout of the target theme: what their layouts showed around the text is
lost, and the report says so, once per layout, naming its pages and their own includes
(was: no line at all)."""

from __future__ import annotations

import shutil
from pathlib import Path

from test_checkout import _write

from sitemigrate.api import convert

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_pages_on_the_owners_own_layouts_are_reported_once_per_layout(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    files = {
        "_layouts/default-xx.html": "<html><body>{% include lang-menu.html %}"
                                    "{% include footer.html %}{{ content }}</body></html>\n",
        "_layouts/single-xx.html": "---\nlayout: default-xx\n---\n<article>{{ content }}"
                                   "</article>\n",
        "_includes/lang-menu.html": "<nav><a href=\"/xx/\">Kielet</a></nav>\n",
        "_pages/about-xx.md": "---\ntitle: Minusta\npermalink: /xx/\nlayout: single-xx\n---\n"
                              "\nTomás Lindqvist tutkii jokia.\n",
        "_pages/work-xx.md": "---\ntitle: Työt\npermalink: /xx/work/\nlayout: default-xx\n"
                             "---\n\nJokien kartat.\n",
    }
    _write(src, files)
    plan = convert(src, tmp_path / "out", to="al-folio")
    found = {f.path: f.message for f in plan.report.findings if f.code == "own-layout"}
    assert set(found) == {"_layouts/default-xx.html", "_layouts/single-xx.html"}, found
    assert "2 page(s) use (`_pages/about-xx.md`, `_pages/work-xx.md`)" in \
        found["_layouts/default-xx.html"]
    # their language menu, which the layout runs on every page, is written into the pages
    assert "lang-menu.html" not in found["_layouts/default-xx.html"]
    assert "footer.html" not in found["_layouts/default-xx.html"]  # the theme's own include
    assert "1 page(s) use (`_pages/about-xx.md`)" in found["_layouts/single-xx.html"]
    assert "it runs" not in found["_layouts/single-xx.html"]
    carried = [f for f in plan.report.findings if f.code == "own-include"]
    assert sorted(str(f.path) for f in carried) == ["_pages/about-xx.md", "_pages/work-xx.md"]


def test_an_include_of_the_owners_that_their_changed_layout_runs_goes_with_the_page(tmp_path):
    """The theme's about layout as the owner changed it runs their own language switcher
    above the page's text, on every page laid into it: each such page keeps it, above its
    text, and the include goes along (was: the switcher gone from the home pages, in no
    line of the report). An include inside a condition or fed a layout's variable stays
    the layout's: it is not written into the page."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    files = {
        "_layouts/about.liquid": "---\nlayout: default\n---\n<header>{{ page.subtitle }}\n"
                                 "{% include lang-switch.liquid %}</header>\n"
                                 "{% assign pic = page.profile.image %}"
                                 "{% include lang-card.liquid image=pic %}\n"
                                 "{% if page.social %}{% include lang-foot.liquid %}{% endif %}\n"
                                 "<article>{{ content }}</article>\n",
        "_includes/lang-switch.liquid": "<nav class=\"switch\"><a href=\"/fr/\">FR</a></nav>\n",
        "_includes/lang-card.liquid": "<div>{{ include.image }}</div>\n",
        "_includes/lang-foot.liquid": "<p>Suivez-moi</p>\n",
        "_layouts/default.liquid": "<html><head>{% include lang-meta.liquid %}</head><body>"
                                   "{{ content }}</body></html>\n",
        "_includes/lang-meta.liquid": "<meta name=\"lang\" content=\"fr\">\n",
    }
    _write(src, files)
    out = tmp_path / "out"
    plan = convert(src, out, to="academicpages")
    plan.apply()
    about = (out / "_pages/about.md").read_text("utf-8")
    body = about.split("---", 2)[2]
    assert body.lstrip().startswith("{::nomarkdown}\n{% include lang-switch.liquid %}")
    assert "lang-card" not in body and "lang-foot" not in body and "lang-meta" not in body
    assert (out / "_includes/lang-switch.liquid").is_file()
    found = [f for f in plan.report.findings if f.code == "own-include"]
    assert [(str(f.path), "above" in f.message) for f in found] == [("_pages/about.md", True)]


def test_the_text_of_a_page_whose_own_layout_never_writes_content_stays_unshown(tmp_path):
    """Jekyll hands a layout the page's text as `content`; the owner's layout that never
    writes it (a listing page's `series-index` shows its own heading and a loop) drops the
    page's text, so the old site never showed it: it is kept in a `{% comment %}` block,
    reported, while what the layout wrote itself goes to the page as before (was: the
    draft text shown on the new site, under the layout's heading)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    files = {
        "_layouts/series-index.html": "---\nlayout: default\n---\n<main><h1>Field notes</h1>"
                                      "{% for post in site.posts %}<p>{{ post.title }}</p>"
                                      "{% endfor %}</main>\n",
        "_pages/notes.md": "---\ntitle: Notes\npermalink: /notes/\nlayout: series-index\n---\n"
                           "\nDraft: the river chapter is unwritten.\n",
        "_pages/shown.md": "---\ntitle: Shown\npermalink: /shown/\n---\n\nOtters swim.\n",
    }
    _write(src, files)
    plan = convert(src, tmp_path / "out", to="al-folio")
    notes = plan.files["_pages/notes.md"].decode("utf-8")
    start = notes.index("{% comment %}")
    assert start < notes.index("the river chapter") < notes.index("{% endcomment %}")
    assert "Field notes" in notes[notes.index("{% endcomment %}"):]
    assert "{% comment %}" not in plan.files["_pages/shown.md"].decode("utf-8")
    hidden = [f for f in plan.report.findings if f.code == "layout-hides-text"]
    assert [(str(f.path), f.line) for f in hidden] == [("_pages/notes.md", 1)]
    assert "`_layouts/series-index.html`" in hidden[0].message


def test_a_cv_page_whose_layout_shows_data_not_text_keeps_the_cv_written_from_it(tmp_path):
    """al-folio's CV layout (the site's own copy) writes no `content`: it shows the CV data.
    Converted to academicpages, the CV page's text is the CV written from that data, which
    the new page shows: no `{% comment %}` block around it, no `layout-hides-text`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_layouts").mkdir(exist_ok=True)
    (src / "_layouts/cv.liquid").write_text(
        "---\nlayout: default\n---\n<h1>{{ page.title }}</h1>\n"
        "{% for s in site.data.cv %}<h2>{{ s.title }}</h2>{% endfor %}\n", "utf-8")
    plan = convert(src, tmp_path / "out", to="academicpages")
    cv = plan.files["_pages/cv.md"].decode("utf-8")
    assert "{% comment %}" not in cv and "Education" in cv
    assert not [f for f in plan.report.findings if f.code == "layout-hides-text"]


def test_an_own_include_that_shows_the_cv_the_writer_writes_is_not_written_in_too(tmp_path):
    """The owner's CV layout shows the CV data through an include of their own (which
    includes the next): the new theme's CV page shows that CV, written its own way, so the
    include is not written into the page as well (was: the CV twice on the page). An include
    of theirs that shows no CV data is written in, as any other."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {
        "_layouts/cv.liquid": "---\nlayout: default\n---\n{% include cv-banner.liquid %}\n"
                              "{% include my-cv.liquid %}\n<article>{{ content }}</article>\n",
        "_includes/cv-banner.liquid": "<p class=\"banner\">Updated every spring.</p>\n",
        "_includes/my-cv.liquid": "<h2>Curriculum</h2>{% include my-cv-rows.liquid %}\n",
        "_includes/my-cv-rows.liquid": "{% for entry in site.data.cv %}<h3>{{ entry.title }}"
                                       "</h3>{% endfor %}\n",
    })
    out = tmp_path / "out"
    plan = convert(src, out, to="academicpages")
    plan.apply()
    page = (out / "_pages/cv.md").read_text("utf-8")
    assert "{% include cv-banner.liquid %}" in page
    assert "my-cv" not in page and page.count("Northgate University") == 1
    said = [f.message for f in plan.report.findings if f.code == "own-include"
            and "my-cv.liquid" in f.message]
    assert len(said) == 1 and "which shows `_data/cv.yml`" in said[0]
