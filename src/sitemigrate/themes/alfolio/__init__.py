"""al-folio: reader and writer. All al-folio knowledge lives here and in ``mappings/al-folio.yml``."""

from .writer import THEME

__all__ = ["THEME"]
