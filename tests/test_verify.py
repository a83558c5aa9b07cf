"""`sitemigrate verify`'s comparison on small hand-written built sites (no Jekyll): what a
visitor of the new site would lose is named (page, paragraph, item, menu entry, file,
address), and a build command stands in for Jekyll."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from sitemigrate import cli
from sitemigrate.report import Report
from sitemigrate.verify import BuildFailed, BuiltSite, build, compare, record

PARA = "Ada studies the tides of small harbours and how boats moor in them at night."
TALK = "Harbour Tides at Dusk"
MENU_OLD = '<nav><a href="/">Ada</a><a href="/publications/">Papers</a><a href="/cv/">CV</a></nav>'
MENU_NEW = '<nav><a href="/">Ada</a><a href="/publications/">Papers</a></nav>'


def page(body: str, nav: str = MENU_OLD, head: str = "") -> str:
    return (f"<html><head><title>x</title>{head}</head><body><header>{nav}</header>"
            f"<main>{body}</main><footer>Powered by a theme</footer></body></html>")


def pubs(*titles: str) -> str:
    return "<h1 class='post-title'>Papers</h1><ol>" + "".join(
        f'<li><div class="title">{t}</div><div class="author">A. Lovelace</div></li>'
        for t in titles) + "</ol>"


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return root


def owner(tmp_path: Path) -> Path:
    """The owner's source: an about page, a talk with its venue, a CV entry."""
    return write(tmp_path / "src", {
        "_pages/about.md": f"---\npermalink: /\n---\n{PARA}\n",
        "_talks/tides.md": f"---\ntitle: {TALK}\nvenue: Lighthouse Society\n---\n",
        "_data/cv.yml": "- title: Education\n  contents:\n  - title: Master of Tidal Studies\n",
    })


def shared_pages() -> dict[str, str]:
    """The pages both sites have, each in its theme's markup."""
    return {
        "index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night")),
        "publications/index.html": page(pubs("Moorings at Night", "Tidal Clocks")
                                        + '<a href="/assets/pdf/clocks.pdf">PDF</a>'),
        "talks/index.html": page(f'<h2 class="archive__item-title">{TALK}</h2>'
                                 "<p>Lighthouse Society</p>"),
        "assets/pdf/clocks.pdf": "%PDF",
    }


def old_site(tmp_path: Path) -> BuiltSite:
    return BuiltSite(write(tmp_path / "old", shared_pages() | {
        "cv/index.html": page("<table><tr><td>Master of Tidal Studies</td></tr></table>"),
        "notes.html": page("<p>short</p>")}))


def new_files(**changes: str | None) -> dict[str, str]:
    files = shared_pages() | {
        "cv/index.html": page("<ul><li>Master of Tidal Studies</li></ul>"),
        # the old address, forwarded (jekyll-redirect-from's page)
        "notes.html": '<html><head><meta http-equiv="refresh" content="0; url=/notes/">'
                      "</head></html>",
        "notes/index.html": page("<p>short</p>"),
    }
    for rel, text in changes.items():
        if text is None:
            del files[rel]
        else:
            files[rel] = text
    return files


def new_site(tmp_path: Path, **changes: str | None) -> BuiltSite:
    return BuiltSite(write(tmp_path / "new", new_files(**changes)))


def test_the_same_site_in_another_markup_loses_nothing(tmp_path):
    result = compare(old_site(tmp_path), new_site(tmp_path), owner(tmp_path))
    assert result.paragraphs == 1 and result.details == 3  # CV entry; talk title, venue
    assert not (result.missing_paragraphs or result.lists or result.missing_details
                or result.missing_files or result.unanswered or result.home_missing)
    assert result.menu_was == result.menu_now == ["papers", "cv"]
    report = Report()
    record(result, report)
    assert report.findings == []


def test_what_a_visitor_would_lose_is_named(tmp_path):
    new = new_site(tmp_path, **{
        "index.html": page(pubs("Moorings at Night"), MENU_NEW),
        "publications/index.html": page(pubs("Moorings at Night", "Moorings at Night",
                                             "Einstein's Relativity")),
        "cv/index.html": page("<p>Nothing yet</p>"),
        "assets/pdf/clocks.pdf": None, "notes/index.html": None})
    result = compare(old_site(tmp_path), new, owner(tmp_path))
    assert result.missing_paragraphs == [("_pages/about.md", "index.html", "index.html",
                                          " ".join(PARA.lower().rstrip(".").split()))]
    assert result.home_missing  # it was on the home page
    assert sorted(result.lists) == [
        ("publications/index.html", "publications/index.html", "added", "einstein s relativity"),
        ("publications/index.html", "publications/index.html", "missing", "tidal clocks"),
        ("publications/index.html", "publications/index.html", "more often",
         "moorings at night")]
    assert result.missing_details == [("_data/cv.yml", "master of tidal studies")]
    assert result.menu_was == ["papers", "cv"] and result.menu_now == ["papers"]
    assert result.missing_files == [("publications/index.html", "/assets/pdf/clocks.pdf")]
    assert result.unanswered == ["/notes.html"]  # its redirect leads nowhere
    report = Report()
    record(result, report)
    losses = {f.code: f.message for f in report.findings if f.severity == "loss"}
    assert "“ada studies the tides of small harbours and" in losses["verify-paragraph"]
    assert "`/`" in losses["verify-paragraph"]
    assert losses["verify-menu"] == "the menu no longer has the entry `cv`"
    assert "`/notes.html`" in losses["verify-url"]
    assert "`/assets/pdf/clocks.pdf`" in losses["verify-file"]
    warnings = [f.message for f in report.findings if f.severity == "warning"]
    assert any("more often" in w for w in warnings)
    assert report.has_at_least("loss")


def _old_with_menu_entry(tmp_path: Path, entry: str) -> BuiltSite:
    """The old site, its menu with one more entry (``entry``: a link)."""
    return BuiltSite(write(tmp_path / "old", shared_pages() | {
        "cv/index.html": page("<table><tr><td>Master of Tidal Studies</td></tr></table>"),
        "notes.html": page("<p>short</p>"),
        "index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"),
                           MENU_OLD.replace("</nav>", entry + "</nav>"))}))


def test_a_menu_entry_that_led_nowhere_before_is_a_warning_not_a_loss(tmp_path):
    """An entry the old menu had to a page the old site lacked (a template's dropdown naming
    `/talks-old/`) leads nowhere on the new site either: said, as a warning; an entry that
    only the new menu has dead is a loss."""
    dead = '<a href="/talks-old/">Old talks</a>'
    old = _old_with_menu_entry(tmp_path, dead)
    nav = MENU_OLD.replace("</nav>", dead + '<a href="/gone/">Gone</a></nav>')
    new = new_site(tmp_path, **{"index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"),
                                                   nav)})
    result = compare(old, new, owner(tmp_path))
    assert result.dead_menu == ["/gone/"] and result.dead_menu_before == ["/talks-old/"]
    report = Report()
    record(result, report)
    menu = {f.message: f.severity for f in report.findings if f.code == "verify-menu"}
    assert menu["the menu entry `/gone/` leads nowhere"] == "loss"
    assert menu["the menu entry `/talks-old/` leads nowhere, as it did on the old site: "
                "remove it or make the page it names"] == "warning"


def test_a_menu_inside_an_html_comment_is_no_menu(tmp_path):
    """The old masthead was commented out (`<!-- <nav>...</nav> -->`, its Liquid still
    rendered): the old site showed no menu, so the new menu's entry that leads nowhere is a
    loss, not a dead entry the old site had too."""
    old = BuiltSite(write(tmp_path / "old", shared_pages() | {
        "cv/index.html": page("<table><tr><td>Master of Tidal Studies</td></tr></table>"),
        "notes.html": page("<p>short</p>"),
        "index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"),
                           '<!-- <nav><a href="/workshops/">Workshops</a></nav> -->')}))
    nav = '<nav><a href="/workshops/">Workshops</a></nav>'
    new = new_site(tmp_path, **{"index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"),
                                                   nav)})
    result = compare(old, new, owner(tmp_path))
    assert result.menu_was == [] and result.menu_now == ["workshops"]
    assert result.dead_menu == ["/workshops/"] and not result.dead_menu_before


def test_a_menu_entry_that_led_nowhere_before_and_is_gone_is_a_warning(tmp_path):
    """The old menu's `Hobbies` named a page the old site lacked (its file had no front
    matter, so Jekyll built no page): the new menu without it loses no page, which is said
    as a warning; `cv`, a page the old menu reached, gone from the new menu, is a loss."""
    dead = '<a href="/hobbies/">Hobbies</a>'
    old = _old_with_menu_entry(tmp_path, dead)
    new = new_site(tmp_path, **{"index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"),
                                                   MENU_NEW)})
    result = compare(old, new, owner(tmp_path))
    assert result.menu_was == ["papers", "cv", "hobbies"] and result.menu_dead_was == ["hobbies"]
    report = Report()
    record(result, report)
    menu = {f.message: f.severity for f in report.findings if f.code == "verify-menu"}
    assert menu == {"the menu no longer has the entry `cv`": "loss",
                    "the menu no longer has the entry `hobbies`, which led nowhere on the old "
                    "site either (no page is lost): add the page it names, or leave it out":
                    "warning"}


def test_a_moved_page_is_followed_and_the_menu_order_is_compared(tmp_path):
    nav = '<nav><a href="/cv/">CV</a><a href="/papers/">Papers</a></nav>'
    new = new_site(tmp_path, **{
        "publications/index.html": '<meta http-equiv="refresh" content="0; url=/papers/">',
        "papers/index.html": page(pubs("Moorings at Night", "Tidal Clocks")
                                  + '<a href="/files/clocks.pdf">PDF</a>', nav),
        "index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"), nav),
        "assets/pdf/clocks.pdf": None, "files/clocks.pdf": "%PDF"})
    result = compare(old_site(tmp_path), new, owner(tmp_path))
    assert not result.lists and not result.unanswered and not result.missing_files
    assert result.menu_state() == "same entries"
    report = Report()
    record(result, report)
    assert [f.code for f in report.findings] == ["verify-menu"]
    assert report.findings[0].severity == "warning"


def test_a_link_to_another_languages_home_is_the_language_switch_not_a_menu_entry(tmp_path):
    """A jekyll-polyglot site (`languages: [en, fr]`): the French home page the new menu
    links (the entry a converter writes for the site's language switch, as one menu holds
    it) is not an entry the old menu lacked; any other added entry still is."""
    src = owner(tmp_path)
    (src / "_config.yml").write_text("languages: [en, fr]\ndefault_lang: en\n")
    switch = MENU_OLD.replace("</nav>", '<a href="/fr/">Accueil</a></nav>')
    new = new_site(tmp_path, **{"index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"),
                                                   switch), "fr/index.html": page("<p>x</p>")})
    assert compare(old_site(tmp_path), new, src).menu_state() == "same"
    (src / "_config.yml").write_text("languages: [en]\n")
    assert compare(old_site(tmp_path), new, src).menu_state() == "differs"


def test_the_templates_example_text_is_read_from_a_pristine_checkout(tmp_path):
    template = write(tmp_path / "template", {
        "_pages/about.md": "---\nlayout: about\n---\nThis is the example person of the "
                           "theme who writes about relativity all day long.\n",
        "_pages/404.md": "---\npermalink: /404.html\n---\nThe page you were looking for "
                         "is not here at all, sorry.\n",
        "_data/cv.yml": "- title: Professor of Theoretical Physics at Somewhere\n"})
    new = new_site(tmp_path, **{
        "cv/index.html": page("<p>Master of Tidal Studies</p><p>Professor of theoretical "
                              "physics at Somewhere</p>"),
        "404.html": page("<p>The page you were looking for is not here at all, sorry.</p>")})
    result = compare(old_site(tmp_path), new, owner(tmp_path), templates=[template])
    assert result.examples == ["professor of theoretical physics at somewhere"]


def test_a_cv_entry_that_is_the_templates_example_text_is_no_loss(tmp_path):
    """The owner's CV data kept a line of the template's example CV (the old site showed it
    through the example CV itself): like an example paragraph, its absence from the new site
    is no loss, while the owner's own entry still is."""
    template = write(tmp_path / "template", {
        "_data/cv.yml": "- title: Professor of Theoretical Physics at Somewhere\n"})
    src = owner(tmp_path)
    write(src, {"_data/cv.yml": "- title: Education\n  contents:\n"
                                "  - title: Master of Tidal Studies\n"
                                "  - title: Professor of Theoretical Physics at Somewhere\n"})
    old = BuiltSite(write(tmp_path / "old", shared_pages() | {"cv/index.html": page(
        "<p>Master of Tidal Studies</p><p>Professor of Theoretical Physics at Somewhere</p>")}))
    new = new_site(tmp_path, **{"cv/index.html": page("<p>Nothing yet</p>")})
    result = compare(old, new, src, templates=[template])
    assert result.missing_details == [("_data/cv.yml", "master of tidal studies")]


def test_example_text_the_owners_page_holds_was_shown_by_an_old_build_that_stopped(tmp_path):
    """The old build stopped on an error: Jekyll renders every page, so the template's stock
    wording the owner kept on a page (with kramdown's attribute list, never shown) is what
    the old site showed; the text of an example post is still counted."""
    stock = "Write your story here and tell the visitors who you are and what you study."
    template = write(tmp_path / "template", {
        "_pages/about.md": f"---\nlayout: about\n---\n{stock}\n",
        "_posts/2015-01-01-example.md": "---\ntitle: x\n---\nThe example post of the "
                                        "theme, about nothing at all.\n"})
    src = write(tmp_path / "src", {"_pages/about.md": "---\npermalink: /\n---\n"
                                   + stock.replace("story", "[story](https://example.org)"
                                                   '{:target="_blank"}') + "\n"})
    new = new_site(tmp_path, **{"index.html": page(
        f"<p>{stock}</p><p>The example post of the theme, about nothing at all.</p>")})
    stopped = BuiltSite(write(tmp_path / "stopped", {"index.html": page("")}))
    result = compare(stopped, new, src, templates=[template], old_is_baseline=False)
    assert result.examples == ["the example post of the theme about nothing at all"]
    assert len(compare(stopped, new, src, templates=[template]).examples) == 2
    # the tree the conversion read (the owner's files over their template's checkout) has
    # a page the owner's copy lacks: Jekyll rendered it too
    read = shutil.copytree(src, tmp_path / "read")
    write(read, {"_pages/post.md": "---\npermalink: /x/\n---\nThe example post of the "
                                   "theme, about nothing at all.\n"})
    assert compare(stopped, new, src, templates=[template], old_is_baseline=False,
                   source=read).examples == []


def test_example_text_the_owners_project_holds_was_shown_by_an_old_build_that_stopped(
        tmp_path):
    """Jekyll writes a page of each document of a collection with `output: true`: the
    template's caption the owner kept in a project of theirs is what the old site showed,
    though its build stopped; in a collection without output it was shown nowhere."""
    caption = "A picture caption that the example project of the theme carries around."
    template = write(tmp_path / "template", {
        "_projects/1_project.md": f"---\ntitle: x\n---\n{caption}\n"})
    src = write(tmp_path / "src", {
        "_config.yml": "collections:\n  projects:\n    output: true\n  notes:\n"
                       "    output: false\n",
        "_projects/robot.md": f"---\ntitle: Robot\n---\nMy balancing robot.\n\n{caption}\n"})
    new = new_site(tmp_path, **{"robot/index.html": page(f"<p>{caption}</p>")})
    stopped = BuiltSite(write(tmp_path / "stopped", {"index.html": page("")}))
    assert compare(stopped, new, src, templates=[template],
                   old_is_baseline=False).examples == []
    (src / "_projects/robot.md").rename(write(src, {"_notes/x": ""}) / "_notes/robot.md")
    assert len(compare(stopped, new, src, templates=[template],
                       old_is_baseline=False).examples) == 1


def test_a_build_command_gets_the_site_and_an_output_folder(tmp_path):
    site = write(tmp_path / "site", {"built/index.html": page("<p>hi</p>")})
    script = write(tmp_path, {"b.py": textwrap.dedent("""
        import shutil, sys
        shutil.copytree(sys.argv[1] + "/built", sys.argv[2] + "/_site")
        print("built")
    """)}) / "b.py"
    built = build(site, tmp_path / "out", [sys.executable, str(script)])
    assert built.site == tmp_path / "out" / "_site" and "built" in built.log
    failing = write(tmp_path, {"f.py": "import sys\nprint('\\n'.join(f'line {i}' for i in "
                                       "range(99)))\nprint('Liquid Exception: boom')\n"
                                       "sys.exit(1)\n"}) / "f.py"
    with pytest.raises(BuildFailed, match=r"exit 1(.|\n)*line 98\nLiquid Exception: boom"):
        build(site, tmp_path / "out2", f"{sys.executable} {failing}")


def test_without_jekyll_one_line_says_how_to_get_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))  # no jekyll, no bundle
    write(tmp_path / "a", {"index.md": "hi"})
    assert cli.main(["verify", str(tmp_path / "a"), str(tmp_path / "a")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "no Jekyll found" in err and "--build" in err


def _sites_for_cli(tmp_path: Path, **changes: str | None) -> tuple[Path, Path, str]:
    src, old = owner(tmp_path), old_site(tmp_path).root
    write(src, {f"built/{p.relative_to(old).as_posix()}": p.read_text()
                for p in old.rglob("*") if p.is_file()})
    dest = write(tmp_path / "dest", {f"built/{rel}": t for rel, t in new_files(**changes).items()})
    script = write(tmp_path, {"b.py": "import shutil, sys\n"
                                      "shutil.copytree(sys.argv[1] + '/built', sys.argv[2] + "
                                      "'/_site', dirs_exist_ok=True)\n"}) / "b.py"
    return src, dest, f"{sys.executable} {script}"


def test_the_command_exits_1_on_a_loss_and_writes_the_report(tmp_path, capsys):
    src, dest, command = _sites_for_cli(tmp_path)
    assert cli.main(["verify", str(src), str(dest), "--build", command]) == 0
    src, dest, command = _sites_for_cli(tmp_path / "2", **{"cv/index.html": page("<p>-</p>")})
    report = tmp_path / "r.json"
    assert cli.main(["verify", str(src), str(dest), "--build", command,
                     "--report", str(report), "--report", str(tmp_path / "r.sarif")]) == 1
    data = json.loads(report.read_text())
    assert [(f["code"], f["severity"], f["path"]) for f in data["findings"]] == [
        ("verify-detail", "loss", "_data/cv.yml")]
    assert "master of tidal studies" in capsys.readouterr().err
    assert json.loads((tmp_path / "r.sarif").read_text())["version"] == "2.1.0"


def test_fail_on_warning_also_fails_on_what_nobody_wrote(tmp_path):
    src, dest, command = _sites_for_cli(tmp_path, **{"publications/index.html": page(pubs(
        "Moorings at Night", "Tidal Clocks", "Tidal Clocks")
        + '<a href="/assets/pdf/clocks.pdf">PDF</a>')})
    assert cli.main(["verify", str(src), str(dest), "--build", command, "-q"]) == 0
    assert cli.main(["verify", str(src), str(dest), "--build", command, "-q",
                     "--fail-on", "warning"]) == 1


def test_the_library_call(tmp_path):
    import sitemigrate
    src, dest, command = _sites_for_cli(tmp_path)
    report = sitemigrate.verify(src, dest, build_command=command)
    assert isinstance(report, Report) and report.findings == []


def test_convert_verify_builds_both_after_writing(tmp_path, capsys):
    """`convert --verify`: DEST is written, then both sites are built and compared into the
    same report; a build that fails ends the run with exit 2 and the log's tail."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "al-folio-site"
    same = write(tmp_path, {"same.py": "import pathlib, sys\nout = pathlib.Path(sys.argv[2])"
                                       " / '_site'\nout.mkdir(parents=True)\n(out / "
                                       "'index.html').write_text('<p>hello</p>')\n"}) / "same.py"
    report = tmp_path / "r.json"
    assert cli.main(["convert", str(fixture), str(tmp_path / "dest"), "--to", "academicpages",
                     "--verify", "--build", f"{sys.executable} {same}",
                     "--report", str(report)]) == 0
    assert (tmp_path / "dest" / "_config.yml").is_file()
    assert "verify: 0 things a visitor would lose" in capsys.readouterr().err
    assert not [f for f in json.loads(report.read_text())["findings"]
                if f["code"].startswith("verify-")]
    broken = write(tmp_path, {"broken.py": "print('Liquid Exception: no such include')\n"
                                           "raise SystemExit(1)\n"}) / "broken.py"
    assert cli.main(["convert", str(fixture), str(tmp_path / "dest2"), "--to", "academicpages",
                     "--verify", "--build", f"{sys.executable} {broken}"]) == 2
    err = capsys.readouterr().err
    assert "verify: the build of" in err and "Liquid Exception: no such include" in err


def _as_example(monkeypatch, theme: str, example: str | None) -> None:
    """SRC is a site of ``theme`` whose file ``example`` is its template's example content,
    unchanged (None: no file is)."""
    import sitemigrate.registry as registry
    import sitemigrate.template_files as tf
    monkeypatch.setattr(registry, "detect", lambda path: [registry.Detection(theme, 9, "")])
    monkeypatch.setattr(tf, "is_example", lambda t, root, rel: rel == example)


def test_the_templates_example_item_the_conversion_left_out_is_no_loss(tmp_path, monkeypatch):
    """A talk of SRC that is its template's example, unchanged, is not the owner's: the
    conversion leaves it out, and verify does not count its page text, details or list
    entry as lost (the owner's own talk would be)."""
    src = owner(tmp_path)
    _as_example(monkeypatch, "academicpages", "_talks/tides.md")
    without_talk = new_site(tmp_path, **{"talks/index.html": page("<p>No talks yet.</p>")})
    result = compare(old_site(tmp_path), without_talk, src)
    assert not result.lists and not result.missing_details, (result.lists,
                                                             result.missing_details)
    _as_example(monkeypatch, "academicpages", None)
    result = compare(old_site(tmp_path), without_talk, src)
    assert result.lists and result.missing_details  # the owner's own talk: lost


def test_a_menu_entry_to_a_list_of_the_templates_examples_only_is_no_loss(tmp_path,
                                                                          monkeypatch):
    """The old menu's `Talks` led to a list of the template's example talk only; the
    conversion left the example out and the new menu has no `Talks`: no loss (nor would a
    `Talks` the new menu kept be asked). A list that held an item of the owner's is one."""
    src = owner(tmp_path)
    nav = MENU_OLD.replace("</nav>", '<a href="/talks/">Talks</a></nav>')
    old = BuiltSite(write(tmp_path / "old", shared_pages() | {
        "cv/index.html": page("<table><tr><td>Master of Tidal Studies</td></tr></table>"),
        "notes.html": page("<p>short</p>"),
        "index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"), nav)}))
    new = new_site(tmp_path, **{"talks/index.html": None})
    _as_example(monkeypatch, "academicpages", "_talks/tides.md")
    result = compare(old, new, src)
    assert result.menu_was == result.menu_now == ["papers", "cv"]
    _as_example(monkeypatch, "academicpages", None)
    assert compare(old, new, src).menu_was == ["papers", "cv", "talks"]


def test_the_templates_example_cv_the_conversion_left_out_is_no_loss(tmp_path, monkeypatch):
    """A CV data file of SRC that is its template's example CV, as it shipped, is nobody's
    CV: the conversion leaves it out, and verify does not ask the new site for its entries
    (the owner's own CV data would be asked for)."""
    src = owner(tmp_path)
    _as_example(monkeypatch, "al-folio", "_data/cv.yml")
    without_cv = new_site(tmp_path, **{"cv/index.html": page("<p>No CV yet.</p>")})
    result = compare(old_site(tmp_path), without_cv, src)
    assert not result.missing_details and result.details == 2  # the talk's title and venue
    _as_example(monkeypatch, "al-folio", None)
    result = compare(old_site(tmp_path), without_cv, src)
    assert result.missing_details == [("_data/cv.yml", "master of tidal studies")]


def test_the_templates_example_entry_of_the_folder_converted_is_no_loss(tmp_path, monkeypatch):
    """A BibTeX entry of SRC's bibliography that is one of its template's example entries
    is not the owner's (the conversion leaves it out): verify does not ask the new list for
    it. Which entries are examples is read from the folder the conversion read
    (``source``), which may be the owner's files laid over a template."""
    import sitemigrate.template_files as tf
    from sitemigrate.template_text import ExampleText
    src = owner(tmp_path)
    converted = write(tmp_path / "converted", {"_bibliography/papers.bib": (
        "@article{clocks, title={Tidal {C}locks}, year={2020}}\n"
        "@article{moor, title={Moorings at Night}, year={2021}}\n")})
    _as_example(monkeypatch, "al-folio", None)
    monkeypatch.setattr(tf, "templates", lambda theme: type(
        "Table", (), {"is_entry": staticmethod(lambda text: "clocks" in text),
                      "is_setting": staticmethod(lambda key, value: False),
                      "text": ExampleText(), "checkouts": ()})())
    without = new_site(tmp_path, **{"publications/index.html": page(pubs("Moorings at Night"))})
    assert compare(old_site(tmp_path), without, src, source=converted).lists == []
    lost = compare(old_site(tmp_path), without, src).lists  # SRC itself has no such entry
    assert lost == [("publications/index.html", "publications/index.html", "missing",
                     "tidal clocks")]


def test_verify_of_a_missing_site_is_one_line_and_exit_2(tmp_path, capsys):
    assert cli.main(["verify", str(tmp_path / "nowhere"), str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "SRC" in err and "is not a folder" in err and len(err.strip().splitlines()) == 1


def test_verify_alone_reads_the_furniture_from_the_last_conversions_record(tmp_path):
    """`sitemigrate verify` run after a conversion (not `convert --verify`) learns which of
    SRC's pages the conversion left out as the old theme's furniture from the check cache's
    record of that conversion (kept in the cache folder, not in DEST)."""
    from sitemigrate.cache import cache_file
    from sitemigrate.verify import _furniture
    src, dest = tmp_path / "src", tmp_path / "dest"
    record_file = cache_file(src, dest)
    record_file.parent.mkdir(parents=True, exist_ok=True)
    record_file.write_text(json.dumps({"report": {"findings": [
        {"code": "furniture", "path": "_pages/404.md"},
        {"code": "template-content", "path": "_posts/2015-03-15-example.md"},
        {"code": "mapped", "path": "_pages/about.md"}]}}), "utf-8")
    assert _furniture(src, dest, Report()) == ["_pages/404.md", "_posts/2015-03-15-example.md"]


def test_an_old_redirect_that_led_nowhere_is_no_address_lost(tmp_path):
    """Two pages at one address on the old site (a page's `redirect_from: /notes/` over a
    page at `/notes/`, the redirect written last) send `/notes/` round in a circle there: the
    visitor found no page at it before, so the new site's same circle loses none. An address
    the old site answered and the new one does not is still lost."""
    loop = ('<html><head><meta http-equiv="refresh" content="0; url=/notes"></head>'
            '<body>Redirecting</body></html>')
    old = BuiltSite(write(tmp_path / "old", shared_pages() | {
        "cv/index.html": page("<table><tr><td>Master of Tidal Studies</td></tr></table>"),
        "notes/index.html": loop, "tides/index.html": page("<p>Tides</p>"),
        "index.html": page(f"<p>{PARA}</p>" + pubs("Moorings at Night"))}))
    new = new_site(tmp_path, **{"notes/index.html": loop, "notes.html": None})
    result = compare(old, new, owner(tmp_path))
    assert result.unanswered == ["/tides/"]


def test_a_list_page_at_an_address_in_capitals_is_compared(tmp_path):
    """A listing page the owner put at `/Publications/` (GitHub Pages' addresses keep their
    case) is compared like `/publications/`: the new one showing no item is named."""
    old = BuiltSite(write(tmp_path / "old", shared_pages() | {
        "Publications/index.html": page(pubs("Moorings at Night", "Tidal Clocks"))}))
    new = new_site(tmp_path, **{"Publications/index.html": page("<p>No papers.</p>")})
    result = compare(old, new, owner(tmp_path))
    assert ("Publications/index.html", "Publications/index.html", "missing",
            "tidal clocks") in result.lists, result.lists
