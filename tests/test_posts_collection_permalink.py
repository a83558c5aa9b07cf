"""Jekyll's posts are a collection: a config whose `collections:` gives `posts` a
`permalink` of its own (`/:collection/:path/`) puts every post there, whatever the site's
`permalink` style says. The converted posts keep those addresses."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from test_checkout import _convert

from sitemigrate.jekyll.urls import post_url, posts_pattern


def test_the_posts_collection_permalink_wins_over_the_site_style():
    config = {"permalink": "/:categories/:title/",
              "collections": {"posts": {"output": True, "permalink": "/:collection/:path/"}}}
    pattern = posts_pattern(config)
    assert post_url(pattern, "2021-03-04-kelp-forests", {}) == "/posts/2021-03-04-kelp-forests/"
    assert posts_pattern({"permalink": "/:categories/:title/"}) == "/:categories/:title/"


@pytest.mark.parametrize("theme", ["academicpages", "al-folio"])
def test_converted_posts_keep_the_address_the_posts_collection_gave_them(tmp_path: Path, theme):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = (src / "_config.yml").read_text().replace(
        "collections:\n", "collections:\n  posts:\n    output: true\n"
        "    permalink: /:collection/:path/\n", 1)
    (src / "_config.yml").write_text(config)
    (src / "_posts/2021-03-04-kelp-forests.md").write_text(
        "---\ntitle: Kelp forests at low tide\ndate: 2021-03-04\n---\n\nWe counted urchins.\n")
    _convert(src, tmp_path / "dest", theme)
    written = next((tmp_path / "dest").rglob("2021-03-04-kelp-forests.md")).read_text()
    assert "permalink: /posts/2021-03-04-kelp-forests/" in written
