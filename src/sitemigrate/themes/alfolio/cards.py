"""al-folio writer: what a project's card on the projects page shows of it.

The cards (`_includes/projects.liquid`, `projects.html` before 2024) print a project's
title, its `description` and its `img`, never its date: the date the source's list printed
beside a project (the neutral field ``listed_date``, as that list worded it) starts its
description, which the card and the project's page show. A project that states no
description of its own has the text the list showed under it (``listed_text``: its excerpt)
as its description.

al-folio's `page` layout prints a project's `description` under its title, above its text:
where that text opens with the description's words (the first of its blocks, or its text up to
its excerpt separator: what the old list showed), the opening goes from the page's text
(:func:`page_body`), so a visitor reads it once on the page and once on the card.

The card shows one picture, its `img`: a picture of the description the old list showed is
the card's picture when it has none; any other is not on the new list, and is named (file
and line). A source whose list printed the description through `markdownify` (its mapping's
``listings.projects.shows_excerpt``) showed its Markdown links as their words and its
Markdown pictures as pictures, and its emphasis and code as such (`*word*`, `**word**`,
`` `x` ``); al-folio prints the description as it is, so they are read that way here: the
card keeps the inline HTML of emphasis and code (no attributes), and no other tag."""

from __future__ import annotations

import html
import re
from typing import Any

from ...formats.content import quoted_address
from ...inert_text import inline_links
from ...ir import Item
from ...jekyll.assets import AssetCopier
from ...jekyll.documents import excerpt_separator
from ...jekyll.liquid import attribute_safe
from ...plan import Plan


def card_front(item: Item, front: Any, plan: Plan, copier: AssetCopier,
               sep: str = "\n\n") -> str:
    """Set ``front``'s `description` and `img` from the project ``item``: a picture of its
    description is the card's image (else its `image`), the rest of it plain text. Returns
    the text of its page (:func:`page_body`; ``sep``: the site's excerpt separator)."""
    f = item.fields
    desc = str(f.get("description") or "")
    listed = str(f.get("listed_text") or "")
    if not desc and ("{{" in listed or "{%" in listed):
        plan.report.lost("project-text", "the old list of projects showed the project's "
                         "excerpt (its text up to the first `excerpt_separator`), which runs "
                         "Liquid: no Liquid runs in the `description` al-folio's project card "
                         "shows; write the text in a `description:` of its own.", item.origin)
    elif not desc and listed:  # its words as they read: only a block's end parts them
        desc = re.sub(r"<(?!img\b|/?" + _INLINE + r"\b)[^>]*>", "", _BLOCK_TAG.sub(" ", listed))
        plan.report.mapped("project-text", "the text the old list showed under the project "
                           "(its excerpt: its text up to the first `excerpt_separator`) is its "
                           "`description`: al-folio's project cards show only the title, the "
                           "description and the image.", item.origin)
    if desc and desc == f.get("description") and plan.from_theme is not None \
            and (plan.from_theme.vocabulary.get("listings", {}).get("projects") or {}) \
            .get("shows_excerpt"):
        desc = _emphasized(_markdownified(desc))
    img = f.get("image")
    shown = [m.group(1) for m in _IMG.finditer(desc)]
    if shown:
        img = img or shown[0]
        desc = _IMG.sub(" ", desc).replace("<br/>", " ").replace("<br>", " ")
        _pictures_left(item, [s for s in shown if s.lstrip("/") != str(img).lstrip("/")],
                       str(img), plan, copier)
    desc = re.sub(r"\s+", " ", _TAG.sub(_inline_only, desc)).strip()
    body = page_body(item, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", desc)).strip(), sep, plan)
    dated = str(f.get("listed_date") or "").strip()
    if dated:
        desc = f"{dated} · {desc}" if desc else dated
        plan.report.mapped("project-date", f"the date the old list showed beside the project "
                           f"(`{dated}`) starts its `description`: al-folio's project cards "
                           "show no date, only the title, the description and the image.",
                           item.origin)
    if desc:
        front["description"] = attribute_safe(desc)
    if img:
        front["img"] = copier.carry(str(img), item.origin, "project image").lstrip("/")
    return body


def page_body(item: Item, shown: str, sep: str, plan: Plan) -> str:
    """The text of ``item``'s page below ``shown`` (its description as plain text, which
    al-folio's `page` layout prints under the title): without the opening that reads as
    ``shown`` (its first blocks, or its text up to its excerpt separator: its own, else the
    site's ``sep``) where that opening holds only words (paragraphs, emphasis), which the
    description shows; one that holds more (a link, a picture, a heading) stays, and the
    page shows the words twice, which is said."""
    body = item.body
    if not shown or not body.strip():
        return body
    import mistune
    cuts = [(m.start(), m.end()) for m in re.finditer(r"\n[ \t]*\n", body)]
    own = excerpt_separator({"excerpt_separator": sep}, item.extra)
    if own and own in body:
        cuts.append((body.index(own), body.index(own) + len(own)))
    for end, rest in [*sorted(cuts), (len(body), len(body))]:
        if not body[:end].strip():
            continue
        opening = str(mistune.html(body[:end]))
        words = re.sub(r"\s+", " ", re.sub(r"<[^>]*>", "", _BLOCK_TAG.sub(" ", opening)))
        words = html.unescape(words.strip())  # as they read (`&quot;` is `"`)
        if len(words) > len(html.unescape(shown)):
            break
        if words != html.unescape(shown):
            continue
        if re.search(r"<(?!/?(?:p|br|em|strong|i|b|code)\b)", opening) or "{{" in opening \
                or "{%" in opening:
            plan.report.problem("project-opening", "the project's page shows the opening "
                                "of its text twice: al-folio's `page` layout prints its "
                                "`description` (the same words, as plain text, which the "
                                "projects card shows) under the title, and the opening holds "
                                "more than words (a link, a picture, a heading), so it stays. "
                                "Shorten the `description` or the opening.", item.origin)
            return body
        plan.report.mapped("project-opening", "the opening of the project's text is its "
                           "`description`, which al-folio's `page` layout prints under the "
                           "title: it is not repeated below it.", item.origin)
        # (a blank line after the front matter: a rule, `---`, that opens the rest is no end
        # of it)
        left = body[rest:].lstrip("\n")
        return "\n" + left if left.strip() else ""
    return body


_BLOCK_TAG = re.compile(r"</?(?:p|br|li|ul|ol|h[1-6]|div|blockquote|pre|table|tr|t[dh]|hr)\b"
                        r"[^>]*>", re.I)
"""A tag of HTML that ends a line of text (a paragraph, an item): the words either side of
it are two words; any other tag (a link, emphasis) sits inside a word's run of text."""


_IMG = re.compile(r"<img[^>]*src=['\"]([^'\"]+)['\"][^>]*>", re.I)

_INLINE = r"(?:em|strong|i|b|code|sup|sub|mark|small|s|del|kbd)"
"""The tags of emphasis and code inside a line of text, which the card shows as they are."""

_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)?[^>]*>")


def _inline_only(m: re.Match[str]) -> str:
    """A tag of emphasis or code, without its attributes; any other tag a space."""
    name = (m[2] or "").lower()
    return f"<{m[1]}{name}>" if re.fullmatch(_INLINE, name) else " "


def _emphasized(text: str) -> str:
    """Markdown ``text`` with its emphasis and code spans as the HTML `markdownify` made of
    them (`*word*` is `<em>word</em>`, `` `x` `` is `<code>x</code>`); its words and its
    HTML as written (a backslash-escaped mark as the mark)."""
    from ...formats.content import words_html
    return words_html(text)


def _markdownified(text: str) -> str:
    """``text`` with its Markdown links as the words `markdownify` showed of them (the card
    is a link itself: no link inside it) and its Markdown pictures as `<img>`; a picture at
    an address in quote marks (which kramdown keeps: a picture that showed broken) as its
    words. An image that is a link's words is read after the link."""
    for _ in range(4):
        out, at = [], 0
        for m in inline_links(text):
            words, url = m.group(1), m.group(2).strip("<>")
            picture = m.group().startswith("!") and url and not quoted_address(url) \
                and '"' not in url
            out += [text[at:m.start()],
                    f'<img src="{url}" alt="{html.escape(words)}">' if picture else words]
            at = m.end()
        if not out:
            return text
        text = "".join(out) + text[at:]
    return text


def _pictures_left(item: Item, left: list[str], img: str, plan: Plan,
                   copier: AssetCopier) -> None:
    """Name each picture of the description the old list showed that the card does not."""
    for url in dict.fromkeys(left):
        plan.report.lost("project-picture", f"the old list of projects showed the picture "
                         f"`{url}` in the project's text; al-folio's project card shows one "
                         f"picture, its `img` (`{img}`), so the new list does not show this "
                         "one: put it in the project's page (or make it the card's `img`).",
                         item.origin, copier.line_of(item.origin, url))
