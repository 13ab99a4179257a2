import type { ServiceClient } from '../client/index.ts';
import type { ScanReport } from '../client/types.ts';
import { FindingTally } from '../core/finding-tally.ts';
import { lowerOf, type Severity } from '../core/severity.ts';
import type { Settings } from './settings.ts';

/**
 * Pages of findings in flight at once. The first page gives the total; the rest are fetched this many at a
 * time and yielded in order. High enough to hide the round trips of a large scan, low enough to stay clear of
 * a service's rate limit (a 429 is retried after its Retry-After all the same).
 */
export const FINDINGS_PAGE_CONCURRENCY = 16;

/**
 * Reported findings kept per severity for the summary, the annotations and the remediations; each of those
 * shows fewer than this, so the rest of a large scan is only counted.
 */
export const KEPT_FINDINGS_PER_SEVERITY = 500;

export interface ScanResults {
  report: ScanReport;
  tally: FindingTally;
  reportFloor: Severity;
}

/** Findings at or above fail-on are always reported, whatever severity-threshold says. */
export function reportFloorOf(settings: Pick<Settings, 'severityThreshold' | 'failOn'>): Severity {
  return settings.failOn === 'none'
    ? settings.severityThreshold
    : lowerOf(settings.severityThreshold, settings.failOn);
}

/** The report and every finding of the scan, fetched side by side; findings are counted as they stream in. */
export async function collectScanResults(
  client: ServiceClient,
  scanId: string,
  settings: Settings,
  signal: AbortSignal,
): Promise<ScanResults> {
  const reportFloor = reportFloorOf(settings);
  const tally = new FindingTally({ reportFloor, keepPerSeverity: KEPT_FINDINGS_PER_SEVERITY });
  const tallyFindings = async (): Promise<void> => {
    const findings = client.iterateFindings(
      { scan_id: scanId },
      { limit: settings.pageSize, concurrency: FINDINGS_PAGE_CONCURRENCY, signal },
    );
    for await (const finding of findings) tally.add(finding);
  };
  const [report] = await Promise.all([client.getScanReport(scanId, { signal }), tallyFindings()]);
  return { report, tally, reportFloor };
}
