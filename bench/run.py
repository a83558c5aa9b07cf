"""Benchmark sitemigrate on generated sites: wall time and peak RSS per command.

    python bench/run.py                    # --scale small
    python bench/run.py --scale all        # small, large, huge (huge takes minutes)
    python bench/run.py --scale large --repeat 3 --json out.json
    python bench/run.py --scale large --pairs 15   # and each anchor side by side, alternating
    python bench/run.py --scale large --instructions   # and both targets in instructions

Every measurement runs in a fresh subprocess; peak memory is the child's ru_maxrss
(os.wait4), never the runner's; CPU time is split into user (Python) and sys (the kernel:
mostly creating files). The floor is a plain copy of the same SRC (``shutil.copytree`` in a
fresh Python), and each command's time is also shown as a multiple of it. Sites are
generated into a temporary directory, removed at the end.

Every run that writes gets a folder of its own and nothing is deleted until the end: on
ext4, creating files in the half minute after many were deleted costs several times more
kernel time (the inode allocator steps over recently deleted inodes), which would make a
run pay for the clean-up of the one before it (copy floor included).

Two anchors are measured in the same run, beside ``convert`` (``--no-anchors`` skips them):

* ``jekyll build`` of the same SRC, once per theme. The generated sites hold content only
  (no theme), so the build is of a copy with empty stand-ins for the includes and layouts
  its files name, and a ``_plugins/`` stand-in for jekyll-scholar's tags: Jekyll's own
  work on the same files (reading, front matter, Liquid, kramdown, writing), the cheapest
  build of that site there is (``--disable-disk-cache``: reading Jekyll's cache back is
  slower here than converting again). A build with the real theme costs more (Sass, the theme's
  layouts): this anchor is the strict one. Skipped when ``jekyll`` is not installed.
* the bibliography alone: ``convert`` of an al-folio site that holds only ``_config.yml``
  and the generated ``_bibliography/papers.bib`` (1,000 entries at large) into
  academicpages (one page and one ``.bib`` per publication), beside academicpages' own
  ``markdown_generator/pubsFromBib.py`` run on the same entries (its ``@inproceedings`` in
  ``proceedings.bib``, the rest in ``pubs.bib``, as its ``publist`` asks; the ``@string``
  definitions in both) with pybtex, in a fresh Python. The script is run where it is, in
  the real-theme lab beside the project (``../shared/lab/templates/academicpages-2025``, or
  ``--pubsfrombib PATH``), in a temporary working folder; never copied. Skipped when absent.

Wall and CPU time drift on a shared machine by tens of percent within minutes; ``--pairs N``
meets that by alternating each anchor with its convert, ``--instructions`` by counting both
targets' instructions under valgrind's callgrind, side by side in the same run (the same
count every run; it leaves out the kernel's time and each program's instructions a cycle).
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
PUBSFROMBIB = (HERE.parent.parent / "shared" / "lab" / "templates" / "academicpages-2025"
               / "markdown_generator" / "pubsFromBib.py")
# jekyll-scholar's tags (al-folio's bibliography page), as empty stand-ins
STANDIN_PLUGIN = """\
%w[bibliography cite reference bibliography_count details].each do |name|
  Liquid::Template.register_tag(name, Class.new(Liquid::Tag) { def render(_context) = "" })
end
"""
COPY = "import shutil, sys; shutil.copytree(sys.argv[1], sys.argv[2])"


def sitemigrate_cmd() -> list[str]:
    """The installed console script beside this Python, else ``python -m sitemigrate``."""
    exe = Path(sys.executable).with_name("sitemigrate")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "sitemigrate"]


def compile_bytecode() -> str:
    """Compile the measured package's modules, as ``pip install`` does for a wheel: an
    editable install under ``PYTHONDONTWRITEBYTECODE=1`` (set on some machines) would
    otherwise compile every module from source on every run, ~0.13 s no user pays twice."""
    import importlib.util
    spec = importlib.util.find_spec("sitemigrate")
    if spec is None or not spec.origin:
        return "sitemigrate not importable here: bytecode not compiled"
    package = Path(spec.origin).parent
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)
    return f"bytecode compiled for {package}"


def measure(cmd: list[str], expect: tuple[int, ...] = (0,)
            ) -> tuple[float, float, float, float]:
    """(wall seconds, peak RSS MiB, user CPU seconds, system CPU seconds) of one fresh
    child process."""
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
    return wall, usage.ru_maxrss / 1024, usage.ru_utime, usage.ru_stime  # maxrss: KiB


def best(cmd_for, repeat: int, expect=(0,)) -> tuple[float, float, float, float]:
    """Best wall time over ``repeat`` runs (with the peak RSS and CPU of that run).
    ``cmd_for(i)`` gives run ``i`` its command (a run that writes: a folder of its own)."""
    return min(measure(cmd_for(i), expect) for i in range(repeat))


def paired(ours_for, theirs_for, pairs: int, target: float, strict: bool, label: str,
           theirs_in: list[Path] | None = None) -> str:
    """``pairs`` rounds of our command and the anchor's, one right after the other, the
    order swapped every round (AB, BA, AB, ...): both of a pair meet the same moment of a
    shared machine, whose speed drifts by tens of percent within minutes (best-of-N of
    each, taken minutes apart, can pair a fast minute of one with a slow one of the other).
    Returns a line with the median ratio of the pairs' wall times, its range, and in how
    many pairs the ratio met ``target`` (under it if ``strict``, else at most it).
    ``ours_for(i)``/``theirs_for(i)``: run ``i``'s command; ``theirs_in[i]``: the folder
    the anchor runs in (pubsFromBib.py writes beside its working folder)."""
    import statistics

    def theirs(i: int) -> tuple[float, float, float, float]:
        if theirs_in is not None:
            return measure_in(theirs_for(i), theirs_in[i])
        return measure(theirs_for(i))

    ratios, cpu = [], []
    for i in range(pairs):
        if i % 2 == 0:
            a = measure(ours_for(i))
            b = theirs(i)
        else:
            b = theirs(i)
            a = measure(ours_for(i))
        ratios.append(a[0] / b[0])
        cpu.append((a[2] + a[3]) / (b[2] + b[3]))
        print(f"  pair {i + 1:2}/{pairs} {label}: {a[0]:.3f} s / {b[0]:.3f} s = "
              f"{ratios[-1]:.2f}x", file=sys.stderr)
    met = sum(r < target if strict else r <= target for r in ratios)
    return (f"{label}, {pairs} pairs alternating: median {statistics.median(ratios):.2f}x wall "
            f"(range {min(ratios):.2f}-{max(ratios):.2f}), median "
            f"{statistics.median(cpu):.2f}x CPU; {met}/{pairs} pairs "
            f"{'under' if strict else 'at or under'} {target:g}x")


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

    def row(op: str, direction: str, measured: tuple[float, float, float, float],
            floor: float | None) -> None:
        wall, rss, user, system = measured
        cpu = user + system
        rows.append({"scale": scale, "op": op, "direction": direction, "wall_s": wall,
                     "user_s": user, "sys_s": system, "cpu_s": cpu, "peak_mib": rss,
                     "x_floor": wall / floor if floor else None,
                     "x_floor_cpu": cpu / floor_cpu if floor and floor_cpu else None})
        ratio = f"{wall / floor:6.1f}x" if floor else ""
        print(f"  {op:16} {direction:6} {wall:7.3f}s  user {user:6.3f}s  sys {system:6.3f}s "
              f"{rss:7.1f} MiB {ratio}", file=sys.stderr)

    for src_theme, dst_theme in (("al-folio", "academicpages"), ("academicpages", "al-folio")):
        src = sites[src_theme]
        direction = f"{SHORT[src_theme]}->{SHORT[dst_theme]}"
        name = f"{scale}-{direction.replace('->', '2')}"
        copy = best(lambda i, src=src, name=name: [sys.executable, "-c", COPY, str(src),
                                                    str(work / f"copy-{name}-{i}")], repeat)
        floor, floor_cpu = copy[0], copy[2] + copy[3]
        row("copy", SHORT[src_theme], copy, floor)
        convert = [*sm, "convert", str(src)]
        row("convert", direction, best(
            lambda i, convert=convert, name=name, dst_theme=dst_theme:
                [*convert, str(work / f"{name}-{i}"), "--to", dst_theme, "-q"], repeat), floor)
        dest = work / f"{name}-0"  # written by the first convert: up to date
        row("dry-run", direction, best(
            lambda i, convert=convert, dst_theme=dst_theme:
                [*convert, str(work / "empty"), "--to", dst_theme, "-q", "--dry-run"], repeat),
            floor)
        check = [*convert, str(dest), "--to", dst_theme, "-q", "--check"]  # exit 0: up to date
        row("check", direction, best(lambda i, check=check: check, repeat),
            floor)  # from DEST/.sitemigrate
        row("check --no-cache", direction,
            best(lambda i, check=check: [*check, "--no-cache"], repeat),
            floor)  # the full conversion
        row("inspect", SHORT[src_theme],
            best(lambda i, src=src: [*sm, "inspect", str(src)], repeat), floor)
    row("--help", "", best(lambda i: [*sm, "--help"], max(repeat, 3)), None)
    return rows


def jekyll_standin(src: Path, out: Path) -> Path:
    """A copy of the content-only site ``src`` that Jekyll builds: every include its files
    name and every layout they ask for, empty (a layout prints ``{{ content }}``)."""
    import re
    shutil.copytree(src, out)
    includes, layouts = set(), {"default", "page", "post", "single"}
    for path in out.rglob("*"):
        if path.suffix in (".md", ".html", ".liquid", ".yml") and path.is_file():
            text = path.read_text("utf-8", "replace")
            includes.update(re.findall(r"{%-?\s*include\s+([\w./-]+)", text))
            layouts.update(re.findall(r"^\s*layout:\s*['\"]?([\w-]+)", text, re.M))
    for name in includes:
        (out / "_includes" / name).parent.mkdir(parents=True, exist_ok=True)
        (out / "_includes" / name).touch()
    (out / "_layouts").mkdir(exist_ok=True)
    for name in layouts:
        (out / "_layouts" / f"{name}.html").write_text("{{ content }}\n")
    (out / "_plugins").mkdir(exist_ok=True)
    (out / "_plugins" / "bench_standins.rb").write_text(STANDIN_PLUGIN)
    return out


def bib_only(site: Path, out: Path) -> Path:
    """An al-folio site of ``site``'s ``_config.yml`` and bibliography only."""
    (out / "_bibliography").mkdir(parents=True)
    shutil.copy(site / "_config.yml", out / "_config.yml")
    shutil.copy(site / "_bibliography" / "papers.bib", out / "_bibliography" / "papers.bib")
    return out


def pubsfrombib_folder(bib: Path, out: Path) -> Path:
    """``markdown_generator/`` with the entries of ``bib`` where pubsFromBib.py's publist
    reads them (``@inproceedings``: proceedings.bib; the rest: pubs.bib), and the
    ``_publications/`` beside it that it writes into."""
    import re
    text = bib.read_text("utf-8")
    blocks = re.split(r"\n(?=@)", text)
    strings = [b for b in blocks if re.match(r"@string\b", b, re.I)]
    entries = [b for b in blocks if b.startswith("@") and not re.match(r"@(string|comment)\b",
                                                                         b, re.I)]
    procs = [b for b in entries if re.match(r"@inproceedings\b", b, re.I)]
    rest = [b for b in entries if not re.match(r"@inproceedings\b", b, re.I)]
    gen = out / "markdown_generator"
    gen.mkdir(parents=True)
    (out / "_publications").mkdir()
    (gen / "proceedings.bib").write_text("\n".join(strings + procs) + "\n", "utf-8")
    (gen / "pubs.bib").write_text("\n".join(strings + rest) + "\n", "utf-8")
    return gen


def measure_in(cmd: list[str], cwd: Path) -> tuple[float, float, float, float]:
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return measure(cmd)
    finally:
        os.chdir(old)


def bench_anchors(scale: str, work: Path, repeat: int, sm: list[str], rows: list[dict],
                  pubsfrombib: Path, pairs: int = 0) -> list[str]:
    """The anchor rows (see the module's docstring); returns the ratio lines."""
    by = {(r["op"], r["direction"]): r for r in rows if r["scale"] == scale}
    ratios = []

    def add(op: str, direction: str, m: tuple[float, float, float, float], note: str = ""
            ) -> dict:
        wall, rss, user, system = m
        r = {"scale": scale, "op": op, "direction": direction, "wall_s": wall, "user_s": user,
             "sys_s": system, "cpu_s": user + system, "peak_mib": rss, "x_floor": None,
             "x_floor_cpu": None, "note": note}
        rows.append(r)
        print(f"  {op:16} {direction:6} {wall:7.3f}s  user {user:6.3f}s  sys {system:6.3f}s "
              f"{rss:7.1f} MiB {note}", file=sys.stderr)
        return r

    jekyll = shutil.which("jekyll")
    for theme, other in (("al-folio", "academicpages"), ("academicpages", "al-folio")):
        short = SHORT[theme]
        if jekyll is None:
            ratios.append(f"jekyll build {short}: skipped (jekyll is not installed)")
            continue
        site = jekyll_standin(work / f"{scale}-{short}", work / f"jekyll-{scale}-{short}")
        built = add("jekyll build", short, best(
            lambda i, site=site, short=short:
                jekyll_build(jekyll, site, work / f"jekyll-{scale}-{short}-site-{i}"),
            repeat), "(stand-in theme)")
        conv = by.get(("convert", f"{short}->{SHORT[other]}"))
        if conv:
            ratios.append(f"convert {short}->{SHORT[other]} / jekyll build {short}: "
                          f"{conv['wall_s'] / built['wall_s']:.2f}x wall "
                          f"({conv['wall_s']:.2f} s / {built['wall_s']:.2f} s), "
                          f"{conv['cpu_s'] / built['cpu_s']:.2f}x CPU")
        if pairs:
            tag = f"{scale}-{short}2{SHORT[other]}"
            ratios.append(paired(
                lambda i, tag=tag, other=other, short=short: [
                    *sm, "convert", str(work / f"{scale}-{short}"),
                    str(work / f"pair-{tag}-{i}"), "--to", other, "-q"],
                lambda i, site=site, tag=tag:
                    jekyll_build(jekyll, site, work / f"pair-jekyll-{tag}-{i}"),
                pairs, 0.5, False, f"convert {short}->{SHORT[other]} / jekyll build {short}"))
    site = bib_only(work / f"{scale}-af", work / f"bib-{scale}")
    import re
    n = len(re.findall(r"^@(?!string|comment)\w+", site.joinpath(
        "_bibliography", "papers.bib").read_text("utf-8"), re.M | re.I))
    ours = add("bib: convert", "af->ap", best(
        lambda i: [*sm, "convert", str(site), str(work / f"bib-{scale}-out-{i}"), "--to",
                   "academicpages", "-q"], repeat), f"({n} entries)")
    if not pubsfrombib.is_file():
        ratios.append(f"pubsFromBib.py: skipped ({pubsfrombib} is not here)")
        return ratios
    folders = [pubsfrombib_folder(site / "_bibliography" / "papers.bib",
                                  work / f"pfb-{scale}-{i}") for i in range(repeat)]
    theirs = min(measure_in([sys.executable, str(pubsfrombib)], folders[i])
                 for i in range(repeat))
    written = len(list(folders[0].parent.joinpath("_publications").iterdir()))
    mine = len(list((work / f"bib-{scale}-out-0" / "_publications").iterdir()))
    add("bib: pubsFromBib", "", theirs, f"(pybtex; wrote {written} pages, ours {mine} "
        "and a .bib each)")
    ratios.append(f"bib: convert / pubsFromBib.py: {ours['wall_s'] / theirs[0]:.2f}x wall "
                  f"({ours['wall_s']:.2f} s / {theirs[0]:.2f} s), "
                  f"{ours['cpu_s'] / (theirs[2] + theirs[3]):.2f}x CPU")
    if pairs:
        pair_folders = [pubsfrombib_folder(site / "_bibliography" / "papers.bib",
                                           work / f"pair-pfb-{scale}-{i}")
                        for i in range(pairs)]
        ratios.append(paired(
            lambda i: [*sm, "convert", str(site), str(work / f"pair-bib-{scale}-{i}"),
                       "--to", "academicpages", "-q"],
            lambda i: [sys.executable, str(pubsfrombib)], pairs, 1, True,
            "bib: convert / pubsFromBib.py", theirs_in=pair_folders))
    return ratios


def jekyll_build(jekyll: str, site: Path, out: Path) -> list[str]:
    """The anchor's command: ``jekyll build`` of ``site`` into ``out``, without Jekyll's disk
    cache (.jekyll-cache/ in SRC, as GitHub Pages' safe mode builds): on this site a build
    that reads it back takes ~20% longer than one that converts again (8 pairs: 3.25 s
    against 2.67 s median), and every build after the first would otherwise use it."""
    return ["env", "JEKYLL_NO_BUNDLER_REQUIRE=true", "LANG=C.UTF-8", jekyll, "build", "-q",
            "--disable-disk-cache", "-s", str(site), "-d", str(out)]


def instructions(cmd: list[str], cwd: Path | None = None) -> int:
    """Instructions one run of ``cmd`` executes in user space (callgrind, every process it
    starts; ``PYTHONHASHSEED=0``, so a Python run counts the same every time). Deterministic
    where wall and CPU time drift with the machine; it leaves out the kernel's work (creating
    files) and how many instructions a cycle each program runs."""
    import re
    with tempfile.TemporaryDirectory(prefix="sitemigrate-callgrind-") as tmp:
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", "--trace-children=yes",
             f"--callgrind-out-file={tmp}/callgrind.%p", *cmd],
            cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            errors="replace", env={**os.environ, "PYTHONHASHSEED": "0"})
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} under callgrind exited {proc.returncode}:\n"
                           f"{proc.stderr[-2000:]}")
    counts = re.findall(r"Collected : (\d+)", proc.stderr)
    if not counts:
        raise RuntimeError(f"callgrind gave no count for {' '.join(cmd)}")
    return sum(int(n) for n in counts)


def bench_instructions(scale: str, work: Path, sm: list[str], pubsfrombib: Path) -> list[str]:
    """The two targets of issue #19 in instructions, each side by side with its anchor in
    this run (the commands of :func:`bench_anchors`, which made the folders): convert
    al-folio -> academicpages against the Jekyll build of the same SRC, and the bibliography
    alone against pubsFromBib.py. Slow: Jekyll runs ~100x slower under callgrind."""
    if shutil.which("valgrind") is None:
        return ["instructions: skipped (valgrind is not installed)"]
    lines = []
    g = 1e9
    jekyll = shutil.which("jekyll")
    standin = work / f"jekyll-{scale}-af"
    if jekyll and standin.is_dir():
        ours = instructions([*sm, "convert", str(work / f"{scale}-af"),
                             str(work / f"instr-{scale}-af2ap"), "--to", "academicpages", "-q"])
        theirs = instructions(jekyll_build(jekyll, standin, work / f"instr-jekyll-{scale}-af"))
        lines.append(f"instructions, convert af->ap / jekyll build af: {ours / g:.3f} G / "
                     f"{theirs / g:.3f} G = {ours / theirs:.2f}x")
    else:
        lines.append("instructions, convert af->ap / jekyll build af: skipped (jekyll is not "
                     "installed)")
    site = work / f"bib-{scale}"
    if site.is_dir() and pubsfrombib.is_file():
        ours = instructions([*sm, "convert", str(site), str(work / f"instr-bib-{scale}"),
                             "--to", "academicpages", "-q"])
        folder = pubsfrombib_folder(site / "_bibliography" / "papers.bib",
                                    work / f"instr-pfb-{scale}")
        theirs = instructions([sys.executable, str(pubsfrombib)], cwd=folder)
        lines.append(f"instructions, bib: convert / pubsFromBib.py: {ours / g:.3f} G / "
                     f"{theirs / g:.3f} G = {ours / theirs:.2f}x")
    else:
        lines.append(f"instructions, bib: convert / pubsFromBib.py: skipped ({pubsfrombib} is "
                     "not here)")
    return lines


def table(rows: list[dict]) -> str:
    out = ["| scale | command | direction | wall (s) | user (s) | sys (s) | peak RSS (MiB) "
           "| × copy wall | × copy CPU |", "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        show = r["x_floor"] is not None and r["op"] != "copy"
        x = (f"{r['x_floor']:.1f} | {r['x_floor_cpu']:.1f}" if show else " | ")
        out.append(f"| {r['scale']} | {r['op']} | {r['direction']} | {r['wall_s']:.3f} "
                   f"| {r['user_s']:.3f} | {r['sys_s']:.3f} | {r['peak_mib']:.0f} | {x} |")
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
    p.add_argument("--no-anchors", action="store_true", help="skip the Jekyll build and "
                   "pubsFromBib.py rows")
    p.add_argument("--pairs", type=int, default=0, metavar="N", help="also run each anchor "
                   "and its convert N times alternating, and give the median of the pairs' "
                   "ratios (robust to a machine whose speed drifts)")
    p.add_argument("--instructions", action="store_true", help="also count the "
                   "instructions of each target's convert and of its anchor (valgrind's "
                   "callgrind; deterministic, slow: the Jekyll build takes minutes)")
    p.add_argument("--pubsfrombib", type=Path, default=PUBSFROMBIB, help="academicpages' "
                   "markdown_generator/pubsFromBib.py (default: the real-theme lab's)")
    p.add_argument("--sitemigrate", metavar="CMD", help="the command to measure, e.g. to "
                   "compare a checkout: 'env PYTHONPATH=old/src python -m sitemigrate' "
                   "(default: the sitemigrate installed beside this Python)")
    a = p.parse_args(argv)
    scales = ["small", "large", "huge"] if a.scale == "all" else [a.scale]
    sm = shlex.split(a.sitemigrate) if a.sitemigrate else sitemigrate_cmd()
    if not a.sitemigrate:
        print(compile_bytecode(), file=sys.stderr)
    rows: list[dict] = []
    ratios: list[str] = []
    if a.keep and a.keep.exists() and any(a.keep.iterdir()):
        p.error(f"--keep {a.keep}: the folder must be new or empty (runs write fresh folders)")
    work = a.keep or Path(tempfile.mkdtemp(prefix="sitemigrate-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        for scale in scales:
            print(f"{scale}:", file=sys.stderr)
            repeat = a.repeat or (1 if scale == "huge" else 3)
            rows += bench_scale(scale, work, repeat, sm)
            if not a.no_anchors:
                ratios += [f"{scale} {line}" for line in
                           bench_anchors(scale, work, repeat, sm, rows, a.pubsfrombib,
                                         a.pairs)]
            if a.instructions and not a.no_anchors:
                ratios += [f"{scale} {line}" for line in
                           bench_instructions(scale, work, sm, a.pubsfrombib)]
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    load = os.getloadavg()[0]
    print(f"\nsitemigrate benchmark ({os.cpu_count()} CPUs, load average {load:.1f}, Python "
          f"{sys.version.split()[0]}; best of N runs, each in a fresh process)\n")
    if load > (os.cpu_count() or 1):
        print("note: the machine is busy; wall times are inflated, CPU times are not\n")
    print(table(rows))
    if ratios:
        print("\n" + "\n".join(ratios))
    lin = linearity(rows)
    if lin:
        print("\n" + lin)
    if a.json:
        a.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
