"""academicpages: reader and writer. All academicpages knowledge lives here and in
``mappings/academicpages.yml``.

The theme object is registered in the ``sitemigrate.themes`` entry-point group; the reader
(:mod:`.reader`) and the writer (:mod:`.writer`) are imported when they run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...registry import Options, Theme

if TYPE_CHECKING:
    from pathlib import Path

    from ...ir import Origin, Site
    from ...plan import Plan
    from ...report import Report


class AcademicPages(Theme):
    name = "academicpages"
    label = "academicpages"
    can_read = True
    can_write = True
    can_redirect = True
    order = 20
    features = ("identity", "socials", "pages", "about", "publications", "talks", "teaching",
                "portfolio", "posts", "navigation")

    def read(self, src: Path, report: Report, *, person_name: str | None = None) -> Site:
        from .reader import read
        return read(src, report)

    def write(self, site: Site, plan: Plan, options: Options) -> None:
        from .writer import write
        write(site, plan, options)

    def redirect(self, plan: Plan, old: str, target: str, origin: Origin | str | None) -> None:
        from .writer import redirect
        redirect(plan, old, target, origin)


THEME = AcademicPages()

__all__ = ["THEME", "AcademicPages"]
