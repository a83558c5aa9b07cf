"""A finding about a menu entry names the file and line the entry was read from: an
academicpages menu's line of `_data/navigation.yml`, an al-folio page's `nav:` line (al-folio
menus are pages: such a site has no `_data/navigation.yml`), the `_config.yml` key of an
entry its header adds; the home entry al-folio adds names the home page."""

from __future__ import annotations

import shutil
from pathlib import Path

import sitemigrate
from sitemigrate.api import read_site

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DROPDOWN = ("---\nlayout: page\ntitle: more\nnav: true\ndropdown: true\nchildren:\n"
            "  - title: tide tables\n    permalink: /tides/\n"
            "  - title: buoy log\n    permalink: /buoys/\n---\n")
HEADER = ("<ul>\n<li><a href=\"{{ '/' | relative_url }}\">{{ about_title }}</a></li>\n"
          "{% if site.blog_nav_title %}<li><a href=\"{{ '/blog/' | relative_url }}\">"
          "{{ site.blog_nav_title }}</a></li>{% endif %}\n</ul>\n")


def _site(tmp_path: Path, fixture: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / fixture, src)
    return src


def _findings(src: Path, out: Path, to: str, code: str) -> list[tuple[str | None, int | None]]:
    plan = sitemigrate.convert(src, out, to=to)
    return [(f.path, f.line) for f in plan.report.findings if f.code == code]


def _line(path: Path, start: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1)
                if line.strip().startswith(start))


def test_menu_entries_know_their_file_and_line(tmp_path):
    src = _site(tmp_path / "a", "al-folio-site")
    (src / "_pages/more.md").write_text(DROPDOWN)
    menu = {n.url or n.title: n for n in read_site(src).navigation}
    assert (menu["/publications/"].origin.path, menu["/publications/"].origin.line) \
        == ("_pages/publications.md", 6)  # its `nav: true`
    assert (menu["more"].origin.path, menu["more"].origin.line) == ("_pages/more.md", 4)
    assert [(c.origin.path, c.origin.line) for c in menu["more"].children] \
        == [("_pages/more.md", 7), ("_pages/more.md", 9)]  # each child's own line
    src = _site(tmp_path / "b", "academicpages-site")
    menu = {n.url: n for n in read_site(src).navigation}
    assert (menu["/talks/"].origin.path, menu["/talks/"].origin.line) \
        == ("_data/navigation.yml", 5)


def test_alfolio_to_academicpages_menu_findings_name_the_page(tmp_path):
    """al-folio's menu is its pages: a dropdown (no submenus in academicpages) and the home
    entry are said at the page that is the entry, not at a `_data/navigation.yml` the site
    does not have."""
    src = _site(tmp_path, "al-folio-site")
    (src / "_pages/more.md").write_text(DROPDOWN)
    about = src / "_pages/about.md"  # a home label that is not the site's title: an entry
    about.write_text(about.read_text().replace("title: about", "title: harbour", 1))
    assert not (src / "_data/navigation.yml").exists()
    out = tmp_path / "out"
    assert _findings(src, out, "academicpages", "menu-dropdown") == [("_pages/more.md", 4)]
    [(path, _)] = _findings(src, tmp_path / "out2", "academicpages", "menu-home")
    assert path == "_pages/about.md"


def test_alfolio_to_academicpages_cv_menu_names_the_json_cv_entry(tmp_path):
    src = _site(tmp_path, "al-folio-site")
    (src / "_pages/cvjson.md").write_text("---\nlayout: page\ntitle: resume\n"
                                          "permalink: /cv-json/\nnav: true\n---\nSee the CV.\n")
    assert _findings(src, tmp_path / "out", "academicpages", "cv-menu") \
        == [("_pages/cvjson.md", 5)]


def test_academicpages_to_alfolio_menu_findings_name_their_line(tmp_path):
    """An entry of `_data/navigation.yml` that al-folio cannot list is said at its line; the
    home entry al-folio's header adds is said at the home page's `title` (its label)."""
    src = _site(tmp_path, "academicpages-site")
    nav = src / "_data/navigation.yml"
    nav.write_text(nav.read_text() + '  - title: "Field notes"\n    url: /field-notes/\n')
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    [entry] = [f for f in plan.report.findings
               if f.code == "menu-entry" and "/field-notes/" in f.message]
    assert (entry.path, entry.line) == ("_data/navigation.yml", _line(nav, '- title: "Field'))
    [home] = [(f.path, f.line) for f in plan.report.findings if f.code == "menu-home"]
    assert home == ("_pages/about.md", _line(src / "_pages/about.md", "title:"))


def test_an_upgrade_says_a_config_menu_entry_at_its_config_key(tmp_path):
    """An al-folio 2020-22 header's blog entry comes from `blog_nav_title`: with no blog page
    it points to no page, said at that key of `_config.yml`."""
    src = _site(tmp_path, "al-folio-2020-23")
    (src / "_includes").mkdir(exist_ok=True)
    (src / "_includes/header.html").write_text(HEADER)
    assert not (src / "blog").exists() and not (src / "_data/navigation.yml").exists()
    found = _findings(src, tmp_path / "out", "al-folio", "menu-entry")
    assert found == [("_config.yml", _line(src / "_config.yml", "blog_nav_title:"))]


def test_a_polyglot_sites_language_entry_names_that_languages_home_page(tmp_path):
    src = _site(tmp_path, "al-folio-site")
    (src / "_config.yml").write_text((src / "_config.yml").read_text()
                                     + '\nlanguages: ["en", "de"]\ndefault_lang: "en"\n'
                                     'lang_from_path: true\n')
    (src / "_pages/de").mkdir()
    (src / "_pages/de/about.md").write_text("---\nlayout: about\ntitle: Hafen\npermalink: /\n"
                                            "---\n\nDie Hafenvermessung.\n")
    [entry] = [n for n in read_site(src).navigation if n.url == "/de/"]
    assert entry.origin.path == "_pages/de/about.md"


def test_a_plain_pages_menu_entries_name_the_file_they_come_from(tmp_path):
    page = tmp_path / "home.md"
    page.write_text("# Ada Quill\n\nI survey harbours.\n\n## Publications\n\n"
                    "- Quill, A. (2021). Tides of the north quay. *Harbour Notes*.\n")
    menu = read_site(page, "markdown").navigation
    assert menu and all(n.origin is not None and n.origin.path == "home.md" for n in menu)


def test_a_menu_entry_without_a_title_the_old_masthead_showed_as_nothing_is_left_out(tmp_path):
    """academicpages' masthead writes an entry's `title` as its link's text: an entry whose
    title is left empty (`title: #"Field notes"`) is a link with no text, which no visitor
    sees. al-folio lists a menu page under its own title, so carrying the entry would show
    a menu item the old site did not: it is left out of the menu (said at its line), and
    the page it names is still converted."""
    src = _site(tmp_path, "academicpages-site")
    (src / "_pages/notes.md").write_text("---\ntitle: Field notes\npermalink: /notes/\n---\n"
                                         "Tide pools counted at dawn.\n")
    nav = src / "_data/navigation.yml"
    nav.write_text(nav.read_text() + '  - title: #"Field notes"\n    url: /notes/\n')
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    notes = (tmp_path / "out/_pages/notes.md").read_text()
    assert "Tide pools counted at dawn." in notes and "\nnav: true" not in notes
    [said] = [f for f in plan.report.findings if f.code == "navigation" and "/notes/"
              in f.message]
    assert (said.path, said.line) == ("_data/navigation.yml", _line(nav, '- title: #"Field'))
