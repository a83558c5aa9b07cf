"""al-folio: reader and writer. All al-folio knowledge lives here and in ``mappings/al-folio.yml``.

The theme object is registered in the ``sitemigrate.themes`` entry-point group; the reader
(:mod:`.reader`), the writer (:mod:`.writer`, with :mod:`.config`, :mod:`.cvpage`,
:mod:`.bibliography` and :mod:`.menu`) and the CV data codecs (:mod:`.cv`) are imported when
they run.
"""

from __future__ import annotations

from ...theme import PackageTheme


class AlFolio(PackageTheme):
    name = "al-folio"
    label = "al-folio"
    can_read = True
    can_write = True
    can_redirect = True
    order = 10
    features = ("identity", "socials", "pages", "about", "news", "projects", "posts",
                "teachings", "bibliography", "redirect pages")


THEME = AlFolio()

__all__ = ["THEME", "AlFolio"]
