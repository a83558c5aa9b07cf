"""`verify` names the lines of the owner's profile (the sidebar's biography, employer and
location; the home page's subtitle and profile box) that the old site showed and the new
site shows nowhere: once, not once a page."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

from sitemigrate.report import Report
from sitemigrate.verify import BuiltSite, compare, record

SIDEBAR = ('<div class="sidebar"><h3>Tomás Lindqvist</h3><p>Ecologist who builds robots for '
           'field work</p><ul><li>he/him</li><li>Uppsala, Sweden</li><li>Example Institute of '
           'Ecology</li></ul></div>')


def built(root: Path, aside: str, home: str = "", pages: tuple[str, ...] = (
        "index.html", "talks/index.html", "cv/index.html")) -> BuiltSite:
    for rel in pages:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<html><head><title>x</title></head><body>{aside}<main>"
                        f"{home if rel == 'index.html' else ''}<p>Page {rel}.</p></main>"
                        "</body></html>", "utf-8")
    return BuiltSite(root)


def test_a_sidebar_biography_the_new_site_shows_nowhere_is_named_once(tmp_path):
    """academicpages' sidebar shows `author.bio`, `employer` and `location` on every page;
    the new site shows the employer and location under the picture of its home page, and
    the biography nowhere: the biography is named, once, as the owner's profile line; a new
    site that shows it as its home page's subtitle loses nothing."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    old = built(tmp_path / "old", SIDEBAR)
    box = "<div class='more-info'><p>he/him</p><p>Example Institute of Ecology</p>" \
          "<p>Uppsala, Sweden</p></div>"
    new = built(tmp_path / "new", "", box)
    result = compare(old, new, src)
    assert result.profile_missing == ["ecologist who builds robots for field work"]
    report = Report()
    record(result, report)
    found = [f for f in report.findings if f.code == "verify-profile"]
    assert len(found) == 1 and found[0].severity == "loss"
    assert "“ecologist who builds robots for field work…”" in found[0].message
    kept = built(tmp_path / "kept", "", "<p class='subtitle'>Ecologist who builds robots for "
                 "field work</p>" + box)
    assert compare(old, kept, src).profile_missing == []


def test_a_home_pages_subtitle_and_profile_box_are_asked_of_the_new_site(tmp_path):
    """al-folio shows the about page's `subtitle` and its profile's `more_info` on the home
    page: a new site that shows neither loses them; a line the old site did not show (a
    theme whose layout printed no subtitle) is asked of no one."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    old = built(tmp_path / "old", "", "<p>Assistant Professor at <a href='x'>Example "
                "University</a>.</p><div><p>Room 4.12, Systems Building</p><p>Example City</p>"
                "</div>")
    new = built(tmp_path / "new", "<div class='sidebar'><p>Example City</p></div>")
    assert compare(old, new, src).profile_missing == [
        "assistant professor at example university",
        "room 4 12 systems building example city"]
    quiet = built(tmp_path / "quiet", "", "<div><p>Room 4.12, Systems Building</p>"
                  "<p>Example City</p></div>")
    assert compare(quiet, new, src).profile_missing == ["room 4 12 systems building example city"]
