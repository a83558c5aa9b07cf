"""What al-folio's CV page shows of a JSON Resume entry beyond JSON Resume's own fields: the
site's own `_includes/resume/<section>.liquid` (the CV layout includes it for each section,
the entry as `content`) may print a field of the owner's (`{{ content.advisor }}`, a loop
over `content.dissertation`). Such a field is not in the new theme's CV writers' vocabulary;
it goes into the entry's highlights, labelled by its key, so that the new CV shows it.
The owner's CV code may also show a key of the file that is no JSON Resume section through
the include of one (`{% when 'research' %}{% include resume/work.liquid %}`): its entries
are read as that section's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...formats.jsonresume import JSON_RESUME, SCHEMA_FIELDS, Dialect, point_text
from ...ir import CVSection, Origin
from ...jekyll.liquid import shown_liquid
from ...report import Report
from ...textio import read_source, within

_TAG = re.compile(r"<[^<>]*>")  # an HTML tag: the values in its attributes are no text
_PRINTED = re.compile(r"\{\{-?\s*content\.(\w+)")
_LOOP = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+content\.(\w+)")
# A `case` branch over a section's key and the include it shows that section with.
_WHEN = re.compile(r"\{%-?\s*when\s+((?:['\"][\w-]+['\"]\s*(?:,|\bor\b)?\s*)+)-?%\}"
                   r"\s*\{%-?\s*include\s+([\w./-]+)")


def shown_as(layout_text: str | None, include: str) -> dict[str, str]:
    """The file's keys that are no JSON Resume section which the CV code ``layout_text`` (the
    site's own, with its includes) shows with the include of one (``include``: the folder
    of the layout's section includes, `resume/`): each key -> that section."""
    out: dict[str, str] = {}
    for keys, name in _WHEN.findall(shown_liquid(layout_text or "")):
        section = name[len(include):].rsplit(".", 1)[0] if name.startswith(include) else ""
        for key in re.findall(r"['\"]([\w-]+)['\"]", keys):
            if JSON_RESUME.section(section) and JSON_RESUME.section(key) is None:
                out.setdefault(key, section)
    return out


def basics_key(layout_text: str | None, include: str) -> str:
    """The file's key that the CV code ``layout_text`` shows with the include of JSON Resume's
    `basics` (``include``: the folder of the layout's section includes, `resume/`): a
    layout that shows `{% when 'about' %}{% include resume/basics.liquid %}` and no
    `basics` with it shows the person's basics from `about`. `basics` where it names none."""
    keys: list[str] = []
    for names, name in _WHEN.findall(shown_liquid(layout_text or "")):
        if name.startswith(include) and name[len(include):].rsplit(".", 1)[0] == "basics":
            keys += re.findall(r"['\"]([\w-]+)['\"]", names)
    if "basics" in keys:
        return "basics"
    return next((k for k in keys if JSON_RESUME.section(k) is None), "basics")


def dialect_of(aliases: dict[str, str], basics: str = "basics") -> Dialect:
    """JSON Resume with each key of ``aliases`` a section like the one it names, titled as
    the CV loop titles a key it names no heading for (capitalised), and the person's basics
    under ``basics`` (:func:`basics_key`)."""
    sections = {}
    for key, section in aliases.items():
        known = JSON_RESUME.section(section)
        if known is not None:  # (shown_as keeps only sections JSON Resume has)
            sections[key] = (key[:1].upper() + key[1:], known[1], known[2])
    return Dialect(sections, basics=basics)


def printed_as_text(liquid: str, entry: str = "content") -> set[str]:
    """The fields of `content` (or the entry variable ``entry``) an include prints as text
    (not inside an HTML tag: a logo's `src`), directly or through a loop over them."""
    text = _TAG.sub(" ", shown_liquid(liquid))
    if entry == "content":
        found = set(_PRINTED.findall(text))
        loops = _LOOP.findall(text)
    else:
        found = set(re.findall(r"\{\{-?\s*" + re.escape(entry) + r"\.(\w+)", text))
        loops = re.findall(r"\{%-?\s*for\s+(\w+)\s+in\s+" + re.escape(entry) + r"\.(\w+)", text)
    found |= {field for var, field in loops
              if re.search(r"\{\{-?\s*" + re.escape(var) + r"\b", text)}
    return found


def _lines(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [line for x in items if (line := " ".join(str(point_text(x)).split()))]


def _first_printed(rel: str, liquid: str, fields: set[str]) -> Origin:
    """The line of include ``rel`` (its text ``liquid``) that first prints one of ``fields``."""
    at = min(liquid.find(f"content.{k}") for k in fields)
    return Origin(rel, liquid.count("\n", 0, at) + 1)


def own_fields_shown(sections: list[CVSection], src: Path, report: Report) -> None:
    """Each entry's field that is no JSON Resume field of its section and that the site's own
    include of that section prints as text: one highlight per line, `Key: text`."""
    for sec in sections:
        schema = SCHEMA_FIELDS.get(sec.key)
        path = src / "_includes" / "resume" / f"{sec.key}.liquid"
        if schema is None or not path.is_file() or not within(src, path):
            continue
        rel = f"_includes/resume/{sec.key}.liquid"
        raw = read_source(path, rel, report, root=src)
        liquid = raw.decode("utf-8", "replace") if raw else ""
        shown = printed_as_text(liquid)
        moved: set[str] = set()
        for entry in sec.entries:
            extra = entry.get("extra") if isinstance(entry, dict) else None
            if not isinstance(extra, dict):
                continue
            for key in [k for k in extra if k in shown and k not in schema]:
                lines = _lines(extra[key])
                if lines:
                    label = key[:1].upper() + key[1:]
                    entry["description"] = [*(entry.get("description") or []),
                                            *(f"{label}: {line}" for line in lines)]
                    del extra[key]
                    moved.add(key)
            if not extra:
                del entry["extra"]
        if moved:
            report.mapped("cv-own-field", f"CV section `{sec.key}`: your `{rel}` shows "
                          + ", ".join(f"`{k}`" for k in sorted(moved)) + ", no field of JSON "
                          "Resume: each is a line of the entry's highlights.",
                          _first_printed(rel, liquid, moved))


def classic_fields_shown(sections: list[CVSection], src: Path, report: Report) -> None:
    """Each classic `_data/cv.yml` entry's text field that no neutral key holds (kept in
    ``extra``) and that the site's include of its section's type prints as text, as
    `{{ content.FIELD }}` (the 2024-25 `cv/time_table` prints a `department` and a
    `maindescription` under the institution): the entry's summary, one line each, in the
    order the include prints them. An include that does not print it leaves it unshown."""
    includes: dict[str, tuple[str, str] | None] = {}
    for sec in sections:
        if sec.kind and sec.kind not in includes:
            includes[sec.kind] = None
            for rel in (f"_includes/cv/{sec.kind}.liquid", f"_includes/cv/{sec.kind}.html"):
                if (src / rel).is_file() and within(src, src / rel):
                    raw = read_source(src / rel, rel, report, root=src)
                    includes[sec.kind] = (rel, raw.decode("utf-8", "replace") if raw else "")
                    break
        found = includes.get(sec.kind)
        if not found:
            continue
        rel, liquid = found
        printed = sorted(printed_as_text(liquid), key=lambda k: liquid.find(f"content.{k}"))
        moved: set[str] = set()
        for entry in sec.entries:
            extra = entry.get("extra") if isinstance(entry, dict) else None
            if not isinstance(extra, dict):
                continue
            lines = []
            for key in [k for k in printed if isinstance(extra.get(k), (str, int, float))]:
                lines += _lines(extra.pop(key))
                moved.add(key)
            if lines:
                entry["summary"] = "\n".join([*filter(None, [entry.get("summary")]), *lines])
            if not extra:
                del entry["extra"]
        if moved:
            report.mapped("cv-own-field", f"CV section `{sec.title}`: `{rel}` shows "
                          + ", ".join(f"`{k}`" for k in sorted(moved)) + " of its entries: "
                          "each is a line of the entry's summary.",
                          _first_printed(rel, liquid, moved))


_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)")


def fields_shown(sections: list[CVSection], layout_text: str | None, rule: str, vocab: dict,
                 src: Path, report: Report, renamed: dict[str, dict[str, str]]) -> None:
    """Each JSON Resume section's :attr:`~sitemigrate.ir.CVSection.fields_shown`: the fields
    of its entries the source's CV page printed as text. A CV layout shows a section with an
    include named for it (`cv/skills.liquid`, `resume/skills.liquid`), each entry as `entry`
    or `content`: the fields the site's own include prints as text (a value inside an HTML
    tag, a skill's level in a tooltip's `title`, is none). The site's own layout names its
    includes; the layout rule's (``cv_layout.fields_shown`` in the mapping) names its folder
    and, where the site has no include of that name (Jekyll reads the site's first), the
    fields the template's include prints. ``renamed``: the data format's own names of JSON
    Resume fields, per section (RenderCV's; `""` for every section)."""
    own = shown_liquid(layout_text) if layout_text is not None else None
    spec = (vocab["cv_layout"].get("fields_shown") or {}).get(rule) or {}
    for sec in sections:
        schema = SCHEMA_FIELDS.get(sec.key)
        if schema is None:
            continue
        if own is not None:
            names = [n for n in dict.fromkeys(_INCLUDE.findall(own))
                     if n.rsplit("/", 1)[-1].split(".")[0] == sec.key]
        else:
            names = [f"{spec.get('include', '')}{sec.key}{suffix}"
                     for suffix in (".liquid", ".html")] if spec.get("include") else []
        rename = {**renamed.get("", {}), **renamed.get(sec.key, {})}
        found: set[str] | None = None
        for name in names:
            rel = f"_includes/{name}"
            if ".." in name.split("/") or not (src / rel).is_file() \
                    or not within(src, src / rel):
                continue
            raw = read_source(src / rel, rel, report, root=src)
            liquid = raw.decode("utf-8", "replace") if raw else ""
            found = (found or set()) | printed_as_text(liquid, "entry") | printed_as_text(liquid)
        if found is None:
            found = set() if own is not None else {str(f) for f in spec.get(sec.key) or []}
        sec.fields_shown = sorted({rename.get(f, f) for f in found} & schema)
