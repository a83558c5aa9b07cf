"""The wrong way round: a conversion that would overwrite someone else's site.

A first run into DEST (no manifest of an earlier run) replaces what DEST holds. That is
meant when DEST is a fresh checkout of the target template (it names the template's
placeholder owner) or the owner's own site; it is a mistake when DEST is another person's
site, or when SRC is itself a fresh template (SRC and DEST swapped: the template's example
person would overwrite the owner's config, about page and CV). Both are refused, naming the
files that would be replaced, unless ``--force`` says it is meant.
"""

from __future__ import annotations

from pathlib import Path

from .plan import MANIFEST, Plan, is_bookkeeping
from .registry import detect, vocabulary

_SHOWN = 4
"""Files named in the refusal; the count says how many more."""


def placeholders(theme: str) -> set[str]:
    """The owner names a fresh checkout of ``theme`` gives (``checkout.placeholder_owner``
    of its mapping file), normalized."""
    names = (vocabulary(theme).get("checkout") or {}).get("placeholder_owner") or []
    return {_norm(str(n)) for n in names}


def _norm(name: str) -> str:
    return " ".join(name.split()).casefold()


def dest_owner(dest: Path) -> tuple[str, str] | None:
    """(theme, owner name) of the site in DEST when it is one that sitemigrate did not write
    (no manifest) and whose theme is told with confidence; else None."""
    if not (dest / "_config.yml").is_file() or (dest / MANIFEST).is_file():
        return None
    found = detect(dest)[0]
    if not found.confident:
        return None
    from .registry import get_theme
    return found.theme, get_theme(found.theme).owner_name(dest)


def refusal(plan: Plan, src_owner: str, src_theme: str) -> str | None:
    """Why ``plan`` must not be applied without ``--force``, or None. What DEST holds is
    compared only when SRC is a template or DEST a site sitemigrate did not write."""
    if src_theme and _norm(src_owner) in placeholders(src_theme):
        why = (f"refused: SRC is a fresh {src_theme} template (its owner is the placeholder "
               f"`{src_owner}`), not a site of yours; converting it would replace")
        then = "in DEST. Check the order (SRC first, then DEST), or use --force."
    else:
        found = dest_owner(plan.dest)
        if found is None:
            return None
        theme, owner = found
        if not owner or _norm(owner) in placeholders(theme) or _norm(owner) == _norm(src_owner):
            return None
        why = (f"refused: DEST holds the site of `{owner}` (not a fresh template checkout, "
               "not written by sitemigrate), and converting would replace")
        then = ("there. Convert into a fresh checkout of the template, check the order (SRC "
                "first, then DEST), or use --force.")
    replaced = sorted(c.path for c in plan.changes()
                      if c.kind in ("changed", "deleted") and not is_bookkeeping(c.path))
    if not replaced:
        return None
    more = f" and {len(replaced) - _SHOWN} more" if len(replaced) > _SHOWN else ""
    return f"{why} {', '.join(f'`{p}`' for p in replaced[:_SHOWN])}{more} {then}"
