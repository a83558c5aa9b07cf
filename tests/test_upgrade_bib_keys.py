"""An upgrade carries the owner's `.bib` file as written, duplicate keys and all: the
report says what jekyll-scholar does with them on the new site (bibtex-ruby gives a key an
entry before it has its Ruby `succ`, and a later entry whose own key is so taken moves on
too; keys that differ in case stay apart), not the `KEY-2` a theme switch writes."""

from __future__ import annotations

import shutil

import pytest
from conftest import FIXTURES
from test_checkout import _convert, alfolio_checkout

from sitemigrate.formats.bibtex import ruby_succ, scholar_keys


@pytest.mark.parametrize("key,succ", [
    ("smith2020", "smith2021"), ("doe", "dof"), ("az", "ba"), ("zz99", "aaa00"),
    ("a9", "b0"), ("Zz", "AAa"), ("1.9.9", "2.0.0"), ("a.9", "a.10"), ("1-z", "1-aa"),
    ("key-z", "kez-a"), ("zz9", "aaa0")])
def test_ruby_succ_is_rubys(key, succ):
    """What Ruby 3.1's `String#succ` gives (checked against the lab's ruby)."""
    assert ruby_succ(key) == succ


def test_bibtex_ruby_keys_of_duplicates():
    text = "".join(f"@misc{{{k}, title={{T{i}}}, year={{2020}}}}\n" for i, k in enumerate(
        ["lee2020", "lee2020", "lee2020", "Lee", "lee", "lee2021"]))
    assert scholar_keys(text) == [("lee2020", "lee2020"), ("lee2020", "lee2021"),
                                  ("lee2020", "lee2022"), ("Lee", "Lee"), ("lee", "lee"),
                                  ("lee2021", "lee2023")]


_DUPLICATES = """
@article{okonkwo2023storage,
  title = {Storage That Sleeps},
  author = {Okonkwo, Ada},
  journal = {Journal of Quiet Disks},
  year = {2023}
}

@article{okonkwo2023storagf,
  title = {A Key That Comes Next},
  author = {Okonkwo, Ada},
  journal = {Journal of Next Keys},
  year = {2023}
}
"""


def test_an_upgrade_says_the_keys_the_new_site_gives(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    bib = src / "_bibliography/papers.bib"
    bib.write_text(bib.read_text() + _DUPLICATES)
    lines = bib.read_text().splitlines()
    second = lines.index("@article{okonkwo2023storage,", 25) + 1
    nxt = lines.index("@article{okonkwo2023storagf,") + 1
    dest = alfolio_checkout(tmp_path / "dest")
    plan = _convert(src, dest, "al-folio")
    assert (dest / "_bibliography/papers.bib").read_text().count(
        "@article{okonkwo2023storage,") == 2  # carried as written
    said: dict[int | None, str] = {}
    for f in plan.report.findings:
        if f.path == "_bibliography/papers.bib" and f.code in ("bibtex", "publication"):
            said[f.line] = said.get(f.line, "") + f.message + "\n"
    assert all("storage-2" not in m for m in said.values())
    assert "publication `okonkwo2023storagf` written" in said[second]
    assert "gives this entry the key `okonkwo2023storagf`" in said[second]
    assert "`{% cite okonkwo2023storagf %}` cites that other entry" in said[nxt]
    assert "the key `okonkwo2023storagg`" in said[nxt]
