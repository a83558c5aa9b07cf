"""An upgrade's carrying of the owner's own layouts (:mod:`sitemigrate.upgrade`).

A page laid out in a layout of the owner's own (a `_layouts/NAME.*` no template ever had)
keeps it where DEST's checkout has none of that name, so that it shows what it showed. The
layout comes along only where everything it runs resolves in DEST:

* the layout it is laid out in, by this same rule in turn;
* each include it runs: a template's include under the name DEST's checkout gives it (the
  2024 rename of al-folio's includes to `.liquid`); an include of the owner's own (a file of
  SRC's `_includes/` that no template ever had at that path: a masthead of a second
  language that shows its own menu) carried as written, with what it runs in turn, by the
  same rule. A changed copy of a template's include is no own include: it resolves only
  where DEST has that include (the new checkout's runs).

Where any of it does not resolve, nothing of it is carried (Jekyll would stop on the
missing include): the page takes the layout the writer gave it. The lists of a data file
that the carried files read by their key (`site.data.navigation.main_cn`), which the
writer's rendering of that file lacks, are added to it as SRC has them.
"""

from __future__ import annotations

import re
from glob import escape as glob_escape
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from . import template_files
from .ir import Origin
from .textio import read_source

if TYPE_CHECKING:
    from .upgrade import _Target

INCLUDE = re.compile(r"(\{%-?\s*include\s+)([\w./-]+?)\.(html|liquid)\b")


def include_names(body: str, have: set[str]) -> str:
    """``{% include x.html %}`` as ``x.liquid`` (or back) where DEST's checkout has only the
    other (the 2024 rename of al-folio's includes)."""
    if not have:
        return body

    def swap(m: re.Match[str]) -> str:
        other = "liquid" if m.group(3) == "html" else "html"
        name, alt = f"{m.group(2)}.{m.group(3)}", f"{m.group(2)}.{other}"
        return m.group(1) + (alt if name not in have and alt in have else name)
    return INCLUDE.sub(swap, body)


def as_text(data: bytes, errors: str) -> str:
    """``data`` as UTF-8 text, line endings made ``\\n`` (as Python's text files read)."""
    return data.decode("utf-8", errors).replace("\r\n", "\n").replace("\r", "\n")


def owner_layout(to: _Target, name: str, page: str) -> None:
    """The owner's own layout ``name`` comes along for ``page`` where DEST has none of that
    name, with the layout it is laid out in and the owner's own includes it runs, where all
    of it resolves in DEST (see the module)."""
    base = to.src / "_layouts"
    files = [p for p in sorted(base.glob(f"{glob_escape(name)}.*")) if p.is_file()
             and not p.is_symlink() and p.stem == name] if base.is_dir() else []
    table = template_files.templates(to.theme)
    if len(files) != 1 or any(r.startswith("_layouts/") and PurePosixPath(r).stem == name
                              for r in table.files):
        return
    from .textio import SourceText, split_document
    rel = f"_layouts/{files[0].name}"
    text = _fitted(to, rel, files[0])
    if text is None:
        return
    parent = split_document(SourceText(text), rel, None).data.get("layout")
    parent = parent if isinstance(parent, str) and parent not in ("none", "null") else None
    to.layouts.add(name)  # (a layout laid out in itself stops here)
    if parent is not None and parent not in to.layouts:
        owner_layout(to, parent, rel)
    own: dict[str, str] = {}
    if not _resolves(to, text, table, own) or (parent is not None and parent not in to.layouts):
        to.layouts.discard(name)
        return
    for inc, body in own.items():
        to.plan.write(inc, body.encode("utf-8"))
    to.plan.write(rel, text.encode("utf-8"))
    lists = _data_lists(to, [text, *own.values()])
    with_ = ""
    if own:
        with_ = (f", with your own include(s) it runs ({', '.join(f'`{r}`' for r in own)}), "
                 "carried as you wrote them too")
    if lists:
        with_ += (f"; the list(s) of your data they read ({', '.join(lists)}) are added to "
                  "what the new site's data files hold")
    to.plan.report.verbatim("upgrade-own-layout", f"`{page}` is laid out in `{rel}`, your own "
                            f"layout (no template has one of that name): carried as you wrote "
                            f"it{with_}, so the page shows what it showed. Check it against "
                            "the new template's look.", rel)


def _fitted(to: _Target, rel: str, path: Path) -> str | None:
    """SRC's layout or include at ``path`` as it goes into DEST: its template includes named
    as DEST's checkout has them, a tag DEST's build does not run as a page's is (None: not
    readable as UTF-8, or a link out of SRC)."""
    from .jekyll.checkout import translate_liquid
    data = read_source(path, rel, None, root=to.src)  # (a folder linked out: not read)
    try:
        text = include_names(as_text(data, "strict"), to.includes) if data is not None else None
    except UnicodeDecodeError:
        return None
    if text is None:
        return None
    return translate_liquid(text, to.theme, to.theme, to.plan, Origin(rel, 1))  # as a page's


def _runs(text: str) -> list[str]:
    """The includes ``text`` runs by a fixed name (not inside `{% comment %}`)."""
    from .jekyll.liquid import include_name, tokenize
    return [n.lstrip("/") for tok in tokenize(text) if tok.kind == "tag"
            and tok.name == "include" and (n := include_name(tok)) and "{{" not in n]


def _resolves(to: _Target, text: str, table: Any, own: dict[str, str]) -> bool:
    """Whether every include ``text`` runs resolves in DEST: DEST's checkout has it, or it is
    the owner's own (no template's path), which is added to ``own`` (its path -> its text as
    it goes into DEST) where what it runs resolves in turn."""
    for name in _runs(text):
        rel = f"_includes/{name}"
        if name in to.includes or rel in own:
            continue
        path = to.src / rel
        if rel in table.files or ".." in name.split("/") or not path.is_file() \
                or path.is_symlink():
            return False  # a template's include DEST lacks, or none at all
        body = _fitted(to, rel, path)
        if body is None:
            return False
        own[rel] = body
        if not _resolves(to, body, table, own):
            return False
    return True


_DATA_KEY = re.compile(r"\bsite\.data\.([\w-]+)(?:\.([\w-]+)|\[\s*(['\"])([^'\"]+)\3\s*\])")


def _data_lists(to: _Target, texts: list[str]) -> list[str]:
    """Add to the writer's data files the top-level keys that ``texts`` (carried layouts
    and includes) read (`site.data.navigation.main_cn`), where SRC's file of that name has
    the key and the writer's rendering of it lacks it; returns them as `key` of `file`."""
    from .jekyll.liquid import shown_liquid
    from .yamlio import dump_yaml, load_yaml
    out: list[str] = []
    wanted = sorted({(m.group(1), m.group(2) or m.group(4))
                     for text in texts for m in _DATA_KEY.finditer(shown_liquid(text))})
    for name, key in wanted:
        for rel in (f"_data/{name}.yml", f"_data/{name}.yaml"):
            written = to.plan.files.get(rel)
            data = read_source(to.src / rel, rel, None, root=to.src) \
                if written is not None and (to.src / rel).is_file() else None
            if data is None or written is None:
                continue
            text = written.decode("utf-8", "replace")
            ours = load_yaml(data.decode("utf-8", "replace"), rel, None, shared=True)
            theirs = load_yaml(text, rel, None, shared=True)
            if not isinstance(ours, dict) or not isinstance(theirs, dict) \
                    or key not in ours or key in theirs:
                continue
            new = text + ("" if not text or text.endswith("\n") else "\n") \
                + dump_yaml({key: ours[key]})
            joined = load_yaml(new, rel, None, shared=True)
            if isinstance(joined, dict) and set(joined) == {*theirs, key}:
                to.plan.write(rel, new.encode("utf-8"))
                out.append(f"`{key}` of `{rel}`")
    return out
