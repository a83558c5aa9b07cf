"""Two builds of a site compared as a visitor sees them: what the old site shows that the
new one does not (paragraphs, listed items, CV entries and talk/teaching details, menu
entries, linked files, addresses), and what the new one shows that nobody wrote (a
template's example text, an item listed more often)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..example_paragraphs import example_paragraphs
from ..lazyre import lazy_pattern
from ..textio import read_text, within
from .debris import markup_debris
from .homes import NO_ITEMS, home_addresses, layout_listing_addresses, looped_over
from .pictures import (
    BrokenPicture,
    broken_pictures,
    chrome_pictures,
    list_pictures_lost,
    named_pictures,
    picture_files,
)
from .profile import profile_lines
from .shown import Probe, TextIndex
from .site import FILE_SUFFIXES, BuiltSite, menu_labels
from .text import (
    example_texts,
    furniture_texts,
    owner_details,
    owner_paragraphs,
    page_paragraphs,
    permalink,
)

LIST_PAGES = frozenset({"publications", "papers", "research", "talks", "presentations",
                        "teaching", "teachings", "courses", "projects", "portfolio", "news",
                        "blog", "posts", "year-archive", "books"})
"""Names of the pages that list an owner's items, in any case (both themes' vocabulary,
any language written the English way); the home page, and every page on its layout, is
always compared too."""
_LIQUID_LINE = re.compile(r"Liquid (Warning|Exception|syntax error)|Liquid error")


@dataclass
class Comparison:
    """What a visitor would miss (or meet) on the new site; every list names places."""

    paragraphs: int = 0
    """The owner's paragraphs the old site shows (the ones compared)."""
    missing_paragraphs: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(owner file, old page, new page or '', paragraph) of each one the new site does not
    show."""
    home_missing: list[str] = field(default_factory=list)
    """The owner's paragraphs the old home page shows and the new home page does not."""
    profile_missing: list[str] = field(default_factory=list)
    """The lines of the owner's profile (bio, employer, location ...: :mod:`.profile`) the
    old site shows and the new site shows nowhere."""
    details: int = 0
    missing_details: list[tuple[str, str]] = field(default_factory=list)
    """(owner file, text): a CV entry or talk/teaching detail the old site shows, the new not."""
    lists: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(old page, new page, ``missing``/``added``/``more often``, item title)."""
    dates: list[tuple[str, str, str, str, str]] = field(default_factory=list)
    """(old page, new page, item title, the date the old list showed beside it, the date
    the new list shows there or ''): one the new list lost or changed (:mod:`.dates`)."""
    menu_was: list[str] = field(default_factory=list)
    menu_now: list[str] = field(default_factory=list)
    dead_menu: list[str] = field(default_factory=list)
    dead_menu_before: list[str] = field(default_factory=list)
    """Menu entries of the new site that lead nowhere, as they did on the old site."""
    menu_dead_was: list[str] = field(default_factory=list)
    """Labels of the old menu's entries that led nowhere on the old site: gone from the new
    menu, no page is lost."""
    missing_files: list[tuple[str, str]] = field(default_factory=list)
    """(old page, file path) of a file an old page links that the new site lacks."""
    list_pictures: list[tuple[str, str, str]] = field(default_factory=list)
    """(old page, new page, picture address) of a picture the old list page showed whole
    that the new list shows nowhere: :func:`.pictures.list_pictures_lost`."""
    broken_pictures: list[BrokenPicture] = field(default_factory=list)
    """Pictures the old site showed that the new site shows broken (its address names no
    file of the new build), one per address: :func:`.pictures.broken_pictures`."""
    unanswered: list[str] = field(default_factory=list)
    """Old addresses (site paths) nothing answers on the new site."""
    bare: list[str] = field(default_factory=list)
    """Old addresses of pages the old site laid out (an HTML document with its `<head>`:
    styles, menu) that the new site serves bare: a document Jekyll renders with no layout."""
    examples: list[str] = field(default_factory=list)
    """Text of a template's example content the new site shows and the old did not."""
    debris: list[tuple[str, list[str]]] = field(default_factory=list)
    """(text, pages) of markup debris the new site shows and the old did not: the tail of a
    tag a value printed into its attribute broke open (:mod:`.debris`)."""
    new_warnings: list[str] = field(default_factory=list)

    def menu_state(self) -> str:
        """`same`, `same entries` (another order), `differs`, or `n/a` (no old menu)."""
        if not self.menu_was:
            return "n/a"
        if self.menu_was == self.menu_now:
            return "same"
        return "same entries" if sorted(self.menu_was) == sorted(self.menu_now) else "differs"


LEFT_OUT = frozenset({"furniture", "template-content"})
"""Report codes of source files a conversion leaves out on purpose (the source theme's
furniture, the template's example content): what they showed is not asked of the new site."""


def left_out(findings: Iterable[dict[str, Any]]) -> list[str]:
    """The source files a conversion's findings (as JSON: ``code``, ``path``) name as left
    out on purpose (:data:`LEFT_OUT`)."""
    return sorted({str(f["path"]) for f in findings if f.get("code") in LEFT_OUT
                   and f.get("path")})


def compare(old: BuiltSite, new: BuiltSite, owner: Path, *, templates: Iterable[Path] = (),
            skip: Iterable[str] = (), skip_pages: Iterable[str] = (),
            left_out_pages: Iterable[str] = (), old_is_baseline: bool = True,
            source: Path | None = None) -> Comparison:
    """Compare the builds ``old`` and ``new``. ``owner`` is the source folder whose content
    and data files are the owner's; ``templates`` pristine template checkouts whose example
    text must not appear; ``skip`` owner files that are the source theme's furniture and
    ``skip_pages`` their addresses (left out by the conversion on purpose);
    ``left_out_pages`` more addresses of pages left out on purpose (of files of another
    folder than ``owner``: :func:`left_out_addresses`), whose files are no loss either.
    ``old_is_baseline`` False: the old build is not complete (it stopped on an error), so
    what the owner's files hold is compared without asking whether the old site shows it,
    and the text of the owner's pages counts as shown by it (:func:`.text.page_paragraphs`):
    those of ``source``, the tree the conversion read, where it is not ``owner`` (the
    owner's files laid over their template's checkout). The template example content the
    conversion left out is read from ``source`` too (default ``owner``)."""
    result = Comparison()
    examples_of_src = template_examples(source or owner)
    skipped = set(skip) | set(examples_of_src)
    examples: set[str] = set()
    theirs: set[str] = set()  # the templates' wording: example content and furniture pages
    for template in templates:
        examples |= example_texts(template)
        theirs |= furniture_texts(template)
    _paragraphs(result, old, new, owner, skipped, old_is_baseline,
                examples | theirs | example_paragraphs(owner, _theme_of(owner)),
                [source] if source is not None else [])
    _details(result, old, new, owner, skipped, old_is_baseline, examples | theirs)
    result.profile_missing = [t.text for t in map(Probe, profile_lines(owner, _theme_of(owner)))
                              if t.text not in examples and t.text not in theirs
                              and old.index.shows(t) and not new.index.shows(t)]
    _items(result, old, new, owner, skipped, examples | theirs)
    not_owners = (set(examples_of_src.values())
                  | {_title_of(owner, rel) for rel in set(skip)}) - {""}
    _lists(result, old, new, not_owners, owner, skipped, source or owner)
    switch = language_homes(source or owner)  # a language switch, in either menu
    # an entry to a list of the template's examples only is compared in neither menu
    theirs_only = _examples_only(old, not_owners)
    result.menu_was = menu_labels(old.menu(), old.url, [*(p for p in skip_pages if p), *switch,
                                                        *theirs_only], old)
    result.menu_dead_was = [label for label in result.menu_was if label in menu_labels(
        [(lab, h) for lab, h in old.menu() if not old.resolves(h)], old.url, site=old)]
    result.menu_now = menu_labels(new.menu(), new.url, [*switch, *theirs_only, *(
        "/" + page.removesuffix("index.html") for p in theirs_only
        if (page := new.answer(p)) and not page.startswith("external:"))], site=new)
    # an entry that led nowhere on the old site too is no loss (still said: a warning)
    was_dead = {old.local_path(h) for _, h in old.menu() if not old.resolves(h)}
    for _, href in new.menu():
        if not new.resolves(href):
            (result.dead_menu_before if new.local_path(href) in was_dead
             else result.dead_menu).append(href)
    left = [*left_out_addresses(owner, skipped), *left_out_pages]
    _files(result, old, new, left, source or owner)
    result.broken_pictures = broken_pictures(
        old, new, _gone_pages(old, left),
        {path.rsplit("/", 1)[-1] for _, path in result.missing_files},
        None if old_is_baseline else picture_files(source or owner))
    _addresses(result, old, new)
    # an old build that stopped on an error: the owner's pages show what they hold (the
    # template's stock wording they kept on their about or listing page) all the same
    pages = "" if old_is_baseline else "\n".join(page_paragraphs(source or owner, skipped))
    result.examples = sorted(t for t in examples if new.index.has(t) and not old.index.has(t)
                             and t not in pages)
    result.new_warnings = sorted(warning_keys(new.log) - warning_keys(old.log))
    result.debris = markup_debris(old.html, new.html)
    return result


def language_homes(owner: Path) -> list[str]:
    """The home pages of a jekyll-polyglot site's languages but the default (`/fr/`): a
    menu's link to one is the site's language switch (a theme's own, an owner's header the
    build does not have, or the entry a converter writes for it), not an entry of the menu
    as its pages' `nav` settings or its navigation data build it."""
    from ..jekyll.polyglot import Languages
    from .text import load_data
    langs = Languages.of(load_data(owner / "_config.yml"))
    return [f"/{code}/" for code in langs.builds()[1:]] if langs else []


def _examples_only(old: BuiltSite, not_owners: set[str]) -> list[str]:
    """The pages of the old menu that listed nothing but items the conversion left out as
    the template's examples (a blog of the template's sample posts): what the entry led to
    is no loss, and neither is the entry (nor is it asked of the new menu, at that address
    or at the page the new site forwards it to)."""
    out = []
    for _, href in old.menu():
        path = old.local_path(href)
        page = old.page_at(path) if path else None
        items = old.items(page) if page else []
        if items and all(title in not_owners for title in items):
            out.append(path or "")
    return out


def template_examples(owner: Path) -> dict[str, str]:
    """SRC's files that are its template's example content, unchanged (the conversion leaves
    them out: :func:`sitemigrate.template_files.is_example`), with their titles as a list
    shows them: not the owner's, so nothing a visitor of the new site misses."""
    from ..template_files import is_example
    from .text import CV_DATA, content_files, front, norm
    theme, out = _theme_of(owner), {}
    if theme is None:
        return {}
    for path in content_files(owner):
        rel = path.relative_to(owner).as_posix()
        if is_example(theme, owner, rel):
            fm, _ = front(path.read_text("utf-8", "replace"))
            out[rel] = norm(str(fm.get("title") or ""))
    for rel in CV_DATA:  # the template's example CV, as it shipped: no entry is the owner's
        if is_example(theme, owner, rel):
            out[rel] = ""
    out.update(_example_entries(theme, owner))
    return out


def _theme_of(owner: Path) -> Any:
    """The theme SRC is a site of, when detection is sure; None otherwise."""
    from ..registry import detect, get_theme
    found = detect(owner) if owner.is_dir() else None
    return get_theme(found[0].theme) if found and found[0].confident else None


def _example_entries(theme: Any, owner: Path) -> dict[str, str]:
    """The template's example BibTeX entries SRC's bibliography still holds (the conversion
    leaves them out: ``drop_template_content``), as ``file#key`` with their titles."""
    from ..formats.bibtex import parse_bib
    from ..formats.bibtext import to_text
    from ..template_files import split_entries, templates
    from ..textio import read_text
    from .text import norm
    table, out = templates(theme), {}
    for bib in sorted((owner / "_bibliography").glob("*.bib")):
        # SRC's file (a link out of SRC is never read)
        found = read_text(bib, f"_bibliography/{bib.name}", None, root=owner)
        for text in split_entries(found.text if found else "")[1]:
            if table.is_entry(text):
                for entry in parse_bib(text).entries:
                    out[f"_bibliography/{bib.name}#{entry.key}"] = norm(
                        to_text(entry.fields.get("title", "")))
    return out


def _monthless_entries(owner: Path) -> frozenset[str]:
    """The titles (normalised) of SRC's BibTeX entries that state a year and no month."""
    from ..formats.bibtex import parse_bib
    from ..formats.bibtext import to_text
    from ..textio import read_text
    from .text import norm
    out: set[str] = set()
    for bib in sorted((owner / "_bibliography").glob("*.bib")):
        found = read_text(bib, f"_bibliography/{bib.name}", None, root=owner)
        for entry in parse_bib(found.text).entries if found else []:
            fields = {k.lower(): v for k, v in entry.fields.items()}
            if fields.get("year") and not fields.get("month") and not fields.get("date"):
                out.add(norm(to_text(fields.get("title", ""))))
    return frozenset(out)


def warning_keys(log: str) -> set[str]:
    """The Liquid warnings of a build log, without paths and line numbers, and without the
    file a warning ends by naming (`... in _pages/publications/a.md`): a conversion moves
    and renames the owner's files, and the warning quotes the markup it is about."""
    out = set()
    for line in log.splitlines():
        if _LIQUID_LINE.search(line):
            line = re.sub(r"/tmp/\S+?/", "", line)
            line = re.sub(r"\s+in\s+[^\s\"']*[/.][^\s\"']*\s*$", "", line)
            out.add(re.sub(r"\bline \d+", "line N", line).strip())
    return out


def _paragraphs(result: Comparison, old: BuiltSite, new: BuiltSite, owner: Path,
                skipped: set[str], baseline: bool, examples: set[str],
                layouts: list[Path]) -> None:
    """Count the owner's paragraphs the new site shows. A paragraph that is word for word
    a template's example text (the example CV's lines, a listing page's stock sentence an
    owner's edited page kept) or its furniture pages' wording (the sitemap page's sentence
    an owner's page copied) is not the owner's: the conversion leaves it out on purpose,
    as it does a file that is all example content; nor is a paragraph whose only content
    is the template's example, its words and its links to the example values of its config
    (:func:`..example_paragraphs.example_paragraphs`); nor the body of a page its layouts do not
    show (:func:`.text.owner_paragraphs`; the layouts of ``owner``, then of ``layouts``)."""
    old_home = TextIndex({"index.html": old.pages.get("index.html", "")})
    new_home_page = new.answer("/") or ""
    new_home = TextIndex({new_home_page: new.pages.get(new_home_page, "")})
    for rel, paras in owner_paragraphs(owner, layouts).items():
        if rel in skipped:
            continue  # the source theme's own page (a 404 page): not the owner's
        for p in map(Probe, paras):
            if p.text in examples:
                continue
            if baseline and not old.index.shows(p):
                continue  # the old site does not show it either
            result.paragraphs += 1
            if old_home.shows(p, by_words=False) and not new_home.shows(p, by_words=False):
                result.home_missing.append(p.text)
            if not new.index.shows(p):
                was = _page_showing(old, p.text)
                now = new.answer("/" + was) if was else None
                result.missing_paragraphs.append((rel, was, now or "", p.text))


def _title_of(owner: Path, rel: str) -> str:
    """The title (as a list shows it) of the owner's file ``rel``: a file the conversion
    left out on purpose (the template's example announcement in another language), whose
    item a list of the new site need not show."""
    from ..textio import read_text
    from .text import front, norm
    found = read_text(owner / rel, rel, None, root=owner) if rel.endswith(
        (".md", ".markdown", ".html")) else None
    fm = front(found.text)[0] if found is not None else {}
    return norm(str(fm.get("title") or "")) if isinstance(fm, dict) else ""


def _page_showing(site: BuiltSite, text: str) -> str:
    """The page that shows ``text`` (or most of its first words), '' when none does."""
    return (site.index.page_of(text) or site.index.page_of(" ".join(text.split()[:8]))
            or "")


def _details(result: Comparison, old: BuiltSite, new: BuiltSite, owner: Path,
             skipped: set[str], baseline: bool, examples: set[str]) -> None:
    """Count the CV entries and talk/teaching details the new site shows; one that is word
    for word a template's example text (an example CV's line left in the owner's CV data,
    shown on the old site by the example CV itself) is not the owner's, as in
    :func:`_paragraphs`."""
    for rel, texts in owner_details(owner).items():
        if rel in skipped:
            continue
        for t in texts:
            if t in examples or (baseline and not old.index.has(t)):
                continue
            result.details += 1
            if not new.index.has(t):
                result.missing_details.append((rel, t))


def listing_addresses(owner: Path, skip: Iterable[str] = ()) -> list[str]:
    """The addresses (`permalink:`) of the owner's pages in `_pages/` whose Liquid loops
    over the documents of one folder of the site (`{% for post in site.talks %}` with
    `_talks/`): they list those items at whatever address the owner gave them
    (`/conferences/`). A page that loops over several (a CV) is no list of one kind; one
    of ``skip`` (the source theme's furniture, left out on purpose) is none of the owner's."""
    out = []
    skip = set(skip)
    folder = owner / "_pages"
    for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
        if path.relative_to(owner).as_posix() in skip or not within(owner, path):
            continue
        try:
            text = path.read_text("utf-8", "replace") if path.is_file() else ""
        except OSError:
            continue
        names = {n for n in looped_over(text) - NO_ITEMS
                 if (owner / f"_{n}").is_dir()}
        if len(names) == 1 and permalink(path):  # (a CV lists several: no list of one kind)
            out.append(permalink(path))
    return out


def _items(result: Comparison, old: BuiltSite, new: BuiltSite, owner: Path,
           skipped: set[str], examples: set[str]) -> None:
    """The owner's headings, list items, table cells and definitions, and the words of the
    owner's own layouts and includes (:mod:`.items`), and the data values the owner's loops
    print (:mod:`.loops`): each the old site shows, the new one shows too; and the whole text
    of a file that is shorter than a paragraph (an announcement: :func:`.items.short_texts`),
    word for word. An item of the template's wording (its example text) is not the owner's.
    Asked only where the old build shows it, also when that build is not complete: a short
    text the owner's files hold is no sure sign of what a page showed (a listing's Liquid, a
    switch of the layout)."""
    from .items import changed_texts, owner_items, short_texts
    from .loops import loop_texts
    code = own_code(owner)
    for rel, texts in [*owner_items(owner, code).items(), *loop_texts(owner, code).items(),
                       *changed_texts(*_changed_layouts(owner)).items()]:
        if rel in skipped:
            continue
        for p in map(Probe, texts):
            if p.text in examples or not old.index.shows(p):
                continue
            result.details += 1
            if not new.index.shows(p):
                result.missing_details.append((rel, p.text))
    for rel, texts in short_texts(owner).items():  # shown word for word, not by its words
        if rel in skipped:
            continue
        for text in texts:
            if text in examples or not old.index.has(text):
                continue
            result.details += 1
            if not new.index.has(text):
                result.missing_details.append((rel, text))


def own_code(owner: Path) -> list[str]:
    """SRC's layouts and includes at paths no checkout of its template has (the owner's own
    files, not an edited copy of a template's, whose words are mostly the template's)."""
    from ..template_files import templates
    theme = _theme_of(owner)
    if theme is None:
        return []
    table = templates(theme)
    known = {r for c in table.checkouts for r in table.paths(c["name"])}
    return [path.relative_to(owner).as_posix() for folder in ("_layouts", "_includes")
            if (owner / folder).is_dir() for path in sorted((owner / folder).rglob("*"))
            if path.is_file() and not path.is_symlink() and within(owner, path)
            and path.relative_to(owner).as_posix() not in known]


def _changed_layouts(owner: Path) -> tuple[dict[str, str], Callable[[str], bool]]:
    """SRC's layouts, and includes that a layout, include or page of SRC runs, at a path a
    checkout of its template has, as no checkout has them (the owner's changed copies: a
    line of theirs in the about layout's social block, in the biography include), with
    their text; and what tells the template's own words among theirs
    (:meth:`~..template_files.Templates.writes`)."""
    from ..template_files import digest, templates
    theme = _theme_of(owner)
    table = templates(theme) if theme is not None else None
    folders = [f for f in (owner / "_layouts", owner / "_includes")
               if f.is_dir() and within(owner, f)]
    if table is None or not folders:
        return {}, lambda text: True
    out: dict[str, str] = {}
    used: set[str] | None = None
    for folder in folders:
        name = folder.name
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(owner).as_posix()
            if rel not in table.files or not path.is_file() or path.is_symlink():
                continue
            if name == "_includes":
                used = _included(owner) if used is None else used
                if rel.removeprefix("_includes/") not in used:
                    continue  # a changed include nothing runs: no words of any page
            found = read_text(path, rel, None, root=owner)
            if found is not None and digest(found.text.encode("utf-8")) not in table.files[rel]:
                out[rel] = found.text
    return out, table.writes


_INCLUDE = lazy_pattern(r"\{%-?\s*include\s+([\w./-]+)")


def _included(owner: Path) -> set[str]:
    """The names of the includes SRC's layouts, includes and pages run (`about/bio.liquid`
    of `{% include about/bio.liquid %}`)."""
    from .text import content_files
    paths = [*content_files(owner), *(p for name in ("_layouts", "_includes")
                                      if (owner / name).is_dir()
                                      for p in sorted((owner / name).rglob("*")))]
    names: set[str] = set()
    for path in paths:
        if not path.is_file() or path.is_symlink() or not within(owner, path):
            continue
        rel = path.relative_to(owner).as_posix()
        found = read_text(path, rel, None, root=owner)
        if found is not None and "include" in found.text:
            names.update(_INCLUDE().findall(found.text))
    return names


def list_pages(site: BuiltSite, addresses: Iterable[str] = ()) -> list[str]:
    """The home page and the pages that list items (:data:`LIST_PAGES`, and those the
    owner's pages at ``addresses`` build: :func:`listing_addresses`), as built."""
    out = []
    for rel in site.html:
        parts = rel.split("/")
        name = parts[-2] if parts[-1] == "index.html" and len(parts) > 1 else parts[-1]
        if rel == "index.html" or name.removesuffix(".html").lower() in LIST_PAGES:
            out.append(rel)
    for address in addresses:
        at = site.page_at(address)
        if at is not None and at not in out:
            out.append(at)
    return out


def _lists(result: Comparison, old: BuiltSite, new: BuiltSite, not_owners: set[str],
           owner: Path, skip: set[str], tree: Path | None = None) -> None:
    """The items the old site's list pages show (:func:`list_pages`: also every page its
    home page's layout shows, :func:`.homes.home_addresses`), each shown by the new page
    that answers at its address, and the pictures of its items (``tree``: the files the
    conversion read, which hold those of the items left out on purpose)."""
    monthless = _monthless_entries(owner)
    chrome, left_out = chrome_pictures(old), _left_out_pictures(tree or owner, skip)
    for page in list_pages(old, [*listing_addresses(owner, skip), *home_addresses(owner),
                                 *layout_listing_addresses(owner)]):
        if old.redirect(page):
            continue
        was = Counter(_listed(old, page))
        if not was:
            continue
        now_page = new.answer("/" + page)
        if now_page is None or now_page.startswith("external:"):
            continue  # an address lost: reported once, as such
        now = Counter(_listed(new, now_page))
        shown = _in_order(was, " ".join(new.pages.get(p, "") for p in new.listing(now_page))) \
            | _in_order(was, " | ".join(now))  # (its titles as read: without TeX fonts)
        old_text = " ".join(old.pages.get(p, "") for p in old.listing(page))
        _dates(result, (old, page, old_text), (new, now_page), [t for t in was if t in shown
                                                                and t not in not_owners],
               list(was), monthless)
        for title in was:
            if title in not_owners:
                continue  # the template's example item, left out on purpose
            if title not in shown:
                result.lists.append((page, now_page, "missing", title))
            elif now[title] > was[title]:
                result.lists.append((page, now_page, "more often", title))
        if page != "index.html":  # (the home page's own measures: `verify-home`)
            result.list_pictures += [(page, now_page, address) for address in list_pictures_lost(
                old, old.listing(page), new, new.listing(now_page), chrome, left_out)]
        if new.page_at("/" + page) != now_page and now_page in old.html:
            continue  # it redirects to a page the old site had too: compared at its address
        for title in now:
            if title not in was and title not in old_text:
                result.lists.append((page, now_page, "added", title))


def _left_out_pictures(owner: Path, skip: set[str]) -> set[str]:
    """The names of the pictures of the owner's files left out on purpose (the template's
    example items: an example project's `excerpt` with its `<img>`), and of the files their
    front matter and BibTeX entries name: a list of the new site need not show them."""
    from ..textio import read_text
    names = {a.rsplit("/", 1)[-1] for a in left_out_addresses(owner, skip)}
    for rel in sorted(r for r in skip if "#" not in r):
        found = read_text(owner / rel, rel, None, root=owner) \
            if (owner / rel).is_file() and within(owner, owner / rel) else None
        names |= named_pictures(found.text) if found is not None else set()
    return names


def _dates(result: Comparison, old: tuple[BuiltSite, str, str], new: tuple[BuiltSite, str],
           titles: list[str], listed: Iterable[str] = (),
           monthless: frozenset[str] = frozenset()) -> None:
    """Each of the items ``titles`` both lists show: the date the old list showed beside it,
    the new list shows beside it too (:func:`.dates.date_lost`; the old site's build month
    is no item's date). ``listed``: every title the old page lists, each of which ends the
    words beside the item before it there (:func:`.dates.beside`). ``monthless``: the titles
    of entries that state a year and no month: a month the old list showed beside one is none
    of its own (al-folio's bib layout keeps the month of the entry before it), nor is the one
    a new list shows (where its year-only date falls: a talk list prints a whole date), so
    its year, shown, is its date."""
    from .dates import beside, build_month, date_lost
    from .dates import shown as date_text
    site, page, old_text = old
    now_site, now_page = new
    if not titles:
        return
    was = beside(old_text, titles, listed)
    now = beside(" ".join(now_site.pages.get(p, "") for p in now_site.listing(now_page)),
                 titles)
    feed = site.root / "feed.xml"
    build = build_month(site.root, feed.read_text("utf-8", "replace") if feed.is_file() else None)
    for title in titles:
        lost = date_lost(was.get(title, ("", []))[0], now[title][1] if title in now else None,
                         build)
        if lost and title in monthless and lost[0][1] is not None and lost[1] is not None \
                and lost[1][0] == lost[0][0]:
            continue  # the year, its own date; neither list's month was the entry's
        if lost:
            result.dates.append((page, now_page, title, date_text(lost[0]),
                                 date_text(lost[1]) if lost[1] else ""))


def _listed(site: BuiltSite, page: str) -> list[str]:
    """The titles the list of ``page`` shows over all its pages (:meth:`BuiltSite.listing`)."""
    return [title for each in site.listing(page) for title in site.items(each)]


def _in_order(titles: Iterable[str], text: str) -> set[str]:
    """The titles that ``text`` has. Each is looked for from where the one before it was
    found, on, then back: a list that shows them in about the same order is read about
    once, not once a title."""
    found: set[str] = set()
    at = 0
    for title in titles:
        where = text.find(title, at)
        if where < 0:
            where = text.rfind(title, 0, at + len(title))
        if where >= 0:
            found.add(title)
            at = where
    return found


def left_out_addresses(root: Path, rels: Iterable[str]) -> list[str]:
    """The addresses Jekyll gives the files ``rels`` of the site in ``root`` (what a
    conversion leaves out on purpose: the template's example posts, the theme's furniture),
    and the files their front matter names (an example post's ``redirect:`` to a PDF, a
    book's cover), which a list page of the old site showed as theirs."""
    from ..jekyll.urls import read_tree, served_by
    from .text import front
    rels = sorted(rels)
    if not rels or not root.is_dir():
        return []
    tree = read_tree(root)
    out = [where.url for rel in rels for where in served_by(rel, tree)]
    for rel in rels:
        fm = front(tree[0].get(rel, ""))[0]
        out += [v.strip() for v in fm.values() if isinstance(v, str)
                and _FILE_VALUE.fullmatch(v.strip())] if isinstance(fm, dict) else []
    return out + _entry_files(root, [r for r in rels if "#" in r])


def _entry_files(root: Path, rels: list[str]) -> list[str]:
    """The files the fields of the BibTeX entries ``rels`` (``file#key``: the template's
    example entries, :func:`_example_entries`) name (al-folio's `preview` picture, a `pdf`),
    which the publications list showed beside them."""
    from ..formats.bibtex import parse_bib
    from ..textio import read_text
    keys: dict[str, set[str]] = {}
    for rel in rels:
        bib, _, key = rel.partition("#")
        keys.setdefault(bib, set()).add(key)
    out: list[str] = []
    for bib, wanted in sorted(keys.items()):
        found = read_text(root / bib, bib, None, root=root)  # SRC's file, never one outside
        for entry in parse_bib(found.text if found else "").entries:
            if entry.key in wanted:
                out += [v.strip() for v in entry.fields.values()
                        if _FILE_VALUE.fullmatch(v.strip())]
    return out


_FILE_VALUE = re.compile(r"[^\s:]*\.(?:" + "|".join(FILE_SUFFIXES) + ")", re.I)
"""A front-matter value that names a file of the site (`/assets/pdf/x.pdf`, `cover.jpg`)."""


def _files(result: Comparison, old: BuiltSite, new: BuiltSite,
           left_out: Iterable[str] = (), source: Path | None = None) -> None:
    """The files old pages link that the new site lacks; not those that only pages left out
    on purpose link, nor the files their front matter names (:func:`left_out_addresses`),
    nor a file of ``source`` that its theme's template ships as it is (an old template's
    favicon its head links: the new template has its own)."""
    from ..template_files import is_template_file
    from ..textio import within
    theme = _theme_of(source) if source is not None else None
    left = list(left_out)
    names = {a.rsplit("/", 1)[-1] for a in left if _FILE_VALUE.fullmatch(a)}
    gone = _gone_pages(old, left)
    seen: set[str] = set()
    for page in old.html:
        if page in gone:
            continue
        for path in old.file_links(page):
            if path.rsplit("/", 1)[-1] in names:
                continue  # a left-out item's own file, shown on a list page
            if path in seen or path.lstrip("/") not in old.files:
                continue  # each file once; one the old site lacks too is no loss
            seen.add(path)
            if not new.has_file(path) and not (
                    theme is not None and source is not None
                    and within(source, source / path.lstrip("/"))  # never read out of SRC
                    and is_template_file(theme, source, path.lstrip("/"))):
                result.missing_files.append((page, path))


def _gone_pages(old: BuiltSite, left_out: Iterable[str]) -> set[str]:
    """The old site's pages at the addresses ``left_out`` (pages left out on purpose)."""
    return {page for a in left_out if not _FILE_VALUE.fullmatch(a)
            and (p := old.local_path(a)) is not None and (page := old.page_at(p)) is not None}


def _addresses(result: Comparison, old: BuiltSite, new: BuiltSite) -> None:
    for page in old.html:
        if page == "404.html":
            continue
        path = "/" + (page[:-len("index.html")] if page.endswith("index.html") else page)
        now = new.answer(path)
        if now is None and old.answer(path) is not None:
            result.unanswered.append(path)  # (a redirect that led nowhere before: no page lost)
        elif now is not None and now in new.html and old.answer(path) == page \
                and _HEAD().search(old.html[page]) and not _HEAD().search(new.html[now]):
            result.bare.append(path)


_HEAD = lazy_pattern(r"<head[\s>]", re.I)
"""A built page's `<head>`: the mark of a layout (a document with none is its text alone)."""
