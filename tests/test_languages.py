"""A site in several languages (jekyll-polyglot) converted into a theme that does not run it:
each language keeps its pages and items at the addresses its build served them at, none
overwrites another, the home page and the menu are the default language's, and the old
addresses of every language are in the URL ledger.

The sites are invented (fixtures/al-folio-site and fixtures/academicpages-site plus a
second language written here).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES

import sitemigrate
from sitemigrate.jekyll.polyglot import Languages
from sitemigrate.jekyll.urls import src_urls

POLYGLOT = '\nlanguages: ["en", "de"]\ndefault_lang: "en"\nlang_from_path: true\n'

GERMAN = {
    "_pages/de/about.md": "---\nlayout: about\ntitle: über mich\npermalink: /\n---\n\n"
                          "Ada Okonkwo erforscht energiesparende verteilte Systeme.\n",
    "_pages/de/publications.md": "---\nlayout: page\ntitle: publikationen\n"
                                 "permalink: /publications/\nnav: true\nnav_order: 2\n---\n\n"
                                 "Alle Aufsätze, die neuesten zuerst.\n\n{% bibliography %}\n",
    "_news/de/announcement_1.md": "---\nlayout: post\ndate: 2025-03-02 10:00:00-0400\n"
                                  "inline: true\n---\n\nUnser Aufsatz wurde angenommen.\n",
    "_projects/de/1_project.md": "---\nlayout: page\ntitle: GrünPlan\nimportance: 1\n---\n\n"
                                 "GrünPlan verschiebt Rechenaufträge in saubere Stunden.\n",
}


def _site(tmp_path: Path, fixture: str, files: dict[str, str], config: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / fixture, src)
    (src / "_config.yml").write_text((src / "_config.yml").read_text() + config)
    for rel, text in files.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    return src


def _front(path: Path) -> dict:
    return yaml.safe_load(path.read_text().split("---")[1])


def _written(out: Path, text: str) -> list[Path]:
    """The files of ``out`` whose text holds ``text``."""
    return [p for p in out.rglob("*.md") if text in p.read_text()]


def test_each_language_keeps_its_pages_at_their_addresses(tmp_path):
    """`_pages/de/about.md` (`permalink: /`) is the German home page, `/de/`: written as a
    page of its own there, not over the English home page, which stays the site's home
    page although `de` sorts before `en`; the German publications page is `/de/publications/`."""
    src = _site(tmp_path, "al-folio-site", GERMAN, POLYGLOT)
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    german = _written(out, "energiesparende verteilte Systeme")
    assert [_front(p)["permalink"] for p in german] == ["/de/"]
    home = [p for p in out.rglob("*.md") if _front(p).get("permalink") == "/"
            and "_pages/redirects" not in str(p)]
    assert len(home) == 1 and "energiesparende" not in home[0].read_text()
    assert _front(home[0])["title"] != "über mich"
    papers = _written(out, "Alle Aufsätze, die neuesten zuerst.")
    assert [_front(p)["permalink"] for p in papers] == ["/de/publications/"]
    assert _front(out / "_pages/publications.md")["permalink"] == "/publications/"


def test_another_languages_version_of_an_item_is_a_page_at_its_address(tmp_path):
    """`_news/de/announcement_1.md` beside `_news/announcement_1.md` and
    `_projects/de/1_project.md` beside `_projects/1_project.md`: the German versions were
    listed only by the German pages, so each is a page of its own at the address the German
    build served it at (under `/de/`), never merged into the English item nor added to the
    English lists (the home page's news, the projects page)."""
    src = _site(tmp_path, "al-folio-site", GERMAN, POLYGLOT)
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="academicpages")
    plan.apply()
    project = _written(out, "GrünPlan verschiebt")
    assert [(p.relative_to(out).as_posix(), _front(p)["permalink"]) for p in project] == [
        ("_pages/projects/de/1_project.md", "/de/projects/de/1_project.html")]
    assert _written(out, "GreenSched moves batch jobs") == [out / "_portfolio/1_project.md"]
    news = _written(out, "Unser Aufsatz wurde angenommen.")
    assert [_front(p)["permalink"] for p in news] == ["/de/news/de/announcement_1.html"]
    assert "Our paper on carbon-aware scheduling" in (out / "_pages/about.md").read_text()
    rows = {r["old"]: (r["how"], r["new"]) for r in plan.report.urls}
    assert rows["/de/projects/de/1_project.html"] == ("same", "/de/projects/de/1_project.html")
    assert rows["/projects/1_project.html"] == ("redirect", "/portfolio/1_project/")
    said = {f.path: f.message for f in plan.report.findings if f.code == "translation"}
    assert sorted(said) == ["_news/de/announcement_1.md", "_projects/de/1_project.md"]
    assert "`date`" in said["_news/de/announcement_1.md"]  # an item's, no page shows it


def test_the_menu_is_the_default_languages_and_leads_to_the_others(tmp_path):
    """One menu (academicpages' `main`): the English entries, not the German pages' too,
    then one entry to the German home page, as the site's language switch was, under its
    own title (al-folio's menu shows a page's title: no page is retitled)."""
    src = _site(tmp_path, "al-folio-site", GERMAN, POLYGLOT)
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="academicpages")
    plan.apply()
    menu = yaml.safe_load((out / "_data/navigation.yml").read_text())["main"]
    assert "publikationen" not in [m["title"] for m in menu]
    assert {"title": "publications", "url": "/publications/"} in menu
    assert menu[-1] == {"title": "über mich", "url": "/de/"}
    config = yaml.safe_load((out / "_config.yml").read_text())
    assert not {"languages", "default_lang", "lang_from_path"} & set(config)
    said = [f for f in plan.report.findings if f.code == "languages"]
    assert len(said) == 1 and "`/de/`" in said[0].message and "menu" in said[0].message
    again = tmp_path / "again"  # al-folio's menu: the page's own title, as before
    sitemigrate.convert(src, again, to="al-folio").apply()
    german = _front(again / "_pages/de/about.md")
    assert (german["title"], german["permalink"], german["nav"]) == ("über mich", "/de/", True)


def test_the_default_languages_dropdown_stays_in_the_one_menu(tmp_path):
    """A dropdown has no address: the default language's stays in the menu (its entries in
    its place), though another language's dropdown has no address either; the report says
    the German one is in no menu written, not that it is."""
    dropdown = ("---\nlayout: page\ntitle: {title}\nnav: true\nnav_order: 5\ndropdown: true\n"
                "children:\n  - title: {entry}\n    permalink: /publications/\n---\n")
    src = _site(tmp_path, "al-folio-site", GERMAN | {
        "_pages/en/more.md": dropdown.format(title="more", entry="papers"),
        "_pages/de/more.md": dropdown.format(title="mehr", entry="aufsätze")}, POLYGLOT)
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="academicpages")
    plan.apply()
    menu = yaml.safe_load((out / "_data/navigation.yml").read_text())["main"]
    # its entry's page is in the menu already (`publications`): listed once, not again
    assert [m["url"] for m in menu].count("/publications/") == 1
    assert "aufsätze" not in [m["title"] for m in menu]
    said = {f.path: f.message for f in plan.report.findings if f.code == "menu-page"}
    assert "it is in `_data/navigation.yml`" in said["_pages/en/more.md"]
    assert "not one of the menu" in said["_pages/de/more.md"]


def test_the_old_addresses_of_every_language_are_in_the_ledger(tmp_path):
    """The German build served the German pages under `/de/` and the English pages that have
    no German version there too: every one of those addresses is an old URL, and the German
    home page keeps its own."""
    src = _site(tmp_path, "al-folio-site", GERMAN, POLYGLOT)
    old = src_urls(src)
    assert old is not None
    assert old["/index.html"].path == "_pages/about.md"
    assert old["/de/index.html"].path == "_pages/de/about.md"
    assert old["/de/publications/index.html"].path == "_pages/de/publications.md"
    assert old["/de/cv/index.html"].path == "_pages/cv.md"  # no German CV: the English one
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="academicpages")
    rows = {r["old"]: (r["how"], r["new"]) for r in plan.report.urls}
    assert rows["/de/"] == ("same", "/de/") and rows["/"] == ("same", "/")
    assert rows["/de/publications/"] == ("same", "/de/publications/")
    assert rows["/de/cv/"] == ("redirect", "/cv/")  # the English page it showed


def test_a_lang_of_its_own_without_language_folders(tmp_path):
    """Without `lang_from_path` a folder says nothing; a page's `lang:` does: the German
    contact page beside the English one at `/contact/` is `/de/contact/`."""
    files = {"_pages/contact.md": "---\nlayout: page\ntitle: contact\npermalink: /contact/\n"
                                  "---\n\nWrite to the lab office.\n",
             "_pages/kontakt.md": "---\nlayout: page\ntitle: kontakt\npermalink: /contact/\n"
                                  "lang: de\n---\n\nSchreiben Sie an das Sekretariat.\n"}
    src = _site(tmp_path, "al-folio-site", files, '\nlanguages: ["en", "de"]\n')
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="academicpages")
    plan.apply()
    assert _front(out / "_pages/kontakt.md")["permalink"] == "/de/contact/"
    assert _front(out / "_pages/contact.md")["permalink"] == "/contact/"
    assert not [f for f in plan.report.findings if f.code in ("shadowed", "address-clash")]


def test_an_academicpages_site_in_two_languages_into_al_folio(tmp_path):
    """The same rules read from academicpages' shapes: `_pages/fr/about.md` is `/fr/`, and
    `_portfolio/fr/moose-counter.md` beside `_portfolio/moose-counter.md` is a second
    project's French version, a page at its French address."""
    files = {"_pages/fr/about.md": "---\npermalink: /\ntitle: \"À propos\"\n---\n\n"
                                   "J'étudie comment les animaux traversent les paysages.\n",
             "_portfolio/fr/moose-counter.md": "---\ntitle: \"Compteur d'élans\"\n"
                                               "collection: portfolio\n---\nLe robot compte "
                                               "les animaux avec une caméra thermique.\n"}
    src = _site(tmp_path, "academicpages-site", files,
                '\nlanguages: ["en", "fr"]\nlang_from_path: true\n')
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="al-folio")
    plan.apply()
    french = _written(out, "les animaux traversent les paysages")
    assert [_front(p)["permalink"] for p in french] == ["/fr/"]
    assert "les animaux traversent" not in (out / "_pages/about.md").read_text()
    robot = _written(out, "caméra thermique")
    assert [_front(p)["permalink"] for p in robot] == ["/fr/portfolio/fr/moose-counter/"]
    assert "_projects" not in str(robot[0])
    assert _written(out, "counts animals with a thermal camera") != robot
    rows = {r["old"]: (r["how"], r["new"]) for r in plan.report.urls}
    assert rows["/fr/portfolio/fr/moose-counter/"] == ("same", "/fr/portfolio/fr/moose-counter/")


def test_polyglot_rules():
    """jekyll-polyglot's own rules: the language of a path and of `lang:`, the versions of
    one page (language segments aside) and which one each build shows, at its own URL."""
    langs = Languages.of({"languages": ["en", "fr"], "lang_from_path": True})
    assert langs is not None and langs.default == "en"
    assert Languages.of({"languages": ["en"]}) is None and Languages.of({}) is None
    assert langs.language("_pages/fr/x.md", None) == "fr"
    assert langs.language("fr/x.md", None) == "fr"
    assert langs.language("_pages/x.md", "fr") == "fr"
    assert langs.language("_pages/x.md", None) == "en"
    assert langs.language("_portfolio/frogs/x.md", None) == "en"  # no language's folder name
    docs = [("/a/", "en"), ("/fr/a/", "fr"), ("/b/", "en"), ("/c/", "fr")]
    assert sorted(langs.coordinate(docs)) == [
        ("en", "/a/", 0), ("en", "/b/", 2), ("en", "/c/", 3),
        ("fr", "/fr/b/", 2), ("fr", "/fr/c/", 3), ("fr", "/fr/fr/a/", 1)]


def test_an_upgrade_keeps_the_owners_front_matter_but_not_another_languages_address(tmp_path):
    """An upgrade carries the owner's pages as written, but the new checkout runs no
    jekyll-polyglot: a French page keeps its front matter but for its address (its French
    one) and its menu entry and place (the one menu is the default language's)."""
    from test_upgrade import new_checkout, old_site
    src = old_site(tmp_path / "old")
    (src / "_config.yml").write_text((src / "_config.yml").read_text()
                                     + 'languages: ["en", "fr"]\nlang_from_path: true\n')
    french = {"_pages/fr/about.md": "---\nlayout: about\npermalink: /\ntitle: accueil\n---\n"
                                    "Vera Vega cultive des jardins sur la Lune.\n",
              "_pages/fr/publications.md": "---\nlayout: page\npermalink: /publications/\n"
                                           "title: articles\nnav: true\nnav_order: 2\n---\n"
                                           "Mes articles.\n\n{% bibliography %}\n"}
    for rel, text in french.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    dest = new_checkout(tmp_path / "new")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    papers = _front(dest / "_pages/fr/publications.md")
    assert papers["permalink"] == "/fr/publications/" and not papers.get("nav")
    assert papers["title"] == "articles" and "nav_order" not in papers  # the owner's title
    home = _front(dest / "_pages/fr/about.md")
    assert home["permalink"] == "/fr/" and home["title"] == "accueil"
    assert _front(dest / "_pages/publications.md")["permalink"] == "/publications/"
    assert "Vera Vega grows gardens" in (dest / "_pages/about.md").read_text()


def test_a_translated_home_page_without_polyglot_is_a_page_at_its_address(tmp_path):
    """Without jekyll-polyglot a second page on the about layout at an address of its own
    (`_pages/about_fr.md`, `permalink: /fr/`) is not the home page: it stays at `/fr/`, with
    the heading, subtitle and profile text the about layout showed; the home page is the
    one at `/` (was: both written at `/`, one over the other, and `/fr/` forwarded home)."""
    files = {"_pages/about_fr.md": "---\nlayout: about\ntitle: à propos\npermalink: /fr/\n"
                                   "lang: fr\nsubtitle: Professeure adjointe en systèmes.\n"
                                   "profile:\n  image: prof_pic.jpg\n  more_info: >\n"
                                   "    <p>Bureau 4.12</p>\n---\n\n"
                                   "Ada Okonkwo étudie les systèmes répartis sobres.\n"}
    src = _site(tmp_path, "al-folio-site", files, "")
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="academicpages")
    plan.apply()
    french = _written(out, "systèmes répartis sobres")
    assert [_front(p)["permalink"] for p in french] == ["/fr/"]
    text = french[0].read_text()
    assert "Professeure adjointe en systèmes." in text and "<p>Bureau 4.12</p>" in text
    assert _front(french[0])["title"] != "à propos"  # the about layout's heading: the name
    home = [p for p in out.rglob("*.md") if _front(p).get("permalink") == "/"]
    assert len(home) == 1 and "répartis" not in home[0].read_text()
    assert not list((out / "_pages").rglob("redirects/fr.md"))
    assert not [f for f in plan.report.findings if f.code in ("shadowed", "address-clash")]


def test_a_page_in_a_language_the_site_is_not_built_in(tmp_path):
    """jekyll-polyglot builds the default language and those `languages:` lists: a page of
    another language (`_pages/fr/about.md` with `languages: ["en", "de"]`) is shown only
    where neither the build's language nor the default has a page at its address. The
    French home page (`permalink: /`, which the English home page has) was on no build:
    reported, not written at a `/fr/` the site never had; a French page at an address of
    its own was on the English build at that address, and stays there, in the menu."""
    files = {**GERMAN,
             "_pages/fr/about.md": "---\nlayout: about\ntitle: à propos\npermalink: /\n"
                                   "---\n\nAda Okonkwo étudie les systèmes répartis sobres.\n",
             "_pages/fr/atelier.md": "---\nlayout: page\ntitle: atelier\npermalink: /atelier/\n"
                                     "nav: true\nnav_order: 9\n---\n\nUn atelier de printemps.\n"}
    src = _site(tmp_path, "al-folio-site", files, POLYGLOT)
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="academicpages")
    plan.apply()
    assert _written(out, "systèmes répartis sobres") == []
    assert any(f.code == "shadowed" and "_pages/fr/about.md" in f.message
               and "not built in" in f.message for f in plan.report.findings)
    workshop = _written(out, "Un atelier de printemps.")
    assert [_front(p)["permalink"] for p in workshop] == ["/atelier/"]
    menu = yaml.safe_load((out / "_data/navigation.yml").read_text())["main"]
    assert {"title": "atelier", "url": "/atelier/"} in menu
    assert [_front(p)["permalink"] for p in _written(out, "energiesparende")] == ["/de/"]
    assert Languages.of({"languages": ["en", "de"]}).unshown(
        [("/", "en"), ("/", "fr"), ("/x/", "fr"), ("/", "de")]) == {1}


def test_a_translated_home_page_lists_the_selected_papers_as_its_layout_did(tmp_path):
    """al-folio's about layout lists the selected papers under the text of every page it
    shows with `selected_papers: true`, the German home page (`/de/`) as the English one:
    the German page keeps that list (was: only the English home page had it), under a
    heading in its own language; a page without the switch gets none."""
    files = {**GERMAN, "_pages/de/about.md": GERMAN["_pages/de/about.md"].replace(
        "permalink: /\n", "permalink: /\nselected_papers: true\n")}
    src = _site(tmp_path, "al-folio-site", files, POLYGLOT)
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    german = _written(out, "energiesparende verteilte Systeme")
    heading = "## Ausgewählte Publikationen"
    assert heading in german[0].read_text()
    assert "## Selected publications" in (out / "_pages/about.md").read_text()
    assert german[0].read_text().count("Carbon-Aware Scheduling") == 1
    papers = _written(out, "Alle Aufsätze, die neuesten zuerst.")
    assert heading not in papers[0].read_text()


def test_the_words_the_converter_adds_to_a_page_are_in_its_language(tmp_path):
    """The label the converter writes for a CV page's `cv_pdf` is in the page's language
    (`_pages/zh/cv.md` of a site in English and Chinese: Chinese; the English CV page:
    English); was: English on every page of the site."""
    config = '\nlanguages: ["en", "zh"]\ndefault_lang: "en"\nlang_from_path: true\n'
    files = {"_pages/zh/cv.md": "---\nlayout: cv\ntitle: 简历\npermalink: /cv/\nnav: true\n"
                                "cv_pdf: cv.pdf\n---\n"}
    src = _site(tmp_path, "al-folio-site", files, config)
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    chinese = [p for p in out.rglob("*.md") if _front(p).get("permalink") == "/zh/cv/"]
    assert len(chinese) == 1
    assert "下载" in chinese[0].read_text() and "Download my CV" not in chinese[0].read_text()
    assert "Download my CV as PDF" in (out / "_pages/cv.md").read_text()


_LISTS_OWN_LANGUAGE = ("---\nlayout: page\ntitle: {title}\npermalink: /notes/\n---\n"
                       "{{% assign mine = site.posts | where: \"lang\", site.active_lang %}}"
                       "{{% for p in mine %}}<a href=\"{{{{ p.url }}}}\">{{{{ p.title }}}}</a>"
                       "{{% endfor %}} {{{{ site.data[site.active_lang].words.more }}}}\n")


def test_a_pages_active_language_is_the_one_its_build_had(tmp_path):
    """`site.active_lang` is jekyll-polyglot's: the language of the build that rendered the
    page. The converted site runs no jekyll-polyglot, where the variable is empty (`where:
    "lang", site.active_lang` lists the posts without a `lang:`, `site.data[...]` reads
    nothing): each page says its own build's language instead."""
    src = _site(tmp_path, "al-folio-site", {
        "_pages/notes.md": _LISTS_OWN_LANGUAGE.format(title="notes"),
        "_pages/de/notes.md": _LISTS_OWN_LANGUAGE.format(title="notizen"),
        "_data/en/words.yml": "more: more\n", "_data/de/words.yml": "more: mehr\n",
    }, POLYGLOT)
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    english, german = _written(out, "where: \"lang\", \"en\""), _written(out, "\"lang\", \"de\"")
    assert [_front(p)["permalink"] for p in english] == ["/notes/"]
    assert [_front(p)["permalink"] for p in german] == ["/de/notes/"]
    assert 'site.data["de"].words.more' in german[0].read_text()
    assert not _written(out, "site.active_lang")


def test_an_upgrade_carries_a_page_with_its_builds_language(tmp_path):
    from test_upgrade import new_checkout, old_site
    src = old_site(tmp_path / "old")
    (src / "_config.yml").write_text((src / "_config.yml").read_text()
                                     + 'languages: ["en", "fr"]\nlang_from_path: true\n')
    for rel, title in (("_pages/notes.md", "notes"), ("_pages/fr/notes.md", "carnet")):
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(_LISTS_OWN_LANGUAGE.format(title=title))
    dest = new_checkout(tmp_path / "new")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert 'where: "lang", "en"' in (dest / "_pages/notes.md").read_text()
    assert 'where: "lang", "fr"' in (dest / "_pages/fr/notes.md").read_text()


def test_a_translated_post_that_forwards_takes_no_other_posts_place(tmp_path):
    """`_posts/de/2025-02-03-prize.md` is the German version of `_posts/2025-02-03-prize.md`
    (one address but for `/de`); both forward elsewhere (`redirect:`, which al-folio's post
    layout follows). The German one is a page of its own at its German address, still
    forwarding, not a second post written over the English one's file."""
    prize = ("---\nlayout: post\ntitle: {title}\ndate: 2025-02-03\nlang: {lang}\n"
             "redirect: https://prize.example.org/{lang}/\n---\n")
    src = _site(tmp_path, "al-folio-site", {
        "_posts/2025-02-03-prize.md": prize.format(title="Kelp prize", lang="en"),
        "_posts/de/2025-02-03-prize.md": prize.format(title="Tangpreis", lang="de"),
    }, POLYGLOT)
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    assert [_front(p)["title"] for p in _written(out, "prize.example.org/en/")] == ["Kelp prize"]
    german = _written(out, "prize.example.org/de/")
    assert [(_front(p)["title"], _front(p)["permalink"]) for p in german] == [
        ("Tangpreis", "/de/2025/02/03/prize.html")]


def test_a_post_in_a_folder_of_posts_stays_in_it_and_an_upgrade_carries_it_as_written(
        tmp_path):
    """Jekyll reads the posts of every folder under `_posts/` alike (`_posts/en/x.md`): the
    post is written in the same folder, so an upgrade finds the owner's file at the path
    it had and carries it as written (its `distill` layout, which DEST has), not the
    writer's rendering of it."""
    from test_upgrade import new_checkout, old_site
    src = old_site(tmp_path / "old")
    (src / "_posts/en").mkdir(parents=True)
    (src / "_posts/en/2024-03-05-tides.md").write_text(
        "---\nlayout: distill\ntitle: Tides\ndescription: Notes on lunar tides\n---\n"
        "The tide garden floods twice a day.\n")
    dest = new_checkout(tmp_path / "new")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    post = dest / "_posts/en/2024-03-05-tides.md"
    assert _front(post)["layout"] == "distill" and not (dest / "_posts/2024-03-05-tides.md").exists()
    out = tmp_path / "ap"
    sitemigrate.convert(src, out, to="academicpages").apply()
    assert (out / "_posts/en/2024-03-05-tides.md").is_file()
