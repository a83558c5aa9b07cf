"""Documents of a collection as Jekyll tells them apart."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..ir import Item

if TYPE_CHECKING:
    from ..plan import Plan


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


def keep_excerpt(front: Any, item: Item, plan: Plan, separator: str) -> None:
    """A writer puts text of its own at the top of ``item``'s page (a line of its details):
    Jekyll would make that text the document's excerpt, which an owner's own include shows
    where it lists the documents (`{{ post.excerpt }}`). Where one does, the excerpt the
    source site had (its body up to the first ``separator``; none without a body) is set in
    the front matter, as Jekyll takes an `excerpt:` the document states."""
    from .layouts import owner_code_reading
    if "excerpt" in front or owner_code_reading(plan, "excerpt", item.path) is None:
        return
    front["excerpt"] = item.body.lstrip("\n").partition(separator)[0].strip()
