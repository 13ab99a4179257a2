#!/usr/bin/env bash
# The Python clients' checks, run by npm test: the venv (made or remade when stale), ruff, mypy --strict, pytest.
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
echo "python: pytest"
"$python" -m pytest "$@"
