import { describe, expect, it } from 'vitest';
import type { Repository } from '../../../src/client/types.ts';
import { fleetPart, rollUpOfPart } from '../../../src/fleet/fleet-part.ts';
import { emptyRun } from '../../../src/fleet/run-fleet.ts';
import { shardOf } from '../../../src/fleet/shard.ts';
import { outcome } from './rollup-fixtures.ts';

const LISTING: Repository[] = Array.from({ length: 12 }, (_, i) => ({
  id: `repo_${i}`,
  full_name: `acme/service-${i}`,
  default_branch: 'main',
}));

describe("a face's part of the fleet", () => {
  it("keeps this shard's repositories and names the whole selection for the merge", () => {
    const shard = { index: 2, count: 3 };
    const part = fleetPart(LISTING, {
      selection: { kind: 'patterns', patterns: ['acme/service-*', 'acme/gone'] },
      shard,
    });
    expect(part.repositories.map((r) => r.full_name)).toEqual(
      LISTING.map((r) => r.full_name).filter((name) => shardOf(name, 3) === 2),
    );
    expect(part.selected).toEqual([...LISTING.map((r) => r.full_name), 'acme/gone']);
    expect(part.unknownNames).toEqual(shardOf('acme/gone', 3) === 2 ? ['acme/gone'] : []);
  });

  it("rolls up the run's outcomes and the names the service does not list, as not judged", () => {
    const part = fleetPart(LISTING, {
      selection: { kind: 'patterns', patterns: ['acme/service-1', 'acme/gone'] },
      shard: undefined,
    });
    const rollUp = rollUpOfPart(
      part,
      { ...emptyRun(0), outcomes: [outcome('acme/service-1', 'passed')] },
      { shard: undefined, failOn: 'critical', runId: '42', ref: undefined, repositoryPolicy: false },
    );
    expect(rollUp.shard).toBeNull();
    expect(rollUp.selected).toBeNull();
    expect(rollUp.fail_on).toBe('critical');
    expect(rollUp).toMatchObject({
      run_id: '42',
      ref: null,
      started_at: '1970-01-01T00:00:00Z',
      repository_policy: false,
      verified: null,
    });
    expect(rollUp.repositories.map((o) => [o.repository, o.gate, o.status])).toEqual([
      ['acme/service-1', 'passed', 'completed'],
      ['acme/gone', null, 'not-started'],
    ]);
    expect(rollUp.totals).toMatchObject({ repositories: 2, passed: 1, not_judged: 1 });
  });
});
