import { describe, expect, it } from 'vitest';
import { MAX_SHARDS, inShard, parseShard, parseShardCount, shardOf } from '../../../src/fleet/shard.ts';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';

/** Many names of the kind an organization has, from a seed: the same every run. */
function names(count: number, prefix = 'acme'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}/service-${(i * 7919) % 100_003}`);
}

function partition(repositories: readonly string[], count: number): Map<string, number> {
  return new Map(repositories.map((name) => [name, shardOf(name, count)]));
}

describe('the shard of a repository', () => {
  it('puts every repository in exactly one shard: the shards cover the whole and never overlap', () => {
    const all = names(2000);
    for (const count of [1, 2, 3, 7, 16, 256]) {
      const parts = Array.from({ length: count }, () => [] as string[]);
      for (const name of all) {
        const shard = shardOf(name, count);
        expect(inShard(name, { index: shard, count })).toBe(true);
        parts[shard - 1]?.push(name);
      }
      expect(parts.flat().sort()).toEqual([...all].sort());
      expect(new Set(parts.flat()).size).toBe(all.length);
    }
  });

  it('keeps a repository in its shard when others are added or removed', () => {
    const before = names(1000);
    const removed = before.filter((_, i) => i % 3 !== 0);
    const added = [...removed, ...names(500, 'acme-new'), ...names(200, 'other')];
    for (const count of [2, 5, 10, 64]) {
      const was = partition(before, count);
      const kept = [...partition(added, count)].filter(([name]) => was.has(name));
      expect(kept).toHaveLength(removed.length);
      for (const [name, shard] of kept) expect(shard, name).toBe(was.get(name));
    }
  });

  it('depends on the full name alone, ignoring case as the service matches names', () => {
    expect(shardOf('Acme/Web', 8)).toBe(shardOf('acme/web', 8));
    expect(shardOf('acme/web', 8)).toBe(shardOf('acme/web', 8));
  });

  it('spreads repositories evenly enough that every shard holds its tenth within a fifth', () => {
    const counts = new Map<number, number>();
    for (const name of names(5000)) counts.set(shardOf(name, 10), (counts.get(shardOf(name, 10)) ?? 0) + 1);
    expect(counts.size).toBe(10);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(400);
      expect(n).toBeLessThan(600);
    }
  });

  it('takes every repository when there is no sharding', () => {
    expect(inShard('acme/web', undefined)).toBe(true);
  });
});

describe('--shard i/n', () => {
  it('reads i/n, 1-based', () => {
    expect(parseShard('1/4', '--shard')).toEqual({ index: 1, count: 4 });
    expect(parseShard(' 4/4 ', '--shard')).toEqual({ index: 4, count: 4 });
  });

  it.each(['0/4', '5/4', '1/0', '1', '1/2/3', 'a/4', '-1/4', '1.5/4', '', `1/${MAX_SHARDS + 1}`])(
    'refuses %j, naming the flag',
    (text) => {
      expect(() => parseShard(text, '--shard')).toThrow(FleetUsageError);
      expect(() => parseShard(text, '--shard')).toThrow(/^--shard is invalid: got '/);
    },
  );

  it('reads --shards n and refuses what is not a whole number from 1', () => {
    expect(parseShardCount('12', '--shards')).toBe(12);
    for (const text of ['0', '-2', 'x', '2.5', String(MAX_SHARDS + 1)])
      expect(() => parseShardCount(text, '--shards')).toThrow(/^--shards is invalid/);
  });
});
