"""A profile link under a key of the owner's own in academicpages' `author:` block (one no
theme's column names): read as the profile its address is of, and the owner's Liquid that
reads it (`site.author.KEY`) reads the target's key of that profile."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import sitemigrate
from sitemigrate.plan import Plan

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PAGE = ("---\nlayout: archive\ntitle: Publications\npermalink: /publications/\n---\n"
        "{% if site.author.dblp %}<p>My papers are also on <a href=\"{{ site.author.dblp }}\">"
        "DBLP</a>.</p>{% endif %}\n{% if site.author.office %}{{ site.author.office }}"
        "{% endif %}\n")


def _convert(tmp_path: Path, author: str, page: str, text: str) -> Plan:
    """The academicpages fixture with ``author`` lines added to its `author` block and the
    page ``page`` of ``text``, converted to al-folio (applied)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace("author:\n", "author:\n" + author, 1))
    (src / page).write_text(text)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    return plan


def test_an_owner_key_holding_a_profile_address_is_that_profile(tmp_path):
    plan = _convert(tmp_path, "  dblp: https://dblp.org/pid/00/0001.html\n"
                    "  preprints: https://papers.example.org/@ada-example\n"
                    "  office: Room 12, the boathouse\n", "_pages/publications.md", PAGE)
    socials = (tmp_path / "out/_data/socials.yml").read_text()
    assert "dblp_url: https://dblp.org/pid/00/0001.html" in socials
    # a key that names no service is not read by its address alone (`/@name` of any host
    # is the shape of a Mastodon profile too)
    assert "papers.example.org" not in socials
    page = next((tmp_path / "out/_pages").glob("publications.*")).read_text()
    assert '{% if site.data.socials.dblp_url %}' in page
    assert '<a href="{{ site.data.socials.dblp_url }}">' in page
    # a value that is no profile address stays the owner's: kept where the page reads it
    assert "{{ site.author.office }}" in page
    config = (tmp_path / "out/_config.yml").read_text()
    assert "author:\n  name: " in config and "  office: Room 12, the boathouse\n" in config
    assert not [f for f in plan.report.findings if f.code == "site-variable"
                and f.outcome == "lost"]


def test_an_owner_setting_a_page_reads_is_kept_where_the_page_finds_it(tmp_path):
    """A CV page looping over `site.author.research_interests` (academicpages' `author`
    block, which al-folio has no setting for) shows the list in al-folio too: the value is
    kept under `author` in `_config.yml`, with the owner's name (jekyll-feed's feed author
    is `site.author.name`); a key no page reads is still reported as not carried."""
    plan = _convert(
        tmp_path, "  research_interests:\n    - Tidal flats\n    - Salt marshes\n"
        "  hobby: rowing\n", "_pages/cv.md",
        "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n<h2>Interests</h2>\n"
        "{% for i in site.author.research_interests %}<span>{{ i }}</span>{% endfor %}\n")
    out = (tmp_path / "out/_config.yml").read_text()
    assert "research_interests:\n    - Tidal flats\n    - Salt marshes\n" in out
    assert "hobby" not in out
    page = next((tmp_path / "out/_pages").glob("cv.*")).read_text()
    assert "{% for i in site.author.research_interests %}" in page
    said = {f.message.split("`")[1]: f.outcome for f in plan.report.findings
            if f.code in ("config-key", "site-variable") and "author." in f.message
            and "googlescholar" not in f.message}  # (the fixture's own Scholar link)
    assert said == {"author.research_interests": "verbatim", "author.hobby": "lost"}


def test_a_dblp_address_by_name_is_that_profile_too(tmp_path):
    """dblp's older person pages are addressed by name (`/pers/hd/v/Varga:Ines`), not by
    id: still the owner's DBLP profile, linked as written (was: reported as having no
    al-folio setting, and gone from the new site's socials)."""
    from sitemigrate import socials
    url = "http://dblp.uni-trier.de/pers/hd/v/Varga:Ines"
    assert socials.read_owner_social("academicpages", "dblp", url) == socials.Social(
        "dblp", "v/Varga:Ines", url)
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace("author:\n", f"author:\n  dblp: {url}\n", 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    assert f"dblp_url: {url}" in (tmp_path / "out/_data/socials.yml").read_text()
    assert not [f for f in plan.report.findings if "author.dblp" in f.message]


def test_a_title_before_the_owners_name_is_no_first_name(tmp_path):
    """`author.name: "Prof. Ines Varga"`: `Prof.` is a title. al-folio's first name (which
    its bibliography also matches to set the owner's name in bold) is `Ines`, not `Prof.`;
    the report says so. A name is never all title, and an initial is no title."""
    from sitemigrate.formats.content import split_name
    assert split_name("Prof. Dr. Ines K. Varga") == ("Ines", "K.", "Varga")
    assert split_name("Dr. Varga") == ("", "", "Varga")
    assert split_name("M. Varga") == ("M.", "", "Varga")
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    text = config.read_text()
    name = next(line for line in text.splitlines() if line.strip().startswith("name")
                and line.startswith("  "))
    config.write_text(text.replace(name, '  name: "Prof. Ines Varga"', 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    import yaml
    out = yaml.safe_load((tmp_path / "out/_config.yml").read_text())
    assert (out["first_name"], out["last_name"]) == ("Ines", "Varga")
    assert any("`Prof.` in the name" in f.message for f in plan.report.findings)
    # al-folio shows the name from its parts: the title is not shown there, a loss said
    assert any(f.outcome == "lost" and "`Prof.` in the name" in f.message
               for f in plan.report.findings)


def test_a_sidebar_link_to_no_known_service_says_where_it_can_go(tmp_path):
    """`author.CV-HAL: https://…` (a key of the owner's own, a link to no service the
    social table knows): al-folio has no key for it, and the report says where it can go (a
    custom entry of `_data/socials.yml`), not that al-folio has no sidebar; a value that is
    no link is still just not carried."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "author:\n", "author:\n  CV-HAL: https://cv.example.org/ines-varga\n"
                     "  office: Room 12\n", 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    said = {f.message.split("`")[1]: f.message for f in plan.report.findings
            if f.code == "config-key" and f.message.startswith("`author.")}
    assert "custom entry in `_data/socials.yml`" in said["author.CV-HAL"]
    assert "https://cv.example.org/ines-varga" in said["author.CV-HAL"]
    assert "not carried: Room 12" in said["author.office"]


SIDEBAR = ("{% assign author = page.author | default: site.author %}\n"
           "<h3>{{ author.name }}</h3>\n"
           "{% if author.googlescholar %}<a href=\"{{ author.googlescholar }}\">Scholar</a>"
           "{% endif %}\n{% comment %}{{ author.dblp }}{% endcomment %}\n")


def _with_sidebar(tmp_path: Path, page: str = "") -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "author:\n", "author:\n  dblp: https://dblp.org/pid/00/0001.html\n", 1))
    (src / "_includes").mkdir()
    (src / "_includes/author-profile.html").write_text(SIDEBAR)
    if page:
        (src / "_pages/publications.md").write_text(page)
    return src


def test_a_profile_no_sidebar_of_the_old_site_showed_is_no_loss(tmp_path):
    """The old sidebar (the site's own `_includes/author-profile.html`) shows the name and
    Google Scholar only: `author.dblp` (and the fixture's ORCID, GitHub...) were on no page
    of the old site. Upgraded onto academicpages, which has no DBLP key, nothing a visitor
    saw is lost: the key stays as written and the report says so (was: "could not be
    carried"); a profile the new sidebar shows that the old one did not is said too."""
    plan = sitemigrate.convert(_with_sidebar(tmp_path), tmp_path / "out", to="academicpages")
    plan.apply()
    import yaml
    author = yaml.safe_load((tmp_path / "out/_config.yml").read_text())["author"]
    assert author["dblp"] == "https://dblp.org/pid/00/0001.html"
    social = {f.message.split("`")[1]: f for f in plan.report.findings if f.code == "social"}
    assert social["dblp"].outcome == "mapped"
    assert "`author.dblp` was on no page or sidebar of the old site" in social["dblp"].message
    assert "kept as `author.dblp`" in social["dblp"].message
    assert "becomes a profile link of the new template" in social["orcid"].message
    assert "becomes a profile link" not in social["google_scholar"].message
    # into al-folio, which has a DBLP setting: carried, and said to be newly shown
    plan = sitemigrate.convert(_with_sidebar(tmp_path / "b"), tmp_path / "b/out", to="al-folio")
    said = next(f.message for f in plan.report.findings if f.message.startswith(
        "social profile `dblp`"))
    assert "→ `dblp_url` (`author.dblp` was on no page or sidebar" in said


def test_a_profile_a_page_of_the_old_site_showed_is_still_a_loss(tmp_path):
    """A page of the owner's reads `site.author.dblp`: the old site showed the profile, and
    a target with no key for it loses it (as before); without any include or layout that
    reads `site.author` (the sidebar is not in SRC), what it showed is not known."""
    from sitemigrate.jekyll.sitevars import shown_keys
    src = _with_sidebar(tmp_path, PAGE)
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    lost = [f for f in plan.report.findings if f.code == "social" and f.outcome == "lost"]
    assert [f.message.split("`")[1] for f in lost] == ["dblp"]
    assert shown_keys(src, "author", ["dblp", "orcid"], []) == set()
    assert shown_keys(src, "author", ["dblp", "orcid"], [PAGE]) == {"dblp"}
    (src / "_includes/author-profile.html").write_text("<h3>{{ page.title }}</h3>\n")
    assert shown_keys(src, "author", ["dblp"], []) is None
    (src / "_includes/author-profile.html").write_text(
        "{% for link in site.author %}{{ link[1] }}{% endfor %}\n")
    assert shown_keys(src, "author", ["dblp", "orcid"], []) == {"dblp", "orcid"}


def test_the_templates_example_email_and_scholar_id_are_no_ones(tmp_path):
    """An al-folio config that still holds its template's example person's profiles
    (`email: you@example.com`, the example Scholar id) does not give them to the owner:
    academicpages shows every `author:` profile in the sidebar, so the owner's site would
    link to them. Each is reported as the template's; an address of the owner's is kept."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "lang: en\n", "lang: en\nemail: you@example.com\nscholar_userid: qc6CJjYAAAAJ\n"
        "github_username: ada-okonkwo\n", 1))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    out = (tmp_path / "out/_config.yml").read_text()
    assert "you@example.com" not in out and "qc6CJjYAAAAJ" not in out
    assert "ada-okonkwo" in out
    said = [f.message for f in plan.report.findings if f.code == "template-wording"]
    assert sum("`email`" in m for m in said) == 1 and any("`scholar_userid`" in m for m in said)


def test_a_template_example_profile_a_page_tests_still_shows_what_it_showed(tmp_path):
    """The template's example Scholar address left in `author:` is not the owner's profile,
    so al-folio's social links do not get it; but where a page of the owner's tests it
    (`{% if site.author.googlescholar %}` around a paragraph of their own), the old site
    showed that paragraph: the value is kept under `author` in `_config.yml` and the page
    still reads `site.author.googlescholar`, so the paragraph stays."""
    example = '"https://scholar.google.com/citations?user=PS_CX0AAAAAJ"'
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(re.sub(r"(?m)^  googlescholar: .*$", f"  googlescholar: {example}",
                             config.read_text()))
    (src / "_pages/publications.md").write_text(
        "---\nlayout: archive\ntitle: Publications\npermalink: /publications/\n---\n"
        "{% if site.author.googlescholar %}<p>My older papers are in the harbour archive."
        "</p>{% endif %}\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    assert "PS_CX0AAAAAJ" not in (tmp_path / "out/_data/socials.yml").read_text()
    out = (tmp_path / "out/_config.yml").read_text()
    assert f"author:\n  name: Tomás Lindqvist\n  googlescholar: {example}\n" in out
    page = next((tmp_path / "out/_pages").glob("publications.*")).read_text()
    assert "{% if site.author.googlescholar %}" in page
    assert any(f.code == "config-key" and f.outcome == "verbatim" and "example" in f.message
               for f in plan.report.findings)
