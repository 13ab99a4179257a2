import { EMULATOR_MAX_PAGE_SIZE } from './lower-bound.ts';
import type { ObservedRequest } from './request-log.ts';
import { SEVERITY_NAMES, type Accounting, type ExpectedFindings, type SeverityName } from './results.ts';

/**
 * "Every finding accounted for": the action's outputs give the report's total and its breakdown by severity.
 * Separately, how many of the findings the action actually read: the offsets covered by the findings pages the
 * emulator answered (200), over the whole list and over each severity's list (`severity=` pages).
 */
export function checkAccounting(
  expected: ExpectedFindings,
  outputs: Record<string, string>,
  pages: readonly ObservedRequest[],
): Accounting {
  const problems: string[] = [];
  const outputTotal = readCount(outputs['total-findings']);
  if (outputTotal !== expected.total)
    problems.push(
      `output total-findings is ${outputs['total-findings'] ?? '(missing)'}, expected ${expected.total}`,
    );
  const outputBySeverity: Partial<Record<SeverityName, number>> = {};
  for (const severity of SEVERITY_NAMES) {
    const value = readCount(outputs[`findings-${severity}`]);
    if (value !== undefined) outputBySeverity[severity] = value;
    if (value !== expected.bySeverity[severity]) {
      problems.push(
        `output findings-${severity} is ${outputs[`findings-${severity}`] ?? '(missing)'}, expected ${expected.bySeverity[severity]}`,
      );
    }
  }
  const readsPerList = listReads(expected, pages);
  const findingsRead = Math.min(
    readsPerList.reduce((sum, read) => sum + read, 0),
    expected.total,
  );
  return {
    expected,
    outputTotal,
    outputBySeverity,
    findingsRead,
    readsPerList,
    pagesCoverAll: findingsRead === expected.total,
    ok: problems.length === 0,
    problems,
  };
}

/** Findings read from each list the action asked for: the scan's whole list, and each severity's. */
function listReads(expected: ExpectedFindings, pages: readonly ObservedRequest[]): number[] {
  const answered = pages.filter((page) => page.status === 200);
  const lists: [string | null, number][] = [
    [null, expected.total],
    ...SEVERITY_NAMES.map((severity): [string, number] => [severity, expected.bySeverity[severity]]),
  ];
  const reads: number[] = [];
  for (const [severity, total] of lists) {
    const ofList = answered.filter((page) => page.query.get('severity') === severity);
    if (ofList.length > 0) reads.push(covered(total, ofList));
  }
  return reads;
}

function readCount(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** How many offsets below `total` the pages covered. */
function covered(total: number, pages: readonly ObservedRequest[]): number {
  const ranges = pages
    .map((page) => {
      const offset = Number(page.query.get('offset') ?? '0');
      const limit = Math.min(Number(page.query.get('limit') ?? '20'), EMULATOR_MAX_PAGE_SIZE);
      return [offset, Math.min(offset + limit, total)] as const;
    })
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a[0] - b[0]);
  let count = 0;
  let reached = 0;
  for (const [start, end] of ranges) {
    if (end <= reached) continue;
    count += end - Math.max(start, reached);
    reached = end;
  }
  return count;
}
