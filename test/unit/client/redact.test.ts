import { describe, expect, it } from 'vitest';
import { REDACTED, createRedactor, redactCause, redactValue } from '../../../src/client/redact.ts';

const KEY = 'svc_sk_canary/Zq9+x';

describe('createRedactor', () => {
  const redact = createRedactor(KEY);

  it('hides every occurrence, the Bearer form included', () => {
    expect(redact(`Authorization: Bearer ${KEY}; again ${KEY}`)).toBe(
      `Authorization: Bearer ${REDACTED}; again ${REDACTED}`,
    );
  });

  it('hides the JSON-escaped and percent-encoded forms', () => {
    expect(redact(JSON.stringify({ k: KEY }))).not.toContain('canary');
    expect(redact(`?key=${encodeURIComponent(KEY)}`)).not.toContain('canary');
  });

  it('leaves text alone when there is no secret', () => {
    expect(createRedactor('')('Bearer ')).toBe('Bearer ');
  });
});

describe('redactValue', () => {
  it('walks arrays and objects, keys included', () => {
    const redact = createRedactor(KEY);
    const value = redactValue(
      { headers: { authorization: `Bearer ${KEY}` }, list: [KEY, 1, null], [KEY]: true },
      redact,
    );
    expect(JSON.stringify(value)).not.toContain('canary');
    expect(value).toEqual({
      headers: { authorization: `Bearer ${REDACTED}` },
      list: [REDACTED, 1, null],
      [REDACTED]: true,
    });
  });
});

describe('redactCause', () => {
  const redact = createRedactor(KEY);

  it('returns a clean error unchanged', () => {
    const error = new Error('connect ECONNREFUSED');
    expect(redactCause(error, redact)).toBe(error);
  });

  it('copies an error that holds the key, keeping its code and name', () => {
    const error = Object.assign(new TypeError(`bad header Bearer ${KEY}`), { code: 'E_X' });
    const safe = redactCause(error, redact) as Error & { code: string };
    expect(safe).not.toBe(error);
    expect(safe.message).toBe(`bad header Bearer ${REDACTED}`);
    expect(safe.stack).not.toContain('canary');
    expect(safe.name).toBe('TypeError');
    expect(safe.code).toBe('E_X');
  });

  it('redacts a string cause and passes other values through', () => {
    expect(redactCause(`x ${KEY}`, redact)).toBe(`x ${REDACTED}`);
    expect(redactCause(7, redact)).toBe(7);
  });
});
