"""Where the data files of ``mappings/`` live, and a cached loader for them.

An installed wheel carries the folder as package data (``sitemigrate/mappings``, see the
``force-include`` in ``pyproject.toml``); a source checkout or an editable install reads the
repository's top-level ``mappings/`` folder instead.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.resources
import marshal
import os
import sys
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
    package). Cached and shared like :func:`load_mapping`, and kept parsed across runs in
    ``__pycache__/`` beside the file (see :func:`_compiled`)."""
    raw = Path(path).read_bytes()
    digest = hashlib.blake2b(raw, digest_size=16).digest()
    cache = _compiled(Path(path))
    kept = _read_compiled(cache, digest)
    if kept is not _MISSING:
        return kept
    from .textio import load_safe
    # part of the program (or of a theme's package), as trusted as its code: not bounded
    data = load_safe(raw.decode("utf-8"), bounded=False)
    _write_compiled(cache, digest, data)
    return data


_MISSING = object()
_FORMAT = b"sitemigrate-mapping-1\n"


def _compiled(path: Path) -> Path:
    """Where the parsed form of mapping file ``path`` is kept: ``__pycache__/NAME.TAG.marshal``
    beside it (``TAG``: the interpreter's, as for ``.pyc`` files, and as trusted as those:
    whoever can write there can write the modules' bytecode too). Parsing the YAML of the
    six mapping files took ~20 ms of every run; reading them back from here takes ~1 ms."""
    return path.parent / "__pycache__" / f"{path.name}.{sys.implementation.cache_tag}.marshal"


def _read_compiled(cache: Path, digest: bytes) -> Any:
    """The data kept at ``cache`` when it was parsed from a file of this content (``digest``:
    its BLAKE2 hash), else ``_MISSING``. Nothing of it runs: ``marshal`` gives values."""
    try:
        blob = cache.read_bytes()
    except OSError:
        return _MISSING
    head = len(_FORMAT) + len(digest)
    if blob[:head] != _FORMAT + digest:
        return _MISSING
    try:
        return marshal.loads(blob[head:])
    except (EOFError, ValueError, TypeError):  # a damaged file: parse the YAML again
        return _MISSING


def _write_compiled(cache: Path, digest: bytes, data: Any) -> None:
    """Keep ``data`` at ``cache`` for the next run, when the folder can be written (an
    installation the user cannot write to parses the YAML every run, as before). Written to a
    temporary name and renamed: a concurrent run reads the old file or the new one."""
    try:
        blob = _FORMAT + digest + marshal.dumps(data)
    except ValueError:  # a value marshal cannot hold (a date): not kept
        return
    tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    try:
        cache.parent.mkdir(exist_ok=True)
        tmp.write_bytes(blob)
        os.replace(tmp, cache)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
