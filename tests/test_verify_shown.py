"""What `sitemigrate verify` asks of a built site's text, answered from its index
(sitemigrate.verify.shown.TextIndex) exactly as the plain definitions answer it: a text is
in the site's text (`in`, parts of words at its ends too), the first page that has it, a
paragraph is shown (90% of its five-word runs, or in the text, or 95% of its longer words
on one page); what the built pages' visible text is (sitemigrate.verify.text) and where
they link files (sitemigrate.verify.site)."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from sitemigrate.verify.compare import _in_order
from sitemigrate.verify.shown import TextIndex
from sitemigrate.verify.site import _QUOTED_FILE, quoted_files
from sitemigrate.verify.text import _DROP, elements, visible_words

WORDS = ["tide", "tides", "harbour", "moor", "at", "night", "boats", "ada", "of", "small"]
"""Few words, so that texts made of them are often (partly) in pages made of them."""

line = st.lists(st.sampled_from(WORDS), max_size=30).map(" ".join)
site = st.lists(line, min_size=1, max_size=6).map(lambda ls: {f"p{i}.html": t for i, t in
                                                             enumerate(ls)})
needle = st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(" ".join)


def piece(pages: dict[str, str], data: st.DataObject) -> str:
    """A stretch of a page's text, cut anywhere (so its ends may be parts of words)."""
    text = data.draw(st.sampled_from(list(pages.values())))
    start = data.draw(st.integers(0, len(text)))
    return text[start:data.draw(st.integers(start, len(text)))].strip()


def shown_by_definition(paragraph: str, pages: dict[str, str]) -> bool:
    def runs(words: list[str]) -> set[tuple[str, ...]]:
        return set(zip(words, words[1:], words[2:], words[3:], words[4:], strict=False))

    words = paragraph.split()
    own = list(zip(words, words[1:], words[2:], words[3:], words[4:], strict=False))
    grams = set().union(*(runs(t.split()) for t in pages.values()))
    if own and sum(r in grams for r in own) >= 0.9 * len(own):
        return True
    if paragraph in "\n".join(pages.values()):
        return True
    long_words = {w for w in words if len(w) >= 4}
    return bool(long_words) and any(
        len(long_words & set(t.split())) >= 0.95 * len(long_words) for t in pages.values())


@settings(max_examples=300, deadline=None)
@given(site, needle, st.data())
def test_the_index_answers_as_the_plain_definitions(pages, text, data):
    index = TextIndex(pages)
    for t in (text, piece(pages, data)):
        assert index.has(t) == (t in "\n".join(pages.values())), t
        first = next((name for name, page in pages.items() if t in page), None)
        assert index.page_of(t) == first, t
        assert index.shows(t) == shown_by_definition(t, pages), t


def test_a_text_whose_ends_are_parts_of_words_is_in_the_text():
    index = TextIndex({"a.html": "the harbours of small boats moored at night",
                       "b.html": "ada measures tides"})
    # `arbours ... moor`: the first and the last word are parts of words of the page
    assert index.has("arbours of small boats moor")
    assert index.page_of("arbours of small boats moor") == "a.html"
    assert index.page_of("sures tid") == "b.html"
    assert not index.has("harbours of small ships moored")  # an inner word no page has
    assert not index.has("boats moored at night ada")  # across two pages


def test_a_cv_entry_laid_out_as_a_table_is_shown_by_its_words_on_one_page():
    entry = "master of tidal studies university of the northern harbours"
    table = "2019 master tidal studies northern harbours university 2021"
    assert TextIndex({"cv.html": table, "x.html": "boats"}).shows(entry)
    # the same words over two pages: not one page that shows the entry
    split = {"cv.html": "2019 master tidal studies", "b.html": "northern harbours university"}
    assert not TextIndex(split).shows(entry)
    assert not TextIndex({"cv.html": table}).shows(entry, by_words=False)


def test_listed_titles_are_found_in_any_order():
    text = "papers tidal clocks moorings at night harbour tides"
    titles = ["harbour tides", "tidal clocks", "moorings at night", "lost title", "papers"]
    assert _in_order(titles, text) == {"harbour tides", "tidal clocks", "moorings at night",
                                       "papers"}


def test_visible_words_leave_out_what_a_browser_does_not_show():
    html = ("<HTML><Head><title>Site title</title><style>p < b { color: red }</style></HEAD>"
            "<body><script>if (a < b && c > d) { x = '</scrip' }</SCRIPT >"
            "<p>Ada&nbsp;studies <b>tides</b></p><!-- a note -- with dashes --->"
            "<svg><text>chart</text></svg><p>at\n\n   night</p></body></HTML>")
    assert visible_words(html) == "ada studies tides at night"


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(['<a href="', "'", '"', "#", "?", " ", ">", "<", "src=", "x",
                                 "/f", ".", ".pdf", ".PNG", ".jpeg", ".tif", "f", "<!--"]),
                max_size=40).map("".join))
def test_quoted_files_are_the_patterns_matches_where_read(text):
    """Only the stretches between two `<` where a file's address can end are read: the
    same matches as reading the whole page."""
    assert [m.span(1) for m in quoted_files(text)] == [
        m.span(1) for m in _QUOTED_FILE.finditer(text)]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["<script>", "</script>", "</SCRIPT >", "</script", "<svg x>",
                                 "</svg>", "<Head>", "</head>", "<nav>", "</nav>", "<!--", "-->",
                                 "--", "-", ">", "<", "</", "/", "a", " ", "<p>", "\n"]),
                max_size=30).map("".join))
@example("<script>a</SCRIPT >b</script>c<!-- x --->-->")
def test_hidden_elements_end_where_a_lazy_pattern_ends_them(html):
    """The patterns read `[^<]*` runs: the same matches as a lazy `.*?` to the end tag."""
    lazy = re.compile(r"(?is)<(script|style|svg|head|noscript)\b.*?</\1\s*>|<!--.*?-->")
    assert _DROP.sub(" ", html) == lazy.sub(" ", html)
    lazy_chrome = re.compile(r"(?is)<(nav|header|footer|h1)\b.*?</\1\s*>")
    assert re.compile(elements("nav|header|footer|h1"), re.I).sub(" ", html) == lazy_chrome.sub(
        " ", html)


def test_an_accent_composed_or_combined_is_the_same_text():
    """`e` and a combining acute accent (as an owner typed it) is the `é` a BibTeX filter
    writes: the same title to a visitor, so the same text to the comparison."""
    from sitemigrate.verify.text import norm
    assert norm("Atmosphe\u0301ries and the poetics") == norm("Atmosph\u00e9ries and the poetics")
