"""A talk of a `.bib` that gives only its year, or its year and month, written into a theme
whose list of talks and talk pages print the day of a date (academicpages: `%B %d, %Y`):
the target would show `January 01, 2024`, a day the talk never had; each such talk is one
finding at its entry, saying what the target shows and what to write (issue 31: "a summary
never says a page shows something it does not show"). Invented people throughout."""

from __future__ import annotations

from pathlib import Path

from test_checkout import _convert, academicpages_checkout
from test_read_rules import ALFOLIO_CONFIG, read, write

from sitemigrate.ir import to_json

PUBLICATIONS = ("---\nlayout: page\npermalink: /publications/\ntitle: Publications\nnav: true\n"
                "---\n<h2>Papers</h2>\n{% bibliography %}\n\n<h2>Talks</h2>\n"
                "{% bibliography -f talks %}\n")
PAPERS = ("---\n---\n@article{v21,\n  title={Salt Marsh},\n  author={Vantongeren, Ilse},\n"
          "  journal={Tidal Letters},\n  year={2021},\n}\n")
TALKS = """---
---
@misc{heron24,
  title = {Herons of the Polder},
  year = {2024},
  eventtitle = {Polder Days},
}

@misc{eel23,
  title = {Eels Upstream},
  year = {2023},
  month = {Mar},
  eventtitle = {River Forum},
}

@misc{reed22,
  title = {Reed Beds at Dusk},
  year = {2022},
  month = {Jun},
  day = {14},
  eventtitle = {Wetland Meeting},
}
"""
# what academicpages' own list item and talk layout print (facts: the filter and its form)
DAY_ITEM = ("{% if post.date %}<p class=\"page__meta\">{{ post.date | date: '%B %d, %Y' }}"
            "</p>{% endif %}\n{{ post.title }}\n")
DAY_LAYOUT = ("---\nlayout: default\n---\n<meta itemprop=\"datePublished\" content=\"{{ page.date"
              " | date: \"%B %d, %Y\" }}\">\n<time datetime=\"{{ page.date | date_to_xmlschema }}\">"
              "{{ page.date | date: \"%B %d, %Y\" }}</time>\n{{ content }}\n")


def _site(root: Path) -> Path:
    return write(root, {"_config.yml": ALFOLIO_CONFIG, "_pages/publications.md": PUBLICATIONS,
                        "_bibliography/papers.bib": PAPERS, "_bibliography/talks.bib": TALKS})


def _checkout(root: Path, item: str, layout: str) -> Path:
    dest = academicpages_checkout(root)
    (dest / "_includes/archive-single-talk.html").write_text(item)
    (dest / "_layouts/talk.html").write_text(layout)
    return dest


def test_a_talk_entry_keeps_how_much_of_its_date_it_gave(tmp_path):
    site, _ = read(_site(tmp_path))
    known = {t.title: (t.date, t.date_known) for t in site.talks}
    assert known == {"Herons of the Polder": ("2024-01-01", "year"),
                     "Eels Upstream": ("2023-03-01", "month"),
                     "Reed Beds at Dusk": ("2022-06-14", "day")}
    talks = to_json(site)["site"]["talks"]
    assert sorted(t["date_known"] for t in talks) == ["day", "month", "year"]


def test_a_day_the_talk_never_had_is_said_at_its_entry(tmp_path):
    src = _site(tmp_path / "src")
    dest = _checkout(tmp_path / "checkout", DAY_ITEM, DAY_LAYOUT)
    plan = _convert(src, dest, "academicpages")
    found = [f for f in plan.report.findings if f.code == "talk-day"]
    assert [(f.path, f.line) for f in found] == [("_bibliography/talks.bib", 3),
                                                 ("_bibliography/talks.bib", 9)]
    heron, eel = found[0].message, found[1].message
    assert "only its year (2024)" in heron and "`January 01, 2024`" in heron
    assert "`_talks/herons-of-the-polder.md`" in heron
    assert "`_includes/archive-single-talk.html`" in heron and "layout `talk`" in heron
    assert "only its month (March 2023)" in eel and "`March 01, 2023`" in eel
    # the date is written as before, and what the IR knew of it is no front matter
    heron_md = (dest / "_talks/herons-of-the-polder.md").read_text()
    assert "date: 2024-01-01" in heron_md and "date_known" not in heron_md
    assert not any("date_known" in p.read_text() for p in (dest / "_talks").glob("*.md"))


def test_no_finding_where_the_target_prints_no_day(tmp_path):
    src = _site(tmp_path / "src")
    year_item = "{{ post.title }} {{ post.date | date: '%Y' }}\n"
    # (a day printed only inside a tag's attribute is no text a visitor reads)
    layout = ("---\nlayout: default\n---\n<meta content=\"{{ page.date | date: '%B %d, %Y' }}\">"
              "\n{{ content }}\n")
    dest = _checkout(tmp_path / "checkout", year_item, layout)
    plan = _convert(src, dest, "academicpages")
    assert not [f for f in plan.report.findings if f.code == "talk-day"]


def test_without_a_checkout_the_themes_own_form_decides(tmp_path):
    plan = _convert(_site(tmp_path / "src"), tmp_path / "out", "academicpages")
    found = [f for f in plan.report.findings if f.code == "talk-day"]
    assert len(found) == 2 and "`January 01, 2024`" in found[0].message
