"""Site settings (language, analytics, comments, verification, favicon, share image) live in
the IR (:class:`sitemigrate.ir.SiteSettings`): each reader fills them from its own theme's
config keys, each writer writes its own keys from them, so that no writer decodes another
theme's keys; and a page's switches are :class:`sitemigrate.ir.PageFeatures`."""

from __future__ import annotations

from test_checkout import _write as _tree

import sitemigrate
from sitemigrate.ir import (
    Analytics,
    Comments,
    Identity,
    Origin,
    Page,
    PageFeatures,
    Setting,
    Site,
    SiteSettings,
    Verification,
)
from sitemigrate.yamlio import load_yaml

ALFOLIO_CONFIG = """\
first_name: Ada
last_name: Quill
lang: fr
google_analytics: G-QUILL1
enable_google_analytics: true
disqus_shortname: quill-notes
giscus:
  repo: adaquill/site
  category: Comments
icon: "⚛️"
og_image: card.png
google_site_verification: abc123
enable_google_verification: false
news_limit: 3
newsletter:
  enabled: false
external_sources:
  - name: blog
    rss_url: https://example.org/feed.xml
github_username: adaquill
"""

ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\nHello.\n"


def test_al_folio_reader_fills_the_settings_from_its_keys(tmp_path):
    src = _tree(tmp_path / "src", {
        "_config.yml": ALFOLIO_CONFIG, "_pages/about.md": ABOUT,
        "_posts/2024-01-02-hello.md": "---\nlayout: post\ntitle: Hello\n"
                                       "disqus_comments: true\n---\nHi.\n"})
    site = sitemigrate.read_site(src, theme="al-folio")
    s = site.settings
    assert s.locale == Setting("fr", "lang", Origin("_config.yml", 3))
    assert s.analytics is not None
    assert (s.analytics.provider, s.analytics.tracking_id, s.analytics.enabled) == \
        ("google", "G-QUILL1", True)
    assert (s.analytics.key, s.analytics.switch_key, s.analytics.keys) == \
        ("google_analytics", "enable_google_analytics",
         ["google_analytics", "enable_google_analytics"])
    disqus, giscus = s.comments
    assert (disqus.provider, disqus.shortname, disqus.key) == \
        ("disqus", "quill-notes", "disqus_shortname")
    assert disqus.asked_by == ["_posts/2024-01-02-hello.md"]  # al-folio: where a post asks
    assert (giscus.provider, giscus.options["repo"], giscus.origin) == \
        ("giscus", "adaquill/site", Origin("_config.yml", 7))
    assert s.verification == [Verification("google", "abc123", False, "google_site_verification",
                                           "enable_google_verification",
                                           Origin("_config.yml", 12))]
    assert s.favicon is not None and s.favicon.value == "⚛️"
    assert s.social_image is not None and s.social_image.value == "/assets/img/card.png"
    assert s.news_limit is not None and s.news_limit.value == 3
    assert [(a.kind, a.key) for a in s.addons] == [("external_posts", "external_sources")]
    assert "github_username" not in site.config_extra  # read as a social profile
    assert "lang" not in site.config_extra


def test_academicpages_reader_fills_the_settings_from_its_keys(tmp_path):
    src = _tree(tmp_path / "src", {
        "_config.yml": "name: Ada Quill\nlocale: de-DE\nanalytics:\n  provider: "
                       "google-analytics-4\n  google:\n    tracking_id: G-QUILL2\ncomments:\n"
                       "  provider: disqus\n  disqus:\n    shortname: quill-talk\n"
                       "yandex_site_verification: y-123\nog_image: me.png\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\nauthor_profile: false\n---\nHi.\n"})
    site = sitemigrate.read_site(src, theme="academicpages")
    s = site.settings
    assert s.locale == Setting("de-DE", "locale", Origin("_config.yml", 2))
    assert s.analytics is not None
    assert (s.analytics.provider, s.analytics.tracking_id, s.analytics.key) == \
        ("google-analytics-4", "G-QUILL2", "analytics")
    assert [(c.provider, c.shortname, c.key, c.asked_by) for c in s.comments] == \
        [("disqus", "quill-talk", "comments", None)]  # academicpages: on every post
    assert [(v.engine, v.code) for v in s.verification] == [("yandex", "y-123")]
    assert s.social_image is not None and s.social_image.value == "/images/me.png"
    about = site.page("about")
    assert about is not None and about.features.profile_sidebar is False


def _config(plan) -> dict:
    return load_yaml(plan.files["_config.yml"].decode(), "_config.yml", None)


def _messages(plan) -> list[str]:
    return [f.message for f in plan.report.findings if f.code.startswith("config")]


def test_al_folio_writer_writes_its_keys_from_the_settings_alone(tmp_path):
    """No source config at all (``config_extra`` empty): the settings are all it reads."""
    site = Site(theme="academicpages", identity=Identity(first_name="Ada", last_name="Quill"),
                pages=[Page("_pages/about.md", role="about", permalink="/")])
    site.settings = SiteSettings(
        locale=Setting("de", "locale"),
        analytics=Analytics("google", "G-QUILL3", key="analytics", keys=["analytics"]),
        comments=[Comments("disqus", "quill-notes", key="comments")],
        verification=[Verification("bing", "b-9", key="bing_site_verification"),
                      Verification("yandex", "y-9", key="yandex_site_verification")],
        social_image=Setting("https://example.org/card.png", "og_image"))
    plan = sitemigrate.write_site(site, tmp_path / "out", "al-folio")
    config = _config(plan)
    assert config["lang"] == "de"
    assert config["analytics"]["google"] == "G-QUILL3"  # al-folio v1 (a new folder's)
    assert config["disqus_shortname"] == "quill-notes"
    assert config["bing_site_verification"] == "b-9" and config["enable_bing_verification"]
    assert "yandex_site_verification" not in config  # al-folio has no such key
    assert config["og_image"] == "https://example.org/card.png"
    said = _messages(plan)
    assert "`locale` (de) → `lang`." in said
    assert "`analytics` (Google, G-QUILL3) → `analytics.google`." in said


def test_academicpages_writer_writes_its_keys_from_the_settings_alone(tmp_path):
    site = Site(theme="al-folio", identity=Identity(first_name="Ada", last_name="Quill"),
                pages=[Page("_pages/about.md", role="about", permalink="/")])
    site.settings = SiteSettings(
        locale=Setting("fr", "lang"),
        analytics=Analytics("google", "G-QUILL4", enabled=True, key="google_analytics",
                            keys=["google_analytics"]),
        comments=[Comments("disqus", "quill-notes", key="disqus_shortname"),
                  Comments("giscus", key="giscus")],
        verification=[Verification("google", "g-7", key="google_site_verification")],
        favicon=Setting("⚛️", "icon"))
    plan = sitemigrate.write_site(site, tmp_path / "out", "academicpages")
    config = _config(plan)
    assert config["locale"] == "fr"
    assert config["analytics"]["provider"] == "google-analytics-4"
    assert config["analytics"]["google"]["tracking_id"] == "G-QUILL4"
    assert config["comments"]["disqus"]["shortname"] == "quill-notes"  # shown on every post
    assert config["google_site_verification"] == "g-7"
    said = _messages(plan)
    assert "`lang` (fr) → `locale`." in said
    assert any(m.startswith("`icon` (⚛️, the favicon) has no academicpages setting") for m in said)
    assert "`giscus` (giscus comments) has no academicpages setting; not carried." in said


def test_disqus_asked_by_no_page_is_not_switched_on_for_every_post(tmp_path):
    site = Site(theme="al-folio", identity=Identity(first_name="Ada", last_name="Quill"))
    site.settings.comments = [Comments("disqus", "quill-notes", key="disqus_shortname",
                                       asked_by=["_posts/2020-01-01-gone.md"])]
    plan = sitemigrate.write_site(site, tmp_path / "out", "academicpages")
    assert "disqus" not in str(_config(plan).get("comments"))
    assert any(m.startswith("`disqus_shortname`: no post of the source turns Disqus on")
               for m in _messages(plan))


def test_page_features_are_written_by_their_neutral_names(tmp_path):
    site = Site(theme="al-folio", identity=Identity(first_name="Ada", last_name="Quill"))
    site.pages = [Page("_pages/about.md", role="about", permalink="/", body="Hi.\n",
                       features=PageFeatures(subtitle="Tide pools", profile_sidebar=False))]
    plan = sitemigrate.write_site(site, tmp_path / "out", "academicpages")
    about = plan.files["_pages/about.md"].decode()
    assert "author_profile: false" in about
    assert "Tide pools" in plan.files["_config.yml"].decode()  # the sidebar bio
