import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PollTimeoutError, ServiceError } from '../../../src/client/errors.ts';
import {
  aiAnalysis,
  agentRun,
  auditLog,
  finding,
  page,
  remediation,
  repository,
  scan,
} from './support/builders.ts';
import { api, testClient, type TestClient } from './support/nock-api.ts';

let t: TestClient;

beforeEach(() => {
  nock.disableNetConnect();
  t = testClient();
});

afterEach(async () => {
  nock.cleanAll();
  await t.client.close();
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('iterate methods', () => {
  it('iterates the findings of one scan 50 at a time', async () => {
    const first = Array.from({ length: 50 }, (_, i) => finding({ id: `f${i}` }));
    api()
      .get('/api/v1/findings?scan_id=s1&severity=high&limit=50&offset=0')
      .reply(200, page(first, { total: 53, limit: 50 }));
    api()
      .get('/api/v1/findings?scan_id=s1&severity=high&limit=50&offset=50')
      .reply(
        200,
        page([finding({ id: 'f50' }), finding({ id: 'f51' }), finding({ id: 'f52' })], {
          total: 53,
          limit: 50,
          offset: 50,
        }),
      );
    const items = await collect(t.client.iterateFindings({ scan_id: 's1', severity: 'high' }));
    expect(items.map((f) => f.id)).toEqual(Array.from({ length: 53 }, (_, i) => `f${i}`));
  });

  it('iterates findings of every scan 20 at a time, and honours an explicit page size', async () => {
    api()
      .get('/api/v1/findings?limit=20&offset=0')
      .reply(200, page([finding()], { total: 1 }));
    expect(await collect(t.client.iterateFindings())).toHaveLength(1);
    api()
      .get('/api/v1/findings?limit=5&offset=10')
      .reply(200, page([], { total: 10, limit: 5, offset: 10 }));
    expect(await collect(t.client.iterateFindings({}, { limit: 5, offset: 10 }))).toEqual([]);
  });

  it('iterates scans, audit logs and repositories with their default page sizes', async () => {
    api()
      .get('/api/v1/scans?repository_id=r1&limit=20&offset=0')
      .reply(200, page([scan()], { total: 1 }));
    api()
      .get('/api/v1/audit-logs?action=key.revoked&limit=20&offset=0')
      .reply(200, page([auditLog()], { total: 1 }));
    api()
      .get('/api/v1/repositories?limit=100&offset=0')
      .reply(200, page([repository()], { total: 1, limit: 100 }));
    expect(await collect(t.client.iterateScans({ repository_id: 'r1' }))).toEqual([scan()]);
    expect(await collect(t.client.iterateAuditLogs({ action: 'key.revoked' }))).toEqual([auditLog()]);
    expect(await collect(t.client.iterateRepositories())).toEqual([repository()]);
  });

  it('fetches the remaining pages concurrently when asked, in order', async () => {
    for (let offset = 0; offset < 100; offset += 20) {
      const items = Array.from({ length: 20 }, (_, i) => scan({ id: `s${offset + i}` }));
      api()
        .get(`/api/v1/scans?limit=20&offset=${offset}`)
        .delay(offset === 20 ? 30 : 0)
        .reply(200, page(items, { total: 100, offset }));
    }
    const ids = (await collect(t.client.iterateScans({}, { concurrency: 4 }))).map((s) => s.id);
    expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => `s${i}`));
  });

  it('ends with the request error of a page', async () => {
    const full = Array.from({ length: 100 }, (_, i) => repository({ id: `r${i}` }));
    api()
      .get('/api/v1/repositories?limit=100&offset=0')
      .reply(200, page(full, { total: 300, limit: 100 }));
    api()
      .get('/api/v1/repositories?limit=100&offset=100')
      .reply(403, { error: { message: 'forbidden' } });
    await expect(collect(t.client.iterateRepositories())).rejects.toThrow(
      'GET /repositories failed with 403: forbidden',
    );
  });
});

describe('findRepositoryByFullName', () => {
  const firstPage = Array.from({ length: 100 }, (_, i) =>
    repository({ id: `r${i}`, full_name: `octo/repo-${i}` }),
  );

  it('matches full_name ignoring case and stops at the page that has it', async () => {
    api()
      .get('/api/v1/repositories?limit=100&offset=0')
      .reply(200, page(firstPage, { total: 250, limit: 100 }));
    api()
      .get('/api/v1/repositories?limit=100&offset=100')
      .reply(
        200,
        page([repository({ id: 'hit', full_name: 'Octo/App' })], { total: 250, limit: 100, offset: 100 }),
      );
    const third = api().get('/api/v1/repositories?limit=100&offset=200').reply(200, page([]));
    await expect(t.client.findRepositoryByFullName('octo/APP')).resolves.toMatchObject({ id: 'hit' });
    expect(third.isDone()).toBe(false);
  });

  it('filters by project and returns null when nothing matches', async () => {
    api()
      .get('/api/v1/repositories?project_id=p1&limit=100&offset=0')
      .reply(200, page([repository({ full_name: 'octo/other' })], { total: 1, limit: 100 }));
    await expect(t.client.findRepositoryByFullName('octo/app', { projectId: 'p1' })).resolves.toBeNull();
  });
});

describe('waiting for jobs', () => {
  it('polls a scan every 2 s until it completes, reporting each state', async () => {
    api()
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1', status: 'queued' }));
    api()
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1', status: 'running' }));
    api()
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1', status: 'completed' }));
    const seen: string[] = [];
    const done = await t.client.waitForScan('s1', { onUpdate: (s) => seen.push(s.status) });
    expect(done.status).toBe('completed');
    expect(seen).toEqual(['queued', 'running', 'completed']);
    expect(t.clock.sleeps).toEqual([2_000, 2_000]);
  });

  it('returns a failed scan rather than throwing', async () => {
    api()
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1', status: 'failed' }));
    await expect(t.client.waitForScan('s1')).resolves.toMatchObject({ status: 'failed' });
  });

  it('logs an unknown scan status once and keeps waiting', async () => {
    api()
      .get('/api/v1/scans/s1')
      .times(3)
      .reply(200, scan({ id: 's1', status: 'paused' }));
    api()
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1', status: 'cancelled' }));
    await expect(t.client.waitForScan('s1')).resolves.toMatchObject({ status: 'cancelled' });
    const unknown = t.logger.lines.filter((line) => line.message.includes('unknown status'));
    expect(unknown).toEqual([
      {
        level: 'warning',
        message: 'Scan s1 has the unknown status "paused"; waiting on as if it were still running',
      },
    ]);
  });

  it('raises a PollTimeoutError, a ServiceError, when the scan outlasts the timeout', async () => {
    api()
      .get('/api/v1/scans/s1')
      .times(4)
      .reply(200, scan({ id: 's1', status: 'running' }));
    const error = await t.client
      .waitForScan('s1', { intervalMs: 1_000, timeoutMs: 3_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect((error as PollTimeoutError).lastStatus).toBe('running');
    expect((error as Error).message).toBe(
      'Timed out after 3 s waiting for scan s1 to finish; last status: running',
    );
  });

  it('waits for an AI analysis every 3 s, by its agent runs when it has no status', async () => {
    const runs = (second: string) => [
      agentRun({ status: 'completed' }),
      agentRun({ sequence: 2, status: second }),
    ];
    api()
      .get('/api/v1/scans/scan-1/ai-analysis')
      .reply(200, aiAnalysis({ status: undefined, agent_runs: [] }));
    api()
      .get('/api/v1/scans/scan-1/ai-analysis')
      .reply(200, aiAnalysis({ status: undefined, agent_runs: runs('running') }));
    api()
      .get('/api/v1/scans/scan-1/ai-analysis')
      .reply(200, aiAnalysis({ status: undefined, agent_runs: runs('done') }));
    const done = await t.client.waitForAiAnalysis('scan-1');
    expect(done.agent_runs).toHaveLength(2);
    expect(t.clock.sleeps).toEqual([3_000, 3_000]);
  });

  it('names the agent runs when an AI analysis without status times out', async () => {
    api()
      .get('/api/v1/scans/scan-1/ai-analysis')
      .times(2)
      .reply(200, aiAnalysis({ status: undefined, agent_runs: [agentRun({ status: 'running' })] }));
    await expect(t.client.waitForAiAnalysis('scan-1', { timeoutMs: 3_000 })).rejects.toThrow(
      'Timed out after 3 s waiting for the AI analysis of scan scan-1 to finish; last status: agent runs running',
    );
  });

  it('waits for a remediation every 3 s until it has a pull request, when it has no status', async () => {
    api().get('/api/v1/remediations/j1').reply(200, { id: 'j1', pr_url: '', branch: '' });
    api()
      .get('/api/v1/remediations/j1')
      .reply(200, { id: 'j1', pr_url: 'https://github.com/o/r/pull/2', branch: 'fix' });
    const done = await t.client.waitForRemediation('j1');
    expect(done.pr_url).toBe('https://github.com/o/r/pull/2');
    expect(t.clock.sleeps).toEqual([3_000]);
  });

  it('returns a remediation that failed by its status, and names a timeout without status', async () => {
    api()
      .get('/api/v1/remediations/j1')
      .reply(200, remediation({ id: 'j1', status: 'failed', failure_reason: 'x' }));
    await expect(t.client.waitForRemediation('j1')).resolves.toMatchObject({ status: 'failed' });
    api().get('/api/v1/remediations/j2').times(2).reply(200, { id: 'j2', pr_url: null, branch: null });
    await expect(t.client.waitForRemediation('j2', { timeoutMs: 1 })).rejects.toThrow(
      'last status: no pull request yet',
    );
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    api()
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1', status: 'running' }));
    const error = await t.client
      .waitForScan('s1', {
        signal: controller.signal,
        onUpdate: () => {
          controller.abort(new Error('cancelled'));
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toBe('Waiting for scan s1 was aborted');
  });
});
