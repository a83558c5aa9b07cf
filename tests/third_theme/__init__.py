"""tinyfolio: a third Jekyll theme that lives outside sitemigrate, for the registry test.

It registers itself the way a theme of another package would: an entry point in the
``sitemigrate.themes`` group (the test writes the distribution's metadata), its own mapping
file next to this one (``tinyfolio.yml``, with its own column of social links), and a reader
and a writer built on sitemigrate's shared Jekyll machinery. Nothing in ``src/`` or the
repository's ``mappings/`` names it.

A tinyfolio site: ``_config.yml`` with ``title`` and an ``owner:`` block (``name``, ``email``,
``bio`` and the profile keys of ``tinyfolio.yml``), the home page ``index.md``, more pages in
``pages/``, and the publications in ``_data/papers.yml`` (title, authors, venue, year).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sitemigrate.theme import Options, Theme

if TYPE_CHECKING:
    from sitemigrate.ir import Site
    from sitemigrate.plan import Plan
    from sitemigrate.report import Report


class TinyFolio(Theme):
    name = "tinyfolio"
    label = "tinyfolio (test theme)"
    can_read = True
    can_write = True
    features = ("identity", "socials", "pages", "about", "publications")
    mapping = Path(__file__).with_name("tinyfolio.yml")

    def read(self, src: Path, report: Report, *, person_name: str | None = None) -> Site:
        from .reader import read
        return read(src, report)

    def write(self, site: Site, plan: Plan, options: Options) -> None:
        from .writer import write
        write(site, plan, options)


THEME = TinyFolio()
