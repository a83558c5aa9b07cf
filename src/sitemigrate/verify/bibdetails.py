"""What a site's own bibliography layout shows of each publication beyond what a theme
knows: the text of the entry's fields of the owner's own (`{{ entry.highlight }}`, a line
under the venue) that the layout prints, as a visitor reads it next to the title.

jekyll-scholar renders each entry of a `{% bibliography %}` through the layout named by
`scholar.bibliography_template` (`bib` by default), reading the `.bib` files of
`scholar.source` (`./_bibliography`). A field printed as text there, other than BibTeX's
and the themes' own (those every theme's listing shows its own way), is an owner's detail:
the new site is asked to show it too. A field in a tag's attribute (an image's `src`) is
no text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..formats.bibtex import STANDARD_FIELDS, parse_bib
from ..formats.bibtext import to_text
from ..jekyll.bibshown import printed_as_text
from ..paragraphs import norm
from ..textio import within


def _themes_fields() -> set[str]:
    from ..registry import THEMES, vocabulary
    return {str(f).lower() for name in THEMES for f in vocabulary(name).get("bib_fields") or ()}


def bib_details(site: Path, config: Any, min_words: int = 2) -> dict[str, list[str]]:
    """`.bib` file -> the normalised texts (of ``min_words`` words or more) of the owner's
    own fields that the site's own bibliography layout prints (``config``: the site's
    `_config.yml`, read)."""
    scholar = config.get("scholar") if isinstance(config, dict) else None
    scholar = scholar if isinstance(scholar, dict) else {}
    name = str(scholar.get("bibliography_template") or "bib")
    printed: set[str] = set()
    for suffix in (".html", ".liquid"):
        path = site / "_layouts" / f"{name}{suffix}"
        if path.is_file() and within(site, path):
            printed |= set(printed_as_text(path.read_text("utf-8", "replace")))
    printed -= STANDARD_FIELDS | _themes_fields()
    source = site / str(scholar.get("source") or "_bibliography").strip("./")
    found: dict[str, list[str]] = {}
    if not printed or not source.is_dir() or not within(site, source):
        return found
    for path in sorted(source.glob("*.bib")):
        if not within(site, path):
            continue
        bib = parse_bib(path.read_text("utf-8", "replace"))
        texts = [norm(to_text(e.fields[f])) for e in bib.entries for f in sorted(printed)
                 if e.fields.get(f)]
        texts = [t for t in texts if len(t.split()) >= min_words]
        if texts:
            found[path.relative_to(site).as_posix()] = list(dict.fromkeys(texts))
    return found
