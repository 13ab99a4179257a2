/* eslint-disable @typescript-eslint/no-unsafe-return -- the bodies are JSON as the emulator sent it (Json) */
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_TOKEN, USER_TOKEN, type GitHubEmulator } from '../../github-emulator/index.ts';
import { api, HEAD_SHA, REPO, responseProblems, startGitHub, type Json } from './helpers.ts';

interface Result {
  rule: string;
  path: string;
  line: number;
  severity?: string;
}

function sarif(results: readonly Result[], category = 'svc-scan/octo-org/webapp/'): string {
  const rules = [...new Set(results.map((result) => result.rule))].map((id) => ({
    id,
    shortDescription: { text: id },
    properties: { 'security-severity': results.find((r) => r.rule === id)?.severity ?? '5.0' },
  }));
  const log = {
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'svc-scan', version: '0.1.0', rules } },
        automationDetails: { id: category },
        results: results.map((result) => ({
          ruleId: result.rule,
          message: { text: `${result.rule} here` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: result.path },
                region: { startLine: result.line },
              },
            },
          ],
        })),
      },
    ],
  };
  return gzipSync(JSON.stringify(log)).toString('base64');
}

async function upload(
  github: GitHubEmulator,
  results: readonly Result[],
  ref = 'refs/heads/main',
): Promise<{ id: string; status: Json }> {
  const posted = await api(github, 'POST', `${REPO}/code-scanning/sarifs`, {
    body: { commit_sha: HEAD_SHA, ref, sarif: sarif(results) },
  });
  expect(posted.status).toBe(202);
  expect(responseProblems('code-scanning/upload-sarif', posted.body)).toEqual([]);
  let status: Json;
  for (let poll = 0; poll < 5; poll++) {
    status = (await api(github, 'GET', `${REPO}/code-scanning/sarifs/${posted.body.id}`)).body;
    if (status.processing_status !== 'pending') break;
  }
  return { id: posted.body.id as string, status };
}

async function alerts(github: GitHubEmulator, query = ''): Promise<Json[]> {
  const response = await api(github, 'GET', `${REPO}/code-scanning/alerts?tool_name=svc-scan${query}`);
  expect(response.status).toBe(200);
  for (const alert of response.body as Json[])
    expect(responseProblems('code-scanning/get-alert', alert)).toEqual([]);
  return response.body as Json[];
}

describe('code scanning in the GitHub emulator', () => {
  let github: GitHubEmulator;
  beforeEach(async () => {
    github = await startGitHub();
  });
  afterEach(() => github.close());

  it('processes an upload after a pending poll and opens one alert per result', async () => {
    const posted = await api(github, 'POST', `${REPO}/code-scanning/sarifs`, {
      body: {
        commit_sha: HEAD_SHA,
        ref: 'refs/heads/main',
        sarif: sarif([{ rule: 'cwe-89/sql', path: 'a.ts', line: 3 }]),
      },
    });
    const first = await api(github, 'GET', `${REPO}/code-scanning/sarifs/${posted.body.id}`);
    expect(first.body).toEqual({ processing_status: 'pending', analyses_url: null, errors: null });
    const second = await api(github, 'GET', `${REPO}/code-scanning/sarifs/${posted.body.id}`);
    expect(second.body.processing_status).toBe('complete');
    expect(second.body.analyses_url).toContain(`sarif_id=${posted.body.id}`);
    expect(responseProblems('code-scanning/get-sarif', second.body)).toEqual([]);
    const listed = await alerts(github);
    expect(
      listed.map((alert) => [alert.rule.id, alert.most_recent_instance.location.path, alert.state]),
    ).toEqual([['cwe-89/sql', 'a.ts', 'open']]);
    expect(listed[0].most_recent_instance.category).toBe('svc-scan/octo-org/webapp');
  });

  it('fails processing when told to, or when the file is not gzip + base64 SARIF', async () => {
    github.setCodeScanning({ failWith: ['A fatal error occurred'] });
    expect((await upload(github, [])).status).toEqual({
      processing_status: 'failed',
      analyses_url: null,
      errors: ['A fatal error occurred'],
    });
    github.setCodeScanning({ failWith: undefined });
    const raw = await api(github, 'POST', `${REPO}/code-scanning/sarifs`, {
      body: { commit_sha: HEAD_SHA, ref: 'refs/heads/main', sarif: Buffer.from('{}').toString('base64') },
    });
    await api(github, 'GET', `${REPO}/code-scanning/sarifs/${raw.body.id}`);
    const status = await api(github, 'GET', `${REPO}/code-scanning/sarifs/${raw.body.id}`);
    expect(status.body.processing_status).toBe('failed');
    expect(status.body.errors[0]).toMatch(/not gzip-compressed/);
  });

  it('tracks an alert across uploads by rule, path and nearest line, and closes it as fixed when gone', async () => {
    await upload(github, [
      { rule: 'r', path: 'a.ts', line: 10 },
      { rule: 'r', path: 'a.ts', line: 50 },
    ]);
    const before = await alerts(github, '&direction=asc');
    // Lines moved down by 3: each result keeps its own alert.
    await upload(github, [
      { rule: 'r', path: 'a.ts', line: 13 },
      { rule: 'r', path: 'a.ts', line: 53 },
    ]);
    const moved = await alerts(github, '&direction=asc');
    expect(moved.map((alert) => [alert.number, alert.most_recent_instance.location.start_line])).toEqual([
      [before[0].number, 13],
      [before[1].number, 53],
    ]);
    await upload(github, [{ rule: 'r', path: 'a.ts', line: 54 }]);
    const after = await alerts(github, '&direction=asc');
    expect(after.map((alert) => alert.state)).toEqual(['fixed', 'open']);
    expect(after[0].fixed_at).toEqual(expect.any(String));
    expect(await alerts(github, '&state=fixed')).toHaveLength(1);
  });

  it('lists a pull request ref only with ref=, and pages with Link', async () => {
    await upload(github, [{ rule: 'r', path: 'a.ts', line: 1 }], 'refs/pull/7/head');
    expect(await alerts(github)).toEqual([]);
    expect(await alerts(github, '&ref=refs/pull/7/head')).toHaveLength(1);
    await upload(
      github,
      Array.from({ length: 3 }, (_, i) => ({ rule: `r${i}`, path: 'b.ts', line: i + 1 })),
    );
    const page = await api(github, 'GET', `${REPO}/code-scanning/alerts?per_page=2`);
    expect(page.body).toHaveLength(2);
    expect(page.headers.get('link')).toMatch(/rel="next"/);
  });

  it('keeps only the 5,000 most severe results of a run as alerts', async () => {
    const many = Array.from({ length: 5_001 }, (_, i) => ({
      rule: i === 5_000 ? 'critical-one' : `low-${i}`,
      path: 'c.ts',
      line: i + 1,
      severity: i === 5_000 ? '9.8' : '2.0',
    }));
    await upload(github, many);
    const critical = await api(
      github,
      'GET',
      `${REPO}/code-scanning/alerts?tool_name=svc-scan&per_page=1&direction=asc`,
    );
    expect(critical.headers.get('link')).toMatch(/page=5000>; rel="last"/);
    const all = await api(github, 'GET', `${REPO}/code-scanning/alerts?per_page=100&page=50`);
    expect(all.body).toHaveLength(100);
    const first = await api(github, 'GET', `${REPO}/code-scanning/alerts/1`);
    expect(first.body.rule.id).toBe('critical-one');
  });

  it('dismisses with the caller as dismissed_by, and reopens', async () => {
    await upload(github, [{ rule: 'r', path: 'a.ts', line: 1 }]);
    const dismissed = await api(github, 'PATCH', `${REPO}/code-scanning/alerts/1`, {
      token: USER_TOKEN,
      body: {
        state: 'dismissed',
        dismissed_reason: 'false positive',
        dismissed_comment: 'sanitised upstream',
      },
    });
    expect(dismissed.status).toBe(200);
    expect(responseProblems('code-scanning/update-alert', dismissed.body)).toEqual([]);
    expect(dismissed.body).toMatchObject({
      state: 'dismissed',
      dismissed_by: { login: 'monalisa' },
      dismissed_reason: 'false positive',
      dismissed_comment: 'sanitised upstream',
    });
    expect(await alerts(github, '&state=dismissed')).toHaveLength(1);
    const reopened = await api(github, 'PATCH', `${REPO}/code-scanning/alerts/1`, {
      body: { state: 'open' },
    });
    expect(reopened.body).toMatchObject({ state: 'open', dismissed_by: null });
  });

  it('checks the body against the description: a comment over 280 characters is refused', async () => {
    await upload(github, [{ rule: 'r', path: 'a.ts', line: 1 }]);
    const response = await api(github, 'PATCH', `${REPO}/code-scanning/alerts/1`, {
      body: { state: 'dismissed', dismissed_reason: "won't fix", dismissed_comment: 'x'.repeat(281) },
    });
    expect(response.status).toBe(422);
  });

  it('with delegated dismissal, files a request for the workflow token and leaves the alert open', async () => {
    await upload(github, [{ rule: 'r', path: 'a.ts', line: 1 }]);
    github.setCodeScanning({ delegatedDismissal: true });
    const refused = await api(github, 'PATCH', `${REPO}/code-scanning/alerts/1`, {
      body: { state: 'dismissed', dismissed_reason: "won't fix" },
    });
    expect(refused.status).toBe(403);
    const requested = await api(github, 'PATCH', `${REPO}/code-scanning/alerts/1`, {
      body: { state: 'dismissed', dismissed_reason: "won't fix", create_request: true },
    });
    expect(requested.status).toBe(200);
    expect(requested.body.state).toBe('open');
  });

  it("dismisses a request's alert by its requester once a reviewer approves it, as GitHub records it", async () => {
    await upload(github, [{ rule: 'r', path: 'a.ts', line: 1 }]);
    github.setCodeScanning({ delegatedDismissal: true });
    await api(github, 'PATCH', `${REPO}/code-scanning/alerts/1`, {
      token: APP_TOKEN,
      body: {
        state: 'dismissed',
        dismissed_reason: "won't fix",
        dismissed_comment: 'ours',
        create_request: true,
      },
    });
    const control = await fetch(`${github.controlUrl}/code-scanning/approve-requests`, {
      method: 'POST',
      body: JSON.stringify({ reviewer: 'monalisa' }),
    });
    expect(await control.json()).toEqual({ approved: 1 });
    const alert = await api(github, 'GET', `${REPO}/code-scanning/alerts/1`);
    expect(responseProblems('code-scanning/get-alert', alert.body)).toEqual([]);
    expect(alert.body).toMatchObject({
      state: 'dismissed',
      dismissed_by: { login: 'svc-scan-app[bot]' },
      dismissal_approved_by: { login: 'monalisa' },
      dismissed_comment: 'ours',
    });
    expect(github.approveDismissalRequests()).toBe(0);
  });

  it('answers 403 without Advanced Security, without security-events, and for a read-only token', async () => {
    github.setCodeScanning({ advancedSecurity: false });
    const noGhas = await api(github, 'GET', `${REPO}/code-scanning/alerts`);
    expect(noGhas.status).toBe(403);
    expect(noGhas.body.message).toMatch(/Advanced Security must be enabled/);
    github.setCodeScanning({ advancedSecurity: true });
    github.setTokenMode('no-security-events');
    expect((await api(github, 'GET', `${REPO}/code-scanning/alerts`)).status).toBe(403);
    github.setTokenMode('read-only');
    expect((await api(github, 'GET', `${REPO}/code-scanning/alerts`)).status).toBe(200);
    const write = await api(github, 'POST', `${REPO}/code-scanning/sarifs`, {
      body: { commit_sha: HEAD_SHA, ref: 'refs/heads/main', sarif: sarif([]) },
    });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('Resource not accessible by integration');
  });

  it('refuses an upload whose ref is not a full ref, as the description says', async () => {
    const response = await api(github, 'POST', `${REPO}/code-scanning/sarifs`, {
      body: { commit_sha: HEAD_SHA, ref: 'main', sarif: sarif([]) },
    });
    expect(response.status).toBe(422);
  });
});
