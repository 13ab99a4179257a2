import { zeroCounts } from '../domain/severity.ts';
import { type FleetRollUp, NOT_STARTED, ROLL_UP_FORMAT, type RepositoryOutcome } from './rollup.ts';
import { totalsOf } from './rollup-build.ts';
import { disownSharedScans } from './scan-claims.ts';
import { FleetUsageError } from './fleet-usage-error.ts';
import type { ShardPart } from './fleet-options.ts';
import { formatShard, parseShard, shardOf } from './shard.ts';

/** One shard's roll-up as read, with where it was read from (a file name) for the errors. */
export interface ShardRollUp {
  where: string;
  rollUp: FleetRollUp;
}

/**
 * The roll-ups of a fleet's shards as one whole, in shard order. A set with a shard repeated, of another n, or
 * missing is refused, naming the shard; with `allowMissing`, a missing shard's repositories are reported as not
 * judged, found in the selection the shards recorded (`selected`), and the shard is named in `missing_shards`.
 */
export function mergeRollUps(parts: readonly ShardRollUp[], allowMissing: boolean): FleetRollUp {
  const shards = shardsOf(parts);
  const count = shards[0]?.part.count ?? 0;
  const missing = missingShards(shards, count);
  if (missing.length > 0 && !allowMissing)
    throw new FleetUsageError(
      `Shard ${missing.map((index) => `${index}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: ` +
        "give every shard's roll-up, or --allow-missing to merge what is there.",
    );
  const present = shards.flatMap(({ rollUp }) => rollUp.repositories);
  refuseRepeatedRepositories(shards);
  refuseStrangers(shards, count);
  const repositories = [
    ...present,
    ...leftOutOutcomes(shards, count),
    ...missingOutcomes(shards, missing, count),
  ];
  const first = shards[0]?.rollUp;
  const failOn = first?.fail_on ?? 'high';
  const judged = disownSharedScans(repositories);
  return {
    format: ROLL_UP_FORMAT,
    shard: null,
    run_id: first?.run_id ?? null,
    started_at: earliest(shards.map(({ rollUp }) => rollUp.started_at)),
    finished_at: latest(shards.map(({ rollUp }) => rollUp.finished_at)),
    ref: first?.ref ?? null,
    repository_policy: first?.repository_policy ?? null,
    verified: false,
    repositories: judged,
    totals: totalsOf(judged),
    fail_on: failOn,
    stopped_by: shards.some(({ rollUp }) => rollUp.stopped_by === 'key-refused') ? 'key-refused' : null,
    selected: null,
    missing_shards: missing.map((index) => `${index}/${count}`),
    changes: null,
  };
}

interface ReadShard extends ShardRollUp {
  part: ShardPart;
}

/** Each roll-up's shard, sorted; a whole fleet's roll-up, another n or a repeated shard is refused. */
function shardsOf(parts: readonly ShardRollUp[]): ReadShard[] {
  if (parts.length === 0)
    throw new FleetUsageError(
      'Give the roll-ups of the shards to merge: their files, or --dir with the folder that holds them.',
    );
  const shards = parts.map((part) => {
    if (part.rollUp.shard === null)
      throw new FleetUsageError(
        `${part.where} is the roll-up of a whole fleet, not of a shard: there is nothing to merge it with.`,
      );
    return { ...part, part: parseShard(part.rollUp.shard, `The shard of ${part.where}`) };
  });
  const first = shards[0] as ReadShard;
  shards.forEach((shard, at) => {
    if (shard.part.count !== first.part.count)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) is of another n than shard ${formatShard(first.part)} (${first.where}): merge the shards of one run.`,
      );
    if (shard.rollUp.run_id !== first.rollUp.run_id)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) is of ${runName(shard.rollUp.run_id)}, shard ${formatShard(first.part)} (${first.where}) of ${runName(first.rollUp.run_id)}: merge the shards of one run (a roll-up left by another night is not tonight's).`,
      );
    if (shard.rollUp.ref !== first.rollUp.ref)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) scanned ${refName(shard.rollUp.ref)}, shard ${formatShard(first.part)} (${first.where}) ${refName(first.rollUp.ref)}: merge the shards of one run.`,
      );
    if (shard.rollUp.fail_on !== first.rollUp.fail_on)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) was judged with fail-on ${shard.rollUp.fail_on}, shard ${formatShard(first.part)} (${first.where}) with ${first.rollUp.fail_on}: merge the shards of one run.`,
      );
    if (shard.rollUp.repository_policy !== first.rollUp.repository_policy)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) ${policyReading(shard.rollUp.repository_policy)}, shard ${formatShard(first.part)} (${first.where}) ${policyReading(first.rollUp.repository_policy)}: merge the shards of one run.`,
      );
    const twin = shards.slice(0, at).find((other) => other.part.index === shard.part.index);
    if (twin !== undefined)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} is given twice: ${twin.where} and ${shard.where}.`,
      );
  });
  return shards.sort((a, b) => a.part.index - b.part.index);
}

function runName(runId: string | null): string {
  return runId === null ? 'no run id' : `run ${runId}`;
}

function policyReading(read: boolean | null): string {
  if (read === null) return 'does not say whether it read policy files';
  return read ? 'read policy files' : 'read no policy file';
}

function refName(ref: string | null): string {
  return ref === null ? 'default branches' : `ref ${ref}`;
}

/** The earliest of the shards' times (UTC strings of one form sort as times), null when none is known. */
function earliest(times: readonly (string | null)[]): string | null {
  return times.reduce<string | null>((a, b) => (a === null ? b : b === null || a <= b ? a : b), null);
}

function latest(times: readonly (string | null)[]): string | null {
  return times.reduce<string | null>((a, b) => (a === null ? b : b === null || a >= b ? a : b), null);
}

function missingShards(shards: readonly ReadShard[], count: number): number[] {
  const present = new Set(shards.map(({ part }) => part.index));
  return Array.from({ length: count }, (_, i) => i + 1).filter((index) => !present.has(index));
}

/** Shards never overlap: a repository in two roll-ups (or twice in one) means they are not of one run. */
function refuseRepeatedRepositories(shards: readonly ReadShard[]): void {
  const seen = new Map<string, ReadShard>();
  for (const shard of shards)
    for (const { repository } of shard.rollUp.repositories) {
      const earlier = seen.get(repository.toLowerCase());
      if (earlier === shard)
        throw new FleetUsageError(
          `${repository} is listed twice in shard ${formatShard(shard.part)} (${shard.where}): merge the shards of one run.`,
        );
      if (earlier !== undefined)
        throw new FleetUsageError(
          `${repository} is in shard ${formatShard(earlier.part)} (${earlier.where}) and in shard ${formatShard(shard.part)} (${shard.where}): merge the shards of one run.`,
        );
      seen.set(repository.toLowerCase(), shard);
    }
}

/** A repository's shard is its name's alone: one in another shard's roll-up was not judged by that shard's run. */
function refuseStrangers(shards: readonly ReadShard[], count: number): void {
  for (const shard of shards)
    for (const { repository } of shard.rollUp.repositories) {
      const owner = shardOf(repository, count);
      if (owner !== shard.part.index)
        throw new FleetUsageError(
          `${repository} is in the roll-up of shard ${formatShard(shard.part)} (${shard.where}), but it is of shard ${owner}/${count}: merge the shards of one run.`,
        );
    }
}

/**
 * The repositories a present shard's part of the recorded selections holds and its roll-up does not list (a
 * repository added between two shards' listings, or a roll-up cut by hand), each not judged: never a silent pass.
 */
function leftOutOutcomes(shards: readonly ReadShard[], count: number): RepositoryOutcome[] {
  const listed = new Set(
    shards.flatMap(({ rollUp }) => rollUp.repositories.map((o) => o.repository.toLowerCase())),
  );
  const present = new Set(shards.map(({ part }) => part.index));
  return [...selectedNames(shards).values()]
    .filter((name) => !listed.has(name.toLowerCase()) && present.has(shardOf(name, count)))
    .map((name) =>
      notJudged(
        name,
        `The roll-up of shard ${shardOf(name, count)}/${count} does not list it, though the selection did.`,
      ),
    );
}

/** The full names the shards recorded as selected, each once (the service matches names ignoring case). */
function selectedNames(shards: readonly ReadShard[]): Map<string, string> {
  const known = new Map<string, string>();
  for (const { rollUp } of shards)
    for (const name of rollUp.selected ?? []) known.set(name.toLowerCase(), name);
  return known;
}

function notJudged(repository: string, error: string): RepositoryOutcome {
  return { repository, scan_id: null, status: NOT_STARTED, gate: null, findings: zeroCounts(), error };
}

/** The repositories of the missing shards, from the selections the present shards recorded, each not judged. */
function missingOutcomes(
  shards: readonly ReadShard[],
  missing: readonly number[],
  count: number,
): RepositoryOutcome[] {
  if (missing.length === 0) return [];
  const wanted = new Set(missing);
  return [...selectedNames(shards).values()]
    .filter((name) => wanted.has(shardOf(name, count)))
    .map((name) => notJudged(name, `The roll-up of shard ${shardOf(name, count)}/${count} is missing.`));
}
