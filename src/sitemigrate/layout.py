"""Keeping the owner's layout of a YAML file that a conversion merges into.

ruamel's round trip keeps comments and key order, but writes every ``key: value`` its own
way: a template's aligned ``locale     : "en-US"`` comes back as ``locale: "en-US"``, and the
review diff of a merge shows every line of ``_config.yml``. :func:`keep_layout` puts back the
original line of every key whose value the conversion left as it was, so the diff shows
what changed and nothing else.
"""

from __future__ import annotations

from typing import Any

__all__ = ["keep_layout"]


def keep_layout(old: str, new: str) -> str:
    """``new`` (a YAML mapping dumped by ruamel from ``old`` after some changes) with each
    line of an unchanged ``key: value`` taken from ``old`` as it was written (spacing, quotes,
    comment). Only single-line entries at the same indentation are taken; the result is
    checked to load to the same data as ``new``, else ``new`` is returned."""
    if old == new or "\r" in old or "\r" in new:
        return new
    from ruamel.yaml.comments import CommentedMap

    from .yamlio import load_safe, load_yaml
    # both only read: ``old`` is DEST's config as the merge loaded it (not parsed again);
    # a YAML error of DEST's file gives None: written as ruamel gives it
    old_data = load_yaml(old, "_config.yml", None, shared=True)
    new_data = load_yaml(new, "_config.yml", None, shared=True)
    if not isinstance(old_data, CommentedMap) or not isinstance(new_data, CommentedMap):
        return new
    old_lines, new_lines = old.split("\n"), new.split("\n")
    _take_unchanged(old_data, new_data, old_lines, new_lines)
    out = "\n".join(new_lines)
    try:
        same = load_safe(out) == load_safe(new)
    except Exception:
        same = False
    return out if same else new


def _take_unchanged(old: Any, new: Any, old_lines: list[str], new_lines: list[str]) -> None:
    from ruamel.yaml.comments import CommentedMap
    for key in new:
        if key not in old:
            continue
        before, after = old[key], new[key]
        if isinstance(before, CommentedMap) and isinstance(after, CommentedMap):
            _take_unchanged(before, after, old_lines, new_lines)
            continue
        if not _same(before, after):
            continue
        empty = before is None  # `key:` (and maybe a comment): no value to place
        at_old = _one_line(old, key, old_lines, empty)
        at_new = _one_line(new, key, new_lines, empty)
        if at_old is None or at_new is None:
            continue
        if _indent(old_lines[at_old]) == _indent(new_lines[at_new]):
            new_lines[at_new] = old_lines[at_old]


def _same(a: Any, b: Any) -> bool:
    """Equal values of one kind (``True`` is not ``1``; a quoted string equals a plain one)."""
    if isinstance(a, str) and isinstance(b, str):
        return str(a) == str(b)
    if isinstance(a, (list, dict)) or isinstance(b, (list, dict)):
        # a flow collection on one line (`[a, b]`): the same items, compared as plain data
        return _plain(a) == _plain(b)
    return type(a) is type(b) and a == b


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return (type(value).__name__ if not isinstance(value, str) else "str", str(value))


def _one_line(mapping: Any, key: Any, lines: list[str], empty: bool) -> int | None:
    """The line of ``key`` when its entry is that one line (not a block scalar or block
    collection, not a value continued below), else None. ``empty``: the value is null."""
    try:
        line, _ = mapping.lc.key(key)
        value_line, _ = mapping.lc.value(key)
    except (KeyError, TypeError, AttributeError):
        return None
    if (value_line != line and not empty) or line >= len(lines):
        return None
    text = lines[line]
    if _block_scalar(text):
        return None
    following = lines[line + 1] if line + 1 < len(lines) else ""
    if following.strip() and not following.lstrip().startswith("#") \
            and _indent(following) > _indent(text):
        return None  # a plain or quoted scalar continued on the next line
    return line


def _block_scalar(line: str) -> bool:
    """``key: |`` or ``key: >-`` and the like (outside quotes, before a comment)."""
    head = line.split(" #", 1)[0].rstrip()
    return head.endswith(("|", ">", "|-", ">-", "|+", ">+"))


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip())]
