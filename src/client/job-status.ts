import type { Logger } from './logger.ts';
import type { AIAnalysis, RemediationJob } from './types.ts';

/**
 * The one place that decides when a scan, an AI analysis or a remediation job has finished (README, "Where
 * the spec is silent"). The spec names no status values; the service uses `queued`, `running`, `completed`,
 * `failed` and `cancelled` for scans, and the sets below also accept the spellings other services use.
 */

export type JobOutcome = 'succeeded' | 'failed' | 'cancelled' | 'running';

export const SUCCEEDED_STATUSES: readonly string[] = ['completed', 'succeeded', 'success', 'done'];
export const FAILED_STATUSES: readonly string[] = ['failed', 'error', 'errored'];
export const CANCELLED_STATUSES: readonly string[] = ['cancelled', 'canceled'];
/** Statuses known to mean "not finished yet"; any other non-terminal status is unknown and gets logged. */
export const RUNNING_STATUSES: readonly string[] = ['queued', 'pending', 'running', 'in_progress', 'created'];

/** Classifies one status string. Anything not terminal counts as still running. */
export function classifyStatus(status: string): JobOutcome {
  const normalized = status.trim().toLowerCase();
  if (SUCCEEDED_STATUSES.includes(normalized)) return 'succeeded';
  if (FAILED_STATUSES.includes(normalized)) return 'failed';
  if (CANCELLED_STATUSES.includes(normalized)) return 'cancelled';
  return 'running';
}

export function isKnownStatus(status: string): boolean {
  const normalized = status.trim().toLowerCase();
  return classifyStatus(normalized) !== 'running' || RUNNING_STATUSES.includes(normalized);
}

export function isTerminal(outcome: JobOutcome): boolean {
  return outcome !== 'running';
}

/** @alias The name the client's users know for a scan's status. */
export const classifyScanStatus = classifyStatus;

/** A module the scan did not run (not configured for the repository): it has no findings to miss. */
export const SKIPPED_STATUSES: readonly string[] = ['skipped'];

export type ModuleOutcome = JobOutcome | 'skipped';

/**
 * A scan module's status. Only `succeeded` and `skipped` leave the scan whole: a module that failed, was
 * cancelled or is still running when the scan completed is missing its findings.
 */
export function classifyModuleStatus(status: string): ModuleOutcome {
  return SKIPPED_STATUSES.includes(status.trim().toLowerCase()) ? 'skipped' : classifyStatus(status);
}

/** Whether a module of a completed scan delivered all it was going to: completed, or skipped. */
export function isModuleComplete(status: string): boolean {
  const outcome = classifyModuleStatus(status);
  return outcome === 'succeeded' || outcome === 'skipped';
}

/** Called with every status a classifier reads, so a poller can report the unknown ones. */
export type StatusObserver = (status: string) => void;

/**
 * An analysis's own `status` decides when present. Without one, it is done when it has agent runs and every
 * run has a terminal status: failed if any run failed, else cancelled if any was cancelled, else succeeded.
 */
export function classifyAiAnalysis(
  analysis: Pick<AIAnalysis, 'status' | 'agent_runs'>,
  observe?: StatusObserver,
): JobOutcome {
  if (hasStatus(analysis.status)) {
    observe?.(analysis.status);
    return classifyStatus(analysis.status);
  }
  const outcomes = analysis.agent_runs.map((run) => {
    observe?.(run.status);
    return classifyStatus(run.status);
  });
  if (outcomes.length === 0 || outcomes.includes('running')) return 'running';
  if (outcomes.includes('failed')) return 'failed';
  if (outcomes.includes('cancelled')) return 'cancelled';
  return 'succeeded';
}

/** A job's own `status` decides when present; without one, it is done once it has a pull request URL. */
export function classifyRemediation(
  job: Pick<RemediationJob, 'status' | 'pr_url'>,
  observe?: StatusObserver,
): JobOutcome {
  if (hasStatus(job.status)) {
    observe?.(job.status);
    return classifyStatus(job.status);
  }
  return typeof job.pr_url === 'string' && job.pr_url.length > 0 ? 'succeeded' : 'running';
}

/** Logs each unknown status once: a poller sees the same one on every poll, and once is enough to notice it. */
export function unknownStatusReporter(logger: Logger, what: string): StatusObserver {
  const reported = new Set<string>();
  return (status) => {
    if (isKnownStatus(status) || reported.has(status)) return;
    reported.add(status);
    logger.warning(`${what} has the unknown status "${status}"; waiting on as if it were still running`);
  };
}

function hasStatus(status: string | undefined): status is string {
  return typeof status === 'string' && status.trim().length > 0;
}
