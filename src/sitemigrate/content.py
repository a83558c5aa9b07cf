"""Theme-neutral operations on page bodies: links, news sections, name parts.

Nothing here knows a theme; writers pass in what differs (URL maps, section titles).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

from .dates import split_dated_line
from .ir import Item, Origin
from .sections import normalize_title, split_sections

# Markdown inline links/images `](url)` and HTML href/src attributes. The URL group stops at
# whitespace, the closing delimiter or a `]` (where the next `](` could start), so it never
# spans lines and no two attempts scan the same text (linear time, even on `](](](`...).
# A URL may hold Liquid outputs with spaces (`{{ base_path }}/files/x.pdf`); the alternation
# is unambiguous and possessive, and an output is at most 200 characters (else every `{{`
# after a `](` would scan to the end of the line), so matching stays linear.
_URL_LIQUID = r"\{\{[^}\n]{0,200}+\}\}"
_MD_LINK = re.compile(r"(\]\()(<?)((?:" + _URL_LIQUID + r"|[^)\]\s>{]|\{(?!\{))++)(>?)"
                      r"((?:\s+\"[^\"]*\")?\))")
_HTML_ATTR = re.compile(r"""(\b(?:href|src)\s*=\s*)(["'])((?:""" + _URL_LIQUID +
                        r"""|[^"'\s{]|\{(?!\{))*+)(\2)""", re.I)
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#|\{\{|\{%)", re.I)


def is_external(url: str) -> bool:
    """True for absolute URLs, mailto:, anchors and Liquid-built URLs."""
    return bool(_EXTERNAL.match(url))


def climbs_out(url: str) -> bool:
    """True for a site path with a ``..`` segment (URLs of other sites are not checked)."""
    if is_external(url):
        return False
    return ".." in re.split(r"[/\\]", url.split("?")[0].split("#")[0])


def resolve(url: str, page_url: str) -> str:
    """A site-relative URL resolved against the URL of the page it appears on."""
    if is_external(url) or url.startswith("/"):
        return url
    base = page_url if page_url.endswith("/") else posixpath.dirname(page_url) + "/"
    path, sep, rest = url.partition("#")
    path, qsep, query = path.partition("?")
    joined = posixpath.normpath(posixpath.join(base or "/", path))
    if path.endswith("/") and not joined.endswith("/"):
        joined += "/"
    return joined + (qsep + query if qsep else "") + (sep + rest if sep else "")


def rewrite_links(body: str, fn: Callable[[str], str | None]) -> str:
    """Replace every Markdown link/image target and HTML href/src with ``fn(url)``.

    ``fn`` returns the new URL or None to keep it. Text outside URLs is never changed.
    """
    def md(m: re.Match) -> str:
        new = fn(m.group(3))
        return m.group(0) if new is None else m.group(1) + m.group(2) + new + m.group(4) + m.group(5)

    def attr(m: re.Match) -> str:
        new = fn(m.group(3))
        return m.group(0) if new is None else m.group(1) + m.group(2) + new + m.group(4)

    return _HTML_ATTR.sub(attr, _MD_LINK.sub(md, body))


# -- names --------------------------------------------------------------------------------

def split_name(full: str) -> tuple[str, str, str]:
    """"Ada B. C. Lovelace" -> ("Ada", "B. C.", "Lovelace"); one word -> ("", "", word)."""
    words = full.split()
    if not words:
        return "", "", ""
    if len(words) == 1:
        return "", "", words[0]
    return words[0], " ".join(words[1:-1]), words[-1]


def slug(text: str, max_words: int = 6) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(words[:max_words]) or "item"


# -- news sections ----------------------------------------------------------------------------

NEWS_TITLES = {"news", "recent news", "latest news", "updates", "announcements", "news & updates"}


@dataclass
class NewsExtraction:
    body: str
    """The body with the news section removed (or unchanged when nothing was extracted)."""
    items: list[Item]
    leftover: list[str]
    """Lines of the section that were not dated items; they stay in the body."""
    warnings: list[tuple[int, str]]


def extract_news(body: str, rel: str, first_line: int = 1,
                 titles: set[str] = frozenset(NEWS_TITLES),
                 bare_headings: tuple[str, ...] = (), whole: bool = False) -> NewsExtraction:
    """Find a News section of dated list items and turn each item into a news :class:`Item`.

    A line that starts a dated item may continue on indented lines. When every non-blank line
    is a dated item (or an empty list marker), the whole section is removed from the body;
    otherwise only the dated items are removed and the rest of the section stays. With
    ``whole``, the whole body is the section (a page that is a news list).
    """
    from .sections import Section
    sections = ([Section("news", 2, "", "", body, 1)] if whole
                else split_sections(body, bare_headings))
    items: list[Item] = []
    leftover: list[str] = []
    warnings: list[tuple[int, str]] = []
    out = []
    for sec in sections:
        if not sec.title or normalize_title(sec.title) not in titles:
            out.append(sec.heading + sec.body)
            continue
        line_no = first_line + sec.line  # body lines after the heading (setext: see below)
        line_no += sec.heading.count("\n") - 1
        kept: list[str] = []
        current: Item | None = None
        for offset, raw in enumerate(sec.body.split("\n")):
            here = line_no + offset
            parsed = split_dated_line(raw)
            if parsed:
                date, text, warn = parsed
                if warn:
                    warnings.append((here, warn))
                current = Item(path=rel, slug=f"{date.iso()}-{slug(text)}", date=date.iso(),
                               body=text.strip(), fields={"inline": True,
                                                          "date_precision": str(date)},
                               origin=Origin(rel, here))
                items.append(current)
            elif current is not None and raw.startswith((" ", "\t")) and raw.strip():
                current.body += "\n" + raw.strip()
            elif re.fullmatch(r"\s*[-*+]\s*", raw):
                current = None  # an empty list item: nothing to carry
            else:
                current = None
                kept.append(raw)
        if any(k.strip() for k in kept):
            leftover += [k for k in kept if k.strip()]
            out.append(sec.heading + "\n".join(kept))
        elif not items:
            out.append(sec.heading + sec.body)
    return NewsExtraction("".join(out), items, leftover, warnings)
