"""The CV data's `basics` (an al-folio JSON Resume's or RenderCV's contact card) on an
academicpages Markdown CV page: what the source's CV layout showed, no more, no less."""

from __future__ import annotations

import json
from pathlib import Path

import sitemigrate
from sitemigrate.report import Report
from sitemigrate.themes.alfolio import reader as alfolio

BASICS = {"name": "Rin Halvorsen", "label": "Glaciologist", "email": "rin@example.net",
          "phone": "+47 555 0100", "url": "https://rin.example.net",
          "summary": "Studies ice.", "image": "",
          "location": {"address": "12 Quiet Lane", "city": "Tromsø", "postalCode": "9000"},
          "profiles": [{"network": "GitHub", "username": "rinh-gh",
                        "url": "https://github.com/rinh-gh"}]}
WORK = [{"name": "Polar Lab", "position": "Postdoc", "startDate": "2021-09"}]
CONFIG_2024 = "title: blank\nfirst_name: Rin\nlast_name: Halvorsen\nthird_party_libraries: {}\n"
CONFIG_V1 = "title: blank\nfirst_name: Rin\nlast_name: Halvorsen\nal_folio: {}\n"
PAGE = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\n{extra}---\n"


def _convert(root: Path, files: dict[str, str]) -> tuple[str, Report]:
    plan = sitemigrate.convert(_write(root / "src", files), root / "out", to="academicpages")
    plan.apply()
    return (root / "out/_pages/cv.md").read_text(), plan.report


def _files(config: str, basics: dict, extra: str = "") -> dict[str, str]:
    return {"_config.yml": config, "_pages/cv.md": PAGE.format(extra=extra),
            "assets/json/resume.json": json.dumps({"basics": basics, "work": WORK})}


def test_the_2024_resume_basics_the_cv_page_showed_are_a_contact_section(tmp_path):
    """The 2024-25 CV layout shows `basics` through its `resume/basics` include: every key
    with a value but the image, the profiles and the location. Those it showed are the
    Markdown CV's first section; the home address it did not show stays off the page."""
    page, report = _convert(tmp_path, _files(CONFIG_2024, BASICS))
    contact = page[page.index("Contact\n===="):page.index("Work\n")]
    assert "* **Title**: Glaciologist" in contact
    assert "* **Email**: [rin@example.net](mailto:rin@example.net)" in contact
    assert "* **Phone**: +47 555 0100" in contact
    assert "* **Website**: <https://rin.example.net>" in contact
    assert "Name" not in contact  # the owner's name: the profile sidebar shows it
    assert "Quiet Lane" not in page and "Tromsø" not in page and "rinh-gh" not in page
    said = [f for f in report.findings if f.code == "cv-basics"]
    assert len(said) == 1 and "`label`, `email`, `phone`, `url`" in said[0].message


def test_the_2026_layout_shows_the_location_and_a_layout_of_its_own_what_it_names(tmp_path):
    """The 2026 layout's contact card shows the location (address, city, postal code); a
    site's own CV layout shows the `basics.KEY` it names, and only those."""
    page, _ = _convert(tmp_path / "v1", _files(CONFIG_V1, BASICS, "cv_format: jsonresume\n"))
    assert "* **Location**: 12 Quiet Lane, Tromsø, 9000" in page
    files = _files(CONFIG_2024, BASICS)
    files["_layouts/cv.liquid"] = ("{{ site.data.resume.basics.email }}\n"
                                   "{% for w in site.data.resume.work %}{{ w.name }}{% endfor %}\n")
    cv = alfolio.read(_write(tmp_path / "own", files), Report()).cv
    assert cv is not None and cv.basics_shown == ["email"]


def test_no_contact_section_where_the_cv_page_showed_no_basics(tmp_path):
    """`jsonresume` in `_config.yml` without `basics`: the 2024-25 layout shows no basics."""
    config = CONFIG_2024 + "jsonresume:\n  - work\n"
    page, report = _convert(tmp_path, _files(config, BASICS))
    assert "Contact" not in page and "Glaciologist" not in page and "Polar Lab" in page
    assert not [f for f in report.findings if f.code == "cv-basics"]


def test_the_contact_section_is_headed_in_the_sites_language(tmp_path):
    files = _files(CONFIG_2024, {"name": "Rin Halvorsen", "email": "rin@example.net"})
    files["_pages/about.md"] = "---\nlayout: about\npermalink: /\n---\n## Recherche\n\nGlace.\n"
    page, _ = _convert(tmp_path, files)
    assert "Coordonnées\n====" in page and "* **Courriel**: [rin@example.net]" in page


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_a_rendercv_location_is_shown_only_as_the_2026_card_shows_it(tmp_path):
    """The 2026 layout's RenderCV card shows an `address`, not RenderCV's own `location`."""
    cv = ("cv:\n  name: Rin Halvorsen\n  label: Glaciologist\n  location: Tromsø\n"
          "  sections:\n    experience:\n      - company: Polar Lab\n        position: Postdoc\n")
    files = {"_config.yml": CONFIG_V1, "_pages/cv.md": PAGE.format(extra=""),
             "_data/cv.yml": cv}
    page, _ = _convert(tmp_path / "a", files)
    assert "* **Title**: Glaciologist" in page and "Tromsø" not in page
    files["_data/cv.yml"] = cv.replace("  location: Tromsø\n",
                                       "  address:\n    street: 12 Quiet Lane\n"
                                       "    city: Tromsø\n")
    page, _ = _convert(tmp_path / "b", files)
    assert "* **Location**: 12 Quiet Lane, Tromsø" in page


def test_resume_entries_are_in_the_order_the_cv_page_showed_them(tmp_path):
    """The 2024-25 `resume/work` include sorts by `startDate` and reverses; a site's own
    include sorts as it says; the 2026 layout keeps the file's order."""
    work = [{"name": "Mid Lab", "position": "Fellow", "startDate": "2019-01"},
            {"name": "New Lab", "position": "Lead", "startDate": "2023-05"},
            {"name": "No Date Lab", "position": "Visitor"},
            {"name": "Old Lab", "position": "Intern", "startDate": "2015-09"}]
    files = {"_config.yml": CONFIG_2024, "_pages/cv.md": PAGE.format(extra=""),
             "assets/json/resume.json": json.dumps({"basics": {"name": "Rin Halvorsen"},
                                                    "work": work})}

    def order(page: str) -> list[str]:
        return sorted(("Mid Lab", "New Lab", "No Date Lab", "Old Lab"), key=page.index)

    page, _ = _convert(tmp_path / "a", files)
    assert order(page) == ["No Date Lab", "New Lab", "Mid Lab", "Old Lab"]
    files["_includes/resume/work.liquid"] = ("{% assign work = data[1] | sort: 'startDate' %}"
                                            "{% for w in work %}{{ w.name }}{% endfor %}\n")
    page, _ = _convert(tmp_path / "b", files)
    assert order(page) == ["Old Lab", "Mid Lab", "New Lab", "No Date Lab"]
    del files["_includes/resume/work.liquid"]
    files["_config.yml"] = CONFIG_V1
    files["_pages/cv.md"] = PAGE.format(extra="cv_format: jsonresume\n")
    page, _ = _convert(tmp_path / "c", files)
    assert order(page) == ["Mid Lab", "New Lab", "No Date Lab", "Old Lab"]


def test_a_resume_naming_the_owner_otherwise_is_read_as_theirs_and_said_so(tmp_path):
    """A resume whose name is written otherwise than the site's (another spelling) and that
    holds no template example text: the report does not ask whether it is the template's."""
    files = _files(CONFIG_2024, {**BASICS, "name": "Rinn Halvorssen"})
    _, report = _convert(tmp_path, files)
    said = [f.message for f in report.findings if f.code == "cv-example"]
    assert len(said) == 1 and "it is no template's example CV, so it was read as yours" in said[0]


RENDERCV = """cv:
  name: Rin Halvorsen
  sections:
    Education:
      - institution: North College
        area: Glaciology
        degree: PhD
        start_date: 2015
        end_date: 2019
    Skills:
      - label: Fieldwork
        details: Ice cores
    Volunteer:
      - company: Shore Cleanup
        position: Organizer
        start_date: 2020
    Experience:
      - company: Polar Lab
        position: Postdoc
        start_date: 2021
"""


def test_rendercv_sections_are_in_the_order_the_cv_layout_showed_them(tmp_path):
    """The 2026 layout shows `Experience` and `Volunteer` first, joined in one card headed
    Experience (a volunteer entry's `company` shown), then its loop the others in the
    file's order; a site's own layout that names `Skills` ahead of its loop shows it first."""
    files = {"_config.yml": CONFIG_V1, "_pages/cv.md": PAGE.format(extra="cv_format: rendercv\n"),
             "_data/cv.yml": RENDERCV}
    page, _ = _convert(tmp_path / "a", files)
    headings = [line for line in page.splitlines() if line.isalpha() and line[0].isupper()]
    assert headings == ["Experience", "Education", "Skills"]
    experience = page[page.index("Experience\n"):page.index("Education\n")]
    assert experience.index("Polar Lab") < experience.index("Organizer") \
        < experience.index("Shore Cleanup")
    alone = {**files, "_data/cv.yml": RENDERCV.split("    Experience:\n")[0]}
    page, _ = _convert(tmp_path / "v", alone)  # Volunteer alone: still the Experience card
    assert [line for line in page.splitlines() if line.isalpha() and line[0].isupper()] \
        == ["Experience", "Education", "Skills"] and "Shore Cleanup" in page
    files["_layouts/cv.liquid"] = (
        "{% assign cv = site.data.cv.cv %}{% for e in cv.sections.Skills %}{{ e.label }}"
        "{% endfor %}\n{% for s in cv.sections %}{% if s[0] == 'Skills' %}{% continue %}"
        "{% endif %}{{ s[0] }}{% endfor %}\n")
    cv = alfolio.read(_write(tmp_path / "own", files), Report()).cv
    assert cv is not None
    assert [s.title for s in cv.sections] == ["Skills", "Education", "Volunteer", "Experience"]
