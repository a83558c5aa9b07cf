"""A YAML anchor defined twice (`en: &d "…"` then `zh: &d "…"`, as a bilingual config writes
it) is read as Jekyll's YAML (Ruby's Psych) reads it: each alias names the latest node of that
name, and a key written twice keeps its last value. PyYAML refuses such a document ("found
duplicate anchor"), and the config was read as no settings at all (was: `include: [_pages]`
unread, so every page was reported "no collection of the site" and the URLs, static files
and plug-in settings were taken from an empty config; and ruamel's warning on the console)."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import sitemigrate
from sitemigrate.yamlio import load_safe, settings_of

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

REDEFINED = 'a: &x one\nb: &x two\nc: *x\nd: 1\nd: 2\n'


def test_a_redefined_anchor_names_its_latest_node():
    assert load_safe(REDEFINED, last_wins=True) == {"a": "one", "b": "two", "c": "two",
                                                     "d": 2}  # as Psych: Jekyll's reading
    assert settings_of("include:\n  - _pages\n" + REDEFINED)["include"] == ["_pages"]


def test_a_bilingual_config_with_a_reused_anchor_keeps_its_pages(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    text = config.read_text("utf-8")
    line = next(x for x in text.splitlines() if x.startswith("description:"))
    config.write_text(text.replace(line, 'description:\n  en: &description "Field robotics"\n'
                                         '  sv: &description "Fältrobotik"'), "utf-8")
    with warnings.catch_warnings(record=True) as caught:
        plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
        plan.apply()
    assert not [f for f in plan.report.findings if f.code == "unread-folder"], \
        [f.message for f in plan.report.findings if f.code == "unread-folder"]
    assert not [w for w in caught if "anchor" in str(w.message)]  # no console noise


def test_an_author_name_per_language_is_one_name_not_a_mapping(tmp_path):
    """`author.name` with one value per language (`en:`, `sv:`) is the first language's name,
    reported as `title` and `author.bio` are (was: the mapping's Python text split into a
    first, middle and last name, which al-folio's footer printed)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    config = src / "_config.yml"
    text = config.read_text("utf-8")
    config.write_text(text.replace('  name: "Tomás Lindqvist"\n', '  name:\n    en: "Tomas '
                                   'Lindqvist"\n    sv: "Tomás Lindqvist"\n', 1), "utf-8")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    out = (tmp_path / "out/_config.yml").read_text("utf-8")
    assert "first_name: Tomas" in out and "last_name: Lindqvist" in out, out[:400]
    assert "{'en'" not in out
    assert any(f.code == "i18n-value" and "author.name" in f.message
               for f in plan.report.findings)
