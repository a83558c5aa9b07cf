"""The owner's name in the bibliography. al-folio's bib layout marks an author whose last name
is in `scholar.last_name` (and first name in `scholar.first_name`); a template checkout ships
its example person's there. An upgrade keeps the forms of their name the owner listed and
every `scholar` key they set (`style`, `locale`, `group_by`), but those the new template's
own files use (`source`, `bibliography_template`); a conversion writes the owner's name."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES
from test_checkout import _write
from test_upgrade import new_checkout, old_site
from test_upgrade_rules import _known_settings

import sitemigrate


def _scholar(dest: Path) -> dict:
    return yaml.safe_load((dest / "_config.yml").read_text("utf-8"))["scholar"]


def _upgrade(tmp_path: Path, monkeypatch, scholar: str, old: str = "") -> tuple[dict, list]:
    old_template = _write(tmp_path / "al-folio-2000", {
        "_config.yml": "scholar:\n  last_name: [Sample]\n  first_name: [Sam, S.]\n"
                       "  style: apa\n  locale: en\n  source: /_bibliography/\n" + old})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text().replace(
        "scholar:\n", "scholar:\n  last_name: [Sample]\n  first_name: [Sam, S.]\n"
        "  style: apa\n  locale: en\n  source: /_bibliography/\n  bibliography_template: bib\n"
        "  group_by: year\n  query: \"@*\"\n")})
    _known_settings(monkeypatch, old_template, dest)
    config = (src / "_config.yml").read_text()
    config = config.replace("scholar:\n  last_name: [Vega]\n  first_name: [Vera]\n",
                            "scholar:\n" + scholar)
    _write(src, {"_config.yml": config})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    return _scholar(dest), plan.report.findings


def test_an_upgrade_keeps_the_forms_of_the_owners_name_and_their_scholar_settings(
        tmp_path, monkeypatch):
    scholar, findings = _upgrade(tmp_path, monkeypatch, (
        "  last_name: [Vega, Vega-Ruiz]\n  first_name: [Vera, V., V. M.]\n  style: ieee\n"
        "  locale: es\n  group_by: none\n  source: /_bib/\n  bibliography_template: mine\n"))
    assert scholar["last_name"] == ["Vega", "Vega-Ruiz"], scholar
    assert scholar["first_name"] == ["Vera", "V.", "V. M."], scholar
    assert (scholar["style"], scholar["locale"], scholar["group_by"]) == ("ieee", "es", "none")
    assert scholar["source"] == "/_bibliography/" and scholar["bibliography_template"] == "bib"
    assert "Sample" not in str(scholar) and "Sam" not in str(scholar)
    (said,) = [f for f in findings if f.code == "config-own-value"]
    assert "`scholar.style: ieee`" in said.message and said.path == "_config.yml" and said.line


def test_an_old_sites_example_names_become_the_owners(tmp_path, monkeypatch):
    """The old site left its template's example person in `scholar` (and the old template's
    `style`): the owner's name of the config is written there; nothing else is carried."""
    scholar, _ = _upgrade(tmp_path, monkeypatch,
                          "  last_name: [Sample]\n  first_name: [Sam, S.]\n  style: apa\n")
    assert scholar["last_name"] == ["Vega"] and scholar["first_name"] == ["Vera", "V."]
    assert scholar["group_by"] == "year" and scholar["style"] == "apa"


def test_academicpages_to_al_folio_writes_the_owners_name(tmp_path):
    """(Right before this change too.) The author's name of academicpages' config is the
    name al-folio's bibliography marks."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = yaml.safe_load((src / "_config.yml").read_text("utf-8"))
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "al-folio-site", dest)  # a checkout with a `scholar` group
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text().replace(
        "[Okonkwo]", "[Sample]").replace("[Ada, A.]", "[Sam, S.]")})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    scholar = _scholar(dest)
    name = str(config["author"]["name"]).split()
    assert scholar["last_name"] == [name[-1]] and scholar["first_name"][0] == name[0], scholar
