"""Each kind of run gives its result in a fresh interpreter, as the command is: a
bibliography alone, ``--help``, and a ``--check`` answered from the cache (what a run
imports is its own business: these check what it does). Patterns one code path
uses are compiled at their first use (``lazyre.lazy_pattern``), and every dataclass has a
docstring of its own."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

from sitemigrate.lazyre import lazy_pattern

SITE = ROOT / "fixtures" / "al-folio-site"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "sitemigrate", *map(str, args)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done


def bibliography_only(tmp_path: Path) -> Path:
    """An al-folio site of its ``_config.yml`` and bibliography only (as the benchmark's)."""
    src = tmp_path / "bib"
    (src / "_bibliography").mkdir(parents=True)
    shutil.copy(SITE / "_config.yml", src / "_config.yml")
    shutil.copy(SITE / "_bibliography" / "papers.bib", src / "_bibliography" / "papers.bib")
    return src


def test_a_bibliography_alone_converts_to_one_page_per_entry(tmp_path):
    run("convert", bibliography_only(tmp_path), tmp_path / "dest", "--to", "academicpages",
        "-q")
    bib = (SITE / "_bibliography" / "papers.bib").read_text("utf-8")
    entries = len(re.findall(r"^@(?!string|comment|preamble)\w+\s*\{", bib, re.M | re.I))
    pages = sorted((tmp_path / "dest" / "_publications").glob("*.md"))
    assert entries > 1 and len(pages) == entries
    assert all(p.read_text("utf-8").startswith("---\ntitle: ") for p in pages)


def test_help_prints_the_convert_usage():
    done = run("convert", "--help")
    assert done.stdout.startswith("usage: sitemigrate convert") and "--to" in done.stdout


def test_a_lazy_pattern_is_the_pattern_compiled_once():
    text = r"^( {0,3}\[[^\]\n]+\]:[ \t]*)(<?)([^\s<>]+)(>?)()"
    get = lazy_pattern(text, re.M | re.I)
    assert get.cache_info().currsize == 0  # nothing compiled until asked for
    assert get() == re.compile(text, re.M | re.I) and get() is get()


def test_every_dataclass_has_a_docstring_of_its_own():
    """Documented, and cheaper to define: for a class without one, ``@dataclass`` writes a
    docstring from ``inspect.signature`` at import (~0.15 ms a class)."""
    import dataclasses
    import importlib
    import pkgutil

    import sitemigrate
    found, bare = 0, []
    for info in pkgutil.walk_packages(sitemigrate.__path__, "sitemigrate."):
        if info.name == "sitemigrate.__main__":
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and dataclasses.is_dataclass(value)
                    and value.__module__ == info.name):
                found += 1
                if value.__doc__.startswith(f"{value.__name__}("):  # written by @dataclass
                    bare.append(f"{info.name}.{value.__qualname__}")
    assert found > 30 and not bare, bare


def test_a_check_answered_from_the_cache_reports_what_a_full_check_reports(tmp_path):
    """``--check`` on an up-to-date DEST (CI's every push) replays the saved report: it says
    up to date, and its report is the one a check that converts again (``--no-cache``)
    gives."""
    dest = tmp_path / "dest"
    run("convert", SITE, dest, "--to", "academicpages", "-q")
    cached = run("convert", SITE, dest, "--to", "academicpages", "--check",
                 "--report", tmp_path / "cached.json")
    assert "DEST is up to date" in cached.stderr
    run("convert", SITE, dest, "--to", "academicpages", "--check", "--no-cache", "-q",
        "--report", tmp_path / "full.json")
    cached_report = json.loads((tmp_path / "cached.json").read_text("utf-8"))
    full_report = json.loads((tmp_path / "full.json").read_text("utf-8"))
    assert cached_report["findings"] and cached_report == full_report
