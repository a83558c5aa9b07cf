"""The addresses Jekyll plugins generate without a file: archive pages (jekyll-archives,
jekyll-archives-v2) and the further pages of a paginated list (jekyll-paginate,
jekyll-paginate-v2). They are old URLs of a site like any page's (:mod:`.urls`).

Facts of the plugins (their configuration keys and defaults), no theme's:

* jekyll-archives (v1): `jekyll-archives: {enabled: [year, month, day, tags, categories] |
  all, permalinks: {year: /:year/, month: /:year/:month/, day: /:year/:month/:day/,
  tag: /tag/:name/, category: /category/:name/}}`, over the posts.
* jekyll-archives-v2: `jekyll-archives: {<collection>: {enabled: [...] | all, permalinks:
  {year: /:collection/:year/, ..., tags: /:collection/:type/:name/}}}` (`:type` is `tag`
  or `category`), per collection.
* jekyll-paginate-v2: a page whose front matter has `pagination: {enabled: true}` (merged over
  `pagination:` of `_config.yml`, whose `enabled` must be true) lists `collection` (posts;
  several, or `all`), but `hidden` documents, those of `category`/`tag`/`locale` when set,
  from `offset` on, `per_page` (10) at a time, at most `limit` pages; page N > 1 is at the
  page's `permalink` (else its folder) + `permalink` (`/page:num/`; `:num`, `:max`).
* jekyll-paginate (and v2 with `paginate:` and no `pagination:`): `paginate: N` pages the
  posts (but `hidden` ones) of the `index.html` file in the folder of `paginate_path`
  (`/page:num`) or the nearest folder above; page N > 1 is the folder `paginate_path` names.

An archive page's content is the listing page of its collection (the page at the address
the archive's permalink starts with, else the home page): that page is the file it is
"served from", where a conversion forwards it when the new site has no such address.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

_V1_PERMALINKS = {"year": "/:year/", "month": "/:year/:month/", "day": "/:year/:month/:day/",
                  "tags": "/tag/:name/", "categories": "/category/:name/"}
_V1_KEYS = {"tags": "tag", "categories": "category"}  # v1 names its permalinks so
_V2_PERMALINKS = {"year": "/:collection/:year/", "month": "/:collection/:year/:month/",
                  "day": "/:collection/:year/:month/:day/"}
_DATES = ("year", "month", "day")
_POST_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-")  # as Jekyll names posts

Doc = tuple[str, dict, "_dt.date | None"]  # (path, front matter, date)


def plugins(config: Mapping) -> set[str]:
    """The plugins `_config.yml` loads (`plugins:`, older `gems:`)."""
    names: set[str] = set()
    for key in ("plugins", "gems"):
        value = config.get(key)
        if isinstance(value, list):
            names |= {str(v) for v in value if v is not None}
    return names


Generated = tuple[str, str, "tuple[str, str] | None"]


def generated(docs: Mapping[str, list[Doc]], pages: list[tuple[str, str, dict]],
              config: Mapping, slugify: Callable[[str], str]) -> list[Generated]:
    """(url, the file whose content it shows, what it archives) of every generated address:
    a posts' archive page's kind (`year`, `month`, `day`, `tags`, `categories`) and name
    (the date, the tag as written), None for a page of a paginated list or an archive of
    another collection. ``docs``: the documents of each collection (`posts` included), as
    (path, front matter, date); ``pages``: the pages as (path, url, front matter)."""
    loaded = plugins(config)
    urls: list[Generated] = []  # (url, the collection, kind and name)
    archives = config.get("jekyll-archives")
    if isinstance(archives, dict) and loaded & {"jekyll-archives", "jekyll-archives-v2"}:
        if "jekyll-archives-v2" in loaded:
            for name, conf in archives.items():
                if isinstance(conf, dict) and str(name) in docs:
                    perms = {**_V2_PERMALINKS, **(conf.get("permalinks") or {})}
                    urls += [(u, str(name), a if name == "posts" else None) for u, a in
                             _archives(str(name), docs[str(name)], conf.get("enabled"), perms,
                                       slugify, v2=True)]
        else:
            own = archives.get("permalinks")
            own = own if isinstance(own, dict) else {}
            perms = {kind: own.get(_V1_KEYS.get(kind, kind)) or default
                     for kind, default in _V1_PERMALINKS.items()}
            urls += [(u, "posts", a) for u, a in _archives(
                "posts", docs.get("posts", []), archives.get("enabled"), perms, slugify, v2=False)]
    found: list[Generated] = [(url, _owner(url, name, pages, config, loaded), kind)
                              for url, name, kind in dict.fromkeys(urls)]
    found += _paginated(docs, pages, config, loaded)
    return found


def _archives(collection: str, docs: list[Doc], enabled: Any, perms: Mapping[str, Any],
              slugify: Callable[[str], str], v2: bool) -> list[tuple[str, tuple[str, str]]]:
    if enabled in (True, "all"):
        kinds = [*_DATES, "tags", "categories"]
    elif isinstance(enabled, list):
        kinds = [str(k) for k in enabled]
    else:
        return []
    urls = []
    for kind in kinds:
        template = perms.get(kind) or ("/:collection/:type/:name/" if v2 else "")
        if not template:
            continue
        for value in sorted({v for doc in docs for v in _values(kind, doc)}):
            parts = {"collection": collection, "type": "category" if kind == "categories"
                     else kind.removesuffix("s")}
            if kind in _DATES:
                parts.update(zip(("year", "month", "day"), value.split("-"), strict=False))
            else:
                parts["name"] = slugify(value)
            url = str(template)
            for key in sorted(parts, key=len, reverse=True):
                url = url.replace(f":{key}", parts[key])
            urls.append((url, (kind, value)))
    return urls


def _values(kind: str, doc: Doc) -> list[str]:
    """A document's years/months/days, or its tags/categories as Jekyll reads them: the
    singular key (`tag`, `category`) is one name however many words it has, the plural one
    (`tags`, `categories`) a list or words in a string; `tag` wins over `tags`, categories
    are both."""
    _, front, date = doc
    if kind in _DATES:
        return [date.strftime({"year": "%Y", "month": "%Y-%m", "day": "%Y-%m-%d"}[kind])] \
            if date else []
    one = "category" if kind == "categories" else "tag"
    found = _names(front.get(kind), split=True) if kind == "categories" or one not in front \
        else []
    if one in front:
        found += _names(front.get(one), split=False)
    return list(dict.fromkeys(found))


def taxonomy(kind: str, front: Mapping, date: _dt.date | None = None) -> list[str]:
    """A document's tags or categories (``kind``) as Jekyll reads its front matter, or the
    year, month or day of its ``date``."""
    return _values(kind, ("", dict(front), date))


def _names(value: Any, split: bool) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value if v is not None]
    if value is None:
        return []
    return str(value).split() if split else [str(value)]


def _owner(url: str, collection: str, pages: list[tuple[str, str, dict]], config: Mapping,
           loaded: set[str]) -> str:
    """The page an archive address of ``collection`` belongs to: the page at the static
    start of its permalink (`/blog/` for `/blog/2015/`), else the page whose
    jekyll-paginate-v2 paginator lists that collection (a blog moved to `/Blog/`), else the
    home page."""
    by_url = {u: rel for rel, u, _ in pages}
    parts = url.strip("/").split("/")
    for n in range(len(parts) - 1, 0, -1):
        at = "/" + "/".join(parts[:n]) + "/"
        if at in by_url:
            return by_url[at]
    site = config.get("pagination")
    if "jekyll-paginate-v2" in loaded and isinstance(site, dict) and site.get("enabled"):
        for rel, _, front in pages:
            own = front.get("pagination")
            if isinstance(own, dict) and own.get("enabled") and collection in _names_listed(
                    {**site, **own}.get("collection")):
                return rel
    return by_url.get("/", "_config.yml")


def _paginated(docs: Mapping[str, list[Doc]], pages: list[tuple[str, str, dict]],
               config: Mapping, loaded: set[str]) -> list[Generated]:
    found: list[Generated] = []
    site = config.get("pagination")
    legacy = config.get("paginate") is not None and (
        "jekyll-paginate" in loaded or ("jekyll-paginate-v2" in loaded and site is None))
    if "jekyll-paginate-v2" in loaded and not legacy and isinstance(site, dict) \
            and site.get("enabled"):
        for rel, url, front in pages:
            own = front.get("pagination")
            if not isinstance(own, dict) or not own.get("enabled"):
                continue  # the gem takes only pages that enable it themselves
            conf = {**site, **own}
            items = _filtered(_listed(docs, conf.get("collection")), conf)
            if conf.get("sort_field", "date"):  # the gem drops `offset` items only so
                items = items[max(0, _int(conf.get("offset"), 0)):]
            total = math.ceil(len(items) / max(1, _int(conf.get("per_page"), 10)))
            if _int(conf.get("limit"), 0) > 0:
                total = min(total, _int(conf.get("limit"), 0))
            permalink = front.get("permalink")
            base = str(permalink).rstrip("/") + "/" if permalink else \
                url if url.endswith("/") else url.rsplit("/", 1)[0] + "/"
            template = str(conf.get("permalink") or "/page:num/")
            for num in range(2, total + 1):
                found.append((base.rstrip("/") + "/" + template.replace(":num", str(num))
                              .replace(":max", str(total)).lstrip("/"), rel, None))
    per_page = _int(config.get("paginate"), 0)
    if legacy and per_page > 0:
        path = "/" + str(config.get("paginate_path") or "/page:num").strip("/") + "/"
        index = _legacy_template(pages, path)
        posts = [d for d in docs.get("posts", []) if not d[1].get("hidden")]
        if index is not None:  # page N is the folder `paginate_path` names, an index.html
            for num in range(2, math.ceil(len(posts) / per_page) + 1):
                found.append((path.replace(":num", str(num)), index, None))
    return found


def _names_listed(collection: Any) -> list[str]:
    """The collection names of jekyll-paginate-v2's `collection:` (split at `,`, `;` or
    spaces, lower case; `posts` when it is not set)."""
    names = re.split(r"[;,\s]", collection) if isinstance(collection, str) else \
        [str(c) for c in collection] if isinstance(collection, list) else ["posts"]
    return [n.strip().lower() for n in names if n.strip()]


def _listed(docs: Mapping[str, list[Doc]], collection: Any) -> list[Doc]:
    """The documents jekyll-paginate-v2 lists for `collection:` (:func:`_names_listed`;
    `all`: every collection but the posts), without those marked `hidden`."""
    listed: list[Doc] = []
    for name in _names_listed(collection):
        listed += [d for c, items in docs.items() if c != "posts" for d in items
                   if "pagination" not in d[1]] if name == "all" else docs.get(name, [])
    return [d for d in listed if not d[1].get("hidden")]


def _filtered(items: list[Doc], conf: Mapping) -> list[Doc]:
    """jekyll-paginate-v2's `category`, `tag` and `locale` filters: only the documents that
    have every name listed (`,`/`;`-separated, any case)."""
    for key, kind in (("category", "categories"), ("tag", "tags"), ("locale", "locale")):
        wanted = conf.get(key)
        if wanted is None:
            continue
        names = re.split(r"[;,]", wanted) if isinstance(wanted, str) else \
            [str(w) for w in wanted] if isinstance(wanted, list) else [str(wanted)]
        for name in {n.strip().lower() for n in names}:
            if key == "category" and name == "posts":
                continue  # the gem's name for every post
            items = [d for d in items if name in _index_names(kind, d)]
    return items


def _index_names(kind: str, doc: Doc) -> set[str]:
    """The names the gem indexes a document under: its tags, categories or locale, lower
    case, split at `,` and `;` (and, in a string, at spaces)."""
    values = _values(kind, doc) if kind != "locale" else _names(doc[1].get("locale"), True)
    return {n.strip().lower() for v in values for n in re.split(r"[;,]", v) if n.strip()}


def _legacy_template(pages: list[tuple[str, str, dict]], path: str) -> str | None:
    """jekyll-paginate's template: the page file named `index.html` in the folder of
    `paginate_path` or a folder above it, the deepest one."""
    folders = path.strip("/").split("/")[:-1]
    for n in range(len(folders), -1, -1):
        want = "/".join([*folders[:n], "index.html"])
        if any(rel == want for rel, _, _ in pages):
            return want
    return None


def _int(value: Any, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except (TypeError, ValueError):
        return default


def post_date(rel: str, front: Mapping) -> _dt.date | None:
    """A document's date: its front matter's `date`, else its file name's
    (`YYYY-MM-DD-name`, in a collection as in `_posts`); None for neither."""
    value = front.get("date")
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, str) and (m := re.match(r"(\d{4})-(\d{1,2})-(\d{1,2})", value.strip())):
        try:
            return _dt.date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return None
    m = _POST_NAME.match(rel.rsplit("/", 1)[-1])
    try:
        return _dt.date(int(m[1]), int(m[2]), int(m[3])) if m else None
    except ValueError:
        return None


def site_date(config: Mapping) -> _dt.date:
    """The day of Jekyll's `site.time`: `time:` of `_config.yml`, else the day of the build
    (here: of the conversion). A document with no date of its own has it, so its year
    archive is the build's year (`/books/2026/` for an undated book built in 2026)."""
    return post_date("", {"date": config.get("time")}) or _dt.date.today()
