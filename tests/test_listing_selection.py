"""A listing that showed only some items of its collection (`where:` filters on the list it
loops over) shows the same items in the target's listing (issue #31). Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate

BLOG = """---
layout: default
permalink: /blog/
title: blog
pagination:
  enabled: true
  collection: posts
  permalink: /page/:num/
  per_page: 10
---
<div class="post">
{{% assign blog_name_size = page.blog_name | size %}}
<ul class="post-list">
{{% if page.pagination.enabled %}}
  {{% assign postlist = paginator.posts{where} %}}
{{% else %}}
  {{% assign postlist = site.posts{where} %}}
{{% endif %}}
{{% for post in postlist %}}
  <li><h3><a class="post-title" href="{{{{ post.url | relative_url }}}}">{{{{ post.title }}}}</a></h3></li>
{{% endfor %}}
</ul>
{{% include pagination.liquid %}}
</div>
"""


def _site(tmp_path: Path, where: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/blog.md").write_text(BLOG.format(where=where))
    for name, lang in (("lichen", "en"), ("flechte", "de")):
        (src / f"_posts/2024-06-0{len(lang)}-{name}.md").write_text(
            f"---\nlayout: post\ntitle: {name}\nlang: {lang}\n---\nText about {name}.\n")
    return src


def _listing(tmp_path: Path, where: str) -> str:
    src = _site(tmp_path, where)
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    return (tmp_path / "out/_pages/blog.md").read_text()


def test_a_blog_that_listed_the_posts_of_one_language_lists_those(tmp_path):
    body = _listing(tmp_path, ' | where: "lang", "en"')
    assert '{% assign listed = site.posts | where: "lang", "en" %}' in body
    assert "for post in listed" in body and "for post in site.posts" not in body


def test_a_blog_that_listed_every_post_lists_every_post(tmp_path):
    body = _listing(tmp_path, "")
    assert "for post in site.posts" in body and "listed" not in body


FEATURED = '{{% assign featured_posts = site.posts | where: "featured", "true"{where} %}}' \
           '{{% for post in featured_posts %}}<b>{{{{ post.title }}}}</b>{{% endfor %}}\n'


def test_a_box_of_featured_posts_beside_the_list_changes_nothing_it_lists(tmp_path):
    """The featured posts of the language beside the list of that language's posts: the
    page showed that language's posts. Featured posts of every language beside a list of
    every post: it showed every post."""
    for where, kept in ((' | where: "lang", "en"', True), ("", False)):
        src = _site(tmp_path / str(kept), where)
        blog = src / "_pages/blog.md"
        text = blog.read_text()
        blog.write_text(text.replace("<ul", FEATURED.format(where=where) + "<ul", 1))
        out = tmp_path / str(kept) / "out"
        sitemigrate.convert(src, out, to="academicpages").apply()
        body = (out / "_pages/blog.md").read_text()
        assert ('{% assign listed = site.posts | where: "lang", "en" %}' in body) is kept
        assert ("for post in site.posts" in body) is not kept
