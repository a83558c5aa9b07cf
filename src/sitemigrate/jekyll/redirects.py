"""One old address, one redirect page.

jekyll-redirect-from makes a page for every `redirect_from` entry of every document and page
(documents first, then the pages, which Jekyll keeps sorted by name) and Jekyll writes them
in that order: when two pages name the same old address, both redirects are written to it
and the later one is what the old site served. A target theme's redirect pages are written
the same way, once per address: the later claim replaces the earlier one's page.
"""

from __future__ import annotations

import re

from ..ir import Origin
from ..plan import Plan
from .site import redirect_stub_path

_CLAIMERS = re.compile(r"`redirect_from` of \d+ pages \((?P<paths>[^)]*)\)")
_PERMALINK = re.compile(r"^permalink:\s*['\"]?(?P<url>[^'\"\n]*?)['\"]?\s*$", re.M)


def stub_path(plan: Plan, old: str, target: str, origin: Origin | str | None,
              suffix: str = ".md") -> str:
    """Where the redirect page of ``old`` goes: a new `_pages/redirects/*` path (of
    ``suffix``), or the page an earlier claim of ``old`` wrote, whose finding is then
    withdrawn (the later claim is what the old site served; the double claim is reported)."""
    name = redirect_stub_path(plan, old).removesuffix(".md")
    while name.endswith("-1"):  # the paths taken before: one may be this address's
        name = name.removesuffix("-1")
        path = next((f"{name}{s}" for s in (".md", ".html") if f"{name}{s}" in plan.files),
                    f"{name}.md")
        text = plan.files.get(path, b"").decode("utf-8", "replace")
        m = _PERMALINK.search(text.split("\n---", 1)[0])
        if m and m["url"].strip() == old.strip():
            through = f"through `{path}`"
            start = f"old URL `{old}` "
            before = [f for f in plan.report.findings if f.message.startswith(start) and (
                f.code == "redirect-claimed" or (f.code == "redirect" and through in f.message))]
            claims = {_path(origin)}
            for f in before:
                plan.report.findings.remove(f)
                m = _CLAIMERS.search(f.message) if f.code == "redirect-claimed" else None
                claims |= set(m["paths"].split(", ")) if m else {f.path or "?"}
            plan.report.mapped(
                "redirect-claimed", f"{start}is in the `redirect_from` of {len(claims)} pages "
                f"({', '.join(sorted(claims))}): Jekyll writes every one's redirect there, the "
                f"last page's last; it forwards to `{target}`, as on the old site.", origin)
            return path
    return redirect_stub_path(plan, old, suffix)


def _path(origin: Origin | str | None) -> str:
    if isinstance(origin, Origin):
        return origin.path
    return origin or "?"
