"""Fixes found by the real-theme lab (tests/test_real_theme.py) for academicpages sites
converted into al-folio checkouts, each on an invented miniature: the blog lives at al-folio's
`/blog/`, tags with a space stay one tag, owner prose of listing pages and CVs is shown, the
data files the owner's pages read come along, venues and open end dates stay visible.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES
from test_checkout import _convert, _write, alfolio_checkout


def _front(path: Path) -> dict:
    return yaml.safe_load(path.read_text().split("---\n")[1])


def _source(tmp_path: Path, files: dict[str, str]) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    return _write(src, files)


_ARCHIVE = ("---\nlayout: archive\ntitle: Field notes\npermalink: /year-archive/\n"
            "author_profile: true\n---\n\nNotes from the field, mostly about batteries and "
            "snow.\n\n{% include base_path %}\n{% capture written_year %}'None'{% endcapture %}\n"
            "{% for post in site.posts %}\n  {% include archive-single.html %}\n{% endfor %}\n")


def _template_blog_page(dest: Path) -> None:
    """The al-folio checkout's own blog page (latest posts, pagination) at `/blog/`."""
    (dest / "_pages/blog.md").write_text(
        "---\nlayout: default\npermalink: /blog/\ntitle: blog\nnav: true\nnav_order: 1\n"
        "pagination:\n  enabled: true\n---\n<div class=\"post\">\n<div class=\"header-bar\">"
        "<h1>{{ site.blog_name }}</h1></div>\n{% for post in paginator.posts %}{% endfor %}\n"
        "</div>\n")


def test_the_owners_blog_listing_becomes_the_templates_blog_page(tmp_path):
    """al-folio links `/blog/` (latest posts, pagination): the template's blog page stays
    there with the owner's title, menu place and prose; the old address forwards to it."""
    src = _source(tmp_path, {"_pages/year-archive.html": _ARCHIVE})
    dest = alfolio_checkout(tmp_path / "checkout")
    _template_blog_page(dest)
    _convert(src, dest, "al-folio")
    blog = dest / "_pages/blog.md"
    front = _front(blog)
    assert front["permalink"] == "/blog/" and front["pagination"]["enabled"]
    # al-folio's menu shows the title: the label of the owner's menu (navigation.yml)
    assert front["title"] == "Blog Posts" and front["nav"] is True
    assert front["nav_order"] == 5  # its place in the source's menu
    text = blog.read_text()
    assert "paginator.posts" in text and text.count("mostly about batteries") == 1
    assert not (dest / "_pages/year-archive.html").exists()
    stubs = [_front(p) for p in (dest / "_pages/redirects").glob("*.md")]
    assert {"permalink": "/year-archive/", "redirect": "/blog/"}.items() <= {
        k: v for s in stubs if s.get("permalink") == "/year-archive/" for k, v in s.items()
    }.items()
    _convert(src, dest, "al-folio")  # a second run does not add the prose again
    assert blog.read_text().count("mostly about batteries") == 1


def test_a_blog_listing_whose_tags_a_formatter_wrapped_is_reused_too(tmp_path):
    """A formatter (Prettier) wraps Liquid tags across lines (`{% for` / `post in site.posts
    %}`): the listing is still the blog listing, and DEST's blog page at `/blog/` stays."""
    wrapped = ("---\nlayout: archive\ntitle: Field notes\npermalink: /year-archive/\n---\n\n"
               "{% include base_path %} {% capture written_year %}'None'{% endcapture %} {% for\n"
               "post in site.posts %} {% capture year %}{{ post.date | date: '%Y' }}{%\n"
               "endcapture %} {% include\narchive-single.html %} {% endfor %}\n")
    src = _source(tmp_path, {"_pages/year-archive.html": wrapped})
    dest = alfolio_checkout(tmp_path / "checkout")
    (dest / "_pages/blog.md").write_text(
        "---\nlayout: default\npermalink: /blog/\ntitle: blog\nnav: true\n---\n"
        "{% for post in paginator.posts %}{{ post.description }}{% endfor %}\n")
    _convert(src, dest, "al-folio")
    assert not (dest / "_pages/year-archive.html").exists()
    blog = dest / "_pages/blog.md"
    assert _front(blog)["title"] == "Blog Posts" and _front(blog)["permalink"] == "/blog/"
    assert "paginator.posts" in blog.read_text() and "site.posts" not in blog.read_text()


def test_a_blog_page_whose_listing_is_commented_out_is_reused_too(tmp_path):
    archive = _ARCHIVE.replace("{% include base_path %}", "<!-- later\n{% include base_path %}")
    src = _source(tmp_path, {"_pages/year-archive.html": archive + "-->\n"})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    assert not (dest / "_pages/year-archive.html").exists()
    assert "mostly about batteries" in (dest / "_pages/blog.md").read_text()


def test_the_2022_blog_page_gets_the_owners_menu_label(tmp_path):
    src = _source(tmp_path, {"_pages/year-archive.html": _ARCHIVE})
    dest = alfolio_checkout(tmp_path / "checkout")
    (dest / "_pages/blog.md").unlink()
    _write(dest, {"blog/index.html": "---\nlayout: default\ntitle: blog\npagination:\n"
                                     "  enabled: true\n---\n<div class=\"post\"></div>\n"})
    with (dest / "_config.yml").open("a") as f:
        f.write("blog_nav_title: blog\n")
    _convert(src, dest, "al-folio")
    assert yaml.safe_load((dest / "_config.yml").read_text())["blog_nav_title"] == "Blog Posts"
    text = (dest / "blog/index.html").read_text()
    assert "owner_intro | markdownify" in text and "mostly about batteries" in text
    assert not (dest / "_pages/year-archive.html").exists()


def test_a_tag_with_a_space_stays_one_tag(tmp_path):
    """Jekyll splits a string of tags at spaces; `display_tags` names the tag whole, so its
    archive link (`/blog/tag/field-work/`) must be a tag jekyll-archives makes."""
    src = _source(tmp_path, {
        "_posts/2023-03-01-thaw.md": "---\ntitle: Thaw\ndate: 2023-03-01\ntags:\n"
                                     "  - field work\n  - robots\ncategories:\n  - lab life\n"
                                     "---\nThe snow melted at last.\n"})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    front = _front(dest / "_posts/2023-03-01-thaw.md")
    assert front["tags"] == ["field work", "robots"]
    assert front["categories"] == ["lab life"]
    # tags without a space are written as before
    assert _front(dest / "_posts/2023-02-01-winter-fieldwork.md")["tags"] == "fieldwork robots"
    assert "field work" in yaml.safe_load((dest / "_config.yml").read_text())["display_tags"]


def test_a_profile_url_al_folio_keeps_as_an_id_still_shows(tmp_path):
    """academicpages' `site.author.googlescholar` is a URL; al-folio keeps the Scholar id:
    the listing page's sentence that tests and links it stays visible."""
    src = _source(tmp_path, {})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    text = (dest / "_pages/publications.html").read_text()
    assert "site.author.googlescholar" not in text
    assert "{% if site.data.socials.scholar_userid %}" in text
    assert ("{{site.data.socials.scholar_userid | prepend: "
            "'https://scholar.google.com/citations?user=' }}") in text
    assert "XyZ0123abcdE" in (dest / "_data/socials.yml").read_text()


_CV = ("---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n{% include base_path %}\n\n"
       "Education\n======\n* Ph.D in Glaciology, Example University, 2019\n\n"
       "Fieldwork\n======\n**Svalbard season**  \n*Example Polar Station*  \n"
       "Counted snow buntings from a tent for six weeks.\n")


def test_a_page_listing_the_posts_at_its_own_address_is_the_blog(tmp_path):
    """A page of the owner's whose own loop lists the posts, at an address of its choosing
    (`/blog/`, not the template's `/year-archive/`), is the blog: one page at `/blog/` in
    al-folio, with the owner's prose (the template's blog page there was a second one, and
    Jekyll kept only one of them)."""
    page = _ARCHIVE.replace("/year-archive/", "/blog/")
    src = _source(tmp_path, {"_pages/notes.html": page})
    dest = alfolio_checkout(tmp_path / "checkout")
    _template_blog_page(dest)
    _convert(src, dest, "al-folio")
    at_blog = [p for p in (dest / "_pages").rglob("*.*")
               if _front(p).get("permalink") == "/blog/"]
    assert len(at_blog) == 1, at_blog
    assert at_blog[0].read_text().count("mostly about batteries") == 1


def test_cv_text_the_cv_layout_would_hide_stays_page_text(tmp_path):
    """al-folio's CV layout shows `_data/cv.yml`, never the page text: a CV section of
    prose (not one entry a bullet) keeps the whole CV as the page's text."""
    src = _source(tmp_path, {"_pages/cv.md": _CV})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    cv = dest / "_pages/cv.md"
    assert _front(cv)["layout"] == "page"
    text = cv.read_text()
    assert "Counted snow buntings" in text and "Ph.D in Glaciology" in text
    assert any(f.code == "cv-text" for f in plan.report.findings)


def test_a_cv_note_is_the_cv_pages_description(tmp_path):
    """One line besides the sections (a note on the PDF) is shown under the CV's title."""
    src = _source(tmp_path, {"_pages/cv.md": _CV.split("Fieldwork")[0].replace(
        "{% include base_path %}\n", "{% include base_path %}\n\nUpdated in [May](/files/cv.pdf).\n")})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    front = _front(dest / "_pages/cv.md")
    assert front["layout"] == "cv"
    assert front["description"].startswith("Updated in <a href='/assets/pdf/cv.pdf'>May</a>")
    assert "Glaciology" in (dest / "_data/cv.yml").read_text()


def test_a_cv_section_the_owner_commented_out_is_no_description(tmp_path):
    """An HTML comment with blank lines in it (a section the owner took off the CV) is no
    text: no line of it becomes the CV's description, shown under its title."""
    off = "\n<!--\n\nOlympiads\n======\n\n* A regional final, 2009\n\n-->\n"
    src = _source(tmp_path, {"_pages/cv.md": _CV.split("Fieldwork")[0] + off})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    front = _front(dest / "_pages/cv.md")
    assert front["layout"] == "cv" and "description" not in front
    assert "regional final" not in (dest / "_data/cv.yml").read_text()


def test_a_source_setting_the_owners_page_tests_is_carried(tmp_path):
    """academicpages' `talkmap_link` means nothing to al-folio, but the owner's talks page
    shows its sentence only `{% if site.talkmap_link %}`: the key is carried."""
    src = _source(tmp_path, {
        "_pages/talks.html": "---\nlayout: archive\ntitle: Talks\npermalink: /talks/\n---\n"
                             "{% if site.talkmap_link == true %}<p>Pins on a map of my talks."
                             "</p>{% endif %}\n"})
    with (src / "_config.yml").open("a") as f:
        f.write("talkmap_link: true\n")
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    assert yaml.safe_load((dest / "_config.yml").read_text())["talkmap_link"] is True


def test_a_setting_a_copy_of_a_stock_listing_tests_on_another_page_is_carried(tmp_path):
    """A datasets page made from a copy of the projects page's Liquid (`{% if
    site.enable_project_categories and page.display_categories %}`): only the projects
    page's listing is swapped for the target's, so this page keeps its Liquid, and the
    setting it tests is carried (its category headings stay); was: read as the stock
    listing everywhere, the setting was dropped and the headings went."""
    import sitemigrate
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/datasets.md").write_text(
        "---\nlayout: page\ntitle: datasets\npermalink: /datasets/\nnav: true\n"
        "display_categories: [2021]\n---\n{%- if site.enable_project_categories and "
        "page.display_categories -%}{%- for category in page.display_categories -%}\n"
        "<h2>{{ category }}</h2>\n{%- endfor %}{%- endif -%}\n")
    with (src / "_config.yml").open("a") as f:
        f.write("enable_project_categories: true\n")
    sitemigrate.convert(src, tmp_path / "ap", to="academicpages").apply()
    config = yaml.safe_load((tmp_path / "ap/_config.yml").read_text())
    assert config.get("enable_project_categories") is True


def test_a_relative_cv_pdf_and_a_link_with_a_space(tmp_path):
    """`cv_pdf: ../files/cv.pdf` is relative to the CV page (the layout puts `assets/pdf/` in
    front: `/assets/pdf/../files/` was dead); a space inside a link's URL stops al-folio's
    jekyll-target-blank, so it is written `%20`."""
    src = _source(tmp_path, {
        "_pages/cv.md": _CV.split("Fieldwork")[0] + "The [PDF](../files/cv.pdf).\n",
        "_pages/press.md": "---\ntitle: Press\npermalink: /press/\n---\nA review in "
                           "[a paper](https://news.example.org/review- of-the-season-1).\n"})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    assert _front(dest / "_pages/cv.md")["cv_pdf"] == "cv.pdf"
    assert (dest / "assets/pdf/cv.pdf").is_file()
    assert "(https://news.example.org/review-%20of-the-season-1)" in (
        dest / "_pages/press.md").read_text()


def _rendercv_checkout(tmp_path: Path, title: str, shows: str) -> Path:
    """The al-folio checkout with a RenderCV layout like the 2026 one: the section titled
    ``title`` laid out by the Liquid ``shows``, any other one's bullet entries only."""
    dest = alfolio_checkout(tmp_path / "checkout")
    (dest / "_data/cv.yml").write_text("cv:\n  name: Example Nobody\n  sections: {}\n")
    (dest / "_layouts/cv.liquid").write_text(
        "---\nlayout: default\n---\n{% for s in site.data.cv.cv.sections %}"
        f"{{% assign section_title = s[0] %}}{{% if section_title == '{title}' %}}{shows}"
        "{% else %}{% for e in s[1] %}{{ e.bullet }}{% endfor %}{% endif %}{% endfor %}\n")
    return dest


def test_rendercv_work_and_text_lines_are_shown_by_the_2026_cv_layout(tmp_path):
    """al-folio's RenderCV layout shows experience entries only under `Experience` and, in
    any other section, bullet entries but not text lines: `Work experience` is written as
    `Experience`, a line of text as a bullet entry, and an entry of a section whose title
    the layout does not test (talks, written as job entries, showed nothing) a bullet entry
    with every text it has."""
    src = _source(tmp_path, {"_pages/cv.md": (
        "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n{% include base_path %}\n\n"
        "Education\n======\n* Ph.D in Glaciology, Example University, 2019\n\n"
        "Work experience\n======\n* Summer 2015: Research Assistant\n"
        "  * Example Polar Station\n  * Duties included: Counting snow buntings\n\n"
        "Service and leadership\n======\n* Member of eleven ski clubs\n\n"
        "Invited talks\n======\n* Spring 2018: Counting buntings by night\n"
        "  * Example Alpine Society\n")})
    # jobs only under `Experience`, else bullets
    dest = _rendercv_checkout(tmp_path, "Experience",
                              "{% for e in s[1] %}{{ e.position }} {{ e.company }}{% endfor %}")
    _convert(src, dest, "al-folio")
    sections = yaml.safe_load((dest / "_data/cv.yml").read_text())["cv"]["sections"]
    assert "Work experience" not in sections
    assert sections["Experience"][0]["position"] == "Research Assistant"
    assert sections["Service and leadership"] == [{"bullet": "Member of eleven ski clubs"}]
    [talk] = sections["Invited talks"]
    assert set(talk) == {"bullet"} and "Counting buntings by night" in talk["bullet"]
    assert "Example Alpine Society" in talk["bullet"] and "2018" in talk["bullet"]


def test_rendercv_work_section_keeps_its_title_where_the_cv_layout_does_not_test_it(tmp_path):
    """Only a CV layout that shows jobs under `Experience` alone gets the section renamed: the
    owner's own title stays everywhere else (here: no checkout)."""
    src = _source(tmp_path, {"_pages/cv.md": (
        "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n"
        "Work experience\n======\n* Summer 2015: Research Assistant\n"
        "  * Example Polar Station\n")})
    out = tmp_path / "out"
    _convert(src, out, "al-folio")
    sections = yaml.safe_load((out / "_data/cv.yml").read_text())["cv"]["sections"]
    assert list(sections) == ["Work experience"]


def test_a_page_jekyll_writes_over_is_not_converted(tmp_path):
    """Two pages with one permalink: Jekyll writes them in the order of their file names, so
    the visitor sees the last one only. The one written over is reported, not converted: it
    neither becomes the CV nor takes the address (or a second menu entry) from the one
    shown."""
    src = _source(tmp_path, {
        "_pages/cv.md": "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n"
                        "My CV, with every snow bunting I counted, is [here](/files/cv.pdf).\n",
        "_pages/cv-2019.md": _CV})
    (src / "_data/cv.json").unlink()  # the CV is a page's, as on most academicpages sites
    (src / "_pages/cv-json.md").unlink()
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    cv = dest / "_pages/cv.md"
    assert _front(cv)["layout"] == "page" and _front(cv)["permalink"] == "/cv/"
    assert "every snow bunting I counted" in cv.read_text()
    written = [p for p in dest.rglob("*") if p.is_file() and p.suffix in (".md", ".yml")]
    assert not any("Counted snow buntings" in p.read_text() or "Glaciology" in p.read_text()
                   for p in written)
    shadowed = [f for f in plan.report.findings if f.code == "shadowed"]
    assert [f.path for f in shadowed] == ["_pages/cv-2019.md"]
    assert "_pages/cv.md" in shadowed[0].message


def test_a_publication_page_shows_its_venue(tmp_path):
    """academicpages' publication page shows the venue and year above the text; al-folio's
    page layout shows no venue, so the page written for a publication's text has it."""
    src = _source(tmp_path, {"_publications/2022-06-01-snow-buntings.md": (
        "---\ntitle: Counting Snow Buntings\ncollection: publications\n"
        "permalink: /publication/2022-06-01-snow-buntings\ndate: 2022-06-01\n"
        "venue: 'Proceedings of the Society of Tent Ornithology'\n---\n"
        "We counted snow buntings from a tent for six weeks.\n")})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    text = (dest / "_pages/publications/2022-06-01-snow-buntings.md").read_text()
    assert "<p><em>Proceedings of the Society of Tent Ornithology</em>, 2022</p>" in text
    assert "from a tent for six weeks" in text


def test_a_data_file_the_owners_page_reads_is_copied_along(tmp_path):
    """The owner's about page lists `site.data.cv.skills` from a `_data/cv.yml` of their
    own (academicpages has none; the CV itself is a PDF): that file replaces the template's
    example CV data instead of leaving the list empty. A data file the converted site has
    itself (the writer's `_data/socials.yml`) is not overwritten, and that is reported."""
    about = ("---\npermalink: /\ntitle: About\n---\nI count things in the snow.\n\n"
             "{% for skill in site.data.cv.skills.field %}<span>{{ skill.name }}</span>"
             "{% endfor %}\n{{ site.data['lab-members'].size }} people; "
             "{{ site.data.socials.mastodon }}\n")
    src = _source(tmp_path, {
        "_pages/about.md": about,
        "_pages/cv.md": "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n"
                        "<embed src=\"/files/cv.pdf\">\n",
        "_data/cv.yml": "skills:\n  field:\n    - name: counting snow buntings from a tent\n",
        "_data/lab-members.yml": "- name: Ann Example\n",
        "_data/socials.yml": "mastodon: '@nobody@example.social'\n"})
    for rel in ("_data/cv.json", "_pages/cv-json.md"):
        (src / rel).unlink()
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    assert (dest / "_data/cv.yml").read_text() == (src / "_data/cv.yml").read_text()
    assert (dest / "_data/lab-members.yml").read_text() == "- name: Ann Example\n"
    assert "mastodon" not in (dest / "_data/socials.yml").read_text()
    kept = [f for f in plan.report.findings if f.code == "data-kept"]
    assert len(kept) == 1 and "site.data.socials" in kept[0].message


_UNTYPED = ("---\ntitle: \"Snow Depth and Bunting Nests\"\ncollection: publications\n"
            "permalink: /publication/2022-02-01-snow\ndate: 2022-02-01\n"
            "venue: 'Letters on Northern Birds'\n---\n")


def _entry(dest: Path, title: str) -> str:
    papers = (dest / "_bibliography/papers.bib").read_text()
    return next(e for e in papers.split("\n@") if title in e)


def test_an_untyped_venue_is_written_where_the_bib_layout_shows_one(tmp_path):
    """A publication without a type is `@misc`, its venue in `howpublished`/`note`; a bib
    layout that prints neither (al-folio 2022's shows an article's journal, a proceedings'
    book title) would hide the venue: read from DEST's layout, it is then an article."""
    src = _source(tmp_path, {"_publications/2022-02-01-snow.md": _UNTYPED})
    for layout, expected in (
            ("<div>{{ entry.title }}</div>{% if entry.type == 'article' %}<em>{{ entry.journal }}"
             "</em>{% else %}<em>In {{ entry.booktitle }}</em>{% endif %} {{ entry.year }}",
             ("article{", "journal = {Letters on Northern Birds}")),
            # a layout that prints `note` shows the venue of a `@misc`: the type stays
            ("{{ entry.journal }}{{ entry.note }}",
             ("misc{", "note = {Letters on Northern Birds}"))):
        dest = alfolio_checkout(tmp_path / f"checkout-{expected[0][:-1]}")
        (dest / "_layouts/bib.liquid").write_text(f"---\n---\n{layout}\n")
        _convert(src, dest, "al-folio")
        entry = _entry(dest, "Snow Depth")
        assert entry.startswith(expected[0]) and expected[1] in entry


def test_a_venue_the_bib_layout_cannot_show_is_reported(tmp_path):
    """A talk kept as a publication is `@misc`; an older bib layout (al-folio 2022's) shows
    the venue of an article or a proceedings only: the venue is kept in the entry and one
    finding says the page does not show it (was: silent)."""
    talk = _UNTYPED.replace("collection: publications", "collection: talks\ntype: talk")
    src = _source(tmp_path, {"_publications/2022-02-01-snow.md": talk})
    for layout, told in (
            ("{% if entry.type == 'article' %}<em>{{ entry.journal }}</em>{% else %}<em>In "
             "{{ entry.booktitle }}</em>{% endif %} {{ entry.year }}", True),
            ("{{ entry.journal }}{{ entry.note }}", False)):
        dest = alfolio_checkout(tmp_path / f"checkout-{told}")
        (dest / "_layouts/bib.liquid").write_text(f"---\n---\n{layout}\n")
        plan = _convert(src, dest, "al-folio")
        assert "Letters on Northern Birds" in _entry(dest, "Snow Depth")
        venue = [f.message for f in plan.report.findings if f.code == "publication-venue"]
        assert len(venue) == int(told), venue
        assert not told or "`Letters on Northern Birds`" in venue[0]


def test_an_open_end_date_keeps_the_owners_word_in_rendercv(tmp_path):
    """al-folio's RenderCV layout prints `end_date` as written: `Ongoing` stays `Ongoing`
    (not RenderCV's `present`, a word the owner did not write)."""
    src = _source(tmp_path, {"_pages/cv.md": (
        "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n\n"
        "Work experience\n======\n* Autumn 2019 - Ongoing: Snow counter\n"
        "  * Example Polar Station\n* Winter 2016 - Present: Ski waxer\n"
        "  * Example Ski Club\n")})
    dest = alfolio_checkout(tmp_path / "checkout")
    (dest / "_data/cv.yml").write_text("cv:\n  name: Example Nobody\n  sections: {}\n")
    _convert(src, dest, "al-folio")
    sections = yaml.safe_load((dest / "_data/cv.yml").read_text())["cv"]["sections"]
    jobs = {e["position"]: e for s in sections.values() for e in s}
    assert (jobs["Snow counter"]["start_date"], jobs["Snow counter"]["end_date"]) == (
        "Autumn 2019", "Ongoing")
    assert jobs["Ski waxer"]["end_date"] == "Present"


def test_a_page_shows_the_owners_menu_label_in_al_folios_menu(tmp_path):
    """al-folio's menu shows a page's title, academicpages' its navigation.yml label: a page
    the menu links as `Talks` (titled `Talks and presentations`) or as `CV` (no title of its
    own) is titled with that label, so the menu reads as the owner's did (reported)."""
    src = _source(tmp_path, {
        "_pages/cv.md": "---\nlayout: archive\ntitle: ''\npermalink: /cv/\n---\n\n"
                        "My curriculum, in one PDF file, updated every spring term.\n",
        "_pages/talks.html": "---\nlayout: archive\ntitle: Talks and presentations\n"
                             "permalink: /talks/\n---\n\nSome talks given at the field "
                             "station over the years.\n"})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    assert _front(dest / "_pages/cv.md")["title"] == "CV"
    talks = _front(dest / "_pages/talks.html" if (dest / "_pages/talks.html").exists()
                   else dest / "_pages/talks.md")
    assert talks["title"] == "Talks" and talks["nav"] is True
    assert any("(its own title was `Talks and presentations`)" in e.message
               for e in plan.report.findings if e.code == "menu-title")



def test_the_about_page_keeps_the_menu_label_the_source_menu_gave_it(tmp_path):
    """al-folio's menu shows the about page's `title` as its first entry; an academicpages
    menu that links `/` as `About` while the page greets with `Good morning!` keeps `About`
    in the menu (before: the greeting became the menu label)."""
    about = (FIXTURES / "academicpages-site/_pages/about.md").read_text().replace(
        'title: "About me"', 'title: "Good morning!"')
    src = _source(tmp_path, {
        "_pages/about.md": about,
        "_data/navigation.yml": "main:\n  - title: About\n    url: /\n"
                                "  - title: Talks\n    url: /talks/\n"})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    assert _front(dest / "_pages/about.md")["title"] == "About"
    assert any("(its own title was `Good morning!`)" in e.message
               for e in plan.report.findings if e.code == "menu-title")

_MENU = ("main:\n  - title: Hello\n    url: /about/\n  - title: Sky charts\n    url: /charts/\n"
         "  - title: CV\n    url: /cv/\n  - title: Write to me\n    url: /markdown/\n"
         "  - title: Lab\n    url: https://lab.example.org/\n    external: true\n")
_CHARTS = ("---\ntitle: Sky charts\ncollection: publications\npermalink: /charts/\n"
           "layout: single\n---\nCharts of the winter sky drawn from a frozen lake.\n")
_CONTACT = ("---\npermalink: /markdown/\ntitle: Write to me\nauthor_profile: true\n---\n\n"
            "Letters about batteries and snow are welcome at the tent.\n")


def test_a_publication_page_the_menu_links_is_in_the_al_folio_menu(tmp_path):
    """academicpages' menu is `_data/navigation.yml`; al-folio's lists pages with `nav`. A
    publication whose text has its own page at the address the menu links is in the menu,
    in its place, and the old about address is al-folio's home entry: no entry is lost."""
    src = _source(tmp_path, {"_data/navigation.yml": _MENU, "_publications/charts.md": _CHARTS})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    charts = _front(dest / "_pages/publications/charts.md")
    assert (charts["permalink"], charts["nav"], charts["nav_order"]) == ("/charts/", True, 2)
    assert charts["title"] == "Sky charts"
    lost = [f.message for f in plan.report.findings if f.code == "menu-entry"
            and f.outcome == "verbatim"]
    assert lost == [] or all("/markdown/" in m for m in lost)  # no page at /markdown/ here


def test_the_markdown_guide_the_owner_made_their_contact_page_is_carried(tmp_path):
    """A furniture page the owner retitled and linked in their menu (academicpages' Markdown
    guide at /markdown/ as a contact page) is their page: carried, in its menu place."""
    src = _source(tmp_path, {"_data/navigation.yml": _MENU, "_pages/markdown.md": _CONTACT})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    contact = dest / "_pages/markdown.md"
    assert _front(contact)["title"] == "Write to me" and _front(contact)["nav_order"] == 4
    assert _front(contact)["permalink"] == "/markdown/"
    assert "Letters about batteries and snow" in contact.read_text()
    assert not (dest / "_pages/redirects/markdown.md").exists()  # not forwarded home
    assert any(f.code == "furniture-owned" for f in plan.report.findings)


def test_an_external_menu_entry_is_a_page_that_forwards_in_al_folio_2024(tmp_path):
    """al-folio 2024-25's header links a page's own address, and its default layout forwards
    a page with `redirect: https://...` there: the external entry is such a page, in place."""
    src = _source(tmp_path, {"_data/navigation.yml": _MENU})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    front = _front(dest / "_pages/menu-lab.md")
    assert front["redirect"] == "https://lab.example.org/" and front["title"] == "Lab"
    assert front["permalink"] == "/menu-lab/" and front["nav"] is True
    assert front["nav_order"] == 5  # its place in the source's menu


def test_the_stock_markdown_guide_in_the_stock_menu_stays_furniture(tmp_path):
    """The template's guide under its own title and menu label is still not carried."""
    guide = _CONTACT.replace("Write to me", "Markdown")
    menu = _MENU.replace("Write to me", "Guide")
    src = _source(tmp_path, {"_data/navigation.yml": menu, "_pages/markdown.md": guide})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    assert not (dest / "_pages/markdown.md").exists()
    assert any(f.code == "furniture" and f.path == "_pages/markdown.md"
               for f in plan.report.findings)


def test_an_external_menu_entry_forwards_by_itself_in_al_folio_2022(tmp_path):
    """2020-23's layout forwards a `redirect:` page home only: the external entry is a menu
    page of the template's `none` layout that forwards there by itself."""
    src = _source(tmp_path, {"_data/navigation.yml": _MENU})
    dest = tmp_path / "out"
    from sitemigrate.registry import Options
    _convert(src, dest, "al-folio", options=Options(generation="2020-23"))
    page = dest / "_pages/menu-lab.html"
    front = _front(page)
    assert (front["layout"], front["title"], front["nav"], front["nav_order"]) == (
        "none", "Lab", True, 5)
    assert front["permalink"] == "/menu-lab/" and "redirect" not in front
    assert '<meta http-equiv="refresh" content="0; url=https://lab.example.org/">' in \
        page.read_text()


def test_an_external_menu_entry_is_linked_as_such_where_the_checkouts_header_does(tmp_path):
    """A 2024-25 checkout whose header links a page with an external permalink there (late
    2025 templates): the menu page's permalink is the URL, no forwarding page."""
    src = _source(tmp_path, {"_data/navigation.yml": _MENU})
    dest = alfolio_checkout(tmp_path / "checkout")
    _write(dest, {"_includes/header.liquid": (
        "{% for p in site.pages %}{% if p.permalink contains '://' %}"
        "<a href=\"{{ p.permalink }}\">{{ p.title }}</a>{% endif %}{% endfor %}\n")})
    _convert(src, dest, "al-folio")
    front = _front(dest / "_pages/menu-lab.md")
    assert front["permalink"] == "https://lab.example.org/" and "redirect" not in front
    assert (front["title"], front["nav"], front["nav_order"]) == ("Lab", True, 5)


def _page_cv_only(src: Path) -> Path:
    """The source without its CV data file: the CV is its CV page's, as on most sites."""
    (src / "_data/cv.json").unlink()
    (src / "_pages/cv-json.md").unlink()
    return src


def _cv_kept_as_page(tmp_path: Path, body: str, files: dict[str, str] | None = None) -> tuple:
    """A CV page of ``body`` (and ``files``) over the page-CV source, converted into the
    al-folio checkout: the plan and DEST, whose CV page has kept its text (layout `page`)."""
    page = "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n\n## Education\n\n" + body
    src = _page_cv_only(_source(tmp_path, {**(files or {}), "_pages/cv.md": page}))
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    assert _front(dest / "_pages/cv.md")["layout"] == "page"
    return plan, dest


def test_cv_notes_the_cv_layout_would_hide_keep_the_page_text(tmp_path):
    """Notes of a Markdown CV (a key to its marks, a line under a heading) are no CV entry:
    al-folio's CV layout would show none of them, so the page keeps its whole text."""
    plan, dest = _cv_kept_as_page(tmp_path, (
        "* Ph.D in Glaciology, Example University, 2019\n\n## Teaching\n\n"
        "Graduate courses in **bold**.\n\n* **Ice Physics**, Example University, 2020\n\n"
        "## Research\n\n\\* = student co-author\n\n* Snow on the Moon*, 2021\n"))
    text = (dest / "_pages/cv.md").read_text()
    assert "Graduate courses in **bold**." in text and "= student co-author" in text
    assert "Ph.D in Glaciology" in text
    said = [f.message for f in plan.report.findings if f.code in ("cv-text", "cv-page")]
    assert any("keeps its whole text" in m for m in said), said
    assert not any("moved from the page text" in m for m in said), said


def test_a_cv_page_showing_the_owners_cv_data_keeps_it(tmp_path):
    """A CV page whose own Liquid shows `site.data.cv` (the owner's `_data/cv/` folder)
    keeps its text, and the owner's data keeps its name: no `_data/cv.yml` of the
    converter's (nor the template's example) stands in its place."""
    plan, dest = _cv_kept_as_page(tmp_path, (
        "{% for item in site.data.cv.education %}\n* {{ item.degree }}, "
        "{{ item.university }}\n{% endfor %}\n\n## Service\n\n"
        "* Reviewer, Journal of Snow, 2021\n"), {
        "_data/cv/education.yml": "- degree: Ph.D\n  university: Example University\n"})
    text = (dest / "_pages/cv.md").read_text()
    assert "site.data.cv.education" in text and "Reviewer" in text
    assert not (dest / "_data/cv.yml").exists()
    assert (dest / "_data/cv/education.yml").read_text().startswith("- degree: Ph.D")
    assert not any(f.code == "data-kept" for f in plan.report.findings)


def test_cv_text_in_a_field_the_sections_include_does_not_show_is_a_highlight(tmp_path):
    """al-folio's RenderCV layout lays out `Education` with an include of its own, which
    shows an entry's degree, area and highlights but no `summary`: the degree's note in
    parentheses is written as the entry's first highlight, so that it is shown."""
    src = _page_cv_only(_source(tmp_path, {"_pages/cv.md": (
        "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n\nEducation\n======\n"
        "* M.Sc in Glaciology (Ice and Snow), Example University, 2012\n")}))
    dest = _rendercv_checkout(tmp_path, "Education",
                              "{% assign entries = s[1] %}{% include cv/education.liquid %}")
    _write(dest, {"_includes/cv/education.liquid": (
        "{% for entry in entries %}{{ entry.degree }} {{ entry.area }} {{ entry.institution }}"
        " {{ entry.end_date }}{% for h in entry.highlights %}{{ h }}{% endfor %}{% endfor %}\n")})
    plan = _convert(src, dest, "al-folio")
    [entry] = yaml.safe_load((dest / "_data/cv.yml").read_text())["cv"]["sections"]["Education"]
    assert entry["highlights"] == ["Ice and Snow"] and "summary" not in entry
    assert entry["area"] == "Glaciology" and entry["institution"] == "Example University"
    assert any(f.code == "cv-field" for f in plan.report.findings)


def test_a_menu_entry_to_a_file_of_the_site_stays_in_the_menu(tmp_path):
    """A menu entry to a file of the site (a CV as a PDF, a saved HTML CV) is no page, and
    al-folio's menu lists pages only: the file is carried, and a menu page in the entry's
    place forwards to it; a file SRC lacks is reported, its entry kept all the same."""
    menu = ("main:\n  - title: CV\n    url: /files/cv.pdf\n"
            "  - title: Notes\n    url: /files/field-notes.html\n"
            "  - title: Web CV\n    url: /files/cv-web.html\n")
    src = _source(tmp_path, {"_data/navigation.yml": menu,  # a saved HTML page, links beside it
                             "files/cv-web.html": '<html><img src="cv-web-1.png"></html>\n'})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    cv, notes = _front(dest / "_pages/menu-cv.md"), _front(dest / "_pages/menu-notes.md")
    assert (cv["title"], cv["nav"], cv["nav_order"]) == ("CV", True, 1)
    assert cv["redirect"].endswith("/cv.pdf") and (dest / cv["redirect"].lstrip("/")).is_file()
    assert (notes["nav_order"], notes["redirect"]) == (2, "/files/field-notes.html")
    web = _front(dest / "_pages/menu-web-cv.md")  # a saved HTML file keeps its address
    assert web["redirect"] == "/files/cv-web.html" and (dest / "files/cv-web.html").is_file()
    assert any(f.code == "missing-file" and "/files/field-notes.html" in f.message
               and f"`{notes['redirect']}`: put the file there" in f.message
               for f in plan.report.findings)
    assert not any(f.code == "menu-entry" and f.outcome == "verbatim"
                   for f in plan.report.findings)


def test_the_about_switches_go_where_the_about_layout_reads_them(tmp_path):
    """al-folio 2024's about layout reads the news and latest-posts switches from
    `_config.yml` (`site.latest_posts.enabled`, the template's own config has it on) and
    `page.news`: a site without posts gets no "latest posts" heading linking a blog it does
    not have, and its news shows as before (was: set on the about page only, where that
    layout does not look)."""
    src = _source(tmp_path, {})
    dest = alfolio_checkout(tmp_path / "checkout")
    (dest / "_layouts/about.liquid").write_text(
        "---\nlayout: default\n---\n{{ content }}{% if page.news and site.announcements.enabled"
        " %}news{% endif %}{% if site.latest_posts.enabled %}latest posts{% endif %}\n")
    with (dest / "_config.yml").open("a") as f:
        f.write("announcements:\n  enabled: false\n  limit: 5\n"
                "latest_posts:\n  enabled: true  # the template's own\n  limit: 3\n")
    _convert(src, dest, "al-folio")
    config = yaml.safe_load((dest / "_config.yml").read_text())
    assert config["latest_posts"]["enabled"] is False
    assert config["announcements"]["enabled"] is True
    assert _front(dest / "_pages/about.md")["news"] is True


def test_a_home_heading_al_folio_does_not_show_is_said_with_where_it_went(tmp_path):
    """academicpages heads the home page with the about page's own `title` (its masthead
    shows the site's `title` as the link home); al-folio's about layout heads it with the
    site's `title` and shows the page's title as the home link's label. A greeting title
    under a site titled `Home` was silently the menu label under a heading `Home`: said."""
    src = _source(tmp_path, {})
    config = src / "_config.yml"
    config.write_text(config.read_text().replace('title: "Tomás Lindqvist"', 'title: "Home"'))
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace('title: "About me"', "title: \"Hi! I'm Tomás.\""))
    dest = alfolio_checkout(tmp_path / "dest")
    plan = _convert(src, dest, "al-folio")
    assert _front(dest / "_pages/about.md")["title"] == "Hi! I'm Tomás."
    (said,) = [f for f in plan.report.findings if f.code == "about-heading"]
    assert "`Hi! I'm Tomás.`" in said.message and "here `Home`" in said.message
    assert "is the home link's label in the menu" in said.message
    assert said.path == "_pages/about.md"
    # a home page whose heading al-folio shows as it was says nothing
    about.write_text(about.read_text().replace("title: \"Hi! I'm Tomás.\"", 'title: "Home"'))
    plan = _convert(src, alfolio_checkout(tmp_path / "dest2"), "al-folio")
    assert not [f for f in plan.report.findings if f.code == "about-heading"]


def _listed_by(tmp_path: Path, include: str, pubs: dict[str, str]) -> Path:
    """An academicpages source whose `archive-single.html` is ``include``, with publications
    (`2024-03-0N-<name>.md`, front matter lines after the collection and date)."""
    head = "---\ncollection: publications\ndate: 2024-03-01\n"
    return _source(tmp_path, {"_includes/archive-single.html": include, **{
        f"_publications/2024-03-0{n}-{name}.md": head + text + "---\n"
        for n, (name, text) in enumerate(pubs.items(), 1)}})


def test_fields_the_owners_list_include_printed_go_where_the_bib_layout_shows_them(tmp_path):
    """An owner's `archive-single.html` printed `Status: {{ post.status }}` and a
    `{{ post.thesisurl }}` link with each publication; al-folio's bib layout prints neither
    field. The status is also the entry's `note` (its venue line), the address its `html`
    (the HTML button): the visitor sees them as before. A field the include only tests
    (`post.category == ...`) is no text of the page; one with no free place is said lost."""
    include = ("{% if post.category == 'wip' %}<p>Status: {{ post.status }}</p>{% endif %}\n"
               "{% if post.thesisurl %}<a href=\"{{ post.thesisurl }}\">Thesis</a>{% endif %}\n"
               "<p>{{ post.award | default: '' }}</p>\n")
    src = _listed_by(tmp_path, include, {
        "moss": "title: Moss Draft\ncategory: wip\nstatus: under review\n",
        "thesis": "title: Lichen Thesis\ncategory: thesis\nvenue: Uppsala\n"
                  "thesisurl: https://hdl.example.org/1/2\n",
        "fern": "title: Fern Notes\nvenue: Oikos\naward: Best field paper\nnote: Oral talk\n"})
    dest = alfolio_checkout(tmp_path / "dest")
    _write(dest, {"_layouts/bib.liquid": "{{ entry.title }} {{ entry.note }} {{ entry.html }}"
                                         " {{ entry.journal }}\n"})
    plan = _convert(src, dest, "al-folio")
    bib_text = (dest / "_bibliography/papers.bib").read_text()
    from sitemigrate.formats import bibtex as bib
    entries = {e.key: e.fields for e in bib.parse_bib(bib_text).entries}
    assert entries["2024-03-01-moss"]["note"] == "under review"
    assert entries["2024-03-01-moss"]["category"] == "wip"      # the section it is listed in
    assert entries["2024-03-02-thesis"]["html"] == "https://hdl.example.org/1/2"
    assert "note" not in entries["2024-03-02-thesis"] or \
        entries["2024-03-02-thesis"]["note"] != "thesis"         # tested, never printed
    said = [f for f in plan.report.findings if f.code == "publication-field-shown"]
    assert {(f.outcome, f.path) for f in said} == {
        ("mapped", "_publications/2024-03-01-moss.md"),
        ("mapped", "_publications/2024-03-02-thesis.md"),
        ("lost", "_publications/2024-03-03-fern.md")}   # `note` holds its own text already


def test_a_link_the_owners_list_named_goes_to_the_button_of_that_name(tmp_path):
    """An owner's `archive-single.html` showed `<a href="{{ post.codeurl }}">Code</a>` with
    each publication; al-folio's bib layout has a button with those words (`entry.code`,
    `Code`): the address is that button, not the HTML one. A link whose words DEST's layout
    has no button for (`Thesis`) is still its HTML button."""
    include = ('{% if post.codeurl %}<a href="{{ post.codeurl }}">Code</a>{% endif %}\n'
               '{% if post.thesisurl %}<a href="{{ post.thesisurl }}"> Thesis </a>{% endif %}\n')
    src = _listed_by(tmp_path, include, {
        "moss": "title: Moss Code\nvenue: Oikos\ncodeurl: https://git.example.org/moss\n",
        "thesis": "title: Lichen Thesis\nvenue: Uppsala\nthesisurl: https://hdl.example.org/1/2\n"})
    dest = alfolio_checkout(tmp_path / "dest")
    _write(dest, {"_layouts/bib.liquid": (
        "{{ entry.title }} {{ entry.note }}\n"
        '{% if entry.html %}<a href="{{ entry.html }}" class="btn" role="button">HTML</a>'
        '{% endif %}\n'
        '{% if entry.code %}<a href="{{ entry.code }}" class="btn" role="button">Code</a>'
        '{% endif %}\n')})
    plan = _convert(src, dest, "al-folio")
    from sitemigrate.formats import bibtex as bib
    entries = {e.key: e.fields for e in bib.parse_bib(
        (dest / "_bibliography/papers.bib").read_text()).entries}
    assert entries["2024-03-01-moss"]["code"] == "https://git.example.org/moss"
    assert "html" not in entries["2024-03-01-moss"]
    assert entries["2024-03-02-thesis"]["html"] == "https://hdl.example.org/1/2"
    said = {f.path: f.message for f in plan.report.findings
            if f.code == "publication-field-shown"}
    assert "as its `code` button" in said["_publications/2024-03-01-moss.md"]
