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
