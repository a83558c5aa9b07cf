"""academicpages writer: `_config.yml` (the owner and sidebar, socials, collections,
settings carried from the source)."""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap

from ... import socials
from ...ir import Origin, Site
from ...jekyll.assets import AssetCopier
from ...jekyll.site import (
    account_config,
    config_line,
    dest_config,
    include_pages,
    set_key,
    set_nested,
    site_path,
    source_config,
    text,
)
from ...plan import Plan
from ...textio import dump_yaml
from .reader import NAME


def _write_config(site: Site, plan: Plan, copier: AssetCopier) -> None:
    ident = site.identity
    config = dest_config(plan)
    name = ident.display_name()
    set_key(config, "title", ident.site_title or name)
    set_key(config, "name", name)
    for key in ("description", "url", "baseurl"):
        set_key(config, key, getattr(ident, key))
    author = config.get("author")
    if not isinstance(author, CommentedMap):
        author = CommentedMap()
        set_key(config, "author", author)
    for key in author:  # the template's example person must not survive
        author[key] = None
    avatar = copier.carry(ident.avatar, ident.origin, "profile picture") if ident.avatar else ""
    avatar = avatar if "://" in avatar else avatar.removeprefix("/images/")  # read below it
    values = {"avatar": avatar or None, "name": name,
              "pronouns": ident.pronouns, "bio": ident.bio, "location": ident.location,
              "employer": ident.employer, "email": ident.email}
    for key, value in values.items():
        if value or key in author:
            set_key(author, key, value or None)
    for social in ident.socials:
        if social.service == "email":
            continue
        out = socials.write_social(NAME, social)
        if out is None:
            plan.report.lost("social", f"social profile {socials.describe(social)} "
                             f"has no academicpages sidebar "
                             "key; add the link to the about page by hand.", social.origin)
            continue
        set_key(author, out[0], out[1])
        plan.report.mapped("social", f"social profile `{social.service}` → `author.{out[0]}`.",
                           social.origin)
    for key, value in ident.extra.get("author", {}).items():
        if key not in author or author[key] is None:
            set_key(author, key, value)
    plan.report.mapped("identity", f"identity of {name or 'the site owner'} written to "
                       "`_config.yml`.", ident.origin)
    if not ident.display_name() and all(f.code != "no-name" for f in plan.report.findings):
        plan.report.problem("no-name", "the source names no owner (no name in its config or "
                            "profile), so the new site has none: fill `name` and `author.name` in "
                            "`_config.yml`.", ident.origin)
    if ident.contact_note and site.page("about"):
        plan.report.verbatim("identity-note", "`contact_note` has no academicpages key; it "
                             "was added at the end of the about page.", ident.origin)
    elif ident.contact_note:
        plan.report.lost("identity-note", "`contact_note` has no academicpages key and the "
                         f"site has no about page to carry it: {ident.contact_note.strip()}",
                         ident.origin)
    if ident.footer_text:
        plan.report.lost("footer-text", "`footer_text` has no academicpages key (the footer "
                         "is the theme's `_includes/footer/custom.html`); put this text there "
                         f"if you want it: `{ident.footer_text.strip()}`", ident.origin)
    _ensure_redirect_plugin(config)
    include_pages(config)
    _declare_collections(config, site)
    account_config(site, config, plan, NAME, _carry_settings(site, config, plan, copier))
    plan.write("_config.yml", dump_yaml(config))


def _carry_settings(site: Site, config: CommentedMap, plan: Plan, copier: AssetCopier) -> set[str]:
    """Source settings with an academicpages counterpart of another name or shape (an old
    al-folio config's analytics, comments, verification, language, favicon); returns the
    `config_extra` keys it dealt with."""
    report, extra, ident = plan.report, site.config_extra, site.identity
    src = source_config(site)
    done: set[str] = set()

    def at(key: str) -> Origin:
        return Origin("_config.yml", config_line(src, key))

    if site.theme == NAME:
        return done
    if site.theme == "al-folio":  # its old top-level social keys: read as socials
        done |= {k for k, v in extra.items() if socials.read_social("al-folio-old", k, v)}
    if ident.lang:
        dest_locale = text(config.get("locale"))
        if dest_locale.lower().split("-")[0] != ident.lang.lower().split("-")[0]:
            set_key(config, "locale", ident.lang)  # DEST's `en-US` already says `en`
        report.mapped("config-key", f"`lang` ({ident.lang}) → `locale`.", at("lang"))
    if ident.keywords:
        set_key(config, "keywords", ident.keywords)
        report.verbatim("config-key", "`keywords` is not an academicpages setting (its pages "
                        "have no keywords meta tag); kept as written.", at("keywords"))
    analytics = got if isinstance(got := extra.get("analytics"), dict) else {}
    tracking = text(extra.get("google_analytics") or analytics.get("google"))
    if "analytics" in extra and not tracking:  # al-folio v1's ids by service
        report.add("config-key", "info", "lost", "`analytics` sets no Google Analytics id; "
                   "its other services (Cronitor, Pirsch, OpenPanel) have no academicpages "
                   "setting: not carried.", at("analytics"))
        done.add("analytics")
    if tracking or "google_analytics" in extra:
        key = "google_analytics" if "google_analytics" in extra else "analytics"
        if tracking and extra.get("enable_google_analytics", True) is not False:
            provider = "google-analytics-4" if tracking.startswith("G-") else "google-universal"
            set_nested(config, ("analytics", "provider"), provider)
            set_nested(config, ("analytics", "google", "tracking_id"), tracking)
            report.mapped("config-key", f"`{key}` ({tracking}"
                          + (", `enable_google_analytics`" if "enable_google_analytics" in extra
                             else "") + f") → `analytics` (provider `{provider}`).", at(key))
        else:
            report.add("config-key", "info", "lost", f"`{key}`: Google Analytics is not "
                       "enabled in the source (`enable_google_analytics` is false, or no id); "
                       "not carried.", at(key))
        done |= {"google_analytics", "enable_google_analytics", "analytics"}
    for engine in ("google", "bing"):
        key, flag = f"{engine}_site_verification", f"enable_{engine}_verification"
        if extra.get(key) and extra.get(flag, True) is not False:
            set_key(config, key, extra[key])
            report.mapped("config-key", f"`{key}` carried" + (
                f" (switched on by `{flag}`)." if flag in extra else "."), at(key))
        elif extra.get(key):
            report.add("config-key", "info", "lost", f"`{key}` is switched off by `{flag}: "
                       "false` in the source; not carried.", at(key))
        if extra.get(key):
            done |= {key, flag} & set(extra)
    used = any(i.extra.get("disqus_comments") is True for i in site.posts) \
        or any(p.extra.get("disqus_comments") is True for p in site.pages)
    if extra.get("disqus_shortname") and not used:
        report.add("config-key", "info", "lost", "`disqus_shortname`: no post of the source "
                   "turns Disqus on (`disqus_comments: true`), so it was not carried (it would "
                   "switch comments on for every academicpages post).", at("disqus_shortname"))
        done.add("disqus_shortname")
    elif extra.get("disqus_shortname"):
        set_nested(config, ("comments", "provider"), "disqus")
        set_nested(config, ("comments", "disqus", "shortname"), extra["disqus_shortname"])
        report.mapped("config-key", "`disqus_shortname` → `comments: {provider: disqus}`: "
                      "academicpages shows the comments on every post with `comments: true` "
                      "(the template's default), not only where al-folio's `disqus_comments: "
                      "true` was set.", at("disqus_shortname"))
        done.add("disqus_shortname")
    image = text(extra.get("og_image"))
    if image:
        new = image if "://" in image else copier.carry(site_path(image, "assets/img"),
                                                        at("og_image"), "site image",
                                                        is_file=True)
        set_key(config, "og_image", new if "://" in new else new.removeprefix("/images/"))
        report.mapped("config-key", f"`og_image` → `{config['og_image']}`.", at("og_image"))
        done.add("og_image")
    icon = text(extra.get("icon"))
    if icon:
        report.add("config-icon", "warning", "lost", f"`icon` ({icon}, the favicon) has no "
                   "academicpages setting: academicpages takes its favicons from "
                   "`_includes/head/custom.html` and `images/`; put yours there.",
                   at("icon"))
        done.add("icon")
    for key, what in (("external_sources", "the posts al-folio's blog lists from other sites "
                       "(RSS feeds, links)"), ("giscus", "giscus comments"),
                      ("newsletter", "the newsletter sign-up")):
        on = extra.get(key)
        if isinstance(on, dict) and on.get("enabled") is False:
            continue  # switched off: among the settings not carried
        if on:  # content the owner set up, not only looks: one finding each
            report.add("config-key", "warning", "lost", f"`{key}` ({what}) has no "
                       "academicpages setting; not carried.", at(key))
            done.add(key)
    if "news_limit" in extra and site.page("about"):
        done.add("news_limit")  # the about page's news list honours it (see the reader)
        report.mapped("config-key", f"`news_limit` ({extra['news_limit']}): the about page's "
                      "News list shows that many items.", at("news_limit"))
    return done


def _declare_collections(config: CommentedMap, site: Site) -> None:
    """The stock collections (and any custom one the site fills) must be output."""
    cols = config.get("collections")
    if not isinstance(cols, dict):
        cols = CommentedMap()
        set_key(config, "collections", cols)
    wanted = ["teaching", "publications", "portfolio", "talks", *site.collections]
    source = site.config_extra.get("collections")
    for name in wanted:
        if name not in cols:
            cols[name] = CommentedMap([("output", True), ("permalink", "/:collection/:path/")])
            own = source.get(name) if isinstance(source, dict) else None
            if name in site.collections and isinstance(own, dict):
                cols[name].update({k: v for k, v in own.items() if k != "defaults"})


def _ensure_redirect_plugin(config: CommentedMap) -> None:
    """redirect_from only works with jekyll-redirect-from enabled (the template has it; a
    config written from scratch or a 2017 `gems:` list may not)."""
    key = "gems" if "gems" in config and "plugins" not in config else "plugins"
    plugins = config.get(key)
    if not isinstance(plugins, list):
        plugins = []
        set_key(config, key, plugins)
    if "jekyll-redirect-from" not in plugins:
        plugins.append("jekyll-redirect-from")
    whitelist = config.get("whitelist")
    if isinstance(whitelist, list) and "jekyll-redirect-from" not in whitelist:
        whitelist.append("jekyll-redirect-from")
