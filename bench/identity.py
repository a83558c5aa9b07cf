"""Digest what sitemigrate writes for the bench sites and the corpus, to prove a change of
code leaves the output byte-identical (or to show exactly which files it changed).

    python bench/identity.py /tmp/before.json            # with the code before the change
    python bench/identity.py /tmp/after.json             # with the code after it
    python bench/identity.py --compare /tmp/before.json /tmp/after.json

Each *cell* is one site converted into the other theme, once into a new folder and once into
a copy of that theme's current template checkout (when ``../shared/lab`` is here); its
digest lists every file of DEST (bookkeeping under ``.sitemigrate/`` left out) with its
SHA-256, the exit code and the ``--report`` JSON's digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared"
TEMPLATES = SHARED / "lab" / "templates"
CURRENT = {"al-folio": "al-folio-2026", "academicpages": "academicpages-2025"}
OTHER = {"al-folio": "academicpages", "academicpages": "al-folio"}


def sites(work: Path) -> list[tuple[str, Path, str]]:
    """(name, SRC, its theme) for the bench sites (made here) and every corpus site."""
    out: list[tuple[str, Path, str]] = []
    for theme in ("al-folio", "academicpages"):
        for scale in ("small", "large"):
            dest = work / "bench" / f"{theme}-{scale}"
            subprocess.run([sys.executable, str(HERE / "gen.py"), theme, str(dest),
                            "--scale", scale], check=True, stdout=subprocess.DEVNULL)
            out.append((f"bench/{theme}-{scale}", dest, theme))
    corpus = SHARED / "corpus"
    for theme in ("al-folio", "academicpages"):
        for site in sorted((corpus / "real" / theme).glob("*")) if corpus.is_dir() else []:
            if site.is_dir():
                out.append((f"real/{theme}/{site.name}", site, theme))
    return out


def digest_tree(root: Path) -> dict[str, str]:
    files = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(".sitemigrate") or not path.is_file() or path.is_symlink():
            continue
        files[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


def convert(src: Path, dest: Path, theme: str, report: Path) -> int:
    cmd = [sys.executable, "-m", "sitemigrate", "convert", str(src), str(dest),
           "--to", OTHER[theme], "--report", str(report)]
    return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


def cells(work: Path, only: str | None) -> dict[str, dict]:
    result: dict[str, dict] = {}
    for name, src, theme in sites(work):
        if only and only not in name:
            continue
        targets: list[tuple[str, Path | None]] = [("new", None)]
        template = TEMPLATES / CURRENT[OTHER[theme]]
        if template.is_dir():
            targets.append((template.name, template))
        for label, tpl in targets:
            dest = work / "out" / name.replace("/", "_") / label
            if tpl is not None:
                shutil.copytree(tpl, dest, symlinks=True)
            report = dest.parent / f"{label}.report.json"
            rc = convert(src, dest, theme, report)
            files = digest_tree(dest) if dest.exists() else {}
            rep = json.loads(report.read_text("utf-8")) if report.exists() else None
            result[f"{name} -> {label}"] = {
                "rc": rc, "files": files,
                "report": hashlib.sha256(json.dumps(rep, sort_keys=True).encode()).hexdigest(),
            }
            print(f"{name} -> {label}: exit {rc}, {len(files)} files", file=sys.stderr)
    return result


def compare(a: dict, b: dict) -> int:
    bad = 0
    for cell in sorted(set(a) | set(b)):
        x, y = a.get(cell), b.get(cell)
        if x is None or y is None:
            print(f"{cell}: only in {'after' if x is None else 'before'}")
            bad += 1
            continue
        diffs = []
        if x["rc"] != y["rc"]:
            diffs.append(f"exit {x['rc']} -> {y['rc']}")
        for path in sorted(set(x["files"]) | set(y["files"])):
            if x["files"].get(path) != y["files"].get(path):
                diffs.append(path)
        if x["report"] != y["report"]:
            diffs.append("(report)")
        if diffs:
            bad += 1
            print(f"{cell}: {len(diffs)} differ: {', '.join(diffs[:12])}")
    print(f"{len(set(a) | set(b))} cells, {bad} differ")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", type=Path, nargs="?", help="write the digests here (JSON)")
    p.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    p.add_argument("--only", help="only the cells whose name holds this")
    args = p.parse_args(argv)
    if args.compare:
        a, b = (json.loads(f.read_text("utf-8")) for f in args.compare)
        return compare(a, b)
    if args.out is None:
        p.error("give an output file or --compare")
    with tempfile.TemporaryDirectory(prefix="sitemigrate-identity-") as tmp:
        data = cells(Path(tmp), args.only)
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
