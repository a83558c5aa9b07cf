"""Liquid the source already had never breaks DEST's build (sitemigrate.jekyll.named): a file
the owner's Liquid names through a `site.*` value or a jekyll-scholar `--file` is carried,
or the tag gets a placeholder or is kept as text, reported with its file and line.

Invented miniature sites; the checkouts are test_checkout's miniatures of each template.
"""

from __future__ import annotations

import shutil

from conftest import FIXTURES
from test_checkout import _convert, _write, academicpages_checkout, alfolio_checkout


def _source(root, fixture: str, files: dict[str, str]):
    """A copy of a fixture site with ``files`` added."""
    shutil.copytree(FIXTURES / fixture, root)
    return _write(root, files)


_BIB = "@article{doe2020methods,\n  title={Counting Pebbles},\n  author={Doe, Jane},\n" \
       "  journal={Journal of Small Things},\n  year={2020}\n}\n"


def test_bibliography_files_the_pages_name_are_carried_or_kept_as_text(tmp_path):
    src = _source(tmp_path / "src", "academicpages-site", {
        "_bibliography/methods.bib": _BIB,
        "_bibliography/pending.bib": _BIB + _BIB.replace("doe2020methods", "doe2099next")
                                                  .replace("2020", "forthcoming"),
        "_pages/themes.md": "---\npermalink: /themes/\ntitle: Themes\n---\n## Methods\n\n"
                            "{% bibliography --file methods %}\n\n## Gone\n\n"
                            "{% bibliography --file vanished %}\n\n## Soon\n\n"
                            "{% bibliography --file pending %}\n",
    })
    config = src / "_config.yml"
    config.write_text(config.read_text() + "scholar:\n  bibliography: '*.bib'\n"
                      "  source: ./_bibliography\n")
    dest = alfolio_checkout(tmp_path / "checkout")
    config = dest / "_config.yml"
    config.write_text(config.read_text().replace("scholar:\n", "scholar:\n  group_by: year\n"))
    plan = _convert(src, dest, "al-folio")
    # jekyll-scholar reads `--file methods` in DEST's scholar.source: the owner's file is there
    assert (dest / "_bibliography/methods.bib").read_text() == _BIB
    page = (dest / "_pages/themes.md").read_text()
    assert "\n{% bibliography --file methods %}\n" in page
    # a file that exists nowhere would stop the build: the tag stays visible, as text
    assert "{% raw %}{% bibliography --file vanished %}{% endraw %}" in page
    missing = [f for f in plan.report.findings if f.code == "bib-missing"]
    assert [(f.path, f.line) for f in missing] == [("_pages/themes.md", 12)]
    assert "vanished" in missing[0].message
    assert page.splitlines()[11] == "{% raw %}{% bibliography --file vanished %}{% endraw %}"
    # jekyll-scholar cannot sort `forthcoming` beside `2020` into year groups: that list is
    # shown whole, the others keep DEST's grouping
    assert "\n{% bibliography --file pending --group_by none %}\n" in page
    ungrouped = [f for f in plan.report.findings if f.code == "bib-ungrouped"]
    assert [(f.path, f.line) for f in ungrouped] == [("_pages/themes.md", 16)]
    assert "`doe2099next` of `_bibliography/pending.bib` has year `forthcoming`" \
        in ungrouped[0].message


def test_an_include_named_by_site_settings_resolves_as_jekyll_renders_it(tmp_path):
    src = _source(tmp_path / "src", "al-folio-site", {
        "_pages/service.md": "---\nlayout: page\npermalink: /service/\ntitle: Service\n---\n"
                             "Networks\n\n{% include {{site.baseurl}}/graph.html %}\n"
                             "{% include {{ site.baseurl }}/own.html %}\n"
                             "{% include {{ page.box }} %}\n",
        "_includes/own.html": "<p>my own box</p>\n",
    })
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    page = (dest / "_pages/service.md").read_text()
    assert "{% include {{site.baseurl}}/graph.html %}" in page  # the owner's Liquid as written
    # DEST's `baseurl` is empty: Jekyll looks for `_includes/graph.html`, which SRC lacks
    assert "renders nothing" in (dest / "_includes/graph.html").read_text()
    shims = [f for f in plan.report.findings if f.code == "include-shim"]
    assert any("graph.html" in f.message and f.path == "_pages/service.md" for f in shims)
    # the owner's file of that name is copied along
    assert (dest / "_includes/own.html").read_text() == "<p>my own box</p>\n"
    # a name only the page knows is left to the page
    assert not any("page.box" in f.message for f in shims)


def _about_profile(dest):
    import yaml
    text = (dest / "_pages/about.md").read_text()
    return yaml.safe_load(text.split("---\n")[1])["profile"]


def test_a_profile_picture_the_about_layout_cannot_read_never_breaks_the_build(tmp_path):
    # al-folio's about layout digests the picture at its address: `my face.png` is read as
    # `my%20face.png`, and a picture SRC lacks is read all the same; both stop the build
    for avatar, picture in (("my face.png", True), ("gone.png", False)):
        src = _source(tmp_path / avatar / "src", "academicpages-site", {})
        config = src / "_config.yml"
        config.write_text(config.read_text().replace('avatar: "profile.png"',
                                                     f'avatar: "{avatar}"'))
        if picture:
            (src / "images" / avatar).write_bytes(b"\x89PNG face")
        dest = alfolio_checkout(tmp_path / avatar / "checkout")
        plan = _convert(src, dest, "al-folio")
        profile = _about_profile(dest)
        codes = {f.code for f in plan.report.findings}
        if picture:
            assert profile["image"] == "my-face.png"
            assert (dest / "assets/img/my-face.png").read_bytes() == b"\x89PNG face"
            assert "profile-image-renamed" in codes
        else:
            assert "image" not in profile
            told = [f for f in plan.report.findings if avatar in f.message]
            # told once, at the line that names it; not again as a file no link names
            assert [(f.code, f.path) for f in told] == [("profile-image-missing",
                                                         "_config.yml")]
            assert config.read_text().splitlines()[told[0].line - 1].strip() == \
                f'avatar: "{avatar}"'


def test_theme_data_the_owner_wrote_goes_along_with_the_page_that_reads_it(tmp_path):
    """al-folio's `_data/repositories.yml` is one of its template's example files; the
    owner's own (their users and repositories), read by their repositories page that goes
    along, is theirs: copied, so that the page shows them (it was left out, the page empty)."""
    repos = "github_users:\n  - pebble-lab\n\ngithub_repos:\n  - pebble-lab/counting\n"
    page = ("---\nlayout: page\npermalink: /repositories/\ntitle: repositories\nnav: true\n"
            "---\n{% for user in site.data.repositories.github_users %}"
            "{% include repository/repo_user.liquid username=user %}{% endfor %}\n")
    files = {"_data/repositories.yml": repos, "_pages/repositories.md": page,
             "_includes/repository/repo_user.liquid": "<span>{{ include.username }}</span>\n"}
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(_source(tmp_path / "src", "al-folio-site", files), dest, "academicpages")
    assert (dest / "_data/repositories.yml").read_text() == repos
    copied = [f for f in plan.report.findings if f.code == "data-copied"]
    assert [f.path for f in copied] == ["_pages/repositories.md"]
    assert "`_data/repositories.yml` copied along" in copied[0].message



def test_a_key_the_sites_own_layout_showed_is_shown_again_or_a_loss(tmp_path):
    """Front matter no reader knows is kept as written. When SRC's own layout (or a layout
    it is laid into) showed it on the page (`{% for m in page.milestones %}`), the target's
    layouts do not: that part of the layout, plain Liquid, goes to the end of the page's
    text (in `{::nomarkdown}`, so kramdown passes its HTML as it is), said at the key's line
    with the layout's lines; a part that runs an include the target may lack is a loss,
    said so (it was "has no meaning; kept as written", while the home page lost the
    section)."""
    src = _source(tmp_path / "src", "al-folio-site", {
        "_layouts/about.liquid": "---\nlayout: framed\n---\n<article>{{ content }}</article>\n",
        "_layouts/framed.liquid": "---\nlayout: default\n---\n{{ content }}\n"
                                  "    {% if page.milestones %}\n      <h2>Milestones</h2>\n"
                                  "      {% for m in page.milestones %}\n"
                                  "        <p>{{ m.what | markdownify }}</p>\n"
                                  "      {% endfor %}\n    {% endif %}\n"
                                  "{% if page.badges %}{% include badge.liquid %}{% endif %}\n"
                                  "{% if page.quiet %}{% include quiet.liquid %}{% endif %}\n",
    })
    about = src / "_pages/about.md"
    text = about.read_text()
    assert text.startswith("---\nlayout: about\n")
    about.write_text(text.replace("permalink: /\n", "permalink: /\nmilestones:\n"
                                  "  - what: Founded the pebble survey\nbadges: [teal]\n"
                                  "badge_color: teal\nquiet: false\n", 1))
    line = about.read_text().splitlines().index("milestones:") + 1
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    found = {f.message.split("`")[1]: f for f in plan.report.findings
             if f.code == "extra-key-shown"}
    shown, lost = found["milestones"], found["badges"]
    assert (shown.path, shown.line, shown.severity) == ("_pages/about.md", line, "warning")
    assert "`_layouts/framed.liquid` (lines 5-10)" in shown.message
    page = next(p for p in dest.glob("_pages/*.md") if "milestones:" in p.read_text())
    assert page.read_text().endswith(
        "\n\n{::nomarkdown}\n{% if page.milestones %}\n  <h2>Milestones</h2>\n"
        "  {% for m in page.milestones %}\n    <p>{{ m.what | markdownify }}</p>\n"
        "  {% endfor %}\n{% endif %}\n{:/nomarkdown}\n")
    assert (lost.line, lost.severity) == (line + 2, "loss")
    assert "`_layouts/framed.liquid` (line 11)" in lost.message
    assert "quiet" not in found  # `false`: the layout showed nothing for it
    # a key no layout of SRC reads (or one it showed nothing for) stays "no meaning; kept"
    kept = [f.message.split("`")[1] for f in plan.report.findings if f.code == "extra-key"]
    assert {"badge_color", "quiet"} <= set(kept)


def test_what_the_themes_own_unchanged_layout_shows_is_carried_as_the_old_themes(
        tmp_path, monkeypatch):
    """A key a layout of the template as it ships writes into the page (an about layout's
    `page.status`) is not "your layout"'s: on a switch of theme, the old theme's block for
    it is carried to the end of the page's text (tests/test_their_layout_shown.py), said to
    be the old theme's layout's."""
    import sitemigrate.template_files as tf
    files = {"_layouts/about.liquid": "---\nlayout: default\n---\n{{ content }}\n"
                                      "{% if page.status %}<p>{{ page.status }}</p>{% endif %}\n"}
    src = _source(tmp_path / "src", "al-folio-site", files)
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("permalink: /\n", "permalink: /\nstatus: x\n", 1))
    monkeypatch.setattr(tf, "is_template_file", lambda theme, root, rel: rel in files)
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    said = [f for f in plan.report.findings if f.code == "extra-key-shown"]
    assert [f.outcome for f in said] == ["mapped"] and "old theme's layout" in said[0].message
    assert (dest / "_pages/about.md").read_text().rstrip().endswith(
        "{% if page.status %}<p>{{ page.status }}</p>{% endif %}\n{:/nomarkdown}")


def test_settings_an_include_carried_along_reads_are_kept_in_the_config(tmp_path):
    """An include of the site's own that goes along (its repositories page's card) reads
    `site.repo_theme_light`: the setting is kept in DEST's config, so the card shows what
    it showed (its image addresses were left without their theme, or their service). An
    include the target's own Liquid replaces (al-folio's figure, a construct) runs nowhere
    in DEST, and a switch an include tests would turn on a feature whose scripts DEST lacks
    (al-folio's bibliography search): those stay out."""
    files = {"_pages/code.md": "---\nlayout: page\npermalink: /code/\n"
                               "title: code\n---\n{% include repo_card.liquid %}\n"
                               "{% include figure.liquid path=\"assets/img/a.png\" %}\n",
             "_includes/repo_card.liquid": "<img src=\"https://stats.example.org/?theme="
                                           "{{ site.repo_theme_light }}\">\n{% if site.bib_search"
                                           " %}<script src=\"/assets/js/bibsearch.js\">{% endif %}",
             "_includes/figure.liquid": "{% if site.imagemagick.enabled %}x{% endif %}\n"}
    src = _source(tmp_path / "src", "al-folio-site", files)
    config = src / "_config.yml"
    config.write_text(config.read_text() + "repo_theme_light: dark-ink\n"
                      "imagemagick:\n  enabled: true\nbib_search: true\n")
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    written = (dest / "_config.yml").read_text()
    assert "repo_theme_light: dark-ink" in written
    assert "imagemagick" not in written and "bib_search" not in written
    (kept,) = [f for f in plan.report.findings if f.code == "config-key"
               and "`repo_theme_light`" in f.message]
    assert "reads `site.repo_theme_light`: kept as written" in kept.message
    assert not [f for f in plan.report.findings if f.code == "config-key"
                and "imagemagick" in f.message]


def test_a_key_counts_as_shown_only_where_the_layout_runs_for_that_page(tmp_path):
    """Which layout a page has, and which parts of it run for the page, decide what it
    shows: a collection item without `layout:` gets the one `_config.yml`'s `defaults` give
    its type (its `cuisine`, shown there, is a loss, where it was "no meaning"); a page of
    no collection that names the same layout does not run the branch `{% if page.collection
    == 'recipes' %}` (its `cuisine` has "no meaning", where it was said to be lost); what
    the layout writes into a `<meta>` tag or an HTML comment shows nothing; `excerpt` is
    read by academicpages' own listings."""
    entry = ("---\nlayout: default\n---\n"
             "<meta itemprop=\"description\" content=\"{{ page.summary }}\">\n"
             "<!-- {{ page.mood }} -->\n<h1>{{ page.title }}</h1>\n"
             "{% if page.collection == 'recipes' %}\n  <p>{{ page.cuisine }}</p>\n"
             "{% elsif page.date %}\n  <p>{{ page.date }}</p>\n{% endif %}\n{{ content }}\n")
    src = _source(tmp_path / "src", "academicpages-site", {
        "_layouts/entry.html": entry,
        "_recipes/barley-soup.md": "---\ntitle: Barley soup\ncuisine: Alpine\nsummary: warm\n"
                                   "mood: calm\nexcerpt: A soup of barley.\n---\nSimmer it.\n",
        "_pages/notes.md": "---\nlayout: entry\ntitle: Notes\npermalink: /notes/\n"
                           "cuisine: none\n---\nSome notes.\n",
    })
    config = src / "_config.yml"
    text = config.read_text().replace("collections:\n", "collections:\n  recipes:\n"
                                      "    output: true\n    permalink: /:collection/:path/\n", 1)
    config.write_text(text + "defaults:\n  - scope:\n      path: \"\"\n    values:\n"
                      "      layout: single\n  - scope:\n      path: \"\"\n      type: recipes\n"
                      "    values:\n      layout: entry\n")
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    shown = {(f.path, f.message.split("`")[1]) for f in plan.report.findings
             if f.code == "extra-key-shown"}
    kept = {(f.path, f.message.split("`")[1]) for f in plan.report.findings
            if f.code == "extra-key"}
    assert ("_recipes/barley-soup.md", "cuisine") in shown
    assert ("_pages/notes.md", "cuisine") in kept and ("_pages/notes.md", "cuisine") not in shown
    assert not {k for p, k in shown if k in ("summary", "mood", "excerpt")}
    excerpt = next(f for f in plan.report.findings if f.code == "extra-key"
                   and f.path == "_recipes/barley-soup.md" and "`excerpt`" in f.message)
    assert "academicpages's layouts read it too" in excerpt.message


def test_a_templates_own_files_in_images_and_files_are_not_the_owners(tmp_path, monkeypatch):
    """`images/` and `files/` of an academicpages site are the owner's, except the files a
    template checkout ships there as they are (its demo pictures, the favicons of an old
    template): those are carried only where a page links one, never as "site files" of the
    owner's (an upgrade copied an old template's favicons and demo images, and moved its
    `manifest.json` to `files/`)."""
    import sitemigrate.template_files as tf
    theirs = {"images/tile-70.png", "files/demo-paper.pdf", "files/cv.pdf"}
    src = _source(tmp_path / "src", "academicpages-site", {
        "images/tile-70.png": "tile", "files/demo-paper.pdf": "%PDF-1.1 demo\n",
        "images/pond.png": "pond"})
    real = tf.templates

    class Table:  # the theme's table of template files, with those three shipped as they are
        def __init__(self, table):
            self.table = table
            self.files = {**table.files, **{rel: {} for rel in theirs}}

        def owners(self, rel, data):
            return ["academicpages-2019"] if rel in theirs else self.table.owners(rel, data)

        def __getattr__(self, name):
            return getattr(self.table, name)
    monkeypatch.setattr(tf, "templates", lambda theme: Table(real(theme)))
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    carried = {f.message for f in plan.report.findings if "site file" in f.message}
    assert not (dest / "images/tile-70.png").exists()
    assert not (dest / "files/demo-paper.pdf").exists()
    assert (dest / "images/pond.png").read_text() == "pond"  # the owner's own: carried
    assert (dest / "files/cv.pdf").is_file()  # a template's file that pages link: carried
    assert not [m for m in carried if "tile-70" in m or "demo-paper" in m]


def test_what_the_owners_own_listing_showed_of_a_document_is_shown_or_said_lost(tmp_path):
    """The owner's own listing include shows a publication's `authors` and a course's
    `terms` (in its branch `post.collection == 'teaching'`); academicpages' layouts show
    neither key: the publication gets a `citation` with its authors (academicpages shows
    authors only there), the course's `terms` is a loss that names the include (it was "no
    meaning; kept as written"); a page's `terms`, which that branch never showed, is not.
    Without owner code that reads `authors`, no citation is made."""
    listing = ("<article>{{ post.title }}\n{% if post.authors %}<p>{{ post.authors | join: ', ' }}"
               "</p>{% endif %}\n{% if post.collection == 'teaching' %}<p>{{ post.terms | join: ', ' }}"
               "</p>{% endif %}\n<!-- {{ post.mood }} --></article>\n")
    files = {"_publications/pebbles.md": "---\ntitle: Counting Pebbles\ncollection: "
             "publications\ndate: 2021-03-01\nvenue: Journal of Small Things\nauthors:\n"
             "  - Jane Doe\n  - Ravi Rao\n---\nAbout pebbles.\n",
             "_teaching/2020-stones.md": "---\ntitle: Stones 101\ncollection: teaching\n"
             "type: Course\ndate: 2020-01-10\nterms:\n  - Spring 2020\nmood: calm\n---\nA course.\n",
             "_pages/plans.md": "---\ntitle: Plans\npermalink: /plans/\nterms: [Autumn]\n---\nSoon.\n"}
    src = _source(tmp_path / "src", "academicpages-site",
                  {**files, "_includes/archive-single.html": listing})
    plan = _convert(src, academicpages_checkout(tmp_path / "checkout"), "academicpages")
    pub = (tmp_path / "checkout/_publications/pebbles.md").read_text()
    assert 'citation: Jane Doe, Ravi Rao. (2021). "Counting Pebbles." <i>Journal of Small ' \
           "Things</i>." in pub
    lost = [f for f in plan.report.findings if f.code == "extra-key-shown"]
    assert [(f.path, f.message.split("`")[1]) for f in lost] == [
        ("_teaching/2020-stones.md", "terms")]
    assert "`_includes/archive-single.html`" in lost[0].message
    plain = _source(tmp_path / "src2", "academicpages-site", files)
    _convert(plain, academicpages_checkout(tmp_path / "checkout2"), "academicpages")
    assert "citation:" not in (tmp_path / "checkout2/_publications/pebbles.md").read_text()


def test_json_that_jekyll_get_json_loads_for_a_page_goes_along_as_site_data(tmp_path):
    """The owner's about page loops over `site.data.resume.education`, which jekyll-get-json
    loads from `assets/json/resume.json` (`jekyll_get_json:` in `_config.yml`). academicpages
    does not load that plugin: the same file is `_data/resume.json`, so the page shows the
    same list (it was nil: Jekyll stopped with "Cannot sort a null object")."""
    resume = '{"education": [{"institution": "Saltmarsh Institute", "startDate": "2011"}]}\n'
    about = ("---\nlayout: about\ntitle: about\npermalink: /\n---\nPebbles, counted.\n\n"
             "{% assign schools = site.data.resume.education | sort: 'startDate' %}"
             "{% for s in schools %}<p>{{ s.institution }}</p>{% endfor %}\n")
    src = _source(tmp_path / "src", "al-folio-site", {
        "assets/json/resume.json": resume, "_pages/about.md": about})
    config = src / "_config.yml"
    config.write_text(config.read_text() + "plugins:\n  - jekyll-get-json\n"
                      "jekyll_get_json:\n  - data: resume\n"
                      "    json: assets/json/resume.json\n")
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    assert (dest / "_data/resume.json").read_text() == resume
    copied = [f for f in plan.report.findings if f.code == "data-copied"]
    assert [f.path for f in copied] == ["_pages/about.md"], copied
    assert "`assets/json/resume.json`" in copied[0].message
