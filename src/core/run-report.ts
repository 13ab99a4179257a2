import type { ReportedFinding } from './finding-tally.ts';
import type { FailOn, GateVerdict } from './gate.ts';
import type { ReportedInsights } from './insights.ts';
import type { RemediationOutcome } from './remediation.ts';
import type { Severity, SeverityCounts } from './severity.ts';

/**
 * How a run ended: the gate passed or failed on a scan the action started and read; the run failed before a
 * verdict (an error, a timeout); or the runner stopped it.
 */
export type RunOutcome = 'passed' | 'failed' | 'error' | 'cancelled';

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
}

export function freezeReport(report: RunReport): Readonly<RunReport> {
  return Object.freeze({ ...report, notes: Object.freeze([...report.notes]) });
}
