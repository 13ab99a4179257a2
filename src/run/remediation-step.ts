import { AuthError, PollTimeoutError, type ServiceClient } from '../client/index.ts';
import type { RemediationJob } from '../client/types.ts';
import type { ReportedFinding } from '../domain/finding-tally.ts';
import type { RemediationOutcome } from '../domain/remediation.ts';

export interface RemediationOptions {
  intervalMs: number;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * Starts one remediation job per target and polls them concurrently. A job that cannot be started or ends
 * without a pull request becomes an outcome with the reason, never an exception: remediation is a service to
 * the user, and its problems are reported without hiding the gate's verdict.
 */
export async function runRemediations(
  client: ServiceClient,
  targets: readonly ReportedFinding[],
  options: RemediationOptions,
): Promise<RemediationOutcome[]> {
  return Promise.all(targets.map((target) => remediateOne(client, target, options)));
}

async function remediateOne(
  client: ServiceClient,
  target: ReportedFinding,
  options: RemediationOptions,
): Promise<RemediationOutcome> {
  const base = { findingId: target.id, title: target.title, severity: target.severity };
  let job: RemediationJob;
  try {
    job = await client.remediateFinding(target.id, { signal: options.signal });
  } catch (error) {
    if (options.signal.aborted)
      return { ...base, ...leftUnfinished(null), problem: 'the job was not started in time' };
    return { ...base, jobId: null, prUrl: '', branch: '', problem: describeStartFailure(error) };
  }
  try {
    const done = hasPullRequest(job)
      ? job
      : await client.waitForRemediation(job.id, {
          intervalMs: options.intervalMs,
          timeoutMs: options.timeoutMs,
          signal: options.signal,
        });
    if (hasPullRequest(done)) {
      return { ...base, jobId: done.id, prUrl: done.pr_url ?? '', branch: done.branch ?? '', problem: null };
    }
    const strangeUrl = done.pr_url ? ` (its pull request address is not an http(s) URL)` : '';
    const reason = done.failure_reason ? `: ${done.failure_reason}` : strangeUrl;
    const status = done.status ? ` (${done.status})` : '';
    return {
      ...base,
      jobId: done.id,
      prUrl: '',
      branch: done.branch ?? '',
      problem: `the job ended without a pull request${status}${reason}`,
    };
  } catch (error) {
    if (options.signal.aborted || error instanceof PollTimeoutError) {
      return { ...base, ...leftUnfinished(job.id), problem: 'the job had not finished in time' };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ...base, jobId: job.id, prUrl: '', branch: '', problem: `the job did not finish: ${reason}` };
  }
}

/** A job the run stopped waiting for at its deadline: not a failure of the job, which may still finish. */
function leftUnfinished(
  jobId: string | null,
): Pick<RemediationOutcome, 'jobId' | 'prUrl' | 'branch' | 'unfinished'> {
  return { jobId, prUrl: '', branch: '', unfinished: true };
}

/** Only an http(s) address counts as a pull request; anything else is shown as the problem it is. */
function hasPullRequest(job: RemediationJob): boolean {
  return typeof job.pr_url === 'string' && /^https?:\/\/\S+$/i.test(job.pr_url);
}

function describeStartFailure(error: unknown): string {
  if (error instanceof AuthError && error.statusCode === 403) {
    return 'the API key may not start remediations (403): use a key with the member role or higher, or set remediate: false';
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `the job could not be started: ${reason}`;
}
