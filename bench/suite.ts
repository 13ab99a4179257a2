import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BENCH_SCAN_ID, startEmulator, type Emulator } from '../emulator/index.ts';
import { INPUT_DEFAULTS } from '../src/action/action-settings.ts';
import { BENCH_SCAN_SERVICE_SECONDS, measureAction } from './action-measurement.ts';
import { measureFleet } from './fleet.ts';
import { measureHostileInput } from './hostile-input.ts';
import { measureMatching } from './matching.ts';
import { measurePythonClients } from './python-clients.ts';
import { measureSarifRun } from './sarif-run.ts';
import { measureBaseline } from './baseline.ts';
import { measureColdStart } from './cold-start.ts';
import { bundleOneRoundClient } from './one-round.ts';
import { SPEED_FINDINGS } from './targets.ts';
import { GitHubSide } from './github-reporting.ts';
import { describeMachine } from './machine.ts';
import type { BenchOptions } from './options.ts';
import { RequestLog } from './request-log.ts';
import {
  SEVERITY_NAMES,
  type BenchResults,
  type ExpectedFindings,
  type FleetRun,
  type MatchingRun,
  type PollingRun,
  type SarifRun,
  type SizeResult,
} from './results.ts';

/**
 * Runs every measurement of one `npm run bench`, one after another so they do not compete for the CPU:
 * cold starts, then per size the action, the action with `sarif-file` (at the sizes of `sarifSizes`), the
 * baseline and the action reporting to GitHub (alternating, `repeat` times), then the polling runs and the matching.
 * Each size gets its own emulator, hosted in this process so that its requests can be watched (request-log.ts).
 */

const ACTION_TIMEOUT_MS = 15 * 60_000;

/** Something the bench needs is missing (the bundle): reported without a stack. */
export class SetupError extends Error {
  override name = 'SetupError';
}

export async function runSuite(
  options: BenchOptions,
  progress: (line: string) => void,
): Promise<BenchResults> {
  if (!existsSync(options.entry)) {
    throw new SetupError(
      `${options.entry} does not exist: build the action first (npm run build), or pass --entry with a bundle.`,
    );
  }
  const started = performance.now();
  const pollIntervalSeconds = options.pollIntervalSeconds ?? Number(INPUT_DEFAULTS['poll-interval']);
  const pageSizeInput = options.pageSize;
  const machine = describeMachine();
  const common = { latencyMs: options.latencyMs, jitterMs: options.jitterMs, scenario: 'demo' } as const;

  progress(`cold start: ${options.coldStarts} samples`);
  const coldStart = await withEmulator({ ...common, findings: 1 }, ({ emulator, log }) =>
    measureColdStart({ emulator, log, entry: options.entry, samples: options.coldStarts, timeoutMs: 60_000 }),
  );

  const sizes: SizeResult[] = [];
  const sarif: SarifRun[] = [];
  let oneRoundEntry: string | undefined;
  for (const findings of options.sizes) {
    const github = options.github ? await GitHubSide.start(options.latencyMs) : undefined;
    try {
      const result = await withEmulator(
        { ...common, findings, timeScale: options.timeScale },
        async ({ emulator, log }) => {
          const expected = await expectedFindings(emulator);
          const size: SizeResult = { findings, actions: [], baselines: [], githubActions: [], oneRound: [] };
          const action = {
            emulator,
            log,
            entry: options.entry,
            expected,
            latencyMs: options.latencyMs,
            timeScale: options.timeScale,
            pollIntervalSeconds,
            pageSize: pageSizeInput,
            timeoutMs: ACTION_TIMEOUT_MS,
            extraInputs: options.inputs,
          };
          const measure = (reportingTo?: GitHubSide) =>
            measureAction({ ...action, ...(reportingTo ? { github: reportingTo } : {}) });
          for (let i = 1; i <= options.repeat; i++) {
            progress(`${findings} findings: action, run ${i} of ${options.repeat}`);
            size.actions.push(await measure());
            if (findings === SPEED_FINDINGS) {
              progress(`${findings} findings: the one-round client, run ${i} of ${options.repeat}`);
              oneRoundEntry ??= await bundleOneRoundClient();
              size.oneRound?.push(await measureAction({ ...action, entry: oneRoundEntry }));
            }
            if (options.sarifSizes.includes(findings)) {
              progress(`${findings} findings: action with sarif-file, run ${i} of ${options.repeat}`);
              sarif.push(await measureSarifRun(action));
            }
            if (findings <= options.baselineMaxFindings) {
              progress(`${findings} findings: baseline, run ${i} of ${options.repeat}`);
              size.baselines.push(
                await measureBaseline({ emulator, log, scanId: BENCH_SCAN_ID, latencyMs: options.latencyMs }),
              );
            }
            if (github) {
              progress(`${findings} findings: action reporting to GitHub, run ${i} of ${options.repeat}`);
              size.githubActions?.push(await measure(github));
            }
          }
          return size;
        },
      );
      sizes.push(result);
    } finally {
      await github?.close();
    }
  }

  const polling: PollingRun[] = [];
  for (const intervals of options.pollingScanIntervals) {
    // bench/large's scan lasts BENCH_SCAN_SERVICE_SECONDS of service time: scale it to `intervals` polls.
    const timeScale = (intervals * pollIntervalSeconds) / BENCH_SCAN_SERVICE_SECONDS;
    progress(
      `polling: a scan of ${intervals} poll intervals (${(intervals * pollIntervalSeconds).toFixed(2)} s)`,
    );
    const run = await withEmulator(
      { ...common, findings: options.pollingFindings, timeScale },
      async ({ emulator, log }) =>
        measureAction({
          emulator,
          log,
          entry: options.entry,
          expected: await expectedFindings(emulator),
          latencyMs: options.latencyMs,
          timeScale,
          pollIntervalSeconds,
          pageSize: pageSizeInput,
          timeoutMs: ACTION_TIMEOUT_MS,
          extraInputs: options.inputs,
        }),
    );
    polling.push({ intervals, run });
  }

  const matching: MatchingRun[] = [];
  for (const findings of options.matchingSizes) {
    progress(`matching: ${findings} head findings against ${findings} baseline findings`);
    matching.push(await measureMatching(findings, options.matchingRuns));
  }

  const pythonClients = await measurePythonClients(options.pythonClientSizes, options.latencyMs, progress);

  progress(
    `hostile input: policy files of ${options.hostilePolicyKeys.join(', ')} keys, hostile YAML, the worst glob`,
  );
  const hostileInput = await measureHostileInput(
    options.hostilePolicyKeys,
    options.hostilePathCharacters,
    options.hostileShapeBytes,
  );

  const fleet: FleetRun[] = [];
  for (const fleetOptions of options.fleets) {
    progress(`fleet: ${fleetOptions.repositories} repositories, ${fleetOptions.concurrency} in flight`);
    fleet.push(await measureFleet(fleetOptions));
  }

  machine.loadAverageEnd = loadavg();
  return {
    settings: {
      mode: options.mode,
      latencyMs: options.latencyMs,
      jitterMs: options.jitterMs,
      timeScale: options.timeScale,
      pollIntervalSeconds,
      pageSizeInput,
      repeat: options.repeat,
      entry: options.entry,
      ...(Object.keys(options.inputs).length > 0 ? { inputs: options.inputs } : {}),
    },
    machine,
    sizes,
    coldStart,
    polling,
    matching,
    sarif,
    pythonClients,
    hostileInput,
    fleet,
    durationMs: performance.now() - started,
  };
}

async function withEmulator<T>(
  emulatorOptions: Parameters<typeof startEmulator>[0],
  use: (context: { emulator: Emulator; log: RequestLog }) => Promise<T>,
): Promise<T> {
  const emulator = await startEmulator(emulatorOptions);
  const log = new RequestLog(emulator.port);
  try {
    return await use({ emulator, log });
  } finally {
    log.close();
    await emulator.close();
  }
}

/** The report of the already completed scan of bench/large: the same findings every scan of it yields. */
export async function expectedFindings(emulator: Emulator): Promise<ExpectedFindings> {
  const response = await fetch(`${emulator.baseUrl}/scans/${BENCH_SCAN_ID}/report`, {
    headers: { authorization: `Bearer ${emulator.apiKey}` },
  });
  if (!response.ok) throw new Error(`GET report of ${BENCH_SCAN_ID}: HTTP ${response.status}`);
  const report = (await response.json()) as {
    total_findings: number;
    severity_breakdown: Partial<Record<string, number>>;
  };
  const bySeverity = Object.fromEntries(
    SEVERITY_NAMES.map((severity) => [severity, report.severity_breakdown[severity] ?? 0]),
  ) as ExpectedFindings['bySeverity'];
  return { total: report.total_findings, bySeverity };
}
