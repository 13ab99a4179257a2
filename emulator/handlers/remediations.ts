import { notFound } from '../errors.ts';
import type { RemediationRecord } from '../records.ts';
import { remediationStateAt } from '../remediation-progress.ts';
import { ok, type Handler } from '../request-context.ts';

export const getRemediation: Handler = ({ principal, store, params, now }) => {
  const id = params.id ?? '';
  const job = store.remediation(principal.org.id, id);
  if (!job) throw notFound('remediation', id);
  return ok(remediationWire(job, now));
};

export function remediationWire(job: RemediationRecord, now: number): Record<string, unknown> {
  const state = remediationStateAt(job, now);
  return {
    id: job.id,
    finding_id: job.findingId,
    scan_id: job.scanId,
    status: state.status,
    pr_url: state.prUrl,
    branch: state.branch,
    failure_reason: state.failureReason,
    created_at: job.createdAt,
  };
}
