"""A page of the owner's that jekyll-paginate-v2 paged (its `pagination:` enabled) and that
loops over `paginator.posts`: on academicpages, whose jekyll-paginate pages only the root
`index.html`, `paginator` is nil there and the loop listed nothing (issue #31). The loop
reads the items that paginator paged, in its order, all on the page. Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

NOTES = """---
layout: default
title: notes
permalink: /notes/
pagination:
  enabled: {enabled}
  collection: posts
  per_page: 4
  sort_field: {field}
  sort_reverse: true
---
<!-- <h1>{{{{ site.blog_name }}}}</h1> -->
<ul class="post-list">
  {{% for post in paginator.posts %}}
  <li><a class="post-title" href="{{{{ post.url | relative_url }}}}">{{{{ post.title }}}}</a></li>
  {{% endfor %}}
</ul>
"""


def _converted(tmp_path: Path, enabled: str = "true", field: str = "date",
               site_enabled: bool = True) -> tuple[str, object]:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text() + f"\npagination:\n  enabled: {str(site_enabled).lower()}\n")
    (src / "_pages/notes.md").write_text(NOTES.format(enabled=enabled, field=field))
    (src / "_posts/2024-03-02-moss-walk.md").write_text(
        "---\nlayout: post\ntitle: A walk among mosses\n---\nQuill Vantreck walked.\n")
    result = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    result.apply()
    return (tmp_path / "out/_pages/notes.md").read_text(), result


def test_a_paged_loop_lists_the_posts_on_academicpages(tmp_path):
    body, result = _converted(tmp_path)
    assert "for post in site.posts" in body and "paginator.posts" not in body
    assert any(f.code == "pagination" for f in result.report.findings)


def test_another_sort_field_sorts_the_list_as_the_paginator_did(tmp_path):
    body, _ = _converted(tmp_path, field="title")
    assert '{% assign paged_items = site.posts | sort: "title" | reverse %}' in body
    assert "for post in paged_items" in body


def test_a_page_the_paginator_did_not_page_keeps_its_loop(tmp_path):
    """Not enabled on the page, or not in the config: jekyll-paginate-v2 paged nothing
    there either, and the page showed what it shows."""
    body, _ = _converted(tmp_path / "page", enabled="false")
    assert "for post in paginator.posts" in body
    body, _ = _converted(tmp_path / "site", site_enabled=False)
    assert "for post in paginator.posts" in body
