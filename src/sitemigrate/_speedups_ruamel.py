"""Speed-ups that reach into ruamel.yaml's (and PyYAML's) internals, kept because the
benchmark proves them needed (``bench/run.py``; README, Benchmark). Each has a public-API
path that gives the same result, slower; ``textio`` falls back to it wherever these give up.

What is private here, and why:

* ``_load_rt_fast`` (front matter, ~1.5 ms a file with ruamel's pure-Python round-trip
  loader): parses with libyaml (``yaml.CSafeLoader`` composing nodes) and builds ruamel's
  round-trip types from the nodes itself. It calls ``RoundTripConstructor(preserve_quotes=,
  loader=)`` with a stand-in loader (``_LoaderStub``: the ``comment_handling`` and
  ``_resolver.processing_version`` the constructor reads), its ``construct_yaml_int``,
  ``construct_yaml_float``, ``construct_yaml_timestamp`` and ``bool_values``, ruamel's
  ``nodes.ScalarNode``, and the private setters of line/column data
  ``CommentedMap._yaml_set_line_col``, ``_yaml_set_kv_line_col``,
  ``CommentedSeq._yaml_set_idx_line_col`` and the flow-style attribute ``.fa``.
  Without it a large site's convert takes 2.2-2.6x the CPU (``bench/run.py --speedups``).
* ``_fast_safe_loader`` (plain values of mapping files and configs): a subclass of PyYAML's
  ``CSafeLoader`` given ruamel's YAML 1.2 scalar rules from the module-level table
  ``ruamel.yaml.resolver.implicit_resolvers``. Without it: 1.4-2.3x the CPU (large site).
* ``_dump_simple`` (front matter written): writes flat mappings of scalars as ruamel's
  round-trip dumper would, asking ruamel's own ``Emitter.analyze_scalar`` (its result's
  ``multiline``, ``empty``, ``allow_block_plain``, ``allow_single_quoted``) and
  ``Resolver.resolve`` which styles a value allows (and the same table's first
  characters); the analysis is cached by the value's shape, which relies on which
  characters ``analyze_scalar`` tells apart. Without it: 2.0-3.8x the CPU (large site).

``pyproject.toml`` pins ruamel.yaml and PyYAML to the series these were checked against;
:func:`check_private_api` (run by ``tests/test_speedups.py``) fails loudly, not slower,
when one of them changes shape. Property tests (``tests/test_properties.py``) check each
against the public path.
"""

from __future__ import annotations

import functools
import re
from datetime import date
from typing import Any, ClassVar

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString


def _textio() -> Any:
    from . import textio  # imported here: textio imports this module
    return textio

# ------------------------------------------------------------------------------------------
# A fast round-trip load of front matter. ruamel's round-trip loader is pure Python (~1.5 ms a
# front matter); _load_rt_fast parses with libyaml instead and builds from its nodes what
# ruamel's RoundTripConstructor builds: CommentedMap/CommentedSeq with their line and column
# data (``lc``) and flow style, quoted and literal strings as ruamel's ScalarString types,
# and ints, floats and dates by the constructor's own methods (ScalarInt, ScalarFloat,
# TimeStamp keep how they were written). It returns _SLOW, and ruamel's loader does the work,
# for whatever it cannot reproduce: comments and blank lines (libyaml drops them; ruamel keeps
# them in ``.ca``) in anything but a flat mapping of scalars (there they land in the
# top-level mapping's ``.ca``, which no reader uses: comments are read from the text,
# ``Document.comments``), anchors, aliases, tags, merge keys, directives, tabs, folded
# scalars, non-ASCII line breaks, duplicate or non-scalar keys, invalid YAML (so errors are
# ruamel's, with its messages), and no libyaml at all. A property test and the corpus check
# that both loaders agree.
# ------------------------------------------------------------------------------------------
_SLOW: Any = object()
_RT: Any = None
_BUILD: Any = None
_NOT_FAST = re.compile(
    # an anchor, alias or tag where a node may start (line start, after `: `, `- `, `? `,
    # `[`, `{`, `,`); also in quoted text, which only costs the fast path
    r"(?:^|[\[{,]|[:?-](?=\s))\s*[&*!]"
    r"|[\t\x85\u2028\u2029]|^%|^---|^\.\.\.", re.M)


_SPECIAL = re.compile(r"[&*!%\t\x85\u2028\u2029]")


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


class _LoaderStub:
    """What ruamel's constructor asks of its loader: YAML 1.2 (a front matter has no
    ``%YAML`` directive: _NOT_FAST sends those to ruamel), comments not on the nodes. Without
    it every int, float or date sent the front matter to the slow loader."""
    comment_handling = None

    class _resolver:  # ruamel's attribute name
        processing_version = (1, 2)


def _rt_parts() -> Any:
    global _RT
    if _RT is None:
        loader = _safe_loader()
        if loader is None:
            _RT = ()
            return _RT
        import yaml
        from ruamel.yaml.comments import CommentedMap, CommentedSeq
        from ruamel.yaml.constructor import RoundTripConstructor
        from ruamel.yaml.nodes import ScalarNode
        from ruamel.yaml.scalarstring import (
            DoubleQuotedScalarString,
            LiteralScalarString,
            SingleQuotedScalarString,
        )
        constructor = RoundTripConstructor(preserve_quotes=True, loader=_LoaderStub())
        std = "tag:yaml.org,2002:"
        by_method = {f"{std}int": constructor.construct_yaml_int,
                     f"{std}float": constructor.construct_yaml_float,
                     f"{std}timestamp": constructor.construct_yaml_timestamp}
        strings = {"'": SingleQuotedScalarString, '"': DoubleQuotedScalarString,
                   "|": LiteralScalarString}
        _RT = (loader, yaml.ScalarNode, yaml.MappingNode, yaml.SequenceNode, CommentedMap,
               CommentedSeq, ScalarNode, by_method, strings, constructor.bool_values, std)
    return _RT


def _rt_build() -> Any:
    """The builder of round-trip values from libyaml's nodes: made once a process (its
    closures hold the classes of :func:`_rt_parts`), and given each document's lines and
    whether it has comments. Made anew for every document, as it was, the builder (which
    calls itself) was garbage only the cyclic collector frees: 3 functions and ~20 cells a
    front matter, which made its collections during a large conversion ~25 ms instead of ~2."""
    global _BUILD
    if _BUILD is None:
        (_, scalar_node, mapping_node, sequence_node, commented_map, commented_seq,
         rt_scalar_node, by_method, strings, bool_values, std) = _rt_parts()
        str_tag, null_tag, bool_tag = f"{std}str", f"{std}null", f"{std}bool"

        def build(node: Any, depth: int, lines: list[str], commented: bool) -> Any:
            cls = type(node)
            if cls is scalar_node:
                tag, style = node.tag, node.style
                if tag == str_tag:
                    if not style:  # libyaml's plain style is ""
                        return node.value
                    if style not in strings:  # folded
                        raise _Unsupported
                    return strings[style](node.value)
                if tag == null_tag:
                    return None
                if tag == bool_tag:
                    return bool_values[node.value.lower()]
                method = by_method.get(tag)
                if method is None:  # a merge key, `=`
                    raise _Unsupported
                return method(rt_scalar_node(tag, node.value, node.start_mark, node.end_mark,
                                             style=style or None))
            if commented and depth:  # comments would land in a nested collection's .ca
                raise _Unsupported
            start = node.start_mark
            if cls is sequence_node:
                seq = commented_seq()
                seq._yaml_set_line_col(start.line, start.column)
                for i, item in enumerate(node.value):
                    if _empty(item):
                        raise _Unsupported
                    seq.append(build(item, depth + 1, lines, commented))
                    seq._yaml_set_idx_line_col(i, [item.start_mark.line, item.start_mark.column])
                _style(seq, node)
                return seq
            if cls is not mapping_node:
                raise _Unsupported
            out = commented_map()
            out._yaml_set_line_col(start.line, start.column)
            pairs = node.value
            for i, (key_node, value_node) in enumerate(pairs):
                if type(key_node) is not scalar_node:
                    raise _Unsupported
                key = build(key_node, depth + 1, lines, commented)
                if key in out:  # a duplicate: ruamel reports it
                    raise _Unsupported
                mark = value_node.start_mark
                empty = _empty(value_node)
                if empty and not lines[mark.line][mark.column:].lstrip().startswith("#"):
                    # ruamel marks an empty value where the next token starts (libyaml: after
                    # the colon); with a comment after the colon both mark after the colon
                    if i + 1 < len(pairs) and not node.flow_style:
                        mark = pairs[i + 1][0].start_mark
                    else:
                        raise _Unsupported
                value = build(value_node, depth + 1, lines, commented)
                key_mark = key_node.start_mark
                out._yaml_set_kv_line_col(key, [key_mark.line, key_mark.column,
                                                mark.line, mark.column])
                out[key] = value
            _style(out, node)
            return out

        def _style(data: Any, node: Any) -> None:
            if len(data):
                if node.flow_style is True:
                    data.fa.set_flow_style()
                elif node.flow_style is False:
                    data.fa.set_block_style()

        def _empty(node: Any) -> bool:
            return type(node) is scalar_node and node.value == "" and not node.style

        _BUILD = build
    return _BUILD


def _load_rt_fast(text: str) -> Any:
    parts = _rt_parts()
    if not parts or _needs_ruamel(text) or _textio().yaml_limits(text) is not None:
        return _SLOW  # beyond the bounds: load_yaml reports it
    loader_cls, mapping_node = parts[0], parts[2]
    lines = text.split("\n")
    commented = "#" in text or any(not line.strip() for line in text.rstrip("\n").split("\n"))
    build = _rt_build()
    try:
        loader = loader_cls(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
        if root is None:
            return _SLOW
        if type(root) is not mapping_node and commented:
            return _SLOW
        return build(root, 0, lines, commented)
    except Exception:  # anything libyaml or the constructor refuses: ruamel decides
        return _SLOW


# Front matter written by the writers is mostly a flat mapping of plain words, booleans,
# numbers, dates and lists of words. Emitting that through ruamel's pure-Python serializer
# costs milliseconds a file; _dump_simple writes it directly, byte for byte as ruamel does
# (with yaml_rt()'s settings), and returns None for anything else (multi-line or long
# strings, nested mappings, comments, other types), which then goes through ruamel.
_ANALYZE: Any = None


@functools.lru_cache(maxsize=16384)
def _analysis(value: str) -> Any:
    """ruamel's own analysis of a scalar (which styles it allows) and whether, written
    plain, it would read back as a string (YAML 1.2 resolver, as yaml_rt() dumps).
    Cached: keys and many values (layouts, venues, dates) repeat from file to file."""
    global _ANALYZE
    if _ANALYZE is None:
        from ruamel.yaml.nodes import ScalarNode
        y = _textio().yaml_rt()
        emitter, resolver = y.emitter, y.resolver
        from ruamel.yaml.resolver import implicit_resolvers
        # a plain scalar resolves to anything but a string only if its first character is
        # one that a YAML 1.2 implicit resolver lists (digits, signs, `.`, `~`, the letters
        # of true/false/null, `<`, `=`); any other reads back as a string without asking
        firsts = [first for versions, _, _, first in implicit_resolvers if (1, 2) in versions]
        starts = None if any(f is None for f in firsts) else frozenset("".join(
            "".join(f) for f in firsts))

        def reads_as_str(v: str) -> bool:
            if v and starts is not None and v[0] not in starts:
                return True
            return str(resolver.resolve(ScalarNode, v, (True, False))) == "tag:yaml.org,2002:str"
        _ANALYZE = (functools.lru_cache(maxsize=8192)(emitter.analyze_scalar), reads_as_str,
                    _neutral_runs(emitter))
    analyze, reads_as_str, runs = _ANALYZE
    # analyze_scalar treats every neutral character alike (_neutral_runs) and only looks at
    # a character's neighbours: a run of them analyses as one letter, so the analysis is
    # cached by that shape of the value (titles and citations share a few shapes).
    return analyze(runs.sub("a", value)), reads_as_str(value)


def _neutral_runs(emitter: Any) -> re.Pattern[str]:
    """Runs of the characters ``emitter.analyze_scalar`` treats as it treats a letter (no
    indicator at any place, no space, break or special character: ASCII letters, digits and
    ``$()+/;<=\\^_~``, and other Unicode when the emitter writes it unescaped), with single
    spaces between them: such a run analyses as one letter, as a space between two of them
    decides nothing (a single-line value: no break beside it; not leading nor trailing).
    Written as the class of the other characters (one of Unicode ranges takes ~10 ms to
    compile). A property test checks the shape's analysis equals the value's."""
    other = r"\x00-\x23%-'*,-.:>-@\[\]`{-}\x7f-\x9f"
    if not emitter.allow_unicode:  # every other character is special (escaped)
        other += r"\xa0-\U0010ffff"
    else:
        other += r"\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff"
        if not emitter.unicode_supplementary:
            other += r"\U00010000-\U0010ffff"
    return re.compile(f"[^{other}]+(?: +[^{other}]+)*")


# Words, titles and paths a writer writes by the thousand: a letter, then letters, digits,
# spaces and a few marks that are no YAML indicator in block context, not ending in a space.
# Written plain, they read back as strings but for YAML 1.2's booleans and nulls. Site paths
# (`/publication/2024-01-01-a-title`, `/files/key.bib`: a permalink and a link or two a
# page) are written plain too. A property test checks the shortcut says what ruamel's
# analysis says.
_PLAIN_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9 .,()/_+-]*[A-Za-z0-9.,()/_+-]|[A-Za-z]"
                          r"|/[A-Za-z0-9._/-]*")
_NOT_STRINGS = frozenset({"true", "True", "TRUE", "false", "False", "FALSE", "null", "Null",
                          "NULL"})


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
    if kind not in (str, SingleQuotedScalarString, DoubleQuotedScalarString):
        return None
    if len(value) > 1000 or "\n" in value:  # no line folding, no multi-line styles
        return None
    an, reads_as_str = _analysis(value)
    if an.multiline or (key and an.empty):
        return None
    if kind is str and reads_as_str and an.allow_block_plain:
        return value
    if (kind is str and "'" in value) or kind is DoubleQuotedScalarString:
        # double quoted: only when nothing needs escaping
        simple = value.isprintable() and '"' not in value and "\\" not in value
        return f'"{value}"' if simple and not key else None
    if an.allow_single_quoted and not key:
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


# ------------------------------------------------------------------------------------------
# A fast plain (safe) YAML 1.2 load, for callers that need values only: no comments, no
# line numbers, no round trip. It parses with libyaml (PyYAML's C parser) and resolves
# scalars with ruamel's YAML 1.2 core-schema rules, so values equal ``YAML(typ="safe")``'s;
# it is ~30x faster than ruamel's pure-Python parser. Without libyaml it is ruamel's.
# ------------------------------------------------------------------------------------------

def _fast_safe_loader() -> Any:
    try:
        import yaml
        base = yaml.CSafeLoader
    except (ImportError, AttributeError):
        return None
    from ruamel.yaml.resolver import implicit_resolvers

    class Loader(base):  # type: ignore[misc, valid-type]
        yaml_implicit_resolvers: ClassVar[dict[Any, Any]] = {}

        def construct_mapping(self, node, deep=False):
            self.flatten_mapping(node)
            seen = set()
            for key_node, _ in node.value:
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

    Loader.add_constructor("tag:yaml.org,2002:int", Loader.construct_yaml_int)
    Loader.add_constructor(None, Loader.construct_undefined)
    Loader.add_constructor("tag:yaml.org,2002:value", Loader.construct_undefined)
    for versions, tag, regexp, first in implicit_resolvers:
        if (1, 2) in versions and not tag.endswith(":yaml"):
            Loader.add_implicit_resolver(tag, regexp, first)
    return Loader


_FAST_LOADER: Any = False


def _safe_loader() -> Any:
    """The loader of :func:`_fast_safe_loader`, made once (None without libyaml)."""
    global _FAST_LOADER
    if _FAST_LOADER is False:
        _FAST_LOADER = _fast_safe_loader()
    return _FAST_LOADER


def check_private_api() -> list[str]:
    """What of the private API above is missing or changed shape (empty: all is there).
    Every speed-up falls back to the public path when it meets what it does not know, so
    a change would only make runs slower: this check makes it a test failure instead."""
    import inspect

    import yaml
    from ruamel.yaml import resolver
    from ruamel.yaml.comments import CommentedSeq
    from ruamel.yaml.constructor import RoundTripConstructor
    from ruamel.yaml.nodes import ScalarNode

    wrong: list[str] = []

    def need(ok: Any, what: str) -> None:
        try:
            good = ok() if callable(ok) else ok
        except Exception as exc:  # a changed signature raises
            good, what = False, f"{what} ({type(exc).__name__}: {exc})"
        if not good:
            wrong.append(what)

    need(hasattr(yaml, "CSafeLoader"), "PyYAML built with libyaml (yaml.CSafeLoader)")
    need(lambda: all(len(r) == 4 for r in resolver.implicit_resolvers),
         "ruamel.yaml.resolver.implicit_resolvers: (versions, tag, regexp, first) rows")
    need(lambda: "loader" in inspect.signature(RoundTripConstructor).parameters
         and "preserve_quotes" in inspect.signature(RoundTripConstructor).parameters,
         "RoundTripConstructor(preserve_quotes=, loader=)")
    for name in ("construct_yaml_int", "construct_yaml_float", "construct_yaml_timestamp",
                 "bool_values"):
        need(hasattr(RoundTripConstructor, name), f"RoundTripConstructor.{name}")
    need(hasattr(CommentedMap, "_yaml_set_line_col")
         and hasattr(CommentedMap, "_yaml_set_kv_line_col")
         and hasattr(CommentedSeq, "_yaml_set_idx_line_col"),
         "CommentedMap/CommentedSeq line-column setters")

    def built() -> bool:  # the whole fast path, on a front matter it must take
        data = _load_rt_fast("a: 1\nb: 'two'\nc: [x, y]\nd: 2020-01-02\ne: 1.5\n")
        if data is _SLOW:
            return False
        return (type(data) is CommentedMap and data.lc.key("c") == (2, 0)
                and data.lc.value("b") == (1, 3) and data["c"].fa.flow_style()
                and type(data["b"]) is SingleQuotedScalarString
                and _textio().dump_yaml(data) == _textio().yaml_rt_dump(data))
    need(built, "the round-trip fast path builds what ruamel builds")
    need(lambda: isinstance(ScalarNode("tag:yaml.org,2002:str", "x"), ScalarNode),
         "ruamel.yaml.nodes.ScalarNode(tag, value)")

    def analysed() -> bool:
        an, reads_as_str = _analysis("a: b")
        sample = 'Émile Zola and Ana B. (2008). "A {GPU} title." <i>Venue</i>, 1–12.'
        analyze = _textio().yaml_rt().emitter.analyze_scalar
        by_shape = {**vars(analyze(_ANALYZE[2].sub("a", sample))), "scalar": sample}
        return (not an.allow_block_plain and an.allow_single_quoted and not an.multiline
                and not an.empty and reads_as_str and _analysis("true")[1] is False
                and by_shape == vars(analyze(sample)))
    need(analysed, "Emitter.analyze_scalar / Resolver.resolve")
    need(lambda: _safe_loader() is not None and _textio().load_safe("a: 017\nb: yes\n")
         == {"a": 17, "b": "yes"}, "the safe loader reads YAML 1.2 (017 is 17, yes a word)")
    return wrong
