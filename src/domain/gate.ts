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
  if (incompleteModules.length > 0) reasons.push(incompleteReason(incompleteModules));
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

export interface NewFindingsGateInput {
  /** Every finding of the head scan, by severity: `failingFindings` keeps counting all at or above fail-on. */
  counts: SeverityCounts;
  /** Findings the pull request introduces, by severity. */
  newCounts: SeverityCounts;
  /** Findings already in the baseline, by severity. */
  existingCounts: SeverityCounts;
  failOn: FailOn;
  incompleteModules?: readonly string[];
}

/**
 * The gate on what a pull request introduces: it fails on new findings at or above fail-on (and, as always, on
 * modules that did not complete); findings already in the baseline are counted and named, never failing.
 */
export function evaluateNewFindingsGate(input: NewFindingsGateInput): GateVerdict {
  const { failOn } = input;
  const all = evaluateGate(input.counts, failOn, input.incompleteModules);
  if (failOn === 'none') return all;
  const failing = SEVERITIES.filter((severity) => isAtOrAbove(severity, failOn));
  const sum = (counts: SeverityCounts): number => failing.reduce((total, s) => total + counts[s], 0);
  const newFailing = sum(input.newCounts);
  const existingFailing = sum(input.existingCounts);
  const floor = failOn === 'critical' ? 'critical' : `${failOn} or above`;
  // Counted at fail-on, like the new ones; the existing-findings output counts every reported one.
  const existing =
    existingFailing > 0
      ? ` ${existingFailing} existing ${existingFailing === 1 ? 'finding' : 'findings'} ${floor} ${existingFailing === 1 ? 'does' : 'do'} not fail the gate.`
      : '';
  const reasons: string[] = [];
  if (newFailing > 0) {
    const parts = failing.filter((s) => input.newCounts[s] > 0).map((s) => `${input.newCounts[s]} ${s}`);
    const noun = newFailing === 1 ? 'new finding is' : 'new findings are';
    reasons.push(
      `${newFailing} ${noun} ${floor} (fail-on: ${failOn}): ${parts.join(', ')};${existing || ' '}`.trimEnd(),
    );
  }
  const incomplete = input.incompleteModules ?? [];
  if (incomplete.length > 0) reasons.push(incompleteReason(incomplete));
  if (reasons.length === 0) {
    return {
      passed: true,
      failingFindings: all.failingFindings,
      reason: `No new finding is ${floor} (fail-on: ${failOn}).${existing}`,
    };
  }
  return { passed: false, failingFindings: all.failingFindings, reason: reasons.join(' ') };
}

/** Why a scan with modules that did not complete cannot pass: their findings are missing. */
function incompleteReason(modules: readonly string[]): string {
  const one = modules.length === 1;
  return (
    `The scan is incomplete: ${one ? 'module' : 'modules'} ${modules.join(', ')} did not complete, ` +
    `so ${one ? 'its' : 'their'} findings are missing.`
  );
}
