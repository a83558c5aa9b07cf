"""Smaller faults: bookkeeping rewritten by a run that changed nothing, UTF-16 files,
`!!python` tags in config and data, Liquid that Ruby's Liquid reads."""

from __future__ import annotations

import shutil
import subprocess

import pytest

import sitemigrate
from sitemigrate import cli
from sitemigrate.jekyll.liquid import raw_literal

from conftest import FIXTURES


def test_second_run_into_a_new_dest_leaves_check_json_alone(tmp_path):
    """The first run into a new DEST declares its collections; the second finds them there
    and words its report differently, but DEST is the same: its check record (in the cache
    folder) stays as it is."""
    from sitemigrate.cache import cache_file
    dest = tmp_path / "dest"
    args = ["convert", str(FIXTURES / "academicpages-site"), str(dest), "--to", "al-folio",
            "-q"]
    assert cli.main(args) == 0
    check = cache_file(FIXTURES / "academicpages-site", dest)
    first = check.read_bytes()
    assert cli.main(args) == 0
    assert check.read_bytes() == first
    assert cli.main(args + ["--check"]) == 0  # and the cache still answers


FAQ = ("---\nlayout: page\ntitle: FAQ\npermalink: /faq/\n---\nQuestions.\n\n"
       "{% details Why write {%endraw%} in a summary? %}\nBecause it is allowed.\n"
       "{% enddetails %}\n")


def test_a_tag_holding_an_endraw_is_read_as_liquid_reads_it_and_wrapped_whole(tmp_path):
    """`{% details ... {%endraw%} ... %}` is valid Liquid (the tag ends at the first `%}`);
    academicpages has no `details` tag, so the whole tag is shown as text, which needs its
    `endraw` kept from closing the raw block."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_pages" / "faq.md").write_text(FAQ)
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages")
    plan.apply()
    page = (tmp_path / "dest" / "_pages" / "faq.md").read_text()
    assert ("{% raw %}{% details Why write {%{% endraw %}endraw%} in a summary? %}\n"
            "Because it is allowed.\n{% raw %}{% enddetails %}{% endraw %}") in page
    faq = [f for f in plan.report.findings if f.path == "_pages/faq.md"]
    assert not [f for f in faq if f.code == "liquid-broken"], faq
    # one finding for the block, at its opening tag (its end tag is said with it)
    assert [f.line for f in faq if f.code == "liquid-unknown-tag"] == [8]


@pytest.mark.skipif(not shutil.which("jekyll"), reason="needs Debian's jekyll")
def test_jekyll_shows_the_wrapped_tag_as_written(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "_config.yml").write_text("title: t\n")
    text = "{% details Why write {%endraw%}"
    (site / "faq.md").write_text(f"---\ntitle: FAQ\n---\n{raw_literal(text)} in a summary?\n")
    done = subprocess.run(["jekyll", "build", "-s", str(site), "-d", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{text} in a summary?" in (tmp_path / "out" / "faq.html").read_text()
