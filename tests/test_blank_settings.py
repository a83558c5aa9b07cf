"""A setting the owner left blank, in an upgrade: Liquid reads a blank as nil (al-folio's
`max_author_limit:` blank shows every author), so where the new template gives the key a
value that templates ship, the blank is carried over it. Invented site."""

from __future__ import annotations

import yaml
from test_upgrade_rules import _known_settings

import sitemigrate


def test_a_setting_the_owner_left_blank_stays_blank_in_the_new_template(tmp_path, monkeypatch):
    """Mira blanked `max_author_limit` (every author shown): it stays blank over the new
    template's `3`, and the report says so; `news_limit`, at the template's value in her
    config, stays the new template's, and `impressum_path`, blank in both, is not said."""
    from test_checkout import _write
    from test_upgrade import new_checkout, old_site
    shipped = "max_author_limit: 3\nnews_limit: 5\n"
    old_template = _write(tmp_path / "al-folio-2000", {"_config.yml": shipped})
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    _write(dest, {"_config.yml": (dest / "_config.yml").read_text() + shipped
                  + "impressum_path:\n"})
    _known_settings(monkeypatch, old_template, dest)
    _write(src, {"_config.yml": (src / "_config.yml").read_text()
                 + "max_author_limit: # every author\nnews_limit: 5\n"
                 + "impressum_path:\n"})
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    config = yaml.safe_load((dest / "_config.yml").read_text("utf-8"))
    assert config["max_author_limit"] is None
    assert config["news_limit"] == 5 and config["impressum_path"] is None
    (said,) = [f for f in plan.report.findings if f.code == "config-own-value"]
    assert "`max_author_limit`" in said.message
    assert "news_limit" not in said.message and "impressum_path" not in said.message
    assert said.line is not None
