"""The owner's data files on an upgrade (:mod:`sitemigrate.upgrade`): carried as written where
the new template reads them in the same shape, with what the new build needs of them (an
entry a tag of its renders that would stop it, a menu address joined after `url`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import template_files
from .ir import Origin, Site
from .plan import Plan
from .textio import read_source

if TYPE_CHECKING:
    from .theme import Theme


def same_shape(ours: bytes, theirs: bytes) -> bool:
    """Whether the owner's data file and the writer's rendering of it (in the format DEST's
    template reads) are of one shape: both a list, or both a mapping. A generation's
    templates may read one file in two formats (al-folio's classic `cv.yml`, a list, and
    RenderCV's, a mapping under `cv:`): the owner's is carried only in the one DEST reads."""
    from .textio import load_yaml
    try:
        a = load_yaml(ours.decode("utf-8"), "", None, shared=True)
        b = load_yaml(theirs.decode("utf-8"), "", None, shared=True)
    except (UnicodeDecodeError, ValueError):
        return False
    return isinstance(a, list) == isinstance(b, list) and isinstance(a, dict) == isinstance(b, dict)


def carry_data(plan: Plan, src: Path, spec: dict[str, Any]) -> int:
    """The owner's data files (``upgrade.data`` globs) at a path DEST's checkout has that the
    writer did not write (it rendered them elsewhere: a JSON CV as `_data/cv.yml`): carried
    as written, where the new template of the same generation reads them."""
    table, count = template_files.templates(spec["theme"]), 0
    for pattern in spec.get("data", []):
        for path in sorted(src.glob(pattern)):
            rel = path.relative_to(src).as_posix()
            if not path.is_file() or path.is_symlink() or rel in plan.files \
                    or rel in plan.copies or not (plan.dest / rel).is_file():
                continue
            data = read_source(path, rel, plan.report, root=src)  # (a folder of it may lead
            if data is None:                                     # out of SRC: not read)
                continue
            if path.suffix in (".yml", ".yaml") \
                    and not same_shape(data, (plan.dest / rel).read_bytes()):
                continue  # a format the new checkout reads otherwise (a classic `cv.yml`)
            if not table.owners(rel, data) \
                    and not template_files.is_example(spec["theme"], src, rel):
                plan.write(rel, data)
                count += 1
    return count


def renderable_entries(plan: Plan, theme: Theme, spec: dict[str, Any]) -> None:
    """A carried data file that a tag of DEST's build renders entry by entry
    (``rendered_entries``: jekyll-socials' `social_links` over `_data/socials.yml`) where
    that tag reads ``needs`` of every entry whose key is no service it knows (its column of
    mappings/socials.yml and ``also``): an entry with no such value stops the build, so it
    is commented out, and said with its line (the old template's include showed it as a
    link with no address)."""
    from . import socials
    from .jekyll.checkout import runnable_tags
    from .yamlio import load_yaml
    for rule in spec.get("rendered_entries") or []:
        rel = rule["file"]
        if rel not in plan.files or rule["tag"] not in runnable_tags(plan, theme):
            continue
        text = plan.files[rel].decode("utf-8", "replace")
        data = load_yaml(text, rel, None)
        if not isinstance(data, dict):
            continue
        known = socials.known_keys(rule["known"]) | set(rule.get("also") or [])
        bad = {str(k) for k, v in data.items() if str(k) not in known and v is not None
               and not (isinstance(v, dict) and v.get(rule["needs"]))}
        lines, out, dropping = text.split("\n"), [], False
        for n, line in enumerate(lines, 1):
            top = re.match(r"([^\s#][^:]*?)\s*:", line)
            if top:
                dropping = top[1].strip("'\"") in bad
                if dropping:
                    plan.report.lost("social", f"`{top[1]}` is no service the new template's "
                                     f"`{rule['tag']}` knows and has no `{rule['needs']}`, "
                                     "which it reads of every other entry (its build would "
                                     "stop): commented out. Give it `url`, `title` and "
                                     f"`{rule['needs']}` to show it.", Origin(rel, n))
            elif line and not line[0].isspace() and not line.startswith("#"):
                dropping = False
            commented = line.lstrip().startswith("#")
            out.append("# " + line if dropping and line.strip() and not commented else line)
        if bad:
            plan.write(rel, "\n".join(out).encode("utf-8"))


def joined_urls(plan: Plan, site: Site, spec: dict[str, Any]) -> None:
    """A carried data file whose entries' ``key`` the template links after `url` and
    `baseurl` as written (``joined_urls``: academicpages' masthead and its menu's `url`):
    where the old site's `url` and `baseurl` ended in `/` and the new ones do not (the
    writer dropped it), an entry written without its leading `/` (`files/cv.pdf`) led to the
    site's own path; it is written with the `/`, so that it still does."""
    from .jekyll.urls import read_config
    from .yamlio import load_yaml

    def base(config: Any) -> str:
        return "".join(str(config.get(k) or "") for k in ("url", "baseurl")) \
            if isinstance(config, dict) else "/"
    new = load_yaml(plan.files.get("_config.yml", b"").decode("utf-8", "replace"),
                    "_config.yml", None, shared=True)
    if not base(read_config(Path(site.source))).endswith("/") or base(new).endswith("/"):
        return
    for rule in spec.get("joined_urls") or []:
        rel = rule["file"]
        if rel not in plan.files:
            continue
        entry = re.compile(rf"^(\s*(?:-\s+)?{re.escape(rule['key'])}\s*:\s*)(['\"]?)"
                           r"(?!/|#|[a-zA-Z][\w+.-]*:|[^'\"\s]*http)(?=[^\s'\"#])")
        lines = plan.files[rel].decode("utf-8", "replace").split("\n")
        for n, line in enumerate(lines):
            if entry.match(line):
                lines[n] = entry.sub(r"\g<1>\g<2>/", line, count=1)
                plan.report.mapped("navigation", f"`{line.strip()}` is linked after `url` and "
                                   "`baseurl`, which no longer end in `/`: written with its "
                                   "leading `/`, the address it had.", Origin(rel, n + 1))
        joined = "\n".join(lines).encode("utf-8")
        if joined != plan.files[rel]:
            plan.write(rel, joined)
