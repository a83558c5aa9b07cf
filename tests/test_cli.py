"""The command line: exit codes, dry-run, check, reports, inspect, themes."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import tree_digest

from sitemigrate.cli import main


def run(*args: str) -> int:
    return main([str(a) for a in args])


def test_dry_run_prints_git_diff_and_writes_nothing(alfolio_site, tmp_path, capsys):
    dest = tmp_path / "dest"
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--dry-run") == 0
    out = capsys.readouterr()
    assert not dest.exists()
    assert "--- /dev/null\n+++ b/_pages/about.md\n" in out.out
    assert "diff --git a/_config.yml b/_config.yml" in out.out
    assert "Binary files /dev/null and b/images/prof_pic.jpg differ" in out.out
    assert "\033[" not in out.out  # plain when not a terminal
    assert "items:" in out.err and "mapped" in out.err


def test_check_exit_codes(alfolio_site, tmp_path, capsys):
    dest = tmp_path / "dest"
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--check") == 1
    assert not dest.exists()
    assert run("convert", alfolio_site, dest, "--to", "academicpages") == 0
    assert (dest / "_pages" / "about.md").is_file()
    before = tree_digest(dest)
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--check") == 0
    assert "DEST is up to date" in capsys.readouterr().err
    # a re-run changes nothing, not even a timestamp
    assert run("convert", alfolio_site, dest, "--to", "academicpages") == 0
    assert tree_digest(dest) == before
    # a file the user edited after the run is kept, and said so; --force overwrites it
    (dest / "_pages" / "about.md").write_text("edited\n")
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--check") == 0
    assert "1 kept (edited or deleted by you)" in capsys.readouterr().err
    assert run("convert", alfolio_site, dest, "--to", "academicpages") == 0
    assert (dest / "_pages" / "about.md").read_text() == "edited\n"
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--check", "--force",
               "--diff") == 1
    assert "-edited" in capsys.readouterr().out
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--force", "-q") == 0
    assert (dest / "_pages" / "about.md").read_text() != "edited\n"
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--check") == 0


def test_errors_exit_2_with_one_line(alfolio_site, tmp_path, capsys):
    assert run("convert", tmp_path / "missing", tmp_path / "d", "--to", "al-folio") == 2
    err = capsys.readouterr().err
    assert err.startswith("sitemigrate: error: ") and "no such file" in err
    assert err.count("\n") == 1
    assert run("convert", alfolio_site, tmp_path / "d", "--to", "wordpress") == 2
    assert "unknown theme 'wordpress'" in capsys.readouterr().err
    assert run("convert", alfolio_site, alfolio_site / "out", "--to", "academicpages") == 2
    assert "DEST must not be inside SRC" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run("convert", empty, tmp_path / "d", "--to", "al-folio") == 2
    assert "--from" in capsys.readouterr().err


def test_src_is_never_modified(alfolio_site, academicpages_site, tmp_path):
    for src, to in ((alfolio_site, "academicpages"), (academicpages_site, "al-folio")):
        before = tree_digest(src)
        assert run("convert", src, tmp_path / to, "--to", to, "-q") == 0
        assert tree_digest(src) == before


def test_reports_json_and_markdown(alfolio_site, tmp_path):
    rj, rm = tmp_path / "r.json", tmp_path / "r.md"
    assert run("convert", alfolio_site, tmp_path / "d", "--to", "academicpages",
               "--dry-run", "--report", rj) == 0
    data = json.loads(rj.read_text())
    assert data["source_theme"] == "al-folio" and data["target_theme"] == "academicpages"
    codes = {f["code"] for f in data["findings"]}
    assert {"identity", "page", "publication", "social"} <= codes
    lost = [f for f in data["findings"] if f["outcome"] == "lost"]
    # WeChat QR has no academicpages sidebar key: reported, with the file it came from
    assert any("wechat" in f["message"] and f["path"] == "_data/socials.yml" for f in lost)
    for f in data["findings"]:
        assert f["id"] and f["severity"] in ("info", "warning", "loss") and f["message"]
    assert data["files"]["created"]
    assert run("convert", alfolio_site, tmp_path / "d", "--to", "academicpages",
               "--dry-run", "--report", rm) == 0
    md = rm.read_text()
    assert md.startswith("# sitemigrate report: al-folio → academicpages")
    assert "| loss | lost | `_data/socials.yml:7` |" in md


def test_inspect_and_themes(alfolio_site, capsys):
    assert run("inspect", alfolio_site) == 0
    data = json.loads(capsys.readouterr().out)
    site = data["site"]
    assert site["theme"] == "al-folio" and site["generation"] == "2024-25"
    assert site["identity"]["full_name"] == "Ada Q. Okonkwo"
    assert len(site["publications"]) == 3 and len(site["news"]) == 3
    assert run("themes") == 0
    out = capsys.readouterr().out
    assert "al-folio" in out and "academicpages" in out and "read, write" in out


def test_python_dash_m_and_version(tmp_path):
    res = subprocess.run([sys.executable, "-m", "sitemigrate", "--version"],
                         capture_output=True, text=True, check=True)
    assert res.stdout.startswith("sitemigrate 0.")
    res = subprocess.run([sys.executable, "-m", "sitemigrate", "convert", str(tmp_path / "x"),
                          str(tmp_path / "y"), "--to", "al-folio"], capture_output=True, text=True)
    assert res.returncode == 2 and "no such file" in res.stderr


def test_plain_page_with_name_flag(tmp_path):
    from conftest import FIXTURES
    page = next(p for p in sorted((FIXTURES / "plain").iterdir()) if p.suffix == ".md")
    dest = tmp_path / "out"
    assert run("convert", page, dest, "--from", "markdown", "--to", "al-folio",
               "--name", "Quinn Example Person", "-q") == 0
    config = (dest / "_config.yml").read_text()
    assert "first_name: Quinn" in config and "last_name: Person" in config
    assert (dest / "_pages/about.md").is_file()


def test_findings_on_stderr_say_a_repeated_message_once(alfolio_site, tmp_path, capsys):
    """A message found in many places is one line with a count and its first places (the
    report keeps every one); the same message with other values is the same kind."""
    import shutil
    src = tmp_path / "src"
    shutil.copytree(alfolio_site, src)
    for n, count in (("few", 2), ("many", 6)):
        for i in range(count):
            (src / f"_posts/2020-01-0{i + 1}-{n}-{i}.md").write_text(
                f"---\nlayout: post\ntitle: {n} {i}\nmy_{n}_key: 1\n---\nText {i}.\n")
    report = tmp_path / "r.json"
    assert run("convert", src, tmp_path / "dest", "--to", "academicpages",
               "--report", report) == 0
    err = capsys.readouterr().err
    kind = [line for line in err.splitlines() if "has no academicpages meaning" in line]
    assert kind == ["  8× front-matter key `…` has no academicpages meaning; kept as written. "
                    "At: _posts/2020-01-01-few-0.md:4 `my_few_key`, _posts/2020-01-01-many-0.md:4 "
                    "`my_many_key`, _posts/2020-01-02-few-1.md:4 `my_few_key` and 5 more"]
    findings = json.loads(report.read_text())["findings"]
    assert sum("`my_many_key`" in f["message"] for f in findings) == 6


def test_main_makes_full_collections_rare_for_its_run_only(tmp_path, monkeypatch):
    """The command raises the collector's thresholds while it runs (a full collection
    rescans the whole IR) and puts the caller's back afterwards."""
    import gc

    from sitemigrate import cli
    seen = []
    real = cli._main
    monkeypatch.setattr(cli, "_main", lambda args: seen.append(gc.get_threshold()) or real(args))
    before = gc.get_threshold()
    assert cli.main(["themes"]) == 0
    assert seen and seen[0][0] >= 100_000 and gc.get_threshold() == before


def test_main_leaves_no_young_objects_for_the_first_collection_after_it(tmp_path):
    """What a conversion built is handed to the oldest generation before the caller's
    thresholds return: the first allocation after the command (at exit, for the CLI) does
    not scan the whole run's objects as young ones."""
    import gc

    from conftest import FIXTURES

    from sitemigrate import cli
    assert cli.main(["convert", str(FIXTURES / "al-folio-site"), str(tmp_path / "out"),
                     "--to", "academicpages", "-q"]) == 0
    young = [len(gc.get_objects(generation=g)) for g in (0, 1)]
    # (before: a collection as the thresholds came back, ~13,000 objects left in the middle)
    assert young[0] < 100 and young[1] < 100, young
    assert gc.get_freeze_count() == 0  # a caller's own process: nothing left frozen


@pytest.mark.parametrize("entry", ["python -m", "script"])
def test_the_command_freezes_what_is_alive_before_the_shutdown(tmp_path, entry):
    """The process's entry (``python -m sitemigrate``, the ``sitemigrate`` script: both
    ``cli.run``) puts the run's objects in the permanent generation before Python's
    shutdown, whose full collections would otherwise scan them all once more (~25 ms of
    the 1,000-entry bibliography's run). Exit handlers still run, and the output is whole."""
    import sysconfig

    from conftest import FIXTURES
    out = tmp_path / "out"
    args = ["convert", str(FIXTURES / "al-folio-site"), str(out), "--to", "academicpages"]
    if entry == "python -m":
        start = "import runpy; runpy.run_module('sitemigrate', run_name='__main__')"
    else:  # the console script's own line, as installed
        script = Path(sysconfig.get_path("scripts")) / "sitemigrate"
        if not script.is_file():
            pytest.skip("no installed `sitemigrate` script beside this Python")
        start = f"import runpy; runpy.run_path({str(script)!r}, run_name='__main__')"
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count(), file=sys.stderr))\n"
            f"{start}\n")
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    summary, _, frozen = proc.stderr.rpartition("frozen ")
    assert "files: 27 created" in summary  # written out before the exit handlers ran
    assert int(frozen) > 10_000, proc.stderr  # the modules, the IR, the plan, the report
    assert (out / "_config.yml").is_file()


@pytest.mark.parametrize(("site", "to"), [("al-folio-site", "academicpages"),
                                         ("academicpages-site", "al-folio")])
def test_a_conversion_leaves_no_closure_per_file_to_the_cyclic_collector(tmp_path, site, to):
    """A nested function that calls itself holds itself through its closure: made once per
    front matter read (the front-matter loader's builder) or per body whose links are rewritten
    (``AssetCopier.rewrite``'s ``fn``) or folder listed (two ``walk``), each was garbage only
    the cyclic collector frees, and its collections during a large conversion took ~25 ms
    instead of ~2. What is left is made once a run (the argument parser's)."""
    import collections
    import gc

    from conftest import FIXTURES

    from sitemigrate import cli
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds is kept in gc.garbage to look at
    try:
        assert cli.main(["convert", str(FIXTURES / site), str(tmp_path / "out"), "--to", to,
                         "-q"]) == 0
        gc.collect()
        functions = collections.Counter(f"{o.__module__}.{o.__qualname__}"
                                        for o in gc.garbage if inspect.isfunction(o)
                                        and o.__module__.startswith("sitemigrate"))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    per_file = {name: n for name, n in functions.items() if n > 2}
    assert not per_file, per_file  # (before: build, _style, _empty x9-11 each, walk x5)
