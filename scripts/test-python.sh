#!/usr/bin/env bash
# The Python clients' checks, run by npm test: the venv (made or remade when stale), ruff, the generated methods,
# mypy --strict, pyright (strict over the typed usage and the examples; --verifytypes at 100 %), pytest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="$(bash "$root/scripts/python-venv.sh")"
cd "$root/python"
echo "python: ruff check"
"$python" -m ruff check src tests scripts examples ../bench/python_clients_walk.py
"$python" -m ruff format --check src tests scripts examples ../bench/python_clients_walk.py
echo "python: the generated API methods match their table"
"$python" scripts/generate_methods.py --check
echo "python: mypy --strict"
"$python" -m mypy --strict
echo "python: pyright strict (typed usage, examples) and --verifytypes"
"$root/python/.venv/bin/pyright"
report="$(PYTHONPATH=src "$root/python/.venv/bin/pyright" --verifytypes svc_scan --ignoreexternal)" || {
  echo "$report"
  exit 1
}
grep -q "Type completeness score: 100%" <<<"$report" || {
  echo "$report"
  echo "python: pyright --verifytypes svc_scan is below 100 %" >&2
  exit 1
}
grep -q "Classes without docstring: 0" <<<"$report" && grep -q "Functions without docstring: 0" <<<"$report" || {
  echo "$report" | sed -n '/without documentation/,$p'
  echo "python: a public class or function has no docstring" >&2
  exit 1
}
echo "python: pytest"
"$python" -m pytest "$@"

# CI also runs the tests on the oldest and newest Pythons here (pyenv's 3.10 and 3.13), which the package's
# classifiers name beside the system's; SVC_PYTHON_VERSIONS="3.10 3.13" asks for it anywhere.
versions="${SVC_PYTHON_VERSIONS:-${CI:+3.10 3.13}}"
for version in $versions; do
  pyenv_root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
  interpreter="$(find "$pyenv_root/versions" -maxdepth 3 -path "*/versions/$version.*/bin/python3" 2>/dev/null | sort -V | tail -1)"
  if [[ -z "$interpreter" ]]; then
    echo "python: no Python $version under $pyenv_root; install it with pyenv install $version" >&2
    exit 1
  fi
  echo "python: pytest on Python $version ($interpreter)"
  other="$(SVC_PYTHON="$interpreter" SVC_VENV="$root/python/.venv-$version" bash "$root/scripts/python-venv.sh")"
  "$other" -m pytest "$@"
done
