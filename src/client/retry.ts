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
  /**
   * When set, a 429 is retried however many times it comes, counted against neither maxRetries nor maxWaitMs,
   * while its waits add up to no more than this: a caller with a long deadline (a fleet's night) waits out a busy
   * service rather than dropping work (the spec: back off and retry). The call's signal still cuts every wait.
   */
  rateLimitWaitMs?: number | undefined;
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
 * The wait an answer asks for, in milliseconds: `retry-after-ms` (milliseconds, as OpenAI's and Anthropic's APIs
 * send it, finer than a second) when it is a usable number, else `Retry-After`; undefined when neither is.
 */
export function retryAfterOf(header: (name: string) => string | undefined, now: Now): number | undefined {
  const ms = header('retry-after-ms')?.trim() ?? '';
  if (/^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(header('retry-after'), now);
}

/**
 * Runs `attempt` until it succeeds, fails in a way that is not retried, or the retries or wait budget run out.
 * `attempt` is told how many retries came before it (0 on the first try).
 */
export async function withRetries<T>(
  attempt: (retriesTaken: number) => Promise<T>,
  context: RetryContext,
): Promise<T> {
  const { method, path, signal, logger } = context;
  const spent = { retries: 0, waitedMs: 0, rateLimited: 0, rateLimitedMs: 0 };
  for (let attempts = 0; ; attempts++) {
    try {
      return await attempt(attempts);
    } catch (error) {
      if (error instanceof ServiceError) error.attempts = attempts + 1;
      if (signal?.aborted) throw error;
      const delayMs = retryDelay(error, spent, context);
      if (delayMs === undefined) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const which =
        spent.rateLimited > 0 && failureKind(error) === 'rate-limited'
          ? `429 waited out (${seconds(spent.rateLimitedMs)} s of ${seconds(context.policy.rateLimitWaitMs ?? 0)} s)`
          : `retry ${spent.retries} of ${context.policy.maxRetries}`;
      // In the debug log only: a call that then succeeds needs no word, and one that fails says it once, with
      // the number of attempts.
      logger.debug(`${reason}; ${which} in ${seconds(delayMs)} s`);
      try {
        await context.sleep(delayMs, signal);
      } catch (sleepError) {
        throw abortedError(`${method} ${path}`, signal?.reason ?? sleepError);
      }
    }
  }
}

/**
 * How long to wait before the next attempt after `error`, counted into `spent`; undefined: not retried (the rules
 * say no, or the retries or the wait budget are spent). A patient 429 (rateLimitWaitMs) has a budget of its own.
 */
function retryDelay(
  error: unknown,
  spent: { retries: number; waitedMs: number; rateLimited: number; rateLimitedMs: number },
  context: RetryContext,
): number | undefined {
  const { method, path, policy, logger } = context;
  const kind = failureKind(error);
  if (!isRetryable(kind, method, context.idempotent)) return undefined;
  const retryAfterMs = error instanceof RateLimitError ? error.retryAfterMs : undefined;
  const patient = kind === 'rate-limited' && policy.rateLimitWaitMs !== undefined;
  const delayMs =
    retryAfterMs ?? backoffDelayMs(patient ? spent.rateLimited : spent.retries, context.random, policy);
  if (patient) {
    if (spent.rateLimitedMs + delayMs > (policy.rateLimitWaitMs ?? 0)) return undefined;
    spent.rateLimited += 1;
    spent.rateLimitedMs += delayMs;
    return delayMs;
  }
  if (spent.retries >= policy.maxRetries) return undefined;
  if (spent.waitedMs + delayMs > policy.maxWaitMs) {
    logger.debug(
      `${method} ${path}: not retrying, a wait of ${seconds(delayMs)} s would exceed the retry budget of ${seconds(policy.maxWaitMs)} s`,
    );
    return undefined;
  }
  spent.retries += 1;
  spent.waitedMs += delayMs;
  return delayMs;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}
