"""The URL ledger: Jekyll URLs before and after, and no lost URL on the fixtures."""

from __future__ import annotations

import pytest
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st

import sitemigrate
from sitemigrate.cli import main
from sitemigrate.jekyll.urls import normalize, served


def test_front_matter_without_url_keys_is_not_parsed_but_every_key_served_reads_is_seen():
    """`served` skips the YAML of front matter that spells none of the keys a URL depends
    on; every key it reads must therefore be one the skip looks for."""
    import inspect
    import re

    from sitemigrate.jekyll import urls
    read = set(re.findall(r"""fm(?:\.get\(|\[)["'](\w+)["']""", inspect.getsource(urls._urls_of)))
    read |= set(re.findall(r"""front(?:\.get\(|\[)["'](\w+)["']""",
                           inspect.getsource(urls.post_url)))  # a post's front matter
    assert {"permalink", "redirect_from", "published", "date", "categories", "slug"} <= read
    for key in read:
        fm, blank = urls._front(f"---\ntitle: T\n{key}: /x/\n---\nbody\n")
        assert fm[key] == "/x/" and not blank, key
    # a `date:` moves a post only: parsed (all of it) for a post, not for anything else
    day = __import__("datetime").date(2022, 1, 2)
    assert urls._front("---\ntitle: T\ndate:\n  2022-01-02\n---\nx\n")[0] == {
        "title": "T", "date": day}
    assert urls._front("---\ntitle: T\ndate: 2022-01-02\n---\nx\n", dated=False) == (
        {}, False)
    assert urls._front("---\nupdated: 2022-01-02\n---\nx\n")[0] == {}
    # broken anywhere: nothing of it, not its one readable `date:` line (Jekyll's defaults)
    assert urls._front("---\ntitle: [T\ndate: 2022-01-02\n---\nx\n")[0] == {}
    assert urls._front("---\ntitle: [unclosed\n---\nbody\n") == ({}, False)
    assert urls._front("---\nredirect: /x/\n---\n\n") == ({"redirect": "/x/"}, True)


def test_a_post_dated_in_its_front_matter_was_served_at_that_date():
    """Jekyll dates a post by its front matter's `date` when it has one, not by its name: the
    old URL the ledger keeps is that one (else a redirect went from an address that never
    existed, and the real one was lost)."""
    from sitemigrate.jekyll import urls
    text = "---\ntitle: Moved\ndate: 2022-11-12 09:00:00\n---\nBody.\n"
    got = urls.served({"_posts/2023-02-03-moved.md": text}, {"permalink": "/blog/:year/:title/"})
    assert [s.url for s in got.values()] == ["/blog/2022/moved/"]
    plain = "---\ntitle: Not moved\n---\nBody.\n"
    got = urls.served({"_posts/2023-02-03-kept.md": plain}, {"permalink": "/blog/:year/:title/"})
    assert [s.url for s in got.values()] == ["/blog/2023/kept/"]
    # a front matter Jekyll cannot read gives it nothing: the post keeps its name's date
    broken = "---\ntitle: [Moved\ndate: 2022-11-12 09:00:00\n---\nBody.\n"
    got = urls.served({"_posts/2023-02-03-broken.md": broken}, {"permalink": "/blog/:year/:title/"})
    assert [s.url for s in got.values()] == ["/blog/2023/broken/"]
    # the same text as a collection item (not dated by it), then as a post, one cache
    fronts: dict = {}
    config = {"permalink": "/blog/:year/:title/", "collections": {"news": {"output": True}}}
    got = urls.served({"_news/moved.md": text, "_posts/2023-02-03-moved.md": text}, config,
                      fronts)
    assert sorted(s.url for s in got.values()) == ["/blog/2022/moved/", "/news/moved/"]


def test_a_post_named_with_a_one_digit_month_is_served_and_keeps_its_address(tmp_path):
    """Jekyll's post names take a month and a day of one or two digits
    (`2025-1-7-notes.md`), and `:month`/`:day` are the date's, zero-padded. Such a post was
    served nowhere in the ledger (its old address in no line of the report) and its upgrade
    pinned it to `/blog/2025/2025-1-7-notes/`, so its address went."""
    from sitemigrate.jekyll import urls
    text = "---\ntitle: Notes\n---\nBody.\n"
    got = urls.served({"_posts/2025-1-7-notes.md": text},
                      {"permalink": "/blog/:year/:month/:day/:title/"})
    assert [s.url for s in got.values()] == ["/blog/2025/01/07/notes/"]
    src = tmp_path / "src"
    (src / "_posts").mkdir(parents=True)
    (src / "_config.yml").write_text("title: Ada Quill\npermalink: /blog/:year/:title/\n")
    (src / "_posts" / "2025-1-7-notes.md").write_text(
        "---\nlayout: post\ntitle: Notes\ndate: 2025-1-7 10:00:00\n---\nSome notes.\n")
    dest = tmp_path / "dest"
    sitemigrate.convert(src, dest, to="al-folio", from_="al-folio").apply()
    written = (dest / "_posts" / "2025-1-7-notes.md").read_text()
    assert "permalink: /blog/2025/notes/" in written


def test_an_index_page_serves_its_folder():
    """Jekyll serves `index.md` at its folder's address, the site root included (the ledger
    once computed `/./` for a root `index.md` without a permalink)."""
    files = {"index.md": "---\ntitle: Home\n---\nx", "docs/index.html": "---\n---\n",
             "about.md": "---\n---\n"}
    assert {k: v.url for k, v in served(files, {}).items()} == {
        "/index.html": "/", "/docs/index.html": "/docs/", "/about.html": "/about.html"}


def test_memo_computes_only_new_files_and_gives_the_same_urls():
    """keep_urls serves the planned tree again after adding redirect pages; with the memo
    only the new pages are computed, and the URLs are those of a fresh computation (a
    redirect_from address keeps its first claimant, a page its last)."""
    from sitemigrate.jekyll import urls
    config = {"plugins": ["jekyll-redirect-from"], "collections": {"news": {"output": True}}}
    tree = {"a.md": "---\npermalink: /a/\nredirect_from: /old/\n---\nx",
            "_news/n.md": "---\n---\nx"}
    fronts: dict = {}
    memo: dict = {}
    first = served(tree, config, fronts, memo)
    grown = {**tree, "b.md": "---\npermalink: /b/\nredirect_from: [/old/, /a/]\n---\nx",
             "c.md": "---\npermalink: /old/\n---\n"}
    computed = []
    real = urls._urls_of
    try:
        urls._urls_of = lambda rel, *a: computed.append(rel) or real(rel, *a)
        again = served(grown, config, fronts, memo)
    finally:
        urls._urls_of = real
    assert sorted(computed) == ["b.md", "c.md"]
    assert again == served(grown, config) != first
    assert again["/old/index.html"].path == "c.md" and again["/a/index.html"].path == "a.md"


def test_a_planned_tree_made_again_decodes_only_what_the_plan_wrote_since(tmp_path):
    from sitemigrate.jekyll.urls import planned_tree
    from sitemigrate.plan import Plan
    plan = Plan(dest=tmp_path / "dest")
    plan.write("_pages/a.md", "---\ntitle: A\n---\n")
    plan.write("_pages/b.md", "---\ntitle: B\n---\n")
    first, _ = planned_tree(plan)
    then = dict(plan.files)
    plan.write("_pages/b.md", "---\ntitle: B again\n---\n")
    plan.write("_pages/c.md", "---\ntitle: C\n---\n")
    again, _ = planned_tree(plan, None, (first, then))
    assert again == planned_tree(plan)[0]
    assert again["_pages/a.md"] is first["_pages/a.md"]    # one text, not a second copy
    assert again["_pages/b.md"] == "---\ntitle: B again\n---\n"


def test_jekyll_url_rules():
    config = {"permalink": "/blog/:year/:title/", "plugins": ["jekyll-redirect-from"],
              "include": ["_pages"],
              "collections": {"news": {"output": True}, "talks": {"output": True,
                                                                  "permalink": "/t/:path/"},
                              "hidden": {"output": False}}}
    files = {
        "_posts/2024-05-01-hello.md": "---\ntitle: Hi\n---\nx",
        "_news/a.md": "---\ndate: 2024-01-01\n---\nx",
        "_talks/2020-01-01-k.md": "---\ntitle: K\n---\nx",
        "_hidden/z.md": "---\n---\n",
        "_pages/about.md": "---\npermalink: /\nredirect_from: [/about/, /about.html]\n---\nx",
        "_pages/old.md": "---\npermalink: /old/\nredirect: /new/\n---\n",
        "docs/index.md": "---\n---\n",
    }
    urls = served(files, config)
    assert urls[normalize("/blog/2024/hello/")].path == "_posts/2024-05-01-hello.md"
    assert "/news/a/index.html" in urls  # pretty site style applies to collections
    assert "/t/2020-01-01-k/index.html" in urls
    assert not any(s.path.startswith("_hidden") for s in urls.values())
    assert urls["/about/index.html"].redirect_to == "/" and urls["/about.html"].redirect_to == "/"
    assert urls["/old/index.html"].redirect_to == "/new/"
    assert "/docs/index.html" in urls
    assert normalize("/resume") == "/resume.html" and normalize("x/") == "/x/index.html"


def test_fixtures_lose_no_url_either_way(alfolio_site, academicpages_site, tmp_path, capsys):
    for src, to in ((alfolio_site, "academicpages"), (academicpages_site, "al-folio")):
        plan = sitemigrate.convert(src, tmp_path / to, to=to)
        plan.apply()
        rows = {r["old"]: r for r in plan.report.urls}
        assert rows and all(r["how"] != "lost" for r in rows.values()), rows
        assert main(["urls", str(src), str(tmp_path / to)]) == 0
        out = capsys.readouterr()
        assert " 0 lost" in out.err
    # al-folio news items past the about-page limit keep their URL through the news page
    ap = {r["old"]: r for r in sitemigrate.convert(alfolio_site, tmp_path / "academicpages",
                                                   to="academicpages").report.urls}
    assert ap["/news/announcement_3.html"] == {"old": "/news/announcement_3.html",
                                               "new": "/news/", "how": "redirect",
                                               "source": "_news/announcement_3.md"}
    af = {r["old"]: r for r in sitemigrate.convert(academicpages_site, tmp_path / "al-folio",
                                                   to="al-folio").report.urls}
    assert af["/resume"]["new"] == "/cv/" and af["/resume"]["how"] == "redirect"
    assert af["/publication/2021-03-10-corridors"]["new"] == "/publications/"


def test_urls_command_reports_lost_with_exit_1(alfolio_site, tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["urls", str(alfolio_site), str(empty)]) == 1
    assert "lost" in capsys.readouterr().out


@pytest.mark.parametrize("fixture, to", [
    ("al-folio-site", "academicpages"), ("al-folio-2020-23", "academicpages"),
    ("al-folio-v1", "academicpages"), ("academicpages-site", "al-folio"),
    ("academicpages-2017", "al-folio")])
def test_ledger_from_written_front_matter_is_the_ledger_from_parsing_it(fixture, to, tmp_path):
    """The ledger takes a written page's front matter from the writer (`plan.documents`)
    instead of parsing its YAML back: both must give the same URLs."""
    from sitemigrate.jekyll.urls import planned_tree, seed

    plan = sitemigrate.convert(FIXTURES / fixture, tmp_path / "out", to=to)
    assert len(plan.documents) > 10
    fronts: dict = {}
    tree = planned_tree(plan)
    seed(fronts, plan, tree[0])
    assert len(fronts) == len({tree[0][rel] for rel in plan.documents})
    assert served(*tree, fronts) == served(*tree)


def _read_tree_by_rglob(root):
    """read_tree's files as it read them with ``Path.rglob`` (the public path of its walk)."""
    from sitemigrate.textio import read_source
    files = {}
    for path in root.rglob("*"):
        if path.suffix in {".md", ".markdown", ".html", ".htm", ".Rmd"}:
            rel = path.relative_to(root).as_posix()
            if path.is_file():
                data = read_source(path, rel, None, root=root)
                if data is not None:
                    files[rel] = data.decode("utf-8", "replace")
    return files


def test_read_tree_lists_what_rglob_lists_in_its_order(tmp_path):
    """read_tree walks with os.scandir, not Path.rglob: the same files, texts and order (the
    order decides which of two files serving one address keeps it)."""
    from sitemigrate.jekyll.urls import read_tree
    root, outside = tmp_path / "site", tmp_path / "outside"
    for rel in ("index.md", "b.html", ".hidden.md", "x.", "a.txt", "_posts/2020-01-01-a.md",
                "_pages/deep/er/p.markdown", "_pages/z.htm", "c/d/e.Rmd", "c/f.md", "_x/.md"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"---\ntitle: {rel}\n---\n", "utf-8")
    (root / "folder.md").mkdir()  # a folder named like a page is no page
    outside.mkdir()
    (outside / "o.md").write_text("---\ntitle: out\n---\n", "utf-8")
    (root / "linked").symlink_to(outside, target_is_directory=True)  # not entered
    (root / "link.md").symlink_to(outside / "o.md")  # a link out of the site: not read
    (root / "inner.md").symlink_to(root / "index.md")  # a link inside it: read
    (root / "dangling.md").symlink_to(root / "nowhere.md")
    files, _ = read_tree(root)
    assert list(files.items()) == list(_read_tree_by_rglob(root).items())
    assert "inner.md" in files and "link.md" not in files and "folder.md" not in files
    assert list(read_tree(root, skip={"b.html"})[0]) == [r for r in files if r != "b.html"]


def test_a_site_without_pages_has_an_empty_ledger(tmp_path):
    """A SRC with no page (a bibliography alone) had no address: the ledger is empty; a
    page beside it gets its row."""
    import sitemigrate
    src = tmp_path / "src"
    (src / "_bibliography").mkdir(parents=True)
    (src / "_config.yml").write_text("title: Ada Quill\nscholar:\n  style: apa\n")
    (src / "_bibliography" / "papers.bib").write_text(
        "@article{quill2020,\n  title={Tidal Maps},\n  author={Quill, Ada},\n"
        "  journal={J. Seas},\n  year={2020}\n}\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    assert plan.report.urls == [] and any(p.startswith("_publications/") for p in plan.files)
    (src / "about.md").write_text("---\nlayout: about\npermalink: /\ntitle: About\n---\nHi.\n")
    plan = sitemigrate.convert(src, tmp_path / "out2", to="academicpages")
    assert [u["old"] for u in plan.report.urls] == ["/"]


def _unpublished_one_by_one(rel, include, exclude):
    """What unpublished() said when it tried each pattern in turn (its public meaning)."""
    from sitemigrate.jekyll.urls import _jekyll_glob
    parts = rel.split("/")
    inner = parts[1:] if len(parts) > 1 and parts[0].startswith("_") else parts
    for part in inner:
        special = part[:1] in ("_", ".", "#") or part.endswith("~")
        if special and not any(_jekyll_glob(p, part) for p in include):
            return f"its name `{part}` starts with `{part[0]}`" if not part.endswith("~") \
                else f"its name `{part}` ends with `~`"
    for pattern in exclude:
        if pattern not in include and _jekyll_glob(pattern, rel):
            return f"`exclude:` in `_config.yml` lists `{pattern}`"
    return ""


_GLOB = st.text(alphabet="ab_.#~/*?[]!-x ", max_size=8)
_PATH = st.lists(st.text(alphabet="ab_.#~-x", min_size=1, max_size=5), min_size=1,
                 max_size=3).map("/".join)


@given(rel=_PATH, include=st.lists(_GLOB, max_size=4), exclude=st.lists(_GLOB, max_size=6))
@settings(max_examples=400, deadline=None, database=None, derandomize=True)
def test_unpublished_in_one_pattern_is_unpublished_one_by_one(rel, include, exclude):
    """`include:`/`exclude:` are tried as one compiled pattern each: the same answer (and the
    same pattern named) as trying each entry with fnmatch and as a prefix."""
    from sitemigrate.jekyll.urls import unpublished
    config = {"include": include, "exclude": exclude}
    assert unpublished(rel, config) == _unpublished_one_by_one(rel, include, exclude)


def test_unpublished_on_al_folios_exclude_list():
    from sitemigrate.jekyll.urls import unpublished
    config = {"include": ["_pages", ".well-known"],
              "exclude": ["bin/", "Gemfile", "*.lock", "vendor", "readme*.md", "_site/",
                          "assets/json/", "*.bib", "/purgecss.config.js", "CONTRIBUTING.md"]}
    for rel, why in [("_pages/about.md", ""), ("Gemfile", "Gemfile"), ("a/x.lock", "*.lock"),
                     ("vendor/bundle/x.md", "vendor"), ("README.md", ""),
                     ("readme_x.md", "readme*.md"), ("purgecss.config.js", "/purgecss.config.js"),
                     ("a/_x.md", "`_x.md`"), (".well-known/x", ""), ("bin/run", "bin/")]:
        got = unpublished(rel, config)
        assert (why in got) if why else got == "", (rel, got)
        assert got == _unpublished_one_by_one(rel, config["include"], config["exclude"])


def test_a_key_written_twice_serves_its_last_value():
    """Jekyll (Ruby's YAML) reads a front matter with a key written twice, the last value
    winning: the page is served at its last permalink, not at its defaults."""
    from sitemigrate.jekyll.urls import _front
    data, _ = _front("---\npermalink: /old-dup/\nlayout: single\npermalink: /dup/\n---\nx\n")
    assert data == {"permalink": "/dup/", "layout": "single"}


def test_a_page_moved_only_by_its_trailing_slash_takes_its_old_address_back(tmp_path):
    """al-folio gave a talk of its own collection `/talks/x/` (a site permalink ending in /
    gives collections that suffix); academicpages' writer names talks `/talks/x`. A redirect
    page at `/talks/x/` would sit in the folder `talks/x/` beside `talks/x.html`, and GitHub
    Pages answers `/talks/x` with the folder: visitors would be sent back and forth. The talk
    keeps `/talks/x/` instead, and no redirect is written."""
    src = tmp_path / "src"
    (src / "_talks").mkdir(parents=True)
    (src / "_config.yml").write_text(
        "title: Ada Quill\nfirst_name: Ada\nlast_name: Quill\npermalink: /blog/:year/:title/\n"
        "collections:\n  talks:\n    output: true\n")
    (src / "about.md").write_text("---\nlayout: about\npermalink: /\ntitle: About\n---\nHi.\n")
    (src / "_talks" / "2020-01-02-moss.md").write_text(
        "---\ntitle: A talk on moss\ndate: 2020-01-02\n---\nSlides soon.\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages", from_="al-folio")
    talk = plan.files["_talks/2020-01-02-moss.md"].decode()
    assert "permalink: /talks/2020-01-02-moss/\n" in talk and talk.endswith("Slides soon.\n")
    assert not [rel for rel, data in plan.files.items() if b"redirect_to" in data]
    row = next(u for u in plan.report.urls if u["old"] == "/talks/2020-01-02-moss/")
    assert row["new"] == "/talks/2020-01-02-moss/"


def test_a_collection_document_without_a_page_suffix_keeps_its_old_address(tmp_path):
    """Jekyll makes every file of a collection's folder that starts with front matter a
    document, whatever its suffix or none (`_news/moss-grant`), and writes it at its
    collection's address (`/news/moss-grant/`; its own suffix where the pattern ends in
    `:output_ext`). The reader listed such a news item on the new home page, but the URL
    ledger took only page suffixes: its old address answered nothing, no redirect was
    written. A file without front matter there is no document, and serves no page."""
    from sitemigrate.jekyll import urls
    config = {"collections": {"news": {"output": True, "permalink": "/news/:path/"},
                              "notes": {"output": True}}}
    files = {"_news/moss-grant": "---\ndate: 2023-04-05\ninline: true\n---\nA grant.\n",
             "_notes/fern.txt": "---\ntitle: Fern\n---\nFronds.\n"}
    got = {s.url: s.path for s in urls.served(files, config).values()}
    assert got == {"/news/moss-grant/": "_news/moss-grant", "/notes/fern.txt": "_notes/fern.txt"}
    src = tmp_path / "src"
    (src / "_news").mkdir(parents=True)
    (src / "_config.yml").write_text(
        "title: Ada Quill\nfirst_name: Ada\nlast_name: Quill\n"
        "collections:\n  news:\n    defaults:\n      layout: post\n    output: true\n"
        "    permalink: /news/:path/\n")
    (src / "about.md").write_text("---\nlayout: about\npermalink: /\ntitle: about\n"
                                  "news: true\n---\nHi.\n")
    (src / "_news/moss-grant").write_text(files["_news/moss-grant"])
    (src / "_news/lichen.md").write_text("---\ndate: 2023-02-01\ninline: true\n---\nLichen.\n")
    (src / "_news/readme").write_text("Notes on the news folder, no front matter.\n")
    assert set(urls.read_files(src)) == {"about.md", "_news/moss-grant", "_news/lichen.md"}
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages", from_="al-folio")
    rows = {u["old"]: u for u in plan.report.urls}
    assert rows["/news/moss-grant/"]["how"] == rows["/news/lichen/"]["how"] == "redirect"
    assert not [f for f in plan.report.findings if f.code == "url-lost"]
