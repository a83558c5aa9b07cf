"""Regular expressions compiled when first used, not when their module is imported.

Compiling a pattern is the largest part of importing most modules here, and a run pays it
for every pattern of every module it imports: a conversion of a bibliography alone imports
the modules that rewrite links in page bodies or read Liquid, and uses none of their
patterns. A pattern that only such a path needs is written ``_LINK = lazy_pattern(r"...")``
and used as ``_LINK().sub(...)``: compiled at its first use, then kept.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable


def lazy_pattern(pattern: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """A function that returns ``re.compile(pattern, flags)``, compiled at its first call."""
    @functools.cache
    def compiled() -> re.Pattern[str]:
        return re.compile(pattern, flags)
    return compiled
