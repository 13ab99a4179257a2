/**
 * The fleet's polling schedule: a scan is first polled `firstIntervalMs` after it started, then each interval is
 * half as long again as the one before, up to LONGEST_POLL_INTERVAL_MS (2 s, 3 s, 4.5 s, … 60 s): a scan of ten
 * minutes is polled about 17 times, not 300, and the end of a long scan is seen at most a minute late. A round
 * reads every scan in flight at once, so in a busy fleet the young scans' rounds see the old scans' ends sooner.
 */
const LONGEST_POLL_INTERVAL_MS = 60_000;
const GROWTH = 1.5;

/** How long after its `polls`-th poll that found it running a scan is polled again. */
export function nextPollDelayMs(polls: number, firstIntervalMs: number): number {
  const longest = Math.max(firstIntervalMs, LONGEST_POLL_INTERVAL_MS);
  return Math.min(longest, firstIntervalMs * GROWTH ** polls);
}
