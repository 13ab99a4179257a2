import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { completedScan, createScan, get, type Json, post, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

async function findingIds(scanId: string): Promise<string[]> {
  const page = await get(emulator, `/findings?scan_id=${scanId}&limit=200`);
  return (page.body.items as { id: string }[]).map((item) => item.id);
}

describe('remediation jobs', () => {
  it('opens a pull request for a finding with a fix', async () => {
    const [withFix] = await findingIds('scan_e2e_vulnerable');
    const started = await post(emulator, `/findings/${withFix}/remediate`);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      finding_id: withFix,
      status: 'queued',
      pr_url: '',
      branch: '',
      failure_reason: null,
    });
    const read = async (): Promise<Json> => (await get(emulator, `/remediations/${started.body.id}`)).body;
    emulator.advanceTime(2);
    expect(await read()).toMatchObject({ status: 'running', pr_url: '' });
    emulator.advanceTime(5);
    const done = await read();
    expect(done.status).toBe('completed');
    expect(done.pr_url).toMatch(/^https:\/\/github\.com\/acme\/vulnerable-app\/pull\/\d+$/);
    expect(done.branch).toMatch(/^svc\/remediate-/);
    expect(done.failure_reason).toBeNull();
  });

  it('ends failed, without a pull request, for a finding without a fix or with a scripted failure', async () => {
    const ids = await findingIds('scan_e2e_vulnerable');
    const noFix = (await post(emulator, `/findings/${ids[2]}/remediate`)).body;
    const scripted = (await post(emulator, `/findings/${ids[3]}/remediate`)).body;
    emulator.advanceTime(10);
    const first = (await get(emulator, `/remediations/${noFix.id}`)).body;
    expect(first).toMatchObject({ status: 'failed', pr_url: '', branch: '' });
    expect(first.failure_reason).toMatch(/No automated fix/);
    const second = (await get(emulator, `/remediations/${scripted.id}`)).body;
    expect(second).toMatchObject({
      status: 'failed',
      pr_url: '',
      failure_reason: 'Tests failed after the upgrade | see ::error:: log',
    });
  });

  it('numbers pull requests per repository', async () => {
    const [withFix, withOtherFix] = await findingIds('scan_e2e_vulnerable');
    const a = (await post(emulator, `/findings/${withFix}/remediate`)).body;
    const b = (await post(emulator, `/findings/${withOtherFix}/remediate`)).body;
    emulator.advanceTime(10);
    const urlA = (await get(emulator, `/remediations/${a.id}`)).body.pr_url as string;
    const urlB = (await get(emulator, `/remediations/${b.id}`)).body.pr_url as string;
    expect(Number(urlB.split('/').pop())).toBe(Number(urlA.split('/').pop()) + 1);
  });

  it('answers 404 for unknown jobs and findings', async () => {
    expect((await get(emulator, '/remediations/rem_999')).status).toBe(404);
    expect((await post(emulator, '/findings/fnd_999_1/remediate')).status).toBe(404);
  });
});

describe('AI analysis', () => {
  it('needs a completed scan', async () => {
    const scan = await createScan(emulator, 'repo_clean');
    const response = await post(emulator, `/scans/${scan.id}/ai-analysis`);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('scan_not_completed');
    expect((await get(emulator, `/scans/${scan.id}/ai-analysis`)).status).toBe(404);
  });

  it('runs its agents in sequence and sets risk score and confidence when done', async () => {
    const scan = await completedScan(emulator, 'repo_vulnerable');
    const started = await post(emulator, `/scans/${scan.id}/ai-analysis`);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      scan_id: scan.id,
      status: 'queued',
      risk_score: null,
      overall_confidence: null,
    });
    expect(started.body.agent_runs.map((run: { sequence: number }) => run.sequence)).toEqual([1, 2, 3, 4]);
    const read = async (): Promise<Json> => (await get(emulator, `/scans/${scan.id}/ai-analysis`)).body;
    emulator.advanceTime(6);
    const running = await read();
    expect(running.status).toBe('running');
    expect(running.agent_runs.map((run: { status: string }) => run.status)).toEqual([
      'completed',
      'running',
      'queued',
      'queued',
    ]);
    expect(running.agent_runs[0].confidence).toBeGreaterThan(0);
    expect(running.agent_runs[1].confidence).toBeNull();
    expect((await get(emulator, `/scans/${scan.id}/ai-analysis/patches`)).status).toBe(409);
    emulator.advanceTime(60);
    const done = await read();
    expect(done.status).toBe('completed');
    expect(done.risk_score).toBe(91);
    expect(done.overall_confidence).toBeGreaterThan(0);
    expect(done.overall_confidence).toBeLessThanOrEqual(1);
    const again = await post(emulator, `/scans/${scan.id}/ai-analysis`);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(started.body.id);
  });

  it('returns patches of the findings that have a fix', async () => {
    const scan = await completedScan(emulator, 'repo_vulnerable');
    await post(emulator, `/scans/${scan.id}/ai-analysis`);
    emulator.advanceTime(60);
    const patches = await get(emulator, `/scans/${scan.id}/ai-analysis/patches`);
    expect(patches.status).toBe(200);
    expect(patches.body.scan_id).toBe(scan.id);
    expect(patches.body.patches).toHaveLength(3);
    expect(patches.body.patches[0]).toEqual({
      finding_id: expect.stringMatching(/^fnd_/),
      unified_diff: expect.stringContaining('+++ b/'),
    });
  });

  it('fails when an agent fails, skipping the rest, and starts afresh when asked again', async () => {
    const scan = await completedScan(emulator, 'repo_partial');
    const first = (await post(emulator, `/scans/${scan.id}/ai-analysis`)).body;
    emulator.advanceTime(30);
    const failed = (await get(emulator, `/scans/${scan.id}/ai-analysis`)).body;
    expect(failed.status).toBe('failed');
    expect(failed.agent_runs.map((run: { status: string }) => run.status)).toEqual([
      'completed',
      'failed',
      'skipped',
    ]);
    expect(failed.risk_score).toBeNull();
    const retried = await post(emulator, `/scans/${scan.id}/ai-analysis`);
    expect(retried.status).toBe(201);
    expect(retried.body.id).not.toBe(first.id);
  });
});
