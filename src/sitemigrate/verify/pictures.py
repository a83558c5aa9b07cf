"""The pictures a built page shows, and those of the old site the new site shows broken.

A picture is what a browser loads to show on the page: an `<img>`'s `src` and `srcset`, a
`<source>`'s `srcset` (a `<picture>`'s candidates), a `url(…)` of an element's `style`
(a `background-image`), and a `<link rel="icon">`'s address (the tab's icon; also
`shortcut icon`, `apple-touch-icon`). What no browser loads (inside a comment, a script, a
style sheet or a `<template>`) is no picture of the page.

A picture the old site showed (its address named a file of the old build, or was an address
elsewhere) that the new site shows at an address that names no file of the new build (after
the site's base path, as `bin/linkcheck` of the lab reads it) is a picture a visitor loses:
a broken image in its place. The two are matched by the file's name (the conversion moves
files between the themes' folders); an address the old site showed broken too is no loss,
nor is a picture the same page of the old site showed broken (the file's name at an address
that named no file there: a page whose relative address missed, while another page showed
that file whole).
"""

from __future__ import annotations

import html
import os
import re
import urllib.parse
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .site import BuiltSite
from .text import elements

_UNLOADED = re.compile(elements("script|style|template")
                       + r"|<!--[^-]*(?:-(?!->)[^-]*)*-->", re.I)
"""What a browser loads no picture from: those elements, and comments."""
_TAG = re.compile(r"(?i)<(img|source|link)\b([^>]*)>|\bstyle\s*=\s*(\"[^\"]*\"|'[^']*')")
_ATTRIBUTE = re.compile(r"""(?is)([\w:-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)""")
_CSS_URL = re.compile(r"""(?i)url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)""")
_ICON_RELS = frozenset({"icon", "apple-touch-icon", "apple-touch-icon-precomposed",
                        "mask-icon"})
"""The `rel` words of a `<link>` whose address is a picture the browser shows (the tab's
icon, a phone's home-screen icon)."""


def _attributes(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in _ATTRIBUTE.findall(text):
        out.setdefault(name.lower(), html.unescape(value.strip("\"'")))
    return out


def _candidates(srcset: str) -> Iterator[str]:
    """The addresses of a `srcset` (`a.webp 480w, b.webp 800w`)."""
    for candidate in srcset.split(","):
        words = candidate.split()
        if words:
            yield words[0]


def _css_urls(style: str) -> list[str]:
    return [next(g for g in groups if g) for groups in _CSS_URL.findall(style) if any(groups)]


def pictures(page_html: str) -> list[str]:
    """The addresses of the pictures a page shows, as written (once each, in order)."""
    out: list[str] = []
    for m in _TAG.finditer(_UNLOADED.sub(" ", page_html)):
        if m.group(3) is not None:  # a style attribute: its url(…)s
            style = html.unescape(m.group(3)[1:-1])
            out += _css_urls(style)
            continue
        tag, attrs = m.group(1).lower(), _attributes(m.group(2))
        if tag == "img":
            out += [attrs.get("src", ""), *_candidates(attrs.get("srcset", ""))]
        elif tag == "source":
            out += list(_candidates(attrs.get("srcset", "")))
        elif _ICON_RELS & set(attrs.get("rel", "").lower().split()):
            out.append(attrs.get("href", ""))
        # a style attribute inside the tag: the pattern's next match starts after it
        out += _css_urls(attrs.get("style", ""))
    return list(dict.fromkeys(a.strip() for a in out if a.strip()))


def picture_path(site: BuiltSite, address: str, page: str) -> str | None:
    """The site path of the file the picture ``address`` on ``page`` loads, ``""`` for an
    address of the site outside its base path (which names nothing the site serves), or None
    for a picture from elsewhere (another host, a `data:` address)."""
    parts = urllib.parse.urlsplit(address)
    if parts.scheme and parts.scheme not in ("http", "https"):
        return None
    if not parts.path:
        return None
    written = urllib.parse.unquote(parts.path)
    if (written.startswith("/") and not parts.netloc and site.basepath
            and written != site.basepath and not written.startswith(site.basepath + "/")):
        return ""
    return site.local_path(address, page)


def _name(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1]


@dataclass
class BrokenPicture:
    """A picture of the old site the new site shows broken: ``address`` as the new pages
    write it, ``was`` the address the old site showed it at, ``pages`` the new pages that
    show it broken (the home page first, then in order)."""

    address: str
    was: str
    pages: list[str] = field(default_factory=list)


def _loaded(site: BuiltSite, skip: Iterable[str] = ()
            ) -> Iterator[tuple[str, str, str | None, bool]]:
    """(page, address, site path or None, whether it loads) of each picture of each page of
    ``site`` but those of ``skip``."""
    left_out = set(skip)
    for page, text in site.html.items():
        if page in left_out:
            continue
        for address in pictures(text):
            path = picture_path(site, address, page)
            yield page, address, path, path is None or (
                bool(path) and site.page_at(path) is not None)


def _name_of(address: str, path: str | None) -> str:
    return _name(path or urllib.parse.unquote(urllib.parse.urlsplit(address).path))


def picture_files(root: Path) -> dict[str, str]:
    """File name -> site path of each picture file (:data:`IMAGE_SUFFIXES`) of the source
    folder ``root``, outside the folders Jekyll never reads from (hidden ones, ``_site``,
    ``node_modules``, ``vendor``): the pictures a source that did not build had to show."""
    from ..jekyll.assets import IMAGE_SUFFIXES
    out: dict[str, str] = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and d not in ("_site", "node_modules", "vendor"))
        for name in sorted(names):
            if os.path.splitext(name)[1].lower() in IMAGE_SUFFIXES:
                rel = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
                out.setdefault(name, "/" + rel)
    return out


def broken_pictures(old: BuiltSite, new: BuiltSite, skip: Iterable[str] = (),
                    lost: Iterable[str] = (), had: Mapping[str, str] | None = None
                    ) -> list[BrokenPicture]:
    """The pictures the old site's pages (not those of ``skip``, left out on purpose) showed
    whole (a file of the old build, or a picture from elsewhere) that the new site's pages
    show broken, one per address the new pages write, with the pages that show it. A picture
    whose file the new site lacks altogether (``lost``: the names of the files
    :attr:`.compare.Comparison.missing_files` already names) is left to that finding; an
    address the old site showed broken too is no loss, nor is a file name the old page at
    the same address showed broken. ``had``: file name -> path of the
    pictures the old site had (:func:`picture_files` of a source whose build stopped on an
    error, so that its pages cannot say what they showed)."""
    shown: dict[str, str] = {}  # file name -> the address the old site showed it at
    broken_before: set[str] = set()
    broken_on: set[tuple[str, str]] = set()  # (page, file name) the old page showed broken
    for page, address, path, loads in _loaded(old, skip):
        if loads:
            shown.setdefault(_name_of(address, path), address)
        else:
            broken_before.add(path or address)
            broken_on.add((page, _name_of(address, path)))
    for name, where in (had or {}).items():
        shown.setdefault(name, where)
    gone = set(lost)
    found: dict[str, BrokenPicture] = {}
    for page, address, path, loads in _loaded(new):
        name = _name_of(address, path)
        key = path or address
        if loads or not name or name not in shown or name in gone or key in broken_before \
                or (page, name) in broken_on:
            continue
        found.setdefault(key, BrokenPicture(address, shown[name])).pages.append(page)
    for broken in found.values():  # the home page first: where a visitor meets it first
        broken.pages.sort(key=lambda page: page != "index.html")
    return list(found.values())


def named_pictures(text: str) -> set[str]:
    """The names of the picture files (:data:`IMAGE_SUFFIXES`) ``text`` names anywhere (an
    example item's `excerpt` with its `<img>`, a `preview:` value)."""
    from ..jekyll.assets import IMAGE_SUFFIXES
    suffixes = "|".join(sorted((s[1:] for s in IMAGE_SUFFIXES), key=lambda s: (-len(s), s)))
    return {m.group(1) for m in re.finditer(
        rf"""([^\s"'<>()/\\=]+\.(?:{suffixes}))(?![\w.])""", text, re.I)}


def list_pictures_lost(old: BuiltSite, was: list[str], new: BuiltSite, now: list[str],
                       chrome: set[str], left_out: set[str]) -> list[str]:
    """The pictures the old list (its pages ``was``: the list over its pagination) showed
    whole that the new list (``now``) does not show at all (broken or whole), matched by the
    file's name, as the old pages wrote them: a picture of an item's text a new card has no
    place for. Only the site's own files: not a picture from elsewhere (a badge a service
    draws, an emoji a plugin links), nor the site's chrome (``chrome``:
    :func:`chrome_pictures`), the tab's icon, nor the pictures of items left out on purpose
    (``left_out``: their names)."""
    shown_now = {_name_of(a, picture_path(new, a, p)) for p in now
                 for a in pictures(_UNICONED.sub(" ", new.html.get(p, "")))}
    out: dict[str, str] = {}
    for page in was:
        for address in pictures(_UNICONED.sub(" ", old.html.get(page, ""))):
            path = picture_path(old, address, page)
            name = _name_of(address, path)
            if not path or old.page_at(path) is None or not name or name in chrome \
                    or name in left_out or name in shown_now:
                continue  # (one the old page showed broken is no picture it showed)
            out.setdefault(name, address)
    return list(out.values())


_UNICONED = re.compile(r"(?i)<link\b[^>]*>")
"""A `<link>`: the tab's icon is the site's, no picture of a list."""


def chrome_pictures(old: BuiltSite) -> set[str]:
    """The names of the pictures the old site's layout shows (its sidebar's profile picture,
    a logo), no picture of a list's items: those most of its pages show (more than half,
    two at least; a redirect page is none), and those the home page and two more pages
    show (a sidebar only some layouts have). A picture of an item shows on its list, its
    own page and the home page's list at most."""
    pages = [p for p in old.html if old.redirect(p) is None]
    seen: dict[str, int] = {}
    for page in pages:
        for name in {_name_of(a, picture_path(old, a, page))
                     for a in pictures(old.html[page])}:
            seen[name] = seen.get(name, 0) + 1
    home = {_name_of(a, picture_path(old, a, "index.html"))
            for a in pictures(old.html.get("index.html", ""))}
    return {name for name, n in seen.items()
            if (n >= 2 and 2 * n > len(pages)) or (n >= 3 and name in home)}
