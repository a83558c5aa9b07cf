"""Every finding names the file and line it is about (issue 31): a finding about a config key
names that key's line of `_config.yml`, one about a data entry (a profile of
`_data/socials.yml`, an entry of `jekyll_get_json`) that entry's line; a finding about a file
of DEST (the template's own) says so and never names it as the owner's; a finding about
several files of SRC names the one file, or the folder that holds them all."""

from __future__ import annotations

import shutil
from pathlib import Path

from test_checkout import _write, alfolio_checkout

import sitemigrate
from sitemigrate.api import read_site
from sitemigrate.report_formats import DEST_FINDING_CODES

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _line(path: Path, start: str) -> int:
    """The 1-based line of ``path`` whose text (indent left out) starts with ``start``."""
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1)
                if line.strip().startswith(start))


def _json_findings(plan: sitemigrate.Plan, code: str) -> list[dict]:
    """The findings of ``code`` as the JSON report (`--report r.json`) lists them."""
    return [f for f in plan.report.to_json()["findings"] if f["code"] == code]


def test_a_profile_of_the_config_or_of_socials_yml_is_said_at_its_own_line(tmp_path):
    """An al-folio site's profiles: one under an old config key of `_config.yml`, others in
    `_data/socials.yml` (one of a service no theme knows), and a CV fetched from elsewhere
    by `jekyll_get_json`: each finding names its file and the line of its own key or entry
    (was: the file with no line)."""
    src = _write(tmp_path / "src", {
        "_config.yml": "title: blank\nfirst_name: Oskar\nlast_name: Brandvold\n"
                       "url: https://oskar.example.org\n"
                       "jekyll_get_json:\n  - data: projects\n    json: assets/json/p.json\n"
                       "  - data: resume\n    json: https://cv.example.org/oskar.json\n"
                       "github_username: obrandvold\n",
        "_data/socials.yml": "# my profiles\nemail: oskar@example.org\n\n"
                             "orcid_id: 0000-0003-0000-0042\nkelp_forum_handle: oskar_b\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\ntitle: About\n---\n"
                           "Oskar maps kelp forests.\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages", from_="al-folio")
    config, socials = src / "_config.yml", src / "_data/socials.yml"
    said = {f["message"].split("`")[1]: (f["path"], f["line"])
            for f in _json_findings(plan, "social")}
    assert said["github"] == ("_config.yml", _line(config, "github_username:"))
    assert said["orcid"] == ("_data/socials.yml", _line(socials, "orcid_id:"))
    [unknown] = _json_findings(plan, "unknown-social")
    assert (unknown["path"], unknown["line"]) == ("_data/socials.yml",
                                                  _line(socials, "kelp_forum_handle:"))
    [remote] = _json_findings(plan, "cv-json-remote")
    assert (remote["path"], remote["line"]) == ("_config.yml", _line(config, "- data: resume"))


def test_an_author_profile_and_a_titled_name_are_said_at_their_author_keys(tmp_path):
    """academicpages keeps profiles and the owner's name under `author:`: each finding names
    the line of its key there (was: `_config.yml` with no line)."""
    src = _write(tmp_path / "src", {
        "_config.yml": "title: Peat Lab\nname: Peat Lab\nauthor:\n  avatar: iona.png\n"
                       "  name: Dr. Iona Fenwick\n  bio: Bogs and mosses\n"
                       "  github: ionafen\n  orcid: https://orcid.org/0000-0002-0000-0001\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\nauthor_profile: true\n---\n"
                           "I study mosses.\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio", from_="academicpages")
    config = src / "_config.yml"
    said = {f["message"].split("`")[1]: (f["path"], f["line"])
            for f in _json_findings(plan, "social")}
    assert said["github"] == ("_config.yml", _line(config, "github:"))
    assert said["orcid"] == ("_config.yml", _line(config, "orcid:"))
    titled = [(f["path"], f["line"]) for f in _json_findings(plan, "identity")
              if "is a title, not a first name" in f["message"]]
    assert titled == [("_config.yml", _line(config, "name: Dr."))]


def test_what_is_set_in_dests_config_is_said_as_dests_or_at_the_owners_file(tmp_path):
    """A conversion into a template checkout sets values of DEST's own config: related
    posts off (DEST's deploy workflow builds with `--lsi`), the blog page's header, its tag
    list, the about page's switches. None of these is said at the owner's `_config.yml`,
    which holds none of them: the workflow finding names DEST's workflow file and the line
    that runs `--lsi` (its path relative to DEST, as the report's format says for its
    code); the others the owner's page they come from, or no file with the message saying
    the config is DEST's; a collection's the folder of its items."""
    src = _write(tmp_path / "src", {
        "_config.yml": "title: Peat Lab\nname: Iona Fenwick\nauthor:\n  name: Iona Fenwick\n"
                       "collections:\n  talks:\n    output: true\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\nauthor_profile: true\n---\n"
                           "I study mosses.\n",
        "_pages/blog.md": "---\npermalink: /blog/\ntitle: Field notes\nlayout: archive\n---\n"
                          "{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
        "_posts/2024-01-02-bog.md": "---\ntitle: Bog walk\ntags: [bogs, walks]\n---\nWet.\n",
        "_talks/2024-moss.md": "---\ntitle: Moss talk\ndate: 2024-03-01\n---\nA talk.\n",
        "_talks/2023-lichen.md": "---\ntitle: Lichen talk\ndate: 2023-03-01\n---\nA talk.\n",
    })
    dest = alfolio_checkout(tmp_path / "dest")
    _write(dest, {"_layouts/about.liquid": "{% if site.announcements.enabled %}n{% endif %}"
                                           "{{ content }}\n",
                  "_config.yml": (dest / "_config.yml").read_text()
                  + "blog_name: An example blog\nannouncements:\n  enabled: true\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio", from_="academicpages")
    [related] = _json_findings(plan, "related-posts")
    assert "related-posts" in DEST_FINDING_CODES
    workflow = dest / related["path"]
    assert related["path"] == ".github/workflows/deploy.yml"
    assert "DEST's deploy workflow `.github/workflows/deploy.yml`" in related["message"]
    assert "--lsi" in workflow.read_text().splitlines()[related["line"] - 1]
    where = {code: (f["path"], f["line"]) for code in ("blog-header", "about-switches",
                                                        "blog-words", "collection")
             for f in _json_findings(plan, code)}
    assert where["blog-header"] == ("_pages/blog.md", 1)
    assert where["about-switches"] == ("_pages/about.md", 1)
    assert where["blog-words"] == (None, None)
    assert where["collection"] == ("_talks", None)
    for code in ("blog-header", "about-switches", "blog-words", "collection"):
        [f] = _json_findings(plan, code)
        assert "DEST's `_config.yml`" in f["message"], code


def test_a_menu_label_of_the_config_keeps_its_line(tmp_path):
    """al-folio 2020-22's blog entry is labelled by `blog_nav_title`: the site's settings
    keep the key's line with it (was: `_config.yml` with no line)."""
    from test_menu_origins import HEADER
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_includes").mkdir(exist_ok=True)
    (src / "_includes/header.html").write_text(HEADER)
    [label] = read_site(src).settings.menu_labels
    assert (label.key, label.origin.path, label.origin.line) == (
        "blog_nav_title", "_config.yml", _line(src / "_config.yml", "blog_nav_title:"))


def test_a_finding_about_several_files_names_the_one_or_their_folder():
    from sitemigrate.report import common_place
    assert common_place(["_includes/a.html"]) == "_includes/a.html"
    assert common_place(["_includes/a.html", "_includes/a.html"]) == "_includes/a.html"
    assert common_place(["_includes/x/a.html", "_includes/b.html"]) == "_includes"
    assert common_place(["_includes/x/a.html", "_includes/x/b.html"]) == "_includes/x"
    assert common_place(["_layouts/a.html", "_includes/b.html"]) is None
    assert common_place([]) is None


def test_an_upgrades_findings_about_the_owners_includes_name_where_they_are(tmp_path,
                                                                           monkeypatch):
    """An upgrade's findings about the owner's own includes (one that nothing includes, one
    to carry by hand) name the file, or the folder of several (was: no file at all)."""
    from test_upgrade import _known, new_checkout, old_site
    src = old_site(tmp_path / "old")  # (whose old template's post layout runs a banner)
    _write(src, {"_layouts/post.html": "{% include shore_banner.html %}{{ content }}\n"})
    old = {rel: (src / rel).read_text() for rel in ("_includes/news.html", *(
        f"_layouts/{name}.html" for name in ("default", "page", "post", "about", "distill")))}
    _known(monkeypatch, _write(tmp_path / "al-folio-2098", old),
           _write(tmp_path / "al-folio-2099", {"_includes/scripts.liquid":
                                              "{% if page.mermaid.enabled %}m{% endif %}\n"}))
    _write(src, {"_includes/kelp_counter.html": "<script>count('kelp')</script>\n",
                 "_includes/notes/tide_note.html": "<p>Tides</p>\n",
                 # (run by a layout, not named by a page, whose tag would copy it along)
                 "_includes/shore_banner.html": "<div>Shore</div>\n"})
    plan = sitemigrate.convert(src, new_checkout(tmp_path / "new"), to="al-folio")
    [unused] = _json_findings(plan, "upgrade-unused-include")
    assert "_includes/notes/tide_note.html" in unused["message"]
    assert unused["path"] == "_includes"  # (of `kelp_counter.html` and `notes/tide_note.html`)
    [look] = _json_findings(plan, "upgrade-look-at")
    assert "_includes/shore_banner.html" in look["message"]
    assert look["path"] == "_includes/shore_banner.html"


def test_the_templates_wording_in_the_config_is_said_at_its_key(tmp_path, monkeypatch):
    """A setting left at a template's own wording (`contact_note`) is said at its key's line
    of `_config.yml` (was: the file with no line)."""
    from test_upgrade import new_checkout, old_site
    from test_upgrade_rules import _known_settings
    note = "Write to me by carrier pigeon, if you must.\n"
    src = old_site(tmp_path / "old")
    _write(src, {"_config.yml": (src / "_config.yml").read_text() + f"contact_note: >\n  {note}"})
    dest = new_checkout(tmp_path / "new")
    _known_settings(monkeypatch, _write(tmp_path / "al-folio-2000",
                                        {"_config.yml": f"contact_note: >\n  {note}"}), dest)
    plan = sitemigrate.convert(src, dest, to="al-folio")
    [said] = _json_findings(plan, "template-wording")
    assert (said["path"], said["line"]) == ("_config.yml",
                                            _line(src / "_config.yml", "contact_note:"))


def test_a_menu_entry_to_the_themes_furniture_is_said_at_its_entry(tmp_path):
    """A menu entry that leads to a page of the theme's furniture (the template's terms
    page) is left out, said at its entry of `_data/navigation.yml` (was: no file)."""
    src = _write(tmp_path / "src", {
        "_config.yml": "title: Peat Lab\nname: Iona Fenwick\nauthor:\n  name: Iona Fenwick\n",
        "_data/navigation.yml": "main:\n  - title: About\n    url: /\n"
                                "  - title: Terms\n    url: /terms/\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\n---\nI study mosses.\n",
        "_pages/terms.md": "---\npermalink: /terms/\ntitle: Terms\n---\nNo terms.\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio", from_="academicpages")
    [said] = _json_findings(plan, "furniture-menu")
    assert (said["path"], said["line"]) == ("_data/navigation.yml",
                                            _line(src / "_data/navigation.yml", "- title: Terms"))


def test_an_old_address_forwarded_by_al_folio_names_the_page_it_was(tmp_path):
    """An old address that no page of the new site has forwards through al-folio's
    `redirect:` stub: the finding names the page of SRC that was at that address (was: no
    file, where the academicpages writer already named it)."""
    plan = sitemigrate.convert(FIXTURES / "academicpages-site", tmp_path / "out", to="al-folio")
    said = {f["message"].split("`")[1]: f["path"] for f in _json_findings(plan, "redirect")}
    assert said["/publication/2021-03-10-corridors"] == "_publications/2021-03-10-corridors.md"


def test_the_templates_example_author_values_are_said_at_the_first_of_them(tmp_path,
                                                                          monkeypatch):
    """`author` values left at the template's example (its sidebar bio) are said at the
    line of the first of those keys (was: `_config.yml` with no line)."""
    from test_checkout import academicpages_checkout

    import sitemigrate.template_files as tf
    from sitemigrate.registry import get_theme
    built = tf.build_table(get_theme("academicpages"),
                           [academicpages_checkout(tmp_path / "academicpages-2000")])
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         settings=built["settings"])
    monkeypatch.setattr(tf, "templates", lambda theme: known)
    src = _write(tmp_path / "src", {
        "_config.yml": "title: Peat Lab\nname: Iona Fenwick\nauthor:\n  name: Iona Fenwick\n"
                       "  github: ionafen\n  bio: An example sidebar bio of nobody\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\n---\nI study mosses.\n",
    })
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio", from_="academicpages")
    [said] = _json_findings(plan, "template-author")
    assert (said["path"], said["line"]) == ("_config.yml", _line(src / "_config.yml", "bio:"))
