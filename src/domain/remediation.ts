import type { ReportedFinding } from './finding-tally.ts';
import { isAtOrAbove, type Severity } from './severity.ts';

/** How one remediation ended, as the summary and the remediation-prs output show it. */
export interface RemediationOutcome {
  findingId: string;
  title: string;
  severity: Severity;
  jobId: string | null;
  prUrl: string;
  branch: string;
  /** Why no pull request was opened; null when one was. */
  problem: string | null;
  /** The run's time ran out before the job was started or had finished: it may still open a pull request. */
  unfinished?: boolean;
}

/** The most severe reported findings at or above `floor`, at most `max`. `findings` is most severe first. */
export function selectRemediationTargets(
  findings: readonly ReportedFinding[],
  floor: Severity,
  max: number,
): ReportedFinding[] {
  // A finding that arrived without a usable id cannot be named to the service.
  return findings
    .filter((finding) => finding.id !== '' && isAtOrAbove(finding.severity, floor))
    .slice(0, max);
}

/** The remediation-prs output: every job started, with its pull request when one was opened. */
export function remediationPrsOutput(outcomes: readonly RemediationOutcome[]): string {
  return JSON.stringify(
    outcomes.map((outcome) => ({
      finding_id: outcome.findingId,
      pr_url: outcome.prUrl,
      branch: outcome.branch,
    })),
  );
}
