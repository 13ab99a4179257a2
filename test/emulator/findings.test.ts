import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { createScan, get, post, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

const LARGE = '/findings?scan_id=scan_e2e_large';

describe('GET /findings', () => {
  it('pages with items, total, limit and offset (default limit 20)', async () => {
    const first = await get(emulator, LARGE);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 1234, limit: 20, offset: 0 });
    expect(first.body.items).toHaveLength(20);
    const last = await get(emulator, `${LARGE}&limit=100&offset=1200`);
    expect(last.body.items).toHaveLength(34);
    const beyond = await get(emulator, `${LARGE}&offset=5000`);
    expect(beyond.body).toMatchObject({ items: [], total: 1234, offset: 5000 });
  });

  it('walks every finding exactly once by the spec rule (offset + limit >= total)', async () => {
    const seen = new Set<string>();
    let offset = 0;
    for (;;) {
      const page = (await get(emulator, `${LARGE}&limit=200&offset=${offset}`)).body as {
        items: { id: string }[];
        total: number;
        limit: number;
        offset: number;
      };
      for (const item of page.items) seen.add(item.id);
      if (page.offset + page.limit >= page.total) break;
      offset += page.limit;
    }
    expect(seen.size).toBe(1234);
  });

  it('clamps a limit above 200 and reports the limit used', async () => {
    const page = await get(emulator, `${LARGE}&limit=5000`);
    expect(page.body.limit).toBe(200);
    expect(page.body.items).toHaveLength(200);
  });

  it('answers 422 for bad paging values and unknown severities', async () => {
    const queries = [
      'limit=0',
      'limit=-1',
      'limit=2.5',
      'limit=ten',
      'offset=-3',
      'offset=1e3',
      'limit=',
      'severity=urgent',
      'severity=HIGH',
    ];
    for (const query of queries) {
      const response = await get(emulator, `${LARGE}&${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body).toEqual({ error: { code: 'validation_error', message: expect.any(String) } });
    }
  });

  it('filters by severity with the total of that severity', async () => {
    const report = (await get(emulator, '/scans/scan_e2e_large/report')).body;
    for (const severity of ['critical', 'high', 'medium', 'low', 'info']) {
      const page = (await get(emulator, `${LARGE}&severity=${severity}&limit=200`)).body;
      expect(page.total).toBe(report.severity_breakdown[severity]);
      expect(page.items.every((item: { severity: string }) => item.severity === severity)).toBe(true);
    }
  });

  it('lists items with id, scan_id, severity, title, file_path, line, cwe and owasp', async () => {
    const page = (await get(emulator, '/findings?scan_id=scan_e2e_vulnerable&limit=50')).body;
    expect(page.total).toBe(7);
    expect(page.items[0]).toEqual({
      id: expect.stringMatching(/^fnd_/),
      scan_id: 'scan_e2e_vulnerable',
      severity: 'critical',
      title: 'SQL injection ::error::pwned in login handler',
      file_path: 'src/login.ts',
      line: 42,
      cwe: 'CWE-89',
      owasp: 'A03:2021-Injection',
      module: 'sast',
    });
    const titles = page.items.map((item: { title: string }) => item.title).join('\n');
    for (const hostile of ['::error::', '##[error]', '%0A', '\r\n', '|', '<script>', '@octocat']) {
      expect(titles).toContain(hostile);
    }
  });

  it('lists the findings of every completed scan of the org without scan_id', async () => {
    const page = (await get(emulator, '/findings?limit=1')).body;
    expect(page.total).toBe(1234 + 7);
  });

  it('has no findings for a scan that has not completed, and 404 for an unknown scan', async () => {
    const scan = await createScan(emulator, 'repo_clean');
    expect((await get(emulator, `/findings?scan_id=${scan.id}`)).body).toMatchObject({ items: [], total: 0 });
    expect((await get(emulator, '/findings?scan_id=scan_nope')).status).toBe(404);
    emulator.advanceTime(60);
    expect((await get(emulator, `/findings?scan_id=${scan.id}`)).body.total).toBe(3);
  });
});

describe('GET /findings/{id}', () => {
  it('adds cvss_score, fix and description to the list fields', async () => {
    const [first, , third] = (await get(emulator, '/findings?scan_id=scan_e2e_vulnerable')).body.items;
    const detail = await get(emulator, `/findings/${first.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ ...first, cvss_score: 9.8 });
    expect(detail.body.fix.unified_diff).toContain('--- a/src/login.ts');
    expect(detail.body.description).toContain('string concatenation');
    const withoutFix = await get(emulator, `/findings/${third.id}`);
    expect(withoutFix.body.fix).toBeNull();
    expect(withoutFix.body.file_path).toBe('config/a,b:c/settings.ts');
  });

  it('answers 404 for unknown ids and for findings of scans that did not complete', async () => {
    expect((await get(emulator, '/findings/fnd_999_0')).status).toBe(404);
    expect((await get(emulator, '/findings/not-an-id')).status).toBe(404);
    const cancelled = await createScan(emulator, 'repo_vulnerable');
    await post(emulator, `/scans/${cancelled.id}/cancel`);
    const completed = await createScan(emulator, 'repo_vulnerable');
    emulator.advanceTime(60);
    const [item] = (await get(emulator, `/findings?scan_id=${completed.id}`)).body.items;
    expect((await get(emulator, `/findings/${item.id}`)).status).toBe(200);
    // Finding ids carry the scan's sequence number: the cancelled scan was created just before.
    const [, sequence, index] = (item.id as string).split('_');
    const ofCancelled = `fnd_${Number(sequence) - 1}_${index}`;
    expect((await get(emulator, `/findings/${ofCancelled}`)).status).toBe(404);
  });
});
