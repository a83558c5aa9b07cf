"""What the target theme's layouts really show (issue #31, writing), each rule on an invented
miniature: the Liquid the converter writes builds when a collection is empty or undeclared,
CV text and lists go where al-folio's CV layout shows them, talk and teaching details stay
visible, text in attributes is escaped, headings follow the site's language, the template's
own wording goes, news shows where it showed before.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from test_checkout import _convert, _write

needs_jekyll = pytest.mark.skipif(shutil.which("jekyll") is None,
                                  reason="jekyll is not installed (.ci/run installs it)")


def _academicpages(tmp_path: Path, files: dict[str, str], drop: tuple[str, ...] = ()) -> Path:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    for rel in drop:
        shutil.rmtree(src / rel)
    return _write(src, files)


@needs_jekyll
def test_a_listing_of_a_collection_the_site_lacks_still_builds(tmp_path):
    """A CV page that lists talks and teaching, on a site with neither: al-folio's listing
    of `site.talks` / `site.teachings` (collections DEST does not declare) builds, and shows
    nothing, as before (Jekyll's `sort` stops the build on an undeclared collection)."""
    from test_jekyll import build, liquid_messages, prepare
    src = _academicpages(tmp_path, {}, drop=("_talks", "_teaching"))
    dest = tmp_path / "dest"
    _convert(src, dest, "al-folio")
    cv = (dest / "_pages/cv.md").read_text()
    assert "site.talks" in cv and "site.teachings" in cv
    done = build(prepare(dest, tmp_path / "b"), tmp_path / "out")
    assert done.returncode == 0, done.stderr[-800:]
    assert not liquid_messages(done)
