#!/usr/bin/env bash
# Builds dist/ (or the folder given): the action's bundle, index.js, and the svc command-line tool's, cli.js,
# side by side. ncc names every bundle index.js, so the tool's is built aside and renamed with its source map.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-dist}
cli_build=$(mktemp -d)
trap 'rm -rf "$cli_build"' EXIT
rm -rf "$out"
ncc build src/index.ts -o "$out" --source-map --no-source-map-register --license licenses.txt --quiet
ncc build src/cli/main.ts -o "$cli_build" --source-map --no-source-map-register --license licenses.txt --quiet
sed 's|^//# sourceMappingURL=index\.js\.map$|//# sourceMappingURL=cli.js.map|' "$cli_build/index.js" >"$out/cli.js"
sed 's|^{"version":3,"file":"index\.js"|{"version":3,"file":"cli.js"|' "$cli_build/index.js.map" >"$out/cli.js.map"
cp "$cli_build/licenses.txt" "$out/cli-licenses.txt"
chmod 755 "$out/cli.js"
