"""al-folio reader: a site checkout into the profile IR."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any

from ... import socials
from ...formats import bibtex as bib
from ...formats.bibtext import slugify, to_text
from ...formats.citation import entry_date, format_citation, person_names, venue
from ...formats.content import split_name
from ...ir import (
    Identity,
    Item,
    NavItem,
    Origin,
    Page,
    PageRole,
    Publication,
    Site,
    Social,
    plain,
)
from ...jekyll import scholar, sitevars
from ...jekyll.assets import (
    collection_static_files,
    record_asset,
    root_static_html,
    static_files,
)
from ...jekyll.branches import layout_of
from ...jekyll.configkeys import config_line
from ...jekyll.documents import unread_items_as_pages
from ...jekyll.forwards import forwarded_to
from ...jekyll.furniture import mark_furniture
from ...jekyll.languages import (
    default_first,
    language_menu,
    localize_pages,
    translations_as_pages,
)
from ...jekyll.liquid import shown_liquid
from ...jekyll.problems import check_document, check_liquid, fix_typos
from ...jekyll.shadow import live_pages, written_over
from ...jekyll.site import (
    as_list,
    custom_collections,
    drop_unpublished,
    index_address,
    iter_files,
    iter_pages,
    page_title,
    read_collection,
    read_config,
    read_data,
    site_path,
    split_known,
    text,
)
from ...jekyll.unread import declared_collection
from ...jekyll.urls import folder_address, linked_baseurl, unpublished
from ...report import Report
from ...template_files import is_example
from ...textio import node_line, read_document, read_source
from ...theme import SiteProbe, generation_of
from . import THEME
from .bibsections import (
    bib_layouts,
    home_only,
    layout_shows_month,
    layout_text_fields,
    link_folders,
    listed_entries,
    live_uses,
    loop_queries,
    own_link_fields,
    own_text_fields,
    printed_fields,
    query_fields,
    selected_of_listed_files,
    shown_abbr,
    shown_authors,
    shown_fields,
    shown_note,
    shown_notes,
    swap_listings,
    talk_templates,
)
from .cvread import read_cv
from .home import (
    about_news,
    about_order,
    blog_by_listing,
    blog_heading,
    laid_in_about,
    selected_heading,
    site_latest_posts,
)
from .homelists import about_heading, add_entry, image_dir, switched_lists
from .navigation import navigation
from .settings import comments_asked, example_profile, example_socials, own_text, read_settings
from .toc import mark_toc, shows_toc

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
             "thumbnail": "image", "featured": "featured",
             "related_publications": "related_publications"}
TEACHING_KEYS = {"description": "description", "instructor": "instructor", "year": "year",
                 "term": "term", "location": "location", "time": "time",
                 "course_id": "course_id", "schedule": "schedule"}
TALK_KEYS = {"venue": "venue", "location": "location", "type": "type",
             "description": "description"}
LAYOUT_ONLY = ("layout", "related_posts")
# The line at the top of a talk's or course's page that prints its details from its own front
# matter (written where DEST's layout does not show them; see the writer's `_details_line`).
_DETAIL = (r"""(?:\{\{ page\.\w+(?: \| date: "[^"]*")? \}\}"""
           r"""|\[\w+\]\(\{\{ page\.\w+ \| relative_url \}\}\))""")
DETAILS_LINE = re.compile(rf"\A\n*{_DETAIL}(?:(?:, | · ){_DETAIL})*[ \t]*(?:\n+|\Z)")
REDIRECT_PLUGIN = "jekyll-redirect-from"

# BibTeX link fields and where relative values live in al-folio.
LINK_FIELDS = {"pdf": "assets/pdf", "supp": "assets/pdf", "poster": "assets/pdf",
               "slides": "assets/pdf", "html": "assets/html", "code": None, "video": None,
               "website": None, "blog": None, "url": None}
TALK_LINKS = ("url", "slides", "video", "pdf", "poster", "code", "website")  # of a talk's page
CATEGORY_OF_TYPE = {"article": "journal", "inproceedings": "conference",
                    "conference": "conference", "proceedings": "conference", "book": "book",
                    "inbook": "book", "incollection": "book", "phdthesis": "thesis",
                    "mastersthesis": "thesis"}
TYPE_OF_CATEGORY = {"journal": "article", "conference": "inproceedings", "book": "book",
                    "thesis": "phdthesis", "other": "misc", "": "misc"}
# The venue field al-folio's bib layout prints, per entry type (journal, booktitle, school);
# other types get their standard field, which it does not print, and the venue in `note`.
VENUE_FIELD = {"article": "journal", "inproceedings": "booktitle", "conference": "booktitle",
               "incollection": "booktitle", "phdthesis": "school", "mastersthesis": "school"}
UNPRINTED_VENUE_FIELD = {"inbook": "booktitle", "book": "publisher", "proceedings": "publisher",
                         "techreport": "institution", "manual": "organization"}
# Front-matter keys of a publication that are no BibTeX field (the page's own furniture).
PUB_FRONT_ONLY = frozenset({"excerpt_separator", "header", "sidebar", "classes", "toc",
                            "tags_label", "published"})


def read(src: Path, report: Report) -> Site:
    vocab = sitevars.with_own_code(THEME.vocabulary, src, report)  # and what its code reads
    site = Site(theme=NAME, generation=generation_of(THEME, SiteProbe(src)), source=str(src))
    config = read_config(src, report)
    site.identity = _read_identity(src, config, report, links := vocab["links"])
    site.config_extra = {str(k): plain(v) for k, v in config.items() if k not in IDENTITY_KEYS
                         and not (k == "name" and text(v) == site.identity.full_name)
                         and not socials.read_social(OLD, str(k), v, links)}  # read as socials
    site.settings = read_settings(site, config)
    no_front: set[str] = set()
    layouts: dict[str, str] = {}
    for path, rel in iter_pages(src, report, config):
        if unpublished(rel, config):
            site.pages.append(Page(rel, origin=Origin(rel, 1)))  # reported below
            continue
        page = _read_page(path, rel, vocab, site, report, no_front, layouts)
        if page:
            site.pages.append(page)
    all_read, hidden = site.pages, written_over(site.pages, config)
    site.pages = default_first(live_pages(site.pages, config, report), config)
    _read_profiles(site, src, report)
    _keep_files_without_front_matter(site, no_front)
    for rel in root_static_html(src, config):  # copied as they are, at their address
        record_asset(site, "/" + rel)
    blog_by_listing(site)
    blog_heading(site, src, config, layouts, report)
    for about in (p for p in site.pages if layouts.get(p.path) == "about"):  # each page the
        site_latest_posts(about, src, config, "about", report)  # about layout shows
        if isinstance(about.features.news, dict):  # old configs: the limit is here
            for key, feat in (("news_limit", "limit"), ("news_scrollable", "scrollable")):
                if config.get(key) is not None and feat not in about.features.news:
                    about.features.news[feat] = plain(config[key])
    base = site.identity.baseurl  # an item's layout may forward it to an address

    def declared(folder: str, keys: dict[str, str]) -> list[Item]:
        # a theme folder the config's `collections:` leaves out: Jekyll publishes none of it
        return read_collection(src, folder, keys, report, LAYOUT_ONLY, base) \
            if declared_collection(config, folder) else []
    site.news = declared("_news", NEWS_KEYS)
    site.projects = declared("_projects", PROJECT_KEYS)
    site.posts = read_collection(src, "_posts", POST_KEYS, report, LAYOUT_ONLY, base)
    mark_toc(site.posts, src, report)  # the table of contents al-folio's layouts show
    site.teaching = declared("_teachings", TEACHING_KEYS)
    site.talks = declared("_talks", TALK_KEYS)
    for item in (*site.teaching, *site.talks):  # a line that shows its front matter: not text
        item.body = DETAILS_LINE.sub("", item.body, count=1)
    for name in custom_collections(config, vocab):
        site.collections[name] = read_collection(src, f"_{name}", {}, report, LAYOUT_ONLY, base)
        collection_static_files(site, name, report)
    _read_bibliographies(site, src, config, report)
    _fold_publication_pages(site, report)
    for kind, name in (("news", "news"), ("projects", "projects"), ("teaching", "teachings"),
                       ("talks", "talks")):
        setattr(site, kind, static_files(site, getattr(site, kind), name, report))
    for kind in ("news", "projects", "posts", "teaching", "talks"):
        setattr(site, kind, drop_unpublished(getattr(site, kind), config, report))
    for name in site.collections:
        site.collections[name] = drop_unpublished(site.collections[name], config, report)
    for p in site.projects:  # the image of a project Jekyll publishes: a file of the site
        if p.fields.get("image"):
            p.fields["image"] = site_path(str(p.fields["image"]), "assets/img")
            record_asset(site, p.fields["image"], "image")
    unread_items_as_pages(site, config, report)
    site.cv = read_cv(src, site, report, layouts)
    mark_furniture(site, src, vocab, report)
    localize_pages(site.pages, config)
    translations_as_pages(site, config, report, partial(is_example, THEME, src))
    site.navigation = language_menu(site.pages, navigation(
        _with_written_over([p for p in site.pages if p.role != "furniture"], all_read, hidden),
        src, config, report, site.settings), config)
    comments_asked(site)
    return site


def _with_written_over(pages: list[Page], read: list[Page], hidden: list[Page]) -> list[Page]:
    """``pages`` with the pages another page is written over (``hidden``): not on the live
    site, but in `site.pages`, which the header's menu loop reads, so a written-over page's
    `nav: true` entry links to the address the page shown serves. Each is put where it was
    read (before the page read after it), as pages of one `nav_order` keep that order here.
    The home entry is the page shown at `/`: one written over there adds none."""
    listed = list(pages)
    for page in (p for p in hidden if p.permalink != "/"):
        ids = {id(p): i for i, p in enumerate(listed)}
        later = read[next(i for i, p in enumerate(read) if p is page) + 1:]
        listed.insert(next((ids[id(p)] for p in later if id(p) in ids), len(listed)), page)
    return listed


def _fold_publication_pages(site: Site, report: Report) -> None:
    """A plain page that a publication's `website` links to (an address of this site) is that
    publication's own page, as al-folio has no page per publication (the writer keeps an
    academicpages publication's text so): its address and text go to the publication, which
    a theme with a page per publication serves there, and it is no page of its own. A page
    in the menu or with front matter of its own stays a page."""
    by_url: dict[str, Publication] = {}
    pub: Publication | None
    for pub in site.publications:
        url = pub.links.get("website", "")
        if url.startswith("/") and not url.startswith("//"):
            by_url.setdefault(url.rstrip("/"), pub)
    if not by_url:
        return
    kept = []
    for page in site.pages:
        pub = by_url.pop(page.permalink.rstrip("/"), None) if page.permalink else None
        if pub is None or pub.permalink or pub.body or page.nav or page.extra \
                or page.features.any() or page.redirect or page.role != "other":
            kept.append(page)  # a publication with text of its own: no text is dropped
            continue
        pub.permalink = page.permalink
        pub.body = page.body
        del pub.links["website"]
        report.mapped("publication-page", f"page `{page.path}` is the own page of publication "
                      f"`{pub.key}` (its `website` link): its address `{page.permalink}` and "
                      "text go with the publication.", page.origin)
    site.pages = kept


def owner_name(src: Path) -> str:
    """The owner's name as the config gives it, the rest of the site unread."""
    report = Report()
    return _read_identity(src, read_config(src, report, shared=True), report).display_name()


def _read_identity(src: Path, config: dict, report: Report, links: dict | None = None) -> Identity:
    ident = Identity(origin=Origin("_config.yml", 1))

    def at(rel: str, data: Any, key: Any) -> Origin:  # a key's file and line
        return Origin(rel, config_line(data, key))

    for key in ("first_name", "middle_name", "last_name", "description", "url", "baseurl",
                "keywords", "footer_text", "contact_note", "email"):
        setattr(ident, key, linked_baseurl(config.get(key)) if key == "baseurl"
                else own_text(key, config.get(key), report, at("_config.yml", config, key)))
    ident.site_title = "" if (title := text(config.get("title"))).lower() == "blank" else title
    ident.full_name = ident.display_name()
    if not ident.full_name and text(config.get("name")):
        # an old al-folio config names the owner in one `name:` key (no first/last names)
        ident.full_name = text(config["name"])
        ident.first_name, ident.middle_name, ident.last_name = split_name(ident.full_name)
    for key, value in config.items():
        social = socials.read_social(OLD, str(key), value, links)  # or its own include's
        if social and value not in (None, "") and not example_profile(
                str(key), value, report, at("_config.yml", config, key)):
            social.origin = at("_config.yml", config, key)
            _add_social(ident, social)
    data = read_data(src, "_data/socials.yml", report)
    if isinstance(data, dict) and not example_socials(src, report):
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
                                at("_data/socials.yml", data, key))
                ident.extra.setdefault("unknown_socials", {})[str(key)] = plain(value)
                continue
            social.origin = at("_data/socials.yml", data, key)
            _add_social(ident, social)
    email = next((s for s in ident.socials if s.service == "email"), None)
    if email and not ident.email:
        ident.email = email.handle or (email.url or "").removeprefix("mailto:")
    return ident


def _add_social(ident: Identity, social: Social) -> None:
    if all(s.service != social.service for s in ident.socials):
        ident.socials.append(social)


def _read_page(path: Path, rel: str, vocab: dict, site: Site, report: Report,
               no_front: set[str], layouts: dict[str, str]) -> Page | None:
    doc = read_document(path, rel, report)
    if doc is None:
        return None
    check_document(doc, report, as_file=True)
    if not doc.has_front_matter and doc.body.strip():
        no_front.add(rel)
    check_liquid(doc, report)
    fix_typos(doc, set(vocab["page_keys"]) | set(vocab["about_keys"])  # `profiles`: no slip
              | set(vocab.get("page_switches", [])), report, vocab["own_keys"])
    data = doc.data
    own = text(data["layout"]) if "layout" in data else layout_of(None, site.config_extra, rel)
    layout = layouts[rel] = "about" if laid_in_about(Path(site.source), own) \
        else text(data.get("layout"))
    page = Page(path=rel, title=page_title(doc, report), permalink=text(data.get("permalink")),
                body=doc.body, description=text(data.get("description")),
                redirect_from=as_list(data.get("redirect_from"), rel, "redirect_from", report,
                                      doc.line_of("redirect_from")),
                nav=bool(data.get("nav")), fm_comments=doc.comments(), newline=doc.newline,
                origin=Origin(rel, 1, doc.body_line),
                nav_line=doc.line_of("nav") if "nav" in data else None)
    redirect = data.get("redirect")
    if isinstance(redirect, bool):
        page.redirect = "/" if redirect is True else ""
    else:
        page.redirect = text(redirect)
    order = data.get("nav_order")
    if order is not None:
        try:
            page.nav_order = float(order)
        except (TypeError, ValueError):
            report.problem("wrong-type", f"`nav_order: {order}` is not a number; the page was "
                           "put at the end of the menu.", rel, doc.line_of("nav_order"))
    page.role = _role(layout, page, vocab)
    page.features.toc = shows_toc(Path(site.source), own, data.get("toc"), report)
    if not page.permalink and page.role != "other":  # a listing page at its folder's address
        page.permalink = index_address(rel)
    known = set(vocab["page_keys"])
    forward = None if page.redirect else forwarded_to(Path(site.source), data,
                                                      site.identity.baseurl)
    if forward:  # its own layout forwards it (an owner's `redirect` layout)
        page.redirect = forward[0]
        known.add(forward[1])
    if page.role == "about":
        known |= set(vocab["about_keys"])
        _read_about(page, data, site, doc, report, layout)
    if page.role == "cv" and data.get("cv_pdf"):
        known.add("cv_pdf")
        pdf = site_path(text(data["cv_pdf"]), "assets/pdf")
        if pdf.startswith("/") and is_example(THEME, Path(site.source), pdf.lstrip("/")):
            report.lost("cv-pdf-example", f"`cv_pdf: {data['cv_pdf']}` is the template's example "
                        "PDF, not your CV: no link to it was carried. Put your CV's PDF there "
                        "and convert again.", rel, doc.line_of("cv_pdf"))
        else:
            page.features.cv_pdf = pdf
            record_asset(site, pdf, "pdf")
    if page.role == "cv" and data.get("cv_format"):
        known.add("cv_format")
        page.features.cv_format = text(data["cv_format"])
    if data.get("dropdown"):
        known |= {"dropdown", "children"}
        children = data.get("children") or []
        if not isinstance(children, list) or not all(isinstance(c, dict) for c in children):
            report.problem("wrong-type", "`children` of a dropdown should be a list of "
                           "entries (`title`, `permalink`); what is not one was left out.",
                           rel, doc.line_of("children"))
        page.features.children = [
            NavItem(text(c.get("title")), text(c.get("permalink")),
                    origin=Origin(rel, node_line(c, 2) or doc.line_of("children")))
            for c in (children if isinstance(children, list) else []) if isinstance(c, dict)]
    _, page.extra = split_known(data, known)
    return page


def _read_profiles(site: Site, src: Path, report: Report) -> None:
    """al-folio's `profiles` layout (the people page) shows, per entry of `profiles:`, a
    picture, the text of a file (`content:`, included relative to the page's own folder,
    read even when `exclude:` lists it; usually without front matter, so Jekyll builds no
    page of it) and `more_info`. That text becomes the page's own body, so every theme
    shows it; the content file is no page of its own."""
    from ...template_files import is_template_file
    used: set[str] = set()
    examples: dict[int, tuple[Page, list[str]]] = {}
    for page in site.pages:
        profiles = page.extra.get("profiles") if page.role == "people" else None
        if not isinstance(profiles, list):
            continue
        del page.extra["profiles"]
        # `include_relative`: a content file is in the folder of the page that names it
        folder = PurePosixPath(page.path).parent.as_posix() if page.path else "_pages"
        files = [f"{folder}/{text(p.get('content'))}" for p in profiles if isinstance(p, dict)]
        if files and not page.nav and not page.body.strip() and all(
                is_template_file(THEME, src, rel) for rel in files):
            examples[id(page)] = (page, files)  # only the template's example people
        parts = []
        for prof in (p for p in profiles if isinstance(p, dict)):
            if text(prof.get("image")):
                image = site_path(text(prof["image"]), "assets/img")
                record_asset(site, image, "image")
                parts.append(f"<img src=\"{{{{ '{image}' | relative_url }}}}\" alt=\"\">")
            content = text(prof.get("content"))
            rel = f"{folder}/{content}"
            if content and ".." not in PurePosixPath(content).parts:
                data = read_source(src / rel, rel, report, root=src)
                if data is not None:
                    body = data.decode("utf-8", errors="replace")
                    body = re.sub(r"\A\ufeff?---\s*\n.*?\n---\s*\n", "", body, flags=re.S)
                    parts.append(body.strip())
                    used.add(rel)
            if text(prof.get("more_info")):
                parts.append(text(prof["more_info"]).strip())
        page.body = "\n\n".join([*parts, page.body.strip()]).strip() + "\n"
        report.mapped("profiles", f"`profiles` ({len(profiles)}) of the people page: their "
                      "pictures, texts (`content:`) and `more_info` are its text.", page.origin)
    report.findings = [f for f in report.findings  # `exclude:`d, yet this page's text
                       if not (f.code == "unpublished" and f.path in used)]
    # a content file without front matter is the people page's text, not a page
    site.pages = [p for p in site.pages if id(p) not in examples
                  and (p.path not in used or p.permalink or p.nav)]
    for page, files in examples.values():
        report.mapped("template-content", f"`{page.path}` shows only the template's example "
                      "people (each profile's `content:` is the template's own file, "
                      "unchanged), and no menu links it: not carried as yours.", page.origin)
        for rel in files:  # named one by one: `verify` asks the new site for none of it
            report.mapped("template-content", f"`{rel}`: the template's example person's "
                          f"profile, shown only by `{page.path}`: not carried.", rel)


def _keep_files_without_front_matter(site: Site, no_front: set[str]) -> None:
    """A file of `_pages/` without front matter that no people page shows is no page:
    Jekyll copies it as it is (template text a visitor never sees as a page), so it is
    carried as a file, not written as a page of the new site."""
    for page in [p for p in site.pages if p.path in no_front]:
        site.pages.remove(page)
        record_asset(site, f"/{page.path}")


def _role(layout: str, page: Page, vocab: dict) -> PageRole:
    by_layout: dict[str, PageRole] = {"about": "about", "cv": "cv", "profiles": "people",
                                      "book-shelf": "books"}
    if layout in by_layout:
        return by_layout[layout]
    if "{% bibliography" in page.body:
        return "publications"
    if "site.projects" in page.body:
        return "projects"
    address = page.permalink or index_address(page.path)
    roles = vocab["page_roles"]
    return roles.get(address) or roles.get(folder_address(address), "other")


def read_lone_page(site: Site, page: Page, data: dict, report: Report) -> None:
    """An al-folio page given alone (read as a plain page): its `title` is the page's
    (`about`), not the owner's name; `subtitle`, the profile picture and box, the about
    page's switches and `redirect_from` are read as this reader reads them on a site."""
    where = page.origin or Origin(site.source, 1)
    title = text(data.get("title"))
    if title and site.identity.display_name() == title:
        site.identity.full_name = site.identity.first_name = site.identity.last_name = ""
        site.identity.middle_name = ""
        report.problem("name-missing", f"`title: {title}` is the title of this al-folio page, "
                       "not the owner's name (al-folio takes it from `first_name`/`last_name` "
                       "in `_config.yml`); give the name with `--name`.", where)
    if page.title == site.identity.display_name() or not page.title:
        page.title = title
    if data.get("layout") == "about" or "profile" in data:
        _read_about(page, data, site, None, report, text(data.get("layout")))
    old = as_list(data.get("redirect_from"), where.path, "redirect_from", report)
    page.redirect_from += [r for r in old if r not in page.redirect_from]
    report.mapped("theme-page", "this page's front matter was read as al-folio's page "
                  f"(`layout: {text(data.get('layout'))}`): its subtitle, profile picture and "
                  "old addresses are carried.", where)


def _read_about(page: Page, data: Any, site: Site, doc, report: Report, layout: str) -> None:
    feats = page.features
    feats.heading = about_heading(page, site, report)  # the site's title, or the owner's name
    if data.get("subtitle"):
        feats.subtitle = text(data["subtitle"])
    profile = data.get("profile") or {}
    if isinstance(profile, dict):
        if profile.get("image"):
            site.identity.avatar = site_path(text(profile["image"]), image_dir(page, site, report))
            record_asset(site, site.identity.avatar, "image")
        info = profile.get("more_info") or profile.get("address")
        if info:
            feats.profile_text = text(info)
        if "align" in profile:
            feats.profile_align = plain(profile["align"])
        feats.profile_image_circular = bool(profile.get("image_circular"))
        other = {str(k): plain(v) for k, v in profile.items()
                 if k not in ("image", "more_info", "address", "align", "image_circular")}
        if other:  # `style`, `image_alt`, ...: the profile box's own settings
            feats.profile_extra = other
    for key, new in (("news", "news"), ("announcements", "news"), ("latest_posts", "latest_posts")):
        value = data.get(key)
        if isinstance(value, bool):
            setattr(feats, new, {"enabled": value})
        elif isinstance(value, dict):
            setattr(feats, new, {k: plain(v) for k, v in value.items()})
        else:
            continue
        if new == "news":
            feats.news_key = key
    if "social" in data:
        feats.social = bool(data["social"])
    about_news(page, data, site, layout, report)  # (as its layouts show the news)
    about_order(page, site, layout, report)  # (the order its lists show in)
    if "selected_papers" in data:
        feats.selected_papers = bool(data["selected_papers"])
        selected_heading(page, site, layout, report)  # (its own layout's words for it)


def _read_bibliographies(site: Site, src: Path, config: dict, report: Report) -> None:
    """The `.bib` files as jekyll-scholar shows them (:mod:`..jekyll.scholar`): a file no
    page lists is no list of the owner's (reported, not carried); entries only a list of
    talks shows are talks, and that list becomes the theme's talks listing."""
    texts = [(p.path, p.body, f"{p.title} {p.permalink}") for p in site.pages]
    for kind in ("news", "projects", "posts", "teaching", "talks"):
        texts += [(i.path, i.body, "") for i in getattr(site, kind)]
    texts += [(i.path, i.body, "") for items in site.collections.values() for i in items]
    for folder in ("_layouts", "_includes"):
        for path, rel in iter_files(src / folder, src, {".html", ".liquid"}, report):
            data = read_source(path, rel, report, root=src)
            texts.append((rel, data.decode("utf-8", "replace") if data else "", ""))
    # a page's references (`--cited`) list no file: what only they show is no list
    # (a tag of a layout or include inside a comment lists nothing a visitor sees)
    live = [(rel, shown_liquid(body) if rel.startswith(("_layouts/", "_includes/")) else body,
             about) for rel, body, about in texts]
    every_use = scholar.bibliography_uses(live, config)
    uses, cited_in = [u for u in every_use if not u.cited], scholar.cited_files(every_use)
    layouts = bib_layouts(texts, config)  # the site's own bib layout
    talk_layouts = talk_templates(texts, every_use)
    printed = printed_fields(layouts, talk_layouts)
    talk_layouts = talk_layouts or layouts  # what showed a talk's badge (`abbr`)
    text_fields = layout_text_fields(layouts, site.generation)
    own_fields = own_text_fields(layouts)  # (`honor`: printed beside the title)
    # a front-matter value naming a file (a layout of the site's own lists it)
    extras = [p.extra for p in site.pages] + [i.extra for i in site.projects]
    named = {scholar.stem(v) for extra in extras for k, v in extra.items()
             if "bibliography" in str(k) and isinstance(v, str)}
    home_selected = any(p.features.selected_papers for p in site.pages)
    uses = live_uses(uses, home_selected, [p.body for p in site.pages])
    defaults = set(scholar.default_files(config) or ())
    shown = scholar.shown_files(uses, config, bool(site.pages), home_selected)
    folder = scholar.source_folder(config)
    talk_files: set[str] = set()
    # an entry of several files is read from the publications page's file (or the default
    # one) first, then from a file a tag names: where a list of publications showed it
    roles = {p.path: p.role for p in site.pages}
    main = {f for u in uses if roles.get(u.where) == "publications" for f in u.files or ()} \
        | set(scholar.default_files(config) or ())
    listed = {f for u in uses for f in u.files or ()}
    # a field of the owner's own the layout links to (`preprint`) is a link as al-folio's are
    own_links = frozenset(own_link_fields(layouts, LINK_FIELDS))
    link_fields = {**LINK_FIELDS, **dict.fromkeys(sorted(own_links))}
    files = sorted(iter_files(src / folder, src, {".bib"}, report),
                   key=lambda found: (scholar.stem(found[1]) not in main,
                                      scholar.stem(found[1]) not in listed))
    # what names an entry's work (its key as jekyll-scholar compares, ...: _work_of) -> the
    # file and the entry first read with it
    keys: dict[str, tuple[str, Publication]] = {}
    merged: set[str] = set()  # files some entries of are another file's
    loops = loop_queries(site, uses)  # tags in a loop over their page's list
    switched = switched_lists(site, src, config, report, PROJECT_KEYS)  # a layout's lists
    for path, rel in files:
        name = scholar.stem(rel)
        pubs = _read_bib(path, rel, report, link_folders(layouts, link_fields),
                         layout_shows_month(layouts), own_links)
        if shown is not None and name not in shown | named:
            if not pubs:
                continue  # nothing to lose
            cited = name in cited_in and name not in defaults  # it showed the cited entries
            ours = not cited and is_example(THEME, src, rel)  # the template's own file
            why = "is the template's example file, which no page lists" if ours \
                else ("is jekyll-scholar's default file, but no page of the site lists it (no "
                   "`{% bibliography %}` tag does; a page's references list only the entries "
                   "that page cites)") if name in defaults \
                else (f"is named only by the references of `{cited_in[name]}` (the entries a "
                      "page cites, which go with it)") if cited \
                else ("is listed by no page of the site (no `{% bibliography %}` names it, and "
                      "it is not jekyll-scholar's default file)")
            report.add("bib-unshown", *(("info", "mapped") if cited or ours else ("loss", "lost")),
                       f"`{rel}` ({len(pubs)} entries) {why}: not the owner's list of "
                       f"publications; not carried{' as one' if cited else ''}.", rel)
            site.references += pubs
            # (a yearless one stops the build of a list grouped by year: an upgrade too)
            site.unshown_entries += [p.key for p in pubs if p.year]
            continue
        shown_pubs = listed_entries(pubs, name, rel, uses, home_selected and name in defaults,
                                    report, loops)
        kept_ids = {id(p) for p in shown_pubs}
        if home_selected and name in defaults:  # a page lists the file, the home page more
            site.home_only_entries += home_only(shown_pubs, name, uses, loops)
        site.references += [p for p in pubs if id(p) not in kept_ids]
        site.unshown_entries += [p.key for p in pubs if id(p) not in kept_ids and p.year]
        pubs = shown_pubs
        kinds = {id(pub): scholar.shown_as(name, pub.entry_type, query_fields(pub), uses)
                 for pub in pubs}
        count = len(pubs)
        pubs = _once(pubs, rel, keys, report, kinds, own_list=name in main)
        if len(pubs) < count:
            merged.add(name)
        for pub in pubs:
            if kinds[id(pub)] == "talk":
                site.talks.append(_talk_of(pub, printed, report,
                                           shown_abbr(pub, talk_layouts, config), config))
                site.talk_entries.append(pub.key)
                talk_files.add(name)
            else:
                shown_notes(pub, text_fields, own_fields)
                site.publications.append(pub)
            add_entry(switched, name, pub, site.talks[-1].slug if kinds[id(pub)] == "talk"
                      else "")
    talks = [u for u in uses if u.talks and u.files and set(u.files) <= talk_files]
    swap_listings(site, uses, talks, merged, report)
    selected_of_listed_files(site, uses, config, report)


def _once(pubs: list[Publication], rel: str, keys: dict[str, tuple[str, Publication]],
          report: Report, kinds: dict[int, str], own_list: bool = False) -> list[Publication]:
    """The entries of ``rel`` whose work no file read before has (:func:`_work_of`; ``kinds``:
    each entry's `publication` or `talk`, by ``id``): an entry of two files (a list of all
    papers and a list per project) is one publication, which keeps the other key among its
    ``aliases``. A file a publications page lists (``own_list``: a list of its own, another
    language's, say) keeps every entry."""
    out: list[Publication] = []
    again: list[tuple[Publication, str]] = []
    for pub in pubs:
        first = [keys.setdefault(name, (rel, pub)) for name in _work_of(pub, kinds[id(pub)])]
        before = next((f for f in first if f[0] != rel), None)
        if before is None or own_list:
            out.append(pub)
            continue
        again.append((pub, before[0]))
        if pub.key.lower() != before[1].key.lower() and pub.key not in before[1].aliases:
            before[1].aliases.append(pub.key)
    if again:
        report.mapped("bib-repeated", f"{len(again)} entries of `{rel}` are entries of "
                      f"`{again[0][1]}` too (the same key, DOI, or title and year): one "
                      "publication each.", rel)
    return out


def _work_of(pub: Publication, kind: str) -> list[str]:
    """What names an entry's work across files: its key (as jekyll-scholar compares keys),
    and, among entries shown as the same ``kind`` (a talk may bear its paper's title), its
    DOI and its title with its year: a file per project often keys the papers of the list
    of all papers its own way."""
    names = [pub.key.lower()]
    doi = pub.links.get("doi", "").strip().lower().removeprefix("https://doi.org/")
    if doi:
        names.append(f"{kind}:doi:{doi}")
    title = slugify(pub.title, 0) if pub.title else ""
    if title and not title.startswith("untitled-"):
        names.append(f"{kind}:title:{title}:{pub.year or ''}")
    return names


def _talk_of(pub: Publication, printed: list[str], report: Report, badge: str = "",
             config: dict[str, Any] | None = None) -> Item:
    """A BibTeX entry that a list of talks shows, as a talk: where no classic field names its
    venue, biblatex's `eventtitle` (the event's name) does; every link the bib layout shows;
    the badge it showed beside the talk (``badge``: its `abbr`, `Keynote`) is its type."""
    fields: dict[str, Any] = {"venue": pub.venue or to_text(pub.fields.get("eventtitle", ""))}
    if badge:
        fields["type"] = badge
        report.mapped("bib-abbr-talk", f"`abbr` of `{pub.key}` ({badge}), the badge your bib "
                      "layout showed beside the talk, is the talk's type (shown before its "
                      "venue).", pub.origin)
    fields["location"] = to_text(pub.fields.get("location") or pub.fields.get("address") or "")
    fields["description"] = pub.abstract
    shown_authors(fields, pub, config or {}, report)
    fields.update({k: v for k, v in pub.links.items() if k in TALK_LINKS})
    shown_note(fields, pub, report)
    shown_fields(fields, pub, printed, report)  # and what its own fields showed
    fields.setdefault("url", pub.links.get("html", ""))
    return Item(path=pub.origin.path if pub.origin else "", slug=pub.slug or pub.key,
                title=pub.title, date=pub.date, date_known=pub.date_known,
                fields={k: v for k, v in fields.items() if v},
                origin=pub.origin)


def _read_bib(path: Path, rel: str, report: Report, folders: dict,
              shows_month: bool = False,
              own_links: frozenset[str] = frozenset()) -> list[Publication]:
    """``folders``: each link field's folder of relative values (:func:`link_folders`);
    ``shows_month``: the list showed each entry's month (its citation names it too);
    ``own_links``: fields of the owner's among them, which stay its fields too (what a
    layout of a list of talks prints of them)."""
    data = read_source(path, rel, report)
    if data is None:
        return []
    parsed = bib.parse_bib(data.decode("utf-8", errors="replace"))
    for prob in parsed.problems:
        report.problem("bibtex", prob.message, rel, prob.line)
    pubs = []
    for entry in parsed.entries:
        f = entry.fields
        year, month, day = entry_date(entry)
        links = {}
        for name, base in folders.items():
            if f.get(name):
                value = f[name].strip()
                links[name] = site_path(value, base) if base else value
        if f.get("doi"):
            links["doi"] = f["doi"].strip()
        if f.get("arxiv"):
            links["arxiv"] = f["arxiv"].strip()
        if f.get("preview") and "://" not in f["preview"]:
            preview_dir = THEME.vocabulary["paths"]["publication_preview"]
            f = {**f, "preview": site_path(f["preview"].strip(), preview_dir)}
        consumed = {"title", "abstract", "selected", "year", "month", "day",
                    *(k for k in links if k not in own_links)}
        title = to_text(f.get("title", ""))
        pubs.append(Publication(
            key=entry.key, entry_type=entry.entry_type, title=title,
            authors=[f"{first} {last}".strip() for first, last in person_names(entry)],
            year=year, date=f"{year:04d}-{month or 1:02d}-{day or 1:02d}" if year else "",
            date_known="year" if year and not month else "month" if year and not day else "day",
            # a paper al-folio links only to its arXiv e-print (`arxiv` field) is a preprint there
            venue=venue(entry) or ("arXiv" if links.get("arxiv") else ""),
            category=CATEGORY_OF_TYPE.get(entry.entry_type, "other"),
            citation=format_citation(entry, shows_month), abstract=to_text(f.get("abstract", "")),
            selected=f.get("selected", "").strip().lower() in ("true", "yes", "1"),
            links=links, fields={k: v for k, v in f.items() if k not in consumed},
            bibtex=bib.dump_bib([entry]).strip() + "\n",
            slug=slugify(title or entry.key),
            origin=Origin(rel, entry.line)))
    return pubs
