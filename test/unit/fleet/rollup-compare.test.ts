import { describe, expect, it } from 'vitest';
import { compareRollUps } from '../../../src/fleet/rollup-compare.ts';
import { shardOf } from '../../../src/fleet/shard.ts';
import { outcome, rollUpOf } from './rollup-fixtures.ts';

describe('--compare with a previous roll-up', () => {
  const previous = rollUpOf([
    outcome('acme/fixed', 'failed', { high: 2 }),
    outcome('acme/broke', 'passed', { low: 1 }),
    outcome('acme/worse', 'failed', { critical: 1 }),
    outcome('acme/better', 'passed', { medium: 4, low: 1 }),
    outcome('acme/gone', 'passed'),
    outcome('acme/flaky', null),
  ]);
  const current = rollUpOf([
    outcome('acme/fixed', 'passed'),
    outcome('acme/broke', 'failed', { high: 1, low: 1 }),
    outcome('acme/worse', 'failed', { critical: 2, high: 1 }),
    outcome('acme/better', 'passed', { medium: 1, low: 1 }),
    outcome('acme/flaky', 'failed', { critical: 1 }),
    outcome('acme/new', 'failed', { high: 1 }),
  ]);

  it('names the repositories newly failing (passed, not judged or not scanned before) and newly passing', () => {
    const comparison = compareRollUps(current, previous);
    expect(comparison.newlyFailing).toEqual(['acme/broke', 'acme/flaky', 'acme/new']);
    expect(comparison.newlyPassing).toEqual(['acme/fixed']);
  });

  it('gives the counts up and down by severity of the repositories judged both times', () => {
    const comparison = compareRollUps(current, previous);
    expect(comparison.countsUp).toEqual([
      { repository: 'acme/broke', change: { high: 1 } },
      { repository: 'acme/worse', change: { critical: 1, high: 1 } },
    ]);
    expect(comparison.countsDown).toEqual([
      { repository: 'acme/fixed', change: { high: -2 } },
      { repository: 'acme/better', change: { medium: -3 } },
    ]);
  });

  it('names the repositories no longer scanned, and the fleet total by severity', () => {
    const comparison = compareRollUps(current, previous);
    expect(comparison.noLongerScanned).toEqual(['acme/gone']);
    expect(comparison.totalsChange).toEqual({ critical: 2, high: 1, medium: -3, low: 0, info: 0 });
  });

  it("compares a shard's roll-up with the previous roll-up's repositories of that shard only", () => {
    const names = Array.from({ length: 40 }, (_, i) => `acme/r${i}`);
    const whole = rollUpOf(names.map((name) => outcome(name, 'passed')));
    const mine = names.filter((name) => shardOf(name, 4) === 2);
    const shard = rollUpOf(
      mine.slice(1).map((name) => outcome(name, 'passed')),
      { shard: '2/4', selected: names },
    );
    expect(compareRollUps(shard, whole).noLongerScanned).toEqual([mine[0]]);
  });
});
