"""An upgrade keeps the owner's Sass variable values (:mod:`sitemigrate.sass_values`)."""

from __future__ import annotations

from pathlib import Path

from test_read_rules import write
from test_upgrade import new_checkout, old_site

import sitemigrate
import sitemigrate.template_files as tf
from sitemigrate.registry import get_theme
from sitemigrate.sass_values import assignments

REL = "_sass/_variables.scss"
OLD = ("/* Colours of the theme. */\n\n$purple-color: #b509ac !default;\n"
       "$grey-color: #828282 !default;\n$code-color: #dddddd !default;\n"
       ".x { $local: 1px; }\n")
NEW = ('@use "sass:color";\n\n/* Colours of the theme. */\n\n'
       "$grey-color: #838383 !default;\n$purple-color:   #b509ac !default;\n"
       "$shade-color: color.adjust($purple-color, $lightness: 25%);\n")


def _upgraded(tmp_path: Path, monkeypatch, ours: str, new_code: dict | None = None):
    """Vera's al-folio site made from an invented checkout whose `_variables.scss` is OLD
    (hers is ``ours``), upgraded onto one whose file is NEW (and ``new_code``): the plan,
    applied, and DEST."""
    now = {REL: NEW, "_includes/footer.liquid": "new\n", **(new_code or {})}
    old = write(tmp_path / "al-folio-2098", {REL: OLD, "_includes/footer.liquid": "old\n"})
    new = write(tmp_path / "al-folio-2099", now)
    built = tf.build_table(get_theme("al-folio"), [old, new])
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         sass=set(built["sass"]), sass_lines=set(built["sass_lines"]))
    monkeypatch.setattr(tf, "templates", lambda theme: known)
    src = write(old_site(tmp_path / "src"), {"_includes/footer.liquid": "old\n", REL: ours})
    dest = write(new_checkout(tmp_path / "dest"), now)
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    return plan, dest


def _said(plan, code: str) -> str:
    return " ".join(f.message for f in plan.report.findings if f.code == code)


def test_the_owners_colour_replaces_the_new_templates_value(tmp_path, monkeypatch):
    """Vera set `$purple-color` to a colour no template ships: the new template's file (which
    changed, so it is not hers) assigns `$purple-color` too, and gets her value there with its
    own `!default`; its other values stay the new template's. Her file's only change was
    that value: it is not named to carry by hand."""
    plan, dest = _upgraded(tmp_path, monkeypatch, OLD.replace("#b509ac", "#2a6f97"))
    text = (dest / REL).read_text()
    assert "$purple-color:   #2a6f97 !default;" in text
    assert "$grey-color: #838383 !default;" in text and "#b509ac" not in text
    said = _said(plan, "upgrade-sass-value")
    assert f"`{REL}` line 3" in said and "`$purple-color`" in said and "line 6" in said
    assert REL not in _said(plan, "upgrade-look-at")


def test_a_variable_the_new_template_lacks_is_told_with_what_to_do(tmp_path, monkeypatch):
    """Her `$code-color` (her value) is assigned by no file of the new template's `_sass/`:
    told, naming file and line, with what to do; her file stays named to carry by hand, and
    so does a file with other changes of hers (a rule she added)."""
    ours = OLD.replace("#dddddd", "#f0e0d0") + "h1 { color: $purple-color; }\n"
    plan, dest = _upgraded(tmp_path, monkeypatch, ours)
    (left,) = [f for f in plan.report.findings if f.code == "upgrade-sass-left"]
    assert left.line == 5 and "`$code-color`" in left.message and "#f0e0d0" in left.message
    assert "put your value there" in left.message
    assert "#f0e0d0" not in (dest / REL).read_text()
    assert REL in _said(plan, "upgrade-look-at")


def test_a_custom_property_named_after_the_variable_is_where_to_put_it(tmp_path, monkeypatch):
    """Where the new template sets a CSS custom property named after her variable
    (`--global-code-color` in a theme file of a subfolder), the report names it, file
    and line, as the place for her value."""
    theme = "_sass/theme/_light.scss"
    plan, _ = _upgraded(tmp_path, monkeypatch, OLD.replace("#dddddd", "#f0e0d0"), {
        theme: ":root {\n  --global-text-color: #000;\n  --global-code-color: #eee;\n}\n"})
    (left,) = [f for f in plan.report.findings if f.code == "upgrade-sass-left"]
    assert f"`--global-code-color` in `{theme}` line 3" in left.message
    assert "text-color" not in left.message


def test_a_variable_moved_to_another_file_gets_the_owners_value_there(tmp_path, monkeypatch):
    """Her value of `$grey-color`, which the new template assigns in another of its Sass
    files (`_themes.scss`), goes there: Sass variables are global. A template value of hers
    (`$purple-color` as the old template had it) is not hers: nothing is said of it."""
    themes = "_sass/_themes.scss"
    plan, dest = _upgraded(tmp_path, monkeypatch, OLD.replace("#828282", "#123456"), {
        REL: NEW.replace("$grey-color: #838383 !default;\n", ""),
        themes: ":root {\n  --bg: #fff;\n}\n$grey-color: #838383;\n"})
    assert (dest / themes).read_text().endswith("$grey-color: #123456;\n")
    said = _said(plan, "upgrade-sass-value")
    assert f"`{themes}` line 4" in said and "purple" not in said
    assert REL not in _said(plan, "upgrade-look-at")


def test_only_top_level_assignments_are_the_files_variables():
    """A `$name:` inside a block is local to it; one inside a comment is no assignment."""
    text = "/* $a: 1; */\n$b: 2px !default; // note\n.x { $c: 3; }\n$d: #{1 + 1}px;\n"
    assert [(a.name, a.value, a.line) for a in assignments(text)] == [("b", "2px", 2)]


def test_a_value_naming_a_variable_the_new_template_lacks_is_not_written(tmp_path, monkeypatch):
    """Her `$purple-color: $brand-color` names her own variable, which the new template
    does not define: written, it would stop the Sass build, so it is told instead. A value
    naming the new template's variables (and a keyword argument) is written."""
    ours = "$brand-color: #123456;\n" + OLD.replace("#b509ac", "$brand-color")
    plan, dest = _upgraded(tmp_path, monkeypatch, ours)
    assert "$brand-color" not in (dest / REL).read_text()
    said = _said(plan, "upgrade-sass-left")
    assert "`$purple-color`" in said and "names a variable the new template does not" in said
    ours = OLD.replace("#b509ac", "color.adjust($grey-color, $lightness: 5%)")
    plan, dest = _upgraded(tmp_path / "2", monkeypatch, ours)
    assert "$purple-color:   color.adjust($grey-color, $lightness: 5%) !default;" in \
        (dest / REL).read_text()
