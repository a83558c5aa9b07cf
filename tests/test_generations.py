"""One fixture site per theme generation, converted to the other theme (and, for al-folio
targets, to each generation the writer knows): golden files plus content assertions.

Fixtures (see fixtures/README.md): al-folio-2020-23, al-folio-site (2024-25), al-folio-v1,
academicpages-2017, academicpages-site (2024-26). The two conversions that
tests/test_convert.py already pins (al-folio-site -> academicpages, academicpages-site ->
al-folio at the default generation) have no second golden file here.

Assertions marked ``xfail(strict=True)`` describe converter gaps: they flip to XPASS (and fail
the run) when the gap is closed, so the mark must then be removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

import sitemigrate
from sitemigrate.formats import bibtex as bib
from sitemigrate.formats import citation as cite
from sitemigrate.registry import Options, detect

from conftest import FIXTURES, snapshot

yaml = YAML(typ="safe")
AF_GENS = ["2020-23", "2024-25", "v1"]

GOLDEN = ([("al-folio-2020-23", "academicpages", None), ("al-folio-v1", "academicpages", None)]
          + [("academicpages-2017", "al-folio", g) for g in AF_GENS]
          + [("academicpages-site", "al-folio", g) for g in AF_GENS if g != "v1"])


def gap(reason: str):
    return pytest.mark.xfail(reason=reason, strict=True)


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    """Convert a fixture once per module: (fixture, to, generation) -> (DEST, plan)."""
    cache: dict[tuple, tuple[Path, sitemigrate.Plan]] = {}

    def run(fixture: str, to: str, gen: str | None = None):
        key = (fixture, to, gen)
        if key not in cache:
            dest = tmp_path_factory.mktemp(f"{fixture}-{to}-{gen or 'default'}")
            plan = sitemigrate.convert(FIXTURES / fixture, dest, to=to,
                                       options=Options(generation=gen))
            plan.apply()
            cache[key] = (dest, plan)
        return cache[key]
    return run


def front(path: Path) -> dict:
    text = path.read_text()
    assert text.startswith("---\n"), path
    return yaml.load(text.split("---\n")[1]) or {}


def config(root: Path) -> dict:
    return yaml.load((root / "_config.yml").read_text())


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def texts(root: Path, pattern: str = "**/*.md") -> dict[str, str]:
    return {p.relative_to(root).as_posix(): p.read_text() for p in root.glob(pattern)
            if ".sitemigrate" not in p.parts}


def assert_no_url_lost(plan) -> None:
    rows = plan.report.urls
    assert rows, "the ledger is empty"
    lost = [r for r in rows if r["how"] == "lost"]
    assert lost == []


def bib_count(path: Path) -> int:
    parsed = bib.parse_bib(path.read_text())
    return len(parsed.entries)


# -- detection --------------------------------------------------------------------------------

@pytest.mark.parametrize("fixture,theme,generation", [
    ("al-folio-2020-23", "al-folio", "2020-23"),
    ("al-folio-site", "al-folio", "2024-25"),
    ("al-folio-v1", "al-folio", "v1"),
    ("academicpages-2017", "academicpages", "2017"),
    ("academicpages-site", "academicpages", "2024-26"),
])
def test_fixture_generation_is_detected(fixture, theme, generation):
    best = detect(FIXTURES / fixture)[0]
    assert (best.theme, best.generation, best.confident) == (theme, generation, True)


# -- golden files -----------------------------------------------------------------------------

@pytest.mark.parametrize("fixture,to,gen", GOLDEN,
                         ids=[f"{f}-to-{t}{'-' + g if g else ''}" for f, t, g in GOLDEN])
def test_golden(fixture, to, gen, converted, data_regression):
    dest, _ = converted(fixture, to, gen)
    data_regression.check(snapshot(dest))


# -- al-folio 2020-23 -> academicpages --------------------------------------------------------

OLD = ("al-folio-2020-23", "academicpages")


def test_alfolio_2020_23_content(converted):
    dest, plan = converted(*OLD)
    src = FIXTURES / OLD[0]
    author = config(dest)["author"]
    assert author["name"] == "Ingrid M. Halvorsen"
    assert author["email"] == "ingrid.halvorsen@example.edu"  # top-level `email:` of old configs
    assert author["github"] == "ihalvorsen" and author["twitter"] == "ingrid_sonar"
    assert author["googlescholar"] == "https://scholar.google.com/citations?user=Hv7QmTzAAAAJ"
    assert author["orcid"] == "https://orcid.org/0000-0003-4417-2210"
    assert author["researchgate"].endswith("/Ingrid-Halvorsen-2")
    assert author["avatar"] == "prof_pic.png" and (dest / "images/prof_pic.png").is_file()
    # publications in = out, the undated entry included; the 2016 thesis, which the
    # publications page's years (2023, 2021, 2019) skip, is on the home page only, as before
    pubs = names(dest / "_publications")
    assert len(pubs) == bib_count(src / "_bibliography/papers.bib") - 1 == 4
    assert "Sparse Arrays for Passive Sonar" in (dest / "_pages/about.md").read_text()
    assert any(p.startswith("1900-") for p in pubs)
    buoys = front(next((dest / "_publications").glob("2023-*")))
    assert buoys["paperurl"] == "/files/buoys.pdf" and (dest / "files/buoys.pdf").is_file()
    assert "Bjørnstad" in buoys["citation"] and "{" not in buoys["citation"]
    ice = front(next((dest / "_publications").glob("2021-*")))
    assert ice["venue"] == "OCEANS Conference 2021"  # @string concatenation
    # news: all three in the about page, the titled one keeps its page
    about = (dest / "_pages/about.md").read_text()
    news = about.split("## News\n\n")[1].split("\n\n")[0].splitlines()
    assert len(news) == 3 and news[0].startswith("- 2023-04-18:")
    assert front(dest / "_pages/news/announcement_2.md")["permalink"] == "/news/announcement_2/"
    # projects -> portfolio, one of them with redirect: turned into a link
    assert names(dest / "_portfolio") == ["1_project.md", "2_project.md", "3_project.md"]
    assert "https://data.example.org/sonar/" in (dest / "_portfolio/3_project.md").read_text()
    # posts, one of them with redirect:
    assert len(names(dest / "_posts")) == 3
    assert (dest / "files/reading_list.pdf").is_file()
    # pages; redirect_from (not served by al-folio) still carried
    perms = {front(dest / p).get("permalink") for p in texts(dest, "_pages/*.md")}
    assert {"/", "/publications/", "/projects/", "/cv/", "/teaching/"} <= perms
    assert front(dest / "_pages/teaching.md")["redirect_from"] == ["/courses/", "/teaching.html"]
    cv = (dest / "_pages/cv.md").read_text()
    assert "Research Interests\n====" in cv and "'/files/halvorsen_cv.pdf' | relative_url" in cv
    assert_no_url_lost(plan)


def test_alfolio_2020_23_dropdown_children_become_menu_entries(converted):
    dest, _ = converted(*OLD)
    menu = yaml.load((dest / "_data/navigation.yml").read_text())["main"]
    urls = [m["url"] for m in menu]
    assert "" not in urls and "https://station.example.org/" in urls
    assert not (dest / "_pages/dropdown.md").exists()


def test_alfolio_2020_23_external_permalink_page_is_menu_only(converted):
    dest, _ = converted(*OLD)
    assert not (dest / "_pages/lab.md").exists()


def test_alfolio_2020_23_figure_include_rewritten(converted):
    dest, _ = converted(*OLD)
    body = (dest / "_portfolio/1_project.md").read_text()
    assert "include figure" not in body and "/images/1.png" in body.split("---", 2)[2]


def test_alfolio_2020_23_no_bibliography_tag_left(converted):
    dest, _ = converted(*OLD)
    page = (dest / "_pages/publications.md").read_text()
    # two parts: the loop over `years` (its years' entries) and the "undated" heading's
    assert "{% bibliography" not in page and page.count("site.publications") == 2
    undated = page.split('<h2 class="year">undated</h2>')[1]
    assert 'post.bib_section == "papers-2"' in undated


def test_alfolio_2020_23_cv_nested_description(converted):
    dest, _ = converted(*OLD)
    cv = (dest / "_pages/cv.md").read_text()
    assert "{'title'" not in cv and "Committee" in cv


def test_alfolio_2020_23_preview_image_carried(converted):
    dest, _ = converted(*OLD)
    assert (dest / "images/publication_preview/buoys.png").is_file()


def test_alfolio_2020_23_no_spurious_missing_file_warning(converted):
    _, plan = converted(*OLD)
    assert not [f for f in plan.report.findings if "does not exist in the source" in f.message]


# -- al-folio v1 -> academicpages -------------------------------------------------------------

V1 = ("al-folio-v1", "academicpages")


def test_alfolio_v1_content(converted):
    dest, plan = converted(*V1)
    src = FIXTURES / V1[0]
    conf = config(dest)
    author = conf["author"]
    assert author["name"] == "Theo J. Marchetti" and author["email"] == "theo.marchetti@example.net"
    assert author["twitter"] == "theo_solves"  # x_username
    assert author["github"] == "tmarchetti" and author["bluesky"] == "tmarchetti.example.net"
    assert author["mastodon"] == "https://mathstodon.example/@tmarchetti"
    pubs = names(dest / "_publications")
    assert len(pubs) == bib_count(src / "_bibliography/papers.bib") == 3
    gmres = front(next((dest / "_publications").glob("2025-*")))
    assert gmres["slidesurl"] == "/files/gmres-slides.pdf" and gmres["selected"] is True
    about = (dest / "_pages/about.md").read_text()
    news = about.split("## News\n\n")[1].split("\n\n")[0].splitlines()
    assert len(news) == 2
    assert names(dest / "_portfolio") == ["1_project.md"]
    assert len(names(dest / "_teaching")) == 2 and len(names(dest / "_posts")) == 2
    # books and the custom collection are kept and published
    assert names(dest / "_books") == ["the_quiet_algorithm.md"]
    assert names(dest / "_outreach") == ["2025-maths-festival.md"]
    assert {"books", "outreach"} <= set(conf["collections"])
    menu = [m["url"] for m in yaml.load((dest / "_data/navigation.yml").read_text())["main"]]
    assert {"/publications/", "/cv/", "/teaching/", "/books/", "/repositories/"} <= set(menu)
    assert_no_url_lost(plan)


def test_alfolio_v1_social_links_tag_replaced(converted):
    dest, _ = converted(*V1)
    assert "social_links" not in (dest / "_pages/about.md").read_text()


def test_alfolio_v1_cite_tag_replaced(converted):
    dest, _ = converted(*V1)
    bodies = texts(dest, "_posts/*.md") | texts(dest, "_portfolio/*.md")
    assert not [p for p, t in bodies.items() if "{% cite" in t]


def test_alfolio_v1_rendercv_sections(converted):
    dest, _ = converted(*V1)
    cv = (dest / "_pages/cv.md").read_text()
    assert "University of Nowhere" in cv and "National Computing Lab" in cv


def test_alfolio_v1_projects_listing_replaced(converted):
    dest, _ = converted(*V1)
    assert "site.projects" not in (dest / "_pages/projects.md").read_text()


def test_alfolio_v1_book_cover_carried(converted):
    dest, _ = converted(*V1)
    cover = front(dest / "_books/the_quiet_algorithm.md")["cover"]
    assert (dest / cover.lstrip("/")).is_file()


# -- academicpages 2017 -> al-folio (each generation) -----------------------------------------

@pytest.mark.parametrize("gen", AF_GENS)
def test_academicpages_2017_content(gen, converted):
    dest, plan = converted("academicpages-2017", "al-folio", gen)
    src = FIXTURES / "academicpages-2017"
    conf = config(dest)
    assert (conf["first_name"], conf["last_name"]) == ("Mina", "Osei")
    if gen == "2020-23":
        socials = conf  # top-level keys in the old generation
        assert socials["twitter_username"] == "mina_tones"
        assert not (dest / "_data/socials.yml").exists()
    else:
        socials = yaml.load((dest / "_data/socials.yml").read_text())
        assert socials["x_username"] == "mina_tones"
    assert socials["github_username"] == "minaosei" and socials["scholar_userid"] == "MnOs3iXXAAAJ"
    assert socials["orcid_id"] == "0000-0002-9911-0044"
    assert socials["linkedin_username"] == "mina-osei-ling"
    assert socials["email"] == "mina.osei@example.io"
    assert bib_count(dest / "_bibliography/papers.bib") == len(names(src / "_publications")) == 2
    # talk_type (fork variant) is read as the talk type
    talks = {p: front(dest / "_talks" / p) for p in names(dest / "_talks")}
    assert len(talks) == 2
    assert sorted(t["type"] for t in talks.values()) == ["Talk", "Tutorial"]
    assert len(names(dest / "_teachings")) == 1
    assert names(dest / "_projects") == ["portfolio-1.md", "portfolio-2.md"]
    for p in names(dest / "_projects"):
        assert (dest / front(dest / "_projects" / p)["img"]).is_file()
    posts = {p: front(dest / "_posts" / p)["permalink"] for p in names(dest / "_posts")}
    assert posts == {"2016-08-14-field-season.md": "/posts/2016/08/field-season/",
                     "2017-02-02-praat-tips.md": "/posts/2017/02/praat-tips/"}
    rows = {r["old"]: r for r in plan.report.urls}
    assert rows["/wordpress/cv/"]["new"] == "/cv/" and rows["/wordpress/cv/"]["how"] == "redirect"
    assert rows["/about/"]["how"] == "redirect"
    assert_no_url_lost(plan)


def test_academicpages_2017_citation_authors(converted):
    dest, _ = converted("academicpages-2017", "al-folio", "v1")
    entry = next(e for e in bib.parse_bib((dest / "_bibliography/papers.bib").read_text()).entries
                 if "tone-sandhi" in e.key)
    assert cite.person_names(entry) == [("Mina", "Osei"), ("Kofi", "Adjei")]


def test_academicpages_2017_own_absolute_file_url(converted):
    dest, _ = converted("academicpages-2017", "al-folio", "v1")
    assert (dest / "assets/pdf/paper1.pdf").is_file()
    assert "minaosei.example.io/files" not in (dest / "_bibliography/papers.bib").read_text()


def test_academicpages_2017_cv_loops_rendered(converted):
    dest, _ = converted("academicpages-2017", "al-folio", "v1")
    cv = (dest / "_pages/cv.md").read_text()
    assert "site.publications" not in cv and "archive-single-cv" not in cv


def test_academicpages_2017_to_old_alfolio_about_flags(converted):
    dest, _ = converted("academicpages-2017", "al-folio", "2020-23")
    fm = front(dest / "_pages/about.md")
    assert "announcements" not in fm and "news" in fm


# -- academicpages 2024+ -> al-folio (each generation) ----------------------------------------

@pytest.mark.parametrize("gen", AF_GENS)
def test_academicpages_2024_content(gen, converted):
    dest, plan = converted("academicpages-site", "al-folio", gen)
    src = FIXTURES / "academicpages-site"
    assert bib_count(dest / "_bibliography/papers.bib") == len(names(src / "_publications")) == 2
    # the hand-written News list: [5/2025], [11/20/2024], 2024.06, "March 2024:"; empty item dropped
    assert names(dest / "_news") == ["2024-03-01-gave-a-seminar-on-robot-assisted.md",
                                     "2024-06-01-started-a-field-season-in-northern.md",
                                     "2024-11-20-received-the-young-ecologist-award.md",
                                     "2025-05-01-our-robot-survey-paper-was-accepted.md"]
    assert names(dest / "_projects") == ["moose-counter.md"]
    assert len(names(dest / "_talks")) == len(names(dest / "_teachings")) == 1
    assert front(dest / "_pages/publications.html")["nav_order"] == 1
    conf = config(dest)
    socials = conf if gen == "2020-23" else yaml.load((dest / "_data/socials.yml").read_text())
    assert socials["scholar_userid"] == "XyZ0123abcdE" and socials["github_username"] == "tlindqvist"
    rows = {r["old"]: r for r in plan.report.urls}
    assert rows["/resume-json"]["how"] == "redirect" and rows["/resume"]["new"] == "/cv/"
    assert_no_url_lost(plan)


@pytest.mark.parametrize("gen", AF_GENS)
def test_old_addresses_forward_where_the_generations_layout_can(gen, converted):
    """al-folio 2020-23's default layout forwards a `redirect:` page home, whatever its
    value: there an old address forwards to its new page by a page of its own (no layout,
    a `<meta http-equiv="refresh">` to the new address), which the URL ledger reads as
    that redirect; later generations forward to the page's `redirect:`."""
    dest, plan = converted("academicpages-site", "al-folio", gen)
    rows = {r["old"]: r for r in plan.report.urls}
    assert rows["/resume"] == {**rows["/resume"], "how": "redirect", "new": "/cv/"}
    stubs = [p for p in (dest / "_pages/redirects").iterdir()
             if front(p).get("permalink") == "/resume"]
    assert len(stubs) == 1 and front(stubs[0])["redirect"] == "/cv/"
    body = stubs[0].read_text().split("---\n", 2)[2]
    if gen == "2020-23":
        assert front(stubs[0])["layout"] == "none" and stubs[0].suffix == ".html"
        assert '<meta http-equiv="refresh" content="0; url=/cv/">' in body
    else:
        assert front(stubs[0])["layout"] == "default" and not body.strip()


def test_academicpages_2024_cv_json_carried(converted):
    dest, _ = converted("academicpages-site", "al-folio", "v1")
    assert (dest / "assets/json/resume.json").is_file()


def test_academicpages_2024_external_menu_link(converted):
    dest, _ = converted("academicpages-site", "al-folio", "v1")
    perms = [front(p).get("permalink") for p in (dest / "_pages").glob("*.md")]
    assert "https://lab.example.org/" in perms
