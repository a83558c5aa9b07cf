"""The pages a theme ships as furniture (a 404 page, a Markdown guide, a talk map): not the
owner's content, left to the target's own, their addresses forwarded (``furniture`` rules
of the theme's mapping)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..ir import Page, Site
from ..plan import Plan
from ..report import Report


def mark_furniture(site: Site, src: Path, vocab: dict, report: Report,
                   owned: Callable[[str], bool] | None = None) -> None:
    """Pages the source theme ships as furniture (``furniture`` in its mapping: a 404 page,
    a Markdown guide, a talk map) get the role ``furniture``: writers leave them out (the
    target has its own) and forward their address home. Menu entries to them go too. A page
    the owner made their own is theirs (a Markdown guide rewritten as a contact page): its
    title, or the label the owner's menu links it under, is none the theme gives it (the
    rule's ``names``), or the data it shows is the owner's (the rule's ``owned_with``, a file
    of SRC for which ``owned`` says so: a talk map made from the owner's talks)."""
    rules = vocab.get("furniture") or []
    gone: set[str] = set()
    labels: dict[str, set[str]] = {}
    for n in site.navigation:
        labels.setdefault("/" + n.url.strip("/"), set()).add(n.title.strip())
    for page in site.pages:
        url = "/" + page.permalink.strip("/") + ("/" if page.permalink.endswith("/") else "")
        for rule in rules:
            if url != rule["permalink"] or (rule.get("when_missing")
                                            and (src / rule["when_missing"]).is_file()):
                continue
            data = rule.get("owned_with")
            if data and owned is not None and owned(data):
                report.mapped("furniture-owned", f"`{page.path}` is {rule['what']} of "
                              f"{site.theme}, and the data it shows (`{data}`) is yours: "
                              "carried as a page.", page.origin)
                break
            if _owners_furniture(page, rule, labels.get(url.rstrip("/") or "/", set())):
                report.mapped("furniture-owned", f"`{page.path}` is {rule['what']} of "
                              f"{site.theme} made the owner's own (title `{page.title}`): "
                              "carried as a page.", page.origin)
                break
            page.role = "furniture"
            page.features.forward = rule.get("forward") or "about"
            gone.add(url)
            report.mapped("furniture", f"`{page.path}` is {rule['what']} of {site.theme}, not "
                          "your content: the target theme has its own, so it is not carried "
                          f"({_forwarded_to(page, site)}).", page.origin)
            break
    kept = []
    for item in site.navigation:
        if "/" + item.url.strip("/") + ("/" if item.url.endswith("/") else "") in gone:
            report.mapped("furniture-menu", f"menu entry `{item.title}` ({item.url}) leads "
                          "to a page of the theme's furniture; left out of the menu.",
                          item.origin)
        else:
            kept.append(item)
    site.navigation = kept


def _forwarded_to(page: Page, site: Site) -> str:
    """Where :func:`forward_furniture` sends a furniture page's address, in words: the page
    of the role its rule names when the site has one, else home; a 404 page nowhere."""
    if page.permalink == "/404.html":
        return "the target's own page-not-found page serves its address"
    role = page.features.forward or "about"
    shown = role if role != "about" and site.page(role) is not None else "home"
    return f"its address forwards to the {shown} page"


def _owners_furniture(page: Page, rule: dict, menu_labels: set[str]) -> bool:
    """Whether a furniture page is the owner's: retitled, or in their menu under their own
    label (``names``: the page's title and menu label in the template; a rule without them
    never is)."""
    names = set(rule.get("names") or [])
    return bool(names) and any(t not in names for t in {page.title.strip(), *menu_labels} - {""})


def forward_furniture(page: Page, site: Site, plan: Plan, out_of: Any) -> None:
    """A furniture page is not written; its old address forwards to the page of the role
    its rule names (home by default), through ``plan.origins``. A 404 page forwards
    nowhere: the target's own serves it."""
    target = site.page(page.features.forward or "about") or site.page("about")
    if target is not None and page.permalink != "/404.html":
        plan.origins[page.path] = out_of(target)
