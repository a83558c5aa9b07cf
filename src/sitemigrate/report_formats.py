"""Report file formats: which one a file name asks for, and SARIF 2.1.0 for code scanning.

JSON and Markdown are :meth:`Report.to_json` / :meth:`Report.to_markdown`; this module adds
SARIF (the Static Analysis Results Interchange Format that GitHub code scanning reads) and
the rules that place each finding's file in the repository.

Where a SARIF result points
    A finding's ``path`` is relative to SRC (or, for the codes in
    :data:`DEST_FINDING_CODES`, to DEST). Code scanning wants paths relative to the
    repository root, so each URI is the path of SRC (or DEST) inside the repository joined
    with the finding's path, under ``uriBaseId`` ``%SRCROOT%``. The repository root is the
    nearest folder above SRC holding ``.git``, else ``$GITHUB_WORKSPACE``, else the current
    directory; ``originalUriBaseIds`` gives its absolute ``file:`` URI.

    A finding about the site as a whole has no file. Code scanning needs a location for
    every result, so such a finding points at SRC's ``_config.yml`` (or at SRC itself when
    SRC is a single page), without a line.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from .report import Finding, Report

__all__ = ["DEST_FINDING_CODES", "FORMATS", "SARIF_SCHEMA", "SarifPaths", "format_for",
           "markdown_code", "markdown_text", "repository_root", "to_sarif"]

FORMATS = ("json", "md", "sarif")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/sitemigrate/"
DEST_FINDING_CODES = frozenset({"kept-edit", "kept-deletion", "dest-link", "related-posts"})
"""Codes whose finding ``path`` is relative to DEST, not SRC."""

_LEVELS = {"loss": "error", "warning": "warning", "info": "note"}


_SPAN = re.compile(r"`([^`\n]*)`")
_ACTIVE = re.compile(r"[\\`*_\[\]()!~#|]")
"""What Markdown (GitHub's, tables included) reads as markup in text, escaped with ``\\``."""


def markdown_code(value: str) -> str:
    """``value`` as one code span of a Markdown table cell, whatever it holds: a backtick
    inside cannot end the span (the fence is longer than any run of them), a newline
    cannot end the row, a ``|`` cannot end the cell."""
    value = re.sub(r"\s+", " ", value)
    longest = max((len(run) for run in re.findall(r"`+", value)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest else ""
    return f"{fence}{pad}{value}{pad}{fence}".replace("|", "\\|")


def markdown_text(message: str) -> str:
    """A finding's message for a Markdown report: its quoted values (`` `...` ``) as code
    spans, the rest as text. Nothing of a value (a file name, a link of SRC) becomes a
    live link, image or HTML element, wherever its backticks fall."""
    out, end = [], 0
    for span in _SPAN.finditer(message):
        out.append(_plain(message[end:span.start()]))
        out.append(markdown_code(span.group(1)))
        end = span.end()
    out.append(_plain(message[end:]))
    return "".join(out)


def _plain(text: str) -> str:
    text = re.sub(r"\s+", " ", text).replace("&", "&amp;").replace("<", "&lt;")
    return _ACTIVE.sub(lambda m: "\\" + m.group(), text)


def format_for(path: str | os.PathLike[str], explicit: str | None = None) -> str:
    """The report format for a file: ``explicit`` if given, else by the name's ending
    (``.sarif`` / ``.sarif.json`` SARIF, ``.md`` / ``.markdown`` Markdown, else JSON)."""
    if explicit:
        return "md" if explicit == "markdown" else explicit
    name = Path(path).name.lower()
    if name.endswith((".sarif", ".sarif.json")):
        return "sarif"
    if name.endswith((".md", ".markdown")):
        return "md"
    return "json"


class SarifPaths:
    """Where SRC and DEST sit inside the repository, for SARIF URIs (see the module doc)."""

    def __init__(self, src: str | os.PathLike[str], dest: str | os.PathLike[str] | None = None,
                 root: str | os.PathLike[str] | None = None) -> None:
        src_path = Path(src).absolute()
        src_is_file = src_path.is_file()
        self.src_base = src_path.parent if src_is_file else src_path
        self.dest_base = Path(dest).absolute() if dest is not None else None
        self.root = Path(root).absolute() if root is not None else repository_root(self.src_base)
        if src_is_file:
            self.site_file = src_path.name
        elif (self.src_base / "_config.yml").is_file():
            self.site_file = "_config.yml"
        else:
            self.site_file = ""

    def root_uri(self) -> str:
        """The repository root as an absolute ``file:`` URI ending in ``/``."""
        return self.root.as_uri().rstrip("/") + "/"

    def relative(self, path: Path) -> str | None:
        """``path`` relative to the root, POSIX, or None when it lies outside the root."""
        for candidate in (path, path.resolve()):
            try:
                return candidate.relative_to(self.root).as_posix()
            except ValueError:
                continue
        return None

    def artifact(self, finding: Finding) -> dict[str, str]:
        """The ``artifactLocation`` of a finding."""
        base = self.src_base
        if finding.code in DEST_FINDING_CODES and self.dest_base is not None:
            base = self.dest_base
        target = base / (finding.path or self.site_file)
        rel = self.relative(target)
        if rel is None:  # outside the repository: an absolute URI, as SARIF allows
            return {"uri": target.as_uri()}
        if target.is_dir() and rel != ".":
            rel += "/"
        return {"uri": quote(rel), "uriBaseId": "%SRCROOT%"}


def repository_root(start: Path) -> Path:
    """The nearest folder at or above ``start`` holding ``.git``; else ``$GITHUB_WORKSPACE``
    when ``start`` is inside it; else the current directory."""
    start = start.absolute()
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    workspace = os.environ.get("GITHUB_WORKSPACE")
    if workspace:
        try:
            start.relative_to(Path(workspace).absolute())
            return Path(workspace).absolute()
        except ValueError:
            pass
    return Path.cwd()


def to_sarif(report: Report, paths: SarifPaths, tool_version: str) -> dict[str, Any]:
    """The report as a SARIF 2.1.0 log: one run, one rule per code, and one result per
    finding that needs a look (not carried, kept verbatim, a problem in the input).

    What was simply mapped is not a result: code scanning would show each as an alert (a
    large site has thousands). The run's ``properties`` count them (``mapped``); the JSON
    and Markdown reports list them."""
    shown = [f for f in report.findings if f.outcome != "mapped"]
    codes = sorted({f.code for f in shown})
    index = {code: i for i, code in enumerate(codes)}
    rules = [{
        "id": code,
        "name": _rule_name(code),
        "shortDescription": {"text": f"sitemigrate finding `{code}`"},
        "helpUri": INFORMATION_URI,
    } for code in codes]
    results = []
    for f in shown:
        location: dict[str, Any] = {"artifactLocation": paths.artifact(f)}
        if f.line and f.line > 0:
            location["region"] = {"startLine": f.line}
        results.append({
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": _LEVELS[f.severity],
            "message": {"text": f.message},
            "locations": [{"physicalLocation": location}],
            "partialFingerprints": {"sitemigrateFindingId/v1": f.id},
            "properties": {"severity": f.severity, "outcome": f.outcome,
                           **({"path": f.path} if f.path else {})},
        })
    run: dict[str, Any] = {
        "tool": {"driver": {
            "name": "sitemigrate",
            "version": tool_version,
            "informationUri": INFORMATION_URI,
            "rules": rules,
        }},
        "originalUriBaseIds": {"%SRCROOT%": {"uri": paths.root_uri()}},
        "results": results,
        "properties": {"sourceTheme": report.source_theme,
                       "targetTheme": report.target_theme,
                       "summary": report.counts(),
                       "mapped": len(report.findings) - len(shown)},
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _rule_name(code: str) -> str:
    """``unknown-key`` -> ``UnknownKey`` (SARIF suggests PascalCase rule names)."""
    return "".join(part.capitalize() for part in code.replace("_", "-").split("-") if part)
