"""academicpages writer: `_config.yml` (the owner and sidebar, socials, collections,
settings carried from the source)."""

from __future__ import annotations

import re

from ruamel.yaml.comments import CommentedMap

from ... import socials
from ...ir import Analytics, Origin, Site, SiteSettings
from ...jekyll.assets import AssetCopier
from ...jekyll.configkeys import account_config, config_line, source_config
from ...jekyll.site import dest_config, include_pages, set_key, set_nested, text
from ...plan import Plan
from ...textio import dump_yaml
from . import THEME
from .reader import NAME

_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}/?")


def _joinable_url(url: str, plan: Plan, origin: Origin | None) -> str:
    """`url` as academicpages's layouts join it: they put `site.url`, `site.baseurl` and the
    path one after the other as written (its `base_path` include), so a `url` ending in `/`
    gave every menu entry and redirect of the new site a double slash
    (`https://host//teaching/`). Jekyll's own `url` has no trailing `/`. A `url` without a
    scheme (`host.org`, which a theme that links with `relative_url` never showed) made
    every one of those links relative to the page it is on (`/blog/host.org/teaching/`):
    it is `https://host.org`."""
    if url and _HOST.fullmatch(url):
        plan.report.mapped("url-scheme", f"`url: {url}` has no scheme; academicpages puts "
                           "`url` in front of every link as written, where it would read as "
                           f"a folder, so it is `url: https://{url.rstrip('/')}`.", origin)
        return f"https://{url.rstrip('/')}"
    bare = (url or "").rstrip("/")
    if bare == (url or "") or "://" not in bare or bare.endswith(":"):
        return url
    plan.report.mapped("url-slash", f"`url: {url}` ends in `/`; academicpages puts `url` and "
                       "`baseurl` in front of every link as written, so it is "
                       f"`url: {bare}` (else every link would have a double slash).", origin)
    return bare


def _write_config(site: Site, plan: Plan, copier: AssetCopier) -> None:
    ident = site.identity
    config = dest_config(plan)
    name = ident.display_name()
    set_key(config, "title", ident.site_title or name)
    # the site's `name` (its footer, its SEO data) where the owner gave it apart from the
    # sidebar's `author.name`: both are the owner's, each shown where it was
    set_key(config, "name", ident.extra.get("site_name") or name)
    set_key(config, "description", ident.description)
    set_key(config, "url", _joinable_url(ident.url, plan, ident.origin))
    set_key(config, "baseurl", ident.baseurl)
    author = config.get("author")
    if not isinstance(author, CommentedMap):
        author = CommentedMap()
        set_key(config, "author", author)
    for key in author:  # the template's example person must not survive
        author[key] = None
    avatar = copier.carry(ident.avatar, ident.origin, "profile picture") if ident.avatar else ""
    avatar = avatar if "://" in avatar else avatar.removeprefix("/images/")  # read below it
    placeholder = THEME.vocabulary["checkout"].get("placeholder_avatar")
    if not avatar and placeholder and (plan.dest / "images" / placeholder).is_file():
        avatar = placeholder  # the sidebar shows `author.avatar` always: never a broken image
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
        if out is None and social.shown is False:
            kept = site.theme == NAME and social.key.startswith("author.")
            if kept:  # the same theme: the owner's key as written, shown as before (nowhere)
                set_key(author, social.key.removeprefix("author."), social.url or social.handle)
            socials.report_unshown(plan.report, social, "academicpages sidebar key",
                                   f"kept as `{social.key}`" if kept else "not carried")
            continue
        if out is None:
            plan.report.lost("social", f"social profile {socials.describe(social)} "
                             f"has no academicpages sidebar "
                             "key; add the link to the about page by hand.", social.origin)
            continue
        set_key(author, out[0], out[1])
        plan.report.mapped("social", f"social profile `{social.service}` → `author.{out[0]}`"
                           f"{socials.newly_shown(social)}.", social.origin)
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
    account_config(site, config, plan, THEME, _carry_settings(site, config, plan, copier))
    plan.write("_config.yml", dump_yaml(config))


def _carry_settings(site: Site, config: CommentedMap, plan: Plan, copier: AssetCopier) -> set[str]:
    """Another theme's settings (:class:`~sitemigrate.ir.SiteSettings`: language, analytics,
    comments, verification, share image, favicon, news limit) as academicpages'; returns the
    `config_extra` keys it dealt with."""
    report, ident, settings = plan.report, site.identity, site.settings
    src = source_config(site)
    done: set[str] = set()

    def at(key: str) -> Origin:
        return Origin("_config.yml", config_line(src, key))

    if site.theme == NAME:
        return done
    if (locale := settings.locale) is not None:
        dest_locale = text(config.get("locale"))
        lang = text(locale.value)
        if dest_locale.lower().split("-")[0] != lang.lower().split("-")[0]:
            set_key(config, "locale", lang)  # DEST's `en-US` already says `en`
        report.mapped("config-key", f"`{locale.key}` ({lang}) → `locale`.", locale.origin)
    if ident.keywords:
        set_key(config, "keywords", ident.keywords)
        report.verbatim("config-key", "`keywords` is not an academicpages setting (its pages "
                        "have no keywords meta tag); kept as written.", at("keywords"))
    if (analytics := settings.analytics) is not None:
        done |= _carry_analytics(analytics, config, plan, at(analytics.services_key))
    for found in settings.verification:
        key, switch = found.key, found.switch_key
        if found.enabled:
            set_key(config, f"{found.engine}_site_verification", found.code)
            report.mapped("config-key", f"`{key}` carried" + (
                f" (switched on by `{switch}`)." if switch else "."), found.origin)
        else:
            report.add("config-key", "info", "lost", f"`{key}` is switched off by `{switch}: "
                       "false` in the source; not carried.", found.origin)
        done |= {key, switch} - {""}
    present = {i.path for i in site.posts} | {p.path for p in site.pages}
    for comments in (c for c in settings.comments if c.provider == "disqus"):
        if comments.asked_by is not None and not present & set(comments.asked_by):
            report.add("config-key", "info", "lost", f"`{comments.key}`: no post of the source "
                       "turns Disqus on (`disqus_comments: true`), so it was not carried (it "
                       "would switch comments on for every academicpages post).", comments.origin)
        else:
            set_nested(config, ("comments", "provider"), "disqus")
            set_nested(config, ("comments", "disqus", "shortname"), comments.shortname)
            report.mapped("config-key", f"`{comments.key}` → `comments: {{provider: disqus}}`: "
                          "academicpages shows the comments on every post with `comments: "
                          "true` (the template's default), not only where al-folio's "
                          "`disqus_comments: true` was set.", comments.origin)
        done.add(comments.key)
    if (image := settings.social_image) is not None:
        new = image.value if "://" in image.value else copier.carry(
            image.value, image.origin, "site image", is_file=True)
        set_key(config, "og_image", new if "://" in new else new.removeprefix("/images/"))
        report.mapped("config-key", f"`{image.key}` → `{config['og_image']}`.", image.origin)
        done.add(image.key)
    if (icon := settings.favicon) is not None:
        report.add("config-icon", "warning", "lost", f"`{icon.key}` ({icon.value}, the "
                   "favicon) has no academicpages setting: academicpages takes its favicons "
                   "from `_includes/head/custom.html` and `images/`; put yours there.",
                   icon.origin)
        done.add(icon.key)
    for key, what, origin in _not_carried(settings):
        report.add("config-key", "warning", "lost", f"`{key}` ({what}) has no academicpages "
                   "setting; not carried.", origin)
        done.add(key)
    if (limit := settings.news_limit) is not None and site.page("about"):
        done.add(limit.key)  # the about page's news list honours it (see the reader)
        report.mapped("config-key", f"`{limit.key}` ({limit.value}): the about page's News "
                      "list shows that many items.", limit.origin)
    return done


def _not_carried(settings: SiteSettings) -> list[tuple[str, str, Origin | None]]:
    """What the source set up that academicpages has no setting for, content rather than
    looks (one finding each): posts of other sites, comments of another service than
    Disqus, a newsletter sign-up; (source key, what it is, where)."""
    what = {"external_posts": "the posts al-folio's blog lists from other sites (RSS feeds, "
            "links)", "newsletter": "the newsletter sign-up"}
    addons = {a.kind: (a.key, what[a.kind], a.origin) for a in settings.addons}
    comments = [(c.key, f"{c.provider} comments", c.origin)
                for c in settings.comments if c.provider != "disqus"]
    return [*([addons["external_posts"]] if "external_posts" in addons else []), *comments,
            *([addons["newsletter"]] if "newsletter" in addons else [])]


def _carry_analytics(analytics: Analytics, config: CommentedMap, plan: Plan,
                     services_at: Origin) -> set[str]:
    """Google Analytics as academicpages' `analytics: {provider, google: {tracking_id}}`;
    other services are reported (``services_at``: where the source sets them). Returns the
    source keys it dealt with."""
    report, tracking = plan.report, analytics.tracking_id
    if analytics.services_key and not tracking:  # ids by service, none of them Google's
        report.add("config-key", "info", "lost", f"`{analytics.services_key}` sets no Google "
                   "Analytics id; its other services (Cronitor, Pirsch, OpenPanel) have no "
                   "academicpages setting: not carried.", services_at)
        if analytics.key == analytics.services_key:
            return {analytics.services_key}
    key, switch = analytics.key, analytics.switch_key
    if tracking and analytics.enabled:
        provider = "google-analytics-4" if tracking.startswith("G-") else "google-universal"
        set_nested(config, ("analytics", "provider"), provider)
        set_nested(config, ("analytics", "google", "tracking_id"), tracking)
        report.mapped("config-key", f"`{key}` ({tracking}" + (f", `{switch}`" if switch else "")
                      + f") → `analytics` (provider `{provider}`).", analytics.origin)
    else:
        report.add("config-key", "info", "lost", f"`{key}`: Google Analytics is not "
                   "enabled in the source (`enable_google_analytics` is false, or no id); "
                   "not carried.", analytics.origin)
    return set(analytics.keys)


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
            entry = CommentedMap([("output", True), ("permalink", "/:collection/:path/")])
            own = source.get(name) if isinstance(source, dict) else None
            if name in site.collections and isinstance(own, dict):
                entry.update({k: v for k, v in own.items() if k != "defaults"})
            set_key(cols, name, entry)
    for name in site.collections:
        _default_layout(config, site, name)


def _default_layout(config: CommentedMap, site: Site, name: str) -> None:
    """A collection of the owner's whose documents name no layout is laid out by the
    `defaults:` entry of its type; academicpages' own name only its stock collections, so
    without one the documents render bare (no masthead, menu or sidebar). The owner's entry
    for the type comes along from an academicpages SRC (its layout names are this theme's);
    else the entry academicpages gives its own document collections."""
    defaults = config.get("defaults")
    if not isinstance(defaults, list) or any(
            isinstance(e, dict) and isinstance(e.get("scope"), dict)
            and e["scope"].get("type") == name for e in defaults):
        return
    theirs = [e for e in (site.config_extra.get("defaults") or []) if site.theme == NAME
              and isinstance(e, dict) and isinstance(e.get("scope"), dict)
              and e["scope"].get("type") == name and isinstance(e.get("values"), dict)]
    values = theirs[0]["values"] if theirs else CommentedMap(
        [("layout", "single"), ("author_profile", True)])
    defaults.append(CommentedMap([("scope", CommentedMap([("path", ""), ("type", name)])),
                                  ("values", values)]))


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
