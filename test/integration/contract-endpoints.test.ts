import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { ServiceError, type Finding, type ServiceClient } from '../../src/client/index.ts';
import { get } from '../emulator/helpers.ts';
import { KEYS, clientFor, closeClients, collect, requestsTo, serviceTime, startE2e } from './support.ts';

/**
 * One case (or more) per row of the spec's Endpoints table: the real client calls the emulator over HTTP,
 * and its typed result must carry what the emulator answered. Where a raw GET of the same resource is
 * possible, the decoded value must equal the raw JSON (decoders keep unknown fields and change nothing).
 */

let emulator: Emulator;
let member: ServiceClient;
let admin: ServiceClient;

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
beforeEach(async () => {
  emulator = await startE2e();
  member = clientFor(emulator, KEYS.member);
  admin = clientFor(emulator, KEYS.admin);
});
afterEach(async () => {
  await closeClients();
  await emulator.close();
});

async function raw(path: string, key: string = KEYS.member): Promise<unknown> {
  const response = await get(emulator, path, { key });
  expect(response.status).toBe(200);
  return response.body;
}

describe('GET /me', () => {
  it('maps the principal of the key', async () => {
    const me = await member.me();
    expect(me).toMatchObject({
      user_id: 'usr_ci',
      email: 'ci-bot@acme.example',
      active_org_id: 'org_acme',
      role: 'member',
      organizations: [{ id: 'org_acme', name: 'Acme Corp', plan: 'business' }],
    });
    expect(me.permissions).toContain('scans:write');
    expect(me.permissions).not.toContain('audit_logs:read');
    expect(await raw('/me')).toMatchObject(me);
  });

  it('lists every organization of the user behind an admin key', async () => {
    const me = await admin.me();
    expect(me.role).toBe('admin');
    expect(me.organizations.map((org) => org.name)).toEqual(['Acme Corp', 'Globex']);
    expect(me.permissions).toContain('audit_logs:read');
  });
});

describe('scans', () => {
  it('POST /scans sends every parameter and maps the new scan', async () => {
    const scan = await member.createScan({
      repository_id: 'repo_clean',
      ref: 'release/1.2',
      modules: ['sast', 'secrets'],
      frameworks: ['soc2'],
      is_incremental: false,
    });
    expect(scan.ref).toBe('release/1.2');
    expect(await raw(`/scans/${scan.id}`)).toMatchObject({
      status: 'queued',
      repository_id: 'repo_clean',
      ref: 'release/1.2',
      modules: [
        { name: 'sast', status: 'queued' },
        { name: 'secrets', status: 'queued' },
      ],
      frameworks: ['soc2'],
      is_incremental: false,
    });
    expect(scan.id).toEqual(expect.any(String));
    expect(emulator.stats().scans_created).toBe(1);
    expect(await member.getScan(scan.id)).toEqual(scan);
  });

  it('POST /scans leaves ref, modules and is_incremental to the service defaults', async () => {
    const scan = await member.createScan({ repository_id: 'repo_clean' });
    // The client keeps only the fields it declares; the wire shows what the service applied.
    expect(await raw(`/scans/${scan.id}`)).toMatchObject({
      ref: 'HEAD',
      is_incremental: true,
      frameworks: [],
    });
    expect(scan.ref).toBe('HEAD');
    expect(scan.modules.map((module) => module.name)).toEqual(['sast', 'secrets', 'dependencies', 'iac']);
  });

  it('GET /scans/{id} follows the scan through its states', async () => {
    const { id } = await member.createScan({ repository_id: 'repo_clean' });
    expect((await member.getScan(id)).status).toBe('queued');
    emulator.advanceTime(2);
    const running = await member.getScan(id);
    expect(running.status).toBe('running');
    expect(await raw(`/scans/${id}`)).toMatchObject(running);
    emulator.advanceTime(60);
    const done = await member.getScan(id);
    expect(done.status).toBe('completed');
    expect(done.modules.every((module) => module.status === 'completed')).toBe(true);
  });

  it('GET /scans pages newest first and filters by repository_id', async () => {
    const first = await member.createScan({ repository_id: 'repo_clean' });
    emulator.advanceTime(1);
    const second = await member.createScan({ repository_id: 'repo_empty' });
    const page = await member.listScans();
    expect(await raw('/scans')).toMatchObject(page);
    expect(page).toMatchObject({ total: 4, limit: 20, offset: 0 });
    expect(page.items.map((scan) => scan.id)).toEqual([
      second.id,
      first.id,
      'scan_e2e_large',
      'scan_e2e_vulnerable',
    ]);
    const filtered = await member.listScans({ repository_id: 'repo_clean', limit: 5 });
    expect(filtered).toMatchObject({ total: 1, limit: 5, offset: 0 });
    expect(filtered.items.map((scan) => scan.id)).toEqual([first.id]);
    const second_page = await member.listScans({ limit: 2, offset: 2 });
    expect(second_page.items.map((scan) => scan.id)).toEqual(['scan_e2e_large', 'scan_e2e_vulnerable']);
  });

  it('iterateScans walks every page', async () => {
    for (const repository of ['repo_clean', 'repo_empty', 'repo_partial']) {
      await member.createScan({ repository_id: repository });
    }
    const all = await collect(member.iterateScans({}, { limit: 2 }));
    expect(all.map((scan) => scan.id)).toEqual((await member.listScans()).items.map((scan) => scan.id));
    expect(all).toHaveLength(5);
    expect(requestsTo(emulator, 'GET /api/v1/scans')).toBe(4);
    const clean = await collect(member.iterateScans({ repository_id: 'repo_vulnerable' }));
    expect(clean.map((scan) => scan.id)).toEqual(['scan_e2e_vulnerable']);
  });

  it('GET /scans/{id}/report maps the report of a completed scan', async () => {
    const report = await member.getScanReport('scan_e2e_vulnerable');
    expect(report).toMatchObject({
      total_findings: 7,
      risk_score: 91,
      severity_breakdown: { critical: 1, high: 3, medium: 1, low: 1, info: 1 },
    });
    expect(await raw('/scans/scan_e2e_vulnerable/report')).toMatchObject(report);
  });

  it('POST /scans/{id}/cancel cancels a running scan and leaves an ended one alone', async () => {
    const { id } = await member.createScan({ repository_id: 'repo_stuck' });
    emulator.advanceTime(5);
    const cancelled = await member.cancelScan(id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.modules.map((module) => module.status)).toContain('cancelled');
    expect(cancelled.modules.map((module) => module.status)).not.toContain('running');
    emulator.advanceTime(600);
    expect(await member.getScan(id)).toEqual(cancelled);
    expect(emulator.stats().cancels).toBe(1);

    const ended = await member.cancelScan('scan_e2e_vulnerable');
    expect(ended.status).toBe('completed');
    expect(emulator.stats().cancels).toBe(1);
  });
});

describe('findings', () => {
  it('GET /findings?scan_id= asks for 50 a page and maps the items', async () => {
    const page = await member.listFindings({ scan_id: 'scan_e2e_vulnerable' });
    expect(page).toMatchObject({ total: 7, limit: 50, offset: 0 });
    expect(await raw('/findings?scan_id=scan_e2e_vulnerable&limit=50')).toMatchObject(page);
    expect(page.items[0]).toMatchObject({
      severity: 'critical',
      title: 'SQL injection ::error::pwned in login handler',
      file_path: 'src/login.ts',
      line: 42,
      cwe: 'CWE-89',
      owasp: 'A03:2021-Injection',
      scan_id: 'scan_e2e_vulnerable',
    });
    // Hostile text comes through byte for byte.
    expect(page.items.map((finding) => finding.title)).toContain(
      'Multi-line title\nsecond line\r\nthird | with pipe',
    );
    expect(page.items.map((finding) => finding.file_path)).toContain('config/a,b:c/settings.ts');
  });

  it('GET /findings without scan_id lists the findings of every completed scan with the default page size', async () => {
    const page = await member.listFindings();
    expect(page).toMatchObject({ total: 7 + 1234, limit: 20, offset: 0 });
    expect(await raw('/findings')).toMatchObject(page);
  });

  it('GET /findings filters by severity', async () => {
    const high = await member.listFindings({ scan_id: 'scan_e2e_vulnerable', severity: 'high' });
    expect(high.total).toBe(3);
    expect(high.items.map((finding) => finding.severity)).toEqual(['high', 'high', 'high']);
    const report = await member.getScanReport('scan_e2e_large');
    const critical = await collect(
      member.iterateFindings({ scan_id: 'scan_e2e_large', severity: 'critical' }),
    );
    expect(critical.length).toBe(report.severity_breakdown.critical);
    expect(critical.length).toBeGreaterThan(0);
    expect(new Set(critical.map((finding) => finding.severity))).toEqual(new Set(['critical']));
  });

  it('iterateFindings walks the findings of one scan', async () => {
    const all = await collect(member.iterateFindings({ scan_id: 'scan_e2e_vulnerable' }, { limit: 3 }));
    expect(all).toEqual((await member.listFindings({ scan_id: 'scan_e2e_vulnerable' })).items);
    expect(requestsTo(emulator, 'GET /api/v1/findings')).toBe(4);
  });

  it('GET /findings/{id} maps the detail, with and without a fix', async () => {
    const items = (await member.listFindings({ scan_id: 'scan_e2e_vulnerable' })).items;
    const critical = items.find((finding) => finding.severity === 'critical') as Finding;
    const detail = await member.getFinding(critical.id);
    expect(detail).toMatchObject({
      id: critical.id,
      severity: 'critical',
      title: critical.title,
      file_path: 'src/login.ts',
      line: 42,
      owasp: 'A03:2021-Injection',
      cwe: 'CWE-89',
      cvss_score: 9.8,
    });
    expect(detail.fix?.unified_diff).toContain("db.query('SELECT * FROM users WHERE name = $1', [name]);");
    expect(await raw(`/findings/${critical.id}`)).toMatchObject(detail);

    const info = items.find((finding) => finding.severity === 'info') as Finding;
    const infoDetail = await member.getFinding(info.id);
    expect(infoDetail).toMatchObject({ cvss_score: null, fix: null, cwe: null, owasp: null });
    expect(infoDetail.title).toBe('Emoji 🚨 and ünïcödé — in a title');
  });
});

describe('remediations', () => {
  it('POST /findings/{id}/remediate starts a job and GET /remediations/{id} follows it to a pull request', async () => {
    const items = (await member.listFindings({ scan_id: 'scan_e2e_vulnerable' })).items;
    const critical = items.find((finding) => finding.severity === 'critical') as Finding;
    const job = await member.remediateFinding(critical.id);
    expect(job).toMatchObject({ status: 'queued', pr_url: '', branch: '', finding_id: critical.id });
    expect(emulator.stats().remediations_created).toBe(1);
    emulator.advanceTime(2);
    expect(await member.getRemediation(job.id)).toMatchObject({ status: 'running', pr_url: '' });
    emulator.advanceTime(10);
    const done = await member.getRemediation(job.id);
    expect(done).toMatchObject({
      id: job.id,
      status: 'completed',
      pr_url: 'https://github.com/acme/vulnerable-app/pull/7',
      failure_reason: null,
    });
    expect(done.branch).toMatch(/^svc\/remediate-fnd-/);
    expect(await raw(`/remediations/${job.id}`)).toMatchObject(done);
  });

  it('maps a failed job with its reason and without a pull request', async () => {
    const items = (await member.listFindings({ scan_id: 'scan_e2e_vulnerable' })).items;
    const lodash = items.find((finding) => finding.title.startsWith('Multi-line')) as Finding;
    const job = await member.remediateFinding(lodash.id);
    emulator.advanceTime(60);
    expect(await member.getRemediation(job.id)).toMatchObject({
      status: 'failed',
      pr_url: '',
      branch: '',
      failure_reason: 'Tests failed after the upgrade | see ::error:: log',
    });
  });
});

describe('AI analysis', () => {
  it('POST, GET and patches map the analysis through its states', async () => {
    const started = await member.startAiAnalysis('scan_e2e_vulnerable');
    expect(started).toMatchObject({
      scan_id: 'scan_e2e_vulnerable',
      status: 'queued',
      risk_score: null,
      overall_confidence: null,
    });
    expect(started.agent_runs.map((run) => [run.sequence, run.status, run.confidence])).toEqual([
      [1, 'queued', null],
      [2, 'queued', null],
      [3, 'queued', null],
      [4, 'queued', null],
    ]);
    expect(emulator.stats().ai_analyses_created).toBe(1);

    emulator.advanceTime(3);
    const running = await member.getAiAnalysis('scan_e2e_vulnerable');
    expect(running.status).toBe('running');
    expect(running.agent_runs[0]).toMatchObject({ agent_id: 'triage', status: 'running', confidence: null });

    emulator.advanceTime(60);
    const done = await member.getAiAnalysis('scan_e2e_vulnerable');
    expect(done).toMatchObject({ status: 'completed', risk_score: 91, overall_confidence: 0.81 });
    expect(done.agent_runs.map((run) => run.agent_id)).toEqual([
      'triage',
      'exploitability',
      'fix-planner',
      'patch-writer',
    ]);
    expect(done.agent_runs.map((run) => run.confidence)).toEqual([0.92, 0.81, 0.77, 0.74]);
    expect(await raw('/scans/scan_e2e_vulnerable/ai-analysis')).toMatchObject(done);

    // Starting again returns the existing analysis and starts nothing.
    expect(await member.startAiAnalysis('scan_e2e_vulnerable')).toEqual(done);
    expect(emulator.stats().ai_analyses_created).toBe(1);

    const patches = await member.getAiPatches('scan_e2e_vulnerable');
    expect(await raw('/scans/scan_e2e_vulnerable/ai-analysis/patches')).toMatchObject(patches);
    expect(patches.scan_id).toBe('scan_e2e_vulnerable');
    const list = patches.patches as { finding_id: string; unified_diff: string }[];
    expect(list).toHaveLength(3);
    expect(list[0]?.unified_diff).toContain('--- a/src/login.ts');
  });
});

describe('compliance and AI security', () => {
  it('GET /compliance/overview maps the overall score and the frameworks', async () => {
    const overview = await member.getComplianceOverview();
    expect(await raw('/compliance/overview')).toMatchObject(overview);
    expect(overview.frameworks?.map((framework) => framework.id)).toEqual([
      'owasp-top-10',
      'pci-dss-4',
      'soc2',
    ]);
    expect(overview.overall_score).toEqual(expect.any(Number));

    const forScan = await member.getComplianceOverview({ scan_id: 'scan_e2e_vulnerable' });
    expect(await raw('/compliance/overview?scan_id=scan_e2e_vulnerable')).toMatchObject(forScan);
    expect(await raw('/compliance/overview?scan_id=scan_e2e_vulnerable')).toMatchObject({
      scan_id: 'scan_e2e_vulnerable',
    });
    expect(forScan.overall_score).not.toBe(overview.overall_score);
  });

  it('GET /compliance/{id} maps the controls, evaluated against a scan when asked', async () => {
    const framework = await member.getComplianceFramework('pci-dss-4');
    expect(await raw('/compliance/pci-dss-4')).toMatchObject(framework);
    expect(framework.controls[0]).toEqual({
      control_id: '3.5.1',
      title: 'Stored account data is rendered unreadable',
      status: 'passed',
    });
    const forScan = await member.getComplianceFramework('pci-dss-4', { scan_id: 'scan_e2e_vulnerable' });
    expect(await raw('/compliance/pci-dss-4?scan_id=scan_e2e_vulnerable')).toMatchObject(forScan);
    const statusOf = (id: string): string | undefined =>
      forScan.controls.find((control) => control.control_id === id)?.status;
    expect(statusOf('6.2.4')).toBe('failed'); // CWE-89 and CWE-79 are among the scan's findings
    expect(statusOf('8.6.2')).toBe('failed'); // CWE-798
    expect(statusOf('8.3.2')).toBe('passed');
  });

  it('GET /ai-security/overview maps the summary and the checks', async () => {
    const overview = await member.getAiSecurityOverview();
    expect(overview.summary).toMatchObject({ checks_failed: 2, checks_total: 8 });
    expect(overview.checks).toHaveLength(8);
    expect(overview.checks[0]).toEqual({
      name: 'Prompt injection through user-supplied documents',
      owasp_llm: 'LLM01:2025',
      status: 'failed',
    });
    expect(await raw('/ai-security/overview')).toMatchObject(overview);
    expect(await member.getAiSecurityOverview({ scan_id: 'scan_e2e_vulnerable' })).toMatchObject({
      summary: overview.summary,
    });
    expect(await raw('/ai-security/overview?scan_id=scan_e2e_vulnerable')).toMatchObject({
      scan_id: 'scan_e2e_vulnerable',
      summary: overview.summary,
    });
  });
});

describe('audit logs', () => {
  it('GET /audit-logs maps entries newest first, with the action, actor and target filters', async () => {
    const scan = await member.createScan({ repository_id: 'repo_clean' });
    const page = await admin.listAuditLogs();
    expect(await raw('/audit-logs', KEYS.admin)).toMatchObject(page);
    expect(page.limit).toBe(20);
    expect(page.items[0]).toMatchObject({
      action: 'scan.created',
      actor_id: 'usr_ci',
      target_type: 'scan',
      target_id: scan.id,
    });
    expect(page.items[0]?.created_at).toEqual(expect.any(String));

    const created = await admin.listAuditLogs({ action: 'api_key.created' });
    expect(created.total).toBeGreaterThan(0);
    expect(created.items.every((entry) => entry.action === 'api_key.created')).toBe(true);

    const bySystem = await admin.listAuditLogs({ actor_id: 'system' });
    expect(bySystem.total).toBeGreaterThan(0);
    expect(bySystem.items.every((entry) => entry.actor_id === 'system')).toBe(true);

    const scans = await admin.listAuditLogs({ target_type: 'scan', actor_id: 'usr_ci' });
    expect(scans.items.map((entry) => entry.target_id)).toEqual([scan.id]);

    const none = await admin.listAuditLogs({ action: 'no.such.action' });
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('iterateAuditLogs walks every page with the filters kept', async () => {
    const all = (await admin.listAuditLogs({ limit: 200 })).items;
    expect(all.length).toBeGreaterThan(4);
    emulator.resetStats();
    const walked = await collect(admin.iterateAuditLogs({}, { limit: 2 }));
    expect(walked).toEqual(all);
    expect(requestsTo(emulator, 'GET /api/v1/audit-logs')).toBe(Math.ceil(all.length / 2));
    const keys = await collect(admin.iterateAuditLogs({ target_type: 'api_key', limit: 1 }));
    expect(keys).toEqual(all.filter((entry) => entry.target_type === 'api_key'));
  });
});

describe('repositories', () => {
  it('GET /repositories lists the org repositories, 100 a page, filterable by project', async () => {
    const page = await member.listRepositories();
    expect(await raw('/repositories')).toMatchObject(page);
    expect(page).toMatchObject({ total: 7, limit: 100, offset: 0 });
    expect(page.items[0]).toEqual({
      id: 'repo_clean',
      full_name: 'acme/clean-service',
      default_branch: 'main',
      project_id: 'prj_core',
    });
    const platform = await member.listRepositories({ project_id: 'prj_platform' });
    expect(platform.items.map((repository) => repository.full_name)).toEqual([
      'acme/endless-monorepo',
      'acme/empty-repo',
      'acme/large-monorepo',
    ]);
    expect(await member.listRepositories({ project_id: 'prj_nope' })).toMatchObject({ items: [], total: 0 });
  });

  it('iterateRepositories walks every page and keeps project_id', async () => {
    const all = await collect(member.iterateRepositories({}, { limit: 2 }));
    expect(all).toEqual((await member.listRepositories()).items);
    const core = await collect(member.iterateRepositories({ project_id: 'prj_core', limit: 1 }));
    expect(core.map((repository) => repository.id)).toEqual([
      'repo_clean',
      'repo_vulnerable',
      'repo_failing',
      'repo_partial',
    ]);
  });

  it('findRepositoryByFullName ignores case and yields null when nothing matches', async () => {
    expect(await member.findRepositoryByFullName('ACME/Large-Monorepo')).toMatchObject({
      id: 'repo_large',
      full_name: 'acme/large-monorepo',
    });
    expect(await member.findRepositoryByFullName('acme/nope')).toBeNull();
    // Another org's repository is not visible.
    expect(await member.findRepositoryByFullName('globex/payments')).toBeNull();
    expect(
      await member.findRepositoryByFullName('acme/empty-repo', { projectId: 'prj_platform' }),
    ).toMatchObject({
      id: 'repo_empty',
    });
    expect(await member.findRepositoryByFullName('acme/empty-repo', { projectId: 'prj_core' })).toBeNull();
  });
});

describe('API keys', () => {
  it('POST /api-keys returns the secret once, defaulting to the member role', async () => {
    const created = await admin.createApiKey({ name: 'deploy bot' });
    expect(created).toMatchObject({ name: 'deploy bot', role: 'member', is_active: true });
    expect(created.token).toMatch(/^svc_sk_[A-Za-z0-9_-]{32}$/);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(created.last_four).toBe(created.token.slice(-4));
    expect(emulator.stats().api_keys_created).toBe(1);
    // The secret works.
    expect((await clientFor(emulator, created.token).me()).role).toBe('member');

    const elevated = await admin.createApiKey({ name: 'human admin', role: 'admin' });
    expect(elevated.role).toBe('admin');
  });

  it('GET /api-keys lists the org keys without secrets, and DELETE revokes one', async () => {
    const created = await admin.createApiKey({ name: 'to revoke' });
    const keys = await admin.listApiKeys();
    expect(await raw('/api-keys', KEYS.admin)).toMatchObject(keys);
    expect(keys.map((key) => key.id)).toEqual(expect.arrayContaining(['key_e2e_member', created.id]));
    expect(keys.map((key) => key.id)).not.toContain('key_globex_member');
    expect(JSON.stringify(keys)).not.toContain(created.token);
    expect(keys.find((key) => key.id === 'key_e2e_revoked')?.is_active).toBe(false);
    const listed = keys.find((key) => key.id === created.id);
    expect(listed).toMatchObject({ prefix: created.prefix, last_four: created.last_four, is_active: true });
    expect(listed).not.toHaveProperty('token');

    await expect(admin.revokeApiKey(created.id)).resolves.toBeUndefined();
    expect(emulator.stats().api_keys_revoked).toBe(1);
    expect((await admin.listApiKeys()).find((key) => key.id === created.id)?.is_active).toBe(false);
    // Revoking again is accepted and changes nothing.
    await expect(admin.revokeApiKey(created.id)).resolves.toBeUndefined();
    expect(emulator.stats().api_keys_revoked).toBe(1);
    const revocations = await admin.listAuditLogs({ action: 'api_key.revoked', actor_id: 'usr_alice' });
    expect(revocations.items.map((entry) => entry.target_id)).toEqual([created.id]);
  });
});

describe('billing', () => {
  it('GET /billing/usage maps the remaining credits, which go down as modules run', async () => {
    const before = await member.getUsage();
    expect(await raw('/billing/usage')).toMatchObject(before);
    expect(await raw('/billing/usage')).toMatchObject({
      organization_id: 'org_acme',
      plan: 'business',
      included_credits: 1000,
    });
    const scan = await member.createScan({ repository_id: 'repo_clean', modules: ['sast', 'secrets'] });
    const time = serviceTime(emulator);
    await clientFor(emulator, KEYS.member, { sleep: time.sleep, now: time.now }).waitForScan(scan.id);
    const after = await member.getUsage();
    expect(after.remaining_credits).toBe(before.remaining_credits - 2);
  });
});

describe('requests', () => {
  it('encode ids as one path segment', async () => {
    const error = await member.getScan('../me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).statusCode).toBe(404);
    expect(emulator.stats().requests).toEqual({ 'GET /api/v1/scans/{id}': 1 });
  });
});
