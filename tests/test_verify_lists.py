"""How `verify` (and the real-theme harness) reads a list page's items: the titles a visitor
reads, each as often as the page shows it."""

from __future__ import annotations

from pathlib import Path

from sitemigrate.verify import BuiltSite, compare


def built(root: Path, pages: dict[str, str]) -> BuiltSite:
    for rel, body in pages.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<html><head><title>x</title></head><body><main>{body}</main>"
                        "</body></html>", "utf-8")
    return BuiltSite(root)


def test_a_title_s_screen_reader_text_is_no_word_of_the_title(tmp_path):
    """academicpages puts a permalink icon in each item's heading, with the word `Permalink`
    in a `sr-only` span that no visitor sees; a theme that shows the same title without it
    lists the same item."""
    old = built(tmp_path / "old", {"publications/index.html": (
        '<h2 class="archive__item-title"><a href="/x/">Moorings at Night</a> '
        '<a href="/publications/moorings/" rel="permalink"><i class="fa fa-link"></i>'
        '<span class="sr-only">Permalink</span></a></h2>'
        '<h2 class="archive__item-title">Tidal Clocks <span class="icon visually-hidden">'
        'link</span></h2>')})
    new = built(tmp_path / "new", {"publications/index.html": (
        '<div class="title">Moorings at Night</div><div class="title">Tidal Clocks</div>')})
    assert old.items("publications/index.html") == ["moorings at night", "tidal clocks"]
    result = compare(old, new, tmp_path / "src")
    assert result.lists == []
