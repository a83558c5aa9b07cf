"""sitemigrate: move an academic's Jekyll site between al-folio and academicpages.

Library use::

    import sitemigrate
    site = sitemigrate.read_site("my-al-folio-site")          # theme detected
    plan = sitemigrate.write_site(site, "new-site", "academicpages")
    print(plan.diff())                                         # what would change
    plan.apply()                                               # write it (atomically)
    print(plan.report.summary())

or in one call: ``sitemigrate.convert(src, dest, to="academicpages").apply()``.

Names are imported lazily so that the command line starts fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import SitemigrateError, convert, detect_theme, read_site, write_site
    from .ir import Site, to_json
    from .plan import Plan
    from .registry import THEMES, Options
    from .report import Finding, Report

_LAZY = {
    "SitemigrateError": "api", "convert": "api", "detect_theme": "api",
    "read_site": "api", "write_site": "api", "Site": "ir", "to_json": "ir",
    "Plan": "plan", "THEMES": "registry", "Options": "registry", "Finding": "report",
    "Report": "report",
}

__all__ = sorted([*_LAZY, "__version__"])


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version
        try:
            return version("sitemigrate")
        except PackageNotFoundError:  # a source tree that was not installed
            return "0+unknown"
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'sitemigrate' has no attribute {name!r}")
