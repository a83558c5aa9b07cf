"""Problems of a source page or collection item found as it is read, for every theme: Liquid
that is already broken (kept, reported with its line), an empty file or one without front
matter, front-matter URLs that climb out of the site (refused), and front-matter keys that
are a slip for a known one (``permlink``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..formats.content import climbs_out
from ..report import Report

if TYPE_CHECKING:
    from ..plan import Plan
    from ..textio import Document
    from ..theme import Theme


_PAGE_KEY = re.compile(r"\bpage\.([A-Za-z_][\w-]*)")

LIQUID_PROBLEMS_SHOWN = 100
"""Broken-Liquid findings listed one by one per file; the rest are counted in one."""


def check_liquid(doc: Document, report: Report) -> None:
    """Liquid that is already broken in SRC is kept as it is, and reported with its line."""
    from .liquid import find_problems
    if "{" not in doc.body and "-->" not in doc.body:
        return
    problems = find_problems(doc.body)
    for problem in problems[:LIQUID_PROBLEMS_SHOWN]:
        report.problem("liquid-broken", f"{problem.message}; kept as written (sitemigrate "
                       "does not repair it, and does not make it worse).", doc.rel,
                       doc.body_line + problem.line - 1)
    if len(problems) > LIQUID_PROBLEMS_SHOWN:  # a file of a hundred thousand `{{`
        more = problems[LIQUID_PROBLEMS_SHOWN]
        report.problem("liquid-broken", f"{len(problems) - LIQUID_PROBLEMS_SHOWN:,} more "
                       "Liquid problems from this line on are not listed one by one; the text "
                       "is kept as written.", doc.rel, doc.body_line + more.line - 1)


def check_document(doc: Document, report: Report, as_file: bool = False) -> None:
    """The shape of a page or collection item: empty, or without front matter; and URLs in
    its front matter that climb out of the site with ``..`` (removed, reported). ``as_file``:
    the reader carries a page without front matter as the file it is, not as a page. A file
    of `_posts` is a post with front matter or without (Jekyll's post reader takes every
    file with a dated name; the title comes from the name, the layout from `defaults`)."""
    if not doc.has_front_matter:
        if not as_file and doc.body.lstrip("\ufeff").split("\n", 1)[0].rstrip() == "---":
            return  # a header line Jekyll builds the file by (`has_yaml_header?`), its block
            # never closed: reported as read (`unclosed-front-matter`), with what Jekyll does
        if not doc.body.strip():
            report.problem("empty-file", "is empty; it was converted as an empty page. Delete "
                           "it or give it content.", doc.rel, severity="info")
        elif "_posts" in doc.rel.split("/")[:-1]:
            report.problem("no-front-matter", "has no front matter (`---` block): Jekyll "
                           "still builds it as a post, titled from its file name (a layout "
                           "only if the config's `defaults` give one); it was converted as "
                           "that post. Add front matter to give it its own title.", doc.rel, 1)
        else:
            report.problem("no-front-matter", "has no front matter (`---` block): Jekyll copies "
                           "such a file as it is instead of building a page. "
                           + ("It was carried as a file, not a page (or as the text of "
                              "the page that shows it)" if as_file else
                              "It was converted as a page without title")
                           + "; add front matter if it is one.", doc.rel, 1)
        return
    for key in ("permalink", "redirect_from", "redirect"):
        value = doc.data.get(key)
        values = value if isinstance(value, list) else [value]
        bad = [v for v in values if isinstance(v, str) and climbs_out(v)]
        if not bad:
            continue
        line = doc.line_of(key)
        if isinstance(value, list):
            doc.data[key] = [v for v in value if v not in bad]
            if isinstance(doc.data[key], list) and line is not None:
                line += 1 + next(i for i, v in enumerate(value) if v in bad)
        else:
            del doc.data[key]
        report.problem("unsafe-path", f"`{key}: {bad[0]}` climbs out of the site with `..`; "
                       "refused (not carried). Fix the URL in the source.", doc.rel, line,
                       severity="loss")


@functools.cache
def _theme_page_keys() -> frozenset[str]:
    """The front-matter keys the pages of every shipped theme use (each mapping file's
    `page_keys`, `about_keys` and `page_switches`)."""
    from ..mapdata import load_mapping, mappings_dir
    keys: set[str] = set()
    for path in sorted(mappings_dir().glob("*.yml")):
        data = load_mapping(path.name)
        for group in ("page_keys", "about_keys", "page_switches"):
            keys |= {k for k in (data.get(group) or []) if isinstance(k, str)} \
                if isinstance(data, dict) else set()
    return frozenset(keys)


def fix_typos(doc: Document, known: Iterable[str], report: Report,
              own: Iterable[str] = ()) -> None:
    """Unknown front-matter keys that are a slip for a known one (``Aramcolayout`` for
    ``layout``, ``permlink`` for ``permalink``): reported with a suggestion and, when the
    intended key is unambiguous and absent, used as that key. A key of ``own`` (one the
    site's own code reads) is none, nor is one the page's own Liquid reads (`page.KEY`
    where a visitor sees it): the page shows it its own way. Nor is a key another theme's
    pages use (academicpages' `author_profile` on an al-folio page is not al-folio's
    `profile`): what becomes of it is the writer's to say; a slip for such a key
    (`author_profle`) is kept as written, hinted as one for it where the target reads it
    (:func:`typos_the_target_reads`)."""
    import difflib

    from .liquid import shown_liquid
    known, own = [k for k in known if len(k) >= 4], set(own)
    theirs = sorted(k for k in _theme_page_keys() if k not in known and len(k) >= 4)
    if "page." in doc.body:
        own |= set(_PAGE_KEY.findall(shown_liquid(doc.body)))
    for key in [k for k in doc.data if isinstance(k, str) and k not in known and k not in own]:
        if key in theirs:
            continue
        other = difflib.get_close_matches(key.lower(), theirs, n=1, cutoff=0.85)
        if other and not difflib.get_close_matches(key.lower(), known, n=1, cutoff=0.85):
            report.problem("key-typo", f"unknown key `{key}`: did you mean `{other[0]}` (a key "
                           "another theme's pages use)? Kept as written.", doc.rel,
                           doc.line_of(key))
            continue
        hits = [k for k in known if key.lower().endswith(k) and len(key) > len(k)]
        hits = hits or difflib.get_close_matches(key.lower(), known, n=2, cutoff=0.85)
        if not hits:
            continue
        line = doc.line_of(key)
        if len(hits) == 1 and hits[0] not in doc.data:
            doc.data[hits[0]] = doc.data.pop(key)
            report.problem("key-typo", f"unknown key `{key}`: did you mean `{hits[0]}`? It was "
                           f"read as `{hits[0]}`; fix the key in the source.", doc.rel, line)
        else:
            report.problem("key-typo", f"unknown key `{key}`: did you mean "
                           + " or ".join(f"`{h}`" for h in hits) + "? Kept as written.",
                           doc.rel, line)


_KEPT_TYPO = re.compile(r"unknown key `([^`]+)`: did you mean .*Kept as written\.\Z", re.S)
_THEIRS = re.compile(r"did you mean `([^`]+)` \(a key another theme's pages use\)")


def typos_the_target_reads(plan: Plan, theme: Theme) -> None:
    """A key the reader took for a slip but kept as written is none where the target reads
    it: a key of ``theme``'s layouts (its vocabulary's page keys and switches) or one the
    layout of DEST's checkout that lays the page out shows. The hint goes; what the new
    site does with the key is said by the writer (`extra-key`). A hint for another theme's
    key stays only where the target reads that key."""
    from .layouts import dest_shows, layout_named
    vocab = theme.vocabulary
    known = {*vocab.get("page_keys", ()), *vocab.get("about_keys", ()),
             *vocab.get("page_switches", ())}
    for finding in [f for f in plan.report.findings if f.code == "key-typo" and f.path]:
        m, rel = _KEPT_TYPO.match(finding.message), finding.path or ""
        if m is None:
            continue
        out = plan.files.get(plan.origins.get(rel, rel))
        layout = layout_named(out.decode("utf-8", "replace") if out else None) \
            or layout_named(plan.source_text(rel))
        if m[1] in known or (layout and dest_shows(plan, layout, m[1]) is not None):
            plan.report.findings.remove(finding)
        elif (theirs := _THEIRS.search(finding.message)) and theirs[1] not in known and not (
                layout and dest_shows(plan, layout, theirs[1]) is not None):
            plan.report.findings.remove(finding)  # a slip for a key DEST does not read either
