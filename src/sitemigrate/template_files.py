"""The template's own files, recognised by content.

Each theme package may ship ``template_files.json`` (made by ``scripts/template_digests.py``
from pristine checkouts of the template, one per date): for every path, the SHA-256 digests
of that file (line endings normalised) and the checkouts that have each, plus the digests
of the example BibTeX entries. Facts only: no text of a template is stored.

A file of SRC whose content is the template's own file at that path (of any generation the
table knows) is the template's, not the owner's; so is a file at an example path whose text
is the template's example text of a version between those (:mod:`sitemigrate.template_text`):
the template's example posts, projects,
news, CV data and bibliography entries are never carried as the owner's content, in a theme
switch or an upgrade (:func:`drop_template_content`), and an upgrade leaves such a file to
the new checkout.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import sys
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .example_cv import entry_digests
from .ir import Item, Origin, Site
from .report import Report
from .sass_values import facts as sass_facts
from .template_text import ExampleText, build_text, code_runs, load_text, mark, page_front
from .textio import read_source
from .theme import SiteProbe, Theme, generation_of

TABLE = "template_files.json"
"""The table's file name inside a theme's package."""


def digest(data: bytes) -> str:
    """SHA-256 of a file's bytes, with CRLF and CR line endings read as LF."""
    return hashlib.sha256(data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")).hexdigest()


def entry_digest(text: str) -> str:
    """SHA-256 of a BibTeX entry with its white space collapsed (a trailing comma, the
    blank lines around it and the indentation do not matter)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


@dataclass
class Templates:
    """A theme's table of template files (empty when its package ships none)."""

    checkouts: list[dict] = field(default_factory=list)
    """``{name, generation, date}`` of each checkout the table was made from, oldest first."""
    files: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    entries: dict[str, list[int]] = field(default_factory=dict)
    text: ExampleText = field(default_factory=ExampleText)
    """The facts of the example text (:mod:`sitemigrate.template_text`)."""
    settings: set[str] = field(default_factory=set)
    """Digests of the checkouts' own config values (:func:`setting_digest`)."""
    sass: set[str] = field(default_factory=set)
    """Digests of the checkouts' Sass variable values (:mod:`sitemigrate.sass_values`)."""
    sass_lines: set[str] = field(default_factory=set)
    """Digests of the lines of the checkouts' Sass files (:mod:`sitemigrate.sass_values`)."""
    code: set[str] = field(default_factory=set)
    """Digests of the runs of words the checkouts' layouts and includes write themselves
    (:func:`~sitemigrate.template_text.code_runs`)."""
    _by_digest: dict[str, list[str]] | None = None

    def owners(self, rel: str, data: bytes) -> list[str]:
        """The checkouts whose file at ``rel`` is ``data`` (none: not the template's)."""
        found = self.files.get(rel, {}).get(digest(data), [])
        return [self.checkouts[i]["name"] for i in found]

    def anywhere(self, data: bytes) -> list[str]:
        """The template paths whose content is ``data`` (an example post renamed)."""
        if self._by_digest is None:
            self._by_digest = {}
            for rel, seen in self.files.items():
                for d in seen:
                    self._by_digest.setdefault(d, []).append(rel)
        return self._by_digest.get(digest(data), [])

    def is_entry(self, bibtex: str) -> bool:
        """True when a BibTeX entry is one of a template's example entries, as a checkout
        has it or with an example entry's key and title (another version's fields)."""
        return bool(bibtex) and (entry_digest(bibtex) in self.entries
                                 or self.text.is_entry(bibtex))

    def writes(self, html: str) -> bool:
        """True when every run of words of ``html`` (a part of a layout) is one a layout or
        include of a checkout writes itself (a heading of the template's); False for a part
        without words (a picture)."""
        runs = code_runs(html)
        return bool(runs) and all(mark(r) in self.code for r in runs)

    def is_setting(self, key: str, value: object) -> bool:
        """True when a checkout's ``_config.yml`` gives ``value`` at ``key`` (dotted:
        ``author.github``): the template's example value, not an owner's."""
        return setting_digest(key, value) in self.settings

    def paths(self, checkout: str) -> dict[str, str]:
        """Path -> digest of every file of the checkout ``checkout``."""
        index = next((i for i, c in enumerate(self.checkouts) if c["name"] == checkout), None)
        return {rel: d for rel, seen in self.files.items() for d, owners in seen.items()
                if index in owners}

    def closest(self, root: Path) -> str | None:
        """The checkout SRC at ``root`` was most likely made from: the one with the most
        files of SRC that are its own, unchanged (None when no file is any checkout's)."""
        score = [0] * len(self.checkouts)
        for rel, seen in self.files.items():
            path = root / rel
            if not path.is_file():
                continue
            data = read_source(path, rel, None, root=root)
            if data is None:
                continue
            found = seen.get(digest(data), [])
            for i in found:
                score[i] += 1
        if not any(score):
            return None
        best = max(range(len(score)), key=lambda i: (score[i], i))
        return str(self.checkouts[best]["name"])


SKIP = (".git/", ".lab-")
CODE = (".html", ".htm", ".liquid")
"""The suffixes of the layouts and includes whose words the table holds."""


def source_date(checkout: Path) -> str:
    """The date of the commit a checkout is (``date:`` of its ``.lab-source.txt``)."""
    info = checkout / ".lab-source.txt"
    if info.is_file():
        for line in info.read_text("utf-8", "replace").splitlines():
            if line.startswith("date:"):
                return line.split(":", 1)[1].strip()[:10]
    return ""


def _bib_entries(checkout: Path) -> list[str]:
    """The BibTeX entries of a checkout's bibliography, as written."""
    out = []
    for bib in sorted((checkout / "_bibliography").glob("*.bib")):
        out += split_entries(bib.read_text("utf-8", "replace"))[1]
    return out


def without_example_entries(theme: Theme, text: str) -> str:
    """A BibTeX file's text without the entries that are a template's example entries."""
    table = templates(theme)
    if not table.entries:
        return text
    head, entries = split_entries(text)
    return head + "".join(e for e in entries if not table.is_entry(e))


def split_entries(text: str) -> tuple[str, list[str]]:
    """A BibTeX file's text before its first block, and its blocks (each from its `@` to the
    next block's), as written and as BibTeX-ruby reads them (a `@comment{...}` that holds
    entries commented out is one block: :func:`~.formats.bibtex.block_starts`)."""
    from .formats.bibtex import block_starts
    starts = block_starts(text)
    ends = [*starts[1:], len(text)] if starts else []
    return text[:starts[0]] if starts else text, [
        text[a:b] for a, b in zip(starts, ends, strict=True)]


def setting_digest(key: str, value: object) -> str:
    """SHA-256 of a config key (dotted) and its scalar value, as text with its white space
    collapsed."""
    return hashlib.sha256(f"{key}\0{' '.join(str(value).split())}".encode()).hexdigest()


def _settings(checkout: Path) -> set[str]:
    """The digests of the scalar values of a checkout's ``_config.yml``, at the top level
    and one level down (``author.github``)."""
    from .yamlio import load_yaml
    try:
        config = load_yaml((checkout / "_config.yml").read_text("utf-8"), "_config.yml", None)
    except (OSError, ValueError):
        return set()
    out: set[str] = set()
    for key, value in (config.items() if isinstance(config, dict) else []):
        inner = value.items() if isinstance(value, dict) else [(None, value)]
        for sub, v in inner:
            if v not in (None, "") and not isinstance(v, (dict, list)):
                out.add(setting_digest(f"{key}.{sub}" if sub is not None else str(key), v))
    for page in sorted((checkout / "_pages").glob("*")):  # their pages' example lines
        described = page_front(page.name, page.read_bytes()).get("description") \
            if page.is_file() else None
        if isinstance(described, str) and described.strip():
            out.add(setting_digest(PAGE_DESCRIPTION, described))
    return out


PAGE_DESCRIPTION = "page.description"
"""The key under which the table holds the `description` lines of the checkouts' pages and
example items."""


def example_wording(theme: Theme | None, value: str) -> bool:
    """Whether a page's `description` is a line a template checkout's page or example item
    of ``theme`` has (its example wording: `_pages/cv.md`'s line telling the owner to edit
    it, an example project's one-line description)."""
    return theme is not None and bool(value.strip()) \
        and templates(theme).is_setting(PAGE_DESCRIPTION, value)


def build_table(theme: Theme, checkouts: list[Path]) -> dict:
    """The table of ``theme`` made from pristine checkouts of its template (oldest first);
    blobs a checkout lacks (listed in its ``.lab-missing.txt``) are left out."""
    names: list[dict] = []
    files: dict[str, dict[str, list[int]]] = {}
    entries: dict[str, list[int]] = {}
    examples: list[tuple[str, bytes]] = []
    texts: list[str] = []
    settings: set[str] = set()
    sass: set[str] = set()
    sass_lines: set[str] = set()
    code: set[str] = set()
    globs = _example_globs(theme)
    kept = theme.vocabulary.get("checkout", {}).get("keep", [])
    for index, checkout in enumerate(checkouts):
        names.append({"name": checkout.name, "date": source_date(checkout),
                      "generation": generation_of(theme, SiteProbe(checkout))})
        missing = checkout / ".lab-missing.txt"
        skip = set(missing.read_text("utf-8").split()) if missing.is_file() else set()
        for path in sorted(checkout.rglob("*")):
            rel = path.relative_to(checkout).as_posix()
            if not path.is_file() or path.is_symlink() or rel in skip \
                    or any(rel.startswith(s) or f"/{s}" in rel for s in SKIP):
                continue
            files.setdefault(rel, {}).setdefault(digest(path.read_bytes()), []).append(index)
            if rel.startswith(("_layouts/", "_includes/")) and path.suffix in CODE:
                code |= {mark(r) for r in code_runs(path.read_text("utf-8", "replace"))}
            if any(fnmatch.fnmatchcase(rel, g) for g in globs) \
                    and not any(fnmatch.fnmatchcase(rel, g) for g in kept):
                examples.append((rel, path.read_bytes()))
                settings |= entry_digests(rel, examples[-1][1])  # its data's entries
                # an example item's one-line `description` (a project's "a project with
                # ..."), which its page or a listing shows beside the title
                described = page_front(rel, examples[-1][1]).get("description")
                if isinstance(described, str) and described.strip():
                    settings.add(setting_digest(PAGE_DESCRIPTION, described))
        settings |= _settings(checkout)
        values, lines = sass_facts(checkout)
        sass |= values
        sass_lines |= lines
        for entry in _bib_entries(checkout):
            texts.append(entry)
            seen = entries.setdefault(entry_digest(entry), [])
            if index not in seen:
                seen.append(index)
    return {"about": "facts of pristine template checkouts (scripts/template_digests.py): "
                     "path -> SHA-256 of the file (LF line endings) -> checkouts that have it; "
                     "BibTeX entry digest -> checkouts; the example text's facts "
                     "(sitemigrate.template_text); digests of the config's own values "
                     "(key, value); digests of the Sass variables' values and of the Sass "
                     "files' lines; digests of the runs of words the layouts and includes "
                     "write (sitemigrate.template_text.code_runs)",
            "templates": names, "files": files, "entries": entries,
            "settings": sorted(settings), "sass": sorted(sass), "sass_lines": sorted(sass_lines),
            "code_texts": sorted(code),
            "text": build_text(examples, texts)}


@cache
def templates(theme: Theme) -> Templates:
    """The table of ``theme`` (from its package), or an empty one."""
    module = sys.modules.get(type(theme).__module__)
    path = Path(module.__file__).parent / TABLE if module and module.__file__ else None
    if path is None or not path.is_file():
        return Templates()
    data = json.loads(path.read_text("utf-8"))
    return Templates(data.get("templates", []), data.get("files", {}), data.get("entries", {}),
                     load_text(data.get("text")), set(data.get("settings", [])),
                     set(data.get("sass", [])), set(data.get("sass_lines", [])),
                     set(data.get("code_texts", [])))


def is_template_setting(theme: Theme, key: str, value: object) -> bool:
    """True when a template checkout of ``theme`` gives ``value`` at the config key ``key``
    (dotted: ``author.github``): the template's example value."""
    return templates(theme).is_setting(key, value)


def owners_setting(theme: Theme, key: str, value: object) -> bool:
    """In an upgrade: whether SRC's scalar ``value`` of a setting is the owner's (no
    checkout of ``theme`` ships it, so they set it: `max_width: 1200px`, `blog_name`), not
    the old template's default, which the new template's replaces. A mapping or list
    (`scholar`, `collections`) is not judged here (False)."""
    found = templates(theme)
    return bool(found.settings) and isinstance(value, (str, int, float, bool)) \
        and not found.is_setting(key, value)


def owners_group(theme: Theme, key: str, value: object, theirs: object) -> bool:
    """In an upgrade: whether SRC's mapping ``value`` at ``key`` (`analytics`, `comments`)
    holds a value the owner set, against ``theirs`` (DEST's at ``key``): a value one level
    down that no checkout of ``theme`` ships (`analytics.provider: google-analytics-4`), or
    one deeper where the new template leaves a blank for the owner to fill
    (`analytics.google.tracking_id`). Such a group is the owner's set-up, whose values
    select one another (a provider and its id), so it is carried whole. Only a group the
    new template has in the same shape (every key of SRC's, at its place, DEST's too): one
    the new template reshaped or grew (`scholar`, `jekyll-archives`) would lose the new
    template's keys, which its own code reads."""
    found = templates(theme)
    if not found.settings or not isinstance(value, dict) or not _same_shape(value, theirs):
        return False

    absent = object()  # DEST has no such key: another shape of the group, no blank

    def owned(path: tuple[str, ...], v: object, dest: object) -> bool:
        if isinstance(v, dict):
            return any(owned((*path, str(k)), sub, dest.get(k, absent) if isinstance(dest, dict)
                             else absent) for k, sub in v.items())
        if v in (None, "") or not isinstance(v, (str, int, float, bool)):
            return False
        if len(path) == 1:  # the table knows the checkouts' values one level down
            return not found.is_setting(f"{key}.{path[0]}", v)
        return dest is not absent and dest in (None, "")
    return owned((), value, theirs)


def owners_subkeys(theme: Theme, key: str, value: object, theirs: object,
                   fixed: Collection[str] = ()) -> dict[str, object]:
    """In an upgrade: the keys of SRC's group ``value`` at ``key`` (`scholar`) each at a
    scalar value no checkout of ``theme`` ships there, that DEST's group ``theirs`` lacks
    (`scholar.sort_by: year`, `order: descending`) or has at another value (`style: ieee`,
    `group_by: none`), but those ``fixed``, whose new values the new template's own files or
    the writer need (`source`, `bibliography_template`): the owner's own settings of a
    group the new template reshaped (so not carried whole, :func:`owners_group`)."""
    found = templates(theme)
    if not found.settings or not isinstance(value, dict) or not isinstance(theirs, dict):
        return {}
    return {str(k): v for k, v in value.items()
            if (k not in theirs or (str(k) not in fixed and theirs[k] != v))
            and isinstance(v, (str, int, float, bool)) and v != ""
            and not found.is_setting(f"{key}.{k}", v)}


def _same_shape(ours: object, theirs: object) -> bool:
    """Whether the mappings ``ours`` and ``theirs`` have the same keys at every level."""
    if not isinstance(ours, dict) or not isinstance(theirs, dict):
        return not isinstance(ours, dict) and not isinstance(theirs, dict)
    return set(map(str, ours)) == set(map(str, theirs)) and all(
        _same_shape(ours[k], theirs.get(k)) for k in ours)


def template_value(theme: Theme, key: str, value: object) -> bool:
    """Whether SRC's ``value`` at the config key ``key`` is what a template checkout of
    ``theme`` ships there: a scalar the checkout gives, or a mapping whose every scalar one
    level down is the checkout's (an old template's `bootstrap: {version, integrity}` pin),
    with at least one. A list is not judged (False)."""
    found = templates(theme)
    if isinstance(value, dict):
        scalars = [(k, v) for k, v in value.items()
                   if v not in (None, "") and not isinstance(v, (dict, list))]
        return bool(scalars) and all(found.is_setting(f"{key}.{k}", v) for k, v in scalars)
    return isinstance(value, (str, int, float, bool)) and found.is_setting(key, value)


def template_wording(theme: Theme, key: str, value: object, report: Report,
                     origin: Origin | None = None) -> bool:
    """Whether a setting's text (``key``: ``value`` of SRC's `_config.yml`, at ``origin``:
    its line) is what a template checkout ships as it, its example wording (`contact_note`):
    no one's, so not carried, and said so."""
    if not isinstance(value, str) or not value.strip() \
            or not templates(theme).is_setting(key, value):
        return False
    report.mapped("template-wording", f"`{key}` is the template's own wording, not yours: "
                  "not carried.", origin or "_config.yml")
    return True


def is_template_file(theme: Theme, root: Path, rel: str) -> bool:
    """True when SRC's ``rel`` is a file of a template checkout of ``theme``, unchanged."""
    data = read_source(root / rel, rel, None, root=root)
    return data is not None and bool(templates(theme).owners(rel, data))


def _example_globs(theme: Theme) -> list[str]:
    return [g for g in theme.vocabulary.get("checkout", {}).get("examples", [])
            if not g.startswith("_pages/")]


def is_example(theme: Theme, root: Path, rel: str) -> bool:
    """True when SRC's ``rel`` is example content of ``theme``'s template: a file under one
    of the mapping's example globs (not a page) that is a template's own file, at that path
    or another example path (an example post the owner renamed), or that holds the
    template's example text of a version between the checkouts (:mod:`.template_text`)."""
    globs = _example_globs(theme)
    if not any(fnmatch.fnmatchcase(rel, g) for g in globs):
        return False
    data = read_source(root / rel, rel, None, root=root)
    if data is None:
        return False
    table = templates(theme)
    return bool(table.owners(rel, data)) or any(
        any(fnmatch.fnmatchcase(p, g) for g in globs) for p in table.anywhere(data)) \
        or table.text.near(rel, data)


def walk_menu(items: list) -> list:
    """Every entry of a menu, its submenus' too."""
    return [n for item in items for n in (item, *walk_menu(item.children))]


def _field_paths(items: list[Item]) -> set[str]:
    return {v for i in items for v in i.fields.values() if isinstance(v, str)}


def _drop_their_files(site: Site, gone: list[Item]) -> None:
    """The static files the reader listed for example items left out (a project card's
    image, named in its front matter) and for nothing else of the site: not the owner's
    either, so not carried (nor reported missing where the owner deleted them). A page or
    item that still links one carries it as its link."""
    if not gone:
        return
    theirs = _field_paths(gone)
    kept = [i for kind in ("news", "talks", "teaching", "projects", "posts")
            for i in getattr(site, kind)] + [i for items in site.collections.values()
                                             for i in items]
    still = _field_paths(kept) | {site.identity.avatar or ""}
    site.assets = [a for a in site.assets if a.path not in theirs or a.path in still]


def owned_furniture(report: Report) -> set[str]:
    """The pages of the theme's furniture the reader found the owner's
    (:func:`sitemigrate.jekyll.furniture.mark_furniture`: retitled, or showing the owner's data,
    as a talk map made from their talks), though the file is the template's own."""
    return {f.path for f in report.findings if f.code == "furniture-owned" and f.path}


def drop_template_content(site: Site, report: Report, theme: Theme) -> None:
    """Remove from ``site`` (read as ``theme``) what its template's example content put
    there: collection items read from a template's example file, BibTeX entries that are a
    template's example entries, a template's page that the menu does not show, and a CV read
    from a template's example data. One report line a kind (the CV's names its file)."""
    if not site.source or not Path(site.source).is_dir():
        return
    root = Path(site.source)
    if not templates(theme).files:
        return
    memo: dict[str, bool] = {}

    def example(origin: object) -> bool:
        rel = getattr(origin, "path", None)
        if not rel:
            return False
        if rel not in memo:
            memo[rel] = is_example(theme, root, rel)
        return memo[rel]

    dropped: dict[str, int] = {}
    left_out: list[Item] = []  # the example items: their files (a card's image) go too
    for kind in ("news", "talks", "teaching", "projects", "posts"):
        items = getattr(site, kind)
        kept = [i for i in items if not example(i.origin)]
        if len(kept) != len(items):
            dropped[kind] = len(items) - len(kept)
            left_out += [i for i in items if i not in kept]
            setattr(site, kind, kept)
    for name, items in list(site.collections.items()):
        kept = [i for i in items if not example(i.origin)]
        if len(kept) != len(items):
            dropped[name] = len(items) - len(kept)
            left_out += [i for i in items if i not in kept]
            site.collections[name] = kept
    _drop_their_files(site, left_out)
    table = templates(theme)
    kept_pubs = [p for p in site.publications
                 if not (example(p.origin) or table.is_entry(p.bibtex))]
    if len(kept_pubs) != len(site.publications):
        dropped["publications"] = len(site.publications) - len(kept_pubs)
        site.publications = kept_pubs
    # an example page that the menu does not show and that lists nothing of the owner's
    # (a profile of the example person, a blog page when every post was an example): the
    # template's, unchanged
    menu = {n.url for n in walk_menu(site.navigation)}
    owned = owned_furniture(report)
    examples = ("other", "people") if site.posts else ("other", "people", "blog")
    pages = [p for p in site.pages if p.nav or p.permalink in menu
             or p.role not in examples or p.path in owned
             or not p.origin or not is_template_file(theme, root, p.origin.path)]
    if len(pages) != len(site.pages):
        dropped["pages"] = len(site.pages) - len(pages)
        site.pages = pages
    cv_origin = getattr(site.cv, "origin", None)
    if cv_origin is not None and cv_origin.path and (
            example(cv_origin) or is_template_file(theme, root, cv_origin.path)):
        site.cv = None  # the template's example person's CV (its data or its CV page)
        gone = [p for p in site.pages
                if p.role == "cv" and p.origin and p.origin.path == cv_origin.path]
        site.pages = [p for p in site.pages if p not in gone]
        urls = {"/" + p.permalink.strip("/") for p in gone if p.permalink}
        entries = [n for n in site.navigation if "/" + n.url.strip("/") not in urls]
        menu_gone = [n.title for n in site.navigation if n not in entries]
        site.navigation = entries  # no menu entry to the example CV either
        # the reader's question whether this data is the template's example is answered here
        report.findings[:] = [f for f in report.findings
                           if not (f.code in ("cv-example", "template-example-cv")
                                   and f.path == cv_origin.path)]
        # one line naming the file: the page, its address and its menu entry go with it
        report.mapped("template-content", f"`{cv_origin.path}` is the template's example CV "
                      "(its example person's entries, as a version of the template has them, "
                      "at most reworded): not carried as yours"
                      + "".join(f", nor its page `{p.permalink}`" for p in gone if p.permalink)
                      + "".join(f", nor its menu entry `{t}`" for t in menu_gone)
                      + ". To show your own CV, write it into the new site's CV data and "
                      "give its CV page a menu entry.", cv_origin.path)
    for kind, count in sorted(dropped.items()):
        report.mapped("template-content", f"{kind}: {count} item{'s' if count != 1 else ''} "
                      "of SRC that the template ships as its example content (as a version "
                      "of the template has it, at most reworded), not carried as yours.", None)
