"""A CV span that starts and ends on the same date (a JSON Resume `startDate` equal to its
`endDate`, a RenderCV `start_date` equal to its `end_date`) is written as that one date where
sitemigrate writes the CV's dates as text: `2018-04`, not `2018-04 – 2018-04`. Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

import sitemigrate
from sitemigrate.formats import cvmarkdown, jsonresume
from sitemigrate.themes.alfolio.cv import _as_bullet

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

RENDERCV = """cv:
  name: Ilse Vantongeren
  sections:
    Experience:
      - company: Example Fen Observatory
        position: Summer Fellow
        start_date: Summer 2015
        end_date: Summer 2015
      - company: Example Delta Institute
        position: Research Assistant
        start_date: "2016"
        end_date: "2019"
"""


def test_a_span_of_one_date_is_that_date():
    fellow = jsonresume.entry_from("work", {"name": "Example Fen Observatory",
                                            "position": "Summer Fellow",
                                            "startDate": "2018-04", "endDate": "2018-04"})
    assert jsonresume.display_year(fellow) == "2018-04"
    assert cvmarkdown.render_entry(fellow, "time_table")[0] == "* 2018-04: Summer Fellow"
    assert jsonresume.display_year({"start": "2016", "end": "2019"}) == "2016 – 2019"
    assert jsonresume.display_year({"start": "2016"}) == "2016 – present"
    assert _as_bullet({"name": "Ringing week", "start_date": "2014",
                       "end_date": "2014"})["bullet"] == "Ringing week — 2014"
    assert _as_bullet({"name": "Ringing weeks", "start_date": "2014",
                       "end_date": "2015"})["bullet"] == "Ringing weeks — 2014–2015"


def test_the_markdown_cv_writes_a_one_date_span_once(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_data/cv.yml").write_text(RENDERCV)
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "* Summer 2015: Summer Fellow" in cv.splitlines()
    assert "Summer 2015 – Summer 2015" not in cv
    assert "* 2016 – 2019: Research Assistant" in cv.splitlines()
