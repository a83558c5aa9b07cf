"""Social and academic profile links, between a theme's keys and the neutral model.

Everything theme-specific lives in ``mappings/socials.yml``: one row per service, one column per
theme id (``al-folio``, ``al-folio-old``, ``academicpages``, ...); a theme without a column there
may carry its own in its mapping file (``socials:``, service -> column). This module only
interprets it, so it knows no theme by name. A theme column says which key the theme reads and
whether it wants a handle (``id``), a full ``url``, a boolean ``flag`` or a mapping of named
``fields``.

Reading is lenient (a URL under an ``id`` key is parsed for its handle; a bare handle under a
``url`` key is expanded with the row's template); writing is strict: :func:`write_social` returns
``None`` when the target theme cannot show the profile, and the caller reports it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ruamel.yaml import YAML

from .ir import Social
from .mapdata import load_mapping

if TYPE_CHECKING:
    from .report import Report

__all__ = ["Column", "ServiceRow", "Social", "known_keys", "load_table", "read_social",
           "service_row", "social_from_url", "themes", "write_social"]

MAPPING_FILE = "socials.yml"
KINDS = ("id", "url", "flag", "fields")
_ROW_FIELDS = {"service", "label", "url", "parse"}
_COLUMN_FIELDS = {"key", "value", "aliases", "write", "url", "parse"}
_URL_RE = re.compile(r"^(?:[a-z][a-z0-9+.-]*://|mailto:)", re.IGNORECASE)
_FALSE_WORDS = {"false", "no", "off", "0", "none", "null"}


class SocialLike(Protocol):
    service: str
    handle: str | None
    url: str | None


@dataclass(frozen=True, slots=True)
class Column:
    """One theme's column of a row, in full."""

    key: str
    kind: str
    """``id``, ``url``, ``flag`` or ``fields``."""
    aliases: tuple[str, ...] = ()
    """More keys accepted when reading."""
    writable: bool = True
    url_template: str | None = None
    """``fields`` only: URL with ``{name}`` placeholders."""
    parse_regex: str | None = None
    """``fields`` only: regex with named groups, one per field."""


@dataclass(frozen=True, slots=True)
class ServiceRow:
    """One service of ``mappings/socials.yml`` (a row): its label, its URL's shape and each
    theme's key for it."""

    service: str
    label: str
    url_template: str | None
    parse_regex: str | None
    columns: dict[str, tuple[str, str]]
    """theme -> (key, kind)."""
    specs: dict[str, Column] = field(default_factory=dict)
    """theme -> the full column (aliases, read-only flag, fields template)."""

    def build_url(self, handle: str) -> str | None:
        """The profile URL for ``handle``, or None for a URL-only service."""
        return self.url_template.format(id=handle) if self.url_template else None

    def parse_url(self, url: str) -> str | None:
        """The handle found in ``url`` (first group that matched), or None."""
        if not self.parse_regex:
            return None
        m = re.search(self.parse_regex, url)
        if m is None:
            return None
        return next((g for g in m.groups() if g), None)


# -- the table ----------------------------------------------------------------------------------

def load_table(path: Path | None = None) -> list[ServiceRow]:
    """The rows of ``mappings/socials.yml`` (or of ``path``), checked. Cached per path."""
    return list(_load_table(None if path is None else Path(path)))


@functools.lru_cache(maxsize=8)
def _load_table(path: Path | None) -> tuple[ServiceRow, ...]:
    if path is None:
        data, where = _with_theme_columns(load_mapping(MAPPING_FILE)), MAPPING_FILE
    else:
        with path.open(encoding="utf-8") as fh:
            data, where = YAML(typ="safe").load(fh), str(path)
    return tuple(_rows(data, where))


_THEME_COLUMNS: dict[str, Any] = {}
"""Theme name -> its own column (``socials:`` of its mapping file), as the registry resolved
the theme (:func:`add_theme_columns`)."""


def add_theme_columns(theme: str, columns: Any) -> None:
    """Theme ``theme`` carries its own column of the table in its mapping file (``socials:``,
    service -> column): the registry hands it over when it resolves the theme. It counts
    unless the table has a column of that name."""
    if _THEME_COLUMNS.get(theme) is not columns:
        _THEME_COLUMNS[theme] = columns
        _load_table.cache_clear()
        _index.cache_clear()


def _with_theme_columns(data: Any) -> Any:
    """The table with the columns resolved themes carry in their own mapping file
    (:func:`add_theme_columns`), for each theme that has no column here: a theme from another
    package brings its own."""
    if not isinstance(data, list):
        return data
    have = {str(k) for row in data if isinstance(row, Mapping) for k in row} - _ROW_FIELDS
    extra = {name: cols for name, cols in _THEME_COLUMNS.items() if name not in have}
    extra = {name: cols for name, cols in extra.items() if cols}
    if not extra:
        return data
    rows = [dict(row) if isinstance(row, Mapping) else row for row in data]
    by_service = {str(row.get("service")): row for row in rows if isinstance(row, dict)}
    for theme, cols in extra.items():
        if not isinstance(cols, Mapping):
            raise ValueError(f"{theme}: `socials` of its mapping is not service -> column")
        for service, spec in cols.items():
            if str(service) not in by_service:
                raise ValueError(f"{theme}: `socials` names service {service!r}, which "
                                 f"{MAPPING_FILE} does not list")
            by_service[str(service)][theme] = spec
    return rows


def forget() -> None:
    """Drop the cached table and the themes' columns (the registry calls this when the set
    of themes changes)."""
    _THEME_COLUMNS.clear()
    _load_table.cache_clear()
    _index.cache_clear()


def _rows(data: Any, where: str) -> list[ServiceRow]:
    if not isinstance(data, list):
        raise ValueError(f"{where}: expected a list of service rows")
    rows: list[ServiceRow] = []
    seen: set[str] = set()
    keys: dict[str, dict[str, str]] = {}
    for n, raw in enumerate(data, 1):
        if not isinstance(raw, Mapping) or not raw.get("service"):
            raise ValueError(f"{where}: row {n} has no `service`")
        service = str(raw["service"])
        ctx = f"{where}: service {service!r}"
        if service in seen:
            raise ValueError(f"{ctx}: listed twice")
        seen.add(service)
        template = _opt_str(raw.get("url"))
        parse = _opt_str(raw.get("parse"))
        if template is not None and "{id}" not in template:
            raise ValueError(f"{ctx}: `url` lacks {{id}}")
        if parse is not None:
            _check_regex(parse, ctx, named=())
        columns: dict[str, tuple[str, str]] = {}
        specs: dict[str, Column] = {}
        for theme, spec in raw.items():
            if theme in _ROW_FIELDS:
                continue
            col = _column(spec, f"{ctx}, column {theme!r}")
            used = keys.setdefault(str(theme), {})
            for key in (col.key, *col.aliases):
                if key in used:
                    raise ValueError(f"{ctx}: key {key!r} of column {theme!r} is also used by "
                                     f"{used[key]!r}")
                used[key] = service
            columns[str(theme)] = (col.key, col.kind)
            specs[str(theme)] = col
        rows.append(ServiceRow(service, str(raw.get("label") or service), template, parse,
                               columns, specs))
    return rows


def _column(spec: Any, ctx: str) -> Column:
    if not isinstance(spec, Mapping) or not spec.get("key"):
        raise ValueError(f"{ctx}: expected a mapping with `key`")
    unknown = set(spec) - _COLUMN_FIELDS
    if unknown:
        raise ValueError(f"{ctx}: unknown field(s) {sorted(unknown)}")
    kind = str(spec.get("value", "id"))
    if kind not in KINDS:
        raise ValueError(f"{ctx}: `value` must be one of {KINDS}, not {kind!r}")
    template, parse = _opt_str(spec.get("url")), _opt_str(spec.get("parse"))
    if kind == "fields":
        if not template or not parse:
            raise ValueError(f"{ctx}: a `fields` column needs its own `url` and `parse`")
        names = tuple(re.findall(r"{(\w+)}", template))
        if not names:
            raise ValueError(f"{ctx}: `url` has no {{field}} placeholder")
        _check_regex(parse, ctx, named=names)
    elif template or parse:
        raise ValueError(f"{ctx}: only a `fields` column has its own `url`/`parse`")
    aliases = spec.get("aliases") or []
    if not isinstance(aliases, list):
        raise ValueError(f"{ctx}: `aliases` must be a list")
    return Column(str(spec["key"]), kind, tuple(str(a) for a in aliases),
                  spec.get("write", True) is not False, template, parse)


def _check_regex(pattern: str, ctx: str, named: tuple[str, ...]) -> None:
    try:
        rx = re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"{ctx}: bad `parse` regex: {exc}") from None
    if rx.groups < 1:
        raise ValueError(f"{ctx}: `parse` regex has no group")
    missing = set(named) - set(rx.groupindex)
    if missing:
        raise ValueError(f"{ctx}: `parse` regex lacks named group(s) {sorted(missing)}")


def _opt_str(value: Any) -> str | None:
    return None if value in (None, "") else str(value)


@dataclass(frozen=True, slots=True)
class _Index:
    """``mappings/socials.yml`` indexed by service and by each theme's keys."""

    by_service: dict[str, ServiceRow]
    by_key: dict[str, dict[str, tuple[ServiceRow, Column]]]
    """theme -> key (or alias) -> (row, column)."""
    by_name: dict[str, ServiceRow]
    """a service's id and label as :func:`_name_key` compares them -> its row."""


@functools.lru_cache(maxsize=1)
def _index() -> _Index:
    by_service: dict[str, ServiceRow] = {}
    by_key: dict[str, dict[str, tuple[ServiceRow, Column]]] = {}
    by_name: dict[str, ServiceRow] = {}
    for row in _load_table(None):
        by_service[row.service] = row
        for name in (row.service, row.label):
            by_name.setdefault(_name_key(name), row)
        for theme, col in row.specs.items():
            keys = by_key.setdefault(theme, {})
            for key in (col.key, *col.aliases):
                keys[key] = (row, col)
    return _Index(by_service, by_key, by_name)


def _theme_keys(theme: str) -> dict[str, tuple[ServiceRow, Column]]:
    keys = _index().by_key.get(theme)
    if keys is None:
        raise ValueError(f"no column {theme!r} in {MAPPING_FILE}; known: {', '.join(themes())}")
    return keys


def themes() -> list[str]:
    """The theme ids that have a column in the table."""
    return sorted(_index().by_key)


def known_keys(theme: str) -> set[str]:
    """Every key (aliases included) the theme's column recognises."""
    return set(_theme_keys(theme))


def service_row(service: str) -> ServiceRow | None:
    return _index().by_service.get(service)


# -- reading ------------------------------------------------------------------------------------

def read_social(theme: str, key: str, value: object,
                links: Mapping[str, tuple[str, str]] | None = None) -> Social | None:
    """The profile that ``key: value`` stands for in ``theme``.

    ``None`` when the key is not a social key of that theme, and also when the value is empty
    (``None``, blank, a false flag): there is nothing to carry over. Use :func:`known_keys` to tell
    the two apart. The handle and URL are filled in as far as the row allows. A key of
    ``links`` (:func:`linked_keys`: the site's own include links it into an address) is the
    profile of the service that address is of, where it is one the table knows.
    """
    hit = _theme_keys(theme).get(key)
    if hit is None and links and key in links and isinstance(value, (str, int)) \
            and not _is_empty(value):
        return social_from_url(links[key][0] + _text(value) + links[key][1])
    if hit is None or _is_empty(value):
        return None
    row, col = hit
    if col.kind == "flag":
        return Social(row.service) if _truthy(value) else None
    if col.kind == "fields" and isinstance(value, Mapping):
        parts = {str(k): _text(v) for k, v in value.items() if not _is_empty(v)}
        try:
            url = col.url_template.format_map(parts) if col.url_template else None
        except (KeyError, IndexError):
            return None  # incomplete: nothing usable
        return Social(row.service, None, url)
    if isinstance(value, Mapping):  # e.g. {url: ..., title: ...}
        value = value.get("url")
        if _is_empty(value):
            return None
    return _from_text(row, col, _text(value))


def read_owner_social(theme: str, key: str, value: object) -> Social | None:
    """:func:`read_social`, and for a key of the owner's own (one ``theme``'s column does
    not name: `author.dblp`, `author.research_gate`) that names a service of the table (its
    id or label, letters and digits compared) and holds an address of that service, that
    profile. A key that names no service is not read by its address alone: an address
    shaped as another service's (a `/@name` page of any host) is not that service."""
    if key in _theme_keys(theme):
        return read_social(theme, key, value)
    if not isinstance(value, str) or not _URL_RE.match(value.strip()):
        return None
    row = _index().by_name.get(_name_key(key))
    if row is None:
        return None
    url = value.strip()
    handle = row.parse_url(url)
    if row.parse_regex and handle is None:
        return None
    return Social(row.service, handle, url)


def _name_key(name: str) -> str:
    """A service's id, label or key as compared: its letters and digits, lower case."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


_SITE_LINK = re.compile(r"""href=(["'])([^"'{}]*)\{\{-?\s*site\.([\w-]+)\s*-?\}\}([^"'{}]*)\1""")


def linked_keys(text: str) -> dict[str, tuple[str, str]]:
    """The config keys an include (a site's own list of profile icons) writes into a link's
    address, with the address around the value: `href="https://x.org/a/{{ site.KEY }}"` ->
    ``{"KEY": ("https://x.org/a/", "")}``."""
    return {m[3]: (m[2], m[4]) for m in _SITE_LINK.finditer(text) if _URL_RE.match(m[2])}


def social_from_url(url: str) -> Social | None:
    """The service a profile URL belongs to (first row whose ``parse`` matches), or None.

    For links that come without a key, e.g. custom entries or links in page text.
    """
    url = url.strip()
    if not _URL_RE.match(url):
        return None
    for row in _index().by_service.values():
        handle = row.parse_url(url)
        if handle is not None:
            return Social(row.service, handle, url)
    return None


def _from_text(row: ServiceRow, col: Column, text: str) -> Social:
    if _URL_RE.match(text):
        return Social(row.service, row.parse_url(text), text)
    handle = row.parse_url(text)
    if handle is not None:  # a URL without its scheme, e.g. "linkedin.com/in/name"
        return Social(row.service, handle, "https://" + text)
    if row.url_template is None:  # a URL-only service, or a plain value such as a file name
        if col.kind == "url":
            return Social(row.service, None, text)
        return Social(row.service, text, None)
    # A handle. Normalise it through the template and back: drops stray "&hl=en", trailing "/".
    built = row.build_url(text)
    again = row.parse_url(built) if built else None
    handle = again or text
    return Social(row.service, handle, row.build_url(handle))


# -- writing ------------------------------------------------------------------------------------

def describe(social: SocialLike) -> str:
    """The profile for a message: `service` and its address, or what it is when it has none
    (a switch such as al-folio's `rss_icon`)."""
    value = social.url or social.handle
    return (f"`{social.service}` ({value})" if value
            else f"`{social.service}` (an on/off switch, no address)")


def newly_shown(social: Social) -> str:
    """The words a mapped profile's line adds when the source site never showed it."""
    return (f" (`{social.key}` was on no page or sidebar of the old site; here it becomes "
            "a profile link of the new template: remove it if you do not want it shown)"
            if social.shown is False else "")


def report_unshown(report: Report, social: Social, what: str, done: str) -> None:
    """A profile the target has no ``what`` for, that the source never showed either
    (:attr:`Social.shown`): nothing a visitor saw is lost, and the report says so."""
    report.mapped("social", f"social profile {describe(social)}: `{social.key}` was on no page "
                  f"or sidebar of the old site, and the new template has no {what} for it "
                  f"either ({done}; nothing a visitor saw is lost). To show it, add the link "
                  "to the about page.", social.origin)


def write_social(theme: str, social: SocialLike) -> tuple[str, Any] | None:
    """``(key, value)`` for ``theme``, the value in the form the theme expects.

    The value is a string, except ``True`` for a ``flag`` column and a mapping for a ``fields``
    column. ``None`` when the theme has no (writable) key for the service, or when the form it
    needs cannot be derived (it wants a handle and only an unparseable URL is known, or a URL and
    the service has no template). The caller reports it.
    """
    _theme_keys(theme)
    row = _index().by_service.get(social.service)
    col = row.specs.get(theme) if row else None
    if row is None or col is None or not col.writable:
        return None
    if col.kind == "flag":
        return (col.key, True)
    handle = social.handle or (row.parse_url(social.url) if social.url else None)
    if col.kind == "id":
        return (col.key, handle) if handle else None
    if col.kind == "url":
        url = social.url or (row.build_url(handle) if handle else None)
        return (col.key, url) if url else None
    # fields
    m = re.search(col.parse_regex, social.url) if social.url and col.parse_regex else None
    return (col.key, dict(m.groupdict())) if m else None


# -- helpers ------------------------------------------------------------------------------------

def _is_empty(value: object) -> bool:
    if value is None or value is False:
        return True
    if isinstance(value, str):
        return not value.strip()
    if isinstance(value, (Mapping, list, tuple)):
        return not value
    return False


def _truthy(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in _FALSE_WORDS
    return bool(value)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()
