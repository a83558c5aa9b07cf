"""An entry of the template's example CV left among an owner's own CV entries (the example
person's paper in the owner's JSON Resume) was on the owner's CV page, shown as theirs: it is
carried as the page showed it, and the owner is told at its line; a short entry anyone could
have (a language and how well) is not taken for the example's; a CV data file that is the
example's whole is no one's CV (one line, not one for each entry).

The template is a miniature checkout whose table of template files is built here; the people
are invented."""

from __future__ import annotations

import json
from pathlib import Path

from test_checkout import _write, alfolio_checkout

import sitemigrate
import sitemigrate.template_files as tf
from sitemigrate.registry import get_theme

EXAMPLE_PAPER = {"name": "On the colour of distant snow fields in late spring",
                 "publisher": "Journal of Imagined Weather", "releaseDate": "1911-04-02",
                 "summary": "A paper the example person is known for."}
EXAMPLE_LANGUAGE = {"language": "English", "fluency": "Native speaker"}
EXAMPLE = {"basics": {"name": "Example Person"}, "publications": [EXAMPLE_PAPER],
           "languages": [EXAMPLE_LANGUAGE]}
OWN = {"basics": {"name": "Rin Halvorsen"},
       "work": [{"name": "Polar Lab", "position": "Postdoc", "startDate": "2021-09",
                 "summary": "Measures how quickly the glacier tongue retreats each summer."}],
       "publications": [{"name": "Ice tongues of the north coast", "publisher": "Ice Letters",
                         "releaseDate": "2023-05-01"}, EXAMPLE_PAPER],
       "languages": [EXAMPLE_LANGUAGE]}
CONFIG = "title: blank\nfirst_name: Rin\nlast_name: Halvorsen\nthird_party_libraries: {}\n"
PAGE = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\n---\n"


def _table(monkeypatch, root: Path) -> None:
    checkout = _write(alfolio_checkout(root), {
        "assets/json/resume.json": json.dumps(EXAMPLE, indent=2)})
    built = tf.build_table(get_theme("al-folio"), [checkout])
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         settings=set(built["settings"]))
    monkeypatch.setattr(tf, "templates", lambda theme: known)


def _convert(root: Path, resume: dict):
    src = _write(root / "src", {"_config.yml": CONFIG, "_pages/cv.md": PAGE,
                                "assets/json/resume.json": json.dumps(resume, indent=2)})
    plan = sitemigrate.convert(src, root / "out", to="academicpages")
    plan.apply()
    return plan.report, (root / "out/_pages/cv.md").read_text()


def test_an_example_entry_in_your_cv_is_carried_and_named_at_its_line(tmp_path, monkeypatch):
    _table(monkeypatch, tmp_path / "checkout")
    report, page = _convert(tmp_path / "own", OWN)
    said = [f for f in report.findings if f.code == "template-example-cv"]
    assert len(said) == 1 and said[0].path == "assets/json/resume.json"
    text = (tmp_path / "own/src/assets/json/resume.json").read_text().splitlines()
    assert EXAMPLE_PAPER["name"] in text[said[0].line - 1]
    assert EXAMPLE_PAPER["name"] in said[0].message and "English" not in said[0].message
    # the old CV page showed it as the owner's: the new one still does
    assert "Ice tongues of the north coast" in page and EXAMPLE_PAPER["name"] in page


def test_the_examples_whole_cv_is_one_line_not_one_an_entry(tmp_path, monkeypatch):
    _table(monkeypatch, tmp_path / "checkout")
    report, _ = _convert(tmp_path / "theirs", EXAMPLE)
    assert not [f for f in report.findings if f.code == "template-example-cv"]
    assert [f for f in report.findings if f.code == "template-content"
            and f.path == "assets/json/resume.json"]
