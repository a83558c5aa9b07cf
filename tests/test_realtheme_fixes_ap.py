"""al-folio → academicpages: what the real-theme lab found dead or not shown in the built
site (tests/test_real_theme.py builds the real templates), each in a miniature site.

The sites are invented (fixtures/al-folio-site plus a few files written here).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate


def _site(tmp_path: Path, files: dict[str, str], baseurl: str = "") -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace('baseurl: ""', f'baseurl: "{baseurl}"'))
    for rel, text in files.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return src


def _convert(src: Path, dest: Path):
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    return plan


def test_a_figure_include_keeps_the_sites_baseurl(tmp_path):
    """`{% include figure.liquid path=... %}` prints the image through `relative_url` in
    al-folio; the `<img>` written for academicpages must too, or a site served from a
    folder links to an image outside it."""
    src = _site(tmp_path, {
        "assets/img/reef/survey.jpg": "jpg",
        "_projects/2_reef.md": "---\nlayout: page\ntitle: reef survey\n---\n\n"
                               '{% include figure.liquid path="assets/img/reef/survey.jpg" '
                               'title="the survey boat" class="img-fluid" %}\n',
    }, baseurl="/lab")
    _convert(src, tmp_path / "out")
    body = (tmp_path / "out/_portfolio/2_reef.md").read_text()
    assert "src=\"{{ '/images/reef/survey.jpg' | relative_url }}\"" in body, body
    assert (tmp_path / "out/images/reef/survey.jpg").is_file()


def test_a_figures_caption_shows_under_its_picture(tmp_path):
    """al-folio's `figure` include prints its `caption` under the picture (in a
    `<figcaption>`): the figure written for academicpages shows it too (was: the picture
    alone, the caption's words gone); a figure without a caption stays a bare `<img>`."""
    src = _site(tmp_path, {
        "assets/img/reef/survey.jpg": "jpg",
        "_projects/2_reef.md": "---\nlayout: page\ntitle: reef survey\n---\n\n"
                               '{% include figure.liquid path="assets/img/reef/survey.jpg" '
                               'alt="the boat" caption="The survey boat at <em>dawn</em>." %}\n'
                               '\n{% include figure.liquid path="assets/img/reef/survey.jpg" %}\n',
    })
    _convert(src, tmp_path / "out")
    body = (tmp_path / "out/_portfolio/2_reef.md").read_text()
    assert ("<figure><img src=\"{{ '/images/reef/survey.jpg' | relative_url }}\" alt=\"the "
            "boat\"><figcaption>The survey boat at <em>dawn</em>.</figcaption></figure>") in body
    assert body.count("<figure>") == 1 and body.count("<img ") == 2


def test_a_people_page_shows_its_profiles(tmp_path):
    """al-folio's `profiles` layout shows each profile's picture, the text of its `content:`
    file (a file of `_pages/` without front matter, so no page of its own, even when
    `exclude:` lists it) and `more_info`; academicpages has no such layout, so the page's
    text must hold them (it was empty, and `profiles` was read as a slip for `profile`)."""
    src = _site(tmp_path, {
        "_pages/people.md": "---\nlayout: profiles\npermalink: /people/\ntitle: people\n"
                            "profiles:\n  - align: right\n    image: mira.jpg\n"
                            "    content: mira_bio.md\n    more_info: >\n"
                            "      <p>Room 12, Harbour Building</p>\n---\n",
        "_pages/mira_bio.md": "Mira Tallis studies how kelp forests recover after storms "
                              "along the northern coast.\n",
        "assets/img/mira.jpg": "jpg",
    })
    plan = _convert(src, tmp_path / "out")
    body = (tmp_path / "out/_pages/people.md").read_text()
    assert "kelp forests recover after storms" in body
    assert "Room 12, Harbour Building" in body
    assert "{{ '/images/mira.jpg' | relative_url }}" in body
    assert (tmp_path / "out/images/mira.jpg").is_file()
    assert "\nprofile" not in body.split("---")[1]
    assert not (tmp_path / "out/_pages/mira_bio.md").exists()
    assert not [f for f in plan.report.findings if f.code == "key-typo"]


def test_an_excluded_profile_text_the_people_page_shows_is_not_said_to_be_left_out(tmp_path):
    """A profile's `content:` file that `exclude:` lists is no page of the live site, yet
    the people page shows its text (`include_relative` reads it): it goes along as that
    page's text, so the report does not also say it was not converted ("copy it by hand")."""
    src = _site(tmp_path, {
        "_pages/people.md": "---\nlayout: profiles\npermalink: /people/\ntitle: people\n"
                            "profiles:\n  - align: left\n    content: mira_bio.md\n---\n",
        "_pages/mira_bio.md": "Mira Tallis counts kelp after storms.\n",
    })
    config = src / "_config.yml"
    config.write_text(config.read_text() + "exclude:\n  - _pages/mira_bio.md\n")
    plan = _convert(src, tmp_path / "out")
    assert "Mira Tallis counts kelp" in (tmp_path / "out/_pages/people.md").read_text()
    assert not [f for f in plan.report.findings
                if f.code == "unpublished" and f.path == "_pages/mira_bio.md"], \
        [f.message for f in plan.report.findings if "mira_bio" in f.message]


def test_a_people_page_in_a_subfolder_shows_the_profiles_of_its_own_folder(tmp_path):
    """The `profiles` layout includes each `content:` file relative to the page
    (`include_relative`): a people page in `_pages/en/` shows `_pages/en/<content>`, not
    a file of `_pages/` (the text of a site's language subtree was lost)."""
    src = _site(tmp_path, {
        "_pages/en/referees.md": "---\nlayout: profiles\npermalink: /referees/\n"
                                 "title: referees\nprofiles:\n  - content: about_ok.md\n---\n",
        "_pages/en/about_ok.md": "Olav Kvist supervises the tide gauge network and writes "
                                 "letters for former students.\n",
    })
    _convert(src, tmp_path / "out")
    body = next((tmp_path / "out/_pages").rglob("referees.md")).read_text()
    assert "Olav Kvist supervises the tide gauge network" in body
    assert not list((tmp_path / "out/_pages").rglob("about_ok.md"))


def test_project_image_and_post_redirect_keep_the_sites_baseurl(tmp_path):
    """A project's `img` is printed from its excerpt as written (no Liquid runs there), and a
    post's `redirect:` becomes `redirect_to:` (jekyll-redirect-from prints it through
    `absolute_url`): on a site served from a folder both must hold that folder."""
    src = _site(tmp_path, {
        "_posts/2024-06-01-moved.md": "---\nlayout: post\ntitle: moved\n"
                                      "redirect: /assets/pdf/carbon.pdf\n---\n",
    }, baseurl="/lab")
    _convert(src, tmp_path / "out")
    project = (tmp_path / "out/_portfolio/1_project.md").read_text()
    assert "<img src='/lab/images/greensched.png'>" in project, project
    post = next((tmp_path / "out/_posts").glob("*moved*")).read_text()
    assert "\nredirect_to: /files/carbon.pdf\n" in post, post  # the plugin adds the folder


def test_a_rendercv_cv_shows_one_line_entries_and_dois(tmp_path):
    """A RenderCV `_data/cv.yml`: a one-line entry (`label`, `details`) of a section JSON
    Resume knows (awards) and a publication's `doi` are shown on the Markdown CV page (they
    were written as empty bullets / left out)."""
    src = _site(tmp_path, {
        "_data/cv.yml": "cv:\n  name: Ada Okonkwo\n"
                        "  summary: Field engineer who counts buoys for a living\n"
                        "  sections:\n"
                        "    Awards and Honors:\n      - label: '2021'\n"
                        "        details: Harbour Council prize for patient fieldwork\n"
                        "    Publications:\n      - title: Counting drifting buoys by night\n"
                        "        doi: 10.5555/buoys.2020.7\n        date: '2020-05-01'\n",
    })
    _convert(src, tmp_path / "out")
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "* 2021: Harbour Council prize for patient fieldwork" in cv, cv
    assert "[10.5555/buoys.2020.7](https://doi.org/10.5555/buoys.2020.7)" in cv, cv


def test_a_rendercv_summary_is_on_the_cv_page(tmp_path):
    """RenderCV's top-level `summary` (al-folio's CV layout prints it) opens the Markdown CV
    page (it was only in the JSON CV data)."""
    src = _site(tmp_path, {
        "_data/cv.yml": "cv:\n  name: Ada Okonkwo\n"
                        "  summary: Field engineer who counts buoys for a living\n"
                        "  sections:\n    Awards and Honors:\n      - label: '2021'\n"
                        "        details: Harbour Council prize\n",
    })
    _convert(src, tmp_path / "out")
    body = (tmp_path / "out/_pages/cv.md").read_text().split("---", 2)[2]
    assert body.lstrip().startswith("Field engineer who counts buoys for a living"), body


def test_news_links_keep_the_sites_baseurl(tmp_path):
    """A news item with a page of its own is linked from the about page's News section: on
    a site served from a folder the link must hold that folder (Markdown links are printed
    as written)."""
    src = _site(tmp_path, {}, baseurl="/lab")
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("---\n", "---\nnews: true\n", 1))
    _convert(src, tmp_path / "out")
    about = (tmp_path / "out/_pages/about.md").read_text()
    assert "]({{ '/news/announcement_2/' | relative_url }})" in about, about
    assert "[All news]({{ '/news/' | relative_url }})" in about, about


def test_an_embedded_static_html_file_is_carried(tmp_path):
    """A post embeds a plot saved as an HTML file (`<iframe src="{{ '/assets/plots/x.html' |
    relative_url }}">`): a file Jekyll copies as it is (no front matter), not a page, so it
    is carried like any other linked file (it was left behind: a dead link)."""
    src = _site(tmp_path, {
        "assets/plots/tides.html": "<html><body>tide plot</body></html>\n",
        "_posts/2024-07-01-tides.md": "---\nlayout: post\ntitle: tides\n---\n\n"
                                      "<iframe src=\"{{ '/assets/plots/tides.html' | "
                                      "relative_url }}\"></iframe>\n",
    })
    _convert(src, tmp_path / "out")
    post = next((tmp_path / "out/_posts").glob("*tides*")).read_text()
    m = __import__("re").search(r"\{\{ '(/[^']+)' \| relative_url \}\}", post)
    assert m and (tmp_path / "out" / m.group(1).lstrip("/")).is_file(), post
    assert (tmp_path / "out/assets/plots/tides.html").is_file()  # its old URL too


def test_citations_and_the_cv_pdf_keep_the_sites_baseurl(tmp_path):
    """`{% cite key %}` becomes a Markdown link to the publication's page and `cv_pdf` a
    download link: on a site served from a folder both must hold that folder."""
    src = _site(tmp_path, {
        "_posts/2024-08-01-cited.md": "---\nlayout: post\ntitle: cited\n---\n\n"
                                      "As we showed {% cite okonkwo2025carbon %}, it works.\n",
    }, baseurl="/lab")
    _convert(src, tmp_path / "out")
    post = next((tmp_path / "out/_posts").glob("*cited*")).read_text()
    assert "([Okonkwo et al., 2025]({{ '/publication/" in post and "| relative_url }})" in post, post
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    assert "[Download my CV as PDF]({{ '/files/cv.pdf' | relative_url }})" in cv


def test_template_links_from_the_root_stay_inside_the_baseurl(tmp_path):
    """academicpages' footer links `href="/sitemap/"` and its head `/images/favicon.ico`
    without the site's folder; on a site served from one they go through `relative_url`
    (at the root nothing changes)."""
    from test_checkout import academicpages_checkout
    for baseurl, expect in (("/lab", "href=\"{{ '/sitemap/' | relative_url }}\""),
                            ("", 'href="/sitemap/"')):
        dest = academicpages_checkout(tmp_path / f"checkout{baseurl.strip('/')}")
        (dest / "_includes/footer").mkdir()
        (dest / "_includes/footer/custom.html").write_text(
            '<a href="/sitemap/">Sitemap</a> <a href="//cdn.example.org/x">x</a>\n')
        src = _site(tmp_path / f"s{baseurl.strip('/')}", {}, baseurl=baseurl)
        _convert(src, dest)
        footer = (dest / "_includes/footer/custom.html").read_text()
        assert expect in footer and 'href="//cdn.example.org/x"' in footer, footer


def test_template_links_from_the_root_stay_inside_a_folder_the_url_names(tmp_path):
    """A site whose `url` holds its folder (`https://host/tides`, `baseurl` empty: Jekyll
    serves it at `url` + `baseurl`): the template's links from the root go through
    `absolute_url`, the one filter that adds `url`'s path (they led outside the site)."""
    from test_checkout import academicpages_checkout
    dest = academicpages_checkout(tmp_path / "checkout")
    (dest / "_includes/footer").mkdir()
    (dest / "_includes/footer/custom.html").write_text('<a href="/sitemap/">Sitemap</a>\n')
    src = _site(tmp_path, {})
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "url: https://ada-okonkwo.example.org", "url: https://ada-okonkwo.example.org/tides"))
    _convert(src, dest)
    footer = (dest / "_includes/footer/custom.html").read_text()
    assert "href=\"{{ '/sitemap/' | absolute_url }}\"" in footer, footer


def test_a_pages_file_without_front_matter_stays_a_file(tmp_path):
    """A file of `_pages/` without front matter that no people page shows is copied by
    Jekyll as it is: no page of the source site. It was written as a page of the new site
    (template text with its links, dead there)."""
    from test_checkout import academicpages_checkout
    dest = academicpages_checkout(tmp_path / "checkout")
    src = _site(tmp_path, {
        "_pages/old_bio.md": "Write about the harbour survey here, and see the "
                             "[list of reports](/demo-site/reports/).\n",
    })
    plan = _convert(src, dest)
    assert not (dest / "_pages/old_bio.md").exists()
    assert not [p for p in dest.rglob("*.md") if "harbour survey" in p.read_text()
                and p.read_text().startswith("---")]
    kept = [p for p in dest.rglob("old_bio.md")]
    assert [p.read_text() for p in kept] == [
        "Write about the harbour survey here, and see the [list of reports](/demo-site/reports/).\n"]
    assert [f.code for f in plan.report.findings if f.path == "_pages/old_bio.md"][:1] == [
        "no-front-matter"]


def test_a_post_redirecting_to_a_missing_file_links_nothing_dead(tmp_path):
    """A post's `redirect:` to a file the source site does not have (the owner deleted the
    template's PDF) became a link in the body, dead in the new site: the page now says it
    moved without that link, and the report names the file."""
    from test_checkout import academicpages_checkout
    dest = academicpages_checkout(tmp_path / "checkout")
    src = _site(tmp_path, {
        "_posts/2023-03-01-moved.md": "---\nlayout: post\ntitle: moved away\n"
                                      "redirect: /assets/pdf/tide_tables.pdf\n---\n\n"
                                      "The tide tables moved.\n",
    })
    plan = _convert(src, dest)
    post = next((dest / "_posts").glob("*moved*")).read_text()
    assert "The tide tables moved." in post and "This page has moved." in post, post
    assert "tide_tables.pdf'" not in post and "](" not in post, post
    assert [f for f in plan.report.findings if f.code == "missing-file"
            and "tide_tables.pdf" in f.message]


def test_emoji_shortcodes_are_emoji_where_dest_loads_no_emoji_plugin(tmp_path):
    """al-folio loads jemoji, which shows `:sparkles:` as an emoji; an academicpages
    checkout that does not load it showed the shortcode as text. The written pages get the
    emoji characters (code and Liquid as written); a checkout that loads jemoji keeps the
    shortcodes."""
    from test_checkout import academicpages_checkout
    files = {"_posts/2023-04-01-launch.md": "---\nlayout: post\ntitle: launch\n---\n\n"
                                            "The buoy is afloat :tada: at last, see "
                                            "`:tada:` in the log.\n"}
    for plugins, expect in (("[jekyll-feed]", "The buoy is afloat 🎉 at last, see `:tada:`"),
                            ("[jekyll-feed, jemoji]", "The buoy is afloat :tada: at last")):
        dest = academicpages_checkout(tmp_path / f"checkout{len(plugins)}")
        config = dest / "_config.yml"
        config.write_text(config.read_text().replace("[jekyll-feed]", plugins))
        src = _site(tmp_path / f"s{len(plugins)}", files)
        config = src / "_config.yml"
        config.write_text(config.read_text() + "plugins:\n  - jekyll-scholar\n  - jemoji\n")
        _convert(src, dest)
        post = next((dest / "_posts").glob("*launch*")).read_text()
        assert expect in post, post


_SECOND_HOME = ("---\nlayout: about\ntitle: About\npermalink: /\n---\n\nI count lichens on "
                "north-facing granite and write down how slowly they grow.\n")


def _texts(dest: Path) -> str:
    return "\n".join(p.read_text() for p in sorted(dest.rglob("*"))
                     if p.is_file() and p.suffix in (".md", ".html", ".yml"))


def test_a_page_jekyll_writes_over_is_not_carried(tmp_path):
    """Two pages at one address: Jekyll writes them in the order of their file names, so
    visitors see `_pages/about_lab.md` only. The converted site has its text and not the
    other's, and the report names the hidden file, the one shown and the address."""
    src = _site(tmp_path, {"_pages/about_lab.md": _SECOND_HOME})
    plan = _convert(src, tmp_path / "out")
    texts = _texts(tmp_path / "out")
    assert "count lichens on north-facing granite" in texts
    assert "use less energy" not in texts  # the text of `_pages/about.md`, nobody sees it
    hidden = [f for f in plan.report.findings if f.code == "shadowed"]
    assert [(f.path, f.severity) for f in hidden] == [("_pages/about.md", "warning")]
    assert "`_pages/about_lab.md`" in hidden[0].message and "`/`" in hidden[0].message


def test_pages_of_two_languages_share_an_address(tmp_path):
    """With jekyll-polyglot each language is a site of its own: `_pages/fr/` pages share no
    address with the default language's, so neither is dropped."""
    src = _site(tmp_path, {"_pages/fr/accueil.md": _SECOND_HOME})
    config = src / "_config.yml"
    config.write_text(config.read_text() + "\nlanguages: [\"en\", \"fr\"]\nlang_from_path: true\n")
    plan = _convert(src, tmp_path / "out")
    texts = _texts(tmp_path / "out")
    assert "count lichens on north-facing granite" in texts and "use less energy" in texts
    assert not [f for f in plan.report.findings if f.code == "shadowed"]


def test_pages_of_one_file_name_at_one_address_are_reported(tmp_path):
    """`about.md` and `_pages/about.md` at `/`: Jekyll sorts pages by file name, and among
    equal names its order is not defined, so neither is dropped; the report names both and
    the address. A page of a later name at that address still hides them both."""
    src = _site(tmp_path, {"about.md": _SECOND_HOME})
    plan = _convert(src, tmp_path / "out")
    clash = [f for f in plan.report.findings if f.code == "address-clash"]
    assert [f.severity for f in clash] == ["warning"]
    assert all(f"`{p}`" in clash[0].message for p in ("about.md", "_pages/about.md", "/"))
    assert not [f for f in plan.report.findings if f.code == "shadowed"]
    src = _site(tmp_path / "b", {"about.md": _SECOND_HOME, "_pages/about_lab.md": _SECOND_HOME
                                 .replace("lichens", "mosses")})
    plan = _convert(src, tmp_path / "b/out")
    assert sorted(f.path for f in plan.report.findings if f.code == "shadowed") == \
        ["_pages/about.md", "about.md"]
    assert not [f for f in plan.report.findings if f.code == "address-clash"]
    texts = _texts(tmp_path / "b/out")
    assert "count mosses" in texts and "count lichens" not in texts


def test_an_unpublished_page_is_no_menu_entry(tmp_path):
    """al-folio's header lists the pages Jekyll builds: a page with `nav: true` and
    `published: false` is not built, so it is no menu entry of the converted site (it was a
    dead link there); the page itself is left out of a theme switch with a finding naming
    it, as Jekyll leaves it out of the live site (an upgrade carries it as written)."""
    src = _site(tmp_path, {"_pages/teaching.md": "---\nlayout: page\ntitle: teaching\n"
                                                 "permalink: /teaching/\nnav: true\nnav_order: 4\n"
                                                 "published: false\n---\n\nNot yet.\n"})
    plan = _convert(src, tmp_path / "out")
    menu = (tmp_path / "out/_data/navigation.yml").read_text()
    assert "/publications/" in menu and "/teaching/" not in menu
    assert not (tmp_path / "out/_pages/teaching.md").exists()
    assert any(f.code == "unpublished" and f.path == "_pages/teaching.md"
               for f in plan.report.findings)


def _talk(date: str, permalink: str) -> str:
    return (f"---\ntitle: Tide gauges {date}\nlayout: page\ndate: {date}\n"
            f"permalink: {permalink}\n---\nA talk on tide gauges and their drift.\n")


def test_an_item_jekyll_writes_over_is_converted_and_reported(tmp_path):
    """Two items of one collection at one address: Jekyll writes a collection's items by
    date (then by path), so the address shows the later one, whatever the file names say;
    both are converted (a list shows both) and the earlier one is reported, with the one
    shown and the address. Items at their own addresses are not."""
    src = _site(tmp_path, {"_talks/b_spring.md": _talk("2021-03-01", "/talks/gauges/"),
                           "_talks/a_autumn.md": _talk("2021-10-01", "/talks/gauges/"),
                           "_talks/c_winter.md": _talk("2022-01-01", "/talks/winter/")})
    config = src / "_config.yml"  # (a collection the config declares: Jekyll reads it)
    config.write_text(config.read_text().replace("collections:\n", "collections:\n  talks:\n"
                                                 "    output: true\n", 1))
    plan = _convert(src, tmp_path / "out")
    clash = [f for f in plan.report.findings if f.code == "address-clash"]
    assert [(f.path, f.severity) for f in clash] == [("_talks/b_spring.md", "warning")]
    assert "`_talks/a_autumn.md`" in clash[0].message and "`/talks/gauges/`" in clash[0].message
    assert sorted(p.name for p in (tmp_path / "out/_talks").glob("*.md")) == [
        "a_autumn.md", "b_spring.md", "c_winter.md"]


def test_a_project_whose_thumbnail_is_a_video_shows_it_as_a_video(tmp_path):
    """A project's `img:` that is a video (`.mov`, `.mp4`: a moving card thumbnail) is a
    `<video>` in the excerpt the portfolio list prints; an `<img>` cannot show it (it was a
    broken picture). A picture stays an `<img>`."""
    src = _site(tmp_path, {
        "_projects/7_tides.md": "---\nlayout: page\ntitle: tide gauge\ndescription: a gauge\n"
                                "img: assets/img/tides/loop.mov\nimportance: 1\n---\nText.\n",
        "_projects/8_reef.md": "---\nlayout: page\ntitle: reef map\ndescription: a map\n"
                               "img: assets/img/reef/map.png\nimportance: 2\n---\nText.\n",
        "assets/img/tides/loop.mov": "mov", "assets/img/reef/map.png": "png",
    })
    _convert(src, tmp_path / "out")
    tides = (tmp_path / "out/_portfolio/7_tides.md").read_text()
    assert "<br/><video src='/files/tides/loop.mov' autoplay loop muted playsinline></video>" \
        in tides, tides
    assert "<img src='/images/reef/map.png'>" in (tmp_path / "out/_portfolio/8_reef.md").read_text()


def test_a_diagram_the_old_theme_drew_is_said_to_show_as_its_source_text(tmp_path):
    """A post switches on al-folio's `mermaid` and holds a ```mermaid block, which al-folio
    draws as a diagram; academicpages draws none: a visitor sees the block's source text, a
    loss at the switch's line (it was "kept as written", as if nothing changed). A switch
    on a page without such a block loses nothing."""
    post = ("---\nlayout: post\ntitle: tide flow\ndate: 2024-03-01\nmermaid:\n  enabled: true\n"
            "---\nHow the water moves:\n\n```mermaid\nflowchart LR\n  Sea --> Marsh\n```\n")
    src = _site(tmp_path, {"_posts/2024-03-01-tide-flow.md": post,
                           "_posts/2024-03-02-calm.md": post.replace("tide flow", "calm")
                           .split("How the water")[0] + "Nothing to draw.\n"})
    plan = _convert(src, tmp_path / "out")
    lost = [(f.path, f.line) for f in plan.report.findings
            if f.code == "extra-key-shown" and "```mermaid" in f.message]
    assert lost == [("_posts/2024-03-01-tide-flow.md", 5)], lost
