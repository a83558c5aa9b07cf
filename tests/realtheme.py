"""The real-theme lab: convert corpus sites into real template checkouts and build them.

``../shared/lab`` holds pristine checkouts of both themes (several generations each) and a
real Jekyll set-up (``bin/setup`` once, ``bin/build SITE OUT``). A *cell* is one corpus site
(every site of ``corpus/real/*/`` and ``corpus/upstream/``: :data:`SITES`) converted into one
template checkout of the other theme (the current one; ``--all``: every generation; with
``--upgrade``, the current checkout of its own theme instead: an upgrade):

1. SRC: the corpus site laid over the template of its own theme and era (its SOURCE.txt
   says which: :func:`lab_template`; ``bin/overlay``), built once as the baseline (the
   owner's includes the corpus did not copy stand in as includes that render nothing, as
   the conversion shims them; where it still does not build, the template code the overlay
   removed is put back: :func:`restore_theme_code`);
2. DEST: a fresh copy of the target template, ``sitemigrate convert SRC DEST`` into it, built;
3. what a visitor would see, compared with the baseline by ``sitemigrate verify``'s own
   comparison (:func:`sitemigrate.verify.compare.compare`: the owner's paragraphs, the home
   page, listed items, CV entries and talk/teaching details, menu, linked files, old
   addresses, either template's example text, new Liquid warnings), plus what only the lab
   measures: build errors and dead internal links (``bin/linkcheck``) the source build did
   not have. What the pristine template's own build already lacks (a favicon its head
   links, a warning of its own) is no fault of the conversion and is not counted.

Nothing of the themes or the corpus is copied into the project: everything is read from
``../shared`` at run time. Run as a script for the table (the full matrix: ``--all``)::

    python tests/realtheme.py [--all] [--jobs 2] [--only SITE] [--keep DIR] [-v]
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import yaml

from sitemigrate.verify.compare import (
    Comparison,
    compare,
    left_out_addresses,
    template_examples,
    warning_keys,
)
from sitemigrate.verify.site import BuiltSite, menu_labels
from sitemigrate.verify.text import norm, owner_paragraphs, page_text, paragraphs_of, permalink

__all__ = ["menu_labels", "norm", "owner_paragraphs", "page_text",
           "paragraphs_of"]  # the comparison's own, as the tests here call them

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
LAB = SHARED / "lab"
CORPUS = SHARED / "corpus"
TEMPLATES = LAB / "templates"

THEMES = ("al-folio", "academicpages")


def _source_fields(path: Path) -> dict[str, str]:
    """The ``key: value`` lines of a SOURCE.txt / .lab-source.txt ({} when there is none)."""
    if not path.is_file():
        return {}
    return dict(m.groups() for m in re.finditer(r"(?m)^(\w+):[ \t]*(.*?)\s*$",
                                               path.read_text("utf-8", "replace")))


def templates_of(theme: str) -> list[str]:
    """The lab's template checkouts of ``theme``, oldest first (their `.lab-source.txt` date)."""
    if not TEMPLATES.is_dir():
        return []
    names = [p.name for p in TEMPLATES.iterdir() if p.is_dir() and p.name.startswith(theme)]
    return sorted(names, key=lambda n: _source_fields(TEMPLATES / n / ".lab-source.txt")
                  .get("date", ""))


AL_FOLIO = templates_of("al-folio")
ACADEMICPAGES = templates_of("academicpages")
CURRENT = {"al-folio": AL_FOLIO[-1:], "academicpages": ACADEMICPAGES[-1:]}
"""The template of each theme the test command converts into: the newest."""


def lab_template(site: str) -> str:
    """The template of a corpus site's own theme and era: its SOURCE.txt's `lab_template`;
    else the template the lab made from this very repository (TEMPLATES.txt names it); else
    the newest of its theme no newer than the first date (YYYY-MM) of its `theme_era`;
    else, with no era, the oldest for a `legacy` folder and the newest otherwise."""
    folder = CORPUS / site
    fields = _source_fields(folder / "SOURCE.txt")
    if fields.get("lab_template"):
        return fields["lab_template"]
    theme = fields.get("theme") or next(t for t in THEMES if site.split("/")[1].startswith(t))
    ours = AL_FOLIO if theme == "al-folio" else ACADEMICPAGES
    listing = TEMPLATES / "TEMPLATES.txt"
    repo = site.split("/")[-1].replace("__", "+")
    for line in listing.read_text().splitlines() if listing.is_file() else ():
        name, _, rest = line.partition(" ")
        if name in ours and rest.split()[:1] == [repo]:
            return name
    era = re.search(r"\b(\d{4})(?:-(\d\d))?", fields.get("theme_era", ""))
    if era is None:
        return ours[0] if "legacy" in site else ours[-1]
    month = f"{era.group(1)}-{era.group(2) or '12'}"
    older = [n for n in ours
             if _source_fields(TEMPLATES / n / ".lab-source.txt").get("date", "")[:7] <= month]
    return older[-1] if older else ours[0]


def _corpus_sites() -> list[str]:
    """Every corpus site: a folder of ``real/<theme>/`` or ``upstream/`` holding a site's
    files (a ``_config.yml`` or a ``_`` folder); in ``upstream/`` a folder without them
    holds sites (its variants)."""
    def holds_site(folder: Path) -> bool:
        return folder.is_dir() and any(p.name == "_config.yml" or (p.is_dir()
                                       and p.name.startswith("_")) for p in folder.iterdir())
    out = []
    for group in ("real/al-folio", "real/academicpages", "upstream"):
        for folder in sorted((CORPUS / group).glob("*")) if (CORPUS / group).is_dir() else ():
            inner = sorted(folder.glob("*")) if group == "upstream" and folder.is_dir() else []
            for site in [folder] if holds_site(folder) else inner:
                if holds_site(site):
                    out.append(site.relative_to(CORPUS).as_posix())
    return out


SITES: dict[str, str] = ({site: lab_template(site) for site in _corpus_sites()}
                         if TEMPLATES.is_dir() else {})
"""Every corpus site -> the template of its own theme and era (:func:`lab_template`)."""


def template_of(site: str) -> str:
    """The template of a corpus site's own theme and era: :data:`SITES`, else the
    ``lab_template:`` line of its SOURCE.txt."""
    if site in SITES:
        return SITES[site]
    for line in (CORPUS / site / "SOURCE.txt").read_text("utf-8").splitlines():
        if line.startswith("lab_template:"):
            return line.split(":", 1)[1].strip()
    raise KeyError(f"{site}: no lab template known")


def short(site: str) -> str:
    return site.split("/")[-1].split("__")[0]


def targets(site: str, every: bool = False, upgrade: bool = False) -> list[str]:
    """The template checkouts of the other theme a site is converted into: the current
    one, or (``every``) each generation; with ``upgrade``, its own theme's current one
    (when the site is not of that generation already)."""
    own = "al-folio" if SITES[site].startswith("al-folio") else "academicpages"
    if upgrade:
        return [t for t in CURRENT[own] if t != SITES[site]]
    other = "academicpages" if own == "al-folio" else "al-folio"
    return templates_of(other) if every else CURRENT[other]


def cells(every: bool = False, upgrade: bool = False) -> list[tuple[str, str]]:
    """site x template: each site into the current template of the other theme, or
    (``every``) into each generation of it: the full matrix; or (``upgrade``) each site
    upgraded onto the current template of its own theme."""
    return [(site, tpl) for site in SITES for tpl in targets(site, every, upgrade)]


def missing() -> str | None:
    """Why the lab cannot run here (None when it can)."""
    if not TEMPLATES.is_dir():
        return "../shared/lab is not here"
    if shutil.which("jekyll") is None:
        return "jekyll is not installed (../shared/lab/bin/setup; .ci/run does this)"
    if not (LAB / "node/node_modules/.bin/sass").exists():
        return "the lab's Dart Sass is not installed (../shared/lab/bin/setup)"
    return None


# -- building --------------------------------------------------------------------------------

@dataclass
class Build:
    rc: int
    warnings: set[str]
    dead: set[str]
    site: BuiltSite
    """The built site as the comparison reads it (empty when the build made none)."""
    log: str

    @property
    def url(self) -> str:
        return self.site.url

    @property
    def text(self) -> str:
        return self.site.text

    @property
    def menu(self) -> list[tuple[str, str]]:
        return self.site.menu()


def build(site: Path, out: Path) -> Build:
    env = dict(os.environ, LAB_SCRATCH=str(out.parent / "scratch"))
    proc = subprocess.run([str(LAB / "bin/build"), str(site), str(out)], capture_output=True,
                          text=True, env=env, timeout=900)
    (out / "rc.txt").write_text(str(proc.returncode))
    return read_build(out, proc.returncode, proc.stdout[-3000:] + proc.stderr[-2000:])


def read_build(out: Path, rc: int | None = None, tail: str = "") -> Build:
    """What a build in ``out`` shows (``rc``: bin/build's exit status, else the one it
    recorded)."""
    log = (out / "build.log").read_text("utf-8", "replace") if (out / "build.log").exists() else ""
    summary = (out / "summary.txt").read_text() if (out / "summary.txt").exists() else ""
    if rc is None and (out / "rc.txt").exists():
        rc = int((out / "rc.txt").read_text())
    elif rc is None:  # as bin/build decides it
        exit_line = re.search(r"^jekyll exit: (\d+)", summary, re.M)
        rc = int(exit_line.group(1)) if exit_line else -1
        if rc == 0 and (re.search(r"Liquid (error|Exception)", log) or
                        re.search(r"^pages containing 'Liquid error': [1-9]", summary, re.M)):
            rc = 3
    url = re.search(r"^url: (.*)$", summary, re.M)
    base = url.group(1).strip() if url else ""
    dead: set[str] = set()
    site_dir = out / "_site"
    if site_dir.is_dir():
        lc = subprocess.run([sys.executable, str(LAB / "bin/linkcheck"), str(site_dir), base],
                            capture_output=True, text=True, timeout=600)
        for line in lc.stdout.splitlines():
            m = re.match(r"(.*) -> (.*) \((missing|outside baseurl)\)$", line)
            if m:
                dead.add(m.group(2))
    return Build(rc, warning_keys(log), dead, BuiltSite(site_dir, base, log), tail or log[-3000:])


def overlay(corpus_site: Path, template: Path, out: Path) -> Path:
    """The corpus site laid over its template (``bin/overlay``; without a MANIFEST.txt, the
    upstream example content is simply copied over the checkout)."""
    if (corpus_site / "MANIFEST.txt").is_file():
        try:
            subprocess.run([str(LAB / "bin/overlay"), str(template), str(corpus_site), str(out)],
                           check=True, capture_output=True, timeout=600)
        except subprocess.CalledProcessError:
            # bin/overlay stops (`grep` in a pipefail pipeline) when the owner's tree has
            # every content file of the template: nothing to remove. The same template with
            # one file the owner's tree lacks overlays the same way.
            with tempfile.TemporaryDirectory() as tmp:
                copy = shutil.copytree(template, Path(tmp) / template.name, symlinks=True)
                (copy / "lab-overlay-nothing-to-remove.txt").write_text("")
                subprocess.run([str(LAB / "bin/overlay"), str(copy), str(corpus_site),
                                str(out)], check=True, capture_output=True, timeout=600)
    else:
        shutil.copytree(template, out, symlinks=True)
        for path in corpus_site.rglob("*"):
            if path.is_file() and path.name != "SOURCE.txt":
                target = out / path.relative_to(corpus_site)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
    binary_posts(out)
    for extra in out.glob(".lab-*"):
        extra.unlink()
    return out


BINARY = re.compile(r"\.(pdf|png|jpe?g|gif|webp|mp4|webm|mov|ico|zip|pptx?|docx?|mp3|wav)$",
                    re.I)
"""Kinds of file the overlay stands in for that are never UTF-8 (not its `.svg`, `.bib`
or `.ipynb`, which are text)."""


def binary_posts(site: Path) -> list[str]:
    """Make the overlay's placeholders of binary files in a `_posts` folder binary again.
    Jekyll reads every dated file of `_posts` as a post and publishes it when its content is
    UTF-8: the owner's `_posts/2020-01-02-plot.png` is skipped ("could not read file"), an
    empty stand-in would be a page at a post address the owner's site never had. Returns
    the files changed."""
    listed = site / ".lab-placeholders.txt"
    changed = []
    for rel in listed.read_text().splitlines() if listed.is_file() else ():
        path = site / rel
        if "_posts" in Path(rel).parts[:-1] and BINARY.search(rel) and path.is_file() \
                and not path.stat().st_size:
            path.write_bytes(b"\xff")  # never UTF-8
            changed.append(rel)
    return changed


THEME_CODE = ("_includes", "_layouts", "_sass", "assets/js", "assets/css")
"""Folders of a template that hold its code, not an owner's content, and that a build uses
only where something includes or links them (not ``_plugins``: a plug-in runs regardless)."""


def _log(out: Path) -> str:
    path = out / "build.log"
    return path.read_text("utf-8", "replace") if path.is_file() else ""


def _plugin_of(template: str, tag: str) -> str | None:
    """The template's plug-in (``_plugins/…``) that registers the Liquid tag ``tag``."""
    for path in sorted((TEMPLATES / template / "_plugins").glob("*.rb")):
        if re.search(r"register_tag\(\s*['\"]" + re.escape(tag) + "['\"]",
                     path.read_text("utf-8", "replace")):
            return path.name
    return None


def crashed_gem(log: str) -> str | None:
    """The gem whose code raised the exception that stopped a build (the first frame of its
    backtrace: a vendored ``ruby/<gem>/lib`` or an installed ``gems/<gem>-<version>/lib``)."""
    m = re.search(r"(?m)^\S*/(?:ruby/([\w-]+)|gems/([\w-]+?)-\d[\w.]*)/lib/\S+:\d+:in .*"
                  r"\(\w+(?:Error|Exception)\)$", log)
    return (m.group(1) or m.group(2)) if m else None


def restore_theme_code(src: Path, template: str, out: Path,
                       plugins: Sequence[str] = (), unrequired: Sequence[str] = ()) -> Path:
    """SRC for its baseline build when it does not build as laid over.

    The corpus holds an owner's content, not their theme code: ``bin/overlay`` keeps the
    template's code where the owner's tree has a file of that name and removes the
    template's files it does not list. Where the template's code (standing in for the
    owner's) uses one of those, or a ``_config.yml`` key that its stylesheets read and the
    owner's own code did not need, the source cannot build in the lab and its cells would
    have no baseline. This copy gets back the template's code files the overlay removed, the
    plug-ins of ``plugins`` (each registers a tag the build found unknown) and, in
    ``_config.yml``, the template's top-level keys its stylesheets read that the owner's
    file lacks: lab stand-ins, like the overlay's placeholders, listed in
    ``<out>.stand-ins.txt``. The Gemfile is the template's too (the corpus has no owner's
    Gemfile), and al-folio's build requires its `:jekyll_plugins` group: a gem of
    ``unrequired`` (one that crashed the build) that the owner's `plugins:` does not name is
    taken out of that group, as the owner's own Gemfile, made for their `_config.yml`, did
    not have it (a fork on jekyll-archives whose template copy is now on jekyll-archives-v2,
    which reads the same key in another shape). The SRC that is converted stays as laid
    over."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(src, out, symlinks=True)
    root = TEMPLATES / template
    restored = []
    for folder in THEME_CODE:
        for path in sorted((root / folder).rglob("*")):
            target = out / path.relative_to(root)
            if path.is_file() and not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
                restored.append(path.relative_to(root).as_posix())
    for name in plugins:  # a plug-in runs regardless: only one that registers a missing tag
        (out / "_plugins").mkdir(exist_ok=True)
        shutil.copyfile(root / "_plugins" / name, out / "_plugins" / name)
        restored.append(f"_plugins/{name}")
    config = out / "_config.yml"
    owner = yaml.safe_load(config.read_text("utf-8")) or {}
    named = owner.get("plugins") or owner.get("gems") or []
    gemfile = out / "Gemfile"
    for gem in (g for g in unrequired if g not in named and gemfile.is_file()):
        old = gemfile.read_text("utf-8")
        new = re.sub(r"(?m)^[ \t]*gem\s+['\"]" + re.escape(gem) + r"['\"].*\n", "", old)
        if new != old:
            gemfile.write_text(new, "utf-8")
            restored.append(f"Gemfile: {gem} not required (the owner's plugins: lacks it)")
    ours = yaml.safe_load((root / "_config.yml").read_text("utf-8")) or {}
    styles = "".join(f.read_text("utf-8", "replace") for folder in ("_sass", "assets/css")
                     for f in (out / folder).rglob("*") if f.is_file())
    # only what the stylesheets read (a Sass error stops the build; the owner's name, links
    # and the like stay theirs, or empty, never the template's example person's)
    missing = {k: v for k, v in ours.items() if k not in owner
               and re.search(r"\bsite\." + re.escape(str(k)) + r"\b", styles)}
    if missing:
        with config.open("a", encoding="utf-8") as f:
            f.write("\n# lab stand-ins: keys of the template's _config.yml\n"
                    + yaml.safe_dump(missing, sort_keys=False, allow_unicode=True))
        restored += [f"_config.yml: {k}" for k in missing]
    out.with_name(out.name + ".stand-ins.txt").write_text("\n".join(restored) + "\n")
    return out




def manifest(corpus_site: Path) -> list[str]:
    """Every path of the owner's repository (its MANIFEST.txt; quoted lines are Python bytes
    literals, as git writes unusual names), or none when there is no manifest."""
    path = corpus_site / "MANIFEST.txt"
    if not path.is_file():
        return []
    out = []
    for line in path.read_text("utf-8", "replace").splitlines():
        out.append(ast.literal_eval("b" + line).decode("utf-8", "replace")
                   if line.startswith('"') else line)
    return out


STAND_IN = "<!-- lab stand-in: the owner's include {name} is not in the corpus -->\n"


def include_stand_ins(corpus_site: Path, site: Path) -> list[str]:
    """Write an include that renders nothing for every include of the owner's repository
    that the corpus did not copy (only content was copied) and the template lacks, so that
    the source builds as far as the corpus allows instead of stopping at the first
    `{% include %}` of one (the conversion, which reads the corpus as it is, shims such an
    include the same way). Returns the includes written."""
    written = []
    for rel in manifest(corpus_site):
        target = site / rel
        if not rel.startswith("_includes/") or target.exists() or rel.endswith(".DS_Store"):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(STAND_IN.format(name=rel[len("_includes/"):]))
        written.append(rel)
    return written


def checkout(template: str, out: Path) -> Path:
    """A fresh copy of a template checkout, as a user's clone would be."""
    shutil.copytree(TEMPLATES / template, out, symlinks=True)
    for extra in out.glob(".lab-*"):
        extra.unlink()
    return out


# -- a cell ----------------------------------------------------------------------------------

@dataclass
class Cell:
    site: str
    template: str
    convert_rc: int = -1
    convert_err: str = ""
    build_rc: int = -1
    source_rc: int = -1
    new_warnings: list[str] = field(default_factory=list)
    new_dead: list[str] = field(default_factory=list)
    seen: Comparison = field(default_factory=Comparison)
    """What ``sitemigrate verify`` compares (sitemigrate.verify.compare), on the lab's builds."""
    log: str = ""

    def measures(self) -> dict[str, int]:
        """What the cell lacks, measure by measure (0 everywhere: the visitor loses nothing)."""
        seen = self.seen
        return {
            "build": int(self.build_rc != 0), "warnings": len(self.new_warnings),
            "dead": len(self.new_dead), "examples": len(seen.examples),
            "dead_menu": len(seen.dead_menu),
            # al-folio-2022's header places the blog right after About (`blog_nav_title`; a
            # paginated blog page is no menu page there): the entries, in another order
            "menu": int(self.menu_state() == "differs" or (self.menu_state() == "same entries"
                        and self.template != "al-folio-2022")),
            "paragraphs": len(seen.missing_paragraphs), "home": len(seen.home_missing),
            "lists": len(seen.lists) + len(seen.dates), "details": len(seen.missing_details),
            "files": len(seen.missing_files), "pictures": len(seen.broken_pictures),
            "urls": len(seen.unanswered), "profile": len(seen.profile_missing),
            "debris": len(seen.debris)}

    def row(self) -> str:
        s, m = self.seen, self.measures()
        return (f"| {short(self.site)} | {self.template} | {self.source_rc} | {self.build_rc} | "
                f"{m['warnings']} | {m['dead']} | {m['examples']} | {m['dead_menu']} | "
                f"{self.menu_state()} | {s.paragraphs - m['paragraphs']}/{s.paragraphs} | "
                f"{m['home']} | {m['lists']} | {s.details - m['details']}/{s.details} | "
                f"{m['files']} | {m['pictures']} | {m['urls']} |")

    def menu_state(self) -> str:
        return self.seen.menu_state()

    def problems(self) -> list[tuple[str, list[str]]]:
        s = self.seen
        return [("new warning", self.new_warnings), ("new dead link", self.new_dead),
                ("example text", s.examples), ("dead menu entry", s.dead_menu),
                ("menu differs", [f"source menu {s.menu_was}", f"new menu {s.menu_now}"]
                 if s.menu_was != s.menu_now else []),
                ("paragraph not shown", [f"{r}: {p[:100]}" for r, _, _, p in
                                         s.missing_paragraphs]),
                ("not on the home page", [p[:100] for p in s.home_missing]),
                ("profile line not shown", [p[:100] for p in s.profile_missing]),
                ("markup debris", [f"{pages[0]} (+{len(pages) - 1} pages): {text}"
                                   for text, pages in s.debris]),
                ("list", [f"{o} -> {n}: {how} {t[:80]}" for o, n, how, t in s.lists]),
                ("list date", [f"{o} -> {n}: {t[:60]}: {d} -> {now or 'none'}"
                               for o, n, t, d, now in s.dates]),
                ("detail not shown", [f"{r}: {t[:100]}" for r, t in s.missing_details]),
                ("file missing", [f"{p}: {f}" for p, f in s.missing_files]),
                ("list picture not shown", [f"{o} -> {n}: {a}" for o, n, a in s.list_pictures]),
                ("picture broken", [f"{b.pages[0]} (+{len(b.pages) - 1} pages): {b.address} "
                                    f"(was {b.was})" for b in s.broken_pictures]),
                ("old URL unanswered", s.unanswered)]


HEADER = ("| site | template | source build | build | new Liquid warnings | new dead links | "
          "example text | dead menu entries | menu as the source's | paragraphs shown | "
          "home paragraphs lost | list items off | CV/talk details shown | files missing | "
          "broken pictures | old URLs unanswered |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")


class Lab:
    """Builds cells, each source once (thread-safe; sources are cached by name)."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self._sources: dict[str, Build] = {}
        self._templates: dict[str, Build] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()

    def source(self, site: str) -> tuple[Path, Build]:
        with self._lock:
            lock = self._locks.setdefault(site, threading.Lock())
        name = site.replace("/", "_")
        src = self.work / "src" / name
        with lock:
            if site not in self._sources:
                overlay(CORPUS / site, TEMPLATES / template_of(site), src)
                built = self.work / "src-build" / name  # the conversion reads src as it is
                shutil.copytree(src, built, symlinks=True)
                include_stand_ins(CORPUS / site, built)
                out = self.work / "out" / f"src-{name}"
                base = build(built, out)
                plugins: list[str] = []
                gems: list[str] = []
                while base.rc not in (0, 3) and len(plugins) + len(gems) < 5:
                    # the overlay's own gaps: see restore_theme_code
                    lab_src = restore_theme_code(built, template_of(site),
                                                 self.work / "src-lab" / name, plugins, gems)
                    base = build(lab_src, out)
                    tag = re.search(r"Unknown tag '(\w+)'", _log(out))
                    plugin = tag and _plugin_of(template_of(site), tag.group(1))
                    gem = crashed_gem(_log(out))
                    if plugin and plugin not in plugins:
                        plugins.append(plugin)
                    elif gem and gem not in gems and base.rc not in (0, 3):
                        gems.append(gem)
                    else:
                        break
                self._sources[site] = base
        return src, self._sources[site]

    def template(self, name: str) -> Build:
        """The pristine template's own build: what it lacks (a favicon its head links, a
        warning of its own) is no fault of a conversion into it."""
        with self._lock:
            lock = self._locks.setdefault(f"template:{name}", threading.Lock())
        with lock:
            if name not in self._templates:
                self._templates[name] = build(checkout(name, self.work / "tpl" / name),
                                              self.work / "out" / f"tpl-{name}")
        return self._templates[name]

    def cell(self, site: str, template: str) -> Cell:
        cell = Cell(site, template)
        src, base = self.source(site)
        own = self.template(template)
        cell.source_rc = base.rc
        name = f"{site.replace('/', '_')}-{template}"
        dest = checkout(template, self.work / "dest" / name)
        theme = "academicpages" if template.startswith("academicpages") else "al-folio"
        # --force: DEST is a fresh checkout, so it only lifts the refusal of a SRC that is
        # a template's own content (the upstream corpus sites are), tested in test_reruns
        proc = subprocess.run([sys.executable, "-m", "sitemigrate", "convert", str(src),
                               str(dest), "--to", theme, "--force",
                               "--report", str(self.work / "out" / f"{name}.report.json")],
                              capture_output=True, text=True, timeout=600)
        cell.convert_rc, cell.convert_err = proc.returncode, proc.stderr[-4000:]
        if proc.returncode not in (0, 1):
            return cell
        return self.score(cell, base, own, build(dest, self.work / "out" / name))

    def rescore(self, site: str, template: str) -> Cell:
        """A cell scored again from the builds a kept work folder holds (no build)."""
        name = f"{site.replace('/', '_')}-{template}"
        out = self.work / "out"
        cell = Cell(site, template, convert_rc=0)
        base = read_build(out / f"src-{site.replace('/', '_')}")
        own = read_build(out / f"tpl-{template}")
        return self.score(cell, base, own, read_build(out / name))

    def score(self, cell: Cell, base: Build, own: Build, new: Build) -> Cell:
        """The cell measured with ``sitemigrate verify``'s comparison, plus what only the
        lab knows (dead links by bin/linkcheck; warnings the pristine template has too)."""
        site, template = cell.site, cell.template
        name = f"{site.replace('/', '_')}-{template}"
        cell.source_rc = base.rc
        cell.build_rc, cell.log = new.rc, new.log
        known_dead = base.dead | own.dead
        old_dead = {_basename(d) for d in known_dead}
        cell.new_dead = sorted(d for d in new.dead if d not in known_dead
                               and _basename(d) not in old_dead)
        report = self.work / "out" / f"{name}.report.json"
        lacked = reported_missing(report)  # SRC lacks them: no conversion could carry them
        cell.new_dead = [d for d in cell.new_dead if (new.site.local_path(d) or d) not in lacked]
        src = self.work / "src" / site.replace("/", "_")  # what the conversion read
        if base.rc not in (0, 3):  # no baseline build: the owner's own dead links, from files
            cell.new_dead = [d for d in cell.new_dead
                             if not owners_dead_link(CORPUS / site, src, d)]
        furniture = _furniture(report)
        # SRC's example files the overlay put back from the template (the corpus copied
        # none of them) are left out as the corpus's own are: their pages' files are no loss
        left_out = left_out_addresses(src, furniture | set(template_examples(src)))
        cell.seen = compare(base.site, new.site, CORPUS / site,
                            templates=[TEMPLATES / template, TEMPLATES / SITES[site]],
                            skip=furniture, skip_pages=[permalink(src / rel) for rel in furniture],
                            left_out_pages=left_out, old_is_baseline=base.rc == 0,
                            source=src)
        if base.rc not in (0, 3):
            cell.seen.menu_was = []  # no source menu to compare
            theirs = [h for h in cell.seen.dead_menu
                      if owners_menu_entry(CORPUS / site, src, new.site.local_path(h) or h)]
            cell.seen.dead_menu = [h for h in cell.seen.dead_menu if h not in theirs]
            cell.seen.dead_menu_before += theirs
            cell.new_dead = [d for d in cell.new_dead if d not in theirs]
        cell.new_warnings = [w for w in cell.seen.new_warnings if w not in own.warnings]
        # a broken picture the comparison names (the old site showed it) is counted there,
        # not a second time among the dead links
        pictures = {new.site.local_path(b.address, page) or b.address
                    for b in cell.seen.broken_pictures for page in b.pages}
        cell.new_dead = [d for d in cell.new_dead if (new.site.local_path(d) or d) not in pictures]
        return cell


def _furniture(report: Path) -> set[str]:
    """The files the conversion left out on purpose (its report says): the source theme's
    furniture and the template's example content (:data:`~sitemigrate.verify.compare.LEFT_OUT`)."""
    from sitemigrate.verify.compare import left_out
    try:
        data = json.loads(report.read_text())
    except (OSError, ValueError):
        return set()
    return set(left_out(data.get("findings", [])))


_MISSING = re.compile(r"does not exist in the source site; the link now points to `([^`]+)`")


def reported_missing(report: Path) -> set[str]:
    """Where the conversion pointed the links to files SRC does not have (its report's
    `missing-file` findings, each telling the owner to put the file there): a link the owner
    wrote to a file they lack is dead on either site, whatever address it now has (a source
    that did not build has no dead links to compare with)."""
    try:
        data = json.loads(report.read_text())
    except (OSError, ValueError):
        return set()
    return {urllib.parse.unquote(m.group(1)) for f in data.get("findings", [])
            if f.get("code") == "missing-file" and (m := _MISSING.search(f.get("message", "")))}


_CONTENT_SUFFIXES = (".md", ".markdown", ".html")


def owners_dead_link(corpus_site: Path, src: Path, url: str) -> bool:
    """For a source that cannot be built (no baseline): ``url`` is a link the owner wrote in
    their content (``](url)``, ``href="url"``) to an address their own site does not have:
    a file SRC does not have (`/files/a.do`); a relative link that, against the address of
    the page it is written on, names nothing SRC serves; or an address no file or folder of
    SRC starts, and no ``permalink:`` or ``baseurl:`` of SRC begins with its first segment (a
    template's example link copied into the owner's text). A link into anything SRC has (its
    posts, pages, collections, files) is never counted as the owner's, so a URL the
    conversion lost still counts."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme or url.startswith(("//", "#")) or not parts.path.strip("/"):
        return False
    forms = "|".join(map(re.escape, dict.fromkeys((url, urllib.parse.unquote(url)))))
    link = re.compile(r"(\]\(|href\s*=\s*[\"']?)(?:" + forms + r")[)\"'\s>#?]")  # as written
    files = [f for f in corpus_site.rglob("*") if f.is_file() and f.suffix in _CONTENT_SUFFIXES]
    owners = [f for f in files if link.search(f.read_text("utf-8", "replace"))]
    if not owners:
        return False
    if not url.startswith("/"):  # as Jekyll served the page it is written on
        from sitemigrate.formats.content import resolve
        from sitemigrate.jekyll.urls import address_of
        tree = _src_tree(src)
        pages = [address_of(f.relative_to(corpus_site).as_posix(), tree) for f in owners]
        return all(page and _names_nothing(src, resolve(url, page)) for page in pages)
    path = urllib.parse.unquote(parts.path)
    suffix = PurePosixPath(path).suffix.lower()
    if suffix and suffix not in _CONTENT_SUFFIXES:
        return not (src / path.lstrip("/")).is_file()  # a file: SRC has it, or not
    first = path.strip("/").split("/")[0]
    if any((src / (first + ext)).exists() for ext in ("", *_CONTENT_SUFFIXES)):
        return False
    claims = re.compile(r"^\s*(permalink|baseurl)\s*:\s*['\"]?/" + re.escape(first) + r"\b", re.M)
    return not any(claims.search(f.read_text("utf-8", "replace")) for f in src.rglob("*")
                   if f.is_file() and f.suffix in (*_CONTENT_SUFFIXES, ".yml"))


def owners_menu_entry(corpus_site: Path, src: Path, path: str) -> bool:
    """For a source that cannot be built (no baseline): site path ``path`` is an entry of
    the owner's own menu (`_data/navigation.yml`) that names no address SRC serves (a page
    the owner had not written yet): dead on their site too, not a loss of the run's."""
    nav = corpus_site / "_data" / "navigation.yml"
    if not path.startswith("/") or not path.strip("/") or not nav.is_file():
        return False
    written = re.compile(r"^\s*-?\s*url\s*:\s*['\"]?" + re.escape(path.rstrip("/"))
                         + r"/?['\"]?\s*(#.*)?$", re.M)
    return bool(written.search(nav.read_text("utf-8", "replace"))) and _names_nothing(src, path)


@functools.lru_cache(maxsize=8)
def _src_tree(src: Path) -> tuple[dict[str, str], dict]:
    from sitemigrate.jekyll.urls import read_tree
    return read_tree(src)


def _names_nothing(src: Path, url: str) -> bool:
    """The site path ``url`` is no file of SRC and no address its pages are served at."""
    from sitemigrate.jekyll.urls import normalize, served
    path = urllib.parse.unquote(urllib.parse.urlsplit(url).path)
    if (src / path.lstrip("/")).exists():
        return False
    files, config = _src_tree(src)
    return normalize(path) not in served(files, config)


def _basename(url: str) -> str:
    return urllib.parse.unquote(urllib.parse.urlsplit(url).path).rstrip("/").rsplit("/", 1)[-1]


def run(selected: list[tuple[str, str]], work: Path, jobs: int = 2) -> list[Cell]:
    lab = Lab(work)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda c: lab.cell(*c), selected))


def main(argv: list[str]) -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", action="append", default=[], help="a site (substring)")
    ap.add_argument("--template", action="append", default=[])
    ap.add_argument("--all", action="store_true",
                    help="every generation of the other theme (default: the current one)")
    ap.add_argument("--upgrade", action="store_true",
                    help="each site upgraded onto its own theme's current template instead")
    ap.add_argument("--keep", type=Path, help="work folder to keep (default: a temporary one)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("-v", action="store_true", help="print what fails in each cell")
    ap.add_argument("--rescore", action="store_true",
                    help="score the builds a --keep folder holds again, without building")
    args = ap.parse_args(argv)
    why = missing()
    if why:
        print(why, file=sys.stderr)
        return 2
    selected = [c for c in cells(args.all, args.upgrade)
                if (not args.only or any(o in c[0] for o in args.only))
                and (not args.template or c[1] in args.template)]
    work = args.keep or Path(tempfile.mkdtemp(prefix="sitemigrate-realtheme-"))
    work.mkdir(parents=True, exist_ok=True)
    if args.rescore:
        lab = Lab(work)
        results = [lab.rescore(*c) for c in selected]
    else:
        results = run(selected, work, args.jobs)
    print(HEADER)
    for cell in results:
        print(cell.row())
    if args.v:
        for cell in results:
            problems = cell.problems()
            if any(items for _, items in problems) or cell.build_rc != 0:
                print(f"\n## {short(cell.site)} -> {cell.template} (convert {cell.convert_rc}, "
                      f"build {cell.build_rc})")
                if cell.convert_rc not in (0, 1):
                    print(cell.convert_err)
                if cell.build_rc != 0:
                    print(cell.log[-1500:])
                for label, items in problems:
                    for item in items[:12]:
                        print(f"  {label}: {item}")
                    if len(items) > 12:
                        print(f"  ... {len(items) - 12} more {label}s")
    if args.json:
        rows = [dict(c.__dict__, seen=c.seen.__dict__, measures=c.measures()) for c in results]
        args.json.write_text(json.dumps(rows, indent=1, default=list))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
