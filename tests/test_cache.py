"""`--check` on an unchanged site answers from DEST/.sitemigrate/check.json without
converting; any change to SRC, DEST, the options or the mappings converts again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sitemigrate import cache, cli

from conftest import FIXTURES, tree_digest


@pytest.fixture
def converted(tmp_path):
    src, dest = tmp_path / "src", tmp_path / "dest"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    assert cli.main(["convert", str(src), str(dest), "--to", "academicpages", "-q"]) == 0
    assert (dest / cache.CACHE).is_file()
    return src, dest


@pytest.fixture
def conversions(monkeypatch):
    """Counts the real conversions the CLI runs."""
    runs = []
    real = cli._run

    def counted(args):
        runs.append(args)
        return real(args)
    monkeypatch.setattr(cli, "_run", counted)
    return runs


def check(src, dest, *extra):
    return cli.main(["convert", str(src), str(dest), "--to", "academicpages", "--check", "-q",
                     *map(str, extra)])


def test_unchanged_site_is_answered_from_the_cache(converted, conversions, tmp_path):
    src, dest = converted
    before = tree_digest(dest)
    assert check(src, dest, "--report", tmp_path / "r.json") == 0
    assert conversions == []  # no conversion ran
    assert tree_digest(dest) == before  # --check wrote nothing, not even the cache
    replayed = json.loads((tmp_path / "r.json").read_text())
    assert replayed["files"]["created"] == [] and replayed["files"]["unchanged"]
    assert any(f["code"] == "social" and f["severity"] == "loss" for f in replayed["findings"])
    assert check(src, dest, "--no-cache") == 0 and len(conversions) == 1


def test_a_fresh_clone_hits_too(converted, conversions, tmp_path):
    """CI checks out SRC and DEST anew: other paths, other modification times, same bytes."""
    src, dest = converted
    clone_src, clone_dest = tmp_path / "clone/src", tmp_path / "clone/dest"
    shutil.copytree(src, clone_src, copy_function=shutil.copy)  # new mtimes
    shutil.copytree(dest, clone_dest, copy_function=shutil.copy)
    assert check(clone_src, clone_dest) == 0 and conversions == []


@pytest.mark.parametrize("change", ["src", "dest", "options"])
def test_any_change_converts_again(converted, conversions, change):
    src, dest = converted
    extra = []
    if change == "src":
        (src / "_pages/about.md").write_text((src / "_pages/about.md").read_text() + "\nMore.\n")
    elif change == "dest":
        (dest / "_pages/about.md").write_text("edited by hand\n")
    else:
        extra = ["--redirects", "plugin"]
    status = check(src, dest, *extra)
    assert len(conversions) == 1
    # a SRC edit is pending; a DEST edit by hand is kept (not pending); options may change
    # nothing for this target: what matters is that the conversion ran
    assert status == (1 if change == "src" else 0)


def test_code_and_mapping_files_are_part_of_the_fingerprint(converted, monkeypatch,
                                                             tmp_path):
    """An upgrade, or an edited checkout with the same version number, converts again."""
    from sitemigrate import mapdata
    src, dest = converted
    options = {"to": "academicpages"}
    first = cache.fingerprint(src, dest, options)
    assert cache.fingerprint(src, dest, options) == first
    package = tmp_path / "pkg"
    shutil.copytree(Path(cache.__file__).parent, package)
    monkeypatch.setattr(cache, "__file__", str(package / "cache.py"))
    assert cache.fingerprint(src, dest, options) == first  # the same code elsewhere
    (package / "formats" / "bibtex.py").write_text((package / "formats" / "bibtex.py").read_text() + "\n# edited\n")
    assert cache.fingerprint(src, dest, options) != first
    monkeypatch.undo()
    mappings = tmp_path / "mappings"
    shutil.copytree(mapdata.mappings_dir(), mappings)
    monkeypatch.setattr(mapdata, "mappings_dir", lambda: mappings)
    assert cache.fingerprint(src, dest, options) == first
    with (mappings / "academicpages.yml").open("a") as fh:
        fh.write("\n# edited\n")
    assert cache.fingerprint(src, dest, options) != first


def test_template_tables_are_part_of_the_fingerprint(converted, monkeypatch, tmp_path):
    """A re-made table of template files (scripts/template_digests.py) converts again."""
    src, dest = converted
    options = {"to": "academicpages"}
    package = tmp_path / "pkg"
    shutil.copytree(Path(cache.__file__).parent, package)
    monkeypatch.setattr(cache, "__file__", str(package / "cache.py"))
    first = cache.fingerprint(src, dest, options)
    table = package / "themes" / "alfolio" / "template_files.json"
    table.write_text(table.read_text().replace("{", "{ ", 1))
    assert cache.fingerprint(src, dest, options) != first
