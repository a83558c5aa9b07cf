"""What academicpages' publication list and page show of an al-folio entry: the venue line
("Published in <venue>, <year>", printed for every item), the picture al-folio's list showed
beside an entry, and the entry's own fields as front matter. Invented people throughout."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

import sitemigrate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _convert(tmp_path: Path, entries: str, picture: bool = False):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    with (src / "_bibliography/papers.bib").open("a") as fh:
        fh.write("\n" + entries)
    if picture:
        folder = src / "assets/img/publication_preview"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "heron.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages")
    return plan, {k: v.decode() for k, v in plan.files.items() if k.startswith("_publications/")}


def _one(written: dict[str, str], title: str) -> tuple[str, dict, str]:
    [(path, text)] = [(k, v) for k, v in written.items() if title in v]
    _, front, body = text.split("---\n", 2)
    return path, yaml.safe_load(front) or {}, body


def test_the_note_al_folio_showed_is_the_venue_of_an_entry_that_names_none(tmp_path):
    """al-folio's list shows an entry's `note` on the line under its venue and year; an
    entry naming no venue (no journal, book title, school, publisher ...) got no `venue`, so
    academicpages' list printed "Published in , 2019" and the note as its excerpt. Its note
    is its venue now, once; an entry with neither is said to show an empty venue, by name."""
    plan, written = _convert(
        tmp_path,
        "@misc{roe2019stones, title = {Stones Under Review}, author = {Roe, Pia},\n"
        " note = {Under review at Invented Letters}, year = {2019}}\n"
        "@misc{roe2019bare, title = {A Bare Note}, author = {Roe, Pia}, year = {2019}}\n"
        "@book{roe2019bark, title = {A Book of Bark}, author = {Roe, Pia},\n"
        " publisher = {Invented Press}, note = {Second edition}, year = {2019}}\n")
    _, stones, body = _one(written, "Stones Under Review")
    assert stones["venue"] == "Under review at Invented Letters"
    assert "Under review" not in body  # not a second time, as the excerpt of the list
    _, bark, body = _one(written, "A Book of Bark")
    assert bark["venue"] == "Invented Press" and "Second edition" in body
    path, bare, _ = _one(written, "A Bare Note")
    assert "venue" not in bare
    [said] = [f for f in plan.report.findings if f.code == "no-venue"]
    assert "roe2019bare" in said.message and "Published in , 2019" in said.message
    assert path in said.message and said.path == "_bibliography/papers.bib" and said.line
    assert said.outcome == "lost"  # what the target shows, not a fault of the entry


def test_a_preview_is_shown_on_the_publication_s_page_and_said_lost_from_the_list(tmp_path):
    """al-folio's list shows an entry's `preview` picture beside it; academicpages' list
    shows no picture of an item, and no layout reads a `preview:` key (it was written, and
    the report said only that the picture was copied). The picture is at the end of the
    publication's own page, the list's excerpt stays what it was, and the report names the
    picture the list no longer shows, at the entry's line."""
    plan, written = _convert(
        tmp_path,
        "@article{roe2020herons, title = {Herons at Noon}, author = {Roe, Pia},\n"
        " journal = {Invented Birds}, year = {2020}, preview = {heron.png},\n"
        " code = {https://example.org/herons}}\n"
        "@article{roe2021egrets, title = {Egrets}, author = {Roe, Pia},\n"
        " journal = {Invented Birds}, year = {2021}, preview = {heron.png},\n"
        " abstract = {We count egrets.}}\n"
        "@article{roe2022ibis, title = {Ibis}, author = {Roe, Pia},\n"
        " journal = {Invented Birds}, year = {2022}, preview = {heron.png}}\n", picture=True)
    picture = "<img src=\"{{ '/images/publication_preview/heron.png' | relative_url }}\""
    path, herons, body = _one(written, "Herons at Noon")
    assert "preview" not in herons and "excerpt" not in herons
    first, _, rest = body.partition("\n\n")  # Jekyll's excerpt: the links, as before
    assert "herons" in first and picture not in first and picture in rest
    _, egrets, body = _one(written, "Egrets")
    assert egrets["excerpt"] == "We count egrets." and body.rstrip().endswith('alt="Egrets">')
    _, ibis, body = _one(written, "Ibis")
    assert ibis["excerpt"] == "" and body.startswith(picture)  # the list showed no text
    assert "images/publication_preview/heron.png" in plan.copies
    said = [f for f in plan.report.findings if f.code == "publication-preview"]
    assert len(said) == 3 and said[0].outcome == "lost"
    assert "roe2020herons" in said[0].message and "heron.png" in said[0].message
    assert path in said[0].message and said[0].path == "_bibliography/papers.bib"
    assert said[0].line and said[0].line > 1


def test_a_field_no_liquid_can_name_is_no_front_matter(tmp_path):
    """`%bibtex_show={false},` (a line meant as a comment) is a field named `%bibtex_show`
    for bibtex-ruby, reported as such; it was written as front matter `'%bibtex_show':
    false`, a key no layout and no `page.x` of Liquid reads. It stays in the entry's .bib
    only; the fields of al-folio's own after it are carried as before."""
    _, written = _convert(
        tmp_path,
        "@article{roe2023moss, title = {Moss Again}, author = {Roe, Pia},\n"
        " journal = {Invented Botany}, year = {2023},\n"
        " %bibtex_show={false},\n"
        " abbr = {IB}, award-name = {Best Moss}}\n")
    _, front, _ = _one(written, "Moss Again")
    assert not [k for k in front if "%" in k]
    assert front["abbr"] == "IB" and front["award-name"] == "Best Moss"
