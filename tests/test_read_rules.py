"""Reading a source site as Jekyll, jekyll-scholar and the site's own layouts show it (issue
#31, "What the source shows"). Miniature sites in each theme's exact shapes; invented
people throughout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SHARED, needs_shared

import sitemigrate
from sitemigrate.jekyll import scholar
from sitemigrate.report import Report

ALFOLIO_CONFIG = """\
first_name: Ilse
last_name: Vantongeren
title: Ilse Vantongeren
scholar:
  last_name: [Vantongeren]
  first_name: [Ilse, I.]
  style: apa
  source: /_bibliography/
  bibliography: papers.bib
  bibliography_template: bib
"""


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, body in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    return root


def entry(kind: str, key: str, title: str, year: int, extra: str = "") -> str:
    return (f"@{kind}{{{key},\n  title={{{title}}},\n  author={{Vantongeren, Ilse}},\n"
            f"  booktitle={{Workshop on Tidal Flats}},\n  year={{{year}}},{extra}\n}}\n\n")


def read(root: Path) -> tuple[sitemigrate.Site, Report]:
    report = Report()
    return sitemigrate.read_site(root, "al-folio", report), report


# -- 1. Which bibliography a page shows ------------------------------------------------------

def test_a_bib_file_no_page_lists_is_not_the_owners(tmp_path):
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\ntitle: "
                                  "publications\nnav: true\n---\n{% bibliography %}\n",
        "_bibliography/papers.bib": "---\n---\n" + entry("article", "v21", "Salt Marsh", 2021),
        "_bibliography/example.bib": entry("article", "ein05", "Moving Bodies", 1905)
                                     + entry("article", "ein06", "Light Quanta", 1906),
    }))
    assert [p.title for p in site.publications] == ["Salt Marsh"]
    lost = [f for f in report.findings if f.code == "bib-unshown"]
    assert len(lost) == 1 and "example.bib" in lost[0].message


def test_a_paper_a_project_file_keys_its_own_way_is_one_publication(tmp_path):
    """A list of all papers (the publications page's file) and a file per project that keys
    the same papers otherwise: one publication a work (the same DOI, or title and year), not
    one a file; a talk with its paper's title stays a talk."""
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\ntitle: "
                                  "publications\n---\n{% bibliography -f all %}\n",
        "_pages/talks.md": "---\nlayout: page\npermalink: /talks/\ntitle: talks\n---\n"
                           "{% bibliography -f talks %}\n",
        "_projects/marsh.md": "---\nlayout: page\ntitle: Marsh\nbibliography: marsh\n---\n",
        "_bibliography/all.bib": entry("article", "Vantongeren_2021", "Salt Marsh", 2021,
                                       "\n  doi={10.1/SALT}")
                                 + entry("article", "Vantongeren_2022", "Mudflat Worms", 2022),
        "_bibliography/marsh.bib": entry("article", "vantongeren_salt_2021", "Salt {Marsh}",
                                         2021, "\n  doi={10.1/salt}")
                                   + entry("article", "vantongeren_mud_2022", "Mudflat worms",
                                           2022)
                                   + entry("article", "vantongeren_reed_2023", "Reed Beds", 2023),
        "_bibliography/talks.bib": entry("misc", "talk21", "Salt Marsh", 2021),
    }))
    assert sorted(p.title for p in site.publications) == ["Mudflat Worms", "Reed Beds",
                                                          "Salt Marsh"]
    assert [t.title for t in site.talks] == ["Salt Marsh"]
    assert any(f.code == "bib-repeated" and "marsh.bib" in f.message
               for f in report.findings)


def test_a_file_named_by_a_tag_or_by_liquid_of_the_config_is_shown(tmp_path):
    site, _ = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\n---\n"
                                  "{% bibliography -f {{ site.scholar.bibliography }} %}\n"
                                  "## Preprints\n{% bibliography --file preprints %}\n",
        "_bibliography/papers.bib": entry("article", "v21", "Salt Marsh", 2021),
        "_bibliography/preprints.bib": entry("misc", "v24", "Mudflat Worms", 2024),
        "_bibliography/old.bib": entry("misc", "v01", "Unlisted", 2001),
    }))
    assert sorted(p.title for p in site.publications) == ["Mudflat Worms", "Salt Marsh"]


def test_talks_in_their_own_bib_with_their_own_page_stay_talks(tmp_path):
    site, _ = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\nyears: [2021]"
                                  "\n---\n<div class=\"publications\">\n{%- for y in page.years "
                                  "%}\n  <h2 class=\"year\">{{y}}</h2>\n  {% bibliography -f "
                                  "papers -q @*[year={{y}}]* %}\n{% endfor %}\n</div>\n",
        "_pages/activities.md": "---\nlayout: page\npermalink: /activities/\ntitle: activities"
                                "\nyears: [2022]\n---\n# Invited talks\n<div class=\"publicat"
                                "ions\">\n{% for y in page.years %}\n  <h2 class=\"year\">{{y}}"
                                "</h2>\n  {% bibliography -f invited -q @*[year={{y}}]* %}\n"
                                "{% endfor %}\n</div>\n\n# Service\nReviewer.\n",
        "_bibliography/papers.bib": entry("article", "v21", "Salt Marsh", 2021),
        "_bibliography/invited.bib": entry("inproceedings", "t22", "Worms at Dusk", 2022,
                                           "\n  address={Ghent}"),
    }))
    assert [p.title for p in site.publications] == ["Salt Marsh"]
    assert [(t.title, t.fields.get("venue"), t.fields.get("location"), t.date)
            for t in site.talks] == [("Worms at Dusk", "Workshop on Tidal Flats", "Ghent",
                                      "2022-01-01")]
    page = next(p for p in site.pages if p.permalink == "/activities/")
    assert "{% bibliography" not in page.body and "site.talks" in page.body
    assert "for y in page.years" not in page.body and "Reviewer." in page.body
    assert page.role == "talks"


def test_a_query_for_talks_splits_one_file(tmp_path):
    site, _ = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\n---\n"
                                  "{% bibliography -q @*[keywords!~=talk] %}\n",
        "_pages/talks.md": "---\nlayout: page\npermalink: /talks/\ntitle: talks\n---\n"
                           "{% bibliography -q @*[keywords~=talk] %}\n",
        "_bibliography/papers.bib": entry("article", "v21", "Salt Marsh", 2021)
        + entry("misc", "t23", "Lugworm Burrows", 2023, "\n  keywords={talk, invited}"),
    }))
    assert [p.title for p in site.publications] == ["Salt Marsh"]
    assert [t.title for t in site.talks] == ["Lugworm Burrows"]


def test_the_note_the_bib_layout_shows_under_a_talk_stays_shown(tmp_path):
    """al-folio's bib layout shows a `note` on its own line (the event and its day): a talk
    keeps it, as its venue where it has none, else in its description."""
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/talks.md": "---\nlayout: page\npermalink: /talks/\ntitle: talks\n---\n"
                           "{% bibliography --file talks %}\n",
        "_bibliography/talks.bib": entry("inproceedings", "t24", "Worms at Dusk", 2024,
                                         "\n  note={Tidal Flats Day, 3 May 2024}")
        + "@misc{t25,\n  title={Lugworm Burrows},\n  author={Vantongeren, Ilse},\n  year={2025}"
          ",\n  note={Estuary Meeting, 9 June 2025}\n}\n",
    }))
    got = {t.title: (t.fields.get("venue"), t.fields.get("description")) for t in site.talks}
    assert got == {"Worms at Dusk": ("Workshop on Tidal Flats", "Tidal Flats Day, 3 May 2024"),
                   "Lugworm Burrows": ("Estuary Meeting, 9 June 2025", None)}
    assert sum(f.code == "bib-note" for f in report.findings) == 2


def test_jekyll_scholar_queries():
    fields = {"year": "2020", "keywords": "talk, poster", "note": "preprint"}
    assert scholar.query_selects("@*[year=2020]", "article", fields)
    assert not scholar.query_selects("@*[year=2021]", "article", fields)
    assert scholar.query_selects("@*[year={{y}}]*", "article", fields)
    assert not scholar.query_selects("@inproceedings", "article", fields)
    assert scholar.query_selects("@*[year<=2020 && note=preprint]", "misc", fields)
    assert not scholar.query_selects("@*[year=2020 && note!=preprint]", "misc", fields)
    assert scholar.query_selects("@*[year=2019 || keywords~=talk]", "misc", fields)
    assert scholar.query_selects("@incollection,@techreport", "techreport", fields)
    assert scholar.query_selects("@article[year=2019], @misc[note=preprint]", "misc", fields)
    assert not scholar.query_selects("@article, @book", "misc", fields)
    assert not scholar.query_selects("!@misc", "misc", fields)
    assert scholar.query_selects("!@article", "misc", fields)



def test_a_query_of_several_selectors_lists_an_entry_any_one_selects():
    """bibtex-ruby lists an entry that any `@type[...]` of the query selects, however they
    are joined, and jekyll-scholar's query runs up to the next option, spaces and all:
    `-q @book[year={{y}}]* && @proceedings[year={{y}}]*` lists the year's books and
    proceedings (the query was read up to its first space, books only)."""
    tag = ("{% bibliography -f kelp -q @book[year={{y}}]* && @proceedings[year={{y}}]* "
           "--group_by none %}")
    (use,) = scholar.bibliography_uses([("_pages/p.md", tag, "")], {})
    assert use.query == "@book[year={{y}}]* && @proceedings[year={{y}}]*"
    fields = {"year": "2020"}
    assert scholar.query_selects(use.query, "proceedings", fields)
    assert not scholar.query_selects(use.query, "misc", fields)
    assert not scholar.query_selects("@book[year=2021] && @proceedings[year=2021]",
                                     "proceedings", fields)
    assert scholar.query_selects("!@misc", "book", fields)
    assert not scholar.query_selects("!@misc", "misc", fields)

YEARS_PAGE = ("---\nlayout: page\npermalink: /publications/\ntitle: publications\n"
              "years: [2019, 2020]\nnav: true\n---\n<div class=\"publications\">\n"
              "{%- for y in page.years %}\n  <h2 class=\"year\">{{y}}</h2>\n"
              "  {% bibliography -f papers -q @*[year={{ y }}]* %}\n{% endfor %}\n</div>\n")


@pytest.mark.parametrize("page, named", [(YEARS_PAGE, ["Dune Drift"]),
                                         (YEARS_PAGE.replace("[2019, 2020]", "[2019, 2021]"),
                                          ["Tide Tables"]),
                                         (YEARS_PAGE.replace("page.years", "site.years"), [])])
def test_entries_a_year_loop_over_the_pages_list_skips_are_on_no_page(tmp_path, page, named):
    """jekyll-scholar runs `-q @*[year={{ y }}]*` once a value of the page's `years:`: an
    entry of another year is on no page of the old site, so it is no publication of the new
    one (a switch listed it on the new publications page); it is named, and kept among the
    entries no page shows (an upgrade keeps it in its file). A loop over a list the page does
    not hold (`site.years`) is not judged."""
    root = write(tmp_path / "src", {
        "_config.yml": "first_name: Ilse\nlast_name: Vantongeren\n"
                       "scholar:\n  bibliography: papers.bib\n",
        "_pages/publications.md": page,
        "_bibliography/papers.bib": entry("article", "a", "Salt Marsh Maps", 2019)
                                    + entry("article", "b", "Dune Drift", 2021)
                                    + entry("article", "c", "Tide Tables", 2020)})
    site, report = read(root)
    keys = {"Salt Marsh Maps": "a", "Dune Drift": "b", "Tide Tables": "c"}
    assert sorted(p.title for p in site.publications) == sorted(set(keys) - set(named))
    assert site.unshown_entries == [keys[t] for t in named]
    said = [f for f in report.findings if f.code == "bib-unselected"]
    if not named:
        assert not said
        return
    (one,) = said
    assert one.path == "_bibliography/papers.bib"
    assert "for each value of the list its page's loop runs over" in one.message
    for title, key in keys.items():
        assert (f"`{key}`" in one.message) == (title in named), title


# -- 2. Which data the CV layout shows -------------------------------------------------------

CLASSIC_EXAMPLE = "- title: General Information\n  type: map\n  contents:\n    - name: Full Name\n" \
                  "      value: Example Person\n"
RESUME = '{"basics": {"name": "Ilse Vantongeren", "label": "Ecologist"}, "work": [{"name": ' \
         '"Tidal Institute", "position": "Researcher", "startDate": "2020-01"}]}\n'
GET_JSON = "jekyll_get_json:\n  - data: resume\n    json: assets/json/resume.json\n"
CV_PAGE = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\n---\n"


def test_a_cv_layout_that_shows_the_resume_first_reads_it_not_the_example_cv_yml(tmp_path):
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + GET_JSON,
        "_includes/head.liquid": "",  # a 2024-25 site
        "_pages/cv.md": CV_PAGE,
        "_data/cv.yml": CLASSIC_EXAMPLE,
        "assets/json/resume.json": RESUME,
    }))
    assert site.cv is not None and site.cv.format == "jsonresume"
    assert "Example Person" not in str(site.cv)
    unused = [f for f in report.findings if f.code == "cv-unused"]
    assert [f.path for f in unused] == ["_data/cv.yml"]
    assert "shows `assets/json/resume.json`" in unused[0].message


def test_the_sites_own_cv_layout_decides(tmp_path):
    site, _ = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + GET_JSON,  # a 2020-23 site, with a layout of its own
        "_layouts/cv.html": "---\nlayout: default\n---\n{% for job in site.data.resume.work %}"
                            "{{ job.name }}{% endfor %}\n",
        "_pages/cv.md": CV_PAGE,
        "_data/cv.yml": CLASSIC_EXAMPLE,
        "assets/json/resume.json": RESUME,
    }))
    assert site.cv is not None and site.cv.format == "jsonresume"
    assert "Example Person" not in str(site.cv)


def test_a_cv_layout_shows_what_its_own_includes_read(tmp_path):
    """An owner's CV layout that shows the CV through includes of its own (one including the
    next, as Jekyll renders them where their tags stand) shows the data the innermost reads:
    the JSON Resume is the owner's CV, its sections those the includes' `site.jsonresume`
    list keeps, and a key of that list that is no JSON Resume section is said to be lost."""
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + GET_JSON + "jsonresume: [basics, work, fieldwork]\n",
        "_layouts/cv.html": "---\nlayout: default\n---\n{% include my-cv.html %}\n",
        "_includes/my-cv.html": "<h2>Ilse's CV</h2>\n{% include my-cv-body.html %}\n",
        "_includes/my-cv-body.html": "{% for data in site.data.resume %}{% if site.jsonresume "
                                     "contains data[0] %}{{ data[0] }}{% endif %}{% endfor %}\n",
        "_pages/cv.md": CV_PAGE,
        "assets/json/resume.json": RESUME.replace("]}", '], "fieldwork": [{"name": "Dune '
                                                  'survey"}]}'),
    }))
    assert site.cv is not None and site.cv.format == "jsonresume"
    assert [s.key for s in site.cv.sections] == ["work"]
    assert not [f for f in report.findings if f.code == "cv-unused"]
    (lost,) = [f for f in report.findings if f.code == "cv-json-key"]
    assert lost.severity == "loss" and "`fieldwork`" in lost.message


def test_a_key_the_cv_code_shows_with_a_sections_include_is_read_as_that_section(tmp_path):
    """A key of the JSON Resume that is no section of it, which the owner's CV code shows with
    the include of one (`{% when 'fieldwork' %}{% include resume/work.liquid %}`), is read
    as that section's entries, in the order that include shows them, titled as the loop
    titles a key (capitalised); one the code
    shows with no section's include is still said to be lost."""
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + GET_JSON,
        "_layouts/cv.html": "---\nlayout: default\n---\n{% for data in site.data.resume %}"
                            "<h3>{{ data[0] | capitalize }}</h3>{% case data[0] %}"
                            "{% when 'work' %}{% include resume/work.liquid %}"
                            "{% when 'fieldwork', 'lab' %}{% include resume/work.liquid %}"
                            "{% when 'hobbies' %}{% include my-hobbies.liquid %}"
                            "{% endcase %}{% endfor %}\n",
        "_includes/resume/work.liquid": "{% assign work = data[1] | sort: 'startDate' | "
                                        "reverse %}{% for content in work %}"
                                        "{{ content.position }}{% endfor %}\n",
        "_pages/cv.md": CV_PAGE,
        "assets/json/resume.json": RESUME.replace("]}", '], "fieldwork": [{"name": "Dune '
                                                  'Trust", "position": "Surveyor", '
                                                  '"startDate": "2019-05"}, {"name": "Bog '
                                                  'Lab", "position": "Intern", "startDate": '
                                                  '"2021-02"}], "hobbies": [{"name": '
                                                  '"Kites"}]}'),
    }))
    assert site.cv is not None
    (field,) = [s for s in site.cv.sections if s.key == "fieldwork"]
    assert (field.title, field.kind) == ("Fieldwork", "time_table")
    assert field.entries == [  # in the order the work include shows: newest first
        {"title": "Intern", "institution": "Bog Lab", "start": "2021-02"},
        {"title": "Surveyor", "institution": "Dune Trust", "start": "2019-05"}]
    lost = [f.message for f in report.findings if f.code == "cv-json-key"]
    assert len(lost) == 1 and "`hobbies`" in lost[0]


def test_a_key_the_cv_code_shows_with_the_basics_include_is_read_as_the_basics(tmp_path):
    """An owner's CV code that shows a key of its own with the include of the basics
    (`{% when 'about' %}{% include resume/basics.liquid %}`), the `jsonresume` list naming
    it: the CV page shows the person's basics from that key, so they are read as the basics
    (not as an unknown key said to be lost)."""
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + GET_JSON + "jsonresume:\n  - about\n  - work\n",
        "_layouts/cv.liquid": "---\nlayout: default\n---\n{% for data in site.data.resume %}"
                              "{% unless site.jsonresume contains data[0] %}{% continue %}"
                              "{% endunless %}<h3>{{ data[0] | capitalize }}</h3>"
                              "{% case data[0] %}"
                              "{% when 'about' %}{% include resume/basics.liquid %}"
                              "{% when 'work' %}{% include resume/work.liquid %}"
                              "{% endcase %}{% endfor %}\n",
        "_pages/cv.md": CV_PAGE,
        "assets/json/resume.json": RESUME.replace('"basics"', '"about"').replace(
            '"label": "Ecologist"', '"label": "Ecologist", "phone": "555 0142"'),
    }))
    assert site.cv is not None
    assert site.cv.basics["phone"] == "555 0142"
    assert "phone" in site.cv.basics_shown
    assert [s.key for s in site.cv.sections] == ["work"]
    assert not [f for f in report.findings if f.code == "cv-json-key"]


@pytest.mark.parametrize("hidden", [
    "<!-- {% for entry in site.data.cv %}{{ entry.title }}{% endfor %} -->",
    "{% comment %}{% for entry in site.data.cv %}{{ entry.title }}{% endfor %}{% endcomment %}"])
def test_cv_data_the_own_layout_reads_only_inside_a_comment_is_not_shown(tmp_path, hidden):
    """An owner's CV layout that put its `site.data.cv` loop inside an HTML comment (Liquid
    still runs it, the browser shows none of it) or a `{% comment %}` block, and shows a PDF
    instead: its CV page shows no CV data, so the (stale) `cv.yml` is no one's CV."""
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG,
        "_layouts/cv.html": "---\nlayout: default\n---\n" + hidden +
                            '\n<div class="post"><object data="../assets/pdf/cv.pdf"></object>'
                            "</div>\n",
        "_pages/cv.md": CV_PAGE,
        "_data/cv.yml": CLASSIC_EXAMPLE,
    }))
    assert site.cv is None
    unused = [f for f in report.findings if f.code == "cv-unused"]
    assert len(unused) == 1 and "shows no CV data" in unused[0].message


def test_cv_data_no_page_shows_is_not_the_owners(tmp_path):
    site, report = read(write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + GET_JSON,
        "_pages/about.md": "---\nlayout: about\npermalink: /\n---\nHello.\n",
        "_data/cv.yml": CLASSIC_EXAMPLE,
    }))
    assert site.cv is None
    unused = [f for f in report.findings if f.code == "cv-unused"]
    assert len(unused) == 1 and "no page of the source shows it" in unused[0].message


def test_an_owners_cv_json_no_page_shows_is_said_to_be_theirs_not_the_templates(tmp_path):
    """academicpages: a `_data/cv.json` of the owner's own that no page shows (the CV page
    embeds a PDF) is not carried, and the report does not call it the template's example."""
    root = write(tmp_path, {
        "_config.yml": "title: Rin Halvorsen\nauthor:\n  name: Rin Halvorsen\n",
        "_pages/cv.md": "---\nlayout: archive\npermalink: /cv/\n---\n"
                        '<embed src="/files/cv.pdf" type="application/pdf">\n',
        "_data/cv.json": '{"basics": {"name": "Rin Halvorsen"}, "work": [{"name": "Polar '
                         'Lab", "position": "Postdoc"}]}\n'})
    report = Report()
    site = sitemigrate.read_site(root, "academicpages", report)
    assert site.cv is None
    unused = [f for f in report.findings if f.code == "cv-unused"]
    assert len(unused) == 1 and "what you wrote in it was on no page" in unused[0].message
    assert "example" not in unused[0].message


def test_a_template_cv_json_no_page_shows_is_said_to_be_the_templates(tmp_path):
    """The same file holding the template's example CV (the lab checkout's, with one value
    changed: a version between the checkouts) is said to be the template's."""
    example = needs_shared(SHARED / "lab/templates/academicpages-2025/_data/cv.json")
    root = write(tmp_path, {
        "_config.yml": "title: Rin Halvorsen\nauthor:\n  name: Rin Halvorsen\n",
        "_pages/cv.md": "---\nlayout: archive\npermalink: /cv/\n---\nSee the PDF.\n",
        "_data/cv.json": example.read_text().replace('"basics": {',
                                                     '"basics": {"label": "x", ', 1)})
    report = Report()
    sitemigrate.read_site(root, "academicpages", report)
    unused = [f for f in report.findings if f.code == "cv-unused"]
    assert len(unused) == 1 and "holds the template's example CV" in unused[0].message


# -- 6. Generated addresses ------------------------------------------------------------------

def _post(day: str, slug: str, tags: str = "", categories: str = "") -> tuple[str, str]:
    return (f"_posts/{day}-{slug}.md", f"---\nlayout: post\ntitle: {slug}\ntags: {tags}\n"
            f"categories: {categories}\n---\nText of {slug}.\n")


def test_archive_and_pagination_addresses_are_old_urls(tmp_path):
    from sitemigrate.jekyll.urls import read_tree, served
    root = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG + "include: [_pages]\npermalink: /blog/:year/:title/\n"
        "plugins:\n"
        "  - jekyll-archives\n  - jekyll-paginate-v2\npagination:\n  enabled: true\n"
        "jekyll-archives:\n  enabled: [year, tags, categories]\n  permalinks:\n"
        "    year: '/blog/:year/'\n    tag: '/blog/tag/:name/'\n"
        "    category: '/blog/category/:name/'\n",
        "_pages/blog.md": "---\nlayout: default\npermalink: /blog/\ntitle: blog\npagination:\n"
                          "  enabled: true\n  collection: posts\n  permalink: /page/:num/\n"
                          "  per_page: 2\n---\nPosts.\n",
        **dict([_post("2015-03-01", "mudflats", "Field Work", "notes"),
                _post("2016-04-02", "lugworms", "field-work"),
                _post("2016-05-03", "eelgrass")]),
    })
    urls = {s.url: s.path for s in served(*read_tree(root)).values()}
    for url in ("/blog/2015/", "/blog/2016/", "/blog/tag/field-work/",
                "/blog/category/notes/", "/blog/page/2/"):
        assert urls.get(url) == "_pages/blog.md", url
    assert "/blog/page/3/" not in urls
    plan = sitemigrate.convert(root, tmp_path / "out", to="academicpages")
    rows = {r["old"]: r for r in plan.report.urls}
    assert rows["/blog/2016/"]["how"] == "redirect" and rows["/blog/page/2/"]["how"] == "redirect"
    assert not [r for r in plan.report.urls if r["how"] == "lost"]


def test_a_post_without_front_matter_is_served_and_paged_as_a_post(tmp_path):
    """Jekyll's post reader takes every dated file of `_posts`, front matter or not (a blank
    line before the `---` is enough to have none): such a post has its post address, is in
    its year's archive and counts in the paginated list; its old addresses are kept."""
    from sitemigrate.jekyll.urls import read_tree, served
    root = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG + "include: [_pages]\npermalink: /blog/:year/:title/\n"
        "plugins:\n  - jekyll-archives\n  - jekyll-paginate-v2\npagination:\n  enabled: true\n"
        "jekyll-archives:\n  enabled: [year]\n  permalinks:\n    year: '/blog/:year/'\n",
        "_pages/blog.md": "---\nlayout: default\npermalink: /blog/\ntitle: blog\npagination:\n"
                          "  enabled: true\n  permalink: /page/:num/\n  per_page: 2\n---\nPosts.\n",
        **dict([_post("2016-04-02", "lugworms"), _post("2016-05-03", "eelgrass")]),
        "_posts/2017-06-04-saltmarsh.md": "\n---\ntitle: Saltmarsh survey\n---\nCores taken.\n",
    })
    urls = {s.url: s.path for s in served(*read_tree(root)).values()}
    assert urls.get("/blog/2017/saltmarsh/") == "_posts/2017-06-04-saltmarsh.md"
    assert urls.get("/blog/2017/") == urls.get("/blog/page/2/") == "_pages/blog.md"
    plan = sitemigrate.convert(root, tmp_path / "out", to="academicpages")
    assert not [r for r in plan.report.urls if r["how"] == "lost"]


def test_archives_v2_per_collection(tmp_path):
    from sitemigrate.jekyll.urls import read_tree, served
    root = write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + "plugins: [jekyll-archives-v2]\ncollections:\n"
        "  books:\n    output: true\njekyll-archives:\n  books:\n    enabled: [year, categories]\n",
        "_books/tide-tables.md": "---\ntitle: Tide Tables\ndate: 2021-06-01\n"
                                 "categories: [Reference Works]\n---\nA book.\n",
    })
    urls = {s.url for s in served(*read_tree(root)).values()}
    assert {"/books/2021/", "/books/category/reference-works/"} <= urls



def test_an_undated_collection_item_is_archived_in_the_build_year(tmp_path):
    # Jekyll dates a document by its front matter, else its file name (in any collection),
    # else `site.time`: `time:` of _config.yml, else the build's. jekyll-archives-v2 files an
    # undated book under that year; the conversion must forward that address too.
    import datetime as dt

    from sitemigrate.jekyll.urls import read_tree, served
    books = {"_pages/books.md": "---\nlayout: page\npermalink: /books/\ntitle: books\n---\n"
                                "Books.\n",
             "_books/tide-tables.md": "---\ntitle: Tide Tables\n---\nA book.\n",
             "_books/2019-02-03-sea-charts.md": "---\ntitle: Sea Charts\n---\nA book.\n"}
    config = (ALFOLIO_CONFIG + "include: [_pages]\nplugins: [jekyll-archives-v2]\n"
              "collections:\n  books:\n    output: true\n"
              "jekyll-archives:\n  books:\n    enabled: [year]\n")
    root = write(tmp_path / "src", {"_config.yml": config + "time: 2024-05-06 10:00:00 +0000\n",
                                    **books})
    urls = {s.url: s.path for s in served(*read_tree(root)).values()}
    assert urls.get("/books/2024/") == "_pages/books.md"
    assert urls.get("/books/2019/") == "_pages/books.md"
    plan = sitemigrate.convert(root, tmp_path / "out", to="academicpages")
    rows = {r["old"]: r for r in plan.report.urls}
    assert rows["/books/2024/"]["how"] == "redirect", rows.get("/books/2024/")
    assert not [r for r in plan.report.urls if r["how"] == "lost"]
    root = write(tmp_path / "now", {"_config.yml": config, **books})  # no `time:`: today
    urls = {s.url for s in served(*read_tree(root)).values()}
    assert f"/books/{dt.date.today().year}/" in urls


def test_archive_names_are_the_tags_and_categories_jekyll_reads(tmp_path):
    # `tag:`/`category:` name one tag however many words it has; `tag:` wins over `tags:`,
    # `categories:` and `category:` both count; a plural key's string is words.
    from sitemigrate.jekyll.urls import read_tree, served
    root = write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + "plugins: [jekyll-archives]\njekyll-archives:\n"
        "  enabled: [tags, categories]\n",
        "_posts/2020-01-02-mudflats.md": "---\ntitle: Mudflats\ntag: Field Work\n"
                                         "category: Tidal Notes\n---\nText.\n",
        "_posts/2020-02-03-lugworms.md": "---\ntitle: Lugworms\ntags: [Burrows]\ntag: Worms\n"
                                         "categories: [Biology]\ncategory: Sediment\n---\nText.\n",
        "_posts/2021-03-04-eelgrass.md": "---\ntitle: Eelgrass\ntags: sea grass\n---\nText.\n",
    })
    urls = {s.url for s in served(*read_tree(root)).values()}
    archives = {u for u in urls if u.startswith(("/tag/", "/category/"))}
    assert archives == {"/tag/field-work/", "/tag/worms/", "/tag/sea/", "/tag/grass/",
                        "/category/tidal-notes/", "/category/biology/", "/category/sediment/"}



def _numbered(n: int, categories: str = "", hidden: int = 0) -> dict[str, str]:
    return {f"_posts/2020-01-{i:02d}-survey-{i}.md":
            f"---\ntitle: Survey {i}\ncategories: [{categories}]\n"
            f"{'hidden: true' if i == hidden else 'layout: post'}\n---\nCounts.\n"
            for i in range(1, n + 1)}


def test_paginate_v2_pages_as_the_gem_does(tmp_path):
    # jekyll-paginate-v2: `/page:num/` under the page's own permalink by default, `hidden`
    # posts not listed, `category:` and `locale:` filters (any case), `:max`, and `limit:`
    # pages at most
    from sitemigrate.jekyll.urls import read_tree, served
    root = write(tmp_path, {
        "_config.yml": ALFOLIO_CONFIG + "plugins: [jekyll-paginate-v2]\npagination:\n"
        "  enabled: true\n  per_page: 2\ncollections:\n  books:\n    output: true\n",
        # a document is no page: the gem paginates pages only
        "_books/reading.md": "---\npermalink: /reading/\npagination:\n  enabled: true\n---\n",
        **_numbered(3, "Fieldwork"), **{k.replace("-01-0", "-02-0"): v
                                        for k, v in _numbered(4, "lab", hidden=4).items()},
        "notes/index.html": "---\nlayout: default\npagination:\n  enabled: true\n---\nAll.\n",
        "field.html": "---\npermalink: /field/\npagination:\n  enabled: true\n"
                      "  category: fieldwork\n  permalink: /p/:num-of-:max/\n---\nField.\n",
        "lab.html": "---\npermalink: /lab/\npagination:\n  enabled: true\n  limit: 1\n---\nLab.\n",
        **{f"_posts/2020-03-0{i}-releve-{i}.md": f"---\ntitle: Relevé {i}\nlocale: fr\n---\nTexte.\n"
           for i in range(1, 4)},
        "fr.html": "---\npermalink: /fr/\npagination:\n  enabled: true\n  locale: FR\n---\nFr.\n",
    })
    urls = {s.url: s.path for s in served(*read_tree(root)).values() if "/2020/" not in s.url}
    assert urls == {"/notes/": "notes/index.html",
                    **{f"/notes/page{n}/": "notes/index.html" for n in range(2, 6)},
                    "/fr/": "fr.html", "/fr/page2/": "fr.html", "/field/": "field.html",
                    "/field/p/2-of-2/": "field.html", "/lab/": "lab.html",
                    "/reading/": "_books/reading.md"}


def test_paginate_v1_pages_the_nearest_index_html(tmp_path):
    # jekyll-paginate: the template is the `index.html` in `paginate_path`'s folder or the
    # nearest folder above (here the home page); page N is the folder it names
    from sitemigrate.jekyll.urls import read_tree, served
    root = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG + "plugins: [jekyll-paginate]\npaginate: 2\n"
        "paginate_path: /notes/page:num\n",
        **_numbered(6, hidden=6),
        "index.html": "---\nlayout: default\n---\n{{ paginator.page }}\n",
    })
    urls = {s.url: s.path for s in served(*read_tree(root)).values() if "/2020/" not in s.url}
    assert urls == {"/": "index.html", "/notes/page2/": "index.html",
                    "/notes/page3/": "index.html"}
    plan = sitemigrate.convert(root, tmp_path / "out", to="academicpages")
    rows = {r["old"]: r["how"] for r in plan.report.urls}
    assert rows["/notes/page2/"] == rows["/notes/page3/"] == "redirect"


# -- 3. Category sections --------------------------------------------------------------------

AP_CONFIG = "title: Ilse Vantongeren\nname: Ilse Vantongeren\nauthor:\n  name: Ilse Vantongeren\n" \
            "collections:\n  publications:\n    output: true\n    permalink: /:collection/:path/\n"


def _ap_pub(slug: str, kind: str) -> tuple[str, str]:
    return (f"_publications/2021-01-01-{slug}.md",
            f"---\ntitle: \"{slug}\"\ncollection: publications\npermalink: /publication/{slug}\n"
            f"date: 2021-01-01\nvenue: 'Estuaries'\ntype: {kind}\n---\n")


def _ap_listed(loop: str, *sections: tuple[str, str], page: str = "publications") -> str:
    """An academicpages page at `/PAGE/` whose body is ``loop`` once per (title, value)."""
    return (f"---\nlayout: archive\ntitle: {page.title()}\npermalink: /{page}/\n---\n"
            + "".join(loop.format(title=t, value=v) for t, v in sections))


def test_sections_by_a_field_stay_sections_each_item_once(tmp_path):
    loop = ("<h2>{title}</h2>\n<ul>\n{{% for post in site.publications reversed %}}\n"
            "  {{% if post.type contains \"{value}\" %}}\n    {{% include archive-single.html %}}"
            "\n  {{% endif %}}\n{{% endfor %}}\n</ul>\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        "_pages/publications.md": "---\nlayout: archive\ntitle: Publications\npermalink: "
                                  "/publications/\n---\n{% include base_path %}\n"
                                  + loop.format(title="Articles", value="article")
                                  + loop.format(title="Press", value="press"),
        **dict([_ap_pub("salt-marsh", "article"), _ap_pub("radio-interview", "press")]),
    })
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    body = (tmp_path / "af/_pages/publications.md").read_text("utf-8")
    tags = [line.strip() for line in body.splitlines() if "{% bibliography" in line]
    # jekyll-scholar hands bib.liquid the entry's fields over its own keys: a field `type`
    # would hide the entry type its venue line reads, so the owner's `type` is `pubtype`
    assert tags == ["{% bibliography -q @*[pubtype~=article] %}",
                    "{% bibliography -q @*[pubtype~=press] %}"]
    assert body.index("Articles") < body.index("pubtype~=article") < body.index("Press")
    bib = (tmp_path / "af/_bibliography/papers.bib").read_text("utf-8")
    assert "pubtype = {press}" in bib and not re.search(r"^\s*type\s*=", bib, re.M)
    assert "@article{" in bib  # the stated type still chooses the entry's type


def test_sections_by_a_published_value_keep_their_entries(tmp_path):
    """Jekyll's `published` hides a document only when it is `false`; an owner who writes
    `published: book` and lists each section with `{% if post.published == 'book' %}`
    uses it as a field of their own: each entry carries it, so that al-folio's query of
    each section finds its entries (was: every section empty)."""
    loop = ("<h2>{title}</h2>\n{{% for post in site.publications reversed %}}\n"
            "  {{% if post.published == '{value}' %}}\n    {{% include archive-single.html %}}"
            "\n  {{% endif %}}\n{{% endfor %}}\n")

    def pub(slug: str, value: str) -> tuple[str, str]:
        return (f"_publications/2021-01-01-{slug}.md",
                f"---\ntitle: \"{slug}\"\ncollection: publications\npublished: {value}\n"
                "date: 2021-01-01\nvenue: 'Estuaries'\n---\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        "_pages/publications.md": _ap_listed(loop, ("Book", "book"), ("Articles", "journal")),
        **dict([pub("tide-atlas", "book"), pub("salt-marsh", "journal"),
                pub("old-draft", "false")]),
    })
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    body = (tmp_path / "af/_pages/publications.md").read_text("utf-8")
    tags = [line.strip() for line in body.splitlines() if "{% bibliography" in line]
    assert tags == ["{% bibliography -q @*[published=book] %}",
                    "{% bibliography -q @*[published=journal] %}"]
    bib = (tmp_path / "af/_bibliography/papers.bib").read_text("utf-8")
    entries = {e.split(",")[0]: e for e in bib.split("@")[1:]}
    assert "published = {book}" in next(e for k, e in entries.items() if "tide-atlas" in k)
    assert "published = {journal}" in next(e for k, e in entries.items() if "salt-marsh" in k)
    assert "old-draft" not in bib  # `published: false`: Jekyll builds no page of it


def test_arxiv_field_holds_an_identifier_al_folio_can_link(tmp_path):
    """al-folio links an entry's `arxiv` as `arxiv.org/abs/<arxiv>`: a front-matter
    `arXiv:` written with its prefix gives the bare identifier; one that is no identifier (a
    typo) takes that of the entry's arXiv address (`arXivurl`, a 10.48550 DOI); one with
    neither is kept under another name and reported (it would have linked to no paper)."""
    def pub(slug: str, extra: str) -> tuple[str, str]:
        return (f"_publications/2021-01-01-{slug}.md",
                f"---\ntitle: \"{slug}\"\ncollection: publications\ndate: 2021-01-01\n"
                f"venue: 'Estuaries'\n{extra}---\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        **dict([pub("salt-marsh", 'arXiv: "arXiv:2103.04567"\n'),
                pub("mudflat", 'arXiv: "arXiv:2103:04568"\n'
                    'arXivurl: "https://doi.org/10.48550/arXiv.2103.04568"\n'),
                pub("old-style", 'arXiv: "arXiv.cond-mat/0102536v2"\n'),
                pub("kelp", 'arXiv: "preprint"\n')]),
    })
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    plan.apply()
    bib = (tmp_path / "af/_bibliography/papers.bib").read_text("utf-8")
    arxiv = re.findall(r"^\s*arxiv = \{([^}]*)\}", bib, re.M)
    assert sorted(arxiv) == ["2103.04567", "2103.04568", "cond-mat/0102536v2"]
    assert "arxiv_label = {preprint}" in bib
    assert [f for f in plan.report.findings if f.code == "publication-arxiv"
            and "`preprint` is no arXiv identifier" in f.message]


def _ap_talk(slug: str, kind: str) -> tuple[str, str]:
    return (f"_talks/2022-02-02-{slug}.md",
            f"---\ntitle: \"{slug}\"\ncollection: talks\ntype: \"{kind}\"\n"
            f"permalink: /talks/{slug}\ndate: 2022-02-02\nvenue: 'Tide Forum'\n---\n")


def test_talks_by_type_keep_their_sections_each_item_once_both_ways(tmp_path):
    """A talks page whose owner Liquid lists the talks per `type` (`{% if post.type ==
    "Keynote" %}` inside the loop) keeps its sections in al-folio, each talk once, and back
    in academicpages."""
    loop = ("<h2>{title}</h2>\n{{% for post in site.talks reversed %}}{{% if post.type == "
            "\"{value}\" %}}\n  {{% include archive-single-talk.html %}}\n"
            "{{% endif %}}{{% endfor %}}\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + "  talks:\n    output: true\n",
        "_pages/talks.html": "---\nlayout: archive\ntitle: Talks\npermalink: /talks/\n---\n"
                             + loop.format(title="Keynotes", value="Keynote")
                             + loop.format(title="Posters", value="Poster"),
        **dict([_ap_talk("ebb-keynote", "Keynote"), _ap_talk("flood-poster", "Poster")]),
    })
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    page = next((tmp_path / "af/_pages").glob("talks.*")).read_text("utf-8")
    assert "{% comment %}" not in page
    tests = [line.split("{% if ")[1].split(" %}")[0] for line in page.splitlines()
             if line.startswith("{% for talk in talks %}{% if ")]
    assert tests == ['talk.type == "Keynote"', 'talk.type == "Poster"']
    assert page.index("Keynotes") < page.index('"Keynote"') < page.index("Posters") \
        < page.index('"Poster"')
    assert 'type: "Keynote"' in (tmp_path / "af/_talks/2022-02-02-ebb-keynote.md").read_text()
    assert _talk_tests_back(tmp_path) == ['if post.type == "Keynote" %}',
                                          'if post.type == "Poster" %}']


def _talk_tests_back(tmp_path: Path) -> list[str]:
    """The `{% if %}` of each talks section, after converting `af/` back to academicpages
    (none kept in a comment)."""
    sitemigrate.convert(tmp_path / "af", tmp_path / "ap", to="academicpages",
                        from_="al-folio").apply()
    back = next((tmp_path / "ap/_pages").glob("talks.*")).read_text("utf-8")
    assert "{% comment %}" not in back
    return [line.split("%}{%")[1].strip() for line in back.splitlines()
            if "for post in site.talks" in line]


def test_a_section_of_tests_joined_by_or_stays_one_section(tmp_path):
    """A section whose `{% if %}` joins tests with `or` (`post.type == 'Keynote' or
    post.type == 'Seminar'`) is one section of its talks in al-folio and back (was: a
    listing of every talk there, so that the talks of the other sections showed twice);
    a publications section so written is one jekyll-scholar query joined by `||`."""
    loop = ("<h2>{{title}}</h2>\n{{{{% for post in site.{what} reversed %}}}}\n"
            "  {{{{% if {{value}} %}}}}\n    {{{{% include archive-single-talk.html %}}}}\n"
            "  {{{{% endif %}}}}\n{{{{% endfor %}}}}\n")
    either = "post.type == 'Keynote' or post.type == 'Seminar'"
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + "  talks:\n    output: true\n",
        "_pages/talks.html": _ap_listed(loop.format(what="talks"), ("Invited", either),
                                        ("Posters", "post.type == 'Poster'"), page="talks"),
        "_pages/publications.md": _ap_listed(
            loop.format(what="publications"),
            ("Papers", "post.type == 'article' or post.type == 'letter'")),
        **dict([_ap_talk("ebb-keynote", "Keynote"), _ap_talk("neap-seminar", "Seminar"),
                _ap_talk("flood-poster", "Poster"), _ap_pub("salt-marsh", "article")]),
    })
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    page = next((tmp_path / "af/_pages").glob("talks.*")).read_text("utf-8")
    assert "{% comment %}" not in page
    tests = [line.split("{% if ")[1].split(" %}")[0] for line in page.splitlines()
             if line.startswith("{% for talk in talks %}{% if ")]
    assert tests == ['talk.type == "Keynote" or talk.type == "Seminar"',
                     'talk.type == "Poster"']
    assert page.count("{% for talk in talks %}") == 2  # no listing of every talk
    pubs = (tmp_path / "af/_pages/publications.md").read_text("utf-8")
    assert "{% bibliography -q @*[pubtype=article||pubtype=letter] %}" in pubs
    assert _talk_tests_back(tmp_path) == [
        'if post.type == "Keynote" or post.type == "Seminar" %}', 'if post.type == "Poster" %}']


def test_a_furniture_page_is_said_to_forward_where_it_does(tmp_path):
    """academicpages' JSON CV view forwards to the CV page, but a site without one
    forwards it home, and a 404 page forwards nowhere (the target's own serves it): the
    finding says which (was: "forwards to the cv page" for a redirect home)."""
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        "_pages/about.md": "---\npermalink: /\ntitle: About\n---\nTide research.\n",
        "_pages/cv-json.md": "---\nlayout: archive\ntitle: CV\npermalink: /cv-json/\n---\n"
                             "{% include cv-template.html %}\n",
        "_pages/404.md": "---\ntitle: Page Not Found\npermalink: /404.html\n---\nGone.\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    said = {f.path: f.message for f in plan.report.findings if f.code == "furniture"}
    assert "its address forwards to the home page" in said["_pages/cv-json.md"]
    assert "forwards" not in said["_pages/404.md"]
    assert "page-not-found page serves its address" in said["_pages/404.md"]
    (src / "_pages/cv.md").write_text("---\ntitle: CV\npermalink: /cv/\n---\n"
                                     "Education\n======\n* PhD, Tide University, 2020\n")
    plan = sitemigrate.convert(src, tmp_path / "af2", to="al-folio", from_="academicpages")
    said = {f.path: f.message for f in plan.report.findings if f.code == "furniture"}
    assert "its address forwards to the cv page" in said["_pages/cv-json.md"]


def test_a_publication_a_hand_written_list_page_never_drew_keeps_its_own_page(tmp_path):
    """A publications page written by hand (its Liquid never loops over the collection)
    lists none of the `_publications` items, whose own pages (`output: true`) were where a
    visitor read their abstract and citation: each keeps its page at its old address (was:
    the address forwarded to the publications page, which does not show it)."""
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        "_pages/publications.md": "---\nlayout: archive\ntitle: Publications\npermalink: "
                                  "/publications/\n---\n<ul><li>Salt marsh carbon, 2021</li>"
                                  "</ul>\n",
        "_publications/2021-01-01-salt-marsh.md":
            "---\ntitle: \"Salt marsh carbon\"\ncollection: publications\n"
            "permalink: /publication/salt-marsh\ndate: 2021-01-01\nvenue: 'Estuaries'\n"
            "excerpt: 'Marshes bury carbon faster than forests.'\n"
            "citation: 'Vantongeren, I. (2021). Salt marsh carbon. Estuaries.'\n---\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    plan.apply()
    own = (tmp_path / "af/_pages/publications/2021-01-01-salt-marsh.md").read_text("utf-8")
    assert "permalink: /publication/salt-marsh" in own
    assert "Marshes bury carbon faster than forests." in own
    assert not list((tmp_path / "af/_pages").glob("redirects/publication-salt-marsh*"))


def test_a_document_without_a_title_keeps_the_title_jekyll_gives_it(tmp_path):
    """A post or collection document with no `title:` (or no front matter at all) is shown
    by Jekyll under its file name without the date, each word capitalized as Ruby does
    (`Compile Ats 1.0 On Mac`): the new site shows that title, not the file name."""
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + "  talks:\n    output: true\n",
        "_posts/2021-03-09-Compile-ATS-1.0-on-Mac.md": "Build notes for the tide model.\n",
        "_talks/2022-02-02-ebb-and-FLOW.md": "---\ncollection: talks\ndate: 2022-02-02\n---\n",
    })
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    post = next((tmp_path / "af/_posts").glob("*.md")).read_text("utf-8")
    assert "title: Compile Ats 1.0 On Mac\n" in post
    assert "title: Ebb And Flow\n" in next((tmp_path / "af/_talks").glob("*.md")).read_text()
    sitemigrate.convert(tmp_path / "src", tmp_path / "ap", to="academicpages",
                        from_="academicpages").apply()
    post = next((tmp_path / "ap/_posts").glob("*.md")).read_text("utf-8")
    assert "title: 2021" not in post and "title: Compile Ats 1.0 On Mac\n" in post


def test_a_collection_file_without_front_matter_is_a_file_not_an_item(tmp_path):
    """Jekyll reads a collection's file without front matter as a static file (only posts
    are documents without it): no item of the collection, in no listing; it is carried as
    the file it is, and a post without front matter is still a post."""
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + "  talks:\n    output: true\n",
        "_talks/notes.md": "Raw speaker notes.\n",
        "_talks/2022-02-02-ebb.md": "---\ntitle: Ebb\ncollection: talks\n---\n",
        "_posts/2021-03-09-tide-log.md": "A log of tides.\n",
    })
    site = sitemigrate.read_site(src, "academicpages")
    assert [t.title for t in site.talks] == ["Ebb"]
    assert [p.path for p in site.posts] == ["_posts/2021-03-09-tide-log.md"]
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    plan.apply()
    assert [p.name for p in (tmp_path / "af/_talks").glob("*.md")] == ["2022-02-02-ebb.md"]
    assert [f.read_text() for f in (tmp_path / "af").rglob("notes.md")] \
        == ["Raw speaker notes.\n"]  # carried as a file (where DEST keeps files)
    assert any(f.code == "static-file" and f.path == "_talks/notes.md"
               for f in plan.report.findings)
    af = write(tmp_path / "af-src", {  # al-folio's own collections alike
        "_config.yml": ALFOLIO_CONFIG, "_projects/1_empty.md": "",
        "_projects/2_kelp.md": "---\ntitle: Kelp\nlayout: page\n---\n"})
    assert [p.title for p in sitemigrate.read_site(af, "al-folio").projects] == ["Kelp"]


# the template's publications page, which lists the publications per `publication_category`
AP_GROUPED_PAGE = Path(__file__).resolve().parents[1] / "fixtures/academicpages-site/_pages" \
    / "publications.html"


def _ap_categorised(slug: str, category: str, year: int) -> tuple[str, str]:
    return (f"_publications/{year}-03-01-{slug}.md",
            f"---\ntitle: \"{slug}\"\ncollection: publications\ncategory: {category}\n"
            f"permalink: /publication/{slug}\ndate: {year}-03-01\nvenue: 'Estuaries'\n---\n")


def test_publications_listed_per_config_category_keep_their_sections(tmp_path):
    """academicpages' publications page loops over the config's `publication_category` and
    shows, under each category's title, the publications of that `category:`: al-folio
    gets one heading and one query per category that has publications, in the config's
    order, and each entry carries its category as a field the query tests."""
    groups = ("publication_category:\n  reports:\n    title: 'Technical Reports'\n"
              "  books:\n    title: 'Books'\n  manuscripts:\n    title: 'Journal Articles'\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + groups,
        "_pages/publications.html": AP_GROUPED_PAGE.read_text("utf-8"),
        **dict([_ap_categorised("salt-marsh", "manuscripts", 2019),
                _ap_categorised("mudflat-worms", "manuscripts", 2021),
                _ap_categorised("dredging-audit", "reports", 2020)]),
    })
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    page = next((tmp_path / "af/_pages").glob("publications.*")).read_text("utf-8")
    shown = page.split("{% comment %}")[0]
    tags = [line.strip() for line in shown.splitlines() if "{% bibliography" in line]
    assert tags == ["{% bibliography -q @*[category=reports] %}",
                    "{% bibliography -q @*[category=manuscripts] %}"]
    assert shown.index("<h2>Technical Reports</h2>") < shown.index("category=reports") \
        < shown.index("<h2>Journal Articles</h2>") < shown.index("category=manuscripts")
    assert "Books" not in shown  # a category without publications shows no heading
    assert shown.count('<div class="publications">') == 2  # al-folio's style of its entries
    bib = (tmp_path / "af/_bibliography/papers.bib").read_text("utf-8")
    entries = bib.split("@")[1:]
    assert len(entries) == 3
    assert sum("category = {manuscripts}" in e for e in entries) == 2
    assert sum("category = {reports}" in e for e in entries) == 1


def test_a_group_with_a_spaced_key_but_no_publication_keeps_the_sections(tmp_path):
    """A `publication_category` key with a space (`working papers`) cannot be named by a
    query, but a group no publication is in shows nothing on the old page, not even its
    heading: the other groups keep their headings and queries (before: the whole page fell
    back to one list of every publication, its headings gone, and a publication of a
    category the config does not name, which the old page did not show, shown)."""
    groups = ("publication_category:\n  manuscripts:\n    title: 'Journal Articles'\n"
              "  working papers:\n    title: 'Working Papers'\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + groups,
        "_pages/publications.html": AP_GROUPED_PAGE.read_text("utf-8"),
        **dict([_ap_categorised("salt-marsh", "manuscripts", 2019),
                _ap_categorised("tide-pools", "journal articles", 2021)]),
    })
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    plan.apply()
    assert not [f for f in plan.report.findings if "single word" in f.message]
    page = next((tmp_path / "af/_pages").glob("publications.*")).read_text("utf-8")
    shown = page.split("{% comment %}")[0]
    assert [line.strip() for line in shown.splitlines() if "{% bibliography" in line] == [
        "{% bibliography -q @*[category=manuscripts] %}"]
    assert "<h2>Journal Articles</h2>" in shown and "Working Papers" not in shown


def test_a_group_only_the_templates_example_publication_is_in_gets_no_heading(
        tmp_path, monkeypatch):
    """The template's example publication the owner left in `_publications/` is not carried
    (it is the template's, not the owner's); the group only it was in gets no section on
    the new page: before, its heading stood there over an empty list."""
    import sitemigrate.template_files as tf
    from sitemigrate.registry import get_theme
    example = _ap_categorised("example-paper", "conferences", 2015)
    tpl = write(tmp_path / "academicpages-2099", {"_config.yml": "title: Your Name\n",
                                                 example[0]: example[1]})
    built = tf.build_table(get_theme("academicpages"), [tpl])
    known = tf.Templates(built["templates"], built["files"], built["entries"])
    monkeypatch.setattr(tf, "templates", lambda theme: known if theme.name == "academicpages"
                        else tf.Templates())
    groups = ("publication_category:\n  manuscripts:\n    title: 'Journal Articles'\n"
              "  conferences:\n    title: 'Conference Papers'\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + groups,
        "_pages/publications.html": AP_GROUPED_PAGE.read_text("utf-8"),
        **dict([_ap_categorised("salt-marsh", "manuscripts", 2019), example]),
    })
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    plan.apply()
    page = next((tmp_path / "af/_pages").glob("publications.*")).read_text("utf-8")
    shown = page.split("{% comment %}")[0]
    assert "<h2>Journal Articles</h2>" in shown
    assert "Conference Papers" not in shown and "category=conferences" not in shown
    bib = (tmp_path / "af/_bibliography/papers.bib").read_text("utf-8")
    assert "salt-marsh" in bib and "example-paper" not in bib


def test_a_grouped_publications_page_with_no_publication_says_so(tmp_path):
    """The template's grouped publications page on a site without publications: the report
    said "read as 0 section(s) of the publications whose `category` is ." (no group named);
    it says the page lists none, as the old one did."""
    groups = "publication_category:\n  manuscripts:\n    title: 'Journal Articles'\n"
    src = write(tmp_path / "src", {"_config.yml": AP_CONFIG + groups,
                                   "_pages/publications.html": AP_GROUPED_PAGE.read_text()})
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    (said,) = [f.message for f in plan.report.findings if f.code == "listing-groups"]
    assert "0 section(s)" not in said
    assert "no publication's `category` is one of its groups, so the page lists none" in said


def test_a_publication_in_no_category_keeps_its_own_page_not_a_list_entry(tmp_path):
    """A publication in none of the `publication_category` groups is on no section of the
    publications page, but on a page of its own (the collection's `output: true`): al-folio
    does not list it either (no entry added), and keeps its page at its address, with its
    venue, citation and links, and a finding that names it."""
    groups = "publication_category:\n  manuscripts:\n    title: 'Journal Articles'\n"
    stray = ("_publications/2020-05-01-kelp-notes.md",
             "---\ntitle: \"kelp-notes\"\ncollection: publications\n"
             "permalink: /publication/kelp-notes\ndate: 2020-05-01\nvenue: 'Kelp Letters'\n"
             "paperurl: '/files/kelp.pdf'\nslidesurl: 'https://slides.example.org/kelp'\n"
             "excerpt: 'Kelp forests hold more carbon than their size suggests.'\n"
             "citation: 'Vantongeren, I. (2020). &quot;Kelp notes.&quot; Kelp Letters.'\n---\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + groups,
        "_pages/publications.html": AP_GROUPED_PAGE.read_text("utf-8"),
        "files/kelp.pdf": "%PDF-1.4 kelp",
        **dict([_ap_categorised("salt-marsh", "manuscripts", 2019), stray]),
    })
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    plan.apply()
    listed = next((tmp_path / "af/_pages").glob("publications.*")).read_text("utf-8")
    assert [line.strip() for line in listed.split("{% comment %}")[0].splitlines()
            if "{% bibliography" in line] == ["{% bibliography -q @*[category=manuscripts] %}"]
    own = (tmp_path / "af/_pages/publications/2020-05-01-kelp-notes.md").read_text("utf-8")
    assert "permalink: /publication/kelp-notes" in own and "<em>Kelp Letters</em>, 2020" in own
    assert "Vantongeren, I. (2020)" in own  # the citation, as the page's description
    assert "<a href=\"{{ '/assets/pdf/kelp.pdf' | relative_url }}\">PDF</a>" in own
    assert '<a href="https://slides.example.org/kelp">Slides</a>' in own
    assert "Kelp forests hold more carbon than their size suggests." in own  # the excerpt
    assert (tmp_path / "af/assets/pdf/kelp.pdf").read_bytes() == b"%PDF-1.4 kelp"
    (said,) = [f.message for f in plan.report.findings
               if f.code == "publication-page" and "kelp-notes" in f.message]
    assert "none of the sections" in said and "`/publication/kelp-notes`" in said
    # a listed publication without text of its own gets no page
    assert not (tmp_path / "af/_pages/publications/2019-03-01-salt-marsh.md").exists()


def test_a_loop_that_only_collects_is_no_listing_so_an_unlisted_item_keeps_its_page(tmp_path):
    """A publications page that lists by sections (the owner's `{% if post.type contains %}`)
    and also loops over every publication only to collect their tags (`assign` and
    `capture`: nothing of an item is written there) lists no publication outside its
    sections: one of a type no section names (a poster) showed only on its own page, and
    keeps it in al-folio, venue and all."""
    collect = ("{% assign tags = \"\" | split: ',' %}\n{% for post in site.publications %}\n"
               "  {% capture last %}{{ post.title }}{% endcapture %}\n"
               "  {% for tag in post.tags %}{% assign tags = tags | push: tag %}{% endfor %}\n"
               "{% endfor %}\n"
               "{% for tag in tags %}<span>{{ tag }}</span>{% endfor %}\n")
    loop = ("<h2>{title}</h2>\n<ul>\n{{% for post in site.publications reversed %}}\n"
            "  {{% if post.type contains \"{value}\" %}}\n    {{% include archive-single.html %}}"
            "\n  {{% endif %}}\n{{% endfor %}}\n</ul>\n")
    poster = ("_publications/2021-06-01-dune-poster.md",
              "---\ntitle: \"dune-poster\"\ncollection: publications\n"
              "permalink: /publication/dune-poster\ndate: 2021-06-01\n"
              "venue: 'Coastal Dunes Poster Session'\ntype: posters\ntags: [dunes]\n---\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        "_pages/publications.md": "---\nlayout: archive\ntitle: Publications\npermalink: "
                                  "/publications/\n---\n" + collect + "{% include base_path %}\n"
                                  + loop.format(title="Articles", value="article"),
        **dict([_ap_pub("salt-marsh", "article"), poster]),
    })
    plan = sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages")
    plan.apply()
    own = tmp_path / "af/_pages/publications/2021-06-01-dune-poster.md"
    assert own.exists(), "the poster showed only on its own page, and keeps it"
    text = own.read_text("utf-8")
    assert "permalink: /publication/dune-poster" in text
    assert "<em>Coastal Dunes Poster Session</em>, 2021" in text
    (said,) = [f.message for f in plan.report.findings
               if f.code == "publication-page" and "dune-poster" in f.message]
    assert "none of the sections" in said
    # the listed article has no text of its own: no page
    assert not (tmp_path / "af/_pages/publications/2021-01-01-salt-marsh.md").exists()


def test_what_a_loop_over_the_publications_writes_decides_whether_it_lists_them():
    """A loop lists the publications when its body, up to its own `endfor`, writes through
    an output or a tag that writes, outside a `capture`; the page then lists every item."""
    from sitemigrate.jekyll.listings import listed_sections
    from sitemigrate.registry import get_theme
    theme = get_theme("academicpages")
    section = ("{% for post in site.publications %}{% if post.type contains \"article\" %}"
               "{% include archive-single.html %}{% endif %}{% endfor %}\n")
    full = "{% for post in site.publications %}{% include archive-single.html %}{% endfor %}"
    after_inner = ("{% for post in site.publications %}{% for t in post.tags %}{% assign n = t %}"
                   "{% endfor %}<li>{{ post.title }}</li>{% endfor %}")
    captured = ("{% for post in site.publications %}{% capture x %}{{ post.title }}"
                "{% endcapture %}{% assign n = n | plus: 1 %}{% endfor %}")
    assert listed_sections(section, "publications", theme) == [("type", "contains", "article")]
    assert listed_sections(section + full, "publications", theme) is None
    assert listed_sections(section + after_inner, "publications", theme) is None
    assert listed_sections(section + captured, "publications", theme) \
        == [("type", "contains", "article")]


def test_braces_of_a_front_matter_title_stay_visible_in_bibtex(tmp_path):
    """academicpages shows a title as written, braces too (`Tu{d,b}e`); in BibTeX a brace is
    a group that jekyll-scholar's LaTeX filter drops ("Tud,be"): they are escaped, and read
    back as the same title."""
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        "_publications/2023-01-01-tube.md": "---\ntitle: \"Tu{d,b}e: playing with agents\"\n"
                                            "collection: publications\ndate: 2023-01-01\n---\n",
    })
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    bib = (tmp_path / "af/_bibliography/papers.bib").read_text("utf-8")
    assert "title = {Tu\\{d,b\\}e: playing with agents}" in bib
    back = sitemigrate.read_site(tmp_path / "af")
    assert [p.title for p in back.publications] == ["Tu{d,b}e: playing with agents"]


def test_a_page_not_split_by_category_keeps_one_listing(tmp_path):
    """The config's `publication_category` alone does not split a page that loops over the
    publications once: it stays one listing, and no entry gains a `category` field."""
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + "publication_category:\n  manuscripts:\n    title: 'Papers'\n",
        "_pages/publications.md": "---\nlayout: archive\ntitle: Publications\npermalink: "
                                  "/publications/\n---\n{% for post in site.publications "
                                  "reversed %}\n  {% include archive-single.html %}\n{% endfor %}\n",
        **dict([_ap_categorised("salt-marsh", "manuscripts", 2019)]),
    })
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    page = (tmp_path / "af/_pages/publications.md").read_text("utf-8")
    assert [line.strip() for line in page.splitlines() if "{% bibliography" in line] \
        == ["{% bibliography %}"]
    assert "category" not in (tmp_path / "af/_bibliography/papers.bib").read_text("utf-8")


def test_sections_written_in_the_same_theme_stay_sections(tmp_path):
    """A section by a field, written by the theme it was read from, is no listing of every
    item to replace: each stays its own loop, and nothing is kept in a comment."""
    loop = ("<h2>{title}</h2>\n{{% for post in site.publications reversed %}}{{% if post.type "
            "== \"{value}\" %}}\n  {{% include archive-single.html %}}\n{{% endif %}}{{% endfor %}}\n")
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        "_pages/publications.md": "---\nlayout: archive\ntitle: Publications\npermalink: "
                                  "/publications/\n---\n" + loop.format(title="Articles",
                                                                       value="article")
                                  + loop.format(title="Press", value="press"),
        **dict([_ap_pub("salt-marsh", "article"), _ap_pub("radio-interview", "press")]),
    })
    sitemigrate.convert(src, tmp_path / "ap", to="academicpages", from_="academicpages").apply()
    body = (tmp_path / "ap/_pages/publications.md").read_text("utf-8")
    assert "{% comment %}" not in body
    assert [line.split("%}{%")[1].strip() for line in body.splitlines()
            if "for post in site.publications" in line] \
        == ['if post.type == "article" %}', 'if post.type == "press" %}']


def test_a_page_of_several_bibliographies_lists_each_item_once(tmp_path):
    site = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\ntitle: "
                                  "publications\n---\n<h2>Working papers</h2>\n{% bibliography "
                                  "-f drafts %}\n<h2>Articles</h2>\n{% bibliography -f papers %}\n",
        "_bibliography/papers.bib": entry("article", "v21", "Salt Marsh", 2021),
        "_bibliography/drafts.bib": entry("misc", "v24", "Mudflat Worms", 2024),
    })
    plan = sitemigrate.convert(site, tmp_path / "ap", to="academicpages")
    plan.apply()
    body = (tmp_path / "ap/_pages/publications.md").read_text("utf-8")
    # a section a file, under its heading: each item once, where the source listed it
    assert "{% comment %}" not in body
    assert [line.split("{% if ")[1].split(" %}")[0] for line in body.splitlines()
            if "for post in site.publications" in line] \
        == ['post.bibliography == "drafts"', 'post.bibliography == "papers"']
    assert body.index("Working papers") < body.index('"drafts"') < body.index("Articles")
    fronts = {p.name: p.read_text("utf-8") for p in (tmp_path / "ap/_publications").iterdir()}
    assert sorted(f.split("bibliography: ")[1].split("\n")[0] for f in fronts.values()) \
        == ["drafts", "papers"]


def test_pages_that_each_list_one_bib_file_list_that_files_entries_only(tmp_path):
    """A page of papers (`-f papers`) and a page of reviews (`-f reviews`), each by year:
    each lists its own file's entries in the other theme too, not every publication."""
    loop = ("<div class=\"publications\">\n{%- for y in page.years %}\n  <h2 class=\"year\">"
            "{{y}}</h2>\n  {% bibliography -f FILE -q @*[year={{y}}]* %}\n{% endfor %}\n"
            "</div>\n")
    site = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/papers.md": "---\nlayout: page\npermalink: /papers/\ntitle: Papers\n"
                            "years: [2021]\n---\n" + loop.replace("FILE", "papers"),
        "_pages/reviews.md": "---\nlayout: page\npermalink: /reviews/\ntitle: Reviews\n"
                             "years: [2023]\n---\n" + loop.replace("FILE", "reviews"),
        "_bibliography/papers.bib": entry("article", "v21", "Salt Marsh", 2021),
        "_bibliography/reviews.bib": entry("article", "v23", "Marshes Reviewed", 2023),
    })
    plan = sitemigrate.convert(site, tmp_path / "ap", to="academicpages")
    plan.apply()
    for name in ("papers", "reviews"):
        body = (tmp_path / f"ap/_pages/{name}.md").read_text("utf-8")
        assert f'{{% if post.bibliography == "{name}" %}}' in body, body
        assert "{% bibliography" not in body.split("{% comment %}")[0]
    said = [f.path for f in plan.report.findings if f.code == "bib-file-section"]
    assert sorted(said) == ["_pages/papers.md", "_pages/reviews.md"]
    # one file alone: no sections, the publications carry no file
    (site / "_bibliography/reviews.bib").unlink()
    (site / "_pages/reviews.md").unlink()
    plan = sitemigrate.convert(site, tmp_path / "ap1", to="academicpages")
    plan.apply()
    assert "post.bibliography" not in (tmp_path / "ap1/_pages/papers.md").read_text("utf-8")


# -- 5. Authors ------------------------------------------------------------------------------

def test_authors_front_matter_and_marked_citations_become_bibtex_authors(tmp_path):
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG,
        "_publications/2020-01-01-salt.md": "---\ntitle: Salt\ncollection: publications\n"
        "date: 2020-01-01\nvenue: Oikos\nauthors: \"Ana Lopes, Ilse Vantongeren\"\n---\n",
        "_publications/2021-01-01-worms.md": "---\ntitle: Worms\ncollection: publications\n"
        "date: 2021-01-01\nvenue: Oikos\ncitation: 'Ana Lopes*, Ilse Vantongeren*, and Karl "
        "Berg&#8224;. Worms. <i>Oikos</i>, 2021.'\n---\n",
        "_publications/tides.md": "---\ntitle: Tides\ncollection: publications\nyear: 2019\n"
        "venue: Oikos\nauthors: <b>Vantongeren I.</b>, Lopes A.\n---\n",
    })
    site = sitemigrate.read_site(src, "academicpages")
    by_title = {p.title: p.authors for p in site.publications}
    assert by_title["Salt"] == ["Ana Lopes", "Ilse Vantongeren"]
    assert by_title["Tides"] == ["Vantongeren, I.", "Lopes, A."]
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    bib = (tmp_path / "af/_bibliography/papers.bib").read_text("utf-8")
    assert "author = {Ana Lopes and Ilse Vantongeren}" in bib
    assert "author = {Ana Lopes and Ilse Vantongeren and Karl Berg}" in bib
    assert "author = {Vantongeren, I. and Lopes, A.}" in bib and "year = {2019}" in bib


# -- 4. Collections and subfolders -----------------------------------------------------------

def test_a_collections_subfolder_item_is_an_item_of_its_own(tmp_path):
    src = write(tmp_path / "src", {
        "_config.yml": AP_CONFIG + "  portfolio:\n    output: true\n"
                                   "    permalink: /:collection/:path/\n",
        "_portfolio/estuary.md": "---\ntitle: Estuary survey\ncollection: portfolio\n---\n"
                                 "Counting worms.\n",
        "_portfolio/fr/estuary.md": "---\ntitle: Relevé de l'estuaire\ncollection: portfolio\n"
                                    "lang: fr\n---\nCompter les vers.\n",
    })
    site = sitemigrate.read_site(src, "academicpages")
    assert sorted(i.slug for i in site.projects) == ["estuary", "fr/estuary"]
    sitemigrate.convert(src, tmp_path / "af", to="al-folio", from_="academicpages").apply()
    assert "Counting worms." in (tmp_path / "af/_projects/estuary.md").read_text("utf-8")
    assert "Compter les vers." in (tmp_path / "af/_projects/fr/estuary.md").read_text("utf-8")


# -- 7. A single page of a theme -------------------------------------------------------------

def test_a_lone_al_folio_about_page_is_read_as_al_folios(tmp_path):
    page = write(tmp_path / "src", {
        "about.md": "---\nlayout: about\ntitle: about\npermalink: /\nsubtitle: Tidal Institute"
                    ", Ghent\nredirect_from:\n  - /home/\nprofile:\n  align: right\n  image: "
                    "prof_pic.jpg\n  image_circular: false\nnews: false\n---\n\nI study "
                    "**mudflats**.\n",
    }) / "about.md"
    report = Report()
    site = sitemigrate.read_site(page, report=report)
    assert site.identity.display_name() == ""           # `about` is no one's name
    assert any(f.code == "name-missing" for f in report.findings)
    about = site.page("about")
    assert about is not None and about.features.subtitle == "Tidal Institute, Ghent"
    assert about.redirect_from == ["/home/"]
    assert site.identity.avatar == "/assets/img/prof_pic.jpg"
    plan = sitemigrate.convert(page, tmp_path / "ap", to="academicpages")
    plan.apply()
    assert "/home/" in (tmp_path / "ap/_pages/about.md").read_text("utf-8")
    assert "Tidal Institute, Ghent" in (tmp_path / "ap/_config.yml").read_text("utf-8")
    assert any("prof_pic.jpg" in f.message for f in plan.report.findings)


def test_marks_and_invisible_characters_are_no_part_of_a_name():
    from sitemigrate.formats import citation as cite
    owner = ("Ilse", "Vantongeren")
    assert cite.citation_authors("\ufeffLopes, A.*, Vantongeren, I.\u2021 (2020). Salt.",
                                 owner) == (["Lopes, A.", "Vantongeren, I."], None)
    assert cite.citation_authors("Ana Lopes&dagger;, Ilse Vantongeren&#8224;. Salt. "
                                 "<i>Oikos</i>.", owner) == (["Ana Lopes", "Ilse Vantongeren"],
                                                             None)


def test_a_file_listed_in_a_loop_that_counts_first_is_its_files_listing(tmp_path):
    """Sections by file whose tag sits in a loop over the years that counts each year's
    entries first (`bibliography_count`, which prints nothing: the count only decides
    whether the year shows): each loop is its file's listing, replaced by the target's
    listing of that file, so each item shows once, in its own section."""
    loop = ("### NAME\n<div class=\"publications\">\n{%- for y in page.years %}\n"
            "  {%- capture n -%}{%- bibliography_count -f FILE -q @*[year={{y}}]* -%}"
            "{%- endcapture -%}\n  {%- if n != \"0\" %}\n  <h2>{{y}}</h2>\n"
            "  {% bibliography -f FILE -q @*[year={{y}}]* %}\n  {%- endif -%}\n{% endfor %}\n"
            "</div>\n")
    site = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\ntitle: "
                                  "publications\nyears: [2021, 2024]\n---\n"
                                  + loop.replace("NAME", "Preprints").replace("FILE", "drafts")
                                  + loop.replace("NAME", "Articles").replace("FILE", "papers"),
        "_bibliography/papers.bib": entry("article", "v21", "Salt Marsh", 2021),
        "_bibliography/drafts.bib": entry("misc", "v24", "Mudflat Worms", 2024),
    })
    sitemigrate.convert(site, tmp_path / "ap", to="academicpages").apply()
    body = (tmp_path / "ap/_pages/publications.md").read_text("utf-8")
    shown = "".join(part.split("{% endraw %}{% endcomment %}")[-1]
                    for part in body.split("{% comment %}"))
    assert shown.count("for post in site.publications") == 2, body
    assert shown.index("Preprints") < shown.index('post.bibliography == "drafts"') \
        < shown.index("Articles") < shown.index('post.bibliography == "papers"'), body


def test_a_post_dated_with_a_time_and_offset_is_the_day_of_the_build_s_time_zone(tmp_path):
    """`date: 2019-04-01 00:00:00+08:00`: Psych reads the instant, in the build's local time
    (the site's `timezone`, else UTC, as GitHub Pages builds), and the post's page shows
    that day: 31 March in UTC, 1 April where the site builds in Shanghai. The date written
    for the new site (a day alone) is the day the old site showed."""
    post = "---\nlayout: post\ntitle: Tides\ndate: 2019-04-01 00:00:00+08:00\n---\nText.\n"
    for zone, day in (("", "2019-03-31"), ("timezone: Asia/Shanghai\n", "2019-04-01")):
        root = tmp_path / (zone[:4] or "utc")
        site = sitemigrate.read_site(write(root, {
            "_config.yml": "title: blank\nfirst_name: Ada\nlast_name: Quill\n" + zone,
            "_posts/2019-04-01-tides.md": post}), "al-folio", Report())
        assert [p.date for p in site.posts] == [day], zone


def test_a_branch_that_tests_a_key_the_page_sets_false_runs_not():
    """`{% if page.selected_papers %}` runs unless the page's value is nil or false, as
    Liquid reads it; a dotted key below a plain value (`latest_posts: false`, then
    `.enabled`) is nil; a key the page does not set (a default may) is not decided."""
    from sitemigrate.jekyll.branches import PageFacts, runs_at
    layout = ("{% if page.selected_papers %}<h2>papers</h2>{% endif %}\n"
              "{% if page.latest_posts.enabled %}<h2>posts</h2>{% endif %}\n"
              "{% unless page.social %}<p>no icons</p>{% endunless %}\n")
    at = {word: layout.index(f">{word}<") for word in ("papers", "posts", "no icons")}

    def shown(front):
        return {w for w, i in at.items() if runs_at(layout, i, PageFacts(None, front))}
    assert shown({"selected_papers": False, "latest_posts": False, "social": True}) == set()
    assert shown({"selected_papers": 0, "latest_posts": {"enabled": True}, "social": None}) \
        == {"papers", "posts", "no icons"}
    assert shown({}) == {"papers", "posts", "no icons"}


@pytest.mark.parametrize(("url", "baseurl", "shown"), [
    ("https://quill.example.org/", "", "/files/cv.pdf"),
    ("https://quill.example.org", "/site/", "/files/cv.pdf"),
    ("https://quill.example.org", "", "files/cv.pdf")])
def test_a_menu_entry_without_its_leading_slash_is_read_as_the_masthead_joins_it(
        tmp_path, url, baseurl, shown):
    """academicpages' masthead links an entry that names no `http` address as `url` and
    `baseurl` followed by the entry's `url`, as written: where those end in `/`, an entry
    written without its leading `/` is the site's own path; where they do not, it was
    joined to the host's name (no page of the site), and is read as written."""
    report = Report()
    site = sitemigrate.read_site(write(tmp_path, {
        "_config.yml": f'title: "Odile Marchetti"\nurl: "{url}"\nbaseurl: "{baseurl}"\n'
                       'author:\n  name: "Odile Marchetti"\n',
        "_data/navigation.yml": 'main:\n  - title: "Talks"\n    url: /talks/\n'
                                '  - title: "CV"\n    url: files/cv.pdf\n',
        "_pages/about.md": "---\npermalink: /\ntitle: About\n---\nI map lichens.\n",
        "files/cv.pdf": "%PDF-1.4\n",
    }), "academicpages", report)
    assert [(n.title, n.url) for n in site.navigation] == [("Talks", "/talks/"), ("CV", shown)]
