"""Bad input: each case gets a `path:line` finding, and the rest of the site still converts."""

from __future__ import annotations

import os
import shutil

import pytest

import sitemigrate

from conftest import tree_digest

GOOD = "---\ntitle: Good\npermalink: /good/\n---\nThis page is fine.\n"

# name -> (file bytes, expected finding code, expected line or None)
CASES = {
    "broken-yaml.md": (b"---\ntitle: [unclosed\npermalink: /x/\n---\nbody\n", "bad-yaml", 3),
    "unclosed.md": (b"---\ntitle: no end\nbody text\n", "unclosed-front-matter", 1),
    "latin1.md": ("---\ntitle: Caf\u00e9\n---\nna\u00efve text\n".encode("cp1252"),
                  "encoding", 2),
    "binary.md": (b"---\ntitle: x\n---\n\x00\x01\x02", "binary-file", None),
    "string-redirects.md": (b"---\ntitle: R\npermalink: /r/\nredirect_from: /old-r/\n---\nr\n",
                            "wrong-type", 4),
    "dup-keys.md": (b"---\ntitle: A\ntitle: B\n---\nx\n", "bad-yaml", 3),
    "tabs.md": (b"---\ntitle: T\n\tpermalink: /t/\n---\nx\n", "bad-yaml", 3),
}


def make_site(root):
    (root / "_pages").mkdir(parents=True)
    (root / "_config.yml").write_text('title: "T"\nname: "Tess Case"\nauthor:\n  name: "Tess Case"\n'
                                      "publication_category: {}\n")
    (root / "_pages/good.md").write_text(GOOD)
    for name, (data, _, _) in CASES.items():
        (root / "_pages" / name).write_bytes(data)


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_bad_file_is_reported_and_the_rest_converts(name, tmp_path):
    src = tmp_path / "src"
    make_site(src)
    before = tree_digest(src)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio", from_="academicpages")
    plan.apply()
    _, code, line = CASES[name]
    hits = [f for f in plan.report.findings if f.path == f"_pages/{name}" and f.code == code]
    assert hits, [(f.code, f.path) for f in plan.report.findings]
    assert hits[0].line == line and hits[0].message
    assert "This page is fine." in (tmp_path / "out/_pages/good.md").read_text()
    assert tree_digest(src) == before


def test_crlf_and_bom_are_kept_per_file(tmp_path):
    src = tmp_path / "src"
    make_site(src)
    (src / "_pages/crlf.md").write_bytes(b"\xef\xbb\xbf---\r\ntitle: C\r\npermalink: /c/\r\n---\r\n"
                                         b"line one\r\nline two\r\n")
    sitemigrate.convert(src, tmp_path / "out", to="al-folio", from_="academicpages").apply()
    out = (tmp_path / "out/_pages/crlf.md").read_bytes()
    assert b"line one\r\nline two\r\n" in out and b"title: C\r\n" in out
    assert b"\n" not in out.replace(b"\r\n", b"")


def test_symlink_out_of_src_is_not_followed(tmp_path):
    outside = tmp_path / "secret"
    outside.mkdir()
    (outside / "leak.md").write_text("---\ntitle: Leak\npermalink: /leak/\n---\nsecret\n")
    src = tmp_path / "src"
    make_site(src)
    os.symlink(outside / "leak.md", src / "_pages/leak.md")
    os.symlink(outside, src / "_pages/dir-link")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages", from_="academicpages")
    plan.apply()
    text = "".join(p.read_text("utf-8", "replace") for p in (tmp_path / "out").rglob("*.md"))
    assert "secret" not in text
    shutil.rmtree(outside)


def test_broken_liquid_is_reported_with_its_line_and_kept(tmp_path):
    src = tmp_path / "src"
    make_site(src)
    body = "intro\n\n{% if site.x %}\nnever closed\n<!-- {% for p in site.posts %} -->\n"
    (src / "_pages/liquid.md").write_text("---\ntitle: L\npermalink: /l/\n---\n" + body)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio", from_="academicpages")
    plan.apply()
    found = sorted((f.line, f.message) for f in plan.report.findings
                   if f.code == "liquid-broken" and f.path == "_pages/liquid.md")
    assert [line for line, _ in found] == [7, 9]
    assert "`{% if %}`" in found[0][1] or "if" in found[0][1]
    assert body in (tmp_path / "out/_pages/liquid.md").read_text()
