import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../../src/client/defaults.ts';
import {
  ConfigError,
  ConnectionError,
  DecodeError,
  NotFoundError,
  PollTimeoutError,
  RateLimitError,
  RequestAbortedError,
  RequestTimeoutError,
  ServerError,
  ServiceError,
  classifyConnectionFailure,
} from '../../../src/client/errors.ts';
import {
  backoffDelayMs,
  failureKind,
  isRetryable,
  parseRetryAfter,
  retryAfterOf,
  withRetries,
  type RetryContext,
} from '../../../src/client/retry.ts';
import { FakeClock, recordingLogger } from './support/fake-clock.ts';

function networkError(code: string): ConnectionError {
  const cause = Object.assign(new Error(code), { code });
  return new ConnectionError(`GET /x failed: ${code}`, { cause, ...classifyConnectionFailure(cause) });
}

function context(method: string, clock: FakeClock, overrides: Partial<RetryContext> = {}): RetryContext {
  return {
    method,
    path: '/x',
    policy: { ...DEFAULT_RETRY_POLICY },
    sleep: clock.sleep,
    random: () => 0.5,
    logger: recordingLogger(),
    ...overrides,
  };
}

/** An attempt function that throws the given errors in turn, then returns 'ok'. */
function failing(...errors: Error[]): { attempt: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    attempt: () => {
      const error = errors[calls++];
      return error === undefined ? Promise.resolve('ok') : Promise.reject(error);
    },
    calls: () => calls,
  };
}

describe('failureKind', () => {
  it('sorts errors', () => {
    expect(failureKind(new RateLimitError('x', { statusCode: 429 }))).toBe('rate-limited');
    expect(failureKind(new ServerError('x', { statusCode: 502 }))).toBe('server');
    expect(failureKind(new NotFoundError('x', { statusCode: 404 }))).toBe('final');
    expect(failureKind(new ServiceError('a 409', { statusCode: 409 }))).toBe('final');
    expect(failureKind(new DecodeError('bad json', { statusCode: 200 }))).toBe('network');
    expect(failureKind(networkError('ECONNREFUSED'))).toBe('connect');
    expect(failureKind(networkError('ENOTFOUND'))).toBe('connect');
    expect(failureKind(networkError('UND_ERR_CONNECT_TIMEOUT'))).toBe('connect');
    expect(failureKind(networkError('ECONNRESET'))).toBe('network');
    expect(failureKind(networkError('UND_ERR_SOCKET'))).toBe('network');
    expect(failureKind(new RequestTimeoutError('timed out'))).toBe('network');
    expect(failureKind(new RequestAbortedError('aborted'))).toBe('final');
    expect(failureKind(new PollTimeoutError('poll', 'running'))).toBe('final');
    expect(failureKind(new ConfigError('x'))).toBe('final');
    expect(failureKind(new ServiceError('no cause'))).toBe('final');
    expect(failureKind(new Error('plain'))).toBe('final');
  });

  it('sees a refused connection inside an AggregateError or a wrapped cause', () => {
    const refused = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    expect(classifyConnectionFailure(new AggregateError([refused]))).toEqual({
      failure: 'connect',
      code: 'ECONNREFUSED',
    });
    expect(classifyConnectionFailure(new Error('wrap', { cause: refused })).failure).toBe('connect');
  });

  it('names TLS, DNS and reset failures by their codes', () => {
    const failureOf = (code: string): string =>
      classifyConnectionFailure(Object.assign(new Error(code), { code })).failure;
    expect(failureOf('SELF_SIGNED_CERT_IN_CHAIN')).toBe('tls');
    expect(failureOf('UNABLE_TO_VERIFY_LEAF_SIGNATURE')).toBe('tls');
    expect(failureOf('ERR_TLS_CERT_ALTNAME_INVALID')).toBe('tls');
    expect(failureOf('CERT_HAS_EXPIRED')).toBe('tls');
    expect(failureOf('EAI_AGAIN')).toBe('dns');
    expect(failureOf('ECONNRESET')).toBe('reset');
    expect(failureOf('EWHATEVER')).toBe('other');
    expect(classifyConnectionFailure(new Error('no code'))).toEqual({ failure: 'other' });
  });
});

describe('isRetryable', () => {
  it('retries POST only on 429 and failed connections', () => {
    expect(isRetryable('rate-limited', 'POST')).toBe(true);
    expect(isRetryable('connect', 'POST')).toBe(true);
    expect(isRetryable('server', 'POST')).toBe(false);
    expect(isRetryable('network', 'POST')).toBe(false);
  });

  it('retries GET and DELETE on 5xx and network failures', () => {
    for (const method of ['GET', 'DELETE']) {
      expect(isRetryable('server', method)).toBe(true);
      expect(isRetryable('network', method)).toBe(true);
      expect(isRetryable('final', method)).toBe(false);
    }
  });
});

describe('backoffDelayMs', () => {
  it('draws from [0, min(cap, 500 * 2^n))', () => {
    const policy = { ...DEFAULT_RETRY_POLICY };
    expect(backoffDelayMs(0, () => 0.999, policy)).toBe(499);
    expect(backoffDelayMs(2, () => 0.5, policy)).toBe(1000);
    expect(backoffDelayMs(10, () => 0.5, policy)).toBe(4000);
    expect(backoffDelayMs(3, () => 0, policy)).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  const now = (): number => Date.parse('2025-01-01T00:00:00Z');

  it('reads delta seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
  });
});

describe('withRetries', () => {
  it('waits for Retry-After on 429, then succeeds', async () => {
    const clock = new FakeClock();
    const { attempt, calls } = failing(new RateLimitError('GET /x failed with 429', { retryAfterMs: 2000 }));
    await expect(withRetries(attempt, context('GET', clock))).resolves.toBe('ok');
    expect(calls()).toBe(2);
    expect(clock.sleeps).toEqual([2000]);
  });

  it('backs off exponentially with jitter on 5xx for GET', async () => {
    const clock = new FakeClock();
    const server = new ServerError('GET /x failed with 503', { statusCode: 503 });
    const { attempt, calls } = failing(server, server, server);
    await expect(withRetries(attempt, context('GET', clock, { random: () => 0.5 }))).resolves.toBe('ok');
    expect(calls()).toBe(4);
    expect(clock.sleeps).toEqual([250, 500, 1000]);
  });

  it('uses backoff for a 429 without Retry-After', async () => {
    const clock = new FakeClock();
    const { attempt } = failing(new RateLimitError('429'));
    await withRetries(attempt, context('POST', clock, { random: () => 0.999 }));
    expect(clock.sleeps).toEqual([499]);
  });

  it('gives up after the maximum number of retries with the last error', async () => {
    const clock = new FakeClock();
    const errors = [1, 2, 3, 4, 5].map((n) => new ServerError(`failure ${n}`, { statusCode: 500 }));
    const { attempt, calls } = failing(...errors);
    await expect(withRetries(attempt, context('DELETE', clock))).rejects.toBe(errors[3]);
    expect(calls()).toBe(4);
    expect(clock.sleeps).toHaveLength(3);
  });

  it('does not retry a POST on 5xx or a reset', async () => {
    for (const error of [new ServerError('500', { statusCode: 500 }), networkError('ECONNRESET')]) {
      const clock = new FakeClock();
      const { attempt, calls } = failing(error);
      await expect(withRetries(attempt, context('POST', clock))).rejects.toBe(error);
      expect(calls()).toBe(1);
      expect(clock.sleeps).toEqual([]);
    }
  });

  it('retries a POST whose connection was refused', async () => {
    const clock = new FakeClock();
    const { attempt, calls } = failing(networkError('ECONNREFUSED'));
    await expect(withRetries(attempt, context('POST', clock))).resolves.toBe('ok');
    expect(calls()).toBe(2);
  });

  it('does not retry 4xx other than 429', async () => {
    const clock = new FakeClock();
    const error = new NotFoundError('404', { statusCode: 404 });
    const { attempt, calls } = failing(error);
    await expect(withRetries(attempt, context('GET', clock))).rejects.toBe(error);
    expect(calls()).toBe(1);
  });

  it('gives up with the RateLimitError when Retry-After exceeds the remaining budget', async () => {
    const clock = new FakeClock();
    const first = new RateLimitError('first', { retryAfterMs: 40_000 });
    const second = new RateLimitError('second', { retryAfterMs: 30_000 });
    const logger = recordingLogger();
    const { attempt, calls } = failing(first, second);
    await expect(withRetries(attempt, context('GET', clock, { logger }))).rejects.toBe(second);
    expect(calls()).toBe(2);
    expect(clock.sleeps).toEqual([40_000]);
    expect(logger.text()).toContain('exceed the retry budget');
  });

  it('honours a custom budget and retry count', async () => {
    const clock = new FakeClock();
    const error = new RateLimitError('429', { retryAfterMs: 2_000 });
    const { attempt, calls } = failing(error, error, error);
    const policy = { ...DEFAULT_RETRY_POLICY, maxRetries: 1 };
    await expect(withRetries(attempt, context('GET', clock, { policy }))).rejects.toBe(error);
    expect(calls()).toBe(2);
  });

  it('logs each retry at debug level: the error that ends the call is what the user reads', async () => {
    const clock = new FakeClock();
    const logger = recordingLogger();
    const { attempt } = failing(new ServerError('GET /x failed with 502: Bad Gateway', { statusCode: 502 }));
    await withRetries(attempt, context('GET', clock, { logger }));
    expect(logger.lines).toEqual([
      { level: 'debug', message: 'GET /x failed with 502: Bad Gateway; retry 1 of 3 in 0.3 s' },
    ]);
  });

  it('stops waiting when the signal aborts during a sleep', async () => {
    const controller = new AbortController();
    const sleep = (): Promise<void> => {
      controller.abort(new Error('stop'));
      return Promise.reject(new Error('stop'));
    };
    const { attempt, calls } = failing(new ServerError('503', { statusCode: 503 }));
    const error = await withRetries(
      attempt,
      context('GET', new FakeClock(), { sleep, signal: controller.signal }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toBe('GET /x was aborted');
    expect(calls()).toBe(1);
  });

  it('does not retry once the signal has aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = new ServerError('503', { statusCode: 503 });
    const { attempt, calls } = failing(error);
    await expect(
      withRetries(attempt, context('GET', new FakeClock(), { signal: controller.signal })),
    ).rejects.toBe(error);
    expect(calls()).toBe(1);
  });
});

describe('withRetries patient with 429s (a fleet: rateLimitWaitMs)', () => {
  const patient = { ...DEFAULT_RETRY_POLICY, rateLimitWaitMs: 60_000 };

  it('waits out a POST answered 429 ten times, beyond maxRetries, and then sends it', async () => {
    const clock = new FakeClock();
    const busy = Array.from(
      { length: 10 },
      () => new RateLimitError('POST /scans failed with 429', { retryAfterMs: 1000 }),
    );
    const { attempt, calls } = failing(...busy);
    await expect(withRetries(attempt, context('POST', clock, { policy: patient }))).resolves.toBe('ok');
    expect(calls()).toBe(11);
    expect(clock.sleeps).toEqual(Array.from({ length: 10 }, () => 1000));
  });

  it('still counts its other failures against maxRetries, apart from the 429s', async () => {
    const clock = new FakeClock();
    const server = new ServerError('GET /x failed with 503', { statusCode: 503 });
    const limited = new RateLimitError('429', { retryAfterMs: 1000 });
    const { attempt, calls } = failing(limited, server, limited, server, limited, server, server);
    await expect(withRetries(attempt, context('GET', clock, { policy: patient }))).rejects.toBe(server);
    expect(calls()).toBe(7);
  });

  it('gives up once its 429s would wait longer than rateLimitWaitMs', async () => {
    const clock = new FakeClock();
    const busy = Array.from({ length: 10 }, () => new RateLimitError('429', { retryAfterMs: 20_000 }));
    const { attempt, calls } = failing(...busy);
    await expect(withRetries(attempt, context('POST', clock, { policy: patient }))).rejects.toBe(busy[3]);
    expect(calls()).toBe(4);
  });
});

describe('retryAfterOf', () => {
  const now = () => Date.UTC(2026, 10, 28);
  const headers = (given: Record<string, string>) => (name: string) => given[name];

  it('prefers retry-after-ms, finer than a second, to Retry-After', () => {
    expect(retryAfterOf(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), now)).toBe(1500);
    expect(retryAfterOf(headers({ 'retry-after-ms': 'soon', 'retry-after': '9' }), now)).toBe(9000);
    expect(retryAfterOf(headers({}), now)).toBeUndefined();
  });
});
