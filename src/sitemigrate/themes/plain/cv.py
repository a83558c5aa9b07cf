"""The plain reader's CV part: experience, education, awards and service sections as CV
entries (:class:`Entry`; institution, title, years, description) for
:attr:`Site.cv <sitemigrate.ir.Site.cv>` and, readable, for the CV page; a "CV" section's
subsections; and tables: repaired, and moved to the CV when their header names companies,
schools, positions ..."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...ir import CVSection, Origin
from .state import Node, ReaderBase
from .tables import Table, find_tables
from .text import _paragraphs, _plain, _title_like, _unlist

_BULLET = re.compile(r"^\s*[-*+•]\s+")
_ROLE_DASH = re.compile(r"^\s*(?:—|–|--)\s*")


@dataclass
class Entry:
    """One CV entry as read: where, what, when, and its description lines."""

    line: int | None
    institution: str = ""
    title: str = ""
    year: str = ""
    lines: list[tuple[str, str]] = field(default_factory=list)
    """Description lines as ``("bullet" | "text", markdown)``."""
    single: str = ""
    """The whole entry, when it was one line (an award, a dated line): rendered as written."""

    def as_ir(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("title", "institution", "year"):
            value = getattr(self, key)
            if value:
                out[key] = _plain(value)
        if self.lines:
            out["description"] = [_plain(text) for _, text in self.lines]
        return out

    def markdown(self, level: int) -> str:
        if self.single:
            return f"- {self.single}"
        head = self.institution or self.title or self.year
        meta = [f"**{self.title}**" if self.title and self.institution else "",
                self.year if head != self.year else ""]
        parts = [f"{'#' * level} {head}"]
        meta_line = " · ".join(m for m in meta if m)
        if meta_line:
            parts.append(meta_line)
        block: list[str] = []
        kind_before = ""
        for kind, text in self.lines:
            if block and kind != kind_before:
                parts.append("\n".join(block) if kind_before == "bullet" else _paragraphs(block))
                block = []
            block.append(f"- {text}" if kind == "bullet" else text)
            kind_before = kind
        if block:
            parts.append("\n".join(block) if kind_before == "bullet" else _paragraphs(block))
        return "\n\n".join(parts)


def _render(entries: list[Entry], level: int = 3) -> list[str]:
    """Markdown blocks of CV entries; one-line entries in a row make one list."""
    blocks: list[str] = []
    run: list[str] = []
    for entry in entries:
        if entry.single:
            run.append(entry.markdown(level))
            continue
        if run:
            blocks.append("\n".join(run))
            run = []
        blocks.append(entry.markdown(level))
    if run:
        blocks.append("\n".join(run))
    return blocks


class CVReader(ReaderBase):
    """Reads CV sections and CV tables."""

    def _cv_container(self, node: Node) -> None:
        """A "CV" section: its text heads the CV page, its subsections are CV sections."""
        origin = self._origin(node.line)
        cv_page = self._role_page("cv", node)
        cv_page.title = _plain(node.title)
        if node.body.strip():
            self._prose(node.body, node.body_line, cv_page)
        for child in node.children:
            if child.role in ("experience", "education", "awards", "service", None):
                self._cv(child, child.role or "experience")
            else:
                self._dispatch(child)  # publications, talks ... inside a CV section
        self.report.mapped("section", f"section `{node.title}` → the CV page.", origin)

    def _cv(self, node: Node, role: str) -> None:
        """An experience/education/awards/service section: entries for the CV, and the same
        entries, readable, on the CV page (a table stays a table there)."""
        entries: list[Entry] = []
        parts: list[str] = []
        lines = node.body.split("\n")
        pos = 0

        def text(chunk: list[str], first: int, current: Entry | None = None) -> None:
            intro: list[str] = []
            found = self._cv_lines(chunk, first, role, intro, current)
            if intro:
                parts.append(_paragraphs(intro))
            parts.extend(_render(found))
            entries.extend(found)

        for table in find_tables(lines):
            text(lines[pos:table.start], node.body_line + pos)
            parts.append(self._table(table, node.body_line, may_move=False))
            if table.ok:
                entries.extend(self._table_entries(table, node.body_line))
            pos = table.end
        text(lines[pos:], node.body_line + pos)
        for child in node.children:
            entry = Entry(self._origin(child.line).line)
            head = _plain(child.title)
            split = self.dates.trailing(head)
            entry.institution, entry.year = split if split else (head, "")
            text(child.body.split("\n"), child.body_line, entry)
        self._add_cv(_plain(node.title), entries, "\n\n".join(p for p in parts if p.strip()),
                     self._origin(node.line), f"section `{node.title}`")

    def _cv_lines(self, lines: list[str], first: int, role: str, intro: list[str],
                  current: Entry | None = None) -> list[Entry]:
        """CV entries of plain lines: an entry starts at a short heading line (the place)
        followed by its role, years or degree; description lines and bullets follow."""
        out: list[Entry] = [current] if current else []
        listy = role in ("awards", "service")
        kinds = [self._cv_kind(line) for line in lines]
        for i, (line, kind) in enumerate(zip(lines, kinds, strict=True)):
            text = line.strip()
            ln = self._origin(first + i).line
            if kind == "blank":
                continue
            item = _unlist(text)
            dated = self.dates.leading(item)
            if (listy and kind in ("bullet", "header", "text")) or (
                    dated and kind in ("bullet", "text", "header")):
                entry = Entry(ln, single=item)
                if dated:
                    entry.year, entry.title = dated
                else:
                    split = self.dates.trailing(item)
                    entry.title, entry.year = split if split else (item, "")
                out.append(entry)
                current = None
                continue
            if kind == "header":
                nxt = next((k for k in kinds[i + 1:] if k != "blank"), "")
                follows = nxt in ("role", "date", "degree") or (
                    nxt == "header" and next((k for k in kinds[i + 2:] if k not in ("blank",)),
                                             "") in ("date", "role"))
                busy = current is not None and bool(current.title or current.year or current.lines)
                if current is None or (follows and busy):
                    split = self.dates.trailing(text)
                    current = Entry(ln)
                    current.institution, current.year = split if split else (text, "")
                    out.append(current)
                elif not current.title and not current.lines:
                    current.title = text
                else:
                    current.lines.append(("text", text))
                continue
            if kind in ("role", "degree"):
                value = _ROLE_DASH.sub("", text)
                if current is None or (current.title and kind == "degree"):
                    current = Entry(ln)
                    out.append(current)
                if current.title:
                    current.lines.append(("text", value))
                else:
                    split = self.dates.trailing(value)
                    current.title, year = split if split else (value, "")
                    current.year = current.year or year
                continue
            if kind == "date":
                if current is None or current.year:
                    current = Entry(ln)
                    out.append(current)
                current.year = text
                continue
            if current is None:
                intro.append(line)
            else:
                current.lines.append(("bullet" if kind == "bullet" else "text",
                                      item if kind == "bullet" else text))
        return out

    def _cv_kind(self, line: str) -> str:
        s = line.strip()
        if not s:
            return "blank"
        if _BULLET.match(s):
            return "bullet"
        if _ROLE_DASH.match(s) and not self.dates.whole(s):
            return "role"
        if self.dates.whole(s):
            return "date"
        if self._degree(s):
            return "degree"
        if _title_like(s) or (self.dates.trailing(s) and len(s) <= 120 and s[-1] not in ".!?"):
            return "header"
        return "text"

    def _degree(self, text: str) -> bool:
        token = text.strip().split(maxsplit=1)[0].lower().rstrip(".,:;&") if text.strip() else ""
        words = {w.rstrip(".") for w in self.vocab.words("degree_words")}
        return token in words

    def _add_cv(self, title: str, entries: list[Entry], markdown: str, origin: Origin,
                what: str) -> None:
        """A CV section: its entries in the IR, its Markdown on the CV page."""
        markdown = f"## {title}" + (f"\n\n{markdown}" if markdown.strip() else "")
        section = CVSection(title, [e.as_ir() for e in entries], markdown, kind="time_table",
                            origin=origin)
        self.cv_sections.append((section, origin))
        self._role_page("cv").add(markdown)
        for entry in entries:
            name = " — ".join(_plain(x) for x in (entry.institution, entry.title) if x) or \
                _plain(entry.single)
            self.report.mapped("cv-entry", f"CV entry `{name[:80]}` ({title}) → the CV data "
                               "and the CV page.", Origin(origin.path, entry.line))
        self.report.mapped("cv-section", f"{what} → CV section `{title}` with "
                           f"{len(entries)} entries, shown on the CV page.", origin)

    # -- tables (of free text too) ----------------------------------------------------------
    def _table(self, table: Table, first: int, may_move: bool) -> str:
        """A table's Markdown for the page; a CV table moves to the CV (returns "")."""
        origin = self._origin(first + table.start)
        if not table.ok:
            self.report.problem("table-broken", f"a Markdown table ({table.problem}) could not "
                                "be repaired without guessing; kept as written. Fix its rows "
                                "by hand.", origin)
            return "\n".join(table.raw)
        if table.repaired:
            dropped = len(table.header) - len(table.columns())
            self.report.mapped("table-repaired", f"a Markdown table with rows spread over "
                               f"several lines was repaired: {table.joined} row(s) joined, "
                               f"{table.padded} short row(s) padded"
                               + (f", {dropped} empty column(s) dropped" if dropped else "")
                               + ".", origin)
        role = self._table_role(table) if may_move else None
        if role is None:
            return table.markdown()
        entries = self._table_entries(table, first)
        label = str(self.vocab.data.get("labels", {}).get(role, role.title()))
        self._add_cv(label, entries, table.markdown(), origin,
                     f"a table with the columns {', '.join(h for h in table.header if h)}")
        return ""

    def _table_entries(self, table: Table, first: int) -> list[Entry]:
        return [self._row_entry(table, row, first + start)
                for row, start in zip(table.rows, table.row_lines, strict=True)]

    def _table_role(self, table: Table) -> str | None:
        roles = {str(k).lower(): str(v)
                 for k, v in (self.vocab.data.get("table_roles") or {}).items()}
        for cell in table.header:
            for word in re.findall(r"[^\W\d_]+", cell.lower()):
                if word in roles:
                    return roles[word]
        return None

    def _row_entry(self, table: Table, row: list[str], line: int) -> Entry:
        columns = {str(k): [str(w).lower() for w in v]
                   for k, v in (self.vocab.data.get("table_columns") or {}).items()}
        entry = Entry(self._origin(line).line)
        for j, cell in enumerate(row):
            if not cell:
                continue
            header = table.header[j] if j < len(table.header) else ""
            head = set(re.findall(r"[^\W\d_]+", header.lower()))
            kind = next((k for k, words in columns.items() if head & set(words)), "")
            if self.dates.whole(cell):
                kind = "year"
            elif self._degree(cell):
                kind = "title"
            elif kind == "title" and not entry.year and (split := self.dates.trailing(cell)):
                cell, entry.year = split
            if kind and not getattr(entry, kind):
                setattr(entry, kind, cell)
            else:
                entry.lines.append(("text", cell))
        return entry
