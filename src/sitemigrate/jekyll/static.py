"""The owner's static files: what Jekyll copies as it is, whether a page links it or not.

Jekyll publishes every file of a site that has no front matter as it is, at its own path
(a *static file*), unless its name or a folder's starts with `_`, `.` or `#`, or `exclude:`
(with Jekyll's own default excludes) drops it. The owner's Liquid may build such a file's
address from data (`{{ person.image | prepend: '/assets/img/' }}`), which no link names: the
file must be where it was. The template's own files (any path a checkout of the source
theme's template has, changed or not: its scripts, styles, fonts, generator scripts) and
the files at the top of the repository (its README, licence, Gemfile, ...) are no content of
the owner's and are left to the target's checkout.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..textio import within
from .site import has_front_matter, iter_files
from .urls import unpublished

JEKYLL_EXCLUDES = ("node_modules/", "vendor/bundle/", "vendor/cache/", "vendor/gems/",
                   "vendor/ruby/", "gemfiles/")
"""Folders Jekyll 4 adds to every site's `exclude:`."""


def static_files(root: Path, config: Any, template_paths: set[str]) -> Iterator[str]:
    """The site paths (no leading `/`) of the static files of the site in ``root`` that
    Jekyll publishes, below its top folder, that are none of ``template_paths`` (the paths
    the source template's checkouts have); not a link out of SRC (never read)."""
    if not root.is_dir():
        return
    for top in sorted(os.scandir(root), key=lambda e: e.name):
        if not top.is_dir(follow_symlinks=False) or top.name[:1] in ("_", ".", "#"):
            continue
        for path, rel in iter_files(Path(top.path), root, suffixes=None):
            if rel in template_paths or rel.startswith(JEKYLL_EXCLUDES) \
                    or unpublished(rel, config) or not within(root, path) \
                    or has_front_matter(path):
                continue
            yield rel
