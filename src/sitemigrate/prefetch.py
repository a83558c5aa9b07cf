"""A second process that works for the ``convert`` command while it runs.

Two steps of a conversion depend on SRC and nothing else: the old side of the URL ledger
(every page of SRC read again and its front matter parsed as Jekyll reads it, for the URLs
it serves) and, after a run that writes DEST, the check cache's listing of SRC (every file
hashed) with the digest of sitemigrate's own code. On a large site they are about a tenth
of the run, and they wait for nothing. And writing DEST means creating thousands of files,
which is the kernel's work: two processes create files in two folders at once (two threads
would not, as each file takes the GIL back).

So the command forks a helper before it reads SRC, while it is still small (:func:`start`).
The helper works out SRC's part, and the steps that need it take its answer (:func:`take`),
by then long ready, on the machine's other core. When the run writes DEST, it hands the
helper whole folders holding about half of the new files (:func:`share`) and writes the
rest itself.

A step with nothing to take works it out itself, as a library call always does: where
there is no helper (not Linux, another thread running, the system refusing a process) or
the helper failed; files the helper did not write are written by the run. The result is
the same either way (the tests compare them). The helper reads SRC and writes only the
files it is handed (inside the run's staging folder), ignores Ctrl-C, and is always waited
for: :func:`stop` ends it if the run ends first.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cache import SKIP  # folders no conversion reads (the command has imported it)

URLS = "src-urls"
"""The URLs SRC serves: :func:`sitemigrate.jekyll.urls.src_urls`."""
LISTING = "src-listing"
"""The check cache's part of SRC: :func:`sitemigrate.cache.src_state`."""

MIN_FILES = 200
"""Files SRC must hold for the helper to work out its part: it imports the ledger's and the
cache's modules for it (~10 ms of this run's time, as the two processes share the machine),
and takes over ~0.07 ms a file (a bibliography alone, two files, was 3% slower with it)."""
MIN_SHARE = 256
"""New files a run must write before it hands some to the helper (handing over ~1 ms)."""

_OK = b"written"


@dataclass
class _Helper:
    """The helper process: its pid, the pipes to and from it, SRC's real path, and what it
    was asked for; its answer once read."""

    pid: int
    answers: int
    """Read end: the answer (its length, then pickled), then whether the files were written."""
    jobs: int
    """Write end: the files to write (marshalled), or nothing when closed."""
    src: str
    reads: bool
    answer: dict[str, Any] | None = None
    taken: set[str] = field(default_factory=set)


_HELPER: _Helper | None = None


def start(src: str | os.PathLike[str], listing: bool, writes: bool) -> bool:
    """Fork the helper. It works out the URLs folder ``src`` serves and, with ``listing``,
    the check cache's listing of it (for a SRC of :data:`MIN_FILES` files or more); with
    ``writes`` it then waits for files to write. False when no helper was started (this
    system or process does not fork safely, or there is nothing for one to do)."""
    stop()
    real = os.path.realpath(src)
    reads = _at_least(real, MIN_FILES)
    if (sys.platform != "linux" or threading.active_count() > 1
            or not (reads or writes)):
        return False
    answers_r, answers_w = os.pipe()
    jobs_r, jobs_w = os.pipe()
    # a pipe of 1 MiB (the most a process may ask for by default): the files are handed
    # over in one write, not sixteen
    with contextlib.suppress(OSError):
        import fcntl
        fcntl.fcntl(jobs_w, fcntl.F_SETPIPE_SZ, 1 << 20)
    try:
        pid = os.fork()
    except OSError:  # too many processes, no memory: the run does it all itself
        for fd in (answers_r, answers_w, jobs_r, jobs_w):
            os.close(fd)
        return False
    if pid == 0:  # the helper: it answers, writes what it is handed, and is gone
        code = 1
        try:
            import signal
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the run decides, and ends it
            os.close(answers_r)
            os.close(jobs_w)
            _serve(Path(real), reads, listing, answers_w, jobs_r)
            code = 0
        finally:
            os._exit(code)
    os.close(answers_w)
    os.close(jobs_r)
    global _HELPER
    _HELPER = _Helper(pid, answers_r, jobs_w, real, reads)
    return True


def _serve(src: Path, reads: bool, listing: bool, answers: int, jobs: int) -> None:
    data = b""  # no answer: neither process imports pickle for it (a bibliography alone)
    if reads:
        import pickle

        from .jekyll.urls import src_urls
        answer: dict[str, Any] = {URLS: src_urls(src)}
        if listing:
            from .cache import src_state
            answer[LISTING] = src_state(src)
        data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
    _send(answers, len(data).to_bytes(8, "big") + data)
    handed = _receive(jobs)
    if handed:
        import marshal

        from ._writefile import write_file
        for path, content in marshal.loads(handed):
            write_file(path, content)
        _send(answers, _OK)


def _send(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _receive(fd: int, size: int = -1) -> bytes:
    """``size`` bytes from ``fd`` (fewer at its end), or all of it until its end."""
    chunks, got = [], 0
    while size < 0 or got < size:
        chunk = os.read(fd, 1 << 20 if size < 0 else min(1 << 20, size - got))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _at_least(folder: str, count: int) -> bool:
    """Whether ``folder`` is a folder holding ``count`` files or more (links not followed,
    the folders no conversion reads left out); stops counting there."""
    todo, seen = [folder], 0
    while todo:
        try:
            with os.scandir(todo.pop()) as it:
                for entry in it:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name not in SKIP:
                            todo.append(entry.path)
                    else:
                        seen += 1
                        if seen >= count:
                            return True
        except OSError:
            continue
    return False


def take(kind: str, src: str | os.PathLike[str]) -> tuple[bool, Any]:
    """``(True, answer)`` when the helper worked out ``kind`` for ``src`` (waiting for it if
    it is not done), else ``(False, None)``: the caller works it out itself. Each answer is
    taken once."""
    helper = _HELPER
    if (helper is None or not helper.reads or kind in helper.taken
            or helper.src != os.path.realpath(src)):
        return False, None
    answer = _answer(helper)
    helper.taken.add(kind)
    if kind not in answer:
        return False, None
    return True, answer.pop(kind)


def _answer(helper: _Helper) -> dict[str, Any]:
    """The helper's answer (read once): {} when it failed in any way."""
    if helper.answer is None:
        helper.answer = {}
        try:
            size = int.from_bytes(_receive(helper.answers, 8), "big")
            data = _receive(helper.answers, size) if size else b""
        except OSError:
            data = b""
        if data and len(data) == size:
            import pickle
            with contextlib.suppress(Exception):  # our own helper's: no foreign data
                answer = pickle.loads(data)
                if isinstance(answer, dict):
                    helper.answer = answer
    return helper.answer


def share(jobs: list[tuple[str, bytes]]
          ) -> tuple[list[tuple[str, bytes]], Callable[[], list[tuple[str, bytes]]]]:
    """Hand the helper whole folders holding about half of ``jobs`` (``(path, content)`` of
    new files whose folders exist). Returns the jobs left to the caller, and a function to
    call once the caller wrote them: it waits for the helper and returns the jobs the
    helper did not write (all it was handed, if it failed), for the caller to write. With
    no helper, or few files, the caller keeps them all."""
    helper = _HELPER
    if helper is None or helper.jobs < 0 or len(jobs) < MIN_SHARE:
        return jobs, list
    by_folder: dict[str, list[tuple[str, bytes]]] = {}
    for job in jobs:
        by_folder.setdefault(os.path.dirname(job[0]), []).append(job)
    mine: list[tuple[str, bytes]] = []
    theirs: list[tuple[str, bytes]] = []
    for group in sorted(by_folder.values(), key=len, reverse=True):  # one folder, one process
        (mine if len(mine) <= len(theirs) else theirs).extend(group)
    if not theirs:
        return jobs, list
    _answer(helper)  # read first: the helper sends it before it reads the files
    import marshal
    try:
        _send(helper.jobs, marshal.dumps(theirs))
    except OSError:  # the helper is gone: the caller writes all
        return jobs, list
    finally:
        os.close(helper.jobs)
        helper.jobs = -1

    def done() -> list[tuple[str, bytes]]:
        try:
            ok = _receive(helper.answers, len(_OK)) == _OK
        except OSError:
            ok = False
        return [] if ok else theirs
    return mine, done


def _wait(pid: int) -> int:
    """The helper's exit code once it has ended (-1 when it cannot be known)."""
    try:
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    except ChildProcessError:
        return -1


def stop() -> None:
    """End the helper and wait for it: no process outlives the run, and none writes in a
    staging folder the run is about to remove. Called once the run is done with it (it has
    then answered and written what it was handed, and is ending anyway), or when the run
    ends early or is interrupted."""
    global _HELPER
    helper, _HELPER = _HELPER, None
    if helper is None:
        return
    if helper.jobs >= 0:
        os.close(helper.jobs)
    import signal
    with contextlib.suppress(ProcessLookupError):
        os.kill(helper.pid, signal.SIGKILL)
    _wait(helper.pid)
    os.close(helper.answers)
