"""Property-based tests: mutated pages and BibTeX never crash the converter, never touch SRC,
never write outside DEST, and never drop body text without saying so.

Start from the fixture sites, mutate one file (delete/duplicate/swap lines, insert Liquid and
comment delimiters, tabs, NUL, non-UTF-8 bytes, unbalanced braces, random text), convert to
the other theme and apply.

"Paragraph" here: the body of the mutated page (what follows its front matter, as the reader
splits it, after decoding as the reader decodes), cut at blank lines. A paragraph is kept when
its whitespace-normalised text, with link targets left out (links to files are rewritten on
purpose), is part of some DEST file; otherwise the report must name the file.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sitemigrate
import sitemigrate.formats.bibtex
from sitemigrate.api import SitemigrateError
from sitemigrate.textio import decode, split_document

from conftest import FIXTURES

SETTINGS = settings(max_examples=int(os.environ.get("PROP_EXAMPLES", 25)), deadline=None, derandomize=not os.environ.get("PROP_EXAMPLES"), database=None,
                    suppress_health_check=[HealthCheck.too_slow])

NOTES = """\
---
title: Field notes
permalink: /notes/
description: Notes about invented lichens
---
The first paragraph says that lichens grow slowly on the north side.

A second paragraph with a [link to a paper](/files/notes.pdf) and **bold** words.

{% if site.data.lichens %}
{{ site.data.lichens.size }} species are listed.
{% endif %}

<!-- a comment that stays -->
<div class="note">Raw HTML in the body.</div>

- one list item
- another list item, with `code`

Last paragraph: caf\u00e9, na\u00efve, \u4e2d\u6587.
"""

INSERTS = ["{%", "{{", "%}", "}}", "-->", "<!--", "\t", "\x00", "{", "}", "---",
           "{% if x %}", "{% endfor %}", "{% raw %}", ": ", "&a ", "*a", "\r\n", "\r"]
RAW_INSERTS = [b"\xff\xfe", b"\xe9", b"\xc3", b"\x80\x81", b"\xef\xbb\xbf"]


@st.composite
def mutated(draw, text: str) -> bytes:
    """``text`` with 1-4 random line mutations, as bytes (raw byte inserts included)."""
    lines = text.encode("utf-8").split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "raw", "unicode",
                                   "block"]))
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        if not lines:
            lines = [b""]
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "block":
            j = draw(st.integers(i, min(i + 6, len(lines))))
            lines[j:j] = lines[i:j]
        else:
            line = lines[i]
            pos = draw(st.integers(0, len(line)))
            if op == "insert":
                piece = draw(st.sampled_from(INSERTS)).encode()
            elif op == "raw":
                piece = draw(st.sampled_from(RAW_INSERTS))
            else:
                piece = draw(st.text(min_size=1, max_size=8)).encode("utf-8", "surrogatepass")
            lines[i] = line[:pos] + piece + line[pos:]
    return b"\n".join(lines)


def digest(root: Path) -> dict[str, tuple[str, int]]:
    out = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            p = Path(dirpath, name)
            out[str(p.relative_to(root))] = (hashlib.sha1(p.read_bytes()).hexdigest(),
                                             p.stat().st_mtime_ns)
    return out


def norm(text: str) -> str:
    text = re.sub(r"\]\([^)\s]*\)", "]()", text)
    text = re.sub(r"""(href|src)=(["'])[^"']*\2""", r"\1=", text)
    return " ".join(text.split())


def run(site: Path, rel: str, data: bytes, to: str):
    """Convert ``site`` with ``rel`` replaced by ``data``; check the safety properties.
    Returns (plan or None, DEST text, tmp root)."""
    tmp = Path(tempfile.mkdtemp(prefix="sitemigrate-prop-"))
    try:
        src, dest = tmp / "src", tmp / "dest"
        shutil.copytree(site, src)
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_bytes(data)
        before = digest(src)
        try:
            plan = sitemigrate.convert(src, dest, to=to, from_=_theme(site))
            for path in [*plan.files, *plan.copies, *plan.deletes]:
                assert (dest / path).resolve().is_relative_to(dest.resolve()), path
            plan.apply()
        except SitemigrateError:
            plan = None
        assert digest(src) == before, "SRC changed"
        assert sorted(p.name for p in tmp.iterdir()) in (["src"], ["dest", "src"])
        text = ""
        if dest.exists():
            for p in dest.rglob("*"):
                assert p.resolve().is_relative_to(dest.resolve()), p
                if p.is_file():
                    text += "\n" + p.read_text("utf-8", "replace")
        return plan, text
    finally:
        shutil.rmtree(tmp)


def _theme(site: Path) -> str:
    return "al-folio" if site.name == "al-folio-site" else "academicpages"


def paragraphs_kept(data: bytes, rel: str, plan, text: str) -> None:
    src = decode(data, rel, None)
    if src is None:  # binary: the report must say so
        assert plan is None or any(f.path == rel for f in plan.report.findings)
        return
    body = split_document(src, rel, None).body
    out = norm(text)
    named = plan is not None and any(f.path == rel and f.outcome in ("problem", "lost")
                                     for f in plan.report.findings)
    for chunk in re.split(r"\n[ \t]*\n", body):
        para = norm(chunk)
        if para and para not in out:
            assert named, f"paragraph lost without a finding: {para!r}"


CASES = [("academicpages-site", "_pages/notes.md", NOTES, "al-folio"),
         ("al-folio-site", "_pages/notes.md", NOTES, "academicpages"),
         ("academicpages-site", "_posts/2023-02-01-winter-fieldwork.md", None, "al-folio"),
         ("al-folio-site", "_posts/2024-05-01-hello.md", None, "academicpages")]


def _text(site: str, rel: str, given_text: str | None) -> str:
    return given_text if given_text is not None else (FIXTURES / site / rel).read_text("utf-8")


@SETTINGS
@given(st.data())
def test_mutated_pages(data):
    site, rel, base, to = data.draw(st.sampled_from(CASES))
    raw = data.draw(mutated(_text(site, rel, base)))
    plan, text = run(FIXTURES / site, rel, raw, to)
    paragraphs_kept(raw, rel, plan, text)


BIB = (FIXTURES / "al-folio-site/_bibliography/papers.bib").read_text("utf-8")
_ENTRY = re.compile(r"^\s*@\s*(?!string|comment|preamble)\w+\s*[{(]", re.I | re.M)


@SETTINGS
@given(mutated(BIB))
def test_mutated_bibtex(raw):
    rel = "_bibliography/papers.bib"
    plan, _ = run(FIXTURES / "al-folio-site", rel, raw, "academicpages")
    assert plan is not None
    text = raw.decode("utf-8", "replace")
    wanted = len(_ENTRY.findall(text))
    pubs = [p for p in plan.files if p.startswith("_publications/")]
    problems = [f for f in plan.report.findings if f.path == rel and f.outcome == "problem"]
    assert len(pubs) + len(problems) >= wanted, (len(pubs), wanted, problems)


SAFETY_ONLY = [("academicpages-site", "_pages/about.md", "al-folio"),
               ("al-folio-site", "_pages/about.md", "academicpages"),
               ("academicpages-site", "_config.yml", "al-folio"),
               ("al-folio-site", "_config.yml", "academicpages"),
               ("academicpages-site", "_publications/2021-03-10-corridors.md", "al-folio"),
               ("al-folio-site", "_news/announcement_1.md", "academicpages")]


@SETTINGS
@given(st.data())
def test_mutated_about_pages_and_configs(data):
    """Pages the writers restructure (news sections move, listings are swapped) and configs:
    only the safety properties (no crash, SRC untouched, nothing outside DEST)."""
    site, rel, to = data.draw(st.sampled_from(SAFETY_ONLY))
    raw = data.draw(mutated((FIXTURES / site / rel).read_text("utf-8")))
    run(FIXTURES / site, rel, raw, to)


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from([*"ab :-?[{,&*!%\t\n\r.\x85\u2028\u2029\u00a0\x0b\x1c",
                                 "---", "...", "\n---", "\n..."]), max_size=16).map("".join))
def test_fast_yaml_scan_is_the_pattern(text):
    """The front-matter loader finds what libyaml cannot round-trip (the pattern _NOT_FAST)
    by a scan of the few characters it needs; both must say the same of every text."""
    from sitemigrate.yamlio import _NOT_FAST, _needs_ruamel
    assert _needs_ruamel(text) == bool(_NOT_FAST().search(text))


# Front matter for the front-matter loader's property test: flat and nested values of every scalar
# kind a front matter has, with comments and blank lines here and there.
_SCALARS = ["plain text", "a: b", "'single'", '"dou\\"ble"', "'it''s'", "1", "-3", "017",
            "0x1F", "0o17", "1_000", "1.50", "1e3", ".5", "-0.0", ".inf", "2020-01-02",
            "2020-01-02 10:00:00", "2020-1-2", "true", "False", "yes", "~", "null", "",
            "|\n  line one\n  line two", "|-\n  kept", ">\n  folded\n  text", "[a, 1, 'q']",
            "{a: 1, b: x}", "https://example.org/a#b", "<b>html</b>", "é ü", "@handle", "&anchor x"]
_VALUE = st.one_of(
    st.sampled_from(_SCALARS),
    st.lists(st.sampled_from(_SCALARS[:24]), min_size=1, max_size=3).map(
        lambda xs: "".join(f"\n  - {x}" for x in xs)),
    st.lists(st.tuples(st.sampled_from(["x", "y", "url"]), st.sampled_from(_SCALARS[:24])),
             min_size=1, max_size=3).map(lambda kv: "".join(f"\n  {k}: {v}" for k, v in kv)))
_LINE = st.tuples(st.sampled_from(["title", "date", "tags", "n", "profile", "x", "title"]),
                  _VALUE, st.sampled_from(["", "", " # a note"]),
                  st.sampled_from(["", "", "# a comment line\n", "\n"])).map(
    lambda t: f"{t[3]}{t[0]}: {t[1]}{t[2] if chr(10) not in t[1] else ''}")


def _same_yaml(fast, slow, where="root"):
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    assert type(fast) is type(slow), where
    assert fast == slow, where
    if isinstance(fast, (CommentedMap, CommentedSeq)):
        assert fast.fa.flow_style() == slow.fa.flow_style(), where
        pairs = fast.items() if isinstance(fast, CommentedMap) else enumerate(fast)
        other = slow if isinstance(fast, CommentedMap) else list(slow)
        if isinstance(fast, CommentedMap):
            assert list(fast) == list(slow), where
        for k, v in pairs:
            _same_yaml(v, other[k], f"{where}.{k}")
    else:
        assert getattr(fast, "__dict__", None) == getattr(slow, "__dict__", None), where
        anchor = getattr(fast, "anchor", None)
        assert getattr(anchor, "value", None) == getattr(getattr(slow, "anchor", None),
                                                         "value", None), where


def _fast_or_none(text):
    """What the libyaml-based front-matter loader builds of ``text`` (None where it leaves
    it to ruamel), and the lines of the top-level keys and the duplicates it found."""
    from sitemigrate.yamlio import _SLOW, _load_front_fast
    found = ({}, [])
    got = _load_front_fast(text, found)
    return (None if got is _SLOW else got), found


def _ruamel_reads(text, fast, found, where="root"):
    """``fast`` is what ruamel's round-trip loader reads of ``text`` (each duplicated key
    with its last value, as Jekyll reads it), and each top-level key's line is ruamel's."""
    from sitemigrate.yamlio import _last_wins, yaml_rt
    slow = _last_wins(text, []) if found[1] else yaml_rt().load(text)
    _same_yaml(fast, slow, where)
    if not found[1]:
        assert found[0] == {k: slow.lc.key(k)[0] for k in slow}, where


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(st.lists(_LINE, min_size=1, max_size=6).map("\n".join))
def test_front_matter_loader_agrees_with_ruamel(text):
    """Whatever the libyaml-based front-matter loader loads, it loads as ruamel's round-trip
    loader does: types (quote styles, ints, dates...), values, key order, flow style, the
    line of every top-level key; a key written twice takes its last value."""
    fast, found = _fast_or_none(text)
    if fast is not None:
        _ruamel_reads(text, fast, found)


def test_front_matter_loader_is_taken():
    """Numbers, dates, literal blocks, lists and nested maps go the fast way; a comment in a
    nested value, an anchor and a float do not."""
    fast = ("layout: page\nimportance: 1\ndate: 2020-01-02\nabstract: |\n"
            "  two\n  lines\ntags: [a, b]\nprofile:\n  align: right\n  image: me.png\n")
    for text in (fast, "a: 1 # note\n\nb: two\n", "a: 1\nb: 2\na: 3\n"):
        assert _fast_or_none(text)[0] is not None, text
    for text in ("p:\n  x: 1 # note\n", "a: &x 1\nb: *x\n", "weight: 1.50\n"):
        assert _fast_or_none(text)[0] is None, text


def _front_matters(root):
    for path in sorted(root.rglob("*")):
        if path.suffix in (".md", ".markdown", ".html") and path.is_file():
            text = path.read_text("utf-8", "replace").replace("\r\n", "\n").lstrip("\ufeff")
            if text.startswith("---\n"):
                end = text.find("\n---", 3)
                if end > 0:
                    yield path, text[4:end]


@pytest.mark.parametrize("where", ["fixtures", "corpus"])
def test_front_matter_loader_on_real_pages(where):
    """Every front matter of the fixtures and of the corpus of real sites loads the same
    through the libyaml-based loader as through ruamel's, and most take that way."""
    from conftest import CORPUS, needs_shared
    root = FIXTURES if where == "fixtures" else needs_shared(CORPUS)
    fast = total = 0
    for path, fm in _front_matters(root):
        total += 1
        got, found = _fast_or_none(fm)
        if got is not None:
            _ruamel_reads(fm, got, found, str(path))
            fast += 1
    assert fast > total * 0.85, (fast, total)


_WORDS = st.lists(st.sampled_from([*"aZ09 .,()/_+-:#'\"&*!?%@`|>[]{}~=\\$;<^\t\r\x00\x85",
                                   "é", "Ø", "–", "\xa0", "\u2028", "\ufeff", "\U0001f600",
                                   "true", "Null", "1e3", "2020-01-02", "0x1F", ".inf", "yes",
                                   "  ", " #", ": ", "- ", "? ", "...", "---", "\n"]),
                  max_size=8).map("".join)


@settings(max_examples=4000, deadline=None, derandomize=True)
@given(_WORDS, st.booleans(), st.sampled_from(["str", "'", '"']))
def test_scalar_writer_writes_what_ruamel_writes(value, key, style):
    """The front-matter writer's own quoting rules: where it writes a value (or a key), it
    writes what ruamel's round-trip dumper writes."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

    from sitemigrate.yamlio import _scalar_text, yaml_rt_dump
    kind = {"str": str, "'": SingleQuotedScalarString, '"': DoubleQuotedScalarString}[style]
    value = kind(value)
    text = _scalar_text(value, key)
    if text is not None:
        want = yaml_rt_dump({value: 1} if key else {"k": value})
        assert want == (f"{text}: 1\n" if key else f"k: {text}\n")


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(st.dictionaries(st.sampled_from(["title", "date", "x-y", "Note", "a b", "?", "-k"]),
                       st.one_of(_WORDS, st.integers(), st.booleans(), st.none(), st.dates(),
                                 st.lists(_WORDS, max_size=3)), max_size=5))
def test_front_matter_writer_writes_what_ruamel_writes(front):
    """Whatever mapping the writer writes itself, it writes byte for byte as ruamel's
    round-trip dumper; and the common front matter is its to write."""
    from sitemigrate.yamlio import _dump_simple, yaml_rt_dump
    text = _dump_simple(front)
    if text is not None:
        assert text == yaml_rt_dump(front)
    common = {"layout": "page", "title": "A Study of Lichens: Part 2", "date": date(2020, 1, 2),
              "tags": ["moss", "C++ code"], "permalink": "/publication/2020-lichens",
              "excerpt": "It's here", "venue": "Journal of Things, vol. 3", "n": 3,
              "draft": False, "note": None, "url": "https://example.org/a?b=1#c"}
    assert _dump_simple(common) == yaml_rt_dump(common)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(["a", "b.md", "/", "//", ".", "..", "\\", "...", " ", "é"]),
                max_size=8).map("".join))
def test_safe_rel_is_purepath_normalisation(rel):
    """Plan paths are normalised as PurePosixPath does, and refused when absolute, empty or
    climbing out with `..`."""
    from pathlib import PurePosixPath

    from sitemigrate.plan import UnsafePath, safe_rel
    p = PurePosixPath(rel.replace("\\", "/"))
    if p.is_absolute() or ".." in p.parts or not p.parts:
        with pytest.raises(UnsafePath):
            safe_rel(rel)
    else:
        assert safe_rel(rel) == str(p)


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from([*"ab1 :-?,[]{}*!&#'\"|>@%\n\t", "\r\n", ": ", "- ", "? ",
                                 "*a", "!t", "!!str", "&a", "&a !t ", "---", "\n  ",
                                 "\ufeff", "\x85", "\u2028"]), max_size=14).map("".join))
def test_yaml_without_node_property_start_has_no_alias_or_tag(text):
    """check_yaml_nodes parses only text where an alias or a tag may start: where the quick
    look says none can, ruamel's parser finds none."""
    from ruamel.yaml.events import AliasEvent, NodeEvent

    from sitemigrate.yamlio import _may_hold_alias_or_tag, yaml_rt
    if _may_hold_alias_or_tag(text):
        return
    try:
        events = list(yaml_rt().parse(text))
    except Exception:
        return  # invalid YAML: load_yaml reports it
    assert not any(isinstance(ev, AliasEvent) or (isinstance(ev, NodeEvent)
                   and getattr(ev, "tag", None) not in (None, "!")) for ev in events)


def test_a_star_inside_a_config_value_needs_no_yaml_parse(monkeypatch):
    """al-folio's `query: "@*"` (every al-folio config has it) and a `!` in a title hold no
    alias or tag: no parse; an alias at a node start is still parsed and reported."""
    from sitemigrate import yamlio as textio
    from sitemigrate.report import Report
    text = 'title: Hello!\nscholar:\n  query: "@*"\nnote: 2 * 3\n'
    real = textio._events

    def refuse(text, fast):
        raise AssertionError("parsed")
    monkeypatch.setattr(textio, "_events", refuse)
    report = Report()
    textio.check_yaml_nodes(text, "_config.yml", report)
    assert report.findings == []
    monkeypatch.setattr(textio, "_events", real)
    textio.check_yaml_nodes(text + "a: &x 1\nb: *x\n", "_config.yml", report)
    assert [f.code for f in report.findings] == ["yaml-alias"]


@pytest.mark.filterwarnings("ignore::ruamel.yaml.error.ReusedAnchorWarning")  # the texts
@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from([*"ab1 :-?,[]{}*!&#'\"|>@%\n\t", "\r\n", ": ", "- ", "? ",
                                 "*a", "!t", "!!str", "!<tag:x.org,1:y>", "&a", "&a !t ",
                                 "%TAG !e! tag:e.org,2:\n---\n", "!e!z", "---", "\n  ", "\ufeff",
                                 "\x85", "\u2028"]), max_size=14).map("".join))
def test_yaml_aliases_and_tags_are_found_as_ruamel_parses_them(text):
    """check_yaml_nodes reads libyaml's events (ruamel's where libyaml refuses the text):
    for every text ruamel loads, the same findings, on the same lines, as ruamel's parser."""
    from ruamel.yaml.events import AliasEvent, NodeEvent

    from sitemigrate.report import Report
    from sitemigrate.yamlio import _CORE_TAGS, check_yaml_nodes, yaml_rt
    try:
        yaml_rt().load(text)
        events = list(yaml_rt().parse(text))
    except Exception:
        return  # not loaded: check_yaml_nodes is not asked
    want = []
    for ev in events:
        line = 1 + ev.start_mark.line
        if isinstance(ev, AliasEvent):
            want.append(("yaml-alias", line, ev.anchor))
        elif isinstance(ev, NodeEvent) and (tag := getattr(ev, "tag", None)) and tag != "!":
            tag = str(tag).replace("tag:yaml.org,2002:", "!!")
            if tag not in _CORE_TAGS:
                want.append(("yaml-tag", line, tag))
    report = Report()
    check_yaml_nodes(text, "_config.yml", report)
    got = [(f.code, f.line, f.message.split("`")[1].lstrip("*")) for f in report.findings]
    assert got == want


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(st.text(st.one_of(st.sampled_from(" \t\n\r\x0b\x0c\x1c\x85\xa0\u2028\u3000\u200b{}a"),
                         st.characters()), max_size=12))
def test_field_whitespace_is_normalized_as_pybtex_does(value):
    """The BibTeX reader folds a field's whitespace without pybtex's regex: the same text."""
    from pybtex.textutils import normalize_whitespace
    assert " ".join(value.split()) == normalize_whitespace(value)


def test_quoted_key_is_never_taken_for_the_plain_key_already_written():
    """The front-matter dumper remembers keys it wrote plain; a quoted key equal to one of them
    (a str subclass, as ruamel loads it) still goes to ruamel, which keeps its quotes."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    from sitemigrate.yamlio import _dump_simple, dump_yaml
    assert _dump_simple({"title": "A"}) == "title: A\n"
    quoted = {DoubleQuotedScalarString("title"): "A"}
    assert _dump_simple(quoted) is None
    assert dump_yaml(quoted) == '"title": A\n'


def _parsed_depth(text):
    """How deep the collections of ``text`` nest, as ruamel's parser reads it (None:
    invalid YAML, or an alias)."""
    from ruamel.yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent,
                                    SequenceEndEvent, SequenceStartEvent)

    from sitemigrate.textio import yaml_rt
    depth = deepest = 0
    try:
        for ev in yaml_rt().parse(text):
            if isinstance(ev, AliasEvent):
                return None
            if isinstance(ev, (MappingStartEvent, SequenceStartEvent)):
                depth += 1
                deepest = max(deepest, depth)
            elif isinstance(ev, (MappingEndEvent, SequenceEndEvent)):
                depth -= 1
    except Exception:
        return None
    return deepest


_NESTING_PARTS = ["a", "b: ", "b:", ": ", "- ", "-", "? ", "?", "[", "]", "{", "}", ", ",
                  "\n", "\n  ", "\n    ", "\n- ", "\n  - ", "#c", "'q: [x'", "|\n  t",
                  "\t", "x: [a: [b: ", "- - ", "? - "]


@settings(max_examples=4000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_NESTING_PARTS), max_size=30).map("".join))
def test_depth_bound_is_never_below_the_parsed_depth(text):
    """yaml_limits skips the parse when the lines bound the nesting at 100 levels or fewer:
    the bound read from the lines is never below the depth the parser finds."""
    from sitemigrate.yamlio import _depth_bound
    depth = _parsed_depth(text)
    if depth is not None:
        assert _depth_bound(text) >= depth, (text, depth)


@pytest.mark.parametrize("text", [
    "x:\n" + "".join("  " * i + f"- k{i}:\n" for i in range(60)),     # block, indented
    "x:\n" + "".join("  " * i + f"k{i}:\n" for i in range(101)),      # mappings only
    "k0:\n" + "".join("  " * (i - 1) + f"- k{i}:\n" for i in range(1, 52)),  # indentless
    "x:\n  " + "- " * 101 + "y\n",                                    # compact sequences
    "x: " + "[a: " * 51 + "b" + "]" * 51 + "\n",                      # flow pairs
    "x: " + "{a: " * 101 + "b" + "}" * 101 + "\n",
])
def test_depth_bound_on_deep_nesting(text):
    """Texts near and beyond the bound: the bound is at least the parsed depth, and a text
    deeper than 100 levels is never let through unparsed."""
    from sitemigrate.yamlio import YAML_MAX_DEPTH, _depth_bound, yaml_limits
    depth = _parsed_depth(text)
    assert depth is not None and _depth_bound(text) >= depth
    if depth > YAML_MAX_DEPTH:
        assert yaml_limits(text) is not None


def test_a_real_config_needs_no_parse_for_its_bounds(monkeypatch):
    """A config of the shape of al-folio's (comments, nested settings, flow lists, `"@*"`):
    its bounds are read from its lines, no parser (libyaml's import alone is ~20 ms)."""
    from sitemigrate import yamlio as textio
    config = "".join(f"# ---- section {i} ----\nsetting_{i}: value-{i} # a comment: here\n"
                     for i in range(60))
    config += ('scholar:\n  query: "@*"\n  nested:\n    deeper:\n      - [a, b]\n'
               'exclude: [bin/, Gemfile, "*.lock"]\nnav:\n  - title: Home\n    url: /\n')
    assert sum(config.count(c) for c in "[{-?:") > textio.YAML_MAX_DEPTH
    parsed = []
    monkeypatch.setattr(textio, "_events", lambda text, fast: parsed.append(fast) or [])
    assert textio.yaml_limits(config) is None
    assert parsed == []
    assert textio.yaml_limits(config + "alias: *x\n") is None and parsed == [True]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.dictionaries(st.sampled_from(["title", "date", "tags", "x-y", "Note"]),
                       st.one_of(st.text(max_size=20), st.integers(), st.booleans(),
                                 st.lists(st.text(max_size=8), max_size=3)), max_size=4),
       st.text(max_size=30))
def test_written_front_matter_is_what_python_frontmatters_handler_writes_and_reads(front, body):
    """render_document writes the front matter itself (python-frontmatter is imported only
    to read): Jekyll's delimiters and the YAML the handler's export gives, and the handler
    splits it back into that YAML and the body."""
    from sitemigrate.formats.frontmatter import HANDLER
    from sitemigrate.textio import FM_DELIMITER, render_document
    assert FM_DELIMITER == HANDLER.START_DELIMITER == HANDLER.END_DELIMITER
    text = render_document(front, body)
    if not front:
        return
    fm = HANDLER.export(front)
    assert text.startswith(f"{FM_DELIMITER}\n{fm}{FM_DELIMITER}\n")
    parts = HANDLER.split_lines(text)
    assert parts is not None and parts[0] + "\n" == fm
