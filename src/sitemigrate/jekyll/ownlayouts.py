"""The owner's own layouts: a page of SRC laid into a `_layouts/NAME.*` that no template of
the source theme has (a second language's layouts, `single-cn` into `default-cn`) is
written on a layout of the target theme; what the owner's layouts add around the page's
text (their includes: a menu of the other language, a switcher) is not carried. One
finding per layout names its pages and what it runs, so the owner can redo it by hand.
The page keys such a layout prints are carried by :mod:`sitemigrate.jekyll.layouts`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir import Origin, Site
from ..template_files import templates
from .layouts import _layout, _layout_of
from .liquid import include_name, tokenize

if TYPE_CHECKING:
    from ..plan import Plan


def report_own_layouts(plan: Plan, site: Site) -> None:
    """Report each layout of the owner's own that a page of SRC is laid into (see module)."""
    source = plan.from_theme
    known = templates(source).files if source is not None else {}
    if source is None or not known:
        return  # without the template's files no layout can be told the owner's
    pages: dict[str, list[str]] = {}
    runs: dict[str, list[str]] = {}
    for page in site.pages:
        name, seen = _layout_of(plan.source_text(page.path)), set()
        while name and name not in seen:
            seen.add(name)
            found = _layout(plan, name)
            if found is None:
                break
            rel, text = found
            if rel not in known:
                pages.setdefault(rel, []).append(page.path)
                runs.setdefault(rel, sorted({n for t in tokenize(text) if t.name == "include"
                                             and (n := include_name(t))
                                             and f"_includes/{n}" not in known}))
            name = _layout_of(text)
    for rel, paths in pages.items():
        shown = ", ".join(f"`{n}`" for n in runs[rel])
        plan.report.add(
            "own-layout", "warning", "lost", f"`{rel}` is a layout of your own, which "
            f"{len(paths)} page(s) use ({', '.join(f'`{p}`' for p in sorted(paths))}); "
            "they are on the target theme's own layout now, and what yours shows around "
            "their text" + (f" (it runs your {shown})" if shown else "") + " is not carried: "
            "redo it in the new site by hand if you need it.", Origin(rel, 1))
