"""al-folio writer: what a project's card on the projects page shows of it.

The cards (`_includes/projects.liquid`, `projects.html` before 2024) print a project's
title, its `description` and its `img`, never its date: the date the source's list printed
beside a project (the neutral field ``listed_date``, as that list worded it) starts its
description, which the card and the project's page show. A project that states no
description of its own has the text the list showed under it (``listed_text``: its excerpt)
as its description."""

from __future__ import annotations

import re
from typing import Any

from ...ir import Item
from ...jekyll.assets import AssetCopier
from ...jekyll.liquid import attribute_safe
from ...plan import Plan


def card_front(item: Item, front: Any, plan: Plan, copier: AssetCopier) -> None:
    """Set ``front``'s `description` and `img` from the project ``item``: a picture of its
    description is the card's image (else its `image`), the rest of it plain text."""
    f = item.fields
    desc = str(f.get("description") or "")
    listed = str(f.get("listed_text") or "")
    if not desc and ("{{" in listed or "{%" in listed):
        plan.report.lost("project-text", "the old list of projects showed the project's "
                         "excerpt (its text up to the first `excerpt_separator`), which runs "
                         "Liquid: no Liquid runs in the `description` al-folio's project card "
                         "shows; write the text in a `description:` of its own.", item.origin)
    elif not desc and listed:  # its words as they read: only a block's end parts them
        desc = re.sub(r"<(?!img\b)[^>]*>", "", _BLOCK_TAG.sub(" ", listed))
        plan.report.mapped("project-text", "the text the old list showed under the project "
                           "(its excerpt: its text up to the first `excerpt_separator`) is its "
                           "`description`: al-folio's project cards show only the title, the "
                           "description and the image.", item.origin)
    img = f.get("image")
    m = re.search(r"<img[^>]*src=['\"]([^'\"]+)['\"][^>]*>", desc)
    if m:
        img = img or m.group(1)
        desc = (desc[:m.start()] + desc[m.end():]).replace("<br/>", " ").replace("<br>", " ")
    desc = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", desc)).strip()
    dated = str(f.get("listed_date") or "").strip()
    if dated:
        desc = f"{dated} · {desc}" if desc else dated
        plan.report.mapped("project-date", f"the date the old list showed beside the project "
                           f"(`{dated}`) starts its `description`: al-folio's project cards "
                           "show no date, only the title, the description and the image.",
                           item.origin)
    if desc:
        front["description"] = attribute_safe(desc)
    if img:
        front["img"] = copier.carry(str(img), item.origin, "project image").lstrip("/")


_BLOCK_TAG = re.compile(r"</?(?:p|br|li|ul|ol|h[1-6]|div|blockquote|pre|table|tr|t[dh]|hr)\b"
                        r"[^>]*>", re.I)
"""A tag of HTML that ends a line of text (a paragraph, an item): the words either side of
it are two words; any other tag (a link, emphasis) sits inside a word's run of text."""
