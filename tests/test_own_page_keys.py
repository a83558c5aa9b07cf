"""What a page's own Liquid reads of its own front matter is the page's, not a slip for a
key the theme knows (issue #31). Miniature sites; invented people throughout."""

from __future__ import annotations

from test_checkout import _write as write

import sitemigrate

CONFIG = "first_name: Oskar\nlast_name: Lindqvist\ntitle: Oskar Lindqvist\n"


def test_a_key_the_page_itself_reads_is_not_taken_for_a_slip(tmp_path):
    """`display_tags` ends in `tags`, but the page's own text loops over `page.display_tags`
    to show its tag links: reading it as the page's `tags` would tag the page and lose
    the links."""
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG,
        "_pages/notes.md": "---\nlayout: page\npermalink: /notes/\ntitle: notes\n"
                           "display_tags:\n  - lichens\n  - moss\n---\n"
                           "{% for tag in page.display_tags %}<a href=\"/notes/tag/{{ tag }}/\">"
                           "{{ tag }}</a>{% endfor %}\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages", from_="al-folio")
    plan.apply()
    assert not [f for f in plan.report.findings if f.code == "key-typo"]
    head = (tmp_path / "out/_pages/notes.md").read_text().split("---")[1]
    assert "display_tags:" in head and "\ntags:" not in head


def test_a_key_the_page_does_not_read_is_still_a_slip(tmp_path):
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG,
        "_pages/notes.md": "---\nlayout: page\npermalink: /notes/\ntitle: notes\n"
                           "display_tags:\n  - lichens\n---\nPlain words about moss.\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages", from_="al-folio")
    assert [f for f in plan.report.findings if f.code == "key-typo"]
