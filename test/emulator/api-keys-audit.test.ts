import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { call, createScan, get, KEYS, post, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

describe('API keys', () => {
  it('creates a key whose secret is shown once and authenticates, then revokes it', async () => {
    const created = await post(emulator, '/api-keys', { key: KEYS.admin, body: { name: 'deploy bot' } });
    expect(created.status).toBe(201);
    const { token, ...fields } = created.body;
    expect(token).toMatch(/^svc_sk_[A-Za-z0-9_-]{20,}$/);
    expect(fields).toMatchObject({
      name: 'deploy bot',
      role: 'member',
      is_active: true,
      last_four: token.slice(-4),
    });
    expect(token.startsWith(fields.prefix)).toBe(true);
    expect(fields.prefix.length).toBeLessThan(token.length);

    const me = await get(emulator, '/me', { key: token });
    expect(me.body).toMatchObject({ role: 'member', active_org_id: 'org_acme', user_id: 'usr_alice' });

    const listed = (await get(emulator, '/api-keys', { key: KEYS.admin })).body;
    expect(Array.isArray(listed)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.find((key: { id: string }) => key.id === fields.id)).toEqual(fields);

    const revoked = await call(emulator, 'DELETE', `/api-keys/${fields.id}`, { key: KEYS.admin });
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    expect((await get(emulator, '/me', { key: token })).status).toBe(401);
    const after = (await get(emulator, '/api-keys', { key: KEYS.admin })).body;
    expect(after.find((key: { id: string }) => key.id === fields.id).is_active).toBe(false);
    expect((await call(emulator, 'DELETE', `/api-keys/${fields.id}`, { key: KEYS.admin })).status).toBe(204);
  });

  it('lists the seeded keys with their state, never a secret', async () => {
    const listed = (await get(emulator, '/api-keys', { key: KEYS.admin })).body;
    const revoked = listed.find((key: { id: string }) => key.id === 'key_e2e_revoked');
    expect(revoked).toMatchObject({
      role: 'member',
      is_active: false,
      prefix: 'svc_sk_e2e_r',
      last_four: '_004',
    });
    for (const secret of Object.values(KEYS)) expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.some((key: { id: string }) => key.id === 'key_globex_member')).toBe(false);
  });

  it('takes a role and validates the body', async () => {
    const admin = await post(emulator, '/api-keys', {
      key: KEYS.admin,
      body: { name: 'ops', role: 'admin' },
    });
    expect(admin.body.role).toBe('admin');
    const viewer = await post(emulator, '/api-keys', {
      key: KEYS.admin,
      body: { name: 'dashboard', role: 'viewer' },
    });
    expect(viewer.body.role).toBe('viewer');
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 3 }, { name: 'x', role: 'owner' }]) {
      expect(
        (await post(emulator, '/api-keys', { key: KEYS.admin, body })).status,
        JSON.stringify(body),
      ).toBe(422);
    }
    expect((await call(emulator, 'DELETE', '/api-keys/key_nope', { key: KEYS.admin })).status).toBe(404);
  });
});

describe('audit log', () => {
  it('records key actions, scans, cancels, remediations and analyses, newest first', async () => {
    const created = (await post(emulator, '/api-keys', { key: KEYS.admin, body: { name: 'audited' } })).body;
    await call(emulator, 'DELETE', `/api-keys/${created.id}`, { key: KEYS.admin });
    const scan = await createScan(emulator, 'repo_stuck');
    await post(emulator, `/scans/${scan.id}/cancel`);
    const [finding] = (await get(emulator, '/findings?scan_id=scan_e2e_vulnerable')).body.items;
    const job = (await post(emulator, `/findings/${finding.id}/remediate`)).body;
    const analysis = (await post(emulator, '/scans/scan_e2e_vulnerable/ai-analysis')).body;

    const page = (await get(emulator, '/audit-logs?limit=6', { key: KEYS.admin })).body;
    expect(page.items.map((entry: { action: string }) => entry.action)).toEqual([
      'ai_analysis.created',
      'remediation.created',
      'scan.cancelled',
      'scan.created',
      'api_key.revoked',
      'api_key.created',
    ]);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'ai_analysis.created',
      actor_id: 'usr_ci',
      api_key_id: 'key_e2e_member',
      target_type: 'ai_analysis',
      target_id: analysis.id,
    });
    expect(page.items[1].target_id).toBe(job.id);
    expect(page.items[4]).toMatchObject({
      actor_id: 'usr_alice',
      target_type: 'api_key',
      target_id: created.id,
    });
  });

  it('filters by action, actor_id and target_type, and pages', async () => {
    const created = (await post(emulator, '/api-keys', { key: KEYS.admin, body: { name: 'filtered' } })).body;
    await createScan(emulator, 'repo_clean');
    await createScan(emulator, 'repo_clean');
    const byAction = (
      await get(emulator, '/audit-logs?action=api_key.created&limit=200', { key: KEYS.admin })
    ).body;
    // The scenario's four seeded key creations and the one above, newest first.
    expect(byAction.total).toBe(5);
    expect(byAction.items[0].target_id).toBe(created.id);
    expect(byAction.items.every((entry: { action: string }) => entry.action === 'api_key.created')).toBe(
      true,
    );
    const byActor = (await get(emulator, '/audit-logs?actor_id=usr_vera', { key: KEYS.admin })).body;
    expect(byActor.items.every((entry: { actor_id: string }) => entry.actor_id === 'usr_vera')).toBe(true);
    expect(byActor.total).toBe(1);
    const scans = (await get(emulator, '/audit-logs?target_type=scan&limit=1&offset=1', { key: KEYS.admin }))
      .body;
    expect(scans).toMatchObject({ limit: 1, offset: 1 });
    expect(scans.items[0].target_type).toBe('scan');
    const none = (await get(emulator, '/audit-logs?action=nothing.happened', { key: KEYS.admin })).body;
    expect(none).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
    const globex = (await get(emulator, '/audit-logs?limit=200', { key: KEYS.globexAdmin })).body;
    expect(globex.items.some((entry: { actor_id: string }) => entry.actor_id === 'usr_ci')).toBe(false);
  });
});
