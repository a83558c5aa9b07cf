"""The ``sitemigrate`` command line. Heavy modules are imported inside the commands so that
``sitemigrate --help`` starts fast, and inside :func:`main`'s guard, so that Ctrl-C while
they load ends the run as quietly as Ctrl-C later on."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from pathlib import Path
    from typing import Any

EXIT_OK, EXIT_PENDING, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, as shells report a program stopped by it."""
EXIT_PIPE = 141
"""The reader of the output went away (`sitemigrate inspect SRC | head -1`): 128 + SIGPIPE,
as a shell reports a command ended by it."""


def _fill_help(action: argparse.Action, fill: Callable[[], str]) -> None:
    """``action``'s help is made by ``fill`` when the help is shown (it reads the mappings)."""
    action.fill_help = fill  # type: ignore[attr-defined]  # read back by _Parser


def _themes_help(prefix: str) -> str:
    from .registry import THEMES, generations, get_theme
    writers = [t for t in THEMES if get_theme(t).can_write]
    return prefix + "; ".join(f"{t} (generations {', '.join(generations(t))})"
                              for t in writers)


def _user_path(value: str) -> Path:
    """A path argument, ``~`` expanded as a shell would (also when it was quoted, so that no
    folder named ``~`` is made); one that cannot be expanded is refused."""
    import argparse
    import os
    from pathlib import Path
    expanded = os.path.expanduser(value)
    if expanded.startswith("~"):
        raise argparse.ArgumentTypeError(f"{value!r}: `~` could not be expanded (no home "
                                         "folder known); give the full path")
    return Path(expanded)


def _parser() -> argparse.ArgumentParser:
    import argparse

    class _Parser(argparse.ArgumentParser):
        """A parser whose help may name the themes and their generations: those come from
        the mapping files, read only when the help is shown (``--help`` stays fast)."""

        def format_help(self) -> str:
            for action in self._actions:
                fill = getattr(action, "fill_help", None)
                if fill is not None:
                    action.help = fill()
            return super().format_help()

    class _Version(argparse._VersionAction):
        """``--version``: the installed version is looked up when asked for (finding it
        scans the installed distributions, ~2.5 ms a run)."""

        def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                     values: str | Sequence[Any] | None,
                     option_string: str | None = None) -> None:
            from importlib.metadata import version
            self.version = f"%(prog)s {version('sitemigrate')}"
            super().__call__(parser, namespace, values, option_string)

    p = _Parser(
        prog="sitemigrate",
        description="Move an academic's Jekyll site between al-folio and academicpages.")
    p.add_argument("--version", action=_Version)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    c = sub.add_parser("convert", help="convert SRC into DEST as another theme",
                       description="Convert the site in SRC into theme --to in DEST. DEST may "
                       "be missing, empty, or a checkout of the target template (merged into).")
    c.add_argument("src", metavar="SRC", type=_user_path)
    c.add_argument("dest", metavar="DEST", type=_user_path)
    _fill_help(c.add_argument("--to", required=True, metavar="THEME", help="target theme"),
               lambda: _themes_help("target theme: "))
    c.add_argument("--from", dest="from_", metavar="THEME", help="source theme (default: detect)")
    mode = c.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true",
                      help="print a unified diff of what would change; write nothing; exit 0 "
                      "(unless --fail-on)")
    mode.add_argument("--check", action="store_true",
                      help="write nothing; exit 1 if DEST would change, 0 if up to date")
    c.add_argument("--diff", action="store_true",
                   help="print the diff of what would change: with --check as well as the exit "
                   "code; alone, like --dry-run")
    c.add_argument("--report", type=_user_path, metavar="FILE", action="append",
                   help="write the full report: JSON, Markdown (.md) or SARIF 2.1.0 (.sarif, "
                   ".sarif.json) by extension, else JSON; may be given more than once")
    c.add_argument("--report-format", choices=["json", "md", "sarif"],
                   help="report format for every --report FILE, whatever its extension")
    c.add_argument("--force", action="store_true",
                   help="overwrite DEST files you edited after the last run (kept otherwise)")
    c.add_argument("--fail-on", choices=["loss", "warning", "never"], default="never",
                   help="exit 1 when the report has findings of this severity or worse: "
                   "`loss` (content that could not be carried), `warning` (that, or any "
                   "warning: content kept only verbatim, input problems), `never` (default)")
    c.add_argument("--name", help="the site owner's name, for pages that do not state it "
                   "(wins over the source)")
    _fill_help(c.add_argument("--generation",
                              help="target theme generation (default: DEST's or newest)"),
               lambda: _themes_help("target theme generation (default: that of the template "
                                    "in DEST, else the newest): "))
    c.add_argument("--redirects", choices=["pages", "plugin"], default="pages",
                   help="how old URLs are kept where the target lacks jekyll-redirect-from")
    c.add_argument("--color", choices=["auto", "always", "never"], default="auto")
    c.add_argument("--no-cache", action="store_true",
                   help="with --check/--dry-run: convert even when DEST is known to be up to "
                   "date (the check cache, in the user's cache folder or "
                   "$SITEMIGRATE_CACHE_DIR; not written either). In CI (CI or GITHUB_ACTIONS "
                   "set) the cache is never used")
    c.add_argument("--verify", action="store_true",
                   help="after writing DEST (with --check: DEST as it is), build SRC and DEST "
                   "and compare what a visitor sees, as `sitemigrate verify`, into the same "
                   "report; exit 1 when a visitor would lose something")
    _verify_options(c)
    c.add_argument("-q", "--quiet", action="store_true", help="no progress, no summary")

    i = sub.add_parser("inspect", help="print the profile IR of SRC as JSON")
    i.add_argument("src", metavar="SRC", type=_user_path)
    i.add_argument("--from", dest="from_", metavar="THEME", help="source theme (default: detect)")
    i.add_argument("--name", help="the site owner's name, for pages that do not state it")

    u = sub.add_parser("urls", help="print the URL ledger: old URL -> new URL -> how",
                       description="Compare the URLs SRC serves with DEST: as DEST is on disk, "
                       "or, with --to or when DEST does not exist yet (or is not given), as "
                       "the conversion would leave it: a preview, nothing is written. Exit 1 "
                       "if a URL is lost.")
    u.add_argument("src", metavar="SRC", type=_user_path)
    u.add_argument("dest", metavar="DEST", type=_user_path, nargs="?")
    u.add_argument("--to", metavar="THEME", help="plan the conversion instead of reading DEST "
                   "(default when DEST does not exist: the other theme than SRC's)")
    u.add_argument("--from", dest="from_", metavar="THEME", help="source theme (with --to)")

    v = sub.add_parser("verify", help="build SRC and DEST and compare what a visitor sees",
                       description="Build SRC and DEST with Jekyll and compare the two built "
                       "sites as a visitor sees them: the owner's paragraphs, listed items, CV "
                       "entries, menu, linked files, old addresses, the template's example "
                       "text. Exit 1 when a visitor would lose something (or --fail-on is "
                       "reached), 2 when a site does not build.")
    v.add_argument("src", metavar="SRC", type=_user_path)
    v.add_argument("dest", metavar="DEST", type=_user_path)
    _verify_options(v)
    v.add_argument("--report", type=_user_path, metavar="FILE", action="append",
                   help="write the findings: JSON, Markdown (.md) or SARIF (.sarif) by "
                   "extension; may be given more than once")
    v.add_argument("--report-format", choices=["json", "md", "sarif"])
    v.add_argument("--fail-on", choices=["loss", "warning"], default="loss",
                   help="exit 1 when a finding is this severe or worse (default `loss`: "
                   "something a visitor would lose)")
    v.add_argument("-q", "--quiet", action="store_true", help="no progress, no summary")

    sub.add_parser("themes", help="list readers/writers and what each supports")
    return p


def _verify_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--build", metavar="COMMAND", dest="build_command",
                   help="build each site with COMMAND SITE OUT (read from OUT/_site or OUT) "
                   "instead of `bundle exec jekyll build` / `jekyll build`")
    p.add_argument("--template", type=_user_path, metavar="DIR", action="append", default=[],
                   help="a pristine checkout of a template: the new site may show none of "
                   "its example text that the old site did not (may be given more than once)")


def main(argv: list[str] | None = None) -> int:
    state: dict[str, str] = {}
    try:
        return _guarded(argv, state)
    except KeyboardInterrupt as exc:
        print(f"sitemigrate: interrupted; {_after_interrupt(exc, state)}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except RuntimeError as exc:  # Ctrl-C while a class was made: Python 3.11 wraps it
        if not isinstance(exc.__cause__, KeyboardInterrupt):  # ("Error calling __set_name__")
            raise
        print(f"sitemigrate: interrupted; {_after_interrupt(exc.__cause__, state)}",
              file=sys.stderr)
        return EXIT_INTERRUPTED


def run() -> int:
    """The process's entry: the ``sitemigrate`` script and ``python -m sitemigrate``.

    :func:`main`, then every object still alive goes to the collector's permanent generation
    (``gc.freeze``): the process exits next, and Python's shutdown runs full collections
    that would scan them all once more, only for the operating system to free the memory a
    moment later (~25 ms of the ~0.4 s a 1,000-entry bibliography takes). The shutdown is
    otherwise as usual: exit handlers run, output is flushed, modules are cleared. A caller
    of :func:`main` in its own process keeps its collector as it was."""
    status = main()
    import gc
    gc.freeze()
    return status


def _after_interrupt(exc: KeyboardInterrupt, state: dict[str, str]) -> str:
    """What an interrupt left in DEST, truthfully: ``Plan.apply`` says where it stopped."""
    where = getattr(exc, "dest_state", None) or state.get("dest")
    if where == "new":
        return "DEST was written (it holds the converted site)"
    if where == "pending":
        return ("it stopped while swapping the new DEST in; the next run into DEST restores "
                "the previous one (until then it is in the `.DEST.sitemigrate-*/old` folder "
                "beside DEST)")
    if where == "old":
        return "DEST was left as it was"
    return "nothing was written"


def _guarded(argv: list[str] | None, state: dict[str, str]) -> int:
    import gc
    args = _parser().parse_args(argv)
    if args.command == "convert" and not (args.dry_run or args.check or args.diff):
        state["dest"] = "old"
    args.state = state
    # A conversion builds one large graph of long-lived objects (the IR, the plan, the
    # report) and frees little until it ends. CPython's default collector rescans every
    # live object at each full collection, a cost that grows with the site: 17% of a
    # 10,000-publication conversion. Collections are made rarer for the command's run
    # (peak memory is unchanged on the benchmark's sites); the library leaves the
    # process's collector to its caller.
    threshold = gc.get_threshold()
    gc.set_threshold(100_000, 50, 50)
    try:
        status = _main(args)
        sys.stdout.flush()  # a closed pipe shows here at the latest, not at exit
        return status
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_PIPE
    finally:
        # The run's objects go to the oldest generation before the thresholds return (two
        # list splices): else the next allocation, at the exit of the command, would scan
        # them all as young objects (12-16 ms on the benchmark's large sites).
        gc.freeze()
        gc.unfreeze()
        gc.set_threshold(*threshold)


def _drop_stdout() -> None:
    """The reader closed the pipe: what is left unwritten goes nowhere, so Python's flush at
    exit does not fail again (the standard library's advice for SIGPIPE)."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real stdout (a test's capture): nothing to flush
        pass


_ONE_LINE_ERRORS = (("sitemigrate.api", "SitemigrateError"),
                    ("sitemigrate.registry", "UnknownTheme"),
                    ("sitemigrate.plan", "UnsafePath"), ("sitemigrate.plan", "PlanOutdated"))
"""The errors a run reports in one line (module, class)."""


def _one_line_error(exc: BaseException) -> bool:
    """``exc`` is one of :data:`_ONE_LINE_ERRORS`. Looked up among the modules loaded, not
    imported: a run that never loaded a module cannot have raised its errors, and the
    converter's modules are then not imported for nothing (``--check`` on an up-to-date
    DEST, answered from the check cache, loads none of them)."""
    for module, name in _ONE_LINE_ERRORS:
        loaded = sys.modules.get(module)
        if loaded is not None and isinstance(exc, getattr(loaded, name)):
            return True
    return False


def _main(args: argparse.Namespace) -> int:
    try:
        commands = {"convert": _convert, "inspect": _inspect, "themes": _themes, "urls": _urls,
                    "verify": _verify}
        return commands[args.command](args)
    except Exception as exc:
        if isinstance(exc, BrokenPipeError):
            raise  # not an error of the run: main() ends quietly
        if not (_one_line_error(exc) or isinstance(exc, OSError)):
            raise
        print(f"sitemigrate: error: {exc}", file=sys.stderr)
        return EXIT_ERROR


def _convert(args: argparse.Namespace) -> int:
    from contextlib import nullcontext

    from . import cache
    key = {"to": args.to, "from": args.from_, "generation": args.generation,
           "redirects": args.redirects, "name": args.name, "force": args.force}
    preview = args.dry_run or args.check or args.diff
    use_cache = not args.no_cache and args.dest.is_dir()
    report = cache.lookup(args.src, args.dest, key) if preview and use_cache else None
    status = EXIT_OK
    if report is not None:  # nothing changed since DEST was written: up to date, empty diff
        if args.check and not args.quiet:
            print("DEST is up to date", file=sys.stderr)
    else:
        if preview:
            report, status, written = _run(args)
        else:
            from .plan import dest_lock
            # one run at a time into DEST, from reading it to the check cache
            with (dest_lock(args.dest) if args.dest.absolute().parent.is_dir()
                  else nullcontext()):
                report, status, written = _run(args)
                if not args.no_cache:
                    _save_cache(cache, args, key, report, written)
    unbuilt = False  # a site did not build: exit 2, after the report is written
    if args.verify and (args.check or not preview):  # DEST as written, or as committed
        lost = _verified(args, report)
        unbuilt = lost is None
        status = max(status, EXIT_PENDING if lost else EXIT_OK)
    for report_file in args.report or ():
        from .report_formats import SarifPaths, format_for
        fmt = format_for(report_file, args.report_format)
        paths = SarifPaths(args.src, args.dest) if fmt == "sarif" else None
        report_file.write_text(report.dumps(fmt, paths=paths), encoding="utf-8")
    if not args.quiet:
        up_to_date = args.check and status == EXIT_OK
        _print_summary(report, up_to_date, _next_step(args, report, status))
    if args.fail_on != "never" and report.has_at_least(args.fail_on):
        if not args.quiet:
            print(f"sitemigrate: findings at or above `{args.fail_on}`: failing (--fail-on)",
                  file=sys.stderr)
        status = EXIT_PENDING
    return EXIT_ERROR if unbuilt else status


def _save_cache(cache: Any, args: argparse.Namespace, key: dict, report: Any,
                written: dict[str, str]) -> None:
    """Remember the run for ``--check``: bookkeeping, after DEST was replaced. A failure here
    (a full disk) is no failure of the conversion: it is said, and the run succeeds."""
    try:
        cache.save(args.src, args.dest, key, report, written)
    except OSError as exc:
        print(f"sitemigrate: warning: DEST was written (it holds the converted site), but "
              f"the check cache could not be saved ({exc.strerror or exc}); the next --check "
              "converts in full.", file=sys.stderr)


def _run(args: argparse.Namespace):
    """Convert SRC into DEST: preview (diff, check) or apply. Returns the report, the exit
    status and the SHA-256 of the files written into DEST by path (none for a preview)."""
    from .api import convert
    from .plan import is_bookkeeping, recover
    from .registry import Options
    preview = args.dry_run or args.check or args.diff
    # what an interrupted run left is undone before DEST is read (previews leave it)
    notes = [] if preview or not args.dest.absolute().parent.is_dir() else recover(args.dest)
    plan = convert(args.src, args.dest, to=args.to, from_=args.from_,
                   options=Options(generation=args.generation, redirects=args.redirects,
                                   name=args.name))
    for note in notes:
        plan.report.problem("interrupted-run", note)
    plan.force = args.force
    if not args.force:  # SRC and DEST swapped, or DEST someone else's site
        from .api import SitemigrateError
        from .ownership import refusal
        why = refusal(plan, plan.owner, plan.report.source_theme)
        if why is not None:
            raise SitemigrateError(why)
    color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty())
    status = EXIT_OK
    written: dict[str, str] = {}
    if args.dry_run or args.check or args.diff:
        changes = plan.summarize()
        pending = [c for c in changes
                   if c.kind not in ("unchanged", "kept") and not is_bookkeeping(c.path)]
        if args.dry_run or args.diff:
            _print_diff(plan.diff(), color)
        if args.check:
            status = EXIT_PENDING if pending else EXIT_OK
            if not args.quiet:
                print("DEST would change" if pending else "DEST is up to date", file=sys.stderr)
    else:
        changes = _apply(plan, show_progress=not args.quiet and sys.stderr.isatty())
        args.state["dest"] = "new"
        written = {c.path: c.digest for c in changes
                   if c.kind in ("created", "changed", "unchanged") and c.digest is not None}
    return plan.report, status, written


def _next_step(args: argparse.Namespace, report, status: int) -> str:
    """What the person does now, in one line."""
    if args.check:
        return ("next: nothing to do" if status == EXIT_OK else
                "next: run without --check to update DEST (--diff shows the change)")
    if args.dry_run or args.diff:
        return "next: run without --dry-run/--diff to write DEST"
    bare = next((f for f in report.findings if f.code == "dest-no-theme"), None)
    then = f"\nthen: {bare.message}" if bare is not None else ""
    if any(f.outcome != "mapped" for f in report.findings):
        return ("next: each line above says what to do; `--report FILE` lists every place"
                + then)
    if bare is not None:
        return "next: " + bare.message
    return "next: review DEST (a `git diff` there, or a Jekyll build)"


_DEST_CODES = ("kept-edit", "kept-deletion", "dest-link")
"""Findings about the owner's own DEST: shown even when DEST is up to date."""


def _print_summary(report, up_to_date: bool, next_step: str) -> None:
    """On stderr: what needs a look, grouped by kind (``report.overview``), the counts, the
    next step. An up-to-date ``--check`` does not replay the findings about SRC (they are
    those of the run that wrote DEST). On a terminal each line fits its width (quoted values
    cut, the advice folded, never cut); piped, lines are whole and plain."""
    from .report import overview
    findings = report.findings
    if up_to_date:
        findings = [f for f in findings
                    if f.code in _DEST_CODES or f.code.startswith("verify-")]
    found = overview(findings)
    lines = found + report.summary().splitlines() + [next_step]
    if not sys.stderr.isatty():
        print("\n".join(lines), file=sys.stderr)
        return
    from rich.console import Console

    from .report import fit
    console = Console(stderr=True, highlight=False, markup=False, emoji=False)
    headings = {line for line in found if not line.startswith(" ")}
    for line in lines:  # quoted values are cut to the width; the advice is folded, not cut
        for part in fit(line, console.width):
            console.print(part, style="bold" if line in headings else None, no_wrap=True,
                          overflow="ellipsis", soft_wrap=False)


def _apply(plan, show_progress: bool) -> list:
    if not show_progress:
        return plan.apply()
    from rich.progress import Progress
    with Progress(transient=True) as bar:
        task = bar.add_task("writing DEST", total=None)
        changes = plan.apply()
        bar.update(task, completed=1, total=1)
    return changes


def _print_diff(diff: str, color: bool) -> None:
    if not color:
        sys.stdout.write(diff)
        return
    styles = (("+++", "\033[1m"), ("---", "\033[1m"), ("diff --git", "\033[1m"),
              ("@@", "\033[36m"), ("+", "\033[32m"), ("-", "\033[31m"))
    for line in diff.splitlines(keepends=True):
        style = next((s for prefix, s in styles if line.startswith(prefix)), "")
        sys.stdout.write(f"{style}{line.rstrip(chr(10))}\033[0m\n" if style else line)


def _verified(args: argparse.Namespace, report) -> bool | None:
    """Run ``verify`` on SRC and DEST into ``report``: whether a visitor would lose
    something (None when a site did not build: said on stderr)."""
    from .verify import BuildFailed, verify
    before = len(report.findings)
    try:
        verify(args.src, args.dest, build_command=args.build_command,
               templates=args.template, report=report)
    except BuildFailed as exc:
        print(f"sitemigrate: verify: {exc}", file=sys.stderr)
        return None
    found = report.findings[before:]
    if not args.quiet:
        print(f"verify: {sum(f.severity == 'loss' for f in found)} things a visitor would "
              f"lose, {sum(f.severity == 'warning' for f in found)} warnings"
              + ("" if args.template else " (no --template: the template's example text "
                 "was not looked for)"), file=sys.stderr)
    return any(f.severity == "loss" for f in found)


def _verify(args: argparse.Namespace) -> int:
    from contextlib import suppress

    from .api import detect_theme
    from .report import Report, overview
    from .report_formats import SarifPaths, format_for
    for name, site in (("SRC", args.src), ("DEST", args.dest)):
        if not site.is_dir():
            print(f"sitemigrate: verify: {name} {site} is not a folder (a Jekyll site to "
                  "build)", file=sys.stderr)
            return EXIT_ERROR
    report = Report()
    for site, attr in ((args.src, "source_theme"), (args.dest, "target_theme")):
        with suppress(Exception):  # a site no reader knows is still built and compared
            setattr(report, attr, detect_theme(site))
    lost = _verified(args, report)
    if lost is None:
        return EXIT_ERROR
    for report_file in args.report or ():
        fmt = format_for(report_file, args.report_format)
        paths = SarifPaths(args.src, args.dest) if fmt == "sarif" else None
        report_file.write_text(report.dumps(fmt, paths=paths), encoding="utf-8")
    if not args.quiet and report.findings:
        print("\n".join(overview(report.findings)), file=sys.stderr)
    return EXIT_PENDING if report.has_at_least(args.fail_on) else EXIT_OK


def _inspect(args: argparse.Namespace) -> int:
    import json
    from dataclasses import asdict

    from .api import read_site
    from .ir import to_json
    from .report import Report
    report = Report()
    site = read_site(args.src, args.from_, report, name=args.name)
    data = to_json(site)
    if not args.src.is_dir():
        args.src = args.src.parent
    from .registry import detect
    data["detection"] = [asdict(d) for d in detect(args.src)]
    data["findings"] = [asdict(f) for f in report.findings]
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return EXIT_OK


def _urls(args: argparse.Namespace) -> int:
    from .jekyll.urls import ledger, plan_ledger, read_tree, served
    if args.to or args.dest is None or not args.dest.exists():
        import tempfile
        from pathlib import Path

        from .api import convert, detect_theme
        to = args.to or _other_theme(args.from_ or detect_theme(args.src))
        if not args.to:
            print(f"(a preview: the URLs of converting SRC to {to}; --to picks the theme)",
                  file=sys.stderr)
        with tempfile.TemporaryDirectory(prefix="sitemigrate-urls-") as empty:
            # no DEST given: planned into a new folder (that is never written)
            dest = args.dest if args.dest is not None else Path(empty) / "dest"
            rows = plan_ledger(args.src, convert(args.src, dest, to=to, from_=args.from_))
    else:
        if not args.src.is_dir() or not args.dest.is_dir():
            from .api import SitemigrateError
            raise SitemigrateError("SRC and DEST must both be site directories")
        rows = ledger(served(*read_tree(args.src)), served(*read_tree(args.dest)))
    width = max((len(r.old) for r in rows), default=10)
    for r in rows:
        print(f"{r.old:<{width}}  ->  {r.new or '-':<{width}}  {r.how}")
    counts = {h: sum(r.how == h for r in rows) for h in ("same", "redirect", "lost")}
    print(f"{counts['same']} same, {counts['redirect']} redirected, {counts['lost']} lost",
          file=sys.stderr)
    return EXIT_PENDING if counts["lost"] else EXIT_OK


def _other_theme(theme: str) -> str:
    """The target a preview of ``urls`` plans when none is named: the one other Jekyll
    theme the registry can write (not a reader of plain pages)."""
    from .registry import THEMES, get_theme
    others = [t for t in THEMES if t != theme and get_theme(t).can_write
              and not get_theme(t).can_read_files]
    if len(others) != 1:
        from .api import SitemigrateError
        raise SitemigrateError(f"a {theme} source has no default target: name it with --to")
    return others[0]


def _themes(args: argparse.Namespace) -> int:
    from .registry import THEMES, get_theme
    for name in THEMES:
        theme = get_theme(name)
        vocab = theme.vocabulary
        roles = ", ".join(["read"] * theme.can_read + ["write"] * theme.can_write)
        gens = ", ".join(g["name"] for g in vocab["generations"])
        print(f"{name:15} {roles:12} generations: {gens}")
        print(f"{'':15} supports: {', '.join(theme.features)}")
    return EXIT_OK
