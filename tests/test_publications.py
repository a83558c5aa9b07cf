"""Publications between the themes: authors from `citation`, BibTeX text, fields neither
theme has, entry types and the venue field al-folio prints. Invented people throughout."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

import sitemigrate
from sitemigrate.formats import bibtex as bib
from sitemigrate.formats import bibtext
from sitemigrate.formats import citation as cite

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
OWNER = ("Tomás", "Lindqvist")


@pytest.mark.parametrize("citation, names", [
    ("Lindqvist, Tomás & Berg, Anna (2021). &quot;Corridors.&quot; <i>Oikos</i>.",
     ["Lindqvist, Tomás", "Berg, Anna"]),
    ("Lindqvist, Tomás & Anna Berg (2021). Corridors.", ["Lindqvist, Tomás", "Anna Berg"]),
    ('Lindqvist, Tomás, Anna Berg, and Karl Nilsson. "Corridors." <i>Oikos</i>, 2021.',
     ["Lindqvist, Tomás", "Anna Berg", "Karl Nilsson"]),
    ("Lindqvist, T., Berg, A., and Nilsson, K. (2021). &quot;Corridors.&quot; <i>Oikos</i>.",
     ["Lindqvist, T.", "Berg, A.", "Nilsson, K."]),
    ("Lindqvist, T. A., & van der Berg, J.-P. (2020). Moss.", ["Lindqvist, T. A.",
                                                               "van der Berg, J.-P."]),
    ("Tomás Lindqvist and Anna Berg. 2021. Corridors. Oikos.", ["Tomás Lindqvist", "Anna Berg"]),
    ("Lindqvist T, Berg A, Nilsson K. Corridors. Oikos. 2021;58(3).",
     ["Lindqvist, T", "Berg, A", "Nilsson, K"]),
    ("Lindqvist, T. et al. (2021). Corridors.", ["Lindqvist, T.", "others"]),
    ("Lindqvist, Tomás. 2021. Corridors.", ["Lindqvist, Tomás"]),
    # APA 7 leaves authors out with an ellipsis; a particle can be a surname; a surname of
    # two words before initials; the owner in bold
    ("Du, J., Lindqvist, T., Fern Holm, J. A., … &amp; Moss, K. (2018). Lichens.",
     ["Du, J.", "Lindqvist, T.", "Fern Holm, J. A.", "Moss, K.", "others"]),
    ("<b>Tomás Lindqvist</b>, Anna Berg, Karl Nilsson", ["Tomás Lindqvist", "Anna Berg",
                                                        "Karl Nilsson"]),
    # the venue's acronym between the last name and the year is no given name (`IJCAI` is
    # no run of initials: those are one to three capitals) and no author
    ("Ines Varga, <b>Tomás Lindqvist</b> and Anna Berg, IJCAI 2019.",
     ["Ines Varga", "Tomás Lindqvist", "Anna Berg"]),
    ("Anna Berg, <b>Tomás Lindqvist</b>, Karl Nilsson, AAAI 2020. <b>(spotlight)</b>",
     ["Anna Berg", "Tomás Lindqvist", "Karl Nilsson"]),
    # a period typed twice after an initial, inside or outside the owner's bold
    ("Berg, A., <b>Lindqvist, T.</b>., Moss, K.. (2026). &quot;Ferns.&quot; <i>Oikos</i>.",
     ["Berg, A.", "Lindqvist, T.", "Moss, K."]),
    ("Berg, A., Lindqvist, T., Moss, K., ... & Fern, J. (2021). Lichens.",  # APA's ellipsis
     ["Berg, A.", "Lindqvist, T.", "Moss, K.", "Fern, J.", "others"]),
    # one name inverted among full names: a single word is no person, so it and the given
    # names after it are one (`Berg, Anna Maria`); the owner's list number is no name
    ("Tomás Lindqvist, Berg, Anna Maria, Karl Nilsson, and Ola Moss.",
     ["Tomás Lindqvist", "Berg, Anna Maria", "Karl Nilsson", "Ola Moss"]),
    ("12. Berg, A., <b>Lindqvist, T.</b>, and Moss, K. (2025). Ferns.",
     ["Berg, A.", "Lindqvist, T.", "Moss, K."]),
])
def test_citation_authors(citation, names):
    got, why = cite.citation_authors(citation, OWNER)
    assert (got, why) == (names, None)
    # the owner is one person
    assert sum("Lindqvist" in n for n in got) == 1


@pytest.mark.parametrize("citation", [
    "Published in <i>Journal of Field Robotics</i>, 2015",
    "Journal of Applied Ecology, 2021. Corridors.",
    "Lindqvist, Tomás, Berg, Anna (2021)",          # ambiguous: Berg, Anna or two people?
])
def test_what_is_not_an_author_list_is_not_read_as_one(citation):
    got, why = cite.citation_authors(citation, OWNER)
    assert got == [] and why


def test_the_owner_with_a_two_word_surname_stays_one_person():
    got, _ = cite.citation_authors("García Márquez, Gabriel and Tomás Lindqvist (2020). X.",
                                  ("Gabriel", "García Márquez"))
    assert got == ["García Márquez, Gabriel", "Tomás Lindqvist"]


# a name, not a word the reader takes for a venue's ("Press", "Review", "For": a surname
# spelled as one of those is read as no name, a known limit, see the module's rules)
_NAME = st.from_regex(r"[A-Z][a-z]{2,8}", fullmatch=True).filter(
    lambda word: not cite._NOT_A_NAME().search(word))


@given(st.lists(st.tuples(_NAME, _NAME), min_size=1, max_size=5), st.integers(0, 2))
def test_written_citations_read_back(people, style):
    """Names written in one of the three usual styles read back as those people."""
    if style == 0:    # APA: Last, F., Other, G., & Third, T.
        parts = [f"{last}, {first[0]}." for first, last in people]
        text = ", ".join(parts[:-1]) + (", & " if len(parts) > 1 else "") + parts[-1]
    elif style == 1:  # First Last, Second Last, and Third Last
        parts = [f"{first} {last}" for first, last in people]
        text = ", ".join(parts[:-1]) + (", and " if len(parts) > 1 else "") + parts[-1]
    else:             # MLA: Last, First, Second Last, and Third Last
        parts = [f"{people[0][1]}, {people[0][0]}"] + [f"{f} {l}" for f, l in people[1:]]
        text = ", ".join(parts[:-1]) + (", and " if len(parts) > 1 else "") + parts[-1]
    got, why = cite.citation_authors(f"{text} (2020). &quot;A title.&quot; <i>Oikos</i>.")
    assert why is None
    assert [cite._person(n) for n in got] == [
        ((first[0] + ".") if style == 0 else first, last) for first, last in people]


def test_bibtex_text_survives_into_titles_venues_and_citations():
    entry = bib.parse_bib(
        "@article{k, title = {The {Lichen} Census of {\\lq}Old{\\rq} Valleys \\& Hills},\n"
        " journal = {Journal of Invented Results \\textendash{} Series {B}},\n"
        " author = {Moss, Ada}, pages = {1--10}, year = {2015}}\n").entries[0]
    assert bibtext.to_text(entry.fields["title"]) == "The Lichen Census of ‘Old’ Valleys & Hills"
    assert cite.venue(entry) == "Journal of Invented Results – Series B"
    citation = cite.format_citation(entry)
    assert "Valleys & Hills" in citation and "1–10" in citation
    assert bibtext.to_text("Don{\\'}t {Panic}") == "Don’t Panic"


def test_comment_blocks_hide_whole_entries_and_stray_text_is_no_error():
    parsed = bib.parse_bib("@comment{ retired:\n@article{old, title = {Old}}\n}\n"
                           "% @article{pc, title = {x}}\n"
                           "inproceedings{noat, title = {y}}\n"
                           "@article{new, title = {New}}\n")
    assert [e.key for e in parsed.entries] == ["new"] and parsed.problems == []
    again = bib.parse_bib(bib.dump_bib(parsed.entries, comments=parsed.comments))
    assert [e.key for e in again.entries] == ["new"] and again.problems == []


def _ap_site(tmp_path: Path, pubs: dict[str, str], files: dict[str, str] = {}) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    for old in (src / "_publications").glob("*.md"):
        old.unlink()
    for name, text in {**pubs, **files}.items():
        path = src / (name if "/" in name else f"_publications/{name}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return src


def _entries(plan) -> dict[str, bib.BibEntry]:
    text = plan.files["_bibliography/papers.bib"].decode()
    return {e.key: e for e in bib.parse_bib(text).entries}


def test_academicpages_publication_fields_types_and_venue_reach_alfolio(tmp_path):
    src = _ap_site(tmp_path, {
        "2021-03-10-corridors.md": (
            "---\ntitle: Corridors in Moss\ncollection: publications\ncategory: conferences\n"
            "date: 2021-03-10\nvenue: 'Proceedings of the Invented Ecology Meeting'\n"
            "note: Oral presentation\nacceptance_rate: 21%\nranking: CORE A\n"
            "accepted: 2020-12-01\nkeywords: [moss, corridors]\n"
            "citation: 'Lindqvist, Tomás & Berg, Anna (2021). &quot;Corridors in Moss.&quot; "
            "<i>Proceedings of the Invented Ecology Meeting</i>.'\n---\n"),
        "2022-01-05-working.md": (
            "---\ntitle: A Working Paper on Lichens\ncollection: publications\n"
            "category: workingpapers\ndate: 2022-01-05\nvenue: Invented Institute Series\n"
            "pubtype: working paper\n"
            "citation: 'Published in <i>Invented Institute Series</i>, 2022'\n---\n"),
        "2019-06-01-thesis.md": (
            "---\ntitle: On Mosses\ncollection: publications\ndate: 2019-06-01\n"
            "venue: Invented University\npubtype: PhD thesis\n---\n"),
        "2018-02-02-untyped.md": (
            "---\ntitle: Untyped Mosses\ncollection: publications\ndate: 2018-02-02\n"
            "venue: Journal of Invented Mosses &amp; Ferns\n---\n"),
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    entries = _entries(plan)
    conf = next(e for e in entries.values() if "Moss" in e.fields["title"] and
                e.entry_type == "inproceedings")
    assert conf.fields["booktitle"] == "Proceedings of the Invented Ecology Meeting"
    assert conf.fields["note"] == "Oral presentation"
    assert conf.fields["acceptance_rate"] == "21%" and conf.fields["ranking"] == "CORE A"
    assert conf.fields["accepted"] == "2020-12-01" and conf.fields["keywords"] == "moss, corridors"
    assert [cite._person(n) for n in conf.persons["author"]] == [("Tomás", "Lindqvist"),
                                                                 ("Anna", "Berg")]
    working = next(e for e in entries.values() if "Working" in e.fields["title"])
    assert working.entry_type == "techreport"
    # its standard venue field, and `note`, which al-folio prints for any type
    assert working.fields["institution"] == working.fields["note"] == "Invented Institute Series"
    assert working.fields["pubtype"] == "working paper"
    assert "author" not in working.persons  # a venue is never an author ...
    assert working.fields["additional_info"].startswith("Published in Invented Institute Series")
    found = [f for f in plan.report.findings if f.code == "citation-authors"]
    assert len(found) == 1 and found[0].path.endswith("2022-01-05-working.md")  # ... reported
    assert found[0].line == 8  # the `citation:` line
    thesis = next(e for e in entries.values() if e.fields["title"] == "On Mosses")
    assert thesis.entry_type == "phdthesis" and thesis.fields["school"] == "Invented University"
    untyped = next(e for e in entries.values() if e.fields["title"] == "Untyped Mosses")
    assert untyped.entry_type == "article"  # its venue says so; not @misc
    assert untyped.fields["journal"] == "Journal of Invented Mosses & Ferns"  # unescaped


def test_owners_publication_keys_become_bib_fields_and_are_named(tmp_path):
    """academicpages -> al-folio: an owner's own front-matter keys of a publication (`authors`,
    `year`, `pages`, `link`, an empty `pages`) are carried as the entry's fields (`authors` as
    its author list, not a second `authors` field; `link` as `url`), and each is named, by
    file, in the report. Before, they went into the .bib (or nowhere) without a word."""
    src = _ap_site(tmp_path, {
        "2016-moss.md": (
            "---\ntitle: Counting Moss\ncollection: publications\n"
            "authors: 'Ingrid Solberg, Tomás Lindqvist'\nyear: 2016\nvenue: Moss Workshop\n"
            "pages: '60-61'\nlink: https://moss.example.org/counting\n---\n"),
        "2026-ferns.md": (
            "---\ntitle: Ferns at Dusk\ncollection: publications\nyear: 2026\n"
            "pages: ''\ntoappear: true\n---\n"),
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    entries = _entries(plan)
    moss = next(e for e in entries.values() if e.fields["title"] == "Counting Moss")
    assert moss.fields["year"] == "2016" and moss.fields["pages"] == "60-61"
    assert moss.fields["url"] == "https://moss.example.org/counting"
    assert "link" not in moss.fields and "authors" not in moss.fields
    assert [cite._person(n) for n in moss.persons["author"]] == [("Ingrid", "Solberg"),
                                                                 ("Tomás", "Lindqvist")]
    ferns = next(e for e in entries.values() if e.fields["title"] == "Ferns at Dusk")
    assert "pages" not in ferns.fields and ferns.fields["toappear"] == "true"
    said = {f.path: f.message for f in plan.report.findings if f.code == "publication-field"}
    for key in ("authors", "year", "pages", "link"):
        assert f"`{key}`" in said["_publications/2016-moss.md"], key
    for key in ("year", "pages", "toappear"):
        assert f"`{key}`" in said["_publications/2026-ferns.md"], key


def test_academicpages_to_academicpages_keeps_fields_and_categories(tmp_path):
    src = _ap_site(tmp_path, {"2022-01-05-working.md": (
        "---\ntitle: A Working Paper\ncollection: publications\ncategory: workingpapers\n"
        "date: 2022-01-05\nvenue: Invented Series\nnote: Revise and resubmit\n"
        "pubtype: working paper\n---\n")})
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    text = next(v.decode() for k, v in plan.files.items() if k.startswith("_publications/"))
    assert "category: workingpapers" in text and "note: Revise and resubmit" in text
    assert "pubtype: working paper" in text


def test_case_protecting_braces_of_a_bibtexurl_file_stay_in_the_bib(tmp_path):
    src = _ap_site(tmp_path, {"2021-03-10-dna.md": (
        "---\ntitle: 'DNA Barcodes of Moss'\ncollection: publications\ncategory: manuscripts\n"
        "date: 2021-03-10\nvenue: Oikos\nbibtexurl: /files/dna.bib\n---\n")},
        {"files/dna.bib": "@article{dna2021,\n  title = {{DNA} Barcodes of {M}oss},\n"
                          "  author = {Lindqvist, Tomás},\n  journal = {Oikos},\n"
                          "  year = {2021}\n}\n"})
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    assert _entries(plan)["dna2021"].fields["title"] == "{DNA} Barcodes of {M}oss"


_FRONT_VALUE = st.one_of(
    st.text(max_size=30), st.integers(), st.booleans(), st.none(), st.dates(),
    st.sampled_from(["a\nb", "x: y", "'q'", '"d"', "- a", "#c", "", " lead", "true", "null",
                     "a" * 120 + " " + "b" * 100]))


@given(st.lists(st.tuples(st.text(min_size=1, max_size=10), st.one_of(
    _FRONT_VALUE, st.lists(_FRONT_VALUE, max_size=3),
    st.dictionaries(st.text(max_size=5), _FRONT_VALUE, max_size=3))), max_size=8))
def test_publication_front_as_plain_dict_is_written_as_a_commented_map(items):
    """The academicpages writer fills a publication's front matter as a plain dict (cheaper
    than a CommentedMap, a page per entry): both are written alike, by the fast dumper and
    by ruamel's."""
    from ruamel.yaml.comments import CommentedMap

    from sitemigrate.textio import dump_yaml, yaml_rt_dump
    plain = dict(items)
    commented = CommentedMap()
    for key, value in plain.items():
        commented[key] = value
    assert dump_yaml(plain) == dump_yaml(commented)
    assert yaml_rt_dump(plain) == yaml_rt_dump(commented)


def test_an_excerpt_that_is_the_author_list_becomes_the_authors(tmp_path):
    """academicpages' list prints a publication's `excerpt` under its title; an owner who
    writes only names there, theirs among them (accents or not), wrote the author line:
    it is read as the authors (al-folio shows them on the line; as an abstract they hid
    behind ABS). An excerpt that says more than names stays the abstract."""
    head = "---\ncollection: publications\ncategory: manuscripts\ndate: 2022-04-01\n"
    src = _ap_site(tmp_path, {
        "2022-04-01-moss.md": head + "title: Moss on Stones\n"
                              "excerpt: 'Ann Roe, Tomas Lindqvist and Bo Lee-Hart'\n---\n",
        "2022-04-02-lichen.md": head + "title: Lichen Maps\n"
                                "excerpt: 'We map lichens with Tomás Lindqvist and Ann Roe.'\n---\n",
        "2022-04-03-fern.md": head + "title: Ferns\nexcerpt: 'Ann Roe and Bo Lee-Hart'\n---\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    entries = _entries(plan)
    moss = entries["2022-04-01-moss"]
    assert "  author = {Ann Roe and Tomas Lindqvist and Bo Lee-Hart},\n" in moss.raw
    assert "abstract" not in moss.fields
    lichen, fern = entries["2022-04-02-lichen"], entries["2022-04-03-fern"]
    assert "author" not in lichen.fields and lichen.fields["abstract"].startswith("We map")
    assert "author" not in fern.fields and "abstract" in fern.fields  # not the owner's list
    (said,) = [f for f in plan.report.findings if f.code == "excerpt-authors"]
    assert said.path == "_publications/2022-04-01-moss.md"


def test_the_doi_a_citation_links_is_the_entrys_doi(tmp_path):
    """academicpages -> al-folio: the citation is read into authors and no longer shown, so
    the DOI it linked (as a Markdown or HTML link, or as text) becomes the entry's `doi`,
    which al-folio's bib layout shows as a DOI button."""
    src = _ap_site(tmp_path, {
        "2025-01-02-ferns.md": (
            "---\ntitle: Ferns at Dusk\ncollection: publications\ndate: 2025-01-02\n"
            "venue: Oikos\ncitation: 'Lindqvist, T., & Berg, A. (2025). &quot;Ferns at Dusk."
            "&quot; <i>Oikos</i>, 4(2). <a href=\"https://doi.org/10.5555/oik.2025.12\">"
            "https://doi.org/10.5555/oik.2025.12</a>'\n---\n"),
        "2024-03-04-moss.md": (
            "---\ntitle: Moss Again\ncollection: publications\ndate: 2024-03-04\n"
            "venue: Oikos\ncitation: 'Lindqvist, T. (2024). &quot;Moss Again.&quot; "
            "<i>Oikos</i>. [https://doi.org/10.5555/x(24)7](https://doi.org/10.5555/x(24)7).'"
            "\n---\n"),
        "2023-05-06-none.md": (
            "---\ntitle: No Identifier\ncollection: publications\ndate: 2023-05-06\n"
            "venue: Oikos\ncitation: 'Lindqvist, T. (2023). &quot;No Identifier.&quot;'\n---\n"),
    })
    entries = _entries(sitemigrate.convert(src, tmp_path / "out", to="al-folio"))
    doi = {e.fields["title"]: e.fields.get("doi") for e in entries.values()}
    assert doi == {"Ferns at Dusk": "10.5555/oik.2025.12", "Moss Again": "10.5555/x(24)7",
                   "No Identifier": None}
    assert cite.doi_in("see doi: 10.5555/abc.") == "10.5555/abc"


def test_the_author_list_ends_where_the_citation_spells_the_entrys_title(tmp_path):
    """academicpages -> al-folio: a citation whose title opens with a bracket ("Last, F.
    [TAG] Title. Venue.") gives the patterns no start of the title (no year, no quote, no
    sentence end after initials): the entry's own `title`, where the citation spells it,
    ends the author list, so the entry has its authors rather than a whole-citation note."""
    title = "[MOSS24] A Playful Twist on Lichen Counting"
    citation = f"Lindqvist, T., Berg-Holm, A.B., Moss, K.E. {title}. Oikos Letters. 2024."
    assert cite.citation_authors(citation, OWNER)[0] == []   # the patterns alone cannot
    assert cite.citation_authors(citation, OWNER, title) == (
        ["Lindqvist, T.", "Berg-Holm, A.B.", "Moss, K.E."], None)
    src = _ap_site(tmp_path, {
        "2024-05-01-twist.md": (f"---\ntitle: \"{title}\"\ncollection: publications\n"
                                f"date: 2024-05-01\nvenue: Oikos Letters\n"
                                f"citation: '{citation}'\n---\n")})
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    entry = _entries(plan)["2024-05-01-twist"]
    assert "  author = {Lindqvist, T. and Berg-Holm, A.B. and Moss, K.E.},\n" in entry.raw
    assert "Lindqvist" not in entry.fields.get("note", "")   # not the citation kept whole
    assert not [f for f in plan.report.findings if f.code == "citation-authors"]


def test_an_abstract_shows_its_markdown_links_as_links(tmp_path):
    """academicpages' list prints a publication's `excerpt` through `markdownify`; al-folio's
    bib layout prints `abstract` into the page as it stands. A Markdown link of the excerpt
    (`Joint work with [A. Roe](https://...)`) showed as brackets and parentheses: it is
    written as the `<a>` the source showed; a link of another scheme keeps its label only."""
    src = _ap_site(tmp_path, {
        "2024-02-01-moss.md": (
            "---\ntitle: Moss Corridors\ncollection: publications\ndate: 2024-02-01\n"
            "venue: Oikos\nexcerpt: 'Joint work with [A. Roe](https://roe.example.org/?a=1&b=2)."
            " Extends [our thesis](/publication/2023-thesis). See [this](javascript:alert(1)).'"
            "\n---\n")})
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    abstract = _entries(plan)["2024-02-01-moss"].fields["abstract"]
    assert abstract == (
        'Joint work with <a href="https://roe.example.org/?a=1&amp;b=2">A. Roe</a>. Extends '
        '<a href="/publication/2023-thesis">our thesis</a>. See this.')


def test_a_singular_author_field_holding_a_citation_gives_the_names(tmp_path):
    """academicpages -> al-folio: an owner's `author:` (singular) holding the whole citation
    as their numbered list shows it (`20. Berg, O., <b>Lindqvist, T.</b>, and Moss, K.
    (2025)`) gives the entry its names, the owner's bold dropped (al-folio bolds the owner by
    `scholar.last_name`); a name list stays that list; text that is no list of names is never
    written as BibTeX's `author` (which splits at "and" and shows markup as people): it is
    shown whole in `note`, and reported with its file and line."""
    src = _ap_site(tmp_path, {
        "2025-ferns.md": (
            "---\ntitle: Ferns at Dusk\ncollection: publications\ndate: 2025-02-01\n"
            "venue: Oikos\nauthor: '20. Berg, O., <b>Lindqvist, T.</b>, and Moss, K. (2025)'"
            "\n---\n"),
        "2024-moss.md": (
            "---\ntitle: Moss Again\ncollection: publications\ndate: 2024-02-01\n"
            "author: \"<b>Tomás Lindqvist</b>, Ola Berg and Karin Moss\"\n---\n"),
        "2023-lichen.md": (
            "---\ntitle: Lichens\ncollection: publications\ndate: 2023-02-01\n"
            "venue: Oikos\n"
            "author: 'Joint work and <b>much</b> fun with the Moss Group (2023)'\n---\n"),
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    entries = {e.fields["title"]: e for e in _entries(plan).values()}
    assert [cite._person(n) for n in entries["Ferns at Dusk"].persons["author"]] == [
        ("O.", "Berg"), ("T.", "Lindqvist"), ("K.", "Moss")]
    assert "<b>" not in entries["Ferns at Dusk"].raw and "20." not in entries["Ferns at Dusk"].raw
    assert entries["Moss Again"].persons["author"] == ["Tomás Lindqvist", "Ola Berg",
                                                       "Karin Moss"]
    lichen = entries["Lichens"]
    assert "author" not in lichen.persons and "author" not in lichen.fields
    assert lichen.fields["note"] == "Joint work and much fun with the Moss Group (2023)"
    found = [f for f in plan.report.findings if f.code == "citation-authors"]
    assert len(found) == 1 and found[0].path.endswith("2023-lichen.md") and found[0].line == 6


@given(st.lists(st.tuples(_NAME, _NAME), min_size=1, max_size=6), st.integers(1, 99),
       st.integers(0, 5), st.booleans())
def test_a_numbered_citation_with_the_owner_in_bold_reads_back(people, number, owner_at,
                                                               more):
    """names -> the citation a numbered list writes (`N. Last, F., <b>Owner, O.</b>, and
    Last, F. (2025)`, `et al.` for the authors left out) -> the same names."""
    owner = owner_at % len(people)
    parts = [f"<b>{last}, {first[0]}.</b>" if i == owner else f"{last}, {first[0]}."
             for i, (first, last) in enumerate(people)]
    text = (", ".join(parts) + ", et al." if more else
            ", ".join(parts[:-1]) + (", and " if len(parts) > 1 else "") + parts[-1])
    got, why = cite.citation_authors(f"{number}. {text} (2025)",
                                     (people[owner][0], people[owner][1]))
    assert why is None
    assert [cite._person(n) for n in got] == [(first[0] + ".", last) for first, last in people] \
        + ([("", "others")] if more else [])


def test_a_bold_author_who_is_not_the_owner_is_said(tmp_path):
    """The owner marks themselves in bold in each author list; al-folio marks the owner by
    the name in `_config.yml`. A bold name that cannot be that name (another surname, other
    initials: the owner writes themselves another way) is reported with its file; the
    owner's own spellings (`Lindqvist, T.`, `Tomás Lindqvist`) say nothing."""
    src = _ap_site(tmp_path, {
        "2025-ferns.md": (
            "---\ntitle: Ferns at Dusk\ncollection: publications\ndate: 2025-02-01\n"
            "author: '3. Berg, O., <b>Lindqvist, T.</b>, and Moss, K. (2025)'\n---\n"),
        "2024-moss.md": (
            "---\ntitle: Moss Again\ncollection: publications\ndate: 2024-02-01\n"
            "authors: '<strong>Tom Lindkvist</strong>, Ola Berg and Karin Moss'\n---\n"),
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    said = [f for f in plan.report.findings if f.code == "owner-mark"]
    assert len(said) == 1 and said[0].path.endswith("2024-moss.md")
    assert "`Tom Lindkvist`" in said[0].message and "Tomás Lindqvist" in said[0].message
    assert cite.marked_names("3. Berg, O., <b>Lindqvist, T.</b>, and Moss, K.") == [
        "Lindqvist, T."]


def test_equal_contribution_stars_stay_stars_on_the_about_page(tmp_path):
    """al-folio marks equal contributions with `*` after the names; academicpages' about
    page is Markdown, where two of them made the names between them emphasis and hid both
    stars (`Ada Okonkwo*, Jörg Müller*` showed as `Ada Okonkwo, *Jörg Müller*`). The
    selected papers' citations keep their stars as text."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    bibfile = src / "_bibliography/papers.bib"
    bibfile.write_text(bibfile.read_text().replace(
        "author = {Okonkwo, Ada Q. and M{\\\"u}ller, J{\\\"o}rg and",
        "author = {Okonkwo*, Ada Q. and M{\\\"u}ller*, J{\\\"o}rg and", 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    about = (tmp_path / "out/_pages/about.md").read_text()
    line = next(x for x in about.splitlines() if "Okonkwo" in x and x.startswith("- "))
    assert "Okonkwo\\*, J" in line and "Müller\\*," in line


def test_a_paper_al_folio_links_only_to_arxiv_has_arxiv_as_its_venue(tmp_path):
    """An al-folio entry with no journal, booktitle or publisher and an `arxiv` id (the
    field al-folio's list makes its arXiv button of) is a preprint there: converted to
    academicpages, whose list prints "Published in <venue>" for every paper, its venue is
    arXiv, not empty ("Published in , 2019"). A paper with a journal keeps that."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    with (src / "_bibliography/papers.bib").open("a") as fh:
        fh.write("\n@article{lund2019gulls, title = {Gulls Counted by Drone}, author = {Lund,"
                 " Eva}, year = {2019}, arxiv = {1901.00002}}\n"
                 "@article{lund2020terns, title = {Terns at Dusk}, author = {Lund, Eva},"
                 " journal = {Seabird Letters}, year = {2020}, arxiv = {2001.00003}}\n")
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages")
    written = {k: v.decode() for k, v in plan.files.items() if k.startswith("_publications/")}
    [gulls] = [v for v in written.values() if "Gulls Counted" in v]
    [terns] = [v for v in written.values() if "Terns at Dusk" in v]
    assert "venue: arXiv" in gulls
    assert "venue: Seabird Letters" in terns


def test_a_preprint_s_venue_is_its_eprint_archive_and_biblatex_names_count(tmp_path):
    """arXiv's own BibTeX export (`@misc` with `archivePrefix = {arXiv}` and no journal)
    left the venue empty: academicpages' publication list then showed "Published in ,
    2024". Its venue is its archive; biblatex's `journaltitle` and `eventtitle` are venues
    as `journal` and `booktitle` are, before a publisher."""
    entries = bib.parse_bib(
        "@misc{a, title = {Hares in Snow}, author = {Berg, Ann}, year = {2024},\n"
        " eprint = {2401.00001}, archivePrefix = {arXiv}, primaryClass = {q-bio.PE}}\n"
        "@article{b, title = {Moose}, journaltitle = {Journal of Moose}, publisher = {P},"
        " year = 2020}\n"
        "@inproceedings{c, title = {Elk}, eventtitle = {Elk Days}, year = 2021}\n"
        "@online{d, title = {Notes}, eprinttype = {hal}, eprint = {hal-01}, year = 2022}\n"
        "@misc{e, title = {Nothing}, year = 2023}\n"
        "@article{f, title = {Lichens}, journal = {Annals of Moss,}, year = 2019}\n").entries
    assert [cite.venue(e) for e in entries] == ["arXiv", "Journal of Moose", "Elk Days",
                                                "hal", "", "Annals of Moss"]
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    with (src / "_bibliography/papers.bib").open("a") as fh:
        fh.write("\n@misc{berg2024hares, title = {Hares in Snow}, author = {Berg, Ann},\n"
                 " year = {2024}, eprint = {2401.00001}, archivePrefix = {arXiv}}\n")
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages")
    [written] = [v.decode() for k, v in plan.files.items()
                 if k.startswith("_publications/") and "Hares in Snow" in v.decode()]
    assert "venue: arXiv" in written


@pytest.mark.parametrize(("citation", "venue", "details"), [
    ("Berg, O. (2020). &quot;Tides.&quot; <i>Harbour Letters</i>. 74:117-35.",
     "Harbour Letters", "74:117-35"),
    ("Berg O, Lind K. (2018). &quot;Moss.&quot; <i>Moss Biol.</i>. 10(1).", "Moss Biol.",
     "10(1)"),
    ("Berg, O. (2019). Gulls. <i>Gull Review</i>. https://doi.org/10.1000/g1",
     "Gull Review", ""),
    ("Berg, O. (2019). Gulls. <i>GR</i>, 3.", "Gull Review", ""),
    ("Berg, O. (2019). Gulls. <i>Gull Review</i>.", "Gull Review", ""),
])
def test_what_a_citation_says_after_its_venue(citation, venue, details):
    assert cite.citation_details(citation, venue) == details


def test_a_citations_volume_and_pages_no_list_shows_are_said_lost(tmp_path):
    """academicpages' list shows an item's whole `citation` ("... <i>Harbour Letters</i>.
    74:117-35."); al-folio's shows authors, title, venue and year of the entry written from
    it. The volume and pages after the venue were dropped without a line; a finding now
    names them, where the citation's authors were read (else the citation is kept whole)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_publications/2020-06-30-tides.md").write_text(
        "---\ntitle: \"Tides of the North Harbour\"\ncollection: publications\n"
        "date: 2020-06-30\nvenue: 'Harbour Letters'\ncitation: 'Berg O, Lind K. (2020). "
        "&quot;Tides of the North Harbour.&quot; <i>Harbour Letters</i>. 74:117-35.'\n---\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    said = {f.path: f.message for f in plan.report.findings if f.code == "citation-details"}
    assert "`74:117-35`" in said["_publications/2020-06-30-tides.md"]
    assert "_publications/2025-05-01-robot-survey.md" not in said  # `<i>ICRA</i>`: no venue


def test_kramdown_math_in_a_title_or_excerpt_is_math_bibtex_shows(tmp_path):
    """academicpages' lists run a publication's title and excerpt through Markdown, where
    kramdown's `$$h$$` is inline math. Written into the BibTeX entry as it stood, the LaTeX
    filter jekyll-scholar runs over each field read every `$…$` pair as math of its own and
    dropped the dollars: `$$h$$ on a grid of $$k$$` came out as `$h on a grid of k$`, and
    MathJax set the words between as math. It is written as `\\(h\\)` (which the filter
    leaves alone), with `{}` after it (else the filter eats the space that follows) and
    its braces escaped, as the other braces of the text are."""
    assert bibtext.shown_braces("rate $$h^{2}$$ on a grid of $$k$$, {sic}") == \
        "rate \\(h^\\{2\\}\\){} on a grid of \\(k\\){}, \\{sic\\}"
    assert bibtext.shown_braces("no math, $5 and $6") == "no math, $5 and $6"
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_publications/2020-06-30-grids.md").write_text(
        "---\ntitle: \"Moss on $$C^0$$ grids\"\ncollection: publications\ndate: 2020-06-30\n"
        "venue: 'Journal of Moss'\nexcerpt: 'A rate in $$h$$ on a grid of $$k$$ cells.'\n---\n")
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    bib = (tmp_path / "out/_bibliography/papers.bib").read_text()
    assert "title = {Moss on \\(C^0\\){} grids}" in bib
    assert "A rate in \\(h\\){} on a grid of \\(k\\){} cells." in bib
    assert "$$" not in bib


def test_a_citations_year_after_its_venue_is_no_detail_left_out():
    """The year after the venue (`<i>Moss Letters</i>, 2020.`) is the entry's `year`,
    which al-folio's list shows: nothing to say. Anything else with it still is."""
    cite_ = "Berg, O. (2020). Tides. <i>Moss Letters</i>, (2020)."
    assert cite.citation_details(cite_, "Moss Letters", 2020) == ""
    assert cite.citation_details(cite_.replace("(2020).", "May 2020, Oslo."),
                                 "Moss Letters", 2020) == "May 2020, Oslo"


def test_the_month_al_folios_list_showed_beside_the_year_is_in_the_citation(tmp_path):
    """al-folio's bib layout prints an entry's `month` beside its year (`Apr 2021`);
    academicpages' publication list prints the year of the date alone, and the citation:
    converted, the citation names the month as APA does, `(2021, April)`. A site whose own
    bib layout prints no month showed the year alone: its citation keeps the year alone."""
    def written(own_layout: str | None) -> str:
        src = tmp_path / f"src{own_layout is not None}"
        shutil.copytree(FIXTURES / "al-folio-site", src)
        with (src / "_bibliography/papers.bib").open("a") as fh:
            fh.write("\n@article{vik2021reeds, title = {Reeds in Winter}, author = {Vik,"
                     " Tor}, journal = {Marsh Notes}, year = {2021}, month = apr}\n")
        if own_layout is not None:
            (src / "_layouts").mkdir(exist_ok=True)
            (src / "_layouts/bib.liquid").write_text(own_layout)
        plan = sitemigrate.convert(src, tmp_path / f"dest{own_layout is not None}",
                                   to="academicpages")
        [text] = [v.decode() for k, v in plan.files.items()
                  if k.startswith("_publications/") and "Reeds in Winter" in v.decode()]
        return text

    assert "Tor Vik. (2021, April). " in written(None)
    assert "Tor Vik. (2021). " in written("<div>{{ entry.title }}, {{ entry.year }}</div>\n")
