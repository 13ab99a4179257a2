import { secondaryRateLimit, type GitHubError } from './github-errors.ts';

/**
 * A secondary rate limit switched on for the next `count` API requests: 403 (or 429) with `retry-after`, or
 * with `x-ratelimit-remaining: 0` and `x-ratelimit-reset` when `resetAfterSeconds` is given.
 */

export interface SecondaryRateLimit {
  readonly count: number;
  readonly status?: 403 | 429;
  /** Default 1 unless `resetAfterSeconds` is given. */
  readonly retryAfterSeconds?: number;
  readonly resetAfterSeconds?: number;
}

export class SecondaryRateLimiter {
  #limit: SecondaryRateLimit | undefined;
  #remaining = 0;

  set(limit: SecondaryRateLimit | undefined): void {
    if (limit !== undefined && (!Number.isInteger(limit.count) || limit.count < 0))
      throw new RangeError('count must be a non-negative integer');
    if (limit?.status !== undefined && ![403, 429].includes(limit.status))
      throw new RangeError('status must be 403 or 429');
    this.#limit = limit;
    this.#remaining = limit?.count ?? 0;
  }

  get remaining(): number {
    return this.#remaining;
  }

  /** The error for this request, or undefined when it goes through. */
  take(nowMs: number): GitHubError | undefined {
    const limit = this.#limit;
    if (limit === undefined || this.#remaining === 0) return undefined;
    this.#remaining--;
    const headers: Record<string, string> = {};
    if (limit.resetAfterSeconds === undefined || limit.retryAfterSeconds !== undefined)
      headers['retry-after'] = String(limit.retryAfterSeconds ?? 1);
    if (limit.resetAfterSeconds !== undefined) {
      headers['x-ratelimit-remaining'] = '0';
      headers['x-ratelimit-reset'] = String(Math.ceil(nowMs / 1000 + limit.resetAfterSeconds));
    }
    return secondaryRateLimit(limit.status ?? 403, headers);
  }
}
