"""The real-theme harness's own measures (tests/realtheme.py), on invented input: what it
counts as the owner's paragraphs, and how it builds a source whose includes the corpus did
not copy."""

from __future__ import annotations

import realtheme

_PAGE = """Research notes on counting snow buntings from a tent in the high Arctic.

<style>
/* Cards of the field seasons, with a thin grey border around each one */
.season-card { margin: 0.5rem 0; border: 1px solid #ccc; padding: 0 1rem; }
</style>

<script>
// open the card of the season the visitor clicked on, and close every other card
document.querySelectorAll(".season-card").forEach(card => card.open = false);
</script>

The last season ended early when the tent blew away in a storm.
"""


def test_style_and_script_text_is_no_paragraph_of_the_owner():
    """A browser never shows the text of `<style>` and `<script>`: it is not counted as a
    paragraph the built site must show (the built pages drop it too)."""
    paras = realtheme.paragraphs_of(_PAGE)
    assert paras == [realtheme.norm("Research notes on counting snow buntings from a tent in "
                                    "the high Arctic."),
                     realtheme.norm("The last season ended early when the tent blew away in "
                                    "a storm.")]


def test_includes_the_corpus_did_not_copy_stand_in_for_the_source_build(tmp_path):
    """The corpus copied content only: an include of the owner's that MANIFEST.txt lists but
    neither the corpus nor the template has stops the source build at its first use. It is
    written as an include that renders nothing; includes that are there stay as they are."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "MANIFEST.txt").write_text(
        "_config.yml\n_includes/head.html\n_includes/season-card.html\n"
        '"_includes/r\\303\\251sum\\303\\251.html"\n_includes/.DS_Store\n_pages/about.md\n')
    site = tmp_path / "site"
    (site / "_includes").mkdir(parents=True)
    (site / "_includes/head.html").write_text("<title>{{ page.title }}</title>\n")
    written = realtheme.include_stand_ins(corpus, site)
    assert written == ["_includes/season-card.html", "_includes/résumé.html"]
    stand_in = (site / "_includes/season-card.html").read_text()
    assert realtheme.page_text(stand_in).strip() == ""  # renders nothing a visitor sees
    assert "season-card.html" in stand_in
    assert (site / "_includes/résumé.html").is_file()
    assert (site / "_includes/head.html").read_text() == "<title>{{ page.title }}</title>\n"
    assert not (site / "_includes/.DS_Store").exists() and not (site / "_pages").exists()
