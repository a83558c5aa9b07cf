"""A collection of the owner's is laid out by the `defaults:` entry of its type (its
documents name no layout): academicpages' own entries name only its stock collections, so
the converted site gets one for it, or its documents render bare. Invented people."""

from __future__ import annotations

import yaml
from test_read_rules import write

import sitemigrate

DEFAULTS = ("defaults:\n  - scope:\n      path: \"\"\n      type: teaching\n    values:\n"
            "      layout: single\n      author_profile: true\n")


def _entry(dest, name):
    defaults = yaml.safe_load((dest / "_config.yml").read_text())["defaults"]
    return [e["values"] for e in defaults if e["scope"].get("type") == name]


def test_an_upgrade_keeps_the_owners_defaults_of_their_own_collection(tmp_path):
    """Vera's academicpages site lays out its `fieldnotes` by her own `defaults:` entry (the
    sidebar, share links): the upgraded site has that entry, as she wrote it."""
    from test_checkout import academicpages_checkout
    from test_upgrade import vera_on_academicpages
    src = vera_on_academicpages(tmp_path / "src", {
        "_fieldnotes/dunes.md": "---\ntitle: Dune grasses\ncollection: fieldnotes\n---\n"
                                "Marram grass holds the dune.\n"})
    write(src, {"_config.yml": (src / "_config.yml").read_text()
                + "collections:\n  fieldnotes:\n    output: true\n" + DEFAULTS
                + "  - scope:\n      path: \"\"\n      type: fieldnotes\n    values:\n"
                  "      layout: single\n      author_profile: true\n      share: true\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    write(dest, {"_config.yml": (dest / "_config.yml").read_text() + DEFAULTS})
    sitemigrate.convert(src, dest, to="academicpages").apply()
    assert _entry(dest, "fieldnotes") == [{"layout": "single", "author_profile": True,
                                           "share": True}]


def test_another_themes_collection_gets_academicpages_document_layout(tmp_path):
    """An al-folio site's `courses` (each `layout: page`, a layout academicpages lacks):
    converted, the collection is laid out as academicpages lays out its document pages."""
    from test_checkout import academicpages_checkout
    src = write(tmp_path / "src", {
        "_config.yml": "first_name: Ilse\nlast_name: Vantongeren\ntitle: blank\n"
                       "collections:\n  courses:\n    output: true\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\n---\nIlse maps tides.\n",
        "_courses/tides.md": "---\nlayout: page\ntitle: Tides 101\n---\nWhy the sea moves.\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    write(dest, {"_config.yml": (dest / "_config.yml").read_text() + DEFAULTS})
    sitemigrate.convert(src, dest, to="academicpages", from_="al-folio").apply()
    assert _entry(dest, "courses") == [{"layout": "single", "author_profile": True}]
    assert _entry(dest, "teaching") == [{"layout": "single", "author_profile": True}]


def test_a_dated_document_of_an_owners_collection_keeps_its_date(tmp_path):
    """An al-folio site's `sketches` list prints each document's `date` (its own front
    matter's): converted, the document keeps that date (without it Jekyll dates it by the
    build's time, and the list shows the day of the build)."""
    src = write(tmp_path / "src", {
        "_config.yml": "first_name: Ilse\nlast_name: Vantongeren\ntitle: blank\n"
                       "collections:\n  sketches:\n    output: true\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\n---\nIlse maps tides.\n",
        "_sketches/harbour.md": "---\nlayout: page\ntitle: Harbour at dusk\n"
                                "date: 2021-03-14\n---\nInk on paper.\n",
        "_sketches/2019-07-02-pier.md": "---\nlayout: page\ntitle: The pier\n---\nPencil.\n"})
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages", from_="al-folio").apply()
    front = yaml.safe_load((out / "_sketches/harbour.md").read_text().split("---")[1])
    assert str(front.get("date")) == "2021-03-14", front
    pier = yaml.safe_load((out / "_sketches/2019-07-02-pier.md").read_text().split("---")[1])
    assert str(pier.get("date")) == "2019-07-02", pier
