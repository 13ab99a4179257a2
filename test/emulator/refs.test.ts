import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { loadScenario } from '../../emulator/scenario-loader.ts';
import { ScenarioError } from '../../emulator/scenario.ts';
import { get, KEYS, MINIMAL_SCENARIO, post, startE2e, type Json } from './helpers.ts';

/**
 * Scans of two commits of one repository that differ: the e2e repository initech/storefront reports other
 * findings at the merge base and at the head of its pull request (test/fixtures/pull-request-new-findings.json).
 */

interface PullFixture {
  repositories: [
    { full_name: string; pulls: [{ base: { sha: string }; head: { sha: string }; merge_base_sha: string }] },
  ];
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/pull-request-new-findings.json', import.meta.url), 'utf8'),
) as PullFixture;
const pull = fixture.repositories[0].pulls[0];
const REPOSITORY = 'repo_storefront';

const where = (finding: Json): string => `${finding.title} @ ${finding.file_path}:${finding.line}`;
const idOf = (item: Json): string => String(item.id);
const nameOf = (module: Json): string => String(module.name);

async function findingsOf(emulator: Emulator, scanId: string): Promise<string[]> {
  const page = await get(emulator, `/findings?scan_id=${scanId}&limit=200`, { key: KEYS.initech });
  expect(page.status).toBe(200);
  return (page.body.items as Json[]).map(where);
}

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(async () => {
  await emulator.close();
});

describe('scans of two commits of one repository', () => {
  it('lists the completed scans already there newest first, each with its ref, modules and created_at', async () => {
    const page = await get(emulator, `/scans?repository_id=${REPOSITORY}`, { key: KEYS.initech });
    expect(
      (page.body.items as Json[]).map((scan): string[] => [
        idOf(scan),
        String(scan.ref),
        String(scan.status),
      ]),
    ).toEqual([
      ['scan_e2e_storefront_main', pull.base.sha, 'completed'],
      ['scan_e2e_storefront_base_sast', pull.merge_base_sha, 'completed'],
      ['scan_e2e_storefront_base', pull.merge_base_sha, 'completed'],
    ]);
    const created = page.body.items.map((scan: Json) => Date.parse(scan.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect((page.body.items[1].modules as Json[]).map(nameOf)).toEqual(['sast']);
    expect((page.body.items[2].modules as Json[]).map(nameOf)).toEqual([
      'sast',
      'secrets',
      'dependencies',
      'iac',
    ]);
  });

  it('reports the findings of the commit scanned: the merge base, the head, and any other ref', async () => {
    const baseline = await findingsOf(emulator, 'scan_e2e_storefront_base');
    expect(baseline).toEqual([
      'SQL injection in user search query @ src/db/users.ts:57',
      'Hard-coded session signing secret @ src/legacy/auth.js:12',
      'Path traversal in file upload @ src/api/upload.ts:33',
    ]);
    const head = await post(emulator, '/scans', {
      key: KEYS.initech,
      body: { repository_id: REPOSITORY, ref: pull.head.sha },
    });
    const other = await post(emulator, '/scans', {
      key: KEYS.initech,
      body: { repository_id: REPOSITORY, ref: 'some-branch' },
    });
    emulator.advanceTime(60);
    expect(await findingsOf(emulator, head.body.id)).toEqual([
      'SQL injection in user search query @ src/db/users.ts:97',
      'Hard-coded session signing secret @ src/auth/session.js:12',
      'Reflected cross-site scripting in search results @ src/api/search.ts:18',
    ]);
    expect(await findingsOf(emulator, other.body.id)).toEqual(baseline);
    const report = await get(emulator, `/scans/${head.body.id}/report`, { key: KEYS.initech });
    expect(report.body).toMatchObject({ total_findings: 3, severity_breakdown: { high: 1, medium: 2 } });
  });

  it('gives each ref its own finding details, fix diff included', async () => {
    const head = await post(emulator, '/scans', {
      key: KEYS.initech,
      body: { repository_id: REPOSITORY, ref: pull.head.sha },
    });
    emulator.advanceTime(60);
    const page = await get(emulator, `/findings?scan_id=${head.body.id}`, { key: KEYS.initech });
    const xss = page.body.items.find((finding: Json) => finding.cwe === 'CWE-79');
    const detail = await get(emulator, `/findings/${xss.id}`, { key: KEYS.initech });
    expect(detail.body.fix.unified_diff).toContain('+  const html = `<h1>Results for ${escapeHtml(query)}');
  });

  it('keeps the other organizations from seeing the repository', async () => {
    const page = await get(emulator, `/scans?repository_id=${REPOSITORY}`, { key: KEYS.member });
    expect(page.body.total).toBe(0);
    expect((await get(emulator, '/findings?scan_id=scan_e2e_storefront_base')).status).toBe(404);
  });
});

describe('scenario refs and seeded scans', () => {
  const base = MINIMAL_SCENARIO;
  const finding = { severity: 'low', title: 't', file_path: 'a.ts', line: 1 };
  const repository = (scan: Record<string, unknown>) => ({
    id: 'repo',
    organization_id: 'org',
    full_name: 'o/r',
    scan,
  });

  it('reads findings or generated findings per ref', async () => {
    const scenario = await loadScenario({
      ...base,
      repositories: [
        repository({
          findings: [finding],
          refs: {
            abc123: { findings: [{ ...finding, line: 9 }] },
            main: { generate: { count: 5, seed: 3 } },
          },
        }),
      ],
    });
    const profile = scenario.repositories[0]!.profile;
    expect(profile.findings.map((template) => template.line)).toEqual([1]);
    expect(profile.findingsByRef.get('abc123')?.map((template) => template.line)).toEqual([9]);
    expect(profile.findingsByRef.get('main')).toHaveLength(5);
  });

  it.each([
    [{ refs: [] }, /repositories\[0\]\.scan\.refs must be an object/],
    [{ refs: { abc: [finding] } }, /repositories\[0\]\.scan\.refs\.abc must be an object/],
    [{ refs: { abc: { findings: [{ ...finding, line: 0 }] } } }, /scan\.refs\.abc\.findings\[0\]\.line/],
    [{ refs: { ' ': { findings: [] } } }, /scan\.refs must be keyed by non-blank refs/],
  ])('refuses refs %j', async (scan, message) => {
    await expect(loadScenario({ ...base, repositories: [repository(scan)] })).rejects.toThrow(message);
    await expect(loadScenario({ ...base, repositories: [repository(scan)] })).rejects.toThrow(ScenarioError);
  });

  it('refuses a seeded scan of modules its repository does not run', async () => {
    const scenario = {
      ...base,
      repositories: [repository({ modules: ['sast'] })],
      scans: [{ id: 's', repository_id: 'repo', modules: ['iac'] }],
    };
    await expect(loadScenario(scenario)).rejects.toThrow(
      /scans\[0\]\.modules\[0\] must be one of the repository scan modules/,
    );
  });

  it('reports the frameworks a seeded scan was asked for, and refuses one the catalogue lacks', async () => {
    const compliance = {
      frameworks: [{ id: 'soc2', name: 'SOC 2', controls: [{ control_id: 'CC6.1', title: 'Access' }] }],
    };
    const scenario = (frameworks: string[]) => ({
      ...base,
      repositories: [repository({ findings: [finding] })],
      scans: [
        { id: 'asked', repository_id: 'repo', frameworks },
        { id: 'plain', repository_id: 'repo', age_seconds: 7200 },
      ],
      compliance,
    });
    await emulator.loadScenario(scenario(['soc2']));
    const page = await get(emulator, '/scans', { key: 'svc_sk_test_0123456789' });
    expect((page.body.items as Json[]).map((scan): unknown[] => [scan.id, scan.frameworks])).toEqual([
      ['asked', ['soc2']],
      ['plain', []],
    ]);
    await expect(loadScenario(scenario(['pci-dss-4']))).rejects.toThrow(
      /scans\[0\]\.frameworks\[0\] must be one of the compliance frameworks/,
    );
  });

  it('lists seeded scans newest first whatever their order in the scenario', async () => {
    await emulator.loadScenario({
      ...base,
      repositories: [repository({ findings: [finding] })],
      scans: [
        { id: 'young', repository_id: 'repo', age_seconds: 10 },
        { id: 'old', repository_id: 'repo', age_seconds: 5000 },
        { id: 'middle', repository_id: 'repo', age_seconds: 600 },
      ],
    });
    const page = await get(emulator, '/scans', { key: 'svc_sk_test_0123456789' });
    expect((page.body.items as Json[]).map(idOf)).toEqual(['young', 'middle', 'old']);
  });
});
