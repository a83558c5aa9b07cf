"""What DEST's template checkout has, and the passes that make the written site build there.

A user clones the target template and converts into it. The converted files must then build
with *that* checkout: every ``{% include %}`` must resolve in its ``_includes/``, every
``layout:`` must be one of its ``_layouts/``, every tag must be one its plugins register, and
nothing of the template's example person may stay. This module reads the checkout instead
of assuming a generation (:func:`probe`), and runs two passes over a finished :class:`Plan`:

* :func:`finish_liquid`: includes used by any written file (pages, posts, every collection,
  and transitively the includes copied along) are copied from SRC, translated, or get a
  placeholder; layouts DEST lacks fall back to the theme's plain page layout; SRC's data
  files that written files read (`site.data.NAME`) are copied along.
* :func:`clear_examples`: on a first conversion into a pristine checkout, the template's
  example content (``checkout:`` in the theme's mapping: its content folders, example data,
  listing pages of collections the owner does not have) is removed, one report line a kind.

A new, empty DEST has no checkout: the theme's mapping (its stock includes and tags) stands
in for it, and nothing is removed.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ..ir import Origin, Site
from ..lazyre import lazy_pattern
from ..mapdata import load_mapping
from ..plan import MANIFEST, Plan, UnsafePath, safe_rel
from ..template_files import templates
from ..textio import dump_yaml, read_source, within
from ..theme import SiteProbe, detect
from .citations import cite_scope, cited_keys, finish_references, uncited
from .liquid import (
    CORE_TAGS,
    Token,
    include_name,
    include_params,
    is_html_file,
    liquid_vocabulary,
    markdown_links_as_html,
    raw_literal,
    read_construct,
    reads_for,
    replace_tokens,
    tokenize,
    translate_reads,
    write_construct,
)
from .mathdelims import drop_math_block, math_blocks_for_mathjax
from .named import carry_bibliographies, config_of, resolved_include

if TYPE_CHECKING:
    from ..theme import Theme

__all__ = [
    "Checkout",
    "clear_examples",
    "finish_liquid",
    "furniture_forwards",
    "is_fresh_template",
    "layout_text",
    "of",
    "owner_has",
    "probe",
    "runnable_tags",
    "translate_liquid",
]

#: Files whose Liquid Jekyll renders (front matter or not, an include is rendered).
LIQUID_SUFFIXES = {".md", ".markdown", ".html", ".htm", ".liquid", ".xml", ".txt", ".json"}
_LAYOUT_LINE = lazy_pattern(r"^(layout:[ \t]*)(['\"]?)([\w./-]+)\2[ \t]*$", re.M)
_SPACED_URL = lazy_pattern(r'\b(href|src)="[ \t]*([^"]*?)[ \t]*"')
_REGISTER = lazy_pattern(r"register_tag\s*\(?\s*['\"](\w+)['\"]")
_GEM = lazy_pattern(r"^\s*gem\s+['\"]([\w.-]+)['\"]", re.M)


@dataclass
class Checkout:
    """What a DEST folder holds of a Jekyll theme."""

    root: Path
    includes: set[str] | None = None
    """`_includes/` paths (``cv/list.liquid``); None when DEST has no `_includes/`."""
    layouts: set[str] | None = None
    """Layout names (file stems of `_layouts/`); None when DEST has none."""
    plugins: set[str] = field(default_factory=set)
    """Gems the site loads (`plugins:`/`gems:` of its config, its Gemfile's plugin group)."""
    registered: set[str] = field(default_factory=set)
    """Tags its `_plugins/*.rb` register."""
    fresh: bool = False
    """DEST is a checkout sitemigrate has not written into yet (no manifest)."""
    theme: str | None = None
    """The theme DEST is a checkout of (detected), if any."""

    @property
    def has_theme(self) -> bool:
        return self.layouts is not None


def probe(dest: Path, themes: Iterable[Theme] = ()) -> Checkout:
    """Read what DEST's checkout has (cheap: folder listings and two small files)."""
    out = Checkout(dest)
    if not dest.is_dir():
        return out
    ours = _last_written(dest)  # what an earlier run wrote is not the template's
    layouts = dest / "_layouts"
    if layouts.is_dir() and not layouts.is_symlink():
        found = {p.stem for p in layouts.iterdir()
                 if p.is_file() and f"_layouts/{p.name}" not in ours}
        out.layouts = found or None
    includes = dest / "_includes"
    if out.layouts is not None and includes.is_dir() and not includes.is_symlink():
        names: set[str] = set()
        for here, _dirs, files in os.walk(includes):
            rel = os.path.relpath(here, includes)
            for name in files:
                names.add(name if rel == "." else f"{rel}/{name}".replace(os.sep, "/"))
        out.includes = {n for n in names if f"_includes/{n}" not in ours}
    plugins_dir = dest / "_plugins"
    if plugins_dir.is_dir() and not plugins_dir.is_symlink():
        for rb in plugins_dir.glob("*.rb"):
            try:
                out.registered.update(_REGISTER().findall(rb.read_text("utf-8", "replace")))
            except OSError:
                continue
    config = SiteProbe(dest).config()
    for key in ("plugins", "gems"):
        value = config.get(key)
        if isinstance(value, list):
            out.plugins.update(str(v) for v in value)
    gemfile = dest / "Gemfile"
    if gemfile.is_file():
        text = gemfile.read_text("utf-8", "replace")
        group = re.search(r"group\s+:jekyll_plugins\s+do(.*?)^\s*end", text, re.S | re.M)
        if group:
            out.plugins.update(_GEM().findall(group.group(1)))
    out.fresh = not (dest / MANIFEST).is_file()
    if (dest / "_config.yml").is_file():
        scores = detect(dest, themes)  # which of ``themes`` DEST's template is
        out.theme = scores[0].theme if scores and scores[0].confident else None
    return out


def of(plan: Plan) -> Checkout:
    """What ``plan``'s DEST holds (probed once per plan)."""
    return _checkout(plan)


def is_fresh_template(plan: Plan, target: Theme) -> bool:
    """DEST is a checkout of ``target`` that sitemigrate has not written into yet."""
    found = _checkout(plan)
    return found.fresh and found.theme == target.name


def furniture_forwards(plan: Plan, site: Site, target: Theme) -> bool:
    """Whether SRC's furniture pages (a 404 page, a Markdown guide: role ``furniture``) are
    left to the target's own, their addresses forwarded: in a theme switch, and in an
    upgrade into a checkout of the template, which has its own; not in a conversion of a
    site into a new folder of its own theme, where nothing else would serve them."""
    return site.theme != target.name or _checkout(plan).has_theme


def replaceable(plan: Plan, rel: str, target: Theme) -> bool:
    """Whether a writer may put its own ``rel`` in DEST: there is none, or the one there is
    the fresh ``target`` template's example or the last run's output, not the owner's. (A
    choice made on whether the file exists would flip on the next run, which finds it.)"""
    return (not (plan.dest / rel).is_file() or is_fresh_template(plan, target)
            or plan.written_before(rel))


def _last_written(dest: Path) -> set[str]:
    import json
    try:
        data = json.loads((dest / MANIFEST).read_text("utf-8"))
        return set(data.get("files", {}))
    except (OSError, ValueError, AttributeError):
        return set()


def _checkout(plan: Plan) -> Checkout:
    if plan.checkout is None:
        plan.checkout = probe(plan.dest, plan.themes)
    return plan.checkout


def layout_text(plan: Plan, name: str) -> str | None:
    """The text of DEST's own layout ``name`` (``_layouts/<name>.*``), None without one."""
    found = _checkout(plan)
    if not found.layouts or name not in found.layouts:
        return None
    for path in sorted((plan.dest / "_layouts").glob(f"{name}.*")):
        try:
            return path.read_text("utf-8", "replace")
        except OSError:
            return None
    return None


def runnable_tags(plan: Plan, target: Theme) -> set[str]:
    """The Liquid tags a build of DEST runs: core Liquid and Jekyll, the tags of the plugins
    DEST loads (``plugin_tags`` in ``mappings/jekyll.yml``) and those its ``_plugins/``
    register; without a checkout, the target theme's stock ``tags``."""
    found = _checkout(plan)
    if not found.has_theme:
        return set(CORE_TAGS) | set(target.vocabulary.get("tags", []))
    by_plugin = load_mapping("jekyll")["plugin_tags"]
    tags = set(CORE_TAGS) | found.registered
    for plugin in found.plugins:
        tags.update(by_plugin.get(plugin, []))
    return tags


def translate_liquid(body: str, source_theme: Theme | None, target: Theme, plan: Plan,
                     origin: Origin | None, layout_lists: bool = False) -> str:
    """Translate the Liquid tags of ``body`` for ``target``, token by token, changing no other
    byte: a tag the source theme's ``liquid.reads`` read into a construct the target's
    ``liquid.writes`` can render becomes that rendering (an empty one drops the tag); a tag
    the target cannot run (not core Liquid/Jekyll, not in its ``tags``) and nothing
    translates is kept visible inside ``{% raw %}``. Each change is reported with its line.
    Citations link the references written on the page (``layout_lists``: its layout lists
    every cited entry at its end; :mod:`.citations`)."""
    body = translate_reads(body, source_theme, target, plan, origin)
    if "{%" not in body:
        return body
    # a theme's own Liquid is its own: only another theme's is read into constructs
    reads = liquid_vocabulary(source_theme).get("reads", []) if source_theme is not target else []
    writes = liquid_vocabulary(target).get("writes") or {}
    runs = runnable_tags(plan, target)
    line0 = (origin.body_line or origin.line or 1) if origin else 1
    where = origin.path if origin else None
    cited = cited_keys(body, reads) if "references" in writes else []
    listed = False
    opened: dict[str, int] = {}  # the unknown block tags said at their opening tag, open

    def fn(tok: Token) -> str | None:
        if tok.kind != "tag" or not tok.name:
            return None
        for read in reads_for(reads, tok):
            if read.get("construct") not in writes:
                continue  # the target cannot show this construct
            import jinja2  # only when a tag is translated: most bodies have none
            try:
                construct, args = read_construct(read, tok)
                new = write_construct(writes[construct], args, plan, cite_scope(plan, cited))
                if is_html_file(where):  # no Markdown converter runs on the file
                    new = markdown_links_as_html(new)
            except jinja2.UndefinedError:
                continue  # the tag has a shape the read cannot take (a variable parameter)
            line = line0 + tok.line - 1 if where else None
            plan.report.add("liquid", "info", "mapped", f"`{tok.text.strip()}` → "
                            f"`{new.strip() or '(nothing)'}` for {target.name}.", where, line)
            if construct in ("cite", "reference"):
                uncited(tok.text.strip(), args, plan, where, line,
                        bool(cited) or construct == "reference")
            nonlocal listed
            listed = listed or construct == "references"
            return new
        name = tok.name.removeprefix("end") if tok.name not in runs else tok.name
        if name in runs:
            return None
        if drop_math_block(plan, name, tok.text.strip(), target.name,
                           Origin(where, line0 + tok.line - 1) if where else None):
            return ""
        if tok.name == f"end{name}" and opened.get(name):  # its block's end: said with it
            opened[name] -= 1
            return "" if tok.in_html_comment else raw_literal(tok.text)
        opened[name] = opened.get(name, 0) + 1
        if tok.in_html_comment:  # Jekyll runs it, the comment hides what it writes
            plan.report.lost("liquid-unknown-tag", f"`{tok.text.strip()}` inside an HTML "
                             f"comment (it shows nothing): {target.name} has no `{name}` tag, "
                             "so it was left out.", where, line0 + tok.line - 1 if where else None)
            return ""
        plan.report.verbatim("liquid-unknown-tag", f"`{tok.text.strip()}`: {target.name} has no "
                             f"`{name}` tag; kept as text inside {{% raw %}} so the site "
                             "builds. Replace it by hand or add the plugin that provides it.",
                             where, line0 + tok.line - 1 if where else None)
        return raw_literal(tok.text)

    body = math_blocks_for_mathjax(body, plan, runs, is_html_file(where))
    body = replace_tokens(body, fn)
    return finish_references(body, cited, listed, layout_lists, plan)


# -- includes and layouts -------------------------------------------------------------------

def _suffix(rel: str) -> str:
    """``PurePosixPath(rel).suffix`` without building a path (a plan holds thousands)."""
    name = rel.rsplit("/", 1)[-1]
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def _text_files(plan: Plan) -> list[str]:
    return [rel for rel in plan.files if _suffix(rel) in LIQUID_SUFFIXES
            and not rel.startswith(("_layouts/", "_sass/", "assets/", ".sitemigrate/"))]


def _stock_includes(target: Theme, plan: Plan, generation: str | None) -> set[str]:
    stock = target.vocabulary.get("includes", [])
    if isinstance(stock, dict):
        stock = stock.get(generation or "", []) or [n for v in stock.values() for n in v]
    return set(stock)


_SITE_PATH = lazy_pattern(r"""\{\{-?\s*(['"])(?P<path>/[^'"{}]*)\1\s*\|\s*"""
                          r"""(?:relative_url|absolute_url)\s*-?\}\}""")


def _carry_linked(body: str, inc: str, plan: Plan, src_root: Path) -> None:
    """The files of SRC that an include copied along as written links by their site path
    (`{{ '/assets/img/me.jpg' | relative_url }}`, `src="/files/cv.pdf"`): each copied to
    that path, so the link finds it on the new site (the links of an include are not a
    page's, whose files the writer carries), unless DEST has a file there (its checkout's)."""
    from urllib.parse import unquote

    from ..formats.content import rewrite_links
    from .site import has_front_matter
    found: list[str] = []

    def note(url: str) -> None:
        m = _SITE_PATH().fullmatch(url.strip())
        path = m["path"] if m else url
        if path.startswith("/") and not path.startswith("//") and "{" not in path:
            found.append(unquote(path.split("#")[0].split("?")[0]).lstrip("/"))
    rewrite_links(body, note)
    for rel in dict.fromkeys(found):
        try:
            rel = safe_rel(rel)
        except UnsafePath:
            continue
        source = src_root / rel
        if not rel or rel in plan.files or rel in plan.copies or not source.is_file() \
                or not within(src_root, source) or has_front_matter(source) \
                or (os.path.lexists(plan.dest / rel) and not plan.written_before(rel)):
            continue
        plan.copy(rel, source)
        plan.report.mapped("include-file", f"`/{rel}`, which `{inc}` (copied along as "
                           "written) links, is copied to that path.", inc)


def finish_liquid(plan: Plan, site: Site, target: Theme,
                  generation: str | None = None) -> set[str]:
    """Make every include and layout of every written file resolve in DEST (see module);
    returns SRC's includes copied along."""
    found = _checkout(plan)
    known = found.includes if found.includes is not None else _stock_includes(
        target, plan, generation)
    src_root = Path(site.source) if site.source and Path(site.source).is_dir() else None
    queue = _text_files(plan)
    carry_bibliographies(plan, src_root, queue, "bibliography" in runnable_tags(plan, target))
    done: set[str] = set()
    along: set[str] = set()  # SRC's includes copied along
    settings: dict[str, Any] | None = None
    for rel in queue:  # grows with the includes copied along
        data = plan.files.get(rel)
        if data is None or b"{%" not in data or b"include" not in data:
            continue  # (ASCII: in the bytes as in their text)
        text = data.decode("utf-8", "replace")
        for tok in tokenize(text):
            if tok.kind != "tag":
                continue
            name = include_name(tok)
            if name and tok.name == "include" and src_root is not None:
                _carry_param_files(tok, plan, src_root)
            if name and tok.name == "include" and "{{" in name:
                if settings is None:
                    settings = config_of(plan)
                name = resolved_include(name, settings)  # `{{ site.baseurl }}/x.html`
            if (not name or tok.name != "include" or "{{" in name or name in known
                    or name in done):
                continue
            done.add(name)
            try:
                inc = safe_rel(f"_includes/{name}")
            except UnsafePath:
                plan.report.problem("unsafe-path", f"include `{name}` points outside the "
                                    "site; left as written.", _where(plan, rel),
                                    severity="loss")
                continue
            if inc in plan.files or inc in plan.copies:
                continue
            source = src_root / inc if src_root else None
            if source is not None and src_root is not None and source.is_file() and \
                    not within(src_root, source):
                plan.report.problem("outside-src", "is a symbolic link to a file outside the "
                                    "site (SRC); it was not copied (a placeholder include was "
                                    "written instead).", inc, severity="loss")
                source = None
            raw = (read_source(source, inc, plan.report, root=src_root)
                   if source is not None and source.is_file() else None)
            if raw is not None and source is not None:
                along.add(inc)
                try:
                    body = raw.decode("utf-8")
                except UnicodeDecodeError:
                    plan.copy(inc, source)
                else:
                    body = translate_liquid(body, plan.from_theme, target, plan, Origin(inc, 1))
                    # browsers trim an address's spaces, URI parsers do not (jekyll-target-blank
                    # stops the build on `href=" {{ post.paperurl }} "`)
                    body = _SPACED_URL().sub(r'\1="\2"', body)
                    plan.write(inc, body)
                    queue.append(inc)  # its own includes, transitively
                    if src_root is not None:
                        _carry_linked(body, inc, plan, src_root)
                whose = (f"{plan.from_theme.name}'s own `{inc}` (as its template ships it, "
                         "reading that theme's settings)" if plan.from_theme is not None and
                         templates(plan.from_theme).owners(inc, raw) else f"your `{inc}`")
                plan.report.verbatim("include-copied", f"include `{name}` is not part of the "
                                     f"target theme; {whose} was copied along. Check that "
                                     "it works there.", _where(plan, rel))
            else:
                plan.write(inc, f"{{% comment %}}sitemigrate: `{name}` does not exist in this "
                           "theme; this placeholder renders nothing. Replace the include in "
                           "the page or write this file.{% endcomment %}\n")
                plan.report.verbatim("include-shim", f"include `{name}` does not exist in the "
                                     f"target theme; kept in the page, with a placeholder "
                                     f"`{inc}` that renders nothing. Replace it by hand.",
                                     _where(plan, rel))
    _fix_layouts(plan, target)
    _fix_root_links(plan, site)
    _show_emoji(plan, site)
    if src_root is not None:
        from .carrydata import carry_data  # (it reads this module's helpers)
        carry_data(plan, src_root, target, site)
    return along


_SITE_KEY = lazy_pattern(r"\bsite\.([\w-]*\w)")


def settings_read_by_includes(plan: Plan, site: Site, target: Theme) -> set[str]:
    """The top-level `site.KEY`s that the includes SRC's pages and items run (their own,
    which DEST's checkout lacks, so they are copied along by :func:`finish_liquid`) print or
    assign, transitively: values such an include needs in DEST's config (the address of the
    service a repositories page's cards come from). A switch they test (`{% if site.KEY %}`)
    does not count: it would turn on a feature of the source theme whose scripts DEST lacks."""
    return {k for body in owner_includes(plan, site, target) for t in tokenize(body)
            if t.kind == "output" or t.name == "assign" for k in _SITE_KEY().findall(t.markup)}


def written_pages(plan: Plan, target: Theme, suffixes: Iterable[str]) -> list[str]:
    """The text of each page written to DEST's `_pages/` so far (of one of ``suffixes``),
    without the lines the target's listings add to show their items' excerpts (``excerpt``
    of its listings): the owner's Liquid, which reads what it reads of the items."""
    forms = [str(form) for spec in target.vocabulary.get("listings", {}).values()
             for key, form in (spec.get("excerpt") or {}).items() if key != "at"]
    out = []
    for rel, data in plan.files.items():
        if rel.startswith("_pages/") and PurePosixPath(rel).suffix in set(suffixes):
            text = data.decode("utf-8", "replace")
            for form in forms:
                text = text.replace(form, "")
            out.append(text)
    return out


def owner_includes(plan: Plan, site: Site, target: Theme,
                   written: Iterable[str] | None = None) -> Iterator[str]:
    """The text of each include of SRC's own that SRC's pages and items run (DEST's checkout
    lacks it, so :func:`finish_liquid` copies it along), transitively; the source theme's
    stock listings, which the target's replace, do not count. ``written``: run by these
    texts (written files) instead."""
    src_root = Path(site.source) if site.source and Path(site.source).is_dir() else None
    if src_root is None:
        return
    found = _checkout(plan)
    known = found.includes if found.includes is not None else _stock_includes(target, plan,
                                                                               None)
    items = [i for kind in (site.posts, site.talks, site.teaching, site.projects, site.news)
             for i in kind] + [i for docs in site.collections.values() for i in docs]
    texts = [p.body for p in site.pages if p.role != "furniture"] + [i.body for i in items]
    source = plan.from_theme  # its stock listings are replaced by the target's: not run
    listings = source.vocabulary.get("listings", {}) if source is not None else {}
    reads = source.vocabulary.get("liquid", {}).get("reads", []) if source is not None else []
    known = set(known) | {n for r in reads for n in r.get("include", [])}  # constructs
    for pattern in (p for spec in listings.values() for p in spec.get("match", [])):
        texts = [re.sub(pattern, " ", t, flags=re.S) if "{%" in t else t for t in texts]
    if written is not None:
        texts = list(written)
    done: set[str] = set()
    while texts:
        text = texts.pop()
        if "{%" not in text or "include" not in text:
            continue
        for tok in tokenize(text):
            name = include_name(tok)
            if not name or tok.name != "include" or "{{" in name or name in known \
                    or name in done:
                continue
            done.add(name)
            path = src_root / "_includes" / name
            if ".." in name.split("/") or not path.is_file() or not within(src_root, path):
                continue
            raw = read_source(path, f"_includes/{name}", None, root=src_root)
            if raw is not None:
                body = raw.decode("utf-8", "replace")
                yield body
                texts.append(body)


# what an emoji plugin leaves as it is: front matter, code, Liquid, HTML tags
_NO_EMOJI = lazy_pattern(r"\A---\s*\n.*?\n---\s*\n|^(```|~~~).*?^\1|`[^`\n]*`|\{%.*?%\}"
                         r"|\{\{.*?\}\}|(?is:<(pre|code)\b.*?</\2\s*>)|<[^>]*>", re.S | re.M)


def _show_emoji(plan: Plan, site: Site) -> None:
    """`:sparkles:` in a page is an emoji where SRC loads an emoji plugin (``emoji_plugins``
    in ``mappings/jekyll.yml``); where DEST's checkout loads none, the shortcodes of every
    written page become the emoji characters (a visitor would read `:sparkles:` otherwise).
    A new folder (no checkout) keeps them as written."""
    plugins = load_mapping("jekyll").get("emoji_plugins", [])
    used = [str(v) for key in ("plugins", "gems")
            for v in (site.config_extra.get(key) or []) if isinstance(v, str)]
    found = _checkout(plan)
    if not set(plugins) & set(used) or not found.has_theme or set(plugins) & found.plugins:
        return
    import emoji

    def show(text: str) -> str:
        out, at = [], 0
        for m in _NO_EMOJI().finditer(text):
            out += [emoji.emojize(text[at:m.start()], language="alias"), m.group()]
            at = m.end()
        return "".join([*out, emoji.emojize(text[at:], language="alias")])
    changed = 0
    for rel in list(plan.files):
        if PurePosixPath(rel).suffix not in (".md", ".markdown", ".html") or \
                rel.startswith(("_layouts/", "_includes/", "assets/", ".sitemigrate/")):
            continue
        try:  # a file not in UTF-8 is left as it is (a rewrite would replace its bytes)
            text = plan.files[rel].decode("utf-8")
        except UnicodeDecodeError:
            continue
        if ":" not in text or (new := show(text)) == text:
            continue
        front = plan.documents.get(rel)
        plan.write(rel, new)
        if front is not None:
            plan.documents[rel] = front
        changed += 1
    if changed:
        plan.report.mapped("emoji", f"emoji shortcodes (`:sparkles:`) of {changed} file(s) "
                           f"became emoji characters: {', '.join(plugins)} shows them in SRC, "
                           "DEST loads no emoji plugin.", None)


# `href="/sitemap/"`: a path of the site written without its baseurl (not `//host`, not Liquid)
_ROOT_LINK = lazy_pattern(r"""\b((?:href|src)=)(["'])(/(?![/{])[^"'{}<>\s]*)\2""")


def _fix_root_links(plan: Plan, site: Site) -> None:
    """A site served from a folder (at `url` + `baseurl`: a `baseurl`, or a path in `url`):
    links of DEST's includes written from the site root (academicpages' footer `href="/sitemap/"`,
    its head's `/images/favicon.ico`) lead outside it; they go through `relative_url` (adds the
    `baseurl`), or `absolute_url` where `url` holds the folder. Nothing changes at the root."""
    in_url = urlsplit((site.identity.url or "").strip()).path.strip("/")
    if not (in_url or (site.identity.baseurl or "").strip("/")) or not _checkout(plan).has_theme:
        return
    flt, root = ("absolute_url" if in_url else "relative_url"), plan.dest / "_includes"
    for rel in (f"_includes/{r}" for r in (_walk(root) if root.is_dir() else [])):
        path = plan.dest / rel
        if Path(rel).suffix not in (".html", ".liquid") or rel in plan.copies or (
                rel not in plan.files and (path.is_symlink() or not path.is_file())):
            continue
        text = plan.files[rel].decode("utf-8", "replace") if rel in plan.files \
            else path.read_bytes().decode("utf-8", "replace")

        def link(m: re.Match) -> str:
            inner = "'" if m[2] == '"' else '"'
            return f"{m[1]}{m[2]}{{{{ {inner}{m[3]}{inner} | {flt} }}}}{m[2]}"
        new = _ROOT_LINK().sub(link, text)
        if new != text:
            plan.write(rel, new)
            plan.report.mapped("root-link", f"`{rel}` of the template links from the site "
                               f"root; its links go through `{flt}`, so that they stay "
                               "inside the folder the site is served from.", rel)


def _carry_param_files(tok: Token, plan: Plan, src_root: Path) -> None:
    """A file an include names by parameter (`{% include video.liquid path="assets/video/
    talk.mp4" %}`) is no link the asset copier sees: it is copied to the same path, where the
    include finds it."""
    for value in include_params(tok).values():
        value = value.strip()
        if ("{{" in value or "://" in value or "." not in value.rsplit("/", 1)[-1]
                or value.startswith(("#", "mailto:"))):
            continue
        try:
            rel = safe_rel(value.lstrip("/"))
        except UnsafePath:
            continue
        source = src_root / rel
        if (rel not in plan.files and rel not in plan.copies and PurePosixPath(rel).suffix
                not in LIQUID_SUFFIXES and within(src_root, source) and source.is_file()):
            plan.copy(rel, source)


def _fix_layouts(plan: Plan, target: Theme) -> None:
    """A `layout:` DEST's checkout does not have becomes the theme's plain page layout."""
    found = _checkout(plan)
    if not found.has_theme:
        return
    have = set(found.layouts or ()) | {PurePosixPath(r).stem for r in plan.files
                                       if r.startswith("_layouts/")}
    fallback = target.vocabulary["checkout"]["page_layout"]
    for rel, front in list(plan.documents.items()):
        layout = front.get("layout")
        if not isinstance(layout, str) or layout in have or layout in ("none", "null"):
            continue
        data = plan.files.get(rel)
        if data is None:
            continue
        text = data.decode("utf-8")
        end = text.find("\n---", 3)
        if end < 0:
            continue
        new_head, n = _LAYOUT_LINE().subn(lambda m: f"{m.group(1)}{fallback}", text[:end], 1)
        if not n:
            continue
        documents = dict(plan.documents)
        plan.write(rel, new_head + text[end:])
        plan.documents = documents
        plan.documents[rel] = dict(front, layout=fallback)
        plan.report.verbatim("layout-missing", f"`{rel}`: layout `{layout}` does not exist in "
                             f"DEST's template; `{fallback}` is used instead.",
                             _where(plan, rel))


def _where(plan: Plan, rel: str) -> str | None:
    """The SRC file whose content DEST's ``rel`` holds (for a finding's location): SRC's file
    of that path where it went there (a page that is only a menu entry forwards to the home
    page: its address goes there, not its content), else the first that went there."""
    held = [src for src, out in plan.origins.items() if out == rel]
    return rel if rel in held else (held[0] if held else None)


# -- the template's example content ---------------------------------------------------------

def clear_examples(plan: Plan, site: Site, target: Theme) -> None:
    """On a first conversion into a checkout of ``target``, remove the template's example
    content that no written file replaces: files under the mapping's ``checkout.examples``
    globs, except ``checkout.keep`` (theme furniture), and listing pages kept only for
    collections the owner has. One report line per kind. A kept listing page's example front
    matter is the owner's on every run (:func:`_own_listing_page`: a later run keeps what
    the first wrote)."""
    fresh = is_fresh_template(plan, target)
    spec = target.vocabulary["checkout"]
    keep = list(spec.get("keep", []))
    owned = {kind for kind, has in owner_has(site).items() if has}
    if plan.from_theme is target and site.unshown_entries:
        owned.add("publications")  # an upgrade keeps them in their file, where the new
        # template's listing of it finds them
    written_roles = {p.role for p in site.pages}
    for role, paths in (spec.get("listing_pages") or {}).items():
        if role in owned and role not in written_roles and _removed_by_owner(site, target,
                                                                             paths):
            plan.report.mapped("listing-removed", f"the template's {role} page is not kept: "
                               f"your site is a copy of this template without it (no "
                               f"`{paths[0]}`), so its menu had no such entry; the items stay in "
                               "their files.", None)
        elif role in owned and role not in written_roles:
            keep += paths  # the template's own listing page shows the owner's items
            for rel in _walk_matching(plan, paths):
                if fresh or plan.written_before(rel):
                    _own_listing_page(plan, rel, role, site, spec)
    if not fresh:
        return
    removed: dict[str, int] = {}
    for rel in _walk(plan.dest):
        if rel in plan.files or rel in plan.copies:
            continue
        if not any(fnmatch.fnmatchcase(rel, g) for g in spec["examples"]):
            continue
        if any(fnmatch.fnmatchcase(rel, g) for g in keep):
            continue
        plan.delete(rel)
        kind = rel.split("/")[0] if "/" in rel else rel
        removed[kind] = removed.get(kind, 0) + 1
    for kind, count in sorted(removed.items()):
        plan.report.mapped("template-example", f"the template's example content in `{kind}` "
                           f"removed ({count} file{'s' if count != 1 else ''}).", None)


def _removed_by_owner(site: Site, target: Theme, paths: list[str]) -> bool:
    """An upgrade whose SRC is a whole checkout of ``target``'s template (its layouts are
    there) with no file at a listing page's ``paths``, where the checkout SRC was made from
    ships one: the owner removed that page, so the old site listed those items on no page
    of their own (a page the old template never had is no owner's choice)."""
    from ..template_files import templates
    src = Path(site.source) if site.source and site.theme == target.name else None
    if src is None or not (src / "_layouts").is_dir() \
            or any(path.is_file() for g in paths for path in src.glob(g)):
        return False
    table = templates(target)
    made_from = table.closest(src)
    return made_from is not None and any(fnmatch.fnmatchcase(rel, g)
                                         for rel in table.paths(made_from) for g in paths)


def _walk_matching(plan: Plan, globs: list[str]) -> list[str]:
    """DEST's own files (none this run writes) at ``globs``, each folder listed once."""
    out = []
    for folder in sorted({str(PurePosixPath(g).parent) for g in globs}):
        root = plan.dest / folder
        if not root.is_dir() or root.is_symlink():
            continue
        for path in sorted(root.iterdir()):
            rel = path.name if folder == "." else f"{folder}/{path.name}"
            if (path.is_file() and not path.is_symlink() and rel not in plan.files
                    and any(fnmatch.fnmatchcase(rel, g) for g in globs)):
                out.append(rel)
    return out


def _own_listing_page(plan: Plan, rel: str, role: str, site: Site, spec: dict) -> None:
    """The template's listing page kept to show the owner's items: the front matter that is
    the template's example goes (``checkout.listing_wording``: its description of the
    example collection), and the categories it groups by (``checkout.listing_groups``)
    are only the owner's items' own, in their order (none: the key goes, so every item is
    listed). The rest of the file stays as the template wrote it."""
    try:
        text = (plan.dest / rel).read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return
    m = re.match(r"---[ \t]*\r?\n(.*?\n)---[ \t]*(?:\r?\n|$)", text, re.S)
    if not m:
        return
    fm = m.group(1)
    edits: dict[str, Any] = dict.fromkeys(spec.get("listing_wording") or [])
    group = (spec.get("listing_groups") or {}).get(role)
    if group:
        seen: list[str] = []
        for item in role_items(site, role):
            # a known field, or front matter carried as the owner wrote it
            value = item.fields.get(group["field"], item.extra.get(group["field"]))
            if isinstance(value, str) and value and value not in seen:
                seen.append(value)
        edits[group["key"]] = seen or None
    menu = spec.get("listing_menu")
    if menu and site.navigation:  # the owner's menu had no page of this role to link
        edits[menu["key"]] = menu["off"]
    changed = []
    for key, value in edits.items():
        # the key's line and its block (indented or `- ` lines) below it
        pattern = re.compile(rf"^{re.escape(key)}[ \t]*:.*\r?\n(?:(?:[ \t]+|- ).*\r?\n)*", re.M)
        if not pattern.search(fm):
            continue
        line = "" if value is None else dump_yaml({key: value})
        fm = pattern.sub(lambda _m, line=line: line, fm, count=1)
        changed.append(f"`{key}` removed" if value is None else f"`{key}` set to yours"
                       if value else f"`{key}` off (your menu had no such page)")
    if changed or plan.written_before(rel):  # (a later run: the file the first one wrote)
        plan.write(rel, text[:m.start(1)] + fm + text[m.end(1):])
    if changed:
        plan.report.mapped("template-example", f"the template's {role} page `{rel}` lists "
                           "your items; its example front matter: " + ", ".join(changed)
                           + ".", rel)


def _kinds(site: Site) -> dict[str, list]:
    """The owner's items by the role of the listing page that lists them."""
    return {"publications": site.publications, "talks": site.talks,
            "teaching": site.teaching, "projects": site.projects, "blog": site.posts,
            "news": site.news}


def role_items(site: Site, role: str) -> list:
    """The owner's items a listing page of ``role`` lists."""
    return _kinds(site).get(role) or site.collections.get(role, [])


def owner_has(site: Site) -> dict[str, bool]:
    """Per kind of item (and per collection): whether the owner's site has any."""
    has = {kind: bool(items) for kind, items in _kinds(site).items()}
    has["cv"] = bool(site.cv and site.cv.sections)
    has.update((name, bool(items)) for name, items in site.collections.items())
    return has


def _walk(root: Path) -> list[str]:
    out = []
    for here, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".") and
                   not os.path.islink(os.path.join(here, d))]
        rel = os.path.relpath(here, root)
        for name in files:
            out.append(name if rel == "." else f"{rel}/{name}".replace(os.sep, "/"))
    return sorted(out)

