"""Bad input: each case gets a `path:line` finding, and the rest of the site still converts.

The catalogue (`fixtures/bad-input/*/case.yml`, see its README) is run through the real CLI;
the hand-written cases below it check single behaviours through the library."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import sitemigrate
from sitemigrate import cli

from conftest import FIXTURES, tree_digest

CATALOGUE = FIXTURES / "bad-input"
CASE_NAMES = sorted(p.parent.name for p in CATALOGUE.glob("*/case.yml"))


def lstat_digest(root: Path) -> dict[str, tuple]:
    """Every entry under root, links not followed: content hash / link target, mtime, mode."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            st = path.lstat()
            if path.is_symlink():
                what = "link:" + os.readlink(path)
            elif path.is_file():
                what = hashlib.sha1(path.read_bytes()).hexdigest()
            else:
                what = "dir"
            out[path.relative_to(root).as_posix()] = (what, st.st_mtime_ns, st.st_mode)
    return out


def build_case(case: dict, name: str, tmp: Path) -> tuple[Path, Path]:
    src, outside = tmp / "src", tmp / "outside"
    outside.mkdir()
    (outside / "leak.md").write_text("---\ntitle: Leak\npermalink: /leak/\n---\n"
                                     "outside secret text\n")
    if case["base"] != "none":
        shutil.copytree(CATALOGUE / "_base" / case["base"], src)
    site = CATALOGUE / name / "site"
    if site.is_dir():
        shutil.copytree(site, src, dirs_exist_ok=True)
    src.mkdir(exist_ok=True)
    for rel, target in (case.get("symlinks") or {}).items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target.replace("@OUTSIDE", str(outside)), src / rel)
    for rel, size in (case.get("generate") or {}).items():
        para = "A long paragraph about invented lichens that repeats. " * 20 + "\n\n"
        body = para * (size // len(para) + 1)
        (src / rel).write_text(f"---\ntitle: Huge\npermalink: /huge/\n---\n{body}")
    return src, outside


def dest_text(dest: Path) -> str:
    """The site DEST holds (sitemigrate's own `.sitemigrate/` bookkeeping, which Jekyll does
    not publish and which quotes the report, aside)."""
    return "\n".join(p.read_text("utf-8", "replace") for p in sorted(dest.rglob("*"))
                     if p.is_file() and not p.is_symlink()
                     and ".sitemigrate" not in p.relative_to(dest).parts)


@pytest.mark.parametrize("name", CASE_NAMES)
def test_catalogue_case(name, tmp_path, capsys):
    case = YAML(typ="safe").load((CATALOGUE / name / "case.yml").read_text("utf-8"))
    src, outside = build_case(case, name, tmp_path)
    before, before_out = lstat_digest(src), lstat_digest(outside)
    dest, report = tmp_path / "dest", tmp_path / "report.json"
    args = ["convert", str(src), str(dest), "--to", case["to"], "--report", str(report)]
    if not case.get("detect"):
        args += ["--from", case["from"]]
    rc = cli.main(args)
    err = capsys.readouterr().err
    assert rc == case["exit"], err
    assert "Traceback" not in err
    if case.get("stderr"):
        assert case["stderr"] in err
    assert lstat_digest(src) == before, "SRC was modified"
    assert lstat_digest(outside) == before_out
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["src", "outside"] + (["dest", "report.json"] if rc != 2 else []))
    if rc == 2:
        return
    findings = json.loads(report.read_text("utf-8"))["findings"]
    for want in case["expect"]:
        hits = [f for f in findings if f["code"] == want["code"] and f["path"] == want["path"]
                and (want["line"] is None or f["line"] == want["line"])
                and want["message"].lower() in f["message"].lower()]
        assert hits, (want, [(f["code"], f["path"], f["line"], f["message"]) for f in findings
                             if f["outcome"] == "problem"])
        where = f"{want['path']}:{want['line']}" if want["line"] else want["path"]
        # shown to the user as path:line: message, or on its kind's line with the others
        kind = re.sub(r"`[^`\n]*`", "`…`", hits[0]["message"])
        assert f"{where}: {hits[0]['message']}" in err or f"× {kind} At: " in err, err
    if not case["expect"]:
        own = {p.relative_to(CATALOGUE / name / "site").as_posix()
               for p in (CATALOGUE / name / "site").rglob("*")} if (
                   CATALOGUE / name / "site").is_dir() else set()
        assert not [f for f in findings if f["outcome"] == "problem" and f["path"] in own]
    text = dest_text(dest)
    for marker in case.get("markers") or []:
        assert marker in text, marker
    if case.get("absent"):
        assert case["absent"] not in text
    for rel, data in (case.get("bytes_in") or {}).items():
        assert data.encode("latin-1").decode("unicode_escape").encode("latin-1") in (
            dest / rel).read_bytes()
    for rel in case.get("dest_files") or []:
        assert (dest / rel).is_file(), rel
    for path in dest.rglob("*"):
        assert not path.is_symlink(), path
        path.resolve().relative_to(dest.resolve())
    # a second run has nothing to do, and --check says so
    assert cli.main(args + ["--check", "-q"]) == 0
    assert lstat_digest(src) == before

GOOD = "---\ntitle: Good\npermalink: /good/\n---\nThis page is fine.\n"

# name -> (file bytes, expected finding code, expected line or None)
CASES = {
    "broken-yaml.md": (b"---\ntitle: [unclosed\npermalink: /x/\n---\nbody\n", "bad-yaml", 3),
    "unclosed.md": (b"---\ntitle: no end\nbody text\n", "unclosed-front-matter", 1),
    "latin1.md": ("---\ntitle: Caf\u00e9\n---\nna\u00efve text\n".encode("cp1252"),
                  "encoding", 2),
    "binary.md": (b"---\ntitle: x\n---\n\x00\x01\x02", "binary-file", 4),
    "string-redirects.md": (b"---\ntitle: R\npermalink: /r/\nredirect_from: /old-r/\n---\nr\n",
                            "wrong-type", 4),
    "dup-keys.md": (b"---\ntitle: A\ntitle: B\n---\nx\n", "duplicate-key", 3),
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
    talks = tmp_path / "secret-talks"
    talks.mkdir()
    (talks / "2020-01-01-t.md").write_text("---\ntitle: T\n---\nsecret talk\n")
    os.symlink(talks, src / "_talks")  # a whole collection folder linked out of SRC
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


def test_dest_folder_linked_out_of_dest_is_not_written_through(tmp_path, alfolio_site):
    """A DEST whose `images/` is a link to a folder elsewhere: nothing is written or removed
    there; each file refused is a finding naming the link, and the rest of DEST is written."""
    outside = tmp_path / "shared-images"
    outside.mkdir()
    (outside / "mine.png").write_bytes(b"not ours")
    dest = tmp_path / "out"
    dest.mkdir()
    os.symlink(outside, dest / "images")
    before = {p.name: p.read_bytes() for p in outside.iterdir()}
    code = cli.main(["convert", str(alfolio_site), str(dest), "--to", "academicpages", "-q",
                     "--report", str(tmp_path / "r.json")])
    assert code == 0
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == before
    assert (dest / "images").is_symlink() and (dest / "_config.yml").is_file()
    report = json.loads((tmp_path / "r.json").read_text())
    refused = [f for f in report["findings"] if f["code"] == "dest-link"]
    assert refused and all(f["path"].startswith("images/") and "`images/`" in f["message"]
                           for f in refused)
    assert not any(p.startswith("images/") for kind in report["files"].values() for p in kind)


LAUGHS = ("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
          + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9)
                    + "]\n" for i in range(8)))


@pytest.mark.parametrize("text, problem, line", [
    (LAUGHS, "aliases repeat more than 10,000 values", 4),  # e: 9 aliases of 1,111 values
    ("x: " + "[" * 100_000 + "]" * 100_000, "nests more than 100 levels deep", 0),
    ("x:\n" + "".join("  " * i + f"- k{i}:\n" for i in range(200)), "nests more than 100", 50),
    ("x:\n  " + "- " * 100_000 + "y\n", "nests more than 100 levels deep", 1),
    # each anchor one level deeper than the last through an alias: deep only once expanded
    ("".join(f"a{i}: &a{i} [*a{i - 1}]\n" if i else "a0: &a0 [x]\n" for i in range(120)),
     "nests more than 100 levels deep", 99),
    ("".join(f"k{i}: *a\n" for i in range(1002)).replace("k0: *a", "k0: &a x"),
     "has more than 1,000 aliases", 1001),
], ids=["billion-laughs", "deep-flow", "deep-mapping", "deep-compact", "deep-by-aliases",
        "many-aliases"])
def test_yaml_beyond_the_bounds_is_refused_before_loading(text, problem, line):
    """Alias bombs and deep nesting are found from the parser's events, before a loader
    builds anything (libyaml's composer would crash on the deep ones: exit -11)."""
    from sitemigrate.textio import YAMLLimitError, load_safe, load_yaml, yaml_limits
    limit = yaml_limits(text)
    assert problem in limit.problem and limit.line == line
    report = sitemigrate.Report()
    assert load_yaml(text, "_data/x.yml", report, first_line=1) is None
    assert [(f.code, f.path, f.line) for f in report.findings] == [
        ("yaml-limit", "_data/x.yml", line + 1)]
    with pytest.raises(YAMLLimitError):
        load_safe(text)


def test_mapping_files_are_read_unbounded_as_the_program_is(tmp_path, monkeypatch):
    """The bounds guard what a site holds; a mapping file is part of the program (or of a
    theme's package), read in every run: it is loaded without the bounds' second parse. A
    site's YAML still gets it."""
    from sitemigrate import mapdata
    from sitemigrate import yamlio as textio
    calls = []
    real = textio.yaml_limits
    monkeypatch.setattr(textio, "yaml_limits", lambda text: calls.append(text) or real(text))
    mapping = tmp_path / "theme.yml"
    mapping.write_text("a: &x [1, 2]\nb: *x\nc: " + "[" * 30 + "]" * 30 + "\n")
    assert mapdata.load_mapping_file(mapping)["b"] == [1, 2]
    assert calls == []
    assert textio.load_safe("a: &x 1\nb: *x\n") == {"a": 1, "b": 1}
    assert calls == ["a: &x 1\nb: *x\n"]


def test_yaml_within_the_bounds_loads_as_before():
    """Anchors and aliases a real config uses, and ordinary nesting, are read."""
    from sitemigrate.textio import load_safe, load_yaml, split_document, decode, yaml_limits
    text = ("defaults: &defaults\n  layout: page\n  nav: true\n"
            + "".join(f"p{i}:\n  <<: *defaults\n  title: P{i}\n" for i in range(50))
            + "deep: " + "[" * 90 + "]" * 90 + "\n")
    assert yaml_limits(text) is None
    assert load_safe(text)["p49"] == {"layout": "page", "nav": True, "title": "P49"}
    assert load_yaml(text, "_config.yml", None)["p3"]["nav"] is True
    doc = split_document(decode(b"---\ntitle: T\nx: &x [1, 2]\ny: *x\n---\nbody\n", "a.md", None),
                         "a.md", None)
    assert doc.data["y"] == [1, 2] and doc.body == "body\n"


def test_a_publication_with_invalid_front_matter_is_reported_once_with_its_fix(tmp_path):
    """A quote inside a single-quoted `citation` breaks the front matter: Jekyll logs a YAML
    exception and reads no title or date of it. The report says the YAML is invalid and
    where; it does not also tell the owner to give a date the file has."""
    from test_target_shows import _academicpages
    src = _academicpages(tmp_path, {"_publications/2019-moss.md": (
        "---\ntitle: \"Moss on Stones\"\ncollection: publications\ndate: 2019-04-01\n"
        "venue: 'Lichen Letters'\ncitation: 'Ines Varga, \"Moss on Stones,\" (LL'19), 2019.'\n"
        "---\n")})
    plan = sitemigrate.convert(src, tmp_path / "dest", to="al-folio")
    mine = [f for f in plan.report.findings if f.path == "_publications/2019-moss.md"]
    assert [(f.code, f.line) for f in mine if f.code == "bad-yaml"] == [("bad-yaml", 6)]
    assert not [f for f in mine if f.code == "publication-no-year"], mine
