"""`sitemigrate verify` with the real-theme lab's Jekyll (`--build ../shared/lab/bin/build`):
a corpus site converted into a template checkout of the other theme is verified; with one
paragraph, one publication and one menu entry taken out of the converted DEST, verify names
each (exit 1); with them put back, it finds what it found at first, no more (and passes
where the conversion itself loses nothing: tests/test_real_theme.py's KNOWN_GAPS say which
cells do not yet). Skipped where the lab is not set up."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import realtheme
import yaml

from sitemigrate import cli
from sitemigrate.verify.text import front, norm, paragraphs_of

pytestmark = pytest.mark.skipif(realtheme.missing() is not None,
                                reason=str(realtheme.missing()))

SITE = "real/al-folio/sy3104__sy3104.github.io"
"""An al-folio site whose move into the current academicpages template loses nothing."""


def _verify(src: Path, dest: Path, template: str, report: Path) -> tuple[int, dict]:
    status = cli.main(["verify", str(src), str(dest), "-q", "--report", str(report),
                       "--build", str(realtheme.LAB / "bin" / "build"),
                       "--template", str(realtheme.TEMPLATES / template)])
    return status, json.loads(report.read_text()) if report.exists() else {}


def test_verify_names_the_paragraph_publication_and_menu_entry_taken_out(tmp_path):
    template = realtheme.targets(SITE)[0]
    src = realtheme.overlay(realtheme.CORPUS / SITE, realtheme.TEMPLATES / realtheme.SITES[SITE],
                            tmp_path / "src")
    dest = realtheme.checkout(template, tmp_path / "dest")
    assert cli.main(["convert", str(src), str(dest), "--to", "academicpages", "-q"]) in (0, 1)
    first, report = _verify(src, dest, template, tmp_path / "first.json")
    assert first in (0, 1), "a site did not build"
    found = sorted((f["code"], f["message"]) for f in report["findings"])
    assert (first == 0) == (not any(f["severity"] == "loss" for f in report["findings"]))
    saved = tmp_path / "saved"
    shutil.copytree(dest, saved)

    # a paragraph of the home page, a publication, a menu entry: taken out of DEST
    about = next(p for p in (dest / "_pages").glob("about.*"))
    text = about.read_text("utf-8")
    body = front(text)[1]  # the front matter stays
    paragraph = max((block for block in body.split("\n\n")  # the longest plain prose
                     if paragraphs_of(block) and not set(block) & set("{}<>[]|#!*")),
                    key=len)
    about.write_text(text.replace(paragraph, ""), "utf-8")
    publication = sorted((dest / "_publications").glob("*.md"))[0]
    title = norm(str(front(publication.read_text("utf-8"))[0]["title"]))
    publication.unlink()
    navigation = dest / "_data" / "navigation.yml"
    menu = yaml.safe_load(navigation.read_text("utf-8"))
    entry = menu["main"].pop()
    navigation.write_text(yaml.safe_dump(menu, sort_keys=False), "utf-8")

    status, report = _verify(src, dest, template, tmp_path / "lost.json")
    assert status == 1
    lost = [(f["code"], f["message"]) for f in report["findings"] if f["severity"] == "loss"]
    first_words = " ".join(paragraphs_of(paragraph)[0].split()[:6])
    assert any(code == "verify-paragraph" and first_words in message
               for code, message in lost), lost
    assert any(code == "verify-list" and f"`{title}`" in message for code, message in lost), lost
    assert ("verify-menu", f"the menu no longer has the entry `{norm(entry['title'])}`") in lost

    shutil.rmtree(dest)
    shutil.copytree(saved, dest)
    status, report = _verify(src, dest, template, tmp_path / "again.json")
    assert status == first
    assert sorted((f["code"], f["message"]) for f in report["findings"]) == found
