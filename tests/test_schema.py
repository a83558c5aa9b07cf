"""The IR JSON schema is generated from the dataclasses and checked into the package.

Regenerate after changing ``sitemigrate/ir.py``: ``SITEMIGRATE_REGEN=1 python -m pytest tests/test_schema.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
from pydantic import TypeAdapter

import sitemigrate
from sitemigrate.ir import SCHEMA_VERSION, Site

SCHEMA_FILE = Path(sitemigrate.__file__).parent / "schema" / "ir.schema.json"


def generated() -> dict:
    site = TypeAdapter(Site).json_schema(mode="serialization")
    defs = site.pop("$defs", {})
    # what reading found is no part of the site's JSON (``to_json`` leaves ``Site.findings``
    # out): ``inspect`` lists the findings at its top level
    del site["properties"]["findings"], defs["Finding"]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://sitemigrate.invalid/schema/ir-{SCHEMA_VERSION}.json",
        "title": "sitemigrate profile IR",
        "description": "Output of `sitemigrate inspect`: the neutral model of a site.",
        "type": "object",
        "required": ["schema_version", "site"],
        "properties": {
            "schema_version": {"const": SCHEMA_VERSION},
            "site": site,
            "detection": {"type": "array", "items": {
                "type": "object", "required": ["theme", "score", "generation", "confident"],
                "properties": {"theme": {"type": "string"}, "score": {"type": "integer"},
                               "generation": {"type": "string"},
                               "reasons": {"type": "array", "items": {"type": "string"}},
                               "confident": {"type": "boolean"}}}},
            "findings": {"type": "array", "items": {"type": "object"}},
        },
        "$defs": defs,
    }


def test_schema_file_is_current():
    want = json.dumps(generated(), indent=2, sort_keys=True) + "\n"
    if os.environ.get("SITEMIGRATE_REGEN"):
        SCHEMA_FILE.write_text(want)
    assert SCHEMA_FILE.read_text() == want, "IR changed: regenerate the schema (see docstring)"


def test_inspect_output_validates(alfolio_site, academicpages_site, capsys):
    from sitemigrate.cli import main
    schema = json.loads(SCHEMA_FILE.read_text())
    for src in (alfolio_site, academicpages_site):
        assert main(["inspect", str(src)]) == 0
        data = json.loads(capsys.readouterr().out)
        jsonschema.validate(data, schema)
        assert data["site"]["identity"]["socials"]
        assert "findings" not in data["site"] and isinstance(data["findings"], list)
        best = data["detection"][0]
        assert best["theme"] == data["site"]["theme"] and best["confident"] and best["reasons"]
    broken = json.loads(json.dumps(data))
    broken["site"]["publications"][0]["year"] = "not a year"
    try:
        jsonschema.validate(broken, schema)
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("schema accepted a string year")
