import { createHash } from 'node:crypto';
import type { ShardPart } from './fleet-options.ts';
import { FleetUsageError } from './fleet-usage-error.ts';

/** The most shards a fleet may be cut into (a Kubernetes Indexed Job or a GitLab `parallel:` may exceed a matrix). */
export const MAX_SHARDS = 1000;

/**
 * The shard (1-based) of a repository among `count`: SHA-256 of its full name in lower case (the service matches
 * full names ignoring case), its first 48 bits mod `count`. It depends on nothing else, so shards never overlap,
 * always cover the whole, and a repository keeps its shard when others are added or removed.
 */
export function shardOf(fullName: string, count: number): number {
  const digest = createHash('sha256').update(fullName.toLowerCase(), 'utf8').digest();
  return (digest.readUIntBE(0, 6) % count) + 1;
}

/** True when the repository falls in this part (or there is no sharding). */
export function inShard(fullName: string, part: ShardPart | undefined): boolean {
  return part === undefined || shardOf(fullName, part.count) === part.index;
}

/** `i/n`, as the roll-up and `svc fleet plan` spell a shard. */
export function formatShard(part: ShardPart): string {
  return `${part.index}/${part.count}`;
}

/** A whole number from 1 to MAX_SHARDS, or undefined. */
function shardNumber(text: string): number | undefined {
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= MAX_SHARDS ? value : undefined;
}

/** The shard count, as `--shards` gives it; `flag` names where it came from in the error. */
export function parseShardCount(text: string, flag: string): number {
  const count = shardNumber(text.trim());
  if (count === undefined)
    throw new FleetUsageError(
      `${flag} is invalid: got '${text}'; expected a whole number of shards from 1 to ${MAX_SHARDS}.`,
    );
  return count;
}

/** `i/n` (1-based), as `--shard` and a roll-up's `shard` give it; `flag` names where it came from in the error. */
export function parseShard(text: string, flag: string): ShardPart {
  const [indexText = '', countText = '', ...rest] = text.trim().split('/');
  const index = shardNumber(indexText);
  const count = shardNumber(countText);
  if (rest.length > 0 || index === undefined || count === undefined || index > count)
    throw new FleetUsageError(
      `${flag} is invalid: got '${text}'; expected i/n with 1 <= i <= n <= ${MAX_SHARDS}, for example 1/4 (or auto).`,
    );
  return { index, count };
}
