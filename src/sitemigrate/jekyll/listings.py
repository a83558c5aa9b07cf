"""Listings: the pages that list a collection, and the theme's Liquid that lists it."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..ir import Origin, Page, Site
from ..plan import Plan
from ..report import Report
from .checkout import role_items, translate_liquid
from .scholar import loop_span

if TYPE_CHECKING:
    from ..theme import Theme


def listing_page(site: Site, name: str) -> Page | None:
    """The page that shows collection ``name``: its body loops over ``site.<name>`` or names
    it (``collection: books``), else the page at ``/<name>/``."""
    pattern = re.compile(rf"\bsite\.{re.escape(name)}\b")
    for page in site.pages:
        if pattern.search(page.body) or page.extra.get("collection") == name:
            return page
    return next((p for p in site.pages if p.permalink.strip("/") == name), None)


def add_collection_listings(page: Page, body: str, site: Site, target: Theme,
                            report: Report) -> str:
    """Append the target's listing of each custom collection this page owns by its
    `collection:` key (what the source theme's layout listed), unless the body already
    loops over it (``listings.collection`` in the target's mapping). A page that is the
    collection's only by its address (`/<name>/`) showed what its own body shows: a list
    the owner wrote by hand, or none; it gets no second one."""
    for name in site.collections:
        if listing_page(site, name) is page and page.extra.get("collection") == name \
                and not re.search(rf"\bsite\.{re.escape(name)}\b", body):
            listing = target.vocabulary["listings"]["collection"]["body"]
            body = body.rstrip("\n") + "\n\n" + listing.replace("COLLECTION", name)
            report.mapped("collection-listing", f"collection `{name}` listed on this page with "
                          f"{target.name}'s own Liquid.", page.origin)
    return body


def collection_page(name: str, site: Site, plan: Plan, target: Theme, front: Any) -> None:
    """A page listing collection ``name`` when the site has none (``_pages/<name>.md``)."""
    if listing_page(site, name) is not None or not site.collections.get(name):
        return
    out = f"_pages/{name}.md"
    body = target.vocabulary["listings"]["collection"]["body"].replace("COLLECTION", name)
    plan.write_document(out, front, body)
    plan.report.mapped("collection-page", f"collection `{name}` had no page; `{out}` "
                       f"(`/{name}/`) lists it.", None)


def translate_body(body: str, role: str, source_theme: Theme | None, target: Theme, plan: Plan,
                   origin: Origin | None, groups: list[str] | None = None,
                   config: Mapping[str, Any] | None = None) -> str:
    """Swap the source theme's listing Liquid of the page's role for the target's
    (:func:`translate_listings`; ``groups``: :func:`page_groups`; ``config``: the site's),
    then translate tag by tag (:func:`translate_liquid`)."""
    body, _ = translate_listings(body, (role,), source_theme, target, plan.report, origin,
                                 groups=groups, plan=plan, config=config)
    return translate_liquid(body, source_theme, target, plan, origin)


def page_groups(page: Page, site: Site, source_theme: Theme | None) -> list[str] | None:
    """The sections the page's stock listing shows as Jekyll renders it (``by_page`` of its
    role's listing in the source mapping): the values of its front-matter ``key`` when the
    config's ``switch`` is on (Liquid: anything but false or nil), those of them that some
    of the owner's items have (a category that held only the template's examples, which
    go, would be a heading over nothing). Empty when the owner has items and none is in
    any of them: the page showed none of those items, and lists none. None when it lists
    every item: the switch off, no such key, an empty list (which Liquid loops over as
    nothing; the flat listing is the nearer), no item at all, a value that is no text, or
    one the target's Liquid string cannot hold."""
    vocab = source_theme.vocabulary if source_theme is not None else {}
    spec = (vocab.get("listings", {}).get(page.role) or {}).get("by_page")
    if not spec or site.config_extra.get(spec["switch"]) in (None, False):
        return None
    values = page.extra.get(spec["key"])
    values = [values] if isinstance(values, str) else values
    # Jekyll's `where` compares as text; the target's test compares text with text only
    if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
        return None
    fields = (item.fields.get(spec["field"], item.extra.get(spec["field"]))
              for item in role_items(site, page.role))
    have = {value for value in fields if isinstance(value, str)}
    shown = [v for v in values if v in have]
    if not shown:
        return [] if have or role_items(site, page.role) else None
    return None if any('"' in v for v in shown) else shown


def translate_listings(body: str, roles: Iterable[str], source_theme: Theme | None, target: Theme,
                       report: Report, origin: Origin | None,
                       skip: Iterable[str] = (), original: str | None = None,
                       groups: list[str] | None = None, plan: Plan | None = None,
                       config: Mapping[str, Any] | None = None) -> tuple[str, list[str]]:
    """Swap the source theme's listing Liquid (``listings`` in ``mappings/``) for the
    target's, for each of ``roles`` (a CV page loops over publications, talks and teaching).
    A listing inside an HTML comment is left alone (it renders nothing); an HTML list
    wrapped around it goes with it. Roles in ``skip`` are not translated. A listing with
    Liquid of its own (a filter, a condition: anything its role's ``stock`` patterns and
    stock ``body`` do not hold) is still swapped, and kept after the new one inside
    ``{% comment %}`` with a report line: what it did by hand is not silently lost.
    ``original``: the body as read, to name the line of a listing (default ``body``).
    ``groups``: the sections a listing that loops over its page's categories shows
    (:func:`page_groups`), each written as the target's section when it has one.
    ``plan`` (SRC's includes) and ``config`` (the site's): what each item showed under it
    (:func:`_excerpts`). Returns the body and the roles translated."""
    from ..formats.cvmarkdown import mask_comments
    src = source_theme.vocabulary if source_theme is not None else {}
    tgt = target.vocabulary
    original = body if original is None else original
    src_name = source_theme.name if source_theme is not None else ""
    done: list[str] = []
    for role in roles:
        listing = src.get("listings", {}).get(role)
        target_listing = tgt.get("listings", {}).get(role)
        if not listing or not target_listing or role in skip:
            continue
        excerpts = _excerpts(listing, target_listing, plan, config)
        body, written = _translate_filtered(body, listing.get("filtered"),
                                            target_listing.get("filtered"), excerpts)
        sections = len(written)
        if sections:
            done.append(role)
            report.mapped("listing-section", f"{sections} {role} section(s) that list the "
                          f"items of one value of a field, written as {target.name}'s.", origin)
        for pattern in listing["match"]:
            wrapped = r"(?:<ul>\s*)?(?:" + pattern + r")(?:\s*</ul>)?"
            masked = mask_comments(body)
            # a `for` loop around the listing with nothing but headings in it (a list by
            # year) goes with it: the target's listing in it would list every item each turn
            spans = list(dict.fromkeys(  # (two tags of one loop: the loop once)
                loop_span(body, *m.span()) for m in re.finditer(wrapped, body, re.S)
                if (masked[m.start()] != " " or body[m.start()] == " "
                    or body.startswith("<!--", m.start()))  # a marker that is a comment
                and _shows_items(body[m.start():])))
            notes: list[tuple[str, int | None]] = []  # reported in file order
            for start, end in reversed(spans):
                old = body[start:end]
                # the target's listing shows every item: once a page (a page of several
                # listings, one per file or section, showed each item once)
                first = (start, end) == spans[0] or bool(sections)
                new = target_listing["body"].rstrip("\n") if first else ""
                by_page = _by_page(old, listing, target_listing, groups) if first else None
                if by_page == "":
                    new = by_page
                    report.mapped("listing-section", f"the page lists the {role} of categories "
                                  f"none of yours is in: it showed none of them, and lists "
                                  "none.", origin)
                elif by_page is not None:
                    new = by_page
                    report.mapped("listing-section", f"{len(groups or [])} {role} section(s), "
                                  "one per category the page lists by, written as "
                                  f"{target.name}'s.", origin)
                elif first and "sorted" in target_listing and (order := _sorted_by(old)):
                    new = target_listing["sorted"].rstrip("\n").replace('"ORDER"', order)
                new = excerpts(new, old)
                if first and (kept := _same_selection(old, new)) != new:
                    new = kept
                    report.mapped("listing-selection", f"the {role} listing listed only the "
                                  "items its `where:` filter kept; the new one keeps it.", origin)
                own = own_liquid(old, listing) if "stock" in listing else []
                if own or not first:
                    new += ("\n\n" if new else "") + kept_in_comment(old)
                    at = original.find(old)
                    line = None
                    if origin is not None and at >= 0:
                        line = (origin.body_line or origin.line or 1) + original.count("\n", 0, at)
                    shown = [x if x.startswith(("{", '"')) else "{% " + x + " %}" for x in own
                             if not (x.startswith("end") and any(
                                 o.split()[0] == x[3:] for o in own))]  # not its end tag
                    what = "Liquid or text" if any(x.startswith('"') for x in own) else "Liquid"
                    notes.append((
                        f"the {role} listing has {what} of its own "
                        f"({', '.join(f'`{x}`' for x in shown[:3])}"
                        f"{', ...' if len(shown) > 3 else ''}) that {target.name}'s listing "
                        "does not apply; it was replaced all the same, and the old listing is "
                        "kept after the new one in a `{% comment %}` block (it renders nothing). "
                        "Carry what it did by hand.", line))
                body = body[:start] + new + body[end:]
            for message, line in reversed(notes):
                report.verbatim("listing-own-liquid", message, origin.path if origin else None,
                                line)
            if len(spans) > 1 and not sections:
                report.verbatim("listing-once", f"the page had {len(spans)} {role} listings "
                                f"(one per file or section); {target.name}'s lists every item, so "
                                "it is written once, where the first was, and the others are "
                                "kept in `{% comment %}` blocks: split it by hand if you want "
                                "the sections back.", origin)
            if spans:
                done.append(role)
                report.mapped("listing", f"the {role} listing Liquid of {src_name} was "
                              f"replaced by {target.name}'s.", origin)
                break
        for i, section in enumerate(written):
            body = body.replace(_SECTION.format(i), section)
    return body, done


def translate_sections(body: str, role: str, source_theme: Theme | None, target: Theme) -> str:
    """Only the listings of ``body`` of the ``role`` items whose field KEY is VALUE
    (``filtered`` of the mappings), as the target's: what a reader wrote for a collection
    document's list (a project's publications of one `.bib` file), which is no stock
    listing of a page."""
    vocab = source_theme.vocabulary if source_theme is not None else {}
    source = vocab.get("listings", {}).get(role) or {}
    written_for = target.vocabulary.get("listings", {}).get(role) or {}
    body, written = _translate_filtered(body, source.get("filtered"),
                                        written_for.get("filtered"))
    for i, section in enumerate(written):
        body = body.replace(_SECTION.format(i), section)
    return body


_ASSIGN = re.compile(r"\{%-?\s*assign\s+(\w+)\s*=\s*(?:site|paginator)\.(\w+)\b([^%]*?)-?%\}")
_WHERE = re.compile(r"""\s*\|\s*where\s*:\s*(?:"([\w-]+)"|'([\w-]+)')\s*,\s*"""
                    r"""(?:"([^"{}]*)"|'([^'{}]*)')""")


def _same_selection(old: str, new: str) -> str:
    """The target's listing ``new`` of the items the old listing ``old`` showed: the items of
    its loops over the collection, together. Each loops over the collection, or over a list
    made of it with `where: "KEY", "VALUE"` filters (the posts of one language:
    `site.posts | where: "lang", "fr"`, or the page's paginator's); when the list with the
    fewest filters holds every other one (its filters are in each of theirs: a box of the
    featured posts of that language beside the list of them), the loops showed the items
    it keeps, and the new listing lists those. A loop over the whole collection, or a list
    made another way (a `sort`, a value Liquid computes), leaves the listing as it is."""
    loop = re.search(r"(\{%-?\s*for\s+\w+\s+in\s+)site\.(\w+)(?![\w.])", new)
    if loop is None or re.search(rf"\bfor\s+\w+\s+in\s+(?:site|paginator)\.{loop[2]}\b", old):
        return new
    looped = set(re.findall(r"\{%-?\s*for\s+\w+\s+in\s+(\w+)", old))
    chosen: list[frozenset[tuple[str, str]]] = []
    for m in _ASSIGN.finditer(old):
        if m[1] not in looped or m[2] != loop[2]:
            continue
        pairs = [(w[1] or w[2], w[3] if w[3] is not None else w[4]) for w in _WHERE.finditer(m[3])]
        if _WHERE.sub("", m[3]).strip() or not pairs:
            return new  # (made another way, or the whole collection)
        chosen.append(frozenset(pairs))
    fewest = min(chosen, key=len, default=frozenset())
    if not fewest or any(not fewest <= c for c in chosen):
        return new
    filters = "".join(f' | where: "{k}", "{v}"' for k, v in sorted(fewest))
    return (new[:loop.start()] + f"{{% assign listed = site.{loop[2]}{filters} %}}"
            + loop[1] + "listed" + new[loop.end():])


def _by_page(old: str, listing: dict, target_listing: dict, groups: list[str] | None
             ) -> str | None:
    """The target's sections for a listing that loops over its page's categories
    (``by_page`` of the source's listing, ``filtered`` with a ``section`` of the target's):
    one per value of ``groups``, in their order, each headed by it. None when either side
    has no such form, or the listing has no such loop."""
    spec, target = listing.get("by_page"), target_listing.get("filtered") or {}
    if groups is None or not spec or "section" not in target or not re.search(spec["loop"], old):
        return None
    from html import escape
    parts = []
    for value in groups:
        fill: dict[str, str] = {"KEY": spec["field"], "OP": target["ops"]["equals"],
                                "VALUE": value, "ORDER": spec["order"]}
        body = re.sub("KEY|OP|VALUE|ORDER", functools.partial(_part, fill),
                      target["body"].rstrip("\n"))
        parts.append(target["section"].replace("TITLE", escape(value)) + "\n" + body)
    return "\n\n".join(parts)


def _sorted_by(old: str) -> str | None:
    """The field a listing's Liquid sorts its items by (``| sort: "importance"`` in a tag),
    as a quoted field, then ``| reverse`` when the tag reverses them after; None when it
    sorts by none: the order its page showed them in."""
    found = re.search(r"""\{%-?[^%]*\|\s*sort:\s*(["'])(\w+)\1([^%]*)-?%\}""", old)
    if not found:
        return None
    return f'"{found[2]}"' + (" | reverse" if re.search(r"\|\s*reverse\b", found[3]) else "")


def _part(fill: dict[str, str], m: re.Match[str]) -> str:
    """The value of the placeholder ``m`` matched."""
    return fill[m[0]]


_SECTION = "\x00section{}\x00"  # a written section, out of reach of the listing patterns


#: Liquid's tags that write nothing where they stand: they assign, capture, branch, loop,
#: end a block or hold a comment (any other tag may write: `include`, `cycle`, a plugin's)
_SILENT_TAGS = frozenset({
    "assign", "capture", "endcapture", "if", "elsif", "else", "endif", "unless", "endunless",
    "case", "when", "endcase", "for", "endfor", "break", "continue", "comment", "endcomment",
    "#"})


def _shows_items(text: str) -> bool:
    """Whether the listing that starts ``text`` shows anything of the items. A loop
    (``{% for %}`` up to its own ``{% endfor %}``) shows its items only if its body writes
    through an output (``{{ }}``) or a tag that writes (not :data:`_SILENT_TAGS`) outside a
    ``{% capture %}`` (whose text goes to a variable, not the page): a loop that only
    assigns or captures (collects tags, counts) lists nothing. Its plain text is the same
    for every item, none of theirs. A listing that is no loop shows its items."""
    from .liquid import tokenize
    start = re.match(r"(?:<ul>\s*)?", text)
    tokens = tokenize(text[start.end() if start else 0:])
    if not tokens or tokens[0].kind != "tag" or tokens[0].name != "for":
        return True
    loops = captures = 0
    for tok in tokens:
        if tok.kind == "output" and not captures:
            return True
        if tok.kind != "tag":
            continue  # text, a comment, a raw block: nothing of the items
        loops += {"for": 1, "endfor": -1}.get(tok.name, 0)
        captures += {"capture": 1, "endcapture": -1}.get(tok.name, 0)
        if not loops:
            return False  # the loop's own end
        if tok.name not in _SILENT_TAGS and not captures:
            return True
    return False  # a loop without an end (Jekyll stops the build)


def _excerpts(listing: dict, target_listing: dict, plan: Plan | None,
              config: Mapping[str, Any] | None) -> Callable[[str, str], str]:
    """What adds, to the target's listing (``new``) of the source's listing ``old``, the
    line that shows each item's excerpt under it (``excerpt`` of the target's listing: after
    its last ``at``) where the source's showed it (``shows_excerpt`` of the source's): it
    runs the include that shows it (academicpages' list, not its CV), and SRC's own copy of
    that include, if SRC has one, reads `post.excerpt`; or its Liquid has the ``match`` (the
    line al-folio's writes). Its ``read_more`` form where the site's config has the ``key``
    and value (``equals``) the source's ``read_more`` names (and SRC's copy reads that key),
    or the listing has its ``match``: the link to the item after the excerpt."""
    spec, line = listing.get("shows_excerpt") or {}, target_listing.get("excerpt") or {}

    def add(new: str, old: str) -> str:
        from .liquid import include_name, tokenize
        at = new.rfind(line["at"]) if spec and line else -1
        runs = "include" in spec and "include" in old and spec["include"] in {
            include_name(t) for t in tokenize(old) if t.kind == "tag"}
        if at < 0 or (not runs and not ("match" in spec and re.search(spec["match"], old))):
            return new
        own = plan.source_text(f"_includes/{spec['include']}") if runs and plan is not None \
            else None
        if own is not None and not re.search(r"\bpost\.excerpt\b", own):
            return new  # (SRC's own include shows no excerpt)
        more = spec.get("read_more") or {}
        by_key = "key" in more and (config or {}).get(more["key"]) == more["equals"] and (
            own is None or f"site.{more['key']}" in own)
        by_match = "match" in more and re.search(more["match"], old)
        form = "read_more" if by_key or by_match else "body"
        at += len(line["at"])
        return new[:at] + "\n" + line[form] + new[at:]
    return add


def _translate_filtered(body: str, source: dict | None, target: dict | None,
                        excerpts: Callable[[str, str], str] | None = None
                        ) -> tuple[str, list[str]]:
    """Each listing of the items whose field KEY equals or contains VALUE (``filtered`` of a
    role's listings in the mappings), as the target's: the body with a placeholder
    (``_SECTION``) for each, so that the role's full-listing patterns do not take the
    target's section for a listing of every item (the same theme's, on an upgrade), and
    the sections written (``excerpts``: what adds the line of each item's excerpt,
    :func:`_excerpts`)."""
    if not source or not target or "match" not in source:
        return body, []
    written: list[str] = []

    keys = target.get("keys") or {}  # a front-matter key that is another field there

    def fill(template: str, key: str, op: str, value: str) -> str:
        parts = {"KEY": keys.get(key.lower(), key), "OP": target["ops"][op], "VALUE": value}
        return re.sub("KEY|OP|VALUE", lambda p: parts[p[0]], template)

    def swap(m: re.Match[str]) -> str:
        (key, op, value), *more = _tests(m, source)
        if more and "or" not in target:
            return m[0]  # the target cannot join tests: its full listing takes the loop
        value += "".join(fill(target["or"], *test) for test in more)
        section = fill(target["body"].rstrip("\n"), key, op, value)
        written.append(excerpts(section, m[0]) if excerpts is not None else section)
        return _SECTION.format(len(written) - 1)
    return re.sub(source["match"], swap, body, flags=re.S), written


def _tests(m: re.Match[str], source: dict) -> list[tuple[str, str, str]]:
    """The tests of a matched `filtered` listing: its front-matter key, neutral test and
    value, then those its `{% if %}` joins to it with `or` (``either`` of the mapping)."""
    ops = {spelled: neutral for neutral, spelled in source["ops"].items()}
    more = m.groupdict().get("more") or ""
    return [(m["key"], ops[m["op"]], m["value"])] + [
        (t["key"], ops[t["op"]], t["value"]) for t in re.finditer(source.get("either") or
                                                                    r"(?!)", more)]


def listed_sections(body: str, role: str, theme: Theme | None
                    ) -> list[tuple[str, str, str]] | None:
    """What a page of ``theme`` lists of the ``role`` items when it lists them by sections
    only (``filtered`` listings of its mapping): each section's front-matter key, neutral
    test (``equals``, ``contains``) and value. None when the page also lists every item
    (a full listing), or lists none by sections."""
    listing = (theme.vocabulary if theme is not None else {}).get("listings", {}).get(role)
    source = (listing or {}).get("filtered")
    if not source or "match" not in source:
        return None
    found = [test for m in re.finditer(source["match"], body, re.S)
             for test in _tests(m, source)]
    rest = re.sub(source["match"], " ", body, flags=re.S)
    if not found or any(_shows_items(rest[m.start():]) for pattern in listing["match"]
                        for m in re.finditer(pattern, rest, re.S)):
        return None
    return found


def in_sections(fields: dict[str, Any], sections: list[tuple[str, str, str]]) -> bool:
    """Whether an item of front-matter ``fields`` is in one of ``sections``
    (:func:`listed_sections`), as Liquid's `==` and `contains` decide it."""
    for key, op, value in sections:
        have = fields.get(key)
        if have is None:
            continue
        if op == "equals" and str(have) == value:
            return True
        if op == "contains" and (value in [str(v) for v in have] if isinstance(have, list)
                                 else value in str(have)):
            return True
    return False


def kept_in_comment(text: str) -> str:
    """``text`` kept in the page where it renders nothing and cannot break the build: in a
    ``{% comment %}`` block, inside ``{% raw %}`` (Ruby Liquid parses the tags of a comment
    block, so an unknown tag or an inner ``endcomment`` there would fail the build)."""
    text = text.replace("{% endraw %}", "{% endraw %}{{ '{% endraw %}' }}{% raw %}")
    return "{% comment %}{% raw %}\n" + text + "\n{% endraw %}{% endcomment %}"


def own_liquid(text: str, listing: dict) -> list[str]:
    """The Liquid of a matched listing that is not the stock listing's: tags and outputs
    (as written, whitespace folded) that neither its ``stock`` patterns nor its stock
    ``body`` hold, in order, once each. ``{% comment %}`` blocks render nothing and count
    for nothing. So does the owner's text between the tags (a line, a heading: its words,
    markup and HTML comments aside, in double quotes, first) that the stock body does not
    hold: the listing's replacement would drop it."""
    from .liquid import tokenize

    def signature(tok: Any) -> str | None:
        if tok.kind == "tag":
            return re.sub(r"\s+", " ", f"{tok.name} {tok.markup}").strip()
        if tok.kind == "output":
            return "{{ " + re.sub(r"\s+", " ", tok.markup).strip() + " }}"
        if tok.kind in ("text", "comment"):
            return None
        return re.sub(r"\s+", " ", tok.text).strip()  # a raw block: text the page shows

    # (with the lines of its items' excerpts it writes)
    whole = listing.get("body", "") + "".join(
        str(v) for k, v in (listing.get("excerpt") or {}).items() if k != "at")
    stock = {signature(t) for t in tokenize(whole)} - {None}
    stock_words = " ".join(_visible_words(whole))
    patterns = [re.compile(p) for p in listing.get("stock", [])]
    own: list[str] = []
    for tok in tokenize(text):
        sig = signature(tok)
        if sig is None or sig in stock or sig in own or any(p.fullmatch(sig) for p in patterns):
            continue
        own.append(sig)
    words = [f'"{run}"' for run in dict.fromkeys(_visible_words(text)) if run not in stock_words]
    return words + own


def _visible_words(liquid: str) -> list[str]:
    """The runs of words the plain text of ``liquid`` shows between its Liquid: without HTML
    comments and tags (a tag may hold Liquid), whitespace folded."""
    from .liquid import tokenize
    text = "".join(t.text if t.kind == "text" else "\x01" for t in tokenize(liquid))
    text = re.sub(r"<[^<>]*>?", " ", re.sub(r"<!--.*?(?:-->|$)", " ", text, flags=re.S))
    runs = (re.sub(r"\s+", " ", run).strip() for run in text.split("\x01"))
    return [run for run in runs if re.search(r"\w", run)]


def site_words(site: Site) -> dict[str, str]:
    """The headings and labels a writer adds to the owner's pages (``mappings/words.yml``), in
    the site's language: that of its own headings, else its ``lang`` / ``locale``, else
    English (also for any word the language lacks)."""
    from ..mapdata import load_mapping
    table = load_mapping("words")
    lang = _heading_language(site, table["detect"])
    if not lang:
        stated = str(site.settings.locale.value or "") if site.settings.locale else ""
        lang = language_code(stated, table)
    return {**table["words"]["en"], **table["words"].get(lang, {})}


def language_code(lang: str, table: dict[str, Any]) -> str:
    """The language of a `lang`, `locale` or language folder (`zh-CN`, `fr_FR`, `cn`) as the
    code the table of words (``mappings/words.yml``) has it under: its first part, lower
    case, through the table's ``aliases`` (a country's code some sites name it by)."""
    code = re.split(r"[-_]", str(lang).strip().lower())[0]
    return str(table.get("aliases", {}).get(code, code))


def page_words(site: Site, page: Page) -> dict[str, str]:
    """The words a writer adds to ``page``: in the page's own language where it states one
    that is not the site's (jekyll-polyglot's language of the page, its `lang:` or language
    folder; else its `lang:`), as a site in several languages shows each page in its
    language; else :func:`site_words`."""
    from ..mapdata import load_mapping
    from .polyglot import Languages
    langs = Languages.of(site.config_extra)
    lang = langs.language(page.path, page.extra.get("lang")) if langs \
        else str(page.extra.get("lang") or "")
    mapping = load_mapping("words")
    code = language_code(lang, mapping)
    stated = site.settings.locale.value if site.settings.locale else ""
    site_lang = langs.default if langs else str(stated or "")
    table = mapping["words"]
    if not code or code == language_code(site_lang, mapping) or code not in table:
        return site_words(site)
    return {**table["en"], **table[code]}


def _heading_language(site: Site, detect: dict[str, Any]) -> str:
    """The language the headings of the site's pages are written in, by script or by words
    (``detect``), if any one tells. Headings as :func:`..formats.sections.headings` reads
    them (one reader of headings; linear in the body's size)."""
    from ..formats.sections import headings as headings_of
    headings = [h.title.strip().lower() for page in site.pages
                for h in headings_of(page.body) if h.title.strip()]
    if not headings:
        return ""  # no heading: no script of one, no word of one (a script is a character's)
    text = "\n".join(headings)
    for lang, script in detect["scripts"].items():
        if re.search(script, text):
            return str(lang)
    for lang, words in detect["words"].items():
        if any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", h) for w in words for h in headings):
            return str(lang)
    return ""
