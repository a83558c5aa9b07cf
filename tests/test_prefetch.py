"""The command's helper process (sitemigrate.prefetch): what it works out of SRC is what the
run would work out itself, the files it writes are the run's, a failed or unused one changes
nothing, and none outlives a run."""

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
from sitemigrate import plan as plan_module
from sitemigrate.jekyll.urls import src_urls

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the second process is Linux's")


@pytest.fixture
def forks(monkeypatch):
    """Every fixture site is worth the helper's reading and writing; the pids of helpers
    started, the answers taken (kind -> whether the helper's), and how many of a run's
    files the helper was handed."""
    monkeypatch.setattr(prefetch, "MIN_FILES", 1)
    monkeypatch.setattr(prefetch, "MIN_SHARE", 2)
    seen: dict = {"pids": [], "taken": {}, "handed": []}
    real_fork, real_take, real_share = os.fork, prefetch.take, prefetch.share

    def share(jobs):
        mine, done = real_share(jobs)
        seen["handed"].append((len(jobs), len(jobs) - len(mine)))
        return mine, done

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
    monkeypatch.setattr(prefetch, "share", share)
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
def test_the_helper_answers_and_writes_what_the_run_would(site, to, tmp_path, forks, monkeypatch):
    src = Path(__file__).resolve().parents[1] / "fixtures" / site
    status, files, report = convert(src, tmp_path / "with", to)
    assert status == 0 and len(forks["pids"]) == 1
    assert forks["taken"] == {prefetch.URLS: True, prefetch.LISTING: True}
    [(new, handed)] = forks["handed"]
    assert 0 < handed < new  # the helper wrote whole folders, the run the others
    assert all(gone(pid) for pid in forks["pids"])
    # the run that writes DEST left a check cache made of the helper's listing: a check,
    # which lists SRC itself, finds DEST up to date
    assert cli.main(["convert", str(src), str(tmp_path / "with"), "--to", to, "--check",
                     "-q"]) == 0
    monkeypatch.setattr(prefetch, "start", lambda *a, **k: False)
    alone = convert(src, tmp_path / "alone", to)
    assert (status, files, report) == alone
    assert any(row["how"] != "same" for row in report["urls"])  # a ledger with something in it


def test_its_answers_are_the_functions_answers(alfolio_site, forks):
    assert prefetch.start(alfolio_site, listing=True, writes=False)
    real = Path(os.path.realpath(alfolio_site))
    assert prefetch.take(prefetch.URLS, alfolio_site) == (True, src_urls(real))
    assert prefetch.take(prefetch.LISTING, real) == (True, cache.src_state(real))
    assert prefetch.take(prefetch.URLS, alfolio_site) == (False, None)  # taken once
    prefetch.stop()
    assert gone(forks["pids"][0])


def test_a_failed_helper_changes_nothing(tmp_path, forks, monkeypatch):
    src = Path(__file__).resolve().parents[1] / "fixtures" / "al-folio-site"
    expected = convert(src, tmp_path / "ref", "academicpages", "--no-cache")

    def broken(*_args):
        raise OSError("the helper could not read SRC")
    with monkeypatch.context() as m:
        m.setattr("sitemigrate.jekyll.urls.src_urls", broken)  # forked with it: it fails
        assert convert(src, tmp_path / "failed", "academicpages", "--no-cache") == expected
    assert forks["taken"] == {prefetch.URLS: False} and all(gone(p) for p in forks["pids"])

    written = []

    def full(path, data):  # the helper's own writes fail half-way (a full disk)
        if len(written) > 2:
            raise OSError(28, "No space left on device")
        written.append(path)
        with open(path, "wb") as fh:
            fh.write(data[: len(data) // 2])
    monkeypatch.setattr("sitemigrate._writefile.write_file", full)
    assert convert(src, tmp_path / "full", "academicpages", "--no-cache") == expected
    assert forks["handed"][-1][1] > 3 and all(gone(p) for p in forks["pids"])


def test_a_run_that_stops_early_ends_its_helper(tmp_path, forks, monkeypatch, capsys):
    src = Path(__file__).resolve().parents[1] / "fixtures" / "al-folio-site"

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    def slow(*_args):  # the helper is still at work when the run stops: it is ended, not
        time.sleep(60)  # waited for
    monkeypatch.setattr("sitemigrate.api.read_site", interrupted)
    monkeypatch.setattr("sitemigrate.jekyll.urls.src_urls", slow)
    began = time.monotonic()
    assert cli.main(["convert", str(src), str(tmp_path / "dest"), "--to", "academicpages",
                     "-q"]) == cli.EXIT_INTERRUPTED
    assert time.monotonic() - began < 30
    assert "DEST was left as it was" in capsys.readouterr().err
    assert len(forks["pids"]) == 1 and gone(forks["pids"][0]) and prefetch._HELPER is None
    assert not (tmp_path / "dest").exists()


def test_an_interrupt_while_writing_ends_the_helper_before_the_staging_goes(
        tmp_path, forks, monkeypatch, capsys):
    src = Path(__file__).resolve().parents[1] / "fixtures" / "al-folio-site"
    dest = tmp_path / "dest"
    count = [0]
    real = plan_module._write_file

    def write(path, data):  # the run's own share: Ctrl-C on its third file
        count[0] += 1
        if count[0] == 3:
            raise KeyboardInterrupt
        real(path, data)
    monkeypatch.setattr(plan_module, "_write_file", write)
    assert cli.main(["convert", str(src), str(dest), "--to", "academicpages",
                     "-q"]) == cli.EXIT_INTERRUPTED
    assert "DEST was left as it was" in capsys.readouterr().err
    assert forks["handed"] and all(gone(p) for p in forks["pids"])
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no DEST, no staging folder


def test_no_helper_where_it_does_not_pay_or_is_not_safe(tmp_path, monkeypatch):
    src = tmp_path / "small"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "al-folio-site", src)
    assert not prefetch.start(src, listing=True, writes=False)  # 16 files: under MIN_FILES
    monkeypatch.setattr(prefetch, "MIN_FILES", 1)
    # a file: no site to walk, and a preview writes nothing
    assert not prefetch.start(src / "_config.yml", listing=True, writes=False)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:  # another thread: forking could copy a lock it holds into the child
        assert not prefetch.start(src, listing=True, writes=True)
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
