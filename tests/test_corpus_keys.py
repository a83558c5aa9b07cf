"""Nothing silent, on the real sites of ../shared/corpus (skipped when absent): every key of a
site's `_config.yml` and every front-matter key of every page and collection file it has is
carried into DEST (the same key, or the target's key for it) or named in the report; the
owner's name is never empty when the source has one."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

import sitemigrate
from sitemigrate import socials
from sitemigrate.registry import vocabulary
from sitemigrate.themes.academicpages import reader as ap
from sitemigrate.themes.alfolio import reader as af

from test_corpus import OTHER, SITES

yaml = YAML(typ="safe")

# Keys the readers map into the profile IR, which the writers then write in the target's own
# words (tested key by key elsewhere): the IR is the carrier, so they count as carried here.
MAPPED_CONFIG = {
    "al-folio": {"first_name", "middle_name", "last_name", "name", "title", "description",
                 "url", "baseurl", "email", "footer_text", "contact_note"},
    "academicpages": {"title", "name", "description", "url", "baseurl", "author"},
}
MAPPED_FRONT = {
    "al-folio": {"layout", "title", "date", "permalink", "redirect", "redirect_from",
                 *vocabulary("al-folio")["page_keys"], *vocabulary("al-folio")["about_keys"],
                 "dropdown", "children", "cv_pdf", "cv_format", *af.NEWS_KEYS,
                 *af.PROJECT_KEYS, *af.POST_KEYS, *af.TEACHING_KEYS, *af.TALK_KEYS},
    "academicpages": {"layout", "title", "date", "permalink", "redirect", "redirect_from",
                      "collection", *vocabulary("academicpages")["page_keys"], *ap.PUB_KEYS,
                      *ap.TALK_KEYS, *ap.PORTFOLIO_KEYS, *ap.POST_KEYS, "selected"}
    - {"author_profile"},  # a switch of academicpages' sidebar, which al-folio lacks
}
SOCIAL_COLUMN = {"al-folio": "al-folio-old", "academicpages": "academicpages"}
# a file named whole
WHOLE_FILE = {"unpublished", "shadowed", "publication-page", "menu-page", "furniture"}


def _load(path: Path) -> dict:
    try:
        data = yaml.load(path.read_text("utf-8", errors="replace"))
    except Exception:
        return {}
    return data if isinstance(data, dict) else {}


def _front(path: Path) -> dict:
    text = path.read_text("utf-8", errors="replace") if path.is_file() else ""
    if not text.lstrip("\ufeff").startswith("---"):
        return {}
    parts = text.lstrip("\ufeff").split("---", 2)
    try:
        data = yaml.load(parts[1]) if len(parts) > 2 else None
    except Exception:
        return {}
    return data if isinstance(data, dict) else {}


def _empty(value) -> bool:
    return value is None or value == "" or value == [] or value == {}


@pytest.mark.skipif(not SITES, reason="../shared/corpus is not available")
@pytest.mark.parametrize("theme,src", SITES, ids=[f"{t}:{p.name}" for t, p in SITES])
def test_every_key_carried_or_named(theme, src, tmp_path):
    report = sitemigrate.Report()
    site = sitemigrate.read_site(src, theme, report)
    plan = sitemigrate.write_site(site, tmp_path / "out", OTHER[theme], report=report)
    plan.apply()
    out = tmp_path / "out"
    findings = report.findings
    config, dest = _load(src / "_config.yml"), _load(out / "_config.yml")

    # the owner's name
    had = (config.get("name") or config.get("first_name") or config.get("last_name")
           or (config.get("author") or {}).get("name") if isinstance(config.get("author"),
                                                                      dict) else None)
    if had:
        name = (" ".join(str(dest.get(k) or "") for k in ("first_name", "last_name")).strip()
                if OTHER[theme] == "al-folio" else str(dest.get("name") or ""))
        assert name.strip(), f"{src.name}: the owner's name is empty in DEST"

    # every config key
    def named(key: str, path: str | None = "_config.yml") -> bool:
        return any(f"`{key}`" in f.message and (path is None or f.path == path)
                   for f in findings)
    silent = []
    for key, value in config.items():
        key = str(key)
        if _empty(value) or key in MAPPED_CONFIG[theme] or key in dest or named(key):
            continue
        social = socials.read_social(SOCIAL_COLUMN[theme], key, value)
        if social and any(f.code == "social" and f"`{social.service}`" in f.message
                          for f in findings):
            continue
        silent.append(key)
    silent_config = silent

    # every front-matter key of every page and collection file
    whole = {f.path for f in findings if f.code in WHOLE_FILE}
    files = [p.path for p in site.pages] + [
        i.path for kind in ("news", "talks", "teaching", "projects", "posts")
        for i in getattr(site, kind)] + [
        i.path for items in site.collections.values() for i in items] + [
        p.origin.path for p in site.publications if p.origin and
        not p.origin.path.endswith(".bib")]
    silent = []
    for rel in dict.fromkeys(files):
        if rel in whole or rel.endswith(".bib"):
            continue
        written = plan.origins.get(rel)
        out_front = _front(out / written) if written else {}
        folder = rel.split("/", 1)[0] + "/"
        for key, value in _front(src / rel).items():
            key = str(key)
            if key in MAPPED_FRONT[theme] or key in out_front or named(key, rel) or any(
                    f.code == "theme-switch" and f"`{key}`" in f.message
                    and (folder in f.message or f.path == rel or f"`{rel}`" in f.message)
                    for f in findings):
                continue
            silent.append(f"{rel}: {key}")
    assert not silent_config and not silent, (
        f"{src.name}: config keys neither carried nor reported: {silent_config}; "
        f"front-matter keys neither carried nor reported: {silent}")
