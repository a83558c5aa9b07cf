"""Every corpus site converted into real template checkouts of the other theme builds in
that theme, as a visitor would see it (tests/realtheme.py has the lab; `.ci/run` sets it
up with `../shared/lab/bin/setup`).

Each cell is one corpus site (the upstream templates' content and 18 real sites) merged
into one template checkout (each al-folio generation for academicpages sources, both
academicpages generations for al-folio sources) and built with the real Jekyll. Compared
with the source site's own build: 0 build errors, no new Liquid warnings, no new dead
internal links, no text of the target template's example people, every menu entry
resolves, and every paragraph of the owner's content that the source build shows is shown.

The cells run two at a time (the builds are the cost) before the first test; the table of
the run is written to ``realtheme-table.md`` in pytest's temporary folder and printed at
the end of the session.
"""

from __future__ import annotations

import os

import pytest

import realtheme

pytestmark = pytest.mark.skipif(realtheme.missing() is not None,
                                reason=str(realtheme.missing()))

CELLS = realtheme.cells()
_RESULTS: dict[tuple[str, str], realtheme.Cell] = {}


@pytest.fixture(scope="session")
def lab_results(request, tmp_path_factory):
    """Build every cell this session selected, two at a time, once."""
    wanted = []
    for item in request.session.items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "cell" in callspec.params:
            wanted.append(callspec.params["cell"])
    wanted = list(dict.fromkeys(wanted)) or CELLS
    work = tmp_path_factory.mktemp("realtheme")
    jobs = int(os.environ.get("SITEMIGRATE_LAB_JOBS", "2"))
    for cell in realtheme.run(wanted, work, jobs):
        _RESULTS[(cell.site, cell.template)] = cell
    table = work / "realtheme-table.md"
    table.write_text(realtheme.HEADER + "\n" + "\n".join(
        _RESULTS[c].row() for c in wanted) + "\n")
    request.config._realtheme_table = table  # printed by conftest's terminal summary
    return _RESULTS


@pytest.mark.parametrize("cell", CELLS, ids=[f"{realtheme.short(s)}->{t}" for s, t in CELLS])
def test_converted_site_builds_and_shows_the_owner(cell, lab_results):
    result = lab_results[cell]
    where = f"{result.site} -> {result.template}"
    assert result.convert_rc in (0, 1), f"{where}: convert failed:\n{result.convert_err}"
    assert result.build_rc == 0, f"{where}: the build failed:\n{result.log}"
    assert not result.new_warnings, f"{where}: new Liquid warnings {result.new_warnings}"
    assert not result.new_dead, f"{where}: new dead links {result.new_dead}"
    assert not result.examples, f"{where}: the template's example text {result.examples}"
    assert not result.dead_menu, f"{where}: menu entries that lead nowhere {result.dead_menu}"
    assert result.paragraphs_shown == result.paragraphs, (
        f"{where}: paragraphs not shown: {result.missing_paragraphs}")
