"""A real corpus site: `convert` against the site's own real-theme build (issue 30: at most
a quarter of it).

For each corpus site named (``real/al-folio/OWNER__REPO``, or a part of the name), the lab
lays it over the template of its own theme and era (``tests/realtheme.py``'s overlay), then,
alternating, ``--repeat`` times each:

- the real-theme build of that site: ``../shared/lab/bin/build SRC OUT`` (real Jekyll), wall
  time of the whole command;
- ``sitemigrate convert SRC DEST --to OTHER`` in a fresh process, DEST a fresh copy of the
  other theme's current template checkout (what a user converts into), wall time;
- the real-theme build of the converted site (DEST), the build its owner runs next.

Best of each, and the ratio of convert to each build. A site whose build fails is no
anchor. sitemigrate's bytecode is compiled first, as ``bench/run.py`` does (a wheel's install
compiles it; an editable install under ``PYTHONDONTWRITEBYTECODE=1`` would compile every
changed module again in every run). Each run writes into a folder of its own (see RESULTS.md
on ext4 and deleted files). Needs the lab (``../shared/lab/bin/setup``).

    python bench/corpus.py GVancauwenberghe AndyGreenPhD tdhock --repeat 3
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import realtheme as rt  # noqa: E402  (the lab harness: its sites, templates and overlay)
from run import compile_bytecode  # noqa: E402  (bench/run.py's: as a wheel's install does)


def timed(cmd: list[str], ok: tuple[int, ...]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    took = time.perf_counter() - start
    if proc.returncode not in ok:
        raise SystemExit(f"{' '.join(cmd)}: exit {proc.returncode}")
    return took


BUILT = (0, 3)  # the lab's build: 3 is a build that logged Liquid problems, 1 a failed one
CONVERTED = (0, 1)  # convert: 1 when a finding asks for a look


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("sites", nargs="+", help="corpus sites (a part of the name is enough)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--work", type=Path, help="keep the folders here (default: a temporary one)")
    args = p.parse_args()
    if why := rt.missing():
        raise SystemExit(f"the lab cannot run: {why}")
    print(compile_bytecode(), file=sys.stderr)  # else each run may compile modules anew
    work = args.work or Path(tempfile.mkdtemp(prefix="sitemigrate-corpus-"))
    print("site | source build | convert | converted site's build | convert / builds")
    for name in args.sites:
        site = next((s for s in rt.SITES if name in s), None)
        if site is None:
            raise SystemExit(f"{name}: no such corpus site")
        template = rt.template_of(site)
        target = rt.targets(site)[0]
        folder = work / rt.short(site)
        src = rt.overlay(rt.CORPUS / site, rt.TEMPLATES / template, folder / "src")
        builds, converts, dest_builds = [], [], []
        lab_build = str(rt.LAB / "bin/build")
        for i in range(args.repeat):
            builds.append(timed([lab_build, str(src), str(folder / f"out{i}")], BUILT))
            dest = folder / f"dest{i}"
            shutil.copytree(rt.TEMPLATES / target, dest, symlinks=True)
            theme = "academicpages" if target.startswith("academicpages") else "al-folio"
            converts.append(timed([sys.executable, "-m", "sitemigrate", "convert", str(src),
                                   str(dest), "--to", theme, "--no-cache"], CONVERTED))
            dest_builds.append(timed([lab_build, str(dest), str(folder / f"new{i}")], BUILT))
        build, convert, dest_build = min(builds), min(converts), min(dest_builds)
        print(f"{rt.short(site)} ({template} -> {target}) | {build:.2f} s | {convert:.2f} s | "
              f"{dest_build:.2f} s | {convert / build:.2f}x / {convert / dest_build:.2f}x")
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
