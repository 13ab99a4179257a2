import { FleetUsageError } from './fleet-usage-error.ts';
import type { FleetRollUp, SeverityCounts } from './rollup.ts';

/** The nights `--history` shows at most: two months of nightly runs. */
export const HISTORY_NIGHTS = 60;

/** One night of the organization's history: when it started and what the fleet found. */
export interface HistoryNight {
  /** UTC, `YYYY-MM-DDTHH:MM:SSZ`. */
  started_at: string;
  run_id: string | null;
  repositories: number;
  failed: number;
  findings: SeverityCounts;
}

/** A roll-up read from a file, with the words that name it in an error (`--history roll-ups/monday.json`). */
export interface RollUpFile {
  where: string;
  rollUp: FleetRollUp;
}

/**
 * The nights of the earlier roll-ups (`--history`), read before any request. One without `started_at` (written
 * before svc recorded it) cannot be placed among the nights, and is refused naming its file.
 */
export function nightsOf(earlier: readonly RollUpFile[]): HistoryNight[] {
  return earlier.map(({ where, rollUp }) => {
    if (rollUp.started_at === null)
      throw new FleetUsageError(
        `${where} has no started_at (it was written before roll-ups recorded when their night started): it cannot be placed in the history; leave it out.`,
      );
    return nightOf(rollUp, rollUp.started_at);
  });
}

/**
 * The earlier nights and tonight's, ordered by `started_at`, the last HISTORY_NIGHTS of them. A night given twice
 * (or tonight's among the earlier ones: the same run and start) counts once, as the latest reading of it.
 */
export function historyWith(earlier: readonly HistoryNight[], tonight: FleetRollUp): HistoryNight[] {
  const all = tonight.started_at === null ? earlier : [...earlier, nightOf(tonight, tonight.started_at)];
  const nights = new Map(all.map((night) => [`${night.run_id ?? ''} ${night.started_at}`, night]));
  return [...nights.values()]
    .sort((a, b) => (a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0))
    .slice(-HISTORY_NIGHTS);
}

function nightOf(rollUp: FleetRollUp, startedAt: string): HistoryNight {
  return {
    started_at: startedAt,
    run_id: rollUp.run_id,
    repositories: rollUp.totals.repositories,
    failed: rollUp.totals.failed,
    findings: { ...rollUp.totals.findings },
  };
}
