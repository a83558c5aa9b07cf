"""Hostile input (issue 18): a site repository built to leak files or to exhaust the machine.

Each case runs the real CLI in a child process, as CI would run it on a pull request: the run
ends (exit 0 or 2) with a one-line finding naming the file, nothing of a file outside SRC
reaches DEST (nor its `.sitemigrate/` bookkeeping, nor the report), and the child stays
within 300 MB. Time is not asserted (the machine is shared); a hard timeout stops a run that
hangs, and each case prints its wall time and peak memory (`pytest -s`)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import FIXTURES

BASE = FIXTURES / "bad-input" / "_base"
SECRET = "OUTSIDE-SECRET-5b1e"
TIMEOUT = float(os.environ.get("SITEMIGRATE_HOSTILE_TIMEOUT", "60"))
MAX_RSS_MB = 300
ADDRESS_SPACE = 2 << 30  # the child may not take the machine down while it is measured

BOMB = ("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9)
                  + "]\n" for i in range(8)))
"""Nine levels of nine aliases: 387,420,489 strings once expanded."""
DEEP_FLOW = "[" * 100_000 + "]" * 100_000
DEEP_BLOCK = "- " * 100_000 + "x"
DOUBLING_BIB = ('@string{s0 = "lichen "}\n'
                + "".join(f"@string{{s{i} = s{i - 1} # s{i - 1}}}\n" for i in range(1, 48))
                + "@article{big2020,\n  title = s47,\n  author = {Testwell, Rowan},\n"
                  "  journal = {Journal of Invented Results},\n  year = {2020}\n}\n")

SOCIALS = f"email: {SECRET}@example.org\ngithub_username: {SECRET}\n"
NAV = f"main:\n  - title: {SECRET}\n    url: /secret/\n"
CV = (f"- title: Education\n  type: time_table\n  contents:\n    - title: {SECRET}\n"
      "      institution: Northgate\n      year: 2016 - 2021\n")
CV_PAGE = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\n---\n"
RESUME = json.dumps({"basics": {"name": SECRET, "summary": SECRET},
                     "work": [{"name": SECRET, "position": SECRET, "startDate": "2020-01"}]})
PAGE = f"---\ntitle: {SECRET}\npermalink: /{SECRET}/\n---\n{SECRET} text\n"
BIB = f"@article{{{SECRET},\n  title = {{{SECRET}}},\n  author = {{Testwell, Rowan}},\n  year = {{2020}}\n}}\n"
CONFIG = f"title: blank\nfirst_name: {SECRET}\ndescription: {SECRET}\nurl: https://{SECRET}.example\n"
INCLUDE = f"<p>{SECRET}</p>\n"
INCLUDING_PAGE = "---\ntitle: Inc\npermalink: /inc/\n---\nBefore.\n\n{% include secret.liquid %}\n"
PROFILE_PAGE = ("---\nlayout: about\ntitle: about\npermalink: /\nprofile:\n  align: right\n"
                "  image: prof_pic.jpg\n---\nRowan studies imaginary lichens.\n")

# name -> base site, themes, files written in SRC, links made in SRC (-> a file or folder of
# `outside/`, beside SRC), the files of `outside/`, and the finding expected: code, path, line
CASES: dict[str, dict] = {
    "config-link": dict(
        base="al-folio", to="academicpages", links={"_config.yml": "config.yml"},
        outside={"config.yml": CONFIG}, drop=["_config.yml"],
        expect=("outside-src", "_config.yml", None)),
    "socials-link": dict(
        base="al-folio", to="academicpages", links={"_data/socials.yml": "id_rsa"},
        outside={"id_rsa": SOCIALS}, expect=("outside-src", "_data/socials.yml", None)),
    "navigation-link": dict(
        base="academicpages", to="al-folio", links={"_data/navigation.yml": "nav.yml"},
        outside={"nav.yml": NAV}, expect=("outside-src", "_data/navigation.yml", None)),
    "include-link": dict(
        base="al-folio", to="academicpages", files={"_pages/inc.md": INCLUDING_PAGE},
        links={"_includes/secret.liquid": "secret.liquid"},
        outside={"secret.liquid": INCLUDE},
        expect=("outside-src", "_includes/secret.liquid", None)),
    "includes-folder-link": dict(
        base="al-folio", to="academicpages", files={"_pages/inc.md": INCLUDING_PAGE},
        links={"_includes": "includes"}, outside={"includes/secret.liquid": INCLUDE},
        expect=("outside-src", "_includes/secret.liquid", None)),
    "cv-link": dict(
        base="al-folio", to="academicpages", files={"_pages/cv.md": CV_PAGE},
        links={"_data/cv.yml": "cv.yml"},
        outside={"cv.yml": CV}, expect=("outside-src", "_data/cv.yml", None)),
    "resume-link": dict(
        base="al-folio", to="academicpages", files={"_pages/cv.md": CV_PAGE},
        links={"assets/json/resume.json": "resume.json"},
        outside={"resume.json": RESUME}, expect=("outside-src", "assets/json/resume.json", None)),
    "bibliography-link": dict(
        base="al-folio", to="academicpages", links={"_bibliography/more.bib": "more.bib"},
        outside={"more.bib": BIB}, expect=("outside-src", "_bibliography/more.bib", None)),
    "page-link": dict(
        base="academicpages", to="al-folio", links={"_pages/leak.md": "leak.md"},
        outside={"leak.md": PAGE}, expect=("outside-src", "_pages/leak.md", None)),
    "root-page-link": dict(
        base="academicpages", to="al-folio", links={"leak.md": "leak.md"},
        outside={"leak.md": PAGE}, expect=("outside-src", "leak.md", None)),
    "image-link": dict(
        base="al-folio", to="academicpages", files={"_pages/about.md": PROFILE_PAGE},
        links={"assets/img/prof_pic.jpg": "key.jpg"}, outside={"key.jpg": SECRET},
        expect=("outside-src", None, None, "prof_pic.jpg")),
    "single-page-link": dict(
        base="none", from_="markdown", to="al-folio", links={"page.md": "page.md"},
        outside={"page.md": PAGE}, single="page.md", expect=("outside-src", "page.md", None)),
    "page-folder-link": dict(
        base="none", from_="markdown", to="al-folio",
        files={"index.md": "# Rowan Testwell\n\nRowan studies imaginary lichens.\n"},
        links={"notes.md": "page.md"}, outside={"page.md": PAGE},
        expect=("outside-src", "notes.md", None)),
    "single-page-neighbour-link": dict(
        base="none", from_="markdown", to="al-folio",
        files={"page.md": "# Rowan Testwell\n\n![me](/photo.jpg)\n\nRowan studies lichens.\n"},
        links={"photo.jpg": "key.jpg"}, outside={"key.jpg": SECRET}, single="page.md",
        expect=("outside-src", "page.md", None, "photo.jpg")),
    "front-matter-alias-bomb": dict(
        base="al-folio", to="academicpages",
        files={"_pages/bomb.md": f"---\ntitle: Bomb\npermalink: /bomb/\n{BOMB}---\nStill here.\n"},
        expect=("yaml-limit", "_pages/bomb.md", 8), marker="Still here."),
    "config-alias-bomb": dict(
        base="al-folio", to="academicpages", append={"_config.yml": BOMB},
        expect=("yaml-limit", "_config.yml", 17)),
    "socials-alias-bomb": dict(
        base="al-folio", to="academicpages", files={"_data/socials.yml": BOMB},
        expect=("yaml-limit", "_data/socials.yml", 5)),
    "front-matter-deep-flow": dict(
        base="al-folio", to="academicpages",
        files={"_pages/deep.md": f"---\ntitle: Deep\nx: {DEEP_FLOW}\n---\nStill here.\n"},
        expect=("yaml-limit", "_pages/deep.md", 3), marker="Still here."),
    "front-matter-deep-block": dict(
        base="academicpages", to="al-folio",
        files={"_pages/deep.md": f"---\ntitle: Deep\nx:\n  {DEEP_BLOCK}\n---\nStill here.\n"},
        expect=("yaml-limit", "_pages/deep.md", 4), marker="Still here."),
    "config-deep": dict(
        base="academicpages", to="al-folio", append={"_config.yml": f"x: {DEEP_FLOW}\n"},
        expect=("yaml-limit", "_config.yml", 12)),
    "bib-string-doubling": dict(
        base="al-folio", to="academicpages", files={"_bibliography/more.bib": DOUBLING_BIB},
        expect=("bibtex", "_bibliography/more.bib", 18), marker="A Good Entry About Lichens"),
    # bodies built to make a regular expression or a line count quadratic (minutes before)
    "body-link-brackets": dict(
        base="al-folio", to="academicpages",
        files={"_pages/br.md": "---\ntitle: Br\npermalink: /br/\n---\nStill here.\n"
               + "](" * 100_000 + "\n" + "]({{" * 100_000 + "\n"},
        expect=None, marker="Still here."),
    "body-link-targets": dict(  # al-folio's writer encodes web links' targets
        base="academicpages", to="al-folio",
        files={"_pages/lt.md": "---\ntitle: Lt\npermalink: /lt/\n---\nStill here.\n"
               + "](http://" * 50_000 + "\n" + '<a href="http://' * 50_000 + "\n"},
        expect=None, marker="Still here."),
    "body-liquid-openers": dict(
        base="academicpages", to="al-folio",
        files={"_pages/op.md": "---\ntitle: Op\npermalink: /op/\n---\nStill here.\n"
               + "{{" * 200_000 + "\n"},
        expect=("liquid-broken", "_pages/op.md", 6, "199,900 more Liquid problems"),
        marker="Still here."),
    "plain-page-brackets": dict(
        base="none", from_="markdown", to="al-folio",
        files={"page.md": "# Rowan Testwell\n\nStill here.\n\n" + "[" * 200_000 + "\n"
               + "[a](" * 50_000 + "\n"},
        single="page.md", expect=None, marker="Still here."),
    "html-deep": dict(
        base="none", from_="html", to="al-folio",
        files={"index.html": "<html><body><main><h1>Rowan</h1>" + "<div>" * 100_000
               + "</main></body></html>"},
        expect=("html-too-deep", "index.html", None)),
    "bib-key-climbs-out": dict(
        base="al-folio", to="academicpages",
        files={"_bibliography/evil.bib": "@article{../../../evil,\n  title = {Evil},\n"
               "  year = {2020}\n}\n@article{nul\x00key,\n  title = {Nul},\n  year = {2021}\n}\n"},
        expect=("unsafe-path", "_bibliography/evil.bib", 1), marker="A Good Entry About Lichens"),
    "resume-deep": dict(
        base="al-folio", to="academicpages",
        files={"assets/json/resume.json": "[" * 100_000 + "]" * 100_000},
        expect=("cv-json", "assets/json/resume.json", None)),
}


def build(case: dict, tmp: Path) -> tuple[Path, Path]:
    src, outside = tmp / "src", tmp / "outside"
    outside.mkdir()
    if case["base"] != "none":
        shutil.copytree(BASE / case["base"], src)
    src.mkdir(exist_ok=True)
    for rel in case.get("drop", []):
        (src / rel).unlink()
    for rel, text in case.get("files", {}).items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text, "utf-8")
    for rel, text in case.get("append", {}).items():
        with open(src / rel, "a", encoding="utf-8") as fh:
            fh.write(text)
    for rel, text in case.get("outside", {}).items():
        (outside / rel).parent.mkdir(parents=True, exist_ok=True)
        (outside / rel).write_text(text, "utf-8")
    for rel, target in case.get("links", {}).items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(outside / target, src / rel)
    return src, outside


def run_measured(args: list[str], tmp: Path) -> tuple[int, str, str, float, float]:
    """Run the CLI in a child; returns exit code, stdout, stderr, wall seconds, peak RSS MB."""
    # The child limits its own address space, and writes its peak RSS (VmHWM, which exec
    # starts afresh) when it exits; Linux's ru_maxrss would count this process's size at the
    # fork, so it is only the fallback when the child was killed.
    hwm = tmp / "peak-rss-kb.txt"
    boot = ("import atexit, re, resource, runpy, sys\n"
            f"resource.setrlimit(resource.RLIMIT_AS, ({ADDRESS_SPACE}, {ADDRESS_SPACE}))\n"
            "def peak():\n"
            "    with open('/proc/self/status') as fh:\n"
            "        kb = re.search(r'VmHWM:\\s*(\\d+)', fh.read())\n"
            f"    open({str(hwm)!r}, 'w').write(kb.group(1) if kb else '')\n"
            "atexit.register(peak)\n"
            "sys.argv[0] = 'sitemigrate'\n"
            "runpy.run_module('sitemigrate', run_name='__main__')\n")
    out, err = tmp / "stdout.txt", tmp / "stderr.txt"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    start = time.monotonic()
    with open(out, "wb") as fo, open(err, "wb") as fe:
        child = subprocess.Popen([sys.executable, "-c", boot, *args], stdout=fo, stderr=fe,
                                 env=env)
    timer = threading.Timer(TIMEOUT, child.kill)
    timer.start()
    try:
        _, status, usage = os.wait4(child.pid, 0)
    finally:
        timer.cancel()
    wall = time.monotonic() - start
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    peak = hwm.read_text().strip() if hwm.exists() else ""
    hwm.unlink(missing_ok=True)
    return (child.returncode, out.read_text("utf-8", "replace"), err.read_text("utf-8", "replace"),
            wall, (int(peak) if peak else usage.ru_maxrss) / 1024)


def everything_under(root: Path) -> str:
    return "\n".join(p.read_bytes().decode("utf-8", "replace") for p in sorted(root.rglob("*"))
                     if p.is_file() and not p.is_symlink())


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_case(name, tmp_path):
    case = CASES[name]
    src, _ = build(case, tmp_path)
    dest, report = tmp_path / "dest", tmp_path / "report.json"
    source = src / case["single"] if case.get("single") else src
    args = ["convert", str(source), str(dest), "--to", case["to"],
            "--from", case.get("from_") or case["base"], "--report", str(report)]
    rc, out, err, wall, rss = run_measured(args, tmp_path)
    print(f"\n{name}: exit {rc}, {wall:.2f} s, {rss:.0f} MB peak RSS")
    assert rc == 0, (rc, err[-2000:])  # the run goes on past the hostile file
    assert "Traceback" not in err, err
    assert rss < MAX_RSS_MB, rss
    code, path, line, named = (*(case["expect"] or (None,) * 3), "")[:4]
    # nothing of the outside file anywhere the run wrote, bookkeeping and report included
    assert SECRET not in out + err
    if dest.exists():
        assert SECRET not in everything_under(dest)
    from sitemigrate.cache import cache_file  # the check cache: the user's, not DEST's
    assert cache_file(source, dest).is_file()
    assert SECRET not in cache_file(source, dest).read_text("utf-8")
    findings = json.loads(report.read_text("utf-8"))["findings"]
    assert SECRET not in report.read_text("utf-8")
    if code is None:  # no finding is due: the input is only large and odd
        assert case["marker"] in everything_under(dest)
        return
    hits = [f for f in findings if f["code"] == code and path in (None, f["path"])
            and named in f["message"]]
    assert hits, [(f["code"], f["path"], f["line"], f["message"]) for f in findings
                  if f["outcome"] == "problem"]
    hit = hits[0]
    if line is not None:
        assert hit["line"] == line, hit
    where = f"{hit['path']}:{hit['line']}" if hit["line"] else hit["path"]
    shown = [ln for ln in err.splitlines() if ln.strip().startswith(f"{where}: ")]
    # one line on stderr: its own, or a line grouping it with others of its kind
    assert (any(hit["message"].split(";")[0] in ln for ln in shown)
            or any(f"At: {where} " in ln for ln in err.splitlines())), err
    if case.get("marker"):
        assert case["marker"] in everything_under(dest)
    # the second run has nothing to do
    rc2, _, err2, _, _ = run_measured(args + ["--check", "-q"], tmp_path)
    assert rc2 == 0, err2


def test_guarded_reader_follows_every_link_on_the_way(tmp_path):
    """`within` (the guarded reader's test) by real location: a link or `..` anywhere on
    the way out of SRC refuses; a link that stays inside SRC is read."""
    from sitemigrate import Report
    from sitemigrate.textio import read_source, within
    src, outside = tmp_path / "src", tmp_path / "outside"
    (src / "_pages").mkdir(parents=True)
    outside.mkdir()
    (src / "_pages/a.md").write_text("inside")
    (outside / "s.md").write_text(SECRET)
    os.symlink(outside, src / "out")                      # a folder link out
    os.symlink(outside / "s.md", src / "_pages/s.md")    # a file link out
    os.symlink(src / "_pages", src / "pages-link")        # a folder link that stays inside
    os.symlink("_pages/../_pages/a.md", src / "out-and-back.md")  # relative, stays inside
    assert within(src, src / "_pages/a.md") and within(src, src / "pages-link/a.md")
    assert within(src, src / "out-and-back.md") and within(src, src)
    for path in (src / "out/s.md", src / "_pages/s.md", src / "../outside/s.md",
                 src / "_pages/../../outside/s.md", outside / "s.md"):
        assert not within(src, path), path
    report = Report()
    assert read_source(src / "out/s.md", "out/s.md", report) is None
    assert read_source(src / "pages-link/a.md", "pages-link/a.md", report) == b"inside"
    assert [(f.code, f.path) for f in report.findings] == [("outside-src", "out/s.md")]


def test_fingerprint_of_a_linked_single_page_does_not_hash_its_target(tmp_path):
    """The check cache's fingerprint lists SRC's files: a single-page SRC that links
    out of its folder is listed as the link, so not even a digest of the target is kept (a
    digest of a short secret can be guessed)."""
    from sitemigrate import cache
    (tmp_path / "outside").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "outside/s.md").write_text(f"{SECRET} one\n")
    os.symlink(tmp_path / "outside/s.md", tmp_path / "src/page.md")
    before = cache.fingerprint(tmp_path / "src/page.md", tmp_path / "dest", {})
    (tmp_path / "outside/s.md").write_text(f"{SECRET} two\n")
    assert cache.fingerprint(tmp_path / "src/page.md", tmp_path / "dest", {}) == before
