"""A Jekyll site's files, for every theme: walking a site, reading its config, data and
collections, writing items and ``_config.yml``. Assets are in :mod:`.assets`, Liquid in
:mod:`.liquid`, collection listings in :mod:`.listings`, the problems of a page found as it
is read (broken Liquid, no front matter, key typos) in :mod:`.problems`.

No theme vocabulary lives here: callers pass key lists and paths from their mapping file.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..dates import from_value, zone_of
from ..formats.content import is_external
from ..ir import Item, Origin, plain
from ..plan import Plan
from ..report import Report
from ..textio import check_yaml_nodes, load_yaml, read_document, read_text, skipped, within
from .checkout import translate_liquid
from .citations import layout_lists_cited
from .confighead import heading_after, heading_kept, last_entry, round_trip
from .documents import distinct_slugs, keep_excerpt
from .extrakeys import extra_key
from .extrakeys import front_line as front_line  # (where it was)
from .forwards import forwarded_to
from .layouts import Lead, with_shown
from .listings import translate_sections
from .problems import check_document, check_liquid
from .urls import has_front_matter, jekyll_suffix, undated_post, unpublished

if TYPE_CHECKING:
    from ..textio import Document
    from ..theme import Theme
    from .assets import AssetCopier

PAGE_SUFFIXES = {".html", ".htm", ".md", ".markdown", ".xml", ".php"}
# Stylesheets and scripts belong to a theme, not to the content: links to them are left alone.
THEME_SUFFIXES = {".css", ".scss", ".sass", ".js", ".mjs", ".map"}
TEXT_SUFFIXES = {".md", ".markdown", ".html", ".htm", ".Rmd", ".rmd"}
_POST_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$")


def unconverted_suffix(rel: str) -> str:
    """The suffix of a document Jekyll renders with no converter (`_courses/a.xml`, a
    `.json`, a `.txt`): Liquid and its layout run, but no Markdown, and it is written at its
    own suffix (`:output_ext`), no HTML page; '' for a Markdown or HTML document, and for
    what is no document of a collection (a collection's documents are the files of its
    `_label` folder): an item read from data (an entry of `_bibliography/talks.bib`,
    `_data/x.yml`) or from a text that is no Jekyll site (a plain page)."""
    path = PurePosixPath(rel)
    folder = next((part for part in path.parts[:-1] if part.startswith("_")), None)
    if folder in (None, "_bibliography", "_data") or path.suffix.lower() in TEXT_SUFFIXES:
        return ""
    return path.suffix


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

    # folders still to list, as a stack (a nested function calling itself would be garbage
    # for the cyclic collector); each entry's type comes from the directory listing
    # (os.scandir), not from a stat per file
    todo: list[tuple[str, tuple[str, ...]]] = [(str(folder), ())]
    while todo:
        here, parts = todo.pop()
        try:
            with os.scandir(here) as it:
                entries = list(it)
        except OSError as exc:
            rel = base + "".join(f"{p}/" for p in parts) or "./"
            if report is not None and not any(  # told once, though two readers walk it
                    f.code == "unreadable" and f.path == rel for f in report.findings):
                report.problem("unreadable", f"this folder could not be read ({exc.strerror});"
                               " what it holds was not converted.", rel, severity="loss")
            continue
        for e in reversed(entries):  # its subfolders are popped in the listing's order
            try:
                if e.is_dir():
                    if not e.is_symlink():
                        todo.append((e.path, (*parts, e.name)))
                    continue
                if suffixes is not None and \
                        jekyll_suffix(os.path.splitext(e.name)[1]) not in suffixes:
                    continue
                if skipped(e.path, base + "".join(f"{p}/" for p in parts) + e.name, report) \
                        or not e.is_file():  # a FIFO, a name not UTF-8: reported
                    continue
            except OSError:
                continue
            found.append(((*parts, e.name), e.path))
    found.sort()
    for parts, path in found:
        yield Path(path), base + "/".join(parts)


def collection_files(root: Path, folder: str,
                     report: Report | None = None) -> Iterator[tuple[Path, str]]:
    """The files of collection ``folder`` Jekyll reads as documents, with the text pages
    (a page suffix without front matter is a static file: :func:`.assets.static_files`
    reports it): every other file that starts with front matter is one too, whatever its
    suffix or none (`_talks/x` is listed in `site.talks`; Jekyll's `Collection#read` asks for
    the front matter only), but for a name Jekyll's entry filter skips (`.`, `_`, `#`, `~`).
    In `_posts`, a name without a suffix is no post name to Jekyll: listed all the same, as
    an undated name is, for the reader to leave out and say why (:func:`.urls.unpublished`)
    and an upgrade to carry as the owner's draft."""
    found = list(iter_files(root / folder, root, report=report))
    found += [(path, rel) for path, rel in iter_files(root / folder, root, suffixes=None)
              if jekyll_suffix(path.suffix) not in TEXT_SUFFIXES and path.name[:1] not in "._#"
              and not path.name.endswith("~")
              and has_front_matter(path)]  # (the walk above reported what it skipped)
    yield from sorted(found, key=lambda found: found[1].split("/"))


def iter_pages(root: Path, report: Report | None = None,
               config: Any = None) -> Iterator[tuple[Path, str]]:
    """`_pages/**`, root-level pages that have front matter, and the pages with front matter
    in the site's other folders (`blog/index.html`, `notes/x.md`): Jekyll builds every one
    of them. A folder Jekyll does not publish (`_`, `.`, `exclude:` in ``config``) is not
    read for pages."""
    yield from iter_files(root / "_pages", root, report=report)
    folders = []
    for path in sorted(root.iterdir()) if root.is_dir() else ():
        if path.is_dir() and not path.is_symlink():
            folders.append(path)
        elif jekyll_suffix(path.suffix) in TEXT_SUFFIXES and \
                not skipped(path, path.name, report) \
                and path.is_file():
            if not within(root, path):
                yield path, path.name  # a link out of SRC: the guarded reader refuses it
                continue
            if path.is_symlink():
                continue
            if _front_matter_first(path, True):
                yield path, path.name
    for folder in folders:
        if unpublished(folder.name + "/", config or {}) or unpublished(folder.name, {}):
            continue
        for path, rel in iter_files(folder, root, report=report):
            if not unpublished(rel, config or {}) and _front_matter_first(path, False):
                yield path, rel


def written_name(rel: str) -> str:
    """The path a page of SRC is written to in DEST: its own, with a Markdown suffix in
    another case (`_pages/blog.MD`) in lower case, as Jekyll reads it (:func:`jekyll_suffix`:
    same page, same address), so that it takes the place of the target's page of that name
    and reads as Markdown wherever a file's kind is told by its suffix."""
    stem, dot, suffix = rel.rpartition(".")
    if not dot or "/" in suffix:
        return rel
    return f"{stem}{jekyll_suffix('.' + suffix)}"


def index_address(rel: str) -> str:
    """The address Jekyll gives a page without a `permalink` that is the index of a folder
    of the site (`blog/index.html` -> `/blog/`), whatever the permalink style; '' for any
    other page (the site's own root `index.*` too: a theme's home page names its address)."""
    folder, _, name = rel.rpartition("/")
    if name.partition(".")[0] != "index" or not folder or folder.startswith("_"):
        return ""
    return f"/{folder}/"


def _front_matter_first(path: Path, unreadable: bool) -> bool:
    """Whether ``path`` starts with `---` (Jekyll's test for a page); ``unreadable``: what an
    unreadable file counts as (a page, so reading it again reports it with its reason)."""
    try:
        with path.open("rb") as fh:  # a file of SRC itself (not a link)
            head = fh.read(4)
    except OSError:
        return unreadable and path.suffix in (".md", ".markdown", ".html")
    return head.lstrip(b"\xef\xbb\xbf").startswith(b"---")


def read_config(root: Path, report: Report, shared: bool = False) -> dict[str, Any]:
    """The site's `_config.yml`, its problems reported; ``shared``: for a caller that only
    reads it, the one load of its text (see :func:`~sitemigrate.yamlio.load_yaml`)."""
    path = root / "_config.yml"
    if not path.is_file():
        if not skipped(path, "_config.yml", report):  # (a FIFO: reported as one)
            report.problem("no-config", "the site has no `_config.yml`; identity (name, "
                           "URL, socials) could not be read. Add it or fill the target's "
                           "config by hand.", "_config.yml", severity="warning")
        return {}
    src = read_text(path, "_config.yml", report)
    twice: list[tuple[Any, int]] = []
    data = load_yaml(src.text, "_config.yml", report, shared=shared,
                     duplicates=twice) if src else None
    if src is not None and data is not None:
        check_yaml_nodes(src.text, "_config.yml", report)  # tags, aliases: said, not lost
    for key, at in twice:  # Jekyll's YAML reader takes a key's last value, and so do we
        report.problem("duplicate-key", f"`_config.yml` has `{key}` twice; Jekyll reads "
                       "the last one (here), so the earlier one had no effect and was not "
                       "read either. Remove one of them.", "_config.yml", at + 1,
                       severity="warning")
    if not isinstance(data, dict):
        return {}
    for key, shapes in CONFIG_SHAPES.items():
        value = data.get(key)
        if value is not None and not isinstance(value, shapes):
            words: dict[type, str] = {dict: "a mapping", list: "a list", str: "a word"}
            what = " or ".join(words[t]
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


def read_data(root: Path, rel: str, report: Report | None) -> Any:
    path = root / rel
    if not os.path.isfile(path):  # (False in a folder not ours to read: said once, by api)
        return None
    src = read_text(path, rel, report)
    data = load_yaml(src.text, rel, report) if src else None
    if src is not None and data is not None and report is not None:
        check_yaml_nodes(src.text, rel, report)
    return data


_I18N_KEY = re.compile(r"(?:nav|navbar|menu|titles?|pages?|header|i18n|strings|labels)"
                       r"(?:\.[a-z][a-z0-9_-]*)+")


def page_title(doc: Document, report: Report) -> str:
    """A page's `title`. A title per language (`{en: About, fr: À propos}`) gives its first
    one and a finding; a title that is a translation key (`nav.about`, for an i18n plugin
    neither theme has) is kept and reported, as the target's menu shows it as written."""
    value = doc.data.get("title")
    if isinstance(value, dict) and value:
        first = next(iter(value))
        report.problem("i18n-title", "`title` has one value per language ("
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


# a language code as sites name their translations: `en`, `pt`, `zh-CN`, `pt_BR`
_LANG_CODE = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?")


def per_language(value: Any) -> tuple[str, str] | None:
    """(code, text) of the first language of a value that holds one text per language
    (`{en: Blog, pt: Blog}`: every key a language code, every value a text), which the
    site's own layouts show in the visitor's language; None for any other value."""
    if not isinstance(value, dict) or not value or not all(
            isinstance(k, str) and _LANG_CODE.fullmatch(k) for k in value) or any(
            isinstance(v, (dict, list)) for v in value.values()):
        return None
    first = next(iter(value))
    return first, text(value[first])


def language_text(value: Any, key: str, report: Report | None, origin: Origin | str,
                  line: int | None = None) -> str:
    """A value the target's layouts print as a text (a title, a menu label, a citation):
    one per language (:func:`per_language`) gives its first language's, reported (the
    target shows one value, and would print the whole mapping), any other its text."""
    found = per_language(value)
    if found is None:
        return text(value)
    if report is not None:
        report.problem("i18n-value", f"`{key}` has one value per language ("
                       + ", ".join(f"`{k}`" for k in value) + f"); the first (`{found[0]}`: "
                       f"{found[1]}) was used, the others are not carried.", origin, line)
    return found[1]


def split_known(data: dict, known: Iterable[str]) -> tuple[dict, dict]:
    known = set(known)
    return ({k: v for k, v in data.items() if k in known},
            {str(k): plain(v) for k, v in data.items() if k not in known})


def text(value: Any) -> str:
    """A front-matter scalar as a clean string."""
    if value is None:
        return ""
    return str(value).strip()


def number(value: Any) -> float | None:
    """A front-matter number (`nav_order`) as a float; None for none, or for no number."""
    try:
        return None if isinstance(value, bool) else float(value)
    except (TypeError, ValueError):
        return None


def menu_place(front: dict, written: dict) -> bool:
    """An upgrade keeps the owner's front matter ``front``; the `nav_order` the writer put in
    ``written`` is another number only where the old menu did not place the page by it (its
    header sorted by another key): that place goes into ``front``; its `nav: false` only
    where the old menu did not show the page though it has `nav: true` (its header's loop
    left it out by a condition of its own). Whether it did."""
    if written.get("nav") is False and front.get("nav") not in (None, False):
        front["nav"] = False
        return True
    if number(written.get("nav_order")) in (None, number(front.get("nav_order"))):
        return False
    front["nav_order"] = written["nav_order"]
    return True


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


def document_title(item: Item) -> str:
    """The title Jekyll shows for a collection document or post: its `title:`, else its file
    name without the date and the extension, each `-`-separated word capitalized as Ruby's
    `capitalize` does it (`Document#populate_title`, `Utils.titleize_slug`:
    `2021-06-25-Compile-ATS-1.0.md` is "Compile Ats 1.0")."""
    if item.title:
        return item.title
    name = item.path.rsplit("/", 1)[-1]
    m = re.fullmatch(r"\d{2,4}-\d{1,2}-\d{1,2}-(.*)(\.[^.]+)", name) or \
        re.fullmatch(r"(.*)(\.[^.]+)", name)
    slug = (m[1] if m else name).rstrip(".")
    return " ".join(w[:1].upper() + w[1:].lower() for w in slug.split("-")).rstrip() \
        or item.slug


def item_date(doc: Document, filename: str, report: Report | None = None, zone: Any = None
              ) -> str:
    """The item's date as Jekyll gives it: front matter ``date`` read as Ruby's
    ``Time.parse`` reads it (``01-02-2018`` is 1 February), a time with its offset the day it
    is in the build's time zone (``zone``), else the file name's. A date that is ambiguous,
    that Jekyll reads other than written, or cannot read is reported (with ``report``)."""
    from ..dates import build_day, jekyll_date, parse_date
    value = doc.data.get("date")
    m = _DATED_NAME.match(filename)  # as on its stem: the date and its `-` precede any `.`
    named = jekyll_date(m.group(1)) if m else None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)  # `date: 2024`: Jekyll parses its text, and cannot (below)
    if not (isinstance(value, str) and value.strip()):
        d = from_value(value, zone) if value is not None else None
        if report is not None and "date" in doc.data and (value is None or isinstance(
                value, str)):  # `date:` left empty: Jekyll reads its text, "", as a date
            report.problem("bad-date", "`date:` is empty: Jekyll cannot read it (its build "
                           "stops with \"Invalid date ''\"); " + (
                               f"sitemigrate used the file name's date {named}" if named else
                               "sitemigrate read the item as undated") + ". Remove the line "
                           "or write the date as YYYY-MM-DD.", doc.rel, doc.line_of("date"))
        d = d or named
        return d.iso() if d else ""
    timed = build_day(value, zone)  # a time with its offset: the build's day
    d = timed or jekyll_date(value)
    written = timed or from_value(value)
    parsed = parse_date(value)
    line = doc.line_of("date") if report is not None else None
    if d is None:
        d = written
        if report is not None:
            # a date Jekyll cannot read stops its build, whether or not sitemigrate reads it
            where = (f"sitemigrate read it as {written}" if written else
                     f"sitemigrate used the file name's date {named}" if named else
                     "sitemigrate cannot read it either and read the item as undated")
            report.problem("bad-date", f"`date: {value}`: Jekyll cannot read it (its build "
                           f"stops with \"Invalid date\"); {where}. Write it as YYYY-MM-DD.",
                           doc.rel, line)
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
                    strip: Iterable[str] = (), baseurl: str = "",
                    redirect_to: bool = False) -> list[Item]:
    """Read ``root/folder`` into Items. ``known`` maps front-matter key -> neutral field;
    ``strip`` lists keys that carry no content in the neutral model (``layout``...). An item
    whose layout forwards it (:mod:`.forwards`, the site's ``baseurl``) forwards there, and
    so does one with `redirect_to:` where the site loads jekyll-redirect-from
    (``redirect_to``), which forwards the documents of collections as it does pages."""
    items = []
    skip = {"title", "date", "permalink", "redirect_from", "redirect", *strip,
            *(("redirect_to",) if redirect_to else ())}
    switches: dict[str, list[Origin]] = {}  # the source theme's layout switches, by key
    zone = zone_of(read_config(root, Report(), shared=True))  # (a time with its offset)
    forwarding: dict[str, tuple[str, bool] | None] = {}  # by layout, read once
    for path, rel in collection_files(root, folder, report):
        doc = read_document(path, rel, report, root)  # `rel` is the file's path from `root`
        if doc is None:
            continue
        if not undated_post(rel):  # else no file of the site: dropped unread, reported once
            check_document(doc, report)
            check_liquid(doc, report)
        data = doc.data
        item = Item(path=rel, slug=path.stem,
                    title=language_text(data.get("title"), "title", report, rel,
                                        doc.line_of("title")),
                    date=item_date(doc, path.name, report, zone), body=doc.body,
                    permalink=text(data.get("permalink")),
                    redirect=text(data.get("redirect")) or (
                        text(data.get("redirect_to")) if redirect_to else ""),
                    redirect_from=as_list(data.get("redirect_from"), rel, "redirect_from",
                                          report, doc.line_of("redirect_from")),
                    fm_comments=doc.comments(), newline=doc.newline,
                    origin=Origin(rel, 1, doc.body_line))
        if isinstance(data.get("redirect"), bool):
            item.redirect = "/" if data["redirect"] else ""
        forward = None if item.redirect else forwarded_to(root, data, baseurl, forwarding)
        if forward:
            item.redirect = forward[0]
        if unconverted_suffix(rel) and data.get("layout"):
            item.extra["layout"] = plain(data["layout"])  # a feed's own: no theme's page
        for key, value in data.items():
            if key in strip and key not in ("layout", "collection"):
                switches.setdefault(str(key), []).append(Origin(rel, doc.line_of(key)))
            if key in skip or (forward and key == forward[1]):
                continue
            if key in known and per_language(value) is not None:  # (a citation per language)
                item.fields[known[key]] = language_text(value, str(key), report, rel,
                                                        doc.line_of(key))
            elif key in known:
                item.fields[known[key]] = plain(value) if known[key] not in WORD_FIELDS \
                    else words(plain(value), rel, str(key), report, doc.line_of(key))
            else:
                item.extra[str(key)] = plain(value)
        items.append(item)
    for key, where in switches.items():
        report.add("theme-switch", "info", "lost", f"`{key}` (a switch of the source theme's "
                   f"layouts) on {len(where)} file(s) of `{folder}/`, first here: not carried; "
                   "the target theme's own defaults decide it.", where[0])
    return distinct_slugs(items)


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


def carry_value(value: Any, copier: AssetCopier, origin: Origin | None, what: str) -> Any:
    """A front-matter value that names an image or PDF of the site by path
    (``assets/img/covers/x.png``): the file is carried and the value points at its new place,
    written the same way (with or without the leading slash). Anything else is returned, also
    a relative value whose first folder the site does not have (`people/a.jpg` that the
    owner's Liquid puts a folder in front of): what it means, the Liquid that reads it
    decides. A missing file in a folder the site has (`assets/img/x.png`) is reported."""
    path = value.strip() if isinstance(value, str) else ""
    if "/" not in path or re.search(r"\s", path) or is_external(path):  # no path: text (its
        return copier.rewrite_markup(value, origin) if path else value  # links), a URL, Liquid
    if copier.kind_of(path) == "files":  # only images and PDFs: a path-like string is no file
        return value
    top = path.split("/", 1)[0]
    if not path.startswith("/") and copier.missing(site_path(path, "")) \
            and copier.root is not None and not (copier.root / top).is_dir():
        return value  # names no folder of the site: what it means, the Liquid that reads it says
    new = copier.carry(site_path(path, ""), origin, what)
    return new if path.startswith("/") else new.lstrip("/")


def write_item(plan: Plan, copier: AssetCopier, item: Item, front: Any, out: str, body: str,
               url: str, theme: Theme, separator: str = "\n\n") -> None:
    """Finish a collection item for any writer: keep its unknown front-matter keys (reported),
    point its links at carried files (a relative one from the address its own `permalink`
    gave it on the old site, else ``url``), write it and remember where its content went. A
    document Jekyll renders with no converter (:func:`unconverted_suffix`: a course's RSS
    feed `_courses/a.xml`) keeps its suffix and its own layout: no theme's page. What SRC's
    layout showed of its keys above its text, now at the top of its text, would be Jekyll's
    excerpt of it (to the first ``separator``): a list that shows it keeps the source's."""
    shown = []
    if own := unconverted_suffix(item.path):  # rendered as it is (a feed): its own layout
        out = str(PurePosixPath(out).with_suffix(own))
        front.pop("layout", None)
        if item.extra.get("layout"):
            front.insert(0, "layout", item.extra["layout"])
            _own_layout(plan, str(item.extra["layout"]), item.origin)
    for key, value in item.extra.items():
        if key not in front:
            front[key] = carry_value(value, copier, item.origin, f"`{key}` file")
            shown.append(extra_key(plan, key, theme, item.origin, value, front.get("layout")))
    # (the neutral `related_publications`: the page's layout lists the entries it cites)
    lists = layout_lists_cited(item.fields)
    if plan.from_theme is not None:  # (a reader's; on an upgrade too: the field it queries)
        body = translate_sections(body, "publications", plan.from_theme, theme)
    body = translate_liquid(body, plan.from_theme, theme, plan, item.origin, lists)
    if not own and any(isinstance(b, Lead) and b for b in shown):
        keep_excerpt(front, item, plan, separator)
    body = body if own else with_shown(body, shown, out)
    own = item.permalink  # where the old site served it, when its own permalink says so
    served = own if own.startswith("/") and ":" not in own and "{" not in own else url
    body = copier.rewrite(body, served, item.origin)
    plan.write_document(out, front, body, item.fm_comments, item.newline)
    plan.report.mapped("item", f"`{item.path}` → `{out}`.", item.origin)
    plan.origins[item.path] = out


def _own_layout(plan: Plan, name: str, origin: Origin | None) -> None:
    """SRC's layout ``name`` that a document rendered as it is runs through (a feed's, no
    theme's page): carried where DEST's checkout has no layout of that name, since nothing
    else renders that document as it was."""
    from ..textio import read_source
    if plan.source is None or not re.fullmatch(r"[\w-]+", name) or any(
            (plan.dest / "_layouts").glob(f"{name}.*")) or any(
            r.startswith(f"_layouts/{name}.") for r in plan.files):
        return
    for path in sorted((plan.source / "_layouts").glob(f"{name}.*")):
        rel = f"_layouts/{path.name}"
        data = read_source(path, rel, plan.report, plan.source)
        if data is not None:
            plan.write(rel, data)
            plan.report.mapped("own-layout", f"`{rel}` carried as written: it renders "
                               f"`{origin.path if origin else name}` (no theme's page), and "
                               "no template has it.", Origin(rel, 1))
            return


def set_key(mapping: Any, key: str, value: Any) -> None:
    """Set a key of a round-trip mapping in place, appending new keys at the end. An equal
    value is left as it is: its object holds its comments (a blank line after it), which a
    new one would lose, so that the next run would change what this one wrote. A new key of
    a nested block (`collections:`) goes before the comment lines that follow its last
    entry at a shallower indent: they are the heading of the next section of the file."""
    if key in mapping:
        if mapping[key] != value:
            was = mapping[key]
            if last_entry(was) is not None and isinstance(value, dict):
                value = round_trip(value)  # (a plain mapping's entries hold no comment)
            mapping[key] = value
            heading_kept(was, value)  # the next section's heading stays this file's
        return
    before = last_entry(mapping)
    mapping.insert(len(mapping), key, value)
    heading_after(mapping, before)


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


def redirect_stub_path(plan: Plan, old: str, suffix: str = ".md") -> str:
    """A free `_pages/redirects/*.md` (or ``suffix``) path named after an old URL (never
    starting with `_`: Jekyll would not publish it)."""
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", old.strip().strip("/")).strip("-_") or "index"
    while any(f"_pages/redirects/{name}{s}" in plan.files for s in (".md", ".html")):
        name += "-1"
    return f"_pages/redirects/{name}{suffix}"


def yaml_date(iso: str) -> Any:
    """An ISO date string as a date object, so YAML writes it unquoted."""
    import datetime as dt
    try:
        return dt.date.fromisoformat(iso[:10])
    except ValueError:
        return iso


def post_url(config: dict, item: Item) -> str:
    """The URL Jekyll gives a post of a site of ``config`` (the posts' permalink pattern,
    :func:`sitemigrate.jekyll.urls.posts_pattern`): its ``permalink``, else the one URL
    engine (:func:`sitemigrate.jekyll.urls.post_url`)."""
    from .urls import post_url as jekyll_post_url
    from .urls import posts_pattern
    if item.permalink:
        return item.permalink
    front: dict[str, Any] = {"categories": item.fields.get("categories") or []}
    if item.fields.get("slug"):
        front["slug"] = item.fields["slug"]
    if item.date:
        import datetime as dt
        with contextlib.suppress(ValueError):
            front["date"] = dt.date.fromisoformat(item.date[:10])
    return jekyll_post_url(posts_pattern(config), PurePosixPath(item.path).stem, front)


# -- files Jekyll never publishes ---------------------------------------------------------------

def drop_unpublished(things: list, config: Any, report: Report) -> list:
    """The pages or items Jekyll publishes; each one it does not is reported, not converted
    (it is no live page: no menu entry, no URL, in no listing): one :func:`unpublished`
    leaves out by its path, or whose front matter says `published: false` (Jekyll's
    `Publisher`: such a page is not in `site.pages`, such a document in no collection's
    docs, a post not in `site.posts`, unless the site is built with `--unpublished`)."""
    kept = []
    for thing in things:
        why = unpublished(thing.path, config) or (
            "its front matter says `published: false`"
            if getattr(thing, "extra", {}).get("published") is False else "")
        if not why:
            kept.append(thing)
            continue
        report.add("unpublished", "info", "lost", f"`{thing.path}` is not published by Jekyll "
                   f"({why}): it is no page of the live site, so it gets no URL and no menu "
                   "entry and was not converted; copy it by hand if you want it.",
                   thing.origin or thing.path)
    return kept
