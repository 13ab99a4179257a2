/**
 * One token bucket per API key: `burst` requests at once, refilled at `ratePerSecond`. A refused request
 * learns how many whole seconds to wait, for the Retry-After header.
 */
export interface RateLimit {
  ratePerSecond: number;
  burst: number;
}

export const DEFAULT_RATE_LIMIT: Readonly<RateLimit> = Object.freeze({
  ratePerSecond: 10_000,
  burst: 20_000,
});

export type RateDecision =
  { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;
  #limit: RateLimit | null;

  /** `null` turns limiting off. */
  constructor(limit: RateLimit | null, now: () => number = () => performance.now()) {
    this.#limit = limit === null ? null : checked(limit);
    this.#now = now;
  }

  get limit(): RateLimit | null {
    return this.#limit;
  }

  configure(limit: RateLimit | null): void {
    this.#limit = limit === null ? null : checked(limit);
    this.#buckets.clear();
  }

  take(key: string): RateDecision {
    const limit = this.#limit;
    if (limit === null) return { allowed: true, remaining: Number.POSITIVE_INFINITY };
    const now = this.#now();
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { tokens: limit.burst, updatedAt: now };
      this.#buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(
      limit.burst,
      bucket.tokens + ((now - bucket.updatedAt) / 1000) * limit.ratePerSecond,
    );
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, remaining: Math.floor(bucket.tokens) };
    }
    const seconds = (1 - bucket.tokens) / limit.ratePerSecond;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) };
  }
}

function checked(limit: RateLimit): RateLimit {
  if (!(limit.ratePerSecond > 0) || !(limit.burst >= 1)) {
    throw new RangeError('a rate limit needs a rate above 0 per second and a burst of at least 1');
  }
  return { ratePerSecond: limit.ratePerSecond, burst: limit.burst };
}
