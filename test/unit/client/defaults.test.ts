import { readFileSync } from 'node:fs';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_VERSION } from '../../../src/client/defaults.ts';
import { ServiceError } from '../../../src/client/errors.ts';
import type { ServiceClient } from '../../../src/client/service-client.ts';
import { aiAnalysis, page, remediation, scan } from './support/builders.ts';
import type { FakeClock } from './support/fake-clock.ts';
import { api, ORIGIN, testClient } from './support/nock-api.ts';

/**
 * The client's defaults as a caller meets them: what a client built without options sends and how long it
 * waits. Each number comes from the spec's Limits table and Rules.
 */

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

let client: ServiceClient;
let clock: FakeClock;
beforeEach(() => {
  nock.disableNetConnect();
  ({ client, clock } = testClient({ maxRetries: 0 }));
});
afterEach(async () => {
  nock.cleanAll();
  await client.close();
});

describe('identity', () => {
  it('sends the package version in its User-Agent', async () => {
    expect(CLIENT_VERSION).toBe(pkg.version);
    const scope = nock(ORIGIN, { reqheaders: { 'user-agent': `svc-scan-action/${pkg.version}` } })
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1' }));
    await client.getScan('s1');
    scope.done();
  });
});

describe('polling defaults (spec: 2 s for scans, 3 s for analyses and remediations, 600 s overall)', () => {
  it('polls a scan every 2 s', async () => {
    api()
      .get('/api/v1/scans/s1')
      .times(2)
      .reply(200, scan({ id: 's1' }))
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1', status: 'completed', modules: [] }));
    await client.waitForScan('s1');
    expect(clock.sleeps).toEqual([2_000, 2_000]);
  });

  it('polls a remediation job and an AI analysis every 3 s', async () => {
    api()
      .get('/api/v1/remediations/rem-1')
      .reply(200, remediation())
      .get('/api/v1/remediations/rem-1')
      .reply(200, remediation({ status: 'completed', pr_url: 'https://github.com/o/r/pull/1', branch: 'b' }))
      .get('/api/v1/scans/scan-1/ai-analysis')
      .reply(200, aiAnalysis())
      .get('/api/v1/scans/scan-1/ai-analysis')
      .reply(200, aiAnalysis({ status: 'completed', agent_runs: [] }));
    await client.waitForRemediation('rem-1');
    await client.waitForAiAnalysis('scan-1');
    expect(clock.sleeps).toEqual([3_000, 3_000]);
  });

  it('gives up on a scan that never finishes after 600 s', async () => {
    api()
      .get('/api/v1/scans/s1')
      .times(301)
      .reply(200, scan({ id: 's1' }));
    const error = await client.waitForScan('s1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(/^Timed out after 600 s waiting for scan s1/);
    expect(clock.sleeps.reduce((sum, ms) => sum + ms, 0)).toBe(600_000);
  });
});

describe('page sizes (spec: 20 by default, 50 for the findings of one scan, 100 for repositories)', () => {
  it.each([
    ['scans', '/api/v1/scans?limit=20&offset=0', (c: ServiceClient) => c.iterateScans()],
    ['findings', '/api/v1/findings?limit=20&offset=0', (c: ServiceClient) => c.iterateFindings()],
    [
      'findings of one scan',
      '/api/v1/findings?scan_id=s1&limit=50&offset=0',
      (c: ServiceClient) => c.iterateFindings({ scan_id: 's1' }),
    ],
    ['audit logs', '/api/v1/audit-logs?limit=20&offset=0', (c: ServiceClient) => c.iterateAuditLogs()],
    [
      'repositories',
      '/api/v1/repositories?limit=100&offset=0',
      (c: ServiceClient) => c.iterateRepositories(),
    ],
  ])('asks for the default page size of %s', async (_name, path, iterate) => {
    const scope = api().get(path).reply(200, page([]));
    const items: unknown[] = [];
    for await (const item of iterate(client)) items.push(item);
    expect(items).toEqual([]);
    scope.done();
  });
});
