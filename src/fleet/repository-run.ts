import {
  AuthError,
  PermissionDeniedError,
  classifyScanStatus,
  type Logger,
  type ServiceClient,
} from '../client/index.ts';
import type { Repository, Scan } from '../client/types.ts';
import { zeroCounts } from '../domain/severity.ts';
import type { RunContext, ScanWatcher } from '../run/run-context.ts';
import { RunDeadline } from '../run/run-deadline.ts';
import type { ScanRecord } from '../run/run-log.ts';
import type { RunPolicy } from '../run/run-policy.ts';
import { ScanInterruptedError } from '../run/run-error.ts';
import { ScanEndedError, runScan } from '../run/run-scan.ts';
import type { Settings } from '../run/settings.ts';
import type { ReportedPolicy } from '../domain/run-report.ts';
import { failedScanError } from './failed-scan.ts';
import type { FleetGitHub } from './fleet-github.ts';
import { judgingOf, policyUseOf, type RepositoryJudging } from './repository-judging.ts';
import { NotJudgedError, readHead, readRepositoryPolicy } from './repository-policy.ts';
import { describeLeftScan, endLeftScan } from './left-scan.ts';
import type { Ledger } from './ledger.ts';
import { FindingSet } from '../run/finding-set.ts';
import type { SpillFile } from '../run/spill-file.ts';
import type { FleetSarifUploads, RepositorySarif } from './sarif-uploads.ts';
import { NOT_STARTED, type PolicyUse, type RepositoryOutcome } from './rollup.ts';
import { StartGuard } from './start-guard.ts';
import type { StartPermit } from './start-permit.ts';
import { messageOf } from './error-text.ts';

/** An error kept in the roll-up is cut to this many characters: it is one cell of a table. */
const ERROR_BUDGET = 500;

/** What every repository's run shares: one client, one watcher, one permit, one ledger, one deadline. */
export interface FleetScope {
  client: ServiceClient;
  log: Logger;
  settings: Readonly<Settings>;
  policy: RunPolicy;
  watcher: ScanWatcher;
  permit: StartPermit;
  ledger: Ledger | undefined;
  deadline: RunDeadline;
  stopSignal: AbortSignal;
  now: () => number;
  /**
   * GitHub, when the face gave the fleet credentials: each repository's scan is then of its default branch's head
   * commit, read before the start. Undefined: the scan is of the ref (or default branch) as the service names it.
   */
  github: FleetGitHub | undefined;
  /** With `github`: each repository is judged by its own policy file at that commit. */
  repositoryPolicy: boolean;
  /** The night's date, for the suppressions' expiry (the same for every repository, and for merge --verify). */
  today: Date;
  /**
   * With `--upload-sarif` (and `github`): each judged repository's SARIF is queued here once its verdict is
   * recorded; `spill` holds on disk the pages of findings a policy made the judging read, until its upload.
   */
  uploads?: { queue: FleetSarifUploads; spill: SpillFile } | undefined;
}

/** The scan a repository's run has started (or adopted) and not yet seen end, kept in the ledger as it goes. */
class OpenScan implements ScanRecord {
  id: string | undefined;
  readonly #ledger: Ledger | undefined;
  readonly #repository: Repository;
  readonly #log: Logger;
  readonly #guard: StartGuard;

  constructor(scope: FleetScope, repository: Repository, guard: StartGuard) {
    this.#ledger = scope.ledger;
    this.#repository = repository;
    this.#log = scope.log;
    this.#guard = guard;
  }

  /** Recorded in the ledger; said in the log only for a start this run sent (an adoption has its own line). */
  scanId(id: string): void {
    this.id = id;
    this.#ledger?.started(this.#repository.id, id);
    if (!this.#guard.adopted(id)) this.#log.info(`${this.#repository.full_name}: Started scan ${id}`);
  }

  scanSettled(): void {
    if (this.id !== undefined) this.#ledger?.ended(this.#repository.id, this.id);
    this.id = undefined;
  }

  baselineScanId(): void {}
  baselineSettled(): void {}
}

/**
 * One repository of the fleet, judged through the one conductor (`runScan`) on the fleet's seams. Never throws:
 * a fault is this repository's outcome. A scan it leaves running (the deadline, a failed poll) is cancelled now:
 * no later step of the fleet would judge it.
 */
export async function scanRepository(repository: Repository, scope: FleetScope): Promise<RepositoryOutcome> {
  const { outcome, sarif } = await judgeRepository(repository, scope);
  scope.log.info(describeOutcome(outcome));
  // The verdict is recorded; the upload waits for its turn apart, holding no scan's slot.
  if (sarif !== undefined) scope.uploads?.queue.add(sarif);
  return outcome;
}

/** A repository's verdict, and its SARIF to upload when it was judged and uploads are on. */
interface Judged {
  outcome: RepositoryOutcome;
  sarif?: RepositorySarif | undefined;
}

async function judgeRepository(repository: Repository, scope: FleetScope): Promise<Judged> {
  const refusal = await scope.permit.refusal();
  if (refusal !== undefined) return { outcome: notStarted(repository, refusal) };
  const night = await prepareNight(repository, scope);
  if ('outcome' in night) return { outcome: night.outcome };
  const own = night.scope;
  const log = repositoryLog(scope.log, repository.full_name);
  const guard = startGuard(repository, own);
  const open = new OpenScan(own, repository, guard);
  const reading = findingReadingOf(own);
  const context = contextFor(repository, own, { log, record: open, guard, reading });
  try {
    const result = await runScan(context);
    const results = result.results;
    if (results === undefined || result.scan === undefined) throw new Error('the run judged no scan');
    const policy = night.judging && policyOf(night.judging, own.settings, result.policy);
    const outcome: RepositoryOutcome = {
      ...outcomeOf(repository, result.scan.id, result.scan.status),
      gate: results.verdict.passed ? 'passed' : 'failed',
      findings: { ...results.counts },
      ...night.facts,
      ...(policy === undefined ? {} : { policy }),
    };
    const sarif =
      own.uploads && night.head
        ? {
            repository: repository.full_name,
            ...night.head,
            report: { scan: result.scan, results },
            findings: reading ?? own.client,
            pageSize: own.settings.pageSize,
            filter: own.policy.filter,
            reported: result.report,
          }
        : undefined;
    return { outcome, sarif };
  } catch (error) {
    const outcome = await afterFault(repository, own, { log, open, progress: context.progress }, error);
    return { outcome: { ...outcome, ...night.facts } };
  }
}

/**
 * Where the run reads its findings when the repository's SARIF is uploaded after: under a policy, the judging
 * reads every finding whole, and the pages it reads are kept (on disk) for the SARIF, never asked for twice.
 * Without a policy the judging reads the report alone, and the SARIF reads its pages from the service.
 */
function findingReadingOf(scope: FleetScope): FindingSet | undefined {
  if (scope.uploads === undefined || !scope.policy.filter.active) return undefined;
  return new FindingSet(scope.client, true, { memoryBound: 0, spill: scope.uploads.spill });
}

/** A repository's night as GitHub shows it: the commit to scan, and how it is judged. */
interface Night {
  scope: FleetScope;
  judging: RepositoryJudging | undefined;
  /** The default branch and the commit scanned, as GitHub gave them; undefined without GitHub. */
  head?: { branch: string; commit: string } | undefined;
  /** What the roll-up says of it besides its verdict: the commit scanned. */
  facts: Pick<RepositoryOutcome, 'commit'>;
}

/**
 * Before the start, with GitHub: the default branch's head, which the scan is of, and the policy file at that
 * commit, which judges it. A repository GitHub does not show, or whose policy cannot be read or used, is not
 * judged, saying why: no scan is started for it.
 */
async function prepareNight(
  repository: Repository,
  scope: FleetScope,
): Promise<Night | { outcome: RepositoryOutcome }> {
  const github = scope.github;
  if (github === undefined) return { scope, judging: undefined, facts: {} };
  const signal = AbortSignal.any([scope.deadline.signal, scope.stopSignal]);
  const name = repository.full_name;
  let commit: string | null = null;
  try {
    const head = await readHead(github, name, signal);
    commit = head.commit;
    const read = scope.repositoryPolicy
      ? await readRepositoryPolicy(github, name, commit, signal)
      : undefined;
    const judging = scope.repositoryPolicy ? judgingOf(scope.settings, read, scope.today) : undefined;
    return { scope: repositoryScope(scope, commit, judging), judging, head, facts: { commit } };
  } catch (error) {
    const reason = error instanceof NotJudgedError ? error.message : whyGivenUp(scope, error);
    return { outcome: { ...notStarted(repository, reason), commit } };
  }
}

/**
 * The scope of one repository's run: its commit, its policy's settings, and its own deadline when its policy's
 * wait-timeout is shorter than what is left of the fleet's (never longer).
 */
function repositoryScope(
  scope: FleetScope,
  commit: string,
  judging: RepositoryJudging | undefined,
): FleetScope {
  const settings = { ...(judging?.settings ?? scope.settings), ref: commit };
  const ownMs = settings.waitTimeoutSeconds * 1000;
  const deadline = ownMs < scope.deadline.remainingMs() ? new RunDeadline(ownMs, scope.now) : scope.deadline;
  return { ...scope, settings, policy: judging?.policy ?? scope.policy, deadline };
}

/** The roll-up's account of the repository's policy file: null when the commit has none. */
function policyOf(
  judging: RepositoryJudging,
  settings: Readonly<Settings>,
  reported: ReportedPolicy | undefined,
): PolicyUse | null {
  if (judging.read === undefined) return null;
  const unused = new Set(reported?.unused ?? []);
  return policyUseOf(judging.read, judging.policy, {
    failOn: settings.failOn,
    covered: (suppression) => !unused.has(suppression.description),
    suppressed: reported?.suppressedCount ?? 0,
    outOfScope: reported?.outOfScopeCount ?? 0,
  });
}

/** One line a repository when it is judged (or not): a night of a thousand repositories reads as a thousand lines. */
function describeOutcome(outcome: RepositoryOutcome): string {
  const scan = outcome.scan_id === null ? '' : ` scan ${outcome.scan_id} ${outcome.status}:`;
  if (outcome.gate === null)
    return `${outcome.repository}:${scan} not judged: ${outcome.error ?? 'no reason given'}`;
  const counts = Object.entries(outcome.findings)
    .map(([severity, count]) => `${count} ${severity}`)
    .join(', ');
  const policy = outcome.policy ? ` by ${outcome.policy.path} (fail-on ${outcome.policy.fail_on})` : '';
  return `${outcome.repository}:${scan} gate ${outcome.gate}${policy} (${counts})`;
}

/**
 * A repository's run failed: a refused key stops the fleet's starts, and a scan left running is cancelled now,
 * as no later step of the fleet would judge it (its slot kept while the cancel fails: see endLeftScan).
 */
async function afterFault(
  repository: Repository,
  scope: FleetScope,
  run: { log: Logger; open: OpenScan; progress: RunContext['progress'] },
  error: unknown,
): Promise<RepositoryOutcome> {
  if (error instanceof AuthError && !(error instanceof PermissionDeniedError)) scope.permit.refuseKey(error);
  const left = run.open.id;
  if (left === undefined) return failedOutcome(repository, run.progress.scan, error);
  const reason = whyGivenUp(scope, error);
  const end = await endLeftScan(scope, left, run.log, () => {
    run.open.scanSettled();
  });
  return failedOutcome(
    repository,
    end.scan ?? run.progress.scan,
    new Error(describeLeftScan(left, reason, end)),
  );
}

/** Why a repository's run gave up on its scan, in the roll-up's words. */
function whyGivenUp(scope: FleetScope, error: unknown): string {
  if (scope.stopSignal.aborted) return 'the run was interrupted';
  if (scope.deadline.expired) return `wait-timeout (${scope.settings.waitTimeoutSeconds} s) ran out`;
  return messageOf(error);
}

/** The repository's starter: its start never sent twice, a scan adopted only when the service confirms it. */
function startGuard(repository: Repository, scope: FleetScope): StartGuard {
  return new StartGuard(
    {
      client: scope.client,
      ledger: scope.ledger,
      // The fleet's log, not the repository's debug lines: an adoption is said, as a start is.
      log: scope.log,
      stopSignal: scope.stopSignal,
      onKeyRefused: (error) => {
        scope.permit.refuseKey(error);
      },
      refusal: () => scope.permit.standingRefusal(),
    },
    repository,
  );
}

function contextFor(
  repository: Repository,
  scope: FleetScope,
  run: { log: Logger; record: ScanRecord; guard: StartGuard; reading: FindingSet | undefined },
): RunContext {
  const { log, record, guard, reading } = run;
  return {
    client: scope.client,
    settings: { ...scope.settings, repository: repository.full_name },
    log,
    record,
    signal: AbortSignal.any([scope.deadline.signal, scope.stopSignal]),
    stopSignal: scope.stopSignal,
    deadline: scope.deadline,
    now: scope.now,
    progress: { stage: 'repository', scan: undefined },
    // With uploads, the SARIF reads every finding at or above the floor after: the run reads whole pages for it.
    findingsNeed: { rows: 0, perSeverity: 0, wholePages: scope.uploads !== undefined },
    findingReading: reading,
    onScanStarted: () => Promise.resolve(undefined),
    change: undefined,
    policy: scope.policy,
    showsInsights: false,
    repository,
    scanWatcher: scope.watcher,
    scanStarter: guard,
    countsOnly: true,
    // Under a policy that leaves findings out, every count is of the findings it leaves in (merge --verify's too).
    wholeUnderPolicy: true,
  };
}

/**
 * A fault leaves the repository not judged, saying why. A scan that failed is not judged either (its findings are
 * missing: a broken scanner says nothing of the code), and its why names the modules that failed; it is no gate
 * failure, which would list a broken scanner among the vulnerable repositories.
 */
function failedOutcome(repository: Repository, scan: Scan | undefined, error: unknown): RepositoryOutcome {
  const status = error instanceof ScanInterruptedError ? (error.scanStatus ?? scan?.status) : scan?.status;
  const outcome = outcomeOf(repository, scan?.id ?? null, status ?? NOT_STARTED);
  if (error instanceof ScanEndedError && scan && classifyScanStatus(scan.status) === 'failed')
    return { ...outcome, error: failedScanError(scan) };
  const reason = messageOf(error);
  return {
    ...outcome,
    error: reason.length > ERROR_BUDGET ? `${reason.slice(0, ERROR_BUDGET - 1)}…` : reason,
  };
}

function notStarted(repository: Repository, reason: string): RepositoryOutcome {
  return { ...outcomeOf(repository, null, NOT_STARTED), error: reason };
}

function outcomeOf(repository: Repository, scanId: string | null, status: string): RepositoryOutcome {
  return {
    repository: repository.full_name,
    scan_id: scanId,
    status,
    gate: null,
    findings: zeroCounts(),
    error: null,
  };
}

/**
 * The log of one repository's run, each line naming its repository. Its step-by-step lines (each module's status)
 * are debug lines: the fleet's log says when each scan starts and how each repository ends, and `SVC_DEBUG` (or
 * the runner's step debug) shows the rest. Warnings stay warnings. Nothing is folded into groups.
 */
function repositoryLog(log: Logger, name: string): Logger {
  return {
    debug: (message) => {
      log.debug(`${name}: ${message}`);
    },
    info: (message) => {
      log.debug(`${name}: ${message}`);
    },
    warning: (message) => {
      log.warning(`${name}: ${message}`);
    },
    startGroup: () => undefined,
    endGroup: () => undefined,
  };
}
