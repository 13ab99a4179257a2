import { describe, expect, it } from 'vitest';
import { compareRollUps } from '../../../src/fleet/rollup-compare.ts';
import { shardOf } from '../../../src/fleet/shard.ts';
import { expectValidRollUp } from '../../support/rollup-schema.ts';
import { outcome, rollUpOf } from './rollup-fixtures.ts';

describe('--compare with a previous roll-up', () => {
  const previous = rollUpOf(
    [
      outcome('acme/fixed', 'failed', { high: 2 }),
      outcome('acme/broke', 'passed', { low: 1 }),
      outcome('acme/worse', 'failed', { critical: 1 }),
      outcome('acme/better', 'passed', { medium: 4, low: 1 }),
      outcome('acme/gone', 'passed'),
      outcome('acme/flaky', null),
      outcome('acme/down', 'passed'),
    ],
    { runId: 'night-1' },
  );
  const current = rollUpOf([
    outcome('acme/fixed', 'passed'),
    outcome('acme/broke', 'failed', { high: 1, low: 1 }),
    outcome('acme/worse', 'failed', { critical: 2, high: 1 }),
    outcome('acme/better', 'passed', { medium: 1, low: 1 }),
    outcome('acme/flaky', 'failed', { critical: 1 }),
    outcome('acme/new', 'failed', { high: 1 }),
    outcome('acme/newer', 'passed'),
    outcome('ACME/DOWN', null, {}, 'The scan timed out.'),
  ]);

  it('names the repositories newly failing (passed, not judged or absent before) and newly passing', () => {
    const changes = compareRollUps(current, previous);
    expect(changes.newly_failing).toEqual(['acme/broke', 'acme/flaky', 'acme/new']);
    expect(changes.newly_passing).toEqual(['acme/fixed']);
  });

  it('names those judged last night and not tonight, and those absent last night (matched ignoring case)', () => {
    const changes = compareRollUps(current, previous);
    expect(changes.newly_not_judged).toEqual(['ACME/DOWN']);
    expect(changes.new_repositories).toEqual(['acme/new', 'acme/newer']);
  });

  it('gives the counts up and down by severity of the repositories judged both times', () => {
    const changes = compareRollUps(current, previous);
    expect(changes.counts_up).toEqual([
      { repository: 'acme/broke', change: { high: 1 } },
      { repository: 'acme/worse', change: { critical: 1, high: 1 } },
    ]);
    expect(changes.counts_down).toEqual([
      { repository: 'acme/fixed', change: { high: -2 } },
      { repository: 'acme/better', change: { medium: -3 } },
    ]);
  });

  it('names the repositories no longer scanned, the fleet total by severity, and the night compared with', () => {
    const changes = compareRollUps(current, previous);
    expect(changes.no_longer_scanned).toEqual(['acme/gone']);
    expect(changes.findings_delta).toEqual({ critical: 2, high: 1, medium: -3, low: 0, info: 0 });
    expect(changes.compared_with).toEqual({ run_id: 'night-1', started_at: '2026-11-28T01:00:00Z' });
    expectValidRollUp({ ...current, changes });
  });

  it('gives both fail-ons when they differ, and null when they agree', () => {
    expect(compareRollUps(current, previous).fail_on).toBeNull();
    const stricter = { ...current, fail_on: 'critical' as const };
    const changes = compareRollUps(stricter, previous);
    expect(changes.fail_on).toEqual({ previous: 'high', now: 'critical' });
    expectValidRollUp({ ...stricter, changes });
  });

  it("compares a shard's roll-up with the previous roll-up's repositories of that shard only", () => {
    const names = Array.from({ length: 40 }, (_, i) => `acme/r${i}`);
    const whole = rollUpOf(names.map((name) => outcome(name, 'passed')));
    const mine = names.filter((name) => shardOf(name, 4) === 2);
    const shard = rollUpOf(
      mine.slice(1).map((name) => outcome(name, 'passed')),
      { shard: '2/4', selected: names },
    );
    const changes = compareRollUps(shard, whole);
    expect(changes.no_longer_scanned).toEqual([mine[0]]);
    expect(changes.new_repositories).toEqual([]);
  });
});
