"""What a run imports and compiles before it does anything: the start-up of a conversion is
part of its time (the 1,000-entry bibliography converts in ~0.4 s, half of it importing).
Code that one kind of content needs is imported when that content is met (the Markdown CV
codec), and patterns that one code path uses are compiled at their first use
(``lazyre.lazy_pattern``). Each run is a fresh interpreter, as the command is."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

from sitemigrate.lazyre import lazy_pattern

SITE = ROOT / "fixtures" / "al-folio-site"

# The command's run, then what it left in sys.modules and which lazy patterns it compiled.
RUN = r"""
import json, sys
from sitemigrate.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as exc:  # --help
    status = exc.code
compiled = sorted(f"{name}.{attr}" for name, module in list(sys.modules.items())
                  if name.startswith("sitemigrate")
                  for attr, value in vars(module).items()
                  if getattr(value, "__qualname__", "") == "lazy_pattern.<locals>.compiled"
                  and value.cache_info().currsize)
print(json.dumps({"status": status, "modules": sorted(sys.modules), "compiled": compiled}))
"""


def run(*args: str | Path) -> dict:
    done = subprocess.run([sys.executable, "-c", RUN, *map(str, args)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def bibliography_only(tmp_path: Path) -> Path:
    """An al-folio site of its ``_config.yml`` and bibliography only (as the benchmark's)."""
    src = tmp_path / "bib"
    (src / "_bibliography").mkdir(parents=True)
    shutil.copy(SITE / "_config.yml", src / "_config.yml")
    shutil.copy(SITE / "_bibliography" / "papers.bib", src / "_bibliography" / "papers.bib")
    return src


def test_a_bibliography_alone_imports_no_cv_codec_and_compiles_no_body_patterns(tmp_path):
    got = run("convert", bibliography_only(tmp_path), tmp_path / "dest", "--to",
              "academicpages", "-q")
    assert got["status"] == 0 and (tmp_path / "dest" / "_publications").is_dir()
    assert "sitemigrate.formats.cvmarkdown" not in got["modules"]
    # no link rewriting, Liquid, checkout, dated lines or citations; is a URL field external?
    assert set(got["compiled"]) <= {"sitemigrate.formats.content._EXTERNAL"}


def test_a_whole_site_compiles_the_patterns_it_uses(tmp_path):
    """The other side (and a check that the scan above sees lazy patterns at all): a site
    with pages, Liquid and a CV page imports the CV codec and compiles what it uses."""
    got = run("convert", SITE, tmp_path / "dest", "--to", "academicpages", "-q")
    assert got["status"] == 0
    assert "sitemigrate.formats.cvmarkdown" in got["modules"]
    assert {"sitemigrate.formats.content._MD_LINK", "sitemigrate.formats.content._NOT_LINKS",
            "sitemigrate.jekyll.liquid._LEX_TEXT"} <= set(got["compiled"])


def test_help_imports_no_conversion_code():
    got = run("convert", "--help")
    assert got["status"] == 0
    ours = {m for m in got["modules"] if m.startswith("sitemigrate.")}
    assert ours <= {"sitemigrate.cli", "sitemigrate.mapdata", "sitemigrate.registry",
                    "sitemigrate.themes", "sitemigrate.themes.academicpages",
                    "sitemigrate.themes.alfolio", "sitemigrate.themes.plain"}
    assert not {"ruamel.yaml", "pybtex", "yaml"} & set(got["modules"])


def test_a_lazy_pattern_is_the_pattern_compiled_once():
    text = r"^( {0,3}\[[^\]\n]+\]:[ \t]*)(<?)([^\s<>]+)(>?)()"
    get = lazy_pattern(text, re.M | re.I)
    assert get.cache_info().currsize == 0  # nothing compiled until asked for
    assert get() == re.compile(text, re.M | re.I) and get() is get()


def test_every_dataclass_has_a_docstring_of_its_own():
    """Documented, and cheaper to define: for a class without one, ``@dataclass`` writes a
    docstring from ``inspect.signature`` at import (~0.15 ms a class)."""
    import dataclasses
    import importlib
    import pkgutil

    import sitemigrate
    found, bare = 0, []
    for info in pkgutil.walk_packages(sitemigrate.__path__, "sitemigrate."):
        if info.name == "sitemigrate.__main__":
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and dataclasses.is_dataclass(value)
                    and value.__module__ == info.name):
                found += 1
                if value.__doc__.startswith(f"{value.__name__}("):  # written by @dataclass
                    bare.append(f"{info.name}.{value.__qualname__}")
    assert found > 30 and not bare, bare


def test_a_check_answered_from_the_cache_loads_no_converter(tmp_path):
    """``--check`` on an up-to-date DEST (CI's every push) compares digests and replays the
    saved report: the IR, the themes, the plan, BibTeX and YAML are not even imported."""
    dest = tmp_path / "dest"
    assert run("convert", SITE, dest, "--to", "academicpages", "-q")["status"] == 0
    got = run("convert", SITE, dest, "--to", "academicpages", "--check", "-q")
    assert got["status"] == 0
    ours = {m for m in got["modules"] if m.startswith("sitemigrate.")}
    assert ours == {"sitemigrate.cache", "sitemigrate.cli", "sitemigrate.mapdata",
                    "sitemigrate.registry", "sitemigrate.report"}, ours
    assert not {"ruamel.yaml", "pybtex", "yaml"} & set(got["modules"])
