"""The owner's texts a loop of theirs prints: a page, layout or include of the owner's that
loops over site data (`{% for person in site.data.members %}`) writes the values of each
entry it reads (`{{ person.name }}`, `{{ person.description }}`) wherever its markup puts
them: often in a `<span>` or `<div>`, which neither the paragraphs nor the items
(:mod:`.items`: headings, list items, table cells) take. Each such value of two words or
more is a text of the owner's: compared where the old site shows it (the loop may print it
under a switch, or not at all)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..textio import within
from .text import content_files, data_strings, front, jekyll_folders, load_data, unread_folder

MIN_WORDS = 2
"""As :data:`.items.MIN_WORDS`: a name, a position."""
_FOR = re.compile(r"(\w+)\s+in\s+site\.data((?:\.[\w-]+|\[\s*['\"][^'\"]+['\"]\s*\])+)")
_PART = re.compile(r"\.([\w-]+)|\[\s*['\"]([^'\"]+)['\"]\s*\]")
_DATA_SUFFIXES = (".yml", ".yaml", ".json")


def data_at(site: Path, path: list[str]) -> tuple[str, Any]:
    """``site.data.A.B...`` (``path``: its parts) as Jekyll reads it: `_data/A.yml` (or
    `.yaml`, `.json`; `_data/A/` a folder of files) then its keys; the file's path in the
    site and the value (None where nothing is)."""
    folder = site / "_data"
    for at, part in enumerate(path):
        if (folder / part).is_dir():
            folder = folder / part
            continue
        found = next((folder / f"{part}{s}" for s in _DATA_SUFFIXES
                      if (folder / f"{part}{s}").is_file()), None)
        if found is None or not within(site, found):
            return "", None
        value = load_data(found)
        for key in path[at + 1:]:
            value = value.get(key) if isinstance(value, dict) else None
        return found.relative_to(site).as_posix(), value
    return "", None


def loop_reads(text: str) -> Iterable[tuple[list[str], set[str] | None]]:
    """The data loops of a page's or layout's Liquid that a visitor sees (not in a
    `{% comment %}` or an HTML comment): each as the data path it loops over and the keys
    its body outputs of the entry (``{{ var.KEY }}``), None where it outputs the entry
    itself or gives it to an include (a filter or an include given the whole entry: every
    value may show)."""
    from ..jekyll.liquid import tokenize
    tokens = tokenize(text)
    for at, tok in enumerate(tokens):
        m = _FOR.match(tok.markup) if tok.kind == "tag" and tok.name == "for" else None
        if m is None or tok.in_html_comment:
            continue
        var, depth, keys = m[1], 0, set()
        whole = False
        for inner in tokens[at + 1:]:
            if inner.kind == "tag" and inner.name == "for":
                depth += 1
            elif inner.kind == "tag" and inner.name == "endfor":
                if not depth:
                    break
                depth -= 1
            elif inner.kind == "output" and not inner.in_html_comment:
                keys.update(re.findall(rf"\b{var}\.(\w+)", inner.markup))
                whole = whole or bool(re.match(rf"{var}\s*(\||$)", inner.markup))
            elif inner.kind == "tag" and inner.name.startswith("include") \
                    and re.search(rf"=\s*{var}\b(?!\.)", inner.markup):
                whole = True  # the entry given to an include: what it prints is not read
        yield [p or q for p, q in _PART.findall(m[2])], None if whole else keys


def _worded(value: Any) -> Any:
    """``value`` without its strings of no blank: a user name, a repository's
    `owner/name`, a file's path are names a card or a link is made of, no words written to
    be read (a template's example repositories `owner/name` are in its example pages' text
    too)."""
    if isinstance(value, str):
        return value if re.search(r"\s", value.strip()) else None
    if isinstance(value, dict):
        return {k: _worded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_worded(v) for v in value]
    return value


def _values(entry: Any, keys: set[str] | None) -> Iterable[str]:
    """The strings of a data entry the loop outputs (``keys``; every one for None), each of
    words (:func:`_worded`)."""
    if isinstance(entry, dict):
        for key, value in entry.items():
            if keys is None or str(key) in keys:
                yield from data_strings(_worded(value), MIN_WORDS)
    elif keys is None:
        yield from data_strings(_worded(entry), MIN_WORDS)


def loop_texts(site: Path, own_code: list[str]) -> dict[str, list[str]]:
    """data file -> the texts the owner's loops print of it (see the module): the loops of
    every content file Jekyll reads and of ``own_code`` (the owner's own layouts and
    includes)."""
    found: dict[str, list[str]] = {}
    read = jekyll_folders(site)
    files = [p for p in content_files(site)
             if read is None or not unread_folder(p.relative_to(site).as_posix(), read)]
    files += [site / rel for rel in own_code]
    for path in files:
        try:
            fm, body = front(path.read_text("utf-8", "replace"))
        except OSError:
            continue
        if fm.get("published") is False:
            continue
        for parts, keys in loop_reads(body):
            name, entries = data_at(site, parts)
            if not isinstance(entries, list):
                continue  # (a loop over a map gets its pairs: not read here)
            texts = [t for e in entries for t in _values(e, keys)]
            if texts:
                found[name] = list(dict.fromkeys([*found.get(name, []), *texts]))
    return found
