#!/usr/bin/env bash
# Moves the major tag of a release (v1 for v1.2.3) to the release's commit, so `uses: ...@v1` gets it.
# The release workflow runs it with --push; the local dry run without, in a throwaway clone.
#   bash scripts/move-major-tag.sh v1.2.3 [--push]
set -euo pipefail
tag="${1:?usage: move-major-tag.sh vX.Y.Z [--push]}"
if [[ ! "$tag" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "'$tag' is not a release tag: expected vMAJOR.MINOR.PATCH." >&2
  exit 1
fi
major="${tag%%.*}"
commit="$(git rev-parse --verify "refs/tags/$tag^{commit}")"
# A lightweight tag: it only points at the commit; the release tag itself carries any signature or message.
git tag --force "$major" "$commit" >/dev/null
echo "$major -> $commit ($tag)"
if [[ "${2:-}" == "--push" ]]; then
  git push --force origin "refs/tags/$major"
fi
