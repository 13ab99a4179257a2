import { describe, expect, it } from 'vitest';
import { FindingSet } from '../../../src/run/finding-set.ts';
import { streamScanFindings } from '../../../src/run/finding-stream.ts';
import { generatedFindings } from '../sarif/sarif-support.ts';
import { FakeFindingList } from '../support/fake-finding-list.ts';

const findings = generatedFindings(1_234);
const request = {
  scanId: 'scan_1',
  floor: 'low',
  pageSize: 50,
  signal: new AbortController().signal,
} as const;

async function readAll(set: FindingSet): Promise<string[]> {
  const ids: string[] = [];
  for await (const finding of streamScanFindings(set, request).findings) ids.push(finding.id);
  return ids;
}

describe('the finding set', () => {
  it('keeps every page for every reader: three readers of the whole list ask the service for each page once', async () => {
    const list = new FakeFindingList(findings);
    const set = new FindingSet(list, true);
    const first = await readAll(set);
    const asked = list.requests.length;
    expect(await readAll(set)).toEqual(first);
    expect(await readAll(set)).toEqual(first);
    expect(list.requests).toHaveLength(asked);
    expect(new Set(list.requests.map((r) => `${r.severity} ${r.offset ?? 0}`)).size).toBe(asked);
  });

  it('keeps nothing when the plan says no reader reads the list again', async () => {
    const list = new FakeFindingList(findings);
    const set = new FindingSet(list, false);
    await readAll(set);
    const asked = list.requests.length;
    await readAll(set);
    expect(list.requests).toHaveLength(2 * asked);
  });

  it('serves a kept page to a request for fewer, never to one for more', async () => {
    const list = new FakeFindingList(findings);
    const set = new FindingSet(list, true);
    const query = { scan_id: 'scan_1', severity: 'high' as const, offset: 0 };
    const page = await set.listFindings({ ...query, limit: 50 });
    const fewer = await set.listFindings({ ...query, limit: 10 });
    expect(fewer.items).toEqual(page.items.slice(0, 10));
    expect(list.requests).toHaveLength(1);
    await set.listFindings({ ...query, limit: 100 });
    expect(list.requests).toHaveLength(2);
  });
});
