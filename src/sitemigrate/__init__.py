"""sitemigrate: move an academic's Jekyll site between al-folio and academicpages.

Library use::

    import sitemigrate
    site = sitemigrate.read_site("my-al-folio-site")          # theme detected
    plan = sitemigrate.write_site(site, "new-site", "academicpages")
    print(plan.diff())                                         # what would change
    plan.apply()                                               # write it (atomically)
    print(plan.report.summary())

or in one call: ``sitemigrate.convert(src, dest, to="academicpages").apply()``; then
``sitemigrate.verify(src, dest)`` builds both with Jekyll and returns a
:class:`Report` of what a visitor of the new site would lose.

Names are imported lazily so that the command line starts fast.
"""

# no `from __future__ import annotations`: its import of `__future__` would run before the
# Ctrl-C hook below is in place (the one annotation that needs it is a string)
import importlib
import sys

TYPE_CHECKING = False  # not from `typing`: nothing slow before the hook below
if TYPE_CHECKING:
    from typing import Any

    from .api import SitemigrateError, convert, detect_theme, read_site, write_site
    from .ir import Site, to_json
    from .plan import Plan
    from .registry import THEMES, Options
    from .report import Finding, Report
    from .verify import verify


def _interrupted_while_starting(kind, value, tb, _default=sys.excepthook) -> None:
    """Ctrl-C before the command's own guard (``cli.main``) is in place, while Python
    still finds and loads its modules: one line and exit 130, as later, not a traceback."""
    if not (issubclass(kind, KeyboardInterrupt)  # or as Python 3.11 wraps it in a class
            or isinstance(getattr(value, "__cause__", None), KeyboardInterrupt)):
        return _default(kind, value, tb)  # being made ("Error calling __set_name__")
    import os
    try:
        sys.stderr.write("sitemigrate: interrupted; nothing was written\n")
        sys.stderr.flush()
    finally:
        os._exit(130)


def _interrupt_again(unraisable, _default=sys.unraisablehook) -> None:
    """Ctrl-C that lands where Python cannot raise it (a weak-reference callback of its
    import machinery, a ``__del__``) is printed as "Exception ignored" and then lost: the
    run would go on. Deliver it once more from a short-lived thread (raised here, inside
    this hook, it would be lost the same way), so the main thread raises it where it is
    running and the run ends as on any Ctrl-C."""
    if not issubclass(unraisable.exc_type, KeyboardInterrupt):
        return _default(unraisable)
    import _thread
    _thread.start_new_thread(_thread.interrupt_main, ())


_ARGV0 = (getattr(sys, "argv", None) or [""])[0]  # an embedded interpreter has no argv
if _ARGV0 == "-m" or _ARGV0.endswith(("/sitemigrate", "\\sitemigrate.exe")):
    # run as the command (`python -m sitemigrate`, the `sitemigrate` script), not imported
    sys.excepthook = _interrupted_while_starting
    sys.unraisablehook = _interrupt_again

_LAZY = {
    "SitemigrateError": "api", "convert": "api", "detect_theme": "api",
    "read_site": "api", "write_site": "api", "Site": "ir", "to_json": "ir",
    "Plan": "plan", "THEMES": "registry", "Options": "registry", "Finding": "report",
    "Report": "report", "verify": "verify",
}

# written out (not built from _LAZY) so linters read it: _LAZY's names and __version__
__all__ = ["THEMES", "Finding", "Options", "Plan", "Report", "Site", "SitemigrateError",
           "__version__", "convert", "detect_theme", "read_site", "to_json", "verify",
           "write_site"]


def __getattr__(name: str) -> "Any":
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version
        try:
            return version("sitemigrate")
        except PackageNotFoundError:  # a source tree that was not installed
            return "0+unknown"
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'sitemigrate' has no attribute {name!r}")
