"""What a conversion will need of SRC alone, worked out by a second process meanwhile.

Two steps of a conversion depend on SRC and nothing else: the old side of the URL ledger
(every page of SRC read again and its front matter parsed as Jekyll reads it, for the URLs
it serves) and, after a run that writes DEST, the check cache's listing of SRC (every file
hashed) with the digest of sitemigrate's own code. On a large site they are about a tenth of
the run, and they wait for nothing: the ``convert`` command starts them in a forked child
before it reads SRC (:func:`start`), and the steps that need them take the child's answer
(:func:`take`), by then long ready, on the machine's other core.

A step with no answer to take works it out itself, as a library call always does: where
there is no child (not Linux, another thread running, the system refusing a process) or
the child failed. The answer is the same either way (the tests compare them). The child
reads SRC only, never writes a file, ignores Ctrl-C and is always waited for: :func:`stop`
ends it if the run ends before taking its answer.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

URLS = "src-urls"
"""The URLs SRC serves: :func:`sitemigrate.jekyll.urls.src_urls`."""
LISTING = "src-listing"
"""The check cache's part of SRC: :func:`sitemigrate.cache.src_state`."""


@dataclass
class _Child:
    """A running child: its process, the read end of its answer's pipe, and SRC's real
    path; ``answer`` once read."""

    pid: int
    fd: int
    src: str
    answer: dict[str, Any] | None = None
    taken: set[str] = field(default_factory=set)


_CHILD: _Child | None = None


def start(src: str | os.PathLike[str], listing: bool) -> bool:
    """Start working out, in a forked child, the URLs folder ``src`` serves and, with
    ``listing``, the check cache's listing of it. False when no child was started (this
    system or process does not fork safely, or ``src`` is not a folder): the steps that
    need them work them out themselves."""
    stop()
    real = os.path.realpath(src)
    if (sys.platform != "linux" or threading.active_count() > 1
            or not _at_least(real, MIN_FILES)):
        return False
    import pickle
    read, write = os.pipe()
    try:
        pid = os.fork()
    except OSError:  # too many processes, no memory: the run does it all itself
        os.close(read)
        os.close(write)
        return False
    if pid == 0:  # the child: the answer into the pipe, then out, running nothing else
        code = 1
        try:
            import signal
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides, and ends it
            os.close(read)
            data = pickle.dumps(_work(Path(real), listing), pickle.HIGHEST_PROTOCOL)
            with open(write, "wb", closefd=True) as out:
                out.write(data)
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    global _CHILD
    _CHILD = _Child(pid, read, real)
    return True


MIN_FILES = 200
"""Files SRC must hold for a second process to pay: starting one and its imports cost the
run ~10 ms (its imports share the machine with this process's), and the work it takes
over is ~0.07 ms a file (a bibliography alone, two files, was 3% slower with one)."""

# folders no conversion reads (as the check cache lists SRC)
_SKIP = {".git", ".hg", ".svn", "_site", ".jekyll-cache", ".sass-cache", "node_modules",
         ".bundle", "vendor", ".sitemigrate"}


def _at_least(folder: str, count: int) -> bool:
    """Whether ``folder`` is a folder holding ``count`` files or more (links not followed,
    the folders no conversion reads left out); stops counting there."""
    todo, seen = [folder], 0
    while todo:
        try:
            with os.scandir(todo.pop()) as it:
                for entry in it:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name not in _SKIP:
                            todo.append(entry.path)
                    else:
                        seen += 1
                        if seen >= count:
                            return True
        except OSError:
            continue
    return False


def _work(src: Path, listing: bool) -> dict[str, Any]:
    from .jekyll.urls import src_urls
    answer: dict[str, Any] = {URLS: src_urls(src)}
    if listing:
        from .cache import src_state
        answer[LISTING] = src_state(src)
    return answer


def take(kind: str, src: str | os.PathLike[str]) -> tuple[bool, Any]:
    """``(True, answer)`` when the child worked out ``kind`` for ``src`` (waiting for it if
    it is not done), else ``(False, None)``: the caller works it out itself. Each answer is
    taken once."""
    child = _CHILD
    if child is None or kind in child.taken or child.src != os.path.realpath(src):
        return False, None
    if child.answer is None:
        child.answer = _collect(child)
    child.taken.add(kind)
    if kind not in child.answer:
        return False, None
    return True, child.answer.pop(kind)


def _collect(child: _Child) -> dict[str, Any]:
    """The child's answer, once it has ended: {} when it failed in any way."""
    chunks = []
    try:
        while chunk := os.read(child.fd, 1 << 20):
            chunks.append(chunk)
    except OSError:
        chunks = []
    finally:
        os.close(child.fd)
        child.fd = -1
    ok = _wait(child.pid) == 0
    if not ok or not chunks:
        return {}
    import pickle
    try:
        answer = pickle.loads(b"".join(chunks))  # our own child's: no foreign data
    except Exception:
        return {}
    return answer if isinstance(answer, dict) else {}


def _wait(pid: int) -> int:
    """The child's exit code once it has ended (-1 when it cannot be known)."""
    try:
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    except ChildProcessError:
        return -1


def stop() -> None:
    """End the child if its answer was not read (the run ended early, or was interrupted),
    and wait for it: no process outlives the run."""
    global _CHILD
    child, _CHILD = _CHILD, None
    if child is None or child.fd < 0:
        return
    os.close(child.fd)
    child.fd = -1
    import signal
    with contextlib.suppress(ProcessLookupError):
        os.kill(child.pid, signal.SIGKILL)
    _wait(child.pid)
