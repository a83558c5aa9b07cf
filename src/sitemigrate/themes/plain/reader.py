"""Homepages on neither theme: a Markdown/text file, or a saved HTML page (reader only).

Registered twice in :data:`sitemigrate.registry.THEMES`: as ``markdown`` (``.md``, ``.txt``
...) and as ``html`` (a page saved from a browser). An HTML page is parsed with a real HTML
parser (BeautifulSoup), its main content is found (``<main>``, ``<article>``, ``#content`` ...,
else the body without navigation, header and footer; the selectors are data in
``mappings/html.yml``) and turned into Markdown (markdownify), which is then read like a
Markdown page. SRC is one file or a folder of them (its top level only); ``Site.source`` is
the folder, so pictures and files the page links to are found and copied.

The page is split into sections by its headings: ATX (``## News``), setext, or, on pages
without Markdown headings, bare heading lines ("News" alone on a line). Each heading is
looked up in the vocabulary of ``mappings/markdown.yml`` and its section mapped by role:

* ``about`` and text before any heading: the about page (permalink ``/``);
* ``interests``: a list on the about page, and the site keywords;
* ``news``: each dated line a news item (:func:`sitemigrate.formats.content.extract_news`);
* ``publications``: :class:`~sitemigrate.ir.Publication` entries (title line, venue line with
  the year, authors, contribution notes) and a publications page showing the target theme's
  list;
* ``experience``, ``education``, ``awards``, ``service``, ``cv``: CV sections of
  :attr:`Site.cv <sitemigrate.ir.Site.cv>` (institution, title, years, description) *and* a
  readable CV page (``/cv/``);
* ``projects`` and project lists tagged ``[Year of 2024]``: project items and a projects page;
* ``talks``, ``teaching``: their own page, as written;
* ``contact``: the about page; e-mail addresses and profile links also go to the identity.

Markdown tables whose rows spill onto following lines are joined back into one row per line
when the header's cell count makes that unambiguous; a CV table found in plain prose (its
header names companies, schools, positions ...) becomes a CV section. Nothing is dropped: a
section the vocabulary does not know, or lines the reader cannot place, stay as Markdown on
the about page (or on the page of their file), and the report says so, with file and line.

This module owns the reading itself: the files (one, or a folder's top level; HTML turned
into Markdown first), the sections with their roles, free text and the about page, news,
interests, contact and talks/teaching pages, and the pages of the site at the end. The
sections with a structure of their own are read by the reader's parts, mixins of
:class:`~.state.ReaderBase`: :mod:`.identity`, :mod:`.publications`, :mod:`.projects` and
:mod:`.cv`; their text helpers are in :mod:`.text`, :mod:`.dateranges` and :mod:`.tables`,
the vocabulary in :mod:`.vocab`.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from ...formats.bibtext import slugify
from ...formats.content import extract_news, is_external, resolve
from ...formats.sections import normalize_title, split_sections
from ...ir import CV, NavItem, Origin, Page, Site
from ...textio import decode, read_source, split_document
from .cv import CVReader
from .html import html_to_markdown
from .identity import _EMAIL, IdentityReader
from .projects import ProjectsReader
from .publications import PublicationsReader
from .state import Node, Source, _PageParts
from .tables import find_tables
from .text import _LINK, _LIST, _absolute_links, _paragraphs, _plain, _title_like, _uniq, _unlist
from .vocab import load_vocab

MARKDOWN = "markdown"
HTML = "html"
PAGE_DIR = "_pages"
_IMAGE = re.compile(r"!\[([^\[\]]*)\]\(\s*<?([^)\s>\[\]]+)>?(?:\s+\"[^\"]*\")?\s*\)")


class PlainReader(CVReader, PublicationsReader, ProjectsReader, IdentityReader):
    """Reads one plain homepage (or a folder of them) into a :class:`Site`."""

    # -- files ------------------------------------------------------------------------------
    def read(self, src: Path) -> Site:
        root = src.parent if src.is_file() else src
        files = [src] if src.is_file() else self._folder_files(src)
        if not files:
            suffixes = ", ".join(self.vocab.words("file_suffixes"))
            raise FileNotFoundError(f"{src}: no page to read (files ending in {suffixes})")
        self.site.source = str(root)
        for n, path in enumerate(files):
            rel = path.relative_to(root).as_posix()
            source = self._load(path, rel, home=n == 0)
            if source is not None:
                self._read_source(source)
        self._finish()
        return self.site

    def _folder_files(self, folder: Path) -> list[Path]:
        suffixes = set(self.vocab.words("file_suffixes"))
        files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in suffixes)
        homes = self.vocab.words("home_names")
        files.sort(key=lambda p: (homes.index(p.stem.lower()) if p.stem.lower() in homes
                                  else len(homes), p.name))
        return files

    def _load(self, path: Path, rel: str, home: bool) -> Source | None:
        data = read_source(path, rel, self.report)  # refuses a link out of SRC's folder
        if data is None:
            return None
        decoded = decode(data, rel, self.report)
        if decoded is None:
            return None
        if path.suffix.lower() in set(load_vocab(HTML).words("file_suffixes")) or \
                self.theme == HTML:
            try:
                page = html_to_markdown(decoded.text, load_vocab(HTML))
            except RecursionError:  # markdownify recurses once an element level
                self.report.problem("html-too-deep", "nests its HTML elements too deep to be "
                                    "converted (a thousand levels or more); it was not read.",
                                    rel, severity="loss")
                return None
            self.report.mapped("html-page", f"HTML page read: main content found in "
                               f"{page.found}, turned into Markdown.", rel)
            if page.skipped:
                self.report.add("html-skipped", "info", "lost", "left out as page chrome "
                                "(menus, header, footer): " + "; ".join(page.skipped) +
                                ". Check nothing of yours was in there.", rel)
            text = _absolute_links(page.markdown)
            avatar = resolve(page.avatar, "/") if page.avatar and not is_external(
                page.avatar) else page.avatar
            return Source(rel, text, None, {}, home, page.name, avatar, page.links)
        doc = split_document(decoded, rel, self.report)
        front = {str(k): v for k, v in doc.data.items()} if doc.has_front_matter else {}
        text = _absolute_links(doc.body)
        return Source(rel, text, doc.body_line, front, home)

    # -- sections ---------------------------------------------------------------------------
    def _read_source(self, source: Source) -> None:
        self.source = source
        self.report.mapped("plain-page", f"read as a plain {self.theme} homepage (no theme); "
                           "sections are mapped by their headings.", source.origin(1))
        if source.home:
            self.current = self.about
            self.about.origin = Origin(source.rel, 1)
        else:
            stem = PurePosixPath(source.rel).stem
            self.current = self.pages.setdefault(f"file:{source.rel}", _PageParts(
                title=str(source.front.get("title") or stem.replace("-", " ").title()),
                origin=source.origin(1)))
        for key in ("name", "author", "title"):
            value = source.front.get(key)
            if isinstance(value, str) and value.strip() and (key != "title" or source.home):
                self.names.append((value.strip(), source.origin(1), f"front matter `{key}`"))
                break
        if source.html_name:
            self.names.append((source.html_name, source.origin(), "the page's `<title>`"))
        if source.html_avatar and source.home:
            self._set_avatar(source.html_avatar, source.origin())
        for url in source.html_links:
            self._social(url, source.origin())
        for key in ("email",):
            if isinstance(source.front.get(key), str):
                self._email(source.front[key], source.origin(1))
        nodes = self._nodes(source.text)
        for node in nodes:
            self._dispatch(node)

    def _nodes(self, text: str) -> list[Node]:
        """Sections of ``text`` with ownership: a section owns the deeper ones after it whose
        heading the vocabulary does not know (a CV section owns known ones too)."""
        sections = split_sections(text)
        assert self.source is not None
        self.text_mode = self.source.first_line is not None and not any(
            s.title for s in sections)
        if not any(self.vocab.role_of(s.title) for s in sections if s.title):
            sections = split_sections(text, self.vocab.headings)
        nodes: list[Node] = []
        owner: Node | None = None
        named = False
        for sec in sections:
            role = self.vocab.role_of(sec.title) if sec.title else "about"
            body_line = sec.line + sec.heading.count("\n")
            node = Node(sec.title, role, sec.level, sec.style, sec.body, sec.line, body_line)
            if not sec.title:  # the text before the first heading
                nodes.append(node)
                continue
            if (not named and role is None and sec.level == 1 and sec.style != "bare"
                    and self._name_like(sec.title)):
                named = True
                self.names.append((_plain(sec.title), self._origin(sec.line), "the page's "
                                   "first heading"))
                node.role, node.title = "about", ""
            elif owner is not None and sec.level > owner.level and (
                    role is None or owner.role == "cv"):
                owner.children.append(node)
                continue
            nodes.append(node)
            owner = node
        return nodes

    def _dispatch(self, node: Node) -> None:
        role = node.role
        origin = self._origin(node.line)
        if role == "about":
            if node.title and self.current is self.about and not self.about.title:
                self.about.title = _plain(node.title)
            self._section(node, self.current, heading=False)
            if node.title:
                self.report.mapped("section", f"section `{node.title}` → the about page.",
                                   origin)
            return
        handler = {"interests": self._interests, "news": self._news,
                   "publications": self._publications, "projects": self._projects,
                   "talks": self._own_page, "teaching": self._own_page,
                   "contact": self._contact, "cv": self._cv_container}.get(role or "")
        if handler is not None:
            handler(node)
        elif role in ("experience", "education", "awards", "service"):
            self._cv(node, role)
        else:
            self._section(node, self.current)
            where = "about page" if self.current is self.about else "page of its file"
            self.report.verbatim("section-kept", f"section `{node.title}` is not a section "
                                 f"sitemigrate knows; kept as Markdown on the {where}.", origin)

    # -- free text ------------------------------------------------------------------------
    def _section(self, node: Node, target: _PageParts, heading: bool = True) -> None:
        """A section as free Markdown on a page: its heading (as ATX), its body and the
        subsections it owns, each read with its own line numbers."""
        if heading and node.title:
            target.add(node.heading_md())
        self._prose(node.body, node.body_line, target)
        for child in node.children:
            self._section(child, target)

    def _prose(self, text: str, first: int, target: _PageParts) -> None:
        """Free Markdown for a page: tables repaired, CV tables and tagged project lists taken
        out into the CV and the projects, the profile picture and e-mail noted."""
        lines = text.split("\n")
        out: list[str] = []
        pos = 0
        for table in find_tables(lines):
            out += self._text_lines(lines[pos:table.start], first + pos, target)
            out.append(self._table(table, first, target is not self.pages.get("cv")))
            pos = table.end
        out += self._text_lines(lines[pos:], first + pos, target)
        target.add(_paragraphs(out) if self.text_mode else "\n".join(out))

    def _text_lines(self, lines: list[str], first: int, target: _PageParts) -> list[str]:
        kept = []
        for offset, line in self._take_projects(lines, first):
            if target is self.about and not self.site.identity.avatar:
                image = _IMAGE.search(line)
                if image and self._is_avatar(image.group(1), image.group(2)):
                    self._set_avatar(image.group(2), self._origin(first + offset))
                    line = (line[:image.start()] + line[image.end():])
                    if not line.strip():
                        continue
            for email in _EMAIL.findall(line):
                self._email(email, self._origin(first + offset))
            for m in _LINK.finditer(line):
                if not m.group(1):
                    self._social(m.group(3), self._origin(first + offset))
            kept.append(line)
        return kept

    # -- roles ----------------------------------------------------------------------------
    def _interests(self, node: Node) -> None:
        lines = [line for line in node.body.split("\n") if line.strip()]
        items = [_unlist(line) for line in lines]
        listy = lines and (all(_LIST.match(line) for line in lines) or
                           all(_title_like(line) for line in lines))
        origin = self._origin(node.line)
        if not listy or node.children:
            self._section(node, self.current)
            self.report.mapped("interests", f"section `{node.title}` kept as written on the "
                               "about page.", origin)
            return
        self.current.add(node.heading_md() + "\n\n" + "\n".join(f"- {i}" for i in items))
        if self.current is self.about and not self.site.identity.keywords:
            self.site.identity.keywords = ", ".join(_plain(i) for i in items)
        self.report.mapped("interests", f"section `{node.title}`: {len(items)} research "
                           "interests listed on the about page (and used as the site keywords).",
                           origin)

    def _news(self, node: Node) -> None:
        assert self.source is not None
        heading = node.title + "\n"
        body = node.body + ("\n\n" + "\n\n".join(c.heading_md() + "\n\n" + c.text()
                                                  for c in node.children) if node.children else "")
        start = self._origin(node.line).line
        found = extract_news(heading + body, self.source.rel, start or 1,
                             titles={normalize_title(node.title)},
                             bare_headings=(node.title,))
        origin = self._origin(node.line)
        taken = 0
        for item in found.items:
            if self.source.first_line is None:
                item.origin = Origin(self.source.rel, None)
            item.slug = _uniq(item.slug, self.slugs)
            self.site.news.append(item)
            taken += 1
        for line, warning in found.warnings:
            self.report.problem("ambiguous-date", warning, self.source.rel, line, severity="info")
        if taken:
            self.report.mapped("news-section", f"section `{node.title}`: {taken} dated news "
                               "item(s) read.", origin)
        leftover = [line for line in found.leftover if line.strip()]
        if leftover or not taken:
            text = "\n".join(leftover) if taken else body
            self.current.add(node.heading_md())
            self._prose(text.strip("\n"), node.body_line, self.current)
            self.report.verbatim("news-leftover", f"section `{node.title}`: "
                                 f"{len(leftover) if taken else 'its'} line(s) without a date "
                                 "kept as text on the about page.", origin)

    def _contact(self, node: Node) -> None:
        self._section(node, self.current)
        self.report.mapped("section", f"section `{node.title}` → the about page (e-mail and "
                           "profile links also go to the site's identity).",
                           self._origin(node.line))

    def _own_page(self, node: Node) -> None:
        role = node.role or "other"
        page = self._role_page(role, node)
        self._section(node, page, heading=False)
        self.report.mapped("section", f"section `{node.title}` → its own page "
                           f"`{self._page_spec(role)['permalink']}`, as written.",
                           self._origin(node.line))

    # -- the site -------------------------------------------------------------------------
    def _finish(self) -> None:
        site = self.site
        self._name()
        about_origin = self.about.origin or Origin("", 1)
        about = Page(path=f"{PAGE_DIR}/about.md", role="about", title=self.about.title,
                     permalink="/", body=self.about.body(), origin=about_origin)
        if site.news:
            about.features.news = {"enabled": True}
        site.pages.append(about)
        site.navigation.append(NavItem(about.title or "about", "/", origin=about.origin))
        if self.cv_sections:
            site.cv = CV(sections=[s for s, _ in self.cv_sections],
                         origin=self.cv_sections[0][1], format="text")
        if site.projects:
            self._role_page("projects").add(self.vocab.data["listings"]["projects"]["body"])
        for role in ("publications", "projects", "cv", "talks", "teaching"):
            parts = self.pages.get(role)
            if parts is None or not parts.parts:
                continue
            spec = self._page_spec(role)
            page = Page(path=f"{PAGE_DIR}/{role}.md", role=role,
                        title=parts.title, permalink=str(spec["permalink"]), body=parts.body(),
                        nav=True, nav_order=float(spec.get("nav_order", 9)),
                        origin=parts.origin or about_origin)
            site.pages.append(page)
            site.navigation.append(NavItem(page.title, page.permalink, origin=page.origin))
            self.report.mapped("page-created", f"page `{page.permalink}` ({role}) created from "
                               "the homepage.", page.origin)
        taken = {p.permalink.strip("/") for p in site.pages}
        for key, parts in self.pages.items():
            if not key.startswith("file:") or not parts.parts:
                continue
            stem = _uniq(slugify(PurePosixPath(key[5:]).stem, 6) or "page", taken)
            permalink = f"/{stem}/"
            page = Page(path=f"{PAGE_DIR}/{stem}.md", role="other", title=parts.title,
                        permalink=permalink, body=parts.body(), nav=True,
                        nav_order=float(10 + len(site.pages)), origin=parts.origin)
            site.pages.append(page)
            site.navigation.append(NavItem(page.title, page.permalink, origin=page.origin))
            self.report.mapped("page-created", f"`{key[5:]}` → page `{permalink}`.", page.origin)


__all__ = ["PlainReader"]
