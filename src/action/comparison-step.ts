import type { Finding, Scan } from '../client/types.ts';
import { escapeLogLine } from '../core/escape.ts';
import { countedSeverity, reportedFindingOf } from '../core/finding-tally.ts';
import { compareFindings, type FindingComparison } from '../core/new-findings.ts';
import { PullRequestDiff } from '../core/pr-diff.ts';
import { LISTED_COMPARED, type ReportedComparison } from '../core/run-report.ts';
import { SEVERITIES, isAtOrAbove, type Severity, type SeverityCounts } from '../core/severity.ts';
import { GitHubError } from '../github/github-client.ts';
import type { BaselineChoice } from './baseline-step.ts';
import { FINDINGS_PAGE_CONCURRENCY } from './findings-step.ts';
import type { RunContext } from './run-context.ts';

/** GitHub lists at most 3,000 files of a pull request; a list that long may leave some out. */
const MAX_PULL_REQUEST_FILES = 3_000;

export interface Comparison {
  reported: ReportedComparison;
  /** Per severity, for the gate. */
  newCounts: SeverityCounts;
  existingCounts: SeverityCounts;
}

/**
 * Compares the head scan's findings with the baseline scan's through the pull request's diff: both lists read
 * whole (at or above `floor`), the pull request's files from GitHub (every page), then the pure matching of
 * core/new-findings.ts. Without the files (a token that cannot read them), files are matched coarsely, and the
 * log says so.
 */
export async function compareWithBaseline(
  context: RunContext,
  head: Scan,
  baseline: BaselineChoice & { scan: Scan },
  floor: Severity,
): Promise<Comparison> {
  const [headFindings, baselineFindings, diff] = await Promise.all([
    readFindings(context, head.id, floor),
    readFindings(context, baseline.scan.id, floor),
    readDiff(context),
  ]);
  const comparison = compareFindings(headFindings, baselineFindings, diff, { floor });
  if (comparison.coarseFiles.length > 0) {
    context.toolkit.info(
      escapeLogLine(
        `Coarse matching (by title, CWE and file only) for ${comparison.coarseFiles.length} files whose diff ` +
          `GitHub did not give: ${comparison.coarseFiles
            .slice(0, 5)
            .map((file) => file.path)
            .join(', ')}${comparison.coarseFiles.length > 5 ? ', …' : ''}.`,
      ),
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
  };
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
  for await (const finding of context.client.iterateFindings(
    { scan_id: scanId },
    { limit: context.settings.pageSize, concurrency: FINDINGS_PAGE_CONCURRENCY, signal: context.signal },
  )) {
    if (isAtOrAbove(countedSeverity(finding.severity), floor)) findings.push(finding);
  }
  return findings;
}

/** The pull request's files from GitHub; when they cannot be read, every file is matched coarsely. */
async function readDiff(context: RunContext): Promise<PullRequestDiff> {
  const github = context.github;
  const number = context.pullRequest?.number;
  if (!github || number === undefined)
    return PullRequestDiff.unavailable('no GitHub token to read the pull request');
  try {
    const files = await github.client.listAll<unknown>(
      'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
      {
        owner: github.environment.owner,
        repo: github.environment.repo,
        pull_number: number,
      },
    );
    return PullRequestDiff.fromFiles(files, { complete: files.length < MAX_PULL_REQUEST_FILES });
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    context.signal.throwIfAborted();
    const advice = error.refused ? ' (the token needs `pull-requests: read`)' : '';
    return PullRequestDiff.unavailable(
      `the pull request's files could not be read: ${error.message}${advice}`,
    );
  }
}
