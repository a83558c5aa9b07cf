"""What an owner's changed about layout shows under a switch of the page. al-folio's about
layout shows its social block under `{% if page.social %}`; an owner who wrote a line of
their own into that block (above the icons) showed it on every page that sets
`social: true`. Converted to academicpages, that line is the page's text: it is carried
(at the end of the page's text, with the layout's other parts of words), and a heading of
the template's own (`news`, in its about layout's switch) is not. A switch the page does
not turn on, or whose condition cannot be told, shows nothing of its own."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

import sitemigrate
from sitemigrate.registry import get_theme
from sitemigrate.template_files import templates

# an owner's changed copy of the 2020-23 about layout, written for this test
_ABOUT = """---
layout: default
---
<div class="post">
  <article>
    <div class="clearfix">
      {{ content }}
    </div>
    {% if page.news -%}
      <h2>news</h2>
      {%- include news.html %}
    {%- endif %}
    {%- if page.social %}
    <div class="social">
      <p class="lead">Happy to talk about buoys and quiet harbours.</p>
      <div class="contact-icons">
      {% include social.html %}
      </div>
      <div class="contact-note">{{ site.contact_note }}</div>
    </div>
    {%- endif %}
    {% if page.sea_trials %}<p>Out at sea until the spring tides.</p>{% endif %}
    {% if site.harbour or page.social %}<p>Ask for the harbour master.</p>{% endif %}
    {% unless page.social %}<p>No way to reach me here.</p>{% else %}<p>The pier is open
      to visitors.</p>{% endunless %}
  </article>
</div>
"""


def _convert(tmp_path: Path) -> tuple[str, sitemigrate.Plan]:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.html").write_text(_ABOUT)
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    return (tmp_path / "out/_pages/about.md").read_text(), plan


def test_the_owners_line_in_a_branch_the_page_turns_on_is_carried(tmp_path):
    home, plan = _convert(tmp_path)
    text = home.split("---", 2)[2]
    assert text.count("Happy to talk about buoys and quiet harbours.") == 1
    assert "The pier is open" in text  # the `else` of an `unless` the page meets
    assert "<h2>news</h2>" not in text  # the template's heading
    for unseen in ("Out at sea", "harbour master", "No way to reach me"):
        assert unseen not in text, unseen
    said = [f for f in plan.report.findings if f.code == "own-layout-part"]
    assert len(said) == 1 and said[0].path == "_pages/about.md" and said[0].line
    assert "Happy to talk" in said[0].message and "news" not in said[0].message


def test_the_templates_own_words_are_told_from_the_owners():
    """The table holds the runs of words the template's layouts write (not their text):
    a part whose words are all such runs is the template's."""
    table = templates(get_theme("al-folio"))
    assert table.writes('<h2><a href="/news/" style="color: inherit">news</a></h2>')
    assert table.writes("<h2>selected publications</h2>")
    assert not table.writes("<p>Happy to talk about buoys.</p>")
    assert not table.writes('<img src="/assets/img/buoy.png"/>')


def test_what_a_branch_writes_inside_a_tag_is_no_words_of_the_page():
    """A changed bib layout's branches that write a class or an attribute
    (`class="{% if site.x %}col-sm-8{% else %}col-sm-10{% endif %}"`, `data-arxiv-id` under
    `{% elsif entry.arxiv %}`) show no words: verify asks for none of them; a line the owner
    wrote between tags still is asked for."""
    from sitemigrate.verify.items import changed_texts
    layout = ("---\n---\n<div class=\"row\">\n  <div id=\"{{ entry.key }}\" class=\"{% if "
              "site.thumbs %}col-sm-8{% else %}col-sm-10{% endif %}\">\n"
              "  <span class=\"badge-embed\"\n    {% if entry.altmetric %}\n"
              "      data-altmetric-id=\"{{ entry.altmetric }}\"\n    {% elsif entry.arxiv %}\n"
              "      data-arxiv-id=\"{{ entry.arxiv }}\"\n    {% endif %}\n  ></span>\n"
              "  {% if entry.memo %}<p>Notes from the reed survey</p>{% endif %}\n</div></div>\n")
    found = changed_texts({"_layouts/bib.liquid": layout}, lambda run: False)
    assert found == {"_layouts/bib.liquid": ["notes from the reed survey"]}
