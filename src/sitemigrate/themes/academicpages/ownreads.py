"""academicpages writer: the fields of a collection's documents that the owner's own Liquid,
kept in DEST, reads of them.

A talk's `description` becomes the first paragraph of its text (academicpages' talk layout
shows no such field). A page of the owner's that keeps its own Liquid (a talks page of
cards, by category) and loops over the talks, itself or in an include of SRC's it names that
DEST's checkout lacks (so SRC's is copied along), reads `talk.description` of each: without
the key in the document's front matter, each card shows an empty line where it showed it.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from ...jekyll.liquid import include_name, tokenize
from ...jekyll.unwritten import rendered_liquid
from ...plan import Plan

_TEXT = (".md", ".markdown", ".html", ".htm", ".liquid")
_NOT_ITEMS = frozenset({"page", "site", "include", "layout", "paginator", "forloop", "jekyll"})


def _units(plan: Plan) -> list[list[str]]:
    """The Liquid that renders of each written page (not a collection's document), with that
    of SRC's includes it names, transitively, that DEST's checkout does not have."""
    from ...jekyll.checkout import of
    have = of(plan).includes or set()
    units = []
    for rel, data in sorted(plan.files.items()):
        if not rel.endswith(_TEXT) or rel.startswith("_includes/") or b"{%" not in data:
            continue
        queue, tags = [data.decode("utf-8", "replace")], []
        seen: set[str] = set()
        while queue:
            found = rendered_liquid(queue.pop(0))
            tags += found
            queue += [text for _, text in own_included(plan, found, have, seen)]
        units.append(tags)
    return units


def own_included(plan: Plan, tags: list[str], have: set[str], seen: set[str]
                 ) -> list[tuple[str, str]]:
    """(path, text) of each SRC include the Liquid ``tags`` name (by a plain name) that
    DEST's checkout does not have (``have``), so SRC's is copied along; each name once
    (``seen``, updated)."""
    out = []
    for tok in tokenize("\n".join(tags)):
        name = include_name(tok) if tok.kind == "tag" and tok.name == "include" else None
        if not name or "{{" in name or name in have or name in seen:
            continue
        seen.add(name)
        inc = f"_includes/{name.lstrip('/')}"
        own = plan.source_text(inc) if ".." not in PurePosixPath(inc).parts else None
        if own is not None:
            out.append((inc, own))
    return out


def owner_reads(plan: Plan, collection: str, key: str) -> bool:
    """Whether Liquid of a written page (:func:`_units`) that loops over `site.COLLECTION`
    reads `ITEM.KEY` of some variable that is none of Jekyll's own (`page`, `site`, ...)."""
    lists = re.compile(rf"\bsite\.{re.escape(collection)}\b(?![\w-])")
    reads = re.compile(rf"\b([A-Za-z_]\w*)\.{re.escape(key)}\b(?![\w-])")
    return any(any(lists.search(tag) for tag in tags) and any(
        m[1] not in _NOT_ITEMS for tag in tags for m in reads.finditer(tag))
        for tags in _units(plan))
