"""Entries of a template's example data (its example person's CV: a paper of theirs in the
JSON Resume, a job in `_data/cv.yml`) left in an owner's own CV data.

The whole file, when it is the example's, is no one's CV (:mod:`sitemigrate.template_files`
drops it). One example entry among the owner's own was on the owner's old CV page, shown as
theirs: it is carried as the page showed it, and the owner is told where it is, as the
example text of a page is (:mod:`sitemigrate.example_paragraphs`).

An entry is a mapping inside a list, anywhere in the data; it is the example's when the
template's table (``template_files.json``, :func:`entry_digests` of the checkouts' example
data files) holds its digest. A short one (`{language: English, fluency: Native}`) could
be anyone's: only an entry of at least :data:`MIN_WORDS` words counts."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .report import Report

CV_ENTRY = "data.entry"
"""The key under which the table holds the digests of the example data's entries."""
MIN_WORDS = 8
_DATA = (".json", ".yml", ".yaml")


def _entries(data: Any) -> Iterator[dict]:
    """Every mapping inside a list of ``data``, at any depth, outermost first."""
    if isinstance(data, dict):
        for value in data.values():
            yield from _entries(value)
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, dict) and _words(item) >= MIN_WORDS:
                yield item
            yield from _entries(item)


def _words(item: Any) -> int:
    if isinstance(item, dict):
        return sum(_words(v) for v in item.values())
    if isinstance(item, list):
        return sum(_words(v) for v in item)
    return len(str(item).split()) if isinstance(item, str) else 0


def _digest(item: dict) -> str:
    """As the table's digest of a setting (``template_files.setting_digest``): the key, a
    NUL, the entry as canonical JSON with its white space collapsed."""
    value = json.dumps(item, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(f"{CV_ENTRY}\0{' '.join(value.split())}".encode()).hexdigest()


def entry_digests(rel: str, data: bytes) -> set[str]:
    """The digests of the entries of a checkout's example data file ``rel`` (JSON, YAML)."""
    if not rel.endswith(_DATA):
        return set()
    try:
        if rel.endswith(".json"):
            value = json.loads(data.decode("utf-8"))
        else:
            from .yamlio import load_yaml
            value = load_yaml(data.decode("utf-8"), rel, None)
    except (UnicodeDecodeError, ValueError):
        return set()
    return {_digest(item) for item in _entries(value)}


def report_example_entries(known: set[str], data: Any, rel: str, root: Path,
                           report: Report) -> None:
    """One ``template-example-cv`` warning when the CV data ``data`` read from SRC's ``rel``
    holds entries of the template's example data (their digests among ``known``, the
    template table's settings), at the line of the first."""
    from .textio import read_text
    settings = known
    found = [item for item in _entries(data) if _digest(item) in settings]
    if not found:
        return
    text = read_text(root / rel, rel, None, root=root)
    first = next((v for v in found[0].values() if isinstance(v, str) and v.strip()), "")
    at = text.text.find(first) if text is not None and first else -1
    line = text.text.count("\n", 0, at) + 1 if text is not None and at >= 0 else None
    names = ", ".join(f"`{_title(item)}`" for item in found[:3]) + (
        ", ..." if len(found) > 3 else "")
    one = len(found) == 1
    report.problem("template-example-cv", f"{len(found)} entr{'y' if one else 'ies'} of your "
                   f"CV ({names}) {'is' if one else 'are'} the template's example person's, "
                   f"not yours: carried as your CV page showed {'it' if one else 'them'}; "
                   f"remove {'it' if one else 'them'} from the new site's CV data.", rel, line)


def _title(item: dict) -> str:
    for key in ("title", "name", "position", "institution", "company", "summary"):
        if isinstance(item.get(key), str) and item[key].strip():
            return re.sub(r"\s+", " ", item[key]).strip()[:60]
    return next((str(v)[:60] for v in item.values() if isinstance(v, str)), "an entry")
