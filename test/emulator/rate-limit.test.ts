import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { control, get, KEYS, startE2e } from './helpers.ts';

let emulator: Emulator | undefined;
afterEach(() => emulator?.close());

describe('rate limit', () => {
  it('answers 429 with Retry-After once a key has used its burst, per key', async () => {
    emulator = await startE2e({ rateLimit: { ratePerSecond: 0.5, burst: 3 } });
    for (let i = 0; i < 3; i++) expect((await get(emulator, '/me')).status).toBe(200);
    const limited = await get(emulator, '/me');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await get(emulator, '/me', { key: KEYS.admin })).status).toBe(200);
    expect(emulator.stats().rate_limited).toBe(1);
  });

  it('is generous by default and can be changed or turned off at run time', async () => {
    emulator = await startE2e();
    for (let i = 0; i < 50; i++) expect((await get(emulator, '/me')).status).toBe(200);
    const configured = await control(emulator, 'POST', '/rate-limit', { rate: 1, burst: 1 });
    expect(configured.body).toEqual({ enabled: true, rate: 1, burst: 1 });
    expect((await get(emulator, '/me')).status).toBe(200);
    expect((await get(emulator, '/me')).status).toBe(429);
    await control(emulator, 'POST', '/rate-limit', { enabled: false });
    expect((await get(emulator, '/me')).status).toBe(200);
    emulator.setRateLimit({ ratePerSecond: 1, burst: 1 });
    expect((await get(emulator, '/me')).status).toBe(200);
    expect((await get(emulator, '/me')).status).toBe(429);
  });
});
