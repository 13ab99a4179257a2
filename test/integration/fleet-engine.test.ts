import { describe, expect, it } from 'vitest';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import {
  FLEET_OPTIONS,
  FLEET_REVOKED_KEY,
  FLEET_VIEWER_KEY,
  fleetHarness,
  fleetEmulatorPerTest,
  type FleetRepository,
} from './fleet-support.ts';

const startFleetEmulator = fleetEmulatorPerTest();

async function fleetOf(repositories: FleetRepository[]) {
  const emulator = await startFleetEmulator(repositories);
  const harness = fleetHarness(emulator);
  const listed = await harness.repositories();
  emulator.resetStats();
  return { emulator, harness, listed };
}

describe('the fleet engine', () => {
  it('judges every repository on its report and keeps faults to their repository', async () => {
    const { harness, listed } = await fleetOf([
      { findings: ['low', 'medium'] },
      { findings: ['critical', 'high', 'low'] },
      { outcome: 'failed' },
    ]);
    const result = await runFleet(listed, FLEET_OPTIONS, harness.io);
    expect(result.stoppedBy).toBeUndefined();
    expect(result.outcomes.map((o) => [o.repository, o.status, o.gate, o.error])).toEqual([
      ['fleet/repo-1', 'completed', 'passed', null],
      ['fleet/repo-2', 'completed', 'failed', null],
      ['fleet/repo-3', 'failed', null, 'the scan failed: module dependencies failed'],
    ]);
    expect(result.outcomes[1]?.findings).toEqual({ critical: 1, high: 1, medium: 0, low: 1, info: 0 });
  });

  it("logs each repository's start and end, and leaves each module's progress to the debug log", async () => {
    const { harness, listed } = await fleetOf([{ findings: ['critical'] }, { outcome: 'failed' }]);
    await runFleet(listed, FLEET_OPTIONS, harness.io);
    const info = harness.log.lines.filter((line) => line.startsWith('info: '));
    expect(info).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^info: fleet\/repo-1: Started scan \S+$/),
        expect.stringMatching(
          /^info: fleet\/repo-1: scan \S+ completed: gate failed \(1 critical, 0 high, 0 medium, 0 low, 0 info\)$/,
        ),
        expect.stringMatching(
          /^info: fleet\/repo-2: scan \S+ failed: not judged: the scan failed: module dependencies failed$/,
        ),
      ]),
    );
    // The failed scan's verdict names its failed module; no other line of the log does.
    expect(info.filter((line) => line.includes('module ') && !line.includes('not judged'))).toEqual([]);
    expect(
      harness.log.lines.some((line) => line.startsWith('debug: fleet/repo-1:') && line.includes('module')),
    ).toBe(true);
  });
});

describe('the fleet engine under load', () => {
  it('never has more scans in flight than its concurrency, and polls them in batches', async () => {
    const repositories = Array.from({ length: 12 }, (_, index) => ({ durationSeconds: 300 + 30 * index }));
    const { emulator, harness, listed } = await fleetOf(repositories);
    const result = await runFleet(listed, { ...FLEET_OPTIONS, concurrency: 4 }, harness.io);
    expect(result.outcomes.every((o) => o.gate === 'passed')).toBe(true);
    const stats = emulator.stats();
    expect(stats.scans_running_peak).toBe(4);
    // Polling each scan every 2 s would be 150 to 315 polls a repository; the fleet's rounds read them together.
    const polls =
      (stats.requests['GET /api/v1/scans'] ?? 0) - 12 + (stats.requests['GET /api/v1/scans/{id}'] ?? 0);
    expect(polls / 12).toBeLessThan(8);
    expect(stats.requests_total / 12).toBeLessThan(10);
  });

  it('reports a repository whose start failed, never starts it twice, and scans the others', async () => {
    const { emulator, harness, listed } = await fleetOf([{}, {}, {}]);
    emulator.setFaults([{ kind: 'error', path: '/scans', method: 'POST', status: 500, count: 1 }]);
    const result = await runFleet(listed, { ...FLEET_OPTIONS, concurrency: 1 }, harness.io);
    expect(result.outcomes.map((o) => [o.status, o.gate])).toEqual([
      ['not-started', null],
      ['completed', 'passed'],
      ['completed', 'passed'],
    ]);
    expect(result.outcomes[0]?.error).toMatch(/not sent again/);
    expect(emulator.stats().requests['POST /api/v1/scans']).toBe(3);
  });

  async function runWithKey(key: string, repositories: number) {
    const emulator = await startFleetEmulator(Array.from({ length: repositories }, () => ({})));
    const listed = await fleetHarness(emulator).repositories();
    emulator.resetStats();
    const result = await runFleet(
      listed,
      { ...FLEET_OPTIONS, concurrency: 1 },
      fleetHarness(emulator, key).io,
    );
    return { result, stats: emulator.stats() };
  }

  it('stops starting at a refused key (401) and reports the rest as not judged', async () => {
    const { result, stats } = await runWithKey(FLEET_REVOKED_KEY, 4);
    expect(result.stoppedBy).toBe('key-refused');
    expect(result.outcomes.map((o) => o.gate)).toEqual([null, null, null, null]);
    expect(result.outcomes.slice(1).map((o) => o.error)).toEqual(
      Array(3).fill(expect.stringMatching(/^not started: the service refused the API key/)),
    );
    expect(stats.requests_total).toBe(1);
  });

  it('stops starting when the service refuses a start (403)', async () => {
    const { result, stats } = await runWithKey(FLEET_VIEWER_KEY, 3);
    expect(result.stoppedBy).toBe('key-refused');
    expect(stats.requests['POST /api/v1/scans']).toBe(1);
    expect(result.outcomes.map((o) => o.status)).toEqual(['not-started', 'not-started', 'not-started']);
  });
});
