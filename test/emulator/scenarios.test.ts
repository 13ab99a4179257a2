import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../emulator/scenario-loader.ts';
import { ScenarioError } from '../../emulator/scenario.ts';
import { startEmulator } from '../../emulator/index.ts';
import { get, KEYS, MINIMAL_SCENARIO } from './helpers.ts';

describe('bundled scenarios', () => {
  it('demo: octo-org/webapp with about 25 findings of every severity, fixes, CWE and OWASP', async () => {
    const demo = await loadScenario('demo');
    const webapp = demo.repositories.find((r) => r.fullName === 'octo-org/webapp')!;
    const findings = webapp.profile.findings;
    expect(findings).toHaveLength(25);
    expect(new Set(findings.map((f) => f.severity))).toEqual(
      new Set(['critical', 'high', 'medium', 'low', 'info']),
    );
    expect(findings.filter((f) => f.severity === 'critical')).toHaveLength(1);
    expect(findings.filter((f) => f.fixDiff !== null).length).toBeGreaterThan(10);
    expect(findings.filter((f) => f.cwe !== null && f.owasp !== null).length).toBeGreaterThan(20);
    expect(webapp.profile.modules).toEqual(['sast', 'secrets', 'dependencies', 'iac']);
    expect(findings.some((f) => f.remediation?.kind === 'failed')).toBe(true);
    expect(findings.some((f) => f.fixDiff === null && f.severity === 'high')).toBe(true);
    expect(demo.keys.map((key) => key.role).sort()).toEqual(['admin', 'member', 'member', 'viewer']);
  });

  it('e2e: one repository per behaviour the tests need, keys of every role and two more orgs', async () => {
    const e2e = await loadScenario('e2e');
    const byName = new Map(e2e.repositories.map((r) => [r.fullName, r.profile]));
    const clean = byName.get('acme/clean-service')!;
    expect(clean.findings.every((f) => f.severity === 'low' || f.severity === 'info')).toBe(true);
    expect(byName.get('acme/vulnerable-app')!.findings.some((f) => f.severity === 'critical')).toBe(true);
    expect(byName.get('acme/broken-build')).toMatchObject({
      outcome: 'failed',
      failedModules: ['dependencies'],
    });
    expect(byName.get('acme/partial-results')).toMatchObject({
      outcome: 'completed',
      failedModules: ['iac'],
    });
    expect(byName.get('acme/endless-monorepo')!.outcome).toBe('never');
    expect(e2e.keys.map((key) => [key.id, key.role, key.active])).toEqual([
      ['key_e2e_member', 'member', true],
      ['key_e2e_admin', 'admin', true],
      ['key_e2e_viewer', 'viewer', true],
      ['key_e2e_revoked', 'member', false],
      ['key_globex_member', 'member', true],
      ['key_globex_admin', 'admin', true],
      ['key_initech_member', 'member', true],
    ]);
    expect(e2e.keys.map((key) => key.secret)).toEqual(expect.arrayContaining(Object.values(KEYS)));
  });

  it('starts with the demo scenario by default, ready key first', async () => {
    const emulator = await startEmulator({ log: () => undefined });
    try {
      expect(emulator.scenario).toBe('demo');
      expect(emulator.baseUrl).toBe(`${emulator.origin}/api/v1`);
      expect(emulator.controlUrl).toBe(`${emulator.origin}/_emulator`);
      expect((await get(emulator, '/me', { key: emulator.apiKey })).body.role).toBe('member');
      const scans = await get(emulator, '/scans', { key: emulator.apiKey });
      expect(scans.body.items[0]).toMatchObject({ id: 'scan_webapp_nightly', status: 'completed' });
      expect(emulator.keys().find((key) => key.role === 'admin')?.secret).toBe(
        'svc_sk_demo_admin_8d2e6b1f0a5c',
      );
    } finally {
      await emulator.close();
    }
  });
});

describe('scenario validation', () => {
  const base = MINIMAL_SCENARIO;

  it('fills defaults for a minimal scenario', async () => {
    const scenario = await loadScenario({
      ...base,
      repositories: [{ id: 'r', organization_id: 'org', full_name: 'o/r' }],
    });
    expect(scenario.readyKeyId).toBe('key');
    expect(scenario.repositories[0]!.profile).toMatchObject({
      outcome: 'completed',
      durationSeconds: 30,
      findings: [],
    });
  });

  it('names the path of what is wrong', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, organizations: [] }, /organizations must be a non-empty list/],
      [{ ...base, api_keys: [{ ...base.api_keys[0], secret: 'sk_live_nope' }] }, /api_keys\[0\]\.secret/],
      [
        { ...base, api_keys: [{ ...base.api_keys[0], role: 'owner' }] },
        /api_keys\[0\]\.role must be one of viewer, member, admin/,
      ],
      [
        { ...base, repositories: [{ id: 'r', organization_id: 'nope', full_name: 'o/r' }] },
        /repositories\[0\]\.organization_id/,
      ],
      [
        { ...base, repositories: [{ id: 'r', organization_id: 'org', full_name: 'no-slash' }] },
        /full_name must be of the form owner\/name/,
      ],
      [
        {
          ...base,
          repositories: [{ id: 'r', organization_id: 'org', full_name: 'o/r', scan: { outcome: 'failed' } }],
        },
        /failed_modules must be a non-empty list/,
      ],
      [
        {
          ...base,
          repositories: [
            {
              id: 'r',
              organization_id: 'org',
              full_name: 'o/r',
              scan: { findings: [{ severity: 'urgent' }] },
            },
          ],
        },
        /repositories\[0\]\.scan\.findings\[0\]\.severity/,
      ],
      [{ ...base, ready_key: 'missing' }, /ready_key/],
    ];
    for (const [scenario, message] of cases) {
      await expect(loadScenario(scenario)).rejects.toThrow(message);
      await expect(loadScenario(scenario)).rejects.toBeInstanceOf(ScenarioError);
    }
    await expect(loadScenario('no-such-scenario')).rejects.toThrow(/bundled scenarios: demo, e2e/);
  });
});
