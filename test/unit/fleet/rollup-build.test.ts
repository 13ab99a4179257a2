import { describe, expect, it } from 'vitest';
import { FLEET_EXIT, fleetExitCode } from '../../../src/fleet/fleet-exit.ts';
import { shardMatrix } from '../../../src/fleet/fleet-plan.ts';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';
import { failedScan, outcome, rollUpOf } from './rollup-fixtures.ts';

describe('the roll-up of a run', () => {
  it('counts the repositories by gate and sums the findings by severity', () => {
    const rollUp = rollUpOf([
      outcome('acme/a', 'failed', { critical: 1, high: 2 }),
      outcome('acme/b', 'passed', { low: 3 }),
      outcome('acme/c', null),
      failedScan('acme/d', ['sast']),
    ]);
    expect(rollUp.totals).toEqual({
      repositories: 4,
      passed: 1,
      failed: 1,
      not_judged: 2,
      scan_failed: 1,
      findings: { critical: 1, high: 2, medium: 0, low: 3, info: 0 },
    });
    expect(rollUp).toMatchObject({
      shard: null,
      fail_on: 'high',
      stopped_by: null,
      selected: null,
      missing_shards: [],
    });
  });
});

describe('the exit code of a fleet', () => {
  const passed = outcome('acme/a', 'passed');
  const failed = outcome('acme/b', 'failed', { high: 1 });
  const notJudged = outcome('acme/c', null);
  const scanFailed = failedScan('acme/d', ['sast', 'secrets']);

  it.each([
    ['every repository passed', [passed], undefined, FLEET_EXIT.passed, 0],
    ['an empty shard', [], undefined, FLEET_EXIT.passed, 0],
    ['one failed the gate, one not judged', [passed, failed, notJudged], undefined, FLEET_EXIT.failed, 1],
    ['none failed, one not judged', [passed, notJudged], undefined, FLEET_EXIT.notJudged, 4],
    ['the only problem is a scan that failed', [passed, scanFailed], undefined, FLEET_EXIT.notJudged, 4],
    ['one failed the gate, one scan failed', [failed, scanFailed], undefined, FLEET_EXIT.failed, 1],
    ['a refused key, even with a failure', [failed, notJudged], 'key-refused', FLEET_EXIT.keyRefused, 3],
    ['Ctrl-C', [passed, notJudged], 'interrupted', FLEET_EXIT.interrupted, 130],
  ] as const)('is as the issue says when %s', (_, outcomes, stoppedBy, code, number) => {
    expect(fleetExitCode(rollUpOf([...outcomes], { stoppedBy }))).toBe(code);
    expect(code).toBe(number);
  });

  it('is 4 when a shard was missing from a merge, even if all that is there passed', () => {
    expect(fleetExitCode({ ...rollUpOf([passed]), missing_shards: ['2/2'] })).toBe(4);
  });
});

describe('svc fleet plan', () => {
  it('is a matrix of shards 1/n to n/n', () => {
    expect(shardMatrix(3)).toEqual({ include: [{ shard: '1/3' }, { shard: '2/3' }, { shard: '3/3' }] });
    expect(shardMatrix(256).include).toHaveLength(256);
  });

  it('refuses more shards than a matrix runs', () => {
    expect(() => shardMatrix(257)).toThrow(FleetUsageError);
    expect(() => shardMatrix(257)).toThrow(/256 jobs a GitHub Actions matrix runs/);
  });
});
