import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { DEFAULT_SEED } from '../../github-emulator/index.ts';
import { api, HEAD_SHA, REPO, responseProblems, startGitHub } from './helpers.ts';

const POLICY = 'version: 1\nfail-on: critical\n# ünïcödé survives base64\n';
let github: GitHubEmulator | undefined;
afterEach(async () => {
  await github?.close();
});

function withFiles(): Promise<GitHubEmulator> {
  return startGitHub({
    seed: {
      repositories: DEFAULT_SEED.repositories.map((repository) => ({
        ...repository,
        files: { [HEAD_SHA]: { '.github/svc-scan.yml': POLICY } },
      })),
    },
  });
}

describe('the contents API', () => {
  it("gives a seeded file at a commit or a pull request's branch, base64 in lines of 60, as GitHub documents", async () => {
    github = await withFiles();
    for (const ref of [HEAD_SHA, 'feature/login']) {
      const response = await api(
        github,
        'GET',
        `${REPO}/contents/.github/svc-scan.yml?ref=${encodeURIComponent(ref)}`,
      );
      expect(response.status).toBe(200);
      expect(responseProblems('repos/get-content', response.body)).toEqual([]);
      expect(response.body).toMatchObject({
        type: 'file',
        encoding: 'base64',
        path: '.github/svc-scan.yml',
        name: 'svc-scan.yml',
      });
      const content = (response.body as { content: string }).content;
      expect(content.split('\n').every((line) => line.length <= 60)).toBe(true);
      expect(Buffer.from(content.replace(/\n/g, ''), 'base64').toString('utf8')).toBe(POLICY);
    }
  });

  it('answers 404 for a path or a commit it does not hold', async () => {
    github = await withFiles();
    const path = await api(github, 'GET', `${REPO}/contents/.github/other.yml?ref=${HEAD_SHA}`);
    expect(path).toMatchObject({ status: 404, body: { message: 'Not Found' } });
    const gone = await api(github, 'GET', `${REPO}/contents/.github/svc-scan.yml?ref=${'0'.repeat(40)}`);
    expect(gone).toMatchObject({
      status: 404,
      body: { message: `No commit found for the ref ${'0'.repeat(40)}` },
    });
  });

  it('refuses a token without contents: read (403), and records the call', async () => {
    github = await withFiles();
    github.setTokenMode('no-contents');
    const response = await api(github, 'GET', `${REPO}/contents/.github/svc-scan.yml?ref=${HEAD_SHA}`);
    expect(response.status).toBe(403);
    expect(github.calls().at(-1)).toMatchObject({ operationId: 'repos/get-content', status: 403 });
  });
});
