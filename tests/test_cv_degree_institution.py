"""A Markdown CV's education line that names the degree by its abbreviation and then the
institution whose name ends with its kind (`B.Eng. Fenwick Polytechnic University, Arlow,
Norland, 2009`): the institution is the name after the degree, and the places after it are
where it is, as for `M.Sc. University of Arlow` (issue #31). Invented places."""

from __future__ import annotations

from sitemigrate.formats.cvmarkdown import split_entry


def test_a_name_ending_with_university_after_the_degree_is_the_institution():
    entry = split_entry("B.Eng. Fenwick Polytechnic University, Arlow, Norland, 2009",
                        "education")
    assert entry["institution"] == "Fenwick Polytechnic University"
    assert entry["location"] == "Arlow, Norland" and entry["year"] == "2009"
    assert entry["extra"] == {"studyType": "B.Eng."}


def test_a_subject_after_the_degree_stays_the_degree():
    entry = split_entry("B.Sc. Plant Ecology, Fenwick University, 2001", "education")
    assert entry["title"] == "B.Sc. Plant Ecology"
    assert entry["institution"] == "Fenwick University"
