"""One file or folder that cannot be read, or a name too long to write, never stops the
run: each is a finding with its file, and the rest converts.

Permissions are simulated (the tests may run as root, who reads anything): opening or
listing a denied path raises PermissionError, as it does for an ordinary user."""

from __future__ import annotations

import builtins
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from sitemigrate import cli

from conftest import FIXTURES


@pytest.fixture
def deny(monkeypatch):
    """deny(path, ...): reading or listing these paths fails with `Permission denied`."""
    denied: set[str] = set()

    def guard(real):
        def call(target=".", *args, **kwargs):
            if not isinstance(target, int) and os.path.realpath(os.fspath(target)) in denied:
                raise PermissionError(13, "Permission denied", os.fspath(target))
            return real(target, *args, **kwargs)
        return call

    for module, name in ((builtins, "open"), (io, "open"), (os, "scandir"), (os, "listdir"),
                         (os, "open")):
        monkeypatch.setattr(module, name, guard(getattr(module, name)))
    real_stat = os.stat

    def stat(target, *args, **kwargs):  # what a folder without `x` does to what it holds
        if not isinstance(target, int):
            path = os.path.abspath(os.fspath(target))
            if any(path.startswith(folder + os.sep) for folder in denied):
                raise PermissionError(13, "Permission denied", os.fspath(target))
        return real_stat(target, *args, **kwargs)
    monkeypatch.setattr(os, "stat", stat)
    return lambda *paths: denied.update(os.path.realpath(p) for p in paths)


NEWS = "carbon-aware scheduling was accepted"  # an al-folio news item of the fixture
CASES = {  # site, denied path, the finding's path, a text of the site that still arrives
    "page": ("al-folio-site", "_pages/about.md", "_pages/about.md", NEWS),
    "post": ("al-folio-site", "_posts/2024-05-01-hello.md", "_posts/2024-05-01-hello.md", NEWS),
    "bib": ("al-folio-site", "_bibliography/papers.bib", "_bibliography/papers.bib", NEWS),
    "config": ("al-folio-site", "_config.yml", "_config.yml", NEWS),
    "image": ("al-folio-site", "assets/img/prof_pic.jpg", "assets/img/prof_pic.jpg", NEWS),
    "posts-folder": ("al-folio-site", "_posts", "_posts/", NEWS),
    "publications-folder": ("academicpages-site", "_publications", "_publications/",
                            "Winter fieldwork"),
    "cv-json": ("academicpages-site", "_data/cv.json", "_data/cv.json", "Winter fieldwork"),
    # issue 32: folders whose files cannot even be looked up stopped the run (exit 2)
    "data-folder": ("al-folio-site", "_data", "_data/", NEWS),
    "pages-folder": ("al-folio-site", "_pages", "_pages/", NEWS),
    "bib-folder": ("al-folio-site", "_bibliography", "_bibliography/", NEWS),
    "images-folder": ("al-folio-site", "assets/img", "assets/img/", NEWS),
    "ap-data-folder": ("academicpages-site", "_data", "_data/", "Winter fieldwork"),
    "ap-files-folder": ("academicpages-site", "files", "files/", "Winter fieldwork"),
    "ap-images-folder": ("academicpages-site", "images", "images/", "Winter fieldwork"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_one_unreadable_file_or_folder_is_a_finding_and_the_rest_converts(
        case, tmp_path, deny, capsys):
    site, denied, where, marker = CASES[case]
    src, dest, report = tmp_path / "src", tmp_path / "dest", tmp_path / "report.json"
    shutil.copytree(FIXTURES / site, src)
    to = "academicpages" if site.startswith("al-folio") else "al-folio"
    deny(src / denied)
    code = cli.main(["convert", str(src), str(dest), "--from", site.rsplit("-", 1)[0],
                     "--to", to, "--report", str(report)])
    err = capsys.readouterr().err
    assert code == 0, err
    findings = json.loads(report.read_text("utf-8"))["findings"]
    hits = [f for f in findings if f["code"] == "unreadable" and f["path"] == where]
    assert hits and "Permission denied" in hits[0]["message"], err
    assert f"{where}: {hits[0]['message']}" in err
    text = "\n".join(p.read_text("utf-8", "replace") for p in dest.rglob("*.md"))
    assert marker in text


def test_names_too_long_to_write_are_findings_and_the_rest_converts(tmp_path, capsys):
    """A 320-character old URL becomes a redirect page's file name, a 320-character key a
    BibTeX file's: each is reported, not written; the run goes on."""
    src, dest = tmp_path / "src", tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    long = "l" * 320
    post = src / "_posts/2023-02-01-winter-fieldwork.md"
    post.write_text(post.read_text().replace("title:", f"redirect_from: /{long}/\ntitle:", 1))
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "\ncollections:\n", f"\ncollections:\n  {long}:\n    output: true\n", 1))
    code = cli.main(["convert", str(src), str(dest), "--from", "academicpages",
                     "--to", "al-folio"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "is longer than file systems take (255 bytes a name); it was not written" in err
    assert "could not be looked up (File name too long)" in err
    assert "Winter fieldwork" in (dest / "_posts/2023-02-01-winter-fieldwork.md").read_text()
    assert not [p for p in dest.rglob("*") if len(p.name) > 255]


def test_a_250_letter_title_word_still_names_a_file(tmp_path, capsys):
    """Publication file names come from titles: a 250-letter word is cut to a slug that
    fits, and the publication is written."""
    src, dest = tmp_path / "src", tmp_path / "dest"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    bib = src / "_bibliography/papers.bib"
    word = "w" * 250
    text = bib.read_text()
    at = text.index("title", text.index("@article{okonkwo2023storage"))
    bib.write_text(text[:at] + f"title = {{Storage {word} beyond}},\n  old" + text[at:])
    code = cli.main(["convert", str(src), str(dest), "--to", "academicpages", "-q"])
    assert code == 0, capsys.readouterr().err
    names = [p.name for p in (dest / "_publications").iterdir()]
    ours = [n for n in names if n.startswith("2023-01-01-storage-www")]
    assert len(ours) == 1 and len(ours[0].encode()) <= 255
    assert word in (dest / "_publications" / ours[0]).read_text()
