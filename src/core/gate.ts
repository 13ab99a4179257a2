import { SEVERITIES, isAtOrAbove, type Severity, type SeverityCounts } from './severity.ts';

/** `none` never fails the step on findings. */
export type FailOn = Severity | 'none';

export interface GateVerdict {
  passed: boolean;
  /** Findings at or above fail-on (0 with `none`). */
  failingFindings: number;
  /** One sentence for the log and the top of the summary. */
  reason: string;
}

/**
 * The gate: the step fails when any finding is at or above fail-on, or when a module of the scan did not
 * complete (its findings are missing, so a pass would be a guess). `incompleteModules` name each such module
 * with its status, e.g. `iac (failed)`. Counts are the larger of what the findings list and the
 * report say for each severity, so a disagreement between the two can only make the gate stricter.
 */
export function evaluateGate(
  counts: SeverityCounts,
  failOn: FailOn,
  incompleteModules: readonly string[] = [],
): GateVerdict {
  if (failOn === 'none') {
    return { passed: true, failingFindings: 0, reason: 'fail-on is none: findings never fail this step.' };
  }
  const failing = SEVERITIES.filter((severity) => isAtOrAbove(severity, failOn));
  const failingFindings = failing.reduce((sum, severity) => sum + counts[severity], 0);
  const floor = failOn === 'critical' ? 'critical' : `${failOn} or above`;
  const reasons: string[] = [];
  if (failingFindings > 0) {
    const parts = failing.filter((severity) => counts[severity] > 0).map((s) => `${counts[s]} ${s}`);
    const noun = failingFindings === 1 ? 'finding is' : 'findings are';
    reasons.push(`${failingFindings} ${noun} ${floor} (fail-on: ${failOn}): ${parts.join(', ')}.`);
  }
  if (incompleteModules.length > 0) {
    const one = incompleteModules.length === 1;
    reasons.push(
      `The scan is incomplete: ${one ? 'module' : 'modules'} ${incompleteModules.join(', ')} did not complete, ` +
        `so ${one ? 'its' : 'their'} findings are missing.`,
    );
  }
  if (reasons.length === 0) {
    return { passed: true, failingFindings, reason: `No finding is ${floor} (fail-on: ${failOn}).` };
  }
  return { passed: false, failingFindings, reason: reasons.join(' ') };
}

/** The per-severity maximum of two counts. */
export function strictestCounts(a: SeverityCounts, b: Partial<SeverityCounts>): SeverityCounts {
  const result = { ...a };
  for (const severity of SEVERITIES) result[severity] = Math.max(a[severity], b[severity] ?? 0);
  return result;
}
