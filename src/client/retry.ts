import type { Now, Random, Sleep } from './clock.ts';
import { ConfigError, RateLimitError, ServiceError, abortedError } from './errors.ts';
import type { Logger } from './logger.ts';

/**
 * Retry rules. A 429 is retried for every method, after the server's Retry-After when it gave one. 5xx,
 * resets and timeouts are retried only for idempotent methods: a POST that failed that way may have been
 * processed, and repeating it could start a second scan. A POST is retried otherwise only when the
 * connection was never made, so the server cannot have seen it.
 */

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Upper bound on the sum of the waits between attempts of one call. */
  maxWaitMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface RetryContext {
  method: string;
  path: string;
  policy: RetryPolicy;
  sleep: Sleep;
  random: Random;
  logger: Logger;
  signal?: AbortSignal | undefined;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Failures that happen before a request can reach the server. */
const CONNECT_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export type FailureKind = 'rate-limited' | 'server' | 'connect' | 'network' | 'final';

/** Sorts an error of one attempt by what the retry rules need to know about it. */
export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ServiceError) || error instanceof ConfigError) return 'final';
  if (error instanceof RateLimitError) return 'rate-limited';
  const status = error.statusCode;
  if (status !== undefined) return status >= 500 && status <= 599 ? 'server' : 'final';
  if (error.cause === undefined) return 'final';
  return isConnectFailure(error.cause) ? 'connect' : 'network';
}

function isConnectFailure(cause: unknown): boolean {
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECT_ERROR_CODES.has(code)) return true;
  // Node reports a failed connection to every address of a host (happy eyeballs) as an AggregateError.
  if (cause instanceof AggregateError) return cause.errors.some(isConnectFailure);
  return isConnectFailure(cause.cause);
}

export function isRetryable(kind: FailureKind, method: string): boolean {
  switch (kind) {
    case 'rate-limited':
    case 'connect':
      return true;
    case 'server':
    case 'network':
      return IDEMPOTENT_METHODS.has(method.toUpperCase());
    case 'final':
      return false;
  }
}

/** Exponential backoff with full jitter: a uniform wait in [0, min(cap, base * 2^retryIndex)). */
export function backoffDelayMs(retryIndex: number, random: Random, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/**
 * Reads a Retry-After header: delta seconds or an HTTP date. Returns milliseconds from now (never negative),
 * or undefined when the header is absent or unusable.
 */
export function parseRetryAfter(value: string | undefined, now: Now): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text.length === 0) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date names its day and month; this keeps Date.parse from reading '-1' as a year.
  if (!/^[a-z]{3,9}[, ]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now());
}

/** Runs `attempt` until it succeeds, fails in a way that is not retried, or the retries or wait budget run out. */
export async function withRetries<T>(attempt: () => Promise<T>, context: RetryContext): Promise<T> {
  const { method, path, policy, signal, logger } = context;
  let waitedMs = 0;
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw error;
      const kind = failureKind(error);
      if (retryIndex >= policy.maxRetries || !isRetryable(kind, method)) throw error;
      const retryAfterMs = error instanceof RateLimitError ? error.retryAfterMs : undefined;
      const delayMs = retryAfterMs ?? backoffDelayMs(retryIndex, context.random, policy);
      if (waitedMs + delayMs > policy.maxWaitMs) {
        logger.debug(
          `${method} ${path}: not retrying, a wait of ${seconds(delayMs)} s would exceed the retry budget of ${seconds(policy.maxWaitMs)} s`,
        );
        throw error;
      }
      const reason = error instanceof Error ? error.message : String(error);
      logger.warning(`${reason}; retry ${retryIndex + 1} of ${policy.maxRetries} in ${seconds(delayMs)} s`);
      try {
        await context.sleep(delayMs, signal);
      } catch (sleepError) {
        throw abortedError(`${method} ${path}`, signal?.reason ?? sleepError);
      }
      waitedMs += delayMs;
    }
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}
