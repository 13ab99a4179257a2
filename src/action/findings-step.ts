import type { ServiceClient } from '../client/index.ts';
import type { Page, Finding, ScanReport } from '../client/types.ts';
import { ANNOTATION_LIMITS } from '../core/annotations.ts';
import { remainingPages, type PageRequest } from '../core/finding-pages.ts';
import { FindingTally, findingsToList } from '../core/finding-tally.ts';
import { SEVERITIES, lowerOf, zeroCounts, type Severity, type SeverityCounts } from '../core/severity.ts';
import { SUMMARY_MAX_FINDINGS } from '../core/summary.ts';
import type { Settings } from './settings.ts';

/**
 * Pages of findings in flight at once, over all severities. High enough to hide the round trips of a large
 * scan, low enough to stay clear of a service's rate limit (a 429 is retried after its Retry-After anyway).
 */
export const FINDINGS_PAGE_CONCURRENCY = 16;

export interface ScanResults {
  report: ScanReport;
  tally: FindingTally;
  /** Each severity's count as the findings list gave it, to compare with the report. */
  listTotals: SeverityCounts;
}

/** Findings at or above fail-on are always reported, whatever severity-threshold says. */
export function reportFloorOf(settings: Pick<Settings, 'severityThreshold' | 'failOn'>): Severity {
  return settings.failOn === 'none'
    ? settings.severityThreshold
    : lowerOf(settings.severityThreshold, settings.failOn);
}

/**
 * Counts every finding of the scan and lists the ones it will show, in two rounds of requests whatever the size
 * of the scan. First, side by side: the report, and the first page of each severity (its total is that
 * severity's count; a severity that is not reported is asked for one item, only for the count). Then, all at
 * once (at most FINDINGS_PAGE_CONCURRENCY in flight), the further pages of the findings the summary has rows
 * for, most severe first.
 */
export async function collectScanResults(
  client: ServiceClient,
  scanId: string,
  settings: Settings,
  runSignal: AbortSignal,
): Promise<ScanResults> {
  // One failed request ends the phase: the requests still in flight are aborted rather than left to run on.
  const phase = new AbortController();
  const deadline = AbortSignal.timeout(settings.waitTimeoutSeconds * 1000);
  const signal = AbortSignal.any([runSignal, phase.signal, deadline]);
  try {
    return await listAndCount(client, scanId, settings, signal);
  } catch (error) {
    phase.abort(error);
    if (deadline.aborted && !runSignal.aborted) {
      throw new FindingsTimeoutError(
        `Reading the findings of scan ${scanId} took longer than wait-timeout (${settings.waitTimeoutSeconds} s). ` +
          'The service is slow or failing; re-run the job.',
        { cause: error },
      );
    }
    throw error;
  }
}

export class FindingsTimeoutError extends Error {
  override name = 'FindingsTimeoutError';
}

async function listAndCount(
  client: ServiceClient,
  scanId: string,
  settings: Settings,
  signal: AbortSignal,
): Promise<ScanResults> {
  const tally = new FindingTally(reportFloorOf(settings));
  const firstPage = (severity: Severity): Promise<Page<Finding>> =>
    client.listFindings(
      { scan_id: scanId, severity, limit: tally.isReported(severity) ? settings.pageSize : 1 },
      { signal },
    );
  const [report, ...firstPages] = await Promise.all([
    client.getScanReport(scanId, { signal }),
    ...SEVERITIES.map(firstPage),
  ]);
  const listTotals = zeroCounts();
  const firsts = new Map<Severity, { items: number; limit: number }>();
  for (const [index, severity] of SEVERITIES.entries()) {
    const page = firstPages[index];
    if (!page) continue;
    listTotals[severity] = page.total;
    tally.stateCount(severity, page.total);
    tally.stateCount(severity, report.severity_breakdown[severity] ?? 0);
    for (const finding of page.items) tally.keep(finding);
    firsts.set(severity, { items: page.items.length, limit: Math.floor(page.limit) });
  }

  const wanted = findingsToList(
    tally.counts,
    tally.reportFloor,
    SUMMARY_MAX_FINDINGS,
    ANNOTATION_LIMITS.perLevelPerStep.warning,
  );
  const pages = remainingPages(
    SEVERITIES.map((severity) => ({
      severity,
      offset: firsts.get(severity)?.items ?? 0,
      pageLimit: firsts.get(severity)?.limit ?? settings.pageSize,
      total: tally.counts[severity],
      missing: wanted[severity] - tally.keptCount(severity),
    })),
  );
  const pageItems = await fetchAll(pages, FINDINGS_PAGE_CONCURRENCY, (page) =>
    client.listFindings({ scan_id: scanId, ...page }, { signal }),
  );
  for (const items of pageItems) for (const finding of items) tally.keep(finding);
  // Findings the report counts beyond every severity's count: of a severity the action does not know.
  const uncategorised = report.total_findings - tally.total;
  if (uncategorised > 0) tally.addUncategorised(uncategorised, 'none of critical, high, medium, low, info');
  return { report, tally, listTotals };
}

/** Runs the requests, at most `concurrency` at a time, and returns their items in the order of `pages`. */
async function fetchAll(
  pages: readonly PageRequest[],
  concurrency: number,
  fetch: (page: PageRequest) => Promise<Page<Finding>>,
): Promise<Finding[][]> {
  const items: Finding[][] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pages.length) {
      const index = next++;
      const page = pages[index];
      if (page) items[index] = (await fetch(page)).items;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pages.length) }, worker));
  return items;
}
