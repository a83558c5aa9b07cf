"""The two theme seed pages (../shared/seeds), converted in both directions.

The seeds are real people's pages: their text must not be copied into this repository, so
the golden files show every output line that comes from the seed as a reference
(``= seed:LINE`` or ``⊂ seed:LINE`` for a part of a line) and only what the converter
generated as text. Skipped when ../shared is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import sitemigrate

from conftest import SEEDS, needs_shared

yaml = YAML(typ="safe")

# Invented identities for the stand-in sites around each seed page.
ALFOLIO_CONFIG = """\
title: blank
first_name: Sam
last_name: Seedperson
description: A stand-in site around a seed page.
url: https://seed.example.org
baseurl: ""
include: ["_pages"]
"""
ACADEMICPAGES_CONFIG = """\
title: "Sam Seedperson"
name: "Sam Seedperson"
description: "A stand-in site around a seed page"
url: https://seed.example.org
baseurl: ""
author:
  avatar: "profile.png"
  name: "Sam Seedperson"
  bio: "Stand-in"
  email: "sam@example.org"
  github: "samseed"
include: ["_pages"]
plugins: [jekyll-redirect-from]
"""


def site_with(tmp: Path, seed: str, config: str) -> tuple[Path, list[str]]:
    src = tmp / "src"
    (src / "_pages").mkdir(parents=True)
    text = needs_shared(SEEDS / seed).read_text()
    (src / "_pages/about.md").write_text(text)
    (src / "_config.yml").write_text(config)
    return src, text.splitlines()


def referenced(out: Path, seed_lines: list[str]) -> dict[str, list[str]]:
    index = {line: i + 1 for i, line in reversed(list(enumerate(seed_lines))) if line.strip()}
    result = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file() and ".sitemigrate" not in p.parts):
        rows = []
        for line in path.read_text().splitlines():
            s = line.strip()
            key, sep, value = line.partition(": ")
            value = value.strip().strip("'\"")
            if line in index:
                rows.append(f"= seed:{index[line]}")
            elif len(s) > 12 and (hit := next((n for t, n in index.items() if s in t), None)):
                rows.append(f"⊂ seed:{hit}")
            elif sep and len(value) > 12 and (
                    hit := next((n for t, n in index.items() if value in t), None)):
                rows.append(f"{key}: ⊂ seed:{hit}")
            else:
                rows.append(line)
        name = path.relative_to(out).as_posix()
        result[re.sub(r"^(_news/\d{4}-\d{2}-\d{2})-.*(\.md)$", r"\1-SLUG\2", name)] = rows
    return result


def convert(src: Path, dest: Path, to: str) -> sitemigrate.Plan:
    plan = sitemigrate.convert(src, dest, to=to)
    plan.apply()
    return plan


def findings(plan: sitemigrate.Plan) -> list[str]:
    return [f"{f.severity} {f.outcome} {f.code} {f.location()}" for f in plan.report.findings]


def test_seed_000_alfolio_about_to_academicpages(tmp_path, data_regression):
    src, lines = site_with(tmp_path, "000_16af977906bd34fc.txt", ALFOLIO_CONFIG)
    out = tmp_path / "out"
    plan = convert(src, out, "academicpages")
    about = (out / "_pages/about.md").read_text()
    fm = yaml.load(about.split("---\n")[1])
    assert fm["permalink"] == "/" and fm["author_profile"] is True
    # the heading al-folio's about layout showed (`title: blank`: the owner's name), not the
    # page's menu label `About`: academicpages shows the title as the page's heading
    assert fm["title"] == "Sam Seedperson"
    # subtitle HTML carried into the sidebar bio
    config = yaml.load((out / "_config.yml").read_text())
    assert "<a href='https://cse.hkust.edu.hk/'>HKUST</a>" in config["author"]["bio"]
    # profile.image -> author.avatar, image path rewritten (the file is not in the stand-in
    # site, so the report says where to put it)
    assert config["author"]["avatar"] == "photo_full.jpg"
    assert any(f.code == "missing-file" and "photo_full.jpg" in f.message
               for f in plan.report.findings)
    # the commented-out YAML block is kept as a comment
    assert "  # address: >" in about and "  #   <p>Your City, State 12345</p>" in about
    # every body line survives, the trailing HTML comment included
    body = about.split("---\n", 2)[2]
    for line in "\n".join(lines).split("---\n", 2)[2].splitlines():
        assert line in body
    assert body.rstrip().endswith("just disable all of them. -->")
    # flags: news/selected_papers with nothing to show are reported, social is mapped
    codes = {(f.code, f.outcome) for f in plan.report.findings}
    assert {("news", "lost"), ("selected-papers", "lost"), ("social-flag", "mapped")} <= codes
    data_regression.check({"files": referenced(out, lines), "findings": findings(plan)})


def test_seed_001_academicpages_about_to_alfolio(tmp_path, data_regression):
    src, lines = site_with(tmp_path, "001_012bec5f26dc6dcf.txt", ACADEMICPAGES_CONFIG)
    out = tmp_path / "out"
    plan = convert(src, out, "al-folio")
    about = (out / "_pages/about.md").read_text()
    fm = yaml.load(about.split("---\n")[1])
    assert fm["layout"] == "about" and fm["permalink"] == "/"
    assert fm["announcements"]["enabled"] is True
    news = sorted((out / "_news").iterdir())
    dates = [yaml.load(p.read_text().split("---\n")[1])["date"] for p in news]
    assert [str(d) for d in dates] == ["2024-05-01", "2024-11-01", "2024-11-20", "2025-05-01"]
    assert "## News" not in about and "## Experience" in about
    assert "[11/20/2024]" not in about
    redirects = {yaml.load(p.read_text().split("---\n")[1])["permalink"]
                 for p in (out / "_pages/redirects").iterdir()}
    assert redirects == {"/about/", "/about.html"}
    # ../files/portfolio.pdf resolved from / and rewritten; the file is missing: reported
    assert "[pdf link](/assets/pdf/portfolio.pdf)" in about
    assert any(f.code == "missing-file" and "/files/portfolio.pdf" in f.message
               for f in plan.report.findings)
    assert "[Portfolio](/portfolio/)" in about
    data_regression.check({"files": referenced(out, lines), "findings": findings(plan)})


@pytest.mark.parametrize("seed,config,first,second", [
    ("000_16af977906bd34fc.txt", ALFOLIO_CONFIG, "academicpages", "al-folio"),
    ("001_012bec5f26dc6dcf.txt", ACADEMICPAGES_CONFIG, "al-folio", "academicpages"),
])
def test_seed_round_trip_keeps_every_body_line(tmp_path, seed, config, first, second):
    src, lines = site_with(tmp_path, seed, config)
    convert(src, tmp_path / "one", first)
    convert(tmp_path / "one", tmp_path / "two", second)
    text = norm("\n".join(p.read_text() for p in sorted((tmp_path / "two").rglob("*.md"))))
    body = "\n".join(lines).split("---\n", 2)[2]
    missing = [line for line in body.splitlines() if norm(line) not in text]
    assert missing == []


def norm(text: str) -> str:
    """Text without link targets, list markers or leading dates (which conversion rewrites)."""
    from sitemigrate.dates import split_dated_line
    out = []
    for line in text.splitlines():
        dated = split_dated_line(line)
        line = dated[1] if dated else line
        line = re.sub(r"\]\([^)]*\)", "]", line).strip().lstrip("-*+ ").strip()
        out.append(line)
    return "\n".join(out)


def test_seed_003_cv_with_key_typo_and_commented_liquid(tmp_path):
    src = tmp_path / "src"
    (src / "_pages").mkdir(parents=True)
    text = needs_shared(SEEDS / "003_ad7a14170027e123.txt").read_text()
    (src / "_pages/cv.md").write_text(text)
    (src / "_config.yml").write_text(ACADEMICPAGES_CONFIG)
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="al-folio", from_="academicpages")
    plan.apply()
    typo = [f for f in plan.report.findings if f.code == "key-typo"]
    assert [(f.path, f.line) for f in typo] == [("_pages/cv.md", 2)]
    assert "did you mean `layout`?" in typo[0].message
    cv = (out / "_pages/cv.md").read_text()
    fm = yaml.load(cv.split("---\n")[1])
    assert "Aramcolayout" not in fm and fm["permalink"] == "/cv/"
    # Liquid inside the (unbalanced) HTML comments still runs in Jekyll: its includes must
    # resolve in al-folio, so each gets a placeholder and a report line
    for name in ("archive-single-cv.html", "archive-single-talk-cv.html"):
        assert (out / "_includes" / name).is_file()
    assert "{% include base_path %}" not in cv
    # the clean CV sections moved into _data/cv.yml (classic text there, links as HTML);
    # everything else (comments, commented-out loops, the stray `-->`) stays in the page
    data = yaml.load((out / "_data/cv.yml").read_text())
    assert data["cv"]["sections"].keys() >= {"Education", "Work experience", "Skills"}

    def strings(v):
        if isinstance(v, dict):
            return " ".join(f"{k} {strings(x)}" for k, x in v.items())
        if isinstance(v, list):
            return " ".join(strings(x) for x in v)
        return str(v)

    def words_of(t):
        t = re.sub(r"<[^>]+>", "", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", t))
        return " ".join(t.split())

    data = words_of(strings(data))
    body = text.split("---\n", 2)[2]
    for line in body.splitlines():
        # the owner's Liquid reads the collection under al-folio's name (site.teachings)
        kept = line in cv or line.replace("site.teaching ", "site.teachings ") in cv
        if line.strip(" =") and "base_path" not in line and not kept:
            words = re.sub(r",\s*\d{4}.*$", "", words_of(line).strip(" *").split(": ", 1)[-1])
            # every word, not one run of them: a degree line is split into its fields
            assert [w for w in words.split() if w.strip(",") not in data] == [], line
