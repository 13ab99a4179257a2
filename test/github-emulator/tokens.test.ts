import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { api, HEAD_SHA, REPO, startGitHub } from './helpers.ts';

let github: GitHubEmulator | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

const createRun = (emulator: GitHubEmulator) =>
  api(emulator, 'POST', `${REPO}/check-runs`, { body: { name: 'svc-scan', head_sha: HEAD_SHA } });
const comment = (emulator: GitHubEmulator) =>
  api(emulator, 'POST', `${REPO}/issues/7/comments`, { body: { body: 'hello' } });

describe('the token', () => {
  it('is required: no Authorization is 401 "Requires authentication", a wrong one "Bad credentials"', async () => {
    github = await startGitHub();
    const missing = await api(github, 'GET', `${REPO}/pulls/7/files`, { token: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ message: 'Requires authentication', status: '401' });
    const wrong = await api(github, 'GET', `${REPO}/pulls/7/files`, { token: 'ghs_wrong' });
    expect(wrong.body).toMatchObject({ message: 'Bad credentials', status: '401' });
    const tokenScheme = await fetch(`${github.url}${REPO}/pulls/7/files`, {
      headers: { authorization: `token ${github.token}` },
    });
    expect(tokenScheme.status).toBe(200);
  });

  it('read-only, like a fork: every write is 403 "Resource not accessible by integration", reads work', async () => {
    github = await startGitHub({ tokenMode: 'read-only' });
    for (const response of [await createRun(github), await comment(github)]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Resource not accessible by integration');
      expect(response.body.status).toBe('403');
      expect(response.body.documentation_url).toMatch(/^https:\/\/docs\.github\.com\/rest\//);
    }
    const review = await api(github, 'POST', `${REPO}/pulls/7/reviews`, {
      body: { event: 'COMMENT', body: 'x' },
    });
    expect(review.status).toBe(403);
    expect((await createRun(github)).headers.get('x-accepted-github-permissions')).toBe('checks=write');
    expect((await api(github, 'GET', `${REPO}/issues/7/comments`)).status).toBe(200);
    expect(github.state().check_runs).toEqual([]);
  });

  it('without checks: check runs are refused, comments are not; without pull-requests: the reverse', async () => {
    github = await startGitHub({ tokenMode: 'no-checks' });
    expect((await createRun(github)).status).toBe(403);
    expect((await comment(github)).status).toBe(201);
    github.setTokenMode('no-pull-requests');
    expect((await createRun(github)).status).toBe(201);
    expect((await comment(github)).status).toBe(403);
    expect((await api(github, 'GET', `${REPO}/pulls/7/files`)).status).toBe(403);
    github.setTokenMode({ pull_requests: 'read' });
    expect((await api(github, 'GET', `${REPO}/pulls/7/files`)).status).toBe(200);
  });

  it('mode can be set through the control endpoint, and a bad one is refused', async () => {
    github = await startGitHub();
    const set = await fetch(`${github.controlUrl}/token`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'read-only' }),
    });
    expect(set.status).toBe(200);
    expect((await createRun(github)).status).toBe(403);
    const bad = await fetch(`${github.controlUrl}/token`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'admin' }),
    });
    expect(bad.status).toBe(422);
  });
});

describe('the secondary rate limit', () => {
  it('answers the next N requests with 403 and retry-after, then lets requests through', async () => {
    github = await startGitHub({ secondaryRateLimit: { count: 2, retryAfterSeconds: 30 } });
    for (let i = 0; i < 2; i++) {
      const limited = await createRun(github);
      expect(limited.status).toBe(403);
      expect(limited.headers.get('retry-after')).toBe('30');
      expect(limited.body.message).toMatch(/secondary rate limit/);
    }
    expect((await createRun(github)).status).toBe(201);
  });

  it('answers 429 with x-ratelimit-remaining 0 and x-ratelimit-reset when asked, through the control endpoint', async () => {
    github = await startGitHub();
    const set = await fetch(`${github.controlUrl}/secondary-rate-limit`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, status: 429, reset_after_s: 60 }),
    });
    expect(set.status).toBe(200);
    const before = Math.floor(Date.now() / 1000);
    const limited = await comment(github);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(before + 60);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect((await comment(github)).status).toBe(201);
  });

  it('is refused with a bad status', async () => {
    github = await startGitHub();
    expect(() => github!.setSecondaryRateLimit({ count: 1, status: 500 as 403 })).toThrow(RangeError);
  });
});
