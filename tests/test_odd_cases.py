"""Smaller faults: bookkeeping rewritten by a run that changed nothing, UTF-16 files,
`!!python` tags in config and data, Liquid that Ruby's Liquid reads."""

from __future__ import annotations

import shutil

from sitemigrate import cli

from conftest import FIXTURES


def test_second_run_into_a_new_dest_leaves_check_json_alone(tmp_path):
    """The first run into a new DEST declares its collections; the second finds them there
    and words its report differently, but DEST is the same: `check.json` stays as it is."""
    dest = tmp_path / "dest"
    args = ["convert", str(FIXTURES / "academicpages-site"), str(dest), "--to", "al-folio",
            "-q"]
    assert cli.main(args) == 0
    check = dest / ".sitemigrate" / "check.json"
    first = check.read_bytes()
    assert cli.main(args) == 0
    assert check.read_bytes() == first
    assert cli.main(args + ["--check"]) == 0  # and the cache still answers
