"""The real-theme lab: convert corpus sites into real template checkouts and build them.

``../shared/lab`` holds pristine checkouts of both themes (several generations each) and a
real Jekyll set-up (``bin/setup`` once, ``bin/build SITE OUT``). A *cell* is one corpus site
converted into one template checkout of the other theme:

1. SRC: the corpus site laid over the template of its own theme and era (``bin/overlay``),
   built once as the baseline (the owner's includes the corpus did not copy stand in
   as includes that render nothing, as the conversion shims them; where it still does
   not build, the template code the overlay removed is put back:
   :func:`restore_theme_code`);
2. DEST: a fresh copy of the target template, ``sitemigrate convert SRC DEST`` into it, built;
3. what a visitor would see, compared with the baseline: build errors, Liquid warnings the
   source build did not have, dead internal links it did not have, text of the target
   template's example people, menu entries that resolve, and the owner's paragraphs (every
   paragraph of the site's content files that the source build shows) in the new build. What
   the pristine template's own build already lacks (a favicon its head links) is no fault of
   the conversion and is not counted.

Nothing of the themes or the corpus is copied into the project: everything is read from
``../shared`` at run time. Run as a script for the table::

    python tests/realtheme.py [--jobs 2] [--only SITE] [--keep DIR]
"""

from __future__ import annotations

import ast
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
LAB = SHARED / "lab"
CORPUS = SHARED / "corpus"
TEMPLATES = LAB / "templates"

AL_FOLIO = ["al-folio-2022", "al-folio-2024-03", "al-folio-2024", "al-folio-2025", "al-folio-2026"]
ACADEMICPAGES = ["academicpages-2019", "academicpages-2025"]

# corpus site -> the template of its own theme and era (its SOURCE.txt says which)
SITES: dict[str, str] = {
    "upstream/al-folio": "al-folio-2025",
    "upstream/al-folio-legacy": "al-folio-2022",
    "upstream/academicpages": "academicpages-2025",
    "upstream/academicpages-variants/legacy-2017": "academicpages-2019",
    "upstream/academicpages-variants/fork-variants": "academicpages-2019",
    "real/al-folio/0xtob__0xtob.github.io": "al-folio-2024-03",
    "real/al-folio/4lhc__4lhc.github.io": "al-folio-2025",
    "real/al-folio/501Good__501Good.github.io": "al-folio-2024",
    "real/al-folio/594zyc__594zyc.github.io": "al-folio-2024-03",
    "real/al-folio/AndyGreenPhD__AndyGreenPhD.github.io": "al-folio-2026",
    "real/al-folio/UzTak__uztak.github.io": "al-folio-2022",
    "real/al-folio/bdubail__bdubail.github.io": "al-folio-2022",
    "real/al-folio/leigang-qu__leigang-qu.github.io": "al-folio-2024",
    "real/al-folio/sy3104__sy3104.github.io": "al-folio-2022",
    "real/al-folio/tdhock__tdhock.github.io": "al-folio-2022",
    "real/academicpages/1chig0__1chig0.github.io": "academicpages-2019",
    "real/academicpages/A7ocin__A7ocin.github.io": "academicpages-2019",
    "real/academicpages/AdrianForsythe__AdrianForsythe.github.io": "academicpages-2019",
    "real/academicpages/Ali-Omrani__Ali-Omrani.github.io": "academicpages-2019",
    "real/academicpages/CorentinKervadec__ck_academicpages.github.io": "academicpages-2019",
    "real/academicpages/Davidvandijcke__davidvandijcke.github.io": "academicpages-2019",
    "real/academicpages/GSYH__zh": "academicpages-2025",
    "real/academicpages/JaydenM-C__jaydenm-c.github.io": "academicpages-2025",
}


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


def targets(site: str) -> list[str]:
    """The template checkouts of the other theme a site is converted into."""
    return ACADEMICPAGES if SITES[site].startswith("al-folio") else AL_FOLIO


def cells() -> list[tuple[str, str]]:
    return [(site, tpl) for site in SITES for tpl in targets(site)]


def missing() -> str | None:
    """Why the lab cannot run here (None when it can)."""
    if not TEMPLATES.is_dir():
        return "../shared/lab is not here"
    if shutil.which("jekyll") is None:
        return "jekyll is not installed (../shared/lab/bin/setup; .ci/run does this)"
    if not (LAB / "node/node_modules/.bin/sass").exists():
        return "the lab's Dart Sass is not installed (../shared/lab/bin/setup)"
    return None


# -- text of pages ---------------------------------------------------------------------------

_DROP = re.compile(r"(?is)<(script|style|svg|head|noscript)\b.*?</\1\s*>|<!--.*?-->")
_BLOCK = re.compile(
    r"(?i)<(br|/?p|/div|/li|/h[1-6]|/tr|/td|/th|/dt|/dd|/pre|/tbody|/blockquote)\b[^>]*>")
_TAG = re.compile(r"<[^>]+>")
_FOLD = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                       "\u2013": "-", "\u2014": "-", "\u00a0": " ", "\u2026": "..."})


def norm(text: str) -> str:
    """Text as compared: typography folded (kramdown's smart quotes and dashes), case and
    punctuation ignored, whitespace collapsed."""
    text = html.unescape(text).translate(_FOLD).lower()
    return " ".join(re.findall(r"[^\W_]+", text))


def page_text(html_text: str) -> str:
    body = _DROP.sub(" ", html_text)
    body = _BLOCK.sub("\n", body)
    return _TAG.sub(" ", body)


def site_text(site_dir: Path) -> str:
    """The visible text of every built HTML page, normalised, one page a line."""
    out = []
    for page in sorted(site_dir.rglob("*.html")):
        out.append(norm(page_text(page.read_text("utf-8", "replace"))))
    return "\n".join(out)


# -- the owner's paragraphs ------------------------------------------------------------------

CONTENT_DIRS = ("_pages", "_posts", "_news", "_projects", "_teachings", "_talks", "_teaching",
                "_portfolio", "_publications", "_books")
_FM = re.compile(r"\A\ufeff?---\s*\n(.*?)\n---\s*\n", re.S)
_LIQUID = re.compile(
    r"\{%-?\s*(raw|comment|highlight)\b.*?\{%-?\s*end\1\s*-?%\}|\{%.*?%\}|\{\{.*?\}\}", re.S)
_MD_LINK = re.compile(r"!\[[^\]]*\]\([^)]*\)|\[([^\]]*)\]\([^)]*\)|\[([^\]]*)\]\[[^\]]*\]")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
# `:sparkles:`: an emoji plugin shows a picture or a character, no words
_EMOJI_CODE = re.compile(r"(?<![\w:]):[a-z][a-z0-9_+-]*:(?![\w:])")
_BARE_URL = re.compile(r"\s*\w+://\S+\s*")
_UNSHOWN = re.compile(r"(?is)<(style|script)\b.*?</\1\s*>")  # text a browser never shows


def _front(text: str) -> tuple[dict, str]:
    m = _FM.match(text)
    if not m:
        return {}, text
    try:
        data = yaml.safe_load(m.group(1))
    except yaml.YAMLError:
        data = None
    return (data if isinstance(data, dict) else {}), text[m.end():]


def paragraphs_of(text: str) -> list[str]:
    """The prose paragraphs of a Markdown/HTML body, normalised (at least six words)."""
    body = _FENCE.sub("\n", text)
    body = _UNSHOWN.sub("\n", body)
    body = re.sub(r"(?s)<!--.*?-->", " ", body)
    body = _LIQUID.sub(" ", body)
    body = _EMOJI_CODE.sub(" ", body)
    out = []
    for block in re.split(r"\n\s*\n", body):
        block = _MD_LINK.sub(lambda m: m.group(1) or m.group(2) or " ", block)
        block = _TAG.sub(" ", block)
        if re.match(r"^\s*(\||[-=*_]{3,}\s*$)", block):  # tables, rules
            continue
        words = norm(block)
        if len(words.split()) >= 6:
            out.append(words)
    return out


def owner_paragraphs(corpus_site: Path) -> dict[str, list[str]]:
    """file -> paragraphs, for every content file of a corpus site (and CV data strings)."""
    found: dict[str, list[str]] = {}
    for folder in CONTENT_DIRS:
        base = corpus_site / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix not in (".md", ".markdown", ".html") or not path.is_file():
                continue
            front, body = _front(path.read_text("utf-8", "replace"))
            if front.get("published") is False:
                continue
            paras = paragraphs_of(body)
            for key in ("venue", "location", "excerpt", "description"):
                value = front.get(key)
                if isinstance(value, str) and len(norm(value).split()) >= 4:
                    paras.append(norm(_TAG.sub(" ", _MD_LINK.sub(
                        lambda m: m.group(1) or m.group(2) or " ", value))))
            if paras:
                found[str(path.relative_to(corpus_site))] = paras
    cv = corpus_site / "_data" / "cv.yml"
    if cv.is_file():
        try:
            data = yaml.safe_load(cv.read_text("utf-8", "replace"))
        except yaml.YAMLError:
            data = None
        strings: list[str] = []

        def walk(v):
            if isinstance(v, str) and _BARE_URL.fullmatch(v):
                return  # an entry's `url`: its title's link target, no text of the page
            if isinstance(v, str):
                n = norm(_TAG.sub(" ", v))
                if len(n.split()) >= 6:
                    strings.append(n)
            elif isinstance(v, dict):
                for x in v.values():
                    walk(x)
            elif isinstance(v, list):
                for x in v:
                    walk(x)
        walk(data)
        if strings:
            found["_data/cv.yml"] = strings
    return found


def shown(paragraph: str, text: str, grams: set[tuple[str, ...]],
          pages: list[set[str]] | None = None) -> bool:
    """A paragraph is shown when it is in the text, or (markup split it) when 90% of its
    five-word runs are, or (data the theme lays out its own way: a CV's entries become a
    table of dates, titles and places) when 95% of its words of four letters or more are on
    one page."""
    if paragraph in text:
        return True
    words = paragraph.split()
    runs = [tuple(words[i:i + 5]) for i in range(len(words) - 4)]
    if runs and sum(r in grams for r in runs) >= 0.9 * len(runs):
        return True
    if pages is None:
        return False
    long_words = {w for w in words if len(w) >= 4}
    return bool(long_words) and any(
        len(long_words & page) >= 0.95 * len(long_words) for page in pages)


def page_words(text: str) -> list[set[str]]:
    return [set(line.split()) for line in text.split("\n")]


def fivegrams(text: str) -> set[tuple[str, ...]]:
    grams: set[tuple[str, ...]] = set()
    for line in text.split("\n"):
        words = line.split()
        grams.update(tuple(words[i:i + 5]) for i in range(len(words) - 4))
    return grams


# -- the target template's example people ----------------------------------------------------

def example_markers(template: Path) -> set[str]:
    """Texts that only the template's example content shows: the titles of its example
    collection items, posts and news, and the paragraphs of its about page, CV and example
    items (read from the checkout, never stored)."""
    markers: set[str] = set()
    for folder in CONTENT_DIRS:
        base = template / folder
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            if path.suffix not in (".md", ".markdown", ".html") or not path.is_file():
                continue
            front, body = _front(path.read_text("utf-8", "replace"))
            title = front.get("title")
            if folder != "_pages" and isinstance(title, str) and len(norm(title).split()) >= 3:
                markers.add(norm(title))
            if folder != "_pages" or front.get("layout") in ("about", "cv") or path.stem in (
                    "about", "cv"):
                markers.update(p for p in paragraphs_of(body) if len(p.split()) >= 8)
    cv = template / "_data" / "cv.yml"
    if cv.is_file():
        for line in cv.read_text("utf-8", "replace").splitlines():
            m = re.match(r"\s*-?\s*(?:title|institution|description|value)\s*:\s*(.{25,})$", line)
            if m:
                markers.add(norm(m.group(1)))
    config = yaml.safe_load((template / "_config.yml").read_text("utf-8", "replace")) or {}
    author = config.get("author") if isinstance(config.get("author"), dict) else {}
    for value in (author.get("bio"), (config.get("scholar") or {}).get("last_name")
                  if isinstance(config.get("scholar"), dict) else None):
        if isinstance(value, str) and len(norm(value).split()) >= 3:
            markers.add(norm(value))
    return {m for m in markers if m}


# -- menus -----------------------------------------------------------------------------------

_NAV = re.compile(r"(?is)<nav\b[^>]*>(.*?)</nav>")
_A = re.compile(r"(?is)<a\b([^>]*)>(.*?)</a>")
_HREF = re.compile(r"""href\s*=\s*["']([^"']*)["']""")


def menu(site_dir: Path) -> list[tuple[str, str]]:
    """(label, href) of the main menu of the home page."""
    index = site_dir / "index.html"
    if not index.is_file():
        return []
    text = index.read_text("utf-8", "replace")
    entries = []
    for nav in _NAV.findall(text):
        if "breadcrumb" in nav[:200]:
            continue
        for attrs, label in _A.findall(nav):
            href = _HREF.search(attrs)
            if not href:
                continue
            label = norm(_TAG.sub(" ", label))
            if label and not href.group(1).startswith(("#", "javascript")):
                entries.append((label, href.group(1)))
    return entries


def menu_labels(entries: list[tuple[str, str]], url: str, skip: Iterable[str] = (),
                site_dir: Path | None = None) -> list[str]:
    """The labels of a menu in order, without its link to the site's home (al-folio labels
    it with the about page's title, academicpages with the site's: each theme's own; also
    an old address of the home page that ``site_dir`` forwards there), its links to the
    pages of ``skip`` (site paths: the source theme's furniture, which the conversion leaves
    out) and an entry repeated (a dropdown's copy)."""
    site = urllib.parse.urlsplit(url)
    root = site.path.rstrip("/") + "/"
    left_out = {root + p.strip("/") + "/" for p in skip}
    out: list[str] = []
    for label, href in entries:
        if href.startswith("//") and not site.netloc:  # `{{ site.url }}/…` with no url set
            href = href[1:]
        path = re.sub(r"/{2,}", "/", urllib.parse.urlsplit(href).path)
        if not path.endswith("/"):
            path += "/"
        if path == root or path in left_out or _forwards_home(site_dir, path, root):
            continue
        label = re.sub(r"\s+current$", "", label)
        if label not in out:
            out.append(label)
    return out


def _forwards_home(site_dir: Path | None, path: str, root: str) -> bool:
    """The built page at ``path`` is a redirect page (jekyll-redirect-from's) to the home."""
    if site_dir is None or not path.startswith(root):
        return False
    page = site_dir / path[len(root):] / "index.html"
    try:
        text = page.read_text("utf-8", "replace")[:2000]
    except OSError:
        return False
    target = re.search(r'http-equiv="refresh"[^>]*url=([^"]+)"', text)
    return bool(target) and urllib.parse.urlsplit(target.group(1)).path.rstrip("/") + "/" == root


def resolves(site_dir: Path, href: str, base: str) -> bool:
    r = urllib.parse.urlsplit(href)
    if r.scheme in ("http", "https") and r.netloc and r.netloc not in base:
        return True  # an external entry
    path = urllib.parse.unquote(r.path)
    basepath = urllib.parse.urlsplit(base).path.rstrip("/")
    if basepath and path.startswith(basepath):
        path = path[len(basepath):]
    f = site_dir / path.lstrip("/")
    return f.is_file() or (f / "index.html").is_file() or Path(str(f) + ".html").is_file()


# -- building --------------------------------------------------------------------------------

@dataclass
class Build:
    rc: int
    warnings: set[str]
    dead: set[str]
    text: str
    url: str
    menu: list[tuple[str, str]]
    log: str


_LIQUID_LINE = re.compile(r"Liquid (Warning|Exception|syntax error)|Liquid error")


def _warning_key(line: str) -> str:
    """A Liquid warning without paths and line numbers, to compare two builds."""
    line = re.sub(r"/tmp/\S+?/", "", line)
    line = re.sub(r"\bline \d+", "line N", line)
    return line.strip()


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
    warnings = {_warning_key(x) for x in log.splitlines() if _LIQUID_LINE.search(x)}
    dead: set[str] = set()
    text = ""
    entries: list[tuple[str, str]] = []
    site_dir = out / "_site"
    if site_dir.is_dir():
        lc = subprocess.run([sys.executable, str(LAB / "bin/linkcheck"), str(site_dir), base],
                            capture_output=True, text=True, timeout=600)
        for line in lc.stdout.splitlines():
            m = re.match(r"(.*) -> (.*) \((missing|outside baseurl)\)$", line)
            if m:
                dead.add(m.group(2))
        text = site_text(site_dir)
        entries = menu(site_dir)
    return Build(rc, warnings, dead, text, base, entries, tail or log[-3000:])


def overlay(corpus_site: Path, template: Path, out: Path) -> Path:
    """The corpus site laid over its template (``bin/overlay``; without a MANIFEST.txt, the
    upstream example content is simply copied over the checkout)."""
    if (corpus_site / "MANIFEST.txt").is_file():
        subprocess.run([str(LAB / "bin/overlay"), str(template), str(corpus_site), str(out)],
                       check=True, capture_output=True, timeout=600)
    else:
        shutil.copytree(template, out, symlinks=True)
        for path in corpus_site.rglob("*"):
            if path.is_file() and path.name != "SOURCE.txt":
                target = out / path.relative_to(corpus_site)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
    for extra in out.glob(".lab-*"):
        extra.unlink()
    return out


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


def restore_theme_code(src: Path, template: str, out: Path,
                       plugins: Sequence[str] = ()) -> Path:
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
    ``<out>.stand-ins.txt``. The SRC that is converted stays as laid over."""
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
    examples: list[str] = field(default_factory=list)
    menu: list[tuple[str, str]] = field(default_factory=list)
    source_menu: list[tuple[str, str]] = field(default_factory=list)
    dead_menu: list[str] = field(default_factory=list)
    menu_was: list[str] = field(default_factory=list)
    """The source build's menu labels in order (:func:`menu_labels`; empty: none to compare)."""
    menu_now: list[str] = field(default_factory=list)
    menu_diff: list[str] = field(default_factory=list)
    paragraphs: int = 0
    paragraphs_shown: int = 0
    missing_paragraphs: list[str] = field(default_factory=list)
    log: str = ""

    def row(self) -> str:
        return (f"| {short(self.site)} | {self.template} | {self.source_rc} | {self.build_rc} | "
                f"{len(self.new_warnings)} | {len(self.new_dead)} | {len(self.examples)} | "
                f"{len(self.dead_menu)} | {self.menu_state()} | "
                f"{self.paragraphs_shown}/{self.paragraphs} |")

    def menu_state(self) -> str:
        """The menu against the source's: `same`, `same entries` (another order),
        `differs`, or `n/a` (the source has no menu to compare)."""
        if not self.menu_was:
            return "n/a"
        if self.menu_was == self.menu_now:
            return "same"
        return "same entries" if sorted(self.menu_was) == sorted(self.menu_now) else "differs"


HEADER = ("| site | template | source build | build | new Liquid warnings | new dead links | "
          "example text | dead menu entries | menu as the source's | paragraphs shown |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---|---:|")


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
                while base.rc not in (0, 3) and len(plugins) < 5:
                    # the overlay's own gaps: see restore_theme_code
                    lab_src = restore_theme_code(built, template_of(site),
                                                 self.work / "src-lab" / name, plugins)
                    base = build(lab_src, out)
                    tag = re.search(r"Unknown tag '(\w+)'", _log(out))
                    plugin = tag and _plugin_of(template_of(site), tag.group(1))
                    if not plugin or plugin in plugins:
                        break
                    plugins.append(plugin)
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
        proc = subprocess.run([sys.executable, "-m", "sitemigrate", "convert", str(src),
                               str(dest), "--to", theme,
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
        site, template = cell.site, cell.template
        name = f"{site.replace('/', '_')}-{template}"
        cell.source_rc = base.rc
        cell.build_rc, cell.log = new.rc, new.log
        cell.new_warnings = sorted(new.warnings - base.warnings - own.warnings)
        known_dead = base.dead | own.dead
        old_dead = {_basename(d) for d in known_dead}
        cell.new_dead = sorted(d for d in new.dead if d not in known_dead
                               and _basename(d) not in old_dead)
        if base.rc not in (0, 3):  # no baseline build: the owner's own dead links, from files
            src = self.work / "src" / site.replace("/", "_")
            cell.new_dead = [d for d in cell.new_dead
                             if not owners_dead_link(CORPUS / site, src, d)]
        markers = example_markers(TEMPLATES / template)
        cell.examples = sorted(m for m in markers if m in new.text and m not in base.text)
        cell.menu, cell.source_menu = new.menu, base.menu
        site_dir = self.work / "out" / name / "_site"
        furniture = _furniture(self.work / "out" / f"{name}.report.json")
        cell.dead_menu = [h for _, h in new.menu if not resolves(site_dir, h, new.url)]
        if base.rc in (0, 3) and base.menu:
            src = self.work / "src" / site.replace("/", "_")  # what the conversion read
            left_out = [_permalink(src / rel) for rel in furniture]
            cell.menu_was = menu_labels(base.menu, base.url, [p for p in left_out if p],
                                        self.work / "out" / f"src-{site.replace('/', '_')}"
                                        / "_site")
            cell.menu_now = menu_labels(new.menu, new.url, site_dir=site_dir)
            if cell.menu_was != cell.menu_now:
                cell.menu_diff = [f"source menu {cell.menu_was}", f"new menu {cell.menu_now}"]
        grams, pages = fivegrams(new.text), page_words(new.text)
        base_grams = fivegrams(base.text) if base.rc == 0 else None
        base_pages = page_words(base.text) if base.rc == 0 else None
        for rel, paras in owner_paragraphs(CORPUS / site).items():
            if rel in furniture:
                continue  # the source theme's own page (a 404 page): not the owner's
            for p in paras:
                if base_grams is not None and not shown(p, base.text, base_grams, base_pages):
                    continue  # the source site does not show it either
                cell.paragraphs += 1
                if shown(p, new.text, grams, pages):
                    cell.paragraphs_shown += 1
                else:
                    cell.missing_paragraphs.append(f"{rel}: {p[:100]}")
        return cell


def _permalink(path: Path) -> str:
    """A page's `permalink:` ('' without one, or when it is no file)."""
    try:
        return str(_front(path.read_text("utf-8", "replace"))[0].get("permalink") or "")
    except (OSError, AttributeError):
        return ""


def _furniture(report: Path) -> set[str]:
    """The files the conversion named the source theme's furniture (its report says)."""
    try:
        data = json.loads(report.read_text())
    except (OSError, ValueError):
        return set()
    return {f.get("path") for f in data.get("findings", []) if f.get("code") == "furniture"}


_CONTENT_SUFFIXES = (".md", ".markdown", ".html")


def owners_dead_link(corpus_site: Path, src: Path, url: str) -> bool:
    """For a source that cannot be built (no baseline): ``url`` is a link the owner wrote in
    their content (``](url)``, ``href="url"``) to an address their own site does not have: no
    file or folder of SRC starts it, and no ``permalink:`` or ``baseurl:`` of SRC begins with
    its first segment (a template's example link copied into the owner's text). A link into
    anything SRC has (its posts, pages, collections, files) is never counted as the owner's,
    so a URL the conversion lost still counts."""
    path = urllib.parse.urlsplit(url).path
    first = path.strip("/").split("/")[0]
    if not url.startswith("/") or url.startswith("//") or not first:
        return False
    link = re.compile(r"(\]\(|href\s*=\s*[\"']?)" + re.escape(url) + r"[)\"'\s>#?]")
    files = [f for f in corpus_site.rglob("*") if f.is_file() and f.suffix in _CONTENT_SUFFIXES]
    if not any(link.search(f.read_text("utf-8", "replace")) for f in files):
        return False
    if any((src / (first + ext)).exists() for ext in ("", *_CONTENT_SUFFIXES)):
        return False
    claims = re.compile(r"^\s*(permalink|baseurl)\s*:\s*['\"]?/" + re.escape(first) + r"\b", re.M)
    return not any(claims.search(f.read_text("utf-8", "replace")) for f in src.rglob("*")
                   if f.is_file() and f.suffix in (*_CONTENT_SUFFIXES, ".yml"))


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
    selected = [c for c in cells() if (not args.only or any(o in c[0] for o in args.only))
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
            problems = (cell.new_warnings + cell.new_dead + cell.examples + cell.dead_menu
                        + cell.menu_diff + cell.missing_paragraphs)
            if problems or cell.build_rc != 0:
                print(f"\n## {short(cell.site)} -> {cell.template} (convert {cell.convert_rc}, "
                      f"build {cell.build_rc})")
                if cell.convert_rc not in (0, 1):
                    print(cell.convert_err)
                if cell.build_rc != 0:
                    print(cell.log[-1500:])
                for label, items in (("new warning", cell.new_warnings),
                                     ("new dead link", cell.new_dead),
                                     ("example text", cell.examples),
                                     ("dead menu entry", cell.dead_menu),
                                     ("menu differs", cell.menu_diff),
                                     ("paragraph not shown", cell.missing_paragraphs)):
                    for item in items[:12]:
                        print(f"  {label}: {item}")
                    if len(items) > 12:
                        print(f"  ... {len(items) - 12} more {label}s")
    if args.json:
        args.json.write_text(json.dumps([c.__dict__ for c in results], indent=1, default=list))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
