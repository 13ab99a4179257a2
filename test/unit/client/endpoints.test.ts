import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidIdError } from '../../../src/client/errors.ts';
import type { ServiceClient } from '../../../src/client/service-client.ts';
import {
  aiAnalysis,
  apiKey,
  auditLog,
  finding,
  page,
  remediation,
  repository,
  scan,
} from './support/builders.ts';
import { api, ORIGIN, testClient } from './support/nock-api.ts';

/**
 * One case per row of the spec's Endpoints table (and the variants of query and body defaults): the request
 * the method sends, with its exact path, query and body, and how the response maps to the result. Unknown
 * response fields are kept, which is how the client tolerates them.
 */
interface EndpointCase {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** After the base path, with the exact query string expected. */
  path: string;
  body?: nock.DataMatcherMap;
  status?: number;
  reply: unknown;
  call: (client: ServiceClient) => Promise<unknown>;
  expected?: unknown;
}

const principal = {
  user_id: 'u-1',
  email: 'dev@example.com',
  active_org_id: 'org-1',
  role: 'member',
  permissions: ['scans:write'],
  organizations: [{ id: 'org-1', name: 'Octo', plan: 'team' }],
  unknown_field: 'dropped',
};
const report = {
  scan_id: 's1',
  total_findings: 3,
  risk_score: 7.5,
  severity_breakdown: { critical: 0, high: 1, medium: 2, low: 0, info: 0 },
};
const detail = {
  ...finding(),
  owasp: 'A03',
  cwe: 'CWE-89',
  cvss_score: 8.1,
  fix: { unified_diff: '--- a\n+++ b\n' },
};
const patches = { scan_id: 's1', patches: [{ finding_id: 'f-1', unified_diff: '--- a' }] };
const compliance = { overall_score: 82, frameworks: [{ id: 'soc2', name: 'SOC 2', score: 80 }] };
const framework = { id: 'soc2', controls: [{ control_id: 'CC6.1', status: 'failed', title: 'Access' }] };
const aiSecurity = {
  summary: { checks_failed: 1, checks_total: 10 },
  checks: [{ name: 'prompt injection', owasp_llm: 'LLM01', status: 'failed' }],
};
const created = { ...apiKey({ id: 'key-9', name: 'ci' }), token: 'svc_sk_new_secret' };

const cases: EndpointCase[] = [
  {
    name: 'me',
    method: 'GET',
    path: '/me',
    reply: principal,
    call: (c) => c.me(),
    expected: withoutKey(principal, 'unknown_field'),
  },
  {
    name: 'createScan with every parameter',
    method: 'POST',
    path: '/scans',
    body: {
      repository_id: 'r1',
      ref: 'main',
      modules: ['sast'],
      frameworks: ['soc2'],
      is_incremental: false,
    },
    status: 201,
    reply: scan({ status: 'queued' }),
    call: (c) =>
      c.createScan({
        repository_id: 'r1',
        ref: 'main',
        modules: ['sast'],
        frameworks: ['soc2'],
        is_incremental: false,
      }),
  },
  {
    name: 'createScan leaves the defaults to the service',
    method: 'POST',
    path: '/scans',
    body: { repository_id: 'r1' },
    reply: scan(),
    call: (c) => c.createScan({ repository_id: 'r1' }),
  },
  {
    name: 'listScans with parameters',
    method: 'GET',
    path: '/scans?repository_id=r1&limit=5&offset=10',
    reply: page([scan()], { total: 11, limit: 5, offset: 10 }),
    call: (c) => c.listScans({ repository_id: 'r1', limit: 5, offset: 10 }),
  },
  {
    name: 'listScans without parameters sends no query',
    method: 'GET',
    path: '/scans',
    reply: page([]),
    call: (c) => c.listScans(),
  },
  {
    name: 'getScan encodes the id as one segment',
    method: 'GET',
    path: '/scans/a%2Fb%20c%3F',
    reply: scan({ id: 'a/b c?' }),
    call: (c) => c.getScan('a/b c?'),
  },
  {
    name: 'getScanReport',
    method: 'GET',
    path: '/scans/s1/report',
    reply: report,
    call: (c) => c.getScanReport('s1'),
    expected: withoutKey(report, 'scan_id'),
  },
  {
    name: 'cancelScan sends no body',
    method: 'POST',
    path: '/scans/s1/cancel',
    reply: scan({ id: 's1', status: 'cancelled' }),
    call: (c) => c.cancelScan('s1'),
  },
  {
    name: 'listFindings of one scan asks for 50',
    method: 'GET',
    path: '/findings?scan_id=s1&limit=50',
    reply: page([finding({ cwe: 'CWE-79', owasp: null })], { limit: 50 }),
    call: (c) => c.listFindings({ scan_id: 's1' }),
  },
  {
    name: 'listFindings without a scan leaves the limit to the service',
    method: 'GET',
    path: '/findings?severity=critical&offset=20',
    reply: page([], { offset: 20 }),
    call: (c) => c.listFindings({ severity: 'critical', offset: 20 }),
  },
  {
    name: 'listFindings with an explicit limit',
    method: 'GET',
    path: '/findings?scan_id=s1&limit=7',
    reply: page([], { limit: 7 }),
    call: (c) => c.listFindings({ scan_id: 's1', limit: 7 }),
  },
  {
    name: 'getFinding',
    method: 'GET',
    path: '/findings/f-1',
    reply: detail,
    call: (c) => c.getFinding('f-1'),
  },
  {
    name: 'remediateFinding',
    method: 'POST',
    path: '/findings/f-1/remediate',
    status: 202,
    reply: remediation({ status: 'queued' }),
    call: (c) => c.remediateFinding('f-1'),
  },
  {
    name: 'getRemediation',
    method: 'GET',
    path: '/remediations/rem-1',
    reply: remediation({ status: 'completed', pr_url: 'https://github.com/o/r/pull/1', branch: 'svc/fix' }),
    call: (c) => c.getRemediation('rem-1'),
  },
  {
    name: 'startAiAnalysis',
    method: 'POST',
    path: '/scans/s1/ai-analysis',
    reply: aiAnalysis({ scan_id: 's1', status: 'queued', agent_runs: [] }),
    call: (c) => c.startAiAnalysis('s1'),
  },
  {
    name: 'getAiAnalysis',
    method: 'GET',
    path: '/scans/s1/ai-analysis',
    reply: aiAnalysis({ scan_id: 's1', status: 'completed', risk_score: 6, overall_confidence: 0.8 }),
    call: (c) => c.getAiAnalysis('s1'),
  },
  {
    name: 'getAiPatches',
    method: 'GET',
    path: '/scans/s1/ai-analysis/patches',
    reply: patches,
    call: (c) => c.getAiPatches('s1'),
  },
  {
    name: 'getComplianceOverview',
    method: 'GET',
    path: '/compliance/overview?scan_id=s1',
    reply: compliance,
    call: (c) => c.getComplianceOverview({ scan_id: 's1' }),
  },
  {
    name: 'getComplianceOverview without a scan',
    method: 'GET',
    path: '/compliance/overview',
    reply: compliance,
    call: (c) => c.getComplianceOverview(),
  },
  {
    name: 'getComplianceFramework',
    method: 'GET',
    path: '/compliance/soc2?scan_id=s1',
    reply: framework,
    call: (c) => c.getComplianceFramework('soc2', { scan_id: 's1' }),
  },
  {
    name: 'getAiSecurityOverview',
    method: 'GET',
    path: '/ai-security/overview?scan_id=s1',
    reply: aiSecurity,
    call: (c) => c.getAiSecurityOverview({ scan_id: 's1' }),
  },
  {
    name: 'listAuditLogs',
    method: 'GET',
    path: '/audit-logs?action=scan.created&actor_id=u-1&target_type=scan&limit=10&offset=0',
    reply: page([auditLog()], { limit: 10 }),
    call: (c) =>
      c.listAuditLogs({ action: 'scan.created', actor_id: 'u-1', target_type: 'scan', limit: 10, offset: 0 }),
  },
  {
    name: 'listRepositories',
    method: 'GET',
    path: '/repositories?project_id=p1&limit=100',
    reply: page([repository({ project_id: 'p1' })], { limit: 100 }),
    call: (c) => c.listRepositories({ project_id: 'p1', limit: 100 }),
  },
  {
    name: 'createApiKey defaults the role to member',
    method: 'POST',
    path: '/api-keys',
    body: { name: 'ci', role: 'member' },
    status: 201,
    reply: created,
    call: (c) => c.createApiKey({ name: 'ci' }),
  },
  {
    name: 'createApiKey with a role',
    method: 'POST',
    path: '/api-keys',
    body: { name: 'ops', role: 'admin' },
    reply: { ...created, name: 'ops', role: 'admin' },
    call: (c) => c.createApiKey({ name: 'ops', role: 'admin' }),
  },
  {
    name: 'listApiKeys',
    method: 'GET',
    path: '/api-keys',
    reply: [apiKey(), apiKey({ id: 'key-2', is_active: false })],
    call: (c) => c.listApiKeys(),
  },
  {
    name: 'revokeApiKey',
    method: 'DELETE',
    path: '/api-keys/key-1',
    status: 204,
    reply: '',
    call: (c) => c.revokeApiKey('key-1'),
    expected: undefined,
  },
  {
    name: 'getUsage',
    method: 'GET',
    path: '/billing/usage',
    reply: { remaining_credits: 120, plan: 'team' },
    call: (c) => c.getUsage(),
    expected: { remaining_credits: 120 },
  },
];

/** What the client hands back: the case's `expected` when it names one (a field the spec lacks is dropped), else the reply. */
function expectedOf(endpoint: EndpointCase): unknown {
  return 'expected' in endpoint ? endpoint.expected : endpoint.reply;
}

function withoutKey<T extends object>(value: T, key: keyof T): Omit<T, typeof key> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)) as Omit<T, typeof key>;
}

describe('endpoints', () => {
  let client: ServiceClient;

  beforeEach(() => {
    nock.disableNetConnect();
    ({ client } = testClient({ maxRetries: 0 }));
  });

  afterEach(async () => {
    nock.cleanAll();
    await client.close();
  });

  it('covers every row of the spec table', () => {
    const rows = new Set(cases.map((c) => `${c.method} ${c.path.split('?')[0] ?? ''}`));
    expect(rows.size).toBe(22);
  });

  it.each(cases)('$name', async (endpoint) => {
    const hasBody = endpoint.body !== undefined;
    const scope = api(hasBody)
      .intercept(`/api/v1${endpoint.path}`, endpoint.method, endpoint.body)
      .reply(endpoint.status ?? 200, endpoint.reply as nock.Body);
    const result = await endpoint.call(client);
    // The client keeps the fields it declares, each equal to the wire's, and drops the ones it does not know.
    expect(result).toEqual(expectedOf(endpoint));
    expect(scope.isDone()).toBe(true);
  });

  it.each(['.', '..', ''])('refuses %j as an id with an InvalidIdError, sending nothing', async (id) => {
    // Whatever the dots would resolve to, were they sent (the collection, the API's root), is answered here.
    const scope = nock(ORIGIN).get(/.*/).reply(200, {}).post(/.*/).reply(200, {}).delete(/.*/).reply(204);
    const calls = [
      client.getScan(id),
      client.cancelScan(id),
      client.getFinding(id),
      client.remediateFinding(id),
      client.getRemediation(id),
      client.startAiAnalysis(id),
      client.revokeApiKey(id),
    ];
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(InvalidIdError);
    await expect(client.getScan(id)).rejects.toThrow('must not be empty, "." or ".."');
    expect(scope.pendingMocks()).toHaveLength(3);
  });

  it('sends an unexpected query as an unmatched request, which nock answers with 501', async () => {
    api().get('/api/v1/scans').reply(200, page([]));
    const error = await client.listScans({ limit: 3 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 501, body: { code: 'ERR_NOCK_NO_MATCH' } });
  });
});
