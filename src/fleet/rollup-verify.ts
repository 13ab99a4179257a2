import type { FindingTally } from '../domain/finding-tally.ts';
import { AuthError, NotFoundError, classifyScanStatus, type ServiceClient } from '../client/index.ts';
import type { Repository, Scan } from '../client/types.ts';
import { evaluateGate, type FailOn } from '../domain/gate.ts';
import { SEVERITIES, type SeverityCounts } from '../domain/severity.ts';
import { collectScanResults } from '../run/findings-step.ts';
import { incompleteModules } from '../run/run-scan.ts';
import type { Settings } from '../run/settings.ts';
import { messageOf } from './error-text.ts';
import { failedScanError } from './failed-scan.ts';
import type { FleetGitHub } from './fleet-github.ts';
import { FLEET_MANIFEST } from './fleet-manifest.ts';
import { fleetSettings, stricterFailOn } from './fleet-settings.ts';
import { runPool } from './pool.ts';
import { scansOfRepository } from './repository-scans.ts';
import { judgingOf, policyUseOf, type RepositoryJudging } from './repository-judging.ts';
import { FLEET_POLICY_PATH, readRepositoryPolicy } from './repository-policy.ts';
import type { FleetRollUp, PolicyUse, RepositoryOutcome } from './rollup.ts';
import { totalsOf } from './rollup-build.ts';

/** What `merge --verify` asks of the service: the scans, their reports, and the findings a policy judges. */
export type VerifyReader = Pick<
  ServiceClient,
  'iterateRepositories' | 'getScan' | 'getScanReport' | 'listScans' | 'listFindings'
>;

/** Entries re-judged at once: the merge job's reads, bounded like any client's. */
const VERIFY_CONCURRENCY = 16;

/** The fleet's floor when the merge is given none: the fleet's default fail-on. */
const FLEET_DEFAULT_FAIL_ON: FailOn = FLEET_MANIFEST.failOn.parse(
  FLEET_MANIFEST.failOn.default,
  {
    invalid: (given) => {
      throw new Error(`The fleet's default fail-on ${given} is not a fail-on.`);
    },
  },
  undefined,
);

/** An entry the service (or GitHub) does not bear out: reported not judged, with why. */
class Unconfirmed extends Error {}

/**
 * A merged roll-up re-judged against the service (`svc fleet merge --verify`): each judged entry's scan read
 * again (`GET /scans/{id}`, and `/report` once it completed), found to be the repository's (its repository_id, or
 * the repository's own listing when the scan does not say) and of the entry's commit (else the run's ref), and its
 * counts and verdict recomputed by the fleet's own code. An entry judged by a policy file is re-judged by that
 * file, read again through `github` at the entry's commit (it must be the blob the entry names), with the findings
 * its suppressions and paths need. An entry that does not match is not judged, saying why, so a roll-up written by
 * hand or left by another night never passes. Without `github`, an entry of a night that read policy files keeps
 * its pass only when the service's own counts pass its fail-on too (suppressions and paths only remove findings),
 * and the roll-up's `verified` is false. Every entry is judged at the stricter of `floor` (the fleet's fail-on,
 * given to the merge) and the roll-up's own, which anyone may have written; a suppression is in force by the
 * scan's date as the service gives it (else the later of the night's start and now), never the roll-up's alone.
 * One listing of the repositories serves every entry.
 */
export async function verifyRollUp(
  rollUp: FleetRollUp,
  reader: VerifyReader,
  signal: AbortSignal,
  github?: FleetGitHub,
  floor: FailOn = FLEET_DEFAULT_FAIL_ON,
): Promise<FleetRollUp> {
  const repositories = new Map<string, Repository>();
  for await (const repository of reader.iterateRepositories({}, { signal }))
    repositories.set(repository.full_name.toLowerCase(), repository);
  const failOn = stricterFailOn(floor, rollUp.fail_on);
  const scope: VerifyScope = {
    reader,
    signal,
    repositories,
    failOn,
    ref: rollUp.ref,
    repositoryPolicy: rollUp.repository_policy,
    fleet: verifySettings(rollUp.ref, failOn),
    startedAt: rollUp.started_at === null ? undefined : new Date(rollUp.started_at),
    github,
  };
  const checked = await runPool(rollUp.repositories, VERIFY_CONCURRENCY, (entry) =>
    verifyEntry(entry, scope),
  );
  const verified = checked.map(({ entry }) => entry);
  const whole = checked.every((check) => check.rejudged);
  return { ...rollUp, repositories: verified, totals: totalsOf(verified), verified: whole };
}

/** The fleet's settings the entries are judged by: its ref and fail-on; nothing else changes a count. */
function verifySettings(ref: string | null, failOn: FailOn): Readonly<Settings> {
  return fleetSettings({
    ref: ref ?? undefined,
    concurrency: 1,
    pollIntervalSeconds: 2,
    waitTimeoutSeconds: 600,
    progressIntervalSeconds: 0,
    minCredits: undefined,
    ledgerPath: undefined,
    failOn,
    severityThreshold: 'info',
  });
}

interface VerifyScope {
  reader: VerifyReader;
  signal: AbortSignal;
  repositories: ReadonlyMap<string, Repository>;
  failOn: FailOn;
  ref: string | null;
  /** Whether the night read policy files, as the roll-up says; null when it does not say (written before). */
  repositoryPolicy: boolean | null;
  fleet: Readonly<Settings>;
  /** The night's start as the roll-up says: only ever moves the date suppressions are judged on later. */
  startedAt: Date | undefined;
  github: FleetGitHub | undefined;
}

/** An entry as verified, and whether it was re-judged (false: checked, but its policy could not be read again). */
interface Checked {
  entry: RepositoryOutcome;
  rejudged: boolean;
}

/** One entry as the service bears it out; one not judged (a failed scan's too) stays so: it passes nothing. */
async function verifyEntry(entry: RepositoryOutcome, scope: VerifyScope): Promise<Checked> {
  if (entry.gate === null || entry.scan_id === null) return { entry, rejudged: true };
  try {
    // A policy named on a night that read none was written in: its suppressions judge nothing.
    if (entry.policy !== undefined && scope.repositoryPolicy === false)
      throw new Unconfirmed(
        'the roll-up names a policy file, but its night read none (repository_policy is false)',
      );
    const scan = await confirmedScan(entry, entry.scan_id, scope);
    // A night that read policy files: without GitHub, its policy cannot be read again, nor the entry re-judged.
    if (entry.policy !== undefined && scope.github === undefined) {
      await confirmWithoutPolicy(entry, scan, scope);
      return { entry: { ...entry, status: scan.status }, rejudged: false };
    }
    const judged = await judgeAgain(entry, scan, scope);
    const problem = disagreement(entry, judged);
    if (problem !== undefined) throw new Unconfirmed(problem);
    const policy = judged.policy === undefined ? {} : { policy: judged.policy };
    return { entry: { ...entry, status: scan.status, ...policy }, rejudged: true };
  } catch (error) {
    // A refused key, or the user's stop, ends the merge: it says nothing of one entry.
    if (scope.signal.aborted || error instanceof AuthError) throw error;
    return { entry: { ...entry, gate: null, error: `Not verified: ${messageOf(error)}` }, rejudged: true };
  }
}

interface Judged {
  gate: 'passed' | 'failed';
  findings: SeverityCounts;
  /** The policy's account, for an entry of a night that read policy files. */
  policy: PolicyUse | null | undefined;
}

/** The entry's scan as the service shows it now: the repository's, of the entry's commit, completed. */
async function confirmedScan(entry: RepositoryOutcome, scanId: string, scope: VerifyScope): Promise<Scan> {
  const repository = scope.repositories.get(entry.repository.toLowerCase());
  if (repository === undefined)
    throw new Unconfirmed(`the service lists no repository ${entry.repository} for the key`);
  const scan = await scope.reader.getScan(scanId, { signal: scope.signal }).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new Unconfirmed(`the service has no scan ${scanId}`);
    throw error;
  });
  await confirmOwner(scan, repository, scope);
  confirmRef(scan, entry, entry.commit ?? scope.ref ?? repository.default_branch);
  const kind = classifyScanStatus(scan.status);
  // A failed scan judges nothing (its entry is not judged): a judged entry of one is no verdict of the service's.
  if (kind === 'failed') throw new Unconfirmed(`the roll-up says ${entry.gate}; ${failedScanError(scan)}`);
  if (kind !== 'succeeded')
    throw new Unconfirmed(`the roll-up says ${entry.gate}; the service's scan ${scanId} is ${scan.status}`);
  return scan;
}

/**
 * An entry judged by a policy, checked without GitHub: its pass stands only when the service's counts, with no
 * suppression and no path left out (which only remove findings), pass its fail-on too (never looser than the
 * fleet's). A failure stands as written: it passes nothing.
 */
async function confirmWithoutPolicy(entry: RepositoryOutcome, scan: Scan, scope: VerifyScope): Promise<void> {
  if (entry.gate !== 'passed') return;
  const failOn = stricterFailOn(scope.failOn, entry.policy?.fail_on ?? scope.failOn);
  const settings = verifySettings(scope.ref, failOn);
  const { counts, passed } = await countsOf(
    judgingOf(settings, undefined, judgedOn(scan, scope)),
    scan,
    scope,
  );
  if (!passed)
    throw new Unconfirmed(
      `the roll-up says passed under its policy; the service's report has ${countsText(counts)} at fail-on ${failOn}, and re-judging its policy needs GitHub read access`,
    );
}

/** The scan's counts under a judging, and whether they pass its fail-on. */
async function countsOf(
  judging: RepositoryJudging,
  scan: Scan,
  scope: VerifyScope,
): Promise<{ counts: SeverityCounts; passed: boolean; tally: FindingTally }> {
  const { tally } = await collectScanResults(
    scope.reader,
    scan.id,
    judging.settings,
    scope.signal,
    { rows: 0, perSeverity: 0, countsOnly: true, wholeUnderPolicy: true },
    judging.policy.filter,
  );
  const verdict = evaluateGate(tally.counts, judging.settings.failOn, incompleteModules(scan));
  return { counts: tally.counts, passed: verdict.passed, tally };
}

/**
 * The date a suppression is judged in force on: the scan's own, as the service gives it; else the later of the
 * night's start and now (later only ends suppressions, so a backdated roll-up revives none).
 */
function judgedOn(scan: Scan, scope: VerifyScope): Date {
  const created = scan.created_at === undefined ? Number.NaN : Date.parse(scan.created_at);
  if (!Number.isNaN(created)) return new Date(created);
  const now = Date.now();
  const started = scope.startedAt?.getTime() ?? now;
  return new Date(Math.max(started, now));
}

/** The entry's scan judged again from what the service says of it now, by the policy read again. */
async function judgeAgain(entry: RepositoryOutcome, scan: Scan, scope: VerifyScope): Promise<Judged> {
  const judging = await judgingAgain(entry, judgedOn(scan, scope), scope);
  const { tally, passed } = await countsOf(judging, scan, scope);
  const failOn = judging.settings.failOn;
  const policy =
    entry.policy === undefined
      ? undefined
      : judging.read === undefined
        ? null
        : policyUseOf(judging.read, judging.policy, {
            failOn,
            covered: (suppression) => tally.matchedSuppressions.has(suppression.entry),
            suppressed: tally.suppressedCount,
            outOfScope: tally.outOfScopeCount,
          });
  return { gate: passed ? 'passed' : 'failed', findings: tally.counts, policy };
}

/**
 * How the entry is judged again: by the fleet's fail-on when its night read no policy file; else by the file at
 * its commit, read through GitHub, which must be what the entry names (the same blob, or no file at all).
 */
async function judgingAgain(
  entry: RepositoryOutcome,
  today: Date,
  scope: VerifyScope,
): Promise<RepositoryJudging> {
  if (entry.policy === undefined || scope.github === undefined)
    return judgingOf(scope.fleet, undefined, today);
  const commit = entry.commit;
  if (commit === undefined || commit === null)
    throw new Unconfirmed('the roll-up names a policy but not the commit it was read at');
  if (entry.policy !== null && entry.policy.path !== FLEET_POLICY_PATH)
    throw new Unconfirmed(
      `the roll-up names the policy file ${entry.policy.path}; the fleet reads ${FLEET_POLICY_PATH}`,
    );
  const read = await readRepositoryPolicy(scope.github, entry.repository, commit, scope.signal);
  const named = entry.policy === null ? 'no policy file' : `blob ${entry.policy.blob_sha}`;
  const found = read === undefined ? 'no policy file' : `blob ${read.blobSha}`;
  if (named !== found)
    throw new Unconfirmed(
      `the roll-up names ${named} at ${commit}; GitHub has ${found} at ${FLEET_POLICY_PATH}`,
    );
  return judgingOf(scope.fleet, read, today);
}

/** The scan is the repository's: its repository_id, else its place in the repository's listing. */
async function confirmOwner(scan: Scan, repository: Repository, scope: VerifyScope): Promise<void> {
  const name = repository.full_name;
  if (scan.repository_id !== undefined && scan.repository_id !== repository.id)
    throw new Unconfirmed(`scan ${scan.id} is of repository_id ${scan.repository_id}, not of ${name}`);
  if (scan.repository_id === undefined) {
    const listed = await scansOfRepository(scope.reader, repository.id, scope.signal);
    if (!listed.some((one) => one.id === scan.id))
      throw new Unconfirmed(`the service does not list scan ${scan.id} among the scans of ${name}`);
  }
}

/**
 * The scan is of `ref`. An entry naming its commit (which chose the policy it was judged by) needs the service to
 * say the scan's ref: the roll-up's word alone could name an older commit, with a laxer policy.
 */
function confirmRef(scan: Scan, entry: RepositoryOutcome, ref: string): void {
  if (scan.ref === undefined) {
    if (typeof entry.commit === 'string')
      throw new Unconfirmed(
        `the roll-up names commit ${entry.commit}; the service's scan ${scan.id} names no ref to bear it out`,
      );
    return;
  }
  if (scan.ref !== ref) throw new Unconfirmed(`scan ${scan.id} is of ref ${scan.ref}, not of ${ref}`);
}

/** What the entry says that the re-judgement does not, in words; undefined when they agree. */
function disagreement(entry: RepositoryOutcome, judged: Judged): string | undefined {
  const service = judged.policy
    ? `under its policy, the service's findings count ${countsText(judged.findings)}`
    : `the service's report has ${countsText(judged.findings)}`;
  const claimed = entry.policy?.fail_on;
  const found = judged.policy?.fail_on;
  if (claimed !== found)
    return `the roll-up says fail-on ${claimed ?? 'none given'}; its policy says ${found ?? 'none'}`;
  if (entry.gate !== judged.gate) return `the roll-up says ${entry.gate ?? 'not judged'}; ${service}`;
  const findings = judged.findings;
  if (SEVERITIES.some((severity) => entry.findings[severity] !== findings[severity]))
    return `the roll-up counts ${countsText(entry.findings)}; ${service}`;
  return undefined;
}

function countsText(counts: SeverityCounts): string {
  const some = SEVERITIES.filter((severity) => counts[severity] > 0);
  return some.length === 0
    ? 'no finding'
    : some.map((severity) => `${counts[severity]} ${severity}`).join(', ');
}
