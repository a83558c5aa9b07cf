#!/usr/bin/env bash
# Regenerate scripts/action-requirements.txt, the lock the GitHub Action installs
# sitemigrate's dependencies from (`pip install --require-hashes`): every package the
# dependencies of pyproject.toml (and the build backend, hatchling) resolve to, pinned, with
# the SHA-256 of each of its files on the package index. Needs pip-tools (`pip-compile`).
# Run it after a change of the dependencies; tests/test_ci.py checks the lock covers them.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 - "$here/pyproject.toml" >"$tmp/requirements.in" <<'PY'
import sys, tomllib
data = tomllib.load(open(sys.argv[1], "rb"))
print("\n".join(data["project"]["dependencies"] + data["build-system"]["requires"]))
PY
pip-compile --quiet --generate-hashes --strip-extras --allow-unsafe --no-header \
  --no-emit-index-url --no-emit-find-links \
  --output-file "$tmp/lock.txt" "$tmp/requirements.in"
{
  echo "# The GitHub Action's lock of sitemigrate's dependencies and build backend, with the"
  echo "# hashes of their files (pip install --require-hashes). Made by scripts/lock.sh."
  sed "s|$tmp/requirements.in|pyproject.toml|" "$tmp/lock.txt"
} >"$here/scripts/action-requirements.txt"
