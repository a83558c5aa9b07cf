"""Files the owner's Liquid names by a `site.*` value or by a jekyll-scholar flag, made to
exist in DEST, so that Liquid the source already had is kept and never breaks the build.

* An include whose name is Liquid made of the site's settings only
  (`{% include {{ site.baseurl }}/box.html %}`) names the file Jekyll renders that name to,
  with DEST's settings: it is resolved here, so the include pass copies the owner's file or
  writes a placeholder, as for any other name. A name that reads a page or loop variable is
  left as written (only the page knows it).
* A `{% bibliography --file NAME %}` tag of a written file, where DEST runs jekyll-scholar,
  reads `NAME.bib` in DEST's `scholar.source`: SRC's file of that name (in SRC's
  `scholar.source`) is copied there; a file that exists nowhere leaves the tag visible inside
  `{% raw %}`, reported with its file and line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..lazyre import lazy_pattern
from ..plan import Plan, UnsafePath, safe_rel
from ..textio import read_text, within
from ..yamlio import settings_of
from . import scholar
from .liquid import Token, raw_literal, replace_tokens

__all__ = ["carry_bibliographies", "config_of", "resolved_include"]

_SITE_VALUE = lazy_pattern(r"\{\{-?\s*site\.([\w.-]+)\s*-?\}\}")
# Jekyll's include tag refuses a rendered name with these (`validate_file_name`)
_JEKYLL_NAME = lazy_pattern(r"^[\w/.\-()+~#@]+$")
_JEKYLL_BAD = lazy_pattern(r"[./]{2,}")
_GROUP_FLAG = lazy_pattern(r"(?:^|\s)(?:-g|--group_by)\s")


def config_of(plan: Plan, src: Path | None = None) -> dict[str, Any]:
    """The settings of DEST as written (the plan's `_config.yml`, else DEST's own), or of
    SRC (``src``); an empty dict when there is none or it does not load. Shared with every
    reader of the same text (:func:`~sitemigrate.yamlio.settings_of`): read it, never change it."""
    if src is not None:
        found = read_text(src / "_config.yml", "_config.yml", None, root=src) \
            if (src / "_config.yml").is_file() else None
        text = found.text if found else ""
    elif "_config.yml" in plan.files:
        text = plan.files["_config.yml"].decode("utf-8", "replace")
    else:
        path = plan.dest / "_config.yml"
        text = path.read_text("utf-8", errors="replace") if path.is_file() else ""
    return settings_of(text)  # one load of a text a run (read, never changed)


def resolved_include(name: str, config: dict[str, Any]) -> str | None:
    """The file an include name of `{{ site.x }}` values names, as Jekyll renders it with
    ``config`` (`{{ site.baseurl }}/nx.html` with an empty `baseurl`: `nx.html`); None when
    the name reads anything else, or renders to a name Jekyll refuses."""
    def value(m: re.Match) -> str:
        found: Any = config
        for part in m.group(1).split("."):
            found = found.get(part) if isinstance(found, dict) else None
        if isinstance(found, (dict, list)):
            raise KeyError(m.group(1))
        return "" if found is None else str(found)

    try:
        rendered = _SITE_VALUE().sub(value, name)
    except KeyError:
        return None
    if "{{" in rendered or "{%" in rendered or not _JEKYLL_NAME().match(rendered) \
            or _JEKYLL_BAD().search(rendered):
        return None
    return rendered.lstrip("/") or None


def carry_bibliographies(plan: Plan, src_root: Path | None, rels: list[str],
                         runs_scholar: bool) -> None:
    """Every `{% bibliography --file NAME %}` of the written files ``rels`` finds its file in
    DEST (see module)."""
    if not runs_scholar:
        return  # the tag itself is not run there: the Liquid pass keeps it as text
    dest_cfg = config_of(plan)
    folder = scholar.source_folder(dest_cfg)
    src_folder = scholar.source_folder(config_of(plan, src_root)) if src_root else ""
    for rel in rels:
        data = plan.files.get(rel)
        if data is None or b"bibliography" not in data:
            continue
        text = data.decode("utf-8", "replace")
        missing: set[tuple[int, int]] = set()
        ungrouped: dict[int, str] = {}
        for use in scholar.bibliography_uses([(rel, text, "")], dest_cfg):
            for name in use.files or ():
                if not _present(plan, src_root, src_folder, folder, name):
                    missing.add(use.span)
            if use.span not in missing and (why := _ungroupable(plan, folder, use, dest_cfg)):
                ungrouped[use.span[0]] = why
        if missing or ungrouped:  # (one pass: the offsets are the text's as read)
            plan.write(rel, _rewritten(plan, rel, text, {a for a, _ in missing}, ungrouped,
                                       folder))


def _present(plan: Plan, src_root: Path | None, src_folder: str, folder: str,
             name: str) -> bool:
    """Whether `NAME.bib` is in DEST's bibliography folder once written, copying SRC's."""
    try:
        target = safe_rel(f"{folder}/{name}.bib")
    except UnsafePath:
        return False
    if target in plan.files or target in plan.copies or (plan.dest / target).is_file():
        return True
    if src_root is None:
        return False
    source = src_root / src_folder / f"{name}.bib"
    if not source.is_file() or source.is_symlink() or not within(src_root, source):
        return False
    plan.copy(target, source)
    plan.report.verbatim("bib-copied", f"`{{% bibliography --file {name} %}}` lists "
                         f"`{src_folder}/{name}.bib`: copied along to `{target}`, where "
                         "jekyll-scholar reads it.", target)
    return True


def _rewritten(plan: Plan, rel: str, text: str, missing: set[int], why: dict[int, str],
               folder: str) -> str:
    """``text`` with the tags at the offsets ``missing`` inside `{% raw %}` (a file that
    exists nowhere stops jekyll-scholar's build) and `--group_by none` added to those at
    ``why``'s (their lists are shown whole, without the groups DEST's `group_by` makes),
    each reported with its line."""
    def fix(tok: Token) -> str | None:
        if tok.kind != "tag" or tok.name != "bibliography":
            return None
        if tok.start in missing:
            plan.report.verbatim("bib-missing", f"`{tok.text.strip()}` lists a file that is "
                                 f"neither in the source site nor in `{folder}/`; kept as "
                                 "text inside {% raw %} so the site builds. Add the file "
                                 "there and remove the raw tags.", rel, tok.line)
            return raw_literal(tok.text)
        if tok.start not in why or _GROUP_FLAG().search(tok.markup):
            return None
        end = tok.text.rindex("%}")
        end -= 1 if tok.text[end - 1] == "-" else 0
        plan.report.verbatim("bib-ungrouped", f"`{tok.text.strip()}`: {why[tok.start]}, which "
                             "jekyll-scholar cannot sort beside numbers to group this list "
                             "(it would stop the build); the list is shown without groups "
                             "(`--group_by none`). Give the entry a number to group it.",
                             rel, tok.line)
        return tok.text[:end].rstrip() + " --group_by none " + tok.text[end:]

    return replace_tokens(text, fix)


def _group_keys(config: dict[str, Any]) -> list[str]:
    found = config.get("scholar") if isinstance(config.get("scholar"), dict) else {}
    value = found.get("group_by") if isinstance(found, dict) else None
    return [k.strip() for k in str(value or "").split(",") if k.strip() not in ("", "none")]


def _ungroupable(plan: Plan, folder: str, use: scholar.Use, config: dict[str, Any]) -> str:
    """Why jekyll-scholar cannot group the entries ``use`` lists by DEST's `group_by`: it
    compares the values of a key, numbers as numbers and anything else as text, and a list
    where a `year` is `forthcoming` (or missing) beside `2019` stops the build. '' if it can."""
    if not use.files:
        return ""
    from ..formats.bibtex import parse_bib
    for key in (k for k in _group_keys(config) if k != "type"):
        kinds: dict[bool, str] = {}
        for name in use.files:
            rel = f"{folder}/{name}.bib"
            data = plan.files.get(rel)
            path = plan.copies.get(rel) or plan.dest / rel
            if data is None:
                try:
                    data = Path(path).read_bytes()
                except OSError:
                    continue
            for entry in parse_bib(data.decode("utf-8", "replace")).entries:
                value = next((v for k, v in entry.fields.items() if k.lower() == key), "")
                kinds.setdefault(value.strip().isdigit(), f"`{entry.key}` of `{rel}` has "
                                 f"{key} `{value.strip() or '(none)'}`")
        if len(kinds) > 1:
            return kinds[False]
    return ""
