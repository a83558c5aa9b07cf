"""A skill's `level` (JSON Resume) reaches academicpages' CV where that CV shows text, and
stays a field of its own for an al-folio target (issue 31). Invented people."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import sitemigrate
from sitemigrate.registry import Options

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

SKILLS = [{"name": "Fieldwork", "level": "Tide gauges", "keywords": ["Sonar", "Buoys"]},
          {"name": "Modelling", "level": "Advanced", "keywords": ["Fortran"]}]


def _v1_resume(tmp_path: Path) -> Path:
    """The 2026 al-folio fixture whose CV page shows its JSON Resume (`cv_format:
    jsonresume`: the `cv/skills` include prints `Name (level):`), with two skills."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-v1", src)
    page = src / "_pages/cv.md"
    page.write_text(page.read_text().replace("cv_format: rendercv", "cv_format: jsonresume"))
    resume = src / "assets/json/resume.json"
    data = json.loads(resume.read_text())
    data["skills"] = SKILLS
    resume.write_text(json.dumps(data, indent=2))
    return src


def _ap(src: Path, out: Path) -> sitemigrate.Plan:
    plan = sitemigrate.convert(src, out, to="academicpages",
                               options=Options(generation="2024-26"))
    plan.apply()
    return plan


def test_a_shown_skill_level_is_after_its_name_on_academicpages_cvs_once(tmp_path):
    """academicpages' CVs show a skill's name and keywords only: the level the al-folio CV
    printed is after the name, in parentheses, once, on the Markdown CV and in `cv.json`
    (no `level` field left there for a later layout to print twice); a finding says so."""
    plan = _ap(_v1_resume(tmp_path), tmp_path / "out")
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "* Fieldwork (Tide gauges)\n  * Sonar\n  * Buoys" in cv, cv
    assert "* Modelling (Advanced)\n  * Fortran" in cv, cv
    assert cv.count("Tide gauges") == 1 and cv.count("Advanced") == 1, cv
    skills = json.loads((tmp_path / "out/_data/cv.json").read_text())["skills"]
    assert skills == [{"name": "Fieldwork (Tide gauges)", "keywords": ["Sonar", "Buoys"]},
                      {"name": "Modelling (Advanced)", "keywords": ["Fortran"]}], skills
    said = [f for f in plan.report.findings if f.code == "cv-field" and "`level`" in f.message]
    assert said and all(f.path for f in said), [f.message for f in plan.report.findings]


def test_a_rendercv_skill_level_is_after_its_name_on_academicpages_cv(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-v1", src)
    cv_yml = src / "_data/cv.yml"
    text = cv_yml.read_text()
    head, rest = text.split("    Skills:\n", 1)
    rest = rest.split("\n\n", 1)[1]
    cv_yml.write_text(head + "    Skills:\n      - name: Fieldwork\n        level: Tide gauges\n"
                      "        keywords: Sonar, Buoys\n\n" + rest)
    _ap(src, tmp_path / "out")
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "* Fieldwork (Tide gauges)\n  * Sonar, Buoys" in cv, cv
    assert cv.count("Tide gauges") == 1, cv


def test_a_level_the_al_folio_cv_showed_only_in_a_tooltip_is_not_made_text(tmp_path):
    """The 2024-25 `resume/skills` include puts a level in a `title` only (no text on the
    page): the academicpages CV does not print it; a site's own include that prints it as
    text is read instead, and then it is shown."""
    for own in (False, True):
        src = tmp_path / str(own) / "src"
        shutil.copytree(FIXTURES / "al-folio-site", src)
        (src / "_data/cv.yml").unlink()
        (src / "assets/json").mkdir(parents=True)
        (src / "assets/json/resume.json").write_text(json.dumps(
            {"basics": {"name": "Ada Q. Okonkwo"}, "skills": SKILLS}))
        config = src / "_config.yml"
        config.write_text(config.read_text() + "jekyll_get_json:\n  - data: resume\n"
                          "    json: assets/json/resume.json\n")
        if own:
            (src / "_includes/resume").mkdir(parents=True)
            (src / "_includes/resume/skills.liquid").write_text(
                "{% for content in data[1] %}<p><b>{{ content.name }}</b> "
                "<em>{{ content.level }}</em> {{ content.keywords | join: ', ' }}</p>"
                "{% endfor %}\n")
        _ap(src, tmp_path / str(own) / "out")
        cv = (tmp_path / str(own) / "out/_pages/cv.md").read_text()
        assert ("* Fieldwork (Tide gauges)" in cv) is own, cv
        assert ("* Fieldwork\n" in cv) is not own, cv


def test_an_al_folio_target_keeps_the_level_as_its_own_field(tmp_path):
    """An al-folio upgrade (its skills include prints the level itself) and an
    academicpages -> al-folio conversion keep `level` a field, the name as it was."""
    sitemigrate.convert(_v1_resume(tmp_path), tmp_path / "up", to="al-folio",
                        options=Options(generation="v1")).apply()
    skills = json.loads((tmp_path / "up/assets/json/resume.json").read_text())["skills"]
    assert [(s["name"], s["level"]) for s in skills] == [
        ("Fieldwork", "Tide gauges"), ("Modelling", "Advanced")], skills

    ap = tmp_path / "ap"
    shutil.copytree(FIXTURES / "academicpages-site", ap)
    (ap / "_pages/cv.md").unlink()  # the JSON CV (`/cv-json/`) is then the CV shown
    cv_json = ap / "_data/cv.json"
    data = json.loads(cv_json.read_text())
    data["skills"] = SKILLS
    cv_json.write_text(json.dumps(data, indent=2))
    sitemigrate.convert(ap, tmp_path / "af", to="al-folio",
                        options=Options(generation="v1")).apply()
    skills = json.loads((tmp_path / "af/assets/json/resume.json").read_text())["skills"]
    assert [(s["name"], s["level"]) for s in skills] == [
        ("Fieldwork", "Tide gauges"), ("Modelling", "Advanced")], skills
