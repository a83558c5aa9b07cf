"""JSON Resume (https://jsonresume.org/schema) <-> IR CV sections.

JSON Resume is a public, theme-neutral standard. A theme whose CV file is JSON Resume with
sections or key spellings of its own describes them as a :class:`Dialect` (data in its
mapping file) and passes it in; this module knows no theme.

Each JSON Resume section becomes one :class:`~sitemigrate.ir.CVSection` with ``key`` set to
the section name; its entries use the neutral keys documented on ``CVSection``. Keys that
have no neutral name are kept in the entry's ``extra`` so that JSON Resume -> IR -> JSON
Resume gives the same data back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..ir import CVSection, Identity, Origin, plain

# section -> (display title, kind, {JSON Resume key: neutral key}); the first JSON key that
# maps to a neutral key is the one written back.
SECTIONS: dict[str, tuple[str, str, dict[str, str]]] = {
    "work": ("Work", "time_table", {
        "position": "title", "name": "institution", "company": "institution",
        "location": "location", "url": "url", "startDate": "start", "endDate": "end",
        "summary": "summary", "highlights": "description"}),
    "volunteer": ("Volunteer", "time_table", {
        "position": "title", "organization": "institution", "location": "location",
        "url": "url", "startDate": "start", "endDate": "end", "summary": "summary",
        "highlights": "description"}),
    "education": ("Education", "time_table", {
        "institution": "institution", "location": "location", "url": "url",
        "startDate": "start", "endDate": "end", "summary": "summary",
        "highlights": "description", "courses": "items"}),
    "awards": ("Awards", "time_table", {
        "title": "title", "awarder": "institution", "date": "date", "url": "url",
        "summary": "summary"}),
    "certificates": ("Certificates", "time_table", {
        "name": "title", "issuer": "institution", "date": "date", "url": "url"}),
    "publications": ("Publications", "time_table", {
        "name": "title", "publisher": "institution", "releaseDate": "date", "url": "url",
        "website": "url", "summary": "summary"}),
    "skills": ("Skills", "nested_list", {"name": "title", "keywords": "items"}),
    "languages": ("Languages", "map", {"language": "name", "fluency": "value"}),
    "interests": ("Interests", "nested_list", {"name": "title", "keywords": "items"}),
    "references": ("References", "time_table", {"name": "title", "reference": "summary"}),
    "projects": ("Projects", "time_table", {
        "name": "title", "entity": "institution", "startDate": "start", "endDate": "end",
        "url": "url", "summary": "summary", "highlights": "description",
        "keywords": "items"}),
}
STANDARD = ("work", "volunteer", "education", "awards", "certificates", "publications",
            "skills", "languages", "interests", "references", "projects")
# The fields JSON Resume's schema (v1) gives an entry of each section.
SCHEMA_FIELDS: dict[str, frozenset[str]] = {k: frozenset(v.split()) for k, v in {
    "work": "name location description position url startDate endDate summary highlights",
    "volunteer": "organization position url startDate endDate summary highlights",
    "education": "institution url area studyType startDate endDate score courses",
    "awards": "title date awarder summary",
    "certificates": "name date url issuer",
    "publications": "name publisher releaseDate url summary",
    "skills": "name level keywords",
    "languages": "language fluency",
    "interests": "name keywords",
    "references": "name reference",
    "projects": "name description highlights keywords startDate endDate url roles entity type",
}.items()}


@dataclass(frozen=True)
class Dialect:
    """A CV document in JSON Resume's shape with sections of its own (same tuple form as
    :data:`SECTIONS`) and JSON keys it spells differently for a neutral key:
    ``written_as[(section, neutral key)] = JSON key``."""

    sections: Mapping[str, tuple[str, str, dict[str, str]]] = field(default_factory=dict)
    written_as: Mapping[tuple[str, str], str] = field(default_factory=dict)
    basics: str = "basics"
    """The key whose mapping is the person's basics (a name, contact details, a summary)."""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None) -> Dialect:
        """From a mapping file's block: ``sections: {key: {title, kind, fields}}`` and
        ``written_as: [{section, field, key}]``."""
        data = data or {}
        return cls({k: (v["title"], v["kind"], dict(v["fields"]))
                    for k, v in (data.get("sections") or {}).items()},
                   {(w["section"], w["field"]): w["key"] for w in data.get("written_as") or []})

    def section(self, key: str) -> tuple[str, str, dict[str, str]] | None:
        return SECTIONS.get(key) or self.sections.get(key)


JSON_RESUME = Dialect()
"""Plain JSON Resume."""

# Section titles people use -> JSON Resume section (for CVs that are not JSON Resume).
TITLE_KEYS = {
    "work": ["work", "experience", "work experience", "employment", "professional experience",
             "research experience", "positions", "appointments", "academic positions"],
    "education": ["education", "degrees"],
    "volunteer": ["volunteer", "volunteering", "volunteer experience"],
    "awards": ["awards", "honors", "honours", "honors and awards", "awards and honors",
               "grants", "fellowships", "awards and fellowships"],
    "certificates": ["certificates", "certifications"],
    "publications": ["publications", "papers", "selected publications"],
    "skills": ["skills", "technical skills"],
    "languages": ["languages"],
    "interests": ["interests", "research interests", "academic interests", "other interests"],
    "references": ["references", "referees"],
    "projects": ["projects", "open source projects"],
    "presentations": ["presentations", "talks", "talks and presentations", "invited talks"],
    "teaching": ["teaching", "teaching experience"],
    "portfolio": ["portfolio"],
}
_BY_TITLE = {t: k for k, titles in TITLE_KEYS.items() for t in titles}
# Service ids (mappings/socials.yml) -> the network names JSON Resume and RenderCV use.
NETWORK_NAMES = {"github": "GitHub", "gitlab": "GitLab", "linkedin": "LinkedIn",
                 "orcid": "ORCID", "google_scholar": "Google Scholar", "x": "X",
                 "twitter": "X", "researchgate": "ResearchGate", "mastodon": "Mastodon",
                 "stackoverflow": "StackOverflow", "youtube": "YouTube",
                 "telegram": "Telegram", "instagram": "Instagram", "bluesky": "Bluesky"}
RENDERCV_NETWORKS = {"GitHub", "GitLab", "LinkedIn", "ORCID", "Google Scholar", "X",
                     "ResearchGate", "Mastodon", "StackOverflow", "YouTube", "Telegram",
                     "Instagram", "Bluesky", "IMDB", "WhatsApp", "Leetcode"}
BASICS_KEYS = ("name", "label", "image", "email", "phone", "url", "website", "summary",
               "location", "profiles")


def key_for_title(title: str) -> str:
    """The JSON Resume section a CV section title stands for, or ``""``."""
    return _BY_TITLE.get(re.sub(r"\s+", " ", title.strip().lower().rstrip(":")), "")


def entry_from(key: str, data: Any, dialect: Dialect = JSON_RESUME) -> dict[str, Any]:
    """One JSON Resume entry (of section ``key``) as a neutral entry dict."""
    if not isinstance(data, dict):
        return {"title": str(plain(data))}
    known = dialect.section(key)
    fields = known[2] if known else {
        "name": "title", "title": "title", "summary": "summary", "url": "url",
        "date": "date", "startDate": "start", "endDate": "end", "highlights": "description",
        "keywords": "items", "location": "location"}
    out: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for k, v in data.items():
        k = str(k)
        v = plain(v)
        neutral = fields.get(k)
        if neutral and neutral not in out and v not in (None, "", []):
            if neutral in ("description", "items"):
                v = [point_text(x) for x in (v if isinstance(v, list) else [v])]
            elif not isinstance(v, (dict, list)):
                v = str(v)
            out[neutral] = v
        else:
            extra[k] = v
    if key == "education":
        study, area = (str(extra.get(k) or "") for k in ("studyType", "area"))
        # "PhD in Physics" with area "Physics": the degree already names its field
        title = study if area and study.endswith(f" {area}") else \
            " in ".join(x for x in (study, area) if x)
        if title:
            out["title"] = title
    if extra:
        out["extra"] = extra
    return out


def point_text(point: Any) -> Any:
    """One highlight of an entry. A line written `- Supervisor: Jo Bloggs` is YAML's
    mapping, not text (a layout prints it as Ruby's `{"Supervisor"=>"Jo Bloggs"}`): its
    key and value are the line the owner wrote. A neutral point (`title`, `items`) and a
    list stay as they are; other values are text."""
    if isinstance(point, dict) and point and not set(point) <= {"title", "items"} \
            and all(not isinstance(v, (dict, list)) for v in point.values()):
        return "; ".join(f"{k}: {v}" if v not in (None, "") else str(k)
                         for k, v in point.items())
    return point if isinstance(point, (dict, list)) else str(point)


def sections_from(data: Any, origin: Origin | None = None,
                  titles: dict[str, str] | None = None,
                  dialect: Dialect = JSON_RESUME) -> tuple[list[CVSection], dict, list[str]]:
    """A JSON Resume document -> (sections in document order, basics, unknown top keys). A
    section whose list is empty is none: the CV layouts of both themes show nothing for it
    (al-folio's skips an empty list, academicpages' `cv-template.html` tests its size)."""
    if not isinstance(data, dict):
        return [], {}, []
    sections: list[CVSection] = []
    unknown: list[str] = []
    own = data.get(dialect.basics)
    basics = plain(own) if isinstance(own, dict) else {}
    for key, value in data.items():
        key = str(key)
        if key in ("basics", dialect.basics, "meta", "$schema"):
            continue
        known = dialect.section(key)
        if known is None or not isinstance(value, list):
            unknown.append(key)
            continue
        if not value:
            continue
        title, kind, _ = known
        title = (titles or {}).get(key, title)
        sections.append(CVSection(title, [entry_from(key, e, dialect) for e in value],
                                  kind=kind, key=key, origin=origin))  # type: ignore[arg-type]
    return sections, basics, unknown


def one_date(start: Any, end: Any) -> bool:
    """Whether a span starts and ends on the same date as written (``2014`` to ``2014``, a
    JSON Resume ``startDate`` equal to its ``endDate``): a person writes that date once."""
    def norm(v: Any) -> str:
        return " ".join(str(v).split()).casefold() if v not in (None, "") else ""
    return bool(norm(start)) and norm(start) == norm(end)


def display_year(entry: dict[str, Any]) -> str:
    """The entry's dates as one display string (``year``, or ``start – end``, or ``date``);
    a span that starts and ends on one date is that date (:func:`one_date`)."""
    if entry.get("year"):
        return str(entry["year"])
    start, end = entry.get("start"), entry.get("end")
    if one_date(start, end):
        return str(start).strip()
    if start or end:
        return f"{start or ''} – {end or 'present'}".strip(" –") if start else str(end)
    return str(entry.get("date") or "")


def _flat(point: Any) -> str:
    if isinstance(point, dict):
        items = "; ".join(str(i) for i in point.get("items") or [])
        if not items:
            return str(point.get("title", ""))
        return f"{point.get('title', '')}: {items}".strip(": ")
    return str(point)


def _range(year: str) -> tuple[str, str] | None:
    """The start and end of a span of dates: split at a separator with spaces around it
    (`2024-04 to now`, `2019 - 2021`: a date's own `-` is no separator), else at a dash;
    a single date (`2024-04`, `2024-07-30`) is no span. `--` and `---` are dashes (kramdown
    shows them so)."""
    if re.fullmatch(r"\s*\d{4}([-/.])\d{1,2}(?:\1\d{1,2})?\s*", year):  # one separator
        return None
    for sep in (r"\s+(?:-{1,3}|–|—|to)\s+", r"\s*(?:-{1,3}|–|—|to)\s*"):
        m = re.fullmatch(rf"\s*(\S.*?){sep}(\S.*?)\s*", year)
        if m:
            start, end = m[1], m[2]
            shared = re.search(r"\d{4}$", end)
            if shared and not re.search(r"\d", start):  # `Jan.-Mar. 2019`: one year
                start = f"{start} {shared[0]}"
            return start, end
    return None


def entry_to(key: str, entry: dict[str, Any], dialect: Dialect = JSON_RESUME) -> dict[str, Any]:
    """A neutral entry -> a JSON Resume entry of section ``key``."""
    fields = dialect.section(key)[2]  # type: ignore[index]
    inverse: dict[str, str] = {}
    for jkey, neutral in fields.items():
        inverse.setdefault(neutral, jkey)
    for (sec, neutral), jkey in dialect.written_as.items():
        if sec == key:
            inverse[neutral] = jkey
    extra = dict(entry.get("extra") or {})
    out: dict[str, Any] = {}
    entry = dict(entry)
    if key == "education" and entry.get("title") and not (
            extra.get("area") or extra.get("studyType")):
        extra["area"] = entry.pop("title")
    elif key == "education":
        entry.pop("title", None)
    if entry.get("year") and not (entry.get("start") or entry.get("end") or entry.get("date")):
        year = str(entry["year"])
        span = _range(year)
        if "start" in inverse and span:
            entry["start"], entry["end"] = span
        elif "date" in inverse:
            entry["date"] = year
        elif "end" in inverse:
            entry["end"] = year
        else:
            extra.setdefault("date", year)
    if key in ("languages",) and not entry.get("name") and entry.get("title"):
        entry["name"] = entry["title"]
    if key in ("skills", "interests", "references") and not entry.get("title") \
            and entry.get("name"):
        entry["title"] = entry["name"]
    if entry.get("items") and "items" not in inverse and "description" in inverse:
        # sub-points of a section with no list field of its own (a job's lines under its
        # employer): its highlights, the list a CV layout shows (an `items` key none shows)
        entry["description"] = [*(entry.get("description") or []), *entry.pop("items")]
    if entry.get("description") and "description" not in inverse:
        # written once: as the summary or the highlights, not again under its neutral name
        points = [_flat(p) for p in entry.pop("description")]
        if "summary" in inverse and not entry.get("summary"):
            entry["summary"] = "\n".join(points)
        else:
            extra.setdefault("highlights", points)
    for neutral, value in entry.items():
        if neutral in ("extra", "year") or value in (None, "", []):
            continue
        jkey = inverse.get(neutral)
        if jkey is None:
            if neutral == "value" and key == "skills":
                extra.setdefault("level", value)
            else:
                extra.setdefault(neutral, value)
            continue
        if neutral == "description":
            value = [_flat(p) for p in value]
        out[jkey] = value
    for k, v in extra.items():
        out.setdefault(k, v)
    return out


def basics_of(identity: Identity, basics: dict[str, Any]) -> dict[str, Any]:
    """JSON Resume ``basics``: as read when there was one, else built from the identity."""
    if basics:
        return dict(basics)
    out: dict[str, Any] = {"name": identity.display_name()}
    if identity.email:
        out["email"] = identity.email
    if identity.url:
        out["url"] = identity.url
    if identity.bio:
        out["summary"] = re.sub(r"<[^>]+>", "", identity.bio).strip()
    if identity.location:
        out["location"] = {"city": identity.location}
    profiles = [{"network": NETWORK_NAMES.get(s.service, s.service), "username": s.handle or "",
                 "url": s.url or ""}
                for s in identity.socials if s.service != "email"]
    if profiles:
        out["profiles"] = profiles
    return {k: v for k, v in out.items() if v}


def to_resume(sections: list[CVSection], basics: dict[str, Any],
              dialect: Dialect = JSON_RESUME) -> tuple[dict[str, Any], list[CVSection]]:
    """IR sections -> a JSON Resume document, and the sections it could not hold.

    The dialect's own sections are written too. Sections with no ``key`` are placed by their
    title (``Experience`` -> ``work``)."""
    out: dict[str, Any] = {"basics": basics}
    left: list[CVSection] = []
    for sec in sections:
        key = sec.key or key_for_title(sec.title)
        if dialect.section(key) is None:
            left.append(sec)
            continue
        out.setdefault(key, []).extend(entry_to(key, _neutral(sec, e), dialect)
                                       for e in sec.entries)
    return out, left


def _neutral(sec: CVSection, entry: Any) -> dict[str, Any]:
    if isinstance(entry, dict):
        return entry
    return {"title": str(entry)}
