"""The library API: read a site into the IR, write it as another theme, convert."""

from __future__ import annotations

import os
from pathlib import Path

from .ir import Site
from .plan import Plan
from .registry import Options, detect, get_theme
from .report import Report


class SitemigrateError(Exception):
    """An error that stops the run (the CLI exits 2 with this message)."""


def _inside(child: Path, parent: Path) -> bool:
    try:
        child.resolve().relative_to(parent.resolve())
        return True
    except ValueError:
        return False


def detect_theme(path: str | os.PathLike[str]) -> str:
    """The theme of the site at ``path``; raises when it cannot be told with confidence."""
    src = Path(path)
    found = detect(src)
    best = found[0]
    if best.score == 0:
        raise SitemigrateError(f"{src}: no al-folio or academicpages marker found; "
                               "name the source theme with --from")
    if not best.confident:
        others = ", ".join(f"{d.theme} ({d.score})" for d in found)
        raise SitemigrateError(f"{src}: theme detected with low confidence (scores: {others}); "
                               "name the source theme with --from")
    return best.theme


def read_site(path: str | os.PathLike[str], theme: str | None = None,
              report: Report | None = None) -> Site:
    """Read the site at ``path`` into the profile IR. ``theme`` is detected when None."""
    src = Path(path)
    if not src.exists():
        raise SitemigrateError(f"{src}: no such file or directory")
    if not src.is_dir():
        raise SitemigrateError(f"{src}: is not a directory (a site checkout)")
    name = theme or detect_theme(src)
    report = report if report is not None else Report()
    report.source_theme = name
    reader = get_theme(name)
    if not reader.can_read:
        raise SitemigrateError(f"theme {name!r} has no reader")
    site = reader.read(src, report)
    fold_redirect_stubs(site, report)
    return site


def fold_redirect_stubs(site: Site, report: Report) -> None:
    """A body-less page that only forwards to another page of the site is an old URL of that
    page: record it in the target's ``redirect_from`` instead of keeping a page."""
    by_url = {p.permalink: p for p in site.pages if p.permalink}
    kept = []
    for page in site.pages:
        target = by_url.get(page.redirect)
        if target is not None and target is not page and page.permalink and not page.body.strip():
            target.redirect_from.append(page.permalink)
            report.mapped("redirect-stub", f"`{page.path}` only forwards `{page.permalink}` to "
                          f"`{target.permalink}`; kept as an old URL of that page.", page.origin)
        else:
            kept.append(page)
    site.pages = kept


def write_site(site: Site, dest: str | os.PathLike[str], theme: str,
               options: Options | None = None, report: Report | None = None) -> Plan:
    """Plan the files of ``site`` as theme ``theme`` in ``dest``; nothing is written yet."""
    dest_path = Path(dest)
    if dest_path.exists() and not dest_path.is_dir():
        raise SitemigrateError(f"{dest_path}: exists and is not a directory")
    if site.source and (_inside(dest_path, Path(site.source)) or
                        _inside(Path(site.source), dest_path)):
        raise SitemigrateError(f"{dest_path}: DEST must not be inside SRC or contain it")
    writer = get_theme(theme)
    if not writer.can_write:
        raise SitemigrateError(f"theme {theme!r} has no writer")
    report = report if report is not None else Report()
    report.target_theme = theme
    report.source_theme = report.source_theme or site.theme
    plan = Plan(dest=dest_path, report=report)
    writer.write(site, plan, options or Options())
    if site.source and Path(site.source).is_dir():
        keep_urls(site, plan, writer)
    return plan


def keep_urls(site: Site, plan: Plan, writer) -> None:
    """Every old URL the new site does not serve gets a redirect to where its content went;
    what remains lost is reported. The ledger goes into the report."""
    from .urls import normalize, plan_ledger, planned_tree, record, served
    rows = plan_ledger(Path(site.source), plan)
    lost = [r for r in rows if r.how == "lost"]
    if lost and hasattr(writer, "redirect"):
        new = served(*planned_tree(plan)).values()
        by_path = {s.path: s.url for s in new if not s.redirect_to}
        for row in lost:
            out = plan.origins.get(row.source)
            target = by_path.get(out) if out else None
            if target and normalize(target) != normalize(row.old):
                writer.redirect(plan, row.old, target, row.source)
        rows = plan_ledger(Path(site.source), plan)
    record(rows, plan.report)


def convert(src: str | os.PathLike[str], dest: str | os.PathLike[str], *, to: str,
            from_: str | None = None, options: Options | None = None) -> Plan:
    """Read ``src`` and plan it as theme ``to`` in ``dest``. Call ``.apply()`` to write."""
    report = Report()
    site = read_site(src, from_, report)
    return write_site(site, dest, to, options, report)
