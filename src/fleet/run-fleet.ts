import type { Logger, ServiceClient, Sleep } from '../client/index.ts';
import { realSleep } from '../client/clock.ts';
import type { Repository } from '../client/types.ts';
import { RunDeadline } from '../run/run-deadline.ts';
import type { FleetGitHub } from './fleet-github.ts';
import type { FleetRunOptions } from './fleet-options.ts';
import { FleetUsageError } from './fleet-usage-error.ts';
import { fleetPolicy, fleetSettings } from './fleet-settings.ts';
import { FleetProgress, reportProgress } from './fleet-progress.ts';
import { Ledger, type LedgerRun } from './ledger.ts';
import { runPool } from './pool.ts';
import type { StartSeal } from './start-seal.ts';
import { disownSharedScans } from './scan-claims.ts';
import { scanRepository, type FleetScope } from './repository-run.ts';
import type { RepositoryOutcome } from './rollup.ts';
import { FleetScanWatcher } from './scan-watcher.ts';
import { FleetSarifUploads } from './sarif-uploads.ts';
import { SpillFile } from '../run/spill-file.ts';
import { StartPermit } from './start-permit.ts';
import { holdYoungGeneration } from './young-generation.ts';

/** The run a ledger names: none when the face gave no selection name (a test's bare run). */
export function ledgerRunOf(options: FleetRunOptions): LedgerRun | undefined {
  return options.ledgerRun === undefined
    ? undefined
    : { run: options.ledgerRun, runId: options.runId ?? null };
}

/** What a face gives the fleet: the client (one for the process), its log, and the user's stop. */
export interface FleetIo {
  client: ServiceClient;
  log: Logger;
  /** Aborted on Ctrl-C (or the runner's cancel): the fleet cancels every scan it started that still runs. */
  stopSignal: AbortSignal;
  now: () => number;
  /**
   * How the fleet's schedule waits between polling rounds (default: real time). A bench passes the emulator's
   * scaled clock with `now`, so that the polls are those of a real night, not understated.
   */
  sleep?: Sleep | undefined;
  /** Removes every secret the face knows from a line the fleet writes to a file (the ledger). */
  scrub?: ((text: string) => string) | undefined;
  /** Seals the ledger's `started` lines, for the action's post step: it cancels only what they name. */
  seal?: StartSeal | undefined;
  /**
   * GitHub, when the face has GitHub credentials (an App's installations, or a token): each repository is then
   * scanned at its default branch's head commit and, with `repositoryPolicy`, judged by its own policy file.
   * Undefined: the fleet asks GitHub nothing, and judges every repository by the fleet's fail-on.
   */
  github?: FleetGitHub | undefined;
}

/** What the fleet learnt: one outcome per repository given, in the order given, and why it stopped early. */
export interface FleetRunResult {
  outcomes: RepositoryOutcome[];
  /**
   * `key-refused`: a 401 (or a 403 on a start) stopped new starts, and the rest are not judged (exit 3).
   * `interrupted`: the user's stop; the scans the fleet started were cancelled (exit 130).
   */
  stoppedBy: 'key-refused' | 'interrupted' | undefined;
  /** When the run started and ended (ms, the io's clock). */
  startedAt: number;
  finishedAt: number;
}

/** The result of a run given no repository (an empty shard): nothing to do, started and ended now. */
export function emptyRun(now: number): FleetRunResult {
  return { outcomes: [], stoppedBy: undefined, startedAt: now, finishedAt: now };
}

/**
 * Scans the given repositories (already selected and sharded by the face) from one process: at most
 * `concurrency` scans in flight, all of them watched by one poller, each judged through the run's conductor on
 * its report's severity_breakdown. Never throws for one repository's fault: that repository is reported as not
 * judged, with why.
 */
export async function runFleet(
  repositories: readonly Repository[],
  options: FleetRunOptions,
  io: FleetIo,
): Promise<FleetRunResult> {
  refuseRefWithGitHub(options, io);
  refuseUploadWithoutGitHub(options, io);
  const startedAt = io.now();
  const deadline = new RunDeadline(options.waitTimeoutSeconds * 1000, io.now);
  const ledger =
    options.ledgerPath === undefined
      ? undefined
      : Ledger.open(options.ledgerPath, ledgerRunOf(options), io.scrub, io.seal);
  const uploads = uploadsOf(options, io, deadline);
  const scope = fleetScope(options, io, { deadline, ledger, today: new Date(startedAt), uploads });
  const progress = new FleetProgress(repositories.length, startedAt + options.waitTimeoutSeconds * 1000);
  const reports = reportProgress(progress, {
    log: io.log,
    sleep: io.sleep ?? realSleep,
    intervalSeconds: options.progressIntervalSeconds,
    signal: AbortSignal.any([deadline.signal, io.stopSignal]),
  });
  const youngGeneration = holdYoungGeneration();
  try {
    const outcomes = await runPool(repositories, options.concurrency, async (repository) => {
      progress.started();
      const outcome = await scanRepository(repository, scope);
      progress.ended(outcome);
      return outcome;
    });
    await reports.end();
    ledger?.finished();
    const uploaded = await withUploads(outcomes, uploads?.queue);
    const stoppedBy = io.stopSignal.aborted
      ? 'interrupted'
      : scope.permit.keyRefused
        ? 'key-refused'
        : undefined;
    return { outcomes: disownSharedScans(uploaded), stoppedBy, startedAt, finishedAt: io.now() };
  } finally {
    youngGeneration.release();
    ledger?.close();
    await uploads?.spill.close();
  }
}

/** With `uploadSarif`: the queue of the night's uploads, cut by its deadline and the user's stop. */
function uploadsOf(options: FleetRunOptions, io: FleetIo, deadline: RunDeadline): FleetScope['uploads'] {
  if (options.uploadSarif !== true || io.github === undefined) return undefined;
  const queue = new FleetSarifUploads({
    github: io.github,
    log: io.log,
    signal: AbortSignal.any([deadline.signal, io.stopSignal]),
    sleep: io.sleep ?? realSleep,
    scrub: io.scrub ?? ((text) => text),
  });
  return { queue, spill: new SpillFile() };
}

/**
 * Each repository's outcome with its upload's account, once every upload is made or left pending at the
 * deadline: one not judged uploaded nothing, and says so. The verdicts are as they were.
 */
async function withUploads(
  outcomes: RepositoryOutcome[],
  queue: FleetSarifUploads | undefined,
): Promise<RepositoryOutcome[]> {
  if (queue === undefined) return outcomes;
  const accounts = await queue.accounts();
  return outcomes.map((outcome) => ({
    ...outcome,
    code_scanning: accounts.get(outcome.repository) ?? {
      sarif_id: null,
      processing_status: 'not-uploaded',
      alerts_url: queue.alertsUrlOf(outcome.repository),
      error: 'The repository was not judged, so nothing was uploaded to code scanning.',
    },
  }));
}

/** What every repository's run shares: one client, one log, one watcher, one permit, one ledger, one deadline. */
function fleetScope(
  options: FleetRunOptions,
  io: FleetIo,
  shared: { deadline: RunDeadline; ledger: Ledger | undefined; today: Date; uploads: FleetScope['uploads'] },
): FleetScope & { permit: StartPermit } {
  const { deadline, ledger, today, uploads } = shared;
  const settings = fleetSettings(options);
  return {
    client: io.client,
    log: io.log,
    settings,
    policy: fleetPolicy(settings, today),
    watcher: new FleetScanWatcher({
      client: io.client,
      log: io.log,
      now: io.now,
      sleep: io.sleep ?? realSleep,
      firstIntervalMs: options.pollIntervalSeconds * 1000,
      signal: AbortSignal.any([deadline.signal, io.stopSignal]),
    }),
    permit: new StartPermit({
      client: io.client,
      deadline,
      stopSignal: io.stopSignal,
      waitTimeoutSeconds: options.waitTimeoutSeconds,
      minCredits: options.minCredits,
    }),
    ledger,
    deadline,
    stopSignal: io.stopSignal,
    now: io.now,
    github: io.github,
    repositoryPolicy: io.github !== undefined && (options.repositoryPolicy ?? true),
    today,
    uploads,
  };
}

/** Uploading each repository's SARIF needs GitHub credentials: refused before anything is sent without them. */
function refuseUploadWithoutGitHub(options: FleetRunOptions, io: FleetIo): void {
  if (options.uploadSarif !== true || io.github !== undefined) return;
  throw new FleetUsageError(
    "--upload-sarif (upload-sarif: true) needs GitHub credentials, to upload each repository's SARIF to its code scanning: give the GitHub App's --github-app-id and --github-app-private-key-file (action: github-app-id and github-app-private-key), or --github-token, or leave --upload-sarif out.",
  );
}

/**
 * With GitHub, each repository is scanned at its default branch's head, the commit its policy is read at: a
 * `ref` for every repository says otherwise, and is refused before anything is sent.
 */
function refuseRefWithGitHub(options: FleetRunOptions, io: FleetIo): void {
  if (io.github === undefined || options.ref === undefined) return;
  throw new FleetUsageError(
    `--ref ${options.ref} cannot be used with GitHub credentials: each repository is then scanned at its default branch's head commit, and judged by its policy there. Leave --ref out, or give no GitHub credentials to scan that ref.`,
  );
}
