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


def excerpt_separator(config: dict) -> str:
    """The separator Jekyll cuts a document's excerpt at: the site's `excerpt_separator`,
    else Jekyll's default (a blank line)."""
    value = config.get("excerpt_separator")
    return value if isinstance(value, str) and value else "\n\n"


def comment_safe_excerpt(body: str, separator: str) -> str | None:
    """Jekyll's excerpt of a document that sets none is its body up to the first
    ``separator``; where that cuts an HTML comment open (its `<!--` before the separator, its
    `-->` after), kramdown prints the comment's text as text on every list that shows the
    excerpt (the owner commented it out). Returns the excerpt without the comment cut open
    then (the text before it, maybe none), else None."""
    head, found, _ = body.partition(separator)
    start = head.rfind("<!--")
    if not found or start < 0 or "-->" in head[start:]:
        return None
    return head[:start].strip()
