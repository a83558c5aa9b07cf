"""Rules found by converting whole al-folio sites outside the corpus: what the owner's
publications Liquid shows, read as Jekyll and jekyll-scholar render it (invented sites)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from conftest import FIXTURES

import sitemigrate

# a publications page with a jump bar over the years of `years:` (links only, no entry)
# before the loop that lists each year's entries
YEAR_BAR = """---
layout: page
permalink: /publications/
title: publications
nav: true
years: [2024, 2023]
---
<nav class="year-bar">
  {% for y in page.years %}
    <a href="#year-{{ y }}" class="year-jump">{{ y }}</a>
  {% endfor %}
</nav>

<div class="publications">
  {% for y in page.years %}
    <h2 class="year" id="year-{{ y }}">{{ y }}</h2>
    {% bibliography -f papers -q @*[year={{ y }}]* %}
  {% endfor %}
</div>
"""


def _alfolio(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    return src


def _convert(src: Path, dest: Path, to: str = "academicpages"):
    plan = sitemigrate.convert(src, dest, to=to)
    plan.apply()
    return plan


def test_a_loop_over_the_years_that_lists_no_entry_is_no_publications_listing(tmp_path):
    """A `{% for y in page.years %}` loop is the publications listing only when it holds a
    `{% bibliography %}` tag: a bar of links to each year, before it, lists nothing of the
    entries. The target's listing takes the place of the loop that listed them, and the bar
    stays as the owner wrote it (not emptied, no listing inside its `<nav>`)."""
    src = _alfolio(tmp_path)
    (src / "_pages/publications.md").write_text(YEAR_BAR)
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", dest)
    _convert(src, dest)
    body = (dest / "_pages/publications.md").read_text().split("---", 2)[2]
    bar = body[body.index('<nav class="year-bar">'):body.index("</nav>")]
    assert '<a href="#year-{{ y }}" class="year-jump">{{ y }}</a>' in bar
    assert "site.publications" not in bar
    listing = body.index("for post in site.publications")
    assert body.index('<div class="publications">') < listing


# a 2020-23 CV section whose entries list their lines under `items` (the old time table
# shows `description` and `items` alike)
AWARDS = """
- title: Honors and Awards
  type: time_table
  contents:
    - year: 2021
      title: Harbour Fellowship
      items:
        - Funded by the Example Tide Trust
        - Three years of fieldwork
    - year: 2019
      title: Best Poster, Example Buoy Meeting
"""


def _rendercv_cv(tmp_path: Path, section: str, title: str, include: str, shows: str):
    """The 2020-23 fixture with CV ``section`` (YAML) added, converted into an al-folio
    checkout whose RenderCV layout lays out ``title`` with ``_includes/cv/{include}``
    (``shows``: its Liquid over `entries`) and shows other sections' bullets: the plan and
    the written `cv.yml` sections."""
    from test_checkout import alfolio_checkout
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    with (src / "_data/cv.yml").open("a") as f:
        f.write(section)
    dest = alfolio_checkout(tmp_path / "dest")
    (dest / "_data/cv.yml").write_text("cv:\n  name: Example Nobody\n  sections: {}\n")
    (dest / "_includes/cv").mkdir()
    (dest / f"_includes/cv/{include}").write_text(shows)
    (dest / "_layouts/cv.liquid").write_text(
        "---\nlayout: default\n---\n{% for s in site.data.cv.cv.sections %}"
        "{% assign section_title = s[0] %}{% assign entries = s[1] %}"
        f"{{% if section_title == '{title}' %}}{{% include cv/{include} %}}"
        "{% else %}{% for e in s[1] %}{{ e.bullet }}{% endfor %}{% endif %}{% endfor %}\n")
    plan = _convert(src, dest, "al-folio")
    return plan, yaml.safe_load((dest / "_data/cv.yml").read_text())["cv"]["sections"]


def test_cv_lines_of_an_entry_go_where_its_section_shows_text(tmp_path):
    """DEST's RenderCV layout (2026) lays out `Honors and Awards` with an include that shows
    an entry's title, date and `summary`, no list of lines: an award's `items` are its
    summary (joined), not left in a field the page never shows."""
    plan, sections = _rendercv_cv(
        tmp_path, AWARDS, "Honors and Awards", "awards.liquid",
        "{% for entry in entries %}{{ entry.date }} {{ entry.title }} {{ entry.summary }}"
        "{% endfor %}\n")
    fellowship, poster = sections["Honors and Awards"]
    assert fellowship["summary"] == "Funded by the Example Tide Trust; Three years of fieldwork"
    assert "items" not in fellowship and "highlights" not in fellowship
    assert "summary" not in poster
    said = [f.message for f in plan.report.findings if f.code == "cv-field"]
    assert any("Honors and Awards" in m and "summary" in m for m in said), said


# four entries; two topic pages each list two of them by their citation keys
KEYED = "".join(
    f"@article{{{key},\n  title={{{title}}},\n  author={{Marlowe, Oda}},\n"
    f"  journal={{Shore Letters}},\n  year={{{year}}}\n}}\n\n"
    for key, title, year in (("marlowe2024dusk", "Limpets at Dusk", 2024),
                             ("marlowe2023snails", "Counting Snails", 2023),
                             ("marlowe2022maps", "Barnacle Maps", 2022),
                             ("marlowe2021kelp", "Kelp Census", 2021)))


def _topic(title: str, keys: tuple[str, str]) -> str:
    tags = "\n".join(f"{{% bibliography --query @*[key={k}] %}}" for k in keys)
    return (f"---\nlayout: page\ntitle: {title}\npermalink: /{title.lower()}/\nnav: true\n"
            f"---\nWhat I study there.\n\n## Related publications\n\n{tags}\n")


def test_pages_that_list_entries_by_their_keys_keep_those_entries(tmp_path):
    """jekyll-scholar's `@*[key=...]` selects the entry of that citation key. Two topic
    pages each list two entries of `papers.bib` by key (the publications page lists them
    all): each topic page lists its own two on academicpages too, not every publication."""
    from test_cited_bib import ABOUT, CONFIG, PUBLICATIONS
    from test_read_rules import write
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}"),
        "_pages/shores.md": _topic("Shores", ("marlowe2024dusk", "marlowe2023snails")),
        "_pages/reefs.md": _topic("Reefs", ("marlowe2022maps", "marlowe2021kelp")),
        "_bibliography/papers.bib": KEYED})
    sitemigrate.convert(src, tmp_path / "dest", to="academicpages").apply()
    section = {}
    for path in (tmp_path / "dest/_publications").glob("*.md"):
        front = yaml.safe_load(path.read_text("utf-8").split("---")[1])
        section[front["title"]] = front.get("bib_section")
    for page, titles in (("shores", ("Limpets at Dusk", "Counting Snails")),
                         ("reefs", ("Barnacle Maps", "Kelp Census"))):
        body = (tmp_path / f"dest/_pages/{page}.md").read_text("utf-8")
        shown = {t for t, s in section.items() if s and f'post.bib_section == "{s}"' in body}
        assert shown == set(titles), (page, section)
    everything = (tmp_path / "dest/_pages/publications.md").read_text("utf-8")
    assert "bib_section" not in everything and "site.publications" in everything


def test_a_page_at_the_sections_address_without_its_slash_is_that_sections_page(tmp_path):
    """`permalink: /publications` (no slash): Jekyll writes `publications.html`, which
    GitHub Pages serves at `/publications`: the owner's publications page, though its Liquid
    is its own (a loop over data of theirs, no `bibliography` tag). The academicpages
    checkout's own publications page (its example wording above the listing) is not kept
    beside it at `/publications/`."""
    src = _alfolio(tmp_path)
    (src / "_data").mkdir(exist_ok=True)
    (src / "_data/papers.yml").write_text("- title: Tide Tables Revisited\n  venue: Shore Letters\n")
    (src / "_pages/publications.md").write_text(
        "---\nlayout: page\ntitle: Publications\npermalink: /publications\nnav: true\n---\n"
        "{% for p in site.data.papers %}<p>{{ p.title }}, {{ p.venue }}</p>{% endfor %}\n")
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", dest)
    _convert(src, dest)
    pages = sorted(p.name for p in (dest / "_pages").glob("publications.*"))
    assert pages == ["publications.md"], pages
    assert "site.data.papers" in (dest / "_pages/publications.md").read_text()


def test_an_entry_two_topic_pages_list_by_key_is_on_both(tmp_path):
    """The same entry listed by key on two topic pages (one paper of both subjects):
    jekyll-scholar shows it on each. Each page's parts are named in a field of that page's
    own, so the entry is in a part of both pages, and each page still lists only its own."""
    from test_cited_bib import ABOUT, CONFIG, PUBLICATIONS
    from test_read_rules import write
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}"),
        "_pages/shores.md": _topic("Shores", ("marlowe2024dusk", "marlowe2023snails")),
        "_pages/reefs.md": _topic("Reefs", ("marlowe2022maps", "marlowe2024dusk")),
        "_bibliography/papers.bib": KEYED})
    sitemigrate.convert(src, tmp_path / "dest", to="academicpages").apply()
    fronts = [yaml.safe_load(p.read_text("utf-8").split("---")[1])
              for p in (tmp_path / "dest/_publications").glob("*.md")]
    for page, titles in (("shores", {"Limpets at Dusk", "Counting Snails"}),
                         ("reefs", {"Barnacle Maps", "Limpets at Dusk"})):
        body = (tmp_path / f"dest/_pages/{page}.md").read_text("utf-8")
        tests = re.findall(r'post\.(\w+) == "([^"]+)"', body)
        assert tests, body
        shown = {f["title"] for f in fronts if any(f.get(k) == v for k, v in tests)}
        assert shown == titles, (page, tests, fronts)


def test_a_page_of_one_tag_that_selects_one_entry_lists_that_entry_only(tmp_path):
    """One `{% bibliography --query @*[key=...] %}` on a topic page: jekyll-scholar shows
    that one entry there, so the academicpages page lists it alone, not every publication.
    The publications page, whose one tag selects all, still lists everything unfiltered."""
    from test_cited_bib import ABOUT, CONFIG, PUBLICATIONS
    from test_read_rules import write
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}"),
        "_pages/shores.md": _topic("Shores", ("marlowe2023snails",)),
        "_bibliography/papers.bib": KEYED})
    sitemigrate.convert(src, tmp_path / "dest", to="academicpages").apply()
    fronts = [yaml.safe_load(p.read_text("utf-8").split("---")[1])
              for p in (tmp_path / "dest/_publications").glob("*.md")]
    assert len(fronts) == 4
    body = (tmp_path / "dest/_pages/shores.md").read_text("utf-8")
    tests = re.findall(r'post\.(\w+) == "([^"]+)"', body)
    shown = {f["title"] for f in fronts if any(f.get(k) == v for k, v in tests)}
    assert shown == {"Counting Snails"}, (body, fronts)
    everything = (tmp_path / "dest/_pages/publications.md").read_text("utf-8")
    assert "bib_section" not in everything and "site.publications" in everything


SKILLS = """
- title: Skills
  type: list
  contents:
    - Tide gauges
    - Kelp surveys
    - Boat handling
"""


def test_a_bare_list_of_skills_is_one_entry_where_the_include_prints_name_and_colon(tmp_path):
    """DEST's RenderCV layout (2026) shows `Skills` with an include that prints each
    entry's name, a colon, then its keywords. Skills that are a name only would each show
    as "Tide gauges:" with nothing after: they are one entry, named by the section, whose
    keywords are their names, so the page reads "Skills: Tide gauges, Kelp surveys, ..."."""
    _, sections = _rendercv_cv(
        tmp_path, SKILLS, "Skills", "skills.liquid",
        "{% for entry in entries %}<b>{{ entry.name }}:</b> {{ entry.keywords | join: ', ' }}"
        "{% endfor %}\n")
    assert sections["Skills"] == [
        {"name": "Skills", "keywords": ["Tide gauges", "Kelp surveys", "Boat handling"]}]


def test_the_scholar_setting_is_said_read_for_the_publications_not_lost(tmp_path):
    """`scholar:` tells jekyll-scholar which `.bib` files to read; academicpages has no such
    setting, but the publications it found are carried: the report says the key was read
    to find them, and does not list it among the settings lost."""
    src = _alfolio(tmp_path)
    assert "\nscholar:" in (src / "_config.yml").read_text()
    plan = _convert(src, tmp_path / "dest")
    theme = [f for f in plan.report.findings if f.code == "config-theme"]
    read = [f for f in theme if f.outcome == "mapped"]
    assert len(read) == 1 and "`scholar`" in read[0].message, theme
    assert not any("`scholar`" in f.message for f in theme if f.outcome == "lost"), theme


# a projects page whose category listing holds a line of the owner's own, over headings of
# categories none of the owner's projects is in
GROUPS_WITH_A_LINE = """---
layout: page
title: members
permalink: /members/
nav: true
display_categories: [alumni, visitors]
---
<div class="projects">
{%- if site.enable_project_categories and page.display_categories %}
  <p>Our harbour crew, past and present</p>
  {%- for category in page.display_categories %}
  <h2 class="category">{{ category }}</h2>
  {%- assign categorized_projects = site.projects | where: "category", category -%}
  <div class="grid">
    {%- for project in categorized_projects -%}
      {% include projects.html %}
    {%- endfor %}
  </div>
  {% endfor %}
{%- else -%}
  <div class="grid">
    {%- for project in site.projects -%}
      {% include projects.html %}
    {%- endfor %}
  </div>
{%- endif -%}
</div>
"""


def test_the_owners_line_inside_a_replaced_listing_is_reported_not_dropped(tmp_path):
    """A line the owner wrote inside al-folio's projects listing (text its stock listing
    does not hold) is named in the report, with the old listing kept in a comment, when
    the target's listing takes its place: the page showed it, the new one would not."""
    src = _alfolio(tmp_path)
    config = src / "_config.yml"
    config.write_text(config.read_text() + "\nenable_project_categories: true\n")
    (src / "_pages/members.md").write_text(GROUPS_WITH_A_LINE)
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", dest)
    plan = _convert(src, dest)
    [found] = [f for f in plan.report.findings if f.code == "listing-own-liquid"
               and f.path == "_pages/members.md"]
    assert '"Our harbour crew, past and present"' in found.message
    assert "Liquid or text of its own" in found.message
    body = (dest / "_pages/members.md").read_text()
    kept = body[body.index("{% comment %}"):]
    assert "<p>Our harbour crew, past and present</p>" in kept


TIDES_BIB = """@article{okonkwo2021tides,
  title = {Scheduling Around the Tides},
  author = {Okonkwo, Ada},
  journal = {Harbour Computing},
  year = {2021}
}
"""


@pytest.mark.parametrize("listed", ["tides", "papers"])
def test_a_projects_own_bibliography_lists_its_entries_on_its_page(tmp_path, listed):
    """A project's page with `{% bibliography --file F %}` showed the entries of F there
    (a file only it lists, or the one the publications page lists too). On academicpages
    the portfolio page lists those publications (each names its file), not nothing: no
    listing of a page stands in for it."""
    src = _alfolio(tmp_path)
    (src / "_bibliography/tides.bib").write_text(TIDES_BIB)
    project = src / "_projects/1_project.md"
    project.write_text(project.read_text() + "\n**Papers**\n\n<div class=\"publications\">\n"
                       f"{{% bibliography --file {listed} %}}\n</div>\n")
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", dest)
    _convert(src, dest)
    body = (dest / "_portfolio/1_project.md").read_text()
    tests = re.findall(r'post\.(\w+) == "([^"]+)"', body)
    assert tests and "site.publications" in body, body
    fronts = [yaml.safe_load(p.read_text("utf-8").split("---")[1])
              for p in (dest / "_publications").glob("*.md")]
    shown = {f["title"] for f in fronts if any(str(f.get(k)) == v for k, v in tests)}
    # (tides.bib: its one entry; papers.bib, the only file carried then: every publication)
    assert shown == ({"Scheduling Around the Tides"} if listed == "tides"
                     else {f["title"] for f in fronts}), (shown, body)
    assert len(fronts) > 1


# an about layout of the owner's own that reads the picture from a folder of theirs
OWN_ABOUT = """---
layout: page
---
{% if page.profile %}<div class="profile">
<img src="{{ page.profile.image | prepend: '/assets/pictures/' | prepend: site.baseurl }}">
</div>{% endif %}
{{ content }}
"""


def test_the_profile_picture_is_where_the_sites_own_about_layout_reads_it(tmp_path):
    """The owner's about layout puts `/assets/pictures/` before `profile.image`: the
    picture the home page showed is that folder's file, carried to the new site's avatar,
    not a file of al-folio's `assets/img/` that is missing."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir(exist_ok=True)
    (src / "_layouts/about.html").write_text(OWN_ABOUT)
    (src / "assets/pictures").mkdir(parents=True)
    (src / "assets/pictures/prof_pic.jpg").write_bytes(b"\xff\xd8\xff\xe0 stand-in")
    (src / "assets/img/prof_pic.jpg").unlink()
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", dest)
    plan = _convert(src, dest)
    avatar = yaml.safe_load((dest / "_config.yml").read_text())["author"]["avatar"]
    assert (dest / "images" / avatar.removeprefix("images/")).is_file() or \
        (dest / avatar.lstrip("/")).is_file(), avatar
    assert not [f for f in plan.report.findings if "prof_pic" in f.message
                and "does not exist" in f.message]


def test_an_own_about_layout_that_shows_no_news_leaves_the_news_off_the_home_page(tmp_path):
    """`news: true` on the about page, but the site's own about layout (laid into layouts
    of the site's that show no news either) prints the picture and the text only: the old
    home page listed no news, so the new one lists none."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir(exist_ok=True)
    (src / "_layouts/about.html").write_text(OWN_ABOUT)
    (src / "_layouts/page.html").write_text("---\nlayout: default\n---\n<h1>{{ page.title }}</h1>"
                                            "\n{{ content }}\n")
    (src / "_layouts/default.html").write_text("<html><body>{{ content }}</body></html>\n")
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("---\n", "---\nnews: true\n", 1))
    items = sorted((src / "_news").glob("*.md"))
    assert items
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", dest)
    _convert(src, dest)
    home = next(p for p in (dest / "_pages").glob("about.*"))
    assert "/news/" not in home.read_text(), home.read_text()
