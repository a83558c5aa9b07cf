"""One old address, one redirect page.

jekyll-redirect-from makes a page for every `redirect_from` entry of every document and page
(documents first, then the pages, which Jekyll keeps sorted by name) and Jekyll writes them
in that order: when two pages name the same old address, both redirects are written to it
and the later one is what the old site served. A target theme's redirect pages are written
the same way, once per address: the later claim replaces the earlier one's page.
"""

from __future__ import annotations

from ..ir import Origin
from ..plan import Plan
from .site import redirect_stub_path


def stub_path(plan: Plan, old: str, target: str, origin: Origin | str | None,
              suffix: str = ".md") -> str:
    """Where the redirect page of ``old`` goes: a new `_pages/redirects/*` path (of
    ``suffix``), or the page an earlier claim of ``old`` wrote, whose finding is then
    withdrawn (the later claim is what the old site served; the double claim is reported)."""
    claimed = plan.redirect_claims.get(old.strip())
    if claimed is None:
        path = redirect_stub_path(plan, old, suffix)
        plan.redirect_claims[old.strip()] = (path, [_path(origin)])
        return path
    path, claims = claimed
    claims.append(_path(origin))
    start = f"old URL `{old}` "
    for f in [f for f in plan.report.findings if f.message.startswith(start)
              and f.code in ("redirect", "redirect-claimed")]:
        plan.report.findings.remove(f)
    plan.report.mapped(
        "redirect-claimed", f"{start}is in the `redirect_from` of {len(set(claims))} pages "
        f"({', '.join(sorted(set(claims)))}): Jekyll writes every one's redirect there, the "
        f"last page's last; it forwards to `{target}`, as on the old site.", origin)
    return path


def _path(origin: Origin | str | None) -> str:
    if isinstance(origin, Origin):
        return origin.path
    return origin or "?"
