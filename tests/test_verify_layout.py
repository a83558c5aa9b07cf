"""A page the old site laid out (a whole HTML document: its `<head>`, styles and menu) that
the new site serves as its bare text (Jekyll renders a document with no layout as its text
alone) is a loss `verify` names, at the page's address. Invented people."""

from __future__ import annotations

from sitemigrate.report import Report
from sitemigrate.verify import BuiltSite, compare, record

NOTE = "<p>Marram grass holds the dune against the winter storms.</p>"


def laid_out(root, rel, body=NOTE):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("<!doctype html><html><head><title>Ines</title></head><body>"
                    f"<nav><a href=\"/\">About</a></nav>{body}</body></html>\n")


def test_a_page_served_without_its_layout_is_a_loss(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    for root in (old, new):
        laid_out(root, "index.html", "<p>Ines maps the dunes of windy coasts.</p>")
        laid_out(root, "fieldnotes/tides/index.html")
    laid_out(old, "fieldnotes/dunes/index.html")
    bare = new / "fieldnotes/dunes/index.html"
    bare.parent.mkdir(parents=True)
    bare.write_text(NOTE + "\n")  # the same text: no paragraph is missing
    result = compare(BuiltSite(old), BuiltSite(new), tmp_path / "src")
    assert result.missing_paragraphs == [] and result.bare == ["/fieldnotes/dunes/"]
    report = Report()
    record(result, report)
    [finding] = [f for f in report.findings if f.code == "verify-layout"]
    assert finding.severity == "loss" and "`/fieldnotes/dunes/` is laid out on the old " \
        "site and bare on the new one" in finding.message
