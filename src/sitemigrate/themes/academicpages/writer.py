"""academicpages writer: the profile IR as an academicpages site.

All academicpages knowledge lives in this package and in ``mappings/academicpages.yml``."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePosixPath
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ...formats.bibtext import slugify
from ...formats.content import is_external
from ...ir import Item, Origin, Page, Publication, Site
from ...jekyll.assets import AssetCopier
from ...jekyll.checkout import (
    furniture_forwards,
    is_fresh_template,
    layout_text,
)
from ...jekyll.distillcites import cited_in_text, footnoted_in_text, footnotes_left_out
from ...jekyll.documents import (
    comment_safe_excerpt,
    excerpt_separator,
    post_file,
    written_separator,
)
from ...jekyll.furniture import forward_furniture
from ...jekyll.layouts import owner_code_reading, shown_by, with_shown
from ...jekyll.liquid import (
    is_html_file,
    markdown_in_html,
    markdown_links_as_html,
    source_line,
)
from ...jekyll.listings import (
    add_collection_listings,
    collection_page,
    page_groups,
    page_words,
    site_words,
    translate_body,
)
from ...jekyll.ownlayouts import with_layout_own
from ...jekyll.pagination import unpaginated
from ...jekyll.redirects import stub_path
from ...jekyll.site import (
    document_title,
    extra_key,
    post_url,
    write_item,
    written_name,
    yaml_date,
)
from ...paragraphs import closed
from ...plan import Plan
from ...report import Report
from ...template_files import example_wording
from ...theme import Options
from . import THEME, newsdata
from .aboutlists import project_url, site_link
from .aboutpage import about_body, about_sections, news_line, write_news_list
from .config import _write_config
from .cvpage import _cv_page_body, _one_cv_in_menu, _write_cv_json
from .htmlonly import html_only_listings
from .menu import menu_only, skip_menu_page, write_navigation
from .ownreads import owner_reads
from .pubfields import own_fields, picture_line, shown_venue, with_picture
from .reader import (
    LINK_LABELS,
    NEUTRAL_TO_CATEGORY,
)
from .talkdates import unknown_days


def write(site: Site, plan: Plan, options: Options) -> None:
    vocab = THEME.vocabulary
    copier = AssetCopier(site, plan, vocab["paths"])
    slugs = _publication_slugs(site.publications)
    for pub, slug in zip(site.publications, slugs, strict=True):  # for `{% cite %}` in any body
        plan.urls[f"publication:{pub.key}"] = _publication_url(pub, slug, site.config_extra)
    for page in site.pages:  # before the config: the about page may fill the sidebar bio
        if page.role == "furniture" and furniture_forwards(plan, site, THEME):
            forward_furniture(page, site, plan, _page_out)
        elif menu_only(page):
            skip_menu_page(page, site, plan)
        else:
            _write_page(page, site, plan, copier)
    words = site_words(site)  # headings and labels it adds, in the site's language
    if site.news and not any(n.path in plan.origins for n in site.news):
        write_news_list(site.news, plan, None, words["news"])
    _write_config(site, plan, copier)
    sep = written_separator(plan)  # where DEST's Jekyll cuts the excerpts of what is written
    for pub, slug in zip(site.publications, slugs, strict=True):
        if pub.selected and pub.key in site.home_only_entries:
            _home_only(pub, plan)
            continue
        cite = pub.citation
        if pub.authors and not cite and pub.origin:  # the owner's listing or the item's
            own = shown_by(plan, pub.origin.path, "authors")  # own layout showed them
            shown = owner_code_reading(plan, "authors", pub.origin.path) or (
                own[0] if own else None)
            cite = _cite_authors(pub, shown, plan) if shown else cite
        _write_publication(pub, slug, plan, copier, site.identity.baseurl, sep, cite,
                           _publication_url(pub, slug, site.config_extra))
    for item in site.projects:
        _write_portfolio(item, plan, copier, site.identity.baseurl, words["code"], sep)
    for item in site.posts:
        _write_post(item, site, plan, copier, sep)
    for kind, folder in (("talks", "_talks"), ("teaching", "_teaching")):
        read = bool(getattr(site, kind)) and owner_reads(plan, kind, "description")
        items = _distinct_slugs(getattr(site, kind), plan.report, folder)
        for item in items:
            _write_event(item, kind, folder, plan, copier, words, sep, read)
        if kind == "talks":
            unknown_days(items, folder, plan)  # a talk of a year or month only
    for item in site.news:
        if item.title and not item.fields.get("inline"):
            _write_news_page(item, plan, copier)
    for name, items in site.collections.items():
        _write_custom(name, items, site, plan, copier, sep)
    if site.cv and site.cv.sections:
        _write_cv_json(site, plan, options)
    site.navigation = _one_cv_in_menu(site.navigation, plan)
    # the owner's menu; into a fresh checkout an empty one rather than the template's example
    # menu, and so again on the next run (which finds the menu the last run wrote)
    if site.navigation or is_fresh_template(plan, THEME) \
            or plan.written_before("_data/navigation.yml"):
        write_navigation(site, plan)
    newsdata.keep_documents(site, plan)  # after the pages: Liquid of theirs may read the news
    copier.carry_assets()


def _write_page(page: Page, site: Site, plan: Plan, copier: AssetCopier) -> None:
    report = plan.report
    page = _description_line(page, plan)
    front = CommentedMap()
    body = page.body
    if page.role == "about":
        front["permalink"] = "/"
        front["title"] = page.features.heading or page.title or "About"  # its heading
        if page.features.heading and page.title and page.features.heading != page.title:
            report.mapped("about-heading", f"the home page's heading `{page.features.heading}`"
                          f" is its `title` (academicpages shows the title as the heading); "
                          f"its menu label `{page.title}` labels the menu's link home "
                          "(academicpages' masthead links home from the site's title, and "
                          "`_data/navigation.yml` has the label where it is another).",
                          page.origin)
        if page.description:
            front["excerpt"] = page.description
        body = about_body(page, site, plan)
        for key, value in page.features.profile_extra.items():
            report.lost("profile-key", f"`profile.{key}` ({value}) sets al-folio's profile box; "
                        "academicpages shows the picture in its sidebar, which has no such "
                        "setting: not carried.", page.path,
                        source_line(plan, page.path, f"{key}:", page.origin.line
                                    if page.origin else None))
    else:
        front["layout"] = "archive" if page.role in ("publications", "talks", "teaching",
                                                      "projects", "cv") else "single"
        front["title"] = page.features.heading or page.title  # the heading it showed
        if page.permalink:
            front["permalink"] = page.permalink
        if page.description:
            front["excerpt"] = page.description
        body = _shown_around(page, body, report)
        body += "".join(about_sections(page, site, plan, page_words(site, page)))
    sidebar = page.features.profile_sidebar
    front["author_profile"] = True if sidebar is None else sidebar  # `false` hides it
    if page.redirect_from:
        front["redirect_from"] = list(page.redirect_from)
    if page.redirect:  # jekyll-redirect-from (always enabled here) serves it
        target = page.redirect if is_external(page.redirect) else copier.carry(
            page.redirect, page.origin, "redirect target")
        front["redirect_to"] = target
        report.mapped("page-redirect", f"page forwards to `{page.redirect}` → `redirect_to: "
                      f"{target}` (jekyll-redirect-from, which forwards at once: the page's "
                      "own text is not shown).", page.origin)
    shown = []
    for key, value in page.extra.items():
        if key not in front and key not in {s.switch for s in page.features.lists}:
            front[key] = value
            shown.append(extra_key(plan, key, THEME, page.origin, value,
                                   front.get("layout")))
    if page.features.cv_pdf:
        pdf = copier.carry(page.features.cv_pdf, page.origin, "CV PDF")
        link = f"[{page_words(site, page)['cv_pdf']}]({site_link(pdf)})"
        if is_html_file(page.path):  # no Markdown converter runs on the page
            link = f"<p>{markdown_links_as_html(link)}</p>"
        body = body.rstrip("\n") + f"\n\n{link}\n"
        report.mapped("cv-pdf", f"`cv_pdf` became a download link to `{pdf}`.", page.origin)
    if page.role == "cv" and site.cv and site.cv.sections:
        body = _cv_page_body(page, body, site, report)
    body = translate_body(body, page.role, plan.from_theme, THEME, plan, page.origin,
                          page_groups(page, site, plan.from_theme))
    # (after the stock listings are swapped for the target's: the owner's own loops are left)
    body = unpaginated(body, page.extra.get("pagination"), site.config_extra, plan.from_theme,
                       THEME, report, page.origin)
    body = add_collection_listings(page, body, site, THEME, report)
    out = _page_out(page)
    if not is_html_file(out):
        body = html_only_listings(body)
    if page.role == "news" and site.news:
        listing = "\n".join(news_line(n) for n in
                            sorted(site.news, key=lambda n: n.date, reverse=True))
        if is_html_file(out):  # no Markdown converter runs on the page
            listing = markdown_in_html(listing, "news_list")
        body, n = re.subn(r"\{%-?\s*include\s+news\.(?:liquid|html)[^%]*%\}", listing, body)
        if not n and not newsdata.reads_news(body):  # (its own loop lists them: kept docs)
            body = body.rstrip("\n") + "\n\n" + listing + "\n"
        for item in site.news:
            plan.origins[item.path] = out
        report.mapped("news-page", f"{len(site.news)} news items listed on `{out}`.",
                      page.origin)
    cv_data = site.cv.origin.path if page.role == "cv" and site.cv and site.cv.sections \
        and site.cv.origin else ""  # (the CV the writer shows on this page)
    body = with_layout_own(plan, page, with_shown(body, shown, out), out, THEME, cv_data)
    if page.features.toc:
        body = _with_toc(body, out, plan, page.origin, "page")
    body = copier.rewrite(body, page.permalink or "/", page.origin)
    plan.write_document(out, front, body, page.fm_comments, page.newline)
    report.mapped("page", f"page `{page.path}` → `{out}`.", page.origin)
    plan.origins[page.path] = out


def _with_toc(body: str, out: str, plan: Plan, origin: Origin | None, what: str) -> str:
    """The text of a page or post the old layout showed a table of contents for, with
    academicpages' `{% include toc %}` (kramdown's list of its headings; its layouts read
    no `toc`) at the top: Markdown only (an HTML file is not converted, and has no list)."""
    if is_html_file(out):
        plan.report.lost("toc", f"the table of contents the old layout showed for the {what} "
                         "is not carried: academicpages lists a text's headings only in "
                         "Markdown (`{% include toc %}`), and the file is HTML.", origin)
        return body
    plan.report.mapped("toc", f"the table of contents the old layout showed for the {what} "
                       "is academicpages' `{% include toc %}` at the top of its text.", origin)
    return "{% include toc %}\n\n" + body.lstrip("\n")


def _description_line(page: Page, plan: Plan) -> Page:
    """A page whose `description` SRC's layout shows on it (an owner's about layout that
    prints `{{ page.description }}` under the name; al-folio's own page layout, under the
    title, unless it is a template page's example line, which is dropped): academicpages
    shows a page's `excerpt` only over a header image and in `<meta>`,
    so the line is the page's subtitle (the sidebar bio, or the first paragraph), as a
    `subtitle` the page has is."""
    feats = page.features
    if not page.description or feats.subtitle:
        return page
    where, whose = shown_by(plan, page.path, "description"), "your layout"
    if where is None:  # the theme's own layout (al-folio's page layout prints it)
        where, whose = shown_by(plan, page.path, "description", theirs=True), "the layout"
        if where is not None and example_wording(plan.from_theme, page.description):
            plan.report.mapped("template-wording", "the page's `description` is the "
                               "template's own example wording, not yours: not carried.",
                               page.origin)
            from ...example_paragraphs import description_left_out
            description_left_out(plan.report, plan.source, page.path, plan.from_theme)
            return replace(page, description="")
    if where is None:
        return page
    plan.report.mapped("description-shown", f"the page's `description`, which {whose} "
                       f"`{where[0]}` shows on it (line {where[1]}), is carried as its subtitle "
                       "(academicpages shows a page's `excerpt` only in its meta tags).",
                       page.origin)
    return replace(page, features=replace(feats, subtitle=page.description))


def _shown_around(page: Page, body: str, report: Report) -> str:
    """What the source page's layout showed around its text, which academicpages' page does
    not: the heading it showed (from its config: al-folio's blog page's `blog_name`; or the
    about layout's on a page other than the home page) is the page's `title`, set by the
    caller; the line under it (`blog_description`, a `subtitle`) is the first paragraph of
    its text, and an about layout's profile text the last."""
    feats = page.features
    if feats.heading and feats.heading != page.title:
        report.mapped("page-heading", f"the heading `{feats.heading}` this page showed is its "
                      "`title` (academicpages shows the title as the heading; the menu entry "
                      "keeps its label).", page.origin)
    if feats.subtitle:
        report.mapped("page-heading", f"the line `{feats.subtitle}` this page showed under its "
                      "heading is the first paragraph of its text.", page.origin)
        body = f"<p>{closed(feats.subtitle)}</p>\n\n{body.lstrip(chr(10))}"
    if feats.profile_text:
        report.mapped("page-heading", "the profile text the about layout showed under this "
                      "page's text (it is not the home page) is the end of its text.",
                      page.origin)
        body = body.rstrip("\n") + f"\n\n{feats.profile_text}\n"
    return body


def _page_out(page: Page) -> str:
    return written_name(page.path)  # `_pages/...` stays there; a root-level page at the root


def _publication_slugs(pubs: list[Publication]) -> list[str]:
    """The `_publications/<slug>.md` name of each publication: date and title, made unique.
    An address or a key already in that shape (an academicpages publication that went
    through al-folio keeps its page's address, or its file stem as key) is the name as it
    was; a publication read from its own file of `_publications/` (an upgrade) keeps that
    file's name, whatever its shape (:func:`_own_file`)."""
    taken = {own for pub in pubs if (own := _own_file(pub))}
    out = []
    for pub in pubs:
        date = _publication_date(pub)
        stem = pub.permalink.rstrip("/").rsplit("/", 1)[-1]
        if own := _own_file(pub):
            out.append(own)
            continue
        if _OWN_NAME.fullmatch(stem):  # its own page's address names it
            slug = stem
        elif _OWN_NAME.fullmatch(pub.key) and pub.key.startswith(date + "-"):
            slug = pub.key
        else:
            slug = f"{date}-{pub.slug or _file_key(pub.key)}"
        if slug in taken:  # same date and title: keep both
            slug = f"{date}-{slugify(pub.key)}"
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


def _cite_authors(pub: Publication, shown_by: str, plan: Plan) -> str:
    """A publication whose `authors` the source's own code showed (`post.authors` in the
    owner's listing or layout) and that has no `citation`: academicpages' layouts show
    authors only in the citation, so it gets one ("Authors. (Year). "Title." <i>Venue</i>.")."""
    parts = [f"{', '.join(pub.authors)}."]
    parts += [f"({pub.year})."] if pub.year else []
    parts += [f'"{pub.title.rstrip(".")}."'] if pub.title else []
    parts += [f"<i>{pub.venue}</i>."] if pub.venue else []
    plan.report.mapped("publication-authors", f"the authors of `{pub.key}`, which your "
                       f"`{shown_by}` showed, are in its `citation`: academicpages' layouts "
                       "show a publication's authors there.", pub.origin)
    return " ".join(parts)


def _home_only(pub: Publication, plan: Plan) -> None:
    """Say that ``pub``, on the old home page's selected papers only, is listed there only
    (academicpages' publications page lists every item of `_publications/`), and which of
    its links that list does not show (it shows a citation and its DOI, also as an address)."""
    said = (f"publication `{pub.key}` was on the home page's selected papers only (no query "
            "of the publications page selected it): listed there, not in `_publications/`, "
            "whose every item the publications page lists")
    doi = pub.links.get("doi", "").strip()
    links = sorted(k for k, v in pub.links.items() if k != "doi" and not (doi and doi in v))
    if links:
        plan.report.lost("selected-only", f"{said}; that list shows its citation and DOI, not "
                         f"its links ({', '.join(f'`{k}`' for k in links)}): add them to the "
                         "about page by hand.", pub.origin)
    else:
        plan.report.mapped("selected-only", said + ".", pub.origin)


def _own_file(pub: Publication) -> str:
    """The path under `_publications/`, without its suffix, of the file the publication was
    read from (an academicpages site's own: `2019-02-25_thesis`); "" for one read from
    elsewhere (an entry of a `.bib` file)."""
    rel = pub.origin.path if pub.origin else ""  # (string work: read for every entry)
    stem, dot, suffix = rel.removeprefix("_publications/").rpartition(".")
    if not rel.startswith("_publications/") or not dot or f".{suffix}" not in \
            _DOCUMENT_SUFFIXES or not stem.rsplit("/", 1)[-1]:
        return ""
    return stem


_DOCUMENT_SUFFIXES = {".md", ".markdown", ".html"}


def _publication_url(pub: Publication, slug: str, config: dict[str, Any]) -> str:
    """The publication's address: its own `permalink`; for one read from its own file, the
    address Jekyll gave that file on the old site (its collection's `permalink` pattern in
    the site's `_config.yml`, or Jekyll's default), so that it stays where it was."""
    if pub.permalink:
        return pub.permalink
    if _own_file(pub) and pub.origin:
        from ...jekyll.urls import collection_url
        slug_key = pub.extra.get("slug")
        front = {"slug": slug_key} if isinstance(slug_key, (str, int)) else {}
        served = collection_url(pub.origin.path, front, config)
        if served:
            return served
    return f"/publication/{slug}"


def _publication_file(pub: Publication, slug: str) -> str:
    own = pub.origin.path if pub.origin and _own_file(pub) else ""
    return own or f"_publications/{slug}.md"


def _write_publication(pub: Publication, slug: str, plan: Plan, copier: AssetCopier,
                       site_baseurl: str = "", sep: str = "\n\n", citation: str = "",
                       url: str = "") -> None:
    date = _publication_date(pub)
    if not pub.date and pub.year:  # (a `year:` of its own, no `date:`)
        plan.report.mapped("no-date", f"publication `{pub.key}` gives its year ({pub.year}) "
                           f"and no date: dated {date}, the date academicpages' layouts sort "
                           "and show it by. Give it its own `date:` if another is right.",
                           pub.origin)
    elif not pub.date:
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
    front["permalink"] = url or _publication_url(pub, slug, {})
    if pub.abstract:
        front["excerpt"] = pub.abstract
    front["date"] = yaml_date(date)
    venue, notes = shown_venue(pub)
    if venue:
        front["venue"] = venue
    else:  # the list's line is printed whatever the item holds
        plan.report.add("no-venue", "warning", "lost", f"publication `{pub.key}` names no "
                        "venue (journal, book title, school, publisher ...): academicpages' "
                        f"publication list prints “Published in , {date[:4]}” for it; write "
                        f"where it appeared as `venue:` of `{_publication_file(pub, slug)}`.",
                        pub.origin)
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
    own_fields(pub, front, copier)  # a theme's own fields (abbr, award ...)
    if pub.bibtex:
        name = _file_key(pub.key)
        if name != pub.key:
            plan.report.problem("unsafe-path", f"BibTeX key `{pub.key}` is no file name; its "
                                f"BibTeX file is `files/{name}.bib`.", pub.origin)
        plan.write(f"files/{name}.bib", pub.bibtex.rstrip("\n") + "\n")
        front["bibtexurl"] = f"{base}/files/{name}.bib"
    if citation or pub.citation:
        front["citation"] = citation or pub.citation
    body = pub.body or (pub.abstract + "\n" if pub.abstract else "")
    if notes:  # what the source's list showed beside it (an award): no field shows it here
        body = (body.rstrip("\n") + "\n\n" if body.strip() else "") + "\n\n".join(notes) + "\n"
    if links:
        line = " · ".join(f"[{LINK_LABELS.get(k, k.title())}]({v})" for k, v in links.items())
        body = (body.rstrip("\n") + "\n\n" if body.strip() else "") + line + "\n"
    if pub.selected:
        front["selected"] = True
    _excerpt_outside_comment(front, body, sep, plan, pub.origin)
    out = _publication_file(pub, slug)
    body = with_picture(body, picture_line(pub, copier, out, plan), front, sep)
    for key, value in pub.extra.items():  # its own front matter (`note`, `pubtype` ...)
        if key not in front and value not in (None, "", []):
            front[key] = value
    plan.write_document(out, front, body)
    plan.report.mapped("publication", f"publication `{pub.key}` → `{out}`.", pub.origin)
    if pub.origin:
        plan.origins.setdefault(pub.origin.path, out)


def _item_front(item: Item, collection: str) -> CommentedMap:
    front = CommentedMap()
    front["title"] = document_title(item)
    front["collection"] = collection
    return front


def _excerpt_outside_comment(front: Any, body: str, sep: str | None, plan: Plan,
                             origin: Origin | None) -> None:
    """academicpages' lists print a document's excerpt: one that Jekyll would cut inside an
    HTML comment (:func:`~sitemigrate.jekyll.documents.comment_safe_excerpt`) is written as
    `excerpt:` without it, so that the commented-out text stays hidden."""
    if sep is None or front.get("excerpt") is not None:
        return
    excerpt = comment_safe_excerpt(body, excerpt_separator({"excerpt_separator": sep}, front))
    if excerpt is None:
        return
    front["excerpt"] = excerpt
    plan.report.mapped("excerpt-comment", "Jekyll's excerpt of this document (its text up to "
                       "the first blank line or `excerpt_separator`) would cut the HTML "
                       "comment in it open, and the lists that show excerpts would print "
                       "the commented-out text; `excerpt:` is written without the comment "
                       + ("(empty)." if not excerpt else "."), origin)


def _finish_item(item: Item, front: CommentedMap, out: str, body: str, plan: Plan,
                 copier: AssetCopier, old_url: str, new_url: str,
                 sep: str | None = None) -> None:
    _excerpt_outside_comment(front, body, sep, plan, item.origin)
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
    elif item.redirect:  # jekyll-redirect-from forwards a collection's documents too
        # a file of the site, by path or by the site's own address, goes where DEST keeps files
        target = copier.carry(item.redirect, item.origin, "redirect target")
        front["redirect_to"] = target
        plan.report.mapped("item-redirect", f"the page forwards to `{item.redirect}` → "
                           f"`redirect_to: {target}` (jekyll-redirect-from: a visitor of the "
                           "page, and of its entry in the lists, lands there at once).",
                           item.origin)
    write_item(plan, copier, item, front, out, body, new_url, THEME, sep or "\n\n")


_VIDEO = {".mp4", ".webm", ".mov", ".m4v", ".ogv"}
"""The files a browser plays as video, not shows as a picture."""


def _write_portfolio(item: Item, plan: Plan, copier: AssetCopier, site_baseurl: str,
                     code_label: str, sep: str) -> None:
    f = item.fields
    front = _item_front(item, "portfolio")
    if item.date:  # else Jekyll dates it at the build, and the lists print that day
        front["date"] = yaml_date(item.date)
    excerpt = str(f.get("description") or "")
    if f.get("image"):
        img = copier.carry(str(f["image"]), item.origin, "project image")
        if img.startswith("/"):  # the excerpt is printed as written: no Liquid runs in it
            img = (site_baseurl or "").rstrip("/") + img
        # a video (a card's moving thumbnail) is no picture an `<img>` can show
        excerpt += f"<br/><video src='{img}' autoplay loop muted playsinline></video>" \
            if PurePosixPath(img.split("?")[0]).suffix.lower() in _VIDEO else \
            f"<br/><img src='{img}'>"
    shown = (plan.from_theme.vocabulary.get("listings", {}).get("projects") or {}
             if plan.from_theme is not None else {}).get("text", True)
    if excerpt or not shown:  # an empty one: Jekyll's excerpt (the first paragraph) is text
        front["excerpt"] = excerpt  # the source's list did not show
    for key in ("category", "importance"):
        if f.get(key) is not None:
            front[key] = f[key]
    body = _project_subtitle(item, item.body, plan)
    if f.get("github"):
        body = body.rstrip("\n") + f"\n\n[{code_label}]({f['github']})\n"
        plan.report.verbatim("project-github", f"`github: {f['github']}` has no academicpages "
                             f"field; it became a `[{code_label}]` link at the end of the body.",
                             item.origin)
    new_url = project_url(item)
    _finish_item(item, front, f"_portfolio/{item.slug}.md", body, plan, copier, new_url, new_url,
                 sep)


def _project_subtitle(item: Item, body: str, plan: Plan) -> str:
    """A project's `description` that SRC's layout of its page shows under its title (al-folio's
    page layout, or the owner's copy of it) is the first paragraph of its text: academicpages'
    item page shows the `excerpt` (where the lists take it from) only in its meta tags."""
    given = item.fields.get("description")
    desc = given.strip() if isinstance(given, str) else ""  # a text, as the layout printed it
    path = item.origin.path if item.origin else item.path
    if not desc or plan.source is None:
        return body
    where = shown_by(plan, path, "description") or shown_by(plan, path, "description",
                                                             theirs=True)
    if where is None:
        return body
    plan.report.mapped("description-shown", f"the project's `description`, which the layout "
                       f"`{where[0]}` shows on its page (line {where[1]}), is the first "
                       "paragraph of its text (academicpages shows the `excerpt`, which the "
                       "lists print, on the item's page only in its meta tags).", item.origin)
    return f"<p>{closed(desc)}</p>\n\n{body.lstrip(chr(10))}"


def _write_post(item: Item, site: Site, plan: Plan, copier: AssetCopier, sep: str) -> None:
    f = item.fields
    front = CommentedMap()
    front["title"] = document_title(item)
    if item.date:
        front["date"] = yaml_date(item.date)
    url = post_url(site.config_extra, item)
    front["permalink"] = url  # the post keeps its address
    for key in ("tags", "categories"):
        value = f.get(key)
        if value:
            front[key] = value.split() if isinstance(value, str) else value
    if f.get("description"):
        front["excerpt"] = f["description"]
    name = PurePosixPath(item.path).name
    body = cited_in_text(item.body, item.origin.path if item.origin else item.path,
                         {**item.fields, **item.extra}, plan, plan.from_theme, THEME,
                         site_words(site)["references"], item.origin)
    noted = footnoted_in_text(body, item.origin.path if item.origin else item.path, plan,
                              plan.from_theme, THEME, item.origin)
    notes, body = noted != body, noted
    if f.get("toc"):
        body = _with_toc(body, name, plan, item.origin, "post")
    if body != item.body and "excerpt" not in front and sep and \
            (first := item.body.lstrip("\n").partition(sep)[0]):
        # Jekyll's excerpt would be the include now, or hold the footnotes' marks
        front["excerpt"] = (footnotes_left_out(first) if notes else first).strip()
    _finish_item(item, front, f"_posts/{post_file(item.path)}", body, plan, copier, url, url,
                 sep)


def _write_event(item: Item, kind: str, folder: str, plan: Plan, copier: AssetCopier,
                 words: dict[str, str], sep: str, read: bool = False) -> None:
    """``read``: Liquid of the owner's that a page keeps reads the items' `description`
    (:func:`~.ownreads.owner_reads`): it stays in the front matter, as well as in the text."""
    f = item.fields
    front = _item_front(item, kind)
    if f.get("type"):
        front["type"] = f["type"]
        talk_layout = layout_text(plan, "talk") if kind == "talks" else ""
        if talk_layout is None or "page.talk_type" in (talk_layout or ""):
            front["talk_type"] = f["type"]  # the talk layout shows venue and place under it
    new_url = item.permalink or f"/{kind}/{item.slug}"
    front["permalink"] = new_url
    for key in ("venue", "location"):
        if f.get(key):
            front[key] = f[key]
    if item.date:
        front["date"] = yaml_date(item.date)
    elif kind == "teaching" and re.fullmatch(r"\d{4}", str(f.get("year") or "").strip()):
        # academicpages shows a course's year from its `date` (the teaching list, its page);
        # without one Jekyll dates it at the build and shows that year
        front["date"] = yaml_date(f"{str(f['year']).strip()}-01-01")
        plan.report.mapped("teaching-year", f"the course's year ({f['year']}) written as its "
                           "`date` (academicpages' teaching list and page show the year of "
                           "the date, and sort by it).", item.origin)
    body = item.body
    if f.get("description") and str(f["description"]) not in body:
        body = f"{f['description']}\n\n{body}"
    if read and f.get("description"):
        front["description"] = f["description"]
        plan.report.mapped("description-read", "its `description` stays in its front matter "
                           "(and is the first paragraph of its text): Liquid of yours that a "
                           f"page keeps reads it of the {kind} it lists.", item.origin)
    shown: dict[str, str] = {}  # each address once, by its first name
    for key in EVENT_LINKS:
        if isinstance(f.get(key), str) and f[key].strip() and f[key] not in body:
            shown.setdefault(f[key], key)
    if shown:  # academicpages' talk and teaching layouts show none of them; the bar escaped:
        # kramdown reads a line of `a | b` as a table's row (a box around the links)
        body = body.rstrip("\n") + ("\n\n" if body.strip() else "") + " \\| ".join(
            f"[{words['link_' + k]}]({site_link(url)})" for url, k in shown.items()) + "\n"
        plan.report.mapped("event-links", f"its {', '.join(shown.values())} shown as links at "
                           "the end of its page (academicpages' layouts show no such field).",
                           item.origin)
    for key in ("instructor", "term", "year", "time", "course_id", "schedule"):
        if f.get(key) is not None:
            front[key] = f[key]
    if kind == "teaching":  # academicpages' teaching page shows type, venue and date only
        keys = [k for k in ("location", "instructor", "term", "time")
                if isinstance(f.get(k), (str, int)) and str(f[k]).strip()]
        lines = [f"- {words[k]}: {f[k]}" for k in keys]
        if lines:
            body = "\n".join(lines) + "\n\n" + body.lstrip("\n")
            plan.report.mapped("teaching-details", "the course's " + ", ".join(keys)
                               + " shown at the top of its page (academicpages' teaching "
                               "layout does not show them).", item.origin)
        table = _schedule_table(f.get("schedule"), words)
        if table:
            body = body.rstrip("\n") + ("\n\n" if body.strip() else "") + table
            plan.report.mapped("teaching-schedule", "the course's `schedule` shown as a table "
                               "at the end of its page (academicpages' layouts do not show "
                               "it).", item.origin)
    _finish_item(item, front, f"{folder}/{item.slug}.md", body, plan, copier, new_url, new_url,
                 sep)


# the links of a talk or course (the IR's names), in the order its page shows them
EVENT_LINKS = ("url", "slides", "video", "pdf", "poster", "code", "website")


def _distinct_slugs(items: list[Item], report: Report, folder: str) -> list[Item]:
    """The items of a collection folder, each with a file of its own: one whose slug an item
    before it took (two talks of one title, given at two events) is named `<slug>-2`, ...
    (academicpages names each document by its file, so one would overwrite the other)."""
    taken: set[str] = set()
    out = []
    for item in items:
        slug, n = item.slug, 1
        while slug in taken:
            n += 1
            slug = f"{item.slug}-{n}"
        if slug != item.slug:
            report.mapped("same-slug", f"`{folder}/{item.slug}.md` is the name of an item "
                          f"before this one (the same title): written as `{slug}.md`.",
                          item.origin)
            item = replace(item, slug=slug)
        taken.add(slug)
        out.append(item)
    return out


def _schedule_table(schedule: Any, words: dict[str, str]) -> str:
    """A course's schedule (week, date, topic and description, materials: name and url per
    row, al-folio's course shape) as a Markdown table under a heading."""
    rows = [r for r in schedule if isinstance(r, dict)] if isinstance(schedule, list) else []
    if not rows:
        return ""

    def cell(value: Any) -> str:
        return " ".join(str(value if value is not None else "").split()).replace("|", "\\|")

    lines = [f"## {words['schedule']}", "",
             f"| {words['week']} | {words['date']} | {words['topic']} | {words['materials']} |",
             "|---|---|---|---|"]
    for row in rows:
        topic = " — ".join(x for x in (f"**{cell(row['topic'])}**" if row.get("topic") else "",
                                       cell(row.get("description"))) if x)
        got = row.get("materials")
        materials: list[Any] = got if isinstance(got, list) else []
        links = ", ".join(f"[{cell(m.get('name') or m.get('url'))}]"
                          f"({site_link(str(m['url']))})" if m.get("url") else cell(m.get("name"))
                          for m in materials if isinstance(m, dict))
        lines.append(f"| {cell(row.get('week'))} | {cell(row.get('date'))} | {topic} | {links} |")
    return "\n".join(lines) + "\n"


def _write_news_page(item: Item, plan: Plan, copier: AssetCopier) -> None:
    front = CommentedMap()
    front["title"] = item.title
    url = item.permalink or f"/news/{item.slug}/"
    front["permalink"] = url
    front["date"] = yaml_date(item.date) if item.date else None
    front["author_profile"] = True
    _finish_item(item, front, f"_pages/news/{item.slug}.md", item.body, plan, copier, url, url)


def _write_custom(name: str, items: list[Item], site: Site, plan: Plan,
                  copier: AssetCopier, sep: str) -> None:
    for item in items:
        front = _item_front(item, name)
        if item.date:  # the date the site's own lists and layouts print (`photo.date`)
            front["date"] = yaml_date(item.date)
        for key, value in item.fields.items():
            front[key] = value
        url = item.permalink or f"/{name}/{item.slug}/"
        _finish_item(item, front, f"_{name}/{PurePosixPath(item.path).name}", item.body, plan,
                     copier, url, url, sep)
    if items:
        plan.report.verbatim("custom-collection", f"collection `{name}` ({len(items)} items) has "
                             f"no academicpages equivalent; kept as `_{name}/`, declared in "
                             "`collections:` and listed on a page.", None)
        collection_page(name, site, plan, THEME, CommentedMap([
            ("layout", "archive"), ("title", name.replace("_", " ").title()),
            ("permalink", f"/{name}/"), ("author_profile", True)]))


def redirect(plan: Plan, old: str, target: str, origin: Origin | str | None) -> None:
    """Make ``old`` forward to ``target`` (jekyll-redirect-from's ``redirect_to``)."""
    out = stub_path(plan, old, target, origin)
    front = CommentedMap([("permalink", old), ("redirect_to", target), ("sitemap", False)])
    plan.write_document(out, front, "")
    plan.report.mapped("redirect", f"old URL `{old}` forwards to `{target}` through `{out}`.",
                       origin)
