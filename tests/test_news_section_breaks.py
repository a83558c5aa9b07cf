"""A News section of dated items that ends with a thematic break (`---`, the line that set
it off from the next section) showed nothing but its items: once they become news items,
the section goes whole, not as an empty heading over a rule (issue #31). Invented text."""

from __future__ import annotations

from sitemigrate.formats.content import extract_news

BODY = """# News
* [2021.3.4] Talk at the Fennmoor workshop.
* [2020.11.2] Paper accepted at the Lowbridge meeting.

{rule}

# Letter

Dear reader, I study mosses.
"""


def test_a_rule_after_the_items_goes_with_the_section():
    for rule in ("---", "***", "_ _ _"):
        found = extract_news(BODY.format(rule=rule), "_pages/about.md")
        assert len(found.items) == 2
        assert "News" not in found.body and rule not in found.body
        assert found.body.lstrip().startswith("# Letter") and not found.leftover


def test_text_beside_the_items_keeps_the_section():
    found = extract_news(BODY.format(rule="More news soon."), "_pages/about.md")
    assert "# News" in found.body and "More news soon." in found.body
