// Moves the commit the documentation's examples pin (README.md and docs/): `npm run pin-docs -- [<sha>]`.
// Without a commit, the newest commit of main whose action.yml and dist/ have every input, svc command and flag the
// examples use; with one, that commit, refused when it lacks any of them. Run it in a commit of its own, after the
// commit that added what the documentation now uses.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentedFiles, documentedUsage, type DocumentedUsage } from './docs-pin/documented-usage.ts';
import { extractCommit, missingAtCommit } from './docs-pin/pinned-commit.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** How far back along main the default looks: a pin older than this is a documentation bug of its own. */
const SEARCH_DEPTH = 100;

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function missingAt(sha: string, usage: DocumentedUsage): string[] {
  const folder = extractCommit(ROOT, sha);
  try {
    return missingAtCommit(folder, usage);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** main, or origin/main in a clone that has no local branch of it. */
function mainRef(): string {
  for (const ref of ['main', 'origin/main']) {
    try {
      git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
      return ref;
    } catch {
      // Not here: try the next.
    }
  }
  throw new Error('neither main nor origin/main is in this clone: git fetch origin main');
}

function newestCommitWithAll(usage: DocumentedUsage): string {
  const ref = mainRef();
  const candidates = git(['rev-list', '--first-parent', `--max-count=${String(SEARCH_DEPTH)}`, ref]).split(
    '\n',
  );
  const found = candidates.find((sha) => missingAt(sha, usage).length === 0);
  if (found === undefined)
    throw new Error(
      `none of the newest ${String(SEARCH_DEPTH)} commits of ${ref} has everything the docs use`,
    );
  return found;
}

function chosenCommit(given: string | undefined, usage: DocumentedUsage): string {
  if (given === undefined) return newestCommitWithAll(usage);
  const sha = git(['rev-parse', '--verify', `${given}^{commit}`]);
  const missing = missingAt(sha, usage);
  if (missing.length > 0)
    throw new Error(`${sha} lacks what the documentation uses:\n  ${missing.join('\n  ')}`);
  return sha;
}

function main(): void {
  const usage = documentedUsage(ROOT);
  const sha = chosenCommit(process.argv[2], usage);
  const old = new Set(usage.pins.map((pin) => pin.sha));
  for (const file of documentedFiles(ROOT)) {
    const path = join(ROOT, file);
    const text = readFileSync(path, 'utf8');
    const moved = [...old].reduce((current, pinned) => current.replaceAll(pinned, sha), text);
    if (moved !== text) writeFileSync(path, moved);
  }
  process.stdout.write(`The documentation pins ${sha} (${git(['log', '-1', '--format=%s', sha])}).\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`pin-docs: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
