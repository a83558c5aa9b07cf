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
    # its own entry; the dropdown's is the same page, which the menu lists once
    assert navigation.count("url: /publications/") == 1 and "url: /cv/" in navigation


def test_a_dropdown_left_out_of_the_old_menu_is_not_said_to_be_in_the_menu(tmp_path):
    """A template's example dropdown kept with `nav: false` was in no menu: the report does
    not say it is in `_data/navigation.yml` (it is not), only that it is not written."""
    message, navigation = _menu_page_finding(tmp_path, "false")
    assert "it is in `_data/navigation.yml`" not in message
    assert "not one of the menu written to `_data/navigation.yml`" in message
    assert navigation.count("url: /publications/") == 1


def _menu(tmp_path: Path, pages: dict[str, str]):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    for name, front in pages.items():
        (src / f"_pages/{name}.md").write_text(
            f"---\nlayout: page\ntitle: {name}\npermalink: /{name}/\nnav: true\n{front}---\n"
            f"The {name} of the harbour survey.\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    titles = [line.split(": ", 1)[1] for line in
              (tmp_path / "out/_data/navigation.yml").read_text().splitlines()
              if line.strip().startswith("- title: ")]
    return titles, [f for f in plan.report.findings if f.code == "menu-order"]


def test_a_menu_page_without_nav_order_comes_first_as_jekylls_sort_puts_it(tmp_path):
    """al-folio's header sorts the pages with Jekyll's `sort` filter, whose nils come first:
    a `nav: true` page without `nav_order` is before those with one, not after them."""
    titles, _ = _menu(tmp_path, {"tides": "", "moorings": "nav_order: 1\n"})
    assert titles == ["tides", "moorings", "publications", "cv"]


def test_menu_pages_of_one_nav_order_are_reported(tmp_path):
    """Two menu pages of one `nav_order`: Ruby's sort keeps no order among them, so the old
    menu's order was decided by no file: the report names both and says what to do; pages
    each with their own `nav_order` are not reported."""
    _, said = _menu(tmp_path, {"tides": "nav_order: 1\n", "moorings": "nav_order: 1\n"})
    assert [f.severity for f in said] == ["warning"]
    assert "`_pages/moorings.md`, `_pages/tides.md`" in said[0].message
    assert "`nav_order: 1`" in said[0].message
    _, said = _menu(tmp_path / "b", {"tides": "nav_order: 1\n", "moorings": "nav_order: 4\n"})
    assert said == []
