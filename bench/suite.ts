import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BENCH_SCAN_ID, startEmulator, type Emulator } from '../emulator/index.ts';
import { INPUT_DEFAULTS } from '../src/action/action-settings.ts';
import {
  BENCH_SCAN_SERVICE_SECONDS,
  measureAction,
  type ActionMeasurementInput,
} from './action-measurement.ts';
import { measureFleet } from './fleet.ts';
import { measureFleetApp } from './fleet-app.ts';
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
  type FleetAppRun,
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
  const machine = describeMachine();
  const suite: Suite = { options, progress, pollIntervalSeconds };

  const coldStart = await measureColdStarts(suite);
  const { sizes, sarif } = await measureSizes(suite);
  const polling = await measurePollingRuns(suite);
  const matching = await measureMatchingRuns(suite);
  const pythonClients = await measurePythonClients(options.pythonClientSizes, options.latencyMs, progress);
  const hostileInput = await measureHostileInputs(suite);
  const fleet = await measureFleets(suite);
  const fleetApp = await measureFleetApps(suite);

  machine.loadAverageEnd = loadavg();
  return {
    settings: suiteSettings(suite),
    machine,
    sizes,
    coldStart,
    polling,
    matching,
    sarif,
    pythonClients,
    hostileInput,
    fleet,
    fleetApp,
    durationMs: performance.now() - started,
  };
}

/** An emulator of the suite, with the log of the requests it was sent. */
interface ServedEmulator {
  readonly emulator: Emulator;
  readonly log: RequestLog;
}

interface Suite {
  readonly options: BenchOptions;
  readonly progress: (line: string) => void;
  readonly pollIntervalSeconds: number;
}

function suiteSettings({ options, pollIntervalSeconds }: Suite): BenchResults['settings'] {
  return {
    mode: options.mode,
    latencyMs: options.latencyMs,
    jitterMs: options.jitterMs,
    timeScale: options.timeScale,
    pollIntervalSeconds,
    pageSizeInput: options.pageSize,
    repeat: options.repeat,
    entry: options.entry,
    ...(Object.keys(options.inputs).length > 0 ? { inputs: options.inputs } : {}),
  };
}

/** Every emulator of the suite: the demo scenario with the bench's latency and jitter. */
function emulatorOptions(
  { options }: Suite,
  more: { findings: number; timeScale?: number },
): Parameters<typeof startEmulator>[0] {
  return { latencyMs: options.latencyMs, jitterMs: options.jitterMs, scenario: 'demo', ...more };
}

/** One action run's settings, against the emulator of its size at its time scale. */
async function actionRun(
  { options, pollIntervalSeconds }: Suite,
  { emulator, log }: ServedEmulator,
  timeScale: number,
): Promise<ActionMeasurementInput> {
  return {
    emulator,
    log,
    entry: options.entry,
    expected: await expectedFindings(emulator),
    latencyMs: options.latencyMs,
    timeScale,
    pollIntervalSeconds,
    pageSize: options.pageSize,
    timeoutMs: ACTION_TIMEOUT_MS,
    extraInputs: options.inputs,
  };
}

function measureColdStarts(suite: Suite): Promise<BenchResults['coldStart']> {
  const { options } = suite;
  suite.progress(`cold start: ${options.coldStarts} samples`);
  return withEmulator(emulatorOptions(suite, { findings: 1 }), ({ emulator, log }) =>
    measureColdStart({ emulator, log, entry: options.entry, samples: options.coldStarts, timeoutMs: 60_000 }),
  );
}

/** Per size, with an emulator (and a GitHub emulator) of its own: `repeat` rounds of its measurements. */
async function measureSizes(suite: Suite): Promise<{ sizes: SizeResult[]; sarif: SarifRun[] }> {
  const sizes: SizeResult[] = [];
  const sarif: SarifRun[] = [];
  let oneRoundEntry: Promise<string> | undefined;
  const oneRoundClient = (): Promise<string> => (oneRoundEntry ??= bundleOneRoundClient());
  for (const findings of suite.options.sizes) {
    const github = suite.options.github ? await GitHubSide.start(suite.options.latencyMs) : undefined;
    try {
      const size = await withEmulator(
        emulatorOptions(suite, { findings, timeScale: suite.options.timeScale }),
        async (served) => {
          const action = await actionRun(suite, served, suite.options.timeScale);
          return measureSize(suite, { findings, action, github, oneRoundClient, sarif });
        },
      );
      sizes.push(size);
    } finally {
      await github?.close();
    }
  }
  return { sizes, sarif };
}

interface SizeRounds {
  readonly findings: number;
  readonly action: ActionMeasurementInput;
  readonly github: GitHubSide | undefined;
  readonly oneRoundClient: () => Promise<string>;
  /** The suite's SARIF runs, which this size's are added to. */
  readonly sarif: SarifRun[];
}

/**
 * The action, the one-round client (at SPEED_FINDINGS), the action with `sarif-file`, the baseline and the
 * action reporting to GitHub, alternating round after round.
 */
async function measureSize(
  { options, progress }: Suite,
  { findings, action, github, oneRoundClient, sarif }: SizeRounds,
): Promise<SizeResult> {
  const { emulator, log } = action;
  const size: SizeResult = { findings, actions: [], baselines: [], githubActions: [], oneRound: [] };
  const measure = (reportingTo?: GitHubSide) =>
    measureAction({ ...action, ...(reportingTo ? { github: reportingTo } : {}) });
  for (let i = 1; i <= options.repeat; i++) {
    progress(`${findings} findings: action, run ${i} of ${options.repeat}`);
    size.actions.push(await measure());
    if (findings === SPEED_FINDINGS) {
      progress(`${findings} findings: the one-round client, run ${i} of ${options.repeat}`);
      size.oneRound?.push(await measureAction({ ...action, entry: await oneRoundClient() }));
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
}

async function measurePollingRuns(suite: Suite): Promise<PollingRun[]> {
  const { options, pollIntervalSeconds } = suite;
  const polling: PollingRun[] = [];
  for (const intervals of options.pollingScanIntervals) {
    // bench/large's scan lasts BENCH_SCAN_SERVICE_SECONDS of service time: scale it to `intervals` polls.
    const timeScale = (intervals * pollIntervalSeconds) / BENCH_SCAN_SERVICE_SECONDS;
    suite.progress(
      `polling: a scan of ${intervals} poll intervals (${(intervals * pollIntervalSeconds).toFixed(2)} s)`,
    );
    const run = await withEmulator(
      emulatorOptions(suite, { findings: options.pollingFindings, timeScale }),
      async (served) => measureAction(await actionRun(suite, served, timeScale)),
    );
    polling.push({ intervals, run });
  }
  return polling;
}

async function measureMatchingRuns({ options, progress }: Suite): Promise<MatchingRun[]> {
  const matching: MatchingRun[] = [];
  for (const findings of options.matchingSizes) {
    progress(`matching: ${findings} head findings against ${findings} baseline findings`);
    matching.push(await measureMatching(findings, options.matchingRuns));
  }
  return matching;
}

function measureHostileInputs({ options, progress }: Suite): ReturnType<typeof measureHostileInput> {
  progress(
    `hostile input: policy files of ${options.hostilePolicyKeys.join(', ')} keys, hostile YAML, the worst glob`,
  );
  return measureHostileInput(
    options.hostilePolicyKeys,
    options.hostilePathCharacters,
    options.hostileShapeBytes,
  );
}

async function measureFleets({ options, progress }: Suite): Promise<FleetRun[]> {
  const fleet: FleetRun[] = [];
  for (const fleetOptions of options.fleets) {
    progress(`fleet: ${fleetOptions.repositories} repositories, ${fleetOptions.concurrency} in flight`);
    fleet.push(await measureFleet(fleetOptions));
  }
  return fleet;
}

async function measureFleetApps({ options, progress }: Suite): Promise<FleetAppRun[]> {
  const runs: FleetAppRun[] = [];
  for (const fleetOptions of options.fleetApps) {
    progress(
      `fleet in GitHub App mode with --upload-sarif: ${fleetOptions.repositories} repositories, ${fleetOptions.concurrency} in flight`,
    );
    runs.push(await measureFleetApp(fleetOptions));
  }
  return runs;
}

async function withEmulator<T>(
  emulatorOptions: Parameters<typeof startEmulator>[0],
  use: (served: ServedEmulator) => Promise<T>,
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
