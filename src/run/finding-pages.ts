import type { Severity } from '../domain/severity.ts';

/** What the first page of one severity told, and how many more of its findings are wanted. */
export interface SeverityListing {
  severity: Severity;
  /** Where the next page starts: the items the first page held. */
  offset: number;
  /** The page size the service answered with (it may clamp the one asked for). */
  pageLimit: number;
  total: number;
  missing: number;
}

export interface PageRequest {
  severity: Severity;
  offset: number;
  limit: number;
}

/**
 * Every further page that holds wanted findings, most severe first and in order within a severity. Known
 * from the first pages alone, so they can all be asked for at once: one round trip, where walking page by
 * page would take one per page. Findings a changing list moves between pages may be missed; they are rows to
 * show, and the counts come from the totals, so nothing the gate relies on is lost.
 */
export function remainingPages(listings: readonly SeverityListing[]): PageRequest[] {
  const pages: PageRequest[] = [];
  for (const { severity, offset, pageLimit, total, missing } of listings) {
    if (!(pageLimit > 0)) continue;
    let planned = 0;
    for (let at = offset; planned < missing && at < total; at += pageLimit) {
      const limit = Math.min(pageLimit, missing - planned);
      pages.push({ severity, offset: at, limit });
      planned += limit;
    }
  }
  return pages;
}
