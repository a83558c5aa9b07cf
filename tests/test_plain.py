"""Homepages on neither theme (issue #6): plain Markdown/text and saved HTML pages, read by
``sitemigrate.themes.plain`` and written as al-folio and academicpages.

The fixtures in ``fixtures/plain/`` are invented people: an ATX-heading Markdown page, a
German page with setext headings and front matter, and a saved HTML page.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import sitemigrate
from sitemigrate import cli
from sitemigrate.formats import bibtex as bib
from sitemigrate.dates import split_dated_line
from sitemigrate.registry import THEMES, Options, detect, vocabulary
from sitemigrate.themes.plain.reader import PlainReader
from sitemigrate.themes.plain.tables import find_tables
from sitemigrate.themes.plain.vocab import load_vocab

from conftest import FIXTURES, snapshot

yaml = YAML(typ="safe")
PLAIN = FIXTURES / "plain"
ATX = PLAIN / "atx-homepage.md"
GERMAN = PLAIN / "setext-german.md"
SAVED = PLAIN / "saved-homepage.html"
TARGETS = ["al-folio", "academicpages"]


def front(path: Path) -> dict:
    return yaml.load(path.read_text().split("---\n")[1]) or {}


def convert(src: Path, dest: Path, to: str, **kw) -> sitemigrate.Plan:
    plan = sitemigrate.convert(src, dest, to=to, **kw)
    plan.apply()
    return plan


def findings(plan: sitemigrate.Plan) -> list[str]:
    return [f"{f.severity} {f.outcome} {f.code} {f.location()}" for f in plan.report.findings]


# -- golden files ------------------------------------------------------------------------------

@pytest.mark.parametrize("to", TARGETS)
@pytest.mark.parametrize("name", ["atx-homepage.md", "setext-german.md", "saved-homepage.html"])
def test_plain_fixture_golden(name, to, tmp_path, data_regression):
    plan = convert(PLAIN / name, tmp_path / "out", to)
    data_regression.check({"files": snapshot(tmp_path / "out"), "findings": findings(plan)})


# -- what the person sees -----------------------------------------------------------------------

def test_atx_homepage_to_alfolio(tmp_path):
    out = tmp_path / "out"
    plan = convert(ATX, out, "al-folio", from_="markdown")
    config = yaml.load((out / "_config.yml").read_text())
    assert (config["first_name"], config["last_name"]) == ("Mira", "Castellanos")
    assert config["keywords"].startswith("River memory and drought recovery, ")
    socials = yaml.load((out / "_data/socials.yml").read_text())
    assert socials == {"email": "mira@example.org", "github_username": "mira-castellanos"}
    fm = front(out / "_pages/about.md")
    assert fm["profile"]["image"] == "mira-profile.png"
    assert (out / "assets/img/mira-profile.png").is_file()
    assert fm["announcements"]["enabled"] is True
    about = (out / "_pages/about.md").read_text()
    assert "# Mira Castellanos" not in about and "![Portrait" not in about  # name + picture
    assert "I am an assistant professor of hydrology" in about
    assert "## Research interests\n\n- River memory and drought recovery\n" in about
    assert "## Hobbies\n\nI paint river maps" in about and "## Contact" in about
    assert "## News\n\n- More news on my blog, someday." in about  # the undated line stays
    news = sorted((str(front(p)["date"]), p.read_text().split("---\n", 2)[2].strip())
                  for p in (out / "_news").iterdir())
    assert news == [
        ("2024-11-20", "Started the Eastmere River Lab. We are hiring!"),
        ("2025-05-01", "I gave the keynote at the Riverbank Workshop."),
        ("2025-05-01", "Our paper on drought memory was accepted at the "
                       "**Journal of Braided Rivers**.")]
    parsed = bib.parse_bib((out / "_bibliography/papers.bib").read_text())
    assert not parsed.problems
    entries = {e.fields["title"]: e for e in parsed.entries}
    rivers = entries["Rivers That Remember: Drought Memory in Braided Channels"]
    assert rivers.entry_type == "article" and rivers.fields["year"] == "2025"
    assert rivers.fields["journal"] == "Journal of Braided Rivers"
    assert rivers.fields["pdf"] == "rivers-remember.pdf"
    assert (out / "assets/pdf/rivers-remember.pdf").is_file()
    assert rivers.persons["author"] == ["Mira Castellanos", "Tomas Oduya", "Lin Hart"]
    sediment = entries["A Sediment Model for Everyone"]
    assert sediment.entry_type == "inproceedings"
    assert sediment.fields["code"] == "https://github.com/mira-castellanos/sedmodel"
    pubs_page = (out / "_pages/publications.md").read_text()
    assert "{% bibliography %}" in pubs_page and "A draft I will finish one day." in pubs_page
    cv = (out / "_pages/cv.md").read_text()
    assert front(out / "_pages/cv.md")["permalink"] == "/cv/"
    assert "### University of Eastmere\n\n**Assistant Professor of Hydrology** · 2022 – Present" in cv
    assert "- 2014 – 2019: PhD in Civil Engineering, Northfield University\n- 2010" in cv
    projects = {front(p)["title"]: front(p) for p in (out / "_projects").iterdir()}
    assert projects["DroughtLens"]["description"] == (
        "A browser tool that maps drought memory along a river.")
    assert "{% include projects.liquid %}" in (out / "_pages/projects.md").read_text()
    kept = {(f.code, f.line) for f in plan.report.findings if f.outcome == "verbatim"}
    assert kept == {("news-leftover", 16), ("publications-text", 27), ("section-kept", 61)}


def test_atx_homepage_ir(tmp_path):
    site = sitemigrate.read_site(ATX, "markdown")
    assert site.theme == "markdown" and site.source == str(PLAIN)
    assert site.identity.full_name == "Mira Castellanos"
    assert [p.role for p in site.pages] == ["about", "publications", "projects", "cv"]
    assert [(n.title, n.url) for n in site.navigation] == [
        ("about", "/"), ("Publications", "/publications/"), ("Projects", "/projects/"),
        ("CV", "/cv/")]
    cv = {s.title: s.entries for s in site.cv.sections}
    assert cv["Experience"][0] == {
        "title": "Assistant Professor of Hydrology", "institution": "University of Eastmere",
        "year": "2022 – Present", "description": ["Founded the Eastmere River Lab.",
                                                   "Teaches the graduate course on river dynamics."]}
    assert cv["Education"][0] == {"title": "PhD in Civil Engineering, Northfield University",
                                  "year": "2014 – 2019"}
    assert [(p.title, p.fields.get("year")) for p in site.projects] == [
        ("DroughtLens", 2024), ("SedModel", 2023)]
    assert [(p.category, p.year, p.origin.line) for p in site.publications] == [
        ("journal", 2025, 25), ("conference", 2023, 26)]
    assert [(n.date, n.origin.line) for n in site.news] == [
        ("2025-05-01", 18), ("2025-05-01", 19), ("2024-11-20", 20)]


def test_german_setext_page(tmp_path):
    out = tmp_path / "out"
    plan = convert(GERMAN, out, "academicpages")
    config = yaml.load((out / "_config.yml").read_text())
    assert config["name"] == "Jonas Weidenfeller"  # front matter `name`
    about = (out / "_pages/about.md").read_text()
    assert front(out / "_pages/about.md")["title"] == "Über mich"
    assert "## Forschungsinteressen\n\n- Dialektologie\n- Sprachmodelle\n- Korpuslinguistik" in about
    assert "- 2025-03-21: Ich habe einen Vortrag in Bergheim gehalten." in about
    assert "Weitere Neuigkeiten folgen bald." in about
    pubs = sorted((out / "_publications").iterdir())
    assert [front(p)["category"] for p in pubs] == ["conferences", "manuscripts"]
    alemannic = front(pubs[1])
    assert alemannic["venue"] == "Transactions of the Association for Dialect Studies 2025"
    assert alemannic["note"] == "* Equal Contribution"
    cv = (out / "_pages/cv.md").read_text()
    assert front(out / "_pages/cv.md")["title"] == "Lebenslauf"
    assert "## Berufserfahrung\n\n### Universität Talbach\n\n**Wissenschaftlicher Mitarbeiter** · 2022 – heute" in cv
    assert "## Ausbildung" in cv and "**B.A. Germanistik** · 2017 – 2020" in cv
    # the teaching table (its own page) has a row with too many cells: kept as written and
    # reported with its line
    teaching = (out / "_pages/teaching.md").read_text()
    assert front(out / "_pages/teaching.md")["title"] == "Lehre"
    assert "| WS 2024 | Einführung in die\nDialektologie |\n| SS 2024 | Korpuslinguistik | Übung | extra |" in teaching
    broken = [f for f in plan.report.findings if f.code == "table-broken"]
    assert [(b.path, b.line, b.outcome) for b in broken] == [("setext-german.md", 68, "problem")]


def test_saved_html_page(tmp_path):
    out = tmp_path / "out"
    plan = convert(SAVED, out, "academicpages")  # --from picked by the .html suffix
    assert plan.report.source_theme == "html"
    config = yaml.load((out / "_config.yml").read_text())
    assert config["name"] == "Priya Raman"
    assert config["author"]["avatar"] == "priya.png" and (out / "images/priya.png").is_file()
    assert config["author"]["email"] == "priya@example.net"
    assert config["author"]["googlescholar"].endswith("user=PRiYa0000000")  # from the sidebar
    about = (out / "_pages/about.md").read_text()
    assert "I build robots\nthat sort recycling by touch." in about
    assert "analytics placeholder" not in about and "Built by hand" not in about
    assert "- 2025-02-10: Our tactile sorting gripper won the best demo award." in about
    assert "- 2024-10: Joined Harborview Robotics Lab as a research scientist." in about
    pubs = {front(p)["title"]: front(p) for p in (out / "_publications").iterdir()}
    sorting = pubs["Sorting by Touch: Tactile Recycling Grippers"]
    assert sorting["venue"] == "IEEE Transactions on Field Robotics"
    assert sorting["category"] == "manuscripts"
    body = next(p for p in (out / "_publications").iterdir() if "sorting" in p.name).read_text()
    assert "[arXiv](https://arxiv.org/abs/2501.00001)" in body
    cv = (out / "_pages/cv.md").read_text()
    assert "| Harborview Robotics Lab | Research Scientist | 2024 – Present |" in cv
    assert "### Coastal Tech\n\n**PhD in Mechanical Engineering** · 2019 – 2024" in cv
    teaching = front(out / "_pages/teaching.md")
    assert teaching["permalink"] == "/teaching/"
    skipped = [f for f in plan.report.findings if f.code == "html-skipped"]
    assert len(skipped) == 1 and "words outside `main`" in skipped[0].message


# -- every sentence survives ------------------------------------------------------------------

def normal(text: str) -> str:
    """Text as compared: no link targets, brackets, emphasis, escapes, pipes, braces or
    YAML quote doubling; whitespace collapsed."""
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = text.replace("''", "'")
    text = re.sub(r"[\[\]*_`\\{}|]", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def clauses(text: str) -> list[str]:
    """Sentences and clauses of a text block (split at . ! ? ; , before a space)."""
    return [c.strip(" .,;:!?") for c in re.split(r"(?<=[.!?;,])\s+", normal(text))
            if c.strip(" .,;:!?")]


def markdown_input(path: Path) -> list[str]:
    """Every clause of a Markdown/text page, headings excepted (they are structure)."""
    text = path.read_text()
    if text.startswith("---\n"):
        text = text.split("---\n", 2)[2]
    vocab = load_vocab("markdown")
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        s = line.strip()
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if (not s or s.startswith("#") or re.fullmatch(r"[=\-|: ]+", s)
                or re.fullmatch(r"[=\-]{3,}", nxt) or vocab.role_of(s)):
            continue
        dated = split_dated_line(s)
        s = dated[1] if dated else s
        s = re.sub(r"^(?:[-*+—–]|\d+\.)\s+", "", s)  # list markers, role dashes
        s = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", s)  # a picture is carried as a file
        for cell in s.split("|"):
            out += clauses(cell)
    return out


def html_input(path: Path) -> list[str]:
    """Every clause of the main content of an HTML page, headings excepted."""
    from bs4 import BeautifulSoup
    soup = BeautifulSoup(path.read_text(), "html.parser")
    for br in soup.find_all("br"):
        br.replace_with("\n")
    out = []
    for block in soup.find("main").find_all(["p", "li", "td", "th"]):
        for line in block.get_text().split("\n"):  # source line breaks, <br>
            dated = split_dated_line(line.strip())
            out += clauses(dated[1] if dated else line)
    return out


def written_text(dest: Path) -> str:
    return normal("\n".join(p.read_text() for p in sorted(dest.rglob("*"))
                            if p.suffix in (".md", ".yml", ".bib")))


def missing_clauses(inputs: list[str], dest: Path) -> list[str]:
    labels = set(vocabulary("markdown")["link_kinds"])
    text = written_text(dest)
    # a link label ("PDF", "arXiv") becomes the kind of a link field; its URL is asserted
    return [c for c in inputs if c not in text and c.lower() not in labels]


@pytest.mark.parametrize("to", TARGETS)
@pytest.mark.parametrize("name", ["atx-homepage.md", "setext-german.md"])
def test_every_sentence_of_a_markdown_page_is_kept(name, to, tmp_path):
    convert(PLAIN / name, tmp_path / "out", to)
    inputs = markdown_input(PLAIN / name)
    assert len(inputs) > 30
    assert missing_clauses(inputs, tmp_path / "out") == []


@pytest.mark.parametrize("to", TARGETS)
def test_every_sentence_of_a_saved_html_page_is_kept(to, tmp_path):
    convert(SAVED, tmp_path / "out", to)
    inputs = html_input(SAVED)
    assert len(inputs) > 20
    assert missing_clauses(inputs, tmp_path / "out") == []


# -- broken tables ---------------------------------------------------------------------------

def test_spilled_table_rows_are_joined():
    lines = ["| Place | Role | ||", "|---|---|---|---|", "| Acme Labs Springfield |",
             "Engineer Widgets. |", "2020 - 2021 | |", "| Beta Corp |", "Intern |",
             "2019 |", "", "after"]
    (table,) = find_tables(lines)
    assert table.ok and table.repaired and (table.joined, table.padded) == (2, 1)
    assert table.rows == [["Acme Labs Springfield", "Engineer Widgets.", "2020 - 2021", ""],
                          ["Beta Corp", "Intern", "2019"]]
    assert table.row_lines == [2, 5] and table.end == 8
    assert table.markdown().splitlines() == [
        "| Place | Role |  |", "|---|---|---|",
        "| Acme Labs Springfield | Engineer Widgets. | 2020 - 2021 |",
        "| Beta Corp | Intern | 2019 |"]


def test_a_lone_pipe_line_closes_a_row_and_valid_tables_stay_as_written():
    lines = ["| Org | Position | |", "|---|---|---|", "| Club A |", "Chair 2023 |", "|",
             "| Club B |", "Member 2022 |"]
    (table,) = find_tables(lines)
    assert table.rows == [["Club A", "Chair 2023", ""], ["Club B", "Member 2022"]]
    valid = ["| a | b |", "|:--|--:|", "| 1 | 2 |"]
    (plain,) = find_tables(valid)
    assert plain.ok and not plain.repaired and plain.markdown() == "\n".join(valid)


def test_an_overflowing_row_makes_the_table_ambiguous():
    lines = ["| a | b |", "|---|---|", "| 1 | 2 | 3 |"]
    (table,) = find_tables(lines)
    assert not table.ok and "3 cells" in table.problem
    assert find_tables(["| a | b |", "|---|---|", "| 1 | 2 | |"])[0].ok  # empty extra cell


def test_cv_dates_are_told_from_venues_and_titles():
    dates = PlainReader("markdown", sitemigrate.Report()).dates
    assert dates.whole("2025 – Present") and dates.whole("Sep 2019 - Aug 2020")
    assert dates.whole("März 2020 – heute")  # month_words, present_words of the vocabulary
    assert dates.whole("OSDI 2025") is None and dates.whole("Chair 2023") is None
    assert dates.trailing("Research Chair 2023 - 2024") == ("Research Chair", "2023 - 2024")
    assert dates.leading("2014 – 2019: PhD, Northfield") == ("2014 – 2019", "PhD, Northfield")
    assert dates.trailing("IROS 2025") is None


# -- identity, names and the API -------------------------------------------------------------

def test_name_missing_is_reported_and_name_option_wins(tmp_path):
    page = tmp_path / "page.txt"
    page.write_text("About\nI study owls.\n\nNews\n- 2024.03 Owl paper out.\n")
    plan = sitemigrate.convert(page, tmp_path / "a", to="al-folio")
    (no_name,) = [f for f in plan.report.findings if f.code == "no-name"]
    assert "--name" in no_name.message and no_name.path == "page.txt"
    plan = sitemigrate.convert(page, tmp_path / "b", to="academicpages",
                               options=Options(name="Ana Owlfinder"))
    assert not [f for f in plan.report.findings if f.code == "no-name"]
    plan.apply()
    assert yaml.load((tmp_path / "b/_config.yml").read_text())["name"] == "Ana Owlfinder"


def test_single_file_src_rules(tmp_path, alfolio_site):
    page = tmp_path / "page.md"
    page.write_text("# Ana Owlfinder\n\nI study owls.\n")
    with pytest.raises(sitemigrate.SitemigrateError, match="is not a directory"):
        sitemigrate.read_site(page, "al-folio")
    odd = tmp_path / "page.rtf"
    odd.write_text("x")
    with pytest.raises(sitemigrate.SitemigrateError, match="--from markdown or --from html"):
        sitemigrate.read_site(odd)
    assert sitemigrate.read_site(odd, "markdown").pages[0].body == "x\n"
    with pytest.raises(sitemigrate.SitemigrateError, match="must not contain the page"):
        sitemigrate.convert(page, tmp_path, to="al-folio")
    convert(page, tmp_path / "beside", "al-folio")  # DEST next to the page: fine
    with pytest.raises(sitemigrate.SitemigrateError, match="has no writer"):
        sitemigrate.write_site(sitemigrate.read_site(page), tmp_path / "x", "markdown")
    with pytest.raises(sitemigrate.SitemigrateError, match="no page to read"):
        sitemigrate.read_site(tmp_path / "beside", "html")
    # a site directory still needs its theme: plain readers are never auto-detected
    assert [d.theme for d in detect(alfolio_site)][0] == "al-folio"
    assert all(not d.confident for d in detect(tmp_path) if d.theme in ("markdown", "html"))
    assert {"markdown", "html"} <= set(THEMES)


def test_folder_of_pages(tmp_path):
    src = tmp_path / "site"
    src.mkdir()
    (src / "index.md").write_text("# Ana Owlfinder\n\nI study owls.\n")
    (src / "talks.md").write_text("---\ntitle: My talks\n---\nOwls at night, Bergen 2023.\n")
    (src / "notes.txt").write_text("Publications\nOwls Revisited\nOwl Journal 2022\n")
    site = sitemigrate.read_site(src, "markdown")
    assert site.identity.full_name == "Ana Owlfinder"
    assert [(p.role, p.permalink, p.title) for p in site.pages] == [
        ("about", "/", ""), ("publications", "/publications/", "Publications"),
        ("other", "/talks/", "My talks")]
    assert [(p.title, p.venue, p.origin.path) for p in site.publications] == [
        ("Owls Revisited", "Owl Journal 2022", "notes.txt")]
    convert(src, src / "out", "al-folio", from_="markdown")  # DEST inside the folder: fine
    assert (src / "out/_pages/talks.md").is_file()


def test_cli_converts_a_page(tmp_path, capsys):
    dest = tmp_path / "out"
    assert cli.main(["convert", str(GERMAN), str(dest), "--from", "markdown",
                     "--to", "al-folio", "-q"]) == 0
    assert (dest / "_pages/cv.md").is_file() and (dest / "_bibliography/papers.bib").is_file()
    assert cli.main(["themes"]) == 0
    listed = capsys.readouterr().out
    assert re.search(r"^markdown\s+read\s+generations: any", listed, re.M)
    assert re.search(r"^html\s+read\s+generations: any", listed, re.M)


# -- the result builds with the real Jekyll ----------------------------------------------------

@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
@pytest.mark.parametrize("to", TARGETS)
@pytest.mark.parametrize("name", ["atx-homepage.md", "setext-german.md", "saved-homepage.html"])
def test_converted_page_builds_with_jekyll(name, to, tmp_path):
    from test_jekyll import build, html_urls, liquid_messages, prepare
    convert(PLAIN / name, tmp_path / "dest", to)
    proc = build(prepare(tmp_path / "dest", tmp_path / "work"), tmp_path / "site")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert not liquid_messages(proc)
    built = html_urls(tmp_path / "site")
    assert {"index.html", "cv/index.html", "publications/index.html"} <= set(built)
