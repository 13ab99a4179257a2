import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmulator, type Emulator } from '../emulator/index.ts';
import { NOOP_LOGGER, ServiceClient } from '../src/client/index.ts';
import { mergeRollUps } from '../src/fleet/rollup-merge.ts';
import { parseRollUp } from '../src/fleet/rollup-read.ts';
import { verifyRollUp } from '../src/fleet/rollup-verify.ts';
import {
  NAIVE_POLL_SECONDS,
  fleetWorkload,
  greedyMakespan,
  naiveRequestsPerRepository,
} from './fleet-workload.ts';
import { fleetTable } from './report.ts';
import type { FleetRun, FleetVerifyRun } from './results.ts';
import { renderTable } from './table.ts';
import { runFleetChild } from './fleet-child.ts';

/**
 * The fleet: `repositories` repositories on the emulator, scans of 5 to 15 minutes of service time, `concurrency`
 * in flight, the fleet in a process of its own (bench/fleet-process.ts) on the emulator's scaled clock. Measured:
 * the service's requests a repository (every one, the listing and polls included), the fleet's peak RSS, and its
 * wall time against the ideal (greedy in selection order, no poll delay); beside them the naive matrix's figures
 * on the same durations (one job a repository, every 2 s a poll).
 */

const PROCESS = fileURLToPath(new URL('./fleet-process.ts', import.meta.url));

export interface FleetBenchOptions {
  repositories: number;
  concurrency: number;
  /** Real seconds per service second. */
  timeScale: number;
  pollIntervalSeconds: number;
  /** The fleet's deadline in service seconds (default 6 hours, a hosted job's limit). */
  waitTimeoutSeconds?: number;
}

/** A hosted job's 6 hours: the fleet's deadline unless the run names another. */
const DEFAULT_WAIT_TIMEOUT_SECONDS = 6 * 60 * 60;

export async function measureFleet(options: FleetBenchOptions): Promise<FleetRun> {
  const workload = fleetWorkload(options.repositories);
  const emulator = await startEmulator({ scenario: workload.scenario, timeScale: options.timeScale });
  const rollUpPath = join(mkdtempSync(join(tmpdir(), 'svc-bench-fleet-')), 'roll-up.json');
  try {
    emulator.resetStats();
    const child = await runChild({
      baseUrl: emulator.baseUrl,
      apiKey: emulator.apiKey,
      concurrency: options.concurrency,
      pollIntervalSeconds: options.pollIntervalSeconds,
      timeScale: options.timeScale,
      waitTimeoutSeconds: options.waitTimeoutSeconds ?? DEFAULT_WAIT_TIMEOUT_SECONDS,
      rollUpPath,
    });
    const stats = emulator.stats();
    const verify = await measureVerify(emulator, rollUpPath);
    const idealMs = greedyMakespan(workload.scanSeconds, options.concurrency) * options.timeScale * 1000;
    const naiveMs =
      greedyMakespan(workload.scanSeconds, options.concurrency, NAIVE_POLL_SECONDS) *
      options.timeScale *
      1000;
    return {
      ...options,
      wallMs: child.wallMs,
      idealMs,
      peakRssBytes: child.peakRssBytes,
      requests: stats.requests_total,
      requestsByRoute: stats.requests,
      rateLimited: stats.rate_limited,
      scansCreated: stats.scans_created,
      judged: child.judged,
      errors: child.errors,
      verify,
      naive: {
        requestsPerRepository: naiveRequestsPerRepository(workload.scanSeconds),
        wallMs: naiveMs,
      },
    };
  } finally {
    await emulator.close();
  }
}

/**
 * `svc fleet merge --verify` of the night's roll-up, as a merge job runs it after the shards: every entry re-judged
 * against the service. Counted: its requests (the listing's pages apart) and its wall time.
 */
async function measureVerify(emulator: Emulator, rollUpPath: string): Promise<FleetVerifyRun> {
  const shard = parseRollUp(readFileSync(rollUpPath, 'utf8'), rollUpPath);
  const merged = mergeRollUps([{ where: rollUpPath, rollUp: shard }], false);
  const client = new ServiceClient({
    apiKey: emulator.apiKey,
    baseUrl: emulator.baseUrl,
    logger: NOOP_LOGGER,
  });
  emulator.resetStats();
  const started = performance.now();
  try {
    const verified = await verifyRollUp(merged, client, new AbortController().signal);
    const stats = emulator.stats();
    return {
      wallMs: performance.now() - started,
      requests: stats.requests_total,
      listingPages: stats.requests['GET /api/v1/repositories'] ?? 0,
      entries: merged.repositories.length,
      stillJudged: verified.repositories.filter((entry) => entry.gate !== null).length,
    };
  } finally {
    await client.close();
  }
}

interface ChildResult {
  wallMs: number;
  peakRssBytes: number;
  judged: number;
  errors: string[];
}

function runChild(input: Record<string, unknown>): Promise<ChildResult> {
  return runFleetChild<ChildResult>(PROCESS, input, 'the fleet benchmark');
}

/**
 * Run directly for the fleet alone: `node --experimental-strip-types bench/fleet.ts [--repositories N]
 * [--concurrency N] [--time-scale X] [--poll-interval S] [--wait-timeout S]` (S in service seconds) prints its table as Markdown and its results as JSON.
 */
async function measureFleetAlone(): Promise<void> {
  const { values } = parseArgs({
    options: {
      repositories: { type: 'string', default: '1000' },
      concurrency: { type: 'string', default: '100' },
      'time-scale': { type: 'string', default: '0.002' },
      'poll-interval': { type: 'string', default: '2' },
      'wait-timeout': { type: 'string', default: String(DEFAULT_WAIT_TIMEOUT_SECONDS) },
    },
  });
  const run = await measureFleet({
    repositories: Number(values.repositories),
    concurrency: Number(values.concurrency),
    timeScale: Number(values['time-scale']),
    pollIntervalSeconds: Number(values['poll-interval']),
    waitTimeoutSeconds: Number(values['wait-timeout']),
  });
  process.stdout.write(`${renderTable(fleetTable(run), 'markdown')}\n\n${JSON.stringify(run, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await measureFleetAlone();
