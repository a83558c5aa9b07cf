"""Every page al-folio's about layout shows keeps, in academicpages, the sections that layout
showed under its text (news, selected papers, latest posts, the contact note), with the
headings in the page's own language: not only the home page. Which pages are on the about
layout is decided as Jekyll decides it: the page's `layout`, or the one `_config.yml`'s
`defaults` give it, through the owner's `_layouts` chain.

The sites are invented (fixtures/al-folio-site plus pages written here)."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES

import sitemigrate

POLYGLOT = '\nlanguages: ["en", "fr"]\ndefault_lang: "en"\nlang_from_path: true\n'

FRENCH_HOME = ("---\nlayout: about\ntitle: accueil\npermalink: /\n"
               "news: true\nselected_papers: true\nsocial: true\n"
               "latest_posts:\n  enabled: true\n  limit: 1\n---\n\n"
               "Ada Okonkwo étudie les systèmes répartis sobres.\n")


def _site(tmp_path: Path, files: dict[str, str], config: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_config.yml").write_text((src / "_config.yml").read_text() + config)
    for rel, text in files.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    return src


def _page_at(out: Path, address: str) -> Path:
    found = [p for p in out.rglob("*.md")
             if (yaml.safe_load(p.read_text().split("---")[1]) or {}).get("permalink") == address]
    assert len(found) == 1, found
    return found[0]


def test_a_translated_home_page_keeps_its_sections(tmp_path, file_regression):
    """`_pages/fr/about.md` (jekyll-polyglot, `permalink: /`) is the French home page at
    `/fr/`: its news (an item's French version where it has one), selected papers, latest
    posts and contact note are written there as on the home page, under French headings;
    the home page keeps its own."""
    news = ("---\nlayout: post\ndate: 2025-03-02 10:00:00-0400\ninline: true\n---\n\n"
            "Notre article sur l'ordonnancement sobre est accepté.\n")
    src = _site(tmp_path, {"_pages/fr/about.md": FRENCH_HOME,
                           "_news/fr/announcement_1.md": news}, POLYGLOT)
    out = tmp_path / "out"
    plan = sitemigrate.convert(src, out, to="academicpages")
    plan.apply()
    french = _page_at(out, "/fr/").read_text()
    assert "répartis sobres" in french
    assert "## Actualités" in french and "Publications choisies" in french
    assert "Office hours are on Tuesdays." in french
    # the French version of a news item is what the French build listed there
    assert "ordonnancement sobre" in french and "carbon-aware scheduling was" not in french
    home = _page_at(out, "/").read_text()
    assert "## News" in home and "répartis" not in home
    file_regression.check(french, extension=".md")


def test_a_page_laid_into_the_about_layout_through_the_owners_layout(tmp_path):
    """A page whose layout is the owner's `profile`, which is laid into `about` (its front
    matter says `layout: about`), is on the about layout: its news and selected papers are
    written on it, at its own address. So is a page that `_config.yml`'s `defaults` give
    the about layout."""
    files = {"_layouts/profile.liquid": "---\nlayout: about\n---\n{{ content }}\n",
             "_pages/lab.md": "---\nlayout: profile\ntitle: lab\npermalink: /lab/\n"
                              "news: true\nselected_papers: true\n---\n\nThe Okonkwo lab.\n",
             "_pages/team/index.md": "---\ntitle: team\npermalink: /team/\nnews: true\n---\n\n"
                                     "The Okonkwo team.\n"}
    defaults = ("\ndefaults:\n  - scope:\n      path: _pages/team\n    values:\n"
                "      layout: about\n")
    src = _site(tmp_path, files, defaults)
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    lab = _page_at(out, "/lab/").read_text()
    assert "## News" in lab and "## Selected publications" in lab
    team = _page_at(out, "/team/").read_text()
    assert "## News" in team
    assert "Okonkwo lab" not in _page_at(out, "/").read_text()


def test_a_second_page_on_the_owners_about_layout_keeps_its_data_lists(tmp_path):
    """The owner's about layout lists a data file's items outside any switch: a second page
    on that layout (`/group/`, a profile page of its own) showed them too, and keeps them,
    as the home page does."""
    layout = ("---\nlayout: default\n---\n<article>{{ content }}\n<h2>Boats</h2>\n"
              "{% for b in site.data.boats %}<p>{{ b.name }}</p>{% endfor %}\n</article>\n")
    files = {"_layouts/about.liquid": layout,
             "_data/boats.yml": "- {name: Kelp Runner}\n- {name: Tide Hopper}\n",
             "_pages/group.md": "---\nlayout: about\ntitle: group\npermalink: /group/\n---\n\n"
                                "The Okonkwo group.\n"}
    src = _site(tmp_path, files, "")
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    for address in ("/", "/group/"):
        text = _page_at(out, address).read_text()
        assert "## Boats" in text and "- Kelp Runner\n- Tide Hopper" in text, address


def test_a_page_in_a_cn_folder_gets_chinese_headings(tmp_path):
    """A language named by its country's code (`cn`, a code no language has: many Chinese
    sites name their folder so) is Chinese: the headings added to that home page are the
    table's Chinese ones, not the site's English."""
    chinese = FRENCH_HOME.replace("title: accueil", "title: 主页").replace(
        "Ada Okonkwo étudie les systèmes répartis sobres.", "研究低功耗的分布式系统。")
    src = _site(tmp_path, {"_pages/cn/about.md": chinese},
                POLYGLOT.replace('"fr"', '"cn"'))
    out = tmp_path / "out"
    sitemigrate.convert(src, out, to="academicpages").apply()
    page = _page_at(out, "/cn/").read_text()
    assert "## 新闻" in page and "## News" not in page
    assert "## News" in _page_at(out, "/").read_text()


def test_a_data_block_of_the_owners_about_layout_shown_through_includes_stays(tmp_path):
    """The owner's about layout shows a data file of theirs below the page's text, in a
    switch on that data and through includes (`{% if site.data.jobs %}` … `{% include
    jobs/line.liquid %}`): academicpages' layout shows no such thing, so the block is
    written into the home page below its text, as Liquid (the includes and the data file go
    along), and the jobs show there as before; the theme's own blocks of the layout (the
    page's switches) are not."""
    from test_jekyll import build
    layout = ("---\nlayout: default\n---\n<article>{{ content }}\n"
              "{% if site.data.jobs and site.data.jobs.size > 0 %}\n  <h3>Jobs</h3>\n"
              "  {% for job in site.data.jobs %}{% include jobs/line.liquid %}{% endfor %}\n"
              "{% endif %}\n{% if page.social %}{% include social.liquid %}{% endif %}\n"
              "</article>\n")
    files = {"_layouts/about.liquid": layout,
             "_includes/jobs/line.liquid": "<p class=\"job\">{{ job.role }}, {{ job.place }}</p>\n",
             "_data/jobs.yml": "- {role: Lab manager, place: Tidewater Station}\n"
                               "- {role: Deckhand, place: Kelp Runner}\n"}
    src = _site(tmp_path, files, "")
    out = tmp_path / "out"
    from test_checkout import academicpages_checkout
    academicpages_checkout(out)
    plan = sitemigrate.convert(src, out, to="academicpages")
    plan.apply()
    home = (out / "_pages/about.md").read_text()
    assert "{% if site.data.jobs and site.data.jobs.size > 0 %}" in home
    assert "{% include jobs/line.liquid %}" in home and "page.social" not in home
    assert (out / "_includes/jobs/line.liquid").is_file() and (out / "_data/jobs.yml").is_file()
    assert any(f.code == "own-layout-data" for f in plan.report.findings)
    if shutil.which("jekyll"):
        done = build(out, tmp_path / "site")
        assert done.returncode == 0, done.stderr[-800:]
        assert "Lab manager, Tidewater Station" in (tmp_path / "site/index.html").read_text()


def test_the_news_finding_names_the_switch_the_page_used(tmp_path):
    """A home page whose news list is switched on with 2025's `announcements:` block, over a
    site with no `_news` items: the finding names that switch, not the older `news: true`;
    a page of the older switch is named by it."""
    for front, named in (("announcements:\n  enabled: true\n", "`announcements: {enabled: true}`"),
                         ("news: true\n", "`news: true`")):
        case = tmp_path / named.strip("`").split(":")[0]
        src = _site(case, {"_pages/about.md": "---\nlayout: about\ntitle: about\npermalink: /\n"
                           f"{front}---\n\nKofi Mensah-Lind writes about quiet compilers.\n"},
                    "")
        shutil.rmtree(src / "_news")
        plan = sitemigrate.convert(src, case / "out", to="academicpages")
        said = [f for f in plan.report.findings if f.code == "news"]
        assert len(said) == 1 and said[0].outcome == "lost", said
        assert named in said[0].message and said[0].path == "_pages/about.md", said[0].message
        other = "`news: true`" if named != "`news: true`" else "`announcements"
        assert other not in said[0].message
