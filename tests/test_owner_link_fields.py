"""Fields an owner's list include printed as links, carried to al-folio's bib layout
(issue 31): a path of the site the include printed only inside a link's address is a link
on the new site too, never its path shown as text. The other way, a field of the owner's
own that their al-folio bib layout made a button of is a link of the academicpages
publication.

The sites are invented (fixtures/academicpages-site plus a few files written here).
"""

from __future__ import annotations

import re

from test_checkout import _convert, _write, academicpages_checkout, alfolio_checkout
from test_read_rules import ALFOLIO_CONFIG, write
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


LINK_LAYOUT = """---
---
<div id="{{ entry.key }}"><div class="title">{{ entry.title }}</div>
<div class="links">
{% if entry.pdf %}<a href="{{ entry.pdf }}" class="btn">PDF</a>{% endif %}
{% if entry.preprint %}
  {% if entry.preprint contains '://' %}
    <a href="{{ entry.preprint }}" class="btn">Preprint</a>
  {% else %}
    <a href="{{ entry.preprint | prepend: '/assets/pdf/' | relative_url }}" class="btn">Preprint</a>
  {% endif %}
{% endif %}
<span data-note="{{ entry.memo }}"></span>
</div></div>
"""
LINK_PAPERS = """---
---
@article{vt22reeds,
  title = {Reed Beds at Dusk},
  author = {Vantongeren, Ilse},
  journal = {Marsh Review},
  year = {2022},
  preprint = {https://preprints.example.org/reeds},
  memo = {https://memo.example.org/reeds},
}
@article{vt21sedge,
  title = {Sedge Counts},
  author = {Vantongeren, Ilse},
  journal = {Marsh Review},
  year = {2021},
  preprint = {sedge-draft.pdf},
}
"""


def test_a_field_of_the_owners_the_bib_layout_links_to_is_a_link_of_the_publication(tmp_path):
    """The owner's bib layout makes a button of a field of their own (`preprint`, linked
    as written or below `/assets/pdf/`): the publication keeps it as a link of its page. A
    field the layout writes only into another attribute is no link a visitor follows."""
    src = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG, "_layouts/bib.liquid": LINK_LAYOUT,
        "_pages/publications.md": "---\nlayout: page\npermalink: /publications/\n"
                                  "title: Publications\nnav: true\n---\n{% bibliography %}\n",
        "_bibliography/papers.bib": LINK_PAPERS,
        "assets/pdf/sedge-draft.pdf": "%PDF-1.4\n"})
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    pubs = {p.name: p.read_text() for p in (dest / "_publications").glob("*.md")}
    reeds = next(t for n, t in pubs.items() if "reed-beds" in n)
    sedge = next(t for n, t in pubs.items() if "sedge-counts" in n)
    assert "[Preprint](https://preprints.example.org/reeds)" in reeds
    assert "](https://memo.example.org/reeds)" not in reeds
    assert re.search(r"\[Preprint\]\([^)]*/files/sedge-draft\.pdf\)", sedge)
    assert (dest / "files/sedge-draft.pdf").is_file()
