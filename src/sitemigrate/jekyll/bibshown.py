"""The lines of a publication that a site's own bibliography layout prints from fields of
the owner's own, when an upgrade keeps the owner's `.bib` files and takes the new checkout's
layout.

jekyll-scholar renders each entry through the layout `scholar.bibliography_template` names
(`bib` by default). A field that SRC's layout printed as text (`<p>{{ entry.highlight
}}</p>`, not inside a tag's attribute) and DEST's layout prints nowhere would vanish from
the page: its value also goes into `note`, a line of its own that DEST's layout prints,
where the entry has no `note`; else it is said that a visitor no longer sees it. Also
:func:`braced_names`: a bare value no @string defines, written braced, as bibtex-ruby
prints both alike but al-folio's BibTeX box filters only the braced; and
:func:`refit_links`: a link field DEST's layout reads below another folder than SRC's."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..formats.bibtex import parse_bib, with_fields
from ..ir import Origin
from ..report import Report
from ..textio import load_yaml, read_text
from .liquid import shown_liquid

_PRINTED = re.compile(r"\{\{-?\s*entry\.(\w+)\s*(?:\|[^}]*)?-?\}\}")
_TAGS = re.compile(r"<[^>]*>")
_NOTE = "note"


def printed_as_text(layout: str) -> list[str]:
    """The `entry.*` fields a bibliography layout prints as text (outside any tag), in
    order, lower case."""
    out: list[str] = []
    for name in _PRINTED.findall(_TAGS.sub(" ", shown_liquid(layout))):
        if name.lower() not in out:
            out.append(name.lower())
    return out


_LINK = re.compile(r"""<a\b[^>]*?\bhref\s*=\s*["']?\s*\{\{-?\s*entry\.(\w+)\s*(?:\|[^}]*)?-?\}\}"""
                   r"[^>]*>(.*?)</a\s*>", re.S | re.I)


def linked(layout: str) -> dict[str, str]:
    """The `entry.*` fields a bibliography layout links (`<a href="{{ entry.code }}">Code</a>`),
    lower case, each with the words of its first link (its button's label), lower case."""
    out: dict[str, str] = {}
    for name, label in _LINK.findall(shown_liquid(layout)):
        out.setdefault(name.lower(), " ".join(_TAGS.sub(" ", label).split()).lower())
    return out


def bib_layout(root: Path) -> str:
    """The text of ``root``'s bibliography layout (its `_config.yml`'s
    `scholar.bibliography_template`, `bib` by default); "" without one."""
    found = read_text(root / "_config.yml", "_config.yml", None, root=root) \
        if (root / "_config.yml").is_file() else None
    config: Any = load_yaml(found.text, "_config.yml", None) if found is not None else None
    scholar = config.get("scholar") if isinstance(config, dict) else None
    name = str((scholar if isinstance(scholar, dict) else {}).get("bibliography_template")
               or "bib")
    for suffix in (".liquid", ".html"):
        rel = f"_layouts/{name}{suffix}"
        if (root / rel).is_file() and (layout := read_text(root / rel, rel, None, root=root)):
            return layout.text  # (never a file whose real path is outside the site)
    return ""


def shown_as_note(text: str, rel: str, src: Path, dest: Path, report: Report) -> str:
    """``text`` (the owner's `.bib` file ``rel``, as carried) with the value of each field of
    an entry that SRC's layout printed as text and DEST's prints nowhere also written as the
    entry's `note`, where DEST's layout prints `note` and the entry has none (said); where
    it cannot, said lost."""
    theirs = bib_layout(dest)
    ours = printed_as_text(bib_layout(src)) if theirs else []
    gone = [f for f in ours if not re.search(rf"\bentry\.{re.escape(f)}\b", theirs, re.I)]
    text = _links_kept(text, rel, bib_layout(src) if theirs else "", theirs, report)
    if not gone:
        return text
    room = _NOTE in printed_as_text(theirs)
    for entry in parse_bib(text).entries:
        shown = [(f, entry.fields[f]) for f in gone if entry.fields.get(f)]
        if not shown:
            continue
        field, value = shown[0]
        at = Origin(rel, entry.line)
        close = entry.raw.rstrip().rfind("}")
        if not room or _NOTE in entry.fields or len(shown) > 1 or close < 0 \
                or entry.raw not in text:
            report.lost("bib-field-shown", f"publication `{entry.key}`: your own bibliography "
                        f"layout showed its `{field}`; the new template's shows no `{field}`, "
                        "so a visitor no longer sees it (it is kept in the entry).", at)
            continue
        text = text.replace(entry.raw, with_fields(entry.raw, {_NOTE: value}), 1)
        report.mapped("bib-field-shown", f"publication `{entry.key}`: your own bibliography "
                      f"layout showed its `{field}`, which the new template's does not show: "
                      f"also written as `{_NOTE}`, the line it shows under the venue.", at)
    return text


def _links_kept(text: str, rel: str, ours: str, theirs: str, report: Report) -> str:
    """``text`` with the value of each field SRC's layout linked (a button, `<a href="{{
    entry.url }}">URL</a>`) and DEST's layout reads nowhere also written as the field DEST's
    layout links under the same label, where the entry has none (said); else it is said
    that a visitor no longer has that link. The fields an entry gets are written at once,
    each once: the first of two links of one label gets it."""
    mine, dests = linked(ours), linked(theirs)
    gone = {f: label for f, label in mine.items()
            if not re.search(rf"\bentry\.{re.escape(f)}\b", theirs, re.I)}
    for entry in parse_bib(text).entries if gone else ():
        close, at = entry.raw.rstrip().rfind("}"), Origin(rel, entry.line)
        added: dict[str, str] = {}
        for field, label in gone.items():
            value = entry.fields.get(field)
            if not value:
                continue
            same = next((f for f, words in dests.items() if words == label), "")
            if not same or same in entry.fields or same in added or close < 0 \
                    or entry.raw not in text:
                report.lost("bib-link-shown", f"publication `{entry.key}`: your own "
                            f"bibliography layout linked its `{field}` (`{label}`); the new "
                            f"template's links no `{field}`, so a visitor no longer has that "
                            "link (it is kept in the entry).", at)
                continue
            added[same] = value
            report.mapped("bib-link-shown", f"publication `{entry.key}`: your own bibliography "
                          f"layout linked its `{field}` as `{label}`: also written as `{same}`, "
                          "the new template's link of that label.", at)
        if added:
            text = text.replace(entry.raw, with_fields(entry.raw, added), 1)
    return text


def braced_names(text: str) -> str:
    """A field whose value is a bare name no @string defines (`bibtex_show = true`) written
    braced (`{true}`): bibtex-ruby reads both as that text, but it prints the bare name back
    as written, and al-folio's filter of the fields its BibTeX box hides (since 2024) only
    takes `name = {...}`, so the box showed `bibtex_show = true` on every such entry."""
    found = parse_bib(text)
    if not found.undefined:
        return text
    raws = {e.key: e.raw for e in found.entries}
    for key, fname, macro in dict.fromkeys(found.undefined):
        raw = raws.get(key)
        if not raw:
            continue
        bare = re.compile(rf"(?i)(\b{re.escape(fname)}\s*=\s*){re.escape(macro)}"
                          r"(?=\s*(?:,|\}|\)|$))", re.M)
        top, braced = _top_level(raw), f"{{{macro}}}"
        new = "".join(_spliced(raw, [m for m in bare.finditer(raw) if top[m.start()]], braced))
        if new != raw and raw in text:
            text = text.replace(raw, new, 1)
            raws[key] = new
    return text


def _spliced(raw: str, matches: list[re.Match[str]], braced: str) -> Iterator[str]:
    """``raw`` with each match's value (after its `name =`) replaced by ``braced``."""
    at = 0
    for m in matches:
        yield raw[at:m.end(1)] + braced
        at = m.end()
    yield raw[at:]


def _top_level(raw: str) -> list[bool]:
    """Per character of an entry's text: whether it is among its fields (inside the entry's
    own delimiters, outside any braced or quoted value)."""
    out, depth, quoted = [], 0, False
    for c in raw:
        out.append(depth == 1 and not quoted)
        if c == "{" or (c == "(" and depth == 0):
            depth += 1
        elif c == "}" or (c == ")" and depth == 1 and not quoted):
            depth -= 1
        elif c == '"' and depth == 1:
            quoted = not quoted
    return out


def refit_links(text: str, rel: str, src: Path, dest: Path, report: Report) -> str:
    """``text`` (the owner's `.bib` file ``rel``, as carried) with each link field that
    DEST's layout reads below a folder (`{{ entry.html | prepend: '/assets/html/' }}`) where
    SRC's read it below another or printed it as written, fitted to name the same file: its
    path from the new folder (`html={/assets/pdf/a.pdf}`, a site path SRC's layout linked
    as written, becomes `../pdf/a.pdf`, which the new layout links as
    `/assets/html/../pdf/a.pdf`: the same file). An address (`https://...`), a value SRC's
    layout did not print, and one that would climb out of the site stay as written."""
    from .prepends import from_folder, prepend_folders, prints_as_written
    theirs = bib_layout(dest)
    after = prepend_folders([theirs], "entry") if theirs else {}
    ours = bib_layout(src)
    before = prepend_folders([ours], "entry")
    if not after and not before:
        return text
    for entry in parse_bib(text).entries:
        changed: dict[str, tuple[str, str, str]] = {}
        for field, value in entry.fields.items():
            old = before.get(field.lower())
            new = after.get(field.lower(), "" if theirs and prints_as_written(
                [theirs], "entry", field) else None)
            value = value.strip()
            if new is None or new == (old or "") or not value or "://" in value or "{" in value \
                    or value.startswith("//") or not re.search(
                        rf"\bentry\.{re.escape(field)}\b", shown_liquid(ours), re.I):
                continue
            if old is None and not value.startswith("/"):
                continue  # linked from the page's own address: no file of a folder
            target = posixpath.normpath(f"{old or ''}/{value}".lstrip("/"))
            if target in (".", "..") or target.startswith("../"):
                continue
            changed[field] = (value, target, from_folder(target, new))
        raw = entry.raw
        for field, (value, _, fitted) in changed.items():
            at = re.search(rf"(?i)\b{re.escape(field)}\s*=\s*[{{\"]\s*{re.escape(value)}", raw)
            if at:
                raw = raw[:at.end() - len(value)] + fitted + raw[at.end():]
        if raw != entry.raw and entry.raw in text:
            text = text.replace(entry.raw, raw, 1)
            for field, (value, target, fitted) in changed.items():
                report.add("upgrade-folder", "info", "mapped", f"publication `{entry.key}`: "
                           f"`{field}={{{value}}}` named `/{target}`; the new "
                           f"template's bibliography layout reads `{field}` "
                           + (f"below `{after[field.lower()]}/`" if field.lower() in after
                              else "as written (a site path)")
                           + f", so the entry now gives `{fitted}`, the same file.",
                           Origin(rel, entry.line))
    return text
