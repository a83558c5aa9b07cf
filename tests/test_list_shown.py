"""What a visitor reads beside each item of a list page, besides its title (issue 31): the
excerpt academicpages' talk and teaching lists show under each item, carried to al-folio's
lists; and the date each item of a list showed, compared by ``sitemigrate verify``.

The sites are invented (fixtures/academicpages-site plus a few files written here).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES

import sitemigrate

TALKS = ("---\nlayout: archive\ntitle: Talks\npermalink: /talks/\n---\n\n"
         "{% for post in site.talks reversed %}\n  {% include archive-single-talk.html %}\n"
         "{% endfor %}\n")
TEACHING = ("---\nlayout: archive\ntitle: Teaching\npermalink: /teaching/\n---\n\n"
            "{% for post in site.teaching reversed %}\n  {% include archive-single.html %}\n"
            "{% endfor %}\n")
ITEMS = {
    "_talks/2023-05-02-moss.md": (
        "---\ntitle: Moss on slate roofs\ncollection: talks\ntype: Talk\n"
        "venue: Alpine Botany Day\ndate: 2023-05-02\n---\n"
        "Why moss prefers [slate][s] over tiles.\n\nA second paragraph.\n\n"
        "[s]: https://example.org/slate\n"),
    "_talks/2022-01-10-lichen.md": (
        "---\ntitle: Lichen clocks\ncollection: talks\ntype: Poster\nvenue: Winter Meeting\n"
        "date: 2022-01-10\nexcerpt: Dating walls by lichen size.\n---\nThe poster's text.\n"),
    "_posts/2023-02-01-note.md": (
        "---\ntitle: A note on moss\ndate: 2023-02-01\nexcerpt: Moss in brief.\n---\n"
        "Moss grows.\n"),
    "_teaching/2021-field.md": (
        "---\ntitle: Field botany\ncollection: teaching\ntype: Course\nvenue: Hill College\n"
        "date: 2021-09-01\n---\nWalks and keys for first years.\n\nMore.\n"),
}


def _academicpages(tmp_path: Path, files: dict[str, str]) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    for rel, text in files.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return src


def _listing(plan, collection: str) -> str:
    """The written page whose Liquid lists ``collection`` (not the CV page)."""
    found = [data.decode() for rel, data in plan.files.items() if rel.startswith("_pages/")
             and f"site.{collection}" in data.decode() and "cv" not in rel]
    assert len(found) == 1
    return found[0]


def _front(plan, rel: str) -> dict:
    return yaml.safe_load(plan.files[rel].decode().split("---\n")[1])


def test_talk_and_course_lists_show_each_items_excerpt_as_the_old_lists_did(tmp_path):
    """academicpages' talk and teaching lists show each item's excerpt under it (its front
    matter's `excerpt`, else its text up to the first blank line, with the link definitions
    it uses); al-folio's lists written for them show it too. The item's page opens with a
    line of its details now, which Jekyll would take for the excerpt: the old excerpt is
    stated in its front matter."""
    src = _academicpages(tmp_path, {"_pages/talks.html": TALKS, "_pages/teaching.html": TEACHING,
                                    **ITEMS})
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    talks, teaching = _listing(plan, "talks"), _listing(plan, "teachings")
    assert "</p>\n{% if talk.excerpt %}{{ talk.excerpt | markdownify }}{% endif %}\n" \
           "{% endfor %}" in talks
    assert "{{ course.excerpt | markdownify }}" in teaching and "Read more" not in teaching
    assert _front(plan, "_talks/2023-05-02-moss.md")["excerpt"] == (
        "Why moss prefers [slate][s] over tiles.\n\n[s]: https://example.org/slate")
    assert _front(plan, "_talks/2022-01-10-lichen.md")["excerpt"] == "Dating walls by lichen size."
    assert _front(plan, "_teachings/2021-field.md")["excerpt"] == "Walks and keys for first years."
    cv = plan.files["_pages/cv.md"].decode()  # its `-cv` include shows no excerpt
    assert ".excerpt" not in cv
    # the lists' own lines are no Liquid of the owner's that reads the posts' excerpts
    post = [rel for rel in plan.files if rel.startswith("_posts/") and "note" in rel]
    assert "excerpt" not in _front(plan, post[0])


def test_a_course_list_with_read_more_links_each_excerpt_to_its_course(tmp_path):
    """academicpages' teaching list ends each excerpt with a link to the course where the
    config's `read_more` is `enabled`; the talk list has no such link."""
    src = _academicpages(tmp_path, {"_pages/talks.html": TALKS, "_pages/teaching.html": TEACHING,
                                    **ITEMS})
    config = src / "_config.yml"
    config.write_text(config.read_text() + '\nread_more: "enabled"\n')
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    assert '{{ course.url | relative_url }}"> Read more</a>' in _listing(plan, "teachings")
    assert "Read more" not in _listing(plan, "talks")


def test_an_owners_talk_include_without_the_excerpt_shows_none(tmp_path):
    """SRC's own copy of the talk list's include decides: one that prints no `post.excerpt`
    showed none, and the al-folio list shows none (nor do the talks state one)."""
    src = _academicpages(tmp_path, {
        "_pages/talks.html": TALKS, **ITEMS,
        "_includes/archive-single-talk.html": "<h2 class=\"archive__item-title\">"
                                              "{{ post.title }}</h2>\n<p>{{ post.venue }}</p>\n"})
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    assert ".excerpt" not in _listing(plan, "talks")
    assert "excerpt" not in _front(plan, "_talks/2023-05-02-moss.md")


def _built(root: Path, talks: str) -> Path:
    """A built site whose talks page shows ``talks`` (and a feed of the build's time)."""
    for rel, text in {
            "index.html": "<html><head></head><body><main><p>Home.</p></main></body></html>",
            "feed.xml": "<feed><updated>2026-11-29T10:00:00+00:00</updated></feed>",
            "talks/index.html": f"<html><head></head><body><main>{talks}</main></body></html>",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


OLD_TALKS = ('<h2 class="archive__item-title">Moss on slate roofs</h2>'
             '<p class="page__meta">May 02, 2023</p><p>Talk, Alpine Botany Day</p>'
             '<h2 class="archive__item-title">Lichen clocks</h2>'
             '<p class="page__meta">January 10, 2022</p><p>Poster, Winter Meeting</p>'
             '<h2 class="archive__item-title">Undated walk</h2>'
             '<p class="page__meta">November 29, 2026</p><p>Walk, Hill Club</p>')


def test_verify_names_a_date_a_list_showed_beside_an_item_that_is_gone_or_changed(tmp_path):
    """Each item both lists show keeps the date the old list showed beside it, month and
    year as a visitor reads them in either theme's form (`May 02, 2023`, `May 2023`); a
    year alone is kept by any date of that year. A date now gone, or now another month
    (the build's), is a loss; an item the old site dated at its build (Jekyll's date of a
    document that has none) has no date to keep."""
    from sitemigrate.report import Report
    from sitemigrate.verify import BuiltSite, compare, record
    (tmp_path / "src").mkdir()
    old = BuiltSite(_built(tmp_path / "old", OLD_TALKS))
    same = BuiltSite(_built(tmp_path / "same", (
        '<p><a href="/talks/moss/"><b>Moss on slate roofs</b></a><br>Talk, Alpine Botany Day, '
        'May 2023</p><p><a href="/talks/lichen/"><b>Lichen clocks</b></a><br>Poster, Winter '
        'Meeting, 2022-01-10</p><p><a href="/talks/walk/"><b>Undated walk</b></a><br>Walk, '
        'Hill Club</p>')))
    assert compare(old, same, tmp_path / "src").dates == []
    cited = BuiltSite(_built(tmp_path / "cited", (  # a citation dates a work before its title
        '<ul><li>Ann Roe. (May 2023). "Moss on slate roofs." Alpine Botany Day.</li>'
        '<li>Ann Roe. (Jan. 2022). "Lichen clocks." Winter Meeting.</li>'
        '<li>Ann Roe. "Undated walk." Hill Club.</li></ul>')))
    assert compare(old, cited, tmp_path / "src").dates == []
    new = BuiltSite(_built(tmp_path / "new", (
        '<p><a href="/talks/moss/"><b>Moss on slate roofs</b></a><br>Talk, Alpine Botany Day, '
        'November 2026</p><p><a href="/talks/lichen/"><b>Lichen clocks</b></a><br>Poster, '
        'Winter Meeting</p><p><a href="/talks/walk/"><b>Undated walk</b></a><br>Walk</p>')))
    result = compare(old, new, tmp_path / "src")
    assert result.dates == [
        ("talks/index.html", "talks/index.html", "moss on slate roofs", "May 2023",
         "November 2026"),
        ("talks/index.html", "talks/index.html", "lichen clocks", "January 2022", "")]
    report = Report()
    record(result, report)
    found = [f for f in report.findings if f.code == "verify-list-date"]
    assert [f.severity for f in found] == ["loss", "loss"]
    assert "with the date May 2023; the new list shows November 2026 beside it" in \
           found[0].message and "no date beside it" in found[1].message


def test_verify_names_a_list_date_that_kept_only_its_year(tmp_path):
    """A date the old list showed with its month (`May 02, 2023`, `Jan 2022`) that the new
    list shows as its year alone (a citation's `(2023)`, a line's `2022`) is less precise:
    named, with the year the new list shows; the same month in another form is not, nor a
    year alone the old list showed too."""
    from sitemigrate.report import Report
    from sitemigrate.verify import BuiltSite, compare, record
    (tmp_path / "src").mkdir()
    old = BuiltSite(_built(tmp_path / "old", OLD_TALKS.replace("January 10, 2022", "Jan 2022")
                           .replace("November 29, 2026", "2021")))
    new = BuiltSite(_built(tmp_path / "new", (
        '<ul><li>Ann Roe. (2023). "Moss on slate roofs." Alpine Botany Day.</li>'
        '<li>Ann Roe. "Lichen clocks." Winter Meeting, 2022.</li>'
        '<li>Ann Roe. "Undated walk." Hill Club, 2021.</li></ul>')))
    result = compare(old, new, tmp_path / "src")
    assert result.dates == [
        ("talks/index.html", "talks/index.html", "moss on slate roofs", "May 2023", "2023"),
        ("talks/index.html", "talks/index.html", "lichen clocks", "January 2022", "2022")]
    report = Report()
    record(result, report)
    assert "with the date May 2023; the new list shows only the year, 2023, beside it " \
           "(less precise)" in report.findings[0].message
    same = BuiltSite(_built(tmp_path / "same", (
        '<ul><li>Ann Roe. (2023, May 2). "Moss on slate roofs." Alpine Botany Day.</li>'
        '<li>Ann Roe. "Lichen clocks." Winter Meeting, 2022-01-10.</li>'
        '<li>Ann Roe. "Undated walk." Hill Club, 2021.</li></ul>')))
    assert compare(old, same, tmp_path / "src").dates == []


def test_a_month_the_old_list_showed_beside_an_entry_that_states_none_is_not_its_date(
        tmp_path):
    """al-folio's bib layout before 2024 kept the month of the entry before it for an entry
    without one (`Apr 2020` beside an entry of 2020 with no month): the new list's `2020`
    is that entry's own date, no loss; an entry that states its month still is one."""
    from sitemigrate.verify import BuiltSite, compare
    (tmp_path / "src/_bibliography").mkdir(parents=True)
    (tmp_path / "src/_bibliography/papers.bib").write_text(
        "@article{roe2020moss, title={Moss on slate roofs}, year={2023}}\n"
        "@article{roe2022lichen, title={Lichen clocks}, year={2022}, month={jan}}\n")
    old = BuiltSite(_built(tmp_path / "old", OLD_TALKS.replace("January 10, 2022", "Jan 2022")
                           .replace("November 29, 2026", "2021")))
    new = BuiltSite(_built(tmp_path / "new", (
        '<ul><li>Ann Roe. (2023). "Moss on slate roofs." Alpine Botany Day.</li>'
        '<li>Ann Roe. "Lichen clocks." Winter Meeting, 2022.</li>'
        '<li>Ann Roe. "Undated walk." Hill Club, 2021.</li></ul>')))
    result = compare(old, new, tmp_path / "src")
    assert [d[2] for d in result.dates] == ["lichen clocks"]


def test_a_month_an_entry_never_stated_is_no_date_of_its_own_on_either_list(tmp_path):
    """An entry of a year and no month: the month al-folio's old list showed beside it was
    the entry before it's (`Apr 2023`), and the month the new list shows (academicpages'
    talk list prints a whole date: `January 01, 2023`) is only where a year-only date falls:
    the same year is its date kept; another year, or a stated month changed, is a loss."""
    from sitemigrate.verify import BuiltSite, compare
    (tmp_path / "src/_bibliography").mkdir(parents=True)
    (tmp_path / "src/_bibliography/talks.bib").write_text(
        "@misc{roe23moss, title={Moss on slate roofs}, year={2023}}\n"
        "@misc{roe22lichen, title={Lichen clocks}, year={2022}, month={jan}}\n"
        "@misc{roe21walk, title={Undated walk}, year={2021}}\n")
    old = BuiltSite(_built(tmp_path / "old", OLD_TALKS.replace("May 02, 2023", "Apr 2023")
                           .replace("January 10, 2022", "Jan 2022")
                           .replace("November 29, 2026", "Jan 2021")))
    new = BuiltSite(_built(tmp_path / "new", OLD_TALKS.replace("May 02, 2023", "January 01, 2023")
                           .replace("January 10, 2022", "March 01, 2022")
                           .replace("November 29, 2026", "January 01, 2020")))
    result = compare(old, new, tmp_path / "src")
    assert [d[2] for d in result.dates] == ["lichen clocks", "undated walk"]


def test_an_al_folio_list_of_talks_with_their_excerpts_keeps_them_on_an_upgrade(tmp_path):
    """The al-folio list written for academicpages' shows each talk's excerpt: converted
    again (an upgrade of the al-folio site) it still does, with no report of Liquid of its
    own."""
    src = _academicpages(tmp_path, {"_pages/talks.html": TALKS, **ITEMS})
    sitemigrate.convert(src, tmp_path / "al", to="al-folio").apply()
    plan = sitemigrate.convert(tmp_path / "al", tmp_path / "again", to="al-folio")
    assert "{{ talk.excerpt | markdownify }}" in _listing(plan, "talks")
    assert "Read more" not in _listing(plan, "talks")
    assert not [f for f in plan.report.findings if f.code == "listing-own-liquid"
                and "talks" in f.message]
    assert _front(plan, "_talks/2023-05-02-moss.md")["excerpt"].startswith("Why moss")


OLD_HOME_NEWS = ('<table><tr><th>Mar 04, 2024</th><td><a class="news-title" href="/news/a/">'
                 'Our fern survey is out</a></td></tr></table>'
                 '<h3 class="card-title">Education</h3><p>2019 - 2021</p>'
                 '<h6 class="title">Field assistant</h6><p>2018</p>')


def test_a_date_beside_an_item_is_read_up_to_the_next_title_the_old_page_lists(tmp_path):
    """The words after an item's title end at the next title the old page lists, whether or
    not the new page still shows that one: a news item dated before its title, followed on
    the old home page by a CV whose entries the new home page does not show, kept its date
    (the CV's years were never its)."""
    from sitemigrate.verify import BuiltSite, compare
    (tmp_path / "src").mkdir()
    for name, body in (("old", OLD_HOME_NEWS), ("new", (
            '<table><tr><th>Mar 04, 2024</th><td><a class="news-title" href="/news/a/">Our '
            'fern survey is out</a></td></tr></table><p>Copyright 2026 Ann Roe.</p>'))):
        _built(tmp_path / name, "")  # (its home page is the list here)
        (tmp_path / name / "index.html").write_text(
            f"<html><head></head><body><main>{body}</main></body></html>")
    result = compare(BuiltSite(tmp_path / "old"), BuiltSite(tmp_path / "new"), tmp_path / "src")
    assert result.dates == []
    assert ("index.html", "index.html", "missing", "education") in result.lists


def test_the_blank_lines_after_the_front_matter_are_no_part_of_the_excerpt(tmp_path):
    """Jekyll's front-matter pattern takes the blank lines after the closing `---` with it:
    a talk whose text starts two blank lines down still has its first paragraph as the
    excerpt academicpages' talk list shows; al-folio's list shows that paragraph too (before:
    an empty `excerpt: ''` was written, and the talk's line on the list lost its text)."""
    src = _academicpages(tmp_path, {"_pages/talks.html": TALKS, "_talks/2023-06-01-fern.md": (
        "---\ntitle: Ferns of the valley\ncollection: talks\ntype: Talk\nvenue: Fern Club\n"
        "date: 2023-06-01\n---\n\n\nAbout the club\n-\nA walk through the valley's ferns.\n\n"
        "More words.\n")})
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    assert _front(plan, "_talks/2023-06-01-fern.md")["excerpt"] == (
        "About the club\n-\nA walk through the valley's ferns.")
