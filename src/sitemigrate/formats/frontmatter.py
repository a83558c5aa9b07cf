"""python-frontmatter's YAML handler, made to read Jekyll files the way sitemigrate must.

python-frontmatter finds and splits the ``---`` block (``FM_BOUNDARY``, :meth:`split`); this
handler narrows the boundary to Jekyll's (exactly three dashes on the first line and on the
closing line), returns the front matter and body byte for byte with the body's first line
number, and loads and exports through :mod:`..yamlio` (as Jekyll reads it, into ruamel's
round-trip types: key order and quoting kept; sitemigrate's YAML bounds applied).

Two parts of the library are not used, on purpose:

- ``frontmatter.parse``/``loads``: on broken YAML they raise and keep nothing, and a file
  whose ``---`` is never closed raises too; sitemigrate reports both with file and line and
  keeps the text (tolerant fallback, in :func:`.textio.split_document`).
- ``frontmatter.dumps``/``BaseHandler.format``: they ``strip()`` the whole output, which
  would drop a body's leading blank lines and its final newline; the writer
  (:func:`.textio.render_document`) joins Jekyll's delimiters, the YAML :meth:`export`
  writes (:func:`.textio.dump_yaml`) and the body itself, without importing this module.
"""

from __future__ import annotations

import re
from typing import Any

from frontmatter.default_handlers import YAMLHandler

from ..yamlio import dump_yaml, load_front_matter


class JekyllYAMLHandler(YAMLHandler):
    """``---`` front matter as Jekyll reads it, loaded and written by :mod:`..yamlio`."""

    # Jekyll's own boundary: three dashes, optional trailing blanks (python-frontmatter's
    # default, ``-{3,}\s*``, would also close the block at ``-----`` or `` --- `` lines).
    FM_BOUNDARY = re.compile(r"^---[ \t]*\r?$", re.MULTILINE)

    def split_lines(self, text: str) -> tuple[str, str, int] | None:
        """(front matter, body, 1-based line of the body) of ``text``, or None when
        ``text`` has no front matter or its ``---`` is never closed. The front matter is
        the lines between the delimiters (no final newline); the body is everything after
        the closing line, byte for byte."""
        if not self.detect(text):
            return None
        try:
            fm, body = self.split(text)
        except ValueError:  # python-frontmatter's split found no closing boundary
            return None
        # The split keeps the newline that ends each delimiter line on either side.
        body_line = fm.count("\n") + 2
        fm = fm[1:]
        if fm.endswith("\n"):
            fm = fm[:-1]
        if body.startswith("\n"):
            body = body[1:]
        return fm, body, body_line

    def load(self, fm: str, rel: str = "", report: Any = None,  # type: ignore[override]
             first_line: int = 2, **kwargs: object) -> Any:
        """Loaded as Jekyll reads it, within sitemigrate's bounds; broken YAML is reported
        (with its file line) and gives None."""
        return load_front_matter(fm, rel, report, first_line)[0]

    def export(self, metadata: Any, **kwargs: object) -> str:
        """Front matter text, as ruamel writes it with sitemigrate's settings (ends with a
        newline, unlike PyYAML's export in python-frontmatter)."""
        return dump_yaml(metadata)


HANDLER = JekyllYAMLHandler()
