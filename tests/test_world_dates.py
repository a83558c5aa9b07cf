"""Month and season names of other languages (French, German, Spanish, Italian) are dates
where the owner's text is read as dates (a CV line, a news line), as English ones are; a
front-matter date stays as Jekyll (Ruby's ``Time.parse``) reads it. Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

from ruamel.yaml import YAML

import sitemigrate
from sitemigrate.dates import PartialDate, jekyll_date, parse_date
from sitemigrate.formats import cvmarkdown
from sitemigrate.formats.content import extract_news
from sitemigrate.registry import Options

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

CV_PAGE = """---
layout: archive
title: "CV"
permalink: /cv/
author_profile: true
---

Expérience
======
* 2016-2019 : **Atelier Lumen**
  * Responsable de l'atelier
* Été 2018 : **Studio Brume**
  * Technologue audio
* Eté 2017 : **Collectif Marée**
  * Stagiaire
* automne 2016 : **Chorale du Quai**
  * Accompagnateur
"""


def test_world_month_and_season_names_are_dates():
    assert parse_date("Été 2018") == (PartialDate(2018, 6), None)
    assert parse_date("Eté 2017") == (PartialDate(2017, 6), None)
    assert parse_date("automne 2016") == (PartialDate(2016, 9), None)
    assert parse_date("Hiver 2019") == (PartialDate(2019, 12), None)
    assert parse_date("Mai 2021") == (PartialDate(2021, 5), None)
    assert parse_date("août 2019") == (PartialDate(2019, 8), None)
    assert parse_date("12 juin 2020") == (PartialDate(2020, 6, 12), None)
    assert parse_date("noviembre de 2025") == (PartialDate(2025, 11), None)
    assert parse_date("Giugno 2019") == (PartialDate(2019, 6), None)
    assert parse_date("Dezember 2020") == (PartialDate(2020, 12), None)
    # English ones as before
    assert parse_date("Summer 2015") == (PartialDate(2015, 6), None)
    assert parse_date("Sept. 2019") == (PartialDate(2019, 9), None)
    assert parse_date("March 5, 2019") == (PartialDate(2019, 3, 5), None)
    assert parse_date("Wednesday 2019") is None
    # Jekyll reads none of these (a season, a month Ruby does not know): its build stops
    assert jekyll_date("Mai 2021") is None and jekyll_date("Été 2018") is None
    assert jekyll_date("janvier 2019") == PartialDate(2019, 1)  # Ruby: `jan...`


def test_a_news_line_dated_in_french_is_a_dated_item():
    found = extract_news("## News\n- Mai 2021 : Un exposé à Lyon.\n"
                         "- *Été 2020* : Un poster à Gand.\n", "_pages/about.md")
    assert [i.date for i in found.items] == ["2021-05-01", "2020-06-01"]


def test_a_cv_line_dated_by_a_french_season_is_a_dated_entry(tmp_path):
    assert cvmarkdown.split_entry("Été 2018 : **Studio Brume**") == {
        "title": "Studio Brume", "year": "Été 2018"}
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/cv.md").write_text(CV_PAGE, "utf-8")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio",
                               options=Options(generation="2024-25"))
    classic = {s["title"]: s for s in YAML(typ="safe").load(plan.files["_data/cv.yml"].decode())}
    rows = [(r.get("title"), r.get("year")) for r in classic["Expérience"]["contents"]]
    assert rows == [("Atelier Lumen", "2016-2019"), ("Studio Brume", "Été 2018"),
                    ("Collectif Marée", "Eté 2017"), ("Chorale du Quai", "automne 2016")]


def test_a_month_with_a_comma_before_its_year_dates_a_cv_line():
    """`September, 2019- November, 2022: Teaching Assistant`: a month's name with a comma
    before its year is a date, as `September 2019` is, so the line is a dated entry (its
    span, then its role); another word before a comma and a year is no date but a place."""
    assert cvmarkdown.split_entry("September, 2019- November, 2022: Teaching Assistant",
                                  "experience") == {"title": "Teaching Assistant",
                                                    "year": "September, 2019- November, 2022"}
    assert cvmarkdown.split_entry("June, 2024-Present: Lecturer", "experience") == {
        "title": "Lecturer", "year": "June, 2024-Present"}
    assert cvmarkdown.split_entry("Lecturer, Seville, 2019", "experience") == {
        "title": "Lecturer", "institution": "Seville", "year": "2019"}
