#!/usr/bin/env bash
# Builds the container image (Dockerfile) from the packed npm package, so that the image holds exactly what
# `npm install -g svc-scan-action` installs: bash scripts/build-image.sh <name:tag>. The release workflow pushes
# what it builds; .ci/run builds it where Docker runs and asks the image for svc --version.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:?usage: bash scripts/build-image.sh <name:tag>}"
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
tarball=$(npm pack --silent --ignore-scripts --pack-destination "$context")
tar -xzf "$context/$tarball" -C "$context"
docker build --file Dockerfile --tag "$tag" "$context/package"
