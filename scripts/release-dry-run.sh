#!/usr/bin/env bash
# A dry run of .github/workflows/release.yml on the committed HEAD, entirely in a temporary folder: a scratch
# remote whose main is HEAD, a clone of it with a scratch release tag, then the workflow's steps through the same
# scripts (release-notes.ts, move-major-tag.sh). The major tag is pushed to the scratch remote only; nothing
# reaches a real remote. What needs GitHub (the attestation, the release) is printed, not done.
#
#   bash scripts/release-dry-run.sh [vX.Y.Z] [--skip-checks] [--keep]
#
# The tag defaults to v<package.json version>. --skip-checks leaves out npm ci and npm test (the workflow's
# check job); --keep leaves the temporary folder for a look.
set -euo pipefail

source_dir="$(cd "$(dirname "$0")/.." && pwd)"
tag="" skip_checks=false keep=false
for arg in "$@"; do
  case "$arg" in
    --skip-checks) skip_checks=true ;;
    --keep) keep=true ;;
    v*) tag="$arg" ;;
    *) echo "Unknown argument '$arg'. Usage: release-dry-run.sh [vX.Y.Z] [--skip-checks] [--keep]" >&2; exit 2 ;;
  esac
done
if [[ -z "$tag" ]]; then
  tag="v$(git -C "$source_dir" show HEAD:package.json | sed -n 's/^  "version": "\(.*\)",$/\1/p')"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/release-dry-run.XXXXXX")"
if [[ "$keep" == true ]]; then
  echo "Keeping $work"
else
  trap 'rm -rf "$work"' EXIT
fi
step() { printf '\n== %s\n' "$1"; }

step "Scratch remote whose main is HEAD, and a clone of it tagged $tag"
git init --quiet --bare --initial-branch=main "$work/origin.git"
git -C "$work/origin.git" fetch --quiet --no-tags "$source_dir" "HEAD:refs/heads/main"
git clone --quiet "$work/origin.git" "$work/repo"
cd "$work/repo"
git -c user.name=dry-run -c user.email=dry-run@localhost tag -a "$tag" -m "$tag (dry run)"
git push --quiet origin "refs/tags/$tag"
echo "$tag -> $(git rev-parse HEAD)"

step "check: the tag matches package.json and has notes in CHANGELOG.md"
# The workflow runs this on the runner's Node 20 through the Node 24 that npm ci installs; without the checks
# there is no node_modules, so the Node 24 of the source checkout runs it.
node24="$source_dir/node_modules/.bin/node"
if [[ "$skip_checks" == false ]]; then
  npm ci --no-audit --no-fund
  npm exec -- node --experimental-strip-types scripts/release-notes.ts "$tag" > /dev/null
  step "check: lint, typecheck, check-dist, tests"
  npm test
  node24="$work/repo/node_modules/.bin/node"
else
  "$node24" --experimental-strip-types scripts/release-notes.ts "$tag" > /dev/null
  echo "(npm ci and npm test skipped)"
fi

step "release: the tagged commit is on main"
git merge-base --is-ancestor "$(git rev-parse "$tag^{commit}")" origin/main
echo "yes"

step "release: notes from CHANGELOG.md"
"$node24" --experimental-strip-types scripts/release-notes.ts "$tag" > "$work/release-notes.md"
cat "$work/release-notes.md"

step "release: the svc package, packed as svc-scan-action.tgz"
tarball=$(npm pack --silent --ignore-scripts --pack-destination "$work")
mv "$work/$tarball" "$work/svc-scan-action.tgz"
tar -tzf "$work/svc-scan-action.tgz"

step "release: would attest the build provenance of (subject-path: dist/*.js, dist/chunks/*.js, the package)"
sha256sum dist/*.js dist/chunks/*.js "$work/svc-scan-action.tgz"

step "release: would run"
echo "gh release create $tag svc-scan-action.tgz --verify-tag --title $tag --notes-file release-notes.md"

step "release: move the major tag (pushed to the scratch remote)"
bash scripts/move-major-tag.sh "$tag" --push
major="${tag%%.*}"
test "$(git -C "$work/origin.git" rev-parse "refs/tags/$major^{commit}")" = "$(git rev-parse "$tag^{commit}")"
echo "The scratch remote's $major is $tag's commit."

step "Dry run of $tag passed"
