"""The paragraphs of an owner's pages whose only content is their template's example: the
template's words (its example text, as the theme's table of template facts knows it) and
links to the template's example values (the example person's Google Scholar profile its
`_config.yml` ships). A conversion rightly does not carry the example, so such a paragraph
is no loss; a paragraph with words of the owner's own is the owner's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..textio import within
from .text import (
    _TARGET,
    MIN_WORDS,
    TAG,
    _config,
    _unlink,
    blocks_of,
    content_files,
    front,
    jekyll_folders,
    norm,
    shown_words,
)

_MIN_VALUE = 8
"""The length of the shortest example value a link is matched by (an id, an address): a
shorter one (`en`, `/`) is part of many addresses."""
_ADDRESS_OR_ID = re.compile(r"https?://\S+|(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]+")
"""A value that is an address (`https://…`) or an id (letters and digits: a Scholar user),
not a word of the config (`kramdown`, `gh-pages`) that an owner's address may hold too."""
_MD_LINK = re.compile(rf"\[[^\]]*\]({_TARGET})")
_HTML_LINK = re.compile(r"""(?is)<a\b[^>]*?\bhref\s*=\s*["']([^"']*)["'][^>]*>.*?</a\s*>""")


def example_values(owner: Path, theme: Any) -> list[str]:
    """The values of the site's `_config.yml` (top level and one level down: `author.
    googlescholar`) that a checkout of its template ships at that key, and that is an address
    or an id (:data:`_ADDRESS_OR_ID`, at least :data:`_MIN_VALUE` characters): the
    template's example profile, id or address, not the owner's."""
    from ..template_files import is_template_setting
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
    """The paragraphs (normalised) of the owner's content files whose words outside their
    links to the template's example values (:func:`example_values`) that the template's
    example text does not hold are fewer than a paragraph's (:data:`.text.MIN_WORDS`): the
    template's example, not the owner's words. A page's `description` that is a line a
    checkout of the template has on its own page (`template_files.example_wording`: the
    teaching page's "replace this text") is the template's too."""
    from ..template_files import example_wording, templates
    from ..template_text import words
    if theme is None:
        return set()
    values = example_values(owner, theme)
    text = templates(theme).text
    read = jekyll_folders(owner)
    out: set[str] = set()

    def example_link(m: re.Match[str]) -> str:
        return " " if any(v in m.group(1) for v in values) else m.group(0)

    for path in content_files(owner):
        rel = path.relative_to(owner)
        if (read is not None and rel.parts[0] not in read) or not within(owner, path):
            continue
        fm, body = front(path.read_text("utf-8", "replace"))
        described = fm.get("description")
        if isinstance(described, str) and example_wording(theme, described):
            out.add(norm(TAG.sub(" ", _unlink(described))))
        for raw, shown in blocks_of(body):
            rest = _HTML_LINK.sub(example_link, _MD_LINK.sub(example_link, raw)) \
                if values else raw
            seq = words(shown_words(rest))
            own = round(text.uncovered(seq)[0] * len(seq)) if text.shingles and seq \
                else len(seq)
            if own < MIN_WORDS:
                out.add(shown)
    return out
