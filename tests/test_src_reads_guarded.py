"""Every read of SRC goes through the one guarded reader (textio.read_source, the bad-input
rules): a file of SRC's whose real path is outside SRC, behind a folder linked out of it, is
neither read nor carried into DEST nor quoted in the report. One miniature per read a
conversion reaches. Invented people."""

from __future__ import annotations

import os
import shutil

from test_checkout import _write
from test_upgrade import new_checkout, old_site

import sitemigrate

SECRET = "Ada Quill's spare door code 4711"


def _everything_under(root):
    return "\n".join(p.read_bytes().decode("utf-8", "replace") for p in sorted(root.rglob("*"))
                     if p.is_file() and not p.is_symlink())


def _link_out(src, folder, outside):
    shutil.rmtree(src / folder, ignore_errors=True)
    os.symlink(outside, src / folder, target_is_directory=True)


def _said(plan):
    return "\n".join(f"{f.path} {f.message}" for f in plan.report.findings)


def test_an_upgrades_bibtex_file_behind_a_linked_folder_is_not_carried(tmp_path):
    """An upgrade carries the owner's `.bib` files as written: one behind `_bibliography/`
    linked out of SRC is not read."""
    outside = _write(tmp_path / "outside", {
        "notes.bib": f"% {SECRET}\n@misc{{quill2019,\n  title={{Basalt}},\n"
                     "  year={2019}\n}\n"})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _link_out(src, "_bibliography", outside)
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert SECRET not in _everything_under(dest)
    assert SECRET not in _said(plan)
