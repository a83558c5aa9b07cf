"""An owner's about layout that wraps a block in an HTML comment shows nothing of it: Liquid
runs there, but the browser shows none of it. Its switch is read as off."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

# the owner's about layout: the news list and the social block are commented out
ABOUT = """---
layout: default
---
<div class="post">
  <article>
    <div class="clearfix">{{ content }}</div>
    <!-- {% if page.news %}
      {% include news.html %}
    {% endif %} -->
    {% if page.selected_papers %}{% include selected_papers.html %}{% endif %}
    <!-- {% if page.social %}
    <div class="social">
      <div class="contact-note">{{ site.contact_note }}</div>
    </div>
    {% endif %} -->
  </article>
</div>
"""


def _about(tmp_path: Path, layout: str | None) -> str:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    if layout is not None:
        (src / "_layouts").mkdir()
        (src / "_layouts/about.html").write_text(layout)
    dest = tmp_path / "out"
    sitemigrate.convert(src, dest, to="academicpages").apply()
    return (dest / "_pages/about.md").read_text()


def test_news_and_contact_note_the_about_layout_comments_out_are_not_written(tmp_path):
    body = _about(tmp_path, ABOUT)
    assert "## News" not in body
    assert "sea trials" not in body  # the config's `contact_note`


def test_the_same_blocks_shown_by_the_layout_are_written(tmp_path):
    body = _about(tmp_path, ABOUT.replace("<!--", "").replace("-->", ""))
    assert "## News" in body
    assert "sea trials" in body


def test_an_upgrade_turns_off_the_social_switch_the_old_layout_commented_out(tmp_path):
    """Upgrading, the owner's about page is carried as written: its `social: true`, which the
    old layout read only inside an HTML comment (it showed nothing), would show the social
    block and `contact_note` in the new layout; it is written as the old site showed it."""
    import yaml
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.html").write_text(ABOUT)
    dest = tmp_path / "out"
    shutil.copytree(src, dest)  # a checkout of the same theme: its own files stay
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front = yaml.safe_load((dest / "_pages/about.md").read_text().split("---")[1])
    assert front["social"] is False
