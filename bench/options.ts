import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ACTION_ENTRY } from '../scripts/action-runner.ts';
import type { FleetAppBenchOptions } from './fleet-app.ts';
import type { FleetBenchOptions } from './fleet.ts';

/** The command line of `npm run bench`. */

type BenchMode = 'smoke' | 'quick' | 'full';

export interface BenchOptions {
  mode: BenchMode;
  latencyMs: number;
  jitterMs: number;
  /** Real seconds per service second (the emulator's default: bench/large's 5 s scan takes 50 ms). */
  timeScale: number;
  /** Undefined: action.yml's default. */
  pollIntervalSeconds: number | undefined;
  /** The page-size input; undefined: action.yml's default. */
  pageSize: number | undefined;
  sizes: number[];
  repeat: number;
  /** The baseline runs only for sizes up to this (it takes pages x latency). */
  baselineMaxFindings: number;
  coldStarts: number;
  /** The polling runs: each scan lasts this many poll intervals. */
  pollingScanIntervals: number[];
  pollingFindings: number;
  /** Findings a side of the matching runs, and how many times each is matched. */
  matchingSizes: number[];
  matchingRuns: number;
  /** Also run the action on a pull request, reporting to a GitHub emulator (`--no-github` turns it off). */
  github: boolean;
  /** Further action inputs for every run (`--input name=value`, repeatable). */
  inputs: Record<string, string>;
  /** Of `sizes`, those also measured with `sarif-file`. */
  sarifSizes: number[];
  /** Findings of the scan the Python clients and the TypeScript fetcher read (bench/python-clients.ts). */
  pythonClientSizes: number[];
  /** Unknown keys of the hostile policy files, and characters of the crafted paths (bench/hostile-input.ts). */
  hostilePolicyKeys: number[];
  hostilePathCharacters: number[];
  /** Bytes of each hostile YAML shape (bench/hostile-yaml.ts): quick and full at the policy's size cap. */
  hostileShapeBytes: number;
  /** The fleets scanned (bench/fleet.ts): repositories, scans in flight, time scale. */
  fleets: FleetBenchOptions[];
  /** The fleets in GitHub App mode with `--upload-sarif` (bench/fleet-app.ts). */
  fleetApps: FleetAppBenchOptions[];
  entry: string;
  jsonFile: string | undefined;
  markdownFile: string | undefined;
  /** Re-render the results saved in this JSON file instead of measuring. */
  reportFile: string | undefined;
}

/**
 * The issue's night: 1,000 repositories, 100 scans in flight. A service second passes in 2 real milliseconds, so
 * the ideal night (about 6,500 service seconds) takes about 13 s.
 */
const NIGHTLY_FLEET: FleetBenchOptions = {
  repositories: 1_000,
  concurrency: 100,
  timeScale: 0.002,
  pollIntervalSeconds: 2,
};
/**
 * The night in GitHub App mode: the same 1,000 repositories with about 100 findings each, both emulators on one
 * clock where a second passes in 10 real milliseconds, so the ideal night (6,887 s of GitHub's time, the last
 * uploads held by the content-creation limit) takes about 69 s. At 5 ms, a request of a few real milliseconds
 * would be a second of GitHub's, and the installation's one request at a time would hold the starts back (1.8×
 * the ideal there, 1.12× here). The smoke night's clock is that compressed and more: it checks the run, not its pace.
 */
const NIGHTLY_APP_FLEET: FleetAppBenchOptions = {
  repositories: 1_000,
  concurrency: 100,
  timeScale: 0.01,
  pollIntervalSeconds: 2,
};
const SMOKE_APP_FLEET: FleetAppBenchOptions = {
  repositories: 50,
  concurrency: 25,
  timeScale: 0.001,
  pollIntervalSeconds: 2,
};
const SMOKE_FLEET: FleetBenchOptions = {
  repositories: 20,
  concurrency: 5,
  timeScale: 0.0005,
  pollIntervalSeconds: 2,
};

const MODES: Record<
  BenchMode,
  Omit<
    BenchOptions,
    | 'latencyMs'
    | 'jitterMs'
    | 'timeScale'
    | 'pageSize'
    | 'github'
    | 'inputs'
    | 'entry'
    | 'jsonFile'
    | 'markdownFile'
    | 'reportFile'
  >
> = {
  smoke: {
    mode: 'smoke',
    pollIntervalSeconds: 0.2,
    sizes: [1_000],
    repeat: 1,
    baselineMaxFindings: Number.POSITIVE_INFINITY,
    coldStarts: 1,
    pollingScanIntervals: [2.5],
    pollingFindings: 200,
    matchingSizes: [1_000],
    matchingRuns: 1,
    sarifSizes: [1_000],
    pythonClientSizes: [1_000],
    hostilePolicyKeys: [5_000],
    hostilePathCharacters: [2_000],
    hostileShapeBytes: 100_000,
    fleets: [SMOKE_FLEET],
    fleetApps: [SMOKE_APP_FLEET],
  },
  quick: {
    mode: 'quick',
    pollIntervalSeconds: undefined,
    sizes: [1_000, 10_000, 100_000],
    repeat: 1,
    baselineMaxFindings: 10_000,
    coldStarts: 5,
    pollingScanIntervals: [3.5],
    pollingFindings: 1_000,
    matchingSizes: [100_000],
    matchingRuns: 3,
    sarifSizes: [100_000],
    pythonClientSizes: [10_000, 100_000],
    hostilePolicyKeys: [5_000, 50_000],
    hostilePathCharacters: [8_000],
    hostileShapeBytes: 1_000_000,
    fleets: [NIGHTLY_FLEET],
    fleetApps: [],
  },
  full: {
    mode: 'full',
    pollIntervalSeconds: undefined,
    sizes: [1_000, 10_000, 100_000],
    repeat: 3,
    baselineMaxFindings: Number.POSITIVE_INFINITY,
    coldStarts: 15,
    pollingScanIntervals: [3.1, 3.5, 3.9],
    pollingFindings: 1_000,
    matchingSizes: [10_000, 100_000],
    matchingRuns: 5,
    sarifSizes: [10_000, 100_000],
    pythonClientSizes: [10_000, 100_000],
    hostilePolicyKeys: [5_000, 20_000, 50_000, 100_000],
    hostilePathCharacters: [2_000, 8_000],
    hostileShapeBytes: 1_000_000,
    fleets: [NIGHTLY_FLEET],
    fleetApps: [NIGHTLY_APP_FLEET],
  },
};

export const USAGE = `Usage: npm run bench -- [--smoke | --quick | --full] [options]

Modes (quick is the default):
  --smoke              1,000 findings, poll interval 0.2 s, one of everything: checks the bench works (seconds)
  --quick              1,000, 10,000 and 100,000 findings once; baseline up to 10,000 (about 30 s)
  --full               the same three sizes 3 times each, the baseline at every size, 15 cold starts (minutes)
Each size also runs the action on a pull request reporting to a GitHub emulator (the same latency): the check
run and the comment, GitHub requests counted by operation. Each mode also matches new findings in a process of
its own: smoke 1,000 a side once, quick 100,000 a side 3 times, full 10,000 and 100,000 a side 5 times each. And
it runs the action with sarif-file (severity-threshold info): smoke at 1,000 findings, quick at 100,000, full at
10,000 and 100,000 (repeat times each). Then the Python clients (sync, async) and the TypeScript client's page
fetcher each read every finding of one scan in a process of their own: smoke 1,000, quick and full 10,000 and
100,000. Last, hostile input: a policy file of many unknown keys (smoke 5,000; quick 5,000 and 50,000; full 5,000 to
100,000, a megabyte), policy files of one long line of tags, anchors, aliases or problems (smoke 100 KB, quick and
full 1 MB, the size cap), and the worst glob the schema allows on one crafted path (smoke 2,000 characters, quick 8,000,
full both). And the fleet (svc fleet's engine, in a process of its own, on the emulator's scaled clock): quick and
full 1,000 repositories whose scans take 5 to 15 service minutes, 100 in flight; smoke 20 repositories, 5 in flight.
And the fleet in GitHub App mode with --upload-sarif (both emulators on one scaled clock, about 100 findings a
repository, every third with a policy file): full 1,000 repositories, 100 in flight; smoke 50, 25 in flight.

Options:
  --latency MS         latency the emulator adds to every request (default 20)
  --jitter MS          plus a uniform draw up to this (default 0)
  --sizes N,N,...      numbers of findings (default 1000,10000,100000; smoke: 1000)
  --repeat N           runs of the action and of the baseline per size; the median is reported
  --poll-interval S    the action's poll-interval input (default: action.yml's, 2; smoke: 0.2)
  --page-size N        the action's page-size input (default: action.yml's)
  --time-scale X       real seconds per service second (default 0.01)
  --cold-starts N      cold-start samples
  --baseline-max N     run the baseline only up to N findings
  --no-github          skip the runs that report to the GitHub emulator
  --input NAME=VALUE   one more action input for every run (repeatable), e.g. annotations=workflow-commands
  --entry PATH         the bundle to run (default dist/index.js)
  --json FILE          where to write the results (default bench/results/<date>-<mode>.json)
  --markdown FILE      also write the report as Markdown
  --report FILE        measure nothing: print (and with --markdown, write) the report of saved results
  --help`;

export class UsageError extends Error {
  override name = 'UsageError';
}

const FLAGS = {
  smoke: { type: 'boolean' },
  quick: { type: 'boolean' },
  full: { type: 'boolean' },
  latency: { type: 'string' },
  jitter: { type: 'string' },
  sizes: { type: 'string' },
  repeat: { type: 'string' },
  'poll-interval': { type: 'string' },
  'page-size': { type: 'string' },
  'time-scale': { type: 'string' },
  'cold-starts': { type: 'string' },
  'baseline-max': { type: 'string' },
  github: { type: 'boolean', default: true },
  input: { type: 'string', multiple: true },
  entry: { type: 'string' },
  json: { type: 'string' },
  markdown: { type: 'string' },
  report: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsOptionsConfig;

export function parseOptions(argv: readonly string[]): BenchOptions | 'help' {
  const { values } = parseArgs({ args: [...argv], strict: true, allowNegative: true, options: FLAGS });
  if (values.help) return 'help';
  const chosen = (['smoke', 'quick', 'full'] as const).filter((mode) => values[mode]);
  if (chosen.length > 1)
    throw new UsageError(`choose one mode, not ${chosen.map((m) => `--${m}`).join(' and ')}`);
  const base = MODES[chosen[0] ?? 'quick'];
  return {
    ...base,
    latencyMs: number('latency', values.latency, 20, 0),
    jitterMs: number('jitter', values.jitter, 0, 0),
    timeScale: number('time-scale', values['time-scale'], 0.01, 0.0001),
    pollIntervalSeconds:
      optionalNumber('poll-interval', values['poll-interval'], 0.1) ?? base.pollIntervalSeconds,
    pageSize: optionalNumber('page-size', values['page-size'], 1),
    sizes: values.sizes === undefined ? base.sizes : parseSizes(values.sizes),
    repeat: Math.floor(number('repeat', values.repeat, base.repeat, 1)),
    baselineMaxFindings: number('baseline-max', values['baseline-max'], base.baselineMaxFindings, 0),
    coldStarts: Math.floor(number('cold-starts', values['cold-starts'], base.coldStarts, 0)),
    github: values.github,
    inputs: parseInputs(values.input ?? []),
    entry: values.entry ?? ACTION_ENTRY,
    jsonFile: values.json,
    markdownFile: values.markdown,
    reportFile: values.report,
  };
}

function number(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new UsageError(`--${name} must be a number of at least ${min}, not '${raw}'`);
  return value;
}

function optionalNumber(name: string, raw: string | undefined, min: number): number | undefined {
  return raw === undefined ? undefined : number(name, raw, min, min);
}

function parseInputs(pairs: readonly string[]): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--input takes NAME=VALUE, not '${pair}'`);
    inputs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return inputs;
}

function parseSizes(raw: string): number[] {
  const sizes = raw.split(',').map((part) => Number(part.trim().replaceAll('_', '')));
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 1_000_000))
    throw new UsageError(`--sizes takes whole numbers from 1 to 1000000, separated by commas, not '${raw}'`);
  return sizes;
}
