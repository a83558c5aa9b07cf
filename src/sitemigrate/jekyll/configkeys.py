"""SRC's `_config.yml` keys, each one carried or named in the report: what the target
theme reads too, Jekyll's own settings, the source theme's machinery, the owner's own keys
(read by their Liquid as `site.KEY`)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..ir import Origin, Site, plain
from ..plan import Plan
from ..report import Report
from ..textio import load_yaml, read_text
from .checkout import settings_read_by_includes
from .polyglot import SETTINGS, Languages
from .site import set_key

if TYPE_CHECKING:
    from ..theme import Theme

# -- source `_config.yml` keys: each one carried or named in the report ------------------------

# Jekyll's own settings: every theme reads them alike. Those that shape the target template's
# build (its plugins, defaults, collections, URL style) stay as the target sets them.
JEKYLL_KEYS = frozenset({
    "markdown", "markdown_ext", "highlighter", "kramdown", "timezone", "encoding", "future",
    "lsi", "sass", "excerpt_separator", "keep_files", "paginate", "paginate_path", "incremental",
    "safe", "source", "destination", "show_drafts", "unpublished", "limit_posts", "liquid",
    "strict_front_matter", "webrick", "port", "host", "livereload", "quiet", "verbose",
    "profile", "data_dir", "includes_dir", "layouts_dir", "plugins_dir", "collections_dir",
    "show_dir_listing"})
# Jekyll's settings whose empty value is a setting of its own: `excerpt_separator: ""` makes
# no excerpt at all (Jekyll's default, when unset, cuts at a blank line).
JEKYLL_EMPTY_SET = frozenset({"excerpt_separator"})
TARGET_OWNS = frozenset({"permalink", "collections", "include", "exclude", "plugins", "gems",
                         "whitelist", "defaults", "theme", "remote_theme"})


def _languages_written(site: Site, report: Report, src: Any) -> set[str]:
    """jekyll-polyglot's settings of a site in several languages: its pages were written at
    the addresses each language's build gave them (`/fr/...`: :mod:`.languages`), so the
    target must not run the plugin over them again: not carried, said once."""
    langs = Languages.of(site.config_extra)
    keys = [k for k in SETTINGS if k in site.config_extra] if langs else []
    if langs and keys:
        others = ", ".join(f"`/{code}/`" for code in langs.builds()[1:])
        menu = [f"`/{c}/`" for c in langs.builds()[1:]
                if any(n.url == f"/{c}/" for n in site.navigation)]
        report.add("languages", "info", "mapped", f"a site in {len(langs.builds())} languages "
                   f"(jekyll-polyglot, `{langs.default}` the default): the pages of each other "
                   f"language are pages of their own at the addresses its build served them "
                   f"at (under {others})" + (f", and the menu leads to {', '.join(menu)}"
                                             if menu else "") + "; "
                   + ", ".join(f"`{k}`" for k in keys) + " (the plugin's settings) were not "
                   "carried, as the target does not run it over those pages again.",
                   "_config.yml", config_line(src, keys[0]))
    return set(keys)


def source_config(site: Site) -> Any:
    """SRC's `_config.yml` as loaded (a round-trip mapping, lines known), or an empty dict.
    Read-only: it is the one the reader's load kept (writers read lines from it), not a
    copy of its own."""
    if not site.source or not (Path(site.source) / "_config.yml").is_file():
        return {}
    src = read_text(Path(site.source) / "_config.yml", "_config.yml", None)
    data = load_yaml(src.text, "_config.yml", None, shared=True, duplicates=[]) if src else None
    return data if isinstance(data, dict) else {}


def config_line(config: Any, *keys: str) -> int | None:
    """1-based line of a (nested) key of a loaded `_config.yml`."""
    node, line = config, None
    for key in keys:
        try:
            line = node.lc.key(key)[0] + 1
            node = node[key]
        except (AttributeError, KeyError, TypeError):
            return line
    return line


def _is_setting(key: str, patterns: Iterable[str]) -> bool:
    names, wild = _setting_patterns(tuple(patterns))
    if key in names:
        return True
    import fnmatch
    return any(fnmatch.fnmatchcase(key, p) for p in wild)


@functools.lru_cache(maxsize=16)
def _setting_patterns(patterns: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """A theme's ``config_settings`` as plain names (a set: a look-up, where fnmatch would
    compile a regex for each of ~90 names) and wildcard patterns."""
    wild = tuple(p for p in patterns if any(c in p for c in "*?["))
    return frozenset(p for p in patterns if p not in wild), wild


def account_config(site: Site, config: Any, plan: Plan, target: Theme,
                   consumed: Iterable[str] = ()) -> None:
    """Carry or report every key of SRC's `_config.yml` that the reader left in
    ``site.config_extra`` and the writer did not ``consumed``: a key the target theme reads
    too is carried; a Jekyll setting is carried when DEST has none; a setting of the source
    theme's own machinery is named in one finding; any other key (the owner's own, read by
    their Liquid as `site.KEY`) is kept as written and reported."""
    from ..template_files import owners_group, owners_setting, owners_subkeys, template_value
    report = plan.report
    src = source_config(site)
    source = plan.from_theme
    own = source.vocabulary.get("config_settings", []) if source is not None else []
    reads = target.vocabulary.get("config_settings", [])
    # settings the source theme's reader follows to find content (jekyll-scholar's files)
    finds = set(source.vocabulary.get("config_content_settings", [])) if source else set()
    done = set(consumed) | _languages_written(site, report, src)
    if site.theme != target.name:  # read into the menu, which every writer writes
        for label in site.settings.menu_labels:
            done.add(label.key)
            report.mapped("config-key", f"`{label.key}` ({label.value}) is the label of its "
                          "menu entry, carried with the menu.",
                          label.origin or Origin("_config.yml", config_line(src, label.key)))
        for shown in site.settings.page_headings:
            done.add(shown.key)
            report.mapped("config-key", f"`{shown.key}` ({shown.value}) is shown on "
                          f"`{shown.origin.path if shown.origin else 'a page'}`, carried "
                          "with that page.", Origin("_config.yml", config_line(src, shown.key)))
    theme_only: list[tuple[str, int | None]] = []
    target_kept: list[tuple[str, int | None]] = []
    owners: list[tuple[str, int | None]] = []
    old_defaults: list[tuple[str, int | None]] = []
    template_kept: list[tuple[str, int | None]] = []
    included: set[str] | None = None  # what the includes copied along read (found once)
    blanked: list[tuple[str, int | None]] = []
    for key, value in site.config_extra.items():
        if key not in done and site.theme == target.name and value in (None, "") and \
                _blanked(config, key, target):
            set_key(config, key, value)  # the owner emptied the template's value
            blanked.append((key, config_line(src, key)))
            continue
        if key in done or (value in (None, "", [], {}) and key not in JEKYLL_EMPTY_SET):
            continue  # dealt with by the writer, or empty: nothing to carry
        line = config_line(src, key)
        if site.theme == target.name or key in JEKYLL_KEYS or (
                _is_setting(key, reads) and key not in TARGET_OWNS):
            if (key in config and plain(config[key]) == value) or (
                    site.theme == target.name and _listed_in_dest(config, key, value)):
                continue  # DEST has the very same: nothing to carry, nothing lost
            if site.theme == target.name and key in config and _templates_own(target, key, value):
                template_kept.append((key, line))  # an old template's default, not the owner's
            elif site.theme == target.name and key == "defaults" \
                    and isinstance(config.get(key), list):
                carried, rest = _owners_defaults(config[key], value)
                if carried:
                    report.add("config-own-value", "info", "mapped", "your `defaults:` values "
                               + ", ".join(carried) + " replace the new template's for the "
                               "same documents, so that they show what they showed.",
                               "_config.yml", line)
                if rest:
                    target_kept.append((key, line))
            elif key in TARGET_OWNS:
                target_kept.append((key, line))
            elif key not in config and site.theme == target.name \
                    and template_value(target, key, value) \
                    and not _read_by_content(site, source, key):
                old_defaults.append((key, line))  # the old template's, which the new lacks
            elif key not in config or config[key] in (None, "", [], {}):
                set_key(config, key, value)
            elif plain(config[key]) != value:
                if site.theme == target.name and (owners_setting(target, key, value) or
                                                  owners_group(target, key, value,
                                                               plain(config[key]))):
                    set_key(config, key, value)  # theirs: no template ships it
                    owners.append((key, line))
                elif site.theme == target.name and (
                        gone := _owners_entries(plan, key, value, plain(config[key]))):
                    set_key(config, key, value)
                    report.add("config-own-entries", "info", "mapped", f"`{key}` names "
                               "entries the new template's lacks ("
                               + ", ".join(f"`{n}`" for n in gone) + "), which what your "
                               "pages list selects by, and the new template's pages go over "
                               "it whole: yours was carried in its place, so that they list "
                               "what they listed.", "_config.yml", line)
                elif site.theme == target.name and (added := owners_subkeys(
                        target, key, value, plain(config[key]),
                        target.vocabulary.get("config_fixed", {}).get(key, ()))):
                    for sub, v in added.items():  # the new template's group, with theirs
                        set_key(config[key], sub, v)
                    report.add("config-own-value", "info", "mapped", ", ".join(
                        f"`{key}.{k}: {v}`" for k, v in added.items()) + ", which no "
                        f"template sitemigrate knows ships (you set them), were carried into "
                        f"the new template's `{key}`, so that they do what they did; its "
                        "other keys are the new template's.", "_config.yml", line)
                else:
                    target_kept.append((key, line))
        elif key in TARGET_OWNS:
            target_kept.append((key, line))
        elif _is_setting(key, own) and key not in config and (
                _read_by_content(site, source, key)
                or key in (included := settings_read_by_includes(plan, site, target)
                           if included is None else included)):
            set_key(config, key, value)  # the owner's page tests it (`{% if site.KEY %}`)
            report.verbatim("config-key", f"`_config.yml` key `{key}` is a setting of "
                            f"{site.theme} that {target.name} does not read, but Liquid of your "
                            f"pages reads `site.{key}`: kept as written, so they show what "
                            "they showed.",
                            "_config.yml", line)
        elif _is_setting(key, own) and key in finds:
            report.add("config-theme", "info", "mapped", f"`{key}` (a {site.theme} setting that "
                       f"{target.name} does not read) was read to find your content, which is "
                       f"carried as {target.name} shows it (see the findings about it); the "
                       "setting itself is not carried.", "_config.yml", line)
        elif _is_setting(key, own):
            theme_only.append((key, line))
        else:
            if key not in config:
                set_key(config, key, value)
                report.verbatim("config-key", f"`_config.yml` key `{key}` is not a setting "
                                f"of {target.name}; kept as written (Liquid of your own that reads "
                                f"`site.{key}` still finds it).", "_config.yml", line)
            else:
                report.verbatim("config-key", f"`_config.yml` key `{key}` is not a setting "
                                f"of {target.name} and DEST's config already has a value for it, "
                                "which was kept; the source's was not carried.", "_config.yml",
                                line)
    if old_defaults:
        listed = ", ".join(f"`{k}`" + (f" (line {n})" if n else "") for k, n in old_defaults)
        report.add("config-old-template", "info", "mapped", "settings of an older "
                   f"{target.name} template, at that template's own values (not yours), which "
                   f"the new template no longer has and nothing of your site reads: {listed}; "
                   "not carried.", "_config.yml", old_defaults[0][1])
    if template_kept:
        listed = ", ".join(f"`{k}`" + (f" (line {n})" if n else "") for k, n in template_kept)
        report.add("config-template-value", "info", "mapped", "settings at values that "
                   f"{target.name} templates ship (not yours) or left blank, where the new "
                   f"template has values of its own, which are kept: {listed}.", "_config.yml",
                   template_kept[0][1])
    if blanked:
        listed = ", ".join(f"`{k}`" + (f" (line {n})" if n else "") for k, n in blanked)
        report.add("config-own-value", "info", "mapped", f"{listed}: left blank in your "
                   "config where the templates give a value (a blank setting is off, or no "
                   "limit): blank in the new template's too, so that they do what they did.",
                   "_config.yml", blanked[0][1])
    if owners:
        listed = ", ".join(f"`{k}`" + (f" (line {n})" if n else "") for k, n in owners)
        report.add("config-own-value", "info", "mapped", f"your values of {listed}, which no "
                   f"{target.name} template ships (you set them), replace the new template's.",
                   "_config.yml", owners[0][1])
    for code, keys, what in (
            ("config-target", target_kept, f"settings of the {target.name} template's own build, "
             "left as DEST has them (the source's values were not carried): {}."),
            ("config-theme", theme_only, f"{site.theme} settings that {target.name} does not read "
             "(its look and features are set in its own config): {}; not carried.")):
        if keys:
            listed = ", ".join(f"`{k}`" + (f" (line {n})" if n else "") for k, n in keys)
            report.add(code, "info", "lost", what.format(listed), "_config.yml", keys[0][1])


def _blanked(config: Any, key: str, target: Theme) -> bool:
    """In an upgrade: whether SRC's blank ``key`` empties a value the templates of ``target``
    ship (DEST's scalar, which a template checkout gives: `max_author_limit: 3`), which the
    owner left blank for what a blank does there (all authors shown, no icon); a key that
    DEST lacks or leaves blank too is not judged."""
    from ..template_files import templates
    theirs = config.get(key) if isinstance(config, dict) else None
    return isinstance(theirs, (str, int, float)) and \
        str(theirs).strip() != "" and templates(target).is_setting(key, theirs)


def _scope(entry: Any) -> tuple[str, Any] | None:
    """The documents a `defaults:` entry is for: its scope's path ("" when it names none, as
    Jekyll reads it) and type (None: every type)."""
    scope = entry.get("scope") if isinstance(entry, dict) else None
    if not isinstance(scope, dict) or not isinstance(entry.get("values"), dict):
        return None
    return str(scope.get("path") or ""), scope.get("type")


def _owners_defaults(dest: list, value: Any) -> tuple[list[str], bool]:
    """An upgrade: SRC's `defaults:` entries for the same documents as an entry of DEST's
    (the template's, in both generations): the values the owner gave there (`related:
    false` for posts) replace the new template's, and a value the owner added is added, so
    the old site's pages are given what they were given. A `layout` stays DEST's (the new
    template's layouts are its own). Returns what was carried (`posts: related: false`) and
    whether anything of SRC's list is still not in DEST's (an entry for other documents, a
    layout)."""
    ours = {_scope(e): e["values"] for e in dest if _scope(e) is not None}
    carried, rest = [], False
    for entry in value if isinstance(value, list) else [value]:
        scope = _scope(entry)
        theirs = ours.get(scope) if scope is not None else None
        if scope is None or theirs is None:
            rest = rest or entry not in [plain(e) for e in dest]
            continue
        for k, v in entry["values"].items():
            if k in theirs and plain(theirs[k]) == v:
                continue
            if k == "layout" or isinstance(v, (dict, list)):
                rest = True
                continue
            theirs[k] = v
            carried.append(f"`{k}: {json.dumps(v)}` ({scope[1] or scope[0] or 'all'})")
    return carried, rest


def _listed_in_dest(config: Any, key: str, value: Any) -> bool:
    """Whether SRC's list ``value`` at ``key`` (`exclude`, `plugins`, `defaults`) holds only
    what DEST's list there holds too, in any order (for `gems`, Jekyll's old name of
    `plugins`, DEST's `plugins`): the new site excludes, loads or defaults all that the old
    one did, so nothing of it is lost."""
    theirs = config.get("plugins" if key == "gems" and "gems" not in config else key)
    if not isinstance(value, list) or not value or not isinstance(theirs, list):
        return False
    have = {json.dumps(plain(v), sort_keys=True, default=str) for v in theirs}
    return all(json.dumps(v, sort_keys=True, default=str) in have for v in value)


def _owners_entries(plan: Plan, key: str, value: Any, theirs: Any) -> list[str]:
    """In an upgrade: whether SRC's ``value`` at ``key`` is a table of named entries whose
    names the owner chose (`publication_category: {letters: {title: Letters}}`), which the
    new template's table at ``theirs`` would replace: both are mappings whose every value is
    a mapping, SRC's names an entry DEST's lacks (the names the owner's documents select by,
    `category: letters`, carried as written), and no layout, include or page of DEST reads
    one of DEST's entries by its name (`site.KEY.NAME`): the new template's code goes over
    the table whole, so with the owner's table it shows the owner's entries, in their
    order, and with its own it would show none of theirs. Returns the names DEST's lacks
    ([] when not such a table)."""
    def table(v: Any) -> bool:
        return isinstance(v, dict) and bool(v) and all(isinstance(e, dict) for e in v.values())
    if not (table(value) and table(theirs)):
        return []
    gone = [str(n) for n in value if str(n) not in set(map(str, theirs))]
    if not gone:
        return []
    names = "|".join(re.escape(str(n)) for n in theirs)
    by_name = re.compile(rf"\bsite\.{re.escape(key)}(?:\.(?:{names})\b|"
                         rf"\[\s*['\"](?:{names})['\"]\s*\])")
    for folder in ("_layouts", "_includes", "_pages"):
        root = Path(plan.dest) / folder
        for path in sorted(root.rglob("*")) if root.is_dir() else ():
            if path.is_file() and not path.is_symlink() and f"site.{key}" in (
                    text := path.read_text("utf-8", "replace")) and by_name.search(text):
                return []
    return gone


def _templates_own(theme: Theme, key: str, value: Any) -> bool:
    """Whether SRC's ``value`` at ``key`` holds nothing the owner set: a scalar a template
    checkout of ``theme`` ships there (`timezone`), a group whose values one level down are
    all a checkout's (`analytics: {provider: ...}`, its deeper blanks left blank), or a group
    with no value at all (`atom_feed: {path: }`). A list is not judged (False)."""
    from ..template_files import template_value

    def filled(v: Any, depth: int) -> Iterable[int]:
        if isinstance(v, dict):
            for sub in v.values():
                yield from filled(sub, depth + 1)
        elif isinstance(v, list) or v not in (None, ""):
            yield depth
    if not isinstance(value, dict):
        return template_value(theme, key, value)
    depths = list(filled(value, 0))
    return not depths or (all(d == 1 for d in depths) and template_value(theme, key, value))


def _read_by_content(site: Site, source: Theme | None, key: str) -> bool:
    """Some page, post or collection item the site publishes reads ``site.KEY`` (outside
    the stock listings of ``source``, the source theme, which the target's replace on its
    listing pages: a page of another role, say a datasets page made from a copy of the
    projects page's Liquid, keeps that Liquid, and with it what it reads)."""
    listings = source.vocabulary.get("listings", {}) if source is not None else {}
    stock = [p for spec in listings.values() for p in spec.get("match", [])]
    key_re = re.compile(rf"\bsite\.{re.escape(key)}\b")

    def reads(body: str, swapped: bool) -> bool:
        if f"site.{key}" not in body or not key_re.search(body):  # the pattern needs the text
            return False
        for pattern in stock if swapped else ():
            body = re.sub(pattern, " ", body, flags=re.S)
        return bool(key_re.search(body))
    items = [i for kind in (site.posts, site.talks, site.teaching, site.projects, site.news)
             for i in kind] + [i for items in site.collections.values() for i in items]
    return any(reads(p.body, p.role in listings) for p in site.pages
               if p.role != "furniture") or any(reads(i.body, False) for i in items)


read_by_content = _read_by_content  # (public: al-folio's config keeps `author.KEY` a page reads)
