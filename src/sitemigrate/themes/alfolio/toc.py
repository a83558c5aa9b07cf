"""al-folio's table of contents: its post layout shows one at the top of a post whose `toc`
asks for it (`toc: {beginning: true}`), its default layout one beside the text of any page
laid into it (`toc: {sidebar: left}`: a post, a page, the CV); any other `toc` (`true`, a
distill page's list of sections, which only the distill layout reads) shows none there.
Which layout reads which switch is read off SRC's own layouts where it has them (al-folio's
first generations read neither), else al-folio's: a post or page al-folio shows one for gets
the neutral ``toc`` (the page shows a table of contents of its headings) for the target's
writer."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ...ir import Item
from ...jekyll.layouts import named_chain
from ...report import Report

_SWITCHES = ("beginning", "sidebar")
_BARE = frozenset({"distill", "none"})  # al-folio's layouts laid into no default layout


def shows_toc(root: Path, layout: str, toc: object, report: Report | None = None) -> bool:
    """Whether the page laid out with ``layout`` shows a table of contents for its ``toc``:
    a switch set (Liquid's truth: anything but nil and false) that one of its layouts
    tests (``page.toc.beginning``, ``page.toc.sidebar``). Where SRC lacks the layout, al-folio's
    own decide: ``beginning`` in its post layout, ``sidebar`` in any laid into the default."""
    if not isinstance(toc, dict) or not layout or layout in _BARE:
        return False
    wanted = [k for k in _SWITCHES if toc.get(k) not in (None, False)]
    chain, complete = named_chain(root, layout, report)
    if any(f"page.toc.{k}" in text for _, text in chain for k in wanted):
        return True
    if complete:  # every layout is SRC's own, and none tests the switch
        return False
    return "sidebar" in wanted or ("beginning" in wanted and layout == "post")


def mark_toc(posts: Iterable[Item], root: Path, report: Report | None = None) -> None:
    """Set ``fields["toc"]`` on each post al-folio shows a table of contents for."""
    for item in posts:
        if shows_toc(root, str(item.extra.get("layout") or "post"), item.extra.get("toc"),
                     report):
            item.fields["toc"] = True
