"""academicpages: reader and writer. All academicpages knowledge lives here and in
``mappings/academicpages.yml``."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any

from ruamel.yaml.comments import CommentedMap

from .. import bib, socials
from ..content import split_name
from ..ir import Identity, Item, NavItem, Origin, Page, Publication, Site, plain
from ..plan import Plan
from ..registry import Options, SiteProbe, generation_of, vocabulary
from ..report import Report
from ..textio import dump_yaml, load_yaml, read_document, render_document
from .common import (AssetCopier, as_list, iter_files, read_collection, read_config, read_data,
                     record_asset, site_path, split_known, text)

NAME = "academicpages"
IDENTITY_KEYS = ("title", "name", "description", "url", "baseurl", "author")
PUB_KEYS = {"venue": "venue", "category": "category", "citation": "citation",
            "excerpt": "excerpt", "paperurl": "paperurl", "slidesurl": "slidesurl",
            "bibtexurl": "bibtexurl", "collection": "collection"}
TALK_KEYS = {"type": "type", "talk_type": "type", "venue": "venue", "location": "location",
             "collection": "collection", "excerpt": "excerpt"}
PORTFOLIO_KEYS = {"excerpt": "description", "collection": "collection", "header": "header"}
POST_KEYS = {"tags": "tags", "categories": "categories", "excerpt": "description"}
CATEGORY_TO_NEUTRAL = {"manuscripts": "journal", "conferences": "conference", "books": "book"}
NEUTRAL_TO_CATEGORY = {"journal": "manuscripts", "conference": "conferences", "book": "books",
                       "thesis": "manuscripts", "other": "manuscripts", "": "manuscripts"}


# ==========================================================================================
# Reader
# ==========================================================================================

def read(src: Path, report: Report) -> Site:
    vocab = vocabulary(NAME)
    site = Site(theme=NAME, generation=generation_of(NAME, SiteProbe(src)), source=str(src))
    config = read_config(src, report)
    site.identity = _read_identity(config, vocab, site)
    site.config_extra = {str(k): plain(v) for k, v in config.items() if k not in IDENTITY_KEYS}
    for path, rel in iter_files(src / "_pages", src):
        page = _read_page(path, rel, vocab, report)
        if page:
            site.pages.append(page)
    pubs = read_collection(src, "_publications", PUB_KEYS, report, ("layout",))
    site.publications = [_publication(item, report) for item in pubs]
    site.talks = read_collection(src, "_talks", TALK_KEYS, report, ("layout",))
    site.teaching = read_collection(src, "_teaching", TALK_KEYS, report, ("layout",))
    site.projects = read_collection(src, "_portfolio", PORTFOLIO_KEYS, report, ("layout",))
    site.posts = read_collection(src, "_posts", POST_KEYS, report, ("layout",))
    nav = read_data(src, "_data/navigation.yml", report)
    if isinstance(nav, dict) and isinstance(nav.get("main"), list):
        site.navigation = [NavItem(text(n.get("title")), text(n.get("url")))
                           for n in nav["main"] if isinstance(n, dict)]
    return site


def _read_identity(config: dict, vocab: dict, site: Site) -> Identity:
    ident = Identity(origin=Origin("_config.yml", 1))
    author = config.get("author") if isinstance(config.get("author"), dict) else {}
    ident.full_name = text(author.get("name")) or text(config.get("name"))
    ident.first_name, ident.middle_name, ident.last_name = split_name(ident.full_name)
    title = text(config.get("title"))
    ident.site_title = "" if title == ident.full_name else title
    for key in ("description", "url", "baseurl"):
        setattr(ident, key, text(config.get(key)))
    for key in ("bio", "location", "employer", "pronouns", "email"):
        setattr(ident, key, text(author.get(key)))
    if author.get("avatar"):
        ident.avatar = site_path(text(author["avatar"]), vocab["paths"]["images"])
        record_asset(site, ident.avatar, "image")
    skip = set(vocab["author_identity_keys"]) - {"uri"}
    for key, value in author.items():
        if key in skip or value in (None, ""):
            continue
        social = socials.read_social(NAME, str(key), value)
        if social is None:
            ident.extra.setdefault("author", {})[str(key)] = plain(value)
            continue
        social.origin = Origin("_config.yml", None)
        ident.socials.append(social)
    return ident


def _read_page(path: Path, rel: str, vocab: dict, report: Report) -> Page | None:
    doc = read_document(path, rel, report)
    if doc is None:
        return None
    data = doc.data
    page = Page(path=rel, title=text(data.get("title")), permalink=text(data.get("permalink")),
                body=doc.body, description=text(data.get("excerpt") or data.get("description")),
                redirect_from=as_list(data.get("redirect_from"), rel, "redirect_from", report,
                                      doc.line_of("redirect_from")),
                fm_comments=doc.comments(), origin=Origin(rel, 1))
    page.role = vocab["page_roles"].get(page.permalink, "other")
    if page.role == "other" and "site.publications" in page.body:
        page.role = "publications"
    _, page.extra = split_known(data, vocab["page_keys"])
    return page


def _publication(item: Item, report: Report) -> Publication:
    f = item.fields
    year = int(item.date[:4]) if item.date else None
    links = {k: str(f[v]) for k, v in (("pdf", "paperurl"), ("slides", "slidesurl"),
                                       ("bibtex", "bibtexurl")) if f.get(v)}
    return Publication(
        key=item.slug, title=item.title, year=year, date=item.date,
        venue=str(f.get("venue") or ""), category=CATEGORY_TO_NEUTRAL.get(str(f.get("category")), ""),
        citation=str(f.get("citation") or ""), abstract=str(f.get("excerpt") or ""),
        body=item.body, links=links, permalink=item.permalink, slug=item.slug,
        redirect_from=item.redirect_from, extra=item.extra, origin=item.origin)


# ==========================================================================================
# Writer
# ==========================================================================================

def write(site: Site, plan: Plan, options: Options) -> None:
    vocab = vocabulary(NAME)
    copier = AssetCopier(site, plan, vocab["paths"])
    for rel in vocab["template_examples"]:
        plan.delete(rel)
    for page in site.pages:  # before the config: the about page may fill the sidebar bio
        _write_page(page, site, plan, copier)
    _write_config(site, plan, copier)
    for pub in site.publications:
        _write_publication(pub, plan)
    if site.navigation:
        _write_navigation(site, plan)


def _write_config(site: Site, plan: Plan, copier: AssetCopier) -> None:
    ident = site.identity
    existing = plan.dest / "_config.yml"
    config = None
    if existing.is_file():
        config = load_yaml(existing.read_text("utf-8", errors="replace"), "_config.yml (DEST)",
                           plan.report)
    if not isinstance(config, CommentedMap):
        config = CommentedMap()
    name = ident.display_name()
    _set(config, "title", ident.site_title or name)
    _set(config, "name", name)
    for key in ("description", "url", "baseurl"):
        _set(config, key, getattr(ident, key))
    author = config.get("author")
    if not isinstance(author, CommentedMap):
        author = CommentedMap()
        _set(config, "author", author)
    for key in author:  # the template's example person must not survive
        author[key] = None
    avatar = copier.carry(ident.avatar, ident.origin, "profile picture") if ident.avatar else ""
    values = {"avatar": PurePosixPath(avatar).name if avatar else None, "name": name,
              "pronouns": ident.pronouns, "bio": ident.bio, "location": ident.location,
              "employer": ident.employer, "email": ident.email}
    for key, value in values.items():
        if value or key in author:
            _set(author, key, value or None)
    for social in ident.socials:
        if social.service == "email":
            continue
        out = socials.write_social(NAME, social)
        if out is None:
            plan.report.lost("social", f"social profile `{social.service}` "
                             f"({social.url or social.handle}) has no academicpages sidebar "
                             "key; add the link to the about page by hand.", social.origin)
            continue
        _set(author, out[0], out[1])
        plan.report.mapped("social", f"social profile `{social.service}` → `author.{out[0]}`.",
                           social.origin)
    for key, value in ident.extra.get("author", {}).items():
        if key not in author or author[key] is None:
            _set(author, key, value)
    plan.report.mapped("identity", f"identity of {name or 'the site owner'} written to "
                       "`_config.yml`.", ident.origin)
    if ident.contact_note or ident.footer_text:
        plan.report.verbatim("identity-note", "`contact_note`/`footer_text` have no "
                             "academicpages key; they were added to the about page.",
                             ident.origin)
    plan.write("_config.yml", dump_yaml(config))


def _set(mapping: CommentedMap, key: str, value: Any) -> None:
    if key in mapping:
        mapping[key] = value
    else:
        mapping.insert(len(mapping), key, value)


def _write_page(page: Page, site: Site, plan: Plan, copier: AssetCopier) -> None:
    report = plan.report
    front = CommentedMap()
    body = page.body
    if page.role == "about":
        front["permalink"] = "/"
        front["title"] = page.title or "About"
        body = _about_body(page, site, plan)
    else:
        front["layout"] = "archive" if page.role in ("publications", "talks", "teaching",
                                                      "projects", "cv") else "single"
        front["title"] = page.title
        if page.permalink:
            front["permalink"] = page.permalink
        if page.description:
            front["excerpt"] = page.description
    front["author_profile"] = True
    if page.redirect_from:
        front["redirect_from"] = list(page.redirect_from)
    if page.redirect:
        report.lost("page-redirect", f"page forwards to `{page.redirect}` (al-folio "
                    "`redirect:`), which academicpages cannot do for a page; link to it from "
                    "the page instead.", page.origin)
    for key, value in page.extra.items():
        if key not in front:
            front[key] = value
            report.verbatim("extra-key", f"front-matter key `{key}` has no academicpages "
                            "meaning; kept as written.", page.origin)
    name = PurePosixPath(page.path).name
    out = f"_pages/{name}"
    body = copier.rewrite(body, page.permalink or "/", page.origin)
    plan.write(out, render_document(front, body, page.fm_comments))
    report.mapped("page", f"page `{page.path}` → `{out}`.", page.origin)


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
        items = sorted(site.news, key=lambda n: n.date, reverse=True)
        limit = news_feat.get("limit")
        if isinstance(limit, int) and limit > 0:
            items = items[:limit]
        if items:
            lines = [f"- {n.date[:10]}: {n.title or n.body.strip()}" for n in items]
            extra.append("\n## News\n\n" + "\n".join(lines) + "\n")
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


def _write_publication(pub: Publication, plan: Plan) -> None:
    date = pub.date or (f"{pub.year:04d}-01-01" if pub.year else "1900-01-01")
    if not pub.date:
        plan.report.problem("no-date", f"publication `{pub.key}` has no year; it was dated "
                            f"{date} so that it sorts last. Add the year to the entry.",
                            pub.origin)
    slug = f"{date}-{pub.slug or pub.key}"
    front = CommentedMap()
    front["title"] = pub.title or pub.key
    front["collection"] = "publications"
    front["category"] = NEUTRAL_TO_CATEGORY.get(pub.category, "manuscripts")
    front["permalink"] = pub.permalink or f"/publication/{slug}"
    if pub.abstract:
        front["excerpt"] = pub.abstract
    front["date"] = date
    if pub.venue:
        front["venue"] = pub.venue
    for kind, key in (("slides", "slidesurl"), ("pdf", "paperurl")):
        if pub.links.get(kind):
            front[key] = pub.links[kind]
    if not front.get("paperurl") and pub.links.get("url"):
        front["paperurl"] = pub.links["url"]
    if pub.bibtex:
        plan.write(f"files/{pub.key}.bib", pub.bibtex.rstrip("\n") + "\n")
        front["bibtexurl"] = f"/files/{pub.key}.bib"
    if pub.citation:
        front["citation"] = pub.citation
    body = pub.body or (pub.abstract + "\n" if pub.abstract else "")
    out = f"_publications/{slug}.md"
    plan.write(out, render_document(front, body))
    plan.report.mapped("publication", f"publication `{pub.key}` → `{out}`.", pub.origin)


def _write_navigation(site: Site, plan: Plan) -> None:
    main = [{"title": n.title, "url": n.url} for n in site.navigation if n.url != "/"]
    plan.write("_data/navigation.yml", dump_yaml({"main": main}))
    plan.report.mapped("navigation", f"{len(main)} menu entries written to "
                       "`_data/navigation.yml`.", None)


class _AcademicPages:
    name = NAME
    label = "academicpages"
    can_read = True
    can_write = True
    features = ["identity", "socials", "pages", "about", "publications", "talks", "teaching",
                "portfolio", "posts", "navigation"]
    read = staticmethod(read)
    write = staticmethod(write)


THEME = _AcademicPages()
