"""Homepages on neither theme: a Markdown/text file, or a saved HTML page (reader only)."""

from .reader import THEME

__all__ = ["THEME"]
