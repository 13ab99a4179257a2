import { describe, expect, it } from 'vitest';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import {
  FLEET_OPTIONS,
  fleetHarness,
  fleetEmulatorPerTest,
  type FleetRepository,
  timeStandsStill,
  until,
} from './fleet-support.ts';

const startFleetEmulator = fleetEmulatorPerTest();

const ENDLESS: FleetRepository = { outcome: 'never' };

describe('the fleet within its budget, its deadline and the user’s stop', () => {
  it('starts no scan once the remaining credits fall below min-credits, and says so', async () => {
    // 10 credits; each scan runs 2 modules at 1 credit each.
    const emulator = await startFleetEmulator([{}, {}, {}, {}], { credits: 10 });
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    const result = await runFleet(listed, { ...FLEET_OPTIONS, concurrency: 1, minCredits: 7 }, harness.io);
    expect(result.outcomes.map((o) => o.gate)).toEqual(['passed', 'passed', null, null]);
    expect(result.outcomes[2]?.error).toBe(
      'not started for lack of credits: 6 remained, below min-credits 7',
    );
    expect(emulator.stats().scans_created).toBe(2);
  });

  it('cancels the scans it started at wait-timeout, and reports those never started', async () => {
    const emulator = await startFleetEmulator([ENDLESS, ENDLESS, {}, {}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    const options = { ...FLEET_OPTIONS, concurrency: 2, waitTimeoutSeconds: 120 };
    const result = await runFleet(listed, options, harness.io);
    expect(emulator.stats().cancels).toBe(2);
    expect(result.outcomes.map((o) => [o.status, o.gate])).toEqual([
      ['cancelled', null],
      ['cancelled', null],
      ['not-started', null],
      ['not-started', null],
    ]);
    expect(result.outcomes[0]?.error).toMatch(
      /did not finish: wait-timeout \(120 s\) ran out; it was cancelled/,
    );
    expect(result.outcomes[3]?.error).toBe('not started: wait-timeout (120 s) ran out before its turn');
  });

  it('cancels every scan it started that still runs at the stop, and starts no more', async () => {
    const emulator = await startFleetEmulator([ENDLESS, ENDLESS, ENDLESS]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    // Time stands still: nothing ends by itself before the stop.
    const io = { ...harness.io, sleep: timeStandsStill };
    const running = runFleet(listed, { ...FLEET_OPTIONS, concurrency: 2 }, io);
    await until(() => emulator.stats().scans_created === 2);
    harness.stop.abort();
    const result = await running;
    expect(result.stoppedBy).toBe('interrupted');
    expect(emulator.stats().cancels).toBe(2);
    expect(result.outcomes.map((o) => o.status)).toEqual(['cancelled', 'cancelled', 'not-started']);
    expect(result.outcomes[2]?.error).toBe('not started: the run was interrupted');
  });

  it('sends no start after the stop, even one whose lookup was under way', async () => {
    const emulator = await startFleetEmulator([{}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    emulator.resetStats();
    // The lookup before the start takes 2 s of real time: the stop comes while it is under way.
    emulator.setFaults([{ kind: 'latency', path: '/scans', method: 'GET', latency_ms: 2_000, count: 1 }]);
    const running = runFleet(listed, FLEET_OPTIONS, harness.io);
    await until(() => emulator.stats().requests['GET /api/v1/scans'] === 1);
    harness.stop.abort();
    const result = await running;
    expect(emulator.stats().scans_created).toBe(0);
    expect(result.outcomes[0]).toMatchObject({ status: 'not-started', gate: null });
    expect(result.outcomes[0]?.error).toMatch(/stopped before the scan of fleet\/repo-1 was started/);
  });
});
