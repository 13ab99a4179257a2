import type { Now, Sleep } from './clock.ts';
import { PollTimeoutError, RateLimitError, abortedError } from './errors.ts';
import type { JobOutcome } from './job-status.ts';

export interface WaitOptions<T> {
  intervalMs?: number | undefined;
  /** Overall deadline of the wait, from its start. */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called with every state fetched, the last (terminal) one included. */
  onUpdate?: ((job: T) => void) | undefined;
  /** Wait one interval before the first fetch: the caller has just seen the job's state (it created it). */
  skipFirstFetch?: boolean | undefined;
}

/**
 * A `Retry-After` on a job that is still running is honoured up to this long: a service that asks for an hour
 * would otherwise make the poller sleep past any sensible deadline (the wait's deadline bounds it anyway).
 */
const MAX_POLL_RETRY_AFTER_MS = 60_000;

export interface Poll<T> {
  /** Names what is awaited, with its id, e.g. `scan abc`. */
  what: string;
  /** Fetches the job's state; `onRetryAfter` hears the answer's `Retry-After`, if it has one. */
  fetch: (signal: AbortSignal | undefined, onRetryAfter: (ms: number | undefined) => void) => Promise<T>;
  outcome: (job: T) => JobOutcome;
  /** Describes the state for the timeout message. */
  describe: (job: T) => string;
  intervalMs: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  onUpdate?: ((job: T) => void) | undefined;
  skipFirstFetch?: boolean | undefined;
  sleep: Sleep;
  now: Now;
}

/**
 * Fetches until the outcome is terminal and returns that state, whether it succeeded, failed or was cancelled:
 * the caller decides what a failure means. Gives up at the deadline with PollTimeoutError (a ServiceError, the
 * spec's generic kind). A request error ends the wait: the transport has already retried what was worth retrying.
 */
export async function pollUntilTerminal<T>(poll: Poll<T>): Promise<T> {
  const { what, signal, now } = poll;
  const deadline = now() + poll.timeoutMs;
  if (poll.skipFirstFetch) await pause(poll, Math.min(poll.intervalMs, poll.timeoutMs));
  for (;;) {
    if (signal?.aborted) throw abortedError(`Waiting for ${what}`, signal.reason);
    let job: T;
    let retryAfterMs: number | undefined;
    try {
      job = await poll.fetch(signal, (ms) => {
        retryAfterMs = ms;
      });
    } catch (error) {
      // A rate limit that asks for a longer wait than the transport's retry budget is still only a wait: the
      // poller waits it out when the deadline allows, and gives up with the service's error otherwise.
      const retryAfter = error instanceof RateLimitError ? error.retryAfterMs : undefined;
      if (retryAfter === undefined) throw error;
      const wait = Math.max(retryAfter, poll.intervalMs);
      if (now() + wait >= deadline) throw error;
      await pause(poll, wait);
      continue;
    }
    poll.onUpdate?.(job);
    if (poll.outcome(job) !== 'running') return job;
    const remaining = deadline - now();
    if (remaining <= 0) {
      const status = poll.describe(job);
      throw new PollTimeoutError(
        `Timed out after ${formatSeconds(poll.timeoutMs)} waiting for ${what} to finish; last status: ${status}`,
        status,
      );
    }
    await pause(poll, Math.min(nextPollDelay(poll.intervalMs, retryAfterMs), remaining));
  }
}

/** The spec's interval, or longer when the service asks for it (bounded by MAX_POLL_RETRY_AFTER_MS). */
function nextPollDelay(intervalMs: number, retryAfterMs: number | undefined): number {
  if (retryAfterMs === undefined || !(retryAfterMs > intervalMs)) return intervalMs;
  return Math.min(retryAfterMs, Math.max(intervalMs, MAX_POLL_RETRY_AFTER_MS));
}

async function pause<T>(poll: Poll<T>, ms: number): Promise<void> {
  try {
    await poll.sleep(ms, poll.signal);
  } catch (error) {
    throw abortedError(`Waiting for ${poll.what}`, poll.signal?.reason ?? error);
  }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
