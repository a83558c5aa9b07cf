"""al-folio writer: what a project's card on the projects page shows of it.

The cards (`_includes/projects.liquid`, `projects.html` before 2024) print a project's
title, its `description` and its `img`, never its date: the date the source's list printed
beside a project (the neutral field ``listed_date``, as that list worded it) starts its
description, which the card and the project's page show."""

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
