"""The shared normalisation (sitemigrate.normalize): what page bodies hold is read into the
IR once after reading, so that writers only render."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import sitemigrate
from sitemigrate.formats import cvmarkdown, sections
from sitemigrate.formats.sections import headings
from sitemigrate.ir import CV, CVSection, Page, Site
from sitemigrate.normalize import normalize


def test_read_site_reads_news_and_cv_of_page_bodies(academicpages_site):
    site = sitemigrate.read_site(academicpages_site)
    about, cv = site.page("about"), site.page("cv")
    assert about.news is not None and about.news.items and not about.news.whole
    assert about.news.headings == ["News"]
    assert all(i.origin and i.origin.path == about.path and i.origin.line for i in about.news.items)
    assert about.news.rest.strip() and about.news.rest != about.body
    assert cv.cv is not None and set(cv.cv.data) == {s.title for s in site.cv.sections}
    assert set(cv.cv.shown) == set(cv.cv.data)
    assert not cvmarkdown.parse(cv.cv.prose).sections  # what stays is no CV data
    assert site.page("publications").news is None and site.page("publications").cv is None


def test_news_page_and_a_site_built_by_hand():
    body = "Intro.\n\n- 2024-05-01: Paper accepted.\n- 2023-01-10: Joined the lab.\n"
    md = "## Education\n\n* PhD, Some University, 2019\n"
    site = Site(pages=[Page("_pages/news.md", role="news", permalink="/news/", body=body),
                       Page("_pages/cv.md", role="cv", permalink="/cv/",
                            body="Some prose.\n\n## Talks\n\nText.\n\n" + md)],
                cv=CV([CVSection("Education"), CVSection("Talks"), CVSection("Awards")]))
    normalize(site)
    news, cv = site.pages[0].news, site.pages[1].cv
    assert news.whole and [i.date for i in news.items] == ["2024-05-01", "2023-01-10"]
    assert news.rest.strip() == "Intro."
    assert cv.data == ["Education"] and cv.shown == ["Education", "Talks"]
    assert "PhD" not in cv.prose and "Some prose." in cv.prose and "## Talks" in cv.prose
    site.pages[1].cv.shown = ["Awards"]
    normalize(site, only_unset=True)  # what is read stays as it is
    assert site.pages[1].cv.shown == ["Awards"]


def test_headings_are_mistunes():
    text = "# C#\n\n```\n# not a heading\n```\n\nTitle\n=====\n\n#\nFoo\n"
    assert [(h.line, h.style, h.title) for h in headings(text)] == [
        (0, "atx", "C#"), (6, "setext", "Title"), (9, "atx", "")]
    cv = "Skills\n===\n* Python\n\nTools\n===\n* Make\n\n```\n# shell\n```\n"
    # the comment in the code block is no section: the block is part of Tools, which is then
    # more than bullets (stays text)
    assert [s.title for s in cvmarkdown.parse(cv).sections] == ["Skills"]


def _mistune_offsets(text: str) -> dict[int, tuple[str, int]]:
    """heading_offsets without its no-candidate shortcut: mistune on every text."""
    from mistune.core import BlockState
    state = BlockState()
    found: dict[int, tuple[str, int]] = {}
    state.env["headings"] = found
    src = text.replace("\r", " ")
    state.process(src if src.endswith("\n") else src + "\n")
    sections._parser().parse(state, sections._RULES)
    return found


# lines made of what headings, code and quotes are made of, so that most texts have a
# heading-like line somewhere, and many a near miss (four spaces, a tab, a CR before `#`)
_PIECES = st.sampled_from(["#", "##", "=", "-", "===", "---", " ", "   ", "    ", "\t", "\r",
                           "word", "```", "~~~", ">", "*", "<div>", "\\#", "a#b"])
_TEXTS = st.lists(st.lists(_PIECES, max_size=5).map("".join), max_size=8).map("\n".join)


@settings(max_examples=600, deadline=None)
@given(_TEXTS)
def test_heading_offsets_shortcut_is_mistunes_answer(text):
    assert sections.heading_offsets(text) == _mistune_offsets(text)


def test_a_body_without_heading_lines_has_no_headings_and_one_section():
    text = "Prose with a # inside,\n    # indented code\n\ttabbed # too\r# after CR\n"
    assert headings(text) == [] and len(sections.split_sections(text)) == 1
    assert [h.title for h in headings("Prose.\n\n## News\n")] == ["News"]
