import { describe, expect, it } from 'vitest';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';
import { HISTORY_NIGHTS, historyWith, nightsOf } from '../../../src/fleet/rollup-history.ts';
import { outcome, rollUpOf } from './rollup-fixtures.ts';

/** The roll-up of a night that started on day `day` of November 2026, with `high` high findings. */
function nightOn(day: number, high: number) {
  const rollUp = rollUpOf([outcome('acme/web', 'failed', { high })], { runId: `run-${day}` });
  const started_at = new Date(Date.UTC(2026, 10, day, 1)).toISOString().replace(/\.\d{3}/, '');
  return { where: `--history night-${day}.json`, rollUp: { ...rollUp, started_at } };
}

describe('--history: the findings by night', () => {
  it('orders the nights by started_at, whatever the order of the files, tonight last', () => {
    const tonight = rollUpOf([outcome('acme/web', 'passed')], { runId: 'tonight' });
    const nights = historyWith(nightsOf([nightOn(20, 3), nightOn(5, 1), nightOn(12, 2)]), tonight);
    expect(nights.map((night) => night.started_at)).toEqual([
      '2026-11-05T01:00:00Z',
      '2026-11-12T01:00:00Z',
      '2026-11-20T01:00:00Z',
      '2026-11-28T01:00:00Z',
    ]);
    expect(nights.map((night) => night.findings.high)).toEqual([1, 2, 3, 0]);
    expect(nights[0]).toMatchObject({ run_id: 'run-5', repositories: 1, failed: 1 });
  });

  it('keeps the last 60 nights, and counts a night given twice once', () => {
    const files = Array.from({ length: 70 }, (_, i) => nightOn(i - 60, i));
    const tonight = rollUpOf([], { runId: 'tonight' });
    const nights = historyWith(nightsOf([...files, files[69]!]), tonight);
    expect(HISTORY_NIGHTS).toBe(60);
    expect(nights).toHaveLength(60);
    expect(nights.at(-1)?.run_id).toBe('tonight');
    expect(nights[0]?.findings.high).toBe(11);
  });

  it('refuses a roll-up without started_at, naming its file', () => {
    const old = { where: '--history roll-ups/2025.json', rollUp: { ...rollUpOf([]), started_at: null } };
    expect(() => nightsOf([nightOn(1, 0), old])).toThrow(FleetUsageError);
    expect(() => nightsOf([old])).toThrow(/--history roll-ups\/2025\.json has no started_at/);
  });
});
