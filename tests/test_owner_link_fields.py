"""Fields an owner's list include printed as links, carried to al-folio's bib layout
(issue 31): a path of the site the include printed only inside a link's address is a link
on the new site too, never its path shown as text.

The sites are invented (fixtures/academicpages-site plus a few files written here).
"""

from __future__ import annotations

from test_checkout import _convert, _write, alfolio_checkout
from test_realtheme_fixes import _listed_by

from sitemigrate.formats import bibtex as bib

_LAYOUT = ("{{ entry.title }} {{ entry.note }}\n"
           "{% if entry.html %}{% if entry.html contains '://' %}<a href=\"{{ entry.html }}\">"
           "HTML</a>{% else %}<a href=\"{{ entry.html | prepend: '/assets/html/' }}\">HTML</a>"
           "{% endif %}{% endif %}\n")


def test_a_site_path_the_owners_list_linked_is_a_button_not_text(tmp_path):
    """An owner's `archive-single.html` linked each publication's `.bib` file as
    `<a href="{{ site.url }}{{ post.sheeturl }}">Sheet</a>`: the visitor saw a link, not
    the path. On al-folio it is the HTML button, its file copied to the folder that button
    reads (`assets/html/`); the entry's `note` (shown as text) does not get the path. A
    field the include printed as text stays text (`note`)."""
    include = ('{% if post.sheeturl %}<a href="{{ site.url }}{{ post.sheeturl }}">Sheet</a>'
               '{% endif %}\n<p>{{ post.status }}</p>\n')
    src = _listed_by(tmp_path, include, {
        "moss": "title: Moss Sheet\nvenue: Oikos\nsheeturl: /files/sheets/moss.bib\n",
        "fern": "title: Fern Draft\nstatus: /drafts/fern\n"})
    _write(src, {"files/sheets/moss.bib": "@misc{moss, title = {Moss}}\n"})
    dest = alfolio_checkout(tmp_path / "dest")
    _write(dest, {"_layouts/bib.liquid": _LAYOUT})
    plan = _convert(src, dest, "al-folio")
    entries = {e.key: e.fields for e in bib.parse_bib(
        (dest / "_bibliography/papers.bib").read_text()).entries}
    moss = entries["2024-03-01-moss"]
    assert moss["html"] == "moss.bib" and moss["note"] == "Oikos"  # its venue, no path
    assert (dest / "assets/html/moss.bib").read_text().startswith("@misc{moss")
    assert entries["2024-03-02-fern"]["note"] == "/drafts/fern"  # printed as text
    said = {f.path: f.message for f in plan.report.findings
            if f.code == "publication-field-shown"}
    assert "as its `html` button" in said["_publications/2024-03-01-moss.md"]
