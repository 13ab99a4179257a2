import { SEVERITIES } from '../domain/severity.ts';
import type { FleetRollUp, RepositoryOutcome, RollUpChanges, SeverityCounts } from './rollup.ts';
import { totalsOf } from './rollup-build.ts';
import { parseShard, shardOf } from './shard.ts';

/**
 * What changed since a previous roll-up (`--compare`). A shard's roll-up (`i/n`) is compared with the previous
 * roll-up's repositories of the same shard only, so a shard is never told that the other shards' repositories
 * went away. Names are matched ignoring case, as the service matches them.
 */
export function compareRollUps(current: FleetRollUp, previous: FleetRollUp): RollUpChanges {
  const earlier = new Map(
    previous.repositories.filter(inSameShard(current.shard)).map((o) => [o.repository.toLowerCase(), o]),
  );
  const now = new Set(current.repositories.map((o) => o.repository.toLowerCase()));
  const changes: RollUpChanges = {
    compared_with: { run_id: previous.run_id, started_at: previous.started_at },
    newly_failing: [],
    newly_passing: [],
    newly_not_judged: [],
    no_longer_scanned: [...earlier.values()]
      .filter((o) => !now.has(o.repository.toLowerCase()))
      .map((o) => o.repository),
    new_repositories: [],
    counts_up: [],
    counts_down: [],
    findings_delta: difference(
      totalsOf(current.repositories).findings,
      totalsOf([...earlier.values()]).findings,
    ),
    fail_on:
      current.fail_on === previous.fail_on ? null : { previous: previous.fail_on, now: current.fail_on },
  };
  for (const outcome of current.repositories)
    compareOne(outcome, earlier.get(outcome.repository.toLowerCase()), changes);
  return changes;
}

function compareOne(
  outcome: RepositoryOutcome,
  before: RepositoryOutcome | undefined,
  changes: RollUpChanges,
): void {
  if (before === undefined) changes.new_repositories.push(outcome.repository);
  if (outcome.gate === 'failed' && before?.gate !== 'failed') changes.newly_failing.push(outcome.repository);
  if (outcome.gate === 'passed' && before?.gate === 'failed') changes.newly_passing.push(outcome.repository);
  if (outcome.gate === null && before !== undefined && before.gate !== null)
    changes.newly_not_judged.push(outcome.repository);
  if (outcome.gate === null || before === undefined || before.gate === null) return;
  const change = difference(outcome.findings, before.findings);
  const moved = Object.fromEntries(SEVERITIES.filter((s) => change[s] !== 0).map((s) => [s, change[s]]));
  if (Object.keys(moved).length === 0) return;
  const list = SEVERITIES.some((s) => change[s] > 0) ? changes.counts_up : changes.counts_down;
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

/** The roll-up with its changes since `previous` (`--compare`), or as it is without one. */
export function withChanges(rollUp: FleetRollUp, previous: FleetRollUp | undefined): FleetRollUp {
  return previous === undefined ? rollUp : { ...rollUp, changes: compareRollUps(rollUp, previous) };
}
