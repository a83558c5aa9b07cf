"""Helpers that every theme module uses: walking a site, reading collections, assets.

No theme vocabulary lives here: callers pass key lists and paths from their mapping file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from ..content import is_external, resolve, rewrite_links
from ..dates import from_value
from ..ir import Asset, Item, Origin, Site, plain
from ..plan import Plan, UnsafePath, safe_rel
from ..report import Report
from ..textio import Document, load_yaml, read_document, read_text, render_document

PAGE_SUFFIXES = {".html", ".htm", ".md", ".markdown", ".xml", ".php"}
TEXT_SUFFIXES = {".md", ".markdown", ".html", ".htm", ".Rmd", ".rmd"}
_POST_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$")


def iter_files(folder: Path, root: Path, suffixes: Iterable[str] = TEXT_SUFFIXES) -> Iterator[
        tuple[Path, str]]:
    """Text files under ``folder`` (recursively, sorted), never following links out of root."""
    if not folder.is_dir():
        return
    root_resolved = root.resolve()
    for path in sorted(folder.rglob("*")):
        if path.suffix not in suffixes or not path.is_file():
            continue
        try:
            path.resolve().relative_to(root_resolved)
        except ValueError:
            continue  # a symlink pointing outside SRC: never followed
        yield path, path.relative_to(root).as_posix()


def iter_pages(root: Path) -> Iterator[tuple[Path, str]]:
    """`_pages/**` plus root-level pages that have front matter (Jekyll builds both)."""
    yield from iter_files(root / "_pages", root)
    for path in sorted(root.iterdir()) if root.is_dir() else ():
        if path.suffix in TEXT_SUFFIXES and path.is_file() and not path.is_symlink():
            with path.open("rb") as fh:
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


def check_liquid(doc: Document, report: Report) -> None:
    """Liquid that is already broken in SRC is kept as it is, and reported with its line."""
    from ..liquid import find_problems
    if "{" not in doc.body:
        return
    for problem in find_problems(doc.body):
        report.problem("liquid-broken", f"{problem.message}; kept as written (sitemigrate "
                       "does not repair it, and does not make it worse).", doc.rel,
                       doc.body_line + problem.line - 1)


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


def item_date(doc: Document, filename: str) -> str:
    value = doc.data.get("date")
    d = from_value(value) if value is not None else None
    if d is None:
        m = _POST_NAME.match(PurePosixPath(filename).stem)
        if m:
            d = from_value(f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}")
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
        check_liquid(doc, report)
        data = doc.data
        item = Item(path=rel, slug=path.stem, title=text(data.get("title")),
                    date=item_date(doc, path.name), body=doc.body,
                    permalink=text(data.get("permalink")), redirect=text(data.get("redirect")),
                    redirect_from=as_list(data.get("redirect_from"), rel, "redirect_from",
                                          report, doc.line_of("redirect_from")),
                    fm_comments=doc.comments(), newline=doc.newline, origin=Origin(rel, 1))
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


def site_path(url: str, base_dir: str) -> str:
    """A file reference as a site-relative path: bare names resolve in ``base_dir``."""
    url = url.strip()
    if not url or is_external(url):
        return url
    if url.startswith("/"):
        return url
    if "/" in url and url.split("/", 1)[0] in ("assets", "images", "files"):
        return "/" + url
    return f"/{base_dir.strip('/')}/{url}"


class AssetCopier:
    """Copies referenced SRC files into DEST and remembers old URL -> new URL."""

    def __init__(self, site: Site, plan: Plan, dirs: dict[str, str]) -> None:
        self.root = Path(site.source) if site.source else None
        self.plan = plan
        self.dirs = dirs
        self.urls: dict[str, str] = {}

    def kind_of(self, url: str) -> str:
        suffix = PurePosixPath(url).suffix.lower()
        if suffix in {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".ico"}:
            return "images"
        if suffix == ".pdf":
            return "pdfs"
        return "files"

    def carry(self, url: str, origin: Origin | str | None, what: str) -> str:
        """Copy the file behind site URL ``url``; returns its URL in DEST (or ``url``)."""
        if not url or is_external(url) or not url.startswith("/"):
            return url
        if url in self.urls:
            return self.urls[url]
        name = PurePosixPath(url.split("?")[0].split("#")[0]).name
        new = f"/{self.dirs[self.kind_of(url)]}/{name}"
        source = self._source(url)
        report = self.plan.report
        if source is None:
            report.problem("missing-file", f"{what} `{url}` does not exist in the source site; "
                           f"the link now points to `{new}`: put the file there.", origin)
        else:
            try:
                self.plan.copy(new.lstrip("/"), source)
            except UnsafePath as exc:
                report.problem("unsafe-path", str(exc), origin, severity="loss")
                return url
            self.plan.report.mapped("asset", f"{what} `{url}` copied to `{new}`.", origin)
        self.urls[url] = new
        return new

    def rewrite(self, body: str, page_url: str, origin: Origin | str | None) -> str:
        """Carry every file a body links to and point the link at its DEST URL.

        Page links (no file suffix, ``.html``/``.md``) are left alone: permalinks are kept."""
        def fn(url: str) -> str | None:
            if is_external(url):
                return None
            absolute = resolve(url, page_url or "/")
            suffix = PurePosixPath(absolute.split("?")[0].split("#")[0]).suffix.lower()
            if not suffix or suffix in PAGE_SUFFIXES:
                return None
            new = self.carry(absolute, origin, "linked file")
            return None if new == url else new
        return rewrite_links(body, fn)

    def _source(self, url: str) -> Path | None:
        if self.root is None:
            return None
        try:
            rel = safe_rel(url.lstrip("/").split("?")[0].split("#")[0])
        except UnsafePath:
            return None
        path = self.root / rel
        try:
            path.resolve().relative_to(self.root.resolve())
        except ValueError:
            return None
        return path if path.is_file() else None


def record_asset(site: Site, url: str, kind: str = "file") -> None:
    if url and url.startswith("/") and all(a.path != url for a in site.assets):
        site.assets.append(Asset(url, kind))  # type: ignore[arg-type]


def translate_body(body: str, role: str, source_theme: str, target: str, report: Report,
                   origin: Origin | None) -> str:
    """Swap the source theme's listing Liquid for the target's, translate known Liquid.

    Both vocabularies are data (``listings`` and ``translations`` in ``mappings/``)."""
    from ..registry import THEMES, vocabulary
    src = vocabulary(source_theme) if source_theme in THEMES else {}
    tgt = vocabulary(target)
    listing = src.get("listings", {}).get(role)
    target_listing = tgt.get("listings", {}).get(role)
    if listing and target_listing:
        for pattern in listing["match"]:
            m = re.search(pattern, body, re.S)
            if m:
                body = body[:m.start()] + target_listing["body"].rstrip("\n") + body[m.end():]
                report.mapped("listing", f"the {role} listing Liquid of {source_theme} was "
                              f"replaced by {target}'s.", origin)
                break
    for rule in src.get("translations", []):
        if target in rule:
            body, n = re.subn(rule["match"], rule[target], body)
            if n:
                report.mapped("liquid", f"{n} Liquid tag(s) matching `{rule['match']}` "
                              f"translated for {target}.", origin)
    return body


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


def write_item(plan: Plan, copier: AssetCopier, item: Item, front: Any, out: str, body: str,
               url: str, theme: str) -> None:
    """Finish a collection item for any writer: keep its unknown front-matter keys (reported),
    point its links at carried files, write it and remember where its content went."""
    for key, value in item.extra.items():
        if key not in front:
            front[key] = value
            plan.report.verbatim("extra-key", f"front-matter key `{key}` has no {theme} "
                                 "meaning; kept as written.", item.origin)
    body = copier.rewrite(body, url, item.origin)
    plan.write(out, render_document(front, body, item.fm_comments, item.newline))
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
                       skip: Iterable[str] = ()) -> tuple[str, list[str]]:
    """Like :func:`translate_body`'s listing swap, for pages that hold several listings (a CV
    page looping over publications, talks and teaching). A listing inside an HTML comment is
    left alone (it renders nothing); an HTML list wrapped around it goes with it. Roles in
    ``skip`` are not translated. Returns the body and the roles translated."""
    from ..cvmarkdown import mask_comments
    from ..registry import THEMES, vocabulary
    src = vocabulary(source_theme) if source_theme in THEMES else {}
    tgt = vocabulary(target)
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
                     if masked[m.start()] != " " or body[m.start()] == " "]
            for start, end in reversed(spans):
                body = body[:start] + target_listing["body"].rstrip("\n") + body[end:]
            if spans:
                done.append(role)
                report.mapped("listing", f"the {role} listing Liquid of {source_theme} was "
                              f"replaced by {target}'s.", origin)
                break
    return body, done
