"""Whole-site conversions of the bundled fixtures: golden files plus content assertions."""

from __future__ import annotations

import shutil
from pathlib import Path

from ruamel.yaml import YAML

import sitemigrate
from sitemigrate.formats import bibtex as bib

from conftest import FIXTURES, snapshot

yaml = YAML(typ="safe")


def front(path: Path) -> dict:
    text = path.read_text()
    assert text.startswith("---\n")
    return yaml.load(text.split("---\n")[1]) or {}


def convert(src: Path, dest: Path, to: str) -> sitemigrate.Plan:
    plan = sitemigrate.convert(src, dest, to=to)
    plan.apply()
    return plan


def test_alfolio_to_academicpages_golden(alfolio_site, tmp_path, data_regression):
    convert(alfolio_site, tmp_path, "academicpages")
    data_regression.check(snapshot(tmp_path))


def test_alfolio_to_academicpages_content(alfolio_site, tmp_path):
    plan = convert(alfolio_site, tmp_path, "academicpages")
    config = yaml.load((tmp_path / "_config.yml").read_text())
    assert config["name"] == config["title"] == "Ada Q. Okonkwo"
    author = config["author"]
    assert author["avatar"] == "prof_pic.jpg" and (tmp_path / "images/prof_pic.jpg").is_file()
    assert author["googlescholar"] == "https://scholar.google.com/citations?user=AbCdEf012345"
    assert author["github"] == "ada-okonkwo" and author["email"] == "ada@example.org"
    assert "Example University" in author["bio"]  # from the about page subtitle
    about = (tmp_path / "_pages/about.md").read_text()
    fm = front(tmp_path / "_pages/about.md")
    assert fm["permalink"] == "/" and fm["author_profile"] is True
    assert "#   <p>an older address block, left commented out</p>" in about  # YAML comment kept
    assert "<!-- A note to self: update this page every term. {{ site.title }} -->" in about
    # news: newest first, limit 2 honoured
    news = about.split("## News\n\n")[1].split("\n\n")[0].splitlines()
    assert news == ["- 2025-03-02: Our paper on carbon-aware scheduling was accepted at "
                    "**EuroSys 2025**. :sparkles:",
                    "- 2024-09-01: [Joining Example University]"
                    "({{ '/news/announcement_2/' | relative_url }})"]
    kept = front(tmp_path / "_pages/news/announcement_2.md")
    assert kept["permalink"] == "/news/announcement_2/" and kept["title"] == "Joining Example University"
    assert "## Selected publications" in about and "Carbon-Aware Scheduling" in about
    pubs = sorted((tmp_path / "_publications").iterdir())
    assert [p.name for p in pubs] == ["2022-01-01-notes-on-schrodingers-scheduler.md",
                                      "2023-01-01-energy-proportional-storage.md",
                                      "2025-04-01-carbon-aware-scheduling-for-gpu-clusters.md"]
    carbon = front(pubs[2])
    assert carbon["category"] == "conferences"
    assert carbon["paperurl"] == "/files/carbon.pdf" and (tmp_path / "files/carbon.pdf").is_file()
    assert carbon["bibtexurl"] == "/files/okonkwo2025carbon.bib"
    assert "Müller" in carbon["citation"] and "{" not in carbon["citation"]
    parsed = bib.parse_bib((tmp_path / "files/okonkwo2025carbon.bib").read_text())
    assert [e.key for e in parsed.entries] == ["okonkwo2025carbon"]
    counts = plan.report.counts()
    assert counts["lost"] >= 1 and counts["mapped"] > 10


def test_academicpages_to_alfolio_golden(academicpages_site, tmp_path, data_regression):
    convert(academicpages_site, tmp_path, "al-folio")
    data_regression.check(snapshot(tmp_path))


def test_academicpages_to_alfolio_content(academicpages_site, tmp_path):
    plan = convert(academicpages_site, tmp_path, "al-folio")
    config = yaml.load((tmp_path / "_config.yml").read_text())
    assert (config["first_name"], config["last_name"]) == ("Tomás", "Lindqvist")
    assert config["title"] == "blank"
    socials = yaml.load((tmp_path / "_data/socials.yml").read_text())
    assert socials["scholar_userid"] == "XyZ0123abcdE"
    assert socials["orcid_id"] == "0000-0001-5109-3700"
    assert socials["github_username"] == "tlindqvist" and socials["email"] == "tomas@example.org"
    fm = front(tmp_path / "_pages/about.md")
    assert fm["layout"] == "about" and fm["permalink"] == "/"
    assert fm["profile"]["image"] == "profile.png" and (tmp_path / "assets/img/profile.png").is_file()
    assert fm["announcements"]["enabled"] is True
    about = (tmp_path / "_pages/about.md").read_text()
    assert "## News" not in about and "[5/2025]" not in about
    assert "## Research" in about  # the next section survives
    # relative link resolved against the page and pointed at the copied file
    assert "[here](/assets/pdf/cv.pdf)" in about and (tmp_path / "assets/pdf/cv.pdf").is_file()
    news = {p.name: p.read_text() for p in (tmp_path / "_news").iterdir()}
    assert sorted(news) == ["2024-03-01-gave-a-seminar-on-robot-assisted.md",
                            "2024-06-01-started-a-field-season-in-northern.md",
                            "2024-11-20-received-the-young-ecologist-award.md",
                            "2025-05-01-our-robot-survey-paper-was-accepted.md"]
    assert "Our robot survey paper was accepted at **ICRA 2025**." in news[
        "2025-05-01-our-robot-survey-paper-was-accepted.md"]
    # redirect_from survives as al-folio redirect pages
    for old in ("/about/", "/about.html"):
        hits = [p for p in (tmp_path / "_pages/redirects").iterdir()
                if front(p)["permalink"] == old]
        assert len(hits) == 1 and front(hits[0])["redirect"] == "/"
    parsed = bib.parse_bib((tmp_path / "_bibliography/papers.bib").read_text())
    assert not parsed.problems and len(parsed.entries) == 2
    # the menu order of _data/navigation.yml becomes nav/nav_order on the pages
    assert front(tmp_path / "_pages/publications.html")["nav_order"] == 1
    assert front(tmp_path / "_pages/cv.md")["nav_order"] == 6
    assert any(f.code == "menu-entry" and "/talks/" in f.message for f in plan.report.findings)
    assert plan.report.counts()["problem"] == 0


def test_bib_keys_stay_unique_when_two_bibtex_files_share_one(academicpages_site, tmp_path):
    """Two publications whose `bibtexurl` files use the same key: al-folio's bib gets two
    keys (the second suffixed and reported), so jekyll-scholar shows both."""
    import shutil
    src = tmp_path / "src"
    shutil.copytree(academicpages_site, src)
    pubs = sorted((src / "_publications").glob("*.md"))
    assert len(pubs) >= 2
    for n, pub in enumerate(pubs[:2]):
        (src / f"files/p{n}.bib").write_text(
            f"@article{{shared2020,\n  title = {{Paper {n}}},\n  author = {{Doe, Jo}},\n"
            "  year = {2020}\n}\n")
        pub.write_text(pub.read_text().replace("---\n", f"---\nbibtexurl: /files/p{n}.bib\n", 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    keys = [e.key for e in bib.parse_bib((tmp_path / "out/_bibliography/papers.bib")
                                         .read_text()).entries]
    assert sorted(keys) == ["shared2020", "shared2020-2"]
    assert any(f.code == "duplicate-key" for f in plan.report.findings)


def _own_liquid_findings(plan):
    return [f for f in plan.report.findings if f.code == "listing-own-liquid"]


def test_a_listing_with_its_own_liquid_is_reported_and_kept_in_a_comment(tmp_path):
    """A stock listing is swapped for the target's; one with a filter of its own (the
    2017 CV skips tutorials) is swapped too, but its Liquid is named, with its line, and
    the old loop is kept after the new listing inside {% comment %} (it renders nothing)."""
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    plan = sitemigrate.convert(fixtures / "academicpages-2017", tmp_path / "a", to="al-folio")
    [found] = _own_liquid_findings(plan)
    assert (found.path, found.line, found.outcome) == ("_pages/cv.md", 53, "verbatim")
    assert '`{% unless post.talk_type == "Tutorial" %}`' in found.message
    assert "endunless" not in found.message  # the end tag is not named apart
    cv = plan.files["_pages/cv.md"].decode()
    kept = cv[cv.index("{% comment %}"):cv.index("{% endcomment %}")]
    assert '{% unless post.talk_type == "Tutorial" %}' in kept and "site.talks" in kept
    for fixture, to in (("academicpages-site", "al-folio"), ("al-folio-site", "academicpages"),
                        ("al-folio-2020-23", "academicpages")):
        plan = sitemigrate.convert(fixtures / fixture, tmp_path / fixture, to=to)
        assert not _own_liquid_findings(plan), fixture  # stock listings: nothing to say


def test_a_bibliography_of_another_file_is_reported(alfolio_site, tmp_path):
    """al-folio's `{% bibliography -f reviews %}` lists another .bib file: academicpages'
    listing shows every publication, so the page's own selection is named."""
    import shutil
    src = tmp_path / "src"
    shutil.copytree(alfolio_site, src)
    page = src / "_pages/publications.md"
    page.write_text(page.read_text("utf-8").replace(
        "{% bibliography %}", "{% bibliography -f reviews %}\n\n{% bibliography -f talks %}"),
        "utf-8")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    found = _own_liquid_findings(plan)
    assert [(f.path, f.line) for f in found] == [("_pages/publications.md", 11),
                                                 ("_pages/publications.md", 13)]  # file order
    assert "`{% bibliography -f reviews %}`" in found[0].message
    assert "`{% bibliography -f talks %}`" in found[1].message


def test_academicpages_publications_keep_name_address_and_date_through_al_folio(tmp_path):
    """academicpages -> al-folio -> academicpages: a publication comes back under its own
    file name and address, dated to the day, with one page (al-folio's entry keeps the day in
    a biblatex `date` and the file stem as its key; the page al-folio keeps its text on is
    read as the publication's own). Before, it came back under a new name beside a copy of
    that page at the old address: two files, one URL."""
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"

    def publications(root):
        out = {}
        for path in sorted((root / "_publications").glob("*.md")):
            front = YAML(typ="safe").load(path.read_text("utf-8").split("---")[1])
            out[path.name] = (front["permalink"], str(front["date"]))
        return out

    for fixture in ("academicpages-site", "academicpages-2017"):
        src = fixtures / fixture
        sitemigrate.convert(src, tmp_path / fixture / "af", to="al-folio").apply()
        sitemigrate.convert(tmp_path / fixture / "af", tmp_path / fixture / "ap",
                            to="academicpages").apply()
        before, after = publications(src), publications(tmp_path / fixture / "ap")
        same = {name: v for name, v in before.items() if name in after and after[name] == v}
        assert same == before, fixture
        assert not (tmp_path / fixture / "ap/_pages/publications").exists()  # one page each
    bib = (tmp_path / "academicpages-site/af/_bibliography/papers.bib").read_text("utf-8")
    assert "@article{2021-03-10-corridors," in bib and "date = {2021-03-10}" in bib


def test_al_folio_to_al_folio_carries_the_files_an_entry_names(alfolio_site, tmp_path):
    """An entry written as it was read (al-folio to al-folio, a generation change) still
    has its `pdf = {carbon.pdf}` copied into `assets/pdf/`; it was left behind."""
    assert "pdf = {carbon.pdf}" in (alfolio_site / "_bibliography/papers.bib").read_text("utf-8")
    plan = sitemigrate.convert(alfolio_site, tmp_path / "out", to="al-folio")
    assert "assets/pdf/carbon.pdf" in plan.copies or "assets/pdf/carbon.pdf" in plan.files


def test_academicpages_to_academicpages_keeps_publication_names(academicpages_site, tmp_path):
    """A generation change within academicpages names each publication as it was (the file
    stem is the key); the date was doubled (`2021-03-10-2021-03-10-corridors.md`)."""
    plan = sitemigrate.convert(academicpages_site, tmp_path / "out", to="academicpages")
    names = sorted(p for p in plan.files if p.startswith("_publications/"))
    assert names == sorted(f"_publications/{p.name}"
                           for p in (academicpages_site / "_publications").glob("*.md"))


def test_a_page_at_al_folios_about_path_is_not_overwritten_by_the_about_page(tmp_path):
    """academicpages -> al-folio: the home page is `index.md` (a language chooser at `/`)
    and `_pages/about.md` is the English page at `/en/`. al-folio's about page goes to
    `_pages/about.md`; the other page moves aside, keeping its address. Before, the chooser
    overwrote it: the English page's text was lost."""
    import shutil
    src = tmp_path / "src"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures/academicpages-site", src)
    about = src / "_pages/about.md"
    about.write_text(about.read_text("utf-8").replace("permalink: /\n", "permalink: /en/\n")
                     .replace("redirect_from: \n  - /about/\n  - /about.html\n", ""), "utf-8")
    (src / "index.md").write_text("---\npermalink: /\nlayout: null\n---\n<p><a href=\"/en/\">"
                                  "English</a> | <a href=\"/fr/\">Français</a></p>\n", "utf-8")
    plan = convert(src, tmp_path / "out", "al-folio")
    pages = tmp_path / "out/_pages"
    assert plan.origins["index.md"] == "_pages/about.md"
    moved = plan.origins["_pages/about.md"]
    assert moved != "_pages/about.md"
    assert front(tmp_path / "out" / moved)["permalink"] == "/en/"
    assert "animals move through fragmented" in (tmp_path / "out" / moved).read_text("utf-8")
    assert "Français" in (pages / "about.md").read_text("utf-8")


def test_a_config_key_written_twice_is_read_as_jekyll_reads_it(tmp_path):
    """Jekyll's YAML reader takes a top-level key's last value; a `_config.yml` with a key
    twice (a `scholar:` block pasted above the template's own) is the site's config, not
    "invalid YAML" with every setting lost (the owner's name went, the new site had none)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    text = config.read_text()
    assert text.count("\nscholar:") == 1
    config.write_text("scholar:\n  style: ieee\n  sort_by: year\n\n" + text)
    line = config.read_text().splitlines().index("scholar:", 1) + 1
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    assert not [f for f in plan.report.findings if f.code == "bad-yaml"]
    (twice,) = [f for f in plan.report.findings if f.code == "duplicate-key"]
    assert (twice.path, twice.line) == ("_config.yml", line)
    assert "`scholar` twice" in twice.message
    site, same = sitemigrate.read_site(src), sitemigrate.read_site(FIXTURES / "al-folio-site")
    assert site.identity.last_name and site.identity.last_name == same.identity.last_name
    assert site.config_extra["scholar"] == same.config_extra["scholar"]  # the last one


def test_a_nested_config_key_written_twice_takes_its_last_value(tmp_path):
    """Jekyll's YAML reader takes the last value of a key written twice inside a mapping too
    (`author:` with `name` twice, an owner's line pasted above the template's): the config
    is read, the owner is the last `name`, and the earlier line is named in a warning (was:
    the whole `_config.yml` refused as invalid YAML, the owner's name and settings lost)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    text = config.read_text()
    assert text.count('  name: "Tomás Lindqvist"\n') == 1
    config.write_text(text.replace('  name: "Tomás Lindqvist"\n',
                                   '  name: "Tomás Lindqvist"\n  name: Ilse Brandvik\n'))
    line = config.read_text().splitlines().index("  name: Ilse Brandvik") + 1
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    assert not [f for f in plan.report.findings if f.code == "bad-yaml"]
    twice = [f for f in plan.report.findings if f.code == "duplicate-key"]
    assert [(f.path, f.line) for f in twice] == [("_config.yml", line)]
    assert "`author.name` twice" in twice[0].message
    site = sitemigrate.read_site(src)
    assert site.identity.display_name() == "Ilse Brandvik"
