import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { completedScan, createScan, get, type Json, KEYS, post, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

const statuses = (scan: { modules: { name: string; status: string }[] }): Record<string, string> =>
  Object.fromEntries(scan.modules.map((module) => [module.name, module.status]));

describe('POST /scans', () => {
  it('creates a queued scan with the defaults of the spec', async () => {
    const response = await post(emulator, '/scans', { body: { repository_id: 'repo_clean' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'queued',
      repository_id: 'repo_clean',
      ref: 'HEAD',
      is_incremental: true,
      frameworks: [],
    });
    expect(response.body.id).toMatch(/^scan_/);
    expect(statuses(response.body)).toEqual({
      sast: 'queued',
      secrets: 'queued',
      dependencies: 'queued',
      iac: 'queued',
    });
  });

  it('takes ref, modules, frameworks and is_incremental', async () => {
    const scan = await createScan(emulator, 'repo_clean', {
      ref: 'refs/pull/42/head',
      modules: ['sast', 'secrets'],
      frameworks: ['owasp-top-10'],
      is_incremental: false,
    });
    expect(scan).toMatchObject({
      ref: 'refs/pull/42/head',
      frameworks: ['owasp-top-10'],
      is_incremental: false,
    });
    expect(Object.keys(statuses(scan))).toEqual(['sast', 'secrets']);
  });

  it('answers 422 for a missing repository_id, unknown modules or frameworks, and wrong types', async () => {
    const bodies = [
      {},
      { repository_id: '' },
      { repository_id: 42 },
      { repository_id: 'repo_clean', modules: ['sast', 'telepathy'] },
      { repository_id: 'repo_clean', modules: 'sast' },
      { repository_id: 'repo_clean', frameworks: ['made-up'] },
      { repository_id: 'repo_clean', is_incremental: 'yes' },
      { repository_id: 'repo_clean', ref: 7 },
      [{ repository_id: 'repo_clean' }],
    ];
    for (const body of bodies) {
      const response = await post(emulator, '/scans', { body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.code).toBe('validation_error');
    }
    const unknown = await post(emulator, '/scans', {
      body: { repository_id: 'repo_telepathy', modules: ['sast'] },
    });
    expect(unknown.body.error.message).toMatch(/repo_telepathy/);
    expect(unknown.status).toBe(404);
    const noBody = await post(emulator, '/scans');
    expect(noBody.status).toBe(422);
    expect(noBody.body.error.message).toMatch(/repository_id/);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await post(emulator, '/scans', {
      rawBody: '{"repository_id": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_json');
  });
});

describe('scan states', () => {
  it('moves queued → running (module by module) → completed', async () => {
    const scan = await createScan(emulator, 'repo_vulnerable');
    const read = async (): Promise<Json> => (await get(emulator, `/scans/${scan.id}`)).body;
    expect((await read()).status).toBe('queued');
    emulator.advanceTime(1);
    let current = await read();
    expect(current.status).toBe('running');
    expect(statuses(current)).toEqual({
      sast: 'running',
      secrets: 'running',
      dependencies: 'running',
      iac: 'running',
    });
    emulator.advanceTime(3);
    current = await read();
    expect(statuses(current)).toEqual({
      sast: 'completed',
      secrets: 'running',
      dependencies: 'running',
      iac: 'running',
    });
    emulator.advanceTime(7);
    current = await read();
    expect(current.status).toBe('completed');
    expect(Object.values(statuses(current))).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it('ends failed with the failing module failed', async () => {
    const scan = await completedScan(emulator, 'repo_failing');
    const current = (await get(emulator, `/scans/${scan.id}`)).body;
    expect(current.status).toBe('failed');
    expect(statuses(current)).toEqual({ sast: 'completed', dependencies: 'failed' });
    const report = await get(emulator, `/scans/${scan.id}/report`);
    expect(report.status).toBe(409);
    expect(report.body.error.code).toBe('scan_not_completed');
    const findings = await get(emulator, `/findings?scan_id=${scan.id}`);
    expect(findings.body).toMatchObject({ items: [], total: 0 });
  });

  it('completes with one failed module, whose findings are not reported', async () => {
    const scan = await completedScan(emulator, 'repo_partial');
    const current = (await get(emulator, `/scans/${scan.id}`)).body;
    expect(current.status).toBe('completed');
    expect(statuses(current)).toEqual({ sast: 'completed', secrets: 'completed', iac: 'failed' });
    const findings = await get(emulator, `/findings?scan_id=${scan.id}`);
    expect(findings.body.total).toBe(2);
    expect(findings.body.items.every((finding: { module: string }) => finding.module === 'sast')).toBe(true);
  });

  it('does not fail a scan that does not run the failing module', async () => {
    const scan = await completedScan(emulator, 'repo_failing', { modules: ['sast'] });
    expect((await get(emulator, `/scans/${scan.id}`)).body.status).toBe('completed');
  });

  it('progresses by itself at the configured time scale, as its real clock passes', async () => {
    const real = { ms: 0 };
    const scaled = await startE2e({ timeScale: 0.001, realNow: () => real.ms }); // 1 service s in 1 real ms
    try {
      const scan = await createScan(scaled, 'repo_clean');
      const statusAfter = async (realMs: number): Promise<string> => {
        real.ms = realMs;
        return (await get(scaled, `/scans/${scan.id}`)).body.status as string;
      };
      // repo_clean: 1 s queued, then 10 s running.
      expect(await statusAfter(0.5)).toBe('queued');
      expect(await statusAfter(5)).toBe('running');
      expect(await statusAfter(11)).toBe('completed');
    } finally {
      await scaled.close();
    }
  });
});

describe('POST /scans/{id}/cancel', () => {
  it('cancels a scan that never finishes, and keeps it cancelled', async () => {
    const scan = await createScan(emulator, 'repo_stuck');
    emulator.advanceTime(1_000);
    expect((await get(emulator, `/scans/${scan.id}`)).body.status).toBe('running');
    const cancelled = await post(emulator, `/scans/${scan.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(statuses(cancelled.body)).toEqual({
      sast: 'completed',
      secrets: 'completed',
      dependencies: 'completed',
      iac: 'cancelled',
    });
    emulator.advanceTime(1_000);
    expect((await get(emulator, `/scans/${scan.id}`)).body.status).toBe('cancelled');
  });

  it('cancels a queued scan with every module cancelled', async () => {
    const scan = await createScan(emulator, 'repo_clean');
    const cancelled = await post(emulator, `/scans/${scan.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect(new Set(Object.values(statuses(cancelled.body)))).toEqual(new Set(['cancelled']));
  });

  it('returns a terminal scan unchanged', async () => {
    const scan = await completedScan(emulator, 'repo_clean');
    const response = await post(emulator, `/scans/${scan.id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('completed');
    expect((await post(emulator, '/scans/scan_nope/cancel')).status).toBe(404);
  });
});

describe('GET /scans and the report', () => {
  it('lists newest first, filtered by repository and paged', async () => {
    const first = await createScan(emulator, 'repo_empty');
    const second = await createScan(emulator, 'repo_empty');
    const page = await get(emulator, '/scans?repository_id=repo_empty&limit=1');
    expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(page.body.items[0].id).toBe(second.id);
    const next = await get(emulator, '/scans?repository_id=repo_empty&limit=1&offset=1');
    expect(next.body.items[0].id).toBe(first.id);
    const all = await get(emulator, '/scans');
    expect(all.body.limit).toBe(20);
    expect(all.body.total).toBeGreaterThan(2);
    expect((await get(emulator, '/scans?repository_id=repo_globex')).body.total).toBe(0);
  });

  it('reports totals, risk score and every severity once completed', async () => {
    const report = await get(emulator, '/scans/scan_e2e_vulnerable/report');
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      scan_id: 'scan_e2e_vulnerable',
      total_findings: 7,
      risk_score: 91,
      severity_breakdown: { critical: 1, high: 3, medium: 1, low: 1, info: 1 },
    });
    const running = await createScan(emulator, 'repo_clean');
    expect((await get(emulator, `/scans/${running.id}/report`)).status).toBe(409);
  });

  it('keeps scans of one key visible to the other keys of the org', async () => {
    const scan = await createScan(emulator, 'repo_clean');
    expect((await get(emulator, `/scans/${scan.id}`, { key: KEYS.viewer })).status).toBe(200);
  });
});
