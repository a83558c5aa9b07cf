"""Remembering an up-to-date DEST, so that ``--check`` on an unchanged site is instant.

After a run that leaves DEST in step with SRC, the CLI saves a *fingerprint* of everything
the output depends on, with that run's report, in the user's cache folder (as black keeps
its cache): ``SITEMIGRATE_CACHE_DIR`` when set, else ``platformdirs.user_cache_dir``
(``~/.cache/sitemigrate`` on Linux), one file per pair of SRC and DEST real paths. Never in
DEST: a repository that carried the cache could make ``--check`` pass for a stale DEST. The
fingerprint covers

* sitemigrate's own code: the bytes of its modules and of every mapping file
  (``mappings/*.yml``), the installed versions of its dependencies and Python's version, so
  an upgrade or an edited checkout never replays an old answer;
* the options of the run (themes, generation, redirects, name, force);
* every file of SRC by path and content digest (version control aside), those of folders
  Jekyll ignores too (a page may link a file there); for a single-page SRC, every file of
  its folder (its images);
* every file of DEST (its template's files too; ``.git``, Jekyll's build folders and
  package managers' trees aside).

A later ``--check`` or ``--dry-run`` whose fingerprint is the same knows without converting
that DEST is up to date (a conversion is deterministic in those inputs) and replays the saved
report. Any edit, in SRC or DEST, misses, and the full conversion runs. In CI (``CI`` or
``GITHUB_ACTIONS`` set) nothing is looked up or saved: a check there always converts.
``--no-cache`` skips it anywhere.

Only the standard library and the report are imported here (platformdirs when no folder is
set): a hit must start fast.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .report import Report

CACHE_VERSION = 3
"""3: in the user's cache folder, SRC's ignored folders, dependencies' versions (2: in DEST,
SHA-256; 1: BLAKE2b)."""
CACHE_DIR_ENV = "SITEMIGRATE_CACHE_DIR"
VCS = {".git", ".hg", ".svn", ".sitemigrate"}
"""What SRC's listing leaves out: version control (and bookkeeping), never part of a site."""
# Folders that never take part in a conversion: version control, Jekyll's build output and
# caches, package managers' trees.
SKIP = {".git", ".hg", ".svn", "_site", ".jekyll-cache", ".sass-cache", "node_modules",
        ".bundle", "vendor", ".sitemigrate"}


def _digest(path: str, entry: os.DirEntry | None = None) -> str:
    """SHA-256, as the manifest's (a run's own files are not hashed twice); about twice as
    fast as BLAKE2b on a CPU with SHA instructions (AMD since Zen, Intel since Ice Lake,
    ARMv8's crypto extension), slower on one without."""
    if entry.is_symlink() if entry is not None else os.path.islink(path):
        return "link:" + os.readlink(path)
    if not (entry.is_file(follow_symlinks=False) if entry is not None else
            os.path.isfile(path)):
        return "special"  # a FIFO, a socket, a device: never opened (a FIFO's open waits)
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def in_ci() -> bool:
    """Whether this runs in CI (``CI`` set to anything but false, or ``GITHUB_ACTIONS``):
    there ``--check`` converts for real and the cache is neither read nor written."""
    ci = os.environ.get("CI", "").strip().lower()
    return ci not in ("", "0", "false", "no") or bool(os.environ.get("GITHUB_ACTIONS"))


def cache_dir() -> Path:
    """The folder of the check cache: ``$SITEMIGRATE_CACHE_DIR``, else the user's cache
    folder for sitemigrate (platformdirs)."""
    set_to = os.environ.get(CACHE_DIR_ENV, "").strip()
    if set_to:
        return Path(os.path.expanduser(set_to))
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("sitemigrate", appauthor=False))


def cache_file(src: Path, dest: Path) -> Path:
    """Where the check cache of converting ``src`` into ``dest`` lives: named by their real
    paths (a checkout elsewhere, or a CI runner's, has its own)."""
    key = json.dumps([os.path.realpath(src), os.path.realpath(dest)])
    return cache_dir() / "check" / f"{hashlib.sha256(key.encode()).hexdigest()}.json"


def _listing(root: Path, known: Mapping[str, str] | None = None,
             skip: frozenset[str] | set[str] = SKIP) -> list[tuple[str, str]]:
    """(path, content digest) of every file under ``root`` (or of ``root`` if a file),
    sorted by path segments as a walk of sorted folders gives them.
    Contents, not modification times: a fresh clone in CI has new times, the same bytes.
    ``known`` holds the SHA-256 (hex) of files just written under ``root`` (by root-relative
    path), which are then not read back."""
    if root.is_file():
        return [(root.name, _digest(str(root)))]
    known = known or {}
    out: list[tuple[str, str]] = []

    # a folder's files, then each of its subfolders' in name order (depth first); the
    # folders still to list are a stack, not a nested function calling itself (which would
    # be garbage for the cyclic collector)
    todo = [(str(root), "")]
    while todo:
        folder, prefix = todo.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        subdirs = []
        for e in entries:
            try:
                if e.is_dir():  # follows links, as os.walk lists them
                    if e.name not in skip:
                        subdirs.append(e)
                    continue
                rel = prefix + e.name
                if rel in known and not e.is_symlink():
                    out.append((rel, known[rel]))
                else:
                    out.append((rel, _digest(e.path, e)))
            except OSError:
                continue
        for e in reversed(subdirs):  # popped in name order
            if not e.is_symlink():  # os.walk does not descend into linked folders
                todo.append((e.path, prefix + e.name + "/"))
    return out


def _code_digest() -> str:
    """sitemigrate itself: its modules and its mapping files, and those of every theme another
    package registers (its package's modules and its vocabulary file). Not the version number:
    a checkout or an editable install changes code without changing it."""
    from .mapdata import mappings_dir
    package = Path(__file__).resolve().parent
    mappings = mappings_dir()
    files = sorted(("code", p.relative_to(package).as_posix(), p) for p in package.rglob("*.py"))
    # the themes' tables of template files (sitemigrate.template_files): data the run reads
    files += sorted(("code", p.relative_to(package).as_posix(), p)
                    for p in package.glob("themes/*/template_files.json"))
    files += sorted(("mappings", p.name, p) for p in mappings.glob("*.yml"))
    files += _plugin_files(package)
    h = hashlib.sha256(_dependencies().encode())
    for kind, rel, path in files:
        h.update(f"{kind}/{rel}".encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _dependencies() -> str:
    """Python's version and the installed version of each of sitemigrate's dependencies: a
    new release of one (a YAML or BibTeX parser) may change what a conversion writes."""
    import re
    import sys
    from importlib import metadata
    try:
        wanted = metadata.requires("sitemigrate") or []
    except metadata.PackageNotFoundError:  # run from a source tree: none known
        wanted = []
    versions = [sys.version]
    for req in sorted(wanted):
        if "extra ==" in req:
            continue
        name = re.split(r"[\s;<>=!~\[(]", req, maxsplit=1)[0]
        try:
            versions.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} missing")
    return "\n".join(versions)


def _plugin_files(own: Path) -> list[tuple[str, str, Path]]:
    """The files of the themes other packages register: a change to one of them changes what
    a conversion writes, so a saved report is no longer known to hold. A theme that cannot be
    loaded adds its name only (using it says why it fails)."""
    import sys

    from .registry import THEMES, UnknownTheme, get_theme
    files: list[tuple[str, str, Path]] = []
    for name, point in sorted(THEMES.points().items()):
        if point.value.split(":")[0].split(".")[0] == __package__.split(".")[0]:
            continue  # sitemigrate's own: hashed above
        try:
            theme = get_theme(name)
        except UnknownTheme:
            files.append((f"theme/{name}", "unloadable", Path(os.devnull)))
            continue
        module = sys.modules.get(type(theme).__module__)
        path = Path(module.__file__).resolve() if module and module.__file__ else None
        if path is not None and path.name != "__init__.py":
            files.append((f"theme/{name}", path.name, path))  # a module, not a package:
        elif path is not None and path.parent != own:     # not all of its folder
            files += [(f"theme/{name}", p.relative_to(path.parent).as_posix(), p)
                      for p in sorted(path.parent.rglob("*.py"))]
        if theme.mapping.is_file():
            files.append((f"theme/{name}", "mapping", theme.mapping))
    return files


def src_state(src_real: Path) -> tuple[str, list[tuple[str, str]]]:
    """What the fingerprint takes of SRC (at its real path) and of sitemigrate itself: the
    code's digest and SRC's listing: every file but version control's, those of folders
    Jekyll ignores too; for a single page, every file of its folder (its images), the page
    named."""
    if src_real.is_file() or os.path.islink(src_real):
        return _code_digest(), [("page", src_real.name), *_listing(src_real.parent, skip=VCS)]
    return _code_digest(), _listing(src_real, skip=VCS)


def fingerprint(src: Path, dest: Path, options: dict[str, Any],
                written: Mapping[str, str] | None = None) -> str:
    """The digest of every input the conversion of ``src`` into ``dest`` depends on.
    ``written``: the SHA-256 (hex) of DEST files the caller just wrote, by path."""
    # a single-page SRC is named by its folder's real path, not its own: a page that links
    # out of SRC is listed as the link it is (its target never read, nor hashed)
    src_real = src.parent.resolve() / src.name if src.is_file() else src.resolve()
    code, listing = src_state(src_real)
    state = {"cache": CACHE_VERSION, "code": code, "options": options, "src": listing,
             "dest": _listing(dest.resolve(), written) if dest.exists() else []}
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()


def save(src: Path, dest: Path, options: dict[str, Any], report: Report,
         written: Mapping[str, str] | None = None) -> None:
    """Remember that DEST is up to date with SRC under ``options`` (after a run wrote it).
    ``written`` holds the SHA-256 (hex) of what the run left in DEST by path, as its
    manifest records them (those files are not read back). Nothing is saved in CI.
    The file is written to a temporary name and renamed, so a reader never sees half."""
    if in_ci():
        return
    target = cache_file(src, dest)
    saved = report.to_json()  # as a later check sees it: every file written is unchanged
    files = saved["files"]
    saved["files"] = {"created": [], "changed": [], "deleted": [],
                      "unchanged": sorted(p for kind in ("created", "changed", "unchanged")
                                          for p in files.get(kind, [])),
                      "kept": sorted(files.get("kept", []))}
    data = {"fingerprint": fingerprint(src, dest, options, written),
            "report": saved}
    body = json.dumps(data, ensure_ascii=False).encode()
    try:
        known = json.loads(target.read_bytes()) if target.is_file() else None
    except (OSError, ValueError):
        known = None
    if isinstance(known, dict) and known.get("fingerprint") == data["fingerprint"]:
        # a re-run that changed nothing touches nothing, even where its report words what
        # it found in DEST differently (the second run into a new DEST finds the
        # collections the first declared)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{target.stem}.{os.getpid()}.tmp")
    tmp.write_bytes(body)
    os.replace(tmp, target)


def lookup(src: Path, dest: Path, options: dict[str, Any]) -> Report | None:
    """The saved report when DEST is known to be up to date with SRC, else None (always in
    CI). Its files are all ``unchanged`` (or ``kept``): nothing would be written."""
    if in_ci():
        return None
    try:
        data = json.loads(cache_file(src, dest).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("fingerprint") != fingerprint(src, dest, options):
        return None
    try:
        return Report.from_json(data["report"])
    except (KeyError, TypeError, ValueError):
        return None
