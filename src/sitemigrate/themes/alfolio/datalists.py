"""Lists of a data file's items that a layout of the owner's shows: a loop over
`site.data.NAME` (directly, or through a variable assigned from it with `where` and `sort`
filters), its `limit:`/`reversed` taken as Liquid takes them, printing fields of each item
(`{{ video.title }}`) and linking them (`href="{{ video.url }}"`). What such a loop shows is
read from the data file Jekyll would read (`_data/NAME.yml`, `.yaml`, `.json`, `.csv`,
`.tsv`): the items in
the order the loop lists them, each with the values it prints (:class:`~...ir.ShownRow`)."""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ...ir import ShownRow
from ...jekyll.liquid import tokenize
from ...jekyll.site import read_data
from ...report import Report
from ...textio import read_text

_SOURCE = re.compile(r"^site\.data\.([\w-]+)\s*((?:\|.*)?)$", re.S)
_FOR = re.compile(r"^(\w+)\s+in\s+(site\.data\.[\w-]+|\w+)\s*(.*)$", re.S)
_FIELD = re.compile(r"^(\w+)\.(\w+)\s*(?:\||$)")
WHERE = re.compile(r"""\|\s*where\s*:\s*(['"])(\w+)\1\s*,\s*(['"]?)([^'"|%]*?)\3\s*(?=\||$)""")
SORT = re.compile(r"""\|\s*sort\s*:\s*(['"])(\w+)\1""")
_LIMIT = re.compile(r"\blimit\s*:\s*(\d+)")
_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S | re.I)
_TAGS = re.compile(r"<[^>]*>")
_BLOCKS = {"if": "endif", "unless": "endunless", "case": "endcase"}


@dataclass(slots=True)
class DataLoop:
    """A loop over a data file a layout shows: the heading above it, the file, and its
    rows (None when the loop cannot be read here: ``why`` says why)."""

    heading: str
    name: str
    rows: list[ShownRow] | None = field(default_factory=list)
    why: str = ""
    start: int = 0
    """Where the loop starts in the layout's text."""


def data_loops(text: str, src: Path, report: Report, outside: bool = False) -> list[DataLoop]:
    """The loops over data files of layout ``text`` (``outside``: only those outside the
    blocks that read the page, `{% if page.KEY %}`, which show only where a page turns
    them on)."""
    tokens = tokenize(text)
    assigned: dict[str, tuple[str, str]] = {}
    found: list[DataLoop] = []
    closing: list[tuple[str, bool]] = []  # the blocks open, each with: shown only by a switch
    heading, i = "", 0
    while i < len(tokens):
        tok = tokens[i]
        i += 1
        if tok.kind in ("comment", "raw") or tok.in_html_comment:
            continue
        if tok.kind == "tag" and closing and tok.name == closing[-1][0]:
            closing.pop()
        elif tok.kind == "tag" and tok.name in _BLOCKS:
            closing.append((_BLOCKS[tok.name], bool(closing and closing[-1][1])
                            or (outside and "page." in tok.markup)))
        if closing and closing[-1][1]:
            continue
        if tok.kind == "text":
            for h in _HEADING.finditer(tok.text):
                heading = " ".join(_TAGS.sub("", h[1]).split())
        elif tok.kind == "tag" and tok.name == "assign":
            name, _, value = tok.markup.partition("=")
            if data := _SOURCE.match(value.strip()):
                assigned[name.strip()] = (data[1], data[2])
        elif tok.kind == "tag" and tok.name == "for" and (m := _FOR.match(tok.markup)):
            end = _end_of(tokens, i)
            name, filters = (m[2][len("site.data."):], "") if m[2].startswith("site.data.") \
                else assigned.get(m[2], ("", ""))
            if name:
                found.append(_loop(heading, name, filters, m[3], m[1], tokens[i:end], src,
                                   report))
                found[-1].start = tok.start
                heading = ""
            i = end
    return found


def _end_of(tokens: list, i: int) -> int:
    """The index of the `endfor` closing the loop whose body starts at token ``i``."""
    depth = 1
    for j in range(i, len(tokens)):
        if tokens[j].kind == "tag" and tokens[j].name in ("for", "endfor"):
            depth += 1 if tokens[j].name == "for" else -1
            if depth == 0:
                return j
    return len(tokens)


def _loop(heading: str, name: str, filters: str, params: str, var: str, body: list,
          src: Path, report: Report) -> DataLoop:
    loop = DataLoop(heading, name)
    printed: list[str] = []
    link = ""
    before = ""
    for tok in body:
        if tok.kind == "tag" and tok.name == "for":
            loop.rows, loop.why = None, "it has a loop inside its loop"
            return loop
        m = _FIELD.match(tok.markup) if tok.kind == "output" else None
        if m and m[1] == var:
            if re.search(r"""href\s*=\s*["']\s*$""", before):
                link = link or m[2]
            elif m[2] not in printed:
                printed.append(m[2])
        before = tok.text if tok.kind == "text" else before + tok.text
    rel = next((f"_data/{name}{x}" for x in (".yml", ".yaml", ".json", ".csv", ".tsv")
                if os.path.isfile(src / f"_data/{name}{x}")), "")
    data = _read(src, rel, report) if rel else None
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        loop.rows, loop.why = None, (f"`{rel}` is no list of items" if rel else
                                     f"the site has no data file `_data/{name}` to read")
        return loop
    items = list(data)
    for w in WHERE.finditer(filters):
        items = [d for d in items if liquid_text(d.get(w[2])) == w[4].strip()]
    for order in SORT.finditer(filters):
        items.sort(key=partial(_sort_key, name=order[2]))
    if re.search(r"\breversed\b", params):
        items.reverse()
    if limit := _LIMIT.search(params):
        items = items[:int(limit[1])]
    loop.rows = [ShownRow([str(d[f]).strip() for f in printed
                           if d.get(f) not in (None, "") and str(d[f]).strip()],
                          str(d.get(link) or "").strip() if link else "") for d in items]
    return loop


def _read(src: Path, rel: str, report: Report) -> Any:
    """A data file as Jekyll reads it: YAML or JSON, or a CSV/TSV table as a list of its
    rows, each by the names of its header row."""
    if not rel.endswith((".csv", ".tsv")):
        return read_data(src, rel, report)
    text = read_text(src / rel, rel, report, root=src)
    if text is None:
        return None
    try:
        return [dict(r) for r in csv.DictReader(
            io.StringIO(text.text), delimiter="\t" if rel.endswith(".tsv") else ",")]
    except csv.Error as e:
        report.problem("data-unreadable", f"`{rel}` cannot be read as a table ({e}).", rel)
        return None


def _sort_key(item: dict, name: str) -> tuple[bool, str]:
    return sort_value(item.get(name))


def sort_value(value: Any) -> tuple[bool, str]:
    """Liquid's `sort` by a field, of an item whose field is ``value``: items without it
    last (as jekyll sorts nil)."""
    return value is None, f"{value:>20}" if isinstance(value, (int, float)) else str(value)


def liquid_text(value: Any) -> str:
    """A value as a `where` filter's argument compares: `true`, `3`, a string."""
    return str(value).lower() if isinstance(value, bool) else str(value)
