"""Upgrading an al-folio site whose project page lists a `.bib` file of its own (`{%
bibliography --file F %}`): the new site's one `papers.bib` holds every entry, and the
project's listing selects the entries of F by a field each of them carries, under a name
bibtex-ruby reads as a field (`bibliography` is the entry's own file object there, never a
field: a query on it lists nothing). Invented people and papers."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from test_unseen_alfolio_listings import TIDES_BIB

import sitemigrate
from sitemigrate.formats.bibtex import parse_bib

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_a_projects_own_bib_file_is_listed_by_a_field_its_entries_carry(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_bibliography/tides.bib").write_text(TIDES_BIB)
    project = src / "_projects/1_project.md"
    project.write_text(project.read_text() + "\n**Papers**\n\n<div class=\"publications\">\n"
                       "{% bibliography --file tides %}\n</div>\n")
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    body = (tmp_path / "out/_projects/1_project.md").read_text("utf-8")
    [(field, value)] = re.findall(r"\{%\s*bibliography\s+-q\s+@\*\[(\w+)=([\w.-]+)\]", body)
    assert field != "bibliography", body
    entries = parse_bib((tmp_path / "out/_bibliography/papers.bib").read_text("utf-8")).entries
    listed = {e.fields.get("title") for e in entries if e.fields.get(field) == value}
    assert listed == {"Scheduling Around the Tides"}, (field, value, listed)
