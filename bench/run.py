"""Benchmark sitemigrate on generated sites: wall time and peak RSS per command.

    python bench/run.py                    # --scale small
    python bench/run.py --scale all        # small, large, huge (huge takes minutes)
    python bench/run.py --scale large --repeat 3 --json out.json

Every measurement runs in a fresh subprocess; peak memory is the child's ru_maxrss
(os.wait4), never the runner's. The floor is a plain copy of the same SRC
(``shutil.copytree`` in a fresh Python), and each command's time is also shown as a multiple
of it. Sites are generated into a temporary directory, removed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gen import SCALES, generate  # noqa: E402

SHORT = {"al-folio": "af", "academicpages": "ap"}
COPY = "import shutil, sys; shutil.copytree(sys.argv[1], sys.argv[2])"


def sitemigrate_cmd() -> list[str]:
    """The installed console script beside this Python, else ``python -m sitemigrate``."""
    exe = Path(sys.executable).with_name("sitemigrate")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "sitemigrate"]


def measure(cmd: list[str], expect: tuple[int, ...] = (0,)) -> tuple[float, float, float]:
    """(wall seconds, peak RSS MiB, CPU seconds user+system) of one fresh child process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode not in expect:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}:\n{err[-2000:]}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime  # maxrss: KiB


def best(cmd_for, repeat: int, expect=(0,), before=None) -> tuple[float, float, float]:
    """Best wall time over ``repeat`` runs (with the peak RSS of that run)."""
    runs = []
    for i in range(repeat):
        if before:
            before()
        runs.append(measure(cmd_for(i), expect))
    return min(runs)


def bench_scale(scale: str, work: Path, repeat: int, sm: list[str]) -> list[dict]:
    rows: list[dict] = []
    sites = {}
    for theme in ("al-folio", "academicpages"):
        sites[theme] = work / f"{scale}-{SHORT[theme]}"
        t0 = time.perf_counter()
        info = generate(theme, sites[theme], scale)
        print(f"  generated {theme} {scale}: {info['files']} files "
              f"({time.perf_counter() - t0:.1f}s)", file=sys.stderr)

    floor_cpu = 0.0

    def row(op: str, direction: str, wall: float, rss: float, cpu: float,
            floor: float | None) -> None:
        rows.append({"scale": scale, "op": op, "direction": direction, "wall_s": wall,
                     "cpu_s": cpu, "peak_mib": rss, "x_floor": wall / floor if floor else None,
                     "x_floor_cpu": cpu / floor_cpu if floor and floor_cpu else None})
        ratio = f"{wall / floor:6.1f}x" if floor else ""
        print(f"  {op:10} {direction:8} {wall:8.3f}s {cpu:8.3f}s cpu {rss:8.1f} MiB {ratio}",
              file=sys.stderr)

    for src_theme, dst_theme in (("al-folio", "academicpages"), ("academicpages", "al-folio")):
        src = sites[src_theme]
        direction = f"{SHORT[src_theme]}->{SHORT[dst_theme]}"
        copy_dst = work / "copy"
        rm = lambda p=copy_dst: shutil.rmtree(p, ignore_errors=True)  # noqa: E731
        floor, rss, cpu = best(lambda i: [sys.executable, "-c", COPY, str(src), str(copy_dst)],
                          repeat, before=rm)
        rm()
        floor_cpu = cpu
        row("copy", SHORT[src_theme], floor, rss, cpu, floor)
        dest = work / f"{scale}-{direction.replace('->', '2')}"
        base = [*sm, "convert", str(src), str(dest), "--to", dst_theme, "-q"]
        wall, rss, cpu = best(lambda i: base, repeat,
                         before=lambda: shutil.rmtree(dest, ignore_errors=True))
        row("convert", direction, wall, rss, cpu, floor)
        empty = work / "empty"
        shutil.rmtree(empty, ignore_errors=True)
        wall, rss, cpu = best(lambda i: [*sm, "convert", str(src), str(empty), "--to", dst_theme,
                                    "-q", "--dry-run"], repeat)
        row("dry-run", direction, wall, rss, cpu, floor)
        wall, rss, cpu = best(lambda i: [*base, "--check"], repeat)  # DEST is up to date: exit 0
        row("check", direction, wall, rss, cpu, floor)  # answered from DEST/.sitemigrate
        wall, rss, cpu = best(lambda i: [*base, "--check", "--no-cache"], repeat)
        row("check --no-cache", direction, wall, rss, cpu, floor)  # the full conversion
        wall, rss, cpu = best(lambda i: [*sm, "inspect", str(src)], repeat)
        row("inspect", SHORT[src_theme], wall, rss, cpu, floor)
        shutil.rmtree(dest, ignore_errors=True)
    wall, rss, cpu = best(lambda i: [*sm, "--help"], max(repeat, 3))
    row("--help", "", wall, rss, cpu, None)
    for site in sites.values():
        shutil.rmtree(site, ignore_errors=True)
    return rows


def table(rows: list[dict]) -> str:
    out = ["| scale | command | direction | wall (s) | CPU (s) | peak RSS (MiB) | × copy wall "
           "| × copy CPU |", "|---|---|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        show = r["x_floor"] is not None and r["op"] != "copy"
        x = (f"{r['x_floor']:.1f} | {r['x_floor_cpu']:.1f}" if show else " | ")
        out.append(f"| {r['scale']} | {r['op']} | {r['direction']} | {r['wall_s']:.3f} | {r['cpu_s']:.3f} "
                   f"| {r['peak_mib']:.0f} | {x} |")
    return "\n".join(out)


def linearity(rows: list[dict]) -> str:
    by = {(r["scale"], r["op"], r["direction"]): r["wall_s"] for r in rows}
    lines = []
    for (scale, op, d), wall in by.items():
        if scale == "huge" and ("large", op, d) in by and op != "--help":
            lines.append(f"huge/large {op} {d}: {wall / by['large', op, d]:.1f}x wall")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scale", choices=[*SCALES, "all"], default="small")
    p.add_argument("--repeat", type=int, help="runs per measurement, best kept "
                   "(default 3, 1 for huge)")
    p.add_argument("--json", type=Path, help="also write the rows as JSON")
    p.add_argument("--keep", type=Path, help="work in this folder and keep it (for profiling)")
    p.add_argument("--sitemigrate", metavar="CMD", help="the command to measure, e.g. to "
                   "compare a checkout: 'env PYTHONPATH=old/src python -m sitemigrate' "
                   "(default: the sitemigrate installed beside this Python)")
    a = p.parse_args(argv)
    scales = ["small", "large", "huge"] if a.scale == "all" else [a.scale]
    sm = shlex.split(a.sitemigrate) if a.sitemigrate else sitemigrate_cmd()
    rows: list[dict] = []
    work = a.keep or Path(tempfile.mkdtemp(prefix="sitemigrate-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        for scale in scales:
            print(f"{scale}:", file=sys.stderr)
            repeat = a.repeat or (1 if scale == "huge" else 3)
            rows += bench_scale(scale, work, repeat, sm)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    load = os.getloadavg()[0]
    print(f"\nsitemigrate benchmark ({os.cpu_count()} CPUs, load average {load:.1f}, Python "
          f"{sys.version.split()[0]}; best of N runs, each in a fresh process)\n")
    if load > (os.cpu_count() or 1):
        print("note: the machine is busy; wall times are inflated, CPU times are not\n")
    print(table(rows))
    lin = linearity(rows)
    if lin:
        print("\n" + lin)
    if a.json:
        a.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
