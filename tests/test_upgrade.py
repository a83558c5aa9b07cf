"""Same-theme conversion is the upgrade (sitemigrate.upgrade): an old al-folio copy converted
into a newer checkout keeps what its owner wrote as written (front matter, Liquid, layouts
the new checkout has, book keys), translates what the new template reads differently
(`{% mermaid %}`), leaves the old template's own files to the new checkout, and runs again
with nothing to do.

The sites are invented miniatures in the exact shape of the templates (file and key names
only); tests/test_upgrade_lab.py upgrades the real corpus in the lab.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from test_checkout import _write, academicpages_checkout, alfolio_checkout

import sitemigrate
import sitemigrate.template_files as tf
from sitemigrate import cli
from sitemigrate.registry import get_theme

PUBLICATIONS = ("---\nlayout: page\npermalink: /publications/\ntitle: papers\n"
                "years: [2024, 2021]\nnav: true\nnav_order: 2\n---\n"
                "<div class=\"publications\">\n{%- for y in page.years %}\n  <h2>{{y}}</h2>\n"
                "  {% bibliography -f papers -q @*[year={{y}}]* %}\n{% endfor %}\n</div>\n")


def old_site(root: Path) -> Path:
    """Vera Vega's site on a miniature al-folio of 2020-23 (`.html` includes)."""
    return _write(root, {
        "_config.yml": "title: blank\nfirst_name: Vera\nlast_name: Vega\n"
                       "scholar:\n  last_name: [Vega]\n  first_name: [Vera]\n"
                       "plugins: [jekyll/scholar]\ncollections:\n  books:\n    output: true\n",
        **{f"_layouts/{name}.html": "{{ content }}\n"
           for name in ("default", "page", "post", "about", "distill")},
        "_includes/news.html": "\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\nnews: true\nprofile:\n"
                           "  align: right\n---\nVera Vega grows gardens on the Moon.\n",
        "_pages/publications.md": PUBLICATIONS,
        "_bibliography/papers.bib": "@article{vega2024,\n  title={Tidal Gardens},\n"
                                    "  author={Vega, Vera},\n  year={2024}\n}\n",
        "_posts/2021-02-03-moon.md": "---\nlayout: distill\ntitle: Moon soil\n"
                                     "date: 2021-02-03\nauthors:\n  - name: Vera Vega\n---\n"
                                     "Soil first.\n\n{% mermaid %}\ngraph TD;\n  A-->B;\n"
                                     "{% endmermaid %}\n",
        "_books/tides.md": "---\nlayout: book-review\ntitle: Tides of the Sea\nstars: 4\n"
                           "status: Finished\nstarted: 2021-01-02\n---\nA good read.\n",
    })


def new_checkout(root: Path) -> Path:
    """A miniature al-folio 2024-25 checkout that has a distill and a book layout, and whose
    scripts read `page.mermaid` (no mermaid tag)."""
    alfolio_checkout(root)
    return _write(root, {"_layouts/distill.liquid": "{{ content }}\n",
                         "_layouts/book-review.liquid": "{{ page.stars }}{{ content }}\n",
                         "_includes/scripts.liquid": "{% if page.mermaid.enabled %}m{% endif %}\n",
                         "_pages/publications.md": "---\nlayout: page\npermalink: /publications/"
                                                   "\n---\n{% bibliography %}\n"})


def _known(monkeypatch, *checkouts: Path, theme: str = "al-folio") -> None:
    """Make the table of template files the one of these invented checkouts."""
    built = tf.build_table(get_theme(theme), list(checkouts))
    known = tf.Templates(built["templates"], built["files"], built["entries"])
    monkeypatch.setattr(tf, "templates", lambda theme: known)


VERA_ABOUT = "---\npermalink: /\ntitle: About\n---\n\nVera Vega grows gardens on the Moon.\n"


def vera_on_academicpages(root: Path, files: dict[str, str]) -> Path:
    """Vera Vega's site on a miniature academicpages (its checkout, her config and about
    page), with ``files``."""
    return _write(academicpages_checkout(root), {
        "_config.yml": "title: Vera Vega\nname: Vera Vega\nauthor:\n  name: Vera Vega\n"
                       "include: [_pages]\n", "_pages/about.md": VERA_ABOUT, **files})


@pytest.fixture
def sites(tmp_path):
    return old_site(tmp_path / "old"), new_checkout(tmp_path / "new")


def _front(text: str) -> tuple[dict, str]:
    _, fm, body = text.split("---\n", 2)
    return yaml.safe_load(fm), body


def test_owners_publications_liquid_is_kept(sites):
    src, dest = sites
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front, body = _front((dest / "_pages/publications.md").read_text())
    assert body == PUBLICATIONS.split("---\n", 2)[2]  # once, by the owner's loop
    assert front["years"] == [2024, 2021] and front["title"] == "papers"


def test_layout_the_new_checkout_has_stays_and_mermaid_is_what_it_reads(sites):
    src, dest = sites
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front, body = _front((dest / "_posts/2021-02-03-moon.md").read_text())
    assert front["layout"] == "distill"
    assert front["authors"] == [{"name": "Vera Vega"}]
    assert "{% mermaid %}" not in body and "```mermaid\ngraph TD;\n  A-->B;\n```" in body
    assert front["mermaid"]["enabled"] is True


def test_a_layout_the_new_checkout_lacks_is_the_writers(sites):
    src, dest = sites
    (dest / "_layouts/distill.liquid").unlink()
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front, _ = _front((dest / "_posts/2021-02-03-moon.md").read_text())
    assert front["layout"] != "distill"


def test_book_front_matter_is_carried(sites):
    src, dest = sites
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front, body = _front((dest / "_books/tides.md").read_text())
    assert (front["layout"], front["stars"], front["status"]) == ("book-review", 4, "Finished")
    assert str(front["started"]) == "2021-01-02" and body == "A good read.\n"


def test_the_old_templates_own_file_is_left_to_the_new_checkout(sites, tmp_path, monkeypatch):
    src, dest = sites
    stock = "email: nobody@example.org\n"  # the example person's links, as the template has them
    _write(src, {"_data/socials.yml": stock})
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"_data/socials.yml": stock}))
    ours = (dest / "_data/socials.yml").read_text() + "github_username: example-nobody\n"
    _write(dest, {"_data/socials.yml": ours})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert (dest / "_data/socials.yml").read_text() == ours


def test_a_custom_social_of_a_carried_socials_file_is_not_said_lost(sites):
    """Vera's `_data/socials.yml` has a custom entry (logo, title, address), which the
    writer's list of known profiles cannot hold. Her file, of the new checkout's shape, is
    carried whole, entry included: the report does not say the entry could not be carried."""
    src, dest = sites
    ours = ("github_username: vera-vega-example\ncustom_social:\n"
            "  logo: https://garden.example.org/logo.svg\n  title: Lunar Garden Log\n"
            "  url: https://garden.example.org/log/\n")
    _write(src, {"_data/socials.yml": ours})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert "url: https://garden.example.org/log/" in (dest / "_data/socials.yml").read_text()
    assert not [f for f in plan.report.findings
                if f.outcome == "lost" and "garden.example.org" in f.message]


def test_a_bibtex_file_no_page_lists_is_carried_and_not_said_lost(sites):
    """A second `.bib` file of Vera's that no page lists (the entries her notes draw on) is
    no list of her publications, but an upgrade carries it as written: the report says so,
    not that it was not carried."""
    src, dest = sites
    _write(src, {"_bibliography/notes.bib": "@article{moss2019,\n  title={Moss on Basalt},\n"
                 "  author={Quill, Ada},\n  journal={Lunar Botany},\n  year={2019}\n}\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert "moss2019" in (dest / "_bibliography/notes.bib").read_text()
    said = [f for f in plan.report.findings if f.path == "_bibliography/notes.bib"]
    assert said and not [f for f in said if f.outcome == "lost" or "not carried" in f.message]


def test_the_templates_example_bibliography_no_page_lists_is_no_loss(sites, tmp_path,
                                                                      monkeypatch):
    """Vera removed the publications page but kept her old template's example `.bib` file:
    no page listed its entries, and they are the template's, not hers: leaving them out
    loses her nothing (the report called it a loss)."""
    src, dest = sites
    stock = "@book{quill1901,\n  title={Notes on Moss},\n  author={Quill, Ada},\n  year={1901}\n}\n"
    (src / "_pages/publications.md").unlink()
    _write(src, {"_bibliography/papers.bib": stock})
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"_bibliography/papers.bib": stock}))
    plan = sitemigrate.convert(src, dest, to="al-folio")
    (said,) = [f for f in plan.report.findings if f.path == "_bibliography/papers.bib"]
    assert (said.outcome, said.severity) == ("mapped", "info"), said.message
    assert "example" in said.message


@pytest.mark.parametrize("old_had_it", [True, False])
def test_a_listing_page_the_owner_removed_is_not_put_back(sites, tmp_path, monkeypatch,
                                                          old_had_it):
    """Vera's papers are only cited by her posts: she removed the template's publications
    page, so the new checkout's does not come back into her menu. A listing page her old
    template never had is no choice of hers: the new one's shows her items."""
    src, dest = sites
    (src / "_pages/publications.md").unlink()
    old = {"_layouts/page.html": "{{ content }}\n"}
    if old_had_it:
        old["_pages/publications.md"] = PUBLICATIONS
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", old))
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert (dest / "_pages/publications.md").is_file() is not old_had_it
    gone = [f for f in plan.report.findings if f.code == "listing-removed"]
    assert len(gone) == old_had_it and all("publications page" in f.message for f in gone)
    assert "Tidal Gardens" in (dest / "_bibliography/papers.bib").read_text()


def test_the_old_templates_example_page_is_not_the_new_ones(sites, tmp_path, monkeypatch):
    """An example page the owner kept is the writer's (as in a theme switch): the new
    checkout's example page (its example person) never takes its place."""
    src, dest = sites
    stock = "---\nlayout: page\npermalink: /teaching/\ntitle: teaching\nnav: true\n---\n" \
            "Teaching of the old template.\n"
    _write(src, {"_pages/teaching.md": stock})
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"_pages/teaching.md": stock}))
    _write(dest, {"_pages/teaching.md": "---\nlayout: page\npermalink: /teaching/\n---\n"
                                        "The new example person teaches.\n"})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert "new example person" not in (dest / "_pages/teaching.md").read_text()


def test_a_stock_listing_page_both_templates_ship_as_is_stays(sites, tmp_path, monkeypatch):
    """The old template's blog page, unchanged, that the new checkout ships as it is: the
    new checkout's page lists the owner's posts as the old one did (with their
    descriptions), not the writer's shorter listing of a theme switch."""
    src, dest = sites
    stock = ("---\nlayout: default\npermalink: /blog/\ntitle: blog\nnav: true\n---\n"
             "{% for post in site.posts %}{{ post.title }}: {{ post.description }}"
             "{% endfor %}\n")
    _write(src, {"_pages/blog.md": stock})
    _write(dest, {"_pages/blog.md": stock})
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"_pages/blog.md": stock}))
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert (dest / "_pages/blog.md").read_text() == stock


def test_the_example_pages_of_both_templates_go(sites, tmp_path, monkeypatch):
    """A page of the old template's example content the owner left as it was (no menu entry,
    no listing of the owner's items: a bookshelf without books) is not carried, and the new
    checkout's example page at that path goes too, as in a theme switch; its address
    forwards into the site."""
    src, dest = sites
    (src / "_books/tides.md").unlink()  # this owner reads no books
    old = "---\nlayout: book-shelf\npermalink: /books/\ntitle: bookshelf\nnav: false\n---\n" \
          "Books the old template's example person reads.\n"
    new = "---\nlayout: book-shelf\npermalink: /books/\ntitle: bookshelf\nnav: false\n---\n" \
          "Books the new template's example person reads.\n"
    config = (src / "_config.yml").read_text() + "include: [_pages]\n"  # Jekyll serves them
    _write(src, {"_pages/books.md": old, "_config.yml": config})
    _write(dest, {"_pages/books.md": new, "_layouts/book-shelf.liquid": "{{ content }}\n"})
    _known(monkeypatch, _write(tmp_path / "al-folio-2098", {"_pages/books.md": old}),
           _write(tmp_path / "al-folio-2099", {"_pages/books.md": new}))
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert not (dest / "_pages/books.md").exists()
    assert not [p for p in dest.rglob("*.md") if "example person reads" in p.read_text()]
    assert (dest / "_pages/about.md").is_file()  # the home page stays
    assert any(u["old"] == "/books/" and u["how"] == "redirect" for u in plan.report.urls), \
        plan.report.urls


def test_a_page_jekyll_hides_behind_another_is_not_carried(sites):
    """Two pages at one address: Jekyll writes them in the order of their file names, so the
    live site shows the last. The upgrade carries that one, not the hidden one that has the
    file name the writer gives the page."""
    src, dest = sites
    _write(src, {"_pages/about_vera.md": "---\nlayout: about\npermalink: /\ntitle: about\n"
                                         "---\nVera Vega now grows gardens on Mars.\n"})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    about = (dest / "_pages/about.md").read_text()
    assert "gardens on Mars" in about and "on the Moon" not in about


def test_an_unpublished_draft_is_carried_as_written_and_stays_unpublished(sites):
    """Jekyll does not publish a post with `published: false`, so a theme switch leaves it
    out; an upgrade keeps the owner's draft in the repository as written (still unpublished),
    and says so instead of calling it lost; an upgrade run again has nothing to do."""
    src, dest = sites
    draft = ("---\nlayout: post\ntitle: Half-grown beans\npublished: false\n---\n"
             "Notes for later.\n")
    _write(src, {"_posts/2022-05-06-beans.md": draft})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert (dest / "_posts/2022-05-06-beans.md").read_text() == draft
    codes = {f.code: f for f in plan.report.findings}
    assert "unpublished" not in codes
    assert "_posts/2022-05-06-beans.md" in codes["upgrade-unpublished"].message
    assert sitemigrate.convert(src, dest, to="al-folio").up_to_date()


def test_a_post_file_without_a_date_is_carried_as_written_and_stays_unpublished(sites):
    """Jekyll's post reader takes only `_posts` files named `YYYY-MM-DD-title`: a file named
    otherwise is no page of the live site (not even a copied file). An upgrade keeps it in
    the repository as written, says so, and reports none of its contents as problems."""
    src, dest = sites
    note = "Jotted lines about {% include nowhere.liquid %} seed trays.\n"
    _write(src, {"_posts/seed-notes.md": note})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert (dest / "_posts/seed-notes.md").read_text() == note
    codes = {f.code: f for f in plan.report.findings}
    assert "_posts/seed-notes.md" in codes["upgrade-unpublished"].message
    assert not [f for f in plan.report.findings
                if f.path == "_posts/seed-notes.md" and f.code != "upgrade-unpublished"]


def test_a_post_file_without_a_suffix_is_carried_as_written_and_stays_unpublished(sites):
    """A `_posts` file named by a date but with no suffix (`2024-08-21-beansmd`, a dot
    lost) is no post to Jekyll either: an upgrade keeps the owner's file as written, and
    says why it is not published (no suffix, not "no date")."""
    src, dest = sites
    draft = "---\nlayout: post\ntitle: Bean trellis\n---\nTwine and stakes.\n"
    _write(src, {"_posts/2024-08-21-beansmd": draft})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert (dest / "_posts/2024-08-21-beansmd").read_text() == draft
    codes = {f.code: f for f in plan.report.findings}
    assert "_posts/2024-08-21-beansmd" in codes["upgrade-unpublished"].message


def test_the_old_paginate_keys_are_not_carried_beside_paginate_v2(sites):
    """jekyll-paginate-v2 (the new checkout's `pagination:`) stops the build when the old
    jekyll-paginate's `paginate` is set too: the owner's old keys are not carried."""
    src, dest = sites
    _write(src, {"_config.yml": (src / "_config.yml").read_text()
                 + "paginate: 4\npaginate_path: /blog/page:num/\n"})
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text()
                  + "pagination:\n  enabled: true\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    config = yaml.safe_load((dest / "_config.yml").read_text())
    assert "paginate" not in config and "paginate_path" not in config
    assert config["pagination"] == {"enabled": True}
    assert any(f.code == "config-key" and "`paginate` (4)" in f.message
               for f in plan.report.findings)


def test_upgrade_runs_again_with_nothing_to_do(sites):
    src, dest = sites
    sitemigrate.convert(src, dest, to="al-folio").apply()
    again = sitemigrate.convert(src, dest, to="al-folio")
    assert again.up_to_date(), [c.path for c in again.pending()]


def test_an_upgrade_is_up_to_date_at_once(tmp_path, monkeypatch):
    """`convert OLD NEW-CHECKOUT`, then `--check --no-cache` says up to date, and a second
    run changes nothing: a picture of the old template that the new one lacks stays the copy
    the first run made (the next run finds it in DEST, as the last run's, not the
    checkout's), and a site without a menu keeps the empty menu the first run wrote."""
    badge = "old template's badge"
    old = _write(tmp_path / "academicpages-2098", {"images/badge.png": badge})
    _known(monkeypatch, old, theme="academicpages")
    src = vera_on_academicpages(tmp_path / "src", {
        "images/badge.png": badge,
        "_data/navigation.yml": "main:\n#  - title: Talks\n#    url: /talks/\n",
        "_pages/about.md": VERA_ABOUT + "\n![badge](/images/badge.png)\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    # --force: the miniature checkout names its example person, not a placeholder
    args = ["convert", str(src), str(dest), "--to", "academicpages", "-q", "--force"]
    assert cli.main(args) in (0, 1)
    assert (dest / "images/badge.png").read_text() == badge
    assert cli.main([*args, "--check", "--no-cache"]) == 0
    again = sitemigrate.convert(src, dest, to="academicpages")
    assert again.up_to_date(), [(c.path, c.action) for c in again.pending()]


def test_the_old_templates_furniture_is_left_to_the_new_checkout(tmp_path):
    """An upgrade into a checkout treats SRC's theme furniture as a theme switch does: the
    Markdown guide of an older template (a copy the table of template files does not know)
    is not carried, the new checkout's own guide goes with the rest of its example content,
    its 404 page stays, and the old guide's address forwards home."""
    src = vera_on_academicpages(tmp_path / "src", {
        "_pages/markdown.md": "---\npermalink: /markdown/\ntitle: Markdown\n---\n"
                              "How an older template styles a table.\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    _write(dest, {"_pages/markdown.md": "---\npermalink: /markdown/\ntitle: Markdown\n---\n"
                                        "How the new template styles a table.\n"})
    assert cli.main(["convert", str(src), str(dest), "--to", "academicpages", "-q", "--force",
                     "--report", str(tmp_path / "report.json")]) in (0, 1)
    assert not (dest / "_pages/markdown.md").exists()
    assert (dest / "_pages/404.md").read_text() == \
        (academicpages_checkout(tmp_path / "pristine") / "_pages/404.md").read_text()
    urls = json.loads((tmp_path / "report.json").read_text())["urls"]
    assert {"old": "/markdown/", "how": "redirect"}.items() <= \
        next(u for u in urls if u["old"] == "/markdown/").items()


def test_the_menu_is_the_owners_even_where_the_old_template_wrote_it(tmp_path, monkeypatch):
    """A menu file the owner left as the old template shipped it is still the owner's menu
    (the pages it lists are theirs, or furniture that goes): the upgraded site's menu is
    made from it, not the new checkout's example menu."""
    menu = ("main:\n  - title: Publications\n    url: /publications/\n"
            "  - title: Guide\n    url: /markdown/\n")
    _known(monkeypatch, _write(tmp_path / "academicpages-2098", {"_data/navigation.yml": menu}),
           theme="academicpages")
    src = vera_on_academicpages(tmp_path / "src", {
        "_data/navigation.yml": menu,
        "_pages/markdown.md": "---\npermalink: /markdown/\ntitle: Markdown\n---\n"
                              "How the old template styles a table.\n",
        "_publications/2024-01-01-tides.md": "---\ntitle: Tidal Gardens of the Moon\n"
                                             "collection: publications\n---\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    assert cli.main(["convert", str(src), str(dest), "--to", "academicpages", "-q",
                     "--force"]) in (0, 1)
    nav = yaml.safe_load((dest / "_data/navigation.yml").read_text())["main"]
    assert [n["url"] for n in nav] == ["/publications/"]


def test_summary_names_the_steps(tmp_path, monkeypatch):
    old = _write(tmp_path / "al-folio-2098", {"_includes/news.html": "a\n",
                                               "_layouts/page.html": "p\n"})
    new = _write(tmp_path / "al-folio-2099", {"_includes/news.liquid": "b\n",
                                               "_layouts/page.liquid": "p\n",
                                               "_layouts/distill.liquid": "d\n"})
    _known(monkeypatch, old, new)
    src = old_site(tmp_path / "src")
    shutil.copytree(old, src, dirs_exist_ok=True)
    dest = new_checkout(tmp_path / "dest")
    shutil.copytree(new, dest, dirs_exist_ok=True)
    plan = sitemigrate.convert(src, dest, to="al-folio")
    steps = [f.message for f in plan.report.findings if f.code == "upgrade-step"]
    assert steps == ["al-folio-2098 -> al-folio-2099: `_layouts/`: 1 renamed .html -> "
                     ".liquid, 1 added; `_includes/`: 1 renamed .html -> .liquid."]


def _vera_site(root: Path, files: dict[str, str], without: str) -> Path:
    """Vera Vega's site on a miniature new checkout, with ``files`` and without the
    checkout's file ``without``."""
    src = _write(new_checkout(root), {"_config.yml": "title: blank\nfirst_name: Vera\n"
                                      "last_name: Vega\nthird_party_libraries:\n  katex: {}\n",
                                      **files})
    (src / without).unlink()
    return src


def test_json_cv_of_the_same_generation_is_carried_as_written(tmp_path):
    resume = ('{"basics": {"name": "Vera Vega"},\n "work": [{"name": "Lunar Farms Ltd",'
              ' "position": "Gardener", "startDate": "2020-01-01"}]}\n')
    src = _vera_site(tmp_path / "src", {"assets/json/resume.json": resume}, "_data/cv.yml")
    dest = new_checkout(tmp_path / "dest")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert (dest / "assets/json/resume.json").read_text() == resume


def test_data_a_page_reads_carried_as_written_has_nothing_to_merge(tmp_path):
    """Vera's repositories page reads her `_data/repositories.yml`: the upgrade carries it
    as written, so no finding asks her to merge it with the new checkout's example."""
    page = ("---\nlayout: page\npermalink: /repositories/\ntitle: repositories\n---\n"
            "{% for user in site.data.repositories.github_users %}{{ user }}{% endfor %}\n")
    src = new_checkout(tmp_path / "src")
    _write(src, {"_data/repositories.yml": "github_users:\n  - vera-vega\n",
                 "_pages/repositories.md": page,
                 "_config.yml": "title: blank\nfirst_name: Vera\nlast_name: Vega\n"
                                "third_party_libraries:\n  katex: {}\n"})
    dest = _write(new_checkout(tmp_path / "dest"),
                  {"_data/repositories.yml": "github_users:\n  - example-nobody\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert (dest / "_data/repositories.yml").read_text() == "github_users:\n  - vera-vega\n"
    assert not [f for f in plan.report.findings if f.code == "data-kept"]


@pytest.mark.parametrize("old_reads", ["site", "page"])
def test_a_page_switch_the_old_layout_never_read_is_what_the_page_showed(tmp_path, old_reads):
    """Vera's about page says `latest_posts: enabled: false`, but her old about layout
    switched the list by `site.latest_posts.enabled` (true), so her home page listed her
    posts; the new layout reads the page's switch: it says what her page showed. Where the
    old layout read the page's own switch, her value stays."""
    about = ("---\nlayout: about\ntitle: About\npermalink: /\nlatest_posts:\n"
             "  enabled: false\n---\nVera Vega grows gardens on the Moon.\n")
    src = new_checkout(tmp_path / "src")
    _write(src, {"_layouts/about.liquid": f"{{% if {old_reads}.latest_posts.enabled %}}"
                                          "{% include latest_posts.liquid %}{% endif %}"
                                          "{{ content }}\n",
                 "_pages/about.md": about,
                 "_posts/2021-02-03-moon.md": "---\nlayout: post\ntitle: Moon soil\n---\nSoil.\n",
                 "_config.yml": "title: blank\nfirst_name: Vera\nlast_name: Vega\n"
                                "latest_posts:\n  enabled: true\n"
                                "third_party_libraries:\n  katex: {}\n"})
    dest = _write(new_checkout(tmp_path / "dest"), {
        "_layouts/about.liquid": "{% if page.latest_posts.enabled %}{% include "
                                 "latest_posts.liquid %}{% endif %}{{ content }}\n"})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front, body = _front((dest / "_pages/about.md").read_text())
    assert front["latest_posts"]["enabled"] is (old_reads == "site")
    assert "Vera Vega grows gardens on the Moon." in body


def test_cv_data_is_carried_only_in_the_format_the_new_template_reads(tmp_path):
    """Two checkouts of one generation may read the CV in two formats (a RenderCV `cv:`
    mapping, a classic list): the owner's file is carried as written only where the new
    checkout's CV layout reads its format; else the writer's translation is written."""
    rendercv = ("cv:\n  name: Vera Vega\n  sections:\n    Experience:\n"
                "      - company: Lunar Farms Ltd\n        position: Gardener\n"
                "        start_date: 2020-01\n        end_date: present\n")
    src = new_checkout(tmp_path / "src")
    _write(src, {"_data/cv.yml": rendercv,
                 "_config.yml": "title: blank\nfirst_name: Vera\nlast_name: Vega\n"
                                "third_party_libraries:\n  katex: {}\n",
                 "_layouts/cv.liquid": "{% if page.cv_format == 'rendercv' %}"
                                       "{{ site.data.cv.cv.name }}{% endif %}\n",
                 "_pages/cv.md": "---\nlayout: cv\npermalink: /cv/\ntitle: cv\n"
                                 "cv_format: rendercv\n---\n"})
    (src / "assets/json/resume.json").unlink()
    dest = new_checkout(tmp_path / "dest")  # its CV layout loops over a classic list
    sitemigrate.convert(src, dest, to="al-folio").apply()
    cv = yaml.safe_load((dest / "_data/cv.yml").read_text())
    assert isinstance(cv, list) and "Lunar Farms Ltd" in (dest / "_data/cv.yml").read_text()


def test_data_in_a_format_the_new_checkout_reads_otherwise_is_not_carried(tmp_path):
    """Vera's classic `_data/cv.yml` (a list) is shown by no page of her site; the new
    checkout's CV layout reads `_data/cv.yml` as RenderCV (a mapping under `cv:`). Carried
    as written it would stand where the new layout finds no CV in it (the page then says
    that no CV data is configured), while the report says it was not carried: it is not."""
    classic = ("- title: Experience\n  type: time_table\n  contents:\n"
               "    - title: Gardener\n      institution: Lunar Farms Ltd\n      year: 2020\n")
    src = _vera_site(tmp_path / "src", {"_data/cv.yml": classic}, "assets/json/resume.json")
    rendercv = "cv:\n  name: Example Nobody\n  sections: {}\n"
    dest = _write(new_checkout(tmp_path / "dest"), {"_data/cv.yml": rendercv})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    cv = dest / "_data/cv.yml"
    assert cv.is_file() is False or "Lunar Farms Ltd" not in cv.read_text()
    assert [f for f in plan.report.findings
            if f.code == "cv-unused" and f.path == "_data/cv.yml"]


FEED_LAYOUT = ("---\nlayout: none\n---\n<?xml version=\"1.0\"?>\n<rss><channel>"
               "<title>{{ page.title }}</title></channel></rss>\n")


@pytest.mark.parametrize("target", ["al-folio", "academicpages"])
def test_a_collection_document_jekyll_renders_as_it_is_keeps_its_suffix_and_layout(
        tmp_path, target):
    """Vera's `_courses/tides.xml` is the RSS feed of a course: Jekyll has no converter for
    `.xml`, so it renders it through its own layout at `/teaching/tides.xml`, no HTML page.
    It stays a feed: written at its suffix, through her layout, which comes along (no
    template has it), never a `.md` page of the theme's page layout at `tides.html`."""
    src = new_checkout(tmp_path / "src")
    _write(src, {"_config.yml": "title: blank\nfirst_name: Vera\nlast_name: Vega\n"
                                "third_party_libraries:\n  katex: {}\ncollections:\n"
                                "  courses:\n    output: true\n"
                                "    permalink: /teaching/:title:output_ext\n",
                 "_layouts/course-feed.xml": FEED_LAYOUT,
                 "_courses/tides.xml": "---\nlayout: course-feed\ntitle: Tides 101\n"
                                       "year: 2021\n---\n"})
    dest = (new_checkout if target == "al-folio" else academicpages_checkout)(tmp_path / "d")
    plan = sitemigrate.convert(src, dest, to=target)
    plan.apply()
    assert not (dest / "_courses/tides.md").exists()
    front = yaml.safe_load((dest / "_courses/tides.xml").read_text().split("---")[1])
    assert front["layout"] == "course-feed" and front["title"] == "Tides 101"
    assert (dest / "_layouts/course-feed.xml").read_text() == FEED_LAYOUT
    assert not [f for f in plan.report.findings if f.code == "layout-missing"]


def test_only_a_collections_own_file_is_rendered_as_it_is():
    """A talk read from an entry of `_bibliography/talks.bib` (or from `_data/`) is no
    document of its own: it is written as a Markdown page; a collection's `.xml` file is
    rendered as it is."""
    from sitemigrate.jekyll.site import unconverted_suffix
    assert unconverted_suffix("_courses/tides.xml") == ".xml"
    assert unconverted_suffix("_bibliography/talks.bib") == ""
    assert unconverted_suffix("_data/talks.yml") == ""
    assert unconverted_suffix("_talks/tides.md") == unconverted_suffix("_talks/t.HTML") == ""
    assert unconverted_suffix("notes.txt") == ""  # a plain page's item: no collection's file


def _rendercv_site(root: Path, files: dict[str, str]) -> Path:
    """Vera Vega's site on a miniature al-folio whose CV layout reads a RenderCV `cv.yml`
    (the 2026 template), with ``files``."""
    src = new_checkout(root)
    _write(src, {"_config.yml": "title: blank\nfirst_name: Vera\nlast_name: Vega\n"
                                "third_party_libraries:\n  katex: {}\n"
                                "collections:\n  teachings:\n    output: true\n",
                 "_layouts/cv.liquid": "{% if page.cv_format == 'rendercv' %}"
                                       "{{ site.data.cv.cv.email }}{% endif %}\n",
                 "_pages/cv.md": "---\nlayout: cv\npermalink: /cv/\ntitle: cv\n"
                                 "cv_format: rendercv\n---\n", **files})
    (src / "assets/json/resume.json").unlink()
    return src


RENDERCV = ("cv:\n  name: Vera Vega\n  email: vera@moon.example\n"
            "  summary: Gardener of the lunar maria,\n    grower of tidal beans.\n"
            "  sections:\n    Awards and Honors:\n      - label: '2023'\n"
            "        details: Silver Trowel of the Lunar Horticultural Society\n"
            "      - bullet: Honorary member of the Crater Allotment Club\n")


def test_rendercv_one_line_entries_reach_a_classic_cv(tmp_path):
    """Into a checkout whose CV layout shows a classic list only (2025), a RenderCV CV
    (2026) keeps the one-line and bullet entries of a section titled like a JSON Resume one
    (`Awards and Honors`): RenderCV tells an entry's type by its keys, not by the title."""
    src = _rendercv_site(tmp_path / "src", {"_data/cv.yml": RENDERCV})
    dest = new_checkout(tmp_path / "dest")  # its CV layout loops over a classic list
    sitemigrate.convert(src, dest, to="al-folio").apply()
    cv = yaml.safe_load((dest / "_data/cv.yml").read_text())
    awards = next(s for s in cv if s["title"] == "Awards and Honors")
    assert awards["contents"] == [
        {"title": "Silver Trowel of the Lunar Horticultural Society", "year": "2023"},
        {"title": "Honorary member of the Crater Allotment Club"}]


def test_rendercv_basics_are_the_first_section_of_a_classic_cv(tmp_path):
    """The RenderCV CV's own name, email and summary (the 2026 CV layout shows them) have
    no place in a classic list but a first section, `Basics`, as the 2025 layout titles a
    JSON Resume's."""
    src = _rendercv_site(tmp_path / "src", {"_data/cv.yml": RENDERCV})
    dest = new_checkout(tmp_path / "dest")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert any(f.code == "cv-basics" and "`Name`, `Email`, `Summary`" in f.message
               for f in plan.report.findings)
    cv = yaml.safe_load((dest / "_data/cv.yml").read_text())
    assert cv[0] == {"title": "Basics", "type": "map", "contents": [
        {"name": "Name", "value": "Vera Vega"},
        {"name": "Email", "value": '<a href="mailto:vera@moon.example">vera@moon.example</a>'},
        {"name": "Summary", "value": "Gardener of the lunar maria, grower of tidal beans."}]}


def test_a_course_whose_layout_the_new_checkout_lacks_shows_its_details(tmp_path):
    """A course page of a layout neither the owner's nor DEST's template has (2026's
    `course` into a 2025 checkout) is the writer's: DEST's plain layout, with a line of the
    details the course layout showed (its term, place, time)."""
    src = _rendercv_site(tmp_path / "src", {
        "_layouts/course.liquid": "{{ page.term }} {{ page.location }} {{ page.time }}"
                                  "{{ content }}\n",
        "_teachings/tides.md": "---\nlayout: course\ntitle: Tides\nterm: Fall\n"
                               "location: Crater Hall\ntime: Mondays, 9-11 AM\n---\n"
                               "Why the sea rises twice a day.\n"})
    dest = new_checkout(tmp_path / "dest")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front, body = _front((dest / "_teachings/tides.md").read_text())
    assert front["layout"] == "page" and front["time"] == "Mondays, 9-11 AM"
    assert body.startswith("{{ page.term }}, {{ page.location }}, {{ page.time }}\n"), body
    assert "Why the sea rises twice a day." in body


def test_owners_bibliography_files_are_carried_without_example_entries(sites, tmp_path,
                                                                        monkeypatch):
    src, dest = sites
    example = "@book{nobody1900,\n  title={A Book of Nobody},\n  year={1900}\n}\n"
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"_bibliography/papers.bib": example}))
    papers = (src / "_bibliography/papers.bib").read_text()
    config = (src / "_config.yml").read_text() + "  projects:\n    output: true\n"
    _write(src, {"_bibliography/papers.bib": example + "\n" + papers,
                 "_bibliography/moon.bib": "@misc{vega2020,\n  title={Moon Notes},\n"
                                           "  year={2020}\n}\n",
                 "_config.yml": config,  # a collection Jekyll publishes: declared
                 "_projects/moon.md": "---\nlayout: page\ntitle: Moon\n---\n"
                                      "{% bibliography --file moon %}\n"})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert (dest / "_bibliography/papers.bib").read_text() == papers
    assert (dest / "_bibliography/moon.bib").read_text().startswith("@misc{vega2020,")
    assert "{% bibliography --file moon %}" in (dest / "_projects/moon.md").read_text()


def test_example_entries_commented_out_in_one_comment_block_stay_a_comment(sites, tmp_path,
                                                                            monkeypatch):
    """The owner commented the template's example entries out inside one `@comment{...}`
    block, which BibTeX-ruby reads whole as a comment: carried whole. Cut at each `@` that
    starts a line, the example entries inside it went, with the block's closing brace, and
    the `@comment{` left open swallowed every entry after it (the publications page of an
    upgraded real site listed none of its papers)."""
    from sitemigrate.formats.bibtex import parse_bib
    src, dest = sites
    example = "@book{nobody1900,\n  title={A Book of Nobody},\n  year={1900}\n}\n"
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"_bibliography/papers.bib": example}))
    papers = (src / "_bibliography/papers.bib").read_text()
    owned = [e.key for e in parse_bib(papers).entries]
    block = "@comment{\n" + example + "\n}\n\n"
    _write(src, {"_bibliography/papers.bib": block + papers})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    carried = (dest / "_bibliography/papers.bib").read_text()
    assert carried.startswith(block), carried[:200]
    assert owned and [e.key for e in parse_bib(carried).entries] == owned


def test_a_project_files_own_key_of_a_listed_paper_stays_in_its_file(sites):
    """A project's file keys a paper of the publications page's file its own way: the
    writer's bibliography holds the paper once, and the project's file, carried as written,
    still holds it under its own key (the owner's Liquid that lists that file shows it)."""
    src, dest = sites
    _write(src, {"_bibliography/moon.bib": "@article{vega_tidal_2024,\n  title={Tidal "
                                           "{Gardens}},\n  year={2024}\n}\n",
                 "_projects/moon.md": "---\nlayout: page\ntitle: Moon\n---\n"
                                      "{% bibliography --file moon %}\n"})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert (dest / "_bibliography/moon.bib").read_text().startswith("@article{vega_tidal_2024,")
    assert (dest / "_bibliography/papers.bib").read_text().count("Tidal") == 1


def test_an_entry_the_writer_leaves_out_is_not_carried_back(sites):
    """A yearless entry stops the build of a bibliography grouped by year: the writer leaves
    it out (and says so), and the owner's file carried as written leaves it out too, its
    `@string` definitions and dated entries kept."""
    src, dest = sites
    _write(src, {"_bibliography/papers.bib": "@string{moon = {Lunar Letters}}\n"
                                             "@article{vega2024,\n  title={Tidal Gardens},\n"
                                             "  journal=moon,\n  year={2024}\n}\n"
                                             "@misc{vega-notes,\n  title={Garden Notes}\n}\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    papers = (dest / "_bibliography/papers.bib").read_text()
    assert "@string{moon" in papers and "@article{vega2024," in papers
    assert "vega-notes" not in papers, papers
    # here no page showed it either (the page lists the years of its `years:` only)
    assert any(f.code in ("publication-no-year", "bib-unselected") and "vega-notes" in f.message
               for f in plan.report.findings)


def test_entries_no_query_selects_are_said_to_stay_in_their_file(sites):
    """The publications page lists the years of its `years:` only: an entry of another year
    shows nowhere. The upgrade keeps it in the owner's file; the report said "not carried"."""
    src, dest = sites
    _write(src, {"_bibliography/papers.bib": "@article{vega2024,\n  title={Tidal Gardens},\n"
                                             "  year={2024}\n}\n@article{vega2009,\n  "
                                             "title={Early Kelp},\n  year={2009}\n}\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert "@article{vega2009," in (dest / "_bibliography/papers.bib").read_text()
    (said,) = [f for f in plan.report.findings if f.code == "bib-unselected"]
    assert said.outcome == "mapped" and "vega2009" in said.message
    assert "stay in the file" in said.message and "not carried" not in said.message


def test_a_template_picture_the_owner_kept_stays_as_the_new_checkouts(sites, tmp_path,
                                                                      monkeypatch):
    src, dest = sites
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"assets/img/prof_pic.jpg": "old jpg"}))
    _write(src, {"assets/img/prof_pic.jpg": "old jpg"})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert (dest / "assets/img/prof_pic.jpg").read_text() == "jpg"  # the new checkout's


def test_a_page_naming_an_example_file_that_goes_is_the_writers(sites, tmp_path, monkeypatch):
    src, dest = sites
    example = "---\nlayout: page\n---\nThe example person's profile.\n"
    _write(src, {"_pages/about_nobody.md": example,
                 "_pages/people.md": "---\nlayout: profiles\npermalink: /people/\ntitle: people"
                                     "\nprofiles:\n  - content: about_nobody.md\n---\n"
                                     "The people of Vera's lab.\n"})
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"_pages/about_nobody.md": example}))
    sitemigrate.convert(src, dest, to="al-folio").apply()
    people = (dest / "_pages/people.md").read_text()
    assert "about_nobody.md" not in people and "The people of Vera's lab." in people


def test_the_owners_file_a_page_names_comes_along(sites):
    src, dest = sites
    _write(src, {"_pages/about_vera.md": "Vera Vega, gardener of the Moon.\n",
                 "_pages/people.md": "---\nlayout: page\npermalink: /people/\ntitle: people"
                                     "\nprofiles:\n  - content: about_vera.md\n---\n"})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert "about_vera.md" in (dest / "_pages/people.md").read_text()
    assert (dest / "_pages/about_vera.md").read_text() == "Vera Vega, gardener of the Moon.\n"


def test_a_dropdown_menu_page_stays_a_dropdown(sites, tmp_path, monkeypatch):
    """al-folio's header shows a page with `dropdown: true` as a toggle listing its
    `children` (`divider` a rule, no address): the upgraded page (the old template's own,
    so the writer's) is still one, not a menu link to the page's own address
    (`/_pages/more/`, a page with no text)."""
    src, dest = sites
    stock = ("---\nlayout: page\ntitle: more\nnav: true\nnav_order: 5\ndropdown: true\n"
             "children:\n  - title: papers\n    permalink: /publications/\n"
             "  - title: divider\n  - title: garden log\n    permalink: /blog/\n---\n")
    _write(src, {"_pages/more.md": stock})
    _known(monkeypatch, _write(tmp_path / "al-folio-2099", {"_pages/more.md": stock}))
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front, _ = _front((dest / "_pages/more.md").read_text())
    assert front["nav"] is True and front["dropdown"] is True
    assert front["children"] == [{"title": "papers", "permalink": "/publications/"},
                                 {"title": "divider"},
                                 {"title": "garden log", "permalink": "/blog/"}]


def test_a_comment_cut_open_by_the_excerpt_is_not_shown(tmp_path):
    """Jekyll's excerpt of a document is its text up to the first blank line; a comment the
    owner wrote across a blank line is cut open there, and academicpages' lists would print
    the commented-out text. The written `excerpt:` leaves the comment out; a comment closed
    before the blank line, or a document whose excerpt is set, is left as it is."""
    from sitemigrate.jekyll.documents import comment_safe_excerpt
    hidden = "<!-- Old abstract of the moon paper.\n\nCited as: Vega 2019. -->\n"
    src = vera_on_academicpages(tmp_path / "src", {
        "_publications/2024-01-01-tides.md": "---\ntitle: Tidal Gardens of the Moon\n"
                                             "collection: publications\n---\n" + hidden,
        "_talks/2024-02-02-soil.md": "---\ntitle: Moon Soil Talk\ncollection: talks\n---\n"
                                     "Given at the crater.\n<!-- draft\n\nnotes -->\n",
        "_talks/2024-03-03-rock.md": "---\ntitle: Moon Rock Talk\ncollection: talks\n"
                                     "excerpt: Rocks.\n---\n" + hidden})
    dest = academicpages_checkout(tmp_path / "dest")
    sitemigrate.convert(src, dest, to="academicpages").apply()
    front, body = _front(next((dest / "_publications").glob("*tides*.md")).read_text())
    assert front["excerpt"] == "" and body == hidden  # the comment itself kept as written
    front, _ = _front(next((dest / "_talks").glob("*soil*.md")).read_text())
    assert front["excerpt"] == "Given at the crater."
    front, _ = _front(next((dest / "_talks").glob("*rock*.md")).read_text())
    assert front["excerpt"] == "Rocks."
    assert comment_safe_excerpt("<!-- closed -->\n\nText.\n", "\n\n") is None
    assert comment_safe_excerpt("Text.\n<!-- open\n", "\n\n") is None  # no separator


_TALKMAP_PAGE = ("---\nlayout: archive\ntitle: Talk map\npermalink: /talkmap.html\n---\n\n"
                 '<iframe src="/talkmap/map.html" height="700" width="850"></iframe>\n')
_TALKMAP_HTML = ('<html><head><script src="org-locations.js"></script></head>'
                 "<body>a map</body></html>\n")
_EXAMPLE_PINS = 'var addressPoints = [["Example Hall; Nowhere", 1.0, 2.0]];\n'


@pytest.mark.parametrize("pins, owned", [
    ('var addressPoints = [["Moon Base, Mare Imbrium", 3.5, 4.5]];\n', True),
    (_EXAMPLE_PINS, False)])
def test_the_talk_map_made_from_the_owners_talks_stays_in_an_upgrade(tmp_path, monkeypatch,
                                                                     pins, owned):
    """academicpages' talk map (`/talkmap.html`, a frame of `talkmap/map.html`, which shows
    the pins talkmap.py wrote into `talkmap/org-locations.js` from the owner's talks) is the
    theme's furniture, but where the pins are the owner's the page shows the owner's talks:
    the upgrade keeps the page at its address and carries the pins over the new template's
    example pins (before: the page went, its address forwarded home, and the new site's
    map, had a visitor found it, showed the template's example talks). A map still showing
    the template's own pins is no one's: it goes, as before."""
    stock = {"_pages/talkmap.html": _TALKMAP_PAGE, "talkmap/map.html": _TALKMAP_HTML,
             "talkmap/org-locations.js": _EXAMPLE_PINS}
    _known(monkeypatch, _write(tmp_path / "academicpages-2098", stock), theme="academicpages")
    src = vera_on_academicpages(tmp_path / "src", {
        **stock, "talkmap/org-locations.js": pins,
        "_config.yml": "title: Vera Vega\nname: Vera Vega\nauthor:\n  name: Vera Vega\n"
                       "include: [_pages]\ntalkmap_link: true\n",
        "_talks/2024-05-01-tides.md": "---\ntitle: Tides of the Moon\ncollection: talks\n"
                                      "location: Moon Base, Mare Imbrium\n---\n"})
    dest = _write(academicpages_checkout(tmp_path / "dest"), stock)
    plan = sitemigrate.convert(src, dest, to="academicpages")
    urls = {u["old"]: u for u in plan.report.urls}
    if owned:
        assert "_pages/talkmap.html" in plan.files
        assert "permalink: /talkmap.html" in plan.files["_pages/talkmap.html"].decode()
        carried = plan.files.get("talkmap/org-locations.js")
        copied = plan.copies.get("talkmap/org-locations.js")
        assert (carried.decode() if carried else Path(copied).read_text()) == pins
        assert urls["/talkmap.html"]["how"] == "same"
        assert any(f.code == "furniture-owned" and "talkmap/org-locations.js" in f.message
                   for f in plan.report.findings)
    else:
        assert "_pages/talkmap.html" not in plan.files
        assert urls["/talkmap.html"]["how"] == "redirect"


def test_an_about_page_without_a_profile_box_gets_no_empty_one(sites):
    """al-folio's about layout draws the profile box (a floated column) whenever the page has
    a `profile`: an about page that had none, and no picture to show, gains none on the
    upgrade; one that had one keeps it."""
    src, dest = sites
    sitemigrate.convert(src, dest, to="al-folio").apply()
    assert _front((dest / "_pages/about.md").read_text())[0]["profile"] == {
        "align": "right", "image_circular": False}
    _write(src, {"_pages/about.md": "---\nlayout: about\npermalink: /\n---\nVera Vega grows "
                                    "gardens on the Moon.\n"})
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front, body = _front((dest / "_pages/about.md").read_text())
    assert "profile" not in front and body.strip() == "Vera Vega grows gardens on the Moon."


def test_a_key_your_layout_showed_is_said_as_the_upgraded_page_shows_it(sites):
    """An upgrade carries the owner's page as written, not the writer's text with the part of
    the layout that showed a key added at its end: where the owner's layout goes along (no
    template has one of its name) it still shows the key, and is said to; where the new
    checkout's layout of that name replaces the owner's changed one, the key is said lost,
    not "added at the end of the page's text"."""
    src, dest = sites
    motto = "{% if page.motto %}<p>{{ page.motto }}</p>{% endif %}\n{{ content }}\n"
    _write(src, {"_layouts/about.html": motto, "_layouts/notes.html": motto,
                 "_pages/about.md": "---\nlayout: about\npermalink: /\nmotto: Grow slowly\n"
                                    "---\nVera Vega grows gardens on the Moon.\n",
                 "_pages/notes.md": "---\nlayout: notes\ntitle: Notes\npermalink: /notes/\n"
                                    "motto: Water first\n---\nNotes on lunar soil.\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    said = {f.path: (f.outcome, f.message) for f in plan.report.findings
            if f.code == "extra-key-shown"}
    assert said["_pages/about.md"][0] == "lost" and "replaces yours" in said["_pages/about.md"][1]
    assert said["_pages/notes.md"][0] == "mapped" and "comes along" in said["_pages/notes.md"][1]
    assert not any("added at the end" in m for _, m in said.values())
    for page in ("about", "notes"):
        assert "{::nomarkdown}" not in (dest / f"_pages/{page}.md").read_text()
    assert "{{ page.motto }}" in (dest / "_layouts/notes.html").read_text()


def test_a_layout_switch_of_a_file_carried_as_written_is_not_said_dropped(tmp_path):
    """On an upgrade her course page is carried as she wrote it, `author_profile: true` and
    all (the new academicpages reads it as the old did): the report does not say the switch
    was not carried."""
    src = vera_on_academicpages(tmp_path / "src", {
        "_config.yml": "title: Vera Vega\nname: Vera Vega\nauthor:\n  name: Vera Vega\n"
                       "include: [_pages]\ncollections:\n  teaching:\n    output: true\n",
        "_teaching/2021-dunes.md": "---\ntitle: Dune Ecology\ncollection: teaching\n"
                                   "author_profile: true\ndate: 2021-03-01\n---\n"
                                   "Two weeks on the coast.\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    assert "author_profile: true" in (dest / "_teaching/2021-dunes.md").read_text()
    assert not any(f.code == "theme-switch" for f in plan.report.findings)


def test_a_publication_with_a_year_and_no_date_is_not_said_to_have_no_year(tmp_path):
    """A publication that gives `year: 2022` and no `date:` is dated in its year, and the
    report says so; it is not told to add the year it has."""
    src = vera_on_academicpages(tmp_path / "src", {
        "_publications/tides.md": "---\ntitle: Tidal Gardens of the Moon\n"
                                  "collection: publications\nyear: 2022\n---\nVega. 2022.\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    plan = sitemigrate.convert(src, dest, to="academicpages")
    plan.apply()
    front, _ = _front((dest / "_publications/tides.md").read_text())
    assert str(front["date"]) == "2022-01-01", front
    said = [f for f in plan.report.findings if f.code == "no-date"]
    assert said and all("has no year" not in f.message for f in said), said
    assert "gives its year (2022)" in said[0].message and said[0].outcome == "mapped"
