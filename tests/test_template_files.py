"""The template's own files, recognised by content (sitemigrate.template_files): what a
pristine checkout of the template ships (its example posts, bibliography entries, CV) is
never read as the owner's; what the owner wrote or changed is.

The template here is an invented miniature in the shape of al-folio (file and key names only);
its table is made by the same function as the shipped ones (scripts/template_digests.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_checkout import _write

import sitemigrate.template_files as tf
from sitemigrate.api import read_site
from sitemigrate.registry import get_theme
from sitemigrate.report import Report

EXAMPLE_BIB = "@article{nobody2001,\n  title={A Paper of the Example Person},\n  year={2001}\n}\n"
OWNER_BIB = "@article{vega2024,\n  title={Tidal Gardens of the Moon},\n  year={2024}\n}\n"


def alfolio_template(root: Path) -> Path:
    return _write(root, {
        "_config.yml": "first_name: Example\nlast_name: Person\nscholar:\n  last_name: [Person]\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\nprofile:\n  align: right\n---\n"
                           "The example person's about page.\n",
        "_posts/2015-03-15-formatting.md": "---\nlayout: post\ntitle: an example post of nobody\n"
                                           "---\nExample text of the template.\n",
        "_projects/1_project.md": "---\nlayout: page\ntitle: example project of nobody\n"
                                  "importance: 1\n---\nAn example project.\n",
        "_news/announcement_1.md": "---\nlayout: post\ndate: 2015-10-22\ninline: true\n---\n"
                                   "An example announcement.\n",
        "_bibliography/papers.bib": EXAMPLE_BIB,
        "_data/cv.yml": "- title: General Information\n  type: map\n  contents:\n"
                        "    - name: Full Name\n      value: Example Person\n",
        "_layouts/about.liquid": "{{ content }}\n",
    })


@pytest.fixture
def table(tmp_path, monkeypatch):
    tpl = alfolio_template(tmp_path / "al-folio-2099")
    built = tf.build_table(get_theme("al-folio"), [tpl])
    known = tf.Templates(built["templates"], built["files"], built["entries"])
    monkeypatch.setattr(tf, "templates", lambda theme: known if theme.name == "al-folio"
                        else tf.Templates())
    return tpl


def test_template_example_content_is_not_the_owners(table, tmp_path):
    src = tmp_path / "owner"
    shutil.copytree(table, src)
    _write(src, {
        "_posts/2024-05-01-tides.md": "---\nlayout: post\ntitle: Tides, measured\n---\nMine.\n",
        # an example project the owner rewrote is theirs; the one with CRLF line endings is not
        "_projects/1_project.md": "---\nlayout: page\ntitle: Moon gardens\nimportance: 1\n"
                                  "---\nWhat Vera Vega grows.\n",
        "_bibliography/papers.bib": EXAMPLE_BIB.replace("\n", "\r\n") + "\n" + OWNER_BIB,
        # jekyll-scholar shows a file where a tag lists it
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\ntitle: "
                                  "publications\nnav: true\n---\n{% bibliography %}\n",
    })
    (src / "_news/announcement_1.md").write_bytes(
        (table / "_news/announcement_1.md").read_bytes().replace(b"\n", b"\r\n"))
    report = Report()
    site = read_site(src, "al-folio", report)
    assert [p.title for p in site.posts] == ["Tides, measured"]
    assert [p.title for p in site.projects] == ["Moon gardens"]
    assert site.news == []
    assert [p.key for p in site.publications] == ["vega2024"]
    assert site.cv is None  # the example person's CV data, unchanged
    lines = [f.message for f in report.findings if f.code == "template-content"]
    assert any(m.startswith("posts: 1 item") for m in lines), lines


def test_renamed_example_post_is_still_the_templates(table, tmp_path):
    src = tmp_path / "owner"
    shutil.copytree(table, src)
    (src / "_posts/2015-03-15-formatting.md").rename(src / "_posts/2020-01-01-renamed.md")
    site = read_site(src, "al-folio", Report())
    assert site.posts == []


def test_owner_cv_data_is_carried(table, tmp_path):
    src = tmp_path / "owner"
    shutil.copytree(table, src)
    _write(src, {"_data/cv.yml": "- title: General Information\n  type: map\n  contents:\n"
                                 "    - name: Full Name\n      value: Vera Vega\n",
                 # a page shows it (CV data no page shows is not the owner's: test_read_rules)
                 "_pages/cv.md": "---\nlayout: cv\npermalink: /cv/\ntitle: cv\n---\n"})
    site = read_site(src, "al-folio", Report())
    assert site.cv is not None and site.cv.sections


def test_shipped_tables_hold_digests_only():
    for theme in ("al-folio", "academicpages"):
        known = tf.templates(get_theme(theme))
        assert known.checkouts, theme
        for seen in known.files.values():
            assert all(len(d) == 64 and set(d) <= set("0123456789abcdef") for d in seen)


def test_split_entries_of_a_file_without_entries():
    assert tf.split_entries("% nothing yet\n") == ("% nothing yet\n", [])
    assert tf.split_entries("%c\n@misc{a,\n}\n@misc{b,\n}\n") == (
        "%c\n", ["@misc{a,\n}\n", "@misc{b,\n}\n"])


def test_template_page_outside_the_menu_is_not_the_owners(table, tmp_path):
    src = tmp_path / "owner"
    shutil.copytree(table, src)
    _write(table, {"_pages/profiles.md": "---\nlayout: profiles\npermalink: /people/\n"
                                         "title: people\nnav: false\n---\nThe example people.\n"})
    shutil.copy(table / "_pages/profiles.md", src / "_pages/profiles.md")
    _write(src, {"_pages/teaching.md": "---\nlayout: page\npermalink: /teaching/\n"
                                       "title: teaching\nnav: false\n---\nVera's classes.\n"})
    alfolio = get_theme("al-folio")
    tf.templates(alfolio).files.update(
        tf.build_table(alfolio, [table])["files"])  # the template now has a profiles page
    site = read_site(src, "al-folio", Report())
    assert sorted(p.path for p in site.pages) == ["_pages/about.md", "_pages/teaching.md"]


def test_an_example_posts_address_forwards_to_the_page_above_it(table, tmp_path):
    """The template's example post is not carried, but its old address is no lost URL: it
    forwards to the nearest page above it the new site serves (the blog), else home."""
    from sitemigrate.api import convert
    src = tmp_path / "owner"
    shutil.copytree(table, src)
    _write(src, {"_config.yml": "first_name: Vera\nlast_name: Vega\n"
                                "permalink: /blog/:year/:title/\n",
                 "_posts/2024-05-01-tides.md": "---\nlayout: post\ntitle: Tides\n---\nMine.\n",
                 "_pages/blog.md": "---\nlayout: default\npermalink: /blog/\ntitle: blog\n"
                                   "nav: true\n---\nMy posts.\n"})
    plan = convert(src, tmp_path / "dest", to="academicpages")
    example = [u for u in plan.report.urls if "formatting" in u["old"]]
    assert example and all(u["how"] == "redirect" for u in example), example
    assert {u["new"] for u in example} == {"/blog/"}, example
    assert not any(f.code == "url-lost" for f in plan.report.findings)


def _only_template(monkeypatch, theme: str, checkout: Path) -> None:
    """The facts of ``checkout`` as the only template of ``theme`` sitemigrate knows."""
    built = tf.build_table(get_theme(theme), [checkout])
    known = tf.Templates(built["templates"], built["files"], built["entries"])
    monkeypatch.setattr(tf, "templates", lambda _theme: known)


def _read_without_cv(src: Path, theme: str):
    """SRC read as ``theme``: its site (which has no CV: the template's example is not the
    owner's) and the report."""
    report = Report()
    site = read_site(src, theme, report)
    assert site.cv is None
    return site, report


def test_no_menu_entry_to_the_example_cv(tmp_path, monkeypatch):
    """The template's example CV page is not the owner's, and neither is the menu entry to
    it (the owner's menu keeps its other entries, in their order)."""
    cv = ("---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n\nEducation\n======\n"
          "* Ph.D. in Examples, University of Nowhere, 2001\n\nWork experience\n======\n"
          "* 2002: Example work\n  * at Example Labs\n")
    _only_template(monkeypatch, "academicpages",
                   _write(tmp_path / "academicpages-2099", {"_pages/cv.md": cv}))
    src = _write(tmp_path / "owner", {
        "_config.yml": "title: Vera Vega\nname: Vera Vega\nauthor:\n  name: Vera Vega\n"
                       "include: [_pages]\n",
        "_data/navigation.yml": "main:\n  - title: Talks\n    url: /talks/\n"
                                "  - title: CV\n    url: /cv/\n"
                                "  - title: Gardens\n    url: /gardens/\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\n---\nVera Vega grows gardens.\n",
        "_pages/gardens.md": "---\npermalink: /gardens/\ntitle: Gardens\n---\nMoon gardens.\n",
        "_pages/talks.html": "---\nlayout: archive\ntitle: Talks\npermalink: /talks/\n---\n",
        "_pages/cv.md": cv})
    site, report = _read_without_cv(src, "academicpages")
    assert [n.title for n in site.navigation] == ["Talks", "Gardens"]
    # one finding names the file, its page and its menu entry: `verify` asks the new site
    # for neither (the source menu is compared without the entry)
    said = [f.message for f in report.findings
            if f.code == "template-content" and f.path == "_pages/cv.md"]
    assert len(said) == 1 and "page `/cv/`" in said[0] and "menu entry `CV`" in said[0], said
    from sitemigrate.verify.compare import left_out
    assert left_out([{"code": f.code, "path": f.path} for f in report.findings]) == \
        ["_pages/cv.md"]


def test_a_people_page_of_the_example_people_only_is_not_the_owners(table, tmp_path):
    """A people page the owner took out of the menu but whose profiles are all the
    template's example person (each `content:` file the template's own) shows nothing of
    theirs; one that shows a profile the owner wrote is theirs."""
    people = ("---\nlayout: profiles\npermalink: /people/\ntitle: people\nnav: NAV\n"
              "profiles:\n  - content: about_nobody.md\n    image: prof_pic.jpg\n---\n")
    _write(table, {"_pages/about_nobody.md": "The example person's profile text.\n",
                   "_pages/profiles.md": people.replace("NAV", "true")})
    alfolio = get_theme("al-folio")
    tf.templates(alfolio).files.update(tf.build_table(alfolio, [table])["files"])
    src = tmp_path / "owner"
    shutil.copytree(table, src)
    _write(src, {"_pages/profiles.md": people.replace("NAV", "false")})
    report = Report()
    site = read_site(src, "al-folio", report)
    assert site.page("people") is None
    assert any(f.code == "template-content" and f.path == "_pages/profiles.md"
               for f in report.findings)
    # its profile text is named too: `verify` asks the new site for none of it
    from sitemigrate.verify import _furniture
    assert "_pages/about_nobody.md" in _furniture(src, tmp_path / "dest", report)
    from sitemigrate.api import convert
    _write(src, {"_config.yml": "first_name: Vera\nlast_name: Vega\ninclude: [_pages]\n"})
    urls = convert(src, tmp_path / "dest", to="academicpages").report.urls
    assert [u["how"] for u in urls if u["old"] == "/people/"] == ["redirect"], urls
    _write(src, {"_pages/about_vera.md": "Vera Vega grows gardens.\n",
                 "_pages/profiles.md": people.replace("NAV", "false").replace(
                     "about_nobody.md", "about_vera.md")})
    assert "Vera Vega grows gardens." in read_site(src, "al-folio", Report()).page("people").body


def test_another_languages_version_of_an_example_item_is_the_templates_too(table, tmp_path):
    """A site in two languages (jekyll-polyglot) that kept the template's example
    announcement in English and its translation in French: both are the template's, so the
    French one becomes no page of its own (a translated example is no owner's text); the
    French version of the owner's own announcement does."""
    src = tmp_path / "owner"
    shutil.copytree(table, src)
    example = (table / "_news/announcement_1.md").read_text("utf-8")
    (src / "_news/announcement_1.md").unlink()
    _write(src, {
        "_config.yml": (table / "_config.yml").read_text("utf-8")
        + 'languages: ["en", "fr"]\ndefault_lang: "en"\nlang_from_path: true\n'
        + "collections:\n  news:\n    output: true\n",
        "_news/en/announcement_1.md": example,
        "_news/fr/announcement_1.md": "---\nlayout: post\ndate: 2015-10-22\ninline: true\n"
                                      "title: Une annonce traduite\n---\nUne annonce.\n",
        "_news/en/moon.md": "---\nlayout: post\ndate: 2024-02-01\ninline: true\n---\n"
                            "Vera Vega planted the first moon garden.\n",
        "_news/fr/moon.md": "---\nlayout: post\ndate: 2024-02-01\ninline: true\n---\n"
                            "Vera Vega a planté le premier jardin lunaire.\n",
    })
    report = Report()
    site = read_site(src, "al-folio", report)
    assert [i.path for i in site.news] == ["_news/en/moon.md"]
    assert [p.origin.path for p in site.pages if p.origin and p.origin.path.startswith(
        "_news/")] == ["_news/fr/moon.md"]
    said = [f for f in report.findings if f.code == "template-content" and f.path]
    assert [f.path for f in said] == ["_news/fr/announcement_1.md"]


def test_the_example_resume_dropped_leaves_no_question_about_it(tmp_path, monkeypatch):
    """A CV page showing the template's example `resume.json` (another person's name): the
    CV is not carried (one `template-content` line says so), and the summary does not still
    ask the owner to check a CV that "was read anyway"."""
    example = {"assets/json/resume.json": '{"basics": {"name": "Ada Example"}, "work": '
               '[{"name": "Example Labs", "position": "Tester", "startDate": "2001-01-01"}]}\n'}
    src = _write(tmp_path / "owner", {
        "_config.yml": "first_name: Vera\nlast_name: Vega\ninclude: [_pages]\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\ntitle: about\n---\nGardens.\n",
        "_pages/cv.md": "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\n---\n",
        **example})
    _only_template(monkeypatch, "al-folio", _write(tmp_path / "al-folio-2099", example))
    _, report = _read_without_cv(src, "al-folio")
    assert [f.code for f in report.findings if f.path == "assets/json/resume.json"
            and f.code == "template-content"] == ["template-content"]
    assert not [f for f in report.findings if f.code == "cv-example"]


def test_the_templates_blog_page_goes_with_its_example_posts(tmp_path, monkeypatch):
    """A 2022 site's `blog/index.html` as the template ships it, in no menu: with only the
    template's example posts it lists nothing of the owner's and is not carried (its address
    forwards home); with a post of the owner's it is their blog listing, at `/blog/`."""
    blog = ("---\nlayout: default\ntitle: blog\n---\n<div class=\"post\">\n"
            "{% for post in paginator.posts %}<a href=\"{{ post.url }}\">{{ post.title }}</a>"
            "{% endfor %}\n{% include pagination.html %}\n</div>\n")
    example = {"blog/index.html": blog, "_posts/2015-03-15-formatting.md":
               "---\nlayout: post\ntitle: an example post\n---\nExample text.\n"}
    _only_template(monkeypatch, "al-folio", _write(tmp_path / "al-folio-2099", example))
    for own, kept in (({}, False), ({"_posts/2021-05-02-moss.md": "---\nlayout: post\n"
                                     "title: Moss\n---\nMoss on the north wall.\n"}, True)):
        src = _write(tmp_path / f"owner-{kept}", {
            "_config.yml": "first_name: Vera\nlast_name: Vega\ninclude: [_pages]\n",
            "_pages/about.md": "---\nlayout: about\npermalink: /\ntitle: about\n---\nHi.\n",
            **example, **own})
        site = read_site(src, "al-folio", Report())
        assert (site.page("blog") is not None) is kept


def test_an_upgrade_keeps_the_2022_blog_menu_entry_on_the_new_blog_page(tmp_path, monkeypatch):
    """A 2022 site upgraded: its `blog/index.html` is the old template's page as shipped,
    in the menu by `blog_nav_title` after the home entry; the new checkout's own blog page
    (`_pages/blog.md`) takes that place and label (`nav: true`, before the owner's pages),
    and the old page is not written over it."""
    from test_checkout import _convert, alfolio_checkout
    from test_menu_pages import BLOG_2022, HEADER
    _only_template(monkeypatch, "al-folio",
                   _write(tmp_path / "al-folio-2099", {"blog/index.html": BLOG_2022}))
    src = _write(tmp_path / "owner", {
        "_config.yml": "first_name: Vera\nlast_name: Vega\ninclude: [_pages]\n"
                       "blog_nav_title: notebook\n",
        "_includes/header.html": HEADER, "blog/index.html": BLOG_2022,
        "_pages/about.md": "---\nlayout: about\npermalink: /\ntitle: about\n---\nHi.\n",
        "_pages/moss.md": "---\nlayout: page\npermalink: /moss/\ntitle: moss\nnav: true\n"
                          "nav_order: 5\n---\nMoss.\n",
        "_posts/2021-05-02-walls.md": "---\nlayout: post\ntitle: Walls\n---\nNorth walls.\n"})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    blog = (dest / "_pages/blog.md").read_text()
    assert "title: notebook" in blog and "nav: true" in blog
    assert int(blog.split("nav_order:")[1].split()[0]) < 5
    assert not (dest / "blog/index.html").exists()
    assert "<div" not in blog  # the old page's wrapper around its listing is no text of theirs


def test_the_templates_example_pdf_is_not_the_owners_cv(tmp_path, monkeypatch):
    """A CV page whose `cv_pdf` is the template's example PDF (its bytes): the link is not
    carried as the owner's CV, and one line says so; the owner's own PDF is carried."""
    example = {"assets/pdf/example_pdf.pdf": "%PDF-1.4 the example person's sample\n"}
    page = ("---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\ncv_pdf: FILE\n---\n")
    src = _write(tmp_path / "owner", {
        "_config.yml": "first_name: Vera\nlast_name: Vega\ninclude: [_pages]\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\ntitle: about\n---\nGardens.\n",
        "_pages/cv.md": page.replace("FILE", "example_pdf.pdf"),
        "assets/pdf/vega_cv.pdf": "%PDF-1.4 Vera Vega's CV\n",
        **example})
    _only_template(monkeypatch, "al-folio", _write(tmp_path / "al-folio-2099", example))
    report = Report()
    site = read_site(src, "al-folio", report)
    assert not site.page("cv").features.cv_pdf
    lost = [f for f in report.findings if f.code == "cv-pdf-example"]
    assert len(lost) == 1 and lost[0].path == "_pages/cv.md" and lost[0].line == 6
    _write(src, {"_pages/cv.md": page.replace("FILE", "vega_cv.pdf")})
    site = read_site(src, "al-folio", Report())
    assert site.page("cv").features.cv_pdf == "/assets/pdf/vega_cv.pdf"
