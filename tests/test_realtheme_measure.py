"""What tests/realtheme.py counts as the owner's paragraphs (no lab needed): text a visitor
of the source site reads, not the markup that a theme shows as something else."""

from __future__ import annotations

import realtheme

from sitemigrate.verify.shown import TextIndex


def test_emoji_shortcodes_are_no_words_of_a_paragraph():
    """jemoji shows `:tada:` as a picture (its words are in no page's text) and a theme
    without it may show the character: the paragraph is its words without the shortcodes
    (it was counted as not shown wherever the emoji was shown as one)."""
    paras = realtheme.paragraphs_of("The buoy is afloat again after the storm! :tada: :ocean:"
                                    "\n\nMeet at 10:30: the harbour office.\n")
    assert paras == ["the buoy is afloat again after the storm", "meet at 10 30 the harbour office"]
    built = realtheme.norm(realtheme.page_text(
        '<p>The buoy is afloat again after the storm! <img class="emoji" alt=":tada:"></p>'))
    assert TextIndex({"index.html": built}).shows(paras[0])


def test_a_cv_entrys_bare_url_is_no_paragraph(tmp_path):
    """A CV entry's `url:` is the link target of its title (al-folio's CV shows no text of
    it), so it is not a paragraph to find in the built pages; its prose still is."""
    (tmp_path / "_data").mkdir()
    (tmp_path / "_data/cv.yml").write_text(
        "- title: Publications\n  contents:\n"
        "    - title: Counting drifting buoys by night\n"
        "      url: \"https://journal.example.org/volume/12/issue/3/buoys-by-night.html\"\n"
        "      summary: We count drifting buoys by night with a small boat and a lamp.\n")
    found = realtheme.owner_paragraphs(tmp_path)
    assert found == {"_data/cv.yml": [
        "we count drifting buoys by night with a small boat and a lamp"]}


def test_a_link_whose_target_holds_parentheses_shows_its_text_only():
    """kramdown keeps balanced parentheses inside a link's target (a report's file name
    `(Case Study) (1.0).pdf`) and shows the link's text only: no piece of the address is a
    word the new site is asked to show."""
    paras = realtheme.paragraphs_of(
        "**Flood study:** [Berg et al., 2019](https://data.example/docs/(FS_12)%20"
        "(Case%20Study%20Tier%202)%20(1.0).pdf) for the tidal gauges")
    assert paras == ["flood study berg et al 2019 for the tidal gauges"]


def test_a_linked_image_shows_no_words():
    """kramdown shows `[![alt](picture)](video)` as a picture inside a link: the alt text
    is an attribute and the address no text, so the line is no paragraph (its alt text and
    the video's address were asked of the new site as words)."""
    paras = realtheme.paragraphs_of(
        "[![Glider fleet tracking the tide line](https://img.video.example/vi/Q1w2/0.jpg)]"
        "(https://video.example/watch?v=Q1w2)\n\n"
        "The fleet [films ![badge](b.png) the tide](https://video.example/tide) at dawn each day")
    assert paras == ["the fleet films the tide at dawn each day"]


def test_front_matter_closed_at_the_end_of_the_file_is_no_paragraph(tmp_path):
    """Jekyll takes a file's front matter up to a closing `---` (or `...`) that may end the
    file without a newline: a menu page of front matter alone (a drop-down's `children:`)
    shows none of its keys as text."""
    (tmp_path / "_pages").mkdir()
    (tmp_path / "_pages/menu.md").write_text(
        "---\nlayout: page\ntitle: more pages\ndropdown: true\nchildren:\n"
        "    - title: field notes\n      permalink: /notes/\n---")
    (tmp_path / "_pages/notes.md").write_text(
        "---\ntitle: Notes\n...\nNotes from the harbour survey of the winter season.\n")
    assert realtheme.owner_paragraphs(tmp_path) == {
        "_pages/notes.md": ["notes from the harbour survey of the winter season"]}


def test_a_folder_of_no_declared_collection_shows_no_paragraph(tmp_path):
    """Jekyll reads `_pages` (included), `_posts` and the folder of each collection the
    config declares: an owner's `_projects/` the config never names is read by no build,
    so a paragraph of it is nothing the old site showed (the same words on another page,
    a template's example copied there, are that page's)."""
    (tmp_path / "_config.yml").write_text("collections:\n  talks:\n    output: true\n")
    for rel in ("_projects/tide.md", "_talks/tide.md", "_pages/tide.md"):
        (tmp_path / rel).parent.mkdir(exist_ok=True)
        (tmp_path / rel).write_text("---\ntitle: Tides\n---\nA survey of the tide gauges of "
                                    "the northern harbour in winter.\n")
    assert sorted(realtheme.owner_paragraphs(tmp_path)) == ["_pages/tide.md", "_talks/tide.md"]
    (tmp_path / "_config.yml").write_text("collections: [talks, projects]\n")  # a list
    assert len(realtheme.owner_paragraphs(tmp_path)) == 3


def test_a_declared_collection_of_any_name_shows_its_paragraphs(tmp_path):
    """A collection the config declares under a name of the owner's (`essays`, with
    `output: true`) is read and written by Jekyll like any other: its documents' paragraphs
    are what the old site showed, so verify asks the new site for them too."""
    (tmp_path / "_config.yml").write_text("collections:\n  essays:\n    output: true\n")
    (tmp_path / "_essays").mkdir()
    (tmp_path / "_essays/tide.md").write_text(
        "---\ntitle: Tides\n---\nAn essay on the tide gauges of the northern harbour.\n")
    (tmp_path / "_drafts").mkdir()  # no collection: nothing of it shows
    (tmp_path / "_drafts/tide.md").write_text(
        "---\ntitle: Draft\n---\nA draft about the gauges nobody has read so far.\n")
    assert realtheme.owner_paragraphs(tmp_path) == {
        "_essays/tide.md": ["an essay on the tide gauges of the northern harbour"]}


def test_a_script_that_holds_the_words_of_its_own_tag_shows_no_words(tmp_path):
    """A saved page's script holds the string `"<script>"` (a library that writes tags):
    the browser ends the script at its first closing tag, so no word of it up to there is
    a paragraph; the words after the script are."""
    (tmp_path / "_pages").mkdir()
    (tmp_path / "_pages/saved.html").write_text(
        "---\ntitle: Saved\n---\n<script>\n// only run this code in an old browser when "
        "it asks for it\nvar tag = \"<script>\";\n</script>\n\n"
        "<p>The notes of the harbour survey, saved from the field laptop.</p>\n")
    assert realtheme.owner_paragraphs(tmp_path) == {
        "_pages/saved.html": ["the notes of the harbour survey saved from the field laptop"]}


def test_a_page_that_forwards_shows_no_text_a_visitor_stays_to_read(tmp_path):
    """A page that forwards after a moment (al-folio's `redirect:` item: a refresh after
    three seconds) is a redirect: its words are no text the site shows."""
    from sitemigrate.verify.site import BuiltSite
    (tmp_path / "item").mkdir()
    (tmp_path / "item/index.html").write_text(
        '<html><head><meta http-equiv="refresh" content="3; url=https://example.org/x">'
        "</head><body><p>A note on the tide gauges of the harbour.</p></body></html>")
    (tmp_path / "index.html").write_text(
        "<html><body><p>The harbour survey, its gauges and its people.</p></body></html>")
    site = BuiltSite(tmp_path)
    assert site.index.shows("the harbour survey its gauges and its people")
    assert not site.index.shows("a note on the tide gauges of the harbour")


def test_a_page_beside_the_config_shows_its_paragraphs(tmp_path):
    """Jekyll renders a file with front matter outside its `_` folders (`research.md` in
    the root, `notes/index.md`): its paragraphs are the old site's too. A file without
    front matter (a README), one `exclude:` names, and Jekyll's own vendor folder are not."""
    (tmp_path / "_config.yml").write_text("exclude: [drafts/]\n")
    words = "A survey of the tide gauges of the northern harbour in winter."
    for rel, text in (("research.md", f"---\ntitle: Research\n---\n{words}\n"),
                      ("notes/index.md", f"---\ntitle: Notes\n---\nNotes: {words}\n"),
                      ("README.md", f"# Site\n\nThe source of the site. {words}\n"),
                      ("drafts/x.md", f"---\ntitle: Draft\n---\nDraft: {words}\n"),
                      ("node_modules/p/a.md", f"---\ntitle: P\n---\nPackage: {words}\n")):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert sorted(realtheme.owner_paragraphs(tmp_path)) == ["notes/index.md", "research.md"]
