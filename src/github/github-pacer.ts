import type { RateBudget } from './rate-limit-answer.ts';

/**
 * When the next request to GitHub may go, for one budget (an App installation, a token, the App itself): pure
 * scheduling on times given to it, so it is tested on a fake clock and the rate gate does the waiting. The rules,
 * each from GitHub's documentation on rate limits:
 *
 * - **Content creation.** Every POST, PATCH, PUT and DELETE counts as creating content: at most 80 a minute and
 *   500 an hour, and never two closer than 60 s / 80 = 750 ms apart (paced, never a burst).
 * - **Points.** At most 900 points a minute: a GET, HEAD or OPTIONS costs 1, any other method 5.
 * - **The hourly budget, spread over the night.** The last answer's `x-ratelimit-limit` L, `-remaining` R and
 *   `-reset` say what is left of the window. With E the window's reset or the deadline, whichever comes first, a
 *   request goes only when the budget left after it stays at or above the steady share of the time still to come,
 *   less a burst allowance B of a tenth of the limit:
 *
 *       R - 1 >= L * (E - now) / 1 hour - B
 *
 *   So a fresh window spends at most B at once, then no faster than L an hour, and what is left when the window
 *   resets (or the deadline comes) is never less than what the rest of it needs at that pace; the deadline drawing
 *   near frees the rest. With R = 0 the next request waits for the reset. Other processes that share the budget
 *   (shards of one fleet) are seen in R, so each paces on what is really left. Before any answer (or once a window
 *   has reset) nothing is known and nothing is held.
 * - **Holds.** A secondary limit's `retry-after` (or a spent budget's reset) holds every request of the budget.
 */

/** The methods that read; every other method is treated as creating content. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const CONTENT_CREATION_LIMITS = { perMinute: 80, perHour: 500 } as const;
/** 60 s / 80: content-creating requests are spaced evenly at the per-minute limit. */
export const CONTENT_CREATION_SPACING_MS = MINUTE_MS / CONTENT_CREATION_LIMITS.perMinute;
export const POINTS_PER_MINUTE = 900;
const READ_POINTS = 1;
const WRITE_POINTS = 5;
/** The share of an hour's budget a fresh window may spend at once. */
export const BUDGET_BURST_SHARE = 0.1;

interface Spent {
  readonly at: number;
  readonly cost: number;
}

interface BudgetState {
  budget: RateBudget | undefined;
  heldUntil: number;
  /** Content-creating requests of the last hour, oldest first. */
  writes: Spent[];
  /** Every request of the last minute with its points, oldest first. */
  points: Spent[];
}

/** Whether GitHub counts a request of `method` as creating content (every method but GET, HEAD and OPTIONS). */
export function isContentCreating(method: string): boolean {
  return !READING_METHODS.has(method.toUpperCase());
}

/**
 * The earliest time at or after `now` when `cost` more fits in a sliding window of `spanMs` holding at most `max`:
 * the oldest entries that must leave the window first decide it.
 */
function windowOpensAt(entries: readonly Spent[], spanMs: number, max: number, cost: number, now: number) {
  const inWindow = entries.filter((entry) => entry.at > now - spanMs);
  let total = inWindow.reduce((sum, entry) => sum + entry.cost, 0);
  if (total + cost <= max) return now;
  for (const entry of inWindow) {
    total -= entry.cost;
    if (total + cost <= max) return entry.at + spanMs;
  }
  return now + spanMs;
}

/**
 * When the hourly budget lets the next request go (the rule above); `now` when nothing is known or the window
 * has reset.
 */
export function budgetOpensAt(budget: RateBudget | undefined, deadline: number, now: number): number {
  if (budget === undefined || now >= budget.resetAt) return now;
  if (budget.remaining <= 0) return budget.resetAt;
  const end = Math.min(budget.resetAt, deadline);
  const burst = budget.limit * BUDGET_BURST_SHARE;
  const opensAt = end - ((budget.remaining - 1 + burst) * HOUR_MS) / budget.limit;
  return Math.max(now, Math.ceil(opensAt));
}

export class GitHubPacer {
  readonly #deadline: number;
  readonly #budgets = new Map<string, BudgetState>();

  /** `deadline`: when the night ends (epoch milliseconds); the hourly budget is spread up to it. */
  constructor(deadline: number) {
    this.#deadline = deadline;
  }

  #state(key: string): BudgetState {
    let state = this.#budgets.get(key);
    if (state === undefined) {
      state = { budget: undefined, heldUntil: Number.NEGATIVE_INFINITY, writes: [], points: [] };
      this.#budgets.set(key, state);
    }
    return state;
  }

  /** The earliest time at or after `now` when a request with `method` may be sent on budget `key`. */
  opensAt(key: string, method: string, now: number): number {
    const state = this.#state(key);
    const writing = isContentCreating(method);
    const times = [
      now,
      state.heldUntil,
      budgetOpensAt(state.budget, this.#deadline, now),
      windowOpensAt(state.points, MINUTE_MS, POINTS_PER_MINUTE, writing ? WRITE_POINTS : READ_POINTS, now),
    ];
    if (writing) {
      const last = state.writes.at(-1);
      if (last !== undefined) times.push(last.at + CONTENT_CREATION_SPACING_MS);
      times.push(windowOpensAt(state.writes, MINUTE_MS, CONTENT_CREATION_LIMITS.perMinute, 1, now));
      times.push(windowOpensAt(state.writes, HOUR_MS, CONTENT_CREATION_LIMITS.perHour, 1, now));
    }
    return Math.max(...times);
  }

  /** A request was sent at `at`: it counts against the windows, and against the budget until its answer says. */
  sent(key: string, method: string, at: number): void {
    const state = this.#state(key);
    const writing = isContentCreating(method);
    state.points = [
      ...state.points.filter((entry) => entry.at > at - MINUTE_MS),
      { at, cost: pointsOf(writing) },
    ];
    if (writing) state.writes = [...state.writes.filter((entry) => entry.at > at - HOUR_MS), { at, cost: 1 }];
    const budget = state.budget;
    if (budget !== undefined && at < budget.resetAt)
      state.budget = { ...budget, remaining: Math.max(0, budget.remaining - 1) };
  }

  /**
   * The request sent last on `key` was answered at `at`. GitHub counted it somewhere between its sending and its
   * answer, and counts its windows from then: the windows of a content-creating request run from its answer, so
   * that the request that waits for it to leave the last minute or hour never reaches GitHub while GitHub still
   * counts it (a round trip late, a secondary rate limit at the hour's edge).
   */
  answered(key: string, method: string, at: number): void {
    const state = this.#state(key);
    if (!isContentCreating(method)) return;
    const moved = (entries: Spent[]): Spent[] => {
      const last = entries.at(-1);
      return last === undefined || last.at >= at ? entries : [...entries.slice(0, -1), { ...last, at }];
    };
    state.writes = moved(state.writes);
    state.points = moved(state.points);
  }

  /** An answer's budget (from its headers); an answer without one changes nothing. */
  observed(key: string, budget: RateBudget | undefined): void {
    if (budget !== undefined) this.#state(key).budget = budget;
  }

  /** No request of `key` before `until` (a hold already longer stands). */
  hold(key: string, until: number): void {
    const state = this.#state(key);
    state.heldUntil = Math.max(state.heldUntil, until);
  }

  /** What the last answer said of the budget, as the pacer counts it since. */
  budgetOf(key: string): RateBudget | undefined {
    return this.#budgets.get(key)?.budget;
  }
}

function pointsOf(writing: boolean): number {
  return writing ? WRITE_POINTS : READ_POINTS;
}
