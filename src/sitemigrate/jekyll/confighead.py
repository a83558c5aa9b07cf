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
