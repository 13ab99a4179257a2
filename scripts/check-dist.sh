#!/usr/bin/env bash
# Fails when the committed dist/ is not what the sources build to: the runner runs dist/, not src/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.tmp/dist-check
rm -rf "$out"
ncc build src/main.ts -o "$out" --source-map --no-source-map-register --license licenses.txt --quiet
if ! diff -r -q dist "$out"; then
  echo "dist/ is stale: run 'npm run build' and commit dist/." >&2
  exit 1
fi
echo "dist/ is up to date."
