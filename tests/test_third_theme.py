"""A third Jekyll theme, outside src/, registers itself and converts in both directions.

``tests/third_theme`` is the package of the ``tinyfolio`` test theme: a reader, a writer and its
own mapping file (with its own column of social links). The test installs it the way pip
would install a theme of another distribution: a ``*.dist-info`` folder with ``METADATA`` and
an ``entry_points.txt`` in the ``sitemigrate.themes`` group, on ``sys.path``. Nothing in
``src/`` or ``mappings/`` names it, so each step below fails if registration does not work.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import sitemigrate
from sitemigrate import cli, registry

from conftest import FIXTURES, ROOT

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def tinyfolio(tmp_path_factory, monkeypatch):
    """The tinyfolio theme installed (entry point + package on sys.path) for one test."""
    assert "tinyfolio" not in registry.THEMES  # not known before it is installed
    site_packages = tmp_path_factory.mktemp("site-packages")
    dist = site_packages / "tinyfolio_theme-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tinyfolio-theme\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[sitemigrate.themes]\n"
                                          "tinyfolio = third_theme:THEME\n")
    monkeypatch.syspath_prepend(str(site_packages))
    if str(TESTS) not in sys.path:
        monkeypatch.syspath_prepend(str(TESTS))
    registry.refresh()
    yield
    monkeypatch.undo()
    for name in [m for m in sys.modules if m == "third_theme" or m.startswith("third_theme.")]:
        del sys.modules[name]
    registry.refresh()
    assert "tinyfolio" not in registry.THEMES


def _yaml(path: Path):
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def test_a_theme_of_another_package_registers_and_converts(tinyfolio, tmp_path, capsys):
    assert list(registry.THEMES)[-1] == "tinyfolio"  # after the built-in themes
    theme = registry.get_theme("tinyfolio")
    assert theme.can_read and theme.can_write
    assert theme.mapping == TESTS / "third_theme" / "tinyfolio.yml"
    assert registry.generations("tinyfolio") == ["1"]

    assert cli.main(["themes"]) == 0
    assert "tinyfolio" in capsys.readouterr().out

    # al-folio -> tinyfolio: identity, socials in the theme's own column, pages, papers
    tiny = tmp_path / "tiny"
    sitemigrate.convert(FIXTURES / "al-folio-site", tiny, to="tinyfolio").apply()
    config = _yaml(tiny / "_config.yml")
    assert config["theme_name"] == "tinyfolio"
    owner = config["owner"]
    assert owner["name"] == "Ada Q. Okonkwo"
    assert owner["mail"] == "ada@example.org"
    assert owner["gh"] == "ada-okonkwo"  # `socials:` of tinyfolio.yml: github -> gh
    assert owner["orcid"] == "0000-0002-1825-0097"
    assert "I build **distributed systems** that use less energy." in \
        (tiny / "index.md").read_text()
    assert "title: publications" in (tiny / "pages/publications.md").read_text()
    papers = _yaml(tiny / "_data/papers.yml")
    titles = [p["title"] for p in papers]
    assert any("Carbon-Aware Scheduling" in t for t in titles)
    assert any(p["authors"] for p in papers)

    # the markers of its mapping file tell the written site
    assert sitemigrate.detect_theme(tiny) == "tinyfolio"

    # tinyfolio -> academicpages: the same facts arrive in academicpages' places
    ap = tmp_path / "ap"
    plan = sitemigrate.convert(tiny, ap, to="academicpages")
    assert plan.report.source_theme == "tinyfolio"
    plan.apply()
    author = _yaml(ap / "_config.yml")["author"]
    assert author["name"] == "Ada Q. Okonkwo"
    assert author["github"] == "ada-okonkwo"
    assert author["email"] == "ada@example.org"
    pubs = "\n".join(p.read_text() for p in (ap / "_publications").glob("*.md"))
    assert "Carbon-Aware Scheduling" in pubs
    assert "I build **distributed systems** that use less energy." in \
        (ap / "index.md").read_text()  # a root-level page stays there


def test_al_folio_liquid_reaches_tinyfolio_through_the_constructs(tinyfolio, tmp_path):
    """al-folio's `{% cite %}` and figure include read into the `cite` and `figure`
    constructs, which tinyfolio's own mapping writes: nothing in al-folio's mapping names
    tinyfolio. A construct tinyfolio has no write for (`bibliography-listing`) stays inside
    {% raw %} and is reported."""
    import shutil
    assert "tinyfolio" not in (ROOT / "mappings" / "al-folio.yml").read_text()
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    about = src / "_pages" / "about.md"
    about.write_text(about.read_text() + "\nAs in {% cite okonkwo2025carbon %}:\n\n"
                     '{% include figure.liquid path="assets/img/greensched.png" '
                     'alt="Green scheduling" class="img-fluid" %}\n\n{% bibliography %}\n')
    tiny = tmp_path / "tiny"
    plan = sitemigrate.convert(src, tiny, to="tinyfolio")
    plan.apply()
    index = (tiny / "index.md").read_text()
    assert "As in ([okonkwo2025carbon](#okonkwo2025carbon)):" in index
    assert "![Green scheduling](/assets/img/greensched.png)" in index
    assert "{% raw %}{% bibliography %}{% endraw %}" in index
    messages = [f.message for f in plan.report.findings]
    assert "`{% cite okonkwo2025carbon %}` → `([okonkwo2025carbon](#okonkwo2025carbon))` " \
        "for tinyfolio." in messages
    assert any(m.startswith("`{% bibliography %}`: tinyfolio has no `bibliography` tag")
               for m in messages)


def test_check_cache_knows_a_change_to_a_plugin_theme(tinyfolio, tmp_path, monkeypatch):
    """``--check`` trusts a saved report only while the code that wrote it is unchanged: a
    theme of another package counts, its modules and its vocabulary file."""
    from sitemigrate import cache
    theme = registry.get_theme("tinyfolio")
    vocabulary = tmp_path / "tinyfolio.yml"
    vocabulary.write_bytes(theme.mapping.read_bytes())
    monkeypatch.setattr(type(theme), "mapping", property(lambda self: vocabulary))
    before = cache._code_digest()
    vocabulary.write_text(vocabulary.read_text() + "# a new line\n")
    assert cache._code_digest() != before
    modules = [rel for kind, rel, _ in cache._plugin_files(Path(cache.__file__).parent)
               if kind == "theme/tinyfolio"]
    assert {"reader.py", "writer.py", "__init__.py", "mapping"} <= set(modules)



def test_check_cache_hashes_a_single_module_theme_not_its_folder(tmp_path, monkeypatch):
    """A theme that is one module (not a package) counts with that file alone: the folder it
    lies in (a site-packages) is not read."""
    from sitemigrate import cache
    site_packages = tmp_path / "site-packages"
    dist = site_packages / "solo_theme-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: solo-theme\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[sitemigrate.themes]\nsolo = solo_theme:THEME\n")
    (site_packages / "solo_theme.py").write_text(
        "from sitemigrate.registry import Theme\n\n\nclass Solo(Theme):\n    name = 'solo'\n\n\n"
        "THEME = Solo()\n")
    (site_packages / "unrelated.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(site_packages))
    registry.refresh()
    try:
        files = [(kind, rel) for kind, rel, _ in cache._plugin_files(Path(cache.__file__).parent)]
        assert files == [("theme/solo", "solo_theme.py")]
    finally:
        monkeypatch.undo()
        sys.modules.pop("solo_theme", None)
        registry.refresh()


def test_a_plugin_that_registers_a_built_in_name_does_not_replace_it(tmp_path, monkeypatch):
    """A distribution on sys.path ahead of sitemigrate's that registers `al-folio` too: the
    name stays sitemigrate's own theme (its entry point is found second here)."""
    site_packages = tmp_path / "site-packages"
    dist = site_packages / "copycat-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: copycat\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[sitemigrate.themes]\nal-folio = copycat:THEME\n")
    monkeypatch.syspath_prepend(str(site_packages))
    registry.refresh()
    try:
        found = [ep.value for ep in __import__("importlib.metadata").metadata.entry_points(
            group=registry.GROUP) if ep.name == "al-folio"]
        assert found[0] == "copycat:THEME" and len(found) == 2  # the copy is found first
        assert registry.THEMES["al-folio"].startswith("sitemigrate.")
        assert registry.get_theme("al-folio").name == "al-folio"
    finally:
        monkeypatch.undo()
        registry.refresh()


def test_a_vocabulary_is_read_again_after_refresh(tinyfolio, tmp_path, monkeypatch):
    """vocabulary() keeps a theme's mapping by name for the run; registry.refresh() (a theme
    installed or changed in a running process) reads it again."""
    first = registry.vocabulary("tinyfolio")
    assert registry.vocabulary("tinyfolio") is first
    theme = registry.get_theme("tinyfolio")
    edited = tmp_path / "tinyfolio.yml"
    edited.write_text(theme.mapping.read_text() + "extra_key: 1\n")
    monkeypatch.setattr(type(theme), "mapping", property(lambda self: edited))
    assert "extra_key" not in registry.vocabulary("tinyfolio")  # the same run: kept
    registry.refresh()
    monkeypatch.setattr(type(registry.get_theme("tinyfolio")), "mapping",
                        property(lambda self: edited))
    assert registry.vocabulary("tinyfolio")["extra_key"] == 1
