"""The folder a publication's file link names a file in is the one the site's own
bibliography layout puts in front of the field's value, not al-folio's default folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES

import sitemigrate

# an owner's bib layout of the 2020-23 generation: slides live in a folder of their own
OWN_BIB = """---
---
<div id="{{ entry.key }}"><span class="title">{{ entry.title }}</span>
{% if entry.pdf %}<a href="{{ entry.pdf | prepend: '/assets/pdf/' | relative_url }}">PDF</a>
{% endif %}{% if entry.slides %}<a href="{{ entry.slides | prepend: '/assets/talks/' }}">
slides</a>{% endif %}
</div>
"""


def _site(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/bib.html").write_text(OWN_BIB)
    (src / "assets/talks").mkdir(parents=True)
    (src / "assets/talks/harbour-ice.pdf").write_bytes(b"%PDF-1.4 slides\n")
    bib = src / "_bibliography/papers.bib"
    bib.write_text(bib.read_text().replace("@inproceedings{halvorsen2021ice,",
                                           "@inproceedings{halvorsen2021ice,\n"
                                           "  slides = {harbour-ice.pdf},", 1))
    return src


def _front(path: Path) -> dict:
    return yaml.safe_load(path.read_text().split("---")[1])


def test_slides_are_found_in_the_folder_the_owners_bib_layout_prefixes(tmp_path):
    """`{{ entry.slides | prepend: '/assets/talks/' }}`: `slides={harbour-ice.pdf}` is the
    file `assets/talks/harbour-ice.pdf`; it is carried and linked, not reported missing from
    `assets/pdf/`. The `pdf` field keeps al-folio's folder."""
    src = _site(tmp_path)
    dest = tmp_path / "out"
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    missing = [f.message for f in plan.report.findings if f.code == "missing-file"]
    assert not [m for m in missing if "harbour-ice" in m or "buoys" in m]
    pubs = {p.name: _front(p) for p in (dest / "_publications").glob("*.md")}
    ice = next(front for front in pubs.values() if front.get("slidesurl"))
    assert (dest / ice["slidesurl"].lstrip("/")).read_bytes() == b"%PDF-1.4 slides\n"
    buoys = next(front for front in pubs.values() if "buoys" in str(front.get("paperurl")))
    assert (dest / buoys["paperurl"].lstrip("/")).is_file()


def test_an_upgrade_puts_the_slides_where_the_new_bib_layout_looks_for_them(tmp_path):
    """Onto a checkout whose bib layout looks for `slides` in `assets/pdf/`, the entry keeps
    `slides={harbour-ice.pdf}` and the file lands in `assets/pdf/`, where the new layout
    links it (not below a copy of the old folder's name)."""
    from sitemigrate.formats.bibtex import parse_bib
    src = _site(tmp_path)
    dest = tmp_path / "out"
    shutil.copytree(src, dest)  # a checkout of the same theme: its own files stay
    shutil.rmtree(dest / "assets/talks")
    (dest / "_layouts/bib.html").unlink()
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    entries = {e.key: e for e in parse_bib((dest / "_bibliography/papers.bib").read_text())
               .entries}
    assert entries["halvorsen2021ice"].fields["slides"] == "harbour-ice.pdf"
    assert (dest / "assets/pdf/harbour-ice.pdf").read_bytes() == b"%PDF-1.4 slides\n"
