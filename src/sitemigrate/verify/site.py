"""A built site as a visitor meets it: its pages' text, its main menu, its addresses (and
where a redirect page sends), the items its list pages show and the files its pages link."""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ..jekyll.assets import IMAGE_SUFFIXES
from .shown import TextIndex
from .text import TAG, elements, norm, visible_words, without_hidden

_NAV = re.compile(r"(?is)<nav\b[^>]*>(.*?)</nav>")
_COMMENT = re.compile(r"(?s)<!--.*?-->")
_A = re.compile(r"(?is)<a\b([^>]*)>(.*?)</a>")
_HREF = re.compile(r"""href\s*=\s*["']([^"']*)["']""")
_REFRESH = re.compile(r"""(?is)<meta\b[^>]*http-equiv\s*=\s*["']?refresh[^>]*>""")
_REFRESH_URL = re.compile(r"""(?i)url\s*=\s*['"]?([^"'>\s]+)""")
_CHROME = re.compile(elements("nav|header|footer|h1"), re.I)
_CLASSED = re.compile(r"""(?is)<(\w+)\b[^>]*?\bclass\s*=\s*["']([^"']*)["'][^>]*>""")
_TITLE_CLASS = re.compile(r"(?:^|\s)(?:[\w-]*[-_])?title(?:\s|$)")
_PAGINATION_CLASS = re.compile(r"(?:^|\s)pagination(?:\s|$)")
"""The class of the navigation a paginated list's pages carry (jekyll-paginate's and
jekyll-paginate-v2's pages as both themes lay them out: `nav.pagination`, Bootstrap's
`ul.pagination`): its links lead to the rest of the list."""
_NESTED_BLOCK = re.compile(r"(?i)<(?:p|div|ul|ol|table|br)\b")
"""A block inside a title's element (an owner's `<h3 class="archive__item-title"><a>Title</a>
<p>citation</p></h3>`): a line of its own under the title, not words of the title."""
_TEX_STYLE = re.compile(r"\\(?:text(?:it|bf|sc|tt|rm|sf|sl|up|md|normal)|emph|math(?:rm|it|bf))")
"""`\\textit` of a BibTeX title's `\\textit{Moss}` that a layout printed as it stood (as
`\\textitMoss`): a font, no word of the title."""
_HEADING = re.compile(r"(?is)<(h[1-6])\b[^>]*>(.*?)</\1\s*>")
"""The heading inside a title's element that opens with a block of its own (`<div
class="card__title"><p>Reading notes</p><h2>Title</h2></div>`): the title's words."""
_UNSEEN_CLASS = re.compile(r"(?:^|\s)(?:sr-only|visually-hidden|screen-reader-text)(?:\s|$)")
"""The classes that hide an element from sight and leave it to screen readers (Bootstrap's
`sr-only` and `visually-hidden`, `screen-reader-text`): a theme's `Permalink` beside an item's
title icon is no word of the title a visitor reads."""
FILE_SUFFIXES = ("pdf", "bib", "zip", "ppt", "pptx", "doc", "docx", "key", "mp4", "mov", "webm",
                 "mp3", "ipynb", "tex", "csv", "tif", "tiff",
                 *sorted((s[1:] for s in IMAGE_SUFFIXES - {".ico"}), key=lambda s: (-len(s), s)))
"""What an owner links as a file (papers, slides, pictures, data), not a theme's own code
(the tab's `.ico` icon is the theme's): every picture the converter carries as one; longest
first, as a pattern tries them (`jpeg` before `jpe`)."""
_QUOTED_FILE = re.compile(r"""["']([^"'#?<>\s]+\.(?:""" + "|".join(FILE_SUFFIXES)
                          + r"""))["'#?]""", re.I)
_LINK_ATTRIBUTE = re.compile(r"(?i)\b(?:src|href)\s*=\s*$")
_FILE_END = re.compile(r"\.(?:" + "|".join(FILE_SUFFIXES) + r")(?=[\"'#?])", re.I)
"""Where a quoted address of a file can end (`.pdf"`): a few places a page, not every quote."""


def quoted_files(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_QUOTED_FILE` in ``text``, looked for only between the `<`
    before and the `<` after a place where one can end (:data:`_FILE_END`): an address
    holds no `<`, so none starts before such a `<` and ends after it."""
    last = None
    for end in _FILE_END.finditer(text):
        start = text.rfind("<", 0, end.start())
        if start == last:
            continue  # that stretch is read
        last = start
        stop = text.find("<", end.end())
        yield from _QUOTED_FILE.finditer(text, max(start, 0), stop if stop >= 0 else len(text))


@dataclass
class BuiltSite:
    """The ``_site`` folder of a build, read once. ``url`` is the site's ``url`` +
    ``baseurl`` (its pages' links start with it); ``log`` the build's output."""

    root: Path
    url: str = ""
    log: str = ""
    html: dict[str, str] = field(init=False, repr=False)
    """Every HTML page: its path in ``root`` (``publications/index.html``) -> its HTML."""

    files: set[str] = field(init=False, repr=False)
    """Every file of the site, by its path in ``root``."""

    def __post_init__(self) -> None:
        self.files = set()
        folders = [(str(self.root), "")]
        while folders:
            folder, prefix = folders.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:  # no built site (a build that made none): no pages
                continue
            for entry in entries:
                if entry.is_dir():
                    folders.append((entry.path, f"{prefix}{entry.name}/"))
                else:
                    self.files.add(prefix + entry.name)
        self.html = {}
        for rel in sorted(f for f in self.files if f.endswith(".html")):
            with open(self.root / rel, encoding="utf-8", errors="replace") as f:
                self.html[rel] = f.read()

    @cached_property
    def pages(self) -> dict[str, str]:
        """page -> its visible text, normalised (one line)."""
        return {rel: visible_words(h) for rel, h in self.html.items()}

    @cached_property
    def index(self) -> TextIndex:
        """:attr:`pages`, indexed to answer what the site shows: not a page that forwards
        (a redirect page; al-folio's `redirect:` page, which shows a moment before it goes
        elsewhere), whose words are no text a visitor stays to read."""
        return TextIndex({rel: text for rel, text in self.pages.items()
                          if self.redirect(rel) is None})

    @property
    def text(self) -> str:
        """The visible text of every page, normalised, one page a line."""
        return self.index.text

    @cached_property
    def basepath(self) -> str:
        return urllib.parse.urlsplit(self.url).path.rstrip("/")

    # -- addresses ---------------------------------------------------------------------------

    def local_path(self, href: str, page: str = "") -> str | None:
        """The path inside the site (no base path, leading ``/``) that ``href`` on ``page``
        leads to, or None for an address elsewhere."""
        r = urllib.parse.urlsplit(href)
        site = urllib.parse.urlsplit(self.url)
        if r.scheme and r.scheme not in ("http", "https"):
            return None
        if r.netloc and r.netloc != site.netloc:
            return None
        path = urllib.parse.unquote(r.path)
        if not path:
            return None
        if not path.startswith("/"):  # relative to the page's folder
            folder = "/" + page.rsplit("/", 1)[0] + "/" if "/" in page else "/"
            path = urllib.parse.urljoin(folder, path)
        elif self.basepath and (path == self.basepath or path.startswith(self.basepath + "/")):
            path = path[len(self.basepath):] or "/"
        return re.sub(r"/{2,}", "/", path)

    def page_at(self, path: str) -> str | None:
        """The page (or file) that answers the site path ``path``, or None."""
        rel = path.lstrip("/")
        if not rel or rel.endswith("/"):  # a folder's address: its index page only
            candidates: tuple[str, ...] = (rel + "index.html",)
        else:  # a file, or a page without its extension, or its folder's index
            candidates = (rel, f"{rel}/index.html", f"{rel}.html",
                          f"{rel.removesuffix('.html')}/index.html")
        for candidate in candidates:
            if candidate in self.files:
                return candidate
        return None

    def redirect(self, page: str) -> str | None:
        """Where a redirect page (jekyll-redirect-from's, al-folio's ``redirect:``) sends."""
        head = self.html.get(page, "")[:3000]
        meta = _REFRESH.search(head)
        target = meta and _REFRESH_URL.search(meta.group(0))
        return target.group(1) if target else None

    def answer(self, path: str, hops: int = 3) -> str | None:
        """The page a visitor lands on at ``path``, following redirect pages (an address
        elsewhere answers as itself, ``external:``); None when nothing answers."""
        page = self.page_at(path)
        while page is not None and hops:
            target = self.redirect(page)
            if target is None:
                return page
            local = self.local_path(target, page)
            if local is None:
                return "external:" + target
            page, hops = self.page_at(local), hops - 1
        return page if page is None or self.redirect(page) is None else None

    def resolves(self, href: str) -> bool:
        """A link leads somewhere: an address elsewhere, or a page or file of the site."""
        path = self.local_path(href)
        return path is None or self.page_at(path) is not None

    # -- what pages show ---------------------------------------------------------------------

    def menu(self) -> list[tuple[str, str]]:
        """(label, href) of the main menu of the home page: a menu inside an HTML comment
        (an owner's masthead commented out, whose Liquid still rendered it) is none."""
        text = _COMMENT.sub(" ", self.html.get("index.html", ""))
        entries = []
        for nav in _NAV.findall(text):
            if "breadcrumb" in nav[:200]:
                continue
            for attrs, label in _A.findall(nav):
                href = _HREF.search(attrs)
                if not href:
                    continue
                label = norm(TAG.sub(" ", label))
                if label and not href.group(1).startswith(("#", "javascript")):
                    entries.append((label, href.group(1)))
        return entries

    def items(self, page: str) -> list[str]:
        """The titles a list page shows (publications, talks, posts ...): the text of each
        element whose class names a title (``title``, ``post-title``, ``item-title`` ...),
        outside the page's own heading, header, menu and footer and outside what no browser
        shows (comments, scripts); normalised, in order."""
        body = _CHROME.sub(" ", without_hidden(self.html.get(page, "")))
        out = []
        for m in _CLASSED.finditer(body):
            if not _TITLE_CLASS.search(m.group(2)):
                continue
            tag = m.group(1).lower()
            end = re.compile(rf"(?i)</{tag}\s*>").search(body, m.end())
            if end is None:
                continue
            whole = body[m.end():end.start()]
            inner = _NESTED_BLOCK.split(whole, 1)[0]
            if not norm(TAG.sub(" ", _unseen(inner))) and (h := _HEADING.search(whole)):
                inner = h.group(2)  # a line above the title (a kicker), then its heading
            title = norm(_TEX_STYLE.sub("", TAG.sub(" ", _unseen(inner))))
            if title:
                out.append(title)
        return out

    def listing(self, page: str, limit: int = 200) -> list[str]:
        """``page`` and the pages its list goes on on: the pages its pagination links lead
        to (:data:`_PAGINATION_CLASS`), and theirs, in the order found. A paginator
        (jekyll-paginate, jekyll-paginate-v2) splits a list over ``page/2/``, ``page/3/``
        ...: the list a visitor reads is all of them."""
        out, at = [page], 0
        while at < len(out) and len(out) < limit:
            current = out[at]
            at += 1
            html = self.html.get(current, "")
            for m in _CLASSED.finditer(html):
                if not _PAGINATION_CLASS.search(m.group(2)):
                    continue
                end = re.compile(rf"(?i)</{m.group(1)}\s*>").search(html, m.end())
                for href in _HREF.findall(html[m.end():end.start() if end else len(html)]):
                    path = self.local_path(href, current)
                    found = self.page_at(path) if path else None
                    if found and found.endswith(".html") and found not in out:
                        out.append(found)
        return out

    def file_links(self, page: str) -> list[str]:
        """The site paths of the files (papers, pictures, slides) ``page`` links to."""
        out = []
        text = self.html.get(page, "")
        for m in quoted_files(text):  # a quoted address of a file, then: an href/src?
            if not _LINK_ATTRIBUTE.search(text, max(0, m.start() - 16), m.start()):
                continue
            path = self.local_path(m.group(1), page)
            if path is not None:
                out.append(path)
        return list(dict.fromkeys(out))

    @cached_property
    def file_names(self) -> set[str]:
        """The names of every file of the site (to find a file that moved)."""
        return {f.rsplit("/", 1)[-1] for f in self.files}

    def has_file(self, path: str) -> bool:
        return path.lstrip("/") in self.files or path.rsplit("/", 1)[-1] in self.file_names


def _unseen(html_text: str) -> str:
    """``html_text`` without the elements only a screen reader reads (:data:`_UNSEEN_CLASS`),
    each to its first end tag of its name."""
    out, at = [], 0
    for m in _CLASSED.finditer(html_text):
        if m.start() < at or not _UNSEEN_CLASS.search(m.group(2)):
            continue
        end = re.compile(rf"(?i)</{m.group(1)}\s*>").search(html_text, m.end())
        out.append(html_text[at:m.start()])
        at = end.end() if end else len(html_text)
    return "".join(out) + html_text[at:]


def menu_labels(entries: list[tuple[str, str]], url: str, skip: Iterable[str] = (),
                site: BuiltSite | None = None) -> list[str]:
    """The labels of a menu in order, without its link to the site's home (al-folio labels
    it with the about page's title, academicpages with the site's: each theme's own; also
    an old address of the home page that ``site`` forwards there), its links to the pages
    of ``skip`` (site paths: the source theme's furniture, which the conversion leaves out;
    also through the redirect pages of ``site``) and an entry repeated (a dropdown's copy:
    the same label, or the same page)."""
    parts = urllib.parse.urlsplit(url)
    root = parts.path.rstrip("/") + "/"
    left_out = {root + p.strip("/") + "/" for p in skip}
    out: list[str] = []
    seen: set[str] = set()
    for label, href in entries:
        if href.startswith("//") and not parts.netloc:  # `{{ site.url }}/…` with no url set
            href = href[1:]
        path = re.sub(r"/{2,}", "/", urllib.parse.urlsplit(href).path)
        if not path.endswith("/"):
            path += "/"
        if path in seen or any(hop == root or hop in left_out
                               for hop in (path, *_forwards(site, path, root))):
            continue
        seen.add(path)
        label = re.sub(r"\s+current$", "", label)
        if label not in out:
            out.append(label)
    return out


def _forwards(site: BuiltSite | None, path: str, root: str, hops: int = 3) -> list[str]:
    """The paths the built page at ``path`` forwards to, one redirect page after another
    (a menu page that forwards to an old address, which forwards to its new page)."""
    out: list[str] = []
    while site is not None and path.startswith(root) and len(out) < hops:
        target = site.redirect(path[len(root):] + "index.html")
        if target is None:
            break
        path = urllib.parse.urlsplit(target).path.rstrip("/") + "/"
        out.append(path)
    return out
