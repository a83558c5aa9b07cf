"""Seeded fuzzing of whole sites (issue 18): a fixture site is mutated the way a careless or
hostile repository would be (bit flips, truncation, stray `---`, `{%`, `{{`, `<!--`, quotes,
tabs, long lines of one token, symlinks out of SRC, YAML aliases and nesting) and
converted by the real CLI.

Whatever the input, the run ends without a traceback, with exit code 0, 1 or 2; SRC keeps its
bytes and modification times; nothing is written outside DEST (the folder beside SRC that the
links point into is untouched, and the only new paths are DEST and the report); and nothing of
a file outside SRC reaches DEST.

The budget is fixed: ``SITEMIGRATE_FUZZ_CASES`` cases (default 120, about 20 seconds),
case ``n`` seeded with ``n`` so a failure is replayed by its test id. To add a kind of
mutation, add a function ``(rng, src, outside) -> None`` to ``MUTATORS``."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from sitemigrate import cli

from conftest import FIXTURES
from test_bad_input import lstat_digest

CASES = int(os.environ.get("SITEMIGRATE_FUZZ_CASES", "120"))
SECRET = "FUZZ-OUTSIDE-9c4d"
SITES = [("al-folio", "academicpages", FIXTURES / "al-folio-site"),
         ("academicpages", "al-folio", FIXTURES / "academicpages-site"),
         ("al-folio", "academicpages", FIXTURES / "bad-input/_base/al-folio"),
         ("academicpages", "al-folio", FIXTURES / "bad-input/_base/academicpages")]
TEXT = {".md", ".markdown", ".html", ".yml", ".yaml", ".bib", ".json", ".liquid"}

Mutator = Callable[[random.Random, Path, Path], None]
"""Changes SRC in place: (seeded random, SRC, the folder outside SRC holding SECRET files)."""


def _files(src: Path, text_only: bool = True) -> list[Path]:
    return sorted(p for p in src.rglob("*") if p.is_file() and not p.is_symlink()
                  and (not text_only or p.suffix in TEXT))


def _pick(rng: random.Random, src: Path, text_only: bool = True) -> Path | None:
    files = _files(src, text_only)
    return rng.choice(files) if files else None


def _insert(token: str | bytes, line_start: bool = False) -> Mutator:
    data = token.encode("utf-8") if isinstance(token, str) else token

    def mutate(rng: random.Random, src: Path, outside: Path) -> None:
        path = _pick(rng, src)
        if path is None:
            return
        old = path.read_bytes()
        at = rng.randrange(len(old) + 1)
        if line_start:
            at = old.rfind(b"\n", 0, at) + 1
        path.write_bytes(old[:at] + data + old[at:])
    mutate.__name__ = f"insert {token!r}"
    return mutate


def bit_flips(rng: random.Random, src: Path, outside: Path) -> None:
    path = _pick(rng, src, text_only=False)
    if path is None:
        return
    data = bytearray(path.read_bytes())
    for _ in range(rng.randint(1, 8)):
        if data:
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))


def truncate(rng: random.Random, src: Path, outside: Path) -> None:
    path = _pick(rng, src, text_only=False)
    if path is not None:
        data = path.read_bytes()
        path.write_bytes(data[:rng.randrange(len(data) + 1)])


def link_file_out(rng: random.Random, src: Path, outside: Path) -> None:
    """A file of SRC (or a data file SRC lacks) becomes a link to a secret outside SRC."""
    names = ["_config.yml", "_data/socials.yml", "_data/navigation.yml", "_data/cv.yml",
             "assets/json/resume.json", "_bibliography/papers.bib", "_pages/about.md",
             "_includes/head.liquid", "assets/img/prof_pic.jpg", "images/profile.png",
             "_publications/2020-01-01-x.md", "index.md"]
    existing = [p.relative_to(src).as_posix() for p in _files(src, text_only=False)]
    rel = rng.choice(names + existing)
    target = src / rel
    if target.exists() or target.is_symlink():
        target.unlink()
    target.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(outside / rng.choice(sorted(p.name for p in outside.iterdir()
                                           if p.is_file())), target)


def link_folder_out(rng: random.Random, src: Path, outside: Path) -> None:
    """A folder of SRC becomes a link to a folder of secrets outside SRC."""
    folders = sorted({p.parent.relative_to(src).as_posix() for p in _files(src, False)} - {"."})
    rel = rng.choice(folders + ["_includes", "_data", "_bibliography"])
    if (src / rel).is_dir() and not (src / rel).is_symlink():
        shutil.rmtree(src / rel)
    elif (src / rel).is_symlink():
        (src / rel).unlink()
    (src / rel).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(outside / "folder", src / rel)


def yaml_aliases(rng: random.Random, src: Path, outside: Path) -> None:
    """Anchors and aliases (a small set, or a bomb) at a line start of a YAML text."""
    small = "fuzz: &fz [one, two]\nfuzz2: *fz\n"
    bomb = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]\n" for i in range(1, 9))
    _insert(rng.choice([small, bomb]), line_start=True)(rng, src, outside)


def yaml_deep(rng: random.Random, src: Path, outside: Path) -> None:
    n = rng.choice([50, 150, 20_000])
    _insert(rng.choice([f"deep: {'[' * n}{']' * n}\n", f"deep:\n  {'- ' * n}x\n"]),
            line_start=True)(rng, src, outside)


def long_run(rng: random.Random, src: Path, outside: Path) -> None:
    """A long line of one token, the shape that makes a pattern or a count quadratic."""
    token = rng.choice(["](", "]({{", "[", "[a](", "{{", "{%", "<!--", "*", "`", "<div>"])
    _insert(token * 20_000 + "\n", line_start=True)(rng, src, outside)


MUTATORS: list[Mutator] = [
    bit_flips, truncate, link_file_out, link_folder_out, yaml_aliases, yaml_deep, long_run,
    _insert("---\n", line_start=True), _insert("{%"), _insert("{{"), _insert("<!--"),
    _insert("-->"), _insert("{% endif %}"), _insert('"'), _insert("'"), _insert("\t"),
    _insert("\t", line_start=True), _insert(": "), _insert("@string{x = x # x}\n"),
    _insert(b"\x00"), _insert(b"\xff\xfe"), _insert("\r\n"),
]


def make_outside(outside: Path) -> None:
    (outside / "folder").mkdir(parents=True)
    texts = {"secret.md": f"---\ntitle: {SECRET}\npermalink: /{SECRET}/\n---\n{SECRET}\n",
             "secret.yml": f"title: {SECRET}\nmain:\n  - title: {SECRET}\n    url: /s/\n",
             "secret.bib": f"@article{{{SECRET}, title = {{{SECRET}}}, year = 2020}}\n",
             "secret.json": f'{{"basics": {{"name": "{SECRET}"}}}}',
             "id_rsa": f"-----BEGIN KEY-----\n{SECRET}\n-----END KEY-----\n"}
    for name, text in texts.items():
        (outside / name).write_text(text)
        (outside / "folder" / name).write_text(text)
        (outside / "folder" / (Path(name).stem + ".liquid")).write_text(text)


def everything_under(root: Path) -> str:
    return "\n".join(p.read_bytes().decode("utf-8", "replace") for p in sorted(root.rglob("*"))
                     if p.is_file() and not p.is_symlink())


@pytest.mark.parametrize("seed", range(CASES))
def test_fuzzed_site_converts_safely(seed, tmp_path, capsys):
    rng = random.Random(seed)
    source, to, site = SITES[seed % len(SITES)]
    src, outside = tmp_path / "src", tmp_path / "outside"
    shutil.copytree(site, src)
    make_outside(outside)
    done = []
    for _ in range(rng.randint(1, 4)):
        mutate = rng.choice(MUTATORS)
        mutate(rng, src, outside)
        done.append(mutate.__name__)
    before, before_out = lstat_digest(src), lstat_digest(outside)
    dest, report = tmp_path / "dest", tmp_path / "report.json"
    rc = cli.main(["convert", str(src), str(dest), "--to", to, "--from", source,
                   "--report", str(report)])
    out, err = capsys.readouterr()
    assert rc in (0, 1, 2), (done, rc)
    assert "Traceback" not in err, (done, err)
    assert lstat_digest(src) == before, (done, "SRC was modified")
    assert lstat_digest(outside) == before_out, (done, "a file outside DEST was modified")
    assert {p.name for p in tmp_path.iterdir()} <= {"src", "outside", "dest", "report.json"}
    if dest.exists():
        assert SECRET not in everything_under(dest), done
        for path in dest.rglob("*"):
            assert not path.is_symlink() and path.resolve().is_relative_to(dest.resolve())
    if report.exists():
        assert SECRET not in report.read_text("utf-8", "replace"), done
    assert SECRET not in out + err, done
