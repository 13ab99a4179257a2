import type { JobStatus, RemediationRecord } from './records.ts';

/**
 * A remediation job is queued, then running, then ends as its outcome says: completed with a pull request, or
 * failed with a reason. Computed from the service time since the job was created.
 */
export interface RemediationState {
  readonly status: JobStatus;
  readonly prUrl: string;
  readonly branch: string;
  readonly failureReason: string | null;
}

export function remediationStateAt(job: RemediationRecord, now: number): RemediationState {
  const elapsed = now - job.startedAt;
  const queueMs = job.queueSeconds * 1000;
  if (elapsed < queueMs) return { status: 'queued', prUrl: '', branch: '', failureReason: null };
  if (elapsed < queueMs + job.durationSeconds * 1000) {
    return { status: 'running', prUrl: '', branch: '', failureReason: null };
  }
  if (job.outcome.kind === 'failed') {
    return { status: 'failed', prUrl: '', branch: '', failureReason: job.outcome.reason };
  }
  return { status: 'completed', prUrl: job.prUrl, branch: job.branch, failureReason: null };
}
