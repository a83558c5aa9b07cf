"""A page that is only a menu entry (an al-folio dropdown) in a theme whose menu is data:
what the report says of it is what the old menu showed."""

from __future__ import annotations

import shutil
from pathlib import Path

import sitemigrate

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DROPDOWN = ("---\nlayout: page\ntitle: more\nnav: {nav}\ndropdown: true\nchildren:\n"
            "  - title: publications\n    permalink: /publications/\n"
            "  - title: divider\n  - title: cv\n    permalink: /cv/\n---\n")


def _menu_page_finding(tmp_path: Path, nav: str) -> tuple[str, str]:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/more.md").write_text(DROPDOWN.format(nav=nav))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    [message] = [f.message for f in plan.report.findings
                 if f.code == "menu-page" and f.path == "_pages/more.md"]
    return message, (tmp_path / "out/_data/navigation.yml").read_text()


def test_a_dropdown_the_old_menu_showed_is_said_to_be_in_the_menu(tmp_path):
    message, navigation = _menu_page_finding(tmp_path, "true")
    assert "it is in `_data/navigation.yml`" in message
    assert navigation.count("url: /publications/") == 2  # its own entry and the dropdown's


def test_a_dropdown_left_out_of_the_old_menu_is_not_said_to_be_in_the_menu(tmp_path):
    """A template's example dropdown kept with `nav: false` was in no menu: the report does
    not say it is in `_data/navigation.yml` (it is not), only that it is not written."""
    message, navigation = _menu_page_finding(tmp_path, "false")
    assert "navigation.yml" not in message
    assert "the old menu did not show" in message
    assert navigation.count("url: /publications/") == 1
