"""Where the data files of ``mappings/`` live, and a cached loader for them.

An installed wheel carries the folder as package data (``sitemigrate/mappings``, see the
``force-include`` in ``pyproject.toml``); a source checkout or an editable install reads the
repository's top-level ``mappings/`` folder instead.
"""

from __future__ import annotations

import functools
import importlib.resources
from pathlib import Path
from typing import Any

__all__ = ["load_mapping", "load_mapping_file", "mappings_dir"]


@functools.lru_cache(maxsize=1)
def mappings_dir() -> Path:
    """The folder holding the mapping files (``al-folio.yml``, ``socials.yml``, ...)."""
    try:
        packaged = importlib.resources.files("sitemigrate") / "mappings"
        if packaged.is_dir():
            return Path(str(packaged))
    except (ModuleNotFoundError, TypeError, NotImplementedError):  # pragma: no cover (exotic)
        pass
    return Path(__file__).resolve().parents[2] / "mappings"


@functools.cache
def load_mapping(name: str) -> Any:
    """Safe-load ``<mappings_dir>/<name>`` (``.yml`` is added when ``name`` has no suffix).

    The result is cached and shared between callers: treat it as read-only. Loaded with
    libyaml (``textio.load_safe``, the values of ruamel's safe loader): the pure-Python
    loader took ~0.2 s of every run for these five files.
    """
    file = mappings_dir() / (name if Path(name).suffix in (".yml", ".yaml") else f"{name}.yml")
    return load_mapping_file(file)


@functools.cache
def load_mapping_file(path: Path) -> Any:
    """Safe-load the mapping file at ``path`` (a theme's vocabulary may live in its own
    package). Cached and shared like :func:`load_mapping`."""
    from .textio import load_safe
    # part of the program (or of a theme's package), as trusted as its code: not bounded
    return load_safe(Path(path).read_text(encoding="utf-8"), bounded=False)
