"""The HTML reader's half: a page saved from a browser, its main content as Markdown.

The page is parsed with BeautifulSoup, its main content found (``<main>``, ``<article>``,
``#content`` ..., else the body without navigation, header and footer; the selectors are data
in ``mappings/html.yml``) and turned into Markdown with markdownify; :mod:`.reader` then reads
that Markdown like any Markdown page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .vocab import Vocab


@dataclass
class HtmlPage:
    """What the HTML reader takes from a page: its main content as Markdown, and the
    identity facts the page shows outside it."""

    markdown: str
    found: str
    """Where the main content was found (a selector of ``main_selectors``, or the body)."""
    name: str = ""
    """The name from ``<h1>``/``<title>`` when the main content has no ``<h1>``."""
    avatar: str = ""
    """A profile picture outside the main content."""
    links: list[str] = field(default_factory=list)
    """Every link target of the page (profile links often sit in a sidebar)."""
    skipped: list[str] = field(default_factory=list)
    """What was left out as page chrome, for the report."""


def html_to_markdown(text: str, vocab: Vocab) -> HtmlPage:
    """The main content of an HTML page as Markdown (BeautifulSoup + markdownify)."""
    from bs4 import BeautifulSoup
    from markdownify import MarkdownConverter
    text_stays_text = _text_stays_text(MarkdownConverter)

    soup = BeautifulSoup(text, "html.parser")
    for tag in soup.find_all(vocab.words("drop_elements")):
        tag.decompose()
    body = soup.body or soup
    links = [str(a["href"]) for a in body.find_all("a", href=True)]
    hints = vocab.words("avatar_hints")
    avatar_tag = next((img for img in body.find_all("img", src=True) if any(
        h in " ".join([str(img.get("src")), str(img.get("alt") or ""),
                       " ".join(img.get("class") or []), str(img.get("id") or "")]).lower()
        for h in hints)), None)
    h1 = body.find("h1")
    heading = h1.get_text(" ", strip=True) if h1 is not None else ""
    title = soup.title.get_text(" ", strip=True) if soup.title is not None else ""

    main, found = None, "the body"
    for selector in vocab.words("main_selectors"):
        hit = soup.select_one(selector)
        if hit is not None and hit.get_text(strip=True):
            main, found = hit, f"`{selector}`"
            break
    skipped: list[str] = []
    if main is None:
        main = body
        for tag in main.find_all(vocab.words("strip_elements")):
            words = len(tag.get_text(" ", strip=True).split())
            if words:
                skipped.append(f"`<{tag.name}>` ({words} words)")
            tag.decompose()
    else:
        outside = len(body.get_text(" ", strip=True).split()) - \
            len(main.get_text(" ", strip=True).split())
        if outside > 0:
            skipped.append(f"{outside} words outside {found} (menus, sidebar, footer)")
    inside = {id(t) for t in main.find_all(True)}
    name = ""
    if h1 is None or id(h1) not in inside:
        name = heading or _name_from_title(title, vocab)
    avatar = ""
    if avatar_tag is not None and id(avatar_tag) not in inside:
        avatar = str(avatar_tag["src"])
    markdown = text_stays_text(heading_style="ATX", bullets="-").convert_soup(main)
    markdown = re.sub(r"\n{3,}", "\n\n", markdown).strip() + "\n"
    return HtmlPage(markdown, found, name, avatar, links, skipped)


def _text_stays_text(base: type) -> type:
    """markdownify's converter, whose text keeps a ``<`` as text: the page showed
    ``&lt;script&gt;`` as words, and Markdown would read a bare ``<script>`` as HTML that
    runs. (Code is not escaped by markdownify: a code span or block shows it as text.)"""

    class TextStaysText(base):
        def escape(self, text: str, *args: object) -> str:  # (parent_tags since 0.14)
            return super().escape(text, *args).replace("<", "&lt;")

    return TextStaysText


def _name_from_title(title: str, vocab: Vocab) -> str:
    parts = [title]
    for sep in vocab.data.get("title_separators") or []:
        parts = [p for part in parts for p in part.split(str(sep))]
    stop = set(vocab.words("not_name_words"))
    for part in parts:
        words = part.strip().split()
        if 1 < len(words) <= 5 and all(w[:1].isupper() for w in words) and not any(
                w.lower() in stop for w in words):
            return part.strip()
    return ""
