import { describe, expect, it } from 'vitest';
import {
  BUDGET_BURST_SHARE,
  CONTENT_CREATION_SPACING_MS,
  GitHubPacer,
  POINTS_PER_MINUTE,
  budgetOpensAt,
} from '../../../src/github/github-pacer.ts';

const START = 1_700_000_000_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const NIGHT = START + 8 * HOUR;

/** Sends `count` requests as early as the pacer lets each go, on a clock that only moves when it must wait. */
function schedule(pacer: GitHubPacer, key: string, method: string, count: number, from = START): number[] {
  const times: number[] = [];
  let now = from;
  for (let i = 0; i < count; i++) {
    now = pacer.opensAt(key, method, now);
    pacer.sent(key, method, now);
    times.push(now);
  }
  return times;
}

function mostInAnyWindow(times: readonly number[], spanMs: number): number {
  let most = 0;
  for (const [i, start] of times.entries()) {
    const inWindow = times.slice(i).filter((t) => t < start + spanMs).length;
    most = Math.max(most, inWindow);
  }
  return most;
}

describe('content-creating requests', () => {
  it('spaces every POST, PATCH, PUT and DELETE at least 750 ms apart, never two at once', () => {
    const pacer = new GitHubPacer(NIGHT);
    const methods = ['POST', 'PATCH', 'PUT', 'DELETE'];
    const times = Array.from(
      { length: 40 },
      (_, i) => schedule(pacer, 'installation 1', methods[i % 4]!, 1)[0]!,
    );
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(CONTENT_CREATION_SPACING_MS);
  });

  it('sends at most 80 in any minute and 500 in any hour, then waits for the oldest to leave the hour', () => {
    const pacer = new GitHubPacer(NIGHT);
    const times = schedule(pacer, 'installation 1', 'POST', 600);
    expect(mostInAnyWindow(times, MINUTE)).toBeLessThanOrEqual(80);
    expect(mostInAnyWindow(times, HOUR)).toBe(500);
    expect(times[500]! - times[0]!).toBeGreaterThanOrEqual(HOUR);
  });

  it("counts a content-creating request's windows from its answer, a round trip after it was sent", () => {
    const pacer = new GitHubPacer(NIGHT);
    pacer.sent('installation 1', 'POST', START);
    pacer.answered('installation 1', 'POST', START + 400);
    const times = schedule(pacer, 'installation 1', 'POST', 499, START + 400);
    // An answer before the last sending changes nothing.
    pacer.answered('installation 1', 'POST', times[498]! - 1);
    expect(pacer.opensAt('installation 1', 'POST', times[498]! + 1)).toBe(START + 400 + HOUR);
    expect(pacer.opensAt('installation 1', 'GET', START + 401)).toBe(START + 401);
  });

  it('keeps installations apart, and reads do not count as content', () => {
    const pacer = new GitHubPacer(NIGHT);
    schedule(pacer, 'installation 1', 'POST', 500);
    expect(pacer.opensAt('installation 2', 'POST', START)).toBe(START);
    expect(pacer.opensAt('installation 1', 'GET', START + 10 * MINUTE)).toBe(START + 10 * MINUTE);
  });
});

describe('points a minute', () => {
  it('holds the 901st point of a minute until the first leaves it', () => {
    const pacer = new GitHubPacer(NIGHT);
    const times = schedule(pacer, 'token', 'GET', POINTS_PER_MINUTE + 1);
    expect(times[POINTS_PER_MINUTE - 1]).toBe(START);
    expect(times[POINTS_PER_MINUTE]).toBe(START + MINUTE);
  });
});

describe('the hourly budget, spread over the night', () => {
  const fresh = { limit: 5000, remaining: 5000, resetAt: START + HOUR };

  it('lets a fresh window spend a tenth at once, then no faster than the limit an hour', () => {
    const pacer = new GitHubPacer(NIGHT);
    pacer.observed('installation 1', fresh);
    const times = schedule(pacer, 'installation 1', 'GET', 1500);
    const burst = times.filter((t) => t === START).length;
    expect(burst).toBeGreaterThanOrEqual(5000 * BUDGET_BURST_SHARE);
    expect(burst).toBeLessThanOrEqual(5000 * BUDGET_BURST_SHARE + 1);
    // After the burst: one request each 3600 s / 5000 = 0.72 s, never two closer.
    const after = times.slice(burst + 1);
    const gaps = after.slice(1).map((t, i) => t - after[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(720);
  });

  it('keeps what the rest of the window needs: the budget left never falls below the steady share less the burst', () => {
    const pacer = new GitHubPacer(NIGHT);
    pacer.observed('installation 1', fresh);
    const lefts: { at: number; left: number }[] = [];
    let now = START;
    for (let i = 0; i < 3000; i++) {
      now = pacer.opensAt('installation 1', 'GET', now);
      pacer.sent('installation 1', 'GET', now);
      lefts.push({ at: now, left: pacer.budgetOf('installation 1')!.remaining });
    }
    const short = lefts.filter(
      ({ at, left }) => left < (5000 * (fresh.resetAt - at)) / HOUR - 5000 * BUDGET_BURST_SHARE - 1,
    );
    expect(short).toEqual([]);
    // 500 at once, then 2,500 at 0.72 s each: half an hour, not the first minutes.
    expect(lefts.at(-1)!.at).toBeGreaterThanOrEqual(START + 30 * MINUTE - 1000);
  });

  it('frees the rest as the deadline draws near', () => {
    const budget = { limit: 5000, remaining: 1000, resetAt: START + HOUR };
    expect(budgetOpensAt(budget, START + HOUR, START)).toBeGreaterThan(START);
    expect(budgetOpensAt(budget, START + 5 * MINUTE, START)).toBe(START);
  });

  it('waits for the reset once the budget is spent, and forgets a window that has reset', () => {
    const spent = { limit: 5000, remaining: 0, resetAt: START + 10 * MINUTE };
    expect(budgetOpensAt(spent, NIGHT, START)).toBe(START + 10 * MINUTE);
    expect(budgetOpensAt(spent, NIGHT, START + 11 * MINUTE)).toBe(START + 11 * MINUTE);
    expect(budgetOpensAt(undefined, NIGHT, START)).toBe(START);
  });

  it("follows the limit GitHub's headers give (15,000 on Enterprise Cloud paces faster than 5,000)", () => {
    const at = (limit: number) =>
      budgetOpensAt({ limit, remaining: limit / 2, resetAt: START + HOUR }, NIGHT, START + 10 * MINUTE);
    expect(at(15_000)).toBeLessThan(at(5000));
  });
});

describe('holds', () => {
  it("holds every request of the budget until a secondary limit's wait ends, a longer hold standing", () => {
    const pacer = new GitHubPacer(NIGHT);
    pacer.hold('installation 1', START + 30_000);
    pacer.hold('installation 1', START + 10_000);
    expect(pacer.opensAt('installation 1', 'GET', START)).toBe(START + 30_000);
    expect(pacer.opensAt('installation 2', 'GET', START)).toBe(START);
  });
});
