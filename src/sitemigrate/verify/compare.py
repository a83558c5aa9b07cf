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

from .site import BuiltSite, menu_labels
from .text import example_texts, fivegrams, owner_details, owner_paragraphs, page_words, shown

LIST_PAGES = frozenset({"publications", "papers", "research", "talks", "presentations",
                        "teaching", "teachings", "courses", "projects", "portfolio", "news",
                        "blog", "posts", "year-archive", "books"})
"""Names of the pages that list an owner's items (both themes' vocabulary, any language
written the English way); the home page is always compared too."""
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
    details: int = 0
    missing_details: list[tuple[str, str]] = field(default_factory=list)
    """(owner file, text): a CV entry or talk/teaching detail the old site shows, the new not."""
    lists: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(old page, new page, ``missing``/``added``/``more often``, item title)."""
    menu_was: list[str] = field(default_factory=list)
    menu_now: list[str] = field(default_factory=list)
    dead_menu: list[str] = field(default_factory=list)
    missing_files: list[tuple[str, str]] = field(default_factory=list)
    """(old page, file path) of a file an old page links that the new site lacks."""
    unanswered: list[str] = field(default_factory=list)
    """Old addresses (site paths) nothing answers on the new site."""
    examples: list[str] = field(default_factory=list)
    """Text of a template's example content the new site shows and the old did not."""
    new_warnings: list[str] = field(default_factory=list)

    def menu_state(self) -> str:
        """`same`, `same entries` (another order), `differs`, or `n/a` (no old menu)."""
        if not self.menu_was:
            return "n/a"
        if self.menu_was == self.menu_now:
            return "same"
        return "same entries" if sorted(self.menu_was) == sorted(self.menu_now) else "differs"


def compare(old: BuiltSite, new: BuiltSite, owner: Path, *, templates: Iterable[Path] = (),
            skip: Iterable[str] = (), skip_pages: Iterable[str] = (),
            old_is_baseline: bool = True) -> Comparison:
    """Compare the builds ``old`` and ``new``. ``owner`` is the source folder whose content
    and data files are the owner's; ``templates`` pristine template checkouts whose example
    text must not appear; ``skip`` owner files that are the source theme's furniture and
    ``skip_pages`` their addresses (left out by the conversion on purpose).
    ``old_is_baseline`` False: the old build is not complete (it stopped on an error), so
    what the owner's files hold is compared without asking whether the old site shows it."""
    result = Comparison()
    examples_of_src = template_examples(owner)
    skipped = set(skip) | set(examples_of_src)
    _paragraphs(result, old, new, owner, skipped, old_is_baseline)
    _details(result, old, new, owner, skipped, old_is_baseline)
    _lists(result, old, new, set(examples_of_src.values()) - {""})
    result.menu_was = menu_labels(old.menu(), old.url, [p for p in skip_pages if p], old)
    result.menu_now = menu_labels(new.menu(), new.url, site=new)
    result.dead_menu = [h for _, h in new.menu() if not new.resolves(h)]
    _files(result, old, new)
    _addresses(result, old, new)
    examples: set[str] = set()
    for template in templates:
        examples |= example_texts(template)
    result.examples = sorted(t for t in examples if t in new.text and t not in old.text)
    result.new_warnings = sorted(warning_keys(new.log) - warning_keys(old.log))
    return result


def template_examples(owner: Path) -> dict[str, str]:
    """SRC's files that are its template's example content, unchanged (the conversion leaves
    them out: :func:`sitemigrate.template_files.is_example`), with their titles as a list
    shows them: not the owner's, so nothing a visitor of the new site misses."""
    from ..registry import detect
    from ..template_files import is_example
    from .text import CV_DATA, content_files, front, norm
    if not owner.is_dir():
        return {}
    found = detect(owner)
    if not found or not found[0].confident:
        return {}
    theme, out = found[0].theme, {}
    for path in content_files(owner):
        rel = path.relative_to(owner).as_posix()
        if is_example(theme, owner, rel):
            fm, _ = front(path.read_text("utf-8", "replace"))
            out[rel] = norm(str(fm.get("title") or ""))
    for rel in CV_DATA:  # the template's example CV, as it shipped: no entry is the owner's
        if is_example(theme, owner, rel):
            out[rel] = ""
    return out


def warning_keys(log: str) -> set[str]:
    """The Liquid warnings of a build log, without paths and line numbers."""
    out = set()
    for line in log.splitlines():
        if _LIQUID_LINE.search(line):
            line = re.sub(r"/tmp/\S+?/", "", line)
            out.add(re.sub(r"\bline \d+", "line N", line).strip())
    return out


def _paragraphs(result: Comparison, old: BuiltSite, new: BuiltSite, owner: Path,
                skipped: set[str], baseline: bool) -> None:
    grams, old_grams = fivegrams(new.text), fivegrams(old.text) if baseline else set()
    pages, old_pages = _lazy(page_words, new.text), _lazy(page_words, old.text)
    old_home = old.pages.get("index.html", "")
    new_home = new.pages.get(new.answer("/") or "", "")
    old_home_grams, new_home_grams = fivegrams(old_home), fivegrams(new_home)
    for rel, paras in owner_paragraphs(owner).items():
        if rel in skipped:
            continue  # the source theme's own page (a 404 page): not the owner's
        for p in paras:
            if baseline and not shown(p, old.text, old_grams, old_pages):
                continue  # the old site does not show it either
            result.paragraphs += 1
            if shown(p, old_home, old_home_grams) and not shown(p, new_home, new_home_grams):
                result.home_missing.append(p)
            if not shown(p, new.text, grams, pages):
                was = _page_showing(old, p)
                now = new.answer("/" + was) if was else None
                result.missing_paragraphs.append((rel, was, now or "", p))


def _lazy(make: Callable[[str], list[set[str]]], text: str) -> Callable[[], list[set[str]]]:
    """``make(text)``, made when first asked for and kept."""
    made: list[list[set[str]]] = []

    def get() -> list[set[str]]:
        if not made:
            made.append(make(text))
        return made[0]
    return get


def _page_showing(site: BuiltSite, text: str) -> str:
    """The page that shows ``text`` (or most of its first words), '' when none does."""
    probe = " ".join(text.split()[:8])
    for needle in (text, probe):
        for rel, page in site.pages.items():
            if needle in page:
                return rel
    return ""


def _details(result: Comparison, old: BuiltSite, new: BuiltSite, owner: Path,
             skipped: set[str], baseline: bool) -> None:
    for rel, texts in owner_details(owner).items():
        if rel in skipped:
            continue
        for t in texts:
            if baseline and t not in old.text:
                continue
            result.details += 1
            if t not in new.text:
                result.missing_details.append((rel, t))


def list_pages(site: BuiltSite) -> list[str]:
    """The home page and the pages that list items (:data:`LIST_PAGES`), as built."""
    out = []
    for rel in site.html:
        parts = rel.split("/")
        name = parts[-2] if parts[-1] == "index.html" and len(parts) > 1 else parts[-1]
        if rel == "index.html" or name.removesuffix(".html") in LIST_PAGES:
            out.append(rel)
    return out


def _lists(result: Comparison, old: BuiltSite, new: BuiltSite, not_owners: set[str]) -> None:
    for page in list_pages(old):
        if old.redirect(page):
            continue
        was = Counter(old.items(page))
        if not was:
            continue
        now_page = new.answer("/" + page)
        if now_page is None or now_page.startswith("external:"):
            continue  # an address lost: reported once, as such
        now = Counter(new.items(now_page))
        now_text = new.pages.get(now_page, "")
        old_text = old.pages.get(page, "")
        for title in was:
            if title in not_owners:
                continue  # the template's example item, left out on purpose
            if title not in now_text:
                result.lists.append((page, now_page, "missing", title))
            elif now[title] > was[title]:
                result.lists.append((page, now_page, "more often", title))
        for title in now:
            if title not in was and title not in old_text:
                result.lists.append((page, now_page, "added", title))


def _files(result: Comparison, old: BuiltSite, new: BuiltSite) -> None:
    seen: set[str] = set()
    for page in old.html:
        for path in old.file_links(page):
            if path in seen or path.lstrip("/") not in old.files:
                continue  # each file once; one the old site lacks too is no loss
            seen.add(path)
            if not new.has_file(path):
                result.missing_files.append((page, path))


def _addresses(result: Comparison, old: BuiltSite, new: BuiltSite) -> None:
    for page in old.html:
        if page == "404.html":
            continue
        path = "/" + (page[:-len("index.html")] if page.endswith("index.html") else page)
        if new.answer(path) is None:
            result.unanswered.append(path)
