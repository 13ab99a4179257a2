import type { Logger } from '../client/logger.ts';
import type { Sleep } from '../client/clock.ts';
import { FleetUsageError } from './fleet-usage-error.ts';
import type { RepositoryOutcome } from './rollup.ts';
import { utcTimeOfDay } from './utc-time.ts';

/** How often the fleet says how far it is (`--progress-interval`, the input `progress-interval`); 0: never. */
export const PROGRESS_INTERVAL = { defaultSeconds: 60, min: 5, max: 3600 } as const;

/** The interval as a face gives it: 0 (off), or whole seconds from 5 to 3,600; `flag` names it in the error. */
export function parseProgressInterval(text: string, flag: string): number {
  const trimmed = text.trim();
  const seconds = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (seconds === 0 || (seconds >= PROGRESS_INTERVAL.min && seconds <= PROGRESS_INTERVAL.max)) return seconds;
  throw new FleetUsageError(
    `${flag} is invalid: got '${text}'; expected 0 (no progress lines) or a whole number of seconds from ` +
      `${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}.`,
  );
}

/** How far the fleet is: its repositories done (by outcome), in a slot of the pool, and waiting for one. */
export class FleetProgress {
  readonly #total: number;
  readonly #deadlineAt: number;
  #running = 0;
  #passed = 0;
  #failed = 0;
  #notJudged = 0;

  /** `deadlineAt`: when the fleet's wait-timeout runs out (ms, the fleet's clock). */
  constructor(total: number, deadlineAt: number) {
    this.#total = total;
    this.#deadlineAt = deadlineAt;
  }

  started(): void {
    this.#running += 1;
  }

  ended(outcome: RepositoryOutcome): void {
    this.#running -= 1;
    if (outcome.gate === 'passed') this.#passed += 1;
    else if (outcome.gate === 'failed') this.#failed += 1;
    else this.#notJudged += 1;
  }

  /** `412 of 1000 done (372 passed, 37 failed the gate, 3 not judged), 100 running, 488 waiting; deadline 06:02:00Z`. */
  line(): string {
    const done = this.#passed + this.#failed + this.#notJudged;
    const waiting = this.#total - done - this.#running;
    return (
      `${done} of ${this.#total} done (${this.#passed} passed, ${this.#failed} failed the gate, ` +
      `${this.#notJudged} not judged), ${this.#running} running, ${waiting} waiting; ` +
      `deadline ${utcTimeOfDay(this.#deadlineAt)}`
    );
  }
}

/** What the progress lines are written with: the fleet's log and clock, and what cuts them short. */
export interface ProgressTimer {
  log: Logger;
  /** The fleet's own sleep, so that a test moves the time. */
  sleep: Sleep;
  /** 0: no line at all. */
  intervalSeconds: number;
  /** The fleet's deadline and the user's stop: no line is waited for after either. */
  signal: AbortSignal;
}

/**
 * Writes the progress line every interval while the scans run; `end`, once the last scan has ended, stops the
 * timer (no sleep is left pending) and writes the line once more, the night's last word on it.
 */
export function reportProgress(progress: FleetProgress, timer: ProgressTimer): { end: () => Promise<void> } {
  if (timer.intervalSeconds === 0) return { end: () => Promise.resolve() };
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, timer.signal]);
  const ticking = (async () => {
    for (;;) {
      try {
        await timer.sleep(timer.intervalSeconds * 1000, signal);
      } catch {
        // A sleep ends early only when its signal aborts: the fleet ended, or its deadline or stop came.
        return;
      }
      // A sleep may also end as its signal aborts: the last line is `end`'s.
      if (signal.aborted) return;
      timer.log.info(progress.line());
    }
  })();
  return {
    end: async () => {
      stop.abort();
      await ticking;
      timer.log.info(progress.line());
    },
  };
}
