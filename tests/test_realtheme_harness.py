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


def test_a_source_without_baseline_keeps_the_owners_own_dead_links_only(tmp_path):
    """Where the source cannot be built, a dead link of the new site is the owner's own only
    when their text writes it and their site has nothing at its first segment: a link to an
    example address copied from a template. A link into their posts stays counted."""
    corpus = tmp_path / "corpus"
    (corpus / "_pages").mkdir(parents=True)
    (corpus / "_pages" / "about.md").write_text(
        "---\nlayout: about\npermalink: /\n---\n\nSee the [papers page](/demo-theme/papers/) "
        "and my [field notes](/blog/2021/tent/).\n")
    src = tmp_path / "src"
    (src / "_posts").mkdir(parents=True)
    (src / "_config.yml").write_text("permalink: /blog/:year/:title/\n")
    (src / "_posts" / "2021-05-01-tent.md").write_text("---\ntitle: Tent\n---\n\nWind.\n")
    assert realtheme.owners_dead_link(corpus, src, "/demo-theme/papers/")
    assert not realtheme.owners_dead_link(corpus, src, "/blog/2021/tent/")  # SRC has /blog/
    assert not realtheme.owners_dead_link(corpus, src, "/elsewhere/")  # not the owner's link
    (src / "demo-theme").mkdir()
    assert not realtheme.owners_dead_link(corpus, src, "/demo-theme/papers/")


def test_menu_labels_leave_out_the_home_link_and_repeats():
    """The menu is compared without each theme's own home entry (al-folio's about title,
    academicpages' site title) and without a dropdown's repeated entry; a link to another
    site (or to the host's root when the site lives in a folder) is an entry."""
    entries = [("ada lovelace", "https://ada.example.org/notes/"), ("papers", "/notes/papers/"),
               ("talks", "https://ada.example.org/notes/talks/"), ("papers", "/notes/papers/"),
               ("english", "https://ada.example.org"), ("about current", "/notes/")]
    assert realtheme.menu_labels(entries, "https://ada.example.org/notes") == [
        "papers", "talks", "english"]
    assert realtheme.menu_labels([("cv", "//cv/"), ("home", "//")], "/") == ["cv"]
    # a dropdown's copy under another label (`Papers` in the menu, `papers` in a dropdown)
    assert realtheme.menu_labels([("Papers", "/papers/"), ("more", "#"), ("papers", "/papers/"),
                                  ("talks", "/talks/")], "/") == ["Papers", "talks"]


def test_menu_labels_leave_out_the_source_themes_furniture():
    """A menu entry of a page the conversion leaves out as the source theme's furniture (the
    template's Markdown guide) is not asked of the new menu; `//` in a path is `/`."""
    entries = [("papers", "https://ada.example.org/notes//papers/"),
               ("guide", "https://ada.example.org/notes/markdown/"),
               ("ada", "https://ada.example.org/notes//")]
    assert realtheme.menu_labels(entries, "https://ada.example.org/notes",
                                 ["/markdown/"]) == ["papers"]


def test_a_menu_entry_to_an_old_address_of_the_home_page_is_the_home_entry(tmp_path):
    """A source menu that links the home page by an old address (`/about/`, which
    jekyll-redirect-from forwards to the home) has that entry as its home entry."""
    site = tmp_path / "_site"
    (site / "about").mkdir(parents=True)
    (site / "about" / "index.html").write_text(
        '<!DOCTYPE html>\n<meta http-equiv="refresh" content="0; url=https://ada.example.org/notes/">')
    (site / "papers").mkdir()
    (site / "papers" / "index.html").write_text("<p>Papers</p>")
    entries = [("about", "/notes/about/"), ("papers", "/notes/papers/")]
    assert realtheme.menu_labels(entries, "https://ada.example.org/notes", (),
                                 realtheme.BuiltSite(site)) == ["papers"]
    assert realtheme.menu_labels(entries, "https://ada.example.org/notes") == ["about", "papers"]


def test_a_binary_stand_in_in_posts_is_no_post(tmp_path):
    """The overlay's empty stand-in for an image in `_posts` would be published by Jekyll as
    an (empty) post, an address the owner's site never had (the real image is not UTF-8 and
    Jekyll skips it): stand-ins of binary files there are made binary; text kinds (`.svg`,
    `.bib`) and stand-ins elsewhere stay as they are."""
    site = tmp_path / "site"
    for rel in ("_posts/2021-04-05-tern-counts.png", "notes/_posts/2021-04-05-map.PDF",
                "_posts/2021-04-05-colony.svg", "assets/img/tern.png"):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(b"")
    (site / "_posts/2021-04-06-plot.png").write_bytes(b"\x89PNG")  # the owner's, copied
    (site / ".lab-placeholders.txt").write_text(
        "_posts/2021-04-05-tern-counts.png\nnotes/_posts/2021-04-05-map.PDF\n"
        "_posts/2021-04-05-colony.svg\nassets/img/tern.png\n")
    changed = realtheme.binary_posts(site)
    assert changed == ["_posts/2021-04-05-tern-counts.png", "notes/_posts/2021-04-05-map.PDF"]
    for rel in changed:
        data = (site / rel).read_bytes()
        assert data and not _utf8(data)
    assert (site / "_posts/2021-04-05-colony.svg").read_bytes() == b""
    assert (site / "assets/img/tern.png").read_bytes() == b""
    assert (site / "_posts/2021-04-06-plot.png").read_bytes() == b"\x89PNG"


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_a_link_to_a_file_the_source_lacks_is_no_new_dead_link(tmp_path):
    """The owner linked `/assets/img/kit.jpg`, which SRC does not have; the conversion pointed
    the link at the target's folder and said so (`missing-file`). That link is dead on either
    site, whatever its address: the harness does not count it as the conversion's."""
    import json
    report = tmp_path / "cell.report.json"
    report.write_text(json.dumps({"findings": [
        {"code": "missing-file", "path": "_projects/kit.md", "message":
         "project image `/assets/img/kit%20a.jpg` does not exist in the source site; the link "
         "now points to `/images/kit%20a.jpg`: put the file there."},
        {"code": "asset", "message": "linked file `/assets/img/b.jpg` copied to `/images/b.jpg`."},
    ]}))
    assert realtheme.reported_missing(report) == {"/images/kit a.jpg"}
    assert realtheme.reported_missing(tmp_path / "none.json") == set()


def test_a_source_without_baseline_owns_its_links_to_files_it_lacks(tmp_path):
    """Without a baseline, a link the owner wrote to a file their site lacks (`/files/b.do`),
    and a relative link that names nothing against the address of the page it is on
    (`notes/a.pdf` on `/teaching/econ/`), are the owner's dead links; a file SRC has, or a
    relative link that names one of its files, stays counted."""
    page = ('---\npermalink: /teaching/econ/\n---\n\n<a href="/files/b.do">do</a> '
            '<a href="notes/a.pdf">notes</a> <a href="../../notes/a.pdf">up</a> '
            '<a href="/files/c.pdf">c</a>\n')
    corpus, src = tmp_path / "corpus", tmp_path / "src"
    for root in (corpus, src):
        (root / "_pages").mkdir(parents=True)
        (root / "_pages/econ.md").write_text(page)
    (src / "_config.yml").write_text("include: [_pages]\n")
    (src / "notes").mkdir()
    (src / "notes/a.pdf").write_bytes(b"%PDF")
    (src / "files").mkdir()
    (src / "files/c.pdf").write_bytes(b"%PDF")
    assert realtheme.owners_dead_link(corpus, src, "/files/b.do")
    assert realtheme.owners_dead_link(corpus, src, "notes/a.pdf")
    assert not realtheme.owners_dead_link(corpus, src, "../../notes/a.pdf")
    assert not realtheme.owners_dead_link(corpus, src, "/files/c.pdf")


def test_a_link_the_owner_wrote_with_spaces_is_theirs_as_the_build_encodes_it(tmp_path):
    """The built page links `/files/week%201.do` where the owner wrote `/files/week 1.do`
    (a file the corpus copy lacks): the same link, the owner's, not the run's."""
    corpus, src = tmp_path / "corpus", tmp_path / "src"
    for root in (corpus, src):
        (root / "_pages").mkdir(parents=True)
        (root / "_pages/econ.md").write_text('---\npermalink: /econ/\n---\n\n'
                                            '<a href="/files/week 1.do">week 1</a>\n')
    (src / "_config.yml").write_text("include: [_pages]\n")
    assert realtheme.owners_dead_link(corpus, src, "/files/week%201.do")


def test_a_menu_entry_that_forwards_to_furniture_is_not_asked_of_the_new_menu(tmp_path):
    """A menu page that forwards to an old address of a page left out as furniture (the
    template's JSON CV page, whose old address forwards on to the new CV page) is the same
    entry as the source menu's link to that furniture: not asked of the new menu."""
    site = tmp_path / "_site"
    for page, target in (("menu-cv", "https://ada.example.org/notes/cv-json/"),
                         ("cv-json", "/notes/cv/")):
        (site / page).mkdir(parents=True)
        (site / page / "index.html").write_text(
            f'<!DOCTYPE html>\n<meta http-equiv="refresh" content="0; url={target}">')
    entries = [("papers", "/notes/papers/"), ("cv", "/notes/menu-cv/")]
    assert realtheme.menu_labels(entries, "https://ada.example.org/notes", ["/cv-json/"],
                                 realtheme.BuiltSite(site)) == ["papers"]


def test_a_broken_picture_is_counted_once_among_the_broken_pictures(tmp_path, monkeypatch):
    """The profile picture the old sidebar showed is written at a wrong address on every new
    page: the comparison names it once (`pictures`), and the lab's dead-link measure, which
    finds the same address dead, does not count it again; another dead link still counts."""
    old, new = tmp_path / "old/_site", tmp_path / "new/_site"
    for root, src in ((old, "/images/ines.jfif"), (new, "/images//files/ines.jfif")):
        for rel in ("index.html", "cv/index.html"):
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(f'<html><body><img src="{src}">'
                                    "</body></html>")
        (root / "images").mkdir()
        (root / "images/ines.jfif").write_bytes(b"x")

    def built(site, dead):
        return realtheme.Build(0, set(), dead, realtheme.BuiltSite(site), "")
    monkeypatch.setattr(realtheme, "SITES", {"real/x/ines": "tpl"})
    cell = realtheme.Lab(tmp_path / "work").score(
        realtheme.Cell("real/x/ines", "tpl"), built(old, set()), built(new, set()),
        built(new, {"/images//files/ines.jfif", "/nowhere/"}))
    assert [(b.address, len(b.pages)) for b in cell.seen.broken_pictures] == [
        ("/images//files/ines.jfif", 2)]
    assert cell.new_dead == ["/nowhere/"]
    assert cell.measures()["pictures"] == 1 and cell.measures()["dead"] == 1


def test_a_menu_entry_of_a_page_the_owner_never_wrote_is_theirs(tmp_path):
    """Without a baseline, an entry of the owner's own menu to an address no file of SRC
    serves (a page not written yet) is dead on their site too; one to a page SRC has, or
    an address their menu does not name, stays counted."""
    corpus, src = tmp_path / "corpus", tmp_path / "src"
    for root in (corpus, src):
        (root / "_data").mkdir(parents=True)
        (root / "_data/navigation.yml").write_text(
            "main:\n  - title: About Kim\n    url: /about-kim/\n"
            "  - title: Field notes\n    url: /notes\n")
        (root / "_pages").mkdir()
        (root / "_pages/notes.md").write_text("---\npermalink: /notes/\n---\nNotes.\n")
    (src / "_config.yml").write_text("include: [_pages]\n")
    assert realtheme.owners_menu_entry(corpus, src, "/about-kim/")
    assert not realtheme.owners_menu_entry(corpus, src, "/notes/")
    assert not realtheme.owners_menu_entry(corpus, src, "/elsewhere/")
