import type { Finding, Scan } from '../client/types.ts';
import { countedSeverity, reportedFindingOf } from '../domain/finding-tally.ts';
import { compareFindings, type FindingComparison } from '../new-findings/new-findings.ts';
import { LISTED_COMPARED, type ReportedComparison } from '../domain/run-report.ts';
import type { FindingFilter } from '../domain/finding-filter.ts';
import {
  SEVERITIES,
  isAtOrAbove,
  zeroCounts,
  type Severity,
  type SeverityCounts,
} from '../domain/severity.ts';
import { FINDINGS_PAGE_CONCURRENCY } from './finding-stream.ts';
import type { BaselineChoice, ChangeUnderReview, RunContext } from './run-context.ts';
import { gateFilter } from './run-policy.ts';

export interface Comparison {
  reported: ReportedComparison;
  /** Per severity, for the gate. */
  newCounts: SeverityCounts;
  existingCounts: SeverityCounts;
  /** The filter the gate counts the head's findings through: dismissals cover none of the new findings. */
  filter: FindingFilter;
}

/**
 * Compares the head scan's findings with the baseline scan's through the pull request's diff: both lists read
 * whole (at or above `floor`), the change's files from its host (every page), then the pure matching of
 * core/new-findings.ts, through the policy's own filter; the dismissed alerts come after, on existing findings
 * only. Without the files (a token that cannot read them), files are matched coarsely, and the log says so.
 */
export async function compareWithBaseline(
  context: RunContext,
  change: ChangeUnderReview,
  head: Scan,
  baseline: BaselineChoice & { scan: Scan },
  floor: Severity,
): Promise<Comparison> {
  const [headFindings, baselineFindings, diff] = await Promise.all([
    readFindings(context, head.id, floor),
    readFindings(context, baseline.scan.id, floor),
    change.diff(context.signal),
  ]);
  const compared = compareFindings(headFindings, baselineFindings, diff, { floor });
  const filter = gateFilter(
    context.policy,
    compared.new.map((entry) => entry.finding),
  );
  const comparison = withoutDismissed(compared, filter);
  if (comparison.coarseFiles.length > 0) {
    context.log.info(
      `Coarse matching (by title, CWE and file only) for ${comparison.coarseFiles.length} files whose diff ` +
        `GitHub did not give: ${comparison.coarseFiles
          .slice(0, 5)
          .map((file) => file.path)
          .join(', ')}${comparison.coarseFiles.length > 5 ? ', …' : ''}.`,
    );
  }
  const failOn = context.settings.failOn;
  const newFailing =
    failOn === 'none'
      ? 0
      : SEVERITIES.filter((s) => isAtOrAbove(s, failOn)).reduce((n, s) => n + comparison.counts.new[s], 0);
  return {
    reported: reportedComparison(comparison, baseline, newFailing),
    newCounts: comparison.counts.new,
    existingCounts: comparison.counts.existing,
    filter,
  };
}

/**
 * The comparison without the existing findings a dismissal covers: read through the policy's filter alone, the
 * dismissals come after it (a new finding is never dismissed, so only the existing ones can go).
 */
function withoutDismissed(
  comparison: FindingComparison<Finding>,
  filter: FindingFilter,
): FindingComparison<Finding> {
  const classify = filter.classifier();
  const existing = comparison.existing.filter((entry) => classify(entry.finding) === undefined);
  if (existing.length === comparison.existing.length) return comparison;
  const counts = zeroCounts();
  for (const entry of existing) counts[entry.severity] += 1;
  return { ...comparison, existing, counts: { ...comparison.counts, existing: counts } };
}

function reportedComparison(
  comparison: FindingComparison<Finding>,
  baseline: BaselineChoice & { scan: Scan },
  newFailing: number,
): ReportedComparison {
  const total = (counts: SeverityCounts): number => SEVERITIES.reduce((n, s) => n + counts[s], 0);
  return {
    baselineScanId: baseline.scan.id,
    baselineCommit: baseline.commit.sha,
    baselineSource: baseline.commit.source,
    startedBaseline: baseline.started,
    newFindings: comparison.new.slice(0, LISTED_COMPARED).map((entry) => ({
      ...reportedFindingOf(entry.finding),
      severity: entry.severity,
    })),
    existingFindings: comparison.existing
      .slice(0, LISTED_COMPARED)
      .map((entry) => reportedFindingOf(entry.finding)),
    fixedFindings: comparison.fixed
      .slice(0, LISTED_COMPARED)
      .map((entry) => reportedFindingOf(entry.baseline)),
    counts: {
      new: total(comparison.counts.new),
      newFailing,
      existing: total(comparison.counts.existing),
      fixed: total(comparison.counts.fixed),
    },
    coarseFiles: comparison.coarseFiles.map((file) => file.path),
  };
}

/**
 * Every finding of a scan at or above `floor`, read through the whole unfiltered list (so a service that
 * ignores the severity filter cannot make findings count twice), pages in flight at once.
 */
async function readFindings(context: RunContext, scanId: string, floor: Severity): Promise<Finding[]> {
  const findings: Finding[] = [];
  const exclusionOf = context.policy.filter.classifier();
  for await (const finding of context.client.iterateFindings(
    { scan_id: scanId },
    { limit: context.settings.pageSize, concurrency: FINDINGS_PAGE_CONCURRENCY, signal: context.signal },
  )) {
    // What the policy leaves out (suppressed, out of scope) is neither new nor existing, in either scan.
    if (exclusionOf(finding) !== undefined) continue;
    if (isAtOrAbove(countedSeverity(finding.severity), floor)) findings.push(finding);
  }
  return findings;
}
