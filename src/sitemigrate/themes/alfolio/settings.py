"""al-folio reader: the site settings of `_config.yml` (language, analytics, comments,
search-engine verification, favicon, share image, news limit) into the IR's
:class:`~sitemigrate.ir.SiteSettings`. The keys stay in ``config_extra`` as written, for a
writer of al-folio to carry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...ir import Addon, Analytics, Comments, Origin, Setting, Site, SiteSettings, Verification
from ...jekyll.configkeys import config_line
from ...jekyll.site import site_path, text
from ...report import Report
from ...template_files import is_template_file, is_template_setting, template_wording
from . import THEME

ENGINES = ("google", "bing")  # the search engines al-folio has a verification key for


def read_settings(site: Site, config: Any) -> SiteSettings:
    """The settings of al-folio's config (``config``: as loaded, lines known; the identity's
    keys, such as ``lang``, are only there)."""
    extra = site.config_extra
    out = SiteSettings()

    def at(key: str) -> Origin:
        return Origin("_config.yml", config_line(config, key))

    if text(config.get("lang")):
        out.locale = Setting(text(config["lang"]), "lang", at("lang"))
    out.analytics = _analytics(extra, at)
    for engine in ENGINES:
        key, switch = f"{engine}_site_verification", f"enable_{engine}_verification"
        if extra.get(key):
            out.verification.append(Verification(
                engine, extra[key], extra.get(switch, True) is not False, key,
                switch if switch in extra else "", at(key)))
    if extra.get("disqus_shortname"):  # shown on the posts that say `disqus_comments: true`
        out.comments.append(Comments("disqus", extra["disqus_shortname"],
                                     key="disqus_shortname", origin=at("disqus_shortname")))
    if _set_up(extra.get("giscus")):
        giscus = extra["giscus"]
        out.comments.append(Comments("giscus", options=giscus if isinstance(giscus, dict)
                                     else {}, key="giscus", origin=at("giscus")))
    for key, kind in (("external_sources", "external_posts"), ("newsletter", "newsletter")):
        if _set_up(extra.get(key)):
            out.addons.append(Addon(kind, extra[key], key, at(key)))  # type: ignore[arg-type]
    if text(extra.get("icon")):
        out.favicon = Setting(text(extra["icon"]), "icon", at("icon"))
    image = text(extra.get("og_image"))
    if image:
        out.social_image = Setting(image if "://" in image else site_path(image, "assets/img"),
                                   "og_image", at("og_image"))
    if "news_limit" in extra:
        out.news_limit = Setting(extra["news_limit"], "news_limit", at("news_limit"))
    return out


def own_text(key: str, value: Any, report: Report, origin: Origin | None = None) -> str:
    """The text of an identity setting of `_config.yml` (at ``origin``), or "" where it is a
    template's own wording (`contact_note`, shown under the about page's links): no one's."""
    if key in ("description", "keywords", "footer_text", "contact_note", "email") \
            and template_wording(THEME, key, value, report, origin):
        return ""
    return text(value)


def example_profile(key: str, value: Any, report: Report,
                    origin: Origin | None = None) -> bool:
    """Whether a social profile of `_config.yml` (`email: you@example.com`, `scholar_userid`)
    holds the value a template checkout ships at that key: the template's example person's
    address or id, which a visitor of the owner's site would take for the owner's. Only a
    text value: an on/off switch (`rss_icon: true`) is no one's profile."""
    if not isinstance(value, str):
        return False
    if key == "email":  # said once, with the identity's own settings (:func:`own_text`)
        return is_template_setting(THEME, key, value)
    return template_wording(THEME, key, value, report, origin)


def example_socials(src: Path, report: Report) -> bool:
    """Whether SRC's `_data/socials.yml` is a template checkout's file, unchanged: its
    entries are the template's example person's address and ids, none the owner's (said
    once, at the file)."""
    if not is_template_file(THEME, src, "_data/socials.yml"):
        return False
    report.mapped("template-content", "`_data/socials.yml` is the template's own file, "
                  "unchanged: its profiles are the template's example person's, not yours; "
                  "none was carried.", "_data/socials.yml")
    return True


def _set_up(value: Any) -> bool:
    """A feature's block that sets something up (not empty, not `enabled: false`)."""
    return bool(value) and not (isinstance(value, dict) and value.get("enabled") is False)


def _analytics(extra: dict[str, Any], at: Any) -> Analytics | None:
    """Google Analytics: an id in `google_analytics` (with the switch
    `enable_google_analytics`) or, since v1, `analytics: {google, cronitor, pirsch, ...}`."""
    if "google_analytics" not in extra and "analytics" not in extra:
        return None
    block = got if isinstance(got := extra.get("analytics"), dict) else {}
    tracking = text(extra.get("google_analytics") or block.get("google"))
    key = "google_analytics" if "google_analytics" in extra else "analytics"
    switch = "enable_google_analytics"
    return Analytics(
        provider="google" if tracking else "", tracking_id=tracking,
        services={str(k): text(v) for k, v in block.items() if k != "google" and text(v)},
        enabled=extra.get(switch, True) is not False, key=key,
        switch_key=switch if switch in extra else "",
        services_key="analytics" if "analytics" in extra else "",
        keys=[k for k in ("google_analytics", switch, "analytics") if k in extra],
        origin=at(key))


def comments_asked(site: Site) -> None:
    """The posts and pages that turn Disqus on (`disqus_comments: true`): al-folio shows it
    only there."""
    asked = [i.path for i in site.posts if i.extra.get("disqus_comments") is True] \
        + [p.path for p in site.pages if p.extra.get("disqus_comments") is True]
    for comments in site.settings.comments:
        if comments.provider == "disqus":
            comments.asked_by = asked
