"""The two plain-homepage seed pages (../shared/seeds 002 and 004, on neither theme), read
with ``--from markdown`` and written as both themes. Skipped when ../shared is absent.

The seeds are real people's pages: their text must not be copied into this repository. The
assertions name seed lines by number, and the golden files show every output line that comes
from the seed as a reference (``«seed:N»`` for a piece of line N, ``= seed:N`` / ``⊂ seed:N``
for a whole line), keeping only what the converter generated as text.
"""

from __future__ import annotations

import difflib
import re
import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import sitemigrate
from sitemigrate.formats import bibtex as bib
from sitemigrate.dates import split_dated_line

from conftest import SEEDS, needs_shared
from test_plain import markdown_input, missing_clauses

yaml = YAML(typ="safe")
SEED_002 = "002_5d7107d0074dbde6.txt"
SEED_004 = "004_238b8526658ed01f.txt"
TARGETS = ["al-folio", "academicpages"]


def seed(name: str) -> tuple[Path, list[str]]:
    path = needs_shared(SEEDS / name)
    return path, path.read_text().splitlines()


def convert(src: Path, dest: Path, to: str) -> sitemigrate.Plan:
    plan = sitemigrate.convert(src, dest, to=to, from_="markdown")
    plan.apply()
    return plan


def front(path: Path) -> dict:
    return yaml.load(path.read_text().split("---\n")[1]) or {}


def body(path: Path) -> str:
    return path.read_text().split("---\n", 2)[2]


# -- references instead of seed text ------------------------------------------------------------

def pieces(lines: list[str]) -> list[tuple[str, int]]:
    """Every piece of seed text that conversion may carry (a line, its table cells, the text
    after a list marker, date, role dash or year tag), longest first, with its line."""
    found: dict[str, int] = {}
    for n, line in enumerate(lines, 1):
        s = line.strip()
        dated = split_dated_line(s)
        rest = re.sub(r"^(?:[-*+—–]|\[[^\]]*\])\s*", "", s)
        for piece in [s, rest, dated[1] if dated else "", *s.strip("|").split("|")]:
            piece = piece.strip()
            if len(piece) >= 3 and re.search(r"\w", piece):
                found.setdefault(piece, n)
    return sorted(found.items(), key=lambda kv: -len(kv[0]))


def referenced(out: Path, lines: list[str]) -> dict[str, list[str]]:
    known = pieces(lines)
    whole = dict(known)
    result = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file() and ".sitemigrate" not in p.parts):
        rows = []
        for line in path.read_text().splitlines():
            bare = re.sub(r"^(?:#+|[-*]|\|)\s*|\s*\|$", "", line.strip()).strip("* ")
            if line.strip() in whole:
                rows.append(f"= seed:{whole[line.strip()]}")
                continue
            if bare in whole:
                rows.append(line.replace(bare, f"«seed:{whole[bare]}»"))
                continue
            for piece, n in known:
                if len(piece) >= 8 and piece in line:
                    line = line.replace(piece, f"«seed:{n}»")
            rows.append(line)
        name = path.relative_to(out).as_posix()
        name = re.sub(r"^(_news/\d{4}-\d{2}-\d{2})-.*(\.md)$", r"\1-SLUG\2", name)
        while name in result:  # two news items of one day
            name = name.replace("SLUG", "SLUG+", 1)
        result[name] = rows
    return result


def assert_no_seed_text(data: dict[str, list[str]], lines: list[str]) -> None:
    """The golden data holds no run of 20+ characters of seed text."""
    text = "\n".join(lines)
    for rows in data.values():
        for row in rows:
            m = difflib.SequenceMatcher(None, row, text, autojunk=False).find_longest_match(
                0, len(row), 0, len(text))
            assert m.size < 20, row


def findings(plan: sitemigrate.Plan) -> list[str]:
    return [f"{f.severity} {f.outcome} {f.code} {f.location()}" for f in plan.report.findings]


@pytest.mark.parametrize("to", TARGETS)
@pytest.mark.parametrize("name", [SEED_002, SEED_004])
def test_plain_seed_golden(name, to, tmp_path, data_regression):
    src, lines = seed(name)
    plan = convert(src, tmp_path / "out", to)
    data = referenced(tmp_path / "out", lines)
    assert_no_seed_text(data, lines)
    data_regression.check({"files": data, "findings": findings(plan)})


# -- seed 002: sections given only by heading lines ---------------------------------------------

def test_seed_002_ir():
    src, lines = seed(SEED_002)
    report = sitemigrate.Report()
    site = sitemigrate.read_site(src, "markdown", report)
    L = lambda n: lines[n - 1].strip()  # noqa: E731 - seed line n
    assert [f.code for f in report.findings if f.outcome == "problem"] == ["no-name"]
    about = site.page("about")
    assert about.title == L(1) and L(2) in about.body and L(3) in about.body
    assert about.body.index(L(2)) < about.body.index(L(3))
    assert "\n".join(f"- {L(n)}" for n in range(5, 10)) in about.body
    assert [(n.date, n.body, n.origin.line) for n in site.news] == [
        ("2025-05-01", split_dated_line(L(n))[1], n) for n in (11, 12)]
    assert [(p.title, p.venue, p.year, p.category, p.fields.get("note"), p.origin.line)
            for p in site.publications] == [
        (L(14), L(15), 2025, "conference", L(16), 14),
        (L(17), L(18), 2026, "conference", L(19), 17),
        (L(20), L(21), 2025, "conference", None, 20)]
    sections = {s.title: s.entries for s in site.cv.sections}
    assert list(sections) == [L(22), L(51)]
    experience = sections[L(22)]
    assert [(e["institution"], e["title"], e["year"]) for e in experience] == [
        (L(a), L(a + 1).lstrip("— "), L(a + 2)) for a in (23, 31, 35, 39, 43, 47)]
    assert [len(e["description"]) for e in experience] == [5, 1, 1, 1, 1, 1]
    education = sections[L(51)]
    assert [(e["institution"], e["title"]) for e in education] == [(L(52), L(53)), (L(54), L(55))]
    assert education[-1]["description"] == [L(56)]
    assert site.identity.keywords == ", ".join(L(n) for n in range(5, 10))


@pytest.mark.parametrize("to", TARGETS)
def test_seed_002_output(to, tmp_path):
    src, lines = seed(SEED_002)
    L = lambda n: lines[n - 1].strip()  # noqa: E731
    out = tmp_path / "out"
    convert(src, out, to)
    cv = body(out / "_pages/cv.md")
    assert front(out / "_pages/cv.md")["permalink"] == "/cv/"
    for n in (23, 25, 26, 30, 34, 43, 52, 53, 56):
        assert L(n) in cv
    assert cv.count("### ") == 8  # six jobs, two degrees
    about = body(out / "_pages/about.md")
    assert L(2) + "\n\n" + L(3) in about  # one paragraph a line
    if to == "al-folio":
        news = sorted((out / "_news").iterdir())
        assert [str(front(p)["date"]) for p in news] == ["2025-05-01", "2025-05-01"]
        parsed = bib.parse_bib((out / "_bibliography/papers.bib").read_text())
        assert not parsed.problems
        assert [(e.fields["title"], e.fields["booktitle"], e.fields["year"])
                for e in parsed.entries] == [(L(14), L(15), "2025"), (L(17), L(18), "2026"),
                                             (L(20), L(21), "2025")]
        assert "{% bibliography %}" in body(out / "_pages/publications.md")
        assert front(out / "_pages/about.md")["announcements"]["enabled"] is True
    else:
        pubs = [front(p) for p in sorted((out / "_publications").iterdir())]
        assert sorted((p["venue"], str(p["date"])) for p in pubs) == sorted(
            [(L(15), "2025-01-01"), (L(18), "2026-01-01"), (L(21), "2025-01-01")])
        news = about.split("## News\n\n")[1].splitlines()
        assert [n.split(": ", 1)[0] for n in news] == ["- 2025-05", "- 2025-05"]
        nav = yaml.load((out / "_data/navigation.yml").read_text())["main"]
        assert [n["url"] for n in nav] == ["/", "/publications/", "/cv/"]  # the home entry first


# -- seed 004: prose, tagged projects, tables broken across lines ---------------------------------

def test_seed_004_ir():
    src, lines = seed(SEED_004)
    L = lambda n: lines[n - 1].strip()  # noqa: E731
    report = sitemigrate.Report()
    site = sitemigrate.read_site(src, "markdown", report)
    assert [p.role for p in site.pages] == ["about", "projects", "cv"]
    about = site.page("about").body
    assert all(L(n) in about for n in range(1, 6))
    assert [(p.title, p.fields.get("year"), p.origin.line) for p in site.projects] == [
        (L(6), None, 6), (L(8), 2024, 8), (L(10), 2023, 10), (L(12), 2022, 12)]
    assert site.projects[1].fields["description"] == L(9).split("] ", 1)[1]
    sections = [(s.title, len(s.entries)) for s in site.cv.sections]
    assert sections == [("Experience", 6), ("Service", 2), ("Education", 3)]
    first = site.cv.sections[0].entries[0]
    assert first == {"institution": L(16).strip("| "), "title": L(17).rstrip("| "),
                     "year": L(18).split("|")[0].strip()}
    repaired = [(f.code, f.line) for f in report.findings if f.code.startswith("table")]
    assert repaired == [("table-repaired", 14), ("table-repaired", 34), ("table-repaired", 41)]
    assert [e.line for e in report.findings if e.code == "cv-entry"][:3] == [16, 19, 22]
    # every row of the repaired tables is one line with the header's cell count
    cv = site.page("cv").body
    for table in re.findall(r"(?:^\|.*\|$\n?)+", cv, re.M):
        rows = table.strip().splitlines()
        assert len({row.count("|") for row in rows}) == 1


@pytest.mark.parametrize("to", TARGETS)
def test_seed_004_output(to, tmp_path):
    src, lines = seed(SEED_004)
    out = tmp_path / "out"
    convert(src, out, to)
    folder = "_projects" if to == "al-folio" else "_portfolio"
    assert len(list((out / folder).iterdir())) == 4
    cv = body(out / "_pages/cv.md")
    assert cv.count("\n## ") + cv.startswith("## ") == 3
    about = body(out / "_pages/about.md")
    assert about.count("\n\n") >= 4  # five paragraphs, not one blob


# -- nothing is dropped --------------------------------------------------------------------------

@pytest.mark.parametrize("to", TARGETS)
@pytest.mark.parametrize("name", [SEED_002, SEED_004])
def test_every_sentence_of_a_seed_is_kept(name, to, tmp_path):
    src, _ = seed(name)
    convert(src, tmp_path / "out", to)
    inputs = markdown_input(src)
    assert len(inputs) > 40
    assert missing_clauses(inputs, tmp_path / "out") == []


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
@pytest.mark.parametrize("to", TARGETS)
@pytest.mark.parametrize("name", [SEED_002, SEED_004])
def test_converted_seed_builds_with_jekyll(name, to, tmp_path):
    from test_jekyll import build, html_urls, liquid_messages, prepare
    src, _ = seed(name)
    convert(src, tmp_path / "dest", to)
    proc = build(prepare(tmp_path / "dest", tmp_path / "work"), tmp_path / "site")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert not liquid_messages(proc)
    assert {"index.html", "cv/index.html"} <= set(html_urls(tmp_path / "site"))
