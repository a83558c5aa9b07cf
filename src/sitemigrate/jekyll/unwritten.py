"""Documents kept for the owner's own Liquid, in a collection Jekyll reads and does not write.

A theme that has no collection another theme's Liquid loops over (academicpages has no
`site.news`, al-folio no `site.publications`) leaves a page or include of the owner's that
reads it with nothing to list. Such a site keeps those documents as written, in a collection
of that name that `_config.yml` declares with `output: false`: the Liquid reads them as
before, and no page is written for them (the addresses stay what the conversion made)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruamel.yaml.comments import CommentedMap

from ..textio import dump_yaml, load_yaml
from .site import set_key

if TYPE_CHECKING:
    from ..plan import Plan


def rendered_liquid(text: str) -> list[str]:
    """The Liquid tags and outputs of ``text`` whose output a visitor can see: not in a
    `{% comment %}` or `{% raw %}` block, nor in an HTML comment (Jekyll renders Liquid
    there too, into the comment, which no browser shows)."""
    from ..formats.cvmarkdown import mask_comments
    from .liquid import tokenize
    return [tok.text for tok in tokenize(mask_comments(text)) if tok.kind in ("tag", "output")]


def keep_unwritten(plan: Plan, name: str, docs: dict[str, str]) -> bool:
    """Write ``docs`` (path -> text) and declare the collection ``name`` in the planned
    `_config.yml` with `output: false`; False (nothing written) where the plan has no config
    that reads as a mapping."""
    config = load_yaml(plan.files["_config.yml"].decode("utf-8"), "_config.yml", plan.report) \
        if "_config.yml" in plan.files else None
    if not isinstance(config, CommentedMap):
        return False
    for rel, text in docs.items():
        plan.write(rel, text)
    cols = config.get("collections")
    if not isinstance(cols, dict):
        cols = CommentedMap()
        set_key(config, "collections", cols)
    set_key(cols, name, CommentedMap([("output", False)]))
    plan.write("_config.yml", dump_yaml(config))
    return True
