import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { api, HEAD_SHA, REPO, startGitHub } from './helpers.ts';

let github: GitHubEmulator;
beforeEach(async () => {
  github = await startGitHub();
});
afterEach(async () => {
  await github.close();
});

describe('recording', () => {
  it('keeps every call with method, path, query, body, status and headers, never the token', async () => {
    await api(github, 'POST', `${REPO}/check-runs`, {
      body: { name: 'svc-scan', head_sha: HEAD_SHA },
      base: github.ghesUrl,
    });
    await api(github, 'GET', `${REPO}/issues/7/comments?per_page=5`);
    await api(github, 'GET', '/nowhere');
    const calls = github.calls();
    expect(calls.map((call) => [call.method, call.path, call.operationId, call.status])).toEqual([
      ['POST', '/api/v3/repos/octo-org/webapp/check-runs', 'checks/create', 201],
      ['GET', `${REPO}/issues/7/comments`, 'issues/list-comments', 200],
      ['GET', '/nowhere', null, 404],
    ]);
    expect(calls[0]!.body).toEqual({ name: 'svc-scan', head_sha: HEAD_SHA });
    expect(calls[1]!.query).toEqual({ per_page: '5' });
    expect(calls[0]!.headers.authorization).toBe('Bearer [redacted]');
    expect(JSON.stringify(calls)).not.toContain(github.token);
    expect((calls[0]!.response as { name: string }).name).toBe('svc-scan');
  });

  it('is readable and cleared through the control endpoint', async () => {
    await api(github, 'GET', `${REPO}/pulls/7/files`);
    const listed = await (await fetch(`${github.controlUrl}/calls`)).json();
    expect(listed).toHaveLength(1);
    expect((await fetch(`${github.controlUrl}/calls`, { method: 'DELETE' })).status).toBe(204);
    expect(github.calls()).toEqual([]);
  });

  it('a seed through the control endpoint starts afresh; a bad seed is refused and names the problem', async () => {
    await api(github, 'POST', `${REPO}/issues/7/comments`, { body: { body: 'x' } });
    const seeded = await fetch(`${github.controlUrl}/seed`, {
      method: 'POST',
      body: JSON.stringify({
        repositories: [
          {
            full_name: 'acme/app',
            pulls: [{ number: 3, base: { ref: 'main', sha: 'a' }, head: { ref: 'b', sha: 'c' } }],
          },
        ],
      }),
    });
    expect(seeded.status).toBe(200);
    expect((await api(github, 'GET', '/repos/acme/app/issues/3/comments')).body).toEqual([]);
    expect((await api(github, 'GET', `${REPO}/issues/7/comments`)).status).toBe(404);
    const bad = await fetch(`${github.controlUrl}/seed`, {
      method: 'POST',
      body: JSON.stringify({ repositories: [{ full_name: 'no-slash' }] }),
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^seed\/repositories\/0\/full_name/);
  });

  it('repository names are case-insensitive, as on GitHub', async () => {
    expect((await api(github, 'GET', '/repos/Octo-Org/WebApp/pulls/7/files')).status).toBe(200);
  });
});
