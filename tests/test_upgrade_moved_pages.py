"""An upgrade carries each page the writer put at another path than its own (the home page
where the new template has its about page) as the owner wrote it, and the page of that path
as its own (issue #31). Miniature sites; invented people throughout."""

from __future__ import annotations

from test_read_rules import write

import sitemigrate


def test_a_home_page_and_an_about_page_of_their_own_are_both_carried(tmp_path):
    """Vera's home page is `_pages/home.md` (the about layout, at `/`) and her
    `_pages/about.md` is another page (at `/about/`). The writer puts the home page where
    the new template has its about page (`_pages/about.md`) and her about page beside it:
    each file carries the page it holds, so the home page's text stays at `/` and the
    about page's at `/about/`, each once."""
    from test_checkout import alfolio_checkout
    from test_upgrade import old_site
    src = old_site(tmp_path / "src")
    (src / "_pages/about.md").unlink()
    write(src, {
        "_pages/home.md": "---\nlayout: about\ntitle: Home\npermalink: /\nprofile:\n"
                          "  align: left\n---\nWelcome to the seed library of Vera Vega.\n",
        "_pages/about.md": "---\nlayout: page\npermalink: /about/\ntitle: About\nnav: true\n"
                           "nav_order: 1\n---\nThe library lends seeds of moon gardens.\n"})
    dest = alfolio_checkout(tmp_path / "dest")
    sitemigrate.convert(src, dest, to="al-folio").apply()
    pages = {p.name: p.read_text("utf-8") for p in (dest / "_pages").glob("*.md")}
    home = [t for t in pages.values() if "seed library of Vera" in t]
    about = [t for t in pages.values() if "lends seeds" in t]
    assert len(home) == 1 and len(about) == 1
    assert "permalink: /\n" in home[0] and "layout: about" in home[0]
    assert "lends seeds" not in home[0]
    assert "permalink: /about/" in about[0] and "seed library" not in about[0]
