"""`verify` names markup debris the new site shows: the tail of a tag that a value printed
unescaped inside an attribute broke open (`">` at the top of a page)."""

from __future__ import annotations

from pathlib import Path

from sitemigrate.report import Report
from sitemigrate.verify import BuiltSite, compare, record
from sitemigrate.verify.debris import fragments

HEAD = '<meta name="description" content="{}">'
BIO = 'Ferns at the <a href="https://example.org/moss">Moss Lab, Univ. of Elsewhere</a>'


def built(root: Path, head: str, body: str, pages: tuple[str, ...] = ("index.html",)
          ) -> BuiltSite:
    for rel in pages:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<!DOCTYPE html><html><head><title>Ann's \"notes\"></title>{head}"
                        f"</head><body><main>{body}</main></body></html>", "utf-8")
    return BuiltSite(root)


def test_a_value_that_broke_its_attribute_open_shows_its_tail(tmp_path):
    """The description holds a link: printed into `content="…"` unescaped, the tag ends at
    the link's `>`, and the link's text and the tag's own `">` show on every page. Named
    once, with its pages; the same value escaped (`&quot;`), or kept whole by its quotes
    (a `>` inside a quoted value), is no debris."""
    pages = ("index.html", "talks/index.html", "cv/index.html")
    body = "<p>I study ferns.</p>"
    old = built(tmp_path / "old", HEAD.format(BIO.replace('"', "&quot;")), body, pages)
    new = built(tmp_path / "new", HEAD.format(BIO), body, pages)
    result = compare(old, new, tmp_path / "src")
    assert result.debris == [('Moss Lab, Univ. of Elsewhere">', sorted(pages, key=len))]
    report = Report()
    record(result, report)
    found = [f for f in report.findings if f.code == "verify-debris"]
    assert len(found) == 1 and found[0].severity == "warning"
    assert found[0].message.startswith("`/` and 2 more pages show the text "
                                       "`Moss Lab, Univ. of Elsewhere\">`")
    kept = built(tmp_path / "kept", '<meta name="x" content="a > b" data-y=\'c">d\'>', body)
    assert compare(old, kept, tmp_path / "src").debris == []


def test_written_text_is_no_debris_nor_what_the_old_site_showed_too(tmp_path):
    """Prose with quotes and `&gt;`, a quote then `>` inside a script, a comment or the
    tab's title, is no debris; a fragment the old site showed as well is nothing new."""
    assert fragments('<p>She said "go" &gt; "stay"; x\' &gt; y</p><script>a="<b>";b=\'">\''
                     '</script><!-- "> --><code>&lt;a href="x"&gt;</code>') == []
    assert fragments('<img alt="a"/> " />tail<br>') == ['" />tail']
    old = built(tmp_path / "old", HEAD.format(BIO), "<p>Ferns.</p>")
    new = built(tmp_path / "new", HEAD.format(BIO), "<p>Ferns!</p>")
    assert compare(old, new, tmp_path / "src").debris == []
