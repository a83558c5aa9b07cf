"""Where a key added to a block of a round-trip `_config.yml` goes: ruamel keeps the comment
lines that follow a block (the heading of the file's next section, `# Jekyll settings`) on
the block's last entry, so a key appended to the block would be written under that heading,
as if it were a setting of the next section. :func:`heading_after` moves those lines after
the new key."""

from __future__ import annotations

from typing import Any


def last_entry(mapping: Any) -> tuple[Any, Any] | None:
    """(mapping, key) of the last scalar entry of a round-trip mapping, inside its nested
    mappings (where ruamel keeps the comment lines that follow the block); None if empty."""
    from ruamel.yaml.comments import CommentedMap
    while isinstance(mapping, CommentedMap) and len(mapping):
        key = next(reversed(mapping))
        if not isinstance(mapping[key], CommentedMap) or not len(mapping[key]):
            return mapping, key
        mapping = mapping[key]
    return None


def heading_after(mapping: Any, before: tuple[Any, Any] | None) -> None:
    """After a key was appended to ``mapping`` (a nested block, `collections:`), whose last
    entry was ``before``: the comment lines that followed that entry at a shallower indent
    than the block's keys (the next section's heading) follow the new key instead; an
    end-of-line comment stays on its line, lines at the block's indent stay where they are."""
    if before is None:
        return
    item = before[0].ca.items.get(before[1])
    token = item[2] if item and len(item) > 2 else None
    col = getattr(getattr(mapping, "lc", None), "col", None)
    if token is None or col is None or "\n" not in token.value:
        return
    cut = token.value.index("\n") + 1
    rest = token.value[cut:]
    heading = next((line for line in rest.split("\n") if line.strip()), "")
    after = last_entry(mapping)
    if not heading.lstrip().startswith("#") or len(heading) - len(heading.lstrip(" ")) >= col \
            or after is None or (after[0] is before[0] and after[1] == before[1]):
        return
    from ruamel.yaml.tokens import CommentToken
    token.value = token.value[:cut]
    after[0].ca.items.setdefault(after[1], [None, None, None, None])[2] = CommentToken(
        "\n" + rest, token.start_mark, None)


def _end_token(value: Any) -> tuple[Any, Any, Any] | None:
    """(mapping, key, comment token or None) of a round-trip mapping's last scalar entry,
    where ruamel keeps the lines that follow the block; None when it is no such mapping."""
    end = last_entry(value)
    if end is None:
        return None
    item = end[0].ca.items.get(end[1])
    return end[0], end[1], item[2] if item and len(item) > 2 else None


def round_trip(value: Any) -> Any:
    """``value`` with its plain mappings and lists made round-trip ones, whose entries can
    hold the lines that follow them (:func:`heading_kept`)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    if isinstance(value, dict):
        return value if isinstance(value, CommentedMap) else CommentedMap(
            (k, round_trip(v)) for k, v in value.items())
    if isinstance(value, list):
        return value if isinstance(value, CommentedSeq) else CommentedSeq(
            round_trip(v) for v in value)
    return value


def heading_kept(old: Any, new: Any) -> None:
    """After a block's value ``old`` was replaced by ``new`` (the owner's table put in place of
    the template's): the lines that followed ``old``'s last entry (a blank line and the
    heading of the file's next section) follow ``new``'s, in place of those ``new`` brought
    from its own file (that file's next heading, which is not this one's); an end-of-line
    comment of ``new``'s last entry stays on its line."""
    before, after = _end_token(old), _end_token(new)
    if before is None or after is None:
        return
    from ruamel.yaml.tokens import CommentToken
    theirs, ours = before[2], after[2]
    rest = theirs.value[theirs.value.index("\n") + 1:] if theirs is not None \
        and "\n" in theirs.value else ""
    head = ours.value[:ours.value.index("\n") + 1] if ours is not None \
        and "\n" in ours.value else None
    if head is None and not rest:
        return
    mark = (ours or theirs).start_mark
    items = after[0].ca.items.setdefault(after[1], [None, None, None, None])
    items[2] = CommentToken((head or "\n") + rest, mark, None)  # (one of them is there)
