"""CV data both ways: classic/RenderCV cv.yml, JSON Resume, Markdown CV pages, cv.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ruamel.yaml import YAML

import sitemigrate
from sitemigrate.formats import cvmarkdown, jsonresume
from sitemigrate.registry import Options
from sitemigrate.report import Report
from sitemigrate.themes.academicpages import reader as academicpages
from sitemigrate.themes.alfolio import reader as alfolio
from sitemigrate.themes.alfolio.cv import _classic_sections

yaml = YAML(typ="safe")

RESUME = {
    "basics": {"name": "Rin Halvorsen", "label": "Glaciologist", "email": "rin@example.net",
               "location": {"city": "Tromsø", "countryCode": "NO"},
               "profiles": [{"network": "GitHub", "username": "rinh", "url": ""}]},
    "work": [{"name": "Polar Lab", "position": "Postdoc", "startDate": "2021-09",
              "endDate": "", "highlights": ["Ice-core dating"], "icon": "fa-solid fa-snowflake"}],
    "volunteer": [{"organization": "Fjord Cleanup", "position": "Diver", "startDate": "2018"}],
    "education": [{"institution": "Bergen College", "area": "Geophysics", "studyType": "PhD",
                   "startDate": "2016", "endDate": "2021", "score": "", "courses": ["Ice"]}],
    "awards": [{"title": "Frost Medal", "date": "2022-05-01", "awarder": "Ice Society"}],
    "certificates": [{"name": "Dive Level 2", "date": "2019", "issuer": "Dive Club"}],
    "publications": [{"name": "Melt rates", "publisher": "Cold Letters",
                      "releaseDate": "2023-02-02", "url": "https://example.net/melt"}],
    "skills": [{"name": "Modelling", "level": "Expert", "keywords": ["Python", "Fortran"]}],
    "languages": [{"language": "Norwegian", "fluency": "Native"}],
    "interests": [{"name": "Sailing", "keywords": ["dinghies"]}],
    "references": [{"name": "Dr. Ola Berg", "reference": "Careful and quick."}],
    "projects": [{"name": "IceNet", "summary": "Sea-ice forecasts", "startDate": "2022",
                  "highlights": ["Open data"]}],
}

CLASSIC = """\
- title: Contact
  type: map
  contents:
    - name: Office
      value: Room 12
- title: Experience
  type: time_table
  contents:
    - title: Lecturer
      institution: Dune University, Sandvik
      year: 2019 - 2022
      description:
        - Taught physics.
        - title: Courses
          contents: [Mechanics, Optics]
    - year: 2018
      items: [Best Poster Award]
- title: Topics
  type: nested_list
  contents:
    - title: Ice
      items: [Sea ice, Glaciers]
- title: Hobbies
  type: list
  contents:
    - Knitting
"""

RENDERCV = """\
cv:
  name: Rin Halvorsen
  location: Tromsø
  social_networks:
    - network: GitHub
      username: rinh
  sections:
    Education:
      - institution: Bergen College
        area: Geophysics
        degree: PhD
        start_date: 2016
        end_date: 2021
    Experience:
      - company: Polar Lab
        position: Postdoc
        start_date: 2021-09
        end_date: present
        highlights: [Ice-core dating]
    Service:
      - label: Reviewer
        details: Cold Letters
    Notes:
      - Plain text line.
"""

AP_CV = """\
---
layout: archive
title: "CV"
permalink: /cv/
---
{% include base_path %}

Intro sentence stays.

Education
======
* PhD in Geophysics, Bergen College, 2021

## Work experience
* 2021 - now: Postdoc
  * Polar Lab
  * Ice-core dating.

Skills
======
* Modelling
  * Python

Contact
======
* **Office**: Room 12

Publications
======
<ul>{% for post in site.publications reversed %}
  {% include archive-single-cv.html %}
{% endfor %}</ul>
"""


def _str(value):
    """Scalars as text (YAML reads `2016` as a number, the writers keep dates as text)."""
    if isinstance(value, dict):
        return {k: _str(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_str(v) for v in value]
    return str(value)


def _site(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


ALFOLIO_CONFIG = "title: blank\nfirst_name: Rin\nlast_name: Halvorsen\nthird_party_libraries: {}\n"
AP_CONFIG = "title: Rin Halvorsen\nauthor:\n  name: Rin Halvorsen\n"
ALFOLIO_PAGE = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\n{extra}---\n"


# -- JSON Resume ------------------------------------------------------------------------

def test_jsonresume_round_trip_is_exact():
    sections, basics, unknown = jsonresume.sections_from(RESUME)
    assert not unknown and [s.key for s in sections] == [k for k in RESUME if k != "basics"]
    work = sections[0]
    assert work.kind == "time_table"
    assert work.entries[0] == {"institution": "Polar Lab", "title": "Postdoc",
                               "start": "2021-09", "description": ["Ice-core dating"],
                               "extra": {"endDate": "", "icon": "fa-solid fa-snowflake"}}
    assert sections[2].entries[0]["title"] == "PhD in Geophysics"
    assert sections[7].kind == "map" and sections[7].entries[0]["name"] == "Norwegian"
    back, left = jsonresume.to_resume(sections, basics)
    assert back == RESUME and not left


def test_academicpages_cv_json_sections_round_trip():
    data = {"basics": {"name": "X"},
            "publications": [{"name": "P", "publisher": "J", "releaseDate": "2020-01-01",
                              "website": "https://example.net/p", "summary": "S"}],
            "presentations": [{"name": "Talk", "event": "Conf", "date": "2021",
                               "location": "Oslo", "description": "D"}],
            "teaching": [{"course": "Ice 101", "institution": "BC", "date": "2020",
                          "role": "TA", "description": "Labs"}],
            "portfolio": [{"name": "Tool", "category": "code", "date": "2022",
                           "url": "https://example.net/t", "description": "A tool"}]}
    dialect = academicpages._cv_dialect()  # the sections and spellings of its mapping
    assert jsonresume.sections_from(data)[2] == ["presentations", "teaching", "portfolio"]
    sections, basics, _ = jsonresume.sections_from(data, dialect=dialect)
    back, left = jsonresume.to_resume(sections, basics, dialect)
    assert back == data and not left
    plain_json, left = jsonresume.to_resume(sections, basics)
    assert "presentations" not in plain_json and [s.key for s in left] == [
        "presentations", "teaching", "portfolio"]


# -- Markdown CV ----------------------------------------------------------------------------

def test_markdown_cv_sections_and_rest():
    body = AP_CV.split("---\n", 2)[2]
    parsed = cvmarkdown.parse(body, "_pages/cv.md", 6)
    got = {s.title: s for s in parsed.sections}
    assert list(got) == ["Education", "Work experience", "Skills", "Contact"]
    assert got["Education"].entries == [{"title": "PhD in Geophysics",
                                         "institution": "Bergen College", "year": "2021",
                                         "extra": {"studyType": "PhD", "area": "Geophysics"}}]
    assert got["Work experience"].entries == [{"year": "2021 - now", "title": "Postdoc",
                                               "institution": "Polar Lab",
                                               "description": ["Ice-core dating."]}]
    assert got["Work experience"].key == "work" and got["Education"].origin.line == 10
    assert got["Skills"].kind == "nested_list" and got["Skills"].entries[0]["items"] == ["Python"]
    assert got["Contact"].kind == "map"
    assert "Education\n======" in got["Education"].markdown
    rest = cvmarkdown.remove(body, parsed, set(got))
    assert "Intro sentence stays." in rest and "site.publications" in rest
    assert "Bergen" not in rest and "Postdoc" not in rest


def test_markdown_cv_sub_bullets_keep_every_item_whatever_the_indent():
    """Details indented by a tab or by two spaces are one level below their entry; a third
    level is kept too (flattened in a nested list), never dropped."""
    body = ("Skills\n======\n* Signal processing\n\t* Filters\n\t* Wavelets\n"
            "* Field work\n  * Sonar\n    * Side-scan\n  * Diving\n")
    sec = cvmarkdown.parse(body).sections[0]
    assert sec.kind == "nested_list"
    assert [e["items"] for e in sec.entries] == [["Filters", "Wavelets"],
                                                 ["Sonar", "Side-scan", "Diving"]]


def test_markdown_cv_job_lines_are_the_jobs_highlights():
    """The lines under an employer in a Markdown CV (its `items`) are the job's highlights
    in every JSON Resume/RenderCV work entry, the list al-folio's experience layout shows
    (an `items` key no CV layout reads lost them)."""
    body = ("Work experience\n----\n* Fjord Institute, Bergen\n"
            "\t* 2019-2021: Field assistant\n\t* Duties: sampling meltwater by kayak\n")
    sec = cvmarkdown.parse(body).sections[0]
    entry = jsonresume.entry_to("work", sec.entries[0])
    assert "items" not in entry
    assert entry["highlights"] == ["2019-2021: Field assistant",
                                   "Duties: sampling meltwater by kayak"]


def test_markdown_cv_ignores_commented_sections():
    body = "A\n===\n* one\n<!-- B\n===\n* two --> -->\n\nC\n===\n* three <!-- note -->\n"
    parsed = cvmarkdown.parse(body)
    assert [s.title for s in parsed.sections] == ["A", "C"]
    rest = cvmarkdown.remove(body, parsed, {"A", "C"})
    assert "<!-- B" in rest and "* two -->" in rest and "<!-- note -->" in rest
    assert "one" not in rest and "three" not in rest


def test_markdown_render_reads_back():
    sections = _classic_sections(yaml.load(CLASSIC), Report())
    md = cvmarkdown.render(sections)
    back = {s.title: s for s in cvmarkdown.parse(md).sections}
    assert list(back) == ["Contact", "Experience", "Topics", "Hobbies"]
    assert back["Contact"].entries == [{"name": "Office", "value": "Room 12"}]
    assert back["Experience"].entries[0]["title"] == "Lecturer"
    assert back["Experience"].entries[0]["description"][1] == {
        "title": "Courses", "items": ["Mechanics", "Optics"]}


# -- al-folio reader ------------------------------------------------------------------------

def test_alfolio_reads_classic_cv(tmp_path):
    src = _site(tmp_path, {"_config.yml": ALFOLIO_CONFIG, "_data/cv.yml": CLASSIC,
                           "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    report = Report()
    cv = alfolio.read(src, report).cv
    assert cv.format == "classic"
    assert [(s.title, s.kind) for s in cv.sections] == [
        ("Contact", "map"), ("Experience", "time_table"), ("Topics", "nested_list"),
        ("Hobbies", "list")]
    exp = cv.sections[1]
    assert exp.entries[0]["description"][1] == {"title": "Courses", "items": ["Mechanics", "Optics"]}
    assert exp.entries[1] == {"year": "2018", "items": ["Best Poster Award"]}
    assert exp.origin.line == 6
    assert any(f.code == "cv" and "classic" in f.message for f in report.findings)


def test_alfolio_reads_rendercv_and_cv_format_chooses(tmp_path):
    files = {"_config.yml": ALFOLIO_CONFIG, "_data/cv.yml": RENDERCV,
             "assets/json/resume.json": json.dumps(RESUME),
             "_pages/cv.md": ALFOLIO_PAGE.format(extra="")}
    report = Report()
    cv = alfolio.read(_site(tmp_path / "a", files), report).cv
    assert cv.format == "rendercv" and cv.basics["name"] == "Rin Halvorsen"
    got = {s.title: s for s in cv.sections}
    assert got["Education"].entries[0]["title"] == "PhD in Geophysics"
    assert got["Experience"].key == "work"
    assert got["Experience"].entries[0]["institution"] == "Polar Lab"
    assert got["Service"].kind == "map" and got["Notes"].kind == "list"
    assert any(f.code == "cv-unused" for f in report.findings)
    files["_pages/cv.md"] = ALFOLIO_PAGE.format(extra="cv_format: jsonresume\n")
    cv = alfolio.read(_site(tmp_path / "b", files), Report()).cv
    assert cv.format == "jsonresume" and len(cv.sections) == 11


def test_a_rendercv_highlight_written_key_colon_value_keeps_its_text(tmp_path):
    """`- Advisor: Dr. Ines Varga` under `highlights` is YAML's mapping, which al-folio's
    layout prints as `{"Advisor"=>"Dr. Ines Varga"}`: it is the line the owner wrote, in a
    section of a JSON Resume kind and in one of their own (was: an empty bullet, the text
    lost). A degree that already names its field is not written twice (`PhD in Geophysics`
    with area `Geophysics` was `PhD in Geophysics in Geophysics`)."""
    cv_yml = "\n".join([
        "cv:", "  name: Rin Halvorsen", "  sections:", "    Education:",
        "      - institution: Bergen College", "        area: Geophysics",
        "        studyType: PhD in Geophysics", "        end_date: 2021", "        highlights:",
        "          - Advisor: Dr. Ines Varga", "          - Thesis: Ice at depth",
        "    Fieldwork:", "      - name: Svalbard season", "        date: 2019",
        "        highlights:", "          - Role: Lead", ""])
    site = _site(tmp_path, {"_config.yml": ALFOLIO_CONFIG, "_data/cv.yml": cv_yml,
                            "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    got = {s.title: s for s in alfolio.read(site, Report()).cv.sections}
    assert got["Education"].entries[0]["title"] == "PhD in Geophysics"
    assert got["Education"].entries[0]["description"] == ["Advisor: Dr. Ines Varga",
                                                          "Thesis: Ice at depth"]
    assert got["Fieldwork"].entries[0]["description"] == ["Role: Lead"]


def test_alfolio_resume_json_with_comments_is_read_as_rubys_json_reads_it(tmp_path):
    """jekyll-get-json reads resume.json with Ruby's JSON.load, which skips // and /* */
    comments: the CV the site shows is read (not "not valid JSON"), the commented-out
    section is not, and a URL's // inside a string is no comment."""
    text = ('{\n  "basics": {"name": "Rin Halvorsen", "url": "https://rin.example.net//x"},\n'
            '  /* a block\n     comment */\n'
            '  "work": [{"name": "Polar Lab", "position": "Postdoc"}], // trailing\n'
            '  // "volunteer": [{"organization": "Fjord Cleanup"}],\n'
            '  "awards": [{"title": "Frost Medal"}]\n}\n')
    files = {"_config.yml": ALFOLIO_CONFIG, "assets/json/resume.json": text,
             "_pages/cv.md": ALFOLIO_PAGE.format(extra="")}
    report = Report()
    cv = alfolio.read(_site(tmp_path / "a", files), report).cv
    assert cv is not None and cv.format == "jsonresume"
    assert [s.key for s in cv.sections] == ["work", "awards"]
    assert "Polar Lab" in str(cv.sections[0].entries[0])
    assert cv.basics["url"] == "https://rin.example.net//x"
    notes = [f for f in report.findings if f.code == "json-comment"]
    assert [(n.path, n.line) for n in notes] == [("assets/json/resume.json", 3)]
    assert not any(f.code == "cv-json" for f in report.findings)


# -- al-folio writer ------------------------------------------------------------------------

def test_alfolio_writes_classic_and_resume_json(tmp_path):
    src = _site(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG, "_data/cv.yml": CLASSIC,
                                   "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="al-folio", options=Options(generation="2024-25")).apply()
    data = yaml.load((out / "_data/cv.yml").read_text())
    assert _str(data) == _str(yaml.load(CLASSIC))
    resume = json.loads((out / "assets/json/resume.json").read_text())
    assert resume["basics"]["name"] == "Rin Halvorsen"
    assert resume["work"][0]["position"] == "Lecturer"
    assert resume["work"][0]["startDate"] == "2019" and resume["work"][0]["endDate"] == "2022"


def test_empty_resume_fields_are_left_out_where_al_folio_would_show_their_decoration(tmp_path):
    """al-folio's CV includes test a field with Liquid's `if`, to which an empty text is
    true (`(level)` after a skill's name shows as `()`): an empty field is not written; an
    empty end date ("still ongoing", read through `default`) stays."""
    resume = {"basics": {"name": "Rin Halvorsen", "label": ""},
              "work": [{"name": "Polar Lab", "position": "Postdoc", "startDate": "2021-09",
                        "endDate": "", "summary": ""}],
              "skills": [{"name": "Ice-core dating", "level": "", "keywords": ["Isotopes"]}]}
    src = _site(tmp_path / "src", {
        "_config.yml": AP_CONFIG, "_data/cv.json": json.dumps(resume),
        "_data/navigation.yml": "main:\n  - title: CV\n    url: /cv-json/\n",
        "_pages/cv-json.md": "---\ntitle: CV\npermalink: /cv-json/\n---\n"
                             "{% include cv-template.html %}\n"})
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="al-folio", from_="academicpages",
                        options=Options(generation="2024-25")).apply()
    written = json.loads((out / "assets/json/resume.json").read_text())
    assert written["skills"] == [{"name": "Ice-core dating", "keywords": ["Isotopes"]}]
    assert written["work"][0]["endDate"] == "" and "summary" not in written["work"][0]
    assert "label" not in written["basics"] and written["basics"]["name"] == "Rin Halvorsen"


def test_alfolio_writes_rendercv_for_v1(tmp_path):
    src = _site(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG, "_data/cv.yml": RENDERCV,
                                   "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="al-folio", options=Options(generation="v1")).apply()
    cv = yaml.load((out / "_data/cv.yml").read_text())["cv"]
    expected = yaml.load(RENDERCV)["cv"]["sections"]
    # a line of text is written as a bullet entry: al-folio's RenderCV layout shows no other
    # kind of entry in a section it has no include for
    expected["Notes"] = [{"bullet": line} for line in expected["Notes"]]
    assert _str(cv["sections"]) == _str(expected)
    page = (out / "_pages/cv.md").read_text()
    assert "layout: cv" in page and "cv_format: rendercv" in page


def test_a_blank_profile_of_a_json_resume_is_no_social_network(tmp_path):
    """A JSON Resume's profile left blank (network, username and url empty, as the example
    file has it) is no network RenderCV lacks: no finding names an empty one."""
    resume = {**RESUME, "basics": {**RESUME["basics"], "profiles": [
        {"network": "", "username": "", "url": ""}, {"network": "GitHub", "username": "rinh"},
        {"network": "Fjordbook", "username": "rin"}]}}
    src = _site(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG,
                                   "assets/json/resume.json": json.dumps(resume),
                                   "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="al-folio", options=Options(generation="v1"))
    plan.apply()
    cv = yaml.load((out / "_data/cv.yml").read_text())["cv"]
    assert cv["social_networks"] == [{"network": "GitHub", "username": "rinh"}]
    (left,) = [f.message for f in plan.report.findings if f.code == "cv-network"]
    assert "`Fjordbook`" in left and "``" not in left


def test_the_parts_of_a_json_resume_location_left_empty_are_no_part_of_the_address(tmp_path):
    """A JSON Resume location whose address, city and postal code are empty texts (as the
    example file leaves them): RenderCV's address has its region and country only (the
    2026 card tests each part with Liquid, for which an empty text is true: it showed
    `, Troms`)."""
    resume = {**RESUME, "basics": {**RESUME["basics"], "location": {
        "address": "", "postalCode": "", "city": "", "countryCode": "NO", "region": "Troms"}}}
    src = _site(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG,
                                   "assets/json/resume.json": json.dumps(resume),
                                   "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="al-folio", options=Options(generation="v1")).apply()
    cv = yaml.load((out / "_data/cv.yml").read_text())["cv"]
    assert dict(cv["address"]) == {"countryCode": "NO", "region": "Troms"}
    assert cv["location"] == "Troms"


# -- academicpages --------------------------------------------------------------------------

def test_academicpages_reads_markdown_cv_and_json(tmp_path):
    src = _site(tmp_path, {"_config.yml": AP_CONFIG, "_pages/cv.md": AP_CV})
    site = academicpages.read(src, Report())
    assert site.cv.format == "markdown" and len(site.cv.sections) == 4
    assert site.page("cv").body == AP_CV.split("---\n", 2)[2]  # the page stays as written
    (src / "_data").mkdir()
    (src / "_data/cv.json").write_text(json.dumps(RESUME))
    (src / "_data/navigation.yml").write_text("main:\n  - title: CV\n    url: /cv-json/\n")
    site = academicpages.read(src, Report())  # the menu links a page the site lacks
    assert site.cv.format == "markdown"
    (src / "_pages/cv-json.md").write_text("---\ntitle: CV\npermalink: /cv-json/\n---\n"
                                           "{% include cv-template.html %}\n")
    site = academicpages.read(src, Report())  # the page the menu links shows cv.json
    assert site.cv.format == "jsonresume" and site.cv.sections[0].key == "work"


def test_academicpages_writes_cv_json_when_template_has_it(tmp_path):
    src = _site(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG, "_data/cv.yml": CLASSIC,
                                   "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    assert not (out / "_data/cv.json").exists()  # an empty DEST: Markdown CV only
    dest = _site(tmp_path / "dest", {"_pages/cv-json.md": "---\ntitle: CV\n---\n",
                                     "_data/navigation.yml": "main: []\n"})
    sitemigrate.convert(src, dest, to="academicpages").apply()
    data = json.loads((dest / "_data/cv.json").read_text())
    assert data["basics"]["name"] == "Rin Halvorsen"
    assert data["work"][0]["position"] == "Lecturer"
    page = (dest / "_pages/cv.md").read_text()
    assert "Experience\n==========" in page and "* 2019 - 2022: Lecturer" in page


# -- round trips and the fixtures ------------------------------------------------------------

def _texts(value) -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for v in value.values():
            out |= _texts(v)
    elif isinstance(value, list):
        for v in value:
            out |= _texts(v)
    elif value not in (None, ""):
        text = re.sub(r"<[^>]+>", "", str(value))
        out |= {t.strip() for t in re.split(r",\s*|\s+-\s+", text) if t.strip()}
    return out


def test_classic_via_academicpages_back_to_classic_keeps_every_text(tmp_path):
    src = _site(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG, "_data/cv.yml": CLASSIC,
                                   "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    mid, back = tmp_path / "ap", tmp_path / "back"
    sitemigrate.convert(src, mid, to="academicpages").apply()
    sitemigrate.convert(mid, back, to="al-folio", from_="academicpages", options=Options(generation="2024-25")).apply()
    before, after = yaml.load(CLASSIC), yaml.load((back / "_data/cv.yml").read_text())
    assert [s["title"] for s in after] == [s["title"] for s in before]
    assert _texts([s["contents"] for s in before]) <= _texts([s["contents"] for s in after])
    assert "Experience" not in (back / "_pages/cv.md").read_text()  # not twice


def test_fixture_alfolio_to_academicpages_cv(alfolio_site, tmp_path):
    sitemigrate.convert(alfolio_site, tmp_path, to="academicpages").apply()
    page = (tmp_path / "_pages/cv.md").read_text()
    for title in ("General Information", "Education", "Honors and Awards",
                  "Research Interests", "Other Interests"):
        assert f"{title}\n{'=' * len(title)}" in page
    assert "* **Full Name**: Ada Q. Okonkwo" in page
    assert "* 2016 - 2021: PhD in Computer Science\n  * Northgate University, Lagos" in page
    assert "[Download my CV as PDF]({{ '/files/cv.pdf' | relative_url }})" in page


def test_a_cv_pdf_link_to_a_file_the_site_lacks_is_no_download_button(academicpages_site,
                                                                       tmp_path):
    # the template's JSON CV page links `files/cv.pdf`, a file a site need not have: that
    # page is not carried, and no finding asks the owner to put a file where nothing links
    import shutil
    src = tmp_path / "src"
    shutil.copytree(academicpages_site, src)
    (src / "files/cv.pdf").unlink()
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    front = yaml.load((tmp_path / "out/_pages/cv.md").read_text().split("---\n")[1])
    assert "cv_pdf" not in front
    missing = [f for f in plan.report.findings if f.code == "missing-file"]
    assert missing and all(f.path and f.path.startswith("_pages/") and f.line
                           for f in missing), missing  # each an owner page's link, its line


def test_fixture_academicpages_to_alfolio_cv(academicpages_site, tmp_path):
    plan = sitemigrate.convert(academicpages_site, tmp_path, to="al-folio")
    plan.apply()
    page = (tmp_path / "_pages/cv.md").read_text()
    front = yaml.load(page.split("---\n")[1])
    assert front["layout"] == "cv" and front["cv_pdf"] == "/assets/pdf/cv.pdf"
    assert (tmp_path / "assets/pdf/cv.pdf").is_file()
    assert "A printable version is" in page and "{% bibliography %}" in page
    assert "for course in courses" in page and "site.talks" in page
    assert "archive-single-cv.html" not in page and "Ph.D in Ecology" not in page
    cv = yaml.load((tmp_path / "_data/cv.yml").read_text())["cv"]
    # the page's lists too: al-folio's CV layout shows no page text (test_target_shows.py)
    assert list(cv["sections"]) == ["Education", "Work experience", "Skills", "Publications",
                                    "Talks", "Teaching"]
    assert cv["sections"]["Work experience"][0] == {
        "position": "Researcher", "company": "Example Institute of Ecology",
        "highlights": ["Builds camera traps that count moose."], "start_date": "2020",
        "end_date": "now"}  # the owner's word: `2020 - now`
    resume = json.loads((tmp_path / "assets/json/resume.json").read_text())
    assert [(e["studyType"], e["area"]) for e in resume["education"]] == [
        ("Ph.D", "Ecology"), ("B.S.", "Biology")]
    assert plan.report.counts()["problem"] == 0


def test_classic_cv_data_where_the_layout_prints_text_is_read_as_its_words(tmp_path):
    """The classic layout prints a description point's contents as text; a mapping there
    (`- years: 2016-present\\n  items: [...]`) is shown as Ruby writes data. Its words are
    what the owner wrote: read as `2016-present — Pebble Society; Moss Guild`, never as the
    data's syntax (Python's `{'years': ...}` reached the converted CV page)."""
    cv = ("- title: Appointments\n  type: time_table\n  contents:\n"
          "    - title: Visiting posts\n      description:\n"
          "        - title: Fellow\n          contents:\n"
          "            - years: 2016-present\n              items:\n"
          "                - Pebble Society\n                - Moss Guild\n"
          "            - years:\n              items: Lichen Circle\n"
          "        - plain point\n")
    src = _site(tmp_path, {"_config.yml": ALFOLIO_CONFIG, "_data/cv.yml": cv,
                           "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    entry = alfolio.read(src, Report()).cv.sections[0].entries[0]
    assert entry["description"] == [
        {"title": "Fellow", "items": ["2016-present — Pebble Society; Moss Guild",
                                      "Lichen Circle"]},
        "plain point"]


def test_a_json_resume_goes_whole_where_the_cv_layout_shows_resume_json_first(tmp_path):
    """DEST's CV layout shows `resume.json` when there is one (`unless site.data.resume`),
    and every section of the site's JSON Resume fits it: it is written there whole (a score,
    a project's entity), not squeezed into the classic `cv.yml`, which has no place for them
    and which that layout would not show."""
    from test_checkout import alfolio_checkout
    resume = {**RESUME, "education": [{**RESUME["education"][0], "score": "GPA 3.9"}],
              "projects": [{**RESUME["projects"][0], "entity": "Polar Lab"}]}
    src = _site(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG,
                                   "assets/json/resume.json": json.dumps(resume),
                                   "_pages/cv.md": ALFOLIO_PAGE.format(extra="")})
    dest = alfolio_checkout(tmp_path / "dest")
    plan = sitemigrate.convert(src, dest, to="al-folio", from_="al-folio")
    plan.apply()
    written = json.loads((dest / "assets/json/resume.json").read_text())
    assert written["education"][0]["score"] == "GPA 3.9"
    assert written["projects"][0]["entity"] == "Polar Lab"
    assert not (dest / "_data/cv.yml").exists()  # the template's example one too
    assert not [f for f in plan.report.findings if f.code == "cv-detail"]


def test_the_resume_sections_the_al_folio_cv_page_leaves_out_are_not_the_owners_cv(tmp_path):
    """al-folio's CV layout shows no JSON Resume section without entries, and only the
    sections `jsonresume` in `_config.yml` lists (the layout reads `site.jsonresume`): an
    empty list is no heading on the CV page, an unlisted section is not carried and said so."""
    resume = {"basics": {"name": "Rin Halvorsen"},
              "work": [{"name": "Polar Lab", "position": "Postdoc", "startDate": "2021-09"}],
              "volunteer": [], "skills": [],
              "projects": [{"name": "IceNet", "summary": "Sea-ice forecasts"}]}
    layout = ("{% for data in site.data.resume %}{% if site.jsonresume and "
              "site.jsonresume.size > 0 %}{% unless site.jsonresume contains data[0] %}"
              "{% continue %}{% endunless %}{% endif %}{{ data[0] }}{% endfor %}\n")
    config = ALFOLIO_CONFIG + "jsonresume:\n  - work\n  - volunteer\n  - skills\n  # - projects\n"
    files = {"_config.yml": config, "assets/json/resume.json": json.dumps(resume),
             "_pages/cv.md": ALFOLIO_PAGE.format(extra=""), "_layouts/cv.liquid": layout}
    report = Report()
    cv = alfolio.read(_site(tmp_path / "a", files), report).cv
    assert cv is not None and [s.key for s in cv.sections] == ["work"]
    unshown = [f for f in report.findings if f.code == "cv-unshown"]
    assert len(unshown) == 1 and "section `projects` is not in" in unshown[0].message
    out = tmp_path / "out"
    sitemigrate.convert(tmp_path / "a", out, to="academicpages").apply()
    page = (out / "_pages/cv.md").read_text()
    assert "Polar Lab" in page and "IceNet" not in page
    assert not re.search(r"^(Volunteer|Skills|Projects)$", page, re.M)
    # a layout of its own that does not read `site.jsonresume` shows every non-empty section
    files["_layouts/cv.liquid"] = "{% for data in site.data.resume %}{{ data[0] }}{% endfor %}\n"
    cv = alfolio.read(_site(tmp_path / "b", files), Report()).cv
    assert cv is not None and [s.key for s in cv.sections] == ["work", "projects"]


def test_a_cv_page_of_its_own_text_keeps_it_and_the_json_cv_keeps_its_page(tmp_path):
    """An academicpages site with a Markdown CV page (`/cv/`, text the converter does not
    read as CV data) and the JSON CV page (`/cv-json/`, `_data/cv.json`): al-folio's CV
    layout shows no page text, so `/cv/` keeps its text (layout `page`), and the CV data
    gets a CV-layout page at `/cv-json/`, where the source showed it (not forwarded)."""
    cv_json = {"basics": {"name": "Rin Halvorsen", "phone": "+00 1234"},
               "work": [{"company": "Polar Lab", "position": "Postdoc",
                         "startDate": "2021", "endDate": "2023"}],
               "skills": []}
    body = ("# Rin Halvorsen\n\nGlaciologist, Fjord College\n\n"
            "**Fjord College** *(2019 – 2021)*  \n*Ice-core technician*  \n"
            "- Dated two hundred cores.\n\n"
            "**Harbour Café** *(2016 – 2018)*  \n*Barista*  \n- Opened the shop.\n")
    files = {"_config.yml": AP_CONFIG,
             "_data/cv.json": json.dumps(cv_json),
             "_data/navigation.yml": "main:\n  - title: CV\n    url: /cv/\n",
             "_pages/cv.md": "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n"
                             "author_profile: true\n---\n\n" + body,
             "_pages/cv-json.md": "---\nlayout: archive\ntitle: CV\npermalink: /cv-json/\n"
                                  "---\n\n{% include cv-template.html %}\n",
             "_includes/cv-template.html": "{% assign cv = site.data.cv %}{{ cv.basics.name }}\n"}
    out = tmp_path / "out"
    plan = sitemigrate.convert(_site(tmp_path / "src", files), out, to="al-folio",
                               from_="academicpages")
    plan.apply()
    page = (out / "_pages/cv.md").read_text()
    assert re.search(r"^layout: page$", page, re.M)
    assert "Harbour Café" in page and "Dated two hundred cores." in page
    data_page = (out / "_pages/cv-json.md").read_text()
    assert re.search(r"^layout: cv$", data_page, re.M)
    assert re.search(r"^permalink: /cv-json/$", data_page, re.M)
    cv_yml = (out / "_data/cv.yml").read_text()
    assert "Polar Lab" in cv_yml and "Skills" not in cv_yml  # an empty list is no section
    codes = {(f.code, f.path) for f in plan.report.findings}
    assert ("cv-text", "_pages/cv.md") in codes and ("cv-page", "_pages/cv-json.md") in codes
    assert ("furniture", "_pages/cv-json.md") not in codes
    assert not (out / "_pages/redirects/cv-json.md").exists()
    # a CV page that shows the CV data itself (its include reads `site.data.cv`) is the CV
    files["_pages/cv.md"] = ("---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n\n"
                             '<div class="links">\n  <a href="/files/cv.pdf">Download the CV '
                             "as a PDF file</a>\n</div>\n\n{% include cv-template.html %}\n")
    out = tmp_path / "out2"
    sitemigrate.convert(_site(tmp_path / "src2", files), out, to="al-folio",
                        from_="academicpages").apply()
    assert re.search(r"^layout: cv$", (out / "_pages/cv.md").read_text(), re.M)
    assert not (out / "_pages/cv-json.md").exists()
    # ... also through the template's own `cv-template.html`, of which SRC has no copy
    del files["_includes/cv-template.html"]
    out = tmp_path / "out3"
    sitemigrate.convert(_site(tmp_path / "src3", files), out, to="al-folio",
                        from_="academicpages").apply()
    assert re.search(r"^layout: cv$", (out / "_pages/cv.md").read_text(), re.M)


def test_lines_of_an_entry_a_section_has_no_list_for_are_written_once():
    """A neutral entry's lines (`description`) in a JSON Resume section with no list field
    (publications) are its summary, or its highlights where it has a summary: written once,
    not again under their neutral name (a CV layout that shows both showed them twice)."""
    entry = jsonresume.entry_to("publications", {
        "title": "Moss on slate", "institution": "Alpine Botany", "date": "2021",
        "description": ["Authors: Ann Roe, Tim Oak"]})
    assert entry == {"name": "Moss on slate", "publisher": "Alpine Botany",
                     "releaseDate": "2021", "summary": "Authors: Ann Roe, Tim Oak"}
    entry = jsonresume.entry_to("publications", {
        "title": "Lichen clocks", "summary": "A short note.", "description": ["Poster"]})
    assert entry == {"name": "Lichen clocks", "summary": "A short note.",
                     "highlights": ["Poster"]}
