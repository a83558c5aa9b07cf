"""What al-folio's about layout shows under a page's text, as sections of the academicpages
page: the news, the selected papers, the lists of the owner's own layout, the latest posts
and the contact note. One path for every page the about layout showed: the home page, and a
page of its own that the layout showed too (a translated home page at `/cn/`, a second
profile page), each with its own switches and its headings in its own language."""

from __future__ import annotations

import re
from dataclasses import replace

from ruamel.yaml.comments import CommentedMap

from ...formats.cvmarkdown import mask_comments
from ...ir import Item, Page, Site
from ...jekyll.checkout import translate_liquid
from ...jekyll.languages import in_language_of
from ...jekyll.listings import site_words
from ...paragraphs import closed
from ...plan import Plan
from . import THEME
from .aboutlists import selected_section, shown_list, site_link

NEWS_URL = "/news/"
NEWS_PAGE = "_pages/news.md"


def news_line(item: Item) -> str:
    """An item as one entry of a Markdown list: its lines after the first indented to the
    entry's text (kramdown ends the list at a line after a blank one that is not), so that
    an item of several paragraphs stays one entry; without its HTML comments, which show
    nothing on the item's page but which kramdown prints as text inside a list entry."""
    text = re.sub(r"\n\s*\n(\s*\n)+", "\n\n", mask_comments(_news_text(item))).strip()
    first, *rest = (line.rstrip() for line in text.split("\n"))
    more = "".join("\n" + (f"  {line}" if line else "") for line in rest)
    return f"- {item.fields.get('date_precision') or item.date[:10]}: {first}{more}"


def write_news_list(items: list[Item], plan: Plan, about: Page | None, title: str) -> None:
    """All news items on their own page (the about page shows only the newest, or none)."""
    front = CommentedMap([("layout", "single"), ("title", title), ("permalink", NEWS_URL),
                          ("author_profile", True)])
    items = sorted(items, key=lambda n: n.date, reverse=True)
    # each item's Liquid as its own page's would be (Jekyll runs it inside `<!-- -->` too)
    lines = [news_line(replace(n, body=translate_liquid(n.body, plan.from_theme, THEME, plan,
                                                        n.origin))) for n in items]
    plan.write_document(NEWS_PAGE, front, "\n".join(lines))
    for item in items:
        plan.origins.setdefault(item.path, NEWS_PAGE)
    plan.report.mapped("news-page", f"all {len(items)} news items listed on `{NEWS_URL}`.",
                       about.origin if about else None)


def _news_text(item: Item) -> str:
    """Inline items verbatim; titled items as a link to their own (kept) page."""
    if item.title and not item.fields.get("inline"):
        return f"[{item.title}]({site_link(item.permalink or f'/news/{item.slug}/')})"
    return item.body.strip()


def about_body(page: Page, site: Site, plan: Plan) -> str:
    """The home page's text: its subtitle (the sidebar bio, or its first paragraph), its
    text, then what the about layout showed under it (:func:`about_sections`)."""
    report = plan.report
    feats = page.features
    ident = site.identity
    parts: list[str] = []
    if feats.subtitle:
        key = "description" if feats.subtitle == page.description else "subtitle"
        if not ident.bio:
            ident.bio = feats.subtitle
            report.mapped("subtitle", f"about-page `{key}` became the sidebar bio "
                          "(`author.bio`).", page.origin)
        else:
            parts.append(f"<p>{closed(feats.subtitle)}</p>\n\n")
            report.verbatim("subtitle", f"about-page `{key}` kept at the top of the page "
                            "body.", page.origin)
    body = page.body
    extra: list[str] = []
    if feats.profile_text:
        extra.append(f"\n{feats.profile_text}\n")
        report.verbatim("profile-text", "profile `more_info`/`address` kept as HTML at the end "
                        "of the about page.", page.origin)
    extra += about_sections(page, site, plan, site_words(site))  # in the site's language
    if extra:
        body = body.rstrip("\n") + "\n" + "".join(extra)
    return "".join(parts) + body


def about_sections(page: Page, site: Site, plan: Plan, words: dict[str, str]) -> list[str]:
    """The sections al-folio's about layout showed under ``page``'s text, as the page's own
    switches set them (`news`/`announcements`, `selected_papers`, the owner's layout's
    lists, `latest_posts`, `social` with the config's `contact_note`), headed in ``words``
    (the page's language). The home page (role ``about``) is where the news items are
    listed from; any other page the layout showed gets the same sections at its address."""
    report = plan.report
    feats = page.features
    ident = site.identity
    home = page.role == "about"
    where = "the about page" if home else "this page (its about layout)"
    extra: list[str] = []
    # each list under the text, placed in the order the about layout showed them
    parts: dict[str, list[str]] = {"news": [], "selected_papers": [], "latest_posts": []}
    news_feat = feats.news or {}
    if news_feat.get("enabled"):
        # in the page's language: the versions its language's build listed there
        every = sorted(in_language_of(page, site.news, site), key=lambda n: n.date, reverse=True)
        limit = news_feat.get("limit")
        items = every[:limit] if isinstance(limit, int) and 0 < limit < len(every) else every
        if items:
            lines = [news_line(n) for n in items]
            if len(items) < len(every):
                news_page = site.page("news")
                every_url = news_page.permalink if news_page else NEWS_URL
                lines.append(f"\n[{words['all_news']}]({site_link(every_url)})")
                if news_page is None and (home or NEWS_PAGE not in plan.files):
                    write_news_list(every, plan, page, words["news"])
            parts["news"].append(f"\n## {words['news']}\n\n" + "\n".join(lines) + "\n")
            if home:
                for n in items:
                    plan.origins.setdefault(n.path, page.path)
            report.mapped("news", f"{len(items)} news items written as a News section of "
                          f"{where}.", page.origin)
        else:
            report.lost("news", f"{where} shows news{_switch(feats.news_key)}, but the site "
                        "has no `_news` items to carry; academicpages has no news list, so "
                        "the flag was dropped.", page.origin)
    parts["selected_papers"] += selected_section(page, site, report, words)
    parts["selected_papers"] += [shown_list(shown, site, page, plan, words["abstract"])
                                 for shown in feats.lists]
    if feats.social:
        report.mapped("social-flag", "`social: true`: academicpages shows the social links in "
                      "the sidebar of every page with `author_profile: true`.", page.origin)
    posts = feats.latest_posts or {}
    if posts.get("enabled") and site.posts:  # the source's about page lists its latest posts
        limit = posts.get("limit")
        limit = limit if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0 \
            else None
        loop = THEME.vocabulary["listings"]["latest_posts"]["body"].replace(
            " LIMIT", f" limit: {limit}" if limit else "")
        parts["latest_posts"].append(f"\n## {words['latest_posts']}\n\n" + loop)
        which = f"the {limit} newest" if limit else "every post"
        report.mapped("latest-posts", f"the latest posts of {where} ({which}) written as a "
                      f"`{words['latest_posts']}` section of it." if not home else
                      f"the about page's latest posts ({which}) written as a "
                      f"`{words['latest_posts']}` section of it.", page.origin)
    for key in dict.fromkeys([*feats.sections_order, *parts]):
        extra += parts.get(key, [])
    if ident.contact_note and feats.social:  # al-folio shows it last, in its social block
        extra.append(f"\n{ident.contact_note}\n")
    elif ident.contact_note and (home or feats.social is not None):
        shows = "al-folio's about page" if home else "a page of al-folio's about layout"
        report.mapped("contact-note", f"`contact_note` shows on {shows} only with "
                      "`social: true`, which it does not set: not written.", page.origin)
    return extra


def _switch(key: str | None) -> str:
    """The page's own switch of its news list, as it was written (2025's `announcements`
    is a block with `enabled`), to name in a finding; nothing where no key of the page's
    set it."""
    if key is None:
        return ""
    return " (`announcements: {enabled: true}`)" if key == "announcements" \
        else f" (`{key}: true`)"
