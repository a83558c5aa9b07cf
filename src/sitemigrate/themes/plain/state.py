"""What the parts of the plain reader share: the page as sections (:class:`Node`), one input
file (:class:`Source`), the Markdown collected for a page of the output (:class:`_PageParts`),
and :class:`ReaderBase`, the reader's state with the pages made for a role. The parts
(:mod:`.identity`, :mod:`.projects`, :mod:`.publications`, :mod:`.cv`) are mixins of it, put
together by :class:`~.reader.PlainReader`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...ir import CVSection, Origin, Site
from ...report import Report
from .dateranges import DateFinder
from .text import _plain
from .vocab import load_vocab


@dataclass
class Node:
    """A section of the page with the deeper sections it owns."""

    title: str
    role: str | None
    level: int
    style: str
    body: str
    line: int
    """Line of the heading (of the body for the text before the first heading), 1-based."""
    body_line: int
    children: list[Node] = field(default_factory=list)

    def text(self) -> str:
        """Body and owned subsections as Markdown (headings as ATX)."""
        parts = [self.body.strip("\n")]
        for child in self.children:
            parts.append(child.heading_md() + "\n\n" + child.text())
        return "\n\n".join(p for p in parts if p.strip())

    def heading_md(self, floor: int = 2) -> str:
        return f"{'#' * max(self.level, floor)} {self.title}"


@dataclass
class Source:
    """One input file, as Markdown text."""

    rel: str
    text: str
    first_line: int | None
    """File line of the text's first line; None when the text was made from HTML."""
    front: dict[str, Any]
    home: bool
    html_name: str = ""
    html_avatar: str = ""
    html_links: list[str] = field(default_factory=list)

    def origin(self, line: int | None = None) -> Origin:
        if self.first_line is None or line is None:
            return Origin(self.rel, None)
        return Origin(self.rel, self.first_line + line - 1)


@dataclass
class _PageParts:
    """Markdown collected for one page of the output, in source order."""

    title: str = ""
    parts: list[str] = field(default_factory=list)
    origin: Origin | None = None

    def add(self, text: str) -> None:
        if text.strip():
            self.parts.append(text.strip("\n"))

    def body(self) -> str:
        return "\n\n".join(self.parts) + "\n" if self.parts else ""


class ReaderBase:
    """The state of one reading (a file or a folder of them) into a :class:`Site`."""

    def __init__(self, theme: str, report: Report, person_name: str | None = None) -> None:
        self.theme = theme
        self.vocab = load_vocab(theme)
        self.report = report
        self.person_name = (person_name or "").strip()
        self.dates = DateFinder(self.vocab.words("present_words"),
                                self.vocab.words("month_words"))
        self.site = Site(theme=theme, generation=str(self.vocab.data["generations"][0]["name"]))
        self.about = _PageParts()
        self.pages: dict[str, _PageParts] = {}
        self.cv_sections: list[tuple[CVSection, Origin]] = []
        self.names: list[tuple[str, Origin, str]] = []
        self.slugs: set[str] = set()
        self.keys: set[str] = set()
        self.current: _PageParts = self.about
        self.source: Source | None = None
        self.text_mode = False
        """The page being read is plain text (no Markdown heading): a line is a paragraph."""

    def _origin(self, line: int | None) -> Origin:
        assert self.source is not None
        return self.source.origin(line)

    def _role_page(self, role: str, node: Node | None = None) -> _PageParts:
        if role not in self.pages:
            label = str(self.vocab.data.get("labels", {}).get(role, role.title()))
            self.pages[role] = _PageParts(title=_plain(node.title) if node and node.title
                                          else label,
                                          origin=self._origin(node.line) if node else None)
        return self.pages[role]

    def _page_spec(self, role: str) -> dict[str, Any]:
        return dict((self.vocab.data.get("pages") or {}).get(role) or
                    {"permalink": f"/{role}/", "nav_order": 9})

    # -- methods of one part that another calls, declared here for the type checker ---------
    # _name_like is IdentityReader's (PublicationsReader calls it); _dispatch and _prose are
    # PlainReader's (CVReader calls them: a CV section holds other sections and free text).
    def _name_like(self, title: str) -> bool:
        raise NotImplementedError

    def _dispatch(self, node: Node) -> None:
        raise NotImplementedError

    def _prose(self, text: str, first: int, target: _PageParts) -> None:
        raise NotImplementedError
