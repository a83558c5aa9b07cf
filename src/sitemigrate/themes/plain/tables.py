"""Markdown pipe tables as the plain reader finds them in text, including ones whose rows
spill onto following lines (:func:`find_tables`, :class:`Table`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_DELIM_CELL = re.compile(r"^\s*:?-{1,}:?\s*$")
_PIPE = re.compile(r"(?<!\\)\|")


def _cells(row: str) -> list[str]:
    s = row.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    return [c.strip() for c in _PIPE.split(s)]


def _is_delimiter(line: str) -> bool:
    return "-" in line and "|" in line and all(_DELIM_CELL.match(c) for c in _cells(line))


def _is_header(lines: list[str], i: int) -> bool:
    return (i + 1 < len(lines) and "|" in lines[i] and _is_delimiter(lines[i + 1])
            and len(_cells(lines[i])) == len(_cells(lines[i + 1])))


@dataclass
class Table:
    """A pipe table as found in text (``start``/``end``: line indexes of the chunk)."""

    start: int
    end: int
    raw: list[str]
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)
    row_lines: list[int] = field(default_factory=list)
    """Index (in the searched lines) of each row's first line."""
    ok: bool = True
    joined: int = 0
    """Rows that were spread over several lines."""
    padded: int = 0
    """Rows with fewer cells than the header (filled with empty cells at the end)."""
    problem: str = ""

    @property
    def repaired(self) -> bool:
        return self.ok and (self.joined > 0 or self.padded > 0)

    def columns(self) -> list[int]:
        """Columns to keep: every one with a header or a value in some row."""
        return [j for j in range(len(self.header))
                if self.header[j] or any(j < len(r) and r[j] for r in self.rows)]

    def markdown(self) -> str:
        """The table as valid Markdown, one row per line (as written when it needed no repair)."""
        if not self.repaired:
            return "\n".join(self.raw)
        cols = self.columns()

        def line(cells: list[str]) -> str:
            return "| " + " | ".join(cells[j] if j < len(cells) else "" for j in cols) + " |"
        return "\n".join([line(self.header), "|" + "---|" * len(cols),
                          *(line(r) for r in self.rows)])


def find_tables(lines: list[str]) -> list[Table]:
    """Every pipe table in ``lines``: a header, a delimiter row, then rows until a blank line,
    a line without ``|`` or the next table. A line that does not start with ``|`` (or holds
    only pipes) continues the row before it; a row is complete at the header's cell count.
    A row that ends up with more non-empty cells than the header makes the table ambiguous:
    it is then marked not ``ok`` and must be kept as written."""
    tables = []
    i = 0
    while i < len(lines):
        if not _is_header(lines, i):
            i += 1
            continue
        header = _cells(lines[i])
        width = len(header)
        table = Table(i, i + 2, [], header)
        rows: list[tuple[list[str], int]] = []  # (physical lines, count)
        starts: list[int] = []
        j = i + 2
        while j < len(lines):
            s = lines[j].strip()
            if not s or "|" not in s or _is_header(lines, j):
                break
            only_pipes = not s.replace("|", "").strip()
            if s.startswith("|") and not only_pipes:
                rows.append(([lines[j]], 1))
                starts.append(j)
            elif rows:
                rows[-1][0].append(lines[j])
                rows[-1] = (rows[-1][0], rows[-1][1] + 1)
            else:
                table.ok = False
                table.problem = f"line {j + 1 - i} continues a row that never started"
                rows.append(([lines[j]], 1))
                starts.append(j)
            j += 1
        table.end = j
        table.raw = lines[i:j]
        table.row_lines = starts
        for physical, count in rows:
            cells = _cells(" ".join(p.strip() for p in physical))
            if len(cells) > width:
                if any(cells[width:]):
                    table.ok = False
                    table.problem = table.problem or (
                        f"a row has {len(cells)} cells where the header has {width}")
                cells = cells[:width]
            elif len(cells) < width:
                table.padded += 1
            if count > 1:
                table.joined += 1
            table.rows.append(cells)
        tables.append(table)
        i = j
    return tables


__all__ = ["Table", "find_tables"]
