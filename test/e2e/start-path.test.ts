import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionRunOptions } from '../../scripts/action-runner.ts';
import { KEYS, runAgainst, useEmulator } from './support.ts';

/**
 * What the bundled action loads, traced by a preload that records every module (test/support/module-trace.ts)
 * and mapped back to its sources through each chunk's source map. The start path is what a run refused for its
 * inputs loads: it must stay small (cold start is measured in bench/, never timed here), so it is pinned to a
 * list of packages and Node built-ins; the run itself (src/action/main-run.ts), the HTTP stack, the GitHub client, the policy's parser and the SARIF
 * gzip meter are chunks loaded on demand, and a run without a policy file never loads the YAML parser.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TRACE = join(ROOT, 'test/support/module-trace.ts');
const emulator = useEmulator();

/** The packages the start path may load: `@actions/core` for inputs and workflow commands, and what it imports. */
const START_PATH_PACKAGES = ['@actions/core', '@actions/exec', '@actions/io'];
/**
 * The run itself is a chunk of its own, loaded once the inputs are good, and the post step is an entry of its own
 * (dist/post.js); the reporters (each manifest imports its own lazily: the registry of manifests is light, and
 * checks the inputs), the GitHub client and the SARIF writer come with the run.
 */
const RUN_ITSELF = [
  'src/action/main-run.ts',
  'src/run/run-scan.ts',
  'src/action/post.ts',
  'src/report/check-run/check-run-reporter.ts',
  'src/report/pr-comment/pr-comment-reporter.ts',
  'src/code-scanning/code-scanning-upload-reporter.ts',
  'src/github/github-client.ts',
  'src/sarif/sarif-writer.ts',
];
/** Node's networking and compression: a refused input sends nothing, so it loads none of them. */
const NETWORK_BUILTINS = [
  'node:http',
  'node:https',
  'node:http2',
  'node:net',
  'node:tls',
  'node:zlib',
  'node:undici',
];
const POLICY_PARSER = [
  'node_modules/yaml/',
  'node_modules/ajv/',
  'node_modules/ajv-formats/',
  'src/policy/parse-policy.ts',
];

interface Traced {
  /** Every module the process loaded: `node:` built-ins, and the sources of the bundle's files (from the root). */
  modules: string[];
  packages: string[];
}

let work: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'svc-start-path-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

async function traced(inputs: Record<string, string>, options: Omit<ActionRunOptions, 'inputs'> = {}) {
  const file = join(work, 'trace.json');
  const result = await runAgainst(emulator.current, inputs, {
    ...options,
    env: { NODE_OPTIONS: `--import=${TRACE}`, MODULE_TRACE_FILE: file },
  });
  const urls = JSON.parse(await readFile(file, 'utf8')) as string[];
  return { result, trace: await sourcesOf(urls) };
}

/** Built-ins as they are; each file of the bundle as the sources its source map lists. */
async function sourcesOf(urls: readonly string[]): Promise<Traced> {
  const modules: string[] = [];
  for (const url of urls) {
    if (url.startsWith('node:')) modules.push(url);
    if (!url.startsWith('file:')) continue;
    const path = fileURLToPath(url);
    const map = JSON.parse(await readFile(`${path}.map`, 'utf8')) as { sources: string[] };
    modules.push(...map.sources.map((source) => relative(ROOT, resolve(dirname(path), source))));
  }
  const packages = new Set<string>();
  for (const module of modules) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module);
    if (match?.[1] !== undefined) packages.add(match[1]);
  }
  return { modules, packages: [...packages].sort() };
}

const loadedOf = (trace: Traced, names: readonly string[]): string[] =>
  trace.modules.filter((module) =>
    names.some((name) => module === name || module.startsWith(name) || module.includes(`/${name}`)),
  );

describe('the start path of dist/index.js', () => {
  it('refuses a bad input having loaded only the inputs, the workflow commands and no networking', async () => {
    const { result, trace } = await traced({ 'api-key': KEYS.member, 'fail-on': 'sometimes' });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Input 'fail-on' is invalid");
    expect(emulator.current.stats().requests_total).toBe(0);
    expect(trace.packages).toEqual(START_PATH_PACKAGES);
    expect(loadedOf(trace, NETWORK_BUILTINS)).toEqual([]);
    expect(loadedOf(trace, RUN_ITSELF)).toEqual([]);
  });

  it('runs a scan without a policy file or a token and loads neither the policy parser nor GitHub client', async () => {
    const { result, trace } = await traced({ 'api-key': KEYS.member, 'fail-on': 'none', 'github-token': '' });

    expect(result.exitCode).toBe(0);
    expect(trace.packages).toContain('undici');
    expect(loadedOf(trace, POLICY_PARSER)).toEqual([]);
    expect(trace.packages).not.toContain('@octokit/core');
  });

  it('loads the parser when a policy file is there', async () => {
    const { result, trace } = await traced(
      { 'api-key': KEYS.member, 'fail-on': 'none' },
      { workspace: { files: { '.github/svc-scan.yml': 'version: 1\n' } } },
    );

    expect(result.exitCode).toBe(0);
    expect(trace.packages).toEqual(expect.arrayContaining(['yaml']));
    expect(loadedOf(trace, ['src/policy/parse-policy.ts'])).toHaveLength(1);
  });
});
