"""Odd value types in front matter and config never end a run with a traceback.

A seeded mutator puts numbers, booleans, nulls, nested lists and mappings where the fixture
sites have other values (`tags: [2020, ml]`, `redirect_from: 5`, `collections: 1000`, ...)
and runs the command: it must exit 0, 1 or 2, never raise. The budget is fixed (a number of
runs, cut at a time limit); `python tests/test_fuzz_values.py RUNS [SEED]` runs it longer."""

from __future__ import annotations

import contextlib
import copy
import io
import random
import shutil
import sys
import time
import traceback
from pathlib import Path

import yaml

from sitemigrate import cli

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SITES = {"al-folio-site": "al-folio", "academicpages-site": "academicpages",
         "al-folio-v1": "al-folio", "academicpages-2017": "academicpages",
         "al-folio-2020-23": "al-folio"}
OTHER = {"al-folio": "academicpages", "academicpages": "al-folio"}
ODD = [0, 5, -1, 2019, 2020, 3.5, True, False, None, "", "x" * 300, [], {}, [2020, "ml"],
       [2019], [None], [True, 1.5], [[1, [2, None]], "a"], {"a": 1}, {"a": [None, {"b": 2}]},
       {1: 2}, [{"x": None}], "2020-13-45", 1000, "w" * 320, "/" + "z" * 320 + "/",
       "../../outside", "word " * 3 + "q" * 250]
KEYS = ["tags", "categories", "redirect_from", "collections", "children", "permalink",
        "title", "date", "author", "authors", "nav", "nav_order", "layout", "excerpt",
        "venue", "paperurl", "citation", "social", "url", "baseurl", "scholar", "defaults",
        "include", "exclude", "name", "description", "img", "image", "social_links",
        "published", "redirect_to", "lang", "output", "sitemap", "profile", "pagination"]
RUNS, SECONDS = 120, 35
CODES: dict[int, int] = {}
"""Exit codes seen, for the longer hunt's summary."""


def odd(rng: random.Random) -> object:
    return copy.deepcopy(rng.choice(ODD))  # a fresh object: no shared node, no cycle


def yaml_files(site: Path) -> list[Path]:
    out = []
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        if path.suffix in (".yml", ".yaml"):
            out.append(path)
        elif path.suffix in (".md", ".html", ".markdown") and path.read_bytes()[:4] == b"---\n":
            out.append(path)
    return out


def load(path: Path) -> tuple[object, str | None]:
    text = path.read_text("utf-8")
    if path.suffix in (".yml", ".yaml"):
        return yaml.safe_load(text), None
    _, front, body = text.split("---\n", 2)
    return yaml.safe_load(front), body


def save(path: Path, data: object, body: str | None) -> None:
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None)
    path.write_text(text if body is None else f"---\n{text}---\n{body}", "utf-8")


def mutate(data: object, rng: random.Random) -> object:
    """Put an odd value at a random place of ``data`` (or a known key at its top)."""
    if not isinstance(data, (dict, list)) or rng.random() < 0.15:
        return odd(rng) if rng.random() < 0.3 else {rng.choice(KEYS): odd(rng)}
    if isinstance(data, dict) and rng.random() < 0.3:
        data[rng.choice(KEYS)] = odd(rng)
        return data
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return data
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.6:
            node = child
            continue
        node[key] = odd(rng)
        return data


def one_run(root: Path, seed: int) -> str | None:
    """Mutate a copy of a fixture site and convert it; the traceback if one escaped."""
    rng = random.Random(seed)
    name = rng.choice(sorted(SITES))
    src, dest = root / f"src-{seed}", root / f"dest-{seed}"
    shutil.copytree(FIXTURES / name, src)
    files = yaml_files(src)
    for path in rng.sample(files, k=min(len(files), rng.randint(1, 3))):
        data, body = load(path)
        for _ in range(rng.randint(1, 3)):
            data = mutate(data, rng)
        save(path, data, body)
    theme = SITES[name]
    args = ["convert", str(src), str(dest), "--from", theme, "--to", OTHER[theme], "-q"]
    try:
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()) as err:
            code = cli.main(args)
    except BaseException:
        return f"seed {seed} ({name}):\n{traceback.format_exc()}"
    finally:
        shutil.rmtree(src)
        shutil.rmtree(dest, ignore_errors=True)
    CODES[code] = CODES.get(code, 0) + 1
    if code not in (0, 1, 2):
        return f"seed {seed} ({name}): exit {code}\n{err.getvalue()}"
    if code == 2 and not err.getvalue().startswith("sitemigrate: error: "):
        return f"seed {seed} ({name}): exit 2 without its one line\n{err.getvalue()}"
    return None


def test_odd_value_types_in_front_matter_and_config_never_traceback(tmp_path):
    start = time.monotonic()
    failures, runs = [], 0
    for seed in range(RUNS):
        if time.monotonic() - start > SECONDS:
            break
        runs += 1
        failure = one_run(tmp_path, seed)
        if failure:
            failures.append(failure)
    assert runs >= 20  # the budget bought a real number of runs
    assert not failures, f"{len(failures)} of {runs} runs failed; first:\n{failures[0]}"


if __name__ == "__main__":  # a longer hunt: python tests/test_fuzz_values.py RUNS [FIRST-SEED]
    import tempfile
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    with tempfile.TemporaryDirectory(prefix="issue-20-fuzz-") as tmp:
        for seed in range(first, first + count):
            failure = one_run(Path(tmp), seed)
            if failure:
                print(failure.rstrip().splitlines()[-1], "|", failure.splitlines()[0])
    print("exit codes:", CODES)
