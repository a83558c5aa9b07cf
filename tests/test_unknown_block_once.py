"""A block tag the target cannot run (jekyll-diagrams' `{% nomnoml %}` ... `{% endnomnoml %}`,
a diagram) is one finding, at its opening tag, not one for each of its tags; and on an
upgrade, where the document is read by the writer and again as carried, still one. Both
tags are kept as text. Invented people (Vera Vega of test_upgrade)."""

from __future__ import annotations

import shutil
from pathlib import Path

from test_checkout import _write
from test_upgrade import new_checkout, old_site

import sitemigrate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
POST = ("---\nlayout: post\ntitle: Boxes of the tide\ndate: 2022-05-06\n---\n"
        "A diagram of the tide.\n\n{% nomnoml %}\n[Tide]->[Moon]\n{% endnomnoml %}\n")
REL = "_posts/2022-05-06-boxes.md"


def _said(plan) -> list[tuple[int | None, str]]:
    return [(f.line, f.message.split("`")[1]) for f in plan.report.findings
            if f.code == "liquid-unknown-tag" and f.path == REL]


def test_an_unknown_block_tag_is_one_finding(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {REL: POST})
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    assert _said(plan) == [(8, "{% nomnoml %}")]
    body = plan.files[REL].decode()
    assert "{% raw %}{% nomnoml %}{% endraw %}" in body
    assert "{% raw %}{% endnomnoml %}{% endraw %}" in body


def test_an_unknown_block_tag_is_one_finding_on_an_upgrade(tmp_path):
    src = _write(old_site(tmp_path / "old"), {REL: POST})
    plan = sitemigrate.convert(src, new_checkout(tmp_path / "new"), to="al-folio")
    assert _said(plan) == [(8, "{% nomnoml %}")]
