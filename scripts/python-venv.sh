#!/usr/bin/env bash
# Makes python/.venv and installs the Python clients with their development tools (python[dev], editable),
# when the venv is missing or stale: its stamp records pyproject.toml's hash and the interpreter it was made
# with, so a changed pin or a new Python remakes it. Prints the venv's python on stdout. SVC_PYTHON names the
# interpreter and SVC_VENV the folder (default python/.venv), for the other Pythons CI runs the tests on.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${SVC_VENV:-$root/python/.venv}"
stamp="$venv/.svc-scan-stamp"
python="${SVC_PYTHON:-python3}"
if ! command -v "$python" >/dev/null; then
  echo "python-venv: $python not found; install Python 3.10 or newer (or set SVC_PYTHON)" >&2
  exit 1
fi
interpreter="$("$python" -c 'import sys; print(sys.executable, sys.version.split()[0])')"
wanted="$(sha256sum "$root/python/pyproject.toml" | cut -d' ' -f1) $interpreter"
# One maker at a time: test files running side by side each ask for the venv, and two makers would remove and
# fill the same folder at once. The others wait here, then find it made.
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" && -x "$venv/bin/python" ]]; then
  echo "$venv/bin/python"
  exit 0
fi
echo "python-venv: making $venv ($interpreter)" >&2
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "$root/python[dev]" >&2
echo "$wanted" >"$stamp"
echo "$venv/bin/python"
