"""An upgrade's carrying of the owner's own includes that a changed template layout ran.

An owner who changed a layout of the template (`_layouts/about.liquid`) to run an include of
their own (a file of `_includes/` no template has) loses what that include shows when the
upgrade keeps the new checkout's version of the layout. Jekyll renders an include where a
tag names it, inside the branch of the layout's blocks that holds the tag; the new layout
runs the same include where it has the same block (the same opening tag, `{% if page.social
%}`): the tag goes there, in the branch the old layout ran it in, with the include file and
the owner's includes it names in turn. Where the old block held nothing but the owner's
includes, the owner replaced what the template had there, and so does the new layout. Where
the new layout has no such block, the report says which tag to add to which file. An
owner's version of theme code carried as it is (a file the new template did not change)
takes the owner's includes it runs along.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .jekyll.liquid import BLOCK_TAGS, Token, include_name, tokenize
from .plan import Plan

_BRANCH_TAGS = frozenset({"else", "elsif", "when"})


@dataclass
class _Block:
    """A block of a layout (`{% if page.social %}...{% endif %}`) and the branch of it that
    holds the owner's include."""

    opener: Token
    body_start: int
    """Offset where the branch that holds the include begins (after the opener)."""
    body_end: int
    """Offset of the tag that ends that branch (`else`, `elsif`, `when`, `end...`)."""


def _key(tok: Token) -> str:
    return f"{tok.name} {' '.join(tok.markup.split())}"


def _blocks(tokens: list[Token]) -> list[_Block]:
    """Every first branch of a block (the text from its opening tag to the first `else`,
    `elsif`, `when` or its end at its own depth)."""
    out: list[_Block] = []
    stack: list[tuple[Token, int | None]] = []
    for tok in tokens:
        if tok.kind != "tag":
            continue
        if tok.name in BLOCK_TAGS:
            stack.append((tok, tok.start + len(tok.text)))
        elif tok.name in _BRANCH_TAGS and stack:
            opener, start = stack[-1]
            if start is not None:
                out.append(_Block(opener, start, tok.start))
            stack[-1] = (opener, None)
        elif tok.name.startswith("end") and stack and stack[-1][0].name == tok.name[3:]:
            opener, start = stack.pop()
            if start is not None:
                out.append(_Block(opener, start, tok.start))
    return out


def _enclosing(blocks: list[_Block], at: int) -> _Block | None:
    """The innermost block's first branch that holds offset ``at``."""
    inside = [b for b in blocks if b.body_start <= at < b.body_end]
    return min(inside, key=lambda b: b.body_end - b.body_start) if inside else None


def _own_tags(tokens: list[Token], own: set[str]) -> list[tuple[Token, str]]:
    return [(t, name) for t in tokens if t.kind == "tag" and t.name == "include"
            and not t.in_html_comment and (name := include_name(t) or "") in own]


def _only_tags(body: str, tags: list[Token]) -> bool:
    """``body`` holds nothing a visitor sees but ``tags`` (HTML and Liquid comments aside)."""
    for tok in tags:
        body = body.replace(tok.text, " ")
    rest = "".join(t.text for t in tokenize(body) if t.kind != "comment")
    return not re.sub(r"(?s)<!--.*?-->", " ", rest).strip()


def carry(plan: Plan, src: Path, edited: list[str], own: list[str]) -> set[str]:
    """Carry into DEST's version of each edited layout of ``edited`` the tags that run the
    owner's own includes (``own``: paths under `_includes/`), with those includes. Returns
    the files dealt with (the edited layouts whose includes were all placed, and the includes
    written); what could not be placed is said in the report."""
    from .textio import read_source
    names = {r.removeprefix("_includes/") for r in own if r.startswith("_includes/")}
    done: set[str] = set()
    for rel in edited:
        data = read_source(src / rel, rel, None, src)
        theirs = plan.dest / rel
        if data is None or not rel.startswith("_layouts/") or not theirs.is_file() \
                or theirs.is_symlink():
            continue
        ours_text = data.decode("utf-8", "replace")
        ours = tokenize(ours_text)
        tags = _own_tags(ours, names)
        if not tags:
            continue
        new = plan.files.get(rel)
        text = (new if new is not None else theirs.read_bytes()).decode("utf-8", "replace")
        if _own_tags(tokenize(text), names):
            continue  # DEST's layout runs them already (a run before, or the owner's copy)
        placed, told = _place(text, ours_text, ours, tags)
        if placed != text:
            plan.write(rel, placed.encode("utf-8"))
            plan.report.mapped("upgrade-own-include", _said(rel, tags, bool(told)), rel)
        for name in sorted({n for _, n in tags}):  # the files, whatever runs them: a tag
            done |= _with_includes(plan, src, name, names)  # to add by hand needs them too
        if told:
            plan.report.lost("upgrade-own-include-left", f"`{rel}` of the new template: "
                             + " ".join(told), rel)
        else:
            done.add(rel)
    return done


def carry_run(plan: Plan, src: Path, written: list[str], own: list[str]) -> set[str]:
    """The owner's own includes (``own``) that the files ``written`` (the owner's versions
    of theme code, carried as they are) name: written with them, since Jekyll stops on an
    include tag whose file is not there. Returns the includes written."""
    names = {r.removeprefix("_includes/") for r in own if r.startswith("_includes/")}
    done: set[str] = set()
    for rel in written:
        data = plan.files.get(rel)
        if data is not None:
            for _, name in _own_tags(tokenize(data.decode("utf-8", "replace")), names):
                done |= _with_includes(plan, src, name, names)
            if rel.endswith((".scss", ".sass")):
                done |= _with_partials(plan, src, data.decode("utf-8", "replace"), set(own))
    return done


_IMPORT = re.compile(r"@(?:import|use|forward)\s+([^;]+)")


def _with_partials(plan: Plan, src: Path, text: str, own: set[str]) -> set[str]:
    """The owner's own Sass partials (``own``, files of `_sass/` no template has) that
    ``text`` imports (`@import "custom", "folio";`: Sass finds `_sass/custom.scss` or its
    partial `_sass/_custom.scss`), written into DEST with the partials they import in turn:
    a stylesheet carried as the owner wrote it stops the build on an import whose file is
    not there. Returns the files written."""
    from .textio import read_source
    out: set[str] = set()
    for imports in _IMPORT.findall(text):
        for name in (n.strip().strip("\"'") for n in imports.split(",")):
            folder, _, base = name.rpartition("/")
            stem = f"_sass/{folder + '/' if folder else ''}"
            for rel in (f"{stem}{b}{x}" for b in (base, f"_{base}") for x in (".scss", ".sass")):
                if rel not in own or rel in out or rel in plan.files:
                    continue
                data = read_source(src / rel, rel, None, src)
                if data is not None:
                    plan.write(rel, data)
                    out |= {rel} | _with_partials(plan, src, data.decode("utf-8", "replace"), own)
    return out


def _said(rel: str, tags: list[tuple[Token, str]], partly: bool) -> str:
    names = ", ".join(sorted({f"`{n}`" for _, n in tags}))
    return (f"Your changed `{rel}` ran your own include(s) {names}: the new template's "
            f"`{rel}` runs {'some of ' if partly else ''}them in the same place (the block "
            "your version ran them in), and the include files are carried; your other "
            "changes to that layout are not (compare it with your old version).")


def _place(text: str, ours_text: str, ours: list[Token],
           tags: list[tuple[Token, str]]) -> tuple[str, list[str]]:
    """``text`` (DEST's layout) with each tag of ``tags`` placed in the block the owner's
    layout ran it in; and, for each tag that has no such block, what to add where."""
    old_blocks = _blocks(ours)
    told: list[str] = []
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) in ``text``
    new_blocks = _blocks(tokenize(text))
    by_block: dict[int, list[Token]] = {}
    blocks: dict[int, _Block] = {}
    for tok, _ in tags:
        block = _enclosing(old_blocks, tok.start)
        if block is None:
            told.append(f"add `{tok.text}` to the new layout where your old one had it "
                        "(outside any block: no block of the new layout tells where).")
            continue
        by_block.setdefault(id(block), []).append(tok)
        blocks[id(block)] = block
    for key, toks in by_block.items():
        block = blocks[key]
        same = [b for b in new_blocks if _key(b.opener) == _key(block.opener)]
        if len(same) != 1:
            for tok in toks:
                told.append(f"add `{tok.text}` inside `{block.opener.text}` of the new layout"
                            + (" (it has no such block)." if not same else
                               " (it has several: choose the one your old layout used)."))
            continue
        target = same[0]
        body = ours_text[block.body_start:block.body_end]
        calls = "".join(f"\n{tok.text}" for tok in toks)
        if _only_tags(body, toks):  # the owner replaced the template's content there
            edits.append((target.body_start, target.body_end, body))
        else:
            edits.append((target.body_end, target.body_end, calls.lstrip("\n") + "\n"))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text, told


def _with_includes(plan: Plan, src: Path, name: str, own: set[str],
                   seen: set[str] | None = None) -> set[str]:
    """Write the owner's include ``name`` into DEST (where DEST has no such file) and the
    owner's includes it names in turn. Returns the files written or already there."""
    from .textio import read_source
    seen = set() if seen is None else seen
    if name in seen:
        return set()
    seen.add(name)
    rel = f"_includes/{name}"
    data = read_source(src / rel, rel, None, src)
    if data is None:
        return set()
    if not (plan.dest / rel).exists() and rel not in plan.files:
        plan.write(rel, data)
    out = {rel}
    for _, inner in _own_tags(tokenize(data.decode("utf-8", "replace")), own):
        out |= _with_includes(plan, src, inner, own, seen)
    return out

