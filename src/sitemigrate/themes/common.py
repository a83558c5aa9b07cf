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

from ..content import climbs_out, is_external, resolve, rewrite_links
from ..dates import from_value
from ..ir import Asset, Item, Origin, Page, Site, plain
from ..plan import Plan, UnsafePath, safe_rel
from ..report import Report
from ..textio import Document, load_yaml, read_document, read_source, read_text, within

PAGE_SUFFIXES = {".html", ".htm", ".md", ".markdown", ".xml", ".php"}
# Stylesheets and scripts belong to a theme, not to the content: links to them are left alone.
THEME_SUFFIXES = {".css", ".scss", ".sass", ".js", ".mjs", ".map"}
TEXT_SUFFIXES = {".md", ".markdown", ".html", ".htm", ".Rmd", ".rmd"}
_POST_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$")


def iter_files(folder: Path, root: Path, suffixes: Iterable[str] | None = TEXT_SUFFIXES
               ) -> Iterator[tuple[Path, str]]:
    """Files under ``folder`` with one of ``suffixes`` (text pages by default; None: every
    file), recursively and sorted by path segments, not descending into linked folders (as
    ``Path.rglob``). A file whose real location is outside ``root`` (a link out of SRC) is
    listed too: the guarded reader (``textio.read_source``) refuses and reports it."""
    if not folder.is_dir():
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
        except OSError:
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


def iter_pages(root: Path) -> Iterator[tuple[Path, str]]:
    """`_pages/**` plus root-level pages that have front matter (Jekyll builds both)."""
    yield from iter_files(root / "_pages", root)
    for path in sorted(root.iterdir()) if root.is_dir() else ():
        if path.suffix in TEXT_SUFFIXES and path.is_file():
            if not within(root, path):
                yield path, path.name  # a link out of SRC: the guarded reader refuses it
                continue
            if path.is_symlink():
                continue
            with path.open("rb") as fh:  # a file of SRC itself (not a link): its first bytes
                if fh.read(4).lstrip(b"\xef\xbb\xbf").startswith(b"---"):
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
    return data if isinstance(data, dict) else {}


def read_data(root: Path, rel: str, report: Report) -> Any:
    path = root / rel
    if not path.is_file():
        return None
    src = read_text(path, rel, report)
    return load_yaml(src.text, rel, report) if src else None


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
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value if v is not None and str(v).strip()]
    report.problem("wrong-type", f"`{key}` should be a list of strings; it was ignored.",
                   rel, line)
    return []


def item_date(doc: Document, filename: str, report: Report | None = None) -> str:
    """The item's date: front matter ``date``, else the file name's. A date that is not
    YYYY-MM-DD and ambiguous or unreadable is reported (with ``report``)."""
    from ..dates import parse_date
    value = doc.data.get("date")
    d = from_value(value) if value is not None else None
    m = _POST_NAME.match(PurePosixPath(filename).stem)
    named = from_value(f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}") if m else None
    if report is not None and isinstance(value, str) and value.strip() and not re.match(
            r"\s*\d{4}-\d{1,2}-\d{1,2}", value):
        parsed = parse_date(value)
        where = f"the file name's date {named} was used" if named else "it was left undated"
        if parsed is None:
            report.problem("bad-date", f"`date: {value}` is not a date sitemigrate can read; "
                           f"{where}. Write it as YYYY-MM-DD.", doc.rel, doc.line_of("date"))
        elif parsed[1]:
            swapped = (named and d and named.year == d.year
                       and (named.month, named.day) == (d.day, d.month))
            if swapped:
                d = named
            report.problem("ambiguous-date", f"{parsed[1]}" + (
                f"; the file name's date {named} agrees with day-first and was used" if swapped
                else "") + ". Write it as YYYY-MM-DD.", doc.rel, doc.line_of("date"))
    d = d or named
    return d.iso() if d else ""


def read_collection(root: Path, folder: str, known: dict[str, str], report: Report,
                    strip: Iterable[str] = ()) -> list[Item]:
    """Read ``root/folder`` into Items. ``known`` maps front-matter key -> neutral field;
    ``strip`` lists keys that carry no content in the neutral model (``layout``...)."""
    items = []
    skip = {"title", "date", "permalink", "redirect_from", "redirect", *strip}
    for path, rel in iter_files(root / folder, root):
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
            if key in skip:
                continue
            if key in known:
                item.fields[known[key]] = plain(value)
            else:
                item.extra[str(key)] = plain(value)
        items.append(item)
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
        new = f"/{folder or self.dirs[self.kind_of(url)]}/{name}"
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
            try:
                self.plan.copy(new.lstrip("/"), source)
            except UnsafePath as exc:
                report.problem("unsafe-path", str(exc), origin, severity="loss")
                return url
            self.plan.report.mapped("asset", f"{what} `{url}` copied to `{new}`.", origin)
        self.urls[url] = new
        self.produced.add(new)
        return new

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
            if is_external(url):
                return None
            absolute = resolve(url, page_url or "/")
            suffix = PurePosixPath(absolute.split("?")[0].split("#")[0]).suffix.lower()
            if not suffix or suffix in PAGE_SUFFIXES or suffix in THEME_SUFFIXES:
                return None
            new = self.carry(absolute, origin, "linked file")
            return None if new == url else new
        return rewrite_links(body, fn)

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
            rel = safe_rel(url.lstrip("/").split("?")[0].split("#")[0])
        except UnsafePath:
            return None
        path = self.root / rel
        return path if path.is_file() else None  # carry() refuses one outside SRC


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
    from ..liquid import CORE_TAGS, include_params, replace_tokens
    from ..registry import THEMES, vocabulary
    if "{%" not in body:
        return body
    rules = vocabulary(source_theme).get("translations", []) if source_theme in THEMES else []
    runs = CORE_TAGS | set(vocabulary(target).get("tags", []))
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
        return "{% raw %}" + tok.text + "{% endraw %}"

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


def shim_includes(body: str, known: Iterable[str], plan: Plan, src_root: Path | None,
                  origin: Origin | None) -> None:
    """Every include the target lacks: copy the user's file from SRC, or write a shim that
    renders nothing, so the build never fails on it. Reported either way."""
    from ..liquid import include_name, tokenize
    known = set(known)
    names = [include_name(t) for t in tokenize(body) if t.kind == "tag"]
    for name in dict.fromkeys(n for n in names if n):
        if name in known or "{{" in name:
            continue
        try:
            rel = safe_rel(f"_includes/{name}")
        except UnsafePath:
            plan.report.problem("unsafe-path", f"include `{name}` points outside the site; "
                                "left as written.", origin, severity="loss")
            continue
        source = src_root / rel if src_root else None
        if source is not None and source.is_file() and not within(src_root, source):
            if rel not in plan.files:  # reported once, however many pages include it
                plan.report.problem("outside-src", "is a symbolic link to a file outside the "
                                    "site (SRC); it was not copied (a placeholder include was "
                                    "written instead).", rel, severity="loss")
            source = None
        if source is not None and source.is_file():
            plan.copy(rel, source)
            plan.report.verbatim("include-copied", f"include `{name}` is not part of the "
                                 f"target theme; your `{rel}` was copied along. Check that it "
                                 "works there.", origin)
        elif rel not in plan.files:
            plan.write(rel, f"{{% comment %}}sitemigrate: `{name}` does not exist in this "
                       "theme; this placeholder renders nothing. Replace the include in the "
                       "page or write this file.{% endcomment %}\n")
            plan.report.verbatim("include-shim", f"include `{name}` does not exist in the "
                                 f"target theme; kept in the page, with a placeholder "
                                 f"`{rel}` that renders nothing. Replace it by hand.", origin)


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
            plan.report.verbatim("extra-key", f"front-matter key `{key}` has no {theme} "
                                 "meaning; kept as written.", item.origin)
    body = translate_liquid(body, plan.report.source_theme, theme, plan, item.origin)
    body = copier.rewrite(body, url, item.origin)
    plan.write_document(out, front, body, item.fm_comments, item.newline)
    plan.report.mapped("item", f"`{item.path}` → `{out}`.", item.origin)
    plan.origins[item.path] = out


def set_key(mapping: Any, key: str, value: Any) -> None:
    """Set a key of a round-trip mapping in place, appending new keys at the end."""
    if key in mapping:
        mapping[key] = value
    else:
        mapping.insert(len(mapping), key, value)


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
    """The URL Jekyll gives a post under a permalink pattern (``/blog/:year/:title/``)."""
    if item.permalink:
        return item.permalink
    styles = {"date": "/:categories/:year/:month/:day/:title:output_ext",
              "pretty": "/:categories/:year/:month/:day/:title/",
              "ordinal": "/:categories/:year/:y_day/:title:output_ext",
              "none": "/:categories/:title:output_ext"}
    pattern = styles.get(pattern or "date", pattern or styles["date"])
    m = _POST_NAME.match(PurePosixPath(item.path).stem)
    title = m.group(4) if m else PurePosixPath(item.path).stem
    year, month, day = (item.date or "0000-00-00")[:10].split("-")
    cats = item.fields.get("categories") or []
    if isinstance(cats, str):
        cats = cats.split()
    url = (pattern.replace(":categories", "/".join(str(c).lower() for c in cats))
           .replace(":year", year).replace(":month", month).replace(":day", day)
           .replace(":title", title).replace(":output_ext", ".html"))
    return re.sub(r"/+", "/", url)


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
                    new += "\n\n{% comment %}\n" + old + "\n{% endcomment %}"
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
