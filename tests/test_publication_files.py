"""An academicpages site's own publication files on an upgrade (issue 31): each keeps its
file name and the address Jekyll gave it on the old site, whatever the shape of its name
(`2019-02-25_thesis.md`, or a name whose date is not the front matter's), so no address
moves and no redirect is needed. Invented people and papers throughout."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from test_checkout import academicpages_checkout
from test_upgrade import vera_on_academicpages

from sitemigrate import cli


def _front(path: Path) -> dict:
    return yaml.safe_load(path.read_text("utf-8").split("---\n", 2)[1]) or {}


def _config(pattern: str) -> str:
    return ("title: Vera Vega\nname: Vera Vega\nauthor:\n  name: Vera Vega\ninclude: [_pages]\n"
            "plugins: [jekyll-redirect-from]\ncollections:\n  publications:\n    output: true\n"
            + (f"    permalink: {pattern}\n" if pattern else ""))


PAPERS = {
    # a name in no date-slug shape, and a name whose date is not the front matter's
    "_publications/2019-02-25_thesis.md": "---\ntitle: Moon Gardens, a Thesis\ncollection: "
                                          "publications\npermalink:\ndate: 2019-05-31\n"
                                          "venue: Crater College\n---\nA thesis.\n",
    "_publications/2021-04-19-reed-beds.md": "---\ntitle: Reed Beds on the Moon\ncollection: "
                                             "publications\ndate: 2021-01-23\n---\nReeds.\n",
}


def _upgrade(tmp_path: Path, pattern: str) -> tuple[Path, list[dict]]:
    src = vera_on_academicpages(tmp_path / "src", {"_config.yml": _config(pattern), **PAPERS})
    dest = academicpages_checkout(tmp_path / "dest")
    report = tmp_path / "report.json"
    assert cli.main(["convert", str(src), str(dest), "--to", "academicpages",
                                 "--from", "academicpages", "-q", "--force",
                                 "--report", str(report)]) in (0, 1)
    return dest, json.loads(report.read_text())["urls"]


def test_an_upgraded_publication_keeps_its_file_name_and_address(tmp_path):
    dest, urls = _upgrade(tmp_path, "/:collection/:path/")
    names = sorted(p.name for p in (dest / "_publications").iterdir())
    assert "2019-02-25_thesis.md" in names and "2021-04-19-reed-beds.md" in names
    assert not [n for n in names if "2019-05-31" in n or "2021-01-23" in n]
    thesis = _front(dest / "_publications/2019-02-25_thesis.md")
    assert thesis.get("permalink") in (None, "/publications/2019-02-25_thesis/")
    assert _front(dest / "_publications/2021-04-19-reed-beds.md")["permalink"] == \
        "/publications/2021-04-19-reed-beds/"
    rows = {u["old"]: u["how"] for u in urls if u["source"].startswith("_publications/")}
    assert {"/publications/2019-02-25_thesis/": "same",
            "/publications/2021-04-19-reed-beds/": "same"}.items() <= rows.items()
    assert not [u for u in urls if u["how"] == "redirect" and "/publication" in u["old"]]


def test_an_upgraded_publication_keeps_the_address_of_its_collections_title_pattern(tmp_path):
    """`:title` is the file's name without its leading date (Jekyll's `slug`)."""
    dest, urls = _upgrade(tmp_path, "/papers/:title/")
    assert _front(dest / "_publications/2021-04-19-reed-beds.md")["permalink"] == \
        "/papers/reed-beds/"
    rows = {u["old"]: u["how"] for u in urls if u["source"].startswith("_publications/")}
    assert rows.get("/papers/reed-beds/") == "same"
    # `permalink:` left empty: Jekyll gave the old pattern's address, which stays
    assert _front(dest / "_publications/2019-02-25_thesis.md")["permalink"] == \
        "/papers/2019-02-25_thesis/"
    assert rows.get("/papers/2019-02-25_thesis/") == "same"


def test_the_address_jekyll_gives_a_collection_document():
    from sitemigrate.jekyll.urls import collection_url

    def url(rel: str, pattern: str = "", front: dict | None = None, **config) -> str | None:
        cols = {"publications": {"output": True, **({"permalink": pattern} if pattern else {})},
                "drafts": {"output": False}}
        return collection_url(rel, front or {}, {"collections": cols, **config})
    reeds = "_publications/2021-04-19-reed-beds.md"
    assert url(reeds, "/:collection/:title/") == "/publications/reed-beds/"
    assert url(reeds, "/:collection/:slug") == "/publications/reed-beds"
    assert url(reeds, "/:collection/:name/") == "/publications/2021-04-19-reed-beds/"
    assert url(reeds, "/:collection/:title/", {"slug": "Marsh"}) == "/publications/Marsh/"
    assert url(reeds, "/:collection/:title/", {"permalink": "/r/"}) == "/r/"
    assert url(reeds) == "/publications/2021-04-19-reed-beds.html"  # Jekyll's default
    assert url(reeds, permalink="pretty") == "/publications/2021-04-19-reed-beds/"
    assert url("_publications/2019/2019-02-25_thesis.md", "/:collection/:path/") == \
        "/publications/2019/2019-02-25_thesis/"
    assert url("_drafts/x.md") is None and url("_others/x.md") is None
