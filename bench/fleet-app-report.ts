import type { BenchResults, FleetAppRun } from './results.ts';
import type { Table } from './table.ts';
import type { TargetResult } from './targets.ts';

/**
 * The App-mode fleet's figures against the goals: each goal is one row of its section's table and one
 * line of the report's targets. Verdicts are written down, never asserted.
 */

const FLEET_APP_GOALS = {
  githubRequestsPerRepository: 6,
  /** The fleet's own bound on processing polls an upload (sarif-uploads.ts: 6 reads, 10 s apart). */
  processingPollsPerUpload: 6,
  serviceRequestsPerRepository: 7,
  peakRssMib: 250,
  wallOverIdeal: 1.2,
} as const;

const UPLOAD = 'code-scanning/upload-sarif';
const PROCESSING_POLL = 'code-scanning/get-sarif';

/** One goal: what it says, what was measured, whether it was met. */
interface Goal {
  measure: string;
  measured: string;
  goal: string;
  met: boolean;
}

function githubGoals(run: FleetAppRun): Goal[] {
  const { github } = run;
  const polls = github.byOperation[PROCESSING_POLL] ?? 0;
  const uploads = github.byOperation[UPLOAD] ?? 0;
  const perRepository = (github.requests - polls) / run.repositories;
  const pollsPerUpload = polls / Math.max(1, uploads);
  return [
    {
      measure: 'GitHub requests a repository (processing polls apart)',
      measured: `${perRepository.toFixed(2)} (${count(github.requests - polls)}: ${operations(github.byOperation)})`,
      goal: `≤ ${FLEET_APP_GOALS.githubRequestsPerRepository}`,
      met: perRepository <= FLEET_APP_GOALS.githubRequestsPerRepository,
    },
    {
      measure: 'processing polls an upload',
      measured: `${pollsPerUpload.toFixed(2)} (${count(polls)} for ${count(uploads)} uploads)`,
      goal: `≤ ${FLEET_APP_GOALS.processingPollsPerUpload}`,
      met: pollsPerUpload <= FLEET_APP_GOALS.processingPollsPerUpload,
    },
    {
      measure: 'GitHub requests refused (hourly budget spent, content-creation limit)',
      measured: `${count(github.refusedPrimary)}, ${count(github.refusedSecondary)} (${count(github.tokensMinted)} tokens minted, ${count(github.contentCreating)} content-creating)`,
      goal: '0, 0',
      met: github.refusedPrimary === 0 && github.refusedSecondary === 0,
    },
  ];
}

function fleetGoals(run: FleetAppRun): Goal[] {
  const { service } = run;
  const perRepository = service.requests / run.repositories;
  const findingsPages = Object.entries(service.requestsByRoute)
    .filter(([route]) => route.includes('/findings'))
    .reduce((sum, [, requests]) => sum + requests, 0);
  const rssMib = run.peakRssBytes / 2 ** 20;
  const overIdeal = run.wallMs / run.idealMs;
  const complete = run.uploads.complete ?? 0;
  return [
    {
      measure: 'service requests a repository (findings pages included)',
      measured: `${perRepository.toFixed(2)} (of them ${(findingsPages / run.repositories).toFixed(2)} findings pages; ${count(service.rateLimited)} 429s)`,
      goal: `≤ ${FLEET_APP_GOALS.serviceRequestsPerRepository}`,
      met: perRepository <= FLEET_APP_GOALS.serviceRequestsPerRepository,
    },
    {
      measure: 'peak memory of the fleet process',
      measured: `${rssMib.toFixed(1)} MiB`,
      goal: `< ${FLEET_APP_GOALS.peakRssMib} MiB`,
      met: rssMib < FLEET_APP_GOALS.peakRssMib,
    },
    {
      measure: 'wall time / ideal (scans, then uploads at 80 a minute and 500 an hour)',
      measured: `${overIdeal.toFixed(3)}× (${count(run.wallMs)} ms / ${count(run.idealMs)} ms)`,
      goal: `≤ ${FLEET_APP_GOALS.wallOverIdeal}×`,
      met: overIdeal <= FLEET_APP_GOALS.wallOverIdeal,
    },
    {
      measure: 'repositories judged (by their own policy), uploads processed',
      measured: `${count(run.judged)} (${count(run.byPolicy)}, ${count(run.suppressed)} findings suppressed), ${count(complete)} (${uploadStates(run.uploads)})`,
      goal: `${count(run.repositories)} (${count(run.withPolicy)}), ${count(run.repositories)}`,
      met: fleetAppComplete(run),
    },
  ];
}

/** Every repository judged, each with a policy file by it, and every upload processed. */
export function fleetAppComplete(run: FleetAppRun): boolean {
  return (
    run.judged === run.repositories &&
    run.byPolicy === run.withPolicy &&
    (run.uploads.complete ?? 0) === run.repositories
  );
}

function goalsOf(run: FleetAppRun): Goal[] {
  return [...githubGoals(run), ...fleetGoals(run)];
}

export function fleetAppTable(run: FleetAppRun): Table {
  return {
    headers: ['measure', 'fleet', 'goal', 'met'],
    rows: goalsOf(run).map((goal) => [goal.measure, goal.measured, goal.goal, goal.met ? 'yes' : 'no']),
    numeric: [false, true, false, false],
  };
}

/** The goals as the report's targets, one line each, naming the run's size. */
export function fleetAppTargets(results: BenchResults): TargetResult[] {
  return (results.fleetApp ?? []).flatMap((run) =>
    goalsOf(run).map((goal) => ({
      target: `App-mode fleet of ${count(run.repositories)}: ${goal.measure} ${goal.goal}`,
      measured: goal.measured,
      verdict: goal.met ? ('met' as const) : ('missed' as const),
    })),
  );
}

/** What went wrong in a run, for the report's problems. */
export function fleetAppProblems(run: FleetAppRun): string[] {
  if (fleetAppComplete(run)) return [];
  return [
    `App-mode fleet of ${count(run.repositories)}: ${count(run.judged)} judged, ${count(run.byPolicy)} by their policy of ${count(run.withPolicy)}, uploads ${uploadStates(run.uploads)} (${run.errors.join('; ')})`,
  ];
}

/** The repositories' operations by count, then the App's own (its JWT's: `GET /app`, look-ups, tokens) summed. */
function operations(byOperation: Record<string, number>): string {
  const entries = Object.entries(byOperation).filter(([operation]) => operation !== PROCESSING_POLL);
  const app = entries.filter(([operation]) => operation.startsWith('apps/'));
  const repositories = entries
    .filter(([operation]) => !operation.startsWith('apps/'))
    .sort(([, a], [, b]) => b - a)
    .map(([operation, requests]) => `${operation} ${count(requests)}`);
  return `${repositories.join(', ')}; the App's ${count(app.reduce((sum, [, requests]) => sum + requests, 0))}`;
}

function uploadStates(uploads: Record<string, number>): string {
  return Object.entries(uploads)
    .map(([status, uploaded]) => `${status} ${count(uploaded)}`)
    .join(', ');
}

function count(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';
}
