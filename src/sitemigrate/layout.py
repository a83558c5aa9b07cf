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
    from .yamlio import load_safe, load_with_nodes
    # values and the line of each key and value: libyaml's (a round trip is not needed to
    # read them); a YAML error of DEST's file gives None: written as ruamel gives it
    old_read, new_read = load_with_nodes(old), load_with_nodes(new)
    if old_read is None or new_read is None:
        return new
    old_entries, new_entries = _entries(*old_read), _entries(*new_read)
    if old_entries is None or new_entries is None:
        return new
    old_lines, new_lines = old.split("\n"), new.split("\n")
    _take_unchanged(old_entries, new_entries, old_lines, new_lines)
    out = "\n".join(new_lines)
    if out == new:  # no line taken back: nothing to check
        return new
    try:
        same = load_safe(out) == new_read[0]
    except Exception:
        same = False
    return out if same else new


_Entries = dict[str, tuple[Any, Any, Any]]
"""A mapping's string keys -> (value, key node, value node)."""


def _entries(data: Any, node: Any) -> _Entries | None:
    """The entries of a loaded mapping ``data`` and its node (None when it is no mapping).
    Keys other than strings (`1:`, `true:`), and the merge key, are left out."""
    if not isinstance(data, dict) or type(node).__name__ != "MappingNode":
        return None
    out: _Entries = {}
    for key_node, value_node in node.value:
        key = key_node.value
        if str(key_node.tag) == "tag:yaml.org,2002:str" and key in data:
            out[key] = (data[key], key_node, value_node)
    return out


def _take_unchanged(old: _Entries, new: _Entries, old_lines: list[str],
                    new_lines: list[str]) -> None:
    for key, (after, new_key, new_value) in new.items():
        if key not in old:
            continue
        before, old_key, old_value = old[key]
        old_inner, new_inner = _entries(before, old_value), _entries(after, new_value)
        if old_inner is not None and new_inner is not None:
            _take_unchanged(old_inner, new_inner, old_lines, new_lines)
            continue
        if not _same(before, after):
            continue
        empty = before is None  # `key:` (and maybe a comment): no value to place
        at_old = _one_line(old_key, old_value, old_lines, empty)
        at_new = _one_line(new_key, new_value, new_lines, empty)
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


def _one_line(key: Any, value: Any, lines: list[str], empty: bool) -> int | None:
    """The line of the entry of ``key`` (its node) when the entry is that one line (not a
    block scalar or block collection, not a value continued below), else None. ``empty``:
    the value is null."""
    line, value_line = key.start_mark.line, value.start_mark.line
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
