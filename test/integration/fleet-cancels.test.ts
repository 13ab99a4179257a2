import { describe, expect, it } from 'vitest';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import {
  FLEET_OPTIONS,
  fleetHarness,
  fleetEmulatorPerTest,
  timeStandsStill,
  until,
} from './fleet-support.ts';

const startFleetEmulator = fleetEmulatorPerTest();

/** Every cancel the service is asked for fails, retries included. */
const CANCELS_FAIL = { kind: 'error', path: '/scans/{id}/cancel', method: 'POST', status: 500 } as const;

describe('a cancel the service does not carry out', () => {
  it('keeps the repository’s slot until its scan is seen ended: never more than concurrency running', async () => {
    const emulator = await startFleetEmulator([{ durationSeconds: 300 }, {}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    // The first scan's first poll fails (with its retries), so its run gives up on it; its cancel fails too.
    emulator.setFaults([
      { kind: 'error', path: '/scans/{id}', method: 'GET', status: 500, count: 4 },
      CANCELS_FAIL,
    ]);
    const result = await runFleet(listed, { ...FLEET_OPTIONS, concurrency: 1 }, harness.io);
    expect(emulator.stats().scans_created).toBe(2);
    expect(emulator.stats().scans_running_peak).toBe(1);
    expect(result.outcomes.map((o) => [o.status, o.gate])).toEqual([
      ['completed', null],
      ['completed', 'passed'],
    ]);
    expect(result.outcomes[0]?.error).toMatch(/could not be cancelled; it was waited for until it ended/);
  });

  it('keeps the slot no longer than the fleet’s deadline, and names the scan it left running', async () => {
    const emulator = await startFleetEmulator([{ outcome: 'never' }, {}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    emulator.setFaults([
      { kind: 'error', path: '/scans/{id}', method: 'GET', status: 500, count: 4 },
      CANCELS_FAIL,
    ]);
    const options = { ...FLEET_OPTIONS, concurrency: 1, waitTimeoutSeconds: 600 };
    const result = await runFleet(listed, options, harness.io);
    expect(emulator.stats().scans_created).toBe(1);
    const [left, next] = result.outcomes;
    expect(left?.error).toMatch(
      new RegExp(
        `^Scan ${left?.scan_id ?? ''} was left running on the service: .*500.*fault\\), and it could not be cancelled; cancel it there\\.$`,
      ),
    );
    expect(next?.error).toBe('not started: wait-timeout (600 s) ran out before its turn');
  });

  it('names in the roll-up each scan left running when its cancel failed at the stop', async () => {
    const emulator = await startFleetEmulator([{ outcome: 'never' }]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    emulator.setFaults([CANCELS_FAIL]);
    const running = runFleet(listed, FLEET_OPTIONS, { ...harness.io, sleep: timeStandsStill });
    await until(() => emulator.stats().scans_created === 1);
    harness.stop.abort();
    const result = await running;
    const scanId = result.outcomes[0]?.scan_id;
    expect(result.outcomes[0]?.status).toBe('queued');
    expect(result.outcomes[0]?.error).toBe(
      `Scan ${scanId} was left running on the service: the run was interrupted, and it could not be cancelled; cancel it there.`,
    );
  });
});
