"""Inline math written between single dollars (`$x$`): MathJax shows it only where the
site's MathJax settings list `$` among the inline delimiters (MathJax 2 and 3 read only
`\\(x\\)` by default, and kramdown reads only `$$x$$`). When SRC's code sets `$` up and
DEST's does not, the pages that write `$x$` would show it raw: said once, with the pages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..formats.content import fenced_code
from ..lazyre import lazy_pattern

if TYPE_CHECKING:
    from ..ir import Item, Origin, Page, Site
    from ..plan import Plan

#: a MathJax setting (2: `tex2jax: {inlineMath: ...}`, 3: `tex: {inlineMath: ...}`) whose
#: inline delimiters include a single dollar
_DOLLAR_SET_UP = lazy_pattern(r"""inlineMath\W*\[\s*\[\s*['"]\$['"]""")
#: `$x$` on one line: not `$$`, not escaped, no white space inside either dollar (`$5 or $6`)
_INLINE_DOLLAR = lazy_pattern(r"(?<![\\$])\$(?![\s$])[^$\n]+?(?<![\s\\$])\$(?!\$)")
_CODE_SPAN = lazy_pattern(r"`[^`\n]*`")
_CODE_SUFFIXES = (".html", ".liquid", ".js")


def _sets_up_dollars(texts: list[str]) -> bool:
    return any(_DOLLAR_SET_UP().search(t) for t in texts)


def _code_texts(folder: Path, extra: dict[str, bytes], prefix: str) -> list[str]:
    """The texts of the code files under ``folder`` (`_includes/`, `_layouts/`, `assets/js/`),
    where ``extra`` (a plan's files) replaces what it writes there."""
    out = [data.decode("utf-8", "replace") for rel, data in extra.items()
           if rel.startswith(prefix) and rel.endswith(_CODE_SUFFIXES)]
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            rel = prefix + path.relative_to(folder).as_posix()
            if rel not in extra and path.suffix in _CODE_SUFFIXES and path.is_file() \
                    and not path.is_symlink():
                try:
                    out.append(path.read_text("utf-8", "replace"))
                except OSError:
                    continue
    return out


def src_code(src: Path) -> list[str]:
    """The texts of SRC's code files (`_includes/`, `_layouts/`, `assets/js/`), read as
    every file of SRC is (never through a link out of it)."""
    from ..textio import read_source
    from .site import iter_files
    out = []
    for folder in ("_includes", "_layouts", "assets/js"):
        for path, rel in iter_files(src / folder, src, _CODE_SUFFIXES):
            data = read_source(path, rel, None, src)
            if data is not None:
                out.append(data.decode("utf-8", "replace"))
    return out


def _dest_code(plan: Plan) -> list[str]:
    """The texts of DEST's code files as the conversion leaves them."""
    files = {rel: data for rel, data in plan.files.items() if isinstance(data, bytes)}
    return [t for folder in ("_includes/", "_layouts/", "assets/js/")
            for t in _code_texts(plan.dest / folder, files, folder)]


def dest_reads_dollars(plan: Plan) -> bool:
    """Whether DEST's MathJax settings read `$x$` as inline math (kramdown makes `$$x$$`
    math MathJax reads by default)."""
    return _sets_up_dollars(_dest_code(plan))


def _math_block_names() -> list[str]:
    from ..mapdata import load_mapping
    return list(load_mapping("jekyll").get("math_blocks", []))


def _dest_has_mathjax(plan: Plan) -> bool:
    return any("mathjax" in t.lower() for t in _dest_code(plan))


def _block_span() -> re.Pattern[str]:
    names = "|".join(re.escape(n) for n in _math_block_names()) or "(?!)"
    return re.compile(r"(\{%-?\s*(" + names + r")\b[^%]*?-?%\})(.*?)(\{%-?\s*end\2\s*-?%\})",
                      re.S)


def _kramdown_inline(body: str, html: bool) -> str:
    """``body`` with its `$x$` (outside code) written as the inline math a MathJax with its
    default delimiters reads: `$$x$$` in Markdown (kramdown writes `\\(x\\)` of it),
    `\\(x\\)` in an HTML file (no Markdown converter runs on it)."""
    keep = [*fenced_code(body), *(m.span() for m in _CODE_SPAN().finditer(body))]

    def fn(m: re.Match[str]) -> str:
        if any(a <= m.start() < b for a, b in keep):
            return m.group(0)
        inner = m.group(0)[1:-1]
        return "\\(" + inner + "\\)" if html else "$$" + inner + "$$"
    return _INLINE_DOLLAR().sub(fn, body)


def math_blocks_for_mathjax(body: str, plan: Plan, runs: set[str], html: bool) -> str:
    """``body`` with the `$x$` inside each math block (``math_blocks``) that DEST cannot run
    written as math DEST's MathJax reads by default, where that MathJax does not read `$x$`
    itself (:func:`drop_math_block` then drops the block's tags)."""
    names = _math_block_names()
    if not any(n in body for n in names) or all(n in runs for n in names) \
            or dest_reads_dollars(plan) or not _dest_has_mathjax(plan):
        return body
    return _block_span().sub(lambda m: m.group(1) + _kramdown_inline(m.group(3), html)
                             + m.group(4) if m.group(2) not in runs else m.group(0), body)


def drop_math_block(plan: Plan, name: str, tag: str, target: str,
                    where: Origin | None) -> bool:
    """Whether tag ``tag`` (named ``name``) of a block whose body is math between dollars
    (``math_blocks`` in ``mappings/jekyll.yml``: jekyll-katex's `katexmm`) goes, as DEST's
    MathJax reads `$x$` and `$$x$$` itself, or reads the math :func:`math_blocks_for_mathjax`
    wrote with its default delimiters; said at ``where``."""
    if name not in _math_block_names():
        return False
    if dest_reads_dollars(plan):
        how = "which reads these delimiters"
    elif _dest_has_mathjax(plan):
        how = ("with the inline `$x$` written as `$$x$$` (kramdown's inline math, which "
               "MathJax reads by default)")
    else:
        return False
    plan.report.add("liquid-math-block", "info", "mapped", f"`{tag}` removed: the math it "
                    f"marks (`$x$`, `$$x$$`) is shown by {target}'s MathJax, {how}.",
                    where.path if where else None, where.line if where else None)
    return True


def uses_inline_dollars(body: str) -> bool:
    """Whether a Markdown body writes inline math as `$x$` (outside code)."""
    spans = fenced_code(body)
    for start, end in reversed(spans):
        body = body[:start] + body[end:]
    return bool(_INLINE_DOLLAR().search(_CODE_SPAN().sub("", body)))


def check(plan: Plan, site: Site, src_code: list[str]) -> None:
    """Say which pages write `$x$` math that SRC's MathJax settings showed (``src_code``: the
    texts of SRC's code files) and DEST's will not."""
    if not _sets_up_dollars(src_code):
        return
    dest = _dest_code(plan)
    if not any("mathjax" in t.lower() for t in dest) or _sets_up_dollars(dest):
        return  # no MathJax (said where its math is), or one that reads `$` too
    docs: list[Page | Item] = [*site.pages, *site.posts, *site.talks, *site.teaching,
                               *site.projects]
    pages = [d.path for d in docs if d.path and uses_inline_dollars(d.body)]
    if not pages:
        return
    listed = ", ".join(f"`{p}`" for p in pages[:5]) + (", ..." if len(pages) > 5 else "")
    plan.report.add("inline-dollar-math", "warning", "lost", f"{len(pages)} page(s) write "
                    f"inline math between single dollars (`$x$`: {listed}), which the old "
                    "site's MathJax settings read (`inlineMath` with `$`) and the new "
                    "template's MathJax does not: they would show the dollars and the TeX "
                    "as written. Add `$` to the inline delimiters of the new template's "
                    "MathJax settings (MathJax 3: `window.MathJax = {tex: {inlineMath: "
                    "[['$', '$'], ['\\\\(', '\\\\)']]}};` before it loads), or write `$$x$$`.",
                    pages[0])


#: kramdown's math: `$$x$$`, inline where text stands on its line with it
_KRAMDOWN_MATH = lazy_pattern(r"\$\$(.+?)\$\$", re.S)


def kramdown_inline_math(text: str) -> str:
    """A line of text a theme's layouts print through Markdown (`title | markdownify`),
    as another theme that prints it as it stands must write it to show the same: kramdown
    reads `$$x$$` in a line of text as inline math, `\\(x\\)`; printed as it stands,
    MathJax reads `$$x$$` as display math (a block of its own, the line broken around
    it), and `\\(x\\)` as inline math, as the old site showed it."""
    return _KRAMDOWN_MATH().sub(lambda m: "\\(" + m[1] + "\\)", text) if "$$" in text else text
