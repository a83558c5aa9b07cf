"""Rules found by upgrading old real sites onto the current template of their own theme
(issue #31): what Jekyll reads and the site's own layouts show is what the new site shows.
Miniature sites in each theme's exact shapes; invented people throughout."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from test_read_rules import write

import sitemigrate
from sitemigrate.report import Report

ALFOLIO_CONFIG = """\
first_name: Ilse
last_name: Vantongeren
title: blank
enable_project_categories: true
"""


# A project card's description continued on a line that starts, after its indent, with
# tabs: Jekyll reads front matter with Psych (libyaml), which takes the tabs as white
# space between words; ruamel refuses them.
TABBED_PROJECT = ("---\nlayout: page\ntitle: Dune Survey\ndescription: Mapping moving sand.\n"
                  "    \t\t<div class=\"fund\">Grant 4242</div>\n"
                  "redirect: https://example.org/dunes/\nimportance: 1\ncategory: past\n---\n")


def test_front_matter_with_tabs_jekyll_reads_is_read_as_jekyll_reads_it(tmp_path):
    report = Report()
    site = sitemigrate.read_site(write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_projects/dune.md": TABBED_PROJECT,
    }), "al-folio", report)
    (project,) = site.projects
    assert project.title == "Dune Survey"
    fund = '<div class="fund">Grant 4242</div>'
    assert project.fields["description"] == f"Mapping moving sand. {fund}"
    assert project.fields["category"] == "past" and project.redirect == "https://example.org/dunes/"
    assert not [f for f in report.findings if f.code == "bad-yaml"]


def test_an_upgraded_project_with_tabs_keeps_its_card(tmp_path):
    src = write(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG,
                                   "_projects/dune.md": TABBED_PROJECT})
    sitemigrate.convert(src, tmp_path / "dest", to="al-folio", from_="al-folio").apply()
    text = (tmp_path / "dest/_projects/dune.md").read_text("utf-8")
    assert "title: Dune Survey" in text and "Grant 4242" in text
    assert "category: past" in text and "redirect: https://example.org/dunes/" in text


def test_front_matter_with_a_tab_after_a_key_and_a_number_with_a_point_is_read(tmp_path):
    """A tab between a key's colon and its value (libyaml takes it as white space) in a
    front matter that also holds a number with a point (an arXiv id): Jekyll reads every
    key; so does the reader, the number as the same number (its written form kept)."""
    report = Report()
    site = sitemigrate.read_site(write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_projects/dune.md": "---\nlayout: page\ntitle: Dune Survey\nref: \tarXiv:2101.00042\n"
                             "arxiv: 2101.00420\nimportance: 1\n---\nSand.\n",
    }), "al-folio", report)
    (project,) = site.projects
    assert project.title == "Dune Survey"
    fields = {**project.extra, **project.fields}
    assert fields["ref"] == "arXiv:2101.00042" and fields["arxiv"] == 2101.0042
    assert not [f for f in report.findings if f.code == "bad-yaml"]


def test_a_tab_where_libyaml_refuses_it_too_is_still_reported(tmp_path):
    report = Report()
    sitemigrate.read_site(write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_projects/bad.md": "---\ntitle: Bad\n\tcategory: past\n---\n",
    }), "al-folio", report)
    assert [f.line for f in report.findings if f.code == "bad-yaml"] == [3]


# -- the owner's own layout ------------------------------------------------------------------

TEACHING_LAYOUT = ("---\nlayout: default\n---\n<h1>{{ page.title }}</h1>\n"
                   "{% for course in site.data.teaching.courses %}"
                   "<li>{{ course.code }}, {{ course.title }}</li>{% endfor %}\n"
                   "{% include figure.html path=page.logo %}\n")


def _teaching_site(root: Path, layout: str = TEACHING_LAYOUT) -> Path:
    from test_upgrade import old_site
    return write(old_site(root), {
        "_layouts/teaching.html": layout,
        "_includes/figure.html": "<img>\n",
        "_pages/teaching.md": "---\nlayout: teaching\npermalink: /teaching/\ntitle: teaching\n"
                              "nav: true\nnav_order: 4\n---\n",
        "_data/teaching.yml": "courses:\n  - title: Reading the Tides\n    code: TIDE 101\n",
    })


def test_a_page_in_the_owners_own_layout_keeps_it_and_the_data_it_shows(tmp_path):
    """A page laid out in a layout of the owner's own (no template has one of that name)
    keeps it: the layout comes along (its includes as the new checkout names them) with the
    data file it reads, so the page shows what it showed instead of an empty page."""
    from test_upgrade import new_checkout
    src, dest = _teaching_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert "layout: teaching\n" in (dest / "_pages/teaching.md").read_text("utf-8")
    layout = (dest / "_layouts/teaching.html").read_text("utf-8")
    assert "site.data.teaching.courses" in layout and "{% include figure.liquid " in layout
    assert "Reading the Tides" in (dest / "_data/teaching.yml").read_text("utf-8")
    said = [f for f in plan.report.findings if f.code == "upgrade-own-layout"]
    assert len(said) == 1 and "_pages/teaching.md" in said[0].message
    assert not any("_layouts/teaching.html" in f.message for f in plan.report.findings
                   if f.code == "upgrade-look-at")


def test_an_own_layout_with_an_include_the_new_checkout_lacks_is_not_carried(tmp_path):
    from test_upgrade import new_checkout
    src = _teaching_site(tmp_path / "old", TEACHING_LAYOUT + "{% include sidebar.html %}\n")
    dest = new_checkout(tmp_path / "new")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert not (dest / "_layouts/teaching.html").exists()
    assert "layout: teaching\n" not in (dest / "_pages/teaching.md").read_text("utf-8")



# An academicpages site with pages in a second language on layouts of the owner's own: the
# page layout is laid out in a default layout of its own, which runs a masthead of its own
# that shows its own list of `_data/navigation.yml`.
SECOND_LANGUAGE = {
    "_data/navigation.yml": "# the menus\nmain:\n  - title: Nederlands\n    url: /xx/\n"
                            "\nmain_xx:\n  - title: \"Praatjes\"\n    url: /xx/talks/\n",
    "_layouts/default-xx.html": "<html lang=\"xx-XX\">\n{% include masthead-xx.html %}\n"
                                "{{ content }}\n</html>\n",
    "_layouts/single-xx.html": "---\nlayout: default-xx\n---\n<article>{{ content }}</article>\n",
    "_includes/masthead-xx.html": "{% include base_path %}\n<nav>{% for link in "
                                  "site.data.navigation.main_xx %}<a href=\"{{ base_path }}"
                                  "{{ link.url }}\">{{ link.title }}</a>{% endfor %}</nav>\n",
    "_pages/about-xx.md": "---\nlayout: single-xx\npermalink: /xx/\ntitle: Over Vera\n---\n"
                          "Vera kweekt tuinen op de maan.\n",
}


def test_an_own_layout_comes_with_the_own_includes_it_runs_and_the_list_they_read(tmp_path):
    """A layout of the owner's own that runs an include of the owner's own (no template has
    it) comes along with it, carried as written, and with the list of the data file that
    include reads by its key (the writer's menu file holds only `main`): the page in the
    second language keeps its `lang` and its own menu."""
    from test_checkout import academicpages_checkout
    from test_upgrade import vera_on_academicpages
    src = vera_on_academicpages(tmp_path / "old", SECOND_LANGUAGE)
    dest = academicpages_checkout(tmp_path / "new")
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    assert "layout: single-xx\n" in (dest / "_pages/about-xx.md").read_text("utf-8")
    for rel in ("_layouts/single-xx.html", "_layouts/default-xx.html",
                "_includes/masthead-xx.html"):
        assert (dest / rel).read_text("utf-8") == SECOND_LANGUAGE[rel]
    nav = yaml.safe_load((dest / "_data/navigation.yml").read_text("utf-8"))
    assert nav["main_xx"] == [{"title": "Praatjes", "url": "/xx/talks/"}] and "main" in nav
    said = [f.message for f in plan.report.findings if f.code == "upgrade-own-layout"]
    assert any("`_includes/masthead-xx.html`" in m and "`main_xx`" in m for m in said)
    # what the masthead reads of the menu file is in it: nothing to merge by hand
    assert not [f for f in plan.report.findings if f.code == "data-kept"]


def test_the_old_templates_data_file_an_own_layout_reads_is_nothing_to_merge(tmp_path,
                                                                             monkeypatch):
    """An own layout that reads a data file of the template (its interface words, by the
    site's locale): where SRC's file is the old template's, unchanged, the new checkout's
    is its newer version, not a file of the owner's to merge; the owner's changed copy is."""
    from test_checkout import _write, academicpages_checkout
    from test_upgrade import _known, vera_on_academicpages
    stock = "en:\n  skip_links: Skip links\n"
    _known(monkeypatch, _write(academicpages_checkout(tmp_path / "academicpages-2098"),
                               {"_data/ui-text.yml": stock}), theme="academicpages")
    layout = SECOND_LANGUAGE["_layouts/default-xx.html"].replace(
        "{{ content }}", "{{ site.data.ui-text[site.locale].skip_links }}{{ content }}")
    for mine, said in ((stock, False), ("en:\n  skip_links: Overslaan\n", True)):
        root = tmp_path / str(said)
        src = vera_on_academicpages(root / "old", {**SECOND_LANGUAGE, "_data/ui-text.yml": mine,
                                                   "_layouts/default-xx.html": layout})
        dest = _write(academicpages_checkout(root / "new"),
                      {"_data/ui-text.yml": "en:\n  skip_links: Skip to content\n"})
        plan = sitemigrate.convert(src, dest, to="academicpages")
        plan.apply()
        assert (dest / "_layouts/default-xx.html").read_text("utf-8") == layout
        kept = [f.message for f in plan.report.findings if f.code == "data-kept"]
        assert bool(kept) == said and all("site.data.ui-text" in m for m in kept)


def test_an_own_include_that_runs_what_the_new_checkout_lacks_keeps_the_layout_out(tmp_path):
    """Where an own include runs a template's include the new checkout lacks (the owner's
    changed copy of the old masthead is no include of their own), nothing of the chain is
    carried: the page takes the template's layout, as Jekyll would stop on the include."""
    from test_checkout import academicpages_checkout
    from test_upgrade import vera_on_academicpages
    files = {**SECOND_LANGUAGE, "_includes/masthead.html": "<nav>changed</nav>\n",
             "_includes/masthead-xx.html": "{% include masthead.html %}\n"}
    src = vera_on_academicpages(tmp_path / "old", files)
    dest = academicpages_checkout(tmp_path / "new")
    sitemigrate.convert(src, dest, to="academicpages").apply()
    assert "layout: single-xx" not in (dest / "_pages/about-xx.md").read_text("utf-8")
    assert not (dest / "_layouts/default-xx.html").exists()
    assert not (dest / "_includes/masthead-xx.html").exists()
    assert not (dest / "_includes/masthead.html").exists()


def test_an_own_include_runs_the_new_checkouts_includes_by_their_new_names(tmp_path):
    """al-folio: an own layout that runs an own include, which runs a template include the
    new checkout names `.liquid`: the own include keeps its name, the one it runs takes
    the new name."""
    from test_upgrade import new_checkout
    layout = TEACHING_LAYOUT.replace("{% include figure.html path=page.logo %}",
                                     "{% include course_row.html %}")
    src = write(_teaching_site(tmp_path / "old", layout), {
        "_includes/course_row.html": "<div>{% include figure.html path=course.logo %}</div>\n"})
    dest = new_checkout(tmp_path / "new")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert "layout: teaching\n" in (dest / "_pages/teaching.md").read_text("utf-8")
    assert "{% include course_row.html %}" in (dest / "_layouts/teaching.html").read_text("utf-8")
    assert (dest / "_includes/course_row.html").read_text("utf-8") == \
        "<div>{% include figure.liquid path=course.logo %}</div>\n"

# -- jekyll-scholar's grouping ----------------------------------------------------------------

def test_a_by_year_page_stays_ungrouped_where_the_new_settings_group_by_year(tmp_path):
    """The 2020-23 publications page writes a heading per year and asks jekyll-scholar for
    that year's entries; a newer template's settings group every `{% bibliography %}` by
    year (`scholar.group_by: year`), which would print each year twice. The owner's page
    keeps rendering ungrouped (the tag's `--group_by` wins over the settings)."""
    from test_upgrade import PUBLICATIONS, new_checkout, old_site
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    config = dest / "_config.yml"
    config.write_text(config.read_text().replace("scholar:\n", "scholar:\n  group_by: year\n"))
    sitemigrate.convert(src, dest, to="al-folio").apply()
    body = (dest / "_pages/publications.md").read_text("utf-8").split("---\n", 2)[2]
    assert body == PUBLICATIONS.split("---\n", 2)[2].replace(
        "{% bibliography -f papers -q @*[year={{y}}]* %}",
        "{% bibliography -f papers -q @*[year={{y}}]* --group_by none %}")
    # where SRC's settings grouped already, the page is carried as written
    (src / "_config.yml").write_text((src / "_config.yml").read_text().replace(
        "scholar:\n", "scholar:\n  group_by: year\n"))
    dest2 = new_checkout(tmp_path / "new2")
    config2 = dest2 / "_config.yml"
    config2.write_text(config2.read_text().replace("scholar:\n", "scholar:\n  group_by: year\n"))
    sitemigrate.convert(src, dest2, to="al-folio").apply()
    assert "--group_by" not in (dest2 / "_pages/publications.md").read_text("utf-8")


# -- BibTeX switches written as bare names ------------------------------------------------------

def test_a_bare_switch_value_is_braced_so_the_new_bibtex_box_hides_it(tmp_path):
    """`bibtex_show=true` names an undefined @string, which bibtex-ruby keeps as the text
    `true` and prints back bare; al-folio's filter of hidden fields (2024-) only takes
    `name = {...}`, so the upgraded BibTeX box showed the line. Braced, it reads the same
    and is hidden; a name inside a braced or quoted value, and a defined @string, stay."""
    from test_upgrade import new_checkout, old_site
    src = write(old_site(tmp_path / "old"), {"_bibliography/papers.bib": (
        "@string{jtf = {Journal of Tidal Flats}}\n"
        "@article{vega2024,\n  title={Tidal Gardens, selected=true},\n  author={Vega, Vera},\n"
        "  journal=jtf,\n  month=jun,\n  year={2024},\n  note=\"seen, abbr=x\",\n"
        "  bibtex_show=true, \n  selected=true\n}\n")})
    dest = new_checkout(tmp_path / "new")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    bib = (dest / "_bibliography/papers.bib").read_text("utf-8")
    assert "  bibtex_show={true}, \n  selected={true}\n}" in bib
    assert "title={Tidal Gardens, selected=true}" in bib and "journal=jtf," in bib
    assert "month=jun," in bib and 'note="seen, abbr=x"' in bib


# -- the owner's settings ---------------------------------------------------------------------

def _known_settings(monkeypatch, *checkouts: Path) -> None:
    """Make the table of template files (with their settings) the one of these checkouts."""
    import sitemigrate.template_files as tf
    from sitemigrate.registry import get_theme
    built = tf.build_table(get_theme("al-folio"), list(checkouts))
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         settings=built["settings"])
    monkeypatch.setattr(tf, "templates", lambda theme: known)


def test_a_setting_the_owner_changed_replaces_the_new_templates_value(tmp_path, monkeypatch):
    """A scalar setting both templates have: the owner's value (no template ships it) is
    carried over the new template's; one the owner left at the old template's default
    stays the new template's; a mapping (`scholar`) stays the new template's."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    old_template = _write(tmp_path / "al-folio-2000", {
        "_config.yml": "max_width: 800px\nblog_name: example-blog\nrepo_theme_light: plain\n"})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text()
                  + "max_width: 930px\nblog_name: example-blog\nrepo_theme_light: nord-ish\n"})
    _known_settings(monkeypatch, old_template, dest)
    _write(src, {"_config.yml": (src / "_config.yml").read_text()
                 + "max_width: 1200px\nblog_name: Tide Notes\nrepo_theme_light: plain\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    config = (dest / "_config.yml").read_text("utf-8")
    assert "max_width: 1200px" in config and "blog_name: Tide Notes" in config
    assert "repo_theme_light: nord-ish" in config
    (said,) = [f for f in plan.report.findings if f.code == "config-own-value"]
    assert "`max_width`" in said.message and "`blog_name`" in said.message
    assert "repo_theme_light" not in said.message
    kept = " ".join(f.message for f in plan.report.findings if f.code == "config-target")
    assert "max_width" not in kept and "blog_name" not in kept


@pytest.mark.parametrize(("mine", "shown"), [
    ('blog_name: ""\nblog_description: ""\n', ("", "")),
    ("", ("", "")),
    ("blog_name: example-blog\nblog_description: Notes on owls\n", ("", "Notes on owls")),
    ("blog_name: Tide Notes\n", ("Tide Notes", "")),
])
def test_the_blog_header_shows_the_owners_words_or_nothing(tmp_path, monkeypatch, mine, shown):
    """al-folio's blog page prints a header of `blog_name` and `blog_description`, the new
    template's at its example wording: a key the owner left empty, never had, or left at a
    template's example shows none of their words, so the new one is empty (no header: the
    blog page shows it only when one is set); the owner's own words are carried."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    example = "blog_name: example-blog\nblog_description: a theme of nobody\n"
    old_template = _write(tmp_path / "al-folio-2000", {"_config.yml": example})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text() + example})
    _known_settings(monkeypatch, old_template, dest)
    _write(src, {"_config.yml": (src / "_config.yml").read_text() + mine})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    config = yaml.safe_load((dest / "_config.yml").read_text("utf-8"))
    assert (config["blog_name"], config["blog_description"]) == shown
    (said,) = [f.message for f in plan.report.findings if f.code == "blog-header"]
    assert [f"`{k}`" in said for k in ("blog_name", "blog_description")] == [not v for v in shown]


def test_the_owners_own_keys_of_a_reshaped_group_are_added_to_the_new_one(tmp_path,
                                                                           monkeypatch):
    """The new template reshaped `scholar` (so it stays the new template's), but it has no
    `sort_by` or `order`: Vera's (no template ships them) sorted her publications newest
    first, and are added to the new group, and her `group_by: none` (no template's) replaces
    the new template's `year`; a key she left at the old template's value is not carried."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    old_template = _write(tmp_path / "al-folio-2000", {
        "_config.yml": "scholar:\n  style: apa\n  details_layout: bibtex.html\n"})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text().replace(
        "scholar:\n", "scholar:\n  style: apa\n  group_by: year\n")})
    _known_settings(monkeypatch, old_template, dest)
    _write(src, {"_config.yml": (src / "_config.yml").read_text().replace(
        "scholar:\n", "scholar:\n  style: apa\n  details_layout: bibtex.html\n"
        "  sort_by: year\n  order: descending\n  group_by: none\n")})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    scholar = yaml.safe_load((dest / "_config.yml").read_text("utf-8"))["scholar"]
    assert scholar["sort_by"] == "year" and scholar["order"] == "descending"
    assert scholar["group_by"] == "none" and "details_layout" not in scholar
    (said,) = [f for f in plan.report.findings if f.code == "config-own-value"]
    assert "`scholar.sort_by: year`" in said.message and "details_layout" not in said.message
    kept = " ".join(f.message for f in plan.report.findings if f.code == "config-target")
    assert "`scholar`" not in kept


def test_an_old_templates_settings_the_new_one_dropped_are_not_carried(tmp_path, monkeypatch):
    """A key the new template no longer has, left at the old template's own value (its
    library pins `bootstrap: {version, integrity}`, `highlight_theme_light`), is no one's:
    it was appended to the new config, in no line of the report. One line names them; a key
    of the owner's own (or an old key at the owner's value) is still carried."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    old_template = _write(tmp_path / "al-folio-2000", {"_config.yml": (
        "highlight_theme_light: github\nrss_icon: true\n"
        "bootstrap:\n  version: \"4.6.1\"\n  integrity:\n    css: \"sha256-AAAA\"\n")})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _known_settings(monkeypatch, old_template, dest)
    _write(src, {"_config.yml": (src / "_config.yml").read_text()
                 + "highlight_theme_light: github\nrss_icon: false\nbadge_motto: Tides first\n"
                 "bootstrap:\n  version: \"4.6.1\"\n  integrity:\n    css: \"sha256-AAAA\"\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    config = (dest / "_config.yml").read_text("utf-8")
    assert "highlight_theme_light" not in config and "bootstrap" not in config
    assert "rss_icon: false" in config and "badge_motto: Tides first" in config
    (said,) = [f for f in plan.report.findings if f.code == "config-old-template"]
    assert "`highlight_theme_light`" in said.message and "`bootstrap`" in said.message
    assert "rss_icon" not in said.message and "badge_motto" not in said.message


def test_settings_the_owner_never_set_are_not_told_as_lost(tmp_path, monkeypatch):
    """An old site's settings at the values an old template shipped (`timezone`, a group of
    such values, a group left blank) or at the very values of the new template (`permalink`)
    are not the owner's: the report said "the source's values were not carried" (could not
    be carried) of them. Only a value of the owner's is still said so; the old template's
    are named in one line of their own."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    old_template = _write(tmp_path / "al-folio-2000", {"_config.yml": (
        "timezone: Pacific/Tarawa\nfeeds:\n  provider: tidefeed\n  id:\n")})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text() + (
        "permalink: /:year/:title/\ntimezone: Etc/UTC\n"
        "feeds:\n  provider: none\n  id:\n  hide: false\n"
        "atlas:\n  path: here\n  hide: false\nexcerpt_separator: '<!--more-->'\n"
        "exclude: [notes, vendor, tmp]\n")})
    _known_settings(monkeypatch, old_template, dest)
    _write(src, {"_config.yml": (src / "_config.yml").read_text()
                 + "permalink: /:year/:title/\ntimezone: Pacific/Tarawa\n"
                 "feeds:\n  provider: tidefeed\n  id:\natlas:\n  path:\n"
                 "excerpt_separator: '<!--split-->'\nexclude: [tmp, notes]\n"
                 "gems: [jekyll-feed]\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    lost = " ".join(f.message for f in plan.report.findings if f.code == "config-target")
    # `exclude`: DEST's list holds the old one's, in another order; `gems` (Jekyll's old
    # name of `plugins`): DEST's plugins hold it
    for key in ("permalink", "timezone", "feeds", "atlas", "exclude", "gems"):
        assert f"`{key}`" not in lost, key
    assert "`collections`" in lost  # the owner's own collections: still said
    (said,) = [f.message for f in plan.report.findings if f.code == "config-template-value"]
    assert all(f"`{k}`" in said for k in ("timezone", "feeds", "atlas"))
    assert "permalink" not in said and "excerpt_separator" not in said
    plan.apply()
    assert "<!--split-->" in (dest / "_config.yml").read_text()  # the owner's, carried


def test_an_example_projects_image_goes_with_the_example_project(tmp_path, monkeypatch):
    """A template's example project left in `_projects/` is not the owner's, and neither is
    the image its card names: once the owner deleted the template's images, the report said
    "`/assets/img/9.jpg` does not exist in the source site ... put the file there" for a
    project the new site does not have. The owner's own project image is carried."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    example = ("---\nlayout: page\ntitle: Sample Kite\ndescription: an example card\n"
               "img: assets/img/9.jpg\nimportance: 1\ncategory: work\n---\nExample text.\n")
    old_template = _write(tmp_path / "al-folio-2000", {"_projects/1_project.md": example})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _known_settings(monkeypatch, old_template, dest)
    _write(src, {"_projects/1_project.md": example,
                 "_projects/reef.md": "---\nlayout: page\ntitle: Reef Atlas\n"
                                      "img: assets/img/reef.png\nimportance: 2\n---\nMine.\n",
                 "assets/img/reef.png": "png"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    missing = [f.message for f in plan.report.findings if f.code == "missing-file"]
    assert not [m for m in missing if "9.jpg" in m]
    assert (dest / "assets/img/reef.png").is_file()
    assert not (dest / "_projects/1_project.md").exists()


def test_an_about_page_that_turned_news_off_shows_none_after_the_upgrade(tmp_path):
    """`news: false` on the about page hides the announcements even where `_news/` has
    items (the layout tests `page.news`): the upgraded about page showed all of them on the
    home page, which had none. With no switch, a site with news shows them."""
    about = "---\nlayout: about\npermalink: /\nnews: {news}\n---\nHelga Brandt maps dunes.\n"
    news = "---\nlayout: post\ndate: 2023-6-1 07:59:00-0400\ninline: true\n---\nA prize.\n"
    for switch, shown in (("false", False), ("true", True)):
        src = write(tmp_path / f"src-{switch}", {
            "_config.yml": ALFOLIO_CONFIG, "_news/prize.md": news,
            "_pages/about.md": about.format(news=switch)})
        dest = tmp_path / f"dest-{switch}"
        sitemigrate.convert(src, dest, to="al-folio", from_="al-folio").apply()
        text = (dest / "_pages/about.md").read_text("utf-8")
        head = text.split("announcements:", 1)[1]
        assert f"enabled: {str(shown).lower()}" in head.split("latest_posts:", 1)[0], switch
        assert (dest / "_news/prize.md").is_file()


def test_the_templates_contact_note_is_no_ones(tmp_path, monkeypatch):
    """The template's example `contact_note` left in the config (an owner layout may hide
    it) is not carried as the owner's note: the new about page would show it under their
    links. A note of the owner's own is carried."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    note = "Say which way of reaching you is best.\n"
    old_template = _write(tmp_path / "al-folio-2000", {"_config.yml": f"contact_note: >\n  {note}"})
    for mine, shown in ((note, False), ("Email is best; I answer on Fridays.\n", True)):
        src = old_site(tmp_path / f"old{shown}")
        _write(src, {"_config.yml": (src / "_config.yml").read_text()
                     + f"contact_note: >\n  {mine}"})
        dest = new_checkout(tmp_path / f"new{shown}")
        _known_settings(monkeypatch, old_template, dest)
        plan = sitemigrate.convert(src, dest, to="al-folio")
        plan.apply()
        config = (dest / "_config.yml").read_text("utf-8")
        assert (mine.strip() in config) == shown
        assert bool([f for f in plan.report.findings if f.code == "template-wording"]) != shown


# -- a CV section the RenderCV layout shows as a generic one ----------------------------------

def test_a_standard_cv_section_under_a_title_the_layout_does_not_test_is_bullets(tmp_path):
    """A classic `type: list` section `Research Interests` is JSON Resume's `interests`,
    whose entries RenderCV names (`name:`); al-folio's RenderCV layout lays out `Interests`
    its own way, and any other title as a generic section that shows bullet entries only,
    so the section showed empty: its entries are bullets there."""
    import yaml
    from test_realtheme_fixes import _rendercv_checkout
    from test_upgrade import old_site
    src = write(old_site(tmp_path / "old"), {"_data/cv.yml": (
        "- title: Research Interests\n  type: list\n  contents:\n"
        "    - Tidal flats, salt marshes and the birds that feed there\n"
        "- title: Education\n  type: time_table\n  contents:\n"
        "    - title: PhD in Coastal Ecology\n      institution: Example University\n"
        "      year: 2019\n"),
        "_pages/cv.md": "---\nlayout: cv\ntitle: cv\npermalink: /cv/\nnav: true\n---\n"})
    dest = _rendercv_checkout(tmp_path, "Education", "{% for e in s[1] %}{{ e.area }}{% endfor %}")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    sections = yaml.safe_load((dest / "_data/cv.yml").read_text())["cv"]["sections"]
    assert sections["Research Interests"] == [
        {"bullet": "Tidal flats, salt marshes and the birds that feed there"}]
    assert "bullet" not in sections["Education"][0]


def test_a_favicon_naming_no_picture_is_not_carried(tmp_path, monkeypatch):
    """al-folio's head takes an `icon` of more than 4 characters as a file of `assets/img/`
    and its cache-busting filter stops the build when there is none: the owner's value that
    names no picture (a folder, `/assets/img/favicons/`) is not carried, the template's
    favicon stays, and a finding says what to do; a picture that is there is carried."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    old_template = _write(tmp_path / "al-folio-2000", {"_config.yml": "icon: x\n"})
    for mine, there in (("/assets/img/favicons/", False), ("tide.png", True)):
        src = old_site(tmp_path / f"old{there}")
        _write(src, {"_config.yml": (src / "_config.yml").read_text() + f"icon: {mine}\n"})
        if there:
            (src / "assets/img").mkdir(parents=True, exist_ok=True)
            (src / "assets/img/tide.png").write_bytes(b"\x89PNG\r\n\x1a\n")
        dest = new_checkout(tmp_path / f"new{there}")
        _write(dest, {"_config.yml": (dest / "_config.yml").read_text() + "icon: ⚛️\n"})
        _known_settings(monkeypatch, old_template, dest)
        plan = sitemigrate.convert(src, dest, to="al-folio")
        plan.apply()
        config = (dest / "_config.yml").read_text("utf-8")
        assert (f"icon: {mine}" in config) == there and ("icon: ⚛️" in config) != there
        assert bool([f for f in plan.report.findings if f.code == "favicon"]) != there


def test_liquid_in_a_news_item_listed_on_the_news_page_is_translated(tmp_path):
    """Jekyll runs Liquid inside `<!-- -->`: an al-folio news item's commented-out
    `{% twitter %}` stopped the academicpages build once the items were listed on one news
    page, which took their text as it was (no translation, no report line). The comment
    shows nothing: the tag academicpages lacks is left out of it, and the report says so."""
    src = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/about.md": "---\nlayout: about\npermalink: /\nnews: false\n---\nOla Berg.\n",
        "_news/defence.md": "---\nlayout: post\ndate: 2021-8-31 15:59:00-0400\ninline: true\n"
                            "---\n\nI defended.\n\n<!-- {% twitter https://x.example/s/1 %} -->\n"})
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages", from_="al-folio")
    plan.apply()
    news = (tmp_path / "dest/_pages/news.md").read_text("utf-8")
    assert "I defended." in news
    assert "twitter" not in news
    (said,) = [f for f in plan.report.findings if "twitter" in f.message]
    assert (said.path, said.line, said.outcome) == ("_news/defence.md", 9, "lost")
    assert "inside an HTML comment" in said.message


def test_the_blogs_tag_list_keeps_the_owners_words_and_says_what_it_wrote(tmp_path):
    """`display_tags` that name the owner's posts' tags are the owner's choice and stay;
    the template's example words (no post has them) become the posts' most used ones. The
    report said the source's values were "left as DEST has them" while it wrote others."""
    from test_checkout import _write
    from test_upgrade import new_checkout
    post = "---\nlayout: post\ntitle: {t}\ntags: {tags}\ncategories: field\n---\nText.\n"
    for listed, expected in (("[robotics, formatting]", ["robotics"]),
                             ("[formatting, links]", ["sailing", "robotics"])):
        src = write(tmp_path / f"src{len(expected)}", {
            "_config.yml": ALFOLIO_CONFIG + f"display_tags: {listed}\n"
                           "display_categories: [external-services]\n",
            "_posts/2024-01-02-a.md": post.format(t="A", tags="robotics sailing"),
            "_posts/2024-02-03-b.md": post.format(t="B", tags="sailing")})
        dest = new_checkout(tmp_path / f"dest{len(expected)}")
        _write(dest, {"_config.yml": (dest / "_config.yml").read_text() + (
            "display_tags: [formatting, links]\ndisplay_categories: [external-services]\n")})
        plan = sitemigrate.convert(src, dest, to="al-folio", from_="al-folio")
        plan.apply()
        from sitemigrate.yamlio import load_yaml
        config = load_yaml((dest / "_config.yml").read_text("utf-8"), "_config.yml", None)
        assert list(config["display_tags"]) == expected, listed
        assert list(config["display_categories"]) == ["field"]
        kept = " ".join(f.message for f in plan.report.findings if f.code == "config-target")
        assert "display_tags" not in kept and "display_categories" not in kept
        said = [f.message for f in plan.report.findings if f.code == "blog-words"]
        assert any("`display_tags`" in m for m in said)


def test_a_blog_page_without_a_tag_list_gets_none_on_upgrade(tmp_path):
    """An al-folio blog page lists the config's `display_tags`/`display_categories`; a site
    whose config names none showed no such list. Its upgrade wrote the posts' most used
    words, so the new blog page showed a tag bar the owner never had."""
    from test_checkout import _write
    from test_upgrade import new_checkout
    post = "---\nlayout: post\ntitle: {t}\ntags: robotics sailing\ncategories: field\n---\nText.\n"
    for listed in ("", "display_tags:\ndisplay_categories: []\n"):
        src = write(tmp_path / f"src{len(listed)}", {
            "_config.yml": ALFOLIO_CONFIG + listed,
            "_posts/2024-01-02-a.md": post.format(t="A"),
            "_posts/2024-02-03-b.md": post.format(t="B")})
        dest = new_checkout(tmp_path / f"dest{len(listed)}")
        _write(dest, {"_config.yml": (dest / "_config.yml").read_text() + (
            "display_tags: [formatting, links]\ndisplay_categories: [external-services]\n")})
        plan = sitemigrate.convert(src, dest, to="al-folio", from_="al-folio")
        plan.apply()
        from sitemigrate.yamlio import load_yaml
        config = load_yaml((dest / "_config.yml").read_text("utf-8"), "_config.yml", None)
        assert not config["display_tags"] and not config["display_categories"], listed
        said = [f.message for f in plan.report.findings if f.code == "blog-words"]
        assert any("`display_tags`" in m and "showed none" in m for m in said)


# -- the owner's includes ----------------------------------------------------------------------

def test_an_owner_include_that_nothing_includes_is_not_told_as_a_change_to_carry(tmp_path,
                                                                                  monkeypatch):
    """Jekyll renders a file of `_includes/` only where an ``{% include %}`` names it (a name
    built with ``{{ }}`` names what its fixed parts fit; a tag inside ``{% comment %}``
    renders nothing). An owner's include that nothing includes showed nowhere: the upgrade
    says so (nothing is missing) instead of asking the owner to carry it by hand; the
    includes the site does use are still named as changes to carry (not one a carried page
    names: that one is copied along)."""
    from test_upgrade import _known, new_checkout, old_site
    _known(monkeypatch, write(tmp_path / "al-folio-2098", {"_layouts/page.html": "{{ content }}\n"}),
           write(tmp_path / "al-folio-2099", {"_includes/scripts.liquid":
                                              "{% if page.mermaid.enabled %}m{% endif %}\n"}))
    src = write(old_site(tmp_path / "old"), {
        "_includes/visit_counter.html": "<script>count('vv-42')</script>\n",
        "_includes/retired_note.html": "<p>Old note</p>\n",
        "_includes/moon_banner.html": "<div>Moon banner</div>\n",
        "_includes/trackers/tidecount.html": "<script>tide('vv-7')</script>\n",
        "_layouts/post.html": "{% include /trackers/{{ site.tracker }}.html %}{{ content }}\n",
        "_pages/garden.md": "---\nlayout: page\npermalink: /garden/\ntitle: Garden\n---\n"
                            "{% comment %}{% include retired_note.html %}{% endcomment %}\n"
                            "<!-- {% include moon_banner.html %} -->\nBeds of basil.\n",
    })
    plan = sitemigrate.convert(src, new_checkout(tmp_path / "new"), to="al-folio")
    (unused,) = [f for f in plan.report.findings if f.code == "upgrade-unused-include"]
    assert unused.severity == "info"
    for name in ("visit_counter.html", "retired_note.html", "news.html"):
        assert f"_includes/{name}" in unused.message
    (carry,) = [f for f in plan.report.findings if f.code == "upgrade-look-at"]
    for name in ("moon_banner.html", "trackers/tidecount.html"):  # (HTML comments hide no Liquid)
        assert name not in unused.message
    assert "_includes/trackers/tidecount.html" in carry.message  # (the post layout's)
    # (the garden page keeps its tag: its banner is copied along, nothing to carry by hand)
    assert "moon_banner" not in carry.message and "_includes/moon_banner.html" in plan.files
    assert "visit_counter" not in carry.message and "retired_note" not in carry.message


def test_the_owners_own_include_is_told_apart_from_a_changed_template_file(tmp_path,
                                                                          monkeypatch):
    """An owner's changed about layout runs an include of their own that no template has:
    the report says the new checkout's about layout is kept, and that the include, which no
    checkout has a version of, is not carried (no 'the new checkout's own are kept' for a
    file that has none)."""
    from test_upgrade import _known, new_checkout, old_site
    _known(monkeypatch, write(tmp_path / "al-folio-2098", {"_layouts/page.html": "{{ content }}\n",
                                                           "_layouts/about.html":
                                                           "{{ content }}\n"}),
           write(tmp_path / "al-folio-2099", {"_includes/scripts.liquid":
                                              "{% if page.mermaid.enabled %}m{% endif %}\n"}))
    src = write(old_site(tmp_path / "old"), {
        "_layouts/about.html": "{{ content }}{% include lab_footer.html %}\n",
        "_includes/lab_footer.html": "<p>Visit the greenhouse, level 2.</p>\n"})
    plan = sitemigrate.convert(src, new_checkout(tmp_path / "new"), to="al-folio")
    (told,) = [f for f in plan.report.findings if f.code == "upgrade-look-at"]
    changed, own = told.message.split("; ")
    assert "your changes to the template's _layouts/about.html" in changed
    assert "new checkout's versions are kept" in changed
    assert own.startswith("files of your own, which no template has, ")
    assert "_includes/lab_footer.html" in own and "(not carried: copy them" in own
    assert "new checkout" not in own


# -- the owner's settings groups ---------------------------------------------------------------

OLD_ANALYTICS = "analytics:\n  provider: google-universal\n  google:\n    tracking_id:\n"
NEW_ANALYTICS = "analytics:\n  provider: \"false\"\n  google:\n    tracking_id:\n"


@pytest.mark.parametrize("tracking, carried", [("UA-4242-1", True), ("", False)])
def test_an_owners_settings_group_is_carried_whole_in_an_upgrade(tmp_path, monkeypatch,
                                                                 tracking, carried):
    """A settings group in which the owner set a value (an analytics id, where the new
    template leaves a blank for one) is the owner's set-up: its values select one another
    (the provider the id is for), so the upgrade carries it whole over the new template's.
    A group at the old template's own values (its provider, no id) stays the new
    template's."""
    from test_checkout import academicpages_checkout
    from test_upgrade import vera_on_academicpages

    from sitemigrate import template_files as tf
    from sitemigrate.registry import get_theme
    built = tf.build_table(get_theme("academicpages"), [
        write(tmp_path / "academicpages-2098", {"_config.yml": OLD_ANALYTICS}),
        write(tmp_path / "academicpages-2099", {"_config.yml": NEW_ANALYTICS})])
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         settings=set(built["settings"]))  # the checkouts' config values
    monkeypatch.setattr(tf, "templates", lambda theme: known)
    src = vera_on_academicpages(tmp_path / "src", {})
    config = (src / "_config.yml").read_text() + OLD_ANALYTICS.replace(
        "tracking_id:", f"tracking_id: {tracking}")
    write(src, {"_config.yml": config})
    dest = academicpages_checkout(tmp_path / "dest")
    write(dest, {"_config.yml": (dest / "_config.yml").read_text() + NEW_ANALYTICS})
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    analytics = yaml.safe_load((dest / "_config.yml").read_text())["analytics"]
    if carried:
        assert analytics == {"provider": "google-universal", "google": {"tracking_id": tracking}}
        assert any(f.code == "config-own-value" and "`analytics`" in f.message
                   for f in plan.report.findings)
    else:
        assert analytics == {"provider": "false", "google": {"tracking_id": None}}


def test_a_group_of_the_old_templates_shape_is_not_the_owners(tmp_path, monkeypatch):
    """A group the new template writes in another shape (jekyll-archives: `enabled`,
    `layouts`, `permalinks` at the top, where the new one nests them under `posts:`) has
    no blank of the new template's for the owner to fill: the old template's values are
    no set-up of the owner's, and carrying them whole stopped the new plug-in's build."""
    from sitemigrate import template_files as tf
    from sitemigrate.registry import get_theme
    old = ("title: blank\njekyll-archives:\n  enabled: [year, tags]\n  layouts:\n    year: archive-year\n"
           "  permalinks:\n    year: /blog/:year/\n")
    new = "title: blank\njekyll-archives:\n  posts:\n    enabled: [year, tags]\n    permalinks:\n" \
          "      year: /blog/:year/\n"
    built = tf.build_table(get_theme("al-folio"), [
        write(tmp_path / "al-folio-2098", {"_config.yml": old}),
        write(tmp_path / "al-folio-2099", {"_config.yml": new})])
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         settings=set(built["settings"]))
    monkeypatch.setattr(tf, "templates", lambda theme: known)
    theme = get_theme("al-folio")
    value, theirs = yaml.safe_load(old)["jekyll-archives"], yaml.safe_load(new)["jekyll-archives"]
    assert not tf.owners_group(theme, "jekyll-archives", value, theirs)
    # the group of the same shape where the new template leaves the key blank is the
    # owner's to fill; one the new template grew (a key of its own more) stays the new one's
    blank = {"enabled": ["year"], "layouts": {"year": None}, "permalinks": {"year": "/x/"}}
    assert tf.owners_group(theme, "jekyll-archives", value, blank)
    assert not tf.owners_group(theme, "jekyll-archives", value, {**blank, "group_by": "year"})


def _upgraded(tmp_path, monkeypatch, old: dict, new: dict, ours: dict):
    """Vera's academicpages site made from the invented checkout ``old`` (with ``ours`` over
    it), upgraded onto ``new``: the plan, applied, and DEST."""
    from test_checkout import academicpages_checkout
    from test_upgrade import _known, vera_on_academicpages
    _known(monkeypatch, write(tmp_path / "academicpages-2098", old),
           write(tmp_path / "academicpages-2099", new), theme="academicpages")
    src = vera_on_academicpages(tmp_path / "src", {**old, **ours})
    dest = write(academicpages_checkout(tmp_path / "dest"), new)
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    return plan, dest


def test_an_owners_change_to_code_the_new_template_did_not_change_is_carried(tmp_path,
                                                                              monkeypatch):
    """The owner's change to a file of the theme's code that the new template has as the
    old one had it (the analytics snippet academicpages reads from
    `analytics-providers/custom.html`) is what a merge of the two would keep: carried. A
    file the new template changed keeps the new template's, and is named to carry by hand."""
    slot = "_includes/analytics-providers/custom.html"
    stock = "<!-- start custom analytics snippet -->\n<!-- end custom analytics snippet -->\n"
    ours = stock.replace("-->\n<!--", "-->\n<script>tally('vv-77')</script>\n<!--")
    old = {slot: stock, "_includes/footer.html": "<footer>old</footer>\n",
           "_includes/seo.html": "<meta old>\n"}
    new = {slot: stock, "_includes/footer.html": "<footer>new</footer>\n",
           "_includes/seo.html": "<meta new>\n"}
    plan, dest = _upgraded(tmp_path, monkeypatch, old, new, {
        slot: ours, "_includes/footer.html": "<footer>old, Vera's</footer>\n"})
    assert (dest / slot).read_text() == ours
    assert (dest / "_includes/footer.html").read_text() == "<footer>new</footer>\n"
    (carried,) = [f for f in plan.report.findings if f.code == "upgrade-own-code"]
    assert slot in carried.message and "footer.html" not in carried.message
    told = " ".join(f.message for f in plan.report.findings
                    if f.code in ("upgrade-look-at", "upgrade-unused-include"))
    assert "_includes/footer.html" in told and slot not in told


# -- inline math between single dollars --------------------------------------------------------

MATHJAX_2 = ("<script src=\"https://example.org/MathJax.js\"></script>\n<script type=\"text/"
             "x-mathjax-config\">\n  MathJax.Hub.Config({tex2jax: {inlineMath: [['$','$']]}});"
             "\n</script>\n")
MATHJAX_3 = "<script id=\"MathJax-script\" src=\"https://example.org/mathjax@3/tex.js\"></script>\n"
DOLLAR_3 = "<script>window.MathJax = {tex: {inlineMath: [[\"$\", \"$\"]]}};</script>\n" + MATHJAX_3


@pytest.mark.parametrize("dest_head, told", [(MATHJAX_3, True), (DOLLAR_3, False)])
def test_inline_dollar_math_the_new_mathjax_does_not_read_is_told(tmp_path, dest_head, told):
    """MathJax reads `$x$` as math only where its settings list `$` among the inline
    delimiters (its default is `\\(x\\)`; kramdown's is `$$x$$`). An old template whose
    MathJax settings did, upgraded onto one whose MathJax does not, would show the posts'
    `$x$` raw: the pages that write it are named, with what to do. `$$x$$`, code and prices
    (`$5 or $6`) are no such math."""
    from test_checkout import academicpages_checkout
    from test_upgrade import vera_on_academicpages
    src = vera_on_academicpages(tmp_path / "src", {
        "_includes/head.html": "<meta charset=\"utf-8\">\n" + MATHJAX_2,
        "_posts/2022-01-05-tides.md": "---\ntitle: Tides\n---\nLet $h(t)$ be the height.\n",
        "_posts/2022-02-05-orbits.md": "---\ntitle: Orbits\n---\nThe period $$T$$ is long; "
                                       "seeds cost $5 or $6; `echo $HOME$`.\n",
    })
    dest = write(academicpages_checkout(tmp_path / "dest"), {
        "_includes/head/custom.html": dest_head})
    plan = sitemigrate.convert(src, dest, to="academicpages")
    found = [f for f in plan.report.findings if f.code == "inline-dollar-math"]
    if not told:
        assert found == []
        return
    (said,) = found
    assert said.severity == "warning" and "_posts/2022-01-05-tides.md" in said.message
    assert "orbits" not in said.message and "inlineMath" in said.message


def test_inline_dollar_math_is_told_in_a_conversion_too(tmp_path):
    """The same holds when an al-folio site whose MathJax settings read `$x$` is converted
    into an academicpages checkout whose MathJax keeps its defaults: the pages that write
    `$x$` would show it raw, and are named."""
    import shutil
    from conftest import FIXTURES
    from test_checkout import academicpages_checkout
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    write(src, {"assets/js/mathjax-setup.js": "window.MathJax = {tex: {inlineMath: "
                "[['$', '$'], ['\\\\(', '\\\\)']]}};\n",
                "_posts/2022-03-05-swell.md": "---\nlayout: post\ntitle: Swell\n---\n"
                "Let $w(t)$ be the swell.\n"})
    dest = write(academicpages_checkout(tmp_path / "dest"), {
        "_includes/head/custom.html": MATHJAX_3})
    plan = sitemigrate.convert(src, dest, to="academicpages")
    (said,) = [f for f in plan.report.findings if f.code == "inline-dollar-math"]
    assert "_posts/2022-03-05-swell.md" in said.message and said.severity == "warning"


# -- the owner's own include, run by a template layout they changed ------------------------------

_OLD_LAYOUT = ("<article>{{ content }}</article>\n{% if page.social %}\n  <div class=\"icons\">"
               "{% include icons.html %}</div>\n{% endif %}\n")
_NEW_LAYOUT = _OLD_LAYOUT.replace("article>", "main>").replace("{% include icons.html %}",
                                                              "{% icon_row %}")
_CONTACT = ("<section class=\"contact\"><h3>Visiting hours</h3>\n"
            "<ul><li>Dome 4, north lock</li></ul></section>\n")


@pytest.mark.parametrize("ours, new, shown", [
    # the owner replaced the block's content by their include: so does the new layout
    (_OLD_LAYOUT.replace('<div class="icons">{% include icons.html %}</div>',
                         "{% include contact.html %}"), _NEW_LAYOUT,
     "{% if page.social %}\n  {% include contact.html %}\n{% endif %}"),
    # the owner added it beside the template's content: the new content stays, with it
    (_OLD_LAYOUT.replace("</div>\n{% endif %}", "</div>\n  {% include contact.html %}\n"
                                                "{% endif %}"), _NEW_LAYOUT,
     "{% icon_row %}</div>\n{% include contact.html %}\n{% endif %}"),
    # the new layout has no such block: what to add where is said
    (_OLD_LAYOUT.replace("</div>\n{% endif %}", "</div>\n  {% include contact.html %}\n"
                                                "{% endif %}"),
     _NEW_LAYOUT.replace("page.social", "page.contact"), None),
])
def test_an_owners_include_in_a_changed_layout_is_run_by_the_new_layout(tmp_path, monkeypatch,
                                                                        ours, new, shown):
    """An owner's change to a template layout that runs an include of their own (a contact
    section under the `page.social` switch) showed that include's text on their pages. The
    new template changed that layout, so its version is kept: the tag goes into the same
    block of it (the same opening tag), with the include file; where the old block held
    nothing but the owner's include, it replaces what the template had there. Where the new
    layout has no such block, the report says what to add where (a loss, not a mapping)."""
    rel = "_layouts/single.html"
    old = {rel: _OLD_LAYOUT, "_includes/footer.html": "<footer>old</footer>\n"}
    now = {rel: new, "_includes/footer.html": "<footer>new</footer>\n"}
    plan, dest = _upgraded(tmp_path, monkeypatch, old, now,
                           {rel: ours, "_includes/contact.html": _CONTACT})
    layout = (dest / rel).read_text()
    codes = {f.code: f.message for f in plan.report.findings}
    if shown is None:
        assert layout == new
        assert "inside `{% if page.contact %}`" not in codes["upgrade-own-include-left"]
        assert "add `{% include contact.html %}` inside `{% if page.social %}`" in \
            codes["upgrade-own-include-left"]
    else:
        assert shown in layout and layout.startswith("<main>")
        assert (dest / "_includes/contact.html").read_text() == _CONTACT
        assert "contact.html" in codes["upgrade-own-include"]
        assert "upgrade-own-include-left" not in codes
        assert "contact.html" not in codes.get("upgrade-look-at", "")


def test_an_owners_include_that_a_carried_layout_runs_is_carried_with_it(tmp_path, monkeypatch):
    """An owner's change to a layout the new template has as the old one had it is carried
    as they wrote it; an include of their own that it runs goes with it (Jekyll stops on an
    include tag whose file is not there)."""
    rel = "_layouts/single.html"
    ours = _OLD_LAYOUT.replace("</div>\n{% endif %}", "</div>\n{% include contact.html %}\n"
                                                      "{% endif %}")
    old = {rel: _OLD_LAYOUT, "_includes/footer.html": "<footer>old</footer>\n"}
    now = {rel: _OLD_LAYOUT, "_includes/footer.html": "<footer>new</footer>\n"}
    plan, dest = _upgraded(tmp_path, monkeypatch, old, now,
                           {rel: ours, "_includes/contact.html": _CONTACT})
    assert (dest / rel).read_text() == ours
    assert (dest / "_includes/contact.html").read_text() == _CONTACT
    told = " ".join(f.message for f in plan.report.findings if f.code == "upgrade-look-at")
    assert "contact.html" not in told


def _checkout_code(tmp_path) -> dict:
    """The theme's code of the miniature academicpages checkout, as text: a template's."""
    from test_checkout import academicpages_checkout
    root = academicpages_checkout(tmp_path / "stock")
    return {p.relative_to(root).as_posix(): p.read_text() for folder in ("_layouts", "_includes")
            for p in sorted((root / folder).rglob("*")) if p.is_file()}


def test_an_owners_stylesheet_takes_its_own_partials_along(tmp_path, monkeypatch):
    """The owner's `assets/css/main.scss` (the new template has it as the old one had it)
    imports partials of their own (`@import ..., "tidelook";`): carried as they wrote it,
    with `_sass/_tidelook.scss` and the partial that one imports in turn (Sass stops the
    build on an import whose file is not there). A partial nothing imports is told."""
    rel = "assets/css/main.scss"
    stock = "---\n---\n\n@import\n    \"layout/base\",\n    \"theme/{{ site.x | default: 'a' }}\"\n;\n"
    ours = stock.replace("\n;\n", ",\n    \"tidelook\"\n;\n")
    code = _checkout_code(tmp_path)
    old = {**code, rel: stock, "_includes/footer.html": "<footer>old</footer>\n"}
    new = {**code, rel: stock, "_includes/footer.html": "<footer>new</footer>\n"}
    plan, dest = _upgraded(tmp_path, monkeypatch, old, new, {
        rel: ours, "_sass/_tidelook.scss": "@import 'look/waves';\nh1 { color: teal; }\n",
        "_sass/look/_waves.scss": ".wave { margin: 0; }\n",
        "_sass/_unused.scss": ".x { margin: 0; }\n"})
    assert (dest / rel).read_text() == ours
    assert "teal" in (dest / "_sass/_tidelook.scss").read_text()
    assert (dest / "_sass/look/_waves.scss").is_file()
    told = " ".join(f.message for f in plan.report.findings if f.code == "upgrade-look-at")
    assert "_sass/_unused.scss" in told and "tidelook" not in told and "waves" not in told


def test_an_owners_code_is_told_on_an_upgrade_onto_the_same_template(tmp_path, monkeypatch):
    """SRC made from the very template DEST is (nothing of the template's changed): the
    owner's files of the theme's code that are not carried were in no line of the report
    (the summary stopped where there was no step to tell). A script a page of the site
    runs, copied as the site's file, is not told as not carried."""
    code = _checkout_code(tmp_path)
    plan, dest = _upgraded(tmp_path, monkeypatch, code, code, {
        "_sass/_tidelook.scss": "h1 { color: teal; }\n",
        "assets/js/tides.js": "var tides = 1;\n",
        "_pages/tides.md": "---\ntitle: Tides\npermalink: /tides/\n---\n"
                           "<script src=\"/assets/js/tides.js\"></script>\n"})
    assert (dest / "assets/js/tides.js").is_file()
    (told,) = [f.message for f in plan.report.findings if f.code == "upgrade-look-at"]
    assert "_sass/_tidelook.scss" in told and "tides.js" not in told


def test_an_include_a_page_names_is_copied_along_and_still_shows_what_it_reads(tmp_path,
                                                                              monkeypatch):
    """The owner's about page includes a card grid of their own (no template has it) that
    shows each post's `swatch`: the page keeps its include tag, so the grid is copied along
    into the new checkout. It is not listed as left behind, and the posts' `swatch` is not
    said to be lost (nor to have no meaning): it is shown by the grid, which comes along."""
    from test_upgrade import _known, new_checkout, old_site
    _known(monkeypatch, write(tmp_path / "al-folio-2098", {"_layouts/page.html": "{{ content }}\n"}),
           write(tmp_path / "al-folio-2099", {"_includes/scripts.liquid":
                                              "{% if page.mermaid.enabled %}m{% endif %}\n"}))
    src = write(old_site(tmp_path / "old"), {
        "_pages/about.md": "---\nlayout: about\npermalink: /\n---\nVera Vega grows gardens."
                           "\n\n{% include moon_cards.html %}\n",
        "_includes/moon_cards.html": "{% for post in site.posts %}<div class=\"card c"
                                     "{{ post.swatch }}\">{{ post.title }}</div>{% endfor %}\n",
        "_posts/2022-05-06-crater.md": "---\nlayout: post\ntitle: Crater beds\nswatch: 7\n---\n"
                                       "Beds in a crater.\n"})
    plan = sitemigrate.convert(src, new_checkout(tmp_path / "new"), to="al-folio")
    assert "_includes/moon_cards.html" in plan.files
    told = [f.message for f in plan.report.findings if f.code == "upgrade-look-at"]
    assert not [m for m in told if "moon_cards" in m]
    [said] = [f for f in plan.report.findings if "`swatch`" in f.message]
    assert said.outcome == "mapped" and "`_includes/moon_cards.html`, which comes along" in \
        said.message


def test_the_layout_a_list_of_talks_names_comes_along_with_its_page(tmp_path):
    """A page lists talks with `{% bibliography --file talks --template talk-card %}`, a
    layout of the owner's own (no template has one of that name): the page comes along, and
    so does the layout it names (without it the new site's list shows nothing)."""
    from test_upgrade import new_checkout, old_site
    card = "---\n---\n<div class=\"title\">{{ entry.title }}</div> <em>{{ entry.venue }}</em>\n"
    src = write(old_site(tmp_path / "old"), {
        "_layouts/talk-card.liquid": card,
        "_bibliography/talks.bib": "@misc{t24,\n  title={Tidal Clocks},\n  year={2024},\n"
                                   "  venue={Estuary Forum},\n}\n",
        "_pages/talks.md": "---\nlayout: page\npermalink: /talks/\ntitle: talks\nnav: true\n"
                           "---\n{% bibliography\n  --file talks\n  --template talk-card\n%}\n"})
    dest = new_checkout(tmp_path / "new")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert "--template talk-card" in (dest / "_pages/talks.md").read_text("utf-8")
    assert (dest / "_layouts/talk-card.liquid").read_text("utf-8") == card
    assert not any("talk-card" in f.message for f in plan.report.findings
                   if f.code == "upgrade-look-at")


DEFAULTS = """defaults:
  - scope:
      path: ""
      type: posts
    values:
      layout: single
      share: true
      related: {related}
  - scope:
      path: ""
      type: pages
    values:
      layout: {page_layout}
      author_profile: true
"""


def test_a_default_the_owner_changed_replaces_the_new_templates_in_an_upgrade(tmp_path):
    """academicpages: the owner turned the related posts off (`related: false` in the posts'
    `defaults:` entry, which both templates ship with `true`); the upgrade left `defaults`
    as the new template has it, and every post gained a "You May Also Enjoy" list. The
    owner's value replaces the new template's in the entry for the same documents, and says
    so; a value the owner added comes along; a `layout` stays the new template's, and an
    entry for other documents is still said not carried."""
    import shutil

    from conftest import FIXTURES
    from test_checkout import _write, academicpages_checkout
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = (src / "_config.yml").read_text()
    _write(src, {"_config.yml": config + DEFAULTS.format(related="false", page_layout="wide")
                 .replace("      related: false\n", "      related: false\n      toc: true\n")
                 + "  - scope:\n      path: \"_pages/field\"\n    values:\n      share: false\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text()
                  + DEFAULTS.format(related="true", page_layout="single")})
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    entries = yaml.safe_load((dest / "_config.yml").read_text("utf-8"))["defaults"]
    posts, pages = entries
    assert posts["values"] == {"layout": "single", "share": True, "related": False,
                               "toc": True}
    assert pages["values"] == {"layout": "single", "author_profile": True}
    (said,) = [f for f in plan.report.findings if f.code == "config-own-value"]
    assert "`related: false` (posts)" in said.message and "`toc: true`" in said.message
    kept = " ".join(f.message for f in plan.report.findings if f.code == "config-target")
    assert "`defaults`" in kept  # the page layout and the entry for `_pages/field`


OWN_LIST_INCLUDE = ("<h2>{{ post.title }}</h2>\n{% if post.collection == 'notes' %}"
                    "<p>Posted: {{ post.date | date: '%Y' }}</p>{% endif %}\n"
                    "{% if post.citation %}<p>Cite as: {{ post.citation }}</p>{% endif %}\n")


@pytest.mark.parametrize("dest_shows", [True, False])
def test_a_key_the_new_checkouts_include_shows_too_is_not_said_lost(tmp_path, dest_shows):
    """Upgrading: the owner's changed `archive-single.html` showed a custom collection's
    `citation`; the new checkout's include of that name is kept in its place, and shows
    `post.citation` too. It was said lost ("the layouts and includes of academicpages do not
    show it"), which the built site belies; it is said shown there. Where the new include
    does not show it, it is still said lost."""
    import shutil

    from conftest import FIXTURES
    from test_checkout import _write, academicpages_checkout
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = (src / "_config.yml").read_text().replace(
        "collections:\n", "collections:\n  notes:\n    output: true\n"
        "    permalink: /:collection/:path/\n", 1)
    _write(src, {"_config.yml": config,
                 "_includes/archive-single.html": OWN_LIST_INCLUDE,
                 "_notes/2019-05-01-moss-note.md": "---\ntitle: A note on moss\n"
                 "collection: notes\ncitation: 'Berg (2019). A note on moss. Moss Notes.'\n---\n"
                 "Moss grows on the north side.\n",
                 "_pages/notes.md": "---\nlayout: archive\ntitle: Notes\npermalink: /notes/\n"
                 "---\n{% for post in site.notes %}{% include archive-single.html %}"
                 "{% endfor %}\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    if dest_shows:
        _write(dest, {"_includes/archive-single.html": "{{ post.title }}\n{% if post.citation"
                      " %}<p>Recommended citation: {{ post.citation }}</p>{% endif %}\n"})
    plan = sitemigrate.convert(src, dest, to="academicpages")
    said = [f for f in plan.report.findings
            if f.path == "_notes/2019-05-01-moss-note.md" and "`citation`" in f.message]
    assert [f.code for f in said] == (["extra-key"] if dest_shows else ["extra-key-shown"])
    assert ("shows it too" in said[0].message) == dest_shows


def test_a_home_page_that_listed_every_news_item_lists_every_one_after_the_upgrade(tmp_path):
    """An old al-folio config with `news_limit:` blank lists every news item on the home
    page (its include reads no limit as all of them), and so does an about page with no
    `limit`: the upgraded about page must not cap them at the template's example limit,
    which dropped the oldest items from the home page. A limit the owner set is kept."""
    about = "---\nlayout: about\npermalink: /\nnews: true\n---\nHelga Brandt maps dunes.\n"
    news = {f"_news/n{i}.md": f"---\nlayout: post\ndate: 2023-06-0{i}\ninline: true\n---\n"
            f"Survey {i} done.\n" for i in range(1, 8)}
    for limit, shown in (("", None), ("2", 2)):
        src = write(tmp_path / f"src-{limit}", {
            "_config.yml": ALFOLIO_CONFIG + f"news_limit: {limit}\n",
            "_pages/about.md": about, **news})
        dest = tmp_path / f"dest-{limit}"
        sitemigrate.convert(src, dest, to="al-folio", from_="al-folio").apply()
        text = (dest / "_pages/about.md").read_text("utf-8")
        front = yaml.safe_load(text.split("---\n")[1])
        assert front["announcements"]["enabled"] is True
        assert front["announcements"].get("limit") == shown, limit
        assert front["latest_posts"].get("limit") is None
