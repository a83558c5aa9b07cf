"""al-folio: reader and writer. All al-folio knowledge lives here and in ``mappings/al-folio.yml``."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

from ruamel.yaml.comments import CommentedMap

from .. import bib, socials
from ..content import split_name
from ..ir import CV, CVSection, Identity, Item, NavItem, Origin, Page, Publication, Site, Social, plain
from ..plan import Plan
from ..registry import Options, SiteProbe, generation_of, vocabulary
from ..report import Report
from ..textio import dump_yaml, read_document, render_document
from .common import (AssetCopier, add_collection_listings, as_list, check_document,
                     check_liquid, collection_page, custom_collections, dest_config,
                     fix_typos, include_pages, write_item,
                     iter_files, iter_pages, post_url, read_collection, read_config, read_data,
                     record_asset, redirect_stub_path, set_key, shim_includes, site_path,
                     split_known, text, translate_body, yaml_date)

NAME = "al-folio"
OLD = "al-folio-old"  # column of mappings/socials.yml for top-level _config.yml keys

IDENTITY_KEYS = ("first_name", "middle_name", "last_name", "title", "description", "url",
                 "baseurl", "keywords", "lang", "footer_text", "contact_note", "email")

# Front-matter key -> neutral field, per collection.
NEWS_KEYS = {"inline": "inline"}
PROJECT_KEYS = {"description": "description", "img": "image", "importance": "importance",
                "category": "category", "github": "github", "github_stars": "github_stars",
                "related_publications": "related_publications"}
POST_KEYS = {"description": "description", "tags": "tags", "categories": "categories",
             "thumbnail": "image", "featured": "featured"}
TEACHING_KEYS = {"description": "description", "instructor": "instructor", "year": "year",
                 "term": "term", "location": "location", "time": "time",
                 "course_id": "course_id", "schedule": "schedule"}
TALK_KEYS = {"venue": "venue", "location": "location", "type": "type",
             "description": "description"}
LAYOUT_ONLY = ("layout", "related_posts")
REDIRECT_PLUGIN = "jekyll-redirect-from"

# BibTeX link fields and where relative values live in al-folio.
LINK_FIELDS = {"pdf": "assets/pdf", "supp": "assets/pdf", "poster": "assets/pdf",
               "slides": "assets/pdf", "html": "assets/html", "code": None, "video": None,
               "website": None, "blog": None, "url": None}
CATEGORY_OF_TYPE = {"article": "journal", "inproceedings": "conference",
                    "conference": "conference", "proceedings": "conference", "book": "book",
                    "inbook": "book", "incollection": "book", "phdthesis": "thesis",
                    "mastersthesis": "thesis"}
TYPE_OF_CATEGORY = {"journal": "article", "conference": "inproceedings", "book": "book",
                    "thesis": "phdthesis", "other": "misc", "": "misc"}


# ==========================================================================================
# Reader
# ==========================================================================================

def read(src: Path, report: Report) -> Site:
    vocab = vocabulary(NAME)
    site = Site(theme=NAME, generation=generation_of(NAME, SiteProbe(src)), source=str(src))
    config = read_config(src, report)
    site.identity = _read_identity(src, config, report)
    site.config_extra = {str(k): plain(v) for k, v in config.items() if k not in IDENTITY_KEYS}
    for path, rel in iter_pages(src):
        page = _read_page(path, rel, vocab, site, report)
        if page:
            site.pages.append(page)
    site.news = read_collection(src, "_news", NEWS_KEYS, report, LAYOUT_ONLY)
    site.projects = read_collection(src, "_projects", PROJECT_KEYS, report, LAYOUT_ONLY)
    for p in site.projects:
        if p.fields.get("image"):
            p.fields["image"] = site_path(str(p.fields["image"]), "assets/img")
            record_asset(site, p.fields["image"], "image")
    site.posts = read_collection(src, "_posts", POST_KEYS, report, LAYOUT_ONLY)
    site.teaching = read_collection(src, "_teachings", TEACHING_KEYS, report, LAYOUT_ONLY)
    site.talks = read_collection(src, "_talks", TALK_KEYS, report, LAYOUT_ONLY)
    for name in custom_collections(config, vocab):
        site.collections[name] = read_collection(src, f"_{name}", {}, report, LAYOUT_ONLY)
    for path, rel in iter_files(src / "_bibliography", src, {".bib"}):
        site.publications += _read_bib(path, rel, report)
    site.cv = _read_cv(src, site, report)
    site.navigation = _navigation(site.pages)
    return site


def _read_identity(src: Path, config: dict, report: Report) -> Identity:
    ident = Identity(origin=Origin("_config.yml", 1))
    for key in ("first_name", "middle_name", "last_name", "description", "url", "baseurl",
                "keywords", "lang", "footer_text", "contact_note", "email"):
        setattr(ident, key, text(config.get(key)))
    title = text(config.get("title"))
    ident.site_title = "" if title.lower() == "blank" else title
    ident.full_name = ident.display_name()
    for key, value in config.items():
        social = socials.read_social(OLD, str(key), value)
        if social and value not in (None, ""):
            social.origin = Origin("_config.yml", None)
            _add_social(ident, social)
    data = read_data(src, "_data/socials.yml", report)
    if isinstance(data, dict):
        for key, value in data.items():
            if value in (None, "", False):
                continue
            social = socials.read_social(NAME, str(key), value)
            if social is None and isinstance(value, dict) and value.get("url"):
                social = Social(f"custom:{key}", None, str(value["url"]))
                ident.extra.setdefault("custom_socials", {})[str(key)] = plain(value)
            if social is None:
                report.verbatim("unknown-social", f"social entry `{key}` is not a service "
                                "sitemigrate knows; it was kept in the profile's extra data.",
                                "_data/socials.yml")
                ident.extra.setdefault("unknown_socials", {})[str(key)] = plain(value)
                continue
            social.origin = Origin("_data/socials.yml", None)
            _add_social(ident, social)
    email = next((s for s in ident.socials if s.service == "email"), None)
    if email and not ident.email:
        ident.email = email.handle or (email.url or "").removeprefix("mailto:")
    return ident


def _add_social(ident: Identity, social: Social) -> None:
    if all(s.service != social.service for s in ident.socials):
        ident.socials.append(social)


def _read_page(path: Path, rel: str, vocab: dict, site: Site, report: Report) -> Page | None:
    doc = read_document(path, rel, report)
    if doc is None:
        return None
    check_document(doc, report)
    check_liquid(doc, report)
    fix_typos(doc, set(vocab["page_keys"]) | set(vocab["about_keys"]), report)
    data = doc.data
    layout = text(data.get("layout"))
    page = Page(path=rel, title=text(data.get("title")), permalink=text(data.get("permalink")),
                body=doc.body, description=text(data.get("description")),
                redirect_from=as_list(data.get("redirect_from"), rel, "redirect_from", report,
                                      doc.line_of("redirect_from")),
                nav=bool(data.get("nav")), fm_comments=doc.comments(), newline=doc.newline,
                origin=Origin(rel, 1, doc.body_line))
    redirect = data.get("redirect")
    page.redirect = ("/" if redirect is True else "") if isinstance(redirect, bool) else text(redirect)
    order = data.get("nav_order")
    if order is not None:
        try:
            page.nav_order = float(order)
        except (TypeError, ValueError):
            report.problem("wrong-type", f"`nav_order: {order}` is not a number; the page was "
                           "put at the end of the menu.", rel, doc.line_of("nav_order"))
    page.role = _role(layout, page, vocab)
    known = set(vocab["page_keys"])
    if page.role == "about":
        known |= set(vocab["about_keys"])
        _read_about(page, data, site, doc, report)
    if page.role == "cv" and data.get("cv_pdf"):
        known.add("cv_pdf")
        page.features["cv_pdf"] = site_path(text(data["cv_pdf"]), "assets/pdf")
        record_asset(site, page.features["cv_pdf"], "pdf")
    if data.get("dropdown"):
        known |= {"dropdown", "children"}
        page.features["children"] = [
            {"title": text(c.get("title")), "url": text(c.get("permalink"))}
            for c in data.get("children") or [] if isinstance(c, dict)]
    _, page.extra = split_known(data, known)
    return page


def _role(layout: str, page: Page, vocab: dict) -> str:
    by_layout = {"about": "about", "cv": "cv", "profiles": "people", "book-shelf": "books"}
    if layout in by_layout:
        return by_layout[layout]
    if "{% bibliography" in page.body:
        return "publications"
    if "site.projects" in page.body:
        return "projects"
    return vocab["page_roles"].get(page.permalink, "other")


def _read_about(page: Page, data: Any, site: Site, doc, report: Report) -> None:
    feats = page.features
    if data.get("subtitle"):
        feats["subtitle"] = text(data["subtitle"])
    profile = data.get("profile") or {}
    if isinstance(profile, dict):
        if profile.get("image"):
            site.identity.avatar = site_path(text(profile["image"]), "assets/img")
            record_asset(site, site.identity.avatar, "image")
        info = profile.get("more_info") or profile.get("address")
        if info:
            feats["profile_text"] = text(info)
        for key in ("align", "image_circular"):
            if key in profile:
                feats[f"profile_{key}"] = plain(profile[key])
    for key, new in (("news", "news"), ("announcements", "news"), ("latest_posts", "latest_posts")):
        value = data.get(key)
        if isinstance(value, bool):
            feats[new] = {"enabled": value}
        elif isinstance(value, dict):
            feats[new] = {k: plain(v) for k, v in value.items()}
    for key in ("selected_papers", "social"):
        if key in data:
            feats[key] = bool(data[key])


def _navigation(pages: list[Page]) -> list[NavItem]:
    navs = [p for p in pages if p.nav or p.permalink == "/"]
    navs.sort(key=lambda p: (p.permalink != "/", p.nav_order if p.nav_order is not None else 1e9))
    return [NavItem(p.title, p.permalink, [NavItem(c["title"], c["url"])
                                           for c in p.features.get("children", [])])
            for p in navs]


def _read_bib(path: Path, rel: str, report: Report) -> list[Publication]:
    raw = path.read_text("utf-8", errors="replace")
    parsed = bib.parse_bib(raw)
    for prob in parsed.problems:
        report.problem("bibtex", prob.message, rel, prob.line)
    pubs = []
    for entry in parsed.entries:
        f = entry.fields
        year, month, day = bib.entry_date(entry)
        links = {}
        for name, base in LINK_FIELDS.items():
            if f.get(name):
                value = f[name].strip()
                links[name] = site_path(value, base) if base else value
        if f.get("doi"):
            links["doi"] = f["doi"].strip()
        if f.get("arxiv"):
            links["arxiv"] = f["arxiv"].strip()
        if f.get("preview") and "://" not in f["preview"]:
            preview_dir = vocabulary(NAME)["paths"]["publication_preview"]
            f = {**f, "preview": site_path(f["preview"].strip(), preview_dir)}
        consumed = {"title", "abstract", "selected", "year", "month", "day", *links}
        pubs.append(Publication(
            key=entry.key, entry_type=entry.entry_type, title=bib.to_text(f.get("title", "")),
            authors=[f"{first} {last}".strip() for first, last in bib.person_names(entry)],
            year=year, date=f"{year:04d}-{month or 1:02d}-{day or 1:02d}" if year else "",
            venue=bib.venue(entry), category=CATEGORY_OF_TYPE.get(entry.entry_type, "other"),
            citation=bib.format_citation(entry), abstract=bib.to_text(f.get("abstract", "")),
            selected=f.get("selected", "").strip().lower() in ("true", "yes", "1"),
            links=links, fields={k: v for k, v in f.items() if k not in consumed},
            bibtex=bib.dump_bib([entry]).strip() + "\n", slug=bib.slugify(bib.to_text(f.get("title", "")) or entry.key),
            origin=Origin(rel, entry.line)))
    return pubs


def _read_cv(src: Path, site: Site, report: Report) -> CV | None:
    data = read_data(src, "_data/cv.yml", report)
    if not isinstance(data, list):
        return None
    cv = CV(origin=Origin("_data/cv.yml", 1))
    for sec in data:
        if isinstance(sec, dict):
            entries = sec.get("contents") or []
            cv.sections.append(CVSection(text(sec.get("title")),
                                         entries=plain(entries if isinstance(entries, list) else [])))
    return cv


# ==========================================================================================
# Writer
# ==========================================================================================

def write(site: Site, plan: Plan, options: Options) -> None:
    vocab = vocabulary(NAME)
    gen = options.generation or _dest_generation(plan.dest) or vocab["default_generation"]
    report = plan.report
    copier = AssetCopier(site, plan, vocab["paths"])
    for rel in vocab["template_examples"]:
        plan.delete(rel)
    _write_config(site, plan, gen, options)
    news = list(site.news)
    for page in site.pages:
        news += _write_page(page, site, plan, options, copier)
    _write_menu_links(site, plan, gen)
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
        if pub.body.strip() and pub.body.strip() != pub.abstract.strip():
            _write_publication_page(pub, plan, copier)
    if site.publications:
        entries = [p.bibtex or _bibtex_of(p, copier) for p in site.publications]
        plan.write("_bibliography/papers.bib", bib.dump_bib(entries, front_matter=True))
        for p in site.publications:
            report.mapped("publication", f"publication `{p.key}` written to "
                          "`_bibliography/papers.bib`.", p.origin)
            if p.origin and site.page("publications"):
                plan.origins.setdefault(p.origin.path, plan.origins.get(
                    site.page("publications").path, "_pages/publications.md"))


def _dest_generation(dest: Path) -> str | None:
    if not (dest / "_config.yml").is_file():
        return None
    return generation_of(NAME, SiteProbe(dest))


def _write_config(site: Site, plan: Plan, gen: str, options: Options) -> None:
    ident = site.identity
    config = dest_config(plan)
    first, middle, last = ((ident.first_name, ident.middle_name, ident.last_name)
                           if ident.last_name else split_name(ident.display_name()))
    values = {"title": ident.site_title if ident.site_title and ident.site_title !=
              ident.display_name() else "blank",
              "first_name": first, "middle_name": middle, "last_name": last,
              "description": ident.description, "url": ident.url, "baseurl": ident.baseurl,
              "keywords": ident.keywords, "lang": ident.lang, "contact_note": ident.contact_note,
              "footer_text": ident.footer_text}
    for key, value in values.items():
        if value or key in ("baseurl", "middle_name") or key in config:
            set_key(config, key, value or "")
    plan.report.mapped("identity", f"identity of {ident.display_name() or 'the site owner'} "
                       "written to `_config.yml`.", ident.origin)
    social_rows = _socials(site, plan, "al-folio" if gen != "2020-23" else OLD)
    if gen == "2020-23":
        if ident.email:
            set_key(config, "email", ident.email)
        for key, value in social_rows:
            if key != "email":
                set_key(config, key, value)
    else:
        body = CommentedMap()
        for key, value in social_rows:
            body[key] = value
        header = "# Social profiles shown on the about page (converted by sitemigrate).\n"
        plan.write("_data/socials.yml", header + (dump_yaml(body) if body else "{}\n"))
    if options.redirects == "plugin":
        _enable_redirect_plugin(config, plan)
    _declare_collections(config, site, plan)
    include_pages(config)
    plan.write("_config.yml", dump_yaml(config))


def _declare_collections(config: CommentedMap, site: Site, plan: Plan) -> None:
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
            plan.report.lost("social", f"social profile `{social.service}` "
                             f"({social.url or social.handle}) has no al-folio equivalent; "
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
    front: dict[str, Any] = CommentedMap()
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
            profile["image"] = PurePosixPath(new).name
        profile["image_circular"] = bool(feats.get("profile_image_circular", False))
        more = feats.get("profile_text") or _profile_text(site.identity)
        if more:
            profile["more_info"] = more
        front["profile"] = profile
        from ..content import extract_news
        first_line = page.origin.line if page.origin else 1
        found = extract_news(body, page.path, first_line)
        if found.items:
            body = found.body
            news = found.items
            report.mapped("news-section", f"News section: {len(found.items)} dated items "
                          "became `_news/` entries; the about page shows them as announcements.",
                          page.origin)
            for line, warn in found.warnings:
                report.problem("ambiguous-date", warn, page.path, line, severity="info")
            if found.leftover:
                report.verbatim("news-leftover", f"{len(found.leftover)} line(s) of the News "
                                "section have no date; they stay in the page body.", page.origin)
        has_news = bool(news or site.news)
        news_feat = feats.get("news") or {}
        front["announcements"] = {"enabled": bool(has_news or news_feat.get("enabled")),
                                  "scrollable": bool(news_feat.get("scrollable", True)),
                                  "limit": int(news_feat.get("limit") or 5)}
        posts = feats.get("latest_posts") or {}
        front["latest_posts"] = {"enabled": bool(posts.get("enabled", False)),
                                 "scrollable": True, "limit": int(posts.get("limit") or 3)}
        front["selected_papers"] = bool(feats.get("selected_papers",
                                                  any(p.selected for p in site.publications)))
        front["social"] = bool(feats.get("social", True))
    else:
        front["layout"] = "page"
        front["title"] = page.title
        if page.permalink:
            front["permalink"] = page.permalink
        if page.description:
            front["description"] = page.description
        order = _menu_position(site, page)
        if order is not None:
            front["nav"] = True
            front["nav_order"] = int(order) if float(order).is_integer() else order
    if page.redirect:
        front["redirect"] = page.redirect
    if page.redirect_from and options.redirects == "plugin":
        front["redirect_from"] = list(page.redirect_from)
        plan.report.mapped("redirect", f"old URLs {', '.join(page.redirect_from)} kept in "
                           "`redirect_from` (jekyll-redirect-from enabled).", page.origin)
    for key, value in page.extra.items():
        if key not in front:
            front[key] = value
            report.verbatim("extra-key", f"front-matter key `{key}` has no al-folio meaning; "
                            "kept as written.", page.origin)
    out = "_pages/about.md" if page.role == "about" else page.path
    body = translate_body(body, page.role, site.theme, NAME, plan, page.origin)
    body = add_collection_listings(page, body, site, NAME, report)
    missing = sorted(set(re.findall(r"site\.(publications|portfolio|teaching)\b", body)))
    if missing:
        report.verbatim("liquid-collection", "this page's Liquid uses "
                        + ", ".join(f"`site.{m}`" for m in missing) + ", which al-folio does "
                        "not have (publications live in `_bibliography/papers.bib`, projects in "
                        "`site.projects`, teaching in `site.teachings`); kept as written: "
                        "rewrite those loops.", page.origin)
    body = copier.rewrite(body, page.permalink or "/", page.origin)
    shim_includes(body, vocabulary(NAME)["includes"], plan,
                  Path(site.source) if site.source else None, page.origin)
    plan.write(out, render_document(front, body, page.fm_comments, page.newline))
    report.mapped("page", f"page `{page.path}` → `{out}`.", page.origin)
    plan.origins[page.path] = out
    target = "/" if page.role == "about" else page.permalink
    if options.redirects == "pages":
        for old in page.redirect_from:
            _redirect_page(old, target, page, plan)
    return news


def _write_menu_links(site: Site, plan: Plan, gen: str) -> None:
    """Menu entries that are no page of the site. An external link becomes a page whose
    permalink is the URL where the generation's header renders that as a link; anything else
    is reported (al-folio menus list pages only)."""
    pages = {p.permalink.rstrip("/") or "/" for p in site.pages}
    external_ok = gen in vocabulary(NAME)["external_menu_generations"]
    for order, n in enumerate(site.navigation, 1):
        if (n.url.rstrip("/") or "/") in pages or n.url == "/":
            continue
        if "://" in n.url and external_ok:
            front = CommentedMap([("layout", "page"), ("title", n.title), ("permalink", n.url),
                                  ("nav", True), ("nav_order", order)])
            out = f"_pages/menu-{bib.slugify(n.title) or order}.md"
            plan.write(out, render_document(front, ""))
            plan.report.mapped("menu-entry", f"external menu entry `{n.title}` ({n.url}) → "
                               f"`{out}` (a page with an external permalink).",
                               "_data/navigation.yml")
            continue
        plan.report.verbatim("menu-entry", f"menu entry `{n.title}` ({n.url}) points to no "
                             "page of the site (a collection index or an external link); "
                             f"al-folio {gen} menus list pages only: add a page with that "
                             "permalink to keep it in the menu.", "_data/navigation.yml")


def _menu_position(site: Site, page: Page) -> float | None:
    """The page's menu position: its own `nav_order`, else its place in the site menu."""
    if page.nav:
        return page.nav_order if page.nav_order is not None else 99
    urls = [n.url.rstrip("/") or "/" for n in site.navigation]
    key = page.permalink.rstrip("/") or "/"
    return urls.index(key) + 1 if key in urls and key != "/" else None


def _profile_text(ident: Identity) -> str:
    parts = [p for p in (ident.employer, ident.location) if p]
    return "".join(f"<p>{p}</p>" for p in parts)


def _redirect_page(old: str, target: str, page: Page, plan: Plan) -> None:
    """al-folio has no jekyll-redirect-from: a stub page whose `redirect:` forwards."""
    _redirect_stub(old, target, plan, page.origin)


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
    plan.write(out, render_document(front, item.body, item.fm_comments, item.newline))
    plan.report.mapped("news-item", f"news item of {item.date} → `{out}`.", item.origin)
    plan.origins.setdefault(item.path, out)


def _bibtex_of(pub: Publication, copier: AssetCopier) -> str:
    fields: dict[str, str] = {"title": pub.title}
    if pub.year:
        fields["year"] = str(pub.year)
    venue_key = {"article": "journal", "inproceedings": "booktitle"}.get(
        pub.entry_type or TYPE_OF_CATEGORY.get(pub.category, "misc"), "howpublished")
    if pub.venue:
        fields[venue_key] = pub.venue
    if pub.abstract:
        fields["abstract"] = pub.abstract
    for kind, url in pub.links.items():
        if kind == "bibtex":
            continue
        base = LINK_FIELDS.get(kind)
        if base and url.startswith("/"):  # al-folio prefixes relative values with its folder
            url = copier.carry(url, pub.origin, f"{kind} of `{pub.key}`")
            url = url.removeprefix(f"/{base}/")
        fields[kind] = url
    fields.update(pub.fields)
    own = vocabulary(NAME)["bib_fields"]
    for key, value in pub.extra.items():  # al-folio fields kept in another theme's front matter
        if key in own and key not in fields and isinstance(value, (str, int, float, bool)):
            fields[key] = str(value).lower() if isinstance(value, bool) else str(value)
    if fields.get("preview", "").startswith("/"):
        folder = vocabulary(NAME)["paths"]["publication_preview"]
        new = copier.carry(fields["preview"], pub.origin, f"preview of `{pub.key}`", folder)
        fields["preview"] = new.removeprefix(f"/{folder}/")
    if pub.selected:
        fields["selected"] = "true"
    authors = pub.authors or _authors_from_citation(pub.citation)
    if pub.citation and not authors:
        fields["note"] = _plain_citation(pub.citation)
    persons = {"author": authors} if authors else None
    entry_type = pub.entry_type or TYPE_OF_CATEGORY.get(pub.category, "misc")
    return bib.format_entry(entry_type, pub.key, fields, persons)


def _write_publication_page(pub: Publication, plan: Plan, copier: AssetCopier) -> None:
    """A publication with its own text keeps it on a page at its old address; the bib entry
    links there (`website`)."""
    url = pub.permalink or f"/publications/{pub.slug or pub.key}/"
    front = CommentedMap([("layout", "page"), ("title", pub.title or pub.key),
                          ("permalink", url)])
    if pub.citation:
        front["description"] = _plain_citation(pub.citation)
    out = f"_pages/publications/{bib.slugify(pub.slug or pub.key)}.md"
    body = copier.rewrite(pub.body, url, pub.origin)
    plan.write(out, render_document(front, body))
    pub.links.setdefault("website", url)
    if pub.origin:
        plan.origins[pub.origin.path] = out
    plan.report.mapped("publication-page", f"the text of publication `{pub.key}` kept on its "
                       f"own page `{url}` (`{out}`), linked from the bibliography.", pub.origin)


def _plain_citation(citation: str) -> str:
    import html
    return re.sub(r"<[^>]+>", "", html.unescape(citation)).strip()


def _authors_from_citation(citation: str) -> list[str]:
    """Authors of a 'Last, F. and Other, G. (2020). "Title."' citation, as BibTeX names."""
    text = _plain_citation(citation)
    head = re.split(r"\(\d{4}\)|\s\d{4}\.|\"|“", text, maxsplit=1)[0].strip().rstrip(",")
    head = re.sub(r"(?<![A-Z])\.$", "", head)  # the sentence's period, not an initial's
    if not head or len(head) > 400:
        return []
    pairs = re.findall(r"([^,;&]+?),\s*((?:[A-Z][a-z]?\.-?\s*)+?)\s*(?:,|\band\b|&|$)", head)
    if pairs:
        return [f"{last.strip().removeprefix('and ').strip()}, {first.strip()}"
                for last, first in pairs]
    names = [n.strip() for n in re.split(r",\s*and\s+|\s+and\s+|,|;|&", head) if n.strip()]
    return names if all(1 <= len(n.split()) <= 4 for n in names) else []


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
        if value:
            front[key] = " ".join(value) if isinstance(value, list) else value
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
    out = redirect_stub_path(plan, old)
    front = CommentedMap([("layout", "default"), ("permalink", old.strip()),
                          ("redirect", target or "/"), ("sitemap", False)])
    plan.write(out, render_document(front, ""))
    plan.report.mapped("redirect", f"old URL `{old}` forwards to `{target}` through `{out}` "
                       "(al-folio `redirect:`).", origin)


def redirect(plan: Plan, old: str, target: str, origin: Origin | str | None) -> None:
    """Make ``old`` forward to ``target`` (a stub page with al-folio's ``redirect:``)."""
    _redirect_stub(old, target, plan, origin if isinstance(origin, Origin) else None)


class _AlFolio:
    name = NAME
    label = "al-folio"
    can_read = True
    can_write = True
    features = ["identity", "socials", "pages", "about", "news", "projects", "posts",
                "teachings", "bibliography", "redirect pages"]
    read = staticmethod(read)
    write = staticmethod(write)
    redirect = staticmethod(redirect)


THEME = _AlFolio()
