"""The template's example text, recognised in versions between the checkouts the table knows.

A site made from a version of its template that no checkout of the table is (an older fork,
a copy of a month between two checkouts) keeps example files whose bytes no digest of the
table has: a post whose wording moved a little between versions, a project whose markup
changed, a news item re-dated. The table also holds facts of the example *text*, never the
text itself (``scripts/template_digests.py`` writes them):

* ``shingles``: a 32-bit hash of every run of :data:`K` consecutive words of the checkouts'
  example files (their front-matter strings, their prose without tags, their data strings),
  as one base64 string of sorted numbers;
* ``titles``: the digest of every example item's title (its words, lower case);
* ``entries``: the digest of every example BibTeX entry's key and title;
* (in the table beside them, ``code_texts``) the digest of every run of words the checkouts'
  layouts and includes write themselves (:func:`code_runs`: a heading such as the about
  layout's `selected publications`), which tells the template's words in an owner's changed
  copy of a layout from the owner's.

A file at an example path is the template's when its words are the template's words: an item
whose title is an example item's title and whose text is mostly covered by the template's
shingles (:data:`TITLED`); a file without a title (data, a one-line news item, a whole
bibliography) only when nearly every word is covered (:data:`UNTITLED`). An item the owner
named (a title no example has) or wrote into (their own sentences are words no shingle
covers) is the owner's.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

K = 5
"""Words per shingle."""

TITLED = 0.5
"""An item with an example title is the template's when at most this share of its words is
covered by no shingle of the template's example text (the rest of the text of a version the
table does not know)."""

UNTITLED = 0.02
"""A file without a title (data, a short news item, a bibliography) is the template's only
when at most this share of its words is uncovered (an owner's user name in a data file of
twenty words is more)."""

LONGEST_RUN = 3
"""...and no run of more than this many uncovered words (a sentence of the owner's)."""

UNTITLED_WORDS = 20
"""...and only when it has this many words: a shorter one (a menu of the template's labels,
a one-line news item) is the template's only as a checkout has it, byte for byte."""

DOCUMENTS = (".md", ".markdown", ".html", ".htm")
DATA = (".yml", ".yaml", ".json")
_WORD = re.compile(r"[^\W_]+")
_MARKUP = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|<!--.*?-->|<[^>]*>", re.S)
_KEY = re.compile(r"@\s*[A-Za-z]+\s*[{(]\s*([^\s,{}()]+)")


def words(text: str) -> list[str]:
    """The words of ``text``, lower case (letters and digits of any script)."""
    return _WORD.findall(text.lower())


_UNSHOWN_CODE = re.compile(r"(?is)<(script|style)\b.*?</\1\s*>")


def code_runs(text: str) -> list[str]:
    """The words of each run of text a layout or include (or a part of one, as HTML) writes
    itself, between its HTML tags and Liquid (not in a script or style): lower case, one
    space between each; a run without a word is left out."""
    return [w for run in _MARKUP.split(_UNSHOWN_CODE.sub(" ", text))
            if (w := " ".join(words(run)))]


def strings(value: Any) -> Iterator[str]:
    """Every string of a data tree (mapping keys aside), in order (without recursion: a
    tree of any depth)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def page_front(rel: str, data: bytes) -> dict:
    """The front matter of a page file (empty when it has none or is no document)."""
    if PurePosixPath(rel).suffix.lower() not in DOCUMENTS:
        return {}
    return _front(data.decode("utf-8", "replace"))[0]


def _front(text: str) -> tuple[dict, str]:
    from .formats.frontmatter import HANDLER
    parts = HANDLER.split_lines(text)
    if parts is None:
        return {}, text
    loaded = HANDLER.load(parts[0], "", None)
    return (dict(loaded) if isinstance(loaded, dict) else {}), parts[1]


def _data(rel: str, text: str) -> Any:
    if rel.endswith(".json"):
        try:
            return json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than Python reads
            return text
    from .yamlio import load_yaml
    loaded = load_yaml(text, rel, None, shared=True)
    return text if loaded is None else loaded


def prose(rel: str, data: bytes) -> tuple[list[str], str | None]:
    """The words a file holds as text (front-matter strings and the body without Liquid
    and HTML tags; a data file's strings; a bibliography's text) and its title (None: it
    has none). Nothing for a file of another kind (a picture)."""
    suffix = PurePosixPath(rel).suffix.lower()
    if suffix not in (*DOCUMENTS, *DATA, ".bib"):
        return [], None
    text = data.decode("utf-8", "replace")
    if suffix in DATA:
        return [w for s in strings(_data(rel, text)) for w in words(s)], None
    if suffix == ".bib":
        return words(text), None
    front, body = _front(text)
    return _document_words(front, body), _title_of(front)


def _document_words(front: dict, body: str) -> list[str]:
    """The words of a document: its front matter's strings, then its body's text."""
    return [w for s in strings(front) for w in words(s)] + words(_MARKUP.sub(" ", body))


def _title_of(front: dict) -> str | None:
    """The words of a document's `title` (None: it has none)."""
    title = front.get("title")
    return " ".join(words(title)) if isinstance(title, str) else None


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=4).digest(), "big")


def shingles(seq: list[str]) -> list[int]:
    """The hash of every run of :data:`K` words (of the whole text, when it is shorter)."""
    if len(seq) < K:
        return [_hash(" ".join(seq))] if seq else []
    return [_hash(" ".join(seq[i:i + K])) for i in range(len(seq) - K + 1)]


def mark(*parts: str) -> str:
    """The digest of a title (or of an entry's key and title), as the table holds it."""
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:16]


def entry_mark(raw: str) -> str | None:
    """The mark of a BibTeX entry: its key and its title's words (None without either)."""
    from .formats.bibtex import parse_bib
    key = _KEY.match(raw.lstrip())
    if not key:
        return None
    entries = parse_bib(raw).entries
    title = entries[0].fields.get("title", "") if entries else ""
    if not title:
        return None
    return mark(key.group(1).lower(), " ".join(words(title)))


def key_mark(raw: str) -> str | None:
    """The mark of a BibTeX entry's key alone (None without one): an entry whose key is no
    example entry's has no example entry's :func:`entry_mark`, and needs no reading."""
    key = _KEY.match(raw.lstrip())
    return mark(key.group(1).lower()) if key else None


@dataclass
class ExampleText:
    """The facts of a theme's example text (empty when its table has none)."""

    shingles: frozenset[int] = frozenset()
    titles: frozenset[str] = frozenset()
    entries: frozenset[str] = frozenset()
    keys: frozenset[str] = frozenset()
    """The :func:`key_mark` of each example entry (of :attr:`entries`)."""

    def uncovered(self, seq: list[str]) -> tuple[float, int]:
        """The share of the words no shingle of the template's covers, and the longest run
        of such words."""
        if not seq:
            return 1.0, 0
        covered = [False] * len(seq)
        for i, h in enumerate(shingles(seq)):
            if h in self.shingles:
                covered[i:i + K] = [True] * min(K, len(seq) - i)
        run = longest = 0
        for c in covered:
            run = 0 if c else run + 1
            longest = max(longest, run)
        return covered.count(False) / len(seq), longest

    def few_uncovered(self, seq: list[str], most: int, longest: int) -> bool:
        """Whether fewer than ``most`` of the words no shingle of the template's covers are
        left, in no run longer than ``longest``, as :meth:`uncovered` counts them; read from
        the start and stopped as soon as they are not (an owner's paragraph is told from its
        first words): word ``i`` is final once the shingle that starts at it was looked up."""
        n = len(seq)
        if n < K:
            return (bool(seq) and _hash(" ".join(seq)) in self.shingles) or (
                n < most and n <= longest)
        last = -1  # the last word a shingle of the template's covers
        missed = run = 0
        for i in range(n):
            if i <= n - K and _hash(" ".join(seq[i:i + K])) in self.shingles:
                last = i + K - 1
            if i <= last:
                run = 0
                continue
            missed += 1
            run += 1
            if missed >= most or run > longest:
                return False
        return True

    def near(self, rel: str, data: bytes) -> bool:
        """True when the file ``rel`` holds the template's example text (see the module):
        an example item of another version of the template."""
        if not self.shingles:
            return False
        if PurePosixPath(rel).suffix.lower() in DOCUMENTS:
            # an item the owner named is the owner's: its words are not read
            front, body = _front(data.decode("utf-8", "replace"))
            title = _title_of(front)
            if title is not None and mark(title) not in self.titles:
                return False
            seq = _document_words(front, body)
        elif PurePosixPath(rel).suffix.lower() == ".bib":
            # a bibliography is its text's words: an owner's is told from its first entry
            # (a run of their words), before the words of all of its entries are read
            text = data.decode("utf-8", "replace")
            if self.owners_run(m.group() for m in _WORD.finditer(text.lower())):
                return False
            seq, title = words(text), None
        else:
            seq, title = prose(rel, data)
        if not seq:
            return False
        # the title and the length first: the shingles of an owner's post are not needed
        if title is not None:  # an item the owner named is the owner's
            return mark(title) in self.titles and self.uncovered(seq)[0] <= TITLED
        if len(seq) < UNTITLED_WORDS or not self._covered_enough(seq):
            return False
        share, run = self.uncovered(seq)
        return share <= UNTITLED and run <= LONGEST_RUN

    def owners_run(self, found: Iterable[str], first: int = 1000) -> bool:
        """Whether the first ``first`` words ``found`` gives already hold a run of more than
        :data:`LONGEST_RUN` words no shingle of the template's covers (as :meth:`uncovered`
        counts them), so the whole text is never :meth:`near`: word ``j`` is final once the
        shingle that starts at it was looked up (it needs the :data:`K` words from ``j``)."""
        window: list[str] = []
        last = -1  # the last word a shingle of the template's covers
        run = 0
        for i, word in enumerate(found):
            if i >= first:
                break
            window.append(word)
            if len(window) < K:
                continue
            j = i - K + 1  # the shingle of words j..i
            if _hash(" ".join(window)) in self.shingles:
                last = i
            del window[0]
            if j <= last:
                run = 0
                continue
            run += 1
            if run > LONGEST_RUN:
                return True
        return False

    def _covered_enough(self, seq: list[str]) -> bool:
        """Whether at most :data:`UNTITLED` of the words can be uncovered, read from the
        start and stopped as soon as more are (an owner's long file, a bibliography of a
        thousand entries, is told from the first few of its words): word ``i`` is final
        once the shingle that starts at it was looked up."""
        limit = UNTITLED * len(seq)
        last = -1  # the last word a shingle of the template's covers
        missed = 0
        for i in range(len(seq) - K + 1):
            if _hash(" ".join(seq[i:i + K])) in self.shingles:
                last = i + K - 1
            elif i > last:
                missed += 1
                if missed > limit:
                    return False
        return True

    def is_entry(self, raw: str) -> bool:
        """True when a BibTeX entry has an example entry's key and title."""
        return key_mark(raw) in self.keys and entry_mark(raw) in self.entries


def build_text(files: Iterable[tuple[str, bytes]], entries: Iterable[str]) -> dict:
    """The facts of the example files ``files`` (path, bytes) and BibTeX entries ``entries``
    (as written), as the table stores them."""
    found: set[int] = set()
    titles: set[str] = set()
    for rel, data in files:
        seq, title = prose(rel, data)
        found.update(shingles(seq))
        if title:
            titles.add(mark(title))
    marks: set[str] = set()
    keys: set[str] = set()
    for raw in entries:
        if got := entry_mark(raw):
            marks.add(got)
            keys.add(key_mark(raw) or "")
    packed = b"".join(h.to_bytes(4, "big") for h in sorted(found))
    return {"k": K, "shingles": base64.b64encode(packed).decode("ascii"),
            "titles": sorted(titles), "entries": sorted(marks),
            "keys": sorted(keys)}


def load_text(data: dict | None) -> ExampleText:
    """The facts as the table stores them (:func:`build_text`)."""
    if not data or data.get("k") != K:
        return ExampleText()
    packed = base64.b64decode(data.get("shingles", ""))
    return ExampleText(
        frozenset(struct.unpack(f">{len(packed) // 4}I", packed[:len(packed) // 4 * 4])),
        frozenset(data.get("titles", [])), frozenset(data.get("entries", [])),
        frozenset(data.get("keys", [])))
