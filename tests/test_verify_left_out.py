"""The files of pages a conversion leaves out on purpose (the template's example posts, a
theme's furniture) are no loss of the new site: neither the files such a page links, nor the
files its front matter names that a list page of the old site showed with it."""

from __future__ import annotations

from sitemigrate.verify.compare import compare, left_out_addresses
from sitemigrate.verify.site import BuiltSite


def page(root, rel, html):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><body>{html}</body></html>\n")


def test_files_only_left_out_pages_show_are_not_missing(tmp_path):
    owner = tmp_path / "src"
    (owner / "_posts").mkdir(parents=True)
    (owner / "_config.yml").write_text("permalink: /blog/:year/:title/\n")
    (owner / "_posts/2015-05-15-pictures.md").write_text(
        "---\ntitle: pictures\n---\nA gallery of sample pictures.\n")
    (owner / "_posts/2022-02-01-leaflet.md").write_text(
        "---\ntitle: a leaflet\nredirect: /assets/pdf/leaflet.pdf\n---\nRedirecting.\n")
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "blog/2015/pictures/index.html", '<img src="/assets/img/9.jpg">')
    page(old, "blog/index.html", '<a href="/assets/pdf/leaflet.pdf">a leaflet</a>')
    page(old, "about/index.html", '<img src="/assets/img/bo.jpg">')
    for rel in ("assets/img/9.jpg", "assets/pdf/leaflet.pdf", "assets/img/bo.jpg"):
        (old / rel).parent.mkdir(parents=True, exist_ok=True)
        (old / rel).write_bytes(b"x")
    page(new, "about/index.html", '<img src="/assets/img/bo.jpg">')
    examples = ["_posts/2015-05-15-pictures.md", "_posts/2022-02-01-leaflet.md"]
    left = left_out_addresses(owner, examples)
    assert "/blog/2015/pictures/" in left and "/assets/pdf/leaflet.pdf" in left
    found = compare(BuiltSite(old), BuiltSite(new), tmp_path / "corpus", left_out_pages=left)
    assert found.missing_files == [("about/index.html", "/assets/img/bo.jpg")]
    every = compare(BuiltSite(old), BuiltSite(new), tmp_path / "corpus")
    assert len(every.missing_files) == 3  # nothing left out: each counts


def test_a_template_example_paragraph_an_owner_page_kept_is_not_asked_of_the_new_site(
        tmp_path):
    """An owner's edited page that still holds its template's example text word for word
    (the example CV's lines): the conversion leaves that text out on purpose, so the new
    site is not asked to show it; the owner's own paragraph on that page still is."""
    example = "Summer 2010 lab assistant at Example University, duties included pipetting"
    own = "Field technician at the Harbour Survey, mapping eelgrass beds from a dinghy"
    owner, template = tmp_path / "src", tmp_path / "tpl"
    for root, body in ((owner, f"{own}\n\n{example}\n"), (template, f"{example}\n")):
        (root / "_pages").mkdir(parents=True)
        (root / "_pages/cv.md").write_text(f"---\ntitle: CV\n---\n{body}")
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "cv/index.html", f"<p>{own}</p><p>{example}</p>")
    page(new, "cv/index.html", f"<p>{own}</p>")
    found = compare(BuiltSite(old), BuiltSite(new), owner, templates=[template])
    assert (found.paragraphs, found.missing_paragraphs) == (1, [])
    page(new, "cv/index.html", "<p>nothing</p>")
    lost = compare(BuiltSite(old), BuiltSite(new), owner, templates=[template])
    assert [p for _, _, _, p in lost.missing_paragraphs] == [
        "field technician at the harbour survey mapping eelgrass beds from a dinghy"]


def test_files_the_left_out_example_entries_name_are_not_missing(tmp_path):
    """The template's example BibTeX entries are left out (`file#key`): the preview picture
    a publications list showed beside one is no loss; the owner's entry's picture is."""
    owner = tmp_path / "src"
    (owner / "_bibliography").mkdir(parents=True)
    (owner / "_bibliography/papers.bib").write_text(
        "@article{nobody1900,\n  title={Example Waves},\n  preview={waves.gif},\n"
        "  year={1900}\n}\n@article{vega2024,\n  title={Tidal Gardens},\n"
        "  preview={tides.png},\n  year={2024}\n}\n")
    assert left_out_addresses(owner, ["_bibliography/papers.bib#nobody1900"]) == ["waves.gif"]
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "publications/index.html", '<img src="/assets/img/publication_preview/'
         'waves.gif"><img src="/assets/img/publication_preview/tides.png">')
    for name in ("waves.gif", "tides.png"):
        (old / "assets/img/publication_preview").mkdir(parents=True, exist_ok=True)
        (old / "assets/img/publication_preview" / name).write_bytes(b"x")
    page(new, "publications/index.html", "")
    left = left_out_addresses(owner, ["_bibliography/papers.bib#nobody1900"])
    found = compare(BuiltSite(old), BuiltSite(new), tmp_path / "corpus", left_out_pages=left)
    assert found.missing_files == [("publications/index.html",
                                    "/assets/img/publication_preview/tides.png")]


def test_an_owner_page_holding_the_templates_sitemap_wording_is_not_asked_of_the_new_site(
        tmp_path):
    """An owner's page that copied the template's sitemap page (kept furniture, not example
    content) holds the theme's own sentence, which the old site showed on its sitemap page:
    a target without a sitemap page does not lose the owner's text."""
    stock = "Every page and post of this site, listed for crawlers; an XML version exists too."
    own = "Consultancy for mapping agencies on spatial data infrastructures and their users"
    owner, template = tmp_path / "src", tmp_path / "tpl"
    (owner / "_pages").mkdir(parents=True)
    (owner / "_pages/expertise.md").write_text(f"---\ntitle: Expertise\n---\n{stock}\n\n{own}\n")
    (template / "_pages").mkdir(parents=True)
    (template / "_pages/sitemap.md").write_text(f"---\npermalink: /sitemap/\n---\n{stock}\n")
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "sitemap/index.html", f"<p>{stock}</p>")
    page(old, "expertise/index.html", f"<p>{own}</p>")
    page(new, "expertise/index.html", f"<p>{own}</p>")
    found = compare(BuiltSite(old), BuiltSite(new), owner, templates=[template])
    assert (found.paragraphs, found.missing_paragraphs) == (1, [])
    assert found.examples == []  # the furniture's wording is no example text the new site shows


def test_a_file_the_old_template_ships_as_it_is_is_no_loss(tmp_path, monkeypatch):
    """An old page's head links the old template's tile icon (a file of the template as
    it ships, in SRC's `images/`): the new template has its own icons, so its absence is
    no loss; the owner's own picture, gone, still is."""
    import shutil

    from conftest import FIXTURES

    import sitemigrate.template_files as tf
    owner = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", owner)
    (owner / "images/tile-70.png").write_bytes(b"tile")
    (owner / "images/pond.png").write_bytes(b"pond")
    real = tf.templates

    class Table:  # the theme's table, with the tile shipped by a template as it is
        def __init__(self, table):
            self.table = table

        def owners(self, rel, data):
            return ["academicpages-2019"] if rel == "images/tile-70.png" \
                else self.table.owners(rel, data)

        def __getattr__(self, name):
            return getattr(self.table, name)
    monkeypatch.setattr(tf, "templates", lambda theme: Table(real(theme)))
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "about/index.html", '<link rel="icon" href="/images/tile-70.png">'
         '<img src="/images/pond.png">')
    for rel in ("images/tile-70.png", "images/pond.png"):
        (old / rel).parent.mkdir(parents=True, exist_ok=True)
        (old / rel).write_bytes((owner / rel).read_bytes())
    page(new, "about/index.html", "<p>moved</p>")
    found = compare(BuiltSite(old), BuiltSite(new), owner)
    assert found.missing_files == [("about/index.html", "/images/pond.png")]


_EXAMPLE_SCHOLAR = "https://scholar.google.com/citations?user=PS_CX0AAAAAJ"
"""What academicpages' template config ships at `author.googlescholar` (its example
person's profile)."""


def test_a_paragraph_that_only_links_the_templates_example_profile_is_not_the_owners(
        tmp_path):
    """The owner kept the template's example Scholar address in `_config.yml` and linked it
    from a sentence of their about page: the conversion rightly does not carry the example
    profile, and the sentence around the link is no paragraph of the owner's words. A
    paragraph of the owner's own words that links it, and one that links the owner's own
    profile, are still the owner's: lost when the new site does not show them."""
    import shutil
    from pathlib import Path
    src = tmp_path / "src"
    shutil.copytree(Path(__file__).parent.parent / "fixtures/academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text("utf-8").replace(
        "https://scholar.google.com/citations?user=XyZ0123abcdE&hl=en", _EXAMPLE_SCHOLAR),
        "utf-8")
    example = f"My publications are listed on [my Google Scholar profile]({_EXAMPLE_SCHOLAR})."
    own_words = (f'I count herons on <a href="{_EXAMPLE_SCHOLAR}">salt marshes</a> with '
                 "small quiet robots every spring.")
    own_link = ("All of my papers are on [my Google Scholar profile]"
                "(https://scholar.google.com/citations?user=Own0Person9Q).")
    about = src / "_pages/about.md"
    about.write_text(about.read_text("utf-8") + "\n\n" + "\n\n".join(
        (example, own_words, own_link)) + "\n", "utf-8")
    shown = ("my publications are listed on my google scholar profile",
             "i count herons on salt marshes with small quiet robots every spring",
             "all of my papers are on my google scholar profile")
    page(tmp_path / "old", "index.html", "".join(f"<p>{t}</p>" for t in shown))
    page(tmp_path / "new", "index.html", "<p>hello</p>")
    found = compare(BuiltSite(tmp_path / "old"), BuiltSite(tmp_path / "new"), src)
    assert [p for _, _, _, p in found.missing_paragraphs] == list(shown[1:])


def test_a_page_description_that_is_the_templates_own_line_is_not_the_owners(
        tmp_path, monkeypatch):
    """al-folio's page layout shows a page's `description` under its title; an owner who
    kept the line the template's own teaching page ships (telling them to replace it) has
    no words of theirs in it, and a conversion drops it (`template-wording`): the new site
    is not asked to show it. A description of the owner's own words still is."""
    import shutil

    from conftest import FIXTURES

    import sitemigrate.template_files as tf
    stock = "Lecture notes and problem sets go here, swap this line for your own words"
    own = "Seminars on coastal sediment transport for second year geology students"
    owner = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", owner)
    (owner / "_pages/teaching.md").write_text(
        f"---\nlayout: page\ntitle: teaching\npermalink: /teaching/\ndescription: {stock}\n"
        "---\n")
    (owner / "_pages/seminars.md").write_text(
        f"---\nlayout: page\ntitle: seminars\npermalink: /seminars/\ndescription: {own}\n"
        "---\n")
    real = tf.templates

    class Table:  # the theme's table, with the stock line as a template page's description
        def __init__(self, table):
            self.table = table

        def is_setting(self, key, value):
            return (key, value) == (tf.PAGE_DESCRIPTION, stock) \
                or self.table.is_setting(key, value)

        def __getattr__(self, name):
            return getattr(self.table, name)
    monkeypatch.setattr(tf, "templates", lambda theme: Table(real(theme)))
    old, new = tmp_path / "old", tmp_path / "new"
    page(old, "teaching/index.html", f"<p>{stock}</p>")
    page(old, "seminars/index.html", f"<p>{own}</p>")
    page(new, "teaching/index.html", "<p>moved</p>")
    page(new, "seminars/index.html", "<p>moved</p>")
    found = compare(BuiltSite(old), BuiltSite(new), owner)
    assert [p for _, _, _, p in found.missing_paragraphs] == [
        "seminars on coastal sediment transport for second year geology students"]
