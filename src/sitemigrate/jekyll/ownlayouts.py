"""The owner's own layouts: a page of SRC laid into a `_layouts/NAME.*` that no template of
the source theme has (a second language's layouts, `single-cn` into `default-cn`) is
written on a layout of the target theme; what the owner's layouts add around the page's
text is not carried, but for the includes of the owner's own that a layout of SRC (their
own, or the theme's as they changed it) runs whatever the page: a language switcher above
the text is written into each page it was shown on, as are the words and pictures their
changed copy of a theme layout adds (:func:`with_layout_own`). One
finding per layout names its pages and what else it runs, so the owner can redo it by
hand. The page keys such a layout prints are carried by :mod:`sitemigrate.jekyll.layouts`."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from ..ir import Origin, Page, Site
from ..lazyre import lazy_pattern
from ..template_files import templates
from .branches import page_facts
from .layoutparts import data_blocks, own_parts, parts_for, static_parts
from .layouts import layout_chain, unchanged_template, with_own_includes, with_shown
from .liquid import BLOCK_TAGS, include_name, is_html_file, tokenize

if TYPE_CHECKING:
    from ..plan import Plan
    from ..theme import Theme


def report_own_layouts(plan: Plan, site: Site) -> None:
    """Report each layout of the owner's own that a page of SRC is laid into (see module)."""
    source = plan.from_theme
    table = templates(source) if source is not None else None
    known = table.files if table is not None else {}
    if table is None or not known:
        return  # without the template's files no layout can be told the owner's
    pages: dict[str, list[str]] = {}
    runs: dict[str, list[str]] = {}
    parts: set[str] = set()  # the layouts whose words and pictures the pages got
    for page in site.pages:
        for at, (rel, text) in enumerate(layout_chain(plan, page.path)):
            if rel not in known:
                pages.setdefault(rel, []).append(page.path)
                if at == 0 and any(not table.writes(p) for p in static_parts(
                        text, page_facts(plan, page.path))):  # the page's own layout
                    parts.add(rel)
                carried = {n for _, n, _, _ in own_includes(plan, page.path)}
                runs.setdefault(rel, sorted({n for t in tokenize(text) if t.name == "include"
                                             and (n := include_name(t)) and n not in carried
                                             and f"_includes/{n}" not in known}))
    for rel, paths in pages.items():
        shown = ", ".join(f"`{n}`" for n in runs[rel])
        plan.report.add(
            "own-layout", "warning", "lost", f"`{rel}` is a layout of your own, which "
            f"{len(paths)} page(s) use ({', '.join(f'`{p}`' for p in sorted(paths))}); "
            "they are on the target theme's own layout now, and what yours shows around "
            "their text" + (f" (it runs your {shown})" if shown else "")
            + (" is not carried, but for its parts of words and pictures (added to the pages' "
               "text: `own-layout-part`): redo the rest" if rel in parts else
               " is not carried: redo it") + " in the new site by hand if you need it.",
            Origin(rel, 1))


_HEAD = lazy_pattern(r"(?is)<head\b.*?</head\s*>")
_PARAM = lazy_pattern(r"""(\w+)\s*=\s*("[^"]*"|'[^']*'|[^\s"']+)""")


def own_includes(plan: Plan, page: str) -> list[tuple[str, str, str, bool]]:
    """The includes of the owner's own (`_includes/X` of SRC that no template of the source
    theme has) that SRC's layouts of ``page`` run whatever the page, in what a visitor sees
    (outside every block tag and outside `<head>`; their parameters quoted text or `page.`/
    `site.` values, not a layout's variables): (layout, include's name, its tag as written,
    True where it shows before the page's text). A layout that is the theme's own,
    unchanged, runs none of the owner's."""
    source = plan.from_theme
    known = templates(source).files if source is not None else {}
    if not known:
        return []
    out: list[tuple[str, str, str, bool]] = []
    for rel, text in layout_chain(plan, page):
        depth, before = 0, True
        head = _HEAD().search(text)
        for tok in tokenize(text) if not unchanged_template(plan, rel) else []:
            if head and head.start() <= tok.start < head.end():
                continue  # the page's head: nothing of it is the page's text
            if tok.kind == "output" and re.match(r"content\b", tok.markup):
                before = False
            elif tok.kind == "tag" and tok.name in BLOCK_TAGS:
                depth += 1
            elif tok.kind == "tag" and tok.name[3:] in BLOCK_TAGS and tok.name[:3] == "end":
                depth -= 1
            n = include_name(tok)
            if depth or not n or tok.in_html_comment or tok.name != "include" \
                    or f"_includes/{n}" in known or plan.source_text(f"_includes/{n}") is None:
                continue
            if all(v[0] in "\"'" or v.startswith(("page.", "site."))
                   for _, v in _PARAM().findall(tok.markup[len(n):])):
                out.append((rel, n, tok.text, before))
    return out


def with_layout_own(plan: Plan, page: Page, body: str, out: str, target: Theme,
                    data: str = "") -> str:
    """``body`` with what SRC's layouts of the owner showed around it and the target's do
    not: the owner's includes (:func:`own_includes`), where they showed (above the text or
    below it), and the parts of words or pictures of their changed copy of a theme layout
    (:func:`~.layoutparts.layout_parts`), below it. Into the same theme (an upgrade) the
    owner's layouts go along, and with them what they show. ``data``: the data file (a CV)
    the writer made this page's text from; an include of the owner's that shows it (reads
    `site.data.<its name>`, itself or through its own includes) is that text already."""
    if plan.from_theme is not None and plan.from_theme.name == target.name:
        return body
    # a page the theme package reads for its data (a CV page, whose text the writer made
    # from the CV its layout showed) is the package's to write
    hider = text_hidden_by(plan, page.path) if page.role == "other" else ""
    if hider and body.strip():
        from .listings import kept_in_comment
        body = kept_in_comment(body.strip("\n")) + "\n"
        plan.report.verbatim("layout-hides-text", f"`{hider}` (the layout of this page) never "
                             "writes `{{ content }}`, so the old site showed none of the "
                             "page's own text: it is kept in a `{% comment %}` block, which "
                             "shows nothing either. Take it out of the block to show it.",
                             page.origin)
    for rel, name, tag, before in own_includes(plan, page.path):
        if data and _shows_data(plan, name, data):
            plan.report.verbatim("own-include", f"`{rel}` (your layout) shows your `{name}`, "
                                 f"which shows `{data}`: written as this page's text in the new "
                                 "theme's way, so the include is not written in too.",
                                 page.origin)
            continue
        if not is_html_file(out):  # kramdown passes the include's HTML as it is
            tag = "{::nomarkdown}\n" + tag + "\n{:/nomarkdown}"
        body = f"{tag}\n\n{body.lstrip(chr(10))}" if before else \
            f"{body.rstrip(chr(10))}\n\n{tag}\n"
        plan.report.verbatim("own-include", f"`{rel}` (your layout) shows your `{name}` "
                             f"{'above' if before else 'below'} the text of this page: "
                             "written into the page, where it shows it.", page.origin)
    headings = frozenset(s.heading for s in page.features.lists if s.heading)
    if page.features.selected_papers and page.features.selected_heading:
        headings |= {page.features.selected_heading}  # (the list the writer wrote)
    return with_shown(body, [*data_blocks(plan, page.path),
                             *own_parts(plan, page.path, headings)], out)


def _shows_data(plan: Plan, name: str, data: str) -> bool:
    """SRC's include ``name`` (with its own includes) reads the data file ``data`` as Jekyll
    names it: `site.data.` and the file's name."""
    text = plan.source_text(f"_includes/{name}")
    if text is None or plan.source is None:
        return False
    stem = re.escape(PurePosixPath(data).stem)
    return re.search(rf"\bsite\.data(?:\.{stem}\b|\[\s*['\"]{stem}['\"]\s*\])",
                     with_own_includes(plan.source, text)) is not None


_CONTENT = lazy_pattern(r"(?<![\w.])content\b")


def text_hidden_by(plan: Plan, page: str) -> str:
    """The layout of SRC's chain for ``page`` that never reads `content` (no `{{ content }}`,
    no tag that uses it): Jekyll hands each layout what the one below it rendered as
    `content`, so such a layout drops the page's own text, and shows only what it writes
    itself. '' when every layout of the chain reads it (or the page has none of SRC's)."""
    for rel, text in layout_chain(plan, page):
        if not any(t.kind in ("output", "tag") and _CONTENT().search(t.markup)
                   for t in tokenize(text)):
            return rel
    return ""


def _reads_content(text: str) -> bool:
    """Whether a layout's text reads `content` (the text of what is laid out in it)."""
    return any(t.kind in ("output", "tag") and _CONTENT().search(t.markup)
               for t in tokenize(text))


def text_layout(plan: Plan, page: str, front: Any, body: str,
                chain: list[tuple[str, str]], fallback: str) -> str:
    """The layout an upgraded ``page`` (its ``front`` matter) goes on where DEST's layout of
    it would drop its text, or "" to keep it: SRC laid the page (``body`` not empty) in the
    owner's changed copy of its layout (``chain``: SRC's layouts of the page, its own first,
    :func:`.layouts.source_chain`), every one of which reads `content` and whose first reads
    no `site.data` (it showed the page's own text, no data of the site's), while DEST's
    layout of that name reads no `content` (an al-folio CV layout, which builds its page from data
    alone): the template's plain ``fallback`` layout, where DEST's reads `content`; the keys
    of the page the owner's layout showed and that one does not (`cv_pdf`) are said."""
    from .checkout import layout_text
    layout = front.get("layout") if isinstance(front, dict) else None
    if not isinstance(layout, str) or not body.strip() or not chain or chain[0][0] != layout:
        return ""
    own = next((f"_layouts/{layout}{s}" for s in (".liquid", ".html")
                if plan.source_text(f"_layouts/{layout}{s}") is not None), None)
    theirs, plain = layout_text(plan, layout), layout_text(plan, fallback)
    if own is None or unchanged_template(plan, own) or theirs is None or plain is None \
            or _reads_content(theirs) or not _reads_content(plain) \
            or not all(_reads_content(text) for _, text in chain) \
            or re.search(r"\bsite\.data\b", chain[0][1]):
        return ""
    keys = sorted({k for k in re.findall(r"\bpage\.(\w+)", chain[0][1]) if front.get(k)
                   and not re.search(rf"\bpage\.{k}\b", plain)})
    plan.report.add("upgrade-text-layout", "warning" if keys else "info",
                    "mapped", f"`{page}` was laid out in `{own}`, your changed copy, which "
                    f"showed the page's own text; the new template's `{layout}` layout shows "
                    f"none of a page's text, so the page is on the template's `{fallback}` "
                    "layout, which shows it" + (". It does not show " + ", ".join(
                        f"`{k}`" for k in keys) + ", which yours showed: put what it showed "
                        "into the page's text" if keys else "") + ".", Origin(page, 1))
    return fallback


def report_replaced_layouts(plan: Plan, site: Site) -> None:
    """An upgrade keeps the new checkout's layout where SRC has the owner's changed copy of
    a layout of that name (not the template's file as it ships, and carried by no step of
    the upgrade): the pages laid out in it get the new one. What only the owner's showed on
    them (its parts of words and pictures, :func:`~.layoutparts.static_parts`, those of a
    branch that runs for one of them too: :func:`~.layoutparts.parts_for`; and the
    includes it runs that the new one does not) is said, per layout, with its pages; what
    it showed of a page's own keys is said on each page (`extra-key-shown`)."""
    from .checkout import layout_text
    if plan.source is None:
        return
    docs = [p.path for p in site.pages] + [i.path for items in (
        site.news, site.talks, site.teaching, site.projects, site.posts,
        *site.collections.values()) for i in items]
    laid: dict[str, list[str]] = {}
    for doc in docs:
        for rel, _ in layout_chain(plan, doc):
            laid.setdefault(rel, []).append(doc)
    for rel, pages in sorted(laid.items()):
        name = PurePosixPath(rel).stem
        theirs, ours = layout_text(plan, name), plan.source_text(rel)
        if theirs is None or ours is None or unchanged_template(plan, rel) or any(
                PurePosixPath(r).parent.as_posix() == "_layouts" and PurePosixPath(r).stem == name
                for r in (*plan.files, *plan.copies)):
            continue
        facts = [page_facts(plan, p) for p in pages]  # (a branch that runs for one: shown)
        new = {_words(p) for p in parts_for(theirs, facts)}
        lost = [w for p in parts_for(ours, facts) if (w := _words(p)) not in new]
        runs = sorted({n for t in tokenize(ours) if t.name == "include" and not
                       t.in_html_comment and (n := include_name(t))}
                      - {n for t in tokenize(theirs) if (n := include_name(t))})
        if not lost and not runs:
            continue
        first = re.search(r"\s+".join(map(re.escape, lost[0].split()[:4])), ours) \
            if lost and lost[0] else None
        said = "; ".join([f"“{w[:80]}{'…' if len(w) > 80 else ''}”" for w in lost[:3]]
                         + [f"your include `{n}`" for n in runs[:3]])
        plan.report.add("upgrade-layout-replaced", "loss", "lost", f"`{rel}` (your layout "
                        f"`{name}`, not the template's as it ships) is replaced by the new "
                        f"template's layout of that name, so the {len(pages)} page(s) laid out "
                        "in it (" + ", ".join(f"`{p}`" for p in sorted(pages)[:5])
                        + (", ..." if len(pages) > 5 else "") + ") no longer show what yours "
                        f"showed and the new one does not: {said}. Bring your change to the "
                        "new layout.",
                        Origin(rel, ours.count("\n", 0, first.start()) + 1 if first else 1))


def _words(html: str) -> str:
    """The words a part of a layout shows, one space between each."""
    from bs4 import BeautifulSoup
    return " ".join(BeautifulSoup(html, "html.parser").get_text(" ").split())
