#!/usr/bin/env bash
# Builds python/dist/ (sdist and wheel) in a venv of its own, checks them with twine check --strict, and installs
# the wheel in a fresh venv to import it: what a release publishes is what was checked. Run by
# .github/workflows/python-release.yml and by the tests.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${SVC_PYTHON:-python3}"
build_venv="$here/.build-venv"
rm -rf "$here/dist" "$build_venv" "$here/.try-venv"
"$python" -m venv "$build_venv"
"$build_venv/bin/python" -m pip install --quiet --disable-pip-version-check build==1.6.1 twine==7.0.0
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || echo 315532800)}"
"$build_venv/bin/python" -m build --outdir "$here/dist" "$here" >/dev/null
"$build_venv/bin/python" -m twine check --strict "$here"/dist/*
"$python" -m venv "$here/.try-venv"
"$here/.try-venv/bin/python" -m pip install --quiet --disable-pip-version-check "$here"/dist/*.whl
"$here/.try-venv/bin/python" -c "import svc_scan, svc_scan._sync_client; print('built svc-scan', svc_scan.__version__)"
rm -rf "$here/.try-venv"
