import { describe, expect, it } from 'vitest';
import type { Sleep } from '../../src/client/index.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import { clientFor, requestsTo, serviceTime } from './support.ts';
import {
  FLEET_MEMBER_KEY,
  FLEET_OPTIONS,
  fleetHarness,
  fleetEmulatorPerTest,
  timeStandsStill,
  until,
} from './fleet-support.ts';

const startFleetEmulator = fleetEmulatorPerTest();

/** A clock whose sleeps wait until the test releases them, so a test sees who waits, and for how long. */
function heldClock() {
  let current = 0;
  const held: { ms: number; release: () => void }[] = [];
  const sleep: Sleep = (ms) =>
    new Promise((resolve) => {
      held.push({ ms, release: resolve });
    });
  const releaseAll = (ms: number): void => {
    current += ms;
    for (const { release } of held.splice(0)) release();
  };
  return { now: () => current, sleep, held, releaseAll };
}

describe('one rate limiter for the whole process', () => {
  it('holds every request of the client while a 429 asks it to wait, not only the one told', async () => {
    const emulator = await startFleetEmulator([{}]);
    const clock = heldClock();
    const client = clientFor(emulator, FLEET_MEMBER_KEY, { sleep: clock.sleep, now: clock.now });
    emulator.setFaults([{ kind: 'rate_limit', path: '/billing/usage', retry_after_s: 30, count: 1 }]);
    const told = client.getUsage();
    await until(() => clock.held.length === 1);
    const other = client.me();
    await until(() => clock.held.length === 2);
    expect(clock.held.map((sleep) => sleep.ms)).toEqual([30_000, 30_000]);
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(0);
    clock.releaseAll(30_000);
    await Promise.all([told, other]);
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(1);
    expect(requestsTo(emulator, 'GET /api/v1/billing/usage')).toBe(2);
  });

  it('waits out a 429 on its polling rounds and judges every repository', async () => {
    const emulator = await startFleetEmulator([{}, {}, {}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    emulator.setFaults([{ kind: 'rate_limit', path: '/scans', method: 'GET', retry_after_s: 20, count: 2 }]);
    const result = await runFleet(listed, FLEET_OPTIONS, harness.io);
    expect(result.outcomes.map((o) => o.gate)).toEqual(['passed', 'passed', 'passed']);
    expect(harness.clock.sleeps.filter((ms) => ms === 20_000).length).toBeGreaterThanOrEqual(2);
  });

  it('sends the cancels of its scans at the stop while a long Retry-After holds every other request', async () => {
    const emulator = await startFleetEmulator([{ outcome: 'never' }, { outcome: 'never' }]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    // The fleet's own waits move service time, but the hold of a 10-minute Retry-After lasts until the stop.
    const clock = serviceTime(emulator, () => new Promise((resolve) => setTimeout(resolve, 1)));
    let holding = 0;
    const sleep: Sleep = (ms, signal) => {
      if (ms < 300_000) return clock.sleep(ms, signal);
      holding++;
      return timeStandsStill(ms, signal);
    };
    const client = clientFor(emulator, FLEET_MEMBER_KEY, { sleep, now: clock.now });
    const io = { ...harness.io, client, sleep, now: clock.now };
    const options = { ...FLEET_OPTIONS, concurrency: 2, waitTimeoutSeconds: 86_400 };
    const running = runFleet(listed, options, io);
    await until(() => emulator.stats().scans_created === 2);
    emulator.setFaults([{ kind: 'rate_limit', method: 'GET', retry_after_s: 600, count: 1 }]);
    await until(() => holding > 0);
    harness.stop.abort();
    const result = await running;
    expect(emulator.stats().cancels).toBe(2);
    expect(result.outcomes.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
  });
});
