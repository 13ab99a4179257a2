import { parsePolicy } from '../src/policy/parse-policy.ts';
import { globMatcher } from '../src/policy/path-scope.ts';
import { POLICY_BOUNDS } from '../src/run/settings.ts';
import type { HostileGlobRun, HostilePolicyRun } from './results.ts';

/**
 * `node bench/hostile-input-process.ts KEYS,KEYS,... CHARACTERS,CHARACTERS,...`: parses a policy file of KEYS
 * unknown keys (each size), and matches the worst glob the schema lets through against one crafted path of
 * CHARACTERS characters (each size); prints one JSON line. A process of its own, so nothing else shares its heap.
 */

const WORST_GLOB = '**/*.*/**/*.*.js';

const keySizes = (process.argv[2] ?? '5000').split(',').map(Number);
const pathSizes = (process.argv[3] ?? '2000').split(',').map(Number);

function policyOf(keys: number): string {
  const lines = ['version: 1'];
  for (let index = 0; index < keys; index++) lines.push(`k${index}: ${index % 10}`);
  return `${lines.join('\n')}\n`;
}

function parseRun(keys: number): HostilePolicyRun {
  const text = policyOf(keys);
  const started = performance.now();
  let message = '';
  try {
    parsePolicy(text, '.github/svc-scan.yml', POLICY_BOUNDS);
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  return {
    keys,
    bytes: Buffer.byteLength(text),
    wallMs: performance.now() - started,
    refused: message !== '',
    lines: message === '' ? 0 : message.split('\n').length,
  };
}

/** Folders of `a.a.a…` (two `*` a segment can split many ways), none ending in `.js`: every split is tried. */
function globRun(characters: number): HostileGlobRun {
  const folder = 'a.'.repeat(Math.max(1, Math.floor(characters / 8)));
  const path = Array.from({ length: 4 }, () => folder).join('/');
  const matches = globMatcher([WORST_GLOB]);
  const started = performance.now();
  const matched = matches(path);
  return { glob: WORST_GLOB, pathCharacters: path.length, wallMs: performance.now() - started, matched };
}

process.stdout.write(
  `${JSON.stringify({ policies: keySizes.map(parseRun), globs: pathSizes.map(globRun) })}\n`,
);
