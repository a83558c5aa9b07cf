"""YAML, read and written: the one module that knows the YAML libraries.

SRC's YAML is read with public loaders: front matter with PyYAML's composer (libyaml) built
into ruamel's round-trip types, as Jekyll reads it (:func:`load_front_matter`), plain values
with PyYAML's safe loader given YAML 1.2's rules (:func:`load_safe`), configs and what is
merged into DEST with ruamel's round trip (:func:`load_yaml`, :func:`yaml_rt`: comments and
quoting kept). Every load is within sitemigrate's bounds (:func:`yaml_limits`). Front matter
is written by rules of its own where they are sure, else by ruamel (:func:`dump_yaml`).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import re
from datetime import date, datetime
from typing import Any, ClassVar

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.constructor import DuplicateKeyError

from .lazyre import lazy_pattern
from .report import Report
from .yamlanchor import Redefinable, quiet_composer


@functools.lru_cache(maxsize=1)
def _rt_constructor() -> type:
    """ruamel's round-trip constructor, but a date that is no day of the calendar
    (``2018-02-30``) stays text, as Ruby's YAML keeps it (Jekyll then rolls it over)."""
    from ruamel.yaml.constructor import RoundTripConstructor

    class Constructor(RoundTripConstructor):
        def construct_yaml_timestamp(self, node: Any, values: Any = None) -> Any:
            try:
                return super().construct_yaml_timestamp(node, values)
            except ValueError:
                return self.construct_scalar(node)

    Constructor.add_constructor("tag:yaml.org,2002:timestamp",
                                Constructor.construct_yaml_timestamp)
    return Constructor


def yaml_rt() -> YAML:
    """A round-trip (comment-keeping, safe) YAML instance configured like Jekyll files."""
    y = YAML(typ="rt")
    y.Constructor, y.Composer = _rt_constructor(), quiet_composer()
    y.preserve_quotes = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    y.allow_duplicate_keys = False
    return y


# ------------------------------------------------------------------------------------------
# Bounds on YAML, checked before any loader sees the text. An alias repeats its anchor's
# value: nine anchors of ten aliases each are a billion values ("billion laughs"), which every
# walk over the data (and its output) would expand. And libyaml's composer recurses once a
# level: a 100,000-deep sequence overflows the C stack (a segmentation fault, no exception).
# The event parser is safe on both (no values are built, it nests without recursing), and it
# is asked only for what it has read so far, so a check stops at the first level too many.
# ------------------------------------------------------------------------------------------
YAML_MAX_DEPTH = 100
"""Nesting levels of collections, counting what aliases repeat."""
YAML_MAX_ALIASES = 1000
YAML_MAX_ALIAS_NODES = 10_000
"""Values (scalars and collections) that all aliases together may repeat."""


class YAMLLimitError(ValueError):
    """YAML beyond sitemigrate's bounds; ``line`` is 0-based, as libyaml's marks."""

    def __init__(self, problem: str, line: int) -> None:
        super().__init__(f"{problem} (line {line + 1})")
        self.problem, self.line = problem, line


def yaml_limits(text: str) -> YAMLLimitError | None:
    """What makes ``text`` too costly to load (aliases that repeat too much, nesting too
    deep), or None. Invalid YAML is left to the loader, which reports it."""
    # Every collection starts at a `[`, `{`, `-`, `?` or `:` of its own, and every alias
    # at a `*`: with neither alias nor enough of those, nothing can exceed a bound.
    if ("*" not in text or not _may_hold_alias_or_tag(text)) and (
            sum(text.count(c) for c in "[{-?:") <= YAML_MAX_DEPTH
            or _depth_bound(text) <= YAML_MAX_DEPTH):
        return None  # no alias, and not deep enough: nothing to parse
    found = _parsed_limits(text)
    return None if found is None else YAMLLimitError(*found)


@functools.lru_cache(maxsize=8)
def _parsed_limits(text: str) -> tuple[str, int] | None:
    """:func:`yaml_limits` of a text that needs its events read: once a run for each text
    (a config is loaded by several readers, each checking it)."""
    try:
        found = _limit_events(_events(text, fast=True))
    except Exception:  # libyaml refused it: ruamel's parser reads some YAML 1.2 it does not
        try:
            found = _limit_events(_events(text, fast=False))
        except Exception:  # invalid YAML: the loader reports it, before any deep part
            return None
    return None if found is None else (found.problem, found.line)


def _depth_bound(text: str) -> int:
    """An upper bound of how deep ``text``'s collections nest (no alias in it), read from its
    lines without parsing (a config has more `-` and `:` than the count above allows, and
    parsing it took libyaml, ~20 ms of imports, or ruamel). A node's enclosing collections
    each start on an earlier line at a smaller column (at most two a column: a sequence
    written at its mapping key's column), or on its own line at a ``-``, ``?`` or ``:`` of
    that line, or at a ``[``/``{`` (with the single-pair mapping it may hold).
    ``tests/test_properties.py`` checks it against the depth the parser finds."""
    if any(c in text for c in "\r\x85\u2028\u2029"):  # other line breaks: not judged here
        return YAML_MAX_DEPTH + 1
    deepest = 0
    for line in text.split("\n"):
        width = len(line) - len(line.lstrip(" "))
        if line[width:width + 1] == "\t":  # a tab where indentation may go: not judged here
            return YAML_MAX_DEPTH + 1
        marks = line.count("-") + line.count("?") + line.count(":")
        deepest = max(deepest, 2 * (width + 1) + marks)
    # in flow context, each `[` or `{` opens a collection and at most one single-pair
    # mapping in it (`[a: [b: ...]]`)
    return deepest + 2 * (text.count("[") + text.count("{"))


def _events(text: str, fast: bool) -> Any:
    loader = None
    if fast:
        try:
            import yaml
            loader = yaml.CSafeLoader
        except (ImportError, AttributeError):  # no libyaml
            pass
    return yaml.parse(text, Loader=loader) if loader else yaml_rt().parse(text)


def _limit_events(events: Any) -> YAMLLimitError | None:
    sizes: dict[Any, tuple[int, int]] = {}  # anchor -> (values in it, levels in it)
    stack: list[list[Any]] = [[None, 0, 0]]  # open: anchor, values so far, deepest child
    aliases = repeated = 0
    for ev in events:
        kind = type(ev).__name__
        if kind == "ScalarEvent" or kind == "AliasEvent":
            nodes, height = 1, 0
            if kind == "AliasEvent":
                nodes, height = sizes.get(ev.anchor, (1, 0))
                aliases += 1
                repeated += nodes
                line = ev.start_mark.line if ev.start_mark else 0
                if aliases > YAML_MAX_ALIASES:
                    return YAMLLimitError(f"has more than {YAML_MAX_ALIASES:,} aliases", line)
                if repeated > YAML_MAX_ALIAS_NODES:
                    return YAMLLimitError(f"aliases repeat more than {YAML_MAX_ALIAS_NODES:,} "
                                          "values (an alias bomb)", line)
                if len(stack) - 1 + height > YAML_MAX_DEPTH:
                    return _too_deep(ev)
            elif ev.anchor:
                sizes[ev.anchor] = (1, 0)
            top = stack[-1]
            top[1] += nodes
            top[2] = max(top[2], height)
        elif kind in ("SequenceStartEvent", "MappingStartEvent"):
            stack.append([ev.anchor, 1, 0])
            if len(stack) - 1 > YAML_MAX_DEPTH:
                return _too_deep(ev)
        elif kind in ("SequenceEndEvent", "MappingEndEvent") and len(stack) > 1:
            anchor, nodes, height = stack.pop()
            top = stack[-1]
            top[1] += nodes
            top[2] = max(top[2], height + 1)
            if anchor:
                sizes[anchor] = (nodes, height + 1)
    return None


def _too_deep(ev: Any) -> YAMLLimitError:
    return YAMLLimitError(f"nests more than {YAML_MAX_DEPTH} levels deep",
                          ev.start_mark.line if ev.start_mark else 0)


# ------------------------------------------------------------------------------------------
# YAML 1.2's core schema (ruamel's, and what the files were written for): which tag a plain
# scalar resolves to. Given to PyYAML's public loader (libyaml's speed: ~30x ruamel's
# pure-Python parser) for plain values, and used by the front-matter loader and writer.
# Property tests check the values against ruamel's.
# ------------------------------------------------------------------------------------------
_STD = "tag:yaml.org,2002:"
_DIGITS = "0123456789"
_YAML12: list[tuple[str, re.Pattern[str], str]] = [
    ("bool", re.compile(r"(?:true|True|TRUE|false|False|FALSE)\Z"), "tTfF"),
    ("float", re.compile(r"""(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?
        |[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+ |[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
        |[-+]?\.(?:inf|Inf|INF) |\.(?:nan|NaN|NAN))\Z""", re.X), f"-+.{_DIGITS}"),
    ("int", re.compile(r"""(?:[-+]?0b[01_]+ |[-+]?0o?[0-7_]+ |[-+]?[0-9_]+
        |[-+]?0x[0-9a-fA-F_]+)\Z""", re.X), f"-+{_DIGITS}"),
    ("merge", re.compile(r"<<\Z"), "<"),
    ("null", re.compile(r"(?:~|null|Null|NULL|)\Z"), "~nN"),
    ("timestamp", re.compile(r"""(?:[0-9]{4}-[0-9]{2}-[0-9]{2}
        |[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?
        (?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)\Z""", re.X), _DIGITS),
    ("value", re.compile(r"=\Z"), "="),
]
_FIRSTS = frozenset("".join(first for _, _, first in _YAML12))


def _plain_tag(value: str) -> str:
    """What a plain scalar resolves to under YAML 1.2: ``str``, ``int``, ``null`` ..."""
    if not value:
        return "null"
    first = value[0]
    if first in _FIRSTS:
        for tag, pattern, firsts in _YAML12:
            if first in firsts and pattern.match(value):
                return tag
    return "str"


@functools.cache
def _safe_loader(last_wins: bool = False, redefined: bool = False) -> Any:
    """PyYAML's safe loader given YAML 1.2's scalars (as ruamel's ``YAML(typ="safe")``
    reads them) and refusing a duplicate key (``last_wins``: taking its last value, as Jekyll
    reads front matter); None without libyaml. ``redefined``: :class:`.yamlanchor.Redefinable`."""
    try:
        import yaml
        bases = (Redefinable, yaml.SafeLoader) if redefined else (yaml.CSafeLoader,)
    except (ImportError, AttributeError):
        return None

    class Loader(*bases):  # type: ignore[misc]
        yaml_implicit_resolvers: ClassVar[dict[Any, Any]] = {}

        def construct_mapping(self, node, deep=False):
            self.flatten_mapping(node)
            seen = set()
            for key_node, _ in () if last_wins else node.value:
                key = self.construct_object(key_node, deep=deep)
                try:
                    if key in seen:
                        raise yaml.constructor.ConstructorError(
                            None, None, f"duplicate key {key!r}", key_node.start_mark)
                    seen.add(key)
                except TypeError:
                    pass  # an unhashable key: the base constructor raises as ruamel does
            # flattened above: the base constructor's mapping, not the safe one's (which
            # flattens the merge keys again)
            return yaml.constructor.BaseConstructor.construct_mapping(self, node, deep=deep)

        def construct_yaml_int(self, node):
            # YAML 1.2: a leading 0 is decimal (017 == 17); 0o, 0x, 0b set the base
            value = self.construct_scalar(node).replace("_", "")
            sign = -1 if value[0] == "-" else 1
            value = value.lstrip("+-")
            for prefix, base_ in (("0b", 2), ("0o", 8), ("0x", 16)):
                if value.startswith(prefix):
                    return sign * int(value[2:], base_)
            return sign * int(value)

        def construct_undefined(self, node):
            raise yaml.constructor.ConstructorError(
                None, None, f"no constructor for tag {node.tag!r}", node.start_mark)

    Loader.add_constructor(f"{_STD}int", Loader.construct_yaml_int)
    Loader.add_constructor(None, Loader.construct_undefined)
    Loader.add_constructor(f"{_STD}value", Loader.construct_undefined)
    for tag, pattern, firsts in _YAML12:
        Loader.add_implicit_resolver(f"{_STD}{tag}", pattern,
                                     [*firsts, ""] if tag == "null" else list(firsts))
    return Loader


_LOADED: dict[str, Any] = {}
"""Text -> what ruamel loaded from it: a config is parsed once a run, however many read it
(SRC's ``_config.yml``: detection, the reader, the writers; DEST's: its generation, its
owner, the merge): a round-trip load of a template's ~600-line config is the longest step
of a conversion, a copy of it a third of that. Only loads without a problem are kept, and
the kept object is never changed: a caller that only reads gets it (``shared``), any other
a deep copy of its own (ruamel's types copy their comments, line numbers, styles and
scalar forms)."""

_TWICE: dict[str, list[tuple[Any, int]]] = {}
"""Text -> the top-level keys it has twice (as ``duplicates`` lists them), for a caller
that asks after a first load of the text was kept."""


def load_yaml(text: str, rel: str, report: Report | None, first_line: int = 1,
              shared: bool = False, duplicates: list[tuple[Any, int]] | None = None) -> Any:
    """Load YAML safely; on error report ``path:line`` and return None. ``shared``: a
    caller that only reads may get the object kept for a text loaded before (no copy).
    ``duplicates``: a top-level key written twice takes its last value, as Jekyll reads
    front matter, and is listed there (key, 0-based line); else it is an error."""
    if text in _LOADED:
        if duplicates is not None:
            duplicates.extend(_TWICE.get(text, []))
        return _LOADED[text] if shared else copy.deepcopy(_LOADED[text])
    limit = yaml_limits(text)
    if limit is not None:
        if report:
            report.problem("yaml-limit", f"YAML {limit.problem}; this block was not read "
                           "(sitemigrate loads YAML only within bounds, see the README's Safety "
                           "section). Simplify it and run again.", rel,
                           first_line + limit.line, severity="loss")
        return None
    y = yaml_rt()
    try:
        try:
            data = y.load(text)
        except DuplicateKeyError as exc:
            if duplicates is None:
                raise
            try:
                data = _last_wins(text, duplicates)
            except Exception:
                duplicates.clear()
                raise exc from None
    except Exception as exc:  # ruamel raises many error classes; all mean "bad YAML"
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        problem = getattr(exc, "problem", None) or str(exc).split("\n")[0]
        data = _SLOW
        if "'\\t'" in problem:
            problem = "a tab character: YAML indents with spaces only"
            data = _as_libyaml_reads(text, duplicates)
        if data is _SLOW:
            if report:
                report.problem("bad-yaml", f"invalid YAML ({problem}); this block was not "
                               "read. Fix the YAML and run again.", rel, line, severity="loss")
            return None
    if len(text) > 2000 or rel == "_config.yml":  # a config; front matter is loaded once
        _LOADED[text] = data
        if duplicates:
            _TWICE[text] = list(duplicates)
        return data if shared else copy.deepcopy(data)
    return data


def _as_libyaml_reads(text: str, duplicates: list[tuple[Any, int]] | None) -> Any:
    """``text`` as libyaml reads it, where ruamel refused a tab: Jekyll reads YAML with
    Ruby's Psych, which is libyaml, and libyaml takes a tab as the white space between
    tokens (after a plain scalar's continuation indent, before a comment) where ruamel
    stops. _SLOW where libyaml refuses it too, or where it holds what :func:`_build`
    does not build (its comments are not kept: ruamel could not read them either)."""
    loader = _safe_loader()
    if loader is None or yaml_limits(text) is not None:
        return _SLOW
    import yaml
    found: tuple[dict[Any, int], list] = ({}, [])
    try:
        root = yaml.compose(text, Loader=loader)
        data = _build(root, 0, False, found, True) if root is not None else _SLOW
    except Exception:  # libyaml refuses it too, or _build does not build it
        return _SLOW
    if found[1] and duplicates is None:
        return _SLOW  # a duplicate key where the caller refuses one: the error stands
    if duplicates is not None:
        duplicates.extend(found[1])
    return data


_CORE_TAGS = {f"!!{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map",
                                  "timestamp", "binary", "set", "omap", "pairs", "merge")}

_NODE_PROPERTY = re.compile(r"[*!&]")


def _may_hold_alias_or_tag(text: str) -> bool:
    """Whether a `*` or `!` of ``text`` (or an anchor's `&`, which a tag may follow) stands
    where a node may start (after blanks, at a line start or after one of ``[{,:?-``), as an
    alias or a tag must: one inside a value (al-folio's `query: "@*"`, a title's `!`) needs
    no parse. A property test checks that ruamel finds no alias or tag where this says none
    can be."""
    for m in _NODE_PROPERTY.finditer(text):
        j = m.start()
        while j > 0 and text[j - 1] in " \t\ufeff":
            j -= 1
        if j == 0 or text[j - 1] in "\n\r\x85\u2028\u2029[{,:?-":
            return True
    return False


def check_yaml_nodes(text: str, rel: str, report: Report, first_line: int = 1) -> None:
    """Report aliases (written out in full in the output) and tags (never constructed)."""
    if not _may_hold_alias_or_tag(text):
        return
    # libyaml's events (ruamel's parser takes ~40x as long); ruamel's where libyaml refuses
    # the text or would count its lines otherwise (YAML 1.1's line breaks)
    events = None
    if not any(c in text for c in "\x85\u2028\u2029"):
        with contextlib.suppress(Exception):
            events = list(_events(text, fast=True))
    if events is None:
        try:
            events = list(_events(text, fast=False))
        except Exception:  # already reported by load_yaml
            return
    for ev in events:
        line = first_line + ev.start_mark.line if ev.start_mark is not None else first_line
        kind = type(ev).__name__
        if kind == "AliasEvent":
            report.problem("yaml-alias", f"YAML alias `*{ev.anchor}` repeats the value of "
                           f"anchor `&{ev.anchor}`; the output writes the value out in full.",
                           rel, line, severity="info")
        elif kind in ("ScalarEvent", "SequenceStartEvent", "MappingStartEvent") \
                and (ev_tag := getattr(ev, "tag", None)) and ev_tag != "!":
            tag = str(ev_tag).replace("tag:yaml.org,2002:", "!!")
            if tag in _CORE_TAGS:
                continue
            report.problem("yaml-tag", f"YAML tag `{tag}`: nothing was constructed from it; "
                           "the tag was ignored and the value read as plain data.", rel, line)


# ------------------------------------------------------------------------------------------
# Front matter, read as Jekyll reads it, with PyYAML's public composer (libyaml): the nodes
# are built into ruamel's round-trip types (quoted and literal strings keep their style,
# collections their flow style), scalars resolved by YAML 1.2's rules above, and the line
# of every top-level key taken from its node's mark. A top-level key written twice is read
# as Jekyll (Ruby's YAML) reads it: the last value wins, in the first one's place, with a
# warning (a nested one is still an error). Whatever this does
# not build as ruamel's loader would (comments inside nested values, anchors, aliases, tags,
# directives, tabs, folded scalars, floats, non-decimal ints, zoned times, odd line breaks,
# invalid YAML: errors are ruamel's) goes to ruamel's public round-trip loader. A property
# test checks that both give the same.
# ------------------------------------------------------------------------------------------
_SLOW: Any = object()
_NOT_FAST = lazy_pattern(
    # an anchor, alias or tag where a node may start (line start, after `: `, `- `, `? `,
    # `[`, `{`, `,`); also in quoted text, which only costs the fast path
    r"(?:^|[\[{,]|[:?-](?=\s))\s*[&*!]"
    r"|[\t\x85\u2028\u2029]|^%|^---|^\.\.\.", re.M)
_SPECIAL = re.compile(r"[&*!%\t\x85\u2028\u2029]")
_DECIMAL = re.compile(r"0|-?[1-9][0-9]*")
_LOCAL_TIME = lazy_pattern(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})[ \t]+"
                           r"([0-9]{1,2}):([0-9]{2}):([0-9]{2})")


def _needs_ruamel(text: str) -> bool:
    """Whether _NOT_FAST matches ``text``, found without running it: its alternation is
    tried at every position, ~20 us a front matter, and most hold a `&` (a URL's query).
    The characters it needs are few; for each, the context is checked by hand. A property
    test checks both agree."""
    if text.startswith(("---", "...")) or "\n---" in text or "\n..." in text:
        return True
    for m in _SPECIAL.finditer(text):
        c, i = m.group(), m.start()
        if c == "%":
            if i == 0 or text[i - 1] == "\n":
                return True
        elif c in "&*!":
            j = i  # back over the whitespace before it (\s*)
            while j > 0 and text[j - 1].isspace():
                if text[j - 1] == "\n":
                    return True  # at a line start
                j -= 1
            if j == 0 or text[j - 1] in "[{," or (text[j - 1] in ":?-" and j < i):
                return True
        else:  # a tab or a line break libyaml and ruamel read apart
            return True
    return False


class _Unsupported(Exception):
    pass


@functools.cache
def _quoted() -> dict[str, type]:
    from ruamel.yaml.scalarstring import (
        DoubleQuotedScalarString,
        LiteralScalarString,
        SingleQuotedScalarString,
    )
    return {"'": SingleQuotedScalarString, '"': DoubleQuotedScalarString,
            "|": LiteralScalarString}


def _build(node: Any, depth: int, commented: bool, found: tuple[dict[Any, int], list],
           floats: bool = False) -> Any:
    """Round-trip values of a PyYAML node; ``found``: (top-level key -> line, duplicates
    as (key, line)), filled in; ``floats``: a float too (as ruamel builds it)."""
    import yaml
    cls = type(node)
    if cls is yaml.ScalarNode:
        value = node.value
        if node.style:
            kind = _quoted().get(node.style)
            if kind is None:  # folded
                raise _Unsupported
            return kind(value)
        tag = _plain_tag(value)
        if tag == "str":
            return value
        if tag == "null":
            return None
        if tag == "bool":
            return value[0] in "tT"
        if tag == "int" and _DECIMAL.fullmatch(value):
            return int(value)
        if tag == "timestamp":
            day = len(value) == 10
            time = None if day else _LOCAL_TIME().fullmatch(value)
            if day or time:  # a day, or a day and a time of day without zone or fraction
                try:
                    if time is None:
                        return date(int(value[:4]), int(value[5:7]), int(value[8:]))
                    y, mo, d, h, mi, sec = map(int, time.groups())
                    return datetime(y, mo, d, h, mi, sec)
                except ValueError:  # no day of the calendar: text, as Ruby's YAML keeps it
                    return value
        if floats and tag == "float" and isinstance(built := yaml_rt().load(value), float):
            return built  # (its written form kept)
        raise _Unsupported
    if commented and depth:  # comments would land in a nested collection's .ca
        raise _Unsupported
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    data: Any
    if cls is yaml.SequenceNode:
        data = CommentedSeq(_build(item, depth + 1, commented, found, floats)
                            for item in node.value)
    elif cls is yaml.MappingNode:
        data = CommentedMap()
        for key_node, value_node in node.value:
            if type(key_node) is not yaml.ScalarNode:
                raise _Unsupported
            key = _build(key_node, depth + 1, commented, found, floats)
            line = key_node.start_mark.line
            if key in data:
                if depth:  # a nested duplicate: ruamel's error (as _last_wins leaves it)
                    raise _Unsupported
                found[1].append((key, line))
            if not depth:
                found[0][key] = line
            data[key] = _build(value_node, depth + 1, commented, found, floats)
    else:
        raise _Unsupported
    data.lc.line, data.lc.col = node.start_mark.line, node.start_mark.column  # as ruamel's
    if len(data) and node.flow_style is not None:
        data.fa.set_flow_style() if node.flow_style else data.fa.set_block_style()
    return data


def _load_front_fast(text: str, found: tuple[dict[Any, int], list]) -> Any:
    loader = _safe_loader()  # libyaml's
    if loader is None or _needs_ruamel(text) or yaml_limits(text) is not None:
        return _SLOW  # beyond the bounds: load_yaml reports it
    import yaml
    commented = "#" in text or any(not line.strip() for line in text.rstrip("\n").split("\n"))
    try:
        root = yaml.compose(text, Loader=loader)
        if root is None or (type(root) is not yaml.MappingNode and commented):
            return _SLOW
        return _build(root, 0, commented, found)
    except Exception:  # anything libyaml refuses or this does not build: ruamel decides
        return _SLOW


def load_front_matter(text: str, rel: str, report: Report | None,
                      first_line: int = 2) -> tuple[Any, dict[Any, int]]:
    """A front matter's data and the 0-based line of each top-level key (empty where
    ruamel's loader read it: its data holds them), within the bounds; broken YAML is
    reported (with its file line) and gives None."""
    if not text.strip():
        return None, {}
    found: tuple[dict[Any, int], list] = ({}, [])
    data = _load_front_fast(text, found)
    if data is _SLOW:
        found = ({}, [])
        data = load_yaml(text, rel, report, first_line, duplicates=found[1])
    for key, line in found[1]:
        if report:
            report.problem("duplicate-key", f"front matter has `{key}` twice; the last value "
                           "was kept, as Jekyll keeps it. Remove the other.", rel,
                           first_line + line)
    return data, found[0]


def _last_wins(text: str, duplicates: list[tuple[Any, int]]) -> Any:
    """``text`` loaded by ruamel where it has a duplicate key: each key takes its last
    value, in its first place, as Jekyll (Psych) reads it. A top-level key's last value is
    loaded round trip from its own lines; a nested one (``author:`` with `name` twice) is
    loaded plain (libyaml's reading of its node, where ruamel kept the first)."""
    import yaml
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if not isinstance(root, yaml.MappingNode):
        raise ValueError("not a mapping")
    starts = [k.start_mark.line for k, _ in root.value]
    seen: set[Any] = set()
    last: dict[Any, int] = {}
    for i, (key_node, _) in enumerate(root.value):
        key = key_node.value
        if key in seen:
            duplicates.append((key, key_node.start_mark.line))
        seen.add(key)
        last[key] = i
    nested: list[tuple[tuple[Any, ...], Any, Any]] = []  # (path to the mapping, key, node)
    todo: list[tuple[tuple[Any, ...], Any]] = [((k.value,), v) for i, (k, v)
                                                in enumerate(root.value) if last[k.value] == i]
    while todo:
        path, node = todo.pop()
        if isinstance(node, yaml.MappingNode):
            keys = [k.value if isinstance(k, yaml.ScalarNode) else None for k, _ in node.value]
            final = {key: i for i, key in enumerate(keys)}  # each key's last place
            for i, (key, (_, value)) in enumerate(zip(keys, node.value, strict=True)):
                if key is None or keys.count(key) == 1:
                    todo.append(((*path, key), value))
                elif i == final[key]:
                    nested.append((path, key, value))
                else:  # an earlier one: said at the line of the one that counts
                    line = node.value[final[key]][0].start_mark.line
                    duplicates.append((".".join(map(str, (*path, key))), line))
        elif isinstance(node, yaml.SequenceNode):
            todo += [((*path, n), v) for n, v in enumerate(node.value)]
    y = yaml_rt()
    y.allow_duplicate_keys = True
    data = y.load(text)
    for path, key, node in nested:
        here = data
        for step in path:  # ruamel's keys may be numbers where the node's text is not
            here = here[step] if isinstance(step, int) and isinstance(here, list) else next(
                v for k, v in here.items() if str(k) == str(step))
        name = next(k for k in here if str(k) == str(key))
        here[name] = yaml.safe_load(yaml.serialize(node))
    rows = text.split("\n")
    twice = {k for k, _ in duplicates}
    for key, i in last.items():
        if key in twice:
            end = starts[i + 1] if i + 1 < len(starts) else len(rows)
            ((name, value),) = yaml_rt().load("\n".join(rows[starts[i]:end])).items()
            data[name] = value
    return data


# ------------------------------------------------------------------------------------------
# Front matter written by the writers is mostly a flat mapping of plain words, booleans,
# numbers, dates and lists of words. Emitting that through ruamel's pure-Python serializer
# costs milliseconds a file; _dump_simple writes it directly, byte for byte as ruamel's
# round-trip dumper does (with yaml_rt()'s settings), by quoting rules of its own, and
# returns None for anything else (multi-line or long strings, characters ruamel escapes,
# nested mappings, comments, other types), which then goes through ruamel. A property
# test checks it against ruamel's output.
# ------------------------------------------------------------------------------------------
# Words, titles and paths a writer writes by the thousand: written plain, they read back as
# strings but for YAML 1.2's booleans and nulls.
_PLAIN_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9 .,()/_+-]*[A-Za-z0-9.,()/_+-]|[A-Za-z]"
                          r"|/[A-Za-z0-9._/-]*")
_NOT_STRINGS = frozenset({"true", "True", "TRUE", "false", "False", "FALSE", "null", "Null",
                          "NULL"})
# one line of characters ruamel writes as they are (printable, no line break, no BOM,
# no surrogate, no tab)
_WRITABLE = lazy_pattern("[\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*")
# what keeps a scalar from plain style in block context: an indicator first (`-`, `?`, `:`
# before a blank), `: ` or ` #` inside, `:` last, a blank first or last, a document marker
_NOT_PLAIN = lazy_pattern(r"[,\[\]{}#&*!|>'\"%@`]|[-?:](?:\s|\Z)|---|\.\.\.|\s", re.A)
_NOT_PLAIN_INSIDE = lazy_pattern(r":(?:\s|\Z)|\s#|\s\Z", re.A)


def _plain_ok(value: str) -> bool | None:
    """Whether ruamel writes ``value`` (one line of writable characters) plain in block
    context (allowed there, and read back as a string); None where this does not know (a
    `-`, `?` or `:` first, before a letter)."""
    if not value or _NOT_PLAIN().match(value) or _NOT_PLAIN_INSIDE().search(value):
        return False
    if _plain_tag(value) != "str":
        return False
    return None if value[0] in "-?:" else True


def _scalar_text(value: Any, key: bool = False) -> str | None:
    """``value`` as ruamel's round-trip dumper writes it in block context, or None when
    it is not a simple case (then ruamel writes the whole document)."""
    kind = type(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is date:
        return value.isoformat()
    if kind is str and len(value) <= 1000 and _PLAIN_WORDS.fullmatch(value) \
            and value not in _NOT_STRINGS:
        return value
    quotes = _quoted()
    if kind not in (str, quotes["'"], quotes['"']):
        return None
    if len(value) > 1000 or not _WRITABLE().fullmatch(value) or (key and not value):
        return None
    if kind is str:
        plain = _plain_ok(value)
        if plain is None:
            return None
        if plain:
            return value
    if (kind is str and "'" in value) or kind is quotes['"']:
        # double quoted: only when nothing needs escaping
        simple = value.isprintable() and '"' not in value and "\\" not in value
        return f'"{value}"' if simple and not key else None
    if not key:
        return "'" + value.replace("'", "''") + "'"
    return None


_PLAIN_KEYS: set[str] = set()
"""Keys found to be written as they are (plain, reading back as themselves)."""


def _dump_simple(data: Any) -> str | None:
    if type(data) not in (dict, CommentedMap) or not data:
        return None
    ca = getattr(data, "ca", None)
    if ca is not None and (ca.items or ca.comment or ca.end):
        return None
    out = []
    for key, value in data.items():
        if type(key) is not str:  # (a quoted key is a str subclass: ruamel keeps its quotes)
            return None
        if key not in _PLAIN_KEYS:
            if _scalar_text(key, key=True) != key:
                return None
            _PLAIN_KEYS.add(key)  # keys repeat in every document a writer writes
        if value is None:
            out.append(f"{key}:\n")
        elif type(value) is list and value:
            items = [_scalar_text(v) if isinstance(v, str) else None for v in value]
            if None in items:
                return None
            out.append(f"{key}:\n" + "".join(f"  - {v}\n" for v in items))
        else:
            text = _scalar_text(value)
            if text is None:
                return None
            out.append(f"{key}: {text}\n")
    return "".join(out)


def dump_yaml(data: Any) -> str:
    fast = _dump_simple(data)  # a flat mapping of simple scalars
    if fast is not None:
        return fast
    return yaml_rt_dump(data)


def yaml_rt_dump(data: Any) -> str:
    """``data`` written by ruamel's round-trip dumper (the public path of dump_yaml)."""
    buf = io.StringIO()
    yaml_rt().dump(data, buf)
    return buf.getvalue()


def load_with_nodes(text: str) -> tuple[Any, Any] | None:
    """``text``'s plain values (:func:`load_safe`) and its node tree, whose marks give the
    line of each key and value (for a reader of lines, not for a round trip: libyaml's
    composer, given YAML 1.2's rules; ruamel's without libyaml); None for invalid YAML or
    YAML beyond the bounds. The values of a config that loads to a mapping are
    :func:`settings_of`'s, shared with the passes that read that text (read only)."""
    try:
        data = settings_of(text) or load_safe(text)
        loader = _safe_loader()
        if loader is None:
            return data, yaml_rt().compose(text)
        import yaml
        return data, yaml.compose(text, Loader=loader)
    except Exception:  # invalid YAML: the caller reads nothing
        return None


def load_safe(text: str, bounded: bool = True, last_wins: bool = False) -> Any:
    """Plain values of a YAML document (YAML 1.2, safe); raises on invalid YAML. With
    libyaml, loaded by PyYAML's safe loader given YAML 1.2's rules (the values of ruamel's).
    ``bounded=False`` for the program's own data (mapping files, trusted as its code is,
    read in every run): no check of :func:`yaml_limits` (a second parse). ``last_wins``:
    a key written twice takes its last value (front matter, as Jekyll reads it), else it
    is an error."""
    loader, limit = _safe_loader(last_wins), (yaml_limits(text) if bounded else None)
    if limit is not None:
        raise limit
    if loader is None:
        return YAML(typ="safe").load(text)
    import yaml
    try:
        return yaml.load(text, Loader=loader)  # a safe loader
    except yaml.composer.ComposerError:  # an anchor defined twice (else raised again)
        return yaml.load(text, Loader=_safe_loader(last_wins, redefined=True))


@functools.lru_cache(maxsize=8)
def settings_of(text: str) -> dict[str, Any]:
    """A `_config.yml` text as data (:func:`load_safe`): {} when it is empty, is no mapping
    or does not load (no settings to read). A config text is loaded once a run, however many
    passes read it (SRC's: static files, the ledger, jekyll-scholar's folder; the merged
    one: its includes, the ledger): the values are shared, so a caller reads them and never
    changes them. A key written twice takes its last value, as Jekyll reads the file (the
    site's reader reports it)."""
    try:
        data = load_safe(text, last_wins=True) if text else None
    except Exception:  # a config that does not load: no settings to read
        data = None
    return data if isinstance(data, dict) else {}
