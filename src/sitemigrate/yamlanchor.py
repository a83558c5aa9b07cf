"""An anchor defined twice, read as Jekyll reads it.

Ruby's Psych (Jekyll's YAML) lets a document define an anchor again (`en: &d "A"` then
`zh: &d "B"`): each alias names the latest node defined under that name before it. PyYAML's
composer refuses the second definition ("found duplicate anchor") and libyaml's does the
same, so a loader built on :class:`Redefinable` (PyYAML's own Python composer) takes the
document as Psych does instead of reading nothing from it. ruamel's composer reads it so
too, with a Python warning on the console that names no finding: it is silenced here.
"""

from __future__ import annotations

import warnings
from typing import Any

from ruamel.yaml.error import ReusedAnchorWarning

warnings.filterwarnings("ignore", category=ReusedAnchorWarning)


class Redefinable:
    """Composer mix-in: a node's anchor that was defined before names this node from here on
    (the earlier node keeps the aliases that came before)."""

    anchors: dict[str, Any]

    def compose_node(self, parent: Any, index: Any) -> Any:
        import yaml
        event = self.peek_event()  # type: ignore[attr-defined]
        if not isinstance(event, yaml.AliasEvent) and getattr(event, "anchor", None):
            self.anchors.pop(event.anchor, None)
        return super().compose_node(parent, index)  # type: ignore[misc]
