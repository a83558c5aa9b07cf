"""Markdown CV lines split into the right fields, through every CV codec. Invented people."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st
from ruamel.yaml import YAML

import sitemigrate
from sitemigrate.formats import cvmarkdown
from sitemigrate.registry import Options

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
yaml = YAML(typ="safe")

CV_PAGE = """---
layout: archive
title: "CV"
permalink: /cv/
author_profile: true
---

Education
======
* **MSc**, Economics (magna cum laude), KU Leuven, 2018-19
  Supervisor: Prof. Ada Moss
* *BSc*, Physics, University of Nowhere, Utrecht, Netherlands, 2012-2015
  * Thesis on lichens
    * awarded a prize
      * the *Green Medal*

Work experience
======
* 2019-2021: *Postdoc*, Big Lab, Uppsala, Sweden
  * Counted moss.

Skills
======
* Statistics
"""


def test_degree_line_is_split_into_its_fields():
    entry = cvmarkdown.split_entry(
        "**MSc**, Economics (magna cum laude), KU Leuven, 2018-19", "education")
    assert entry == {"title": "MSc in Economics", "institution": "KU Leuven",
                     "year": "2018-2019", "summary": "magna cum laude",
                     "extra": {"studyType": "MSc", "area": "Economics"}}
    place = cvmarkdown.split_entry(
        "*BSc*, Physics, University of Nowhere, Utrecht, Netherlands, 2012-2015", "education")
    assert (place["institution"], place["location"]) == ("University of Nowhere",
                                                        "Utrecht, Netherlands")
    work = cvmarkdown.split_entry("2019-2021: *Postdoc*, Big Lab, Uppsala, Sweden", "work")
    assert work == {"title": "Postdoc", "institution": "Big Lab", "location": "Uppsala, Sweden",
                    "year": "2019-2021"}


def test_a_span_with_nothing_after_its_dash_is_going_on():
    # "(Mar 2021 - )": the owner's way of writing a role still held; not part of its title
    entry = cvmarkdown.split_entry("Lab engineer at Reed Robotics (Mar 2021 - )", "work")
    assert entry == {"title": "Lab engineer", "institution": "Reed Robotics",
                     "year": "Mar 2021 - present"}
    lead = cvmarkdown.split_entry("2022 –: Reviewer, Journal of Tidal Studies", "work")
    assert lead["year"] == "2022 - present" and lead["title"] == "Reviewer"
    assert cvmarkdown.split_entry("Tutor, Reed College, 2016-18", "work")["year"] == "2016-2018"


def test_a_date_since_a_year_is_going_on():
    # "..., since 2015": the owner's way of writing a degree still being worked on, read as
    # a span from 2015 on, not as the one date "since 2015" (an entry from it to itself)
    entry = cvmarkdown.split_entry(
        "PhD candidate in Hydrology, University of Nowhere (Norway), since 2015", "education")
    assert entry["year"] == "2015 - present"
    assert "since" not in entry["institution"]


_WORD = st.from_regex(r"[A-Z][a-z]{2,9}", fullmatch=True)
_MARK = st.sampled_from(["", "*", "**", "_", "__"])


@given(_WORD, _WORD, st.lists(_WORD, min_size=1, max_size=2), _MARK, _MARK,
       st.integers(1950, 2040))
def test_markup_never_stays_in_a_field(role, org, words, m1, m2, year):
    """Whatever bold/italic wraps a part, the part reads back without it."""
    org = org + " University"
    line = f"{m1}{role}{m1}, {m2}{org}{m2}, {' '.join(words)}, {year}"
    entry = cvmarkdown.split_entry(line, "work")
    assert entry["title"] == role and entry["institution"] == org
    assert entry["location"] == " ".join(words) and entry["year"] == str(year)


def test_sub_lines_and_nested_bullets_stay_with_their_entry():
    sec = cvmarkdown.parse(CV_PAGE.split("---\n", 2)[2]).sections
    assert [s.title for s in sec] == ["Education", "Work experience", "Skills"]
    msc, bsc = sec[0].entries
    assert msc["description"] == ["Supervisor: Prof. Ada Moss"]
    flat = json.dumps(bsc["description"])
    for text in ("Thesis on lichens", "awarded a prize", "the *Green Medal*"):
        assert text in flat


def _site(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/cv.md").write_text(CV_PAGE)
    return src


def test_markdown_cv_reaches_every_alfolio_codec(tmp_path):
    src = _site(tmp_path)
    # RenderCV (v1) and JSON Resume
    plan = sitemigrate.convert(src, tmp_path / "v1", to="al-folio",
                               options=Options(generation="v1"))
    rendercv = yaml.load(plan.files["_data/cv.yml"].decode())["cv"]["sections"]
    msc = rendercv["Education"][0]
    assert (msc["degree"], msc["area"], msc["institution"]) == ("MSc", "Economics", "KU Leuven")
    assert (msc["start_date"], msc["end_date"]) == ("2018", "2019")
    assert rendercv["Education"][1]["location"] == "Utrecht, Netherlands"
    resume = json.loads(plan.files["assets/json/resume.json"].decode())
    assert (resume["education"][0]["studyType"], resume["education"][0]["area"]) == (
        "MSc", "Economics")
    # classic cv.yml: no literal markup, nothing reported lost that the title shows
    plan = sitemigrate.convert(src, tmp_path / "old", to="al-folio",
                               options=Options(generation="2024-25"))
    text = plan.files["_data/cv.yml"].decode()
    classic = {s["title"]: s for s in yaml.load(text)}
    row = classic["Education"]["contents"][0]
    assert (row["title"], row["institution"], row["year"]) == ("MSc in Economics", "KU Leuven",
                                                               "2018-2019")
    assert "Supervisor: Prof. Ada Moss" in row["description"]
    assert "*" not in text and "<i>Green Medal</i>" in text
    assert list(classic) == ["Education", "Work experience", "Skills"]
    assert not [f for f in plan.report.findings if f.code == "cv-detail"
                and ("studyType" in f.message or "`area`" in f.message)]


def test_degree_lines_without_a_trailing_date_and_bold_with_a_note():
    split = cvmarkdown.split_entry
    assert split("**PhD Student**, Moss Studies, University of Nowhere", "education") == {
        "title": "PhD Student in Moss Studies", "institution": "University of Nowhere",
        "extra": {"studyType": "PhD Student", "area": "Moss Studies"}}
    assert split("**Visiting Student**, Lichens, Fern College (2019-20)", "education")[
        "year"] == "2019-2020"
    ba = split("**BA** (abridged), Philosophy (cum laude), Fern College, 2016-19", "education")
    assert (ba["title"], ba["summary"], ba["year"]) == ("BA (abridged) in Philosophy",
                                                        "cum laude", "2016-2019")
    assert split("**Office**: Room 12") == {"name": "Office", "value": "Room 12"}
    assert split("**Office:** Room 12") == {"name": "Office", "value": "Room 12"}


def test_a_degree_named_with_of_keeps_its_name_before_the_area():
    """``Master of Science in X``: `of` is part of the degree's name, the area follows `in`
    (before: the degree became `Master` and the area `Science in X`); with no `in` the
    words after `of` stay the area, as before."""
    split = cvmarkdown.split_entry
    msc = split("Master of Science in Moss Ecology, Fern College, 2009", "education")
    assert (msc["title"], msc["extra"]) == (
        "Master of Science in Moss Ecology",
        {"studyType": "Master of Science", "area": "Moss Ecology"})
    assert split("Doctor of Philosophy in Lichens, Fern College, 2014", "education")[
        "extra"] == {"studyType": "Doctor of Philosophy", "area": "Lichens"}
    assert split("PhD of Lichen Studies, Fern College, 2014", "education")["extra"] == {
        "studyType": "PhD", "area": "Lichen Studies"}



def test_a_degree_then_a_university_of_a_place_keeps_the_universitys_name():
    """``B.A. University of Tarnwick, 2010``: the degree, then the institution, whose name
    has an `of` (before: the degree became `B.A. University` and the area `Tarnwick`)."""
    split = cvmarkdown.split_entry
    ba = split("B.A. University of Tarnwick, 2010", "education")
    assert (ba["title"], ba["institution"], ba["year"]) == ("B.A.", "University of Tarnwick",
                                                           "2010")
    assert split("Ph.D University of Tarnwick, 2019", "education")["institution"] == \
        "University of Tarnwick"
    assert split("Master of Science in Moss Ecology, Fern College, 2009", "education")[
        "title"] == "Master of Science in Moss Ecology"  # a degree's `of`, as before

_DEGREES = st.sampled_from(["MSc", "PhD", "BSc", "MA", "BA"])
_PLAIN = _WORD.filter(lambda w: not cvmarkdown._INSTITUTION().search(w)
                      and not cvmarkdown._DEGREE().match(w))
"""A word that is no institution's (`Bank`, `Lab`) nor a degree's (`Master`): an area of
study or a city named so is read as what it says, which is not what this test is about."""


# the same examples on every run, however busy the machine: CI is never flaky
@settings(derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DEGREES, _PLAIN, _WORD, _PLAIN, st.integers(1950, 2030), st.integers(1, 6))
def test_an_education_entry_round_trips_through_markdown(degree, area, uni, city, start, span):
    """IR -> Markdown CV -> IR keeps degree, area, institution, place and dates."""
    from sitemigrate.ir import CVSection
    entry = {"title": f"{degree} in {area}", "institution": f"{uni} University",
             "location": f"{city}, Belgium", "year": f"{start}-{start + span}",
             "extra": {"studyType": degree, "area": area}}
    md = cvmarkdown.render([CVSection("Education", [entry], kind="time_table",
                                      key="education")])
    (back,) = cvmarkdown.parse(md).sections[0].entries
    assert back == entry


def test_a_trailing_date_set_in_italics_or_bold_is_the_entry_date():
    """``..., *2019 – 2023*`` and ``... *(2020 - 2022)*``: the markers are the date's look;
    the date is still read (before: the whole line became the title, or the date landed in
    the institution and the CV showed no dates)."""
    split = cvmarkdown.split_entry
    phd = split("**PhD Candidate**, Fern Institute, University of Nowhere, *2025 – Present*",
                "education")
    assert (phd["institution"], phd["year"]) == ("Fern Institute, University of Nowhere",
                                                 "2025 – Present")
    work = split("**Tutor**, Moss College, Utrecht, Netherlands *(2020 - 2022)*", "work")
    assert work == {"title": "Tutor", "institution": "Moss College",
                    "location": "Utrecht, Netherlands", "year": "2020 - 2022"}
    assert split("**Warden**, Reed Hall, __2018__.", "work")["year"] == "2018"
    # emphasis that is no date stays the owner's words
    assert split("Essay on the year *1848*", "work") == {"title": "Essay on the year *1848*"}


def test_a_linked_institution_is_the_entry_url_and_shows_as_text():
    """``[Moss College](https://...)`` in an entry's institution: the CV layouts show the
    institution as text, so the link is the entry's ``url`` (JSON Resume's website of the
    organisation) and no Markdown is left in the field."""
    split = cvmarkdown.split_entry
    work = split("**Tutor**, Dept. of Ferns, [Moss College](https://moss.example/), "
                 "Utrecht, Netherlands, 2020 - 2022", "work")
    assert work["institution"] == "Dept. of Ferns, Moss College"
    assert work["url"] == "https://moss.example/"
    two = split("**Tutor**, [Fern Lab](https://fern.example/lab), [Moss College]"
                "(https://moss.example/), 2020", "work")
    assert (two["institution"], two["url"]) == ("Fern Lab, Moss College",
                                                "https://fern.example/lab")
    # a link that is no web address is left as written, never made a url
    odd = split("**Tutor**, [Moss College](javascript:void), 2020", "work")
    assert "url" not in odd and "javascript" in odd["institution"]


def test_a_link_with_a_title_or_in_the_degree_shows_as_text():
    """kramdown reads ``[Moss College](https://... "a title")`` as a link too: the
    institution is its text, the link the entry's ``url``. A link in a degree
    (``[MSc](https://...) in Ferns``) is text as well, since the CV layouts print the degree
    as written (al-folio links it to the entry's ``url``, which it becomes when the
    institution has none)."""
    split = cvmarkdown.split_entry
    titled = split('1999: MSc from [Moss College](https://moss.example/ "now Moss Univ")',
                   "education")
    assert (titled["institution"], titled["url"]) == ("Moss College", "https://moss.example/")
    single = split("2004: Diploma from [Moss College](https://moss.example/ 'old name')",
                   "education")
    assert single["institution"] == "Moss College"
    degree = split('2013: [Habilitation](https://hab.example/ "what it is") in Ferns from '
                   "Moss College", "education")
    assert "](" not in degree["title"] and "](" not in degree["extra"]["studyType"]
    assert degree["title"].startswith("Habilitation") and "Ferns" in degree["title"]
    assert degree["url"] == "https://hab.example/"
    both = split("2013: [PhD](https://phd.example/) in Ferns from [Moss College]"
                 "(https://moss.example/)", "education")
    assert "](" not in both["title"] and both["url"] == "https://moss.example/"


def test_a_comma_inside_a_bold_or_italic_part_does_not_split_it():
    """``**Moss, Fern and Lichen Meeting**, Uppsala, Sweden, *2024*``: the owner set the
    event's name in bold, commas and all; it stays one title."""
    split = cvmarkdown.split_entry
    talk = split("**Moss, Fern and Lichen Meeting**, Uppsala, Sweden, *2024*", "talks")
    assert talk["title"] == "Moss, Fern and Lichen Meeting" and talk["year"] == "2024"
    assert split("*Ferns, an essay*, Reed Press, 2019", "work")["title"] == "Ferns, an essay"


def test_a_cv_line_is_read_as_kramdown_shows_it():
    """`\\|` is a `|` and a `\\\\` that ends the line is a line break to kramdown: neither
    stays in a field; a date before a `|` is the entry's date, as before a `:`."""
    body = ("Education\n=========\n"
            "* 2021-09 to now \\| Doctorate\\\\\n"
            "  Glacier Studies Unit, University of Nowhere\n\n"
            "Awards\n======\n"
            "* 2022-05-04 \\| Snow Society \\| Best poster\n")
    parsed = cvmarkdown.parse(body)
    edu, awards = parsed.sections
    assert edu.entries[0]["year"] == "2021-09 to now"
    assert "\\" not in json.dumps(edu.entries[0], ensure_ascii=False)  # no backslash
    assert awards.entries[0]["year"] == "2022-05-04"
    assert awards.entries[0]["title"] == "Snow Society | Best poster"


def test_a_span_from_a_month_splits_at_its_spaced_separator():
    """`2021-09 to now` starts in 2021-09 (the date's own `-` is no separator); a single
    date is no span."""
    from sitemigrate.formats.jsonresume import entry_to
    out = entry_to("work", {"title": "Researcher", "year": "2021-09 to now"})
    assert (out["startDate"], out["endDate"]) == ("2021-09", "now")
    assert "startDate" not in entry_to("work", {"title": "Researcher", "year": "2021-09"})


def test_a_pipe_in_a_cv_entry_is_written_escaped_and_reads_back_as_itself():
    """kramdown reads a bullet line holding a `|` as a table row (the entry became a
    table on the CV page): the writer escapes it in the text, not in a link's target."""
    from sitemigrate.ir import CVSection
    entry = {"title": "Analyst | Tool Builder", "url": "https://example.org/a|b",
             "institution": "Quay Works | Lab", "year": "2019 - 2021",
             "description": ["Maps | charts"]}
    text = cvmarkdown.render([CVSection("Work", [entry], key="work")])
    assert "[Analyst \\| Tool Builder](https://example.org/a|b)" in text
    assert "Quay Works \\| Lab" in text and "Maps \\| charts" in text
    assert not [line for line in text.splitlines() if cvmarkdown._PIPE().search(line)
                and "](" not in line]
    back = cvmarkdown.parse(text.replace("a|b", "ab")).sections[0].entries[0]
    assert back["title"] == "[Analyst | Tool Builder](https://example.org/ab)"
    assert back["institution"] == "Quay Works | Lab"


def test_a_double_hyphen_span_and_a_dates_only_bullet_are_the_entry_dates():
    """kramdown shows `--` as an en dash, so `(Sep. 2019 -- Present)` is a date span; an
    entry whose own line is only its name takes its dates from a bullet that holds only
    them (and the name loses its bold)."""
    body = ("Experience\n======\n"
            "* **Tide Modelling** (Sep. 2019 -- Present)\n  * Analyst, Quay Works\n\n"
            "Education\n======\n"
            "* **Dune University**\n  * MSc in Geology\n  * Sep. 2015 -- June 2017\n"
            "  * Thesis on sand\n")
    work, edu = cvmarkdown.parse(body).sections
    assert work.entries[0]["title"] == "Tide Modelling"
    assert work.entries[0]["year"] == "Sep. 2019 -- Present"
    entry = edu.entries[0]
    assert entry["year"] == "Sep. 2015 -- June 2017" and "**" not in entry["title"]
    assert "Sep. 2015" not in str(entry.get("description", ""))
    assert "Thesis on sand" in str(entry)
    from sitemigrate.formats import jsonresume
    job = jsonresume.entry_to("work", work.entries[0])
    assert (job["startDate"], job["endDate"]) == ("Sep. 2019", "Present")


def test_a_leading_date_set_in_bold_is_the_entry_date():
    """``* **2019-2021**: Role, Place``, ``<b>2019 - 2021</b>:`` and ``__Sept. 2020 - now__ :``:
    the bold is the dates' look; the rest is the entry's title and organisation (before: an
    undated entry with the dates in its title, or a name/value line)."""
    split = cvmarkdown.split_entry
    for line, year in (("**2019-2021**: Warden, Reed Hall", "2019-2021"),
                       ("<b>2019 - 2021</b>: Warden, Reed Hall", "2019 - 2021"),
                       ("__Sept. 2020 - now__ : Warden, Reed Hall", "Sept. 2020 - now"),
                       ("<strong>2019 - 2021:</strong> Warden, Reed Hall", "2019 - 2021")):
        assert split(line, "work") == {"title": "Warden", "institution": "Reed Hall",
                                       "year": year}, line
    # a bold name that is no date is still a name/value line
    assert split("**Office**: Room 12") == {"name": "Office", "value": "Room 12"}
    body = "Awards\n======\n* **2018**: Fern Medal\n* **2020**: Moss Prize\n"
    (sec,) = cvmarkdown.parse(body).sections
    assert sec.kind == "time_table" and [e["year"] for e in sec.entries] == ["2018", "2020"]


def test_the_place_after_at_or_from_is_the_institution():
    """"PhD student at X", "MSc from X", "Postdoc with Y at X": X is where, not the area of
    study nor part of the role."""
    split = cvmarkdown.split_entry
    phd = split("2019 - now: PhD candidate at Fern Polytechnic, Moss group, Utrecht", "education")
    assert (phd["title"], phd["institution"], phd["location"]) == (
        "PhD candidate", "Fern Polytechnic, Moss group", "Utrecht")
    assert "area" not in phd["extra"]
    msc = split("MSc in Moss Studies from Reed Academy, 2018", "education")
    assert (msc["title"], msc["institution"]) == ("MSc in Moss Studies", "Reed Academy")
    post = split("2020: Postdoc with Ada Moss at Fern Works, Uppsala, Sweden", "work")
    assert post == {"title": "Postdoc with Ada Moss", "institution": "Fern Works",
                    "location": "Uppsala, Sweden", "year": "2020"}
    # a lower-case word after `at` is no place's name; a talk's title keeps its words
    assert split("2020: Tutor at large", "work")["title"] == "Tutor at large"
    assert split("2020: Talk at Reed Meeting", "talks")["title"] == "Talk at Reed Meeting"


def test_a_month_cut_short_with_a_full_stop_is_a_date():
    """``Oct.2021- Apr.2022``, ``Sept. 2020 – present``, ``Jan.-Mar. 2019``: dates (before,
    the first was no date at all and its entry went undated); a month before a dash shares
    the year of the month after it."""
    from sitemigrate.formats.jsonresume import entry_to
    split = cvmarkdown.split_entry
    for year, start, end in (("Oct.2021- Apr.2022", "Oct.2021", "Apr.2022"),
                             ("Sept. 2020 – present", "Sept. 2020", "present"),
                             ("Jan.-Mar. 2019", "Jan. 2019", "Mar. 2019"),
                             ("April-June 2019", "April 2019", "June 2019")):
        entry = split(f"{year}: Warden, Reed Hall", "work")
        assert (entry["year"], entry["title"]) == (year, "Warden"), year
        job = entry_to("work", entry)
        assert (job["startDate"], job["endDate"]) == (start, end), year
    # a word before a dash that is no month is no date
    assert "year" not in split("Lab-Work 2019: notes", "work")


def test_a_line_of_description_under_a_dated_entry_is_no_institution():
    """The first sub-bullet of a dated entry without an institution is its place only when
    it reads as one (an institution's word, or names written as names)."""
    body = ("Work\n====\n* 2016 - 2017: Kitchen project with four other students\n"
            "  * Cook a meal with a handle fitted with sensors\n"
            "* 2018: Warden\n  * Reed Hall, Utrecht\n")
    first, second = cvmarkdown.parse(body).sections[0].entries
    assert "institution" not in first
    assert first["description"] == ["Cook a meal with a handle fitted with sensors"]
    assert (second["institution"], second["location"]) == ("Reed Hall", "Utrecht")


def test_a_cv_entry_the_rendercv_data_cannot_hold_is_a_finding_at_its_line():
    """RenderCV's `_data/cv.yml` is written from every entry of a section: a line of text
    is an entry too (before: left out of a standard section in silence), and an entry that
    gives nothing to write is named in the report with its file and line."""
    from sitemigrate.ir import CV, CVSection, Origin, Site
    from sitemigrate.report import Report
    from sitemigrate.themes.alfolio.cv import _rendercv_of
    md = "Work\n====\n* 2019: Warden, Reed Hall\n* Fern keeper\n* **&nbsp;**\n"
    sec = CVSection("Work", [{"title": "Warden", "institution": "Reed Hall", "year": "2019"},
                             "Fern keeper", {"title": " ", "year": "", "description": []}],
                    markdown=md, key="work", origin=Origin("_pages/cv.md", 10))
    report = Report()
    out = _rendercv_of(Site(cv=CV(sections=[sec])), report)
    entries = out["sections"]["Work"]
    assert [e.get("position") for e in entries] == ["Warden", "Fern keeper"]
    (lost,) = [f for f in report.findings if f.code == "cv-entry"]
    assert lost.severity == "loss" and "`Work`" in lost.message
    assert (lost.path, lost.line) == ("_pages/cv.md", 10)
    sec.entries[2] = {"title": "Moss picker", "year": ""}  # a title: written, no finding
    report = Report()
    assert len(_rendercv_of(Site(cv=CV(sections=[sec])), report)["sections"]["Work"]) == 3
    assert not [f for f in report.findings if f.code == "cv-entry"]


def test_a_name_value_line_among_dated_entries_is_an_entry_or_a_finding():
    """``* **Head gardener**: Moss Works, Utrecht`` in a section of dated entries is an
    entry (title, then where): read as a name/value pair, RenderCV's data kept its `value`,
    which no CV include shows, and the report said nothing."""
    from sitemigrate.ir import CV, CVSection, Origin, Site
    from sitemigrate.report import Report
    from sitemigrate.themes.alfolio.cv import _rendercv_of
    body = ("Work\n====\n* 2019: Warden, Reed Hall\n"
            "* **Head gardener**: Moss Works, Utrecht\n  * Pruned ferns\n")
    (sec,) = cvmarkdown.parse(body).sections
    assert sec.entries[1] == {"title": "Head gardener", "institution": "Moss Works",
                              "location": "Utrecht", "description": ["Pruned ferns"]}
    # such a pair from elsewhere (a JSON Resume, a classic cv.yml) is named in the report
    pair = CVSection("Work", [{"name": "Head gardener", "value": "Moss Works"}], key="work",
                     markdown="Work\n====\n* **Head gardener**: Moss Works\n",
                     origin=Origin("_pages/cv.md", 3))
    report = Report()
    _rendercv_of(Site(cv=CV(sections=[pair])), report)
    (found,) = [f for f in report.findings if f.code == "cv-field"]
    assert "Head gardener" in found.message and (found.path, found.line) == ("_pages/cv.md", 5)


UNDATED_EDUCATION = """Education
=========
* MSc in Moss Ecology, University of Nowhere, Lisbon, Portugal
* BSc in Fern Studies, Reed College, Utrecht
* School leaving exam
"""


def test_an_undated_degree_line_keeps_its_institution_and_place():
    """A section of undated degree lines was a `list`, which holds titles: the institution
    and place read from each line went, and the RenderCV `cv.yml`, the JSON Resume and the
    classic `cv.yml` said nothing. An entry read with a place makes the section a
    `time_table`, dated or not, and every CV codec carries the place."""
    (sec,) = cvmarkdown.parse(UNDATED_EDUCATION).sections
    assert sec.kind == "time_table"
    msc, bsc, school = sec.entries
    assert msc == {"title": "MSc in Moss Ecology", "institution": "University of Nowhere",
                   "location": "Lisbon, Portugal",
                   "extra": {"studyType": "MSc", "area": "Moss Ecology"}}
    assert (bsc["institution"], bsc["location"]) == ("Reed College", "Utrecht")
    assert school == {"title": "School leaving exam"}
    # a section of titles alone is still a list
    assert cvmarkdown.parse("Skills\n======\n* Moss, ferns\n").sections[0].kind == "list"


def test_an_undated_degree_line_reaches_every_alfolio_codec(tmp_path):
    src = _site(tmp_path)
    (src / "_pages/cv.md").write_text(CV_PAGE.split("Education\n")[0] + UNDATED_EDUCATION)
    plan = sitemigrate.convert(src, tmp_path / "v1", to="al-folio",
                               options=Options(generation="v1"))
    msc = yaml.load(plan.files["_data/cv.yml"].decode())["cv"]["sections"]["Education"][0]
    assert (msc["institution"], msc["location"], msc["area"]) == (
        "University of Nowhere", "Lisbon, Portugal", "Moss Ecology")
    resume = json.loads(plan.files["assets/json/resume.json"].decode())["education"][0]
    assert (resume["institution"], resume["studyType"]) == ("University of Nowhere", "MSc")
    plan = sitemigrate.convert(src, tmp_path / "old", to="al-folio",
                               options=Options(generation="2024-25"))
    (edu,) = yaml.load(plan.files["_data/cv.yml"].decode())
    assert edu["type"] == "time_table"
    assert edu["contents"][0]["institution"] == "University of Nowhere, Lisbon, Portugal"


def test_html_emphasis_in_a_part_is_read_as_its_text():
    """``Bengaluru, <b>India</b>``: the tags are the place's look, as ``**India**`` is;
    before, the tagged word was no place and stayed, tags and all, in the institution. A
    comma inside the tags separates nothing, as inside ``**...**``."""
    split = cvmarkdown.split_entry
    bsc = split("BSc in Fern Studies, Reed College, Bengaluru, <b>India</b>", "education")
    assert (bsc["institution"], bsc["location"]) == ("Reed College", "Bengaluru, India")
    work = split("2019: Warden, Reed Hall, <strong>Utrecht</strong>, <em><i>Netherlands</i></em>",
                 "work")
    assert work == {"title": "Warden", "institution": "Reed Hall",
                    "location": "Utrecht, Netherlands", "year": "2019"}
    talk = split("<b>Moss, Fern and Lichen Meeting</b>, Uppsala, Sweden, 2024", "talks")
    assert talk["title"] == "Moss, Fern and Lichen Meeting"


def test_a_comma_without_a_space_inside_a_name_separates_no_fields():
    """``Mathematics,Vision and Learning`` is one area of study written without a space, not
    an area and an institution (before: the area was `Mathematics` and the institution
    `Vision and Learning, Fern College`)."""
    split = cvmarkdown.split_entry
    phd = split("PhD in Moss,Fern and Lichen Studies, Reed College, Utrecht, 2019", "education")
    assert (phd["title"], phd["institution"], phd["location"]) == (
        "PhD in Moss,Fern and Lichen Studies", "Reed College", "Utrecht")
    assert split("2020: Counter of 10,000 ferns, Reed Hall", "work")["title"] == (
        "Counter of 10,000 ferns")
    # a comma with a space after it still separates
    assert split("2020: Warden, Reed Hall, Utrecht", "work")["location"] == "Utrecht"


NAMED_WITH_NOTES = """Skills
======
* **Languages**: Fennish, Mossian
  * taught Mossian at an evening school
* **Field kit**
  * drone, soil corer
"""


def test_sub_bullets_under_a_name_value_line_are_items_not_dropped(tmp_path):
    """A ``**Name**: value`` section is a map of pairs, which holds no sub-bullets: one with
    sub-bullets is a nested list: each name over its value and sub-bullets (JSON Resume's
    skill, a name and its keywords). Before, every pair's sub-bullets were dropped in
    silence."""
    (skills,) = cvmarkdown.parse(NAMED_WITH_NOTES).sections
    assert (skills.kind, skills.entries) == ("nested_list", [
        {"title": "Languages",
         "items": ["Fennish, Mossian", "taught Mossian at an evening school"]},
        {"title": "**Field kit**", "items": ["drone, soil corer"]}])
    assert cvmarkdown.parse(NAMED_WITH_NOTES.replace("  *", "*").replace(
        "* **Field kit**\n* drone, soil corer\n", "")).sections[0].kind == "list"
    assert cvmarkdown.parse("Skills\n======\n* **Moss**: ferns\n").sections[0].kind == "map"
    src = _site(tmp_path)
    (src / "_pages/cv.md").write_text(CV_PAGE.split("Education\n")[0] + NAMED_WITH_NOTES)
    for generation in ("2024-25", "v1"):
        plan = sitemigrate.convert(src, tmp_path / generation, to="al-folio",
                                   options=Options(generation=generation))
        text = plan.files["_data/cv.yml"].decode()
        for words in ("Fennish, Mossian", "evening school", "Field kit", "soil corer"):
            assert words in text, (generation, words)
    skills = yaml.load(text)["cv"]["sections"]["Skills"]  # v1: what its skills include shows
    assert skills[0] == {"name": "Languages", "keywords": [
        "Fennish, Mossian", "taught Mossian at an evening school"]}


def test_a_heading_with_only_subsections_under_it_names_their_group():
    """`## Conference talks` with nothing under it but `### Invited` and `### Contributed`:
    a CV of flat sections showed `Invited` and `Contributed` only, and the reader no longer
    saw what they are. Each subsection is titled with its group; a heading no other heading
    stands level with (the page's own `# Curriculum Vitae`) is no group."""
    from sitemigrate.formats.cvmarkdown import parse
    body = ("# Curriculum Vitae\n\n## Education\n* PhD in Ecology, Example University, 2019\n\n"
            "## Conference talks\n---\n\n### Invited\n* Counting moose, Example Society, Oslo, "
            "2020\n\n### Contributed\n* Hares in snow, Example Meeting, Bergen, 2021\n\n"
            "## Skills\n* **Field:** moose counting\n")
    sections = parse(body).sections
    assert [s.title for s in sections] == [
        "Education", "Conference talks — Invited", "Conference talks — Contributed", "Skills"]
    assert sections[0].key == "education" and sections[3].key == "skills"


def test_a_leading_date_before_a_comma_is_the_entry_date():
    """``Sep 2023 - Present, Role, Place``: the dates, then the role and where, a comma
    apart (before: one undated title holding the dates). A list of years before a colon
    is no date of the entry."""
    split = cvmarkdown.split_entry
    assert split("Sep 2023 - Present, Warden, Reed Hall", "work") == {
        "title": "Warden", "institution": "Reed Hall", "year": "Sep 2023 - Present"}
    assert split("2018, Fern Medal") == {"title": "Fern Medal", "year": "2018"}
    assert split("2019, 2021: Reviewer for Moss Letters") == {
        "title": "2019, 2021: Reviewer for Moss Letters"}


def test_a_line_of_line_breaks_under_a_list_leaves_its_section_readable():
    """`<br><br>` right under a section's bullets (spacing an owner added between sections)
    is part of the last item for kramdown and shows no word: the section is read, its
    entries as they were, and taking it out of the page takes the spacing line too."""
    body = ("Schooling\n======\n* M.Sc. in Tide Physics, Example Polar Institute, 2020\n"
            "* B.Sc. in Geology, Example University, 2016\n<br><br>\n\n"
            "Odd jobs\n======\n* Lighthouse keeping\n* Net mending\n<br/>\n")
    parsed = cvmarkdown.parse(body)
    assert [s.title for s in parsed.sections] == ["Schooling", "Odd jobs"]
    assert len(parsed.sections[0].entries) == 2
    assert "<br" not in cvmarkdown.remove(body, parsed, {"Schooling", "Odd jobs"})
