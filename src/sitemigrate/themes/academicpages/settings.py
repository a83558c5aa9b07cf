"""academicpages reader: the site settings of `_config.yml` (locale, analytics, comments,
search-engine verification, share image) into the IR's
:class:`~sitemigrate.ir.SiteSettings`. The keys stay in ``config_extra`` as written, for a
writer of academicpages to carry."""

from __future__ import annotations

import re
from typing import Any

from ...ir import Analytics, Comments, Origin, Setting, Site, SiteSettings, Verification
from ...jekyll.configkeys import config_line
from ...jekyll.site import site_path, text

VERIFICATION = re.compile(r"(\w+)_site_verification")  # google, bing, alexa, yandex


def read_settings(site: Site, config: Any) -> SiteSettings:
    """The settings of academicpages' config (``config``: as loaded, lines known)."""
    extra = site.config_extra
    out = SiteSettings()

    def at(key: str) -> Origin:
        return Origin("_config.yml", config_line(config, key))

    if extra.get("locale"):
        out.locale = Setting(extra["locale"], "locale", at("locale"))
    analytics = extra.get("analytics")
    if isinstance(analytics, dict):  # {provider, google: {tracking_id}}
        google = got if isinstance(got := analytics.get("google"), dict) else {}
        out.analytics = Analytics(provider=text(analytics.get("provider")),
                                  tracking_id=text(google.get("tracking_id")), key="analytics",
                                  keys=["analytics"], origin=at("analytics"))
    comments = extra.get("comments")
    if isinstance(comments, dict) and text(comments.get("provider")):  # on every post
        provider = text(comments["provider"])
        own = got if isinstance(got := comments.get(provider), dict) else {}  # its block
        out.comments.append(Comments(
            provider, text(own.get("shortname")) if provider == "disqus" else "",
            {str(k): v for k, v in own.items() if k != "shortname"}, key="comments",
            origin=at("comments")))
    for key, value in extra.items():
        found = VERIFICATION.fullmatch(key)
        if found and value:
            out.verification.append(Verification(found[1], value, key=key, origin=at(key)))
    image = text(extra.get("og_image"))
    if image:
        out.social_image = Setting(image if "://" in image else site_path(image, "images"),
                                   "og_image", at("og_image"))
    return out
