import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { createScan, get, KEYS, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

describe('compliance', () => {
  it('gives an overview with a score per framework', async () => {
    const response = await get(emulator, '/compliance/overview');
    expect(response.status).toBe(200);
    expect(response.body.frameworks.map((f: { id: string }) => f.id)).toEqual([
      'owasp-top-10',
      'pci-dss-4',
      'soc2',
    ]);
    expect(response.body.frameworks[0]).toMatchObject({
      id: 'owasp-top-10',
      name: 'OWASP Top 10 (2021)',
      score: 100,
    });
    expect(response.body.overall_score).toBe(Math.round((100 + 83 + 80) / 3));
  });

  it("fails the controls a completed scan's findings touch", async () => {
    const overview = (await get(emulator, '/compliance/overview?scan_id=scan_e2e_vulnerable')).body;
    expect(overview.scan_id).toBe('scan_e2e_vulnerable');
    expect(overview.frameworks[0]).toMatchObject({ score: 70, controls_failed: 3, controls_total: 10 });
    const detail = await get(emulator, '/compliance/owasp-top-10?scan_id=scan_e2e_vulnerable');
    expect(detail.status).toBe(200);
    const failed = detail.body.controls.filter((c: { status: string }) => c.status === 'failed');
    expect(failed.map((c: { control_id: string }) => c.control_id)).toEqual([
      'A03:2021',
      'A06:2021',
      'A07:2021',
    ]);
    expect(detail.body.controls[0]).toEqual({
      control_id: 'A01:2021',
      title: 'Broken Access Control',
      status: 'passed',
    });
  });

  it('limits the overview to the frameworks a scan asked for', async () => {
    const scan = await createScan(emulator, 'repo_clean', { frameworks: ['soc2'] });
    const overview = (await get(emulator, `/compliance/overview?scan_id=${scan.id}`)).body;
    expect(overview.frameworks.map((f: { id: string }) => f.id)).toEqual(['soc2']);
  });

  it('answers 404 for an unknown framework or scan', async () => {
    const response = await get(emulator, '/compliance/iso-99999');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
    expect((await get(emulator, '/compliance/overview?scan_id=scan_e2e_globex')).status).toBe(404);
  });
});

describe('AI-security overview', () => {
  it('summarizes the checks', async () => {
    const response = await get(emulator, '/ai-security/overview');
    expect(response.status).toBe(200);
    expect(response.body.summary).toMatchObject({ checks_failed: 2, checks_total: 8 });
    expect(response.body.checks[0]).toEqual({
      name: 'Prompt injection through user-supplied documents',
      owasp_llm: 'LLM01:2025',
      status: 'failed',
    });
    expect((await get(emulator, '/ai-security/overview?scan_id=scan_e2e_vulnerable')).status).toBe(200);
    expect((await get(emulator, '/ai-security/overview?scan_id=scan_nope')).status).toBe(404);
  });
});

describe('repositories', () => {
  it('lists the org repositories, 100 a page by default, filterable by project', async () => {
    const all = (await get(emulator, '/repositories')).body;
    expect(all).toMatchObject({ total: 7, limit: 100, offset: 0 });
    expect(all.items[1]).toEqual({
      id: 'repo_vulnerable',
      full_name: 'acme/vulnerable-app',
      default_branch: 'main',
      project_id: 'prj_core',
    });
    const platform = (await get(emulator, '/repositories?project_id=prj_platform')).body;
    expect(platform.items.map((r: { full_name: string }) => r.full_name)).toEqual([
      'acme/endless-monorepo',
      'acme/empty-repo',
      'acme/large-monorepo',
    ]);
    expect((await get(emulator, '/repositories?project_id=prj_globex')).body.total).toBe(0);
    const paged = (await get(emulator, '/repositories?limit=2&offset=6')).body;
    expect(paged).toMatchObject({ total: 7, limit: 2, offset: 6 });
    expect(paged.items).toHaveLength(1);
  });
});

describe('billing usage', () => {
  it('charges credits as the modules of scans run', async () => {
    emulator.advanceTime(60); // lets the scans of earlier tests finish first
    const before = (await get(emulator, '/billing/usage')).body;
    expect(before).toMatchObject({ plan: 'business', included_credits: 1000 });
    expect(Number(before.used_credits) + Number(before.remaining_credits)).toBe(1000);
    await createScan(emulator, 'repo_empty');
    emulator.advanceTime(60);
    const after = (await get(emulator, '/billing/usage')).body;
    expect(after.remaining_credits).toBe(before.remaining_credits - 4);
    const globex = (await get(emulator, '/billing/usage', { key: KEYS.globex })).body;
    expect(globex).toMatchObject({ plan: 'team', included_credits: 500 });
  });
});
