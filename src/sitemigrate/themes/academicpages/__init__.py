"""academicpages: reader and writer. All academicpages knowledge lives here and in
``mappings/academicpages.yml``.

The theme object is registered in the ``sitemigrate.themes`` entry-point group; the reader
(:mod:`.reader`) and the writer (:mod:`.writer`, with :mod:`.config` and :mod:`.cvpage`) are
imported when they run.
"""

from __future__ import annotations

from ...theme import PackageTheme


class AcademicPages(PackageTheme):
    name = "academicpages"
    label = "academicpages"
    can_read = True
    can_write = True
    can_redirect = True
    order = 20
    features = ("identity", "socials", "pages", "about", "publications", "talks", "teaching",
                "portfolio", "posts", "navigation")


THEME = AcademicPages()

__all__ = ["THEME", "AcademicPages"]
