import type { ReportedFinding, SuppressedFinding } from './finding-tally.ts';
import type { FailOn, GateVerdict } from './gate.ts';
import type { ReportedInsights } from './insights.ts';
import type { RemediationOutcome } from './remediation.ts';
import type { Severity, SeverityCounts } from './severity.ts';

/**
 * How a run ended: the gate passed or failed on a scan the action started and read; the change touched nothing
 * the policy's paths cover, so no scan was started (skipped); the run failed before a verdict (an error, a
 * timeout); or the runner stopped it.
 */
type RunOutcome = 'passed' | 'failed' | 'skipped' | 'error' | 'cancelled';

export interface ReportedScan {
  id: string;
  status: string;
  /** The service's full name of the repository scanned. */
  repository: string;
  ref: string;
  modules: readonly { name: string; status: string }[];
}

/** The pull request's findings against a baseline scan of its merge base (gate `new`). */
export interface ReportedComparison {
  baselineScanId: string;
  baselineCommit: string;
  /** Where the baseline commit came from, e.g. "the merge base, from GitHub's compare API". */
  baselineSource: string;
  /** The action started the baseline scan: it cost a scan. */
  startedBaseline: boolean;
  /** Most severe first; at most LISTED_COMPARED of each list is kept, the counts are whole. */
  newFindings: readonly ReportedFinding[];
  existingFindings: readonly ReportedFinding[];
  fixedFindings: readonly ReportedFinding[];
  counts: { new: number; newFailing: number; existing: number; fixed: number };
  /** Files matched by kind and file only: their diff was not available. */
  coarseFiles: readonly string[];
}

/** Of each compared list, the findings kept to show; the counts cover them all. */
export const LISTED_COMPARED = 1_000;

/** What the gate judged, present when the run reached a verdict. */
export interface ReportedResults {
  verdict: GateVerdict;
  riskScore: number | null;
  counts: SeverityCounts;
  severityThreshold: Severity;
  failOn: FailOn;
  /** Findings at or above this are reported. */
  reportFloor: Severity;
  /** The findings kept to show, most severe first: the largest number any reporter asked for. */
  findings: readonly ReportedFinding[];
  /** Every reported finding, shown or not. */
  reportedTotal: number;
  remediations: readonly RemediationOutcome[];
  /** What the gate judged against: the pull request's new findings, or all of them (when absent). */
  gateMode?: 'new' | 'all' | undefined;
  /** Present when the gate judged new findings against a baseline. */
  comparison?: ReportedComparison | undefined;
  /**
   * The fixes of the findings the gate fails on, most severe first, read after the verdict when a reporter shows
   * them (the fix suggestions): a finding without a fix has no entry.
   */
  fixes?: readonly ReportedFix[] | undefined;
}

/** A finding's fix as a unified diff: its own, or the AI analysis's patch for it. */
export interface ReportedFix {
  findingId: string;
  diff: string;
}

/** The repository's policy as it judged the run: where it came from, what it left out, and what a change does to it. */
export interface ReportedPolicy {
  /** Where the policy that judged the run was read ("… at abc1234, the pull request's base"); undefined: none. */
  source: string | undefined;
  /** What the pull request changes in the policy, one sentence each; empty when nothing. */
  change: readonly string[];
  /** The change is shown but not applied: the base's policy judged the run (a fork's pull request). */
  changeApplied: boolean;
  /** Globs of the part of the repository the gate judges, and of what it never judges. */
  paths: readonly string[];
  pathsIgnore: readonly string[];
  /** Suppressed findings kept to show, most severe first, with their reasons; the count covers them all. */
  suppressed: readonly SuppressedFinding[];
  suppressedCount: number;
  outOfScopeCount: number;
  /** Suppressions in force that matched no finding read (named, with their reasons). */
  unused: readonly string[];
  /** Suppressions past their `expires` date: no longer applied. */
  expired: readonly string[];
  /** Suppressions that expire within 14 days. */
  expiringSoon: readonly string[];
  /** Findings at or above this severity were all read, so `unused` speaks for them; below it, of those read. */
  readWholeFrom: Severity | undefined;
}

/**
 * The one value a run produces, and all that the reporters see. It is built once, at the end of the run, and
 * frozen: nothing renders during the run, and no reporter can change what another one receives.
 */
export interface RunReport {
  outcome: RunOutcome;
  /** One sentence: the verdict's reason, or what went wrong and what to do. */
  reason: string;
  /** The scan as last seen, when the run started one. */
  scan: ReportedScan | undefined;
  /** The output `scan-status`: the action's word for the scan's final state. */
  scanStatus: string | undefined;
  results: ReportedResults | undefined;
  /** Warnings a reader of the verdict needs (plain text; each sink escapes it). */
  notes: readonly string[];
  /** The AI analysis, compliance, AI-security posture and credits, when the scan completed. */
  insights?: ReportedInsights | undefined;
  /** The repository's policy, when it has one or the inputs give paths. */
  policy?: ReportedPolicy | undefined;
}

export function freezeReport(report: RunReport): Readonly<RunReport> {
  return Object.freeze({ ...report, notes: Object.freeze([...report.notes]) });
}
