import { fetchInOrder, type ServiceClient } from '../client/index.ts';
import type { Finding, Page, ScanReport } from '../client/types.ts';
import { remainingPages, type PageRequest } from './finding-pages.ts';
import { FindingTally, countedSeverity, findingsToList } from '../domain/finding-tally.ts';
import { NO_FINDING_FILTER, type FindingFilter } from '../domain/finding-filter.ts';
import type { FailOn } from '../domain/gate.ts';
import {
  SEVERITIES,
  isAtOrAbove,
  lowerOf,
  zeroCounts,
  type Severity,
  type SeverityCounts,
} from '../domain/severity.ts';
import type { FindingsNeed, RunContext } from './run-context.ts';
import type { Settings } from './settings.ts';
import { FINDINGS_PAGE_CONCURRENCY } from './finding-stream.ts';
import { RunError } from './run-error.ts';
import { readUnfiltered, readsUnfiltered } from './unfiltered-findings.ts';

/** What the findings step asks of the service: the report and pages of findings (the run's reading of them). */
export type ResultsReader = Pick<ServiceClient, 'getScanReport' | 'listFindings'>;

export interface ScanResults {
  report: ScanReport;
  tally: FindingTally;
  /** Each severity's count as the findings list gave it, to compare with the report. */
  listTotals: SeverityCounts;
  /** Set when the service ignored the severity filter and the findings were counted from the items. */
  filterIgnored: boolean;
}

/** What the reporters need of the findings, and how the face reads them (see RunContext). */
type ReadingNeed = FindingsNeed & Pick<RunContext, 'countsOnly' | 'wholeUnderPolicy'>;

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
 * once (at most FINDINGS_PAGE_CONCURRENCY in flight), the further pages of the findings some reporter shows
 * (`need`: the largest need of the reporters that are on), most severe first. One failed request ends the phase and aborts the rest; the run's signal (its
 * deadline, a cancel) cuts them too.
 *
 * A filtered page must hold what was asked for: when a page for one severity holds findings of another, the
 * service is ignoring the filter, and its totals would count every finding under every severity. The findings
 * are then counted from the items themselves, reading the whole unfiltered list.
 */
export async function collectScanResults(
  client: ResultsReader,
  scanId: string,
  settings: Settings,
  signal: AbortSignal,
  need: ReadingNeed,
  filter: FindingFilter = NO_FINDING_FILTER,
): Promise<ScanResults> {
  if (need.countsOnly === true && !filter.active) return countFromReport(client, scanId, settings, signal);
  const early = await smallScanResults(client, { scanId, settings, signal, need }, filter);
  if (early !== undefined && 'tally' in early) return early;
  const tally = new FindingTally(reportFloorOf(settings), filter, shownPerSeverity(need));
  const wholeFrom = readWholeFrom(settings.failOn, filter, need);
  const readsWhole = (severity: Severity): boolean =>
    tally.isReported(severity) || (wholeFrom !== 'none' && isAtOrAbove(severity, wholeFrom));
  const firstPage = (severity: Severity): Promise<Page<Finding>> =>
    client.listFindings(
      { scan_id: scanId, severity, limit: readsWhole(severity) ? settings.pageSize : 1 },
      { signal },
    );
  const [report, ...firstPages] = await Promise.all([
    early ?? client.getScanReport(scanId, { signal }),
    ...SEVERITIES.map(firstPage),
  ]);
  if (ignoresFilter(firstPages))
    return countFromItems(client, scanId, settings, report, signal, filter, need);

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

  const wanted = wholeAtFailOn(
    findingsToList(tally.counts, tally.reportFloor, need.rows, need.perSeverity),
    wholeFrom,
    tally,
  );
  const pages = remainingPages(
    SEVERITIES.map((severity) => ({
      severity,
      offset: firsts.get(severity)?.items ?? 0,
      pageLimit: firsts.get(severity)?.limit ?? settings.pageSize,
      total: tally.listedCount(severity),
      missing: pagesOf(
        wanted[severity] - tally.seenCount(severity),
        need.wholePages ? (firsts.get(severity)?.limit ?? settings.pageSize) : 1,
      ),
    })),
  );
  await keepPages(client, scanId, pages, tally, signal);
  countUncategorised(report, tally);
  return { report, tally, listTotals, filterIgnored: false };
}

/** A first page holds a finding of another severity than its own: the service ignores the severity filter. */
function ignoresFilter(firstPages: readonly (Page<Finding> | undefined)[]): boolean {
  return SEVERITIES.some((severity, index) =>
    (firstPages[index]?.items ?? []).some((finding) => countedSeverity(finding.severity) !== severity),
  );
}

/** `missing` rounded up to whole pages of `pageLimit`: a page cut short is not the page a later reader asks for. */
function pagesOf(missing: number, pageLimit: number): number {
  return pageLimit > 1 ? Math.ceil(missing / pageLimit) * pageLimit : missing;
}

/**
 * The severity from which every finding is read: with a policy that can leave findings out (suppressions, paths),
 * the gate must see every finding it decides on, so fail-on; every severity for a face whose counts leave out all
 * the policy does (`wholeUnderPolicy`); none without such a policy.
 */
function readWholeFrom(failOn: FailOn, filter: FindingFilter, need: ReadingNeed): FailOn {
  if (!filter.active) return 'none';
  return need.wholeUnderPolicy === true ? 'info' : failOn;
}

/** Each severity at or above `from` read whole, whatever the reporters show. */
function wholeAtFailOn(wanted: SeverityCounts, from: FailOn, tally: FindingTally): SeverityCounts {
  if (from === 'none') return wanted;
  const whole = { ...wanted };
  for (const severity of SEVERITIES)
    if (isAtOrAbove(severity, from)) whole[severity] = tally.listedCount(severity);
  return whole;
}

/**
 * For a face that shows no finding and judges the counts alone: the report's severity_breakdown is every count
 * the gate needs, in one request.
 */
async function countFromReport(
  client: ResultsReader,
  scanId: string,
  settings: Settings,
  signal: AbortSignal,
): Promise<ScanResults> {
  return resultsOfReport(await client.getScanReport(scanId, { signal }), scanId, settings);
}

/**
 * A report judged on its counts alone (the fleet's reading, and `merge --verify`'s of it, both through
 * collectScanResults): its breakdown checked (a RunError when it does not hold together), every count the gate needs.
 */
function resultsOfReport(
  report: ScanReport,
  scanId: string,
  settings: Pick<Settings, 'severityThreshold' | 'failOn'>,
): ScanResults {
  checkBreakdown(report, scanId);
  const tally = new FindingTally(reportFloorOf(settings), NO_FINDING_FILTER, 0);
  const listTotals = zeroCounts();
  for (const severity of SEVERITIES) {
    listTotals[severity] = report.severity_breakdown[severity] ?? 0;
    tally.stateCount(severity, listTotals[severity]);
  }
  countUncategorised(report, tally);
  return { report, tally, listTotals, filterIgnored: false };
}

/**
 * The breakdown is the whole judgement when no finding is listed, so it must hold together: whole, non-negative
 * counts (a key it lacks counts nothing), and no more of them than total_findings (what they leave of it counts as
 * critical, see countUncategorised). A report that does not is judged not at all, never passed.
 */
function checkBreakdown(report: ScanReport, scanId: string): void {
  const counts = Object.entries(report.severity_breakdown);
  const broken = counts.find(([, count]) => !Number.isInteger(count) || count < 0);
  const counted = counts.reduce((sum, [, count]) => sum + count, 0);
  const problem =
    broken !== undefined
      ? `its severity_breakdown's ${broken[0]} is ${broken[1]}, not a count`
      : counted > report.total_findings
        ? `its severity_breakdown counts ${counted} findings, but total_findings is ${report.total_findings}`
        : undefined;
  if (problem !== undefined)
    throw new RunError(
      `The report of scan ${scanId} cannot be judged: ${problem}. Ask the service's operator.`,
    );
}

/**
 * For a face that counts every finding under a policy (it reads them all anyway: a fleet, merge --verify), the
 * report first; and with it the results, when the scan is small enough that one unfiltered list takes no more
 * requests than a first page per severity (five). Undefined for any other face: the report is read beside them.
 */
async function smallScanResults(
  client: ResultsReader,
  read: { scanId: string; settings: Settings; signal: AbortSignal; need: ReadingNeed },
  filter: FindingFilter,
): Promise<ScanResults | ScanReport | undefined> {
  if (read.need.countsOnly !== true || read.need.wholeUnderPolicy !== true) return undefined;
  const report = await client.getScanReport(read.scanId, { signal: read.signal });
  if (!readsUnfiltered(report, 'info', read.settings.pageSize)) return report;
  return countFromUnfiltered(client, { ...read, report }, filter);
}

/**
 * A small scan's findings, all of them, in one unfiltered list checked against its report (a changing total, a
 * short list or a severity count the report does not give is a RunError: the repository is not judged). Its pages
 * pass through the face's reading, which keeps them for the SARIF's reader of the same list.
 */
async function countFromUnfiltered(
  client: ResultsReader,
  read: { scanId: string; settings: Settings; report: ScanReport; signal: AbortSignal },
  filter: FindingFilter,
): Promise<ScanResults> {
  const { scanId, settings, report, signal } = read;
  const findings = await readUnfiltered(
    (page, options) => client.listFindings({ scan_id: scanId, ...page }, options),
    { reported: report, floor: 'info', pageSize: settings.pageSize, concurrency: FINDINGS_PAGE_CONCURRENCY },
    signal,
    (message) => new RunError(`The findings of scan ${scanId} could not be read whole: ${message}.`),
  );
  const tally = new FindingTally(reportFloorOf(settings), filter, 0);
  const listTotals = zeroCounts();
  for (const severity of SEVERITIES) {
    listTotals[severity] = report.severity_breakdown[severity] ?? 0;
    tally.stateCount(severity, listTotals[severity]);
  }
  for (const finding of findings) tally.keep(finding);
  return { report, tally, listTotals, filterIgnored: false };
}

/** The fallback for a service that ignores the severity filter: every finding read, each counted by its own severity. */
async function countFromItems(
  client: ResultsReader,
  scanId: string,
  settings: Settings,
  report: ScanReport,
  signal: AbortSignal,
  filter: FindingFilter,
  need: FindingsNeed,
): Promise<ScanResults> {
  const tally = new FindingTally(reportFloorOf(settings), filter, shownPerSeverity(need));
  const first = await client.listFindings({ scan_id: scanId, limit: settings.pageSize }, { signal });
  for (const finding of first.items) tally.keep(finding);
  const step = Math.floor(first.limit) > 0 ? Math.floor(first.limit) : Math.max(1, first.items.length);
  const pages: { offset: number; limit: number }[] = [];
  for (let offset = first.items.length; offset < first.total; offset += step)
    pages.push({ offset, limit: step });
  await keepPages(client, scanId, pages, tally, signal);
  for (const severity of SEVERITIES) tally.stateCount(severity, report.severity_breakdown[severity] ?? 0);
  countUncategorised(report, tally);
  // What the list says of each severity is what was counted in it: the filtered totals meant nothing.
  return { report, tally, listTotals: tally.counts, filterIgnored: true };
}

async function keepPages(
  client: ResultsReader,
  scanId: string,
  pages: readonly (PageRequest | { offset: number; limit: number })[],
  tally: FindingTally,
  signal: AbortSignal,
): Promise<void> {
  // Each page is tallied as its turn comes and then dropped: only the pages in flight are held, not every page
  // read (a policy reads every finding at or above fail-on: 12,000 of 100,000 would be 60 pages held at once).
  const results = fetchInOrder(
    pages,
    { concurrency: FINDINGS_PAGE_CONCURRENCY, signal },
    (page, pageSignal) => client.listFindings({ scan_id: scanId, ...page }, { signal: pageSignal }),
  );
  for await (const page of results) for (const finding of page.items) tally.keep(finding);
}

/**
 * The most findings of one severity any sink shows: the summary's or the check run's rows (most severe first),
 * each severity's annotations, the fixes suggested. Findings read beyond these are counted, not kept.
 */
function shownPerSeverity(need: FindingsNeed): number {
  return Math.max(need.rows, need.perSeverity, need.fixes ?? 0);
}

/** Findings the report counts beyond every severity's count: of a severity the action does not know. */
function countUncategorised(report: ScanReport, tally: FindingTally): void {
  // Against what the lists hold before the policy: a finding it leaves out is still one the report counts.
  const uncategorised = report.total_findings - tally.listedTotal;
  if (uncategorised > 0) tally.addUncategorised(uncategorised, 'none of critical, high, medium, low, info');
}
