"""How `verify` (and the real-theme harness) reads a list page's items: the titles a visitor
reads, each as often as the page shows it."""

from __future__ import annotations

from pathlib import Path

from sitemigrate.verify import BuiltSite, compare


def built(root: Path, pages: dict[str, str]) -> BuiltSite:
    for rel, body in pages.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<html><head><title>x</title></head><body><main>{body}</main>"
                        "</body></html>", "utf-8")
    return BuiltSite(root)


def test_a_title_s_screen_reader_text_is_no_word_of_the_title(tmp_path):
    """academicpages puts a permalink icon in each item's heading, with the word `Permalink`
    in a `sr-only` span that no visitor sees; a theme that shows the same title without it
    lists the same item."""
    old = built(tmp_path / "old", {"publications/index.html": (
        '<h2 class="archive__item-title"><a href="/x/">Moorings at Night</a> '
        '<a href="/publications/moorings/" rel="permalink"><i class="fa fa-link"></i>'
        '<span class="sr-only">Permalink</span></a></h2>'
        '<h2 class="archive__item-title">Tidal Clocks <span class="icon visually-hidden">'
        'link</span></h2>')})
    new = built(tmp_path / "new", {"publications/index.html": (
        '<div class="title">Moorings at Night</div><div class="title">Tidal Clocks</div>')})
    assert old.items("publications/index.html") == ["moorings at night", "tidal clocks"]
    result = compare(old, new, tmp_path / "src")
    assert result.lists == []


def test_an_item_of_a_file_left_out_on_purpose_is_not_asked_of_the_new_list(tmp_path):
    """The conversion left out `_news/fr/x.md` (reported: the translated example
    announcement of the template): a list of the old site showed it, the new one need not;
    an item of a file the conversion kept is still asked for."""
    src = tmp_path / "src"
    (src / "_news/fr").mkdir(parents=True)
    (src / "_news/fr/x.md").write_text("---\ntitle: Une annonce traduite\n---\nUne annonce.\n",
                                       "utf-8")
    old = built(tmp_path / "old", {"fr/news/index.html": (
        '<h3 class="post-title">Une annonce traduite</h3>'
        '<h3 class="post-title">Le jardin lunaire</h3>')})
    new = built(tmp_path / "new", {"fr/news/index.html": (
        '<h3 class="post-title">Le jardin lunaire</h3>')})
    assert compare(old, new, src, skip=["_news/fr/x.md"]).lists == []
    assert compare(old, new, src).lists == [
        ("fr/news/index.html", "fr/news/index.html", "missing", "une annonce traduite")]


def test_a_list_split_over_paginated_pages_lists_every_item(tmp_path):
    """A paginator (jekyll-paginate-v2 on the new site) shows the oldest posts on
    `blog/page/2/`, reached by the page's pagination links: the list still shows them; a
    page 2 nothing links to is not part of the list, and an item only there is missing."""
    old = built(tmp_path / "old", {"blog/index.html": (
        '<h2 class="post-title">Ferns in Winter</h2><h2 class="post-title">Kites</h2>'
        '<h2 class="post-title">A Quiet Harbour</h2>')})
    pages = {"blog/page/2/index.html": (
        '<h3 class="post-title">A Quiet Harbour</h3><ul class="pagination">'
        '<li class="page-item"><a class="page-link" href="/blog/">1</a></li></ul>')}
    first = ('<h3 class="post-title">Ferns in Winter</h3><h3 class="post-title">Kites</h3>')
    linked = built(tmp_path / "new", pages | {"blog/index.html": first + (
        '<ul class="pagination pagination-lg"><li class="page-item">'
        '<a class="page-link" href="/blog/page/2/">2</a></li></ul>')})
    assert linked.listing("blog/index.html") == ["blog/index.html", "blog/page/2/index.html"]
    assert compare(old, linked, tmp_path / "src").lists == []
    unlinked = built(tmp_path / "unlinked", pages | {"blog/index.html": first})
    assert compare(old, unlinked, tmp_path / "src").lists == [
        ("blog/index.html", "blog/index.html", "missing", "a quiet harbour")]


def test_a_list_inside_an_html_comment_lists_nothing(tmp_path):
    """An owner commented out the loop of their about page with `<!-- -->`: Liquid still
    rendered the items into the comment, and no visitor saw them; the new home page, which
    does not have them, lists nothing less."""
    old = built(tmp_path / "old", {"index.html": (
        '<p>About Ines Varga.</p><!--Publications <ul><li><h3 class="archive__item-title">'
        'Moss on Stones</h3></li></ul> -->'
        '<h3 class="archive__item-title">Tidal Clocks</h3>')})
    new = built(tmp_path / "new", {"index.html": '<p>About Ines Varga.</p>'})
    assert old.items("index.html") == ["tidal clocks"]
    assert compare(old, new, tmp_path / "src").lists == [
        ("index.html", "index.html", "missing", "tidal clocks")]


def test_a_block_inside_a_titles_element_is_no_part_of_the_title(tmp_path):
    """An owner's list puts each citation in a `<p>` inside the item's heading: a line of
    its own under the title. The title a visitor reads is the link's text, which a list
    that shows the citation elsewhere (or not at all) still lists."""
    old = built(tmp_path / "old", {"publications/index.html": (
        '<h3 class="archive__item-title"><a href="/p/moss/">Moss on Stones</a>\n'
        '<p style="font-size:12px;">Ines Varga and Ola Berg, Lichen Letters 2019.</p></h3>')})
    new = built(tmp_path / "new", {"publications/index.html": (
        '<div class="title">Moss on Stones</div><div class="author">I. Varga</div>')})
    assert old.items("publications/index.html") == ["moss on stones"]
    assert compare(old, new, tmp_path / "src").lists == []


def test_a_page_that_loops_over_a_collection_is_a_list_wherever_it_is(tmp_path):
    """The owner's page at `/seminars/` loops over `site.talks` (`_talks/`): it is a list
    page, though its name is none of the usual ones; a talk the new page no longer lists is
    missing (the old comparison looked at `/talks/` and the like only, and said nothing)."""
    src = tmp_path / "src"
    (src / "_talks").mkdir(parents=True)
    (src / "_pages").mkdir()
    (src / "_pages/seminars.html").write_text(
        "---\npermalink: /seminars/\n---\n{% for post in site.talks %}{{ post.title }}"
        "{% endfor %}\n", "utf-8")
    old = built(tmp_path / "old", {"seminars/index.html": (
        '<h2 class="archive__item-title">Gulls at the Pier</h2>'
        '<h2 class="archive__item-title">Salt Marsh Songs</h2>')})
    new = built(tmp_path / "new", {"seminars/index.html": (
        '<p><a href="/talks/gulls/"><b>Gulls at the Pier</b></a></p>')})
    assert compare(old, new, src).lists == [
        ("seminars/index.html", "seminars/index.html", "missing", "salt marsh songs")]


def test_the_owners_pages_read_by_verify_are_never_outside_the_site(tmp_path):
    """A page of `_pages/` or a CV data file that is a symbolic link to a file outside the
    site: verify's comparison reads none of it (its words could land in its report)."""
    from sitemigrate.verify.compare import listing_addresses
    from sitemigrate.verify.text import owner_details, owner_paragraphs
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("---\npermalink: /talks-elsewhere/\n---\n{% for t in "
                                       "site.talks %}{{ t.title }}{% endfor %}\n\nThe harbour "
                                       "keys hang behind the third door on the left.\n")
    (outside / "cv.yml").write_text("- title: The harbour keys hang behind the third door\n")
    site = tmp_path / "site"
    (site / "_pages").mkdir(parents=True)
    (site / "_talks").mkdir()
    (site / "_data").mkdir()
    (site / "_pages/leak.md").symlink_to(outside / "secret.md")
    (site / "_data/cv.yml").symlink_to(outside / "cv.yml")
    assert listing_addresses(site) == []
    said = repr(owner_paragraphs(site)) + repr(owner_details(site))
    assert "harbour" not in said


def _selected(*titles: str) -> str:
    return "<h2>selected publications</h2>" + "".join(
        f'<div class="title">{t}</div>' for t in titles)


def test_every_page_on_the_home_pages_layout_has_its_lists_compared(tmp_path):
    """A home page's lists (the about layout's selected papers) are compared on every page
    the old site lays out as its home page: its version in another language of a
    jekyll-polyglot site (`/zh/`), and a page at its own address on the same layout; not a
    page of another layout."""
    src = tmp_path / "src"
    (src / "_pages").mkdir(parents=True)
    (src / "_config.yml").write_text("plugins: [jekyll-polyglot]\nlanguages: [en, zh]\n"
                                     "default_lang: en\ninclude: [_pages]\n", "utf-8")
    (src / "_pages/about.md").write_text("---\nlayout: about\npermalink: /\n---\nHi.\n", "utf-8")
    (src / "_pages/bio.md").write_text("---\nlayout: about\npermalink: /bio/\n---\nMe.\n",
                                       "utf-8")
    (src / "_pages/misc.md").write_text("---\nlayout: page\npermalink: /misc/\n---\nX.\n",
                                        "utf-8")
    both = _selected("Lantern Moths", "Salt Roads")
    old = built(tmp_path / "old", {"index.html": both, "zh/index.html": both,
                                   "bio/index.html": both, "misc/index.html": both})
    new = built(tmp_path / "new", {"index.html": both, "zh/index.html": "<p>你好</p>",
                                   "bio/index.html": _selected("Salt Roads"),
                                   "misc/index.html": ""})
    assert sorted(compare(old, new, src).lists) == [
        ("bio/index.html", "bio/index.html", "missing", "lantern moths"),
        ("zh/index.html", "zh/index.html", "missing", "lantern moths"),
        ("zh/index.html", "zh/index.html", "missing", "salt roads")]


def test_a_page_whose_own_layout_lists_a_folder_is_a_list_page(tmp_path):
    """A series page (`french/carnet.md`, outside `_pages/`) says nothing of a list in its
    text: its layout `series` (the owner's, laid into another) assigns the posts to a
    variable and loops over it. The page lists the posts all the same, so a post the new
    page no longer lists is missing (was: the page was never compared as a list)."""
    src = tmp_path / "src"
    for rel, text in {
        "_config.yml": "title: Notes\n",
        "_posts/2025-01-02-gulls.md": "---\ntitle: Gulls at the Pier\n---\nGulls.\n",
        "_layouts/base.html": "<html>{{ content }}</html>\n",
        "_layouts/series.html": "---\nlayout: base\n---\n{% assign notes = site.posts | where: "
                                "\"lang\", page.lang %}{% for note in notes %}"
                                "<h2>{{ note.title }}</h2>{% endfor %}\n",
        "french/carnet.md": "---\nlayout: series\npermalink: /fr/carnet/\nlang: fr\n---\n"
                            "Le carnet.\n",
    }.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text, "utf-8")
    old = built(tmp_path / "old", {"fr/carnet/index.html": (
        '<h2 class="post-title">Gulls at the Pier</h2>'
        '<h2 class="post-title">Salt Marsh Songs</h2>')})
    new = built(tmp_path / "new", {"fr/carnet/index.html": (
        '<h2 class="post-title">Gulls at the Pier</h2>')})
    assert compare(old, new, src).lists == [
        ("fr/carnet/index.html", "fr/carnet/index.html", "missing", "salt marsh songs")]


def test_a_titles_element_that_opens_with_a_kicker_line_is_titled_by_its_heading(tmp_path):
    """An owner's card puts a kicker line (`<p>Reading notes</p>`) before the heading
    inside its title element: the title a visitor reads is the heading's text (was: the
    words before the first block, none, so the card listed nothing)."""
    old = built(tmp_path / "old", {"blog/index.html": (
        '<a class="card" href="/x/"><div class="card__title"><p>Reading notes</p>'
        '<h2>Moss on Stones</h2></div></a>')})
    assert old.items("blog/index.html") == ["moss on stones"]
    new = built(tmp_path / "new", {"blog/index.html": "<p>No posts.</p>"})
    assert compare(old, new, tmp_path / "src").lists == [
        ("blog/index.html", "blog/index.html", "missing", "moss on stones")]


def test_an_address_that_now_redirects_to_another_old_page_asks_for_its_own_items_only(
        tmp_path):
    """The old blog page listed posts the conversion left out; its address now redirects
    to the home page, whose own list is compared at its own address: the home page's items
    are not "added" to the blog's list; the blog's own items are still asked for there."""
    home = '<div class="title">Kelp Maps of the Fjord</div>'
    old = built(tmp_path / "old", {"index.html": home,
                                   "blog/index.html": '<h2 class="post-title">Ferns</h2>'})
    new = built(tmp_path / "new", {"index.html": home, "blog/index.html": ""})
    (tmp_path / "new/blog/index.html").write_text(
        '<html><head><meta http-equiv="refresh" content="0; url=/"></head></html>', "utf-8")
    new = BuiltSite(tmp_path / "new")
    assert compare(old, new, tmp_path / "src").lists == [
        ("blog/index.html", "index.html", "missing", "ferns")]


def test_a_tex_command_an_old_layout_printed_is_no_word_of_the_title(tmp_path):
    """The owner's old bibliography layout printed a title's `\\textit{Moss}` as
    `\\textitMoss`; the new template shows `Moss`: the same item, not one lost and another
    added."""
    old = built(tmp_path / "old", {"publications/index.html":
                                   '<div class="title">On \\textitMoss-Gardens</div>'})
    new = built(tmp_path / "new", {"publications/index.html":
                                   '<div class="title">On <i>Moss</i>-Gardens</div>'})
    assert compare(old, new, tmp_path / "src").lists == []


def test_a_tex_command_both_layouts_print_is_the_same_item(tmp_path):
    """Old and new layouts both print a title's `\\textit{Moss}` as `\\textitMoss`: the
    item is listed on both."""
    page = '<div class="title">On \\textitMoss-Gardens</div><p>Ola Berg</p>'
    old = built(tmp_path / "old", {"publications/index.html": page})
    new = built(tmp_path / "new", {"publications/index.html": page})
    assert compare(old, new, tmp_path / "src").lists == []


def test_the_cv_data_jekyll_names_resume_is_compared_wherever_the_site_keeps_it(tmp_path):
    """The CV data a CV layout reads as `site.data.resume`: a `_data/resume.json` (Jekyll
    names a data file's variable by its name) and the file `jekyll_get_json` loads under
    that name, wherever the site keeps it; an entry the old CV page showed that the new
    site shows nowhere is named."""
    from sitemigrate.verify.text import cv_data, owner_details
    src = tmp_path / "src"
    (src / "_data").mkdir(parents=True)
    (src / "files").mkdir()
    (src / "_config.yml").write_text("jekyll_get_json:\n  - data: resume\n    json: "
                                     "files/me.json\n  - data: weather\n    json: files/w.json\n")
    (src / "_data/resume.json").write_text('{"work": [{"position": "Harbour seal counter", '
                                           '"name": "North Dune Trust"}]}')
    (src / "files/me.json").write_text('{"awards": [{"title": "Golden kelp medal of 2019"}]}')
    (src / "files/w.json").write_text('{"today": "light rain over the bay"}')
    assert {"_data/resume.json", "files/me.json"} <= set(cv_data(src))
    assert "files/w.json" not in cv_data(src)
    old = built(tmp_path / "old", {"cv/index.html": (
        "<h3>Work</h3><p>Harbour seal counter, North Dune Trust</p>"
        "<h3>Awards</h3><p>Golden kelp medal of 2019</p>")})
    new = built(tmp_path / "new", {"cv/index.html": "<h3>Work</h3><p>Harbour seal counter</p>"})
    assert set(owner_details(src)) == {"_data/resume.json", "files/me.json"}
    assert sorted(compare(old, new, src).missing_details) == [
        ("_data/resume.json", "north dune trust"),
        ("files/me.json", "golden kelp medal of 2019")]


def test_a_news_item_of_a_few_words_is_asked_of_the_new_list_word_for_word(tmp_path):
    """Three announcements of a few words each (shorter than a paragraph): the old list
    dates them `Jan 15, 2024`, the new one `2024-01-15`. The one the new list lost is named,
    by its text, although its words are on that page in the others' (`paper`, `accepted`);
    the two it shows, with their dates written otherwise, are not."""
    src = tmp_path / "src"
    (src / "_news").mkdir(parents=True)
    news = {"a": ("2024-01-15", "Jan 15, 2024", "New paper accepted!"),
            "b": ("2023-11-02", "Nov 02, 2023", "Our second paper is out."),
            "c": ("2023-05-20", "May 20, 2023", "Talk accepted at Fernweek.")}
    for name, (date, _, text) in news.items():
        (src / f"_news/{name}.md").write_text(f"---\ndate: {date}\ninline: true\n---\n{text}\n",
                                              "utf-8")
    old = built(tmp_path / "old", {"news/index.html": "<table>" + "".join(
        f'<tr><th scope="row">{shown}</th><td>{text}</td></tr>'
        for _, shown, text in news.values()) + "</table>"})
    new = built(tmp_path / "new", {"news/index.html": "<ul>" + "".join(
        f"<li>{date}: {text}</li>" for name, (date, _, text) in news.items() if name != "a")
        + "</ul>"})
    result = compare(old, new, src)
    assert result.missing_details == [("_news/a.md", "new paper accepted")]
    assert result.missing_paragraphs == [] and result.lists == [] and result.dates == []
