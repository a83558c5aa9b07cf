"""Nothing silent (issue 16): the owner's identity and every config key, front matter the
target reads differently, pages Jekyll never publishes, and links and assets are carried
faithfully or named in the report. Fixture: `fixtures/al-folio-2019` (an old al-folio config
with one `name:`), plus small edits of the other fixtures."""

from __future__ import annotations

import shutil
from pathlib import Path

from ruamel.yaml import YAML

import sitemigrate
from sitemigrate.registry import Options

from conftest import FIXTURES

yaml = YAML(typ="safe")
OLD = FIXTURES / "al-folio-2019"


def convert(src: Path, dest: Path, to: str, generation: str | None = None) -> sitemigrate.Plan:
    plan = sitemigrate.convert(src, dest, to=to, options=Options(generation=generation))
    plan.apply()
    return plan


def front(path: Path) -> dict:
    return yaml.load(path.read_text().split("---\n")[1]) or {}


def findings(plan, code: str) -> list:
    return [f for f in plan.report.findings if f.code == code]


def named(plan, key: str) -> list:
    """Findings about `_config.yml` that name ``key``."""
    return [f for f in plan.report.findings
            if f.path == "_config.yml" and f"`{key}`" in f.message]


# -- identity and configuration ------------------------------------------------------------------

def test_old_config_name_is_the_owner(tmp_path):
    plan = convert(OLD, tmp_path / "ap", "academicpages")
    config = yaml.load((tmp_path / "ap/_config.yml").read_text())
    assert config["name"] == config["author"]["name"] == "Rosalind K. Abernethy-Osei"
    assert config["title"] == "Rosalind K. Abernethy-Osei"
    assert "identity of Rosalind K. Abernethy-Osei" in " ".join(
        f.message for f in findings(plan, "identity"))
    convert(OLD, tmp_path / "af", "al-folio", generation="2020-23")
    config = yaml.load((tmp_path / "af/_config.yml").read_text())
    assert (config["first_name"], config["middle_name"], config["last_name"]) == \
        ("Rosalind", "K.", "Abernethy-Osei")
    assert "name" not in config  # the name is carried as al-folio names it, not twice


def test_old_config_keys_to_academicpages(tmp_path):
    plan = convert(OLD, tmp_path, "academicpages")
    config = yaml.load((tmp_path / "_config.yml").read_text())
    author = config["author"]
    assert author["email"] == "rosalind@example.ac.uk" and author["github"] == "rk-abernethy"
    # `scholar_authorid` (an old spelling of the Scholar id) is the Google Scholar profile
    assert author["googlescholar"] == "https://scholar.google.com/citations?user=Zq9xYw0AAAAJ"
    assert config["locale"] == "en"
    assert config["analytics"] == {"provider": "google-analytics-4",
                                   "google": {"tracking_id": "G-ABCDE12345"}}
    assert config["comments"] == {"provider": "disqus", "disqus": {"shortname": "rabernethy-site"}}
    assert config["google_site_verification"] == "vErIfY-123"
    assert config["timezone"] == "Europe/London"  # a Jekyll setting DEST did not have
    # the owner's own key is kept for their Liquid, and said so with its line
    assert config["lab_handle"] == "soil-lab"
    (own,) = named(plan, "lab_handle")
    assert own.line == 24 and own.outcome == "verbatim"
    # what academicpages cannot read is named, each with its line
    (icon,) = named(plan, "icon")
    assert icon.line == 15 and icon.severity == "warning" and "favicon" in icon.message
    (kw,) = [f for f in named(plan, "keywords") if f.line == 14]
    assert config["keywords"] == "soil ecology, microbes, mycorrhiza"
    theme = [f for f in findings(plan, "config-theme") if f.outcome == "lost"]
    assert len(theme) == 1 and theme[0].severity == "info"
    for key, line in (("last_updated", 12), ("jquery_version", 58)):
        assert f"`{key}` (line {line})" in theme[0].message
    # `scholar` was read to find the publications, which are carried: said so at its line
    (scholar,) = [f for f in findings(plan, "config-theme") if f.outcome == "mapped"]
    assert scholar.line == 52 and "`scholar`" in scholar.message
    assert "`scholar`" not in theme[0].message
    assert "`exclude` (line 43)" in findings(plan, "config-target")[0].message
    assert not named(plan, "external_sources")  # the fixture has none; the corpus test does
    # `news_limit: 2` of an old config is the about page's news limit
    about = (tmp_path / "_pages/about.md").read_text()
    assert about.count("- 2019-") == 2 and "News item 3" in about and "News item 1" not in about


def test_disqus_carried_only_where_it_was_on(tmp_path):
    """al-folio shows Disqus only on posts with `disqus_comments: true`; without one, the
    shortname (often the template's) must not switch comments on for every post."""
    src = tmp_path / "src"
    shutil.copytree(OLD, src)
    post = src / "_posts/2019-05-20-field-day.md"
    post.write_text(post.read_text().replace("disqus_comments: true\n", ""))
    plan = convert(src, tmp_path / "out", "academicpages")
    assert "comments" not in yaml.load((tmp_path / "out/_config.yml").read_text())
    (note,) = named(plan, "disqus_shortname")
    assert note.line == 29 and "disqus_comments: true" in note.message


def test_every_old_config_key_is_carried_or_named(tmp_path):
    src_config = yaml.load((OLD / "_config.yml").read_text())
    for to in ("academicpages", "al-folio"):
        plan = convert(OLD, tmp_path / to, to)
        out = yaml.load((tmp_path / to / "_config.yml").read_text())
        if to == "academicpages":  # the owner and their socials, in academicpages' words
            assert {k: out["author"].get(k) for k in ("name", "email", "github", "twitter")} == {
                "name": "Rosalind K. Abernethy-Osei", "email": "rosalind@example.ac.uk",
                "github": "rk-abernethy", "twitter": "rkabernethy"}
        else:
            socials = yaml.load((tmp_path / to / "_data/socials.yml").read_text())
            assert (socials["github_username"], socials["scholar_userid"]) == \
                ("rk-abernethy", "Zq9xYw0AAAAJ")
        carried = {"name", "email", "github_username", "scholar_authorid", "twitter_username"}
        for key in src_config:
            assert key in out or named(plan, key) or key in carried, (to, key)


def test_academicpages_config_to_alfolio(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    rt = YAML()
    config = rt.load((src / "_config.yml").read_text())
    config.update({"locale": "de-DE", "analytics": {"provider": "google-analytics-4",
                                                    "google": {"tracking_id": "G-TEST000001"}},
                   "comments": {"provider": "disqus", "disqus": {"shortname": "tl-site"}},
                   "bing_site_verification": "bing-777", "lab_motto": "Slow science"})
    with (src / "_config.yml").open("w") as fh:
        rt.dump(config, fh)
    plan = convert(src, tmp_path / "out", "al-folio", generation="2024-25")
    config = yaml.load((tmp_path / "out/_config.yml").read_text())
    assert config["lang"] == "de-DE"
    assert config["google_analytics"] == "G-TEST000001" and config["enable_google_analytics"]
    assert config["disqus_shortname"] == "tl-site"
    assert config["bing_site_verification"] == "bing-777" and config["enable_bing_verification"]
    assert config["lab_motto"] == "Slow science" and named(plan, "lab_motto")
    (disqus,) = named(plan, "comments")
    assert "disqus_comments: true" in disqus.message  # al-folio shows it only where asked
    # academicpages' own settings al-folio does not read are named, not dropped silently
    theme = findings(plan, "config-theme")[0].message
    for key in ("publication_category", "title_separator", "repository"):
        assert f"`{key}`" in theme


# -- pages Jekyll never publishes ----------------------------------------------------------------

def test_unpublished_pages_are_no_pages(tmp_path):
    for to in ("academicpages", "al-folio"):
        plan = convert(OLD, tmp_path / to, to)
        out = tmp_path / to
        assert not list(out.rglob("_draft.md")) and not list(out.rglob("old-cv.md"))
        nav = out / "_data/navigation.yml"
        text = nav.read_text() if nav.is_file() else ""
        assert "/draft/" not in text and "/old-cv/" not in text
        reasons = {f.path: f.message for f in findings(plan, "unpublished")}
        assert "starts with `_`" in reasons["_pages/_draft.md"]
        assert "`exclude:`" in reasons["_pages/old-cv.md"]
        lost = [r for r in plan.report.urls if r.get("status") == "lost"]
        assert not lost, lost


def test_a_posts_file_without_a_date_is_no_post(tmp_path):
    """Jekyll's post reader takes only the `_posts` files named `YYYY-MM-DD-title.ext`; any
    other file there is neither a post nor a file it copies. It is not converted into a
    post of the new site, it has no old address, and its contents raise no findings (no
    "has no front matter: Jekyll copies it" that is not so): one line says why it is left."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_posts/jotted.md").write_text("Half a thought about {% include gone.liquid %}.\n")
    (src / "_posts/draft-title.md").write_text("---\nlayout: post\ntitle: Stray Draft\n"
                                               "---\nNot dated.\n")
    plan = convert(src, tmp_path / "out", "academicpages")
    assert not (tmp_path / "out/_posts/jotted.md").exists()
    assert not (tmp_path / "out/_posts/draft-title.md").exists()
    reasons = {f.path: f.message for f in findings(plan, "unpublished")}
    for rel in ("_posts/jotted.md", "_posts/draft-title.md"):
        assert "does not start with a date" in reasons[rel]
        assert [f.code for f in plan.report.findings if f.path == rel] == ["unpublished"]
    assert not [r for r in plan.report.urls if "draft-title" in str(r) or "jotted" in str(r)]


def test_a_page_in_a_folder_of_its_own_is_a_page(tmp_path):
    """Jekyll builds every file with front matter outside `_` folders, `notes/index.md` as
    well as `_pages/x.md`: its text is on the new site at its old address (it was lost,
    with only an unanswered old URL to show for it); a folder `exclude:` names is not read."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "notes").mkdir()
    (src / "notes/index.md").write_text("---\nlayout: page\ntitle: field notes\n---\n\n"
                                        "Moss grows on the north side of the birch grove.\n")
    (src / "vendor/gem").mkdir(parents=True)
    (src / "vendor/gem/readme.md").write_text("---\ntitle: a gem\n---\nNot a page.\n")
    config = src / "_config.yml"
    config.write_text(config.read_text() + "\nexclude: [vendor]\n")
    for to in ("academicpages", "al-folio"):
        plan = convert(src, tmp_path / to, to)
        shown = [p for p in (tmp_path / to).rglob("*.md") if "birch grove" in p.read_text()]
        assert shown, to
        lost = [r for r in plan.report.urls if r.get("status") == "lost"]
        assert not lost, (to, lost)
        assert not [p for p in (tmp_path / to).rglob("*.md") if "Not a page" in p.read_text()]


def test_published_false_is_no_page_and_in_no_list(tmp_path):
    """Jekyll leaves out a page, post or collection document whose front matter says
    `published: false`: no address, in no `site.<collection>` loop. The new site does not
    show it either (al-folio's BibTeX has no such switch), and the finding names it."""
    ap = tmp_path / "ap"
    shutil.copytree(FIXTURES / "academicpages-site", ap)
    (ap / "_publications/2022-01-01-draft-paper.md").write_text(
        "---\ntitle: \"Unfinished Moss Census\"\ncollection: publications\n"
        "category: manuscripts\ndate: 2022-01-01\nvenue: 'Draft Journal'\n"
        "published: false\n---\nNot yet.\n")
    (ap / "_talks/2023-02-02-draft-talk.md").write_text(
        "---\ntitle: \"Unheld Lichen Talk\"\ncollection: talks\ndate: 2023-02-02\n"
        "published: false\n---\n")
    (ap / "_pages/plans.md").write_text(
        "---\ntitle: Plans\npermalink: /plans/\npublished: false\n---\nSecret plans.\n")
    af = tmp_path / "af"
    shutil.copytree(FIXTURES / "al-folio-site", af)
    (af / "_posts/2024-06-01-draft-post.md").write_text(
        "---\nlayout: post\ntitle: Unwritten Fern Post\ndate: 2024-06-01\n"
        "published: false\n---\nLater.\n")
    for src, to in ((ap, "al-folio"), (ap, "academicpages"), (af, "academicpages"),
                    (af, "al-folio")):
        out = tmp_path / f"{src.name}-{to}"
        plan = convert(src, out, to)
        written = "".join(f.read_text("utf-8", "replace") for f in out.rglob("*")
                          if f.is_file() and f.suffix in (".md", ".bib", ".yml", ".html"))
        for title in ("Unfinished Moss Census", "Unheld Lichen Talk", "Secret plans",
                      "Unwritten Fern Post"):
            assert title not in written, (src.name, to, title)
        reasons = {f.path: f.message for f in findings(plan, "unpublished")}
        drafts = ["_publications/2022-01-01-draft-paper.md", "_talks/2023-02-02-draft-talk.md",
                  "_pages/plans.md"] if src == ap else ["_posts/2024-06-01-draft-post.md"]
        for rel in drafts:
            assert "`published: false`" in reasons[rel] and "copy it by hand" in reasons[rel]
        assert "Wildlife Corridors" in written or src == af  # the published ones stay


def test_latest_posts_of_the_about_page_stay_on_it(tmp_path):
    """al-folio's about page lists the latest posts (`latest_posts: enabled`, with a
    `limit`): the academicpages about page gets the same list, under a heading in the
    site's language."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("latest_posts:\n  enabled: false",
                                               "latest_posts:\n  enabled: true\n  limit: 2"))
    plan = convert(src, tmp_path / "ap", "academicpages")
    page = next(p for p in (tmp_path / "ap/_pages").glob("about.*")).read_text()
    assert "## Latest posts\n\n{% for post in site.posts limit: 2 %}\n" in page
    assert "[{{ post.title }}]({{ post.url | relative_url }})" in page
    (said,) = findings(plan, "latest-posts")
    assert "the 2 newest" in said.message and said.outcome != "lost"


def test_latest_posts_switched_in_the_config_where_the_layout_reads_it(tmp_path):
    """An about layout that shows the latest posts by `site.latest_posts.enabled` (the
    config, 2023-24 templates) shows them whatever the page says: the config decides; a
    layout that reads the page's own switch is decided by the page."""
    for reads, shown in (("site.latest_posts.enabled", True), ("page.latest_posts", False)):
        src = tmp_path / reads
        shutil.copytree(FIXTURES / "al-folio-site", src)
        about = src / "_pages/about.md"
        about.write_text(about.read_text().replace("latest_posts:\n  enabled: false\n", ""))
        (src / "_layouts").mkdir(exist_ok=True)
        (src / "_layouts/about.liquid").write_text(
            f"---\nlayout: default\n---\n{{{{ content }}}}\n{{% if {reads} %}}"
            "{% include latest_posts.liquid %}{% endif %}\n")
        with (src / "_config.yml").open("a") as fh:
            fh.write("\nlatest_posts:\n  enabled: true\n  limit: 1\n")
        convert(src, tmp_path / f"{reads}-ap", "academicpages")
        page = (tmp_path / f"{reads}-ap/_pages/about.md").read_text()
        assert ("{% for post in site.posts limit: 1 %}" in page) is shown, reads


def test_news_on_the_home_page_as_a_2023_24_about_layout_decides(tmp_path):
    """An about layout that tests `page.news and site.announcements.enabled` (2023-24)
    reads neither the page's `announcements:` block nor a page without `news:`: that home
    page showed no news, and the new one shows none; with `news: true` and the config's
    switch on, it shows them."""
    layout = ("---\nlayout: default\n---\n{{ content }}\n{% if page.news and "
              "site.announcements.enabled %}{% include news.liquid limit=true %}{% endif %}\n")
    for name, news_line, shown in (("block", "", False), ("news", "news: true\n", True)):
        src = tmp_path / name
        shutil.copytree(FIXTURES / "al-folio-site", src)
        about = src / "_pages/about.md"
        about.write_text(about.read_text().replace("announcements:", news_line
                                                   + "announcements:", 1))
        (src / "_layouts").mkdir(exist_ok=True)
        (src / "_layouts/about.liquid").write_text(layout)
        with (src / "_config.yml").open("a") as fh:
            fh.write("\nannouncements:\n  enabled: true\n  limit: 1\n")
        convert(src, tmp_path / f"{name}-ap", "academicpages")
        page = (tmp_path / f"{name}-ap/_pages/about.md").read_text()
        assert ("EuroSys 2025" in page) is shown, (name, page)


# -- links and assets ----------------------------------------------------------------------------

def test_links_move_with_their_files(tmp_path):
    plan = convert(OLD, tmp_path, "academicpages")
    page = (tmp_path / "_pages/outreach.md").read_text()
    # `relative_url`, `{{ site.baseurl }}`, the own domain and HTML attributes alike
    assert "[field poster]({{ '/files/posters/poster.pdf' | relative_url }})" in page
    assert "[slides](https://rabernethy.example.ac.uk/files/slides.pdf)" in page
    assert "href='{{ site.baseurl }}/files/handout.pdf'" in page
    assert '<img src="{{ \'/images/lab/site.png\' | relative_url }}"' in page
    for rel in ("files/posters/poster.pdf", "files/slides.pdf", "files/handout.pdf"):
        assert (tmp_path / rel).read_bytes() == (OLD / "assets/pdf" / rel[6:]).read_bytes()
    # image subfolders kept: two `site.png` of different folders stay two files
    assert "![The field site]({{ site.baseurl }}/images/field/site.png)" in page
    field, lab = (tmp_path / "images/field/site.png"), (tmp_path / "images/lab/site.png")
    assert field.read_bytes() == (OLD / "assets/img/field/site.png").read_bytes()
    assert lab.read_bytes() == (OLD / "assets/img/lab/site.png").read_bytes()
    assert field.read_bytes() != lab.read_bytes()
    # a scheme-less link to another site is no file of this one
    assert "[the soil council](www.example.org/grants/award.aspx)" in page
    (hint,) = findings(plan, "schemeless-link")
    assert hint.line == 19 and hint.severity == "info"
    # links in an HTML comment and in fenced code are neither checked nor rewritten
    assert "<!-- not yet: [the report](/assets/pdf/report-draft.pdf) -->" in page
    assert '<a href="/assets/pdf/example-only.pdf">an example link</a> -->' in page
    # keys academicpages' layouts do not read are named at their lines: `toc` too (its
    # layouts read no `page.toc`; it was taken for one they read)
    keys = {f.message.split("`")[1]: f for f in findings(plan, "extra-key")
            if f.path == "_pages/outreach.md"}
    assert (keys["toc"].line, keys["toc"].outcome) == (7, "verbatim")
    assert (keys["lab_badge"].line, keys["lab_badge"].outcome) == (9, "verbatim")
    assert front(tmp_path / "_pages/outreach.md")["lab_badge"] == "soil-lab"
    problems = [f for f in plan.report.findings if f.path == "_pages/outreach.md"
                and f.outcome == "problem"]
    assert problems == [hint], [f.message for f in problems]


def test_image_subfolders_kept_both_ways(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "images/talks").mkdir()
    (src / "images/talks/profile.png").write_bytes(b"\x89PNG talk picture")
    about = src / "_pages/about.md"
    about.write_text(about.read_text() + "\n![A talk](/images/talks/profile.png)\n")
    convert(src, tmp_path / "out", "al-folio")
    out = tmp_path / "out/assets/img"
    assert (out / "talks/profile.png").read_bytes() == b"\x89PNG talk picture"
    assert (out / "profile.png").read_bytes() == (src / "images/profile.png").read_bytes()
    about = (tmp_path / "out/_pages/about.md").read_text()
    assert "![A talk](/assets/img/talks/profile.png)" in about


def test_flattened_names_never_collide(tmp_path):
    """A file outside the theme's folders keeps its path; two files never share one."""
    src = tmp_path / "src"
    shutil.copytree(OLD, src)
    (src / "assets/papers").mkdir()
    (src / "assets/papers/slides.pdf").write_bytes(b"%PDF-1.4 other slides")
    page = src / "_pages/outreach.md"
    page.write_text(page.read_text() + "\n[More slides](/assets/papers/slides.pdf)\n")
    convert(src, tmp_path / "out", "academicpages")
    text = (tmp_path / "out/_pages/outreach.md").read_text()
    assert "[More slides](/files/papers/slides.pdf)" in text
    assert (tmp_path / "out/files/papers/slides.pdf").read_bytes() == b"%PDF-1.4 other slides"
    assert (tmp_path / "out/files/slides.pdf").read_bytes() == \
        (src / "assets/pdf/slides.pdf").read_bytes()


def test_rewrite_links_skips_comments_and_code():
    from sitemigrate.formats.content import rewrite_links
    body = ("[a](/x.pdf) <!-- [b](/x.pdf) --> <a href=/x.pdf>c</a>\n[ref]: /x.pdf\n"
            "~~~\n[d](/x.pdf)\n~~~\n<video poster='/x.png' data-src=\"/x.mp4\"></video>\n")
    out = rewrite_links(body, lambda u: "/NEW" + u)
    assert out == ("[a](/NEW/x.pdf) <!-- [b](/x.pdf) --> <a href=/NEW/x.pdf>c</a>\n"
                   "[ref]: /NEW/x.pdf\n~~~\n[d](/x.pdf)\n~~~\n"
                   "<video poster='/NEW/x.png' data-src=\"/NEW/x.mp4\"></video>\n")


def test_a_pdf_an_object_embeds_is_a_link_of_the_page(tmp_path):
    """`<object data="../files/cv.pdf">` (a CV or slides shown in the page) names a file as
    `href` does: it is copied and its address rewritten with the link beside it (before:
    the download link moved to al-folio's folder and the embedded PDF named nothing)."""
    from sitemigrate.formats.content import rewrite_links
    assert rewrite_links('<object data="/x.pdf" type="application/pdf"></object> '
                         '<div data="/y.pdf">', lambda u: "/NEW" + u) == (
        '<object data="/NEW/x.pdf" type="application/pdf"></object> <div data="/y.pdf">')
    # a ` data=` inside another attribute's quoted value is that value's text
    assert rewrite_links('<object title="see data=\'/z.pdf\'" data="/x.pdf"></object>',
                         lambda u: "/NEW" + u) == (
        '<object title="see data=\'/z.pdf\'" data="/NEW/x.pdf"></object>')
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "files/moss-cv.pdf").write_bytes(b"%PDF-1.4 a CV of moss")
    (src / "_pages/vitae.md").write_text(
        "---\ntitle: Vitae\npermalink: /vitae/\n---\n\n<object data=\"../files/moss-cv.pdf\" "
        'type="application/pdf" width="100%"><a href="../files/moss-cv.pdf">Download'
        "</a></object>\n")
    convert(src, tmp_path / "out", "al-folio")
    text = next((tmp_path / "out/_pages").glob("vitae.*")).read_text()
    assert '<object data="/assets/pdf/moss-cv.pdf"' in text
    assert (tmp_path / "out/assets/pdf/moss-cv.pdf").read_bytes() == b"%PDF-1.4 a CV of moss"


def test_comment_closer_in_code_block_is_no_problem():
    from sitemigrate.jekyll.liquid import find_problems
    assert find_problems("```html\n<b>x</b> -->\n<!-- open\n```\n") == []
    assert [p.line for p in find_problems("text -->\n")] == [1]


# -- front matter and Liquid the target reads differently ----------------------------------------

def test_site_author_variables_translated_or_reported(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    about = src / "_pages/about.md"
    about.write_text(about.read_text() + "\nWrite to {{ site.author.name }} at "
                     "{{ site.author.email }}; code on {{ site.author.github }}.\n"
                     "{% if site.author.employer %}Employer: {{ site.author.employer }}"
                     "{% endif %}\n")
    for gen, github, email in (("2020-23", "site.github_username", "site.email"),
                               ("2024-25", "site.data.socials.github_username",
                                "site.data.socials.email")):
        plan = convert(src, tmp_path / gen, "al-folio", generation=gen)
        body = (tmp_path / gen / "_pages/about.md").read_text()
        assert ('Write to {{ site.first_name }}{% if site.middle_name != "" %} '
                '{{ site.middle_name }}{% endif %} {{ site.last_name }} at {{ ' + email +
                ' }}; code on {{ ' + github + ' }}.') in body
        assert "{{ site.author.employer }}" in body  # no counterpart: kept, and said so
        lost = [f for f in findings(plan, "site-variable") if f.outcome == "lost"
                and f.path == "_pages/about.md"]
        assert [f.message.split("`")[1] for f in lost] == ["site.author.employer"] * 2
        text = (src / "_pages/about.md").read_text()
        assert {f.line for f in lost} == {text.count("\n", 0, text.index("{% if site.author")) + 1}
    # and back: al-folio's own variables become academicpages' `site.author.*`
    plan = convert(OLD, tmp_path / "ap", "academicpages")
    assert "Contact {{ site.name }} at {{ site.author.email }}." in \
        (tmp_path / "ap/_pages/about.md").read_text()


def test_about_page_front_matter_read_differently(tmp_path):
    plan = convert(OLD, tmp_path / "ap", "academicpages")
    fm = front(tmp_path / "ap/_pages/about.md")
    assert fm["excerpt"] == "Soil microbial ecology at Example University"
    (style,) = findings(plan, "profile-key")
    assert "`profile.style`" in style.message and style.line == 11
    convert(OLD, tmp_path / "af", "al-folio")
    fm = front(tmp_path / "af/_pages/about.md")
    assert fm["description"] == "Soil microbial ecology at Example University"
    assert fm["profile"]["style"] == "width: 40%" and fm["profile"]["align"] == "left"


def test_author_profile_false_kept_and_switches_named(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    cv = src / "_pages/cv-json.md"
    assert "author_profile: false" in cv.read_text()
    plan = convert(src, tmp_path / "ap", "academicpages")
    assert front(tmp_path / "ap/_pages/cv-json.md")["author_profile"] is False
    assert front(tmp_path / "ap/_pages/cv.md")["author_profile"] is True
    plan = convert(src, tmp_path / "af", "al-folio")
    (sidebar,) = [f for f in findings(plan, "theme-switch") if "`author_profile`" in f.message
                  and f.path.startswith("_pages/")]
    assert sidebar.line and "no sidebar" in sidebar.message


def test_author_profile_of_a_template_page_left_behind_is_not_named(tmp_path):
    """A page of the template's own (its Markdown guide) is left to al-folio's and its
    address forwarded: the finding about the pages that no longer show the profile names
    the owner's pages only, not one that is not carried."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/markdown.md").write_text("---\npermalink: /markdown/\ntitle: Markdown\n"
                                            "author_profile: true\n---\nA guide.\n")
    plan = convert(src, tmp_path / "af", "al-folio")
    assert not (tmp_path / "af/_pages/markdown.md").exists()
    (sidebar,) = [f for f in findings(plan, "theme-switch") if "`author_profile`" in f.message]
    assert "_pages/cv.md" in sidebar.message and "markdown.md" not in sidebar.message


def test_custom_news_heading(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    about = src / "_pages/about.md"
    text = about.read_text()
    heading = next(line for line in text.splitlines() if line.startswith("#")
                   and "news" in line.lower())
    about.write_text(text.replace(heading, "## News & Opportunities"))
    plan = convert(src, tmp_path / "af", "al-folio")
    body = (tmp_path / "af/_pages/about.md").read_text()
    assert "News & Opportunities" not in body and list((tmp_path / "af/_news").iterdir())
    (note,) = findings(plan, "news-heading")
    assert "`News & Opportunities`" in note.message
    assert note.line == about.read_text().splitlines().index("## News & Opportunities") + 1


def test_page_redirect_served_by_academicpages(tmp_path):
    """al-folio's `redirect:` on a page is no loss: academicpages' jekyll-redirect-from serves
    it as `redirect_to` (the report said it could not)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-v1", src)
    (src / "_pages/moved.md").write_text("---\nlayout: page\ntitle: moved\npermalink: /moved/\n"
                                         "redirect: /\n---\n\nThis page has moved home.\n")
    plan = convert(src, tmp_path / "out", "academicpages")
    assert front(tmp_path / "out/_pages/moved.md")["redirect_to"] == "/"
    assert not [f for f in findings(plan, "page-redirect") if f.outcome == "lost"]
    assert "jekyll-redirect-from" in yaml.load((tmp_path / "out/_config.yml").read_text())["plugins"]


def test_i18n_titles(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(OLD, src)
    (src / "_pages/teaching.md").write_text(
        "---\nlayout: page\npermalink: /teaching/\ntitle:\n  en: teaching\n  fr: enseignement\n"
        "nav: true\nnav_order: 5\n---\n\nCourses.\n")
    (src / "_pages/people.md").write_text(
        "---\nlayout: page\npermalink: /people/\ntitle: nav.people\nnav: true\n---\n\nThe lab.\n")
    plan = convert(src, tmp_path / "out", "academicpages")
    assert front(tmp_path / "out/_pages/teaching.md")["title"] == "teaching"
    notes = {f.path: f for f in findings(plan, "i18n-title")}
    assert notes["_pages/teaching.md"].line == 4 and "`fr`" in notes["_pages/teaching.md"].message
    assert notes["_pages/people.md"].line == 4 and "translation key" in \
        notes["_pages/people.md"].message
    nav = (tmp_path / "out/_data/navigation.yml").read_text()
    assert "title: teaching" in nav and "{'en'" not in nav


def test_settings_merged_into_dest_blocks(tmp_path):
    """Into a template checkout, a carried setting updates its block in place: the template's
    other keys and comments stay."""
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "_config.yml").write_text(
        'title: "Your Name / Site Title"\n'
        "comments:\n  provider: \"false\"  # disqus, discourse, ...\n"
        "  discourse:\n    server: forum.example.org\n"
        "analytics:\n  provider: \"false\"\n  google:\n    tracking_id:\n"
        "    anonymize_ip: false\n")
    convert(OLD, dest, "academicpages")
    text = (dest / "_config.yml").read_text()
    config = yaml.load(text)
    assert config["comments"] == {"provider": "disqus",
                                  "discourse": {"server": "forum.example.org"},
                                  "disqus": {"shortname": "rabernethy-site"}}
    assert config["analytics"] == {"provider": "google-analytics-4",
                                   "google": {"tracking_id": "G-ABCDE12345",
                                              "anonymize_ip": False}}
    assert "# disqus, discourse, ..." in text


def test_liquid_assign_is_no_link():
    """`{% assign href = post.paperurl %}` looks like an unquoted attribute, outside a tag."""
    from sitemigrate.formats.content import rewrite_links
    body = '{% assign href = post.paperurl | default: "" %}<a class="x" href=/a.pdf>a</a>'
    assert rewrite_links(body, lambda u: "/NEW" + u) == \
        '{% assign href = post.paperurl | default: "" %}<a class="x" href=/NEW/a.pdf>a</a>'


def test_a_site_without_a_name_says_so(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(OLD, src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace("name: Rosalind K. Abernethy-Osei\n", ""))
    for to in ("academicpages", "al-folio"):
        plan = convert(src, tmp_path / to, to)
        (note,) = findings(plan, "no-name")
        assert note.path == "_config.yml" and note.severity == "warning"


def test_redirect_to_page_forwards_in_alfolio(tmp_path):
    """academicpages' `redirect_to` is al-folio's `redirect:` (not a key with no meaning)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/lab.md").write_text("---\ntitle: Lab\npermalink: /lab/\n"
                                       "redirect_to: https://lab.example.org/\n---\n")
    plan = convert(src, tmp_path / "af", "al-folio")
    assert front(tmp_path / "af/_pages/lab.md")["redirect"] == "https://lab.example.org/"
    assert "redirect_to" not in front(tmp_path / "af/_pages/lab.md")
    assert not [f for f in findings(plan, "extra-key") if f.path == "_pages/lab.md"]
    convert(src, tmp_path / "ap", "academicpages")
    assert front(tmp_path / "ap/_pages/lab.md")["redirect_to"] == "https://lab.example.org/"


def test_an_address_inside_parentheses_is_no_file_of_the_site(tmp_path):
    """`[the code]((https://…/tree.py))`: kramdown reads the parentheses as part of the
    link, a path of this site that led nowhere on the old site. It is not carried as a
    missing file (`/assets/pdf/…(https:/…`, with the advice to put a file there): it is
    left as written and the typo is named where it is."""
    from test_target_shows import _academicpages
    src, dest = _academicpages(tmp_path, {"_posts/2020-02-02-trees.md": (
        "---\ntitle: 'Trees'\ndate: 2020-02-02\npermalink: /posts/2020/02/trees\n---\n"
        "The parts:\n\n- [Tree code]((https://example.org/ivarga/tree.py)).\n"
        "- [Notes](/files/notes.pdf).\n")}), tmp_path / "dest"
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    text = next(dest.glob("_posts/2020-02-02-trees.md")).read_text("utf-8")
    assert "[Tree code]((https://example.org/ivarga/tree.py))" in text
    (hint,) = findings(plan, "wrapped-link")
    assert (hint.path, hint.line, hint.severity) == ("_posts/2020-02-02-trees.md", 8, "info")
    missing = [f.message for f in findings(plan, "missing-file")
               if f.path == "_posts/2020-02-02-trees.md"]
    assert len(missing) == 1 and "/files/notes.pdf" in missing[0], missing


def test_an_address_inside_quote_marks_is_no_file_of_the_site(tmp_path):
    """`[the paper]("https://…/a.pdf")`: kramdown keeps the quotes as part of the address
    (`href="&quot;https://…&quot;"`), a path of this site that led nowhere on the old site.
    It is not carried as a missing file (`/assets/pdf/…/"https:/…`, with the advice to put
    a file there): it is left as written (the new site's kramdown shows the same) and the
    typo is named where it is."""
    from test_target_shows import _academicpages
    src, dest = _academicpages(tmp_path, {"_posts/2020-03-03-moss.md": (
        "---\ntitle: 'Moss'\ndate: 2020-03-03\npermalink: /posts/2020/03/moss\n---\n"
        "Two papers:\n\n- [Moss growth](\"https://example.org/lnoor/moss.pdf\").\n"
        "- [Spores](\u201chttps://example.org/lnoor/spores.pdf\u201d).\n"
        "- [Notes](/files/notes.pdf).\n")}), tmp_path / "dest"
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    text = next(dest.glob("_posts/2020-03-03-moss.md")).read_text("utf-8")
    assert '[Moss growth]("https://example.org/lnoor/moss.pdf")' in text
    assert "[Spores](\u201chttps://example.org/lnoor/spores.pdf\u201d)" in text
    hints = findings(plan, "quoted-link")
    assert sorted((f.path, f.line, f.severity) for f in hints) == [
        ("_posts/2020-03-03-moss.md", 8, "info"), ("_posts/2020-03-03-moss.md", 9, "info")]
    missing = [f.message for f in findings(plan, "missing-file")
               if f.path == "_posts/2020-03-03-moss.md"]
    assert len(missing) == 1 and "/files/notes.pdf" in missing[0], missing


def test_an_attribute_inside_a_quoted_value_is_no_link():
    """An embedded calendar's address carries `?src=…&ctz=…` in its query: that `src=` is
    text of the quoted `src` value, not an attribute of the tag; the address stays whole,
    while an unquoted attribute after a quoted one is still a link."""
    from sitemigrate.formats.content import rewrite_links
    body = ('<iframe src="https://calendar.example.org/embed?src=ivarga%40example.org&ctz=UTC"'
            ' width="800"></iframe>\n<img alt="a src=b" src=/a.png>')
    assert rewrite_links(body, lambda u: None if "://" in u else "/NEW" + u) == body.replace(
        "src=/a.png", "src=/NEW/a.png")


def test_values_per_language_of_a_bilingual_site(tmp_path):
    """A bilingual academicpages site whose own layouts show `{en: ..., sv: ...}` in the
    visitor's language: every value the target prints as a text (the site's title, the
    sidebar's bio, a menu label, an item's title, a publication's citation) is its first
    language's, each reported at its line; never the mapping written out as text."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = (src / "_config.yml").read_text()
    config = config.replace('title: "Tomás Lindqvist"', 'title:\n  en: "Field robots"\n'
                            '  sv: "Fältrobotar"', 1)
    config = config.replace('  bio: "Ecologist who builds robots for field work"',
                            '  bio:\n    en: "Ecologist who builds robots"\n'
                            '    sv: "Ekolog som bygger robotar"', 1)
    (src / "_config.yml").write_text(config)
    nav = src / "_data/navigation.yml"
    nav.write_text(nav.read_text().replace('  - title: "Publications"',
                                           '  - title:\n      en: "Publications"\n'
                                           '      sv: "Publikationer"', 1))
    pub = src / "_publications/2021-03-10-corridors.md"
    pub.write_text(pub.read_text().replace(
        'title: "Wildlife Corridors in Fragmented Forests"',
        'title:\n  en: "Wildlife Corridors in Fragmented Forests"\n  sv: "Viltkorridorer i skog"',
        1).replace("citation: 'Lindqvist", "citation:\n  sv: 'LINDQVIST, T. Viltkorridorer.'\n"
                   "  en: 'Lindqvist", 1))
    post = src / "_posts/2023-02-01-winter-fieldwork.md"
    post.write_text(post.read_text().replace("title: 'Winter fieldwork'",
                                             "title:\n  en: Winter fieldwork\n  sv: Vinterfält", 1))
    out = tmp_path / "af"
    plan = convert(src, out, "al-folio")
    written = "\n".join(p.read_text() for p in out.rglob("*")
                        if p.is_file() and p.suffix in (".md", ".bib", ".yml"))
    assert "{'en'" not in written and "{'sv'" not in written
    assert front(out / "_posts/2023-02-01-winter-fieldwork.md")["title"] == "Winter fieldwork"
    bib = (out / "_bibliography/papers.bib").read_text()
    assert "title = {Wildlife Corridors in Fragmented Forests}" in bib
    assert "Viltkorridorer i skog" not in bib and "LINDQVIST, T. Viltkorridorer" in bib
    assert front(out / "_pages/publications.html")["title"] == "Publications"
    assert "title: Field robots" in (out / "_config.yml").read_text()
    notes = {(f.path, f.line) for f in findings(plan, "i18n-value")}
    assert {("_config.yml", 6), ("_data/navigation.yml", 3), ("_posts/2023-02-01-"
            "winter-fieldwork.md", 2), ("_publications/2021-03-10-corridors.md", 2),
            ("_publications/2021-03-10-corridors.md", 10)} <= notes


def test_a_collection_added_to_the_config_stays_above_the_next_sections_heading(tmp_path):
    """A collection the converted site fills is added at the end of DEST's `collections:`
    block, before the comment lines that head the next section of the file (written at a
    shallower indent), not under that heading; an end-of-line comment stays on its line."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace(
        "  projects:\n    output: true\n",
        "  projects:\n    output: true\n  recipes:\n    output: true\n", 1))
    (src / "_recipes").mkdir()
    (src / "_recipes/bread.md").write_text("---\ntitle: Rye bread\n---\nSour and dark.\n")
    dest = tmp_path / "ap"
    dest.mkdir()
    (dest / "_config.yml").write_text(
        "title: Demo\ncollections:\n  talks:\n    output: true # the talks\n\n"
        "# ---------\n# Reading files\n# ---------\n\ninclude:\n  - _pages\n")
    convert(src, dest, "academicpages")
    text = (dest / "_config.yml").read_text()
    assert text.index("  recipes:") < text.index("# Reading files") < text.index("include:")
    assert "    output: true # the talks\n" in text
