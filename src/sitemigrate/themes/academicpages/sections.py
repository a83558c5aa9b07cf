"""academicpages reader: a publications page that lists its publications per group of a
mapping the site defines (``grouped`` in mappings/academicpages.yml), read into one section
per group, as Jekyll renders it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...ir import Item, Page, Site
from ...jekyll.liquid import Token, block_end, raw_literal, tokenize
from ...jekyll.site import read_data
from ...report import Report
from ...template_files import is_example
from . import THEME

_WORD = re.compile(r"[\w-]+")  # a group key a jekyll-scholar query can name as it is


def read_grouped_sections(site: Site, config: dict, src: Path, items: list[Item],
                          report: Report) -> set[str]:
    """Rewrite each page whose Liquid loops over a mapping of groups and lists, per group,
    the publications whose front-matter key equals the group's key, as one `filtered`
    listing per group that has publications (Jekyll prints a group's heading with its
    first publication only), in the mapping's order, under its heading. Returns the
    front-matter keys pages are split by: the reader keeps them as the entries' own
    fields, so that another theme's listing can select by them."""
    listing = THEME.vocabulary["listings"]["publications"]
    spec, filtered = listing.get("grouped"), listing.get("filtered")
    if not spec or not filtered:
        return set()
    keys: set[str] = set()
    owned: list[Item] | None = None
    for page in site.pages:
        found = _grouped_loop(page.body, spec)
        if found is None:
            continue
        if owned is None:  # the template's example publications are not carried
            # (drop_template_content): a group only they are in gets no section, no heading
            owned = items = [it for it in items
                             if not (it.origin and is_example(THEME, src, it.origin.path))]
        start, end, mapping, key, field = found
        groups = _groups(mapping, config, src, report)
        if not groups:
            continue  # unset or empty: Jekyll renders the page's other branch
        if not all(_WORD.fullmatch(str(k)) for k in groups if _members(key, k, items)):
            # a group no publication is in shows nothing, its heading neither: its key
            # needs no query, whatever its shape
            report.verbatim("listing-groups", f"the publications are listed per `{mapping}` "
                            "group, but a group's key is not a single word a query can name; "
                            "the page lists every publication once.", page.origin)
            continue
        page.body = page.body[:start] + _sections(groups, key, field, items, spec,
                                                  filtered) + page.body[end:]
        keys.add(key)
        _report(page, mapping, key, groups, items, report)
    return keys


def _grouped_loop(body: str, spec: dict) -> tuple[int, int, str, str, str] | None:
    """The span of the first grouped loop of ``body`` (with the `{% if %}` that picks it),
    the mapping it loops over, the front-matter key it compares and the heading's field."""
    if "site." not in body:
        return None
    tokens = tokenize(body)
    for i, tok in enumerate(tokens):
        m = re.fullmatch(spec["loop"], f"{tok.name} {tok.markup}") if _tag(tok) else None
        if m is None:
            continue
        j = block_end(tokens, i, shown=True)
        if j is None:
            return None
        var = re.escape(m["var"])
        inner = tokens[i + 1:j]
        test = next((t for t in inner if _tag(t) and t.name in ("if", "unless", "elsif") and (
            re.fullmatch(spec["test"].replace("VAR", var), t.markup))), None)
        heading = next((t for t in inner if t.kind == "output" and re.fullmatch(
            spec["heading"].replace("VAR", var), "{{ " + t.markup + " }}")), None)
        if test is None or heading is None:
            continue
        key = re.fullmatch(spec["test"].replace("VAR", var), test.markup)["key"]  # type: ignore[index]
        field = re.fullmatch(spec["heading"].replace("VAR", var),  # type: ignore[index]
                             "{{ " + heading.markup + " }}")["field"]
        start, end = tok.start, tokens[j].start + len(tokens[j].text)
        wrapper = spec["wrapper"].replace("MAPPING", re.escape(m["mapping"]))
        for w in range(i - 1, -1, -1):
            if _tag(tokens[w]) and re.fullmatch(wrapper, f"if {tokens[w].markup}"):
                close = block_end(tokens, w, shown=True)
                if close is not None and close > j:
                    start, end = tokens[w].start, tokens[close].start + len(tokens[close].text)
                break
        return start, end, m["mapping"], key, field
    return None


def _tag(tok: Token) -> bool:
    return tok.kind == "tag" and not tok.in_html_comment


def _groups(mapping: str, config: dict, src: Path, report: Report) -> dict[str, Any]:
    """The mapping `site.<mapping>` names: a config key, or `data.<name>` (`_data/<name>.yml`)."""
    if mapping.startswith("data."):
        name = mapping.removeprefix("data.")
        value = next((v for ext in ("yml", "yaml") if (
            v := read_data(src, f"_data/{name}.{ext}", report)) is not None), None)
    else:
        value = config.get(mapping)
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


def _members(key: str, group: str, items: list[Item]) -> list[Item]:
    return [it for it in items
            if str(it.fields.get(key, it.extra.get(key, ""))) == group]


def _sections(groups: dict[str, Any], key: str, field: str, items: list[Item], spec: dict,
              filtered: dict) -> str:
    out = []
    for group, value in groups.items():
        if not _members(key, group, items):
            continue  # Jekyll prints a group's heading with its first publication
        title = value.get(field) if isinstance(value, dict) else None
        title = "" if title is None else str(title)
        if "{{" in title or "{%" in title:
            title = raw_literal(title)  # the page shows the value as written
        parts = {"KEY": key, "OP": filtered["ops"]["equals"], "VALUE": group}
        listing = re.sub("KEY|OP|VALUE", lambda p, parts=parts: parts[p[0]],  # type: ignore[misc]
                         filtered["body"].rstrip("\n"))
        out.append((spec["section"].replace("TITLE", title) + "\n" if title else "") + listing)
    return "\n\n".join(out)


def _report(page: Page, mapping: str, key: str, groups: dict[str, Any], items: list[Item],
            report: Report) -> None:
    shown = [g for g in groups if _members(key, g, items)]
    report.mapped("listing-groups", f"the publications listed per `{mapping}` group: " + (
        f"read as {len(shown)} section(s) of the publications whose `{key}` is "
        + ", ".join(f"`{g}`" for g in shown) if shown else
        f"no publication's `{key}` is one of its groups, so the page lists none, as before")
        + ".", page.origin)
    rest = [it for it in items if str(it.fields.get(key, it.extra.get(key, ""))) not in groups]
    if rest:
        report.mapped("listing-groups", f"{len(rest)} publication(s) whose `{key}` is none of "
                      f"the `{mapping}` groups are not listed on this page, as in the source "
                      f"({', '.join(f'`{it.slug}`' for it in rest[:3])}"
                      f"{', ...' if len(rest) > 3 else ''}).", page.origin)
