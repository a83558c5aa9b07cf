"""The shared normalisation: what page bodies hold, read once after reading, for every theme.

A reader keeps a page's body as written; some of what the body holds is data another theme
keeps elsewhere: the about page's News section and a news page's dated lines (news items),
a Markdown CV on the CV page (CV sections). :func:`normalize` reads that into the IR
(:attr:`Page.news <sitemigrate.ir.Page.news>`, :attr:`Page.cv <sitemigrate.ir.Page.cv>`), so
writers only render. ``read_site`` runs it; writing runs it for pages it has not read (a site
built by hand).
"""

from __future__ import annotations

import re

from .formats.content import extract_news
from .formats.sections import headings
from .ir import Page, PageCV, PageNews, Site


def normalize(site: Site, only_unset: bool = False) -> Site:
    """Fill :attr:`Page.news` and :attr:`Page.cv` of ``site``'s pages from their bodies (with
    ``only_unset``, only where they are None). Returns ``site``."""
    for page in site.pages:
        if not only_unset or page.news is None:
            page.news = page_news(page)
        if not only_unset or page.cv is None:
            page.cv = page_cv(page, site)
    return site


def is_news_page(page: Page) -> bool:
    """A page that is the site's news list (by role, or at ``/news/``)."""
    return page.role == "news" or page.permalink.rstrip("/") == "/news"


def page_news(page: Page) -> PageNews | None:
    """The about page's News section, or a news page's dated lines, as items."""
    if page.role == "about":
        first = (page.origin.body_line or page.origin.line or 1) if page.origin else 1
        found = extract_news(page.body, page.path, first)
        whole = False
    elif is_news_page(page):
        first = (page.origin.body_line or 1) if page.origin else 1
        found = extract_news(page.body, page.path, first, whole=True)
        whole = True
    else:
        return None
    return PageNews(found.items, found.body if found.items else "", found.titles,
                    found.leftover, found.warnings, whole)


def page_cv(page: Page, site: Site) -> PageCV | None:
    """A CV page's body against the site's CV sections: which of them the body holds as
    Markdown CV data or shows under a heading, and the text beyond them."""
    if page.role != "cv" or not (site.cv and site.cv.sections):
        return None
    from .formats import cvmarkdown  # only a CV page needs it (a bibliography alone does not)
    body = page.body
    titles = {s.title for s in site.cv.sections}
    parsed = cvmarkdown.parse(body)
    have = {s.title for s in parsed.sections}
    moved = titles & have
    prose = cvmarkdown.remove(body, parsed, moved) if moved else body
    for sec in site.cv.sections:
        md = sec.markdown.strip()
        if sec.title not in moved and md and md in prose:
            prose = prose.replace(md, "", 1)
            moved.add(sec.title)
    prose = re.sub(r"\n{3,}", "\n\n", prose)
    headed = {h.title for h in headings(body) if h.style == "atx"}
    shown = [s.title for s in site.cv.sections if s.title in have | headed
             or (s.markdown.strip() and s.markdown.strip() in body)]
    return PageCV(sorted(moved), shown, prose)
