"""A link an owner wrote into their header include as a menu entry of its own (not from a
page, nor from the config) is an entry of the menu, in its place."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES

import sitemigrate

# the owner's header: a fixed entry before the pages' loop, one after it; one the config
# switches, one commented out and the home link are no fixed entries
HEADER = """<header><nav class="navbar"><ul class="navbar-nav">
  <li class="nav-item"><a class="nav-link" href="{{ '/' | relative_url }}">about</a></li>
  {% if site.blog_name %}<li><a class="nav-link" href="{{ '/blog/' | relative_url }}">blog</a>
  </li>{% endif %}
  <li class="nav-item"><a class="nav-link" href="{{ '/assets/pdf/halvorsen_cv.pdf' |
  relative_url }}" target="_blank">Résumé</a></li>
  <!-- <li><a class="nav-link" href="/old-talks/">talks</a></li> -->
  {% assign sorted_pages = site.pages | sort: "nav_order" %}
  {% for p in sorted_pages %}{% if p.nav %}
  <li class="nav-item"><a class="nav-link" href="{{ p.url | relative_url }}">{{ p.title }}</a></li>
  {% endif %}{% endfor %}
  <li class="nav-item"><a class="nav-link" href="https://tides.example.org/lab">Tide lab</a></li>
</ul></nav></header>
"""


def _site(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_includes").mkdir()
    (src / "_includes/header.html").write_text(HEADER)
    return src


def test_academicpages_menu_has_the_headers_fixed_entries_in_their_places(tmp_path):
    src = _site(tmp_path)
    dest = tmp_path / "out"
    sitemigrate.convert(src, dest, to="academicpages").apply()
    nav = yaml.safe_load((dest / "_data/navigation.yml").read_text())["main"]
    titles = [n["title"] for n in nav]
    assert "talks" not in titles
    # before the pages (`publications` is the first), after what the header shows first
    assert titles[titles.index("Résumé") + 1] == "publications", titles
    assert titles[-1] == "Tide lab", titles
    resume = nav[titles.index("Résumé")]["url"]
    assert resume.endswith("halvorsen_cv.pdf") and (dest / resume.lstrip("/")).is_file()
    assert nav[-1]["url"] == "https://tides.example.org/lab"


def test_an_upgrade_keeps_the_fixed_entry_before_the_pages(tmp_path):
    src = _site(tmp_path)
    dest = tmp_path / "out"
    sitemigrate.convert(src, dest, to="al-folio").apply()
    fronts = {}
    for page in (dest / "_pages").glob("*.md"):
        front = yaml.safe_load(page.read_text().split("---")[1])
        if front.get("nav"):
            fronts[front["title"]] = front
    resume = fronts["Résumé"]
    assert resume["redirect"].endswith("halvorsen_cv.pdf")
    assert resume["nav_order"] < fronts["publications"]["nav_order"]
    assert fronts["Tide lab"]["nav_order"] > max(
        f["nav_order"] for t, f in fronts.items() if t != "Tide lab")


def test_an_upgrade_keeps_the_navbar_icons_the_old_header_switched_by_a_key_of_its_own(tmp_path):
    """The old header shows the social icons in its navbar under `site.show_social_icons`;
    the new checkout's header under `site.enable_navbar_social`: that key takes the old
    one's value, and the old key is not left behind as a setting of the owner's."""
    from conftest import SHARED, needs_shared
    src = _site(tmp_path)
    header = src / "_includes/header.html"
    header.write_text(header.read_text().replace(
        '<ul class="navbar-nav">', '{% if page.title != "about" %}<a href="/">Ada</a>\n'
        '{% elsif site.show_social_icons %}\n  <!-- icons -->\n  <div class="row">'
        '{% include social.html %}</div>\n{% endif %}\n<ul class="navbar-nav">', 1))
    config = src / "_config.yml"
    config.write_text(config.read_text() + "show_social_icons: true\n")
    dest = shutil.copytree(needs_shared(SHARED / "lab/templates/al-folio-2026"), tmp_path / "out")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    written = yaml.safe_load((dest / "_config.yml").read_text())
    assert written["enable_navbar_social"] is True
    assert "show_social_icons" not in written
