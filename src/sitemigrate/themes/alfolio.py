"""al-folio: reader and writer. All al-folio knowledge lives here and in ``mappings/al-folio.yml``."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

from ruamel.yaml.comments import CommentedMap

from .. import bib, cvmarkdown, jsonresume, socials
from ..content import split_name
from ..ir import CV, CVSection, Identity, Item, NavItem, Origin, Page, Publication, Site, Social, plain
from ..checkout import layout_text
from ..plan import Plan
from ..registry import Options, SiteProbe, generation_of, vocabulary
from ..report import Report
from ..textio import dump_yaml, read_document, read_json, read_or_report, read_source
from .common import (AssetCopier, add_collection_listings, as_list, check_document,
                     forward_furniture, mark_furniture,
                     check_liquid, collection_page, custom_collections, dest_config,
                     fix_typos, include_pages, write_item,
                     iter_files, iter_pages, post_url, read_collection, read_config, read_data,
                     record_asset, redirect_stub_path, set_key, site_path,
                     split_known, text, translate_body, translate_listings, yaml_date)
from ..urls import unpublished
from .common import (account_config, config_line, drop_unpublished, extra_key, page_title,
                     set_nested, source_config, source_line)

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
# The venue field al-folio's bib layout prints, per entry type (journal, booktitle, school);
# other types get their standard field, which it does not print, and the venue in `note`.
VENUE_FIELD = {"article": "journal", "inproceedings": "booktitle", "conference": "booktitle",
               "incollection": "booktitle", "phdthesis": "school", "mastersthesis": "school"}
UNPRINTED_VENUE_FIELD = {"inbook": "booktitle", "book": "publisher", "proceedings": "publisher",
                         "techreport": "institution", "manual": "organization"}
# Front-matter keys of a publication that are no BibTeX field (the page's own furniture).
PUB_FRONT_ONLY = frozenset({"excerpt_separator", "header", "sidebar", "classes", "toc",
                            "tags_label", "published"})


# ==========================================================================================
# Reader
# ==========================================================================================

def read(src: Path, report: Report) -> Site:
    vocab = vocabulary(NAME)
    site = Site(theme=NAME, generation=generation_of(NAME, SiteProbe(src)), source=str(src))
    config = read_config(src, report)
    site.identity = _read_identity(src, config, report)
    site.config_extra = {str(k): plain(v) for k, v in config.items() if k not in IDENTITY_KEYS
                         and not (k == "name" and text(v) == site.identity.full_name)}
    for path, rel in iter_pages(src, report):
        if unpublished(rel, config):
            site.pages.append(Page(rel, origin=Origin(rel, 1)))  # reported below
            continue
        page = _read_page(path, rel, vocab, site, report)
        if page:
            site.pages.append(page)
    site.pages = drop_unpublished(site.pages, config, report)
    _read_profiles(site, src, report)
    about = site.page("about")
    if about and isinstance(about.features.get("news"), dict):  # old configs: the limit is here
        for key, feat in (("news_limit", "limit"), ("news_scrollable", "scrollable")):
            if config.get(key) is not None and feat not in about.features["news"]:
                about.features["news"][feat] = plain(config[key])
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
    for path, rel in iter_files(src / "_bibliography", src, {".bib"}, report):
        site.publications += _read_bib(path, rel, report)
    _fold_publication_pages(site, report)
    for kind in ("news", "projects", "posts", "teaching", "talks"):
        setattr(site, kind, drop_unpublished(getattr(site, kind), config, report))
    for name in site.collections:
        site.collections[name] = drop_unpublished(site.collections[name], config, report)
    site.cv = _read_cv(src, site, report)
    mark_furniture(site, src, vocab, report)
    site.navigation = _navigation([p for p in site.pages if p.role != "furniture"])
    return site


def _fold_publication_pages(site: Site, report: Report) -> None:
    """A plain page that a publication's `website` links to (an address of this site) is that
    publication's own page, as al-folio has no page per publication (the writer keeps an
    academicpages publication's text so): its address and text go to the publication, which
    a theme with a page per publication serves there, and it is no page of its own. A page
    in the menu or with front matter of its own stays a page."""
    by_url: dict[str, Publication] = {}
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
                or page.features or page.redirect or page.role != "other":
            kept.append(page)  # a publication with text of its own: no text is dropped
            continue
        pub.permalink = page.permalink
        pub.body = page.body
        del pub.links["website"]
        report.mapped("publication-page", f"page `{page.path}` is the own page of publication "
                      f"`{pub.key}` (its `website` link): its address `{page.permalink}` and "
                      "text go with the publication.", page.origin)
    site.pages = kept


def _read_identity(src: Path, config: dict, report: Report) -> Identity:
    ident = Identity(origin=Origin("_config.yml", 1))
    for key in ("first_name", "middle_name", "last_name", "description", "url", "baseurl",
                "keywords", "lang", "footer_text", "contact_note", "email"):
        setattr(ident, key, text(config.get(key)))
    title = text(config.get("title"))
    ident.site_title = "" if title.lower() == "blank" else title
    ident.full_name = ident.display_name()
    if not ident.full_name and text(config.get("name")):
        # an old al-folio config names the owner in one `name:` key (no first/last names)
        ident.full_name = text(config["name"])
        ident.first_name, ident.middle_name, ident.last_name = split_name(ident.full_name)
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
    fix_typos(doc, set(vocab["page_keys"]) | set(vocab["about_keys"])
              | set(vocab.get("page_switches", [])), report)  # `profiles` is no slip
    data = doc.data
    layout = text(data.get("layout"))
    page = Page(path=rel, title=page_title(doc, report), permalink=text(data.get("permalink")),
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
    if page.role == "cv" and data.get("cv_format"):
        known.add("cv_format")
        page.features["cv_format"] = text(data["cv_format"])
    if data.get("dropdown"):
        known |= {"dropdown", "children"}
        children = data.get("children") or []
        if not isinstance(children, list) or not all(isinstance(c, dict) for c in children):
            report.problem("wrong-type", "`children` of a dropdown should be a list of "
                           "entries (`title`, `permalink`); what is not one was left out.",
                           rel, doc.line_of("children"))
        page.features["children"] = [
            {"title": text(c.get("title")), "url": text(c.get("permalink"))}
            for c in (children if isinstance(children, list) else []) if isinstance(c, dict)]
    _, page.extra = split_known(data, known)
    return page


def _read_profiles(site: Site, src: Path, report: Report) -> None:
    """al-folio's `profiles` layout (the people page) shows, per entry of `profiles:`, a
    picture, the text of a file of `_pages/` (`content:`, read even when `exclude:` lists
    it; usually without front matter, so Jekyll builds no page of it) and `more_info`. That
    text becomes the page's own body, so every theme shows it; the content file is no page
    of its own."""
    used: set[str] = set()
    for page in site.pages:
        profiles = page.extra.get("profiles") if page.role == "people" else None
        if not isinstance(profiles, list):
            continue
        del page.extra["profiles"]
        parts = []
        for prof in (p for p in profiles if isinstance(p, dict)):
            if text(prof.get("image")):
                image = site_path(text(prof["image"]), "assets/img")
                record_asset(site, image, "image")
                parts.append(f"<img src=\"{{{{ '{image}' | relative_url }}}}\" alt=\"\">")
            content = text(prof.get("content"))
            rel = f"_pages/{content}"
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
    # a content file without front matter is the people page's text, not a page
    site.pages = [p for p in site.pages if p.path not in used or p.permalink or p.nav]


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
        other = {str(k): plain(v) for k, v in profile.items()
                 if k not in ("image", "more_info", "address", "align", "image_circular")}
        if other:  # `style`, `image_alt`, ...: the profile box's own settings
            feats["profile_extra"] = other
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
    data = read_source(path, rel, report)
    if data is None:
        return []
    parsed = bib.parse_bib(data.decode("utf-8", errors="replace"))
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
    """The CV data: classic or RenderCV `_data/cv.yml`, or JSON Resume `assets/json/resume.json`.
    When several exist, the CV page's `cv_format` chooses; else `_data/cv.yml` wins (the
    template ships an example resume.json that a user of cv.yml never touched)."""
    found: dict[str, tuple[Any, str]] = {}
    data = read_data(src, CV_YML, report)
    if isinstance(data, list):
        found["classic"] = (data, CV_YML)
    elif isinstance(data, dict) and isinstance(data.get("cv"), dict):
        found["rendercv"] = (data["cv"], CV_YML)
    elif data is not None:
        report.problem("cv-format", f"`{CV_YML}` is neither the classic list of sections nor "
                       "RenderCV (`cv:`); not read.", CV_YML)
    json_rel = _resume_json_path(site, report)
    if json_rel and (src / json_rel).is_file():
        try:
            resume = read_json(src / json_rel, json_rel, report, root=src)
            if resume is not None:
                found["jsonresume"] = (resume, json_rel)
        except ValueError as exc:
            report.problem("cv-json", f"`{json_rel}` is not valid JSON ({exc}); not read.",
                           json_rel)
    if not found:
        return None
    page = site.page("cv")
    wanted = text(page.features.get("cv_format")) if page else ""
    if wanted and wanted not in ("rendercv", "jsonresume"):
        report.problem("cv-format", f"`cv_format: {wanted}` is not `rendercv` or "
                       "`jsonresume`; ignored.", page.origin if page else None)
    order = [wanted] if wanted in found else []
    order += [f for f in ("rendercv", "classic", "jsonresume") if f not in order]
    fmt = next(f for f in order if f in found)
    value, rel = found[fmt]
    cv = CV(origin=Origin(rel, 1), format=fmt)
    if fmt == "classic":
        cv.sections = _classic_sections(value, report)
    elif fmt == "rendercv":
        cv.sections, cv.basics = _rendercv_sections(value, report)
    else:
        cv.sections, cv.basics, unknown = jsonresume.sections_from(value, Origin(rel, None))
        for key in unknown:
            report.lost("cv-json-key", f"`{key}` is not a JSON Resume section; not carried.",
                        rel)
        name = text(cv.basics.get("name"))
        if name and site.identity.display_name() and name != site.identity.display_name():
            report.problem("cv-example", f"`{rel}` is about `{name}`, not "
                           f"{site.identity.display_name()}: is it the template's example? It "
                           "was read anyway; check the CV.", rel)
    report.mapped("cv", f"CV read from `{rel}` ({fmt}): {len(cv.sections)} sections, "
                  f"{sum(len(s.entries) for s in cv.sections)} entries.", cv.origin)
    for other, (_, orel) in found.items():
        if other != fmt:
            report.verbatim("cv-unused", f"`{orel}` ({other}) was not read: the CV page uses "
                            f"`{rel}` ({fmt}). Its data stays in the source site only.", orel)
    return cv


CV_YML = "_data/cv.yml"
RESUME_JSON = "assets/json/resume.json"
# RenderCV / al-folio cv.yml entry keys that differ from JSON Resume's, per section.
RENDERCV_KEYS: dict[str, dict[str, str]] = {
    "": {"start_date": "startDate", "end_date": "endDate"},
    "work": {"company": "name"},
    "education": {"degree": "studyType"},
    "publications": {"title": "name", "date": "releaseDate", "journal": "publisher"},
    "languages": {"name": "language", "summary": "fluency"},
}


def _resume_json_path(site: Site, report: Report) -> str:
    """Where `jekyll_get_json` loads `site.data.resume` from (default `assets/json/resume.json`)."""
    for spec in site.config_extra.get("jekyll_get_json") or []:
        if isinstance(spec, dict) and spec.get("data") == "resume" and spec.get("json"):
            path = text(spec["json"])
            if "://" in path:
                report.verbatim("cv-json-remote", f"the JSON Resume is fetched from `{path}`; "
                                "sitemigrate does not download it.", "_config.yml")
                return ""
            return path.lstrip("/")
    return RESUME_JSON


def _line(node: Any) -> int | None:
    lc = getattr(node, "lc", None)
    return lc.line + 1 if lc is not None and lc.line is not None else None


def _classic_sections(data: list, report: Report) -> list[CVSection]:
    out = []
    for sec in data:
        if not isinstance(sec, dict):
            report.problem("cv-section", f"CV section `{sec}` is not a mapping; skipped.",
                           CV_YML, _line(data))
            continue
        kind = text(sec.get("type"))
        title = text(sec.get("title"))
        origin = Origin(CV_YML, _line(sec))
        contents = sec.get("contents") or []
        contents = contents if isinstance(contents, list) else [contents]
        if kind not in ("map", "time_table", "list", "nested_list"):
            report.verbatim("cv-type", f"CV section `{title}` has type `{kind}`, which "
                            "sitemigrate does not know; its entries were kept as written.",
                            origin)
            kind = ""
        out.append(CVSection(title, [_classic_entry(e, kind) for e in contents],
                             kind=kind, key=jsonresume.key_for_title(title),  # type: ignore[arg-type]
                             origin=origin))
    return out


def _classic_entry(entry: Any, kind: str) -> dict[str, Any]:
    if not isinstance(entry, dict):
        return {"title": text(entry)}
    out: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in entry.items():
        key, value = str(key), plain(value)
        if key == "description":
            points = value if isinstance(value, list) else [value]
            out["description"] = [
                {"title": text(p.get("title")), "items": [text(i) for i in p.get("contents") or []]}
                if isinstance(p, dict) else text(p) for p in points if p not in (None, "")]
            if not out["description"]:
                del out["description"]
        elif key == "items":
            out["items"] = [text(i) for i in (value if isinstance(value, list) else [value])]
        elif key in ("title", "institution", "year", "name", "value", "location", "url"):
            if value not in (None, ""):
                out[key] = text(value)
        else:
            extra[key] = value
    if extra:
        out["extra"] = extra
    return out


def _rendercv_sections(cv: dict, report: Report) -> tuple[list[CVSection], dict[str, Any]]:
    basics: dict[str, Any] = {}
    for key, new in (("name", "name"), ("label", "label"), ("email", "email"),
                     ("phone", "phone"), ("website", "url"), ("summary", "summary"),
                     ("image", "image")):
        if cv.get(key) not in (None, ""):
            basics[new] = plain(cv[key])
    location = plain(cv.get("address")) if isinstance(cv.get("address"), dict) else {}
    if cv.get("location"):
        location = {**location, "city": text(cv["location"])} if not location.get("city") \
            else {**location, "label": text(cv["location"])}
    if location:
        basics["location"] = location
    if isinstance(cv.get("social_networks"), list):
        basics["profiles"] = plain(cv["social_networks"])
    sections = []
    raw = cv.get("sections") or {}
    for title, entries in (raw.items() if isinstance(raw, dict) else []):
        title = text(title)
        key = jsonresume.key_for_title(title)
        if key in ("presentations", "teaching", "portfolio"):
            key = ""
        entries = entries if isinstance(entries, list) else [entries]
        origin = Origin(CV_YML, _line(raw))
        if key:
            rename = {**RENDERCV_KEYS[""], **RENDERCV_KEYS.get(key, {})}
            ir = [jsonresume.entry_from(key, {rename.get(str(k), str(k)): v
                                              for k, v in e.items()})
                  if isinstance(e, dict) else {"title": text(e)} for e in entries]
            kind = jsonresume.SECTIONS[key][1]
        else:
            ir, kind = _rendercv_generic(entries)
        sections.append(CVSection(title, ir, kind=kind, key=key, origin=origin))  # type: ignore[arg-type]
    return sections, basics


def _rendercv_generic(entries: list) -> tuple[list[dict[str, Any]], str]:
    """RenderCV entry types of a custom section: text, bullet, one-line, normal/experience."""
    out = []
    kinds = set()
    for e in entries:
        if not isinstance(e, dict):
            out.append({"title": text(e)})
            kinds.add("list")
        elif set(e) == {"bullet"}:
            out.append({"title": text(e["bullet"])})
            kinds.add("list")
        elif "label" in e and "details" in e:
            out.append({"name": text(e["label"]), "value": text(e["details"])})
            kinds.add("map")
        else:
            d = {str(k): plain(v) for k, v in e.items()}
            entry: dict[str, Any] = {}
            for key, new in (("position", "title"), ("name", "title"), ("title", "title"),
                             ("company", "institution"), ("institution", "institution"),
                             ("date", "year"), ("start_date", "start"), ("end_date", "end"),
                             ("location", "location"), ("url", "url"), ("summary", "summary"),
                             ("highlights", "description")):
                if key in d and new not in entry and d[key] not in (None, ""):
                    value = d.pop(key)
                    entry[new] = ([text(v) for v in value] if isinstance(value, list)
                                  else [text(value)]) if new == "description" else text(value)
            if d:
                entry["extra"] = d
            out.append(entry)
            kinds.add("time_table")
    return out, (kinds.pop() if len(kinds) == 1 else "time_table")


# ==========================================================================================
# Writer
# ==========================================================================================

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
        if pub.body.strip() and pub.body.strip() != pub.abstract.strip():
            _write_publication_page(pub, plan, copier)
    if site.publications:
        _unique_keys(site.publications, report)
        for p in site.publications:
            if p.bibtex:
                _carry_entry_files(p, copier)
        owner = (" ".join(x for x in (site.identity.first_name, site.identity.middle_name) if x),
                 site.identity.last_name)
        entries = [p.bibtex or _bibtex_of(p, copier, owner, report) for p in site.publications
                   if _has_year(p, report)]
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
        google = analytics.get("google") if isinstance(analytics.get("google"), dict) else {}
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
        disqus = comments.get("disqus") if isinstance(comments.get("disqus"), dict) else {}
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
            scholar["last_name"] = [last]
        if first and "first_name" in scholar:
            scholar["first_name"] = [first, f"{first[0]}."] if len(first) > 1 else [first]
    related = config.get("related_blog_posts")
    if (site.theme != NAME and site.posts and isinstance(related, dict) and related.get("enabled")
            and _deploys_with_lsi(plan)):
        related["enabled"] = False
        plan.report.mapped("related-posts", "DEST's deploy workflow builds with `--lsi`, whose "
                           "related-posts index (classifier-reborn) can stop the build on a few "
                           "alike posts; your site had no related-posts lists, so they are off "
                           "(`related_blog_posts.enabled: false`). Turn them on once the blog "
                           "has grown.", "_config.yml")
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
        from ..content import extract_news
        first_line = (page.origin.body_line or page.origin.line or 1) if page.origin else 1
        found = extract_news(body, page.path, first_line)
        if found.items:
            body = found.body
            news = found.items
            report.mapped("news-section", f"News section: {len(found.items)} dated items "
                          "became `_news/` entries; the about page shows them as announcements.",
                          page.origin)
            from ..sections import normalize_title
            for title in found.titles:
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
        front["title"] = page.title
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
    if has_data:
        front["layout"] = "cv"
        if _cv_yml_format(plan, gen) == "rendercv":
            front["cv_format"] = "rendercv"
    pdf = page.features.get("cv_pdf")
    if pdf:
        new = copier.carry(pdf, page.origin, "CV PDF")
        front["cv_pdf"] = new.removeprefix("/assets/pdf/") if _cv_pdf_prefixed(plan, gen) \
            and new.startswith("/assets/pdf/") else new
        report.mapped("cv-pdf", f"CV PDF `{pdf}` → `cv_pdf: {front['cv_pdf']}` (the CV "
                      "page's download button).", page.origin)
    if has_data:
        body = _cv_body_rest(body, site, report, page)
    body, _ = translate_listings(body, ("publications", "talks", "teaching"), site.theme,
                                 NAME, report, page.origin, original=page.body)
    return body


def _cv_pdf_prefixed(plan: Plan, gen: str) -> bool:
    """Whether the CV layout puts `assets/pdf/` in front of `cv_pdf` (DEST's own layout
    tells; without one, the generation: 2020-23 and 2024-25 do, v1 does not)."""
    text = layout_text(plan, "cv")
    if text is not None:
        return bool(re.search(r"cv_pdf\s*\|\s*prepend:\s*['\"]assets/pdf/", text))
    return gen != "v1"


def _cv_body_rest(body: str, site: Site, report: Report, page: Page) -> str:
    """The page body without the CV sections that are now in `_data/cv.yml`."""
    titles = {s.title for s in site.cv.sections}
    parsed = cvmarkdown.parse(body)
    moved = titles & {s.title for s in parsed.sections}
    out = cvmarkdown.remove(body, parsed, moved) if moved else body
    for sec in site.cv.sections:
        md = sec.markdown.strip()
        if sec.title not in moved and md and md in out:
            out = out.replace(md, "", 1)
            moved.add(sec.title)
    out = re.sub(r"\n{3,}", "\n\n", out)
    if moved:
        report.mapped("cv-page", f"CV sections {', '.join(sorted(moved))} moved from the page "
                      "text into `_data/cv.yml`; the rest of the page text stays.", page.origin)
    return out


def _write_cv(site: Site, plan: Plan, options: Options, copier: AssetCopier) -> None:
    """`_data/cv.yml` (classic or RenderCV) and, where the generation reads it, the JSON
    Resume `assets/json/resume.json`."""
    import json
    report = plan.report
    cv = site.cv
    gen = _target_generation(plan, options)
    fmt = _cv_yml_format(plan, gen)
    if fmt == "rendercv":
        plan.write(CV_YML, dump_yaml({"cv": _rendercv_of(site, report)}))
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


def _html(value: Any) -> Any:
    """Markdown links, bold and italic as HTML (al-folio's CV includes print fields
    unprocessed)."""
    if not isinstance(value, str):
        return value
    value = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", r'<a href="\2">\1</a>', value)
    value = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", value)
    return re.sub(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])", r"<i>\1</i>", value)


def _classic_section(sec: CVSection, report: Report) -> CommentedMap:
    kind = sec.kind or ("time_table" if any(isinstance(e, dict) and (
        e.get("year") or e.get("start") or e.get("date") or e.get("institution"))
        for e in sec.entries) else "list")
    out = CommentedMap([("title", sec.title), ("type", kind)])
    contents = []
    dropped: set[str] = set()
    for e in sec.entries:
        e = e if isinstance(e, dict) else {"title": str(e)}
        if kind == "map":
            contents.append(CommentedMap([("name", _html(e.get("name") or e.get("title", ""))),
                                          ("value", _html(e.get("value") or
                                                          e.get("summary") or ""))]))
            continue
        if kind == "list":
            contents.append(_html(" — ".join(str(e[k]) for k in ("title", "name", "value",
                                                                  "summary") if e.get(k))))
            continue
        row = CommentedMap()
        title = _html(e.get("title") or e.get("name") or "")
        if e.get("role"):
            title = f"{title} ({e['role']})" if title else e["role"]
        if e.get("url") and title and "<a " not in title:
            title = f'<a href="{e["url"]}">{title}</a>'
        if title:
            row["title"] = title
        if kind == "time_table":
            place = ", ".join(str(e[k]) for k in ("institution", "location") if e.get(k))
            if place:
                row["institution"] = _html(place)
            year = jsonresume.display_year(e)
            if year:
                row["year"] = year
        points = ([e["summary"]] if e.get("summary") else []) + list(e.get("description") or [])
        items = list(e.get("items") or [])
        if kind == "nested_list":
            items = [p if isinstance(p, str) else p.get("title", "") for p in points] + items
            points = []
        if points:
            row["description"] = [_html(p) if isinstance(p, str) else CommentedMap(
                [("title", _html(p.get("title", ""))),
                 ("contents", [_html(i) for i in p.get("items") or []])]) for p in points]
        if items:
            row["items"] = [_html(i) for i in items]
        # kept only in resume.json; a value the title shows (a degree's type, area) is not lost
        dropped |= {k for k, v in (e.get("extra") or {}).items()
                    if not (isinstance(v, str) and v and v in str(e.get("title", "")))}
        contents.append(row)
    out["contents"] = contents
    if dropped:
        report.lost("cv-detail", f"CV section `{sec.title}`: the classic `_data/cv.yml` has no "
                    f"place for {', '.join(f'`{d}`' for d in sorted(dropped))}; dropped there "
                    f"(kept in `{RESUME_JSON}` where one is written).", sec.origin)
    return out


def _rendercv_of(site: Site, report: Report) -> CommentedMap:
    cv = site.cv
    basics = jsonresume.basics_of(site.identity, cv.basics)
    out = CommentedMap()
    for key, new in (("name", "name"), ("label", "label"), ("email", "email"),
                     ("phone", "phone"), ("url", "website"), ("summary", "summary"),
                     ("image", "image")):
        if basics.get(key):
            out[new] = basics[key]
    loc = basics.get("location")
    if isinstance(loc, dict):
        label = loc.get("label") or ", ".join(str(loc[k]) for k in ("city", "region")
                                              if loc.get(k))
        if label:
            out["location"] = label
        address = {k: v for k, v in loc.items() if k != "label"}
        if set(address) - {"city"}:
            out["address"] = address
    if basics.get("profiles"):
        nets = [{"network": p.get("network", ""), "username": p.get("username") or p.get("url", "")}
                for p in basics["profiles"] if isinstance(p, dict)]
        out["social_networks"] = [n for n in nets if n["network"] in jsonresume.RENDERCV_NETWORKS]
        skipped = [n["network"] for n in nets if n["network"] not in jsonresume.RENDERCV_NETWORKS]
        if skipped:
            report.verbatim("cv-network", "RenderCV knows no social network "
                            + ", ".join(f"`{n}`" for n in skipped) + "; left out of "
                            f"`{CV_YML}` (still in `_data/socials.yml`).", cv.origin)
    sections = CommentedMap()
    for sec in cv.sections:
        key = sec.key or jsonresume.key_for_title(sec.title)
        if key in jsonresume.STANDARD:
            back = {v: k for k, v in {**RENDERCV_KEYS[""], **RENDERCV_KEYS.get(key, {})}.items()}
            entries = [{back.get(k, k): _present(k, v) for k, v in
                        jsonresume.entry_to(key, e).items()}
                       for e in sec.entries if isinstance(e, dict)]
        else:
            entries = [_rendercv_entry(e, sec.kind) for e in sec.entries]
        title = sec.title
        while title in sections:
            title += " (2)"
        sections[title] = entries
    out["sections"] = sections
    return out


def _present(key: str, value: Any) -> Any:
    """RenderCV spells an open end date `present`."""
    if key == "endDate" and str(value).strip().lower() in ("now", "current", "today", "ongoing"):
        return "present"
    return value


def _rendercv_entry(e: Any, kind: str) -> Any:
    """A neutral entry as a RenderCV entry (text, one-line, normal or experience entry)."""
    if not isinstance(e, dict):
        return str(e)
    if kind == "list":
        return " — ".join(str(e[k]) for k in ("title", "name", "value", "summary") if e.get(k))
    if kind == "map" or ("name" in e and "value" in e and "title" not in e):
        return {"label": e.get("name", ""), "details": e.get("value", "")}
    out: dict[str, Any] = {}
    if e.get("institution"):
        out["company"] = e["institution"]
        out["position"] = e.get("title", "")
    else:
        out["name"] = e.get("title", "")
    for key, new in (("location", "location"), ("url", "url"), ("summary", "summary")):
        if e.get(key):
            out[new] = e[key]
    if e.get("start") or e.get("end"):
        out["start_date"], out["end_date"] = e.get("start", ""), e.get("end", "present")
    elif jsonresume.display_year(e):
        out["date"] = jsonresume.display_year(e)
    points = [p if isinstance(p, str) else jsonresume._flat(p)
              for p in list(e.get("description") or []) + list(e.get("items") or [])]
    if points:
        out["highlights"] = points
    out.update({k: v for k, v in (e.get("extra") or {}).items() if k not in out})
    return out


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
            plan.write_document(out, front, "")
            plan.report.mapped("menu-entry", f"external menu entry `{n.title}` ({n.url}) → "
                               f"`{out}` (a page with an external permalink).",
                               "_data/navigation.yml")
            continue
        plan.report.verbatim("menu-entry", f"menu entry `{n.title}` ({n.url}) points to no "
                             "page of the site (a collection index or an external link); "
                             f"al-folio {gen} menus list pages only: add a page with that "
                             "permalink to keep it in the menu.", "_data/navigation.yml")


def _local_includes(body: str, gen: str) -> str:
    """``{% include x.liquid %}`` as ``x.html`` (or the reverse) where only that name exists in
    generation ``gen`` (2020-23 has `.html` includes, later ones `.liquid`)."""
    from ..liquid import include_name, replace_tokens
    have = set(vocabulary(NAME)["includes"][gen])

    def fn(tok: Any) -> str | None:
        name = include_name(tok)
        if not name or name in have:
            return None
        stem, dot, suffix = name.rpartition(".")
        twin = f"{stem}.{'html' if suffix == 'liquid' else 'liquid'}" if dot else ""
        return tok.text.replace(name, twin, 1) if twin in have else None
    return replace_tokens(body, fn) if "{%" in body else body


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


def _news_item_pages(site: Site) -> dict[str, Item]:
    """Pages that are one news item each (another theme kept a titled item as a dated page
    under /news/): by permalink, as the titled `_news` items they were."""
    from ..dates import from_value
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
    from ..content import extract_news
    first = (page.origin.body_line or 1) if page.origin else 1
    found = extract_news(body, page.path, first, whole=True)
    if not found.items:
        return body, []
    plan.report.mapped("news-page", f"{len(found.items)} dated lines of the news page became "
                       "`_news/` entries; the page lists them with al-folio's news include.",
                       page.origin)
    rest = found.body.strip()
    return (rest + "\n\n" if rest else "") + "{% include news.liquid %}\n", found.items


def _unique_news(items: list[Item], kept: dict[str, Item], report: Report) -> list[Item]:
    """One `_news` entry per item: a list line that only links to a kept news page is that
    page's item, and a line listed twice (the about page's newest and the news page's full
    list) is one item."""
    seen: set[tuple[str, str]] = set()
    out = []
    for item in items:
        m = re.fullmatch(r"\[[^\]]*\]\((?:\{\{-?\s*['\"]([^'\"\s]+)['\"]\s*\|\s*relative_url"
                         r"\s*-?\}\}|([^)\s]+))\)", item.body.strip())  # `{{ '/x/' | relative_url }}`
        key = (item.date[:10], " ".join(item.body.split()))
        if (m and (m.group(1) or m.group(2)) in kept and item.fields.get("inline")) \
                or key in seen:
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
               report: Report | None = None) -> bib.BibEntry:
    import html   # academicpages escapes `& " '` in front matter: BibTeX holds the text
    fields: dict[str, str] = {"title": html.unescape(pub.title)}
    if pub.year:
        fields["year"] = str(pub.year)
    entry_type = pub.entry_type or _stated_type(pub) or TYPE_OF_CATEGORY.get(pub.category, "misc")
    venue_key = VENUE_FIELD.get(entry_type) or UNPRINTED_VENUE_FIELD.get(entry_type,
                                                                         "howpublished")
    if pub.venue:
        fields[venue_key] = html.unescape(pub.venue)
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
        fields["note"] = html.unescape(pub.venue)  # al-folio prints `note` in the venue line
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
        if value:
            front[key] = " ".join(map(str, value)) if isinstance(value, list) else value
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
