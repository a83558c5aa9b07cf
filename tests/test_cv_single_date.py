"""Upgrading a 2020-23 al-folio CV (`_data/cv.yml`) onto a checkout whose CV layout prints
an entry's dates from RenderCV's `start_date` and `end_date`, joined as `start - end`: a job
of a single year (`year: 2014`) is written with that year as its start and its end, not as
an end alone (which such a layout shows as ` - 2014`), and the report says so."""

from __future__ import annotations

from pathlib import Path

import sitemigrate

CV = ("- title: Work Experience\n  type: time_table\n  contents:\n"
      "    - title: Harbour Pilot\n      institution: Port of Vellmar\n      year: 2014\n"
      "    - title: Lock Keeper\n      institution: Vellmar Canal Trust\n"
      "      year: 2015-2019\n")
SRC = {"_config.yml": "title: blank\nfirst_name: Oda\nlast_name: Strand\n"
                      "enable_masonry: true\n",
       "_pages/cv.md": "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\n---\n",
       "_pages/about.md": "---\nlayout: about\npermalink: /\ntitle: about\n---\n"
                         "Oda charts the tides of small canals.\n",
       "_data/cv.yml": CV}
# DEST's CV layout (invented): it reads RenderCV's sections, dates joined as `start - end`
DEST = {"_config.yml": "title: blank\nal_folio: {}\n",
        "_layouts/cv.liquid": "---\nlayout: default\n---\n{% for s in site.data.cv.cv.sections %}"
                              "{% assign entries = s[1] %}{% include cv/experience.liquid %}"
                              "{% endfor %}\n",
        "_includes/cv/experience.liquid": "{% for entry in entries %}{{ entry.start_date }} - "
                                          "{{ entry.end_date }} {{ entry.position }}"
                                          "{% endfor %}\n"}


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, "utf-8")
    return root


def test_a_single_year_is_the_start_and_the_end_where_the_layout_joins_them(tmp_path):
    plan = sitemigrate.convert(_write(tmp_path / "src", SRC), _write(tmp_path / "out", DEST),
                               to="al-folio")
    plan.apply()
    cv = (tmp_path / "out/_data/cv.yml").read_text("utf-8")
    pilot = cv[cv.index("Harbour Pilot"):cv.index("Lock Keeper")]
    assert "start_date: '2014'" in pilot and "end_date: '2014'" in pilot
    keeper = cv[cv.index("Lock Keeper"):]
    assert "start_date: '2015'" in keeper and "end_date: '2019'" in keeper
    said = [f.message for f in plan.report.findings if f.code == "cv-date"]
    assert len(said) == 1 and "`2014`" in said[0]
