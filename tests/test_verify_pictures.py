"""A picture the old site showed that the new site shows broken (its address names no file
of the new build) is a loss `verify` names: once per address, with the pages that show it."""

from __future__ import annotations

from sitemigrate.report import Report
from sitemigrate.verify import BuiltSite, compare, record
from sitemigrate.verify.pictures import pictures


def page(root, rel, html, head=""):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><head>{head}</head><body><aside>{html}</aside>"
                    "<p>Ines maps the dunes of windy coasts.</p></body></html>\n")


def files(root, *rels):
    for rel in rels:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(b"x")


def test_the_pictures_a_page_shows():
    html = ('<img src="/a.png" srcset="/a-480.webp 480w, /a-800.webp 800w">'
            '<picture><source srcset="/b.webp"><img src=/b.jpg alt=""></picture>'
            '<div class="cover" style="background-image: url(&quot;/c.jpg&quot;)">x</div>'
            "<span style='background: url(/d.gif) no-repeat'></span>"
            '<link rel="shortcut icon" href="/favicon.ico"><link rel="stylesheet" href="/m.css">'
            '<!-- <img src="/hidden.png"> --><script>var s = "<img src=/js.png>";</script>'
            '<img src="data:image/png;base64,AAAA"><a href="/paper.pdf">paper</a>')
    assert pictures(html) == ["/a.png", "/a-480.webp", "/a-800.webp", "/b.webp", "/b.jpg",
                              "/c.jpg", "/d.gif", "/favicon.ico",
                              "data:image/png;base64,AAAA"]


def test_a_sidebar_picture_broken_on_every_page_is_one_loss(tmp_path):
    """The profile picture the old sidebar showed (`/images/ines.jfif`, a file of the old
    build) is written `/images//files/ines.jfif` on every new page: no file is there, so
    every page shows a broken picture. One finding names the address and how many pages."""
    old, new = tmp_path / "old", tmp_path / "new"
    for rel in ("index.html", "cv/index.html", "talks/index.html"):
        page(old, rel, '<img src="/images/ines.jfif" alt="Ines">')
        page(new, rel, '<img src="/images//files/ines.jfif" alt="Ines">')
    files(old, "images/ines.jfif")
    files(new, "images/ines.jfif")
    result = compare(BuiltSite(old), BuiltSite(new), tmp_path / "src")
    assert result.missing_files == []  # the file is there; its address is wrong
    [broken] = result.broken_pictures
    assert (broken.address, broken.was) == ("/images//files/ines.jfif", "/images/ines.jfif")
    assert broken.pages == ["index.html", "cv/index.html", "talks/index.html"]
    report = Report()
    record(result, report)
    [finding] = [f for f in report.findings if f.code == "verify-picture"]
    assert finding.severity == "loss"
    assert finding.message == (
        "the picture `/images//files/ines.jfif` on `/` and 2 more pages is broken on the "
        "new site (no file of it at that address); the old site showed it "
        "(`/images/ines.jfif`)")


def test_broken_pictures_after_the_base_path_in_every_place_a_page_shows_one(tmp_path):
    """The new site is served under `/dunes`: a picture written without it (`/assets/…`)
    names nothing the site serves, even though `_site/assets/…` exists; a `srcset`
    candidate, a `background-image` and the tab's icon are pictures too. A picture from
    elsewhere the old site showed, now written as a path of the site, is broken too."""
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "index.html", '<img src="/img/me.png"><div style="background-image:url(/img/'
         'sea.jpg)"></div><img src="https://pics.example.org/u/ines.webp">',
         head='<link rel="icon" href="/favicon.png">')
    files(old, "img/me.png", "img/sea.jpg", "favicon.png")
    page(new, "index.html", '<img src="/assets/img/me.png"><picture><source srcset='
         '"/dunes/assets/img/sea-480.webp 480w, /dunes/assets/img/sea.jpg 800w"></picture>'
         '<img src="/dunes/assets/img/https:/pics.example.org/u/ines.webp">',
         head='<link rel="icon" href="/dunes/assets/favicon.png">')
    files(new, "assets/img/me.png", "assets/img/sea-480.webp", "assets/sea.jpg", "favicon.png",
          "ines.webp")
    result = compare(BuiltSite(old), BuiltSite(new, "https://ines.example.org/dunes"),
                     tmp_path / "src")
    assert sorted((b.address, b.was) for b in result.broken_pictures) == [
        ("/assets/img/me.png", "/img/me.png"),
        ("/dunes/assets/favicon.png", "/favicon.png"),
        ("/dunes/assets/img/https:/pics.example.org/u/ines.webp",
         "https://pics.example.org/u/ines.webp"),
        ("/dunes/assets/img/sea.jpg", "/img/sea.jpg")]
    assert result.missing_files == []  # each file's name is in the new build


def test_a_picture_broken_before_or_lost_with_its_file_is_no_second_finding(tmp_path):
    """A picture the old site showed broken too (the owner never had `/images/old.png`),
    one the old site never showed (the template's own picture), and a file the new site
    lacks altogether (`verify-file` names it) are no broken-picture finding; a picture that
    loads on the new site is none either."""
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "index.html", '<img src="/images/old.png"><img src="/images/pond.png">'
         '<img src="/images/kite.png">')
    files(old, "images/pond.png", "images/kite.png")
    page(new, "index.html", '<img src="/images/old.png"><img src="/images/pond.png">'
         '<img src="/assets/example.jpg"><img src="/assets/img/kite.png">')
    files(new, "assets/img/kite.png")
    result = compare(BuiltSite(old), BuiltSite(new), tmp_path / "src")
    assert result.missing_files == [("index.html", "/images/pond.png")]
    assert result.broken_pictures == []


def test_a_source_that_did_not_build_had_the_pictures_of_its_folder(tmp_path):
    """The old build stopped on an error (no pages say what they showed): the picture files
    of the source folder stand in for them. The new site showing one of them broken is a
    loss; a broken picture of a name the source never had is none."""
    source = tmp_path / "src"
    files(source, "images/kite.png", "_site/images/stale.png", "notes.md")
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    page(new, "index.html", '<img src="/assets/img/kite.png"><img src="/assets/img/stale.png">'
         '<img src="/assets/img/example.jpg">')
    files(new, "images/kite.png", "images/stale.png")
    result = compare(BuiltSite(old), BuiltSite(new), tmp_path / "corpus", source=source,
                     old_is_baseline=False)
    assert [(b.address, b.was) for b in result.broken_pictures] == [
        ("/assets/img/kite.png", "/images/kite.png")]
    assert compare(BuiltSite(old), BuiltSite(new), tmp_path / "corpus",
                   source=source).broken_pictures == []


def test_a_picture_its_page_showed_broken_before_is_no_loss_when_it_moves(tmp_path):
    """The home page shows `images/kite.gif` whole; a post's relative `images/kite.gif`
    missed (`/posts/kite/images/kite.gif` names no file) on the old site. The conversion
    moves the post's address to another folder, still naming no file: the post showed the
    picture broken before, so no loss; the home page's picture, broken now, is one."""
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "index.html", '<img src="images/kite.gif">')
    page(old, "posts/kite/index.html", '<img src="images/kite.gif">')
    files(old, "images/kite.gif")
    page(new, "index.html", '<img src="/img/kite.gif">')
    page(new, "posts/kite/index.html", '<img src="/assets/img/posts/kite/images/kite.gif">')
    files(new, "images/kite.gif")
    result = compare(BuiltSite(old), BuiltSite(new), tmp_path / "src")
    assert [(b.address, b.was, b.pages) for b in result.broken_pictures] == [
        ("/img/kite.gif", "images/kite.gif", ["index.html"])]


def test_a_picture_of_every_suffix_the_converter_carries_is_a_file_verify_checks(tmp_path):
    """`.jfif` (a JPEG as a browser saves it) and `.bmp` are pictures the converter carries;
    the new site lacking them is a missing file, as a `.png` is. The tab's `.ico` is the
    theme's (each template ships its own)."""
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "index.html", '<img src="/images/me.jfif"><a href="/files/map.bmp">map</a>',
         head='<link rel="icon" href="/favicon.ico">')
    files(old, "images/me.jfif", "files/map.bmp", "favicon.ico")
    page(new, "index.html", '<p>no pictures</p>')
    result = compare(BuiltSite(old), BuiltSite(new), tmp_path / "src")
    assert sorted(result.missing_files) == [("index.html", "/files/map.bmp"),
                                            ("index.html", "/images/me.jfif")]


def test_a_picture_the_old_list_showed_and_the_new_list_does_not_is_named(tmp_path):
    """The old portfolio list showed two pictures in a project's text; the new projects
    list (its address forwards there) shows one of them on the project's card: the other is
    no broken picture, it is not shown at all, and `verify` names it. The profile picture
    the old sidebar showed on every page is the site's, not the list's; the tab's icon
    neither."""
    old, new = tmp_path / "old", tmp_path / "new"
    side = '<img src="/images/ines.png" alt="Ines">'
    icon = '<link rel="icon" href="/images/favicon.png">'
    page(old, "index.html", side, head=icon)
    page(old, "cv/index.html", side, head=icon)
    page(old, "portfolio/index.html", side + '<h2 class="archive__item-title">Dune map</h2>'
         "<p>Maps.<br><img src='/images/dune-a.png'><br><img src='../images/dune-b.png'></p>",
         head=icon)
    files(old, "images/ines.png", "images/favicon.png", "images/dune-a.png",
          "images/dune-b.png")
    page(new, "index.html", '<img src="/assets/img/ines.png">')
    page(new, "projects/index.html", '<img class="card-img-top" src="/assets/img/dune-a.png">'
         '<h2 class="card-title">Dune map</h2><p class="card-text">Maps.</p>')
    page(new, "portfolio/index.html", "", head='<meta http-equiv="refresh" content="0; '
         'url=/projects/">')
    files(new, "assets/img/ines.png", "assets/img/dune-a.png", "assets/img/dune-b.png")
    result = compare(BuiltSite(old), BuiltSite(new), tmp_path / "src")
    assert result.broken_pictures == [] and result.lists == []
    assert result.list_pictures == [("portfolio/index.html", "projects/index.html",
                                     "../images/dune-b.png")]
    report = Report()
    record(result, report)
    [finding] = [f for f in report.findings if f.code == "verify-list-picture"]
    assert finding.severity == "loss"
    assert finding.message == ("`/portfolio/` (now `/projects/`) showed the picture "
                               "`../images/dune-b.png`; the new list does not show it")
