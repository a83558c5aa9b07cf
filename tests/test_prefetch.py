"""The command's second process (sitemigrate.prefetch): what it works out of SRC is what the
run would work out itself, a failed or unused one changes nothing, and none outlives a run."""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
from pathlib import Path

import pytest

from sitemigrate import cache, cli, prefetch
from sitemigrate.jekyll.urls import src_urls

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the second process is Linux's")


@pytest.fixture
def forks(monkeypatch):
    """Every fixture site is worth a second process; the pids of those started, and the
    answers taken (kind -> whether the child's)."""
    monkeypatch.setattr(prefetch, "MIN_FILES", 1)
    seen: dict = {"pids": [], "taken": {}}
    real_fork, real_take = os.fork, prefetch.take

    def fork() -> int:
        pid = real_fork()
        if pid:
            seen["pids"].append(pid)
        return pid

    def take(kind, src):
        ready, answer = real_take(kind, src)
        seen["taken"][kind] = ready
        return ready, answer

    monkeypatch.setattr(os, "fork", fork)
    monkeypatch.setattr(prefetch, "take", take)
    return seen


def gone(pid: int) -> bool:
    """No such child any more: ended and waited for (no zombie left either)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def convert(src: Path, dest: Path, to: str, *more: str) -> tuple[int, dict[str, bytes], dict]:
    report = dest.parent / f"{dest.name}.json"
    status = cli.main(["convert", str(src), str(dest), "--to", to, "-q",
                       "--report", str(report), *more])
    files = {p.relative_to(dest).as_posix(): p.read_bytes()
             for p in sorted(dest.rglob("*")) if p.is_file()}
    files.pop(".sitemigrate/check.json", None)  # its fingerprint is checked by --check below
    return status, files, json.loads(report.read_text("utf-8"))


@pytest.mark.parametrize("site, to", [("al-folio-site", "academicpages"),
                                      ("academicpages-site", "al-folio"),
                                      ("al-folio-v1", "academicpages")])
def test_the_second_process_answers_what_the_run_would(site, to, tmp_path, forks, monkeypatch):
    src = Path(__file__).resolve().parents[1] / "fixtures" / site
    status, files, report = convert(src, tmp_path / "with", to)
    assert status == 0 and len(forks["pids"]) == 1
    assert forks["taken"] == {prefetch.URLS: True, prefetch.LISTING: True}
    assert all(gone(pid) for pid in forks["pids"])
    # the run that writes DEST left a check cache made of the child's listing: a check,
    # which lists SRC itself, finds DEST up to date
    assert cli.main(["convert", str(src), str(tmp_path / "with"), "--to", to, "--check",
                     "-q"]) == 0
    monkeypatch.setattr(prefetch, "start", lambda *a, **k: False)
    alone = convert(src, tmp_path / "alone", to)
    assert (status, files, report) == alone
    assert any(row["how"] != "same" for row in report["urls"])  # a ledger with something in it


def test_its_answers_are_the_functions_answers(alfolio_site, forks):
    assert prefetch.start(alfolio_site, listing=True)
    real = Path(os.path.realpath(alfolio_site))
    assert prefetch.take(prefetch.URLS, alfolio_site) == (True, src_urls(real))
    assert prefetch.take(prefetch.LISTING, real) == (True, cache.src_state(real))
    assert prefetch.take(prefetch.URLS, alfolio_site) == (False, None)  # taken once
    prefetch.stop()
    assert gone(forks["pids"][0])


def test_a_failed_second_process_changes_nothing(tmp_path, forks, monkeypatch):
    src = Path(__file__).resolve().parents[1] / "fixtures" / "al-folio-site"
    expected = convert(src, tmp_path / "ref", "academicpages", "--no-cache")

    def broken(*_args):
        raise OSError("the child could not read SRC")
    monkeypatch.setattr(prefetch, "_work", broken)  # forked with it: the child fails
    assert convert(src, tmp_path / "failed", "academicpages", "--no-cache") == expected
    assert forks["taken"] == {prefetch.URLS: False} and all(gone(p) for p in forks["pids"])


def test_a_run_that_stops_early_ends_its_second_process(tmp_path, forks, monkeypatch, capsys):
    src = Path(__file__).resolve().parents[1] / "fixtures" / "al-folio-site"

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    def slow(*_args):  # the child is still at work when the run stops: it is ended, not
        time.sleep(60)  # waited for
    monkeypatch.setattr("sitemigrate.api.read_site", interrupted)
    monkeypatch.setattr(prefetch, "_work", slow)
    began = time.monotonic()
    assert cli.main(["convert", str(src), str(tmp_path / "dest"), "--to", "academicpages",
                     "-q"]) == cli.EXIT_INTERRUPTED
    assert time.monotonic() - began < 30
    assert "DEST was left as it was" in capsys.readouterr().err
    assert len(forks["pids"]) == 1 and gone(forks["pids"][0]) and prefetch._CHILD is None
    assert not (tmp_path / "dest").exists()


def test_no_second_process_where_it_does_not_pay_or_is_not_safe(tmp_path, monkeypatch):
    src = tmp_path / "small"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "al-folio-site", src)
    assert not prefetch.start(src, listing=True)  # 16 files: under MIN_FILES
    monkeypatch.setattr(prefetch, "MIN_FILES", 1)
    assert not prefetch.start(src / "_config.yml", listing=True)  # a file: no site to walk
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:  # another thread: forking could copy a lock it holds into the child
        assert not prefetch.start(src, listing=True)
    finally:
        stop.set()
        other.join()
    assert prefetch.take(prefetch.URLS, src) == (False, None)


def test_counting_files_stops_at_the_count_and_skips_what_no_run_reads(tmp_path):
    for i in range(3):
        (tmp_path / f"p{i}.md").write_text("x")
    (tmp_path / "node_modules" / "pkg").mkdir(parents=True)
    for i in range(5):
        (tmp_path / "node_modules" / "pkg" / f"{i}.js").write_text("x")
    assert prefetch._at_least(str(tmp_path), 3)
    assert not prefetch._at_least(str(tmp_path), 4)
    (tmp_path / "_posts").mkdir()
    (tmp_path / "_posts" / "a.md").write_text("x")
    assert prefetch._at_least(str(tmp_path), 4)
