"""Homepages on neither theme: a Markdown/text file, or a saved HTML page (reader only).

Registered twice in :data:`sitemigrate.registry.THEMES`: as ``markdown`` (``.md``, ``.txt``
...) and as ``html`` (a page saved from a browser). An HTML page is parsed with a real HTML
parser (BeautifulSoup), its main content is found (``<main>``, ``<article>``, ``#content`` ...,
else the body without navigation, header and footer; the selectors are data in
``mappings/html.yml``) and turned into Markdown (markdownify), which is then read like a
Markdown page. SRC is one file or a folder of them (its top level only); ``Site.source`` is
the folder, so pictures and files the page links to are found and copied.

The page is split into sections by its headings: ATX (``## News``), setext, or, on pages
without Markdown headings, bare heading lines ("News" alone on a line). Each heading is
looked up in the vocabulary of ``mappings/markdown.yml`` and its section mapped by role:

* ``about`` and text before any heading: the about page (permalink ``/``);
* ``interests``: a list on the about page, and the site keywords;
* ``news``: each dated line a news item (:func:`sitemigrate.formats.content.extract_news`);
* ``publications``: :class:`~sitemigrate.ir.Publication` entries (title line, venue line with
  the year, authors, contribution notes) and a publications page showing the target theme's
  list;
* ``experience``, ``education``, ``awards``, ``service``, ``cv``: CV sections of
  :attr:`Site.cv <sitemigrate.ir.Site.cv>` (institution, title, years, description) *and* a
  readable CV page (``/cv/``);
* ``projects`` and project lists tagged ``[Year of 2024]``: project items and a projects page;
* ``talks``, ``teaching``: their own page, as written;
* ``contact``: the about page; e-mail addresses and profile links also go to the identity.

Markdown tables whose rows spill onto following lines are joined back into one row per line
when the header's cell count makes that unambiguous; a CV table found in plain prose (its
header names companies, schools, positions ...) becomes a CV section. Nothing is dropped: a
section the vocabulary does not know, or lines the reader cannot place, stay as Markdown on
the about page (or on the page of their file), and the report says so, with file and line.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from ... import socials
from ...dates import parse_date
from ...formats.bibtext import slugify
from ...formats.content import extract_news, is_external, resolve, rewrite_links, split_name
from ...formats.sections import normalize_title, split_sections
from ...ir import CV, CVSection, Identity, Item, NavItem, Origin, Page, Publication, Site
from ...jekyll.assets import record_asset
from ...registry import vocabulary
from ...report import Report
from ...textio import decode, read_source, split_document
from .html import html_to_markdown

MARKDOWN = "markdown"
HTML = "html"
PAGE_DIR = "_pages"

_LIST = re.compile(r"^\s{0,3}(?:[-*+•]|\d{1,3}[.)])\s+")
_BULLET = re.compile(r"^\s*[-*+•]\s+")
_ROLE_DASH = re.compile(r"^\s*(?:—|–|--)\s*")
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
# Neither the text nor the URL of a link holds a bracket, so an attempt that fails stops at
# the next `[` and no two scan the same text: linear time even on a line of `[[[[`.
_LINK = re.compile(r"(!?)\[([^\[\]]*)\]\(\s*<?([^)\s>\[\]]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_IMAGE = re.compile(r"!\[([^\[\]]*)\]\(\s*<?([^)\s>\[\]]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
_DELIM_CELL = re.compile(r"^\s*:?-{1,}:?\s*$")
_PIPE = re.compile(r"(?<!\\)\|")


# ==========================================================================================
# Vocabulary (mappings/markdown.yml, html.yml)
# ==========================================================================================

@dataclass(frozen=True)
class Vocab:
    """The reader's vocabulary, from the mapping file of the format being read."""

    data: dict[str, Any]
    roles: dict[str, str]
    """Normalised heading -> role."""

    @property
    def headings(self) -> tuple[str, ...]:
        return tuple(self.roles)

    def role_of(self, title: str) -> str | None:
        """The role of a section heading, or None when the vocabulary does not know it."""
        key = _heading_key(title)
        if key in self.roles:
            return self.roles[key]
        short = re.sub(r"\s*\([^)]*\)\s*$", "", key).strip()
        return self.roles.get(short)

    def words(self, key: str) -> list[str]:
        return [str(w).lower() for w in self.data.get(key) or []]


@functools.cache
def load_vocab(theme: str) -> Vocab:
    """The vocabulary of ``theme`` (``markdown`` or ``html``); ``sections_from`` pulls the
    section vocabulary from another mapping file, which this file's keys override."""
    own = vocabulary(theme)
    base = vocabulary(own["sections_from"]) if own.get("sections_from") else {}
    data = {**base, **own}
    roles: dict[str, str] = {}
    for role, titles in (data.get("sections") or {}).items():
        for title in titles:
            roles.setdefault(_heading_key(str(title)), str(role))
    return Vocab(data, roles)


def _heading_key(title: str) -> str:
    """A heading as the vocabulary compares it: lower case, no markup, no numbering."""
    t = normalize_title(title)
    t = re.sub(r"^(?:\d{1,2}|[ivx]{1,4})[.)]\s+", "", t)
    return t.strip()


# ==========================================================================================
# Small text helpers
# ==========================================================================================

def _plain(text: str) -> str:
    """Markdown inline text as plain text: links to their text, emphasis markers removed."""
    t = _LINK.sub(lambda m: m.group(2), text)
    t = re.sub(r"(\*\*|__)(.+?)\1", r"\2", t)
    t = re.sub(r"(?<![\w*])([*_])(?!\s)(.+?)(?<!\s)\1(?![\w*])", r"\2", t)
    t = t.replace("\\", "") if "\\" in t and not re.search(r"\\[a-zA-Z]", t) else t
    return re.sub(r"\s+", " ", t).strip()


def _unlist(line: str) -> str:
    """A line without its list marker."""
    return _LIST.sub("", line, count=1).strip()


def _title_like(line: str) -> bool:
    """A short line that reads as a title or a name: no sentence punctuation at its end."""
    s = line.strip()
    if not s or "|" in s or _LIST.match(s) or s.startswith(("#", ">", "<", "[", "!")):
        return False
    words = s.split()
    return len(words) <= 12 and len(s) <= 90 and s[-1] not in ".!?:;,"


def _author_like(line: str) -> bool:
    """A line listing people: comma/"and" separated, each part a short capitalised name."""
    s = _plain(line).strip().rstrip(".")
    if not s or _YEAR.search(s) or not re.search(r",|\band\b|&|;", s):
        return False
    marks = " *†‡§0123456789"
    parts = [p.strip(marks) for p in re.split(r",|;|&|\band\b", s) if p.strip(marks)]
    return bool(parts) and all(1 <= len(p.split()) <= 5 and p[0].isupper() for p in parts)


def _authors(line: str) -> list[str]:
    s = _plain(line).strip().rstrip(".")
    parts = [p.strip() for p in re.split(r",\s*and\s+|,|;|&|\band\b", s)]
    return [p.strip(" *†‡§").rstrip("0123456789*†‡§ ") for p in parts
            if p.strip(" *†‡§")]


def _paragraphs(lines: list[str]) -> str:
    """Lines of plain text as Markdown paragraphs: a line that ends a sentence ends its
    paragraph (plain text has one paragraph a line; Markdown would run them together).
    Lists, tables, headings and hard-wrapped lines (ending mid-sentence) are left alone."""
    out: list[str] = []
    for line in lines:
        prev = out[-1] if out else ""
        if (prev.strip() and line.strip() and _prose_line(prev) and _prose_line(line)
                and prev.rstrip()[-1] in ".!?)\"”"):
            out.append("")
        out.append(line)
    return "\n".join(out)


def _prose_line(line: str) -> bool:
    s = line.strip()
    return bool(s) and not _LIST.match(s) and not s.startswith(("|", "#", ">", "<", "```",
                                                                "    "))


def _uniq(base: str, taken: set[str]) -> str:
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    taken.add(out)
    return out


# ==========================================================================================
# Dates and date ranges ("2019 – 2022", "Sep 2019 - Aug 2020", "2025 – Present")
# ==========================================================================================

_TOKEN = (r"(?:\d{1,2}[./]\d{4}|\d{4}[./-]\d{1,2}(?:[./-]\d{1,2})?|"
          r"(?:[^\W\d_]{3,10}\.?\s+)?(?:19|20)\d{2})")


class DateFinder:
    """Finds dates and date ranges in CV and table text; each end is checked with the dates
    API (:func:`sitemigrate.dates.parse_date`), or is a "present" word, or a month name of
    another language (``month_words``) with a year."""

    def __init__(self, present_words: Iterable[str], month_words: Iterable[str] = ()) -> None:
        present = "|".join(re.escape(w) for w in sorted(present_words, key=len, reverse=True))
        self.present = {w.lower() for w in present_words}
        self.months = {w.lower().rstrip(".") for w in month_words}
        end = rf"(?:{_TOKEN}|{present})" if present else _TOKEN
        self.range = re.compile(
            rf"(?P<a>{_TOKEN})\s*(?:-{{1,2}}|–|—|~|\bto\b|\bbis\b|\buntil\b)\s*(?P<b>{end})",
            re.I)
        self.single = re.compile(_TOKEN)

    def _valid(self, token: str) -> bool:
        token = token.strip()
        if token.lower() in self.present or parse_date(token):
            return True
        m = re.fullmatch(r"([^\W\d_]{3,10})\.?\s+(?:19|20)\d{2}", token)
        return m is not None and m.group(1).lower() in self.months

    def _search(self, pattern: re.Pattern[str], text: str,
                ok: Callable[[re.Match[str]], bool]) -> re.Match[str] | None:
        pos = 0
        while (m := pattern.search(text, pos)) is not None:
            if ok(m):
                return m
            pos = m.start() + 1  # "Chair 2023 - 2024": try again from the next character
        return None

    def find(self, text: str, ranges_only: bool = False) -> re.Match[str] | None:
        """The first date range in ``text`` (else, unless ``ranges_only``, a single date)."""
        m = self._search(self.range, text,
                         lambda m: self._valid(m.group("a")) and self._valid(m.group("b")))
        if m is not None or ranges_only:
            return m
        return self._search(self.single, text, lambda m: self._valid(m.group(0)))

    def whole(self, text: str) -> str | None:
        """``text`` when it is nothing but a date or a date range (brackets/emphasis allowed)."""
        t = text.strip().strip("*_[]()").strip().rstrip(":,").strip()
        m = self.find(t)
        return t if m and m.start() == 0 and m.end() == len(t) else None

    def leading(self, text: str) -> tuple[str, str] | None:
        """``("2019 – 2022", "PhD, X")`` for a line that starts with a date (range)."""
        t = text.strip()
        m = self.find(t)
        if not m or m.start() > 1:
            return None
        rest = t[m.end():]
        sep = re.match(r"\s*[\]:,|)·–—-]*\s*", rest)
        rest = rest[sep.end():] if sep else rest
        if not rest.strip() or not (sep and (sep.group(0).strip() or sep.group(0))):
            return None
        return t[:m.end()].strip("[(*_ "), rest.strip()

    def trailing(self, text: str) -> tuple[str, str] | None:
        """``("Research Assistant", "2019 – 2022")`` for text that ends with a date range."""
        t = text.strip()
        end = len(t.rstrip(").]*_ "))
        m = self._search(self.range, t, lambda m: m.end() == end and self._valid(
            m.group("a")) and self._valid(m.group("b")))
        if not m or m.start() == 0:
            return None
        head = t[:m.start()].rstrip(" ,;:|·–—-([*_")
        return (head, t[m.start():m.end()]) if head else None


# ==========================================================================================
# Markdown tables, including ones whose rows spill onto following lines
# ==========================================================================================

def _cells(row: str) -> list[str]:
    s = row.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    return [c.strip() for c in _PIPE.split(s)]


def _is_delimiter(line: str) -> bool:
    return "-" in line and "|" in line and all(_DELIM_CELL.match(c) for c in _cells(line))


def _is_header(lines: list[str], i: int) -> bool:
    return (i + 1 < len(lines) and "|" in lines[i] and _is_delimiter(lines[i + 1])
            and len(_cells(lines[i])) == len(_cells(lines[i + 1])))


@dataclass
class Table:
    """A pipe table as found in text (``start``/``end``: line indexes of the chunk)."""

    start: int
    end: int
    raw: list[str]
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)
    row_lines: list[int] = field(default_factory=list)
    """Index (in the searched lines) of each row's first line."""
    ok: bool = True
    joined: int = 0
    """Rows that were spread over several lines."""
    padded: int = 0
    """Rows with fewer cells than the header (filled with empty cells at the end)."""
    problem: str = ""

    @property
    def repaired(self) -> bool:
        return self.ok and (self.joined > 0 or self.padded > 0)

    def columns(self) -> list[int]:
        """Columns to keep: every one with a header or a value in some row."""
        return [j for j in range(len(self.header))
                if self.header[j] or any(j < len(r) and r[j] for r in self.rows)]

    def markdown(self) -> str:
        """The table as valid Markdown, one row per line (as written when it needed no repair)."""
        if not self.repaired:
            return "\n".join(self.raw)
        cols = self.columns()

        def line(cells: list[str]) -> str:
            return "| " + " | ".join(cells[j] if j < len(cells) else "" for j in cols) + " |"
        return "\n".join([line(self.header), "|" + "---|" * len(cols),
                          *(line(r) for r in self.rows)])


def find_tables(lines: list[str]) -> list[Table]:
    """Every pipe table in ``lines``: a header, a delimiter row, then rows until a blank line,
    a line without ``|`` or the next table. A line that does not start with ``|`` (or holds
    only pipes) continues the row before it; a row is complete at the header's cell count.
    A row that ends up with more non-empty cells than the header makes the table ambiguous:
    it is then marked not ``ok`` and must be kept as written."""
    tables = []
    i = 0
    while i < len(lines):
        if not _is_header(lines, i):
            i += 1
            continue
        header = _cells(lines[i])
        width = len(header)
        table = Table(i, i + 2, [], header)
        rows: list[tuple[list[str], int]] = []  # (physical lines, count)
        starts: list[int] = []
        j = i + 2
        while j < len(lines):
            s = lines[j].strip()
            if not s or "|" not in s or _is_header(lines, j):
                break
            only_pipes = not s.replace("|", "").strip()
            if s.startswith("|") and not only_pipes:
                rows.append(([lines[j]], 1))
                starts.append(j)
            elif rows:
                rows[-1][0].append(lines[j])
                rows[-1] = (rows[-1][0], rows[-1][1] + 1)
            else:
                table.ok = False
                table.problem = f"line {j + 1 - i} continues a row that never started"
                rows.append(([lines[j]], 1))
                starts.append(j)
            j += 1
        table.end = j
        table.raw = lines[i:j]
        table.row_lines = starts
        for physical, count in rows:
            cells = _cells(" ".join(p.strip() for p in physical))
            if len(cells) > width:
                if any(cells[width:]):
                    table.ok = False
                    table.problem = table.problem or (
                        f"a row has {len(cells)} cells where the header has {width}")
                cells = cells[:width]
            elif len(cells) < width:
                table.padded += 1
            if count > 1:
                table.joined += 1
            table.rows.append(cells)
        tables.append(table)
        i = j
    return tables


# ==========================================================================================
# CV entries
# ==========================================================================================

@dataclass
class Entry:
    """One CV entry as read: where, what, when, and its description lines."""

    line: int | None
    institution: str = ""
    title: str = ""
    year: str = ""
    lines: list[tuple[str, str]] = field(default_factory=list)
    """Description lines as ``("bullet" | "text", markdown)``."""
    single: str = ""
    """The whole entry, when it was one line (an award, a dated line): rendered as written."""

    def as_ir(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("title", "institution", "year"):
            value = getattr(self, key)
            if value:
                out[key] = _plain(value)
        if self.lines:
            out["description"] = [_plain(text) for _, text in self.lines]
        return out

    def markdown(self, level: int) -> str:
        if self.single:
            return f"- {self.single}"
        head = self.institution or self.title or self.year
        meta = [f"**{self.title}**" if self.title and self.institution else "",
                self.year if head != self.year else ""]
        parts = [f"{'#' * level} {head}"]
        meta_line = " · ".join(m for m in meta if m)
        if meta_line:
            parts.append(meta_line)
        block: list[str] = []
        kind_before = ""
        for kind, text in self.lines:
            if block and kind != kind_before:
                parts.append("\n".join(block) if kind_before == "bullet" else _paragraphs(block))
                block = []
            block.append(f"- {text}" if kind == "bullet" else text)
            kind_before = kind
        if block:
            parts.append("\n".join(block) if kind_before == "bullet" else _paragraphs(block))
        return "\n\n".join(parts)


def _render(entries: list[Entry], level: int = 3) -> list[str]:
    """Markdown blocks of CV entries; one-line entries in a row make one list."""
    blocks: list[str] = []
    run: list[str] = []
    for entry in entries:
        if entry.single:
            run.append(entry.markdown(level))
            continue
        if run:
            blocks.append("\n".join(run))
            run = []
        blocks.append(entry.markdown(level))
    if run:
        blocks.append("\n".join(run))
    return blocks


# ==========================================================================================
# The reader
# ==========================================================================================

@dataclass
class Node:
    """A section of the page with the deeper sections it owns."""

    title: str
    role: str | None
    level: int
    style: str
    body: str
    line: int
    """Line of the heading (of the body for the text before the first heading), 1-based."""
    body_line: int
    children: list[Node] = field(default_factory=list)

    def text(self) -> str:
        """Body and owned subsections as Markdown (headings as ATX)."""
        parts = [self.body.strip("\n")]
        for child in self.children:
            parts.append(child.heading_md() + "\n\n" + child.text())
        return "\n\n".join(p for p in parts if p.strip())

    def heading_md(self, floor: int = 2) -> str:
        return f"{'#' * max(self.level, floor)} {self.title}"


@dataclass
class Source:
    """One input file, as Markdown text."""

    rel: str
    text: str
    first_line: int | None
    """File line of the text's first line; None when the text was made from HTML."""
    front: dict[str, Any]
    home: bool
    html_name: str = ""
    html_avatar: str = ""
    html_links: list[str] = field(default_factory=list)

    def origin(self, line: int | None = None) -> Origin:
        if self.first_line is None or line is None:
            return Origin(self.rel, None)
        return Origin(self.rel, self.first_line + line - 1)


@dataclass
class _PageParts:
    """Markdown collected for one page of the output, in source order."""

    title: str = ""
    parts: list[str] = field(default_factory=list)
    origin: Origin | None = None

    def add(self, text: str) -> None:
        if text.strip():
            self.parts.append(text.strip("\n"))

    def body(self) -> str:
        return "\n\n".join(self.parts) + "\n" if self.parts else ""


class PlainReader:
    """Reads one plain homepage (or a folder of them) into a :class:`Site`."""

    def __init__(self, theme: str, report: Report, person_name: str | None = None) -> None:
        self.theme = theme
        self.vocab = load_vocab(theme)
        self.report = report
        self.person_name = (person_name or "").strip()
        self.dates = DateFinder(self.vocab.words("present_words"),
                                self.vocab.words("month_words"))
        self.site = Site(theme=theme, generation=str(self.vocab.data["generations"][0]["name"]))
        self.about = _PageParts()
        self.pages: dict[str, _PageParts] = {}
        self.cv_sections: list[tuple[CVSection, Origin]] = []
        self.names: list[tuple[str, Origin, str]] = []
        self.slugs: set[str] = set()
        self.keys: set[str] = set()
        self.current: _PageParts = self.about
        self.source: Source | None = None
        self.text_mode = False
        """The page being read is plain text (no Markdown heading): a line is a paragraph."""

    # -- files ------------------------------------------------------------------------------
    def read(self, src: Path) -> Site:
        root = src.parent if src.is_file() else src
        files = [src] if src.is_file() else self._folder_files(src)
        if not files:
            suffixes = ", ".join(self.vocab.words("file_suffixes"))
            raise FileNotFoundError(f"{src}: no page to read (files ending in {suffixes})")
        self.site.source = str(root)
        for n, path in enumerate(files):
            rel = path.relative_to(root).as_posix()
            source = self._load(path, rel, home=n == 0)
            if source is not None:
                self._read_source(source)
        self._finish()
        return self.site

    def _folder_files(self, folder: Path) -> list[Path]:
        suffixes = set(self.vocab.words("file_suffixes"))
        files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in suffixes)
        homes = self.vocab.words("home_names")
        files.sort(key=lambda p: (homes.index(p.stem.lower()) if p.stem.lower() in homes
                                  else len(homes), p.name))
        return files

    def _load(self, path: Path, rel: str, home: bool) -> Source | None:
        data = read_source(path, rel, self.report)  # refuses a link out of SRC's folder
        if data is None:
            return None
        decoded = decode(data, rel, self.report)
        if decoded is None:
            return None
        if path.suffix.lower() in set(load_vocab(HTML).words("file_suffixes")) or \
                self.theme == HTML:
            try:
                page = html_to_markdown(decoded.text, load_vocab(HTML))
            except RecursionError:  # markdownify recurses once an element level
                self.report.problem("html-too-deep", "nests its HTML elements too deep to be "
                                    "converted (a thousand levels or more); it was not read.",
                                    rel, severity="loss")
                return None
            self.report.mapped("html-page", f"HTML page read: main content found in "
                               f"{page.found}, turned into Markdown.", rel)
            if page.skipped:
                self.report.add("html-skipped", "info", "lost", "left out as page chrome "
                                "(menus, header, footer): " + "; ".join(page.skipped) +
                                ". Check nothing of yours was in there.", rel)
            text = _absolute_links(page.markdown)
            avatar = resolve(page.avatar, "/") if page.avatar and not is_external(
                page.avatar) else page.avatar
            return Source(rel, text, None, {}, home, page.name, avatar, page.links)
        doc = split_document(decoded, rel, self.report)
        front = {str(k): v for k, v in doc.data.items()} if doc.has_front_matter else {}
        text = _absolute_links(doc.body)
        return Source(rel, text, doc.body_line, front, home)

    # -- sections ---------------------------------------------------------------------------
    def _read_source(self, source: Source) -> None:
        self.source = source
        self.report.mapped("plain-page", f"read as a plain {self.theme} homepage (no theme); "
                           "sections are mapped by their headings.", source.origin(1))
        if source.home:
            self.current = self.about
            self.about.origin = Origin(source.rel, 1)
        else:
            stem = PurePosixPath(source.rel).stem
            self.current = self.pages.setdefault(f"file:{source.rel}", _PageParts(
                title=str(source.front.get("title") or stem.replace("-", " ").title()),
                origin=source.origin(1)))
        for key in ("name", "author", "title"):
            value = source.front.get(key)
            if isinstance(value, str) and value.strip() and (key != "title" or source.home):
                self.names.append((value.strip(), source.origin(1), f"front matter `{key}`"))
                break
        if source.html_name:
            self.names.append((source.html_name, source.origin(), "the page's `<title>`"))
        if source.html_avatar and source.home:
            self._set_avatar(source.html_avatar, source.origin())
        for url in source.html_links:
            self._social(url, source.origin())
        for key in ("email",):
            if isinstance(source.front.get(key), str):
                self._email(source.front[key], source.origin(1))
        nodes = self._nodes(source.text)
        for node in nodes:
            self._dispatch(node)

    def _nodes(self, text: str) -> list[Node]:
        """Sections of ``text`` with ownership: a section owns the deeper ones after it whose
        heading the vocabulary does not know (a CV section owns known ones too)."""
        sections = split_sections(text)
        assert self.source is not None
        self.text_mode = self.source.first_line is not None and not any(
            s.title for s in sections)
        if not any(self.vocab.role_of(s.title) for s in sections if s.title):
            sections = split_sections(text, self.vocab.headings)
        nodes: list[Node] = []
        owner: Node | None = None
        named = False
        for sec in sections:
            role = self.vocab.role_of(sec.title) if sec.title else "about"
            body_line = sec.line + sec.heading.count("\n")
            node = Node(sec.title, role, sec.level, sec.style, sec.body, sec.line, body_line)
            if not sec.title:  # the text before the first heading
                nodes.append(node)
                continue
            if (not named and role is None and sec.level == 1 and sec.style != "bare"
                    and self._name_like(sec.title)):
                named = True
                self.names.append((_plain(sec.title), self._origin(sec.line), "the page's "
                                   "first heading"))
                node.role, node.title = "about", ""
            elif owner is not None and sec.level > owner.level and (
                    role is None or owner.role == "cv"):
                owner.children.append(node)
                continue
            nodes.append(node)
            owner = node
        return nodes

    def _name_like(self, title: str) -> bool:
        words = _plain(title).split()
        stop = set(self.vocab.words("not_name_words"))
        return (1 < len(words) <= 5 and not any(ch.isdigit() for ch in title)
                and all(w[0].isupper() or w.lower() in {"van", "von", "de", "der", "da", "di",
                                                        "del", "la", "le", "bin", "al", "y"}
                        for w in words)
                and not any(w.lower().strip(".,:!") in stop for w in words))

    def _origin(self, line: int | None) -> Origin:
        assert self.source is not None
        return self.source.origin(line)

    def _dispatch(self, node: Node) -> None:
        role = node.role
        origin = self._origin(node.line)
        if role == "about":
            if node.title and self.current is self.about and not self.about.title:
                self.about.title = _plain(node.title)
            self._section(node, self.current, heading=False)
            if node.title:
                self.report.mapped("section", f"section `{node.title}` → the about page.",
                                   origin)
            return
        handler = {"interests": self._interests, "news": self._news,
                   "publications": self._publications, "projects": self._projects,
                   "talks": self._own_page, "teaching": self._own_page,
                   "contact": self._contact, "cv": self._cv_container}.get(role or "")
        if handler is not None:
            handler(node)
        elif role in ("experience", "education", "awards", "service"):
            self._cv(node, role)
        else:
            self._section(node, self.current)
            where = "about page" if self.current is self.about else "page of its file"
            self.report.verbatim("section-kept", f"section `{node.title}` is not a section "
                                 f"sitemigrate knows; kept as Markdown on the {where}.", origin)

    # -- free text ------------------------------------------------------------------------
    def _section(self, node: Node, target: _PageParts, heading: bool = True) -> None:
        """A section as free Markdown on a page: its heading (as ATX), its body and the
        subsections it owns, each read with its own line numbers."""
        if heading and node.title:
            target.add(node.heading_md())
        self._prose(node.body, node.body_line, target)
        for child in node.children:
            self._section(child, target)

    def _prose(self, text: str, first: int, target: _PageParts) -> None:
        """Free Markdown for a page: tables repaired, CV tables and tagged project lists taken
        out into the CV and the projects, the profile picture and e-mail noted."""
        lines = text.split("\n")
        out: list[str] = []
        pos = 0
        for table in find_tables(lines):
            out += self._text_lines(lines[pos:table.start], first + pos, target)
            out.append(self._table(table, first, target is not self.pages.get("cv")))
            pos = table.end
        out += self._text_lines(lines[pos:], first + pos, target)
        target.add(_paragraphs(out) if self.text_mode else "\n".join(out))

    def _text_lines(self, lines: list[str], first: int, target: _PageParts) -> list[str]:
        kept = []
        for offset, line in self._take_projects(lines, first):
            if target is self.about and not self.site.identity.avatar:
                image = _IMAGE.search(line)
                if image and self._is_avatar(image.group(1), image.group(2)):
                    self._set_avatar(image.group(2), self._origin(first + offset))
                    line = (line[:image.start()] + line[image.end():])
                    if not line.strip():
                        continue
            for email in _EMAIL.findall(line):
                self._email(email, self._origin(first + offset))
            for m in _LINK.finditer(line):
                if not m.group(1):
                    self._social(m.group(3), self._origin(first + offset))
            kept.append(line)
        return kept

    def _table(self, table: Table, first: int, may_move: bool) -> str:
        """A table's Markdown for the page; a CV table moves to the CV (returns "")."""
        origin = self._origin(first + table.start)
        if not table.ok:
            self.report.problem("table-broken", f"a Markdown table ({table.problem}) could not "
                                "be repaired without guessing; kept as written. Fix its rows "
                                "by hand.", origin)
            return "\n".join(table.raw)
        if table.repaired:
            dropped = len(table.header) - len(table.columns())
            self.report.mapped("table-repaired", f"a Markdown table with rows spread over "
                               f"several lines was repaired: {table.joined} row(s) joined, "
                               f"{table.padded} short row(s) padded"
                               + (f", {dropped} empty column(s) dropped" if dropped else "")
                               + ".", origin)
        role = self._table_role(table) if may_move else None
        if role is None:
            return table.markdown()
        entries = self._table_entries(table, first)
        label = str(self.vocab.data.get("labels", {}).get(role, role.title()))
        self._add_cv(label, entries, table.markdown(), origin,
                     f"a table with the columns {', '.join(h for h in table.header if h)}")
        return ""

    def _table_entries(self, table: Table, first: int) -> list[Entry]:
        return [self._row_entry(table, row, first + start)
                for row, start in zip(table.rows, table.row_lines, strict=True)]

    def _table_role(self, table: Table) -> str | None:
        roles = {str(k).lower(): str(v)
                 for k, v in (self.vocab.data.get("table_roles") or {}).items()}
        for cell in table.header:
            for word in re.findall(r"[^\W\d_]+", cell.lower()):
                if word in roles:
                    return roles[word]
        return None

    def _row_entry(self, table: Table, row: list[str], line: int) -> Entry:
        columns = {str(k): [str(w).lower() for w in v]
                   for k, v in (self.vocab.data.get("table_columns") or {}).items()}
        entry = Entry(self._origin(line).line)
        for j, cell in enumerate(row):
            if not cell:
                continue
            header = table.header[j] if j < len(table.header) else ""
            head = set(re.findall(r"[^\W\d_]+", header.lower()))
            kind = next((k for k, words in columns.items() if head & set(words)), "")
            if self.dates.whole(cell):
                kind = "year"
            elif self._degree(cell):
                kind = "title"
            elif kind == "title" and not entry.year and (split := self.dates.trailing(cell)):
                cell, entry.year = split
            if kind and not getattr(entry, kind):
                setattr(entry, kind, cell)
            else:
                entry.lines.append(("text", cell))
        return entry

    def _take_projects(self, lines: list[str], first: int) -> list[tuple[int, str]]:
        """Take out runs of (title line, description line) pairs that hold a ``[Year of
        2024]`` tag, each pair a project; returns the other lines with their index."""
        tag = re.compile(str(self.vocab.data.get("project_year_tag")), re.I)
        nonblank = [i for i, line in enumerate(lines) if line.strip()]
        pos = {i: n for n, i in enumerate(nonblank)}

        def pair_at(n: int) -> bool:
            if n < 0 or n + 1 >= len(nonblank):
                return False
            title, desc = lines[nonblank[n]], lines[nonblank[n + 1]]
            return _title_like(title) and not tag.match(title) and not _title_like(desc) \
                and "|" not in desc and not _LIST.match(desc)

        tagged = [pos[i] - 1 for i in nonblank if tag.match(lines[i].strip()) and pos[i] > 0]
        runs: list[tuple[int, int]] = []
        for n in tagged:
            if not pair_at(n) or any(a <= n < b for a, b in runs):
                continue
            start, end = n, n + 2
            while pair_at(start - 2):
                start -= 2
            while pair_at(end):
                end += 2
            runs.append((start, end))
        drop: set[int] = set()
        for start, end in runs:
            for n in range(start, end, 2):
                t, d = nonblank[n], nonblank[n + 1]
                self._project(lines[t].strip(), [lines[d]], first + t, tag)
                drop |= {t, d}
        return [(i, line) for i, line in enumerate(lines) if i not in drop]

    # -- roles ----------------------------------------------------------------------------
    def _interests(self, node: Node) -> None:
        lines = [line for line in node.body.split("\n") if line.strip()]
        items = [_unlist(line) for line in lines]
        listy = lines and (all(_LIST.match(line) for line in lines) or
                           all(_title_like(line) for line in lines))
        origin = self._origin(node.line)
        if not listy or node.children:
            self._section(node, self.current)
            self.report.mapped("interests", f"section `{node.title}` kept as written on the "
                               "about page.", origin)
            return
        self.current.add(node.heading_md() + "\n\n" + "\n".join(f"- {i}" for i in items))
        if self.current is self.about and not self.site.identity.keywords:
            self.site.identity.keywords = ", ".join(_plain(i) for i in items)
        self.report.mapped("interests", f"section `{node.title}`: {len(items)} research "
                           "interests listed on the about page (and used as the site keywords).",
                           origin)

    def _news(self, node: Node) -> None:
        assert self.source is not None
        heading = node.title + "\n"
        body = node.body + ("\n\n" + "\n\n".join(c.heading_md() + "\n\n" + c.text()
                                                  for c in node.children) if node.children else "")
        start = self._origin(node.line).line
        found = extract_news(heading + body, self.source.rel, start or 1,
                             titles={normalize_title(node.title)},
                             bare_headings=(node.title,))
        origin = self._origin(node.line)
        taken = 0
        for item in found.items:
            if self.source.first_line is None:
                item.origin = Origin(self.source.rel, None)
            item.slug = _uniq(item.slug, self.slugs)
            self.site.news.append(item)
            taken += 1
        for line, warning in found.warnings:
            self.report.problem("ambiguous-date", warning, self.source.rel, line, severity="info")
        if taken:
            self.report.mapped("news-section", f"section `{node.title}`: {taken} dated news "
                               "item(s) read.", origin)
        leftover = [line for line in found.leftover if line.strip()]
        if leftover or not taken:
            text = "\n".join(leftover) if taken else body
            self.current.add(node.heading_md())
            self._prose(text.strip("\n"), node.body_line, self.current)
            self.report.verbatim("news-leftover", f"section `{node.title}`: "
                                 f"{len(leftover) if taken else 'its'} line(s) without a date "
                                 "kept as text on the about page.", origin)

    def _contact(self, node: Node) -> None:
        self._section(node, self.current)
        self.report.mapped("section", f"section `{node.title}` → the about page (e-mail and "
                           "profile links also go to the site's identity).",
                           self._origin(node.line))

    def _own_page(self, node: Node) -> None:
        role = node.role or "other"
        page = self._role_page(role, node)
        self._section(node, page, heading=False)
        self.report.mapped("section", f"section `{node.title}` → its own page "
                           f"`{self._page_spec(role)['permalink']}`, as written.",
                           self._origin(node.line))

    def _role_page(self, role: str, node: Node | None = None) -> _PageParts:
        if role not in self.pages:
            label = str(self.vocab.data.get("labels", {}).get(role, role.title()))
            self.pages[role] = _PageParts(title=_plain(node.title) if node and node.title
                                          else label,
                                          origin=self._origin(node.line) if node else None)
        return self.pages[role]

    def _page_spec(self, role: str) -> dict[str, Any]:
        return dict((self.vocab.data.get("pages") or {}).get(role) or
                    {"permalink": f"/{role}/", "nav_order": 9})

    # -- publications ---------------------------------------------------------------------
    def _publications(self, node: Node) -> None:
        page = self._role_page("publications", node)
        found = 0
        chunks = [(node.body, node.body_line, "")] + [
            (c.text(), c.body_line, _plain(c.title)) for c in node.children]
        leftovers: list[str] = []
        for text, first, hint in chunks:
            pubs, rest, at = self._parse_publications(text, first, hint)
            found += len(pubs)
            if hint and rest.strip():
                rest = f"### {hint}\n\n{rest}"
            if rest.strip():
                leftovers.append(rest.strip("\n"))
                self.report.verbatim("publications-text", f"section `{node.title}`"
                                     + (f" / `{hint}`" if hint else "") + ": lines that are "
                                     "not a publication with a year kept as text on the "
                                     "publications page.", self._origin(at))
        origin = self._origin(node.line)
        for text in leftovers:
            page.add(text)
        if found:
            listing = self.vocab.data["listings"]["publications"]["body"]
            page.add(listing)
            self.report.mapped("publications-section", f"section `{node.title}`: {found} "
                               "publication(s) read; the publications page lists them.", origin)

    def _parse_publications(self, text: str, first: int,
                            hint: str) -> tuple[list[Publication], str, int]:
        """Publications in ``text``, the lines that are none (as Markdown), and the text line
        of the first of those."""
        lines = text.split("\n")
        blocks = self._publication_blocks(lines)
        pubs: list[Publication] = []
        used: set[int] = set()
        for block, listed in blocks:
            pub = self._publication([lines[i] for i in block], first + block[0], hint, listed)
            if pub is not None:
                pubs.append(pub)
                used |= set(block)
        self.site.publications += pubs
        rest = [line for i, line in enumerate(lines) if i not in used]
        at = next((first + i for i, line in enumerate(lines) if i not in used and line.strip()),
                  first)
        return pubs, "\n".join(rest).strip("\n"), at

    def _publication_blocks(self, lines: list[str]) -> list[tuple[list[int], bool]]:
        """Line indexes of each candidate publication, and whether it is a list item: list
        items (with their continuation lines), else groups of lines that end after the line
        with the year (and its notes)."""
        idx = [i for i, line in enumerate(lines) if line.strip()]
        listed = [i for i in idx if _LIST.match(lines[i]) and not self._note(lines[i])]
        loose = [i for i in idx if i not in listed and not self._note(lines[i])
                 and not lines[i].startswith((" ", "\t"))]
        if listed and not loose:
            blocks: list[list[int]] = []
            for i in idx:
                if i in listed or not blocks:
                    blocks.append([i])
                elif lines[i].startswith((" ", "\t")) or self._note(lines[i]) or \
                        (blocks[-1][-1] == i - 1):
                    blocks[-1].append(i)
                else:
                    blocks.append([i])
            return [(b, True) for b in blocks]
        blocks = []
        current: list[int] = []
        dated = False
        for i in range(len(lines)):
            line = lines[i]
            if not line.strip():
                if current:
                    blocks.append(current)
                current, dated = [], False
                continue
            if self._note(line):
                (current if current else blocks[-1] if blocks else current).append(i)
                continue
            if dated and current:
                blocks.append(current)
                current, dated = [], False
            current.append(i)
            if len(current) > 1 and _YEAR.search(line):
                dated = True
        if current:
            blocks.append(current)
        return [(b, False) for b in blocks]

    def _note(self, line: str) -> bool:
        text = line.strip().lstrip("*†‡§#¹²³ ").lower()
        return bool(text) and any(p in text for p in self.vocab.words("publication_notes"))

    def _publication(self, lines: list[str], line: int, hint: str,
                     listed: bool = False) -> Publication | None:
        """One publication from its lines, or None when they hold no title and year.

        A list item whose lines are soft-wrapped is one reference ("**Title.** Authors.
        *Venue*, 2024."); otherwise the first line is the title, a line with a year the
        venue, a line of names the authors, and a contribution note its ``note``."""
        notes = [_plain(x.strip()) if not x.strip().startswith("*") else x.strip()
                 for x in lines if self._note(x)]
        rest = [x for x in lines if not self._note(x)]
        if not rest:
            return None
        if listed and not any(x.endswith(("  ", "\\")) for x in rest[:-1]):
            rest = [" ".join(x.strip() for x in rest)]
        links = self._links(" ".join(rest))
        title = venue = dated = written_authors = ""
        authors: list[str] = []
        extra: list[str] = []
        first = _unlist(rest[0])
        if len(rest) == 1:
            title, written_authors, venue, dated = self._split_citation(first)
            authors = _authors(written_authors) if written_authors else []
        else:
            title = first
            for other in rest[1:]:
                text = other.strip()
                if not _plain(_LINK.sub("", text)).strip(" ·|,"):
                    continue  # a line of links only
                if not venue and _YEAR.search(_plain(text)):
                    venue = text
                elif not authors and (_author_like(text) or (not venue and self._name_like(text))):
                    authors, written_authors = _authors(text), text
                else:
                    extra.append(text)
        title = _plain(_LINK.sub(lambda m: m.group(2), title)).strip().rstrip(".").strip()
        venue = _plain(_LINK.sub("", venue)).strip().strip(".,").strip()
        years = _YEAR.findall(venue) or _YEAR.findall(_plain(dated)) or _YEAR.findall(hint)
        if not title or not years:
            return None
        year = int(years[-1])
        key = _uniq(f"{slugify(title, 4) or 'paper'}-{year}", self.keys)
        pub = Publication(key=key, title=title, authors=authors, year=year, date=f"{year}-01-01",
                          venue=venue, category=self._category(venue or hint),
                          slug=slugify(title), links=links,
                          origin=self._origin(line))
        pub.entry_type = {"journal": "article", "conference": "inproceedings"}.get(
            pub.category, "misc")
        if notes:
            pub.fields["note"] = "; ".join(notes)
        if extra:
            pub.body = "\n\n".join(extra) + "\n"
        if authors:
            written = _plain(written_authors).rstrip(". ")
            pub.citation = f"{written}. ({year}). \"{title}.\"" + (
                f" <i>{venue}</i>." if venue else "")
        return pub

    def _split_citation(self, text: str) -> tuple[str, str, str, str]:
        """Title, authors (as written), venue, and the text after the title (which holds the
        year) of a one-line reference ("**Title.** A. Author and B. Author. *Venue*, 2024.
        [PDF](...)")."""
        rest = _LINK.sub(lambda m: "" if _link_kind(m.group(2), self.vocab) else m.group(0),
                         text)
        title = ""
        for pattern in (r"\*\*(.+?)\*\*", r"[“\"](.+?)[”\"]", r"^\[([^\]]+)\]\([^)]*\)"):
            m = re.search(pattern, rest)
            if m:
                title = m.group(1)
                rest = rest[:m.start()] + " " + rest[m.end():]
                break
        segments = [s.strip() for s in re.split(r"(?<=[.?!])\s+", rest.strip()) if s.strip(" .")]
        if not title and segments:
            title = segments.pop(0)
        rest = " ".join(segments)
        italic = re.search(r"(?<![*\w])[*_]([^*_]+)[*_](?![*\w])", rest)
        venue = italic.group(1) if italic else next(
            (s for s in reversed(segments) if _YEAR.search(s)), "")
        authors = ""
        for segment in segments:
            if venue and venue in segment:
                continue
            if _author_like(segment):
                authors = segment
                break
        return title, authors, venue, rest

    def _links(self, text: str) -> dict[str, str]:
        """Links of a reference by their label; ``arxiv``/``doi`` hold the identifier."""
        out: dict[str, str] = {}
        for m in _LINK.finditer(text):
            if m.group(1):
                continue
            kind, url = _link_kind(m.group(2), self.vocab) or "url", m.group(3)
            ident = re.search(r"arxiv\.org/(?:abs|pdf)/([^\s?#]+?)(?:\.pdf|v\d+)?/?$", url)
            if kind == "arxiv" or ident:
                kind, url = ("arxiv", ident.group(1)) if ident else ("url", url)
            doi = re.match(r"https?://(?:dx\.)?doi\.org/(10\..+)$", url)
            if kind == "doi" or doi:
                kind, url = ("doi", doi.group(1)) if doi else ("url", url)
            out.setdefault(kind, url)
        return out

    def _category(self, venue: str) -> str:
        low = f" {venue.lower()} "
        for category, words in (self.vocab.data.get("publication_categories") or {}).items():
            if any(re.search(rf"(?<![a-z]){re.escape(str(w).lower())}(?![a-z])", low)
                   for w in words):
                return str(category)
        return "conference"

    # -- projects ---------------------------------------------------------------------------
    def _projects(self, node: Node) -> None:
        tag = re.compile(str(self.vocab.data.get("project_year_tag")), re.I)
        before = len(self.site.projects)
        rest: list[str] = []
        for child in node.children:
            self._project(_plain(child.title), child.text().split("\n"), child.line, tag)
        blocks: list[list[tuple[int, str]]] = [[]]
        for offset, line in enumerate(node.body.split("\n")):
            if line.strip():
                blocks[-1].append((node.body_line + offset, line))
            elif blocks[-1]:
                blocks.append([])
        for block in (b for b in blocks if b):
            texts = [t for _, t in block]
            pairs = len(texts) >= 4 and len(texts) % 2 == 0 and all(
                _title_like(t) == (n % 2 == 0) for n, t in enumerate(texts))
            if pairs:  # title, description, title, description ... without blank lines
                for n in range(0, len(texts), 2):
                    self._project(texts[n].strip(), [texts[n + 1]], block[n][0], tag)
            elif len(texts) >= 2 and _title_like(texts[0]) and not _title_like(texts[1]):
                self._project(texts[0].strip(), texts[1:], block[0][0], tag)
            elif all(_LIST.match(t) for t in texts):  # "- **Title**: description"
                for ln, t in block:
                    m = re.match(r"\s*(?:\*\*(.+?)\*\*|([^:–—]{3,80}?))\s*[:–—]\s+(.+)$",
                                 _unlist(t))
                    if m:
                        self._project(_plain(m.group(1) or m.group(2)), [m.group(3)], ln, tag)
                    else:
                        rest.append(t)
            else:
                rest += texts
                rest.append("")
        page = self._role_page("projects", node)
        if rest and any(r.strip() for r in rest):
            page.add("\n".join(rest))
            self.report.verbatim("projects-text", f"section `{node.title}`: text that is no "
                                 "project kept on the projects page.", self._origin(node.line))
        self.report.mapped("projects-section", f"section `{node.title}`: "
                           f"{len(self.site.projects) - before} project(s) read.",
                           self._origin(node.line))

    def _project(self, title: str, lines: list[str], line: int, tag: re.Pattern[str]) -> None:
        assert self.source is not None
        body = "\n".join(x.strip() for x in lines).strip()
        first = body.split("\n\n")[0].strip()
        m = tag.match(first)
        year = int(m.group("year")) if m else None
        description = _plain(first[m.end():] if m else first)
        title = _plain(title)
        slug = _uniq(slugify(title, 6) or "project", self.slugs)
        item = Item(path=self.source.rel, slug=slug, title=title, body=body + "\n",
                    origin=self._origin(line))
        if description:
            item.fields["description"] = description
        if year:
            item.fields["year"] = year
        item.fields["importance"] = len(self.site.projects) + 1
        self.site.projects.append(item)
        self.report.mapped("project", f"project `{title}`" + (f" ({year})" if year else "")
                           + " read.", item.origin)

    # -- CV -------------------------------------------------------------------------------
    def _cv_container(self, node: Node) -> None:
        """A "CV" section: its text heads the CV page, its subsections are CV sections."""
        origin = self._origin(node.line)
        cv_page = self._role_page("cv", node)
        cv_page.title = _plain(node.title)
        if node.body.strip():
            self._prose(node.body, node.body_line, cv_page)
        for child in node.children:
            if child.role in ("experience", "education", "awards", "service", None):
                self._cv(child, child.role or "experience")
            else:
                self._dispatch(child)  # publications, talks ... inside a CV section
        self.report.mapped("section", f"section `{node.title}` → the CV page.", origin)

    def _cv(self, node: Node, role: str) -> None:
        """An experience/education/awards/service section: entries for the CV, and the same
        entries, readable, on the CV page (a table stays a table there)."""
        entries: list[Entry] = []
        parts: list[str] = []
        lines = node.body.split("\n")
        pos = 0

        def text(chunk: list[str], first: int, current: Entry | None = None) -> None:
            intro: list[str] = []
            found = self._cv_lines(chunk, first, role, intro, current)
            if intro:
                parts.append(_paragraphs(intro))
            parts.extend(_render(found))
            entries.extend(found)

        for table in find_tables(lines):
            text(lines[pos:table.start], node.body_line + pos)
            parts.append(self._table(table, node.body_line, may_move=False))
            if table.ok:
                entries.extend(self._table_entries(table, node.body_line))
            pos = table.end
        text(lines[pos:], node.body_line + pos)
        for child in node.children:
            entry = Entry(self._origin(child.line).line)
            head = _plain(child.title)
            split = self.dates.trailing(head)
            entry.institution, entry.year = split if split else (head, "")
            text(child.body.split("\n"), child.body_line, entry)
        self._add_cv(_plain(node.title), entries, "\n\n".join(p for p in parts if p.strip()),
                     self._origin(node.line), f"section `{node.title}`")

    def _cv_lines(self, lines: list[str], first: int, role: str, intro: list[str],
                  current: Entry | None = None) -> list[Entry]:
        """CV entries of plain lines: an entry starts at a short heading line (the place)
        followed by its role, years or degree; description lines and bullets follow."""
        out: list[Entry] = [current] if current else []
        listy = role in ("awards", "service")
        kinds = [self._cv_kind(line) for line in lines]
        for i, (line, kind) in enumerate(zip(lines, kinds, strict=True)):
            text = line.strip()
            ln = self._origin(first + i).line
            if kind == "blank":
                continue
            item = _unlist(text)
            dated = self.dates.leading(item)
            if (listy and kind in ("bullet", "header", "text")) or (
                    dated and kind in ("bullet", "text", "header")):
                entry = Entry(ln, single=item)
                if dated:
                    entry.year, entry.title = dated
                else:
                    split = self.dates.trailing(item)
                    entry.title, entry.year = split if split else (item, "")
                out.append(entry)
                current = None
                continue
            if kind == "header":
                nxt = next((k for k in kinds[i + 1:] if k != "blank"), "")
                follows = nxt in ("role", "date", "degree") or (
                    nxt == "header" and next((k for k in kinds[i + 2:] if k not in ("blank",)),
                                             "") in ("date", "role"))
                busy = current is not None and bool(current.title or current.year or current.lines)
                if current is None or (follows and busy):
                    split = self.dates.trailing(text)
                    current = Entry(ln)
                    current.institution, current.year = split if split else (text, "")
                    out.append(current)
                elif not current.title and not current.lines:
                    current.title = text
                else:
                    current.lines.append(("text", text))
                continue
            if kind in ("role", "degree"):
                value = _ROLE_DASH.sub("", text)
                if current is None or (current.title and kind == "degree"):
                    current = Entry(ln)
                    out.append(current)
                if current.title:
                    current.lines.append(("text", value))
                else:
                    split = self.dates.trailing(value)
                    current.title, year = split if split else (value, "")
                    current.year = current.year or year
                continue
            if kind == "date":
                if current is None or current.year:
                    current = Entry(ln)
                    out.append(current)
                current.year = text
                continue
            if current is None:
                intro.append(line)
            else:
                current.lines.append(("bullet" if kind == "bullet" else "text",
                                      item if kind == "bullet" else text))
        return out

    def _cv_kind(self, line: str) -> str:
        s = line.strip()
        if not s:
            return "blank"
        if _BULLET.match(s):
            return "bullet"
        if _ROLE_DASH.match(s) and not self.dates.whole(s):
            return "role"
        if self.dates.whole(s):
            return "date"
        if self._degree(s):
            return "degree"
        if _title_like(s) or (self.dates.trailing(s) and len(s) <= 120 and s[-1] not in ".!?"):
            return "header"
        return "text"

    def _degree(self, text: str) -> bool:
        token = text.strip().split(maxsplit=1)[0].lower().rstrip(".,:;&") if text.strip() else ""
        words = {w.rstrip(".") for w in self.vocab.words("degree_words")}
        return token in words

    def _add_cv(self, title: str, entries: list[Entry], markdown: str, origin: Origin,
                what: str) -> None:
        """A CV section: its entries in the IR, its Markdown on the CV page."""
        markdown = f"## {title}" + (f"\n\n{markdown}" if markdown.strip() else "")
        section = CVSection(title, [e.as_ir() for e in entries], markdown, kind="time_table",
                            origin=origin)
        self.cv_sections.append((section, origin))
        self._role_page("cv").add(markdown)
        for entry in entries:
            name = " — ".join(_plain(x) for x in (entry.institution, entry.title) if x) or \
                _plain(entry.single)
            self.report.mapped("cv-entry", f"CV entry `{name[:80]}` ({title}) → the CV data "
                               "and the CV page.", Origin(origin.path, entry.line))
        self.report.mapped("cv-section", f"{what} → CV section `{title}` with "
                           f"{len(entries)} entries, shown on the CV page.", origin)

    # -- identity ---------------------------------------------------------------------------
    def _is_avatar(self, alt: str, url: str) -> bool:
        hints = self.vocab.words("avatar_hints")
        text = f"{alt} {PurePosixPath(url).name}".lower()
        return any(h in text for h in hints)

    def _set_avatar(self, url: str, origin: Origin) -> None:
        if is_external(url):
            self.report.verbatim("avatar-remote", f"the profile picture `{url}` is on another "
                                 "site; download it into the site and set it by hand.", origin)
            return
        self.site.identity.avatar = url
        record_asset(self.site, url, "image")
        self.report.mapped("avatar", f"picture `{url}` is the profile picture.", origin)

    def _email(self, email: str, origin: Origin) -> None:
        email = email.strip().removeprefix("mailto:")
        if not self.site.identity.email and _EMAIL.fullmatch(email):
            self.site.identity.email = email
            self.report.mapped("email", f"e-mail address `{email}` → the site's identity.",
                               origin)

    def _social(self, url: str, origin: Origin) -> None:
        if url.startswith("mailto:"):
            self._email(url, origin)
            return
        social = socials.social_from_url(url)
        if social is None or social.service == "email":
            return
        if any(s.service == social.service for s in self.site.identity.socials):
            return
        social.origin = origin
        self.site.identity.socials.append(social)
        self.report.mapped("social", f"link `{url}` is your {social.service} profile; it also "
                           "goes to the theme's social links.", origin)

    # -- the site -------------------------------------------------------------------------
    def _finish(self) -> None:
        site = self.site
        self._name()
        about_origin = self.about.origin or Origin("", 1)
        about = Page(path=f"{PAGE_DIR}/about.md", role="about", title=self.about.title,
                     permalink="/", body=self.about.body(), origin=about_origin)
        if site.news:
            about.features["news"] = {"enabled": True}
        site.pages.append(about)
        site.navigation.append(NavItem(about.title or "about", "/"))
        if self.cv_sections:
            site.cv = CV(sections=[s for s, _ in self.cv_sections],
                         origin=self.cv_sections[0][1], format="text")
        if site.projects:
            self._role_page("projects").add(self.vocab.data["listings"]["projects"]["body"])
        for role in ("publications", "projects", "cv", "talks", "teaching"):
            parts = self.pages.get(role)
            if parts is None or not parts.parts:
                continue
            spec = self._page_spec(role)
            page = Page(path=f"{PAGE_DIR}/{role}.md", role=role,
                        title=parts.title, permalink=str(spec["permalink"]), body=parts.body(),
                        nav=True, nav_order=float(spec.get("nav_order", 9)),
                        origin=parts.origin or about_origin)
            site.pages.append(page)
            site.navigation.append(NavItem(page.title, page.permalink))
            self.report.mapped("page-created", f"page `{page.permalink}` ({role}) created from "
                               "the homepage.", page.origin)
        taken = {p.permalink.strip("/") for p in site.pages}
        for key, parts in self.pages.items():
            if not key.startswith("file:") or not parts.parts:
                continue
            stem = _uniq(slugify(PurePosixPath(key[5:]).stem, 6) or "page", taken)
            permalink = f"/{stem}/"
            page = Page(path=f"{PAGE_DIR}/{stem}.md", role="other", title=parts.title,
                        permalink=permalink, body=parts.body(), nav=True,
                        nav_order=float(10 + len(site.pages)), origin=parts.origin)
            site.pages.append(page)
            site.navigation.append(NavItem(page.title, page.permalink))
            self.report.mapped("page-created", f"`{key[5:]}` → page `{permalink}`.", page.origin)

    def _name(self) -> None:
        ident: Identity = self.site.identity
        if self.person_name:
            name, origin, how = self.person_name, None, "`--name`"
        elif self.names:
            name, origin, how = self.names[0]
        else:
            where = self.source.rel if self.source else None
            self.report.problem("no-name", "the page does not say whose it is (no `name`/`title` "
                                "front matter, no name heading, no `<h1>`/`<title>`); the site "
                                "was written without a name. Run again with "
                                "`--name \"First Last\"`.", where)
            return
        ident.full_name = name
        ident.first_name, ident.middle_name, ident.last_name = split_name(name)
        ident.origin = origin
        self.report.mapped("name", f"the site owner's name `{name}` taken from {how}.", origin)


def _link_kind(label: str, vocab: Vocab) -> str | None:
    kinds = {str(k).lower(): str(v) for k, v in (vocab.data.get("link_kinds") or {}).items()}
    return kinds.get(_plain(label).strip("[]() ").lower())


def _absolute_links(text: str) -> str:
    """Relative link and image targets made site-absolute: the page was served at ``/``, and
    its content moves to pages at other addresses."""
    def fn(url: str) -> str | None:
        if is_external(url) or url.startswith("/"):
            return None
        return resolve(url, "/")
    return rewrite_links(text, fn)


__all__ = ["DateFinder", "PlainReader", "Table", "Vocab", "find_tables", "html_to_markdown",
           "load_vocab"]
