import { describe, expect, it } from 'vitest';
import { IncompleteListError, streamScanFindings } from '../../../src/run/finding-stream.ts';
import { SEVERITIES, severityRank } from '../../../src/domain/severity.ts';
import { generatedFindings } from '../sarif/sarif-support.ts';
import { FakeFindingList, collect } from '../support/fake-finding-list.ts';

/** The generated findings in the service's order (by id), not sorted: the stream must order them. */
const findings = generatedFindings(1_234).sort((a, b) => Number(a.id.slice(4)) - Number(b.id.slice(4)));

const request = {
  scanId: 'scan_1',
  floor: 'info',
  pageSize: 50,
  signal: new AbortController().signal,
} as const;

describe('streamScanFindings', () => {
  it('gives every finding once, most severe first, in the service order within a severity', async () => {
    const list = new FakeFindingList(findings);
    const streamed = await collect(streamScanFindings(list, request).findings);
    expect(streamed).toHaveLength(findings.length);
    const expected = SEVERITIES.flatMap((severity) => findings.filter((f) => f.severity === severity));
    expect(streamed.map((f) => f.id)).toEqual(expected.map((f) => f.id));
    const ranks = streamed.map((f) => severityRank(f.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('reads pages concurrently, at most 16 at a time, and none below the floor', async () => {
    const list = new FakeFindingList(findings);
    const streamed = await collect(streamScanFindings(list, { ...request, floor: 'medium' }).findings);
    expect(streamed.every((f) => severityRank(f.severity) <= severityRank('medium'))).toBe(true);
    expect(streamed).toHaveLength(
      findings.filter((f) => severityRank(f.severity) <= severityRank('medium')).length,
    );
    expect(
      list.requests.every((r) => r.severity && ['critical', 'high', 'medium'].includes(r.severity)),
    ).toBe(true);
    expect(list.maxInFlight).toBeGreaterThan(1);
    expect(list.maxInFlight).toBeLessThanOrEqual(16);
  });

  it('follows the page size the service answers with', async () => {
    const list = new FakeFindingList(findings, { maxLimit: 30 });
    const streamed = await collect(streamScanFindings(list, { ...request, pageSize: 1000 }).findings);
    expect(streamed).toHaveLength(findings.length);
    const further = list.requests.slice(SEVERITIES.length);
    expect(further.every((r) => (r.limit ?? 0) <= 30 && (r.offset ?? 0) % 30 === 0)).toBe(true);
  });

  it('reads up to the limit, the most severe, and counts the rest from the totals', async () => {
    const list = new FakeFindingList(findings);
    const stream = streamScanFindings(list, { ...request, limit: 300 });
    const streamed = await collect(stream.findings);
    const expected = SEVERITIES.flatMap((severity) => findings.filter((f) => f.severity === severity));
    expect(streamed.map((f) => f.id)).toEqual(expected.slice(0, 300).map((f) => f.id));
    expect(stream.notRead()).toBe(findings.length - 300);
    const asked = list.requests.reduce((sum, r) => sum + (r.limit ?? 0), 0);
    expect(asked).toBeLessThan(300 + SEVERITIES.length * 50);
  });

  it('ends with an error when the service ignores the severity filter', async () => {
    const list = new FakeFindingList(findings, {
      alter: (page, params) =>
        params.offset === 0
          ? page
          : { ...page, items: [...page.items, { ...findings[0]!, severity: 'info' }] },
    });
    await expect(collect(streamScanFindings(list, request).findings)).rejects.toThrow(IncompleteListError);
  });

  it('ends with an error when a total changes or a page comes back short', async () => {
    const growing = new FakeFindingList(findings, {
      alter: (page, params) => (params.offset === 100 ? { ...page, total: page.total + 1 } : page),
    });
    await expect(collect(streamScanFindings(growing, request).findings)).rejects.toThrow(/changed/);
    const short = new FakeFindingList(findings, {
      alter: (page, params) => (params.offset === 100 ? { ...page, items: page.items.slice(1) } : page),
    });
    await expect(collect(streamScanFindings(short, request).findings)).rejects.toThrow(
      /gave \d+ findings where \d+ were expected/,
    );
  });

  it('stops at the signal, with the requests in flight', async () => {
    const controller = new AbortController();
    const list = new FakeFindingList(findings);
    const stream = streamScanFindings(list, { ...request, signal: controller.signal }).findings;
    let read = 0;
    await expect(
      (async () => {
        for await (const _ of stream) {
          read += 1;
          if (read === 60) controller.abort(new Error('deadline'));
        }
      })(),
    ).rejects.toThrow('deadline');
    expect(read).toBeLessThan(findings.length);
  });
});
