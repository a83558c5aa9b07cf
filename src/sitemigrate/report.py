"""The conversion report: one finding per item, each actionable.

A finding has a *severity* (``info``, ``warning``, ``loss``) and an *outcome* that feeds the
summary: ``mapped`` (carried into the target theme's own vocabulary), ``verbatim`` (carried as
written because the target has no equivalent), ``lost`` (could not be carried), or ``problem``
(something wrong in the input; the run went on).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .ir import Origin
    from .report_formats import SarifPaths

Severity = Literal["info", "warning", "loss"]
Outcome = Literal["mapped", "verbatim", "lost", "problem"]

REPORT_SCHEMA_VERSION = "1.0"
_SEVERITY_RANK = {"info": 0, "warning": 1, "loss": 2}


@dataclass(slots=True)
class Finding:
    """One thing the run noticed, at ``path`` (and ``line``): how serious it is, what became
    of it, and what to do."""

    code: str
    """Stable machine name of the kind of finding (``unknown-key``, ``news-item`` ...)."""
    severity: Severity
    outcome: Outcome
    message: str
    """What happened and what the user should do."""
    path: str | None = None
    line: int | None = None
    id: str = ""

    def location(self) -> str:
        if not self.path:
            return "(site)"
        return f"{self.path}:{self.line}" if self.line else self.path


_FINDING_FIELDS = tuple(f.name for f in fields(Finding))  # all plain values: no asdict


@dataclass(slots=True)
class Report:
    """What a conversion did and found: the themes, every finding, the files written and the
    URL ledger."""

    source_theme: str = ""
    target_theme: str = ""
    findings: list[Finding] = field(default_factory=list)
    files: dict[str, list[str]] = field(default_factory=dict)
    """``created`` / ``changed`` / ``deleted`` / ``unchanged`` / ``kept`` -> DEST paths."""
    urls: list[dict[str, str]] = field(default_factory=list)
    settle: Callable[[], None] | None = field(default=None, repr=False, compare=False)
    """Set by the :class:`~sitemigrate.plan.Plan` that owns the report: fills in ``files``
    (and the findings about DEST) before the report is summed up, also before ``apply()``."""

    def add(self, code: str, severity: Severity, outcome: Outcome, message: str,
            origin: Origin | str | None = None, line: int | None = None) -> Finding:
        """Record a finding. ``origin`` is an :class:`Origin` or a source path."""
        if origin is None or isinstance(origin, str):
            path = origin
        else:  # an Origin (not imported here: a check answered from the cache loads no IR)
            path = origin.path
            if line is None:
                line = origin.line
        digest = hashlib.sha1(f"{code}|{path}|{line}|{message}".encode()).hexdigest()[:10]
        finding = Finding(code, severity, outcome, message, path, line, f"{code}-{digest}")
        self.findings.append(finding)
        return finding

    # Short-hands for the four outcomes.
    def mapped(self, code: str, message: str, origin: Origin | str | None = None) -> Finding:
        return self.add(code, "info", "mapped", message, origin)

    def verbatim(self, code: str, message: str, origin: Origin | str | None = None,
                 line: int | None = None) -> Finding:
        return self.add(code, "warning", "verbatim", message, origin, line)

    def lost(self, code: str, message: str, origin: Origin | str | None = None,
             line: int | None = None) -> Finding:
        return self.add(code, "loss", "lost", message, origin, line)

    def problem(self, code: str, message: str, origin: Origin | str | None = None,
                line: int | None = None, severity: Severity = "warning") -> Finding:
        return self.add(code, severity, "problem", message, origin, line)

    def _settled(self) -> None:
        if self.settle is not None:
            self.settle()

    def counts(self) -> dict[str, int]:
        self._settled()
        out = {"mapped": 0, "verbatim": 0, "lost": 0, "problem": 0}
        for f in self.findings:
            out[f.outcome] += 1
        return out

    def worst(self) -> Severity | None:
        self._settled()
        if not self.findings:
            return None
        return max((f.severity for f in self.findings), key=_SEVERITY_RANK.__getitem__)

    def has_at_least(self, severity: Severity) -> bool:
        self._settled()
        rank = _SEVERITY_RANK[severity]
        return any(_SEVERITY_RANK[f.severity] >= rank for f in self.findings)

    def summary(self) -> str:
        """The short summary printed after every run."""
        c = self.counts()  # settles files first
        files = {k: len(v) for k, v in self.files.items()}
        return (
            f"files: {files.get('created', 0)} created, {files.get('changed', 0)} changed, "
            f"{files.get('deleted', 0)} deleted, {files.get('unchanged', 0)} unchanged"
            + (f", {files['kept']} kept (edited or deleted by you)" if files.get("kept") else "")
            + f"\nitems: {c['mapped']} mapped, {c['verbatim']} kept verbatim, "
            f"{c['lost']} could not be carried, {c['problem']} input problems"
        )

    def to_json(self) -> dict[str, Any]:
        self._settled()
        return {
            "schema_version": REPORT_SCHEMA_VERSION,
            "source_theme": self.source_theme,
            "target_theme": self.target_theme,
            "summary": self.counts(),
            "files": self.files,
            "findings": [{n: getattr(f, n) for n in _FINDING_FIELDS} for f in self.findings],
            "urls": self.urls,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Report:
        """The report :meth:`to_json` gave (a saved report, replayed)."""
        if data.get("schema_version") != REPORT_SCHEMA_VERSION:
            raise ValueError(f"report schema {data.get('schema_version')!r} is not "
                             f"{REPORT_SCHEMA_VERSION!r}")
        names = {f.name for f in fields(Finding)}
        return cls(source_theme=data["source_theme"], target_theme=data["target_theme"],
                   findings=[Finding(**{k: v for k, v in f.items() if k in names})
                             for f in data["findings"]],
                   files={k: list(v) for k, v in data["files"].items()},
                   urls=list(data["urls"]))

    def to_markdown(self) -> str:
        c = self.counts()
        lines = [
            f"# sitemigrate report: {self.source_theme} → {self.target_theme}",
            "",
            f"- {c['mapped']} items mapped, {c['verbatim']} kept verbatim, "
            f"{c['lost']} could not be carried, {c['problem']} input problems",
        ]
        for kind in ("created", "changed", "deleted", "kept"):
            if self.files.get(kind):
                lines.append(f"- files {kind}: {len(self.files[kind])}")
        order = {"loss": 0, "warning": 1, "info": 2}
        by_severity = {s: sum(f.severity == s for f in self.findings) for s in order}
        lines.append(f"- findings: {by_severity['loss']} loss, {by_severity['warning']} "
                     f"warning, {by_severity['info']} info")
        rows = sorted(self.findings, key=lambda f: (order[f.severity], f.path or "", f.line or 0))
        notable = [f for f in rows if f.severity != "info"]
        info = [f for f in rows if f.severity == "info"]
        lines.append("")
        if notable:
            lines += _markdown_table(notable)
        else:
            lines.append("No losses and no warnings.")
        if info:
            # Collapsed, so that a PR comment or step summary opens on what needs a look.
            lines += ["", f"<details><summary>{len(info)} info findings (carried as "
                      "expected)</summary>", "", *_markdown_table(info), "", "</details>"]
        return "\n".join(lines) + "\n"

    def to_sarif(self, paths: SarifPaths | None = None) -> dict[str, Any]:
        """The report as a SARIF 2.1.0 log (see :mod:`sitemigrate.report_formats`).

        ``paths`` places SRC (and DEST) in the repository; by default SRC is the current
        directory."""
        from . import __version__
        from .report_formats import SarifPaths, to_sarif
        self._settled()
        return to_sarif(self, paths or SarifPaths("."), __version__)

    def dumps(self, fmt: str, *, paths: SarifPaths | None = None) -> str:
        """The report as text: ``json``, ``md`` (or ``markdown``) or ``sarif``."""
        if fmt == "json":
            return json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"
        if fmt in ("md", "markdown"):
            return self.to_markdown()
        if fmt == "sarif":
            return json.dumps(self.to_sarif(paths), indent=2, ensure_ascii=False) + "\n"
        raise ValueError(f"unknown report format {fmt!r}")


def common_place(paths: Iterable[str]) -> str | None:
    """Where a finding about several files of SRC points: the file when there is one, else
    the deepest folder that holds them all (`_includes`), else None (the site as a whole)."""
    rels = sorted(set(paths))
    if len(rels) <= 1:
        return rels[0] if rels else None
    shared: list[str] = []
    for names in zip(*(r.split("/")[:-1] for r in rels), strict=False):
        if len(set(names)) > 1:
            break
        shared.append(names[0])
    return "/".join(shared) or None


_GROUPS = (("lost", "could not be carried"), ("verbatim", "kept verbatim (check these)"),
           ("problem", "input problems"))
_PLACES = 3
"""Places shown on a kind's line; ``--report`` lists every one."""
_VALUE = 60
"""A quoted value longer than this is cut (an HTML footer, a long link)."""
_QUOTED = re.compile(r"`([^`\n]*)`")


def overview(findings: list[Finding]) -> list[str]:
    """The findings that need a look (not carried, kept verbatim, input problems), grouped for
    a person: under a heading per outcome, one line per kind. A kind is a finding code with
    one message pattern (the message with its quoted values left out): "linked file `…`
    does not exist" found in 126 places is one line with the count, the values that are
    the same everywhere, and the first few places with their own value. A kind found once is
    its ``path:line: message``. Long values are cut, never a message's advice. What was
    mapped is not listed (``--report`` lists everything)."""
    lines: list[str] = []
    for outcome, title in _GROUPS:
        kinds: dict[tuple[str, str], list[Finding]] = {}
        for f in findings:
            if f.outcome == outcome:
                kinds.setdefault((f.code, _QUOTED.sub("`…`", f.message)), []).append(f)
        if not kinds:
            continue
        count = sum(len(rows) for rows in kinds.values())
        lines.append(f"{title}: {count}")
        for rows in kinds.values():
            lines.append("  " + (_one(rows[0]) if len(rows) == 1 else _many(rows)))
    return lines


def fit(line: str, width: int) -> list[str]:
    """``line`` for a terminal ``width`` columns wide: its quoted values are cut first (all
    of them, step by step, to no less than 12 characters each), then what is still too long
    is folded onto indented lines. The advice, the words outside the quotes, is never cut."""
    if len(line) <= width:
        return [line]
    for limit in range(_VALUE, 11, -4):
        def cut(m: re.Match[str], n: int = limit) -> str:
            return f"`{_clip(m.group(1), n)}`"
        line = _QUOTED.sub(cut, line)
        if len(line) <= width:
            return [line]
    import textwrap
    indent = " " * min(len(line) - len(line.lstrip(" ")) + 4, width // 4)
    return textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [line]


def _one(f: Finding) -> str:
    return f"{f.location()}: {_one_line(_QUOTED.sub(_short_value, f.message))}"


def _many(rows: list[Finding]) -> str:
    """``N× message`` with the values all rows share, then the first places, each with its
    first own value."""
    values = [_QUOTED.findall(f.message) for f in rows]
    same = [all(v[i] == values[0][i] for v in values) for i in range(len(values[0]))]
    shared = iter(same)  # one flag per quoted value, in order
    message = _QUOTED.sub(lambda m: _short_value(m) if next(shared) else "`…`",
                          rows[0].message)
    own = next((i for i, s in enumerate(same) if not s), None)
    places, last = [], None
    for f, v in zip(rows[:_PLACES], values, strict=False):
        where = f.location()
        if f.path and f.path == last and f.line:
            where = f":{f.line}"  # the same file again: its line is enough
        last = f.path
        places.append(where + (f" `{_clip(v[own], 40)}`" if own is not None else ""))
    more = f" and {len(rows) - _PLACES} more" if len(rows) > _PLACES else ""
    return (f"{len(rows)}× {_one_line(message)} At: {', '.join(places)}{more}")


def _short_value(match: re.Match[str]) -> str:
    return f"`{_clip(match.group(1), _VALUE)}`"


def _one_line(message: str) -> str:
    """A message on one line, whole: its quoted values are cut (:func:`_short_value`), the
    advice around them never (issue 32)."""
    return " ".join(message.split())


def _clip(text: str, width: int) -> str:
    text = " ".join(text.split())  # one line: a multi-line value would break the layout
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def _markdown_table(findings: list[Finding]) -> list[str]:
    from .report_formats import markdown_code, markdown_text
    lines = ["| severity | outcome | where | what |", "|---|---|---|---|"]
    for f in findings:
        lines.append(f"| {f.severity} | {f.outcome} | {markdown_code(f.location())} | "
                     f"{markdown_text(f.message)} |")
    return lines
