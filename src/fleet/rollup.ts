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
  /**
   * The commit scanned: the default branch's head as GitHub gave it before the start. Absent when the fleet asked
   * GitHub nothing (no GitHub credentials); null when it was not learnt (GitHub could not show the repository).
   */
  commit?: string | null;
  /**
   * The repository's policy file that judged it; null when the scanned commit has none (the fleet's fail-on
   * judged it). Absent when policy files were not read (off, no GitHub credentials, or not reached).
   */
  policy?: PolicyUse | null;
  /** The upload of the repository's SARIF to its code scanning; absent when none was asked for. */
  code_scanning?: CodeScanningUpload;
}

/** One entry of a policy's `ignore:` list, as the roll-up names it. */
export interface SuppressionUse {
  /** Its index in `ignore:`. */
  entry: number;
  /** Its name, line, expiry and reason: `ignore[0] (CWE-79, in legacy/**) at line 4, expires …; reason: …`. */
  description: string;
}

/** What a repository's policy file decided of its night. */
export interface PolicyUse {
  /** The file's path in the repository, and its blob SHA at the scanned commit. */
  path: string;
  blob_sha: string;
  /** The fail-on that judged the repository: the file's, never looser than the fleet's. */
  fail_on: FailOn;
  /** Findings its suppressions took out of the gate, and findings outside its paths. */
  suppressed: number;
  out_of_scope: number;
  /** The suppressions in force that covered a finding, and those past their expiry (applied no more). */
  suppressions_applied: SuppressionUse[];
  suppressions_expired: SuppressionUse[];
  /** The keys the file sets that the fleet does not apply at night, in the file's order. */
  ignored_keys: string[];
}

/** A repository's SARIF uploaded to its code scanning, as GitHub answered. */
export interface CodeScanningUpload {
  /** GitHub's id of the upload; null when none was made (refused, or left pending at the deadline). */
  sarif_id: string | null;
  /** GitHub's processing status (`pending`, `complete`, `failed`), or why no upload was made (`not-uploaded`). */
  processing_status: string;
  /** The repository's code scanning alerts on GitHub; null when not known. */
  alerts_url: string | null;
  /** Why the upload failed or was not made; null when it did not. */
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

/** A repository judged both nights whose findings changed: the change by severity (only the severities that moved). */
export interface CountChange {
  repository: string;
  change: Partial<Record<Severity, number>>;
}

/**
 * What changed since the roll-up given to `--compare` (the night before), in full names. A shard's roll-up is
 * compared with that roll-up's repositories of the same shard only.
 */
export interface RollUpChanges {
  /** The roll-up compared with: its run and when it started (null on a roll-up written before them). */
  compared_with: { run_id: string | null; started_at: string | null };
  /** Failing the gate now; passed, not judged or absent before. */
  newly_failing: string[];
  /** Passing the gate now; failed before. */
  newly_passing: string[];
  /** Judged before, not judged now. */
  newly_not_judged: string[];
  /** In the previous roll-up, not in this one. */
  no_longer_scanned: string[];
  /** In this roll-up, not in the previous one (in newly_failing too when they fail). */
  new_repositories: string[];
  /** Judged both times, more findings of some severity now. */
  counts_up: CountChange[];
  /** Judged both times, fewer findings of some severity now (and none more). */
  counts_down: CountChange[];
  /** The fleet's findings now minus before, by severity. */
  findings_delta: SeverityCounts;
  /** The two fail-ons when they differ (a verdict may then have changed with the gate, not the code); else null. */
  fail_on: { previous: FailOn; now: FailOn } | null;
}

/** The roll-up's format: 2 since it has `format` at all; a roll-up without it is of format 1 and still read. */
export const ROLL_UP_FORMAT = 2;

/** Why a run stopped before every repository was judged, as `FleetRunResult.stoppedBy` says it. */
export type StoppedBy = 'key-refused' | 'interrupted';

/** What `svc fleet scan --json` prints, `--output` writes and `svc fleet merge` reads. */
export interface FleetRollUp {
  /** ROLL_UP_FORMAT; schemas/fleet-roll-up.schema.json describes it. */
  format: typeof ROLL_UP_FORMAT;
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
   * Whether the night read each repository's policy file (`--repository-policy on|off`, and GitHub credentials):
   * on a night that did not, no entry may name a policy (`merge` refuses one that does, `--verify` judges it not).
   * Null on a roll-up written before it was recorded.
   */
  repository_policy: boolean | null;
  /**
   * On a merged roll-up: whether `merge --verify` re-judged every entry against the service (true) or the shards'
   * files were taken as written (false). Null on a roll-up that was not merged.
   */
  verified: boolean | null;
  repositories: RepositoryOutcome[];
  totals: RollUpTotals;
  /**
   * The fleet's fail-on: it judged every repository without a policy file, and is the floor a repository's own
   * file may tighten, never loosen (`policy.fail_on` of each entry).
   */
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
  /** What changed since the roll-up given to `--compare`; null without it. */
  changes: RollUpChanges | null;
}
