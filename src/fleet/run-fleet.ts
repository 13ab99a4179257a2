import type { Logger, ServiceClient, Sleep } from '../client/index.ts';
import { realSleep } from '../client/clock.ts';
import type { Repository } from '../client/types.ts';
import { RunDeadline } from '../run/run-deadline.ts';
import type { FleetGitHub } from './fleet-github.ts';
import type { FleetRunOptions } from './fleet-options.ts';
import { fleetPolicy, fleetSettings } from './fleet-settings.ts';
import { FleetProgress, reportProgress } from './fleet-progress.ts';
import { Ledger, type LedgerRun } from './ledger.ts';
import { runPool } from './pool.ts';
import type { StartSeal } from './start-seal.ts';
import { disownSharedScans } from './scan-claims.ts';
import { scanRepository, type FleetScope } from './repository-run.ts';
import type { RepositoryOutcome } from './rollup.ts';
import { FleetScanWatcher } from './scan-watcher.ts';
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
   * GitHub, when the face was given credentials for it (a GitHub App, or a token), checked already: each
   * repository's default branch head and policy are read through it. None: the fleet asks GitHub nothing.
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
  const startedAt = io.now();
  const deadline = new RunDeadline(options.waitTimeoutSeconds * 1000, io.now);
  const ledger =
    options.ledgerPath === undefined
      ? undefined
      : Ledger.open(options.ledgerPath, ledgerRunOf(options), io.scrub, io.seal);
  const scope = fleetScope(options, io, { deadline, ledger });
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
    const stoppedBy = io.stopSignal.aborted
      ? 'interrupted'
      : scope.permit.keyRefused
        ? 'key-refused'
        : undefined;
    return { outcomes: disownSharedScans(outcomes), stoppedBy, startedAt, finishedAt: io.now() };
  } finally {
    youngGeneration.release();
    ledger?.close();
  }
}

/** What every repository's run shares: one client, one log, one watcher, one permit, one ledger, one deadline. */
function fleetScope(
  options: FleetRunOptions,
  io: FleetIo,
  shared: { deadline: RunDeadline; ledger: Ledger | undefined },
): FleetScope & { permit: StartPermit } {
  const { deadline, ledger } = shared;
  const settings = fleetSettings(options);
  return {
    client: io.client,
    log: io.log,
    settings,
    policy: fleetPolicy(settings),
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
  };
}
