import { describe, expect, it } from 'vitest';
import { hasVersionPrefix, isLoopbackHost, normalizeBaseUrl } from '../../../src/client/base-url.ts';
import { ConfigError } from '../../../src/client/errors.ts';

describe('normalizeBaseUrl', () => {
  it('removes trailing slashes and keeps the path', () => {
    expect(normalizeBaseUrl('https://api.example.com/api/v1/', 'x')).toBe('https://api.example.com/api/v1');
    expect(normalizeBaseUrl('https://API.example.com:8443//', 'x')).toBe('https://api.example.com:8443');
  });

  it.each([
    'http://127.0.0.1:8080/api/v1',
    'http://127.1.2.3/api/v1',
    'http://localhost:3000/api/v1',
    'http://LOCALHOST/api/v1',
    'http://[::1]:9000/api/v1',
  ])('allows plain http to the loopback address in %s', (url) => {
    expect(() => normalizeBaseUrl(url, 'x')).not.toThrow();
  });

  it.each([
    ['http://api.example.com/api/v1', 'plain http'],
    ['http://10.0.0.1/api/v1', 'plain http'],
    ['http://128.0.0.1/api/v1', 'plain http'],
    ['http://localhost.evil.com/api/v1', 'plain http'],
    ['http://evil.localhost/api/v1', 'plain http'],
    ['http://[::2]/api/v1', 'plain http'],
    ['ftp://api.example.com/api/v1', 'must start with https://'],
    ['api.example.com/api/v1', 'not a valid URL'],
    ['', 'not a valid URL'],
    ['https://user:pass@api.example.com/api/v1', 'user name or password'],
    ['https://api.example.com/api/v1?x=1', 'query or fragment'],
  ])('rejects %s', (url, reason) => {
    expect(() => normalizeBaseUrl(url, 'from the test')).toThrow(ConfigError);
    expect(() => normalizeBaseUrl(url, 'from the test')).toThrow(reason);
  });

  it('never echoes URL credentials', () => {
    expect(() => normalizeBaseUrl('https://user:hunter2@api.example.com', 'x')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') as string }) as Error,
    );
  });
});

describe('isLoopbackHost', () => {
  it('knows 127.0.0.0/8, ::1 and localhost', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.255.0.9')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('LocalHost')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('example.com')).toBe(false);
  });

  it('does not take localhost. (a trailing dot) for this machine: glibc finds it in no hosts file and asks DNS', () => {
    expect(isLoopbackHost('localhost.')).toBe(false);
    expect(() => normalizeBaseUrl('http://localhost.:8080/api/v1', 'from the test')).toThrow(
      'uses plain http to localhost.',
    );
  });
});

describe('hasVersionPrefix', () => {
  it('checks the path ends with /api/v1', () => {
    expect(hasVersionPrefix('https://x.example/api/v1')).toBe(true);
    expect(hasVersionPrefix('https://x.example/svc/api/v1/')).toBe(true);
    expect(hasVersionPrefix('https://x.example/api/v2')).toBe(false);
  });
});
