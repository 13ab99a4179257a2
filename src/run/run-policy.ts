import type { Finding } from '../client/types.ts';
import type { FindingDismissals, FindingFilter } from '../domain/finding-filter.ts';

/** One suppression of the policy, as the run names it in its report. */
export interface PolicySuppression {
  /** Its index in the policy's `ignore:` list. */
  entry: number;
  /** Its name and reason for a message: `ignore[2] (CWE-79 in legacy/**): reason "…"`. */
  description: string;
  /** In force, past its `expires` date, or in force and expiring within 14 days. */
  state: 'active' | 'expired' | 'expiring';
}

/**
 * The repository's policy as one run applies it, built by the face that read it: which findings the gate
 * leaves out, which changed files are in scope, and what to say about the policy. The run never reads files.
 */
export interface RunPolicy {
  /** The policy's own suppressions and paths: applied before the comparison with the baseline. */
  filter: FindingFilter;
  /** Code scanning alerts a person dismissed: applied after the comparison, never to a new finding. */
  dismissals?: FindingDismissals | undefined;
  /** Whether a changed file lies in the policy's paths; undefined when every path is in scope. */
  inScope: ((path: string) => boolean) | undefined;
  suppressions: readonly PolicySuppression[];
  /** Where the policy that judges the run was read; undefined when there is no policy file. */
  source: string | undefined;
  /** What the change under review does to the policy, one sentence each. */
  change: readonly string[];
  /** False when the change is shown but another commit's policy judged the run (a fork's pull request). */
  changeApplied: boolean;
  paths: readonly string[];
  pathsIgnore: readonly string[];
  /** Warnings about the policy itself (an entry that expired, the other side's file that could not be read). */
  notes: readonly string[];
}

/**
 * The filter the gate counts through: the policy's, then its dismissals, which never cover a finding at the place
 * of one the comparison with the baseline classed as new.
 */
export function gateFilter(policy: RunPolicy, newFindings: readonly Finding[]): FindingFilter {
  return policy.dismissals ? policy.dismissals.after(policy.filter, newFindings) : policy.filter;
}
