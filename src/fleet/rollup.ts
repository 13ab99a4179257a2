import type { Severity } from '../client/severity.ts';
import type { FailOn } from '../domain/gate.ts';

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
  /** Every repository without a verdict, those whose scan failed included. */
  not_judged: number;
  /** Of those not judged, the repositories whose scan failed (a broken scanner, not vulnerable code). */
  scan_failed: number;
  findings: SeverityCounts;
}

/** Why a run stopped before every repository was judged, as `FleetRunResult.stoppedBy` says it. */
export type StoppedBy = 'key-refused' | 'interrupted';

/** What `svc fleet scan --json` prints, `--output` writes and `svc fleet merge` reads. */
export interface FleetRollUp {
  /** `"i/n"` for one shard's roll-up, null for a whole fleet (unsharded, or merged). */
  shard: string | null;
  /**
   * The CI run this is (of) (`--run-id`, GITHUB_RUN_ID, CI_PIPELINE_ID), null outside one: `svc fleet merge`
   * refuses roll-ups of different runs. Null on a roll-up written before run ids.
   */
  run_id: string | null;
  /** When the run started and ended, UTC (`YYYY-MM-DDTHH:MM:SSZ`); null on a roll-up written before them. */
  started_at: string | null;
  finished_at: string | null;
  /** The ref every repository was scanned at (`--ref`); null: each repository's default branch. */
  ref: string | null;
  /**
   * On a merged roll-up: whether `merge --verify` re-judged every entry against the service (true) or the shards'
   * files were taken as written (false). Null on a roll-up that was not merged.
   */
  verified: boolean | null;
  repositories: RepositoryOutcome[];
  totals: RollUpTotals;
  /** The gate's fail-on that judged every repository (repository policy files are not read in this version). */
  fail_on: FailOn;
  /** Why the run stopped early (a refused key: exit 3; Ctrl-C: exit 130), null when it did not. */
  stopped_by: StoppedBy | null;
  /**
   * On a shard's roll-up, the full names of the whole selection before sharding: `svc fleet merge
   * --allow-missing` finds in it the repositories of a shard whose roll-up is missing. Null on a whole fleet's.
   */
  selected: string[] | null;
  /** On a merged roll-up, the shards (`"i/n"`) whose roll-ups were missing (`--allow-missing`); else empty. */
  missing_shards: string[];
}
