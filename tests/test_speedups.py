"""The private-API speed-ups fail loudly, not silently slower, when a dependency changes.

Each speed-up gives up (the public path then does the work) at whatever it does not know,
so a changed ruamel.yaml or PyYAML would only make conversions slower; these
tests make it a failure instead (see ``_speedups_ruamel``).
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from sitemigrate import _speedups_ruamel

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_ruamel_private_api_has_the_shape_the_speed_ups_use():
    assert _speedups_ruamel.check_private_api() == []


@pytest.mark.parametrize("name", ["ruamel.yaml", "PyYAML"])
def test_dependency_is_pinned_and_installed_within_the_pins(name):
    deps = tomllib.loads(PYPROJECT.read_text("utf-8"))["project"]["dependencies"]
    req = next(Requirement(d) for d in deps
               if re.match(rf"{re.escape(name)}\b", d, re.I))
    ops = {s.operator for s in req.specifier}
    assert "<" in ops and ">=" in ops, f"{name}: a lower and an upper bound ({req})"
    assert req.specifier.contains(version(name)), f"{name} {version(name)} is outside {req}"
