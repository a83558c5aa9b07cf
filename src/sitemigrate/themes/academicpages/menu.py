"""academicpages menus: `_data/navigation.yml`, and the source's pages that are only a menu
entry (academicpages menus are data, not pages)."""

from __future__ import annotations

from ...ir import NavItem, Page, Site
from ...plan import Plan
from ...textio import dump_yaml


def menu_only(page: Page) -> bool:
    """A page that is only a menu entry: a link elsewhere (`permalink: https://...`) or a
    dropdown without text. academicpages menus are `_data/navigation.yml`, not pages."""
    return "://" in page.permalink or (bool(page.features.children)
                                       and not page.body.strip())


def skip_menu_page(page: Page, site: Site, plan: Plan) -> None:
    about = site.page("about")
    if about is not None:  # the address Jekyll gave the page forwards home
        plan.origins[page.path] = about.path  # where the writer puts it
    if in_menu(page, site):
        plan.report.mapped("menu-page", f"`{page.path}` is only a menu entry "
                           f"({page.permalink or 'a dropdown'}); it is in "
                           "`_data/navigation.yml`, not a page.", page.origin)
    else:  # a template's example dropdown left with `nav: false`, another language's
        plan.report.mapped("menu-page", f"`{page.path}` is only a menu entry "
                           f"({page.permalink or 'a dropdown'}) and not one of the menu "
                           "written to `_data/navigation.yml` (no `nav: true`, or the menu of "
                           "another language's pages); it has no text of its own and is not "
                           "written.", page.origin)


def in_menu(page: Page, site: Site) -> bool:
    """The source's menu has the entry ``page`` is (its address, or its dropdown)."""
    return any((page.permalink and n.url == page.permalink)
               or (page.features.children and not n.url and n.title == page.title)
               for n in site.navigation)


def _home_entry_shown(entry: NavItem, site: Site, plan: Plan) -> bool:
    """The old menu's entry for the home page (al-folio's header lists the page at `/` first,
    under its `title`; an academicpages menu's own `url: /` line) is an entry of the new menu
    unless academicpages shows it already: its masthead links home from the site's `title`,
    so an entry of that label would be the same link twice, and one without a label is no
    entry a visitor sees."""
    label = (entry.title or "").strip()
    masthead = site.identity.site_title or site.identity.display_name()
    if not label or label == (masthead or "").strip():
        return False
    plan.report.mapped("menu-home", f"the old menu's home entry `{label}` is the first line "
                       "of `_data/navigation.yml` (academicpages' masthead links home from the "
                       f"site's title, `{masthead}`, and shows the menu's entries after it).",
                       entry.origin)
    return True


def write_navigation(site: Site, plan: Plan) -> None:
    """`_data/navigation.yml` in menu order. The masthead has no submenus: a dropdown's
    entries take its place in the top-level menu (dividers dropped; an address the menu has
    already, once), and the report says so."""
    main = []
    listed = {n.url for n in site.navigation if n.url}
    for n in site.navigation:
        if n.url and (n.url != "/" or _home_entry_shown(n, site, plan)):
            main.append({"title": n.title, "url": n.url})
        children = [c for c in n.children if c.url]
        added = []
        for child in children:
            if child.url not in listed:
                listed.add(child.url)
                added.append(child)
        if children:
            main += [{"title": c.title, "url": c.url} for c in added]
            again = len(children) - len(added)
            plan.report.verbatim("menu-dropdown", f"menu `{n.title}` is a dropdown; "
                                 "academicpages menus have no submenus, so its "
                                 f"{len(added)} entries were put in the top-level menu in "
                                 "its place" + (f" ({again} it has already were not repeated)"
                                                if again else "") + ".", n.origin)
    plan.write("_data/navigation.yml", dump_yaml({"main": main}))
    plan.report.mapped("navigation", f"{len(main)} menu entries written to "
                       "`_data/navigation.yml`.", None)
