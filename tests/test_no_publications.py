"""A site without publications (no entries, no publications page) converted into a checkout
of a template, in both directions and as an upgrade of each theme: the new site has no
publications page of the template's example person, no menu entry the owner never had,
no example entry in its bibliography, and the report says the template's pages went.
(Issue 31: already so on main when this test was written; it keeps it so.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from test_checkout import _convert, academicpages_checkout, alfolio_checkout


def _without_publications(tmp_path: Path, theme: str) -> Path:
    src = tmp_path / "src"
    if theme == "al-folio":
        shutil.copytree(FIXTURES / "al-folio-site", src)
        (src / "_pages/publications.md").unlink()
        (src / "_bibliography/papers.bib").unlink()
    else:
        shutil.copytree(FIXTURES / "academicpages-site", src)
        shutil.rmtree(src / "_publications")
        (src / "_pages/publications.html").unlink()
        nav = src / "_data/navigation.yml"
        nav.write_text(nav.read_text().replace(
            '  - title: "Publications"\n    url: /publications/\n', ""))
    return src


@pytest.mark.parametrize("source,target", [("al-folio", "academicpages"),
                                           ("academicpages", "al-folio"),
                                           ("al-folio", "al-folio"),
                                           ("academicpages", "academicpages")])
def test_no_publications_page_of_the_templates_example_person(tmp_path, source, target):
    src = _without_publications(tmp_path, source)
    make = alfolio_checkout if target == "al-folio" else academicpages_checkout
    dest = make(tmp_path / "dest")
    (dest / "_pages/publications.md" if target == "al-folio"
     else dest / "_pages/publications.html").write_text(
        "---\nlayout: page\ntitle: publications\npermalink: /publications/\nnav: true\n---\n"
        "{% bibliography %}\n")
    plan = _convert(src, dest, target)
    pages = [p for p in (dest / "_pages").rglob("*")
             if p.is_file() and "permalink: /publications/" in p.read_text()]
    assert pages == []
    assert not list(dest.glob("_publications/*"))
    assert "nobody" not in "".join(p.read_text() for p in dest.glob("_bibliography/*.bib"))
    nav = dest / "_data/navigation.yml"
    assert not nav.is_file() or "/publications/" not in nav.read_text()
    said = [f.message for f in plan.report.findings if f.code == "template-example"]
    assert any("`_pages` removed" in m for m in said)
