"""A page that is only a menu entry (an al-folio dropdown) in a theme whose menu is data:
what the report says of it is what the old menu showed."""

from __future__ import annotations

import shutil
from pathlib import Path

import sitemigrate

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DROPDOWN = ("---\nlayout: page\ntitle: more\nnav: {nav}\ndropdown: true\nchildren:\n"
            "  - title: publications\n    permalink: /publications/\n"
            "  - title: divider\n  - title: cv\n    permalink: /cv/\n---\n")


def _menu_page_finding(tmp_path: Path, nav: str) -> tuple[str, str]:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/more.md").write_text(DROPDOWN.format(nav=nav))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    [message] = [f.message for f in plan.report.findings
                 if f.code == "menu-page" and f.path == "_pages/more.md"]
    return message, (tmp_path / "out/_data/navigation.yml").read_text()


def test_a_dropdown_the_old_menu_showed_is_said_to_be_in_the_menu(tmp_path):
    message, navigation = _menu_page_finding(tmp_path, "true")
    assert "it is in `_data/navigation.yml`" in message
    # its own entry; the dropdown's is the same page, which the menu lists once
    assert navigation.count("url: /publications/") == 1 and "url: /cv/" in navigation


def test_a_dropdown_left_out_of_the_old_menu_is_not_said_to_be_in_the_menu(tmp_path):
    """A template's example dropdown kept with `nav: false` was in no menu: the report does
    not say it is in `_data/navigation.yml` (it is not), only that it is not written."""
    message, navigation = _menu_page_finding(tmp_path, "false")
    assert "it is in `_data/navigation.yml`" not in message
    assert "not one of the menu written to `_data/navigation.yml`" in message
    assert navigation.count("url: /publications/") == 1


def _menu(tmp_path: Path, pages: dict[str, str]):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    for name, front in pages.items():
        (src / f"_pages/{name}.md").write_text(
            f"---\nlayout: page\ntitle: {name}\npermalink: /{name}/\nnav: true\n{front}---\n"
            f"The {name} of the harbour survey.\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    titles = [line.split(": ", 1)[1] for line in
              (tmp_path / "out/_data/navigation.yml").read_text().splitlines()
              if line.strip().startswith("- title: ")]
    return titles, [f for f in plan.report.findings if f.code == "menu-order"]


def test_a_menu_page_without_nav_order_comes_first_as_jekylls_sort_puts_it(tmp_path):
    """al-folio's header sorts the pages with Jekyll's `sort` filter, whose nils come first:
    a `nav: true` page without `nav_order` is before those with one, not after them."""
    titles, _ = _menu(tmp_path, {"tides": "", "moorings": "nav_order: 1\n"})
    assert titles == ["about", "tides", "moorings", "publications", "cv"]


def test_menu_pages_of_one_nav_order_are_reported(tmp_path):
    """Two menu pages of one `nav_order`: Ruby's sort keeps no order among them, so the old
    menu's order was decided by no file: the report names both and says what to do; pages
    each with their own `nav_order` are not reported."""
    _, said = _menu(tmp_path, {"tides": "nav_order: 1\n", "moorings": "nav_order: 1\n"})
    assert [f.severity for f in said] == ["warning"]
    assert "`_pages/moorings.md`, `_pages/tides.md`" in said[0].message
    assert "`nav_order: 1`" in said[0].message
    _, said = _menu(tmp_path / "b", {"tides": "nav_order: 1\n", "moorings": "nav_order: 4\n"})
    assert said == []


# al-folio 2020-22: the blog is `blog/index.html` (no `permalink`: its folder's address), in
# the menu by the header's `{% if site.blog_nav_title %}` entry after the home entry
HEADER = ("<ul>\n<li><a href=\"{{ '/' | relative_url }}\">{{ about_title }}</a></li>\n"
          "{% if site.blog_nav_title %}<li><a href=\"{{ '/blog/' | relative_url }}\">"
          "{{ site.blog_nav_title }}</a></li>{% endif %}\n</ul>\n")
BLOG_2022 = ("---\nlayout: default\ntitle: blog\n---\n\n<div class=\"post\">\n\n"
             "  <div class=\"header-bar\">\n    <h1>{{ site.blog_name }}</h1>\n"
             "    <h2>{{ site.blog_description }}</h2>\n  </div>\n\n"
             "  <ul class=\"post-list\">\n    {% for post in paginator.posts %}\n"
             "    <li><a href=\"{{ post.url | relative_url }}\">{{ post.title }}</a></li>\n"
             "    {% endfor %}\n  </ul>\n\n  {% include pagination.html %}\n\n</div>\n")


def _blog_2022(tmp_path: Path, header: str, label: str = "notebook"):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_includes").mkdir()
    (src / "_includes/header.html").write_text(header)
    (src / "blog").mkdir()
    (src / "blog/index.html").write_text(BLOG_2022)
    with (src / "_config.yml").open("a") as fh:
        fh.write(f"blog_name: Tidal notes\nblog_nav_title: {label}\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    menu = [line.strip() for line in (tmp_path / "out/_data/navigation.yml").read_text()
            .splitlines() if line.strip().startswith(("- title: ", "url: "))]
    return plan.report.findings, menu, tmp_path / "out"


def test_the_blog_entry_a_2022_header_shows_by_blog_nav_title_stays_in_the_menu(tmp_path):
    """The header links `/blog/` under `blog_nav_title`, right after the home entry: the new
    menu has it there, the blog page is the blog listing (the target's loop, not al-folio's
    paginator), and the report says the key was carried, not that it was lost."""
    findings, menu, out = _blog_2022(tmp_path, HEADER)
    assert menu[2:4] == ["- title: notebook", "url: /blog/"]  # after the home entry
    listing = (out / "blog/index.html").read_text()
    assert "for post in site.posts" in listing and "paginator" not in listing
    [carried] = [f for f in findings if f.code == "config-key" and "blog_nav_title" in f.message]
    assert carried.outcome == "mapped" and carried.line is not None
    assert not [f for f in findings if f.code == "config-theme"
                and "`blog_nav_title`" in f.message]


def test_no_blog_entry_where_the_sites_header_does_not_read_blog_nav_title(tmp_path):
    """The key alone makes no menu entry: the site's own header decides (one without the
    blog entry shows none)."""
    _, menu, _ = _blog_2022(tmp_path, HEADER.replace("site.blog_nav_title", "site.blog_off"))
    assert "url: /blog/" not in menu


def test_an_empty_blog_nav_title_hides_the_blog_entry(tmp_path):
    """`blog_nav_title: ""`, the usual way to hide the blog's entry: the header's link has no
    text, so no entry a visitor sees; the new menu has none either."""
    _, menu, _ = _blog_2022(tmp_path, HEADER, label='""')
    assert "url: /blog/" not in menu and "- title: ''" not in menu


def test_the_home_entry_of_the_old_menu_is_the_first_entry_of_the_new_one(tmp_path):
    """al-folio's header lists the page at `/` first, under its `title` (`about`); the
    academicpages masthead links home only from the site's `title`: the entry is the first
    line of `_data/navigation.yml`, and said. Where its label is the site's title, the
    masthead shows that link already: no second one."""
    titles, _ = _menu(tmp_path, {"projects": ""})
    assert titles[:2] == ["about", "projects"]
    navigation = (tmp_path / "out/_data/navigation.yml").read_text()
    assert navigation.count("url: /\n") == 1
    src = tmp_path / "src"
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("title: about", "title: Ada Q. Okonkwo", 1))
    shutil.rmtree(tmp_path / "out")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    navigation = (tmp_path / "out/_data/navigation.yml").read_text()
    assert "url: /\n" not in navigation and "url: /projects/" in navigation
    assert not [f for f in plan.report.findings if f.code == "menu-home"]


# a 2017-18 header: every page with a title is a menu link, whether it says `nav` or not
TITLED_HEADER = """<header class="site-header"><nav class="site-nav"><div class="trigger">
{% for page in site.pages %}
  {% if page.title and page.url != "/" %}
    <a class="page-link" href="{{ page.url | prepend: site.baseurl }}">{{ page.title }}</a>
  {% endif %}
{% endfor %}
</div></nav></header>
"""


def test_a_header_that_links_every_titled_page_puts_each_in_the_menu(tmp_path):
    """The site's own header links every page with a title (no `nav` key read): a page
    without `nav: true` was in the old menu, so it is in the new one; a page without a
    title was not."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_includes").mkdir(exist_ok=True)
    (src / "_includes/header.html").write_text(TITLED_HEADER)
    (src / "_pages/tides.md").write_text("---\nlayout: page\ntitle: tides\npermalink: /tides/\n"
                                         "---\nTide tables of the harbour.\n")
    (src / "_pages/untitled.md").write_text("---\nlayout: page\npermalink: /untitled/\n---\n"
                                            "A page of no menu.\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    navigation = (tmp_path / "out/_data/navigation.yml").read_text()
    assert "url: /tides/" in navigation and "url: /untitled/" not in navigation


def _diary_written_over(tmp_path, more: dict[str, str] | None = None):
    """The plan of an al-folio site whose menu page `diary` (`/log/`) `log/index.html` writes
    over, with ``more`` files, converted to academicpages."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages/diary.md").write_text(
        "---\nlayout: page\ntitle: diary\npermalink: /log/\nnav: true\nnav_order: 9\n---\n"
        "Notes kept on the tern colony.\n")
    for rel, text in (more or {}).items():
        (src / rel).write_text(text)
    (src / "log").mkdir()
    (src / "log/index.html").write_text(
        "---\nlayout: page\ntitle: tern log\npermalink: /log/\n---\n<p>Every tern we ringed.</p>\n")
    return sitemigrate.convert(src, tmp_path / "out", to="academicpages")


def test_a_menu_page_written_over_keeps_its_entry(tmp_path):
    """Two pages at one address: Jekyll writes the later file name over the other, but
    al-folio's header loops over `site.pages`, which still holds the page written over; its
    `nav: true` entry links to the address, where the page shown answers. The menu keeps it
    (the page itself is not converted)."""
    plan = _diary_written_over(tmp_path)
    plan.apply()
    navigation = (tmp_path / "out/_data/navigation.yml").read_text()
    assert "- title: diary\n    url: /log/" in navigation
    assert [f.path for f in plan.report.findings if f.code == "shadowed"] == ["_pages/diary.md"]


def test_a_menu_page_written_over_keeps_its_place_among_equal_nav_orders(tmp_path):
    """Pages of one `nav_order` come in the order the site's pages are read (Jekyll's sort
    decides nothing between them, which is reported): a page written over is among them
    where it was read, not after every page shown."""
    plan = _diary_written_over(tmp_path, {"_pages/maps.md": (
        "---\nlayout: page\ntitle: maps\npermalink: /maps/\nnav: true\nnav_order: 9\n---\n"
        "Maps of the tern colony.\n")})
    plan.apply()
    navigation = (tmp_path / "out/_data/navigation.yml").read_text()
    assert navigation.index("title: diary") < navigation.index("title: maps")


def test_a_home_page_written_over_adds_no_second_home_entry(tmp_path):
    """Two about pages at `/`: the header's home entry is the one shown; the one written
    over (no `nav: true`) is in no menu."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    about = (src / "_pages/about.md").read_text()
    (src / "_pages/about_draft.md").write_text(about)
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    navigation = (tmp_path / "out/_data/navigation.yml").read_text()
    assert navigation.count("url: /\n") <= 1


# an owner's header whose loop over the pages leaves one out by its title (linked from the
# footer instead), after the template's loop that looks for the home page's title
OWN_LOOP = ("{% for page in site.pages %}{% if page.permalink == '/' %}"
            "{% assign about_title = page.title %}{% endif %}{% endfor %}\n"
            "<ul>\n<li><a href=\"{{ '/' | relative_url }}\">{{ about_title }}</a></li>\n"
            "{%- assign sorted_pages = site.pages | sort: \"nav_order\" -%}\n"
            "{%- for p in sorted_pages -%}\n"
            "{%- if p.nav and p.autogen == nil and p.title != \"colophon\" -%}\n"
            "<li><a href=\"{{ p.url | relative_url }}\">{{ p.title }}</a></li>\n"
            "{%- endif -%}\n{% endfor -%}\n</ul>\n")


def test_a_page_the_headers_own_loop_condition_leaves_out_is_no_menu_entry(tmp_path):
    """An owner's header may leave a `nav: true` page out of the menu by a condition of its
    own loop over the pages (`p.title != "colophon"`): the old menu did not show it, and
    the new one shows it no more (it was added to `_data/navigation.yml`). A page the
    condition does not decide stays in."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_includes").mkdir()
    (src / "_includes/header.html").write_text(OWN_LOOP)
    for name in ("colophon", "tides"):
        (src / f"_pages/{name}.md").write_text(
            f"---\nlayout: page\ntitle: {name}\npermalink: /{name}/\nnav: true\n"
            f"nav_order: 7\n---\nThe {name} of the harbour survey.\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    navigation = (tmp_path / "out/_data/navigation.yml").read_text()
    assert "url: /tides/" in navigation and "/colophon/" not in navigation
    assert (tmp_path / "out/_pages/colophon.md").is_file()  # the page itself stays
    [said] = [f for f in plan.report.findings if f.code == "menu-left-out"]
    assert said.path == "_pages/colophon.md" and said.line == 5
