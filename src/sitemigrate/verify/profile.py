"""The lines of the owner's profile a site shows beside their name: the short biography,
pronouns, employer and location (a sidebar on every page, or the box under the home page's
picture), and the home page's subtitle and profile text. A theme keeps them in its config
or the home page's front matter, not in the text of a page, so the comparison of the
owner's paragraphs does not see them: they are read as the source theme's reader reads
them (:attr:`sitemigrate.ir.Identity.bio` and its neighbours, the home page's
:class:`~sitemigrate.ir.PageFeatures`), whatever the theme."""

from __future__ import annotations

from pathlib import Path

from .text import norm, shown_words

_IDENTITY = ("bio", "pronouns", "employer", "location")
"""The profile's lines of :class:`~sitemigrate.ir.Identity` (not its name, which every
theme shows, nor its addresses, shown as icons)."""


def profile_lines(owner: Path, theme: object) -> list[str]:
    """The profile's lines (normalised) of the site in ``owner``, read by the reader of its
    ``theme`` (None, or a site it cannot read: none)."""
    from ..api import SitemigrateError
    from ..report import Report
    read = getattr(theme, "read", None)
    if read is None or not getattr(theme, "can_read", False):
        return []
    try:
        site = read(owner, Report())
    except (SitemigrateError, OSError, ValueError):  # a site its reader cannot read: none
        return []
    texts = [getattr(site.identity, key, "") for key in _IDENTITY]
    texts += [t for page in site.pages if page.role == "about"
              for t in (page.features.subtitle, page.features.profile_text)]
    out = (norm(shown_words(t)) for t in texts if isinstance(t, str))
    return list(dict.fromkeys(t for t in out if t))
