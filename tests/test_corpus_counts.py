"""What a user counts after converting a real site (issues #3 and #4): every publication,
news item, project, talk, teaching item and page comes out, and every paragraph of source
text is somewhere in DEST. Runs over ../shared/corpus; skipped when it is absent."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sitemigrate
import sitemigrate.formats.bibtex
from sitemigrate.dates import split_dated_line
from sitemigrate.inert_text import defuse
from sitemigrate.registry import get_theme, vocabulary
from sitemigrate.template_files import is_example

from conftest import CORPUS

OTHER = {"al-folio": "academicpages", "academicpages": "al-folio"}


def corpus_sites() -> list[tuple[str, Path]]:
    """(theme, folder) of every corpus site, upstream templates and variants included."""
    if not CORPUS.is_dir():
        return []
    out = [("al-folio", CORPUS / "upstream/al-folio"),
           ("al-folio", CORPUS / "upstream/al-folio-legacy"),
           ("academicpages", CORPUS / "upstream/academicpages")]
    variants = CORPUS / "upstream/academicpages-variants"
    out += [("academicpages", p) for p in sorted(variants.iterdir()) if p.is_dir()]
    for theme in OTHER:
        out += [(theme, p) for p in sorted((CORPUS / "real" / theme).iterdir()) if p.is_dir()]
    return out


SITES = corpus_sites()
skip_without_corpus = pytest.mark.skipif(not SITES, reason="../shared/corpus is not available")

# -- text comparison --------------------------------------------------------------------------
# A paragraph "is in the output" when its words are: link targets (files move), Liquid (it is
# translated), Markdown emphasis/bullets and HTML entity spelling may differ, the words may not.
_LIQUID = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)|\b(?:href|src)\s*=\s*(\"[^\"]*\"|'[^']*')", re.I)
_MARKUP = re.compile(r"[*_`>#|~\[\]]+|^\s*(?:[-+]|\d+\.)\s+", re.M)


_HTML_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def words(text: str) -> str:
    """The words of a text: no Liquid, no link targets, no HTML tags (a translated
    `{% include figure %}` becomes an `<img>`), entities decoded."""
    import html
    text = _HTML_TAG.sub(" ", _LINK_TARGET.sub("]", _LIQUID.sub(" ", text)))
    text = html.unescape(text)
    return " ".join(_MARKUP.sub(" ", text).split())


def paragraphs(body: str) -> list[str]:
    """Blank-line separated chunks; a list is checked item by item (a News list is split
    into dated items, so each item is compared without its date)."""
    out = []
    for chunk in re.split(r"\n\s*\n", body):
        lines = chunk.splitlines()
        # a list has an item marker; an indented block without one (HTML laid out over
        # lines, an attribute value running on) is compared whole, not line by line
        if lines and all(re.match(r"\s*([-*+]|\d+\.)\s", ln) or ln.startswith((" ", "\t"))
                         for ln in lines) \
                and any(re.match(r"\s*([-*+]|\d+\.)\s", ln) for ln in lines):
            for ln in lines:
                dated = split_dated_line(ln)
                out.append(dated[1] if dated else ln)
        else:
            out.append(chunk)
    # Liquid is translated (a `{% cite %}` becomes a link): compare the text between tags
    marked = (words(_LIQUID.sub("\x00", p)) for p in out)
    return [w for m in marked for part in m.split("\x00") if len(w := part.strip()) >= 3]


def dest_text(out: Path) -> str:
    parts = []
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.suffix.lower() in {".md", ".html", ".yml", ".bib", ".markdown",
                                                      ".rmd", ".json"}:
            parts.append(path.read_text("utf-8", errors="replace"))
    return words("\n".join(parts))


def without_listing(body: str, role: str, theme: str) -> str:
    """The body less the stock listing Liquid of its role (`{% bibliography %}`, the
    projects grid ...): the writer swaps that region for the target's listing and reports it."""
    listing = vocabulary(theme).get("listings", {}).get(role)
    for pattern in (listing or {}).get("match", []):
        stripped = re.sub(pattern, "", body, flags=re.S)
        if stripped != body:
            return stripped
    return body


def bodies(site) -> list[tuple[str, str]]:
    """(source path, body) of everything with body text in the IR, as the link rule leaves
    it (an address that is not http(s), mailto or a site path is dropped, its words kept, and
    reported: :mod:`sitemigrate.inert_text`)."""
    found = [(p.path, without_listing(p.body, p.role, site.theme)) for p in site.pages]
    for items in (site.news, site.posts, site.talks, site.teaching, site.projects,
                  *site.collections.values()):
        found += [(i.path, i.body) for i in items]
    found += [(p.origin.path if p.origin else p.key, p.body) for p in site.publications]
    return [(path, defuse(body, not path.lower().endswith((".html", ".htm")))[0])
            for path, body in found]


# -- the test ---------------------------------------------------------------------------------

def convert(theme: str, src: Path, out: Path):
    report = sitemigrate.Report()
    site = sitemigrate.read_site(src, theme, report)
    plan = sitemigrate.write_site(site, out, OTHER[theme], report=report)
    plan.apply()
    return site, plan


# the page suffixes Jekyll renders (a 2018 al-folio post is `.markdown`, kept as written)
PAGE_SUFFIXES = (".md", ".markdown", ".mkd", ".mkdn", ".mdown", ".html")


def count(out: Path, folder: str) -> int:
    # (`_posts` at any depth: a post in a folder of `_posts/` stays in it)
    return len([p for p in (out / folder).rglob("*") if p.suffix in PAGE_SUFFIXES])


@skip_without_corpus
@pytest.mark.parametrize("theme,src", SITES, ids=[f"{t}:{p.name}" for t, p in SITES])
def test_counts_and_every_paragraph(theme, src, tmp_path):
    out = tmp_path / "out"
    site, plan = convert(theme, src, out)
    # pages in = pages out: every page of SRC was written somewhere in DEST, but the source
    # theme's furniture (its 404 page: the target has its own), or a page the old site did
    # not serve (a redirect page replaced it), which is said so
    furniture = {f.path for f in plan.report.findings if f.code == "furniture"}
    shadowed = {f.path for f in plan.report.findings if f.code == "redirect-shadows-page"}
    for page in site.pages:
        assert page.path in plan.origins or page.path in shadowed or (
            page.role == "furniture" and page.path in furniture), f"page {page.path} was not written"
    # every file of every collection the config declares was read and written
    declared = site.config_extra.get("collections") or {}
    for name in ["posts", *declared]:
        for path in sorted(p for p in (src / f"_{name}").glob("*") if p.suffix in PAGE_SUFFIXES):
            rel = path.relative_to(src).as_posix()
            unreadable = any(f.path == rel and f.outcome == "problem" and f.severity == "loss"
                             for f in plan.report.findings)
            # Jekyll's own rules, each reported: a file without front matter is a static file
            # (carried as a file), one with `published: false` no page of the live site
            jekyll_rule = any(f.path == rel and f.code in ("static-file", "unpublished")
                              for f in plan.report.findings)
            # the template's example item, unchanged, is not the owner's (template_files)
            assert (rel in plan.origins or unreadable or jekyll_rule
                    or is_example(get_theme(theme), src, rel)
                    or (out / rel).read_bytes() == path.read_bytes()), f"{rel} was not written"
    if OTHER[theme] == "academicpages":
        assert count(out, "_publications") == len(site.publications)
        assert count(out, "_portfolio") == len(site.projects)
        assert count(out, "_talks") == len(site.talks)
        assert count(out, "_teaching") == len(site.teaching)
        assert count(out, "_posts") == len(site.posts)
        # every news item is listed (about-page News section or the /news/ page)
        listed = dest_text(out)
        for item in site.news:
            shown = item.title if item.title and not item.fields.get("inline") else item.body
            assert words(shown)[:200] in listed, f"news item {item.path} is not listed"
    else:
        if site.publications:
            bib = sitemigrate.formats.bibtex.parse_bib((out / "_bibliography/papers.bib").read_text())
            assert not bib.problems
            # a yearless entry would stop jekyll-scholar's build: left out, and said so
            yearless = [f for f in plan.report.findings if f.code == "publication-no-year"]
            assert len(bib.entries) == len(site.publications) - len(yearless)
            assert len({e.key for e in bib.entries}) == len(bib.entries)
        assert count(out, "_projects") == len(site.projects)
        assert count(out, "_talks") == len(site.talks)
        assert count(out, "_teachings") == len(site.teaching)
        assert count(out, "_posts") == len(site.posts)
        news_out = count(out, "_news")
        assert news_out == len(site.news) + sum(
            1 for f in plan.report.findings if f.code == "news-item" and
            any(f.path == p.path for p in site.pages))
    # every paragraph of source text is in DEST; a CV page's sections become structured CV
    # data (title, institution, year ...), so there every word must be in DEST
    text = dest_text(out)
    vocabulary_out = set(re.findall(r"\w+", text))
    cv_pages = {p.path for p in site.pages if p.role == "cv"}
    def cv_words(para: str) -> set[str]:  # a CV date "2018-19" is written out "2018-2019"
        # (not a month: "08/2023-03/2024" is two month/year dates)
        return set(re.findall(r"\w+", re.sub(r"\b(\d\d)(\d\d)([-–]\s*)(\d\d)\b(?!/)",
                                             r"\1\2\3\1\4", para)))
    missing = [(path, para[:90]) for path, body in bodies(site) for para in paragraphs(body)
               if path not in furniture | shadowed  # pages not carried, and said so
               and para not in text and not (path in cv_pages and
                                            cv_words(para) <= vocabulary_out)]
    assert not missing, f"{len(missing)} paragraph(s) not found in DEST, e.g. {missing[:5]}"
