"""An academicpages site whose own masthead shows no menu (its markup commented out): the
old site had no menu, so the converted site gets none either, not a menu of the entries
`_data/navigation.yml` still lists (which may name pages the site no longer has)."""

from __future__ import annotations

from pathlib import Path

import yaml
from test_checkout import _write, academicpages_checkout
from test_upgrade import vera_on_academicpages

from sitemigrate import cli

MENU = "main:\n  - title: Workshops\n    url: /workshops/\n  - title: Guide\n    url: /guide/\n"
MASTHEAD = ('<div class="masthead"><nav id="site-nav"><ul class="visible-links">\n'
            "{% for link in site.data.navigation.main %}\n"
            '<li><a href="{{ link.url }}">{{ link.title }}</a></li>\n{% endfor %}\n'
            "</ul></nav></div>\n")


def _menu_after_upgrade(tmp_path: Path, masthead: str) -> list[str]:
    src = vera_on_academicpages(tmp_path / "src", {"_data/navigation.yml": MENU,
                                                   "_includes/masthead.html": masthead})
    dest = academicpages_checkout(tmp_path / "dest")
    assert cli.main(["convert", str(src), str(dest), "--to", "academicpages", "-q",
                     "--force", "--report", str(tmp_path / "r.json")]) in (0, 1)
    nav = yaml.safe_load((dest / "_data/navigation.yml").read_text()) or {}
    return [n["url"] for n in nav.get("main") or []]


def test_a_masthead_commented_out_shows_no_menu_after_the_upgrade(tmp_path):
    assert _menu_after_upgrade(tmp_path, "<!-- " + MASTHEAD + " -->\n") == []
    assert "masthead.html` shows no menu" in (tmp_path / "r.json").read_text()


def test_an_own_masthead_that_shows_the_menu_keeps_it(tmp_path):
    assert _menu_after_upgrade(tmp_path, "<!-- my masthead -->\n" + MASTHEAD) == [
        "/workshops/", "/guide/"]
