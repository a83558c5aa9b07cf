"""An upgrade carries a `_config.yml` table of named entries the owner made (the categories
their publications select by) over the new template's, when the new template's code goes
over the table whole (issue #31). Miniature sites; invented people throughout."""

from __future__ import annotations

import pytest
import yaml
from test_read_rules import write

import sitemigrate

OWN_TABLE = ("publication_category:\n  letters:\n    title: Short Letters\n"
             "  manuscripts:\n    title: Drafts Under Review\n")
LETTER = ("---\ntitle: A Note on Tidal Kelp\ncollection: publications\ncategory: letters\n"
          "date: 2021-04-01\nvenue: Coastal Notes\n---\nA letter.\n")


@pytest.mark.parametrize("reads_by_name", [False, True])
def test_an_owners_table_of_named_entries_is_carried_in_an_upgrade(tmp_path, reads_by_name):
    """Vera's publications select by her own category names (`letters`), which the new
    template's `publication_category` lacks: its publications page goes over the table
    whole, so with its table her letters are on no page. Her table is carried whole, in
    her order. Where the new template's own code reads one of its entries by name
    (`site.publication_category.manuscripts`), its table stays."""
    from test_checkout import academicpages_checkout
    from test_upgrade import vera_on_academicpages
    src = vera_on_academicpages(tmp_path / "src", {
        "_publications/2021-04-01-kelp.md": LETTER})
    write(src, {"_config.yml": (src / "_config.yml").read_text() + OWN_TABLE})
    dest = academicpages_checkout(tmp_path / "dest")
    if reads_by_name:
        write(dest, {"_layouts/archive.html": "{{ site.publication_category.manuscripts.title }}"
                                              "\n{{ content }}\n"})
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    table = yaml.safe_load((dest / "_config.yml").read_text())["publication_category"]
    if reads_by_name:
        assert table == {"manuscripts": {"title": "Journal Articles"}}
    else:
        assert list(table) == ["letters", "manuscripts"]
        assert table["letters"] == {"title": "Short Letters"}
        assert table["manuscripts"] == {"title": "Drafts Under Review"}
        (said,) = [f for f in plan.report.findings if f.code == "config-own-entries"]
        assert "`publication_category`" in said.message and "`letters`" in said.message



def test_the_heading_after_a_carried_table_stays_the_new_files(tmp_path):
    """ruamel keeps the lines after a block (a blank line, the next section's heading) on the
    block's last entry: the owner's table put in place of the template's brings its own
    file's next heading, and the template's is lost. The new file's heading stays where it
    was; the owner's file's goes with the rest of that file."""
    from test_checkout import academicpages_checkout
    from test_upgrade import vera_on_academicpages
    src = vera_on_academicpages(tmp_path / "src", {
        "_publications/2021-04-01-kelp.md": LETTER})
    write(src, {"_config.yml": (src / "_config.yml").read_text() + OWN_TABLE
                + "\n# Vera's notes on the reading group\nreading_group: true\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    config = (dest / "_config.yml").read_text()
    write(dest, {"_config.yml": config.replace("include: [_pages]",
                                               "\n# Site Settings\ninclude: [_pages]")})
    sitemigrate.convert(src, dest, to="academicpages").apply()
    text = (dest / "_config.yml").read_text()
    assert "    title: Drafts Under Review\n\n# Site Settings\ninclude:" in text
    assert "Vera's notes" not in text
