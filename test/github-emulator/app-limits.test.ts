import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { appSeed, HEAD, INSTALLATION_ID, installationToken, makeApp, startWithApp } from './app-helpers.ts';
import { api, REPO, startGitHub, type Json } from './helpers.ts';

let github: GitHubEmulator | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

const rateHeaders = (headers: Headers) =>
  Object.fromEntries(
    ['limit', 'remaining', 'used', 'reset', 'resource'].map((name) => [
      name,
      headers.get(`x-ratelimit-${name}`),
    ]),
  );

const createRun = (emulator: GitHubEmulator, token: string) =>
  api(emulator, 'POST', `${REPO}/check-runs`, { token, body: { name: 'svc-scan', head_sha: HEAD } });

describe("an installation's primary budget", () => {
  it('shows in x-ratelimit-* on every answer: 5,000 an hour, counting the requests of all its tokens', async () => {
    const started = await startWithApp();
    github = started.github;
    const first = await installationToken(github, started.app);
    const second = await installationToken(github, started.app);
    const reset = String(Math.ceil(github.now().getTime() / 1000) + 3600);
    const a = await api(github, 'GET', REPO, { token: first });
    expect(rateHeaders(a.headers)).toEqual({
      limit: '5000',
      remaining: '4999',
      used: '1',
      reset,
      resource: 'core',
    });
    const b = await api(github, 'GET', '/repos/octo-org/docs', { token: second });
    expect(b.status).toBe(404);
    expect(rateHeaders(b.headers)).toMatchObject({ remaining: '4998', used: '2' });
    expect(github.installations()[0]).toMatchObject({ id: INSTALLATION_ID, requests: 2, tokens_minted: 2 });
  });

  it("follows GitHub's rule: +50 a repository above 20, at most 12,500", async () => {
    const app = makeApp();
    const seed = appSeed(app, { repositories: 'all' });
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ full_name: `octo-org/repo-${i}` }));
    github = await startGitHub({ seed: { ...seed, repositories: [...seed.repositories, ...many(42)] } });
    // 45 repositories of octo-org: 5,000 + 25 × 50.
    expect(github.installations()[0]!.rate_limit.limit).toBe(6250);
    github.seed({ ...seed, repositories: [...seed.repositories, ...many(400)] });
    expect(github.installations()[0]!.rate_limit.limit).toBe(12_500);
  });

  it('when spent answers 403 "API rate limit exceeded" with remaining 0 and its reset, until the hour passes', async () => {
    const started = await startWithApp({ rate_limit: 3 });
    github = started.github;
    const token = await installationToken(github, started.app);
    for (let i = 0; i < 3; i++) expect((await api(github, 'GET', REPO, { token })).status).toBe(200);
    const spent = await api(github, 'GET', REPO, { token });
    expect(spent.status).toBe(403);
    expect(spent.body.message).toBe(`API rate limit exceeded for installation ID ${INSTALLATION_ID}.`);
    expect(rateHeaders(spent.headers)).toMatchObject({ limit: '3', remaining: '0', used: '3' });
    const resetAt = Number(spent.headers.get('x-ratelimit-reset')) * 1000;
    github.advanceClock((resetAt - github.now().getTime()) / 1000);
    // The hour that renews the budget also ends the token's life: a new one is minted.
    const again = await api(github, 'GET', REPO, { token: await installationToken(github, started.app) });
    expect(again.status).toBe(200);
    expect(rateHeaders(again.headers)).toMatchObject({ remaining: '2', used: '1' });
    expect(github.installations()[0]).toMatchObject({ refused_primary: 1, requests: 5 });
  });

  it('can be set through the control endpoint: the limit and the requests already used', async () => {
    const started = await startWithApp();
    github = started.github;
    const token = await installationToken(github, started.app);
    const set = await fetch(`${github.controlUrl}/installation-limits`, {
      method: 'POST',
      body: JSON.stringify({ installation_id: INSTALLATION_ID, rate_limit: 10, used: 9 }),
    });
    expect(set.status).toBe(200);
    expect((await api(github, 'GET', REPO, { token })).headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await api(github, 'GET', REPO, { token })).status).toBe(403);
    const unknown = await fetch(`${github.controlUrl}/installation-limits`, {
      method: 'POST',
      body: JSON.stringify({ installation_id: 9, rate_limit: 10 }),
    });
    expect(unknown.status).toBe(422);
  });
});

describe("an installation's content-creation limit", () => {
  it('lets 80 POSTs a minute through, refuses the 81st with a secondary limit and retry-after, then one a minute later', async () => {
    const started = await startWithApp({ permissions: { checks: 'write' } });
    github = started.github;
    const token = await installationToken(github, started.app);
    for (let i = 0; i < 80; i++) expect((await createRun(github, token)).status).toBe(201);
    const refused = await createRun(github, token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^You have exceeded a secondary rate limit/);
    expect(Number(refused.headers.get('retry-after'))).toBe(60);
    expect((await api(github, 'GET', REPO, { token })).status).toBe(200);
    github.advanceClock(60);
    expect((await createRun(github, token)).status).toBe(201);
    expect(github.installations()[0]).toMatchObject({ content_creating_requests: 81, refused_secondary: 1 });
  });

  it('counts 500 an hour: past it, retry-after names when the oldest leaves the hour', async () => {
    const started = await startWithApp({
      permissions: { checks: 'write' },
      content_limits: { per_minute: 100, per_hour: 4 },
    });
    github = started.github;
    const token = await installationToken(github, started.app);
    expect(github.installations()[0]!.content_limits).toEqual({ per_minute: 100, per_hour: 4 });
    for (let i = 0; i < 4; i++) {
      expect((await createRun(github, token)).status).toBe(201);
      github.advanceClock(600);
    }
    const refused = await createRun(github, token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('retry-after')).toBe('1200');
    github.advanceClock(1200);
    expect((await createRun(github, await installationToken(github, started.app))).status).toBe(201);
  });

  it("is GitHub's 80 a minute and 500 an hour unless the seed says otherwise", async () => {
    const started = await startWithApp();
    github = started.github;
    const report = (await (await fetch(`${github.controlUrl}/apps`)).json()) as Json;
    expect(report.installations[0].content_limits).toEqual({ per_minute: 80, per_hour: 500 });
  });
});
