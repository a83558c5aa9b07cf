"""A document's relative links (`../assets/...`) reached their files from the address the
old site served it at (its own `permalink`), not from the address it gets in DEST."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES

import sitemigrate

PROJECT = """---
layout: page
title: Fjord soundscapes
description: listening to a fjord through the seasons
permalink: /fjord/
importance: 4
---

Recordings from four moorings.

<img src="../assets/img/fjord/moorings.png" width=600>
"""


def _site(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_projects/fjord.md").write_text(PROJECT)
    (src / "assets/img/fjord").mkdir(parents=True)
    (src / "assets/img/fjord/moorings.png").write_bytes(b"\x89PNG moorings")
    return src


def _picture(dest: Path, folder: str) -> Path:
    text = next(p for p in (dest / folder).glob("*.md") if "Fjord" in p.read_text()).read_text()
    src = re.search(r'<img src="([^"]+)"', text)
    assert src is not None and src[1].startswith("/"), text
    return dest / src[1].lstrip("/")


@pytest.mark.parametrize("to,folder", [("al-folio", "_projects"),
                                       ("academicpages", "_portfolio")],
                         ids=["upgrade", "academicpages"])
def test_a_projects_relative_picture_is_linked_from_its_old_address(tmp_path, to, folder):
    src = _site(tmp_path)
    dest = tmp_path / "out"
    plan = sitemigrate.convert(src, dest, to=to)
    plan.apply()
    assert not [f for f in plan.report.findings if f.code == "missing-file"
                and "moorings" in f.message]
    assert _picture(dest, folder).read_bytes() == b"\x89PNG moorings"
