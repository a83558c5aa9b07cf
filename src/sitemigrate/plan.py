"""What a conversion would do to DEST, before it does it.

A :class:`Plan` holds the complete desired content of every file the writer produces, the
files it removes (the template's example content), and files to copy from SRC. Nothing
touches DEST until :meth:`Plan.apply`, which stages the new tree next to DEST and swaps it in,
so an interrupted run leaves DEST as it was.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .report import Report
from .textio import read_source, render_document


MANIFEST = ".sitemigrate/manifest.json"
"""What the last run wrote into DEST (path -> sha256), to tell user edits from ours."""


class UnsafePath(ValueError):
    """A destination path that would leave DEST."""


def safe_rel(rel: str) -> str:
    """Normalise a DEST-relative path; refuse absolute paths and ``..``."""
    path = rel.replace("\\", "/")
    parts = [part for part in path.split("/") if part and part != "."]  # as PurePosixPath
    if path.startswith("/") or not parts or ".." in parts or "\x00" in path:  # NUL: no file
        raise UnsafePath(f"refusing to write {rel!r}: it is not a plain path inside DEST")
    return "/".join(parts)


@dataclass(slots=True)
class Change:
    path: str
    kind: str  # "created" | "changed" | "deleted" | "unchanged" | "kept"
    old: bytes | None
    new: bytes | None


@dataclass
class Plan:
    """The files a conversion produces in ``dest``, plus its report."""

    dest: Path
    report: Report = field(default_factory=Report)
    files: dict[str, bytes] = field(default_factory=dict)
    copies: dict[str, Path] = field(default_factory=dict)
    """DEST path -> SRC file to copy as is (images, PDFs)."""
    source_root: Path | None = None
    """SRC: a file of ``copies`` is read through ``textio.read_source``, which refuses one
    whose real location is outside it (by default, outside the file's own folder)."""
    deletes: set[str] = field(default_factory=set)
    force: bool = False
    """Overwrite files the user edited in DEST after the last run."""
    origins: dict[str, str] = field(default_factory=dict)
    """SRC path -> the DEST file that now holds its content (for redirects of old URLs)."""
    urls: dict[str, str] = field(default_factory=dict)
    """Where things live in DEST, by neutral name (``publication:<key>`` -> its URL), for
    Liquid that links to them (``{% cite %}``)."""
    documents: dict[str, dict] = field(default_factory=dict)
    """DEST path -> front matter of the documents written with :meth:`write_document` (and
    not overwritten since): the URL ledger need not parse back what a writer just wrote."""
    behind_links: dict[str, str] = field(default_factory=dict, init=False, repr=False)
    """DEST path -> the folder on its way that links out of DEST (left out of the plan)."""

    # -- building -------------------------------------------------------------------------
    def write(self, rel: str, content: str | bytes) -> str:
        rel = safe_rel(rel)
        self.files[rel] = content.encode("utf-8") if isinstance(content, str) else content
        self.documents.pop(rel, None)
        self.copies.pop(rel, None)
        self.deletes.discard(rel)
        return rel

    def write_document(self, rel: str, front: dict | None, body: str,
                       comments: Iterable[str] = (), newline: str = "\n") -> str:
        """Write a page: front matter (plus carried comment lines) and body."""
        text = render_document(front, body, list(comments), newline)
        rel = self.write(rel, text)
        if front:
            self.documents[rel] = dict(front)
        return rel

    def copy(self, rel: str, source: Path) -> str:
        rel = safe_rel(rel)
        if rel not in self.files:
            self.copies[rel] = source
        return rel

    def delete(self, rel: str) -> None:
        rel = safe_rel(rel)
        if rel not in self.files and rel not in self.copies:
            self.deletes.add(rel)

    # -- comparing ------------------------------------------------------------------------
    def _wanted(self) -> dict[str, bytes | Path]:
        out: dict[str, bytes | Path] = dict(self.copies)
        out.update(self.files)
        return out

    def _last_manifest(self) -> dict[str, str]:
        try:
            data = json.loads((self.dest / MANIFEST).read_text("utf-8"))
            return {str(k): str(v) for k, v in data.get("files", {}).items()}
        except (OSError, ValueError, AttributeError):
            return {}

    def changes(self) -> list[Change]:
        """Every path the plan touches, with what it would do, sorted by path.

        A file the last run wrote and the user edited since is ``kept`` (not overwritten)
        unless ``force`` is set. The manifest of this run is part of the plan."""
        last = self._last_manifest()
        out = []
        linked = _LinkGuard(self.dest)

        def edited(rel: str, old: bytes) -> bool:
            return (not self.force and rel in last
                    and hashlib.sha256(old).hexdigest() != last[rel])

        manifest: dict[str, str] = {}
        fresh = not self.dest.exists()  # a new DEST: no file to look for
        dest = str(self.dest)
        for rel, want in sorted(self._wanted().items()):
            if linked.escapes(rel):
                continue
            target = os.path.join(dest, rel)
            old = None if fresh or not os.path.isfile(target) else _read(target)
            if isinstance(want, Path):
                root = self.source_root if self.source_root is not None else want.parent
                new = read_source(want, want.name, None, root=root)
                if new is None:  # refused: the writer reported it when it planned the copy
                    continue
            else:
                new = want
            if old is not None and old != new and edited(rel, old):
                out.append(Change(rel, "kept", old, old))
                manifest[rel] = last[rel]
                continue
            kind = "created" if old is None else ("unchanged" if old == new else "changed")
            out.append(Change(rel, kind, old, new))
            manifest[rel] = hashlib.sha256(new).hexdigest()
        for rel in sorted(self.deletes):
            if linked.escapes(rel):
                continue
            target = self.dest / rel
            if target.is_file():
                old = target.read_bytes()
                out.append(Change(rel, "kept" if edited(rel, old) else "deleted", old,
                                  old if edited(rel, old) else None))
        if manifest:
            body = json.dumps({"generator": "sitemigrate", "files": manifest}, indent=1,
                              sort_keys=True).encode() + b"\n"
            target = self.dest / MANIFEST
            old = target.read_bytes() if target.is_file() else None
            kind = "created" if old is None else ("unchanged" if old == body else "changed")
            out.append(Change(MANIFEST, kind, old, body))
        out.sort(key=lambda c: c.path)
        self.behind_links = linked.refused
        return out

    def pending(self) -> list[Change]:
        return [c for c in self.changes() if c.kind not in ("unchanged", "kept")]

    def up_to_date(self) -> bool:
        return not self.pending()

    def summarize(self) -> list[Change]:
        """Compute the changes and record them in the report (for dry runs)."""
        changes = self.changes()
        self._record(changes)
        return changes

    def diff(self) -> str:
        """A git-style unified diff of what :meth:`apply` would change."""
        chunks = []
        for c in self.pending():
            old_name = "/dev/null" if c.old is None else f"a/{c.path}"
            new_name = "/dev/null" if c.new is None else f"b/{c.path}"
            old_text, new_text = _as_text(c.old), _as_text(c.new)
            if old_text is None or new_text is None:
                chunks.append(f"diff --git a/{c.path} b/{c.path}\n"
                              f"Binary files {old_name} and {new_name} differ\n")
                continue
            body = "".join(difflib.unified_diff(
                old_text.splitlines(keepends=True), new_text.splitlines(keepends=True),
                old_name, new_name))
            fixed = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                            for line in body.splitlines(keepends=True))
            chunks.append(f"diff --git a/{c.path} b/{c.path}\n" + fixed)
        return "".join(chunks)

    # -- applying -------------------------------------------------------------------------
    def apply(self) -> list[Change]:
        """Write the plan into DEST atomically; returns the changes made.

        The new tree is staged in a sibling directory (hard links for untouched files), then
        swapped into place with two renames. On any error DEST is left as it was.
        """
        changes = self.changes()
        self._record(changes)
        pending = [c for c in changes if c.kind not in ("unchanged", "kept")]
        if not pending:
            return changes
        dest = self.dest.resolve() if self.dest.exists() else self.dest.absolute()
        dest.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{dest.name}.sitemigrate-", dir=dest.parent))
        try:
            tree = stage / "tree"
            fresh = not dest.exists()
            if fresh:
                tree.mkdir()
            else:
                shutil.copytree(dest, tree, symlinks=True, copy_function=_link_or_copy)
            inside = os.path.realpath(tree) + os.sep
            made: set[str] = set()
            checked: set[str] = set()
            for c in pending:
                target = os.path.join(tree, c.path)
                folder = os.path.dirname(target)
                if not fresh:
                    # changes() left out paths behind a linked folder; this is the backstop
                    if folder not in checked:
                        if not (os.path.realpath(folder) + os.sep).startswith(inside):
                            raise UnsafePath(f"refusing to write {c.path!r}: a folder on its "
                                             "way is a link out of DEST")
                        checked.add(folder)
                    try:
                        os.unlink(target)  # never write through a link shared with DEST
                    except FileNotFoundError:
                        pass
                if c.new is None:
                    continue
                if folder not in made:
                    os.makedirs(folder, exist_ok=True)
                    made.add(folder)
                with open(target, "wb") as fh:
                    fh.write(c.new)
            old = stage / "old"
            if dest.exists():
                os.rename(dest, old)
            try:
                os.rename(tree, dest)
            except BaseException:
                if old.exists():
                    os.rename(old, dest)
                raise
        finally:
            shutil.rmtree(stage, ignore_errors=True)
        return changes

    def _record(self, changes: list[Change]) -> None:
        files: dict[str, list[str]] = {"created": [], "changed": [], "deleted": [],
                                       "unchanged": [], "kept": []}
        noted = {f.path for f in self.report.findings if f.code == "kept-edit"}
        refused = {f.path for f in self.report.findings if f.code == "dest-link"}
        for rel, folder in sorted(self.behind_links.items()):
            if rel not in refused:
                self.report.add("dest-link", "loss", "lost",
                                f"`{folder}` in DEST is a symbolic link that leads out of DEST; "
                                "this file was not written (or removed) through it. Replace the "
                                "link with a folder and run again.", rel)
        for c in changes:
            files[c.kind].append(c.path)
            if c.kind == "kept" and c.path not in noted:
                noted.add(c.path)
                self.report.add("kept-edit", "warning", "verbatim",
                                "you edited this DEST file after the last run; it was kept. "
                                "Use --force to overwrite it.", c.path)
        self.report.files = files


class _LinkGuard:
    """Which DEST paths lie behind a symbolic link that leads out of DEST (a linked
    ``assets/`` folder, say): writing or deleting there would change files outside DEST."""

    def __init__(self, dest: Path) -> None:
        self.root = os.path.realpath(dest)
        self.dest = dest
        self.folders: dict[str, bool] = {}
        self.refused: dict[str, str] = {}
        """DEST path -> the linked folder on its way."""

    def escapes(self, rel: str) -> bool:
        folder = os.path.dirname(rel)
        if folder not in self.folders:
            real = os.path.realpath(os.path.join(self.dest, folder))
            self.folders[folder] = not (real == self.root or
                                        real.startswith(self.root.rstrip(os.sep) + os.sep))
        if self.folders[folder]:
            parts = folder.split("/")
            first = next(("/".join(parts[:i]) for i in range(1, len(parts) + 1)
                          if os.path.islink(os.path.join(self.dest, *parts[:i]))), folder)
            self.refused[rel] = first + "/"
        return self.folders[folder]


def _read(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _as_text(data: bytes | None) -> str | None:
    if data is None:
        return ""
    if b"\x00" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
