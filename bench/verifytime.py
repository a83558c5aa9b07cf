"""`sitemigrate verify`'s comparison alone: its time beyond the two builds (issue 33).

Builds SRC and DEST once (``--build CMD`` as ``sitemigrate verify --build``, else Jekyll),
or takes the two built sites (``--built OLD_SITE NEW_SITE``), then times what ``verify``
does after the builds: reading both built sites, comparing them (``compare()``) and
recording the findings (``record()``). Best of ``--repeat`` fresh child processes, CPU and
wall time of each one's second run (every site and the templates' example text read again;
the first, also shown, imports the themes' code and loads their tables, once a process).
``--against TREE`` measures another sitemigrate source tree (``TREE`` holds
``sitemigrate/``, e.g. main's ``src``) in the same run, the two alternating, and says
whether both found the same (codes, counts, messages).

    python bench/verifytime.py SRC DEST --build "../shared/lab/bin/build" --work /tmp/vt
    python bench/verifytime.py SRC DEST --built OLD/_site NEW/_site --against ../main/src

The benchmark's large site: ``python bench/gen.py al-folio SRC --scale large`` laid over
the lab's al-folio template (``../shared/lab/bin/overlay``), converted into the lab's
academicpages template (``sitemigrate convert SRC DEST --to academicpages``), both built
with the lab (``--template`` the academicpages checkout for its example text). No time is
asserted anywhere (the machine is shared): the figures go to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path


def child(src: Path, dest: Path, old_site: Path, new_site: Path, templates: list[Path]) -> dict:
    """Time reading both built sites + compare() + record() in this process: a first run
    (``cold``: it also imports the themes' code and loads their tables, once a process),
    then a second one (``cpu``/``wall``: the comparison's own time, every site read again,
    the templates' example text too)."""
    import gc

    from sitemigrate.report import Report
    from sitemigrate.verify import BuiltSite, compare, record
    from sitemigrate.verify.text import example_texts, load_data

    def url(site: Path) -> str:  # the site's url + baseurl, as verify reads them
        config = load_data(site / "_config.yml")
        config = config if isinstance(config, dict) else {}
        return f"{config.get('url') or ''}".rstrip("/") + f"{config.get('baseurl') or ''}"

    old_url, new_url = url(src), url(dest)
    times = []
    for _ in range(2):
        example_texts.cache_clear()
        gc.collect()  # the run before is freed before the clock starts
        c0, w0 = time.process_time(), time.perf_counter()
        old = BuiltSite(old_site, old_url, "")
        new = BuiltSite(new_site, new_url, "")
        result = compare(old, new, src, templates=templates)
        report = Report()
        record(result, report)
        times.append((time.process_time() - c0, time.perf_counter() - w0))
        del old, new, result
    found = sorted(f"{f.code}|{f.severity}|{f.message}" for f in report.findings)
    return {"cold": times[0][0], "cpu": times[1][0], "wall": times[1][1], "findings": len(found),
            "codes": dict(Counter(f.split("|")[0] for f in found)),
            "digest": hashlib.sha256("\n".join(found).encode()).hexdigest()[:16]}


def measure(tree: Path | None, args: list[str]) -> dict:
    """One child process (``tree`` first on its PYTHONPATH) measuring ``args``."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(tree), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, __file__, "--child", *args], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def built(src: Path, dest: Path, command: str | None, work: Path) -> tuple[Path, Path]:
    from sitemigrate.verify import build
    old = build(src, work / "old", command, f"building the old site ({src})")
    new = build(dest, work / "new", command, f"building the new site ({dest})")
    return old.site, new.site


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("src", type=Path, help="the old site's source (the owner's files)")
    p.add_argument("dest", type=Path, help="the new site's source (the conversion's DEST)")
    p.add_argument("--built", nargs=2, type=Path, metavar=("OLD_SITE", "NEW_SITE"),
                   help="two built sites (folders holding index.html): no build")
    p.add_argument("--build", help="the build command (as `sitemigrate verify --build`)")
    p.add_argument("--work", type=Path, help="where the builds go (default: a temporary folder)")
    p.add_argument("--template", action="append", type=Path, default=[],
                   help="a pristine template checkout whose example text is looked for")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--against", type=Path, help="another sitemigrate tree, measured alongside")
    p.add_argument("--json", type=Path)
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.child:
        old_site, new_site = a.built
        print(json.dumps(child(a.src, a.dest, old_site, new_site, a.template)))
        return 0
    with tempfile.TemporaryDirectory(prefix="verifytime-") as tmp:
        old_site, new_site = a.built or built(a.src, a.dest, a.build, a.work or Path(tmp))
        args = [str(a.src), str(a.dest), "--built", str(old_site), str(new_site),
                *(x for t in a.template for x in ("--template", str(t)))]
        trees: list[tuple[str, Path | None]] = [("this tree", None)]
        if a.against:
            trees.append((str(a.against), a.against.resolve()))
        load = os.getloadavg()[0]
        runs: dict[str, list[dict]] = {name: [] for name, _ in trees}
        for i in range(a.repeat):  # alternating: both meet the same moments of the machine
            for name, tree in trees if i % 2 == 0 else trees[::-1]:
                runs[name].append(measure(tree, args))
        load = max(load, os.getloadavg()[0])
    summary = {}
    for name, got in runs.items():
        cpu = sorted(r["cpu"] for r in got)
        wall = sorted(r["wall"] for r in got)
        cold = sorted(r["cold"] for r in got)
        summary[name] = {"cpu_best": cpu[0], "cpu_median": cpu[len(cpu) // 2],
                         "wall_best": wall[0], "cold_cpu_best": cold[0],
                         "findings": got[0]["findings"],
                         "codes": got[0]["codes"], "digest": got[0]["digest"],
                         "same_every_run": len({r["digest"] for r in got}) == 1}
        print(f"{name}: CPU best {cpu[0]:.3f} s (median {cpu[len(cpu) // 2]:.3f} s), wall best "
              f"{wall[0]:.3f} s, {a.repeat} runs (a process's first: CPU best {cold[0]:.3f} s); "
              f"{got[0]['findings']} findings "
              f"{dict(sorted(got[0]['codes'].items()))} [{got[0]['digest']}]")
    if a.against:
        digests = {s["digest"] for s in summary.values()}
        print("same findings (codes, counts, messages): " + ("yes" if len(digests) == 1 else "NO"))
    print(f"load average (1 min, highest seen): {load:.1f}")
    if a.json:
        a.json.write_text(json.dumps({"load": load, "trees": summary}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
