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
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..textio import within
from .site import TEXT_SUFFIXES, has_front_matter, iter_files
from .urls import jekyll_suffix, unpublished

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


def collection_static_files(root: Path, config: Any) -> Iterator[tuple[str, str]]:
    """(published path, SRC path), neither with a leading `/`, of each static file of the
    site's collections: a file of a collection that `output`s (`posts` aside) without front
    matter is copied as it is (Jekyll's `Collection#read`: any suffix, a notebook or a data
    set beside a course's page), at the collection's `permalink` filled with the file's
    `:collection`, `:path` and `:name`, the `/` at its end dropped and the file's suffix put
    back (`StaticFile#url`): `_teaching/c/data.vcf` is at `/teaching/c/data.vcf` under
    `/:collection/:path/`. Text pages (read as the collection's items), names Jekyll's entry
    filter skips (`.`, `_`, `#` in front, `~` at the end) and a permalink with placeholders a
    static file has no value for are left out."""
    cols = config.get("collections") if isinstance(config, dict) else None
    if not isinstance(cols, dict) or not root.is_dir():
        return
    base = str(config.get("collections_dir") or "").strip("/")
    for name, meta in cols.items():
        meta = meta if isinstance(meta, dict) else {}
        if str(name) == "posts" or meta.get("output") is not True:
            continue
        folder = f"{base}/_{name}" if base else f"_{name}"
        for path, rel in iter_files(root / folder, root, suffixes=None):
            inner = rel[len(folder) + 1:]
            stem, dot, suffix = inner.rpartition(".")
            stem, suffix = (stem, dot + suffix) if stem and "/" not in suffix else (inner, "")
            if jekyll_suffix(suffix) in TEXT_SUFFIXES or inner[:1] in "._#" \
                    or path.name[:1] in "._#" or path.name.endswith("~") \
                    or unpublished(rel, config) or not within(root, path) \
                    or has_front_matter(path):
                continue
            pattern = str(meta.get("permalink") or "/:collection/:path")
            url = pattern
            for key, value in (("collection", str(name)), ("output_ext", ""), ("title", ""),
                               ("path", "/" + stem.rstrip(".")),
                               ("name", stem.rsplit("/", 1)[-1])):
                url = url.replace(f":{key}", value)
            if re.search(r":[a-z_]", url):
                continue  # `:year`, `:slug`...: no value a static file has
            url = re.sub(r"/{2,}", "/", "/" + url).rstrip("/") + suffix
            yield url.lstrip("/"), rel
