"""The plain reader's vocabulary: the section headings, words and patterns of the mapping file
of the format being read (``mappings/markdown.yml``, ``mappings/html.yml``), and how a
heading is looked up in it."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from ...formats.sections import normalize_title
from ...mapdata import load_mapping


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
    """The vocabulary of ``theme`` (``markdown`` or ``html``: this package's mapping file of
    that name); ``sections_from`` pulls the section vocabulary from another mapping file,
    which this file's keys override."""
    own = load_mapping(theme)
    base = load_mapping(own["sections_from"]) if own.get("sections_from") else {}
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


__all__ = ["Vocab", "load_vocab"]
