"""Theme-neutral operations on page bodies: links, news sections, name parts.

Nothing here knows a theme; writers pass in what differs (URL maps, section titles).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..dates import month_first_list, split_dated_line
from ..ir import Item, Origin
from ..lazyre import lazy_pattern
from .sections import normalize_title, split_sections

# Markdown inline links/images `](url)` and HTML href/src attributes. The URL group stops at
# whitespace, the closing delimiter or a `]` (where the next `](` could start), so it never
# spans lines and no two attempts scan the same text (linear time, even on `](](](`...).
# A URL may hold Liquid outputs with spaces (`{{ base_path }}/files/x.pdf`); the alternation
# is unambiguous and possessive, and an output is at most 200 characters (else every `{{`
# after a `](` would scan to the end of the line), so matching stays linear.
_URL_LIQUID = r"\{\{[^}\n]{0,200}+\}\}"
_MD_LINK = lazy_pattern(r"(\]\()(<?)((?:" + _URL_LIQUID + r"|[^)\]\s>{]|\{(?!\{))++)(>?)"
                           r"((?:\s+\"[^\"]*\")?\))")
_HTML_ATTR = lazy_pattern(r"""(\b(?:href|src|poster|data-src)\s*=\s*)(["'])((?:""" + _URL_LIQUID +
                            r"""|[^"'\s{]|\{(?!\{))*+)(\2)""", re.I)
# An unquoted attribute value, inside an HTML tag (`<a href=/x.pdf>`; not Liquid's `assign
# href = post.url`). The attributes before it are read whole, their quoted values as one
# piece: a `src=` inside another attribute's value (an embed's `?src=x&ctz=...` query) is
# that value's text, no attribute.
_HTML_ATTR_BARE = lazy_pattern(r"""(<[a-z][a-z0-9-]*\s(?:[^<>{}"']|"[^"<>{}]*"|'[^'<>{}]*')*?"""
                                 r"""\b(?:href|src|poster|data-src)"""
                                 r"""\s*=\s*)()([^\s"'<>`{=][^\s"'<>`]*)()""", re.I)
# An <object>'s `data`: the address of what it embeds (`<object data="/files/cv.pdf">`, a PDF
# shown in the page); `data` is an attribute of <object> only. The attributes before it are
# read whole, as above: a ` data=` inside another attribute's quoted value is no attribute.
_OBJECT_DATA = lazy_pattern(r"""(<object\b(?:[^<>"']|"[^"<>]*"|'[^'<>]*')*?\sdata\s*=\s*)"""
                            r"""(["'])((?:""" + _URL_LIQUID + r"""|[^"'\s{]|\{(?!\{))*+)(\2)""",
                            re.I)
# A refresh's address (`<meta http-equiv="refresh" content="0; url=/files/cv.pdf">`, a page
# that forwards, often inside <noscript> beside a script that does the same): the `url=` of
# the `content` value that starts with the delay.
_META_REFRESH = lazy_pattern(r"""(<meta\b(?:[^<>"']|"[^"<>]*"|'[^'<>]*')*?\scontent\s*=\s*"""
                             r"""["']\s*\d+\s*;\s*url\s*=\s*)()([^"'\s<>]+)()""", re.I)
# A reference-style link definition: `[label]: /assets/pdf/paper.pdf "title"`.
_MD_REF = lazy_pattern(r"^( {0,3}\[[^\]\n]+\]:[ \t]*)(<?)([^\s<>]+)(>?)()", re.M)
_FENCED_CODE = r"^ {0,3}(`{3,}|~{3,})[^\n]*\n.*?(?:^ {0,3}\1[ \t]*$|\Z)"
_FENCED = lazy_pattern(_FENCED_CODE, re.S | re.M)
# Spans whose links are no links: HTML comments and fenced code blocks.
_NOT_LINKS = lazy_pattern(r"<!--.*?(?:-->|\Z)|" + _FENCED_CODE, re.S | re.M)
# A Liquid comment block (`{% comment %}...{% endcomment %}`): Jekyll renders nothing of it, so
# a text that Liquid renders shows none of the links inside (a nested block ends the span at
# its first end tag: the rest is read as before).
_LIQUID_COMMENT = lazy_pattern(r"\{%-?\s*comment\s*-?%\}.*?(?:\{%-?\s*endcomment\s*-?%\}|\Z)",
                               re.S)
_EXTERNAL = lazy_pattern(r"^(?:[a-z][a-z0-9+.-]*:|//|#|\{\{|\{%)", re.I)
# A host name written without a scheme (`www.example.org/x.aspx`, `example.org/page`).
_SCHEMELESS = lazy_pattern(r"^(?:www\d*\.[a-z0-9-]+(?:\.[a-z0-9-]+)*"
                           r"|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|edu|gov|io|ac\.[a-z]{2}|"
                           r"[a-z]{2}))(?::\d+)?(?:/|$)", re.I)
_FILE_SUFFIXES = {"md", "html", "htm", "pdf", "png", "jpg", "jpeg", "gif", "svg", "txt", "bib",
                  "zip", "js", "css", "py", "r", "ipynb", "doc", "docx", "ppt", "pptx", "mp4"}


def is_external(url: str) -> bool:
    """True for absolute URLs, mailto:, anchors and Liquid-built URLs."""
    return bool(_EXTERNAL().match(url))


def fenced_code(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the fenced code blocks of a Markdown text."""
    if "``" not in text and "~~" not in text:
        return []
    return [m.span() for m in _FENCED().finditer(text)]


def looks_like_host(url: str) -> bool:
    """True for a link to another site written without ``https://`` (``www.example.org/x``):
    its first segment is a host name, not a file of the site."""
    m = _SCHEMELESS().match(url)
    if not m:
        return False
    first = url.split("/", 1)[0]
    return first.lower().startswith("www.") or (
        "/" in url and first.rsplit(".", 1)[-1].lower() not in _FILE_SUFFIXES)


def wrapped_address(url: str) -> bool:
    """True for another site's address inside parentheses (`[code]((https://…))`): kramdown
    reads the parentheses as part of the link, a path of this site that leads nowhere."""
    return re.match(r"\(+\s*(?:https?:|mailto:)", url) is not None


def quoted_address(url: str) -> bool:
    """True for an address written inside quote marks (`[paper]("https://…/a.pdf")`): kramdown
    keeps the quotes as part of the address (`href="&quot;https://…&quot;"`), which a
    browser reads as a path of this site (`/page/%22https://…%22`) that leads nowhere."""
    return re.match(r"[\"'\u2018\u2019\u201c\u201d]", url) is not None


def climbs_out(url: str) -> bool:
    """True for a site path with a ``..`` segment (URLs of other sites are not checked)."""
    if is_external(url):
        return False
    return ".." in re.split(r"[/\\]", url.split("?")[0].split("#")[0])


_DOT_SEGMENT = re.compile(r"(?:^|/)\.\.?(?:/|$)")


def resolve(url: str, page_url: str) -> str:
    """A site-relative URL resolved against the URL of the page it appears on; a site path
    with `.` or `..` segments is the path a browser asks for (none above the root:
    `/../img/a.png` is `/img/a.png`, RFC 3986 5.2.4)."""
    if is_external(url) or (url.startswith("/") and not _DOT_SEGMENT.search(
            url.split("#")[0].split("?")[0])):
        return url
    base = "/" if url.startswith("/") else \
        page_url if page_url.endswith("/") else posixpath.dirname(page_url) + "/"
    path, sep, rest = url.partition("#")
    path, qsep, query = path.partition("?")
    joined = posixpath.normpath(posixpath.join(base or "/", path))
    if path.endswith("/") and not joined.endswith("/"):
        joined += "/"
    return joined + (qsep + query if qsep else "") + (sep + rest if sep else "")


def rewrite_links(body: str, fn: Callable[[str], str | None], liquid: bool = True) -> str:
    """Replace every Markdown link/image target (inline or a reference definition) and HTML
    href/src/poster/data-src (quoted or not), <object> data and a refresh's `url=` with
    ``fn(url)``, outside HTML comments and fenced code blocks, and (``liquid``: a text Jekyll
    renders with Liquid) outside Liquid comment blocks, which show nothing.

    ``fn`` returns the new URL or None to keep it. Text outside URLs is never changed.
    """
    def md(m: re.Match) -> str:
        new = fn(m.group(3))
        if new is None:
            return m.group(0)
        return m.group(1) + m.group(2) + new + m.group(4) + m.group(5)

    def attr(m: re.Match) -> str:
        new = fn(m.group(3))
        return m.group(0) if new is None else m.group(1) + m.group(2) + new + m.group(4)

    def links(text: str) -> str:
        text = _MD_REF().sub(md, _MD_LINK().sub(md, text))
        text = _META_REFRESH().sub(attr, _OBJECT_DATA().sub(attr, text))
        return _HTML_ATTR_BARE().sub(attr, _HTML_ATTR().sub(attr, text))

    if liquid and "comment" in body:
        out, pos = [], 0
        for m in _LIQUID_COMMENT().finditer(body):  # what Liquid drops is left as written
            out += [rewrite_links(body[pos:m.start()], fn, liquid=False), m.group()]
            pos = m.end()
        out.append(rewrite_links(body[pos:], fn, liquid=False))
        return "".join(out)
    out, pos = [], 0
    for m in _NOT_LINKS().finditer(body):  # links in comments and code blocks are left alone
        out += [links(body[pos:m.start()]), m.group()]
        pos = m.end()
    out.append(links(body[pos:]))
    return "".join(out)


# -- names --------------------------------------------------------------------------------

_TITLES = frozenset({"prof", "professor", "dr", "drs", "dr.-ing", "dipl.-ing", "pd", "mr",
                     "mrs", "ms", "mx", "sir", "dame", "pr", "dott", "dott.ssa", "dra", "mme",
                     "mlle"})
"""Academic and courtesy titles written before a name (`Prof.`, `Dr.`, `Dr.-Ing.`, `Dott.`,
`Mme`): no part of the person's name."""


def name_title(full: str) -> str:
    """The titles ``full`` starts with (`Prof. Dr.` of `Prof. Dr. Ada Lovelace`), or ''; a
    name is never all title."""
    words = full.split()
    n = 0
    while n < len(words) - 1 and words[n].lower().rstrip(".") in _TITLES:
        n += 1
    return " ".join(words[:n])


def split_name(full: str) -> tuple[str, str, str]:
    """"Ada B. C. Lovelace" -> ("Ada", "B. C.", "Lovelace"); one word -> ("", "", word); a
    title before the name (:func:`name_title`) is no first name: "Prof. Ada Lovelace" ->
    ("Ada", "", "Lovelace")."""
    words = full.split()[len(name_title(full).split()):]
    if not words:
        return "", "", ""
    if len(words) == 1:
        return "", "", words[0]
    return words[0], " ".join(words[1:-1]), words[-1]


_MARKS = lazy_pattern(r"(?<=[\w.>])(?:[*†‡§¶]|&(?:#822[45]|#x202[01]|[dD]agger|sect|para);)+"
                      r"|(?<![^\s,;(>])\*+(?=\w)|[\ufeff\u200b-\u200d]")


def without_marks(names: str) -> str:
    """A list of names without the marks around them that are no part of a name: equal
    contribution and affiliation marks (`Name*`, `Name†`, `Name‡`, as characters or HTML
    entities), Markdown bold (`**Name**`), a byte-order mark or zero-width space pasted in."""
    return _MARKS().sub("", names)


def slug(text: str, max_words: int = 6) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(words[:max_words])[:120].rstrip("-") or "item"  # a file name: bounded


# -- news sections ----------------------------------------------------------------------------

NEWS_TITLES = {"news", "recent news", "latest news", "updates", "announcements", "news & updates"}


@dataclass
class NewsExtraction:
    """What :func:`extract_news` took out of a body and what it left."""

    body: str
    """The body with the news section removed (or unchanged when nothing was extracted)."""
    items: list[Item]
    leftover: list[str]
    """Lines of the section that were not dated items; they stay in the body."""
    warnings: list[tuple[int, str]]
    titles: list[str] = field(default_factory=list)
    """The headings of the sections items were taken from, as written."""


def is_news_title(title: str, titles: set[str] | frozenset[str] = frozenset(NEWS_TITLES)) -> bool:
    """A section heading that is a News heading: one of ``titles``, or a short heading with
    the word "news" in it when ``titles`` has "news" ("News & Opportunities", "Lab news")."""
    t = normalize_title(title)
    return t in titles or ("news" in titles and bool(re.search(r"\bnews\b", t))
                           and len(t.split()) <= 5)


_BREAK = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
"""A Markdown thematic break (`---`): a line between sections, no text of the section."""


def extract_news(body: str, rel: str, first_line: int = 1,
                 titles: set[str] | frozenset[str] = frozenset(NEWS_TITLES),
                 bare_headings: tuple[str, ...] = (), whole: bool = False) -> NewsExtraction:
    """Find a News section of dated list items and turn each item into a news :class:`Item`.

    A line that starts a dated item may continue on indented lines. When every non-blank line
    is a dated item (or an empty list marker, or a thematic break that set the section off
    from the next), the whole section is removed from the body; otherwise only the dated
    items are removed and the rest of the section stays. With
    ``whole``, the whole body is the section (a page that is a news list).
    """
    from .sections import Section
    sections = ([Section("news", 2, "", "", body, 1)] if whole
                else split_sections(body, bare_headings))
    items: list[Item] = []
    titles_used: list[str] = []
    leftover: list[str] = []
    warnings: list[tuple[int, str]] = []
    out = []
    for sec in sections:
        if not sec.title or not is_news_title(sec.title, titles):
            out.append(sec.heading + sec.body)
            continue
        before = len(items)
        line_no = first_line + sec.line  # body lines after the heading (setext: see below)
        line_no += sec.heading.count("\n") - 1
        kept: list[str] = []
        current: Item | None = None
        month_first = month_first_list(sec.body.split("\n"))
        for offset, raw in enumerate(sec.body.split("\n")):
            here = line_no + offset
            parsed = split_dated_line(raw, month_first)
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
        if len(items) > before and sec.title:
            titles_used.append(sec.title.strip())
        if any(k.strip() for k in kept) and not (
                len(items) > before and all(_BREAK.match(k) for k in kept if k.strip())):
            leftover += [k for k in kept if k.strip()]
            out.append(sec.heading + "\n".join(kept))
        elif not items:
            out.append(sec.heading + sec.body)
    return NewsExtraction("".join(out), items, leftover, warnings, titles_used)


def words_html(text: str) -> str:
    """Markdown ``text`` as the HTML its emphasis, code and links make, its words and its
    own HTML as written (not escaped again: a text already meant for an HTML page)."""
    import mistune

    class Words(mistune.HTMLRenderer):
        def text(self, text: str) -> str:
            return text

    return str(mistune.create_markdown(renderer=Words(escape=False))(text))
