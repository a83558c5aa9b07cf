"""An upgrade reads SRC only through the one guarded reader (the bad-input rules): a file of
SRC's whose real path is outside SRC, behind a linked folder, is neither read nor carried
into DEST (the owner's data files an upgrade carries as written). Invented people."""

from __future__ import annotations

import os
import shutil

from test_checkout import academicpages_checkout
from test_read_rules import write
from test_upgrade import vera_on_academicpages

import sitemigrate

SECRET = "Vera's spare door code 4711"


def everything_under(root):
    return "\n".join(p.read_bytes().decode("utf-8", "replace") for p in sorted(root.rglob("*"))
                     if p.is_file() and not p.is_symlink())


def test_a_data_file_behind_a_linked_folder_is_not_carried(tmp_path):
    outside = write(tmp_path / "outside", {"ui-text.yml": f"en:\n  skip_links: {SECRET}\n"})
    src = vera_on_academicpages(tmp_path / "src", {})
    write(src, {"_config.yml": (src / "_config.yml").read_text()
                + "publication_category:\n  manuscripts:\n    title: Journal Articles\n"})
    shutil.rmtree(src / "_data")
    os.symlink(outside, src / "_data", target_is_directory=True)
    dest = academicpages_checkout(tmp_path / "dest")
    write(dest, {"_data/ui-text.yml": "en:\n  skip_links: Skip links\n"})
    plan = sitemigrate.convert(src, dest, to="academicpages", from_="academicpages")
    plan.apply()
    assert SECRET not in everything_under(dest)
