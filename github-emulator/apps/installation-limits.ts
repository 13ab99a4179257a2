/**
 * An installation's limits, as GitHub documents them for GitHub Apps: a primary budget of requests an hour
 * (5,000, +50 a repository above 20, at most 12,500), whose window opens with the first request and whose
 * numbers every answer carries in `x-ratelimit-*`; and the secondary limit on content-creating requests (POST,
 * PATCH, PUT, DELETE): 80 a minute and 500 an hour, counted over the last minute and the last hour, a refusal
 * saying in `retry-after` when the oldest counted request leaves the window. Both read the emulator's clock.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export const CONTENT_LIMITS = { perMinute: 80, perHour: 500 } as const;

export function hourlyBudget(repositoryCount: number): number {
  return Math.min(12_500, 5_000 + 50 * Math.max(0, repositoryCount - 20));
}

export interface BudgetState {
  readonly limit: number;
  readonly used: number;
  readonly remaining: number;
  /** Epoch seconds when the window closes and the budget is whole again. */
  readonly reset: number;
}

export class RequestBudget {
  #windowStartMs: number | undefined;
  #used = 0;

  /** Counts a request; false when the budget is spent (the request is refused and not counted). */
  take(nowMs: number, limit: number): boolean {
    this.#roll(nowMs);
    this.#windowStartMs ??= nowMs;
    if (this.#used >= limit) return false;
    this.#used++;
    return true;
  }

  state(nowMs: number, limit: number): BudgetState {
    this.#roll(nowMs);
    const start = this.#windowStartMs ?? nowMs;
    return {
      limit,
      used: this.#used,
      remaining: Math.max(0, limit - this.#used),
      reset: Math.ceil((start + HOUR_MS) / 1000),
    };
  }

  /** Spends the budget down to `remaining` (tests of a budget nearly spent). */
  setUsed(nowMs: number, used: number): void {
    this.#roll(nowMs);
    this.#windowStartMs ??= nowMs;
    this.#used = used;
  }

  #roll(nowMs: number): void {
    if (this.#windowStartMs !== undefined && nowMs >= this.#windowStartMs + HOUR_MS) {
      this.#windowStartMs = undefined;
      this.#used = 0;
    }
  }
}

export function budgetHeaders(state: BudgetState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-used': String(state.used),
    'x-ratelimit-reset': String(state.reset),
    'x-ratelimit-resource': 'core',
  };
}

export class ContentCreationLimiter {
  /** When each accepted content-creating request came, oldest first, over the last hour. */
  readonly #times: number[] = [];

  /** Undefined when the request may go (it is counted), else the seconds to wait. */
  take(nowMs: number, limits: { perMinute: number; perHour: number }): number | undefined {
    while (this.#times.length > 0 && (this.#times[0] ?? 0) <= nowMs - HOUR_MS) this.#times.shift();
    const inMinute = this.#times.filter((time) => time > nowMs - MINUTE_MS);
    const waits: number[] = [];
    if (inMinute.length >= limits.perMinute)
      waits.push((inMinute[inMinute.length - limits.perMinute] ?? nowMs) + MINUTE_MS - nowMs);
    if (this.#times.length >= limits.perHour)
      waits.push((this.#times[this.#times.length - limits.perHour] ?? nowMs) + HOUR_MS - nowMs);
    if (waits.length > 0) return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
    this.#times.push(nowMs);
    return undefined;
  }
}
