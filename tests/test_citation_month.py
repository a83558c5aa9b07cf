"""The month an academicpages publication's citation names, on al-folio. academicpages'
list shows the year of a publication's `date:` and its `citation:`; al-folio's shows the
entry's `month` beside its year. Invented people and text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import sitemigrate
from sitemigrate.formats.bibtex import parse_bib
from sitemigrate.formats.citation import citation_authors, citation_details, citation_month

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.parametrize("citation, year, month", [
    ("Vale, I. (2020, April). Fens. <i>Wet Places</i>.", 2020, 4),      # APA, as written
    ("Vale, I. (2020, Apr. 15). Fens.", 2020, 4),                        # for al-folio's list
    ("Vale, Iris. \"Fens.\" <i>Wet Places</i>, March 2017.", 2017, 3),
    ("Vale, Iris. \"Fens.\" <i>Wet Places</i>, Sept. 3, 2019.", 2019, 9),
    ("Vale, Iris. Fens. Wet Places, 3 June 2019.", 2019, 6),
    ("Vale, I. (2020). Fens. <i>Wet Places</i>.", 2020, None),          # no month named
    ("Vale, I. (2021, April). Fens.", 2020, None),                       # not the entry's year
    ("Vale, I. (2020). The Fens of May 2020. <i>Wet Places</i>.", 2020, None),  # its title
    ("Vale, I. (2020, Mayday). Fens.", 2020, None),
])
def test_the_month_a_citation_names_beside_its_year(citation, year, month):
    assert citation_month(citation, year, "The Fens of May 2020") == month


def test_an_apa_citation_with_its_month_still_names_its_authors():
    """`(2020, April).` ends the author list as `(2020).` does (the form the citation of an
    entry al-folio listed with its month is written in)."""
    got = citation_authors("Vale, I. and Reed, O. (2020, April). &quot;Fens.&quot; "
                           "<i>Wet Places</i>.", ("Iris", "Vale"), "Fens")
    assert got == (["Vale, I.", "Reed, O."], None)
    # the month beside the year is no detail the entry would lose
    mla = "Vale, Iris. Fens. <i>Wet Places</i>, March 2017."
    assert citation_details(mla, "Wet Places", 2017, 3) == ""
    assert citation_details(mla, "Wet Places", 2017) == "March 2017"  # where it is not


def _publication(src: Path, name: str, date: str, title: str, citation: str) -> None:
    (src / "_publications" / f"{name}.md").write_text(
        f"---\ntitle: \"{title}\"\ncollection: publications\ncategory: manuscripts\n"
        f"permalink: /publication/{name}\ndate: {date}\nvenue: 'Journal of Wet Places'\n"
        f"citation: '{citation}'\n---\n")


def test_al_folio_shows_the_month_the_citation_named(tmp_path):
    """academicpages showed the year of `date:` and the citation: al-folio shows the month
    the citation names (`month`), also where the date is `-01-01`; a date's own month the
    old page did not show is not shown either, nor a citation's month the date contradicts."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _publication(src, "2020-04-15-fens", "2020-04-15", "Fens in Spring",
                 "Lindqvist, T. and Berg, A. (2020, April). &quot;Fens in Spring.&quot; "
                 "<i>Journal of Wet Places</i>.")
    _publication(src, "2022-01-01-heath", "2022-01-01", "Heath",
                 "Lindqvist, T. (2022, January). &quot;Heath.&quot; <i>Journal of Wet "
                 "Places</i>.")
    _publication(src, "2019-06-10-bog", "2019-06-10", "Bog",
                 "Lindqvist, T. (2019). &quot;Bog.&quot; <i>Journal of Wet Places</i>.")
    _publication(src, "2025-06-01-marsh", "2025-06-01", "Marsh",  # a month of another event
                 "Lindqvist T. Marsh. Accepted at the Journal of Wet Places in April 2025.")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    entries = {e.key: e for e in parse_bib(
        (tmp_path / "out/_bibliography/papers.bib").read_text()).entries}
    fens, heath, bog = (entries[k] for k in ("2020-04-15-fens", "2022-01-01-heath",
                                             "2019-06-10-bog"))
    assert (fens.fields["year"], fens.fields["month"]) == ("2020", "apr")
    assert fens.persons["author"] == ["Lindqvist, T.", "Berg, A."]
    assert "note" not in fens.fields  # the citation's authors were read
    assert (heath.fields["year"], heath.fields["month"]) == ("2022", "jan")
    assert "month" not in bog.fields and bog.fields["year"] == "2019"
    # the citation's month and the date's differ: the old page never said which was its own
    assert "month" not in entries["2025-06-01-marsh"].fields
