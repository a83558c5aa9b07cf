"""Documents of a collection as Jekyll tells them apart."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..ir import Item, Origin, Page, Site

if TYPE_CHECKING:
    from ..plan import Plan
    from ..report import Report
    from ..theme import Theme

UNREAD_FRONT_MATTER = ("bad-yaml", "bad-front-matter")
"""Findings of a file whose front matter Jekyll reads none of: invalid YAML, or YAML that
is no mapping (Jekyll's `Document#read` stops at it and logs an error)."""


def front_matter_unread(report: Report, path: str) -> bool:
    """Whether the front matter of SRC's file ``path`` is one Jekyll reads none of (found as
    the file was read: :data:`UNREAD_FRONT_MATTER`)."""
    return any(f.code in UNREAD_FRONT_MATTER and f.path == path for f in report.findings)


def unread_items_as_pages(site: Site, config: Any, report: Report) -> None:
    """A post, talk, course or portfolio item whose front matter Jekyll could not read is no
    entry its lists show as the owner wrote it: Jekyll's `Document#read` stops at the
    invalid YAML before it gives the document a title (`populate_title`), the date of its
    name or its data, so academicpages' lists showed it with no title or details, dated the
    day of the build, and an al-folio list of a category's projects not at all. Such an item
    is taken out
    of its collection (no list of DEST shows it) and its text is a page at the address
    the source served it at, with no title, as its own page showed it; the invalid front
    matter is reported where the file was read, with its fix."""
    from ..textio import read_text
    from .urls import address_of
    taken = {p.path for p in site.pages}
    for kind in ("posts", "talks", "teaching", "projects"):
        items = getattr(site, kind)
        for item in list(items):
            if not site.source or not front_matter_unread(report, item.path):
                continue
            raw = read_text(Path(site.source) / item.path, item.path, None, Path(site.source))
            url = address_of(item.path, ({item.path: raw.text}, config)) if raw else None
            path = f"_pages/{item.path.lstrip('_')}"
            if not url or path in taken:
                continue
            items.remove(item)
            taken.add(path)
            site.pages.append(Page(path=path, permalink=url, body=item.body,
                                   newline=item.newline, origin=item.origin or Origin(item.path)))
            report.add("unread-item", "warning", "mapped", f"`{item.path}`: Jekyll read none "
                       "of its front matter (see the line on its YAML): the old "
                       "site gave it no title, date or details, and a list of its collection "
                       "showed it, if at all, untitled. It is in no list of the converted site; "
                       f"its text is a page at its address `{url}`. Fix its front matter and "
                       "convert again to list it.", item.origin or Origin(item.path))


def post_file(path: str) -> str:
    """Where under DEST's `_posts/` the post read from SRC's ``path`` is written: at its own
    place under its `_posts/` folder (`_posts/en/x.md` stays in `en/`; Jekyll reads the
    posts of every folder under `_posts/` alike, at the address its permalink gives), so an
    upgrade finds the owner's file at the path it had; elsewhere, by its name."""
    parts = path.split("/")
    at = max((i for i, part in enumerate(parts[:-1]) if part == "_posts"), default=None)
    return "/".join(parts[at + 1:]) if at is not None else parts[-1]


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


def _ruby_text(value: Any) -> str:
    """A front-matter or config scalar as Ruby's `to_s` spells it."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def excerpt_separator(config: dict, data: dict | None = None) -> str:
    """The separator Jekyll cuts a document's excerpt at (`Document#excerpt_separator`): the
    document's front matter's ``data`` `excerpt_separator` (any value but none and false:
    Ruby's `||`), else the site's (left empty in `_config.yml`, Jekyll keeps its default),
    else Jekyll's default (a blank line); as text. An empty one (`excerpt_separator: ""`)
    means no excerpt at all (`generate_excerpt?`)."""
    own = (data or {}).get("excerpt_separator")
    if own is not None and own is not False:
        return _ruby_text(own)
    value = config.get("excerpt_separator")
    return "\n\n" if value is None or isinstance(value, (dict, list)) else _ruby_text(value)


def written_separator(plan: Plan) -> str:
    """The separator DEST's Jekyll cuts excerpts at: that of the `_config.yml` written."""
    from ..yamlio import load_safe
    data = plan.files.get("_config.yml")
    config = load_safe(data.decode("utf-8", "replace")) if data is not None else None
    return excerpt_separator(config if isinstance(config, dict) else {})


_BLANK_LINES = re.compile(r"\A\s*\n")


def jekyll_content(body: str) -> str:
    """The content Jekyll reads of a document whose text after its front matter is
    ``body``: its front-matter pattern takes the blanks after the closing `---` up to a line's
    end, so the blank lines go with it and the content starts at the first line with text
    (its indent kept)."""
    return _BLANK_LINES.sub("", body, count=1)


def comment_safe_excerpt(body: str, separator: str) -> str | None:
    """Jekyll's excerpt of a document that sets none is its body up to the first
    ``separator``; where that cuts an HTML comment open (its `<!--` before the separator, its
    `-->` after), kramdown prints the comment's text as text on every list that shows the
    excerpt (the owner commented it out). Returns the excerpt without the comment cut open
    then (the text before it, maybe none), else None."""
    if not separator:
        return None  # no excerpt (`excerpt_separator: ""`): nothing cut open
    head, found, _ = jekyll_content(body).partition(separator)
    start = head.rfind("<!--")
    if not found or start < 0 or "-->" in head[start:]:
        return None
    return head[:start].strip()


def keep_excerpt(front: Any, item: Item, plan: Plan, separator: str, changed: bool = True,
                 lists: tuple[Theme, str] | None = None) -> None:
    """A list shows ``item``'s `excerpt`: DEST's listing of its collection (``lists``: the
    target theme and the collection; :func:`lists_excerpts`), as the source's list did, or
    an owner's own include (`{{ post.excerpt }}`). Where Jekyll would give the written
    document another excerpt than the source's (``changed``: a writer put text of its own
    at the top of its page, a line of its details, which would be the excerpt; or the
    source's front matter stated it, under a key the item's fields rename), the source's
    (:func:`source_excerpt`) is set in the front matter, as Jekyll takes an `excerpt:` the
    document states. Liquid in it, which Jekyll ran in the source's, is reported: no Liquid
    runs in front matter."""
    from .layouts import owner_code_reading
    if "excerpt" in front:
        return
    excerpt, stated = source_excerpt(item, plan, separator)
    if not (changed or stated) or (not (lists and lists_excerpts(plan, *lists)) and
                                   owner_code_reading(plan, "excerpt", item.path) is None):
        return
    front["excerpt"] = excerpt
    if not stated and ("{{" in excerpt or "{%" in excerpt):
        plan.report.problem("excerpt-liquid", "the lists that show this document's excerpt "
                            "(its text up to the first blank line or `excerpt_separator`) now "
                            "take it from its front matter, where its Liquid does not run: "
                            "they show the Liquid as written. Write the excerpt's text in an "
                            "`excerpt:` of its own.", item.origin)


def source_excerpt(item: Item, plan: Plan, separator: str) -> tuple[str, bool]:
    """The excerpt Jekyll gave SRC's document ``item``, and whether its front matter stated
    it: its `excerpt` (any value but none and false: Ruby's `||=` keeps it), else its text
    up to the first separator (its own `excerpt_separator`, else ``separator``) with the
    Markdown link definitions of the rest that it uses (`Jekyll::Excerpt`); an empty
    separator gives none (stated: Jekyll's own excerpt is no longer the document's)."""
    from ..textio import read_document
    doc = read_document(plan.source / item.path, item.path, None, root=plan.source) \
        if plan.source is not None else None
    data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
    if data.get("excerpt") not in (None, False):
        return str(data["excerpt"]), True
    sep = excerpt_separator({"excerpt_separator": separator}, data)
    if not sep:
        return "", True
    return jekyll_excerpt(doc.body if doc is not None else item.body, sep), False


def jekyll_excerpt(body: str, separator: str) -> str:
    """The excerpt `Jekyll::Excerpt` takes of a document's ``body`` that states none: its
    text up to the first ``separator``, with the Markdown link definitions of the rest that
    it uses (the blank lines the body starts with are no part of it: :func:`jekyll_content`)."""
    head, found, tail = jekyll_content(body).partition(separator)
    links = [m[1] + m[2] for m in re.finditer(r"(?m)^ {0,3}(\[[^\]]+\])(:.+)$", tail)
             if found and m[1] in head]
    return (head + "\n\n" + "\n".join(links) if links else head).strip()


def lists_excerpts(plan: Plan, target: Theme, collection: str) -> bool:
    """Whether a page written so far lists the excerpts of ``collection`` (the line of
    ``excerpt`` of the target's listing of the role whose items it holds: `talks`,
    `teachings`)."""
    for listing in target.vocabulary.get("listings", {}).values():
        line = listing.get("excerpt") or {}
        if not line or f"site.{collection}" not in listing.get("body", ""):
            continue
        forms = [str(line[k]).encode() for k in ("body", "read_more") if line.get(k)]
        return any(form in data for rel, data in plan.files.items()
                   if PurePosixPath(rel).suffix in (".md", ".markdown", ".html")
                   for form in forms)
    return False
