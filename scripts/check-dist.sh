#!/usr/bin/env bash
# Fails when the committed dist/ is not what the sources build to: the runner runs dist/index.js and dist/post.js,
# not src/, and the svc command-line tool is dist/cli.js; all load the chunks in dist/chunks/. The check builds
# beside dist/, at the same depth, because the source maps name the sources relative to the bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.dist-check
trap 'rm -rf "$out"' EXIT
bash scripts/build.sh "$out"
if ! diff -r -q dist "$out"; then
  echo "dist/ is stale: run 'npm run build' and commit dist/." >&2
  exit 1
fi
if [ ! -x dist/cli.js ]; then
  echo "dist/cli.js is not executable: run 'npm run build' and commit dist/." >&2
  exit 1
fi
echo "dist/ is up to date."
