"""A front-matter key that no reader understood, kept as the writer wrote it: what a
visitor saw of it on the old site (shown by a layout of the owner's or of the old theme's
own) and whether the new site shows it, said at its line."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..ir import Origin
from .layouts import (
    Lead,
    dest_code_showing,
    dest_shows,
    layout_named,
    owner_code_along,
    owner_code_reading,
    shown_block,
    shown_by,
    their_block,
)

if TYPE_CHECKING:
    from ..plan import Plan
    from ..theme import Theme


def front_line(plan: Plan, rel: str | None, key: str) -> int | None:
    """The 1-based line of top-level key ``key`` in the front matter of SRC file ``rel``."""
    text = plan.source_text(rel) if rel else None
    if text is None:
        return None
    lines = text.splitlines()
    pattern = re.compile(rf"{re.escape(key)}\s*:")
    for n, line in enumerate(lines[1:], 2):
        if line.rstrip() == "---":
            break
        if pattern.match(line):
            return n
    return None


def extra_key(plan: Plan, key: str, theme: Theme, origin: Origin | None,
              value: Any = True, layout: Any = None) -> str:
    """Report a front-matter key that no reader understood and the writer kept as written:
    a key the target's layouts read too (`toc`, ...) is said to be kept; one that SRC's own
    layout showed on the page (an `experiences` list its about layout loops over) is shown
    by that part of the layout, returned for the end of the page's text when it is plain
    Liquid (:func:`~.layouts.shown_block`), else lost to a visitor; so is one that the old
    theme's own layout showed there, on a switch of theme (a list it loops over, a value it
    writes into the page's text: a `venue` of a collection of the owner's); any other has no meaning
    there; each at its line (a ``value`` that is off or empty showed nothing). A key that
    DEST's ``layout`` (the written page's, else the one SRC's page names) reads is kept and
    shown there (:func:`~.layouts.dest_shows`: a post's `author`). Returns the Liquid to add
    to the page ("" for none)."""
    where = Origin(origin.path, front_line(plan, origin.path, key) or origin.line) \
        if origin else None
    shows = origin is not None and not (value is None or value is False or (
        isinstance(value, (str, list, dict)) and not value))  # Liquid's falsy, or empty
    shown = shown_by(plan, origin.path, key) if origin and shows else None
    block = shown_block(plan, origin.path, key) if origin and shown else None
    if not isinstance(layout, str) and origin is not None:
        layout = layout_named(plan.source_text(origin.path))
    there = dest_shows(plan, layout, key) if isinstance(layout, str) and layout else None
    if key in theme.vocabulary.get("page_switches", []):
        plan.report.add("extra-key", "info", "mapped", f"front-matter key `{key}` kept as "
                        f"written: {theme.name}'s layouts read it too (check it works the same "
                        "there).", where)
    elif there is not None:
        plan.report.add("extra-key", "info", "mapped", f"front-matter key `{key}` kept as "
                        f"written: {theme.name}'s layout `{there[0]}` shows it too (its line "
                        f"{there[1]}).", where)
    elif shown is not None:
        lines = f"lines {block[1]}-{block[2]}" if block else f"line {shown[1]}"
        then = ("so that part of your layout was added at the end of the page's text, where "
                "it shows the key as before. Check how it looks there." if block else
                "so a visitor no longer sees it. It is kept in the front matter: put what it "
                "shows into the page's text, or into a layout of your own.")
        plan.report.add("extra-key-shown", "warning" if block else "loss",
                        "verbatim" if block else "lost", f"front-matter key `{key}` is shown on "
                        f"this page by your layout `{shown[0]}` ({lines}); the layouts of "
                        f"{theme.name} do not show it, {then}", where)
        return block[3] if block else ""
    elif shows and origin and (code := owner_code_reading(plan, key, origin.path)) is not None:
        plan.report.add("extra-key-shown", "loss", "lost", f"front-matter key `{key}` is shown "
                        f"by your own `{code}` (where it lists or shows documents); the layouts "
                        f"and includes of {theme.name} do not show it, so a visitor no longer "
                        "sees it. It is kept in the front matter: put what it shows into the "
                        "text, or into a layout of your own.", where)
    elif shows and origin and (code := owner_code_along(plan, key, origin.path)) is not None:
        plan.report.add("extra-key-shown", "info", "mapped", _along(key, code), where)
    elif shows and origin and (code := dest_code_showing(plan, key, origin.path)) is not None:
        plan.report.add("extra-key", "info", "mapped", f"front-matter key `{key}` kept as "
                        f"written: {theme.name}'s own `{code}` shows it too, as yours did.",
                        where)
    elif shows and origin and plan.from_theme is not None \
            and plan.from_theme.name != theme.name \
            and (by := shown_by(plan, origin.path, key, theirs=True,
                                output=not isinstance(value, (list, dict)))) is not None:
        theirs = None if isinstance(value, (list, dict)) else their_block(plan, origin.path, key)
        if theirs is None:
            plan.report.add("extra-key-shown", "loss", "lost", f"front-matter key `{key}` is "
                            f"shown on this page by the old theme's layout `{by[0]}` (line "
                            f"{by[1]}); the layouts of {theme.name} do not show it, so a "
                            "visitor no longer sees it. It is kept in the front matter: put "
                            "what it shows into the page's text.", where)
            return ""
        side = "start" if isinstance(theirs[3], Lead) else "end"
        lines = f"line {theirs[1]}" if theirs[1] == theirs[2] else \
            f"lines {theirs[1]}-{theirs[2]}"
        plan.report.add("extra-key-shown", "warning", "mapped", f"front-matter key `{key}` is "
                        f"shown on this page by the old theme's layout `{theirs[0]}` ({lines}); "
                        f"the layouts of {theme.name} do not show it, "
                        f"so that part of the layout was added at the {side} of the page's "
                        "text, where it shows the key as before. Check how it looks there.",
                        where)
        return theirs[3]
    elif shows and origin and (fence := _drawn(plan, key, theme, origin.path)):
        plan.report.add("extra-key-shown", "loss", "lost", f"front-matter key `{key}` makes "
                        f"the old theme draw the page's ```{fence} blocks (a diagram, a chart); "
                        f"{theme.name} draws none, so a visitor sees their source text instead. "
                        "Put a picture of each in their place.", where)
    elif key in _JEKYLL_SINGULAR:
        plan.report.add("extra-key", "info", "mapped", f"front-matter key `{key}` kept as "
                        f"written: Jekyll itself reads it, whatever the theme, as one of the "
                        f"document's `{_JEKYLL_SINGULAR[key]}` (the whole value is one name).",
                        where)
    else:
        plan.report.verbatim("extra-key", f"front-matter key `{key}` has no {theme.name} meaning; "
                             "kept as written.", where)
    return ""


_JEKYLL_SINGULAR = {"category": "categories", "tag": "tags"}
"""Front-matter keys Jekyll reads into a document's `categories` and `tags` (with the
plural keys) for any theme: never a key of the source theme alone."""


_OWN_LAYOUT = re.compile(r"\A(front-matter key `[^`]+` is shown on this page by your layout "
                         r"`([^`]+)` \([^)]*\))")


def carried_as_written(plan: Plan, rel: str, layout_kept: Callable[[str], bool]) -> None:
    """Document ``rel`` of SRC goes into DEST as its owner wrote it (an upgrade), without
    the part of its layout the writer added to its text for a key that layout showed: where
    that layout of the owner's goes along (``layout_kept``), it still shows the key; where
    the new checkout's replaces it, a visitor no longer sees the key. Said so, instead of
    "added at the end"."""
    for finding in [f for f in plan.report.findings if f.path == rel
                    and f.code == "extra-key-shown" and f.outcome == "verbatim"]:
        m = _OWN_LAYOUT.match(finding.message)
        if m is None:
            continue
        plan.report.findings.remove(finding)
        if layout_kept(m[2]):
            plan.report.add("extra-key-shown", "info", "mapped", f"{m[1]}, which comes along "
                            "as you wrote it: it shows the key as before.", rel, finding.line)
        else:
            plan.report.add("extra-key-shown", "loss", "lost", f"{m[1]}; the new template's "
                            "layout of that name replaces yours, and the page is carried as "
                            "you wrote it, so a visitor no longer sees the key. It is kept in "
                            "the front matter: put what it shows into the page's text, or "
                            "bring your change to the new layout.", rel, finding.line)
    # a key the writer's page had no place for that the layout the page keeps shows (a
    # distill post's `authors`, `bibliography`): shown there, as before
    out = plan.files.get(rel)
    layout = layout_named(out.decode("utf-8", "replace")) if out is not None else None
    for finding in [f for f in plan.report.findings if f.path == rel and f.code == "extra-key"
                    and f.outcome == "verbatim"] if layout else ():
        m = _NO_MEANING.match(finding.message)
        if m is not None and (there := dest_shows(plan, str(layout), m[1])) is not None:
            plan.report.findings.remove(finding)
            plan.report.add("extra-key", "info", "mapped", f"front-matter key `{m[1]}` kept "
                            f"as written: {m[2]}'s layout `{there[0]}` shows it too (its line "
                            f"{there[1]}).", rel, finding.line)


_NO_MEANING = re.compile(r"\Afront-matter key `([^`]+)` has no (.+) meaning; kept as written")
_OWN_CODE = re.compile(r"\Afront-matter key `([^`]+)` is shown by your own `([^`]+)`")


def shown_along(plan: Plan, along: set[str]) -> None:
    """SRC's includes copied along into DEST (a page of the owner's that a switch of theme
    keeps as written still runs them: its listing of an own collection): a key one of them
    showed is shown as before, not lost; said so."""
    for finding in [f for f in plan.report.findings if f.code == "extra-key-shown"
                    and f.outcome == "lost"]:
        m = _OWN_CODE.match(finding.message)
        if m is None or m[2] not in along:
            continue
        plan.report.findings.remove(finding)
        plan.report.add("extra-key-shown", "info", "mapped", _along(m[1], m[2]),
                        finding.path, finding.line)


def _along(key: str, code: str) -> str:
    """What is said of ``key`` shown by the owner's include ``code``, which comes along."""
    return (f"front-matter key `{key}` is shown by your own `{code}`, which comes along as "
            "you wrote it (a page of yours still shows the documents with it): it shows the "
            "key as before.")


def _drawn(plan: Plan, key: str, theme: Theme, path: str) -> str:
    """The language of the page's first fenced block that the switch ``key`` makes the old
    theme draw (``drawn_fences`` in its mapping), on a switch to another theme; "" for none."""
    old = plan.from_theme
    if old is None or old.name == theme.name:
        return ""
    text = plan.source_text(path) or ""
    for lang in (old.vocabulary.get("drawn_fences") or {}).get(key) or []:
        if re.search(rf"^[ \t]*(```|~~~)[ \t]*{re.escape(lang)}[ \t]*$", text, re.M):
            return str(lang)
    return ""
