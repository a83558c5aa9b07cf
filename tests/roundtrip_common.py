"""The part of the profile IR that both al-folio and academicpages can express.

``common(site)`` is a normalising projection of a :class:`sitemigrate.ir.Site`; the round-trip
tests (``tests/test_roundtrip.py``) assert that A -> B -> A gives back the same ``common``
value, or that every element that differs is named by a ``lost``/``verbatim`` finding of one
of the two conversions.

What is kept, and how it is normalised
--------------------------------------
identity      display name, description, url (no trailing ``/``), baseurl, email, the avatar's
              *file name*, bio (text).
socials       by canonical service: the handle when the service has one, else the URL
              (scheme and trailing ``/`` dropped). ``email`` is compared under identity.
pages         by permalink (with a trailing ``/``): title and body text.
publications  by title (case-folded): year, venue (text), authors, links by kind -> file name
              (folders differ by design) or external URL.
news          by date: the sorted texts of that day's items (body, or title when no body).
talks, teaching, projects, posts
              by title (case-folded): date and body text.
navigation    the menu's URLs in order (children flattened after their parent).
cv            by section title: each entry as the sorted bag of its words (the themes' CV
              formats split one entry into different fields: ``"2020 - now"`` as one ``year``
              vs. ``start``/``end``, a nested description as ``"Committee: a; b"``).

"Text" (``text()``): whitespace-normalised; Markdown link targets and ``href``/``src``
attributes masked (files move between ``/assets/pdf`` and ``/files`` on purpose); Liquid tags
and outputs masked to ``{%}``/``{{}}`` (translated between the themes' vocabularies:
``{% include base_path %}``, ``{{ site.baseurl }}``, ``{% link %}`` ...).

Exclusions, with reasons
------------------------
* ``Site.theme``/``generation``/``source``, ``Origin``s, ``newline``, ``fm_comments``,
  ``extra``/``config_extra``: theme machinery or the source's bookkeeping; unknown keys are
  carried verbatim and reported (``unknown-key``/``extra-key``) by design.
* ``Identity.site_title``/``keywords``/``lang``/``footer_text``/``contact_note``/``pronouns``:
  settings one of the themes has no slot for (reported when dropped).
* ``Identity.location``/``employer``: al-folio has no such fields; the writer puts them into the
  about page's ``profile.address`` HTML, which comes back as about-page text (``profile-text``
  finding). The about body still shows that difference, so it is not hidden.
* Identity name *parts*: academicpages has one ``name``, al-folio first/middle/last; only the
  display name is comparable.
* Paths of pages, items and assets, permalinks of collection items and of publications:
  folder renames (``_portfolio`` <-> ``_projects``, ``images/`` <-> ``assets/img/``,
  ``files/`` <-> ``assets/pdf/``) are the point of the conversion; addresses are covered by the
  URL ledger tests (``tests/test_urls.py``).
* Generated pages: redirect stubs (``redirect:``/``redirect_to`` pages and the converter's own
  ``_pages/redirects/``, made to keep old addresses served); pages at ``/publication/...``
  (al-folio has no page per publication, so the converter keeps an academicpages publication's
  address and body with a page; the entry itself is compared under ``publications``, and its
  ``website`` link to that address is left out for the same reason); academicpages'
  ``cv-json`` page, 404, ``year-archive`` and sitemap pages; external menu stubs (a permalink
  that is a URL).
* Body text of listing pages (role ``publications``, ``projects``, ``talks``, ``teaching``,
  ``blog``, ``news``, ``cv``, archives ...): the body is the theme's Liquid loop, rewritten by
  design; their titles are still compared.
* Page ``features``/``nav_order``/``description``: theme switches (compared by the golden
  tests), not content.
* Item ``fields`` other than date/title/body (``venue``, ``location``, ``importance``, ``img``
  ...): each theme has a different subset; unknown ones are carried verbatim and reported.
* Publication ``fields``/``bibtex``/``citation``/``abstract``/``body``/``selected``/
  ``entry_type``/``key``/``category``/``date`` beyond the year: academicpages has no BibTeX
  (a formatted citation and a page body), al-folio renders the citation from BibTeX. Title,
  year, venue, authors and links are what both hold. The ``bibtex`` link kind is left out:
  academicpages links a generated ``files/<key>.bib``, al-folio shows the entry itself.
* Publication authors when the IR has none (``None``): an academicpages publication without
  a ``.bib`` has its authors only inside the formatted ``citation``, which the reader does not
  split; the al-folio writer parses it. Compared whenever the start has authors (the parse
  itself is checked by ``test_citation_authors``).
* ``Site.collections`` (books, custom collections), ``repositories``: al-folio-only features,
  carried as generic collections and reported.
* ``CV.pdf``/``format``/``basics``: file location and storage format differ by design.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from sitemigrate.ir import Site

LISTING_ROLES = {"publications", "projects", "talks", "teaching", "blog", "news", "cv",
                 "archive", "repositories", "books", "people"}
MACHINERY_PERMALINKS = {"/404.html", "/404/", "/cv-json/", "/year-archive/", "/sitemap/"}


def text(value: Any) -> str:
    """Whitespace-normalised text with link targets and Liquid masked."""
    s = str(value or "")
    s = re.sub(r"\{%-?\s*raw\s*-?%\}|\{%-?\s*endraw\s*-?%\}", "", s)
    # translated Liquid: al-folio's `{% cite key %}` becomes a link `[key](...)`, its
    # `{% include figure.html %}` an `<img>` in academicpages (both reported as mapped)
    s = re.sub(r"\{%-?\s*cite\s+([^\s%]+)[^%]*%\}", r"[\1]()", s)
    s = re.sub(r"\{%-?\s*include\s+figure\.(?:html|liquid)[^%]*%\}|<img\b[^>]*>", "{img}", s)
    s = re.sub(r"\{%.*?%\}", "{%}", s, flags=re.S)
    s = re.sub(r"\{\{.*?\}\}", "{{}}", s, flags=re.S)
    s = re.sub(r"\]\([^)\s]*(\s+\"[^\"]*\")?\)", "]()", s)
    s = re.sub(r"""\b(href|src)=(["'])[^"']*\2""", r"\1=", s)
    return " ".join(s.split())


def permalink(url: str) -> str:
    url = (url or "").strip()
    if not url or "://" in url or url.endswith((".html", ".xml")):
        return url
    return url.rstrip("/") + "/"


def link(value: str, own: str = "") -> str:
    """A link target: the file name for a site file (also when written as an absolute URL on
    the site's own domain ``own``, which the converter carries as a site file), the URL (no
    scheme) for an external one."""
    value = (value or "").strip()
    host = re.sub(r"^https?://(www\.)?", "", own).rstrip("/")
    if "://" in value and not (host and re.sub(r"^https?://(www\.)?", "", value)
                               .startswith(host + "/")):
        return re.sub(r"^https?://", "", value).rstrip("/")
    return PurePosixPath(value).name


LINK_KINDS = {"url": "pdf"}
"""academicpages has one ``paperurl`` for "the paper"; al-folio's ``url`` and ``pdf`` both
land there, so they are one kind here."""


def key(title: str) -> str:
    return " ".join(str(title or "").casefold().split())


def _items(items) -> dict[str, dict[str, str]]:
    return {key(i.title): {"date": i.date, "body": text(i.body)} for i in items}


def _cv_entry(entry: Any) -> str:
    parts: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                if k != "extra":
                    walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif v not in (None, ""):
            parts.extend(re.findall(r"\w+", text(v).casefold()))

    walk(entry)
    return " ".join(sorted(parts))


def common(site: Site) -> dict[str, Any]:
    """The projection of ``site`` onto what both themes can express (see module docstring)."""
    ident = site.identity
    socials = {}
    for s in ident.socials:
        if s.service == "email":
            continue
        socials[s.service] = s.handle or link(s.url or "")
    pages = {}
    for p in site.pages:
        pl = permalink(p.permalink)
        if (p.redirect or "redirect_to" in p.extra or p.path.startswith("_pages/redirects/")
                or pl in MACHINERY_PERMALINKS or "://" in pl or pl.startswith("/publication/")):
            continue
        pages[pl] = {"title": p.title,
                     "body": "" if p.role in LISTING_ROLES else text(p.body)}
    pubs = {key(p.title): {"year": p.year, "venue": text(p.venue),
                           "authors": list(p.authors) or None,
                           "links": {LINK_KINDS.get(k, k): link(v, ident.url)
                                     for k, v in sorted(p.links.items())
                                     if k != "bibtex" and not v.startswith("/publication/")}}
            for p in site.publications}
    news: dict[str, list[str]] = {}
    for n in site.news:
        news.setdefault(n.date, []).append(text(n.body) or text(n.title))
    news = {d: sorted(v) for d, v in sorted(news.items())}
    nav: list[str] = []
    for n in site.navigation:
        nav.append(permalink(n.url))
        nav.extend(permalink(c.url) for c in n.children)
    cv = {}
    if site.cv:
        cv = {s.title: [_cv_entry(e) for e in s.entries] for s in site.cv.sections}
    return {
        "identity": {
            "name": ident.display_name(),
            "description": text(ident.description),
            "url": ident.url.rstrip("/"),
            "baseurl": ident.baseurl.rstrip("/"),
            "email": ident.email,
            "avatar": PurePosixPath(ident.avatar).name if ident.avatar else "",
            "bio": text(ident.bio),
        },
        "socials": dict(sorted(socials.items())),
        "pages": dict(sorted(pages.items())),
        "publications": dict(sorted(pubs.items())),
        "news": news,
        "talks": _items(site.talks),
        "teaching": _items(site.teaching),
        "projects": _items(site.projects),
        "posts": _items(site.posts),
        "navigation": nav,
        "cv": cv,
    }


def diff(a: Any, b: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Leaf differences between two ``common`` values: (dotted path, before, after)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in list(a) + [k for k in b if k not in a]:
            out += diff(a.get(k, "<missing>"), b.get(k, "<missing>"), f"{path}/{k}")
        return out
    if a != b:
        return [(path, a, b)]
    return []




# -- which source objects a differing element stands for ------------------------------------------

IDENTITY_WORDS = {"name": ("name",), "description": ("description",), "url": ("url",),
                  "baseurl": ("baseurl",), "email": ("email",), "avatar": ("avatar",),
                  "bio": ("bio", "subtitle")}


def sources(site: Site, where: str) -> tuple[set[str], tuple[str, ...]]:
    """For the element of ``common(site)`` at diff path ``where``: the source paths of the
    objects behind it, and words a finding on a shared file (``_config.yml``) must mention."""
    section, _, rest = where.strip("/").partition("/")
    paths: set[str] = set()
    words: tuple[str, ...] = ()

    def add(obj) -> None:
        if getattr(obj, "origin", None) is not None:
            paths.add(obj.origin.path)
        if getattr(obj, "path", None):
            paths.add(obj.path)

    if section == "identity":
        field = rest.split("/")[0]
        paths.update({"_config.yml", "_data/socials.yml"})
        words = IDENTITY_WORDS.get(field, (field,))
    elif section == "socials":
        paths.update({"_config.yml", "_data/socials.yml"})
        words = (f"`{rest}`",)
    elif section == "pages":
        for p in site.pages:
            pl = permalink(p.permalink)
            if rest == pl.lstrip("/") or rest.startswith(pl.lstrip("/") + "/") \
                    or (pl == "/" and rest in ("", "/title", "/body")):
                add(p)
    elif section == "publications":
        for p in site.publications:
            if rest.split("/")[0] == key(p.title):
                add(p)
    elif section in ("talks", "teaching", "projects", "posts"):
        for i in getattr(site, section):
            if rest.split("/")[0] == key(i.title):
                add(i)
    elif section == "news":
        for n in site.news:
            if n.date == rest.split("/")[0]:
                add(n)
    elif section == "navigation":
        paths.add("_data/navigation.yml")
        paths.update(p.path for p in site.pages if p.nav)
        paths.update(n.origin.path for n in site.navigation if n.origin)  # where each was read
    elif section == "cv":
        if site.cv and site.cv.origin:
            paths.add(site.cv.origin.path)
        if site.cv:
            for s in site.cv.sections:
                add(s)
        paths.update(p.path for p in site.pages if p.role == "cv")
    return paths, words


def explaining(where: str, sites: list[Site], findings) -> list:
    """The ``lost``/``verbatim`` findings that name the element at ``where``: same source path
    (of the start, intermediate or final site), and for shared files the field's name. Input
    ``problem`` findings count too: they say how the converter repaired the input (an entry
    without a year is dated 1900, and says so)."""
    hits = []
    for site in sites:
        paths, words = sources(site, where)
        for f in findings:
            if f.outcome in ("lost", "verbatim", "problem") and f.path in paths and \
                    (not words or any(w in f.message for w in words)) and f not in hits:
                hits.append(f)
    return hits
