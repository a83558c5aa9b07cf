"""al-folio writer: `_config.yml` (the owner, socials, collections, settings carried from
the source) and the generation DEST is."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ... import socials
from ...formats.citation import citation_authors, owner_first_forms
from ...formats.content import name_title, split_name
from ...ir import Analytics, Origin, Site
from ...jekyll.assets import AssetCopier
from ...jekyll.configkeys import account_config, config_line, read_by_content, source_config
from ...jekyll.liquid import attribute_safe
from ...jekyll.site import dest_config, include_pages, set_key, set_nested, text
from ...plan import Plan
from ...report import common_place
from ...textio import dump_yaml, load_yaml, within
from ...theme import Options, SiteProbe, generation_of
from . import THEME
from .menu import _menu_position, _menu_title
from .reader import (
    NAME,
    OLD,
    REDIRECT_PLUGIN,
)
from .settings import ENGINES


def _dest_generation(dest: Path) -> str | None:
    if not (dest / "_config.yml").is_file():
        return None
    return generation_of(THEME, SiteProbe(dest))


def _target_generation(plan: Plan, options: Options) -> str:
    return (options.generation or _dest_generation(plan.dest)
            or THEME.vocabulary["default_generation"])


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
              "description": attribute_safe(ident.description or ""), "url": url,
              "baseurl": baseurl,
              "keywords": ident.keywords, "lang": _own_locale(site),
              "contact_note": ident.contact_note,
              "footer_text": ident.footer_text}
    for key, value in values.items():
        if value or key in ("baseurl", "middle_name") or key in config:
            set_key(config, key, value or "")
    plan.report.mapped("identity", f"identity of {ident.display_name() or 'the site owner'} "
                       "written to `_config.yml`.", ident.origin)
    honour = name_title(ident.display_name())
    if honour and not first.startswith(honour):
        plan.report.lost("identity", f"`{honour}` in the name `{ident.display_name()}` is a "
                         "title: al-folio shows the name from `first_name`, `middle_name` "
                         "and `last_name`, so it is not shown (write it into the about "
                         "page's `subtitle` if you want it there).", ident.origin)
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
    owned = _owner_config(config, site, plan, first, last, middle)
    if options.redirects == "plugin":
        _enable_redirect_plugin(config, plan)
    _declare_collections(config, site, plan, gen)
    include_pages(config)
    if gen == "v1" and "al_folio" not in config:
        _declare_v1(config, plan)
    account_config(site, config, plan, THEME,
                   _carry_settings(site, config, plan, gen, copier) | owned)
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


def _deploys_with_lsi(plan: Plan) -> Origin | None:
    """Where DEST's deploy workflow runs `jekyll build --lsi` (the 2024-03 template): the
    workflow's path in DEST and the line; None when it does not."""
    for path in sorted((plan.dest / ".github" / "workflows").glob("deploy.y*ml")):
        try:
            workflow = path.read_text("utf-8", "replace")
        except OSError:
            continue
        if found := re.search(r"jekyll build[^\n]*--lsi", workflow):
            return Origin(path.relative_to(plan.dest).as_posix(),
                          workflow.count("\n", 0, found.start()) + 1)
    return None


def _own_locale(site: Site) -> str:
    """The language an al-folio source states (`lang`, written with the identity); another
    theme's is carried with the other settings (:func:`_carry_settings`)."""
    locale = site.settings.locale
    return text(locale.value) if locale and site.theme == NAME else ""


def _carry_settings(site: Site, config: CommentedMap, plan: Plan, gen: str,
                    copier: AssetCopier) -> set[str]:
    """Another theme's settings (:class:`~sitemigrate.ir.SiteSettings`: language, analytics,
    comments, verification, share image) as al-folio's, and an old al-folio config's news
    limit; returns the `config_extra` keys it dealt with."""
    report, extra, settings = plan.report, site.config_extra, site.settings
    src = source_config(site)
    done: set[str] = set()

    def at(*key: str) -> Origin:
        return Origin("_config.yml", config_line(src, *key))

    examples = site.identity.extra.get("author_examples", {})
    for key, value in [*site.identity.extra.get("author", {}).items(), *examples.items()]:
        held = config.get("author")  # (DEST's own `author`, if it has one, stays)
        if (held is None or (isinstance(held, dict) and key not in held)) \
                and read_by_content(site, plan.from_theme, f"author.{key}"):
            if held is None and site.identity.display_name():  # jekyll-feed's feed author
                set_nested(config, ("author", "name"), site.identity.display_name())
                held = config["author"]
            set_nested(config, ("author", key), value)  # Liquid of the owner's reads it
            what = ("keeps the template's example value (not carried as your profile)"
                    if key in examples else "has no al-folio setting")
            report.verbatim("config-key", f"`author.{key}` {what}, but Liquid "
                            f"of your pages reads `site.author.{key}`: kept as written in "
                            "`_config.yml`, so they show what they showed.", at("author", key))
            continue
        if key in examples:
            continue  # (reported with the identity: the template's, not the owner's)
        link = isinstance(value, str) and re.match(r"https?://\S+$", value.strip())
        report.add("config-key", "warning", "lost", f"`author.{key}` has no al-folio setting "
                   + ("(a link to no service al-folio knows); add it as a custom entry in "
                      "`_data/socials.yml` or to the about page: "
                      if link else "(al-folio has no sidebar); not carried: ") + f"{value}",
                   at("author", key))
    if isinstance(config.get("pagination"), dict):  # DEST pages with jekyll-paginate-v2
        for key in (k for k in ("paginate", "paginate_path") if k in extra):
            done.add(key)
            report.mapped("config-key", f"`{key}` ({extra[key]}) is the old jekyll-paginate's; "
                          "this al-folio pages its lists with jekyll-paginate-v2 (`pagination:` "
                          "in the config and the paged page), whose build stops when both are "
                          "set: not carried.", at(key))
    if site.theme == NAME:
        done |= _favicon_named_nowhere(site, plan)
        done |= _navbar_social(site, config, plan, at)
        if gen == "2020-23":  # its own generation reads the news limit from the config
            return done
        for key in ("news_limit", "news_scrollable"):
            if key in extra and site.page("about"):
                done.add(key)  # now the about page's `announcements` (see the reader)
                report.mapped("config-key", f"`{key}` ({extra[key]}) → the about page's "
                              "`announcements`.", at(key))
        return done
    if (locale := settings.locale) is not None:
        set_key(config, "lang", locale.value)
        report.mapped("config-key", f"`{locale.key}` ({locale.value}) → `lang`.", locale.origin)
        done.add(locale.key)
    if (analytics := settings.analytics) is not None:
        _carry_analytics(analytics, config, plan, gen)
        done |= set(analytics.keys)
    for comments in settings.comments:
        provider = comments.provider
        if provider == "disqus" and comments.shortname:
            set_key(config, "disqus_shortname", comments.shortname)
            report.verbatim("config-key", f"`{comments.key}` (provider disqus) → "
                            "`disqus_shortname`: al-folio shows Disqus only on posts with "
                            "`disqus_comments: true`; add it to the posts that should have "
                            "comments.", comments.origin)
        elif provider not in ("false", ""):
            report.add("config-key", "warning", "lost", f"`{comments.key}`: provider "
                       f"`{provider}` has no al-folio setting (al-folio has Disqus and "
                       "giscus); not carried.", comments.origin)
        done.add(comments.key)
    for engine in ENGINES:  # the engines al-folio has a verification key for
        for found in (v for v in settings.verification if v.engine == engine):
            set_key(config, f"{engine}_site_verification", found.code)
            set_key(config, f"enable_{engine}_verification", True)
            done.add(found.key)
            report.mapped("config-key", f"`{found.key}` carried (with "
                          f"`enable_{engine}_verification: true`).", found.origin)
    if (image := settings.social_image) is not None:
        new = image.value if "://" in image.value else copier.carry(
            image.value, image.origin, "site image", is_file=True)
        set_key(config, "og_image", new)
        report.mapped("config-key", f"`{image.key}` → `{new}`.", image.origin)
        done.add(image.key)
    return done


def _navbar_social(site: Site, config: CommentedMap, plan: Plan, at: Any) -> set[str]:
    """The switch of the navbar's social icons: where the old header shows them under one
    config key and DEST's header under another, DEST's key takes the old one's value (as
    Liquid reads it: anything but nil and false is on). Returns the old key, dealt with."""
    from .navigation import navbar_social_switch
    old = navbar_social_switch(Path(site.source), plan.report) if site.source else None
    new = navbar_social_switch(plan.dest, plan.report)
    if not old or not new or old == new or old not in site.config_extra or new not in config:
        return set()
    value = site.config_extra[old]
    config[new] = value is not None and value is not False
    plan.report.mapped("config-key", f"`{old}` ({value}), the switch of the social icons in "
                       f"your header's navbar, → `{new}`, this header's.", at(old))
    return {old}


def _carry_analytics(analytics: Analytics, config: CommentedMap, plan: Plan, gen: str) -> None:
    """Google Analytics as al-folio's id (v1: `analytics.google`; before: `google_analytics`
    switched on by `enable_google_analytics`); another service is reported."""
    tracking, provider = analytics.tracking_id, analytics.provider
    if tracking and provider.startswith("google"):
        if gen == "v1":
            set_nested(config, ("analytics", "google"), tracking)
        else:
            set_key(config, "google_analytics", tracking)
            set_key(config, "enable_google_analytics", True)
        plan.report.mapped("config-key", f"`{analytics.key}` (Google, {tracking}) → "
                           + ("`analytics.google`." if gen == "v1" else "`google_analytics`."),
                           analytics.origin)
    elif tracking or provider not in ("", "false"):
        plan.report.add("config-key", "warning", "lost", f"`{analytics.key}`: provider "
                        f"`{provider}` has no al-folio setting (al-folio reads Google, "
                        "Cronitor, Pirsch, OpenPanel ids); not carried.", analytics.origin)
    else:
        plan.report.add("config-key", "info", "lost", f"`{analytics.key}` is switched off in "
                        "the source (no provider); nothing to carry.", analytics.origin)


def _owner_config(config: CommentedMap, site: Site, plan: Plan, first: str,
                  last: str, middle: str = "") -> set[str]:
    """Config values of a template checkout that name its example person or its example
    posts: jekyll-scholar's author names (bolded in the bibliography) and the blog's tag and
    category lists become the owner's. Returns the keys of the blog's lists it wrote.
    al-folio's bib layout marks an author as the owner when `first_name` lists the first
    name as the entry writes it: the forms the site's publications write it in (`A.F.` for
    Alexander F.) are listed too."""
    scholar = config.get("scholar")
    if isinstance(scholar, dict):
        if last and "last_name" in scholar:
            set_key(scholar, "last_name", _own_names(site, "last_name", last) or [last])
        if first and "first_name" in scholar:
            own = _own_names(site, "first_name", first)  # an upgrade: the owner's list
            forms = own or ([first, f"{first[0]}."] if len(first) > 1 else [first])
            given = " ".join(x for x in (first, middle) if x)
            names = [] if own else [n for pub in site.publications for n in (
                pub.authors or (citation_authors(pub.citation, (given, last), pub.title)[0]
                                if pub.citation else []))]
            forms += [f for f in owner_first_forms(names, given, last) if f not in forms]
            set_key(scholar, "first_name", forms)
    related = config.get("related_blog_posts")
    if (site.theme != NAME and site.posts and isinstance(related, dict) and related.get("enabled")
            and (workflow := _deploys_with_lsi(plan))):
        related["enabled"] = False
        plan.report.mapped("related-posts", f"DEST's deploy workflow `{workflow.path}` "
                           "builds with `--lsi`, whose related-posts index "
                           "(classifier-reborn) can stop the build on a few alike posts; your "
                           "site had no related-posts lists, so they are off in DEST's "
                           "`_config.yml` (`related_blog_posts.enabled: false`). Turn them on "
                           "once the blog has grown.", workflow)
    blog = site.page("blog") if site.theme != NAME else None
    if blog is not None and "blog_nav_title" in config:  # 2020-23: the blog's menu label
        config["blog_nav_title"] = (_menu_title(site, blog)
                                    if _menu_position(site, blog) is not None else "")
    if site.theme != NAME:  # the blog page's header: the template's words, not the owner's
        header = {"blog_name": _menu_title(site, blog) if blog else "",
                  "blog_description": blog.description if blog else ""}
        changed = [k for k, v in header.items() if k in config and config[k] != v]
        for key in changed:
            config[key] = header[key]
        if changed:
            plan.report.mapped("blog-header", "the blog page's header ("
                               + ", ".join(f"`{k}`" for k in changed) + " in DEST's "
                               "`_config.yml`) is "
                               + ("your blog page's title and description" if blog else
                                  "empty (your site had no blog page)")
                               + ", not the template's wording.", blog.origin if blog else None)
    else:
        _upgraded_blog_header(config, site, plan)
    written: set[str] = set()
    for key, field_name in (("display_tags", "tags"), ("display_categories", "categories")):
        if key not in config:
            continue
        counts: dict[str, int] = {}
        for post in site.posts:
            value = post.fields.get(field_name) or post.extra.get(field_name) or []
            for word in (value.split() if isinstance(value, str) else value):
                counts[str(word)] = counts.get(str(word), 0) + 1
        # the source's own list where it names the owner's posts' words (an al-folio
        # site's), else the posts' most used ones: never the template's example words. An
        # al-folio site without a list (or an empty one) showed its blog page without one
        mine = site.config_extra.get(key) if site.theme == NAME else None
        kept = [str(w) for w in mine if str(w) in counts] if isinstance(mine, list) else []
        shown_none = site.theme == NAME and not mine
        config[key] = [] if shown_none else (
            kept or sorted(counts, key=lambda w: (-counts[w], w))[:6])
        written.add(key)
        words = ", ".join(f"`{w}`" for w in config[key])
        yours = Origin("_config.yml", config_line(source_config(site), key)) \
            if isinstance(mine, list) else None  # your list it replaces, if you had one
        plan.report.mapped("blog-words", f"`{key}` (the blog page's {field_name}) in DEST's "
                           "`_config.yml`: " + (
            f"{words}, as your config lists them." if kept else
            f"{words}, the ones your posts use most." if words else
            f"none, as your blog page showed none (your config lists no {field_name})."
            if shown_none else
            f"none, as your posts have no {field_name} (the template's example ones are not "
            "yours)."), yours)
    return written


def _upgraded_blog_header(config: CommentedMap, site: Site, plan: Plan) -> None:
    """An upgrade: the blog page prints a header of `blog_name` and `blog_description` (2023+:
    only when one is set; 2020-22: always, an empty one showing nothing). A key the owner
    left empty or never had, or left at a template's own wording, shows no words of theirs:
    the new template's example (`blog_name: al-folio`) is emptied, not shown as theirs."""
    from ...template_files import is_template_setting
    src = source_config(site)
    emptied = []
    for key in ("blog_name", "blog_description"):
        mine = src.get(key)
        if not config.get(key) or (isinstance(mine, (str, int, float)) and str(mine).strip()
                                   and not is_template_setting(THEME, key, mine)):
            continue  # nothing shown, or the owner's words (carried with the config)
        config[key] = ""
        emptied.append((key, config_line(src, key)))
    if emptied:
        plan.report.mapped("blog-header", "the blog page's header ("
                           + ", ".join(f"`{k}`" for k, _ in emptied) + " in DEST's "
                           "`_config.yml`) is empty, as your site had it (unset, empty or the "
                           "template's example), not the new template's example wording.",
                           Origin("_config.yml", emptied[0][1]))


def _own_names(site: Site, key: str, name: str) -> list[str]:
    """An upgrade: the forms of their name the owner listed at `scholar.KEY` (a list, or one
    name), when they hold ``name``, the one the config gives: the bibliography marks an
    author whose name is any of them (`[Okonkwo, Okonkwo-Bell]`). Else none (the template's
    example person's, or no list)."""
    group = site.config_extra.get("scholar") if site.theme == NAME else None
    listed = group.get(key) if isinstance(group, dict) else None
    names = [str(n).strip() for n in (listed if isinstance(listed, list) else [listed])
             if isinstance(n, (str, int)) and str(n).strip()]
    return names if name in names else []


def _declare_v1(config: CommentedMap, plan: Plan) -> None:
    """A v1 config names the gem theme and carries the `al_folio:` contract (a fresh DEST
    has neither; a v1 starter checkout has both)."""
    contract = THEME.vocabulary["v1_config"]
    wrote = []
    if "theme" not in config:
        set_key(config, "theme", contract["theme"])
        wrote.append(f"`theme: {contract['theme']}`")
    set_key(config, "al_folio", _commented(contract["al_folio"]))
    wrote.append("the `al_folio:` block")
    plan.report.mapped("v1-config", f"DEST's `_config.yml` declares al-folio v1: "
                       f"{' and '.join(wrote)}, "
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
            entry = CommentedMap([("output", True)])
            own_url = THEME.vocabulary["collection_permalinks"].get(gen, {}).get(name)
            if own_url:
                entry["permalink"] = own_url
            if name in site.collections:  # a custom collection keeps its own settings
                own = source.get(name) if isinstance(source, dict) else None
                entry.update({k: v for k, v in (own or {}).items() if k != "defaults"})
                entry.setdefault("permalink", "/:collection/:name/")
            set_key(cols, name, entry)
            if items:
                plan.report.mapped("collection", f"collection `{name}` declared in DEST's "
                                   "`_config.yml`.", common_place(
                                       i.origin.path for i in items if i.origin))


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
        if out is None and social.shown is False:
            socials.report_unshown(plan.report, social, "al-folio setting", "not carried")
            continue
        if out is None:
            plan.report.lost("social", f"social profile {socials.describe(social)} "
                             f"has no al-folio equivalent; "
                             "add it as a custom entry in `_data/socials.yml` or to the about "
                             "page.", social.origin)
            continue
        rows.append(out)
        plan.report.mapped("social", f"social profile `{social.service}` → `{out[0]}`"
                           f"{socials.newly_shown(social)}.", social.origin)
    return rows


def site_switches(plan: Plan, layout: str, news: dict, posts: dict,
                  origin: Origin | None = None) -> None:
    """The about page's news and latest-posts switches where DEST's about layout reads them
    from `_config.yml` (`site.announcements.enabled`, `site.latest_posts.enabled`: the 2024
    templates; the template's own config has both on) rather than from the page: set there
    as the about page had them, so a site without posts shows no "latest posts" heading
    linking a blog it does not have. ``news``/``posts``: ``{enabled, scrollable, limit}``;
    ``origin``: the about page's."""
    wanted = {name: values for name, values in (("announcements", news), ("latest_posts", posts))
              if re.search(rf"\bsite\.{name}\.enabled\b", layout)}
    data = plan.files.get("_config.yml")
    if not wanted or data is None:
        return
    config = load_yaml(data.decode("utf-8"), "_config.yml", None)
    if not isinstance(config, CommentedMap):
        return
    for name, values in wanted.items():
        for key, value in values.items():
            set_nested(config, (name, key), value)
    plan.write("_config.yml", dump_yaml(config))
    plan.report.mapped("about-switches", "DEST's about layout reads "
                       + " and ".join(f"`{n}.enabled`" for n in wanted) + " from DEST's "
                       "`_config.yml`: set there as your about page had them.", origin)


def _favicon_named_nowhere(site: Site, plan: Plan) -> set[str]:
    """`icon` when it names a picture (al-folio's head takes a value of up to 4 characters
    as an emoji, anything longer as a file of `assets/img/`, whose cache-busting filter
    stops the build when the file is not there) that neither SRC nor DEST has: not carried,
    DEST's own favicon kept, and said so."""
    icon = site.settings.favicon
    if icon is None or len(icon.value) <= 4 or not site.source:
        return set()
    rel = "assets/img/" + icon.value.lstrip("/")
    for root in (Path(site.source), plan.dest):
        try:
            if within(root, root / rel) and (root / rel).is_file():
                return set()  # (a name that climbs out of the site names no picture of it)
        except OSError:
            continue
    plan.report.problem("favicon", f"`icon: {icon.value}` names no picture of "
                        f"`assets/img/` (al-folio looks for `{rel}`, and its build stops on a "
                        "missing one): not carried, the template's favicon kept. Put the "
                        "picture there and set `icon` to its file name, or to an emoji.",
                        icon.origin)
    return {icon.key}
