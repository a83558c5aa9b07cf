"""tinyfolio writer: the profile IR as a tinyfolio site."""

from __future__ import annotations

from pathlib import PurePosixPath

from sitemigrate import socials
from sitemigrate.ir import Site
from sitemigrate.jekyll.checkout import translate_liquid
from sitemigrate.plan import Plan
from sitemigrate.textio import dump_yaml
from sitemigrate.theme import Options

from . import THEME
from .reader import NAME, PAPERS


def write(site: Site, plan: Plan, options: Options) -> None:
    ident = site.identity
    name = ident.full_name or " ".join(
        p for p in (ident.first_name, ident.middle_name, ident.last_name) if p)
    owner: dict = {"name": name}
    if ident.bio:
        owner["bio"] = ident.bio
    if ident.email:
        owner["mail"] = ident.email
    for social in ident.socials:
        written = socials.write_social(NAME, social)
        if written is None:
            plan.report.lost("social", f"{socials.describe(social)} has no tinyfolio key.",
                             social.origin)
        else:
            owner[written[0]] = written[1]
    config = {"title": ident.site_title or name, "theme_name": NAME, "owner": owner}
    plan.write("_config.yml", dump_yaml(config))
    for page in site.pages:
        out = "index.md" if page.role == "about" else f"pages/{PurePosixPath(page.path).stem}.md"
        front = {"title": page.title or PurePosixPath(page.path).stem}
        if page.permalink and page.role != "about":
            front["permalink"] = page.permalink
        body = translate_liquid(page.body, plan.from_theme, THEME, plan, page.origin)
        plan.write_document(out, front, body)
        if page.origin is not None:
            plan.origins[page.origin.path] = out
    papers = [{"title": pub.title, "authors": list(pub.authors), "venue": pub.venue,
               "year": pub.year} for pub in site.publications]
    if papers:
        plan.write(PAPERS, dump_yaml(papers))
        plan.report.mapped("publications", f"{len(papers)} publications written to `{PAPERS}`.")
