"""What a conversion would do to DEST, before it does it.

A :class:`Plan` holds the complete desired content of every file the writer produces, the
files it removes (the template's example content), and files to copy from SRC. Nothing
touches DEST until :meth:`Plan.apply`, which stages the new tree next to DEST and swaps it in,
so an interrupted run leaves DEST as it was or as the new tree (a killed run's half swap is
undone by the next run).
"""

from __future__ import annotations

import contextlib
import difflib
import errno
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .report import Report
from .textio import FM_DELIMITER, dump_yaml, read_source, render_document

if TYPE_CHECKING:
    from .theme import Theme

try:
    import fcntl
except ImportError:  # Windows: no flock; runs into one DEST are not serialised there
    fcntl = None  # type: ignore[assignment]


MANIFEST = ".sitemigrate/manifest.json"
"""What the last run wrote into DEST (path -> sha256), to tell user edits from ours."""


def is_bookkeeping(rel: str) -> bool:
    """sitemigrate's own records in DEST (``.sitemigrate/``): written with DEST, but no
    change of the user's site, so never in a diff, a count or a ``--check`` verdict."""
    return rel.startswith(".sitemigrate/")


BOOKKEEPING = ".sitemigrate"
"""DEST's folder of sitemigrate's own files (manifest, check cache)."""


def bookkeeping_linked(dest: str | os.PathLike[str]) -> bool:
    """Whether ``DEST/.sitemigrate`` is a symbolic link (never read or written through)."""
    return os.path.islink(os.path.join(dest, BOOKKEEPING))


NAME_MAX = 255
"""The longest file or folder name (in bytes) common file systems take."""


class UnsafePath(ValueError):
    """A destination path that would leave DEST."""


class PlanOutdated(RuntimeError):
    """DEST was not what the plan was made from (an interrupted run was undone first)."""


RESTORED = "the previous DEST was restored"


def safe_rel(rel: str) -> str:
    """Normalise a DEST-relative path; refuse absolute paths and ``..``."""
    path = rel.replace("\\", "/")
    parts = [part for part in path.split("/") if part and part != "."]  # as PurePosixPath
    if path.startswith("/") or not parts or ".." in parts or "\x00" in path:  # NUL: no file
        raise UnsafePath(f"refusing to write {rel!r}: it is not a plain path inside DEST")
    return "/".join(parts)


@dataclass(slots=True)
class Change:
    """One DEST file of a plan: what happens to it and its contents before and after."""

    path: str
    kind: str  # "created" | "changed" | "deleted" | "unchanged" | "kept"
    """``kept``: edited (``old`` is its content) or deleted (``old`` is None) in DEST by the
    user after the last run: left as the user left it."""
    old: bytes | None
    new: bytes | None
    digest: str | None = None
    """SHA-256 (hex) of ``new`` for a file of the plan (as the manifest records it)."""


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
    owner: str = ""
    """The name of SRC's owner (for :mod:`sitemigrate.ownership`'s refusal)."""
    origins: dict[str, str] = field(default_factory=dict)
    """SRC path -> the DEST file that now holds its content (for redirects of old URLs)."""
    anchors: dict[str, str] = field(default_factory=dict)
    """SRC path -> the id of its entry on the DEST page ``origins`` names, where that page
    gives each entry one (an old address forwards to the entry, not the top of the page)."""
    urls: dict[str, str] = field(default_factory=dict)
    """Where things live in DEST, by neutral name (``publication:<key>`` -> its URL), for
    Liquid that links to them (``{% cite %}``)."""
    source: Path | None = None
    """SRC's root, when the site was read from one (findings quote the lines of its files)."""
    entries: dict[str, Any] = field(default_factory=dict)
    """The source's BibTeX entries by key (its publications, and the entries that are no
    publications: ``Site.references``), for what a citation of one shows."""
    words: dict[str, str] = field(default_factory=dict)
    """The headings a pass adds to the owner's pages, in the site's language
    (:func:`~sitemigrate.jekyll.listings.site_words`), for passes that see no site."""
    documents: dict[str, dict] = field(default_factory=dict)
    """DEST path -> front matter of the documents written with :meth:`write_document` (and
    not overwritten since): the URL ledger need not parse back what a writer just wrote."""
    redirect_claims: dict[str, tuple[str, list[str]]] = field(default_factory=dict,
                                                              init=False, repr=False)
    """Old address -> (the redirect page written for it, the source files that claimed it):
    one page per address (:mod:`sitemigrate.jekyll.redirects`)."""
    behind_links: dict[str, str] = field(default_factory=dict, init=False, repr=False)
    """DEST path -> the folder on its way that links out of DEST (left out of the plan)."""
    checkout: Any = field(default=None, init=False, repr=False)
    """What DEST's template checkout has (``sitemigrate.jekyll.checkout.probe``), read once."""
    from_theme: Theme | None = field(default=None, repr=False)
    """The theme the site was read as, resolved once by the caller (:mod:`sitemigrate.api`);
    None for a site of no registered theme. The passes that read its mapping (its Liquid, its
    folders of files) take it from here."""
    themes: tuple[Theme, ...] = field(default=(), repr=False)
    """Every registered theme, resolved by the caller: for the rules that read all of their
    mappings (which template DEST is, the owner's Liquid variables as any theme writes them)."""
    _unreadable_told: set[str] = field(default_factory=set, init=False, repr=False)
    """SRC files already reported unreadable (a file copied to two places is one problem)."""
    _edits: int = field(default=0, init=False, repr=False)
    """Bumped by every write, copy and delete: the report's files are recorded again when
    the plan changed since (see :meth:`_settle_report`)."""
    _recorded: int = field(default=-1, init=False, repr=False)
    _source_texts: dict[str, str | None] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self.report.settle = self._settle_report

    def _settle_report(self) -> None:
        """The report is about to be summed up: record what the plan would do to DEST now,
        unless that is known for this plan already (an apply, a diff, a summarize)."""
        if self._recorded != self._edits:
            self.summarize()

    def source_text(self, rel: str) -> str | None:
        """The text of SRC file ``rel`` (read as ``Path.read_text`` reads, undecodable bytes
        replaced), for findings that quote its lines: read once a run, however many findings
        look into it. None without SRC or when it cannot be read (a link out of SRC is not
        read: :func:`~sitemigrate.textio.read_source`)."""
        if self.source is None:
            return None
        if rel not in self._source_texts:
            data = read_source(self.source / rel, rel, None, root=self.source)
            self._source_texts[rel] = None if data is None else data.decode(
                "utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
        return self._source_texts[rel]

    # -- building -------------------------------------------------------------------------
    def write(self, rel: str, content: str | bytes) -> str:
        rel = safe_rel(rel)
        self._edits += 1
        if self._too_long(rel):
            return rel
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
        if front and rel in self.files:
            self.documents[rel] = dict(front)
        return rel

    def copy(self, rel: str, source: Path) -> str:
        rel = safe_rel(rel)
        self._edits += 1
        if rel not in self.files and not self._too_long(rel):
            self.copies[rel] = source
        return rel

    def _too_long(self, rel: str) -> bool:
        """A name longer than file systems take (255 bytes) is reported, not written: the
        rest of the plan still applies."""
        if all(len(part.encode("utf-8")) <= NAME_MAX for part in rel.split("/")):
            return False
        short = rel if len(rel) <= 100 else rel[:60] + "..." + rel[-30:]
        if not any(f.code == "name-too-long" and f.path == short
                   for f in self.report.findings):
            self.report.problem("name-too-long", "this file name is longer than file systems "
                                f"take ({NAME_MAX} bytes a name); it was not written. Shorten "
                                "what it is named after (a title, an old URL, a collection "
                                "name) and run again.", short, severity="loss")
        return True

    def set_front_value(self, rel: str, key: str, value: Any) -> bool:
        """Set ``key`` of a page this plan wrote with :meth:`write_document`, the rest of the
        file as it was; False (nothing changed) when ``rel`` is no such page."""
        front, data = self.documents.get(rel), self.files.get(rel)
        if front is None or not isinstance(data, bytes):
            return False
        text = data.decode("utf-8")
        newline = "\r\n" if text.startswith(f"{FM_DELIMITER}\r\n") else "\n"
        text = text.replace("\r\n", "\n") if newline != "\n" else text
        head = f"{FM_DELIMITER}\n{dump_yaml(front)}"  # as render_document writes it
        if not text.startswith(head):
            return False
        changed = {**front, key: value}
        text = f"{FM_DELIMITER}\n{dump_yaml(changed)}" + text[len(head):]
        self.write(rel, text.replace("\n", newline) if newline != "\n" else text)
        self.documents[rel] = changed
        return True

    def unwrite(self, rel: str) -> None:
        """Forget a planned write or copy of ``rel``: DEST's file stays as it is."""
        rel = safe_rel(rel)
        self._edits += 1
        self.files.pop(rel, None)
        self.copies.pop(rel, None)
        self.documents.pop(rel, None)

    def delete(self, rel: str) -> None:
        rel = safe_rel(rel)
        self._edits += 1
        if rel not in self.files and rel not in self.copies:
            self.deletes.add(rel)

    # -- comparing ------------------------------------------------------------------------
    def _wanted(self) -> dict[str, bytes | Path]:
        out: dict[str, bytes | Path] = dict(self.copies)
        out.update(self.files)
        return out

    def _last_manifest(self) -> dict[str, str]:
        if bookkeeping_linked(self.dest):
            return {}
        try:
            data = json.loads((self.dest / MANIFEST).read_text("utf-8"))
            return {str(k): str(v) for k, v in data.get("files", {}).items()}
        except (OSError, ValueError, AttributeError):
            return {}

    def written_before(self, rel: str) -> bool:
        """Whether the last run into DEST wrote ``rel`` (its manifest records it): a file a
        writer may replace, as it is this tool's output, not the owner's or the template's."""
        return rel in self._last_manifest()

    def changes(self) -> list[Change]:
        """Every path the plan touches, with what it would do, sorted by path.

        A file the last run wrote and the user edited or deleted since is ``kept`` (not
        overwritten, not re-created) unless ``force`` is set. The manifest of this run is part
        of the plan (see :func:`is_bookkeeping`)."""
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
            if isinstance(want, Path):  # a file of SRC, through the guarded reader
                root = self.source_root if self.source_root is not None else want.parent
                errors: list[OSError] = []  # (a FIFO's open would wait: never opened)
                new = read_source(want, want.name, None, root=root, errors=errors)
                if errors:  # not refused: unreadable
                    self._unreadable(rel, want, errors[0])
                if new is None:  # a link out of SRC: refused, reported when planned
                    continue
            else:
                new = want
            old = None if fresh or not os.path.isfile(target) else _read(target)
            if old is None and rel in last and not self.force and not os.path.lexists(target):
                out.append(Change(rel, "kept", None, None))  # deleted by the user: their call
                manifest[rel] = last[rel]
                continue
            if old is not None and old != new and edited(rel, old):
                out.append(Change(rel, "kept", old, old))
                manifest[rel] = last[rel]
                continue
            kind = "created" if old is None else ("unchanged" if old == new else "changed")
            digest = hashlib.sha256(new).hexdigest()
            out.append(Change(rel, kind, old, new, digest))
            manifest[rel] = digest
        # what the last run wrote and this one does not (its source left SRC) goes too,
        # unless the owner edited it since (kept, and still recorded, until --force)
        wanted = self._wanted()
        gone = {rel for rel in last if rel not in wanted and not is_bookkeeping(rel)}
        for rel in sorted(self.deletes | gone):
            if linked.escapes(rel):
                continue
            path = self.dest / rel
            if path.is_file():
                old = path.read_bytes()
                keep = edited(rel, old)
                out.append(Change(rel, "kept" if keep else "deleted", old, old if keep else None))
                if keep and rel in gone:
                    manifest[rel] = last[rel]
        if manifest and bookkeeping_linked(self.dest):
            if not any(f.code == "dest-link" and f.path == BOOKKEEPING
                       for f in self.report.findings):
                self.report.problem(
                    "dest-link", f"`{BOOKKEEPING}` in DEST is a symbolic link; sitemigrate's "
                    "record of what it wrote was not read or written through it (so your "
                    "edits to DEST files are not told from its own). Replace the link with a "
                    "folder.", BOOKKEEPING)
        elif manifest:
            body = json.dumps({"generator": "sitemigrate", "files": manifest}, indent=1,
                              sort_keys=True).encode() + b"\n"
            path = self.dest / MANIFEST
            old = path.read_bytes() if path.is_file() else None
            kind = "created" if old is None else ("unchanged" if old == body else "changed")
            out.append(Change(MANIFEST, kind, old, body))
        out.sort(key=lambda c: c.path)
        self.behind_links = linked.refused
        return out

    def _unreadable(self, rel: str, source: Path, exc: OSError) -> None:
        """Reported once per SRC file (a file copied to two places is one problem)."""
        if str(source) in self._unreadable_told:
            return
        self._unreadable_told.add(str(source))
        if not any(f.code == "unreadable" and f.path == rel for f in self.report.findings):
            self.report.problem("unreadable", f"`{source.name}` could not be read from SRC "
                                f"({exc.strerror}); it was not copied here.", rel,
                                severity="loss")

    def pending(self) -> list[Change]:
        """What would change in the user's site (sitemigrate's bookkeeping aside)."""
        return [c for c in self.changes()
                if c.kind not in ("unchanged", "kept") and not is_bookkeeping(c.path)]

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
        changes = self.changes()
        self._record(changes)  # the report says what the diff shows
        pending = [c for c in changes
                   if c.kind not in ("unchanged", "kept") and not is_bookkeeping(c.path)]
        for c in pending:
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
            fixed = "".join(
                line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                for line in body.splitlines(keepends=True))
            chunks.append(f"diff --git a/{c.path} b/{c.path}\n" + fixed)
        return "".join(chunks)

    # -- applying -------------------------------------------------------------------------
    def apply(self) -> list[Change]:
        """Write the plan into DEST atomically; returns the changes made.

        Under a lock on DEST (:func:`dest_lock`), what an interrupted earlier run left
        beside DEST is first finished or undone (:func:`recover`); then the new tree is
        staged in a sibling directory (hard links for untouched files) and swapped into
        place with two renames. On any error or interrupt DEST is the old tree or the new
        one; a ``KeyboardInterrupt`` leaving here says which in ``dest_state`` (``"old"``,
        ``"new"``, or ``"pending"`` when a second interrupt stopped the undoing: the next
        run restores the old tree).
        """
        dest = Path(os.path.realpath(self.dest))  # also where a dangling link pointed
        phase = "old"
        try:
            with dest_lock(dest):
                notes = recover(dest)
                for note in notes:
                    self.report.problem("interrupted-run", note)
                if any(RESTORED in note for note in notes):
                    raise PlanOutdated(f"{self.dest}: an interrupted run had left DEST half "
                                       "swapped; it was restored. Run the conversion again "
                                       "(this plan was made without it).")
                changes = self.changes()  # under the lock: what DEST holds now
                self._record(changes)
                pending = [c for c in changes if c.kind not in ("unchanged", "kept")]
                if not pending:
                    return changes
                stage = Path(tempfile.mkdtemp(prefix=f".{dest.name}{STAGE_MARK}",
                                              dir=dest.parent))
                try:
                    fresh = not os.path.lexists(dest)
                    _write_file(str(stage / JOURNAL), json.dumps(
                        {"generator": "sitemigrate", "dest": dest.name, "fresh": fresh}
                    ).encode())
                    tree = stage / "tree"
                    self._stage(dest, tree, fresh, pending)
                    phase = "pending"
                    if not fresh:
                        os.rename(dest, stage / "old")
                    os.rename(tree, dest)
                    phase = "new"
                except BaseException:
                    if phase == "pending":
                        state = _settle(stage, dest)[0]
                        phase = "old" if state == "restored" else state
                    else:
                        _settle(stage, dest)
                    raise
                _settle(stage, dest)  # the old tree goes
        except KeyboardInterrupt as exc:
            exc.dest_state = phase  # type: ignore[attr-defined]
            raise
        return changes

    def _stage(self, dest: Path, tree: Path, fresh: bool, pending: list[Change]) -> None:
        """Build the new DEST at ``tree``: a copy of DEST (hard links) with ``pending``."""
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
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(target)  # never write through a link shared with DEST
            if c.new is None:
                continue
            if folder not in made:
                os.makedirs(folder, exist_ok=True)
                made.add(folder)
            _write_file(target, c.new)

    def _record(self, changes: list[Change]) -> None:
        self._recorded = self._edits
        files: dict[str, list[str]] = {"created": [], "changed": [], "deleted": [],
                                       "unchanged": [], "kept": []}
        noted = {f.path for f in self.report.findings
                 if f.code in ("kept-edit", "kept-deletion")}
        refused = {f.path for f in self.report.findings if f.code == "dest-link"}
        for rel, folder in sorted(self.behind_links.items()):
            if rel not in refused:
                self.report.add("dest-link", "loss", "lost",
                                f"`{folder}` in DEST is a symbolic link that leads out of DEST; "
                                "this file was not written (or removed) through it. Replace the "
                                "link with a folder and run again.", rel)
        for c in changes:
            if is_bookkeeping(c.path):
                continue
            files[c.kind].append(c.path)
            if c.kind == "kept" and c.path not in noted:
                noted.add(c.path)
                if c.old is None:
                    self.report.add("kept-deletion", "warning", "verbatim",
                                    "you deleted this DEST file after the last run; it was not "
                                    "re-created. Use --force to restore it.", c.path)
                else:
                    self.report.add("kept-edit", "warning", "verbatim",
                                    "you edited this DEST file after the last run; it was kept. "
                                    "Use --force to overwrite it.", c.path)
        self.report.files = files


STAGE_MARK = ".sitemigrate-"
"""``.DEST.sitemigrate-XXXX``: where :meth:`Plan.apply` stages the new tree, beside DEST."""
LOCK_MARK = ".sitemigrate.lock"
"""``.DEST.sitemigrate.lock``: the lock file beside DEST while a run holds it."""
JOURNAL = "journal.json"
"""In a staging folder: which DEST it is for, and whether DEST existed before. It is written
before anything else and removed last, so a folder without it never holds the old DEST."""

_HELD: set[tuple[str, int]] = set()
"""Locks this process holds, as (lock file, thread): taking one again is a no-op."""


@contextlib.contextmanager
def dest_lock(dest: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the lock on DEST: one run at a time reads and writes it. A second run waits
    (saying so on stderr) until the first is done; a ``flock`` ends with its process, so a
    killed run never leaves DEST locked. The lock file, ``.DEST.sitemigrate.lock`` beside
    DEST, is removed on release. Re-entrant within a thread; no lock without ``fcntl``."""
    real = Path(os.path.realpath(dest))
    real.parent.mkdir(parents=True, exist_ok=True)
    path = os.path.join(real.parent, f".{real.name}{LOCK_MARK}")
    key = (path, threading.get_ident())
    if key in _HELD or fcntl is None:
        yield
        return
    said = False
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise
            # DEST's folder is not ours to write: no run can swap DEST there (its first
            # write says so), and one that writes nothing needs no lock
            fd = -1
            break
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if not said:
                    sys.stderr.write(f"sitemigrate: waiting for another run into {real}\n")
                    said = True
                fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path, follow_symlinks=False))
            except FileNotFoundError:
                same = False
        except BaseException:
            os.close(fd)
            raise
        if same:
            break
        os.close(fd)  # its holder removed the file on release: lock the one there now
    if fd < 0:
        yield
        return
    _HELD.add(key)
    try:
        yield
    finally:
        _HELD.discard(key)
        try:
            os.unlink(path)  # still holding it: a waiter re-checks and takes a new file
        except OSError:
            pass
        finally:
            os.close(fd)


def recover(dest: str | os.PathLike[str]) -> list[str]:
    """Finish or undo what interrupted or killed runs left beside DEST, and remove their
    staging folders; one sentence per folder. Call it holding :func:`dest_lock` (then no
    living run owns such a folder: each is made and removed under the lock).

    A swap is two renames, DEST -> ``stage/old`` and ``stage/tree`` -> DEST, each atomic:
    DEST missing with ``stage/old`` present is a swap stopped between them, undone by
    moving ``old`` back; in every other state DEST is whole (old or new) and the folder is
    only removed."""
    real = Path(os.path.realpath(dest))
    named = re.compile(re.escape(f".{real.name}{STAGE_MARK}") + r"[a-z0-9_]{8}")  # mkdtemp's
    try:
        with os.scandir(real.parent) as it:
            stages = sorted(e.path for e in it
                            if named.fullmatch(e.name) and e.is_dir(follow_symlinks=False))
    except OSError:
        return []
    notes = []
    for stage in stages:
        state, removed = _settle(Path(stage), real)
        name = os.path.basename(stage)
        if not removed and state != "unknown":
            notes.append(f"`{name}` beside DEST, left by an interrupted run, could not be "
                         "removed; remove it by hand.")
        elif state == "restored":
            notes.append(f"an earlier run was stopped while swapping DEST in; {RESTORED} "
                         f"from `{name}/old` before this run.")
        elif state == "unknown":
            notes.append(f"`{name}` beside DEST was left by an interrupted run but is not "
                         "understood; it was kept. Check it and remove it by hand.")
        else:
            notes.append(f"`{name}`, left beside DEST by an interrupted run, was removed.")
    return notes


def _settle(stage: Path, dest: Path) -> tuple[str, bool]:
    """Bring DEST to a whole tree and remove ``stage``. Returns what DEST is, ``"old"`` (as
    it was), ``"restored"`` (the same, after undoing a half swap), ``"new"`` (the staged
    tree) or ``"unknown"`` (``stage`` is not ours to judge, and is kept), and whether
    ``stage`` was removed."""
    old, tree = stage / "old", stage / "tree"
    try:
        journal = json.loads(_read(str(stage / JOURNAL)))
        ours = isinstance(journal, dict) and journal.get("dest") == dest.name
    except (OSError, ValueError):
        journal, ours = None, False
    has_old = os.path.lexists(old)
    if has_old and (not ours or (os.path.lexists(tree) and os.path.lexists(dest))):
        return "unknown", False  # never so after our steps: leave it to the user
    state = "old"
    if has_old and not os.path.lexists(dest):
        try:
            os.rename(old, dest)  # undo the first rename
        except OSError as exc:
            raise OSError(exc.errno, f"could not move the previous DEST back from {old} "
                          f"({exc.strerror}); move it back to {dest} by hand") from None
        state = "restored"
    elif os.path.lexists(dest) and not os.path.lexists(tree) and ours and (
            has_old or journal.get("fresh") is True):
        state = "new"  # the second rename was made
    try:
        for part in (tree, old):
            if os.path.lexists(part):
                _rmtree(part)
        if os.path.lexists(stage / JOURNAL):
            os.unlink(stage / JOURNAL)  # last: until here it tells what `old` is
        os.rmdir(stage)
    except OSError:
        return state, False
    return state, True


def _rmtree(path: Path) -> None:
    """Remove a staged or replaced tree, also where it holds read-only folders (a copy of
    a read-only DEST): such a folder is made writable first. Files are never chmodded
    (the new DEST shares them as hard links)."""
    def retry(func, failed, _exc) -> None:
        folder = os.path.dirname(failed)
        if func in (os.unlink, os.rmdir, os.remove) and not os.path.islink(folder):
            os.chmod(folder, 0o700)
            func(failed)
        else:
            raise _exc[1] if isinstance(_exc, tuple) else _exc
    if os.path.isdir(path) and not os.path.islink(path):
        os.chmod(path, 0o700)
        if sys.version_info >= (3, 12):
            shutil.rmtree(path, onexc=retry)
        else:
            shutil.rmtree(path, onerror=retry)
    else:
        os.unlink(path)


_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0) \
    | getattr(os, "O_BINARY", 0)
_os_open, _os_write, _os_close = os.open, os.write, os.close
"""Bound once: :func:`_write_file` is one step (the fault tests interrupt it as one)."""


def _write_file(path: str, data: bytes) -> None:
    """``open(path, "wb").write(data)`` without the buffered file object (a conversion
    writes thousands of files; this takes about a third less CPU a file)."""
    fd = _os_open(path, _WRITE_FLAGS, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[_os_write(fd, view):]
    finally:
        _os_close(fd)


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
