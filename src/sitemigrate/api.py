"""The library API: read a site into the IR, write it as another theme, convert."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .ir import Site
from .plan import Plan
from .registry import THEMES, Options, Theme, all_themes, detect, generations, get_theme
from .report import Report
from .textio import read_source


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
        sites = [t for t in THEMES if not get_theme(t).can_read_files]
        names = " or ".join(filter(None, [", ".join(sites[:-1]), *sites[-1:]]))
        raise SitemigrateError(f"{src}: no {names} marker found; "
                               "name the source theme with --from")
    if not best.confident:
        others = ", ".join(f"{d.theme} ({d.score})" for d in found)
        raise SitemigrateError(f"{src}: theme detected with low confidence (scores: {others}); "
                               "name the source theme with --from")
    return best.theme


def read_site(path: str | os.PathLike[str], theme: str | None = None,
              report: Report | None = None, *, name: str | None = None) -> Site:
    """Read the site at ``path`` into the profile IR. ``theme`` is detected when None.

    ``path`` is a site checkout, or, for readers that declare ``can_read_files`` (plain
    ``markdown`` and ``html`` pages), a single page or a folder of pages; a single file's
    reader is chosen by its suffix when ``theme`` is None. ``name`` is the site owner's name
    (``--name``): it wins over the name the source gives.

    The returned site's ``findings`` are what reading it found (also added to ``report``)."""
    src = Path(path)
    if not src.exists():
        raise SitemigrateError(f"{src}: no such file or directory")
    if src.is_dir():
        name_of_theme = theme or detect_theme(src)
    else:
        name_of_theme = theme or _file_theme(src)
        get_theme(name_of_theme)  # an unknown name is reported as such
        if not _reads_files(name_of_theme):
            raise SitemigrateError(f"{src}: is not a directory (a site checkout); a single "
                                   "page is read with --from markdown or --from html")
    report = report if report is not None else Report()
    known = len(report.findings)  # the caller's report may hold findings of its own
    report.source_theme = name_of_theme
    reader = get_theme(name_of_theme)
    if not reader.can_read:
        raise SitemigrateError(f"theme {name_of_theme!r} has no reader")
    if _reads_files(name_of_theme):
        try:
            site = reader.read(src, report, person_name=name)
        except FileNotFoundError as exc:  # a folder without a page of that kind
            raise SitemigrateError(str(exc)) from exc
        if src.is_file():
            from .lone_page import read_theme_page
            read_theme_page(site, src, report, all_themes())  # an al-folio `about.md` alone
    else:
        if theme:
            check_named_theme(src, theme, report)
        site = reader.read(src, report)
        if name:
            _set_name(site, name, report)
    if src.is_dir():
        _report_unreadable_folders(src, report)
    if not _reads_files(name_of_theme):
        from .jekyll.unread import report_unread_folders
        from .jekyll.urls import read_config
        from .template_files import is_example
        report_unread_folders(src, read_config(src), site, report,  # `_x/` Jekyll never reads
                              lambda rel: is_example(reader, src, rel))
        from .template_files import drop_template_content
        drop_template_content(site, report, reader)  # the template's example items: not the owner's
        from .example_paragraphs import report_example_text
        report_example_text(site, report, reader)  # the example paragraphs the owner kept
        from .jekyll.shadow import report_item_clashes
        report_item_clashes(site, report)  # items Jekyll writes over (a shared permalink)
    fold_redirect_stubs(site, report)
    from .normalize import normalize
    normalize(site)  # what page bodies hold (news lines, a Markdown CV), read once
    site.findings = report.findings[known:]
    return site


def _report_unreadable_folders(src: Path, report: Report) -> None:
    """Each folder of SRC that could not be listed, once (a reader that looked into it may
    have said so already): its files were not converted, the rest was."""
    from .textio import unreadable_folders
    told = {f.path for f in report.findings if f.code == "unreadable"}
    for rel, why in unreadable_folders(src):
        if rel and rel not in told:
            report.problem("unreadable", f"this folder could not be read ({why}); what it "
                           "holds was not converted. Make it readable and run again.", rel,
                           severity="loss")


def check_named_theme(src: Path, theme: str, report: Report) -> None:
    """``--from`` names a theme, but the markers say another: warn (the run goes on)."""
    found = detect(src)
    named = next((d for d in found if d.theme == theme), None)
    best = found[0]
    if named is None or best.theme == theme or best.score <= named.score:
        return
    keys = [r.split("`")[1] for r in best.reasons if r.startswith("config")]
    line = None
    data = read_source(src / "_config.yml", "_config.yml", None) if keys else None
    if data is not None:
        lines = data.decode("utf-8", errors="replace").split("\n")
        line = next((i + 1 for i, t in enumerate(lines)
                     if any(t.startswith(f"{k}:") for k in keys)), None)
    report.problem("theme-mismatch", f"the site looks like {best.theme} ("
                   + ", ".join(best.reasons) + f"), but it is read as {theme} as `--from` "
                   "says; check `--from`.", "_config.yml" if keys else None, line)


def check_generation(theme: str, generation: str | None) -> None:
    """Refuse a target generation the theme does not know (``--generation``), naming the
    known ones (and the theme that has it, when another one does)."""
    if generation is None or generation in generations(theme):
        return
    others = [t for t in THEMES if t != theme and generation in generations(t)]
    hint = f" ({generation!r} is a generation of {others[0]})" if others else ""
    raise SitemigrateError(f"unknown generation {generation!r} for {theme}{hint}; known: "
                           f"{', '.join(generations(theme))}")


def _reads_files(theme: str) -> bool:
    """True for readers of plain pages (``can_read_files``), whose SRC may be a file."""
    return theme in THEMES and get_theme(theme).can_read_files


def _file_theme(src: Path) -> str:
    """The file reader for a single SRC file, by its suffix (``file_suffixes`` in
    ``mappings/<theme>.yml``)."""
    suffix = src.suffix.lower()
    for theme in THEMES:
        if suffix in (get_theme(theme).vocabulary.get("file_suffixes") or []) and \
                _reads_files(theme):
            return theme
    raise SitemigrateError(f"{src}: is not a directory (a site checkout); a single page is "
                           "read with --from markdown or --from html")


def _set_name(site: Site, name: str, report: Report) -> None:
    from .formats.content import split_name
    ident = site.identity
    ident.full_name = name.strip()
    ident.first_name, ident.middle_name, ident.last_name = split_name(ident.full_name)
    report.mapped("name", f"the site owner's name `{ident.full_name}` taken from `--name`.")


def _source_files(site: Site) -> set[Path]:
    """The files a file reader read (from the origins it recorded), as absolute paths."""
    root = Path(site.source)
    found = [p.origin for p in site.pages] + [i.origin for i in site.news + site.projects]
    return {(root / o.path).resolve() for o in found if o is not None and o.path}


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
    """Plan the files of ``site`` as theme ``theme`` in ``dest``; nothing is written yet.
    ``site`` is the same afterwards (and can be written again).

    Without ``report``, the plan's report starts with the findings of reading ``site``
    (``site.findings``, as :func:`read_site` gave them), as :func:`convert`'s does."""
    if report is None and site.findings:
        report = Report(source_theme=site.theme, findings=list(site.findings))
    return _write(site, dest, theme, options, report, owned=False)


def _write(site: Site, dest: str | os.PathLike[str], theme: str, options: Options | None,
           report: Report | None, owned: bool) -> Plan:
    """:func:`write_site`; ``owned``: the caller hands ``site`` over (it is not copied)."""
    dest_path = Path(dest)
    if dest_path.exists() and not dest_path.is_dir():
        raise SitemigrateError(f"{dest_path}: exists and is not a directory")
    plain_pages = _reads_files(site.theme)
    if plain_pages and site.source:
        # A page (or a folder of pages, read at its top level): DEST may sit beside it, but
        # must not hold a page that was read.
        if any(_inside(f, dest_path) for f in _source_files(site)):
            raise SitemigrateError(f"{dest_path}: DEST must not contain the page(s) read")
    elif site.source and (_inside(dest_path, Path(site.source)) or
                          _inside(Path(site.source), dest_path)):
        raise SitemigrateError(f"{dest_path}: DEST must not be inside SRC or contain it")
    writer = get_theme(theme)
    if not writer.can_write:
        raise SitemigrateError(f"theme {theme!r} has no writer")
    check_generation(theme, options.generation if options else None)
    report = report if report is not None else Report()
    report.target_theme = theme
    report.source_theme = report.source_theme or site.theme
    source = Path(site.source) if site.source else None
    plan = Plan(dest=dest_path, report=report, source=source, source_root=source,
                owner=site.identity.display_name(), themes=all_themes(),
                from_theme=get_theme(site.theme) if site.theme in THEMES else None)
    plan.entries = {k: p for p in (*site.references, *site.publications)
                    for k in (p.key, *p.aliases)}  # (a publication's key wins)
    from .jekyll.listings import site_words
    plan.words = site_words(site)  # the headings a pass that sees no site adds
    # Writers fill in what the target needs (a sidebar bio, a publication's page link):
    # they get a copy, so the caller's IR is the same after writing (and can be written again).
    if not owned:
        import copy
        site = copy.deepcopy(site)  # shares the (immutable) strings: less memory than pickle
    from .normalize import normalize
    normalize(site, only_unset=True)  # a site built by hand: its bodies are read here
    from .inert import scrub
    scrub(site, report)  # no menu entry, redirect or link that would run as script
    writer.write(site, plan, options or Options())
    from .upgrade import is_upgrade, upgrade
    upgrading = is_upgrade(site, theme, report.source_theme)
    if upgrading:  # an old copy of the same template
        upgrade(plan, site, writer)
    else:  # (an upgrade keeps the owner's layouts and pages)
        from .jekyll.ownlayouts import report_own_layouts
        from .jekyll.redirects import drop_shadowed_pages
        report_own_layouts(plan, site)
        drop_shadowed_pages(plan, site)
        if site.source and Path(site.source).is_dir():  # `$x$` SRC's MathJax read, DEST's not
            from .jekyll import mathdelims
            mathdelims.check(plan, site, mathdelims.src_code(Path(site.source)))
    from .jekyll.problems import typos_the_target_reads
    typos_the_target_reads(plan, writer)  # a key the target reads is no slip
    if not _reads_files(theme):  # a Jekyll theme: make the site build in DEST's checkout
        from .jekyll.checkout import clear_examples, finish_liquid, of
        from .jekyll.extrakeys import shown_along
        shown_along(plan, finish_liquid(plan, site, writer, (options or Options()).generation))
        clear_examples(plan, site, writer)
        if not of(plan).has_theme:
            template = writer.vocabulary.get("template", "")
            report.mapped("dest-no-theme", f"DEST holds no {theme} template (no layouts), so "
                          f"Jekyll cannot build it alone: clone the template ({template}) and "
                          "convert into that checkout, or copy these files into one.", None)
    _keep_config_layout(plan)
    if site.source and Path(site.source).is_dir() and not plain_pages:
        keep_urls(site, plan, writer)  # plain pages are no Jekyll site: no URLs to keep
    from .inert_text import defuse_plan
    # the owner's text: no link of it that would run as script (its `data:` pictures become
    # files of the target's folder of pictures)
    defuse_plan(plan, writer.vocabulary.get("paths", {}).get("images"))
    return plan


def _keep_config_layout(plan: Plan) -> None:
    """Merged into DEST's `_config.yml`: its lines whose value did not change stay as the
    owner (or the template) wrote them, so the review diff is the real change."""
    new = plan.files.get("_config.yml")
    existing = plan.dest / "_config.yml"
    if new is None or not existing.is_file():
        return
    from .layout import keep_layout
    try:
        old = existing.read_bytes().decode("utf-8")
        text = new.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return
    kept = keep_layout(old, text)
    if kept != text:
        plan.write("_config.yml", kept)


def keep_urls(site: Site, plan: Plan, writer: Theme) -> None:
    """Every old URL the new site does not serve gets a redirect to where its content went;
    what remains lost is reported. The ledger goes into the report."""
    from .jekyll.urls import (
        address_of,
        dest_tree,
        forwarded_from,
        ledger,
        normalize,
        planned_tree,
        read_config,
        read_files,
        record,
        seed,
        served,
    )
    src = Path(site.source)
    fronts: dict[str, Any] = {}  # a front matter is parsed once, in SRC, DEST or both
    memo: dict[Any, Any] = {}  # a file's URLs are computed once under the same config
    files = read_files(src)  # SRC is read once
    old = served(files, read_config(src), fronts, memo) if files else None
    if old is None:  # SRC has no page (a bibliography alone): no old address to keep
        record([], plan.report)
        return
    dest = dest_tree(plan)  # DEST is read once
    tree = planned_tree(plan, dest)
    seed(fronts, plan, tree[0])  # what a writer just rendered is not parsed at all
    new = served(*tree, fronts, memo)
    rows = ledger(old, new)
    lost = [r for r in rows if r.how == "lost"]
    if lost and writer.can_redirect:
        planned = dict(plan.files)  # the redirects add to it: the rest is decoded once
        from .inert import is_safe
        by_path: dict[str, str] = {}
        for s in new.values():  # a file's first address (a collection's, not its page's)
            if not s.redirect_to:
                by_path.setdefault(s.path, s.url)
        # what the reader left out as the template's example content, by its own rule
        examples = {f.path for f in plan.report.findings if f.code == "template-content"}
        for row in lost:
            if not is_safe(row.old):
                continue  # an address that would run as script is no page to forward
            out = plan.origins.get(row.source)
            # a page whose address another page claims too (two `permalink: /`) has it still
            target = (by_path.get(out) or address_of(out, tree, fronts)
                      or forwarded_from(out, tree, fronts)) if out else None
            if target is None and (row.source in examples or _left_out_as_example(
                    site, plan.from_theme, row.source)):
                target = _nearest_page(row.old, new)  # the listing it was on, else home
            anchor = plan.anchors.get(row.source or "")
            if target and anchor:  # its entry on the page that lists it
                target = target.split("#")[0] + "#" + anchor
            was = old.get(normalize(row.old))
            if target and was is not None and was.archive:  # its posts' part of a listing
                target = _archive_target(was.archive, target, new, writer, plan,
                                         tree[0].get(out or ""))
            if target and normalize(target) != normalize(row.old):
                if _folder_form(row.old, target) and out \
                        and plan.set_front_value(out, "permalink", row.old):
                    by_path[out] = row.old  # the page takes its old address back
                    continue
                writer.redirect(plan, row.old, target, row.source)
        tree = planned_tree(plan, dest, (tree[0], planned))
        seed(fronts, plan, tree[0])  # the redirect pages just written
        rows = ledger(old, served(*tree, fronts, memo))  # only the new pages are computed
    record(rows, plan.report)


def _archive_target(archive: tuple[str, str], target: str, new: dict[str, Any],
                    writer: Theme, plan: Plan, text: str | None) -> str:
    """Where the posts of a jekyll-archives page (``archive``: kind and name) are on the new
    site (`archive_anchors` of the theme's mapping), at the heading of the name (Liquid's
    `slugify`; a month's or a day's archive at its year's archive page where the new site
    has one, else at its year's heading): the theme's page of that kind (the posts by tag at
    `/tags/`), or, for a `heads:` Liquid, ``target`` itself where its text (``text``) has
    that heading (the blog listing's heading per year). ``target`` when the theme has no such
    page, the new site does not serve it, the page has no such heading, or no post written
    has that name (the old posts were the template's examples)."""
    from .jekyll.generated import post_date, taxonomy
    from .jekyll.urls import normalize, slugify
    kind, name = archive
    if kind in ("month", "day"):  # a part of a year's posts: its year's archive, else heading
        kind, name = "year", name.split("-")[0]
        for s in new.values():
            if s.archive == (kind, name) and not s.redirect_to:
                return str(s.url)
    spec = (writer.vocabulary.get("archive_anchors") or {}).get(kind)
    heads = spec.get("heads") if isinstance(spec, dict) else None
    page = target.split("#")[0] if heads else spec if isinstance(spec, str) else None
    served = new.get(normalize(page)) if page else None
    slug = slugify(name, "default", cased=False)
    if not page or served is None or served.redirect_to or (
            heads and (not text or str(heads) not in text)) or not any(
            slugify(n, "default", cased=False) == slug for rel, front in plan.documents.items()
            if rel.startswith("_posts/")
            for n in taxonomy(kind, front, post_date(rel, front))):
        return target
    return f"{page}#{slug}"


def _folder_form(old: str, target: str) -> bool:
    """Whether ``old`` is ``target`` with a trailing slash (``/talks/x/`` for ``/talks/x``).
    A redirect page there would sit in the folder ``x/`` beside the page ``x.html``; GitHub
    Pages (and ``jekyll serve``) answer ``/talks/x`` with that folder when it exists, so the
    two would send a visitor back and forth for ever: the page takes the old address instead,
    and ``/talks/x`` still reaches it (the folder's answer)."""
    bare = target.split("#")[0].split("?")[0]
    return (bool(bare) and not bare.endswith("/") and "." not in bare.rsplit("/", 1)[-1]
            and old.split("#")[0].split("?")[0] == bare + "/")


def _left_out_as_example(site: Site, source: Theme | None, rel: str) -> bool:
    """Whether SRC's file ``rel`` was left out because it is the example content of the
    template of ``source``, the theme it was read as (:func:`.template_files.is_example`): its
    address forwards, it is not lost."""
    if not rel or not site.source or source is None or source.can_read_files:
        return False
    from .template_files import is_example, is_template_file
    root = Path(site.source)
    return is_example(source, root, rel) or is_template_file(source, root, rel)


def _nearest_page(url: str, new: dict[str, Any]) -> str | None:
    """The page of the new site nearest above ``url`` (``/blog/2015/x/`` -> ``/blog/``),
    else its home page; None when it serves neither."""
    from .jekyll.urls import normalize
    parts = [p for p in url.split("#")[0].split("?")[0].split("/") if p][:-1]
    for n in range(len(parts), -1, -1):
        page = new.get(normalize("/" + "/".join(parts[:n]) + "/"))
        if page is not None and not page.redirect_to:
            return str(page.url)
    return None


def convert(src: str | os.PathLike[str], dest: str | os.PathLike[str], *, to: str,
            from_: str | None = None, options: Options | None = None) -> Plan:
    """Read ``src`` and plan it as theme ``to`` in ``dest``. Call ``.apply()`` to write."""
    if not get_theme(to).can_write:  # before reading: a wrong name stops the run at once
        raise SitemigrateError(f"theme {to!r} has no writer")
    check_generation(to, options.generation if options else None)
    report = Report()
    site = read_site(src, from_, report, name=options.name if options else None)
    return _write(site, dest, to, options, report, owned=True)  # nobody else holds it
