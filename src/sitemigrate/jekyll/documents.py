"""Documents of a collection as Jekyll tells them apart."""

from __future__ import annotations

from collections import Counter

from ..ir import Item


def distinct_slugs(items: list[Item]) -> list[Item]:
    """Two files of one collection are two documents even with one name: `_portfolio/fr/x.md`
    beside `_portfolio/x.md` (a language subtree, a grouping folder), each at its own
    address (Jekyll's `:path` holds the subfolder). Such an item's slug, which a writer
    names its file and address by, is its path under the collection's folder, so that
    neither overwrites the other; an item whose name no other item has keeps its name."""
    names = Counter(item.slug for item in items)
    for item in items:
        parts = item.path.split("/")[1:]  # under `_collection/`
        if names[item.slug] > 1 and len(parts) > 1:
            item.slug = "/".join([*parts[:-1], item.slug])
    return items
