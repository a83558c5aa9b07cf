"""The URL ledger: every address a Jekyll site serves, before and after conversion.

URLs are computed from files and ``_config.yml`` the way Jekyll computes them (page and
document ``permalink``, collection ``permalink`` patterns, the site ``permalink`` style for
posts, ``:categories``/``:title``/``:path``/``:name`` placeholders, ``.html`` vs pretty URLs).
Redirects are what the built site will answer for an old address: jekyll-redirect-from's
``redirect_from`` (when the plugin is enabled) and pages whose ``redirect:`` forwards (the
al-folio idiom). No theme names appear here: both are plain Jekyll and front-matter facts.
"""

from __future__ import annotations

import fnmatch
import functools
import re
from collections.abc import Container, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..textio import load_safe, not_utf8, read_source
from ..yamlio import settings_of
from .polyglot import Languages

_POST = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$")  # Jekyll: `2020-9-18-x` too
_SLASHES = re.compile(r"/+")
# Jekyll's `Document::DATE_FILENAME_MATCHER`: the only files its post reader takes from `_posts`
_DATED = re.compile(r"^(?:.+/)*?(\d{2,4}-\d{1,2}-\d{1,2})-([^/]*)(\.[^.]+)$")
_STYLES = {"date": "/:categories/:year/:month/:day/:title:output_ext",
           "pretty": "/:categories/:year/:month/:day/:title/",
           "ordinal": "/:categories/:year/:y_day/:title:output_ext",
           "none": "/:categories/:title:output_ext"}
_CONVERTIBLE = {".md", ".markdown", ".html", ".htm", ".Rmd"}
_MARKDOWN = {".md", ".markdown"}


def jekyll_suffix(suffix: str) -> str:
    """A file's suffix as Jekyll's converters match it: its Markdown converter matches a
    Markdown suffix whatever its case (`blog.MD` is Markdown, written as HTML like
    `blog.md`), so such a suffix is its lower case; any other suffix as it is."""
    low = suffix.lower()
    return low if low in _MARKDOWN else suffix
_STATIC_PAGES = {".html", ".htm"}
_SKIP_TOP = {"_layouts", "_includes", "_sass", "_data", "_site", "_drafts", "_plugins",
             "node_modules", "vendor", ".git", ".sitemigrate", "_bibliography"}


@dataclass(slots=True)
class Served:
    """One URL a site serves and the file it is served from."""

    url: str
    path: str
    redirect_to: str = ""
    """Non-empty when this address only forwards (redirect_from stub or ``redirect:``)."""
    archive: tuple[str, str] | None = None
    """A jekyll-archives page's kind and name (`tags`, `fieldwork`; `year`, `2021`)."""


@dataclass(slots=True)
class LedgerRow:
    """One old URL of the URL ledger: where it goes in the new site and how."""

    old: str
    new: str
    how: str  # "same" | "redirect" | "lost"
    source: str


def normalize(url: str) -> str:
    """The file a URL is served from: ``/x/`` -> ``/x/index.html``, ``/x`` -> ``/x.html``."""
    url = "/" + url.strip().lstrip("/")
    url = url.split("#")[0].split("?")[0]
    if "//" in url:
        url = _SLASHES.sub("/", url)
    if url.endswith("/"):
        return url + "index.html"
    if not _splitext(url.rsplit("/", 1)[-1])[1]:
        return url + ".html"
    return url


# The only front-matter keys a URL depends on (see ``served``, and ``post_url``: a post's
# ``date`` wins over the one in its name, and dates nothing else's address). Front matter
# that spells none of them has none of them: it needs no YAML parse here.
_URL_KEYS = re.compile(r"permalink|categor|slug|published|redirect")
_DATE_LINE = re.compile(r"^date[ \t]*:", re.M)


def _split(text: str) -> tuple[str, int]:
    """The text with Unix line ends, and where its front matter ends (-1: no closing
    ``---``; -2: no front matter)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    return text, (text.find("\n---", 4) if text.startswith("---\n") else -2)


_FORWARDS_ONLY = re.compile(r"<!DOCTYPE html>\s*<html><head>(?:<meta charset=[^>]*>)?\s*"
                            r"<meta http-equiv=\"refresh\"[^>]*>.{0,1000}</html>", re.S | re.I)


def _blank_after(text: str, end: int) -> bool:
    """Whether the page that ends its front matter at ``end`` shows nothing of its own: only
    blanks follow, or only a document that forwards (``<meta http-equiv="refresh">``, where
    the default layout would forward home: the page's `redirect:` says where it goes)."""
    rest = text[end + 4:].lstrip("-\n").strip()
    return not rest or bool(_FORWARDS_ONLY.fullmatch(rest))


def _front(text: str, dated: bool = True) -> tuple[dict | None, bool]:
    """Front matter (None when the file has none: Jekyll copies such files as they are),
    and whether the file has no body (a page that only redirects). ``dated``: whether its
    ``date`` can move its address (a post's); when not, front matter whose only URL key is
    ``date`` is not parsed and gives {}."""
    text, end = _split(text)
    if end == -2:
        return None, not text.strip()
    if end < 0:
        return {}, not text.strip()
    if not _URL_KEYS.search(text, 4, end) and not (dated and _DATE_LINE.search(text, 4, end)):
        return {}, _blank_after(text, end)
    # all of it: a front matter broken anywhere gives Jekyll's defaults (a post's date from
    # its name), not its one readable line; a key written twice takes its last value, as
    # Jekyll reads it
    try:
        data = load_safe(text[4:end], last_wins=True) or {}
    except Exception:  # a broken front matter serves nothing we can compute
        return {}, not text.strip()
    return (data if isinstance(data, dict) else {}), _blank_after(text, end)


def seed(fronts: dict[str, tuple[dict | None, bool]], plan, files: Mapping[str, str]) -> None:
    """Put the front matter of the documents ``plan`` wrote into ``fronts`` (the cache of
    :func:`served`), as the mapping their text was rendered from: a writer's YAML is not
    parsed back. ``files`` is the planned tree's text by path (see :func:`planned_tree`).
    The test suite checks the ledger is the same with and without."""
    for rel, front in plan.documents.items():
        text = files.get(rel)
        if text is not None and text not in fronts:
            norm, end = _split(text)
            if end >= 0:
                fronts[text] = (front, _blank_after(norm, end))


def _fill(pattern: str, parts: Mapping[str, str]) -> str:
    for key in sorted(parts, key=len, reverse=True):
        pattern = pattern.replace(f":{key}", parts[key])
    return re.sub(r"/+", "/", pattern)


_PRETTY_DROP = re.compile(r"[^\w._~!$&'()+,;=@]+")


def slugify(text: str, mode: str = "pretty", cased: bool = True) -> str:
    """Jekyll's ``Utils.slugify`` in ``pretty`` (the ``:title`` of a post) or ``default``
    mode (``:slug``): runs of other characters become one hyphen, hyphens trimmed; lower
    case unless ``cased``."""
    out = (re.sub(r"[\W_]+", "-", text) if mode == "default" else _PRETTY_DROP.sub("-", text))
    out = out.strip("-")
    return out if cased else out.lower()


def _broken(text: str) -> bool:
    """Whether the file's front matter is YAML Jekyll cannot read."""
    text, end = _split(text)
    if end < 0:
        return False
    try:
        load_safe(text[4:end], last_wins=True)
    except Exception:
        return True
    return False


_DATE_PLACEHOLDERS = re.compile(r":(?:year|month|day|i_month|i_day|short_year|y_day|hour|"
                                r"minute|second|week|w_year|w_day|short_month|long_month|"
                                r"short_day|long_day)\b")


def _unread_post_url(pattern: str, stem: str) -> str | None:
    """The URL Jekyll gives a post whose front matter it cannot read: `Document#read` stops
    at the YAML before the date and slug of the post's name are read (`read_post_data`),
    so its `:title` is its whole name, date included, and its date the build's; None where
    the pattern places that date (the address moved with each build)."""
    pattern = _STYLES.get(pattern or "date", pattern or _STYLES["date"])
    if _DATE_PLACEHOLDERS.search(pattern):
        return None
    return post_url(pattern, stem, {"slug": stem})


def posts_pattern(config: Mapping[str, Any]) -> str:
    """The permalink pattern of the site's posts: `collections: posts: permalink:` when the
    config gives one (Jekyll's posts are a collection, whose own permalink wins), else the
    site's `permalink` (a style name or a template); empty for Jekyll's default."""
    cols = config.get("collections")
    own = cols.get("posts") if isinstance(cols, Mapping) else None
    if isinstance(own, Mapping) and own.get("permalink"):
        return str(own["permalink"])
    return str(config.get("permalink") or "")


def post_url(pattern: str, stem: str, front: Mapping[str, Any]) -> str:
    """The URL Jekyll gives a post named ``stem`` (``YYYY-MM-DD-slug``) under ``pattern``
    (a style name or a permalink template) with front matter ``front`` (``date``,
    ``categories``, ``slug``); ``permalink`` in the front matter is the caller's."""
    import datetime as dt
    pattern = _STYLES.get(pattern or "date", pattern or _STYLES["date"])
    m = _POST.match(stem)
    year, month, day, name = m.groups() if m else ("0000", "00", "00", stem)
    month, day = month.zfill(2), day.zfill(2)  # the date's `%m`/`%d`: `2020-9-18` is 09, 18
    date = front.get("date")
    if isinstance(date, (dt.date, dt.datetime)):
        year, month, day = f"{date.year:04d}", f"{date.month:02d}", f"{date.day:02d}"
    try:
        y_day = f"{dt.date(int(year), int(month), int(day)).timetuple().tm_yday:03d}"
    except ValueError:
        y_day = "000"
    cats = _words(front.get("categories") or front.get("category"), split=True)
    slug = str(front.get("slug") or name).rstrip(".")
    return _fill(pattern, {
        "categories": "/".join(c.lower() for c in cats), "year": year, "month": month,
        "day": day, "title": slugify(slug), "slug": slugify(slug, "default", cased=False),
        "output_ext": ".html", "short_year": year[2:], "i_month": str(int(month)),
        "i_day": str(int(day)), "y_day": y_day, "collection": "posts", "path": stem,
        "name": stem})


@dataclass(frozen=True, slots=True)
class _Rules:
    """What of ``_config.yml`` decides a file's URLs (hashable: the key of ``served``'s
    memo)."""
    post_pattern: str
    pretty: bool
    cols: tuple[tuple[str, bool, str], ...]  # (name, output, permalink pattern)
    redirects_on: bool
    included: frozenset[str]
    collections: dict = field(default_factory=dict, compare=False, hash=False)
    """``cols`` by name: name -> (output, permalink pattern); not part of the key."""

    @classmethod
    def of(cls, config: dict) -> _Rules:
        style = posts_pattern(config) or "date"
        post_pattern = _STYLES.get(style, style)
        cols = config.get("collections") or {}
        cols = {str(k): (v if isinstance(v, dict) else {}) for k, v in
                (cols.items() if isinstance(cols, dict) else
                 ((c, {}) for c in (cols if isinstance(cols, list) else ())))}
        return cls(post_pattern, post_pattern.endswith("/"),
                   tuple((name, bool(c.get("output")), str(c.get("permalink") or ""))
                         for name, c in cols.items()),
                   "jekyll-redirect-from" in _words(config.get("plugins") or
                                                    config.get("gems"), split=False),
                   frozenset(str(i).strip("/") for i in _words(config.get("include"), False)),
                   {name: (bool(c.get("output")), str(c.get("permalink") or ""))
                    for name, c in cols.items()})


def served(files: Mapping[str, str], config: dict,
           fronts: dict[str, tuple[dict | None, bool]] | None = None,
           memo: dict | None = None) -> dict[str, Served]:
    """Every URL a site of ``files`` (path -> text) and ``config`` serves, by normalized URL.
    ``fronts`` caches parsed front matter by file text, between calls on similar trees;
    ``memo`` caches each file's URLs under the same config rules, so a second call on a tree
    that only grew (redirect pages added) computes only the new files."""
    rules = _Rules.of(config)
    known = memo.setdefault(rules, {}) if memo is not None else None
    out: dict[str, Served] = {}
    langs = Languages.of(config)
    docs: list[tuple[Served, str]] = []  # with jekyll-polyglot: what each build coordinates
    include, exclude = _globs(config, "include"), _globs(config, "exclude")
    for rel, text in files.items():
        if _unpublished(rel, include, exclude):
            continue
        if known is None:
            found = _urls_of(rel, text, rules, fronts)
        elif (found := known.get((rel, text))) is None:
            found = known[(rel, text)] = _urls_of(rel, text, rules, fronts)
        lang = _language(langs, rel, text, fronts) if langs else ""
        for key, where, forwarded in found:
            if forwarded:  # a redirect_from address: the first file to claim it keeps it
                out.setdefault(key, where)
            elif lang:  # a page or document of a site in several languages: see below
                docs.append((where, lang))
            elif key not in out or _written_after(rel, out[key].path, rules):
                out[key] = where
    built = langs.coordinate([(where.url, lang) for where, lang in docs]) if langs else []
    for active, url, i in built:  # the default language's build first
        if active == built[0][0]:
            out[normalize(url)] = Served(url, docs[i][0].path, docs[i][0].redirect_to)
    cache = memo.setdefault("generated", {}) if memo is not None else {}
    generated = _generated(files, config, rules, out, include, exclude, cache)
    for url, rel, kind in generated:  # a file at that address wins
        out.setdefault(normalize(url), Served(url, rel, archive=kind))
    for active, url, i in built:  # each other language's build, under `/L/`
        if active != built[0][0]:
            out[normalize(url)] = Served(url, docs[i][0].path, docs[i][0].redirect_to)
    for lang in (langs.builds()[1:] if langs else ()):
        for url, rel, _ in generated:  # its archives and pages of lists too
            out.setdefault(normalize(f"/{lang}{url}"), Served(f"/{lang}{url}", rel))
    return out


def _written_after(rel: str, other: str, rules: _Rules) -> bool:
    """Whether Jekyll writes file ``rel`` after file ``other`` to an address both claim, so
    that visitors see ``rel`` there: it writes the pages first, sorted by file name
    (`Reader#sort_files!`, :mod:`.shadow`), then the documents of the collections (the
    posts). Between two documents, or two pages of one file name, the one read last."""
    doc, other_doc = _is_document(rel, rules), _is_document(other, rules)
    if doc != other_doc:
        return doc
    if doc or rel == other:
        return True
    return rel.rsplit("/", 1)[-1] >= other.rsplit("/", 1)[-1]


def _is_document(rel: str, rules: _Rules) -> bool:
    """Whether Jekyll reads file ``rel`` as a document of a collection (a post included)."""
    parts = rel.split("/")
    return parts[0] == "_posts" or (len(parts) > 1 and parts[-2] == "_posts") or (
        parts[0].startswith("_") and parts[0][1:] in rules.collections)


def _language(langs: Languages, rel: str, text: str,
              fronts: dict[str, tuple[dict | None, bool]] | None) -> str:
    """The language of file ``rel`` of a jekyll-polyglot site; empty for a file without front
    matter (Jekyll copies it as it is: no document polyglot coordinates)."""
    got = fronts.get(text) if fronts is not None else None
    fm = got[0] if got is not None else _front(text, "_posts" in rel.split("/")[:-1])[0]
    return "" if fm is None else langs.language(rel, fm.get("lang"))


def address_of(rel: str, tree: tuple[Mapping[str, str], dict],
               fronts: dict[str, tuple[dict | None, bool]] | None = None) -> str | None:
    """The address Jekyll gives file ``rel`` of ``tree`` (files, config), also when another
    file claims the same one (:func:`served` keeps one file per address); None when it
    serves none, or only forwards."""
    for where in served_by(rel, tree, fronts):
        if not where.redirect_to:
            return where.url
    return None


def forwarded_from(rel: str, tree: tuple[Mapping[str, str], dict],
                   fronts: dict[str, tuple[dict | None, bool]] | None = None) -> str | None:
    """Where the address of file ``rel`` of ``tree`` forwards (its `redirect_to:`, or
    `redirect:` where its layout forwards): an old address whose content went into a page
    that forwards goes there too; None when the file serves a page, or nothing."""
    for where in served_by(rel, tree, fronts):
        if where.redirect_to:
            return where.redirect_to
    return None


def served_by(rel: str, tree: tuple[Mapping[str, str], dict],
              fronts: dict[str, tuple[dict | None, bool]] | None = None) -> list[Served]:
    """The addresses Jekyll gives file ``rel`` of ``tree`` (files, config), each with where
    it forwards (``redirect:``), without its ``redirect_from`` stubs."""
    files, config = tree
    text = files.get(rel)
    if text is None or _unpublished(rel, _globs(config, "include"), _globs(config, "exclude")):
        return []
    return [where for _, where, forwarded in _urls_of(rel, text, _Rules.of(config), fronts)
            if not forwarded]


def _generator_front(text: str) -> dict | None:
    """The front matter the generators read (None: the file has none, Jekyll copies it)."""
    norm, end = _split(text)
    if end == -2:
        return None
    front: Any = {}
    if end > 0 and _GENERATED_KEYS.search(norm, 4, end):
        try:
            front = load_safe(norm[4:end]) or {}
        except Exception:  # a broken front matter: Jekyll's defaults
            front = {}
    return front if isinstance(front, dict) else {}


_GENERATORS = {"jekyll-archives", "jekyll-archives-v2", "jekyll-paginate", "jekyll-paginate-v2"}
_GENERATED_KEYS = re.compile(r"tag|categor|date|pagination|published|hidden|locale")


def _generated(files: Mapping[str, str], config: dict, rules: _Rules, out: dict[str, Served],
               include: tuple[str, ...], exclude: tuple[str, ...], cache: dict[str, Any]
               ) -> list[tuple[str, str, tuple[str, str] | None]]:
    """The archive and pagination addresses the site's plugins generate
    (:mod:`.generated`), each with the file whose content it shows. ``cache``: front
    matter by file text, between calls (SRC, then DEST as planned)."""
    from .generated import generated, plugins, post_date, site_date
    if not plugins(config) & _GENERATORS:
        return []
    by_path = {s.path: s.url for s in out.values() if not s.redirect_to}
    docs: dict[str, list] = {}
    pages = []
    today = site_date(config)  # a document's date when it has none of its own
    for rel, text in files.items():
        parts = rel.split("/")
        post = "_posts" in parts[:-1]
        name = "posts" if post else parts[0][1:] if parts[0].startswith("_") \
            and parts[0][1:] in rules.collections else ""
        if (not name and rel not in by_path) or _unpublished(rel, include, exclude) \
                or jekyll_suffix(_splitext(parts[-1])[1]) not in _CONVERTIBLE:
            continue
        if text not in cache:
            cache[text] = _generator_front(text)
        front = {} if cache[text] is None and post else cache[text]  # a post all the same
        if front is None or front.get("published") is False:
            continue
        if name:
            docs.setdefault(name, []).append((rel, front, post_date(rel, front) or today))
        elif rel in by_path:  # a page (a document is none, for the generators)
            pages.append((rel, by_path[rel], front))
    return generated(docs, pages, config, lambda t: slugify(t, "default", cased=False))


def _jekyll_glob(pattern: str, entry: str) -> bool:
    """Jekyll's `glob_include?`: a shell pattern (``*`` crosses ``/``) or a path prefix."""
    pattern = pattern.strip().lstrip("/")
    return bool(pattern) and (fnmatch.fnmatchcase(entry, pattern) or entry.startswith(pattern))


def unpublished(rel: str, config: Any) -> str:
    """Why Jekyll does not publish the page or collection file ``rel`` (empty when it does):
    a name in its folder that starts with ``_``, ``.`` or ``#`` (or ends with ``~``), unless
    `include:` names it; or a path that `exclude:` matches."""
    return _unpublished(rel, _globs(config, "include"), _globs(config, "exclude"))


def linked_baseurl(value: Any) -> str:
    """`baseurl` as Jekyll's `relative_url`/`absolute_url` put it before a path: one trailing
    `/` dropped, a leading `/` added (`/` and an empty value both mean the site's root, so
    `baseurl: /` is ``""``: a theme that joins `url` and `baseurl` as written would otherwise
    give every link a double slash)."""
    base = "" if value is None or isinstance(value, (dict, list)) else str(value).strip()
    base = base.removesuffix("/")
    return base if not base or base.startswith("/") else "/" + base


def undated_post(rel: str) -> bool:
    """A file of a `_posts` folder whose name does not start with a date: Jekyll's post reader
    skips it (it is neither a post nor a file Jekyll copies)."""
    parts = rel.split("/")
    return "_posts" in parts[:-1] and not _DATED.match(
        "/".join(parts[parts.index("_posts") + 1:]))


def _globs(config: Any, key: str) -> tuple[str, ...]:
    """The patterns of `include:` or `exclude:` (a list; anything else names none)."""
    value = config.get(key) if isinstance(config, dict) else None
    return tuple(str(v) for v in value if v is not None) if isinstance(value, list) else ()


@functools.lru_cache(maxsize=32)
def _glob_rx(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern that matches what :func:`_jekyll_glob` matches for any of ``patterns``
    (None for none). al-folio's `exclude:` lists ~20, and every file of a site is judged
    (by the reader and again by the URL ledger): one pattern at a time, 4,000 files took
    82 ms against the template's list, 10 ms so."""
    parts = []
    for pattern in patterns:
        pattern = pattern.strip().lstrip("/")
        if pattern:  # fnmatch's whole-name pattern, or the path prefix
            parts += [fnmatch.translate(pattern), re.escape(pattern)]
    return re.compile("|".join(parts)) if parts else None


@functools.lru_cache(maxsize=32)
def _publishing(include: tuple[str, ...], exclude: tuple[str, ...]
                ) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """What `include:` lets through, and what `exclude:` drops (but what `include:` lists)."""
    return _glob_rx(include), _glob_rx(tuple(p for p in exclude if p not in include))


def _unpublished(rel: str, include: tuple[str, ...], exclude: tuple[str, ...]) -> str:
    """:func:`unpublished` with the config's `include:` and `exclude:` patterns read."""
    parts = rel.split("/")
    inner = parts[1:] if len(parts) > 1 and parts[0].startswith("_") else parts
    included, excluded = _publishing(include, exclude)
    for part in inner:
        special = part[:1] in ("_", ".", "#") or part.endswith("~")
        if special and not (included and included.match(part)):
            return f"its name `{part}` starts with `{part[0]}`" if not part.endswith("~") \
                else f"its name `{part}` ends with `~`"
    if excluded and excluded.match(rel):
        pattern = next(p for p in exclude if p not in include and _jekyll_glob(p, rel))
        return f"`exclude:` in `_config.yml` lists `{pattern}`"
    if undated_post(rel):
        if _POST.match(parts[-1]):  # dated, but no `.md`: no post name either
            return ("it is in `_posts` and its name has no suffix (`.md`): Jekyll reads only "
                    "`YYYY-MM-DD-title.ext` there, not even as a file to copy")
        return ("it is in `_posts` but its name does not start with a date (`YYYY-MM-DD-`): "
                "Jekyll reads no other file there, not even as a file to copy")
    return ""


def _urls_of(rel: str, text: str, rules: _Rules,
             fronts: dict[str, tuple[dict | None, bool]] | None
             ) -> tuple[tuple[str, Served, bool], ...]:
    """The addresses one file serves: (normalized URL, Served, from redirect_from)."""
    parts = rel.split("/")
    name = parts[-1]
    stem, suffix = _splitext(name)
    converted = jekyll_suffix(suffix) in _CONVERTIBLE
    if parts[0] in _SKIP_TOP or not (converted or _other_document(parts)):
        return ()
    post = parts[0] == "_posts" or (len(parts) > 1 and parts[-2] == "_posts")
    if fronts is None:
        fm, blank = _front(text, post)
    elif (got := fronts.get(text)) is not None:
        fm, blank = got
    else:
        fm, blank = _front(text, post)
        if post or fm != {}:  # an undated {} may hide the date a post of this text has
            fronts[text] = fm, blank
    top = parts[0]
    if fm is None and post:  # Jekyll's post reader takes every dated file of `_posts`
        fm = {}              # as a post, front matter or not
    if fm is None:  # no front matter: Jekyll copies the file as it is, at its own path
        return _static_page(rel, suffix, top, rules)
    if not converted:  # a collection's document no converter takes (:func:`_other_document`)
        address = _document_url(parts, fm, rules, suffix) \
            if top[1:] in rules.collections else None
        return ((normalize(address), Served(address, rel), False),) \
            if address and "://" not in address and fm.get("published") is not False else ()
    urls = []
    cols = rules.collections
    if post:
        m = _POST.match(stem)
        if not m:
            return ()
        unread = _unread_post_url(rules.post_pattern, stem) if fm == {} and _broken(text) \
            else None
        urls.append(unread or str(fm.get("permalink") or post_url(rules.post_pattern, stem, fm)))
    elif top.startswith("_") and top[1:] in cols and (
            address := _document_url(parts, fm, rules)):
        urls.append(address)
    # a folder `include:` lists is read as pages too, a collection's folder as well (Jekyll
    # reads every folder it does not filter out; a collection's file is then also a page)
    if not post and (not top.startswith("_") or top in rules.included):
        if fm.get("permalink"):
            urls.append(str(fm["permalink"]))
        else:
            folder = "/".join(parts[:-1])
            urls.append("/" + (folder + "/" if stem == "index" and folder else "" if stem ==
                               "index" else (folder + "/" if folder else "") + stem +
                               ("/" if rules.pretty else ".html")))
    # unpublished, or a menu link to another site (`permalink: https://..`)
    urls = list(dict.fromkeys(u for u in urls if "://" not in u))
    if not urls or fm.get("published") is False:
        return ()
    url = urls[0]
    forward = ""
    target = fm.get("redirect") or (fm.get("redirect_to") if rules.redirects_on else None)
    if target and blank:
        forward = "/" if target is True else str(target)
    found = [(normalize(u), Served(u, rel, forward), False) for u in urls]
    if rules.redirects_on:
        for old in _words(fm.get("redirect_from"), split=False):
            found.append((normalize(str(old)), Served(str(old), rel, url), True))
    return tuple(found)


def collection_url(rel: str, front: Mapping[str, Any], config: dict) -> str | None:
    """The address Jekyll gives ``rel`` (`_NAME/...`, a document of the collection NAME that
    ``config`` declares) with front matter ``front``: its `permalink`, else its collection's
    pattern; None where the collection writes no pages (no `output: true`) or is none."""
    parts = rel.split("/")
    rules = _Rules.of(config)
    if len(parts) < 2 or not parts[0].startswith("_") or parts[0][1:] not in rules.collections:
        return None
    return _document_url(parts, front, rules)


def _document_url(parts: list[str], fm: Mapping[str, Any], rules: _Rules,
                  output_ext: str = ".html") -> str | None:
    """The address of the collection document at ``parts`` (its path, split), as Jekyll's
    `Document#url` gives it: its `permalink`, else its collection's pattern (Jekyll's default
    `/:collection/:path` and the site's style's ending) filled by its UrlDrop. A document no
    converter takes keeps its own suffix (``output_ext``; none for a file without one)."""
    output, pattern = rules.collections[parts[0][1:]]
    if not output:
        return None
    stem = _splitext(parts[-1])[0]
    default = f"/:collection/:path{'/' if rules.pretty else ':output_ext'}"
    inner = "/".join([*parts[1:-1], stem])
    # `Document#populate_title`: the `slug` is the name without a leading date (the
    # `:title` of `2021-04-19-reeds.md` is `reeds`), trailing dots dropped
    dated = _DATED.match(parts[-1])
    slug = str(fm.get("slug") or (dated.group(2) if dated else stem).rstrip("."))
    # Jekyll's UrlDrop: `:name` and `:slug` slugified and lower case, `:title` cased
    return str(fm.get("permalink") or _fill(pattern or default, {
        "collection": parts[0][1:], "path": inner,
        "name": slugify(stem, "default", cased=False),
        "slug": slugify(slug, "default", cased=False), "title": slugify(slug),
        "output_ext": output_ext}))


def _static_page(rel: str, suffix: str, top: str, rules: _Rules
                 ) -> tuple[tuple[str, Served, bool], ...]:
    """The address of a file Jekyll copies without rendering it: an HTML file (a talk map's
    `map.html`, a document in `assets/html/`) outside the `_` folders it does not read is a
    page a visitor reaches at its path; any other such file is no page."""
    if suffix not in _STATIC_PAGES or (top.startswith("_") and top not in rules.included):
        return ()
    url = "/" + rel
    return ((normalize(url), Served(url, rel), False),)


def _words(value: Any, split: bool) -> list[str]:
    """A front-matter value that names words or addresses, as Jekyll reads it: a string
    (split at spaces with ``split``), a number, or a list of those; anything else, none."""
    if isinstance(value, str):
        return value.split() if split else [value]
    items = value if isinstance(value, list) else [value]
    return [str(v).lower() if isinstance(v, bool) else str(v) for v in items
            if isinstance(v, (str, int, float)) and str(v).strip()]


def _splitext(name: str) -> tuple[str, str]:
    """``PurePosixPath(name)``'s stem and suffix, without building a path."""
    dot = name.rfind(".")
    if dot <= 0 or dot == len(name) - 1:
        return name, ""
    return name[:dot], name[dot:]


def read_tree(root: Path, skip: Container[str] = ()) -> tuple[dict[str, str], dict]:
    """The convertible files under ``root`` (path -> text), but those in ``skip``, and its
    config."""
    return read_files(root, skip), read_config(root)


def _other_document(parts: list[str] | tuple[str, ...]) -> bool:
    """Whether the file at ``parts`` (its path, split) may be a document of a collection that
    no converter takes (`_news/award`, `_talks/x.txt`): Jekyll's `Collection#read` makes every
    file of the collection's folder that starts with front matter a document, whatever its
    suffix or none, and renders it without Markdown (as :func:`.site.collection_files` reads
    it); but a name its entry filter skips, and a `_posts` file (its reader takes only dated
    names)."""
    name = parts[-1]
    return (len(parts) > 1 and parts[0][:1] == "_" and parts[0] not in _SKIP_TOP
            and "_posts" not in parts and name[:1] not in "._#" and not name.endswith("~"))


def has_front_matter(path: str | Path) -> bool:
    """The file at ``path`` (a regular file of the site, no link, no FIFO) starts with a
    front-matter line (`---`): Jekyll renders it, it is no static file. Its first bytes
    only are read; the file itself then through :func:`.textio.read_source`."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(8)
    except OSError:
        return False
    return head.lstrip(b"\xef\xbb\xbf").startswith(b"---")


def read_files(root: Path, skip: Container[str] = ()) -> dict[str, str]:
    """The convertible files under ``root`` (path -> text), but those in ``skip``, and the
    collections' documents of another suffix (:func:`_other_document`)."""
    files = {}
    root = Path(root)
    if root.is_dir():
        for entry, parts in _rglob(str(root)):
            if jekyll_suffix(_splitext(entry.name)[1]) in _CONVERTIBLE or (
                    _other_document(parts) and entry.is_file(follow_symlinks=False)
                    and has_front_matter(entry.path)):
                rel = "/".join(parts)
                if rel not in skip and not not_utf8(rel, None) and (
                        Path(entry.path).is_file() if entry.is_symlink() else entry.is_file()):
                    # never a link out of root
                    data = read_source(entry.path, rel, None, root=root)
                    if data is not None:
                        files[rel] = data.decode("utf-8", "replace")
    return files


def src_urls(src: Path) -> dict[str, Served] | None:
    """The URLs the site in folder ``src`` serves (the ledger's old side, by normalized URL),
    or None when it has no page (a bibliography alone): nothing to keep."""
    files = read_files(src)
    return served(files, read_config(src)) if files else None


def read_config(root: Path) -> dict:
    """``root``'s ``_config.yml`` as Jekyll reads it ({} when it has none or cannot be read)."""
    return settings_of(_read(Path(root), "_config.yml"))


def _rglob(folder: str, parts: tuple[str, ...] = (),
           found: list[tuple[Any, tuple[str, ...]]] | None = None
           ) -> list[tuple[Any, tuple[str, ...]]]:
    """What ``Path(folder).rglob("*")`` lists, in its order (a folder's entries, then each
    of its folders the same way; links to folders are not entered; a folder that may not be
    read is left out), as directory entries (``os.DirEntry``) and their path segments from
    ``folder``: no path object is built per file."""
    import errno
    import os
    found = [] if found is None else found
    try:
        with os.scandir(folder) as it:
            entries = list(it)
    except PermissionError:
        return found
    found.extend((entry, (*parts, entry.name)) for entry in entries)
    for entry in entries:
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError as exc:  # pathlib's _ignore_error: what it takes for "no such file"
            if exc.errno not in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP):
                raise
            is_dir = False
        if is_dir:
            _rglob(entry.path, (*parts, entry.name), found)
    return found


def _read(root: Path, rel: str) -> str:
    data = read_source(root / rel, rel, None, root=root)
    return "" if data is None else data.decode("utf-8", "replace")


def ledger(old: dict[str, Served], new: dict[str, Served]) -> list[LedgerRow]:
    """For every old URL: where it lands in the new site, and how. A URL that climbs out of
    the site (``..``) is no address of it: the reader refused and reported it already."""
    from ..formats.content import climbs_out
    rows = []
    for key, was in sorted(old.items()):
        if climbs_out(was.url) or key == "/404.html":
            continue  # not an address of the site; a 404 page is the theme's (Pages serves it)
        now = new.get(key)
        if was.redirect_to:  # it forwarded before: it must still forward
            ok = now is not None and bool(now.redirect_to or now.url)
            rows.append(LedgerRow(was.url, (now.redirect_to or now.url) if now and ok else "",
                                  "redirect" if ok else "lost", was.path))
        elif now is None:
            rows.append(LedgerRow(was.url, "", "lost", was.path))
        elif now.redirect_to:
            rows.append(LedgerRow(was.url, now.redirect_to, "redirect", was.path))
        else:
            rows.append(LedgerRow(was.url, now.url, "same", was.path))
    return rows


def planned_tree(plan, dest: tuple[dict[str, str], dict] | None = None,
                 earlier: tuple[dict[str, str], dict[str, bytes]] | None = None
                 ) -> tuple[dict[str, str], dict]:
    """DEST as the plan leaves it: DEST without what the last run wrote or this run deletes,
    plus the plan's files. Independent of earlier runs, so re-runs are identical.
    ``dest`` is :func:`dest_tree` of the plan when the caller already has it. ``earlier``:
    the files of a planned tree made before and the plan's files then (``dict(plan.files)``):
    a file the plan still holds as it held it then is not decoded again (one text a file,
    not two, in memory)."""
    files, config = dest if dest is not None else dest_tree(plan)
    files = dict(files)
    texts, then = earlier if earlier is not None else ({}, {})
    for path, data in plan.files.items():
        if path == "_config.yml":
            config = settings_of(data.decode("utf-8", "replace"))
        elif _splitext(path.rsplit("/", 1)[-1])[1] in _CONVERTIBLE or (
                _other_document(path.split("/")) and data.lstrip(b"\xef\xbb\xbf")
                .startswith(b"---")):
            files[path] = (texts[path] if then.get(path) is data
                           else data.decode("utf-8", "replace"))
    for path, source in plan.copies.items():  # a file carried as it is serves its path too
        if path not in plan.files and _splitext(path.rsplit("/", 1)[-1])[1] in _CONVERTIBLE:
            data = read_source(source, path, None, root=plan.source_root)
            if data is not None:
                files[path] = data.decode("utf-8", "replace")
    return files, config


def dest_tree(plan) -> tuple[dict[str, str], dict]:
    """DEST's files that stay under the plan (not written by the last run, not deleted by
    this one; those are never read) and DEST's config."""
    return read_tree(plan.dest, skip=set(plan._last_manifest()) | set(plan.deletes))


def plan_ledger(src: Path, plan) -> list[LedgerRow]:
    """The ledger of a conversion: SRC as it is against DEST as the plan would leave it."""
    return ledger(served(*read_tree(src)), served(*planned_tree(plan)))


def record(rows: list[LedgerRow], report) -> None:
    """Put the ledger in the report; every lost URL is a finding."""
    report.urls = [{"old": r.old, "new": r.new, "how": r.how, "source": r.source} for r in rows]
    for r in rows:
        if r.how == "lost":
            report.lost("url-lost", f"old URL `{r.old}` is not served by the new site; add a "
                        "redirect or a page at that address.", r.source)


def folder_address(address: str) -> str:
    """The folder form of a page's address: Jekyll writes `/publications` (no slash, no
    extension) as `publications.html`, which GitHub Pages serves at `/publications`, the
    section's address as much as `/publications/` is."""
    if not address or address.endswith("/"):
        return address
    stem = address[:-len(".html")] if address.endswith(".html") else address
    return stem + "/" if "." not in stem.rsplit("/", 1)[-1] else address
