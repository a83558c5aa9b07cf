"""A run a person can act on (#17): clear errors for a wrong theme or generation, deletions
in DEST respected, sitemigrate's bookkeeping out of diffs and counts, a closed pipe that is
no error, a short grouped summary, the same findings on every path."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

import sitemigrate
from sitemigrate.cli import main
from sitemigrate.registry import Options
from sitemigrate.report import Report


def run(*args) -> int:
    return main([str(a) for a in args])


# -- themes and generations -------------------------------------------------------------------

def test_unknown_generation_is_one_clear_line(alfolio_site, tmp_path, capsys):
    """`--generation 2017 --to al-folio` ended in a KeyError traceback; an unknown
    academicpages generation was taken silently."""
    assert run("convert", alfolio_site, tmp_path / "d", "--to", "al-folio",
               "--generation", "2017") == 2
    err = capsys.readouterr().err
    assert err == ("sitemigrate: error: unknown generation '2017' for al-folio ('2017' is a "
                   "generation of academicpages); known: 2020-23, 2024-25, v1\n")
    assert run("convert", alfolio_site, tmp_path / "d", "--to", "academicpages",
               "--generation", "2030") == 2
    err = capsys.readouterr().err
    assert err == ("sitemigrate: error: unknown generation '2030' for academicpages; known: "
                   "2017, 2018-23, 2024-26\n")
    assert not (tmp_path / "d").exists()
    with pytest.raises(sitemigrate.SitemigrateError, match="known: 2020-23, 2024-25, v1"):
        sitemigrate.convert(alfolio_site, tmp_path / "d", to="al-folio",
                            options=Options(generation="2018-23"))
    site = sitemigrate.read_site(alfolio_site)
    with pytest.raises(sitemigrate.SitemigrateError, match="unknown generation 'v9'"):
        sitemigrate.write_site(site, tmp_path / "d", "academicpages", Options(generation="v9"))


def test_a_mistyped_theme_gets_a_did_you_mean(alfolio_site, tmp_path, capsys):
    assert run("convert", alfolio_site, tmp_path / "d", "--to", "alfolio") == 2
    err = capsys.readouterr().err
    assert "unknown theme 'alfolio' (did you mean 'al-folio'?)" in err
    assert run("convert", alfolio_site, tmp_path / "d", "--to", "academicpage") == 2
    assert "(did you mean 'academicpages'?)" in capsys.readouterr().err
    assert run("convert", alfolio_site, tmp_path / "d", "--to", "wordpress") == 2
    assert "did you mean" not in capsys.readouterr().err


def test_convert_help_names_the_themes_and_their_generations(capsys):
    with pytest.raises(SystemExit):
        run("convert", "--help")
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps at the terminal width
    assert ("--to THEME target theme: al-folio (generations 2020-23, 2024-25, v1); "
            "academicpages (generations 2017, 2018-23, 2024-26)") in out
    assert "newest): al-folio (generations 2020-23, 2024-25, v1)" in out


# -- DEST: deletions, bookkeeping ---------------------------------------------------------------

def test_a_file_deleted_in_dest_stays_deleted(alfolio_site, tmp_path, capsys):
    """The owner deletes a file of the last run: like an edit, that is their decision. The
    next run does not bring it back, `--check` is content, the summary lists it, and
    `--force` restores it."""
    dest = tmp_path / "dest"
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "-q") == 0
    gone = dest / "_pages/about.md"
    gone.unlink()
    capsys.readouterr()
    for _ in range(2):  # and it stays so run after run
        assert run("convert", alfolio_site, dest, "--to", "academicpages", "--check",
                   "--no-cache") == 0
        err = capsys.readouterr().err
        assert "DEST is up to date" in err and "1 kept (edited or deleted by you)" in err
        assert "_pages/about.md: you deleted this DEST file after the last run" in err
        assert run("convert", alfolio_site, dest, "--to", "academicpages") == 0
        assert not gone.exists()
        capsys.readouterr()
    plan = sitemigrate.convert(alfolio_site, dest, to="academicpages")
    assert plan.diff() == "" and plan.up_to_date()
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--check",
               "--force", "--diff") == 1
    assert "+++ b/_pages/about.md" in capsys.readouterr().out
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--force", "-q") == 0
    assert gone.is_file()


def test_bookkeeping_is_not_the_users_change(alfolio_site, tmp_path, capsys):
    """`.sitemigrate/manifest.json` is written with DEST but is neither in a diff nor in the
    counts: a one-file source edit is "1 changed"."""
    src, dest = tmp_path / "src", tmp_path / "dest"
    shutil.copytree(alfolio_site, src)
    assert run("convert", src, dest, "--to", "academicpages", "--dry-run") == 0
    out = capsys.readouterr()
    assert ".sitemigrate" not in out.out and "diff --git a/_config.yml" in out.out
    created = out.err.split("files: ")[1].split(" created")[0]
    assert run("convert", src, dest, "--to", "academicpages") == 0
    err = capsys.readouterr().err
    assert f"files: {created} created, 0 changed" in err
    assert (dest / ".sitemigrate/manifest.json").is_file()
    written = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")
                     if p.is_file() and ".sitemigrate" not in p.parts)
    assert len(written) == int(created)
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("</p>", " Edited.</p>", 1) + "\nOne more line.\n")
    assert run("convert", src, dest, "--to", "academicpages", "--check", "--diff") == 1
    out = capsys.readouterr()
    assert "1 changed" in out.err and ".sitemigrate" not in out.out
    assert out.out.count("diff --git") == 1


def test_only_bookkeeping_changed_is_up_to_date(alfolio_site, tmp_path, capsys):
    """A manifest that differs (an older sitemigrate wrote it, say) is no pending change."""
    dest = tmp_path / "dest"
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "-q") == 0
    manifest = dest / ".sitemigrate/manifest.json"
    manifest.write_text(manifest.read_text().replace('"generator"', '"old": 1, "generator"'))
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--check",
               "--no-cache", "--diff") == 0
    out = capsys.readouterr()
    assert out.out == "" and "DEST is up to date" in out.err
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "-q") == 0
    assert '"old"' not in manifest.read_text()  # a run that writes still renews it


# -- the output pipe ------------------------------------------------------------------------

def test_a_closed_pipe_ends_quietly(alfolio_site):
    """`sitemigrate inspect SRC | head -1`: the reader goes away; no error message, and the
    exit status a shell gives a command ended by SIGPIPE."""
    proc = subprocess.Popen([sys.executable, "-m", "sitemigrate", "inspect", str(alfolio_site)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # before the first write: the pipe is broken for every write
    err = proc.stderr.read().decode()
    assert proc.wait() == 141
    assert err == ""
    env = dict(os.environ, PYTHONUNBUFFERED="1")  # each write reaches the pipe at once
    proc = subprocess.Popen([sys.executable, "-m", "sitemigrate", "themes"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    assert proc.wait() == 141 and proc.stderr.read() == b""


# -- the summary on stderr --------------------------------------------------------------------

def _site_with_many_findings(alfolio_site, tmp_path):
    """The bundled site plus what real sites have: a page linking 40 PDFs that are not in
    the site, a long HTML footer, al-folio's RSS switch (a profile with no address)."""
    src = tmp_path / "src"
    shutil.copytree(alfolio_site, src)
    links = "\n".join(f"- [Paper {i}](/assets/pdf/paper-{i:02}.pdf)" for i in range(40))
    (src / "_pages/papers.md").write_text(
        "---\nlayout: page\ntitle: Papers\npermalink: /papers/\n---\n\n" + links + "\n")
    config = (src / "_config.yml").read_text()
    footer = "Powered by <a href=\"https://example.org/a-very-long-address\">x</a>. " * 8
    config = config.replace("footer_text: >\n  Powered by Jekyll.\n",
                            f"footer_text: '{footer}'\nrss_icon: true\n")
    (src / "_config.yml").write_text(config)
    (src / "_pages/notes.md").write_text("Notes without front matter.\n")  # found by reading
    return src


def test_the_summary_groups_findings_by_kind(alfolio_site, tmp_path, capsys):
    """40 missing files are one line with the count and the first places; a long value is
    cut; a profile without an address is said so (not `None`); the person is told the next
    step. The report keeps every finding."""
    src = _site_with_many_findings(alfolio_site, tmp_path)
    report = tmp_path / "r.json"
    assert run("convert", src, tmp_path / "dest", "--to", "academicpages",
               "--report", report) == 0
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert ("  40× linked file `…` does not exist in the source site; the link now points to "
            "`…`: put the file there. At: _pages/papers.md:7 `/assets/pdf/paper-00.pdf`, :8 "
            "`/assets/pdf/paper-01.pdf`, :9 `/assets/pdf/paper-02.pdf` and 37 more") in lines
    assert "paper-03.pdf" not in err
    footer = next(line for line in lines if "`footer_text`" in line)
    assert footer.endswith("put this text there if you want it: `Powered by <a "
                           "href=\"https://example.org/a-very-long-address…`")
    assert "social profile `rss` (an on/off switch, no address) has no academicpages" in err
    assert "None" not in err
    assert lines[-2] == ("next: each line above says what to do; `--report FILE` lists every "
                         "place")
    assert lines[-1].startswith("then: DEST holds no academicpages template")  # a new folder
    assert len(lines) <= 20
    findings = json.loads(report.read_text())["findings"]
    assert sum("paper-" in f["message"] for f in findings) == 40
    assert any(f["message"].endswith(footer_text_end := "long-address\">x</a>.`")
               for f in findings), footer_text_end


def test_an_up_to_date_check_does_not_replay_the_findings(alfolio_site, tmp_path, capsys):
    src = _site_with_many_findings(alfolio_site, tmp_path)
    dest = tmp_path / "dest"
    assert run("convert", src, dest, "--to", "academicpages") == 0
    capsys.readouterr()
    for cache in ((), ("--no-cache",)):
        assert run("convert", src, dest, "--to", "academicpages", "--check", *cache) == 0
        lines = capsys.readouterr().err.splitlines()
        assert lines[0] == "DEST is up to date" and lines[-1] == "next: nothing to do"
        assert len(lines) == 4 and lines[1].startswith("files: 0 created, 0 changed")
    (dest / "_pages/papers.md").unlink()  # what the owner did to DEST is still said
    assert run("convert", src, dest, "--to", "academicpages", "--check") == 0
    err = capsys.readouterr().err
    assert "_pages/papers.md: you deleted this DEST file after the last run" in err
    assert "linked file" not in err


def test_the_summary_is_cut_to_a_terminal_and_plain_when_piped(alfolio_site, tmp_path):
    """On a terminal (rich) each line fits its width: quoted values are cut and the advice is
    folded, never cut; piped, lines are whole and plain."""
    src = _site_with_many_findings(alfolio_site, tmp_path)
    code = ("import sys; sys.stderr.isatty = lambda: True; from sitemigrate.cli import main; "
            "raise SystemExit(main(sys.argv[1:]))")
    env = dict(os.environ, COLUMNS="60", TERM="xterm")
    res = subprocess.run([sys.executable, "-c", code, "convert", str(src),
                          str(tmp_path / "d1"), "--to", "academicpages", "--dry-run"],
                         capture_output=True, text=True, env=env)
    assert res.returncode == 0
    tty = re.sub(r"\033\[[0-9;]*m", "", res.stderr)
    lines = tty.splitlines()
    assert max(len(line) for line in lines) <= 60
    assert any(line.startswith("  40× linked file") for line in lines)
    res = subprocess.run([sys.executable, "-m", "sitemigrate", "convert", str(src),
                          str(tmp_path / "d2"), "--to", "academicpages", "--dry-run"],
                         capture_output=True, text=True, env=env)
    assert "\033[" not in res.stderr and max(len(x) for x in res.stderr.splitlines()) > 60

    def advice(text: str) -> str:  # the words outside quoted values, blanks aside
        return re.sub(r"\s+", "", re.sub(r"`[^`]*`", "", re.sub(r"\s+", " ", text)))
    assert advice(tty) == advice(res.stderr)  # issue 32: values are cut, never the advice


# -- the library reports what the command does --------------------------------------------------

def _rows(report):
    return [(f.code, f.outcome, f.path, f.line, f.message) for f in report.findings]


def test_the_library_reports_what_convert_and_the_command_report(alfolio_site, tmp_path):
    """read_site() + write_site() lost the findings of reading; plan.report.summary() before
    apply() said "0 created". Every path now gives the same findings and counts."""
    src = _site_with_many_findings(alfolio_site, tmp_path)
    dest = tmp_path / "dest"
    whole = sitemigrate.convert(src, dest, to="academicpages")
    site = sitemigrate.read_site(src)
    parts = sitemigrate.write_site(site, dest, "academicpages")
    read = Report()
    sitemigrate.read_site(src, report=read)
    reading = _rows(read)
    assert ("no-front-matter", "problem", "_pages/notes.md", 1) in [r[:4] for r in reading]
    assert _rows(site) == reading  # what reading found travels with the Site it returned
    assert set(reading) <= set(_rows(parts.report))
    assert _rows(parts.report) == _rows(whole.report)
    summary = parts.report.summary()
    assert summary == whole.report.summary()
    created = len([p for p in parts.files] + [p for p in parts.copies if p not in parts.files])
    assert summary.startswith(f"files: {created} created, 0 changed, 0 deleted, 0 unchanged\n")
    assert f"{whole.report.counts()['problem']} input problems" in summary
    again = sitemigrate.write_site(site, tmp_path / "other", "academicpages")
    assert _rows(again.report) == _rows(whole.report)  # writing twice adds nothing twice
    copied = sitemigrate.write_site(copy.deepcopy(site), tmp_path / "copy", "academicpages")
    assert _rows(copied.report) == _rows(whole.report)  # a copy of the Site carries them too
    parts.apply()
    assert parts.report.summary() == summary
    report = tmp_path / "r.json"
    assert run("convert", src, tmp_path / "cli", "--to", "academicpages", "--dry-run",
               "--report", report) == 0
    data = json.loads(report.read_text())
    assert [(f["code"], f["outcome"], f["path"], f["line"], f["message"])
            for f in data["findings"]] == _rows(whole.report)
    assert data["summary"] == whole.report.counts()
    assert len(data["files"]["created"]) == created


def test_findings_about_dest_come_before_apply(alfolio_site, tmp_path):
    """An edited DEST file is reported by the plan's diff and summary, not only by apply()."""
    dest = tmp_path / "dest"
    sitemigrate.convert(alfolio_site, dest, to="academicpages").apply()
    (dest / "_pages/about.md").write_text("mine\n")
    plan = sitemigrate.convert(alfolio_site, dest, to="academicpages")
    assert "1 kept (edited or deleted by you)" in plan.report.summary()
    assert [f.path for f in plan.report.findings if f.code == "kept-edit"] == ["_pages/about.md"]
    plan = sitemigrate.convert(alfolio_site, dest, to="academicpages")
    assert plan.diff() == ""
    assert [f.path for f in plan.report.findings if f.code == "kept-edit"] == ["_pages/about.md"]


# -- urls: a preview before any conversion ------------------------------------------------------

def test_urls_previews_the_ledger_before_a_conversion(academicpages_site, tmp_path, capsys):
    """`sitemigrate urls SRC` (or a DEST that does not exist yet) plans the conversion to the
    other theme and prints its ledger; nothing is written."""
    before = sorted(p.name for p in tmp_path.iterdir())
    assert run("urls", academicpages_site) == 0
    out = capsys.readouterr()
    rows = dict(line.split(None, 3)[0::2][:2] for line in out.out.splitlines())
    assert rows["/resume"] == "/cv/"
    assert "a preview: the URLs of converting SRC to al-folio" in out.err
    assert out.err.rstrip().endswith("0 lost")
    dest = tmp_path / "not-yet"
    assert run("urls", academicpages_site, dest) == 0
    again = capsys.readouterr()
    assert again.out == out.out and not dest.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert run("urls", academicpages_site, dest, "--to", "academicpages") == 0
    assert "a preview" not in capsys.readouterr().err  # the theme was named: no note


# -- merging into DEST's _config.yml -------------------------------------------------------------

ALIGNED_CONFIG = """\
# An invented template's settings, aligned as templates write them.
locale          : "en-US"
site_theme      : "default"   # or "air"
title           : "Site Title"
title_separator : "-"
name            : "Your Name"
url             : https://example.github.io   # where the site lives
baseurl         : ""
teaser          :             # an image in /images/
breadcrumbs     : false       # true, false (default)
words_per_minute: 200
exclude         : [vendor, Gemfile]

author:
  avatar        : "profile.png"
  name          : "Your Name"
  pronouns      :             # e.g. "they/them"
  location      : "Somewhere"
  employer      : "Some University"   # a comment kept
  github        : "example"

analytics:
  provider      : false       # false (default), "google"
"""


def test_a_merged_config_keeps_the_lines_the_conversion_did_not_change(
        alfolio_site, academicpages_site, tmp_path, capsys):
    """Merging into a template rewrote every aligned line (`locale     : "en-US"` →
    `locale: "en-US"`); only the keys the conversion changes are now touched."""
    dest = tmp_path / "dest"
    shutil.copytree(academicpages_site, dest)
    (dest / "_config.yml").write_text(ALIGNED_CONFIG)
    assert run("convert", alfolio_site, dest, "--to", "academicpages", "--dry-run") == 0
    diff = capsys.readouterr().out
    config = diff.split("diff --git a/_config.yml b/_config.yml\n")[1].split("diff --git")[0]
    removed = [line[1:] for line in config.splitlines()
               if line.startswith("-") and not line.startswith("---")]
    for kept in ('locale          : "en-US"', 'site_theme      : "default"   # or "air"',
                 'title_separator : "-"', 'baseurl         : ""',
                 'breadcrumbs     : false       # true, false (default)',
                 'words_per_minute: 200', 'exclude         : [vendor, Gemfile]',
                 '  pronouns      :             # e.g. "they/them"',
                 '  provider      : false       # false (default), "google"'):
        assert kept not in removed, kept
    assert 'title           : "Site Title"' in removed
    assert '  github        : "example"' in removed
    assert len(removed) <= 12, removed
    plan = sitemigrate.convert(alfolio_site, dest, to="academicpages")
    merged = plan.files["_config.yml"].decode()
    assert 'locale          : "en-US"\n' in merged and 'title: "Ada Q. Okonkwo"' in merged
    from sitemigrate.textio import load_safe
    data = load_safe(merged)
    assert data["locale"] == "en-US" and data["author"]["github"] == "ada-okonkwo"
    assert data["exclude"][:2] == ["vendor", "Gemfile"]


def test_keep_layout_takes_only_whole_unchanged_lines():
    from sitemigrate.layout import keep_layout
    old = ("a    : 1   # one\n"
           "b    : >\n  folded\n  text\n"
           "c    : \"long\n  continued\"\n"
           "d    : [x, y]\n"
           "e    : true\n"
           "m:\n    deep : 1\n")
    new = ("a: 1 # one\n"
           "b: >\n  folded\n  text\n"
           "c: \"long continued\"\n"
           "d: [x, y]\n"
           "e: 1\n"
           "m:\n  deep: 1\n")
    out = keep_layout(old, new)
    assert out.split("\n")[0] == "a    : 1   # one"  # the same value: the owner's line
    assert "d    : [x, y]\n" in out
    assert "b: >\n" in out and "c: \"long continued\"\n" in out  # more than one line: new
    assert "e: 1\n" in out  # `true` is not 1
    assert "  deep: 1\n" in out  # another indentation would break the mapping
    assert keep_layout("a: [\n", "a: 1\n") == "a: 1\n"  # DEST's YAML is broken: as given
    # lines read from libyaml's node marks: a null value's mark is on its key's line
    old = "empty    :       # set me\nlocale   : \"en-US\"\nm:\n  deep   : x   # kept\n"
    new = "empty: # set me\nlocale: en-US\nm:\n  deep: x # kept\n  added: 1\n"
    assert keep_layout(old, new) == ("empty    :       # set me\nlocale   : \"en-US\"\nm:\n"
                                     "  deep   : x   # kept\n  added: 1\n")
