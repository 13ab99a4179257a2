import { afterEach, beforeEach, expect, it } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import { KEYS, runAgainst, useEmulator } from './support.ts';

/**
 * GitHub Enterprise Server: the runner sets GITHUB_API_URL to the server's /api/v3 and GITHUB_SERVER_URL to its
 * address. The action reports there, and its links point there, never at github.com.
 */
const emulator = useEmulator();
let github: GitHubEmulator;
const SERVER = 'https://github.example-corp.internal';
const REPOSITORY = 'acme/vulnerable-app';
const HEAD = '5'.repeat(40);

/** REST under /api/v3, GraphQL at /api/graphql, as GitHub Enterprise Server serves them. */
function servedAtEnterprisePath(call: { operationId?: unknown; path: string }): boolean {
  return call.operationId === 'graphql'
    ? call.path === '/api/graphql'
    : /^\/api\/v3\/repos\/acme\/vulnerable-app\//.test(call.path);
}

beforeEach(async () => {
  github = await startGitHubEmulator({ log: () => undefined, serverUrl: SERVER });
  github.seed(seedWithPullRequest(REPOSITORY, 42, HEAD));
});
afterEach(async () => {
  await github.close();
});

it('creates the check run and the comment through /api/v3, with file links on GITHUB_SERVER_URL', async () => {
  const result = await runAgainst(
    emulator.current,
    // gate: all: the scan fails the gate, so the comment is posted (on-failure).
    { 'api-key': KEYS.member, 'github-token': github.token, gate: 'all' },
    {
      repository: REPOSITORY,
      sha: HEAD,
      env: { GITHUB_API_URL: github.ghesUrl, GITHUB_SERVER_URL: SERVER, GITHUB_RUN_ID: '77' },
      event: pullRequestEvent({ repository: REPOSITORY, number: 42, headSha: HEAD }),
    },
  );
  expect(result.exitCode).toBe(1);

  const calls = github.calls();
  expect(calls.map((call) => call.operationId)).toEqual(
    expect.arrayContaining([
      'checks/create',
      'checks/update',
      'issues/list-comments',
      'issues/create-comment',
    ]),
  );
  // The review threads are read over GraphQL.
  expect(calls.filter((call) => !servedAtEnterprisePath(call))).toEqual([]);
  // The repository has no policy file: GitHub answers 404 for it, as for any missing file.
  const policyReads = calls.filter((call) => call.operationId === 'repos/get-content');
  expect(policyReads.length).toBeGreaterThan(0);
  expect(policyReads.filter((call) => call.status !== 404)).toEqual([]);
  expect(
    calls
      .filter((call) => call.operationId !== 'repos/get-content' && call.status >= 300)
      .map((call) => `${String(call.operationId)} ${call.status}`),
  ).toEqual([]);

  const [run] = github.state().check_runs;
  expect(run).toMatchObject({ head_sha: HEAD, status: 'completed', conclusion: 'failure' });
  expect(result.outputs['check-run-url']).toMatch(new RegExp(`^${SERVER}/acme/vulnerable-app/`));
  expect(result.outputs['comment-url']).toMatch(new RegExp(`^${SERVER}/acme/vulnerable-app/pull/42#`));

  const blob = `${SERVER}/acme/vulnerable-app/blob/${HEAD}/src/login.ts#L42`;
  const comments = github.state().issue_comments as { body: string }[];
  const [comment] = comments.filter((c) => c.body.startsWith('<!-- svc-scan-action:comment:'));
  expect(comment?.body).toContain(blob);
  expect(result.summary).toContain(blob);
  expect(comment?.body).toContain(`${SERVER}/acme/vulnerable-app/actions/runs/77`);
  expect(run?.details_url).toBe(`${SERVER}/acme/vulnerable-app/actions/runs/77`);
  for (const text of [comment?.body ?? '', result.summary]) expect(text).not.toContain('https://github.com');
});
