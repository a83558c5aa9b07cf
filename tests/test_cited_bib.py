"""A `.bib` file only cited is no list of publications (issue #31, "Which bibliography a
page shows"): jekyll-scholar lists a file where a `{% bibliography %}` tag lists it; a tag
with `--cited` / `--cited_in_order` (al-folio's references under a post or page) lists only
what its page cites; the home page's selected papers show the files its selected-papers list
lists. Miniature al-folio sites; invented people throughout."""

from __future__ import annotations

from test_read_rules import read, write

import sitemigrate
from sitemigrate.formats.citation import in_text
from sitemigrate.jekyll import scholar

CONFIG = """\
title: Oda Marlowe
first_name: Oda
last_name: Marlowe
scholar:
  last_name: [Marlowe]
  first_name: [Oda]
  source: /_bibliography/
  bibliography: papers.bib
  bibliography_template: bib
"""

ABOUT = ("---\nlayout: about\ntitle: about\npermalink: /\nselected_papers: {sel}\n---\n"
         "Oda studies tide pools.\n")
REFS = ("@article{kelp19,\n  title={Kelp Forests at Night},\n  author={Quill, Ansel},\n"
        "  journal={Journal of Tide Pools},\n  year={2019},\n  selected={true}\n}\n\n"
        "@book{urchin88,\n  title={A Field Guide to Urchins},\n  author={Brae, Tamsin},\n"
        "  year={1988}\n}\n")
POST = ("---\nlayout: post\ntitle: Reading notes\nrelated_publications: true\n---\n"
        "Kelp grows fast {% cite kelp19 --file papers %}.\n")
PUBLICATIONS = "---\nlayout: page\ntitle: publications\npermalink: /publications/\n---\n{}\n"
# al-folio's post layout: the references of a post are the entries it cites
LAYOUT = ("---\nlayout: default\n---\n{{ content }}\n{% if page.related_publications %}\n"
          "<h2>References</h2>\n{% bibliography --cited_in_order %}\n{% endif %}\n")


def test_the_default_file_only_cited_is_no_list_of_publications(tmp_path):
    site, report = read(write(tmp_path, {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_posts/2024-03-02-notes.md": POST, "_layouts/post.liquid": LAYOUT,
        "_bibliography/papers.bib": REFS}))
    assert site.publications == []
    lost = [f for f in report.findings if f.code == "bib-unshown"]
    assert len(lost) == 1 and "papers.bib" in lost[0].message
    assert "is jekyll-scholar's default file, but no page" in lost[0].message


def test_a_file_a_layouts_references_name_is_said_shown_as_references(tmp_path):
    """A second file only a layout's references list names (`--file reading --cited`):
    no list of publications, but what it showed (the entries a page cites) is not lost,
    so the report names that list rather than saying no tag names the file."""
    layout = LAYOUT.replace("--cited_in_order", "--file papers --file reading --cited_in_order")
    post = POST.replace("kelp19 --file papers", "urchin88 --file reading")
    site, report = read(write(tmp_path, {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}"),
        "_posts/2024-03-02-notes.md": post, "_layouts/post.liquid": layout,
        "_bibliography/papers.bib": "@article{m23,\n  title={Limpets},\n  author={Marlowe, "
                                    "Oda},\n  journal={Shore Letters},\n  year={2023}\n}\n",
        "_bibliography/reading.bib": REFS}))
    assert [p.title for p in site.publications] == ["Limpets"]
    (said,) = [f for f in report.findings if f.path == "_bibliography/reading.bib"]
    assert said.outcome != "lost" and "_layouts/post.liquid" in said.message
    assert "no `{% bibliography %}` names it" not in said.message


def test_a_pages_references_list_no_file_beside_a_publications_page(tmp_path):
    site, _ = read(write(tmp_path, {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}"),
        "_pages/reading.md": "---\nlayout: page\ntitle: reading\npermalink: /reading/\n---\n"
                             "Urchins {% cite urchin88 --file reading %}.\n\n"
                             "{% bibliography --file reading --cited %}\n",
        "_bibliography/papers.bib": "@article{m23,\n  title={Limpets},\n  author={Marlowe, "
                                    "Oda},\n  journal={Shore Letters},\n  year={2023}\n}\n",
        "_bibliography/reading.bib": REFS}))
    assert [p.title for p in site.publications] == ["Limpets"]


def test_selected_papers_on_the_home_page_list_the_default_file(tmp_path):
    site, _ = read(write(tmp_path, {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="true"),
        "_bibliography/papers.bib": REFS}))
    assert sorted(p.title for p in site.publications) == ["A Field Guide to Urchins",
                                                           "Kelp Forests at Night"]


def test_a_copy_without_pages_keeps_its_files():
    """Nothing says which file a copy without pages lists: every file may be."""
    uses = scholar.bibliography_uses([("p.md", "{% bibliography --cited %}", "")], {})
    assert [u.cited for u in uses] == [True]
    assert scholar.shown_files([], {}) is None
    assert scholar.shown_files([], {}, pages=True) == set()


def test_a_citation_of_an_entry_not_carried_links_its_reference_on_the_page(tmp_path):
    """jekyll-scholar shows `{% cite %}` as "(Author, Year)" linked to the entry in the page's
    references (al-folio's `related_publications`): an entry that is no publication is
    written out as a reference on the page, which the citation links."""
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_posts/2024-03-02-notes.md": POST, "_bibliography/papers.bib": REFS})
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages")
    plan.apply()
    assert not [f for f in plan.report.findings if f.code == "cite-unresolved"]
    said = [f for f in plan.report.findings if f.code == "cite-reference"]
    assert len(said) == 1 and "`kelp19` (Quill, 2019)" in said[0].message
    assert (said[0].path, said[0].line) == ("_posts/2024-03-02-notes.md", 6)
    post = (tmp_path / "dest/_posts/2024-03-02-notes.md").read_text("utf-8")
    assert "Kelp grows fast ([Quill, 2019](#kelp19)).\n" in post  # the key, not the options
    refs = post[post.index("<h2>References</h2>"):]
    assert '<li id="kelp19">Ansel Quill. (2019). "Kelp Forests at Night."' in refs
    assert "urchin88" not in post  # only what the page cites


def test_a_citation_of_an_owners_publication_links_its_page(tmp_path):
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}"),
        "_posts/2024-03-02-notes.md": "---\nlayout: post\ntitle: Notes\n---\n"
                                      "As in {% cite m23 kelp19 %}.\n",
        "_bibliography/papers.bib": PAPER.replace("m23", "m23").replace(
            "Marlowe, Oda", "Marlowe, Oda and Quill, Ansel"),
        "_bibliography/reading.bib": REFS})
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages")
    plan.apply()
    post = (tmp_path / "dest/_posts/2024-03-02-notes.md").read_text("utf-8")
    url = plan.urls["publication:m23"]
    assert f"As in ([Marlowe & Quill, 2023]({{{{ '{url}' | relative_url }}}}); " \
           "[Quill, 2019](#kelp19))." in post
    # no layout lists the references: those of entries that are no publications are written
    assert post.count("<li id=") == 1 and '<li id="kelp19">' in post
    # a page whose layout lists what it cites (`related_publications`) lists them all
    src2 = write(tmp_path / "src2", {**{str(p.relative_to(src)): p.read_text("utf-8")
                                        for p in src.rglob("*") if p.is_file()},
                                     "_posts/2024-03-02-notes.md": "---\nlayout: post\ntitle: "
                                     "Notes\nrelated_publications: true\n---\nAs in "
                                     "{% cite m23%}.\n"})
    plan = sitemigrate.convert(src2, tmp_path / "dest2", to="academicpages")
    plan.apply()
    post = (tmp_path / "dest2/_posts/2024-03-02-notes.md").read_text("utf-8")
    url = plan.urls["publication:m23"]
    assert f'<h2>References</h2>\n<ol class="bibliography">\n<li id="m23"><a href="{{{{ ' \
           f"'{url}' | relative_url }}}}\">Oda Marlowe and Ansel Quill. (2023)." in post
    # the heading the converter adds is in the site's language (`lang: fr`)
    config = src2 / "_config.yml"
    config.write_text(config.read_text("utf-8") + "\nlang: fr\n", "utf-8")
    plan = sitemigrate.convert(src2, tmp_path / "dest3", to="academicpages")
    plan.apply()
    post = (tmp_path / "dest3/_posts/2024-03-02-notes.md").read_text("utf-8")
    assert "<h2>Références</h2>" in post and "References" not in post
    # Liquid takes any value but nil and false for true: a key's name turns the list on too
    notes = src2 / "_posts/2024-03-02-notes.md"
    notes.write_text(notes.read_text("utf-8").replace("related_publications: true",
                                                      "related_publications: m23"), "utf-8")
    plan = sitemigrate.convert(src2, tmp_path / "dest4", to="academicpages")
    plan.apply()
    post = (tmp_path / "dest4/_posts/2024-03-02-notes.md").read_text("utf-8")
    assert '<h2>Références</h2>\n<ol class="bibliography">\n<li id="m23">' in post


def test_a_pages_cited_bibliography_is_written_where_it_was(tmp_path):
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/reading.md": "---\nlayout: page\ntitle: reading\npermalink: /reading/\n---\n"
                             "Urchins {% cite urchin88 --file papers %}.\n\n"
                             "## Read\n\n{% bibliography --file papers --cited %}\n\nThe end.\n",
        "_bibliography/papers.bib": REFS})
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages")
    plan.apply()
    page = (tmp_path / "dest/_pages/reading.md").read_text("utf-8")
    assert "Urchins ([Brae, 1988](#urchin88))." in page
    assert page.index("## Read") < page.index('<li id="urchin88">') < page.index("The end.")
    assert "kelp19" not in page and "<h2>References</h2>" not in page


def _post_into_academicpages(tmp_path, body: str) -> tuple[str, list[str]]:
    """A post of ``body`` (citing REFS) converted: its text and the `cite-unresolved` lines."""
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_posts/2024-03-02-notes.md": "---\nlayout: post\ntitle: Notes\n---\n" + body,
        "_bibliography/papers.bib": REFS})
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages")
    plan.apply()
    return ((tmp_path / "dest/_posts/2024-03-02-notes.md").read_text("utf-8"),
            [f.message for f in plan.report.findings if f.code == "cite-unresolved"])


def test_a_reference_tag_writes_the_entry_out(tmp_path):
    post, said = _post_into_academicpages(
        tmp_path, "Read {% reference urchin88 %} and {% reference nosuch %}.\n")
    assert 'Read Tamsin Brae. (1988). "A Field Guide to Urchins." and nosuch.\n' in post
    assert len(said) == 1 and "`nosuch`" in said[0]


def test_a_citation_of_a_key_no_file_has_is_reported(tmp_path):
    post, said = _post_into_academicpages(tmp_path, "See {% cite nosuch19 %}.\n")
    assert len(said) == 1 and "in no `.bib` file of the source" in said[0]
    assert "See (nosuch19).\n" in post and "<li" not in post


def test_a_citation_whose_key_is_liquid_stays_a_tag(tmp_path):
    """`{% cite {{ page.key }} %}`: the key is known only when Jekyll runs; written as a key
    it would leave `{{` in the page (a Liquid syntax error): kept as text, reported."""
    post, _ = _post_into_academicpages(
        tmp_path, "See {% cite {{ page.k }} %}, {% reference {{ page.k }} %}, {% cite -f x %}.\n")
    assert ("See {% raw %}{% cite {{ page.k }} %}{% endraw %}, "
            "{% raw %}{% reference {{ page.k }} %}{% endraw %}, .\n") in post


def test_in_text_citations_as_apa_writes_them():
    assert in_text(["Ansel Quill"], 2019) == "Quill, 2019"
    assert in_text(["Oda Marlowe*", "Quill, Ansel"], "2023") == "Marlowe & Quill, 2023"
    assert in_text(["Oda Marlowe", "Ansel Quill", "Tamsin Brae"], 2020) == "Marlowe et al., 2020"
    assert in_text(["Oda Marlowe", "others"], None) == "Marlowe, n.d."


# -- the home page's selected papers ---------------------------------------------------------

PROJECTS = ("@misc{reef22,\n  title={Counting Reef Snails},\n  author={Marlowe, Oda},\n"
            "  year={2022},\n  selected={true}\n}\n")
PAPER = ("@article{m23,\n  title={Limpets},\n  author={Marlowe, Oda},\n  journal={Shore "
         "Letters},\n  year={2023},\n  selected={true}\n}\n")


def test_a_selected_entry_of_a_file_the_selected_papers_do_not_show_is_no_selected_paper(
        tmp_path):
    """The home page lists selected projects from their own file by an include of the
    owner's; its selected papers (the theme's include) show the default file only."""
    site, report = read(write(tmp_path, {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="true"),
        "_includes/selected_projects.liquid": "{% bibliography --file projects --query "
                                              "@*[selected=true]* %}\n",
        "_pages/projects.md": "---\nlayout: page\ntitle: projects\npermalink: /projects/\n---"
                              "\n{% bibliography --file projects %}\n",
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}"),
        "_bibliography/papers.bib": PAPER, "_bibliography/projects.bib": PROJECTS}))
    assert {p.title: p.selected for p in site.publications} == {"Limpets": True,
                                                                "Counting Reef Snails": False}
    assert any(f.code == "selected-papers" and "projects.bib" in f.message
               for f in report.findings)


def test_the_sites_own_selected_papers_include_decides_which_file_it_shows(tmp_path):
    site, _ = read(write(tmp_path, {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="true"),
        "_includes/selected_papers.liquid": "{% bibliography -f projects -q @*[selected=true]* "
                                            "%}\n",
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}\n"
                                                      "{% bibliography -f projects %}"),
        "_bibliography/papers.bib": PAPER, "_bibliography/projects.bib": PROJECTS}))
    assert {p.title: p.selected for p in site.publications} == {"Limpets": False,
                                                                "Counting Reef Snails": True}


# -- entries a query selects -------------------------------------------------------------------

def test_an_entry_no_query_of_the_tags_selects_is_on_no_page(tmp_path):
    """Sections by a field of the owner's (`work`): an entry that has the field in neither
    value is listed by no section, so no page shows it."""
    site, report = read(write(tmp_path, {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format(
            "## Working papers\n{% bibliography --query @*[work=true]* %}\n"
            "## Articles\n{% bibliography --query @*[work=false]* %}"),
        "_bibliography/papers.bib": "@article{m23,\n  title={Limpets},\n  author={Marlowe, "
                                    "Oda},\n  year={2023},\n  work={false}\n}\n\n"
                                    "@misc{m24,\n  title={Barnacles},\n  author={Marlowe, Oda}"
                                    ",\n  year={2024},\n  work={true}\n}\n\n"
                                    "@misc{m25,\n  title={Whelks},\n  author={Marlowe, Oda},\n"
                                    "  year={2025}\n}\n"}))
    assert sorted(p.title for p in site.publications) == ["Barnacles", "Limpets"]
    said = [f for f in report.findings if f.code == "bib-unselected"]
    assert len(said) == 1 and "`m25`" in said[0].message and "`m23`" not in said[0].message


def test_a_selected_entry_the_home_page_lists_is_shown_though_no_page_query_selects_it(
        tmp_path):
    site, _ = read(write(tmp_path, {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="true"),
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography -q @book %}"),
        "_bibliography/papers.bib": REFS}))
    assert sorted(p.title for p in site.publications) == ["A Field Guide to Urchins",
                                                           "Kelp Forests at Night"]


def test_an_upgrade_keeps_the_entries_no_page_shows_in_their_file(tmp_path):
    """al-folio onto al-folio: a file only cited is the owner's all the same (its citations
    read it), and so is an entry no query selects: kept as written."""
    from test_upgrade import new_checkout, old_site
    src = write(old_site(tmp_path / "old"), {
        "_config.yml": "title: blank\nfirst_name: Vera\nlast_name: Vega\nscholar:\n  "
                       "bibliography: papers.bib\nplugins: [jekyll/scholar]\n",
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography -q @*[year>=2000]* %}"),
        "_bibliography/papers.bib": "@article{vega2024,\n  title={Tidal Gardens},\n  author="
                                    "{Vega, Vera},\n  year={2024}\n}\n\n@misc{vega1999,\n  "
                                    "title={Early Sketches},\n  author={Vega, Vera},\n  year="
                                    "{1999}\n}\n",
        "_bibliography/refs.bib": "@book{moss19,\n  title={Moss},\n  author={Quill, Ansel},\n"
                                  "  year={2019}\n}\n",
        "_posts/2022-01-02-moss.md": "---\nlayout: post\ntitle: Moss\n---\nSee "
                                     "{% cite moss19 --file refs %}.\n\n"
                                     "{% bibliography --file refs --cited %}\n"})
    sitemigrate.convert(src, new_checkout(tmp_path / "new"), to="al-folio").apply()
    kept = {name: (tmp_path / "new/_bibliography" / name).read_text("utf-8")
            for name in ("refs.bib", "papers.bib")}
    assert "@book{moss19," in kept["refs.bib"]
    assert "vega2024" in kept["papers.bib"] and "vega1999" in kept["papers.bib"]


def test_an_upgrade_keeps_the_talks_in_the_file_the_owners_talks_page_lists(tmp_path):
    """The owner's talks page, kept as written, lists its `.bib` file: the entries read as
    talks stay in it (they were dropped as no publication, and the page listed nothing)."""
    from test_upgrade import new_checkout, old_site
    src = write(old_site(tmp_path / "old"), {
        "_pages/talks.md": "---\nlayout: page\ntitle: talks\npermalink: /talks/\n---\n"
                           "{% bibliography --file talks %}\n",
        "_bibliography/talks.bib": "@misc{vega2023talk,\n  title={Gardens at Dusk},\n  author"
                                   "={Vega, Vera},\n  year={2023},\n  note={Moon Fair}\n}\n"})
    sitemigrate.convert(src, new_checkout(tmp_path / "new"), to="al-folio").apply()
    assert "@misc{vega2023talk," in (tmp_path / "new/_bibliography/talks.bib").read_text()
    assert "{% bibliography --file talks %}" in (tmp_path / "new/_pages/talks.md").read_text()


# -- what the list shows beside an entry -----------------------------------------------------

AWARDED = ("@inproceedings{m24,\n  title={Barnacle Census},\n  author={Marlowe, Oda},\n"
           "  booktitle={Shore Workshop},\n  year={2024},\n  award={Best poster of the "
           "workshop},\n  award_name={Poster prize},\n  additional_info={Oral, 12 minutes}\n}\n")
BIB_LAYOUT = ("<div class=\"title\">{{ entry.title }}</div>\n{{ entry.booktitle }}"
              "{{ entry.additional_info }}\n{% if entry.award %}<div class=\"award\">"
              "{{ entry.award }}</div>{% endif %}\n")


def _converted_publication(tmp_path, files):
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format("{% bibliography %}"),
        "_bibliography/papers.bib": AWARDED, **files})
    sitemigrate.convert(src, tmp_path / "dest", to="academicpages").apply()
    (page,) = (tmp_path / "dest/_publications").glob("*.md")
    return page.read_text("utf-8")


def test_an_award_and_additional_information_the_bib_layout_showed_stay_shown(tmp_path):
    """al-folio's bib layout shows an entry's `award` (behind a button labelled
    `award_name`) and its `additional_info` after the venue; academicpages' layouts read no
    such key, so they are lines of the publication's page (before: front matter only,
    shown nowhere, in no line of the report)."""
    text = _converted_publication(tmp_path, {"_layouts/bib.liquid": BIB_LAYOUT})
    body = text.split("\n---\n", 1)[1]
    assert "Oral, 12 minutes" in body
    assert "**Poster prize**: Best poster of the workshop" in body


def test_text_fields_the_sites_own_bib_layout_never_printed_are_not_shown(tmp_path):
    """An older bib layout (al-folio 2020-22) prints neither field: they showed nowhere."""
    text = _converted_publication(tmp_path, {
        "_layouts/bib.html": "<div class=\"title\">{{ entry.title }}</div>\n"})
    body = text.split("\n---\n", 1)[1]
    assert "Oral, 12 minutes" not in body and "Best poster" not in body


def test_a_note_the_bib_layout_showed_under_an_entry_stays_shown(tmp_path):
    """al-folio's bib layout (2024 on) prints BibTeX's `note` on a line of its own under
    the venue (`Co-first authorship`, `Preprint`): a line of the publication's page in
    academicpages (was: in the downloadable .bib only); a layout that never printed it
    showed it nowhere."""
    noted = AWARDED.replace("  award={", "  note={Equal contribution},\n  award={")
    layout = BIB_LAYOUT + "<div class=\"periodical\">{{ entry.note }}</div>\n"
    text = _converted_publication(tmp_path / "a", {"_layouts/bib.liquid": layout,
                                                   "_bibliography/papers.bib": noted})
    assert "Equal contribution" in text.split("\n---\n", 1)[1]
    text = _converted_publication(tmp_path / "b", {"_layouts/bib.liquid": BIB_LAYOUT,
                                                   "_bibliography/papers.bib": noted})
    assert "Equal contribution" not in text.split("\n---\n", 1)[1]


# -- a page that lists one file in parts, by queries -----------------------------------------

TYPED = ("@article{a1,\n  title={Limpets at Dusk},\n  author={Marlowe, Oda},\n  journal={Shore "
         "Letters},\n  year={2023}\n}\n\n@inproceedings{c1,\n  title={Counting Snails},\n"
         "  author={Marlowe, Oda},\n  booktitle={Tide Workshop},\n  year={2022}\n}\n\n"
         "@inproceedings{c2,\n  title={Barnacle Maps},\n  author={Marlowe, Oda},\n"
         "  booktitle={Tide Workshop},\n  year={2021}\n}\n")


def _typed_sections(tmp_path, second: str, bib: str = TYPED):
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel="false"),
        "_pages/publications.md": PUBLICATIONS.format(
            "## Journal articles\n\n{% bibliography -f papers -q @article %}\n\n"
            f"## Conference papers\n\n{{% bibliography -f papers -q {second} %}}\n"),
        "_bibliography/papers.bib": bib})
    sitemigrate.convert(src, tmp_path / "dest", to="academicpages").apply()
    page = (tmp_path / "dest/_pages/publications.md").read_text("utf-8")
    sections = {}
    for path in (tmp_path / "dest/_publications").glob("*.md"):
        text = path.read_text("utf-8")
        title = text.split("\ntitle: ", 1)[1].split("\n", 1)[0].strip("'\"")
        sections[title] = text.split("\nbib_section: ", 1)[1].split("\n", 1)[0] \
            if "\nbib_section: " in text else None
    return page, sections


def test_a_file_listed_in_parts_by_queries_keeps_its_parts(tmp_path):
    """`-q @article` under one heading and `-q @inproceedings` under the next: each heading
    keeps its entries (before: every entry under the first heading, the second empty, and
    "split it by hand" in the report)."""
    page, sections = _typed_sections(tmp_path, "@inproceedings")
    assert sections == {"Limpets at Dusk": "papers-1", "Counting Snails": "papers-2",
                        "Barnacle Maps": "papers-2"}
    journal, conference = page.split("## Conference papers")
    assert 'post.bib_section == "papers-1"' in journal
    assert 'post.bib_section == "papers-2"' in conference
    assert "papers-2" not in journal and "papers-1" not in conference


def test_a_part_whose_query_names_several_types_keeps_each_of_them(tmp_path):
    """`-q @techreport,@inproceedings` (BibTeX-Ruby selects an entry that any `@type[...]`
    of the query selects): the second heading keeps the entries of both types, not only
    those of the first type the query names (before: a conference paper was in no part, and
    listed nowhere)."""
    page, sections = _typed_sections(tmp_path, "@techreport,@inproceedings",
                                     TYPED.replace("@inproceedings{c2,", "@techreport{c2,"))
    assert sections == {"Limpets at Dusk": "papers-1", "Counting Snails": "papers-2",
                        "Barnacle Maps": "papers-2"}
    assert 'post.bib_section == "papers-2"' in page.split("## Conference papers")[1]


def test_parts_that_share_an_entry_list_it_in_each(tmp_path):
    """An entry both queries select (a 2023 article under "since 2022" too) is listed in
    both parts, as jekyll-scholar lists it: the second part names its entries in a field of
    its own (`bib_section_2`), so each heading keeps what it listed (before: the page was
    left to one listing of every entry and a "split it by hand" line)."""
    page, sections = _typed_sections(tmp_path, "@*[year>=2022]*")
    # (a 2021 conference paper neither query selects is listed nowhere, as before)
    assert sections == {"Limpets at Dusk": "papers-1", "Counting Snails": None}
    journal, since = page.split("## Conference papers")
    assert 'post.bib_section == "papers-1"' in journal and "papers-2" not in journal
    assert 'post.bib_section_2 == "papers-2"' in since
    second = {path.read_text("utf-8").split("\ntitle: ", 1)[1].split("\n", 1)[0]
              for path in (tmp_path / "dest/_publications").glob("*.md")
              if "\nbib_section_2: papers-2" in path.read_text("utf-8")}
    assert second == {"Limpets at Dusk", "Counting Snails"}


def test_parts_beside_another_listing_of_the_file_are_not_made_sections(tmp_path):
    """A third tag lists the same file in a loop over the years (its query holds Liquid):
    that listing becomes the one listing of every entry, so the parts beside it are not
    written as sections too (each entry would show twice)."""
    page, sections = _typed_sections(
        tmp_path, "@inproceedings %}\n\n{% for y in page.years %}\n"
                  "{% bibliography -f papers -q @*[year={{ y }}]* %}\n{% endfor")
    assert set(sections.values()) == {None}
    assert "bib_section" not in page


# al-folio's selected-papers include: the about layout renders it where a page asks for it
SELECTED = ('<div class="publications">\n'
            "{% bibliography --group_by none --query @*[selected=true]* %}\n</div>\n")


def test_the_selected_papers_include_lists_nothing_where_no_page_asks_for_it(tmp_path):
    """The site keeps the theme's selected-papers include (a tag with the query
    `@*[selected=true]*`), its about page says `selected_papers: false`, and its
    publications page is gone: no page shows the default file. Said so, and not "give the
    entries what the query asks for", which would show nothing; where the about page asks
    for its selected papers, the selected entry is carried and the other is said to be
    selected by no query; so too where a page of its own includes the list."""
    page = ("---\nlayout: page\ntitle: best\npermalink: /best/\n---\n"
            "{% include selected_papers.liquid %}\n")
    for sel, pages, carried, code in (("false", {}, [], "bib-unshown"),
                                      ("true", {}, ["kelp19"], "bib-unselected"),
                                      ("false", {"_pages/best.md": page}, ["kelp19"],
                                       "bib-unselected")):
        site, report = read(write(tmp_path / f"{sel}{len(pages)}", {
            "_config.yml": CONFIG, "_pages/about.md": ABOUT.format(sel=sel),
            "_includes/selected_papers.liquid": SELECTED,
            "_bibliography/papers.bib": REFS, **pages}))
        assert [p.key for p in site.publications] == carried, sel
        codes = [f.code for f in report.findings if f.code.startswith("bib-un")]
        assert codes == [code], (sel, codes)


def test_a_field_of_the_owners_own_the_bib_layout_showed_stays_shown(tmp_path):
    """The site's own bib layout prints a field of the owner's beside the title
    (`<span class="honor">{{ entry.honor }}</span>`): academicpages' layouts read no such
    key, so it is a line of the publication's page; one it only put in an attribute
    (`data-x="{{ entry.tracker }}"`) showed as no text, and a layout that never printed the
    field showed it nowhere."""
    honored = AWARDED.replace("  award={", "  honor={Reader's Choice Collection},\n"
                              "  tracker={t-88},\n  award={")
    layout = BIB_LAYOUT.replace("{{ entry.title }}</div>", "{{ entry.title }}<span class="
                                "\"honor\">{{ entry.honor }}</span></div>"
                                "<i data-x=\"{{ entry.tracker }}\"></i>")
    body = _converted_publication(tmp_path / "a", {"_layouts/bib.liquid": layout,
                                                   "_bibliography/papers.bib": honored}
                                  ).split("\n---\n", 1)[1]
    assert "Reader's Choice Collection" in body and "t-88" not in body
    body = _converted_publication(tmp_path / "b", {"_layouts/bib.liquid": BIB_LAYOUT,
                                                   "_bibliography/papers.bib": honored}
                                  ).split("\n---\n", 1)[1]
    assert "Reader's Choice Collection" not in body
