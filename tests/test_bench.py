"""The benchmark's site generator must keep producing sites that convert (not timed)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

import sitemigrate

GEN = Path(__file__).resolve().parents[1] / "bench" / "gen.py"


@pytest.fixture(scope="module")
def gen():
    spec = importlib.util.spec_from_file_location("bench_gen", GEN)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _files(root: Path, folder: str) -> list[Path]:
    return sorted((root / folder).glob("*.md"))


def test_generator_is_deterministic(gen, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    gen.generate("al-folio", a, "tiny", seed=3)
    gen.generate("al-folio", b, "tiny", seed=3)
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    assert all((a / f).read_bytes() == (b / f).read_bytes() for f in files)


def test_al_folio_site_converts(gen, tmp_path):
    src, dest = tmp_path / "src", tmp_path / "dest"
    gen.generate("al-folio", src, "tiny")
    assert sitemigrate.detect_theme(src) == "al-folio"
    site = sitemigrate.read_site(src)
    n = gen.SCALES["tiny"]
    assert len(site.publications) == n.publications
    assert len(site.news) == n.news and len(site.posts) == n.posts
    assert len(site.talks) == n.talks and len(site.projects) == n.projects
    assert len(site.pages) == n.pages
    assert any("Müller" in p.citation or "García" in p.citation for p in site.publications)
    plan = sitemigrate.write_site(site, dest, "academicpages")
    plan.apply()
    assert len(_files(dest, "_publications")) == n.publications
    assert len(_files(dest, "_posts")) == n.posts
    assert len(_files(dest, "_talks")) == n.talks
    assert len(_files(dest, "_portfolio")) == n.projects
    assert len(list((dest / "images").glob("fig_*.png"))) >= 1
    assert sitemigrate.convert(src, dest, to="academicpages").up_to_date()


def test_academicpages_site_converts_with_cli(gen, tmp_path, capsys):
    from sitemigrate.cli import main
    src, dest = tmp_path / "src", tmp_path / "dest"
    gen.generate("academicpages", src, "tiny")
    n = gen.SCALES["tiny"]
    site = sitemigrate.read_site(src)
    assert sitemigrate.detect_theme(src) == "academicpages"
    assert len(site.publications) == n.publications and len(site.posts) == n.posts
    assert len(site.talks) == n.talks and len(site.projects) == n.projects
    # the dated News list of the about page becomes _news items on the way to al-folio
    assert main(["convert", str(src), str(dest), "--to", "al-folio", "-q"]) == 0
    assert len(_files(dest, "_posts")) == n.posts
    assert len(_files(dest, "_news")) == n.news
    assert len(_files(dest, "_projects")) == n.projects
    bib = (dest / "_bibliography" / "papers.bib").read_text(encoding="utf-8")
    assert bib.count("\n@") + bib.startswith("@") >= n.publications
    assert main(["convert", str(src), str(dest), "--to", "al-folio", "--check", "-q"]) == 0


def test_pairs_alternate_and_give_the_median_of_their_ratios(monkeypatch, tmp_path):
    """``--pairs``: each round runs both commands, the order swapped every round, and the
    line gives the median of the per-pair ratios and how many met the target."""
    spec = importlib.util.spec_from_file_location("bench_run_pairs", GEN.parent / "run.py")
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    order, walls = [], {"ours": [0.5, 0.4, 0.9, 0.5], "theirs": [1.0, 1.0, 1.0, 0.5]}

    def fake(cmd, cwd=None):
        who = cmd[0]
        order.append(who)
        wall = walls[who].pop(0)
        return wall, 1.0, wall, 0.0

    monkeypatch.setattr(run, "measure", fake)
    monkeypatch.setattr(run, "measure_in", fake)
    line = run.paired(lambda i: ["ours", str(i)], lambda i: ["theirs", str(i)], 4, 0.5,
                      False, "x", theirs_in=[tmp_path] * 4)
    assert order == ["ours", "theirs", "theirs", "ours"] * 2
    # ratios 0.5, 0.4, 0.9, 1.0: median 0.7, two at or under 0.5
    assert "median 0.70x wall (range 0.40-1.00)" in line
    assert "2/4 pairs at or under 0.5x" in line
    walls.update(ours=[0.5, 0.4], theirs=[0.5, 1.0])
    assert "1/2 pairs under 1x" in run.paired(lambda i: ["ours"], lambda i: ["theirs"], 2, 1,
                                              True, "bib")


def test_instructions_sum_every_process_callgrind_counted(monkeypatch, tmp_path):
    """``--instructions``: a command's count is the sum over the processes it starts (a
    console script that execs, Jekyll's wrapper), run with ``PYTHONHASHSEED=0``; a run that
    fails, or that callgrind gave no count for, is an error, never a zero."""
    spec = importlib.util.spec_from_file_location("bench_run_instr", GEN.parent / "run.py")
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    fake = tmp_path / "valgrind"
    fake.write_text("#!/bin/sh\n"
                    "[ \"$4\" = quiet ] && exit 0\n"
                    "echo \"==1== Collected : 1000\" >&2\n"
                    "echo \"==2== Collected : 2$PYTHONHASHSEED\" >&2\n"
                    "[ \"$4\" = fail ] && exit 3\n"
                    "exit 0\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert run.instructions(["ok"]) == 1020  # the second process counted "2" + its seed
    with pytest.raises(RuntimeError, match="exited 3"):
        run.instructions(["fail"])
    with pytest.raises(RuntimeError, match="no count"):
        run.instructions(["quiet"])
    # an anchor that was not built or is not here: a line that says so, not silence
    monkeypatch.setattr(run.shutil, "which", lambda name: str(fake) if name == "valgrind"
                        else None)
    assert run.bench_instructions("large", tmp_path, ["sm"], tmp_path / "none.py") == [
        "instructions, convert af->ap / jekyll build af: skipped (jekyll is not installed)",
        f"instructions, bib: convert / pubsFromBib.py: skipped ({tmp_path / 'none.py'} is not "
        "here)"]
