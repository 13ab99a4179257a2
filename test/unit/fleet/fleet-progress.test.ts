import { describe, expect, it } from 'vitest';
import type { Sleep } from '../../../src/client/clock.ts';
import { timestampedLog } from '../../../src/fleet/fleet-log.ts';
import { FleetProgress, parseProgressInterval, reportProgress } from '../../../src/fleet/fleet-progress.ts';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';
import { failedScan, outcome } from './rollup-fixtures.ts';

/** 2026-11-28T01:23:45Z, the example. */
const NIGHT = Date.UTC(2026, 10, 28, 1, 23, 45);

/** A clock that moves only when the test says: sleeps end when their time comes, or when their signal aborts. */
function testClock(start: number) {
  let current = start;
  const pending = new Set<{ until: number; wake: () => void }>();
  const sleep: Sleep = (ms, signal) =>
    new Promise((resolve, reject) => {
      signal?.throwIfAborted();
      const entry = { until: current + ms, wake: resolve };
      pending.add(entry);
      signal?.addEventListener(
        'abort',
        () => {
          pending.delete(entry);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    now: () => current,
    sleep,
    pending: () => pending.size,
    /** Moves the time on by `ms`, from one sleep's end to the next, waking each sleep whose time has come. */
    async advance(ms: number) {
      const end = current + ms;
      for (;;) {
        const next = Math.min(...[...pending].map((entry) => entry.until));
        if (!(next <= end)) break;
        current = next;
        for (const entry of [...pending])
          if (entry.until <= current) {
            pending.delete(entry);
            entry.wake();
          }
        await settle();
      }
      current = end;
    },
  };
}

function lines() {
  const written: string[] = [];
  const push = (message: string) => written.push(message);
  return {
    written,
    log: { debug: push, info: push, warning: push, startGroup: push, endGroup: () => undefined },
  };
}

describe('the progress line', () => {
  it('says how many are done by outcome, running and waiting, and the deadline as UTC time of day', () => {
    const progress = new FleetProgress(1000, Date.UTC(2026, 10, 28, 6, 2, 0));
    for (let i = 0; i < 512; i += 1) progress.started();
    for (let i = 0; i < 372; i += 1) progress.ended(outcome(`acme/p${i}`, 'passed'));
    for (let i = 0; i < 37; i += 1) progress.ended(outcome(`acme/f${i}`, 'failed', { high: 1 }));
    progress.ended(outcome('acme/n1', null));
    progress.ended(outcome('acme/n2', null));
    progress.ended(failedScan('acme/broken', ['sast']));
    expect(progress.line()).toBe(
      '412 of 1000 done (372 passed, 37 failed the gate, 3 not judged), 100 running, 488 waiting; deadline 06:02:00Z',
    );
  });

  it.each([
    ['0', 0],
    ['5', 5],
    ['60', 60],
    ['3600', 3600],
  ])('takes an interval of %s seconds', (text, seconds) => {
    expect(parseProgressInterval(text, '--progress-interval')).toBe(seconds);
  });

  it.each(['4', '3601', '1', '2.5', '-5', 'often', ''])(
    'refuses an interval of %j, naming the flag',
    (text) => {
      expect(() => parseProgressInterval(text, '--progress-interval')).toThrow(FleetUsageError);
      expect(() => parseProgressInterval(text, '--progress-interval')).toThrow(
        `--progress-interval is invalid: got '${text}'; expected 0 (no progress lines) or a whole number of seconds from 5 to 3600.`,
      );
    },
  );
});

describe('the progress lines while the fleet runs', () => {
  function running(intervalSeconds: number, signal = new AbortController().signal) {
    const clock = testClock(NIGHT);
    const { written, log } = lines();
    const progress = new FleetProgress(3, NIGHT + 3600_000);
    const reports = reportProgress(progress, {
      log: timestampedLog(log, clock.now),
      sleep: clock.sleep,
      intervalSeconds,
      signal,
    });
    progress.started();
    progress.started();
    return { clock, written, progress, reports };
  }

  it('writes one every interval on the fleet clock, each opened by the UTC time, and once more at the end', async () => {
    const { clock, written, progress, reports } = running(60);
    await clock.advance(59_000);
    expect(written).toEqual([]);
    await clock.advance(1_000);
    expect(written).toEqual([
      '2026-11-28T01:24:45Z 0 of 3 done (0 passed, 0 failed the gate, 0 not judged), 2 running, 1 waiting; deadline 02:23:45Z',
    ]);
    progress.ended(outcome('acme/a', 'passed'));
    await clock.advance(60_000);
    expect(written[1]).toBe(
      '2026-11-28T01:25:45Z 1 of 3 done (1 passed, 0 failed the gate, 0 not judged), 1 running, 1 waiting; deadline 02:23:45Z',
    );
    progress.ended(failedScan('acme/b', ['sast']));
    await clock.advance(10_000);
    await reports.end();
    expect(written).toHaveLength(3);
    expect(written[2]).toBe(
      '2026-11-28T01:25:55Z 2 of 3 done (1 passed, 0 failed the gate, 1 not judged), 0 running, 1 waiting; deadline 02:23:45Z',
    );
    // No timer outlives the fleet.
    expect(clock.pending()).toBe(0);
    await clock.advance(600_000);
    expect(written).toHaveLength(3);
  });

  it('writes none with an interval of 0, not even at the end', async () => {
    const { clock, written, reports } = running(0);
    await clock.advance(3600_000);
    await reports.end();
    expect(written).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it('stops at the deadline or the stop, and still says where the fleet ended', async () => {
    const stop = new AbortController();
    const { clock, written, reports } = running(5, stop.signal);
    await clock.advance(12_000);
    expect(written).toHaveLength(2);
    stop.abort(new Error('deadline'));
    expect(clock.pending()).toBe(0);
    await clock.advance(60_000);
    expect(written).toHaveLength(2);
    await reports.end();
    expect(written).toHaveLength(3);
    expect(written[2]).toMatch(
      /^2026-11-28T01:24:57Z 0 of 3 done .* 2 running, 1 waiting; deadline 02:23:45Z$/,
    );
  });
});
