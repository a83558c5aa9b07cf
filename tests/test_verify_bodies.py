"""A page's body counts as the owner's text only where the old site showed it: every
layout of its chain (its own `layout:`, or `_config.yml`'s defaults; the site's
`_layouts/` first, then the template's) outputs `{{ content }}` outside a comment. A CV
layout that prints only the CV data drops the body: stock words left in it are no loss."""

from __future__ import annotations

from sitemigrate.verify.bodies import body_shown, outputs_content
from sitemigrate.verify.compare import compare
from sitemigrate.verify.site import BuiltSite
from sitemigrate.verify.text import owner_paragraphs, page_paragraphs

HIDDEN = "Marta Quill studied river otters in seven northern valleys for years."
SHOWN = "Our lab builds small weather stations that schools can assemble together."
NOWHERE = "The ferry timetable changes twice a year along the eastern fjords."
UNDER = "Every spring the choir tours three harbour towns with a new programme."


def write(root, rel, text):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def site(tmp_path):
    """A miniature SRC: its own layouts, and one layout only its template has."""
    src = tmp_path / "src"
    write(src, "_config.yml", "title: x\ndefaults:\n  - scope: {path: '', type: pages}\n"
          "    values: {layout: page}\n")
    write(src, "_layouts/default.html", "<html><body>{{- content -}}</body></html>\n")
    write(src, "_layouts/page.html", "---\nlayout: default\n---\n<article>{{content}}</article>\n")
    # a CV layout of the owner's: the CV data only; `content` in a comment shows nothing
    write(src, "_layouts/resume.html", "---\nlayout: default\n---\n{% comment %}{{ content }}"
          "{% endcomment %}<!-- {{ content }} -->{% for e in site.data.cv %}{{ e.title }}"
          "{% endfor %}{{ content.size }}\n")
    # a layout whose body reaches a parent that drops it
    write(src, "_layouts/inner.html", "---\nlayout: bare\n---\n<div>{{ content }}</div>\n")
    write(src, "_layouts/bare.html", "<html><body>{{ site.title }}</body></html>\n")
    write(src, "_pages/cv.md", f"---\nlayout: resume\npermalink: /cv/\n---\n\n{HIDDEN}\n")
    write(src, "_pages/about.md", f"---\npermalink: /about/\n---\n\n{SHOWN}\n")
    write(src, "_pages/ferry.md", f"---\nlayout: vanished\n---\n\n{NOWHERE}\n")
    write(src, "_pages/choir.md", f"---\nlayout: inner\n---\n\n{UNDER}\n")
    template = tmp_path / "template"
    write(template, "_layouts/vanished.html", "---\nlayout: default\n---\n{{ site.title }}\n")
    return src, template


def test_outputs_content_outside_comments_only():
    assert outputs_content("<p>{{ content }}</p>")
    assert outputs_content("{{- content | strip -}}")
    assert not outputs_content("{% comment %}{{ content }}{% endcomment %}")
    assert not outputs_content("<!-- {{ content }} -->{{ content.size }}{{ contents }}")


def test_body_shown_follows_the_chain(tmp_path):
    src, template = site(tmp_path)
    config = {"defaults": [{"scope": {"path": "", "type": "pages"},
                            "values": {"layout": "page"}}]}
    assert body_shown(src, "_pages/about.md", config)  # by the defaults: page, default
    assert not body_shown(src, "_pages/cv.md", config)
    assert not body_shown(src, "_pages/choir.md", config)  # its parent drops it
    assert body_shown(src, "_pages/ferry.md", config)  # found nowhere: counted
    assert not body_shown(src, "_pages/ferry.md", config, [template])  # the template's


def test_owner_paragraphs_leave_out_an_unshown_body(tmp_path):
    src, template = site(tmp_path)
    found = owner_paragraphs(src, [template])
    assert set(found) == {"_pages/about.md"}
    assert set(owner_paragraphs(src)) == {"_pages/about.md", "_pages/ferry.md"}
    assert page_paragraphs(src) == [p for p in page_paragraphs(src)
                                    if "otters" not in p and "choir" not in p]


def test_an_unshown_body_is_no_loss(tmp_path):
    """The old build stopped on an error (no baseline): the owner's files are compared as
    they are, and the CV page's stock words were a loss of the new site."""
    src, template = site(tmp_path)
    old, new = tmp_path / "old", tmp_path / "new"
    write(old, "index.html", "<html><body><p>home</p></body></html>")
    write(new, "index.html", "<html><body><p>home</p></body></html>")
    write(new, "about/index.html", f"<html><body><p>{SHOWN}</p></body></html>")
    found = compare(BuiltSite(old), BuiltSite(new), src, old_is_baseline=False,
                    source=template)
    assert found.paragraphs == 1 and found.missing_paragraphs == []
