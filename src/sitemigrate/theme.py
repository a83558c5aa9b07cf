"""What a theme is: the base classes a theme package subclasses, its vocabulary, and the
detection that evaluates the markers of a given list of themes.

The registry (:mod:`sitemigrate.registry`) finds the installed themes and resolves one by
name; everything below it is handed the resolved :class:`Theme` objects (a theme's reader and
writer, the Jekyll passes), whose :attr:`Theme.vocabulary` is its mapping file, loaded once.
This module imports no theme.
"""

from __future__ import annotations

import fnmatch
import importlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .mapdata import load_mapping_file, mappings_dir
from .report import Report

if TYPE_CHECKING:
    from .ir import Origin, Site
    from .plan import Plan

__all__ = ["Detection", "Options", "PackageTheme", "SiteProbe", "Theme", "contains", "detect",
           "generation_of"]


@dataclass
class Options:
    """Conversion options shared by all themes (read: `name`; write: the rest)."""

    generation: str | None = None
    """Target generation; default: the one of the template in DEST, else the theme's newest."""
    redirects: str = "pages"
    """How to keep old URLs where the target lacks jekyll-redirect-from: ``pages`` or ``plugin``."""
    name: str | None = None
    """The site owner's name, for sources that may not state it (a plain page); it wins over
    the name the source gives."""


class Theme:
    """What a theme registers: its name, what it can do, where its vocabulary is, and its
    reader and writer. Subclass it, set the class attributes, override what the theme can do.

    A writer that can keep an old URL by a page of its own (``can_redirect``) overrides
    :meth:`redirect`. A reader of plain pages whose SRC may be a single file sets
    ``can_read_files``.
    """

    name: str = ""
    """The registered name (the entry point's name)."""
    label: str = ""
    can_read: bool = False
    can_write: bool = False
    can_read_files: bool = False
    """SRC may be a single file (or a folder of pages), not a site checkout."""
    can_redirect: bool = False
    features: Sequence[str] = ()
    order: int = 100
    """Where the theme is listed (``sitemigrate themes``, help, detection ties): lower first."""

    @property
    def mapping(self) -> Path:
        """The theme's vocabulary file: detection markers, generations, paths, Liquid rules,
        and optionally its column of the social-links table (``socials:``, service -> column,
        when ``mappings/socials.yml`` has none for it). The built-in themes keep theirs in
        ``mappings/<name>.yml``; a theme of another package overrides this with its own file."""
        return mappings_dir() / f"{self.name}.yml"

    @cached_property
    def vocabulary(self) -> dict[str, Any]:
        """The theme's mapping file (:attr:`mapping`), loaded once for this object (shared
        and read-only; :func:`sitemigrate.registry.refresh` drops it)."""
        vocab: dict[str, Any] = load_mapping_file(self.mapping)
        return vocab

    def read(self, src: Path, report: Report, *, person_name: str | None = None) -> Site:
        """Read the site (or, with ``can_read_files``, the page or pages) at ``src``.
        ``person_name`` is the site owner's name when the user gave it (readers of plain
        pages use it; others leave it to the caller)."""
        raise NotImplementedError(f"{self.name} has no reader")

    def write(self, site: Site, plan: Plan, options: Options) -> None:
        raise NotImplementedError(f"{self.name} has no writer")

    def owner_name(self, src: Path) -> str:
        """The owner's name as the site at ``src`` gives it (its :attr:`Site.identity`), for
        telling whose site a folder holds; a theme whose config names the owner reads only
        that (the default reads the whole site)."""
        return self.read(src, Report()).identity.display_name()

    def redirect(self, plan: Plan, old: str, target: str, origin: Origin | str | None) -> None:
        """Make the old URL ``old`` forward to ``target`` (``can_redirect`` themes)."""
        raise NotImplementedError(f"{self.name} has no redirect pages")


class PackageTheme(Theme):
    """A theme laid out as a package: ``reader.py`` (``read(src, report)``) and ``writer.py``
    (``write(site, plan, options)``; ``redirect(plan, old, target, origin)`` with
    ``can_redirect``) beside the ``__init__.py`` that defines the subclass, each imported
    when it first runs (listing the themes imports neither)."""

    def _part(self, name: str) -> Any:
        return importlib.import_module(f"{type(self).__module__}.{name}")

    def read(self, src: Path, report: Report, *, person_name: str | None = None) -> Site:
        site: Site = self._part("reader").read(src, report)
        return site

    def owner_name(self, src: Path) -> str:
        reader = self._part("reader")
        if hasattr(reader, "owner_name"):
            return str(reader.owner_name(src))
        return super().owner_name(src)

    def read_page(self, site: Site, page: Any, data: dict, report: Report) -> None:
        """Read the front matter ``data`` of a lone page of this theme (SRC is that one
        file, read as a plain page into ``site``): the reader's ``read_lone_page``."""
        reader = self._part("reader")
        if hasattr(reader, "read_lone_page"):
            reader.read_lone_page(site, page, data, report)

    def write(self, site: Site, plan: Plan, options: Options) -> None:
        self._part("writer").write(site, plan, options)

    def redirect(self, plan: Plan, old: str, target: str, origin: Origin | str | None) -> None:
        self._part("writer").redirect(plan, old, target, origin)


# -- detection ------------------------------------------------------------------------------

@dataclass
class Detection:
    """How well a theme's markers match a site (``inspect`` prints these)."""

    theme: str
    score: int
    generation: str
    reasons: list[str] = field(default_factory=list)
    confident: bool = True


class SiteProbe:
    """Cheap, cached look-ups on a site directory for marker evaluation."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._config: Any = None
        self._fm: dict[str, dict] = {}

    def config(self) -> dict:
        if self._config is None:
            from .textio import load_yaml, read_text
            # loaded as the reader loads it (round trip; the reader then takes a copy of
            # this load instead of parsing again); bad YAML gives {}: the reader reports it
            src = read_text(self.root / "_config.yml", "_config.yml", None)
            data = load_yaml(src.text, "_config.yml", None, shared=True,
                             duplicates=[]) if src else None  # (as Jekyll: the last wins)
            self._config = data if isinstance(data, dict) else {}
        return self._config

    def front_matter(self, rel: str) -> dict:
        if rel not in self._fm:
            from .textio import read_document
            path = self.root / rel
            doc = read_document(path, rel, None) if os.path.isfile(path) else None
            self._fm[rel] = dict(doc.data) if doc else {}
        return self._fm[rel]

    def matches(self, marker: dict) -> bool:
        """Whether the site has ``marker``; a folder that cannot be read has none."""
        try:
            return self._matches(marker)
        except OSError:
            return False

    def _matches(self, marker: dict) -> bool:
        if "file" in marker:
            return (self.root / marker["file"]).is_file()
        if "dir" in marker:
            return (self.root / marker["dir"]).is_dir()
        if "glob" in marker:
            folder, pattern = marker["glob"].rsplit("/", 1)
            d = self.root / folder
            return d.is_dir() and any(fnmatch.fnmatch(p.name, pattern) for p in d.iterdir())
        if "config_key" in marker:
            return marker["config_key"] in self.config()
        if "config_value" in marker:
            return contains(self.config(), marker["config_value"])
        if "front_matter" in marker:
            spec = marker["front_matter"]
            fm = self.front_matter(spec["file"])
            if "key" in spec:
                return spec["key"] in fm
            return contains(fm, spec["value"])
        raise ValueError(f"unknown detection marker {marker!r}")


def contains(data: Any, want: Any) -> bool:
    """``want`` is a nested mapping; ``null`` leaves mean "key present"."""
    if not isinstance(want, dict):
        return want is None or data == want
    return isinstance(data, dict) and all(k in data and contains(data[k], v)
                                          for k, v in want.items())


def generation_of(theme: Theme, probe: SiteProbe) -> str:
    """The generation of ``theme`` the site of ``probe`` is (its mapping's ``generations``:
    the first whose markers match, else the newest)."""
    gens = theme.vocabulary["generations"]
    for gen in gens:
        if any(probe.matches(m) for m in gen["when"]):
            return gen["name"]
    return gens[-1]["name"]


def detect(src: Path, themes: Iterable[Theme]) -> list[Detection]:
    """Score each of ``themes`` on ``src``, best first."""
    probe = SiteProbe(src)
    out = []
    for theme in themes:
        vocab = theme.vocabulary
        score, reasons = 0, []
        for marker in vocab["detect"]["markers"]:
            if probe.matches(marker):
                score += marker["weight"]
                reasons.append(_describe(marker))
        det = Detection(theme.name, score, generation_of(theme, probe), reasons)
        det.confident = score >= vocab["detect"]["min_score"]
        out.append(det)
    out.sort(key=lambda d: -d.score)
    if len(out) > 1 and out[0].score - out[1].score < 2:
        out[0].confident = False
    return out


def _describe(marker: dict) -> str:
    (kind, value), = ((k, v) for k, v in marker.items() if k != "weight")
    if kind == "front_matter":
        what = value.get("key") or ", ".join(f"{k}: {v}" for k, v in value["value"].items())
        return f"front matter `{what}` in {value['file']}"
    if isinstance(value, dict):
        value = ", ".join(f"{k}: {v}" for k, v in value.items())
    return f"{kind.replace('_', ' ')} `{value}`"
