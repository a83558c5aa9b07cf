"""Homepages on neither theme: a Markdown/text file, or a saved HTML page (reader only).

Registered twice in the ``sitemigrate.themes`` entry-point group, as ``markdown`` (``.md``,
``.txt`` ...) and as ``html`` (a page saved from a browser), each with its mapping file
(``mappings/markdown.yml``, ``mappings/html.yml``). The reader is :mod:`.reader` (with its
parts :mod:`.identity`, :mod:`.publications`, :mod:`.projects`, :mod:`.cv`, their shared
state :mod:`.state`, and the helpers :mod:`.vocab`, :mod:`.text`, :mod:`.dateranges`,
:mod:`.tables`); the HTML-to-Markdown step of the ``html`` reader is :mod:`.html`. All are
imported when they run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...theme import Theme

if TYPE_CHECKING:
    from pathlib import Path

    from ...ir import Site
    from ...report import Report


class PlainPages(Theme):
    """The reader object registered for one name (``markdown`` or ``html``)."""

    can_read = True
    can_write = False
    can_read_files = True
    features = ("identity (name, e-mail, profiles, picture)", "about", "research interests",
                "news", "publications", "CV (experience, education, awards, service)",
                "projects", "talks/teaching pages", "broken Markdown tables")

    def __init__(self, name: str, label: str, order: int) -> None:
        self.name = name
        self.label = label
        self.order = order

    def read(self, src: Path, report: Report, *, person_name: str | None = None) -> Site:
        """Read the page(s) at ``src``: a file, or a folder of them (top level).
        ``person_name`` is the site owner's name when the user gave it."""
        from .reader import PlainReader
        return PlainReader(self.name, report, person_name).read(src)


LABEL = "plain Markdown/text or saved HTML homepage"
MARKDOWN = PlainPages("markdown", LABEL, 30)
HTML = PlainPages("html", LABEL, 40)

__all__ = ["HTML", "MARKDOWN", "PlainPages"]
