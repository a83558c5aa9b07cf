"""One old address, one redirect page.

jekyll-redirect-from makes a page for every `redirect_from` entry of every document and page
(documents first, then the pages, which Jekyll keeps sorted by name) and Jekyll writes them
in that order: when two pages name the same old address, both redirects are written to it
and the later one is what the old site served. A target theme's redirect pages are written
the same way, once per address: the later claim replaces the earlier one's page.

jekyll-redirect-from's pages join the site's pages after every page Jekyll read, and Jekyll
writes the pages in order (then the collections' documents): a redirect from the address of
a page replaces that page, which the old site never served (:func:`drop_shadowed_pages`).
"""

from __future__ import annotations

from ..ir import Origin, Site
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


def drop_shadowed_pages(plan: Plan, site: Site) -> None:
    """A page written to DEST at an address a redirect page claims (a template's portfolio
    page at `/portfolio/`, the `redirect_from` of the owner's projects page) is left out:
    the old site, which ran jekyll-redirect-from, served the redirect there, and the target
    would build both to one file."""
    plugins = [*_as_list(site.config_extra.get("plugins")), *_as_list(site.config_extra.get(
        "gems"))]
    if "jekyll-redirect-from" not in plugins:
        return  # the old site served the page: its `redirect_from` made nothing
    stubs = {path: old for old, (path, _) in plan.redirect_claims.items()}
    claimed = {_address(old): old for old in stubs.values()}
    for rel, front in list(plan.documents.items()):
        permalink = front.get("permalink")
        if rel in stubs or not isinstance(permalink, str) or (
                rel.startswith("_") and not rel.startswith("_pages/")):
            continue  # a collection's document is written after the pages: it stays
        old = claimed.get(_address(permalink))
        if old is None:
            continue
        path, claims = plan.redirect_claims[old]
        source = next((s for s, d in plan.origins.items() if d == rel), rel)
        plan.unwrite(rel)
        plan.report.mapped("redirect-shadows-page", f"page `{source}` (address `{permalink}`) "
                           f"was not carried: on the old site the redirect from `{old}` of "
                           f"{', '.join(sorted(set(claims)))} replaced it (jekyll-redirect-"
                           f"from writes its pages after the others); `{path}` forwards "
                           "there now.", source)


def _as_list(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _address(url: str) -> str:
    url = url.strip()
    url = url[:-len("index.html")] if url.endswith("/index.html") else url
    return "/" + url.strip("/") + ("/" if url.endswith("/") else "")


def _path(origin: Origin | str | None) -> str:
    if isinstance(origin, Origin):
        return origin.path
    return origin or "?"
