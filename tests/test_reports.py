"""Machine-readable reports: the JSON schema, SARIF 2.1.0 for code scanning, Markdown for a
PR comment, and the exit codes CI relies on (--check, --diff, --fail-on)."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess

import jsonschema
import pytest

import sitemigrate
from sitemigrate.cli import main
from sitemigrate.report import REPORT_SCHEMA_VERSION, Finding, Report
from sitemigrate.report_formats import SarifPaths, format_for

from conftest import FIXTURES, REPORT_SCHEMA, validate_sarif


def run(*args: object) -> int:
    return main([str(a) for a in args])


def test_report_schema_matches_the_model():
    jsonschema.Draft202012Validator.check_schema(REPORT_SCHEMA)
    assert REPORT_SCHEMA["properties"]["schema_version"]["const"] == REPORT_SCHEMA_VERSION
    finding = REPORT_SCHEMA["$defs"]["finding"]
    assert set(finding["properties"]) == {f.name for f in dataclasses.fields(Finding)}
    assert set(REPORT_SCHEMA["required"]) == set(Report().to_json())


@pytest.mark.parametrize("site, to", [("al-folio-site", "academicpages"),
                                      ("academicpages-site", "al-folio"),
                                      ("plain/atx-homepage.md", "al-folio")])
def test_json_report_validates(site, to, tmp_path):
    report = tmp_path / "r.json"
    src = FIXTURES / site
    extra = ["--from", "markdown"] if src.is_file() else []
    assert run("convert", src, tmp_path / "d", "--to", to, *extra, "--dry-run", "-q",
               "--report", report) == 0
    data = json.loads(report.read_text())
    jsonschema.Draft202012Validator(REPORT_SCHEMA).validate(data)
    assert data["findings"] and data["urls"] is not None


def test_sarif_report(repo, monkeypatch):
    monkeypatch.chdir(repo)
    for name in ("r.sarif", "r.sarif.json"):
        assert run("convert", "site", "out", "--to", "academicpages", "--dry-run", "-q",
                   "--report", name, "--report", "r.json") == 0
    log = json.loads((repo / "r.sarif").read_text())
    assert json.loads((repo / "r.sarif.json").read_text()) == log
    validate_sarif(log)
    assert log["version"] == "2.1.0"
    (run_,) = log["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "sitemigrate" and driver["version"] == sitemigrate.__version__
    assert driver["informationUri"].startswith("https://")
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
    every = json.loads((repo / "r.json").read_text())["findings"]
    findings = [f for f in every if f["outcome"] != "mapped"]  # what needs a look
    assert 0 < len(findings) < len(every)
    assert run_["properties"]["mapped"] == len(every) - len(findings)
    results = run_["results"]
    rule_ids = [r["id"] for r in driver["rules"]]
    assert rule_ids == sorted({f["code"] for f in findings})
    assert [(r["ruleId"], r["message"]["text"]) for r in results] \
        == [(f["code"], f["message"]) for f in findings]
    levels = {"loss": "error", "warning": "warning", "info": "note"}
    for r in results:
        assert r["ruleId"] == rule_ids[r["ruleIndex"]]
        assert r["level"] == levels[r["properties"]["severity"]]
        loc = r["locations"][0]["physicalLocation"]
        uri = loc["artifactLocation"]["uri"]
        assert loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        # relative to the repository root, so code scanning finds the file in the checkout
        assert uri.startswith("site/") and (repo / uri).is_file(), uri
        if "path" in r["properties"]:
            assert uri == "site/" + r["properties"]["path"]
        else:  # a finding about the whole site points at SRC's _config.yml
            assert uri == "site/_config.yml" and "region" not in loc
    lost = [r for r in results if r["level"] == "error"]
    assert any("wechat" in r["message"]["text"] and
               r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
               == "site/_data/socials.yml" for r in lost)
    assert any(r["locations"][0]["physicalLocation"].get("region", {}).get("startLine", 0) > 0
               for r in results)


def test_sarif_paths_when_src_is_the_repository_or_a_single_page(tmp_path, monkeypatch):
    repo = tmp_path / "whole"
    shutil.copytree(FIXTURES / "academicpages-site", repo)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    out = tmp_path / "r.sarif"
    assert run("convert", repo, tmp_path / "d", "--to", "al-folio", "--dry-run", "-q",
               "--report", out) == 0
    log = json.loads(out.read_text())
    validate_sarif(log)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]}
    assert "_config.yml" in uris and all((repo / u).is_file() for u in uris)
    # a single page in a folder of a repository: its findings point at the page
    pages = tmp_path / "pages"
    shutil.copytree(FIXTURES / "plain", pages / "home")
    subprocess.run(["git", "init", "-q", str(pages)], check=True)
    assert run("convert", pages / "home" / "atx-homepage.md", tmp_path / "d2", "--from",
               "markdown", "--to", "al-folio", "--dry-run", "-q", "--report", out) == 0
    log = json.loads(out.read_text())
    validate_sarif(log)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]}
    assert uris == {"home/atx-homepage.md"}


def test_kept_edit_points_into_dest(repo, monkeypatch):
    monkeypatch.chdir(repo)
    assert run("convert", "site", "out", "--to", "academicpages", "-q") == 0
    (repo / "out/_pages/about.md").write_text("edited\n")
    assert run("convert", "site", "out", "--to", "academicpages", "--check", "-q",
               "--report", "r.sarif", "--report-format", "sarif") == 0
    log = json.loads((repo / "r.sarif").read_text())
    validate_sarif(log)
    kept = [r for r in log["runs"][0]["results"] if r["ruleId"] == "kept-edit"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in kept] \
        == ["out/_pages/about.md"]


def test_dest_link_points_into_dest(repo, monkeypatch, tmp_path):
    """A file refused behind a DEST folder that links out of DEST is a DEST path."""
    import os
    monkeypatch.chdir(repo)
    (repo / "out").mkdir()
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", repo / "out/images")
    assert run("convert", "site", "out", "--to", "academicpages", "-q",
               "--report", "r.sarif") == 0
    log = json.loads((repo / "r.sarif").read_text())
    validate_sarif(log)
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"] if r["ruleId"] == "dest-link"]
    assert uris and all(u.startswith("out/images/") for u in uris)
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_format_for():
    assert format_for("a.sarif") == format_for("a.SARIF.json") == "sarif"
    assert format_for("a.md") == format_for("a.markdown") == "md"
    assert format_for("a.json") == format_for("a.txt") == "json"
    assert format_for("a.json", "sarif") == "sarif" and format_for("x", "markdown") == "md"


def test_sarif_without_findings_is_valid(tmp_path):
    report = Report(source_theme="al-folio", target_theme="academicpages")
    log = report.to_sarif(SarifPaths(tmp_path))
    validate_sarif(log)
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


def test_markdown_report_for_a_pull_request(tmp_path):
    out, data = tmp_path / "r.md", tmp_path / "r.json"
    assert run("convert", FIXTURES / "academicpages-site", tmp_path / "d", "--to", "al-folio",
               "--dry-run", "-q", "--report", out, "--report", data) == 0
    md = out.read_text()
    severities = [f["severity"] for f in json.loads(data.read_text())["findings"]]
    assert severities.count("loss") >= 1
    head, _, info = md.partition("<details>")
    # losses and warnings first, in a table; the long tail of info rows folded away
    assert "| severity | outcome | where | what |\n|---|---|---|---|\n| loss | lost |" in head
    assert "| info |" not in head and "| info | mapped |" in info
    assert (f"- findings: {severities.count('loss')} loss, "
            f"{severities.count('warning')} warning, ") in head
    assert info.rstrip().endswith("</details>")
    for line in md.splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            assert len(re.findall(r"(?<!\\)\|", line)) == 5, line  # four cells each
    quiet = Report(source_theme="a", target_theme="b").to_markdown()
    assert "No losses and no warnings." in quiet and "<details>" not in quiet


def test_several_reports_in_one_run(tmp_path):
    files = [tmp_path / n for n in ("r.json", "r.md", "r.sarif")]
    assert run("convert", FIXTURES / "al-folio-site", tmp_path / "d", "--to", "academicpages",
               "--check", "-q", *[a for f in files for a in ("--report", f)]) == 1
    assert json.loads(files[0].read_text())["schema_version"] == REPORT_SCHEMA_VERSION
    assert files[1].read_text().startswith("# sitemigrate report:")
    assert json.loads(files[2].read_text())["version"] == "2.1.0"


def test_check_diff_and_fail_on(tmp_path, capsys):
    src, dest = FIXTURES / "al-folio-site", tmp_path / "d"
    args = ("convert", src, dest, "--to", "academicpages")
    # out of date: exit 1 with the diff on stdout; nothing written
    assert run(*args, "--check", "--diff") == 1
    out = capsys.readouterr()
    assert "+++ b/_pages/about.md" in out.out and "DEST would change" in out.err
    assert not dest.exists()
    # --diff alone previews like --dry-run: exit 0, nothing written
    assert run(*args, "--diff") == 0
    assert "+++ b/_pages/about.md" in capsys.readouterr().out and not dest.exists()
    assert run(*args, "-q") == 0
    # up to date: exit 0, empty diff
    assert run(*args, "--check", "--diff") == 0
    out = capsys.readouterr()
    assert out.out == "" and "DEST is up to date" in out.err
    # --fail-on: the fixture has one loss (WeChat) and warnings
    assert run(*args, "--check", "--fail-on", "never") == 0
    assert run(*args, "--check", "--fail-on", "loss") == 1
    assert "findings at or above `loss`" in capsys.readouterr().err
    assert run(*args, "--check", "--fail-on", "warning", "-q") == 1
    assert capsys.readouterr().err == ""
    assert run(*args, "--dry-run", "--fail-on", "loss", "-q") == 1


def test_fail_on_passes_when_nothing_reaches_it(tmp_path, capsys):
    """A site without losses or warnings converts with --fail-on warning and exits 0."""
    page = tmp_path / "home.md"
    page.write_text("---\ntitle: Home\n---\n# Ada Lovelace\n\nI study engines.\n")
    args = ("convert", page, tmp_path / "d", "--from", "markdown", "--to", "al-folio",
            "--name", "Ada Lovelace", "--report", tmp_path / "r.json", "-q")
    status = run(*args, "--fail-on", "warning")
    severities = {f["severity"] for f in json.loads((tmp_path / "r.json").read_text())["findings"]}
    if severities - {"info"}:
        pytest.skip(f"this page raises {severities}; pick a cleaner one")
    assert status == 0
    assert run(*args, "--fail-on", "loss", "--check") == 0


def test_help_documents_fail_on_and_formats(capsys):
    with pytest.raises(SystemExit):
        main(["convert", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--fail-on {loss,warning,never}" in text and "(default)" in text
    assert "SARIF 2.1.0" in text and "--report-format {json,md,sarif}" in text
