"""Assets: the files a site's pages and data reference, copied from SRC to DEST with their URLs."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path, PurePosixPath

from ..formats.content import (
    is_external,
    looks_like_host,
    quoted_address,
    resolve,
    rewrite_links,
    wrapped_address,
)
from ..inert import visible
from ..ir import Asset, Item, Origin, Site
from ..plan import Plan, UnsafePath, safe_rel
from ..report import Report
from ..textio import not_a_file, read_source, within
from .site import PAGE_SUFFIXES, THEME_SUFFIXES

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".ico",
                            ".jfif", ".jpe", ".pjpeg", ".pjp", ".apng", ".bmp"})
"""The suffixes of the pictures a browser shows in an `<img>` (JPEG's other names, `.jfif`
(what a browser saves a JPEG as), `.jpe`, `.pjpeg`, `.pjp`, included): a file with one goes
to the target's folder of images, which a theme may read an image from by name."""


class AssetCopier:
    """Copies referenced SRC files into DEST and remembers old URL -> new URL."""

    def __init__(self, site: Site, plan: Plan, dirs: dict[str, str]) -> None:
        self.root = Path(site.source) if site.source else None
        self.site = site
        self.plan = plan
        self.dirs = dirs
        self.urls: dict[str, str] = {}
        """SRC URL -> DEST URL of each file carried."""
        self.produced: set[str] = set()
        self._owner: dict[str, str] = {}
        """DEST URL -> the SRC path copied there: two files never share one DEST path."""

    def kind_of(self, url: str) -> str:
        suffix = PurePosixPath(url).suffix.lower()
        if suffix in IMAGE_SUFFIXES:
            return "images"
        if suffix == ".pdf":
            return "pdfs"
        return "files"

    def carry(self, url: str, origin: Origin | str | None, what: str,
              folder: str | None = None, is_file: bool = False, keep_path: bool = False
              ) -> str:
        """Copy the file behind site URL ``url``; returns its URL in DEST (or ``url``).
        ``folder`` overrides the DEST folder the file's kind goes to; ``keep_path``: the
        file keeps its path (one whose address matters, see :func:`root_static_html`). A URL
        without a file suffix, or with a page's, is a page of the site and left alone, unless
        the caller knows it is a file (``is_file``: a file of the site's own folders)."""
        url = self.local(url)
        if not url or is_external(url) or not url.startswith("/"):
            return url
        url = resolve(url, "/")  # `/../img/a.png` (`../img/a.png` | relative_url) is `/img/a.png`
        if url in self.urls:
            return self.urls[url]
        if url in self.produced:  # already a DEST URL of a file this run carried
            return url
        if _file_path(url) in self._collection_statics:  # where Jekyll published it: kept
            is_file = keep_path = True
        path = PurePosixPath(url.split("?")[0].split("#")[0])
        if not is_file and (not path.suffix or path.suffix.lower() in PAGE_SUFFIXES):
            return url  # a page of the site (a permalink), not a file
        name = path.name
        new = self._dest_url(path, folder) if not keep_path else str(path)
        source = self._source(url)
        report = self.plan.report
        if source is not None and self.root is not None and not within(self.root, source):
            report.problem("outside-src", f"{what} `{url}` is a symbolic link to a file "
                           f"outside the site (SRC); it was not copied. The link now points "
                           f"to `{new}`: put the file there.", origin,
                           self.line_of(origin, name), severity="loss")
        elif source is None and self._special(url):
            pass  # a FIFO, a socket, a device: reported as such, never opened
        elif source is None:
            report.problem("missing-file", f"{what} `{url}` does not exist in the source site; "
                           f"the link now points to `{new}`: put the file there.", origin,
                           self.line_of(origin, name))
        else:
            try:  # the file's name, not its URL: `a%20b.pdf` is the file `a b.pdf`
                self.plan.copy(_file_path(new), source)
            except UnsafePath as exc:
                report.problem("unsafe-path", str(exc), origin, severity="loss")
                return url
            self.plan.report.mapped("asset", f"{what} `{url}` copied to `{new}`.", origin)
            self._keep_old_url(url, new, source)
        self.urls[url] = new
        self.produced.add(new)
        return new

    def _dest_url(self, path: PurePosixPath, folder: str | None) -> str:
        """Where a SRC file goes: below the target's folder of its kind, at the same path it
        had below the source's (`/assets/img/people/a.png` → `/images/people/a.png`; a file
        elsewhere keeps its path below its top folder). A ``folder`` the caller names
        (a theme folder read by name) gets the bare name. Never two files on one path."""
        if folder:
            rel = path.name
        else:
            folder = self.dirs[self.kind_of(path.as_posix())]
            rel = str(path).lstrip("/")
            for base in self._source_dirs:
                if rel.startswith(base + "/"):
                    rel = rel[len(base) + 1:]
                    break
            else:  # the site's own folder (`assets/`, `images/` of a plain site) is DEST's
                rel = rel.split("/", 1)[-1]
        new = f"/{folder}/{rel}"
        n = 2
        while self._owner.setdefault(new, str(path)) != str(path):
            new = f"/{folder}/{PurePosixPath(rel).with_stem(f'{path.stem}-{n}')}"
            n += 1
        return new

    @functools.cached_property
    def _source_dirs(self) -> list[str]:
        """The source theme's folders of images and files (longest first)."""
        source = self.plan.from_theme
        paths = source.vocabulary.get("paths", {}) if source is not None else {}
        dirs = {str(paths[k]).strip("/") for k in ("images", "pdfs", "files") if paths.get(k)}
        return sorted(dirs, key=len, reverse=True)

    def _keep_old_url(self, url: str, new: str, source: Path) -> None:
        """A file that moves to the target theme's folder is also kept at its old path, so
        that links to its old URL from elsewhere (papers, CVs, search engines) still work.
        Not for files in a folder Jekyll does not publish (``_...``)."""
        theme = self.plan.from_theme
        if theme is not None and theme.can_read_files:
            return  # plain pages are no Jekyll site: they had no URLs
        old = _file_path(url)
        if old == _file_path(new) or any(part.startswith(("_", ".")) for part in old.split("/")):
            return
        try:
            rel = safe_rel(old)
        except UnsafePath:
            return
        if rel not in self.plan.files:
            self.plan.copy(rel, source)

    def local(self, url: str) -> str:
        """An absolute URL on the site's own domain (``url`` in its config) as a site path.
        Jekyll serves the site at ``url`` + ``baseurl``: an address of that host outside
        that path (a project site's link to the owner's user site) is another site's."""
        from urllib.parse import urlsplit
        own = urlsplit(self.site.identity.url or "")
        parts = urlsplit(url) if "://" in url else None
        if parts and own.netloc and parts.netloc.lower().removeprefix("www.") == \
                own.netloc.lower().removeprefix("www.") and parts.path.startswith("/"):
            base = "/".join(p for p in (own.path.strip("/"),
                                        (self.site.identity.baseurl or "").strip("/")) if p)
            path = parts.path
            if base:
                if path.rstrip("/") != "/" + base and not path.startswith(f"/{base}/"):
                    return url
                path = path[len(base) + 1:] or "/"
            return path + (f"?{parts.query}" if parts.query else "")
        return url

    @functools.cached_property
    def _root_prefix(self) -> re.Pattern[str]:
        """Liquid that expands to the site's root URL in front of a path: Jekyll's
        ``{{ site.url }}``/``{{ site.baseurl }}`` and the source theme's own variables
        (``root_url_variables`` in its mapping, e.g. academicpages' ``base_path``)."""
        source = self.plan.from_theme
        own = (source.vocabulary.get("root_url_variables") or [] if source is not None else [])
        names = "|".join(re.escape(n) for n in ["site.url", "site.baseurl", *own])
        return re.compile(r"(?:\{\{-?\s*(?:" + names + r")\s*-?\}\})+")

    def carry_assets(self) -> None:
        """Every static file the reader listed as the site's own (``site.assets``), carried
        even when no page links to it."""
        for asset in self.site.assets:
            top = asset.path.split("/")[1]  # a custom collection's static file: its folder's
            self.carry(asset.path, None, "site file", is_file=True,
                       keep_path=_root_html(asset.path) or top[1:] in self.site.collections)
        self.carry_static_files()

    def carry_static_files(self) -> None:
        """Every static file of the owner's that Jekyll published (:mod:`.static`) and that
        nothing carried yet, at its own path: the owner's Liquid, carried as it is, may build
        its address from data that no link names. Never over a file of DEST's checkout (one
        the last run wrote is this tool's own)."""
        from urllib.parse import quote

        from ..template_files import templates
        from .static import static_files
        from .urls import read_config
        theme = self.plan.from_theme
        if self.root is None or theme is None or theme.can_read_files:
            return  # plain pages are no Jekyll site
        ours = set(templates(theme).files)
        for rel in static_files(self.root, read_config(self.root), ours):
            url = "/" + rel
            if url in self.urls or rel in self.plan.files or rel in self.plan.copies \
                    or (os.path.lexists(self.plan.dest / rel)
                        and not self.plan.written_before(rel)):
                continue
            self.carry(quote(url), None, "site file", is_file=True, keep_path=True)
        for url, rel in self._collection_statics.items():  # at the address Jekyll gave it
            if quote("/" + url) not in self.urls and not (os.path.lexists(self.plan.dest / url)
                                                   and not self.plan.written_before(url)):
                self.carry(quote("/" + url), None, f"`{rel}` (a static file of a collection), "
                           "published at", is_file=True, keep_path=True)

    def rewrite(self, body: str, page_url: str, origin: Origin | str | None,
                liquid: bool = True) -> str:
        """Carry every file a body links to and point the link at its DEST URL.

        Page links (no file suffix, ``.html``/``.md``) are left alone: permalinks are kept.
        A Liquid site prefix (``{{ base_path }}/files/x.pdf``, ``{{ site.baseurl }}/...``) is
        kept in front of the rewritten path. A relative link (`../img/a.png`) reached the
        file below the site's base path: on a site with a `baseurl` its new address keeps
        that path in front, as ``{{ site.baseurl }}`` (``liquid``: the text is rendered by
        Liquid) or as written."""
        # a method, not a closure that calls itself (which only the cyclic collector frees)
        link = functools.partial(self._link, page_url=page_url, origin=origin)
        return rewrite_links(body, lambda url: self._keep_base(url, link(url), liquid))

    def _keep_base(self, url: str, new: str | None, liquid: bool) -> str | None:
        """``new``, the DEST address of the relative link ``url``, below the site's base path."""
        base = (self.site.identity.baseurl or "").strip("/")
        if new is None or not base or url.startswith("/") or not new.startswith("/") \
                or is_external(url) or "{{" in url:
            return new
        return ("{{ site.baseurl }}" if liquid else "/" + base) + new

    def rewrite_markup(self, value: str, origin: Origin | str | None) -> str:
        """A front-matter text that holds markup (`Short bio<br/><img src='/images/a.png'>`,
        `[slides](/files/a.pdf)`): the owner's Liquid that prints it (`{{ post.excerpt |
        markdownify }}`) shows its links as a body's, so the files they name are carried
        (also a file of the source template's own) and the links point at their new places.
        Plain text is returned as it is."""
        if "<" not in value and "](" not in value:
            return value
        return self.rewrite(value, "/", origin, liquid=False)

    def _link(self, url: str, page_url: str, origin: Origin | str | None) -> str | None:
        """The DEST URL of one link of a body (its file carried), or None to leave it."""
        if visible(url) != url:  # `\ufeffhttps://...`: the address the owner meant
            bare = visible(url)
            return self._link(bare, page_url, origin) or bare
        m = self._root_prefix.match(url)
        if m and url[m.end():].startswith("/"):
            new = self._link(url[m.end():], page_url, origin)
            return None if new is None else m.group() + new
        base = "/" + (self.site.identity.baseurl or "").strip("/")
        if base != "/" and url.startswith(base + "/") and self._source(url) is None:
            new = self._link(url[len(base):], page_url, origin)  # the base path written out
            return None if new is None else base + new
        f = _URL_FILTER.match(url)  # {{ '/assets/x.pdf' | relative_url }}
        if f:
            new = self._link(f["path"], page_url, origin) if f["path"].startswith("/") \
                else None
            return None if new is None else url[:f.start("path")] + new + url[f.end("path"):]
        if is_external(url):
            own = self.local(url)  # an absolute URL on the site's own domain
            if own == url or not own.startswith("/"):
                return None
            new = self._link(own, page_url, origin)
            return None if new is None else url[:len(url) - len(own)] + new \
                if url.endswith(own) else None
        if looks_like_host(url):
            self.plan.report.problem(
                "schemeless-link", f"`{url}` looks like a link to another site written "
                "without `https://`: browsers read it as a path of this site. Left as "
                "written (not a file of the site); add the scheme.", origin,
                self.line_of(origin, url), severity="info")
            return None
        if wrapped_address(url):
            self.plan.report.problem(
                "wrapped-link", f"`{url}` is another site's address inside parentheses "
                "(`[text]((https://…))`): browsers read it as a path of this site, a dead link "
                "on the old site too. Left as written (not a file of the site); remove the "
                "extra parentheses.", origin, self.line_of(origin, url), severity="info")
            return None
        if quoted_address(url) and self._source(resolve(url, page_url or "/")) is None:
            self.plan.report.problem(
                "quoted-link", f"`{url}` is an address inside quote marks "
                "(`[text](\"https://…\")`): kramdown keeps the quotes as part of the address, "
                "which browsers read as a path of this site, a dead link on the old site too. "
                "Left as written (not a file of the site); remove the quotes.", origin,
                self.line_of(origin, url), severity="info")
            return None
        if "{{" in url or "{%" in url:
            # Liquid completes the address when the site is built (`/assets/img/people/{{
            # person.image }}`): no file is named here; the owner's static files keep their
            # paths (carry_static_files), so the address stays as written
            return None
        absolute = resolve(url, page_url or "/")
        suffix = PurePosixPath(absolute.split("?")[0].split("#")[0]).suffix.lower()
        static = suffix in (".html", ".htm") and self._static_html(absolute)
        if not static and (not suffix or suffix in PAGE_SUFFIXES
                           or suffix in THEME_SUFFIXES):
            return None
        path = absolute.split("?")[0].split("#")[0]
        tail = absolute[len(path):]  # `#section` or `?q=1`: part of the link, not of the file
        new = self.carry(path, origin, "linked file", is_file=static, keep_path=static)
        if static:
            self._carry_relatives(path)
        new = new + tail if tail and not new.endswith(tail) else new
        return None if new == url else new

    def _carry_relatives(self, url: str) -> None:
        """The files an HTML file of SRC that is copied as it is (at its own path) links by
        relative addresses (its scripts, styles, data: `leaflet/map.css`): carried to their
        own paths, where its links find them."""
        source = self._source(url)
        data = read_source(source, _file_path(url), None, root=self.root) if source else None
        if data is None:
            return
        found: list[str] = []  # only read (append returns None: the text is not rewritten)
        rewrite_links(data.decode("utf-8", "replace"), found.append, liquid=False)
        for link in found:
            if link.startswith(("/", "#")) or is_external(link) or ":" in link.split("/")[0]:
                continue
            target = resolve(link, url).split("?")[0].split("#")[0]
            if self._source(target) is not None:
                self.carry(target, None, f"file `{_file_path(url)}` links", is_file=True,
                           keep_path=True)

    def _static_html(self, url: str) -> bool:
        """An HTML file of SRC that Jekyll copies as it is (no front matter, not in a `_`
        folder): a figure or demo a page embeds (`/assets/plotly/demo.html`), not a page."""
        source = self._source(url)
        if source is None or any(part.startswith(("_", ".")) for part in
                                 _file_path(url).split("/")):
            return False
        data = read_source(source, _file_path(url), None, root=self.root)
        return data is not None and not data.lstrip(b"\xef\xbb\xbf").startswith(b"---")

    def line_of(self, origin: Origin | str | None, needle: str) -> int | None:
        """The first line of the origin's SRC file that mentions ``needle``, else its line."""
        path = origin.path if isinstance(origin, Origin) else origin
        fallback = origin.line if isinstance(origin, Origin) else None
        if self.root is None or not path or not needle:
            return fallback
        data = read_source(self.root / path, path, None, root=self.root)
        if data is None:
            return fallback
        text = data.decode("utf-8", errors="replace")
        from urllib.parse import unquote
        for form in dict.fromkeys((needle, unquote(needle))):
            if (at := text.find(form)) >= 0:
                return text.count("\n", 0, at) + 1
        return fallback

    def leave_out(self, url: str) -> None:
        """A file SRC lacks whose absence the caller has told where it is named: links to it
        stay as they are, and nothing reports it once more (as a site file nobody links)."""
        self.urls[self.local(url)] = url

    def missing(self, url: str) -> bool:
        """``url`` names a file of the site (a path with a file's suffix) that SRC lacks."""
        url = self.local(url)
        suffix = PurePosixPath(url.split("?")[0].split("#")[0]).suffix.lower()
        return (self.root is not None and url.startswith("/") and not is_external(url)
                and bool(suffix) and suffix not in PAGE_SUFFIXES and self._source(url) is None)

    def _special(self, url: str) -> bool:
        """``url`` names a FIFO, a socket or a device of SRC (reported as such)."""
        try:
            rel = safe_rel(_file_path(url))
        except UnsafePath:
            return False
        return self.root is not None and not_a_file(self.root / rel, rel, self.plan.report)

    @functools.cached_property
    def _collection_statics(self) -> dict[str, str]:
        """A collection's static files (:func:`.static.collection_static_files`): published
        path -> SRC path."""
        from .static import collection_static_files
        from .urls import read_config
        theme = self.plan.from_theme
        if self.root is None or theme is None or theme.can_read_files:
            return {}  # plain pages are no Jekyll site
        return dict(collection_static_files(self.root, read_config(self.root)))

    def _source(self, url: str) -> Path | None:
        if self.root is None:
            return None
        try:
            rel = safe_rel(_file_path(url))
        except UnsafePath:
            return None
        path = self.root / rel
        if not os.path.isfile(path) and rel in self._collection_statics:
            path = self.root / self._collection_statics[rel]  # a collection's static file
        return path if os.path.isfile(path) else None  # carry() refuses one outside SRC


def _file_path(url: str) -> str:
    """The site-relative file path a URL names (query and fragment off, `%xx` decoded)."""
    from urllib.parse import unquote
    return unquote(url.split("?")[0].split("#")[0]).lstrip("/")


# A Liquid filter that turns a site path into the site's URL, around a quoted path.
_URL_FILTER = re.compile(r"""\{\{-?\s*(['"])(?P<path>[^'"]*)\1\s*\|\s*"""
                         r"""(?:relative_url|absolute_url|prepend:\s*site\.(?:baseurl|url))"""
                         r"""\s*-?\}\}""")


def unfiltered(url: str) -> str:
    """The site path a Liquid URL filter wraps (``{{ '/x/' | relative_url }}`` → ``/x/``),
    else ``url`` as it is."""
    m = _URL_FILTER.fullmatch(url.strip())
    return m["path"] if m else url


def record_asset(site: Site, url: str, kind: str = "file") -> None:
    if url and url.startswith("/") and all(a.path != url for a in site.assets):
        site.assets.append(Asset(url, kind))  # type: ignore[arg-type]


_ROOT_HTML = (".html", ".htm")


def _root_html(url: str) -> bool:
    """An HTML file at the site's root (``/name.html``)."""
    return url.count("/") == 1 and url.lower().endswith(_ROOT_HTML)


def root_static_html(root: Path, config: dict) -> list[str]:
    """The HTML files at the root of the site in ``root`` that have no front matter and
    that Jekyll publishes (name not starting with `_`, `.` or `#`, not in `exclude:`): it
    copies them as they are, at their own address, which is what they are for (a search
    engine's site-verification file, `googleXXXX.html`): they are carried to the same path.
    Links out of the site are left out (the guarded reader refuses them)."""
    from .urls import unpublished
    found = []
    for path in sorted(root.iterdir()) if root.is_dir() else ():
        if not path.name.lower().endswith(_ROOT_HTML) or unpublished(path.name, config) \
                or path.is_symlink() or not path.is_file():
            continue
        data = read_source(path, path.name, None, root=root)
        if data is not None and not data.lstrip(b"\xef\xbb\xbf").startswith(b"---"):
            found.append(path.name)
    return found


def collection_static_files(site: Site, name: str, report: Report) -> None:
    """The files of the site's own collection ``name`` that have no front matter are no
    items: Jekyll renders none of them (Liquid in them never runs), it copies them as they
    are (the collection's static files). They are carried to the same path, as files."""
    site.collections[name] = static_files(site, site.collections.get(name, []), name, report)


def static_files(site: Site, items: list[Item], name: str, report: Report) -> list[Item]:
    """``items`` of collection ``name`` without the files that have no front matter (for
    every collection but `posts`: Jekyll's `Collection#read` makes them static files, no
    documents: no page of the collection's layout, in no `site.<name>` listing); each is
    reported and carried to the same path, as a file."""
    root = Path(site.source)
    kept = []
    for item in items:
        if not item.path.startswith(f"_{name}/"):
            kept.append(item)  # read from another file (a talk of a `.bib`)
            continue
        data = read_source(root / item.path, item.path, None, root=root)
        if data is None or data.lstrip(b"\xef\xbb\xbf").startswith(b"---"):
            kept.append(item)
            continue
        report.findings = [f for f in report.findings  # said as "converted as a page": not so
                           if not (f.code == "no-front-matter" and f.path == item.path)]
        report.mapped("static-file", "has no front matter: Jekyll copies it as it is (a "
                      f"static file of collection `{name}`, in no listing of it); it was "
                      "carried as that file, not as an item.", item.path)
        record_asset(site, "/" + item.path)
    return kept
