"""``sitemigrate verify``: build the old site and the new one and compare what a visitor sees.

:func:`verify` builds SRC and DEST (:mod:`.build`), reads both built sites
(:class:`~.site.BuiltSite`), compares them (:func:`~.compare.compare`) and records what a
visitor would lose as findings of a :class:`~sitemigrate.report.Report` (severity ``loss``),
and what they would meet that nobody wrote (a template's example text, an item listed more
often, a new Liquid warning) as ``warning``.

The target template's example text is looked for only when a pristine checkout of the
template is given (``templates``; ``--template DIR``): a converted DEST holds the owner's
content where the example was, so the example can be read only from a checkout nobody
edited. Without one, an ``info`` finding says the check was not made.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import types
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..report import Report
from .build import BuildFailed, build
from .compare import Comparison, compare, left_out
from .site import BuiltSite
from .text import permalink

__all__ = ["BuildFailed", "BuiltSite", "Comparison", "build", "compare", "record", "verify"]

_WORDS = 8
"""Words of a paragraph quoted in a finding."""


def verify(src: str | os.PathLike[str], dest: str | os.PathLike[str], *,
           build_command: str | Sequence[str] | None = None,
           templates: Iterable[str | os.PathLike[str]] = (),
           report: Report | None = None, work: str | os.PathLike[str] | None = None) -> Report:
    """Build SRC and DEST and compare them as a visitor sees them; the findings go into
    ``report`` (a new one by default), which is returned. ``build_command``: see
    :func:`.build.build`; ``templates``: pristine checkouts whose example text the new
    site must not show; ``work``: where the builds go (a temporary folder by default,
    removed after). Raises :class:`BuildFailed` when a site does not build."""
    src, dest = Path(src), Path(dest)
    report = report if report is not None else Report()
    with tempfile.TemporaryDirectory(prefix="sitemigrate-verify-") as tmp:
        root = Path(work) if work is not None else Path(tmp)
        old = build(src, root / "old", build_command, f"building the old site ({src})")
        new = build(dest, root / "new", build_command, f"building the new site ({dest})")
        furniture = _furniture(src, dest, report)
        result = compare(BuiltSite(old.site, _site_url(src), old.log),
                         BuiltSite(new.site, _site_url(dest), new.log), src,
                         templates=[Path(t) for t in templates], skip=furniture,
                         skip_pages=[permalink(src / rel) for rel in furniture])
    record(result, report)
    return report


def record(result: Comparison, report: Report) -> None:
    """The comparison's findings, into ``report``."""
    for rel, was, now, text in result.missing_paragraphs:
        report.lost("verify-paragraph",
                    f"the old site shows this paragraph on `{_page(was)}`; the new site does "
                    f"not (at that address: `{_page(now)}`): “{_words(text)}…”", rel)
    for text in result.home_missing:
        report.lost("verify-home", f"the old home page shows “{_words(text)}…”; the new "
                    "home page does not")
    if result.profile_missing:  # (a sidebar shows them on every page: named once)
        report.lost("verify-profile", "the old site shows your profile's line"
                    + ("s " if len(result.profile_missing) > 1 else " ")
                    + ", ".join(f"“{_words(t)}…”" for t in result.profile_missing)
                    + " (the biography, employer, location beside your name); the new site "
                    "nowhere")
    for rel, text in result.missing_details:
        report.lost("verify-detail", f"the old site shows `{text}`; the new site nowhere", rel)
    for was, now, how, title in result.lists:
        where = f"`{_page(was)}` (now `{_page(now)}`)"
        if how == "missing":
            report.lost("verify-list", f"{where} no longer lists `{title}`")
        else:
            report.problem("verify-list", f"{where} lists `{title}` "
                           + ("more often than before" if how == "more often"
                              else "that the old page did not"))
    for was, now, title, date, shown in result.dates:
        vaguer = shown and " " in date and date.endswith(f" {shown}")  # its year alone
        report.lost("verify-list-date", f"`{_page(was)}` (now `{_page(now)}`) showed `{title}` "
                    f"with the date {date}; the new list shows "
                    + (f"only the year, {shown}, beside it (less precise)" if vaguer
                       else f"{shown} beside it" if shown else "no date beside it"))
    gone = [label for label in result.menu_was if label not in result.menu_now]
    for label in gone:
        if label in result.menu_dead_was:
            report.problem("verify-menu", f"the menu no longer has the entry `{label}`, which "
                           "led nowhere on the old site either (no page is lost): add the page "
                           "it names, or leave it out")
        else:
            report.lost("verify-menu", f"the menu no longer has the entry `{label}`")
    kept = [label for label in result.menu_now if label in result.menu_was]
    moved = kept != [label for label in result.menu_was if label in result.menu_now]
    if result.menu_was and (moved or (not gone and result.menu_was != result.menu_now)):
        report.problem("verify-menu", f"the menu is `{' | '.join(result.menu_now)}`; it was "
                       f"`{' | '.join(result.menu_was)}`")
    for href in result.dead_menu:
        report.lost("verify-menu", f"the menu entry `{href}` leads nowhere")
    for href in result.dead_menu_before:
        report.problem("verify-menu", f"the menu entry `{href}` leads nowhere, as it did on "
                       "the old site: remove it or make the page it names")
    for page, path in result.missing_files:
        report.lost("verify-file", f"`{path}` (linked from `{_page(page)}`) is not in the "
                    "new site")
    for was, now, address in result.list_pictures:
        report.lost("verify-list-picture", f"`{_page(was)}` (now `{_page(now)}`) showed the "
                    f"picture `{address}`; the new list does not show it")
    for picture in result.broken_pictures:
        more = len(picture.pages) - 1
        report.lost("verify-picture", f"the picture `{picture.address}` on "
                    f"`{_page(picture.pages[0])}`"
                    + (f" and {more} more page{'s' if more > 1 else ''}" if more else "")
                    + " is broken on the new site (no file of it at that address); the old "
                    f"site showed it (`{picture.was}`)")
    for path in result.unanswered:
        report.lost("verify-url", f"the old address `{path}` answers nothing on the new site "
                    "(no page, no redirect)")
    for path in result.bare:
        report.lost("verify-layout", f"`{path}` is laid out on the old site and bare on the "
                    "new one (no menu, no styles): Jekyll renders its document with no layout "
                    "there; give it a `layout:`, or its collection a `defaults:` entry")
    for text in result.examples:
        report.problem("verify-example", "the new site shows the template's example text "
                       f"“{_words(text)}…”")
    for text, pages in result.debris:
        more = len(pages) - 1
        report.problem("verify-debris", f"`{_page(pages[0])}`"
                       + (f" and {more} more page{'s' if more > 1 else ''}" if more else "")
                       + f" {'show' if more else 'shows'} the text `{text}`, the tail of a "
                       "tag (a value printed unescaped inside an attribute broke it open); the "
                       "old site did not")
    for line in result.new_warnings:
        report.problem("verify-liquid", f"the new build logs `{line}`")


def _words(text: str) -> str:
    return " ".join(text.split()[:_WORDS])


def _page(rel: str) -> str:
    if not rel:
        return "(no page)"
    return "/" + rel.removesuffix("index.html")


def _site_url(site: Path) -> str:
    """``url`` + ``baseurl`` of a site's ``_config.yml`` (what its links start with)."""
    from .text import load_data
    config = load_data(site / "_config.yml")
    if not isinstance(config, dict):
        return ""
    return f"{config.get('url') or ''}".rstrip("/") + f"{config.get('baseurl') or ''}"


def _furniture(src: Path, dest: Path, report: Report) -> list[str]:
    """The source's files the conversion left out on purpose, as its report names them (or
    the check cache's record of the last conversion of SRC into DEST): the source theme's
    furniture, and the template's example content it found in SRC."""
    from ..cache import cache_file
    findings = [{"code": f.code, "path": f.path} for f in report.findings]
    if not findings:
        try:
            saved = json.loads(cache_file(src, dest).read_text("utf-8"))
            findings = saved["report"]["findings"]
        except (OSError, ValueError, KeyError, TypeError):
            findings = []
    return left_out(findings)


class _Callable(types.ModuleType):
    """``sitemigrate.verify(src, dest)`` calls :func:`verify` also once this package has been
    imported (the import binds the package, not the function, to ``sitemigrate.verify``)."""

    def __call__(self, *args, **kwargs) -> Report:
        return verify(*args, **kwargs)


sys.modules[__name__].__class__ = _Callable
