"""al-folio's table of contents of a post: its post layout shows one at the top of a post
whose `toc` asks for it (`toc: {beginning: true}`), its default layout one beside the text
(`toc: {sidebar: left}`); any other `toc` (`true`, a distill page's list of sections, which
only the distill layout reads) shows none there. Such a post gets the neutral field
``toc`` (the page shows a table of contents of its headings) for the target's writer."""

from __future__ import annotations

from collections.abc import Iterable

from ...ir import Item


def mark_toc(posts: Iterable[Item]) -> None:
    """Set ``fields["toc"]`` on each post al-folio shows a table of contents for."""
    for item in posts:
        toc = item.extra.get("toc")
        layout = str(item.extra.get("layout") or "post")
        if isinstance(toc, dict) and layout != "distill" and (
                toc.get("beginning") is True or toc.get("sidebar") not in (None, False, "")):
            item.fields["toc"] = True
