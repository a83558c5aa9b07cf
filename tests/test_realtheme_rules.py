"""Rules the real-theme matrix (tests/realtheme.py, issue 31) found missing, each in a
miniature site: nothing of a template's example content shows on the converted site, old
addresses answer, and what the source shows is shown.

The sites are invented (fixtures/ plus a few files written here, and the miniature template
checkouts of tests/test_checkout.py).
"""

from __future__ import annotations

import shutil

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
    page; one the conversion carries (an HTML file at the root) is served where it was."""
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
                        lambda theme: template if theme == "academicpages" else real(theme))
    plan = _convert(src, tmp_path / "out", "al-folio")
    urls = _urls(plan)
    assert urls["/talkmap/map.html"]["how"] == "redirect" and urls["/talkmap/map.html"]["new"]
    assert urls["/google0a1b2c.html"]["how"] == "same"
    assert urls["/notes/handout.html"]["how"] == "lost"  # said, not silently gone
    assert any(f.code == "url-lost" and f.path == "notes/handout.html"
               for f in plan.report.findings)


def test_the_templates_example_cv_the_conversion_left_out_is_no_loss(tmp_path, monkeypatch):
    """A CV data file of SRC that is its template's example CV, as it shipped, is nobody's
    CV: the conversion leaves it out, and verify does not ask the new site for its
    entries (the owner's own CV data would be asked for)."""
    import sitemigrate.registry as registry
    import sitemigrate.template_files as tf
    from test_verify import new_site, old_site, owner, page

    from sitemigrate.verify import compare
    src = owner(tmp_path)
    monkeypatch.setattr(registry, "detect", lambda path: [
        registry.Detection("al-folio", 9, "2024-25")])
    monkeypatch.setattr(tf, "is_example", lambda theme, root, rel: rel == "_data/cv.yml")
    without_cv = new_site(tmp_path, **{"cv/index.html": page("<p>No CV yet.</p>")})
    result = compare(old_site(tmp_path), without_cv, src)
    assert not result.missing_details and result.details == 2  # the talk's title and venue
    monkeypatch.setattr(tf, "is_example", lambda theme, root, rel: False)
    result = compare(old_site(tmp_path), without_cv, src)
    assert result.missing_details == [("_data/cv.yml", "master of tidal studies")]


def test_a_cv_section_the_layout_shows_generically_is_written_as_bullets(tmp_path):
    """al-folio's RenderCV layout (2026) lays out the sections whose titles it tests
    (`Experience`, `Education` ...) its own way and shows only bullet and one-line entries in
    any other: the talks of a CV, written as job entries, showed nothing. Each entry of such a
    section is a bullet with every text it has, its title linked."""
    import yaml
    src = _academicpages(tmp_path, {"_pages/cv.md": (
        "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n{% include base_path %}\n\n"
        "Work experience\n======\n* Summer 2015: Research Assistant\n"
        "  * Example Polar Station\n\n"
        "Invited talks\n======\n* Spring 2018: Counting buntings by night\n"
        "  * Example Alpine Society\n")})
    dest = alfolio_checkout(tmp_path / "checkout")
    (dest / "_data/cv.yml").write_text("cv:\n  name: Example Nobody\n  sections: {}\n")
    (dest / "_layouts/cv.liquid").write_text(
        "---\nlayout: default\n---\n{% for s in site.data.cv.cv.sections %}"
        "{% assign section_title = s[0] %}{% if section_title == 'Experience' %}"
        "{% for e in s[1] %}{{ e.position }} {{ e.company }}{% endfor %}"
        "{% else %}{% for e in s[1] %}{{ e.bullet }}{% endfor %}{% endif %}{% endfor %}\n")
    _convert(src, dest, "al-folio")
    sections = yaml.safe_load((dest / "_data/cv.yml").read_text())["cv"]["sections"]
    assert sections["Experience"][0]["position"] == "Research Assistant"  # laid out as a job
    [talk] = sections["Invited talks"]
    assert set(talk) == {"bullet"}
    assert "Counting buntings by night" in talk["bullet"]
    assert "Example Alpine Society" in talk["bullet"] and "2018" in talk["bullet"]
