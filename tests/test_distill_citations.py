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
Mosses glow at dusk<d-cite key="varn2019"></d-cite>,
as two surveys say<d-cite key="varn2019, oslet2021"></d-cite>.
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


FOOTNOTED = """---
layout: {layout}
title: Why lichens fade
date: 2024-03-04
---
{open}Lichens fade in spring<d-footnote>Only the *pale* kinds, as far as
anyone knows.</d-footnote>, and again in autumn.<d-footnote>So
[Tomas Quist](https://example.org/quist) says.</d-footnote>{close}

```html
<d-footnote>an example of the element</d-footnote>
```
"""


def _footnoted(tmp_path: Path, layout: str, name: str, block: bool = True) -> str:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_posts" / name).write_text(FOOTNOTED.format(
        layout=layout, open="<p>" if block else "", close="</p>" if block else ""))
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    return (tmp_path / "out/_posts" / name).read_text()


def test_distill_footnotes_are_kramdown_footnotes(tmp_path):
    """al-folio's distill layout numbers a `<d-footnote>` in the text and lists its note at
    the end; on academicpages the element's text stood in the sentence: kramdown's footnotes
    (`[^n]`, numbered, listed at the end), one line each; fenced code stays code."""
    text = _footnoted(tmp_path, "distill", "2024-03-04-lichen.md", block=False)
    assert "spring[^d1], and again in autumn.[^d2]\n" in text
    assert "<d-footnote>an example of the element</d-footnote>" in text
    assert text.endswith("[^d1]: Only the *pale* kinds, as far as anyone knows.\n"
                         "[^d2]: So [Tomas Quist](https://example.org/quist) says.\n")


def test_distill_footnotes_in_an_html_file_are_the_html_kramdown_makes(tmp_path):
    """In an HTML post no Markdown is read: the footnotes are the HTML kramdown makes of
    `[^n]` (a numbered link in the text, the notes in a list at the end), no `[^n]`."""
    text = _footnoted(tmp_path, "distill", "2024-03-04-lichen.html")
    assert "[^" not in text and "<d-footnote>Only" not in text
    assert ('spring<sup id="fnref:d1" role="doc-noteref"><a href="#fn:d1" class="footnote" '
            'rel="footnote">1</a></sup>') in text
    notes = text.split('<div class="footnotes" role="doc-endnotes">', 1)[1]
    assert '<li id="fn:d2" role="doc-endnote"><p>So [Tomas Quist]' in notes
    assert '<a href="#fnref:d1" class="reversefootnote" role="doc-backlink">' in notes


def test_distill_footnotes_in_an_html_block_of_markdown_are_html(tmp_path):
    """A paragraph that opens with `<p>` is an HTML block, where kramdown reads no Markdown
    (a `[^n]` would show as written and its note be dropped): the notes are kramdown's HTML
    there too; a note of a Markdown paragraph is read as Markdown, as it was."""
    text = _footnoted(tmp_path, "distill", "2024-03-04-lichen.md")
    assert "[^" not in text and '<p>Lichens fade in spring<sup id="fnref:d1"' in text
    assert '<li id="fn:d1" role="doc-endnote"><p>Only the *pale* kinds' in text
    plain = "---\nlayout: distill\ntitle: Fens\n---\n<div>Fens<d-footnote>one</d-footnote>" \
            "</div>\n\nBogs<d-footnote>*wet* [ones](https://example.org/bog)</d-footnote>.\n"
    (tmp_path / "src/_posts/2024-03-05-fens.md").write_text(plain)
    shutil.rmtree(tmp_path / "out")
    sitemigrate.convert(tmp_path / "src", tmp_path / "out", to="academicpages").apply()
    fens = (tmp_path / "out/_posts/2024-03-05-fens.md").read_text()
    assert '<p><em>wet</em> <a href="https://example.org/bog">ones</a> <a href="#fnref:d2"' \
        in fens and "[^" not in fens


def test_footnotes_of_another_layout_are_left(tmp_path):
    text = _footnoted(tmp_path, "post", "2024-03-04-lichen.md")
    assert "<d-footnote>Only the *pale*" in text and "[^d1]" not in text


def test_the_citation_list_of_an_html_post_is_an_html_heading(tmp_path):
    """No Markdown is read in an HTML post: the list's heading is `<h2>`, not `## `."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_posts/2024-02-03-glow.html").write_text(POST.format(layout="distill"))
    (src / "assets/bibliography").mkdir(parents=True, exist_ok=True)
    (src / "assets/bibliography/2024-02-03-glow.bib").write_text(BIB)
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    text = (tmp_path / "out/_posts/2024-02-03-glow.html").read_text()
    assert "<h2>References</h2>" in text and "## References" not in text


def test_the_excerpt_of_a_footnoted_post_leaves_the_notes_out(tmp_path):
    """The lists show a post's excerpt, its first paragraph: without the notes, whose
    marks would point at nothing there (the element showed its text inline)."""
    import yaml
    text = _footnoted(tmp_path, "distill", "2024-03-04-lichen.html")
    front = yaml.safe_load(text.split("---")[1])
    assert front["excerpt"] == "<p>Lichens fade in spring, and again in autumn.</p>"
