"""The URL ledger: every address a Jekyll site serves, before and after conversion.

URLs are computed from files and ``_config.yml`` the way Jekyll computes them (page and
document ``permalink``, collection ``permalink`` patterns, the site ``permalink`` style for
posts, ``:categories``/``:title``/``:path``/``:name`` placeholders, ``.html`` vs pretty URLs).
Redirects are what the built site will answer for an old address: jekyll-redirect-from's
``redirect_from`` (when the plugin is enabled) and pages whose ``redirect:`` forwards (the
al-folio idiom). No theme names appear here: both are plain Jekyll and front-matter facts.
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .textio import load_safe

_POST = re.compile(r"^(\d{4})-(\d{2})-(\d{2})-(.+)$")
_STYLES = {"date": "/:categories/:year/:month/:day/:title:output_ext",
           "pretty": "/:categories/:year/:month/:day/:title/",
           "ordinal": "/:categories/:year/:y_day/:title:output_ext",
           "none": "/:categories/:title:output_ext"}
_CONVERTIBLE = {".md", ".markdown", ".html", ".htm", ".Rmd"}
_SKIP_TOP = {"_layouts", "_includes", "_sass", "_data", "_site", "_drafts", "_plugins",
             "node_modules", "vendor", ".git", ".sitemigrate", "_bibliography"}


@dataclass(slots=True)
class Served:
    url: str
    path: str
    redirect_to: str = ""
    """Non-empty when this address only forwards (redirect_from stub or ``redirect:``)."""


@dataclass(slots=True)
class LedgerRow:
    old: str
    new: str
    how: str  # "same" | "redirect" | "lost"
    source: str


def normalize(url: str) -> str:
    """The file a URL is served from: ``/x/`` -> ``/x/index.html``, ``/x`` -> ``/x.html``."""
    url = "/" + url.strip().lstrip("/")
    url = re.sub(r"/+", "/", url.split("#")[0].split("?")[0])
    if url.endswith("/"):
        return url + "index.html"
    if not PurePosixPath(url).suffix:
        return url + ".html"
    return url


# The only front-matter keys a URL depends on (see ``served``). Front matter that does not
# spell any of them has none of them: it needs no YAML parse here.
_URL_KEYS = re.compile(r"permalink|categor|slug|published|redirect")


def _split(text: str) -> tuple[str, int]:
    """The text with Unix line ends, and where its front matter ends (-1: no closing
    ``---``; -2: no front matter)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    return text, (text.find("\n---", 4) if text.startswith("---\n") else -2)


def _blank_after(text: str, end: int) -> bool:
    """Whether nothing but blanks follows the front matter that ends at ``end``."""
    return not text[end + 4:].lstrip("-\n").strip()


def _front(text: str) -> tuple[dict | None, bool]:
    """Front matter (None when the file has none: Jekyll copies such files as they are),
    and whether the file has no body (a page that only redirects)."""
    text, end = _split(text)
    if end == -2:
        return None, not text.strip()
    if end < 0:
        return {}, not text.strip()
    if not _URL_KEYS.search(text, 4, end):
        return {}, _blank_after(text, end)
    try:
        data = load_safe(text[4:end]) or {}
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


def served(files: Mapping[str, str], config: dict,
           fronts: dict[str, tuple[dict | None, bool]] | None = None) -> dict[str, Served]:
    """Every URL a site of ``files`` (path -> text) and ``config`` serves, by normalized URL.
    ``fronts`` caches parsed front matter by file text, between calls on similar trees."""
    out: dict[str, Served] = {}
    style = str(config.get("permalink") or "date")
    post_pattern = _STYLES.get(style, style)
    pretty = post_pattern.endswith("/")
    cols = config.get("collections") or {}
    cols = {str(k): (v if isinstance(v, dict) else {}) for k, v in
            (cols.items() if isinstance(cols, dict) else ((c, {}) for c in cols))}
    redirects_on = "jekyll-redirect-from" in (config.get("plugins") or config.get("gems") or [])
    included = {str(i).strip("/") for i in (config.get("include") or []) if isinstance(i, str)}
    for rel, text in files.items():
        p = PurePosixPath(rel)
        if p.suffix not in _CONVERTIBLE or p.parts[0] in _SKIP_TOP:
            continue
        if fronts is None:
            fm, blank = _front(text)
        elif (got := fronts.get(text)) is not None:
            fm, blank = got
        else:
            fm, blank = fronts[text] = _front(text)
        if fm is None:
            continue
        top = p.parts[0]
        url = None
        if top == "_posts" or (len(p.parts) > 1 and p.parts[-2] == "_posts"):
            m = _POST.match(p.stem)
            if not m:
                continue
            cats = fm.get("categories") or fm.get("category") or []
            cats = cats.split() if isinstance(cats, str) else [str(c) for c in cats]
            url = str(fm.get("permalink") or _fill(post_pattern, {
                "categories": "/".join(c.lower() for c in cats), "year": m[1], "month": m[2],
                "day": m[3], "title": str(fm.get("slug") or m[4]), "slug": m[4],
                "output_ext": ".html", "short_year": m[1][2:],
                "i_month": str(int(m[2])), "i_day": str(int(m[3]))}))
        elif top.startswith("_") and top[1:] in cols:
            name = top[1:]
            if not cols[name].get("output"):
                continue
            default = f"/:collection/:path{'/' if pretty else ':output_ext'}"
            inner = PurePosixPath(*p.parts[1:]).with_suffix("")
            url = str(fm.get("permalink") or _fill(str(cols[name].get("permalink") or default), {
                "collection": name, "path": str(inner), "name": p.stem, "title": p.stem,
                "output_ext": ".html"}))
        elif not top.startswith("_") or top in included:
            if fm.get("permalink"):
                url = str(fm["permalink"])
            else:
                stem = p.with_suffix("")
                url = "/" + (str(stem.parent) + "/" if stem.name == "index" else
                             str(stem) + ("/" if pretty else ".html"))
        if url is None or fm.get("published") is False or "://" in url:
            continue  # unpublished, or a menu link to another site (`permalink: https://..`)
        forward = ""
        target = fm.get("redirect") or (fm.get("redirect_to") if redirects_on else None)
        if target and blank:
            forward = "/" if target is True else str(target)
        out[normalize(url)] = Served(url, rel, forward)
        if redirects_on:
            extra = fm.get("redirect_from") or []
            for old in [extra] if isinstance(extra, str) else extra:
                out.setdefault(normalize(str(old)), Served(str(old), rel, url))
    return out


def read_tree(root: Path, skip: Container[str] = ()) -> tuple[dict[str, str], dict]:
    """The convertible files under ``root`` (path -> text), but those in ``skip``, and its
    config."""
    files = {}
    if root.is_dir():
        for path in root.rglob("*"):
            if path.suffix in _CONVERTIBLE:
                rel = path.relative_to(root).as_posix()
                if rel not in skip and path.is_file():
                    files[rel] = path.read_text("utf-8", "replace")
    return files, config_of(_read(root / "_config.yml"))


def _read(path: Path) -> str:
    return path.read_text("utf-8", "replace") if path.is_file() else ""


def config_of(text: str) -> dict:
    try:
        data = load_safe(text) if text else {}
    except Exception:
        data = {}
    return data if isinstance(data, dict) else {}


def ledger(old: dict[str, Served], new: dict[str, Served]) -> list[LedgerRow]:
    """For every old URL: where it lands in the new site, and how. A URL that climbs out of
    the site (``..``) is no address of it: the reader refused and reported it already."""
    from .content import climbs_out
    rows = []
    for key, was in sorted(old.items()):
        if climbs_out(was.url):
            continue
        now = new.get(key)
        if was.redirect_to:  # it forwarded before: it must still forward
            ok = now is not None and (now.redirect_to or now.url)
            rows.append(LedgerRow(was.url, (now.redirect_to or now.url) if ok else "",
                                  "redirect" if ok else "lost", was.path))
        elif now is None:
            rows.append(LedgerRow(was.url, "", "lost", was.path))
        elif now.redirect_to:
            rows.append(LedgerRow(was.url, now.redirect_to, "redirect", was.path))
        else:
            rows.append(LedgerRow(was.url, now.url, "same", was.path))
    return rows


def planned_tree(plan, dest: tuple[dict[str, str], dict] | None = None
                 ) -> tuple[dict[str, str], dict]:
    """DEST as the plan leaves it: DEST without what the last run wrote or this run deletes,
    plus the plan's files. Independent of earlier runs, so re-runs are identical.
    ``dest`` is :func:`dest_tree` of the plan when the caller already has it."""
    files, config = dest if dest is not None else dest_tree(plan)
    files = dict(files)
    for path, data in plan.files.items():
        if path == "_config.yml":
            config = config_of(data.decode("utf-8", "replace"))
        elif PurePosixPath(path).suffix in _CONVERTIBLE:
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
