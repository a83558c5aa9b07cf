"""A bibliography of 50 MB: time and peak memory of converting it (issue 32).

An al-folio site (bench/gen.py, tiny) whose ``_bibliography/papers.bib`` is replaced by
``--entries`` invented entries with an abstract each (56,000 entries: ~50 MB), converted
to academicpages in a child process; prints the size, the wall time and the child's peak
resident memory. Memory grows linearly with the entries (run with 14,000 / 28,000 / 56,000
to see it); time is not asserted anywhere (the machine is shared).

    python bench/bigbib.py /tmp/big --entries 56000

Measured (issue 32; a 2-core machine shared with other jobs, so the times are high and
noisy; to academicpages, a new DEST):

    entries  .bib     wall     peak RSS
    14,000   12.5 MB   30.6 s   274 MB
    28,000   25.1 MB   45.0 s   516 MB
    56,000   50.2 MB  123.0 s   997 MB   (69.7 s / 867 MB for 41 MB on a quieter run)

Memory is linear (~20 bytes per byte of .bib, ~18 MB per 1,000 entries). Time is not yet
within the issue's 20 s: a profile spreads it over parsing (pybtex), formatting each entry's
citation and BibTeX, rendering 56,000 publication pages and creating their files (~0.25 ms
a file here), with no single hot spot.
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
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KiB on Linux
    print(f"entries={a.entries} bib={bib.stat().st_size / 1e6:.1f} MB exit={res.returncode} "
          f"wall={wall:.1f} s peak={peak:.0f} MB")
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
