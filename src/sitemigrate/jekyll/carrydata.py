"""Data files the written pages read (`site.data.NAME`), carried along from SRC: the
owner's `_data/` files, and the JSON files jekyll-get-json loads as `site.data.NAME`."""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..ir import Site
from ..lazyre import lazy_pattern
from ..plan import Plan
from ..textio import within
from .checkout import _checkout, _last_written, _text_files, _walk, _where, is_fresh_template

if TYPE_CHECKING:
    from ..theme import Theme


def fetched_data(site: Site, src_root: Path) -> dict[str, str]:
    """NAME -> the file of SRC (its path in the site) that jekyll-get-json loads as
    `site.data.NAME` (`jekyll_get_json:` entries `data: NAME`, `json: PATH`), where SRC's
    build loads the plugin; an address on the web, or a file the site lacks, is none."""
    plugins = [str(v) for key in ("plugins", "gems")
               for v in (site.config_extra.get(key) or []) if isinstance(v, str)]
    specs: Any = site.config_extra.get("jekyll_get_json")
    if "jekyll-get-json" not in plugins or not isinstance(specs, list):
        return {}
    out: dict[str, str] = {}
    for spec in specs:
        if not isinstance(spec, dict) or not all(isinstance(spec.get(k), str)
                                                 for k in ("data", "json")):
            continue
        rel = spec["json"].strip().lstrip("/")
        if "://" in rel or not rel or not (src_root / rel).is_file() \
                or not within(src_root, src_root / rel):
            continue
        out.setdefault(spec["data"].strip(), rel)
    return out


_DATA_REF = lazy_pattern(r"""\bsite\.data(?:\.([\w-]*\w)|\[\s*["']([\w-]+)["']\s*\])""")
_DATA_SUFFIXES = (".yml", ".yaml", ".json", ".csv", ".tsv")


def carry_data(plan: Plan, src_root: Path, target: Theme, site: Site) -> None:
    """A data file of SRC that a written file reads (`site.data.skills` in the owner's about
    page) is copied along, to the same path, unless the writer wrote one of that name or
    DEST has its own (the template's example data, removed with the rest, is replaced).
    Of the source theme's own data files (its mapping's example data), the CV the reader
    read is the writer's to convert, and one still the template's example is no one's:
    neither is copied; one the owner wrote (their `_data/repositories.yml`, which a
    repositories page carried along reads) is theirs, and goes along. A `site.data.NAME`
    that SRC's jekyll-get-json loads from a file of the site (:func:`fetched_data`) is that
    file as `_data/NAME.json` where DEST's build does not load the plugin."""
    source = plan.from_theme
    theme_data = [g for g in (source.vocabulary.get("checkout", {}).get("examples", [])
                              if source is not None else []) if g.startswith("_data/")]
    read = {site.cv.origin.path} if site.cv and site.cv.origin else set()

    def theirs_to_convert(rel: str) -> bool:
        if not any(fnmatch.fnmatchcase(rel, g) for g in theme_data):
            return False
        from ..template_files import is_example
        return rel in read or source is None or is_example(source, src_root, rel)
    names: dict[str, str] = {}
    readers: dict[str, list[str]] = {}
    for rel in [*_text_files(plan), *(r for r in plan.files if r.startswith("_layouts/"))]:
        data = plan.files.get(rel)  # (a layout written: the owner's own, carried along)
        if data is None or b"site.data" not in data:
            continue
        for m in _DATA_REF().finditer(data.decode("utf-8", "replace")):
            names.setdefault(m[1] or m[2], rel)
            readers.setdefault(m[1] or m[2], []).append(rel)
    if not names:
        return
    from ..template_files import is_example
    examples_of_src = source.vocabulary.get("checkout", {}).get("examples", []) \
        if source is not None else []
    fetched = {} if "jekyll-get-json" in _checkout(plan).plugins else {  # not the template's
        n: r for n, r in fetched_data(site, src_root).items()
        if not (source is not None and any(fnmatch.fnmatchcase(r, g) for g in examples_of_src)
                and is_example(source, src_root, r))}
    examples = target.vocabulary.get("checkout", {}).get("examples", []) \
        if is_fresh_template(plan, target) else []
    ours = _last_written(plan.dest)
    upgrade = source if source is not None and source.name == target.name else None
    written = {r for r in (*plan.files, *plan.copies) if r.startswith("_data/")}
    for name, reader in sorted(names.items()):
        stem = f"_data/{name}"
        folder = src_root / stem
        if os.path.isdir(folder):  # (False in a folder not ours to read: said once, by api)
            found = [f"{stem}/{r}" for r in _walk(folder)]
        else:
            found = [stem + x for x in _DATA_SUFFIXES
                     if os.path.isfile(src_root / (stem + x))][:1]
        found = [r for r in found if within(src_root, src_root / r)
                 and not theirs_to_convert(r)]
        src_of = {stem + ".json": fetched[name]} if not found and name in fetched else {}
        found = found or list(src_of)
        if not found:
            continue
        theirs = [r for r in written if r == stem + PurePosixPath(r).suffix
                  or r.startswith(stem + "/")]  # the writer's own (a theme's CV data)
        if any(plan.files.get(r) == (src_root / r).read_bytes() for r in theirs
               if r in found):
            continue  # yours, carried as written (an upgrade): nothing to merge
        theirs = theirs or [r for r in found if (plan.dest / r).exists() and r not in ours
                            and not any(fnmatch.fnmatchcase(r, g) for g in examples)]
        if theirs and _nothing_to_merge(plan, name, readers[name], theirs[0], found,
                                        upgrade, src_root):
            continue
        if theirs:
            plan.report.verbatim("data-kept", f"`{reader}` reads `site.data.{name}`, and the "
                                 f"converted site has a `{theirs[0]}` of its own: yours was not "
                                 "copied over it. Merge the two by hand.", _where(plan, reader))
            continue
        for rel in found:
            plan.copy(rel, src_root / src_of.get(rel, rel))
        rest = " and the rest of its folder" if len(found) > 1 else ""
        whose = f"`{src_of[found[0]]}` (jekyll-get-json's) copied along as" if src_of else \
            "your"
        plan.report.verbatim("data-copied", f"`{reader}` reads `site.data.{name}`: {whose} "
                             f"`{found[0]}`{rest} copied along.", _where(plan, reader))


_KEYED = lazy_pattern(r"""\bsite\.data(?:\.([\w-]*\w)|\[\s*["']([\w-]+)["']\s*\])"""
                      r"""(?:\.([\w-]*\w)|\[\s*(["'])([^"']+)\4\s*\])?""")


def _nothing_to_merge(plan: Plan, name: str, readers: list[str], theirs: str,
                      found: list[str], source: Theme | None, src_root: Path) -> bool:
    """Whether DEST's ``theirs`` (kept over SRC's `_data/NAME` file ``found``) leaves the
    owner nothing to merge: in an upgrade (``source``: the theme of both), SRC's file is
    the old template's own, unchanged (DEST's is the new template's version of it); or the
    written files ``readers`` read of it only lists by fixed keys
    (`site.data.navigation.main_cn`) that the file DEST gets holds."""
    from ..template_files import templates
    from ..textio import read_source
    from ..yamlio import load_yaml
    if source is not None and found and all(
            templates(source).owners(r, read_source(src_root / r, r, None, root=src_root)
                                     or b"") for r in found):
        return True
    keys: set[str] = set()
    for rel in dict.fromkeys(readers):
        for m in _KEYED().finditer(plan.files.get(rel, b"").decode("utf-8", "replace")):
            if (m[1] or m[2]) != name:
                continue
            if not (m[3] or m[5]):
                return False  # the whole file, or a key not written out: it may read any
            keys.add(m[3] or m[5])
    data = plan.files.get(theirs)
    if data is None and (plan.dest / theirs).is_file():
        try:
            data = (plan.dest / theirs).read_bytes()
        except OSError:
            return False  # DEST's file unread: the owner is told to look (`data-kept`)
    held = load_yaml(data.decode("utf-8", "replace"), theirs, None, shared=True) \
        if data is not None and theirs.endswith((".yml", ".yaml")) else None
    return bool(keys) and isinstance(held, dict) and keys <= set(held)
