"""Same-theme conversion: the upgrade of an old copy of a template onto a newer checkout.

The writer has planned the site as the target theme writes it. For an upgrade, what the owner
wrote is worth more than the writer's rendering of it: this pass (run before the checkout's
Liquid pass, :func:`sitemigrate.jekyll.checkout.finish_liquid`, which still translates
includes and shims what DEST lacks) goes over the planned files that SRC has at the same path:

* a file of SRC that is a template's own file, unchanged (``sitemigrate.template_files``), is
  left to the new checkout where it has that path (the old template's stock page or script
  never replaces the new one's);
* the owner's own document keeps its front matter and body as written (a layout DEST has,
  book keys, a publications page's working Liquid), with the keys the writer added for the
  new generation merged in; a layout DEST lacks is the writer's, and where DEST lacks the
  writer's too (a newer generation's layout), the whole page is the writer's (DEST's plain
  layout, with the details the lost layout showed); so are the address and menu entry of a
  page of another language of a jekyll-polyglot site (DEST runs no jekyll-polyglot: the
  page is at the address its language's build served it at);
* a page of the old template's example content the owner left as it was (no menu entry, no
  listing of the owner's items) is not carried, and DEST's at its path goes, as in a theme
  switch; a page Jekyll hides behind another at its address is not carried either;
* the owner's own data file (a JSON CV, `_data/*.yml`) is carried as is, where it is in the
  format the new checkout reads (else the writer's translation stays);
* a block tag of a plugin that left the template becomes what the new one reads
  (``upgrade.block_tags`` in the theme's mapping: `{% mermaid %}` -> a fenced block).

What the mapping's ``upgrade:`` lists decides which files; :func:`summary` says per step
between template checkouts what changed, and what the owner should look at.
"""

from __future__ import annotations

import contextlib
import fnmatch
import re
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from . import template_files
from .ir import Origin, Site
from .jekyll.extrakeys import carried_as_written
from .jekyll.liquid import shown_liquid
from .jekyll.scholar import bibliography_uses
from .jekyll.site import menu_place
from .plan import Plan
from .report import common_place
from .textio import read_source
from .upgradebib import BIBLIOGRAPHY_TAG, carry_bibliography, regrouped, ungrouped
from .upgradedata import carry_data, joined_urls, renderable_entries, same_shape
from .upgradelayouts import as_text as _text
from .upgradelayouts import include_names as _include_names
from .upgradelayouts import owner_layout as _owner_layout

if TYPE_CHECKING:
    from .theme import Theme

__all__ = ["is_upgrade", "upgrade"]

_DOCUMENTS = (".md", ".markdown", ".html")


def is_upgrade(site: Site, theme: str, source_theme: str | None) -> bool:
    """True when SRC is a site checkout of the theme it is converted into."""
    return bool(site.source) and Path(site.source).is_dir() and source_theme == theme


def upgrade(plan: Plan, site: Site, theme: Theme) -> None:
    """Carry the owner's files of SRC over the writer's rendering of them (see the module)."""
    from .jekyll.checkout import of
    from .jekyll.languages import other_languages
    spec = {**(theme.vocabulary.get("upgrade") or {}), "theme": theme}
    src, table = Path(site.source), template_files.templates(theme)
    found = of(plan)
    if not found.has_theme:
        return  # a new folder: the writer's rendering is the site (no checkout to fit)
    from .theme import SiteProbe, generation_of
    same = site.generation == generation_of(theme, SiteProbe(plan.dest))
    to = _Target(plan, theme, found.layouts or set(), found.includes or set(),
                 _block_rules(plan, theme, spec), src, other_languages(site),
                 regrouped(plan, src), site.config_extra)
    examples = theme.vocabulary.get("checkout", {}).get("examples", [])
    example_pages = _example_pages(site, examples) - template_files.owned_furniture(plan.report)
    listings = [g for globs in (theme.vocabulary.get("checkout", {}).get("listing_pages")
                                or {}).values() for g in globs]
    hidden = {f.path for f in plan.report.findings if f.code == "shadowed"}  # the reader's:
    left = carried = 0  # a page Jekyll hides behind another at its address is not carried
    as_written: list[str] = []
    held = _held_documents(plan)
    for rel in sorted({*plan.files, *plan.copies}):
        own = held.get(rel, rel)  # the SRC document the planned file holds
        if own == rel and PurePosixPath(rel).suffix in _DOCUMENTS \
                and plan.origins.get(rel, rel) != rel:
            continue  # SRC's file of this name went elsewhere: this one holds another's
        path = src / own
        if not path.is_file() or path.is_symlink():
            continue
        data = read_source(path, own, None, root=src)  # (a folder on its way may lead out)
        if data is None:
            continue
        if own != rel and table.owners(own, data):
            continue  # the old template's own page, moved by the writer: the writer's stays
        if own == rel and table.owners(rel, data):
            if rel in example_pages:  # the old template's example page: not the owner's,
                plan.unwrite(rel)  # and DEST's at that path goes as in a theme switch
                site.pages = [p for p in site.pages if p.path != rel]
                continue
            if any(fnmatch.fnmatchcase(rel, g) for g in examples) \
                    and not _shipped_as_is(rel, data, plan.dest, listings):
                continue  # content: the writer's, as in a theme switch (never DEST's example)
            theirs = plan.dest / rel
            if theirs.is_file() and not theirs.is_symlink():  # the new checkout's own stays
                if rel in plan.files:  # as written (a stock page is no example to clear)
                    plan.write(rel, theirs.read_bytes())
                    left += 1
                elif not plan.written_before(rel):  # (not the copy the last run made)
                    plan.unwrite(rel)
                    left += 1
            continue
        if rel not in plan.files or rel in hidden \
                or PurePosixPath(rel).suffix not in spec.get("carry", []) \
                or any(fnmatch.fnmatchcase(rel, g) for g in spec.get("never", [])):
            continue
        if PurePosixPath(rel).suffix not in _DOCUMENTS and (
                not same or not same_shape(data, plan.files[rel])):
            continue  # data of another generation or format: the writer's translation of it
        said = len(plan.report.findings)
        new = _carry(rel, data, plan.files[rel], to, own)
        if len(plan.report.findings) > said:  # its Liquid, which the writer read too: said once
            seen = {f.id for f in plan.report.findings[:said] if f.path == rel}
            plan.report.findings[said:] = [f for f in plan.report.findings[said:]
                                           if f.id not in seen]
        if new is not None and new != plan.files[rel]:
            plan.write(rel, new)
            carried += 1
            as_written.append(rel)  # (what its layout shows: said once the layouts are carried)
            # the writer's listing swap (and what it said it could not carry) is not what
            # the page now holds: its own listing, as written; nor did its old theme's layout
            # switches (`author_profile`) go: they are in it as written
            plan.report.findings[:] = [f for f in plan.report.findings if not (
                f.path == rel and f.code in {*_WRITERS_LISTING, "theme-switch"})]
            if PurePosixPath(rel).suffix not in _DOCUMENTS:
                # a data file of the same shape, carried whole: what the writer said its
                # translation could not hold (a custom social entry) is in it as written
                plan.report.findings[:] = [f for f in plan.report.findings if not (
                    f.path == rel and f.outcome == "lost")]
    if same:
        carried += carry_data(plan, src, spec)
    renderable_entries(plan, theme, spec)
    joined_urls(plan, site, spec)
    carried += carry_bibliography(plan, src, spec, site)
    _carry_unpublished(plan, src)
    left += _keep_kept_assets(plan, src, spec, examples)
    if left:
        plan.report.mapped("upgrade-template-file", f"{left} file(s) of SRC are the old "
                           "template's own, unchanged: the new checkout's are kept.", None)
    if carried:
        plan.report.verbatim("upgrade-carried", f"{carried} file(s) you wrote or changed are "
                             "carried as you wrote them (with the front-matter keys the new "
                             "template reads added).", None)
    from .jekyll import mathdelims
    mathdelims.check(plan, site, mathdelims.src_code(src))
    summary(plan, site, theme)
    for rel in as_written:  # an owner's layout the summary carried shows the key still
        carried_as_written(plan, rel, lambda layout: layout in plan.files)
    from .jekyll.ownlayouts import report_replaced_layouts
    report_replaced_layouts(plan, site)  # the owner's copy of a layout DEST has its own of


_WRITERS_LISTING = frozenset({"listing", "listing-section", "listing-own-liquid", "listing-once"})
"""What the writer says of a page's listing it swapped (:mod:`.jekyll.listings`)."""


def _carry_unpublished(plan: Plan, src: Path) -> None:
    """A page or item of SRC whose front matter says `published: false`, or a file of
    `_posts` not named as a post (a date first, a suffix last: left out by the reader, as
    Jekyll leaves it out of the live site), is the owner's draft: an upgrade carries the
    file as written, so it stays in the repository, unpublished as before."""
    from .jekyll.urls import undated_post
    from .textio import read_document, read_source
    drafts, kept = [], []
    for finding in plan.report.findings:
        rel = finding.path or ""
        doc = read_document(src / rel, rel, None, root=src) \
            if finding.code == "unpublished" and rel and rel not in plan.files else None
        data = read_source(src / rel, rel, None, root=src) \
            if doc is not None and (doc.data.get("published") is False or undated_post(rel)) \
            else None
        if data is not None:
            plan.write(rel, data)
            drafts.append(rel)
        else:
            kept.append(finding)
    if drafts:
        plan.report.findings[:] = kept
        plan.report.verbatim("upgrade-unpublished", f"{len(drafts)} file(s) Jekyll does "
                             "not publish (`published: false`, or in `_posts` without a "
                             "post's name: a date first, a suffix last) carried as you wrote "
                             "them; the new site does not publish them either: " + ", ".join(
                                 f"`{r}`" for r in drafts[:5])
                             + (" ..." if len(drafts) > 5 else "") + ".", drafts[0])


def _example_pages(site: Site, examples: list[str]) -> set[str]:
    """SRC's pages under the template's example globs that show nothing of the owner's: no
    home page, no listing of a kind of item the owner has, none the menu shows. Where such a
    page is the old template's own file, unchanged, it is the template's example content
    (a Markdown guide, a bookshelf of the example books): it is not carried, and
    :func:`~sitemigrate.jekyll.checkout.clear_examples` treats DEST's file at its path as in
    a theme switch."""
    from .jekyll.checkout import owner_has
    owned = {kind for kind, has in owner_has(site).items() if has} | {"about"}
    menu = {n.url for n in template_files.walk_menu(site.navigation)}
    return {p.path for p in site.pages
            if any(fnmatch.fnmatchcase(p.path, g) for g in examples) and p.role not in owned
            and not p.nav and p.permalink not in menu}


def _shipped_as_is(rel: str, data: bytes, dest: Path, listings: list[str]) -> bool:
    """Whether SRC's ``rel``, a template's stock listing page (``checkout.listing_pages``:
    a blog page over the owner's posts), is DEST's file at that path as it is (both
    templates ship it unchanged): the new checkout's page then shows the owner's items as
    the old one did, where the writer's listing would show less (no post descriptions)."""
    theirs = dest / rel
    if not any(fnmatch.fnmatchcase(rel, g) for g in listings) or not theirs.is_file() \
            or theirs.is_symlink():
        return False
    return theirs.read_bytes().replace(b"\r\n", b"\n") == data.replace(b"\r\n", b"\n")


def _keep_kept_assets(plan: Plan, src: Path, spec: dict[str, Any], globs: list[str]) -> int:
    """A file of the template's example content (``globs``) that is no document or data (a
    picture, a PDF) and that SRC kept as the template shipped it: the new checkout's stays at
    that path (the owner's pages show it there), instead of going with the example content."""
    table, count = template_files.templates(spec["theme"]), 0
    for pattern in globs:
        for path in sorted(plan.dest.glob(pattern)):
            rel = path.relative_to(plan.dest).as_posix()
            mine = src / rel
            if not path.is_file() or path.is_symlink() or rel in plan.files \
                    or rel in plan.copies or path.suffix in spec.get("carry", []) \
                    or not mine.is_file() \
                    or not table.owners(rel, read_source(mine, rel, None, root=src) or b""):
                continue
            plan.write(rel, path.read_bytes())
            count += 1
    return count


@dataclass
class _Target:
    """What the carried files are fitted to: DEST's checkout."""

    plan: Plan
    theme: Theme
    layouts: set[str]
    includes: set[str]
    rules: list[dict]
    src: Path
    moved: frozenset[str] = frozenset()
    """Pages whose address and menu entry and place are the writer's: another language's, at the
    address its build served it at (:mod:`.jekyll.languages`), not the owner's `permalink`."""
    ungroup: bool = False
    """DEST's jekyll-scholar groups a `{% bibliography %}` (`scholar.group_by`) where SRC's
    did not: a carried page's tags say `--group_by none`, as they rendered before."""
    config: Any = None
    """SRC's `_config.yml`: a page of a jekyll-polyglot site is carried as its language's
    build rendered it (:func:`.jekyll.languages.as_built`)."""
    _page_keys: frozenset[str] | None = None
    _quoted: frozenset[str] | None = None

    def quoted(self) -> frozenset[str]:
        """The page keys DEST prints inside `"..."` (:func:`.jekyll.prepends.quoted_page_keys`)."""
        if self._quoted is None:
            from .jekyll.prepends import quoted_page_keys
            self._quoted = quoted_page_keys(self.plan.dest)
        return self._quoted

    def reads_page_key(self, key: str) -> bool:
        """Whether a layout or include of SRC reads the front-matter key ``key`` of the page
        it renders (`page.KEY`) where a visitor sees it (not in an HTML comment); True where
        SRC has no layouts of its own (nothing to tell)."""
        if self._page_keys is None:
            found: set[str] = set()
            for folder in ("_layouts", "_includes"):
                for path in sorted((self.src / folder).rglob("*")) \
                        if (self.src / folder).is_dir() else []:
                    if path.is_file() and not path.is_symlink() \
                            and path.suffix in (".html", ".liquid"):
                        data = read_source(path, path.relative_to(self.src).as_posix(), None,
                                           root=self.src)  # (unreadable, or out: nothing)
                        found |= {a or b for a, b in _PAGE_KEY.findall(
                            shown_liquid(_text(data or b"", "replace")))}
            self._page_keys = frozenset(found) if (self.src / "_layouts").is_dir() \
                else frozenset({"*"})
        return "*" in self._page_keys or key in self._page_keys


def _held_documents(plan: Plan) -> dict[str, str]:
    """DEST path -> the SRC document the writer wrote there, where that is another path than
    its own (the about page `_pages/home.md` written as the new template's `_pages/about.md`,
    while SRC's own `_pages/about.md`, another page, went beside it under another name): what
    is carried onto a planned file is the document it holds, not SRC's file of its name."""
    by_out: dict[str, list[str]] = {}
    for source, out in plan.origins.items():
        if PurePosixPath(source).suffix in _DOCUMENTS:
            by_out.setdefault(out, []).append(source)
    return {out: docs[0] for out, docs in by_out.items() if len(docs) == 1 and docs[0] != out}


def _carry(rel: str, data: bytes, written: bytes, to: _Target,
           own: str | None = None) -> bytes | None:
    """SRC's ``rel`` as it goes into the upgraded site (None: the writer's stays); ``own``:
    SRC's path of it, where the writer put it at another path (:func:`_held_documents`)."""
    own = own or rel
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if PurePosixPath(rel).suffix not in _DOCUMENTS:
        return data
    from .textio import SourceText, split_document
    crlf = "\r\n" in text
    text = text.replace("\r\n", "\n")
    ours = split_document(SourceText(text), own, None)
    theirs = split_document(SourceText(written.decode("utf-8", "replace")), rel, None)
    if not ours.has_front_matter:
        return None  # a page without front matter: the writer's (Jekyll would not render it)
    front, body = ours.data, ours.body
    named = _named_files(front)
    if any(_gone(to, rel, name) for name in named):
        return None  # names a file of the template's example content, which goes
    for name in named:  # the owner's file it names (a profile's text) comes along
        near = (PurePosixPath(rel).parent / name).as_posix()
        if (to.src / near).is_file() and near not in to.plan.files:
            to.plan.copy(near, to.src / near)
    added = _merge(front, theirs.data) | menu_place(front, theirs.data)  # its old place
    if "permalink" in front and front["permalink"] is None and theirs.data.get("permalink"):
        # `permalink:` left empty is no address: Jekyll gave the page its collection's
        # pattern of the OLD config (or its default), which the writer wrote out; the new
        # config's pattern would move it
        front["permalink"] = theirs.data["permalink"]
        added = True
    for key in [k for k, v in theirs.data.items() if k in front and front[k] != v
                and isinstance(v, (dict, bool)) and isinstance(front[k], (dict, bool))
                and not to.reads_page_key(k)]:
        front[key] = theirs.data[key]  # a switch SRC's layouts never read (they read the
        added = True  # site's): what the page showed is the writer's reading of it
    for key in ("permalink", "nav", "nav_order") if rel in to.moved else ():
        if front.get(key) != theirs.data.get(key):
            front[key] = theirs.data.get(key)
            added = True
            if front[key] is None:
                del front[key]
    layout = front.get("layout")
    lists = {u.template for u in bibliography_uses([(rel, body, "")], {})}  # `--template`
    for name in sorted({layout if isinstance(layout, str) else "", *lists} - {"", *to.layouts}):
        _owner_layout(to, name, rel)  # its layout, and the one each of its lists names
    if isinstance(layout, str) and layout not in to.layouts and "layout" in theirs.data:
        if theirs.data["layout"] not in to.layouts:
            # neither layout is DEST's (a 2026 course page into a 2025 checkout): the
            # writer's page falls back to DEST's plain layout with a line of the details
            # that layout does not show, which the owner's text has no place for
            return None
        front["layout"] = theirs.data["layout"]  # DEST has no such layout
        added = True
    from .jekyll.layouts import source_chain
    from .jekyll.ownlayouts import text_layout
    from .jekyll.prepends import quote_safe, refit
    chain = source_chain(to.src, own)
    if plain := text_layout(to.plan, rel, front, body, chain,
                            to.theme.vocabulary["checkout"]["page_layout"]):
        front["layout"] = plain  # DEST's layout of that name shows no page text
        added = True
    added = refit(to.plan, rel, front, theirs.data, ours, chain) or added
    added = quote_safe(to.plan, rel, front, to.quoted(), ours) or added
    from .jekyll.languages import as_built
    body = as_built(body, rel, front.get("lang"), to.config)
    body, switches = _block_tags(body, to.rules)
    if to.ungroup:
        body = BIBLIOGRAPHY_TAG.sub(ungrouped, body)
    body = _include_names(body, to.includes)
    body = _card_containers(body, to, rel)
    from .jekyll.checkout import translate_liquid  # a tag DEST does not run stays visible
    body = translate_liquid(body, to.theme, to.theme, to.plan, Origin(rel, 1, ours.body_line))
    for key, value in switches.items():
        if key not in front:
            front[key] = value
            added = True
    if added:
        from .textio import yaml_rt_dump
        fm = yaml_rt_dump(front) if front else ""
    else:
        fm = ours.fm_text + ("\n" if ours.fm_text and not ours.fm_text.endswith("\n") else "")
    out = f"---\n{fm}---\n{body}"
    return (out.replace("\n", "\r\n") if crlf else out).encode("utf-8")


def _named_files(value: Any) -> list[str]:
    """Document file names among a front matter's values (`content: about_x.md`)."""
    if isinstance(value, str):
        return [value] if PurePosixPath(value).suffix in _DOCUMENTS and "/" not in value else []
    if isinstance(value, dict):
        return [n for v in value.values() for n in _named_files(v)]
    if isinstance(value, list):
        return [n for v in value for n in _named_files(v)]
    return []


def _gone(to: _Target, rel: str, name: str) -> bool:
    """True when the file ``name`` beside ``rel`` is a template's own file in SRC (example
    content, not carried) and the writer planned none."""
    near = PurePosixPath(rel).parent / name
    mine = to.src / near
    return (near.as_posix() not in to.plan.files and mine.is_file()
            and bool(template_files.templates(to.theme).owners(near.as_posix(), read_source(
                mine, near.as_posix(), None, root=to.src) or b"")))


def _merge(ours: Any, theirs: Any) -> bool:
    """Add to ``ours`` (the owner's front matter) the keys ``theirs`` (the writer's) has and
    it lacks, in nested mappings too; the owner's values win. True when anything was added."""
    added = False
    for key, value in theirs.items():
        if key not in ours:
            ours[key] = value
            added = True
        elif isinstance(ours[key], dict) and isinstance(value, dict):
            added = _merge(ours[key], value) or added
    return added


_BLOCK = r"\{%-?\s*TAG\s*-?%\}\n?(.*?)\{%-?\s*endTAG\s*-?%\}"
_PAGE_KEY = re.compile(r"\bpage\s*(?:\.\s*([\w-]+)|\[\s*['\"]([\w-]+)['\"]\s*\])")


def _card_containers(body: str, to: _Target, rel: str) -> str:
    """An old generation's card grid around a loop of DEST's card include
    (``upgrade.containers`` in the theme's mapping: al-folio 2020-23's masonry
    `<div class="grid">`, which lays out `.grid-item` cards) as DEST's container where that
    include marks its cards otherwise (2024+: `.col`): masonry would give the old grid no
    height and the cards would lie over each other and over what follows."""
    for rule in (to.theme.vocabulary.get("upgrade") or {}).get("containers") or []:
        if rule["old"] not in body:
            continue
        card = to.plan.dest / "_includes" / rule["include"]
        with contextlib.suppress(OSError):
            text = card.read_text("utf-8", "replace") if card.is_file() \
                and not card.is_symlink() else rule["marks"]
            if rule["marks"] in text:
                continue
            loop = r"(?:\s|\{%-?\s*(?:for|assign)\b[^%]*-?%\})*"  # to the loop's card
            pattern = re.compile(re.escape(rule["old"]) + rf"(?={loop}\{{%-?\s*include\s+"
                                 + re.escape(rule["include"]) + ")")
            body, n = pattern.subn(rule["new"], body)
            if n:
                to.plan.report.mapped("upgrade-container", f"{n} card grid(s) of the old "
                                      f"template (`{rule['old']}`) written as the new one's "
                                      f"(`{rule['new']}`), which lays out its cards.",
                                      Origin(rel, 1))
    return body


def _block_rules(plan: Plan, theme: Theme, spec: dict[str, Any]) -> list[dict]:
    """The ``block_tags`` rules for DEST: a tag its build does not run, whose replacement
    switch its includes read."""
    from .jekyll.checkout import runnable_tags
    rules = [r for r in spec.get("block_tags") or [] if r["tag"] not in runnable_tags(plan, theme)]
    if not rules:
        return []
    texts = [p.read_text("utf-8", "replace") for p in (plan.dest / "_includes").rglob("*")
             if p.is_file()] if (plan.dest / "_includes").is_dir() else []
    return [r for r in rules if any(r["reads"] in t for t in texts)]


def _block_tags(body: str, rules: list[dict]) -> tuple[str, dict]:
    """``{% TAG %}…{% endTAG %}`` of a plugin the new template lacks, as a fenced block,
    and the front-matter switch that makes the new template render it."""
    switches: dict[str, Any] = {}
    for rule in rules:
        pattern = re.compile(_BLOCK.replace("TAG", re.escape(rule["tag"])), re.S)
        if not pattern.search(body):
            continue
        fence = str(rule["fence"])

        def fenced(m: re.Match[str], fence: str = fence) -> str:
            return f"```{fence}\n{m.group(1).rstrip()}\n```"
        body = pattern.sub(fenced, body)
        switches.update(rule.get("front_matter") or {})
    return body, switches


def summary(plan: Plan, site: Site, theme: Theme) -> None:
    """What changed between the template checkout SRC was made from and DEST's, step by
    step (from the table of template files), in the report."""
    table = template_files.templates(theme)
    old, new = table.closest(Path(site.source)), table.closest(plan.dest)
    names = [c["name"] for c in table.checkouts]
    if old is None or new is None or names.index(old) > names.index(new):
        return
    folders = (theme.vocabulary.get("upgrade") or {}).get("steps", [])
    carried = _carry_own_code(plan, Path(site.source), table, (old, new), folders)
    steps = names[names.index(old):names.index(new) + 1]  # one (no step) when SRC is DEST's:
    for a, b in pairwise(steps):  # the owner's code below is still theirs to carry or be told
        before, after = table.paths(a), table.paths(b)
        lines = []
        for folder in folders:
            gone = sorted(r for r in before if r.startswith(folder + "/") and r not in after)
            came = sorted(r for r in after if r.startswith(folder + "/") and r not in before)
            changed = sum(1 for r in before if r.startswith(folder + "/") and r in after
                          and before[r] != after[r])
            renamed = [r for r in gone if PurePosixPath(r).with_suffix(".liquid").as_posix()
                       in came]
            parts = [f"{len(renamed)} renamed .html -> .liquid"] if renamed else []
            parts += [f"{len(gone) - len(renamed)} removed"] if len(gone) > len(renamed) else []
            parts += [f"{len(came) - len(renamed)} added"] if len(came) > len(renamed) else []
            parts += [f"{changed} changed"] if changed else []
            if parts:
                lines.append(f"`{folder}/`: {', '.join(parts)}")
        plan.report.mapped("upgrade-step", f"{a} -> {b}: " + ("; ".join(lines) or
                                                              "no change to the theme's code")
                           + ".", None)
    from .jekyll.alongside import copied_along  # (what a page includes: copied along)
    along = copied_along(plan)
    owners = [r for r in _owner_code(Path(site.source), table, folders)
              if r not in plan.files and r not in plan.copies  # (a script a page runs:
              and r not in carried  # copied as the site's file; an own layout: said where it is)
              and r not in along]
    unused = _included_nowhere(Path(site.source), owners)
    if unused:
        owners = [r for r in owners if r not in unused]
        plan.report.mapped("upgrade-unused-include", f"{len(unused)} file(s) of `_includes/` "
                           f"in SRC are no template's ({', '.join(unused[:5])}"
                           f"{', ...' if len(unused) > 5 else ''}), but no layout, include or "
                           "page of SRC includes them: they showed nowhere on your site, so "
                           "nothing of them is missing (copy them if you mean to use them).",
                           common_place(unused))
    if owners:
        known = {r for c in table.checkouts for r in table.paths(c["name"])}
        edited, own = [r for r in owners if r in known], [r for r in owners if r not in known]
        from .sass_values import carry_values  # the owner's values of the theme's variables
        done = carry_values(plan, Path(site.source), table, edited)
        edited = [r for r in edited if r not in done]
        from .own_includes import carry, carry_run
        placed = carry(plan, Path(site.source), edited, own) | carry_run(
            plan, Path(site.source), sorted(carried), own)
        edited, own = [r for r in edited if r not in placed], [r for r in own if r not in placed]
        owners = [*edited, *own]
    if owners:
        parts = [f"your changes to the template's {_listed(edited)} (the new checkout's "
                 "versions are kept)"] if edited else []
        parts += [f"files of your own, which no template has, {_listed(own)} (not carried: "
                  "copy them with what runs them)"] if own else []
        plan.report.verbatim("upgrade-look-at", f"{len(owners)} file(s) of the theme's code "
                             f"in SRC are not any template's: {'; '.join(parts)}. Carry what "
                             "you need by hand.", common_place(owners))


def _listed(rels: list[str]) -> str:
    return ", ".join(rels[:5]) + (", ..." if len(rels) > 5 else "")


def _carry_own_code(plan: Plan, src: Path, table: Any, checkouts: tuple[str, str],
                    folders: list[str]) -> set[str]:
    """The owner's changes to files of the theme's code that the new template has as the
    old one had them (an analytics snippet in `analytics-providers/custom.html`, a footer
    link): nothing upstream changed there, so the owner's version is the merge of the two,
    as git would make it; carried where DEST's checkout still has that file untouched.
    Returns those files (DEST's already the owner's version too)."""
    before, after = (table.paths(name) for name in checkouts)
    done: set[str] = set()
    for rel in _owner_code(src, table, folders):
        if rel in plan.files or not before.get(rel) or before.get(rel) != after.get(rel):
            continue
        ours, theirs = read_source(src / rel, rel, None, src), plan.dest / rel
        try:
            dest = theirs.read_bytes() if theirs.is_file() and not theirs.is_symlink() else None
        except OSError:
            dest = None
        if ours is None or dest is None:
            continue
        if template_files.digest(dest) == after[rel]:
            plan.write(rel, ours)
        elif dest != ours:
            continue  # DEST's own change: left as it is
        done.add(rel)
    if done:
        names = sorted(done)
        plan.report.mapped("upgrade-own-code", f"{len(names)} file(s) of the theme's code you "
                           f"changed ({', '.join(names[:5])}{', ...' if len(names) > 5 else ''}"
                           "), which the new template has as the old one had them: carried "
                           "as you changed them.", common_place(names))
    return done


def _owner_code(src: Path, table: Any, folders: list[str]) -> list[str]:
    """Files under the theme's code folders of SRC that no template checkout has as is."""
    out = []
    for folder in folders:
        base = src / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(src).as_posix()
            data = read_source(path, rel, None, root=src) if path.is_file() else None
            if data is not None and not table.owners(rel, data):
                out.append(rel)
    return out


#: what Jekyll may render Liquid in (pages, layouts, includes, documents, assets with front
#: matter); an include tag elsewhere only makes an include count as used
_LIQUID_SUFFIXES = frozenset({".html", ".htm", ".md", ".markdown", ".liquid", ".xml", ".txt",
                              ".json", ".js", ".css", ".scss", ".sass", ".rmd", ".Rmd"})
_NOT_BUILT = frozenset({".git", "_site", "node_modules", ".jekyll-cache", ".sass-cache"})


def _included_nowhere(src: Path, owners: list[str]) -> list[str]:
    """The owner's files under `_includes/` that no ``{% include %}`` of SRC names: Jekyll
    renders an include only where a tag names it (`_includes/` + the name, a leading `/`
    ignored), so such a file showed nowhere. A name built with ``{{ }}`` names every file
    its fixed parts fit; a tag inside ``{% comment %}`` renders nothing."""
    from .jekyll.liquid import include_name, tokenize
    from .jekyll.site import iter_files
    wanted = [r for r in owners if r.startswith("_includes/")]
    if not wanted:
        return []
    fits: list[re.Pattern[str]] = []
    for top in sorted(src.iterdir()) if src.is_dir() else []:
        if top.name in _NOT_BUILT or top.is_symlink():
            continue
        found = iter_files(top, src, _LIQUID_SUFFIXES) if top.is_dir() else \
            [(top, top.name)] if top.suffix in _LIQUID_SUFFIXES else []
        for path, rel in found:
            data = read_source(path, rel, None, src)  # (what cannot be read is told elsewhere)
            if data is None or b"include" not in data:
                continue
            text = data.decode("utf-8", "replace")
            for tok in tokenize(text):
                if tok.kind != "tag" or tok.name not in ("include", "include_cached"):
                    continue  # (include_relative reads beside the file, not `_includes/`)
                name = include_name(replace(tok, name="include"))
                if name:
                    parts = re.split(r"\{\{.*?\}\}", name.lstrip("/"), flags=re.S)
                    fits.append(re.compile(".*".join(map(re.escape, parts)), re.S))
    return [r for r in wanted
            if not any(f.fullmatch(r.removeprefix("_includes/")) for f in fits)]
