import type { FindingsNeed } from '../run/run-context.ts';
import type { Reporter, RunNeed } from '../report/reporter.ts';

/** A reporter that is on, with what its descriptor declares it needs from the run. */
export interface PlannedReporter {
  reporter: Reporter;
  runNeeds: readonly RunNeed[];
}

/**
 * What the run reads of the findings, fixed before the scan from the reporters the settings turned on: the rows
 * each shows (their `needs`), and whether one reads every finding at or above the floor afterwards (its
 * descriptor says so), in which case the run reads whole pages and its finding set keeps them for every reader.
 */
export interface ReadPlan {
  readonly need: Readonly<Required<FindingsNeed>>;
  readonly everyFinding: boolean;
}

export function readPlanOf(reporters: readonly PlannedReporter[]): ReadPlan {
  const everyFinding = reporters.some(({ runNeeds }) =>
    runNeeds.includes('every finding at or above the floor'),
  );
  const need = reporters.reduce<Required<FindingsNeed>>(
    (largest, { reporter }) => ({
      rows: Math.max(largest.rows, reporter.needs?.rows ?? 0),
      perSeverity: Math.max(largest.perSeverity, reporter.needs?.perSeverity ?? 0),
      wholePages: everyFinding,
      fixes: Math.max(largest.fixes, reporter.needs?.fixes ?? 0),
    }),
    { rows: 0, perSeverity: 0, wholePages: everyFinding, fixes: 0 },
  );
  return Object.freeze({ need: Object.freeze(need), everyFinding });
}

/**
 * The plan once the scan has started: a reporter that stood down then (the check run refused) reads only what
 * its stand-in shows, so the run reads no more for it. A new plan; the first is left as it was.
 */
export function planAfterStart(
  reporters: readonly PlannedReporter[],
  standIns: ReadonlyMap<Reporter, Reporter>,
): ReadPlan {
  return readPlanOf(
    reporters.map((planned) => ({
      ...planned,
      reporter: standIns.get(planned.reporter) ?? planned.reporter,
    })),
  );
}
