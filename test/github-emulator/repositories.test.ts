import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, type GitHubEmulator } from '../../github-emulator/index.ts';
import { api, REPO, responseProblems, startGitHub } from './helpers.ts';

let github: GitHubEmulator | undefined;
afterEach(async () => {
  await github?.close();
});

describe('the repository API', () => {
  it("gives the repository in GitHub's full-repository shape, with its default branch (main unless seeded)", async () => {
    github = await startGitHub();
    const response = await api(github, 'GET', REPO);
    expect(response.status).toBe(200);
    expect(responseProblems('repos/get', response.body)).toEqual([]);
    expect(response.body).toMatchObject({ full_name: 'octo-org/webapp', default_branch: 'main' });
    await github.close();
    github = await startGitHub({
      seed: {
        repositories: DEFAULT_SEED.repositories.map((repository) => ({
          ...repository,
          default_branch: 'trunk',
        })),
      },
    });
    expect((await api(github, 'GET', REPO)).body).toMatchObject({ default_branch: 'trunk' });
  });

  it('lets a token granted nothing read it (metadata), and answers 404 for a repository it does not hold', async () => {
    github = await startGitHub({
      tokenMode: {
        checks: 'none',
        pull_requests: 'none',
        issues: 'none',
        contents: 'none',
        security_events: 'none',
      },
    });
    expect((await api(github, 'GET', REPO)).status).toBe(200);
    expect((await api(github, 'GET', '/repos/octo-org/elsewhere')).status).toBe(404);
  });
});
