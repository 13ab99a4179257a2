import { fetchInOrder, type RequestOptions, type ServiceClient } from '../client/index.ts';
import type { Finding, Page } from '../client/types.ts';
import { remainingPages } from './finding-pages.ts';
import { countedSeverity } from '../domain/finding-tally.ts';
import { severitiesAtOrAbove, type Severity } from '../domain/severity.ts';
import { readUnfiltered, readsUnfiltered, type ReportedCounts } from './unfiltered-findings.ts';

/**
 * Pages of findings in flight at once, over all severities. High enough to hide the round trips of a large
 * scan, low enough to stay clear of a service's rate limit (a 429 is retried after its Retry-After anyway).
 */
export const FINDINGS_PAGE_CONCURRENCY = 16;

/** What the stream asks of the client: one page of a scan's findings. */
export type FindingLister = Pick<ServiceClient, 'listFindings'>;

export interface FindingStreamRequest {
  scanId: string;
  /** Findings less severe than this are not read. */
  floor: Severity;
  /** Findings asked for per page (the service may answer with fewer). */
  pageSize: number;
  /** The run's signal: its deadline and the runner's stop cut the requests in flight. */
  signal: AbortSignal;
  concurrency?: number;
  /** Most findings read (the most severe); the rest are only counted, from the totals. */
  limit?: number;
  /**
   * The scan's report, when the caller has it and no page of the list is kept already: a small scan is then read
   * in one unfiltered list when that takes fewer requests than a first page per severity, and checked against it.
   */
  reported?: ReportedCounts | undefined;
}

export interface FindingStream {
  findings: AsyncGenerator<Finding, void, undefined>;
  /** Findings listed (at or above the floor) but not read because of `limit`; final once the findings ended. */
  readonly notRead: () => number;
}

/** The list could not be read whole: a file made from it would leave findings out without saying so. */
export class IncompleteListError extends Error {
  override name = 'IncompleteListError';
}

interface PlannedPage {
  severity: Severity;
  offset: number;
  limit: number;
  /** The first page of its severity, already read. */
  read?: Page<Finding>;
}

/**
 * Every finding of a scan at or above `floor`, most severe first, read page by page and handed on as each page's
 * turn comes: at most `concurrency` pages in flight or waiting, so memory holds a few pages whatever the size of
 * the scan. First the first page of each severity, side by side (their totals and the page size the service
 * answers with plan the rest), then every further page through the client's page fetcher, in order, up to
 * `limit` findings: past it only the totals count them (`notRead`), since a consumer that keeps only so many
 * (code scanning keeps 25,000 results) would read the rest for nothing.
 *
 * With the scan's report (`reported`), a small scan whose unfiltered list takes fewer pages is read that way
 * instead (src/run/unfiltered-findings.ts), held whole, checked against the report's total and breakdown, then
 * handed on most severe first.
 *
 * The whole list (up to `limit`) or an error: a page of another severity (the filter ignored, or a severity count
 * the report does not give), a total that changes while the list is read, or fewer findings than the totals
 * promised, end the stream with an IncompleteListError, since a consumer such as code scanning would take a
 * missing finding as a fixed one.
 */
export function streamScanFindings(client: FindingLister, request: FindingStreamRequest): FindingStream {
  let notRead = 0;
  return {
    findings: readFindings(client, request, (count) => {
      notRead = count;
    }),
    notRead: () => notRead,
  };
}

async function* readFindings(
  client: FindingLister,
  request: FindingStreamRequest,
  onNotRead: (count: number) => void,
): AsyncGenerator<Finding, void, undefined> {
  const { scanId, signal } = request;
  if (request.reported && readsUnfiltered(request.reported, request.floor, request.pageSize)) {
    yield* readSmallScan(client, { ...request, reported: request.reported }, onNotRead);
    return;
  }
  const severities = severitiesAtOrAbove(request.floor);
  const list = (page: Omit<PlannedPage, 'read'>, options: RequestOptions): Promise<Page<Finding>> =>
    client.listFindings(
      { scan_id: scanId, severity: page.severity, offset: page.offset, limit: page.limit },
      options,
    );
  const firstPages = await Promise.all(
    severities.map((severity) => list({ severity, offset: 0, limit: request.pageSize }, { signal })),
  );
  const { plan, totals, wanted, listed } = planPages(severities, firstPages, request.limit);

  const received = new Map<Severity, number>();
  const pages = fetchInOrder(
    plan,
    { concurrency: request.concurrency ?? FINDINGS_PAGE_CONCURRENCY, signal },
    async (planned, pageSignal) => ({
      severity: planned.severity,
      page: planned.read ?? (await list(planned, { signal: pageSignal })),
    }),
  );
  for await (const { severity, page } of pages) {
    checkPage(page, severity, totals.get(severity));
    received.set(severity, (received.get(severity) ?? 0) + page.items.length);
    yield* page.items;
  }
  for (const severity of severities) {
    const want = wanted.get(severity) ?? 0;
    const got = received.get(severity) ?? 0;
    if (got !== want)
      throw new IncompleteListError(
        `the list of ${severity} findings gave ${got} findings where ${want} were expected (its total is ${totals.get(severity) ?? 0})`,
      );
  }
  onNotRead(listed - [...wanted.values()].reduce((sum, want) => sum + want, 0));
}

/** A small scan, read unfiltered and checked against its report: at most `limit` of it handed on. */
async function* readSmallScan(
  client: FindingLister,
  request: FindingStreamRequest & { reported: ReportedCounts },
  onNotRead: (count: number) => void,
): AsyncGenerator<Finding, void, undefined> {
  const listed = await readUnfiltered(
    (page, options) => client.listFindings({ scan_id: request.scanId, ...page }, options),
    { ...request, concurrency: request.concurrency ?? FINDINGS_PAGE_CONCURRENCY },
    request.signal,
    (message) => new IncompleteListError(message),
  );
  const read = listed.slice(0, request.limit ?? listed.length);
  yield* read;
  onNotRead(listed.length - read.length);
}

interface PagePlan {
  plan: PlannedPage[];
  /** Per severity: its total, and how many of its findings are read (within the limit). */
  totals: Map<Severity, number>;
  wanted: Map<Severity, number>;
  /** Findings listed at or above the floor. */
  listed: number;
}

/** Every page to read, from the first page of each severity: the most severe first, up to `limit` findings. */
function planPages(
  severities: readonly Severity[],
  firstPages: readonly Page<Finding>[],
  limit: number | undefined,
): PagePlan {
  const planned: PagePlan = { plan: [], totals: new Map(), wanted: new Map(), listed: 0 };
  let budget = limit ?? Number.POSITIVE_INFINITY;
  for (const [index, severity] of severities.entries()) {
    const first = firstPages[index] as Page<Finding>;
    checkPage(first, severity, undefined);
    planned.totals.set(severity, first.total);
    planned.listed += first.total;
    const want = Math.min(first.total, budget);
    budget -= want;
    planned.wanted.set(severity, want);
    const items = first.items.slice(0, want);
    const pageLimit = Math.floor(first.limit);
    if (items.length < want && !(pageLimit > 0))
      throw new IncompleteListError(
        `the first page of ${severity} findings holds ${first.items.length} of ${first.total} and no usable page size (limit ${first.limit})`,
      );
    planned.plan.push({ severity, offset: 0, limit: items.length, read: { ...first, items } });
    planned.plan.push(
      ...remainingPages([
        { severity, offset: items.length, pageLimit, total: first.total, missing: want - items.length },
      ]),
    );
  }
  return planned;
}

/** A page must hold findings of the severity asked for, and keep the total its first page gave. */
function checkPage(page: Page<Finding>, severity: Severity, total: number | undefined): void {
  const other = page.items.find((finding) => countedSeverity(finding.severity) !== severity);
  if (other)
    throw new IncompleteListError(
      `a page of ${severity} findings holds one of severity ${JSON.stringify(other.severity)}: the service ignored the severity filter`,
    );
  if (total !== undefined && page.total !== total)
    throw new IncompleteListError(
      `the total of ${severity} findings changed from ${total} to ${page.total} while the list was read`,
    );
}
