import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import type { Finding, IterateOptions } from '../../src/client/index.ts';
import { get } from '../emulator/helpers.ts';
import { KEYS, clientFor, closeClients, collect, memoryLogger, requestsTo, startE2e } from './support.ts';

/**
 * Paging of the real client over acme/large-monorepo's scan (1,234 generated findings): every finding once,
 * in the service's order, whether the walk is sequential or concurrent, whatever page size is asked for
 * (the emulator clamps limits above 200), and while the `changing_total` fault makes the totals lie.
 */

const SCAN = 'scan_e2e_large';
const FINDINGS = 'GET /api/v1/findings';
const TOTAL = 1234;

let emulator: Emulator;
/** The scan's finding ids in the service's order, read page by page without the client. */
let reference: string[];

beforeAll(async () => {
  const source = await startE2e();
  try {
    reference = [];
    for (let offset = 0; ; offset += 200) {
      const response = await get(source, `/findings?scan_id=${SCAN}&limit=200&offset=${offset}`);
      if (response.status !== 200) throw new Error(`the reference walk got ${response.status} at ${offset}`);
      const items = response.body.items as { id: string }[];
      if (items.length === 0) break;
      reference.push(...items.map((item) => item.id));
    }
  } finally {
    await source.close();
  }
});
// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(async () => {
  await closeClients();
  await emulator.close();
});

function walk(options: IterateOptions, params: { severity?: Finding['severity'] } = {}): Promise<Finding[]> {
  return collect(clientFor(emulator, KEYS.member).iterateFindings({ scan_id: SCAN, ...params }, options));
}

function expectEveryFindingOnce(findings: readonly Finding[]): void {
  const ids = findings.map((finding) => finding.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(TOTAL);
  expect(ids).toEqual(reference);
}

it('the reference read holds every finding of the scan once', () => {
  expect(reference).toHaveLength(TOTAL);
  expect(new Set(reference).size).toBe(TOTAL);
});

describe('iterateFindings over 1,234 findings', () => {
  it('sequentially, 50 a page by default: 25 requests', async () => {
    const findings = await walk({});
    expectEveryFindingOnce(findings);
    expect(findings.every((finding) => finding.scan_id === SCAN)).toBe(true);
    expect(requestsTo(emulator, FINDINGS)).toBe(25);
  });

  it('with concurrency 4: the same findings in the same order, with several pages in flight', async () => {
    // A little latency keeps requests in the emulator long enough to see them overlap. Requests are counted
    // as they arrive, before the latency.
    emulator.setFaults([{ kind: 'latency', latency_ms: 25, path: '/findings' }]);
    const client = clientFor(emulator, KEYS.member);
    const findings: Finding[] = [];
    let arrivedWhenPageTwoCame = 0;
    for await (const finding of client.iterateFindings({ scan_id: SCAN }, { concurrency: 4 })) {
      if (findings.length === 50) arrivedWhenPageTwoCame = requestsTo(emulator, FINDINGS);
      findings.push(finding);
    }
    expectEveryFindingOnce(findings);
    // The first page, then four at once: a sequential walk would have sent exactly 2 by then.
    expect(arrivedWhenPageTwoCame).toBeGreaterThanOrEqual(5);
    expect(requestsTo(emulator, FINDINGS)).toBe(25);
  });

  it('sequentially, a page of 50 at a time, never more than one in flight', async () => {
    emulator.setFaults([{ kind: 'latency', latency_ms: 5, path: '/findings' }]);
    const client = clientFor(emulator, KEYS.member);
    let arrivedWhenPageTwoCame = 0;
    let count = 0;
    for await (const _finding of client.iterateFindings({ scan_id: SCAN })) {
      if (count === 50) arrivedWhenPageTwoCame = requestsTo(emulator, FINDINGS);
      count++;
    }
    expect(count).toBe(TOTAL);
    expect(arrivedWhenPageTwoCame).toBe(2);
  });

  it.each([1, 4])(
    'with a limit of 500, clamped by the emulator to 200, and concurrency %i: 7 requests',
    async (concurrency) => {
      const findings = await walk({ limit: 500, concurrency });
      expectEveryFindingOnce(findings);
      expect(requestsTo(emulator, FINDINGS)).toBe(7);
    },
  );

  it('with a limit of 200 given as a list parameter and concurrency 8', async () => {
    const client = clientFor(emulator, KEYS.member);
    const findings = await collect(client.iterateFindings({ scan_id: SCAN, limit: 200 }, { concurrency: 8 }));
    expectEveryFindingOnce(findings);
    expect(requestsTo(emulator, FINDINGS)).toBe(7);
  });

  it('from an offset', async () => {
    const findings = await walk({ offset: 1100, limit: 100, concurrency: 2 });
    expect(findings.map((finding) => finding.id)).toEqual(reference.slice(1100));
  });

  it('filtered by severity, sequentially and concurrently alike', async () => {
    const report = await clientFor(emulator, KEYS.member).getScanReport(SCAN);
    const expected = report.severity_breakdown.medium;
    const sequential = await walk({ limit: 37 }, { severity: 'medium' });
    const concurrent = await walk({ limit: 37, concurrency: 4 }, { severity: 'medium' });
    expect(sequential).toHaveLength(expected ?? -1);
    expect(concurrent).toEqual(sequential);
    expect(sequential.every((finding) => finding.severity === 'medium')).toBe(true);
    const order = sequential.map((finding) => reference.indexOf(finding.id));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('can be abandoned part way through a concurrent walk, and the client works on', async () => {
    emulator.setFaults([{ kind: 'latency', latency_ms: 20, path: '/findings' }]);
    const client = clientFor(emulator, KEYS.member);
    const taken: Finding[] = [];
    for await (const finding of client.iterateFindings({ scan_id: SCAN }, { concurrency: 4 })) {
      taken.push(finding);
      if (taken.length === 60) break;
    }
    expect(taken.map((finding) => finding.id)).toEqual(reference.slice(0, 60));
    // The pages still in flight were abandoned, not walked to the end.
    expect(requestsTo(emulator, FINDINGS)).toBeLessThan(10);
    emulator.clearFaults();
    expect((await client.listFindings({ scan_id: SCAN, limit: 1 })).total).toBe(TOTAL);
  });

  it('recovers from a 503 on one page of a concurrent walk', async () => {
    emulator.setFaults([{ kind: 'error', status: 503, path: '/findings', count: 2 }]);
    const findings = await walk({ limit: 100, concurrency: 4 });
    expectEveryFindingOnce(findings);
    expect(emulator.stats().faults_injected).toEqual({ error: 2 });
  });
});

describe('iterateFindings while the changing_total fault makes the totals lie', () => {
  it.each([1, 4])('a total growing by 7 on every page, concurrency %i', async (concurrency) => {
    emulator.setFaults([{ kind: 'changing_total', path: '/findings' }]);
    const logger = memoryLogger();
    const client = clientFor(emulator, KEYS.member, { logger });
    const findings = await collect(client.iterateFindings({ scan_id: SCAN }, { limit: 200, concurrency }));
    expectEveryFindingOnce(findings);
    expect(emulator.stats().faults_injected.changing_total).toBeGreaterThanOrEqual(7);
    // The walk ends on the empty page past the data, well before its page cap.
    expect(requestsTo(emulator, FINDINGS)).toBeLessThanOrEqual(9);
  });

  it.each([1, 4])('a first page that over-reports the total by 500, concurrency %i', async (concurrency) => {
    emulator.setFaults([{ kind: 'changing_total', path: '/findings', total_delta: 500, count: 1 }]);
    const findings = await walk({ limit: 200, concurrency });
    expectEveryFindingOnce(findings);
  });

  it.each([1, 4])('a first page that under-reports the total by 40, concurrency %i', async (concurrency) => {
    // The first page says 1,194: a concurrent walk plans pages up to offset 1,000 only, and must walk on
    // when the later pages report the real total.
    emulator.setFaults([{ kind: 'changing_total', path: '/findings', total_delta: -40, count: 1 }]);
    const findings = await walk({ limit: 200, concurrency });
    expectEveryFindingOnce(findings);
  });

  it('the default page size with a growing total, concurrency 4', async () => {
    emulator.setFaults([{ kind: 'changing_total', path: '/findings', total_delta: 3 }]);
    const findings = await walk({ concurrency: 4 });
    expectEveryFindingOnce(findings);
  });
});

describe('iterateFindings while the list itself changes', () => {
  it('a scan completing mid-walk shifts the pages: nothing that was there is repeated or lost', async () => {
    const client = clientFor(emulator, KEYS.member);
    // Without scan_id the findings of every completed scan are listed, newest scan first: the findings of a
    // scan that completes during the walk are put in front, and every later page starts one item further on.
    const scan = await client.createScan({ repository_id: 'repo_vulnerable' });
    const before = await collect(client.iterateFindings({ severity: 'critical' }, { limit: 200 }));
    expect(before.length).toBeGreaterThan(10);
    const walked: Finding[] = [];
    for await (const finding of client.iterateFindings({ severity: 'critical' }, { limit: 5 })) {
      walked.push(finding);
      if (walked.length === 3) emulator.advanceTime(60);
    }
    const ids = walked.map((finding) => finding.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(before.map((finding) => finding.id));
    // The new scan's critical finding came in ahead of the walk.
    const after = await client.listFindings({ severity: 'critical', limit: 1 });
    expect(after.total).toBe(before.length + 1);
    expect(after.items[0]?.scan_id).toBe(scan.id);
  });
});

describe('other lists page the same way', () => {
  it('iterateRepositories and iterateScans with concurrency', async () => {
    const client = clientFor(emulator, KEYS.member);
    const repositories = await collect(client.iterateRepositories({}, { limit: 2, concurrency: 3 }));
    expect(repositories).toEqual((await client.listRepositories()).items);
    const scans = await collect(client.iterateScans({}, { limit: 1, concurrency: 2 }));
    expect(scans.map((scan) => scan.id)).toEqual(['scan_e2e_large', 'scan_e2e_vulnerable']);
  });

  it('iterateAuditLogs with concurrency and a changing total', async () => {
    const admin = clientFor(emulator, KEYS.admin);
    const all = (await admin.listAuditLogs({ limit: 200 })).items;
    emulator.setFaults([{ kind: 'changing_total', path: '/audit-logs', total_delta: 2 }]);
    const walked = await collect(admin.iterateAuditLogs({}, { limit: 3, concurrency: 3 }));
    expect(walked).toEqual(all);
  });
});
