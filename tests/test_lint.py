"""mypy and ruff, as part of the test command (and so of `.ci/run`): the package type-checks
(pyproject's `[tool.mypy]`), its public API (`api`, `ir`, `report`) under `--strict`, and
ruff finds nothing in src, tests, bench and scripts (pyproject's `[tool.ruff]`). Both tools
come with the `test` extra; without them these tests skip. Caches go to a temporary folder,
so the tree stays clean and every run is a cold one."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

PUBLIC_API = ["src/sitemigrate/api.py", "src/sitemigrate/ir.py", "src/sitemigrate/report.py"]


def run(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(args)} (exit {done.returncode}):\n" \
                                 f"{done.stdout}{done.stderr}"


def needs(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -e '.[test]')")


def test_mypy(tmp_path: Path) -> None:
    needs("mypy")
    run(["mypy", "--cache-dir", str(tmp_path)])  # pyproject: packages = sitemigrate


def test_mypy_strict_public_api(tmp_path: Path) -> None:
    needs("mypy")
    run(["mypy", "--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path),
         *PUBLIC_API])


def test_ruff() -> None:
    needs("ruff")
    run(["ruff", "check", "--no-cache", "src", "tests", "bench", "scripts"])


def test_package_all_lists_the_lazy_names() -> None:
    """`sitemigrate.__all__` is written out for the linters; it must name what `_LAZY` loads."""
    import sitemigrate
    assert sorted(sitemigrate.__all__) == sorted([*sitemigrate._LAZY, "__version__"])
