"""The owner's includes that a conversion copies along into DEST.

A page, post or collection document keeps its ``{% include NAME %}`` tags as the owner wrote
them; where DEST's checkout has no include of that name, :func:`.checkout.finish_liquid`
copies SRC's ``_includes/NAME`` along (and, transitively, the includes that one names). What
such an include shows of a document (a card grid that reads ``post.img_id``) is therefore
still shown on the new site: it is neither lost nor left behind.
"""

from __future__ import annotations

from pathlib import Path

from ..plan import Plan

_CONTENT = frozenset({".md", ".markdown", ".html", ".htm", ".liquid"})
_CODE = frozenset({"_layouts", "_includes", "_site", "_sass", "_plugins", "node_modules",
                   "vendor", ".git", ".jekyll-cache"})


def copied_along(plan: Plan) -> frozenset[str]:
    """SRC's ``_includes/…`` files (site paths) that a content file of SRC (not a layout or
    include) names, directly or through another such include, and that DEST's checkout does
    not have: the files the conversion copies along. Only in an upgrade, which carries every
    page with its Liquid as written (a switch of theme writes listing pages anew, without the
    owner's tags); empty when DEST holds no checkout (its includes are then the theme's
    mapping's, which this does not guess)."""
    from ..textio import read_source
    from .checkout import of
    from .liquid import include_name, tokenize
    from .site import iter_files
    src = plan.source
    have = of(plan).includes
    same = bool(plan.report.source_theme) and \
        plan.report.source_theme == plan.report.target_theme
    if src is None or have is None or not same or not (src / "_includes").is_dir():
        return frozenset()

    def named(text: str) -> list[str]:
        return [n.lstrip("/") for tok in tokenize(text) if tok.kind == "tag"
                and tok.name == "include" and (n := include_name(tok)) and "{{" not in n]

    queue: list[str] = []
    for top in sorted(src.iterdir()):
        if top.name in _CODE or top.is_symlink():
            continue
        found = iter_files(top, src, _CONTENT) if top.is_dir() else \
            [(top, top.name)] if top.suffix in _CONTENT else []
        for path, rel in found:
            data = read_source(path, rel, None, src)
            if data is not None and b"include" in data:
                queue += named(data.decode("utf-8", "replace"))
    out: set[str] = set()
    for name in queue:  # grows with the includes those name
        rel = f"_includes/{name}"
        if name in have or rel in out or not (src / rel).is_file() or \
                Path(rel).is_absolute() or ".." in Path(rel).parts:
            continue
        out.add(rel)
        data = read_source(src / rel, rel, None, src)
        if data is not None and b"include" in data:
            queue += named(data.decode("utf-8", "replace"))
    return frozenset(out)
