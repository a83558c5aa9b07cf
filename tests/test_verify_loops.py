"""The values an owner's loop over site data prints (a people page's names and roles in
`<span>`s and `<div>`s) are the owner's texts: one the old site shows and the new one does
not is a loss, as a list item would be."""

from __future__ import annotations

from sitemigrate.verify.compare import compare
from sitemigrate.verify.loops import loop_reads, loop_texts
from sitemigrate.verify.site import BuiltSite

PEOPLE = """---
permalink: /people/
---
<div class="row">
{% for person in site.data.crew %}
  <div class="col"><span><b>{{ person.name }}</b>, {{ person.role }}</span></div>
{% endfor %}
</div>
{% comment %}{% for person in site.data.ghosts %}{{ person.name }}{% endfor %}{% endcomment %}
"""
CREW = """- name: Odile Farrant
  role: Keeper of the tide gauges
  email: odile at example dot org
- name: Tobias Wren
  role: Station cook
"""


def write(root, rel, text):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_loop_reads_the_keys_its_body_outputs():
    found = list(loop_reads(PEOPLE))
    assert found == [(["crew"], {"name", "role"})]  # not the loop inside a comment
    assert list(loop_reads("{% for p in site.data['lab'].people %}{{ p | card }}{% endfor %}")
                ) == [(["lab", "people"], None)]
    assert list(loop_reads("{% for p in site.data.crew %}{% include card.html who=p %}"
                           "{% endfor %}")) == [(["crew"], None)]


def test_loop_texts_are_the_values_it_prints(tmp_path):
    src = tmp_path / "src"
    write(src, "_config.yml", "title: x\n")
    write(src, "_pages/people.html", PEOPLE)
    write(src, "_data/crew.yml", CREW)
    write(src, "_data/ghosts.yml", "- name: Unseen Person\n")
    write(src, "_pages/code.md", "{% for r in site.data.repos %}{% include repo.html r=r %}"
          "{% endfor %}\n")
    write(src, "_data/repos.yml", "- odile/tide-gauge\n- tobias/galley-menus\n")
    assert loop_texts(src, []) == {"_data/crew.yml": [
        "odile farrant", "keeper of the tide gauges", "tobias wren", "station cook"]}


def test_a_value_a_loop_printed_is_compared(tmp_path):
    src = tmp_path / "src"
    write(src, "_config.yml", "title: x\n")
    write(src, "_pages/people.html", PEOPLE)
    write(src, "_data/crew.yml", CREW)
    old, new = tmp_path / "old", tmp_path / "new"
    write(old, "index.html", "<html><body><p>home</p></body></html>")
    write(old, "people/index.html", "<html><body><div><span><b>Odile Farrant</b>, Keeper of "
          "the tide gauges</span></div><div><span><b>Tobias Wren</b>, Station cook</span>"
          "</div></body></html>")
    write(new, "index.html", "<html><body><p>home</p></body></html>")
    write(new, "people/index.html", "<html><body><div><span><b>Odile Farrant</b></span>"
          "</div><div><span><b>Tobias Wren</b>, Station cook</span></div></body></html>")
    found = compare(BuiltSite(old), BuiltSite(new), src)
    assert found.missing_details == [("_data/crew.yml", "keeper of the tide gauges")]
    assert found.details == 4  # the email the loop does not print is not asked
