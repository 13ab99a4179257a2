import { AuthError, NotFoundError, classifyScanStatus, type ServiceClient } from '../client/index.ts';
import type { Repository, Scan } from '../client/types.ts';
import { evaluateGate, type FailOn } from '../domain/gate.ts';
import { SEVERITIES, type SeverityCounts } from '../domain/severity.ts';
import { resultsOfReport } from '../run/findings-step.ts';
import { incompleteModules } from '../run/run-scan.ts';
import { messageOf } from './error-text.ts';
import type { FleetGitHub } from './fleet-github.ts';
import { failedScanError } from './failed-scan.ts';
import { runPool } from './pool.ts';
import { scansOfRepository } from './repository-scans.ts';
import type { FleetRollUp, RepositoryOutcome } from './rollup.ts';
import { totalsOf } from './rollup-build.ts';

/** What `merge --verify` asks of the service. */
export type VerifyReader = Pick<
  ServiceClient,
  'iterateRepositories' | 'getScan' | 'getScanReport' | 'listScans'
>;

/** Entries re-judged at once: the merge job's reads, bounded like any client's. */
const VERIFY_CONCURRENCY = 16;

/** An entry the service does not bear out: reported not judged, with why. */
class Unconfirmed extends Error {}

/**
 * A merged roll-up re-judged against the service (`svc fleet merge --verify`): each judged entry's scan read
 * again (`GET /scans/{id}`, and `/report` once it completed), found to be the repository's (its repository_id, or
 * the repository's own listing when the scan does not say) and of the run's ref, and its counts and verdict
 * recomputed with the roll-up's fail_on by the fleet's own code. An entry that does not match is not judged,
 * saying why, so a roll-up written by hand or left by another night never passes. One listing of the
 * repositories serves every entry. `github`, when the merge was given GitHub credentials, reads again the policy
 * an entry was judged by.
 */
export async function verifyRollUp(
  rollUp: FleetRollUp,
  reader: VerifyReader,
  signal: AbortSignal,
  _github?: FleetGitHub,
): Promise<FleetRollUp> {
  const repositories = new Map<string, Repository>();
  for await (const repository of reader.iterateRepositories({}, { signal }))
    repositories.set(repository.full_name.toLowerCase(), repository);
  const check = (entry: RepositoryOutcome): Promise<RepositoryOutcome> =>
    verifyEntry(entry, { reader, signal, repositories, failOn: rollUp.fail_on, ref: rollUp.ref });
  const verified = await runPool(rollUp.repositories, VERIFY_CONCURRENCY, check);
  return { ...rollUp, repositories: verified, totals: totalsOf(verified), verified: true };
}

interface VerifyScope {
  reader: VerifyReader;
  signal: AbortSignal;
  repositories: ReadonlyMap<string, Repository>;
  failOn: FailOn;
  ref: string | null;
}

/** One entry as the service bears it out; one not judged (a failed scan's too) stays so: it passes nothing. */
async function verifyEntry(entry: RepositoryOutcome, scope: VerifyScope): Promise<RepositoryOutcome> {
  if (entry.gate === null || entry.scan_id === null) return entry;
  try {
    const judged = await judgeAgain(entry, entry.scan_id, scope);
    const problem = disagreement(entry, judged);
    if (problem !== undefined) throw new Unconfirmed(problem);
    return { ...entry, status: judged.status };
  } catch (error) {
    // A refused key, or the user's stop, ends the merge: it says nothing of one entry.
    if (scope.signal.aborted || error instanceof AuthError) throw error;
    return { ...entry, gate: null, error: `Not verified: ${messageOf(error)}` };
  }
}

interface Judged {
  status: string;
  gate: 'passed' | 'failed';
  findings: SeverityCounts;
}

/** The entry's scan judged again from what the service says of it now. */
async function judgeAgain(entry: RepositoryOutcome, scanId: string, scope: VerifyScope): Promise<Judged> {
  const repository = scope.repositories.get(entry.repository.toLowerCase());
  if (repository === undefined)
    throw new Unconfirmed(`the service lists no repository ${entry.repository} for the key`);
  const scan = await scope.reader.getScan(scanId, { signal: scope.signal }).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new Unconfirmed(`the service has no scan ${scanId}`);
    throw error;
  });
  await confirmOwner(scan, repository, scope);
  const kind = classifyScanStatus(scan.status);
  // A failed scan judges nothing (its entry is not judged): a judged entry of one is no verdict of the service's.
  if (kind === 'failed') throw new Unconfirmed(`the roll-up says ${entry.gate}; ${failedScanError(scan)}`);
  if (kind !== 'succeeded')
    throw new Unconfirmed(`the roll-up says ${entry.gate}; the service's scan ${scanId} is ${scan.status}`);
  const report = await scope.reader.getScanReport(scanId, { signal: scope.signal });
  const counts = resultsOfReport(report, scanId, { severityThreshold: 'info', failOn: scope.failOn }).tally
    .counts;
  const verdict = evaluateGate(counts, scope.failOn, incompleteModules(scan));
  return { status: scan.status, gate: verdict.passed ? 'passed' : 'failed', findings: counts };
}

/** The scan is the repository's (its repository_id, else its place in the repository's listing) and of the run's ref. */
async function confirmOwner(scan: Scan, repository: Repository, scope: VerifyScope): Promise<void> {
  const name = repository.full_name;
  if (scan.repository_id !== undefined && scan.repository_id !== repository.id)
    throw new Unconfirmed(`scan ${scan.id} is of repository_id ${scan.repository_id}, not of ${name}`);
  if (scan.repository_id === undefined) {
    const listed = await scansOfRepository(scope.reader, repository.id, scope.signal);
    if (!listed.some((one) => one.id === scan.id))
      throw new Unconfirmed(`the service does not list scan ${scan.id} among the scans of ${name}`);
  }
  const ref = scope.ref ?? repository.default_branch;
  if (scan.ref !== undefined && scan.ref !== ref)
    throw new Unconfirmed(`scan ${scan.id} is of ref ${scan.ref}, not of ${ref}`);
}

/** What the entry says that the service's judgement does not, in words; undefined when they agree. */
function disagreement(entry: RepositoryOutcome, judged: Judged): string | undefined {
  const service = `the service's report has ${countsText(judged.findings)}`;
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
