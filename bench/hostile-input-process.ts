import { parsePolicy } from '../src/policy/parse-policy.ts';
import { globMatcher } from '../src/policy/path-scope.ts';
import { POLICY_BOUNDS } from '../src/run/settings.ts';
import { HOSTILE_YAML_SHAPES } from './hostile-yaml.ts';
import type { HostileGlobRun, HostilePolicyRun, HostileYamlRun } from './results.ts';

/**
 * `node bench/hostile-input-process.ts KEYS,KEYS,... CHARACTERS,CHARACTERS,... BYTES`: parses a policy file of
 * KEYS unknown keys (each size) and each hostile YAML shape of BYTES bytes (bench/hostile-yaml.ts), and matches
 * the worst glob the schema lets through against one crafted path of CHARACTERS characters (each size); prints
 * one JSON line. A process of its own, so nothing else shares its heap.
 */

const WORST_GLOB = '**/*.*/**/*.*.js';

const keySizes = (process.argv[2] ?? '5000').split(',').map(Number);
const pathSizes = (process.argv[3] ?? '2000').split(',').map(Number);
const shapeBytes = Number(process.argv[4] ?? '100000');

function policyOf(keys: number): string {
  const lines = ['version: 1'];
  for (let index = 0; index < keys; index++) lines.push(`k${index}: ${index % 10}`);
  return `${lines.join('\n')}\n`;
}

/** Parses one policy file: its time (wall and this process's CPU) and its refusal. */
function timedParse(text: string): Omit<HostileYamlRun, 'shape'> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let message = '';
  try {
    parsePolicy(text, '.github/svc-scan.yml', POLICY_BOUNDS);
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  const used = process.cpuUsage(cpu);
  return {
    bytes: Buffer.byteLength(text),
    wallMs: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    refused: message !== '',
    lines: message === '' ? 0 : message.split('\n').length,
  };
}

function parseRun(keys: number): HostilePolicyRun {
  return { keys, ...timedParse(policyOf(keys)) };
}

function shapeRun(shape: (typeof HOSTILE_YAML_SHAPES)[number]): HostileYamlRun {
  return { shape: shape.name, ...timedParse(shape.text(shapeBytes)) };
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
  `${JSON.stringify({
    policies: keySizes.map(parseRun),
    shapes: HOSTILE_YAML_SHAPES.map(shapeRun),
    globs: pathSizes.map(globRun),
  })}\n`,
);
