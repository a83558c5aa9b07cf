"""A listing whose include writes HTML only an HTML page holds (academicpages' talks: its
include leaves the venue's `<p>` open), written into a Markdown page: kept from kramdown,
which would print the include's closing tags as text."""

from __future__ import annotations

import re

from . import THEME


def html_only_listings(body: str) -> str:
    """A Markdown page's loops of a listing whose include writes HTML only an HTML page holds
    (the mapping's `html_only`: an element it leaves open), inside `{::nomarkdown}` with the
    HTML element around them (kramdown reads an HTML block whole, as HTML), as the
    template's own listing page, an HTML file, shows them."""
    for listing in THEME.vocabulary["listings"].values():
        if not isinstance(listing, dict) or not listing.get("html_only"):
            continue
        for pattern in listing["match"]:
            found = [m.span() for m in re.finditer(pattern, body, re.S)]
            for at, end in reversed(found):
                at, end = _html_block_around(body, at, end)
                if body[:at].rstrip(" \t").endswith("{::nomarkdown}\n"):
                    continue  # (a run before wrapped it)
                body = (f"{body[:at]}{{::nomarkdown}}\n{body[at:end]}\n{{:/nomarkdown}}"
                        f"{body[end:]}")
    return body


_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)\b[^<>]*?(/?)>")
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "source", "wbr", "col"})


def _html_block_around(body: str, at: int, end: int) -> tuple[int, int]:
    """The span of the outermost HTML element of ``body`` around ``body[at:end]`` (open
    before it, closed after it), else that span itself."""
    stack: list[tuple[str, int]] = []
    for m in _TAG.finditer(body, 0, at):
        name = m.group(2).lower()
        if m.group(3) or name in _VOID:
            continue
        if not m.group(1):
            stack.append((name, m.start()))
        elif stack and stack[-1][0] == name:
            stack.pop()
    if not stack:
        return at, end
    name, start = stack[0]
    depth = len(stack)
    for m in _TAG.finditer(body, end):
        tag = m.group(2).lower()
        if m.group(3) or tag in _VOID:
            continue
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return (start, m.end()) if tag == name else (at, end)
    return at, end
