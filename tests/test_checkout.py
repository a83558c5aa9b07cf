"""Converting into a checkout of the target template (sitemigrate.checkout): what DEST's
checkout has decides includes, layouts, tags, the CV's data file and `cv_pdf`; the
template's example content goes; the source theme's furniture is not carried; post URLs
are Jekyll's; static files keep their old URLs.

The checkouts here are invented miniatures in the exact shape of each template (file and
key names only); tests/test_real_theme.py builds the real ones.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import FIXTURES

import sitemigrate
from sitemigrate.jekyll.listings import kept_in_comment


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def academicpages_checkout(root: Path) -> Path:
    """A miniature academicpages template: its layouts, includes, example person."""
    return _write(root, {
        "_config.yml": "title: Example Person\nname: Example Person\nauthor:\n"
                       "  name: Example Person\n  bio: An example sidebar bio of nobody\n"
                       "  avatar: profile.png\npublication_category:\n  manuscripts:\n"
                       "    title: Journal Articles\ninclude: [_pages]\n"
                       "plugins: [jekyll-feed]\n",
        "_layouts/default.html": "{{ content }}\n", "_layouts/single.html": "{{ content }}\n",
        "_layouts/archive.html": "{{ content }}\n", "_layouts/talk.html": "{{ content }}\n",
        "_includes/base_path": "{% assign base_path = site.url %}\n",
        "_includes/archive-single.html": "{{ post.title }}\n",
        "_includes/author-profile.html": "{{ author.name }}\n",
        "_data/navigation.yml": "main:\n  - title: Talks\n    url: /talks/\n"
                                "  - title: Guide\n    url: /markdown/\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\nauthor_profile: true\n---\n\n"
                           "This is the example person of the miniature template.\n",
        "_pages/publications.html": "---\nlayout: archive\ntitle: Publications\npermalink: "
                                    "/publications/\n---\n{% include base_path %}\n",
        "_pages/talks.html": "---\nlayout: archive\ntitle: Talks\npermalink: /talks/\n---\n",
        "_pages/terms.md": "---\npermalink: /terms/\ntitle: Terms\n---\nExample terms.\n",
        "_pages/404.md": "---\ntitle: Not found\npermalink: /404.html\n---\nNothing here.\n",
        "_publications/2000-01-01-example-paper.md": "---\ntitle: An Example Paper of Nobody\n"
                                                     "collection: publications\n---\n",
        "_posts/2000-01-01-example-post.md": "---\ntitle: An example post of nobody\n---\n",
        "_talks/2000-01-01-example-talk.md": "---\ntitle: An example talk of nobody\n---\n",
        "files/example-paper.pdf": "%PDF-1.1\n",
        "markdown_generator/readme.md": "tools\n",
    })


def alfolio_checkout(root: Path) -> Path:
    """A miniature al-folio 2024-25 template: `.liquid` includes, a CV layout that shows
    `resume.json` before `cv.yml` and puts `assets/pdf/` before `cv_pdf`, no `course`."""
    cv_layout = ("---\nlayout: default\n---\n{% unless site.data.resume %}"
                 "<a href=\"{{ page.cv_pdf | prepend: 'assets/pdf/' | relative_url }}\">pdf</a>"
                 "{% for entry in site.data.cv %}{{ entry.title }}{% endfor %}"
                 "{% else %}{{ site.data.resume.basics.name }}{% endunless %}\n")
    return _write(root, {
        "_config.yml": "title: blank\nfirst_name: Example\nlast_name: Nobody\n"
                       "scholar:\n  last_name: [Nobody]\n  first_name: [Example, E.]\n"
                       "display_tags: [sample-tag, other-sample]\n"
                       "third_party_libraries:\n  katex: {}\ninclude: [_pages]\n"
                       "plugins: [jekyll/scholar, jekyll-feed]\n"
                       "related_blog_posts:\n  enabled: true\n  max_related: 5\n",
        ".github/workflows/deploy.yml": "jobs:\n  deploy:\n    steps:\n"
                                        "      - run: bundle exec jekyll build --lsi\n",
        "_layouts/default.liquid": "{{ content }}\n", "_layouts/page.liquid": "{{ content }}\n",
        "_layouts/post.liquid": "{{ content }}\n", "_layouts/about.liquid": "{{ content }}\n",
        "_layouts/cv.liquid": cv_layout,
        "_includes/figure.liquid": "<img>\n", "_includes/news.liquid": "\n",
        "_includes/projects.liquid": "\n",
        "_data/cv.yml": "- title: General\n  type: map\n  contents:\n"
                        "    - name: Name\n      value: Example Nobody of the Template\n",
        "_data/socials.yml": "email: nobody@example.org\n",
        "_data/repositories.yml": "github_users: [example-nobody]\n",
        "assets/json/resume.json": '{"basics": {"name": "Example Nobody"}}\n',
        "_bibliography/papers.bib": "@article{nobody2000, title={Example}, year={2000}}\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\nprofile:\n  align: right\n---\n"
                           "Example about text of nobody at all.\n",
        "_pages/blog.md": "---\nlayout: default\npermalink: /blog/\ntitle: blog\nnav: true\n"
                          "---\n",
        "_pages/repositories.md": "---\nlayout: page\npermalink: /repositories/\n"
                                  "title: repositories\nnav: true\n---\n",
        "_pages/404.md": "---\nlayout: page\npermalink: /404.html\n---\nNot here.\n",
        "_news/announcement_1.md": "---\nlayout: post\ndate: 2000-01-01\n---\nExample news.\n",
        "_projects/1_project.md": "---\nlayout: page\ntitle: example project\n---\n",
        "assets/pdf/example_pdf.pdf": "%PDF-1.1\n",
        "assets/html/example_paper.html": "<html><body>An example paper's page.</body></html>\n",
        "assets/img/prof_pic.jpg": "jpg",
    })


def _convert(src: Path, dest: Path, to: str, **kw):
    plan = sitemigrate.convert(src, dest, to=to, **kw)
    plan.apply()
    return plan


# -- into an academicpages checkout ----------------------------------------------------------

def test_template_example_content_goes_and_listing_pages_are_not_doubled(tmp_path):
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(FIXTURES / "al-folio-site", dest, "academicpages")
    assert not (dest / "_publications/2000-01-01-example-paper.md").exists()
    assert not (dest / "_posts/2000-01-01-example-post.md").exists()
    assert not (dest / "_talks/2000-01-01-example-talk.md").exists()
    assert not (dest / "files/example-paper.pdf").exists()
    # the owner's publications page replaces the template's (one file at /publications/)
    assert (dest / "_pages/publications.md").is_file()
    assert not (dest / "_pages/publications.html").exists()
    # the owner has no talks: no talks page, no menu entry; the example terms page goes
    assert not (dest / "_pages/talks.html").exists()
    assert not (dest / "_pages/terms.md").exists()
    nav = (dest / "_data/navigation.yml").read_text()
    assert "/talks/" not in nav and "/markdown/" not in nav
    # theme furniture and tools stay
    assert (dest / "_pages/404.md").is_file() and (dest / "markdown_generator/readme.md").is_file()
    about = (dest / "_pages/about.md").read_text()
    assert "example person" not in about and "Ada" in (dest / "_config.yml").read_text()
    assert "example sidebar bio" not in (dest / "_config.yml").read_text()
    removed = [f.message for f in plan.report.findings if f.code == "template-example"]
    assert any("`_publications`" in m for m in removed) and any("`_pages`" in m for m in removed)


def test_an_owner_without_a_picture_gets_the_templates_silhouette_not_a_broken_image(tmp_path):
    """academicpages' sidebar shows `author.avatar` whether it is set or not (empty: a broken
    image on every page): an owner with no picture gets the template's generic silhouette
    when DEST has it; the owner's own picture always wins."""
    import yaml
    src = _write(tmp_path / "src", {
        "_config.yml": "title: blank\nfirst_name: Ada\nlast_name: Quill\n",
        "_pages/about.md": "---\nlayout: about\npermalink: /\n---\nI study rivers.\n"})
    for name, has_file in (("with", True), ("without", False)):
        dest = academicpages_checkout(tmp_path / name)
        if has_file:
            _write(dest, {"images/profile.png": "png"})
        _convert(src, dest, "academicpages", from_="al-folio")
        author = yaml.safe_load((dest / "_config.yml").read_text())["author"]
        assert author["avatar"] == ("profile.png" if has_file else None), name
    _write(src, {"_pages/about.md": "---\nlayout: about\npermalink: /\nprofile:\n"
                 "  image: ada.jpg\n---\nI study rivers.\n", "assets/img/ada.jpg": "jpg"})
    dest = _write(academicpages_checkout(tmp_path / "own"), {"images/profile.png": "png"})
    _convert(src, dest, "academicpages", from_="al-folio")
    assert yaml.safe_load((dest / "_config.yml").read_text())["author"]["avatar"] == "ada.jpg"


def test_examples_go_only_on_the_first_run(tmp_path):
    """What the owner adds to DEST after the first conversion is theirs."""
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(FIXTURES / "al-folio-site", dest, "academicpages")
    own = dest / "_posts/2030-01-01-my-own-post.md"
    own.write_text("---\ntitle: Mine\n---\nWritten after the conversion.\n")
    _convert(FIXTURES / "al-folio-site", dest, "academicpages")
    assert own.is_file()


def test_includes_of_posts_and_items_resolve_transitively(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {
        "_posts/2024-06-01-with-video.md": "---\nlayout: post\ntitle: Video\n---\n"
                                           '{% include video.liquid path="assets/video/x.mp4" %}\n'
                                           "{% include boxes/note.liquid %}\n",
        "_projects/9_boxed.md": "---\nlayout: page\ntitle: Boxed\n---\n"
                                "{% include boxes/note.liquid %}\n",
        "_includes/boxes/note.liquid": "<div>{% include boxes/inner.liquid %}</div>\n",
        "assets/video/x.mp4": "video",
        "_includes/boxes/inner.liquid": "{% include base_path %}<b>note</b>"
                                        '<a href=" {{ page.paperurl }} ">paper</a>\n',
    })
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    assert "renders nothing" in (dest / "_includes/video.liquid").read_text()
    # the file an include names by parameter is where the include looks for it
    assert (dest / "assets/video/x.mp4").read_text() == "video"
    assert (dest / "_includes/boxes/note.liquid").read_text().startswith("<div>")
    # copied because note.liquid includes it; DEST's own base_path is kept, not replaced
    inner = (dest / "_includes/boxes/inner.liquid").read_text()
    assert "<b>note</b>" in inner
    # jekyll-target-blank's URI parser stops the build on an address with spaces
    assert '<a href="{{ page.paperurl }}">' in inner
    assert (dest / "_includes/base_path").read_text() == "{% assign base_path = site.url %}\n"
    codes = {(f.code, f.path) for f in plan.report.findings}
    assert ("include-shim", "_posts/2024-06-01-with-video.md") in codes


def test_owner_liquid_reads_a_forwarding_address_as_jekyll_redirect_from_keeps_it(tmp_path):
    """academicpages loads jekyll-redirect-from: the `redirect_to:` written for an item that
    forwarded (`redirect:`) makes its `redirect` a map of `from` and `to`, so an owner's
    include that links `{{ member.redirect }}` would print the map; it reads `.redirect.to`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = (src / "_config.yml").read_text().replace(
        "collections:\n", "collections:\n  crew:\n    output: true\n", 1)
    _write(src, {
        "_config.yml": config,
        "_crew/ola.md": "---\nlayout: page\ntitle: Ola Tide\n"
                        "redirect: https://tide.example.org\n---\nKeeps the tide gauges.\n",
        "_pages/crew.md": "---\nlayout: page\ntitle: crew\npermalink: /crew/\n---\n"
                          "{% for member in site.crew %}{% include member.liquid %}{% endfor %}\n",
        "_includes/member.liquid": '<a href="{% if member.redirect %}{{ member.redirect }}'
                                   '{% else %}{{ member.url }}{% endif %}">{{ member.title }}</a>\n',
    })
    dest = academicpages_checkout(tmp_path / "checkout")
    plan = _convert(src, dest, "academicpages")
    assert "redirect_to: https://tide.example.org" in (dest / "_crew/ola.md").read_text()
    include = (dest / "_includes/member.liquid").read_text()
    assert '{% if member.redirect.to %}{{ member.redirect.to }}{% else %}' in include
    # each change is said at its file and line: the include's own, not the site's
    said = [(f.path, f.line) for f in plan.report.findings if f.code == "liquid-forward"]
    assert said and set(said) == {("_includes/member.liquid", 1)}


def test_owner_liquid_reads_a_forwarding_address_as_al_folio_keeps_it(tmp_path):
    """The other way: an academicpages owner's include read jekyll-redirect-from's map
    (`{{ post.redirect.to }}`); al-folio keeps the address in `redirect:` itself."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _write(src, {
        "_posts/2021-03-01-moved.md": "---\ntitle: Moved note\n"
                                      "redirect_to: https://notes.example.org\n---\nGone.\n",
        "_pages/moved.md": "---\ntitle: moved\npermalink: /moved/\n---\n"
                           "{% for post in site.posts %}{% include moved.html %}{% endfor %}\n",
        "_includes/moved.html": '<a href="{% if post.redirect %}{{ post.redirect.to }}'
                                '{% else %}{{ post.url }}{% endif %}">{{ post.title }}</a>\n',
    })
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    assert "{{ post.redirect }}{% else %}" in (dest / "_includes/moved.html").read_text()


def test_static_files_keep_their_old_urls(tmp_path):
    dest = academicpages_checkout(tmp_path / "checkout")
    _convert(FIXTURES / "al-folio-site", dest, "academicpages")
    pdfs = sorted(p.name for p in (FIXTURES / "al-folio-site/assets/pdf").glob("*.pdf"))
    assert pdfs
    for name in pdfs:
        assert (dest / "assets/pdf" / name).is_file(), name  # the old URL
        assert (dest / "files" / name).is_file(), name  # academicpages' own place


# -- into an al-folio checkout ---------------------------------------------------------------

def test_alfolio_checkout_gets_the_owner_everywhere(tmp_path):
    dest = alfolio_checkout(tmp_path / "checkout")
    plan = _convert(FIXTURES / "academicpages-site", dest, "al-folio")
    config = (dest / "_config.yml").read_text()
    assert "Nobody" not in config and "sample-tag" not in config
    # the deploy workflow's --lsi index stops the build on a few alike posts: related
    # posts (a feature the source theme did not have) are off
    assert "related_blog_posts:\n  enabled: false" in config
    assert "Example" not in (dest / "_data/socials.yml").read_text()
    for gone in ("_data/repositories.yml", "_pages/repositories.md", "_news/announcement_1.md",
                 "_projects/1_project.md", "assets/pdf/example_pdf.pdf",
                 "assets/html/example_paper.html",  # an example entry's `html` page
                 "assets/img/prof_pic.jpg", "assets/json/resume.json"):
        assert not (dest / gone).exists(), gone
    assert "nobody2000" not in (dest / "_bibliography/papers.bib").read_text()
    assert "Template" not in (dest / "_data/cv.yml").read_text()
    assert (dest / "_pages/404.md").is_file()
    # the CV layout shows resume.json whenever there is one: the CV is in cv.yml alone
    assert not (dest / "assets/json/resume.json").exists()
    cv = (dest / "_pages/cv.md").read_text()
    assert "cv_pdf: cv.pdf" in cv  # the layout puts assets/pdf/ in front
    # DEST has no `course` layout: teaching items fall back to `page`
    teachings = list((dest / "_teachings").glob("*.md"))
    assert teachings and all("layout: page" in p.read_text() for p in teachings)
    assert any(f.code == "layout-missing" for f in plan.report.findings)


def test_a_kept_listing_page_drops_the_templates_wording_and_example_categories(tmp_path):
    """The template's projects page, kept because it lists the owner's projects (their
    source had no projects page of its own), loses the description of the example
    collection, and groups by the owner's own categories only: none, so every project is
    listed (al-folio lists only the `display_categories` it names), with no category
    invented for the projects."""
    def convert(categories: list[str], name: str):
        src = _write(tmp_path / name / "src", {
            "_config.yml": "title: Ada Quill\nauthor:\n  name: Ada Quill\n"
                           "collections:\n  portfolio:\n    output: true\n",
            "_pages/about.md": "---\npermalink: /\ntitle: About\n---\nI study rivers.\n",
            **{f"_portfolio/p{n}.md": f"---\ntitle: River model {n}\ncollection: portfolio\n"
               + (f"category: {cat}\n" if cat else "") + "---\nA model.\n"
               for n, cat in enumerate(categories)}})
        dest = alfolio_checkout(tmp_path / name / "checkout")
        _write(dest, {"_pages/projects.md": "---\nlayout: page\ntitle: projects\n"
                      "permalink: /projects/\ndescription: Example words about projects.\n"
                      "nav: true\ndisplay_categories:\n  - work\n  - fun\n---\n"
                      "<!-- the listing -->\n"})
        plan = _convert(src, dest, "al-folio", from_="academicpages")
        return dest, plan

    dest, plan = convert(["", ""], "none")
    page = (dest / "_pages/projects.md").read_text()
    assert "Example words" not in page and "display_categories" not in page
    assert "nav: true" in page and "<!-- the listing -->" in page
    projects = [p.read_text() for p in (dest / "_projects").glob("*.md")]
    assert len(projects) == 2 and not any("category:" in p for p in projects)
    assert any(f.code == "template-example" and "_pages/projects.md" in f.message
               for f in plan.report.findings)
    dest, _ = convert(["fieldwork", "", "fieldwork"], "own")
    page = (dest / "_pages/projects.md").read_text()
    assert "display_categories:\n  - fieldwork\n---" in page and "Example words" not in page


def test_a_kept_listing_page_stays_out_of_a_menu_that_had_no_such_page(tmp_path):
    """A site with a menu of its own but no projects page: the template's projects page,
    kept to list the owner's projects, is not put in the menu (`nav` off), so the menu is
    the one the owner had; the page still lists them at its address."""
    src = _write(tmp_path / "src", {
        "_config.yml": "title: Ada Quill\nauthor:\n  name: Ada Quill\n"
                       "collections:\n  portfolio:\n    output: true\n",
        "_data/navigation.yml": "main:\n  - title: CV\n    url: /cv/\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\n---\nI study rivers.\n",
        "_pages/cv.md": "---\npermalink: /cv/\ntitle: CV\n---\nEducation\n======\n"
                        "* PhD, River University, 2020\n",
        "_portfolio/p1.md": "---\ntitle: River model\ncollection: portfolio\n---\nA model.\n"})
    dest = alfolio_checkout(tmp_path / "checkout")
    _write(dest, {"_pages/projects.md": "---\nlayout: page\ntitle: projects\n"
                  "permalink: /projects/\nnav: true\nnav_order: 3\n---\n<!-- the listing -->\n"})
    plan = _convert(src, dest, "al-folio", from_="academicpages")
    page = (dest / "_pages/projects.md").read_text()
    assert "nav: false\n" in page and "<!-- the listing -->" in page
    assert any(f.code == "template-example" and "`nav` off" in f.message
               for f in plan.report.findings)


def test_tags_are_judged_by_the_plugins_dest_loads(tmp_path):
    """`{% cite %}` runs in a checkout that loads jekyll-scholar; `{% details %}` does not
    when no plugin of DEST registers it, and is kept visible inside raw."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    page = src / "_pages/notes.md"
    page.write_text("---\nlayout: page\ntitle: notes\npermalink: /notes/\n---\n"
                    "{% details Click %}hidden{% enddetails %}\n")
    dest = alfolio_checkout(tmp_path / "checkout")
    _convert(src, dest, "al-folio")
    assert "{% raw %}{% details Click %}{% endraw %}" in (dest / "_pages/notes.md").read_text()
    (dest / "_plugins").mkdir()
    (dest / "_plugins/details.rb").write_text(
        "Liquid::Template.register_tag('details', Jekyll::Details)\n")
    (dest / ".sitemigrate/manifest.json").unlink()
    _convert(src, dest, "al-folio")
    assert "{% details Click %}hidden" in (dest / "_pages/notes.md").read_text()


# -- the source theme's furniture, post URLs, a new folder -----------------------------------

def test_source_furniture_is_not_carried(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    _write(src, {"_pages/terms.md": "---\npermalink: /terms/\ntitle: Terms\n---\nterms\n",
                 "_pages/markdown.md": "---\npermalink: /markdown/\ntitle: Guide\n---\nguide\n"})
    nav = src / "_data/navigation.yml"
    nav.write_text(nav.read_text() + "  - title: Guide\n    url: /markdown/\n")
    dest = tmp_path / "out"
    plan = _convert(src, dest, "al-folio")
    assert not (dest / "_pages/terms.md").exists() and not (dest / "_pages/markdown.md").exists()
    found = {f.path for f in plan.report.findings if f.code == "furniture"}
    assert {"_pages/terms.md", "_pages/markdown.md"} <= found
    assert not any(f.code == "url-lost" and "/terms/" in f.message
                   for f in plan.report.findings)  # the old address forwards home


@pytest.mark.parametrize("name,pattern,url", [
    ("2020-06-01-Hello World: again.md", "date", "/2020/06/01/Hello-World-again.html"),
    ("2020-06-01-ros-melodic-3.5.md", "/blog/:year/:title/", "/blog/2020/ros-melodic-3.5/"),
    ("2020-03-01-leap.md", "ordinal", "/2020/061/leap.html"),
])
def test_post_urls_are_jekylls(name, pattern, url):
    from sitemigrate.ir import Item
    from sitemigrate.jekyll.site import post_url
    item = Item(path=f"_posts/{name}", slug="", date=name[:10])
    assert post_url({"permalink": pattern}, item) == url


def test_a_post_named_with_a_one_digit_month_keeps_its_address(tmp_path):
    """Jekyll names a post by `YYYY-M-D-slug` too (one-digit month and day, its
    DATE_FILENAME_MATCHER): `2021-3-7-tide-tables.md` is at `/blog/2021/tide-tables/`
    (`:month` is the date's `03`), and the converted post keeps that address; was: the
    whole file name as its slug, an address the old site never had."""
    from sitemigrate.jekyll import urls
    assert urls.post_url("/blog/:year/:month/:title/", "2021-3-7-tide-tables", {}) == \
        "/blog/2021/03/tide-tables/"
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    _write(src, {"_posts/2021-3-7-tide-tables.md": "---\nlayout: post\ntitle: Tide tables\n"
                 "---\nThe spring tides of March.\n"})
    with (src / "_config.yml").open("a") as fh:
        fh.write("permalink: /blog/:year/:title/\n")
    plan = _convert(src, tmp_path / "out", "academicpages")
    post = (tmp_path / "out/_posts/2021-3-7-tide-tables.md").read_text()
    assert "permalink: /blog/2021/tide-tables/" in post
    assert {"old": "/blog/2021/tide-tables/", "new": "/blog/2021/tide-tables/"} in [
        {k: u[k] for k in ("old", "new")} for u in plan.report.urls]


def test_a_new_folder_says_which_template_to_merge_into(tmp_path):
    proc = subprocess.run(["sitemigrate", "convert", str(FIXTURES / "al-folio-site"),
                           str(tmp_path / "new"), "--to", "academicpages"],
                          capture_output=True, text=True)
    assert proc.returncode == 0
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(("next: ", "then: ")) and "Jekyll cannot build it alone" in last
    assert "academicpages/academicpages.github.io" in last


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
def test_a_kept_listing_never_breaks_a_real_liquid_build(tmp_path):
    """Ruby Liquid parses the tags inside {% comment %}: an unknown tag or an inner
    endcomment there failed the build. Kept inside raw, it renders nothing."""
    old = ("{% for post in site.talks %}{% unknown_plugin_tag x %}"
           "{% comment %}inner{% endcomment %}{% endcomment %}{% endfor %}")
    site = _write(tmp_path / "site", {
        "_config.yml": "title: t\n",
        "index.md": "---\ntitle: t\n---\nbefore\n\n" + kept_in_comment(old) + "\n\nafter\n"})
    proc = subprocess.run(["jekyll", "build", "-s", str(site), "-d", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    html = (tmp_path / "out/index.html").read_text()
    assert "before" in html and "after" in html and "unknown_plugin_tag" not in html


def test_a_url_with_a_path_becomes_url_and_baseurl(tmp_path):
    """academicpages puts `url` in front of every link, so a project site's `url` may hold
    its folder; al-folio's `relative_url` needs that folder in `baseurl`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    text = config.read_text()
    text = re.sub(r"(?m)^url\s*:.*$", 'url: "https://someone.github.io/lab-site/"', text)
    text = re.sub(r"(?m)^baseurl\s*:.*$", 'baseurl: ""', text)
    config.write_text(text)
    _convert(src, tmp_path / "out", "al-folio")
    out = yaml.safe_load((tmp_path / "out/_config.yml").read_text())
    assert (out["url"], out["baseurl"]) == ("https://someone.github.io", "/lab-site")


def test_a_percent_encoded_link_carries_its_file(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "assets/pdf/old cv.pdf").write_text("%PDF-1.1\n")
    about = src / "_pages/about.md"
    about.write_text(about.read_text() + "\n[My old CV](/assets/pdf/old%20cv.pdf)\n")
    plan = _convert(src, tmp_path / "out", "academicpages")
    assert (tmp_path / "out/files/old cv.pdf").is_file()
    assert (tmp_path / "out/assets/pdf/old cv.pdf").is_file()  # the old URL
    assert "(/files/old%20cv.pdf)" in (tmp_path / "out/_pages/about.md").read_text()
    assert not [f for f in plan.report.findings if f.code == "missing-file"]


def test_publication_links_keep_the_sites_baseurl(tmp_path):
    """academicpages prints `paperurl`/`bibtexurl` as written: a site served from a folder
    needs that folder in them."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace('baseurl: ""', 'baseurl: "/lab"'))
    _convert(src, tmp_path / "out", "academicpages")
    fronts = [yaml.safe_load(p.read_text().split("---")[1])
              for p in (tmp_path / "out/_publications").glob("*.md")]
    urls = [f[k] for f in fronts for k in ("bibtexurl", "paperurl") if f.get(k)]
    assert urls and all(u.startswith(("/lab/", "http")) for u in urls), urls


@pytest.mark.parametrize("written, linked", [("/", ""), ("/lab/", "/lab"), ("lab", "/lab")])
def test_baseurl_is_written_as_jekylls_links_read_it(tmp_path, written, linked):
    """Jekyll's `relative_url` drops one trailing `/` of `baseurl` and adds a leading one, so
    `baseurl: /` is the site's root; academicpages joins `url` and `baseurl` as written, where
    `/` gave every link of the new site a double slash (`https://host//teaching/`)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace('baseurl: ""', f'baseurl: "{written}"'))
    _convert(src, tmp_path / "out", "academicpages")
    assert yaml.safe_load((tmp_path / "out/_config.yml").read_text())["baseurl"] == linked
    fronts = [yaml.safe_load(p.read_text().split("---")[1])
              for p in (tmp_path / "out/_publications").glob("*.md")]
    urls = [f[k] for f in fronts for k in ("bibtexurl", "paperurl") if f.get(k)]
    assert urls and all(u.startswith((linked + "/", "http")) for u in urls), urls
    assert not [u for u in urls if u.startswith("//")]


@pytest.mark.parametrize("baseurl", ["", "/lab"])
def test_a_url_ending_in_a_slash_gives_academicpages_links_one_slash(tmp_path, baseurl):
    """academicpages's menu and redirects are `site.url` + `site.baseurl` + the path as
    written: `url: https://host/` gave every one of them a double slash."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    text = re.sub(r"(?m)^url\s*:.*$", 'url: "https://someone.github.io/"', config.read_text())
    config.write_text(text.replace('baseurl: ""', f'baseurl: "{baseurl}"'))
    plan = _convert(src, tmp_path / "out", "academicpages")
    out = yaml.safe_load((tmp_path / "out/_config.yml").read_text())
    assert (out["url"], out["baseurl"]) == ("https://someone.github.io", baseurl)
    assert [f for f in plan.report.findings if f.code == "url-slash"]


def test_a_url_without_a_scheme_gives_academicpages_links_that_leave_the_page(tmp_path):
    """`url: host.org` (al-folio links with `relative_url`, which never showed it): on
    academicpages every menu entry and redirect is `site.url` + the path, which without a
    scheme is a folder under the page the link is on."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(re.sub(r"(?m)^url\s*:.*$", "url: kelp-notes.example.org",
                             config.read_text()))
    plan = _convert(src, tmp_path / "out", "academicpages")
    out = yaml.safe_load((tmp_path / "out/_config.yml").read_text())
    assert out["url"] == "https://kelp-notes.example.org"
    assert [f for f in plan.report.findings if f.code == "url-scheme"]


def test_an_academicpages_baseurl_is_read_as_jekylls_links_read_it(tmp_path):
    """The same rule reading academicpages: `baseurl: lab/` links as `/lab`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(re.sub(r"(?m)^baseurl\s*:.*$", 'baseurl: "lab/"', config.read_text()))
    _convert(src, tmp_path / "out", "al-folio")
    assert yaml.safe_load((tmp_path / "out/_config.yml").read_text())["baseurl"] == "/lab"


def test_dest_cv_yml_with_an_alias_is_read_without_a_report(tmp_path: Path) -> None:
    """DEST's `_data/cv.yml` is read (for its format) with no report: an alias in it must not
    need one (it once reached `report.problem` on None)."""
    from sitemigrate.jekyll.site import read_data
    (tmp_path / "_data").mkdir()
    (tmp_path / "_data" / "cv.yml").write_text("- a: &x 1\n  b: *x\n")
    assert read_data(tmp_path, "_data/cv.yml", None) == [{"a": 1, "b": 1}]


@pytest.mark.parametrize("rel", ["a.md", "_pages/about.md", "x/.htaccess", "x/file.", "x.y/z",
                                 "a/b.tar.gz", "noext", ".md", "a/..md", "x/y.HTML",
                                 "é/ü.liquid"])
def test_suffix_is_purepath_suffix(rel):
    """finish_liquid picks the files it reads by suffix without building paths."""
    from pathlib import PurePosixPath

    from sitemigrate.jekyll.checkout import _suffix
    assert _suffix(rel) == PurePosixPath(rel).suffix


def test_posts_keep_their_excerpt_when_the_owners_carried_liquid_prints_it(tmp_path):
    """Jekyll gives a post the `excerpt` of its front matter, else its first paragraph;
    al-folio's layouts print `description`. A page of the owner's own kept in DEST whose loop
    runs an include of theirs printing `post.excerpt` shows the summary the owner wrote,
    not the post's first heading; without such Liquid no `excerpt` is written."""
    files = {
        "_config.yml": "title: Ada Quill\nauthor:\n  name: Ada Quill\n",
        "_posts/2030-01-02-rivers.md": "---\ntitle: Rivers\nexcerpt: Notes on river deltas.\n"
                                       "---\n## First heading\n\nBody text.\n",
        "_pages/about.md": "---\npermalink: /\n---\nI study rivers.\n"}
    plain = _write(tmp_path / "plain", files)
    carried = _write(tmp_path / "carried", {
        **files,
        "_pages/notes.html": "---\nlayout: archive\npermalink: /notes/\ntitle: Notes\n---\n"
                            "{% for post in site.posts %}{% if post.date %}"
                            "{% include note-row.html %}{% endif %}{% endfor %}\n",
        "_includes/note-row.html": "<p>{{ post.excerpt | markdownify }}</p>\n"})
    for src, kept in ((carried, True), (plain, False)):
        dest = alfolio_checkout(tmp_path / f"dest-{src.name}")
        _convert(src, dest, "al-folio", from_="academicpages")
        front = yaml.safe_load((dest / "_posts/2030-01-02-rivers.md").read_text()
                               .split("---\n")[1])
        assert front["description"] == "Notes on river deltas."
        assert front.get("excerpt") == ("Notes on river deltas." if kept else None), src.name


def test_a_file_an_include_of_the_owners_links_is_carried_where_it_links_it(tmp_path):
    """The owner's include (copied along as written) shows a picture by its site path,
    `{{ '/assets/img/3.jpg' | relative_url }}`, a path the old template's example pictures
    also have (so it is not carried as a static file of the owner's): the picture is copied
    to that path, so the new home page still shows it."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    about = (src / "_pages/about.md").read_text() + "\n{% include lab_photo.liquid %}\n"
    _write(src, {"_pages/about.md": about, "assets/img/3.jpg": "a photo of the lab",
                 "_includes/lab_photo.liquid":
                     "<img src=\"{{ '/assets/img/3.jpg' | relative_url }}\" alt=\"lab\">\n"})
    dest = academicpages_checkout(tmp_path / "dest")
    plan = _convert(src, dest, "academicpages")
    assert (dest / "assets/img/3.jpg").read_text() == "a photo of the lab"
    assert any(f.code == "include-file" and "/assets/img/3.jpg" in f.message
               for f in plan.report.findings)
