"""Pages whose `redirect_from` names the same old address: jekyll-redirect-from writes a
redirect for each, to the same file, the later page's (Jekyll keeps pages sorted by name)
last. The target gets one redirect page there, forwarding where the old site did, and the
double claim is reported (was: two pages at one address, a Jekyll conflict in DEST, and a
finding for a redirect that no longer exists)."""

from __future__ import annotations

import shutil
from pathlib import Path

from sitemigrate.api import convert

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RESUME = ("---\nlayout: archive\ntitle: Short resume\npermalink: /Short-resume/\n"
          "redirect_from:\n  - /resume\n---\n\nA short resume of Tomás Lindqvist.\n")


def test_one_old_address_claimed_by_two_pages_gets_one_redirect(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/Short-resume.md").write_text(RESUME, "utf-8")  # sorts before cv.md
    (src / "_pages/Awards.md").write_text(RESUME.replace("Short resume", "Awards").replace(
        "/Short-resume/", "/awards/"), "utf-8")  # and before that one
    plan = convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    stubs = [p for p in (tmp_path / "out/_pages/redirects").glob("*.md")
             if "permalink: /resume\n" in p.read_text("utf-8")]
    assert len(stubs) == 1
    assert "redirect: /cv/\n" in stubs[0].read_text("utf-8")  # cv.md sorts last: it won
    messages = [f.message for f in plan.report.findings if "`/resume`" in f.message]
    assert not any(("/Short-resume/" in m or "/awards/" in m) and "forwards to" in m
                   and "through" in m for m in messages)
    claimed = [f for f in plan.report.findings if f.code == "redirect-claimed"]
    assert len(claimed) == 1, claimed
    assert "3 pages (_pages/Awards.md, _pages/Short-resume.md, _pages/cv.md)" in \
        claimed[0].message and "forwards to `/cv/`" in claimed[0].message
    rows = {r["old"]: r for r in plan.report.urls}
    assert rows["/resume"]["how"] == "redirect" and rows["/resume"]["new"] == "/cv/"


def test_a_page_at_an_address_another_pages_redirect_claims_is_not_carried(tmp_path):
    """jekyll-redirect-from's pages are written after the pages Jekyll read: the old site
    served the redirect at `/gallery/`, not the page whose permalink it is. DEST gets the
    redirect only (was: both, one file written twice, a Jekyll conflict); a collection's
    document, written after the pages, is not touched."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    (src / "_pages/gallery.md").write_text(
        "---\ntitle: Gallery\npermalink: /gallery/\n---\n\nPictures of nothing.\n", "utf-8")
    (src / "_pages/work.md").write_text(
        "---\ntitle: Work\npermalink: /work/\nredirect_from:\n  - /gallery/\n---\n\n"
        "Things Tomás Lindqvist built.\n", "utf-8")
    plan = convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    at_gallery = [p for p in (tmp_path / "out/_pages").rglob("*.md")
                  if "permalink: /gallery/\n" in p.read_text("utf-8")]
    assert [p.parent.name for p in at_gallery] == ["redirects"]
    assert "redirect: /work/\n" in at_gallery[0].read_text("utf-8")
    dropped = [f for f in plan.report.findings if f.code == "redirect-shadows-page"]
    assert len(dropped) == 1 and dropped[0].path == "_pages/gallery.md", dropped
    assert "_pages/work.md" in dropped[0].message
    config = (src / "_config.yml").read_text("utf-8")  # a site without the plug-in served
    (src / "_config.yml").write_text(config.replace("jekyll-redirect-from", "jekyll-gist"))
    plan = convert(src, tmp_path / "out2", to="al-folio")
    assert not [f for f in plan.report.findings if f.code == "redirect-shadows-page"]
