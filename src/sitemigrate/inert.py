"""What the converter writes stays inert: no text of SRC becomes a script in DEST.

Addresses the converter writes as menu entries, redirects and links: only ever a web
address (``http``, ``https``), a ``mailto:`` or a path of the site. Anything else
(``javascript:``, ``data:``, ``vbscript:`` ...) would become a live script once the site is
built: it is reported and not carried. The rule looks at the address as a browser does:
HTML character references decoded, the blanks and control characters it ignores dropped,
the scheme compared without case."""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .ir import Origin, Site
    from .report import Report

SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_SCHEME = re.compile(r"([a-z][a-z0-9+.\-]*):")
_IGNORED = re.compile(r"[\x00-\x20\x7f]+")  # what a browser drops from (or around) a URL
# blanks and invisible characters pasted around an address (a byte-order mark, a zero-width
# space): no part of the address the owner meant, and they turn `https://...` into a path
_AROUND = re.compile(r"^[\s\ufeff\u200b-\u200d\u2060]+|[\s\ufeff\u200b-\u200d\u2060]+$")


def visible(url: str) -> str:
    """``url`` without the blanks and invisible characters around it."""
    return _AROUND.sub("", url) if url else url


_CHARREF = re.compile(r"&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]{1,31};?)")


def decode_entities(text: str) -> str:
    """``text`` with its HTML character references decoded (``&amp;`` -> ``&``), except those
    of ``<`` and ``>``, which stay references: a source that showed ``&lt;img ...&gt;`` as
    words keeps showing words, where the decoded ``<img ...>`` would be markup that runs.
    Markup written as such (``<i>``) is left as it is."""
    def one(match: re.Match[str]) -> str:
        decoded = html.unescape(match.group())
        if "<" in decoded or ">" in decoded:
            return match.group() if match.group().endswith(";") else match.group() + ";"
        return decoded
    return _CHARREF.sub(one, text)


def scheme(url: str) -> str | None:
    """The scheme a browser would read ``url`` with (lowercase), None for a path."""
    text = url
    for _ in range(3):  # `&amp;#106;` is `&#106;` once decoded: decode until it is stable
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    found = _SCHEME.match(_IGNORED.sub("", text).lower())
    return found.group(1) if found else None


def is_safe(url: str) -> bool:
    """``url`` is a web address, a ``mailto:`` or a site path (or empty)."""
    found = scheme(url)
    return found is None or found in SAFE_SCHEMES


def short(value: str) -> str:
    value = value.replace("`", "'").replace("\n", " ")
    return value if len(value) <= 40 else value[:37] + "..."


def scrub(site: Site, report: Report) -> None:
    """Drop every address of ``site`` that is not :func:`is_safe` (a menu entry, a page's
    permalink, redirect or old URL, a publication's or a profile's link), with a finding
    each. The advice comes first, so a cut summary line still says what to do."""
    for value, owner, key, origin in list(_addresses(site)):
        if visible(value) != value:
            value = _replace(owner, key, visible(value))
        if is_safe(value):
            continue
        if isinstance(owner, list):
            owner.remove(key)
        elif isinstance(owner, dict):
            owner.pop(key, None)
        else:
            setattr(owner, key, None if key == "url" and hasattr(owner, "service") else "")
        tell_unsafe(report, value, origin)


def tell_unsafe(report: Report, value: str, origin: Origin | str | None,
                line: int | None = None, more: list[int] | None = None,
                why: str = "") -> None:
    """The ``unsafe-link`` finding for an address not carried (here or by
    :mod:`sitemigrate.inert_text`, in the owner's text: its words are kept; ``more``: the
    other lines of the file it is on; ``why``: why a ``data:`` picture is not kept as a
    file)."""
    also = f" (also on line{'s' if len(more) > 1 else ''} {', '.join(map(str, more))})" \
        if more else ""
    how = (" (save what it holds as a file of the site and link that)"
           if scheme(value) == "data" else _meant(scheme(value)))
    why = f" (not kept as a picture file: {why})" if why else ""
    report.problem("unsafe-link", f"not carried{why}: only http(s), mailto or site-path links "
                   "are written (others can run as script); fix this link"
                   f"{how}: `{short(value)}`{also}.", origin, line, severity="loss")


def _meant(found: str | None) -> str:
    """A hint for a scheme that is a typing slip of a safe one (`maito:`, `htps:`): what
    the owner meant, to write again."""
    close = difflib.get_close_matches(found or "", _SAFE_SCHEMES, n=1, cutoff=0.75)
    return f" (did you mean `{close[0]}:`?)" if close and found not in _SAFE_SCHEMES else ""


_SAFE_SCHEMES = ["http", "https", "mailto"]


def _replace(owner: Any, key: Any, value: str) -> str:
    """Put ``value`` where :func:`_addresses` found an address (see :data:`_Address`)."""
    if isinstance(owner, list):
        if isinstance(key, str):
            owner[owner.index(key)] = value
        else:
            key.url = value
    elif isinstance(owner, dict):
        owner[key] = value
    else:
        setattr(owner, key, value)
    return value


_Address = tuple[str, Any, Any, "Origin | str | None"]
"""(address, what holds it, its key there (an attribute, a dict key, the list item), where
it was read)."""


def _addresses(site: Site) -> Iterator[_Address]:
    def menu(items: list[Any]) -> Iterator[_Address]:
        for item in items:
            yield item.url, items, item, None
            yield from menu(item.children)

    yield from menu(site.navigation)
    everything: list[Any] = [*site.pages, *site.news, *site.talks, *site.teaching, *site.projects,
                  *site.posts, *(i for items in site.collections.values() for i in items)]
    for doc in everything:
        yield from _document(doc)
        for key, value in getattr(doc, "fields", {}).items():
            if key in ("url", "link", "github", "redirect") and isinstance(value, str):
                yield value, doc.fields, key, doc.origin
    for pub in site.publications:
        yield from _document(pub)
        for kind, value in pub.links.items():
            yield value, pub.links, kind, pub.origin
    for social in site.identity.socials:
        if social.url:
            yield social.url, social, "url", social.origin
    if site.identity.url:
        yield site.identity.url, site.identity, "url", site.identity.origin


def _document(doc: Any) -> Iterator[_Address]:
    if doc.permalink:
        yield doc.permalink, doc, "permalink", doc.origin
    if getattr(doc, "redirect", ""):
        yield doc.redirect, doc, "redirect", doc.origin
    for old in doc.redirect_from:
        yield old, doc.redirect_from, old, doc.origin
