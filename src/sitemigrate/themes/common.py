"""Helpers that every theme module uses: walking a site, reading collections, assets.

No theme vocabulary lives here: callers pass key lists and paths from their mapping file.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from ..content import climbs_out, is_external, looks_like_host, resolve, rewrite_links
from ..dates import from_value
from ..ir import Asset, Item, Origin, Page, Site, plain
from ..plan import Plan, UnsafePath, safe_rel
from ..report import Report
from ..textio import (Document, check_yaml_nodes, load_yaml, read_document, read_source,
                      read_text, within)
from ..urls import unpublished

PAGE_SUFFIXES = {".html", ".htm", ".md", ".markdown", ".xml", ".php"}
# Stylesheets and scripts belong to a theme, not to the content: links to them are left alone.
THEME_SUFFIXES = {".css", ".scss", ".sass", ".js", ".mjs", ".map"}
TEXT_SUFFIXES = {".md", ".markdown", ".html", ".htm", ".Rmd", ".rmd"}
_POST_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$")


def iter_files(folder: Path, root: Path, suffixes: Iterable[str] | None = TEXT_SUFFIXES,
               report: Report | None = None) -> Iterator[tuple[Path, str]]:
    """Files under ``folder`` with one of ``suffixes`` (text pages by default; None: every
    file), recursively and sorted by path segments, not descending into linked folders (as
    ``Path.rglob``). A file whose real location is outside ``root`` (a link out of SRC) is
    listed too: the guarded reader (``textio.read_source``) refuses and reports it. A folder
    that cannot be listed is reported (with ``report``)."""
    try:
        if not folder.is_dir():
            return
    except OSError as exc:  # a name too long for the file system, say
        if report is not None:
            name = folder.name if len(folder.name) <= 60 else folder.name[:60] + "..."
            report.problem("unreadable", f"`{name}` could not be looked up ({exc.strerror}); "
                           "nothing was read from it.", None, severity="loss")
        return
    base = folder.relative_to(root).as_posix()
    base = "" if base == "." else base + "/"
    found: list[tuple[tuple[str, ...], str]] = []

    def walk(here: str, parts: tuple[str, ...]) -> None:
        # each entry's type comes from the directory listing (os.scandir), not from a stat
        # per file
        try:
            with os.scandir(here) as it:
                entries = list(it)
        except OSError as exc:
            if report is not None:
                report.problem("unreadable", f"this folder could not be read ({exc.strerror});"
                               " what it holds was not converted.",
                               base + "".join(f"{p}/" for p in parts) or "./",
                               severity="loss")
            return
        for e in entries:
            try:
                if e.is_dir():
                    if not e.is_symlink():
                        walk(e.path, parts + (e.name,))
                    continue
                if (suffixes is not None and os.path.splitext(e.name)[1] not in suffixes) \
                        or not e.is_file():
                    continue
            except OSError:
                continue
            found.append((parts + (e.name,), e.path))

    walk(str(folder), ())
    found.sort()
    for parts, path in found:
        yield Path(path), base + "/".join(parts)


def iter_pages(root: Path, report: Report | None = None) -> Iterator[tuple[Path, str]]:
    """`_pages/**` plus root-level pages that have front matter (Jekyll builds both)."""
    yield from iter_files(root / "_pages", root, report=report)
    for path in sorted(root.iterdir()) if root.is_dir() else ():
        if path.suffix in TEXT_SUFFIXES and path.is_file():
            if not within(root, path):
                yield path, path.name  # a link out of SRC: the guarded reader refuses it
                continue
            if path.is_symlink():
                continue
            try:
                with path.open("rb") as fh:  # a file of SRC itself (not a link)
                    head = fh.read(4)
            except OSError:
                if path.suffix in (".md", ".markdown", ".html"):
                    yield path, path.name  # reading it again reports it, with its reason
                continue
            if head.lstrip(b"\xef\xbb\xbf").startswith(b"---"):
                yield path, path.name


def read_config(root: Path, report: Report) -> dict[str, Any]:
    path = root / "_config.yml"
    if not path.is_file():
        report.problem("no-config", "the site has no `_config.yml`; identity (name, URL, "
                       "socials) could not be read. Add it or fill the target's config by hand.",
                       "_config.yml", severity="warning")
        return {}
    src = read_text(path, "_config.yml", report)
    data = load_yaml(src.text, "_config.yml", report) if src else None
    if data is not None:
        check_yaml_nodes(src.text, "_config.yml", report)  # tags, aliases: said, not lost
    if not isinstance(data, dict):
        return {}
    for key, shapes in CONFIG_SHAPES.items():
        value = data.get(key)
        if value is not None and not isinstance(value, shapes):
            what = " or ".join({dict: "a mapping", list: "a list", str: "a word"}[t]
                               for t in shapes)
            try:
                line = data.lc.key(key)[0] + 1  # type: ignore[attr-defined]
            except (AttributeError, KeyError, TypeError):
                line = None
            report.problem("wrong-type", f"`{key}` should be {what}, not `{value}`; it was "
                           "ignored.", "_config.yml", line)
    return data


CONFIG_SHAPES: dict[str, tuple[type, ...]] = {
    "collections": (dict, list), "defaults": (list,), "plugins": (list,), "gems": (list,),
    "include": (list, str), "exclude": (list, str)}
"""Jekyll's structural `_config.yml` keys and the YAML types Jekyll reads them as."""


def read_data(root: Path, rel: str, report: Report) -> Any:
    path = root / rel
    if not path.is_file():
        return None
    src = read_text(path, rel, report)
    data = load_yaml(src.text, rel, report) if src else None
    if data is not None:
        check_yaml_nodes(src.text, rel, report)
    return data


def mark_furniture(site: Site, src: Path, vocab: dict, report: Report) -> None:
    """Pages the source theme ships as furniture (``furniture`` in its mapping: a 404 page,
    a Markdown guide, a talk map) get the role ``furniture``: writers leave them out (the
    target has its own) and forward their address home. Menu entries to them go too."""
    rules = vocab.get("furniture") or []
    gone: set[str] = set()
    for page in site.pages:
        url = "/" + page.permalink.strip("/") + ("/" if page.permalink.endswith("/") else "")
        for rule in rules:
            if url != rule["permalink"] or (rule.get("when_missing")
                                            and (src / rule["when_missing"]).is_file()):
                continue
            page.role = "furniture"
            page.features["forward"] = rule.get("forward") or "about"
            gone.add(url)
            report.mapped("furniture", f"`{page.path}` is {rule['what']} of {site.theme}, not "
                          "your content: the target theme has its own, so it is not carried "
                          f"(its address forwards to the {rule.get('forward') or 'home'} page)."
                          , page.origin)
            break
    kept = []
    for item in site.navigation:
        if "/" + item.url.strip("/") + ("/" if item.url.endswith("/") else "") in gone:
            report.mapped("furniture-menu", f"menu entry `{item.title}` ({item.url}) leads "
                          "to a page of the theme's furniture; left out of the menu.", None)
        else:
            kept.append(item)
    site.navigation = kept


def forward_furniture(page: Page, site: Site, plan: Plan, out_of: Any) -> None:
    """A furniture page is not written; its old address forwards to the page of the role
    its rule names (home by default), through ``plan.origins``. A 404 page forwards
    nowhere: the target's own serves it."""
    target = site.page(page.features.get("forward") or "about") or site.page("about")
    if target is not None and page.permalink != "/404.html":
        plan.origins[page.path] = out_of(target)


LIQUID_PROBLEMS_SHOWN = 100
"""Broken-Liquid findings listed one by one per file; the rest are counted in one."""


def check_liquid(doc: Document, report: Report) -> None:
    """Liquid that is already broken in SRC is kept as it is, and reported with its line."""
    from ..liquid import find_problems
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


def check_document(doc: Document, report: Report) -> None:
    """The shape of a page or collection item: empty, or without front matter; and URLs in
    its front matter that climb out of the site with ``..`` (removed, reported)."""
    if not doc.has_front_matter:
        if not doc.body.strip():
            report.problem("empty-file", "is empty; it was converted as an empty page. Delete "
                           "it or give it content.", doc.rel, severity="info")
        else:
            report.problem("no-front-matter", "has no front matter (`---` block): Jekyll copies "
                           "such a file as it is instead of building a page. It was converted "
                           "as a page without title; add front matter if it is one.", doc.rel, 1)
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


def fix_typos(doc: Document, known: Iterable[str], report: Report) -> None:
    """Unknown front-matter keys that are a slip for a known one (``Aramcolayout`` for
    ``layout``, ``permlink`` for ``permalink``): reported with a suggestion and, when the
    intended key is unambiguous and absent, used as that key."""
    import difflib
    known = [k for k in known if len(k) >= 4]
    for key in [k for k in doc.data if isinstance(k, str) and k not in known]:
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


_I18N_KEY = re.compile(r"(?:nav|navbar|menu|titles?|pages?|header|i18n|strings|labels)"
                       r"(?:\.[a-z][a-z0-9_-]*)+")


def page_title(doc: Document, report: Report) -> str:
    """A page's `title`. A title per language (`{en: About, fr: À propos}`) gives its first
    one and a finding; a title that is a translation key (`nav.about`, for an i18n plugin
    neither theme has) is kept and reported, as the target's menu shows it as written."""
    value = doc.data.get("title")
    if isinstance(value, dict) and value:
        first = next(iter(value))
        report.problem("i18n-title", f"`title` has one value per language ("
                       + ", ".join(f"`{k}`" for k in value) + f"); the first (`{first}`: "
                       f"{text(value[first])}) was used, the others are not carried.",
                       doc.rel, doc.line_of("title"))
        return text(value[first])
    title = text(value)
    if _I18N_KEY.fullmatch(title):
        report.problem("i18n-title", f"`title: {title}` looks like a translation key of an "
                       "i18n plugin; kept as written, so the menu shows it as is: give the "
                       "page its title in words.", doc.rel, doc.line_of("title"))
    return title


def split_known(data: dict, known: Iterable[str]) -> tuple[dict, dict]:
    known = set(known)
    return ({k: v for k, v in data.items() if k in known},
            {str(k): plain(v) for k, v in data.items() if k not in known})


def text(value: Any) -> str:
    """A front-matter scalar as a clean string."""
    if value is None:
        return ""
    return str(value).strip()


def as_list(value: Any, rel: str, key: str, report: Report, line: int | None = None) -> list[str]:
    """A list-valued key; a lone string is accepted (and reported)."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        report.problem("wrong-type", f"`{key}` should be a list; the single value "
                       f"`{value}` was used as a one-item list.", rel, line, severity="info")
        return [value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        report.problem("wrong-type", f"`{key}` should be a list; the number `{value}` was "
                       "used as a one-item list.", rel, line, severity="info")
        return [str(value)]  # `redirect_from: 5`: Jekyll reads the address `5`
    if isinstance(value, (list, tuple)):
        out = [str(v) for v in value if isinstance(v, (str, int, float))
               and not isinstance(v, bool) and str(v).strip()]
        if any(v is not None and (isinstance(v, bool) or not isinstance(v, (str, int, float)))
               for v in value):
            report.problem("wrong-type", f"`{key}` should be a list of strings; its nested "
                           "lists, mappings and booleans were left out.", rel, line)
        return out
    report.problem("wrong-type", f"`{key}` should be a list of strings; it was ignored.",
                   rel, line)
    return []


_DATED_NAME = re.compile(r"^(\d{2,4}-\d{1,2}-\d{1,2})-")   # Jekyll's DATE_FILENAME_MATCHER


def words(value: Any, rel: str, key: str, report: Report, line: int | None = None
          ) -> str | list[str] | None:
    """``tags``/``categories`` as Jekyll reads them: a string of words (kept as it is) or a
    list of words, where a number or a boolean is a word too (``tags: [2020, ml]``). What
    is no word (a null, a nested list, a mapping) is left out, with a finding."""
    if value is None or isinstance(value, str):
        return value
    items = value if isinstance(value, list) else [value]
    out = [str(v).lower() if isinstance(v, bool) else str(v) for v in items
           if isinstance(v, (str, int, float)) and str(v).strip()]
    if any(v is not None and not isinstance(v, (str, int, float)) for v in items):
        report.problem("wrong-type", f"`{key}` should be a word or a list of words; "
                       f"{'its ' if isinstance(value, list) else ''}nested lists and "
                       "mappings were left out.", rel, line)
    return out


def item_date(doc: Document, filename: str, report: Report | None = None) -> str:
    """The item's date as Jekyll gives it: front matter ``date`` read as Ruby's
    ``Time.parse`` reads it (``01-02-2018`` is 1 February), else the file name's. A date that
    is ambiguous, that Jekyll reads other than written, or cannot read is reported (with
    ``report``)."""
    from ..dates import jekyll_date, parse_date
    value = doc.data.get("date")
    m = _DATED_NAME.match(PurePosixPath(filename).stem)
    named = jekyll_date(m.group(1)) if m else None
    if not (isinstance(value, str) and value.strip()):
        d = from_value(value) if value is not None else None
        d = d or named
        return d.iso() if d else ""
    d = jekyll_date(value)
    written = from_value(value)
    parsed = parse_date(value)
    line = doc.line_of("date") if report is not None else None
    if d is None:
        d = written
        if report is not None:
            where = (f"read as {written}" if written else
                     f"the file name's date {named} was used" if named else "it was left undated")
            why = ("Jekyll cannot read it (its build stops with \"Invalid date\")" if written
                   else "it is not a date sitemigrate can read")
            report.problem("bad-date", f"`date: {value}`: {why}; {where}. Write it as "
                           "YYYY-MM-DD.", doc.rel, line)
    elif report is not None and (written is None or written.iso() != d.iso()) and \
            re.match(r"\s*\d", value):
        report.problem("bad-date", f"`date: {value}` is not a day of the calendar; Jekyll "
                       f"rolls it over to {d}, which was used. Write it as YYYY-MM-DD.",
                       doc.rel, line)
    elif report is not None and parsed is not None and parsed[1] and not re.match(
            r"\s*\d{4}-\d{1,2}-\d{1,2}", value):
        other = (named and named.iso() != d.iso() and named.year == d.year
                 and (named.month, named.day) == (d.day, d.month))
        report.problem("ambiguous-date", parsed[1] + (
            f"; the file name's date {named} reads it month first: check which is meant"
            if other else "") + ". Write it as YYYY-MM-DD.", doc.rel, line)
    d = d or named
    return d.iso() if d else ""


WORD_FIELDS = {"tags", "categories"}
"""Neutral fields that hold words (:func:`words`)."""


def read_collection(root: Path, folder: str, known: dict[str, str], report: Report,
                    strip: Iterable[str] = ()) -> list[Item]:
    """Read ``root/folder`` into Items. ``known`` maps front-matter key -> neutral field;
    ``strip`` lists keys that carry no content in the neutral model (``layout``...)."""
    items = []
    skip = {"title", "date", "permalink", "redirect_from", "redirect", *strip}
    switches: dict[str, list[Origin]] = {}  # the source theme's layout switches, by key
    for path, rel in iter_files(root / folder, root, report=report):
        doc = read_document(path, rel, report)
        if doc is None:
            continue
        check_document(doc, report)
        check_liquid(doc, report)
        data = doc.data
        item = Item(path=rel, slug=path.stem, title=text(data.get("title")),
                    date=item_date(doc, path.name, report), body=doc.body,
                    permalink=text(data.get("permalink")), redirect=text(data.get("redirect")),
                    redirect_from=as_list(data.get("redirect_from"), rel, "redirect_from",
                                          report, doc.line_of("redirect_from")),
                    fm_comments=doc.comments(), newline=doc.newline,
                    origin=Origin(rel, 1, doc.body_line))
        if isinstance(data.get("redirect"), bool):
            item.redirect = "/" if data["redirect"] else ""
        for key, value in data.items():
            if key in strip and key not in ("layout", "collection"):
                switches.setdefault(str(key), []).append(Origin(rel, doc.line_of(key)))
            if key in skip:
                continue
            if key in known:
                item.fields[known[key]] = plain(value) if known[key] not in WORD_FIELDS \
                    else words(plain(value), rel, str(key), report, doc.line_of(key))
            else:
                item.extra[str(key)] = plain(value)
        items.append(item)
    for key, where in switches.items():
        report.add("theme-switch", "info", "lost", f"`{key}` (a switch of the source theme's "
                   f"layouts) on {len(where)} file(s) of `{folder}/`, first here: not carried; "
                   "the target theme's own defaults decide it.", where[0])
    return items


def custom_collections(config: dict, vocab: dict) -> list[str]:
    """Collections the config declares beyond the theme's own (``collections`` in its
    mapping: neutral kind -> folder)."""
    own = {str(folder).lstrip("_") for folder in (vocab.get("collections") or {}).values()}
    cols = config.get("collections")
    return [str(n) for n in cols if str(n) not in own] if isinstance(cols, dict) else []


def site_path(url: str, base_dir: str) -> str:
    """A file reference as a site-relative path: bare names resolve in ``base_dir``."""
    url = url.strip()
    if not url or is_external(url):
        return url
    if url.startswith("/"):
        return url
    if "/" in url and url.split("/", 1)[0] in ("assets", "images", "files"):
        return "/" + url
    base = base_dir.strip("/")
    return f"/{base}/{url}" if base else f"/{url}"


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
        if suffix in {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".ico"}:
            return "images"
        if suffix == ".pdf":
            return "pdfs"
        return "files"

    def carry(self, url: str, origin: Origin | str | None, what: str,
              folder: str | None = None, is_file: bool = False) -> str:
        """Copy the file behind site URL ``url``; returns its URL in DEST (or ``url``).
        ``folder`` overrides the DEST folder the file's kind goes to. A URL without a file
        suffix, or with a page's, is a page of the site and left alone, unless the caller
        knows it is a file (``is_file``: a file of the site's own folders)."""
        url = self.local(url)
        if not url or is_external(url) or not url.startswith("/"):
            return url
        if url in self.urls:
            return self.urls[url]
        if url in self.produced:  # already a DEST URL of a file this run carried
            return url
        path = PurePosixPath(url.split("?")[0].split("#")[0])
        if not is_file and (not path.suffix or path.suffix.lower() in PAGE_SUFFIXES):
            return url  # a page of the site (a permalink), not a file
        name = path.name
        new = self._dest_url(path, folder)
        source = self._source(url)
        report = self.plan.report
        if source is not None and not within(self.root, source):
            report.problem("outside-src", f"{what} `{url}` is a symbolic link to a file "
                           f"outside the site (SRC); it was not copied. The link now points "
                           f"to `{new}`: put the file there.", origin,
                           self._line_of(origin, name), severity="loss")
        elif source is None:
            report.problem("missing-file", f"{what} `{url}` does not exist in the source site; "
                           f"the link now points to `{new}`: put the file there.", origin,
                           self._line_of(origin, name))
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
        from ..registry import THEMES, vocabulary
        paths = vocabulary(self.site.theme).get("paths", {}) if self.site.theme in THEMES else {}
        dirs = {str(paths[k]).strip("/") for k in ("images", "pdfs", "files") if paths.get(k)}
        return sorted(dirs, key=len, reverse=True)

    def _keep_old_url(self, url: str, new: str, source: Path) -> None:
        """A file that moves to the target theme's folder is also kept at its old path, so
        that links to its old URL from elsewhere (papers, CVs, search engines) still work.
        Not for files in a folder Jekyll does not publish (``_...``)."""
        from ..registry import THEMES, get_theme
        if self.site.theme in THEMES and getattr(get_theme(self.site.theme), "can_read_files",
                                                 False):
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
        """An absolute URL on the site's own domain (``url`` in its config) as a site path."""
        from urllib.parse import urlsplit
        own = urlsplit(self.site.identity.url or "")
        parts = urlsplit(url) if "://" in url else None
        if parts and own.netloc and parts.netloc.lower().removeprefix("www.") == \
                own.netloc.lower().removeprefix("www.") and parts.path.startswith("/"):
            return parts.path + (f"?{parts.query}" if parts.query else "")
        return url

    @functools.cached_property
    def _root_prefix(self) -> re.Pattern[str]:
        """Liquid that expands to the site's root URL in front of a path: Jekyll's
        ``{{ site.url }}``/``{{ site.baseurl }}`` and the source theme's own variables
        (``root_url_variables`` in its mapping, e.g. academicpages' ``base_path``)."""
        from ..registry import THEMES, vocabulary
        own = (vocabulary(self.site.theme).get("root_url_variables") or []
               if self.site.theme in THEMES else [])
        names = "|".join(re.escape(n) for n in ["site.url", "site.baseurl", *own])
        return re.compile(r"(?:\{\{-?\s*(?:" + names + r")\s*-?\}\})+")

    def carry_assets(self) -> None:
        """Every static file the reader listed as the site's own (``site.assets``), carried
        even when no page links to it."""
        for asset in self.site.assets:
            self.carry(asset.path, None, "site file", is_file=True)

    def rewrite(self, body: str, page_url: str, origin: Origin | str | None) -> str:
        """Carry every file a body links to and point the link at its DEST URL.

        Page links (no file suffix, ``.html``/``.md``) are left alone: permalinks are kept.
        A Liquid site prefix (``{{ base_path }}/files/x.pdf``, ``{{ site.baseurl }}/...``) is
        kept in front of the rewritten path."""
        prefix = self._root_prefix

        def fn(url: str) -> str | None:
            m = prefix.match(url)
            if m and url[m.end():].startswith("/"):
                new = fn(url[m.end():])
                return None if new is None else m.group() + new
            f = _URL_FILTER.match(url)  # {{ '/assets/x.pdf' | relative_url }}
            if f:
                new = fn(f["path"]) if f["path"].startswith("/") else None
                return None if new is None else url[:f.start("path")] + new + url[f.end("path"):]
            if is_external(url):
                own = self.local(url)  # an absolute URL on the site's own domain
                if own == url or not own.startswith("/"):
                    return None
                new = fn(own)
                return None if new is None else url[:len(url) - len(own)] + new \
                    if url.endswith(own) else None
            if looks_like_host(url):
                self.plan.report.problem(
                    "schemeless-link", f"`{url}` looks like a link to another site written "
                    "without `https://`: browsers read it as a path of this site. Left as "
                    "written (not a file of the site); add the scheme.", origin,
                    self._line_of(origin, url), severity="info")
                return None
            absolute = resolve(url, page_url or "/")
            suffix = PurePosixPath(absolute.split("?")[0].split("#")[0]).suffix.lower()
            static = suffix in (".html", ".htm") and self._static_html(absolute)
            if not static and (not suffix or suffix in PAGE_SUFFIXES
                               or suffix in THEME_SUFFIXES):
                return None
            new = self.carry(absolute, origin, "linked file", is_file=static)
            return None if new == url else new
        return rewrite_links(body, fn)

    def _static_html(self, url: str) -> bool:
        """An HTML file of SRC that Jekyll copies as it is (no front matter, not in a `_`
        folder): a figure or demo a page embeds (`/assets/plotly/demo.html`), not a page."""
        source = self._source(url)
        if source is None or any(part.startswith(("_", ".")) for part in
                                 _file_path(url).split("/")):
            return False
        data = read_source(source, _file_path(url), None, root=self.root)
        return data is not None and not data.lstrip(b"\xef\xbb\xbf").startswith(b"---")

    def _line_of(self, origin: Origin | str | None, needle: str) -> int | None:
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
        for needle in dict.fromkeys((needle, unquote(needle))):
            if (at := text.find(needle)) >= 0:
                return text.count("\n", 0, at) + 1
        return fallback

    def _source(self, url: str) -> Path | None:
        if self.root is None:
            return None
        try:
            rel = safe_rel(_file_path(url))
        except UnsafePath:
            return None
        path = self.root / rel
        return path if path.is_file() else None  # carry() refuses one outside SRC


def _file_path(url: str) -> str:
    """The site-relative file path a URL names (query and fragment off, `%xx` decoded)."""
    from urllib.parse import unquote
    return unquote(url.split("?")[0].split("#")[0]).lstrip("/")


# A Liquid filter that turns a site path into the site's URL, around a quoted path.
_URL_FILTER = re.compile(r"""\{\{-?\s*(['"])(?P<path>[^'"]*)\1\s*\|\s*"""
                         r"""(?:relative_url|absolute_url|prepend:\s*site\.(?:baseurl|url))"""
                         r"""\s*-?\}\}""")


def record_asset(site: Site, url: str, kind: str = "file") -> None:
    if url and url.startswith("/") and all(a.path != url for a in site.assets):
        site.assets.append(Asset(url, kind))  # type: ignore[arg-type]


def translate_body(body: str, role: str, source_theme: str, target: str, plan: Plan,
                   origin: Origin | None) -> str:
    """Swap the source theme's listing Liquid of the page's role for the target's
    (:func:`translate_listings`), then translate tag by tag (:func:`translate_liquid`)."""
    body, _ = translate_listings(body, (role,), source_theme, target, plan.report, origin)
    return translate_liquid(body, source_theme, target, plan, origin)


_TEMPLATES: dict[str, Any] = {}


def _template(source: str) -> Any:
    """A mapping rule's Jinja2 template (``<< >>``/``<% %>`` delimiters, strict variables)."""
    if source not in _TEMPLATES:
        import jinja2
        env = jinja2.Environment(variable_start_string="<<", variable_end_string=">>",
                                 block_start_string="<%", block_end_string="%>",
                                 undefined=jinja2.StrictUndefined, autoescape=False)
        _TEMPLATES[source] = env.from_string(source)
    return _TEMPLATES[source]


def _rule_for(rules: list[dict], tok: Any, target: str) -> dict | None:
    from ..liquid import include_name
    name = include_name(tok)
    for rule in rules:
        if target in rule and (rule.get("tag") == tok.name or
                               (name is not None and name in (rule.get("include") or []))):
            return rule
    return None


def translate_liquid(body: str, source_theme: str, target: str, plan: Plan,
                     origin: Origin | None) -> str:
    """Translate the Liquid tags of ``body`` for ``target``, token by token, changing no other
    byte: a tag with a rule in the source theme's ``translations`` becomes the rule's
    output; a tag the target cannot run (not core Liquid/Jekyll, not in its ``tags``) and no
    rule covers is kept visible inside ``{% raw %}``. Each change is reported with its line."""
    from ..liquid import include_params, raw_literal, replace_tokens
    from ..registry import THEMES, vocabulary
    body = translate_site_variables(body, source_theme, target, plan, origin)
    if "{%" not in body:
        return body
    from ..checkout import runnable_tags
    rules = vocabulary(source_theme).get("translations", []) if source_theme in THEMES else []
    runs = runnable_tags(plan, target)
    line0 = (origin.body_line or origin.line or 1) if origin else 1
    where = origin.path if origin else None

    def fn(tok: Any) -> str | None:
        if tok.kind != "tag" or not tok.name:
            return None
        rule = _rule_for(rules, tok, target)
        if rule is not None:
            import jinja2
            params = {k: v for k, v in include_params(tok).items()
                      if re.search(rf"""\b{re.escape(k)}\s*=\s*["']""", tok.markup)}
            args = tok.markup.split()
            try:
                new = _template(rule[target]).render(
                    args=args, params=params,
                    cite_url=lambda key: plan.urls.get(f"publication:{key}", f"#{key}"))
            except jinja2.UndefinedError:
                new = None  # the tag has a shape the rule cannot read (a variable parameter)
            if new is not None:
                plan.report.add("liquid", "info", "mapped", f"`{tok.text.strip()}` → "
                                f"`{new.strip() or '(nothing)'}` for {target}.",
                                where, line0 + tok.line - 1 if where else None)
                return new
        name = tok.name.removeprefix("end") if tok.name not in runs else tok.name
        if name in runs:
            return None
        plan.report.verbatim("liquid-unknown-tag", f"`{tok.text.strip()}`: {target} has no "
                             f"`{name}` tag; kept as text inside {{% raw %}} so the site "
                             "builds. Replace it by hand or add the plugin that provides it.",
                             where, line0 + tok.line - 1 if where else None)
        return raw_literal(tok.text)

    return replace_tokens(body, fn)


# `site.X` variables of a theme's config, in Liquid: academicpages keeps the owner under
# `site.author.*`; al-folio at the top level (`site.first_name`, old `site.email`,
# `site.github_username`) or in `_data/socials.yml` (`site.data.socials.*`).
_SITE_VAR = re.compile(r"\bsite\.(?:author\.(?P<author>[\w-]+)|data\.socials\.(?P<data>\w+)"
                       r"|(?P<top>first_name|middle_name|last_name|email|\w+_(?:username|userid|id|"
                       r"url|profile|number)))\b")
_FULL_NAME_AF = ('{{ site.first_name }}{% if site.middle_name != "" %} {{ site.middle_name }}'
                 '{% endif %} {{ site.last_name }}')


def source_line(plan: Plan, rel: str | None, needle: str, fallback: int | None) -> int | None:
    """The 1-based line of SRC file ``rel`` where ``needle`` first occurs (a body may have been
    rearranged before a writer looks at it), else ``fallback``."""
    if not rel or plan.source is None:
        return fallback
    try:
        text = (plan.source / rel).read_text("utf-8", errors="replace")
    except OSError:
        return fallback
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else fallback


def translate_site_variables(body: str, source_theme: str, target: str, plan: Plan,
                             origin: Origin | None) -> str:
    """The source theme's `site.*` variables of the owner (name, email, social ids) in Liquid
    become the target's (academicpages `site.author.github` ↔ al-folio
    `site.data.socials.github_username` or, 2020-23, `site.github_username`); one the
    target has no counterpart for is kept as written and reported with its line."""
    from .. import socials
    from ..liquid import replace_tokens
    if "site." not in body or source_theme == target or "{" not in body or \
            target not in ("al-folio", "academicpages"):
        return body
    line0 = (origin.body_line or origin.line or 1) if origin else 1
    where = origin.path if origin else None
    old_af = target == "al-folio" and "_data/socials.yml" not in plan.files  # 2020-23
    af_col = "al-folio-old" if old_af else "al-folio"

    def social(key: str, source_col: str, target_col: str) -> str | None:
        found = socials._theme_keys(source_col).get(key)
        if not found:
            return None
        row, col = found
        out = row.specs.get(target_col)
        return out.key if out and out.kind == col.kind and out.writable else None

    def new_var(m: re.Match) -> str | None:
        if target == "al-folio" and m["author"]:
            key = m["author"]
            if key == "email":
                return "site.email" if old_af else "site.data.socials.email"
            found = social(key, "academicpages", af_col)
            return None if found is None else (f"site.{found}" if old_af
                                               else f"site.data.socials.{found}")
        if target == "academicpages" and (m["data"] or m["top"]):
            key = m["data"] or m["top"]
            if key == "email":
                return "site.author.email"
            found = social(key, "al-folio" if m["data"] else "al-folio-old", "academicpages")
            return None if found is None else f"site.author.{found}"
        return None

    def fn(tok: Any) -> str | None:
        if tok.kind not in ("tag", "output") or "site." not in tok.text:
            return None
        if target == "al-folio" and tok.kind == "output" and \
                re.fullmatch(r"\{\{-?\s*site\.author\.name\s*-?\}\}", tok.text):
            new_text = _FULL_NAME_AF
        else:
            kept: list[str] = []

            def sub(m: re.Match) -> str:
                relevant = m["author"] if target == "al-folio" else (m["data"] or m["top"])
                if not relevant or (m["top"] and not m["top"].endswith("_name") and
                                    m["top"] not in socials.known_keys("al-folio-old")):
                    return m.group()  # a key of the owner's own config: kept there
                new = new_var(m)
                if new is None:
                    kept.append(m.group())
                    return m.group()
                return new
            new_text = _SITE_VAR.sub(sub, tok.text)
            for var in dict.fromkeys(kept):
                plan.report.lost("site-variable", f"`{var}` ({source_theme}) has no {target} "
                                 "counterpart; kept as written, it renders empty there. "
                                 "Replace it by hand.", where,
                                 source_line(plan, where, tok.text, line0 + tok.line - 1))
        if new_text == tok.text:
            return None
        plan.report.mapped("site-variable", f"`{tok.text.strip()}` → `{new_text.strip()}` for "
                           f"{target}.", Origin(where, source_line(
                               plan, where, tok.text, line0 + tok.line - 1)) if where else None)
        return new_text

    return replace_tokens(body, fn)


def listing_page(site: Site, name: str) -> Page | None:
    """The page that shows collection ``name``: its body loops over ``site.<name>`` or names
    it (``collection: books``), else the page at ``/<name>/``."""
    pattern = re.compile(rf"\bsite\.{re.escape(name)}\b")
    for page in site.pages:
        if pattern.search(page.body) or page.extra.get("collection") == name:
            return page
    return next((p for p in site.pages if p.permalink.strip("/") == name), None)


def add_collection_listings(page: Page, body: str, site: Site, target: str, report: Report) -> str:
    """Append the target's listing of each custom collection this page owns, unless the
    body already loops over it (``listings.collection`` in the target's mapping)."""
    from ..registry import vocabulary
    for name in site.collections:
        if listing_page(site, name) is page and not re.search(rf"\bsite\.{re.escape(name)}\b",
                                                             body):
            listing = vocabulary(target)["listings"]["collection"]["body"]
            body = body.rstrip("\n") + "\n\n" + listing.replace("COLLECTION", name)
            report.mapped("collection-listing", f"collection `{name}` listed on this page with "
                          f"{target}'s own Liquid.", page.origin)
    return body


def collection_page(name: str, site: Site, plan: Plan, target: str, front: Any) -> None:
    """A page listing collection ``name`` when the site has none (``_pages/<name>.md``)."""
    from ..registry import vocabulary
    if listing_page(site, name) is not None or not site.collections.get(name):
        return
    out = f"_pages/{name}.md"
    body = vocabulary(target)["listings"]["collection"]["body"].replace("COLLECTION", name)
    plan.write_document(out, front, body)
    plan.report.mapped("collection-page", f"collection `{name}` had no page; `{out}` "
                       f"(`/{name}/`) lists it.", None)


def carry_value(value: Any, copier: AssetCopier, origin: Origin | None, what: str) -> Any:
    """A front-matter value that names an image or PDF of the site by path
    (``assets/img/covers/x.png``): the file is carried and the value points at its new place,
    written the same way (with or without the leading slash). Anything else is returned."""
    path = value.strip() if isinstance(value, str) else ""
    if "/" not in path or re.search(r"\s", path) or is_external(path):
        return value  # no path: text with spaces, a URL, Liquid
    if copier.kind_of(path) == "files":  # only images and PDFs: a path-like string is no file
        return value
    new = copier.carry(site_path(path, ""), origin, what)
    return new if path.startswith("/") else new.lstrip("/")


def write_item(plan: Plan, copier: AssetCopier, item: Item, front: Any, out: str, body: str,
               url: str, theme: str) -> None:
    """Finish a collection item for any writer: keep its unknown front-matter keys (reported),
    point its links at carried files, write it and remember where its content went."""
    for key, value in item.extra.items():
        if key not in front:
            front[key] = carry_value(value, copier, item.origin, f"`{key}` file")
            extra_key(plan, key, theme, item.origin)
    body = translate_liquid(body, plan.report.source_theme, theme, plan, item.origin)
    body = copier.rewrite(body, url, item.origin)
    plan.write_document(out, front, body, item.fm_comments, item.newline)
    plan.report.mapped("item", f"`{item.path}` → `{out}`.", item.origin)
    plan.origins[item.path] = out


def front_line(plan: Plan, rel: str | None, key: str) -> int | None:
    """The 1-based line of top-level key ``key`` in the front matter of SRC file ``rel``."""
    if not rel or plan.source is None:
        return None
    try:
        lines = (plan.source / rel).read_text("utf-8", errors="replace").splitlines()
    except OSError:
        return None
    pattern = re.compile(rf"{re.escape(key)}\s*:")
    for n, line in enumerate(lines[1:], 2):
        if line.rstrip() == "---":
            break
        if pattern.match(line):
            return n
    return None


def extra_key(plan: Plan, key: str, theme: str, origin: Origin | None) -> None:
    """Report a front-matter key that no reader understood and the writer kept as written:
    a key the target's layouts read too (`toc`, ...) is said to be kept, any other to have no
    meaning there; each at its line."""
    from ..registry import vocabulary
    where = Origin(origin.path, front_line(plan, origin.path, key) or origin.line) \
        if origin else None
    if key in vocabulary(theme).get("page_switches", []):
        plan.report.add("extra-key", "info", "mapped", f"front-matter key `{key}` kept as "
                        f"written: {theme}'s layouts read it too (check it works the same "
                        "there).", where)
    else:
        plan.report.verbatim("extra-key", f"front-matter key `{key}` has no {theme} meaning; "
                             "kept as written.", where)


def set_key(mapping: Any, key: str, value: Any) -> None:
    """Set a key of a round-trip mapping in place, appending new keys at the end."""
    if key in mapping:
        mapping[key] = value
    else:
        mapping.insert(len(mapping), key, value)


def set_nested(mapping: Any, keys: tuple[str, ...], value: Any) -> None:
    """Set ``mapping[k1][k2]...`` in place, making the mappings on the way as needed (a
    template's block keeps its other keys and comments)."""
    from ruamel.yaml.comments import CommentedMap
    for key in keys[:-1]:
        if not isinstance(mapping.get(key), dict):
            set_key(mapping, key, CommentedMap())
        mapping = mapping[key]
    set_key(mapping, keys[-1], value)


def dest_config(plan: Plan) -> Any:
    """DEST's `_config.yml` as a round-trip mapping (comments, order kept), or a new one."""
    from ruamel.yaml.comments import CommentedMap
    existing = plan.dest / "_config.yml"
    config = None
    if existing.is_file():
        config = load_yaml(existing.read_text("utf-8", errors="replace"), "_config.yml (DEST)",
                           plan.report)
    return config if isinstance(config, CommentedMap) else CommentedMap()


def include_pages(config: Any) -> None:
    """Jekyll builds `_pages/` only when `include:` lists it (both templates do)."""
    include = config.get("include")
    if not isinstance(include, list):
        include = []
        set_key(config, "include", include)
    if "_pages" not in include:
        include.append("_pages")


def redirect_stub_path(plan: Plan, old: str) -> str:
    """A free `_pages/redirects/*.md` path named after an old URL."""
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", old.strip().strip("/")).strip("-") or "index"
    while f"_pages/redirects/{name}.md" in plan.files:
        name += "-1"
    return f"_pages/redirects/{name}.md"


def yaml_date(iso: str) -> Any:
    """An ISO date string as a date object, so YAML writes it unquoted."""
    import datetime as dt
    try:
        return dt.date.fromisoformat(iso[:10])
    except ValueError:
        return iso


def post_url(pattern: str, item: Item) -> str:
    """The URL Jekyll gives a post under a permalink pattern (``/blog/:year/:title/``):
    its ``permalink``, else the one URL engine (:func:`sitemigrate.urls.post_url`)."""
    from ..urls import post_url as jekyll_post_url
    if item.permalink:
        return item.permalink
    front: dict[str, Any] = {"categories": item.fields.get("categories") or []}
    if item.fields.get("slug"):
        front["slug"] = item.fields["slug"]
    if item.date:
        import datetime as dt
        try:
            front["date"] = dt.date.fromisoformat(item.date[:10])
        except ValueError:
            pass
    return jekyll_post_url(pattern, PurePosixPath(item.path).stem, front)


def translate_listings(body: str, roles: Iterable[str], source_theme: str, target: str,
                       report: Report, origin: Origin | None,
                       skip: Iterable[str] = (), original: str | None = None
                       ) -> tuple[str, list[str]]:
    """Swap the source theme's listing Liquid (``listings`` in ``mappings/``) for the
    target's, for each of ``roles`` (a CV page loops over publications, talks and teaching).
    A listing inside an HTML comment is left alone (it renders nothing); an HTML list
    wrapped around it goes with it. Roles in ``skip`` are not translated. A listing with
    Liquid of its own (a filter, a condition: anything its role's ``stock`` patterns and
    stock ``body`` do not hold) is still swapped, and kept after the new one inside
    ``{% comment %}`` with a report line: what it did by hand is not silently lost.
    ``original``: the body as read, to name the line of a listing (default ``body``).
    Returns the body and the roles translated."""
    from ..cvmarkdown import mask_comments
    from ..registry import THEMES, vocabulary
    src = vocabulary(source_theme) if source_theme in THEMES else {}
    tgt = vocabulary(target)
    original = body if original is None else original
    done: list[str] = []
    for role in roles:
        listing = src.get("listings", {}).get(role)
        target_listing = tgt.get("listings", {}).get(role)
        if not listing or not target_listing or role in skip:
            continue
        for pattern in listing["match"]:
            wrapped = r"(?:<ul>\s*)?(?:" + pattern + r")(?:\s*</ul>)?"
            masked = mask_comments(body)
            spans = [m.span() for m in re.finditer(wrapped, body, re.S)
                     if masked[m.start()] != " " or body[m.start()] == " "
                     or body.startswith("<!--", m.start())]  # a marker that is a comment
            notes: list[tuple[str, int | None]] = []  # reported in file order
            for start, end in reversed(spans):
                old = body[start:end]
                new = target_listing["body"].rstrip("\n")
                own = own_liquid(old, listing) if "stock" in listing else []
                if own:
                    new += "\n\n" + kept_in_comment(old)
                    at = original.find(old)
                    line = None
                    if origin is not None and at >= 0:
                        line = (origin.body_line or origin.line or 1) + original.count("\n", 0, at)
                    shown = [x if x.startswith("{") else "{% " + x + " %}" for x in own
                             if not (x.startswith("end") and any(
                                 o.split()[0] == x[3:] for o in own))]  # not its end tag
                    notes.append((
                        f"the {role} listing has Liquid of its own "
                        f"({', '.join(f'`{x}`' for x in shown[:3])}"
                        f"{', ...' if len(shown) > 3 else ''}) that {target}'s listing does not "
                        "apply; it was replaced all the same, and the old listing is kept after "
                        "the new one in a `{% comment %}` block (it renders nothing). Carry what "
                        "it did by hand.", line))
                body = body[:start] + new + body[end:]
            for message, line in reversed(notes):
                report.verbatim("listing-own-liquid", message, origin.path if origin else None,
                                line)
            if spans:
                done.append(role)
                report.mapped("listing", f"the {role} listing Liquid of {source_theme} was "
                              f"replaced by {target}'s.", origin)
                break
    return body, done


def kept_in_comment(text: str) -> str:
    """``text`` kept in the page where it renders nothing and cannot break the build: in a
    ``{% comment %}`` block, inside ``{% raw %}`` (Ruby Liquid parses the tags of a comment
    block, so an unknown tag or an inner ``endcomment`` there would fail the build)."""
    text = text.replace("{% endraw %}", "{% endraw %}{{ '{% endraw %}' }}{% raw %}")
    return "{% comment %}{% raw %}\n" + text + "\n{% endraw %}{% endcomment %}"


def own_liquid(text: str, listing: dict) -> list[str]:
    """The Liquid of a matched listing that is not the stock listing's: tags and outputs
    (as written, whitespace folded) that neither its ``stock`` patterns nor its stock
    ``body`` hold, in order, once each. ``{% comment %}`` blocks render nothing and count
    for nothing."""
    from ..liquid import tokenize

    def signature(tok: Any) -> str | None:
        if tok.kind == "tag":
            return re.sub(r"\s+", " ", f"{tok.name} {tok.markup}").strip()
        if tok.kind == "output":
            return "{{ " + re.sub(r"\s+", " ", tok.markup).strip() + " }}"
        if tok.kind in ("text", "comment"):
            return None
        return re.sub(r"\s+", " ", tok.text).strip()  # a raw block: text the page shows

    stock = {signature(t) for t in tokenize(listing.get("body", ""))} - {None}
    patterns = [re.compile(p) for p in listing.get("stock", [])]
    own: list[str] = []
    for tok in tokenize(text):
        sig = signature(tok)
        if sig is None or sig in stock or sig in own or any(p.fullmatch(sig) for p in patterns):
            continue
        own.append(sig)
    return own


# -- source `_config.yml` keys: each one carried or named in the report ------------------------

# Jekyll's own settings: every theme reads them alike. Those that shape the target template's
# build (its plugins, defaults, collections, URL style) stay as the target sets them.
JEKYLL_KEYS = frozenset({
    "markdown", "markdown_ext", "highlighter", "kramdown", "timezone", "encoding", "future",
    "lsi", "sass", "excerpt_separator", "keep_files", "paginate", "paginate_path", "incremental",
    "safe", "source", "destination", "show_drafts", "unpublished", "limit_posts", "liquid",
    "strict_front_matter", "webrick", "port", "host", "livereload", "quiet", "verbose",
    "profile", "data_dir", "includes_dir", "layouts_dir", "plugins_dir", "collections_dir",
    "show_dir_listing"})
TARGET_OWNS = frozenset({"permalink", "collections", "include", "exclude", "plugins", "gems",
                         "whitelist", "defaults", "theme", "remote_theme"})


def source_config(site: Site) -> Any:
    """SRC's `_config.yml` as loaded (a round-trip mapping, lines known), or an empty dict."""
    if not site.source or not (Path(site.source) / "_config.yml").is_file():
        return {}
    src = read_text(Path(site.source) / "_config.yml", "_config.yml", None)
    data = load_yaml(src.text, "_config.yml", None) if src else None
    return data if isinstance(data, dict) else {}


def config_line(config: Any, *keys: str) -> int | None:
    """1-based line of a (nested) key of a loaded `_config.yml`."""
    node, line = config, None
    for key in keys:
        try:
            line = node.lc.key(key)[0] + 1
            node = node[key]
        except (AttributeError, KeyError, TypeError):
            return line
    return line


def _is_setting(key: str, patterns: Iterable[str]) -> bool:
    import fnmatch
    return any(fnmatch.fnmatchcase(key, p) for p in patterns)


def account_config(site: Site, config: Any, plan: Plan, target: str,
                   consumed: Iterable[str] = ()) -> None:
    """Carry or report every key of SRC's `_config.yml` that the reader left in
    ``site.config_extra`` and the writer did not ``consumed``: a key the target theme reads
    too is carried; a Jekyll setting is carried when DEST has none; a setting of the source
    theme's own machinery is named in one finding; any other key (the owner's own, read by
    their Liquid as `site.KEY`) is kept as written and reported."""
    from ..registry import THEMES, vocabulary
    report = plan.report
    src = source_config(site)
    own = vocabulary(site.theme).get("config_settings", []) if site.theme in THEMES else []
    reads = vocabulary(target).get("config_settings", [])
    done = set(consumed)
    theme_only: list[tuple[str, int | None]] = []
    target_kept: list[tuple[str, int | None]] = []
    for key, value in site.config_extra.items():
        if key in done or value in (None, "", [], {}):
            continue  # dealt with by the writer, or empty: nothing to carry
        line = config_line(src, key)
        if site.theme == target or key in JEKYLL_KEYS or (
                _is_setting(key, reads) and key not in TARGET_OWNS):
            if key in TARGET_OWNS:
                target_kept.append((key, line))
            elif key not in config or config[key] in (None, "", [], {}):
                set_key(config, key, value)
            elif plain(config[key]) != value:
                target_kept.append((key, line))
        elif key in TARGET_OWNS:
            target_kept.append((key, line))
        elif _is_setting(key, own):
            theme_only.append((key, line))
        else:
            if key not in config:
                set_key(config, key, value)
                report.verbatim("config-key", f"`_config.yml` key `{key}` is not a setting "
                                f"of {target}; kept as written (Liquid of your own that reads "
                                f"`site.{key}` still finds it).", "_config.yml", line)
            else:
                report.verbatim("config-key", f"`_config.yml` key `{key}` is not a setting "
                                f"of {target} and DEST's config already has a value for it, "
                                "which was kept; the source's was not carried.", "_config.yml",
                                line)
    for code, keys, what in (
            ("config-target", target_kept, f"settings of the {target} template's own build, "
             "left as DEST has them (the source's values were not carried): {}."),
            ("config-theme", theme_only, f"{site.theme} settings that {target} does not read "
             "(its look and features are set in its own config): {}; not carried.")):
        if keys:
            listed = ", ".join(f"`{k}`" + (f" (line {n})" if n else "") for k, n in keys)
            report.add(code, "info", "lost", what.format(listed), "_config.yml", keys[0][1])


# -- files Jekyll never publishes ---------------------------------------------------------------

def drop_unpublished(things: list, config: Any, report: Report) -> list:
    """The pages or items Jekyll publishes; each one it does not is reported, not converted
    (it is no live page: no menu entry, no URL)."""
    kept = []
    for thing in things:
        why = unpublished(thing.path, config)
        if not why:
            kept.append(thing)
            continue
        report.add("unpublished", "info", "lost", f"`{thing.path}` is not published by Jekyll "
                   f"({why}): it is no page of the live site, so it gets no URL and no menu "
                   "entry and was not converted; copy it by hand if you want it.",
                   thing.origin or thing.path)
    return kept
