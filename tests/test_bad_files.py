"""Issue 32, bad input that broke a run: a FIFO (or another file that is no regular file)
in SRC hung every command; a file name with bytes that are not UTF-8 ended in a traceback;
a full disk at the last bookkeeping write reported a failure although DEST was replaced.
Each case runs the command in a child process with a timeout (a hang fails, not waits)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES
from sitemigrate import cli

TIMEOUT = 60

FIFOS = {  # site -> files of SRC made FIFOs
    "al-folio-site": ["_config.yml", "assets/img/prof_pic.jpg",
                      "_bibliography/papers.bib", "_pages/pipe.md", "pipe.md"],
    "academicpages-site": ["_config.yml", "_pages/pipe.md", "_publications/pipe.md",
                           "images/profile.png"],
}


def sitemigrate(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sitemigrate", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=TIMEOUT,
                          env={**os.environ, "SITEMIGRATE_CACHE_DIR": str(cwd or "/tmp")})


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("site", sorted(FIFOS))
def test_fifos_in_src_are_skipped_with_a_finding_never_opened(site, tmp_path):
    src, dest, report = tmp_path / "src", tmp_path / "dest", tmp_path / "report.json"
    shutil.copytree(FIXTURES / site, src)
    for rel in FIFOS[site]:
        (src / rel).unlink(missing_ok=True)
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(src / rel)
    to = "academicpages" if site.startswith("al-folio") else "al-folio"
    res = sitemigrate("convert", src, dest, "--to", to, "--from", site.rsplit("-", 1)[0],
                      "--report", report, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    found = {f["path"] for f in json.loads(report.read_text())["findings"]
             if f["code"] == "not-a-file"}
    assert found == set(FIFOS[site]), res.stderr
    for args in (["--check"], ["--dry-run"], ["--check", "--no-cache"]):
        assert sitemigrate("convert", src, dest, "--to", to, *args,
                           cwd=tmp_path).returncode in (0, 1)
    assert sitemigrate("inspect", src, cwd=tmp_path).returncode == 0
    assert sitemigrate("urls", src, dest, cwd=tmp_path).returncode in (0, 1)


@pytest.mark.parametrize("site", ["al-folio-site", "academicpages-site"])
def test_file_names_that_are_not_utf8_are_findings_not_tracebacks(site, tmp_path):
    src, dest, report = tmp_path / "src", tmp_path / "dest", tmp_path / "report.json"
    shutil.copytree(FIXTURES / site, src)
    page = b"---\ntitle: Cafe\nlayout: post\n---\nText.\n"
    names = [b"_pages/caf\xe9.md", b"_posts/2024-01-02-caf\xe9.md", b"caf\xe9.md"]
    for name in names:
        path = os.path.join(os.fsencode(src), name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(page)
    to = "academicpages" if site.startswith("al-folio") else "al-folio"
    res = sitemigrate("convert", src, dest, "--to", to, "--report", report,
                      "--report", tmp_path / "report.md", cwd=tmp_path)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    found = {f["path"] for f in json.loads(report.read_text())["findings"]
             if f["code"] == "name-not-utf8"}
    assert found == {n.decode("latin-1").replace("é", "\\xe9") for n in names}
    assert sitemigrate("convert", src, dest, "--to", to, "--check",
                       cwd=tmp_path).returncode == 0


def test_a_full_disk_at_the_last_bookkeeping_write_is_no_failure(tmp_path, monkeypatch,
                                                                   capsys):
    """DEST was swapped in; the check cache (written after) hits a full disk: the run says
    DEST was written and warns about the cache, exit 0."""
    from sitemigrate import cache

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(cache, "save", full)
    monkeypatch.setenv("SITEMIGRATE_CACHE_DIR", str(tmp_path / "cache"))
    dest = tmp_path / "dest"
    code = cli.main(["convert", str(FIXTURES / "al-folio-site"), str(dest),
                     "--to", "academicpages", "-q"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "DEST was written" in err and "No space left on device" in err
    assert (dest / "_pages/about.md").is_file()
    assert cli.main(["convert", str(FIXTURES / "al-folio-site"), str(dest),
                     "--to", "academicpages", "--check", "-q"]) == 0


def test_bench_bigbib_makes_invented_entries():
    """bench/bigbib.py (the 50 MB bibliography's measure) writes what it says: ~900 bytes an
    entry, each parsed as one publication."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from bigbib import entries
    text = entries(200)
    assert text.count("\n@article{") == 200
    assert 700 * 200 < len(text.encode()) < 1100 * 200
