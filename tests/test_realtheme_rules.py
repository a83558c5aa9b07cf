"""Rules the real-theme matrix (tests/realtheme.py, issue 31) found missing, each in a
miniature site: nothing of a template's example content shows on the converted site, old
addresses answer, and what the source shows is shown.

The sites are invented (fixtures/ plus a few files written here, and the miniature template
checkouts of tests/test_checkout.py).
"""

from __future__ import annotations

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
