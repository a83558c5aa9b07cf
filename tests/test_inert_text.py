"""Issue 31 / the bad-input rules: one rule for every link in text carried from SRC
(sitemigrate.inert_text). A page body, an owner's layout part or include, an upgraded page:
an address that is not http(s), mailto or a site path is not written, its words are, and a
finding names the SRC file and line; everything else stays byte for byte, and the target
template's own links are left alone. The people and sites are invented."""

from __future__ import annotations

import shutil

import pytest
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st
from test_upgrade import new_checkout, old_site

import sitemigrate
from sitemigrate.api import convert
from sitemigrate.inert import is_safe
from sitemigrate.inert_text import defuse, defuse_plan
from sitemigrate.plan import Plan


@pytest.mark.parametrize(("text", "markdown", "written", "dropped"), [
    ('<p>See <a href="javascript:alert(1)" class="x">my notes</a>.</p>', False,
     '<p>See <a class="x">my notes</a>.</p>', "javascript:alert(1)"),
    ("See [my notes](javascript:alert(1)) here.", True, "See my notes here.",
     "javascript:alert(1)"),
    ('<iframe src="data:text/html,<b>hi</b>" width="300"></iframe>', True,
     '<iframe width="300"></iframe>', "data:text/html,<b>hi</b>"),
    ('<a href="jav&#x61;script:alert(1)">notes</a>', True, "<a>notes</a>",
     "jav&#x61;script:alert(1)"),
    # the colon written as a character reference, and no other colon in the text
    ('<a href="javascript&#58;alert(1)">notes</a>', False, "<a>notes</a>",
     "javascript&#58;alert(1)"),
    ("See [my notes](javascript&colon;alert(1)).", True, "See my notes.",
     "javascript&colon;alert(1)"),
    ('<a HREF="  JaVaScRiPt:alert(1)">notes</a>', False, "<a>notes</a>",
     "  JaVaScRiPt:alert(1)"),
    ("[x]( JAVASCRIPT:alert(1) 'a title')", True, "x", "JAVASCRIPT:alert(1)"),
    ('Call <a href="tel:+15550100">the lab</a> or [me](tel:+15550101).', True,
     "Call <a>the lab</a> or me.", "tel:+15550100"),
    ("![a lichen](data:image/png;base64,AAAA)", True, "a lichen", "data:image/png;base64,AAAA"),
    ('<img srcset="a.png 1x, javascript:x 2x" src="a.png" alt="moss">', False,
     '<img src="a.png" alt="moss">', "javascript:x"),
    ('<form action="javascript:go()"><button formaction=javascript:b()>Go</button></form>',
     False, "<form><button>Go</button></form>", "javascript:go()"),
    ('<object data="javascript:x"></object><video poster="file:///p.png"></video>', False,
     "<object></object><video></video>", "javascript:x"),
    ('<svg><a xlink:href="javascript:x">s</a></svg>', False, "<svg><a>s</a></svg>",
     "javascript:x"),
    ("Read <javascript:alert(1)> now.", True, "Read javascript:alert(1) now.",
     "javascript:alert(1)"),
    ("A \\![b](javascript:y) c", True, "A \\!b c", "javascript:y"),  # `!` escaped: a link
    ("Read [the paper][p] and [p].\n\n[p]: ftp://example.org/p.pdf \"Paper\"\n[q]: /q/\n",
     True, "Read the paper and p.\n\n[q]: /q/\n", "ftp://example.org/p.pdf"),
])
def test_an_unsafe_address_goes_and_its_words_stay(text, markdown, written, dropped):
    out, found = defuse(text, markdown)
    assert out == written
    assert dropped in [url for _, url in found]
    assert all(not is_safe(url) for _, url in found)


@pytest.mark.parametrize(("text", "markdown"), [
    ("<script>var a = '<a href=\"javascript:x\">';</script>", False),  # no link: a script
    ('<!-- <a href="javascript:x">old</a> -->', True),  # a comment shows nothing
    ('Write `<a href="javascript:x">` or\n\n```\n[a](javascript:b)\n```\n', True),  # code
    ("Run\n\n~~~\n<a href='javascript:x'>a</a> [b](javascript:y)\n~~~\n", True),  # no backtick
    ('<a href="javascript:x', False),  # a tag never closed: a browser drops it
    ("<a href=javascript", False), ("<", True), ("[a](", True), ("<a b='", False),
    ("<p data=\"javascript:x\" title='javascript:y'>words</p>", False),  # no address
    ("[a](javascript:x)", False),  # an .html file: no Markdown
    ("\\[a](javascript:x)", True),  # an escaped bracket: no link
])
def test_what_is_no_link_stays_as_written(text, markdown):
    assert defuse(text, markdown) == (text, [])


def test_only_an_image_keeps_its_picture_as_a_file():
    png = "data:image/png;base64,AAAA"
    out, dropped = defuse(f"[a]({png}) ![b]({png}) [![c]({png})]({png})", True,
                          lambda url, text, at: "/p.png")
    assert out == "a ![b](/p.png) ![c](/p.png)" and [u for _, u in dropped] == [png, png]


def test_bad_input_never_crashes_and_unquoted_attributes_are_read():
    text = "<p <a href=javascript:x>one</a> <img src=data:x,y alt=two <b>three</b>\n<div"
    out, found = defuse(text, True)
    assert [url for _, url in found] == ["javascript:x", "data:x,y"]
    assert "one" in out and "alt=two" in out and "three" in out and "javascript" not in out


def test_lines_are_where_each_address_is():
    _, found = defuse("a\n<a href='javascript:x'>b</a>\n\n[c](tel:1)\n", True)
    assert found == [(2, "javascript:x"), (4, "tel:1")]


_SAFE_URLS = st.sampled_from(["https://example.org/a?b=javascript:x", "/about/", "#top",
                              "mailto:rowan@example.org", "{{ site.baseurl }}/x", "notes.pdf",
                              "HTTP://EXAMPLE.ORG", "&#104;ttps://example.org", ""])
_WORDS = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@st.composite
def _safe_text(draw):
    parts = []
    for _ in range(draw(st.integers(0, 6))):
        url, words = draw(_SAFE_URLS), draw(_WORDS)
        parts.append(draw(st.sampled_from([
            f'<a href="{url}" class=x>{words}</a>', f"[{words}]({url})", f"![{words}]({url})",
            f"<img src='{url}' alt=\"{words}\">", f"\n[{words}]: {url}\n", f"<{url}>",
            f'{{% if a %}}<a href={url or "x"}>{words}</a>{{% endif %}}', words])))
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(_safe_text(), st.booleans())
def test_a_text_of_safe_links_is_written_byte_for_byte(text, markdown):
    out, found = defuse(text, markdown)
    assert out == text and not found


UNSAFE_PAGE = ("---\nlayout: page\ntitle: notes\npermalink: /notes/\n---\n"
               "Rowan keeps [field notes](javascript:alert(1)) and\n"
               '<a href="jav&#x61;script:alert(2)" class="n">older notes</a>.\n\n'
               '<iframe src="data:text/html,<b>x</b>"></iframe>\n'
               '<a href=" JAVASCRIPT:alert(3)">third</a> [call](tel:+15550100)\n')
SAFE_PAGE = ("---\nlayout: page\ntitle: links\npermalink: /links/\n---\n"
             "My [papers](/publications/) and <a href='https://example.org/x?y=1&amp;z'"
             " data-x=1 >site</a>\n<a href=\"#top\">top</a> {{ site.baseurl }}\n")


def _body(text: str) -> str:
    return text.split("---\n", 2)[2]


SWITCHES = [("al-folio-site", "al-folio", "academicpages"),
            ("academicpages-site", "academicpages", "al-folio")]


def switched(tmp_path, fixture: str, theme: str, to: str, pages: dict[str, str]) -> Plan:
    """The plan of a theme switch of ``fixture`` with ``pages`` (path -> text) added."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / fixture, src)
    for rel, text in pages.items():
        (src / rel).write_text(text)
    return convert(src, tmp_path / "dest", to=to, from_=theme)


@pytest.mark.parametrize(("fixture", "theme", "to"), SWITCHES)
def test_a_theme_switch_writes_no_unsafe_link_of_a_page_body(tmp_path, fixture, theme, to):
    folder = "_pages"
    plan = switched(tmp_path, fixture, theme, to,
                    {f"{folder}/notes.md": UNSAFE_PAGE, f"{folder}/links.md": SAFE_PAGE})
    notes = next(v.decode() for k, v in plan.files.items() if k.endswith("notes.md"))
    assert "script:" not in notes.lower() and "data:" not in notes and "tel:" not in notes
    for words in ("field notes", "older notes", "third", "call", 'class="n"'):
        assert words in notes
    links = next(v.decode() for k, v in plan.files.items() if k.endswith("links.md"))
    assert _body(links) == _body(SAFE_PAGE)
    found = sorted((f.line, f.message) for f in plan.report.findings
                   if f.code == "unsafe-link" and f.path == f"{folder}/notes.md")
    assert [line for line, _ in found] == [6, 7, 9, 10, 10]
    assert all(f.severity == "loss" for f in plan.report.findings if f.code == "unsafe-link")
    assert "tel:+15550100" in found[-1][1] or "tel:+15550100" in found[-2][1]


def test_an_upgrade_writes_no_unsafe_link_of_the_owners_pages(tmp_path):
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    (src / "_pages/notes.md").write_text(UNSAFE_PAGE)
    plan = sitemigrate.convert(src, dest, to="al-folio")
    notes = plan.files["_pages/notes.md"].decode()
    assert "script:" not in notes.lower() and "older notes" in notes
    assert any(f.code == "unsafe-link" and f.path == "_pages/notes.md" and f.line == 6
               for f in plan.report.findings)


def test_the_templates_own_links_stay(tmp_path):
    dest = tmp_path / "dest"
    (dest / "_includes").mkdir(parents=True)
    theirs = '<a href="javascript:void(0)" id="toggle">menu</a>\n'
    (dest / "_includes/header.liquid").write_text(theirs)
    plan = Plan(dest=dest)
    plan.write("_includes/header.liquid", theirs + '<a href="javascript:owner()">x</a>\n')
    defuse_plan(plan)
    assert plan.files["_includes/header.liquid"].decode() == theirs + "<a>x</a>\n"
    assert [f.code for f in plan.report.findings] == ["unsafe-link"]


def test_a_part_of_the_owners_layout_written_into_a_page_has_no_unsafe_link(tmp_path):
    """What the owner's changed copy of the about layout adds to the home page
    (``ownlayouts.with_layout_own``) is carried text too."""
    from test_unseen_site_rules import ABOUT_LAYOUT, _alfolio
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.liquid").write_text(ABOUT_LAYOUT.replace(
        "    {% if page.selected_works %}",
        "    <h2>Funded by the tides</h2>\n"
        "    <p><a href=\"javascript:tides()\">Harbour Fund</a></p>\n"
        "    {% if page.selected_works %}", 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    home = plan.files["_pages/about.md"].decode()
    assert "<p><a>Harbour Fund</a></p>" in home and "javascript" not in home
    assert any(f.code == "unsafe-link" and f.path == "_layouts/about.liquid" and f.line
               for f in plan.report.findings)


@pytest.mark.parametrize(("link", "hint"), [
    ("maito:ada@example.org", "did you mean `mailto:`?"),
    ("htps://example.org/talk", "did you mean `https:`?"),
    ("javascript:void(0)", None),
    ("tel:+15550100", None),
])
def test_a_link_whose_scheme_is_a_slip_of_a_safe_one_says_what_was_meant(link, hint):
    """`maito:` is no mailto link, so it is not written; the finding says what the owner
    meant, so the fix is one edit. A scheme that is no slip (`javascript:`) gets no hint."""
    from sitemigrate.inert import tell_unsafe
    from sitemigrate.report import Report
    report = Report()
    tell_unsafe(report, link, "_pages/about.md", 3)
    (found,) = report.findings
    assert (found.line, link in found.message) == (3, True)
    assert (hint in found.message) if hint else "did you mean" not in found.message
