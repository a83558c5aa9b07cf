"""Rules found by converting whole real sites outside the corpus (large blogs, sites whose
menu or pages are made by their own includes and layouts), each in a miniature invented site
in the exact shape of the theme's files.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES, SHARED, needs_shared

import sitemigrate

# the 2020-23 template's blog page: its header bar, the posts of the page, the pagination
BLOG_2022 = """---
layout: default
title: blog
pagination:
  enabled: true
  collection: posts
---

<div class="post">

  <div class="header-bar">
    <h1>{{ site.blog_name }}</h1>
    <h2>{{ site.blog_description }}</h2>
  </div>

  <ul class="post-list">
    {% for post in paginator.posts %}
    <li>
      <h3><a class="post-title" href="{{ post.url | prepend: site.baseurl }}">
        {{ post.title }}</a></h3>
      <p>{{ post.description }}</p>
    </li>
    {% endfor %}
  </ul>

  {% include pagination.html %}

</div>
"""

# a 2020-23 header: the home entry, the pages with `nav: true`, and the blog entry that
# `blog_nav_title` shows, where ``blog_last`` puts it
HOME = """<ul class="navbar-nav">
  <li class="nav-item"><a class="nav-link" href="{{ '/' | relative_url }}">
    {{ about_title }}</a></li>
"""
BLOG = """  {% if site.blog_nav_title %}
  <li class="nav-item"><a class="nav-link" href="{{ '/blog/' | relative_url }}">
    {{ site.blog_nav_title }}</a></li>
  {% endif %}
"""
PAGES = """  {%- assign sorted_pages = site.pages | sort: "nav_order" -%}
  {%- for p in sorted_pages -%}{%- if p.nav -%}
  <li class="nav-item"><a class="nav-link" href="{{ p.url | relative_url }}">{{ p.title }}</a></li>
  {%- endif -%}{% endfor %}
"""


def _blog_site(tmp_path: Path, header: str | None) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_pages/dropdown.md").unlink()  # its submenu links the blog too
    (src / "blog").mkdir()
    (src / "blog/index.html").write_text(BLOG_2022)
    if header is not None:
        (src / "_includes").mkdir()
        (src / "_includes/header.html").write_text(header + "</ul>\n")
    return src


def _convert(src: Path, dest: Path, to: str = "academicpages"):
    plan = sitemigrate.convert(src, dest, to=to)
    plan.apply()
    return plan


def _menu(dest: Path) -> list[tuple[str, str]]:
    nav = yaml.safe_load((dest / "_data/navigation.yml").read_text())["main"]
    return [(n["title"], n["url"]) for n in nav]


def test_a_2020_23_blog_entry_is_in_the_menu_after_the_home_entry(tmp_path):
    """A 2020-23 header shows `blog_nav_title` as a menu entry to `/blog/`, right after the
    home entry; no page has `nav: true` for it. The blog page (`blog/index.html`, whose
    address is its folder's) keeps its address and lists the posts the target's way (its
    paginator loop lists nothing there)."""
    src = _blog_site(tmp_path, HOME + BLOG + PAGES)  # the template's order
    dest = tmp_path / "out"
    _convert(src, dest)
    menu = _menu(dest)
    assert menu[:2] == [("about", "/"), ("blog", "/blog/")], menu  # after the home entry
    assert [t for t, _ in menu].count("blog") == 1
    blog = (dest / "blog/index.html").read_text()
    assert "site.posts" in blog and "paginator.posts" not in blog.split("{% comment %}")[0]


def test_the_sites_own_header_puts_the_blog_entry_where_it_shows_it(tmp_path):
    """A header of the site's own that shows the blog entry after the pages: last in the
    menu; one that does not show `blog_nav_title` at all: no blog entry."""
    src = _blog_site(tmp_path, HOME + PAGES + BLOG)
    _convert(src, tmp_path / "out")
    assert _menu(tmp_path / "out")[-1] == ("blog", "/blog/")
    src2 = _blog_site(tmp_path / "two", HOME + PAGES)
    _convert(src2, tmp_path / "out2")
    assert "/blog/" not in [u for _, u in _menu(tmp_path / "out2")]


# an owner's layout that forwards a page to the address in its front matter
FORWARD = """<!DOCTYPE html>
<html><head><meta http-equiv="refresh" content="0; url = {{ page.goto }}" /></head>
<body><p>Moving on</p></body></html>
"""


def test_a_page_whose_own_layout_forwards_it_still_forwards(tmp_path):
    """A CV page of `layout: forward` (the owner's, a meta refresh to `page.goto`) forwards to
    the PDF at that address, written with the site's baseurl as the layout prints it as
    written: the new CV page forwards to the carried PDF; a project of that layout forwards
    to a poster elsewhere: the item forwards there (`redirect_to:`); neither key is left as a key
    that "a visitor no longer sees"."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace('baseurl: ""', 'baseurl: "/home"'))
    (src / "_layouts").mkdir()
    (src / "_layouts/forward.html").write_text(FORWARD)
    (src / "assets/pdf").mkdir(parents=True, exist_ok=True)
    (src / "assets/pdf/vita.pdf").write_text("%PDF-1.1\n")
    (src / "_pages/cv.md").write_text("---\nlayout: forward\ntitle: CV\npermalink: /cv/\n"
                                      "nav: true\ngoto: /home/assets/pdf/vita.pdf\n---\n")
    (src / "_projects/9_poster.md").write_text(
        "---\nlayout: forward\ntitle: A poster on tides\ngoto: https://posters.example.org/t\n"
        "---\nGoing to the poster.\n")
    plan = _convert(src, tmp_path / "out")
    cv = (tmp_path / "out/_pages/cv.md").read_text()
    front = yaml.safe_load(cv.split("---")[1])
    assert front["redirect_to"] == "/files/vita.pdf" and "goto" not in front
    assert (tmp_path / "out/files/vita.pdf").is_file()
    poster = next((tmp_path / "out/_portfolio").glob("*poster*"))
    assert yaml.safe_load(poster.read_text().split("---")[1])["redirect_to"] == \
        "https://posters.example.org/t"
    assert not [f for f in plan.report.findings if f.code == "extra-key-shown"]


# a publications page that lists each year's papers where jekyll-scholar counts some
BY_COUNTED_YEAR = """---
layout: page
permalink: /publications/
title: papers
nav: true
---
<div class="publications">
{% assign last = "now" | date: "%Y" | plus: 0 %}
{% for y in (2015..last) reversed %}
  <!-- how many papers of that year -->
  {%- capture found -%}{%- bibliography_count -f papers -q @*[year={{y}}]* -%}{%- endcapture -%}
  {% assign found = found | plus: 0 %}
  {% if found > 0 %}
    <h2 class="year">{{y}}</h2>
    {% bibliography -f papers -q @*[year={{y}}]* %}
  {% endif %}
{% endfor %}
</div>
"""


def test_a_list_by_counted_year_is_one_listing_outside_its_loop(tmp_path):
    """A loop over years that prints a year's heading and list where `bibliography_count`
    finds some is a list by year: the target's listing takes the whole loop's place, once
    (a `bibliography_count` is no listing: the listing once went inside its `capture`, so
    the new page printed nothing)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/publications.md").write_text(BY_COUNTED_YEAR)
    _convert(src, tmp_path / "out")
    text = (tmp_path / "out/_pages/publications.md").read_text()
    live = text.split("{% comment %}")[0]
    assert live.count("site.publications") == 1
    assert "capture" not in live and "{% for y in" not in live


def _alfolio(tmp_path: Path) -> Path:
    """A copy of the al-folio fixture site to change."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    return src


# an owner's about layout that lists the talks and the works marked selected, each under a
# switch of the page: the talks through an include of the owner's, the works in place
ABOUT_LAYOUT = """---
layout: default
---
<div class="post">
  <article>
    <div class="clearfix">{{ content }}</div>
    {% if page.selected_works %}
      <h2><a href="{{ '/works/' | relative_url }}" style="color: inherit">Chosen works</a></h2>
      {% bibliography --file works --group_by none --query @*[selected=true]* %}
    {% endif %}
    {% if page.selected_talks %}
      <h2>Invited talks</h2>
      {% include selected_talks.liquid %}
    {% endif %}
    {% if page.selected_notes %}
      <h2>Notes</h2>
      {% include notes.liquid %}
    {% endif %}
    {% if page.selected_posters %}
      <h2>Posters</h2>
      {% bibliography --file talks --query @*[keywords~=poster]* %}
    {% endif %}
  </article>
</div>
"""
WORKS = """@misc{tidegauge, title={A tide gauge from spare parts}, author={Okonkwo, Ada},
  year={2023}, selected={true}}
@misc{kiln, title={A solar kiln controller}, author={Okonkwo, Ada}, year={2022}}
@misc{loom, title={A loom that counts}, author={Okonkwo, Ada}, year={2021}, selected={true}}
"""
TALKS = """@misc{harbour, title={Harbours that listen}, author={Okonkwo, Ada}, year={2024},
  howpublished={Coastal Days}, selected={true}}
@misc{ovens, title={Ovens and their power}, author={Okonkwo, Ada}, year={2023},
  howpublished={Heat Workshop}}
"""


def test_lists_an_owners_about_layout_shows_under_switches_are_on_the_new_home_page(tmp_path):
    """The owner's about layout shows, when the page turns them on, the works and the talks
    marked selected (jekyll-scholar's `--query @*[selected=true]*` on the file each tag
    names, one through an include of the owner's): the new home page lists exactly those,
    under the layout's headings, and the switches are no keys "a visitor no longer sees";
    a switched list whose query selects nothing is reported, with no empty heading."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.liquid").write_text(ABOUT_LAYOUT)
    (src / "_includes").mkdir()
    (src / "_includes/selected_talks.liquid").write_text(
        "{% bibliography --file talks --group_by none --query @*[selected=true]* %}\n")
    (src / "_includes/notes.liquid").write_text(  # a list the owner commented out
        "{% comment %}{% bibliography --file works --query @*[selected=true]* %}"
        "{% endcomment %}\n")
    (src / "_bibliography/works.bib").write_text(WORKS)
    (src / "_bibliography/talks.bib").write_text(TALKS)
    for name in ("works", "talks"):
        (src / f"_pages/{name}.md").write_text(
            f"---\nlayout: page\ntitle: {name}\npermalink: /{name}/\nnav: true\n---\n"
            f"{{% bibliography --file {name} %}}\n")
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace(
        "social: true\n", "social: true\nselected_works: true\nselected_talks: true\n"
        "selected_posters: true\nselected_notes: true\n"))
    plan = _convert(src, tmp_path / "out")
    home = (tmp_path / "out/_pages/about.md").read_text()
    front = yaml.safe_load(home.split("---")[1])
    assert not {"selected_works", "selected_talks"} & set(front)
    works = home.split("## Chosen works")[1].split("##")[0]
    assert "tide gauge" in works and "loom that counts" in works and "kiln" not in works
    talks = home.split("## Invited talks")[1].split("##")[0]
    assert "[Harbours that listen]({{ '/talks/harbours" in talks and "Ovens" not in talks
    assert "Coastal Days, 2024" in talks
    assert "## Posters" not in home and "## Notes" not in home
    codes = [(f.code, f.message) for f in plan.report.findings]
    shown = [m for c, m in codes if c == "extra-key-shown"]
    assert len(shown) == 1 and "`selected_notes`" in shown[0]  # its heading only, as before
    assert any(c == "shown-list" and "selected_posters" in m for c, m in codes)


def test_the_blog_pages_heading_from_the_config_is_the_new_blog_pages_title(tmp_path):
    """al-folio's blog page prints `blog_name` and `blog_description` atop its posts: the
    new blog page's title (academicpages shows it as the heading) and its first paragraph,
    the menu entry keeping its label; the template's own wording is not carried."""
    src = _blog_site(tmp_path, HOME + BLOG + PAGES)
    plan = _convert(src, tmp_path / "out")
    blog = (tmp_path / "out/blog/index.html").read_text()
    front = yaml.safe_load(blog.split("---")[1])
    assert front["title"] == "soundings"
    text = blog.split("---", 2)[2].lstrip()
    assert text.startswith("<p>notes from the lab and from the sea</p>")
    assert _menu(tmp_path / "out")[1] == ("blog", "/blog/")  # after the home entry
    lost = [f.message for f in plan.report.findings if f.code == "config-theme"]
    assert lost and not any("`blog_name`" in m or "`blog_description`" in m for m in lost)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace("blog_name: soundings", "blog_name: al-folio"))
    _convert(src, tmp_path / "out2")
    again = (tmp_path / "out2/blog/index.html").read_text()
    assert yaml.safe_load(again.split("---")[1])["title"] == "blog" and "al-folio" not in again


def test_what_an_owners_copy_of_the_about_layout_adds_is_on_the_new_home_page(tmp_path):
    """The owner's changed copy of the about layout shows, outside any switch of the page,
    a heading and a row of logos of their own: the new home page shows them at the end of
    its text (the logo's address carried as any other), with a finding that says so; the
    parts that show the page's own values (`{{ page.subtitle }}`) or sit under a switch
    are not added twice."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "assets/img/harbour_fund.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (src / "_layouts/about.liquid").write_text(ABOUT_LAYOUT.replace(
        "    {% if page.selected_works %}",
        "    <p class=\"desc\">{{ page.subtitle }}</p>\n"
        "    <h2>Funded by the tides</h2>\n    <div class=\"logos\">\n"
        "      <img src=\"{{ '/assets/img/harbour_fund.png' | relative_url }}\" alt=\"Harbour "
        "Fund\"/>\n    </div>\n    {% if page.selected_works %}", 1))
    plan = _convert(src, tmp_path / "out")
    home = (tmp_path / "out/_pages/about.md").read_text()
    assert home.count("<h2>Funded by the tides</h2>") == 1
    assert "{{ '/images/harbour_fund.png' | relative_url }}" in home
    assert (tmp_path / "out/images/harbour_fund.png").is_file()
    assert "page.subtitle" not in home and "Chosen works" not in home
    assert any(f.code == "own-layout-part" and "Funded by the tides" in f.message
               for f in plan.report.findings)


def test_a_changed_default_layout_adds_no_doctype_or_head_to_the_page(tmp_path):
    """A page laid straight on the owner's changed copy of `default` (an analytics script
    added to its head): the layout's `<!DOCTYPE html>`, head and scripts are none of the
    page's words, so nothing is added to the page's text and no finding says so."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/default.liquid").write_text(
        "<!DOCTYPE html>\n<html lang=\"en\">\n  <head>\n    <title>{{ page.title }}</title>\n"
        "    <script>window.counter = 1;</script>\n  </head>\n  <body>\n"
        "    <div class=\"container\">{{ content }}</div>\n  </body>\n</html>\n")
    (src / "_pages/notes.md").write_text("---\nlayout: default\ntitle: Notes\n"
                                         "permalink: /notes/\n---\nTide tables kept here.\n")
    plan = _convert(src, tmp_path / "out")
    notes = (tmp_path / "out/_pages/notes.md").read_text()
    assert "Tide tables kept here." in notes
    assert "html" not in notes.split("---", 2)[2].replace("Tide tables kept here.", "")
    assert not any(f.code == "own-layout-part" for f in plan.report.findings)


def test_projects_an_owners_about_layout_lists_under_a_switch_are_on_the_new_home_page(tmp_path):
    """A switch of the page turns on a list of the projects a loop over `site.projects`
    keeps (`where: "featured", true`, in the order of `sort: "importance"`): the new home
    page lists those projects, in that order, each a link to its new page."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.liquid").write_text(ABOUT_LAYOUT.replace(
        "{% if page.selected_works %}",
        "{% if page.featured %}<h2>Featured projects</h2>{% include featured.liquid %}"
        "{% endif %}\n    {% if page.selected_works %}", 1))
    (src / "_includes").mkdir()
    (src / "_includes/featured.liquid").write_text(
        '{% assign chosen = site.projects | where: "featured", true | sort: "importance" %}\n'
        "{% for project in chosen %}<a href=\"{{ project.url }}\">{{ project.title }}</a>"
        "{% endfor %}\n{% assign all = site.projects | sort: 'importance' %}"
        "{% for p in all %}{% unless p.category == 'work' %}<b>{{ p.title }}</b>"
        "{% endunless %}{% endfor %}\n")
    for n, (title, featured, importance) in enumerate(
            [("Kelp sensors", "true", 3), ("Quiet pumps", "false", 1), ("Buoy radios", "true", 2),
             ("Tide clock", "false", 4)]):
        (src / f"_projects/{n + 5}_p.md").write_text(
            f"---\nlayout: page\ntitle: {title}\ndescription: about {title.lower()}\n"
            f"importance: {importance}\nfeatured: {featured}\ncategory: "
            f"{'fun' if n == 3 else 'work'}\n---\nText.\n")
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("social: true\n", "social: true\nfeatured: true\n"))
    _convert(src, tmp_path / "out")
    home = (tmp_path / "out/_pages/about.md").read_text()
    listed = home.split("## Featured projects")[1]
    assert "Quiet pumps" not in listed and "GreenSched" not in listed  # `unless` keeps only
    assert listed.index("Buoy radios") < listed.index("Kelp sensors") < listed.index("Tide")
    assert "[Buoy radios]({{ '/portfolio/" in listed and ": about buoy radios" in listed


def test_the_address_a_refresh_forwards_to_is_carried_as_a_link(tmp_path):
    """A CV page that forwards to its PDF by a script and, for browsers without scripts, by
    `<meta http-equiv="refresh" content="0; url=...">`: both addresses follow the PDF to its
    new folder (the refresh once kept the old address, which the new site does not have)."""
    from sitemigrate.formats.content import rewrite_links
    assert rewrite_links('<meta http-equiv="refresh" content="0; URL=/a/cv.pdf"> '
                         '<meta name="x" content="/a/cv.pdf">', lambda u: "/NEW" + u) == (
        '<meta http-equiv="refresh" content="0; URL=/NEW/a/cv.pdf"> '
        '<meta name="x" content="/a/cv.pdf">')
    src = _alfolio(tmp_path)
    (src / "_pages/cv.md").write_text(
        "---\nlayout: none\npermalink: /cv/\ntitle: CV\nnav: true\n---\n\n<script>\n"
        'window.location.href = "/assets/pdf/cv.pdf";\n</script>\n\n<noscript>\n'
        '<meta http-equiv="refresh" content="0; url=/assets/pdf/cv.pdf">\n</noscript>\n')
    _convert(src, tmp_path / "out")
    text = (tmp_path / "out/_pages/cv.md").read_text()
    assert 'content="0; url=/files/cv.pdf"' in text and "/assets/pdf/" not in text


def test_a_bibliography_tag_the_owner_commented_out_lists_nothing(tmp_path):
    """An include whose `{% bibliography --file works --query ... %}` the owner put inside
    `{% comment %}` shows nothing: `works.bib` is a file no page lists (its selected entry
    is no publication of the new site), and the finding says so rather than blaming a
    query that never runs."""
    src = _alfolio(tmp_path)
    (src / "_includes").mkdir()
    (src / "_includes/chosen.liquid").write_text(
        "<div>{% comment %} {% bibliography --file works --query @*[selected=true]* %} "
        "{% endcomment %}</div>\n")
    (src / "_bibliography/works.bib").write_text(WORKS)
    plan = _convert(src, tmp_path / "out")
    found = {f.code: f.message for f in plan.report.findings if "works.bib" in f.message}
    assert "bib-unshown" in found and "bib-unselected" not in found
    assert not any("tide gauge" in p.read_text().lower()
                   for p in (tmp_path / "out/_publications").glob("*.md"))


def test_an_include_of_the_template_copied_along_is_not_called_the_owners(tmp_path):
    """A page includes `bib_search.liquid`, which SRC has as al-folio's template ships it:
    copied into academicpages, the finding names it the theme's own file, not "your"; an
    include the owner wrote stays "your"."""
    theirs = needs_shared(SHARED / "lab/templates/al-folio-2026/_includes/bib_search.liquid")
    src = _alfolio(tmp_path)
    (src / "_includes").mkdir(exist_ok=True)
    shutil.copy(theirs, src / "_includes/bib_search.liquid")
    (src / "_includes/tide_box.liquid").write_text("<p>Low tide at noon.</p>\n")
    (src / "_pages/harbour.md").write_text(
        "---\nlayout: page\ntitle: Harbour\npermalink: /harbour/\n---\n"
        "{% include bib_search.liquid %}\n\n{% include tide_box.liquid %}\n")
    plan = _convert(src, tmp_path / "out")
    said = {f.message.split("`")[1]: f.message for f in plan.report.findings
            if f.code == "include-copied"}
    assert "al-folio's own `_includes/bib_search.liquid`" in said["bib_search.liquid"]
    assert "your" not in said["bib_search.liquid"]
    assert "your `_includes/tide_box.liquid`" in said["tide_box.liquid"]


def _moved_blog(tmp_path: Path) -> Path:
    """The 2020-23 blog site with its blog page moved to `/Blog/` (no page at `/blog/`),
    converted to academicpages: the new site's folder."""
    src = _blog_site(tmp_path, None)
    (src / "blog/index.html").unlink()
    (src / "_pages/journal.md").write_text(
        BLOG_2022.replace("title: blog\n", "title: Journal\npermalink: /Blog/\nnav: true\n"))
    dest = tmp_path / "out"
    _convert(src, dest)
    return dest


def test_a_page_with_the_stock_blog_listing_is_the_blog_at_its_own_address(tmp_path):
    """A site whose stock blog page was moved to another address (`/Blog/`; no page is at
    `/blog/`) still has its blog there: the new page lists the posts the target's way (the
    paginator's loop lists nothing on academicpages) at the page's own address."""
    dest = _moved_blog(tmp_path)
    page = (dest / "_pages/journal.md").read_text()
    assert yaml.safe_load(page.split("---")[1])["permalink"] == "/Blog/"
    assert "site.posts" in page and "paginator.posts" not in page.split("{% comment %}")[0]
    assert ("Journal", "/Blog/") in _menu(dest)


def _stubs(dest: Path) -> dict[str, str]:
    stubs = {}
    for stub in (dest / "_pages/redirects").glob("*.md"):
        front = yaml.safe_load(stub.read_text().split("---")[1])
        stubs[front["permalink"]] = front["redirect_to"]
    return stubs


def test_archive_addresses_forward_to_the_page_that_lists_the_posts(tmp_path):
    """jekyll-archives' pages (`/blog/2021/`, `/blog/tag/x/`) list posts; where no page is at
    the start of their permalink (the blog is at `/Blog/`), they forward to the page whose
    paginator lists the posts, not to the home page; a tag's too, where the new site has no
    posts-by-tag page."""
    dest = _moved_blog(tmp_path)
    stubs = _stubs(dest)
    assert stubs["/blog/2021/"] == "/Blog/#2021", stubs  # the listing's heading of the year
    assert stubs["/blog/tag/fieldwork/"] == "/Blog/", stubs


# the academicpages template's posts-by-tag and posts-by-category pages, in their shape
TAXONOMY = """---
layout: archive
permalink: /{kind}/
title: "Posts by {label}"
author_profile: true
---

{{% include base_path %}}
{{% include group-by-array collection=site.posts field="{kind}" %}}

{{% for name in group_names %}}
  {{% assign posts = group_items[forloop.index0] %}}
  <h2 id="{{{{ name | slugify }}}}" class="archive__subtitle">{{{{ name }}}}</h2>
  {{% for post in posts %}}
    {{% include archive-single.html %}}
  {{% endfor %}}
{{% endfor %}}
"""


def test_a_tags_and_a_categorys_archive_forward_to_its_heading_on_the_taxonomy_page(tmp_path):
    """jekyll-archives' page of a tag (`/blog/tag/x/`) or a category lists that tag's posts;
    academicpages lists them under the tag's heading of its posts-by-tag page (`/tags/`, an
    `id` of Liquid's `slugify`): the old address forwards to that heading."""
    src = _blog_site(tmp_path, None)
    dest = tmp_path / "out"
    (dest / "_pages").mkdir(parents=True)
    (dest / "_pages/tag-archive.html").write_text(TAXONOMY.format(kind="tags", label="Tags"))
    (dest / "_pages/category-archive.html").write_text(
        TAXONOMY.format(kind="categories", label="Category"))
    _convert(src, dest)
    stubs = _stubs(dest)
    tags = {k: v for k, v in stubs.items() if "/tag/" in k}
    assert tags and all(v == "/tags/#" + k.split("/")[-2] for k, v in tags.items()), stubs
    cats = {k: v for k, v in stubs.items() if "/category/" in k}
    assert cats and all(v == "/categories/#" + k.split("/")[-2] for k, v in cats.items()), stubs
    assert stubs["/blog/2021/"] == "/blog/#2021", stubs  # a year's: its heading of the list


def test_a_post_without_front_matter_is_said_to_be_a_post(tmp_path):
    """Jekyll's post reader takes every dated file of `_posts`, front matter or not (the
    title from the file name, a layout only from `defaults`): the report says it is built
    as a post and was converted as one, not that Jekyll copies it as a file."""
    src = _alfolio(tmp_path)
    (src / "_posts/2024-06-01-tide-notes copy.md").write_text(
        "\n---\nlayout: post\ntitle: Tide notes\n---\n\nThe tide came in twice.\n")
    plan = _convert(src, tmp_path / "out")
    said = [f.message for f in plan.report.findings if f.code == "no-front-matter"]
    assert len(said) == 1 and "builds it as a post" in said[0] and "copies" not in said[0]
    post = (tmp_path / "out/_posts/2024-06-01-tide-notes copy.md").read_text()
    assert "The tide came in twice." in post


def test_a_posts_singular_category_is_not_said_to_mean_nothing(tmp_path):
    """Jekyll reads `category:` (one name, spaces and all) into a post's `categories` for any
    theme, and the new post layout lists them: the report does not call the key meaningless
    (an owner who deleted it would lose the post's category)."""
    src = _alfolio(tmp_path)
    (src / "_posts/2024-06-02-tide-column.md").write_text(
        "---\nlayout: post\ntitle: Tide column\ncategory: A Column on Tides\n---\n\nHigh.\n")
    plan = _convert(src, tmp_path / "out")
    said = [(f.outcome, f.message) for f in plan.report.findings
            if f.path == "_posts/2024-06-02-tide-column.md" and "`category`" in f.message]
    assert len(said) == 1 and said[0][0] == "mapped" and "meaning" not in said[0][1], said
    post = (tmp_path / "out/_posts/2024-06-02-tide-column.md").read_text()
    assert "category: A Column on Tides" in post


def test_a_config_with_a_key_twice_is_read_as_jekyll_reads_it_everywhere(tmp_path):
    """Jekyll takes a `_config.yml` key written twice at its last value. Every pass reads the
    config so (the pages' folder the config includes, the old addresses): none reads it as
    empty, which said `_pages/` was a folder Jekyll never publishes while its pages were
    converted."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text() + "\nfuture: true\nfuture: false\n")
    plan = _convert(src, tmp_path / "out", to="al-folio")
    codes = [(f.code, f.path) for f in plan.report.findings]
    assert not [c for c in codes if c[0] == "unread-folder"], codes
    assert ("config-duplicate-key", "_config.yml") in codes or any(
        "`future` twice" in f.message for f in plan.report.findings)


def test_a_distill_posts_authors_the_old_layout_showed_are_said_lost(tmp_path):
    """al-folio's distill layout shows a post's `authors` (names, affiliations) in its
    byline; academicpages' layouts show no such list: the report says a visitor no longer
    sees them (it said the key had no meaning there); an upgrade, whose layout shows them
    too, does not."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()  # the theme's own layout, unchanged (a checkout has it)
    shutil.copy(needs_shared(SHARED / "lab/templates/al-folio-2024/_layouts/distill.liquid"),
                src / "_layouts/distill.liquid")
    (src / "_posts/2024-06-03-tide-study.md").write_text(
        "---\nlayout: distill\ntitle: Tide study\nauthors:\n  - name: Ada Okonkwo\n"
        "    affiliations:\n      name: Harbour Lab\n  - name: Bo Lindqvist\n---\n\nLow.\n")
    plan = _convert(src, tmp_path / "out")
    said = [(f.outcome, f.message) for f in plan.report.findings
            if f.path == "_posts/2024-06-03-tide-study.md" and "`authors`" in f.message]
    assert len(said) == 1 and said[0][0] == "lost" and "distill" in said[0][1], said
    again = _convert(src, tmp_path / "same", to="al-folio")  # an upgrade: its layout shows them
    assert not [f for f in again.report.findings if "`authors`" in f.message
                and f.outcome == "lost"]


def test_a_description_the_owners_layout_shows_is_shown_after_conversion(tmp_path):
    """The owner's about layout (their changed copy) prints `{{ page.description }}` under
    the name where the theme's printed the subtitle, and their page layout prints it under
    a page's heading: academicpages shows a page's `excerpt` only in its meta tags, so the
    about page's line becomes the sidebar bio and another page's its first paragraph, each
    said in the report naming `description`. Without a layout of the owner's that shows
    it, a description stays the excerpt alone."""
    src = _alfolio(tmp_path)
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace(
        "subtitle: Assistant Professor at <a href='https://example.edu/'>Example University"
        "</a>.", "description: Charts the currents of small harbours."))
    plain = _convert(src, tmp_path / "plain")
    line = "<p>Publications in reverse chronological order.</p>"
    assert line not in (tmp_path / "plain/_pages/publications.md").read_text()
    assert "Charts the currents" not in yaml.safe_load(
        (tmp_path / "plain/_config.yml").read_text())["author"].get("bio", "") or ""
    assert not any(f.code == "description-shown" for f in plain.report.findings)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.liquid").write_text(
        "---\nlayout: default\n---\n<div class=\"post\">\n  <header class=\"post-header\">\n"
        "    <h1 class=\"post-title\">{{ site.title }}</h1>\n"
        "    <p class=\"desc\">{{ page.description }}</p>\n  </header>\n"
        "  <article><div class=\"clearfix\">{{ content }}</div></article>\n</div>\n")
    (src / "_layouts/page.liquid").write_text(
        "---\nlayout: default\n---\n<div class=\"post\">\n  <header class=\"post-header\">\n"
        "    <h1 class=\"post-title\">{{ page.title }}</h1>\n"
        "    <div class=\"post-description\">{{ page.description }}</div>\n  </header>\n"
        "  <article>{{ content }}</article>\n</div>\n")
    plan = _convert(src, tmp_path / "out")
    config = yaml.safe_load((tmp_path / "out/_config.yml").read_text())
    assert config["author"]["bio"] == "Charts the currents of small harbours."
    text = (tmp_path / "out/_pages/publications.md").read_text().split("---", 2)[2]
    assert text.lstrip().startswith(line) and text.count(line) == 1
    said = {f.path: f.message for f in plan.report.findings if f.code == "description-shown"}
    assert all("`description`" in m for m in said.values())
    # the project laid out by the owner's page layout shows its line too (test_project_pages)
    assert sorted(said) == ["_pages/about.md", "_pages/publications.md",
                            "_projects/1_project.md"]
    assert any("about-page `description` became the sidebar bio" in f.message
               for f in plan.report.findings)


def test_a_news_item_of_two_paragraphs_and_a_comment_is_one_entry_of_the_news_list(tmp_path):
    """An inline news item of two paragraphs, with a commented-out draft (an HTML comment
    whose lines hold `---`, `***` and a heading) under its first: the item's page showed
    both paragraphs and nothing of the comment. In the home page's Markdown list the second
    paragraph is indented to the entry's text (else kramdown ends the list there and the
    paragraph stands apart from its date), and the comment is left out (inside a list entry
    kramdown prints its text)."""
    src = _alfolio(tmp_path)
    (src / "_news/announcement_9.md").write_text(
        "---\nlayout: post\ndate: 2025-06-01 09:00:00-0000\ninline: true\n---\n\n"
        "Joined the harbour survey team.\n\n\n<!-- ---\nlayout: post\ntitle: a draft\n---\n\n"
        "***\n\n#### Draft heading\n\nUnfinished words. -->\n\n"
        "The survey maps silt in **three** estuaries.\n")
    _convert(src, tmp_path / "out")
    home = (tmp_path / "out/_pages/about.md").read_text()
    assert "- 2025-06-01: Joined the harbour survey team.\n\n" \
           "  The survey maps silt in **three** estuaries.\n" in home
    news = home.split("## News", 1)[1]
    assert "Draft heading" not in news and "Unfinished" not in news and "<!--" not in news


def test_the_contact_note_comes_after_the_home_pages_lists(tmp_path):
    """al-folio's about layout shows `contact_note` with the social links, below the news
    and the selected papers: the new home page keeps it last, as the report says."""
    src = _alfolio(tmp_path)  # its note: "Office hours are on Tuesdays."
    _convert(src, tmp_path / "out")
    home = (tmp_path / "out/_pages/about.md").read_text()
    assert "## News" in home and home.rstrip().endswith("Office hours are on Tuesdays.")


def test_the_contact_note_is_written_only_where_the_about_page_showed_it(tmp_path):
    """al-folio's about layout shows `contact_note` inside its `{% if page.social %}` block:
    with `social: true` the new home page ends with it; without, the old home page never
    showed it, so the new one does not either, and the report says why."""
    src = _alfolio(tmp_path)
    _convert(src, tmp_path / "with")
    note = "Office hours are on Tuesdays."
    assert note in (tmp_path / "with/_pages/about.md").read_text()
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("social: true", "social: false", 1))
    plan = _convert(src, tmp_path / "without")
    assert note not in (tmp_path / "without/_pages/about.md").read_text()
    assert any(f.code == "contact-note" for f in plan.report.findings)


# an owner's about layout that lists items of data files: videos marked selected, newest
# first, each linked; two awards under a switch of the page; grants under a switch the page
# leaves off; talks kept in a CSV file; a crew kept as a mapping
DATA_LAYOUT = """---
layout: default
---
<article>
  <div class="clearfix">{{ content }}</div>
  <h2>Watch</h2>
  {% assign v = site.data.videos | where: 'selected', true | sort: 'year' %}
  <ul>{% for video in v reversed %}
    <li><a href="{{ video.url }}">{{ video.title }}</a> ({{ video.year }})</li>
  {% endfor %}</ul>
  {% if page.awards %}<h2>Prizes</h2>
    {% for a in site.data.awards limit: 2 %}<p>{{ a.name }}, {{ a.year }}</p>{% endfor %}
  {% endif %}
  {% if page.grants %}<h2>Grants</h2>
    {% for g in site.data.grants %}<p>{{ g.name }}</p>{% endfor %}{% endif %}
  <h2>Talks in a table</h2>
  {% for t in site.data.talklist %}<p>{{ t.title }}</p>{% endfor %}
  <h2>Crew</h2>
  {% for c in site.data.crew %}<p>{{ c[0] }}</p>{% endfor %}
</article>
"""
VIDEOS = """- {title: Kelp at night, url: "https://example.org/kelp", year: 2022, selected: true}
- {title: Pumps explained, url: "https://example.org/pumps", year: 2023}
- {title: Buoys in a storm, url: /assets/buoys.mp4, year: 2024, selected: true}
"""


def test_lists_of_data_files_the_owners_about_layout_shows_are_on_the_new_home_page(tmp_path):
    """A loop of the owner's about layout over a data file, outside any switch of the page
    (`site.data.videos` through an `assign` with `where` and `sort`, listed `reversed`),
    shows the items Liquid keeps, with the fields it prints, the first linked where the
    loop links it: the new home page lists exactly those, in that order, under the layout's
    heading, once, before what the layout shows after it (a part under a switch the page
    turns on, carried as Liquid as before); a list under a switch the page leaves off is not
    written; a CSV file is read as Jekyll reads it (a list of its rows), and a loop over a
    data file that is no list is reported."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.liquid").write_text(DATA_LAYOUT)
    (src / "_data/videos.yml").write_text(VIDEOS)
    (src / "assets/buoys.mp4").write_bytes(b"\0\0\0\x18ftypmp42")
    (src / "_data/awards.yml").write_text("- {name: Tide medal, year: 2024}\n- {name: Reef "
                                          "prize, year: 2023}\n- {name: Old cup, year: 2001}\n")
    (src / "_data/grants.yml").write_text("- {name: Sea fund}\n")
    (src / "_data/talklist.csv").write_text("title,venue\nHarbours that listen,Coastal Days\n")
    (src / "_data/crew.yml").write_text("ada: {role: captain}\n")
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("social: true\n", "social: true\nawards: true\n"))
    plan = _convert(src, tmp_path / "out")
    home = (tmp_path / "out/_pages/about.md").read_text()
    assert home.count("Watch") == 1
    videos = home.split("## Watch\n\n")[1].split("\n\n")[0].splitlines()
    assert videos == ["- [Buoys in a storm]({{ '/files/buoys.mp4' | relative_url }}), 2024",
                      "- [Kelp at night](https://example.org/kelp), 2022"]
    assert (tmp_path / "out/files/buoys.mp4").is_file()
    # a switched part stays the layout's Liquid, the switch and the data file along with it
    assert home.index("## Watch") < home.index("{% for a in site.data.awards limit: 2 %}")
    assert yaml.safe_load(home.split("---")[1])["awards"] is True
    assert (tmp_path / "out/_data/awards.yml").is_file()
    assert "Sea fund" not in home and "Grants" not in home
    findings = [(f.code, f.message) for f in plan.report.findings]
    assert "## Talks in a table\n\n- Harbours that listen\n" in home  # a CSV file's rows
    assert any(c == "shown-list" and "`site.data.crew`" in m and "`Crew`" in m
               for c, m in findings)
    assert any(c == "shown-list" and "2 items of a data file" in m and "`Watch`" in m
               for c, m in findings)


def test_the_words_of_a_home_pages_own_layout_are_on_the_new_home_page(tmp_path):
    """The home page (`permalink: /`, no text of its own) is laid into a layout of the
    owner's own, no template's, that shows a greeting, a button to their projects and a
    contact table, with its style and script: the new home page shows those words and
    links (the address carried as any other), not its style or script, and the report says
    the layout's words went along (was: an empty home page, and "not carried")."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/splash.liquid").write_text(
        "---\nlayout: default\n---\n<div class=\"hero\"><p>Hello, I am Ada</p>\n"
        "<a href=\"{{ '/projects/' | relative_url }}\">What I build</a></div>\n"
        "<section id=\"contact\"><h3>Write to me</h3><p>DOCK 4 · Harbourtown</p></section>\n"
        "<style>.hero { color: teal; }</style><script>window.tide = 1;</script>\n")
    (src / "_pages/splash.md").write_text("---\nlayout: splash\ntitle: Home\npermalink: /\n"
                                          "nav: false\n---\n")
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("permalink: /\n", "permalink: /about/\n"))
    plan = _convert(src, tmp_path / "out")
    home = next(p.read_text() for p in (tmp_path / "out/_pages").glob("*.md")
                if "permalink: /\n" in p.read_text())
    assert "Hello, I am Ada" in home and "DOCK 4 · Harbourtown" in home
    assert "{{ '/portfolio/' | relative_url }}" in home or "{{ '/projects/' | relative_url }}" \
        in home
    assert "teal" not in home and "window.tide" not in home
    said = {f.code: f.message for f in plan.report.findings
            if str(f.path) in ("_layouts/splash.liquid", "_pages/splash.md")}
    assert "a layout of your own" in said["own-layout-part"]
    assert "but for its parts of words and pictures" in said["own-layout"]


def test_an_about_layout_headed_by_the_pages_title_keeps_that_heading(tmp_path):
    """An owner's about layout whose `<h1>` prints the page's title (`{{ page.title }}`,
    not al-folio's site title or name): the new home page is headed by that title, as the
    old one was, and the stock about layout still heads it with the owner's name."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.liquid").write_text(
        "---\nlayout: default\n---\n<header><h1 class=\"post-title\">{{ page.title -}}"
        "<span class=\"dot\"></span></h1></header><article>{{ content }}</article>\n")
    about = src / "_pages/about.md"
    title = yaml.safe_load(about.read_text().split("---")[1])["title"]
    _convert(src, tmp_path / "out")
    front = yaml.safe_load((tmp_path / "out/_pages/about.md").read_text().split("---")[1])
    assert front["title"] == title
    (src / "_layouts/about.liquid").unlink()
    _convert(src, tmp_path / "out2")
    front = yaml.safe_load((tmp_path / "out2/_pages/about.md").read_text().split("---")[1])
    assert front["title"] == "Ada Q. Okonkwo" != title


def test_a_selected_paper_the_publications_page_skips_stays_on_the_home_page_only(tmp_path):
    """The home page lists the papers marked selected; the publications page lists by year
    only the years of its `years:` list (`-q @*[year={{y}}]*`), which stops before the
    selected 2025 paper. academicpages lists every file of `_publications/` on its
    publications page: that paper is on the new home page's selected papers only, as
    before, and the 2023 paper the year loop lists is a publication."""
    src = _alfolio(tmp_path)
    (src / "_pages/publications.md").write_text(
        "---\nlayout: page\npermalink: /publications/\ntitle: publications\nyears: [2023]\n"
        "nav: true\n---\n<div class=\"publications\">\n{%- for y in page.years %}\n"
        "  <h2 class=\"year\">{{y}}</h2>\n  {% bibliography -f papers -q @*[year={{y}}]* %}\n"
        "{% endfor %}\n</div>\n")
    dest = tmp_path / "dest"
    shutil.copytree(FIXTURES / "academicpages-site", dest)
    plan = _convert(src, dest)
    written = sorted(p.name for p in (dest / "_publications").glob("*.md"))
    assert len(written) == 1 and "energy-proportional-storage" in written[0], written
    assert "Carbon-Aware Scheduling for GPU Clusters" in (dest / "_pages/about.md").read_text()
    (said,) = [f for f in plan.report.findings if f.code == "selected-only"]
    assert "`okonkwo2025carbon`" in said.message
    assert "`pdf`" in said.message and "by hand" in said.message  # the list shows no PDF


def test_an_example_description_left_out_is_not_said_to_be_carried(tmp_path):
    """The template's example `description` of a page, left out of the new page (above),
    is not also said to be carried as the owner's site showed it; an example paragraph the
    page keeps in its text still is."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    shutil.copy(needs_shared(SHARED / "lab/templates/al-folio-2026/_layouts/page.liquid"),
                src / "_layouts/page.liquid")
    (src / "_pages/work.md").write_text(
        "---\nlayout: page\ntitle: work\npermalink: /work/\nnav: true\n"
        "description: A growing collection of your cool projects.\n---\nMoorings.\n")
    plan = _convert(src, tmp_path / "out")
    assert "cool projects" not in (tmp_path / "out/_pages/work.md").read_text()
    assert not [f for f in plan.report.findings
                if f.code == "template-example-text" and f.path == "_pages/work.md"]


def test_a_description_the_themes_page_layout_shows_is_shown_and_its_example_is_not(tmp_path):
    """al-folio's own page layout (unchanged) prints a page's `description` under its title:
    academicpages shows an `excerpt` only in its meta tags, so the owner's line is the page's
    first paragraph, and said; a template page's own example line (its projects page's,
    kept by an owner who wrote the page's text) is not the owner's: not shown, and said."""
    src = _alfolio(tmp_path)
    (src / "_layouts").mkdir()
    shutil.copy(needs_shared(SHARED / "lab/templates/al-folio-2026/_layouts/page.liquid"),
                src / "_layouts/page.liquid")
    (src / "_pages/notes.md").write_text(
        "---\nlayout: page\ntitle: notes\npermalink: /notes/\nnav: true\n"
        "description: Field notes from three harbour surveys.\n---\nLow water at noon.\n")
    (src / "_pages/work.md").write_text(
        "---\nlayout: page\ntitle: work\npermalink: /work/\nnav: true\n"
        "description: A growing collection of your cool projects.\n---\nMoorings.\n")
    plan = _convert(src, tmp_path / "out")
    notes = (tmp_path / "out/_pages/notes.md").read_text().split("---", 2)[2]
    assert notes.lstrip().startswith("<p>Field notes from three harbour surveys.</p>")
    work = (tmp_path / "out/_pages/work.md").read_text()
    assert "cool projects" not in work and "Moorings." in work
    said = [(f.code, f.path) for f in plan.report.findings
            if f.code in ("description-shown", "template-wording")]
    assert ("description-shown", "_pages/notes.md") in said
    assert ("template-wording", "_pages/work.md") in said


def _ranked_site(tmp_path: Path, key: str) -> Path:
    """The 2020-23 fixture whose own header lists the pages by ``key`` (Jekyll's `sort`),
    each page ranked by it in another order than its `nav_order`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_includes").mkdir()
    (src / "_includes/header.html").write_text(
        HOME + PAGES.replace('sort: "nav_order"', f'sort: "{key}"') + "</ul>\n")
    for name, rank in (("projects", "a"), ("cv", "b"), ("publications", "c"),
                       ("dropdown", "d"), ("lab", "e"), ("teaching", "f")):
        page = src / f"_pages/{name}.md"
        page.write_text(page.read_text().replace("---\n", f"---\n{key}: {rank}_{name}\n", 1))
    return src


def test_a_header_of_the_sites_own_sorts_the_menu_by_its_own_key(tmp_path):
    """The site's own header sorts the menu's pages by a front-matter key of its own (not
    `nav_order`): the converted menu keeps that order, and the key, read by the site's own
    code, is no slip for `title`."""
    src = _ranked_site(tmp_path, "sorted_title")
    plan = _convert(src, tmp_path / "out")
    # (academicpages has no submenu: the entries of `more` take its place)
    assert [t for t, _ in _menu(tmp_path / "out")] == [
        "about", "projects", "cv", "publications", "blog", "field station", "harbour lab",
        "teaching"]
    assert not [f for f in plan.report.findings if "sorted_title" in f.message
                and "did you mean" in f.message]
    assert not [f for f in plan.report.findings if f.code == "menu-order"]


def test_an_upgrade_places_the_pages_where_the_own_header_showed_them(tmp_path):
    """Upgraded onto a checkout whose header sorts by `nav_order`, each page of that menu
    takes its old place as its `nav_order` (the one it had was not what placed it); its
    own key stays as written."""
    src = _ranked_site(tmp_path, "sorted_title")
    (src / "_layouts").mkdir()
    (src / "_layouts/default.html").write_text("{% include header.html %}{{ content }}\n")
    dest = shutil.copytree(needs_shared(SHARED / "lab/templates/al-folio-2026"), tmp_path / "out")
    _convert(src, dest, to="al-folio")
    order = {}
    for name in ("projects", "cv", "publications", "dropdown", "lab", "teaching"):
        front = yaml.safe_load((dest / f"_pages/{name}.md").read_text().split("---")[1])
        assert front["sorted_title"].endswith(name)
        order[name] = front["nav_order"]
    assert sorted(order, key=order.get) == ["projects", "cv", "publications", "dropdown",
                                            "lab", "teaching"], order


# a 2020-21 header: the blog entry, under its own word, when `blog_name` is set
BLOG_NAME = """  {% if site.blog_name %}
  <li class="nav-item"><a class="nav-link" href="{{ '/blog/' | relative_url }}">
    blog
    {% if page.title == "blog" %}<span class="sr-only">(current)</span>{% endif %}
  </a></li>
  {% endif %}
"""


def test_a_2020_21_header_shows_the_blog_entry_when_blog_name_is_set(tmp_path):
    """`{% if site.blog_name %}` switches on a menu entry to `/blog/` under the header's own
    word (not the value, which heads the blog page): after the pages where the header
    shows it; none where `blog_name` is not set."""
    src = _blog_site(tmp_path, HOME + PAGES + BLOG_NAME)
    config = src / "_config.yml"
    config.write_text(re.sub(r"(?m)^blog_nav_title:.*\n", "", config.read_text()))
    plan = _convert(src, tmp_path / "out")
    assert _menu(tmp_path / "out")[-1] == ("blog", "/blog/")
    assert not [f for f in plan.report.findings if "label of its menu entry" in f.message]
    config.write_text(re.sub(r"(?m)^blog_name:.*\n", "", config.read_text()))
    _convert(src, tmp_path / "out2")
    assert "/blog/" not in [u for _, u in _menu(tmp_path / "out2")]


def test_a_profile_the_sites_own_social_include_links_is_carried(tmp_path):
    """The site's own social include links a config key of its own into a profile address
    (`https://www.semanticscholar.org/author/{{ site.ss_profile }}`): the about page showed
    that profile, and academicpages shows it in the author's sidebar; a key it links into
    an address of no service known stays a key of the config, as before."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_includes").mkdir()
    (src / "_includes/social.html").write_text(
        '{% if site.ss_profile %}<a href="https://www.semanticscholar.org/author/'
        '{{ site.ss_profile }}" title="Semantic Scholar">S</a>{% endif %}\n'
        '{% if site.tide_club %}<a href="https://tides.example.org/m/{{ site.tide_club }}">'
        'T</a>{% endif %}\n')
    config = src / "_config.yml"
    config.write_text(config.read_text() + "ss_profile: Ada-Marsh/424242\ntide_club: ada\n")
    plan = _convert(src, tmp_path / "out")
    written = yaml.safe_load((tmp_path / "out/_config.yml").read_text())
    assert written["author"]["semantic"] == \
        "https://www.semanticscholar.org/author/Ada-Marsh/424242"
    assert written["tide_club"] == "ada"
    assert not [f for f in plan.report.findings if "`ss_profile`" in f.message]


def test_an_upgrade_keeps_the_line_the_owners_bib_layout_printed_from_a_field_of_theirs(
        tmp_path):
    """The owner's bibliography layout printed a field of their own as a line under the
    venue (`<p>{{ entry.laurel }}</p>`), which the new checkout's layout prints nowhere:
    the carried entry also has it as its `note` (a line the new layout prints); an entry
    that has a `note` already is said to lose it. A field only in an attribute (an image's
    `src`) is no line of text."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/bib.html").write_text(
        "---\n---\n<div class=\"title\">{{ entry.title }}</div>\n"
        "<img src=\"{{ entry.snapshot | relative_url }}\">\n"
        "{% if entry.note %}{{ entry.note }}{% endif %}\n"
        "{% if entry.laurel %}<p class=\"laurel\">{{ entry.laurel }}</p>{% endif %}\n")
    bib = src / "_bibliography/papers.bib"
    text = bib.read_text()
    text = text.replace("@article{halvorsen2023buoys,", "@article{halvorsen2023buoys,\n"
                        "  laurel = {Best poster of the {Arctic} session},\n"
                        "  snapshot = {/assets/img/buoys.png},", 1)
    text = text.replace("@article{halvorsen2019mode,", "@article{halvorsen2019mode,\n"
                        "  laurel = {Featured on the cover},", 1)  # it has a note
    bib.write_text(text)
    dest = shutil.copytree(needs_shared(SHARED / "lab/templates/al-folio-2026"), tmp_path / "out")
    plan = _convert(src, dest, to="al-folio")
    from sitemigrate.formats.bibtex import parse_bib
    entries = {e.key: e for e in parse_bib((dest / "_bibliography/papers.bib").read_text())
               .entries}
    assert entries["halvorsen2023buoys"].fields["note"] == "Best poster of the {Arctic} session"
    assert entries["halvorsen2019mode"].fields["note"] == "In Norwegian, with an English summary"
    lost = [f for f in plan.report.findings if f.code == "bib-field-shown"
            and f.severity == "loss"]
    assert [f.message.split(":")[0] for f in lost] == ["publication `halvorsen2019mode`"]
    assert not [f for f in plan.report.findings if "`snapshot`" in f.message]


def test_an_upgraded_entry_links_the_file_its_old_layout_linked_as_written(tmp_path):
    """The owner's old bibliography layout linked `html` as written (`href="{{ entry.html
    }}"`), so `html={/assets/pdf/buoys.pdf}` linked that file; the new template's layout
    reads `html` below `/assets/html/`, which would make it `/assets/html//assets/pdf/...`,
    a dead link. The carried entry gives the path from the new folder instead (the same
    file); an address and a value the old layout read below the same folder stay."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/bib.html").write_text(
        "---\n---\n<div class=\"title\">{{ entry.title }}</div>\n"
        "{% if entry.html %}<a href=\"{{ entry.html }}\">HTML</a>{% endif %}\n"
        "{% if entry.pdf %}<a href=\"{{ entry.pdf | prepend: '/assets/pdf/' | relative_url }}"
        "\">PDF</a>{% endif %}\n")
    bib = src / "_bibliography/papers.bib"
    text = bib.read_text()
    assert "html = {https://journal.example.org/buoys}" in text
    bib.write_text(text.replace("@article{halvorsen2019mode,", "@article{halvorsen2019mode,\n"
                                "  html = {/assets/pdf/thesis.pdf},", 1))
    dest = shutil.copytree(needs_shared(SHARED / "lab/templates/al-folio-2026"), tmp_path / "out")
    plan = _convert(src, dest, to="al-folio")
    from sitemigrate.formats.bibtex import parse_bib
    entries = {e.key: e for e in parse_bib((dest / "_bibliography/papers.bib").read_text())
               .entries}
    assert entries["halvorsen2019mode"].fields["html"] == "../pdf/thesis.pdf"
    assert entries["halvorsen2023buoys"].fields["html"] == "https://journal.example.org/buoys"
    assert entries["halvorsen2023buoys"].fields["pdf"] == "buoys.pdf"
    said = [f for f in plan.report.findings if f.code == "upgrade-folder"]
    assert len(said) == 1 and "halvorsen2019mode" in said[0].message
    assert said[0].path == "_bibliography/papers.bib" and said[0].line


def test_a_link_the_owners_bib_layout_made_of_a_field_is_kept_or_said_lost(tmp_path):
    """The owner's bibliography layout linked a field as a button (`<a href="{{ entry.url
    }}">URL</a>`, `<a href="{{ entry.film }}">Video</a>`) that the new checkout's layout
    reads nowhere: where the new layout links another field under the same label (`Video`,
    from `video`), the entry also has it as that field; else a visitor no longer has the
    link, and the report says so for each entry."""
    from sitemigrate.jekyll.bibshown import shown_as_note
    from sitemigrate.report import Report
    src, dest = tmp_path / "src", tmp_path / "dest"
    for root, layout in ((src, '<a href="{{ entry.url }}" class="btn">URL</a>\n'
                               '<a href="{{ entry.film }}" class="btn">Video</a>\n'),
                         (dest, '{% if entry.video %}<a href="{{ entry.video }}" class="btn">'
                                "Video</a>{% endif %}\n<p>{{ entry.note }}</p>\n")):
        (root / "_layouts").mkdir(parents=True)
        (root / "_config.yml").write_text("scholar:\n  bibliography_template: bib\n")
        (root / "_layouts/bib.liquid").write_text("---\n---\n" + layout)
    text = ("@article{roe2021moss,\n  title = {Moss},\n  url = {https://example.org/moss},\n"
            "  film = {https://example.org/moss.mp4},\n}\n\n@misc{roe2020lichen,\n"
            "  title = {Lichen},\n}\n")
    report = Report()
    out = shown_as_note(text, "_bibliography/papers.bib", src, dest, report)
    assert "video = {https://example.org/moss.mp4}" in out
    assert "film = {https://example.org/moss.mp4}" in out  # (kept as written)
    lost = [f.message for f in report.findings if f.code == "bib-link-shown"
            and f.severity == "loss"]
    assert len(lost) == 1 and "`roe2021moss`" in lost[0] and "linked its `url`" in lost[0]


def test_a_site_without_posts_gets_no_latest_posts_heading(tmp_path):
    """The old home page listed the latest posts (`latest_posts: true`), but no post is
    carried (the site has none, or only the template's examples): the new home page shows
    no "latest posts" heading, which would lead to a blog the site does not have (and keep
    the template's blog page: a menu entry the owner never had)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    shutil.rmtree(src / "_posts")
    (src / "_layouts").mkdir()  # a 2023-24 about layout: the config switches the list
    (src / "_layouts/about.html").write_text(
        "---\nlayout: default\n---\n{{ content }}\n{% if site.latest_posts.enabled %}"
        "<h2><a href=\"{{ '/blog/' | relative_url }}\">latest posts</a></h2>{% endif %}\n")
    with (src / "_config.yml").open("a") as config:
        config.write("latest_posts:\n  enabled: true\n  limit: 3\n")
    dest = shutil.copytree(needs_shared(SHARED / "lab/templates/al-folio-2026"), tmp_path / "out")
    plan = _convert(src, dest, to="al-folio")
    front = yaml.safe_load((dest / "_pages/about.md").read_text().split("---")[1])
    assert front["latest_posts"]["enabled"] is False
    assert not [f for f in plan.report.findings if f.code == "fixed-link" and "/blog/" in f.message]
    assert "nav: true" not in (dest / "_pages/blog.md").read_text() \
        if (dest / "_pages/blog.md").exists() else True
