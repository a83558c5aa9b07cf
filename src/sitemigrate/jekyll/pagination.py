"""A page the source's paginator paged, on a target whose build pages no such page."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..ir import Origin
from ..report import Report
from .liquid import replace_tokens

if TYPE_CHECKING:
    from ..theme import Theme

_PAGED = re.compile(r"\bpaginator\.posts\b(?![\w-])")
_FOR = re.compile(r"(\{%-?\s*for\s+\w+\s+in\s+)paginator\.posts\b(?![\w-])")
_NAME = re.compile(r"^[A-Za-z_][\w-]*$")


def _settings(front: Any, config: Mapping[str, Any]) -> dict[str, Any] | None:
    """What the paginator of a page with front matter ``front`` (its pagination key's
    value) pages, as jekyll-paginate-v2 merges it over the site's ``pagination:`` of
    ``config``; None when it pages nothing there (either ``enabled`` not true)."""
    site = config.get("pagination")
    if not isinstance(front, Mapping) or not isinstance(site, Mapping) \
            or site.get("enabled") is not True or front.get("enabled") is not True:
        return None
    return {**site, **front}


def _expression(settings: Mapping[str, Any]) -> str | None:
    """The Liquid list of the items ``settings`` page, in their order (jekyll-paginate-v2's
    defaults: the posts, by date, oldest first unless ``sort_reverse``), filtered by its
    ``category`` and ``tag``; None for a setting Liquid cannot say here (several
    collections, a value that is no plain word, a filter of another kind)."""
    name = settings.get("collection", "posts")
    field = settings.get("sort_field", "date")
    if not isinstance(name, str) or not _NAME.match(name) or not isinstance(field, str) \
            or not _NAME.match(field) or any(settings.get(k) for k in ("locale", "offset")):
        return None
    expr = f"site.{name}"
    for key, attr in (("category", "categories"), ("tag", "tags")):
        value = settings.get(key)
        if value is None:
            continue
        if not isinstance(value, str) or not re.match(r"^[^\"',]+$", value):
            return None
        expr += f' | where: "{attr}", "{value}"'
    reverse = settings.get("sort_reverse") is True
    if name == "posts" and field == "date" and "|" not in expr:
        return expr if reverse else expr + " | reverse"  # (site.posts: newest first)
    return expr + f' | sort: "{field}"' + (" | reverse" if reverse else "")


def unpaginated(body: str, front: Any, config: Mapping[str, Any], source_theme: Theme | None,
                target: Theme, report: Report, origin: Origin | None) -> str:
    """``body`` of a page the source theme's paginator paged (``pagination.per_page`` of its
    mapping: the front-matter key that turns it on, jekyll-paginate-v2's ``pagination:``,
    ``front`` its value) with its loops over ``paginator.posts`` reading the items that
    paginator paged, all on this page, when the target's build pages no such page (no
    ``pagination.per_page``: jekyll-paginate pages only the site's root `index.html`), so
    that ``paginator`` is nil there and the loop would list nothing. Reported."""
    key = ((source_theme.vocabulary if source_theme else {}).get("pagination") or {}
           ).get("per_page")
    if not key or (target.vocabulary.get("pagination") or {}).get("per_page") \
            or not _PAGED.search(body):
        return body
    settings = _settings(front, config)
    if settings is None:
        return body
    expr = _expression(settings)
    if expr is None:
        report.lost("pagination", f"the page's `{key}:` pages its items in a way {target.name} "
                    "has no paginator for, and its loops over `paginator.posts` list nothing "
                    "there; list them by hand.", origin)
        return body
    listed = "paged_items"

    def fn(tok: Any) -> str | None:
        if tok.kind not in ("tag", "output") or not _PAGED.search(tok.text):
            return None
        if tok.kind == "tag" and "|" in expr and (m := _FOR.match(tok.text)):
            return (f"{{% assign {listed} = {expr} %}}" + m[1] + listed
                    + tok.text[m.end():])
        return _PAGED.sub(expr, tok.text)

    new = replace_tokens(body, fn)
    if new != body:
        per = settings.get("per_page")
        report.mapped("pagination", f"the page's loop over `paginator.posts` (its `{key}:`, "
                      f"{per if isinstance(per, int) else 'some'} items a page) reads `{expr}` "
                      f"for {target.name}, whose build pages no such page: every item is "
                      "listed on this one page.", origin)
    return new
