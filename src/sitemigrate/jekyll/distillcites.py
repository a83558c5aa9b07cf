"""A distill post's citations on a target without the distill layout.

The source theme's distill layout (``distill_citations`` of its mapping) reads the BibTeX
file a post's front matter names and its script numbers each `<d-cite key="a, b">` of the
text, linking it to a list of the cited entries at the end. Elsewhere the element is an
unknown one that shows nothing: the citations and the list are gone. They are written as
the script showed them: the numbers, each a link to its entry in a list at the end.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

from ..formats.bibtex import parse_bib
from ..formats.citation import format_citation
from ..ir import Origin
from ..plan import Plan

if TYPE_CHECKING:
    from ..theme import Theme

_CITE = re.compile(r"<d-cite\s+key\s*=\s*(?:\"([^\"]*)\"|'([^']*)')\s*>\s*</d-cite\s*>", re.I)
_LAYOUT = re.compile(r"^layout:\s*[\"']?([\w-]+)", re.M)


def cited_in_text(body: str, rel: str, front: dict[str, Any], plan: Plan,
                  source_theme: Theme | None, target: Theme, heading: str,
                  origin: Origin | None) -> str:
    """``body`` of SRC document ``rel`` (front matter ``front``) with its distill citations
    as numbered links to a list of the cited entries under ``heading`` at its end, when the
    source theme lays it out with its distill layout and the target has none; else as is."""
    spec = (source_theme.vocabulary if source_theme else {}).get("distill_citations")
    if not spec or target.vocabulary.get("distill_citations") or "<d-cite" not in body:
        return body
    text = plan.source_text(rel) or ""
    head = text.split("\n---", 1)[0] if text.startswith("---") else ""
    layout = _LAYOUT.search(head)
    name = front.get(spec["key"])
    if not layout or layout[1] != spec["layout"] or not isinstance(name, str) or not name:
        return body
    bib = plan.source_text(f"{spec['folder']}/{name.strip().lstrip('/')}")
    entries = {e.key: e for e in parse_bib(bib).entries} if bib else {}
    numbers: dict[str, int] = {}

    def number(m: re.Match[str]) -> str:
        keys = [k.strip() for k in (m[1] if m[1] is not None else m[2]).split(",") if k.strip()]
        links = []
        for key in keys:
            n = numbers.setdefault(key, len(numbers) + 1)
            links.append(f'<a href="#cite-{html.escape(key, quote=True)}">{n}</a>')
        return f"[{', '.join(links)}]" if links else ""

    new = _CITE.sub(number, body)
    if not numbers:
        return body
    items = []
    missing = []
    for key in numbers:
        entry = entries.get(key)
        shown = format_citation(entry) if entry else html.escape(key)
        url = (entry.fields.get("url") or "").strip() if entry else ""
        if url.startswith(("https://", "http://")):  # distill links the entry to it
            shown += f' <a href="{html.escape(url, quote=True)}">{html.escape(url)}</a>'
        if entry is None:
            missing.append(key)
        items.append(f'<li id="cite-{html.escape(key, quote=True)}">{shown}</li>')
    new = new.rstrip("\n") + f"\n\n## {heading}\n\n<ol>\n" + "\n".join(items) + "\n</ol>\n"
    plan.report.mapped("distill-citations", f"its {len(numbers)} cited entr"
                       f"{'y' if len(numbers) == 1 else 'ies'} (`<d-cite>`, which the "
                       f"{spec['layout']} layout numbered and listed from `{name}`) numbered in "
                       f"its text and listed under “{heading}” at its end ({target.name} has "
                       "no such layout).", origin)
    if missing:
        plan.report.problem("distill-citation-missing", "cited but not in "
                            f"`{spec['folder']}/{name}`: {', '.join(missing)}; listed by key.",
                            origin)
    return new
