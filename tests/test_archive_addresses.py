"""The addresses jekyll-archives made on the old site (`/blog/2021/`, `/blog/tag/x/`,
`/blog/category/x/`) are old URLs like any page's: the new site serves each, or forwards it
to the page that now lists the same posts (issue 31)."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES
from test_unseen_site_rules import BLOG_2022

import sitemigrate
from sitemigrate.jekyll.urls import read_config, served

# an older blog page the owner left behind at the same address as `blog/index.html`
LEFT_BEHIND = ("---\nlayout: default\npermalink: /blog/\ntitle: blog\nnav: true\n---\n\n"
               "<p>The first notebook page, before the blog moved.</p>\n")


def _site(tmp_path: Path) -> Path:
    """The 2020-23 fixture (posts of 2021 and 2023 with tags and categories; jekyll-archives
    on, at `/blog/:year/`, `/blog/tag/:name/`, `/blog/category/:name/`), its blog page
    `blog/index.html` and, at the same address, an older `_pages/blog.md`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_pages/dropdown.md").unlink()
    (src / "blog").mkdir()
    (src / "blog/index.html").write_text(BLOG_2022)
    (src / "_pages/blog.md").write_text(LEFT_BEHIND)
    return src


def _archives(urls: list[dict]) -> list[dict]:
    return [r for r in urls if r["old"].startswith(("/blog/tag/", "/blog/category/"))
            or (r["old"].startswith("/blog/20") and r["old"].count("/") == 3)]


def test_an_archive_address_is_the_page_jekyll_writes_last_to_its_listing(tmp_path):
    """Jekyll writes the pages sorted by file name, so of `_pages/blog.md` and
    `blog/index.html` at `/blog/` visitors see `index.html`, whatever order the folders are
    read in; an archive page belongs to that page, the one converted."""
    src = _site(tmp_path)
    files = {"blog/index.html": BLOG_2022, "_pages/blog.md": LEFT_BEHIND}
    config = read_config(src)
    for order in (files, dict(reversed(files.items()))):
        old = served(order, config)
        assert old["/blog/index.html"].path == "blog/index.html"
    posts = {p.relative_to(src).as_posix(): p.read_text() for p in (src / "_posts").iterdir()}
    old = served({**files, **posts}, config)
    assert old["/blog/2021/index.html"].path == "blog/index.html"
    assert old["/blog/tag/fieldwork/index.html"].path == "blog/index.html"


def test_every_archive_address_is_served_or_forwarded_on_academicpages(tmp_path):
    """Converted to academicpages (which has no jekyll-archives), each old archive address
    forwards to the page that lists its posts: none is lost."""
    src = _site(tmp_path)
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    rows = _archives(plan.report.urls)
    assert {r["old"] for r in rows} >= {"/blog/2021/", "/blog/2023/", "/blog/tag/fieldwork/",
                                        "/blog/category/sea-trials/"}, rows
    assert all(r["how"] == "redirect" and r["new"] for r in rows), rows
    stub = (tmp_path / "out/_pages/redirects/blog-2021.md").read_text()
    assert yaml.safe_load(stub.split("---")[1])["permalink"] == "/blog/2021/"


def test_a_years_archive_forwards_to_the_years_heading_of_the_blog_listing(tmp_path):
    """academicpages' blog listing heads each year's posts (an `id` of the year): an old
    year's archive forwards to that heading of the page that now lists the posts."""
    src = _site(tmp_path)
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    new = {r["old"]: r["new"] for r in _archives(plan.report.urls)}
    assert new["/blog/2021/"] == "/blog/#2021" and new["/blog/2023/"] == "/blog/#2023", new
    blog = (tmp_path / "out/blog/index.html").read_text()
    assert '<h2 id="{{ year | slugify }}"' in blog


def test_every_archive_address_is_served_or_forwarded_on_upgrade(tmp_path):
    """Upgraded onto a checkout whose config has no jekyll-archives, each old archive address
    forwards (al-folio's `redirect:`) to the blog: none is lost."""
    from test_upgrade import new_checkout
    src = _site(tmp_path)
    dest = new_checkout(tmp_path / "dest")
    plan = sitemigrate.convert(src, dest, to="al-folio", from_="al-folio")
    plan.apply()
    rows = _archives(plan.report.urls)
    assert {r["old"] for r in rows} >= {"/blog/2021/", "/blog/tag/fieldwork/"}, rows
    assert all(r["how"] in ("same", "redirect") and r["new"] for r in rows), rows


def test_a_years_archive_forwards_to_the_top_of_a_listing_without_year_headings(tmp_path):
    """A blog page of the owner's own Liquid (kept as written) heads no year: the old year's
    archive forwards to the page itself."""
    src = _site(tmp_path)
    (src / "blog/index.html").write_text(
        "---\nlayout: default\ntitle: notebook\n---\n\n<ul>{% for entry in site.posts %}"
        "<li><a href=\"{{ entry.url | relative_url }}\">{{ entry.title }}</a></li>"
        "{% endfor %}</ul>\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    new = {r["old"]: r["new"] for r in _archives(plan.report.urls)}
    assert new["/blog/2021/"] == "/blog/", new


def test_a_months_and_a_days_archive_forward_to_their_years_heading(tmp_path):
    """jekyll-archives' month and day pages list a part of a year's posts: on academicpages'
    blog listing, which heads each year, they forward to the heading of their year, not to
    the top of the listing."""
    src = _site(tmp_path)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "  enabled: [year, tags, categories]", "  enabled: [year, month, day, tags, categories]")
        .replace("    year: '/blog/:year/'", "    year: '/blog/:year/'\n"
                 "    month: '/blog/:year/:month/'\n    day: '/blog/:year/:month/:day/'"))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    new = {r["old"]: r["new"] for r in plan.report.urls}
    assert new["/blog/2021/06/"] == "/blog/#2021", new
    assert new["/blog/2021/06/14/"] == "/blog/#2021", new
    assert new["/blog/2023/01/"] == "/blog/#2023", new


def test_a_months_archive_forwards_to_its_years_archive_on_upgrade(tmp_path):
    """Upgraded onto a checkout that archives posts by year only, an old month's archive
    forwards to its year's archive page, which lists the same posts and more."""
    from test_upgrade import new_checkout
    src = _site(tmp_path)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "  enabled: [year, tags, categories]", "  enabled: [year, month, tags, categories]")
        .replace("    year: '/blog/:year/'", "    year: '/blog/:year/'\n"
                 "    month: '/blog/:year/:month/'"))
    dest = new_checkout(tmp_path / "dest")
    (dest / "_config.yml").write_text((dest / "_config.yml").read_text().replace(
        "plugins: [jekyll/scholar, jekyll-feed]", "plugins: [jekyll/scholar, jekyll-archives]")
        + "jekyll-archives:\n  enabled: [year]\n  permalinks:\n    year: '/blog/:year/'\n")
    plan = sitemigrate.convert(src, dest, to="al-folio", from_="al-folio")
    plan.apply()
    new = {r["old"]: r["new"] for r in plan.report.urls}
    assert new["/blog/2021/06/"] == "/blog/2021/", new
