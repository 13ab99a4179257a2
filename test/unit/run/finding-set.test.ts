import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FindingSet } from '../../../src/run/finding-set.ts';
import { SpillFile } from '../../../src/run/spill-file.ts';
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

describe('the finding set past its bound in memory', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'svc-finding-set-test-'));
  });
  afterEach(() => {
    rmSync(parent, { recursive: true, force: true });
  });

  it('spills the pages past the bound to a file, and every reader reads the same findings, each page asked once', async () => {
    const inMemory = new FakeFindingList(findings);
    const expected = await readAll(new FindingSet(inMemory, true));
    const list = new FakeFindingList(findings);
    const spill = new SpillFile(parent);
    const set = new FindingSet(list, true, { memoryBound: 100, spill });
    expect(await readAll(set)).toEqual(expected);
    const asked = list.requests.length;
    const path = await spill.path();
    expect(path).toBeDefined();
    // Most of the 1,234 findings lie in the file, not in memory.
    expect(statSync(path ?? '').size).toBeGreaterThan(1_000 * 100);
    expect(await readAll(set)).toEqual(expected);
    expect(await readAll(set)).toEqual(expected);
    expect(list.requests).toHaveLength(asked);
    await set.close();
  });

  it('keeps everything in memory below the bound: no file is made', async () => {
    const spill = new SpillFile(parent);
    const set = new FindingSet(new FakeFindingList(findings), true, { memoryBound: 10_000, spill });
    await readAll(set);
    expect(await spill.path()).toBeUndefined();
    expect(readdirSync(parent)).toEqual([]);
  });

  it('removes the file at the end, and only then', async () => {
    const spill = new SpillFile(parent);
    const set = new FindingSet(new FakeFindingList(findings), true, { memoryBound: 100, spill });
    await readAll(set);
    const path = (await spill.path()) ?? '';
    await readAll(set);
    expect(existsSync(path)).toBe(true);
    await set.close();
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
  });
});
