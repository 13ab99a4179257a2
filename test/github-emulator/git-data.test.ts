import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { HEAD, installationToken, POLICY, startWithApp } from './app-helpers.ts';
import { api, REPO, responseProblems } from './helpers.ts';

let github: GitHubEmulator | undefined;
let token = '';
afterEach(async () => {
  await github?.close();
  github = undefined;
});

async function started(): Promise<GitHubEmulator> {
  const both = await startWithApp();
  github = both.github;
  token = await installationToken(github, both.app);
  return github;
}

const decoded = (content: string) => Buffer.from(content.replace(/\n/g, ''), 'base64').toString('utf8');

describe("a repository's default branch and its head, as an installation token reads them", () => {
  it('agree across repos/get, branches/{branch}, git/ref/heads/{branch} and commits/{ref}', async () => {
    const github = await started();
    const repository = await api(github, 'GET', REPO, { token });
    expect(repository.body.default_branch).toBe('main');
    const branch = await api(github, 'GET', `${REPO}/branches/main`, { token });
    expect(branch.status).toBe(200);
    expect(responseProblems('repos/get-branch', branch.body)).toEqual([]);
    expect(branch.body).toMatchObject({ name: 'main', commit: { sha: HEAD }, protected: false });
    const ref = await api(github, 'GET', `${REPO}/git/ref/heads/main`, { token });
    expect(responseProblems('git/get-ref', ref.body)).toEqual([]);
    expect(ref.body).toMatchObject({ ref: 'refs/heads/main', object: { type: 'commit', sha: HEAD } });
    for (const name of ['main', HEAD]) {
      const commit = await api(github, 'GET', `${REPO}/commits/${name}`, { token });
      expect(commit.status).toBe(200);
      expect(responseProblems('repos/get-commit', commit.body)).toEqual([]);
      expect(commit.body.sha).toBe(HEAD);
    }
    const featureBranch = await api(github, 'GET', `${REPO}/branches/feature/login`, { token });
    expect(featureBranch.body.commit.sha).toBe('1f2e3d4c5b6a79880716253443526170f9e8d7c6');
  });

  it('answers a branch or commit it does not hold as GitHub does: 404, and 422 for a commit', async () => {
    const github = await started();
    expect((await api(github, 'GET', `${REPO}/branches/nope`, { token })).status).toBe(404);
    expect((await api(github, 'GET', `${REPO}/git/ref/heads/nope`, { token })).status).toBe(404);
    const commit = await api(github, 'GET', `${REPO}/commits/${'0'.repeat(40)}`, { token });
    expect(commit.status).toBe(422);
    expect(commit.body.message).toBe(`No commit found for SHA: ${'0'.repeat(40)}`);
  });
});

describe('a file at the head, through the contents and blobs APIs', () => {
  it("gives the policy's base64 content and blob SHA at the head, and the same text by its blob", async () => {
    const github = await started();
    for (const ref of [HEAD, 'main', '']) {
      const query = ref === '' ? '' : `?ref=${ref}`;
      const file = await api(github, 'GET', `${REPO}/contents/.github/svc-scan.yml${query}`, { token });
      expect(file.status).toBe(200);
      expect(responseProblems('repos/get-content', file.body)).toEqual([]);
      expect(file.body).toMatchObject({ type: 'file', path: '.github/svc-scan.yml', encoding: 'base64' });
      expect(decoded(file.body.content)).toBe(POLICY);
    }
    const file = await api(github, 'GET', `${REPO}/contents/.github/svc-scan.yml?ref=${HEAD}`, { token });
    // git's blob SHA of the text: `printf 'version: 1\nfail-on: high\n' | git hash-object --stdin`.
    expect(file.body.sha).toBe('2014176ab3290bd6f2e27adfbe7b4937997eb0fc');
    const blob = await api(github, 'GET', `${REPO}/git/blobs/${file.body.sha as string}`, { token });
    expect(blob.status).toBe(200);
    expect(responseProblems('git/get-blob', blob.body)).toEqual([]);
    expect(blob.body).toMatchObject({ sha: file.body.sha, encoding: 'base64', size: POLICY.length });
    expect(decoded(blob.body.content)).toBe(POLICY);
    expect((await api(github, 'GET', `${REPO}/git/blobs/${'a'.repeat(40)}`, { token })).status).toBe(404);
  });

  it('lists a folder, follows a link to a file of the repository and describes any other link', async () => {
    const github = await started();
    const folder = await api(github, 'GET', `${REPO}/contents/.github?ref=${HEAD}`, { token });
    expect(responseProblems('repos/get-content', folder.body)).toEqual([]);
    expect(folder.body.map((entry: { name: string; type: string }) => [entry.name, entry.type])).toEqual([
      ['linked.yml', 'symlink'],
      ['svc-scan.yml', 'file'],
    ]);
    const root = await api(github, 'GET', `${REPO}/contents/src?ref=${HEAD}`, { token });
    expect(root.body[0]).toMatchObject({ name: 'app.ts', type: 'file' });
    const followed = await api(github, 'GET', `${REPO}/contents/.github/linked.yml?ref=${HEAD}`, { token });
    expect(followed.body).toMatchObject({ type: 'file', path: '.github/svc-scan.yml' });
    const outside = await api(github, 'GET', `${REPO}/contents/outside.yml?ref=${HEAD}`, { token });
    expect(responseProblems('repos/get-content', outside.body)).toEqual([]);
    expect(outside.body).toMatchObject({ type: 'symlink', target: '../../etc/passwd', path: 'outside.yml' });
  });

  it("needs contents: read, as every route checks an installation token's permissions", async () => {
    const both = await startWithApp({ permissions: { security_events: 'write' } });
    github = both.github;
    const narrow = await installationToken(github, both.app);
    const refused = await api(github, 'GET', `${REPO}/contents/.github/svc-scan.yml`, { token: narrow });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-accepted-github-permissions')).toBe('contents=read');
    expect((await api(github, 'GET', `${REPO}/git/blobs/${'a'.repeat(40)}`, { token: narrow })).status).toBe(
      403,
    );
    expect((await api(github, 'GET', `${REPO}/branches/main`, { token: narrow })).status).toBe(200);
  });
});
