"""Whether a built site shows a text, answered from the visible text of its pages indexed
once (:class:`TextIndex`), so that a question rarely needs a search of the whole text.

A paragraph is *shown* by a site when (markup split it) 90% of its five-word runs are in
the text, or it is in the text, or (data a theme lays out its own way: a CV's entries
become a table of dates, titles and places) 95% of its words of four letters or more are
on one page (:meth:`TextIndex.shows`).
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import defaultdict
from collections.abc import Iterator, Mapping

LONG = 4
"""A word of this many letters or more counts for the one-page rule (not `of`, `and` ...)."""
_NONE: frozenset[int] = frozenset()


def runs(words: list[str]) -> Iterator[int]:
    """The runs of five words of ``words``, each as its (64-bit) hash. A site's runs are
    kept as hashes, not tuples: the set is made in half the time. A run is taken for one of
    the site's by its hash alone when two different runs share one hash: with ~10^5 runs a
    site and ~10^5 looked for, about once in 10^9 comparisons (and then it changes an
    answer only where that one run decides the paragraph's 90%)."""
    return map(hash, zip(words, words[1:], words[2:], words[3:], words[4:], strict=False))


class Probe:
    """A normalised text to look for, split once: its words and its five-word runs."""

    __slots__ = ("runs", "text", "words")

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = text.split()
        self.runs = list(runs(self.words))


class TextIndex:
    """The visible text of a site's pages (page -> its text as :func:`~.text.norm` makes
    it: words, one space between two), read once: every five-word run of each page, each
    page's words and the pages of each longer word."""

    def __init__(self, pages: Mapping[str, str]) -> None:
        self.names = list(pages)
        self.lines = list(pages.values())
        self.text = "\n".join(self.lines)
        """Every page's text, one page a line."""
        self.starts = [0, *itertools.accumulate(len(line) + 1 for line in self.lines)][:-1]
        """Where each page's line starts in :attr:`text`."""
        self.grams: set[int] = set()
        """Every run of five words of each page (:func:`runs`)."""
        self.words: list[set[str]] = []
        """Each page's words."""
        pages_of: defaultdict[str, set[int]] = defaultdict(set)
        for number, line in enumerate(self.lines):
            words = line.split()
            self.grams.update(runs(words))
            self.words.append(set(words))
            for word in self.words[-1]:
                if len(word) >= LONG:
                    pages_of[word].add(number)
        self.pages_of = dict(pages_of)
        """Each word of :data:`LONG` letters or more -> the pages (their numbers) that have it."""

    def has(self, text: str | Probe) -> bool:
        """``text`` is in :attr:`text` (as ``in`` finds it). The index answers no first when
        it can: where the text occurs, its inner words (all but the first and the last,
        which may be parts of words) are whole words of one page, and their runs of five
        words are runs of that page: it is looked for on the pages that have all its inner
        words of :data:`LONG` letters or more."""
        probe = Probe(text) if isinstance(text, str) else text
        if "\n" in probe.text:
            return probe.text in self.text
        if not all(map(self.grams.__contains__, probe.runs[1:-1])):  # the inner words' runs
            return False
        pages = sorted((self.pages_of.get(w, _NONE) for w in probe.words[1:-1] if len(w) >= LONG),
                       key=len)
        if not pages:
            return probe.text in self.text
        return any(probe.text in self.lines[n] for n in pages[0].intersection(*pages[1:]))

    def page_of(self, text: str | Probe) -> str | None:
        """The first page whose text has ``text``, or None."""
        probe = Probe(text) if isinstance(text, str) else text
        at = self.text.find(probe.text) if self.has(probe) else -1
        return None if at < 0 else self.names[bisect.bisect_right(self.starts, at) - 1]

    def shows(self, paragraph: str | Probe, by_words: bool = True) -> bool:
        """The site shows ``paragraph`` (see the module's description; ``by_words`` False:
        not by the one-page rule)."""
        p = Probe(paragraph) if isinstance(paragraph, str) else paragraph
        if p.runs and sum(map(self.grams.__contains__, p.runs)) >= 0.9 * len(p.runs):
            return True  # set look-ups first: a search of the whole text is the slow test
        if self.has(p):
            return True
        long_words = {w for w in p.words if len(w) >= LONG}
        if not by_words or not long_words:
            return False
        need = 0.95 * len(long_words)
        # a page that has `need` of the words lacks at most `spare` of them, so it has one
        # of any `spare + 1` of them: the pages of the rarest few are the only candidates
        spare = len(long_words) - math.ceil(need)
        rarest = sorted((self.pages_of.get(w, _NONE) for w in long_words), key=len)[:spare + 1]
        return any(len(long_words & self.words[n]) >= need for n in set().union(*rarest))
