import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import {
  APP_ID,
  freshJwt,
  INSTALLATION_ID,
  installationToken,
  jwtFor,
  makeApp,
  mintToken,
  startWithApp,
  type TestApp,
} from './app-helpers.ts';
import { api, REPO, responseProblems } from './helpers.ts';

let github: GitHubEmulator | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

async function started(
  installation: Record<string, unknown> = {},
): Promise<{ github: GitHubEmulator; app: TestApp }> {
  const both = await startWithApp(installation);
  github = both.github;
  return both;
}

const nowS = (emulator: GitHubEmulator) => Math.floor(emulator.now().getTime() / 1000);

describe("a GitHub App's JWT", () => {
  it("signed with the App's key is the App: GET /app answers it, in the shape GitHub describes", async () => {
    const { github, app } = await started();
    const response = await api(github, 'GET', '/app', { token: freshJwt(github, app.privateKey) });
    expect(response.status).toBe(200);
    expect(responseProblems('apps/get-authenticated', response.body)).toEqual([]);
    expect(response.body).toMatchObject({ id: APP_ID, slug: 'svc-scan-fleet', installations_count: 1 });
    expect(response.body.permissions).toMatchObject({ contents: 'read', security_events: 'write' });
  });

  it('signed with another key, or tampered with, is 401 "A JSON web token could not be decoded"', async () => {
    const { github } = await started();
    const now = nowS(github);
    const wrongKey = jwtFor(makeApp().privateKey, { iat: now - 30, exp: now + 500 });
    const [header, , signature] = wrongKey.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ iss: 999, iat: now, exp: now + 60 })).toString('base64url')}.${signature}`;
    for (const token of [wrongKey, tampered]) {
      const response = await api(github, 'GET', '/app', { token });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({
        message: 'A JSON web token could not be decoded',
        status: '401',
      });
    }
  });

  it('refuses an expired JWT, one issued more than 60 s ahead and one of more than 10 minutes, in the words @octokit/auth-app knows', async () => {
    const { github, app } = await started();
    const now = nowS(github);
    const cases: [number, number, RegExp][] = [
      [
        now - 700,
        now - 100,
        /^'Expiration time' claim \('exp'\) must be a numeric value representing the future time/,
      ],
      [now + 120, now + 600, /^'Issued at' claim \('iat'\) must be an Integer/],
      [now - 30, now + 600, /^'Expiration time' claim \('exp'\) is too far in the future$/],
    ];
    for (const [iat, exp, message] of cases) {
      const response = await api(github, 'GET', '/app', { token: jwtFor(app.privateKey, { iat, exp }) });
      expect(response.status).toBe(401);
      expect(response.body.message).toMatch(message);
    }
    expect(
      (await api(github, 'GET', '/app', { token: jwtFor(app.privateKey, { iat: now + 50, exp: now + 600 }) }))
        .status,
    ).toBe(200);
  });

  it("expires on the emulator's clock: good now, 401 once the clock passes its exp", async () => {
    const { github, app } = await started();
    const jwt = freshJwt(github, app.privateKey);
    expect((await api(github, 'GET', '/app', { token: jwt })).status).toBe(200);
    github.advanceClock(541);
    expect((await api(github, 'GET', '/app', { token: jwt })).status).toBe(401);
  });

  it("is for the App's own operations: an installation token there is 401, the JWT elsewhere 403", async () => {
    const { github, app } = await started();
    const token = await installationToken(github, app);
    const asToken = await api(github, 'GET', '/app', { token });
    expect(asToken.status).toBe(401);
    expect(asToken.body.message).toBe('A JSON web token could not be decoded');
    const jwtOnRepository = await api(github, 'GET', REPO, { token: freshJwt(github, app.privateKey) });
    expect(jwtOnRepository.status).toBe(403);
    expect(jwtOnRepository.body.message).toBe('Resource not accessible by integration');
  });
});

describe("the App's installation of a repository", () => {
  it("is found for a repository it reaches, and 404 for one it does not or another owner's", async () => {
    const { github, app } = await started();
    const jwt = freshJwt(github, app.privateKey);
    const found = await api(github, 'GET', '/repos/octo-org/webapp/installation', { token: jwt });
    expect(found.status).toBe(200);
    expect(responseProblems('apps/get-repo-installation', found.body)).toEqual([]);
    expect(found.body).toMatchObject({
      id: INSTALLATION_ID,
      app_id: APP_ID,
      account: { login: 'octo-org' },
      repository_selection: 'selected',
      permissions: { contents: 'read', metadata: 'read', security_events: 'write' },
    });
    expect(found.body.access_tokens_url).toBe(
      `${github.url}/app/installations/${INSTALLATION_ID}/access_tokens`,
    );
    for (const repository of ['octo-org/docs', 'other-org/tool', 'octo-org/missing'])
      expect((await api(github, 'GET', `/repos/${repository}/installation`, { token: jwt })).status).toBe(
        404,
      );
  });
});

describe('installation tokens', () => {
  it("last one hour of the emulator's clock, say so in github-authentication-token-expiration, then are 401", async () => {
    const { github, app } = await started();
    const minted = await mintToken(github, app);
    expect(minted.status).toBe(201);
    expect(responseProblems('apps/create-installation-access-token', minted.body)).toEqual([]);
    expect(minted.body.token).toMatch(/^ghs_[A-Za-z0-9]{36}$/);
    expect(minted.body.expires_at).toBe('2026-02-01T13:00:00Z');
    const token = minted.body.token as string;
    const read = await api(github, 'GET', REPO, { token });
    expect(read.status).toBe(200);
    expect(read.headers.get('github-authentication-token-expiration')).toBe('2026-02-01 13:00:00 UTC');
    github.advanceClock(3599);
    expect((await api(github, 'GET', REPO, { token })).status).toBe(200);
    github.advanceClock(1);
    const expired = await api(github, 'GET', REPO, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Bad credentials');
  });

  it('are minted only for an installation of the App whose JWT asks', async () => {
    const { github, app } = await started();
    const jwt = freshJwt(github, app.privateKey);
    expect((await api(github, 'POST', '/app/installations/999/access_tokens', { token: jwt })).status).toBe(
      404,
    );
  });

  it('may be narrowed to fewer repositories and permissions, never beyond the installation', async () => {
    const { github, app } = await started();
    const narrowed = await mintToken(github, app, {
      repositories: ['api'],
      permissions: { contents: 'read' },
    });
    expect(narrowed.status).toBe(201);
    expect(narrowed.body).toMatchObject({
      repository_selection: 'selected',
      permissions: { contents: 'read' },
    });
    const token = narrowed.body.token as string;
    expect((await api(github, 'GET', '/repos/octo-org/api', { token })).status).toBe(200);
    expect((await api(github, 'GET', REPO, { token })).status).toBe(404);
    expect((await api(github, 'GET', `${REPO}/code-scanning/alerts`, { token })).status).toBe(404);
    const beyondRepositories = await mintToken(github, app, { repositories: ['docs'] });
    expect(beyondRepositories.status).toBe(422);
    expect(beyondRepositories.body.message).toMatch(/not accessible to the parent installation/);
    const beyondPermissions = await mintToken(github, app, { permissions: { contents: 'write' } });
    expect(beyondPermissions.status).toBe(422);
    expect(beyondPermissions.body.message).toBe(
      'The permissions requested are not granted to this installation.',
    );
    const badBody = await mintToken(github, app, { permissions: { contents: 'admin' } });
    expect(badBody.status).toBe(422);
  });

  it("hold every route to the installation's repositories (404 elsewhere) and permissions (403)", async () => {
    const { github, app } = await started();
    const token = await installationToken(github, app);
    expect((await api(github, 'GET', '/repos/octo-org/docs', { token })).status).toBe(404);
    expect((await api(github, 'GET', '/repos/other-org/tool', { token })).status).toBe(404);
    const checkRun = await api(github, 'POST', `${REPO}/check-runs`, {
      token,
      body: { name: 'svc-scan', head_sha: 'c0ffee0000000000000000000000000000000001' },
    });
    expect(checkRun.status).toBe(403);
    expect(checkRun.body.message).toBe('Resource not accessible by integration');
    expect(checkRun.headers.get('x-accepted-github-permissions')).toBe('checks=write');
    expect((await api(github, 'GET', `${REPO}/pulls/7/files`, { token })).status).toBe(403);
    expect((await api(github, 'GET', `${REPO}/code-scanning/alerts`, { token })).status).toBe(200);
  });

  it("upload SARIF and read its processing with security_events: write, as the App's bot", async () => {
    const { github, app } = await started();
    const token = await installationToken(github, app);
    const { gzipSync } = await import('node:zlib');
    const sarif = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'svc-scan', rules: [] } },
          results: [],
          automationDetails: { id: 'svc-scan/octo-org/webapp/' },
        },
      ],
    };
    const upload = await api(github, 'POST', `${REPO}/code-scanning/sarifs`, {
      token,
      body: {
        commit_sha: 'c0ffee0000000000000000000000000000000001',
        ref: 'refs/heads/main',
        sarif: gzipSync(JSON.stringify(sarif)).toString('base64'),
      },
    });
    expect(upload.status).toBe(202);
    const processing = await api(github, 'GET', `${REPO}/code-scanning/sarifs/${upload.body.id as string}`, {
      token,
    });
    expect(processing.status).toBe(200);
    expect(processing.body.processing_status).toMatch(/^(pending|complete)$/);
  });
});

describe("a seeded person's token", () => {
  it('carries its expiry in github-authentication-token-expiration and is 401 after it', async () => {
    const { github } = await started();
    github.seed({
      repositories: [{ full_name: 'octo-org/webapp' }],
      user_tokens: [{ token: 'github_pat_expiring', login: 'monalisa', expires_at: '2026-02-01T12:30:00Z' }],
    });
    const token = 'github_pat_expiring';
    const read = await api(github, 'GET', REPO, { token });
    expect(read.status).toBe(200);
    expect(read.headers.get('github-authentication-token-expiration')).toBe('2026-02-01 12:30:00 UTC');
    expect((await api(github, 'GET', REPO)).headers.get('github-authentication-token-expiration')).toBeNull();
    github.advanceClock(1800);
    expect((await api(github, 'GET', REPO, { token })).status).toBe(401);
  });
});
