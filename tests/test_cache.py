"""`--check` on an unchanged site answers from the check cache (the user's cache folder,
never DEST) without converting; any change to SRC, DEST, the options, the code, the mappings
or the dependencies converts again; in CI it always converts."""

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
    assert cache.cache_file(src, dest).is_file()
    assert not (dest / ".sitemigrate/check.json").exists()  # nothing a repository carries
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


def test_a_clone_elsewhere_converts(converted, conversions, tmp_path):
    """The cache is named by the real paths of SRC and DEST: a checkout elsewhere (a CI
    runner's) has none, and converts."""
    src, dest = converted
    clone_src, clone_dest = tmp_path / "clone/src", tmp_path / "clone/dest"
    shutil.copytree(src, clone_src)
    shutil.copytree(dest, clone_dest)
    assert check(clone_src, clone_dest) == 0 and len(conversions) == 1


def test_a_fingerprint_committed_in_dest_cannot_spoof_the_check(converted, conversions):
    """Issue 32: anyone who commits DEST could write there the fingerprint that made a stale
    DEST pass `--check` (and `--fail-on loss`). Nothing in DEST is read as a cache now."""
    src, dest = converted
    about = src / "_pages/about.md"
    about.write_text(about.read_text() + "\nA new paragraph.\n")  # DEST is stale now
    key = {"to": "academicpages", "from": None, "generation": None, "redirects": "pages",
           "name": None, "force": False}
    saved = json.loads(cache.cache_file(src, dest).read_text())
    forged = {"fingerprint": cache.fingerprint(src, dest, key), "report": saved["report"]}
    (dest / ".sitemigrate/check.json").write_text(json.dumps(forged))
    assert check(src, dest) == 1 and len(conversions) == 1


def test_in_ci_the_check_converts_for_real(converted, conversions, monkeypatch):
    src, dest = converted
    for name, value in (("CI", "true"), ("GITHUB_ACTIONS", "true")):
        monkeypatch.setenv(name, value)
        assert check(src, dest) == 0
        monkeypatch.delenv(name)
    assert len(conversions) == 2
    assert check(src, dest) == 0 and len(conversions) == 2  # outside CI: the cache again


def test_the_fingerprint_covers_what_decides_the_output(converted, tmp_path, monkeypatch):
    """Issue 32: a file in a folder Jekyll ignores (a page may link it), an image beside a
    single-page SRC, and a new release of a dependency each change the fingerprint."""
    src, dest = converted
    key = {"to": "academicpages"}
    first = cache.fingerprint(src, dest, key)
    (src / "node_modules").mkdir()
    (src / "node_modules/paper.pdf").write_bytes(b"%PDF-1.4 one")
    second = cache.fingerprint(src, dest, key)
    assert second != first
    (src / "node_modules/paper.pdf").write_bytes(b"%PDF-1.4 two")
    assert cache.fingerprint(src, dest, key) != second
    page = tmp_path / "single/index.md"
    page.parent.mkdir()
    page.write_text("# Rowan Testwell\n\n![me](me.png)\n")
    (page.parent / "me.png").write_bytes(b"\x89PNG one")
    alone = cache.fingerprint(page, tmp_path / "out", key)
    (page.parent / "me.png").write_bytes(b"\x89PNG two")
    assert cache.fingerprint(page, tmp_path / "out", key) != alone
    from importlib import metadata
    real = metadata.version
    monkeypatch.setattr(metadata, "version",
                        lambda name: "99.0" if name.lower() == "pybtex" else real(name))
    newer = cache.fingerprint(src, dest, key)
    monkeypatch.undo()
    monkeypatch.setenv("SITEMIGRATE_CACHE_DIR", str(tmp_path / "cache"))
    assert newer != cache.fingerprint(src, dest, key)


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
