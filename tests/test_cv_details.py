"""CV entry details and the about page's selected papers reach academicpages' pages, as the
al-folio source showed them. Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

import sitemigrate
from sitemigrate.formats import cvmarkdown, jsonresume

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

RENDERCV = """cv:
  name: Ada Q. Okonkwo
  sections:
    Publications:
      - title: Quiet Schedulers for Loud Clusters
        authors:
          - Okonkwo, Ada Q.
          - Lindqvist, Bo
        doi: 10.1000/quiet.2024
        journal: Journal of Invented Systems
        date: "2024-05-01"
"""


def _alfolio(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    return src


def test_rendercv_publication_authors_are_on_the_markdown_cv(tmp_path):
    src = _alfolio(tmp_path)
    (src / "_data/cv.yml").write_text(RENDERCV)
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    entry = cv.split("Quiet Schedulers for Loud Clusters", 1)[1].split("\n* ", 1)[0]
    assert "  * Okonkwo, Ada Q.; Lindqvist, Bo" in entry.splitlines()
    assert "  * DOI: [10.1000/quiet.2024](https://doi.org/10.1000/quiet.2024)" in entry


def test_json_resume_grade_and_project_text_are_on_the_markdown_cv():
    school = jsonresume.entry_from("education", {
        "institution": "Northgate University", "studyType": "MSc", "area": "Robotics",
        "startDate": "2015", "endDate": "2017", "score": "GPA: 3.9"})
    project = jsonresume.entry_from("projects", {
        "name": "Moss Counter", "description": "A robot that counts moss on walls.",
        "highlights": ["Built the arm"], "startDate": "2019", "endDate": "2020"})
    assert cvmarkdown.render_entry(school, "time_table") == [
        "* 2015 – 2017: MSc in Robotics", "  * Northgate University", "  * GPA: 3.9"]
    assert cvmarkdown.render_entry(project, "time_table") == [
        "* 2019 – 2020: Moss Counter", "  * A robot that counts moss on walls.", "  * Built the arm"]


def test_selected_papers_keep_their_doi_and_folded_abstract_on_the_about_page(tmp_path):
    src = _alfolio(tmp_path)
    bib = src / "_bibliography/papers.bib"
    bib.write_text(bib.read_text().replace(
        "  selected = {true},", "  selected = {true},\n  doi = {10.1000/carbon_2025},", 1))
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    about = (tmp_path / "out/_pages/about.md").read_text()
    section = about.split("## Selected publications\n\n", 1)[1]
    item = section.split("\n- ", 1)[0]
    assert "Carbon-Aware Scheduling" in item
    assert r"DOI: [10.1000/carbon\_2025](https://doi.org/10.1000/carbon_2025)" in item
    assert ("\n\n  <details><summary>Abstract</summary>We schedule batch jobs when the grid "
            "is clean") in item
    assert "30% of emissions.</details>" in item


def test_selected_papers_abstract_label_follows_the_site_language_and_doi_links_stay_whole(
        tmp_path):
    src = _alfolio(tmp_path)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace("lang: en", "lang: fr", 1))
    bib = src / "_bibliography/papers.bib"
    bib.write_text(bib.read_text().replace(
        "  selected = {true},", "  selected = {true},\n  doi = {10.1000/(carbon) 2025},", 1))
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    about = (tmp_path / "out/_pages/about.md").read_text()
    item = about.split("## Publications choisies\n\n", 1)[1].split("\n- ", 1)[0]
    assert "(https://doi.org/10.1000/%28carbon%29%202025)" in item
    assert "<details><summary>Résumé</summary>We schedule" in item


def _with_resume(tmp_path: Path, sections: str, config_extra: str = "") -> Path:
    """The al-folio fixture whose CV is `assets/json/resume.json` (``sections``: its keys
    after `basics`, as JSON text), read by jekyll-get-json."""
    src = _alfolio(tmp_path)
    (src / "_data/cv.yml").unlink()
    (src / "assets/json").mkdir(parents=True)
    (src / "assets/json/resume.json").write_text(
        '{"basics": {"name": "Ada Q. Okonkwo"},' + sections + "}")
    config = src / "_config.yml"
    config.write_text(config.read_text() + "jekyll_get_json:\n  - data: resume\n"
                      "    json: assets/json/resume.json\n" + config_extra)
    return src


def test_an_entry_without_year_or_title_is_no_bullet_of_its_own(tmp_path):
    """A CV entry with neither a date nor a title (a JSON Resume education of only its
    institution, an entry of fields the CV layout does not read) was written as a bullet
    without text, which kramdown prints as a literal `*`: its details are bullets of their
    own, and an entry with nothing to show is no line."""
    src = _with_resume(tmp_path, ' "education": [{"institution": "University of Tides"}],'
                       ' "projects": [{"title": "Buoy census", "duration": "2023"}]')
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "\n* University of Tides\n" in cv, cv
    assert not [line for line in cv.splitlines() if line.strip() == "*"], cv


def test_a_key_of_the_resume_no_page_showed_is_said_to_be_unshown(tmp_path):
    """A `resume.json` key that is no JSON Resume section (`work_experience`) is not carried;
    where `jsonresume:` of `_config.yml` does not list it, al-folio's CV layout skipped it
    and the source's CV page did not show it: said so (not a loss the conversion made), with
    how to show it. Without that list the key is a loss, said as before."""
    for listed, outcome in ((True, "verbatim"), (False, "lost")):
        src = _with_resume(tmp_path / str(listed),
                           ' "education": [{"institution": "University of Tides",'
                           ' "startDate": "2015"}], "work_experience": [{"title": "Buoy keeper"}]',
                           "jsonresume: [basics, education]\n" if listed else "")
        plan = sitemigrate.convert(src, tmp_path / str(listed) / "out", to="academicpages")
        said = [f for f in plan.report.findings if f.code == "cv-json-key"]
        assert len(said) == 1 and "`work_experience`" in said[0].message, said
        assert said[0].outcome == outcome, said[0]
        assert ("did not show it either" in said[0].message) is listed, said[0].message
        assert "move it into a JSON Resume section" in said[0].message


def test_a_rendercv_one_line_entry_with_an_icon_is_on_the_markdown_cv(tmp_path):
    """RenderCV tells a one-line entry by its `label` and `details`: a skill line that also
    names an `icon` (the site's own skills include shows it) is still that entry, not an
    entry of no known field that the Markdown CV wrote as nothing."""
    src = _alfolio(tmp_path)
    (src / "_data/cv.yml").write_text(
        "cv:\n  name: Ada Q. Okonkwo\n  sections:\n    Skills:\n"
        "      - label: Tide tables\n        details: Harmonic fits, datum shifts\n"
        "        icon: fa-solid fa-water\n"
        "      - label: Buoys\n        details: Mooring, recovery\n")
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "* Tide tables: Harmonic fits, datum shifts" in cv, cv
    assert "* Buoys: Mooring, recovery" in cv, cv


def test_a_cv_entry_the_markdown_cv_writes_as_nothing_is_a_finding(tmp_path):
    """An entry whose words are only in fields no bullet of the Markdown CV shows is said
    to be lost, at its section's line (it was left out in silence)."""
    src = _alfolio(tmp_path)
    (src / "_data/cv.yml").write_text(
        "cv:\n  name: Ada Q. Okonkwo\n  sections:\n    Skills:\n"
        "      - label: Buoys\n        details: Mooring, recovery\n"
        "      - flavour: Salt-tolerant soldering\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    lost = [f for f in plan.report.findings if f.code == "cv-entry"]
    assert any("Salt-tolerant soldering" in f.message and f.path == "_data/cv.yml"
               and f.line for f in lost), [f.message for f in plan.report.findings]


def test_a_field_of_the_owners_that_their_resume_include_prints_is_on_the_markdown_cv(
        tmp_path):
    """The site's own `_includes/resume/education.liquid` prints an entry's `supervisor` and
    each line of its `thesis` (no JSON Resume fields): the new CV shows them, each a line of
    the entry labelled by its key; a field printed only inside a tag (a crest's `src`) is
    no text, and a field no include prints is not shown."""
    src = _with_resume(tmp_path, ' "education": [{"institution": "University of Tides",'
                       ' "studyType": "PhD", "startDate": "2019",'
                       ' "supervisor": "Dr. Wren Oyelaran",'
                       ' "thesis": ["Counting buoys at night"], "crest": "tides.png",'
                       ' "mascot": "heron"}]')
    (src / "_includes/resume").mkdir(parents=True, exist_ok=True)
    (src / "_includes/resume/education.liquid").write_text(
        "{% for content in data[1] %}<li><img src=\"{{ content.crest }}\">\n"
        "{{ content.institution }} <b>Supervisor: {{ content.supervisor }}</b>\n"
        "{% for line in content.thesis %}<p>{{ line }}</p>{% endfor %}</li>{% endfor %}\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "  * Supervisor: Dr. Wren Oyelaran\n" in cv, cv
    assert "  * Thesis: Counting buoys at night\n" in cv, cv
    assert "tides.png" not in cv and "heron" not in cv, cv
    [told] = [f for f in plan.report.findings if f.code == "cv-own-field"]
    assert (told.path, told.line) == ("_includes/resume/education.liquid", 2), told


CLASSIC_TEACHING = """- title: Teaching
  type: time_table
  contents:
    - title: Guest Lecturer
      department: School of Tidal Studies
      maindescription: <a href="https://example.org/tides">TIDE 101 Waves</a>, Harbour College
      crest: harbour.png
      year: Spring 2023
"""

TIME_TABLE = ("{% for content in entry.contents %}<li><img src=\"{{ content.crest }}\">\n"
              "<h6>{{ content.title }}</h6> {% if content.department %}\n"
              "<td>{{ content.department }}</td>{% endif %}\n"
              "<div>{{ content.maindescription }}</div></li>{% endfor %}\n")


def test_fields_the_classic_cv_include_prints_are_on_the_markdown_cv(tmp_path):
    """The site's `_includes/cv/time_table.liquid` prints an entry's `department` and
    `maindescription` (al-folio 2024-25's does): the new CV shows them under the entry, in
    the include's order; a field printed only inside a tag (a crest's `src`) is no text."""
    src = _alfolio(tmp_path)
    (src / "_data/cv.yml").write_text(CLASSIC_TEACHING)
    (src / "_includes/cv").mkdir(parents=True)
    (src / "_includes/cv/time_table.liquid").write_text(TIME_TABLE)
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    entry = cv.split("Guest Lecturer", 1)[1].split("\n\n", 1)[0].splitlines()
    assert entry[1:3] == ["  * School of Tidal Studies", '  * <a href="https://example.org/'
                          'tides">TIDE 101 Waves</a>, Harbour College'], cv
    assert "harbour.png" not in cv, cv
    [told] = [f for f in plan.report.findings if f.code == "cv-own-field"]
    assert (told.path, told.line) == ("_includes/cv/time_table.liquid", 2), told


def test_a_classic_cv_field_the_include_does_not_print_stays_unshown(tmp_path):
    """al-folio's 2022 `time_table` include prints neither field: nothing new appears."""
    src = _alfolio(tmp_path)
    (src / "_data/cv.yml").write_text(CLASSIC_TEACHING)
    (src / "_includes/cv").mkdir(parents=True)
    (src / "_includes/cv/time_table.html").write_text(
        "{% for content in entry.contents %}{{ content.title }}{% endfor %}\n")
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "Tidal Studies" not in cv and "TIDE 101" not in cv, cv


def test_selected_papers_take_the_heading_the_owners_about_layout_gave_them(tmp_path):
    """The owner's about layout heads its selected papers `favourite papers` (its own words,
    not the template's): the new about page's list has that heading, once, not the target's
    `Selected publications` and no second heading of the layout's at the end."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.liquid").write_text(
        "---\nlayout: default\n---\n<article>{{ content }}\n"
        "{% if page.selected_papers %}\n<h2>\n  <a href=\"{{ '/publications/' | relative_url }}\""
        ">favourite papers</a>\n</h2>\n{% include selected_papers.liquid %}\n{% endif %}\n"
        "</article>\n")
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    about = (tmp_path / "out/_pages/about.md").read_text()
    assert "## favourite papers\n\n- " in about, about
    assert about.count("favourite papers") == 1, about
    assert "Selected publications" not in about, about


def test_the_about_page_lists_follow_the_order_of_the_owners_about_layout(tmp_path):
    """The owner's about layout shows the selected papers above the news (the template
    shows the news first): the new about page lists them in that order."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.liquid").write_text(
        "---\nlayout: default\n---\n<article>{{ content }}\n"
        "{% if page.selected_papers %}<h2>selected publications</h2>\n"
        "{% include selected_papers.liquid %}{% endif %}\n"
        "{% if page.announcements.enabled %}<h2>news</h2>{% include news.liquid %}{% endif %}\n"
        "</article>\n")
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    about = (tmp_path / "out/_pages/about.md").read_text()
    assert "## News\n" in about and "## Selected publications\n" in about, about
    assert about.index("## Selected publications\n") < about.index("## News\n"), about


def test_selected_papers_keep_the_lines_their_list_showed_under_them(tmp_path):
    """al-folio's list showed a selected entry's note under it (a best-paper award): the
    new about page's selected papers show it under the entry too."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/bib.liquid").write_text(
        "---\n---\n<div>{{ entry.title }}</div>\n"
        "{% if entry.note %}<div class=\"note\">{{ entry.note }}</div>{% endif %}\n")
    bib = src / "_bibliography/papers.bib"
    bib.write_text(bib.read_text().replace(
        "  selected = {true},", "  selected = {true},\n  note = {Best Poster of the Harbour Workshop},", 1))
    sitemigrate.convert(src, tmp_path / "out", to="academicpages").apply()
    about = (tmp_path / "out/_pages/about.md").read_text()
    item = about.split("## Selected publications\n\n", 1)[1].split("\n- ", 1)[0]
    assert "Carbon-Aware Scheduling" in item, about
    assert "\n\n  Best Poster of the Harbour Workshop" in item, about
