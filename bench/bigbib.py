"""A bibliography of 50 MB: time and peak memory of converting it (issue 32).

An al-folio site (bench/gen.py, tiny) whose ``_bibliography/papers.bib`` is replaced by
``--entries`` invented entries with an abstract each (56,000 entries: ~50 MB), converted
to academicpages in a child process; prints the size, the wall time, the child's user and
system CPU time and its peak resident memory. Memory grows linearly with the entries (run
with 14,000 / 28,000 / 56,000 to see it); time is not asserted anywhere (the machine is
shared).

    python bench/bigbib.py /tmp/big --entries 56000

Measured (issue 32; a 2-core machine shared with other jobs, so wall times are noisy: user
and system CPU are given too; to academicpages, a new DEST). Before: main as of 1543389;
after: the bigbib branch merged with it; the two alternated at each size, each run into a
folder never used before (on ext4, creating files in the half minute after many were
deleted costs several times the kernel time: give a new folder to each run you compare):

    entries  .bib     before                               after
    14,000   12.5 MB   3.8 s (user 3.1, sys 0.8)   274 MB   3.8 s (user 3.0, sys 0.9)  213 MB
    28,000   25.1 MB   7.6 s (user 6.0, sys 1.7)   515 MB   7.1 s (user 5.8, sys 1.4)  392 MB
    56,000   50.2 MB  16.8 s (user 12.8, sys 3.9)  996 MB  15.2 s (user 11.7, sys 3.5) 748 MB
    (load ~2; `bench/bigbib.py /tmp/bigbib/b --entries 56000` into a used folder, after:
    18.6 s, user 11.9 s, sys 6.7 s, 749 MB. At load ~6: 28.0 s before, 19.8 s after; at
    load ~11: 33-78 s. The first measurement, load ~10: 123 s / 997 MB at 56,000)

Memory is linear: ~12.8 MB per 1,000 entries (~14 bytes per byte of .bib) above ~35 MB,
down from ~18 MB per 1,000: the URL ledger decoded every page the plan holds a second time
while the first copy was held, and the BibTeX reader kept every entry's text in a
module-wide cache and an offset per newline. Time: on a quiet machine the run is about its
CPU time, ~15 s at 56,000 entries (user ~12 s, system ~3.5-5 s), under 20 s; it is spread,
with no single hot spot: reading the .bib (~30% of the CPU: the block reader, whitespace,
names), the publications made of the entries (~15%: each abstract's LaTeX check alone
~1 s, a citation, a BibTeX text), writing 56,000 pages and 56,000 .bib files (~15%), the
URL ledger (~8%), hashing and the manifest (~5%), the check cache's record (~5%), and the
kernel creating 112,000 files (system time, ~5 s here).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen import FIRST, LAST, TOPICS, VENUES, WORDS, generate


def entries(n: int, seed: int = 0) -> str:
    """``n`` invented BibTeX entries, ~900 bytes each."""
    r = random.Random(seed)
    out = ["---\n---\n"] + [f"@string{{{k} = {{{v}}}}}\n" for k, v in VENUES]
    for i in range(n):
        authors = " and ".join(f"{r.choice(LAST)[0]}, {r.choice(FIRST)}"
                               for _ in range(r.randint(2, 6)))
        words = " ".join(r.choice(WORDS) for _ in range(r.randint(100, 130)))
        year = 1990 + i % 35
        out.append(f"\n@article{{e{i}y{year},\n  title = {{On {r.choice(TOPICS)} and "
                   f"{r.choice(TOPICS)}, part {i}}},\n  author = {{{authors}}},\n"
                   f"  journal = {r.choice(VENUES)[0]},\n  year = {{{year}}},\n"
                   f"  volume = {{{i % 60 + 1}}},\n  pages = {{{i % 90 + 1}--{i % 90 + 14}}},\n"
                   f"  abstract = {{{words.capitalize()}.}},\n"
                   f"  doi = {{10.5555/{year}.{i:06d}}}\n}}\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("work", type=Path, help="a folder for SRC and DEST (emptied)")
    p.add_argument("--entries", type=int, default=56_000)
    a = p.parse_args(argv)
    shutil.rmtree(a.work, ignore_errors=True)
    src, dest = a.work / "src", a.work / "dest"
    generate("al-folio", src, "tiny")
    bib = src / "_bibliography/papers.bib"
    bib.write_text(entries(a.entries), encoding="utf-8")
    started = time.perf_counter()
    res = subprocess.run([sys.executable, "-m", "sitemigrate", "convert", str(src), str(dest),
                          "--to", "academicpages", "-q"], env=os.environ)
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = usage.ru_maxrss / 1024  # KiB on Linux
    print(f"entries={a.entries} bib={bib.stat().st_size / 1e6:.1f} MB exit={res.returncode} "
          f"wall={wall:.1f} s (cpu user {usage.ru_utime:.1f} s, sys {usage.ru_stime:.1f} s) "
          f"peak={peak:.0f} MB")
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
