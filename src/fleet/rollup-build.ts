import { SEVERITIES, zeroCounts } from '../domain/severity.ts';
import type { FailOn } from '../domain/gate.ts';
import { isScanFailed } from './failed-scan.ts';
import type { FleetRunResult } from './run-fleet.ts';
import { utcSecond } from './utc-time.ts';
import {
  ROLL_UP_FORMAT,
  type FleetRollUp,
  type RepositoryOutcome,
  type RollUpTotals,
  type SeverityCounts,
} from './rollup.ts';

/** The totals of a set of outcomes: each repository counted once, findings summed by severity. */
export function totalsOf(outcomes: readonly RepositoryOutcome[]): RollUpTotals {
  const findings = zeroCounts();
  for (const outcome of outcomes) addCounts(findings, outcome.findings);
  return {
    repositories: outcomes.length,
    passed: outcomes.filter((outcome) => outcome.gate === 'passed').length,
    failed: outcomes.filter((outcome) => outcome.gate === 'failed').length,
    not_judged: outcomes.filter((outcome) => outcome.gate === null).length,
    scan_failed: outcomes.filter(isScanFailed).length,
    findings,
  };
}

function addCounts(into: SeverityCounts, counts: SeverityCounts): void {
  for (const severity of SEVERITIES) into[severity] += counts[severity];
}

/** What the face knows of the run besides its outcomes. */
export interface RollUpContext {
  /** This process's shard as `"i/n"`, or null when unsharded. */
  shard: string | null;
  failOn: FailOn;
  /** On a shard, the full names of the whole selection before sharding; null when unsharded. */
  selected: readonly string[] | null;
  runId: string | null;
  /** `--ref`; null: each repository's default branch. */
  ref: string | null;
  /** Whether the run read each repository's policy file (RepositoryOutcome.policy). */
  repositoryPolicy: boolean;
}

/** The roll-up of one run (a whole fleet, or one shard of it). */
export function buildRollUp(result: FleetRunResult, context: RollUpContext): FleetRollUp {
  return {
    format: ROLL_UP_FORMAT,
    shard: context.shard,
    run_id: context.runId,
    started_at: utcSecond(result.startedAt),
    finished_at: utcSecond(result.finishedAt),
    ref: context.ref,
    repository_policy: context.repositoryPolicy,
    verified: null,
    repositories: result.outcomes,
    totals: totalsOf(result.outcomes),
    fail_on: context.failOn,
    stopped_by: result.stoppedBy ?? null,
    selected: context.selected === null ? null : [...context.selected],
    missing_shards: [],
    changes: null,
  };
}

/**
 * The outcomes as the roll-up shows them: those failing the gate (most severe findings first), those whose scan
 * failed, the others not judged, passed. Each repository is in one group.
 */
export function outcomeGroups(outcomes: readonly RepositoryOutcome[]): {
  failed: RepositoryOutcome[];
  scanFailed: RepositoryOutcome[];
  notJudged: RepositoryOutcome[];
  passed: RepositoryOutcome[];
} {
  return {
    failed: outcomes.filter((o) => o.gate === 'failed').sort(mostSevereFirst),
    scanFailed: outcomes.filter(isScanFailed),
    notJudged: outcomes.filter((o) => o.gate === null && !isScanFailed(o)),
    passed: outcomes.filter((o) => o.gate === 'passed'),
  };
}

/** More findings of the most severe kind first (SEVERITIES runs from critical down); then by name. */
function mostSevereFirst(a: RepositoryOutcome, b: RepositoryOutcome): number {
  for (const severity of SEVERITIES) {
    const difference = b.findings[severity] - a.findings[severity];
    if (difference !== 0) return difference;
  }
  return a.repository.localeCompare(b.repository);
}
