"""A distill post's citations and footnotes on a target without the distill layout.

The source theme's distill layout (``distill_citations`` of its mapping) reads the BibTeX
file a post's front matter names and its script numbers each `<d-cite key="a, b">` of the
text, linking it to a list of the cited entries at the end. Elsewhere the element is an
unknown one that shows nothing: the citations and the list are gone. They are written as
the script showed them: the numbers, each a link to its entry in a list at the end. So are
its `<d-footnote>` notes, which the script numbers and lists at the end: elsewhere the
element's text stands in the sentence. They are kramdown's footnotes (`[^n]`), or in an HTML
file, where no Markdown is read, the HTML kramdown makes of them.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

from ..formats.bibtex import parse_bib
from ..formats.citation import format_citation
from ..formats.content import fenced_code, words_html
from ..ir import Origin
from ..plan import Plan
from .liquid import is_html_file

if TYPE_CHECKING:
    from ..theme import Theme

_CITE = re.compile(r"<d-cite\s+key\s*=\s*(?:\"([^\"]*)\"|'([^']*)')\s*>\s*</d-cite\s*>", re.I)
_LAYOUT = re.compile(r"^layout:\s*[\"']?([\w-]+)", re.M)
_FOOTNOTE = re.compile(r"<d-footnote\b[^>]*>(.*?)</d-footnote\s*>", re.I | re.S)


def _distill_spec(rel: str, plan: Plan, source_theme: Theme | None,
                  target: Theme) -> dict[str, Any] | None:
    """The source theme's distill layout (``distill_citations`` of its mapping) when SRC
    document ``rel`` is laid out with it and the target has no such layout; else None."""
    spec = (source_theme.vocabulary if source_theme else {}).get("distill_citations")
    if not spec or target.vocabulary.get("distill_citations"):
        return None
    text = plan.source_text(rel) or ""
    head = text.split("\n---", 1)[0] if text.startswith("---") else ""
    layout = _LAYOUT.search(head)
    return spec if layout and layout[1] == spec["layout"] else None


def footnoted_in_text(body: str, rel: str, plan: Plan, source_theme: Theme | None,
                      target: Theme, origin: Origin | None) -> str:
    """``body`` of SRC document ``rel`` (written under its own extension) with its distill footnotes
    (`<d-footnote>text</d-footnote>`, numbered in the text and listed at the end by the
    distill layout's script) as kramdown's footnotes: `[^name]` in a Markdown file, the HTML
    kramdown makes of them in an HTML file; else as is. A footnote in Markdown's fenced code
    is code."""
    if "<d-footnote" not in body.lower():
        return body
    spec = _distill_spec(rel, plan, source_theme, target)
    if spec is None:
        return body
    code = [] if is_html_file(rel) else fenced_code(body)
    # kramdown reads no Markdown in an HTML block (a paragraph that opens with `<p>`): a
    # `[^n]` there would show as written, its note dropped; such a text gets kramdown's HTML
    html_file = is_html_file(rel) or any(
        _in_html_block(body, m.start()) for m in _FOOTNOTE.finditer(body)
        if not any(a <= m.start() < b for a, b in code))
    prefix = "d"
    while re.search(rf"\[\^{prefix}\d", body) or f'fn:{prefix}' in body:
        prefix += "d"
    notes: list[str] = []

    def note(m: re.Match[str]) -> str:
        if any(a <= m.start() < b for a, b in code):
            return m[0]
        text = re.sub(r"\s*\n\s*", " ", m[1].strip())
        if html_file and not is_html_file(rel) and not _in_html_block(body, m.start()):
            text = _span_html(text)  # kramdown read it as Markdown in its paragraph
        notes.append(text)
        n = len(notes)
        if not html_file:
            return f"[^{prefix}{n}]"
        return (f'<sup id="fnref:{prefix}{n}" role="doc-noteref"><a href="#fn:{prefix}{n}" '
                f'class="footnote" rel="footnote">{n}</a></sup>')

    new = _FOOTNOTE.sub(note, body)
    if not notes:
        return body
    if html_file:
        items = "\n".join(f'<li id="fn:{prefix}{n}" role="doc-endnote"><p>{text} <a '
                          f'href="#fnref:{prefix}{n}" class="reversefootnote" '
                          'role="doc-backlink">&#8617;</a></p></li>'
                          for n, text in enumerate(notes, 1))
        end = f'<div class="footnotes" role="doc-endnotes">\n<ol>\n{items}\n</ol>\n</div>\n'
    else:
        end = "".join(f"[^{prefix}{n}]: {text}\n" for n, text in enumerate(notes, 1))
    plan.report.mapped("distill-footnotes", f"its {len(notes)} footnote"
                       f"{'' if len(notes) == 1 else 's'} (`<d-footnote>`, which the "
                       f"{spec['layout']} layout numbered and listed at the end) numbered in "
                       f"its text and listed at its end as footnotes ({target.name} has no "
                       "such layout: the note's text stood in the sentence).", origin)
    return new.rstrip("\n") + "\n\n" + end


# the elements kramdown reads as text at the start of a paragraph (any other opens a block)
_SPAN = {"a", "abbr", "acronym", "b", "big", "bdo", "br", "button", "cite", "code", "del",
         "dfn", "em", "i", "img", "input", "ins", "kbd", "label", "option", "q", "rb", "rbc",
         "rp", "rt", "rtc", "ruby", "samp", "select", "small", "span", "strike", "strong",
         "sub", "sup", "textarea", "tt", "var"}


def _in_html_block(body: str, at: int) -> bool:
    """Whether offset ``at`` of a Markdown text lies in a block that opens with an HTML
    element other than a span one (`<p>`, `<div>`), whose text kramdown leaves as it is."""
    start = max((m.end() for m in re.finditer(r"\n[ \t]*\n", body[:at])), default=0)
    opening = re.match(r"[ \t]{0,3}<([A-Za-z][\w-]*)", body[start:at].lstrip("\n"))
    return opening is not None and opening[1].lower() not in _SPAN


def _span_html(text: str) -> str:
    """Markdown ``text`` of one paragraph as HTML, its words as written."""
    out = words_html(text).strip()
    return out[3:-4] if out.startswith("<p>") and out.endswith("</p>") else out


def footnotes_left_out(text: str) -> str:
    """``text`` without its distill footnotes (a summary of a post: its notes stay with the
    post)."""
    return _FOOTNOTE.sub("", text)


def cited_in_text(body: str, rel: str, front: dict[str, Any], plan: Plan,
                  source_theme: Theme | None, target: Theme, heading: str,
                  origin: Origin | None) -> str:
    """``body`` of SRC document ``rel`` (front matter ``front``) with its distill citations
    as numbered links to a list of the cited entries under ``heading`` at its end, when the
    source theme lays it out with its distill layout and the target has none; else as is."""
    if "<d-cite" not in body:
        return body
    spec = _distill_spec(rel, plan, source_theme, target)
    name = front.get(spec["key"]) if spec else None
    if spec is None or not isinstance(name, str) or not name:
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
    title = f"<h2>{html.escape(heading)}</h2>" if is_html_file(rel) else f"## {heading}"
    new = new.rstrip("\n") + f"\n\n{title}\n\n<ol>\n" + "\n".join(items) + "\n</ol>\n"
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
