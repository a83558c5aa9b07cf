"""The plain reader's publications part: a publications section as
:class:`~sitemigrate.ir.Publication` entries (a title line, a venue line with the year,
authors, contribution notes; or one-line references), their links by label, their category,
and the publications page that shows the target theme's list."""

from __future__ import annotations

import re

from ...formats.bibtext import slugify
from ...ir import Publication
from .state import Node, ReaderBase
from .text import _LINK, _LIST, _plain, _uniq, _unlist
from .vocab import Vocab

_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")


def _author_like(line: str) -> bool:
    """A line listing people: comma/"and" separated, each part a short capitalised name."""
    s = _plain(line).strip().rstrip(".")
    if not s or _YEAR.search(s) or not re.search(r",|\band\b|&|;", s):
        return False
    marks = " *†‡§0123456789"
    parts = [p.strip(marks) for p in re.split(r",|;|&|\band\b", s) if p.strip(marks)]
    return bool(parts) and all(1 <= len(p.split()) <= 5 and p[0].isupper() for p in parts)


def _authors(line: str) -> list[str]:
    s = _plain(line).strip().rstrip(".")
    parts = [p.strip() for p in re.split(r",\s*and\s+|,|;|&|\band\b", s)]
    return [p.strip(" *†‡§").rstrip("0123456789*†‡§ ") for p in parts
            if p.strip(" *†‡§")]


def _link_kind(label: str, vocab: Vocab) -> str | None:
    kinds = {str(k).lower(): str(v) for k, v in (vocab.data.get("link_kinds") or {}).items()}
    return kinds.get(_plain(label).strip("[]() ").lower())


class PublicationsReader(ReaderBase):
    """Reads publications."""

    def _publications(self, node: Node) -> None:
        page = self._role_page("publications", node)
        found = 0
        chunks = [(node.body, node.body_line, "")] + [
            (c.text(), c.body_line, _plain(c.title)) for c in node.children]
        leftovers: list[str] = []
        for text, first, hint in chunks:
            pubs, rest, at = self._parse_publications(text, first, hint)
            found += len(pubs)
            if hint and rest.strip():
                rest = f"### {hint}\n\n{rest}"
            if rest.strip():
                leftovers.append(rest.strip("\n"))
                self.report.verbatim("publications-text", f"section `{node.title}`"
                                     + (f" / `{hint}`" if hint else "") + ": lines that are "
                                     "not a publication with a year kept as text on the "
                                     "publications page.", self._origin(at))
        origin = self._origin(node.line)
        for text in leftovers:
            page.add(text)
        if found:
            listing = self.vocab.data["listings"]["publications"]["body"]
            page.add(listing)
            self.report.mapped("publications-section", f"section `{node.title}`: {found} "
                               "publication(s) read; the publications page lists them.", origin)

    def _parse_publications(self, text: str, first: int,
                            hint: str) -> tuple[list[Publication], str, int]:
        """Publications in ``text``, the lines that are none (as Markdown), and the text line
        of the first of those."""
        lines = text.split("\n")
        blocks = self._publication_blocks(lines)
        pubs: list[Publication] = []
        used: set[int] = set()
        for block, listed in blocks:
            pub = self._publication([lines[i] for i in block], first + block[0], hint, listed)
            if pub is not None:
                pubs.append(pub)
                used |= set(block)
        self.site.publications += pubs
        rest = [line for i, line in enumerate(lines) if i not in used]
        at = next((first + i for i, line in enumerate(lines) if i not in used and line.strip()),
                  first)
        return pubs, "\n".join(rest).strip("\n"), at

    def _publication_blocks(self, lines: list[str]) -> list[tuple[list[int], bool]]:
        """Line indexes of each candidate publication, and whether it is a list item: list
        items (with their continuation lines), else groups of lines that end after the line
        with the year (and its notes)."""
        idx = [i for i, line in enumerate(lines) if line.strip()]
        listed = [i for i in idx if _LIST.match(lines[i]) and not self._note(lines[i])]
        loose = [i for i in idx if i not in listed and not self._note(lines[i])
                 and not lines[i].startswith((" ", "\t"))]
        if listed and not loose:
            blocks: list[list[int]] = []
            for i in idx:
                if i in listed or not blocks:
                    blocks.append([i])
                elif lines[i].startswith((" ", "\t")) or self._note(lines[i]) or \
                        (blocks[-1][-1] == i - 1):
                    blocks[-1].append(i)
                else:
                    blocks.append([i])
            return [(b, True) for b in blocks]
        blocks = []
        current: list[int] = []
        dated = False
        for i in range(len(lines)):
            line = lines[i]
            if not line.strip():
                if current:
                    blocks.append(current)
                current, dated = [], False
                continue
            if self._note(line):
                (current if current else blocks[-1] if blocks else current).append(i)
                continue
            if dated and current:
                blocks.append(current)
                current, dated = [], False
            current.append(i)
            if len(current) > 1 and _YEAR.search(line):
                dated = True
        if current:
            blocks.append(current)
        return [(b, False) for b in blocks]

    def _note(self, line: str) -> bool:
        text = line.strip().lstrip("*†‡§#¹²³ ").lower()
        return bool(text) and any(p in text for p in self.vocab.words("publication_notes"))

    def _publication(self, lines: list[str], line: int, hint: str,
                     listed: bool = False) -> Publication | None:
        """One publication from its lines, or None when they hold no title and year.

        A list item whose lines are soft-wrapped is one reference ("**Title.** Authors.
        *Venue*, 2024."); otherwise the first line is the title, a line with a year the
        venue, a line of names the authors, and a contribution note its ``note``."""
        notes = [_plain(x.strip()) if not x.strip().startswith("*") else x.strip()
                 for x in lines if self._note(x)]
        rest = [x for x in lines if not self._note(x)]
        if not rest:
            return None
        if listed and not any(x.endswith(("  ", "\\")) for x in rest[:-1]):
            rest = [" ".join(x.strip() for x in rest)]
        links = self._links(" ".join(rest))
        title = venue = dated = written_authors = ""
        authors: list[str] = []
        extra: list[str] = []
        first = _unlist(rest[0])
        if len(rest) == 1:
            title, written_authors, venue, dated = self._split_citation(first)
            authors = _authors(written_authors) if written_authors else []
        else:
            title = first
            for other in rest[1:]:
                text = other.strip()
                if not _plain(_LINK.sub("", text)).strip(" ·|,"):
                    continue  # a line of links only
                if not venue and _YEAR.search(_plain(text)):
                    venue = text
                elif not authors and (_author_like(text) or (not venue and self._name_like(text))):
                    authors, written_authors = _authors(text), text
                else:
                    extra.append(text)
        title = _plain(_LINK.sub(lambda m: m.group(2), title)).strip().rstrip(".").strip()
        venue = _plain(_LINK.sub("", venue)).strip().strip(".,").strip()
        years = _YEAR.findall(venue) or _YEAR.findall(_plain(dated)) or _YEAR.findall(hint)
        if not title or not years:
            return None
        year = int(years[-1])
        key = _uniq(f"{slugify(title, 4) or 'paper'}-{year}", self.keys)
        pub = Publication(key=key, title=title, authors=authors, year=year, date=f"{year}-01-01",
                          venue=venue, category=self._category(venue or hint),
                          slug=slugify(title), links=links,
                          origin=self._origin(line))
        pub.entry_type = {"journal": "article", "conference": "inproceedings"}.get(
            pub.category, "misc")
        if notes:
            pub.fields["note"] = "; ".join(notes)
        if extra:
            pub.body = "\n\n".join(extra) + "\n"
        if authors:
            written = _plain(written_authors).rstrip(". ")
            pub.citation = f"{written}. ({year}). \"{title}.\"" + (
                f" <i>{venue}</i>." if venue else "")
        return pub

    def _split_citation(self, text: str) -> tuple[str, str, str, str]:
        """Title, authors (as written), venue, and the text after the title (which holds the
        year) of a one-line reference ("**Title.** A. Author and B. Author. *Venue*, 2024.
        [PDF](...)")."""
        rest = _LINK.sub(lambda m: "" if _link_kind(m.group(2), self.vocab) else m.group(0),
                         text)
        title = ""
        for pattern in (r"\*\*(.+?)\*\*", r"[“\"](.+?)[”\"]", r"^\[([^\]]+)\]\([^)]*\)"):
            m = re.search(pattern, rest)
            if m:
                title = m.group(1)
                rest = rest[:m.start()] + " " + rest[m.end():]
                break
        segments = [s.strip() for s in re.split(r"(?<=[.?!])\s+", rest.strip()) if s.strip(" .")]
        if not title and segments:
            title = segments.pop(0)
        rest = " ".join(segments)
        italic = re.search(r"(?<![*\w])[*_]([^*_]+)[*_](?![*\w])", rest)
        venue = italic.group(1) if italic else next(
            (s for s in reversed(segments) if _YEAR.search(s)), "")
        authors = ""
        for segment in segments:
            if venue and venue in segment:
                continue
            if _author_like(segment):
                authors = segment
                break
        return title, authors, venue, rest

    def _links(self, text: str) -> dict[str, str]:
        """Links of a reference by their label; ``arxiv``/``doi`` hold the identifier."""
        out: dict[str, str] = {}
        for m in _LINK.finditer(text):
            if m.group(1):
                continue
            kind, url = _link_kind(m.group(2), self.vocab) or "url", m.group(3)
            ident = re.search(r"arxiv\.org/(?:abs|pdf)/([^\s?#]+?)(?:\.pdf|v\d+)?/?$", url)
            if kind == "arxiv" or ident:
                kind, url = ("arxiv", ident.group(1)) if ident else ("url", url)
            doi = re.match(r"https?://(?:dx\.)?doi\.org/(10\..+)$", url)
            if kind == "doi" or doi:
                kind, url = ("doi", doi.group(1)) if doi else ("url", url)
            out.setdefault(kind, url)
        return out

    def _category(self, venue: str) -> str:
        low = f" {venue.lower()} "
        for category, words in (self.vocab.data.get("publication_categories") or {}).items():
            if any(re.search(rf"(?<![a-z]){re.escape(str(w).lower())}(?![a-z])", low)
                   for w in words):
                return str(category)
        return "conference"
