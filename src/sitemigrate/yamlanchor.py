"""An anchor defined twice, read as Jekyll reads it.

Ruby's Psych (Jekyll's YAML) lets a document define an anchor again (`en: &d "A"` then
`zh: &d "B"`): each alias names the latest node defined under that name before it. PyYAML's
composer refuses the second definition ("found duplicate anchor") and libyaml's does the
same, so a loader built on :class:`Redefinable` (PyYAML's own Python composer) takes the
document as Psych does instead of reading nothing from it. ruamel's composer reads it so
too, with a Python warning on the console that names no finding: :func:`quiet_composer`
reads it the same way without one.
"""

from __future__ import annotations

import functools
from typing import Any


class Redefinable:
    """PyYAML composer mix-in: a node's anchor that was defined before names this node from
    here on (the earlier node keeps the aliases that came before)."""

    anchors: dict[str, Any]

    def compose_node(self, parent: Any, index: Any) -> Any:
        import yaml
        event = self.peek_event()  # type: ignore[attr-defined]
        if not isinstance(event, yaml.AliasEvent) and getattr(event, "anchor", None):
            self.anchors.pop(event.anchor, None)
        return super().compose_node(parent, index)  # type: ignore[misc]


@functools.cache
def quiet_composer() -> Any:
    """ruamel's composer, an anchor defined again naming its new node without a warning."""
    from ruamel.yaml.composer import Composer
    from ruamel.yaml.events import AliasEvent

    class Quiet(Composer):
        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.parser.peek_event()
            if not isinstance(event, AliasEvent) and getattr(event, "anchor", None):
                self.anchors.pop(event.anchor, None)
            return super().compose_node(parent, index)

    return Quiet
