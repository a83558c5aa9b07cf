"""`sitemigrate verify` names the Liquid warnings only the new build logs (issue 31). A
conversion moves and renames the owner's files (`_publications/x.md` becomes al-folio's
`_pages/publications/x.md`, an upgrade's `_publications/2024-01-02-x.md`): a warning the old
build logged for the same markup is the same warning, in whatever file it is now."""

from __future__ import annotations

from test_verify import new_site, old_site, owner

from sitemigrate.verify import BuiltSite, compare

_BRACES = ('Liquid Warning: Liquid syntax error (line {n}): Expected end_of_string but found '
           'id in "{{{{Tide Tables}}}}" in {path}')


def _with_log(site: BuiltSite, *lines: str) -> BuiltSite:
    return BuiltSite(site.root, site.url, "\n".join(f"        1     {x}" for x in lines))


def test_a_warning_the_old_build_logged_for_a_moved_file_is_not_new(tmp_path):
    """The old build warned of `{{Tide Tables}}` in `/tmp/.../_publications/tides.md`; the
    new one of the same markup in `_pages/publications/tides.md` (moved by the conversion):
    not new. A warning of other markup is new, whatever file it names."""
    old = _with_log(old_site(tmp_path), _BRACES.format(
        n=18, path="/tmp/lab/src-ada.x1/_publications/tides.md"))
    moved = _BRACES.format(n=21, path="_pages/publications/tides.md")
    other = ('Liquid Warning: Liquid syntax error (line 3): Unexpected character { in '
             '"{{ {" in _pages/cv.md')
    new = _with_log(new_site(tmp_path), moved, other)
    result = compare(old, new, owner(tmp_path))
    assert len(result.new_warnings) == 1 and "Unexpected character" in result.new_warnings[0]
