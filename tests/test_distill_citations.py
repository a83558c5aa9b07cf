"""A distill post's `<d-cite key="...">` citations, which al-folio's distill layout numbers
and lists from the BibTeX file its front matter names: on academicpages, which has no such
layout, the element shows nothing; the numbers and the list are written into the post
(issue #31). Invented people and works."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

POST = """---
layout: {layout}
title: Why mosses glow
date: 2024-02-03
description: a note
bibliography: 2024-02-03-glow.bib
---
Mosses glow at dusk<d-cite key="varn2019"></d-cite>, as two surveys say<d-cite key="varn2019, oslet2021"></d-cite>.
"""

BIB = """@article{varn2019,
  title={Glowing mosses of the northern fens},
  author={Varn, Ilse and Quist, Tomas},
  journal={Fen Letters},
  year={2019},
  url={https://example.org/varn2019}
}
@book{oslet2021,
  title={Light in small plants},
  author={Oslet, Mira},
  year={2021}
}
"""


def _post(tmp_path: Path, layout: str) -> str:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_posts/2024-02-03-glow.md").write_text(POST.format(layout=layout))
    (src / "assets/bibliography").mkdir(parents=True, exist_ok=True)
    (src / "assets/bibliography/2024-02-03-glow.bib").write_text(BIB)
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    return next((tmp_path / "out/_posts").glob("*glow*")).read_text()


def test_the_citations_are_numbered_and_listed_at_the_end(tmp_path):
    text = _post(tmp_path, "distill")
    assert "<d-cite" not in text
    assert 'dusk[<a href="#cite-varn2019">1</a>]' in text
    assert '[<a href="#cite-varn2019">1</a>, <a href="#cite-oslet2021">2</a>]' in text
    refs = text.split("## References", 1)[1]
    assert refs.index('id="cite-varn2019"') < refs.index('id="cite-oslet2021"')
    assert "Glowing mosses of the northern fens" in refs and "Light in small plants" in refs
    assert 'href="https://example.org/varn2019"' in refs


def test_a_post_of_another_layout_keeps_its_text(tmp_path):
    text = _post(tmp_path, "post")
    assert '<d-cite key="varn2019"></d-cite>' in text and "## References" not in text
