import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_TOKEN, startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import { KEYS, failureMessage, runAgainst, useEmulator } from './support.ts';

/**
 * The bundled action reporting to GitHub's API, emulated and held to GitHub's OpenAPI description: the check
 * run with its annotations, the sticky pull request comment, and the fallbacks when the token may not write.
 */
const emulator = useEmulator();
let github: GitHubEmulator;
let seeded: string | undefined;
const HEAD = 'e'.repeat(40);

beforeEach(async () => {
  github = await startGitHubEmulator({ log: () => undefined });
  seeded = undefined;
});
afterEach(async () => {
  await github.close();
});

/** Runs the action on pull request 42 of `repository`, seeding GitHub with it on the first run of a test. */
function onPullRequest(repository: string, inputs: Record<string, string> = {}, fork = false) {
  if (seeded !== repository) github.seed(seedWithPullRequest(repository, 42, HEAD));
  seeded = repository;
  return runAgainst(
    emulator.current,
    // The gate on all findings: these tests are about reporting (new-findings-gate.test.ts has the other gate).
    { 'api-key': KEYS.member, 'github-token': github.token, repository, gate: 'all', ...inputs },
    {
      repository,
      sha: HEAD,
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: '1001' },
      event: pullRequestEvent({
        repository,
        number: 42,
        headSha: HEAD,
        ...(fork ? { headRepository: 'someone/fork' } : {}),
      }),
    },
  );
}

/**
 * Every GitHub request the run made, each answered 2xx (none was refused by GitHub's schemas), but for the
 * policy file's 404: the repository has none, and GitHub says so.
 */
function expectEveryCallValid(): void {
  const calls = github
    .calls()
    .filter((call) => !(call.operationId === 'repos/get-content' && call.status === 404));
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) expect(call.status, `${call.method} ${call.path}`).toBeLessThan(300);
}

describe('the check run', () => {
  it('annotates 1,000 of 1,234 reported findings in 20 requests of at most 50, and says where the rest are', async () => {
    const result = await onPullRequest('acme/large-monorepo', {
      'severity-threshold': 'info',
      'fail-on': 'none',
    });
    expect(result.exitCode).toBe(0);
    expectEveryCallValid();
    const updates = github.calls().filter((call) => call.operationId === 'checks/update');
    const sizes = updates.map(
      (call) => ((call.body as { output?: { annotations?: unknown[] } }).output?.annotations ?? []).length,
    );
    expect(sizes).toHaveLength(20);
    expect(sizes.every((size) => size <= 50)).toBe(true);
    const [run] = github.state().check_runs;
    expect(run).toMatchObject({
      name: 'svc-scan',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'neutral',
    });
    expect(run?.annotations).toHaveLength(1000);
    expect(result.outputs['check-run-id']).toBe(String(run?.id));
    expect(result.summary).toMatch(
      /1000 findings are annotated on their lines in the check run \[svc-scan\]\(.+\); 234 are not/,
    );
    expect(result.annotations.filter((a) => a.properties.file !== undefined)).toEqual([]);
  });

  it('is created in_progress when the scan starts and completed with failure when the gate fails', async () => {
    const result = await onPullRequest('acme/vulnerable-app', { 'check-name': 'security / app' });
    expect(result.exitCode).toBe(1);
    expectEveryCallValid();
    const creates = github.calls().filter((call) => call.operationId === 'checks/create');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toMatchObject({ name: 'security / app', status: 'in_progress', head_sha: HEAD });
    const [run] = github.state().check_runs;
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    // One finding per severity at least, on its line; the hostile titles arrive as plain text.
    expect(run?.annotations.map((a) => (a as { annotation_level: string }).annotation_level)).toContain(
      'failure',
    );
  });
});

describe('the pull request comment', () => {
  it('is posted once and edited in place on the next run; other comments stay as they were', async () => {
    const first = await onPullRequest('acme/vulnerable-app');
    const second = await onPullRequest('acme/vulnerable-app');
    expectEveryCallValid();
    const comments = github.state().issue_comments as { id: number; body: string; user: { login: string } }[];
    const ours = comments.filter((comment) =>
      comment.body.startsWith('<!-- svc-scan-action:comment:svc-scan -->'),
    );
    expect(ours).toHaveLength(1);
    expect(comments.filter((comment) => comment.user.login !== 'github-actions[bot]')).toHaveLength(2);
    expect(first.outputs['comment-url']).toBe(second.outputs['comment-url']);
    expect(github.calls().filter((call) => call.operationId === 'issues/update-comment')).toHaveLength(1);
    expect(ours[0]?.body).toContain('svc-scan: failed');
    expect(ours[0]?.body).not.toMatch(/(^|[^\u200B])@octocat/);
  });

  it('never edits a comment another account wrote with the marker: it posts its own, and edits that next time', async () => {
    const seed = seedWithPullRequest('acme/vulnerable-app', 42, HEAD);
    const forged = '<!-- svc-scan-action:comment:svc-scan -->\n**svc-scan: passed**';
    const [repository] = seed.repositories;
    const [pull] = repository?.pulls ?? [];
    github.seed({
      repositories: [
        { ...repository!, pulls: [{ ...pull!, comments: [{ user: 'mallory', body: forged }] }] },
      ],
    });
    seeded = 'acme/vulnerable-app';
    const first = await onPullRequest('acme/vulnerable-app');
    expect(first.stdout).toContain(
      "A comment carrying the report's marker was written by another account than the token's (github-actions[bot]): it is left as it is.",
    );
    await onPullRequest('acme/vulnerable-app');
    expectEveryCallValid();
    const comments = github.state().issue_comments as { body: string; user: { login: string } }[];
    expect(comments.map((comment) => [comment.user.login, comment.body.slice(0, 60)])).toEqual([
      ['mallory', forged.slice(0, 60)],
      ['github-actions[bot]', expect.stringContaining('<!-- svc-scan-action:comment:svc-scan -->')],
    ]);
    expect(github.calls().filter((call) => call.operationId === 'issues/update-comment')).toHaveLength(1);
  });

  it("is an App's own with an App's token, and switching tokens leaves the old comment to the old account", async () => {
    await onPullRequest('acme/vulnerable-app');
    await onPullRequest('acme/vulnerable-app', { 'github-token': APP_TOKEN });
    github.clearCalls();
    await onPullRequest('acme/vulnerable-app', { 'github-token': APP_TOKEN });
    // The account is read once in a run, however many parts ask.
    const viewers = github
      .calls()
      .filter((call) => call.operationId === 'graphql' && JSON.stringify(call.body).includes('viewer {'));
    expect(viewers).toHaveLength(1);
    expect(github.calls().filter((call) => call.operationId === 'issues/update-comment')).toHaveLength(1);
    const authors = (github.state().issue_comments as { body: string; user: { login: string } }[])
      .filter((comment) => comment.body.startsWith('<!-- svc-scan-action:comment:svc-scan -->'))
      .map((comment) => comment.user.login);
    expect(authors).toEqual(['github-actions[bot]', 'svc-scan-app[bot]']);
  });

  it('stays away from a passing pull request with pr-comment: on-failure', async () => {
    const result = await onPullRequest('acme/clean-service');
    expect(result.exitCode).toBe(0);
    expect(github.calls().filter((call) => call.operationId === 'issues/create-comment')).toEqual([]);
    expect(result.outputs['comment-url'] ?? '').toBe('');
  });
});

describe('a token that may not write', () => {
  it('on a fork: the gate decides alone, workflow-command annotations, one line of advice each', async () => {
    github.setTokenMode('read-only');
    const result = await onPullRequest('acme/vulnerable-app', {}, true);
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toMatch(/findings are high or above/);
    expect(result.annotations.filter((a) => a.properties.file !== undefined).length).toBeGreaterThan(0);
    expect(result.stdout.match(/add `checks: write`/g)).toHaveLength(1);
    expect(result.stdout.match(/add `pull-requests: write`/g)).toHaveLength(1);
    expect(result.outputs['check-run-id'] ?? '').toBe('');
  });

  it('waits out a secondary rate limit and still completes the check run', async () => {
    github.setSecondaryRateLimit({ count: 1, status: 403, retryAfterSeconds: 1 });
    const result = await onPullRequest('acme/clean-service');
    expect(result.exitCode).toBe(0);
    expect(github.state().check_runs[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(result.stdout).toMatch(/GitHub asked the action to slow down/);
  });
});

describe('without GitHub', () => {
  it('falls back to workflow-command annotations when GitHub cannot be reached', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/vulnerable-app',
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/Could not write the check run/);
    expect(result.annotations.filter((a) => a.properties.file !== undefined).length).toBeGreaterThan(0);
  });
});
