import type { Now, Random, Sleep } from './clock.ts';
import {
  ConnectionError,
  DecodeError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  ServiceError,
  abortedError,
} from './errors.ts';
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
  /** Safe to repeat whatever the method. */
  idempotent?: boolean | undefined;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * - `rate-limited`: 429; `server`: 5xx; `connect`: the request never reached the server;
 * - `network`: a reset or timeout after the request may have been seen, or an answer too broken to use (a
 *   truncated body), which a read simply asks for again;
 * - `final`: anything else (4xx, a local problem, an abort).
 */
export type FailureKind = 'rate-limited' | 'server' | 'connect' | 'network' | 'final';

/** Sorts an error of one attempt by what the retry rules need to know about it, by its class alone. */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof RateLimitError) return 'rate-limited';
  if (error instanceof ServerError) return 'server';
  if (error instanceof ConnectionError) return error.neverSent ? 'connect' : 'network';
  if (error instanceof RequestTimeoutError || error instanceof DecodeError) return 'network';
  return 'final';
}

/**
 * `idempotent` marks a call that is safe to repeat whatever its method (cancelling a scan twice cancels it
 * once); otherwise the method decides.
 */
export function isRetryable(kind: FailureKind, method: string, idempotent = false): boolean {
  switch (kind) {
    case 'rate-limited':
    case 'connect':
      return true;
    case 'server':
    case 'network':
      return idempotent || IDEMPOTENT_METHODS.has(method.toUpperCase());
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

/**
 * Runs `attempt` until it succeeds, fails in a way that is not retried, or the retries or wait budget run out.
 * `attempt` is told how many retries came before it (0 on the first try).
 */
export async function withRetries<T>(
  attempt: (retriesTaken: number) => Promise<T>,
  context: RetryContext,
): Promise<T> {
  const { method, path, policy, signal, logger } = context;
  let waitedMs = 0;
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await attempt(retryIndex);
    } catch (error) {
      if (error instanceof ServiceError) error.attempts = retryIndex + 1;
      if (signal?.aborted) throw error;
      const kind = failureKind(error);
      if (retryIndex >= policy.maxRetries || !isRetryable(kind, method, context.idempotent)) throw error;
      const retryAfterMs = error instanceof RateLimitError ? error.retryAfterMs : undefined;
      const delayMs = retryAfterMs ?? backoffDelayMs(retryIndex, context.random, policy);
      if (waitedMs + delayMs > policy.maxWaitMs) {
        logger.debug(
          `${method} ${path}: not retrying, a wait of ${seconds(delayMs)} s would exceed the retry budget of ${seconds(policy.maxWaitMs)} s`,
        );
        throw error;
      }
      const reason = error instanceof Error ? error.message : String(error);
      // In the debug log only: a call that then succeeds needs no word, and one that fails says it once, with
      // the number of attempts.
      logger.debug(`${reason}; retry ${retryIndex + 1} of ${policy.maxRetries} in ${seconds(delayMs)} s`);
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
