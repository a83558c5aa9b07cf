"""academicpages reader: a site checkout into the profile IR."""

from __future__ import annotations

import os
import re
from functools import partial
from pathlib import Path, PurePosixPath

from ... import socials, template_files
from ...example_cv import report_example_entries
from ...formats import bibtex as bib
from ...formats import jsonresume
from ...formats.bibtext import to_text
from ...formats.citation import (
    author_list,
    citation_authors,
    marked_names,
    names_owner,
    person_names,
)
from ...formats.content import name_title, split_name
from ...ir import CV, Identity, Item, NavItem, Origin, Page, Publication, Site, plain
from ...jekyll.assets import (
    collection_static_files,
    record_asset,
    root_static_html,
    static_files,
)
from ...jekyll.configkeys import config_line
from ...jekyll.documents import unread_items_as_pages
from ...jekyll.furniture import mark_furniture
from ...jekyll.languages import default_first, localize_pages, translations_as_pages
from ...jekyll.liquid import shown_liquid
from ...jekyll.problems import check_document, check_liquid, fix_typos
from ...jekyll.shadow import live_pages
from ...jekyll.site import (
    as_list,
    custom_collections,
    drop_unpublished,
    iter_files,
    iter_pages,
    language_text,
    page_title,
    read_collection,
    read_config,
    read_data,
    site_path,
    split_known,
    text,
)
from ...jekyll.sitevars import code_keys, shown_keys
from ...jekyll.unread import declared_collection
from ...jekyll.urls import linked_baseurl, unpublished
from ...lazyre import lazy_pattern
from ...report import Report
from ...template_files import is_example, is_template_file, is_template_setting
from ...textio import node_line, read_document, read_json, read_source, read_text, within
from ...theme import SiteProbe, generation_of
from . import THEME
from .listdates import mark_listed
from .sections import read_grouped_sections
from .settings import read_settings

NAME = "academicpages"
IDENTITY_KEYS = ("title", "name", "description", "url", "baseurl", "author")
PUB_KEYS = {"venue": "venue", "category": "category", "citation": "citation",
            "excerpt": "excerpt", "paperurl": "paperurl", "slidesurl": "slidesurl",
            "bibtexurl": "bibtexurl"}
TALK_KEYS = {"type": "type", "talk_type": "type", "venue": "venue", "location": "location",
             "excerpt": "description"}
PORTFOLIO_KEYS = {"excerpt": "description", "header": "header"}
THEME_ONLY = ("layout", "collection", "author_profile", "share", "comments", "read_time")
POST_KEYS = {"tags": "tags", "categories": "categories", "excerpt": "description"}
LINK_LABELS = {"pdf": "PDF", "html": "HTML", "url": "Link", "doi": "DOI", "arxiv": "arXiv",
               "code": "Code", "supp": "Supplement", "poster": "Poster", "video": "Video",
               "website": "Website", "blog": "Blog", "slides": "Slides"}
CATEGORY_TO_NEUTRAL = {"manuscripts": "journal", "conferences": "conference", "books": "book"}
NEUTRAL_TO_CATEGORY = {"journal": "manuscripts", "conference": "conferences", "book": "books",
                       "thesis": "manuscripts", "other": "manuscripts", "": "manuscripts"}


def read(src: Path, report: Report) -> Site:
    # with the keys the site's own layouts and includes read: none of them is a slip
    vocab = {**THEME.vocabulary, "own_keys": code_keys(src)}
    site = Site(theme=NAME, generation=generation_of(THEME, SiteProbe(src)), source=str(src))
    config = read_config(src, report)
    site.identity = _read_identity(config, vocab, site, report)
    site.config_extra = {str(k): plain(v) for k, v in config.items() if k not in IDENTITY_KEYS}
    site.settings = read_settings(site, config)
    for path, rel in iter_pages(src, report, config):
        if unpublished(rel, config):
            site.pages.append(Page(rel, origin=Origin(rel, 1)))  # reported below
            continue
        page = _read_page(path, rel, vocab, report)
        if page:
            site.pages.append(page)
    site.pages = default_first(live_pages(site.pages, config, report), config)
    _listing_roles(site.pages, vocab)
    _mark_unshown(site, src, report)
    base = site.identity.baseurl  # an item's layout may forward it to an address
    # the template loads jekyll-redirect-from: an item's `redirect_to:` forwards it
    collection = partial(read_collection, src, report=report, strip=THEME_ONLY, baseurl=base,
                         redirect_to=True)
    def declared(folder: str, keys: dict[str, str]) -> list[Item]:
        # a theme folder the config's `collections:` leaves out: Jekyll publishes none of it
        return collection(folder, keys) if declared_collection(config, folder) else []
    pubs = _role_pages(declared("_publications", PUB_KEYS), site, src, vocab, report)
    pubs = drop_unpublished(static_files(site, pubs, "publications", report), config, report)
    owner = (site.identity.first_name, site.identity.last_name)
    newest_first = _newest_first(site.pages)  # (as written: grouped sections are rewritten)
    split_by = read_grouped_sections(site, config, src, pubs, report)
    site.publications = sorted([_with_bibtex(_site_links(_publication(
        item, report, owner, split_by), src), src, report) for item in pubs],
        key=lambda p: (p.date or "~", p.origin.path if p.origin else ""), reverse=newest_first)
    site.talks = declared("_talks", TALK_KEYS)
    site.teaching = declared("_teaching", TALK_KEYS)
    site.projects = declared("_portfolio", PORTFOLIO_KEYS)
    site.posts = collection("_posts", POST_KEYS)
    for name in custom_collections(config, vocab):
        site.collections[name] = collection(f"_{name}", {})
        collection_static_files(site, name, report)
    for kind, name in (("talks", "talks"), ("teaching", "teaching"), ("projects", "portfolio")):
        setattr(site, kind, static_files(site, getattr(site, kind), name, report))
    for kind in ("talks", "teaching", "projects", "posts"):
        setattr(site, kind, drop_unpublished(getattr(site, kind), config, report))
    for name in site.collections:
        site.collections[name] = drop_unpublished(site.collections[name], config, report)
    mark_listed(site.projects, site.pages, src, config, vocab, report)
    unread_items_as_pages(site, config, report)
    for folder in sorted(set(vocab["paths"].values())):  # images/, files/: the user's, but
        for _, rel in iter_files(src / folder, src, suffixes=None, report=report):
            if template_files.is_template_file(THEME, src, rel):  # a template's file as it
                continue  # ships (demo images, old favicons): carried only where a page links it
            record_asset(site, "/" + rel, "image" if folder == vocab["paths"]["images"] else "file")
    for rel in root_static_html(src, config):  # copied as they are, at their address
        record_asset(site, "/" + rel)
    nav = read_data(src, "_data/navigation.yml", report)
    key = _masthead_menu_key(src, nav, config, site) if isinstance(nav, dict) else "main"
    if isinstance(nav, dict) and isinstance(nav.get(key), list):
        site.navigation = [NavItem(language_text(n.get("title"), "title", report,
                                                 "_data/navigation.yml", node_line(n)),
                                   text(n.get("url")),
                                   origin=Origin("_data/navigation.yml", node_line(n)))
                           for n in nav[key] if isinstance(n, dict)]
        site.navigation = _joined_entries(_shown_entries(site.navigation, report), config,
                                          report)
        if site.navigation and _masthead_hides_menu(src):
            report.mapped("navigation", "your `_includes/masthead.html` shows no menu (its "
                          "markup is inside an HTML comment or `{% comment %}`), so the old "
                          "site had none: the menu stays empty (the pages stay; to show a "
                          "menu, list them in `_data/navigation.yml`).",
                          Origin("_includes/masthead.html", 1))
            site.navigation = []
    site.cv = _read_cv(src, site, report)
    _find_cv_pdf(site, src, vocab)
    mark_furniture(site, src, vocab, report, lambda rel: within(src, src / rel)
                   and os.path.isfile(src / rel) and not is_template_file(THEME, src, rel))
    localize_pages(site.pages, config)
    translations_as_pages(site, config, report, partial(is_example, THEME, src))
    return site


def _role_pages(items: list[Item], site: Site, src: Path, vocab: dict,
                report: Report) -> list[Item]:
    """``items`` without the documents Jekyll writes at the address of one of the theme's
    pages (`_publications/publications.md` with `permalink: /publications/`): such a
    document is the page a visitor meets there (its text, its layout), not an item; it is
    read as that page. Jekyll writes a collection's documents after the pages, so a page
    of the site at that address is written over: it is not on the live site."""
    def address(url: str) -> str:
        return "/" + url.strip("/")
    roles = {address(k) for k in vocab["page_roles"]}
    taken: set[str] = set()  # the addresses a document was read as the page of
    kept = []
    for item in items:
        where = address(item.permalink) if item.permalink else ""
        page = (_read_page(src / item.path, item.path, vocab, report)
                if where in roles - taken else None)
        if page is None:
            kept.append(item)
            continue
        taken.add(where)
        for hidden in [p for p in site.pages if p.permalink and address(p.permalink) == where]:
            site.pages.remove(hidden)
            report.add("shadowed", "warning", "lost", f"`{hidden.path}` is not on the live "
                       f"site: `{item.path}` has the same address `{item.permalink}`, and "
                       "Jekyll writes a collection's documents after the pages (its build log "
                       "says \"Conflict: The following destination is shared by multiple "
                       f"files\"), so visitors see only `{item.path}`. `{hidden.path}` was not "
                       "converted: give it its own `permalink` (or delete it) if it is yours.",
                       hidden.origin or hidden.path)
        site.pages.append(page)
        report.mapped("page", f"`{item.path}` is written at `{item.permalink}`, the address "
                      f"of the {page.role} page, which no page of the site has: read as that "
                      "page, not as an item of its collection.", page.origin)
    return kept


def _shown_entries(entries: list[NavItem], report: Report) -> list[NavItem]:
    """The menu entries a visitor sees: the masthead writes an entry's `title` as the text
    of its link, so one without a title (`title:` left empty, its text commented out) is a
    link with no text, which shows nothing; it is not carried into the menu."""
    for n in (n for n in entries if not n.title.strip()):
        report.mapped("navigation", f"menu entry `{n.url}` has no `title`: the old masthead "
                      "shows it as a link with no text, which nobody sees; not carried into "
                      "the menu (its page, if any, is).", n.origin)
    return [n for n in entries if n.title.strip()]


def _joined_entries(entries: list[NavItem], config: dict, report: Report) -> list[NavItem]:
    """The masthead links an entry whose `url` does not contain `http` as `base_path` (`url`
    and `baseurl` one after the other) and the entry's `url`, as written: where that ends in
    `/`, an entry written without its leading `/` (`files/cv.pdf`) is the site's own path
    (`/files/cv.pdf`), and is read so (a writer that drops the `/` from `url`, or a theme
    that links the entry otherwise, would make it lead elsewhere)."""
    base = text(config.get("url")) + text(config.get("baseurl"))
    if not base.endswith("/"):
        return entries
    for n in entries:
        if n.url and "http" not in n.url and not n.url.startswith(("/", "#")) \
                and ":" not in n.url.split("/", 1)[0]:
            report.mapped("navigation", f"menu entry `{n.title}` links `{n.url}` after "
                          f"`{base}` (the old masthead joins them as written): it is the "
                          f"site's `/{n.url}`.", n.origin)
            n.url = "/" + n.url
    return entries


def _masthead_hides_menu(src: Path) -> bool:
    """Whether the site's own `_includes/masthead.html` (not the template's) shows no menu:
    outside its HTML comments and `{% comment %}` blocks it neither reads
    `site.data.navigation` nor includes anything that could."""
    rel = "_includes/masthead.html"
    found = read_text(src / rel, rel, None, root=src)
    if found is None or is_template_file(THEME, src, rel):
        return False
    shown = shown_liquid(found.text)
    return not re.search(r"\bnavigation\b|\{%-?\s*include", shown)


_NAV_KEY = re.compile(r"site\.data\.navigation(?:\.([\w-]+)|\[\s*(?:(['\"])(.*?)\2|(\w+))\s*\])")


def _masthead_menu_key(src: Path, nav: dict, config: dict, site: Site) -> str:
    """The key of `_data/navigation.yml` whose list the masthead shows: the template's
    `main`, or the one the site's own masthead names (`site.data.navigation.docs`); a
    masthead that indexes it by a variable it assigns from the page's language or the
    site's locale (`navigation[lang]`: a menu per language) shows the home page's list (its
    `lang`, else the config's `locale`; the later `assign` wins, as Liquid runs them)."""
    rel = "_includes/masthead.html"
    found = read_text(src / rel, rel, None, root=src)
    if found is None or is_template_file(THEME, src, rel):
        return "main"
    shown = shown_liquid(found.text)
    m = _NAV_KEY.search(shown)
    if m is None or (m.group(1) or m.group(3)):
        key = "main" if m is None else m.group(1) or m.group(3)
        return key if isinstance(nav.get(key), list) else "main"
    home = next((p for p in site.pages if p.permalink.strip("/") == ""), None)
    values = {"site.locale": config.get("locale"), "page.lang": home and home.extra.get("lang")}
    assigned = re.findall(rf"assign\s+{m.group(4)}\s*=\s*(site\.locale|page\.lang)\s*-?%",
                          shown)
    for source in reversed(assigned):  # the last one that holds a value Liquid kept
        value = values[source]
        if isinstance(value, str) and isinstance(nav.get(value), list):
            return value
    return "main"


def owner_name(src: Path) -> str:
    """The owner's name as the config gives it, the rest of the site unread."""
    config = read_config(src, Report(), shared=True)
    return _read_identity(config, THEME.vocabulary, Site(theme=NAME)).display_name()


def _read_identity(config: dict, vocab: dict, site: Site,
                   report: Report | None = None) -> Identity:
    """The owner as the config names them. A value of `author:` that the template's own
    config gives at that key (its sidebar name, biography, example profiles) is the
    template's example, not the owner's: the sidebar of an owner who never filled it in
    shows the template's, and the owner's name is then the site's `name` (a fresh checkout,
    all of whose values are the template's, keeps its placeholder)."""
    ident = Identity(origin=Origin("_config.yml", 1))
    author = a if isinstance(a := config.get("author"), dict) else {}
    examples = sorted(str(k) for k, v in author.items() if k != "avatar" and v not in (None, "")
                      and _example(f"author.{k}", v))
    names = [(n, k) for k, n in (  # a name per language: the first language's, reported
        ("author.name", language_text(author.get("name"), "author.name", report, "_config.yml",
                                      config_line(config, "author", "name"))),
        ("name", language_text(config.get("name"), "name", report, "_config.yml",
                               config_line(config, "name")))) if n]
    ident.full_name, name_key = next(((n, k) for n, k in names if not _example(k, n)),
                                     names[0] if names else ("", ""))
    ident.first_name, ident.middle_name, ident.last_name = split_name(ident.full_name)
    site_name = language_text(config.get("name"), "name", None, "_config.yml")
    if site_name and site_name != ident.full_name and not _example("name", site_name):
        ident.extra["site_name"] = site_name  # the footer's and the SEO data's, not the sidebar's
    if report is not None and (honour := name_title(ident.full_name)):
        report.mapped("identity", f"`{honour}` in the name `{ident.full_name}` is a title, "
                      f"not a first name: first name `{ident.first_name}`, last name "
                      f"`{ident.last_name}` (a theme that writes the name from its parts "
                      "shows it without the title).",
                      Origin("_config.yml", config_line(config, *name_key.split("."))))
    title = language_text(config.get("title"), "title", report, "_config.yml",
                          config_line(config, "title"))
    ident.site_title = "" if title == ident.full_name else title
    for key in ("description", "url", "baseurl"):
        setattr(ident, key, (linked_baseurl if key == "baseurl" else text)(config.get(key)))
    for key in ("bio", "location", "employer", "pronouns", "email"):
        if key not in examples:
            setattr(ident, key, language_text(author.get(key), f"author.{key}", report,
                                              "_config.yml", config_line(config, "author", key)))
    fresh = not names or any(_example(k, ident.full_name) for k in ("author.name", "name"))
    if examples and report is not None and not fresh:
        named = (f"; the owner's name is the site's `name`, {ident.full_name}"
                 if "name" in examples else "")
        report.mapped("template-author", "`author` in `_config.yml` keeps the template's "
                      f"example values of {', '.join(f'`{k}`' for k in examples)} (what a "
                      f"fresh checkout's sidebar shows): not carried as yours{named}.",
                      Origin("_config.yml", config_line(config, "author", examples[0])))
    if author.get("avatar"):
        ident.avatar = site_path(text(author["avatar"]), vocab["paths"]["images"])
        record_asset(site, ident.avatar, "image")
    skip = set(vocab["author_identity_keys"]) - {"uri"}
    for key, value in author.items():
        if str(key) in examples:  # not the owner's; kept only where a page's Liquid reads it
            ident.extra.setdefault("author_examples", {})[str(key)] = plain(value)
        if key in skip or value in (None, "") or str(key) in examples:
            continue
        social = socials.read_owner_social(NAME, str(key), value)
        if social is None or (str(key) not in socials.known_keys(NAME) and any(
                s.service == social.service for s in ident.socials)):  # an owner's 2nd link
            ident.extra.setdefault("author", {})[str(key)] = plain(value)
            continue
        social.origin = Origin("_config.yml", config_line(config, "author", key))
        social.key = f"author.{key}"
        ident.socials.append(social)
    return ident


def _mark_unshown(site: Site, src: Path, report: Report) -> None:
    """Each `author:` profile's `shown`: whether the site's sidebar (its includes), layouts
    or pages read its key. The template's config lists more profiles than an old sidebar
    shows (`author.dblp`), and an owner may drop one from their sidebar: a key nothing reads
    was never on the site."""
    keyed = {s.key.removeprefix("author."): s for s in site.identity.socials
             if s.key.startswith("author.")}
    shown = shown_keys(src, "author", keyed, (p.body for p in site.pages), report) \
        if keyed else None
    if shown is not None:
        for key, social in keyed.items():
            social.shown = key in shown


def _example(key: str, value: object) -> bool:
    """Whether the template's own config gives ``value`` at ``key``."""
    return is_template_setting(THEME, key, value)


_INCLUDES = re.compile(r"\{%-?\s*include\s+([\w./-]+)")


def _loops(name: str) -> re.Pattern[str]:
    return re.compile(rf"\{{%-?\s*for\s+\w+\s+in\s+site\.{name}\b[^%]*%\}}(.*?)"
                      r"\{%-?\s*endfor\s*-?%\}", re.S)


_LISTS_POSTS = _loops("posts")


def _lists_as_stock(body: str, role: str, vocab: dict) -> bool:
    """Whether a loop of ``body`` over the collection of ``role`` (``collections`` in the
    mapping) runs no include but those of the theme's listing of that role: the page lists
    those items the theme's way, whatever its address."""
    name = str(vocab["collections"][role]).lstrip("_")
    stock = set(_INCLUDES.findall(vocab["listings"][role]["body"]))
    return any(set(_INCLUDES.findall(m[1])) <= stock for m in _loops(name).finditer(body))


_LISTS_PUBS = lazy_pattern(r"\{%-?\s*for\s+\w+\s+in\s+site\.publications\b([^%]*)%\}")


def _newest_first(pages: list[Page]) -> bool:
    """Whether the site lists its publications newest first, the order they are read in:
    Jekyll orders a collection's documents by `date`, then path (an undated one has the
    build's time: after every dated one), and the page that lists them (the publications
    page first) loops over them `reversed` (the theme's own page) or not."""
    found = [m for p in sorted(pages, key=lambda p: p.role != "publications")
             for m in [_LISTS_PUBS().search(p.body or "")] if m]
    return not found or bool(re.search(r"\breversed\b", found[0][1]))


def _listing_roles(pages: list[Page], vocab: dict) -> None:
    """A page at an address of its own (`/conferences/`) whose loop lists the talks,
    teaching or portfolio as the theme's page of that role does is that role's page, when
    no page of the site is at the role's own address (Jekyll knows no roles: the page shows
    the items, with the theme's includes, wherever it is)."""
    for role in ("talks", "teaching", "projects"):
        if any(p.role == role for p in pages):
            continue
        found = [p for p in pages if p.role == "other" and _lists_as_stock(p.body, role, vocab)]
        if len(found) == 1:
            found[0].role = role


def _lists_posts_as_stock(body: str, vocab: dict) -> bool:
    """Whether a loop of ``body`` lists the posts the way the theme's blog listing does: it
    runs no include but those of the theme's listing (`archive-single.html`). A loop that
    runs an include of the owner's shows the posts their own way: their page, not the
    blog."""
    stock = set(_INCLUDES.findall(vocab["listings"]["blog"]["body"]))
    return any(set(_INCLUDES.findall(m[1])) <= stock for m in _LISTS_POSTS.finditer(body))


def _read_page(path: Path, rel: str, vocab: dict, report: Report) -> Page | None:
    doc = read_document(path, rel, report)
    if doc is None:
        return None
    check_document(doc, report)
    check_liquid(doc, report)
    fix_typos(doc, vocab["page_keys"], report,
              {*vocab.get("own_keys", ()), *vocab.get("page_switches", ())})
    data = doc.data
    page = Page(path=rel, title=page_title(doc, report), permalink=text(data.get("permalink")),
                body=doc.body, description=text(data.get("excerpt") or data.get("description")),
                redirect_from=as_list(data.get("redirect_from"), rel, "redirect_from", report,
                                      doc.line_of("redirect_from")),
                fm_comments=doc.comments(), newline=doc.newline,
                origin=Origin(rel, 1, doc.body_line))
    if isinstance(data.get("author_profile"), bool):  # the profile sidebar
        page.features.profile_sidebar = data["author_profile"]
    if text(data.get("redirect_to")):  # jekyll-redirect-from: the page forwards
        page.redirect = text(data["redirect_to"])
    page.role = vocab["page_roles"].get(page.permalink, "other")
    if page.role == "about" and page.title.strip():
        page.features.heading = page.title  # the page layouts head a page with its title
    if page.role == "other" and "site.publications" in page.body:
        page.role = "publications"
    elif page.role == "other" and _lists_posts_as_stock(page.body, vocab):
        page.role = "blog"  # its own loop lists the posts: the blog, at its own address
    _, page.extra = split_known(data, [*vocab["page_keys"], *(
        ["redirect_to"] if page.redirect else [])])
    return page


def _publication(item: Item, report: Report, owner: tuple[str, str] = ("", ""),
                 split_by: set[str] | frozenset[str] = frozenset()) -> Publication:
    """``split_by``: the front-matter keys a page lists the publications by
    (:func:`.sections.read_grouped_sections`): kept as they are, whatever they mean here."""
    f = item.fields
    stated = str(item.extra.get("year") or "").strip()  # an owner's `year:` without a `date:`
    year = int(item.date[:4]) if item.date else int(stated) if re.fullmatch(r"\d{4}", stated) \
        else None
    links = {k: str(f[v]) for k, v in (("pdf", "paperurl"), ("slides", "slidesurl"),
                                       ("bibtex", "bibtexurl")) if f.get(v)}
    selected = item.extra.pop("selected", False)
    if f.get("category") and (str(f["category"]) not in CATEGORY_TO_NEUTRAL
                              or "category" in split_by):
        item.extra["category"] = str(f["category"])  # a category of the site's own
    authors = _authors(item, report, owner)
    excerpt = str(f.get("excerpt") or "")
    named = [] if authors or f.get("citation") else author_list(excerpt, owner)
    if named:
        report.mapped("excerpt-authors", f"`excerpt` of `{item.path}` is its author list (the "
                      "publication list shows it under the title): read as its authors.",
                      item.origin)
    return Publication(
        key=item.slug, entry_type="", title=item.title, year=year, date=item.date,
        selected=selected is True or str(selected).lower() == "true",
        venue=str(f.get("venue") or ""),
        category=CATEGORY_TO_NEUTRAL.get(str(f.get("category")), ""),
        citation=str(f.get("citation") or ""), abstract="" if named else excerpt,
        body=item.body, links=links, permalink=item.permalink, slug=item.slug,
        redirect_from=item.redirect_from, extra=item.extra, origin=item.origin,
        authors=authors or named)


def _authors(item: Item, report: Report, owner: tuple[str, str]) -> list[str]:
    """The author list of a publication's `authors:` or `author:` (a list, or names in one
    string as a citation starts: `First Last, Other Name`, `Last F., <b>Owner O.</b>`, the
    whole citation of a numbered list, `20. Berg, O., <b>Lind, K.</b>, and Moss, T. (2025)`);
    it stays in the front matter too (this theme's layouts do not read it, an owner's may)."""
    key = next((k for k in ("authors", "author") if item.extra.get(k)), "")
    value = item.extra.get(key)
    if not value or not isinstance(value, (str, list)):
        return []
    names, why = citation_authors(
        ", ".join(str(v) for v in value) if isinstance(value, list) else str(value), owner)
    if why:
        report.verbatim("authors-unread", f"`{key}: {value}` was not read as a list of names "
                        f"({why}); it is kept as written in the front matter.", item.origin)
    others = [n for n in marked_names(str(value)) if owner[1] and not names_owner(n, owner)]
    if names and others:
        report.verbatim("owner-mark", f"`{key}:` of `{item.path}` sets `{others[0]}` in bold, "
                        f"as its owner; the site's owner is {' '.join(owner).strip()}. A theme "
                        "that marks the owner among the authors by name marks that name only: "
                        "add this spelling where the new site names its owner.", item.origin)
    return names


def _site_links(pub: Publication, src: Path) -> Publication:
    """A link of a publication written without the site's root (`paperurl: files/a.pdf`)
    that names a file SRC has at that path is that file of the site (`/files/a.pdf`): the
    owner meant it (relative to the page, where a layout that writes it as it is puts it,
    it names nothing), and another theme's layouts read a bare name in a folder of theirs."""
    for kind, url in pub.links.items():
        path = url.split("?")[0].split("#")[0]
        if not path or path.startswith(("/", "#")) or "://" in path or ".." in path.split("/") \
                or ":" in path.split("/")[0]:
            continue
        try:
            here = within(src, src / path) and (src / path).is_file()
        except OSError:
            continue
        if here:
            pub.links[kind] = "/" + url
    return pub


def _with_bibtex(pub: Publication, src: Path, report: Report) -> Publication:
    """A ``bibtexurl`` naming a .bib file of the site gives the entry's key, type, authors and
    fields; the front matter wins for the title, date, venue and the links it states."""
    url = pub.links.get("bibtex", "").split("?")[0].split("#")[0]
    if not url.startswith("/") or not url.endswith(".bib"):
        return pub
    path = src / url.lstrip("/")
    if ".." in url.split("/"):
        return pub
    if not path.is_file():
        report.problem("missing-file", f"`bibtexurl` of `{pub.key}` names `{url}`, which is not "
                       "in the site; the entry was built from the front matter.", pub.origin)
        return pub
    rel = path.relative_to(src).as_posix()
    raw = read_source(path, rel, report, root=src)
    if raw is None:  # a link out of SRC: refused and reported
        return pub
    parsed = bib.parse_bib(raw.decode("utf-8", errors="replace"))
    for prob in parsed.problems:
        report.problem("bibtex", prob.message, rel, prob.line)
    if not parsed.entries:
        return pub
    entry = next((e for e in parsed.entries if e.key == pub.key), parsed.entries[0])
    pub.key, pub.entry_type = entry.key, entry.entry_type
    pub.authors = [f"{first} {last}".strip() for first, last in person_names(entry)]
    stated = {"pdf": "pdf", "slides": "slides"}
    pub.fields = {k: v for k, v in entry.fields.items()
                  if k not in ("title", "year", "month", "day", "abstract", "selected")
                  and not (k in stated and stated[k] in pub.links)}
    if entry.fields.get("title") and to_text(entry.fields["title"]) == pub.title:
        pub.fields["title"] = entry.fields["title"]  # as written: case-protecting braces kept
    pub.selected = pub.selected or entry.fields.get("selected", "").lower() == "true"
    report.mapped("bibtex-file", f"publication `{pub.key}` read with its BibTeX entry from "
                  f"`{rel}`.", pub.origin)
    return pub


CV_JSON = "_data/cv.json"
CV_JSON_PAGE = "_pages/cv-json.md"
CV_JSON_URL = "/cv-json/"


_READS_CV = re.compile(r"\bsite\.data(?:\.cv\b|\[\s*['\"]cv['\"]\s*\])")
_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)")
_LAYOUT = re.compile(r"^layout:[ \t]*['\"]?([\w./-]+)", re.M)


def _cv_json_shown(src: Path, site: Site) -> bool:
    """Whether a page of the site shows `_data/cv.json`, as Jekyll renders it: the theme's
    JSON CV page (`/cv-json/`), or a page whose text, layout or an include it (or its
    layout) names reads `site.data.cv` (a stock include SRC has no copy of: as the
    template's, `cv_data_includes` in the mapping). A file no page shows is no one's CV."""
    stock = set(THEME.vocabulary.get("cv_data_includes") or [])

    def text_of(rel: str) -> str:
        path = src / rel
        data = read_source(path, rel, None, root=src) if path.is_file() else None
        if data is None and rel.removeprefix("_includes/") in stock:
            return "{{ site.data.cv }}"  # the template's include, which shows it
        return (data or b"").decode("utf-8", "replace")

    shown = False
    for page in site.pages:
        texts = [page.body]
        layout = _LAYOUT.search(text_of(page.path).split("\n---", 1)[0])
        if layout:
            texts.append(text_of(f"_layouts/{layout[1]}.html"))
        texts += [text_of(f"_includes/{name}") for t in list(texts)
                  for name in _INCLUDE.findall(t)]
        page.features.shows_cv_data = any(_READS_CV.search(t) for t in texts)
        shown = shown or page.features.shows_cv_data or \
            page.permalink.rstrip("/") == CV_JSON_URL.rstrip("/")
    return shown


def _template_cv_json(src: Path) -> bool:
    """Whether `_data/cv.json` is a template's file, or holds the template's example text
    of a version between the checkouts (:mod:`...template_text`)."""
    data = read_source(src / CV_JSON, CV_JSON, None, root=src)
    return data is not None and (is_template_file(THEME, src, CV_JSON)
                                 or template_files.templates(THEME).text.near(CV_JSON, data))


def _read_cv(src: Path, site: Site, report: Report) -> CV | None:
    """The CV: sections of the Markdown CV page (`_pages/cv.md`), or `_data/cv.json`
    (2025+). The menu tells which one the site shows when both exist; the page itself stays
    a page (its text is the Markdown CV)."""
    md_page = next((p for p in site.pages if p.role == "cv" and p.permalink != CV_JSON_URL),
                   None)
    md = None
    if md_page is not None:
        from ...formats import cvmarkdown  # imported for a CV page only
        raw = (read_source(src / md_page.path, md_page.path, None, root=src)
               or b"").decode("utf-8", errors="replace")
        first = raw[:max(len(raw) - len(md_page.body), 0)].count("\n") + 1
        parsed = cvmarkdown.parse(md_page.body, md_page.path, first)
        if parsed.sections:
            md = CV(parsed.sections, origin=Origin(md_page.path, 1), format="markdown")
    data = None
    if os.path.isfile(src / CV_JSON) and not _cv_json_shown(src, site):
        whose = ("it holds the template's example CV" if _template_cv_json(src) else
                 "what you wrote in it was on no page of the old site either; copy what you "
                 "want into the new CV by hand")
        report.verbatim("cv-unused", f"`{CV_JSON}` was not read: no page of the site shows "
                        "it (none reads `site.data.cv`, in its text, layout or includes), so "
                        f"it is not carried as your CV: {whose}.", CV_JSON)
    elif os.path.isfile(src / CV_JSON):
        try:
            data = read_json(src / CV_JSON, CV_JSON, report, root=src)
        except ValueError as exc:
            report.problem("cv-json", f"`{CV_JSON}` is not valid JSON ({exc}); not read.",
                           CV_JSON)
    menu = {n.url.rstrip("/") for n in site.navigation}
    use_json = data is not None and (md is None or ("/cv-json" in menu and "/cv" not in menu))
    cv: CV | None
    if use_json:
        cv = CV(origin=Origin(CV_JSON, 1), format="jsonresume")
        report_example_entries(template_files.templates(THEME).settings, data, CV_JSON, src,
                               report)
        cv.sections, cv.basics, unknown = jsonresume.sections_from(
            data, Origin(CV_JSON, None), dialect=_cv_dialect())
        for key in unknown:
            report.lost("cv-json-key", f"`{key}` is not a CV section sitemigrate knows; not "
                        "carried.", CV_JSON)
        if md is not None and md_page is not None:  # md is read from md_page
            report.verbatim("cv-unused", f"the Markdown CV `{md_page.path}` is not in the menu; "
                            f"the CV was read from `{CV_JSON}`. The page is carried as text.",
                            md_page.path)
    else:
        cv = md
        if cv is not None and data is not None and md_page is not None:
            report.verbatim("cv-unused", f"`{CV_JSON}` was not read: the menu shows the "
                            f"Markdown CV `{md_page.path}`.", CV_JSON)
    if cv is not None and cv.origin is not None:  # both kinds above have an origin
        report.mapped("cv", f"CV read from `{cv.origin.path}` ({cv.format}): "
                      f"{len(cv.sections)} sections, {sum(len(x.entries) for x in cv.sections)} "
                      "entries.", cv.origin)
    return cv


def _find_cv_pdf(site: Site, src: Path, vocab: dict) -> None:
    """Each CV page's PDF (neutral feature ``cv_pdf``): a PDF of SRC the page links to whose
    name says CV, else one of the conventional files (``cv_pdf_files`` in the mapping). A
    link to a file SRC does not have is no download button (the page's link, where the page
    is carried, is reported as missing there, with its line)."""
    root = "|".join(re.escape(v) for v in vocab.get("root_url_variables") or [])
    prefix = rf"(?:\{{\{{\s*(?:{root})\s*\}}\}})?" if root else ""
    link = re.compile(rf"""(?:\]\(|href=["']){prefix}([^)"'\s]+\.pdf)""", re.I)
    usual = next(("/" + rel for rel in vocab.get("cv_pdf_files") or []
                  if os.path.isfile(src / rel)), "")
    for page in (p for p in site.pages if p.role == "cv"):
        from ...formats import cvmarkdown  # imported for a CV page only
        found = next((path for m in link.finditer(cvmarkdown.mask_comments(page.body))
                      if "://" not in m[1] and any(w in PurePosixPath(m[1]).name.lower()
                                                   for w in ("cv", "resume", "vita"))
                      and _in_src(src, path := site_path(m[1], vocab["paths"]["pdfs"]))),
                     usual)
        if found:
            page.features.cv_pdf = found
            record_asset(site, found, "pdf")


def _in_src(src: Path, url: str) -> bool:
    """Whether the site path ``url`` is a file of SRC (one outside it, or one that cannot be
    looked at, is none: the unreadable folder is reported where the site is walked)."""
    path = src / url.lstrip("/")
    try:
        return within(src, path) and path.is_file()
    except OSError:
        return False


def _cv_dialect() -> jsonresume.Dialect:
    """`_data/cv.json`'s own sections and spellings (`cv_json` in the mapping)."""
    return jsonresume.Dialect.from_mapping(THEME.vocabulary.get("cv_json"))
