"""The date a project's list showed. academicpages' list item prints, beside a portfolio
item with a date of its own, the site's date label and the date; al-folio's project cards
print only a project's title, description and image: the date starts the description."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES
from test_checkout import _write

import sitemigrate

# a list item of the owner's, written for this test: the theme's date line, in a form of its own
_ITEM = """<div class="list__item">
  <h2><a href="{{ post.url }}">{{ post.title }}</a></h2>
  {% if post.collection == 'teaching' %}
    <p>{{ post.venue }}, {{ post.date | date: "%Y" }}</p>
  {% elsif post.date %}
    <p class="page__date"><strong>{{ site.data.ui-text[site.locale].date_label | default: "Shown:" }}</strong>
    <time>{{ post.date | default: "1900-01-01" | date: "%B %d, %Y" }}</time></p>
  {% endif %}
  <p>{{ post.excerpt }}</p>
</div>
"""
_LIST = ("---\nlayout: archive\ntitle: Portfolio\npermalink: /portfolio/\n---\n\n"
         "{% for post in site.portfolio %}\n  {% include archive-single.html %}\n{% endfor %}\n")


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    return _write(src, files)


def _front(path: Path) -> dict:
    front = yaml.safe_load(path.read_text().split("---\n")[1])
    assert isinstance(front, dict), path.read_text()
    return front


def _convert(tmp_path: Path, files: dict[str, str]) -> tuple[Path, sitemigrate.Plan]:
    src = _site(tmp_path, files)
    dest = tmp_path / "dest"
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    return dest, plan


def test_the_date_the_portfolio_list_showed_starts_the_card_description(tmp_path):
    """A dated item (front matter, or its file name) shows the site's label for its locale
    and the date in its list item's form, before its excerpt; an undated one (Jekyll dates it
    at the build) gets nothing."""
    dest, plan = _convert(tmp_path, {
        "_includes/archive-single.html": _ITEM, "_pages/portfolio.html": _LIST,
        "_data/ui-text.yml": "en: &EN\n  date_label: \"Dated:\"\nen-US:\n  <<: *EN\n",
        "_portfolio/heron-census.md": "---\ntitle: Heron census\ndate: 2021-03-07\n"
                                      "excerpt: Counting herons by drone.\n---\nText.\n",
        "_portfolio/2019-06-02-otter-map.md": "---\ntitle: Otter map\n---\nA map.\n",
    })
    heron = _front(dest / "_projects" / "heron-census.md")
    otter = _front(dest / "_projects" / "2019-06-02-otter-map.md")
    moose = _front(dest / "_projects" / "moose-counter.md")
    assert heron["description"] == "Dated: March 07, 2021 · Counting herons by drone.", heron
    assert otter["description"] == "Dated: June 02, 2019 · A map.", otter  # (its excerpt)
    assert "Dated" not in str(moose.get("description")), moose
    assert [f for f in plan.report.findings if f.code == "project-date"
            and f.path == "_portfolio/heron-census.md" and f.line]


def test_without_a_label_of_its_locale_the_lines_own_default_shows(tmp_path):
    dest, _ = _convert(tmp_path, {
        "_includes/archive-single.html": _ITEM, "_pages/portfolio.html": _LIST,
        "_portfolio/heron-census.md": "---\ntitle: Heron census\ndate: 2021-03-07\n---\nText.\n",
    })
    assert _front(dest / "_projects" / "heron-census.md")["description"] == \
        "Shown: March 07, 2021 · Text."


def test_a_list_item_that_prints_no_date_adds_none(tmp_path):
    """The owner's list item prints no date (or no page lists the projects with it): the
    card's description is the project's own."""
    plain = _ITEM.replace("{% elsif post.date %}", "{% elsif false %}").replace(
        "site.data.ui-text[site.locale].date_label", "nothing")
    dest, _ = _convert(tmp_path, {
        "_includes/archive-single.html": plain, "_pages/portfolio.html": _LIST,
        "_portfolio/heron-census.md": "---\ntitle: Heron census\ndate: 2021-03-07\n"
                                      "excerpt: Counting herons by drone.\n---\nText.\n",
    })
    assert _front(dest / "_projects" / "heron-census.md")["description"] == \
        "Counting herons by drone."


def test_an_al_folio_projects_own_date_is_the_one_the_portfolio_list_shows(tmp_path):
    """The reverse (right before this change too): al-folio's cards showed no date, but
    academicpages' list prints one beside every portfolio item, the build's day for an item
    without a date of its own. A project's own `date` is kept, so the list shows the owner's
    date, not the day the site was built."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {"_projects/2_project.md": "---\nlayout: page\ntitle: Kelp drift\n"
                                           "date: 2020-09-14\nimportance: 2\n---\nDrift.\n"})
    dest = tmp_path / "dest"
    sitemigrate.convert(src, dest, to="academicpages").apply()
    assert str(_front(dest / "_portfolio" / "2_project.md")["date"]) == "2020-09-14"


_NO_DATE = _ITEM.replace("{% elsif post.date %}", "{% elsif false %}")


def test_the_text_the_portfolio_list_showed_is_the_card_description(tmp_path):
    """A portfolio item that states no `excerpt` shows, on academicpages' list, Jekyll's
    excerpt of it (its text up to the first `excerpt_separator`: its own, else the site's)
    through Markdown; al-folio's card shows only `description`: it is that text, its emphasis
    kept (the card prints it as HTML), links as their words, no other tag. An
    item whose `excerpt` is empty shows none; one whose excerpt runs Liquid is said lost."""
    dest, plan = _convert(tmp_path, {
        "_includes/archive-single.html": _NO_DATE, "_pages/portfolio.html": _LIST,
        "_portfolio/dune-survey.md": "---\ntitle: Dune survey\n---\n**Dunes** mapped by "
                                     "[kite](https://example.org/kite).\nTwo seasons.\n\n"
                                     "## Method\n\nKites and poles.\n",
        "_portfolio/reed-count.md": "---\ntitle: Reed count\nexcerpt_separator: <!--more-->\n"
                                    "---\nReeds by hand.\n\nIn winter.<!--more-->Details.\n",
        "_portfolio/quiet-one.md": "---\ntitle: Quiet one\nexcerpt: ''\n---\nHidden.\n",
        "_portfolio/liquid-one.md": "---\ntitle: Liquid one\n---\nBy {{ site.title }}.\n",
    })
    assert _front(dest / "_projects" / "dune-survey.md")["description"] == \
        "<strong>Dunes</strong> mapped by kite. Two seasons."  # its emphasis as it showed
    assert _front(dest / "_projects" / "reed-count.md")["description"] == \
        "Reeds by hand. In winter."
    assert "description" not in _front(dest / "_projects" / "quiet-one.md")
    assert "description" not in _front(dest / "_projects" / "liquid-one.md")
    said = {f.path: f.outcome for f in plan.report.findings if f.code == "project-text"}
    assert said["_portfolio/dune-survey.md"] == "mapped"
    assert said["_portfolio/liquid-one.md"] == "lost"


def test_a_list_item_that_prints_no_excerpt_adds_no_text(tmp_path):
    quiet = _NO_DATE.replace("<p>{{ post.excerpt }}</p>", "")
    dest, _ = _convert(tmp_path, {
        "_includes/archive-single.html": quiet, "_pages/portfolio.html": _LIST,
        "_portfolio/dune-survey.md": "---\ntitle: Dune survey\n---\nDunes mapped.\n",
    })
    assert "description" not in _front(dest / "_projects" / "dune-survey.md")


def test_a_relative_picture_of_the_excerpt_is_read_from_the_list_that_shows_it(tmp_path):
    """The portfolio list at `/portfolio/` prints a project's `excerpt` as HTML in itself, so
    its `<img src='../images/heron.gif'>` showed `/images/heron.gif`: the card's image is
    that file, carried with the other pictures, not the relative path (which al-folio's
    card would read from another address)."""
    src = _site(tmp_path, {
        "_pages/portfolio.html": _LIST,
        "_portfolio/heron-census.md": "---\ntitle: Heron census\nexcerpt: \"Counting herons."
                                      "<br/><img src='../images/heron.gif'>\"\n---\nText.\n",
    })
    (src / "images/heron.gif").write_bytes(b"GIF89a heron")
    dest = tmp_path / "dest"
    sitemigrate.convert(src, dest, to="al-folio").apply()
    heron = _front(dest / "_projects" / "heron-census.md")
    assert heron["img"] == "assets/img/heron.gif", heron
    assert (dest / heron["img"]).read_bytes() == b"GIF89a heron"


def _body(path: Path) -> str:
    return path.read_text().split("---\n", 2)[2]


def test_the_project_page_shows_its_opening_once(tmp_path):
    """al-folio's project page prints the `description` under the title, above the text:
    a text that opens with the description's words (what the old list showed of a project
    without `excerpt`, or an `excerpt` that repeats the first paragraph) loses that opening,
    so the page shows it once; an opening with a link stays (said), and so does a text that
    does not open with the description."""
    dest, plan = _convert(tmp_path, {
        "_includes/archive-single.html": _NO_DATE, "_pages/portfolio.html": _LIST,
        "_portfolio/salt-marsh.md": "---\ntitle: Salt marsh\n---\nSalt marshes by *canoe*.\n"
                                    "\n## Method\n\nPaddles.\n",
        "_portfolio/tide-gauge.md": "---\ntitle: Tide gauge\nexcerpt: Gauges read by hand.\n"
                                    "---\n\nGauges read\nby hand.\n\nTwice a day.\n",
        "_portfolio/reed-count.md": "---\ntitle: Reed count\nexcerpt_separator: <!--more-->\n"
                                    "---\nReeds by hand.\n\nIn winter.<!--more-->Details.\n",
        "_portfolio/dune-survey.md": "---\ntitle: Dune survey\n---\nDunes mapped by "
                                     "[kite](https://example.org/kite).\n\nTwo seasons.\n",
        "_portfolio/fen-walk.md": "---\ntitle: Fen walk\nexcerpt: A walk.\n---\nFens.\n",
        "_portfolio/bog-core.md": "---\ntitle: Bog core\n---\nPeat by the metre.\n\n---\n\n"
                                  "## Cores\n",
    })
    projects = dest / "_projects"
    assert _front(projects / "salt-marsh.md")["description"] == \
        "Salt marshes by <em>canoe</em>."
    assert "Salt marshes" not in _body(projects / "salt-marsh.md")
    assert "## Method\n\nPaddles." in _body(projects / "salt-marsh.md")
    assert _body(projects / "tide-gauge.md").strip() == "Twice a day."
    assert _body(projects / "reed-count.md").strip() == "Details."
    assert "Dunes mapped by [kite]" in _body(projects / "dune-survey.md")
    assert _body(projects / "fen-walk.md").strip() == "Fens."
    # a rule that opens the rest is no end of the front matter
    assert (projects / "bog-core.md").read_text().endswith("---\n\n---\n\n## Cores\n")
    said = {f.path: f.outcome for f in plan.report.findings
            if f.code == "project-opening" and f.line}
    assert said == {"_portfolio/salt-marsh.md": "mapped", "_portfolio/tide-gauge.md": "mapped",
                    "_portfolio/reed-count.md": "mapped", "_portfolio/dune-survey.md": "problem",
                    "_portfolio/bog-core.md": "mapped"}


def test_the_emphasis_of_an_excerpt_is_the_cards_html(tmp_path):
    """academicpages' list printed a project's `excerpt` through `markdownify`: its emphasis
    and code showed as such. al-folio's card prints `description` as HTML: the excerpt's
    Markdown emphasis and code are their HTML (no asterisks on the card), its own emphasis
    tags stay without their attributes, its links are their words (the card is a link)
    and a `"` is escaped for the page's `<meta content="...">`; the page's text that
    repeats it goes, as for a plain excerpt."""
    dest, _ = _convert(tmp_path, {
        "_pages/portfolio.html": _LIST,
        "_portfolio/owl-roost.md": "---\ntitle: Owl roost\nexcerpt: 'Owls *counted* by "
                                   "**ear**, _twice_ a `night`, \\*not\\* by [kite]"
                                   "(https://example.org/kite); <i onclick=\"x()\">the\"hoot\""
                                   "</i>'\n---\nOwls *counted* by **ear**, _twice_ a `night`, "
                                   "\\*not\\* by kite; <i>the\"hoot\"</i>\n\n## Notes\n",
    })
    owl = dest / "_projects" / "owl-roost.md"
    assert _front(owl)["description"] == (
        "Owls <em>counted</em> by <strong>ear</strong>, <em>twice</em> a <code>night</code>, "
        "*not* by kite; <i>the&quot;hoot&quot;</i>")
    assert _body(owl).lstrip().startswith("## Notes")
