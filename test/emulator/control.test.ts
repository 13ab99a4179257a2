import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { control, createScan, get, post, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

describe('the control endpoint', () => {
  it('reports health', async () => {
    const response = await control(emulator, 'GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', scenario: 'e2e', time_scale: 0 });
  });

  it('reports what the emulator received, by route template, and resets', async () => {
    await control(emulator, 'POST', '/reset-stats');
    const scan = await createScan(emulator, 'repo_stuck');
    await get(emulator, `/scans/${scan.id}`);
    await get(emulator, `/scans/${scan.id}`);
    await post(emulator, `/scans/${scan.id}/cancel`);
    const [finding] = (await get(emulator, '/findings?scan_id=scan_e2e_vulnerable')).body.items;
    await post(emulator, `/findings/${finding.id}/remediate`);
    await get(emulator, '/nowhere');
    await get(emulator, '/me', { key: null });

    const stats = (await control(emulator, 'GET', '/stats')).body;
    expect(stats.requests).toEqual({
      'POST /api/v1/scans': 1,
      'GET /api/v1/scans/{id}': 2,
      'POST /api/v1/scans/{id}/cancel': 1,
      'GET /api/v1/findings': 1,
      'POST /api/v1/findings/{id}/remediate': 1,
      'GET (unmatched)': 1,
      'GET /api/v1/me': 1,
    });
    expect(stats).toMatchObject({
      requests_total: 8,
      scans_created: 1,
      cancels: 1,
      remediations_created: 1,
      responses_by_status: { '200': 4, '201': 2, '401': 1, '404': 1 },
    });
    expect(stats.bytes_sent).toBeGreaterThan(500);
    expect(emulator.stats()).toEqual(stats);

    const reset = await control(emulator, 'POST', '/reset-stats');
    expect(reset.body).toMatchObject({ requests_total: 0, requests: {}, bytes_sent: 0, scans_created: 0 });
  });

  it('moves and paces the service clock', async () => {
    const scan = await createScan(emulator, 'repo_clean');
    const before = (await control(emulator, 'GET', '/clock')).body.service_time_s as number;
    const moved = await control(emulator, 'POST', '/clock', { advance_seconds: 60 });
    expect(moved.body.service_time_s).toBeCloseTo(before + 60);
    expect((await get(emulator, `/scans/${scan.id}`)).body.status).toBe('completed');
    expect((await control(emulator, 'POST', '/clock', { time_scale: 0.5 })).body.time_scale).toBe(0.5);
    await control(emulator, 'POST', '/clock', { time_scale: 0 });
    expect((await control(emulator, 'POST', '/clock', { time_scale: -1 })).status).toBe(422);
  });

  it('loads another scenario by name, from an object, or with a bench repository', async () => {
    const other = await startE2e();
    try {
      const loaded = await control(other, 'POST', '/scenario', { name: 'demo' });
      expect(loaded.status).toBe(200);
      expect(loaded.body).toMatchObject({ name: 'demo', api_key: 'svc_sk_demo_member_4f1c2a9e7b3d' });
      expect(other.apiKey).toBe('svc_sk_demo_member_4f1c2a9e7b3d');
      const repositories = await get(other, '/repositories', { key: other.apiKey });
      expect(repositories.body.items.map((r: { full_name: string }) => r.full_name)).toContain(
        'octo-org/webapp',
      );

      const e2e = JSON.parse(
        await readFile(new URL('../../emulator/scenarios/e2e.json', import.meta.url), 'utf8'),
      );
      const fromObject = await control(other, 'POST', '/scenario', {
        scenario: { ...e2e, name: 'custom' },
        findings: 500,
      });
      expect(fromObject.body.name).toBe('custom');
      expect(fromObject.body.repositories.at(-1)).toMatchObject({
        id: 'repo_bench_large',
        full_name: 'bench/large',
      });
      const bench = await get(other, '/findings?scan_id=scan_bench_large&limit=1');
      expect(bench.body.total).toBe(500);

      const broken = await control(other, 'POST', '/scenario', { scenario: { organizations: [] } });
      expect(broken.status).toBe(422);
      expect(broken.body.error.message).toMatch(/organizations/);
      expect((await control(other, 'POST', '/scenario', { name: 'no-such-scenario' })).status).toBe(422);
      expect((await control(other, 'GET', '/scenario')).body.name).toBe('custom');
    } finally {
      await other.close();
    }
  });

  it('answers unknown control routes with 404 and wrong methods with 405', async () => {
    expect((await control(emulator, 'GET', '/nope')).status).toBe(404);
    const wrong = await control(emulator, 'PUT', '/faults');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST, DELETE');
    expect((await control(emulator, 'POST', '/faults', undefined)).status).toBe(422);
  });

  it('does not count control requests as API requests', async () => {
    await control(emulator, 'POST', '/reset-stats');
    await control(emulator, 'GET', '/health');
    expect(emulator.stats().requests_total).toBe(0);
  });
});
