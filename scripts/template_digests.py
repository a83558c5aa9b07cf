"""Derive each theme's table of template files (``themes/<pkg>/template_files.json``) from
the pristine template checkouts of the lab (``../shared/lab/templates/<theme>-<date>``).

The table holds facts only, never the templates' text: for every path of every checkout,
the SHA-256 digests of that file (line endings normalised to LF) and the checkouts that have
each; for every BibTeX entry of the checkouts' ``_bibliography/*.bib``, the digest of the
entry (white space collapsed); and facts of the example files' text (hashes of every run of
five words, digests of the example titles and of the example entries' keys and titles:
:mod:`sitemigrate.template_text`). :mod:`sitemigrate.template_files` reads it to tell the
template's own files (and example entries, of the checkouts' versions and those between
them) from what an owner wrote.

Re-runnable: ``python scripts/template_digests.py [TEMPLATES_DIR]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sitemigrate.registry import THEMES, get_theme  # noqa: E402
from sitemigrate.template_files import TABLE, build_table, source_date  # noqa: E402


def main(argv: list[str]) -> int:
    base = Path(argv[0]) if argv else ROOT.parent / "shared" / "lab" / "templates"
    for theme in THEMES:
        checkouts = sorted((p for p in base.glob(f"{theme}-*") if p.is_dir()),
                           key=lambda p: (source_date(p), p.name))
        if not checkouts:
            continue
        package = Path(sys.modules[type(get_theme(theme)).__module__].__file__).parent
        out = package / TABLE
        table = build_table(get_theme(theme), checkouts)
        out.write_text(json.dumps(table, sort_keys=True, separators=(",", ":")) + "\n", "utf-8")
        print(f"{out.relative_to(ROOT)}: {len(checkouts)} checkouts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
