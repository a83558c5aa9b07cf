"""The paragraphs of an owner's source files as a visitor reads them: the prose blocks of a
Markdown/HTML body (no Liquid, comment, code or table), their words normalised so that two
themes' markup of the same words compare equal (:func:`norm`), and the line each starts at.

What ``verify`` compares (:mod:`sitemigrate.verify.text`) and what a conversion reports of
the owner's text (:mod:`sitemigrate.example_paragraphs`) read the owner's files alike, here.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import yaml

from .textio import within

TAG = re.compile(r"<[^<>]+>")  # never past the next `<`: linear on a run of them
_FOLD = (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2013", "-"),
         ("\u2014", "-"), ("\u00a0", " "), ("\u2026", "..."), ("_", " "))
_WORDS = re.compile(r"\w+")


def norm(text: str) -> str:
    """Text as compared: typography folded, case and punctuation ignored, whitespace
    collapsed, accents composed (an `e` and a combining accent is the `é` a BibTeX filter
    writes)."""
    text = unicodedata.normalize("NFC", html.unescape(text))
    for typographic, plain in _FOLD:  # a few replace() passes: faster than translate()
        if typographic in text:
            text = text.replace(typographic, plain)
    return " ".join(_WORDS.findall(text.lower()))


CONTENT_DIRS = ("_pages", "_posts", "_news", "_projects", "_teachings", "_talks", "_teaching",
                "_portfolio", "_publications", "_books")
"""Folders of an owner's written content (both themes' collections)."""
_FM = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)\n?^(?:---|\.\.\.)[ \t]*\r?$\n?", re.S | re.M)
"""Front matter as Jekyll finds it: its closing ``---`` (or ``...``) may end the file."""
_TARGET = r"\((?:[^()]|\([^()]*\))*\)"
"""A Markdown link's `(target)`: kramdown keeps balanced parentheses inside it (a file name
`(Case Study).pdf`), so the link ends at the `)` that closes the first `(`."""
_MD_IMAGE = re.compile(rf"!\[[^\[\]]*\]{_TARGET}")
"""A Markdown image: its alt text is an attribute, no word a visitor reads (read before
links: a linked image `[![alt](picture)](video)` shows the picture alone)."""
_MD_LINK = re.compile(rf"\[([^\[\]]*)\]{_TARGET}|\[([^\[\]]*)\]\[[^\[\]]*\]")
"""A Markdown link (its text never past the next `[`: linear on a run of openers)."""
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
# `:sparkles:`: an emoji plugin shows a picture or a character, no words
_EMOJI_CODE = re.compile(r"(?<![\w:]):[a-z][a-z0-9_+-]*:(?![\w:])")
_UNSHOWN_OPEN = re.compile(r"(?i)<(style|script)\b")
_UNSHOWN_CLOSE = {name: re.compile(rf"(?i)</{name}\s*>") for name in ("style", "script")}
"""Text a browser never shows: a `<script>` or `<style>` element, which ends at the first
closing tag of its name (a script's own string `"<script>"` opens nothing)."""
_IAL = re.compile(r"\{:[^{}\n]*\}")
"""kramdown's attribute lists (`{:target="_blank"}`, `{: .class}`): kramdown never shows them."""
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader (libyaml's where built): YAML 1.1, as Jekyll reads front matter."""


def front(text: str, keys: re.Pattern[str] | None = None) -> tuple[dict, str]:
    """A file's front matter (empty when it has none or cannot be read) and its body. With
    ``keys``, front matter with no line that matches is not parsed (empty): the caller reads
    only those keys."""
    m = _FM.match(text)
    if not m:
        return {}, text
    if keys is not None and not keys.search(m.group(1)):
        return {}, text[m.end():]
    data = _bounded_load(m.group(1))
    return (data if isinstance(data, dict) else {}), text[m.end():]


def _bounded_load(text: str) -> Any:
    """A YAML text's values (a safe loader), or None when it cannot be read or is too costly
    to (nesting too deep, aliases that repeat too much: :func:`~.yamlio.yaml_limits`)."""
    from .yamlio import yaml_limits
    if yaml_limits(text) is not None:
        return None
    try:
        return yaml.load(text, Loader=_LOADER)  # a safe loader
    except yaml.YAMLError:
        return None


def _unlink(text: str) -> str:
    return _MD_LINK.sub(lambda m: m.group(1) or m.group(2) or " ", _MD_IMAGE.sub(" ", text))


MIN_WORDS = 6
"""The words of the shortest text counted as a paragraph."""


def paragraphs_of(text: str) -> list[str]:
    """The prose paragraphs of a Markdown/HTML body, normalised (at least six words)."""
    return [words for _, words in blocks_of(text)]


def blocks_of(text: str) -> Iterator[tuple[str, str]]:
    """The prose paragraphs of a Markdown/HTML body (at least :data:`MIN_WORDS` words),
    each as its block's markup (its links and tags; no Liquid, comment or code) and its
    words normalised."""
    for _, raw, words in blocks_at(text):
        yield raw, words


_GONE = "\x1e"
"""Stands for a line break of the body that a substitution of :func:`blocks_at` took away
(white space to a regular expression, as the break was: no block ends at it)."""
_ADDED = "\x1d"
"""Follows a line break a substitution of :func:`blocks_at` put in (a code block's place)."""


_FIRST_WORD = re.compile(r"<[^>]*>|([^\W_])")
"""A tag, or a letter or digit outside one: the block's first word a visitor reads."""


def _kept(found: str, repl: str) -> str:
    """``repl`` in the place of ``found``, keeping the count of the body's lines ``found``
    held (in :data:`_GONE` marks) and marking ``repl``'s own line break as added
    (:data:`_ADDED`)."""
    gone = found.count("\n") - found.count(_ADDED) + found.count(_GONE)
    return repl + (_ADDED if repl == "\n" else "") + _GONE * gone


def _keeping_lines(repl: str) -> Any:
    """A replacement by ``repl`` (:func:`_kept`) for ``re.sub``."""
    return lambda m: _kept(m.group(0), repl)


def _unshown_elements(body: str) -> str:
    """``body`` without its scripts and styles (:data:`_UNSHOWN_OPEN`), each kept as its
    lines (:func:`_kept`); one pass (an element with no closing tag, and all after it, stay:
    no closing tag of its name follows)."""
    out, at = [], 0
    for m in _UNSHOWN_OPEN.finditer(body):
        if m.start() < at:
            continue  # inside the element before: a string of the script
        end = _UNSHOWN_CLOSE[m.group(1).lower()].search(body, m.end())
        if end is None:
            break
        out += [body[at:m.start()], _kept(body[m.start():end.end()], "\n")]
        at = end.end()
    return "".join(out) + body[at:]


def _unshown_liquid(body: str) -> str:
    """``body`` without what Liquid and the browser show no words of: its tags, outputs,
    `raw`/`comment`/`highlight` blocks, and HTML comments, each kept as its lines
    (:func:`_kept`). Read by the Liquid tokenizer of :mod:`.jekyll.liquid` (linear: a run of
    unclosed `{{` or `<!--` costs no more than its length)."""
    from .jekyll.liquid import tokenize
    out: list[str] = []
    code = 0  # inside a `highlight` block: code, no prose
    for tok in tokenize(body):
        if tok.kind == "tag" and tok.name in ("highlight", "endhighlight"):
            code = code + 1 if tok.name == "highlight" else max(code - 1, 0)
        shown = tok.kind == "text" and not code and not tok.in_html_comment
        out.append(tok.text if shown else _kept(tok.text, " "))
    return "".join(out)


def blocks_at(text: str, least: int = MIN_WORDS) -> Iterator[tuple[int, str, str]]:
    """:func:`blocks_of`, each with the line of ``text`` (1-based) its first word outside a
    tag is on (a block's opening `<div>` lines are not its text); ``least``: the words of the
    shortest block yielded."""
    body = text.replace(_GONE, " ").replace(_ADDED, " ")
    body = _FENCE.sub(_keeping_lines("\n"), body)
    body = _unshown_elements(body)
    body = _unshown_liquid(body)
    body = _EMOJI_CODE.sub(" ", body)
    body = _IAL.sub(" ", body)
    line, counted, start = 1, 0, 0
    for end, after in [*((m.start(), m.end()) for m in re.finditer(r"\n\s*\n", body)),
                       (len(body), len(body))]:
        marked, start = body[start:end], after
        raw = marked.replace(_GONE, "").replace(_ADDED, "")
        block = shown_words(raw)
        if re.match(r"^\s*(\||[-=*_]{3,}\s*$)", block):  # tables, rules
            continue
        words = norm(block)
        if len(words.split()) >= least:
            word = next((m for m in _FIRST_WORD.finditer(marked) if m.group(1)), None)
            first = end - len(marked) + (word.start() if word else 0)
            line += (body.count("\n", counted, first) - body.count(_ADDED, counted, first)
                     + body.count(_GONE, counted, first))
            counted = first
            yield line, raw, words


def shown_words(block: str) -> str:
    """The words a Markdown/HTML block shows: its links' texts, no image, no tag."""
    return TAG.sub(" ", _unlink(block))


def content_files(site: Path, folders: Iterable[str] | None = None) -> Iterator[Path]:
    """The content files (Markdown, HTML) under ``folders`` of a site's source; by default
    under the usual folders (:data:`CONTENT_DIRS`) and the folder of every collection its
    `_config.yml` declares (`_essays`, `_people`: a collection of any name)."""
    if folders is None:
        declared = jekyll_folders(site) or set()
        folders = (*CONTENT_DIRS, *sorted(declared - set(CONTENT_DIRS)))
        yield from root_pages(site)
    for folder in folders:
        base = site / folder
        if base.is_dir():
            for path in sorted(base.rglob("*")):
                if path.suffix in (".md", ".markdown", ".html") and path.is_file() \
                        and within(site, path):  # never a file outside the site
                    yield path


def root_pages(site: Path) -> Iterator[Path]:
    """The pages Jekyll renders outside its `_` folders: each Markdown or HTML file that
    starts with front matter, in the site's root or a folder of it Jekyll publishes (no
    name of `_`, `.` or `#`, none `exclude:` or Jekyll itself leaves out): a `research.md`
    beside `_config.yml`, a `blog/index.html`."""
    import os

    from .jekyll.site import has_front_matter, iter_files
    from .jekyll.static import JEKYLL_EXCLUDES
    from .jekyll.urls import unpublished
    config = _config(site)
    try:
        tops = sorted(os.scandir(site), key=lambda e: e.name)
    except OSError:
        return
    for top in tops:
        if top.name[:1] in ("_", ".", "#") or top.is_symlink():
            continue
        if top.is_file():
            found = [(Path(top.path), top.name)]
        elif top.is_dir():
            if f"{top.name}/" in JEKYLL_EXCLUDES or unpublished(f"{top.name}/", config):
                continue  # a folder no build reads (`node_modules`): never walked
            found = list(iter_files(Path(top.path), site))
        else:
            continue
        for path, rel in found:
            if path.suffix in (".md", ".markdown", ".html") and not rel.startswith(
                    JEKYLL_EXCLUDES) and not unpublished(rel, config) \
                    and within(site, path) and has_front_matter(path):
                yield path


def _config(site: Path) -> Any:
    """The site's `_config.yml` (SRC's file: a link out of SRC is never read), or None."""
    from .textio import read_text
    found = read_text(site / "_config.yml", "_config.yml", None, root=site)
    return _bounded_load(found.text) if found else None


def unread_folder(rel: str, read: set[str]) -> bool:
    """File ``rel`` is in a `_` folder Jekyll reads no file of (``read``: the folders
    :func:`jekyll_folders` gives); a page outside the `_` folders is read."""
    top = rel.split("/", 1)[0]
    return "/" in rel and top.startswith("_") and top not in read


def jekyll_folders(site: Path) -> set[str] | None:
    """The content folders Jekyll reads: `_pages` (included), `_posts` and the folder of
    each collection `_config.yml` declares (a map or a list of names); None when the config
    cannot be read. The files of another `_folder` (a collection the config does not
    declare) are read by no build: no page shows their text."""
    config = _config(site)
    if not isinstance(config, dict):
        return None
    cols = config.get("collections")
    names = [str(n) for n in cols] if isinstance(cols, (dict, list)) else []
    return {"_pages", "_posts", *(f"_{name}" for name in names)}


_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "param", "source", "track", "wbr"})


class _OpenTags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag not in _VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: Any) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:  # closes it and what was opened inside it
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]


def closed(fragment: str) -> str:
    """A line of HTML that a layout printed inside a `<p>` (a page's `description`), with
    the elements it leaves open closed at its end, where the browser closed them (at that
    `</p>`): written into Markdown as it is, kramdown takes the `</p>` after an unclosed
    `<b>` for text, and the page shows "</p>"."""
    if "<" not in fragment:
        return fragment
    parser = _OpenTags()
    parser.feed(fragment)
    parser.close()
    return fragment + "".join(f"</{tag}>" for tag in reversed(parser.open))
