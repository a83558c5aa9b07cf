"""A masthead of the owner's that shows `site.data.navigation[lang]` (a menu per language,
`lang` assigned from `site.locale` and then from `page.lang`) shows, on the home page, the
list of the home page's language: that is the menu carried (was: `main`, a list the owner's
masthead never shows, so the home page's menu entries were lost). Invented people."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import sitemigrate
from sitemigrate.report import Report
from sitemigrate.themes.academicpages import reader

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

NAV = """main:
  - title: "Papers"
    url: /en/publications/
sv:
  - title: "Artiklar"
    url: /publications/
  - title: "Föredrag"
    url: /talks/
en:
  - title: "Papers"
    url: /en/publications/
"""

MASTHEAD = """{% assign lang = site.locale %}
{% if page.lang %}{% assign lang = page.lang %}{% endif %}
<div class="masthead"><nav id="site-nav" class="greedy-nav"><ul class="visible-links">
  <li class="masthead__menu-item--lg"><a href="/">{{ site.title }}</a></li>
  {% assign links = site.data.navigation[lang] %}
  {% for link in links %}<li><a href="{{ link.url }}">{{ link.title }}</a></li>{% endfor %}
</ul></nav></div>
"""


def _site(tmp_path: Path, home_lang: str | None, locale: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_data/navigation.yml").write_text(NAV, "utf-8")
    (src / "_includes").mkdir(exist_ok=True)
    (src / "_includes/masthead.html").write_text(MASTHEAD, "utf-8")
    about = src / "_pages/about.md"
    if home_lang:
        about.write_text(about.read_text("utf-8").replace(
            "permalink: /\n", f"permalink: /\nlang: {home_lang}\n", 1), "utf-8")
    config = src / "_config.yml"
    config.write_text(config.read_text("utf-8").replace('locale: "en-US"', f'locale: "{locale}"'),
                      "utf-8")
    return src


@pytest.mark.parametrize("home_lang, locale, shown", [
    ("sv", "en", ["Artiklar", "Föredrag"]),  # the home page's language
    (None, "sv", ["Artiklar", "Föredrag"]),  # no `lang`: the site's locale
    (None, "fi", ["Papers"]),  # no list of that language: `main`, as before
])
def test_the_home_pages_language_menu_is_carried(tmp_path, home_lang, locale, shown):
    src = _site(tmp_path, home_lang, locale)
    site = reader.read(src, Report())
    assert [n.title for n in site.navigation] == shown
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    page = (tmp_path / "out/_pages/publications.html").read_text("utf-8")
    assert ("nav: true" in page and "title: Artiklar" in page) == (shown[0] == "Artiklar")
