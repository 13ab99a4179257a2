import { describe, expect, it } from 'vitest';
import { realNow, realRandom, realSleep } from '../../../src/client/clock.ts';
import { NOOP_LOGGER } from '../../../src/client/logger.ts';

describe('realSleep', () => {
  it('resolves after the delay', async () => {
    await expect(realSleep(1)).resolves.toBeUndefined();
  });

  it('rejects with the reason of a signal aborted before or during the sleep', async () => {
    await expect(realSleep(10_000, AbortSignal.abort(new Error('before')))).rejects.toThrow('before');
    const controller = new AbortController();
    const sleeping = realSleep(10_000, controller.signal);
    controller.abort(new Error('during'));
    await expect(sleeping).rejects.toThrow('during');
  });
});

describe('the real clock and the no-op logger', () => {
  it('read the system and do nothing', () => {
    expect(Math.abs(realNow() - Date.now())).toBeLessThan(60_000);
    const value = realRandom();
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
    expect(() => {
      NOOP_LOGGER.debug('x');
      NOOP_LOGGER.info('x');
      NOOP_LOGGER.warning('x');
    }).not.toThrow();
  });
});
