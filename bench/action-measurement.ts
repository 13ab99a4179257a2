import type { Emulator, StatsSnapshot } from '../emulator/index.ts';
import { BENCH_FULL_NAME } from '../emulator/index.ts';
import { launchAction, type RunningAction } from './action-process.ts';
import { checkAccounting } from './accounting.ts';
import type { GitHubSide } from './github-reporting.ts';
import { EMULATOR_MAX_PAGE_SIZE, lowerBound } from './lower-bound.ts';
import { analysePolling } from './polling.ts';
import { maxInFlight, type ObservedRequest, type RequestLog } from './request-log.ts';
import type { Accounting, ActionRun, ExpectedFindings } from './results.ts';

/**
 * One run of the bundled action against a running emulator: it creates a scan of bench/large, polls it,
 * reads the report and the findings, and exits. Everything is derived from what the emulator saw and from the
 * child's spawn and exit times.
 *
 * When the scan turned completed: the emulator computes a scan's state from service time since its creation,
 * and bench/large takes 5 service seconds (emulator/bench-repository.ts: no queue, 5 s running), so it completes
 * `5 s x timeScale` of real time after the emulator answered POST /scans. The polls' answers are checked
 * against that moment.
 */

/** emulator/bench-repository.ts: `{ queue_seconds: 0, duration_seconds: 5 }`. */
export const BENCH_SCAN_SERVICE_SECONDS = 5;

const API = '/api/v1';

export interface ActionMeasurementInput {
  emulator: Emulator;
  log: RequestLog;
  entry: string;
  expected: ExpectedFindings;
  latencyMs: number;
  timeScale: number;
  pollIntervalSeconds: number;
  /** The page-size input; undefined leaves action.yml's default. */
  pageSize: number | undefined;
  timeoutMs: number;
  /** Report to this GitHub emulator, on a pull request; undefined: a push, GitHub out of reach. */
  github?: GitHubSide;
  /** Further inputs (`--input`, the SARIF runs' sarif-file); they win over the bench's own. */
  extraInputs?: Record<string, string>;
}

export async function measureAction(input: ActionMeasurementInput): Promise<ActionRun> {
  const { running, exit, requests, stats } = await runAction(input);
  const created = createdScan(requests, exit);
  const { polls, reports, pages } = scanTraffic(requests, created.scanId);

  const createdAt = created.answeredAt;
  const completedAt = createdAt + BENCH_SCAN_SERVICE_SECONDS * 1000 * input.timeScale;
  const polling = analysePolling({
    polls,
    createdAt,
    completedAt,
    intervalMs: input.pollIntervalSeconds * 1000,
    latencyMs: input.latencyMs,
  });
  const noticedAt = completedAt + polling.lagMs;
  const accounting = checkAccounting(input.expected, exit.outputs, pages);

  return {
    findings: input.expected.total,
    exitCode: exit.exitCode,
    firstRequestMs: requests[0] ? requests[0].arrivedAt - running.spawnedAt : undefined,
    spawnToExitMs: exit.exitedAt - running.spawnedAt,
    completeToExitMs: exit.exitedAt - completedAt,
    noticeLagMs: polling.lagMs,
    noticedToExitMs: exit.exitedAt - noticedAt,
    lastResponseToExitMs: exit.exitedAt - Math.max(...requests.map((r) => r.finishedAt ?? r.arrivedAt)),
    requests: {
      total: requests.length,
      findingsPages: pages.length,
      polls: polls.length,
      reports: reports.length,
      other: requests.length - pages.length - polls.length - reports.length,
    },
    bytesReceived: input.log.bytesSent(),
    bodyBytes: stats.bytes_sent,
    peakRssBytes: exit.peakRssBytes,
    cpuMs: exit.cpuMs,
    summaryBytes: Buffer.byteLength(exit.summary, 'utf8'),
    annotations: exit.annotations.length,
    ...pageFigures(input, pages, accounting),
    polling,
    accounting,
    failure: exit.exitCode === 0 ? undefined : `${tail(exit.stdout)}\n${tail(exit.stderr)}`.trim(),
    ...(input.github ? { github: input.github.collect() } : {}),
  };
}

type ActionExit = Awaited<RunningAction['finished']>;

/** Runs the action once, on a clear request log and fresh stats, and takes what the emulator saw. */
async function runAction(input: ActionMeasurementInput): Promise<{
  running: RunningAction;
  exit: ActionExit;
  requests: ObservedRequest[];
  stats: StatsSnapshot;
}> {
  const { emulator, log } = input;
  const github = input.github?.prepare();
  log.clear();
  emulator.resetStats();
  const running = await launchAction({
    entry: input.entry,
    inputs: { ...actionInputs(input), ...github?.inputs, ...input.extraInputs },
    repository: BENCH_FULL_NAME,
    ...(github ? { event: github.event, env: github.env } : {}),
    measureRss: true,
    timeoutMs: input.timeoutMs,
  });
  const exit = await running.finished;
  return { running, exit, requests: [...log.requests], stats: emulator.stats() };
}

function actionInputs(input: ActionMeasurementInput): Record<string, string> {
  const inputs: Record<string, string> = {
    repository: BENCH_FULL_NAME,
    'api-url': input.emulator.baseUrl,
    'api-key': input.emulator.apiKey,
    'poll-interval': String(input.pollIntervalSeconds),
    'fail-on': 'none',
    // Every run measures a scan of its own, judged whole: no scan of an earlier run reused, no baseline scan.
    'reuse-scan': 'false',
    gate: 'all',
  };
  if (input.pageSize !== undefined) inputs['page-size'] = String(input.pageSize);
  return inputs;
}

function createdScan(
  requests: readonly ObservedRequest[],
  exit: ActionExit,
): { scanId: string; answeredAt: number } {
  const created = requests.find(
    (r) => r.method === 'POST' && r.path === `${API}/scans` && r.scanId !== undefined,
  );
  if (!created?.scanId || created.answeredAt === undefined) {
    throw new Error(
      `The action did not create a scan (exit code ${exit.exitCode}).\n${tail(exit.stdout)}\n${tail(exit.stderr)}`,
    );
  }
  return { scanId: created.scanId, answeredAt: created.answeredAt };
}

/** The polls of the scan, the reads of its report, and the pages of findings. */
function scanTraffic(requests: readonly ObservedRequest[], scanId: string) {
  const scanPath = `${API}/scans/${scanId}`;
  return {
    polls: requests.filter((r) => r.method === 'GET' && r.path === scanPath),
    reports: requests.filter((r) => r.path === `${scanPath}/report`),
    pages: requests.filter((r) => r.path === `${API}/findings`),
  };
}

/** The page size and concurrency the action used, and the lower bounds of reading at them. */
function pageFigures(
  input: ActionMeasurementInput,
  pages: readonly ObservedRequest[],
  accounting: Accounting,
): Pick<
  ActionRun,
  'requestedPageSize' | 'concurrency' | 'lowerBound' | 'lowerBoundAtMaxPage' | 'lowerBoundEveryFinding'
> {
  const requestedPageSize = largestLimit(pages);
  const pageSize = requestedPageSize ?? EMULATOR_MAX_PAGE_SIZE;
  const concurrency = Math.max(1, maxInFlight(pages));
  const bound = (reads: readonly number[], size: number) =>
    lowerBound({ reads, requestedPageSize: size, concurrency, latencyMs: input.latencyMs });
  return {
    requestedPageSize,
    concurrency,
    lowerBound: bound(accounting.readsPerList, pageSize),
    lowerBoundAtMaxPage: bound(accounting.readsPerList, EMULATOR_MAX_PAGE_SIZE),
    lowerBoundEveryFinding: bound([input.expected.total], pageSize),
  };
}

function largestLimit(pages: readonly ObservedRequest[]): number | undefined {
  let largest: number | undefined;
  for (const page of pages) {
    const limit = Number(page.query.get('limit') ?? '20');
    if (Number.isFinite(limit)) largest = Math.max(largest ?? 0, limit);
  }
  return largest;
}

function tail(text: string, lines = 15): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
