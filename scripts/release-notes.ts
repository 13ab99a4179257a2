/**
 * The release notes of a version tag, taken from CHANGELOG.md. The release workflow and the local dry run
 * (scripts/release-dry-run.sh) both call this file, so what a dry run shows is what a release publishes.
 *
 *   node --experimental-strip-types scripts/release-notes.ts v1.2.3 > notes.md
 *
 * It refuses (exit 1, nothing on stdout) a tag that is not `vX.Y.Z`, a tag that differs from package.json's
 * version, and a version that has no section in CHANGELOG.md or an empty one: a release never goes out
 * without notes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ReleaseTag {
  /** The tag as pushed, e.g. `v1.2.3`. */
  tag: string;
  /** The version without its `v`, e.g. `1.2.3`. */
  version: string;
}

const RELEASE_TAG = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export function parseReleaseTag(tag: string): ReleaseTag {
  if (!RELEASE_TAG.test(tag)) {
    throw new Error(`'${tag}' is not a release tag: expected vMAJOR.MINOR.PATCH, e.g. v1.2.3.`);
  }
  return { tag, version: tag.slice(1) };
}

/** A version heading, Keep a Changelog style: `## [1.2.3]` or `## 1.2.3`, optionally `- 2026-01-31` after it. */
function headingVersion(line: string): string | undefined {
  return /^##\s+\[?([^\]\s]+)\]?(?:\s+-\s+.*)?\s*$/.exec(line)?.[1];
}

/** The body of the version's section: the lines after its heading up to the next `## ` heading, trimmed. */
export function releaseNotes(changelog: string, version: string): string {
  const lines = changelog.split(/\r?\n/);
  const start = lines.findIndex((line) => headingVersion(line) === version);
  if (start === -1) {
    throw new Error(
      `CHANGELOG.md has no section for ${version}: add a '## [${version}]' heading with the notes.`,
    );
  }
  const next = lines.findIndex((line, index) => index > start && /^##\s/.test(line));
  const body = lines
    .slice(start + 1, next === -1 ? undefined : next)
    .join('\n')
    .trim();
  if (!body) throw new Error(`The CHANGELOG.md section for ${version} is empty: write its notes first.`);
  return body;
}

function main(argv: string[]): void {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const [tag] = argv;
  if (tag === undefined) throw new Error('Usage: release-notes.ts vX.Y.Z');
  const release = parseReleaseTag(tag);
  const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };
  if (version !== release.version) {
    throw new Error(`Tag ${tag} does not match package.json's version ${version}: bump one of them.`);
  }
  process.stdout.write(`${releaseNotes(readFileSync(`${root}CHANGELOG.md`, 'utf8'), release.version)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
