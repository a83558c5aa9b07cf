"""`sitemigrate verify`: the entries both menus have are compared in order even when an
entry of the old menu is gone (one that led nowhere, say): the entries the new menu moved
are said, not hidden behind the gone one."""

from __future__ import annotations

from sitemigrate.report import Report
from sitemigrate.verify import record
from sitemigrate.verify.compare import Comparison


def _menu_findings(was: list[str], now: list[str], dead: list[str]) -> dict[str, str]:
    result = Comparison(menu_was=was, menu_now=now, menu_dead_was=dead)
    report = Report()
    record(result, report)
    return {f.message: f.severity for f in report.findings if f.code == "verify-menu"}


def test_entries_moved_beside_a_gone_entry_are_said():
    found = _menu_findings(["harbour", "tides", "moorings"], ["moorings", "tides"], ["harbour"])
    assert found["the menu is `moorings | tides`; it was `harbour | tides | moorings`"] \
        == "warning"


def test_entries_in_their_order_beside_a_gone_entry_say_only_the_gone_one():
    found = _menu_findings(["harbour", "tides", "moorings"], ["tides", "moorings"], ["harbour"])
    assert list(found) == ["the menu no longer has the entry `harbour`, which led nowhere on "
                           "the old site either (no page is lost): add the page it names, or "
                           "leave it out"]
