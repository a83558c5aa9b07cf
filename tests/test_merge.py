"""Converting into a checkout of the target template: config merged, examples replaced."""

from __future__ import annotations

import shutil

import sitemigrate

TEMPLATE_CONFIG = """\
# Site settings of the template (comments must survive)
title: "Your Name / Site Title"
name: &name "Your Name"
description: &description "personal description"
url: https://example.github.io
baseurl: ""
repository: "someone/template"

# Site author
author:
  # Biographic information
  avatar: "profile.png"
  name: "Your Sidebar Name"
  bio: "Short biography for the left-hand sidebar"
  location: "Earth"
  email: "none@example.org"
  # Academic websites
  googlescholar: "https://scholar.google.com/citations?user=PS_CX0AAAAAJ"
  github: "academicpages"
  twitter:

talkmap_link: false # keep me
"""


def test_merge_into_academicpages_template(alfolio_site, tmp_path):
    dest = tmp_path / "tpl"
    (dest / "_publications").mkdir(parents=True)
    (dest / "_config.yml").write_text(TEMPLATE_CONFIG)
    example = dest / "_publications/2009-10-01-paper-title-number-1.md"
    example.write_text("---\ntitle: Paper Title Number 1\n---\n")
    (dest / "Gemfile").write_text("source 'https://rubygems.org'\n")
    plan = sitemigrate.convert(alfolio_site, dest, to="academicpages")
    assert "--- a/_publications/2009-10-01-paper-title-number-1.md\n+++ /dev/null" in plan.diff()
    plan.apply()
    config = (dest / "_config.yml").read_text()
    assert config.startswith("# Site settings of the template (comments must survive)\n")
    assert "  # Academic websites\n" in config and "talkmap_link: false # keep me" in config
    assert 'repository: "someone/template"' in config
    assert "Your Sidebar Name" not in config and "PS_CX0AAAAAJ" not in config
    assert "github: ada-okonkwo" in config and "github: academicpages" not in config
    assert config.index("title:") < config.index("author:") < config.index("talkmap_link")
    assert not example.exists()
    assert (dest / "Gemfile").read_text() == "source 'https://rubygems.org'\n"
    assert sitemigrate.convert(alfolio_site, dest, to="academicpages").up_to_date()


def test_failed_apply_leaves_dest_as_it_was(alfolio_site, tmp_path, monkeypatch):
    dest = tmp_path / "d"
    dest.mkdir()
    (dest / "keep.txt").write_text("mine\n")
    plan = sitemigrate.convert(alfolio_site, dest, to="academicpages")
    import os
    real_rename = os.rename
    calls = []

    def failing(src, dst):
        calls.append((src, dst))
        if len(calls) == 2:
            raise OSError("disk full")
        return real_rename(src, dst)

    monkeypatch.setattr(os, "rename", failing)
    try:
        plan.apply()
    except OSError:
        pass
    monkeypatch.undo()
    assert sorted(p.name for p in dest.iterdir()) == ["keep.txt"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".d.sitemigrate-")]
    shutil.rmtree(dest)


def test_v1_config_contract_is_declared_once(academicpages_site, tmp_path):
    """A fresh DEST becomes an al-folio v1 site (the default target): `theme` and the
    `al_folio:` contract are written, and the result reads back as v1. A v1 starter's own
    block and theme are left as they are."""
    from ruamel.yaml import YAML
    fresh = tmp_path / "fresh"
    plan = sitemigrate.convert(academicpages_site, fresh, to="al-folio")
    plan.apply()
    config = YAML(typ="safe").load((fresh / "_config.yml").read_text())
    assert config["theme"] == "al_folio_core"
    assert config["al_folio"]["api_version"] == 1
    assert config["al_folio"]["tailwind"]["preflight"] is False
    assert [f.code for f in plan.report.findings].count("v1-config") == 1
    assert sitemigrate.read_site(fresh).generation == "v1"
    assert sitemigrate.convert(academicpages_site, fresh, to="al-folio").up_to_date()

    starter = tmp_path / "starter"
    starter.mkdir()
    own = "theme: my_fork_of_core # pinned\nal_folio:\n  api_version: 1\n  style_engine: tailwind\n"
    (starter / "_config.yml").write_text(own)
    plan = sitemigrate.convert(academicpages_site, starter, to="al-folio")
    plan.apply()
    text = (starter / "_config.yml").read_text()
    assert text.startswith(own) and "v1-config" not in [f.code for f in plan.report.findings]
