"""academicpages writer: the news an owner's own Liquid reads, as a collection.

academicpages has no news collection: the news items become one list page (and the pages of
the ones that had their own). An include of the owner's that a page names, or a page's own
Liquid, that loops over `site.news` (a home page's hero listing the latest items, each with
its text) would then read nothing, and Jekyll's `sort` filter stops the build on it. Such a
site keeps its news documents as they were written, in a collection `news` that Jekyll
reads and does not write (`output: false`): that Liquid reads them as before, and the news'
addresses stay what the conversion made of them (a news page whose own loop lists them gets
no second list). A document that is not written is laid out by no layout, so the `layout:`
line its front matter names (one academicpages lacks, which Jekyll would warn of) is left
out.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from ...ir import Site
from ...jekyll.unwritten import keep_unwritten, rendered_liquid
from ...plan import Plan
from .ownreads import own_included

COLLECTION = "news"
_READS = re.compile(r"""\bsite(?:\.news\b(?![\w-])|\[\s*['"]news['"]\s*\])""")
_TEXT = (".md", ".markdown", ".html", ".htm", ".liquid")
_LAYOUT_LINE = re.compile(r"(?m)^layout:[^\n]*\n")


def reads_news(text: str) -> bool:
    """Whether Liquid of ``text`` that renders reads `site.news` (a news page's own loop)."""
    return "news" in text and any(_READS.search(tag) for tag in rendered_liquid(text))


def readers(plan: Plan) -> list[str]:
    """The written files, and SRC's includes they name (transitively) that DEST's checkout
    does not have (so SRC's are copied along), whose Liquid reads `site.news` where it
    renders: their paths (a written file's DEST path, an include's `_includes/…`)."""
    from ...jekyll.checkout import of
    have = of(plan).includes or set()
    found: list[str] = []
    queue = [(rel, data.decode("utf-8", "replace")) for rel, data in sorted(plan.files.items())
             if rel.endswith(_TEXT) and not rel.startswith(("_includes/", f"_{COLLECTION}/"))]
    seen: set[str] = set()
    while queue:
        rel, text = queue.pop(0)
        if not ("site" in text and "news" in text) and "include" not in text:
            continue
        tags = rendered_liquid(text)
        if any(_READS.search(tag) for tag in tags):
            found.append(rel)
        queue += own_included(plan, tags, have, seen)
    return found


def keep_documents(site: Site, plan: Plan) -> None:
    """Once the pages are written: when Liquid they run reads `site.news`
    (:func:`readers`), the news documents, as written but for their `layout:` line, in the
    collection `news` that `_config.yml` declares with `output: false` (see the module)."""
    if not site.news:
        return
    who = readers(plan)
    if not who:
        return
    docs: dict[str, str] = {}
    for item in site.news:
        path = PurePosixPath(item.path)
        if len(path.parts) < 2 or path.parts[0] != f"_{COLLECTION}" or path.suffix not in _TEXT:
            continue  # a line of a news page, not a document
        text = plan.source_text(item.path)
        if text is None:
            continue
        head = re.match(r"---[ \t]*\n.*?\n---[ \t]*(?:\n|$)", text, re.S)
        if head:
            text = _LAYOUT_LINE.sub("", head.group(0)) + text[head.end():]
        docs[item.path] = text
    if not docs:
        return
    if not keep_unwritten(plan, COLLECTION, docs):
        return
    plan.report.mapped(
        "news-documents", f"{', '.join(f'`{p}`' for p in who)} "
        f"{'reads' if len(who) == 1 else 'read'} `site.news` in Liquid of the site's own: the "
        f"{len(docs)} news documents are kept as written (without their `layout:` line) in "
        f"the collection `{COLLECTION}` (read by Jekyll, not written as pages; academicpages "
        "lists the news on one page), so that it lists them as before.", who[0])
