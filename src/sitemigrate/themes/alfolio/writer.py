"""al-folio writer: the profile IR as an al-folio site.

All al-folio knowledge lives in this package and in ``mappings/al-folio.yml``."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePosixPath
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ...formats import bibtex as bib
from ...ir import Identity, Item, Origin, Page, Site
from ...jekyll import checkout
from ...jekyll.assets import AssetCopier, unfiltered
from ...jekyll.checkout import layout_text
from ...jekyll.citations import layout_lists_cited
from ...jekyll.documents import excerpt_separator, keep_excerpt, post_file
from ...jekyll.furniture import forward_furniture
from ...jekyll.layouts import shown_by, with_shown
from ...jekyll.liquid import (
    attribute_safe,
    encoded_link_targets,
    markdown_in_html,
    source_line,
    tokenize,
)
from ...jekyll.listings import add_collection_listings, collection_page, translate_body
from ...jekyll.mathdelims import kramdown_inline_math
from ...jekyll.ownlayouts import with_layout_own
from ...jekyll.redirects import stub_path
from ...jekyll.site import (
    PAGE_SUFFIXES,
    document_title,
    extra_key,
    post_url,
    write_item,
    written_name,
    yaml_date,
)
from ...lazyre import lazy_pattern
from ...plan import Plan
from ...report import Report
from ...textio import dump_yaml, read_document
from ...theme import Options
from . import THEME, pubdata
from .bibliography import (
    _bib_entry,
    _carry_entry_files,
    _has_own_page,
    _has_year,
    _unique_keys,
    _write_publication_page,
    anchor_entries,
    unlisted,
)
from .cards import card_front
from .config import _target_generation, _write_config, site_switches
from .cvpage import _cv_as_data, _cv_page, _item_url, _write_cv
from .fixedlinks import checkout_answers, unanswered_links
from .menu import _menu_position, _menu_title, blog_listing, home_heading
from .menulinks import _forwarding_html, _write_menu_links
from .reader import NAME


def write(site: Site, plan: Plan, options: Options) -> None:
    vocab = THEME.vocabulary
    gen = _target_generation(plan, options)
    options = replace(options, generation=gen)  # told once: the parts below ask again
    plan.urls["site:generation"] = gen  # how DEST's layouts forward (redirect stubs)
    report = plan.report
    copier = AssetCopier(site, plan, vocab["paths"])
    _write_config(site, plan, gen, options, copier)
    kept_news = _news_item_pages(site)
    news = list(site.news) + list(kept_news.values())
    forwards = checkout.furniture_forwards(plan, site, THEME)
    blog = blog_listing(site)
    for page in site.pages:
        if page.role == "furniture" and forwards:
            forward_furniture(page, site, plan, lambda p: _page_out(p, site))
        elif page is blog and _reuse_blog_page(page, site, plan):
            continue
        elif page.permalink not in kept_news:
            news += _write_page(page, site, plan, options, copier)
    pubdata.keep_documents(site, plan)
    news = _unique_news(news, kept_news, report)
    sidebar = [p for p in site.pages if p.features.profile_sidebar is not None
               and not (p.role == "furniture" and forwards)]  # (not carried: no page to look at)
    if sidebar:
        report.add("theme-switch", "info", "lost", f"`author_profile` (academicpages' profile "
                   f"sidebar switch) on {len(sidebar)} page(s) ("
                   + ", ".join(f"`{p.path}`" for p in sidebar) + "): al-folio has no sidebar "
                   "and shows the profile on the about page only; pages that hid it "
                   "(`false`) look the same, the others no longer show it.", sidebar[0].path,
                   source_line(plan, sidebar[0].path, "author_profile", 1))
    _write_menu_links(site, plan, gen, copier)
    if _cv_as_data(site):
        _write_cv(site, plan, options, copier)
    for item in news:
        _write_news(item, plan)
    sep = excerpt_separator(site.config_extra)
    for n, item in enumerate(site.projects, 1):
        _write_project(item, n, plan, copier, sep)
    excerpts = bool(site.posts) and _reads_excerpt(plan, site)
    for item in site.posts:
        _write_post(item, site, plan, copier, excerpts)
    for item in site.teaching:
        _write_item(item, "_teachings", "course", plan, copier, "teachings", True, sep)
    for item in site.talks:
        _write_item(item, "_talks", "page", plan, copier, "talks", True, sep)
    for name, items in site.collections.items():
        for item in items:
            _write_item(item, f"_{name}", "page", plan, copier, name, sep=sep)
        collection_page(name, site, plan, THEME, CommentedMap([
            ("layout", "page"), ("title", name.replace("_", " ")), ("permalink", f"/{name}/")]))
    hidden = unlisted(site, plan.from_theme)
    for pub in site.publications:
        if _has_own_page(pub, hidden):
            _write_publication_page(pub, plan, copier, site, pub.key not in hidden)
    if site.publications:
        _unique_keys(site.publications, report)
        for p in site.publications:
            if p.bibtex:
                _carry_entry_files(p, copier)
        owner = (" ".join(x for x in (site.identity.first_name, site.identity.middle_name) if x),
                 site.identity.last_name)
        bib_layout = layout_text(plan, "bib")
        shown = set(re.findall(r"\bentry\.(\w+)", bib_layout)) if bib_layout else None
        entries = [_bib_entry(p, copier, owner, report, shown)
                   for p in site.publications if _has_year(p, report)]
        plan.write("_bibliography/papers.bib", bib.dump_bib(entries, front_matter=True))
        pubs_page = site.page("publications")  # once: it scans the pages
        for p in site.publications:
            report.mapped("publication", f"publication `{p.key}` written to "
                          "`_bibliography/papers.bib`.", p.origin)
            if p.origin and pubs_page:
                plan.origins.setdefault(p.origin.path, plan.origins.get(
                    pubs_page.path, "_pages/publications.md"))
        if pubs_page:
            anchor_entries(site.publications, plan, bib_layout,
                           plan.origins.get(pubs_page.path, "_pages/publications.md"))
    else:
        # jekyll-scholar reads its default file wherever a page or layout lists the
        # bibliography (the publications page, the about page's selected papers): a site
        # with no publications of its own gets it empty, not missing (a build error)
        plan.write("_bibliography/papers.bib", bib.dump_bib([], front_matter=True))
    copier.carry_assets()


_URL_SAFE = re.compile(r"[A-Za-z0-9._~/-]+")


def _profile_image(site: Site, plan: Plan, copier: AssetCopier) -> str:
    """The about page's `profile.image` (a path below `assets/img/`). The about layout
    reads the file at its address (its cache-busting digest of `relative_url`): a picture
    SRC lacks, or whose name the address escapes (`a b.png` read as `a%20b.png`), would stop
    the build, so the first is left out and the second copied under a name kept as is."""
    from urllib.parse import unquote
    if copier.missing(site.identity.avatar):
        origin = site.identity.origin
        plan.report.verbatim("profile-image-missing", f"the profile picture "
                             f"`{site.identity.avatar}` is not in the source site, and "
                             "al-folio's about layout stops the build on a picture it cannot "
                             "read: the about page has none. Put the picture in `assets/img/` "
                             "and name it in the about page's `profile.image`.", origin,
                             copier.line_of(origin, PurePosixPath(site.identity.avatar).name))
        copier.leave_out(site.identity.avatar)
        return ""
    new = copier.carry(site.identity.avatar, site.identity.origin, "profile picture")
    if not new.startswith("/"):
        return new.removeprefix("/assets/img/")  # another site's address: not read here
    rel = unquote(new.split("?")[0]).lstrip("/")
    source = plan.copies.get(rel)
    if source is not None and not _URL_SAFE.fullmatch(rel):
        path = PurePosixPath(rel)
        safe = path.with_name(re.sub(r"[^A-Za-z0-9._~-]+", "-", path.name).strip("-")
                              or "profile" + path.suffix).as_posix()
        if safe not in plan.copies and not (plan.dest / safe).exists():
            plan.copy(safe, source)
            plan.report.verbatim("profile-image-renamed", f"the profile picture `{new}` is "
                                 f"also copied as `/{safe}`, which the about page shows: "
                                 "al-folio's about layout reads the picture at its address, "
                                 "and a name the address escapes stops the build.",
                                 site.identity.origin)
            rel = safe
    return rel.removeprefix("assets/img/")  # read below assets/img/


def _write_page(page: Page, site: Site, plan: Plan, options: Options,
                copier: AssetCopier) -> list[Item]:
    """Write one page; returns news items extracted from it."""
    report = plan.report
    front = CommentedMap()
    news: list[Item] = []
    body = page.body
    if page.role == "about":
        front["layout"] = "about"
        front["title"] = _menu_title(site, page, report) or "about"  # the menu's first label
        home_heading(site, page, front["title"], report)
        front["permalink"] = "/"
        feats = page.features
        subtitle = feats.subtitle or _description_line(page, plan) or site.identity.bio
        if subtitle:
            front["subtitle"] = subtitle
        profile = CommentedMap()
        profile["align"] = "right" if feats.profile_align is None else feats.profile_align
        if site.identity.avatar and (image := _profile_image(site, plan, copier)):
            profile["image"] = image
        profile["image_circular"] = feats.profile_image_circular
        more = feats.profile_text or _profile_text(site.identity)
        if more:
            profile["more_info"] = more
        for key, value in feats.profile_extra.items():
            profile.setdefault(key, value)
        if set(profile) - {"align", "image_circular"} or feats.profile_align is not None:
            front["profile"] = profile  # (a box with nothing in it is an empty float)
        if page.description:
            front["description"] = attribute_safe(page.description)
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
        news_feat = feats.news or {}
        posts = feats.latest_posts or {}
        # the about page's own switch decides, as its layout did (`news: false` over a site
        # with `_news/`: no announcements); a News section of its body it showed
        show_news = bool(news) or (bool(news_feat["enabled"]) if "enabled" in news_feat
                                   else has_news)
        # a list of the latest posts shows none where no post is carried (the template's
        # example posts stay behind): its heading would lead to a blog the site does not have
        show_posts = bool(posts.get("enabled", False)) and bool(site.posts)
        if THEME.vocabulary["about_flags"][_target_generation(plan, options)] == "boolean":
            front["news"] = show_news  # 2020-23: plain switches, limits live in _config.yml
            front["latest_posts"] = show_posts
        else:
            front["announcements"] = {"enabled": show_news,
                                      "scrollable": bool(news_feat.get("scrollable", True)),
                                      "limit": _limit(news_feat.get("limit"))}
            front["latest_posts"] = {"enabled": show_posts,
                                     "scrollable": True, "limit": _limit(posts.get("limit"))}
            about = layout_text(plan, "about") or ""
            if re.search(r"\bpage\.news\b", about):  # 2024: `page.news and site.announcements`
                front["news"] = show_news
            site_switches(plan, about, front["announcements"], front["latest_posts"],
                          page.origin)
        front["selected_papers"] = (any(p.selected for p in site.publications)
                                    if feats.selected_papers is None else feats.selected_papers)
        front["social"] = True if feats.social is None else feats.social
        _answer_fixed_links(site, front, plan, page)
    elif page.role == "news" or page.permalink.rstrip("/") == "/news":
        body, news = _news_list_page(page, body, plan)
    if page.role != "about":
        front["layout"] = "page"
        front["title"] = _menu_title(site, page, plan.report)
        if page.permalink:
            front["permalink"] = page.permalink
        if page.description:
            front["description"] = attribute_safe(page.description)
        order = _menu_position(site, page)
        if order is not None:
            front["nav"] = True
            front["nav_order"] = int(order) if float(order).is_integer() else order
            _dropdown(front, page)
        elif page.nav_line is not None:  # its `nav:`, though the old menu showed it not
            front["nav"] = False
        if page.role == "cv":
            body = _cv_page(front, page, body, site, plan, options, copier)
    if page.redirect:
        front["redirect"] = page.redirect
    if page.redirect_from and options.redirects == "plugin":
        front["redirect_from"] = list(page.redirect_from)
        plan.report.mapped("redirect", f"old URLs {', '.join(page.redirect_from)} kept in "
                           "`redirect_from` (jekyll-redirect-from enabled).", page.origin)
    shown = []
    for key, value in page.extra.items():
        if key not in front:
            front[key] = value
            shown.append(extra_key(plan, key, THEME, page.origin, value,
                                   front.get("layout")))
    out = _page_out(page, site)
    body = translate_body(body, page.role, plan.from_theme, THEME, plan, page.origin,
                          config=site.config_extra)
    # a space or a non-ASCII letter in a link stops al-folio's jekyll-target-blank (URI.parse)
    body = encoded_link_targets(body)
    body = add_collection_listings(page, body, site, THEME, report)
    rendered = "\n".join(pubdata.rendered_liquid(body))  # a loop in `<!-- -->` shows nothing
    missing = sorted(set(re.findall(r"site\.(publications|portfolio|teaching)\b", rendered))
                     - ({pubdata.COLLECTION} if pubdata.reads_publications(body)
                        and pubdata.documents(site, plan) else set()))
    if missing:
        report.verbatim("liquid-collection", "this page's Liquid uses "
                        + ", ".join(f"`site.{m}`" for m in missing) + ", which al-folio does "
                        "not have (publications live in `_bibliography/papers.bib`, projects in "
                        "`site.projects`, teaching in `site.teachings`); kept as written: "
                        "rewrite those loops.", page.origin)
    cv_data = site.cv.origin.path if page.role == "cv" and site.cv and site.cv.sections \
        and site.cv.origin else ""  # (the CV the writer shows on this page)
    body = with_layout_own(plan, page, with_shown(body, shown, out), out, THEME, cv_data)
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


def _description_line(page: Page, plan: Plan) -> str:
    """The home page's `description` where SRC's about layout shows it as the line under
    the heading (older al-folio layouts, or the owner's; the newer show `subtitle` there,
    the description only in `<meta>`): that line, carried as the `subtitle`, said."""
    where = page.description and (shown_by(plan, page.path, "description", output=True)
                                  or shown_by(plan, page.path, "description", True, True))
    if not where:
        return ""
    plan.report.mapped("description-shown", f"the page's `description`, which `{where[0]}` "
                       f"shows under the heading (line {where[1]}), is carried as its "
                       "`subtitle`, the line the new about layout shows there.", page.origin)
    return page.description


def _answer_fixed_links(site: Site, front: CommentedMap, plan: Plan, page: Page) -> None:
    """A site address DEST's about layout links by name for this page (its selected papers'
    heading: `/publications/`) that no page of the site answers forwards to the page of
    that role; with none, the dead link is said (:mod:`.fixedlinks`)."""
    layout = layout_text(plan, str(front.get("layout") or "about")) or ""
    for address, line, target in unanswered_links(site, front, layout, plan.dest):
        if target is not None:
            redirect(plan, address, target.permalink, page.origin)
            plan.report.mapped("fixed-link", f"the new home layout links `{address}` (line "
                               f"{line}); your site has no page there: it forwards to "
                               f"`{target.permalink}`, your {target.role} page.", page.origin)
        else:
            plan.report.problem("fixed-link", f"the new home layout links `{address}` (line "
                                f"{line}), where your site has no page: a dead link on the "
                                "home page. Add a page at that address, or change the "
                                "layout.", page.path, page.origin.line if page.origin else None)
    listings, owned = THEME.vocabulary["checkout"]["listing_pages"], checkout.owner_has(site)
    for address, line, rel, role in checkout_answers(site, front, layout, plan.dest):
        if rel in plan.files or owned.get(role) or not any(
                PurePosixPath(rel).match(g) for g in listings.get(role, [])):
            continue  # (a listing page of items the owner has stays anyway)
        plan.write(rel, (plan.dest / rel).read_bytes())  # as it is: no example to clear
        plan.report.mapped("fixed-link", f"the new home layout links `{address}` (line "
                           f"{line}), the template's {role} page: kept, where it would have "
                           "gone with the template's example content.", page.origin)


def _limit(value: Any) -> int | None:
    """The number of items a home-page list (news, latest posts) shows: the source's
    limit; none, where it set none (or none a layout reads as a number), which every
    generation's include reads as every item."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _dropdown(front: CommentedMap, page: Page) -> None:
    """A menu page whose entry is a dropdown (al-folio's header shows `dropdown: true` as a
    toggle listing `children`, each a `title` and a `permalink`, `divider` a rule): written
    as one, so that the menu shows its entries as the old site's did, not a link to it."""
    if not page.features.children:
        return
    front["dropdown"] = True
    front["children"] = [{"title": c.title, **({"permalink": c.url} if c.url else {})}
                         for c in page.features.children]


ABOUT_OUT = "_pages/about.md"
"""Where al-folio's about page lives."""


def _page_out(page: Page, site: Site) -> str:
    """The file a page is written to: the about page to `_pages/about.md`, a page read from
    another folder starting with `_` to `_pages/`, any other page to its own path; another
    page at `_pages/about.md` (the about page is a page elsewhere, at `/`) moves aside,
    named by its address, so that neither overwrites the other."""
    if page.role == "about":
        return ABOUT_OUT
    folder = page.path.split("/", 1)[0]
    if "/" in page.path and folder.startswith("_") and folder != "_pages":
        # a page read from a collection's folder (`_publications/publications.md`): Jekyll
        # builds no page of a folder starting with `_`, al-folio's pages are in `_pages/`
        taken = {p.path for p in site.pages}
        name = PurePosixPath(page.path)
        out, n = f"_pages/{name.name}", 1
        while out in taken:
            n += 1
            out = f"_pages/{name.stem}-{n}{name.suffix}"
        return out
    if page.path != ABOUT_OUT or not any(p.role == "about" for p in site.pages):
        return written_name(page.path)
    taken = {p.path for p in site.pages}
    slug = re.sub(r"[^A-Za-z0-9]+", "-", page.permalink).strip("-").lower() or "page"
    out, n = f"_pages/about-{slug}.md", 1
    while out in taken:
        n += 1
        out = f"_pages/about-{slug}-{n}.md"
    return out


def _template_blog_page(plan: Plan) -> str | None:
    """DEST's own blog listing (`_pages/blog.md`, 2022's `blog/index.html`), if it has one."""
    import fnmatch
    globs = THEME.vocabulary["checkout"]["listing_pages"].get("blog") or []
    for pattern in globs:
        folder = plan.dest / PurePosixPath(pattern).parent
        if not folder.is_dir() or folder.is_symlink():
            continue
        for path in sorted(folder.iterdir()):
            rel = f"{PurePosixPath(pattern).parent}/{path.name}"
            if path.is_file() and fnmatch.fnmatchcase(rel, pattern):
                return rel
    return None


def _stock_page(site: Site, page: Page) -> bool:
    """Whether ``page`` is a file of an al-folio template as it ships it."""
    from pathlib import Path

    from ...template_files import is_template_file
    return bool(site.source and page.origin) and is_template_file(
        THEME, Path(site.source), page.origin.path if page.origin else "")


def _reuse_blog_page(page: Page, site: Site, plan: Plan) -> bool:
    """The owner's blog listing (another theme's, at its own address, or in an upgrade the
    older template's own blog page, unchanged) becomes DEST's own blog page, which
    al-folio's includes link (`/blog/`, its pagination): that page keeps its listing and
    takes the owner's title, menu place and prose; the old address forwards there. False
    (the page is written as it is) when DEST has no blog page or the owner's page has a
    listing of its own."""
    rel = _template_blog_page(plan)
    if rel is None or (site.theme == NAME and not _stock_page(site, page)):
        return False  # an upgrade: the owner's own blog page is theirs, as written
    doc = read_document(plan.dest / rel, rel, None)
    if doc is None or not doc.has_front_matter:
        return False
    body = translate_body(page.body, "blog", plan.from_theme, THEME, plan, page.origin)
    stock = THEME.vocabulary["listings"]["blog"]["body"].rstrip("\n")
    prose = body.replace(stock, "")
    prose = re.sub(r"\{%-?\s*assign base_path = [^%]*%\}", "", prose).strip()
    if not re.sub(r"<[^>]*>", "", prose).strip():
        prose = ""  # the stock page's wrapper around its listing: markup without text
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
            prose = markdown_in_html(prose, "owner_intro")
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


def _local_includes(body: str, gen: str) -> str:
    """``{% include x.liquid %}`` as ``x.html`` (or the reverse) where only that name exists in
    generation ``gen`` (2020-23 has `.html` includes, later ones `.liquid`)."""
    from ...jekyll.liquid import include_name, replace_tokens
    have = set(THEME.vocabulary["includes"][gen])

    def fn(tok: Any) -> str | None:
        name = include_name(tok)
        if not name or name in have:
            return None
        stem, dot, suffix = name.rpartition(".")
        twin = f"{stem}.{'html' if suffix == 'liquid' else 'liquid'}" if dot else ""
        return tok.text.replace(name, twin, 1) if twin in have else None
    return replace_tokens(body, fn) if "{%" in body else body


def _profile_text(ident: Identity) -> str:
    """What another theme's profile sidebar showed under the name: pronouns, employer,
    location, as the lines of al-folio's `more_info` under the picture."""
    parts = [p for p in (ident.pronouns, ident.employer, ident.location) if p]
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
    """A page that is a list of dated news lines: each a `_news` item, the page al-folio's list."""
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
    plan.write_document(out, front, encoded_link_targets(item.body), item.fm_comments,
                        item.newline)
    plan.report.mapped("news-item", f"news item of {item.date} → `{out}`.", item.origin)
    plan.origins.setdefault(item.path, out)


def _item_front(item: Item, layout: str, plan: Plan) -> CommentedMap:
    front = CommentedMap()
    front["layout"] = layout
    front["title"] = document_title(item)
    if plan.from_theme is not None and plan.from_theme.vocabulary.get("title_markdown") \
            and "$$" in front["title"]:  # what SRC's lists and pages showed: inline math
        front["title"] = kramdown_inline_math(front["title"])
    if item.date:
        front["date"] = yaml_date(item.date)
    if layout_lists_cited(item.fields):  # the layout lists what it cites
        front["related_publications"] = item.fields["related_publications"]
    return front


def _finish(item: Item, front: CommentedMap, out: str, body: str, plan: Plan,
            copier: AssetCopier, url: str, sep: str = "\n\n") -> None:
    if item.redirect:
        front["redirect"] = item.redirect
    write_item(plan, copier, item, front, out, encoded_link_targets(body), url, THEME, sep)
    for old in item.redirect_from:
        _redirect_stub(old, url, plan, item.origin)


def _write_project(item: Item, order: int, plan: Plan, copier: AssetCopier,
                   sep: str) -> None:
    f = item.fields
    front = _item_front(item, "page", plan)
    front.pop("date", None)
    body = card_front(item, front, plan, copier, sep)
    front["importance"] = f.get("importance", order)
    if f.get("category"):  # else listed by a projects page that groups by none of the owner's
        front["category"] = f["category"]
    if f.get("github"):
        front["github"] = f["github"]
    url = f"/projects/{item.slug}/"
    _finish(item, front, f"_projects/{item.slug}.md", body, plan, copier, url)


def _reads_excerpt(plan: Plan, site: Site) -> bool:
    """Whether the owner's Liquid written to DEST so far (their pages and the includes of
    their own these run) prints an item's `excerpt`: Jekyll gives a document the `excerpt`
    of its front matter, else its first paragraph; al-folio's layouts read `description`."""
    pages = checkout.written_pages(plan, THEME, PAGE_SUFFIXES)  # (not its listings' lines)
    texts = pages + list(checkout.owner_includes(plan, site, THEME, pages))
    return any(_EXCERPT().search(tok.markup) for text in texts if "excerpt" in text
               for tok in tokenize(text) if tok.kind != "text")


_EXCERPT = lazy_pattern(r"\w\.excerpt\b")
_EXCERPT_KEY = lazy_pattern(r"\A---[ \t]*\r?\n(?:(?!---[ \t]*\r?$).*\n)*?excerpt[ \t]*:",
                            re.M)


def _write_post(item: Item, site: Site, plan: Plan, copier: AssetCopier,
                excerpt: bool = False) -> None:
    """``excerpt``: the owner's Liquid in DEST prints posts' `excerpt`: a post whose front
    matter gave one (the source theme's summary, al-folio's `description`) keeps it."""
    f = item.fields
    front = _item_front(item, "post", plan)
    url = post_url(site.config_extra, item)
    front["permalink"] = url  # the post keeps its address
    if f.get("description"):
        front["description"] = attribute_safe(str(f["description"]))
        if excerpt and _EXCERPT_KEY().search(plan.source_text(item.path) or ""):
            front["excerpt"] = str(f["description"])  # the source's own, as Jekyll read it
    for key in ("tags", "categories"):
        value = f.get(key)
        if value:  # Jekyll splits a string at spaces: a tag with a space stays one in a list
            words = [str(v) for v in value] if isinstance(value, list) else None
            front[key] = (value if words is None else words if any(
                re.search(r"\s", w) for w in words) else " ".join(words))
    _finish(item, front, f"_posts/{post_file(item.path)}", item.body, plan, copier, url)


def _write_item(item: Item, folder: str, layout: str, plan: Plan, copier: AssetCopier,
                collection: str, details: bool = False, sep: str = "\n\n") -> None:
    """``details``: a talk's or course's details DEST's layout does not show are on a line
    at the top of its page; its excerpt stays the source's."""
    front = _item_front(item, layout, plan)
    url = _item_url(item, collection)
    if item.permalink:
        front["permalink"] = item.permalink
    for key, value in item.fields.items():
        if key not in front and value not in (None, ""):
            front[key] = attribute_safe(value) if key == "description" and isinstance(
                value, str) else value
    body = item.body
    line = _details_line(item, layout, plan) if details else ""
    if details:  # (a line at its top would be Jekyll's excerpt, which a list may show)
        keep_excerpt(front, item, plan, sep, bool(line), (THEME, collection))
    if line:
        body = line + "\n\n" + body.lstrip("\n")
    _finish(item, front, f"{folder}/{item.slug}.md", body, plan, copier, url, sep)


def _details_line(item: Item, layout: str, plan: Plan) -> str:
    """The item's details DEST's layout ``layout`` does not show (``item_details`` in the
    mapping), as a line of Liquid that prints them from the item's own front matter: type,
    venue, place, date, then its links."""
    shown = set(re.findall(r"\bpage\.(\w+)", _layout_chain(plan, layout)))
    have = {k: v for k, v in {**item.extra, **item.fields}.items()
            if isinstance(v, (str, int)) and not isinstance(v, bool) and str(v).strip()}
    if item.date:
        have["date"] = item.date
    rule = THEME.vocabulary["item_details"]
    parts = [("{{ page.date | date: \"%B %-d, %Y\" }}" if key == "date" else
              f"{{{{ page.{key} }}}}") for key in rule["fields"]
             if key in have and key not in shown]
    links = {}
    for key, label in rule["links"].items():
        if key in have and key not in shown and label not in links:
            links[label] = f"[{label}]({{{{ page.{key} | relative_url }}}})"
    line = ", ".join(parts)
    if links:
        line = (line + " · " if line else "") + " · ".join(links.values())
    if line:
        plan.report.mapped("item-details", f"`{item.path}`: its "
                           + ", ".join(k for k in [*rule["fields"], *rule["links"]]
                                       if k in have and k not in shown)
                           + " shown on a line at the top of its page (DEST's layout "
                           f"`{layout}` does not show them).", item.origin)
    return line


def _layout_chain(plan: Plan, name: str) -> str:
    """DEST's layout ``name`` (or the page layout a missing one falls back to) and the
    layouts it is laid into; empty without a template checkout."""
    text = layout_text(plan, name)
    if text is None:
        text = layout_text(plan, THEME.vocabulary["checkout"]["page_layout"])
    out, seen = "", set()
    while text is not None and name not in seen:
        seen.add(name)
        out += text
        m = re.match(r"---\s*\n(?:.*\n)*?layout:\s*['\"]?([\w.-]+)", text)
        name = m[1] if m else ""
        text = layout_text(plan, name) if name else None
    return out


def _redirect_stub(old: str, target: str, plan: Plan, origin: Origin | str | None) -> None:
    """al-folio has no jekyll-redirect-from: a stub page whose `redirect:` forwards, where
    DEST's default layout forwards to the page's `redirect:`; where it forwards home only
    (2020-23), a page of no layout that forwards by itself (its `redirect:` kept: it says
    where the page leads, for the URL ledger and a later reading of the site)."""
    target = target or "/"
    vocab = THEME.vocabulary
    gen = plan.urls.get("site:generation") or vocab["default_generation"]
    itself = target != "/" and gen not in vocab[
        "redirect_menu_generations" if "://" in target else "redirect_path_generations"]
    out = stub_path(plan, old, target, origin, ".html" if itself else ".md")
    front = CommentedMap([("layout", "none" if itself else "default"),
                          ("permalink", old.strip()), ("redirect", target), ("sitemap", False)])
    body, how = "", "al-folio `redirect:`"
    if itself:
        body, how = _forwarding_html(target, target, plan), "a page that forwards by itself"
    plan.write_document(out, front, body)
    plan.report.mapped("redirect", f"old URL `{old}` forwards to `{target}` through `{out}` "
                       f"({how}).", origin)


def redirect(plan: Plan, old: str, target: str, origin: Origin | str | None) -> None:
    """Make ``old`` forward to ``target`` (a stub page with al-folio's ``redirect:``)."""
    _redirect_stub(old, target, plan, origin)  # (a path of SRC: the page it was)
