"""Issue 32, re-runs: what left SRC leaves DEST, the second run changes nothing, and a run
the wrong way round (SRC and DEST swapped, DEST someone else's site) is refused. The
people of the fixtures are invented."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from conftest import CORPUS, FIXTURES, SHARED, needs_shared
from sitemigrate import cli

TEMPLATES = SHARED / "lab/templates"


def convert(src: Path, dest: Path, to: str, *extra: str, tmp: Path) -> tuple[int, dict]:
    report = tmp / "report.json"
    report.unlink(missing_ok=True)
    code = cli.main(["convert", str(src), str(dest), "--to", to, "-q", "--report",
                     str(report), *extra])
    return code, (json.loads(report.read_text())["files"] if report.is_file() else {})


def changed(files: dict) -> dict:
    return {k: v for k, v in files.items() if v and k != "unchanged"}


def drop_bib_entry(bib: Path, key: str) -> None:
    text = bib.read_text()
    start = text.index(f"{{{key},")
    start = text.rindex("@", 0, start)
    end = text.find("\n@", start + 1)
    bib.write_text(text[:start] + (text[end + 1:] if end >= 0 else ""))


def test_what_left_src_leaves_dest_unless_the_owner_edited_it(tmp_path):
    src, dest = tmp_path / "src", tmp_path / "dest"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    assert convert(src, dest, "academicpages", tmp=tmp_path)[0] == 0
    storage = dest / "_publications/2023-01-01-energy-proportional-storage.md"
    post, page = dest / "_posts/2024-05-01-hello.md", dest / "_pages/cv.md"
    assert storage.is_file() and post.is_file() and page.is_file()
    drop_bib_entry(src / "_bibliography/papers.bib", "okonkwo2023storage")
    (src / "_posts/2024-05-01-hello.md").unlink()
    (src / "_pages/cv.md").unlink()
    page.write_text(page.read_text() + "\nMy own note.\n")  # the owner edited this one
    code, files = convert(src, dest, "academicpages", "--check", tmp=tmp_path)
    assert code == 1 and {storage.relative_to(dest).as_posix(),
                          post.relative_to(dest).as_posix()} <= set(files["deleted"])
    code, files = convert(src, dest, "academicpages", tmp=tmp_path)
    assert code == 0 and not storage.exists() and not post.exists()
    assert page.is_file() and "_pages/cv.md" in files["kept"]  # edited: kept, said
    assert convert(src, dest, "academicpages", "--check", tmp=tmp_path)[0] == 0
    code, files = convert(src, dest, "academicpages", "--force", tmp=tmp_path)
    assert code == 0 and not page.exists() and "_pages/cv.md" in files["deleted"]


def test_a_talk_removed_from_src_leaves_dest(tmp_path):
    src, dest = tmp_path / "src", tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    assert convert(src, dest, "al-folio", tmp=tmp_path)[0] == 0
    talk = dest / "_talks/2024-09-12-field-robots.md"
    assert talk.is_file()
    (src / "_talks/2024-09-12-field-robots.md").unlink()
    code, files = convert(src, dest, "al-folio", tmp=tmp_path)
    assert code == 0 and not talk.exists() and files["deleted"]


def test_the_bundled_example_then_ones_own_site_leaves_nothing_of_the_example(tmp_path):
    dest = tmp_path / "clone"
    shutil.copytree(needs_shared(TEMPLATES / "academicpages-2025"), dest)
    assert convert(FIXTURES / "al-folio-site", dest, "academicpages", tmp=tmp_path)[0] == 0
    assert convert(FIXTURES / "al-folio-2019", dest, "academicpages", tmp=tmp_path)[0] == 0
    example = {"okonkwo", "greensched", "energy-proportional", "schrodinger"}
    for path in dest.rglob("*"):
        if path.is_file() and ".sitemigrate" not in path.parts and ".git" not in path.parts:
            text = (path.name + path.read_text("utf-8", "replace")).lower()
            assert not [w for w in example if w in text], path


CONVERGE = [("al-folio-site", "academicpages", ""), ("al-folio-site", "academicpages",
                                                      "academicpages-2025"),
            ("al-folio-2019", "academicpages", "academicpages-2019"),
            ("academicpages-site", "al-folio", ""),
            ("academicpages-site", "al-folio", "al-folio-2022"),
            ("academicpages-2017", "al-folio", "al-folio-2025")]


def converges(src: Path, dest: Path, to: str, tmp: Path) -> None:
    assert convert(src, dest, to, tmp=tmp)[0] == 0
    code, files = convert(src, dest, to, tmp=tmp)
    assert code == 0 and changed(files) == {}, changed(files)


@pytest.mark.parametrize("fixture,to,template", CONVERGE)
def test_the_second_run_changes_nothing(fixture, to, template, tmp_path):
    dest = tmp_path / "dest"
    if template:
        shutil.copytree(needs_shared(TEMPLATES / template), dest)
    converges(FIXTURES / fixture, dest, to, tmp_path)


def test_a_corpus_site_into_a_template_converges_at_once(tmp_path):
    sites = sorted(needs_shared(CORPUS / "real/al-folio").iterdir())
    dest = tmp_path / "dest"
    shutil.copytree(needs_shared(TEMPLATES / "academicpages-2025"), dest)
    converges(sites[0], dest, "academicpages", tmp_path)


def test_a_linked_bookkeeping_folder_still_converges(tmp_path):
    dest = tmp_path / "dest"
    shutil.copytree(needs_shared(TEMPLATES / "academicpages-2025"), dest)
    (tmp_path / "elsewhere").mkdir()
    (dest / ".sitemigrate").symlink_to(tmp_path / "elsewhere")
    converges(FIXTURES / "al-folio-site", dest, "academicpages", tmp_path)
    assert not list((tmp_path / "elsewhere").iterdir())  # nothing written through it


def test_src_and_dest_swapped_is_refused_naming_what_would_be_replaced(tmp_path, capsys):
    own, template = tmp_path / "own", tmp_path / "template"
    shutil.copytree(FIXTURES / "academicpages-site", own)
    shutil.copytree(needs_shared(TEMPLATES / "al-folio-2025"), template)
    before = {p: p.read_bytes() for p in own.rglob("*") if p.is_file()}
    code = cli.main(["convert", str(template), str(own), "--to", "academicpages", "-q"])
    err = capsys.readouterr().err
    assert code == 2 and "SRC is a fresh al-folio template" in err and "`_config.yml`" in err
    assert before == {p: p.read_bytes() for p in own.rglob("*") if p.is_file()}
    assert cli.main(["convert", str(template), str(own), "--to", "academicpages", "-q",
                     "--force"]) == 0


def test_a_dest_holding_another_persons_site_is_refused(tmp_path, capsys):
    other = tmp_path / "other"
    shutil.copytree(FIXTURES / "academicpages-site", other)
    code = cli.main(["convert", str(FIXTURES / "al-folio-site"), str(other),
                     "--to", "academicpages", "-q"])
    err = capsys.readouterr().err
    assert code == 2 and "DEST holds the site of `Tomás Lindqvist`" in err
    assert "`_pages/about.md`" in err and "--force" in err
    # the owner's own site of the other theme (the same name) is no one else's
    mine = tmp_path / "mine"
    assert cli.main(["convert", str(FIXTURES / "academicpages-site"), str(mine),
                     "--to", "al-folio", "-q"]) == 0
    os.unlink(mine / ".sitemigrate/manifest.json")
    assert cli.main(["convert", str(FIXTURES / "academicpages-site"), str(mine),
                     "--to", "al-folio", "-q"]) == 0


def test_a_quoted_tilde_is_the_home_folder(tmp_path, monkeypatch):
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "al-folio-site", home / "site")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    assert cli.main(["convert", "~/site", "~/out", "--to", "academicpages", "-q"]) == 0
    assert (home / "out/_pages/about.md").is_file() and not (tmp_path / "~").exists()
