"""al-folio writer: the publications a page's own Liquid reads, as a collection.

al-folio lists publications from `_bibliography/*.bib`; it has no `site.publications`. A page
of the owner whose own Liquid loops over another theme's publications collection (a research
page that picks papers by a front-matter field, `site.publications | where: "field", "x"`,
and prints their title, venue and link) would list nothing. Such a site keeps its
publications' documents as they were written, in a collection `publications` that Jekyll
reads and does not write (`output: false`): the owner's Liquid reads them as before, and
the publications' addresses stay what the conversion made of them (their own pages, the
bibliography).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from ...ir import Site
from ...jekyll.unwritten import keep_unwritten, rendered_liquid
from ...plan import Plan

COLLECTION = "publications"
_READS = re.compile(r"\bsite\.publications\b(?![\w-])")
_DOCUMENTS = (".md", ".markdown", ".html")


def documents(site: Site, plan: Plan) -> dict[str, str]:
    """The publications read from a document of SRC (an entry of a `.bib` file is none):
    their path in the collection -> their text as written."""
    out = {}
    for pub in site.publications:
        path = PurePosixPath(pub.origin.path if pub.origin else "")
        if len(path.parts) < 2 or not path.parts[0].startswith("_") \
                or path.suffix not in _DOCUMENTS:
            continue
        text = plan.source_text(path.as_posix())
        if text is not None:
            out[f"_{COLLECTION}/{PurePosixPath(*path.parts[1:])}"] = text
    return out


def reads_publications(text: str) -> bool:
    """A Liquid tag or output of ``text`` that renders (:func:`rendered_liquid`) reads
    `site.publications`."""
    return any(_READS.search(tag) for tag in rendered_liquid(text))


def keep_documents(site: Site, plan: Plan) -> None:
    """Once the pages are written: when one still reads `site.publications` in Liquid of its
    own, the publications' documents, as written, in the collection `publications` that
    `_config.yml` declares with `output: false` (see the module)."""
    readers = [p.path for p in site.pages if "site.publications" in p.body
               and (out := plan.origins.get(p.path)) in plan.files
               and reads_publications(plan.files[out].decode("utf-8", "replace"))]
    docs = documents(site, plan) if readers else {}
    if not docs:
        return
    if not keep_unwritten(plan, COLLECTION, docs):
        return
    plan.report.mapped(
        "publication-documents", f"{', '.join(f'`{p}`' for p in readers)} "
        f"{'reads' if len(readers) == 1 else 'read'} `site.publications` in Liquid of its "
        f"own: the {len(docs)} publication documents are kept as written in the collection "
        f"`{COLLECTION}` (read by Jekyll, not written as pages; al-folio lists publications "
        "from `_bibliography/papers.bib`), so that it lists them as before.", readers[0])
