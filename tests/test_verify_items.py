"""What `verify` asks of the owner's text outside paragraphs: the headings, list items,
table cells and definitions of their pages, and the words their own includes and layouts
write (a contact section of headings and lists that an upgrade dropped from the home page
was "0 things a visitor would lose"). The templates' own wording is not asked for."""

from __future__ import annotations

import importlib

import pytest

from sitemigrate.verify.site import BuiltSite

cmp = importlib.import_module("sitemigrate.verify.compare")

ABOUT = """---
layout: about
permalink: /
---
Ada Quill maps the tides of the inner harbour and the creeks that feed it.

## Office hours

- Room 12, Tidal Building
- Tuesdays by appointment

| Day | Where |
|-----|-------|
| Monday | Boat shed four |

Fax line
: 555 0101 extension nine

{% for post in site.posts %}
- {{ post.title }}, a few minutes read
{% endfor %}
"""
CONTACT = """<section><h3>Visiting hours</h3>
<ul><li>Welcome {{ site.first_name }} to the dome</li><li>{{ site.email }}</li></ul></section>
"""
PARA = "<p>Ada Quill maps the tides of the inner harbour and the creeks that feed it.</p>"
ITEMS = ("<h2>Office hours</h2><ul><li>Room 12, Tidal Building</li><li>Tuesdays by "
         "appointment</li></ul><table><tr><td>Monday</td><td>Boat shed four</td></tr></table>"
         "<dl><dt>Fax line</dt><dd>555 0101 extension nine</dd></dl>")
SECTION = "<section><h3>Visiting hours</h3><ul><li>Welcome Ada to the dome</li></ul></section>"
CHROME = "<footer>Powered by Example Theme</footer>"
LOOP = "<ul><li>Tides, a few minutes read</li></ul>"
"""What the page's loop writes for each post: the listing's wording, not asked for."""


def page(root, rel, html):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><body>{html}</body></html>\n")


@pytest.fixture
def owner(tmp_path, monkeypatch):
    """Ada's site: an about page, her own include, and a template's footer include."""
    from sitemigrate import template_files as tf
    from sitemigrate.registry import get_theme
    src = tmp_path / "src"
    for rel, text in {"_config.yml": "title: blank\n", "_pages/about.md": ABOUT,
                      "_includes/contact.liquid": CONTACT,
                      "_includes/footer.liquid": f"{CHROME}\n"}.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    template = tmp_path / "al-folio-2099"
    (template / "_includes").mkdir(parents=True)
    (template / "_includes/footer.liquid").write_text("<footer>Powered by Example</footer>\n")
    built = tf.build_table(get_theme("al-folio"), [template])
    known = tf.Templates(built["templates"], built["files"], built["entries"])
    monkeypatch.setattr(tf, "templates", lambda theme: known)
    monkeypatch.setattr(cmp, "_theme_of", lambda owner: get_theme("al-folio"))
    return src


@pytest.mark.parametrize("new_home, lost", [
    (PARA + ITEMS + SECTION, []),  # all there (another theme's footer)
    # the upgrade took the new layout: the owner's own section went
    (PARA + ITEMS, [("_includes/contact.liquid", "visiting hours"),
                    ("_includes/contact.liquid", "to the dome")]),
    # the list, the table and the definition went; the paragraph stayed
    (PARA + SECTION, [("_pages/about.md", "office hours"), ("_pages/about.md", "fax line"),
                      ("_pages/about.md", "room 12 tidal building"),
                      ("_pages/about.md", "tuesdays by appointment"),
                      ("_pages/about.md", "boat shed four"),
                      ("_pages/about.md", "555 0101 extension nine")]),
])
def test_owner_text_outside_paragraphs_is_asked_of_the_new_site(tmp_path, owner, new_home,
                                                                 lost):
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "index.html", PARA + ITEMS + SECTION + CHROME + LOOP)
    page(new, "index.html", new_home)
    found = cmp.compare(BuiltSite(old), BuiltSite(new), owner)
    assert sorted(found.missing_details) == sorted(lost)
    # counted: the 6 items of the page ("fax line" too; "Monday": one word) and 2 pieces
    # of her include; the template's footer and what her loop writes for each post, which
    # the new site lacks, are never asked for
    assert found.details == 8


def test_an_owners_own_include_is_only_a_file_no_template_has(owner):
    assert cmp.own_code(owner) == ["_includes/contact.liquid"]


def test_items_are_asked_only_where_the_old_build_shows_them(tmp_path, owner):
    """An old build that stopped on an error: an item is asked only where it shows it, as
    its short texts are no sure sign of what a page showed (a listing's Liquid, a switch
    of the layout)."""
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "index.html", "")
    page(new, "index.html", PARA)
    found = cmp.compare(BuiltSite(old), BuiltSite(new), owner, old_is_baseline=False)
    assert found.missing_details == [] and found.details == 0
    assert found.paragraphs >= 1  # (the paragraphs: asked of the new site all the same)


def test_a_list_in_a_liquid_comment_is_not_asked_for():
    """A page's `{% comment %}` block, which shows nothing, holds an owner's note listing
    their papers in order: its lines are no items of the page (the old build's listing of
    the same titles made them look shown, and an upgrade was said to lose one)."""
    from sitemigrate.verify.items import _content_items
    body = ("{% comment %}\nOrder:\n  1) Tide tables of the inner harbour — JPO (2021)\n"
            "{% endcomment %}\n\n- Creeks that feed the harbour mouth\n")
    items = _content_items(body)
    assert items == ["creeks that feed the harbour mouth"]


BIB_LAYOUT = """---
---
<div class="title">{{ entry.title }}</div>
<img src="{{ entry.snapshot | relative_url }}">
{% if entry.laurel %}<p class="laurel">{{ entry.laurel }}</p>{% endif %}
<div class="periodical">{{ entry.journal }} {{ entry.year }}</div>
"""
TIDES_BIB = """@article{quill2021,
  title = {Tides of the Inner Harbour},
  author = {Quill, Ada},
  journal = {Journal of Harbour Studies},
  year = {2021},
  laurel = {Best {P}aper of the volume},
  snapshot = {/assets/img/tides figure.png}
}
"""


def test_a_field_of_the_owners_own_that_their_bib_layout_prints_is_asked_for(tmp_path):
    """The site's own bibliography layout (jekyll-scholar's `bibliography_template`) prints
    a field of the owner's own under a publication (`laurel`): the new site is asked to
    show it as well; a field only in a tag's attribute (`snapshot`, an image) and the
    fields every theme shows its own way (`journal`) are not asked for here."""
    owner = tmp_path / "src"
    (owner / "_layouts").mkdir(parents=True)
    (owner / "_bibliography").mkdir()
    (owner / "_config.yml").write_text("scholar:\n  source: /_bibliography/\n"
                                       "  bibliography_template: bib\n")
    (owner / "_layouts/bib.liquid").write_text(BIB_LAYOUT)
    (owner / "_bibliography/papers.bib").write_text(TIDES_BIB)
    old, new = tmp_path / "old", tmp_path / "new"
    listing = ("<div class='title'>Tides of the Inner Harbour</div>"
               "<div>Journal of Harbour Studies 2021</div>")
    page(old, "publications/index.html", listing + "<p class='laurel'>Best Paper of the "
         "volume</p>")
    page(new, "publications/index.html", listing)
    found = cmp.compare(BuiltSite(old), BuiltSite(new), owner)
    assert found.missing_details == [("_bibliography/papers.bib", "best paper of the volume")]


# an owner's changed copy of the 2020-23 about layout: a line of theirs in the social block,
# beside the template's heading of its selected papers
CHANGED_ABOUT = """---
layout: default
---
<article>
  <div class="clearfix">{{ content }}</div>
  {% if page.selected_papers %}<h2>selected publications</h2>
    {% include selected_papers.html %}{% endif %}
  {% if page.social %}<div class="social">
    <p>Happy to talk about {{ site.topic }} buoys
      and quiet harbours.</p>
    <div class="contact-icons">{% include social.html %}</div>
  </div>{% endif %}
</article>
"""


def test_the_owners_words_in_a_changed_copy_of_a_template_layout_are_asked_for(
        tmp_path, monkeypatch):
    """A layout at a path of the template's, as no checkout has it: its words that are no
    words the template's layouts write (the table's runs) are the owner's, asked of the new
    site where the old one shows them; the template's heading is not (was: the layout's
    path is the template's, so none of its words were asked for, and a lost line of the
    home page went unsaid)."""
    from sitemigrate.registry import get_theme
    monkeypatch.setattr(cmp, "_theme_of", lambda owner: get_theme("al-folio"))
    owner = tmp_path / "src"
    (owner / "_layouts").mkdir(parents=True)
    (owner / "_config.yml").write_text("title: blank\n")
    (owner / "_layouts/about.html").write_text(CHANGED_ABOUT)
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "index.html", PARA + "<h2>selected publications</h2><p>Happy to talk about "
         "tides buoys and quiet harbours.</p>")
    page(new, "index.html", PARA)
    found = cmp.compare(BuiltSite(old), BuiltSite(new), owner)
    assert found.missing_details == [("_layouts/about.html", "happy to talk about"),
                                     ("_layouts/about.html", "buoys and quiet harbours")]
    assert cmp.own_code(owner) == []  # (its path is the template's)


CHANGED_FOOTER = """<footer class="sticky-bottom mt-5" role="contentinfo">
  <div class="container">Last updated: {{ 'now' | date: '%B %d, %Y' }}.
    <p>Tide tables checked by the harbour volunteers.</p></div>
</footer>
"""


@pytest.mark.parametrize("runs", [True, False])
def test_the_owners_words_in_a_changed_copy_of_a_template_include_are_asked_for(
        tmp_path, monkeypatch, runs):
    """An include at a path of the template's, as no checkout has it, that a layout of the
    site runs: its words that are no words the template's layouts and includes write are
    the owner's, asked of the new site (an upgrade puts the template's include in its
    place); the template's `Last updated` is not. One that nothing runs shows no page any
    words: none of it is asked for."""
    from sitemigrate.registry import get_theme
    monkeypatch.setattr(cmp, "_theme_of", lambda owner: get_theme("al-folio"))
    owner = tmp_path / "src"
    for rel, text in {"_config.yml": "title: blank\n", "_includes/footer.liquid": CHANGED_FOOTER,
                      "_layouts/plain.liquid": "<main>{{ content }}</main>\n" + (
                          "{% include footer.liquid %}\n" if runs else "")}.items():
        (owner / rel).parent.mkdir(parents=True, exist_ok=True)
        (owner / rel).write_text(text)
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "index.html", PARA + "<footer>Last updated: May 02, 2025. <p>Tide tables "
         "checked by the harbour volunteers.</p></footer>")
    page(new, "index.html", PARA + "<footer>Built with care.</footer>")
    found = cmp.compare(BuiltSite(old), BuiltSite(new), owner)
    assert found.missing_details == ([("_includes/footer.liquid",
                                       "tide tables checked by the harbour volunteers")]
                                     if runs else [])
