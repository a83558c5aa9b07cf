"""academicpages' `author:` block as the template ships it is no one's: an owner who set the
site's `name` and `title` but never filled in the sidebar keeps the template's sidebar name,
biography and example profiles there. Those values (the template config's own, told from the
table of template checkouts) are not carried as the owner's; the owner is the site's `name`,
and such a site is not refused as "a fresh template".

The template here is an invented miniature in the shape of academicpages (key names only);
its table is made by the same function as the shipped ones (scripts/template_digests.py).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from test_checkout import _write

import sitemigrate.template_files as tf
from sitemigrate import cli
from sitemigrate.registry import get_theme

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
TEMPLATE_AUTHOR = ('author:\n  avatar: "profile.png"\n  name: "Your Sidebar Name"\n'
                   '  bio: "A placeholder biography of nobody"\n  location: "Somewhere"\n'
                   '  github: "exampleorg"\n  twitter: "placeholderhandle"\n')


@pytest.fixture
def template(tmp_path, monkeypatch):
    tpl = _write(tmp_path / "academicpages-2099", {
        "_config.yml": ('title: "Your Name / Site Title"\nname: &name "Your Name"\n'
                        + TEMPLATE_AUTHOR),
        "_pages/about.md": "---\npermalink: /\ntitle: About\n---\nThe example person's page.\n",
    })
    built = tf.build_table(get_theme("academicpages"), [tpl])
    assert built["settings"] and all(len(d) == 64 for d in built["settings"])  # digests only
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         settings=set(built["settings"]))
    monkeypatch.setattr(tf, "templates", lambda theme: known if theme.name == "academicpages"
                        else tf.Templates())
    return tpl


def owner_site(root: Path) -> Path:
    """The fixture's owner (named by `name` and `title`), with the template's `author:`
    block left as it came, except a profile of the owner's own."""
    shutil.copytree(FIXTURES / "academicpages-site", root)
    config = root / "_config.yml"
    text = config.read_text("utf-8")
    start = text.index("author:\n")
    end = re.search(r"^\S", text[start + len("author:\n"):], re.M)
    assert end is not None
    config.write_text(text[:start] + TEMPLATE_AUTHOR + '  linkedin: "tomas-lindqvist-eco"\n\n'
                      + text[start + len("author:\n") + end.start():], "utf-8")
    return root


def test_the_templates_sidebar_values_are_not_the_owners(template, tmp_path, capsys):
    src, out = owner_site(tmp_path / "src"), tmp_path / "out"
    assert cli.main(["convert", str(src), str(out), "--to", "al-folio", "-q",
                     "--report", str(tmp_path / "r.json")]) == 0, capsys.readouterr().err
    config = (out / "_config.yml").read_text("utf-8")
    assert re.search(r"^first_name: Tomás$", config, re.M)
    assert re.search(r"^last_name: Lindqvist$", config, re.M)
    assert "Your" not in config and "placeholder biography" not in config
    socials = (out / "_data/socials.yml").read_text("utf-8")
    assert "linkedin_username: tomas-lindqvist-eco" in socials
    assert "exampleorg" not in socials and "placeholderhandle" not in socials
    about = (out / "_pages/about.md").read_text("utf-8")
    assert "Somewhere" not in about and "placeholder biography" not in about
    report = (tmp_path / "r.json").read_text("utf-8")
    assert "`bio`, `github`, `location`, `name`, `twitter`" in report
    assert "the owner's name is the site's `name`, Tomás Lindqvist" in report


def test_a_fresh_template_is_still_refused(template, tmp_path, capsys):
    out = tmp_path / "out"
    shutil.copytree(FIXTURES / "al-folio-site", out)
    assert cli.main(["convert", str(template), str(out), "--to", "al-folio", "--from",
                     "academicpages", "-q"]) == 2
    assert "SRC is a fresh academicpages template" in capsys.readouterr().err


def test_the_sites_name_apart_from_the_sidebars_stays_the_sites(tmp_path):
    """academicpages shows two names: `author.name` over the sidebar and the site's `name` in
    the footer (and its SEO data). An owner who wrote a short sidebar name ("Tomás") and the
    full one as the site's `name` keeps each where it was on the upgrade: the footer does not
    turn into the sidebar's name."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    config.write_text(config.read_text("utf-8").replace(
        '  name: "Tomás Lindqvist"', '  name: "Tomás"', 1), "utf-8")
    out = tmp_path / "out"
    assert cli.main(["convert", str(src), str(out), "--to", "academicpages", "-q"]) in (0, 1)
    written = (out / "_config.yml").read_text("utf-8")
    assert re.search(r'(?m)^name: "?Tomás Lindqvist"?$', written), written[:400]
    assert re.search(r'(?m)^  name: "?Tomás"?$', written)
