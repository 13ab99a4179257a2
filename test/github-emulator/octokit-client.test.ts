import { Octokit } from '@octokit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { HEAD_SHA, startGitHub } from './helpers.ts';

let github: GitHubEmulator;
beforeEach(async () => {
  github = await startGitHub();
});
afterEach(async () => {
  await github.close();
});

describe('a real client, @octokit/core', () => {
  it.each(['url', 'ghesUrl'] as const)('works against the emulator at %s', async (base) => {
    const octokit = new Octokit({ auth: github.token, baseUrl: github[base] });
    const owner = 'octo-org';
    const repo = 'webapp';
    const created = await octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      owner,
      repo,
      name: 'svc-scan',
      head_sha: HEAD_SHA,
      status: 'in_progress',
    });
    expect(created.status).toBe(201);
    const updated = await octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
      owner,
      repo,
      check_run_id: created.data.id,
      conclusion: 'success',
      output: { title: 'ok', summary: 'no findings' },
    });
    expect(updated.data.conclusion).toBe('success');
    const comment = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner,
      repo,
      issue_number: 7,
      body: 'hello',
    });
    expect(comment.data.user?.login).toBe('github-actions[bot]');
    const files = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
      owner,
      repo,
      pull_number: 7,
    });
    expect(files.data.map((file) => file.filename)).toContain('src/auth/login.ts');
    const compare = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
      owner,
      repo,
      basehead: 'main...feature/login',
    });
    expect(compare.data.merge_base_commit.sha).toBe('9a8b7c6d5e4f30211203948576a5b4c3d2e1f0ab');
    expect(github.calls().every((call) => call.headers.authorization === 'token [redacted]')).toBe(true);
  });

  it('gets GitHub-shaped errors it can read: status and message', async () => {
    const octokit = new Octokit({ auth: github.token, baseUrl: github.url });
    github.setTokenMode('read-only');
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: 'octo-org',
        repo: 'webapp',
        issue_number: 7,
        body: 'x',
      }),
    ).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('Resource not accessible by integration'),
    });
  });
});
