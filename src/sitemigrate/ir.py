"""The profile IR: a neutral model of an academic's website.

Readers turn a theme's files into a :class:`Site`; writers turn a :class:`Site` into another
theme's files. Nothing in this module knows about any theme.

Conventions
-----------
* Every object that comes from a file carries an :class:`Origin` (path relative to the site
  root, 1-based line) so that report findings can point at it.
* Bodies are kept as the exact source text (Markdown/HTML with Liquid); writers translate them.
* ``extra`` holds front-matter keys that the reader did not understand. Writers put them back
  where the target can hold them, and report them otherwise. Values are plain JSON-able data.
* URLs inside the IR are site-relative paths as the *source* site served them
  (``/assets/img/me.jpg``); writers rewrite them through the asset map.

``SCHEMA_VERSION`` is bumped whenever the JSON shape produced by :func:`to_json` changes.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
from dataclasses import dataclass, field
from typing import Any, Literal

from .report import Finding

SCHEMA_VERSION = "2.0"

PageRole = Literal[
    "about", "cv", "publications", "projects", "teaching", "talks", "blog", "news",
    "repositories", "people", "books", "archive", "furniture", "other",
]
"""``furniture``: a page the source theme ships for itself (a 404 page, a Markdown guide), not
the owner's content; other themes do not carry it."""


@dataclass(slots=True)
class Origin:
    """Where an object was read from: a path relative to the source root and a 1-based line."""

    path: str
    line: int | None = None
    body_line: int | None = None
    """For a page or item: the 1-based line of its body's first line (after front matter)."""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


@dataclass(slots=True)
class Social:
    """One social/academic profile, by canonical service id (see ``mappings/socials.yml``)."""

    service: str
    handle: str | None = None
    url: str | None = None
    origin: Origin | None = None
    key: str = ""
    """The source's config key it was read from (`author.dblp`); empty when none."""
    shown: bool | None = None
    """False when no layout, include or page of the source reads that key (a profile its
    sidebar never showed: nothing a visitor saw is lost when the target has no key for it);
    None when not known."""


@dataclass(slots=True)
class Identity:
    """Who the site is about, and site-wide identity settings."""

    first_name: str = ""
    middle_name: str = ""
    last_name: str = ""
    full_name: str = ""
    site_title: str = ""
    """The site/browser title. Empty when the theme builds it from the name."""
    description: str = ""
    url: str = ""
    baseurl: str = ""
    keywords: str = ""
    bio: str = ""
    """Short biography (sidebar bio). HTML allowed."""
    pronouns: str = ""
    location: str = ""
    employer: str = ""
    avatar: str = ""
    """Site-relative path of the profile picture in the source site."""
    email: str = ""
    footer_text: str = ""
    contact_note: str = ""
    socials: list[Social] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    origin: Origin | None = None

    def display_name(self) -> str:
        """The person's full name, built from its parts when no full name is given."""
        if self.full_name:
            return self.full_name
        return " ".join(p for p in (self.first_name, self.middle_name, self.last_name) if p)


@dataclass(slots=True)
class NavItem:
    """A menu entry, in menu order. ``url`` is a site path or an external URL."""

    title: str
    url: str
    children: list[NavItem] = field(default_factory=list)
    origin: Origin | None = None
    """Where the entry was read: a line of the menu's data file (`_data/navigation.yml`), or
    the page that is the entry (its `nav:` line), or the config key that adds it; findings
    about the entry name it."""


@dataclass(slots=True)
class Page:
    """A standalone page (``_pages/*`` or a root-level page)."""

    path: str
    """Source path relative to the site root (``_pages/about.md``)."""
    role: PageRole = "other"
    title: str = ""
    permalink: str = ""
    body: str = ""
    redirect_from: list[str] = field(default_factory=list)
    redirect: str = ""
    """The page forwards elsewhere (al-folio ``redirect:``); ``/`` for the site root."""
    nav: bool = False
    nav_line: int | None = None
    """The 1-based line of the page's `nav:` key (where its menu entry is read); None without."""
    nav_order: float | None = None
    description: str = ""
    features: PageFeatures = field(default_factory=lambda: PageFeatures())
    """What the page shows besides its body, and how (:class:`PageFeatures`)."""
    fm_comments: list[str] = field(default_factory=list)
    """YAML comment lines of the source front matter, carried verbatim."""
    newline: str = "\n"
    """The source file's line ending (``\r\n`` files are written back with it)."""
    extra: dict[str, Any] = field(default_factory=dict)
    origin: Origin | None = None
    news: PageNews | None = None
    """The about page's News section, or a page that is a list of news lines, read into
    items (:class:`PageNews`); None on other pages, or before :mod:`sitemigrate.normalize`
    read the body (``read_site`` does, and a writer gets a site that was)."""
    cv: PageCV | None = None
    """A CV page's body against :attr:`Site.cv` (:class:`PageCV`); None on other pages, when
    the site has no CV sections, or before :mod:`sitemigrate.normalize` read the body."""


@dataclass(slots=True)
class ShownRow:
    """An item of a data file as a layout's loop shows it: the values it prints, in order,
    and the address it links them to."""

    words: list[str] = field(default_factory=list)
    """The values the loop prints (the fields of its `{{ item.FIELD }}` outputs)."""
    link: str = ""
    """The value the loop writes as a link's address (`href="{{ item.url }}"`)."""


@dataclass(slots=True)
class ShownList:
    """A list the source's own layout shows on a page when a front-matter switch of the
    page is on (``{% if page.selected_talks %}`` around an include that lists entries of a
    `.bib` file): its heading and the items it lists, in the order they show."""

    switch: str
    """The front-matter key that turns the list on."""
    heading: str = ""
    """The heading the layout shows above the list."""
    publications: list[str] = field(default_factory=list)
    """The keys of the publications it lists."""
    talks: list[str] = field(default_factory=list)
    """The slugs of the talks it lists."""
    projects: list[str] = field(default_factory=list)
    """The paths of the projects it lists."""
    rows: list[ShownRow] = field(default_factory=list)
    """The items of a data file (`site.data.NAME`) it lists, as its loop prints them."""


@dataclass(slots=True)
class PageFeatures:
    """Theme-neutral switches and settings of a page, set in its front matter. A field left
    at its default was not set by the source (a writer uses the target theme's default)."""

    heading: str = ""
    """The heading the source's layout shows at the top of the page when it is not the
    page's ``title`` (al-folio's about page shows the site's title or the owner's name
    there, and its ``title`` is the page's label in the menu)."""
    subtitle: str = ""
    """The home page's subtitle (shown under the name)."""
    profile_text: str = ""
    """Text (HTML allowed) shown beside the home page's profile picture (address, office)."""
    profile_align: Any = None
    """Which side the home page's profile picture is on (``left``/``right``), as written."""
    profile_image_circular: bool = False
    """The home page's profile picture is shown as a circle."""
    profile_extra: dict[str, Any] = field(default_factory=dict)
    """Other settings of the home page's profile box (``style``, ``image_alt`` ...), as
    written: the source theme's own."""
    profile_sidebar: bool | None = None
    """Whether the page shows the owner's profile (picture, bio, links) in a sidebar; None
    when the page does not say."""
    news: dict[str, Any] | None = None
    """The home page's list of news items: ``enabled``, ``limit``, ``scrollable`` (as
    written); None when the page does not say."""
    news_key: str | None = None
    """The page's own front-matter key that set :attr:`news` (``news``, or 2025's
    ``announcements`` with its ``enabled``), for a finding to name; None when none did."""
    latest_posts: dict[str, Any] | None = None
    """The home page's list of the latest blog posts: ``enabled``, ``limit``,
    ``scrollable`` (as written); None when the page does not say."""
    selected_papers: bool | None = None
    """The home page lists the selected publications; None when the page does not say."""
    selected_heading: str = ""
    """The words of the heading the owner's own layout shows above the selected
    publications (an about layout whose `selected publications` became `selected`); empty
    when it is the template's heading (the target's own words then)."""
    social: bool | None = None
    """The home page shows the social links; None when the page does not say."""
    sections_order: list[str] = field(default_factory=list)
    """The lists the page's about layout shows under its text (``news``, ``latest_posts``,
    ``selected_papers``), in the order that layout shows them; empty when not known."""
    lists: list[ShownList] = field(default_factory=list)
    """Lists of the owner's own items that the page's layout shows under front-matter
    switches of the owner's (a home page's selected projects or talks)."""
    cv_pdf: str = ""
    """Site path (or URL) of the CV as a PDF that a CV page offers for download."""
    cv_format: str = ""
    """Which CV data a CV page shows (``rendercv``, ``jsonresume``), as the page names it."""
    children: list[NavItem] = field(default_factory=list)
    """The entries of a menu drop-down that this page is."""
    toc: bool = False
    """The page's layout shows a table of contents of its headings (al-folio's sidebar
    one, that its `toc` asks for)."""
    forward: str = ""
    """For a page of the source theme's furniture: the role of the page its address
    forwards to (``about`` when empty)."""
    shows_cv_data: bool = False
    """The page shows the site's CV data file through its own Liquid, layout or includes
    (academicpages' `site.data.cv`), as the reader found."""

    def any(self) -> bool:
        """Whether the source set any of them."""
        return self != PageFeatures()


DateKnown = Literal["day", "month", "year"]
"""How much of a date the source gave: the day, or only its ``month`` (and year), or only its
``year``; a date known to less than the day is written as its month's or year's first day
(``2024-01-01``), which the source never showed: a writer whose target prints the day of such
a date says so. Not front matter: a writer never writes it as a key of its own."""


@dataclass(slots=True)
class Item:
    """An entry of a collection (news, talk, teaching, project, post, book, custom)."""

    path: str
    slug: str
    title: str = ""
    date: str = ""
    """ISO date (``YYYY-MM-DD``) or empty."""
    date_known: DateKnown = "day"
    """How much of :attr:`date` the source gave (:data:`DateKnown`)."""
    body: str = ""
    permalink: str = ""
    redirect_from: list[str] = field(default_factory=list)
    redirect: str = ""
    fields: dict[str, Any] = field(default_factory=dict)
    """Known, theme-neutral fields: ``venue``, ``location``, ``type``, ``description``,
    ``image``, ``category``, ``importance``, ``github``, ``tags``, ``categories``, ``inline``,
    ``url``, ``listed_date`` (the text the source's list printed as a project's date),
    ``listed_text`` (the HTML it printed under a project that states no text: its excerpt) ..."""
    fm_comments: list[str] = field(default_factory=list)
    newline: str = "\n"
    extra: dict[str, Any] = field(default_factory=dict)
    origin: Origin | None = None


@dataclass(slots=True)
class PageNews:
    """Dated news lines found in a page body, each one an inline news :class:`Item` (its
    origin the line it was read from). What a writer that keeps news as items needs; a
    writer that keeps the page's text as it is uses :attr:`Page.body` instead."""

    items: list[Item] = field(default_factory=list)
    rest: str = ""
    """The page body without those lines (without the whole News section when every line of
    it was an item); empty when ``items`` is (the body is the page's text)."""
    headings: list[str] = field(default_factory=list)
    """The headings of the sections the items were taken from, as written."""
    leftover: list[str] = field(default_factory=list)
    """Lines of those sections that are no dated item: they stay in ``rest``."""
    warnings: list[tuple[int, str]] = field(default_factory=list)
    """(line, message) for each date whose reading was a guess (day or month first)."""
    whole: bool = False
    """The whole body was read as one news list (a news page), not a News section of it."""


@dataclass(slots=True)
class PageCV:
    """A CV page's body against the site's CV (:attr:`Site.cv`): which of the CV's sections
    the body already holds, and its text beyond them."""

    data: list[str] = field(default_factory=list)
    """Titles of the CV's sections whose data the body holds as Markdown: a clean Markdown CV
    section of that title (:mod:`sitemigrate.formats.cvmarkdown`), or the section's Markdown
    as written. A writer that writes the CV as data leaves them out of the page (``prose``)."""
    shown: list[str] = field(default_factory=list)
    """Titles of the CV's sections the body already shows: a clean Markdown CV section or
    an ATX heading (``## Title``) of that title, or the section's Markdown as written. A writer
    that writes the CV into the page text adds only the others."""
    prose: str = ""
    """The body without the ``data`` sections (runs of blank lines squeezed): the page's text
    that is not CV data."""


@dataclass(slots=True)
class Publication:
    """A bibliography entry. ``fields`` holds BibTeX-style fields as plain Unicode text."""

    key: str
    entry_type: str = "article"
    title: str = ""
    authors: list[str] = field(default_factory=list)
    """Author names as written ("Albert Einstein")."""
    year: int | None = None
    date: str = ""
    date_known: DateKnown = "day"
    """How much of :attr:`date` the entry gave (:data:`DateKnown`): a BibTeX entry's `year`
    alone, or with its `month`, is that year's or month's first day in :attr:`date`."""
    venue: str = ""
    category: str = ""
    """Neutral category: ``journal``, ``conference``, ``book``, ``thesis``, ``other``."""
    citation: str = ""
    abstract: str = ""
    body: str = ""
    selected: bool = False
    links: dict[str, str] = field(default_factory=dict)
    """Neutral link kinds: ``pdf``, ``slides``, ``poster``, ``code``, ``html``, ``url``,
    ``video``, ``website``, ``blog``, ``supp``, ``doi``, ``arxiv``, ``bibtex``."""
    fields: dict[str, str] = field(default_factory=dict)
    """Every other BibTeX field, kept as written (LaTeX allowed)."""
    notes: list[str] = field(default_factory=list)
    """What the source's list showed with the entry beyond its citation and links, as lines
    of Markdown (an award, additional information after the venue). The fields it came from
    stay in :attr:`fields`; a writer whose layouts show no such field shows these lines."""
    bibtex: str = ""
    """The original BibTeX source of the entry when there was one."""
    permalink: str = ""
    slug: str = ""
    redirect_from: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    """The keys of the same work in other `.bib` files of the source, read as this one (a
    file per project that keys the papers of the list of all papers its own way)."""
    extra: dict[str, Any] = field(default_factory=dict)
    origin: Origin | None = None


CVKind = Literal["time_table", "map", "list", "nested_list", ""]


@dataclass(slots=True)
class CVSection:
    """One CV section: a title, its entries and/or free Markdown.

    Entries are dicts with neutral keys (all optional): ``title``, ``institution``, ``year``
    (a date range as written), ``start``, ``end``, ``date``, ``location``, ``url``,
    ``summary``, ``role``, ``description`` (list of strings, or ``{title, items}`` for a
    nested point), ``items`` (list of strings), ``name``/``value`` (``map`` sections), and
    ``extra`` (format-specific keys kept as written so that a round trip keeps them).
    """

    title: str
    entries: list[dict[str, Any]] = field(default_factory=list)
    markdown: str = ""
    """The section as Markdown (a Markdown CV's exact text, heading included), if any."""
    kind: CVKind = ""
    """How the entries are shaped: ``time_table`` (dated entries), ``map`` (name/value
    pairs), ``list`` (one line each, in ``title``), ``nested_list`` (title + items); empty
    when unknown."""
    key: str = ""
    """The JSON Resume section this is (``work``, ``education``, ``skills`` ...,
    academicpages' ``presentations``/``teaching``/``portfolio``); empty for a custom one."""
    fields_shown: list[str] = field(default_factory=list)
    """The fields of its entries (JSON Resume's names: a skill's ``name``, ``level``,
    ``keywords``) that the source's CV page printed as text, where the reader knows them
    (al-folio: the section's CV include); empty when not known. A writer whose CV shows no
    such field puts its text where that CV shows text (a skill's level after its name)."""
    origin: Origin | None = None


@dataclass(slots=True)
class CV:
    """A curriculum vitae: its sections, a PDF, and where it was read from."""

    sections: list[CVSection] = field(default_factory=list)
    pdf: str = ""
    origin: Origin | None = None
    format: str = ""
    """Where the CV was read from: ``classic`` / ``rendercv`` (al-folio ``_data/cv.yml``),
    ``jsonresume`` (al-folio ``assets/json/resume.json``, academicpages ``_data/cv.json``),
    ``markdown`` (a CV page body), ``text`` (a plain homepage)."""
    basics: dict[str, Any] = field(default_factory=dict)
    """JSON-Resume-like ``basics`` of the CV data (name, label, email, phone, url, summary,
    location, profiles ...) as read; writers fall back to the :class:`Identity`."""
    basics_shown: list[str] = field(default_factory=list)
    """The keys of ``basics`` the source's CV page showed, in its order (its layout decides:
    al-folio's leaves the location, profiles and image out in some generations); a writer
    whose CV page is written text shows these."""


@dataclass(slots=True)
class Asset:
    """A static file (image, PDF, ...) of the source site, by site-relative path."""

    path: str
    kind: Literal["image", "pdf", "file"] = "file"


@dataclass(slots=True)
class Setting:
    """A site setting of one value, and the source config key it was read from."""

    value: Any = ""
    """As written (a string, but a theme's number setting stays a number)."""
    key: str = ""
    """The source ``_config.yml`` key it was read from (the report names it)."""
    origin: Origin | None = None


@dataclass(slots=True)
class Analytics:
    """Web analytics (visitor statistics) of the site."""

    provider: str = ""
    """The service, as the source names it: ``google`` (Google Analytics), a theme's name for a
    Google flavour (``google-universal``, ``google-analytics-4``), ``custom``...; empty or
    ``false`` when the source names none (switched off)."""
    tracking_id: str = ""
    """The Google Analytics id (``G-...``, ``UA-...``), if any."""
    services: dict[str, str] = field(default_factory=dict)
    """Ids of other services (``cronitor``, ``pirsch``, ``openpanel`` ...), by service."""
    enabled: bool = True
    """False when a switch of its own (:attr:`switch_key`) turns the analytics off."""
    key: str = ""
    """The source config key of the setting (of the Google Analytics id when the source has a
    key of its own for it): the report names it."""
    switch_key: str = ""
    """The source config key of the on/off switch, when the source has one."""
    services_key: str = ""
    """The source config key of a block of ids by service, when the source has one."""
    keys: list[str] = field(default_factory=list)
    """Every source config key read into this setting."""
    origin: Origin | None = None


@dataclass(slots=True)
class Comments:
    """A comment service of the site's posts."""

    provider: str = ""
    """``disqus``, ``giscus``, ``staticman``, ``discourse``, ``facebook``, ``custom`` ...
    as the source names it (``false``: named, but switched off)."""
    shortname: str = ""
    """The Disqus shortname (the site's Disqus account)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The service's other settings as written (giscus: ``repo``, ``repo_id``,
    ``category`` ...)."""
    asked_by: list[str] | None = None
    """Where the source theme shows them only on the posts and pages that ask for them: the
    source paths of those (maybe none); None where it shows them on every post."""
    key: str = ""
    """The source config key it was read from (the report names it)."""
    origin: Origin | None = None


@dataclass(slots=True)
class Verification:
    """A search engine's site-ownership code (a meta tag in every page's head)."""

    engine: str
    """``google``, ``bing``, ``yandex``, ``alexa`` ..."""
    code: str = ""
    enabled: bool = True
    """False when a switch of its own (:attr:`switch_key`) turns it off."""
    key: str = ""
    """The source config key of the code (the report names it)."""
    switch_key: str = ""
    """The source config key of its on/off switch, when the source has one."""
    origin: Origin | None = None


@dataclass(slots=True)
class Addon:
    """A feature the source's config sets up that is content rather than looks."""

    kind: Literal["external_posts", "newsletter"]
    """``external_posts``: the blog also lists posts of other sites (feeds, links);
    ``newsletter``: a newsletter sign-up form."""
    value: Any = None
    """Its settings as written."""
    key: str = ""
    """The source config key it was read from (the report names it)."""
    origin: Origin | None = None


@dataclass(slots=True)
class SiteSettings:
    """Site-wide settings of the site's config, in neutral terms. Each theme's reader fills
    them from its own keys, each writer writes its own keys from them; every setting names
    the source key it came from (``key``) so that the report can."""

    locale: Setting | None = None
    """The site's language (``en``, ``fr-FR``)."""
    analytics: Analytics | None = None
    comments: list[Comments] = field(default_factory=list)
    verification: list[Verification] = field(default_factory=list)
    favicon: Setting | None = None
    """The favicon: an emoji or a picture's file name, as written."""
    social_image: Setting | None = None
    """The picture shown when a page is shared on social media (site path or URL)."""
    news_limit: Setting | None = None
    """How many news items the home page lists, set in the site's config."""
    addons: list[Addon] = field(default_factory=list)
    menu_labels: list[Setting] = field(default_factory=list)
    """Labels of menu entries that a config key gives instead of a page (the entries are in
    :attr:`Site.navigation`): a writer of another theme carries them with the menu."""
    page_headings: list[Setting] = field(default_factory=list)
    """Config values a page shows as its heading or the line under it (al-folio's blog
    page: `blog_name`, `blog_description`), read into that page's features (``heading``,
    ``subtitle``; the origin names the page): a writer of another theme carries them with
    the page."""


@dataclass(slots=True)
class Site:
    """A whole academic website, independent of any theme."""

    theme: str = ""
    generation: str = ""
    source: str = ""
    """Directory the site was read from (assets are copied from there)."""
    identity: Identity = field(default_factory=Identity)
    pages: list[Page] = field(default_factory=list)
    publications: list[Publication] = field(default_factory=list)
    news: list[Item] = field(default_factory=list)
    talks: list[Item] = field(default_factory=list)
    teaching: list[Item] = field(default_factory=list)
    projects: list[Item] = field(default_factory=list)
    posts: list[Item] = field(default_factory=list)
    collections: dict[str, list[Item]] = field(default_factory=dict)
    """Other collections (``books``, custom ones), by name."""
    cv: CV | None = None
    navigation: list[NavItem] = field(default_factory=list)
    assets: list[Asset] = field(default_factory=list)
    settings: SiteSettings = field(default_factory=SiteSettings)
    """Site-wide settings (analytics, comments, language ...) read from the config."""
    config_extra: dict[str, Any] = field(default_factory=dict)
    """The source config's keys as written, but those read into :attr:`identity` (its
    social profiles too): a writer of the source's theme carries them. Those read into
    :attr:`settings` are among them (each setting names its ``key``); a writer of another
    theme takes those from the settings, never by a key name of the source theme."""
    unshown_entries: list[str] = field(default_factory=list)
    """The BibTeX keys of the source's entries no page shows (a file no page lists, or
    lists only as a page's references; an entry no query of the tags that list its file
    selects): no publications. An upgrade keeps them in their file as written."""
    home_only_entries: list[str] = field(default_factory=list)
    """The BibTeX keys of publications only the home page's selected papers show: a page of
    the source lists their file, and no query of its tags selects them (a list by year whose
    years stop early). A target that lists every publication on its publications page shows
    them on the home page only, as the source did."""
    references: list[Publication] = field(default_factory=list)
    """The source's BibTeX entries that are no publications (a file no page lists, an entry
    no query selects) as read: what a page's citation of one shows (``{% cite %}``, a
    page's list of its references), written as a reference on that page."""
    talk_entries: list[str] = field(default_factory=list)
    """The BibTeX keys of the source's entries read as talks (a list of talks shows them):
    an upgrade keeps them in their file as written, where the owner's list finds them."""
    findings: list[Finding] = field(default_factory=list)
    """What reading the site found (``sitemigrate.read_site`` fills it in): a report that
    :func:`sitemigrate.write_site` makes starts with these. Not part of :func:`to_json`'s
    ``site`` (``inspect`` lists them as its top-level ``findings``)."""

    def page(self, role: str) -> Page | None:
        """The first page with that role, if any."""
        return next((p for p in self.pages if p.role == role), None)


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def to_json(site: Site) -> dict[str, Any]:
    """The site as JSON-able data, in the documented schema (``schema/ir.schema.json``); the
    findings of reading it are not the site's content and are left out."""
    data = {f.name: _jsonable(getattr(site, f.name)) for f in dataclasses.fields(site)
            if f.name != "findings"}
    return {"schema_version": SCHEMA_VERSION, "site": data}


def plain(value: Any) -> Any:
    """Turn YAML-loaded values (ruamel types, dates) into plain JSON-able Python data."""
    return _jsonable(value)
