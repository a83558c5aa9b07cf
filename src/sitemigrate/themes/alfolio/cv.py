"""al-folio's CV data files <-> IR CV sections: ``_data/cv.yml`` (classic or RenderCV), and
the JSON Resume (``assets/json/resume.json``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ...formats import jsonresume
from ...inert import is_safe
from ...ir import CVSection, Origin, Site, plain
from ...jekyll.configkeys import source_config
from ...jekyll.liquid import shown_liquid
from ...jekyll.site import text
from ...report import Report
from ...textio import node_line, read_source

CV_YML = "_data/cv.yml"
RESUME_JSON = "assets/json/resume.json"
# RenderCV / al-folio cv.yml entry keys that differ from JSON Resume's, per section.
RENDERCV_KEYS: dict[str, dict[str, str]] = {
    "": {"start_date": "startDate", "end_date": "endDate"},
    "work": {"company": "name"},
    "volunteer": {"company": "organization"},
    "education": {"degree": "studyType"},
    "publications": {"title": "name", "date": "releaseDate", "journal": "publisher"},
    "languages": {"name": "language", "summary": "fluency"},
}


def _line(node: Any) -> int | None:
    lc = getattr(node, "lc", None)
    return lc.line + 1 if lc is not None and lc.line is not None else None


def _classic_sections(data: list, report: Report) -> list[CVSection]:
    out = []
    for sec in data:
        if not isinstance(sec, dict):
            report.problem("cv-section", f"CV section `{sec}` is not a mapping; skipped.",
                           CV_YML, _line(data))
            continue
        kind = text(sec.get("type"))
        title = text(sec.get("title"))
        origin = Origin(CV_YML, _line(sec))
        contents = sec.get("contents") or []
        contents = contents if isinstance(contents, list) else [contents]
        if kind not in ("map", "time_table", "list", "nested_list"):
            report.verbatim("cv-type", f"CV section `{title}` has type `{kind}`, which "
                            "sitemigrate does not know; its entries were kept as written.",
                            origin)
            kind = ""
        out.append(CVSection(title, [_classic_entry(e, kind) for e in contents],
                             kind=kind, key=jsonresume.key_for_title(title),  # type: ignore[arg-type]
                             origin=origin))
    return out


def _words(value: Any) -> str:
    """The words of a CV value as the classic layout prints them: a scalar as it is; a
    mapping or list (`{years: 2016, items: [...]}` where the layout expects text, printed as
    Ruby writes data) by its values, without the data's syntax: `2016 — A; B`."""
    if isinstance(value, dict):
        return " — ".join(w for w in map(_words, value.values()) if w)
    if isinstance(value, list):
        return "; ".join(w for w in map(_words, value) if w)
    return text(value)


def _classic_entry(entry: Any, kind: str) -> dict[str, Any]:
    if not isinstance(entry, dict):
        return {"title": text(entry)}
    out: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in entry.items():
        key, value = str(key), plain(value)
        if key == "description":
            points = value if isinstance(value, list) else [value]
            out["description"] = [
                {"title": text(p.get("title")),
                 "items": [_words(i) for i in p.get("contents") or []]}
                if isinstance(p, dict) else _words(p) for p in points if p not in (None, "")]
            if not out["description"]:
                del out["description"]
        elif key == "items":
            out["items"] = [_words(i) for i in (value if isinstance(value, list) else [value])]
        elif key in ("title", "institution", "year", "name", "value", "location", "url"):
            if value not in (None, ""):
                out[key] = text(value)
        else:
            extra[key] = value
    if extra:
        out["extra"] = extra
    return out


def _rendercv_sections(cv: dict, report: Report) -> tuple[list[CVSection], dict[str, Any]]:
    basics: dict[str, Any] = {}
    for key, new in (("name", "name"), ("label", "label"), ("email", "email"),
                     ("phone", "phone"), ("website", "url"), ("summary", "summary"),
                     ("image", "image")):
        if cv.get(key) not in (None, ""):
            basics[new] = plain(cv[key])
    location = plain(cv.get("address")) if isinstance(cv.get("address"), dict) else {}
    if cv.get("location"):
        location = {**location, "city": text(cv["location"])} if not location.get("city") \
            else {**location, "label": text(cv["location"])}
    if location:
        basics["location"] = location
    if isinstance(cv.get("social_networks"), list):
        basics["profiles"] = plain(cv["social_networks"])
    sections = []
    raw = cv.get("sections") or {}
    for title, entries in (raw.items() if isinstance(raw, dict) else []):
        title = text(title)
        key = jsonresume.key_for_title(title)
        if key in ("presentations", "teaching", "portfolio"):
            key = ""
        entries = entries if isinstance(entries, list) else [entries]
        origin = Origin(CV_YML, _line(raw))
        if key:
            rename = {**RENDERCV_KEYS[""], **RENDERCV_KEYS.get(key, {})}
            ir = [_one_line(e) or jsonresume.entry_from(key, {rename.get(str(k), str(k)): v
                                                              for k, v in e.items()})
                  if isinstance(e, dict) else {"title": text(e)} for e in entries]
            kind = jsonresume.SECTIONS[key][1]
        else:
            ir, kind = _rendercv_generic(entries)
        sections.append(CVSection(title, ir, kind=kind, key=key, origin=origin))  # type: ignore[arg-type]
    return sections, basics


def _one_line(e: dict) -> dict[str, Any] | None:
    """RenderCV's entry of one line in a section of a JSON Resume kind (`Awards and Honors`
    of one-line entries): RenderCV tells an entry's type by its keys, not by the section's
    title. A bullet entry is its title; a one-line entry its `details` dated by its `label`
    (the year an award line names). None: an entry of the section's own kind."""
    if set(e) == {"bullet"}:
        return {"title": text(e["bullet"])}
    if _is_one_line(e):
        out: dict[str, Any] = {k: v for k, v in (("title", text(e["details"])),
                                                 ("date", text(e["label"]))) if v}
        extra = {str(k): plain(v) for k, v in e.items() if k not in ("label", "details")}
        return {**out, "extra": extra} if extra else out
    return None


# The keys RenderCV tells its other entry types by (a normal entry's `name`, an experience's
# `company`, an education's `institution`, a publication's `title`, a bullet's `bullet`).
_OTHER_ENTRY_KEYS = ("name", "company", "institution", "title", "bullet")


def _is_one_line(e: dict) -> bool:
    """A RenderCV one-line entry: its `label` and `details`, and no key another entry type
    is told by; any other key (an `icon` the site's own include shows) does not make it an
    entry of another type."""
    return "label" in e and "details" in e and not any(k in e for k in _OTHER_ENTRY_KEYS)


def _rendercv_generic(entries: list) -> tuple[list[dict[str, Any]], str]:
    """RenderCV entry types of a custom section: text, bullet, one-line, normal/experience."""
    out = []
    kinds = set()
    for e in entries:
        if not isinstance(e, dict):
            out.append({"title": text(e)})
            kinds.add("list")
        elif set(e) == {"bullet"}:
            out.append({"title": text(e["bullet"])})
            kinds.add("list")
        elif "label" in e and "details" in e:
            out.append({"name": text(e["label"]), "value": text(e["details"])})
            kinds.add("map")
        else:
            d = {str(k): plain(v) for k, v in e.items()}
            entry: dict[str, Any] = {}
            for key, new in (("position", "title"), ("name", "title"), ("title", "title"),
                             ("company", "institution"), ("institution", "institution"),
                             ("date", "year"), ("start_date", "start"), ("end_date", "end"),
                             ("location", "location"), ("url", "url"), ("summary", "summary"),
                             ("highlights", "description")):
                if key in d and new not in entry and d[key] not in (None, ""):
                    value = d.pop(key)
                    entry[new] = ([text(jsonresume.point_text(v)) for v in value]
                                  if isinstance(value, list) else [text(value)]) \
                        if new == "description" else text(value)
            if d:
                entry["extra"] = d
            out.append(entry)
            kinds.add("time_table")
    return out, (kinds.pop() if len(kinds) == 1 else "time_table")


def _html(value: Any) -> Any:
    """Markdown links, bold and italic as HTML (al-folio's CV includes print fields
    unprocessed)."""
    if not isinstance(value, str):
        return value
    value = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", r'<a href="\2">\1</a>', value)
    value = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", value)
    return re.sub(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])", r"<i>\1</i>", value)


def _classic_section(sec: CVSection, report: Report) -> CommentedMap:
    kind = sec.kind or ("time_table" if any(isinstance(e, dict) and (
        e.get("year") or e.get("start") or e.get("date") or e.get("institution"))
        for e in sec.entries) else "list")
    out = CommentedMap([("title", sec.title), ("type", kind)])
    contents = []
    dropped: set[str] = set()
    for e in sec.entries:
        e = e if isinstance(e, dict) else {"title": str(e)}
        if kind == "map":
            contents.append(CommentedMap([("name", _html(e.get("name") or e.get("title", ""))),
                                          ("value", _html(e.get("value") or
                                                          e.get("summary") or ""))]))
            continue
        if kind == "list":
            contents.append(_html(" — ".join(str(e[k]) for k in ("title", "name", "value",
                                                                  "summary") if e.get(k))))
            continue
        row = CommentedMap()
        title = _html(e.get("title") or e.get("name") or "")
        if e.get("role"):
            title = f"{title} ({e['role']})" if title else e["role"]
        if e.get("url") and title and "<a " not in title:
            title = f'<a href="{e["url"]}">{title}</a>'
        if title:
            row["title"] = title
        if kind == "time_table":
            place = ", ".join(str(e[k]) for k in ("institution", "location") if e.get(k))
            if place:
                row["institution"] = _html(place)
            year = jsonresume.display_year(e)
            if year:
                row["year"] = year
        points = ([e["summary"]] if e.get("summary") else []) + list(e.get("description") or [])
        items = list(e.get("items") or [])
        if kind == "nested_list":
            items = [p if isinstance(p, str) else p.get("title", "") for p in points] + items
            points = []
        if points:
            row["description"] = [_html(p) if isinstance(p, str) else CommentedMap(
                [("title", _html(p.get("title", ""))),
                 ("contents", [_html(i) for i in p.get("items") or []])]) for p in points]
        if items:
            row["items"] = [_html(i) for i in items]
        # kept only in resume.json; a value the title shows (a degree's type, area) is not lost
        dropped |= {k for k, v in (e.get("extra") or {}).items()
                    if not (isinstance(v, str) and v and v in str(e.get("title", "")))}
        contents.append(row)
    out["contents"] = contents
    if dropped:
        report.lost("cv-detail", f"CV section `{sec.title}`: the classic `_data/cv.yml` has no "
                    f"place for {', '.join(f'`{d}`' for d in sorted(dropped))}; dropped there "
                    f"(kept in `{RESUME_JSON}` where one is written).", sec.origin)
    return out


# The CV data's own `basics` a classic `_data/cv.yml` shows, in JSON Resume's order and
# words (the 2024-25 CV layout shows a JSON Resume's basics under their keys so).
_BASICS_SHOWN = ("name", "label", "email", "phone", "url", "summary")


def _classic_basics(basics: dict[str, Any]) -> CommentedMap | None:
    """The CV data's `basics` (a RenderCV `cv:`'s name, email and summary, a JSON Resume's
    `basics`) as the first section of a classic `_data/cv.yml`, which has no place of its
    own for them: a `map` titled `Basics` (as the layout titles a JSON Resume's), an email
    and a web address as links. None when the data had none of them."""
    import html
    rows = []
    for key in _BASICS_SHOWN:
        value = basics.get(key) if key != "url" else basics.get("url") or basics.get("website")
        if not isinstance(value, (str, int, float)) or not str(value).strip():
            continue
        value = str(value).strip()
        shown = html.escape(value, quote=False)
        if key == "email" and "@" in value and not re.search(r"[\s<>\"]", value):
            shown = f'<a href="mailto:{html.escape(value)}">{shown}</a>'
        elif key == "url" and re.match(r"https?://[^\s<>\"]+$", value):
            shown = f'<a href="{html.escape(value)}">{shown}</a>'
        elif key == "summary":
            shown = _html(" ".join(value.split()))
        rows.append(CommentedMap([("name", key.capitalize()), ("value", shown)]))
    if not rows:
        return None
    return CommentedMap([("title", "Basics"), ("type", "map"), ("contents", rows)])


def _rendercv_of(site: Site, report: Report, layout: str | None = None,
                 shown: dict[str, set[str]] | None = None) -> CommentedMap:
    """RenderCV's `cv:` of the site's CV; ``layout`` is DEST's CV layout and the CV includes
    it shows entries with (if it has them), ``shown`` the entry fields the include of each
    section title it lays out its own way shows (:func:`.cvpage._section_fields`)."""
    cv = site.cv
    assert cv is not None  # written only for a site with CV data
    basics = jsonresume.basics_of(site.identity, cv.basics)
    out = CommentedMap()
    for key, new in (("name", "name"), ("label", "label"), ("email", "email"),
                     ("phone", "phone"), ("url", "website"), ("summary", "summary"),
                     ("image", "image")):
        if basics.get(key):
            out[new] = basics[key]
    loc = basics.get("location")
    if isinstance(loc, dict):
        label = loc.get("label") or ", ".join(str(loc[k]) for k in ("city", "region")
                                              if loc.get(k))
        if label:
            out["location"] = label
        # a part left empty is left out: the card tests each with Liquid, for which an
        # empty text is true, and showed the comma after it (`, Troms`)
        address = {k: v for k, v in loc.items() if k != "label" and v not in (None, "")}
        if set(address) - {"city"}:
            out["address"] = address
    if basics.get("profiles"):
        nets = [{"network": p.get("network", ""), "username": p.get("username") or p.get("url", "")}
                for p in basics["profiles"] if isinstance(p, dict)
                and any(p.get(k) for k in ("network", "username", "url"))]  # not a blank one
        out["social_networks"] = [n for n in nets if n["network"] in jsonresume.RENDERCV_NETWORKS]
        skipped = [n["network"] for n in nets if n["network"] not in jsonresume.RENDERCV_NETWORKS]
        if skipped:
            report.verbatim("cv-network", "RenderCV knows no social network "
                            + ", ".join(f"`{n}`" for n in skipped) + "; left out of "
                            f"`{CV_YML}` (still in `_data/socials.yml`).", cv.origin)
    sections = CommentedMap()
    for sec in cv.sections:
        key = sec.key or jsonresume.key_for_title(sec.title)
        if key in jsonresume.STANDARD:
            back = {v: k for k, v in {**RENDERCV_KEYS[""], **RENDERCV_KEYS.get(key, {})}.items()}
            if layout:  # DEST's layout reads the JSON Resume name only (2026: `publisher`)
                back = {j: r for j, r in back.items()
                        if f"entry.{r}" in layout or f"entry.{j}" not in layout}
            # an open end keeps the owner's word (`Ongoing`, `now`): the CV layout prints
            # `end_date` as written, and RenderCV's `present` is not what the owner wrote
            entries = [{back.get(k, k): v for k, v in jsonresume.entry_to(
                key, e if isinstance(e, dict) else {"title": str(e)}).items()}
                for e in sec.entries]
            entries = _single_dates(entries, layout, sec.title, report, sec.origin)
        else:
            entries = [_rendercv_entry(e, sec.kind) for e in sec.entries]
            if _generic_section(sec.title, layout):
                entries = [_as_bullet(e) for e in entries]
        entries = _written_entries(sec, entries, report)
        title = sec.title
        renamed = _SHOWN_TITLES.get(key)
        if renamed and title != renamed and renamed not in sections and not any(
                s.title == renamed for s in cv.sections) and \
                re.search(rf"section_title\s*==\s*['\"]{renamed}['\"]", layout or ""):
            report.mapped("cv-section", f"CV section `{title}` is RenderCV's `{renamed}` in "
                          f"`{CV_YML}`: al-folio's CV layout shows experience entries only "
                          f"under that title.", sec.origin)
            title = renamed
        if key in jsonresume.STANDARD and _generic_section(title, layout):
            entries = [_as_bullet(e) for e in entries]  # (`Research Interests`: no include)
        if shown and shown.get(title):
            entries = _named_lists(entries, shown[title], title, report, sec.origin)
            entries = _shown_entries(entries, shown[title], title, report, sec.origin)
        while title in sections:
            title += " (2)"
        sections[title] = entries
    out["sections"] = sections
    return out


def _written_entries(sec: CVSection, entries: list[Any], report: Report) -> list[Any]:
    """The RenderCV entries of ``sec`` that hold something to show; an entry of the site's
    that gives none (no text RenderCV's fields can hold) is a finding at its own line, never
    left out in silence."""
    out = []
    for source, e in zip(sec.entries, entries, strict=True):
        said = _entry_text(source)
        if _has_text(e):
            if isinstance(e, dict) and sec.key in jsonresume.STANDARD and _has_text(
                    e.get("value")):  # a name/value pair: no RenderCV entry has a `value`
                report.verbatim("cv-field", f"CV section `{sec.title}`: the entry “{said[:80]}"
                                f"” is a name/value pair; `{CV_YML}` keeps its `value`, which "
                                "no RenderCV entry of the section has and the CV page does "
                                "not show: write it as the entry's title and place.",
                                _entry_origin(sec, source))
            out.append(e)
            continue
        report.lost("cv-entry", f"CV section `{sec.title}`: the entry “{said[:80]}” has "
                    f"nothing `{CV_YML}` can hold (no title, place, date or text RenderCV "
                    "writes); not carried: write it again in the new CV.",
                    _entry_origin(sec, source))
    return out


def _has_text(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_has_text(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_text(v) for v in value)
    return value is not None and str(value).strip() != ""


def _entry_text(entry: Any) -> str:
    if isinstance(entry, dict):
        return "; ".join(f"{k}: {v}" for k, v in entry.items() if v not in (None, "", [], {}))
    return str(entry)


def _entry_origin(sec: CVSection, entry: Any) -> Origin | None:
    """The line of section ``sec`` (its Markdown, where it was read from one) that holds the
    first words of ``entry``'s first text; else the section's own line."""
    origin = sec.origin
    if origin is None or origin.line is None:
        return origin
    texts = [v for v in entry.values() if isinstance(v, str) and v.strip()] \
        if isinstance(entry, dict) else [str(entry)]
    words = re.findall(r"\w+", texts[0])[:3] if texts else []
    for n, line in enumerate(sec.markdown.split("\n")):
        if words and all(w in line for w in words):
            return Origin(origin.path, origin.line + n)
    return origin


def _shown_entries(entries: list[Any], fields: set[str], title: str, report: Report,
                   origin: Origin | None) -> list[Any]:
    """``entries`` of section ``title``, whose include in DEST's CV layout shows ``fields``:
    an entry's text in a field it does not show (an education's `summary`, an award's list
    of `items`) goes first in the entry's `highlights` where the include shows them, else
    after its `summary` (the lines joined) where it shows that; where it shows neither, the
    text is reported."""
    out, moved = [], set()
    into = "highlights" if "highlights" in fields else "summary" if "summary" in fields else ""
    for e in entries:
        hidden = [k for k, v in e.items() if k not in fields and k != into and _lines(v)] \
            if isinstance(e, dict) else []
        if not hidden:
            out.append(e)
            continue
        moved.update(hidden)
        if not into:
            out.append(e)
            continue
        lines = [line for k in hidden for line in _lines(e[k])]
        kept = {k: v for k, v in e.items() if k not in hidden}
        if into == "highlights":
            kept["highlights"] = lines + list(e.get("highlights") or [])
        else:
            kept["summary"] = "; ".join(_lines(e.get("summary")) + lines)
        out.append(kept)
    if moved:
        said = ", ".join(f"`{k}`" for k in sorted(moved))
        if into:
            where = "the first of each entry's highlights" if into == "highlights" else \
                "each entry's summary"
            report.mapped("cv-field", f"CV section `{title}`: DEST's CV layout shows no {said} "
                          f"of its entries; that text is {where}.", origin)
        else:
            report.verbatim("cv-field", f"CV section `{title}`: DEST's CV layout shows no {said} "
                            f"of its entries; the text stays in `{CV_YML}`, not shown: move it "
                            "into a field the section shows.", origin)
    return out


def _named_lists(entries: list[Any], fields: set[str], title: str, report: Report,
                 origin: Origin | None) -> list[Any]:
    """``entries`` of section ``title``, whose include in DEST's CV layout shows each entry
    as its `name` and a colon, then its `keywords` (al-folio 2026's skills): the entries
    that are a name only (a bare list of skills) would each show as "Python:" with nothing
    after; they are one entry instead, named by the section's title, whose keywords are
    their names, where the first of them stood."""
    if not {"name", "keywords"} <= fields:
        return entries
    bare = [e for e in entries if isinstance(e, dict) and set(e) == {"name"}
            and isinstance(e["name"], str) and e["name"].strip()]
    if not bare:
        return entries
    out: list[Any] = []
    for e in entries:
        if e is bare[0]:
            out.append({"name": title, "keywords": [b["name"] for b in bare]})
        elif not any(e is b for b in bare):
            out.append(e)
    report.mapped("cv-field", f"CV section `{title}`: DEST's CV layout shows each entry as "
                  "its name and a colon before its keywords; the "
                  f"{len(bare)} entries that are a name only are one entry, `{title}`, whose "
                  "keywords are their names.", origin)
    return out


def _lines(value: Any) -> list[str]:
    """The text of an entry's field as lines: a text or number, or a list of them (an
    entry's `items`); [] for anything else (a mapping, a list of mappings, nothing)."""
    values = value if isinstance(value, list) else [value]
    if not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values):
        return []
    return [str(v).strip() for v in values if str(v).strip()]


# al-folio's RenderCV layout (2026) shows `work`/`volunteer` entries only under these titles
# (a section of any other title shows bullet and one-line entries only); a section is
# renamed only when DEST's CV layout tests the title.
_SHOWN_TITLES = {"work": "Experience", "volunteer": "Volunteer"}


def _generic_section(title: str, layout: str | None) -> bool:
    """Whether DEST's CV layout shows section ``title`` as a generic section: it tests the
    titles it lays out its own way (`section_title == 'Education'`), and not this one, so it
    shows the section's bullet and one-line entries only (2026: a talk written as a job
    entry showed nothing)."""
    return bool(layout) and re.search(r"section_title\s*==", layout or "") is not None and \
        re.search(rf"section_title\s*==\s*['\"]{re.escape(title)}['\"]", layout or "") is None


_BULLET_ORDER = ("name", "position", "company", "location", "date", "summary")


def _as_bullet(e: Any) -> Any:
    """A RenderCV entry as the bullet entry a generic section shows: every text the entry
    has, its title linked to its `url`, the dates, then its highlights. An institution and
    its place read as the owner wrote them, one comma apart (``Dublin, Ireland``: the CV
    reader split the place off a comma-separated line), not as two parts of the bullet."""
    if not isinstance(e, dict) or "bullet" in e or "label" in e:
        return e
    e = dict(e)
    if all(isinstance(e.get(k), str) and e[k].strip() for k in ("company", "location")):
        e["company"] = f"{e['company'].strip()}, {e.pop('location').strip()}"
    parts = [str(e[k]).strip() for k in _BULLET_ORDER if isinstance(e.get(k), (str, int))
             and str(e[k]).strip()]
    if jsonresume.one_date(e.get("start_date"), e.get("end_date")):
        parts.append(str(e["start_date"]).strip())  # one date, written once
    elif e.get("start_date") or e.get("end_date"):
        parts.append(f"{e.get('start_date', '')}–{e.get('end_date', '')}".strip("–"))
    used = {*_BULLET_ORDER, "start_date", "end_date", "url", "highlights"}
    parts += [str(v).strip() for k, v in e.items() if k not in used
              and isinstance(v, (str, int)) and str(v).strip() and "://" not in str(v)]
    url = e["url"].strip() if isinstance(e.get("url"), str) else ""
    if parts and url and is_safe(url) and not re.search(r"[\s()<>]", url):
        parts[0] = f"[{parts[0]}]({url})"  # never a script link: the layout markdownifies
    points = [str(p).strip() for p in e.get("highlights") or [] if str(p).strip()]
    return {"bullet": " — ".join(parts + (["; ".join(points)] if points else []))}


def _rendercv_entry(e: Any, kind: str) -> Any:
    """A neutral entry as a RenderCV entry (bullet, one-line, normal or experience entry; a
    line of text is a bullet entry: al-folio's CV layout does not show RenderCV text entries)."""
    if not isinstance(e, dict):
        return {"bullet": str(e)}
    if kind == "list":
        return {"bullet": " — ".join(str(e[k]) for k in ("title", "name", "value", "summary")
                                     if e.get(k))}
    if kind == "map" or ("name" in e and "value" in e and "title" not in e):
        return {"label": e.get("name", ""), "details": e.get("value", "")}
    out: dict[str, Any] = {}
    if e.get("institution"):
        out["company"] = e["institution"]
        out["position"] = e.get("title", "")
    else:
        out["name"] = e.get("title", "")
    for key, new in (("location", "location"), ("url", "url"), ("summary", "summary")):
        if e.get(key):
            out[new] = e[key]
    if e.get("start") or e.get("end"):
        out["start_date"], out["end_date"] = e.get("start", ""), e.get("end", "present")
    elif jsonresume.display_year(e):
        out["date"] = jsonresume.display_year(e)
    points = [p if isinstance(p, str) else jsonresume._flat(p)
              for p in list(e.get("description") or []) + list(e.get("items") or [])]
    if points:
        out["highlights"] = points
    out.update({k: v for k, v in (e.get("extra") or {}).items() if k not in out})
    return out


def _single_dates(entries: list[dict[str, Any]], layout: str | None, title: str,
                  report: Report, origin: Any) -> list[dict[str, Any]]:
    """Entries with an end date and no start (a single year the owner wrote, `2014`) where
    DEST's CV layout prints an entry's dates from `start_date` and `end_date` (a section
    whose entries have a single `date` field keeps it there): it joins them as
    `start - end`, so an end alone shows as ` - 2014`; such an entry is written with the
    year as its start too (`2014 - 2014`), and said."""
    if not layout or "entry.start_date" not in layout or "entry.end_date" not in layout:
        return entries
    out, changed = [], []
    for e in entries:
        if e.get("end_date") not in (None, "") and e.get("start_date") in (None, ""):
            e = {("start_date" if k == "end_date" else k): v for k, v in e.items()
                 if k != "start_date"} | {"end_date": e["end_date"]}
            changed.append(str(e["end_date"]))
        out.append(e)
    if changed:
        report.mapped("cv-date", f"CV section `{title}`: DEST's CV layout shows an entry's "
                      "dates as `start - end` (an end alone as ` - "
                      f"{changed[0]}`), so {len(changed)} entr{'y' if len(changed) == 1 else 'ies'}"
                      f" of a single date ({', '.join(f'`{c}`' for c in changed[:3])}) "
                      "have it as their start and end.", origin)
    return out


def cv_layout_rule(layout_text: str | None, generation: str, vocab: dict, found: set[str],
                   wanted: str) -> str:
    """How the CV layout picks its data (``cv_layout`` in the mapping): from the site's own
    layout's Liquid when SRC has one (what it reads, and in which order), else the rule of
    the site's generation. A RenderCV `cv.yml` or a page's `cv_format` mean the `cv-format`
    layout whatever the generation (older layouts know neither). What the layout reads
    inside an HTML or Liquid comment it does not show."""
    if layout_text is not None:
        layout_text = shown_liquid(layout_text)
        if re.search(r"\bpage\.cv_format\b", layout_text):
            return "cv-format"
        cv_at = re.search(r"\bsite\.data\.cv\b", layout_text)
        resume_at = re.search(r"\bsite\.data\.resume\b", layout_text)
        if cv_at and resume_at:
            return "resume-first" if resume_at.start() < cv_at.start() else "cv-first"
        return "cv-only" if cv_at else "resume-only" if resume_at else "none"
    if "rendercv" in found or wanted:
        return "cv-format"
    return str(vocab["cv_layout"]["generations"].get(generation, "resume-first"))


def resume_sections_shown(sections: list[CVSection], layout_text: str | None, rule: str,
                           config: dict, rel: str, report: Report,
                           unknown: tuple[str, ...] = ()) -> list[CVSection]:
    """The JSON Resume sections al-folio's CV layout shows (an empty one is none,
    :func:`.jsonresume.sections_from`): where the layout reads `site.jsonresume` (the site's
    own layout when SRC has one; else the template's, which came with that `_config.yml`
    key, the `cv-format` layout aside), only the sections that list names. A section left
    out that way was not on the source's CV page: not carried, and said so. ``unknown``:
    the file's keys that are no JSON Resume section, said to be left out, and where that
    list leaves them out too, that the source's CV page did not show them either."""
    wanted = config.get("jsonresume")
    reads = (re.search(r"\bsite\.jsonresume\b", shown_liquid(layout_text)) is not None
             if layout_text is not None else rule != "cv-format")
    listed = ({str(k) for k in wanted} if reads and isinstance(wanted, list) and wanted
              else None)
    shown = []
    for sec in sections:
        if listed is not None and sec.key not in listed:
            report.verbatim("cv-unshown", f"CV section `{sec.key}` is not in `jsonresume` of "
                            "`_config.yml`, so the source's CV page did not show it; not "
                            "carried. Add it to the CV by hand if you want it.", rel)
            continue
        shown.append(sec)
    rename = (" To show it, move it into a JSON Resume section (`basics` for a name or "
              "contact details, `work`, `projects`, `skills`, ...) and convert again.")
    for key in unknown:
        if listed is not None and key not in listed:
            report.verbatim("cv-json-key", f"`{key}` is not a JSON Resume section, and not in "
                            "`jsonresume` of `_config.yml`: the source's CV page did not show "
                            "it either; not carried." + rename, rel)
        else:
            report.lost("cv-json-key", f"`{key}` is not a JSON Resume section; not carried."
                        + rename, rel)
    return shown


def cv_formats_shown(rule: str, wanted: str) -> list[str]:
    """The data formats a CV layout of ``rule`` shows, first choice first (`classic`,
    `rendercv`: `_data/cv.yml`; `jsonresume`: the JSON Resume)."""
    if rule == "cv-format":
        return [wanted] if wanted in ("rendercv", "jsonresume") else ["rendercv", "jsonresume"]
    return {"resume-first": ["jsonresume", "classic"], "cv-first": ["classic", "jsonresume"],
            "cv-only": ["classic", "rendercv"], "resume-only": ["jsonresume"]}.get(rule, [])


# A RenderCV key a layout names (`cv.website`) as the key it is read into (JSON Resume's).
_RENDERCV_BASICS = {"website": "url", "address": "location"}


def basics_shown(basics: dict[str, Any], fmt: str, rule: str, layout_text: str | None,
                 config: dict, vocab: dict, raw: Any = None, key: str = "basics") -> list[str]:
    """The keys of the CV data's ``basics`` (as read, JSON Resume's names) the source's CV
    page shows, in the data's order (``cv_layout.basics`` in the mapping): none where the
    layout reads `site.jsonresume` and that list leaves `basics` out; through the
    `resume/basics` include (the generation's layout, or a site's own layout that includes
    it), every key with a text value but the include's `except`; else the keys a site's own
    layout names (`basics.KEY`, `cv.KEY`), or the `cv-format` layout's card and summary
    (for RenderCV, the keys of ``raw``, the `cv:` mapping as written, that the card names).
    ``key``: the JSON Resume's key the layout shows the basics from (`basics`)."""
    spec = vocab["cv_layout"]["basics"]
    own = shown_liquid(layout_text) if layout_text is not None else None
    if fmt == "jsonresume":
        wanted = config.get("jsonresume")
        reads = (re.search(r"\bsite\.jsonresume\b", own) is not None if own is not None
                 else rule != "cv-format")
        if reads and isinstance(wanted, list) and wanted and key not in map(str, wanted):
            return []
    include = spec["include"]
    if own is not None and include["name"] not in own:
        named = {_RENDERCV_BASICS.get(k, k) if fmt == "rendercv" else k
                 for k in re.findall(r"\b(?:basics|cv)\.(\w+)", own)}
        keys = [k for k in basics if k in named]
    elif own is None and rule == "cv-format":
        card = spec["cv-format"].get(fmt, ())
        if fmt == "rendercv":
            card = {_RENDERCV_BASICS.get(k, k) for k in card
                    if isinstance(raw, dict) and raw.get(k) not in (None, "")}
        keys = [k for k in basics if k in card]
    else:
        keys = [k for k in basics if k not in include["except"]]
    return [k for k in keys if basics[k] not in (None, "", [], {})]


# A Liquid `sort` by a key, and the `reverse` after it, in an include's text.
_LIQUID_SORT = re.compile(r"\|\s*sort:\s*['\"]([\w-]+)['\"]\s*(\|\s*reverse\b)?")


def resume_in_shown_order(resume: dict, rule: str, layout_text: str | None,
                          src: Path, vocab: dict, aliases: dict[str, str] | None = None) -> dict:
    """The JSON Resume with each section's entries in the order the source's CV page shows
    them (``cv_layout.resume_order``): the `resume/<section>` includes of the `resume-*`
    layouts (the generation's, or a site's own layout's) sort by a key and reverse; a
    site's own include of that name is read for its `sort`. Other layouts keep the file's
    order. A key of ``aliases`` is shown with the include of the section it names."""
    spec = vocab["cv_layout"]["resume_order"]
    own = shown_liquid(layout_text) if layout_text is not None else None
    if not isinstance(resume, dict) or not rule.startswith(("resume-", "cv-first")) or \
            (own is not None and spec["include"] not in own):
        return resume
    out = dict(resume)
    for key, items in resume.items():
        if not isinstance(items, list):
            continue
        shown = (aliases or {}).get(key, key)
        name = f"_includes/{spec['include']}{shown}.liquid"
        data = read_source(src / name, name, None, root=src) if (src / name).is_file() else None
        if data is not None:
            m = _LIQUID_SORT.search(shown_liquid(data.decode("utf-8", errors="replace")))
            order = (m[1], bool(m[2])) if m else None
        else:
            order = (spec["sort"][shown], True) if shown in spec["sort"] else None
        if order is not None:
            out[key] = _liquid_sorted(items, *order)
    return out


# A layout's loop over RenderCV's sections, and a section it names outside that loop.
_RENDERCV_LOOP = re.compile(r"\bfor\s+\w+\s+in\s+(?:site\.data\.)?cv\.sections\b(?!\.)")
_RENDERCV_NAMED = re.compile(r"\bcv\.sections\.(\w+)")


def rendercv_in_shown_order(sections: list[CVSection], rule: str, layout_text: str | None,
                            vocab: dict) -> list[CVSection]:
    """RenderCV's sections in the order the source's CV page shows them: the sections the
    layout names ahead of its loop over `cv.sections` (the 2026 layout: `Experience` and
    `Volunteer`, ``cv_layout.rendercv_first``; a site's own layout is read) come first, in
    the order it names them, and where it joins them (`concat`) as one section headed by
    the first name, entries in that order; the loop shows the others in the file's order.
    Liquid's `cv.sections.Experience` is the title as written (case and all)."""
    own = shown_liquid(layout_text) if layout_text is not None else None
    if own is not None:
        loop = _RENDERCV_LOOP.search(own)
        if loop is None:
            return sections
        ahead = own[:loop.start()]
        names = list(dict.fromkeys(_RENDERCV_NAMED.findall(ahead)))
        joined = "concat" in ahead
    elif rule == "cv-format":
        names, joined = list(vocab["cv_layout"]["rendercv_first"]), True
    else:
        return sections
    first = [s for n in names for s in sections if s.title == n]
    if not first:
        return sections
    rest = [s for s in sections if s not in first]
    if joined:  # (one card headed by the first name, a Volunteer section alone too)
        head = first[0]
        first = [CVSection(names[0], [e for s in first for e in s.entries], kind=head.kind,
                           key=head.key, origin=head.origin)]
    return first + rest


def _liquid_sorted(items: list, key: str, reverse: bool) -> list:
    """Liquid's `sort: key` (entries without the key last; the list as it is where Liquid
    would stop on values it cannot compare), then `reverse` if asked."""
    if not all(isinstance(i, dict) for i in items):
        return items
    try:
        ordered = sorted((i for i in items if i.get(key) is not None), key=lambda i: i[key])
    except TypeError:
        return items
    ordered += [i for i in items if i.get(key) is None]
    return ordered[::-1] if reverse else ordered


def resume_json_path(site: Site, report: Report) -> str:
    """Where `jekyll_get_json` loads `site.data.resume` from (default `assets/json/resume.json`)."""
    specs = source_config(site).get("jekyll_get_json")  # as loaded: its entries' lines known
    for spec in specs or site.config_extra.get("jekyll_get_json") or []:
        if isinstance(spec, dict) and spec.get("data") == "resume" and spec.get("json"):
            path = text(spec["json"])
            if "://" in path:
                report.verbatim("cv-json-remote", f"the JSON Resume is fetched from `{path}`; "
                                "sitemigrate does not download it.",
                                Origin("_config.yml", node_line(spec)))
                return ""
            return path.lstrip("/")
    return RESUME_JSON
