"""Issue 32, output that becomes live: nothing of SRC turns into a script in DEST or in the
reports. Menu entries, redirects and links are only web addresses, mailto or site paths;
text a source showed as text (`&lt;script&gt;`) stays text; a value quoted into the Markdown
report cannot leave its code span. The people and sites are invented."""

from __future__ import annotations

import shutil

import mistune
import pytest

from conftest import FIXTURES
from sitemigrate.api import convert
from sitemigrate.inert import decode_entities, is_safe
from sitemigrate.report import Report

EVIL_PAGE = ("---\nlayout: page\ntitle: evil\npermalink: \"javascript:alert('http')\"\n"
             "nav: true\n---\nRowan's page.\n")


@pytest.mark.parametrize("url", [
    "javascript:alert(1)", "JavaScript:alert(1)", "  javascript:alert(1)", "java\tscript:x",
    "&#106;avascript:alert(1)", "&#x6A;avascript:x", "&amp;#106;avascript:x", "data:text/html,x",
    "vbscript:msgbox", "\x01javascript:x", "jav&#x09;ascript:x",
])
def test_script_addresses_are_not_safe(url):
    assert not is_safe(url)


@pytest.mark.parametrize("url", [
    "https://example.org/a?b=javascript:x", "http://example.org", "mailto:rowan@example.org",
    "/about/", "about/", "#top", "", "//example.org/x", "{{ site.baseurl }}/x",
])
def test_web_addresses_and_site_paths_are_safe(url):
    assert is_safe(url)


@pytest.mark.parametrize("to", ["academicpages", "al-folio"])
def test_a_javascript_permalink_becomes_no_menu_entry(tmp_path, to):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/evil.md").write_text(EVIL_PAGE)
    plan = convert(src, tmp_path / "dest", to=to, from_="al-folio")
    everything = b"".join(plan.files.values()).decode("utf-8", "replace").lower()
    assert "javascript:" not in everything
    found = [f for f in plan.report.findings if f.code == "unsafe-link"]
    assert found and all(f.severity == "loss" for f in found)
    assert any(f.path == "_pages/evil.md" for f in found)


def test_escaped_text_of_a_saved_homepage_stays_text(tmp_path):
    page = tmp_path / "index.html"
    page.write_text("<html><head><title>Rowan Testwell</title></head><body><h1>Rowan "
                    "Testwell</h1><p>I study &lt;script&gt;alert(1)&lt;/script&gt; lichens "
                    "and &lt;img src=x onerror=alert(2)&gt; too.</p>"
                    "<p>Code: <code>&lt;b&gt;</code></p></body></html>")
    plan = convert(page, tmp_path / "dest", to="al-folio", from_="html")
    about = plan.files["_pages/about.md"].decode()
    assert "lichens" in about
    assert "<script" not in about and "<img" not in about
    html = mistune.html(about.split("---", 2)[2])
    assert "<script" not in html and "<img" not in html and "&lt;script&gt;" in html
    assert "`<b>`" in about  # code shows its text as written


def test_escaped_markup_of_a_publication_is_not_decoded_into_the_bib(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    pub = next((src / "_publications").glob("*.md"))
    text = pub.read_text().splitlines(keepends=True)
    text = [("title: \"Corridors &lt;img src=x onerror=alert(1)&gt; &amp; Hedges\"\n"
             if line.startswith("title:") else
             "venue: 'J &lt;script&gt;x&lt;/script&gt; Ecology'\n"
             if line.startswith("venue:") else line) for line in text]
    pub.write_text("".join(text))
    plan = convert(src, tmp_path / "dest", to="al-folio", from_="academicpages")
    bib = b"".join(v for k, v in plan.files.items() if k.endswith(".bib")).decode()
    assert "Corridors &lt;img src=x onerror=alert(1)&gt; & Hedges" in bib  # & is text
    assert "<img" not in bib and "<script" not in bib


def test_decode_entities_keeps_markup_written_as_markup():
    assert decode_entities("On <i>E. coli</i> &amp; &quot;x&quot;") == 'On <i>E. coli</i> & "x"'
    assert decode_entities("&lt;b&gt; &#60;i&#62; &LT;") == "&lt;b&gt; &#60;i&#62; &LT;"


def test_values_in_the_markdown_report_stay_in_their_code_spans():
    report = Report(source_theme="al-folio", target_theme="academicpages")
    report.problem("x", "link `a`![i](https://evil.example/i.png)` and `b`[c](javascript:x) "
                   "<img src=x onerror=alert(1)> `<script>`", "p`![i](https://e.example/i.png)`.md")
    report.problem("y", "file `a|b` <b>bold</b> and [t](https://e.example).", "a|b\n![i](x).md")
    html = mistune.create_markdown(plugins=["table"])(report.to_markdown())
    for live in ("<img", "<a ", "<script", "<b>"):
        assert live not in html
    assert html.count("<tr>") == 3  # the header and one row each: no cell broke its row


def test_the_summary_keeps_each_findings_advice_at_80_columns():
    """Issue 32: quoted values are cut, never the advice (a long message used to be cut at
    220 characters, and a terminal line at its width, advice and all)."""
    import re

    from sitemigrate.report import fit, overview
    report = Report()
    advice = ("put this text there if you want it, or copy the whole block into the theme's "
              "footer include by hand, then run the conversion again and check the result "
              "in a local Jekyll build before you commit it to your repository; see the "
              "report for every place.")
    report.problem("footer", f"`footer_text` has no key `{'x' * 300}`; {advice}", "_config.yml")
    report.problem("footer2", f"`{'y' * 90}` and `{'z' * 90}`: {advice}", "_config.yml")
    lines = [part for line in overview(report.findings) for part in fit(line, 80)]
    assert max(map(len, lines)) <= 80
    shown = " ".join(" ".join(lines).split())
    for word in advice.split():
        assert shown.count(word) >= 2, word
    assert not re.search(r"x{61}|y{61}", shown)  # the values were cut
