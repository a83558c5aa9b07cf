"""Building a site with Jekyll into a folder: the site's own bundle, a plain ``jekyll``, or a
command of the user's (a Docker image, a CI step, a lab script)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOW_TO_GET_JEKYLL = ("no Jekyll found: install Ruby and Bundler, then `bundle install` in the "
                     "site (https://jekyllrb.com/docs/installation/), or give --build COMMAND")
LOG_TAIL = 40
"""Lines of a failed build's log that are reported."""


class BuildFailed(Exception):
    """A site did not build (or no Jekyll could build it): the message says why, with the
    tail of the build's log."""


@dataclass
class Built:
    """One site built: where its pages are, and the build's log."""

    site: Path
    """The built site (the folder holding ``index.html``)."""
    log: str


def jekyll_command(site: Path, out: Path) -> tuple[list[str], Path | None]:
    """The default build of ``site`` into ``out/_site`` (and the folder to run it in):
    ``bundle exec jekyll build`` where the site has a Gemfile and Bundler is installed,
    else ``jekyll build``."""
    target = ["build", "-s", str(site), "-d", str(out / "_site")]
    if (site / "Gemfile").is_file() and shutil.which("bundle"):
        return ["bundle", "exec", "jekyll", *target], site
    if shutil.which("jekyll"):
        return ["jekyll", *target], None
    raise BuildFailed(HOW_TO_GET_JEKYLL)


def build(site: Path, out: Path, command: str | Sequence[str] | None = None,
          label: str = "") -> Built:
    """Build ``site`` into ``out``. ``command`` (a string is split as a shell would) runs
    with two more arguments, the site folder and ``out``; the built site is read from
    ``out/_site`` when there is one, else from ``out``. Raises :class:`BuildFailed`."""
    out.mkdir(parents=True, exist_ok=True)
    if command is None:
        argv, cwd = jekyll_command(site, out)
    else:
        argv = [*(shlex.split(command) if isinstance(command, str) else command),
                str(site), str(out)]
        cwd = None
    with _progress(label or f"building {site}"):
        try:
            proc = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, errors="replace",
                                  env=dict(os.environ, JEKYLL_ENV="production"))
        except OSError as exc:
            raise BuildFailed(f"cannot run {argv[0]}: {exc.strerror or exc}") from exc
    log = proc.stdout
    built = out / "_site" if (out / "_site").is_dir() else out
    if proc.returncode != 0 or not (built / "index.html").is_file():
        why = (f"exit {proc.returncode}" if proc.returncode
               else "it wrote no index.html")
        tail = "\n".join(log.splitlines()[-LOG_TAIL:])
        raise BuildFailed(f"the build of {site} failed ({why}: {shlex.join(argv)}); "
                          f"the end of its log:\n{tail}")
    return Built(built, log)


class _progress:
    """A spinner with the elapsed time on stderr while a build runs, on a terminal only."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.live: Any = None

    def __enter__(self) -> _progress:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
            self.live = Progress(SpinnerColumn(), TextColumn("{task.description}"),
                                 TimeElapsedColumn(), console=Console(stderr=True),
                                 transient=True)
            self.live.start()
            self.live.add_task(self.label, total=None)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live is not None:
            self.live.stop()
