"""A finding about a page names the SRC file whose text the page holds (issue #31: every
finding names file and line). Miniature sites; invented people throughout."""

from __future__ import annotations

from test_read_rules import write

import sitemigrate


def test_an_include_copied_along_is_said_of_the_page_that_runs_it(tmp_path):
    """Vera's home page runs an include of her own; her menu also has a dropdown page,
    which academicpages has no page for (its address forwards home). The include copied
    along is said of her home page, not of the dropdown."""
    from test_checkout import academicpages_checkout
    from test_upgrade import old_site
    src = old_site(tmp_path / "src")
    (src / "_pages/about.md").unlink()
    write(src, {
        "_pages/home.md": "---\nlayout: about\ntitle: Home\npermalink: /\n---\n"
                          "Welcome to the seed library.\n\n{% include seed_box.html %}\n",
        "_includes/seed_box.html": "<div>Seeds of the week</div>\n",
        "_pages/dropdown.md": "---\nlayout: page\ntitle: Library\nnav: true\nnav_order: 2\n"
                              "dropdown: true\nchildren:\n  - title: Seeds\n"
                              "    permalink: /seeds/\n---\n"})
    plan = sitemigrate.convert(src, academicpages_checkout(tmp_path / "dest"),
                               to="academicpages")
    (said,) = [f for f in plan.report.findings
               if f.code == "include-copied" and "seed_box.html" in f.message]
    assert said.path == "_pages/home.md"
