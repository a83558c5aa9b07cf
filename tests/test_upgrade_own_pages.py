"""An upgrade of an al-folio site from an older template onto the new one (issue 31): what a
page showed of its own stays shown. A CV page the owner laid out in their changed CV layout,
which showed the page's text, goes on the template's page layout where the new CV layout
shows none of a page's text. Invented people."""

from __future__ import annotations

import re
import shutil

import pytest
import realtheme as rt
from test_checkout import _convert, _write

_CV_LAYOUT = ("---\nlayout: default\n---\n<div class=\"post\"><header class=\"post-header\">\n"
              "<h1 class=\"post-title\">{{ page.title }} {% if page.cv_pdf %}<a href=\"{{ "
              "page.cv_pdf | prepend: 'assets/pdf/' | relative_url }}\">PDF</a>{% endif %}"
              "</h1></header></div>\n{{ content }}\n")
_CV_PAGE = ("---\nlayout: cv\npermalink: /cv/\ntitle: curriculum\nnav: true\nnav_order: 3\n"
            "cv_pdf: vera-lind.pdf\n---\n\nVera Lind films tide pools and teaches editing at "
            "the harbour school.\n\n### Films\n\n- SALT LINES. Documentary. 2019.\n")


def _sites(tmp_path, files):
    old, new = rt.TEMPLATES / "al-folio-2022", rt.TEMPLATES / "al-folio-2026"
    if not old.is_dir() or not new.is_dir():
        pytest.skip("the lab's al-folio templates are not here")
    src, dest = tmp_path / "src", tmp_path / "dest"
    shutil.copytree(old, src, ignore=shutil.ignore_patterns(".git"))
    shutil.copytree(new, dest, ignore=shutil.ignore_patterns(".git"))
    config = (src / "_config.yml").read_text()
    config = re.sub(r"(?m)^first_name:.*$", "first_name: Vera", config)
    config = re.sub(r"(?m)^last_name:.*$", "last_name: Lind", config)
    _write(src, {"_config.yml": config, **files})
    return src, dest


def test_a_cv_page_whose_own_layout_showed_its_text_keeps_it_on_the_page_layout(tmp_path):
    src, dest = _sites(tmp_path, {"_layouts/cv.html": _CV_LAYOUT, "_pages/cv.md": _CV_PAGE,
                                  "assets/pdf/vera-lind.pdf": "%PDF-1.4\n"})
    plan = _convert(src, dest, "al-folio")
    page = (dest / "_pages/cv.md").read_text()
    assert re.search(r"(?m)^layout: page$", page) and "Vera Lind films tide pools" in page
    said = [f for f in plan.report.findings if f.code == "upgrade-text-layout"]
    assert len(said) == 1 and said[0].path == "_pages/cv.md" and "`cv_pdf`" in said[0].message

