"""The paragraphs of an owner's pages whose only content is their template's example: the
template's words (its example text, as the theme's table of template facts knows it) and
links to the template's example values (the example person's Google Scholar profile its
`_config.yml` ships); a paragraph with words of the owner's own is the owner's.

One decision, read twice: ``verify`` does not ask the new site for such a paragraph (the
example is no loss where the new site does not show it), and a conversion, which carries it
as the owner's old site showed it, tells the owner which of their paragraphs they are
(:func:`report_example_text`: one ``template-example-text`` warning a file)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from .ir import Site
from .paragraphs import (
    _TARGET,
    MIN_WORDS,
    _config,
    blocks_at,
    content_files,
    front,
    jekyll_folders,
    norm,
    shown_words,
    unread_folder,
)
from .report import Report
from .textio import read_text

_MIN_VALUE = 8
"""The length of the shortest example value a link is matched by (an id, an address): a
shorter one (`en`, `/`) is part of many addresses."""
_ADDRESS_OR_ID = re.compile(r"https?://\S+|(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]+")
"""A value that is an address (`https://…`) or an id (letters and digits: a Scholar user),
not a word of the config (`kramdown`, `gh-pages`) that an owner's address may hold too."""
_MD_LINK = re.compile(rf"\[[^\[\]]*\]({_TARGET})")
_HTML_LINK = re.compile(
    r"""(?is)<a\b[^<>]*?\bhref\s*=\s*["']([^"']*)["'][^<>]*>(?:(?!<a\b).)*?</a\s*>""")
"""A link (never past the next `<a`: linear on a run of unclosed ones)."""


def example_values(owner: Path, theme: Any) -> list[str]:
    """The values of the site's `_config.yml` (top level and one level down: `author.
    googlescholar`) that a checkout of its template ships at that key, and that is an address
    or an id (:data:`_ADDRESS_OR_ID`, at least :data:`_MIN_VALUE` characters): the
    template's example profile, id or address, not the owner's."""
    from .template_files import is_template_setting
    config = _config(owner)
    out = []
    for key, value in (config.items() if isinstance(config, dict) else []):
        inner = value.items() if isinstance(value, dict) else [(None, value)]
        for sub, v in inner:
            if not isinstance(v, str) or len(v.strip()) < _MIN_VALUE \
                    or not _ADDRESS_OR_ID.fullmatch(v.strip()):
                continue
            if is_template_setting(theme, f"{key}.{sub}" if sub is not None else str(key),
                                   v):
                out.append(v.strip())
    return out


def example_paragraphs(owner: Path, theme: Any) -> set[str]:
    """The paragraphs (normalised) of :func:`example_blocks`."""
    return {shown for _, _, shown in example_blocks(owner, theme)}


_DESCRIPTION = re.compile(r"(?m)^description[ \t]*:")


def example_blocks(owner: Path, theme: Any, files: Iterable[str] | None = None
                   ) -> Iterator[tuple[str, int, str]]:
    """(file, line, paragraph normalised) of each paragraph of the owner's content files
    (``files``, paths from the site's root; by default those of the content folders Jekyll
    reads: :func:`.paragraphs.content_files`) that is the template's example, not the owner's
    words: its words outside its links to the template's example values (:func:`example_values`)
    are fewer than a paragraph's (:data:`.paragraphs.MIN_WORDS`: a sentence around the example
    link), or those that the template's example text does not hold are, in no run longer than a
    version's rewording (:data:`.template_text.LONGEST_RUN`: the owner's own caption before the
    template's example sentence, "The tide gauge at noon.", makes the paragraph theirs). A
    page's `description` that is a line a checkout of the template has on its own page
    (`template_files.example_wording`: the teaching page's "replace this text") is the
    template's too (at the line of its key)."""
    from .template_files import example_wording, templates
    from .template_text import LONGEST_RUN, words
    if theme is None:
        return
    values = example_values(owner, theme)
    text = templates(theme).text
    read = jekyll_folders(owner)

    def example_link(m: re.Match[str]) -> str:
        return " " if any(v in m.group(1) for v in values) else m.group(0)

    paths = content_files(owner) if files is None else (owner / f for f in files)
    for path in paths:
        rel = path.relative_to(owner)
        if files is None and read is not None and unread_folder(rel.as_posix(), read):
            continue
        # the one reader of SRC: a file that cannot be read (the reader's own finding) or
        # whose real location is outside the site is passed over
        found = read_text(path, rel.as_posix(), None, root=owner)
        if found is None:
            continue
        whole = found.text
        fm, body = front(whole, _DESCRIPTION)  # only a file with a `description:` line is parsed
        head = whole[:len(whole) - len(body)]
        described = fm.get("description")
        if isinstance(described, str) and example_wording(theme, described):
            key = _DESCRIPTION.search(head)
            yield (rel.as_posix(), head.count("\n", 0, key.start()) + 1 if key else 1,
                   norm(shown_words(described)))
        below = head.count("\n")  # the body's first line is the line after the front matter
        for line, raw, shown in blocks_at(body):
            rest = _HTML_LINK.sub(example_link, _MD_LINK.sub(example_link, raw)) \
                if values else raw
            seq = words(shown_words(rest))
            if len(seq) < MIN_WORDS or (bool(text.shingles) and text.few_uncovered(
                    seq, MIN_WORDS, LONGEST_RUN)):
                yield rel.as_posix(), below + line, shown


def report_example_text(site: Site, report: Report, theme: Any) -> None:
    """One ``template-example-text`` warning per file of the owner's that ``site`` carries
    (a page, the about page's text, an item) and that holds paragraphs of the template's
    example text (:func:`example_blocks`), naming the line of each: the old site showed
    them as the owner's, so they are carried, and the new site goes on showing them."""
    if not site.source or not Path(site.source).is_dir():
        return
    carried = sorted(f for f in _carried(site)  # a root page too, a collection of any name
                     if Path(f).suffix in (".md", ".markdown", ".html"))
    lines: dict[str, list[int]] = {}
    for rel, line, _ in example_blocks(Path(site.source), theme, carried):
        if line not in lines.setdefault(rel, []):
            lines[rel].append(line)
    for rel, found in lines.items():
        _say_example_lines(report, rel, sorted(found))


def _say_example_lines(report: Report, rel: str, found: list[int]) -> None:
    one = len(found) == 1
    report.problem("template-example-text", (
        f"line {found[0]} holds" if one else
        f"lines {', '.join(map(str, found))} hold") + " the template's example text, "
        f"not yours: carried as your site showed {'it' if one else 'them'}; replace "
        f"{'it' if one else 'them'} with your own words.", rel, found[0])


def description_left_out(report: Report, source: Path | None, rel: str, theme: Any) -> None:
    """The writer left out the template's example `description` of ``rel`` (one its new
    layouts would show as the owner's): its line, said by :func:`report_example_text` to be
    carried, is no longer said so (the file's other example lines, :func:`example_blocks`
    of ``theme``, the source's, still are)."""
    said = [f for f in report.findings if f.code == "template-example-text" and f.path == rel]
    if not said or source is None:
        return
    found = read_text(source / rel, rel, None, root=source)
    key = _DESCRIPTION.search(found.text) if found is not None else None
    if found is None or key is None:
        return
    line = found.text.count("\n", 0, key.start()) + 1
    rest = sorted({at for _, at, _ in example_blocks(source, theme, [rel])} - {line})
    report.findings[:] = [f for f in report.findings if f not in said]
    if rest:
        _say_example_lines(report, rel, rest)


def _carried(site: Site) -> set[str]:
    """The source files of every page and item ``site`` carries: not the theme's furniture
    (a page-not-found page, whose wording is the theme's, is not carried as the owner's)."""
    found = {page.path for page in site.pages if page.role != "furniture"}
    items = [*(p for p in site.pages if p.role != "furniture"),
             *(i for kind in ("news", "talks", "teaching", "projects", "posts", "publications")
               for i in getattr(site, kind)),
             *(i for items in site.collections.values() for i in items)]
    found |= {i.origin.path for i in items if i.origin is not None and i.origin.path}
    return found - {""}
