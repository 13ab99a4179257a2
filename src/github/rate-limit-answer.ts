import { RequestError } from '@octokit/request-error';
import type { Now } from '../client/clock.ts';
import { parseRetryAfter } from '../client/retry.ts';

/**
 * What GitHub's answers say about its limits, read from their headers. Pure: the action's client and the fleet's
 * rate gate both read answers through it.
 */

/** An answer's headers as octokit gives them (lower-case names). */
export type AnswerHeaders = Readonly<Record<string, unknown>>;

/** The primary budget an answer reports: `x-ratelimit-limit`, `-remaining`, and `-reset` (epoch seconds). */
export interface RateBudget {
  readonly limit: number;
  readonly remaining: number;
  /** When the window ends and the budget is whole again, in epoch milliseconds. */
  readonly resetAt: number;
}

/** When GitHub names no wait, a minute is what its documentation asks for (then longer, each time again). */
const DEFAULT_WAIT_MS = 60_000;
/** The longest wait asked for without a header: GitHub's secondary limits last minutes, not hours. */
const MAX_DEFAULT_WAIT_MS = 15 * 60_000;

function headerText(headers: AnswerHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function headerCount(headers: AnswerHeaders, name: string): number | undefined {
  const text = headerText(headers, name)?.trim();
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** The budget an answer reports, or undefined when it carries no (or unreadable) rate-limit headers. */
export function budgetOf(headers: AnswerHeaders): RateBudget | undefined {
  const limit = headerCount(headers, 'x-ratelimit-limit');
  const remaining = headerCount(headers, 'x-ratelimit-remaining');
  const reset = headerCount(headers, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || reset === undefined || limit === 0) return undefined;
  return { limit, remaining: Math.min(remaining, limit), resetAt: reset * 1000 };
}

/** GitHub's words for a secondary rate limit (and its older name for one) in a 403's message. */
const SECONDARY_LIMIT_MESSAGE = /secondary rate limit|abuse detection/i;

/**
 * How long a refusal asks to wait, in milliseconds: a 403 or 429 with `retry-after`; one with
 * `x-ratelimit-remaining: 0` until `x-ratelimit-reset`; a 429, or a 403 whose message names a secondary rate
 * limit, a minute, doubled for each wait already made for the same request (`waitsMade`). Undefined for any other
 * answer, a 403 that is a refusal of the credentials included.
 */
export function rateLimitWaitMs(
  status: number,
  headers: AnswerHeaders,
  message: string,
  now: Now,
  waitsMade = 0,
): number | undefined {
  if (status !== 403 && status !== 429) return undefined;
  const retryAfter = parseRetryAfter(headerText(headers, 'retry-after'), now);
  if (retryAfter !== undefined) return retryAfter;
  if (headerCount(headers, 'x-ratelimit-remaining') === 0) {
    const reset = headerCount(headers, 'x-ratelimit-reset');
    if (reset !== undefined) return Math.max(0, reset * 1000 - now());
  }
  if (status === 429 || SECONDARY_LIMIT_MESSAGE.test(message))
    return Math.min(DEFAULT_WAIT_MS * 2 ** waitsMade, MAX_DEFAULT_WAIT_MS);
  return undefined;
}

/**
 * When the token ends, from `github-authentication-token-expiration` (`2026-05-01 16:27:48 UTC`, or with an
 * offset such as `+0200`), in epoch milliseconds; undefined when the answer does not say (a token without expiry).
 */
export function tokenExpiryOf(headers: AnswerHeaders): number | undefined {
  const text = headerText(headers, 'github-authentication-token-expiration')?.trim();
  const match = text && /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})\s*(UTC|Z|[+-]\d{2}:?\d{2})$/i.exec(text);
  if (!match) return undefined;
  const [, day, time, zone = ''] = match;
  const offset = /^(UTC|Z)$/i.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const at = Date.parse(`${day ?? ''}T${time ?? ''}${offset}`);
  return Number.isNaN(at) ? undefined : at;
}

/** What GitHub said in a failed answer: its body's `message`, else the error's own. */
export function refusalMessageOf(error: RequestError): string {
  const body = error.response?.data as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : error.message;
}

/** The wait a failed request asks for (see rateLimitWaitMs); undefined for an error that is no rate limit. */
export function waitAskedByMs(error: unknown, now: Now, waitsMade = 0): number | undefined {
  if (!(error instanceof RequestError)) return undefined;
  return rateLimitWaitMs(
    error.status,
    error.response?.headers ?? {},
    refusalMessageOf(error),
    now,
    waitsMade,
  );
}
