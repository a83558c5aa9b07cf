"""The owner marked among a publication's authors on al-folio (issue 31): its bib layout
marks an author whose last name `scholar.last_name` lists and whose first name, as the
entry writes it, `scholar.first_name` lists. The forms the site's own citations write the
owner's first names in are listed (an owner written `Lindqvist, T.M.` was marked in bold
by their own citation, and unmarked on al-folio); a namesake with other initials is not.

The sites are invented (fixtures/academicpages-site plus a few files written here).
"""

from __future__ import annotations

import yaml
from test_checkout import _convert, _write, alfolio_checkout
from test_realtheme_fixes import _source


def test_the_forms_the_citations_write_the_owners_first_names_in_are_the_owners(tmp_path):
    src = _source(tmp_path, {
        "_publications/2023-04-01-moose.md": (
            "---\ntitle: Moose at Dusk\ncollection: publications\ndate: 2023-04-01\n"
            "venue: Oikos\ncitation: 'Berg, A., <b>Lindqvist, T.M.</b>, Lindqvist, K. (2023). "
            "Moose at Dusk. <i>Oikos</i>.'\n---\n")})
    config = (src / "_config.yml").read_text().replace('"Tomás Lindqvist"',
                                                       '"Tomás Mika Lindqvist"')
    _write(src, {"_config.yml": config})
    dest = alfolio_checkout(tmp_path / "dest")
    _convert(src, dest, "al-folio")
    scholar = yaml.safe_load((dest / "_config.yml").read_text())["scholar"]
    assert scholar["last_name"] == ["Lindqvist"]
    assert "T.M." in scholar["first_name"] and "K." not in scholar["first_name"]
    assert scholar["first_name"][:2] == ["Tomás", "T."]


def test_a_first_name_form_is_the_owners_initials_or_names_in_order():
    from sitemigrate.formats.citation import owner_first_forms
    names = ["Lindqvist, T.M.", "Lindqvist, T. M.", "Lindqvist, Tomas M.", "Lindqvist, T",
             "Lindqvist, K.", "Lindqvist, Tom", "Lindqvist, M.T.", "Berg, T.M.", "others"]
    assert owner_first_forms(names, "Tomás Mika", "Lindqvist") == [
        "T.M.", "T. M.", "Tomas M.", "T"]
