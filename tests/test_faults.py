"""Faults while DEST is written: an interrupt or a killed run never loses DEST.

`Plan.apply` is interrupted at every step it takes (each rename, write, link, unlink,
folder made or removed), just before and just after the step; afterwards DEST is exactly
the old tree or the new one, as the interrupt says, and the next run leaves the new tree and
nothing beside DEST."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import sitemigrate
from sitemigrate import cli, plan as plan_module
from sitemigrate.plan import Plan

from conftest import FIXTURES

STEPS = ("rename", "replace", "unlink", "rmdir", "link", "symlink", "mkdir", "chmod", "open")


def tree(root: Path) -> dict[str, object]:
    """Every entry under root: file bytes, link target, or a folder (links not followed)."""
    out: dict[str, object] = {}
    if not os.path.lexists(root):
        return {"<missing>": None}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
            elif path.is_dir():
                out[rel] = "dir"
            else:
                out[rel] = path.read_bytes()
    return out


def make_dest(dest: Path) -> None:
    """An old DEST: pages, a subfolder, a binary asset, a link, a file to delete."""
    (dest / "_pages").mkdir(parents=True)
    (dest / "assets" / "img").mkdir(parents=True)
    (dest / "_config.yml").write_text("title: Old site of Vesna Harlow\n")
    (dest / "_pages" / "about.md").write_text("---\ntitle: About\n---\nOld text.\n")
    (dest / "_pages" / "gone.md").write_text("---\ntitle: Gone\n---\nTo be removed.\n")
    (dest / "assets" / "img" / "moss.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(40)))
    (dest / "notes.txt").write_text("kept as it is\n")
    os.symlink("notes.txt", dest / "notes-link.txt")


def make_plan(dest: Path) -> Plan:
    plan = Plan(dest=dest)
    plan.write("_config.yml", "title: New site of Vesna Harlow\n")
    plan.write("_pages/about.md", "---\ntitle: About\n---\nNew text.\n")
    plan.write("_pages/cv.md", "---\ntitle: CV\n---\nLichens.\n")
    plan.write("assets/pdf/cv.pdf", b"%PDF-1.4 invented\n")
    plan.delete("_pages/gone.md")
    return plan


class Stop:
    """Patch every step `apply` takes; raise KeyboardInterrupt at step `at` (before or
    after the step itself is done). `at=None` only counts."""

    def __init__(self, monkeypatch, at: int | None, after: bool) -> None:
        self.count, self.at, self.after = 0, at, after
        self.failed = False
        """The step `at` failed by itself (`mkdir` of an existing folder, ...): not done,
        nothing to interrupt after it."""
        for name in STEPS:
            monkeypatch.setattr(os, name, self.wrap(getattr(os, name)))
        monkeypatch.setattr(plan_module, "_write_file", self.wrap(plan_module._write_file))

    def wrap(self, real):
        def step(*args, **kwargs):
            self.count += 1
            if self.count == self.at and not self.after:
                raise KeyboardInterrupt
            try:
                result = real(*args, **kwargs)
            except OSError:
                self.failed = self.failed or self.count == self.at
                raise
            if self.count == self.at and self.after:
                raise KeyboardInterrupt
            return result
        return step


def leftovers(dest: Path) -> list[str]:
    return sorted(p.name for p in dest.parent.iterdir() if p.name.startswith(f".{dest.name}."))


@pytest.mark.parametrize("fresh", [False, True], ids=["existing-dest", "new-dest"])
def test_interrupt_at_every_step_of_apply_leaves_old_or_new_dest(fresh, tmp_path, monkeypatch):
    def setup(name: str) -> Path:
        dest = tmp_path / name / "site"
        dest.parent.mkdir()
        if not fresh:
            make_dest(dest)
        return dest

    ref = setup("ref")
    old = tree(ref)
    make_plan(ref).apply()
    new = tree(ref)
    assert old != new and new["_pages/about.md"] == b"---\ntitle: About\n---\nNew text.\n"
    assert "_pages/gone.md" not in new and "_pages/cv.md" in new

    seen = {"old": 0, "new": 0, "pending": 0}
    at = 0
    while True:
        at += 1
        for after in (False, True):
            dest = setup(f"{'after' if after else 'before'}-{at}")
            with monkeypatch.context() as m:
                stop = Stop(m, at, after)
                try:
                    make_plan(dest).apply()
                    state = "new"
                    assert stop.failed or stop.count < at, at
                except KeyboardInterrupt as exc:
                    state = exc.dest_state
            seen[state] += 1
            where = f"step {at} ({'after' if after else 'before'})"
            if state == "old":
                assert tree(dest) == old, where
            elif state == "new":
                assert tree(dest) == new, where
            # the next run: whatever was left is finished or undone, then it applies
            for _ in range(2):
                try:
                    make_plan(dest).apply()
                    break
                except plan_module.PlanOutdated:  # a half swap was undone: plan again
                    assert tree(dest) == old, where
            assert tree(dest) == new, where
            assert leftovers(dest) == [], where
        if stop.count < at:  # the run ended before step `at`: every step was tried
            break
    assert at > (8 if fresh else 30)  # the journal, the tree, both renames, the cleanup
    assert seen["old"] and seen["new"]  # both ends of the swap were hit


def test_dest_half_swapped_by_a_killed_run_is_restored_by_the_next(tmp_path, alfolio_site):
    """SIGKILL between the two renames: DEST is missing, the old tree is in the staging
    folder. The next CLI run restores it first, then converts into it (merging)."""
    dest = tmp_path / "site"
    make_dest(dest)
    old = tree(dest)

    def half_swap() -> None:  # what the killed run left
        stage = tmp_path / ".site.sitemigrate-abcd1234"
        stage.mkdir()
        (stage / "journal.json").write_text('{"generator": "sitemigrate", "dest": "site", '
                                            '"fresh": false}')
        (stage / "tree").mkdir()
        os.rename(dest, stage / "old")

    half_swap()
    notes = plan_module.recover(dest)  # the library call alone restores it
    assert tree(dest) == old and "previous DEST was restored" in notes[0]
    half_swap()
    assert cli.main(["convert", str(alfolio_site), str(dest), "--to", "academicpages",
                     "-q"]) == 0
    assert (dest / "notes.txt").read_text() == "kept as it is\n"  # the old tree, merged into
    assert (dest / "_config.yml").read_text() != old["_config.yml"]
    assert leftovers(dest) == []


def test_stale_staging_folders_are_removed_and_foreign_ones_kept(tmp_path):
    dest = tmp_path / "site"
    make_dest(dest)
    old = tree(dest)
    dead = tmp_path / ".site.sitemigrate-dead0001"  # killed while staging: no journal
    (dead / "tree" / "_pages").mkdir(parents=True)
    (dead / "tree" / "_pages" / "x.md").write_text("half\n")
    done = tmp_path / ".site.sitemigrate-done0002"  # killed after the swap: the old tree
    (done / "old").mkdir(parents=True)
    (done / "journal.json").write_text('{"dest": "site", "fresh": false}')
    readonly = tmp_path / ".site.sitemigrate-ro000003"  # a copy of a read-only folder
    (readonly / "tree" / "locked").mkdir(parents=True)
    (readonly / "tree" / "locked" / "f.txt").write_text("x")
    os.chmod(readonly / "tree" / "locked", 0o555)
    foreign = tmp_path / ".site.sitemigrate-mine0004"  # not ours: an old tree, no journal
    (foreign / "old").mkdir(parents=True)
    other = tmp_path / ".site.sitemigrate-x.sitemigrate-zzzz9999"  # DEST `site.sitemigrate-x`
    other.mkdir()
    notes = plan_module.recover(dest)
    assert tree(dest) == old
    assert leftovers(dest) == [".site.sitemigrate-mine0004", ".site.sitemigrate-x.sitemigrate-zzzz9999"]
    assert any("mine0004" in n and "kept" in n for n in notes)
    assert sum("was removed" in n for n in notes) == 3


def test_read_only_dest_fails_without_leftovers(tmp_path, alfolio_site, capsys,
                                                monkeypatch):
    """DEST cannot be moved (a read-only folder; simulated, as root may move it anyway),
    and its staged copy holds a read-only folder: exit 2 with the reason, DEST as it was,
    no staging folder left."""
    dest = tmp_path / "site"
    make_dest(dest)
    os.chmod(dest / "_pages", 0o555)
    old = tree(dest)
    real_rename = os.rename

    def refuse(a, b, *args, **kwargs):
        if Path(a) == dest:
            raise PermissionError(13, "Permission denied", str(a))
        return real_rename(a, b, *args, **kwargs)

    def as_non_root(real):  # root may remove entries of a read-only folder; a user not
        def step(path, *, dir_fd=None):
            folder = (os.fstat(dir_fd) if dir_fd is not None
                      else os.stat(os.path.dirname(os.path.abspath(path))))
            if not folder.st_mode & 0o200:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, dir_fd=dir_fd)
        return step

    monkeypatch.setattr(os, "rename", refuse)
    monkeypatch.setattr(os, "unlink", as_non_root(os.unlink))
    monkeypatch.setattr(os, "rmdir", as_non_root(os.rmdir))
    try:
        code = cli.main(["convert", str(alfolio_site), str(dest), "--to", "academicpages",
                         "-q"])
    finally:
        os.chmod(dest / "_pages", 0o755)
    assert code == 2 and "Permission denied" in capsys.readouterr().err
    assert tree(dest) == old
    assert leftovers(dest) == []


def test_linked_bookkeeping_folder_is_not_written_through(tmp_path, alfolio_site):
    dest, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    dest.mkdir()
    elsewhere.mkdir()
    os.symlink(elsewhere, dest / ".sitemigrate")
    assert cli.main(["convert", str(alfolio_site), str(dest), "--to", "academicpages",
                     "-q"]) == 0
    assert list(elsewhere.iterdir()) == []
    assert (dest / ".sitemigrate").is_symlink() and (dest / "_config.yml").is_file()
    plan = sitemigrate.convert(alfolio_site, dest, to="academicpages")
    assert plan.up_to_date()
    assert any(f.code == "dest-link" and f.path == ".sitemigrate" for f in plan.report.findings)


def test_second_run_waits_for_the_lock_and_keeps_the_first_runs_changes(tmp_path,
                                                                         monkeypatch):
    """Two runs into one DEST at once: the first copies DEST and is held there; the second
    must wait for it, then start from what the first left: it finds the first's file, and
    (its own source lacking it, issue 32) removes it as the first run's output."""
    dest = tmp_path / "site"
    make_dest(dest)
    copied, release = threading.Event(), threading.Event()
    real_copytree = shutil.copytree

    def held_copytree(*args, **kwargs):
        result = real_copytree(*args, **kwargs)
        if not copied.is_set():  # the first run only
            copied.set()
            release.wait(10)
        return result

    monkeypatch.setattr(shutil, "copytree", held_copytree)
    first, second = Plan(dest=dest), Plan(dest=dest)
    first.write("first.txt", "one\n")
    second.write("second.txt", "two\n")
    done = threading.Event()
    seen: list = []
    one = threading.Thread(target=first.apply)
    two = threading.Thread(target=lambda: (seen.extend(second.apply()), done.set()))
    one.start()
    assert copied.wait(10)
    two.start()
    waited = not done.wait(0.5)
    release.set()
    one.join(10)
    two.join(10)
    assert waited  # the second run did not write while the first held DEST
    assert ("first.txt", "deleted") in [(c.path, c.kind) for c in seen]
    assert not (dest / "first.txt").exists()
    assert (dest / "second.txt").read_text() == "two\n"
    assert leftovers(dest) == []


def test_interrupt_messages_tell_where_dest_is(tmp_path, alfolio_site, monkeypatch, capsys):
    dest = tmp_path / "site"
    make_dest(dest)
    old = tree(dest)
    args = ["convert", str(alfolio_site), str(dest), "--to", "academicpages", "-q"]

    def stop_in(name):
        def fn(*a, **k):
            raise KeyboardInterrupt
        return fn

    monkeypatch.setattr("sitemigrate.api.read_site", stop_in("read"))
    assert cli.main(args) == 130
    err = capsys.readouterr().err
    assert err == "sitemigrate: interrupted; DEST was left as it was\n"
    monkeypatch.undo()
    monkeypatch.setattr("sitemigrate.cache.save", stop_in("save"))  # after the swap
    assert cli.main(args) == 130
    assert "DEST was written" in capsys.readouterr().err and tree(dest) != old
    monkeypatch.undo()
    monkeypatch.setattr("sitemigrate.cli._parser", stop_in("start"))  # while starting
    assert cli.main(args) == 130
    assert capsys.readouterr().err == "sitemigrate: interrupted; nothing was written\n"
    monkeypatch.undo()

    def in_a_class(*a, **k):  # Ctrl-C while a module's class is made (Python 3.11 wraps it)
        raise RuntimeError("Error calling __set_name__") from KeyboardInterrupt()
    monkeypatch.setattr("sitemigrate.api.read_site", in_a_class)
    assert cli.main(args) == 130
    assert capsys.readouterr().err == "sitemigrate: interrupted; DEST was left as it was\n"


def test_interrupt_while_the_command_still_loads_is_one_line_and_130():
    """Ctrl-C before `cli.main` runs (Python still finding and importing its modules, as
    `python -m sitemigrate` does): no traceback, the same line, exit 130. An import of the
    library by another program leaves Python's own handling alone."""
    as_command = ("import sys; sys.argv[0] = '-m'; import sitemigrate; "
                  "raise KeyboardInterrupt")
    done = subprocess.run([sys.executable, "-c", as_command], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (130, "sitemigrate: interrupted; nothing was "
                                                   "written\n")
    # Ctrl-C while a class is made (a dataclass's field): Python 3.11 raises it wrapped in a
    # RuntimeError ("Error calling __set_name__"), the same interrupt
    in_a_class = ("import sys; sys.argv[0] = '-m'; import sitemigrate\n"
                  "class Field:\n    def __set_name__(self, owner, name):\n"
                  "        raise KeyboardInterrupt\n"
                  "class Analytics:\n    services = Field()\n")
    done = subprocess.run([sys.executable, "-c", in_a_class], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (130, "sitemigrate: interrupted; nothing was "
                                                   "written\n")
    as_library = "import sitemigrate; raise KeyboardInterrupt"
    done = subprocess.run([sys.executable, "-c", as_library], capture_output=True, text=True)
    assert "Traceback" in done.stderr and done.returncode != 130


def _site_for_signals(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    for i in range(60):
        (src / "_posts" / f"2021-01-{i % 28 + 1:02d}-note-{i}.md").write_text(
            f"---\nlayout: post\ntitle: Field note {i}\n---\nMoss count {i}.\n")
    return src


def _interrupted_before_our_code(err: bytes) -> bool:
    """A KeyboardInterrupt's traceback with frames of Python's own only (runpy finding and
    loading the package, before its first line runs and can take Ctrl-C over)."""
    lines = err.decode(errors="replace").strip().splitlines()
    frames = [line for line in lines if line.lstrip().startswith("File ")]
    return (bool(lines) and lines[0].startswith("Traceback") and lines[-1] == "KeyboardInterrupt"
            and bool(frames) and all('File "<frozen ' in line for line in frames))


def test_interrupt_python_could_not_raise_still_ends_the_run():
    """Ctrl-C landing in a weak-reference callback of the import machinery (or a ``__del__``)
    is "Exception ignored" by Python and the run would go on as if never pressed: the
    command raises it once more and ends with the same one line and 130. A program that
    imports the library keeps Python's own handling."""
    # Ctrl-C live as in a terminal: a job started in the background of a shell without
    # job control inherits SIGINT ignored, and Python then leaves it ignored
    body = ("import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "class Late:\n    def __del__(self):\n        raise KeyboardInterrupt\n"
            "Late()\nimport time\nfor _ in range(200):\n    time.sleep(0.01)\n"
            "print('went on')\n")
    as_command = "import sys; sys.argv[0] = '-m'; import sitemigrate\n" + body
    done = subprocess.run([sys.executable, "-c", as_command], capture_output=True, text=True)
    assert (done.returncode, done.stderr, done.stdout) == (
        130, "sitemigrate: interrupted; nothing was written\n", "")
    as_library = "import sitemigrate\n" + body
    done = subprocess.run([sys.executable, "-c", as_library], capture_output=True, text=True)
    assert done.returncode == 0 and "Exception ignored" in done.stderr
    assert done.stdout == "went on\n"


def test_interrupt_before_our_code_is_told_from_one_in_it():
    """The excuse above covers Python's own frames only: a traceback through any module of
    sitemigrate is still a failure."""
    runpy = (b'Traceback (most recent call last):\n  File "<frozen runpy>", line 189, in '
             b'_run_module_as_main\n  File "<frozen runpy>", line 112, in _get_module_details\n'
             b'KeyboardInterrupt\n')
    ours = runpy.replace(b"KeyboardInterrupt", b'  File "/x/sitemigrate/ir.py", line 3, in '
                         b'<module>\nKeyboardInterrupt')
    assert _interrupted_before_our_code(runpy)
    assert not _interrupted_before_our_code(ours)
    assert not _interrupted_before_our_code(runpy.replace(b"KeyboardInterrupt", b"OSError: x"))
    assert not _interrupted_before_our_code(b"sitemigrate: interrupted; nothing was written\n")


def test_real_sigint_and_sigkill_leave_old_or_new_dest(tmp_path):
    """The command under real signals at a spread of moments: SIGINT exits 130 without a
    traceback; after SIGKILL the next run repairs; DEST is always whole."""
    src = _site_for_signals(tmp_path)
    dest = tmp_path / "site"
    make_dest(dest)
    old = tree(dest)
    cmd = [sys.executable, "-m", "sitemigrate", "convert", str(src), str(dest),
           "--to", "academicpages", "-q", "--no-cache"]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.monotonic()
    subprocess.run([sys.executable, "-c", "pass"], check=True, env=env)
    boot = time.monotonic() - start  # Python's own start-up: no code of ours runs yet
    start = time.monotonic()
    ref = tmp_path / "ref"
    shutil.copytree(dest, ref, symlinks=True)
    subprocess.run(cmd[:5] + [str(ref)] + cmd[6:], check=True, env=env)
    full = time.monotonic() - start
    new = tree(ref)
    outcomes = set()
    for i, sig in enumerate([signal.SIGINT] * 5 + [signal.SIGKILL] * 3):
        proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, env=env)
        time.sleep(boot + (full - boot) * (i % 5) / 5)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        now = tree(dest)
        if err.startswith((b"Fatal Python error: init_", b"Could not import runpy module")) \
                or _interrupted_before_our_code(err):
            pass  # the interpreter's own start-up, before any code of ours: out of reach
        elif sig == signal.SIGINT:
            assert b"Traceback" not in err, err
            # -2: killed before Python had set up its handler (its own start-up)
            assert proc.returncode in (0, 130, -signal.SIGINT), err
            if proc.returncode == 130:
                assert err.startswith(b"sitemigrate: interrupted; "), err
        if now == new:
            outcomes.add("new")
        elif now == old:
            outcomes.add("old")
        else:  # only a killed run may leave DEST missing (the next run restores it)
            assert sig == signal.SIGKILL and now == {"<missing>": None}, sorted(now)
            outcomes.add("half")
        subprocess.run(cmd, check=True, env=env, capture_output=True)
        assert tree(dest) == new
        assert leftovers(dest) == []
        shutil.rmtree(dest)
        make_dest(dest)
    assert outcomes & {"old", "new"}


def test_run_that_writes_nothing_needs_no_lock_where_dest_folder_is_read_only(
        tmp_path, alfolio_site, monkeypatch):
    """DEST up to date inside a folder the user may not write (simulated): the lock file
    cannot be made, and a run with nothing to write still ends well."""
    dest = tmp_path / "site"
    args = ["convert", str(alfolio_site), str(dest), "--to", "academicpages", "-q",
            "--no-cache"]
    assert cli.main(args) == 0
    real_open = os.open

    def refuse(path, *a, **k):
        if str(path).endswith(".site.sitemigrate.lock"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr(os, "open", refuse)
    assert cli.main(args) == 0
