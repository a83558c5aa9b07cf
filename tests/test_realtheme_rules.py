"""Rules the real-theme matrix (tests/realtheme.py, issue 31) found missing, each in a
miniature site: nothing of a template's example content shows on the converted site, old
addresses answer, and what the source shows is shown.

The sites are invented (fixtures/ plus a few files written here, and the miniature template
checkouts of tests/test_checkout.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES
from test_checkout import _convert, _write, academicpages_checkout, alfolio_checkout


def test_the_templates_example_html_document_goes_with_its_example_content(tmp_path):
    """al-folio ships an example HTML document (`assets/html/`, the example paper's `html`
    link) of its example person; converted into a fresh checkout it is removed with the rest
    of the example content, unless the owner's own file takes its place."""
    dest = alfolio_checkout(tmp_path / "checkout")
    _write(dest, {"assets/html/example.html": "<html><body><h2>A Treatise of Example "
                                              "Nobody</h2></body></html>\n"})
    plan = _convert(FIXTURES / "academicpages-site", dest, "al-folio")
    assert not (dest / "assets/html/example.html").exists()
    assert any(f.code == "template-example" and "`assets`" in f.message
               for f in plan.report.findings)


def test_a_written_publications_page_has_no_template_wording(tmp_path):
    """academicpages' stock publications page opens with the template's own first-person
    sentence pointing at a Google Scholar profile; a publications page the converter writes
    lists the owner's publications and says nothing the owner's page did not say."""
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(FIXTURES / "al-folio-site", dest, "academicpages")
    body = (dest / "_pages/publications.md").read_text()
    assert "{% for post in site.publications reversed %}" in body
    assert "Google Scholar profile" not in body
    assert "googlescholar" not in body


def _academicpages(tmp_path, files: dict[str, str]):
    """The academicpages fixture site with ``files`` written over it."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    return _write(src, files)


def _urls(plan) -> dict[str, dict]:
    return {row["old"]: row for row in plan.report.urls}


def test_a_static_html_page_is_an_old_address_and_the_templates_own_forwards(tmp_path,
                                                                              monkeypatch):
    """Jekyll copies an HTML file without front matter as it is, at its path: a visitor can
    have its address (the talk map's `talkmap/map.html`, which the talk-map page shows in a
    frame). The ledger lists it; the template's own file, left out, forwards to the nearest
    page; the owner's own, at the root or in a folder (a static file, carried as it is:
    tests/test_static_files.py), is served where it was."""
    from sitemigrate import template_files
    src = _academicpages(tmp_path, {
        "talkmap/map.html": "<html><body>a map of no one's talks</body></html>\n",
        "notes/handout.html": "<html><body>the owner's own handout</body></html>\n",
        "google0a1b2c.html": "google-site-verification: google0a1b2c.html\n",
    })
    template = template_files.Templates(
        [{"name": "miniature", "generation": "2024-26", "date": "2025-01-01"}],
        {"talkmap/map.html": {template_files.digest(
            (src / "talkmap/map.html").read_bytes()): [0]}})
    real = template_files.templates
    monkeypatch.setattr(template_files, "templates",
                        lambda theme: template if theme.name == "academicpages" else real(theme))
    plan = _convert(src, tmp_path / "out", "al-folio")
    urls = _urls(plan)
    assert urls["/talkmap/map.html"]["how"] == "redirect" and urls["/talkmap/map.html"]["new"]
    assert urls["/google0a1b2c.html"]["how"] == "same"
    assert urls["/notes/handout.html"]["how"] == "same"
    assert not any(f.code == "url-lost" and f.path == "notes/handout.html"
                   for f in plan.report.findings)



_CV_JSON = ('{"basics": {"name": "Example Nobody"}, "work": [{"company": "Example Brick '
            'College", "position": "Placeholder Lecturer", "startDate": "2001"}]}\n')


def test_cv_data_no_page_shows_is_not_the_owners_cv(tmp_path):
    """`_data/cv.json` is the owner's CV only when a page of the site shows it (reads
    `site.data.cv` in its text, layout or an include, or is the theme's JSON CV page): the
    template's example CV left in a site that has no CV page became the owner's CV."""
    def convert(where: str, files: dict[str, str]) -> Path:
        src = _academicpages(tmp_path / where, {"_data/cv.json": _CV_JSON, **files})
        for page in ("cv.md", "cv-json.md"):  # the fixture's CV pages
            (src / "_pages" / page).unlink()
        return _convert(src, tmp_path / where / "out", "al-folio").dest

    dest = convert("a", {})
    assert not (dest / "_data/cv.yml").exists()
    assert not (dest / "assets/json/resume.json").exists()
    # a page that shows it, through an include: the owner's CV
    dest = convert("b", {"_pages/resume.md": "---\ntitle: Resume\npermalink: /resume/\n---\n"
                                             "{% include cv-view.html %}\n",
                         "_includes/cv-view.html": "{% for job in site.data.cv.work %}"
                                                   "{{ job.position }}{% endfor %}\n"})
    assert "Placeholder Lecturer" in (dest / "_data/cv.yml").read_text()


def test_a_cv_bullet_links_its_title_only_to_a_web_address():
    """A bullet entry is Markdown the CV layout renders: its title links to the entry's `url`
    when that is a web address, never to a script (`javascript:` is left out)."""
    from sitemigrate.themes.alfolio.cv import _as_bullet
    entry = {"name": "Counting buntings", "company": "Example Alpine Society", "date": "2018"}
    assert _as_bullet({**entry, "url": "https://example.org/buntings"})["bullet"] == (
        "[Counting buntings](https://example.org/buntings) — Example Alpine Society — 2018")
    assert _as_bullet({**entry, "url": "javascript:alert(1)"})["bullet"] == (
        "Counting buntings — Example Alpine Society — 2018")


def test_a_cv_bullet_keeps_an_institution_and_its_place_one_comma_apart():
    """`**Example Marsh Symposium**, Utrecht, Netherlands, *2021*` under a title al-folio's
    CV layout shows as a generic section: the reader takes `Utrecht` as where it was held
    and `Netherlands` as the place; the bullet showed `Utrecht — Netherlands`, one place
    cut in two. They stay one comma apart, as the owner wrote them."""
    from sitemigrate.formats.cvmarkdown import split_entry
    from sitemigrate.themes.alfolio.cv import _as_bullet, _rendercv_entry
    entry = _rendercv_entry(split_entry("**Example Marsh Symposium**, Utrecht, Netherlands, "
                                        "*2021*"), "")
    assert _as_bullet(entry)["bullet"] == "Example Marsh Symposium — Utrecht, Netherlands — 2021"
    assert _as_bullet({"name": "Ringing course", "company": "Example Alpine Society",
                       "location": "Chur", "date": "2018"})["bullet"] == (
        "Ringing course — Example Alpine Society, Chur — 2018")


def test_a_cv_list_of_publications_keeps_the_citation_its_include_showed(tmp_path):
    """academicpages' CV page lists the publications through `archive-single-cv.html`, which
    shows each one's `citation` (authors, volume, DOI) under its title when it has a `venue`;
    al-folio's CV layout shows no page text, so the list became a CV section of title, venue
    and year only: the authors were gone from the CV. The citation is the entry's summary,
    for the items the include showed it for, and only when the include shows it."""
    import yaml
    include = ("<li><h3>{{ post.title }}</h3>\n{% if post.venue %}<p>{{ post.citation }}</p>"
               "{% endif %}</li>\n")
    src = _academicpages(tmp_path / "a", {
        "_includes/archive-single-cv.html": include,
        "_publications/2023-01-01-hares.md": (
            "---\ntitle: \"Hares in Snow\"\ndate: 2023-01-01\n"
            "citation: 'Berg, A. (2023). Hares in Snow. Unpublished note.'\n---\n")})
    text = (_convert(src, tmp_path / "a" / "out", "al-folio").dest / "_data/cv.yml").read_text()
    assert "Lindqvist, T., Berg, A., and Nilsson, K. (2021)" in text
    assert "Lindqvist, T. and Berg, A. (2025)" in text
    assert "Unpublished note" not in text  # no venue: the include did not show it
    assert yaml.safe_load(text)
    src = _academicpages(tmp_path / "b", {"_includes/archive-single-cv.html": include.replace(
        "<p>{{ post.citation }}</p>", "<!-- {{ post.citation }} -->")})
    text = (_convert(src, tmp_path / "b" / "out", "al-folio").dest / "_data/cv.yml").read_text()
    assert "Wildlife Corridors" in text and "Nilsson" not in text
    # an include linked out of SRC is never read: nothing is known of what it showed
    outside = tmp_path / "outside.html"
    outside.write_text(include)
    src = _academicpages(tmp_path / "c", {})
    (src / "_includes").mkdir(exist_ok=True)
    (src / "_includes/archive-single-cv.html").unlink(missing_ok=True)
    (src / "_includes/archive-single-cv.html").symlink_to(outside)
    text = (_convert(src, tmp_path / "c" / "out", "al-folio").dest / "_data/cv.yml").read_text()
    assert "Wildlife Corridors" in text and "Nilsson" not in text


def test_a_second_menu_entry_listing_the_posts_keeps_its_own_page(tmp_path):
    """Two menu entries each lead to a page listing the posts (`Blog Posts` at
    `/year-archive/`, then `Field log` at `/field-log/`): al-folio has one blog page, which
    the first in the menu becomes; the other stays a page of its own, at its address, under
    its label, in its menu place, still listing the posts."""
    from test_realtheme_fixes import _ARCHIVE, _front, _source, _template_blog_page

    second = _ARCHIVE.replace("/year-archive/", "/field-log/").replace("Field notes",
                                                                        "Field log")
    src = _source(tmp_path, {"_pages/field-log.html": second, "_pages/year-archive.html":
                             _ARCHIVE})
    nav = src / "_data/navigation.yml"
    nav.write_text(nav.read_text().replace(
        '  - title: "CV"\n    url: /cv/\n',
        '  - title: "CV"\n    url: /cv/\n  - title: "Field log"\n    url: /field-log/\n', 1))
    dest = alfolio_checkout(tmp_path / "checkout")
    _template_blog_page(dest)
    _convert(src, dest, "al-folio")
    blog = _front(dest / "_pages/blog.md")
    assert blog["title"] == "Blog Posts" and blog["nav_order"] == 5
    [log] = [p for p in (dest / "_pages").glob("*.*") if _front(p).get("permalink")
             == "/field-log/"]
    front = _front(log)
    assert front["title"] == "Field log" and front["nav"] is True and front["nav_order"] == 7
    assert "for post in site.posts" in log.read_text()


def test_a_value_the_old_themes_layout_writes_on_an_owners_collection_page_is_shown(
        tmp_path):
    """academicpages' single layout (the theme's own, unchanged) writes a document's
    `venue` and `citation` into its page, whatever its collection: on the owner's own
    collection of papers (`_studies`), al-folio's page layout shows neither: that layout's
    own Liquid for each is carried before the text, where the layout had them
    (tests/test_their_layout_shown.py). A key that layout reads only into a tag (`excerpt`,
    a meta description) is not said shown."""
    from conftest import SHARED, needs_shared

    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_layouts").mkdir()  # the theme's own layout, unchanged (a checkout has it)
    shutil.copy(needs_shared(SHARED / "lab/templates/academicpages-2019/_layouts/single.html"),
                src / "_layouts/single.html")
    config = src / "_config.yml"
    _write(src, {"_studies/2021-05-02-tides.md":
                 "---\ntitle: Tides of the inner fjord\nlayout: single\ndate: 2021-05-02\n"
                 "venue: Journal of Quiet Harbours\ncitation: 'Okonkwo, A. (2021). Tides.'\n"
                 "excerpt: Two winters of gauges.\n---\n\nWe measured the tide.\n"})
    text = config.read_text()
    config.write_text(text.replace("collections:\n", "collections:\n  studies:\n"
                                   "    output: true\n", 1) if "collections:\n" in text
                      else text + "collections:\n  studies:\n    output: true\n")
    plan = _convert(src, alfolio_checkout(tmp_path / "checkout"), "al-folio")
    said = {k: f for f in plan.report.findings if f.path == "_studies/2021-05-02-tides.md"
            for k in ("venue", "citation", "excerpt") if f"`{k}`" in f.message}
    assert said["venue"].outcome == "mapped" and "single.html" in said["venue"].message
    assert said["citation"].outcome == "mapped"
    body = (tmp_path / "checkout/_studies/2021-05-02-tides.md").read_text()
    text = body.index("We measured the tide.")
    assert body.index("{{ page.venue }}") < body.index("{{ page.citation }}") < text
    assert "\n\n" not in body[body.index("{::nomarkdown}"):text - 2]  # one excerpt
    assert "excerpt" not in said or said["excerpt"].outcome != "lost"


def test_a_cv_list_of_publications_keeps_the_authors_its_include_showed(tmp_path):
    """An owner's `archive-single-cv.html` shows each publication's `authors` list (joined
    with commas) under its title where the item has no `citation`; al-folio's CV layout
    shows no page text, so the CV section it became held title, venue and year only: the
    authors were gone from the CV. They are the entry's summary, as the include showed
    them, and only when the include shows them."""
    import yaml
    include = ("<li><h3>{{ post.title }}</h3>\n{% capture c %}{% if post.citation %}"
               "{{ post.citation }}{% elsif post.authors %}{{ post.authors | join: \", \" }}"
               "{% endif %}{% endcapture %}<p>{{ c | strip }}</p></li>\n")
    paper = ("---\ntitle: \"Moss on Northern Stones\"\ndate: 2022-03-04\nvenue: Example "
             "Lichen Letters\nauthors:\n - Ines Vartdal\n - Tomas Brekke\n---\n\nA survey.\n")
    src = _academicpages(tmp_path / "a", {"_includes/archive-single-cv.html": include,
                                          "_publications/2022-03-04-moss.md": paper})
    text = (_convert(src, tmp_path / "a" / "out", "al-folio").dest / "_data/cv.yml").read_text()
    assert "summary: Ines Vartdal, Tomas Brekke" in text and yaml.safe_load(text)
    src = _academicpages(tmp_path / "b", {"_includes/archive-single-cv.html": include.replace(
        "{{ post.authors | join: \", \" }}", ""), "_publications/2022-03-04-moss.md": paper})
    text = (_convert(src, tmp_path / "b" / "out", "al-folio").dest / "_data/cv.yml").read_text()
    assert "Moss on Northern Stones" in text and "Vartdal" not in text


def test_a_cv_list_that_became_a_cv_section_is_found_at_its_loop(tmp_path):
    """A CV page's `{% for post in site.teaching %}` list becomes a CV section; what the
    report says of that section (moved, no JSON Resume place) names the line of the loop,
    not the page's first line."""
    src = _academicpages(tmp_path, {})
    lines = (src / "_pages/cv.md").read_text().split("\n")
    loop = 1 + next(n for n, line in enumerate(lines) if "site.teaching" in line)
    plan = _convert(src, tmp_path / "out", "al-folio")
    said = [f for f in plan.report.findings if f.path == "_pages/cv.md"
            and "`Teaching`" in f.message and f.code in ("cv-list", "cv-json-section")]
    assert said and {f.line for f in said} == {loop}


def test_a_key_an_own_include_shows_is_not_lost_when_the_include_comes_along(tmp_path):
    """An own collection (`_field_trips`) listed on an own page with an include of the
    owner's that shows each trip's `leader`: on a switch of theme the page is kept as
    written, and the include is copied along with it, so the listing shows `leader` as
    before. The report said the key was lost to a visitor (one finding a key and document);
    it says it comes along. A key shown by an include that does not come along stays lost."""
    src = _academicpages(tmp_path, {
        "_pages/trips.md": "---\ntitle: Field trips\npermalink: /trips/\n---\n\nWhere we went.\n"
                           "\n{% for post in site.field_trips %}\n  {% include trip-card.html %}"
                           "\n{% endfor %}\n",
        "_includes/trip-card.html": "<h2>{{ post.title }}</h2>\n<p>Led by {{ post.leader }}</p>\n",
        "_includes/unused-card.html": "<p>{{ post.mood }}</p>\n",
        "_field_trips/2021-05-02-bog.md": "---\ntitle: The raised bog\nleader: Ada Example\n"
                                          "mood: damp\n---\n\nWe counted sundews.\n"})
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "collections:\n", "collections:\n  field_trips:\n    output: true\n", 1))
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    said = {f.message.split("`")[1]: f for f in plan.report.findings
            if f.code == "extra-key-shown" and f.path == "_field_trips/2021-05-02-bog.md"}
    assert (dest / "_includes/trip-card.html").is_file()
    assert said["leader"].outcome == "mapped" and "comes along" in said["leader"].message
    assert said["mood"].outcome == "lost"


def test_publications_of_one_year_keep_the_order_the_old_list_showed(tmp_path):
    """Jekyll orders a collection's documents by date, and academicpages' publications page
    lists them `reversed`: newest first, within a year too. al-folio groups papers.bib by year
    and keeps the file's order within a year; the file followed the files' names, so a
    November paper named `a-...` came before the March one. The file lists them as the old
    page did (oldest first where the page's loop is not `reversed`)."""
    papers = {"_publications/a-fens.md": "---\ntitle: Fens in Autumn\ndate: 2021-11-02\n"
                                          "venue: Example Mire Review\n---\n",
              "_publications/b-eels.md": "---\ntitle: Eels at Dusk\ndate: 2021-05-20\n"
                                          "venue: Example Mire Review\n---\n"}

    def order(where: str, files: dict[str, str]) -> list[str]:
        src = _academicpages(tmp_path / where, {**papers, **files})
        bib = (_convert(src, tmp_path / where / "out", "al-folio").dest
               / "_bibliography/papers.bib").read_text()
        return sorted(["Fens in Autumn", "Eels at Dusk"], key=bib.index)

    assert order("a", {}) == ["Fens in Autumn", "Eels at Dusk"]
    page = (FIXTURES / "academicpages-site/_pages/publications.html").read_text()
    assert order("b", {"_pages/publications.html": page.replace(" reversed", "")}) == [
        "Eels at Dusk", "Fens in Autumn"]
