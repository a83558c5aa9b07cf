"""The theme registry and data-driven theme/generation detection.

A theme is one module under :mod:`sitemigrate.themes` exposing a :class:`Theme` object (a
reader and a writer) and one vocabulary file ``mappings/<name>.yml``. Detection markers and
generations live in that file; the logic here only evaluates them.
"""

from __future__ import annotations

import fnmatch
import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .mapdata import load_mapping

if TYPE_CHECKING:
    from .ir import Site
    from .plan import Plan
    from .report import Report

THEMES: dict[str, str] = {
    "al-folio": "sitemigrate.themes.alfolio",
    "academicpages": "sitemigrate.themes.academicpages",
    "markdown": "sitemigrate.themes.plain",
    "html": "sitemigrate.themes.plain",
}
"""Theme name -> module holding its ``THEME`` object. Import is lazy (fast start-up)."""


class UnknownTheme(ValueError):
    pass


@dataclass
class Options:
    """Conversion options shared by all themes (read: `name`; write: the rest)."""

    generation: str | None = None
    """Target generation; default: the one of the template in DEST, else the theme's newest."""
    redirects: str = "pages"
    """How to keep old URLs where the target lacks jekyll-redirect-from: ``pages`` or ``plugin``."""
    name: str | None = None
    """The site owner's name, for sources that may not state it (a plain page); it wins over
    the name the source gives."""


class Theme(Protocol):
    name: str
    label: str
    can_read: bool
    can_write: bool
    features: list[str]

    def read(self, src: Path, report: Report) -> Site: ...

    def write(self, site: Site, plan: Plan, options: Options) -> None: ...


def get_theme(name: str) -> Theme:
    if name not in THEMES:
        import difflib
        close = difflib.get_close_matches(name.lower(), THEMES, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownTheme(f"unknown theme {name!r}{hint}; known: {', '.join(sorted(THEMES))}")
    return importlib.import_module(THEMES[name]).THEME


def generations(name: str) -> list[str]:
    """The generations theme ``name`` knows (``mappings/<name>.yml``), oldest first."""
    return sorted(str(g["name"]) for g in vocabulary(name)["generations"])


def vocabulary(name: str) -> dict[str, Any]:
    """The theme's ``mappings/<name>.yml``."""
    return load_mapping(name)


# -- detection ------------------------------------------------------------------------------

@dataclass
class Detection:
    """How well a theme's markers match a site (``inspect`` prints these)."""

    theme: str
    score: int
    generation: str
    reasons: list[str] = field(default_factory=list)
    confident: bool = True


class SiteProbe:
    """Cheap, cached look-ups on a site directory for marker evaluation."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._config: Any = None
        self._fm: dict[str, dict] = {}

    def config(self) -> dict:
        if self._config is None:
            from .textio import load_safe, read_source
            raw = read_source(self.root / "_config.yml", "_config.yml", None)
            data = None
            if raw is not None:  # values only (no round trip): detection reads keys
                try:
                    data = load_safe(raw.decode("utf-8", errors="replace"))
                except Exception:  # bad YAML: the reader reports it with its line
                    data = None
            self._config = data if isinstance(data, dict) else {}
        return self._config

    def front_matter(self, rel: str) -> dict:
        if rel not in self._fm:
            from .textio import read_document
            path = self.root / rel
            doc = read_document(path, rel, None) if path.is_file() else None
            self._fm[rel] = dict(doc.data) if doc else {}
        return self._fm[rel]

    def matches(self, marker: dict) -> bool:
        if "file" in marker:
            return (self.root / marker["file"]).is_file()
        if "dir" in marker:
            return (self.root / marker["dir"]).is_dir()
        if "glob" in marker:
            folder, pattern = marker["glob"].rsplit("/", 1)
            d = self.root / folder
            return d.is_dir() and any(fnmatch.fnmatch(p.name, pattern) for p in d.iterdir())
        if "config_key" in marker:
            return marker["config_key"] in self.config()
        if "config_value" in marker:
            return _contains(self.config(), marker["config_value"])
        if "front_matter" in marker:
            spec = marker["front_matter"]
            fm = self.front_matter(spec["file"])
            if "key" in spec:
                return spec["key"] in fm
            return _contains(fm, spec["value"])
        raise ValueError(f"unknown detection marker {marker!r}")


def _contains(data: Any, want: Any) -> bool:
    """``want`` is a nested mapping; ``null`` leaves mean "key present"."""
    if not isinstance(want, dict):
        return want is None or data == want
    return isinstance(data, dict) and all(k in data and _contains(data[k], v)
                                          for k, v in want.items())


def generation_of(name: str, probe: SiteProbe) -> str:
    gens = vocabulary(name)["generations"]
    for gen in gens:
        if any(probe.matches(m) for m in gen["when"]):
            return gen["name"]
    return gens[-1]["name"]


def detect(src: Path) -> list[Detection]:
    """Score every readable theme on ``src``, best first."""
    probe = SiteProbe(src)
    out = []
    for name in THEMES:
        vocab = vocabulary(name)
        score, reasons = 0, []
        for marker in vocab["detect"]["markers"]:
            if probe.matches(marker):
                score += marker["weight"]
                reasons.append(_describe(marker))
        det = Detection(name, score, generation_of(name, probe), reasons)
        det.confident = score >= vocab["detect"]["min_score"]
        out.append(det)
    out.sort(key=lambda d: -d.score)
    if len(out) > 1 and out[0].score - out[1].score < 2:
        out[0].confident = False
    return out


def _describe(marker: dict) -> str:
    (kind, value), = ((k, v) for k, v in marker.items() if k != "weight")
    if kind == "front_matter":
        what = value.get("key") or ", ".join(f"{k}: {v}" for k, v in value["value"].items())
        return f"front matter `{what}` in {value['file']}"
    if isinstance(value, dict):
        value = ", ".join(f"{k}: {v}" for k, v in value.items())
    return f"{kind.replace('_', ' ')} `{value}`"
