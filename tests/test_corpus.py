"""Sweep over ../shared/corpus and ../shared/seeds (skipped when absent): every site converts
to the other theme, nothing crashes, SRC is not touched, nothing lands outside DEST, and what
can be counted is carried: publications, news, pages. The seeds go through the CLI, read as
their theme and as plain Markdown, to both targets."""

from __future__ import annotations

from pathlib import Path

import shutil

import pytest

import sitemigrate
import sitemigrate.formats.bibtex
from sitemigrate import cli

from conftest import CORPUS, SEEDS, tree_digest

THEME_DIRS = {"al-folio": ["upstream/al-folio", "upstream/al-folio-legacy"],
              "academicpages": ["upstream/academicpages"]}


def corpus_sites() -> list[tuple[str, Path]]:
    if not CORPUS.is_dir():
        return []
    out = []
    for theme in ("al-folio", "academicpages"):
        for rel in THEME_DIRS[theme]:
            out.append((theme, CORPUS / rel))
        variants = CORPUS / "upstream" / f"{theme}-variants"
        for site in sorted(variants.iterdir()) if variants.is_dir() else ():
            if site.is_dir() and any((site / m).exists() for m in ("_config.yml", "_pages")):
                out.append((theme, site))
        for site in sorted((CORPUS / "real" / theme).iterdir()):
            if site.is_dir():
                out.append((theme, site))
    return out


SITES = corpus_sites()
OTHER = {"al-folio": "academicpages", "academicpages": "al-folio"}


@pytest.mark.skipif(not SITES, reason="../shared/corpus is not available")
@pytest.mark.parametrize("theme,src", SITES, ids=[f"{t}:{p.name}" for t, p in SITES])
def test_corpus_site_converts(theme, src, tmp_path):
    before = tree_digest(src)
    report = sitemigrate.Report()
    site = sitemigrate.read_site(src, theme, report)
    plan = sitemigrate.write_site(site, tmp_path / "out", OTHER[theme], report=report)
    plan.apply()
    out = tmp_path / "out"
    assert tree_digest(src) == before, "SRC was modified"
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
    for path in out.rglob("*"):
        assert not path.is_symlink() and path.resolve().is_relative_to(out.resolve()), path
    assert (out / "_config.yml").is_file()
    # pages in = pages out (al-folio's about page is always `_pages/about.md`; a page that is
    # only a menu entry becomes a line of academicpages' navigation.yml, and says so)
    # and a page of the source theme's furniture (its 404 page, a Markdown guide), or one a
    # redirect page replaced on the old site, is left out
    menu_only = {f.path for f in report.findings
                 if f.code in ("menu-page", "furniture", "redirect-shadows-page")}
    for page in site.pages:
        assert (out / page.path).is_file() or page.role == "about" or page.path in menu_only, \
            page.path
    if OTHER[theme] == "academicpages":
        pubs = list((out / "_publications").glob("*.md")) if site.publications else []
        assert len(pubs) == len(site.publications)
    else:
        if site.publications:
            parsed = sitemigrate.formats.bibtex.parse_bib((out / "_bibliography/papers.bib").read_text())
            # a yearless entry would stop jekyll-scholar's build: left out, and said so
            yearless = [f for f in report.findings if f.code == "publication-no-year"]
            assert len(parsed.entries) == len(site.publications) - len(yearless)
    for f in report.findings:
        assert f.message and f.severity in ("info", "warning", "loss")


SEED_THEMES = {"000_16af977906bd34fc.txt": "al-folio", "001_012bec5f26dc6dcf.txt": "academicpages",
               "003_ad7a14170027e123.txt": "academicpages"}
SEED_CONFIG = {"al-folio": "title: blank\nfirst_name: Sam\nlast_name: Sweep\ninclude: [_pages]\n",
               "academicpages": 'title: "Sam Sweep"\nname: "Sam Sweep"\nauthor:\n  name: "Sam Sweep"\n'
                                "include: [_pages]\n"}
SEED_RUNS = [(seed, how, to) for seed in sorted(p.name for p in SEEDS.glob("0*.txt"))
             for how in (["markdown"] + ([SEED_THEMES[seed]] if seed in SEED_THEMES else []))
             for to in ("al-folio", "academicpages")] if SEEDS.is_dir() else []


@pytest.mark.skipif(not SEED_RUNS, reason="../shared/seeds is not available")
@pytest.mark.parametrize("seed,how,to", SEED_RUNS)
def test_seed_sweep(seed, how, to, tmp_path, capsys):
    original = tree_digest(SEEDS)
    src = tmp_path / "src"
    if how == "markdown":
        src.mkdir()
        shutil.copy(SEEDS / seed, src / "page.md")
        args = [str(src / "page.md")]
    else:
        (src / "_pages").mkdir(parents=True)
        shutil.copy(SEEDS / seed, src / "_pages/about.md")
        (src / "_config.yml").write_text(SEED_CONFIG[how])
        args = [str(src)]
    before = tree_digest(src)
    dest = tmp_path / "dest"
    rc = cli.main(["convert", *args, str(dest), "--from", how, "--to", to, "-q"])
    assert rc == 0, capsys.readouterr().err
    assert tree_digest(src) == before and tree_digest(SEEDS) == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dest", "src"]
    for path in dest.rglob("*"):
        assert path.resolve().is_relative_to(dest.resolve()), path
    assert cli.main(["convert", *args, str(dest), "--from", how, "--to", to, "--check", "-q"]) == 0
