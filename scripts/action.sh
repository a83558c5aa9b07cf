#!/usr/bin/env bash
# The logic of the GitHub Action in action.yml; tests/test_ci.py runs it the same way.
#
#   action.sh install   pip-install sitemigrate's dependencies from scripts/action-requirements.txt
#                       (pinned, checked by hash), then sitemigrate alone: this checkout (the
#                       action's own folder) when SITEMIGRATE_VERSION is empty,
#                       `sitemigrate==V` for a version number V, else SITEMIGRATE_VERSION as a
#                       pip requirement (a wheel, a URL, ...)
#   action.sh check     sitemigrate convert SRC DEST --to THEME --check --diff, with the
#                       JSON, Markdown and SARIF reports (with SITEMIGRATE_VERIFY=true also
#                       --verify: both sites built and compared as a visitor sees them);
#                       exits with its exit code
#
# check reads SITEMIGRATE_SRC, SITEMIGRATE_DEST, SITEMIGRATE_TO (required), SITEMIGRATE_FROM,
# SITEMIGRATE_FAIL_ON (loss|warning|never, default never), SITEMIGRATE_ARGS (more options,
# split on whitespace), SITEMIGRATE_VERIFY (true|false), SITEMIGRATE_BUILD (verify's
# --build COMMAND), SITEMIGRATE_TEMPLATE (verify's --template DIR) and
# SITEMIGRATE_REPORT_DIR (default $RUNNER_TEMP/sitemigrate).
# It appends to $GITHUB_OUTPUT: changed (true/false, empty after an error), exit-code,
# report (JSON), markdown, sarif (empty when not written) and diff (file paths); and to
# $GITHUB_STEP_SUMMARY: a verdict, the Markdown report and the diff.
# SITEMIGRATE_PYTHON is the Python that has (or gets) sitemigrate; default python3.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${SITEMIGRATE_PYTHON:-$(command -v python3 || command -v python)}"
in_actions() { [[ "${GITHUB_ACTIONS:-}" == "true" ]]; }

install() {
  local spec="${SITEMIGRATE_VERSION:-}"
  if [[ -z "$spec" ]]; then
    spec="${SITEMIGRATE_ACTION_PATH:-$here}"
  elif [[ "$spec" =~ ^[0-9]+(\.[0-9A-Za-z+!-]+)*$ ]]; then
    spec="sitemigrate==$spec"
  fi
  local pip=("$python" -m pip install --disable-pip-version-check --quiet)
  # the dependencies (and the build backend) from the lock, each file checked by its hash;
  # then sitemigrate alone, built without fetching anything more, and a check that what it
  # needs is what the lock gave
  "${pip[@]}" --require-hashes --no-deps -r "$here/scripts/action-requirements.txt"
  "${pip[@]}" --no-deps --no-build-isolation "$spec"
  "$python" -m pip check --disable-pip-version-check >&2
  "$python" -m sitemigrate --version
}

# Repository content (a file name, a line of a page) printed into the job's log: a line of
# it that starts with `::` would be a workflow command (`::error ...`, `::add-mask::`), so
# such a line is printed as `\::` ..., also after a carriage return.
log_safe() {
  "$python" -c 'import re, sys
sys.stdout.buffer.write(re.sub(rb"(^|\r)([ \t]*)::", rb"\1\2\\::",
                               sys.stdin.buffer.read(), flags=re.M))'
}

# A Markdown code fence longer than any run of backticks in file $1 (at least 5): what the
# file holds cannot close it and become live Markdown in the job summary.
fence_for() {
  local longest
  longest=$(LC_ALL=C grep -ao '`\+' "$1" | awk '{ if (length($0) > m) m = length($0) }
                                              END { print m + 0 }')
  local n=$(( longest < 5 ? 5 : longest + 1 )) fence=""
  while (( ${#fence} < n )); do fence+='`'; done
  echo "$fence"
}

check() {
  : "${SITEMIGRATE_SRC:?set SITEMIGRATE_SRC (input src)}"
  : "${SITEMIGRATE_DEST:?set SITEMIGRATE_DEST (input dest)}"
  : "${SITEMIGRATE_TO:?set SITEMIGRATE_TO (input to)}"
  local fail_on="${SITEMIGRATE_FAIL_ON:-never}"
  local dir="${SITEMIGRATE_REPORT_DIR:-${RUNNER_TEMP:-${TMPDIR:-/tmp}}/sitemigrate}"
  mkdir -p "$dir"
  local json="$dir/report.json" md="$dir/report.md" sarif="$dir/report.sarif"
  local diff="$dir/diff.txt" err="$dir/stderr.txt"
  rm -f "$json" "$md" "$sarif" "$diff" "$err"

  local args=(convert "$SITEMIGRATE_SRC" "$SITEMIGRATE_DEST" --to "$SITEMIGRATE_TO"
              --check --diff --color never --fail-on "$fail_on"
              --report "$json" --report "$md" --report "$sarif")
  [[ -n "${SITEMIGRATE_FROM:-}" ]] && args+=(--from "$SITEMIGRATE_FROM")
  if [[ "${SITEMIGRATE_VERIFY:-false}" == "true" ]]; then
    args+=(--verify)
    [[ -n "${SITEMIGRATE_BUILD:-}" ]] && args+=(--build "$SITEMIGRATE_BUILD")
    [[ -n "${SITEMIGRATE_TEMPLATE:-}" ]] && args+=(--template "$SITEMIGRATE_TEMPLATE")
  fi
  local extra=()
  read -r -a extra <<< "${SITEMIGRATE_ARGS:-}" || true
  args+=(${extra[@]+"${extra[@]}"})  # (bash 3.2, macOS: an empty array is "unbound")

  local rc=0
  "$python" -m sitemigrate "${args[@]}" >"$diff" 2>"$err" || rc=$?

  if in_actions; then echo "::group::sitemigrate diff"; fi
  log_safe <"$diff"
  if [[ -s "$diff" && -n "$(tail -c 1 "$diff")" ]]; then echo; fi  # ::endgroup:: on a line
  if in_actions; then echo "::endgroup::"; fi
  log_safe <"$err" >&2

  # changed: does DEST differ from what SRC converts to? (exit 1 may also be --fail-on)
  local changed="" reached=0 lost=0
  if [[ -f "$json" ]]; then
    read -r changed reached lost < <("$python" - "$json" "$fail_on" <<'PY'
import json, sys
report = json.load(open(sys.argv[1], encoding="utf-8"))
files = report["files"]
rank = {"info": 0, "warning": 1, "loss": 2}
bar = rank.get(sys.argv[2])
reached = 0 if bar is None else sum(rank[f["severity"]] >= bar for f in report["findings"])
lost = sum(f["code"].startswith("verify-") and f["severity"] == "loss"
           for f in report["findings"])
print("true" if any(files.get(k) for k in ("created", "changed", "deleted")) else "false",
      reached, lost)
PY
    )
  fi
  [[ -f "$sarif" ]] || sarif=""

  if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
    {
      echo "changed=$changed"
      echo "exit-code=$rc"
      echo "report=$([[ -f "$json" ]] && echo "$json")"
      echo "markdown=$([[ -f "$md" ]] && echo "$md")"
      echo "sarif=$sarif"
      echo "diff=$diff"
    } >>"$GITHUB_OUTPUT"
  fi

  if [[ -n "${GITHUB_STEP_SUMMARY:-}" ]]; then
    summary "$rc" "$changed" "$reached" "$fail_on" "$md" "$diff" "$err" "$lost" \
      >>"$GITHUB_STEP_SUMMARY"
  fi
  return "$rc"
}

summary() {
  local rc="$1" changed="$2" reached="$3" fail_on="$4" md="$5" diff="$6" err="$7" lost="$8"
  local fence
  local cmd="sitemigrate convert $SITEMIGRATE_SRC $SITEMIGRATE_DEST --to $SITEMIGRATE_TO"
  [[ -n "${SITEMIGRATE_FROM:-}" ]] && cmd+=" --from $SITEMIGRATE_FROM"
  if [[ -z "$changed" ]]; then
    echo "## :x: sitemigrate stopped with an error (exit $rc)"
    echo
    fence=$(fence_for "$err")
    echo "$fence"
    cat "$err"
    echo "$fence"
    echo
    return
  fi
  if [[ "$changed" == "true" ]]; then
    echo "## :x: DEST \`$SITEMIGRATE_DEST\` is out of date"
    echo
    echo "Run \`$cmd\` and commit the result."
  else
    echo "## :white_check_mark: DEST \`$SITEMIGRATE_DEST\` is up to date"
  fi
  if [[ "${SITEMIGRATE_VERIFY:-false}" == "true" ]]; then
    echo
    if [[ "$lost" -gt 0 ]]; then
      echo "**A visitor of DEST would lose $lost thing(s) the old site shows** (\`verify: true\`)."
    else
      echo "Built both sites: a visitor of DEST loses nothing the old site shows (\`verify: true\`)."
    fi
  fi
  if [[ "$fail_on" != "never" && "$reached" -gt 0 ]]; then
    echo
    echo "**$reached finding(s) at or above \`$fail_on\`** (\`fail-on: $fail_on\`)."
  fi
  echo
  sed '1s/^# /### /' "$md"  # the report's title under this summary's heading
  if [[ -s "$diff" ]]; then
    local limit=300000 size
    size=$(wc -c <"$diff")
    echo
    echo "<details><summary>Diff ($(grep -c '^diff --git' "$diff") files)</summary>"
    echo
    fence=$(fence_for "$diff")
    echo "${fence}diff"
    printf '%s\n' "$(head -c "$limit" "$diff")"  # the fence on a line of its own
    echo "$fence"
    if (( size > limit )); then
      echo
      echo "(cut at $limit of $size bytes; the job log has all of it)"
    fi
    echo
    echo "</details>"
  fi
  echo
}

case "${1:-}" in
  install) install ;;
  check) check ;;
  *) echo "usage: $0 install|check" >&2; exit 2 ;;
esac
