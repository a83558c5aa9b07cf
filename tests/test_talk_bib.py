"""Talks kept in a `.bib` of their own (al-folio: `{% bibliography -f talks %}`) as
academicpages talks: the event an entry names (biblatex's `eventtitle`), every link the bib
layout showed, and one file per talk when two talks share a title (issue #31: "Talk and
teaching details ... are visible in both directions"). Invented people throughout."""

from __future__ import annotations

import re
from pathlib import Path

from test_checkout import _convert, academicpages_checkout
from test_read_rules import ALFOLIO_CONFIG, read, write

PUBLICATIONS = ("---\nlayout: page\npermalink: /publications/\ntitle: Publications\nnav: true\n"
                "---\n<h2>Papers</h2>\n{% bibliography %}\n\n<h2>Talks</h2>\n"
                "{% bibliography -f talks %}\n")
PAPERS = ("---\n---\n@article{v21,\n  title={Salt Marsh},\n  author={Vantongeren, Ilse},\n"
          "  journal={Tidal Letters},\n  year={2021},\n}\n")
TALKS = """---
---
@misc{dunes24,
  title = {Counting Dune Beetles},
  year = {2024},
  month = {Mar},
  eventtitle = {{{DUNE}} Days 2024},
  website = {https://dune-days.example.org/},
  slides = {dunes24.pdf},
}

@misc{marsh23a,
  title = {Worms of the Mudflat},
  year = {2023},
  month = {Feb},
  eventtitle = {Estuary Forum 2023},
  url = {https://estuary.example.org/talk},
  website = {https://estuary.example.org/talk},
}

@misc{marsh23b,
  title = {Worms of the Mudflat},
  year = {2023},
  month = {Feb},
  eventtitle = {Young Ecologists 2023},
  slides = {worms-young.pdf},
}
"""


def _site(root: Path) -> Path:
    return write(root, {"_config.yml": ALFOLIO_CONFIG, "_pages/publications.md": PUBLICATIONS,
                        "_bibliography/papers.bib": PAPERS, "_bibliography/talks.bib": TALKS,
                        "assets/pdf/dunes24.pdf": "%PDF-1.4\n",
                        "assets/pdf/worms-young.pdf": "%PDF-1.4\n"})


def test_a_talk_entry_names_its_event_and_keeps_every_link(tmp_path):
    site, _ = read(_site(tmp_path))
    assert [p.title for p in site.publications] == ["Salt Marsh"]
    dunes = next(t for t in site.talks if t.title == "Counting Dune Beetles")
    assert dunes.fields["venue"] == "DUNE Days 2024"
    assert dunes.fields["website"] == "https://dune-days.example.org/"
    assert dunes.fields["slides"] == "/assets/pdf/dunes24.pdf"
    assert sorted(t.fields["venue"] for t in site.talks if t.title == "Worms of the Mudflat") \
        == ["Estuary Forum 2023", "Young Ecologists 2023"]


def test_talks_into_academicpages_show_their_links_and_none_overwrites_another(tmp_path):
    src = _site(tmp_path / "src")
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    talks = {p.name: p.read_text() for p in (dest / "_talks").glob("*.md")}
    worms = [text for name, text in talks.items() if name.startswith("worms-of-the-mudflat")]
    assert len(worms) == 2  # two events, two talks: neither file written over the other
    assert len({t.split("permalink: ")[1].split("\n")[0] for t in worms}) == 2
    forum = next(t for t in worms if "Estuary Forum 2023" in t)
    young = next(t for t in worms if "Young Ecologists 2023" in t)
    # the same address as `url` and `website`: one link
    assert forum.count("https://estuary.example.org/talk") == 1
    assert "[Link](https://estuary.example.org/talk)" in forum
    assert "[Slides]({{ '/files/worms-young.pdf' | relative_url }})" in young
    dunes = next(t for n, t in talks.items() if n.startswith("counting-dune-beetles"))
    assert "venue: DUNE Days 2024" in dunes
    assert "[Slides]({{ '/files/dunes24.pdf' | relative_url }}) \\| " \
           "[Website](https://dune-days.example.org/)" in dunes
    assert (dest / "files/dunes24.pdf").is_file() and (dest / "files/worms-young.pdf").is_file()
    codes = [f.code for f in plan.report.findings]
    assert "same-slug" in codes and codes.count("event-links") == 3


def test_the_link_labels_follow_the_sites_language(tmp_path):
    src = _site(tmp_path / "src")
    (src / "_config.yml").write_text(ALFOLIO_CONFIG + "lang: fr\n", encoding="utf-8")
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    text = next((dest / "_talks").glob("counting-dune-beetles*.md")).read_text()
    assert "[Diapositives](" in text and "[Site web](" in text


def test_a_dropdown_of_pages_the_menu_has_already_adds_no_second_entry(tmp_path):
    """academicpages' masthead has no submenus: a dropdown's entries join the top-level menu,
    but an address the menu lists already (al-folio's example dropdown repeats pages of the
    menu) is listed once."""
    src = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG,
        "_pages/about.md": "---\nlayout: about\ntitle: about\npermalink: /\n---\nDunes.\n",
        "_pages/publications.md": PUBLICATIONS.replace("nav: true", "nav: true\nnav_order: 1"),
        "_pages/field.md": "---\nlayout: page\ntitle: field notes\npermalink: /field/\n---\nx\n",
        "_pages/more.md": "---\nlayout: page\ntitle: more\nnav: true\nnav_order: 2\ndropdown: "
                          "true\nchildren:\n  - title: publications\n    permalink: "
                          "/publications/\n  - title: divider\n  - title: field notes\n"
                          "    permalink: /field/\n---\n",
        "_bibliography/papers.bib": PAPERS, "_bibliography/talks.bib": TALKS})
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    menu = (dest / "_data/navigation.yml").read_text()
    assert menu.count("url: /publications/") == 1 and menu.count("url: /field/") == 1
    found = next(f for f in plan.report.findings if f.code == "menu-dropdown")
    assert "its 1 entries" in found.message and "1 it has already" in found.message


def _year_loop(file: str) -> str:
    return ("{%- for y in page.pub_years %}\n  <h2 class=\"year\">{{y}}</h2>\n  {% bibliography "
            + (f"-f {file} " if file else "") + "-q @*[year={{y}}]* %}\n{% endfor %}\n")


def _publications_page(body: str) -> str:
    return ("---\nlayout: page\npermalink: /publications/\ntitle: output\npub_years: [2024, 2021]"
            "\nnav: true\n---\n" + body)


def _live(dest: Path) -> str:
    """The publications page's body outside `{% comment %}` blocks (what renders)."""
    body = (dest / "_pages/publications.md").read_text().split("---\n", 2)[2]
    return re.sub(r"\{% comment %\}.*?\{% endcomment %\}", "", body, flags=re.S)


def test_a_list_by_year_becomes_one_listing_not_one_a_year(tmp_path):
    """`{% for y in page.pub_years %}<h2>{{y}}</h2>{% bibliography -f papers -q ... %}{% endfor %}`
    listed each year's papers once; academicpages' listing lists every paper, so the loop
    goes with the tag: in the loop, every paper would be listed once a year."""
    src = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG, "_bibliography/papers.bib": PAPERS,
        "_pages/publications.md": _publications_page("<h1>papers</h1>\n" + _year_loop("papers"))})
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    live = _live(dest)
    assert live.count("site.publications") == 1 and "page.pub_years" not in live
    assert "<h1>papers</h1>" in live


def test_papers_talks_and_posters_of_one_page_keep_their_sections(tmp_path):
    """One page lists three files, each by year: papers, talks, posters. Talks are talks;
    the papers section lists the papers and the posters section the posters, each once
    (was: the papers section listed papers and posters once a year, the posters section
    nothing)."""
    posters = "@misc{v24,\n  title={Reed Beds},\n  author={Vantongeren, Ilse},\n  year={2024},\n}\n"
    src = write(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG, "_bibliography/papers.bib": PAPERS,
        "_bibliography/talks.bib": TALKS, "_bibliography/posters.bib": posters,
        "_pages/publications.md": _publications_page(
            "<h1>papers</h1>\n" + _year_loop("papers") + "<h1>talks</h1>\n" + _year_loop("talks")
            + "<h1>posters</h1>\n" + _year_loop("posters"))})
    site, _ = read(src)
    page = next(p for p in site.pages if p.permalink == "/publications/")
    assert page.role == "publications"
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    live = _live(dest)
    papers, rest = live.split("<h1>talks</h1>")
    talks, posters = rest.split("<h1>posters</h1>")
    assert papers.count("site.publications") == 1 and '== "papers"' in papers
    assert "site.talks" in talks and "site.publications" not in talks
    assert posters.count("site.publications") == 1 and '== "posters"' in posters
    assert "page.pub_years" not in live


def test_fields_of_the_owners_that_the_bib_layout_prints_stay_shown(tmp_path):
    """A site's own bib layout prints fields of the owner's (`{{ entry.conference }}`,
    `{{ entry.town }}`): what it showed of a talk is the talk's venue and place; a field no
    layout prints is no guess."""
    talk = ("@talk{t23,\n  title={Mudflat Acoustics},\n  year={2023},\n  conference={Estuary "
            "Forum},\n  town={Lier},\n  colour={blue},\n}\n")
    layout = ("---\n---\n<div class=\"title\">{{ entry.title }}</div>\n<em>{{entry.conference}}"
              "</em>, {{- entry.town -}}\n{% if entry.colour %}{% endif %}\n")
    files = {"_config.yml": ALFOLIO_CONFIG, "_pages/publications.md": PUBLICATIONS,
             "_bibliography/papers.bib": PAPERS, "_bibliography/talks.bib": talk}
    site, report = read(write(tmp_path / "plain", files))
    assert "venue" not in site.talks[0].fields and "location" not in site.talks[0].fields
    site, report = read(write(tmp_path / "own", {**files, "_layouts/bib.liquid": layout}))
    [t] = site.talks
    assert (t.fields["venue"], t.fields["location"]) == ("Estuary Forum", "Lier")
    assert "colour" not in str(t.fields)
    assert [f.message.split("`")[1] for f in report.findings if f.code == "bib-own-field"] \
        == ["conference", "town"]


def test_a_talk_list_shown_with_a_layout_of_its_own_keeps_what_that_layout_prints(tmp_path):
    """A page lists talks with `--template talk-card`, a layout of the owner's that prints
    the event from biblatex's `venue` field (not the site's `bib` layout): converted, the
    talk's venue is that field (it was dropped: the layout read was `bib`, and `venue`, a
    standard field, was taken for one the reader holds)."""
    talk = ("@talk{t24,\n  title={Tidal Clocks},\n  year={2024},\n  month={May},\n"
            "  venue={Estuary Forum 2024},\n  location={Lier},\n}\n")
    layout = ("---\n---\n<div class=\"title\">{{ entry.title }}</div>\n"
              "<em>{{ entry.venue }}</em> {{ entry.location }}\n")
    page = ("---\nlayout: page\npermalink: /talks/\ntitle: talks\nnav: true\n---\n"
            "{% bibliography\n  --file talks\n  --template talk-card\n%}\n")
    site, _ = read(write(tmp_path / "own", {
        "_config.yml": ALFOLIO_CONFIG, "_pages/publications.md": PUBLICATIONS.split(
            "<h2>Talks")[0], "_pages/talks.md": page, "_bibliography/papers.bib": PAPERS,
        "_bibliography/talks.bib": talk, "_layouts/talk-card.liquid": layout}))
    [t] = site.talks
    assert (t.fields["venue"], t.fields["location"]) == ("Estuary Forum 2024", "Lier")


def test_a_bibliography_tag_names_its_layout():
    """jekyll-scholar's `-T`/`--template NAME` is the layout a tag's entries are shown with;
    it names no file of entries."""
    from sitemigrate.jekyll import scholar
    [use] = scholar.bibliography_uses(
        [("_pages/talks.md", "{% bibliography --file talks --template talk-card %}", "")],
        {"scholar": {"bibliography": "papers.bib"}})
    assert (use.files, use.template) == (("talks",), "talk-card")
    [use] = scholar.bibliography_uses([("p.md", "{% bibliography -T card -q @misc %}", "")],
                                      {"scholar": {"bibliography": "papers.bib"}})
    assert (use.files, use.template, use.query) == (("papers",), "card", "@misc")


BADGE_LAYOUT = """---
---
<div class="row">
{% if site.enable_publication_thumbnails %}
  <div class="col-sm-2 abbr">{% if entry.abbr %}<abbr class="badge" title="{{ entry.abbr }}">{{ entry.abbr }}</abbr>{% endif %}</div>
{% endif %}
  <div id="{{ entry.key }}" class="col-sm-8"><div class="title">{{ entry.title }}</div></div>
</div>
"""
BADGE_TALKS = """---
---
@misc{reed22,
  abbr = {Keynote},
  title = {Reeds in the Wind},
  year = {2022},
  month = {May},
  eventtitle = {Wetland Week 2022},
}
"""


def _badge_site(root: Path, layout: str, thumbnails: str) -> Path:
    return write(root, {"_config.yml": ALFOLIO_CONFIG + thumbnails,
                        "_layouts/bib.liquid": layout,
                        "_pages/publications.md": PUBLICATIONS,
                        "_bibliography/papers.bib": PAPERS,
                        "_bibliography/talks.bib": BADGE_TALKS})


def test_the_badge_the_bib_layout_showed_beside_a_talk_is_its_type(tmp_path):
    """al-folio's bib layout shows an entry's `abbr` as a badge beside it (`Keynote`) where
    its branches run for the site (`enable_publication_thumbnails`): a talk keeps it as its
    type, which academicpages' talk list shows before the venue. Turned off, or printed only
    inside an attribute, the badge was never seen: no type."""
    site, report = read(_badge_site(tmp_path / "on", BADGE_LAYOUT,
                                    "enable_publication_thumbnails: true\n"))
    assert [t.fields.get("type") for t in site.talks] == ["Keynote"]
    assert any(f.code == "bib-abbr-talk" and "reed22" in f.message for f in report.findings)
    site, _ = read(_badge_site(tmp_path / "off", BADGE_LAYOUT,
                               "enable_publication_thumbnails: false\n"))
    assert [t.fields.get("type") for t in site.talks] == [None]
    hidden = BADGE_LAYOUT.replace(">{{ entry.abbr }}</abbr>", "></abbr>")
    site, _ = read(_badge_site(tmp_path / "attr", hidden,
                               "enable_publication_thumbnails: true\n"))
    assert [t.fields.get("type") for t in site.talks] == [None]
    src = _badge_site(tmp_path / "src", BADGE_LAYOUT, "enable_publication_thumbnails: true\n")
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    talk = next((dest / "_talks").glob("reeds-in-the-wind*.md")).read_text()
    assert "\ntype: Keynote\n" in talk and "venue: Wetland Week 2022" in talk



def test_a_markdown_page_keeps_the_talks_listing_from_kramdown(tmp_path):
    """academicpages' talk include leaves its venue's `<p>` open, which its own HTML listing
    page passes as it is; in a Markdown page kramdown would print the include's closing
    tags as text after each talk (`</article> </div>`): the loop, with the HTML element
    around it, is inside `{::nomarkdown}`; a second conversion does not wrap it again."""
    page = ("---\nlayout: page\npermalink: /talks/\ntitle: Talks\nnav: true\n---\n"
            "Talks on dunes and marshes.\n\n<div class=\"publications\">\n\n"
            "{% bibliography -f talks %}\n\n</div>\n")
    src = write(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG, "_pages/talks.md": page,
                                   "_pages/publications.md": PUBLICATIONS.replace(
                                       "\n<h2>Talks</h2>\n{% bibliography -f talks %}", ""),
                                   "_bibliography/papers.bib": PAPERS,
                                   "_bibliography/talks.bib": TALKS})
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    _convert(src, dest, "academicpages")
    text = (dest / "_pages/talks.md").read_text()
    assert text.count("{::nomarkdown}") == 1 and text.count("{:/nomarkdown}") == 1
    wrapped = text.split("{::nomarkdown}\n", 1)[1].split("\n{:/nomarkdown}", 1)[0]
    assert wrapped.startswith('<div class="publications">') and wrapped.endswith("</div>")
    assert "archive-single-talk.html" in wrapped and "Talks on dunes" not in wrapped


def test_a_talks_links_are_one_line_of_links_not_a_table(tmp_path):
    """A talk's links at the end of its page are joined by a bar, escaped (`\\|`): kramdown
    reads an unescaped `[Slides](...) | [Website](...)` as a table's row, a box around them
    on the talk's page and in the list's excerpt."""
    src = _site(tmp_path / "src")
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    dunes = next((dest / "_talks").glob("counting-dune-beetles*.md")).read_text()
    line = next(ln for ln in dunes.splitlines() if "[Slides](" in ln)
    assert ") \\| [" in line and ") | [" not in line


def test_a_talk_title_with_dollar_math_shows_as_the_latex_filter_showed_it(tmp_path):
    """jekyll-scholar's `latex` filter (al-folio's configs list it) printed `$\\gamma$-Rays`
    as "γ-Rays": academicpages' MathJax reads no `$`, so the dollars written along
    showed raw ("$\\gamma$-Rays")."""
    talks = TALKS.replace("Counting Dune Beetles", r"Counting $\gamma$-Rays on Dunes")
    src = write(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG,
                                   "_pages/publications.md": PUBLICATIONS,
                                   "_bibliography/papers.bib": PAPERS,
                                   "_bibliography/talks.bib": talks})
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    titles = [re.search(r"(?m)^title: (.*)$", p.read_text()).group(1)
              for p in (dest / "_talks").glob("*.md")]
    assert any("Counting γ-Rays on Dunes" in t for t in titles), titles
    assert not any("$" in t for t in titles), titles


def test_a_talk_keeps_the_author_line_the_bib_layout_showed(tmp_path):
    """al-folio's bib layout shows each talk's authors under its title; academicpages talks
    have no authors, so the names went. A talk with a co-speaker (or an author field that
    names the place) keeps the line, opening its description; the owner alone needs none."""
    talks = ("---\n---\n@misc{duo24,\n  title = {Two Voices on Dunes},\n"
             "  author = {Vantongeren, Ilse and Okafor, Bram},\n  year = {2024},\n"
             "  abstract = {Dunes, heard twice.},\n}\n\n@misc{solo23,\n"
             "  title = {One Voice on Marshes},\n  author = {Vantongeren, Ilse},\n"
             "  year = {2023},\n}\n\n@misc{where22,\n  title = {Poster on Tides},\n"
             "  author = {Tidewater (Nowhere)},\n  year = {2022},\n}\n")
    src = write(tmp_path / "src", {"_config.yml": ALFOLIO_CONFIG,
                                   "_pages/publications.md": PUBLICATIONS,
                                   "_bibliography/papers.bib": PAPERS,
                                   "_bibliography/talks.bib": talks})
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(src, dest, "academicpages")
    body = {p.name: p.read_text().split("\n---\n", 1)[1] for p in (dest / "_talks").glob("*.md")}
    duo = next(t for n, t in body.items() if n.startswith("two-voices"))
    assert duo.lstrip().startswith("Ilse Vantongeren and Bram Okafor\n\nDunes, heard twice.")
    assert "Vantongeren" not in next(t for n, t in body.items() if n.startswith("one-voice"))
    assert "Tidewater (Nowhere)" in next(t for n, t in body.items() if n.startswith("poster"))
