"""The CI path, run the way CI runs it: the GitHub Action's steps (read from action.yml and run
with bash, as the runner does), the pre-commit hook (through pre-commit itself, and as its
declared entry + args), and the package as built and installed from a wheel."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import jsonschema
import pytest
from ruamel.yaml import YAML

from conftest import FIXTURES, REPORT_SCHEMA, ROOT, validate_sarif
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
BIN = Path(sysconfig.get_path("scripts"))  # console scripts of this Python's packages


def load_yaml(path: Path):
    return YAML(typ="safe").load(path.read_text())


# -- the GitHub Action ---------------------------------------------------------------------

ACTION = load_yaml(ROOT / "action.yml")


def action_step(step_id_or_name: str) -> dict:
    return next(s for s in ACTION["runs"]["steps"]
                if step_id_or_name in (s.get("id"), s.get("name")))


def render(value: str, inputs: dict[str, str], tmp: Path) -> str:
    """Evaluate the `${{ ... }}` expressions the action's `env:` uses, as the runner would."""
    context = {f"inputs.{k}": v for k, v in inputs.items()}
    context |= {"github.action_path": str(ROOT), "runner.temp": str(tmp)}
    return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda m: context[m.group(1)], str(value))


def run_action_step(name: str, given: dict[str, str], cwd: Path, tmp: Path,
                    extra_env: dict[str, str] | None = None):
    """Run one `run:` step of action.yml with bash, its env rendered from the inputs."""
    inputs = {k: str(v.get("default", "")) for k, v in ACTION["inputs"].items()}
    missing = [k for k, v in ACTION["inputs"].items() if v.get("required") and k not in given]
    assert not missing, f"required inputs not given: {missing}"
    inputs |= given
    step = action_step(name)
    assert step["shell"] == "bash"
    output, summary = tmp / "github_output", tmp / "step_summary"
    output.write_text("")
    summary.write_text("")
    env = {**os.environ,
           "GITHUB_ACTIONS": "true", "GITHUB_ACTION_PATH": str(ROOT),
           "GITHUB_OUTPUT": str(output), "GITHUB_STEP_SUMMARY": str(summary),
           "RUNNER_TEMP": str(tmp), "GITHUB_WORKSPACE": str(cwd),
           # the Python that setup-python + the install step give; here, the test's own
           "SITEMIGRATE_PYTHON": sys.executable,
           **{k: render(v, inputs, tmp) for k, v in step.get("env", {}).items()},
           **(extra_env or {})}
    res = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=cwd, env=env,
                         capture_output=True, text=True)
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines())
    return res, outputs, summary.read_text()


def test_action_yml_declares_the_interface():
    assert ACTION["runs"]["using"] == "composite"
    assert {"from", "to", "src", "dest", "fail-on", "version", "python-version"} \
        <= set(ACTION["inputs"])
    assert ACTION["inputs"]["fail-on"]["default"] == "never"
    assert {"changed", "report", "sarif", "markdown", "exit-code"} <= set(ACTION["outputs"])
    for out in ACTION["outputs"].values():
        assert re.fullmatch(r"\$\{\{ steps\.check\.outputs\.[\w-]+ \}\}", out["value"])
    upload = action_step("Upload SARIF to code scanning")
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["if"].startswith("always()")
    assert upload["with"]["sarif_file"] == "${{ steps.check.outputs.sarif }}"
    install = action_step("Install sitemigrate")
    assert "scripts/action.sh\" install" in install["run"]
    assert install["env"]["SITEMIGRATE_ACTION_PATH"] == "${{ github.action_path }}"
    example = load_yaml(ROOT / "examples/sitemigrate-check.yml")
    steps = example["jobs"]["check"]["steps"]
    used = next(s for s in steps if "sitemigrate@" in s.get("uses", ""))
    assert set(used["with"]) <= set(ACTION["inputs"])
    assert {"src", "dest", "to"} <= set(used["with"])
    assert example["permissions"]["security-events"] == "write"


def test_action_check_out_of_date_then_up_to_date(repo, tmp_path):
    given = {"src": "site", "dest": "ap", "to": "academicpages"}
    # DEST missing: out of date
    res, out, summary = run_action_step("check", given, repo, tmp_path)
    assert res.returncode == 1, res.stderr
    assert out["changed"] == "true" and out["exit-code"] == "1"
    assert "::group::sitemigrate diff" in res.stdout and "+++ b/_pages/about.md" in res.stdout
    assert "DEST would change" in res.stderr
    assert "## :x: DEST `ap` is out of date" in summary
    assert "Run `sitemigrate convert site ap --to academicpages` and commit" in summary
    assert "| severity | outcome | where | what |" in summary
    assert "| loss | lost | `_data/socials.yml:7` |" in summary
    assert "<details><summary>Diff (" in summary and "+++ b/_pages/about.md" in summary
    log = validate_sarif(json.loads(Path(out["sarif"]).read_text()))
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]}
    assert "site/_data/socials.yml" in uris and all((repo / u).is_file() for u in uris)
    jsonschema.validate(json.loads(Path(out["report"]).read_text()), REPORT_SCHEMA)
    assert Path(out["markdown"]).read_text().startswith("# sitemigrate report:")
    assert Path(out["diff"]).read_text() == res.stdout.split("::group::sitemigrate diff\n")[1] \
        .split("::endgroup::")[0]  # (no line of it starts with `::`: it is not escaped)

    # the user converts and commits DEST: up to date
    subprocess.run([sys.executable, "-m", "sitemigrate", "convert", "site", "ap", "--to",
                    "academicpages", "-q"], cwd=repo, check=True)
    res, out, summary = run_action_step("check", given, repo, tmp_path)
    assert res.returncode == 0, res.stderr
    assert out["changed"] == "false" and out["exit-code"] == "0"
    assert "## :white_check_mark: DEST `ap` is up to date" in summary
    assert "| severity | outcome | where | what |" in summary and "Diff (" not in summary
    assert Path(out["diff"]).read_text() == ""
    validate_sarif(json.loads(Path(out["sarif"]).read_text()))

    # up to date, but --fail-on loss: the check fails on the losses (WeChat, footer text),
    # changed stays false
    res, out, summary = run_action_step("check", given | {"fail-on": "loss"}, repo, tmp_path)
    assert res.returncode == 1
    assert out["changed"] == "false" and out["exit-code"] == "1"
    losses = [f for f in json.loads(Path(out["report"]).read_text())["findings"]
              if f["severity"] == "loss"]
    assert losses and f"**{len(losses)} finding(s) at or above `loss`**" in summary
    assert "findings at or above `loss`: failing" in res.stderr

    # an edit to SRC makes DEST out of date again
    about = repo / "site/_pages/about.md"
    about.write_text(about.read_text() + "\nA new paragraph.\n")
    res, out, _ = run_action_step("check", given | {"from": "al-folio",
                                                    "args": "--redirects pages"}, repo, tmp_path)
    assert res.returncode == 1 and out["changed"] == "true"
    assert "+A new paragraph." in Path(out["diff"]).read_text()


def test_action_check_error(repo, tmp_path):
    given = {"src": "no-such-site", "dest": "ap", "to": "academicpages"}
    res, out, summary = run_action_step("check", given, repo, tmp_path)
    assert res.returncode == 2
    assert out["changed"] == "" and out["sarif"] == "" and out["exit-code"] == "2"
    assert "## :x: sitemigrate stopped with an error (exit 2)" in summary
    assert "no such file or directory" in summary


def test_repository_content_starts_no_workflow_command_and_no_live_summary(repo, tmp_path):
    """Issue 32: a file name holding a newline and `::error ...`, and a page whose text
    closes the summary's code fence, are repository content: no line of the job's log that
    they make starts a workflow command, and the job summary shows them as text."""
    pages = repo / "site/_pages"
    (pages / "x\n::error title=pwned::owned\r::add-mask::x.md").write_text(
        "---\ntitle: Owned\npermalink: /owned/\n---\nText.\n")
    (pages / "fence.md").write_text("---\ntitle: Fence\npermalink: /fence/\n---\n"
                                    "``````\n\n![i](https://evil.example/i.png)\n\n"
                                    "<img src=x onerror=alert(1)>\n")
    given = {"src": "site", "dest": "ap", "to": "academicpages"}
    res, out, summary = run_action_step("check", given, repo, tmp_path)
    assert res.returncode == 1, res.stderr
    assert "::error title=pwned" in Path(out["diff"]).read_text()  # in the diff file as is
    ours = {"::group::sitemigrate diff", "::endgroup::"}
    for line in re.split(r"[\r\n]", res.stdout + res.stderr):
        assert not line.lstrip().startswith("::") or line in ours, line
    import mistune
    html = mistune.create_markdown(plugins=["table"])(summary)
    assert "<img" not in html and "evil.example" in html


def test_action_pins_what_it_uses_and_installs_from_a_hashed_lock():
    """Issue 32: the actions it uses by full commit, the dependencies from a lock with the
    hashes of their files, covering every dependency of pyproject.toml."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name
    uses = [s["uses"] for s in ACTION["runs"]["steps"] if "uses" in s]
    assert uses and all(re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", u) for u in uses), uses
    script = (ROOT / "scripts/action.sh").read_text()
    assert "--require-hashes --no-deps -r \"$here/scripts/action-requirements.txt\"" in script
    lock = (ROOT / "scripts/action-requirements.txt").read_text()
    pins = {}
    for block in re.split(r"\n(?=[A-Za-z])", lock.split("\n", 2)[2]):
        name, version = re.match(r"([\w.-]+)==(\S+)", block).groups()
        assert re.search(r"--hash=sha256:[0-9a-f]{64}", block), name
        pins[canonicalize_name(name)] = version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for spec in project["project"]["dependencies"] + project["build-system"]["requires"]:
        req = Requirement(spec)
        assert req.specifier.contains(pins[canonicalize_name(req.name)]), spec


# -- the pre-commit hook -------------------------------------------------------------------

HOOKS = load_yaml(ROOT / ".pre-commit-hooks.yaml")
HOOK = next(h for h in HOOKS if h["id"] == "sitemigrate-check")


def test_hook_declaration():
    assert HOOK["language"] == "python" and HOOK["pass_filenames"] is False
    assert shlex.split(HOOK["entry"])[0] == "sitemigrate"  # the console script of the package


def test_hook_entry_and_args_as_declared(repo):
    """What pre-commit runs: `entry` + the user's `args` (no file names), in the repository."""
    args = ["site", "ap", "--to", "academicpages"]
    command = [str(BIN / "sitemigrate"), *shlex.split(HOOK["entry"])[1:], *args]
    res = subprocess.run(command, cwd=repo, capture_output=True, text=True)
    assert res.returncode == 1 and "+++ b/_pages/about.md" in res.stdout
    subprocess.run([str(BIN / "sitemigrate"), "convert", *args, "-q"], cwd=repo, check=True)
    res = subprocess.run(command, cwd=repo, capture_output=True, text=True)
    assert res.returncode == 0 and res.stdout == "" and "DEST is up to date" in res.stderr
    res = subprocess.run([*command, "--fail-on", "loss"], cwd=repo, capture_output=True, text=True)
    assert res.returncode == 1


def hook_repository(tmp_path: Path) -> tuple[Path, str]:
    """This checkout as pre-commit fetches it: a git repository at one commit. Uncommitted
    work is included (a snapshot of the tracked and new files, as `pre-commit try-repo` does)."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           capture_output=True, check=True).stdout.decode().split("\0")
    snap = tmp_path / "hook-repo"
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (snap / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, snap / name)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-C", str(snap)]
    subprocess.run(["git", "init", "-q", str(snap)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "snapshot"], check=True)
    rev = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True,
                         check=True).stdout.strip()
    return snap, rev


def test_pre_commit_runs_the_hook(repo, tmp_path):
    """pre-commit itself installs the hook from this repository and runs it."""
    if shutil.which("pre-commit", path=str(BIN)) is None:
        pytest.skip("pre-commit is not installed (it is in the `test` extras)")
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    hook_repo, rev = hook_repository(tmp_path)
    config = {"repos": [{"repo": str(hook_repo), "rev": rev, "hooks": [
        {"id": "sitemigrate-check", "args": ["site", "ap", "--to", "academicpages"]}]}]}
    (repo / ".pre-commit-config.yaml").write_text(json.dumps(config))  # JSON is YAML
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
           "PRE_COMMIT_COLOR": "never"}
    command = [str(BIN / "pre-commit"), "run", "--all-files"]
    res = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)
    assert res.returncode == 1, res.stdout + res.stderr
    assert "sitemigrate check" in res.stdout and "Failed" in res.stdout
    assert "+++ b/_pages/about.md" in res.stdout and "DEST would change" in res.stdout
    subprocess.run([str(BIN / "sitemigrate"), "convert", "site", "ap", "--to", "academicpages",
                    "-q"], cwd=repo, check=True)
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    res = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
    assert re.search(r"sitemigrate check\.+Passed", res.stdout)


# -- the package: wheel and sdist, installed in a fresh environment ------------------------

def fresh_venv(path: Path) -> Path:
    try:
        import ensurepip  # noqa: F401
        subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    except ImportError:  # a Python without ensurepip (Debian without python3-venv)
        subprocess.run([sys.executable, "-m", "virtualenv", "-q", str(path)], check=True)
    return path / ("Scripts" if os.name == "nt" else "bin")


def test_wheel_and_sdist_build_and_install(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = dist.glob("sitemigrate-*.whl")
    (sdist,) = dist.glob("sitemigrate-*.tar.gz")
    assert wheel.name.startswith(f"sitemigrate-{VERSION}-")
    names = set(zipfile.ZipFile(wheel).namelist())
    mappings = sorted(p.name for p in (ROOT / "mappings").iterdir() if p.is_file())
    assert mappings and all(f"sitemigrate/mappings/{m}" in names for m in mappings)
    for schema in ("ir.schema.json", "report.schema.json"):
        assert f"sitemigrate/schema/{schema}" in names
    assert "sitemigrate/py.typed" in names and "sitemigrate/report_formats.py" in names
    with tarfile.open(sdist) as tar:
        members = {m.split("/", 1)[1] for m in tar.getnames() if "/" in m}
    assert {"pyproject.toml", "src/sitemigrate/schema/report.schema.json",
            "mappings/socials.yml"} <= members

    # installed as the Action's install step installs it, with the wheel as `version`
    bindir = fresh_venv(tmp_path / "venv")
    python = bindir / "python"
    res = subprocess.run(["bash", str(ROOT / "scripts/action.sh"), "install"],
                         env={**os.environ, "SITEMIGRATE_PYTHON": str(python),
                              "SITEMIGRATE_VERSION": str(wheel)},
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == f"sitemigrate {VERSION}"
    where = subprocess.run([str(python), "-c", "import sitemigrate; print(sitemigrate.__file__)"],
                           capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    assert str(tmp_path / "venv") in where  # the installed copy, not this checkout
    cli = bindir / "sitemigrate"
    res = subprocess.run([str(cli), "--version"], capture_output=True, text=True, check=True)
    assert res.stdout.strip() == f"sitemigrate {VERSION}"
    out = tmp_path / "out"
    res = subprocess.run([str(cli), "convert", str(FIXTURES / "al-folio-site"), str(out), "--to",
                          "academicpages", "-q", "--report", str(tmp_path / "r.sarif")],
                         capture_output=True, text=True, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert (out / "_pages/about.md").is_file() and (out / "_publications").is_dir()
    validate_sarif(json.loads((tmp_path / "r.sarif").read_text()))
    res = subprocess.run([str(cli), "convert", str(FIXTURES / "al-folio-site"), str(out), "--to",
                          "academicpages", "--check"], capture_output=True, text=True, cwd=tmp_path)
    assert res.returncode == 0 and "DEST is up to date" in res.stderr
