"""The plain reader's projects part: a projects section (title and description pairs,
subsections, "- **Title**: description" lists) and project lists tagged ``[Year of 2024]``
found in free text, each project an :class:`~sitemigrate.ir.Item`."""

from __future__ import annotations

import re

from ...formats.bibtext import slugify
from ...ir import Item
from .state import Node, ReaderBase
from .text import _LIST, _plain, _title_like, _uniq, _unlist


class ProjectsReader(ReaderBase):
    """Reads projects."""

    def _take_projects(self, lines: list[str], first: int) -> list[tuple[int, str]]:
        """Take out runs of (title line, description line) pairs that hold a ``[Year of
        2024]`` tag, each pair a project; returns the other lines with their index."""
        tag = re.compile(str(self.vocab.data.get("project_year_tag")), re.I)
        nonblank = [i for i, line in enumerate(lines) if line.strip()]
        pos = {i: n for n, i in enumerate(nonblank)}

        def pair_at(n: int) -> bool:
            if n < 0 or n + 1 >= len(nonblank):
                return False
            title, desc = lines[nonblank[n]], lines[nonblank[n + 1]]
            return _title_like(title) and not tag.match(title) and not _title_like(desc) \
                and "|" not in desc and not _LIST.match(desc)

        tagged = [pos[i] - 1 for i in nonblank if tag.match(lines[i].strip()) and pos[i] > 0]
        runs: list[tuple[int, int]] = []
        for n in tagged:
            if not pair_at(n) or any(a <= n < b for a, b in runs):
                continue
            start, end = n, n + 2
            while pair_at(start - 2):
                start -= 2
            while pair_at(end):
                end += 2
            runs.append((start, end))
        drop: set[int] = set()
        for start, end in runs:
            for n in range(start, end, 2):
                t, d = nonblank[n], nonblank[n + 1]
                self._project(lines[t].strip(), [lines[d]], first + t, tag)
                drop |= {t, d}
        return [(i, line) for i, line in enumerate(lines) if i not in drop]

    def _projects(self, node: Node) -> None:
        tag = re.compile(str(self.vocab.data.get("project_year_tag")), re.I)
        before = len(self.site.projects)
        rest: list[str] = []
        for child in node.children:
            self._project(_plain(child.title), child.text().split("\n"), child.line, tag)
        blocks: list[list[tuple[int, str]]] = [[]]
        for offset, line in enumerate(node.body.split("\n")):
            if line.strip():
                blocks[-1].append((node.body_line + offset, line))
            elif blocks[-1]:
                blocks.append([])
        for block in (b for b in blocks if b):
            texts = [t for _, t in block]
            pairs = len(texts) >= 4 and len(texts) % 2 == 0 and all(
                _title_like(t) == (n % 2 == 0) for n, t in enumerate(texts))
            if pairs:  # title, description, title, description ... without blank lines
                for n in range(0, len(texts), 2):
                    self._project(texts[n].strip(), [texts[n + 1]], block[n][0], tag)
            elif len(texts) >= 2 and _title_like(texts[0]) and not _title_like(texts[1]):
                self._project(texts[0].strip(), texts[1:], block[0][0], tag)
            elif all(_LIST.match(t) for t in texts):  # "- **Title**: description"
                for ln, t in block:
                    m = re.match(r"\s*(?:\*\*(.+?)\*\*|([^:–—]{3,80}?))\s*[:–—]\s+(.+)$",
                                 _unlist(t))
                    if m:
                        self._project(_plain(m.group(1) or m.group(2)), [m.group(3)], ln, tag)
                    else:
                        rest.append(t)
            else:
                rest += texts
                rest.append("")
        page = self._role_page("projects", node)
        if rest and any(r.strip() for r in rest):
            page.add("\n".join(rest))
            self.report.verbatim("projects-text", f"section `{node.title}`: text that is no "
                                 "project kept on the projects page.", self._origin(node.line))
        self.report.mapped("projects-section", f"section `{node.title}`: "
                           f"{len(self.site.projects) - before} project(s) read.",
                           self._origin(node.line))

    def _project(self, title: str, lines: list[str], line: int, tag: re.Pattern[str]) -> None:
        assert self.source is not None
        body = "\n".join(x.strip() for x in lines).strip()
        first = body.split("\n\n")[0].strip()
        m = tag.match(first)
        year = int(m.group("year")) if m else None
        description = _plain(first[m.end():] if m else first)
        title = _plain(title)
        slug = _uniq(slugify(title, 6) or "project", self.slugs)
        item = Item(path=self.source.rel, slug=slug, title=title, body=body + "\n",
                    origin=self._origin(line))
        if description:
            item.fields["description"] = description
        if year:
            item.fields["year"] = year
        item.fields["importance"] = len(self.site.projects) + 1
        self.site.projects.append(item)
        self.report.mapped("project", f"project `{title}`" + (f" ({year})" if year else "")
                           + " read.", item.origin)
