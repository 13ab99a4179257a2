#!/usr/bin/env bash
# Builds dist/ (or the folder given): the action's entries, index.js (main step) and post.js (post step), and the
# svc command-line tool's, cli.js, ES modules sharing the chunks in dist/chunks/ (scripts/build.ts: esbuild,
# tree-shaken, split at the import() seams), with their source maps and the bundled packages' licenses
# (licenses.txt, cli-licenses.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
# The project's Node 24 (the npm package node), also when this script is run without npm.
node=node_modules/.bin/node
[ -x "$node" ] || node=node
"$node" --experimental-strip-types scripts/build.ts "${1:-dist}"
chmod 755 "${1:-dist}/cli.js"
