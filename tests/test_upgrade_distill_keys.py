"""An al-folio upgrade carries a distill post as its owner wrote it, in the new checkout's
`distill` layout: the `authors` that layout lists one by one and the `bibliography` it
points at are shown there, not "keys with no al-folio meaning". A key no layout of the new
checkout reads still has none. Invented people (Vera Vega of test_upgrade)."""

from __future__ import annotations

from test_checkout import _write
from test_upgrade import new_checkout, old_site

import sitemigrate

POST = ("---\nlayout: distill\ntitle: Moon soil\ndate: 2021-02-03\nauthors:\n"
        "  - name: Vera Vega\n    affiliations:\n      name: Example Lunar Institute\n"
        "bibliography: moon.bib\nsoil_colour: grey\n---\nSoil first.\n")
# an invented distill layout: it lists the authors and points at the bibliography
DISTILL = ("<header>{% for author in page.authors %}<p>{{ author.name }}</p>{% endfor %}"
           "</header>\n{{ content }}\n"
           "<d-bibliography src=\"{{ page.bibliography | prepend: '/assets/bibliography/' }}\">"
           "</d-bibliography>\n")


def test_a_distill_posts_authors_and_bibliography_are_shown_by_the_new_layout(tmp_path):
    src = _write(old_site(tmp_path / "old"), {"_posts/2021-02-03-moon.md": POST,
                                              "assets/bibliography/moon.bib": "\n"})
    dest = _write(new_checkout(tmp_path / "new"), {"_layouts/distill.liquid": DISTILL})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    said = {f.message.split("`")[1]: f for f in plan.report.findings
            if f.path == "_posts/2021-02-03-moon.md" and f.code == "extra-key"}
    for key, line in (("authors", 1), ("bibliography", 3)):
        assert said[key].outcome == "mapped", said[key].message
        assert f"layout `distill` shows it too (its line {line})" in said[key].message
    assert "has no al-folio meaning" in said["soil_colour"].message
