"""The pages an old site shows on its home page's layout: the home page at `/`, its versions
in the site's other languages (jekyll-polyglot's `/zh/`), and every other page (not a
post or a collection's document, not an archive a plugin generates) Jekyll lays out with
the same layout (a translated home page at its own address on al-folio's about layout).
Each shows what that layout lists under its text (selected papers, news, the owner's own
lists), so each is compared as the home page is."""

from __future__ import annotations

import re
from pathlib import Path


def home_addresses(owner: Path) -> list[str]:
    """The addresses of the pages of the site in ``owner`` that its home page's layout
    shows (the layout Jekyll gives each page: its front matter's, else `_config.yml`'s
    ``defaults``), the home page's own among them, each also under the prefix of every
    other language the site is built in; none when no page is served at `/`."""
    from ..jekyll.branches import doc_type, layout_of
    from ..jekyll.polyglot import Languages
    from ..jekyll.urls import normalize, read_tree, served, served_by
    if not owner.is_dir():
        return []
    tree = read_tree(owner)
    files, config = tree
    home = served(files, config).get(normalize("/"))
    if home is None or home.redirect_to or home.path not in files:
        return []
    layout = layout_of(files[home.path], config, home.path)
    langs = Languages.of(config)
    prefixes = ["", *(f"/{code}" for code in (langs.builds()[1:] if langs else ()))]
    out: set[str] = set()
    for rel, text in files.items():
        if rel != home.path and (not layout or doc_type(config, rel) is not None
                                 or layout_of(text, config, rel) != layout):
            continue
        for where in served_by(rel, tree):
            if not where.redirect_to:
                out.update(prefix + where.url for prefix in prefixes)
    return sorted(out)


_LOOPS_OVER = re.compile(r"\{%-?\s*for\s+\w+\s+in\s+site\.(\w+)")
NO_ITEMS = frozenset({"data", "pages", "html_pages", "static_files", "documents",
                      "collections", "categories", "tags"})
_ASSIGNED = re.compile(r"\{%-?\s*assign\s+(\w+)\s*=\s*site\.(\w+)")
_LOOPS = re.compile(r"\{%-?\s*for\s+\w+\s+in\s+(\w+)")


def looped_over(text: str) -> set[str]:
    """The names of `site.NAME` that Liquid ``text`` loops over: `{% for p in site.posts %}`,
    or a variable assigned from it first (`{% assign notes = site.posts | where: ... %}`
    then `{% for p in notes %}`: the same documents, filtered)."""
    assigned = dict(_ASSIGNED.findall(text))
    return set(_LOOPS_OVER.findall(text)) | {assigned[v] for v in _LOOPS.findall(text)
                                             if v in assigned}


def layout_listing_addresses(owner: Path) -> list[str]:
    """The addresses of the pages whose layout (a file of the site's `_layouts/`, and each
    one it is laid into) loops over the documents of one folder of the site (`{% for post in
    site.posts %}` with `_posts/`): Jekyll shows that list on each such page, whatever the
    page's own text (a series page on the owner's `blog-index` layout)."""
    from ..jekyll.branches import doc_type, layout_of
    from ..jekyll.layouts import named_chain
    from ..jekyll.urls import read_tree, served_by
    if not owner.is_dir():
        return []
    tree = read_tree(owner)
    files, config = tree
    out: set[str] = set()
    for rel, text in files.items():
        if doc_type(config, rel) is not None:
            continue
        chain, _ = named_chain(owner, layout_of(text, config, rel))
        names = {n for _, body in chain for n in looped_over(body)
                 if n not in NO_ITEMS and (owner / f"_{n}").is_dir()}
        if len(names) == 1:
            out.update(w.url for w in served_by(rel, tree) if not w.redirect_to)
    return sorted(out)
