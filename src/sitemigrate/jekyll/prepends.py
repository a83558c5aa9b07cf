"""What a layout makes of a front-matter value it prints: the folder it reads a file's name
in, and a double-quoted attribute it prints the value inside.

A layout that prints ``{{ page.profile.image | prepend: '/assets/images/' | relative_url }}``
shows ``profile.image: me.png`` as the file ``assets/images/me.png``: what the value names
depends on the layout that reads it. Readers take a value's file from the site's own layouts
(:func:`prepend_folders`); an upgrade that keeps the owner's value under the new template's
layout, which reads it below another folder, fits it to that folder (:func:`refit`). A value
a layout prints unescaped inside `"..."` (``<meta content="{{ page.description }}">``) may
hold no `"` of its own (:func:`quoted_page_keys`)."""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..lazyre import lazy_pattern
from .layouts import layout_named
from .liquid import shown_liquid

if TYPE_CHECKING:
    from ..plan import Plan
    from ..textio import Document

_PREPENDED = lazy_pattern(r"""\b(page|entry)\s*\.\s*([\w-]+(?:\s*\.\s*[\w-]+)*)\s*\|\s*"""
                          r"""prepend:\s*(["'])([^"'{}:]*)\3""")
_QUOTED = lazy_pattern(r'"[^"\n]*?\{\{-?\s*page\s*\.\s*([\w-]+)\s*-?\}\}')
_ADDRESS = lazy_pattern(r"[A-Za-z][\w+.-]*:|/")
_OUTPUT = lazy_pattern(r"\{\{(.*?)\}\}", re.S)


def prepend_folders(texts: Iterable[str], var: str = "page") -> dict[str, str]:
    """For each value of ``var`` (``page``: a page's front matter; ``entry``: a bibliography
    entry's fields) that ``texts`` (layouts, includes) print below a fixed folder
    (``{{ page.profile.image | prepend: 'assets/img/' }}``), its key path (``profile.image``)
    and that folder without its slashes (``assets/img``). The first text that reads a key
    decides it (Jekyll renders them in that order); a folder built with Liquid or an
    address's (``https://...``) is none."""
    out: dict[str, str] = {}
    for text in texts:
        for name, key, folder in _prepended(text):
            if name == var and key not in out:
                out[key] = folder
    return out


@functools.lru_cache(maxsize=64)
def _prepended(text: str) -> tuple[tuple[str, str, str], ...]:
    """(variable, key path, folder) of each value ``text`` prints below a fixed folder (a
    layout's text is read once however many pages it lays out)."""
    return tuple((name, re.sub(r"\s+", "", path), folder.strip().strip("/"))
                 for name, path, _quote, folder in _PREPENDED().findall(shown_liquid(text))
                 if folder.strip().strip("/"))


def prints_as_written(texts: Iterable[str], var: str, key: str) -> bool:
    """Whether ``texts`` print ``var``'s dotted ``key`` (``{{ page.cv_pdf | relative_url
    }}``) below no folder: a value that is a site path (`/assets/pdf/cv.pdf`) as written."""
    ref = re.compile(rf"\b{var}\s*\.\s*" + r"\s*\.\s*".join(map(re.escape, key.split(".")))
                     + r"(?![\w.-])(?!\s*\|\s*prepend:)", re.I)
    return any(ref.search(out) for text in texts
               for out in _OUTPUT().findall(shown_liquid(text)))


def from_folder(target: str, folder: str) -> str:
    """The value a layout that reads it below ``folder`` ("": as written, a site path) takes
    for site file ``target`` (no leading `/`)."""
    return "/" + target if not folder else posixpath.relpath(target, folder)


def _where(folder: str) -> str:
    return f"looks below `{folder}/`" if folder else "reads it as written (a site path)"


def _dest_chain(plan: Plan, layout: Any) -> list[str]:
    """The texts of DEST's layout ``layout`` and those it is laid into, as the upgraded site
    has them (a layout the plan writes, else DEST checkout's own)."""
    from .checkout import layout_text
    out: list[str] = []
    seen: set[str] = set()
    while isinstance(layout, str) and layout and layout not in seen:
        seen.add(layout)
        written = next((plan.files[k] for k in (f"_layouts/{layout}{suffix}" for suffix in
                                                (".html", ".liquid")) if k in plan.files), None)
        text = written.decode("utf-8", "replace") if written is not None \
            else layout_text(plan, layout)
        if text is None:
            break
        out.append(text)
        layout = layout_named(text)
    return out


def _holder(front: Any, key: str) -> tuple[Any, str]:
    """The mapping of ``front`` that holds dotted ``key``'s last part, and that part."""
    *path, leaf = key.split(".")
    for part in path:
        front = front.get(part) if isinstance(front, dict) else None
    return (front if isinstance(front, dict) else None), leaf


def refit(plan: Plan, rel: str, front: Any, theirs: Any, ours: Document,
          own: list[tuple[str, str]]) -> bool:
    """Fit the owner's front matter ``front`` of upgraded page ``rel`` to the folders DEST's
    layouts read its values in. ``own`` is the chain of SRC's own layouts that showed the
    page (:func:`.layouts.source_chain`); ``theirs`` the writer's front matter, which read
    the value through them already. A value read below another folder than before names the
    same file the old page showed: the writer's value where the writer wrote another (it
    copied the file where DEST's layout looks), none where the writer wrote the mapping without it
    (it left out a file SRC lacks), else the path from the new folder. True when changed."""
    before = prepend_folders(text for _, text in own)
    chain = _dest_chain(plan, front.get("layout"))
    after = prepend_folders(chain)
    changed = False
    for key, folder in before.items():
        new = after.get(key, "" if prints_as_written(chain, "page", key) else None)
        held, leaf = _holder(front, key)
        mapping, _ = _holder(theirs, key)
        # a value from the root (`/cv.pdf`, which the old layout put below its folder too) is
        # left as written but where the writer carried its file elsewhere, and said so
        if new is None or new == folder or held is None \
                or not isinstance(value := held.get(leaf), str) or not value \
                or (_ADDRESS().match(value) and not (
                    value.startswith("/") and mapping is not None
                    and mapping.get(leaf, value) != value)):
            continue
        if mapping is not None and leaf in mapping and mapping[leaf] != value:
            held[leaf] = mapping[leaf]  # the writer fitted it (a copy where DEST looks)
        elif mapping is not None and leaf not in mapping:
            del held[leaf]
        else:
            target = posixpath.normpath(f"{folder}/{value}")
            if target == ".." or target.startswith("../"):
                continue  # a file outside the site: nothing to point at, left as written
            held[leaf] = from_folder(target, new)
        changed = True
        name = next((n for n, t in own if key in prepend_folders([t])), own[0][0])
        shown = f"`{held[leaf]}`" if leaf in held else "no value (see the line about it)"
        plan.report.add("upgrade-folder", "info", "mapped", f"`{key}: {value}` named a file below "
                           f"`{folder}/`, where your layout `{name}` looked for it; the new "
                           f"template's layout {_where(new)}, so the page now gives "
                           f"{shown}, the same file.", rel, ours.line_of(key.split(".")[0]))
    return changed


def quoted_page_keys(root: Path) -> frozenset[str]:
    """The front-matter keys that a layout or include of the site at ``root`` prints, with no
    filter, inside a double-quoted attribute or string (``content="{{ page.description }}"``):
    a `"` of the value ends it there, and the rest of the value spills into the page."""
    from ..textio import within
    found: set[str] = set()
    for folder in ("_layouts", "_includes"):
        base = root / folder
        for path in sorted(base.rglob("*")) if base.is_dir() else []:
            if path.is_file() and not path.is_symlink() and within(root, path):
                try:
                    text = path.read_text("utf-8", "replace")
                except OSError:
                    continue  # unreadable: prints nothing
                found.update(_QUOTED().findall(shown_liquid(text)))
    return frozenset(found)


def quote_safe(plan: Plan, rel: str, front: Any, keys: frozenset[str], ours: Document) -> bool:
    """Make each value of ``front`` (upgraded page ``rel``) that DEST prints inside `"..."`
    (``keys``: :func:`quoted_page_keys`) safe there: a `"` of an HTML tag becomes `'` (a link
    stays a link), any other `&quot;`. True when one changed."""
    from .liquid import attribute_safe
    changed = False
    for key in sorted(k for k in keys if isinstance(front.get(k), str) and '"' in front[k]):
        front[key] = attribute_safe(front[key])
        changed = True
        plan.report.add("upgrade-quoted", "info", "mapped", f"`{key}` holds `\"`, and the new "
                        "template prints it inside a double-quoted attribute (the page's "
                        "`<meta>` description, say), where a `\"` ends it and the rest spills "
                        "into the page: its `\"` of an HTML tag became `'`, any other `&quot;`; "
                        "it reads the same.", rel, ours.line_of(key))
    return changed
