"""Folders of a site that Jekyll reads no page from.

Jekyll reads the documents of `_posts` (and `_drafts`), of each collection the config
declares (`collections:`, a map or a list of names) and the pages of the folders the config
includes (`_pages`); a folder whose name starts with `_` is otherwise skipped whole. An
owner's writing in such a folder (a `_projects/` the config never declares) is on no page of
the live site: it is not converted, and the report says so, naming the folder, so that the
owner can copy it by hand if they want it shown.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..ir import Site
from ..report import Report
from .site import iter_files

JEKYLL_OWN = frozenset({"_layouts", "_includes", "_data", "_sass", "_plugins", "_site",
                        "_posts", "_drafts", "_bibliography"})
"""Folders Jekyll (and jekyll-scholar) reads as what they are, not as pages."""


def declared_collection(config: dict, folder: str) -> bool:
    """Whether Jekyll reads ``folder`` (`_talks`) as a collection: a config that declares
    its collections (`collections:`, a mapping or a list of names) and leaves this one out
    publishes none of its documents, whatever theme the folder's name comes from."""
    cols = config.get("collections")
    if not isinstance(cols, (dict, list)):
        return True  # no declaration read here: left as the reader has it
    return folder.lstrip("_") in {str(n) for n in cols}


def report_unread_folders(root: Path, config: Any, site: Site, report: Report,
                          example: Callable[[str], bool] | None = None) -> None:
    """One finding per `_folder` at the top of ``root`` that holds content files, that
    Jekyll reads no page from (no declared collection, not included) and that the reader of
    ``site`` read nothing from. ``example`` tells a file of the template's example content
    (`_talks/2012-03-01-talk-1.md` as the template ships it): not the owner's, not named."""
    config = config if isinstance(config, dict) else {}
    if config.get("collections_dir"):
        return  # the collections live in that folder: its own rules, not read here
    cols = config.get("collections")
    read = set(JEKYLL_OWN) | {f"_{n}" for n in (cols if isinstance(cols, (dict, list)) else [])}
    included = config.get("include")
    read |= {str(i).strip("/") for i in (included if isinstance(included, list) else [])}
    items = [*site.posts, *site.news, *site.talks, *site.teaching, *site.projects,
             *(i for found in site.collections.values() for i in found)]
    read |= {i.path.split("/")[0] for i in items if i.path}
    read |= {p.origin.path.split("/")[0] for p in site.publications if p.origin}
    try:
        tops = sorted(e.name for e in os.scandir(root)
                      if e.name.startswith("_") and e.is_dir(follow_symlinks=False))
    except OSError:
        return
    for top in tops:
        if top in read:
            continue
        files = [rel for _, rel in iter_files(root / top, root)  # its pages' files
                 if not (example and example(rel))]
        if files:
            shown = ", ".join(f"`{f}`" for f in files[:3]) + (
                f" and {len(files) - 3} more" if len(files) > 3 else "")
            report.add("unread-folder", "info", "lost",
                       f"`{top}/` is no collection of the site (`collections:` in "
                       f"`_config.yml` does not declare `{top[1:]}`): Jekyll publishes none "
                       f"of its {len(files)} page file(s) ({shown}) and no page lists them, "
                       "so they were not converted; copy them by hand if you want them shown.",
                       top)

