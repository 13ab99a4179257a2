import type { LowerBound } from './results.ts';

/**
 * The least time some reading of findings can take, after the scan completed, over a link with a fixed latency
 * per request: the round trips that cannot be avoided, times the latency. Nothing else (transfer, parsing,
 * writing the summary, the process's exit) is counted, so the bound is below anything achievable.
 *
 * The reading is given as the findings to read from each list: the whole list of the scan, or the list of one
 * severity (`severity=`). Then:
 * - noticing the completion costs nothing: at best a poll is answered the instant the scan completes;
 * - round trip 1: the report and the first page of every list, side by side (none needs another; a first page
 *   gives its list's total);
 * - then every further page, `concurrency` at a time: ceil(further pages / concurrency) round trips.
 *
 * Pages hold `min(requested, 200)` findings: the emulator clamps a larger limit to 200.
 */

export const EMULATOR_MAX_PAGE_SIZE = 200;

export interface LowerBoundInput {
  /** Findings read from each list (a list read only for its total counts as 1). */
  reads: readonly number[];
  requestedPageSize: number;
  concurrency: number;
  latencyMs: number;
}

export function lowerBound(input: LowerBoundInput): LowerBound {
  const pageSize = Math.max(1, Math.min(input.requestedPageSize, EMULATOR_MAX_PAGE_SIZE));
  const concurrency = Math.max(1, Math.floor(input.concurrency));
  const lists = Math.max(1, input.reads.length);
  const pagesPerList = input.reads.map((read) => Math.max(1, Math.ceil(read / pageSize)));
  const pages = Math.max(
    1,
    pagesPerList.reduce((sum, count) => sum + count, 0),
  );
  const furtherPages = pagesPerList.reduce((sum, count) => sum + count - 1, 0);
  const roundTrips = 1 + Math.ceil(furtherPages / concurrency);
  return {
    findings: input.reads.reduce((sum, read) => sum + read, 0),
    lists,
    pageSize,
    concurrency,
    pages,
    roundTrips,
    ms: roundTrips * input.latencyMs,
  };
}

/** The sequential walk of the spec's clients: one page after another, no report. */
export function sequentialLowerBound(findings: number, pageSize: number, latencyMs: number): LowerBound {
  const size = Math.max(1, Math.min(pageSize, EMULATOR_MAX_PAGE_SIZE));
  const pages = Math.max(1, Math.ceil(findings / size));
  return {
    findings,
    lists: 1,
    pageSize: size,
    concurrency: 1,
    pages,
    roundTrips: pages,
    ms: pages * latencyMs,
  };
}
