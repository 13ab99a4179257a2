import type { ObservedRequest } from './request-log.ts';
import type { PollingAnalysis } from './results.ts';

/**
 * Judges the action's polling of GET /scans/{id} against its poll interval:
 * - not too many: at most 1 + floor(wait / interval) polls, where the wait runs from the scan's creation to
 *   the answer that said "completed" (one poll at once, then at most one per interval);
 * - in time: the completed state reaches the action within one interval plus the poll's own round trip.
 */

export interface PollingInput {
  polls: readonly ObservedRequest[];
  /** When the emulator created the scan (its answer to POST /scans). */
  createdAt: number;
  /** When the scan turned completed, from its creation and its scaled duration. */
  completedAt: number;
  intervalMs: number;
  latencyMs: number;
}

/** Timer and scheduling slack allowed on either side of a comparison. */
const SLACK_MS = 5;

export function analysePolling(input: PollingInput): PollingAnalysis {
  const { polls, intervalMs } = input;
  const warnings: string[] = [];
  const completedPoll = polls.find((poll) => poll.scanStatus === 'completed');
  const noticedAt = completedPoll?.finishedAt ?? completedPoll?.answeredAt;
  if (noticedAt === undefined) warnings.push('no poll answered "completed"');
  for (const poll of polls) {
    const at = poll.answeredAt;
    if (at === undefined || poll.scanStatus === undefined) continue;
    const done = poll.scanStatus === 'completed';
    if (done && at < input.completedAt - SLACK_MS)
      warnings.push(
        `a poll answered "completed" ${(input.completedAt - at).toFixed(1)} ms before the computed completion`,
      );
    if (!done && at > input.completedAt + SLACK_MS)
      warnings.push(
        `a poll answered "${poll.scanStatus}" ${(at - input.completedAt).toFixed(1)} ms after the computed completion`,
      );
  }
  const wait = (noticedAt ?? input.completedAt) - input.createdAt;
  const allowedPolls = 1 + Math.floor((wait + SLACK_MS) / intervalMs);
  let minGapMs: number | undefined;
  for (let i = 1; i < polls.length; i++) {
    const gap = (polls[i]?.arrivedAt ?? 0) - (polls[i - 1]?.arrivedAt ?? 0);
    minGapMs = minGapMs === undefined ? gap : Math.min(minGapMs, gap);
  }
  const lagMs = noticedAt === undefined ? Number.NaN : noticedAt - input.completedAt;
  return {
    intervalMs,
    scanMs: input.completedAt - input.createdAt,
    polls: polls.length,
    allowedPolls,
    minGapMs,
    lagMs,
    notTooMany: polls.length <= allowedPolls && (minGapMs === undefined || minGapMs >= intervalMs - SLACK_MS),
    noticedInTime: lagMs <= intervalMs + input.latencyMs + SLACK_MS,
    warnings,
  };
}
