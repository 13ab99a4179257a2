import { fetchAllInOrder, type RequestOptions } from '../client/index.ts';
import type { Finding, Page, ScanReport } from '../client/types.ts';
import { countedSeverity } from '../domain/finding-tally.ts';
import { SEVERITIES, isAtOrAbove, severityRank, zeroCounts, type Severity } from '../domain/severity.ts';

/** The report's counts of a scan, known before its findings are read. */
export type ReportedCounts = Pick<ScanReport, 'total_findings' | 'severity_breakdown'>;

/**
 * Most findings read unfiltered: the whole list is held and sorted in memory before the first is handed on
 * (about 1 to 2 KB each as the service sends them), so only a small scan is read this way.
 */
const UNFILTERED_READ_MAX = 1_000;

/** What the unfiltered read asks of the client: one page of the scan's findings, every severity. */
type PageLister = (
  params: { offset: number; limit: number },
  options: RequestOptions,
) => Promise<Page<Finding>>;

/** The list could not be read whole; the stream's IncompleteListError is made by the caller's constructor. */
type Refusal = (message: string) => Error;

/**
 * Whether one unfiltered list (every severity, in pages of `pageSize`) takes no more requests than the first page of
 * each severity at or above `floor` and their further pages, and is small enough to hold: only when the report's
 * counts add up to its total, so that every finding the total counts is one of a known severity to check.
 */
export function readsUnfiltered(reported: ReportedCounts, floor: Severity, pageSize: number): boolean {
  const total = reported.total_findings;
  const counts = SEVERITIES.map((severity) => reported.severity_breakdown[severity] ?? 0);
  const whole = counts.every((count) => Number.isInteger(count) && count >= 0);
  if (!whole || counts.reduce((sum, count) => sum + count, 0) !== total) return false;
  if (total > UNFILTERED_READ_MAX || !(pageSize >= 1)) return false;
  const pages = (count: number): number => Math.max(1, Math.ceil(count / pageSize));
  const filtered = SEVERITIES.filter((severity) => isAtOrAbove(severity, floor)).reduce(
    (sum, severity) => sum + pages(reported.severity_breakdown[severity] ?? 0),
    0,
  );
  // A tie goes to the unfiltered list: under a policy the judging has read it already, and kept it.
  return pages(total) <= filtered;
}

/**
 * Every finding of a small scan, read without a severity filter and checked against the report before any is
 * handed on: each page's total must be the report's total_findings (a total that changes is refused), the list
 * must hold that many, and each severity as many as the report's severity_breakdown counts (a finding of another
 * severity, or one missing, is refused). Returns every finding at or above `floor`, most severe first (the
 * service's order within a severity).
 */
export async function readUnfiltered(
  list: PageLister,
  request: { reported: ReportedCounts; floor: Severity; pageSize: number; concurrency: number },
  signal: AbortSignal,
  refuse: Refusal,
): Promise<Finding[]> {
  const total = request.reported.total_findings;
  const first = await list({ offset: 0, limit: request.pageSize }, { signal });
  checkTotal(first, total, refuse);
  const step = Math.floor(first.limit);
  if (first.items.length < total && !(step > 0))
    throw refuse(
      `the first page of findings holds ${first.items.length} of ${total} and no usable page size (limit ${first.limit})`,
    );
  const offsets: number[] = [];
  for (let offset = first.items.length; offset < total; offset += step) offsets.push(offset);
  const further = await fetchAllInOrder(
    offsets,
    { concurrency: request.concurrency, signal },
    (offset, pageSignal) => list({ offset, limit: step }, { signal: pageSignal }),
  );
  for (const page of further) checkTotal(page, total, refuse);
  const all = [first, ...further].flatMap((page) => page.items);
  checkCounts(all, request.reported, refuse);
  const kept = all.filter((finding) => isAtOrAbove(countedSeverity(finding.severity), request.floor));
  // Array.prototype.sort is stable: within a severity, the service's order stays.
  return kept.sort(
    (a, b) => severityRank(countedSeverity(a.severity)) - severityRank(countedSeverity(b.severity)),
  );
}

function checkTotal(page: Page<Finding>, total: number, refuse: Refusal): void {
  if (page.total !== total)
    throw refuse(
      `the list of findings counts ${page.total} where the scan's report counts ${total}: the list changed while it was read`,
    );
}

/** The list must hold the report's total, and each severity its count in the report's breakdown. */
function checkCounts(findings: readonly Finding[], reported: ReportedCounts, refuse: Refusal): void {
  if (findings.length !== reported.total_findings)
    throw refuse(
      `the list of findings gave ${findings.length} findings where ${reported.total_findings} were expected`,
    );
  const counts = zeroCounts();
  for (const finding of findings) counts[countedSeverity(finding.severity)] += 1;
  for (const severity of SEVERITIES) {
    const expected = reported.severity_breakdown[severity] ?? 0;
    if (counts[severity] !== expected)
      throw refuse(
        `the list holds ${counts[severity]} ${severity} findings where the scan's report counts ${expected}`,
      );
  }
}
