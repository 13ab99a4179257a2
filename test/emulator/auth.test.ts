import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { KEYS, call, get, post, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

describe('authentication', () => {
  it('answers 401 without a key, with a malformed header, an unknown key or a revoked key', async () => {
    const cases = [
      { key: null, message: /Authorization: Bearer/ },
      { key: 'svc_sk_not_a_real_key_000000', message: /not valid/ },
      { key: KEYS.revoked, message: /revoked/ },
    ];
    for (const { key, message } of cases) {
      const response = await get(emulator, '/me', { key });
      expect(response.status).toBe(401);
      expect(response.body.error.message).toMatch(message);
      expect(response.body.error.code).toMatch(/unauthenticated|invalid_api_key/);
    }
    const basic = await get(emulator, '/me', { key: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
  });

  it('returns the principal of a key from GET /me', async () => {
    const response = await get(emulator, '/me', { key: KEYS.admin });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      user_id: 'usr_alice',
      email: 'alice@acme.example',
      active_org_id: 'org_acme',
      role: 'admin',
      organizations: [
        { id: 'org_acme', name: 'Acme Corp', plan: 'business' },
        { id: 'org_globex', name: 'Globex', plan: 'team' },
      ],
    });
    expect(response.body.permissions).toContain('api_keys:write');
  });
});

describe('roles', () => {
  it('lets a viewer read but not start scans, cancels, analyses or remediations', async () => {
    expect((await get(emulator, '/scans', { key: KEYS.viewer })).status).toBe(200);
    expect((await get(emulator, '/findings', { key: KEYS.viewer })).status).toBe(200);
    const attempts = [
      ['/scans', { repository_id: 'repo_clean' }],
      ['/scans/scan_e2e_vulnerable/cancel', undefined],
      ['/scans/scan_e2e_vulnerable/ai-analysis', undefined],
      ['/findings/fnd_1_0/remediate', undefined],
    ] as const;
    for (const [path, body] of attempts) {
      const response = await post(emulator, path, { key: KEYS.viewer, ...(body ? { body } : {}) });
      expect(response.status, path).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
    }
    const me = await get(emulator, '/me', { key: KEYS.viewer });
    expect(me.body.permissions).not.toContain('scans:write');
  });

  it('keeps API keys and the audit log for admins', async () => {
    for (const key of [KEYS.viewer, KEYS.member]) {
      expect((await get(emulator, '/api-keys', { key })).status).toBe(403);
      expect((await get(emulator, '/audit-logs', { key })).status).toBe(403);
      expect((await post(emulator, '/api-keys', { key, body: { name: 'x' } })).status).toBe(403);
      expect((await call(emulator, 'DELETE', '/api-keys/key_e2e_viewer', { key })).status).toBe(403);
    }
    expect((await get(emulator, '/api-keys', { key: KEYS.admin })).status).toBe(200);
    expect((await get(emulator, '/audit-logs', { key: KEYS.admin })).status).toBe(200);
  });
});

describe('organizations', () => {
  it("answers 404 for another organization's scans, findings, repositories and keys", async () => {
    const scan = await get(emulator, '/scans/scan_e2e_globex');
    expect(scan.status).toBe(404);
    expect(scan.body.error.code).toBe('not_found');
    expect((await get(emulator, '/scans/scan_e2e_globex', { key: KEYS.globex })).status).toBe(200);

    const globexFindings = await get(emulator, '/findings?scan_id=scan_e2e_globex', { key: KEYS.globex });
    const globexFinding = globexFindings.body.items[0].id as string;
    expect((await get(emulator, `/findings/${globexFinding}`)).status).toBe(404);
    expect((await get(emulator, '/findings?scan_id=scan_e2e_globex')).status).toBe(404);
    expect((await post(emulator, `/findings/${globexFinding}/remediate`)).status).toBe(404);
    expect((await post(emulator, '/scans', { body: { repository_id: 'repo_globex' } })).status).toBe(404);
    expect((await post(emulator, '/scans/scan_e2e_globex/cancel')).status).toBe(404);
    expect((await call(emulator, 'DELETE', '/api-keys/key_globex_member', { key: KEYS.admin })).status).toBe(
      404,
    );

    const repositories = await get(emulator, '/repositories');
    expect(repositories.body.items.map((r: { full_name: string }) => r.full_name)).not.toContain(
      'globex/payments',
    );
    const globexRepositories = await get(emulator, '/repositories', { key: KEYS.globex });
    expect(globexRepositories.body.items.map((r: { full_name: string }) => r.full_name)).toEqual([
      'globex/payments',
    ]);
  });
});
