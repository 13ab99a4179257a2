import { describe, expect, it } from 'vitest';
import { goesDirect } from '../../../src/client/loopback-direct.ts';

describe('goesDirect', () => {
  it.each([
    'http://127.0.0.1:8080',
    'http://127.5.6.7',
    'http://[::1]:3000',
    'http://localhost',
    'https://LOCALHOST',
  ])('sends %s around the proxy when NO_PROXY is unset or lists other hosts', (origin) => {
    expect(goesDirect(origin, {})).toBe(true);
    expect(goesDirect(origin, { NO_PROXY: 'example.internal' })).toBe(true);
  });

  it.each([
    'http://128.0.0.1',
    'https://api.example.com',
    'http://app.localhost',
    'http://localhost.',
    'http://10.0.0.1',
  ])('leaves %s to the proxy settings', (origin) => {
    expect(goesDirect(origin, {})).toBe(false);
  });

  it('sends loopback through the proxy when NO_PROXY (or no_proxy, read first) is set empty', () => {
    expect(goesDirect('http://127.0.0.1:8080', { NO_PROXY: '' })).toBe(false);
    expect(goesDirect('http://127.0.0.1:8080', { no_proxy: ' ' })).toBe(false);
    expect(goesDirect('http://127.0.0.1:8080', { no_proxy: 'other', NO_PROXY: '' })).toBe(true);
  });
});
