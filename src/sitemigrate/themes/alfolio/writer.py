"""al-folio writer: the profile IR as an al-folio site.

All al-folio knowledge lives in this package and in ``mappings/al-folio.yml``."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ... import socials
from ...formats import bibtex as bib
from ...formats import jsonresume
from ...formats.content import split_name
from ...ir import Identity, Item, NavItem, Origin, Page, PageCV, Publication, Site
from ...jekyll import checkout
from ...jekyll.assets import AssetCopier, unfiltered
from ...jekyll.checkout import layout_text
from ...jekyll.liquid import raw_literal, source_line, translate_body
from ...jekyll.listings import add_collection_listings, collection_page, translate_listings
from ...jekyll.site import (
    account_config,
    config_line,
    dest_config,
    extra_key,
    forward_furniture,
    include_pages,
    post_url,
    read_data,
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
from ...registry import Options, SiteProbe, generation_of, vocabulary
from ...report import Report
from ...textio import dump_yaml, read_document
from .cv import CV_YML, RESUME_JSON, _classic_section, _html, _rendercv_of
from .reader import (
    LINK_FIELDS,
    NAME,
    OLD,
    PUB_FRONT_ONLY,
    REDIRECT_PLUGIN,
    TYPE_OF_CATEGORY,
    UNPRINTED_VENUE_FIELD,
    VENUE_FIELD,
)


def write(site: Site, plan: Plan, options: Options) -> None:
    vocab = vocabulary(NAME)
    gen = _target_generation(plan, options)
    report = plan.report
    copier = AssetCopier(site, plan, vocab["paths"])
    _write_config(site, plan, gen, options, copier)
    kept_news = _news_item_pages(site)
    news = list(site.news) + list(kept_news.values())
    for page in site.pages:
        if page.role == "furniture" and site.theme != NAME:
            forward_furniture(page, site, plan, lambda p: "_pages/about.md" if p.role ==
                              "about" else p.path)
        elif page.role == "blog" and site.theme != NAME and _reuse_blog_page(
                page, site, plan):
            continue
        elif page.permalink not in kept_news:
            news += _write_page(page, site, plan, options, copier)
    news = _unique_news(news, kept_news, report)
    sidebar = [p for p in site.pages if "author_profile" in p.features]
    if sidebar:
        report.add("theme-switch", "info", "lost", f"`author_profile` (academicpages' profile "
                   f"sidebar switch) on {len(sidebar)} page(s) ("
                   + ", ".join(f"`{p.path}`" for p in sidebar) + "): al-folio has no sidebar "
                   "and shows the profile on the about page only; pages that hid it "
                   "(`false`) look the same, the others no longer show it.", sidebar[0].path,
                   source_line(plan, sidebar[0].path, "author_profile", 1))
    _write_menu_links(site, plan, gen)
    if _cv_as_data(site):
        _write_cv(site, plan, options, copier)
    for item in news:
        _write_news(item, plan)
    for n, item in enumerate(site.projects, 1):
        _write_project(item, n, plan, copier)
    for item in site.posts:
        _write_post(item, site, plan, copier)
    for item in site.teaching:
        _write_item(item, "_teachings", "course", plan, copier, "teachings")
    for item in site.talks:
        _write_item(item, "_talks", "page", plan, copier, "talks")
    for name, items in site.collections.items():
        for item in items:
            _write_item(item, f"_{name}", "page", plan, copier, name)
        collection_page(name, site, plan, NAME, CommentedMap([
            ("layout", "page"), ("title", name.replace("_", " ")), ("permalink", f"/{name}/")]))
    for pub in site.publications:
        if _has_own_page(pub):
            _write_publication_page(pub, plan, copier, site)
    if site.publications:
        _unique_keys(site.publications, report)
        for p in site.publications:
            if p.bibtex:
                _carry_entry_files(p, copier)
        owner = (" ".join(x for x in (site.identity.first_name, site.identity.middle_name) if x),
                 site.identity.last_name)
        bib_layout = layout_text(plan, "bib")
        shown = set(re.findall(r"\bentry\.(\w+)", bib_layout)) if bib_layout else None
        entries = [p.bibtex or _bibtex_of(p, copier, owner, report, shown)
                   for p in site.publications if _has_year(p, report)]
        plan.write("_bibliography/papers.bib", bib.dump_bib(entries, front_matter=True))
        pubs_page = site.page("publications")  # once: it scans the pages
        for p in site.publications:
            report.mapped("publication", f"publication `{p.key}` written to "
                          "`_bibliography/papers.bib`.", p.origin)
            if p.origin and pubs_page:
                plan.origins.setdefault(p.origin.path, plan.origins.get(
                    pubs_page.path, "_pages/publications.md"))
    copier.carry_assets()


def _dest_generation(dest: Path) -> str | None:
    if not (dest / "_config.yml").is_file():
        return None
    return generation_of(NAME, SiteProbe(dest))


def _write_config(site: Site, plan: Plan, gen: str, options: Options,
                  copier: AssetCopier) -> None:
    ident = site.identity
    config = dest_config(plan)
    url, baseurl = _split_url(ident.url, ident.baseurl, plan, ident.origin)
    plan.urls["site:baseurl"] = (baseurl or "").rstrip("/")
    first, middle, last = ((ident.first_name, ident.middle_name, ident.last_name)
                           if ident.last_name else split_name(ident.display_name()))
    values = {"title": ident.site_title if ident.site_title and ident.site_title !=
              ident.display_name() else "blank",
              "first_name": first, "middle_name": middle, "last_name": last,
              "description": ident.description, "url": url, "baseurl": baseurl,
              "keywords": ident.keywords, "lang": ident.lang, "contact_note": ident.contact_note,
              "footer_text": ident.footer_text}
    for key, value in values.items():
        if value or key in ("baseurl", "middle_name") or key in config:
            set_key(config, key, value or "")
    plan.report.mapped("identity", f"identity of {ident.display_name() or 'the site owner'} "
                       "written to `_config.yml`.", ident.origin)
    if not ident.display_name() and all(f.code != "no-name" for f in plan.report.findings):
        plan.report.problem("no-name", "the source names no owner (no name in its config or "
                            "profile), so the new site has none: fill `first_name` and "
                            "`last_name` in `_config.yml`.", ident.origin)
    social_rows = _socials(site, plan, "al-folio" if gen != "2020-23" else OLD)
    if gen == "2020-23":
        if ident.email or "email" in config:
            set_key(config, "email", ident.email or "")
        for key, value in social_rows:
            if key != "email":
                set_key(config, key, value)
        written = {key for key, _ in social_rows} | {"email"}
        for key in sorted(socials.known_keys(OLD) & set(config) - written):
            if config[key] not in (None, "", False):  # the template's example person's
                config[key] = None
    else:
        body = CommentedMap()
        for key, value in social_rows:
            body[key] = value
        header = "# Social profiles shown on the about page (converted by sitemigrate).\n"
        plan.write("_data/socials.yml", header + (dump_yaml(body) if body else "{}\n"))
    _owner_config(config, site, plan, first, last)
    if options.redirects == "plugin":
        _enable_redirect_plugin(config, plan)
    _declare_collections(config, site, plan, gen)
    include_pages(config)
    if gen == "v1" and "al_folio" not in config:
        _declare_v1(config, plan)
    account_config(site, config, plan, NAME, _carry_settings(site, config, plan, gen, copier))
    plan.write("_config.yml", dump_yaml(config))


def _split_url(url: str, baseurl: str, plan: Plan, origin: Origin | None) -> tuple[str, str]:
    """A `url` with a path (`https://me.github.io/site/`, which academicpages puts in front
    of every link) becomes Jekyll's `url` + `baseurl`, which al-folio's `relative_url` links
    need: else every link of a project site misses its folder."""
    from urllib.parse import urlsplit
    parts = urlsplit(url or "")
    path = parts.path.rstrip("/")
    if not parts.netloc or not path or (baseurl or "").strip("/"):
        return url, baseurl
    plan.report.mapped("baseurl", f"`url: {url}` has a path; al-folio links through "
                       f"`baseurl`, so it is `url: {parts.scheme}://{parts.netloc}` and "
                       f"`baseurl: {path}`.", origin)
    return f"{parts.scheme}://{parts.netloc}", path


def _deploys_with_lsi(plan: Plan) -> bool:
    """Whether DEST's deploy workflow runs `jekyll build --lsi` (the 2024-03 template)."""
    for path in sorted((plan.dest / ".github" / "workflows").glob("deploy.y*ml")):
        try:
            if re.search(r"jekyll build[^\n]*--lsi", path.read_text("utf-8", "replace")):
                return True
        except OSError:
            continue
    return False


def _carry_settings(site: Site, config: CommentedMap, plan: Plan, gen: str,
                    copier: AssetCopier) -> set[str]:
    """Source settings with an al-folio counterpart of another name or shape (academicpages'
    locale, analytics, comments, verification, site image; an old al-folio config's news
    limit); returns the `config_extra` keys it dealt with."""
    report, extra = plan.report, site.config_extra
    src = source_config(site)
    done: set[str] = set()

    def at(*key: str) -> Origin:
        return Origin("_config.yml", config_line(src, *key))

    for key, value in site.identity.extra.get("author", {}).items():
        report.add("config-key", "warning", "lost", f"`author.{key}` has no al-folio setting "
                   f"(al-folio has no sidebar); not carried: {value}", at("author", key))
    if site.theme == NAME:
        done |= {k for k, v in extra.items() if socials.read_social(OLD, k, v)}
        if gen == "2020-23":  # its own generation reads the news limit from the config
            return done
        for key in ("news_limit", "news_scrollable"):
            if key in extra and site.page("about"):
                done.add(key)  # now the about page's `announcements` (see the reader)
                report.mapped("config-key", f"`{key}` ({extra[key]}) → the about page's "
                              "`announcements`.", at(key))
        return done
    if extra.get("locale") and not site.identity.lang:
        set_key(config, "lang", extra["locale"])
        report.mapped("config-key", f"`locale` ({extra['locale']}) → `lang`.", at("locale"))
        done.add("locale")
    analytics = extra.get("analytics")
    if isinstance(analytics, dict):
        google = got if isinstance(got := analytics.get("google"), dict) else {}
        tracking = text(google.get("tracking_id"))
        provider = text(analytics.get("provider"))
        if tracking and provider.startswith("google"):
            if gen == "v1":
                set_nested(config, ("analytics", "google"), tracking)
            else:
                set_key(config, "google_analytics", tracking)
                set_key(config, "enable_google_analytics", True)
            report.mapped("config-key", f"`analytics` (Google, {tracking}) → "
                          + ("`analytics.google`." if gen == "v1" else "`google_analytics`."),
                          at("analytics"))
        elif tracking or provider not in ("", "false"):
            report.add("config-key", "warning", "lost", f"`analytics`: provider `{provider}` has "
                       "no al-folio setting (al-folio reads Google, Cronitor, Pirsch, "
                       "OpenPanel ids); not carried.", at("analytics"))
        else:
            report.add("config-key", "info", "lost", "`analytics` is switched off in the "
                       "source (no provider); nothing to carry.", at("analytics"))
        done.add("analytics")
    comments = extra.get("comments")
    if isinstance(comments, dict) and text(comments.get("provider")):
        provider = text(comments["provider"])
        disqus = got if isinstance(got := comments.get("disqus"), dict) else {}
        if provider == "disqus" and text(disqus.get("shortname")):
            set_key(config, "disqus_shortname", text(disqus["shortname"]))
            report.verbatim("config-key", "`comments` (provider disqus) → `disqus_shortname`: "
                            "al-folio shows Disqus only on posts with `disqus_comments: true`; "
                            "add it to the posts that should have comments.", at("comments"))
        elif provider not in ("false", ""):
            report.add("config-key", "warning", "lost", f"`comments`: provider `{provider}` has "
                       "no al-folio setting (al-folio has Disqus and giscus); not carried.",
                       at("comments"))
        done.add("comments")
    for engine in ("google", "bing"):
        if extra.get(f"{engine}_site_verification"):
            set_key(config, f"{engine}_site_verification", extra[f"{engine}_site_verification"])
            set_key(config, f"enable_{engine}_verification", True)
            done.add(f"{engine}_site_verification")
            report.mapped("config-key", f"`{engine}_site_verification` carried (with "
                          f"`enable_{engine}_verification: true`).",
                          at(f"{engine}_site_verification"))
    image = text(extra.get("og_image"))
    if image:
        new = image if "://" in image else copier.carry(site_path(image, "images"),
                                                        at("og_image"), "site image",
                                                        is_file=True)
        set_key(config, "og_image", new)
        report.mapped("config-key", f"`og_image` → `{new}`.", at("og_image"))
        done.add("og_image")
    return done


def _owner_config(config: CommentedMap, site: Site, plan: Plan, first: str, last: str) -> None:
    """Config values of a template checkout that name its example person or its example
    posts: jekyll-scholar's author names (bolded in the bibliography) and the blog's tag and
    category lists become the owner's."""
    scholar = config.get("scholar")
    if isinstance(scholar, dict):
        if last and "last_name" in scholar:
            set_key(scholar, "last_name", [last])
        if first and "first_name" in scholar:
            set_key(scholar, "first_name", [first, f"{first[0]}."] if len(first) > 1 else [first])
    related = config.get("related_blog_posts")
    if (site.theme != NAME and site.posts and isinstance(related, dict) and related.get("enabled")
            and _deploys_with_lsi(plan)):
        related["enabled"] = False
        plan.report.mapped("related-posts", "DEST's deploy workflow builds with `--lsi`, whose "
                           "related-posts index (classifier-reborn) can stop the build on a few "
                           "alike posts; your site had no related-posts lists, so they are off "
                           "(`related_blog_posts.enabled: false`). Turn them on once the blog "
                           "has grown.", "_config.yml")
    blog = site.page("blog") if site.theme != NAME else None
    if blog is not None and "blog_nav_title" in config:  # 2020-23: the blog's menu label
        config["blog_nav_title"] = (_menu_title(site, blog)
                                    if _menu_position(site, blog) is not None else "")
    for key, field_name in (("display_tags", "tags"), ("display_categories", "categories")):
        if key not in config:
            continue
        counts: dict[str, int] = {}
        for post in site.posts:
            value = post.fields.get(field_name) or post.extra.get(field_name) or []
            for word in (value.split() if isinstance(value, str) else value):
                counts[str(word)] = counts.get(str(word), 0) + 1
        config[key] = sorted(counts, key=lambda w: (-counts[w], w))[:6]


def _declare_v1(config: CommentedMap, plan: Plan) -> None:
    """A v1 config names the gem theme and carries the `al_folio:` contract (a fresh DEST
    has neither; a v1 starter checkout has both)."""
    contract = vocabulary(NAME)["v1_config"]
    wrote = []
    if "theme" not in config:
        set_key(config, "theme", contract["theme"])
        wrote.append(f"`theme: {contract['theme']}`")
    set_key(config, "al_folio", _commented(contract["al_folio"]))
    wrote.append("the `al_folio:` block")
    plan.report.mapped("v1-config", f"`_config.yml` declares al-folio v1: {' and '.join(wrote)}, "
                       "with the v1 starter's values; check the versions against your Gemfile.",
                       None)


def _commented(value: Any) -> Any:
    """Plain mappings as round-trip ones (block style when written)."""
    if isinstance(value, dict):
        return CommentedMap((k, _commented(v)) for k, v in value.items())
    return value


def _declare_collections(config: CommentedMap, site: Site, plan: Plan, gen: str) -> None:
    """Collections the site fills must be in `collections:` with `output: true`."""
    wanted = {"news": site.news, "projects": site.projects, "talks": site.talks,
              "teachings": site.teaching, **site.collections}
    cols = config.get("collections")
    if not isinstance(cols, dict):
        cols = CommentedMap()
        set_key(config, "collections", cols)
    source = site.config_extra.get("collections")
    for name, items in wanted.items():
        if (items or name in ("news", "projects")) and name not in cols:
            cols[name] = CommentedMap([("output", True)])
            own_url = vocabulary(NAME)["collection_permalinks"].get(gen, {}).get(name)
            if own_url:
                cols[name]["permalink"] = own_url
            if name in site.collections:  # a custom collection keeps its own settings
                own = source.get(name) if isinstance(source, dict) else None
                cols[name].update({k: v for k, v in (own or {}).items() if k != "defaults"})
                cols[name].setdefault("permalink", "/:collection/:name/")
            if items:
                plan.report.mapped("collection", f"collection `{name}` declared in "
                                   "`_config.yml`.", None)


def _enable_redirect_plugin(config: CommentedMap, plan: Plan) -> None:
    """``--redirects plugin``: jekyll-redirect-from in ``plugins:`` and the Gemfile."""
    plugins = config.get("plugins")
    if not isinstance(plugins, list):
        plugins = []
        set_key(config, "plugins", plugins)
    if REDIRECT_PLUGIN not in plugins:
        plugins.append(REDIRECT_PLUGIN)
    gemfile = plan.dest / "Gemfile"
    text = gemfile.read_text("utf-8") if gemfile.is_file() else 'source "https://rubygems.org"\n'
    if REDIRECT_PLUGIN not in text:
        block = f"group :jekyll_plugins do\n  gem '{REDIRECT_PLUGIN}'\nend\n"
        text = text.rstrip("\n") + "\n\n" + block
    plan.write("Gemfile", text)
    plan.report.mapped("redirect-plugin", f"`{REDIRECT_PLUGIN}` added to `_config.yml` "
                       "plugins and the Gemfile (`--redirects plugin`).", None)


def _socials(site: Site, plan: Plan, column: str) -> list[tuple[str, str]]:
    rows = []
    ident = site.identity
    if ident.email:
        rows.append(("email", ident.email))
    for social in ident.socials:
        if social.service == "email":
            continue
        out = socials.write_social(column, social)
        if out is None:
            plan.report.lost("social", f"social profile {socials.describe(social)} "
                             f"has no al-folio equivalent; "
                             "add it as a custom entry in `_data/socials.yml` or to the about "
                             "page.", social.origin)
            continue
        rows.append(out)
        plan.report.mapped("social", f"social profile `{social.service}` → `{out[0]}`.",
                           social.origin)
    return rows


def _write_page(page: Page, site: Site, plan: Plan, options: Options,
                copier: AssetCopier) -> list[Item]:
    """Write one page; returns news items extracted from it."""
    report = plan.report
    front = CommentedMap()
    news: list[Item] = []
    body = page.body
    if page.role == "about":
        front["layout"] = "about"
        front["title"] = page.title or "about"
        front["permalink"] = "/"
        feats = page.features
        subtitle = feats.get("subtitle") or site.identity.bio
        if subtitle:
            front["subtitle"] = subtitle
        profile = CommentedMap()
        profile["align"] = feats.get("profile_align", "right")
        if site.identity.avatar:
            new = copier.carry(site.identity.avatar, site.identity.origin, "profile picture")
            profile["image"] = new.removeprefix("/assets/img/")  # read below assets/img/
        profile["image_circular"] = bool(feats.get("profile_image_circular", False))
        more = feats.get("profile_text") or _profile_text(site.identity)
        if more:
            profile["more_info"] = more
        for key, value in (feats.get("profile_extra") or {}).items():
            profile.setdefault(key, value)
        front["profile"] = profile
        if page.description:
            front["description"] = page.description
        found = page.news  # the About page's News section, read after reading
        if found is not None and found.items:
            body = found.rest
            news = found.items
            report.mapped("news-section", f"News section: {len(found.items)} dated items "
                          "became `_news/` entries; the about page shows them as announcements.",
                          page.origin)
            from ...formats.sections import normalize_title
            for title in found.headings:
                if normalize_title(title) != "news":
                    report.add("news-heading", "warning", "lost", f"the heading `{title}` of "
                               "the news section is not carried: al-folio's about page shows "
                               "the announcements under its own heading (`news`).", page.path,
                               source_line(plan, page.path, title, page.origin.line
                                           if page.origin else None))
            for line, warn in found.warnings:
                report.problem("ambiguous-date", warn, page.path, line, severity="info")
            if found.leftover:
                report.verbatim("news-leftover", f"{len(found.leftover)} line(s) of the News "
                                "section have no date; they stay in the page body.", page.origin)
        has_news = bool(news or site.news)
        news_feat = feats.get("news") or {}
        posts = feats.get("latest_posts") or {}
        show_news = bool(has_news or news_feat.get("enabled"))
        if vocabulary(NAME)["about_flags"][_target_generation(plan, options)] == "boolean":
            front["news"] = show_news  # 2020-23: plain switches, limits live in _config.yml
            front["latest_posts"] = bool(posts.get("enabled", False))
        else:
            front["announcements"] = {"enabled": show_news,
                                      "scrollable": bool(news_feat.get("scrollable", True)),
                                      "limit": int(news_feat.get("limit") or 5)}
            front["latest_posts"] = {"enabled": bool(posts.get("enabled", False)),
                                     "scrollable": True, "limit": int(posts.get("limit") or 3)}
        front["selected_papers"] = bool(feats.get("selected_papers",
                                                  any(p.selected for p in site.publications)))
        front["social"] = bool(feats.get("social", True))
    elif page.role == "news" or page.permalink.rstrip("/") == "/news":
        body, news = _news_list_page(page, body, plan)
    if page.role != "about":
        front["layout"] = "page"
        front["title"] = _menu_title(site, page, plan.report)
        if page.permalink:
            front["permalink"] = page.permalink
        if page.description:
            front["description"] = page.description
        order = _menu_position(site, page)
        if order is not None:
            front["nav"] = True
            front["nav_order"] = int(order) if float(order).is_integer() else order
        if page.role == "cv":
            body = _cv_page(front, page, body, site, plan, options, copier)
    if page.redirect:
        front["redirect"] = page.redirect
    if page.redirect_from and options.redirects == "plugin":
        front["redirect_from"] = list(page.redirect_from)
        plan.report.mapped("redirect", f"old URLs {', '.join(page.redirect_from)} kept in "
                           "`redirect_from` (jekyll-redirect-from enabled).", page.origin)
    for key, value in page.extra.items():
        if key not in front:
            front[key] = value
            extra_key(plan, key, NAME, page.origin)
    out = "_pages/about.md" if page.role == "about" else page.path
    body = translate_body(body, page.role, site.theme, NAME, plan, page.origin)
    # a space inside a Markdown link's URL stops al-folio's jekyll-target-blank (URI.parse)
    body = re.sub(r"\]\((https?://[^\s)]+(?: +[^\s)\"']+)+)\)",
                  lambda m: "](" + m[1].replace(" ", "%20") + ")", body)
    body = add_collection_listings(page, body, site, NAME, report)
    missing = sorted(set(re.findall(r"site\.(publications|portfolio|teaching)\b", body)))
    if missing:
        report.verbatim("liquid-collection", "this page's Liquid uses "
                        + ", ".join(f"`site.{m}`" for m in missing) + ", which al-folio does "
                        "not have (publications live in `_bibliography/papers.bib`, projects in "
                        "`site.projects`, teaching in `site.teachings`); kept as written: "
                        "rewrite those loops.", page.origin)
    body = copier.rewrite(body, page.permalink or "/", page.origin)
    body = _local_includes(body, _target_generation(plan, options))
    plan.write_document(out, front, body, page.fm_comments, page.newline)
    report.mapped("page", f"page `{page.path}` → `{out}`.", page.origin)
    plan.origins[page.path] = out
    target = "/" if page.role == "about" else page.permalink
    if options.redirects == "pages":
        for old in page.redirect_from:
            _redirect_stub(old, target, plan, page.origin)
    return news


def _template_blog_page(plan: Plan) -> str | None:
    """DEST's own blog listing (`_pages/blog.md`, 2022's `blog/index.html`), if it has one."""
    import fnmatch
    globs = vocabulary(NAME)["checkout"]["listing_pages"].get("blog") or []
    for pattern in globs:
        folder = plan.dest / PurePosixPath(pattern).parent
        if not folder.is_dir() or folder.is_symlink():
            continue
        for path in sorted(folder.iterdir()):
            rel = f"{PurePosixPath(pattern).parent}/{path.name}"
            if path.is_file() and fnmatch.fnmatchcase(rel, pattern):
                return rel
    return None


def _reuse_blog_page(page: Page, site: Site, plan: Plan) -> bool:
    """The owner's blog listing (another theme's, at its own address) becomes DEST's own
    blog page, which al-folio's includes link (`/blog/`, its pagination): that page keeps
    its listing and takes the owner's title, menu place and prose; the old address forwards
    there. False (the page is written as it is) when DEST has no blog page or the owner's
    page has a listing of its own."""
    rel = _template_blog_page(plan)
    if rel is None:
        return False
    doc = read_document(plan.dest / rel, rel, None)
    if doc is None or not doc.has_front_matter:
        return False
    body = translate_body(page.body, "blog", site.theme, NAME, plan, page.origin)
    stock = vocabulary(NAME)["listings"]["blog"]["body"].rstrip("\n")
    prose = body.replace(stock, "")
    prose = re.sub(r"\{%-?\s*assign base_path = [^%]*%\}", "", prose).strip()
    if re.search(r"\bsite\.posts\b|\bpaginator\b", re.sub(r"<!--.*?-->", "", prose, flags=re.S)):
        return False
    fm = doc.fm_text
    order = _menu_position(site, page)
    title = _menu_title(site, page, plan.report)
    edits: dict[str, Any] = {"title": title} if title else {}
    if not rel.startswith("blog/"):  # 2022's blog/index.html is in the menu by blog_nav_title
        edits["nav"] = order is not None
        if order is not None:
            edits["nav_order"] = int(order) if float(order).is_integer() else order
    for key, value in edits.items():
        line = f"{key}: {dump_yaml({key: value}).split(':', 1)[1].strip()}"
        literal = line.replace("\\", r"\\")  # as the replacement: backslashes kept as written
        fm, n = re.subn(rf"^{key}:.*$", literal, fm, count=1, flags=re.M)
        if not n:
            fm = fm.rstrip("\n") + "\n" + line
    text = doc.body
    if prose:
        if rel.endswith(".html") and not prose.lstrip().startswith("<"):
            prose = ("{% capture owner_intro %}\n" + prose +
                     "\n{% endcapture %}\n{{ owner_intro | markdownify }}")
        if prose not in text:  # a later run finds it there already
            header = re.search(r'<div class="header-bar">.*?</div>\n?', text, re.S)
            at = header.end() if header else 0
            text = text[:at] + "\n" + prose + "\n\n" + text[at:]
    plan.write(rel, "---\n" + fm.rstrip("\n") + "\n---\n" + text)
    plan.origins[page.path] = rel
    plan.report.mapped("page", f"blog listing `{page.path}` → DEST's own blog page `{rel}` "
                       f"(`/blog/`, which al-folio links), with its title"
                       f"{', menu place' if order is not None else ''}"
                       f"{' and text' if prose else ''}; its old address forwards there.",
                       page.origin)
    return True


def _target_generation(plan: Plan, options: Options) -> str:
    return (options.generation or _dest_generation(plan.dest)
            or vocabulary(NAME)["default_generation"])


def _cv_as_data(site: Site) -> bool:
    """CV data goes to `_data/cv.yml`, except a CV parsed out of homepage text (best effort):
    that one stays the CV page's text."""
    return bool(site.cv and site.cv.sections and site.cv.format != "text")


def _cv_yml_format(plan: Plan, gen: str) -> str:
    """`classic` or `rendercv`: what DEST's `_data/cv.yml` already is, else by generation."""
    path = plan.dest / CV_YML
    if path.is_file():
        data = read_data(plan.dest, CV_YML, None)
        if isinstance(data, list):
            return "classic"
        if isinstance(data, dict) and "cv" in data:
            return "rendercv"
    return "rendercv" if gen == "v1" else "classic"


def _cv_page(front: CommentedMap, page: Page, body: str, site: Site, plan: Plan,
             options: Options, copier: AssetCopier) -> str:
    """The CV page: `layout: cv` showing `_data/cv.yml`, its PDF as `cv_pdf`; the page text
    beyond the CV sections stays in the body, academicpages' collection loops become
    al-folio's listings."""
    report = plan.report
    gen = _target_generation(plan, options)
    has_data = _cv_as_data(site)
    if site.cv and site.cv.sections and not has_data:
        report.mapped("cv-text", "the CV was read from homepage text: it stays Markdown on "
                        "the CV page (no `_data/cv.yml`), so that none of its wording is lost.",
                        site.cv.origin)
    rest = _cv_body_rest(page.cv, report, page) if has_data and page.cv is not None \
        else body
    shows_text = re.search(r"\{\{-?\s*content\b", layout_text(plan, "cv") or "")
    prose = _prose_left(rest) if has_data and not shows_text else []
    if len(prose) == 1 and "description" not in front and "\n" not in prose[0].strip():
        # one line of its own (a note on the PDF): the CV layout shows it under the title
        front["description"] = _html(copier.rewrite(prose[0].strip(), page.permalink or "/",
                                                    page.origin))
        rest = rest.replace(prose[0], "", 1)
        report.mapped("cv-text", "the CV page's line of text beyond the CV sections is its "
                      "`description`, which DEST's CV layout shows under the title.", page.origin)
    elif any(p.endswith("\n(heading)") for p in prose) and site.cv and site.cv.origin and \
            site.cv.origin.path == page.path:  # a section of this page not read as data
        has_data = False  # DEST's CV layout shows no page text: the CV stays the page's text
        report.mapped("cv-text", "the CV page has text beyond the CV sections read as data "
                      "(sections of prose, not one entry a bullet), and DEST's CV layout shows "
                      "no page text: the page keeps its whole text (layout `page`) so that all "
                      f"of it is shown; `{CV_YML}` holds the sections that were read.",
                      page.origin)
    if has_data:
        front["layout"] = "cv"
        if _cv_yml_format(plan, gen) == "rendercv":
            front["cv_format"] = "rendercv"
    pdf = page.features.get("cv_pdf")
    if pdf and "://" not in str(pdf) and re.search(r"(^|/)\.\.?/", str(pdf)):
        from urllib.parse import urljoin  # `../files/cv.pdf` (read as `/files/../files/...`)
        pdf = urljoin(page.permalink or "/", str(pdf))
    if pdf:
        new = copier.carry(pdf, page.origin, "CV PDF")
        front["cv_pdf"] = new.removeprefix("/assets/pdf/") if _cv_pdf_prefixed(plan, gen) \
            and new.startswith("/assets/pdf/") else new
        report.mapped("cv-pdf", f"CV PDF `{pdf}` → `cv_pdf: {front['cv_pdf']}` (the CV "
                      "page's download button).", page.origin)
    if has_data:
        body = rest
    body, _ = translate_listings(body, ("publications", "talks", "teaching"), site.theme,
                                 NAME, report, page.origin, original=page.body)
    return body


def _prose_left(body: str) -> list[str]:
    """The paragraphs of a CV page's text (as written) that hold words besides Liquid, HTML
    tags, headings and listing loops; a heading with text under it counts with its text."""
    masked = re.sub(r"\{%-?\s*for\b.*?\{%-?\s*endfor\s*-?%\}",
                    lambda m: re.sub(r"[^\n]", " ", m.group()), body, flags=re.S)
    out = []
    for block in re.split(r"\n[ \t]*\n", masked):
        text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|<!--.*?-->|<[^>]*>", " ", block, flags=re.S)
        lines = text.split("\n")
        words = [line for n, line in enumerate(lines)
                 if not re.match(r"\s*(#|=+\s*$|-+\s*$)", line)
                 and not (n + 1 < len(lines) and re.match(r"\s*(=+|-+)\s*$", lines[n + 1]))]
        if re.search(r"[^\W\d_]{2,}", " ".join(words)):
            out.append(block if len(words) == len(lines) else block + "\n(heading)")
    return out


def _cv_pdf_prefixed(plan: Plan, gen: str) -> bool:
    """Whether the CV layout puts `assets/pdf/` in front of `cv_pdf` (DEST's own layout
    tells; without one, the generation: 2020-23 and 2024-25 do, v1 does not)."""
    text = layout_text(plan, "cv")
    if text is not None:
        return bool(re.search(r"cv_pdf\s*\|\s*prepend:\s*['\"]assets/pdf/", text))
    return gen != "v1"


def _cv_body_rest(text: PageCV, report: Report, page: Page) -> str:
    """The page body without the CV sections that are now in `_data/cv.yml`."""
    if text.data:
        report.mapped("cv-page", f"CV sections {', '.join(text.data)} moved from the page "
                      "text into `_data/cv.yml`; the rest of the page text stays.", page.origin)
    return text.prose


def _write_cv(site: Site, plan: Plan, options: Options, copier: AssetCopier) -> None:
    """`_data/cv.yml` (classic or RenderCV) and, where the generation reads it, the JSON
    Resume `assets/json/resume.json`."""
    import json
    report = plan.report
    cv = site.cv
    assert cv is not None  # written only for a site with CV data (_cv_as_data)
    gen = _target_generation(plan, options)
    fmt = _cv_yml_format(plan, gen)
    if fmt == "rendercv":
        plan.write(CV_YML, dump_yaml({"cv": _rendercv_of(site, report,
                                                         layout_text(plan, "cv"))}))
    else:
        plan.write(CV_YML, dump_yaml([_classic_section(s, report) for s in cv.sections]))
    report.mapped("cv", f"CV ({len(cv.sections)} sections, "
                  f"{sum(len(s.entries) for s in cv.sections)} entries) written to `{CV_YML}` "
                  f"({fmt} format).", cv.origin)
    cv_layout = layout_text(plan, "cv")
    if cv_layout is not None and re.search(r"unless\s+site\.data\.resume\b", cv_layout):
        # DEST's CV layout shows resume.json when there is one, cv.yml only without: cv.yml
        # holds every section, resume.json cannot (the template's example one goes)
        if (plan.dest / RESUME_JSON).is_file():
            plan.delete(RESUME_JSON)
        report.mapped("cv-json", f"DEST's CV layout shows `{RESUME_JSON}` instead of "
                      f"`{CV_YML}` when it exists; the CV is in `{CV_YML}` only, where every "
                      "section fits.", cv.origin)
    elif gen != "2020-23" or (plan.dest / RESUME_JSON).is_file():
        data, left = jsonresume.to_resume(cv.sections, jsonresume.basics_of(site.identity,
                                                                              cv.basics))
        plan.write(RESUME_JSON, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        report.mapped("cv-json", f"CV also written as JSON Resume to `{RESUME_JSON}` "
                      "(`cv_format: jsonresume`).", cv.origin)
        for sec in left:
            report.verbatim("cv-json-section", f"CV section `{sec.title}` has no JSON Resume "
                            f"equivalent; it is in `{CV_YML}` only.", sec.origin or cv.origin)
    if site.page("cv") is None:
        front = CommentedMap([("layout", "cv"), ("title", "cv"), ("permalink", "/cv/"),
                              ("nav", True), ("nav_order", 5)])
        if fmt == "rendercv":
            front["cv_format"] = "rendercv"
        plan.write_document("_pages/cv.md", front, "")
        report.mapped("cv-page", "the site had CV data but no CV page: `_pages/cv.md` added.",
                      cv.origin)


def _write_menu_links(site: Site, plan: Plan, gen: str) -> None:
    """Menu entries that are no page of the site. An external link becomes a menu page: at
    the URL itself where the generation's header links an external permalink, else one that
    forwards there (by `redirect:` where the generation's layout follows an external one,
    else a bare page of DEST's `none` layout); anything else is reported (al-folio menus list
    pages only)."""
    pages = {p.permalink.rstrip("/") or "/" for p in site.pages}
    home = site.page("about")  # al-folio's header leads with it: an old address of it too
    pages |= {u.rstrip("/") or "/" for u in (home.redirect_from if home else [])}
    pages |= {p.permalink.rstrip("/") for p in site.publications if _has_own_page(p)} - {""}
    vocab = vocabulary(NAME)
    for order, n in enumerate(site.navigation, 1):
        if (n.url.rstrip("/") or "/") in pages or n.url == "/":
            continue
        if "://" in n.url:
            slug = bib.slugify(n.title) or str(order)
            out, body = f"_pages/menu-{slug}.md", ""
            front = CommentedMap([("layout", "page"), ("title", n.title),
                                  ("permalink", f"/menu-{slug}/")])
            if _header_links_external(plan, gen):  # the header links the permalink
                front["permalink"] = n.url
                how = "a page with an external permalink"
            elif gen in vocab["redirect_menu_generations"]:  # its layout forwards there
                front["redirect"] = n.url
                how = "a page that forwards there with al-folio's `redirect:`"
            else:  # `redirect:` would forward home: the page forwards by itself
                import html
                out, front["layout"] = f"_pages/menu-{slug}.html", "none"
                url = html.escape(n.url)
                body = (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8">\n'
                        f'<meta http-equiv="refresh" content="0; url={url}">\n'
                        f'<link rel="canonical" href="{url}"></head>\n'
                        f'<body><a href="{url}">{html.escape(n.title)}</a></body></html>\n')
                how = "a page that forwards there by itself"
            front["nav"], front["nav_order"] = True, order
            if "redirect" in front or front["layout"] == "none":
                front["sitemap"] = False
            plan.write_document(out, front, body)
            plan.report.mapped("menu-entry", f"external menu entry `{n.title}` ({n.url}) → "
                               f"`{out}` ({how}).", "_data/navigation.yml")
            continue
        plan.report.verbatim("menu-entry", f"menu entry `{n.title}` ({n.url}) points to no "
                             "page of the site (a collection index); "
                             f"al-folio {gen} menus list pages only: add a page with that "
                             "permalink to keep it in the menu.", "_data/navigation.yml")


def _header_links_external(plan: Plan, gen: str) -> bool:
    """Whether DEST's header links a menu page with an external permalink there: read from
    the checkout's header include, else the generation's default."""
    rule = vocabulary(NAME)["external_menu_header"]
    have = checkout.of(plan).includes or set()
    for name in rule["includes"]:
        if name in have:
            try:
                return rule["marker"] in (plan.dest / "_includes" / name).read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                break
    return gen in vocabulary(NAME)["external_menu_generations"]


def _local_includes(body: str, gen: str) -> str:
    """``{% include x.liquid %}`` as ``x.html`` (or the reverse) where only that name exists in
    generation ``gen`` (2020-23 has `.html` includes, later ones `.liquid`)."""
    from ...jekyll.liquid import include_name, replace_tokens
    have = set(vocabulary(NAME)["includes"][gen])

    def fn(tok: Any) -> str | None:
        name = include_name(tok)
        if not name or name in have:
            return None
        stem, dot, suffix = name.rpartition(".")
        twin = f"{stem}.{'html' if suffix == 'liquid' else 'liquid'}" if dot else ""
        return tok.text.replace(name, twin, 1) if twin in have else None
    return replace_tokens(body, fn) if "{%" in body else body


def _nav_entry(site: Site, url: str) -> tuple[int, NavItem] | None:
    """The first entry of the site menu that links ``url`` (not the home) and its place
    (from 1)."""
    key = url.rstrip("/") or "/"
    if key == "/":
        return None
    return next(((order, n) for order, n in enumerate(site.navigation, 1)
                 if (n.url.rstrip("/") or "/") == key), None)


def _menu_title(site: Site, page: Page, report: Report | None = None) -> str:
    """The page's title as al-folio writes it: al-folio's menu shows a page's `title`, so a
    page the source menu links under another label (`Talks` for a page titled `Talks and
    presentations`, `CV` for one without a title) takes that label (reported)."""
    entry = _nav_entry(site, page.permalink)
    label = entry[1].title.strip() if entry else ""
    if not label or label == page.title.strip():
        return page.title
    if report is not None and page.title.strip():
        report.mapped("menu-title", f"al-folio's menu shows a page's title: `{page.path}` is "
                      f"titled `{label}`, the label of your menu (its own title was "
                      f"`{page.title.strip()}`).", page.origin)
    return label


def _menu_position(site: Site, page: Page) -> float | None:
    """The page's menu position: its own `nav_order`, else its place in the site menu."""
    if page.nav:
        return page.nav_order if page.nav_order is not None else 99
    entry = _nav_entry(site, page.permalink)
    return entry[0] if entry else None


def _profile_text(ident: Identity) -> str:
    parts = [p for p in (ident.employer, ident.location) if p]
    return "".join(f"<p>{p}</p>" for p in parts)


def _news_item_pages(site: Site) -> dict[str, Item]:
    """Pages that are one news item each (another theme kept a titled item as a dated page
    under /news/): by permalink, as the titled `_news` items they were."""
    from ...dates import from_value
    out = {}
    for page in site.pages:
        when = from_value(page.extra.get("date")) if page.extra.get("date") else None
        if when and page.permalink.startswith("/news/") and page.permalink.strip("/") != "news":
            slug = PurePosixPath(page.permalink.rstrip("/")).name
            out[page.permalink] = Item(
                path=page.path, slug=slug, title=page.title, date=when.iso(), body=page.body,
                permalink=page.permalink, fields={"inline": False},
                fm_comments=page.fm_comments, newline=page.newline, origin=page.origin)
    return out


def _news_list_page(page: Page, body: str, plan: Plan) -> tuple[str, list[Item]]:
    """A page that is a list of dated news lines: each line a `_news` item; the page shows
    al-folio's own news list instead."""
    found = page.news  # its dated lines, read after reading
    if found is None or not found.whole or not found.items:
        return body, []
    plan.report.mapped("news-page", f"{len(found.items)} dated lines of the news page became "
                       "`_news/` entries; the page lists them with al-folio's news include.",
                       page.origin)
    rest = found.rest.strip()
    return (rest + "\n\n" if rest else "") + "{% include news.liquid %}\n", found.items


def _unique_news(items: list[Item], kept: dict[str, Item], report: Report) -> list[Item]:
    """One `_news` entry per item: a list line that only links to a kept news page is that
    page's item, and a line listed twice (the about page's newest and the news page's full
    list) is one item."""
    seen: set[tuple[str, str]] = set()
    out = []
    for item in items:
        # a link, also through a URL filter (`{{ '/x/' | relative_url }}`)
        m = re.fullmatch(r"\[[^\]]*\]\((\{\{[^}]*\}\}|[^)\s]+)\)", item.body.strip())
        key = (item.date[:10], " ".join(item.body.split()))
        if (m and unfiltered(m[1]) in kept and item.fields.get("inline")) or key in seen:
            report.mapped("news-duplicate", f"news line of {item.date} is the same item as one "
                          "already carried; written once.", item.origin)
            continue
        seen.add(key)
        out.append(item)
    return out


def _write_news(item: Item, plan: Plan) -> None:
    front = CommentedMap()
    front["layout"] = "post"
    front["date"] = yaml_date(item.date)
    inline = item.fields.get("inline", not item.title)
    front["inline"] = bool(inline)
    if item.title:
        front["title"] = item.title
    front["related_posts"] = False
    out = f"_news/{item.slug}.md"
    plan.write_document(out, front, item.body, item.fm_comments, item.newline)
    plan.report.mapped("news-item", f"news item of {item.date} → `{out}`.", item.origin)
    plan.origins.setdefault(item.path, out)


def _unique_keys(pubs: list[Publication], report: Report) -> None:
    """One BibTeX key per entry: a key seen before (two `.bib` files of another theme with
    the same key) gets a suffix, and the entry is written from its fields."""
    seen: set[str] = set()
    for pub in pubs:
        key = pub.key
        n = 2
        while key.lower() in seen:
            key = f"{pub.key}-{n}"
            n += 1
        if key != pub.key:
            report.problem("duplicate-key", f"BibTeX key `{pub.key}` is used by another "
                           f"publication too; this one is `{key}` in al-folio. Update "
                           f"`{{% cite {pub.key} %}}` where it means this one.", pub.origin)
            pub.key, pub.bibtex = key, ""
        seen.add(key.lower())


def _carry_entry_files(pub: Publication, copier: AssetCopier) -> None:
    """The files an entry written as it was read names (`pdf`, `slides`, ... and `preview`,
    relative to their al-folio folders): copied along, as for an entry built from fields."""
    for kind, url in pub.links.items():
        if LINK_FIELDS.get(kind) and url.startswith("/"):
            copier.carry(url, pub.origin, f"{kind} of `{pub.key}`")
    preview = str(pub.fields.get("preview", ""))
    if preview.startswith("/"):
        copier.carry(preview, pub.origin, f"preview of `{pub.key}`",
                     vocabulary(NAME)["paths"]["publication_preview"])


def _bibtex_of(pub: Publication, copier: AssetCopier, owner: tuple[str, str] = ("", ""),
               report: Report | None = None, shown: set[str] | None = None) -> bib.BibEntry:
    """``shown``: the `entry.*` fields DEST's bib layout prints (None: no layout)."""
    from ...inert import decode_entities as text  # academicpages escapes `& " ' <`
    fields: dict[str, str] = {"title": text(pub.title)}  # BibTeX holds the text, not markup
    if pub.year:
        fields["year"] = str(pub.year)
    stated = pub.entry_type or _stated_type(pub)
    entry_type = stated or TYPE_OF_CATEGORY.get(pub.category, "misc")
    if (pub.venue and not stated and not pub.category and shown is not None
            and "journal" in shown and not {"note", "howpublished"} & shown):
        entry_type = "article"  # an untyped venue, where DEST shows an article's only
        if report is not None:
            report.mapped("publication-type", f"publication `{pub.key}` has no type, and "
                          "DEST's bib layout shows a venue only as an article's journal or a "
                          "proceedings' book title: written as `@article` with its venue as "
                          "`journal`, so that the venue is shown.", pub.origin)
    venue_key = VENUE_FIELD.get(entry_type) or UNPRINTED_VENUE_FIELD.get(entry_type,
                                                                         "howpublished")
    if pub.venue:
        fields[venue_key] = text(pub.venue)
    if pub.abstract:
        fields["abstract"] = pub.abstract
    for kind, url in pub.links.items():
        if kind == "bibtex":
            continue
        base = LINK_FIELDS.get(kind)
        url = copier.local(url)
        if base and url.startswith("/"):  # al-folio prefixes relative values with its folder
            url = copier.carry(url, pub.origin, f"{kind} of `{pub.key}`")
            url = url.removeprefix(f"/{base}/")
        fields[kind] = url
    fields.update(pub.fields)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", pub.date) and not pub.date.endswith("-01-01") \
            and not {"date", "month"} & fields.keys():
        fields["date"] = pub.date  # biblatex's full date: a day that `year` alone would lose
    for key, value in pub.extra.items():  # front matter of another theme (`note`, `pubtype`,
        key = key.lower()                    # al-folio's own `abbr` ...): BibTeX fields
        if key in fields or key in PUB_FRONT_ONLY or value in (None, "", []):
            continue
        if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
            value = ", ".join(str(v) for v in value)
        if hasattr(value, "isoformat"):  # a date
            value = value.isoformat()
        if isinstance(value, (str, int, float, bool)):
            fields[key] = str(value).lower() if isinstance(value, bool) else str(value)
        elif report is not None:
            report.lost("publication-field", f"publication `{pub.key}`: front-matter key "
                        f"`{key}` holds a structure a BibTeX field cannot; not carried.",
                        pub.origin)
    if fields.get("preview", "").startswith("/"):
        folder = vocabulary(NAME)["paths"]["publication_preview"]
        new = copier.carry(fields["preview"], pub.origin, f"preview of `{pub.key}`", folder)
        fields["preview"] = new.removeprefix(f"/{folder}/")
    if pub.selected:
        fields["selected"] = "true"
    if pub.venue and entry_type not in VENUE_FIELD and "note" not in fields:
        fields["note"] = text(pub.venue)  # al-folio prints `note` in the venue line
    authors, why = (pub.authors, None) if pub.authors or not pub.citation else \
        bib.citation_authors(pub.citation, owner)
    if pub.citation and not authors:
        kept = "note" if "note" not in fields else "additional_info"
        fields.setdefault(kept, _plain_citation(pub.citation))
        if report is not None:
            report.verbatim("citation-authors", f"publication `{pub.key}`: the authors of its "
                            f"`citation` could not be read ({why}); the citation is kept whole "
                            f"in `{kept}`. Add `author = {{...}}` to the entry.",
                            pub.origin and pub.origin.path,
                            copier._line_of(pub.origin, "citation:"))
    persons = {"author": authors} if authors else {}
    # an entry, not its text: dump_bib formats it and need not parse it back
    return bib.BibEntry(pub.key, entry_type, fields, persons)


def _stated_type(pub: Publication) -> str:
    """The BibTeX type a publication's own words name: a `pubtype`-like front-matter key, a
    `category` academicpages does not define (``workingpapers``, ``bookchapters`` ...), or,
    with no category, a venue that says it is a journal or proceedings."""
    for key in ("pubtype", "pub_type", "publication_type", "type"):
        if isinstance(pub.extra.get(key), str) and (found := bib.entry_type_for(pub.extra[key])):
            return found
    category = pub.extra.get("category")
    if isinstance(category, str) and (found := bib.entry_type_for(category)):
        return found
    if not pub.category:  # no type at all: a venue named "Journal ..." or "Proceedings ..."
        found = bib.entry_type_for(pub.venue) if pub.venue else None
        return found if found in ("article", "inproceedings") else ""
    return ""


def _has_year(pub: Publication, report: Report) -> bool:
    """An entry without a year stops jekyll-scholar's build when the bibliography is grouped
    by year (every template's `group_by: year`): such a publication is left out of
    `papers.bib`, kept on its own page when it has text, and reported."""
    if pub.year or (pub.bibtex and re.search(r"\b(year|date)\s*=", pub.bibtex, re.I)):
        return True
    kept = "its text stays on its own page" if pub.body.strip() else "nothing else of it is shown"
    report.lost("publication-no-year", f"publication `{pub.key}` has no date; al-folio's "
                "bibliography is grouped by year and a yearless entry stops the build, so it "
                f"is not in `_bibliography/papers.bib` ({kept}). Give it a date.", pub.origin)
    return False


def _has_own_page(pub: Publication) -> bool:
    """A publication whose text is more than its abstract keeps it on a page of its own."""
    return bool(pub.body.strip()) and pub.body.strip() != pub.abstract.strip()


def _write_publication_page(pub: Publication, plan: Plan, copier: AssetCopier,
                            site: Site) -> None:
    """A publication with its own text keeps it on a page at its old address; the bib entry
    links there (`website`), and the owner's menu too where it linked that address."""
    url = pub.permalink or f"/publications/{pub.slug or pub.key}/"
    front = CommentedMap([("layout", "page"), ("title", pub.title or pub.key),
                          ("permalink", url)])
    entry = _nav_entry(site, url)
    if entry is not None:
        front["nav"] = True
        front["nav_order"] = entry[0]
    if pub.citation:
        front["description"] = _plain_citation(pub.citation)
    out = f"_pages/publications/{bib.slugify(pub.slug or pub.key)}.md"
    body = copier.rewrite(pub.body, url, pub.origin)
    if pub.venue.strip():  # the source's page shows it; al-folio's page layout has no place
        venue = pub.venue.strip()
        venue = raw_literal(venue) if "{{" in venue or "{%" in venue else venue
        body = f"<p><em>{venue}</em>{f', {pub.year}' if pub.year else ''}</p>\n\n{body}"
    plan.write_document(out, front, body)
    # the bibliography prints `website` as written: a page of the site needs its baseurl
    pub.links.setdefault("website", plan.urls.get("site:baseurl", "") + url)
    if pub.origin:
        plan.origins[pub.origin.path] = out
    plan.report.mapped("publication-page", f"the text of publication `{pub.key}` kept on its "
                       f"own page `{url}` (`{out}`), linked from the bibliography.", pub.origin)


def _plain_citation(citation: str) -> str:
    import html
    return re.sub(r"<[^>]+>", "", html.unescape(citation)).strip()


def _item_front(item: Item, layout: str) -> CommentedMap:
    front = CommentedMap()
    front["layout"] = layout
    front["title"] = item.title or item.slug
    if item.date:
        front["date"] = yaml_date(item.date)
    return front


def _finish(item: Item, front: CommentedMap, out: str, body: str, plan: Plan,
            copier: AssetCopier, url: str) -> None:
    if item.redirect:
        front["redirect"] = item.redirect
    write_item(plan, copier, item, front, out, body, url, NAME)
    for old in item.redirect_from:
        _redirect_stub(old, url, plan, item.origin)


def _write_project(item: Item, order: int, plan: Plan, copier: AssetCopier) -> None:
    f = item.fields
    front = _item_front(item, "page")
    front.pop("date", None)
    desc = str(f.get("description") or "")
    img = f.get("image")
    m = re.search(r"<img[^>]*src=['\"]([^'\"]+)['\"][^>]*>", desc)
    if m:
        img = img or m.group(1)
        desc = (desc[:m.start()] + desc[m.end():]).replace("<br/>", " ").replace("<br>", " ")
    desc = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", desc)).strip()
    if desc:
        front["description"] = desc
    if img:
        front["img"] = copier.carry(str(img), item.origin, "project image").lstrip("/")
    front["importance"] = f.get("importance", order)
    front["category"] = f.get("category") or "work"
    if f.get("github"):
        front["github"] = f["github"]
    url = f"/projects/{item.slug}/"
    _finish(item, front, f"_projects/{item.slug}.md", item.body, plan, copier, url)


def _write_post(item: Item, site: Site, plan: Plan, copier: AssetCopier) -> None:
    f = item.fields
    front = _item_front(item, "post")
    url = post_url(str(site.config_extra.get("permalink") or ""), item)
    front["permalink"] = url  # the post keeps its address
    if f.get("description"):
        front["description"] = f["description"]
    for key in ("tags", "categories"):
        value = f.get(key)
        if value:  # Jekyll splits a string at spaces: a tag with a space stays one in a list
            words = [str(v) for v in value] if isinstance(value, list) else None
            front[key] = (value if words is None else words if any(
                re.search(r"\s", w) for w in words) else " ".join(words))
    _finish(item, front, f"_posts/{PurePosixPath(item.path).name}", item.body, plan, copier, url)


def _write_item(item: Item, folder: str, layout: str, plan: Plan, copier: AssetCopier,
                collection: str) -> None:
    front = _item_front(item, layout)
    url = item.permalink or f"/{collection}/{item.slug}/"
    if item.permalink:
        front["permalink"] = item.permalink
    for key, value in item.fields.items():
        if key not in front and value not in (None, ""):
            front[key] = value
    _finish(item, front, f"{folder}/{item.slug}.md", item.body, plan, copier, url)


def _redirect_stub(old: str, target: str, plan: Plan, origin: Origin | None) -> None:
    """al-folio has no jekyll-redirect-from: a stub page whose `redirect:` forwards."""
    out = redirect_stub_path(plan, old)
    front = CommentedMap([("layout", "default"), ("permalink", old.strip()),
                          ("redirect", target or "/"), ("sitemap", False)])
    plan.write_document(out, front, "")
    plan.report.mapped("redirect", f"old URL `{old}` forwards to `{target}` through `{out}` "
                       "(al-folio `redirect:`).", origin)


def redirect(plan: Plan, old: str, target: str, origin: Origin | str | None) -> None:
    """Make ``old`` forward to ``target`` (a stub page with al-folio's ``redirect:``)."""
    _redirect_stub(old, target, plan, origin if isinstance(origin, Origin) else None)
