"""What jekyll-scholar shows: which `.bib` files and entries the site's pages list, and as what.

jekyll-scholar reads its settings from `scholar:` in `_config.yml` (`source`, default
`./_bibliography`; `bibliography`, the default file, a list in some sites). A
`{% bibliography %}` tag lists the default file; `-f FILE` / `--file FILE` (the name
without `.bib`, repeatable) lists others, and `-q QUERY` / `--query QUERY` keeps the
entries the query selects (`@*`, `@article`, `@*[year=2020]`, `@*[keywords~=talk]`,
`&&`/`||`); `-T NAME` / `--template NAME` shows its entries with the layout `NAME` (not
`scholar.bibliography_template`). A file no tag lists (and that is not the default file)
is shown by no page: a leftover template file, not the owner's list. A tag with `-c`/`--cited` or
`-C`/`--cited_in_order` lists only the entries its page cites (`{% cite %}`): the page's
references, not a list of a file; a file only cited is no publication list either.

A tag on a page about talks (its file name, the page's title or address, the heading above
the tag, or what its query selects say talks or presentations) lists talks, not publications.
No theme vocabulary lives here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..lazyre import lazy_pattern

if TYPE_CHECKING:
    from ..report import Report

_TAG = lazy_pattern(r"\{%-?\s*bibliography(?:\s+([^%]*?))?\s*-?%\}")
_CITED = lazy_pattern(r"(?:^|\s)(?:-c|--cited|-C|--cited_in_order)(?=\s|$)")
_ARG = lazy_pattern(r"""(--file|-f|--query|-q|--template|-T)\s+"""
                  r"""((?:\{\{.*?\}\}|"[^"]*"|'[^']*'|[^\s{])+)""")
_LIQUID = lazy_pattern(r"\{\{-?\s*(.*?)\s*-?\}\}")
_HEADING = lazy_pattern(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$|<h[1-6][^>]*>(.*?)</h[1-6]>", re.M | re.S)
_TALK_WORDS = lazy_pattern(r"\b(talks?|presentations?|keynotes?)\b", re.I)
_SELECTOR = lazy_pattern(r"(!)?@(\*|\w+)(?:\[([^\]]*)\])?")
"""A query's selectors (`@book[year=2020]`, `!@misc`): bibtex-ruby lists an entry that any
one selects, however they are joined (`@book[...]* && @article[...]*`)."""
_QUERY = lazy_pattern(r"(?:^|\s)(?:-q|--query)\s+(.+?)\s*(?=\s-[cCfhqptTsgGOlLomAr]|\s--\w|$)",
                    re.S)
"""A tag's query: up to the next option, spaces and all (jekyll-scholar splits its arguments
at the options, not at spaces)."""
_COND = lazy_pattern(r"^\s*([\w-]+)\s*(!~=|~=|!=|<=|>=|=|<|>)\s*(.*?)\s*$")
_FOR_BLOCK = lazy_pattern(r"\{%-?\s*for\s[^%]*%\}(?P<inner>(?:(?!\{%-?\s*(?:for|endfor)\b).)*?)"
                        r"\{%-?\s*endfor\s*-?%\}", re.S)


@dataclass(slots=True)
class Use:
    """One `{% bibliography %}` tag: the files it lists (None: Liquid that cannot be read
    here, so any file), its query, whether it lists talks, and whether it lists only the
    entries its page cites (``cited``: the page's references)."""

    files: tuple[str, ...] | None
    query: str
    talks: bool
    where: str
    span: tuple[int, int]
    cited: bool = False
    template: str = ""
    """The layout its entries are shown with, where the tag names one (`--template`)."""


def cited_files(uses: list[Use]) -> dict[str, str]:
    """The files a tag that lists only its page's citations (``cited``: the references under
    a post) names, each with where its first such tag is: what such a file shows is the
    entries pages cite, not a list of the file."""
    return {f: u.where for u in reversed(uses) if u.cited for f in u.files or ()}


def stem(name: str) -> str:
    """A bibliography's name as a tag writes it: `papers.bib` and `papers` are one file."""
    name = name.strip().strip("'\"").rsplit("/", 1)[-1]
    return name[:-4] if name.lower().endswith(".bib") else name


def default_files(config: dict) -> tuple[str, ...] | None:
    """jekyll-scholar's default bibliography (`scholar.bibliography`); None when the config
    does not set it (jekyll-scholar would read `references.bib`, but a config without it is
    often not the one the site is built with: a converted site's, a partial copy's)."""
    scholar = config.get("scholar") if isinstance(config, dict) else None
    value = scholar.get("bibliography") if isinstance(scholar, dict) else None
    if isinstance(value, list):
        return tuple(stem(str(v)) for v in value if v)
    return (stem(str(value)),) if value else None


def source_folder(config: dict) -> str:
    """Where jekyll-scholar reads `.bib` files, site-relative (`scholar.source`)."""
    scholar = config.get("scholar") if isinstance(config, dict) else None
    value = scholar.get("source") if isinstance(scholar, dict) else None
    folder = str(value).strip().strip("/").removeprefix("./").strip("/") if value else ""
    return folder if folder and ".." not in folder.split("/") else "_bibliography"


def bibliography_uses(texts: Iterable[tuple[str, str, str]], config: dict) -> list[Use]:
    """Every `{% bibliography %}` tag of ``texts`` ((path, body, title and address of the
    page)), read against the site's `scholar:` settings."""
    defaults = default_files(config)
    uses = []
    for where, body, about in texts:
        if "bibliography" not in body:
            continue
        for m in _TAG().finditer(body):
            files: list[str] | None = []
            query = template = ""
            for flag, value in _ARG().findall(m.group(1) or ""):
                value = value.strip("'\"")
                if flag in ("-q", "--query"):
                    whole = _QUERY().search(m.group(1) or "")
                    query = whole.group(1).strip("'\"") if whole else value
                    continue
                if flag in ("-T", "--template"):
                    template = value if "{{" not in value else ""
                    continue
                value = _LIQUID().sub(lambda v: _config_value(v.group(1), config), value)
                if files is not None and "{{" not in value and "\0" not in value:
                    files.append(stem(value))
                else:
                    files = None
            names = defaults if files == [] else (tuple(files) if files is not None else None)
            heading = _heading_before(body, m.start())
            said = " ".join([about, heading, *(names or ()), _positive_values(query)])
            uses.append(Use(names, query, bool(_TALK_WORDS().search(said)), where, m.span(),
                            bool(_CITED().search(m.group(1) or "")), template))
    return uses


def _config_value(expr: str, config: dict) -> str:
    """`site.scholar.bibliography` and other `site.` values a tag's argument names."""
    value: Any = config
    parts = expr.split("|")[0].strip().split(".")
    if parts[0] != "site":
        return "\0"
    for part in parts[1:]:
        value = value.get(part) if isinstance(value, dict) else None
    return str(value) if isinstance(value, (str, int)) else "\0"


def _heading_before(body: str, at: int) -> str:
    """The last heading above ``at`` that is plain text (not a Liquid value like `{{ y }}`)."""
    found = ""
    for m in _HEADING().finditer(body, 0, at):
        words = (m.group(1) or m.group(2) or "").strip()
        if words and "{{" not in words and "{%" not in words:
            found = words
    return found


def _positive_values(query: str) -> str:
    return " ".join(c.group(3) for c in (_COND().match(p) for p in _conditions(query))
                    if c and not c.group(2).startswith("!"))


def _conditions(query: str) -> list[str]:
    inner = re.findall(r"\[(.*?)\]", query)
    return [p for part in inner for p in re.split(r",|&&|\|\|", part) if p.strip()]


def query_selects(query: str, entry_type: str, fields: dict[str, str]) -> bool:
    """Whether a jekyll-scholar query selects an entry. A condition whose value is Liquid
    (`year={{ y }}`, a loop's variable) is read as met: it selects some entry of the file.
    As BibTeX-Ruby reads a query: an entry is selected when any of its `(!)@type[...]`
    parts (`@incollection,@techreport`) selects it: of its type (`!`: of another), with
    every condition of one of the `||` alternatives met."""
    query = query.strip()
    if not query or query.startswith("{{"):
        return True
    selectors = _SELECTOR().findall(query)  # bibtex-ruby: an entry any one of them selects
    if len(selectors) <= 1 and not (selectors and selectors[0][0]):
        # one type (or none), and every `[...]` group after it
        kind = selectors[0][1] if selectors else "*"
        return _of_type(kind, entry_type) and all(
            _meets(group, fields) for group in re.findall(r"\[(.*?)\]", query))
    return any(_of_type(kind, entry_type) != bool(non) and _meets(group, fields)
               for non, kind, group in selectors)


def _of_type(kind: str, entry_type: str) -> bool:
    """Whether a selector's type (`book`; `*` and `entry`: any) is the entry's."""
    return kind == "*" or kind.lower() in ("entry", entry_type.lower())


def _meets(group: str, fields: dict[str, str]) -> bool:
    """A selector's `[...]`: alternatives by `||`, each met when all its conditions are."""
    return not group.strip() or any(
        all(_condition(c, fields) for c in re.split(r",|&&", alt) if c.strip())
        for alt in group.split("||"))


def selects_all(query: str) -> bool:
    """Whether a query selects every entry of its file over the renders of its tag: none,
    or `@*` with conditions on Liquid values only (`@*[year={{ y }}]*` in a loop over the
    years lists each entry under its year)."""
    query = query.strip()
    if not query:
        return True
    if not re.match(r"@\*(?:\[|$)", query):
        return False
    values = [c.group(3) if c else "" for c in map(_COND().match, _conditions(query))]
    return all("{{" in v for v in values)


def file_sections(uses: list[Use], files: set[str], merged: set[str]) -> list[Use]:
    """The tags that list all entries of one of several ``files`` (the `.bib` files the
    site's publications come from), each on a page of its own or under a heading: each such
    page lists that file's entries only. Not a file some entries of went to another file's
    (``merged``: the same work read once), whose list would lack them."""
    if len(files) < 2:
        return []
    return [u for u in uses if not u.talks and u.files is not None and len(u.files) == 1
            and u.files[0] in files - merged and selects_all(u.query)]


def _condition(cond: str, fields: dict[str, str]) -> bool:
    m = _COND().match(cond)
    if not m:
        return True
    name, op, want = m.group(1).lower(), m.group(2), m.group(3).strip("'\"")
    if "{{" in want or "{%" in want:
        return True
    have = str(fields.get(name, "")).strip()
    if op in ("~=", "!~="):
        try:
            found = bool(re.search(want, have, re.I))
        except re.error:
            found = want.lower() in have.lower()
        return found if op == "~=" else not found
    if op in ("=", "!="):
        return (have.lower() == want.lower()) == (op == "=")
    try:
        a, b = float(have), float(want)
    except ValueError:
        return False
    return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]


def shown_files(uses: list[Use], config: dict, pages: bool = False,
                selected: bool = False) -> set[str] | None:
    """The `.bib` files (by name) some page lists (``uses``: the tags that list files, not
    a page's references); None when every file may be listed: a tag whose file is Liquid
    read elsewhere, or no tag in a copy without pages (nothing says which). A site whose
    pages (``pages``) list no file shows none, but for the default file when a page shows
    its selected papers (``selected``: the theme's layout lists them)."""
    if any(u.files is None for u in uses) or not (uses or pages):
        return None
    if not uses and not selected:
        return set()
    return {f for u in uses for f in u.files or ()} | set(default_files(config) or ())


def selected_files(uses: list[Use], config: dict, include: str) -> set[str] | None:
    """The `.bib` files a home page's list of selected papers shows: those the tags of the
    site's own ``include`` (the theme's selected-papers include, by path without suffix)
    list, else jekyll-scholar's default file (the theme's include lists it); None when
    nothing says (a file named by Liquid read elsewhere, no default file)."""
    mine = [u for u in uses if u.where.rsplit(".", 1)[0] == include]
    if any(u.files is None for u in mine):
        return None
    if mine:
        return {f for u in mine for f in u.files or ()}
    return set(default_files(config) or ()) or None


def lists_entry(name: str, entry_type: str, fields: dict[str, str], uses: list[Use],
                loops: Mapping[int, list[str]] | None = None) -> bool:
    """Whether a tag that lists file ``name`` selects this entry by its query; True when no
    tag names the file (nothing says which of its entries show). ``loops``: by a tag's
    index in ``uses``, the queries it runs inside a loop over its page's front-matter list
    (:func:`loop_queries`), in place of its own."""
    mine = [n for n, u in enumerate(uses) if u.files is None or name in u.files]
    return not mine or any(query_selects(q, entry_type, fields)
                           for n in mine for q in (loops or {}).get(n, [uses[n].query]))


def shown_as(name: str, entry_type: str, fields: dict[str, str], uses: list[Use]) -> str:
    """`talk` when only tags listing talks select this entry of file ``name``, else
    `publication` (the default file is the theme's publication list)."""
    mine = [u for u in uses if u.files is None or name in u.files]
    selecting = [u for u in mine if query_selects(u.query, entry_type, fields)]
    if selecting and all(u.talks for u in selecting):
        return "talk"
    return "publication"


def replace_use(body: str, use: Use, new: str) -> str:
    """``body`` with the listing of ``use`` replaced by ``new``: the tag, or the `for` loop
    around it when that loop holds nothing else but headings (a list by year)."""
    start, end = listing_span(body, use)
    return body[:start] + new.rstrip("\n") + body[end:]


def listing_span(body: str, use: Use) -> tuple[int, int]:
    """What :func:`replace_use` replaces: the tag, or the `for` loop around it that holds
    nothing else but headings."""
    return loop_span(body, *use.span)


# Liquid that prints nothing by itself: comments, a `capture` (a count of the year's
# items), `assign`, and the `if`s that decide whether a heading shows
_SCAFFOLD = lazy_pattern(
    r"<!--.*?-->|\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}"
    r"|\{%-?\s*capture\b.*?\{%-?\s*endcapture\s*-?%\}"
    r"|\{%-?\s*(?:assign|if|elsif|else|endif|unless|endunless)\b[^%]*%\}", re.S)


def loop_span(body: str, start: int, end: int) -> tuple[int, int]:
    """The listing at ``start:end`` of ``body``, or the `for` loop around it that holds
    nothing else but headings and Liquid that prints nothing by itself (a list by year,
    each year's heading shown when its count is not 0: a listing of every item in its
    place would list every item once a turn); and so on outwards, a loop around that one
    that holds nothing else but headings too (a loop over the years around a loop over
    the files: the listing there would list every item once a year)."""
    for head_start, head_end, end_start, end_end in _loops(body):  # innermost first
        if not (head_start <= start and end <= end_end):
            continue
        rest = _SCAFFOLD().sub("", body[head_end:start] + body[end:end_start])
        if re.sub(r"<h[1-6][^>]*>.*?</h[1-6]>|\s", "", rest, flags=re.S):
            break
        start, end = head_start, end_end
    return start, end


_LOOP_TAG = lazy_pattern(r"\{%-?\s*(for|endfor)\b[^%]*%\}")


def _loops(body: str) -> list[tuple[int, int, int, int]]:
    """The `for` loops of ``body`` (each `{% for %}` with its own `{% endfor %}`, as Liquid
    nests them), innermost first: where the head tag starts and ends, where the end tag
    starts and ends."""
    loops: list[tuple[int, int, int, int]] = []
    heads: list[re.Match[str]] = []
    for m in _LOOP_TAG().finditer(body):
        if m[1] == "for":
            heads.append(m)
        elif heads:
            head = heads.pop()
            loops.append((head.start(), head.end(), m.start(), m.end()))
    return sorted(loops, key=lambda loop: loop[3] - loop[0])


def in_loop(body: str, span: tuple[int, int]) -> bool:
    """A `for` loop of ``body`` holds ``span``: what is there renders once an iteration."""
    return any(m.start() < span[0] and span[1] < m.end() for m in _FOR_BLOCK().finditer(body))


_FOR_OVER = lazy_pattern(r"\{%-?\s*for\s+(\w+)\s+in\s+page\.(\w+)\s*-?%\}")


def loop_queries(body: str, use: Use, front: Any) -> list[str] | None:
    """The queries a tag inside `{% for VAR in page.KEY %}` runs: one per value of the
    page's front-matter list KEY, its `{{ VAR }}` replaced (`years: [2019, 2020]` with
    `-q @*[year={{ y }}]*`). None when the tag is in no such loop or KEY is no list."""
    for m in _FOR_BLOCK().finditer(body):
        if not (m.start() <= use.span[0] and use.span[1] <= m.end()):
            continue
        head = _FOR_OVER().match(body, m.start())
        if head is None or not isinstance(front, dict) \
                or not isinstance(front.get(head.group(2)), list):
            return None
        var = re.compile(r"\{\{-?\s*" + re.escape(head.group(1)) + r"\s*-?\}\}")
        return [var.sub(str(v).replace("\\", r"\\"), use.query) for v in front[head.group(2)]]
    return None


_RENAMED = lazy_pattern(r"duplicate key `[^`]*` \(first at line \d+\); the \w+ entry was renamed ")
_WRITTEN = lazy_pattern(r"publication `([^`]*)` written to ")


def carried_keys(report: Report, rel: str, source: str, text: str) -> None:
    """SRC's `.bib` file ``rel`` (``source``) goes into DEST as written (``text``: an
    upgrade): jekyll-scholar reads its duplicate keys as bibtex-ruby does, not as a
    conversion writes them (`KEY-2`). What the reader said of them, and of the keys the
    writer gave those entries, is said again as the new site has it, at each entry's line:
    a key an entry before it has becomes its `succ` (:func:`~..formats.bibtex.scholar_keys`),
    on the new site as on the old; keys that differ only in case stay apart."""
    from ..formats.bibtex import parse_bib, scholar_keys, written_key
    given = iter(scholar_keys(text))
    pending = next(given, None)
    keys: dict[str, tuple[str, str | None]] = {}  # the reader's key -> (as written, given)
    lines: list[tuple[int, str, str | None]] = []
    for entry in parse_bib(source).entries:
        if pending is None or pending[0] != written_key(entry):
            continue  # (an entry that does not go along, or bibtex-ruby does not read)
        keys[entry.key] = pending
        lines.append((entry.line, *pending))
        pending = next(given, None)
    found = report.findings
    found[:] = [f for f in found if not (f.path == rel and f.code == "bibtex"
                                         and _RENAMED().match(f.message))]
    for f in found:
        if f.path == rel and f.code == "publication" and (m := _WRITTEN().match(f.message)) \
                and m[1] in keys and keys[m[1]][1] not in (None, m[1]):
            f.message = f.message.replace(f"`{m[1]}`", f"`{keys[m[1]][1]}`", 1)
    first: dict[str, int] = {}
    holder: dict[str, int] = {}  # a key bibtex-ruby gave -> the line of its entry
    for line, key, new in lines:
        first.setdefault(key, line)
        if new is not None:
            holder[new] = line
        if new == key:
            continue
        as_new = f"the key `{new}`" if new else "another key (Ruby's `succ` of its own)"
        same = ", on the new site as on the old (the file is carried as written)"
        if first[key] != line:
            said = (f"duplicate key `{key}` (first at line {first[key]}): jekyll-scholar "
                    f"(bibtex-ruby) gives this entry {as_new}{same}"
                    + (f": `{{% cite {new} %}}` cites it" if new else "")
                    + ". Give it a key of its own.")
        else:
            said = (f"key `{key}` is taken by an earlier entry with a duplicate key, which "
                    f"bibtex-ruby renamed (line {holder.get(key, '?')}): jekyll-scholar gives "
                    f"this entry {as_new}{same}, and `{{% cite {key} %}}` cites that other "
                    "entry. Give the duplicate a key of its own.")
        report.problem("bibtex", said, rel, line)
