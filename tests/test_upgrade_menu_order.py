"""Upgrading an al-folio site: a menu page without `nav_order` keeps its place. The old
header sorted the menu pages with Jekyll's `sort` filter, whose nil keys come first, so such
a page was listed before every page with a `nav_order`; the new template's header sorts by
`nav_order` too, so the page is given one below the others' (not one that sends it last)."""

from __future__ import annotations

import shutil
from pathlib import Path

import sitemigrate
from sitemigrate.textio import load_yaml

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _front(path: Path) -> dict:
    return load_yaml(path.read_text("utf-8").split("---")[1], path.name, None)


def _upgraded_orders(tmp_path: Path, pages: dict[str, str]) -> dict[str, float]:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    for name, front in pages.items():
        (src / f"_pages/{name}.md").write_text(
            f"---\nlayout: page\ntitle: {name}\npermalink: /{name}/\nnav: true\n{front}---\n"
            f"The {name} of the lighthouse keepers' log.\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    orders = {}
    for page in (tmp_path / "out/_pages").glob("*.md"):
        front = _front(page)
        if front.get("nav") and page.stem != "about":
            orders[page.stem] = front.get("nav_order")
    return orders


def test_a_menu_page_without_nav_order_stays_first_after_an_upgrade(tmp_path):
    orders = _upgraded_orders(tmp_path, {"tides": ""})
    assert orders["tides"] < min(v for k, v in orders.items() if k != "tides")


def test_menu_pages_without_nav_order_keep_the_old_menus_order_among_them(tmp_path):
    orders = _upgraded_orders(tmp_path, {"tides": "", "buoys": ""})
    numbered = min(v for k, v in orders.items() if k not in ("tides", "buoys"))
    assert max(orders["tides"], orders["buoys"]) < numbered
    assert orders["tides"] != orders["buoys"]


def test_menu_pages_with_nav_order_keep_theirs(tmp_path):
    orders = _upgraded_orders(tmp_path, {"tides": "nav_order: 3\n"})
    assert orders["tides"] == 3 and orders["publications"] == 1


def test_the_blog_entry_after_the_home_entry_stays_before_numbered_pages(tmp_path):
    """A 2022 header links `/blog/` by `blog_nav_title` right after the home entry, before
    its loop over the pages (here numbered from 1): the new template's blog page is a menu
    page sorted by `nav_order` too, so it gets one below theirs, not its place in the old
    menu (2, which ties it with the second page and sends it after the first)."""
    from test_menu_pages import BLOG_2022, HEADER
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_includes").mkdir()
    (src / "_includes/header.html").write_text(HEADER)
    (src / "blog").mkdir()
    (src / "blog/index.html").write_text(BLOG_2022)
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    pages = [*(tmp_path / "out/_pages").glob("*.md"), tmp_path / "out/blog/index.html"]
    orders = {page.parent.name if page.stem == "index" else page.stem:
              _front(page).get("nav_order") for page in pages
              if _front(page).get("nav") and page.stem != "about"}
    assert orders["blog"] < min(v for k, v in orders.items() if k != "blog"), orders


def test_a_page_the_headers_own_loop_leaves_out_stays_out_of_the_menu(tmp_path):
    """The owner's header left a `nav: true` page out of the menu by a condition of its loop
    over the pages (`p.title != "colophon"`); the new template's header lists every `nav`
    page: the upgraded page has `nav: false`, so the new menu is the old one. Its other
    keys stay as written."""
    from test_menu_pages import OWN_LOOP
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_includes").mkdir(exist_ok=True)
    (src / "_includes/header.html").write_text(OWN_LOOP)
    for name in ("colophon", "tides"):
        (src / f"_pages/{name}.md").write_text(
            f"---\nlayout: page\ntitle: {name}\npermalink: /{name}/\nnav: true\n"
            f"nav_order: 7\nshelf: 3\n---\nThe {name} of the lighthouse keepers' log.\n")
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    colophon, tides = (_front(tmp_path / f"out/_pages/{n}.md") for n in ("colophon", "tides"))
    assert colophon["nav"] is False and colophon["shelf"] == 3
    assert tides["nav"] is True and tides["nav_order"] == 7
