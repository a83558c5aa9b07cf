"""What the target theme's layouts really show (issue #31, writing), each rule on an invented
miniature: the Liquid the converter writes builds when a collection is empty or undeclared,
CV text and lists go where al-folio's CV layout shows them, talk and teaching details stay
visible, text in attributes is escaped, headings follow the site's language, the template's
own wording goes, news shows where it showed before.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from test_checkout import _convert, _write, academicpages_checkout

needs_jekyll = pytest.mark.skipif(shutil.which("jekyll") is None,
                                  reason="jekyll is not installed (.ci/run installs it)")


def _academicpages(tmp_path: Path, files: dict[str, str], drop: tuple[str, ...] = ()) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    for rel in drop:
        shutil.rmtree(src / rel)
    return _write(src, files)


def _declare(src: Path, name: str) -> None:
    """Declare the collection ``name`` in the site's config (Jekyll publishes it)."""
    config = (src / "_config.yml").read_text()
    (src / "_config.yml").write_text(config.replace(
        "collections:\n", f"collections:\n  {name}:\n    output: true\n", 1))


@needs_jekyll
def test_a_listing_of_a_collection_the_site_lacks_still_builds(tmp_path):
    """A CV page that lists talks and teaching, on a site with neither: al-folio's listing
    of `site.talks` / `site.teachings` (collections DEST does not declare) builds, and shows
    nothing, as before (Jekyll's `sort` stops the build on an undeclared collection)."""
    from test_jekyll import build, liquid_messages, prepare
    src = _academicpages(tmp_path, {}, drop=("_talks", "_teaching"))
    dest = tmp_path / "dest"
    _convert(src, dest, "al-folio")
    cv = (dest / "_pages/cv.md").read_text()
    assert "site.talks" in cv and "site.teachings" in cv
    done = build(prepare(dest, tmp_path / "b"), tmp_path / "out")
    assert done.returncode == 0, done.stderr[-800:]
    assert not liquid_messages(done)


def test_the_lists_of_a_cv_page_are_in_the_cv_data_the_layout_shows(tmp_path):
    """al-folio's CV layout shows `_data/cv.yml`, never the page text: the publications,
    talks and teaching an academicpages CV page listed are CV sections there (under the
    page's own headings, one line an item with its details), and the report says so."""
    import yaml
    from test_checkout import alfolio_checkout
    src = _academicpages(tmp_path, {"_pages/cv.md": (
        FIXTURES / "academicpages-site/_pages/cv.md").read_text().replace(
            "Talks\n======", "Invited talks\n======")})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    sections = {s["title"]: s for s in yaml.safe_load((dest / "_data/cv.yml").read_text())}
    talks = sections["Invited talks"]["contents"]
    assert len(talks) == 1 and "Field robots for ecologists" in talks[0]
    assert "Nordic Ecology Meeting" in talks[0] and "Oslo, Norway" in talks[0]
    assert "September 2024" in talks[0] and 'href="/talks/2024-09-12-field-robots"' in talks[0]
    course = sections["Teaching"]["contents"][0]
    assert "Field Methods in Ecology" in course and "Undergraduate course" in course
    assert {"title": "Wildlife Corridors in Fragmented Forests",
            "institution": "Journal of Applied Ecology",
            "year": "2021"} in sections["Publications"]["contents"]
    assert [f for f in plan.report.findings if f.code == "cv-list"]


def test_a_cv_list_of_an_own_collection_is_in_the_cv_data_the_layout_shows(tmp_path):
    """An academicpages CV page that lists a collection of the owner's own (`_outreach/`, a
    `for` loop under its own heading): al-folio's CV layout shows no page text, so that list
    is a CV section of `_data/cv.yml` too (one line an item, with its details), not a loop
    left in a text nobody sees."""
    import yaml
    from test_checkout import alfolio_checkout
    config = (FIXTURES / "academicpages-site/_config.yml").read_text().replace(
        "collections:\n", "collections:\n  outreach:\n    output: true\n"
        "    permalink: /:collection/:path/\n", 1)
    cv = (FIXTURES / "academicpages-site/_pages/cv.md").read_text() + (
        "\nOutreach work\n======\n  <ul>{% for post in site.outreach %}\n"
        "    {% include archive-single-cv.html %}\n  {% endfor %}</ul>\n")
    src = _academicpages(tmp_path, {
        "_config.yml": config, "_pages/cv.md": cv,
        "_outreach/pond-day.md": "---\ntitle: \"Pond day for schools\"\ntype: \"Workshop\"\n"
                                 "venue: \"Town Museum\"\ndate: 2022-05-14\n---\n\nWe looked at "
                                 "newts.\n"})
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "al-folio")
    sections = {s["title"]: s for s in yaml.safe_load((dest / "_data/cv.yml").read_text())}
    line = sections["Outreach work"]["contents"][0]
    assert "Pond day for schools" in line and "Town Museum" in line and "May 2022" in line
    assert any(f.code == "cv-list" and "outreach" in f.message for f in plan.report.findings)


def test_rendercv_publications_name_the_venue_as_the_cv_include_reads_it(tmp_path):
    """A RenderCV `cv.yml` whose CV include prints a publication's `publisher` (al-folio
    2026), not `journal`: the venue is written there, so that it is shown."""
    import yaml
    from test_checkout import alfolio_checkout
    dest = alfolio_checkout(tmp_path / "checkout")
    _write(dest, {
        "_data/cv.yml": "cv:\n  name: Example Nobody\n  sections: {}\n",
        "_layouts/cv.liquid": "---\nlayout: default\n---\n{% for s in site.data.cv.cv.sections %}"
                              "{% include cv/publications.liquid %}{% endfor %}\n",
        "_includes/cv/publications.liquid": "{% for entry in entries %}{{ entry.title }} "
                                            "{{ entry.publisher }}{% endfor %}\n"})
    _convert(_academicpages(tmp_path, {}), dest, "al-folio")
    cv = yaml.safe_load((dest / "_data/cv.yml").read_text())["cv"]
    papers = cv["sections"]["Publications"]
    assert {"title": "Wildlife Corridors in Fragmented Forests",
            "publisher": "Journal of Applied Ecology", "date": "2021"} in papers


def test_descriptions_are_safe_in_the_attribute_al_folio_prints_them_into(tmp_path):
    """al-folio prints `description` unescaped into `<meta ... content="...">` (and as HTML
    under the title): a `"` in it would end the attribute and spill the rest onto the page.
    A link keeps working with `'` quotes; a quote in the text is `&quot;`."""
    import yaml
    from test_checkout import alfolio_checkout
    cv = (FIXTURES / "academicpages-site/_pages/cv.md").read_text()
    src = _academicpages(tmp_path, {
        "_pages/research.md": "---\ntitle: Research\npermalink: /research/\ndescription: "
                              "'Counting \"wild\" moose'\n---\nRobots in the forest.\n",
        "_pages/cv.md": cv.replace("A printable version is [here](/files/cv.pdf).",
                                   'The "short" version is [here](/files/cv.pdf).')})
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")

    def description(rel: str) -> str:
        return yaml.safe_load((dest / rel).read_text().split("---\n")[1])["description"]
    assert description("_pages/research.md") == "Counting &quot;wild&quot; moose"
    assert description("_pages/cv.md").startswith(
        "The &quot;short&quot; version is <a href='/assets/pdf/cv.pdf'>here</a>.")


@needs_jekyll
def test_talk_and_course_details_are_on_their_pages(tmp_path):
    """al-folio's page layout shows a talk's title and description only (2026's course
    layout adds instructor, term, place, time): the type, venue, place, date and links of an
    academicpages talk or course are on a line at the top of its page, printed from its own
    front matter, so that they are shown."""
    from test_checkout import alfolio_checkout
    from test_jekyll import build, prepare
    src = _academicpages(tmp_path, {"_talks/2023-05-02-snow.md": (
        "---\ntitle: Snow sensors\ncollection: talks\ntype: Keynote\npermalink: "
        "/talks/2023-05-02-snow\nvenue: Alpine Sensing Day\ndate: 2023-05-02\nlocation: "
        "Tromsø, Norway\nslidesurl: https://slides.example.org/snow.pdf\n---\nA talk.\n")})
    dest = _convert(src, tmp_path / "new", "al-folio") and tmp_path / "new"
    assert build(prepare(dest, tmp_path / "b"), tmp_path / "out").returncode == 0
    talk = (tmp_path / "out/talks/2023-05-02-snow.html").read_text()
    for shown in ("Keynote", "Alpine Sensing Day", "Tromsø, Norway", "May 2, 2023",
                  'href="https://slides.example.org/snow.pdf"'):
        assert shown in talk
    # a layout that shows the place itself (2026's course layout): not twice
    checkout = alfolio_checkout(tmp_path / "checkout")
    _write(checkout, {"_layouts/course.liquid": "---\nlayout: page\n---\n{{ page.location }}"
                                                "{{ content }}\n"})
    _convert(src, checkout, "al-folio")
    course = (checkout / "_teachings/2024-spring-field-methods.md").read_text()
    assert "{{ page.venue }}" in course and "{{ page.location }}" not in course


def test_a_talk_into_academicpages_shows_its_venue_on_its_page(tmp_path):
    """academicpages' talk layout shows venue and place only under `talk_type` (its own
    talks set `type`, which its lists show): a talk with a type gets both."""
    from test_checkout import academicpages_checkout
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _declare(src, "talks")
    _write(src, {"_talks/2023-05-02-snow.md": (
        "---\nlayout: page\ntitle: Snow sensors\ndate: 2023-05-02\ntype: Keynote\nvenue: "
        "Alpine Sensing Day\nlocation: Tromsø, Norway\n---\nA talk.\n")})
    dest = academicpages_checkout(tmp_path / "checkout")
    _write(dest, {"_layouts/talk.html": "{% if page.talk_type %}{{ page.talk_type }} at "
                                        "{{ page.venue }}, {{ page.location }}{% endif %}"
                                        "{{ content }}\n"})
    _convert(src, dest, "academicpages")
    text = (dest / "_talks/2023-05-02-snow.md").read_text()
    assert "talk_type: Keynote" in text and "type: Keynote" in text


@pytest.mark.parametrize("lang,heading,news,code", [
    ("lang: es", "## Investigación", "## Noticias", "[Código en GitHub]"),
    ("lang: en", "## 研究兴趣", "## 新闻", "[GitHub 上的代码]"),  # the headings say Chinese
    ("lang: de", "## Research", "## Neuigkeiten", "[Code auf GitHub]")])
def test_the_headings_a_writer_adds_follow_the_sites_language(tmp_path, lang, heading, news,
                                                              code):
    """The headings and labels the academicpages writer adds (the about page's news and
    selected papers, a project's code link) are in the language of the site's own headings,
    else of its `lang`, from a table of words per language (`mappings/words.yml`)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = (src / "_config.yml").read_text().replace("lang: en", lang)
    about = (src / "_pages/about.md").read_text()
    _write(src, {"_config.yml": config, "_pages/about.md": about + f"\n{heading}\n\nRobots.\n"})
    dest = tmp_path / "dest"
    _convert(src, dest, "academicpages")
    text = (dest / "_pages/about.md").read_text()
    assert f"\n{news}\n" in text and "## News" not in text
    assert code in (dest / "_portfolio/1_project.md").read_text()


def test_no_markdown_is_written_into_an_html_page(tmp_path):
    """Jekyll runs no Markdown converter on an `.html` page: what a writer puts there (a
    citation link, the CV sections and the CV's PDF link) is HTML, or Markdown printed
    through `markdownify`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/cv.md").rename(src / "_pages/cv.html")
    _write(src, {"_pages/research.html": "---\nlayout: page\ntitle: Research\npermalink: "
                                         "/research/\n---\n<p>See {% cite okonkwo2025carbon %}."
                                         "</p>\n"})
    dest = tmp_path / "dest"
    _convert(src, dest, "academicpages")
    research = (dest / "_pages/research.html").read_text()
    assert '<a href="{{ ' in research and "Okonkwo et al., 2025</a>" in research
    assert "](" not in research
    cv = (dest / "_pages/cv.html").read_text().split("---\n", 2)[2]
    assert "| markdownify }}" in cv and "<a href=" in cv
    outside = cv.split("{% endcapture %}")[-1]
    assert "](" not in outside and "\n====" not in outside


def test_web_links_are_encoded_and_liquid_in_them_stays_liquid(tmp_path):
    """al-folio's jekyll-target-blank parses every web link and stops the build on a space,
    a non-ASCII letter or any other character a URI may not hold (`>`, `|`, a stray `%`):
    those are percent-encoded in the links al-folio is given (pages, items, news), and `{{ site.x }}` inside a link stays Liquid (not `{{%20site.x%20}}`)."""
    src = _academicpages(tmp_path, {
        "_talks/2023-05-02-snow.md": "---\ntitle: Snow\ncollection: talks\ndate: 2023-05-02\n---"
                                     "\n<a href=\"https://example.org/café\">the café</a>\n"})
    about = (src / "_pages/about.md").read_text()
    _write(src, {"_pages/about.md": about + "\nSee [Müller](https://de.example.org/wiki/"
                 "Thomas_Müller), [notes](https://example.org/field notes.pdf) and [mirror]("
                 "https://mirror.example.org/{{ site.data.mirror.path }}/cv.pdf), [radio]("
                 "https://radio.example.org>) and [poll](https://example.org/q?a|b=50%).\n"})
    dest = tmp_path / "dest"
    _convert(src, dest, "al-folio")
    text = (dest / "_pages/about.md").read_text()
    assert "(https://de.example.org/wiki/Thomas_M%C3%BCller)" in text
    assert "(https://example.org/field%20notes.pdf)" in text
    assert "(https://mirror.example.org/{{ site.data.mirror.path }}/cv.pdf)" in text
    assert "(https://radio.example.org%3E)" in text  # a typo Ruby's URI.parse refuses
    assert "(https://example.org/q?a%7Cb=50%25)" in text
    talk = (dest / "_talks/2023-05-02-snow.md").read_text()
    assert 'href="https://example.org/caf%C3%A9"' in talk


def test_an_invisible_character_pasted_before_a_link_is_not_part_of_it(tmp_path):
    """A byte-order mark or zero-width space pasted in front of `https://` (a `paperurl`, a
    Markdown link) is no part of the address: without it the link stays a web link (was: a
    path of the site, `/assets/pdf/\ufeffhttp:/...`, and al-folio's link plugin stopped the
    build on the non-ASCII character)."""
    src = _academicpages(tmp_path, {
        "_publications/2021-03-01-ice.md": "---\ntitle: Ice cores\ncollection: publications\n"
        "date: 2021-03-01\nvenue: Glacier Letters\npaperurl: '\ufeffhttps://doi.example.org/10."
        "1/ice'\n---\n[Download paper here](\u200bhttps://doi.example.org/10.1/ice)\n"})
    dest = tmp_path / "dest"
    _convert(src, dest, "al-folio")
    written = "\n".join(p.read_text() for p in dest.rglob("*") if p.suffix in (".md", ".bib")
                        and ".sitemigrate" not in p.parts)
    assert "\ufeff" not in written and "\u200b" not in written
    assert "{https://doi.example.org/10.1/ice}" in (dest / "_bibliography/papers.bib"
                                                     ).read_text()
    assert "/http" not in written  # not a path of the site (`/assets/pdf/\ufeffhttp:/...`)
    assert "[Download paper here](https://doi.example.org/10.1/ice)" in written


@pytest.mark.parametrize("blog", [True, False])
def test_the_templates_blog_header_is_the_owners_or_empty(tmp_path, blog):
    """An al-folio checkout's `blog_name` / `blog_description` are the template's own
    words, shown atop the blog page: they become the owner's blog page title and
    description, or empty (al-folio hides an empty header) for a site without a blog page."""
    import yaml
    from test_checkout import alfolio_checkout
    page = ("---\nlayout: archive\ntitle: Field notes\npermalink: /year-archive/\nexcerpt: "
            "Notes from the snow\n---\n{% for post in site.posts %}{{ post.title }}"
            "{% endfor %}\n")
    src = _academicpages(tmp_path, {"_pages/year-archive.html": page} if blog else {})
    dest = alfolio_checkout(tmp_path / "checkout")
    with (dest / "_config.yml").open("a") as f:
        f.write("blog_name: Example Theme\nblog_description: a theme of nobody in particular\n")
    _convert(src, dest, "al-folio")
    config = yaml.safe_load((dest / "_config.yml").read_text())
    if blog:
        assert config["blog_description"] == "Notes from the snow"
        assert config["blog_name"] in ("Field notes", "Blog Posts")  # its menu label wins
    else:
        assert config["blog_name"] == "" and config["blog_description"] == ""


def test_a_course_schedule_into_academicpages_is_a_table_on_its_page(tmp_path):
    """al-folio's course layout shows a course's `schedule` (week, date, topic, materials);
    academicpages' layouts show none of it: it is a table at the end of the course page,
    its headings in the site's language."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _declare(src, "teachings")
    _write(src, {"_teachings/snow.md": (
        "---\nlayout: course\ntitle: Snow physics\nterm: Winter\nschedule:\n  - week: 1\n"
        "    date: Jan 8\n    topic: Crystals\n    description: Why flakes | differ\n"
        "    materials:\n      - name: Notes\n        url: https://notes.example.org/1.pdf\n"
        "---\nA course.\n")})
    dest = tmp_path / "dest"
    _convert(src, dest, "academicpages")
    text = (dest / "_teaching/snow.md").read_text()
    assert "## Schedule\n\n| Week | Date | Topic | Materials |\n|---|---|---|---|\n" in text
    assert ("| 1 | Jan 8 | **Crystals** — Why flakes \\| differ | "
            "[Notes](https://notes.example.org/1.pdf) |") in text


def test_a_site_without_publications_still_has_the_bibliography_al_folio_reads(tmp_path):
    """jekyll-scholar reads `_bibliography/papers.bib` wherever a page lists the
    bibliography; a site with no publications of its own (or only the template's examples,
    which are not carried) gets it empty, never missing: a missing file stops the build."""
    import sitemigrate
    src = tmp_path / "src"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "academicpages-site", src)
    shutil.rmtree(src / "_publications")
    plan = sitemigrate.convert(src, tmp_path / "dest", to="al-folio")
    written = {c.path: c for c in plan.changes()}
    assert "_bibliography/papers.bib" in written
    plan.apply()
    assert (tmp_path / "dest" / "_bibliography" / "papers.bib").read_text("utf-8") == "---\n---\n"


def test_a_page_whose_own_liquid_reads_the_publications_still_reads_them(tmp_path):
    """A research page that picks publications by a front-matter field in its own Liquid
    (`site.publications | where: "field", "Policy"`): al-folio has no such collection, so
    the publications' documents are kept as written in a collection Jekyll reads and does
    not write, and the page lists them as before; a site whose pages only list them with the
    theme's own listing gets no such collection."""
    import yaml
    research = ("---\nlayout: archive\ntitle: Research\npermalink: /research/\n---\n"
                '{% assign policy = site.publications | where: "field", "Policy" %}\n'
                '{% for post in policy %}<span class="pub-title">{{ post.title }}</span>'
                "{% endfor %}\n")
    paper = ("---\ntitle: \"Estuary Rules\"\ncollection: publications\npermalink: "
             "/publication/2021-estuary\ndate: 2021-01-01\nvenue: 'Estuaries'\nfield: Policy\n"
             "---\nWhy estuaries need rules.\n")
    src = _academicpages(tmp_path, {"_pages/research.md": research,
                                    "_publications/2021-01-01-estuary.md": paper})
    plan = _convert(src, tmp_path / "dest", "al-folio")
    dest = tmp_path / "dest"
    assert (dest / "_publications/2021-01-01-estuary.md").read_text() == paper
    config = yaml.safe_load((dest / "_config.yml").read_text())
    assert config["collections"]["publications"] == {"output": False}
    codes = {f.code: f for f in plan.report.findings if f.path == "_pages/research.md"}
    assert "publication-documents" in codes and "liquid-collection" not in codes
    assert "site.publications" in (dest / "_pages/research.md").read_text()
    # Liquid that renders nothing (in an HTML comment), or the theme's own listing only
    # (swapped for al-folio's): no collection kept
    (src / "_pages/research.md").write_text(research.replace("{% assign", "<!-- {% assign")
                                            + " -->\n")
    _convert(src, tmp_path / "dest2", "al-folio")
    assert not (tmp_path / "dest2/_publications").exists()
    assert "publications" not in (yaml.safe_load((tmp_path / "dest2/_config.yml").read_text())
                                  .get("collections") or {})


def test_a_loop_the_owner_put_in_an_html_comment_needs_no_rewriting(tmp_path):
    """An about page whose owner commented out its `site.publications` loop with
    `<!-- -->`: Jekyll renders it into the comment and no visitor sees it, so the report
    does not ask the owner to rewrite it; the same loop outside the comment (on a site
    with no publication documents to keep for it) still gets that finding."""
    loops = "{% for post in site.publications %}{{ post.title }}{% endfor %}\n"
    about = ("---\npermalink: /\ntitle: \"About me\"\n---\nI map estuaries.\n\n<!--Lists\n"
             + loops + "-->\n")
    src = _academicpages(tmp_path, {"_pages/about.md": about}, drop=("_publications",))
    plan = _convert(src, tmp_path / "dest", "al-folio")
    asks = [f for f in plan.report.findings if f.code == "liquid-collection"
            and f.path == "_pages/about.md" and f.outcome == "verbatim"]
    assert asks == []
    _write(src, {"_pages/about.md": about.replace("<!--Lists\n", "Lists\n")
                 .replace("-->\n", "")})
    plan = _convert(src, tmp_path / "dest2", "al-folio")
    asks = [f.message for f in plan.report.findings if f.code == "liquid-collection"
            and f.path == "_pages/about.md" and f.outcome == "verbatim"]
    assert len(asks) == 1 and "`site.publications`" in asks[0]


def test_a_collection_document_at_a_pages_address_is_that_page(tmp_path):
    """The owner's publications page is a document of `_publications/` written at
    `/publications/` (no page of the site has that address): the visitor met its text
    there. It is read as the publications page, so al-folio's publications page shows the
    text and is the only page at that address; it is no yearless publication."""
    text = ("---\nlayout: archive\ntitle: \"Publications\"\npermalink: /publications/\n---\n"
            "My papers are listed on the archive of my institute.\n")
    src = _academicpages(tmp_path, {"_publications/publications.md": text})
    (src / "_pages/publications.html").unlink()
    plan = _convert(src, tmp_path / "dest", "al-folio")
    dest = tmp_path / "dest"
    at = [p for p in dest.rglob("*.md") if "permalink: /publications/\n" in p.read_text()]
    assert at == [dest / "_pages/publications.md"], at
    assert "listed on the archive of my institute" in at[0].read_text()
    assert not [f for f in plan.report.findings if f.path == "_publications/publications.md"
                and f.code == "publication-no-year"]


def test_a_collection_document_writes_over_the_page_at_its_address(tmp_path):
    """A page of the site has the address too: Jekyll writes a collection's documents after
    the pages, so the visitor met the document's text there, not the page's. The document
    is read as the publications page; the page, written over, is reported, not carried (no
    second page at that address, no second menu entry)."""
    text = ("---\nlayout: archive\ntitle: \"Publications\"\npermalink: /publications/\n---\n"
            "My papers are listed on the archive of my institute.\n")
    src = _academicpages(tmp_path, {"_publications/publications.md": text})
    plan = _convert(src, tmp_path / "dest", "al-folio")
    dest = tmp_path / "dest"
    at = [p for p in dest.rglob("*.md") if "permalink: /publications/\n" in p.read_text()]
    assert len(at) == 1, at
    assert "listed on the archive of my institute" in at[0].read_text()
    assert [f for f in plan.report.findings if f.code == "shadowed"
            and f.path == "_pages/publications.html" and "_publications/publications.md"
            in f.message]


def test_an_include_of_the_owner_that_reads_the_news_still_finds_them(tmp_path):
    """An al-folio home page whose own include lists `site.news` (`sort: 'date'`, each
    item's text): academicpages has no news collection (the news become one list page),
    so the news documents are kept as written, without the `layout` no page of theirs
    uses, in a collection Jekyll reads and does not write; the include lists them as
    before, and the site builds (Jekyll's `sort` stops the build on an undeclared
    collection). A site whose code does not read `site.news` gets no such collection."""
    import yaml

    from test_jekyll import build
    hero = ("{% assign recent = site.news | sort: 'date' | reverse %}\n"
            '<ul class="recent">{% for item in recent limit: 2 %}'
            "<li>{{ item.date | date: '%b %Y' }} {{ item.content | markdownify }}</li>"
            "{% endfor %}</ul>\n")
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    about = (src / "_pages/about.md").read_text() + "\n{% include recent_news.liquid %}\n"
    _write(src, {"_includes/recent_news.liquid": hero, "_pages/about.md": about})
    dest = academicpages_checkout(tmp_path / "dest")
    plan = _convert(src, dest, "academicpages")
    kept = (dest / "_news/announcement_1.md").read_text()
    assert kept == (src / "_news/announcement_1.md").read_text().replace("layout: post\n", "")
    config = yaml.safe_load((dest / "_config.yml").read_text())
    assert config["collections"]["news"] == {"output": False}
    assert any(f.code == "news-documents" for f in plan.report.findings)
    if shutil.which("jekyll"):
        done = build(dest, tmp_path / "out")
        assert done.returncode == 0, done.stderr[-800:]
        home = (tmp_path / "out/index.html").read_text()
        assert "carbon-aware scheduling" in home and "Mar 2025" in home
    # the same site without the include: the news are the list page only
    _write(src, {"_pages/about.md": about.replace("{% include recent_news.liquid %}", "")})
    (src / "_includes/recent_news.liquid").unlink()
    _convert(src, tmp_path / "dest2", "academicpages")
    assert not (tmp_path / "dest2/_news").exists()


def test_a_news_page_whose_own_liquid_lists_the_news_lists_them_once(tmp_path):
    """The owner's news page loops over `site.news` itself (a table of dates and items, with
    "No news so far..." when there are none): the news documents are kept for that loop, as
    for any Liquid of the site's own, and no second, Markdown list of the same items is
    added under it (before: "No news so far..." above the list)."""
    page = ("---\nlayout: page\npermalink: /news/\ntitle: news\nnav: true\n---\n"
            "{% if site.news %}<table>{% assign news = site.news | reverse %}"
            "{% for item in news %}<tr><th>{{ item.date | date: '%b %-d, %Y' }}</th>"
            "<td>{{ item.content }}</td></tr>{% endfor %}</table>"
            "{% else %}<p>No news so far...</p>{% endif %}\n")
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {"_pages/news.md": page})
    dest = academicpages_checkout(tmp_path / "dest")
    _convert(src, dest, "academicpages")
    news = (dest / "_pages/news.md").read_text()
    assert "{% assign news = site.news | reverse %}" in news
    assert "carbon-aware scheduling" not in news  # no list of the items' text
    assert (dest / "_news/announcement_1.md").is_file()
