"""Shared test helpers: fixture paths, ../shared discovery, tree snapshots for golden files."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
CORPUS = SHARED / "corpus"
DATA = Path(__file__).resolve().parent / "data"
SARIF_SCHEMA = json.loads((DATA / "sarif-schema-2.1.0.json").read_text())
REPORT_SCHEMA = json.loads((ROOT / "src/sitemigrate/schema/report.schema.json").read_text())


def validate_sarif(log: dict) -> dict:
    """Validate a SARIF log against the OASIS 2.1.0 schema (vendored in tests/data)."""
    import jsonschema
    cls = jsonschema.validators.validator_for(SARIF_SCHEMA)
    cls.check_schema(SARIF_SCHEMA)
    cls(SARIF_SCHEMA, format_checker=cls.FORMAT_CHECKER).validate(log)
    return log


@pytest.fixture(autouse=True)
def own_check_cache(tmp_path_factory, monkeypatch) -> Path:
    """Each test has its own check cache folder (never the user's), and runs as outside CI
    (the project's CI sets CI=true, where `--check` never uses the cache): a test of CI's
    behaviour sets the variable itself."""
    folder = tmp_path_factory.mktemp("check-cache")
    monkeypatch.setenv("SITEMIGRATE_CACHE_DIR", str(folder))
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    return folder


@pytest.fixture
def repo(tmp_path) -> Path:
    """A user's git repository whose al-folio site lives in a subfolder, `site/`."""
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / "al-folio-site", root / "site")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def needs_shared(path: Path) -> Path:
    """Skip the calling test when a ../shared path is absent (a user's clone has none)."""
    if not path.exists():
        pytest.skip(f"{path} is not available (../shared is only present in the project's CI)")
    return path


def snapshot(root: Path) -> dict[str, list[str] | str]:
    """Every file under root: text as a list of lines, binary as size + hash. For golden files."""
    out: dict[str, list[str] | str] = {}
    for path in sorted(p for p in root.rglob("*") if p.is_file() and ".sitemigrate" not in p.parts):
        data = path.read_bytes()
        try:
            out[path.relative_to(root).as_posix()] = data.decode("utf-8").split("\n")
        except UnicodeDecodeError:
            out[path.relative_to(root).as_posix()] = (
                f"<binary {len(data)} bytes sha1 {hashlib.sha1(data).hexdigest()[:12]}>")
    return out


def tree_digest(root: Path) -> dict[str, tuple[str, int]]:
    """Content hash and mtime of every file: proves a tree was not touched."""
    return {p.relative_to(root).as_posix(): (hashlib.sha1(p.read_bytes()).hexdigest(),
                                              p.stat().st_mtime_ns)
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def alfolio_site() -> Path:
    return FIXTURES / "al-folio-site"


@pytest.fixture
def academicpages_site() -> Path:
    return FIXTURES / "academicpages-site"


def pytest_terminal_summary(terminalreporter, config):
    """The real-theme lab's table (tests/test_real_theme.py), when it ran."""
    table = getattr(config, "_realtheme_table", None)
    if table is not None and table.exists():
        terminalreporter.section("converted sites in the real target theme")
        terminalreporter.write_line(table.read_text())
