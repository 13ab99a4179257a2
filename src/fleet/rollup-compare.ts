import { SEVERITIES, type Severity } from '../domain/severity.ts';
import type { FleetRollUp, RepositoryOutcome, SeverityCounts } from './rollup.ts';
import { totalsOf } from './rollup-build.ts';
import { parseShard, shardOf } from './shard.ts';

/** A repository judged both times whose findings changed: the change by severity (only the severities that moved). */
export interface CountChange {
  repository: string;
  change: Partial<Record<Severity, number>>;
}

/** What changed since a previous roll-up, by severity counts. */
export interface RollUpComparison {
  /** Failing the gate now; passed, not judged or not scanned before. */
  newlyFailing: string[];
  /** Passing the gate now; failed before. */
  newlyPassing: string[];
  /** Judged both times, more findings of some severity now. */
  countsUp: CountChange[];
  /** Judged both times, fewer findings of some severity now (and none more). */
  countsDown: CountChange[];
  /** In the previous roll-up, not in this one. */
  noLongerScanned: string[];
  /** The fleet's findings now minus before, by severity. */
  totalsChange: SeverityCounts;
}

/**
 * Compares a roll-up with a previous one. A shard's roll-up (`i/n`) is compared with the previous roll-up's
 * repositories of the same shard only, so a shard is never told that the other shards' repositories went away.
 */
export function compareRollUps(current: FleetRollUp, previous: FleetRollUp): RollUpComparison {
  const earlier = new Map(
    previous.repositories.filter(inSameShard(current.shard)).map((o) => [o.repository.toLowerCase(), o]),
  );
  const now = new Set(current.repositories.map((o) => o.repository.toLowerCase()));
  const comparison: RollUpComparison = {
    newlyFailing: [],
    newlyPassing: [],
    countsUp: [],
    countsDown: [],
    noLongerScanned: [...earlier.values()]
      .filter((o) => !now.has(o.repository.toLowerCase()))
      .map((o) => o.repository),
    totalsChange: difference(
      totalsOf(current.repositories).findings,
      totalsOf([...earlier.values()]).findings,
    ),
  };
  for (const outcome of current.repositories)
    compareOne(outcome, earlier.get(outcome.repository.toLowerCase()), comparison);
  return comparison;
}

function compareOne(
  outcome: RepositoryOutcome,
  before: RepositoryOutcome | undefined,
  comparison: RollUpComparison,
): void {
  if (outcome.gate === 'failed' && before?.gate !== 'failed')
    comparison.newlyFailing.push(outcome.repository);
  if (outcome.gate === 'passed' && before?.gate === 'failed')
    comparison.newlyPassing.push(outcome.repository);
  if (outcome.gate === null || before === undefined || before.gate === null) return;
  const change = difference(outcome.findings, before.findings);
  const moved = Object.fromEntries(SEVERITIES.filter((s) => change[s] !== 0).map((s) => [s, change[s]]));
  if (Object.keys(moved).length === 0) return;
  const list = SEVERITIES.some((s) => change[s] > 0) ? comparison.countsUp : comparison.countsDown;
  list.push({ repository: outcome.repository, change: moved });
}

function inSameShard(shard: string | null): (outcome: RepositoryOutcome) => boolean {
  if (shard === null) return () => true;
  const part = parseShard(shard, "the roll-up's shard");
  return (outcome) => shardOf(outcome.repository, part.count) === part.index;
}

function difference(a: SeverityCounts, b: SeverityCounts): SeverityCounts {
  return Object.fromEntries(SEVERITIES.map((s) => [s, a[s] - b[s]])) as SeverityCounts;
}
