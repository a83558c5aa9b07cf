"""academicpages: reader and writer. Its knowledge lives here and in ``mappings/academicpages.yml``."""

from .writer import THEME

__all__ = ["THEME"]
