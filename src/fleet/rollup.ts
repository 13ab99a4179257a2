import type { Severity } from '../client/severity.ts';

/** Findings of one repository (or of the whole fleet) by severity; every severity is present. */
export type SeverityCounts = Record<Severity, number>;

/** The status of a repository that no scan was started for (left for lack of credits, at the deadline, …). */
export const NOT_STARTED = 'not-started';

/**
 * One repository of the fleet, as the roll-up reports it. `gate` is null when the repository could not be
 * judged, and `error` then says why; `error` is null when it was judged.
 */
export interface RepositoryOutcome {
  /** The service's full name, `owner/name`. */
  repository: string;
  /** Null when no scan was started (or adopted) for it. */
  scan_id: string | null;
  /** The scan's last status as the service showed it, or `not-started`. */
  status: string;
  gate: 'passed' | 'failed' | null;
  findings: SeverityCounts;
  error: string | null;
}

export interface RollUpTotals {
  repositories: number;
  passed: number;
  failed: number;
  not_judged: number;
  findings: SeverityCounts;
}

/** What `svc fleet scan --json` prints, `--output` writes and `svc fleet merge` reads. */
export interface FleetRollUp {
  /** `"i/n"` for one shard's roll-up, null for a whole fleet (unsharded, or merged). */
  shard: string | null;
  repositories: RepositoryOutcome[];
  totals: RollUpTotals;
}
