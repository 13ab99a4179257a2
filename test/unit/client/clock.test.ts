import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realSleep } from '../../../src/client/clock.ts';

/**
 * realSleep under fake timers: when it resolves, and that it leaves neither a timer nor an abort listener
 * behind, since the action sleeps many times on one long-lived signal. (realNow, realRandom and the no-op
 * logger are Date.now, Math.random and three empty functions: their types are all there is to check.)
 */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realSleep', () => {
  it('resolves once the delay has passed, not before', async () => {
    let resolved = false;
    const sleeping = realSleep(1_000).then(() => {
      resolved = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
    await sleeping;
  });

  it('rejects with the reason of a signal aborted before the sleep, without starting a timer', async () => {
    await expect(realSleep(10_000, AbortSignal.abort(new Error('before')))).rejects.toThrow('before');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once when the signal aborts during the sleep, and clears its timer', async () => {
    const controller = new AbortController();
    const sleeping = realSleep(10_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort(new Error('during'));
    await expect(sleeping).rejects.toThrow('during');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops listening to the signal once it has resolved', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) {
      const sleeping = realSleep(100, controller.signal);
      await vi.advanceTimersByTimeAsync(100);
      await sleeping;
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
