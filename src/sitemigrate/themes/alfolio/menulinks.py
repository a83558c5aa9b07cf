"""al-folio writer: the menu entries that are no page of the site (external links, files of
the site), each as a menu page of its own."""

from __future__ import annotations

from pathlib import PurePosixPath

from ruamel.yaml.comments import CommentedMap

from ...formats.bibtext import slugify
from ...ir import NavItem, Origin, Site
from ...jekyll import checkout
from ...jekyll.assets import AssetCopier
from ...jekyll.site import PAGE_SUFFIXES, front_line
from ...plan import Plan
from . import THEME
from .bibliography import _has_own_page, unlisted


def _write_menu_links(site: Site, plan: Plan, gen: str, copier: AssetCopier) -> None:
    """Menu entries that are no page of the site. An external link becomes a menu page: at
    the URL itself where the generation's header links an external permalink, else one that
    forwards there (by `redirect:` where the generation's layout follows an external one,
    else a bare page of DEST's `none` layout); a file of the site (a CV as a PDF or a saved
    HTML file) is carried and its menu page forwards to it the same way (`redirect:` where
    the layout follows a site path); anything else is reported (al-folio menus list pages
    only)."""
    pages = {p.permalink.rstrip("/") or "/" for p in site.pages}
    home = site.page("about")  # al-folio's header leads with it: an old address of it too
    pages |= {u.rstrip("/") or "/" for u in (home.redirect_from if home else [])}
    if home and home.title and all(n.url != "/" for n in site.navigation):
        plan.report.verbatim("menu-home", f"al-folio's header lists the home page first, under"
                             f" its title `{home.title}`, an entry your menu did not have "
                             "(to label it otherwise, change that page's `title`).",
                             Origin(home.path, front_line(plan, home.path, "title")
                                    or (home.origin.line if home.origin else None)))
    hidden = unlisted(site, plan.from_theme)
    pages |= {p.permalink.rstrip("/") for p in site.publications
              if _has_own_page(p, hidden)} - {""}
    vocab = THEME.vocabulary
    for order, n in enumerate(site.navigation, 1):
        if (n.url.rstrip("/") or "/") in pages or n.url == "/":
            continue
        external = "://" in n.url
        target = n.url if external else _menu_file(n, copier)
        if target:
            slug = slugify(n.title) or str(order)
            out, body = f"_pages/menu-{slug}.md", ""
            front = CommentedMap([("layout", "page"), ("title", n.title),
                                  ("permalink", f"/menu-{slug}/")])
            if external and _header_links_external(plan, gen):  # the header links it
                front["permalink"] = n.url
                how = "a page with an external permalink"
            elif gen in vocab["redirect_menu_generations"] or (
                    not external and gen in vocab["redirect_path_generations"]):  # it forwards
                front["redirect"] = target
                how = "a page that forwards there with al-folio's `redirect:`"
            else:  # `redirect:` would forward home: the page forwards by itself
                out, front["layout"] = f"_pages/menu-{slug}.html", "none"
                body = _forwarding_html(target, n.title, plan)
                how = "a page that forwards there by itself"
            front["nav"], front["nav_order"] = True, order
            if "redirect" in front or front["layout"] == "none":
                front["sitemap"] = False
            plan.write_document(out, front, body)
            plan.report.mapped("menu-entry", f"{'external ' if external else ''}menu entry "
                               f"`{n.title}` ({n.url}) → `{out}` ({how}"
                               + ("" if external else f" to the file at `{target}`") + ").",
                               n.origin)
            continue
        plan.report.verbatim("menu-entry", f"menu entry `{n.title}` ({n.url}) points to no "
                             "page or file sitemigrate read from the site; al-folio "
                             f"{gen} menus list pages only: if the old site served that "
                             "address (a page a plugin made, say), add a page with that "
                             "permalink to keep it in the menu.", n.origin)


def _menu_file(entry: NavItem, copier: AssetCopier) -> str:
    """Where a menu entry to a file of the site (an address with a file's suffix that no
    page has: `/files/cv.pdf`) points in DEST, the file carried (or reported missing); ''
    for any other address. A saved HTML file keeps its address (its own relative links
    may name the files beside it)."""
    url = entry.url
    path = PurePosixPath(url.split("?")[0].split("#")[0])
    if not url.startswith("/") or not path.suffix:
        return ""
    new = copier.carry(url, entry.origin, f"menu entry `{entry.title}`", is_file=True,
                       keep_path=path.suffix.lower() in PAGE_SUFFIXES)
    return new if new.startswith("/") and not new.startswith("//") else ""


def _header_links_external(plan: Plan, gen: str) -> bool:
    """Whether DEST's header links a menu page with an external permalink there: read from
    the checkout's header include, else the generation's default."""
    rule = THEME.vocabulary["external_menu_header"]
    have = checkout.of(plan).includes or set()
    for name in rule["includes"]:
        if name in have:
            try:
                return rule["marker"] in (plan.dest / "_includes" / name).read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                break
    return gen in THEME.vocabulary["external_menu_generations"]


def _forwarding_html(target: str, label: str, plan: Plan) -> str:
    """A page of its own (``layout: none``) that forwards to ``target``, an address elsewhere
    or a site path (the site's base path put in front), for a generation whose default
    layout forwards a `redirect:` page home only."""
    import html
    url = html.escape(target if "://" in target
                      else plan.urls.get("site:baseurl", "") + target)
    return (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8">\n'
            f'<meta http-equiv="refresh" content="0; url={url}">\n'
            f'<link rel="canonical" href="{url}"></head>\n'
            f'<body><a href="{url}">{html.escape(label)}</a></body></html>\n')
