"""What a visitor reads: the visible text of built pages, the owner's paragraphs and data,
normalised so that two themes' markup of the same words compare equal.

Text is compared normalised (:func:`norm`): typography folded (kramdown's smart quotes and
dashes), case and punctuation ignored, whitespace collapsed. Whether a site shows a text:
:mod:`.shown`. The owner's source files are read into paragraphs as a conversion reads
them (:mod:`sitemigrate.paragraphs`, whose names are used from here too).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from fnmatch import fnmatch
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..paragraphs import _FENCE as _FENCE
from ..paragraphs import _LOADER as _LOADER
from ..paragraphs import CONTENT_DIRS as CONTENT_DIRS
from ..paragraphs import MIN_WORDS as MIN_WORDS
from ..paragraphs import TAG as TAG
from ..paragraphs import _config as _config
from ..paragraphs import blocks_of as blocks_of
from ..paragraphs import content_files as content_files
from ..paragraphs import front as front
from ..paragraphs import jekyll_folders as jekyll_folders
from ..paragraphs import norm as norm
from ..paragraphs import paragraphs_of as paragraphs_of
from ..paragraphs import shown_words as shown_words
from ..paragraphs import unread_folder as unread_folder
from ..textio import within
from .bibdetails import bib_details

_LIQUID = re.compile(
    r"\{%-?\s*(raw|comment|highlight)\b.*?\{%-?\s*end\1\s*-?%\}|\{%.*?%\}|\{\{.*?\}\}", re.S)
"""Liquid a built page shows no words of (what ``verify`` reads of the owner's loops)."""


def elements(names: str) -> str:
    """A pattern (to compile with ``re.I``) of an element named by ``names``
    (``nav|footer``), from its start tag to its first end tag. Written as runs of ``[^<]*``,
    each ``<`` tried once: the matches of a lazy ``.*?`` up to the end tag, without a try
    at every character."""
    return rf"<({names})\b[^<]*(?:<(?!/\1\s*>)[^<]*)*</\1\s*>"


_DROP = re.compile(elements("script|style|svg|head|noscript") + r"|<!--[^-]*(?:-(?!->)[^-]*)*-->",
                   re.I)
"""What a browser does not show: those elements, and comments."""


def without_hidden(html_text: str) -> str:
    """``html_text`` without what a browser does not show (:data:`_DROP`): an owner's list
    inside `<!-- -->` lists nothing, whatever Liquid rendered into it."""
    return _DROP.sub(" ", html_text)


_BLOCK = re.compile(
    r"(?i)<(br|/?p|/div|/li|/h[1-6]|/tr|/td|/th|/dt|/dd|/pre|/tbody|/blockquote)\b[^>]*>")


def page_text(html_text: str) -> str:
    """The visible text of an HTML page, a line per block (not normalised)."""
    body = _DROP.sub(" ", html_text)
    body = _BLOCK.sub("\n", body)
    return TAG.sub(" ", body)


def visible_words(html_text: str) -> str:
    """``norm(page_text(html_text))``, without the line breaks ``norm`` drops anyway (and
    the runs of blanks between tags, before ``norm`` reads the text character by
    character)."""
    return norm(" ".join(TAG.sub(" ", _DROP.sub(" ", html_text)).split()))


# -- the owner's paragraphs ------------------------------------------------------------------

DETAIL_DIRS = ("_talks", "_teaching", "_teachings")
"""Collections whose items' front matter a list page shows (venue, date, location ...)."""
CV_DATA = ("_data/cv.yml", "_data/cv.yaml", "_data/cv.json", "assets/json/resume.json")
"""Files a CV layout reads (both themes, every generation)."""
_CV_NAMES = ("cv", "resume")
"""The data a CV layout reads: `site.data.cv`, `site.data.resume`."""


def cv_data(site: Path) -> list[str]:
    """The files a CV layout reads: :data:`CV_DATA`, every `_data/` file Jekyll names
    `site.data.cv` or `site.data.resume` (a data file's variable is its name), and the files
    inside the site that `jekyll_get_json` of `_config.yml` loads under those names."""
    out = list(CV_DATA)
    out += [f"_data/{name}.{ext}" for name in _CV_NAMES for ext in ("yml", "yaml", "json")]
    config = _config(site)
    loads = config.get("jekyll_get_json") if isinstance(config, dict) else None
    for each in loads if isinstance(loads, list) else ():
        json_at = each.get("json") if isinstance(each, dict) else None
        if each.get("data") in _CV_NAMES and isinstance(json_at, str) and "://" not in json_at:
            out.append(json_at.strip().lstrip("/"))
    return list(dict.fromkeys(out))
BARE_URL = re.compile(r"\s*\w+://\S+\s*")
_MACHINE_KEYS = frozenset({"layout", "permalink", "collection", "url", "slidesurl", "paperurl",
                           "image", "img", "redirect", "redirect_from", "category", "categories",
                           "tags", "type", "talk_type", "lang", "ref", "sitemap", "published",
                           "date", "importance", "bibtex", "citation", "pdf", "code", "html"})
"""Front matter keys whose values are addresses, switches or sort keys, not words shown."""


def permalink(path: Path) -> str:
    """A page's ``permalink:`` ('' without one, or when it is no file)."""
    try:
        return str(front(path.read_text("utf-8", "replace"))[0].get("permalink") or "")
    except (OSError, AttributeError):
        return ""


def data_strings(value: Any, min_words: int) -> Iterator[str]:
    """Every string of a data tree (YAML/JSON) of at least ``min_words`` words, normalised;
    never a bare address (an entry's `url`: its title's link target, no text of the page)."""
    if isinstance(value, str):
        if not BARE_URL.fullmatch(value):
            text = norm(shown_words(value))
            if len(text.split()) >= min_words:
                yield text
    elif isinstance(value, dict):
        for v in value.values():
            yield from data_strings(v, min_words)
    elif isinstance(value, list):
        for v in value:
            yield from data_strings(v, min_words)


def load_data(path: Path) -> Any:
    """A YAML or JSON data file (None when it cannot be read)."""
    try:
        text = path.read_text("utf-8", "replace")
        return json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=_LOADER)
    except (OSError, ValueError, yaml.YAMLError):
        return None


_SHOWN_KEYS = re.compile(r"(?m)^\s*(published|venue|location|excerpt|description)\s*:")
"""The front matter keys :func:`owner_paragraphs` reads."""


def owner_paragraphs(site: Path, layouts: Sequence[Path] = ()) -> dict[str, list[str]]:
    """file -> paragraphs, for every content file of a site's source (and CV data strings).
    The body of a page Jekyll writes (`_pages/`, the documents of :func:`output_folders`)
    counts only where its chain of layouts shows it (:func:`.bodies.body_shown`: a CV
    layout that prints only the CV data does not), the layouts looked up in ``site`` then
    in ``layouts`` (the template the site's files were laid over)."""
    from .bodies import body_shown
    found: dict[str, list[str]] = {}
    read = jekyll_folders(site)
    config = _config(site)
    read_layouts: dict[str, str | None] = {}
    rendered = ("_pages/", *output_folders(site))
    for path in content_files(site):
        rel = path.relative_to(site).as_posix()
        if read is not None and unread_folder(rel, read):
            continue  # a folder of no collection: Jekyll reads none of its files
        fm, body = front(path.read_text("utf-8", "replace"), _SHOWN_KEYS)
        if fm.get("published") is False:
            continue
        page = rel.startswith(rendered) or not rel.startswith("_")  # a root page too
        shown = not page or body_shown(site, rel, config, layouts, read_layouts)
        paras = paragraphs_of(body) if shown else []
        for key in ("venue", "location", "excerpt", "description"):
            value = fm.get(key)
            if isinstance(value, str) and len(norm(value).split()) >= 4:
                paras.append(norm(shown_words(value)))
        if paras:
            found[rel] = paras
    cv = site / "_data" / "cv.yml"
    if cv.is_file() and within(site, cv):
        strings = list(data_strings(load_data(cv), 6))
        if strings:
            found["_data/cv.yml"] = strings
    return found


def page_paragraphs(site: Path, skip: Iterable[str] = (), layouts: Sequence[Path] = ()
                    ) -> list[str]:
    """The paragraphs of a site's pages (``_pages/`` and the root's, but the files ``skip``)
    and of the documents Jekyll writes a page of (posts, the items of a collection with
    `output: true`): Jekyll renders each, so the site shows what they hold without a layout
    listing them, as it does not the items of a collection without output, or data; nor the
    body of a page whose layouts do not show it (:func:`owner_paragraphs`)."""
    skipped = set(skip)
    folders = ("_pages/", *output_folders(site))
    return [p for rel, paras in owner_paragraphs(site, layouts).items()
            if (rel.startswith(folders) or not rel.startswith("_")) and rel not in skipped
            for p in paras]


def output_folders(site: Path) -> tuple[str, ...]:
    """The folders of the collections whose documents Jekyll writes as pages of their own:
    `_posts/` and each collection `_config.yml` gives `output: true`."""
    config = _config(site)
    cols = config.get("collections") if isinstance(config, dict) else None
    named = [str(k) for k, v in cols.items() if isinstance(v, dict) and v.get("output")] \
        if isinstance(cols, dict) else []
    return ("_posts/", *(f"_{name}/" for name in named))


def owner_details(site: Path) -> dict[str, list[str]]:
    """file -> the short texts a visitor reads in lists and CVs: every CV entry (each string
    of three words or more of the data a CV layout reads, :func:`cv_data`), every
    talk/teaching detail (front matter values of two words or more: title, venue, location,
    type of course) and
    each publication's line of a field of the owner's own that their bibliography layout
    prints (:mod:`.bibdetails`)."""
    found: dict[str, list[str]] = {}
    for rel in cv_data(site):
        path = site / rel
        if path.is_file() and within(site, path):
            strings = list(dict.fromkeys(data_strings(load_data(path), 3)))
            if strings:
                found[rel] = strings
    for path in content_files(site, DETAIL_DIRS):
        fm, _ = front(path.read_text("utf-8", "replace"))
        if fm.get("published") is False:
            continue
        strings = [s for k, v in fm.items() if str(k) not in _MACHINE_KEYS
                   for s in data_strings(v, 2)]
        if strings:
            found[path.relative_to(site).as_posix()] = list(dict.fromkeys(strings))
    found.update(bib_details(site, load_data(site / "_config.yml")))  # (publications' lines)
    return found


# -- a template's example content ------------------------------------------------------------

def example_globs() -> tuple[list[str], list[str]]:
    """What each theme's vocabulary calls its template's example content (``checkout.
    examples``: posts, pages, items, the example CV, bibliography, authors) and its furniture
    among them (``checkout.keep``: a 404 page, a sitemap), as path patterns."""
    from ..registry import THEMES, vocabulary
    examples: list[str] = []
    kept: list[str] = []
    for name in THEMES:
        checkout = vocabulary(name).get("checkout") or {}
        examples += checkout.get("examples") or ()
        kept += checkout.get("keep") or ()
    return examples, kept


@lru_cache(maxsize=16)
def example_texts(template: Path) -> frozenset[str]:
    """Every text of a pristine template checkout's example content (:func:`example_globs`),
    read from it (never stored): the paragraphs of its pages, posts and items, the titles of
    its items (three words or more), every string of its example data (four words or more:
    the example CV, resume, authors) and the titles of its bibliography's entries."""
    examples, kept = example_globs()
    texts: set[str] = set()
    for path, rel in _template_files(template):
        if not any(fnmatch(rel, g) for g in examples) or any(fnmatch(rel, g) for g in kept):
            continue
        if path.suffix in (".md", ".markdown", ".html"):
            fm, body = front(path.read_text("utf-8", "replace"))
            texts.update(paragraphs_of(body))
            title = fm.get("title")
            if not rel.startswith("_pages/") and isinstance(title, str) and len(
                    norm(title).split()) >= 3:
                texts.add(norm(title))
            for key in ("description", "excerpt", "venue"):
                if isinstance(fm.get(key), str):
                    texts.update(data_strings(fm[key], 4))
        elif path.suffix in (".yml", ".yaml", ".json"):
            texts.update(data_strings(load_data(path), 4))
        elif path.suffix == ".bib":
            for m in re.finditer(r"(?im)^\s*title\s*=\s*[{\"](.+?)[}\"]\s*,?\s*$",
                                 path.read_text("utf-8", "replace")):
                title = norm(m.group(1).replace("{", "").replace("}", ""))
                if len(title.split()) >= 3:
                    texts.add(title)
    return frozenset(t for t in texts if t)


def _template_files(template: Path) -> Iterator[tuple[Path, str]]:
    """Every file of a template checkout, with its path in it."""
    for path in sorted(template.rglob("*")):
        if path.is_file():
            yield path, path.relative_to(template).as_posix()


@lru_cache(maxsize=16)
def furniture_texts(template: Path) -> frozenset[str]:
    """The paragraphs of a pristine template checkout's furniture pages (``checkout.keep``:
    its 404 and sitemap pages): the theme's own wording, which a site shows on those pages
    whatever its owner wrote. An owner's page that holds one word for word (a copy of the
    sitemap page) does not make it the owner's text."""
    kept = example_globs()[1]
    return frozenset(p for path, rel in _template_files(template)
                     if path.suffix in (".md", ".markdown", ".html")
                     and any(fnmatch(rel, g) for g in kept)
                     for p in paragraphs_of(front(path.read_text("utf-8", "replace"))[1]))
