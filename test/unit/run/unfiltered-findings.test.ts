import { describe, expect, it } from 'vitest';
import { IncompleteListError, streamScanFindings } from '../../../src/run/finding-stream.ts';
import { readsUnfiltered, type ReportedCounts } from '../../../src/run/unfiltered-findings.ts';
import type { Finding } from '../../../src/client/types.ts';
import { SEVERITIES, zeroCounts } from '../../../src/domain/severity.ts';
import { generatedFindings } from '../sarif/sarif-support.ts';
import { FakeFindingList, collect } from '../support/fake-finding-list.ts';

/** A small scan in the service's order (by id), not sorted: the read must order it. */
const findings = generatedFindings(120).sort((a, b) => Number(a.id.slice(4)) - Number(b.id.slice(4)));

function reportOf(list: readonly Finding[]): ReportedCounts {
  const severity_breakdown = zeroCounts();
  for (const finding of list) severity_breakdown[finding.severity] += 1;
  return { total_findings: list.length, severity_breakdown };
}

const reported = reportOf(findings);

const request = {
  scanId: 'scan_1',
  floor: 'low',
  pageSize: 50,
  signal: new AbortController().signal,
  reported,
} as const;

const mostSevereFirst = (list: readonly Finding[], floor: number): string[] =>
  SEVERITIES.slice(0, floor + 1).flatMap((severity) =>
    list.filter((f) => f.severity === severity).map((f) => f.id),
  );

describe('a small scan read unfiltered, against its report', () => {
  it('reads every severity in one list when that takes fewer pages, and hands on most severe first', async () => {
    const list = new FakeFindingList(findings);
    const stream = streamScanFindings(list, request);
    const streamed = await collect(stream.findings);
    expect(list.requests.every((r) => r.severity === undefined)).toBe(true);
    expect(list.requests).toHaveLength(3);
    expect(streamed.map((f) => f.id)).toEqual(mostSevereFirst(findings, 3));
    expect(stream.notRead()).toBe(0);
  });

  it('cuts at the limit, the most severe kept, and counts the rest as not read', async () => {
    const list = new FakeFindingList(findings);
    const stream = streamScanFindings(list, { ...request, limit: 40 });
    const streamed = await collect(stream.findings);
    expect(streamed.map((f) => f.id)).toEqual(mostSevereFirst(findings, 3).slice(0, 40));
    expect(stream.notRead()).toBe(mostSevereFirst(findings, 3).length - 40);
  });

  it('keeps the read per severity when it takes no more pages, or the scan is large, or the report does not add up', () => {
    expect(readsUnfiltered(reported, 'low', 50)).toBe(true);
    expect(readsUnfiltered(reported, 'critical', 50)).toBe(false);
    expect(readsUnfiltered({ ...reported, total_findings: 121 }, 'low', 50)).toBe(false);
    const large = { total_findings: 5_000, severity_breakdown: { ...zeroCounts(), high: 5_000 } };
    expect(readsUnfiltered(large, 'info', 200)).toBe(false);
  });

  it('refuses a list holding a finding of another severity than the report counts', async () => {
    const list = new FakeFindingList(findings, {
      alter: (page, params) =>
        params.offset === 50
          ? { ...page, items: page.items.map((f, i) => (i === 0 ? { ...f, severity: 'critical' } : f)) }
          : page,
    });
    const moved = findings.slice(50, 51)[0];
    expect(moved?.severity).not.toBe('critical');
    await expect(collect(streamScanFindings(list, request).findings)).rejects.toThrow(
      /holds \d+ critical findings where the scan's report counts \d+/,
    );
  });

  it('refuses a total that changed while the list was read', async () => {
    const list = new FakeFindingList(findings, {
      alter: (page, params) => (params.offset === 100 ? { ...page, total: page.total + 1 } : page),
    });
    await expect(collect(streamScanFindings(list, request).findings)).rejects.toThrow(IncompleteListError);
    await expect(
      collect(streamScanFindings(new FakeFindingList(findings.slice(1)), request).findings),
    ).rejects.toThrow(/counts 119 where the scan's report counts 120/);
  });

  it('refuses a list shorter than its totals, and hands on nothing of it', async () => {
    const list = new FakeFindingList(findings, {
      alter: (page, params) => (params.offset === 50 ? { ...page, items: page.items.slice(1) } : page),
    });
    const handed: Finding[] = [];
    await expect(
      (async () => {
        for await (const finding of streamScanFindings(list, request).findings) handed.push(finding);
      })(),
    ).rejects.toThrow(/gave 119 findings where 120 were expected/);
    expect(handed).toEqual([]);
  });
});
