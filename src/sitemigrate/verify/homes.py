"""The pages an old site shows on its home page's layout: the home page at `/`, its versions
in the site's other languages (jekyll-polyglot's `/zh/`), and every other page Jekyll lays
out with the same layout (a translated home page at its own address on al-folio's about
layout). Each shows what that layout lists under its text (selected papers, news, the
owner's own lists), so each is compared as the home page is."""

from __future__ import annotations

from pathlib import Path


def home_addresses(owner: Path) -> list[str]:
    """The addresses of the pages of the site in ``owner`` that its home page's layout
    shows (the layout Jekyll gives each page: its front matter's, else `_config.yml`'s
    ``defaults``), the home page's own among them; none when nothing is served at `/`."""
    from ..jekyll.branches import layout_of
    from ..jekyll.urls import normalize, read_tree, served
    if not owner.is_dir():
        return []
    files, config = read_tree(owner)
    pages = served(files, config)
    home = pages.get(normalize("/"))
    if home is None or home.redirect_to:
        return []
    layout = layout_of(files.get(home.path), config, home.path)
    layouts: dict[str, str] = {}
    out = []
    for where in pages.values():
        if where.redirect_to:
            continue
        if where.path not in layouts:
            layouts[where.path] = layout_of(files.get(where.path), config, where.path)
        if where.path == home.path or (layout and layouts[where.path] == layout):
            out.append(where.url)
    return sorted(set(out))
