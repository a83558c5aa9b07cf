"""An upgrade's carrying of the owner's Sass variable values.

An owner who changed the look of a theme in its Sass files (`$purple-color: #2a6f97;` in
`_sass/_variables.scss`) loses it when an upgrade keeps the new checkout's version of a file
the new template changed. A top-level assignment `$name: value` of SRC's file whose value no
template checkout ships for `$name` (the table of template files records the digest of each
checkout's `(name, value)`: facts, no text) is the owner's. Sass variables are global: the
owner's value goes where the new template assigns `$name` at the top level of its `_sass/`
(the same file first), replacing the template's value there and keeping its flags
(`!default`); where the new template has no `$name`, the report says so and what to do. A
file whose only changes are such values is then carried; any other change of it stays told
as the owner's change to carry by hand.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .plan import Plan

_ASSIGN = re.compile(r"(?m)^[ \t]*\$([\w-]+)[ \t]*:[ \t]*(?P<value>[^;{}\n]*?)[ \t]*"
                     r"(?P<flags>(?:![\w-]+[ \t]*)*);[ \t]*(?://.*)?$")
_COMMENT = re.compile(r"/\*.*?\*/", re.S)
FOLDERS = ("_sass", "assets/css")
"""The folders whose Sass files (at their top level: not vendored subfolders) the table's
facts are of."""


@dataclass
class Assignment:
    """A top-level `$name: value [!flags];` of a Sass file."""

    name: str
    value: str
    line: int
    start: int
    """Offset of the value in the file's text."""
    end: int


def assignments(text: str) -> list[Assignment]:
    """The assignments of ``text`` at its top level (outside any `{ }` block and any
    `/* */` comment): the global variables of the file."""
    blank = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    out: list[Assignment] = []
    depth, at = 0, 0
    for m in _ASSIGN.finditer(blank):
        before = blank[at:m.start()]
        depth += before.count("{") - before.count("}")  # (an interpolation `#{ }` nets 0)
        at = m.start()
        if depth <= 0 and m.group("value"):
            out.append(Assignment(m.group(1), m.group("value"), text.count("\n", 0, m.start()) + 1,
                                  m.start("value"), m.end("value")))
    return out


def _norm(text: str) -> str:
    return " ".join(text.split())


def value_digest(name: str, value: str) -> str:
    """Digest of a Sass variable's name and value (white space collapsed)."""
    return hashlib.sha256(f"${name}\0{_norm(value)}".encode()).hexdigest()[:16]


def line_digest(rel: str, line: str) -> str:
    """Digest of a line of the Sass file ``rel`` (white space collapsed)."""
    return hashlib.sha256(f"{rel}\0{_norm(line)}".encode()).hexdigest()[:16]


def _files(root: Path) -> list[tuple[str, str]]:
    out = []
    for folder in FOLDERS:
        for path in sorted((root / folder).glob("*.scss")) if (root / folder).is_dir() else []:
            if path.is_file() and not path.is_symlink():
                out.append((path.relative_to(root).as_posix(),
                            path.read_text("utf-8", "replace")))
    return out


def facts(checkout: Path) -> tuple[set[str], set[str]]:
    """The digests of a checkout's Sass variable values and of its Sass files' lines."""
    values: set[str] = set()
    lines: set[str] = set()
    for rel, text in _files(checkout):
        values |= {value_digest(a.name, a.value) for a in assignments(text)}
        lines |= {line_digest(rel, ln) for ln in text.splitlines() if ln.strip()}
    return values, lines


def carry_values(plan: Plan, src: Path, table: Any, edited: list[str]) -> set[str]:
    """Write the owner's Sass variable values of the files ``edited`` (SRC's changed copies
    of template files) into DEST's assignments of the same variables, and say so per
    variable. Returns the files whose every change is such a value, all of them placed."""
    from .textio import read_source
    if not table.sass:
        return set()
    done: set[str] = set()
    for rel in edited:
        if not rel.endswith(".scss") or not rel.startswith(tuple(f"{f}/" for f in FOLDERS)):
            continue
        data = read_source(src / rel, rel, None, src)
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        ours = [a for a in assignments(text) if value_digest(a.name, a.value) not in table.sass]
        if not ours:
            continue
        known = _defined(plan.dest)  # a value naming a variable DEST does not define
        unknown = [a for a in ours  # would stop the Sass build
                   if set(re.findall(r"\$([\w-]+)(?![\w-]*[ \t]*:)", a.value)) - known]
        missing = [a for a in ours if a in unknown or not _place(plan, rel, a)]
        for a in missing:
            plan.report.verbatim("upgrade-sass-left", _left(plan.dest, rel, a, a in unknown),
                                 rel, a.line)
        mine = {a.line for a in ours}
        other = [n for n, ln in enumerate(text.splitlines(), 1) if ln.strip()
                 and n not in mine and line_digest(rel, ln) not in table.sass_lines]
        if not missing and not other:
            done.add(rel)
    return done


def _left(dest: Path, rel: str, a: Assignment, unknown: bool) -> str:
    """What the report says of the owner's ``a`` that is not placed, and what to do."""
    head = (f"`{rel}` line {a.line}: your value of `${a.name}` (`{_norm(a.value)}`) has no "
            "place in the new template, ")
    if unknown:
        return head + ("as it names a variable the new template does not define (Sass would "
                       "stop on it). To keep that look, write it with plain values into the "
                       "new template's assignment of it.")
    heirs = _properties(dest, a.name)
    head += (f"whose `_sass/` assigns no `${a.name}` (its rules no longer read it). To keep "
             "that look, ")
    if not heirs:
        return head + ("find the rule of the new `_sass/` that styles what it styled and put "
                       "your value there.")
    return head + (f"set your value, in the theme you use, where the new template sets "
                   f"{', '.join(heirs[:3])}{', ...' if len(heirs) > 3 else ''} (the custom "
                   f"propert{'ies' if len(heirs) > 1 else 'y'} named after it).")


def _defined(dest: Path) -> set[str]:
    """The variables DEST's Sass files assign at their top level."""
    out: set[str] = set()
    for base in (dest / f for f in FOLDERS):
        for path in sorted(base.rglob("*.scss")) if base.is_dir() else []:
            if path.is_file() and not path.is_symlink():
                out |= {a.name for a in assignments(path.read_text("utf-8", "replace"))}
    return out


def _properties(dest: Path, name: str) -> list[str]:
    """Where DEST's Sass files (any folder of `_sass/`) declare a CSS custom property named
    after the Sass variable ``name`` (`--global-link-color: ...` for `$link-color`), as
    "`--prop` in `file` line N"."""
    found = re.compile(rf"(?m)^[ \t]*(--(?:[\w-]*-)?{re.escape(name)})[ \t]*:")
    out = []
    base = dest / "_sass"
    for path in sorted(base.rglob("*.scss")) if base.is_dir() else []:
        if not path.is_file() or path.is_symlink():
            continue
        text = path.read_text("utf-8", "replace")
        rel = path.relative_to(dest).as_posix()
        out += [f"`{m.group(1)}` in `{rel}` line {text.count(chr(10), 0, m.start()) + 1}"
                for m in found.finditer(text)]
    return out


def _dest_text(plan: Plan, rel: str) -> str | None:
    if rel in plan.files:
        return plan.files[rel].decode("utf-8", "replace")
    path = plan.dest / rel
    if path.is_file() and not path.is_symlink():
        return path.read_text("utf-8", "replace")
    return None


def _place(plan: Plan, rel: str, ours: Assignment) -> bool:
    """Put the owner's ``ours`` (of SRC's ``rel``) into DEST's top-level assignments of its
    variable: in DEST's ``rel`` if it assigns it, else in the one other Sass file of DEST's
    that does. False when none does."""
    others = [r for r, _ in _files(plan.dest) if r != rel]
    for target in [rel, *others]:
        text = _dest_text(plan, target)
        if text is None:
            continue
        found = [a for a in assignments(text) if a.name == ours.name]
        if not found:
            continue
        for a in sorted(found, key=lambda a: a.start, reverse=True):
            text = text[:a.start] + ours.value + text[a.end:]
        plan.write(target, text.encode("utf-8"))
        lines = ", ".join(str(a.line) for a in found)
        plan.report.mapped(
            "upgrade-sass-value", f"`{rel}` line {ours.line}: your value of `${ours.name}` "
            f"(`{_norm(ours.value)}`) is kept: written into the new template's `{target}` "
            f"line {lines} in place of the template's value.", rel)
        return True
    return False
