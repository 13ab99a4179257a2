import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmulator, type Emulator } from '../emulator/index.ts';
import { startGitHubEmulator, type GitHubEmulator } from '../github-emulator/index.ts';
import { BENCH_APP_ID, fleetAppWorkload, idealNightSeconds } from './fleet-app-workload.ts';
import { fleetAppTable } from './fleet-app-report.ts';
import type { FleetAppGitHub, FleetAppRun } from './results.ts';
import { renderTable } from './table.ts';
import { runFleetChild } from './fleet-child.ts';

/**
 * The fleet in GitHub App mode: `repositories` repositories of about 100 findings each on the service's emulator
 * and on GitHub's (every third with a policy file), `concurrency` scans in flight, `--upload-sarif`, the fleet in
 * a process of its own (bench/fleet-app-process.ts). Both emulators and the fleet run on one clock scaled by
 * `timeScale`, so a night of two hours of GitHub's and the service's time, the content-creation limit's pace
 * included, passes in seconds, and every request counted is a real night's. Measured: GitHub's requests a
 * repository (the processing polls apart), the service's, the fleet's peak RSS, its wall time against the ideal
 * night (idealNightSeconds), and the installation's refusals as GitHub's emulator counts them.
 */

const PROCESS = fileURLToPath(new URL('./fleet-app-process.ts', import.meta.url));
/** A hosted job's 6 hours: the fleet's deadline. */
const WAIT_TIMEOUT_SECONDS = 6 * 60 * 60;

export interface FleetAppBenchOptions {
  repositories: number;
  concurrency: number;
  /** Real seconds per second of the emulators' clock. */
  timeScale: number;
  pollIntervalSeconds: number;
}

/** The emulators' one clock: epoch milliseconds that run 1 / timeScale times as fast as the real ones. */
interface SharedClock {
  realStartMs: number;
  clockStartMs: number;
  now: () => number;
}

function sharedClock(timeScale: number): SharedClock {
  const realStartMs = performance.timeOrigin + performance.now();
  const clockStartMs = Date.now();
  const now = (): number =>
    clockStartMs + (performance.timeOrigin + performance.now() - realStartMs) / timeScale;
  return { realStartMs, clockStartMs, now };
}

export async function measureFleetApp(options: FleetAppBenchOptions): Promise<FleetAppRun> {
  const workload = fleetAppWorkload(options.repositories);
  const folder = mkdtempSync(join(tmpdir(), 'svc-bench-fleet-app-'));
  const privateKeyFile = join(folder, 'app.pem');
  writeFileSync(privateKeyFile, workload.privateKeyPem, { mode: 0o600 });
  const clock = sharedClock(options.timeScale);
  const service = await startEmulator({ scenario: workload.scenario, timeScale: options.timeScale });
  const github = await startGitHubEmulator({ seed: workload.github, now: () => new Date(clock.now()) });
  try {
    service.resetStats();
    const child = await runChild({
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
      githubUrl: github.baseUrl,
      appId: String(BENCH_APP_ID),
      privateKeyFile,
      concurrency: options.concurrency,
      pollIntervalSeconds: options.pollIntervalSeconds,
      timeScale: options.timeScale,
      waitTimeoutSeconds: WAIT_TIMEOUT_SECONDS,
      realStartMs: clock.realStartMs,
      clockStartMs: clock.clockStartMs,
    });
    const idealSeconds = idealNightSeconds(workload.scanSeconds, options.concurrency);
    return {
      ...options,
      withPolicy: workload.withPolicy,
      idealMs: idealSeconds * options.timeScale * 1000,
      ...child,
      service: serviceCounts(service),
      github: gitHubCounts(github),
    };
  } finally {
    await github.close();
    await service.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

function serviceCounts(service: Emulator): FleetAppRun['service'] {
  const stats = service.stats();
  return {
    requests: stats.requests_total,
    requestsByRoute: stats.requests,
    rateLimited: stats.rate_limited,
    scansCreated: stats.scans_created,
  };
}

/** Every call GitHub's emulator answered, by operation, and its installation's counters. */
function gitHubCounts(github: GitHubEmulator): FleetAppGitHub {
  const byOperation: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  for (const call of github.calls()) {
    const operation = call.operationId ?? `${call.method} ${call.path}`;
    byOperation[operation] = (byOperation[operation] ?? 0) + 1;
    byStatus[call.status] = (byStatus[call.status] ?? 0) + 1;
  }
  const installation = github.installations()[0];
  return {
    requests: Object.values(byOperation).reduce((sum, count) => sum + count, 0),
    byOperation,
    byStatus,
    refusedPrimary: installation?.refused_primary ?? Number.NaN,
    refusedSecondary: installation?.refused_secondary ?? Number.NaN,
    tokensMinted: installation?.tokens_minted ?? Number.NaN,
    contentCreating: installation?.content_creating_requests ?? Number.NaN,
  };
}

type ChildResult = Pick<
  FleetAppRun,
  | 'wallMs'
  | 'peakRssBytes'
  | 'judged'
  | 'failed'
  | 'byPolicy'
  | 'suppressed'
  | 'uploads'
  | 'errors'
  | 'repositories'
>;

function runChild(input: Record<string, unknown>): Promise<ChildResult> {
  return runFleetChild<ChildResult>(PROCESS, input, 'the App-mode fleet benchmark');
}

/**
 * Run directly for this case alone: `node --experimental-strip-types bench/fleet-app.ts [--repositories N]
 * [--concurrency N] [--time-scale X] [--poll-interval S]` prints its table as Markdown and its results as JSON.
 */
async function measureFleetAppAlone(): Promise<void> {
  const { values } = parseArgs({
    options: {
      repositories: { type: 'string', default: '1000' },
      concurrency: { type: 'string', default: '100' },
      'time-scale': { type: 'string', default: '0.01' },
      'poll-interval': { type: 'string', default: '2' },
    },
  });
  const run = await measureFleetApp({
    repositories: Number(values.repositories),
    concurrency: Number(values.concurrency),
    timeScale: Number(values['time-scale']),
    pollIntervalSeconds: Number(values['poll-interval']),
  });
  process.stdout.write(`${renderTable(fleetAppTable(run), 'markdown')}\n\n${JSON.stringify(run, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await measureFleetAppAlone();
