"""What a page's citations show where DEST runs no jekyll-scholar.

jekyll-scholar writes `{% cite key %}` as the entry's author-year citation ("(Wen et al.,
2024)", its default style APA) linked to `#key`, the entry in the page's list of references,
and `{% bibliography --cited %}` (al-folio's project layout with `related_publications: true`
too) lists the entries the page cites. A target theme without jekyll-scholar gets the same:
the citation as text, linked to the publication's page where it is one of the owner's
publications, else to the entry written out as a reference on the page itself (an entry of
a `.bib` file no page lists is no publication, but its page still shows it). The target's
mapping says how (its `liquid.writes` of `cite` and `references`, given ``cite_label``,
``cite_url`` and ``references``).
"""

from __future__ import annotations

import contextlib
import html
from typing import TYPE_CHECKING, Any

from .liquid import cite_label, read_construct, reads_for, tokenize

if TYPE_CHECKING:
    from ..plan import Plan

__all__ = ["cite_scope", "cited_keys", "finish_references", "reference", "references",
           "uncited"]


def cited_keys(body: str, reads: list[dict]) -> list[str]:
    """The keys the `cite` tags of ``body`` cite (by the source theme's ``reads``), each once,
    in the order of their first citation (jekyll-scholar's `--cited_in_order`)."""
    keys: list[str] = []
    names = [str(n) for read in reads if read.get("construct") == "cite"
             for n in [read.get("tag"), *(read.get("include") or [])] if n]
    if not any(name in body for name in names):  # no need to tokenise the rest
        return keys
    for tok in tokenize(body):
        if tok.kind != "tag":
            continue
        for read in reads_for(reads, tok):
            if read.get("construct") != "cite":
                continue
            import jinja2  # only when a page cites
            with contextlib.suppress(jinja2.UndefinedError):  # a shape the read cannot take
                keys += [str(k) for k in read_construct(read, tok)[1].get("keys") or ()
                         if str(k) not in keys]
            break
    return keys


def reference(plan: Plan, key: str) -> str:
    """Entry ``key`` written out (`{% reference %}`): its citation, linking the publication's
    page where it is one of the owner's publications."""
    pub = plan.entries.get(key)
    text = (pub.citation or html.escape(pub.title or key)) if pub is not None else key
    url = plan.urls.get(f"publication:{key}")
    if url:
        safe = url.replace('"', "%22").replace("'", "%27")  # (a site path or a web link)
        href = "{{ '" + safe + "' | relative_url }}" if safe.startswith("/") else safe
        text = f'<a href="{href}">{text}</a>'
    return text


def references(plan: Plan, keys: list[str], heading: str = "") -> str:
    """The entries ``keys`` written out as references (HTML: it is the same in a Markdown and
    an HTML page), each with the anchor its citations link to; an owner's publication links
    its page. ''  when no key is an entry of the source."""
    items = []
    for key in keys:
        if key in plan.entries:
            items.append(f'<li id="{html.escape(key, quote=True)}">{reference(plan, key)}</li>')
    if not items:
        return ""
    head = f"<h2>{html.escape(heading)}</h2>\n" if heading else ""
    return head + '<ol class="bibliography">\n' + "\n".join(items) + "\n</ol>"


def cite_scope(plan: Plan, cited: list[str]) -> dict[str, Any]:
    """What a theme's `references` and `reference` writes are given: the page's cited
    entries, and one entry, written out."""
    return {"references": lambda: references(plan, cited),
            "reference": lambda key: reference(plan, key)}


def layout_lists_cited(fields: dict[str, Any]) -> bool:
    """Whether a document's layout lists the entries it cites (al-folio's page and post
    layouts, `{% if page.related_publications %}`): Liquid takes every value but nil and
    false for true, a key's name as much as `true`."""
    return fields.get("related_publications") not in (None, False)


def finish_references(body: str, cited: list[str], listed: bool, layout_lists: bool,
                      plan: Plan) -> str:
    """``body`` with the references its citations link to at its end, where no
    `{% bibliography --cited %}` of the page lists them (``listed``): every cited entry under
    "References" (in the site's language) when the page's layout lists them
    (``layout_lists``: al-folio's `related_publications`), else the cited entries that are
    no publication of DEST."""
    if listed or not cited:
        return body
    keys = cited if layout_lists else [k for k in cited
                                       if f"publication:{k}" not in plan.urls]
    block = references(plan, keys, plan.words.get("references", "References"))
    return body.rstrip("\n") + "\n\n" + block + "\n" if block else body


def uncited(tag: str, args: dict[str, Any], plan: Plan, where: str | None,
            line: int | None, written: bool) -> None:
    """Report a citation of an entry that is no publication of DEST: written out as a
    reference on the page (``written``), or, when the source has no such entry, lost."""
    keys = [str(k) for k in args.get("keys") or [args.get("key")] if k
            and f"publication:{k}" not in plan.urls]
    missing = [k for k in keys if k not in plan.entries]
    refs = [k for k in keys if k in plan.entries]
    if refs and written:
        plan.report.add("cite-reference", "info", "mapped", f"`{tag}` cites " + ", ".join(
            f"`{k}` ({cite_label(plan, k)})" for k in refs) + ", no publication of the "
            "converted site: written out as a reference on the page (as jekyll-scholar "
            "showed it), which the citation links.", where, line)
    for lost, why in ((missing, "in no `.bib` file of the source: written as its key, with "
                       "no link"),
                      ([] if written else refs, "no publication of the converted site: its "
                       "link leads to no reference")):
        if lost:
            plan.report.lost("cite-unresolved", f"`{tag}` cites " + ", ".join(
                f"`{k}`" for k in lost) + f", which is {why}. Write the reference out in the "
                "text.", where, line)
