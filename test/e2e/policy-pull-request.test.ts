import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator, type GitHubSeed } from '../../github-emulator/index.ts';
import { mergeGroupEvent, pullRequestEvent } from '../fixtures/events.ts';
import { KEYS, failureMessage, runAgainst, useEmulator } from './support.ts';

/**
 * The policy on pull request 42 of initech/storefront (see storefront-pull-request.ts) and on a merge queue's
 * group of it: the policy read through GitHub's contents API at the commit config-from chooses, the change a pull
 * request makes to it said out loud (applied from a branch, shown but not applied from a fork), path scope that
 * starts no scan, and a merge group judged on what it introduces.
 */
const emulator = useEmulator();
const REPOSITORY = 'initech/storefront';
const POLICY = '.github/svc-scan.yml';
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/pull-request-new-findings.json', import.meta.url), 'utf8'),
) as GitHubSeed & {
  repositories: { pulls: { base: { sha: string }; head: { sha: string }; merge_base_sha: string }[] }[];
};
const pull = fixture.repositories[0]!.pulls[0]!;
/** The merge commit actions/checkout checks out on a pull request: neither side, so the policy is read from GitHub. */
const MERGE_COMMIT = '0123456789abcdef0123456789abcdef01234567';

let github: GitHubEmulator | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

/** The GitHub emulator with the pull request and the policy files of each commit. */
async function gitHubWith(files: Record<string, Record<string, string>>): Promise<GitHubEmulator> {
  const seed: GitHubSeed = {
    repositories: fixture.repositories.map((repository) => ({ ...repository, files })),
  };
  github = await startGitHubEmulator({ seed, log: () => undefined });
  return github;
}

async function onThePullRequest(
  files: Record<string, Record<string, string>>,
  options: { inputs?: Record<string, string>; fork?: boolean; noContents?: boolean } = {},
) {
  const emulatedGitHub = await gitHubWith(files);
  if (options.noContents) emulatedGitHub.setTokenMode('no-contents');
  return runAgainst(
    emulator.current,
    {
      'api-key': KEYS.initech,
      repository: REPOSITORY,
      'fail-on': 'medium',
      'github-token': emulatedGitHub.token,
      'pr-comment': 'on-failure',
      ...options.inputs,
    },
    {
      repository: REPOSITORY,
      sha: MERGE_COMMIT,
      env: { GITHUB_API_URL: emulatedGitHub.url },
      event: pullRequestEvent({
        repository: REPOSITORY,
        number: 42,
        headSha: pull.head.sha,
        baseSha: pull.base.sha,
        ...(options.fork ? { headRepository: 'someone/storefront' } : {}),
      }),
    },
  );
}

const SUPPRESS_XSS = [
  'version: 1',
  'ignore:',
  '  - cwe: CWE-79',
  "    paths: ['src/api/search.ts']",
  '    reason: The search page renders through the escaping template',
].join('\n');

function commentOf(emulated: GitHubEmulator): string {
  const comments = emulated.state().issue_comments as { body: string }[];
  return (
    comments.map((comment) => comment.body).find((body) => body.includes('svc-scan-action:comment')) ?? ''
  );
}

describe('a pull request that changes the policy', () => {
  it('from a branch: the head policy, read through the contents API, judges it, and the change is said', async () => {
    const result = await onThePullRequest({ [pull.head.sha]: { [POLICY]: SUPPRESS_XSS } });
    // Without the suppression the one new medium fails the gate (new-findings-gate.test.ts).
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({
      result: 'passed',
      'suppressed-findings': '1',
      'new-failing-findings': '0',
    });
    expect(result.stdout).toMatch(
      /Policy: \.github\/svc-scan\.yml at e4d7a1c9b3f5 \(the pull request's head\), read from GitHub's contents API/,
    );
    expect(result.summary).toMatch(
      /This pull request changes the policy\*\* \(this run was judged by the changed policy\)/,
    );
    expect(result.summary).toMatch(/adds the policy file \.github\/svc-scan\.yml/);
    expect(result.summary).toMatch(/adds 1 suppression: ignore\\\[0\\\] \(CWE-79, in src\/api\/search\.ts\)/);
    // The comment opens with the change even though the gate passed (pr-comment: on-failure).
    const comment = commentOf(github!);
    expect(comment.split('\n')[1]).toBe('> [!IMPORTANT]');
    expect(comment).toMatch(/adds 1 suppression/);
    const contents = github!.calls().filter((call) => call.operationId === 'repos/get-content');
    expect(contents.map((call) => call.status).sort()).toEqual([200, 404]);
  });

  it('from a fork: the base policy judges it, and the change is shown, not applied', async () => {
    const result = await onThePullRequest({ [pull.head.sha]: { [POLICY]: SUPPRESS_XSS } }, { fork: true });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({
      result: 'failed',
      'suppressed-findings': '0',
      'new-failing-findings': '1',
    });
    expect(result.summary).toMatch(/shown, not applied: the base's policy judged this run/);
    expect(commentOf(github!)).toMatch(/adds 1 suppression/);
  });

  it('raising fail-on is said as loosening the gate', async () => {
    const result = await onThePullRequest(
      {
        [pull.base.sha]: { [POLICY]: 'version: 1\nfail-on: medium\n' },
        [pull.head.sha]: { [POLICY]: 'version: 1\nfail-on: critical\n' },
      },
      { inputs: { 'fail-on': '' } },
    );
    expect(result.outputs.result).toBe('passed');
    expect(result.summary).toMatch(/raises fail-on from medium to critical \(fewer findings fail the gate\)/);
  });
});

describe('a token that may not read the policy', () => {
  it('fails the step naming the permission, and starts no scan: a refusal is never "no policy"', async () => {
    const result = await onThePullRequest(
      { [pull.head.sha]: { [POLICY]: SUPPRESS_XSS } },
      { noContents: true },
    );
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toMatch(
      /Could not read the policy file \.github\/svc-scan\.yml at e4d7a1c9.* The token needs `contents: read`/,
    );
    expect(emulator.current.stats().requests_total).toBe(0);
  });
});

describe('a bad input on a pull request', () => {
  it('is refused before the policy is read: nothing reaches GitHub or the service', async () => {
    const result = await onThePullRequest(
      { [pull.head.sha]: { [POLICY]: SUPPRESS_XSS } },
      { inputs: { 'max-annotations': 'lots' } },
    );
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toMatch(/^Input 'max-annotations' is invalid: got 'lots'/);
    expect(github!.calls()).toEqual([]);
    expect(emulator.current.stats().requests_total).toBe(0);
  });
});

describe('path scope', () => {
  it('starts no scan when the pull request changes nothing in scope, and completes the check run as skipped', async () => {
    const result = await onThePullRequest({}, { inputs: { paths: 'docs/**' } });
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('skipped');
    expect(emulator.current.stats().scans_created).toBe(0);
    expect(emulator.current.stats().requests_total).toBe(0);
    const runs = github!.state().check_runs;
    expect(runs).toEqual([
      expect.objectContaining({ status: 'completed', conclusion: 'skipped', head_sha: pull.head.sha }),
    ]);
    expect(result.summary).toMatch(/svc-scan: skipped/);
    expect(result.summary).toMatch(
      /No file in scope changed: the 4 changed files lie outside paths \(docs\/\\\*\\\*\)/,
    );
  });

  it('scans when a changed file is in scope, a rename counting by either name', async () => {
    const result = await onThePullRequest({}, { inputs: { paths: 'src/legacy/**' } });
    // src/auth/session.js was src/legacy/auth.js: the old name is in scope, so the scan runs; the findings now
    // lie in other folders, outside the scope, so none is gated.
    expect(emulator.current.stats().scans_created).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'passed', 'out-of-scope-findings': '3' });
  });
});

describe('a merge queue', () => {
  async function inTheQueue(inputs: Record<string, string>) {
    const emulatedGitHub = await gitHubWith({});
    return runAgainst(
      emulator.current,
      { 'api-key': KEYS.initech, repository: REPOSITORY, 'github-token': emulatedGitHub.token, ...inputs },
      {
        repository: REPOSITORY,
        sha: pull.head.sha,
        env: { GITHUB_API_URL: emulatedGitHub.url },
        event: mergeGroupEvent({
          repository: REPOSITORY,
          headSha: pull.head.sha,
          baseSha: pull.merge_base_sha,
        }),
      },
    );
  }

  it('passes a group whose only high finding is old: it is judged on what it introduces', async () => {
    const result = await inTheQueue({ 'fail-on': 'high' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({
      result: 'passed',
      'new-failing-findings': '0',
      'baseline-scan-id': 'scan_e2e_storefront_base',
    });
    expect(result.outputs['findings-high']).toBe('1');
    expect(result.stdout).toMatch(
      /Baseline: scan scan_e2e_storefront_base of 5b1f0c3e.*the merge group's base commit/,
    );
    const runs = github!.state().check_runs;
    expect(runs).toEqual([expect.objectContaining({ head_sha: pull.head.sha, conclusion: 'success' })]);
    expect(github!.state().issue_comments).toEqual([]);
  });

  it('fails a group that introduces a finding at or above fail-on', async () => {
    const result = await inTheQueue({ 'fail-on': 'medium' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'new-failing-findings': '1' });
    expect(failureMessage(result)).toMatch(/^1 new finding is medium or above/);
  });
});
