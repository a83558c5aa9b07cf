"""academicpages writer: the profile IR as an academicpages site.

All academicpages knowledge lives in this package and in ``mappings/academicpages.yml``."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ... import socials
from ...formats import bibtex as bib
from ...formats import jsonresume
from ...formats.content import is_external
from ...ir import Item, NavItem, Origin, Page, Publication, Site
from ...jekyll.assets import AssetCopier
from ...jekyll.checkout import is_fresh_template, replaceable
from ...jekyll.liquid import source_line, translate_body
from ...jekyll.listings import add_collection_listings, collection_page
from ...jekyll.site import (
    account_config,
    config_line,
    dest_config,
    extra_key,
    forward_furniture,
    include_pages,
    post_url,
    redirect_stub_path,
    set_key,
    set_nested,
    site_path,
    source_config,
    text,
    write_item,
    yaml_date,
)
from ...plan import Plan
from ...registry import Options, vocabulary
from ...report import Report
from ...textio import dump_yaml
from .reader import (
    CV_JSON,
    CV_JSON_PAGE,
    CV_JSON_URL,
    LINK_LABELS,
    NAME,
    NEUTRAL_TO_CATEGORY,
    _cv_dialect,
)


def write(site: Site, plan: Plan, options: Options) -> None:
    vocab = vocabulary(NAME)
    copier = AssetCopier(site, plan, vocab["paths"])
    slugs = _publication_slugs(site.publications)
    for pub, slug in zip(site.publications, slugs, strict=True):  # for `{% cite %}` in any body
        plan.urls[f"publication:{pub.key}"] = _publication_url(pub, slug)
    for page in site.pages:  # before the config: the about page may fill the sidebar bio
        if page.role == "furniture" and site.theme != NAME:  # its own theme's: a page
            forward_furniture(page, site, plan, _page_out)
        elif _menu_only(page):
            _skip_menu_page(page, site, plan)
        else:
            _write_page(page, site, plan, copier)
    if site.news and not any(n.path in plan.origins for n in site.news):
        _write_news_list(site.news, plan, None)
    _write_config(site, plan, copier)
    for pub, slug in zip(site.publications, slugs, strict=True):
        _write_publication(pub, slug, plan, copier, site.identity.baseurl)
    for item in site.projects:
        _write_portfolio(item, plan, copier, site.identity.baseurl)
    for item in site.posts:
        _write_post(item, site, plan, copier)
    for kind, folder in (("talks", "_talks"), ("teaching", "_teaching")):
        for item in getattr(site, kind):
            _write_event(item, kind, folder, plan, copier)
    for item in site.news:
        if item.title and not item.fields.get("inline"):
            _write_news_page(item, plan, copier)
    for name, items in site.collections.items():
        _write_custom(name, items, site, plan, copier)
    if site.cv and site.cv.sections:
        _write_cv_json(site, plan, options)
    site.navigation = _one_cv_in_menu(site.navigation, plan)
    if site.navigation or is_fresh_template(plan, NAME):  # not the template's example menu
        _write_navigation(site, plan)
    copier.carry_assets()


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


def _write_page(page: Page, site: Site, plan: Plan, copier: AssetCopier) -> None:
    report = plan.report
    front = CommentedMap()
    body = page.body
    if page.role == "about":
        front["permalink"] = "/"
        front["title"] = page.title or "About"
        if page.description:
            front["excerpt"] = page.description
        body = _about_body(page, site, plan)
        for key, value in (page.features.get("profile_extra") or {}).items():
            report.lost("profile-key", f"`profile.{key}` ({value}) sets al-folio's profile box; "
                        "academicpages shows the picture in its sidebar, which has no such "
                        "setting: not carried.", page.path,
                        source_line(plan, page.path, f"{key}:", page.origin.line
                                    if page.origin else None))
    else:
        front["layout"] = "archive" if page.role in ("publications", "talks", "teaching",
                                                      "projects", "cv") else "single"
        front["title"] = page.title
        if page.permalink:
            front["permalink"] = page.permalink
        if page.description:
            front["excerpt"] = page.description
    front["author_profile"] = page.features.get("author_profile", True)  # `false` hides it
    if page.redirect_from:
        front["redirect_from"] = list(page.redirect_from)
    if page.redirect:  # jekyll-redirect-from (always enabled here) serves it
        target = page.redirect if is_external(page.redirect) else copier.carry(
            page.redirect, page.origin, "redirect target")
        front["redirect_to"] = target
        report.mapped("page-redirect", f"page forwards to `{page.redirect}` → `redirect_to: "
                      f"{target}` (jekyll-redirect-from, which forwards at once: the page's "
                      "own text is not shown).", page.origin)
    for key, value in page.extra.items():
        if key not in front:
            front[key] = value
            extra_key(plan, key, NAME, page.origin)
    if page.features.get("cv_pdf"):
        pdf = copier.carry(page.features["cv_pdf"], page.origin, "CV PDF")
        body = body.rstrip("\n") + f"\n\n[Download my CV as PDF]({_site_link(pdf)})\n"
        report.mapped("cv-pdf", f"`cv_pdf` became a download link to `{pdf}`.", page.origin)
    if page.role == "cv" and site.cv and site.cv.sections:
        body = _cv_page_body(page, body, site, report)
    body = translate_body(body, page.role, site.theme, NAME, plan, page.origin)
    body = add_collection_listings(page, body, site, NAME, report)
    out = _page_out(page)
    if page.role == "news" and site.news:
        listing = "\n".join(_news_line(n) for n in
                            sorted(site.news, key=lambda n: n.date, reverse=True))
        body, n = re.subn(r"\{%-?\s*include\s+news\.(?:liquid|html)[^%]*%\}", listing, body)
        if not n:
            body = body.rstrip("\n") + "\n\n" + listing + "\n"
        for item in site.news:
            plan.origins[item.path] = out
        report.mapped("news-page", f"{len(site.news)} news items listed on `{out}`.",
                      page.origin)
    body = copier.rewrite(body, page.permalink or "/", page.origin)
    plan.write_document(out, front, body, page.fm_comments, page.newline)
    report.mapped("page", f"page `{page.path}` → `{out}`.", page.origin)
    plan.origins[page.path] = out


def _menu_only(page: Page) -> bool:
    """A page that is only a menu entry: a link elsewhere (`permalink: https://...`) or a
    dropdown without text. academicpages menus are `_data/navigation.yml`, not pages."""
    return "://" in page.permalink or (bool(page.features.get("children"))
                                       and not page.body.strip())


def _skip_menu_page(page: Page, site: Site, plan: Plan) -> None:
    about = site.page("about")
    if about is not None:  # the address Jekyll gave the page forwards home
        plan.origins[page.path] = _page_out(about)
    plan.report.mapped("menu-page", f"`{page.path}` is only a menu entry "
                       f"({page.permalink or 'a dropdown'}); it is in `_data/navigation.yml`, "
                       "not a page.", page.origin)


NEWS_URL = "/news/"
NEWS_PAGE = "_pages/news.md"


def _news_line(item: Item) -> str:
    return f"- {item.fields.get('date_precision') or item.date[:10]}: {_news_text(item)}"


def _write_news_list(items: list[Item], plan: Plan, about: Page | None) -> None:
    """All news items on their own page (the about page shows only the newest, or none)."""
    front = CommentedMap([("layout", "single"), ("title", "News"), ("permalink", NEWS_URL),
                          ("author_profile", True)])
    items = sorted(items, key=lambda n: n.date, reverse=True)
    plan.write_document(NEWS_PAGE, front, "\n".join(_news_line(n) for n in items))
    for item in items:
        plan.origins.setdefault(item.path, NEWS_PAGE)
    plan.report.mapped("news-page", f"all {len(items)} news items listed on `{NEWS_URL}`.",
                       about.origin if about else None)


def _news_text(item: Item) -> str:
    """Inline items verbatim; titled items as a link to their own (kept) page."""
    if item.title and not item.fields.get("inline"):
        return f"[{item.title}]({_site_link(item.permalink or f'/news/{item.slug}/')})"
    return item.body.strip()


def _page_out(page: Page) -> str:
    return page.path  # `_pages/...` stays there; a root-level page stays at the root


def _about_body(page: Page, site: Site, plan: Plan) -> str:
    report = plan.report
    feats = page.features
    ident = site.identity
    parts: list[str] = []
    if feats.get("subtitle"):
        if not ident.bio:
            ident.bio = feats["subtitle"]
            report.mapped("subtitle", "about-page `subtitle` became the sidebar bio "
                          "(`author.bio`).", page.origin)
        else:
            parts.append(f"<p>{feats['subtitle']}</p>\n\n")
            report.verbatim("subtitle", "about-page `subtitle` kept at the top of the page "
                            "body.", page.origin)
    body = page.body
    extra: list[str] = []
    if feats.get("profile_text"):
        extra.append(f"\n{feats['profile_text']}\n")
        report.verbatim("profile-text", "profile `more_info`/`address` kept as HTML at the end "
                        "of the about page.", page.origin)
    if ident.contact_note:
        extra.append(f"\n{ident.contact_note}\n")
    news_feat = feats.get("news") or {}
    if news_feat.get("enabled"):
        every = sorted(site.news, key=lambda n: n.date, reverse=True)
        limit = news_feat.get("limit")
        items = every[:limit] if isinstance(limit, int) and 0 < limit < len(every) else every
        if items:
            lines = [_news_line(n) for n in items]
            if len(items) < len(every):
                news_page = site.page("news")
                every_url = news_page.permalink if news_page else NEWS_URL
                lines.append(f"\n[All news]({_site_link(every_url)})")
                if news_page is None:
                    _write_news_list(every, plan, page)
            extra.append("\n## News\n\n" + "\n".join(lines) + "\n")
            for n in items:
                plan.origins.setdefault(n.path, _page_out(page))
            report.mapped("news", f"{len(items)} news items written as a News section of the "
                          "about page.", page.origin)
        else:
            report.lost("news", "the about page shows news (`news: true`), but the site has no "
                        "`_news` items to carry; academicpages has no news list, so the flag "
                        "was dropped.", page.origin)
    if feats.get("selected_papers"):
        chosen = [p for p in site.publications if p.selected]
        if chosen:
            lines = [f"- {p.citation or p.title}" for p in chosen]
            extra.append("\n## Selected publications\n\n" + "\n".join(lines) + "\n")
            report.mapped("selected-papers", f"{len(chosen)} selected publications listed on "
                          "the about page.", page.origin)
        else:
            report.lost("selected-papers", "the about page lists selected papers "
                        "(`selected_papers: true`), but no publication is marked "
                        "`selected={true}`; nothing to list.", page.origin)
    if feats.get("social"):
        report.mapped("social-flag", "`social: true`: academicpages shows the social links in "
                      "the sidebar of every page with `author_profile: true`.", page.origin)
    posts = feats.get("latest_posts") or {}
    if posts.get("enabled"):
        report.lost("latest-posts", "academicpages has no latest-posts list on the about page; "
                    "the blog stays reachable from the menu.", page.origin)
    if extra:
        body = body.rstrip("\n") + "\n" + "".join(extra)
    return "".join(parts) + body


def _publication_slugs(pubs: list[Publication]) -> list[str]:
    """The `_publications/<slug>.md` name of each publication: date and title, made unique.
    An address or a key already in that shape (an academicpages publication that went
    through al-folio keeps its page's address, or its file stem as key) is the name as it
    was."""
    taken: set[str] = set()
    out = []
    for pub in pubs:
        date = _publication_date(pub)
        stem = pub.permalink.rstrip("/").rsplit("/", 1)[-1]
        if _OWN_NAME.fullmatch(stem):  # its own page's address names it
            slug = stem
        elif _OWN_NAME.fullmatch(pub.key) and pub.key.startswith(date + "-"):
            slug = pub.key
        else:
            slug = f"{date}-{pub.slug or _file_key(pub.key)}"
        if slug in taken:  # same date and title: keep both
            slug = f"{date}-{bib.slugify(pub.key)}"
            while slug in taken:
                slug += "-2"
        taken.add(slug)
        out.append(slug)
    return out


_OWN_NAME = re.compile(r"\d{4}-\d{2}-\d{2}-\w[\w.-]*")


_NOT_IN_FILE_NAME = re.compile(r"[/\\\x00-\x1f]+")


def _file_key(key: str) -> str:
    """A BibTeX key as a file name: no folder separators, no leading dots (`../x` is a
    valid key, no valid name)."""
    return _NOT_IN_FILE_NAME.sub("-", key).lstrip(".-") or "untitled"


def _publication_date(pub: Publication) -> str:
    return pub.date or (f"{pub.year:04d}-01-01" if pub.year else "1900-01-01")


def _publication_url(pub: Publication, slug: str) -> str:
    return pub.permalink or f"/publication/{slug}"


def _write_publication(pub: Publication, slug: str, plan: Plan, copier: AssetCopier,
                       site_baseurl: str = "") -> None:
    date = _publication_date(pub)
    if not pub.date:
        plan.report.problem("no-date", f"publication `{pub.key}` has no year; it was dated "
                            f"{date} so that it sorts last. Add the year to the entry.",
                            pub.origin)
    # a plain dict: ruamel writes it as it writes a CommentedMap (tests/test_publications.py),
    # and it is ~4x cheaper to fill (a page per entry of a bibliography)
    front: dict[str, Any] = {}
    front["title"] = pub.title or pub.key
    front["collection"] = "publications"
    front["category"] = (pub.extra.get("category") if isinstance(pub.extra.get("category"), str)
                         else NEUTRAL_TO_CATEGORY.get(pub.category, "manuscripts"))
    front["permalink"] = _publication_url(pub, slug)
    if pub.abstract:
        front["excerpt"] = pub.abstract
    front["date"] = yaml_date(date)
    if pub.venue:
        front["venue"] = pub.venue
    links = {k: copier.carry(v, pub.origin, f"{k} of `{pub.key}`") for k, v in pub.links.items()
             if k not in ("doi", "arxiv", "bibtex")}
    base = (site_baseurl or "").rstrip("/")  # the layouts print these links as written
    for kind, key in (("slides", "slidesurl"), ("pdf", "paperurl")):
        if links.get(kind):
            value = links.pop(kind)
            front[key] = base + value if value.startswith("/") else value
    if not front.get("paperurl") and links.get("url"):
        front["paperurl"] = links.pop("url")
    if pub.links.get("doi"):
        links["doi"] = "https://doi.org/" + pub.links["doi"].removeprefix("https://doi.org/")
    if pub.links.get("arxiv"):
        links["arxiv"] = "https://arxiv.org/abs/" + pub.links["arxiv"]
    for key, value in pub.fields.items():
        # a theme's own fields (abbr, award, preview ...); standard ones live in the .bib
        in_bib = key in bib.STANDARD_FIELDS and bool(pub.bibtex)
        if not in_bib and key not in front and value.strip():
            front[key] = _field_value(key, value, pub, copier)
    if pub.bibtex:
        name = _file_key(pub.key)
        if name != pub.key:
            plan.report.problem("unsafe-path", f"BibTeX key `{pub.key}` is no file name; its "
                                f"BibTeX file is `files/{name}.bib`.", pub.origin)
        plan.write(f"files/{name}.bib", pub.bibtex.rstrip("\n") + "\n")
        front["bibtexurl"] = f"{base}/files/{name}.bib"
    if pub.citation:
        front["citation"] = pub.citation
    body = pub.body or (pub.abstract + "\n" if pub.abstract else "")
    if links:
        line = " · ".join(f"[{LINK_LABELS.get(k, k.title())}]({v})" for k, v in links.items())
        body = (body.rstrip("\n") + "\n\n" if body.strip() else "") + line + "\n"
    if pub.selected:
        front["selected"] = True
    for key, value in pub.extra.items():  # its own front matter (`note`, `pubtype` ...)
        if key not in front and value not in (None, "", []):
            front[key] = value
    out = f"_publications/{slug}.md"
    plan.write_document(out, front, body)
    plan.report.mapped("publication", f"publication `{pub.key}` → `{out}`.", pub.origin)
    if pub.origin:
        plan.origins.setdefault(pub.origin.path, out)


def _field_value(key: str, value: str, pub: Publication, copier: AssetCopier) -> Any:
    """A BibTeX field as front-matter data: booleans as booleans, a site file carried."""
    text_value = bib.to_text(value) if "\\" in value or "{" in value else value.strip()
    if text_value.lower() in ("true", "false"):
        return text_value.lower() == "true"
    if text_value.startswith("/") and PurePosixPath(text_value).suffix:
        return copier.carry(text_value, pub.origin, f"{key} of `{pub.key}`")
    return text_value


def _item_front(item: Item, collection: str) -> CommentedMap:
    front = CommentedMap()
    front["title"] = item.title or item.slug
    front["collection"] = collection
    return front


def _finish_item(item: Item, front: CommentedMap, out: str, body: str, plan: Plan,
                 copier: AssetCopier, old_url: str, new_url: str) -> None:
    redirects = list(item.redirect_from)
    if old_url and old_url != new_url and old_url not in redirects:
        redirects.append(old_url)
    if redirects:
        front["redirect_from"] = redirects
    if item.redirect and copier.missing(item.redirect):  # a link to it would be dead
        body = (body.rstrip("\n") + "\n\n" if body.strip() else "") + \
            f"This page has moved.\n\n<!-- redirect: {item.redirect.replace('--', '- -')} -->\n"
        plan.report.problem("missing-file", f"`redirect: {item.redirect}` names a file the "
                            "source site does not have: the page says it moved, without a "
                            "link (it would be dead); put the file in the site and link it.",
                            item.origin)
    elif item.redirect:
        body = (body.rstrip("\n") + "\n\n" if body.strip() else "") + \
            f"This page has moved: [{item.redirect}]({_site_link(item.redirect)})\n"
        plan.report.verbatim("item-redirect", f"`redirect: {item.redirect}` became a link in "
                             "the body (academicpages items cannot forward).", item.origin)
    write_item(plan, copier, item, front, out, body, new_url, NAME)


def _site_link(url: str) -> str:
    """A link to a path of the site written through `relative_url` (the site's baseurl)."""
    if url.startswith("/") and not url.startswith("//") and "'" not in url:
        return f"{{{{ '{url}' | relative_url }}}}"
    return url


def _write_portfolio(item: Item, plan: Plan, copier: AssetCopier,
                     site_baseurl: str = "") -> None:
    f = item.fields
    front = _item_front(item, "portfolio")
    excerpt = str(f.get("description") or "")
    if f.get("image"):
        img = copier.carry(str(f["image"]), item.origin, "project image")
        if img.startswith("/"):  # the excerpt is printed as written: no Liquid runs in it
            img = (site_baseurl or "").rstrip("/") + img
        excerpt += f"<br/><img src='{img}'>"
    if excerpt:
        front["excerpt"] = excerpt
    for key in ("category", "importance"):
        if f.get(key) is not None:
            front[key] = f[key]
    body = item.body
    if f.get("github"):
        body = body.rstrip("\n") + f"\n\n[Code on GitHub]({f['github']})\n"
        plan.report.verbatim("project-github", f"`github: {f['github']}` has no academicpages "
                             "field; it became a `[Code on GitHub]` link at the end of the body.",
                             item.origin)
    new_url = f"/portfolio/{item.slug}/"
    _finish_item(item, front, f"_portfolio/{item.slug}.md", body, plan, copier, new_url, new_url)


def _write_post(item: Item, site: Site, plan: Plan, copier: AssetCopier) -> None:
    f = item.fields
    front = CommentedMap()
    front["title"] = item.title or item.slug
    if item.date:
        front["date"] = yaml_date(item.date)
    url = post_url(str(site.config_extra.get("permalink") or ""), item)
    front["permalink"] = url  # the post keeps its address
    for key in ("tags", "categories"):
        value = f.get(key)
        if value:
            front[key] = value.split() if isinstance(value, str) else value
    if f.get("description"):
        front["excerpt"] = f["description"]
    name = PurePosixPath(item.path).name
    _finish_item(item, front, f"_posts/{name}", item.body, plan, copier, url, url)


def _write_event(item: Item, kind: str, folder: str, plan: Plan, copier: AssetCopier) -> None:
    f = item.fields
    front = _item_front(item, kind)
    if f.get("type"):
        front["type"] = f["type"]
    new_url = item.permalink or f"/{kind}/{item.slug}"
    front["permalink"] = new_url
    for key in ("venue", "location"):
        if f.get(key):
            front[key] = f[key]
    if item.date:
        front["date"] = yaml_date(item.date)
    body = item.body
    if f.get("description") and str(f["description"]) not in body:
        body = f"{f['description']}\n\n{body}"
    for key in ("instructor", "term", "year", "time", "course_id", "schedule"):
        if f.get(key) is not None:
            front[key] = f[key]
    if kind == "teaching":  # academicpages' teaching page shows type, venue and date only
        lines = [f"- {label}: {f[key]}" for key, label in (
            ("location", "Location"), ("instructor", "Instructor"), ("term", "Term"),
            ("time", "Time")) if isinstance(f.get(key), (str, int)) and str(f[key]).strip()]
        if lines:
            body = "\n".join(lines) + "\n\n" + body.lstrip("\n")
            plan.report.mapped("teaching-details", "the course's "
                               + ", ".join(x.split(":")[0][2:].lower() for x in lines)
                               + " shown at the top of its page (academicpages' teaching "
                               "layout does not show them).", item.origin)
    _finish_item(item, front, f"{folder}/{item.slug}.md", body, plan, copier, new_url, new_url)


def _write_news_page(item: Item, plan: Plan, copier: AssetCopier) -> None:
    front = CommentedMap()
    front["title"] = item.title
    url = item.permalink or f"/news/{item.slug}/"
    front["permalink"] = url
    front["date"] = yaml_date(item.date) if item.date else None
    front["author_profile"] = True
    _finish_item(item, front, f"_pages/news/{item.slug}.md", item.body, plan, copier, url, url)


def _write_custom(name: str, items: list[Item], site: Site, plan: Plan,
                  copier: AssetCopier) -> None:
    for item in items:
        front = _item_front(item, name)
        for key, value in item.fields.items():
            front[key] = value
        url = item.permalink or f"/{name}/{item.slug}/"
        _finish_item(item, front, f"_{name}/{PurePosixPath(item.path).name}", item.body, plan,
                     copier, url, url)
    if items:
        plan.report.verbatim("custom-collection", f"collection `{name}` ({len(items)} items) has "
                             f"no academicpages equivalent; kept as `_{name}/`, declared in "
                             "`collections:` and listed on a page.", None)
        collection_page(name, site, plan, NAME, CommentedMap([
            ("layout", "archive"), ("title", name.replace("_", " ").title()),
            ("permalink", f"/{name}/"), ("author_profile", True)]))


def _cv_markdown(site: Site, sections: list | None = None) -> str:
    """CV sections in the academicpages CV style (setext headings, bullets)."""
    from ...formats import cvmarkdown  # imported for a CV only
    if sections is None:
        sections = site.cv.sections if site.cv else []
    return cvmarkdown.render(sections, "setext")


def _cv_page_body(page: Page, body: str, site: Site, report: Report) -> str:
    """The CV page: the CV data as Markdown sections ahead of the page text, except the
    sections the page text already has (the Markdown CV read from this very page)."""
    assert site.cv is not None  # the caller writes CV data only for a site with a CV
    if page.permalink == CV_JSON_URL:
        return body
    shown = set(page.cv.shown if page.cv else ())  # what the page text has (read after reading)
    todo = [s for s in site.cv.sections if s.title not in shown]
    summary = str((site.cv.basics or {}).get("summary") or "").strip()
    intro = f"{summary}\n\n" if summary and summary not in body else ""  # RenderCV's `summary`
    if not todo:
        return intro + body if intro else body
    report.mapped("cv", f"CV data ({len(todo)} sections) written into the CV page as "
                  "Markdown.", site.cv.origin)
    return intro + _cv_markdown(site, todo) + ("\n" + body.lstrip("\n") if body.strip() else "")


def _write_cv_json(site: Site, plan: Plan, options: Options) -> None:
    """`_data/cv.json` + `_pages/cv-json.md` (the 2025+ JSON CV), when DEST's template has
    them or `--generation 2024-26` asks for them. The Markdown CV stays the menu's CV."""
    assert site.cv is not None  # the caller writes CV data only for a site with a CV
    import json
    dest_has = (plan.dest / CV_JSON).is_file() or (plan.dest / CV_JSON_PAGE).is_file()
    if not dest_has and options.generation != "2024-26":
        return
    data, left = jsonresume.to_resume(site.cv.sections,
                                      jsonresume.basics_of(site.identity, site.cv.basics),
                                      _cv_dialect())
    plan.write(CV_JSON, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    plan.report.mapped("cv-json", f"CV written to `{CV_JSON}` (shown by `{CV_JSON_URL}`).",
                       site.cv.origin)
    for sec in left:
        plan.report.verbatim("cv-json-section", f"CV section `{sec.title}` has no place in "
                             f"`{CV_JSON}`; it is on the Markdown CV page only.",
                             sec.origin or site.cv.origin)
    if CV_JSON_PAGE not in plan.files and replaceable(plan, CV_JSON_PAGE, NAME):
        front = CommentedMap([("layout", "archive"), ("title", "CV"),
                              ("permalink", CV_JSON_URL), ("author_profile", False)])
        body = ("{% include base_path %}\n\n"
                '<link rel="stylesheet" href="{{ base_path }}/assets/css/cv-style.css">\n\n'
                "{% include cv-template.html %}\n")
        plan.write_document(CV_JSON_PAGE, front, body)
        if not (plan.dest / "_includes/cv-template.html").is_file():
            plan.report.verbatim("cv-json-page", f"`{CV_JSON_PAGE}` needs "
                                 "`_includes/cv-template.html` and `assets/css/cv-style.css` "
                                 "of the 2025+ academicpages template; copy them in.", None)


def _one_cv_in_menu(nav: list[NavItem], plan: Plan) -> list[NavItem]:
    """The template's menu NOTE: only one CV entry. The Markdown CV (`/cv/`) wins."""
    urls = [n.url.rstrip("/") for n in nav]
    if "/cv" in urls and CV_JSON_URL.rstrip("/") in urls:
        plan.report.mapped("cv-menu", "the menu listed both CVs; only the Markdown CV "
                           "(`/cv/`) is kept (the JSON CV stays reachable at "
                           f"`{CV_JSON_URL}`).", "_data/navigation.yml")
        return [n for n in nav if n.url.rstrip("/") != CV_JSON_URL.rstrip("/")]
    return nav


def _write_navigation(site: Site, plan: Plan) -> None:
    """`_data/navigation.yml` in menu order. The masthead has no submenus: a dropdown's
    entries take its place in the top-level menu (dividers dropped), and the report says so."""
    main = []
    for n in site.navigation:
        if n.url and n.url != "/":
            main.append({"title": n.title, "url": n.url})
        children = [c for c in n.children if c.url]
        if children:
            main += [{"title": c.title, "url": c.url} for c in children]
            plan.report.verbatim("menu-dropdown", f"menu `{n.title}` is a dropdown; "
                                 "academicpages menus have no submenus, so its "
                                 f"{len(children)} entries were put in the top-level menu in "
                                 "its place.", None)
    plan.write("_data/navigation.yml", dump_yaml({"main": main}))
    plan.report.mapped("navigation", f"{len(main)} menu entries written to "
                       "`_data/navigation.yml`.", None)


def redirect(plan: Plan, old: str, target: str, origin: Origin | str | None) -> None:
    """Make ``old`` forward to ``target`` (jekyll-redirect-from's ``redirect_to``)."""
    out = redirect_stub_path(plan, old)
    front = CommentedMap([("permalink", old), ("redirect_to", target), ("sitemap", False)])
    plan.write_document(out, front, "")
    plan.report.mapped("redirect", f"old URL `{old}` forwards to `{target}` through `{out}`.",
                       origin)
