"""The theme registry: the installed themes, resolved by name.

A theme is a package that registers one :class:`Theme` object (a reader and/or a writer) in
the ``sitemigrate.themes`` entry-point group, e.g. in its ``pyproject.toml``::

    [project.entry-points."sitemigrate.themes"]
    al-folio = "sitemigrate.themes.alfolio:THEME"

and one vocabulary file (the theme's :attr:`Theme.mapping`; the built-in themes keep theirs
in ``mappings/<name>.yml``). Detection markers and generations live in that file; the base
classes and the logic that evaluates them live in :mod:`sitemigrate.theme` (re-exported
here). Entry points are read on first use, and a theme's object is loaded only when it is
asked for; a theme package keeps its reader and writer modules for the moment they run
(start-up stays fast). The entry points (``api``, ``cli``, ``verify``) resolve the themes
here and hand the :class:`Theme` objects down.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .mapdata import load_mapping_file
from .theme import Detection, Options, PackageTheme, SiteProbe, Theme, contains
from .theme import detect as detect_among
from .theme import generation_of as theme_generation

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["GROUP", "THEMES", "Detection", "Options", "PackageTheme", "SiteProbe", "Theme",
           "UnknownTheme", "all_themes", "contains", "detect", "generation_of", "generations",
           "get_theme", "refresh", "vocabulary"]

GROUP = "sitemigrate.themes"
"""The entry-point group themes register in: name -> ``module:attribute`` of a :class:`Theme`."""

_OWN_PACKAGE = "sitemigrate"


class _Registry(Mapping[str, str]):
    """Theme name -> its entry point (``module:attribute``), from the ``sitemigrate.themes``
    group of every installed distribution (a name registered twice: sitemigrate's own, else
    the first found). Listed by each theme's :attr:`Theme.order`, then by name; iterating
    loads the theme objects (small: a theme package imports its reader and writer only when
    they run), a look-up by name does not. Read once; :func:`refresh` reads the group again
    (after a theme was installed in a running process)."""

    def __init__(self) -> None:
        self._points: dict[str, EntryPoint] | None = None
        self._names: list[str] | None = None

    def points(self) -> dict[str, EntryPoint]:
        if self._points is None:
            from importlib.metadata import entry_points
            found = list(entry_points(group=GROUP))
            # sitemigrate's own: its modules (reading each distribution's name would parse
            # its METADATA file, ~1 ms a theme in every run)
            own = [ep for ep in found if ep.module.partition(".")[0] == _OWN_PACKAGE]
            points: dict[str, EntryPoint] = {}
            for ep in [*own, *(ep for ep in found if ep not in own)]:
                points.setdefault(ep.name, ep)
            self._points = points
        return self._points

    def names(self) -> list[str]:
        if self._names is None:
            def key(name: str) -> tuple[int, str]:
                try:
                    return (get_theme(name).order, name)
                except UnknownTheme:  # a broken registration: last; using it says why
                    return (1 << 30, name)
            self._names = sorted(self.points(), key=key)
        return self._names

    def __getitem__(self, name: str) -> str:
        return self.points()[name].value

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.points())

    def __contains__(self, name: object) -> bool:
        return name in self.points()

    def __repr__(self) -> str:
        return f"THEMES({dict(self)!r})"


THEMES = _Registry()
"""Theme name -> entry point of its ``THEME`` object. Loading is lazy (fast start-up)."""


class UnknownTheme(ValueError):
    pass


_LOADED: dict[str, Theme] = {}


def get_theme(name: str) -> Theme:
    if name in _LOADED:
        return _LOADED[name]
    if name not in THEMES:
        import difflib
        close = difflib.get_close_matches(name.lower(), list(THEMES), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownTheme(f"unknown theme {name!r}{hint}; known: {', '.join(sorted(THEMES))}")
    try:
        theme = THEMES.points()[name].load()
    except Exception as exc:  # a plug-in that does not import
        raise UnknownTheme(f"theme {name!r} ({THEMES[name]}) cannot be loaded: {exc}") from exc
    if not isinstance(theme, Theme) or theme.name != name:
        raise UnknownTheme(f"theme {name!r} is registered as {THEMES[name]!r}, which is not a "
                           f"sitemigrate.registry.Theme named {name!r}")
    _LOADED[name] = theme
    try:
        columns = theme.vocabulary.get("socials")
    except Exception:  # no readable mapping file: using the theme says why
        columns = None
    if columns:  # its own column of the social-links table (a theme of another package)
        from . import socials
        socials.add_theme_columns(name, columns)
    return theme


def refresh() -> None:
    """Forget what was read from the entry points, the loaded themes and their vocabularies
    (after a theme was installed, or put on ``sys.path``, in this process)."""
    THEMES._points = THEMES._names = None
    for theme in _LOADED.values():
        theme.__dict__.pop("vocabulary", None)  # its mapping is read again
    _LOADED.clear()
    load_mapping_file.cache_clear()
    from . import socials
    socials.forget()


def all_themes() -> tuple[Theme, ...]:
    """Every registered theme, resolved (in :data:`THEMES` order): what the rules that read
    all the themes' mappings are handed."""
    return tuple(get_theme(name) for name in THEMES)


def generations(name: str) -> list[str]:
    """The generations theme ``name`` knows (its mapping file), oldest first."""
    return sorted(str(g["name"]) for g in vocabulary(name)["generations"])


def vocabulary(name: str) -> dict[str, Any]:
    """The vocabulary (:attr:`Theme.vocabulary`) of the theme registered as ``name``."""
    return get_theme(name).vocabulary


# -- detection ------------------------------------------------------------------------------

def detect(src: Path) -> list[Detection]:
    """Score every registered theme on ``src``, best first."""
    return detect_among(src, all_themes())


def generation_of(theme: str | Theme, probe: SiteProbe) -> str:
    """The generation of ``theme`` (a name is resolved) that the site of ``probe`` is."""
    return theme_generation(get_theme(theme) if isinstance(theme, str) else theme, probe)
