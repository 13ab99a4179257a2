import type { FailOn } from '../domain/gate.ts';
import type { Severity } from '../client/severity.ts';

/**
 * Which repositories the fleet scans, before sharding: every one the key sees, a project's, or those matching
 * `owner/name` or glob patterns such as `acme/service-*` (against the service's full names); then less those
 * matching an `exclude` pattern (`!acme/legacy` without its `!`), when there are any.
 */
export type FleetSelection = (
  { kind: 'all' } | { kind: 'project'; projectId: string } | { kind: 'patterns'; patterns: readonly string[] }
) & { exclude?: readonly string[] };

/** This process's part of the fleet: shard `index` (1-based) of `count`. */
export interface ShardPart {
  index: number;
  count: number;
}

/** Everything `svc fleet scan` (and the action's `repositories:` mode) decides before the first request. */
export interface FleetOptions extends FleetRunOptions {
  selection: FleetSelection;
  shard: ShardPart | undefined;
}

/** What the fleet's run needs once the face has selected and sharded the repositories. */
export interface FleetRunOptions {
  /** Overrides every repository's `default_branch`. */
  ref: string | undefined;
  /** Scans in flight at once, never more. */
  concurrency: number;
  /** The first interval of the fleet's polling schedule, in seconds (fractions allowed). */
  pollIntervalSeconds: number;
  /** Bounds the whole fleet; at the deadline the scans still running that it started are cancelled. */
  waitTimeoutSeconds: number;
  /** A progress line to the log every this many seconds while the scans run, and one when the last ends; 0: none. */
  progressIntervalSeconds: number;
  /** No scan starts while the remaining credits are below this. */
  minCredits: number | undefined;
  /** JSON lines recording each start, so that a re-run never starts a repository's scan twice. */
  ledgerPath: string | undefined;
  /** The run as the ledger names it (fleetRunName): a ledger left unfinished by another run is refused. */
  ledgerRun?: string | undefined;
  /**
   * The CI run this is an attempt of (`--run-id`, else GITHUB_RUN_ID, else CI_PIPELINE_ID), or null: recorded in
   * the ledger and the roll-up, so that a re-run replays its ledger and a merge refuses another run's roll-up.
   */
  runId?: string | null | undefined;
  /**
   * The fleet's fail-on: it judges a repository without a policy file, and is the floor a repository's own file
   * may tighten, never loosen.
   */
  failOn: FailOn;
  severityThreshold: Severity;
  /**
   * Whether each repository is judged by its own policy file (`--repository-policy on|off`), read through the
   * GitHub the face gives (FleetIo.github); without it policy files are never read. Default: on with GitHub.
   */
  repositoryPolicy?: boolean | undefined;
  /**
   * Whether each judged repository's SARIF is uploaded to its code scanning (`--upload-sarif`, the action's
   * `upload-sarif` in fleet mode), for its default branch at the scanned commit. Needs GitHub (FleetIo.github).
   */
  uploadSarif?: boolean | undefined;
}
