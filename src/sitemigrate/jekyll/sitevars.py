"""Which keys of a `_config.yml` hash (`site.author`) a site's own Liquid shows: its
includes, its layouts and its pages, where a visitor sees them (not in a `{% comment %}` or
an HTML comment). A profile under `author:` that none of them reads was never on the old
site: its sidebar did not show it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ..report import Report
from ..textio import read_source
from .liquid import shown_liquid
from .site import iter_files

_CODE = (".html", ".htm", ".liquid", ".md", ".markdown")


def shown_keys(src: Path, hash_name: str, keys: Iterable[str], bodies: Iterable[str],
               report: Report | None = None) -> set[str] | None:
    """Those of ``keys`` (of `site.HASH`) that SRC's `_includes/` and `_layouts/` files or
    ``bodies`` (its pages' text) read where a visitor sees it; None when no include or layout
    of SRC reads `site.HASH` at all (the sidebar is not in SRC: a theme gem's, or left out;
    what it shows is not known). Read loosely, so that a key read through a variable
    (`{% assign a = site.author %}{{ a.dblp }}`) counts too: `.KEY` or `["KEY"]` anywhere,
    and a loop over the whole hash reads every key."""
    code = []
    for folder in ("_includes", "_layouts"):
        for path, rel in iter_files(src / folder, src, _CODE, report):
            raw = read_source(path, rel, report, src)
            if raw is not None:
                code.append(shown_liquid(raw.decode("utf-8", "replace")))
    name = re.escape(hash_name)
    if not any(re.search(rf"\bsite\.{name}\b", text) for text in code):
        return None
    shown = "\n".join([*code, *(shown_liquid(body) for body in bodies)])
    if re.search(rf"\{{%-?\s*for\s+\w+\s+in\s+site\.{name}\s*-?%\}}", shown):
        return set(keys)
    return {k for k in keys
            if re.search(rf"\.{re.escape(k)}\b(?!-)|\[\s*['\"]{re.escape(k)}['\"]\s*\]", shown)}


_READ = re.compile(r"\.([A-Za-z_][\w-]*)|\b(?:sort|sort_natural|where|group_by|map)\s*:\s*"
                   r"[\"']([\w-]+)[\"']")


def code_keys(src: Path, report: Report | None = None) -> set[str]:
    """The names SRC's own `_includes/` and `_layouts/` read where a visitor sees it: after a
    dot (`page.KEY`, `p.KEY`) or as a filter's key (`sort: "KEY"`). A front-matter key of
    that name is one of the site's own (its header sorting the menu by `sorted_title`), not
    a slip for a key the theme knows."""
    keys: set[str] = set()
    for folder in ("_includes", "_layouts"):
        for path, rel in iter_files(src / folder, src, _CODE, report):
            raw = read_source(path, rel, report, src)
            if raw is not None:
                keys |= {a or b for a, b in _READ.findall(shown_liquid(
                    raw.decode("utf-8", "replace")))}
    return keys


def include_text(src: Path, rels: Iterable[str], report: Report | None = None) -> str:
    """The text of SRC's first include of ``rels`` that it has, where a visitor sees it
    ("" without one)."""
    for rel in rels:
        if (src / rel).is_file() and (raw := read_source(src / rel, rel, report, src)):
            return shown_liquid(raw.decode("utf-8", "replace"))
    return ""


def with_own_code(vocab: dict, src: Path, report: Report | None = None) -> dict:
    """A theme's vocabulary with what SRC's own code reads added: ``own_keys``
    (:func:`code_keys`) and ``links``, the config keys its social include (the vocabulary's
    ``social_include``) links into a profile's address (:func:`socials.linked_keys`)."""
    from ..socials import linked_keys
    return {**vocab, "own_keys": code_keys(src, report), "links": linked_keys(
        include_text(src, vocab.get("social_include") or (), report))}
